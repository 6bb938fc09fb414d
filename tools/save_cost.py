"""What the autosave costs as a game grows: bytes written and CPU time per action, early and late.

autosave_cost() plays one bots-only game to its end and measures each action's save two ways on the
same positions: the journal (a line, and now and then the save whole: game/core/autosave.py) and,
for comparison, the save file written whole after every action as it was before (indented JSON,
temporary file, fsync, rename). CPU time is time.process_time (this process, every thread), so a
busy machine changes it less than wall time; with background=True the journal is written on the
save writer's thread as at a table, and its CPU time is the calling (drawing) thread's alone
(time.thread_time). Bytes are counted, not timed. A measurement, kept out of the game package:

    python tools/save_cost.py [--game xuanwu_gate] [--players 7] [--seed 1] [--background]

(the options of the longest game, Xuanwu's scoring variant, are taken when the game has them), or
from a benchmark: `autosave_cost("xuanwu_gate", 7, seed=1, options={"variant": "scoring"})`.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.core.match import Match, Seat  # noqa: E402
from game.core.storage import write_bytes_atomic  # noqa: E402


def autosave_cost(key: str = "xuanwu_gate", n_players: int = 7, seed: int = 1,
                  options: Optional[dict] = None, bot: str = "easy", background: bool = False) -> dict[str, Any]:
    """One game's saves: per action, the mean bytes and CPU milliseconds over its first and last
    tenth, for the journal ("journal_*") and for the whole file every action ("whole_*"); the
    game's last action (written whole and moved to history/) apart ("game_end_*")."""
    from game.registry import GAMES  # the registry imports every engine: only when measuring
    spec = GAMES[key]
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder) / "saves"
        match = Match.new(spec, [Seat(f"B{i}", bot) for i in range(n_players)], seed=seed,
                          options=options or {}, autosave_path=saves / "game.json")
        journal_bytes, journal_cpu, whole_bytes, whole_cpu = [], [], [], []
        save = match._save  # timed on its own: the engine's move is not the save's cost
        clock = time.thread_time if background else time.process_time
        if background:
            match.save_in_background()

        def timed_save(*args: Any, **kwargs: Any) -> None:
            start = clock()
            save(*args, **kwargs)
            journal_cpu.append(clock() - start)
        match._save = timed_save
        while not match.state.is_over():
            before = match.bytes_saved
            match.step_bot()
            match.wait_saved()
            journal_bytes.append(match.bytes_saved - before)
            start = time.process_time()
            raw = json.dumps(match.to_file(), ensure_ascii=False, indent=1).encode("utf-8")
            write_bytes_atomic(Path(folder) / "whole.json", raw)
            whole_cpu.append(time.process_time() - start)
            whole_bytes.append(len(raw))
    # The game's last action writes the save whole and files it in history/: once a game, told apart.
    end_bytes, end_cpu = journal_bytes.pop(), journal_cpu.pop()
    whole_bytes.pop(), whole_cpu.pop()
    n = len(journal_bytes)
    tenth = max(1, n // 10)

    def mean(values: list, last: bool, scale: float = 1.0) -> float:
        part = values[-tenth:] if last else values[:tenth]
        return round(scale * sum(part) / len(part), 3)
    return {"game": key, "players": n_players, "seed": seed, "actions": n + 1, "background": background,
            "game_end_bytes": end_bytes, "game_end_ms": round(1000 * end_cpu, 3),
            "journal_bytes_first": mean(journal_bytes, False), "journal_bytes_last": mean(journal_bytes, True),
            "journal_ms_first": mean(journal_cpu, False, 1000), "journal_ms_last": mean(journal_cpu, True, 1000),
            "whole_bytes_first": mean(whole_bytes, False), "whole_bytes_last": mean(whole_bytes, True),
            "whole_ms_first": mean(whole_cpu, False, 1000), "whole_ms_last": mean(whole_cpu, True, 1000)}


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="xuanwu_gate")
    ap.add_argument("--players", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--background", action="store_true", help="the journal on the save writer's thread")
    args = ap.parse_args(argv)
    from game.registry import GAMES
    spec = GAMES[args.game]
    options = {"variant": "scoring"} if "scoring" in spec.options.get("variant", []) else {}
    for name, value in autosave_cost(args.game, args.players, args.seed, options,
                                     background=args.background).items():
        print(f"{name:20} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Golden playthroughs (as OpenSpiel keeps them): per game, one seeded game at its smallest table,
played by seeded random legal moves, written as text in tests/data/golden/<key>.txt: each action
with the events it made, and a digest of every seat's view (and the public one) after it.
tests/test_golden.py plays each game again and compares, so a change of the rules, of what a view
holds or of the events shows as a diff a reviewer reads: the first line that differs is the first
action whose outcome changed, and the digests say whose eyes it changed for.

After an intended rules change, record them again and commit the diff with the change:

    python tests/golden.py --write                  # every game
    python tests/golden.py --write elfenland        # one
    python tests/golden.py                          # compare only; exit 1 on a difference
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FOLDER = ROOT / "tests" / "data" / "golden"
SEED = 1
MOST_ACTIONS = 400   # a game longer than this is cut there: the file stays small, its start still guards


def path(key: str) -> Path:
    return FOLDER / f"{key}.txt"


def digest(view: dict) -> str:
    """A short, stable fingerprint of a view: its JSON with sorted keys."""
    return hashlib.sha256(json.dumps(view, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()[:8]


def _views(state) -> str:
    seats = [None, *range(state.n_players)]
    return " ".join(f"{'pub' if s is None else s}={digest(state.view(s))}" for s in seats)


def _events(events: list[dict]) -> str:
    """The events as compact JSON, keys sorted (an event's audience, "seats", last)."""
    return json.dumps(events, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def playthrough(spec, seed: int = SEED) -> str:
    """The golden text of one game of `spec`: its smallest table, default options, seeded random play."""
    n = spec.min_players
    state = spec.new_game(n, seed, {})
    rng = random.Random(seed)
    lines = [f"# {spec.key}: {n} players, seed {seed}, default options; random legal moves (tests/golden.py)",
             f"setup: {_events(state.setup_events)}", f"  views {_views(state)}"]
    for i in range(MOST_ACTIONS):
        if state.is_over():
            break
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        events = state.apply(seat, action)
        lines += [f"{i + 1} seat {seat}: {json.dumps(action, ensure_ascii=False)} -> {_events(events)}",
                  f"  views {_views(state)}"]
    lines.append(f"over: {state.is_over()}; winners: {state.winners() if state.is_over() else '-'}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    from game.registry import GAMES
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", help="game keys (default: every game)")
    ap.add_argument("--write", action="store_true", help="record the playthroughs again")
    args = ap.parse_args(argv)
    unknown = [k for k in args.games if k not in GAMES]
    if unknown:
        ap.error(f"unknown game {unknown[0]!r}; choose from {', '.join(GAMES)}")
    changed = 0
    for key in args.games or list(GAMES):
        text = playthrough(GAMES[key])
        old = path(key).read_text(encoding="utf-8") if path(key).exists() else None
        if args.write:
            FOLDER.mkdir(parents=True, exist_ok=True)
            path(key).write_text(text, encoding="utf-8")
            print(f"{key}: {'unchanged' if old == text else 'written'} ({len(text.splitlines())} lines)")
        elif old != text:
            changed += 1
            print(f"{key}: differs from {path(key).relative_to(ROOT)}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())

"""Make (or look at) a guided game's script: every seat's moves from a fixed deal.

    python tools/make_tutorial.py GAME --seed S [--players N] [--moves M | --learner-moves K]
                                  [--learner hard] [--bots normal] [--write] [--lang en]
    python tools/make_tutorial.py GAME --find "type1,type2,..." --within M [--seeds 1-500] ...
    python tools/make_tutorial.py GAME --extend --moves M [--write]   # the file's script, played on by bots
    python tools/make_tutorial.py GAME --show     # the script in the file, move by move, with its steps
    python tools/make_tutorial.py GAME --tidy     # the file written again in its usual layout

Bots play every seat (the learner's with --learner, the others with --bots) in the order the
guided table keeps: the learner first whenever the learner may act, else the first computer player
the rules ask. It prints the game move by move, as the learner sees it (their log's lines), with
the number of each learner move, so that the coach's steps can be written beside it. --write puts
the script (and players, seed, options) into assets/data/tutorial_GAME.json (--lesson 2:
tutorial_GAME_2.json), keeping its steps;
--find lists seeds where each of the given event types happens within the first M moves (a deal
on which the game's core rules all come up early). game/core/tutorial.py says what the file holds.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core.actions import to_action, to_json
from game.core.i18n import Translator
from game.core.match import visible
from game.core.tutorial import LEARNER, lesson_path, load_lesson
from game.registry import GAMES


def play(game: str, players: int, seed: int, options: dict, learner: str, bots: str, moves: int,
         learner_moves: int, prefix=()) -> tuple[list, list]:
    """The script (seat, action) and each move's events, played by bots in the table's order
    (after the moves of `prefix`, played as they are: a script made partly by hand)."""
    spec = GAMES[game]
    state = spec.new_game(players, seed, options)
    deciders = {s: spec.bots[learner if s == LEARNER else bots](s, f"tutorial:{seed}") for s in range(players)}
    script, events = [], []
    for seat, action in prefix:
        events.append(state.apply(seat, action))
        script.append((seat, action))
    mine = sum(seat == LEARNER for seat, _ in script)
    while not state.is_over() and len(script) < moves and mine < learner_moves:
        to_act = state.to_act()
        seat = LEARNER if LEARNER in to_act else to_act[0]
        action = deciders[seat].choose(state.view(seat), state.legal_actions(seat))
        events.append(state.apply(seat, action))
        script.append((seat, action))
        mine += seat == LEARNER
    return script, events


def show(game: str, script: list, events: list, lang: str, names: list, steps=None) -> None:
    t = Translator(lang)
    describe = __import__(f"game.{game}.describe", fromlist=["describe"]).describe
    k = 0
    dos = [s for s in steps if s.do] if steps else []
    for i, ((seat, action), evs) in enumerate(zip(script, events)):
        mark = ""
        if seat == LEARNER:
            k += 1
            mark = f"  <== learner move {k}"
            if dos and k <= len(dos):
                mark += f": {dos[k - 1].say.get(lang, '')[:70]}"
        print(f"{i:4d} seat {seat} {json.dumps(to_json(action), ensure_ascii=False)}{mark}")
        for e in evs:
            if visible(e, LEARNER):
                line = describe(e, t, names)
                if line:
                    print(f"         {line}")


def dump(data: dict) -> str:
    """The lesson file as people read and edit it: a step per block, a move of the script per line."""
    lines = ["{"]
    order = ["game", "title", "players", "seed", "options", "minutes", "names", "rules", "steps", "script"]
    keys = [k for k in order if k in data] + [k for k in data if k not in order]
    for k, key in enumerate(keys):
        value = data[key]
        end = "," if k < len(keys) - 1 else ""
        if key in ("script", "steps") and isinstance(value, list):
            lines.append(f' "{key}": [')
            for i, item in enumerate(value):
                sep = "," if i < len(value) - 1 else ""
                text = json.dumps(item, ensure_ascii=False, indent=None if key == "script" else 2)
                lines.append("  " + text.replace("\n", "\n  ") + sep)
            lines.append(" ]" + end)
        else:
            text = json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n ")
            lines.append(f' "{key}": {text}{end}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game", choices=sorted(GAMES))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int)
    ap.add_argument("--options", default="{}", help="JSON options for the deal")
    ap.add_argument("--moves", type=int, default=10 ** 6)
    ap.add_argument("--learner-moves", type=int, default=10 ** 6)
    ap.add_argument("--learner", default="normal")
    ap.add_argument("--bots", default="normal")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--lesson", type=int, default=1, help="which of the game's lessons (1, 2, ...)")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--tidy", action="store_true", help="write the file again in its usual layout")
    ap.add_argument("--extend", action="store_true",
                    help="keep the file's script (a move made by hand in it) and let the bots play on from its end")
    ap.add_argument("--find")
    ap.add_argument("--within", type=int, default=60)
    ap.add_argument("--seeds", default="1-300")
    args = ap.parse_args(argv)
    spec = GAMES[args.game]
    if args.tidy:
        path = lesson_path(args.game, args.lesson)
        path.write_text(dump(json.loads(path.read_text(encoding="utf-8"))), encoding="utf-8")
        return 0
    if args.show:
        lesson = load_lesson(args.game, args.lesson)
        state = spec.new_game(lesson.players, lesson.seed, lesson.options)
        events = [state.apply(seat, action) for seat, action in lesson.script]
        show(args.game, list(lesson.script), events, args.lang, lesson.names[args.lang], lesson.steps)
        return 0
    players = args.players or spec.min_players
    options = json.loads(args.options)
    if args.find:
        want = args.find.split(",")
        lo, hi = (int(v) for v in args.seeds.split("-"))
        for seed in range(lo, hi + 1):
            script, events = play(args.game, players, seed, options, args.learner, args.bots, args.within,
                                  args.learner_moves)
            first = {}
            for i, evs in enumerate(events):
                for e in evs:
                    first.setdefault(e["type"], i)
            if all(w in first for w in want):
                print(seed, " ".join(f"{w}@{first[w]}" for w in want), f"learner moves {sum(s == LEARNER for s, _ in script)}")
        return 0
    prefix = ()
    if args.extend:
        # The file as it stands (its steps may not be written yet): its deal and its script.
        data = json.loads(lesson_path(args.game, args.lesson).read_text(encoding="utf-8"))
        players, args.seed, options = data["players"], data["seed"], data.get("options", {})
        prefix = [(seat, to_action(a)) for seat, a in data["script"]]
    script, events = play(args.game, players, args.seed, options, args.learner, args.bots, args.moves,
                          args.learner_moves, prefix)
    names = [f"P{i}" for i in range(players)]
    show(args.game, script, events, args.lang, names)
    print(f"{len(script)} moves, {sum(s == LEARNER for s, _ in script)} by the learner")
    if args.write:
        path = lesson_path(args.game, args.lesson)
        data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"game": args.game, "steps": []}
        data.update(players=players, seed=args.seed, options=options,
                    script=[[seat, to_json(a)] for seat, a in script])
        path.write_text(dump(data), encoding="utf-8")
        print(f"written: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

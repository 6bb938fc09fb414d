"""Is the coach's chance to win a probability? Plays hints' options out on the true position.

    python tools/calibrate_coach.py run GAME --players N[,M...] --seeds 1-20 [--k 6] [--effort 2]
                                    [--every 0.3] [--out /tmp/coach_calibration.jsonl]
    python tools/calibrate_coach.py report [--out FILE] [--seeds 101-140] [--raw]
    python tools/calibrate_coach.py fit [--out FILE] --seeds 1-40 [--validate 1001-1040 | --cv] [--fresh GAME:SEEDS]
                                    [--since GAME:SEED] [--write]

run: games of normal bots, one per seed; at a sampled share (--every) of the positions where a seat
has a real choice (two or more legal moves), the hint's search from that seat's views, exactly as the
table asks it (game/core/hints.hint_search, at --effort), then each option the hint lists (and the
search's own choice) played out on the TRUE position --k times by normal bots to the end (the deal's
future draws and the bots' dice reseeded per playout, the same for every option: common random
numbers). One JSON line per position, appended and flushed, so a run stopped anywhere resumes where
it was (positions already in the file are not searched again; the game itself is played by the
normal bots, so it is the same game).

report: per game and table size, the chance the hint shows (the search's raw mean through the
calibration in assets/data/coach_calibration.json; --raw: without it) against the share of playouts
won, in 10-point bins; the mean absolute gap (bins weighted by how many options fell in them); and
how much more the suggestion realised than the runner-up it showed.

fit: the calibration from the positions of --seeds (training seeds only), per game (table size a
feature where it has enough data); --write stores it with how it was made.
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.core.actions import to_action, to_json  # noqa: E402
from game.core.calibration import fit_table, load_calibration, save_calibration, stage_of  # noqa: E402
from game.core.hints import EFFORT, about_equal, chances, listed_options, remembers, hint_search, seat_views, steadied  # noqa: E402
from game.core.match import bot_seed_for  # noqa: E402
from game.registry import GAMES  # noqa: E402

OUT = "/tmp/coach_calibration.jsonl"
LEAST = 12            # options per step of the isotonic map
PER_SIZE = 60         # options a table size needs for a map of its own (fewer: the game's sizes pooled)
GOAL, GOAL_POSITIONS = 5.0, 200  # points of mean absolute gap, positions measured
# Games mapped by a logistic in the value, the stage of the game and ln(table size)
# (game/core/calibration.py): Elfenland's value means less early than late (a margin expected at
# the end of the round); Xuanwu's is a share of a camp's win, whose scale goes with the table
# size, and an isotonic map per size overfitted its few positions (two folds: 6-7 points off,
# against 3 for the logistic).
LOGISTIC = ("elfenland", "xuanwu_gate")
# Games with an isotonic map per table size (where it has PER_SIZE options): none any more.
BY_SIZE: tuple = ()
# Games whose fitted maps did worse on the other fold than the search's own value: left unmapped.
# None since The Wonderful Island's coach plays its moves to the end (HardBot.for_coach): chosen on
# seeds 4000-4023 (two folds: isotonic 4.2 points, logistic 4.3, its own value 5.0).
UNMAPPED: tuple = ()
MAX_ACTIONS = 20_000


def seeds_of(text: str) -> list[int]:
    """'1-20' or '1,3,5' (or a mix: '1-5,9')."""
    out: list[int] = []
    for part in text.split(","):
        if "-" in part:
            a, b = (int(x) for x in part.split("-", 1))
            out.extend(range(a, b + 1))
        elif part.strip():
            out.append(int(part))
    return out


def share(state, seat: int) -> float:
    """The seat's result: 1 for a win, 1/k for a win shared by k, 0 for a loss (or no winner)."""
    winners = set(state.winners()) if state.is_over() else set()
    return 1.0 / len(winners) if seat in winners else 0.0


def play_on(state, bots: list, limit: int = MAX_ACTIONS) -> None:
    for _ in range(limit):
        if state.is_over():
            return
        acting = state.to_act()
        if not acting:
            return
        seat = acting[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))


def playout(state, bots: list, seat: int, action, tag: str) -> float:
    """One game from the true position after `action`: the deal's later draws and every bot's dice
    reseeded from `tag` (the same tag for every option of a position)."""
    world = state.clone()
    world.rng.seed(f"draws:{tag}")
    mine = copy.deepcopy(bots)
    for i, bot in enumerate(mine):
        bot.rng.seed(f"dice:{tag}:{i}")
    world.apply(seat, action)
    play_on(world, mine)
    return share(world, seat)


def done_keys(path: str) -> set:
    keys = set()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                try:
                    row = json.loads(line)
                except ValueError:
                    continue  # a line cut short by a stop: searched again
                keys.add((row["game"], row["n"], row["seed"], row["at"]))
    return keys


def run(game: str, sizes: list[int], seeds: list[int], k: int, effort: float, every: float, out: str) -> None:
    spec = GAMES[game]
    done = done_keys(out)
    mem = remembers(spec)
    started = {(g, n, seed) for g, n, seed, _at in done}
    for i, seed in enumerate(seeds):
        n = sizes[i % len(sizes)]
        if (game, n, seed) in started:
            continue  # a game begun in an earlier run (perhaps with another --every) is not sampled again
        state = spec.new_game(n, seed)
        bots = [spec.bots["normal"](s, bot_seed_for(seed)) for s in range(n)]
        pick = random.Random(f"positions:{game}:{n}:{seed}")
        t0 = time.time()
        found = 0
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            at = len(state.actions)
            if len(legal) > 1 and pick.random() < every and (game, n, seed, at) not in done:
                row = position(spec, state, bots, seat, legal, at, k, effort, mem)
                row.update(game=game, n=n, seed=seed)
                with open(out, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(row) + "\n")
                found += 1
            state.apply(seat, bots[seat].choose(state.view(seat), legal))
        print(f"{game} {n}p seed {seed}: {found} positions in {time.time() - t0:.0f} s", flush=True)


def position(spec, state, bots, seat, legal, at, k, effort, mem) -> dict:
    views = seat_views(spec, state.record(), seat, mem)
    c0 = time.process_time()
    bot, best, arms = hint_search(spec, seat, views, legal, at, effort=effort)
    took = time.process_time() - c0
    row = {"at": at, "seat": seat, "effort": effort, "legal": len(legal), "seconds": round(took, 2),
           "deals": int(bot.last_stats.get("iterations", 0)), "choice": to_json(best),
           "stage": stage_of(views[-1])}
    if len(arms) <= 1 or best not in arms:
        row["rule_of_thumb"] = True
        return row
    arms_list = [(a, int(t), float(m)) for a, (t, m) in arms.items()]
    row["arms"] = [[to_json(a), t, round(m, 5)] for a, t, m in arms_list]
    # Played out: the options the hint lists (ranked by chance) and the search's own choice.
    shown = listed_options(chances(spec.key, state.n_players, arms, stage=row["stage"]), best)
    listed = [o[0] for o in shown]
    steady, paired = steadied(arms), bot.last_stats.get("paired")
    row["even"] = [[to_json(a), about_equal(steady, listed[0], a, paired)] for a in listed[1:]]
    tried = []
    for a in [best] + listed:
        if a not in tried:
            tried.append(a)
    row["played"] = {json.dumps(to_json(a)): [playout(state, bots, seat, a, f"{spec.key}:{state.seed}:{at}:{i}")
                                               for i in range(k)] for a in tried}
    return row


def won(results: list[float]) -> float:
    """The share of playouts the seat was among the winners of (a camp's win is each member's)."""
    return sum(r > 0 for r in results) / len(results)


# -- reading the file --------------------------------------------------------------------------
def rows_of(path: str, seeds: set | None = None) -> list[dict]:
    rows = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            try:
                row = json.loads(line)
            except ValueError:
                continue
            if seeds is None or row["seed"] in seeds:
                rows.append(row)
    with_stages(rows)
    return rows


def with_stages(rows: list[dict]) -> None:
    """The stage of the game at each position of a game mapped with it, for rows written before
    the tool kept it: the game played again by its normal bots to that position."""
    wanted: dict = {}
    for row in rows:
        if "stage" not in row and row["game"] in LOGISTIC:
            wanted.setdefault((row["game"], row["n"], row["seed"]), {})[row["at"]] = row
    for (game, n, seed), at_rows in wanted.items():
        spec = GAMES[game]
        state = spec.new_game(n, seed)
        bots = [spec.bots["normal"](s, bot_seed_for(seed)) for s in range(n)]
        while not state.is_over() and at_rows:
            row = at_rows.pop(len(state.actions), None)
            if row is not None:
                row["stage"] = stage_of(state.view(row["seat"]))
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))


def points(rows: list[dict], table_of, only_suggestion: bool = False):
    """(shown, realised, suggestion, row, action, played) per played-out option the hint lists, as
    the hint lists them now (its chances through table_of(row): a calibration, {} for none)."""
    for row in rows:
        table = table_of(row)
        if "arms" not in row:
            continue
        arms = {to_action(a): (t, m) for a, t, m in row["arms"]}
        best = to_action(row["choice"])
        shown = listed_options(chances(row["game"], row["n"], arms, table or {}, row.get("stage")), best)
        played = {to_action(json.loads(key)): v for key, v in row["played"].items()}
        for i, (a, _t, p) in enumerate(shown):
            if a in played and (i == 0 or not only_suggestion):
                yield p, won(played[a]), i == 0, row, a, played


def report(path: str, seeds: set | None, raw: bool, fit_seeds: set | None = None, cv: bool = False) -> None:
    """The tables: through the stored calibration; --raw without one; --fit-seeds through one fitted
    here on those seeds (none of --seeds among them); --cv each position through a calibration
    fitted on the other fold (two_fold), so none is judged by a fit that saw its seed."""
    rows = rows_of(path, seeds)
    if cv:
        show(rows, two_fold(rows))
        return
    if raw:
        table: dict | None = {}
    elif fit_seeds is not None:
        table = build(rows_of(path, fit_seeds), seeds_text(sorted(fit_seeds)))
    else:
        table = load_calibration()
    show(rows, lambda row: table)


def fold_of(rows: list[dict]):
    """The fold of a position: seeds below 1000 against the rest, where a game was played on both
    sides; a game played on one side only (European Union's games since its ruling) by the seed's
    parity (the table sizes take the seeds in turn, so each fold holds every size)."""
    sides: dict = {}
    for r in rows:
        sides.setdefault(r["game"], set()).add(r["seed"] < 1000)
    return lambda row: int(row["seed"] < 1000) if len(sides[row["game"]]) > 1 else row["seed"] % 2


def two_fold(rows: list[dict]):
    """table_of(row) for two folds: each position through a map fitted on the other fold only."""
    fold = fold_of(rows)
    tables = [build([r for r in rows if fold(r) != k], "") for k in (0, 1)]
    return lambda row: tables[fold(row)]


def show(rows: list[dict], table_of) -> None:
    groups: dict = {}
    for row in rows:
        groups.setdefault((row["game"], row["n"]), []).append(row)
    games: dict = {}
    for (game, n), rs in sorted(groups.items()):
        games.setdefault(game, []).extend(rs)
        print_group(f"{game} {n}p", rs, table_of)
    for game, rs in sorted(games.items()):
        if len({r["n"] for r in rs}) > 1:
            print_group(f"{game} all sizes", rs, table_of)


def binned(pts) -> tuple[list, float]:
    bins = [[0, 0.0, 0.0] for _ in range(10)]
    for shown, real, *_ in pts:
        b = bins[min(9, int(shown * 10))]
        b[0] += 1
        b[1] += shown
        b[2] += real
    total = sum(b[0] for b in bins)
    gap = sum(abs(b[1] - b[2]) for b in bins if b[0]) / total if total else float("nan")
    return bins, gap


def floor(pts, runs: int = 200) -> float:
    """The gap a perfectly calibrated chance would still show on these options: each option's
    playouts drawn as wins with the very chance shown (the noise of a few playouts per option)."""
    rng = random.Random(0)
    total = 0.0
    for _ in range(runs):
        drawn = [(shown, sum(rng.random() < shown for _ in played[a]) / len(played[a]))
                 for shown, _real, _top, _row, a, played in pts]
        total += binned(drawn)[1]
    return total / runs if pts else float("nan")


def print_group(name: str, rows: list[dict], table_of) -> None:
    searched = [r for r in rows if "arms" in r]
    pts = list(points(rows, table_of))
    bins, gap = binned(pts)
    _, gap_top = binned([p for p in pts if p[2]])
    print(f"\n{name}: {len(rows)} positions ({len(rows) - len(searched)} left to the rule of thumb), "
          f"{len(pts)} options shown and played out")
    print(f"  mean absolute gap over 10-point bins: {100 * gap:.1f} points (suggestions only: {100 * gap_top:.1f}); "
          f"a true chance would show {100 * floor(pts):.1f} from the playouts' dice alone")
    print("  bin        options  shown  realised")
    for i, (count, s, r) in enumerate(bins):
        if count:
            print(f"  {10 * i:3d}-{10 * i + 10:3d} %  {count:7d}  {100 * s / count:5.1f}  {100 * r / count:8.1f}")
    diffs, apart = [], []
    for row in searched:
        shown = [p for p in pts if p[3] is row]
        if len(shown) < 2:
            continue
        (_, r0, *_), (_, r1, *_) = shown[0], shown[1]
        diffs.append(r0 - r1)
        even = {json.dumps(a): e for a, e in row.get("even", [])}
        if even.get(json.dumps(to_json(shown[1][4]))) is False:
            apart.append(r0 - r1)
    for label, ds in (("suggestion minus runner-up, realised", diffs),
                      ("  where the hint does not call them about equal", apart)):
        if ds:
            mean = sum(ds) / len(ds)
            sd = (sum((d - mean) ** 2 for d in ds) / max(1, len(ds) - 1)) ** 0.5
            print(f"  {label}: {100 * mean:+.1f} points (±{196 * sd / len(ds) ** 0.5:.1f}, {len(ds)} positions)")


def build(rows: list[dict], seeds: str) -> dict:
    """A calibration fitted on `rows` (every option played out: its steadied mean against the share
    of its playouts won), with how it was made."""
    by: dict = {}
    for row in rows:
        if "arms" not in row:
            continue
        steady = steadied({to_action(a): (t, m) for a, t, m in row["arms"]})
        for key, results in row["played"].items():
            a = to_action(json.loads(key))
            if a in steady and steady[a][0] > 0:
                by.setdefault((row["game"], row["n"]), []).append((steady[a][1], won(results), row.get("stage")))
    how = {"made_by": "tools/calibrate_coach.py fit", "seeds": seeds,
           "positions": len([r for r in rows if "arms" in r]),
           "efforts": sorted({r["effort"] for r in rows}),
           "playouts_per_option": sorted({len(v) for r in rows for v in r.get("played", {}).values()}),
           "value": "the search's mean per option, steadied (game/core/hints.steadied), against the share of "
                    "playouts on the true position (normal bots) in which the seat was among the winners",
           "map": f"isotonic (pool-adjacent-violators), blocks of at least {LEAST} options, straight lines "
                  f"between and on to 0 and 1; per table size with {PER_SIZE} options or more (the games "
                  "in per_size), else the game's sizes pooled"}
    how["logistic"] = (f"{', '.join(LOGISTIC)}: sigmoid of 1, the value's logit, the stage of the game "
                       "(calibration.stage_of), their product and ln(table size), fitted by log loss")
    how["per_size"] = ", ".join(BY_SIZE) or "none"
    how["unmapped"] = "none" if not UNMAPPED else (f"{', '.join(UNMAPPED)}: no map held on seeds it was not fitted on (its positions "
                       "are few games' worth, each game's outcome shared by its positions): the search's own score")
    return fit_table(by, how, least=LEAST, least_per_size=PER_SIZE, logistic=LOGISTIC, by_size=BY_SIZE,
                     unmapped=UNMAPPED)


def fit(path: str, seeds: set, write: bool, validate: set | None, cv: bool = False,
        fresh: dict | None = None, since: dict | None = None) -> None:
    """The calibration from --seeds. With --validate, each game's mean absolute gap on those seeds
    (none of them fitted on) is kept beside it; with --cv, the gap of two folds of --seeds (below
    1000, the rest), each judged by a map fitted on the other. A game's number is called a chance
    to win (trusted) only where that gap is at most GOAL points on at least GOAL_POSITIONS
    positions, and (--fresh GAME:SEEDS, games played after the map's form was chosen by that gap)
    where a map fitted on the other games is within GOAL points on those too. --since GAME:SEED
    fits (and judges) a game whose rules changed on the games played since only (seed and above)."""
    # --since GAME:SEED: a game whose rules changed keeps only the games played since (seed and above).
    fitted = [r for r in rows_of(path, seeds) if r["seed"] >= (since or {}).get(r["game"], 0)]
    table = build(fitted, seeds_text(sorted({r["seed"] for r in fitted})))
    for game, first in (since or {}).items():
        if game in table["games"]:
            table["games"][game]["since_seed"] = first
    if validate:
        assert not validate & seeds, "a validation seed was fitted on"
        table["how"]["validated_on"] = seeds_text(sorted(validate))
        rows, table_of = rows_of(path, validate), (lambda row: table)
    elif cv:
        table["how"]["validated_on"] = ("two folds of the seeds fitted on (below 1000, the rest; a game played on one "
                                        "side only: even seeds, odd seeds), each judged by a map fitted on the other")
        rows, table_of = fitted, two_fold(fitted)
    else:
        rows = []
    for game, entry in table["games"].items():
        mine = [r for r in rows if r["game"] == game]
        if not mine:
            continue
        pts = list(points(mine, table_of))
        _, gap = binned(pts)
        positions = sum("arms" in r for r in mine)
        entry["validation"] = {"positions": positions, "options": len(pts), "gap_points": round(100 * gap, 1)}
        entry["trusted"] = bool(pts) and 100 * gap <= GOAL and positions >= GOAL_POSITIONS
    for game, fresh_seeds in (fresh or {}).items():
        # Games played after the map's form was chosen: a map fitted on the others, judged on them.
        entry = table["games"].get(game)
        mine = [r for r in fitted if r["game"] == game]
        new = [r for r in mine if r["seed"] in fresh_seeds]
        if entry is None or not new:
            continue
        before = build([r for r in mine if r["seed"] not in fresh_seeds], "")
        pts = list(points(new, lambda row: before))
        _, gap = binned(pts)
        entry["fresh_check"] = {"seeds": seeds_text(sorted({r["seed"] for r in new})),
                                "positions": sum("arms" in r for r in new), "gap_points": round(100 * gap, 1)}
        entry["trusted"] = entry.get("trusted", False) and 100 * gap <= GOAL
    print(json.dumps({g: {k: v for k, v in e.items() if k != "sizes"} for g, e in table["games"].items()}, indent=1))
    if write:
        save_calibration(table)
        print("written")


def seeds_text(seeds: list[int]) -> str:
    parts, start = [], None
    for i, s in enumerate(seeds):
        if start is None:
            start = s
        if i + 1 == len(seeds) or seeds[i + 1] != s + 1:
            parts.append(str(start) if start == s else f"{start}-{s}")
            start = None
    return ",".join(parts)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("game", choices=sorted(GAMES))
    r.add_argument("--players", required=True, help="a table size, or several (3,5,8): seed i at the i-th in turn")
    r.add_argument("--seeds", required=True)
    r.add_argument("--k", type=int, default=6)
    r.add_argument("--effort", type=float, default=EFFORT)
    r.add_argument("--every", type=float, default=0.3)
    r.add_argument("--out", default=OUT)
    p = sub.add_parser("report")
    p.add_argument("--out", default=OUT)
    p.add_argument("--seeds", default=None)
    p.add_argument("--raw", action="store_true")
    p.add_argument("--fit-seeds", default=None, help="judge through a calibration fitted here on these seeds")
    p.add_argument("--cv", action="store_true", help="two folds by seed (below 1000, the rest; else parity), each judged by the other's fit")
    f = sub.add_parser("fit")
    f.add_argument("--out", default=OUT)
    f.add_argument("--seeds", required=True)
    f.add_argument("--write", action="store_true")
    f.add_argument("--validate", default=None, help="seeds to measure the fit on (none of --seeds)")
    f.add_argument("--cv", action="store_true", help="measure it by two folds of --seeds instead")
    f.add_argument("--fresh", action="append", default=[], metavar="GAME:SEEDS",
                   help="a game's seeds played after its map's form was chosen, checked on their own")
    f.add_argument("--since", action="append", default=[], metavar="GAME:SEED",
                   help="a game whose rules changed: fitted and judged on the games from this seed on only")
    args = ap.parse_args(argv)
    if args.cmd == "run":
        run(args.game, seeds_of(args.players), seeds_of(args.seeds), args.k, args.effort, args.every, args.out)
    elif args.cmd == "report":
        report(args.out, set(seeds_of(args.seeds)) if args.seeds else None, args.raw,
               set(seeds_of(args.fit_seeds)) if args.fit_seeds else None, args.cv)
    else:
        fit(args.out, set(seeds_of(args.seeds)), args.write, set(seeds_of(args.validate)) if args.validate else None,
            args.cv, {g: set(seeds_of(x)) for g, x in (f.split(":", 1) for f in args.fresh)},
            {g: int(x) for g, x in (f.split(":", 1) for f in args.since)})
    return 0


if __name__ == "__main__":
    sys.exit(main())

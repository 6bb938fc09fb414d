"""Bots-only tournaments for The Wonderful Island's design notes (no pygame).

    python -m game.wonderful_island.balance --games 2000 --seed 1 [--players 3,4,5,6,7,8] [--bots normal]
    python -m game.wonderful_island.balance --strength --games 600 [--players 3,5,8]
    python -m game.wonderful_island.balance --lengths --games 1000 [--players 3,5,8] [--edition 2]

Balance: a seat's chance to win should not depend on the faction card it was
dealt. For each table size it prints p(win | Blue), p(win | Green), p(win |
Politician) — a camp's win counts for every member, jailed ones too; a
Politician wins alone — each one's ratio to the mean of the three with its 95 %
interval (a bootstrap over the games: a camp's seats win or lose together, so
seats are not independent), the gap between Blue and Green, how games ended and
how long they ran. A size passes when every role's whole interval lies within
BAND and Blue and Green are within CAMP_GAP.

Strength (--strength): one `normal` seat among `easy` seats, rotated through
every seat; its win rate in each role against the easy seats' in the same role.

Lengths (--lengths): for each table size and length option, how long games run
(campaign turns and moves: min / quartiles / max), how often a game ends before
every player has been candidate once (its first round), and in its first
campaign turn (its settlement included), by which ending and which character's
condition, and how often at the first round's last settlement; then each
character's win rate (a seat's wins over the seats that held it, its camp's win
counting).
--edition plays an older rules edition, for the figures before a rule change.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Optional

from game.core.ladder import ladder
from game.core.match import Match, Seat, bot_seed_for
from game.core.selfplay import MAX_ACTIONS, game_seeds

from . import SPEC, data

ROLES = ("blue", "green", "politician")
BAND = (0.9, 1.1)    # every role's 95 % interval within this ratio of the mean of the three
CAMP_GAP = 0.03      # Blue and Green within 3 points of each other
BOOTSTRAP = 1000     # resamples of the games for the intervals


def one_game(args: tuple) -> dict:
    """Play one game; what the tables need from it (module level, for worker processes)."""
    n, seed, levels, options = args[:4]
    legacy = args[4] if len(args) > 4 else None
    seats = [Seat(f"{lv} {i + 1}", lv) for i, lv in enumerate(levels)]
    state = SPEC.new_game(n, seed, options, legacy=legacy)  # an older edition: the figures before a change
    match = Match(SPEC, seats, state, None, bot_seed=bot_seed_for(seed))
    events: list = []
    while not state.is_over() and len(state.actions) < MAX_ACTIONS:
        events = match.step_bot()
        if not events:
            break
    finished = state.is_over()
    view = state.view(None)
    return {"factions": SPEC.roles(view), "winners": state.winners() if finished else [],
            "method": state.end["method"] if state.end else "stopped", "rule": (state.end or {}).get("rule"),
            "campaigns": state.camp_count, "rounds": state.round, "actions": len(state.actions),
            "levels": list(levels), "chars": list(state.chars),
            "first_round": finished and not first_round_over(state, events),
            "inside_first_turn": finished and state.camp_count == 1 and not campaign_ended(events)}


def campaign_ended(events: list) -> bool:
    return any(e["type"] in ("settled", "campaign_over") for e in events)


def first_round_over(state, last_events: list) -> bool:
    """Had every player been candidate once when the game ended? (the last events: its last action's;
    jailed players never stand, so seats still to come in the first round that are jailed count)"""
    if state.round > 1:
        return True
    if not campaign_ended(last_events):
        return False  # ended inside a campaign turn of the first round
    n = state.n_players
    return all(state.jailed[(state.cand + i) % n] for i in range(1, (state.start - state.cand) % n or n))


def run(n: int, games: int, seed: int, levels_for, options: Optional[dict] = None, workers: int = 2,
        legacy: Optional[dict] = None) -> list[dict]:
    jobs = [(n, s, levels_for(i), options or {}, legacy) for i, s in enumerate(game_seeds(seed, games))]
    if workers <= 1:
        return [one_game(j) for j in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(one_game, jobs, chunksize=16))


def role_rates(results: list[dict], level: Optional[str] = None) -> dict:
    """p(win | role) over seats (of one bot level, if given): {role: (wins, seat-games)}."""
    tally = {r: [0, 0] for r in ROLES}
    for g in results:
        for s, role in enumerate(g["factions"]):
            if level is not None and g["levels"][s] != level:
                continue
            tally[role][1] += 1
            tally[role][0] += s in g["winners"]
    return {r: tuple(v) for r, v in tally.items()}


def _ratios(tallies: list[tuple]) -> dict:
    """Each role's p(win) over the mean of the three, from per-game (wins, seats) per role."""
    sums = [0] * (2 * len(ROLES))
    for t in tallies:
        for i, x in enumerate(t):
            sums[i] += x
    p = [sums[2 * i] / sums[2 * i + 1] if sums[2 * i + 1] else 0.0 for i in range(len(ROLES))]
    mean = sum(p) / len(p)
    return {r: (p[i] / mean if mean else 0.0) for i, r in enumerate(ROLES)}


def intervals(results: list[dict], resamples: int = BOOTSTRAP, seed: int = 0) -> dict:
    """{role: (low, high)}: the 95 % percentile interval of each role's ratio to the mean, over
    resamples of whole games (so a camp's seats, which win together, count as one outcome)."""
    tallies = []
    for g in results:
        t = []
        for role in ROLES:
            seats = [s for s, f in enumerate(g["factions"]) if f == role]
            t += [sum(1 for s in seats if s in g["winners"]), len(seats)]
        tallies.append(tuple(t))
    rng = random.Random(seed)
    draws = {r: [] for r in ROLES}
    for _ in range(resamples):
        ratios = _ratios(rng.choices(tallies, k=len(tallies)))
        for r in ROLES:
            draws[r].append(ratios[r])
    out = {}
    for r in ROLES:
        xs = sorted(draws[r])
        out[r] = (xs[int(0.025 * len(xs))], xs[min(len(xs) - 1, int(0.975 * len(xs)))])
    return out


def balance_row(n: int, results: list[dict], resamples: int = BOOTSTRAP) -> dict:
    rates = role_rates(results)
    p = {r: (w / g if g else 0.0) for r, (w, g) in rates.items()}
    mean = sum(p.values()) / 3
    ends = Counter(g["method"] for g in results)
    return {"n": n, "games": len(results), "p": p, "mean": mean,
            "ratios": {r: (p[r] / mean if mean else 0.0) for r in ROLES},
            "intervals": intervals(results, resamples) if resamples else None,
            "gap": abs(p["blue"] - p["green"]), "ends": ends,
            "campaigns": statistics.median(g["campaigns"] for g in results),
            "no_winner": sum(1 for g in results if not g["winners"])}


def passes(row: dict) -> bool:
    """Every role's interval (or, without one, its point) within BAND, and Blue near Green."""
    spans = row["intervals"] or {r: (x, x) for r, x in row["ratios"].items()}
    return all(BAND[0] <= lo and hi <= BAND[1] for lo, hi in spans.values()) and row["gap"] <= CAMP_GAP


def print_balance(rows: list[dict], bots: str) -> None:
    print(f"Balance with `{bots}` bots: p(win | dealt faction), and its ratio to the mean of the three with the "
          f"95 % interval; a camp's win counts for each member; ⚠: an interval outside {BAND[0]}-{BAND[1]}")
    print("| players | games | Blue | Green | Politician | Blue−Green | declared / forced / all-jailed "
          "| no winner | median campaign turns |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        p, e = r["p"], r["ends"]
        declared = e["elected"] + e["politician"]
        g = r["games"]
        mark = "" if passes(r) else " ⚠"
        cells = []
        for role in ROLES:
            ratio = f"{r['ratios'][role]:.2f}x"
            if r["intervals"]:
                lo, hi = r["intervals"][role]
                ratio += f" ({lo:.2f}-{hi:.2f})"
            cells.append(f"{p[role]:.1%}, {ratio}")
        print(f"| {r['n']}{mark} | {g} | " + " | ".join(cells) + f" | {100 * r['gap']:.1f} pt "
              f"| {declared / g:.0%} / {e['forced'] / g:.0%} / {e['all_jailed'] / g:.0%} "
              f"| {r['no_winner'] / g:.1%} | {r['campaigns']:.0f} |")


def strength(n: int, games: int, seed: int, strong: str, weak: str, options=None, workers: int = 2) -> dict:
    """`strong` in one seat (rotated), `weak` elsewhere: p(win | role) of each, per role
    (game.core.ladder, as tools/ladder.py runs it)."""
    r = ladder(SPEC, n, games, seed, strong, weak, options, workers)
    return {side: {role: tuple(r.roles.get(role, {side: [0, 0]})[side]) for role in ROLES}
            for side in ("strong", "weak")}


def print_strength(n: int, table: dict, strong: str, weak: str) -> None:
    cells = []
    for r in ROLES:
        sw, sg = table["strong"][r]
        ww, wg = table["weak"][r]
        ps, pw = (sw / sg if sg else 0.0), (ww / wg if wg else 0.0)
        cells.append(f"{ps:.1%} vs {pw:.1%} ({ps / pw:.2f}x)" if pw else f"{ps:.1%} vs 0")
    print(f"| {n} | " + " | ".join(cells) + " |")


def _quartiles(xs: list[int]) -> str:
    q = statistics.quantiles(xs, n=4, method="inclusive")
    return f"{min(xs)} / {q[0]:.0f} / {q[1]:.0f} / {q[2]:.0f} / {max(xs)}"


def _ender(g: dict) -> str:
    """What ended a game: the winning Politicians' characters (by their condition's op), else the end."""
    if g["method"] in ("politician", "forced") and g["winners"] and \
            all(g["factions"][s] == "politician" for s in g["winners"]):
        return ", ".join(f"{g['chars'][s]} ({data.character(g['chars'][s])['win']['op']})" for s in g["winners"])
    return g["method"] + (" " + g["rule"] if g.get("rule") else "")


def length_row(n: int, length: str, results: list[dict]) -> dict:
    """How long the games ran and how many ended before every player had been candidate once."""
    early = [g for g in results if g["first_round"]]
    return {"n": n, "length": length, "games": len(results),
            "campaigns": _quartiles([g["campaigns"] for g in results]),
            "actions": _quartiles([g["actions"] for g in results]),
            "first_turn": sum(1 for g in early if g["campaigns"] == 1) / len(results),
            "first_round": len(early) / len(results),
            "at_its_end": sum(1 for g in results if g["rounds"] == 1 and not g["first_round"]
                              and g["method"] != "stopped") / len(results),
            "early_enders": Counter(_ender(g) for g in early).most_common(6),
            "ratios": balance_row(n, results, 0)["ratios"]}


def character_rates(results: list[dict]) -> dict:
    """{character: (wins, seats)}: how often a seat holding it won (its camp's win counts)."""
    t: dict = {}
    for g in results:
        for s, c in enumerate(g["chars"]):
            w = t.setdefault(c, [0, 0])
            w[0] += s in g["winners"]
            w[1] += 1
    return {c: tuple(v) for c, v in sorted(t.items())}


def print_lengths(rows: list[dict], bots: str) -> None:
    print(f"Game length with `{bots}` bots (min / quartiles / max); early: the game over before every "
          "player was candidate once (in its first campaign turn); role ratios to the mean of the three")
    print("| players | length | games | campaign turns | moves | ends in the first round (first turn) "
          "| at the first round's end | Blue / Green / Politician | what ended the early ones |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        ratios = " / ".join(f"{r['ratios'][x]:.2f}x" for x in ROLES)
        enders = "; ".join(f"{k} {v}" for k, v in r["early_enders"]) or "-"
        print(f"| {r['n']} | {r['length']} | {r['games']} | {r['campaigns']} | {r['actions']} "
              f"| {r['first_round']:.1%} ({r['first_turn']:.1%}) | {r['at_its_end']:.1%} | {ratios} | {enders} |")


def print_characters(n: int, results: list[dict]) -> None:
    rates = character_rates(results)
    fair = sum(w for w, _ in rates.values()) / max(1, sum(k for _, k in rates.values()))
    cells = [f"{c} {w / k:.0%} ({k})" for c, (w, k) in sorted(rates.items(), key=lambda x: -x[1][0] / x[1][1])]
    print(f"{n} players, a seat's win rate by character (seats that held it; mean {fair:.1%}): " + ", ".join(cells))


def lengths(counts: list[int], games: int, seed: int, bots: str, workers: int, edition: Optional[int]) -> None:
    legacy = {"edition": edition} if edition else None
    rows = []
    for n in counts:
        pooled = []
        for length in SPEC.options["length"]:
            results = run(n, games, seed, lambda i: [bots] * n, {"length": length}, workers, legacy)
            rows.append(length_row(n, length, results))
            pooled += results
            print_lengths(rows[-1:], bots)
            sys.stdout.flush()
        print_characters(n, pooled)
    print_lengths(rows, bots)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="3,4,5,6,7,8")
    ap.add_argument("--bots", default="normal")
    ap.add_argument("--strength", action="store_true", help="normal in one seat among easy seats, rotated")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--lengths", action="store_true", help="game lengths and early endings, per length option")
    ap.add_argument("--edition", type=int, choices=SPEC.legacy_options["edition"], help="an older rules edition")
    args = ap.parse_args(argv)
    counts = [int(x) for x in args.players.split(",")]
    if args.lengths:
        lengths(counts, args.games, args.seed, args.bots, args.workers, args.edition)
        return 0
    if args.strength:
        print("`normal` in one seat, `easy` in the others, rotated: p(win | role), normal vs easy")
        print("| players | Blue | Green | Politician |")
        print("|---|---|---|---|")
        for n in counts:
            print_strength(n, strength(n, args.games, args.seed, "normal", "easy", workers=args.workers),
                           "normal", "easy")
            sys.stdout.flush()
        return 0
    rows = []
    start = time.perf_counter()
    for n in counts:
        rows.append(balance_row(n, run(n, args.games, args.seed, lambda i: [args.bots] * n, workers=args.workers)))
        print_balance(rows[-1:], args.bots)  # each size as it is done: a long run shows its progress
        sys.stdout.flush()
    print_balance(rows, args.bots)
    print(f"({time.perf_counter() - start:.0f} s)")
    return 0 if all(passes(r) for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())

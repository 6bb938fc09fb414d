"""Does the review find a thrown-away win? Plants one in games of each game and looks.

    python tools/research/review_blunders.py [--seeds 12] [--games xuanwu_gate,...]

A game of normal bots, seat 0 a person's (played by the normal bot): the first time the search,
exactly as the review asks it (the seat's views, the position's seed, the review's budget), rates a
move of the person's at 60 % or more to win and another 15 points or more lower, the person makes
the lower one. The game plays on to its end and is reviewed through seat 0's eyes. Printed per
game: the games where a blunder was planted, how often the review's biggest drop is that decision,
how often it is among the drops listed (up to 5), and the losses.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.core.hints import remembers, search_from, seat_views
from game.core.match import Match, Seat
from game.core.review import REVIEW_EFFORT, review
from game.registry import GAMES


def planted_game(game: str, seed: int):
    spec = GAMES[game]
    match = Match.new(spec, [Seat("Ann")] + [Seat(f"Bot {i}", "normal") for i in range(spec.min_players)], seed=seed)
    me = spec.bots["normal"](0, "ann")
    planted = None
    while not match.state.is_over():
        if 0 not in match.state.to_act():
            match.step_bot()
            continue
        legal = match.state.legal_actions(0)
        action = me.choose(match.state.view(0), legal)
        if planted is None and len(legal) > 1:
            views = seat_views(spec, match.state.record(), 0, remembers(spec))
            _, _, arms = search_from(spec, 0, views, legal, len(match.state.actions), effort=REVIEW_EFFORT)
            if len(arms) > 1:
                best = max(m for _, m in arms.values())
                worst = min(arms, key=lambda a: arms[a][1])
                if best >= 0.6 and best - arms[worst][1] >= 0.15:
                    action, planted = worst, (len(match.state.actions), worst, best - arms[worst][1])
        match.act(0, action)
    return match, planted


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=12)
    ap.add_argument("--games", default=",".join(GAMES))
    args = ap.parse_args(argv)
    for game in args.games.split(","):
        top = listed = planted_n = 0
        losses = []
        for seed in range(1, args.seeds + 1):
            match, planted = planted_game(game, seed)
            if planted is None:
                continue
            planted_n += 1
            drops = review(GAMES[game], match.to_save(), 0).drops()
            found = [i for i, d in enumerate(drops) if d.at == planted[0]]
            top += bool(found and found[0] == 0)
            listed += bool(found)
            losses.append(round(100 * planted[2]))
        print(f"{game:17s} planted in {planted_n} of {args.seeds} games; the biggest drop in {top}, "
              f"listed in {listed}; the planted losses (points): {losses}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

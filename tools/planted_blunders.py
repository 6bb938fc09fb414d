"""Does the review find the blunders a player makes, and say their size right? Plants them and looks.

    python tools/planted_blunders.py [--per-game 4] [--games xuanwu_gate,...] [--seed 1] [--keep plants.jsonl]
    python tools/planted_blunders.py --judge plants.jsonl ...     # the kept plants judged again

Each game is one of normal bots, seat 0 a person's (played by the normal bot). At some of the
person's decisions the tool looks for a move that loses a lot: each of a few legal moves, and the
normal bot's own, is played out to the game's end on the true position (the real cards, every seat
a normal bot with what it remembered so far; the dice of each playout its own, the same for every
move compared), and on positions dealt from the person's view (the hard bot's own sampler: what the
person could know). A move whose playouts win at least 15 points less often than the normal move's
both ways is planted: the person makes it, and the game plays on to its end. Those losses, in
points of the chance to win, are the blunder's size on the real cards and from the player's view.

Why both: a review weighs a move from what the player could see, never the hidden cards (the
product's promise). In a game of hidden cards a move can lose everything on the real cards and
next to nothing on the cards the player had reason to expect (measured: The Wonderful Island's
plants lost 30-100 points on the real cards and -1 to 7 from the player's view); such a move is no
blunder, and no review that keeps the promise can call it one.

The review of the finished game (game/core/review.py, through seat 0's eyes, exactly as the app
makes it; only the planted decision is weighed, which is weighed the same alone as in the whole
review) then finds it if it classes it (an inaccuracy at least) and its size is right if the
review's loss is within 10 points of the played-out one (on the real cards, and from the player's
view: "seen"). Printed: each plant, then the figures.
"""
from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core.actions import same_value
from game.core.match import Match, Seat
from game.core.playouts import bots_at, play_out
from game.core.review import review
from game.registry import GAMES

SCREEN = 8          # playouts a move is first tried on
CONFIRM = 80        # playouts the planted move and the normal move are compared on
PLANT_AT = 0.15     # a blunder loses at least this much chance, played out
SCREEN_AT = 0.25    # a move worth confirming loses this much on the first playouts
TRIED = 5           # other legal moves tried at a decision
SIZE_WITHIN = 0.10  # the review's size is right within this


def playout(state, bots: dict, seat: int, action, k: int, dealer=None, dice: str = "playout") -> float:
    """1 if the seat is among the winners (game/core/playouts.py: play_out) after it plays `action`
    on the true position (or on a position `dealer(k)` deals from the seat's view), every seat a
    normal bot (a copy of the one that played, what it remembers included) with playout k's dice."""
    world = state.clone() if dealer is None else dealer(k)
    return play_out(world, bots, seat, action, f"{dice}:{k}")


def chance(state, bots: dict, seat: int, action, n: int, dealer=None) -> float:
    return sum(playout(state, bots, seat, action, k, dealer) for k in range(n)) / n


def seen_loss(spec, state, bots: dict, normal, planted) -> float | None:
    """The planted move's loss against normal's on positions dealt from seat 0's view (None where
    the hard bot's sampler cannot deal one: a view it leaves to its rule of thumb for that reason)."""
    from game.core.hints import remembers, search_from, seat_views
    views = seat_views(spec, state.record(), 0, remembers(spec))
    bot, _, arms = search_from(spec, 0, views, state.legal_actions(0), len(state.actions), effort=1, weigh_all=True)
    if len(arms) < 2:
        return None
    dealer = lambda k: bot.sample_world(views[-1], 0, random.Random(f"deal:{k}"))  # noqa: E731
    try:
        return chance(state, bots, 0, normal, CONFIRM, dealer) - chance(state, bots, 0, planted, CONFIRM, dealer)
    except Exception:  # noqa: BLE001 - a world the sampler deals that a bot cannot play on: no figure
        return None


def again_from_view(spec, record: dict, at: int, planted, others: list) -> float | None:
    """The planted move's loss against the best of `others` (the review's better move, the normal
    bot's), measured again from seat 0's view with this tool's own deals and dice and the table's
    bots as the review rebuilds them from the record (game/core/playouts.py: bots_at); None where a
    world cannot be played. It checks a review whose better move is not the normal bot's."""
    from game.core.hints import remembers, search_from, seat_views
    cut = dict(record, actions=record["actions"][:at])
    views = seat_views(spec, cut, 0, remembers(spec))
    state = spec.replay(cut)
    bot, _, _ = search_from(spec, 0, views, state.legal_actions(0), at, effort=1, weigh_all=True)
    bots = bots_at(spec, record, at)
    dealer = lambda k: bot.sample_world(views[-1], 0, random.Random(f"deal:{k}"))  # noqa: E731
    try:
        base = chance(state, bots, 0, planted, CONFIRM, dealer)
        return max(chance(state, bots, 0, o, CONFIRM, dealer) for o in others) - base
    except Exception:  # noqa: BLE001 - a world the sampler deals that a bot cannot play on: no figure
        return None


def fresh_from_view(spec, record: dict, at: int, planted, others: list, n: int) -> tuple[float, float] | None:
    """The planted move's loss against the best of `others`, from seat 0's view, on `n` deals and
    dice no plant was chosen by (seeds of their own), and its standard error: (loss, se). The plant's
    own figure (`seen`) was measured on the deals that chose it: a plant is kept when they read 15
    points or more, so a kept plant's figure errs high as often as its deals did (and --again, on
    the same deals, with it). None where a world cannot be played."""
    from game.core.hints import remembers, search_from, seat_views
    cut = dict(record, actions=record["actions"][:at])
    views = seat_views(spec, cut, 0, remembers(spec))
    state = spec.replay(cut)
    bot, _, _ = search_from(spec, 0, views, state.legal_actions(0), at, effort=1, weigh_all=True)
    bots = bots_at(spec, record, at)
    moves = [planted] + [o for i, o in enumerate(others)
                         if not same_value(o, planted) and not any(same_value(o, x) for x in others[:i])]
    if len(moves) < 2:
        return None
    dealer = lambda k: bot.sample_world(views[-1], 0, random.Random(f"fresh-deal:{k}"))  # noqa: E731
    try:
        rows = [[playout(state, bots, 0, m, k, dealer, dice="fresh") for m in moves] for k in range(n)]
    except Exception:  # noqa: BLE001 - a world the sampler deals that a bot cannot play on: no figure
        return None
    means = [sum(r[i] for r in rows) / n for i in range(len(moves))]
    best = max(range(1, len(moves)), key=lambda i: means[i])
    d = [r[best] - r[0] for r in rows]
    m = sum(d) / n
    return m, (sum((x - m) ** 2 for x in d) / (n - 1) / n) ** 0.5


def plant_in(game: str, seed: int, rng: random.Random):
    """A game with one planted blunder of seat 0's: (its record, move index, the move, its loss), or None."""
    spec = GAMES[game]
    seats = [Seat("Ann")] + [Seat(f"Bot {i}", "normal") for i in range(spec.min_players)]
    match = Match.new(spec, seats, seed=seed)
    me = spec.bots["normal"](0, "ann")
    planted = None
    while not match.state.is_over():
        if 0 not in match.state.to_act():
            match.step_bot()
            continue
        state = match.state
        legal = state.legal_actions(0)
        # normal's own move, from a copy: the real bot's memory moves on only with the move it makes
        bots = {s: match.bots[s] for s in range(1, len(seats))}
        bots[0] = me
        normal = copy.deepcopy(me).choose(state.view(0), legal)
        action = None
        if planted is None and len(legal) > 1 and rng.random() < 0.35:
            others = [a for a in legal if not same_value(a, normal)]
            rng.shuffle(others)
            base = chance(state, bots, 0, normal, SCREEN)
            for other in others[:TRIED]:
                if base - chance(state, bots, 0, other, SCREEN) >= SCREEN_AT:
                    loss = chance(state, bots, 0, normal, CONFIRM) - chance(state, bots, 0, other, CONFIRM)
                    if loss >= PLANT_AT:
                        seen = seen_loss(spec, state, bots, normal, other)
                        if seen is not None and seen >= PLANT_AT:
                            action, planted = other, (len(state.actions), other, loss, seen)
                    break
        if action is None:
            action = me.choose(state.view(0), legal)
        else:
            me.choose(state.view(0), legal)  # its memory of this turn, as if it had played it
        match.act(0, action)
    if planted is None:
        return None
    return (match.to_save(),) + planted


class Tally:
    """The figures: plants, classed, size right on the real cards, size right from the view."""

    def __init__(self, again: bool = False, fresh: int = 0) -> None:
        self.again = again   # also measure each classed plant again against the review's better move
        self.fresh = fresh   # ... and on this many deals of their own (0: not)
        self.total = self.found = self.sized = self.seen_sized = self.again_sized = self.fresh_sized = 0
        self.seconds = 0.0

    def judge(self, game: str, seed: int, record: dict, at: int, loss: float, seen: float, started: float) -> None:
        """The review of the finished game at the planted decision, against the played-out losses."""
        spec = GAMES[game]
        action = record["actions"][at][1]
        t0 = time.process_time()
        rev = review(spec, record, 0, only={at})
        self.seconds += time.process_time() - t0
        d = next((d for d in rev.decisions if d.at == at), None)
        shown = d.loss if d is not None else None
        is_found = d is not None and d.grade is not None
        is_sized = is_found and abs(shown - loss) <= SIZE_WITHIN
        is_seen_sized = is_found and abs(shown - seen) <= SIZE_WITHIN
        self.total += 1
        self.found += is_found
        self.sized += is_sized
        self.seen_sized += is_seen_sized
        again = fresh = None
        if is_found and (self.again or self.fresh):
            state = spec.replay(dict(record, actions=record["actions"][:at]))
            normal = copy.deepcopy(bots_at(spec, record, at)[0]).choose(state.view(0), state.legal_actions(0))
            if self.again:
                again = again_from_view(spec, record, at, d.played, [d.best, normal])
                self.again_sized += again is not None and abs(shown - again) <= SIZE_WITHIN
            if self.fresh:
                fresh = fresh_from_view(spec, record, at, d.played, [d.best, normal], self.fresh)
                self.fresh_sized += fresh is not None and abs(shown - fresh[0]) <= SIZE_WITHIN
        print(f"{game:17s} deal {seed:3d} move {at:4d} {str(action):38.38s} played out -{100 * loss:4.1f} "
              f"seen {'-' if seen is None else f'-{100 * seen:4.1f}'} "
              f"review {'-' if shown is None else f'-{100 * shown:4.1f}'} "
              f"{'' if again is None else f'(again from the view, against its better move -{100 * again:4.1f}) '}"
              f"{'' if fresh is None else f'(on {self.fresh} fresh deals -{100 * fresh[0]:4.1f} ± {100 * fresh[1]:3.1f}) '}"
              f"{d.grade if d is not None else 'not weighed'} "
              f"{'MISSED' if not is_found else 'ok' if is_sized and is_seen_sized else 'ok from the view' if is_seen_sized else 'ok on the cards' if is_sized else 'size off'} "
              f"({'' if d is None else f'{d.played_out} worlds, '}review {time.process_time() - t0:.0f} s, "
              f"all {time.process_time() - started:.0f} s)", flush=True)

    def summary(self) -> str:
        return (f"planted {self.total}; the review classed {self.found} and gave {self.sized} their size within "
                f"{round(100 * SIZE_WITHIN)} points of the loss on the real cards, {self.seen_sized} within "
                f"{round(100 * SIZE_WITHIN)} points of the loss from the player's view"
                f"{f', {self.again_sized} within the loss against its own better move measured again' if self.again else ''}"
                f"{f', {self.fresh_sized} within it measured on {self.fresh} fresh deals' if self.fresh else ''} "
                f"(the review at the planted decisions: {self.seconds:.0f} s CPU)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-game", type=int, default=4, help="blunders planted in each game")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    ap.add_argument("--max-deals", type=int, default=30, help="deals tried per game at most")
    ap.add_argument("--keep", help="a JSONL file to keep each plant in (its record, move, losses), to judge again")
    ap.add_argument("--judge", nargs="+", metavar="JSONL",
                    help="judge the plants kept by --keep again (the review only: no new plants)")
    ap.add_argument("--again", action="store_true",
                    help="measure each classed plant's loss again against the review's better move too")
    ap.add_argument("--fresh", type=int, default=0, metavar="N",
                    help="measure each classed plant's loss from the view again on N deals of its own "
                         "(against the review's better move and the normal bot's), with its standard error")
    args = ap.parse_args(argv)
    tally = Tally(args.again, args.fresh)
    if args.judge:
        for path in args.judge:
            for line in Path(path).read_text(encoding="utf-8").splitlines():
                p = json.loads(line)
                if p["game"] in args.games.split(","):
                    tally.judge(p["game"], p["deal"], p["record"], p["at"], p["loss"], p["seen"], time.process_time())
        print(tally.summary())
        return 0
    rng = random.Random(args.seed)
    for game in args.games.split(","):
        got = 0
        for seed in range(args.seed, args.seed + args.max_deals):
            if got >= args.per_game:
                break
            start = time.process_time()
            planted = plant_in(game, seed, rng)
            if planted is None:
                continue
            record, at, action, loss, seen = planted
            if args.keep:
                with open(args.keep, "a", encoding="utf-8") as out:
                    out.write(json.dumps({"game": game, "deal": seed, "at": at, "record": record, "loss": loss,
                                          "seen": seen}) + "\n")
            got += 1
            tally.judge(game, seed, record, at, loss, seen, start)
    print(tally.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())

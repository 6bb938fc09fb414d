"""Elfenland's hard bot reading the other hand at two players: a measured variant, not a level.

Hard deals the other player's hand at random from the cards it has not seen. Seeing that hand
takes the same search from 1.295x to 1.43x fair against normal at two players (docs/elfenland.md), so this
variant reads it from how the other player drew and planned this round, and deals the worlds'
other hand from what it read. Measured against normal (docs/elfenland.md), it was not shown to
win more than hard, so hard does not read; this tool keeps the reading and its measurements.

The reading: each round a pool of hands is dealt at random from the cards the seat has not seen,
and each hand is weighed by how likely the other seat's draws and planning turns were, had it
held that hand and played as the normal bot does:

* a draw: the normal bot's worth of each counter it could take (its best tour with one more of
  that kind); the kinds are weighed by a softmax of that worth;
* a planning turn (a counter or the obstacle placed, or a pass): the normal bot's plan from the
  other seat's view with that hand; the same action is likely, another one unlikely.

A world's other hand (and secret counter, and town card in the destination variant) is then drawn
from the pool by weight. The views the other seat decided from are rebuilt from this seat's own
views: the view before its own last action, that action, and the view after the other seat's
reply. Only the other seat's public acts are read, never a hidden card.

    python tools/research/elfenland_reading.py [--games 6] [--seed 100]      how well it reads the hand
    python tools/research/elfenland_reading.py --timing [--games 6]         its decision times
    python tools/research/elfenland_reading.py --ladder --games 400 --seed 2  against normal, as tools/ladder.py
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import NamedTuple, Optional

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.core.actions import Action  # noqa: E402
from game.core.state import GameState  # noqa: E402
from game.elfenland import SPEC, sampler  # noqa: E402
from game.elfenland.bots import NormalBot, unseen_counters  # noqa: E402
from game.elfenland.hard import HardBot  # noqa: E402
from game.elfenland.rules import tables  # noqa: E402
from game.elfenland.state import PLAN  # noqa: E402

LEVEL = "reading"

POOL = 256         # hands dealt and weighed per round
DRAW_SCALE = 20.0  # a draw's worth (tour score, 100 a marker) by which the likelier kind counts e times more
DRAW_FLOOR = 0.1   # share of a draw's likelihood spread evenly over its choices
PLAN_MISS = 0.05 / 0.95  # a planning act other than normal's, this likely against normal's own, over its choices


class Draw(NamedTuple):
    """A draw of the other seat: its readings (chance of the refills, the view it drew from,
    its choices, what it took) and how many secret counters it held."""
    readings: list
    secrets: int


class Plan(NamedTuple):
    """A planning act of the other seat: the world it acted in (its hand filled in per weighed
    hand), the act, and the roads it had put a counter on before (the normal bot's memory)."""
    world: GameState
    act: Action
    placed: tuple


class HandReader:
    """The other seat's hand at two players, read from this round's draws and planning turns."""

    def __init__(self, seat: int, seed: object = 0) -> None:
        self.seat = seat
        self.rng = random.Random(f"{seed}:{seat}:hands")
        self._new_round(None)

    def _new_round(self, round_: Optional[int]) -> None:
        self.round = round_
        self.prev: Optional[tuple[dict, Action]] = None  # this seat's last view and action
        self.seen: list = []                             # the other seat's acts read (Draw, Plan)
        self.pool: Optional[list[list]] = None           # [hand, secret counters, town, log weight]
        self.applied = 0                                 # acts weighed into the pool
        self.placed: set[int] = set()                    # roads the other seat put a counter on
        self.secrets = 0

    @staticmethod
    def reads(view: dict) -> bool:
        return view["n_players"] == 2

    # -- what it saw ----------------------------------------------------------------------
    def observe(self, view: dict) -> None:
        """Called with each view the seat decides from, before it decides."""
        other = 1 - self.seat
        if self.round != view["round"]:
            self._new_round(view["round"])
        self.secrets = max(self.secrets, view["players"][other]["secret_counters"])
        if self.prev is None:
            return
        before, action = self.prev
        if before["phase"] == "draw":
            self._read_draw(before, action, view)
        if view["phase"] == "plan" or before["phase"] == "plan":
            self._read_plan(before, action, view)  # its planning turn (the first may follow a draw)
        if len(self.seen) > self.applied:
            self.weights(view)  # weighed as it comes: one act a decision, not a round's at once

    def acted(self, view: dict, action: Action) -> None:
        """Called with the seat's own choice from `view`."""
        self.prev = (view, tuple(action))

    def _read_draw(self, before: dict, action: Action, view: dict) -> None:
        other = 1 - self.seat
        if view["players"][other]["secret_counters"] != before["players"][other]["secret_counters"]:
            return
        held = Counter(before["players"][other]["counters"])
        now = Counter(view["players"][other]["counters"])
        on_board = {int(r) for r in before["counters"]}
        now.update(k for r, k in view["counters"].items() if int(r) not in on_board)
        new = now - held
        if sum(new.values()) != 1 or held - now:
            return  # not exactly one counter drawn in between
        kind = next(iter(new))
        # The face-up counters it chose from: as before this seat's draw, with the slot this seat
        # took refilled. A face-up counter taken is refilled, so its slot shows another; a draw
        # from the pile leaves them be. Where the counters shown now allow more than one reading
        # (it took this seat's refill, or drew from the pile, or took a counter refilled with
        # the same kind), each reading counts by how likely its refills were.
        face = list(before["face_up"])
        slot = action[1] if action[0] == "take" else None
        changed = [j for j, c in enumerate(face) if j != slot and c is not None and c != view["face_up"][j]]
        if len(changed) > 1 or (changed and face[changed[0]] != kind):
            return
        shown = list(face)
        if slot is not None:
            shown[slot] = view["face_up"][slot]
        readings: list[tuple[float, list, Action]] = []
        if changed:
            readings.append((1.0, shown, ("take", changed[0])))
        else:
            unseen = unseen_counters(view)
            total = max(1, sum(unseen.values()))
            if slot is not None:
                # it took the refill (which was `kind`), or the readings below with the refill
                # shown now: each weighed by the chance of its refill
                readings.append((unseen[kind] / total, face[:slot] + [kind] + face[slot + 1:], ("take", slot)))
            rest = unseen[shown[slot]] / total if slot is not None else 1.0
            readings.append((rest * unseen[kind] / total, shown, ("take_pile",)))
            readings += [(rest * unseen[kind] / total, shown, ("take", j))
                         for j, c in enumerate(shown) if c == kind and j != slot]
        basis = dict(before, seat=other)
        basis["players"] = [dict(p) for p in before["players"]]
        basis["players"][self.seat]["counters"] = list(view["players"][self.seat]["counters"])
        options = []
        for weight, f, act in readings:
            if weight <= 0:
                continue
            legal: list[Action] = [("take", j) for j, c in enumerate(f) if c is not None]
            if view["pile"] or act == ("take_pile",):
                legal.append(("take_pile",))
            options.append((weight, dict(basis, face_up=f), legal, act))
        if options:
            self.seen.append(Draw(options, before["players"][other]["secret_counters"]))

    def _read_plan(self, before: dict, action: Action, view: dict) -> None:
        other = 1 - self.seat
        # The other seat's view is this seat's world after its own action: dealt once (the
        # other seat's hand is filled in per weighed hand), then played on as the engine does.
        world = sampler.sample_world(before, self.seat, random.Random(self.rng.getrandbits(64)))
        world.apply(self.seat, action)
        if world.phase != "plan" or world.turn != other:
            return
        counters = {int(r): k for r, k in view["counters"].items() if int(r) not in world.board_counters}
        obstacles = [int(r) for r in view["obstacles"] if int(r) not in world.board_obstacles]
        if len(counters) + len(obstacles) > 1:
            return
        if counters:
            act: Action = ("place", *next(iter(counters.items())))
        elif obstacles:
            act = ("obstacle", obstacles[0])
        elif view["phase"] == "plan" and view["turn"] != self.seat:
            return
        else:
            act = ("pass",)
        self.seen.append(Plan(world, act, (before["round"], set(self.placed))))
        if act[0] == "place":
            self.placed.add(act[1])

    # -- the pool -------------------------------------------------------------------------
    def _deal_pool(self, view: dict) -> None:
        T = tables()
        other = 1 - self.seat
        cards = [k for k in T.card_kinds for _ in range(T.travel_cards[k])]
        for c in view["hand"]:
            cards.remove(c)
        unseen = sorted(unseen_counters(view).elements())
        towns = [t for t in T.town_cards if t != view.get("destination")]
        size = view["players"][other]["cards"]
        rng = self.rng
        self.pool = []
        for _ in range(POOL):
            rng.shuffle(cards)
            secret = [rng.choice(unseen) for _ in range(self.secrets)] if unseen else []
            self.pool.append([cards[:size], secret, rng.choice(towns) if towns else None, 0.0])
        self.applied = 0

    def _likelihood(self, entry: list, seen) -> float:
        hand, secret, town, _ = entry
        if isinstance(seen, Draw):
            return self._draw_likelihood(seen, hand, secret, town)
        return self._plan_likelihood(seen, hand, secret, town)

    def _draw_likelihood(self, seen: Draw, hand: list, secret: list, town: Optional[str]) -> float:
        bot = NormalBot(1 - self.seat, 0)
        like = 0.0
        value = None  # a kind's worth does not depend on which counters lie face up
        for weight, basis, choices, choice in seen.readings:
            view = dict(basis, hand=sorted(hand), secret_counters=secret[:seen.secrets], destination=town)
            if value is None:
                value = bot.kind_values(view)
            worth = {a: s for s, a in bot.draw_scores(view, choices, value)}
            top = max(worth.values())
            z = sum(math.exp((s - top) / DRAW_SCALE) for s in worth.values())
            soft = math.exp((worth[choice] - top) / DRAW_SCALE) / z
            like += weight * ((1 - DRAW_FLOOR) * soft + DRAW_FLOOR / len(worth))
        return like

    def _plan_likelihood(self, seen: Plan, hand: list, secret: list, town: Optional[str]) -> float:
        other = 1 - self.seat
        world = seen.world
        world.hands[other] = dict.fromkeys(world.hands[other], 0)
        for c in hand:
            world.hands[other][c] += 1
        if len(world.secret[other]) <= len(secret):
            world.secret[other] = secret[:len(world.secret[other])]
        if world.destinations is not None:
            world.destinations[other] = town
        world._legal = {}
        legal = world.legal_actions(other)
        if seen.act not in legal:
            return 1e-6  # a counter it could not have held
        bot = NormalBot(other, 0)
        bot._placed = seen.placed
        if tuple(bot.choose(world.view(other), legal)) == seen.act:
            return 1.0
        return PLAN_MISS / len(legal)

    def weights(self, view: dict) -> list[float]:
        """The pool's weights (the pool dealt first if need be), every act seen so far read."""
        if self.pool is None:
            self._deal_pool(view)
        for seen in self.seen[self.applied:]:
            for entry in self.pool:
                entry[3] += math.log(self._likelihood(entry, seen))
        self.applied = len(self.seen)
        top = max(e[3] for e in self.pool)
        return [math.exp(e[3] - top) for e in self.pool]

    # -- a world ----------------------------------------------------------------------------
    def deal(self, world: GameState, view: dict, rng: random.Random) -> GameState:
        """The world with the other seat's hand, secret counter and town card drawn from the pool
        by weight; the cards and counters they replace go back where they were dealt from."""
        if view["round"] != self.round:
            return world
        other = 1 - self.seat
        weights = self.weights(view)
        hand, secret, town, _ = rng.choices(self.pool, weights=weights)[0]
        if len(hand) != sum(world.hands[other].values()):
            return world
        rest = list(world.deck) + list(world.discard)
        rest += [c for c, n in world.hands[other].items() for _ in range(n)]
        for c in hand:
            rest.remove(c)
        rng.shuffle(rest)
        world.discard, world.deck = rest[:len(world.discard)], rest[len(world.discard):]
        world.hands[other] = dict.fromkeys(world.hands[other], 0)
        for c in hand:
            world.hands[other][c] += 1
        held = len(world.secret[other])
        if held and held <= len(secret):
            left = Counter(world.pile) + Counter(world.returned) + Counter(world.secret[other])
            if not Counter(secret[:held]) - left:  # every counter of the guess is still unseen
                left -= Counter(secret[:held])
                rest = sorted(left.elements())
                rng.shuffle(rest)
                world.pile, world.returned = rest[:len(world.pile)], rest[len(world.pile):]
                world.secret[other] = list(secret[:held])
        if world.destinations is not None and town is not None:
            world.destinations[other] = town
        return world


class ReadingHard(HardBot):
    """hard, with the other hand read at a table of two (HandReader). Its `level` stays hard's, so
    its search draws the same numbers as hard's would (the figures in docs/elfenland.md repeat)."""

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self.reader = HandReader(seat, seed)

    def choose(self, view: dict, legal: list[Action]) -> Action:
        reading = HandReader.reads(view)
        if reading:
            self.reader.observe(view)
        action = super().choose(view, legal)
        if reading:
            self.reader.acted(view, action)
        return action

    def sample_world(self, view: dict, seat: int, rng: random.Random) -> GameState:
        world = super().sample_world(view, seat, rng)
        if HandReader.reads(view) and view["phase"] == PLAN:
            world = self.reader.deal(world, view, rng)  # the other hand as its play this round tells
        return world


def shared_cards(reader: HandReader, state: GameState) -> tuple[float, float, float]:
    """How many of the other seat's true cards the pool's hands share: weighed as the worlds are
    dealt, and plain (the pool as dealt, at random); and the pool's effective number of hands."""
    weights = reader.weights(state.view(reader.seat))
    true = Counter(k for k, c in state.hands[1 - reader.seat].items() for _ in range(c))
    shared = [sum((Counter(hand) & true).values()) for hand, *_ in reader.pool]
    weighed = sum(w * s for w, s in zip(weights, shared)) / sum(weights)
    effective = sum(weights) ** 2 / sum(w * w for w in weights)
    return weighed, sum(shared) / len(shared), effective


class QuickReading(ReadingHard):
    iterations = 6  # the reading does not depend on the search's budget; a quick search plays on


def ladder(games: int, seed: int) -> int:
    """The reading variant in one seat of two, rotated, against normal: tools/ladder.py's games."""
    from game.registry import GAMES
    sys.path.insert(0, str(ROOT / "tools"))
    import ladder as ladder_tool
    bots = GAMES[SPEC.key].bots
    bots[LEVEL] = ReadingHard  # for this run only: it is not a level of the game
    try:
        return ladder_tool.main([SPEC.key, "--players", "2", "--levels", f"{LEVEL},normal", "--games", str(games),
                                 "--seed", str(seed), "--workers", "1", "--seat-games", "0"])
    finally:
        del bots[LEVEL]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=100, help="first game's seed (then +1 each game)")
    ap.add_argument("--timing", action="store_true", help="hard's own budget; print its decision times")
    ap.add_argument("--ladder", action="store_true", help="play --games games against normal (tools/ladder.py)")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    if args.ladder:
        return ladder(args.games, args.seed)
    rows: dict[int, list[float]] = {}
    times: dict[str, list[float]] = {}
    for g in range(args.games):
        state = SPEC.new_game(2, args.seed + g, {})
        bots = [(ReadingHard if args.timing else QuickReading)(0, g), NormalBot(1, g)]
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            began = time.perf_counter()
            action = bots[seat].choose(state.view(seat), legal)
            if seat == 0 and len(legal) > 1:
                times.setdefault(state.phase, []).append(time.perf_counter() - began)
            reader = bots[0].reader
            if seat == 0 and state.phase == "plan" and reader.pool:
                acts = min(5, sum(isinstance(seen, Plan) for seen in reader.seen))
                row = rows.setdefault(acts, [0, 0.0, 0.0, 0.0])
                row[0] += 1
                for i, figure in enumerate(shared_cards(reader, state), 1):
                    row[i] += figure
            state.apply(seat, action)
    print(f"{args.games} games, hard (seat 0) against normal, 2 players; cards shared with the other hand")
    print("planning acts read | turns | weighed hands | hands at random | effective hands")
    for acts in sorted(rows):
        n, weighed, plain, ess = rows[acts]
        label = f"{acts}+" if acts == 5 else str(acts)
        print(f"{label:>18} | {n:>5} | {weighed / n:13.2f} | {plain / n:15.2f} | {ess / n:15.1f}")
    if args.timing:
        print("hard's decisions with a choice (reading included):")
        everything = [t for phase in times.values() for t in phase]
        for phase, spent in sorted(times.items()) + [("all", everything)]:
            print(f"  {phase}: {len(spent)} decisions, median {1000 * statistics.median(spent):.1f} ms, "
                  f"max {1000 * max(spent):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

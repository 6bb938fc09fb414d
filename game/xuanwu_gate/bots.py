"""Computer opponents for The Xuanwu Gate Incident.

`normal` remembers every card it saw (its own card at the deal, each centre card it peeked),
follows the public swaps to know where those cards went, and weighs every placement of the
cards it has not seen by how well it explains what the others did in public: who took a
centre card in, who kept, who voted battle (beliefs.py). It swaps and votes for what pays it
best over those weighted worlds: in the basic game its share of the win (a win shared by
three is worth a third), in the scoring game its points against the others'. It peeks at the
centre card that opens the best swap once seen (the peek also picks the card a swap can move).
It reads only its view.
"""
from __future__ import annotations

from game.core.actions import Action
from game.core.bots import Bot

from .beliefs import Memory, points, worlds
from .state import layout_acts

SAMPLES = 64
OTHERS_WEIGHT = 0.5   # scoring game: a point an opponent scores counts against it this much
# A swap is judged after the seats still to lay out this round have played: its effect lasts
# only if it survives them (they are played as careless players, LOOKAHEAD times per world).
LOOKAHEAD = 2
WAYS = 128  # at least this many (world, later seats' acts) pairs: few worlds get more ways each
# The vote: battle only when nearly sure to win (a lower bar lost measurably against easy); from
# round LAST_ROUND on at any chance, so a table of bots always comes to blows. Round 9, not 6:
# a later round's peek and swap can still mend a losing seat (docs/xuanwu_gate.md).
VOTE_BAR, LAST_ROUND = 0.9, 9
PEEK_UNSEEN = 1e-6  # a tie between the two centre cards goes to the one not yet seen


class NormalBot(Bot):
    level = "normal"

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self.memory = Memory(seat)

    @property
    def deal(self):
        return self.memory.deal

    def known(self, view: dict) -> dict:
        """Where each remembered card is now, following the public swaps since it was seen."""
        return self.memory.known(view)

    def _worlds(self, view: dict) -> list[tuple[dict, float]]:
        return worlds(view, self.memory, self.rng, SAMPLES)

    def _value(self, world: dict, view: dict) -> int:
        """The points its own card scores in `world` (a win is 1 in the basic game)."""
        if view["players"][self.seat]["eliminated"]:
            return 0
        pts = points(world[("seat", self.seat)], world[("centre", 0)], world[("centre", 1)])
        return pts if view["variant"] == "scoring" else min(pts, 1)

    def _worth(self, world: dict, view: dict) -> float:
        """What a battle in `world` is worth to it: its share of the win (basic), or its points
        less a part of what the others score (scoring)."""
        mine = self._value(world, view)
        if not mine and view["variant"] != "scoring":
            return 0.0
        c0, c1 = world[("centre", 0)], world[("centre", 1)]
        others = [points(world[("seat", s)], c0, c1) for s in range(view["n_players"])
                  if s != self.seat and not view["players"][s]["eliminated"]]
        if view["variant"] != "scoring":
            return 1.0 / (1 + sum(1 for p in others if p > 0))
        return mine - OTHERS_WEIGHT * sum(others) / max(1, len(others))

    # -- decisions ---------------------------------------------------------
    def observe(self, view: dict) -> None:
        self.memory.observe(view)

    def choose(self, view: dict, legal: list[Action]) -> Action:
        self.memory.observe(view)
        kind = legal[0][0]
        if kind == "look":
            return legal[0]
        if kind == "peek":
            return self._peek(view, legal)
        if kind == "vote":
            return ("vote", self._vote(view))
        return self._swap(view, legal)

    def _rest_of_round(self, world: dict, view: dict, swapped: list, draws: list) -> dict:
        """The placement after the seats still to lay out this round act, as careless players:
        any centre card, then keep or any swap still open to them (`draws`: two numbers in [0, 1)
        per later seat, that pick them)."""
        if not draws:
            return world
        w = dict(world)
        swapped = list(swapped)
        n = view["n_players"]
        for u, v in draws:
            slot = int(u * 2)
            targets = [None] + [t for t in range(n) if not swapped[t]]
            t = targets[int(v * len(targets))]
            if t is not None:
                a, b = ("centre", slot), ("seat", t)
                w[a], w[b] = w[b], w[a]
                swapped[t] = True
        return w

    def _weighed(self, view: dict) -> list[tuple[dict, float, list]]:
        """The weighted worlds, each with LOOKAHEAD or more ways the later seats of this round may
        act. Every act is judged on the same ways (paired), so acts differ by what they do, not by
        the dice: with few worlds, unpaired dice would decide a close choice by chance."""
        order = view["layout_order"]
        later = len(order) - order.index(self.seat) - 1 if self.seat in order else 0
        rng = self.rng
        ws = self._worlds(view)
        count = max(LOOKAHEAD, -(-WAYS // max(1, len(ws)))) if LOOKAHEAD else 0
        return [(w, p, [[(rng.random(), rng.random()) for _ in range(later)] for _ in range(count)])
                for w, p in ws]

    def _totals(self, view: dict, slot: int, items: list, acts: list[Action]) -> list[float]:
        """Each layout act's worth with the centre card in `slot`, over the weighted worlds
        (`_weighed`), judged after the seats still to lay out this round."""
        swapped0 = [p["swapped"] for p in view["players"]]
        out = []
        for action in acts:
            target = self.seat if action[0] == "swap_own" else action[1] if action[0] == "swap" else None
            swapped = list(swapped0)
            if target is not None:
                swapped[target] = True
            total = 0.0
            for w, p, ways in items:
                if target is not None:
                    w = dict(w)
                    a, b = ("centre", slot), ("seat", target)
                    w[a], w[b] = w[b], w[a]
                if ways:
                    total += p * sum(self._worth(self._rest_of_round(w, view, swapped, d), view)
                                     for d in ways) / len(ways)
                else:
                    total += p * self._worth(w, view)
            out.append(total)
        return out

    def _peek(self, view: dict, legal: list[Action]) -> Action:
        """The centre card to peek at. The peek also picks the card a swap can move, so each slot
        is worth the best layout act that can follow it, once its card is seen: the worlds are
        grouped by the card they put in that slot, and each group takes its own best act (what
        seeing the card is worth, and the swap it opens). A card not yet seen wins a tie."""
        items = self._weighed(view)
        known = self.known(view)
        swapped = tuple(p["swapped"] for p in view["players"])
        acts = list(layout_acts(view["n_players"], self.seat, swapped))
        best, best_value = legal[0], None
        for action in legal:
            slot = action[1]
            groups: dict[str, list] = {}
            for item in items:
                groups.setdefault(item[0][("centre", slot)], []).append(item)
            value = sum(max(self._totals(view, slot, g, acts)) for g in groups.values())
            value += PEEK_UNSEEN * (("centre", slot) not in known)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = action, value
        return best

    def _swap(self, view: dict, legal: list[Action]) -> Action:
        totals = self._totals(view, view["peeking_slot"], self._weighed(view), legal)
        best, best_score = None, None
        for action, total in zip(legal, totals):
            # Keep wins ties: a swap that gains nothing only tells the table something.
            if best_score is None or total > best_score + 1e-9:
                best, best_score = action, total
        return best

    def _vote(self, view: dict) -> str:
        ws = self._worlds(view)
        p_win = sum(p for w, p in ws if self._value(w, view) > 0)
        threshold = VOTE_BAR if view["round"] < LAST_ROUND else 0.0
        return "battle" if p_win >= threshold else "wait"


"""Computer opponents for The Xuanwu Gate Incident.

`normal` remembers every card it saw (its own card at the deal, each centre
card it peeked), follows the public swaps to know where those cards went,
samples the unknown cards over the unknown places, and swaps and votes for
what its belief says pays it best. It reads only its view.
"""
from __future__ import annotations

from game.core.actions import Action
from game.core.bots import Bot

from . import data as cards

SAMPLES = 64


class NormalBot(Bot):
    level = "normal"

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self.deal = None
        # (number of public swaps at the time, place, card); place = ("seat", i) or ("centre", j)
        self.seen: list[tuple[int, tuple, str]] = []

    # -- memory ------------------------------------------------------------
    def _observe(self, view: dict) -> None:
        if view["deal"] != self.deal:
            self.deal, self.seen = view["deal"], []
        t = len(view["swaps"])
        if view["own_card"]:
            self._note(t, ("seat", self.seat), view["own_card"])
        if view["peeked_card"] and view["peeking_slot"] is not None:
            self._note(t, ("centre", view["peeking_slot"]), view["peeked_card"])

    def _note(self, t: int, place: tuple, card: str) -> None:
        if (t, place, card) not in self.seen:
            self.seen.append((t, place, card))

    def known(self, view: dict) -> dict:
        """Where each remembered card is now, following the public swaps since it was seen."""
        swaps = view["swaps"]
        now: dict[tuple, str] = {}
        for t, place, card in self.seen:
            for sw in swaps[t:]:
                if sw["target"] is None:
                    continue
                a, b = ("centre", sw["slot"]), ("seat", sw["target"])
                place = b if place == a else a if place == b else place
            for p, c in list(now.items()):  # a newer sighting overrides an older one
                if c == card or p == place:
                    del now[p]
            now[place] = card
        return now

    def _worlds(self, view: dict) -> list[dict]:
        known = self.known(view)
        places = [("seat", i) for i in range(view["n_players"])] + [("centre", 0), ("centre", 1)]
        open_places = [p for p in places if p not in known]
        unknown = [c for c in view["deck"] if c not in known.values()]
        worlds = []
        for _ in range(SAMPLES if open_places else 1):
            self.rng.shuffle(unknown)
            w = dict(known)
            w.update(zip(open_places, unknown))
            worlds.append(w)
        return worlds

    def _value(self, world: dict, view: dict) -> int:
        if view["players"][self.seat]["eliminated"]:
            return 0
        # A winner scores each reward symbol matching either centre card's win symbol (計分制, 例2).
        pts = cards.points(world[("seat", self.seat)], [world[("centre", 0)], world[("centre", 1)]])
        return pts if view["variant"] == "scoring" else min(pts, 1)

    # -- decisions ---------------------------------------------------------
    def choose(self, view: dict, legal: list[Action]) -> Action:
        self._observe(view)
        kind = legal[0][0]
        if kind == "look":
            return legal[0]
        if kind == "peek":
            known = self.known(view)
            unseen = [a for a in legal if ("centre", a[1]) not in known]
            pool = unseen or legal
            return pool[self.rng.randrange(len(pool))]
        if kind == "vote":
            return ("vote", self._vote(view))
        return self._swap(view, legal)

    def _swap(self, view: dict, legal: list[Action]) -> Action:
        slot = view["peeking_slot"]
        worlds = self._worlds(view)
        best, best_score = None, None
        for action in legal:
            target = self.seat if action[0] == "swap_own" else action[1] if action[0] == "swap" else None
            total = 0
            for w in worlds:
                if target is not None:
                    w = dict(w)
                    a, b = ("centre", slot), ("seat", target)
                    w[a], w[b] = w[b], w[a]
                total += self._value(w, view)
            # Keep wins ties: a swap that gains nothing only tells the table something.
            if best_score is None or total > best_score:
                best, best_score = action, total
        return best

    def _vote(self, view: dict) -> str:
        worlds = self._worlds(view)
        p_win = sum(1 for w in worlds if self._value(w, view) > 0) / len(worlds)
        # Patience runs out as rounds pass, so a table of bots always comes to blows.
        threshold = max(0.2, 0.65 - 0.1 * (view["round"] - 1))
        if view["round"] >= 6:
            threshold = 0.0
        return "battle" if p_win >= threshold else "wait"

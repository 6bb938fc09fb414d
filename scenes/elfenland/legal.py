"""What the viewing seat may do now, read from legal_actions(viewer) only: it is what glows."""
from __future__ import annotations

from typing import Optional

from game.elfenland.board import Board
from game.elfenland.rules import data as elf_data

COUNTERS = ("pig", "elfcycle", "cloud", "unicorn", "troll", "dragon")
CARDS = COUNTERS + ("raft",)


def payment_order(action: tuple) -> tuple:
    """Cheapest first: fewer cards, fewer kinds, then the cards themselves."""
    return len(action[2]), len(set(action[2])), action[2]


class Legal:
    def __init__(self, actions: list, board: Board, here: Optional[str]) -> None:
        self.actions = list(actions)
        self.take: set = set()                 # face-up slots
        self.pile = False
        self.place: dict[str, set] = {}        # counter kind -> roads
        self.obstacle: set = set()             # roads
        self.pass_ = False
        self.move: dict[int, list] = {}        # road -> its move actions, cheapest first
        self.reach: dict[str, list[int]] = {}  # town -> the roads to it
        self.end = False
        self.discard: set = set()              # card kinds
        self.keep: set = set()                 # (kind, "face_up" | "secret")
        self.keep_none = False
        for a in self.actions:
            k = a[0]
            if k == "take":
                self.take.add(a[1])
            elif k == "take_pile":
                self.pile = True
            elif k == "place":
                self.place.setdefault(a[2], set()).add(a[1])
            elif k == "obstacle":
                self.obstacle.add(a[1])
            elif k == "pass":
                self.pass_ = True
            elif k == "move":
                self.move.setdefault(a[1], []).append(a)
            elif k == "end_move":
                self.end = True
            elif k == "discard":
                self.discard.add(a[1])
            elif k == "keep":
                self.keep.add((a[1], a[2]))
            elif k == "keep_none":
                self.keep_none = True
        for r, acts in self.move.items():
            acts.sort(key=payment_order)
            self.reach.setdefault(board.route(r).other(here), []).append(r)

    def routes_for(self, piece: Optional[tuple]) -> set:
        """The roads a piece of yours may go on now: ("counter", kind) or ("obstacle",)."""
        if not piece:
            return set()
        if piece[0] == "obstacle":
            return set(self.obstacle)
        return set(self.place.get(piece[1], set()))

    def any_place(self) -> set:
        out: set = set()
        for routes in self.place.values():
            out |= routes
        return out | self.obstacle

    def pieces_for(self, route: int) -> list[tuple]:
        """Which of your pieces may go on this road, counters first (in the box's order)."""
        out = [("counter", k) for k in COUNTERS if route in self.place.get(k, set())]
        if route in self.obstacle:
            out.append(("obstacle",))
        return out

    def payments(self, routes: list[int]) -> list[tuple]:
        return sorted((a for r in routes for a in self.move.get(r, [])), key=payment_order)

    @property
    def phase_action(self) -> Optional[tuple]:
        """What the phase button does now: pass, end the move, or keep no counter."""
        if self.pass_:
            return ("pass",)
        if self.end:
            return ("end_move",)
        if self.keep_none:
            return ("keep_none",)
        return None


def is_caravan(action: tuple, board: Board, view: dict) -> bool:
    """Paid with other cards than the road's transport needs (the caravan rule)."""
    route = board.route(action[1])
    kind = view["counters"].get(str(action[1]))
    if route.kind in ("river", "lake") or kind is None:
        return False
    need = (elf_data()["transport_table"][kind][route.kind] or 0) + \
        (elf_data()["obstacle_extra_cards"] if str(action[1]) in view["obstacles"] else 0)
    return not (len(action[2]) == need and all(c == kind for c in action[2]))

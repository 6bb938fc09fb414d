"""The chooser over the map: which of your counters goes on a road that takes several, or how to
pay for a road (the cheapest way first, caravans marked). While it is open it takes every click;
a pick comes back as the one action, Esc or a click outside closes it."""
from __future__ import annotations

from collections import Counter
from typing import Optional

import pygame

from game.elfenland.describe import cards_text, route_name, terrain_name, town_name, transport_name

from ..ui.chooser import Choice, Chooser
from ..ui.panel import USED, Intent, Panel
from . import sprites as art
from .board import place_action
from .legal import CARDS, is_caravan


class ChooserPanel(Panel):
    modal = True

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.visible = False
        self.chooser: Optional[Chooser] = None
        self.area = pygame.Rect(0, 0, 0, 0)
        self._picked: Optional[Intent] = None

    def layout(self, area: pygame.Rect) -> None:
        super().layout(area)
        self.area = pygame.Rect(area)
        self.close()

    def _open(self, title: str, choices: list[Choice], pos, make, hint: str) -> None:
        def pick(value) -> None:
            self._picked = Intent(action=make(value))

        self.chooser = Chooser(self.app, title, choices, pos, self.area, pick, self.close, hint=hint)
        self.visible = True
        self.scene.dirty = True

    def close(self) -> None:
        if self.chooser is not None:
            self.scene.dirty = True
        self.chooser, self.visible = None, False

    def offer_pieces(self, route: int, pieces: list[tuple], pos) -> None:
        """A road glows for several of your counters: pick which one to put there."""
        t, px = self.t, self.px
        choices = []
        for piece in pieces:
            if piece[0] == "obstacle":
                choices.append(Choice(t("elf.obstacle"), piece, [art.obstacle_tile(px(26))]))
            else:
                choices.append(Choice(transport_name(piece[1], t), piece, [art.counter_tile(piece[1], px(26))]))
        self._open(t("elf.ui.choose_piece"), choices, pos, lambda piece: place_action(piece, route),
                   route_name(route, t))

    def offer_payments(self, routes: list[int], acts: list[tuple], pos) -> None:
        """The cheapest payment first; every other distinct legal payment below it."""
        t, px, v = self.t, self.px, self.view
        board = self.scene.board.bv.board
        choices = []
        for i, a in enumerate(acts):
            counts = Counter(a[2])
            icons = [art.travel_card(k, px(20)) for k in CARDS for _ in range(counts[k])]
            label = cards_text(list(a[2]), t)
            if len(routes) > 1:
                label += " · " + terrain_name(board.route(a[1]).kind, t)
            note = t("elf.ui.cheapest") if i == 0 else (t("elf.caravan") if is_caravan(a, board, v) else "")
            choices.append(Choice(label, a, icons, note))
        town = board.route(routes[0]).other(v["players"][self.scene.viewer]["boot"])
        self._open(t("elf.ui.choose_payment", town=town_name(town, t)), choices, pos, lambda a: a,
                   t("elf.ui.choose_payment_hint"))

    def key_targets(self) -> list[tuple]:
        """The keyboard's focus goes down the chooser's lines too (its Up, Down and 1-9 keys stay)."""
        n = len(self.chooser.choices) if self.chooser is not None else 0
        return [("line", i, self.chooser.row_rect(i)) for i in range(n)]

    def draw(self, surface: pygame.Surface) -> None:
        if self.chooser is not None:
            self.chooser.draw(surface)

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if self.chooser is None:
            return None
        self._picked = None
        used = self.chooser.handle(event)
        picked, self._picked = self._picked, None
        if picked is not None:
            self.close()
            return picked
        if used:
            self.scene.dirty = True
        return USED

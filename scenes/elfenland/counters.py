"""Your counters (secret ones carry an eye mark) and your obstacle.

In the plan stage a counter is dragged onto a road (scenes/ui/drag.Drag): this panel holds the
mouse until the release and decides what the drop means, asking the map which glowing road lies
under it; a click picks the counter instead, and then a click on a road places it. In the last
stage a click keeps a counter for the next round.
"""
from __future__ import annotations

from functools import partial
from typing import Optional

import pygame

from ..ui.drag import Drag
from ..ui.panel import USED, Intent
from ..ui.piece import Piece
from . import keys, sprites as art
from . import tips
from .board import place_action
from .strip import StripPanel


class CountersPanel(StripPanel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.drag = Drag()
        self.dropped_at: Optional[tuple[tuple, tuple[int, int]]] = None   # (piece, where) of the last drop

    def title(self) -> str:
        return self.t("elf.ui.your_counters") if self.scene.viewer is not None else self.t("elf.ui.counters_hidden")

    def refresh(self) -> None:
        self.drag.cancel()
        v, t, legal, g, me = self.view, self.t, self.scene.legal, self.geo, self.scene.viewer
        self.pieces.empty()
        if me is not None:
            held = [(k, "face_up") for k in v["players"][me]["counters"]] + [(k, "secret") for k in v["secret_counters"]]
            for i, (k, where) in enumerate(held):
                secret = where == "secret"
                can_place, can_keep = k in legal.place, (k, where) in legal.keep
                p = Piece(("mine", i), art.counter_tile(k, g.tile, secret), art.counter_back(g.tile),
                          centre=self.slot(i).center, tip=partial(tips.my_counter, k, secret, t, can_place, can_keep))
                p.kind, p.where = ("counter", k), where
                p.action = ("keep", k, where) if can_keep else None
                p.glowing = can_place or can_keep
                self.pieces.add(p)
            if v["players"][me]["obstacle"]:
                p = Piece(("obstacle",), art.obstacle_tile(g.tile), centre=self.slot(len(held)).center,
                          tip=partial(tips.my_obstacle, t, bool(legal.obstacle)))
                p.kind, p.where, p.action = ("obstacle",), None, None
                p.glowing = bool(legal.obstacle)
                self.pieces.add(p)
        self.mark_selected()

    def mark_selected(self) -> None:
        selected = self.scene.selected
        for p in self.pieces.sprites():
            p.selected = selected is not None and p.kind == selected
        self.invalidate()

    def paint(self, pic: pygame.Surface, ox: int, oy: int) -> None:
        super().paint(pic, ox, oy)
        if self.scene.viewer is not None and not self.pieces:
            self.none_note(pic, ox, oy)

    def find(self, piece: tuple, where: Optional[str] = None) -> Optional[Piece]:
        """Your last piece of this kind ("counter", kind) / ("obstacle",), face up or secret if told."""
        found = [p for p in self.pieces.sprites() if getattr(p, "kind", None) == piece
                 and (where is None or p.where == where)]
        return found[-1] if found else None

    # -- input -------------------------------------------------------------------------------------
    def key_targets(self) -> list[tuple]:
        return keys.held_targets(self)

    def holding_mouse(self) -> bool:
        return self.drag.active

    def draggable(self, piece: Piece) -> bool:
        return self.view["phase"] == "plan" and bool(self.scene.legal.routes_for(piece.kind))

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        et = event.type
        if et == pygame.MOUSEBUTTONDOWN and event.button == 1:
            piece = self.pieces.at(event.pos)
            if piece is None:
                return None
            if self.draggable(piece):
                self.drag.press(piece, event.pos)
                return USED
            return self.click(piece)
        if et == pygame.MOUSEMOTION:
            if not self.drag.active:
                return self.hover(event)
            started = not self.drag.dragging
            if self.drag.motion(event.pos):
                piece = self.drag.piece
                if started:  # picked up: it shows the size it will have on the road
                    self._lift(piece)
                self.scene.board.drag_hint(self.scene.legal.routes_for(piece.kind), event.pos)
            return USED
        if et == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag.active:
            piece, dragged = self.drag.release(event.pos)
            board = self.scene.board
            board.drag_hint(None)
            self._set_tile(piece)
            if not dragged:
                return self.click(piece)
            route = board.drop_route(event.pos, self.scene.legal.routes_for(piece.kind))
            if route is not None:
                self.dropped_at = (piece.kind, event.pos)
                return Intent(action=place_action(piece.kind, route))
            if board.bv.rect.collidepoint(event.pos):
                return Intent(notice=self.t("elf.ui.notice.drop_on_glow"))
            return USED
        if et == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.scene.selected:
            return Intent(call=lambda: self.scene.select(None))
        return None

    def click(self, piece: Piece) -> Intent:
        scene = self.scene
        if not scene.can_act():
            return self.refusal()
        if piece.action is not None:
            return Intent(action=piece.action)
        if scene.legal.routes_for(piece.kind):
            return Intent(call=lambda: scene.select(None if scene.selected == piece.kind else piece.kind))
        if piece.kind == ("obstacle",) and self.view["phase"] == "plan":
            return Intent(notice=self.t("elf.ui.notice.no_obstacle_road"))
        return self.refusal()

    def _lift(self, piece: Piece) -> None:
        """Picked up: the piece is drawn at the map's counter size, under the mouse, and no
        longer picked by a click (a drag replaces the pick)."""
        size = self.scene.board.bv.counter_size()
        face = art.obstacle_tile(size) if piece.kind == ("obstacle",) else art.counter_tile(piece.kind[1], size)
        centre = piece.rect.center
        piece.face = face
        piece.rect = face.get_rect(center=centre)
        if self.scene.selected is not None and self.scene.selected != piece.kind:
            self.scene.select(None)
        self.invalidate()

    def _set_tile(self, piece: Piece) -> None:
        g = self.geo
        if piece.kind == ("obstacle",):
            piece.set_face(art.obstacle_tile(g.tile))
        else:
            piece.set_face(art.counter_tile(piece.kind[1], g.tile, piece.where == "secret"))
        piece.place(piece.home)
        self.invalidate()

"""The venue board in the middle of the Wonderful Island table: the six venues to choose from, then
the chosen venue's card, its assist and hinder cards (lying sideways in two columns, each with its
name, what it does in short and who placed it), and the venue's procedure as it runs (procedure.py).
Every card on it is a piece with its whole text on hover, seen large with a right click."""
from __future__ import annotations

from typing import Optional

import pygame

from game.wonderful_island import data

from ..ui import draw, theme
from ..ui.panel import Intent, Panel
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from . import art, faces
from .lettering import line_surface
from .tips import effect_tip, venue_tip

VENUE_TEXT = 14    # the words of the venue cards to choose from (design px)
BOARD_TEXT = 16    # ...and of the chosen venue's card
HEAD_TEXT = 15     # the assist and hinder columns' headings
TILE_W = 170       # a card lying on the venue (design px)
TILE_H = 60        # ...at most as high as this


class VenuePanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.picture: Optional[pygame.Surface] = None
        self.slots: list[Piece] = []
        self.subjects: dict = {}  # piece key -> what the card is, to see it large (enlarge.py)

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        px = self.px
        self.board_rect = pygame.Rect(rect.x, rect.y, px(180), rect.h)
        self.tile_w = px(TILE_W)
        slots_w = 2 * self.tile_w + 3 * px(8)
        self.slot_rect = pygame.Rect(self.board_rect.right + px(8), rect.y, slots_w, rect.h)
        self.proc_rect = pygame.Rect(self.slot_rect.right + px(8), rect.y, rect.right - self.slot_rect.right - px(8),
                                     rect.h)
        head = self.head_h()
        rows = max(data.load()["limits"]["slots"].values())
        self.tile_h = min(px(TILE_H), (rect.h - head - px(8)) // rows - px(4))
        # Six venue cards full of words the table has not shown yet cost a frame's worth of first glyph
        # measuring: they are made now (cached by art), not in the frame that first shows them.
        for vid in data.VENUES:
            faces.venue_face(self.fonts, self.t, vid, self._choice_size(), self.tx(VENUE_TEXT), least=px(VENUE_TEXT))
            faces.venue_face(self.fonts, self.t, vid, self.board_rect.size, self.tx(BOARD_TEXT), least=px(BOARD_TEXT))

    def head_h(self) -> int:
        """The height of the assist and hinder columns' headings: their words at the text size."""
        return self.px(24) + self.tx(HEAD_TEXT) - self.px(HEAD_TEXT)

    def _choice_size(self) -> tuple[int, int]:
        """The size of each of the six cards to choose from."""
        px, n = self.px, len(data.VENUES)
        return (self.rect.w - px(8) * (n - 1)) // n, self.rect.h - px(48)

    def refresh(self) -> None:
        v = self.view
        self.pieces.empty()
        self.slots = []
        self.subjects = {}
        pic = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        if v["venue"] is None and v["phase"] == "venue":
            self._venue_choice(pic)
        elif v["venue"] is not None:
            self._add_venue(("board", v["venue"]), self.board_rect.size, self.board_rect.center, BOARD_TEXT)
            self._slots(pic)
            from .procedure import paint_procedure
            paint_procedure(self, pic, self.proc_rect.move(-self.rect.x, -self.rect.y))
        else:
            self._last(pic, pygame.Rect(0, 0, self.rect.w, self.rect.h))
        self.picture = draw.ready(pic)
        self.mark()

    def _add_venue(self, key: tuple, size: tuple[int, int], centre: tuple[int, int], text: int = VENUE_TEXT) -> None:
        face = faces.venue_face(self.fonts, self.t, key[1], size, self.tx(text), least=self.px(text))
        self.pieces.add(Piece(key, face, centre=centre, tip=venue_tip(self.t, key[1])))
        self.subjects[key] = ("venue", key[1], None)

    def add_card(self, key: tuple, face: pygame.Surface, centre: tuple[int, int], cid: str,
                 by: Optional[int] = None) -> Piece:
        """An effect card on the board (a slot, a card of the procedure): its whole text on hover,
        seen large with a right click."""
        name = self.scene.name(by) if by is not None else None
        piece = Piece(key, face, centre=centre, tip=effect_tip(self.t, cid, name, enlarge=True))
        self.pieces.add(piece)
        self.subjects[key] = ("effect", cid, self.t("wi.ui.placed_by_line", name=name) if name else None)
        return piece

    # -- choosing a venue -----------------------------------------------------------------------
    def _venue_choice(self, pic: pygame.Surface) -> None:
        px = self.px
        gap = px(8)
        w, h = self._choice_size()
        for i, vid in enumerate(data.VENUES):
            r = pygame.Rect(self.rect.x + i * (w + gap), self.rect.y, w, h)
            self._add_venue(("venue", vid), (w, h), r.center)
        self._last(pic, pygame.Rect(0, self.rect.h - px(44), self.rect.w, px(44)))

    # -- the chosen venue ---------------------------------------------------------------------------
    def _slots(self, pic: pygame.Surface) -> None:
        """Two columns, assist and hinder, of the cards placed on the venue, in the order placed."""
        px, t, v = self.px, self.t, self.view
        r = self.slot_rect.move(-self.rect.x, -self.rect.y)
        draw.panel(pic, r, fill=art.FELT_DARK, border=theme.GOLD, radius=px(8), width=2, drop=False)
        limits = data.load()["limits"]["slots"]
        placed = {"assist": [], "hinder": []}
        for index, slot in enumerate(v["slots"]):
            placed[slot["kind"]].append((index, slot))
        for col, kind in enumerate(("assist", "hinder")):
            x = r.x + px(8) + col * (self.tile_w + px(8))
            label = line_surface(self.fonts, t("wi.ui.kind_on_venue." + kind, n=len(placed[kind]), max=limits[kind]),
                                 self.tx(HEAD_TEXT), art.KIND_RGB[kind], self.tile_w, bold=True)
            pic.blit(label, (x, r.y + px(4)))
            top = r.y + self.head_h()
            for i in range(limits[kind]):
                tile = pygame.Rect(x, top + i * (self.tile_h + px(4)), self.tile_w, self.tile_h)
                if i < len(placed[kind]):
                    index, slot = placed[kind][i]
                    face = faces.slot_tile(self.fonts, t, slot["card"], slot["by"], tile.size)
                    self.slots.append(self.add_card(("slot", index), face, tile.move(self.rect.topleft).center,
                                                    slot["card"], slot["by"]))
                else:
                    pygame.draw.rect(pic, (*art.KIND_RGB[kind], 110), tile, 1, border_radius=px(5))
        self.slots.sort(key=lambda piece: piece.key[1])  # in the order placed, the last placed last

    def _last(self, pic: pygame.Surface, r: pygame.Rect) -> None:
        """The last settlement in one line, until the next venue is chosen."""
        last = self.view["last_settlement"]
        if not last:
            return
        t, px = self.t, self.px
        def signed(n: int) -> str:
            return f"{n:+d}".replace("-", "−")
        others = [t("wi.ui.gain_of", name=self.scene.name(int(s)), votes=signed(k))
                  for s, k in last["others"].items() if k]
        key = "wi.ui.last_settlement_jailed" if last.get("jailed") else "wi.ui.last_settlement"
        text = t(key, name=self.scene.name(last["seat"]), venue=data.venue_name(last["venue"], t.lang),
                 votes=signed(last["votes"]), iron=signed(last["iron"]))
        if others:
            text += " " + t("wi.list_sep").join(others)
        surf = fit_text(self.fonts, text, self.tx(15), theme.GOLD_LIGHT, r.w - px(10), bold=True)
        pic.blit(surf, surf.get_rect(midleft=(r.x + px(4), r.centery)))

    def mark(self) -> None:
        scene = self.scene
        venue_options = scene.venue_options()
        slot_options = scene.slot_options()
        for piece in self.pieces:
            if piece.key[0] == "venue":
                piece.action = venue_options.get(piece.key[1])
            elif piece.key[0] == "slot":
                piece.action = slot_options.get(piece.key[1])
            piece.glowing = piece.action is not None

    def draw(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, self.rect)
        self.pieces.draw(surface)

    def on_piece(self, piece: Piece) -> Optional[Intent]:
        if piece.action is not None:
            return self.scene.picked(piece.action)
        subject = self.subjects.get(piece.key)
        return Intent(call=lambda: self.scene.enlarge(subject)) if subject is not None else None

"""The venue board in the middle of the Wonderful Island table: the six venues to choose from, then
the chosen board with its assist and hinder cards, the dice, and the venue's procedure as it runs
(the legislature's offers, answers and hands; poaching's two sides; the debate's issue, dice and
answers). Every card on it is a piece with its text on hover."""
from __future__ import annotations

from typing import Optional

import pygame

from game.wonderful_island import data

from ..ui import draw, theme
from ..ui.panel import Intent, Panel
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from . import art

VENUE_TEXT = 13


class VenuePanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.picture: Optional[pygame.Surface] = None
        self.slots: list[Piece] = []
        # Venue card faces by (venue, size, language): six cards full of text the table has not
        # shown yet cost a frame's worth of first glyph measuring, so they are made when the table
        # is laid out, not in the frame that first shows them.
        self._faces: dict[tuple, pygame.Surface] = {}

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        px = self.px
        self.board_rect = pygame.Rect(rect.x, rect.y, px(220), rect.h)
        self.slot_w = px(64)
        slots_w = 4 * (self.slot_w + px(6)) + px(16)
        self.slot_rect = pygame.Rect(self.board_rect.right + px(10), rect.y, slots_w, rect.h)
        self.proc_rect = pygame.Rect(self.slot_rect.right + px(10), rect.y, rect.right - self.slot_rect.right - px(10),
                                     rect.h)
        self._faces = {}
        for vid in data.VENUES:  # made now (see __init__); the chosen venue's board card too
            self._venue_card(vid, self._choice_size())
            self._venue_card(vid, self.board_rect.size)

    def _choice_size(self) -> tuple[int, int]:
        """The size of each of the six cards to choose from."""
        px, n = self.px, len(data.VENUES)
        return (self.rect.w - px(8) * (n - 1)) // n, self.rect.h - px(64)

    def card_tip(self, cid: str, by: Optional[int] = None) -> str:
        t = self.t
        c = data.card(cid)
        head = t.name(c["name"]) + (t("wi.ui.placed_by", name=self.scene.name(by)) if by is not None else "")
        return f"{head}\n{t.name(c['text'])}"

    def refresh(self) -> None:
        v = self.view
        self.pieces.empty()
        self.slots = []
        pic = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        if v["venue"] is None and v["phase"] == "venue":
            self._venue_choice(pic)
        elif v["venue"] is not None:
            self._board(pic)
            self._slots(pic)
            self._procedure(pic)
        else:
            self._last(pic, pygame.Rect(0, 0, self.rect.w, self.rect.h))
        self.picture = draw.ready(pic)
        self.mark()

    # -- choosing a venue -----------------------------------------------------------------------
    def _venue_choice(self, pic: pygame.Surface) -> None:
        px, t = self.px, self.t
        venues = data.VENUES
        gap = px(8)
        w, h = self._choice_size()
        for i, vid in enumerate(venues):
            r = pygame.Rect(self.rect.x + i * (w + gap), self.rect.y, w, h)
            face = self._venue_card(vid, (w, h))
            venue = data.load()["venue_by_id"][vid]
            tip = f"{t.name(venue['name'])}\n{t.name(venue['venue_text'])}\n{t('wi.ui.assist_effect')}: " \
                  f"{t.name(venue['assist_text'])}"
            self.pieces.add(Piece(("venue", vid), face, centre=r.center, tip=tip))
        last = pygame.Rect(0, self.rect.h - px(58), self.rect.w, px(58))
        self._last(pic, last)

    def _venue_card(self, vid: str, size: tuple[int, int]) -> pygame.Surface:
        key = (vid, tuple(size), self.t.lang)
        face = self._faces.get(key)
        if face is None:
            face = self._faces[key] = self._paint_venue_card(vid, size)
        return face

    def _paint_venue_card(self, vid: str, size: tuple[int, int]) -> pygame.Surface:
        px, t, fonts = self.px, self.t, self.fonts
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        venue = data.load()["venue_by_id"][vid]
        colour = art.VENUE_RGB[vid]
        draw.panel(surf, surf.get_rect(), fill=theme.PARCHMENT, border=colour, radius=px(8), width=px(3), drop=False)
        band = pygame.Rect(px(3), px(3), w - px(6), px(30))
        pygame.draw.rect(surf, colour, band, border_radius=px(6))
        name = fit_text(fonts, t.name(venue["name"]), px(16), theme.WHITE, band.w - px(6), bold=True)
        surf.blit(name, name.get_rect(center=band.center))
        body = pygame.Rect(px(8), band.bottom + px(6), w - px(16), h - band.bottom - px(10))
        assist = pygame.Rect(body.x, body.bottom - int(body.h * 0.3), body.w, int(body.h * 0.3))
        body.h -= assist.h + px(4)
        art._wrap(surf, fonts, t.name(venue["venue_text"]), px(12), theme.INK, body)
        art._wrap(surf, fonts, t("wi.ui.assist_effect") + ": " + t.name(venue["assist_text"]), px(11),
                  theme.INK_SOFT, assist)
        return surf

    # -- the chosen venue ---------------------------------------------------------------------------
    def _board(self, pic: pygame.Surface) -> None:
        r = self.board_rect.move(-self.rect.x, -self.rect.y)
        face = self._venue_card(self.view["venue"], r.size)
        pic.blit(face, r)

    def _slots(self, pic: pygame.Surface) -> None:
        px, t, fonts, v = self.px, self.t, self.fonts, self.view
        r = self.slot_rect.move(-self.rect.x, -self.rect.y)
        draw.panel(pic, r, fill=art.FELT_DARK, border=theme.GOLD, radius=px(8), width=2, drop=False)
        ch = art.card_size(self.slot_w)[1]
        rows = {"assist": r.y + px(24), "hinder": r.y + px(24) + ch + px(24)}
        for kind, y in rows.items():
            label = fonts.text(t("wi.ui.kind." + kind), px(13), art.KIND_RGB[kind], bold=True)
            pic.blit(label, (r.x + px(8), y - px(19)))
            for i in range(data.load()["limits"]["slots"][kind]):
                sr = pygame.Rect(r.x + px(8) + i * (self.slot_w + px(6)), y, self.slot_w, ch)
                pygame.draw.rect(pic, (*art.KIND_RGB[kind], 90), sr, 1, border_radius=px(5))
        counts = {"assist": 0, "hinder": 0}
        for index, slot in enumerate(v["slots"]):
            kind = slot["kind"]
            i = counts[kind]
            counts[kind] += 1
            sr = pygame.Rect(self.slot_rect.x + px(8) + i * (self.slot_w + px(6)), self.rect.y + rows[kind],
                             self.slot_w, ch)
            piece = Piece(("slot", index), art.effect_card(fonts, t, slot["card"], self.slot_w), centre=sr.center,
                          tip=self.card_tip(slot["card"], slot["by"]))
            self.slots.append(piece)
            self.pieces.add(piece)

    def _procedure(self, pic: pygame.Surface) -> None:
        """What the venue's procedure shows now, in words and small cards (all public)."""
        from .procedure import paint_procedure
        paint_procedure(self, pic, self.proc_rect.move(-self.rect.x, -self.rect.y))

    def _last(self, pic: pygame.Surface, r: pygame.Rect) -> None:
        """The last settlement in one line, until the next venue is chosen."""
        last = self.view["last_settlement"]
        if not last:
            return
        t, px = self.t, self.px
        others = [t("wi.ui.gain_of", name=self.scene.name(int(s)), votes=f"{k:+d}")
                  for s, k in last["others"].items() if k]
        text = t("wi.ui.last_settlement", name=self.scene.name(last["seat"]), venue=data.venue_name(last["venue"], t.lang),
                 votes=f"{last['votes']:+d}", iron=last["iron"])
        if others:
            text += " " + t("wi.list_sep").join(others)
        surf = fit_text(self.fonts, text, px(15), theme.GOLD_LIGHT, r.w - px(10), bold=True)
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
        return self.scene.picked(piece.action) if piece.action is not None else None

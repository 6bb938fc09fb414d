"""What the viewer is asked to do on the gate mat: look at their card, the centre card they lifted,
or the two vote cards. Each choice is a glowing piece (a click is its action) with a button."""
from __future__ import annotations

from typing import Optional

import pygame

from game.xuanwu_gate.describe import slot_name

from ..ui import draw, theme
from ..ui.cached_group import CachedGroup
from ..ui.panel import USED, Intent, Panel
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from ..ui.widgets import Button
from . import cards as art


class PromptPanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.frame: Optional[pygame.Rect] = None       # the parchment behind look and vote
        self.texts: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.areas: list[pygame.Rect] = []              # where this panel answers the mouse
        self.buttons = CachedGroup()

    def refresh(self) -> None:
        v, px, t, fonts = self.view, self.px, self.t, self.fonts
        board = self.scene.board
        self.pieces.empty()
        self.frame, self.texts, self.areas = None, [], []
        self.buttons = CachedGroup()
        if not self.scene.can_act():
            return
        phase = v["phase"]
        face_w = px(158)
        centre = board.rect.center
        if phase == "look" and v["own_card"]:
            panel = pygame.Rect(0, 0, face_w + px(150), art.card_size(face_w)[1] + px(120))
            panel.center = centre
            self.frame = panel
            self._text(fonts.text(t("xw.your_card"), px(22), theme.INK, bold=True), midtop=(panel.centerx, panel.y + px(12)))
            face = art.card_face(fonts, t, v["own_card"], face_w)
            fr = face.get_rect(midtop=(panel.centerx, panel.y + px(48)))
            self._choice(("look",), face, fr, board._tip(t("xw.tip.yours"), v["own_card"]))
            self.buttons.add(Button(lambda: t("xw.remember"), lambda: self.scene.act(("look",)),
                                    (panel.centerx - px(90), fr.bottom + px(12), px(180), px(42)), style="primary",
                                    hotkey=pygame.K_RETURN, size=px(19)))
            self.areas.append(panel)
        elif phase == "layout" and v["peeking_slot"] is not None:
            slot = v["peeking_slot"]
            face = art.card_face(fonts, t, v["peeked_card"], face_w)
            base = board.centre_rect(slot)
            fr = face.get_rect(center=base.center)
            shift = (fr.w - base.w) // 2 + px(10)
            fr.x += -shift if slot == 0 else shift
            fr.y -= px(14)
            self._choice(("keep",), face, fr, board._tip(t("xw.tip.peeked"), v["peeked_card"]))
            cap = fonts.text(t("xw.peeked", slot=slot_name(slot, t)), px(15), theme.GOLD_LIGHT, bold=True)
            self._text(cap, midbottom=(fr.centerx, fr.y - px(4)))
            button = pygame.Rect(fr.centerx - px(80), fr.bottom + px(8), px(160), px(38))
            self.buttons.add(Button(lambda: t("xw.put_back"), lambda: self.scene.act(("keep",)), button,
                                    style="primary", size=px(17)))
            self.areas += [fr, button]
        elif phase == "vote":
            vw = px(118)
            vh = art.card_size(vw)[1]
            panel = pygame.Rect(0, 0, 2 * vw + px(90), vh + px(100))
            panel.center = centre
            self.frame = panel
            self._text(fonts.text(t("xw.prompt.vote"), px(21), theme.INK, bold=True),
                       midtop=(panel.centerx, panel.y + px(10)))
            need = fit_text(fonts, t("xw.needed", needed=v["votes_needed"], voters=v["voters"]), px(15),
                            theme.INK_SOFT, panel.w - px(20))
            self._text(need, midtop=(panel.centerx, panel.y + px(40)))
            for i, vote in enumerate(("battle", "wait")):
                img = art.vote_card(fonts, t, vote, vw)
                r = img.get_rect(topleft=(panel.x + px(30) + i * (vw + px(30)), panel.y + px(72)))
                self._choice(("vote", vote), img, r, t("xw.tip.vote." + vote))
            self.areas.append(panel)

    def _text(self, surf: pygame.Surface, **where) -> None:
        self.texts.append((surf, surf.get_rect(**where)))

    def _choice(self, action: tuple, picture: pygame.Surface, rect: pygame.Rect, tip: str) -> None:
        piece = Piece(action, picture, centre=rect.center, tip=tip)
        piece.action, piece.glowing = action, True
        self.pieces.add(piece)

    def targets(self) -> list[Piece]:
        return list(self.pieces)

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and any(r.collidepoint(pos) for r in self.areas)

    def draw(self, surface: pygame.Surface) -> None:
        if self.frame is not None:
            draw.panel(surface, self.frame, radius=self.px(12), width=self.px(3))
        for surf, r in self.texts:
            surface.blit(surf, r)
        self.pieces.draw(surface)
        self.buttons.draw(surface, self.fonts)

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if self.buttons.handle(event):
            return USED
        if event.type == pygame.MOUSEMOTION:
            return USED if self.pieces.set_hover(event.pos) else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            piece = self.pieces.at(event.pos)
            return Intent(action=piece.action) if piece is not None else USED
        return None

    def mouse_left(self) -> bool:
        changed = self.pieces.set_hover(None)
        return self.buttons.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(-1, -1), rel=(0, 0),
                                                      buttons=(0, 0, 0))) or changed

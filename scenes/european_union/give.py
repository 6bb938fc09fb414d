"""Give influence (the designer's ruling on deals), a dialog over the European Union table: the
viewing human hands some of their own influence to another party. The table's list of gifts
names only who may give to whom (how much anyone has is behind their screen); the amount comes
from the giver's own view, where the engine says the most they may give (what they have free, a bid
already made staying in the hand, at most 20). Confirming
opens the gift at the table ("give", from, to) and the giver says how much ("gift", amount).
If a gift of the viewer's is still open (an undo took its amount back), the dialog comes back for
it, its receiver fixed; Cancel then gives nothing. The dialog closes if another player comes to
the screen."""
from __future__ import annotations

from typing import Optional

import pygame

from game.european_union.describe import party_name

from ..ui import draw, theme
from ..ui.cached_group import CachedGroup
from ..ui.panel import USED, Intent
from ..ui.textfit import blit_lines, fit_text
from ..ui.widgets import Button
from .base import EUPanel, text_grow
from .cards import party_rgb


class GivePanel(EUPanel):
    modal = True

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.visible = False
        self.giver: Optional[int] = None
        self.recipients: list[int] = []
        self.fixed = False               # a gift already open at the table: its receiver is set
        self.to: Optional[int] = None
        self.amount = 1
        self.box = pygame.Rect(0, 0, 0, 0)
        self.seat_buttons: list[tuple[int, Button]] = []
        self.steppers: dict[int, Button] = {}   # -5, -1, +1, +5
        self.ok: Optional[Button] = None
        self.cache: Optional[pygame.Surface] = None
        self.body_h = 0                  # the height of the body's lines (the box grows for them)

    # -- open and close ----------------------------------------------------------------------------
    def open(self) -> None:
        """The viewer's new gift: any party the table lists for them, up to what they have free."""
        scene = self.scene
        self.giver = scene.viewer
        self.recipients = scene.gift_recipients()
        self.fixed = False
        self.to = self.recipients[0] if self.recipients else None
        self.amount = 1
        self.visible = bool(self.recipients) and self.top_amount() > 0
        self._build()

    def open_pending(self, to: int) -> None:
        """The viewer's gift already open at the table: only the amount is still to say."""
        self.giver, self.recipients, self.fixed, self.to = self.scene.viewer, [to], True, to
        self.amount = max(1, min(self.amount, self.top_amount()))
        self.visible = True
        self._build()

    def close(self) -> None:
        self.visible = False
        self.cache = None

    def cancel(self) -> None:
        self.close()
        if self.fixed:   # the gift is open at the table: say it gives nothing
            self.say(Intent(action=("gift", 0)))

    def refresh(self) -> None:
        self.cache = None
        if self.visible and self.scene.viewer != self.giver:
            self.close()   # another player at the screen: nobody else's dialog stays open

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        if self.visible:
            self._build()

    def top_amount(self) -> int:
        """The most the giver may give, as the engine says in their view."""
        return self.scene.may_give()

    def _build(self) -> None:
        px, t, w, h = self.px, self.t, self.rect.w, self.rect.h
        rows = (len(self.recipients) + 1) // 2
        box_w = min(w - px(60), px(620))
        # At a larger text size the box grows by the title's growth and the body's lines (at 100 %: none).
        self.body_h = px(60)
        if text_grow(self, 15):
            body = t("eu.ui.give.body", n=self.scene.free_influence())
            lines = len(self.fonts.wrap(body, self.tx(15), box_w - px(60)))
            self.body_h = max(px(60), lines * int(self.tx(15) * 1.35) + px(4))
        g = text_grow(self, 24) + self.body_h - px(60)
        self.box = pygame.Rect(0, 0, box_w, px(330) + rows * px(50) + g + text_grow(self, 15) + text_grow(self, 13))
        self.box.center = (w // 2, h // 2)
        self.buttons = CachedGroup()
        self.seat_buttons = []
        bw = (self.box.w - px(70)) // 2
        y0 = self.box.y + px(118) + g
        for i, s in enumerate(self.recipients):
            label = f"{theme.SEAT_LETTERS[s]}  {self.scene.name(s)} · {party_name(self.scene.party(s), t)}"
            if text_grow(self, 15):
                label = "   " + label   # a label filling the button keeps off the party's colour bar
            r = (self.box.x + px(30) + (i % 2) * (bw + px(10)), y0 + (i // 2) * px(50), bw, px(42))
            b = Button(label, lambda s=s: self.pick(s), r, size=px(15))
            self.seat_buttons.append((s, b))
            self.buttons.add(b)
        y = y0 + rows * px(50) + px(40) + text_grow(self, 15)   # under the amount's label
        self.amount_y = y
        sw, cx = px(60), self.box.centerx
        self.steppers = {}
        for label, d, x in (("−5", -5, cx - px(200)), ("−1", -1, cx - px(132)), ("+1", 1, cx + px(72)),
                            ("+5", 5, cx + px(140))):
            self.steppers[d] = Button(label, lambda d=d: self.step(d), (x, y, sw, px(40)), size=px(18))
            self.buttons.add(self.steppers[d])
        by = self.box.bottom - px(64)
        self.ok = Button(lambda: t("eu.ui.give.confirm", n=self.amount), self.confirm,
                         (cx + px(10), by, px(200), px(44)), style="primary", size=px(18), hotkey=pygame.K_RETURN)
        self.buttons.add(Button(t("eu.ui.give.none") if self.fixed else t("table.cancel"), self.cancel, (cx - px(210), by, px(200), px(44)), size=px(18)),
                         self.ok)
        self.cache = None
        self._sync()

    def _sync(self) -> None:
        self.amount = max(1, min(self.amount, self.top_amount() or 1))
        for s, b in self.seat_buttons:
            b.selected = s == self.to
        self.ok.enabled = self.to is not None and 1 <= self.amount <= self.top_amount()

    def pick(self, seat: int) -> None:
        if seat in self.recipients:
            self.to = seat
        self._sync()

    def step(self, d: int) -> None:
        self.amount += d
        self._sync()

    def confirm(self) -> None:
        if self.to is None or not 1 <= self.amount <= self.top_amount():
            return
        self.close()
        if self.fixed:
            self.say(Intent(action=("gift", self.amount)))
        else:
            to, amount = self.to, self.amount
            self.say(Intent(call=lambda: self.scene.make_gift(to, amount)))

    def guide(self, action, after) -> Optional[Button]:
        """The next click on the way to a gift (a guided game's pointer): Give influence while the
        dialog is closed, then in it the receiver, the amount (the gift's own, or for the opening
        the learner's scripted move `after` it), then Give."""
        if not self.visible:
            button = self.scene.column.btn_give
            return button if action[0] == "give" and button.visible and button.enabled else None
        if action[0] == "give":
            return self.next_click(action[2], after[1] if after and after[0] == "gift" else 1)
        return self.next_click(self.to, action[1])   # the gift is open at the table: its receiver is set

    def next_click(self, to: int, amount: int) -> Optional[Button]:
        """The button a person clicks next on the way to giving `amount` to `to` (a guided game's
        pointer): the receiver, the steps from the amount dialled, then the gift itself."""
        if not self.visible or self.ok is None:
            return None
        if self.to != to:
            return next((b for s, b in self.seat_buttons if s == to), None)
        if self.amount != amount:
            d = amount - self.amount
            return self.steppers[5 if d >= 5 else 1 if d > 0 else -5 if d <= -5 else -1]
        return self.ok

    # -- input and drawing ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        answer = self._buttons(event)
        if answer is not None:
            return answer
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return self._said or USED
        return None

    def snapshot(self) -> Optional[pygame.Surface]:
        return self.cache

    def draw(self, surface: pygame.Surface) -> None:
        px, fonts, t = self.px, self.fonts, self.t
        if self.cache is None:  # the table stands still under the dialog: one picture of both
            draw.dim(surface, 140)
            draw.panel(surface, self.box, radius=px(14), width=px(4))
            title = fit_text(fonts, t("eu.ui.give.title"), self.tx(24), theme.VERMILION_DARK, self.box.w - px(40),
                             bold=True)
            surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.box.y + px(16))))
            blit_lines(surface, fonts, t("eu.ui.give.body", n=self.scene.free_influence()), self.tx(15), theme.INK,
                       pygame.Rect(self.box.x + px(30), self.box.y + px(54) + text_grow(self, 24), self.box.w - px(60),
                                   self.body_h), centre=True)
            self.cache = surface.copy()
        else:
            surface.blit(self.cache, (0, 0))
        self.buttons.draw(surface, fonts)
        for s, b in self.seat_buttons:  # the party's colour beside the seat letter, never colour alone
            bar = pygame.Rect(b.rect.x + px(6), b.rect.y + px(8), px(8), b.rect.h - px(16))
            pygame.draw.rect(surface, party_rgb(self.scene.party(s)), bar, border_radius=px(3))
            # outlined: the white party's bar on the button's parchment
            pygame.draw.rect(surface, theme.INK_SOFT, bar, 1, border_radius=px(3))
        lab = fit_text(fonts, t("eu.ui.give.amount"), self.tx(15), theme.INK_SOFT, self.box.w - px(40), bold=True)
        surface.blit(lab, lab.get_rect(midbottom=(self.box.centerx, self.amount_y - px(6))))
        num = fonts.text(str(self.amount), px(38), theme.VERMILION_DARK, bold=True)
        surface.blit(num, num.get_rect(center=(self.box.centerx, self.amount_y + px(20))))
        note = fit_text(fonts, t("eu.ui.give.max", n=self.top_amount()), self.tx(13), theme.INK_SOFT, self.box.w - px(40))
        surface.blit(note, note.get_rect(midtop=(self.box.centerx, self.amount_y + px(48))))

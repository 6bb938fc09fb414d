"""The hand-off curtain: an opaque screen between two humans' private views.

Nothing beneath an opaque scene is drawn, so the previous player's cards can
never show through while the screen is being passed. Esc (or the Menu button
in the corner) opens the game's menu over the curtain: leave, read the rules
or change the settings without the next player's view ever showing. The person
who just acted is still at the screen when it goes up: if their move may be
taken back, an Undo in the other corner (or Ctrl+Z) does it, naming them and
showing nothing of anyone's hand.
"""
from __future__ import annotations

from typing import Callable, Optional, Union

import pygame

from ..manager import Scene
from ..ui import draw, theme
from ..ui.textfit import fit_text
from ..ui.widgets import Button


# Keys that scroll the recap: (+1 back to earlier lines / -1 towards the latest, a page or a line).
SCROLL_KEYS = {pygame.K_UP: (1, False), pygame.K_DOWN: (-1, False),
               pygame.K_PAGEUP: (1, True), pygame.K_PAGEDOWN: (-1, True)}


class CurtainScene(Scene):
    opaque = True
    modal = True

    def __init__(self, app, name: str, colour: tuple, on_ready: Callable[[], None],
                 summary: Union[list[str], Callable[[], list[str]], None] = None,
                 on_menu: Optional[Callable[[], None]] = None,
                 take_back: Optional[tuple[str, Callable[[], None]]] = None) -> None:
        super().__init__(app)
        self.name = name
        self.colour = colour
        self.on_ready = on_ready
        # Public events since the last hand-off, in words: a list, or a function that words them
        # in the current language (the language may change from the menu while the curtain is up).
        self._summary = summary
        self.on_menu = on_menu
        self.menu_button = Button(lambda: self.app.t("table.menu"), self.open_menu)
        self.menu_button.visible = on_menu is not None
        # (name of the person who just acted, their undo): offered while the screen is still theirs.
        self.take_back = take_back
        self.undo_button = Button(lambda: self.app.t("curtain.undo", name=take_back[0]) if take_back else "",
                                  self.undo)
        self.undo_button.visible = take_back is not None
        self.background = None
        # The recap can be longer than the box: it opens on its last lines; the wheel, the arrow
        # keys and Page Up / Page Down scroll back (scroll = lines hidden below the box).
        self.scroll = 0
        self._recap_room = 0
        self._recap_total = 0

    @property
    def summary(self) -> list[str]:
        words = self._summary() if callable(self._summary) else self._summary
        return list(words or [])

    def layout(self, w: int, h: int) -> None:
        self.background = draw.table_background((w, h))
        px = self.app.px
        self.menu_button.rect = pygame.Rect(w - px(10) - px(104), px(16), px(104), px(40))
        self.menu_button.size = px(18)
        if self.take_back is not None:
            fonts = self.app.fonts
            self.undo_button.size = px(18)
            label = fonts.text(self.app.t("curtain.undo", name=self.take_back[0]), fonts.read(px(18)), theme.INK)
            # as wide as its words, but never into the Menu button (the button shrinks its words then)
            room = self.menu_button.rect.x - px(30)
            self.undo_button.rect = pygame.Rect(px(10), px(16), min(room, label.get_width() + px(32)), px(40))
        self.dirty = True

    def open_menu(self) -> None:
        if self.on_menu is not None:
            self.on_menu()

    def undo(self) -> None:
        """Take the last move back: done under the curtain (so the table raises no second one), then
        the curtain goes and the table shows whose screen it is now (behind a new curtain if needed)."""
        if self.take_back is not None:
            self.take_back[1]()
            self.app.manager.remove(self)

    def scroll_by(self, lines: int) -> None:
        most = max(0, self._recap_total - self._recap_room)
        scroll = max(0, min(most, self.scroll + lines))
        if scroll != self.scroll:
            self.scroll = scroll
            self.dirty = True

    def handle(self, event):
        if self.menu_button.hovered_changed(event) or self.undo_button.hovered_changed(event):
            self.dirty = True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(3 * event.y)
            return None
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            sign, page = SCROLL_KEYS[event.key]
            self.scroll_by(sign * (max(1, self._recap_room - 1) if page else 1))
            return None
        if self.menu_button.handle(event) or self.undo_button.handle(event):  # a click on them is not "ready"
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_menu()
            return None
        ready = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or \
                (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER))
        if ready:
            # Hand the screen over first: removing the curtain uncovers the table, which
            # would otherwise see the hand-off still pending and raise a second curtain.
            self.on_ready()
            self.app.manager.remove(self)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        px, tx, fonts, t = self.app.px, self.app.tx, self.app.fonts, self.app.t
        w, h = surface.get_size()
        surface.blit(self.background, (0, 0))
        box_w = min(w - px(100), px(680 * min(1.3, self.app.text_scale)))
        # The recap (public events only) wraps into as many lines as fit the window; the rest scrolls.
        # Its words, the call to look away and to click are read: at the text size.
        size, line_h = tx(17), tx(24)
        head_h = tx(36) - px(36)   # what the larger words above the recap take more
        hint_h = px(34) if self.on_menu is not None else 0
        bullet = fonts.text("• ", size, theme.INK).get_width()  # a wrapped entry's next lines hang under its text
        every = [(ln, i > 0) for entry in self.summary
                 for i, ln in enumerate(fonts.wrap("• " + entry, size, box_w - px(70) - bullet))]
        # The box keeps below the Undo button where the two would meet across (a narrow window).
        margin = px(60)
        if self.undo_button.visible and self.undo_button.rect.right + px(10) > (w - box_w) // 2:
            margin = max(margin, 2 * (self.undo_button.rect.bottom + px(10)))
        room = max(0, (h - margin - px(300) - 2 * head_h - px(40) - hint_h) // line_h)
        self._recap_room, self._recap_total = room, len(every)
        self.scroll = max(0, min(self.scroll, len(every) - room))
        end = len(every) - self.scroll
        lines = every[max(0, end - room):end] if room else []
        recap_h = (px(4) + tx(36) + len(lines) * line_h) if lines else 0
        box = pygame.Rect(0, 0, box_w, px(300) + 2 * head_h + recap_h + hint_h)
        box.center = (w // 2, h // 2)
        draw.panel(surface, box, radius=px(18), width=px(5))
        band = pygame.Rect(box.x + px(5), box.y + px(5), box.w - px(10), px(14))
        pygame.draw.rect(surface, self.colour, band, border_radius=px(6))
        title = fonts.text(t("curtain.pass_to", name=self.name), px(34), theme.INK, bold=True)
        if title.get_width() > box.w - px(40):
            title = fonts.text(t("curtain.pass_to", name=self.name), px(26), theme.INK, bold=True)
        surface.blit(title, title.get_rect(center=(box.centerx, box.y + px(95))))
        hint = fit_text(fonts, t("curtain.others_look_away"), tx(20), theme.INK_SOFT, box.w - px(40))
        surface.blit(hint, hint.get_rect(center=(box.centerx, box.y + px(150) + head_h // 2)))
        if lines:
            recap = pygame.Rect(box.x + px(24), box.y + px(185) + head_h, box.w - px(48), recap_h)
            pygame.draw.rect(surface, theme.PARCHMENT_DARK, recap, border_radius=px(8))
            ms = None
            if len(every) > len(lines):  # say where the rest is
                above, below = end - len(lines), self.scroll
                ms = fonts.text(t("curtain.more", above=above, below=below), tx(14), theme.INK_SOFT)
                surface.blit(ms, ms.get_rect(topright=(recap.right - px(14), recap.y + px(10))))
            room_w = recap.w - px(28) - (ms.get_width() + px(12) if ms is not None else 0)
            head = fit_text(fonts, t("curtain.since_last"), tx(16), theme.VERMILION_DARK, room_w, bold=True)
            surface.blit(head, (recap.x + px(14), recap.y + px(8)))
            y = recap.y + tx(36)
            for line, hangs in lines:
                surface.blit(fonts.text(line, size, theme.INK), (recap.x + px(14) + (bullet if hangs else 0), y))
                y += line_h
        cta = fit_text(fonts, t("curtain.click_when_ready", name=self.name), tx(22), theme.VERMILION, box.w - px(40),
                       bold=True)
        surface.blit(cta, cta.get_rect(center=(box.centerx, box.bottom - px(55) - hint_h)))
        if self.on_menu is not None:
            hint = fit_text(fonts, t("curtain.menu_hint"), tx(16), theme.INK_SOFT, box.w - px(40))
            surface.blit(hint, hint.get_rect(center=(box.centerx, box.bottom - px(40))))
        self.menu_button.draw(surface, fonts)
        self.undo_button.draw(surface, fonts)

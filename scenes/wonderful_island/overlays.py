"""Two overlays of the Wonderful Island table: a character read in full (a click on a seat or on
one's own card), and the settlement just made, step by step (card effects, venue, assist and what
each seat gained or lost), which stays until it is clicked away or, with bots only, for a while."""
from __future__ import annotations

from typing import Optional

import pygame

from game.wonderful_island import data

from ..ui import draw, theme
from ..ui.cached_group import CachedGroup
from ..ui.close_up import CloseUpPanel
from ..ui.panel import USED, Intent, Panel
from ..ui.textfit import fit_text
from ..ui.widgets import Button
from . import art


class ZoomPanel(CloseUpPanel):
    """A character card at a readable size (the subject is the seat)."""
    dim = 120

    @property
    def seat(self) -> Optional[int]:
        return self.subject

    def make_picture(self, seat: int) -> Optional[pygame.Surface]:
        v, px = self.view, self.px
        cid = v["players"][seat]["character"]
        if cid is None:
            return None
        w, h = min(px(380), self.rect.w - px(40)), min(px(460), self.rect.h - px(40))
        return art.character_card(self.fonts, self.t, cid, w, h, v["mark"])

    def heading(self) -> Optional[str]:
        return self.scene.name(self.subject) if self.subject is not None else None


def settlement_lines(scene, start: int) -> tuple[str, list[str], str]:
    """The title, the steps and the result (its arithmetic) of the settlement whose "settle" event
    is match.events[start]. A settlement is the whole table's moment: with two people or more
    at the screen it is told in the public's words, the same whoever holds the screen (a card
    paid or drawn in it stays in its owner's log); a person alone with bots reads their own."""
    names = [s.name for s in scene.match.seats]
    first = scene.match.events[start]
    lines, result = [], ""
    eyes = None if len(scene.match.humans) > 1 else scene.viewer
    for e in scene.match.events[start + 1:]:
        if e["type"] in ("campaign", "round", "back", "recovered", "game_over"):
            break
        if scene.match.sees(e, eyes) and not e.get("transient"):
            line = scene.describe(e, scene.app.t, names)
            if line and e["type"] == "settled":
                result = line
            elif line:
                lines.append(line)
    title = scene.app.t("wi.ui.settlement", name=scene.name(first["seat"]),
                        venue=data.venue_name(first["venue"], scene.app.t.lang))
    return title, lines, result


class SettlementPanel(Panel):
    """The last settlement, in front of the venue board: its steps (the venue's cards, the venue, the
    assist effect, what each seat gained or lost), then its result with the arithmetic in a box of
    its own. Long settlements scroll (the wheel, the arrow keys). When the game ended there, its
    button leads to the results."""
    modal = True

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.visible = False
        self.start: Optional[int] = None   # where the settlement begins in the match's events
        self.title = ""
        self.lines: list[str] = []         # the steps
        self.result = ""                   # the "settled" line: the arithmetic
        self.scroll = 0                    # steps' rows hidden above
        self.buttons = CachedGroup()

    def show(self, start: int) -> None:
        events = self.scene.match.events
        if start >= len(events) or events[start]["type"] != "settle":  # taken back by an undo
            self.visible, self.start = False, None
            return
        self.start = start
        self.title, self.lines, self.result = settlement_lines(self.scene, start)
        self.visible = bool(self.lines or self.result)
        self.scroll = 0
        self.refresh()

    def new_eyes(self) -> None:
        """Put in the new eyes' words (what the last eyes saw in private is not theirs to read)."""
        super().new_eyes()
        if self.visible and self.start is not None:
            self.show(self.start)

    def refresh(self) -> None:
        px, t = self.px, self.t
        r = self.rect
        over = self.scene.match.state.is_over()
        label = "wi.ui.btn.results" if over else "wi.ui.btn.continue"
        self.buttons = CachedGroup([Button(lambda: t(label), self.close,
                                           (r.centerx - px(100), r.bottom - px(50), px(200), px(40)),
                                           style="primary", hotkey=pygame.K_RETURN, size=px(17))])

    def _rows(self, width: int, size: int) -> list[str]:
        fonts = self.fonts
        return [row for line in self.lines for row in fonts.wrap("• " + line, size, width)]

    def draw(self, surface: pygame.Surface) -> None:
        px, tx, fonts, t = self.px, self.tx, self.fonts, self.t
        r = self.rect
        draw.panel(surface, r, radius=px(12), width=px(3))
        # Read at the text size: the title, the steps and the result; the steps start under the title.
        size, line_h = tx(14), int(tx(14) * 1.35)
        res_s, res_h = tx(15), int(tx(15) * 1.35)
        # The result at the bottom, above the button; the steps fill what is left, scrolling.
        result_rows = fonts.wrap(self.result, res_s, r.w - px(52), True) if self.result else []
        box_h = len(result_rows) * res_h + px(16) if result_rows else 0
        box = pygame.Rect(r.x + px(14), r.bottom - px(60) - box_h, r.w - px(28), box_h)
        if result_rows:
            pygame.draw.rect(surface, theme.PARCHMENT_DARK, box, border_radius=px(8))
            pygame.draw.rect(surface, theme.GOLD, box, 2, border_radius=px(8))
            y = box.y + px(8)
            for row in result_rows:
                surface.blit(fonts.text(row, res_s, theme.INK, True), (box.x + px(12), y))
                y += res_h
        top = r.y + px(44) + int((tx(19) - px(19)) * 1.4)
        rows = self._rows(r.w - px(36), size)
        room = max(1, (box.y - px(6) - top) // line_h)
        self.scroll = max(0, min(self.scroll, len(rows) - room))
        shown = rows[self.scroll:self.scroll + room]
        y = top
        for row in shown:
            surface.blit(fonts.text(row, size, theme.INK), (r.x + px(18), y))
            y += line_h
        head_w = r.w - px(30)
        if len(rows) > room:  # say that more is there, and how to see it (the title gives way to it)
            more = t("wi.ui.settlement_more", above=self.scroll, below=len(rows) - room - self.scroll)
            ms = fit_text(fonts, more, tx(13), theme.INK_SOFT, (r.w - px(32)) // 2)
            surface.blit(ms, ms.get_rect(topright=(r.right - px(16), r.y + px(16))))
            head_w -= ms.get_width() + px(12)
        head = fit_text(fonts, self.title, tx(19), theme.VERMILION_DARK, head_w, bold=True)
        surface.blit(head, (r.x + px(16), r.y + px(12)))
        self.buttons.draw(surface, fonts)

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if self.buttons.handle(event):
            return USED
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - 3 * event.y)
            return Intent(call=lambda: None)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.scroll = max(0, self.scroll + (1 if event.key == pygame.K_DOWN else -1))
            return Intent(call=lambda: None)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return Intent(call=self.close)
        return None

    def close(self) -> None:
        self.visible = False
        self.scene.settle_clock = 0.0
        self.scene.dirty = True

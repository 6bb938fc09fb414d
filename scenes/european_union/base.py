"""What the European Union table's panels share.

Every panel of this table paints the parts that stand still for a whole view onto the table's
layer (``paint``), and its pieces at rest on top of them (``paint_pieces``); the felt panel
composes that layer once per view. A frame is one blit of it, then what lives: pieces hovered,
moving or turning over, the buttons, the clocks. A panel's buttons answer with an intent
(``say``) that goes back to the scene once, like a click on a piece.
"""
from __future__ import annotations

from typing import Optional

import pygame

from ..ui import draw, theme
from ..ui.cached_group import CachedGroup
from ..ui.panel import USED, Intent, Panel
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from ..ui.top_bar import TopBar
from . import cards as art

NO_MOUSE = pygame.event.Event(pygame.MOUSEMOTION, pos=(-1, -1), rel=(0, 0), buttons=(0, 0, 0))


class EUPanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.buttons = CachedGroup()
        self._said: Optional[Intent] = None

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        self.pieces.glow_spread, self.pieces.hot_spread = self.px(8), self.px(12)
        self.pieces.glow_colour = art.STAR_GOLD

    def paint(self, layer: pygame.Surface) -> None:
        """The still parts of this panel, painted onto the table's layer once per view."""

    def paint_pieces(self, surface: pygame.Surface, pieces: list[Piece]) -> None:
        """These pieces with what goes with them (onto the layer at rest, onto the frame when live)."""
        self.pieces.draw_pieces(surface, pieces)

    def resting(self, piece: Piece) -> bool:
        return not (piece.hover or piece.pressed or piece.flip or piece.alpha < 255
                    or self.scene.tweens.moving(piece))

    def live(self) -> list[Piece]:
        """The pieces not in the still layer (or hovered there): drawn every frame."""
        baked = self.scene.felt.baked
        return [p for p in self.pieces.sprites() if p not in baked or p.hover or p.pressed]

    # -- buttons answer with intents ----------------------------------------------------------
    def say(self, intent: Intent) -> None:
        """A button's answer: handed to the scene by handle()."""
        self._said = intent

    def _buttons(self, event: pygame.event.Event) -> Optional[Intent]:
        self._said = None
        if not self.buttons.handle(event):
            return None
        said, self._said = self._said, None
        return said or USED

    # -- input ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        answer = self._buttons(event)
        if answer is not None:
            return answer
        if event.type == pygame.MOUSEMOTION:
            return USED if self.pieces.set_hover(event.pos) else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.contains(event.pos):
            piece = self.pieces.at(event.pos)
            return self.clicked(piece) if piece is not None else self.clicked_elsewhere(event.pos)
        return None

    def clicked(self, piece: Piece) -> Optional[Intent]:
        """A click on one of this panel's pieces: its action, if it has one now."""
        return Intent(action=piece.action) if piece.action is not None else USED

    def clicked_elsewhere(self, pos: tuple[int, int]) -> Optional[Intent]:
        return USED

    def mouse_left(self) -> bool:
        changed = self.pieces.set_hover(None)
        return self.buttons.handle(NO_MOUSE) or changed

    def draw(self, surface: pygame.Surface) -> None:
        self.paint_pieces(surface, self.live())
        self.buttons.draw(surface, self.fonts)


class FeltPanel(Panel):
    """The council felt under everything: the background and every panel's still parts, composed
    once per view (``stale`` asks for a new composition) and blitted as one picture."""

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.background: Optional[pygame.Surface] = None
        self.size = (0, 0)
        self.layer: Optional[pygame.Surface] = None
        self.baked: set[Piece] = set()     # the pieces at rest in the layer
        self.stale = True

    def set_background(self, size: tuple[int, int], top: pygame.Rect, centre: pygame.Rect) -> None:
        if self.size == size and self.background is not None:
            return
        px = self.px
        bg = art.council_background(size)
        pygame.draw.rect(bg, art.EU_BLUE_DARK, top)
        pygame.draw.line(bg, theme.GOLD, (0, top.bottom - 2), (size[0], top.bottom - 2), 2)
        art.faint_ring(bg, centre.center, min(centre.h // 2 - px(10), px(130)))
        self.background, self.size = bg, size

    def contains(self, pos: tuple[int, int]) -> bool:
        return False  # the felt answers nothing

    def compose(self) -> None:
        layer = self.background.copy()
        self.baked = set()
        for panel in self.scene.panels:
            if panel is self or not panel.visible or not hasattr(panel, "paint"):
                continue
            panel.paint(layer)
            if isinstance(panel, EUPanel):
                still = [p for p in panel.pieces.sprites() if panel.resting(p)]
                panel.paint_pieces(layer, still)
                self.baked.update(still)
        self.layer = layer
        self.stale = False

    def draw(self, surface: pygame.Surface) -> None:
        if self.background is None:
            return
        if self.stale or self.layer is None:
            self.compose()
        surface.blit(self.layer, (0, 0))


# -- small painting helpers the panels share -----------------------------------------------------
def text_grow(panel: Panel, size: float) -> int:
    """How much bigger a text read at `size` (design) is at the settings' text size than at 100 %
    (0 at 100 %): the design's fixed rows under it move down by this. A line's ink is about its
    size tall (the font's line leaves room above and below it), so the size's growth, not the line's."""
    return panel.tx(size) - panel.px(size)


def fitting_size(panel: Panel, size: float, room: int) -> int:
    """The size of a text read at `size` whose ink fits `room` high: the text size's, or smaller
    where rows are tight, never under the 100 % size (at 100 % nothing changes)."""
    return max(panel.px(size), min(panel.tx(size), room - panel.px(4)))


def side_frame(panel: Panel, layer: pygame.Surface, title: str, colour=theme.VERMILION_DARK, size: int = 18) -> int:
    """The parchment card on the right of the centre with its title; returns the y below the title."""
    px, r = panel.px, panel.rect
    draw.panel(layer, r, radius=px(12), width=px(3))
    tt = fit_text(panel.fonts, title, panel.tx(size), colour, r.w - px(20), bold=True)
    layer.blit(tt, tt.get_rect(midtop=(r.centerx, r.y + px(10))))
    return r.y + px(10) + line_step(panel, tt, size, True) + px(6)


def side_head_bottom(panel: Panel, title: str, size: int = 18) -> int:
    """The y side_frame returns for this title, without painting (a layout placing what is under it)."""
    px, r = panel.px, panel.rect
    tt = fit_text(panel.fonts, title, panel.tx(size), theme.VERMILION_DARK, r.w - px(20), bold=True)
    return r.y + px(10) + line_step(panel, tt, size, True) + px(6)


def line_step(panel: Panel, surf: pygame.Surface, size: float, bold: bool = False) -> int:
    """How far a line of text read at `size` (rendered: `surf`) pushes what is under it: its height
    at 100 %, and by its size's growth at a larger text size (the same rows, moved by text_grow)."""
    return min(surf.get_height(), panel.fonts.line_height(panel.px(size), bold)) + text_grow(panel, size)


def blit_lines_within(panel: Panel, layer: pygame.Surface, text: str, size: int, colour, rect: pygame.Rect,
                      centre: bool = False, whole: bool = False) -> int:
    """`text` wrapped into `rect`, as many lines as its height holds (the last one cut with … when
    more would follow): a card's secondary words shown in part rather than spilt; `whole`: all of
    them or none (words that are also elsewhere, such as a bill's flavour). The y below."""
    fonts, step = panel.fonts, int(size * 1.35)
    lines = fonts.wrap(text, size, rect.w)
    room = max(0, (rect.h - (fonts.line_height(size) - step)) // max(1, step))
    if len(lines) > room:
        lines = [] if whole else lines[:room]
        if lines:
            lines[-1] = lines[-1].rstrip() + "…"
    y = rect.y
    for line in lines:
        ts = fit_text(fonts, line, size, colour, rect.w)
        layer.blit(ts, (rect.centerx - ts.get_width() // 2 if centre else rect.x, y))
        y += step
    return y


def caption_grow(panel: Panel, size: int = 16) -> int:
    """How far the cards under a caption move down at the text size: its line's growth and its
    size's (a bill's "you +n" badge rises over the bill's top edge), 0 at 100 %."""
    f = panel.fonts
    return f.line_height(panel.tx(size), True) - f.line_height(panel.px(size), True) + text_grow(panel, size)


def caption(panel: Panel, layer: pygame.Surface, text: str, pos, width: int, size: int = 16) -> pygame.Rect:
    ts = fit_text(panel.fonts, text, panel.tx(size), theme.GOLD_LIGHT, width, bold=True)
    r = ts.get_rect(midtop=pos)
    layer.blit(ts, r)
    return r


class EUTopBar(TopBar):
    """The kit's top bar, its picture kept in the felt's layer (but over the round scoring's veil)."""

    def refresh(self) -> None:
        if self.backdrop is None or self.rect.topleft != (0, 0):
            return super().refresh()
        self.picture = self.backdrop.subsurface(self.rect).copy()   # at the top left: window = strip coordinates
        self.paint(self.picture)

    def paint(self, layer: pygame.Surface) -> None:
        if not self.scene.scoring_open and self.picture is not None:
            layer.blit(self.picture, self.rect)

    def draw(self, surface: pygame.Surface) -> None:
        if self.scene.scoring_open and self.picture is not None:
            surface.blit(self.picture, self.rect)
        self.show_hint()
        self.buttons.draw(surface, self.fonts)

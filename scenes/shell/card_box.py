"""A modal card box over the current scene: cards to pick one from and a Close button at its foot
(Esc); a click beside the box puts it away. The game picker and the lesson picker are two."""
from __future__ import annotations

from typing import Callable, Sequence

import pygame

from ..manager import Scene
from ..ui import draw
from ..ui.widgets import Button, Group, Widget


class CardBoxScene(Scene):
    """A box's scene: its cards call _pick(choice...), which puts the box away and passes the choice
    to on_pick; layout() sets self.box and places the cards and the close button (place_close);
    draw_contents() draws what is in the box besides its widgets."""
    opaque = False
    modal = True

    def __init__(self, app, cards: Sequence[Widget], on_pick: Callable[..., object]) -> None:
        super().__init__(app)
        self.on_pick = on_pick
        self.close = Button(lambda: self.app.t("common.close"), self._close, hotkey=pygame.K_ESCAPE)
        self.group = Group([*cards, self.close])
        self.box = pygame.Rect(0, 0, 0, 0)

    def _close(self) -> None:
        self.app.manager.remove(self)

    def _pick(self, *choice) -> None:
        """A card was picked: the box goes away, then the pick is made (it may open another scene)."""
        self.app.manager.remove(self)
        self.on_pick(*choice)

    def place_close(self) -> None:
        """The close button, centred at the box's foot."""
        px = self.app.px
        self.close.rect = pygame.Rect(0, 0, px(180), px(48))
        self.close.rect.midbottom = (self.box.centerx, self.box.bottom - px(20))
        self.close.size = px(20)

    def handle(self, event: pygame.event.Event):
        if self.group.handle(event):
            self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.box.collidepoint(event.pos):
            self._close()  # a click beside the box puts the box away
        return None

    def draw_contents(self, surface: pygame.Surface) -> None:
        """What the box holds besides its widgets (its title, ...)."""

    def draw(self, surface: pygame.Surface) -> None:
        px = self.app.px
        draw.dim(surface, 140)
        draw.panel(surface, self.box, radius=px(16), width=px(4))
        self.draw_contents(surface)
        self.group.draw(surface, self.app.fonts)

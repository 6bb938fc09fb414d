"""What a person chose stays marked while the move is on its way to the host (a seat played from
another computer): the card, counter, seat or button they clicked, and the pieces they had picked for
it before (a selection confirmed by a button), keep a ring with a slow pulse round it until the host
answers, so the click is seen to have been taken.

Found from the panels alone (any table: Panel's pieces and `buttons`), at the press that led to the
move, before the panel changes anything; drawn again at each frame where the same things stand now
(a piece by its key, a button by its place: the table rebuilds both at each view), never over a
window that lies over them. Only the seat's own choice, on its own screen: nothing of anyone else's.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Optional

import pygame

from . import theme

PULSE = 1.2   # seconds for the ring's pulse to swell and fade once


@dataclass(frozen=True)
class Chosen:
    """One thing the person chose: a piece of `panel` (by key) or a button of it (by its top left);
    where it stood and how it looked on the screen when it was chosen (a button the table hides while
    the move is on its way, a card it lifts away, is shown there as it was, marked)."""
    panel: Any
    key: Any
    button: bool = False
    at: Optional[pygame.Rect] = field(default=None, compare=False)
    picture: Optional[pygame.Surface] = field(default=None, compare=False, repr=False)

    def rect(self) -> Optional[pygame.Rect]:
        """Where it stands now, or None if it is not on the table any more (its panel closed)."""
        if not self.panel.visible:
            return None
        if self.button:
            widget = next((w for w in _buttons(self.panel)
                           if getattr(w, "visible", False) and tuple(w.rect.topleft) == self.key), None)
            return pygame.Rect(widget.rect) if widget is not None else None
        piece = self.panel.pieces.by_key(self.key)
        return piece.draw_rect() if piece is not None else None


def as_seen(things: list[Chosen], screen: Optional[pygame.Surface]) -> list[Chosen]:
    """The things with their place and their picture on `screen` (the last frame drawn) now."""
    if screen is None:
        return things
    seen = []
    for thing in things:
        rect = thing.rect()
        shown = rect.clip(screen.get_rect()) if rect is not None else None
        seen.append(replace(thing, at=shown, picture=screen.subsurface(shown).copy()) if shown else thing)
    return seen


def _buttons(panel) -> list:
    return list(getattr(getattr(panel, "buttons", None), "widgets", ()))


def chosen_at(panels: list, pos: Optional[tuple[int, int]]) -> list[Chosen]:
    """What a press at `pos` chooses, with what was already picked: every selected piece of the
    visible panels, and the topmost visible panel's piece (else its button) under `pos` (the modal
    panel's, if one is open); the selected pieces alone without a press (a key)."""
    shown = [p for p in panels if p.visible]
    modal = next((p for p in reversed(shown) if p.modal), None)
    found: list[Chosen] = []
    for panel in shown:
        for piece in panel.pieces:
            if piece.selected:
                found.append(Chosen(panel, piece.key))
    if pos is None:
        return found
    top = modal if modal is not None else next((p for p in reversed(shown) if p.contains(pos)), None)
    if top is not None:
        piece = top.pieces.at(pos)
        if piece is not None:
            found.append(Chosen(top, piece.key))
        else:
            widget = next((w for w in _buttons(top) if getattr(w, "visible", False) and w.rect.collidepoint(pos)), None)
            if widget is not None:
                found.append(Chosen(top, tuple(widget.rect.topleft), button=True))
    return once_each(found)


def once_each(things: list[Chosen]) -> list[Chosen]:
    """The things in order, each once (a piece both selected and pressed)."""
    kept: list[Chosen] = []
    for thing in things:
        if thing not in kept:
            kept.append(thing)
    return kept


def chosen_by_action(panels: list, action) -> list[Chosen]:
    """The visible pieces and buttons that carry `action` itself (a move made without a press at
    them: a table that makes it from a chooser or a guided pointer)."""
    found = []
    for panel in panels:
        if not panel.visible:
            continue
        found += [Chosen(panel, p.key) for p in panel.pieces if p.action is not None and p.action == action]
        found += [Chosen(panel, tuple(w.rect.topleft), button=True) for w in _buttons(panel)
                  if getattr(w, "action", None) == action and getattr(w, "visible", False)]
    return found


def draw_sending(surface: pygame.Surface, rect: pygame.Rect, clock: float, px) -> None:
    """The mark on one chosen thing at time `clock`: a light ring between dark lines (it shows on a red
    card, a gold one, the felt and the parchment alike, and by its shape without colour), and a second
    ring that swells and fades out round it."""
    radius = max(4, rect.w // 10)
    line = max(2, px(3))
    pygame.draw.rect(surface, theme.INK, rect.inflate(2 * line, 2 * line), line, border_radius=radius)
    pygame.draw.rect(surface, theme.GOLD_LIGHT, rect.inflate(4 * line, 4 * line), line, border_radius=radius + line)
    pygame.draw.rect(surface, theme.INK, rect.inflate(4 * line + 2, 4 * line + 2), 1, border_radius=radius + line)
    phase = (clock % PULSE) / PULSE
    grow = 2 * line + px(3) + int(px(10) * phase)
    ring = rect.inflate(2 * grow, 2 * grow)
    layer = pygame.Surface(ring.size, pygame.SRCALPHA)
    alpha = int(220 * (1.0 - phase))
    pygame.draw.rect(layer, (*theme.WHITE, alpha), layer.get_rect(), line, border_radius=radius + grow)
    pygame.draw.rect(layer, (*theme.INK, alpha // 2), layer.get_rect().inflate(-2 * line, -2 * line), 1,
                     border_radius=radius + grow)
    surface.blit(layer, ring)

"""The Elfenland map under the keyboard's focus (scenes/ui/key_focus.py): the towns you may travel
to are glowing pieces already; a counter or the obstacle picked up adds the roads it may go on, each
at its counter's place, where a click puts it (BoardPanel.click). A target outside the map's view
pans the map until it is inside."""
from __future__ import annotations

import pygame

from ..ui import theme
from ..ui.key_focus import usable_targets

MARGIN = 40   # px kept between a target the focus lands on and the map's edge


def map_targets(board) -> list[tuple]:
    """(kind, name, rect) the focus may go to on the map now."""
    found = usable_targets(board)
    selected = board.scene.selected
    if selected:
        bv = board.bv
        size = bv.counter_size()
        for route in sorted(board.scene.legal.routes_for(selected)):
            spot = pygame.Rect(0, 0, size, size)
            spot.center = tuple(round(c) for c in bv.to_screen(*bv.counter_at(route)))
            found.append(("road", route, spot))
    return found


def show(board, rect: pygame.Rect) -> None:
    """Pan the map so that `rect` lies inside its view (as far as the map's edges allow)."""
    view = board.bv.rect.inflate(-2 * board.px(MARGIN), -2 * board.px(MARGIN))
    dx = view.left - rect.left if rect.left < view.left else min(0, view.right - rect.right)
    dy = view.top - rect.top if rect.top < view.top else min(0, view.bottom - rect.bottom)
    if dx or dy:
        board.pan(dx, dy)


def mark(board, surface: pygame.Surface, kind: str, name) -> None:
    """The road under the focus is marked as the mouse marks the road under it: a white line."""
    if kind != "road":
        return
    clip = surface.get_clip()
    surface.set_clip(board.bv.rect)
    pygame.draw.lines(surface, theme.WHITE, False, board.bv.screen_points(name), max(3, board.px(6)))
    surface.set_clip(clip)


def held_targets(counters) -> list[tuple]:
    """Your counters and obstacle under the focus: while one is picked up, only it (Enter puts it
    back; the other targets are the roads it may go on)."""
    held = [p for p in counters.pieces.sprites() if p.selected]
    if held:
        return [("piece", repr(p.key), pygame.Rect(p.rect)) for p in held]
    return usable_targets(counters)

"""What was behind a party's screen, shown to someone watching a replay with every hidden card
(ReplayMatch.ALL_EYES, EUState.view_all): each party's influence, and its bid or vote cast but
not yet revealed. Each such value carries a small mark, an eye struck through, so the watcher
never takes it for something the table knew at that moment. In play and in the public or a
seat's replay view (no "all_seen") nothing here shows."""
from __future__ import annotations

from typing import Optional

import pygame

from ..ui import draw, theme

SCALE = 4     # drawn this many times larger, then smoothed down: a clean eye at 15 pixels
MARK_W = 20   # the mark's width in the 1280x720 design's pixels (app.px scales it) ...
BADGE_W = 16  # ... and on the influence coin


def shown(view: dict) -> bool:
    """Is this the all-hidden-cards view of a replay?"""
    return bool(view.get("all_seen"))


def influence(view: dict) -> bool:
    """Is every party's influence on screen while the game still keeps it behind the screens?"""
    return shown(view) and view["phase"] != "over"


def bid(view: dict, seat: int) -> Optional[int]:
    """The seat's bid made in secret and not yet revealed (all-hidden-cards view only)."""
    return view["players"][seat].get("bid") if shown(view) else None


def vote(view: dict, seat: int) -> Optional[str]:
    """The seat's vote cast in secret and not yet revealed (all-hidden-cards view only)."""
    return view["players"][seat].get("vote") if shown(view) else None


def tip(t, name: str) -> str:
    return t("eu.tip.secret", name=name)


_marks: dict[int, pygame.Surface] = {}


def mark(w: int) -> pygame.Surface:
    """The "hidden at this moment" mark: an eye struck through on a dark tab, w pixels wide."""
    pic = _marks.get(w)
    if pic is not None:
        return pic
    h = max(6, w * 3 // 4)
    big = pygame.Surface((w * SCALE, h * SCALE), pygame.SRCALPHA)
    bw, bh = big.get_size()
    pygame.draw.rect(big, theme.WOOD_DARK, big.get_rect(), border_radius=bh // 4)
    cx, cy = bw / 2, bh / 2
    half_w, half_h = bw * 0.38, bh * 0.34
    line = max(SCALE, bw // 10)
    # An almond eye: two arcs meeting at the corners, and the pupil.
    xs = [cx + half_w * (2 * i / 16 - 1) for i in range(17)]
    lid = [half_h * (1 - ((x - cx) / half_w) ** 2) for x in xs]
    pygame.draw.lines(big, theme.WHITE, False, [(x, cy - d) for x, d in zip(xs, lid)], line)
    pygame.draw.lines(big, theme.WHITE, False, [(x, cy + d) for x, d in zip(xs, lid)], line)
    pygame.draw.circle(big, theme.WHITE, (cx, cy), half_h * 0.6)
    # The stroke through it, cut out of the eye by a dark rim.
    ends = ((cx - half_w * 0.85, cy - bh * 0.36), (cx + half_w * 0.85, cy + bh * 0.36))
    pygame.draw.line(big, theme.WOOD_DARK, *ends, line * 2 + SCALE)
    pygame.draw.line(big, theme.GOLD_LIGHT, *ends, line)
    pic = draw.ready(pygame.transform.smoothscale(big, (w, h)))
    _marks[w] = pic
    return pic

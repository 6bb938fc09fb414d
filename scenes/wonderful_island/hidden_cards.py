"""Every seat's secrets, for a record watched with all hidden cards (a view with "all_seen"): in the
bottom panel, one column under each seat's plate with its faction, secret-meeting cards and hand,
each a small chip with a padlock (secret at that moment) and its full text on hover. Chips and heads
grow with the settings' text size (fewer fit: the last counts the rest)."""
from __future__ import annotations

import pygame

from game.wonderful_island import data
from game.wonderful_island.describe import meeting_label

from ..ui import theme
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from . import art
from .tips import effect_tip

PAIR_WIDTH = 150   # a column at least this wide (design pixels) may hold two chips a row...
ROOMY = 17         # ...when one a row would make them lower than this (design pixels)
CHIP_H = (15, 20)  # the chips' smallest and largest height (design pixels)


def secret_pieces(panel) -> list[Piece]:
    """The chips of every seat, laid out in the panel's rect under the seat plates: where the plates
    stand in two rows, the seats of one column of plates share it, the upper row's above."""
    columns: dict[tuple[int, int], list[dict]] = {}
    for p in panel.view["players"]:
        plate = panel.scene.seats.plate_rect(p["seat"])
        columns.setdefault((plate.x, plate.w), []).append(p)
    pieces = []
    for (x, w), players in columns.items():
        h = panel.rect.h // len(players)
        for i, p in enumerate(players):
            pieces += _column(panel, p, pygame.Rect(x, panel.rect.y + i * h, w, h - panel.px(4) * (len(players) > 1)))
    return pieces


def _items(t, p: dict, over: bool) -> list[tuple[str, tuple, str, bool]]:
    """(label, colour, hover text, secret now) for each hidden thing of one seat, faction first (no
    longer secret once the game is over: the end shows every faction)."""
    items = []
    if p["faction"]:
        camp = data.camp_name(p["faction"], t.lang)
        items.append((camp, art.CAMP_RGB[p["faction"]], t("wi.ui.tip_faction", camp=camp), not over))
    for mid in p["meeting_cards"]:
        items.append((meeting_label(mid, t), art.MEETING_RGB, data.meeting_text(mid, t.lang), True))
    for cid in p["hand_cards"]:
        c = data.card(cid)
        items.append((t.name(c["name"]), art.KIND_RGB[c["kind"]], effect_tip(t, cid), True))
    return items


def _column(panel, p: dict, col: pygame.Rect) -> list[Piece]:
    px, t, fonts = panel.px, panel.t, panel.fonts
    s = p["seat"]
    head = _head(panel, s, col.w)
    pieces = [Piece(("secret_head", s), head, centre=(col.centerx, col.y + head.get_height() // 2), hit=False)]
    items = _items(t, p, panel.view["phase"] == "over")
    if not items:
        return pieces
    gap, grow = px(3), fonts.text_scale
    top = col.y + head.get_height() + gap
    one_a_row = (col.bottom - top) // len(items) - gap
    per_row = 2 if col.w >= px(PAIR_WIDTH * grow) and one_a_row < px(ROOMY * grow) else 1
    rows = -(-len(items) // per_row)
    chip_h = max(px(CHIP_H[0] * grow), min(px(CHIP_H[1] * grow), (col.bottom - top) // rows - gap))
    room = per_row * max(1, (col.bottom - top + gap) // (chip_h + gap))
    if len(items) > room:  # too many to show: the last chip counts the rest, which its hover lists
        rest = items[room - 1:]
        items = items[:room - 1] + [(t("wi.ui.secret_more", n=len(rest)), theme.PARCHMENT_DARK,
                                     "\n".join(label for label, _, _, _ in rest), True)]
    chip_w = (col.w - gap * (per_row - 1)) // per_row
    for i, (label, colour, tip, secret) in enumerate(items):
        x = col.x + (i % per_row) * (chip_w + gap)
        y = top + (i // per_row) * (chip_h + gap)
        pieces.append(Piece(("secret", s, i), art.secret_chip(fonts, label, colour, chip_w, chip_h, secret),
                            centre=(x + chip_w // 2, y + chip_h // 2), tip=tip))
    return pieces


def _head(panel, s: int, w: int) -> pygame.Surface:
    """The seat's letter badge and name over its column."""
    px, fonts = panel.px, panel.fonts
    h = px(18 * fonts.text_scale)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = h // 2
    pygame.draw.circle(surf, theme.seat_colour(s), (r, r), r)
    letter = fonts.text(theme.SEAT_LETTERS[s], fonts.read(px(12)), theme.WHITE, bold=True)
    surf.blit(letter, letter.get_rect(center=(r, r)))
    name = fit_text(fonts, panel.scene.name(s), fonts.read(px(13)), theme.PARCHMENT, w - h - px(4), bold=True)
    surf.blit(name, (h + px(4), (h - name.get_height()) // 2))
    return surf

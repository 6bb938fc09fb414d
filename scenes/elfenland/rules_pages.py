"""The Elfenland rules for RulesHelpScene: the rules in words, the transport table and the components,
both drawn from assets/data/elfenland.json."""
from __future__ import annotations

import math

import pygame

from game.elfenland.describe import transport_name
from game.elfenland.rules import data

from ..shell.rules_help import Heading, Para, Picture, RulesPage, grid
from . import sprites as art

SECTIONS = ["about", "setup", "round", "deal", "secret", "draw", "plan", "obstacle", "move", "rivers",
            "caravan", "finish", "end", "variant"]


def pages(app) -> list[RulesPage]:
    t = app.t
    rules = []
    for s in SECTIONS:
        rules += [Heading(t(f"elf.rules.h.{s}")), Para(t(f"elf.rules.{s}"))]
    return [
        RulesPage(t("elf.rules.page.rules"), rules),
        RulesPage(t("elf.rules.page.table"), [
            Heading(t("elf.ui.transport_table")), Para(t("elf.rules.table_intro")),
            Picture(lambda w: _transport_table(app, w)),
            Heading(t("elf.rules.h.caravan")), Para(t("elf.rules.caravan")),
        ]),
        RulesPage(t("elf.rules.page.components"), [
            Heading(t("elf.rules.h.components")), Picture(lambda w: _components(app, w)),
            Para(t("elf.rules.components_note")),
            Heading(t("elf.rules.h.legend")), Picture(lambda w: _legend(app, w)),
        ]),
    ]


def _transport_table(app, width: int) -> pygame.Surface:
    from .transport import transport_table_picture
    return transport_table_picture(app, min(width, app.px(760)), panel=False)


def _components(app, width: int) -> pygame.Surface:
    t = app.t
    d = data()
    c = d["counts"]
    px = app.px
    rows = []
    for kind in d["transport_order"] + ["raft"]:
        counters = str(c["counters"].get(kind, "—")) if kind != "raft" else "—"
        rows.append([[art.travel_card(kind, px(20)), transport_name(kind, t)], str(c["travel_cards"][kind]),
                     counters])
    rows.append([t("elf.rules.total"), str(c["travel_cards_total"]), str(c["counters_total"])])
    table = grid(app, width, [t("elf.rules.col.kind"), t("elf.travel_cards"), t("elf.counters")], rows,
                 [0.44, 0.28, 0.28])
    other = [
        [t("elf.rules.item.boots"), t("elf.rules.item.boots_n")],
        [t("elf.town_markers"), t("elf.rules.item.markers_n", n=c["town_markers_per_player"])],
        [t("elf.obstacle"), t("elf.rules.item.obstacles_n", n=c["obstacles_per_player"])],
        [t("elf.rules.item.town_cards"), str(c["town_cards"])],
        [t("elf.rules.item.hand"), t("elf.rules.item.hand_n", dealt=c["hand_dealt"], keep=c["hand_keep"])],
        [t("elf.rules.item.face_up"), str(c["face_up_counters"])],
    ]
    table2 = grid(app, width, [t("elf.rules.col.item"), t("elf.rules.col.count")], other, [0.44, 0.56])
    out = pygame.Surface((width, table.get_height() + table2.get_height() + px(14)), pygame.SRCALPHA)
    out.blit(table, (0, 0))
    out.blit(table2, (0, table.get_height() + px(14)))
    return out


def _legend(app, width: int) -> pygame.Surface:
    """What the symbols on the table mean: the star on a counter's back, your secret counter's eye,
    the town marker dots."""
    t, px = app.t, app.px
    tile = px(30)
    kind = data()["transport_order"][0]
    rows = [[[art.counter_back(tile), "★"], t("elf.rules.legend.star")],
            [art.counter_tile(kind, tile, secret=True), t("elf.rules.legend.secret")],
            [_marker_dots(app), t("elf.rules.legend.markers")]]
    return grid(app, width, [t("elf.rules.col.symbol"), t("elf.rules.col.meaning")], rows, [0.2, 0.8])


def _marker_dots(app) -> pygame.Surface:
    """A town plaque with four players' markers round it, drawn as the map draws them."""
    from ..ui import theme
    from .board import MARKER_LINE_COLOUR, MARKER_RIM_COLOUR
    from .board_view import MARKER_ARC, MARKER_ARC_START, MARKER_RIM
    px = app.px
    dot, rad = max(5, px(6)), px(7)
    ring = rad + dot + MARKER_RIM
    size = 2 * (ring + dot + MARKER_RIM + 1)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    pygame.draw.circle(surf, (214, 204, 184), c, rad)
    pygame.draw.circle(surf, (70, 46, 24), c, rad, max(2, rad // 5))
    pygame.draw.circle(surf, (120, 96, 70), c, max(2, rad // 3))
    for s in range(4):
        a = MARKER_ARC_START + MARKER_ARC * (s + 0.5) / 4
        p = (c[0] + ring * math.cos(a), c[1] + ring * math.sin(a))
        pygame.draw.circle(surf, MARKER_RIM_COLOUR, p, dot + MARKER_RIM)
        pygame.draw.circle(surf, MARKER_LINE_COLOUR, p, dot + 1)
        pygame.draw.circle(surf, theme.seat_colour(s), p, dot)
    return surf

"""The Elfenland rules for RulesHelpScene: the rules in words, the transport table and the components,
both drawn from assets/data/elfenland.json."""
from __future__ import annotations

import pygame

from game.elfenland.describe import transport_name
from game.elfenland.rules import data

from ..rules_help import Heading, Para, Picture, RulesPage, grid
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

"""The Xuanwu Gate rules for RulesHelpScene: the rules in words, and the designed tables from the data file."""
from __future__ import annotations

import pygame

from game.xuanwu_gate import data as cards
from game.xuanwu_gate.describe import card_name, symbol_name

from ..rules_help import Heading, Para, Picture, RulesPage, grid
from . import cards as art

SECTIONS = ["about", "components", "setup", "round", "layout", "vote", "battle", "scoring", "designed"]


def pages(app) -> list[RulesPage]:
    t = app.t
    rules = []
    for s in SECTIONS:
        rules += [Heading(t(f"xw.rules.h.{s}")), Para(t(f"xw.rules.{s}"))]
    return [
        RulesPage(t("xw.rules.page.rules"), rules),
        RulesPage(t("xw.rules.page.characters"), [
            Heading(t("xw.rules.h.characters")), Para(t("xw.rules.characters_note")),
            Picture(lambda w: _character_grid(app, w)),
        ]),
        RulesPage(t("xw.rules.page.tables"), [
            Heading(t("xw.rules.h.outcomes")), Picture(lambda w: _outcomes(app, w)),
            Heading(t("xw.rules.h.votes")), Picture(lambda w: _votes(app, w)),
            Heading(t("xw.rules.h.by_players")), Picture(lambda w: _by_players(app, w)),
        ]),
    ]


def _symbol(app, s: str) -> list:
    return [art.symbol_icon(s, app.px(26)), symbol_name(s, app.t)]


def _character_grid(app, width: int) -> pygame.Surface:
    """The nine cards as they are drawn on the table, in a grid."""
    px = app.px
    chars = cards.load()["characters"]
    gap = px(14)
    per_row = max(1, min(5, (width + gap) // (px(150) + gap)))
    w = min(px(170), (width - (per_row - 1) * gap) // per_row)
    h = art.card_size(w)[1]
    rows = (len(chars) + per_row - 1) // per_row
    out = pygame.Surface((width, rows * (h + gap)), pygame.SRCALPHA)
    for i, c in enumerate(chars):
        x = (i % per_row) * (w + gap)
        y = (i // per_row) * (h + gap)
        out.blit(art.card_face(app.fonts, app.t, c["id"], w), (x, y))
    return out


def _outcomes(app, width: int) -> pygame.Surface:
    t = app.t
    rows = []
    for o in cards.load()["outcomes"]:
        a, b = o["centre"]
        centre = _symbol(app, a) + ["+"] + _symbol(app, b)
        winning = []
        for i, s in enumerate(o["winning"]):
            winning += ([t("xw.rules.or").strip()] if i else []) + _symbol(app, s)
        rows.append([centre, winning])
    return grid(app, width, [t("xw.rules.col.centre"), t("xw.rules.col.winning")], rows, [0.55, 0.45])


def _votes(app, width: int) -> pygame.Surface:
    t = app.t
    table = cards.load()["battle_votes_needed"]
    keys = sorted(table, key=int)
    n = len(keys)
    first = 0.3
    return grid(app, width, [t("xw.rules.col.voters")] + keys, [[t("xw.rules.col.needed")] + [str(table[k]) for k in keys]],
                [first] + [(1 - first) / n] * n)


def _by_players(app, width: int) -> pygame.Surface:
    t = app.t
    sep = t("xw.list_sep")
    rows = [[k, sep.join(card_name(c, t) for c in v)]
            for k, v in sorted(cards.load()["cards_by_players"].items(), key=lambda kv: int(kv[0]))]
    return grid(app, width, [t("xw.rules.col.players"), t("xw.rules.col.cards")], rows, [0.14, 0.86])

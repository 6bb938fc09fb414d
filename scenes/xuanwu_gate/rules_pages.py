"""The Xuanwu Gate rules for RulesHelpScene: the rules in words, and the designed tables from the data file."""
from __future__ import annotations

import pygame

from game.xuanwu_gate import data as cards
from game.xuanwu_gate.describe import card_name, symbol_name

from ..shell.rules_help import Heading, Para, Picture, RulesPage, grid
from . import cards as art

SECTIONS = ["about", "components", "setup", "round", "layout", "vote", "battle", "scoring", "designed"]


def pages(app) -> list[RulesPage]:
    t = app.t
    rules = []
    for s in SECTIONS:
        rules += [Heading(t(f"xw.rules.h.{s}")), Para(t(f"xw.rules.{s}"))]
        if s == "scoring":
            rules += [Heading(t("xw.rules.h.scoring_examples")), Picture(lambda w: _scoring_examples(app, w))]
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


# The rules' two scoring examples (計分制 例1, 例2): two centre cards and a winner's card.
SCORING_EXAMPLES = [(["wei_zheng", "chang_he"], "li_yuan"),          # Leaf + Leaf; Leaf, Leaf: 2
                    (["li_yuan", "li_jiancheng"], "zhangsun_wuji")]  # Leaf + Swallow; Swallow, Leaf: 2


def _scoring_examples(app, width: int) -> pygame.Surface:
    """Each example's centre win symbols, the reward that wins, the winner's rewards and the points,
    the points counted by the engine itself."""
    t = app.t
    by_id = cards.load()["by_id"]
    rows = []
    for n, (centre, held) in enumerate(SCORING_EXAMPLES, 1):
        a, b = cards.centre_symbols(centre)
        winning = []
        for i, s in enumerate(cards.winning_symbols(centre)):
            winning += ([t("xw.rules.or").strip()] if i else []) + _symbol(app, s)
        rewards = []
        for s in by_id[held]["rewards"]:
            rewards += _symbol(app, s)
        rows.append([t("xw.rules.example", n=n), _symbol(app, a) + ["+"] + _symbol(app, b), winning, rewards,
                     str(cards.points(held, centre))])
    return grid(app, width, [t("xw.rules.col.example"), t("xw.rules.col.centre"), t("xw.rules.col.winning"),
                             t("xw.rules.col.held"), t("xw.rules.col.points")], rows, [0.13, 0.3, 0.2, 0.25, 0.12])


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

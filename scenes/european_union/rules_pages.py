"""European Union rules for RulesHelpScene: the rules in words, and the designed tables drawn
from assets/data/european_union.json (parties, member states, bills, MEP seats, ending cards,
thresholds)."""
from __future__ import annotations

import pygame

from game.european_union import data as cards
from game.european_union.describe import bill_name, party_name, policy_name, policy_short

from ..shell.rules_help import Heading, Para, Picture, RulesPage, grid
from . import cards as art

SECTIONS = ["about", "setup", "council", "bidding", "bills", "voting", "parliament", "scoring", "end",
            "deals", "intro", "screen"]


def pages(app) -> list[RulesPage]:
    t = app.t
    rules = []
    for s in SECTIONS:
        rules += [Heading(t(f"eu.rules.h.{s}")), Para(t(f"eu.rules.{s}"))]
    return [
        RulesPage(t("eu.rules.page.rules"), rules),
        RulesPage(t("eu.rules.page.parties"), [
            Heading(t("eu.rules.h.parties")), Para(t("eu.rules.parties_note")),
            Picture(lambda w: _party_cards(app, w)),
            Heading(t("eu.rules.h.party_ruling")), Para(t("eu.rules.party_ruling")),
            Heading(t("eu.rules.h.party_ruling_large")), Para(t("eu.rules.party_ruling_large")),
            Heading(t("eu.rules.h.by_players")), Picture(lambda w: _by_players(app, w)),
        ]),
        RulesPage(t("eu.rules.page.states"), [
            Heading(t("eu.rules.h.states")), Para(t("eu.rules.states_note")),
            Picture(lambda w: _states(app, w)),
            Heading(t("eu.rules.h.thresholds")), Picture(lambda w: _thresholds(app, w)),
            Heading(t("eu.rules.h.meps")), Para(t("eu.rules.meps_note")), Picture(lambda w: _meps(app, w)),
        ]),
        RulesPage(t("eu.rules.page.bills"), [
            Heading(t("eu.rules.h.bills")), Para(t("eu.rules.bills_note")), Picture(lambda w: _bills(app, w)),
        ]),
        RulesPage(t("eu.rules.page.endings"), [
            Heading(t("eu.rules.h.endings")), Para(t("eu.rules.endings_note")), Picture(lambda w: _endings(app, w)),
        ]),
    ]


def _party_cards(app, width: int) -> pygame.Surface:
    px = app.px
    parties = cards.load()["parties"]
    gap = px(12)
    per_row = max(1, min(3, (width + gap) // (px(290) + gap)))
    w = (width - (per_row - 1) * gap) // per_row
    pics = [art.party_card(app.fonts, app.t, p["id"], w) for p in parties]
    rows = [pics[i:i + per_row] for i in range(0, len(pics), per_row)]
    height = sum(max(p.get_height() for p in row) + gap for row in rows)
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    y = 0
    for row in rows:
        for i, pic in enumerate(row):
            out.blit(pic, (i * (w + gap), y))
        y += max(p.get_height() for p in row) + gap
    return out


def _by_players(app, width: int) -> pygame.Surface:
    t = app.t
    sep = t("eu.list_sep")
    rows = [[k, sep.join(party_name(p, t) for p in v)]
            for k, v in sorted(cards.load()["parties_by_players"].items(), key=lambda kv: int(kv[0]))]
    return grid(app, width, [t("eu.rules.col.players"), t("eu.rules.col.parties")], rows, [0.16, 0.84])


def _states(app, width: int) -> pygame.Surface:
    t = app.t
    d = cards.load()
    rows = []
    for g in (1, 2, 3):
        members = sorted((s for s in d["states"] if s["group"] == g), key=lambda s: (-s["power"], s["joined"]))
        power = sum(s["power"] for s in members)
        text = t("eu.list_sep").join(t("eu.rules.state_entry", name=t.name(s["name"]), power=s["power"],
                                       influence=s["influence"]) for s in members)
        rounds = t("eu.list_sep").join(str(i + 1) for i, gs in enumerate(d["state_groups_by_round"]) if g in gs)
        rows.append([t("eu.rules.group", n=g), text, str(power), rounds])
    return grid(app, width, [t("eu.rules.col.group"), t("eu.rules.col.states"), t("eu.rules.col.power"),
                             t("eu.rules.col.rounds")], rows, [0.14, 0.6, 0.12, 0.14])


def _thresholds(app, width: int) -> pygame.Surface:
    t = app.t
    d = cards.load()
    totals = [sum(s["power"] for s in d["states"] if s["group"] in gs) for gs in d["state_groups_by_round"]]
    rows = [[t("eu.rules.col.total")] + [str(x) for x in totals]]
    for rule, vals in d["qualified_majority"].items():
        rows.append([t(f"option.european_union.qualified_majority.{rule}")] + [str(x) for x in vals])
    return grid(app, width, [t("eu.rules.col.rule")] + [t("eu.rules.round", n=i) for i in (1, 2, 3)], rows,
                [0.46, 0.18, 0.18, 0.18])


def _meps(app, width: int) -> pygame.Surface:
    px = app.px
    meps = cards.load()["meps"]
    gap = px(8)
    w = min(px(72), (width - (len(meps) - 1) * gap) // len(meps))
    h = art.state_size(w)[1]
    out = pygame.Surface((width, h), pygame.SRCALPHA)
    for i, m in enumerate(meps):
        out.blit(art.mep_card(app.fonts, app.t, m["id"], w), (i * (w + gap), 0))
    return out


def _bills(app, width: int) -> pygame.Surface:
    t = app.t
    rows = []
    for b in cards.load()["bills"]:
        stars = t("eu.list_sep").join(f"{policy_short(p, t)} {b['stars'][p]}" for p in cards.POLICIES
                                      if b["stars"][p])
        rows.append([bill_name(b["id"], t), stars, policy_short(b["border"], t), t("eu.method." + b["method"])])
    return grid(app, width, [t("eu.rules.col.bill"), t("eu.rules.col.stars"), t("eu.rules.col.border"),
                             t("eu.rules.col.method")], rows, [0.38, 0.26, 0.18, 0.18])


def _endings(app, width: int) -> pygame.Surface:
    t = app.t
    d = cards.load()
    rows = []
    for e in d["endings"]:
        rng = f"{e['min']}–{e['max']}" if e["max"] is not None else f"{e['min']}+"
        rows.append([policy_name(e["policy"], t), rng, t.name(e["title"]), t.name(e["text"])])
    return grid(app, width, [t("eu.rules.col.track"), t("eu.rules.col.steps"), t("eu.rules.col.title"),
                             t("eu.rules.col.text")], rows, [0.17, 0.09, 0.24, 0.5])

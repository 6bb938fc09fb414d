"""The Wonderful Island rules for RulesHelpScene: the rules in words, with this edition's rulings,
and the designed content drawn from assets/data/wonderful_island.json (venues, characters,
effect cards, secret-meeting cards and the tables per player count)."""
from __future__ import annotations

import pygame

from game.wonderful_island import data
from game.wonderful_island.describe import camp_name, kind_name, venue_name

from ..shell.rules_help import Heading, Para, Picture, RulesPage, grid

RULES = ["about", "setup", "turn", "steps", "cards", "reaction", "settlement", "meetings"]
MORE = ["iron", "summons", "hospital", "loss", "declare", "forced", "all_jailed", "rulings"]
TABLE_COLUMNS = ["k", "pool", "start_votes", "meetings", "max_rounds", "threshold", "mark"]


def _names(t) -> dict:
    """Card and venue names for the rules' words, from the data: {sand_table} reads 沙盤推演 or its English."""
    d = data.load()
    return {**{c["id"]: t.name(c["name"]) for c in d["cards"]}, **{v: venue_name(v, t) for v in data.VENUES}}


def _sections(t, names: list[str]) -> list:
    blocks = []
    for s in names:
        blocks += [Heading(t(f"wi.rules.h.{s}")), Para(t(f"wi.rules.{s}", **_names(t)))]
    return blocks


def _both(names: dict, t) -> str:
    """A name in the reader's language, with the Chinese under it for English readers (the rules'
    names are Chinese)."""
    own = t.name(names)
    return own if t.lang == "zh_TW" or own == names["zh_TW"] else f"{own}\n{names['zh_TW']}"


def pages(app) -> list[RulesPage]:
    t = app.t
    d = data.load()
    return [
        RulesPage(t("wi.rules.page.rules"), _sections(t, RULES)),
        RulesPage(t("wi.rules.page.more"), _sections(t, MORE)),
        RulesPage(t("wi.rules.page.venues"), [
            Heading(t("wi.rules.h.venues")), Para(t("wi.rules.venues_intro")),
            Picture(lambda w: _venues(app, w)),
            Heading(t("wi.rules.h.procedures")), Para(t("wi.rules.procedures", **_names(t))),
        ]),
        RulesPage(t("wi.rules.page.characters"), [
            Heading(t("wi.rules.h.characters")), Para(t("wi.rules.characters_note")),
            Picture(lambda w: _characters(app, w)),
        ]),
        RulesPage(t("wi.rules.page.cards"), [
            Heading(t("wi.rules.h.cards_list")),
            Para(t("wi.rules.cards_note", total=_copies(), assist=_copies("assist"), hinder=_copies("hinder"),
                   strategy=_copies("strategy"))),
            Picture(lambda w: _cards(app, w)),
        ]),
        RulesPage(t("wi.rules.page.meetings"), [
            Heading(t("wi.rules.h.meetings_list")),
            Para(t("wi.rules.meetings_note", total=len(data.meeting_deck()))),
            Picture(lambda w: _meetings(app, w)),
        ]),
        RulesPage(t("wi.rules.page.tables"), [
            Heading(t("wi.rules.h.designed")), Para(t.name(d["about"])), Para(t.name(d["tables_note"])),
            Heading(t("wi.rules.h.components")), Para(_components(t)),
            Heading(t("wi.rules.h.factions")), Picture(lambda w: _factions(app, w)),
            Heading(t("wi.rules.h.tables")), Picture(lambda w: _tables(app, w)),
            Heading(t("wi.rules.h.length")), Para(t.name(d["length_note"])), Picture(lambda w: _length(app, w)),
        ]),
    ]


def _copies(kind: str | None = None) -> int:
    return sum(c["copies"] for c in data.load()["cards"] if kind is None or c["kind"] == kind)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n).replace("-", "−")


def _venues(app, width: int) -> pygame.Surface:
    t = app.t
    rows = [[_both(v["name"], t), t.name(v["venue_text"]), t.name(v["assist_text"])]
            for v in data.load()["venues"]]
    return grid(app, width, [t("wi.rules.col.venue"), t("wi.rules.col.venue_effect"),
                             t("wi.rules.col.assist_effect")], rows, [0.17, 0.53, 0.30])


def _characters(app, width: int) -> pygame.Surface:
    t = app.t
    rows = []
    for c in data.load()["characters"]:
        skills = "\n".join(t("wi.rules.skill." + s["kind"], text=data.skill_text(s, t.lang)) for s in c["skills"])
        name, title = t.name(c["name"]), t.name(c["title"])
        who = name if title in name else f"{name}\n{title}"
        rows.append([who, skills, data.win_text(c["win"], t.lang)])
    return grid(app, width, [t("wi.rules.col.character"), t("wi.rules.col.skills"), t("wi.rules.col.win")],
                rows, [0.2, 0.52, 0.28])


def _cards(app, width: int) -> pygame.Surface:
    t = app.t
    d = data.load()
    order = {k: i for i, k in enumerate(data.KINDS)}
    rows = [[_both(c["name"], t), kind_name(c["kind"], t), str(c["copies"]), t.name(d["timings"][c["timing"]]),
             t.name(c["text"])] for c in sorted(d["cards"], key=lambda c: order[c["kind"]])]
    return grid(app, width, [t("wi.rules.col.card"), t("wi.rules.col.kind"), t("wi.rules.col.copies"),
                             t("wi.rules.col.timing"), t("wi.rules.col.text")], rows, [0.19, 0.1, 0.09, 0.22, 0.4])


def _meetings(app, width: int) -> pygame.Surface:
    t = app.t
    rows = [[data.meeting_text(m["id"], t.lang), str(m["copies"])] for m in data.load()["meetings"]]
    return grid(app, width, [t("wi.rules.col.meeting"), t("wi.rules.col.copies")], rows, [0.88, 0.12])


def _components(t) -> str:
    d = data.load()
    lim, factions = d["limits"], d["faction_cards"]
    return t("wi.rules.components", characters=len(d["characters"]), factions=sum(factions.values()),
             blue=factions["blue"], green=factions["green"], politician=factions["politician"],
             meetings=len(data.meeting_deck()), cards=_copies(), venues=len(d["venues"]), votes=lim["votes"],
             iron=lim["iron"], summons=lim["summons"], dice=lim["dice"])


def _factions(app, width: int) -> pygame.Surface:
    t = app.t
    rows = [[n] + [str(counts[c]) for c in data.CAMPS]
            for n, counts in sorted(data.load()["factions_by_players"].items(), key=lambda kv: int(kv[0]))]
    return grid(app, width, [t("wi.rules.col.players")] + [camp_name(c, t) for c in data.CAMPS], rows,
                [0.25, 0.25, 0.25, 0.25])


def _columns(keys) -> list[str]:
    """The table's columns in a fixed order, only those the data has (others last)."""
    keys = list(keys)
    return [k for k in TABLE_COLUMNS if k in keys] + [k for k in keys if k not in TABLE_COLUMNS]


def _label(t, key: str) -> str:
    text = t(f"wi.rules.col.{key}")
    return text if text != f"wi.rules.col.{key}" else key


def _tables(app, width: int) -> pygame.Surface:
    t = app.t
    tables = data.load()["tables"]
    cols = _columns(next(iter(tables.values())))
    rows = []
    for n, row in sorted(tables.items(), key=lambda kv: int(kv[0])):
        cells = [n]
        for key in cols:
            if key == "meetings":
                cells.append(f"{row['meetings']} ({max(0, row['k'] - 1)})")
            else:
                cells.append(str(row[key]))
        rows.append(cells)
    frac = 0.9 / len(cols)
    return grid(app, width, [t("wi.rules.col.players")] + [_label(t, k) for k in cols], rows,
                [0.1] + [frac] * len(cols))


def _length(app, width: int) -> pygame.Surface:
    t = app.t
    length = data.load()["length"]
    cols = _columns(next(iter(length.values())))
    rows = [[t(f"option.wonderful_island.length.{name}")] + [_signed(adjust[k]) for k in cols]
            for name, adjust in length.items()]
    frac = 0.6 / len(cols)
    return grid(app, width, [t("wi.rules.col.length")] + [_label(t, k) for k in cols], rows,
                [0.4] + [frac] * len(cols))

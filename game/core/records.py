"""Each person's record, read from History: games played and won per game and per table size,
the bot levels they sat with, and their last few results.

History's files are the truth: nothing here is stored. A person renamed or removed on the Players
screen is kept in the settings as an alias (old name -> new name) or a hidden name, and applied
here each time the records are built. Pure: no pygame, no files.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Optional

from .names import HUMAN

LAST = 5            # the last results kept per person
MAX_ALIASES = 500   # more in a settings file is junk
MAX_HIDDEN = 500
WON, LOST, SHARED = "won", "lost", "shared"


@dataclass
class Tally:
    """Games played, and of those won (a shared win counted, and also counted in `shared`)."""
    played: int = 0
    won: int = 0
    shared: int = 0

    def add(self, outcome: str) -> None:
        self.played += 1
        if outcome in (WON, SHARED):
            self.won += 1
        if outcome == SHARED:
            self.shared += 1

    @property
    def rate(self) -> float:
        """The share of games won, 0..1 (0 with no game)."""
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True)
class Result:
    """One finished game as one person ended it."""
    game: str
    when: float       # epoch seconds of the game's last action
    outcome: str      # WON, LOST or SHARED
    size: int         # seats at the table


@dataclass
class PlayerRecord:
    """Everything History says about one person (under the name they are known by now)."""
    name: str
    total: Tally = field(default_factory=Tally)
    games: dict[str, Tally] = field(default_factory=dict)              # game -> tally
    sizes: dict[tuple[str, int], Tally] = field(default_factory=dict)  # (game, table size) -> tally
    bots: dict[str, Tally] = field(default_factory=dict)               # bot level at the table -> tally
    last: list[Result] = field(default_factory=list)                   # newest first, at most LAST
    names: set[str] = field(default_factory=set)                       # the names played under
    latest: float = 0.0                                                # when they last finished a game


def resolve(name: str, aliases: dict[str, str]) -> str:
    """The name `name` is known by now: aliases followed to the end (a loop stops where it closes)."""
    seen = {name}
    while name in aliases:
        nxt = aliases[name]
        if not isinstance(nxt, str) or nxt in seen:
            break
        seen.add(nxt)
        name = nxt
    return name


def outcome_of(seats: Iterable[int], winners: list[int]) -> str:
    """WON if one of `seats` is the only winner, SHARED if it won with others, LOST otherwise."""
    mine = [w for w in winners if w in set(seats)]
    if not mine:
        return LOST
    return SHARED if len(set(winners)) > 1 else WON


def build_records(headers: Iterable, aliases: Optional[dict[str, str]] = None,
                  hidden: Iterable[str] = (), name_of: Optional[Callable[[str, int], str]] = None,
                  last: int = LAST, unnamed: Optional[Callable[[str, int], bool]] = None) -> list[PlayerRecord]:
    """Per-person records from finished games' headers (game/core/saves.py SaveHeader: game, seats
    [(name, kind)], winners, finished, updated). Only seats a person sat at ("human") count; a
    person sitting at two seats of one game counts that game once. `name_of(name, seat)` first
    turns a raw name into the one shown (a default "Player 2" in today's language); then
    `aliases` apply; a name in `hidden` (raw or resolved) is left out, and so is a seat nobody
    named (`unnamed(name, seat)`: "Player 1" is whoever sat first without typing a name, many people,
    not one). Sorted by games played, most first, then the latest game, then the name."""
    aliases = aliases or {}
    hidden_set = set(hidden)
    people: dict[str, PlayerRecord] = {}
    results: dict[str, list[Result]] = {}
    for h in headers:
        if not getattr(h, "finished", False):
            continue
        seats_of: dict[str, list[int]] = {}
        raw_of: dict[str, set[str]] = {}
        bots: set[str] = set()
        for i, (raw, kind) in enumerate(h.seats):
            if kind != HUMAN:
                bots.add(kind)
                continue
            if unnamed is not None and unnamed(raw, i):
                continue
            shown = name_of(raw, i) if name_of else raw
            name = resolve(shown, aliases)
            if not name or {raw, shown, name} & hidden_set:
                continue
            seats_of.setdefault(name, []).append(i)
            raw_of.setdefault(name, set()).add(shown)
        size = len(h.seats)
        for name, seats in seats_of.items():
            rec = people.setdefault(name, PlayerRecord(name))
            outcome = outcome_of(seats, list(h.winners))
            rec.total.add(outcome)
            rec.games.setdefault(h.game, Tally()).add(outcome)
            rec.sizes.setdefault((h.game, size), Tally()).add(outcome)
            for level in bots:
                rec.bots.setdefault(level, Tally()).add(outcome)
            rec.names |= raw_of[name]
            rec.latest = max(rec.latest, float(h.updated))
            results.setdefault(name, []).append(Result(h.game, float(h.updated), outcome, size))
    for name, rec in people.items():
        rec.last = sorted(results[name], key=lambda r: r.when, reverse=True)[:last]
    return sorted(people.values(), key=lambda r: (-r.total.played, -r.latest, r.name))


def unnamed_games(headers: Iterable, unnamed: Callable[[str, int], bool]) -> int:
    """How many finished games had a person at a seat nobody named (kept out of the records)."""
    return sum(1 for h in headers if getattr(h, "finished", False)
               and any(kind == HUMAN and unnamed(raw, i) for i, (raw, kind) in enumerate(h.seats)))


def finished_games(headers: Iterable) -> int:
    return sum(1 for h in headers if getattr(h, "finished", False))


def rename(aliases: dict[str, str], old: str, new: str) -> dict[str, str]:
    """The aliases after the person known as `old` is renamed `new` (a new dict): every name that
    led to `old` now leads to `new`; if `new` is someone's name already, the two are merged. An
    alias from `new` is dropped, so no loop is made."""
    if old == new:
        return dict(aliases)
    out = {k: v for k, v in aliases.items() if k != new}
    for k in list(out):
        if resolve(k, aliases) == old:
            out[k] = new
    out[old] = new
    return out


def clean_aliases(raw: object, clean: Callable[[str], str]) -> dict[str, str]:
    """Aliases from a settings file, tolerant of junk: string pairs whose names `clean` keeps as
    they are, no name its own alias, at most MAX_ALIASES."""
    if not isinstance(raw, dict):
        return {}
    out: dict[str, str] = {}
    for k, v in raw.items():
        if len(out) >= MAX_ALIASES:
            break
        if isinstance(k, str) and isinstance(v, str) and k and v and k != v and clean(k) == k and clean(v) == v:
            out[k] = v
    return out


def clean_hidden(raw: object, clean: Callable[[str], str]) -> list[str]:
    """Hidden names from a settings file, tolerant of junk: distinct strings `clean` keeps as they
    are, at most MAX_HIDDEN."""
    if not isinstance(raw, list):
        return []
    return [n for n in dict.fromkeys(v for v in raw if isinstance(v, str) and v and clean(v) == v)][:MAX_HIDDEN]

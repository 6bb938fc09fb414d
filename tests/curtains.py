"""Counting curtains (hand-off screens) at a hot seat, headless, through the Match alone.

A curtain is put up whenever Match.handoff_needed() names a person; the driver confirms it at once
(as a person clicks it away) and notes who it was for and what they were about to decide. People
decide as the normal bot would in their place (seeded, so every count is repeatable); the rest of
the seats are normal bots. Nothing here knows a game's rules beyond what it is told to force.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

from game.core.match import Match, Seat
from game.registry import GAMES

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal"]


@dataclass
class Curtain:
    seat: int       # whom the screen was passed to
    phase: str      # the decision they were passed it for (the view's phase)
    open: bool      # did that decision need nothing private (GameState.decides_openly)?
    hand: int       # how many cards that person held (a forced answer is a public fact with none)
    public: dict    # the public view at that moment (what the whole table knew)
    legal: list     # what that person could do


@dataclass
class Tally:
    curtains: list[Curtain] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.curtains)

    def phases(self) -> list[str]:
        return [c.phase for c in self.curtains]


def hot_seat(key: str, n: int, people: int, seed: int, options: Optional[dict] = None) -> Match:
    """A match with people at seats 0..people-1 and normal bots at the rest."""
    spec = GAMES[key]
    seats = [Seat(NAMES[i], "human" if i < people else "normal") for i in range(n)]
    return Match.new(spec, seats, seed=seed, options=options or {})


def step(match: Match, tally: Tally, deciders: dict, force: Callable[[Match, int], Optional[tuple]]) -> None:
    """One step of a hot-seat table: a curtain clicked away, a bot's move, or a person's decision."""
    seat = match.handoff_needed()
    if seat is not None:
        state = match.state
        hand = state.view(seat).get("hand")
        public = state.view(None)
        tally.curtains.append(Curtain(seat, public["phase"], state.decides_openly(seat),
                                      len(hand) if isinstance(hand, list) else -1, public,
                                      state.legal_actions(seat)))
        match.confirm_handoff(seat)
        return
    if match.bot_to_move() is not None:
        match.step_bot()
        return
    person = match.decider()
    assert person is not None, "a person must act but the screen takes nobody's decision"
    state = match.state
    action = force(match, person) or deciders[person].choose(state.view(person), state.legal_actions(person))
    match.act(person, action)


def people_deciders(match: Match, seed: int) -> dict:
    """A normal bot for each person's seat, deciding in their place (from their view only)."""
    spec = match.spec
    return {i: spec.bots["normal"](i, 1000 * seed + i) for i in match.humans}


# -- The Wonderful Island: one campaign turn at a chosen venue ---------------------------------------
def wi_venue(venue: str, n: int, people: int, seed: int, options: Optional[dict] = None) -> Optional[Tally]:
    """The curtains of seat 0's first campaign turn (seat 0 a person, the candidate, calling `venue`),
    from its venue choice until the next campaign begins. The table has just watched a public moment
    (the screen is nobody's) when the turn begins. None if seat 0 may not call that venue (a skill)."""
    match = hot_seat("wonderful_island", n, people, seed, {"start_player": 0, **(options or {})})
    deciders = people_deciders(match, seed)

    def force(m: Match, seat: int) -> Optional[tuple]:
        st = m.state
        if st.phase == "venue" and seat == 0 and st.cand == 0:
            return ("venue", venue)
        return None
    tally = Tally()
    while not (match.state.phase == "venue" and match.state.cand == 0):  # the characters, uncounted
        step(match, Tally(), deciders, force)
    if ("venue", venue) not in match.state.legal_actions(0):
        return None
    match.shown_to = None
    while not match.state.is_over():
        st = match.state
        if st.cand != 0:
            break
        step(match, tally, deciders, force)
    return tally


def wi_counts(venue: str, n: int, people: int, seeds: range, options: Optional[dict] = None) -> list[int]:
    """Curtains per campaign turn at `venue`, one count per seed where seat 0 may call it."""
    tallies = [wi_venue(venue, n, people, s, options) for s in seeds]
    return [t.count for t in tallies if t is not None]


# -- Elfenland: one whole round ------------------------------------------------------------------------
def elf_round(n: int, people: int, seed: int, options: Optional[dict] = None) -> Tally:
    """The curtains of Elfenland's first round, dealt to the first counter kept at its end; the
    screen is nobody's when the round begins."""
    match = hot_seat("elfenland", n, people, seed, options)
    deciders = people_deciders(match, seed)
    tally = Tally()
    match.shown_to = None
    while not match.state.is_over() and match.state.round == 1:
        step(match, tally, deciders, lambda m, s: None)
    return tally


def elf_draw_curtains(tally: Tally) -> int:
    return sum(1 for c in tally.curtains if c.phase == "draw")

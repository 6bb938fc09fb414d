"""Watching a game again from its record: a match that nobody plays, stepped forward and back.

A ReplayMatch is a Match whose state is moved by a cursor over the record's
actions instead of by people and bots: the tables draw it exactly as a game
in progress with no human at the table. Nothing can be applied to it. Stepping
forward applies the next recorded action (so the table gets that action's
events, as in live play); stepping back or jumping rebuilds the state from the
nearest snapshot (a clone kept every SNAPSHOT_EVERY actions), never from the
start.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from .errors import IllegalAction
from .match import Match
from .state import Event, GameState

SNAPSHOT_EVERY = 25
ALL_EYES = "all"   # a watcher who sees every hidden card (GameState.view_all), not one seat's


def shows_all(state: GameState) -> bool:
    """Does this game have an all-hidden-cards view for its replays?"""
    return type(state).view_all is not GameState.view_all


@dataclass(frozen=True)
class Mark:
    """Where a round (or a deal) begins: the number of actions played before it."""
    position: int
    deal: Optional[int]
    round: Optional[int]


def round_key(view: dict) -> tuple[Optional[int], Optional[int]]:
    """The (deal, round) a player would name, from a public view (a game without deals: None)."""
    deal, rnd = view.get("deal"), view.get("round")
    return (deal if isinstance(deal, int) else None, rnd if isinstance(rnd, int) else None)


class _FromRecord:
    """The one who moves every seat of a replay: the record (asked to choose, it refuses)."""

    def choose(self, view: dict, legal: list) -> Any:
        raise IllegalAction("a replay is watched, not played")


class ReplayMatch(Match):
    """A finished or unfinished game, watched: `from_record(games, data)` with a save's data."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.autosave_path = None  # a replay never writes anything
        # Every seat is played by the record: no seat is a person at the screen, so no table offers
        # a choice, even through the eyes of a seat that was a person's.
        self.bots = {i: _FromRecord() for i in range(len(self.seats))}
        self.per_action: list[list[Event]] = []  # the events of each recorded action
        self.watcher: Optional[int | str] = None  # whose eyes: None the public view, ALL_EYES every card
        self.moment: Optional[tuple[int, int]] = None  # a review's moment: (seat, position); see decider
        self.position = 0
        self.marks: list[Mark] = []
        self._actions: list = []
        self._snapshots: dict[int, GameState] = {}

    @classmethod
    def from_record(cls, games: dict, data: Any) -> "ReplayMatch":
        """A replay of save data (SaveError if unusable), at its first action. One pass over the
        record, as loading it does: it checks everything, keeps each action's events, and on the way
        a snapshot every SNAPSHOT_EVERY actions and where each round begins (read from the state,
        not a view, which may grow with the game)."""
        snapshots: dict[int, GameState] = {}
        marks: list[Mark] = []

        def index(i: int, state: GameState) -> None:
            if i % SNAPSHOT_EVERY == 0:
                snapshots[i] = state.clone()
            key = state.round_mark()
            if not marks or (key != (marks[-1].deal, marks[-1].round) and key != (None, None)):
                marks.append(Mark(i, *key))

        match = cls.from_save(games, data, on_state=index)
        match._actions = match.state.record()["actions"]
        match._snapshots, match.marks = snapshots, marks
        match.seek(0)
        return match

    def _record(self, events: list[Event], revealed: bool) -> None:
        super()._record(events, revealed)
        self.per_action.append(list(events))

    # -- the cursor ------------------------------------------------------------------
    @property
    def length(self) -> int:
        return len(self._actions)

    def at_end(self) -> bool:
        return self.position >= self.length

    def forward(self) -> list[Event]:
        """Play the next recorded action; its events ([] at the end)."""
        if self.at_end():
            return []
        seat, action = self._actions[self.position]
        events = self.state.apply(seat, action)
        self.events.extend(events)
        self.position += 1
        return events

    def seek(self, position: int) -> None:
        """Stand after `position` actions: from the nearest snapshot at or before it."""
        position = max(0, min(self.length, position))
        base = max(k for k in self._snapshots if k <= position)
        state = self._snapshots[base].clone()
        for i in range(base, position):
            state.apply(*self._actions[i])
        self.state = state
        self.events = list(state.setup_events) + [e for evs in self.per_action[:position] for e in evs]
        self.position = position

    def mark_at(self, position: Optional[int] = None) -> Mark:
        """The round (or deal) the cursor is in."""
        position = self.position if position is None else position
        return [m for m in self.marks if m.position <= position][-1]

    def next_mark(self, direction: int) -> int:
        """The position of the next (+1) or this-or-previous (-1) round start; the ends at the ends.

        Back from just after a round's start goes to the one before, like a player's "previous"."""
        if direction > 0:
            return next((m.position for m in self.marks if m.position > self.position), self.length)
        earlier = [m.position for m in self.marks if m.position < self.position]
        return earlier[-1] if earlier else 0

    # -- nobody plays a replay -----------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return []  # the tables treat it as a table of bots that someone watches

    def viewer(self) -> Optional[int]:
        # All eyes are nobody's seat: the tables draw it as a watcher's table, with more face up.
        return None if self.watcher == ALL_EYES else self.watcher

    @property
    def all_eyes(self) -> bool:
        return self.watcher == ALL_EYES

    def view_of(self, seat: Optional[int]) -> dict:
        if self.all_eyes and seat is None:
            return self.state.view_all()
        return super().view_of(seat)

    def sees(self, event: Event, seat: Optional[int]) -> bool:
        return (self.all_eyes and seat is None) or super().sees(event, seat)

    def handoff_needed(self) -> Optional[int]:
        return None

    def decider(self) -> Optional[int]:
        """Nobody decides in a replay, except at a review's moment (`moment`: the seat and the
        position): there the seat, watched through its own eyes, is shown the choices it had (the
        table offers them as it did; choosing one is refused), so the moves a review names can be
        pointed at on the table."""
        if self.moment is not None and self.moment == (self.watcher, self.position) \
                and self.watcher in self.state.to_act():
            return self.watcher
        return None

    def bot_to_move(self) -> Optional[int]:
        return None

    def step_bot(self) -> list[Event]:
        return []

    def act(self, seat: Optional[int], action: Any) -> list[Event]:
        raise IllegalAction("a replay is watched, not played")

    def can_undo(self, seat: Optional[int]) -> bool:
        return False

    def undo(self, seat: Optional[int]) -> None:
        raise IllegalAction("a replay is watched, not played")

    def autosave(self) -> None:
        """A replay changes no file."""

"""The base every game state keeps: legality check, record, clone.

A subclass implements ``to_act``, ``legal_actions``, ``_apply``, ``is_over``,
``winners`` and ``view``. ``apply`` checks the action against
``legal_actions`` *before* anything changes, so an illegal action leaves the
state exactly as it was.
"""
from __future__ import annotations

import random
import reprlib
from collections import Counter
from typing import Any, Optional, Sequence

from .actions import Action, is_among, to_action, to_json
from .errors import IllegalAction

RECORD_FORMAT = "sifang-table-record"
RECORD_VERSION = 1

Event = dict
Seat = Optional[int]  # None is the table itself (rulings such as the Xuanwu penalty)


def shows_something_new(seat: Seat, events: list[Event], drew_chance: bool,
                        seen_before: Sequence[Counter] = (), seen_after: Sequence[Counter] = ()) -> bool:
    """Did an action show any seat something it did not know, so that it can never be undone? It
    did if chance was drawn (a die, a shuffle, a card picked at random), if an event is marked as a
    reveal, if any event is private (a card drawn, a faction seen, a card handed over) unless it
    only says the acting seat's own choice back to it ("echo": its secret vote, its bid, its pass),
    or if any seat sees more of the hidden things than before (`seen_before` / `seen_after`, each
    seat's GameState.sightings around the action: a hand put face up on the discard pile, a card
    played, a secret counter laid on a road).
    A property of every action of every game, read from its events, the state's generator and what
    each seat sees: no game has to remember to mark what it shows."""
    if drew_chance:
        return True
    for e in events:
        if e.get("reveal"):
            return True
        seats = e.get("seats")
        if seats is not None and not (e.get("echo") and seat is not None and list(seats) == [seat]):
            return True
    return any(after - before for before, after in zip(seen_before, seen_after))


class GameState:
    key: str = ""

    def __init__(self, n_players: int, seed: int, options: dict) -> None:
        self.n_players = n_players
        self.seed = seed
        self.options = dict(options)
        self.rng = random.Random(seed)
        self.actions: list[tuple[Seat, Action]] = []
        # Events produced while setting up (the first deal); a match shows them first.
        self.setup_events: list[Event] = []

    # -- the contract ------------------------------------------------------
    def to_act(self) -> list[int]:
        raise NotImplementedError

    def legal_actions(self, seat: Seat) -> list[Action]:
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def winners(self) -> list[int]:
        raise NotImplementedError

    def view(self, seat: Seat) -> dict:
        raise NotImplementedError

    def chance_state(self) -> Any:
        """Where the state's generator stands: an action that changes it drew chance."""
        return self.rng.getstate()

    def sightings(self, seat: int) -> Counter:
        """The hidden things `seat` sees now, each once, by what they are (not where they lie): its
        own hand and secrets, and whatever lies face up on the table, e.g. Counter({("card", "x"): 2}).
        A thing moved from one's hand to the table is seen as before by its owner and newly by the
        others; a card put back into a hidden deck is simply seen no more. By default nothing: a game
        without hidden cards shows them only through its events."""
        return Counter()

    def sight(self) -> tuple[Counter, ...]:
        """Every seat's sightings, in seat order (Match compares them around each action)."""
        return tuple(self.sightings(s) for s in range(self.n_players))

    def round_mark(self) -> tuple[Optional[int], Optional[int]]:
        """(deal, round) as a player would name them now, what view(None) says under "deal" and
        "round", read without building a view (a replay marks every action with it)."""
        deal, rnd = getattr(self, "deal_no", None), getattr(self, "round", None)
        return (deal if isinstance(deal, int) and not isinstance(deal, bool) else None,
                rnd if isinstance(rnd, int) and not isinstance(rnd, bool) else None)

    def decides_openly(self, seat: Seat) -> bool:
        """Does the decision `seat` must take now need nothing private on screen (an answer said
        aloud at the table, such as a yes or no to an offer)? Then a person takes it on the public
        view, without the hand-off screen. By default every decision is taken in private."""
        return False

    def watched_together(self) -> bool:
        """Is this a moment the whole table watches together (European Union's discussion of a
        bill)? Then a screen shared by two or more people shows the public view, and a person sees
        their own view only on asking, behind their own hand-off screen
        (Match.look_in_watched_moment). No by default."""
        return False

    def view_all(self) -> dict:
        """Every hidden thing face up, for watching a record again (never shown in play, never given
        to a bot): view(None)'s shape with each seat's hidden parts added the way the game's end
        reveals them, and "all_seen": True. A game without it offers no such replay view."""
        raise NotImplementedError

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        raise NotImplementedError

    def apply(self, seat: Seat, action: Any) -> list[Event]:
        """Apply a legal action; raise IllegalAction (state unchanged) otherwise."""
        try:
            action = to_action(action)
        except TypeError as exc:
            raise IllegalAction(f"not an action: {reprlib.repr(action)}") from exc
        if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool)
                                     and 0 <= seat < self.n_players):
            raise IllegalAction(f"no seat {reprlib.repr(seat)} at this table")
        legal = self.legal_actions(seat)
        # Type for type: a file's 1.0 or true must not pass for the engine's 1 (1.0 == 1 in Python).
        if not is_among(action, legal):
            who = "the table" if seat is None else f"seat {seat}"
            raise IllegalAction(f"{to_json(action)} is not legal for {who} now")
        events = self._apply(seat, action)
        self.actions.append((seat, action))
        return events

    def clone(self) -> "GameState":
        """An independent copy that plays on exactly like this one (a search makes many): by default
        game/core/clone.py's lean_clone, the history read in place and the rest copied as data; an
        engine that knows its fields' shapes may plan its copy instead (planned_clone), quicker."""
        from .clone import lean_clone
        return lean_clone(self)

    def record(self) -> dict:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.key,
            "n_players": self.n_players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [[seat, to_json(action)] for seat, action in self.actions],
        }

"""GameSpec: what the menu, the match, saves and tests know about one game."""
from __future__ import annotations

import random
import reprlib
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from .actions import is_among
from .caps import max_actions
from .errors import IllegalAction, SaveError
from .state import RECORD_FORMAT, RECORD_VERSION, GameState


def is_int(value: Any) -> bool:
    """An int as the engine means it: JSON's true is a bool, not the seat 1."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class GameSpec:
    key: str
    names: dict[str, str]
    min_players: int
    max_players: int
    # {"variant": ["basic", "scoring"], ...}; the first value is the default.
    options: dict[str, list] = field(default_factory=dict)
    factory: Optional[Callable[[int, int, dict], GameState]] = None
    # {"easy": BotClass, ...}; a bot class is called as Bot(seat, seed).
    bots: dict[str, Callable] = field(default_factory=dict)
    rules_file: str = ""  # rules help text per language lives in assets/i18n
    # What each seat plays as, read from the public view (e.g. its party), so a bots-only
    # tournament can count wins per role as well as per seat. None: seats have no roles.
    roles: Optional[Callable[[dict], list]] = None
    # A moment when the seat that must act, if a bot plays it, first gives the people at the table
    # time to talk (European Union's chair while a bill is discussed), read from the public view:
    # (that seat, the moment's key, its seconds, the name of the table scene's clock for it), or None. The bot acts once every person has said
    # they are ready (Match.say_ready_for) or the time is up. None: no such moment in the game.
    listens: Optional[Callable[[dict], Optional[tuple]]] = None
    # Internal options that older records were made without: {name: [value, ..., old value]}.
    # A new game always gets the first value and writes it into its record; a record without the
    # option replays with the last value (the behaviour it was made with), one that names a value
    # in the list replays with that one. Not in `options`, so no setup screen shows them and no
    # player chooses them: they keep old saves replaying exactly after a rule is corrected.
    legacy_options: dict[str, list] = field(default_factory=dict)

    def default_options(self) -> dict:
        return {name: values[0] for name, values in self.options.items()}

    def check_options(self, n_players: int, options: Optional[dict]) -> dict:
        """Full option dict (defaults filled in) or ValueError with a plain reason.

        Legacy options take their first value (a new game's), whatever `options` says: a table set
        up again from an old record (play again) plays by today's rules; only replay keeps the old."""
        if not self.min_players <= n_players <= self.max_players:
            raise ValueError(
                f"{self.names['en']} takes {self.min_players}-{self.max_players} players, not {n_players}")
        merged = self.default_options()
        for name, values in self.legacy_options.items():
            merged[name] = values[0]
        for name, value in (options or {}).items():
            if name in self.legacy_options:
                if not is_among(value, self.legacy_options[name]):
                    raise ValueError(f"option {name} cannot be {reprlib.repr(value)}")
                continue
            if name not in self.options:
                raise ValueError(f"unknown option {name!r} for {self.key}")
            if not is_among(value, self.options[name]):  # true is not 1, 7.0 is not 7
                raise ValueError(
                    f"option {name} cannot be {reprlib.repr(value)}; choose from {self.options[name]}")
            merged[name] = value
        return merged

    def legacy_values(self, options: dict) -> dict:
        """The legacy options a record's options stand for: each as the record names it, or, in a
        record made before the option existed, its old value (the last in the list)."""
        return {name: options.get(name, values[-1]) for name, values in self.legacy_options.items()}

    def new_game(self, n_players: int, seed: Optional[int] = None, options: Optional[dict] = None,
                 legacy: Optional[dict] = None) -> GameState:
        """A new game; `legacy` (replay's) sets legacy options to the values an older record was
        made with, instead of today's."""
        if self.factory is None:
            raise ValueError(f"{self.names['en']} has no engine (GameSpec.factory)")
        opts = self.check_options(n_players, options)
        for name, value in (legacy or {}).items():
            if name not in self.legacy_options or not is_among(value, self.legacy_options[name]):
                raise ValueError(f"option {name} cannot be {reprlib.repr(value)}")
            opts[name] = value
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        return self.factory(n_players, int(seed), opts)

    def replay(self, record: Any, on_events: Optional[Callable[[list], None]] = None,
               on_state: Optional[Callable[[int, GameState], None]] = None,
               journal_from: Optional[int] = None) -> GameState:
        """Rebuild a state from a record; SaveError if the record is not a valid one.

        on_events, if given, receives each action's events in turn (a match rebuilds its log);
        on_state, the state and how many actions it holds, before the first action and after each
        (a replay keeps snapshots as it goes: one pass, not two). Actions from index `journal_from`
        on came from a save's journal (game/core/journal.py): the first of them that is malformed
        or illegal ends the replay there, refused, instead of the whole save (the state returned
        holds fewer actions than the record).
        """
        if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
            raise SaveError("this is not a Sifang Table save file", "foreign")
        if not (is_int(record.get("version")) and record.get("version") == RECORD_VERSION):
            raise SaveError(f"save file version {reprlib.repr(record.get('version'))} is not supported", "foreign")
        if record.get("game") != self.key:
            raise SaveError(f"this save is for {reprlib.repr(record.get('game'))}, not {self.key}", "foreign")
        n, seed, actions = record.get("n_players"), record.get("seed"), record.get("actions")
        if not (is_int(n) and is_int(seed) and isinstance(actions, list)):
            raise SaveError("the save file is missing its players, seed or actions")
        if len(actions) > max_actions(self.key):  # no real game is this long: do not replay it
            raise SaveError(f"the save file holds {len(actions)} actions, more than any real game", "too_long")
        options = record.get("options")
        if options is not None and not isinstance(options, dict):
            raise SaveError("the save file's options are malformed")
        try:
            state = self.new_game(n, seed, options or {}, legacy=self.legacy_values(options or {}))
        except ValueError as exc:
            raise SaveError(f"the save file's settings are invalid: {exc}") from exc
        if on_state is not None:
            on_state(0, state)
        for i, entry in enumerate(actions):
            journaled = journal_from is not None and i >= journal_from
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], list)):
                if journaled:
                    break
                raise SaveError(f"action {i + 1} in the save file is malformed")
            try:
                events = state.apply(entry[0], entry[1])
            except IllegalAction as exc:
                if journaled:
                    break
                raise SaveError(f"action {i + 1} in the save file is not legal: {exc}", "illegal") from exc
            if on_events is not None:
                on_events(events)
            if on_state is not None:
                on_state(i + 1, state)
        return state

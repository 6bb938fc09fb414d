"""A match: the state, the seats (name, human or bot level), bots, autosave, undo, hand-off.

Scenes talk to a Match; the Match talks to the state only through the engine
contract. The log is the list of events the state produced, each carrying the
seats that may see it (``seats`` None = everyone).

Saving: an action counts once its save is confirmed. A match saves each action as one journal line
(or, now and then, the save whole: game/core/autosave.py), at once by default; a match on a screen
hands its saves to the writer thread (save_in_background) so that no frame waits for the disk.
Then at most one save is on its way: the next action, undo or save waits for it first
(wait_saved), and the scene asks every frame (check_saved). A save the disk refused takes back what
it was for (the action, or the undo) and raises SaveFailed, where the action was made or at the
next check, so a retry makes the move once and nothing is lost.
"""
from __future__ import annotations

import hashlib
import logging
import random
import time
from concurrent.futures import Future
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Optional

from . import journal, save_writer, saves
from .actions import Action, to_json
from .autosave import LineWrite, OnDisk, Saved, WholeWrite
from .errors import IllegalAction, SaveError, SaveFailed
from .names import HUMAN
from .spec import GameSpec
from .state import Event, GameState, shows_something_new
from .storage import write_json_atomic

log = logging.getLogger("sifang")


@dataclass
class Seat:
    name: str
    kind: str = HUMAN  # "human" or a bot level ("easy", "normal")

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


def bot_seed_for(seed: int) -> int:
    """The bots' seed for a deal seeded on purpose (tests, self-play, ladders): the same games for the
    same seed, through a one-way hash, so that no bot's seed is the deal's."""
    return int.from_bytes(hashlib.sha256(f"sifang-bots:{seed}".encode()).digest()[:8], "big")


def visible(event: Event, seat: Optional[int]) -> bool:
    """May `seat` (None = public) see this event?"""
    seats = event.get("seats")
    return seats is None or (seat is not None and seat in seats)


class Match:
    def __init__(self, spec: GameSpec, seats: list[Seat], state: GameState,
                 autosave_path: Optional[Path] = None, bot_seed: Optional[int] = None) -> None:
        if len(seats) != state.n_players:
            raise ValueError("one seat description per player is needed")
        self.spec = spec
        self.seats = seats
        self.state = state
        self._disk: Optional[OnDisk] = None  # where the autosave goes and what it holds (autosave_path)
        self.autosave_path = autosave_path
        self._background = False
        # The save on its way to the disk, and what to take back if it is refused.
        self._pending: Optional[tuple[Future, Optional[Callable[[], None]]]] = None
        self.bytes_saved = 0  # written to the autosave so far (what its cost is counted in)
        self.events: list[Event] = list(state.setup_events)
        # Per action: how many events it added and whether it showed hidden information.
        self._history: list[tuple[int, bool]] = []
        # The bots' own randomness never comes from the deal's seed (a bot could rebuild every hidden
        # card from it): from the system, or, for a deal seeded on purpose, from bot_seed_for(seed).
        if bot_seed is None:
            bot_seed = random.SystemRandom().randrange(2**63)
        self.bots = {i: spec.bots[s.kind](i, bot_seed) for i, s in enumerate(seats) if not s.is_human}
        self.shown_to: Optional[int] = None  # the human whose private view was last on screen
        # Own views on asking (see below). The person looking in a moment the table watches together
        # (GameState.watched_together); None while the screen shows the public view.
        self.looking_in_watched_moment: Optional[int] = None
        # (seat, position): a person deciding in the open asked to see their own view for the
        # decision at this position (decide_in_own_view); any action moves past it.
        self._deciding_in_own_view: Optional[tuple[int, int]] = None
        # A game taken up again opens on the curtain of the next person, not on the public view.
        self.resumed = False
        # Seconds left on the table's clocks at this position (European Union's discussion), by
        # name: saved beside the record, so a game taken up again goes on with them; an action or
        # an undo moves to another position, whose clocks start afresh.
        self.clocks: dict[str, float] = {}
        # Hints (game/core/hints.py): allowed at this table or not (chosen at setup), and how many
        # each seat took, kept in the save's header so that a win with hints is never taken for one
        # without.
        self.hints_allowed = False
        self.hints_taken: list[int] = [0] * len(seats)
        # The seats whose eyes are at this screen (None: every person's, a hot-seat table). A table
        # hosted for other computers leaves its remote people out: to this screen they are like
        # bots (never their view, no curtain for them), only they decide elsewhere.
        self.eyes_here: Optional[frozenset[int]] = None
        # The people who said they are ready for a bot to act at a moment it gives them time
        # (GameSpec.listens): (the moment's key, those seats), replaced whole at each change.
        self.ready_moment: tuple = (None, frozenset())

    # -- construction ------------------------------------------------------
    @classmethod
    def new(cls, spec: GameSpec, seats: list[Seat], seed: Optional[int] = None,
            options: Optional[dict] = None, autosave_path: Optional[Path] = None,
            hints_allowed: bool = False) -> "Match":
        for s in seats:
            if not s.is_human and s.kind not in spec.bots:
                raise ValueError(f"no bot level {s.kind!r} for {spec.key}")
        state = spec.new_game(len(seats), seed, options)
        match = cls(spec, seats, state, autosave_path, bot_seed=None if seed is None else bot_seed_for(seed))
        match.hints_allowed = hints_allowed
        match.autosave()
        return match

    # -- acting ------------------------------------------------------------
    def act(self, seat: Optional[int], action: Action) -> list[Event]:
        """Apply an action for a seat (or the table); IllegalAction leaves everything unchanged.

        The action counts only once it is saved: if the autosave cannot be written, it is taken
        back and SaveFailed says why (here, or in the background at the next check_saved), so a
        retry applies it once and nothing is lost. SaveFailed here may also be the previous
        action's, refused in the background: that one is taken back and this one not applied."""
        self.wait_saved()
        in_the_open = self._in_the_open(seat)
        public = self._public_on_screen()
        chance, seen = self.state.chance_state(), self.state.sight()
        events = self.state.apply(seat, action)
        drew = chance != self.state.chance_state()
        shown_to, clocks, looking = self.shown_to, self.clocks, self.looking_in_watched_moment
        self.clocks = {}
        if in_the_open:
            # Someone else decided at the public screen: the last person's private view may not come
            # back before they have the screen again (a curtain).
            self.shown_to = None
        self._eyes_after_move(public)
        self._record(events, shows_something_new(seat, events, drew, seen, self.state.sight()))
        self._save(lambda: self._take_back(shown_to, clocks, looking), whole=self.state.is_over())
        return events

    def _take_back(self, shown_to: Optional[int], clocks: dict[str, float], looking: Optional[int]) -> None:
        """Undo the last action, whose save was refused: as if it had never been made."""
        record = self.state.record()
        record["actions"] = record["actions"][:-1]
        self.state = self.spec.replay(record)
        n_events, _ = self._history.pop()
        del self.events[len(self.events) - n_events:]
        self.shown_to, self.clocks, self.looking_in_watched_moment = shown_to, clocks, looking

    def _record(self, events: list[Event], revealed: bool) -> None:
        """Keep an action's events for the log, and whether they showed anyone anything new (no undo)."""
        self.events.extend(events)
        self._history.append((len(events), revealed))

    def bot_to_move(self) -> Optional[int]:
        for seat in self.state.to_act():
            if seat in self.bots:
                return seat
        return None

    def human_to_move(self) -> Optional[int]:
        """The human who must act now; when several must (a secret vote, all at once), the one
        already at the screen goes first, so the screen is not passed away and back again."""
        here = self.humans
        humans = [seat for seat in self.state.to_act() if seat in here]
        if self.shown_to in humans:
            return self.shown_to
        return humans[0] if humans else None

    def step_bot(self) -> list[Event]:
        """Let one bot that must act now decide and act; [] if no bot is to act."""
        seat = self.bot_to_move()
        if seat is None:
            return []
        view = self.state.view(seat)
        legal = self.state.legal_actions(seat)
        return self.act(seat, self.bots[seat].choose(view, legal))

    # -- people ready for a bot that gives them time --------------------------
    def ready_for(self, moment: Any) -> frozenset[int]:
        """The people who said they are ready at this moment (GameSpec.listens' key)."""
        key, seats = self.ready_moment
        return seats if key == moment else frozenset()

    def say_ready_for(self, seat: int, moment: Any) -> None:
        """A person is ready for the bot to act at this moment (a new moment forgets the last one's)."""
        self.ready_moment = (moment, self.ready_for(moment) | {seat})

    def people_listened_to(self) -> list[int]:
        """The people a bot that gives time waits for: every person's seat not played by a bot now,
        at this screen or (a hosted table) at another."""
        return [i for i, s in enumerate(self.seats) if s.is_human and i not in self.bots]

    # -- whose eyes are on the screen ----------------------------------------
    def view_of(self, seat: Optional[int]) -> dict:
        """What the screen shows through `seat`'s eyes (None: the public view)."""
        return self.state.view(seat)

    def sees(self, event: Event, seat: Optional[int]) -> bool:
        """Does the screen, through `seat`'s eyes, show this event?"""
        return visible(event, seat)

    @property
    def humans(self) -> list[int]:
        """The people at this screen (eyes_here): whose views it shows, between whom it is handed."""
        eyes = self.eyes_here
        return [i for i, s in enumerate(self.seats) if s.is_human and (eyes is None or i in eyes)]

    def _in_the_open(self, seat: Optional[int]) -> bool:
        """Is this a person deciding on the public view, the screen being someone else's (and they
        did not ask to see their own view for it)?"""
        return seat is not None and seat in self.humans and len(self.humans) > 1 and \
            seat != self.shown_to and self._deciding_in_own_view != (seat, len(self.state.actions)) and \
            self.state.decides_openly(seat)

    # -- own view on asking ---------------------------------------------------
    # Two cases, kept apart: in a moment the whole table watches (European Union's discussion) any
    # person looks at their own view (look_in_watched_moment) across other people's actions until
    # they come back (back_to_watched_moment) or it ends; a person deciding in the open
    # (decides_openly) takes that one decision in their own view (decide_in_own_view, My cards),
    # which any action ends. Either way the own view comes only behind that person's hand-off screen.
    def can_decide_in_own_view(self, seat: Optional[int]) -> bool:
        """May `seat` ask to see their own view for the decision they are taking in the open?"""
        return seat is not None and self.viewer() is None and self.decider() == seat

    def decide_in_own_view(self, seat: int) -> None:
        """A person deciding in the open wants their own view for it (their cards, to choose well):
        the screen is passed to them behind a curtain, for this decision only."""
        if not self.can_decide_in_own_view(seat):
            raise IllegalAction("nobody is deciding in the open who could look")
        self._deciding_in_own_view = (seat, len(self.state.actions))

    def watched_together(self) -> bool:
        """Does the whole table watch this moment on the public view (GameState.watched_together,
        two or more people at the screen)?"""
        return len(self.humans) > 1 and not self.state.is_over() and self.state.watched_together()

    def look_in_watched_moment(self, seat: int) -> None:
        """In a moment watched together, `seat` asks to see their own view: behind their own
        hand-off screen, always (the public view was in everyone's hands)."""
        if self.watched_together() and seat in self.humans:
            self.looking_in_watched_moment, self.shown_to = seat, None

    def back_to_watched_moment(self) -> None:
        """The person looking goes back to the public view, which the whole table watches: their own
        view comes back only behind their hand-off screen."""
        if self.watched_together():
            self.looking_in_watched_moment, self.shown_to = None, None

    def _public_on_screen(self) -> bool:
        return self.watched_together() and self.looking_in_watched_moment is None

    def _eyes_after_move(self, public_before: bool) -> None:
        """After an action or an undo: a moment watched together keeps the person looking at their
        own view; where the public view was or is on the screen, no one's private view is the last
        on it any more (the next comes behind a hand-off screen). Out of such a moment no one looks."""
        if public_before or self._public_on_screen():
            self.shown_to = None
        if not self.watched_together():
            self.looking_in_watched_moment = None

    def viewer(self) -> Optional[int]:
        """The seat whose view the screen shows: the only human, the human to act (the one at the
        screen first when several act at once), or the last one. A person whose decision needs
        nothing private (GameState.decides_openly) takes it on the public view (None) unless the
        screen is theirs already: no hand-off. A moment the table watches together shows the public
        view, or the view of the person looking in it (look_in_watched_moment). A game just taken up
        again shows the next person's."""
        humans = self.humans
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        if self.watched_together():
            return self.looking_in_watched_moment
        seat = self.human_to_move()
        if seat is not None:
            return None if self._in_the_open(seat) else seat
        if self.shown_to is None and self.resumed and not self.state.is_over():
            return self.next_human()
        return self.shown_to

    def decider(self) -> Optional[int]:
        """The person whose decision the screen takes now: the viewer, or someone deciding in the
        open on the public view; None while the screen waits for a hand-off or no person must act."""
        if self.handoff_needed() is not None:
            return None
        seat = self.human_to_move()
        if seat is None:
            return None
        viewer = self.viewer()
        return seat if seat == viewer or (viewer is None and self._in_the_open(seat)) else None

    def next_human(self) -> Optional[int]:
        """The person who plays next after the last move, in seat order (the first if none moved)."""
        humans = self.humans
        if not humans:
            return None
        last = next((seat for seat, _ in reversed(self.state.actions) if seat is not None), None)
        if last is None:
            return humans[0]
        n = len(self.seats)
        return min(humans, key=lambda s: (s - last - 1) % n)

    def handoff_needed(self) -> Optional[int]:
        """The human the screen must be passed to before their private view shows, else None."""
        if len(self.humans) < 2 or self.state.is_over():
            return None
        seat = self.viewer()
        if seat is not None and seat != self.shown_to:
            return seat
        return None

    def confirm_handoff(self, seat: int) -> None:
        self.shown_to = seat
        self.resumed = False

    # -- undo ----------------------------------------------------------------
    def can_undo(self, seat: Optional[int]) -> bool:
        """Only a human's own last action that revealed nothing, with nothing after it but the bots'
        moves that revealed nothing either (taken back with it)."""
        return self._undo_span(seat) > 0

    def _undo_span(self, seat: Optional[int]) -> int:
        """How many actions an undo by `seat` takes back: its own last action and the bots' moves
        since; 0 if any of them showed anything new, or another person or the table acted since."""
        if seat is None or not self.seats[seat].is_human:
            return 0
        for k, ((who, _), (_, revealed)) in enumerate(zip(reversed(self.state.actions), reversed(self._history)), 1):
            if revealed or (who != seat and who not in self.bots):
                return 0
            if who == seat:
                return k
        return 0

    def undo(self, seat: Optional[int]) -> None:
        """Take back the seat's last action, saved whole; if that save is refused, not undone."""
        self.wait_saved()
        if not self.can_undo(seat):
            raise IllegalAction("nothing of yours to undo")
        span = self._undo_span(seat) or 1  # the last action at least, once can_undo says yes
        record = self.state.record()
        record["actions"] = record["actions"][:-span]
        before, clocks, eyes = self.state, self.clocks, (self.shown_to, self.looking_in_watched_moment)
        public = self._public_on_screen()
        self.state, self.clocks = self.spec.replay(record), {}
        self._eyes_after_move(public)
        entries = self._history[-span:]
        del self._history[-span:]
        cut = len(self.events) - sum(n for n, _ in entries)
        taken = self.events[cut:]
        del self.events[cut:]

        def put_back() -> None:  # not saved, not undone
            self.state, self.clocks = before, clocks
            self.shown_to, self.looking_in_watched_moment = eyes
            self._history.extend(entries)
            self.events.extend(taken)
        self._save(put_back, whole=True)

    # -- saving --------------------------------------------------------------
    def to_save(self) -> dict:
        """The record (format 1's whole file): what replay rebuilds the game from, and the seats."""
        data = self.state.record()
        data["seats"] = [{"name": s.name, "kind": s.kind} for s in self.seats]
        return data

    def header(self) -> dict:
        """What the lists of saved games show, written beside the record (game/core/saves.py)."""
        hints = {"allowed": self.hints_allowed, "taken": list(self.hints_taken)} \
            if self.hints_allowed or any(self.hints_taken) else None
        return saves.header_of_state(self.state, [(s.name, s.kind) for s in self.seats], time.time(), hints)

    def hint_job(self, seat: int):
        """A hint for `seat` worked out beside the frames (game/core/hints.py: from its views alone)."""
        from .hints import HintJob   # hints reads a Match: imported when one is asked for
        return HintJob(self, seat)

    def take_hint(self, seat: int) -> None:
        """A person was shown a hint: counted, and the save written whole with the count (a hint
        changes no move, so no journal line would carry it)."""
        self.hints_taken[seat] += 1
        if self._disk is not None:
            self.autosave()

    def to_file(self) -> dict:
        return saves.wrap(self.header(), self.to_save(), self.clocks)

    @property
    def autosave_path(self) -> Optional[Path]:
        """The file this match saves to (None: saving is off)."""
        return self._disk.path if self._disk is not None else None

    @autosave_path.setter
    def autosave_path(self, path: Optional[Path]) -> None:
        # Another file, or none: nothing is known of what it holds, so its next save is whole.
        self._disk = OnDisk(Path(path)) if path is not None else None

    def save_in_background(self) -> None:
        """From now on the disk's waits are the save writer's thread's, not the caller's: a scene
        that draws frames calls this, then check_saved() every frame."""
        self._background = True

    def autosave(self) -> None:
        """Write the whole save now (a new game's first, the table's clocks); SaveFailed if the disk
        refuses. In the background a refusal only costs that write (nothing is taken back): logged."""
        self.wait_saved()
        self._save(None, whole=True)

    def saving(self) -> bool:
        """Is a save still on its way to the disk (the next action would wait for it)?"""
        return self._pending is not None and not self._pending[0].done()

    def check_saved(self) -> None:
        """Confirm the save on its way if it has landed, without waiting (a scene, every frame);
        SaveFailed if it was refused: what it was for is taken back."""
        if self._pending is not None and self._pending[0].done():
            self._settle()

    def wait_saved(self) -> None:
        """Wait until the save on its way is confirmed; SaveFailed if it was refused (taken back)."""
        if self._pending is not None:
            self._settle()

    def _save(self, take_back: Optional[Callable[[], None]], whole: bool = False) -> None:
        """Save the match as it stands, `take_back` undoing what the save is for if it is refused."""
        disk = self._disk
        if disk is None:
            return
        move_to = self._folder_it_belongs_in()
        if whole or move_to is not None or disk.due_whole():
            write = WholeWrite(disk, self.to_file(), len(self.state.actions), move_to)
        else:
            seat, action = self.state.actions[-1]
            line = journal.entry(len(self.state.actions), [seat, to_json(action)], saves.round_of(self.state),
                                 time.time())
            write = LineWrite(disk, line, self.state.key)
        if self._background:
            self._pending = (save_writer.submit(write.run), take_back)
            return
        done: Future = Future()
        try:
            done.set_result(write.run())
        except SaveFailed as exc:
            done.set_exception(exc)
        self._pending = (done, take_back)
        self.wait_saved()

    def _settle(self) -> None:
        future, take_back = self._pending
        self._pending = None
        try:
            saved: Saved = future.result()
        except Exception as exc:
            if self._disk is not None:
                # The journal may end in a torn line now: the next save is whole.
                self._disk = replace(self._disk, journal_id=None)
            if take_back is not None:
                take_back()
                raise
            if not (self._background and isinstance(exc, SaveFailed)):
                raise
            return
        if self._disk is not None:  # else saving was switched off meanwhile
            self._disk = saved.on_disk
        self.bytes_saved += saved.written

    def _folder_it_belongs_in(self) -> Optional[Path]:
        """saves/ or history/, if the autosave is in the other one: a finished game's file moves to
        history/, and back if an undo reopens the game (a file outside these two folders stays put)."""
        path = self.autosave_path
        if path is None:
            return None
        want = saves.HISTORY if self.state.is_over() else saves.SAVES
        if path.parent.name not in (saves.SAVES, saves.HISTORY) or path.parent.name == want:
            return None
        return path.parent.parent / want

    def _file_where_it_belongs(self) -> None:
        """Move the autosave (and its journal) to the folder it belongs in, now (a game loaded)."""
        folder = self._folder_it_belongs_in()
        if folder is None:
            return
        try:
            self._disk = replace(self._disk, path=saves.move_file(self._disk.path, folder))
        except OSError as exc:  # the header says finished or not; the next listing sorts it out
            log.warning("could not move %s to %s: %s", self._disk.path.name, folder.name, exc)

    def save(self, path: Path) -> None:
        write_json_atomic(path, self.to_file())

    @classmethod
    def from_save(cls, games: dict, data: Any, autosave_path: Optional[Path] = None,
                  on_state: Optional[Any] = None, found: Optional[saves.SaveFile] = None) -> "Match":
        """Rebuild a match from a save file's contents (format 2 or 3, or format 1's bare record);
        SaveError with a plain reason if it is unusable. on_state sees the state after each action
        as it is rebuilt (GameSpec.replay). `found`, the file as read_save read it: its journal's
        actions are applied through the rules, the first illegal one and the rest refused, and if
        the match saves on to that file, it goes on with its journal."""
        clocks = saves.clocks_of(data)
        header, data = saves.unwrap(data)
        spec = saves.check_record(data, games)
        if header is not None:
            saves.parse_header(autosave_path or Path("save.json"), header, games, data)
        seats = [Seat(name, kind) for name, kind in saves.check_seats(data.get("seats"), spec, data.get("n_players"))]
        # The log (events) and the undo history are rebuilt exactly as they were, action by action:
        # each action's events, whether the generator moved while it was applied and what each seat
        # saw before and after it.
        per_action: list[list] = []
        drew: list[bool] = []
        sights: list[tuple] = []
        last_chance: list[Any] = []

        def watch(i: int, state: GameState) -> None:
            chance = state.chance_state()
            if i:
                drew.append(chance != last_chance[0])
            last_chance[:] = [chance]
            sights.append(state.sight())
            if on_state is not None:
                on_state(i, state)
        journaled = found is not None and found.entries > 0
        try:
            state = spec.replay(data, on_events=per_action.append, on_state=watch,
                                journal_from=found.base if journaled else None)
        except RecursionError as exc:
            raise SaveError("the save file is nested too deeply") from exc
        match = cls(spec, seats, state, autosave_path)
        match.resumed = True
        match.clocks = clocks
        match.hints_allowed, match.hints_taken = saves.hints_in(header, len(seats))
        for i, ((seat, _), events, chance) in enumerate(zip(state.actions, per_action, drew)):
            match._record(events, shows_something_new(seat, events, chance, sights[i], sights[i + 1]))
        refused = journaled and len(state.actions) < found.base + found.entries
        if refused:
            log.warning("%s: the journal's action %d is not legal; it and the rest are refused",
                        found.path.name, len(state.actions) + 1)
        if found is not None and autosave_path is not None and Path(autosave_path) == found.path:
            extend = found.clean and not refused  # else the next save is whole and drops the journal
            match._disk = OnDisk(found.path, found.journal_id if extend else None, found.base, found.entries,
                                 found.journal_size, found.record_size)
        if journaled and state.is_over():  # ended by a journal line (never written so): its header says so now
            try:
                match.autosave()
            except SaveFailed as exc:
                log.warning("could not write %s whole: %s", found.path.name, exc)
        match._file_where_it_belongs()  # a finished game whose header said otherwise goes to history
        return match

    @classmethod
    def load(cls, games: dict, path: Path, autosave_path: Optional[Path] = None) -> "Match":
        """The match in a save file and its journal; SaveError with a plain reason if unusable."""
        save_writer.wait_idle()  # a save of this game may still be on its way
        found = saves.read_save(path)
        return cls.from_save(games, found.data, autosave_path, found=found)

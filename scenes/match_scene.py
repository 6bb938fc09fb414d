"""What every game table scene shares: it forwards clicks as actions, paces the bots,
puts the curtain up between two humans, offers undo, and ends on the game-over scene.

A subclass draws `self.view` (the viewing seat's view, never the full state) and
calls `self.act(action)`; it may override `on_events` to animate what happened.
"""
from __future__ import annotations

import logging
from typing import Optional

import pygame

from game.core.errors import IllegalAction, SaveFailed
from game.core.match import Match
from game.core.names import name_seats_in
from game.core.thinking import Thought

from .shell.curtain import CurtainScene
from .shell.dialog import MessageScene
from .manager import Scene
from .ui import theme

log = logging.getLogger("sifang")

GAME_OVER_PAUSE = 1.2  # seconds to see the final reveal on the table before the results


MARK_FPS = 15  # frames a second for a thinking bot's mark: enough to see it move, little taken from it
MARK_AFTER = 0.15  # seconds a bot thinks before its mark shows: a quick decision would only flash it


class MatchScene(Scene):
    opaque = True
    # The game's describe(event, t, names) -> str | None (set as a staticmethod by each table).
    describe = None

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        match.save_in_background()  # no frame waits for the disk; update() asks after each save
        self.bot_clock = 0.0
        # Every bot decides on a worker thread (game/core/thinking.py) while frames go on.
        self.thought: Optional[Thought] = None
        self.think_clock = 0.0   # how long it has been thinking (drives its seat's mark)
        self.over_clock: Optional[float] = None
        self.message: Optional[str] = None   # a short notice (e.g. an illegal move), fades out
        self.message_clock = 0.0
        self.viewer: Optional[int] = None
        self.decider: Optional[int] = None
        self.view: dict = {}
        # The log in words, kept between actions: (index in match.events, event, its words) of each
        # visible event, the non-empty words, how many events were looked at and the last of them.
        self._lines: list[tuple[int, dict, Optional[str]]] = []
        self._line_words: list[str] = []
        self._lines_seen = 0
        self._lines_last: Optional[dict] = None
        self._lines_key: tuple = ()
        # For each person, how many of the match's events they have seen on the table: their curtain
        # recaps the public events after that, everything they missed, however long.
        self._seen_upto: dict[int, int] = {}
        self._lang = app.t.lang  # the language the table was last put in words in
        # A guided first game's coach (scenes/tutorial/), which keeps the game on its script.
        self.coach = None
        self._called_at = -1   # the position the "your turn" call was last made at
        name_seats_in(app.t, match.seats)  # unnamed seats in this language (a save may hold another)
        self.refresh()

    # -- model -------------------------------------------------------------
    def refresh(self) -> None:
        """Re-read the view for the seat whose eyes are on the screen; when those eyes are new, first
        drop everything made for the last ones (new_eyes)."""
        viewer = self.match.viewer() if self.match.handoff_needed() is None else self.match.shown_to
        eyes_changed = self.view and viewer != self.viewer
        self.viewer = viewer
        # Who decides on this screen: the viewer, or a person deciding in the open on the public view.
        self.decider = self.match.decider()
        self.view = self.match.view_of(self.viewer)
        self.dirty = True
        if eyes_changed:
            self.new_eyes()
        self.on_view()
        self._call_if_turn_came()

    def _call_if_turn_came(self) -> None:
        """The "your turn" call when the one person at this screen must decide after another seat
        moved (at a hot-seat table the hand-off screen calls instead), once per position."""
        played = self.match.state.actions
        if self.decider is None or not played or len(self.match.humans) != 1 or self._called_at == len(played):
            return
        if played[-1][0] != self.decider:
            self._called_at = len(played)
            self.app.your_turn()

    def new_eyes(self) -> None:
        """The screen now shows another seat's view (or the public one): whatever was on it for the
        last eyes (an overlay, a tooltip, a choice half made, a cached picture) is closed or rebuilt
        from the new view. A table closes its own overlays here (TableScene does it for panels)."""

    def on_view(self) -> None:
        """The view changed: a subclass rebuilds what it caches from it."""

    def on_events(self, events: list[dict]) -> None:
        """Events just happened (already applied): a subclass may animate them."""

    def in_log(self, event: dict) -> bool:
        """Does this event go in the viewer's log? Those the seat may see, without the transient ones
        (a memory game forgets); a table may leave out more (one line per action)."""
        return self.match.sees(event, self.viewer) and not event.get("transient")

    def log_events(self) -> list[dict]:
        """The events of the viewer's log (in_log)."""
        return [e for e in self.match.events if self.in_log(e)]

    def _words(self, events: list[dict]) -> list[str]:
        names = [s.name for s in self.match.seats]
        return [line for line in (self.describe(e, self.app.t, names) for e in events) if line]

    def log_lines(self) -> list[str]:
        """The viewer's log in words. Only the events added since the last call are looked at and
        described (an undo drops the words of the events it took back), so an action costs the same
        late in a long game as early on."""
        events = self.match.events
        # The seats' names are in the key: a person joining a hosted table names their seat after
        # the log's first lines were written ("Player 2 leads ..." must become "Ben leads ...").
        key = (self.app.t.lang, self.viewer, tuple(s.name for s in self.match.seats))
        if self._lines_key != key:
            self._lines, self._line_words, self._lines_seen, self._lines_key = [], [], 0, key
        cache, words, seen = self._lines, self._line_words, self._lines_seen
        while cache and (cache[-1][0] >= len(events) or events[cache[-1][0]] is not cache[-1][1]):
            if cache.pop()[2]:  # an undo took this event back
                words.pop()
        if seen > len(events) or (seen and events[seen - 1] is not self._lines_last):
            seen = cache[-1][0] + 1 if cache else 0  # events were replaced: look again after the kept ones
        names = [s.name for s in self.match.seats]
        for i in range(seen, len(events)):
            e = events[i]
            if self.in_log(e):
                line = self.describe(e, self.app.t, names)
                cache.append((i, e, line))
                if line:
                    words.append(line)
        self._lines_seen = len(events)
        self._lines_last = events[-1] if events else None
        return list(words)

    def mark_seen(self) -> None:
        """The table is on the screen now: the person whose eyes are on it (or who decides in the
        open) has seen every event so far; on the public view of a moment the table watches
        together, everyone has."""
        eyes = set(self.match.humans) if self.viewer is None and self.match.watched_together() else set()
        for seat in eyes | {self.viewer, self.decider} - {None}:
            self._seen_upto[seat] = len(self.match.events)

    def public_since(self, seat: Optional[int]) -> list[dict]:
        """The public events since `seat` last saw the table (all of them for someone who never has)."""
        start = self._seen_upto.get(seat, 0) if seat is not None else 0
        return [e for e in self.match.events[start:] if e.get("seats") is None and not e.get("transient")]

    def public_summary(self, seat: Optional[int] = None) -> list[str]:
        """What everyone saw happen since `seat` last had the screen (public events only), in words."""
        return self._words(self.public_since(seat))

    # -- what every table asks ------------------------------------------------------
    @property
    def n(self) -> int:
        return self.view["n_players"]

    def name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def kind_label(self, seat: int) -> str:
        kind = self.match.seats[seat].kind
        if self.coach is not None and kind != "human":
            return self.app.t("tutorial.bot")  # a guided game's computer players follow its script
        return self.app.t("table.human") if kind == "human" else self.app.t("table.bot." + kind)

    def can_act(self) -> bool:
        """A person must decide on this screen now: the viewer, or someone deciding in the open."""
        return self.my_turn()

    def sending_words(self) -> Optional[str]:
        """Words saying the person's move is on its way to the host, while it is (a seat played from
        another computer: scenes/remote/host_words.py); None at a table on this screen."""
        return None

    def open_rules(self) -> None:
        from . import registry
        registry.push(self.app, "rules", self.match.spec.key)

    def ask_menu(self) -> None:
        """The game's menu: keep playing, the rules, settings, or the main menu (the game is saved
        after every move). Over the curtain too, where it shows nobody's view."""
        from . import registry
        registry.push(self.app, "table_menu", self.match.spec.key)

    def my_turn(self) -> bool:
        return self.decider is not None and self.decider == self.match.decider()

    def act(self, action) -> bool:
        """Forward a click as an action for the viewing seat; an illegal one is refused with a notice."""
        if not self.my_turn():
            self.notice(self.app.t("error.not_your_turn"))
            return False
        return self.act_for(self.decider, action)

    def act_for(self, seat: int, action) -> bool:
        """Make an action for `seat` whatever the screen shows: what the rules do for a person (a
        chair's time is up in a discussion the whole table watches); refused like any other."""
        if self.coach is not None and not self.coach.allows(action):
            return False  # off the lesson's script: the coach says what it would have done
        try:
            events = self.match.act(seat, action)
        except IllegalAction as exc:
            log.info("refused action %r: %s", action, exc)
            self.notice(self.app.t("error.illegal"))
            return False
        except SaveFailed as exc:
            self.save_failed(exc)
            return False
        self.after_events(events)
        return True

    def table_ruling(self, action) -> bool:
        """An action of the table itself (seat None), e.g. a penalty any human may call."""
        if self.coach is not None and not self.coach.allows_ruling(action):
            return False
        try:
            events = self.match.act(None, action)
        except IllegalAction:
            self.notice(self.app.t("error.illegal"))
            return False
        except SaveFailed as exc:
            self.save_failed(exc)
            return False
        self.after_events(events)
        return True

    def undo(self) -> None:
        if self.can_undo():
            self.stop_thinking()
            try:
                self.match.undo(self.viewer)
            except SaveFailed as exc:
                self.save_failed(exc)
            self.refresh()

    def can_undo(self) -> bool:
        return self.coach is None and self.match.can_undo(self.viewer)  # a lesson keeps to its script

    def can_decide_in_own_view(self) -> bool:
        """Is a person deciding in the open, who may ask to see their own view for it (My cards)?"""
        return self.decider is not None and self.match.can_decide_in_own_view(self.decider)

    def decide_in_own_view(self) -> None:
        """The person deciding in the open asks for their own view: the curtain, then theirs."""
        if self.can_decide_in_own_view():
            self.match.decide_in_own_view(self.decider)
            self.refresh()
            self.check_flow()

    def after_events(self, events: list[dict]) -> None:
        """What follows any move made at the table, wherever it was made (here, by a bot, on the
        host's server for a remote seat, or by the remote host for this seat): its sounds and
        animations, the new view, the next hand-off."""
        self.app.sound.events(self.match.spec.key, events)
        self.bot_clock = 0.0
        if self.thought is not None and self.thought.stale:
            self.stop_thinking()  # what it was thinking about has changed
        self.on_events(events)
        self.refresh()
        self.check_flow()

    def check_flow(self) -> None:
        """Curtain before the next human's private view."""
        seat = self.match.handoff_needed()
        if seat is not None and not isinstance(self.app.manager.top, CurtainScene):
            def ready(seat=seat) -> None:
                self.match.confirm_handoff(seat)
                self.refresh()
            # The curtain repeats everything that happened in public since this person last had the
            # screen: a vote or a reveal is not lost on someone who was away. It is put in words
            # when drawn, so a language switched from the curtain's menu shows at once.
            events = self.public_since(seat)
            self.app.your_turn()  # the hand-off screen comes with the call
            taker = self.still_at_screen()
            take_back = None if taker is None else (self.match.seats[taker].name, lambda: self.take_back(taker))
            self.app.manager.push(CurtainScene(self.app, self.match.seats[seat].name,
                                               theme.seat_colour(seat), ready,
                                               summary=lambda: self._words(events), on_menu=self.ask_menu,
                                               take_back=take_back))

    def still_at_screen(self) -> Optional[int]:
        """The person who made the last move (bots' quiet moves aside), who is still at the screen as
        the curtain goes up, if they may take it back; None in a lesson or a game just taken up again."""
        if self.coach is not None or self.match.resumed:
            return None
        seats = self.match.seats
        last = next((who for who, _ in reversed(self.match.state.actions) if who is not None
                     and seats[who].is_human), None)
        return last if last is not None and self.match.can_undo(last) else None

    def take_back(self, seat: int) -> None:
        """Undo `seat`'s last move from the curtain: the screen becomes theirs again, or the next
        curtain's if their view needs one (the table checks when the curtain goes)."""
        if self.coach is None and self.match.can_undo(seat):
            self.stop_thinking()
            try:
                self.match.undo(seat)
            except SaveFailed as exc:
                self.save_failed(exc)
            self.refresh()

    def enter(self) -> None:
        if self.app.t.lang != self._lang:
            self.language_changed()
        self.check_flow()

    def language_changed(self) -> None:
        """Back from Settings in another language: the table is laid out again (a table remakes its
        panels and their cached pictures there), its log and the view's words are made again."""
        self._lang = self.app.t.lang
        name_seats_in(self.app.t, self.match.seats)
        if self.coach is not None:
            self.coach.name_seats()  # the lesson's people by their names in this language
        self.stop_thinking()
        self._lines, self._lines_key = [], ()
        self.layout(*self.app.size)
        self.refresh()

    # -- time ----------------------------------------------------------------
    def covered(self) -> bool:
        return self.app.manager.top is not self

    def update(self, dt: float) -> None:
        if not self.saved():
            return
        if self.message:
            self.message_clock -= dt
            if self.message_clock <= 0:
                self.message = None
                self.dirty = True
        if self.match.state.is_over():
            if self.over_clock is None:
                self.over_clock = GAME_OVER_PAUSE
            self.over_clock -= dt
            if self.over_clock <= 0 and not self.covered():
                self.over_clock = 1e9
                self.show_game_over()
            return
        seat = self.match.bot_to_move()
        if self.covered() or seat is None:
            return
        self.bot_clock += dt
        self._think(seat, dt)

    # -- a bot thinking beside the frames ------------------------------------------------------
    def think_ahead(self) -> None:
        """While the table holds the bots (pieces moving, a result on screen), the bot to move may
        already think: its move still lands only once the table lets it, and a thought made stale
        meanwhile (an undo, a person's action) is dropped."""
        seat = self.match.bot_to_move()
        if seat is not None and not self.covered() and not self.match.state.is_over():
            self._start_thought(seat)

    def _start_thought(self, seat: int) -> None:
        if self.thought is None or self.thought.seat != seat or self.thought.stale:
            self.stop_thinking()
            self.thought = Thought(self.match, seat)
            self.think_clock = 0.0

    def _think(self, seat: int, dt: float) -> None:
        """Start the bot's thought at once; its move lands when it is done and the pause is over."""
        self._start_thought(seat)
        before, self.think_clock = self.think_clock, self.think_clock + dt
        if self.think_clock >= MARK_AFTER and int(before * MARK_FPS) != int(self.think_clock * MARK_FPS):
            self.app.request_redraw()  # the seat's mark moves on (the table's picture is kept)
        if self.thought.done and self.bot_clock >= self.bot_pause():
            thought, self.thought = self.thought, None
            self.bot_clock = 0.0
            self._bot_acts(thought.land)

    def bot_pause(self) -> float:
        """Seconds between two computer moves: the player's setting; at a guided table at least the
        normal pace, so that the learner can follow (unless the setting is instant)."""
        delay = self.app.settings.bot_delay
        return max(delay, 0.9) if self.coach is not None and delay > 0 else delay

    def _bot_acts(self, move) -> None:
        try:
            events = move()
        except SaveFailed as exc:
            self.save_failed(exc)
            return
        self.after_events(events)

    def saved(self) -> bool:
        """Is every move so far on disk? Asked every frame: a save still on its way holds the next
        move while frames go on; one the disk refused has been taken back: the save-failed message."""
        try:
            self.match.check_saved()
        except SaveFailed as exc:
            self.save_failed(exc)
            return False
        return not self.match.saving()

    def save_failed(self, exc: SaveFailed) -> None:
        """The move was taken back (game/core/match.py): say why in the player's language. The
        message covers the table, so bots wait until it is closed and then try once more."""
        log.warning("the move was not saved: %s", exc)
        self.stop_thinking()
        self.bot_clock = 0.0
        self.refresh()  # a move refused after it was shown (saved in the background) is off the table
        t = self.app.t
        body = t(f"save.failed.{exc.kind}")
        if self.match.bots:
            body += " " + t("save.failed.bots_paused")
        self.app.manager.push(MessageScene(self.app, t("save.failed.title"), body,
                                           [(t("save.failed.retry"), lambda: None),
                                            (t("save.failed.play_unsaved"), self.play_unsaved)], is_error=True))

    def play_unsaved(self) -> None:
        """The player's choice when the disk keeps refusing: go on, saving off (the last save stays)."""
        log.warning("saving switched off for this game by the player")
        self.match.autosave_path = None

    def thinking_seat(self) -> Optional[int]:
        """The bot seat whose thought is running now (its seat plate shows it), else None. Only a
        seat the view on the screen says must act: where a game keeps who decides a secret (who may
        answer in The Wonderful Island's reaction window), the mark would tell it."""
        if self.thought is None or self.thought.done or self.think_clock < MARK_AFTER:
            return None
        seat = self.thought.seat
        return seat if seat in self.view.get("to_act", [seat]) else None

    def stop_thinking(self) -> None:
        """Drop the running thought (undo, the table left or covered, a language switch)."""
        if self.thought is not None:
            self.thought.cancel()
            self.thought = None

    def leave(self) -> None:
        # Covered (the menu, the curtain) or left for good: a bot starts its thought again when the
        # table is back, from the same bot, so its move is the same.
        self.stop_thinking()

    def animating(self) -> bool:
        return bool(self.message) or self.match.bot_to_move() is not None or \
            (self.match.state.is_over() and (self.over_clock or 0) < 1e8)

    def notice(self, text: str, seconds: float = 2.5) -> None:
        self.message, self.message_clock = text, seconds
        self.dirty = True

    # -- hooks ------------------------------------------------------------------
    def show_game_over(self) -> None:
        """Replace the table by the game's results scene (scenes/registry.py names it); a guided
        game's coach ends it with its own summary instead."""
        if self.coach is not None:
            return
        from . import registry
        self.app.manager.replace(registry.results_scene(self.app, self.match))

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return None
        return None

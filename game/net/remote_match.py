"""RemoteMatch: what a table scene holds at a remote seat, in place of a Match.

It offers the part of Match that MatchScene and the tables use (docs/network.md lists it), fed by
the host's state messages and sending intents: the scene draws `view_of(viewer)` and calls `act` as
it does at one computer. There is one person at this screen (the seat), so there is no hand-off,
and no bot runs here: the host runs them.

Thread hand-over: the client's thread only puts messages in a queue; `poll()`, called by the drawing
thread (each frame) or a headless loop, applies them here. Nothing in this object is touched by
another thread.
"""
from __future__ import annotations

import queue
from typing import Any, Optional

from game.core.actions import Action, is_among, to_action, to_json
from game.core.errors import IllegalAction
from game.core.hints import HintJob, remembers
from game.core.match import Seat, visible
from game.core.names import HUMAN
from game.core.spec import GameSpec

from . import protocol
from .client import TableClient


# What the scenes (scenes/match_scene.py, table_scene.py and the four tables) use of a Match, which a
# RemoteMatch offers too (docs/network.md says what each one means at a remote seat).
SCENE_CONTRACT = (
    "spec", "seats", "humans", "bots", "events", "state", "view_of", "sees", "viewer", "decider",
    "handoff_needed", "confirm_handoff", "human_to_move", "bot_to_move", "act", "undo", "can_undo",
    "shown_to", "resumed", "clocks", "hints_allowed", "hints_taken", "autosave_path", "autosave",
    "save_in_background", "check_saved", "wait_saved", "saving", "can_decide_in_own_view", "decide_in_own_view",
    "watched_together", "looking_in_watched_moment", "look_in_watched_moment", "back_to_watched_moment",
    "hint_job", "take_hint",
    "ready_for", "say_ready_for", "people_listened_to",
)
STATE_CONTRACT = ("to_act", "legal_actions", "is_over", "winners", "view", "actions", "options", "n_players",
                  "phase")


class RemoteState:
    """The engine contract's reading side, through the one seat's eyes (what the host sent)."""

    def __init__(self, seat: int, n_players: int, options: dict) -> None:
        self.seat = seat
        self.n_players = n_players
        self.options = dict(options)
        self._view: dict = {}
        self._public: Optional[dict] = None
        self._legal: list[Action] = []
        self._table_legal: list[Action] = []
        self._to_act: list[int] = []
        self._over = False
        self._winners: list[int] = []
        # One entry per state this seat was shown (who acted is not told): a count of positions, so
        # that a scene's "has the table moved on" questions (len(state.actions)) work here too.
        self.actions: list[tuple[Optional[int], Any]] = []

    def to_act(self) -> list[int]:
        return list(self._to_act)

    def legal_actions(self, seat: Optional[int]) -> list[Action]:
        if seat is None:
            return list(self._table_legal)
        return list(self._legal) if seat == self.seat else []

    def is_over(self) -> bool:
        return self._over

    def winners(self) -> list[int]:
        return list(self._winners)

    def view(self, seat: Optional[int]) -> dict:
        """This seat's view; the public one once the game is over (its final reveal), else this seat's
        own (nothing else is known here)."""
        if seat is None and self._public is not None:
            return self._public
        return self._view

    @property
    def phase(self) -> Any:
        return self._view.get("phase")

    def decides_openly(self, seat: Optional[int]) -> bool:
        return False


class RemoteMatch:
    def __init__(self, spec: GameSpec, client: TableClient, welcome: dict) -> None:
        self.spec = spec
        self.client = client
        self.seat: int = welcome["seat"]
        n = int(welcome["n_players"])
        self.state = RemoteState(self.seat, n, welcome.get("options") or {})
        self.seats = [Seat(f"{i + 1}") for i in range(n)]
        self.status: list[dict] = []
        self.events: list[dict] = []
        self.bots: dict[int, None] = {}
        self.seq = 0
        self.turn = 0   # the host's count of this seat's decisions' positions: intents name it
        self.started = False
        self.waits_for_host = False   # every seat is in: the host's window has yet to start the game
        self._can_undo = False
        self._said: Any = None   # the moment this seat said it is ready at (say_ready_for)
        self.errors: list[dict] = []        # the host's refusals, oldest first (a scene shows a notice)
        # The seat's choices while an intent is on its way: none (one intent per decision; a table
        # that makes a move itself, The Wonderful Island's pass for a lone person, asks again), given
        # back if the host refuses it; the host's answer (a state of a new turn) replaces them.
        self._held: Optional[list[Action]] = None
        # What is on its way to the host, unanswered: "act" or "undo" (the scene says so), else None;
        # and the turn it answers (None after a new connection: its first state is the answer).
        self.sending: Optional[str] = None
        self._sent_at: Optional[int] = None
        # The computer that played this seat while its person was away, which this welcome ended
        # ({"level", "moves"}, from the host), until the scene has told the person (then None).
        self.stood_in: Optional[dict] = welcome.get("stood_in")
        self.closed: Optional[str] = None   # the host said bye (its reason)
        # What a Match on a screen also has, with nothing to do here: the host saves, the table's
        # clocks are the host's.
        self.shown_to: Optional[int] = self.seat
        self.resumed = False
        self.clocks: dict[str, float] = {}
        # Hints (chosen at the host's setup) are worked out here, from the views this seat was sent
        # (hint_job); the host counts them in its record (take_hint) and says each seat's count.
        self.hints_allowed = bool(welcome.get("hints"))
        self.hints_taken = [0] * n
        # This seat's views as the host sent them, oldest first: every one for a game whose hint
        # remembers what the seat saw (Bot.observe), else the last one only.
        self.views_seen: list[dict] = []
        self._hint_remembers = remembers(spec)
        self.autosave_path = None
        self.looking_in_watched_moment: Optional[int] = None   # one person at this screen: nobody looks from a shared view

    @classmethod
    def join(cls, spec_of: dict, client: TableClient, timeout: float = 10.0) -> "RemoteMatch":
        """Start the client, wait for the host's welcome and first state, and make the match."""
        client.start(timeout)
        welcome = None
        while welcome is None:
            msg = client.inbox.get(timeout=timeout)
            if msg.get("type") == protocol.WELCOME:
                welcome = msg
        spec = spec_of[welcome["game"]]
        remote = cls(spec, client, welcome)
        remote.poll(timeout)
        return remote

    # -- the host's messages --------------------------------------------------------------------
    def poll(self, timeout: float = 0.0) -> Optional[list[dict]]:
        """Apply the host's messages that arrived (waiting up to `timeout` for the first); the events
        added to this seat's log, or None if no state came (nothing to redraw)."""
        added: Optional[list[dict]] = None
        first = True
        while True:
            try:
                msg = self.client.inbox.get(timeout=timeout) if first and timeout > 0 else \
                    self.client.inbox.get_nowait()
            except queue.Empty:
                return added
            first = False
            kind = msg.get("type")
            if kind == protocol.STATE:
                events = self._apply_state(msg)
                added = (added or []) + events
            elif kind == protocol.ERROR:
                self.errors.append(msg)
                if self.sending is not None and msg.get("about") in (self.sending, None):
                    # refused (or not read, rate_limited: about is None): the choices come back
                    self.state._legal, self._held, self.sending = self._held, None, None
            elif kind == protocol.WELCOME:   # a new connection (resumed): its first state is the answer
                self._sent_at = None
                self.stood_in = msg.get("stood_in") or self.stood_in
            elif kind == protocol.BYE:
                self.closed = str(msg.get("reason"))

    def _apply_state(self, msg: dict) -> list[dict]:
        st = self.state
        self.seq = msg["seq"]
        new_turn = msg["turn"] != self.turn
        self.turn = msg["turn"]
        st._view = msg["view"]
        if not self._hint_remembers:
            self.views_seen[:] = [st._view]
        elif not self.views_seen or self.views_seen[-1] != st._view:
            self.views_seen.append(st._view)
        st._public = msg.get("public_view")
        st._legal = [to_action(a) for a in msg["legal"]]
        if self.sending is not None and msg["turn"] == self._sent_at:
            # another seat's move, not the answer yet: still on its way, nothing to choose again
            self._held, st._legal = st._legal, []
        else:
            self._held, self.sending = None, None
        st._table_legal = [to_action(a) for a in msg.get("table_legal", [])]
        st._to_act = list(msg["to_act"])
        st._over = bool(msg["over"])
        st._winners = list(msg.get("winners") or [])
        if new_turn:
            st.actions.append((None, None))
        self.started = bool(msg.get("started"))
        self.waits_for_host = bool(msg.get("waits_for_host"))
        self._can_undo = bool(msg.get("can_undo"))
        clocks = msg.get("clocks")
        self.clocks = {str(k): float(v) for k, v in clocks.items() if isinstance(v, (int, float))} \
            if isinstance(clocks, dict) else {}
        self.status = msg["seats"]
        for i, s in enumerate(self.status):
            self.seats[i].name, self.seats[i].kind = s["name"], s["kind"]
            self.hints_taken[i] = int(s.get("hints") or 0)
        # Played by a computer now: a bot's seat, or an away person's a computer stands in for (as
        # the host's match.bots holds it: European Union's stand-in chair gives the people time too).
        self.bots = {i: None for i, s in enumerate(self.status) if s["role"] == "bot" or s.get("stand_in")}
        log = msg["log"]
        del self.events[log["keep"]:]
        self.events.extend(log["add"])
        return list(log["add"])

    # -- what the scene asks ----------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        """The people at this screen: this seat alone (so no hand-off, and 'your turn' calls)."""
        return [self.seat]

    @property
    def connected(self) -> bool:
        return self.client.connected.is_set()

    def view_of(self, seat: Optional[int]) -> dict:
        return self.state.view(seat)

    def sees(self, event: dict, seat: Optional[int]) -> bool:
        return visible(event, seat)

    def viewer(self) -> Optional[int]:
        return self.seat

    def human_to_move(self) -> Optional[int]:
        return self.seat if self.started and self.seat in self.state._to_act and self.state._legal else None

    def decider(self) -> Optional[int]:
        return self.human_to_move()

    def handoff_needed(self) -> Optional[int]:
        return None

    def confirm_handoff(self, seat: int) -> None:
        """No curtain at one's own screen; the host is told this person is at the table."""
        self.ready()

    # -- a moment watched together: never at one person's own screen --------------------------------
    def watched_together(self) -> bool:
        return False

    def can_decide_in_own_view(self, seat: Optional[int]) -> bool:
        return False

    def decide_in_own_view(self, seat: int) -> None:
        raise IllegalAction("one person at this screen: their own view is always on it")

    def look_in_watched_moment(self, seat: int) -> None:
        pass

    def back_to_watched_moment(self) -> None:
        pass

    def bot_to_move(self) -> Optional[int]:
        return None   # the host's bots move on the host

    def thinking_seat(self) -> Optional[int]:
        """The bot seat the host says is thinking (only if this seat's view says it must act)."""
        return next((i for i, s in enumerate(self.status) if s.get("thinking")), None)

    def can_undo(self, seat: Optional[int]) -> bool:
        return seat == self.seat and self._can_undo and self.sending is None

    # -- a host's bot that gives the people time (European Union's chair in a discussion) -------------
    def people_listened_to(self) -> list[int]:
        """Every person's seat at the table not played by a bot now (this one and the others')."""
        return [i for i, s in enumerate(self.status) if s["kind"] == HUMAN and s.get("stand_in") is None]

    def ready_for(self, moment: Any) -> frozenset[int]:
        """Who the host says is ready at the moment its bot gives time (the host's current one),
        with this seat at once once it has said so for this moment."""
        said = {self.seat} if self._said == moment and moment is not None else set()
        return frozenset({i for i, s in enumerate(self.status) if s.get("done_talking")} | said)

    def say_ready_for(self, seat: int, moment: Any) -> None:
        if seat != self.seat or moment is None:
            return
        self._said = moment
        self.client.send(protocol.message("done_talking", moment=list(moment)))

    # -- intents -------------------------------------------------------------------------------------
    def ready(self) -> None:
        self.client.send(protocol.message("ready"))

    def act(self, seat: Optional[int], action: Action) -> list[dict]:
        """Send the action; its events come back with the host's next state (poll). IllegalAction at
        once for what this seat's legal list does not hold (the host checks again)."""
        if seat is None:
            if not is_among(action, self.state._table_legal):
                raise IllegalAction("not a table action this seat may call now")
            self.client.send(protocol.message("act", action=to_json(action), at=self.turn, table=True))
            return []
        if seat != self.seat or not is_among(action, self.state._legal):
            raise IllegalAction(f"not a legal action for seat {seat} now")
        self.client.send(protocol.message("act", action=to_json(action), at=self.turn))
        self._on_its_way("act")
        return []

    def hint_job(self, seat: int) -> HintJob:
        """A hint for this seat, worked out here from the views the host sent it (the search is
        given nothing else at one screen either: game/core/hints.py), never asked of the host."""
        if seat != self.seat:
            raise IllegalAction("a hint only for the seat at this screen")
        return HintJob(self, seat, views=list(self.views_seen) or [self.state.view(seat)])

    def take_hint(self, seat: int) -> None:
        """The hint was shown: the host counts it in its record (the results and History say it)."""
        self.hints_taken[seat] += 1
        self.client.send(protocol.message("hint"))

    def undo(self, seat: Optional[int]) -> None:
        if not self.can_undo(seat):
            raise IllegalAction("nothing of yours to undo")
        self.client.send(protocol.message("undo", at=self.turn))
        self._on_its_way("undo")

    def _on_its_way(self, kind: str) -> None:
        """Until the host answers, the seat decides nothing more (no double move): its choices are
        held, to come back if the host refuses the intent."""
        self._held, self.state._legal = self.state._legal, []
        self.sending, self._sent_at = kind, self.turn

    # -- saving is the host's ------------------------------------------------------------------------
    def save_in_background(self) -> None:
        pass

    def check_saved(self) -> None:
        pass

    def wait_saved(self) -> None:
        pass

    def saving(self) -> bool:
        return False

    def autosave(self) -> None:
        pass

    def close(self) -> None:
        self.client.close()

"""The host's table: its Match (the only authority), who holds each seat, and what each seat is sent.

No sockets here and no threads: the server (server.py) calls these methods on its own thread, one
at a time. What a seat is sent is made by SeatFeed from that seat's eyes only: its view, its legal
actions, the events `visible` to it, whose turn it is as its view says, and the table's public
status. Nothing else about the match is read into a message, so nothing a seat may not see can
leave the host for it.
"""
from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass
from typing import Callable, Optional

from game.core.actions import Action, to_action, to_json
from game.core.errors import IllegalAction, SaveFailed
from game.core.match import Match, visible
from game.core.names import clean_name

from . import protocol
from .protocol import ProtocolError
from .tablecode import TableCode, same_secret

LOCAL, REMOTE, BOT = "local", "remote", "bot"
ROLES = (LOCAL, REMOTE, BOT)


def _gift_is_own(seat: int, action: Action) -> bool:
    return len(action) >= 2 and action[1] == seat


# A table action (seat None) a remote person may make: only the ones the rules let any person at the
# table call (Xuanwu's penalty), or, in European Union, a gift of their own influence.
RULINGS: dict[str, Callable[[int, Action], bool]] = {
    "xuanwu_gate": lambda seat, action: True,
    "european_union": _gift_is_own,
}


# Why a remote seat's person is not at it, as every screen marks it on the seat's plate.
AWAY, NOT_JOINED = "away", "not_joined"


def absence(role: str, claimed: bool, connected: bool, stand_in: Optional[str]) -> Optional[str]:
    """AWAY (joined, and the connection is gone), NOT_JOINED (nobody took the seat yet), or None
    (the person is there, the seat is not a remote person's, or a bot plays it for now)."""
    if role != REMOTE or stand_in is not None:
        return None
    if not claimed:
        return NOT_JOINED
    return None if connected else AWAY


@dataclass
class SeatHold:
    """Who holds a seat: its role, and for a remote person the token that keeps it."""
    role: str
    token: Optional[str] = None   # given at join; required to resume
    connected: bool = False
    ready: bool = False
    stand_in: Optional[str] = None   # a bot level playing the seat while its person is away
    stand_in_from: int = 0           # how many actions the game had when the stand-in began
    # The stand-in the person's last join or resume ended ({"level", "moves"}), for their welcome.
    stood_in: Optional[dict] = None

    @property
    def claimed(self) -> bool:
        return self.token is not None


class HostedTable:
    def __init__(self, match: Match, roles: list[str], code: TableCode) -> None:
        if len(roles) != len(match.seats) or any(r not in ROLES for r in roles):
            raise ValueError(f"one role per seat is needed, each one of {', '.join(ROLES)}")
        for seat, role in zip(match.seats, roles):
            if (role == BOT) == seat.is_human:
                raise ValueError("a bot seat needs a bot level, a person's seat the kind 'human'")
        self.match = match
        self.code = code
        self.holds = [SeatHold(role, ready=role != REMOTE) for role in roles]
        # The name the host gave a remote seat for the person expected there (None: anyone's).
        self.named: list[Optional[str]] = [None] * len(roles)
        self.thinking: Optional[int] = None   # the bot seat whose thought is running (server.py)
        # The host's window opens play before every seat is taken (begin): the latecomers join a
        # game under way, and it waits at their turn.
        self.begun = False
        # A host with a window starts the game itself (its lobby's Start), even once every remote
        # person is in and ready; a headless host starts as soon as they all are.
        self.host_starts = False
        # Held by whoever touches the match: the server's loop for an intent, a join or a state
        # sent, the host's window for a whole frame (its clicks, its bots, its drawing).
        self.lock = threading.RLock()
        # Called (under the lock) when a seat is taken and given its token: the host keeps the
        # tokens with its save, so that a table opened again after a crash knows its people.
        self.on_claim: Optional[Callable[[], None]] = None
        # The moment a bot gives the people time (bot_waits) and when the host first saw it.
        self._listened: tuple = (None, 0.0)
        self._moment: tuple = (None, 0, None)   # (state, actions, GameSpec.listens' moment) last read

    # -- who sits where -----------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        """Has the game begun: the host's window pressed Start, or (a headless host) every remote
        person has joined and said ready? Until then nobody acts and the bots wait."""
        return self.begun or (not self.host_starts and all(h.ready for h in self.holds))

    @property
    def waits_for_host(self) -> bool:
        """Is everyone in and ready, and the game waits for the host's window to start it?"""
        return not self.started and all(h.ready for h in self.holds)

    def begin(self) -> None:
        """The host starts the game with remote seats still free or not ready: they join later."""
        self.begun = True

    def join(self, secret: str, seat: Optional[int], name: Optional[str]) -> tuple[int, str]:
        """A remote person takes a seat (the one asked for, else the one named for them, else the
        first free): (seat, token)."""
        if not same_secret(secret, self.code.secret):
            raise ProtocolError("bad_code")
        free = [i for i, h in enumerate(self.holds) if h.role == REMOTE and not h.claimed]
        cleaned = clean_name(name or "")
        if seat is None:
            if not free:
                raise ProtocolError("no_free_seat")
            # A seat the host named for someone is kept for them: theirs if they give that name,
            # another's only when no other seat is free.
            named = [i for i in free if self.named[i] and self.named[i].casefold() == cleaned.casefold()]
            unnamed = [i for i in free if not self.named[i]]
            seat = (named or unnamed or free)[0]
        elif seat >= len(self.holds):
            raise ProtocolError("no_such_seat")
        elif seat not in free:
            raise ProtocolError("seat_taken")
        hold = self.holds[seat]
        hold.token = secrets.token_urlsafe(32)
        hold.connected = True
        if cleaned:
            self.match.seats[seat].name = cleaned
        self.end_stand_in(seat)
        if self.on_claim is not None:
            self.on_claim()
        return seat, hold.token

    def seats_before_joining(self, secret: str) -> list[dict]:
        """What someone with the table code is shown before taking a seat: each seat's name, whether
        a remote person may take it (`free`), the name it is kept for (`kept_for`), and for a taken
        one whether its person is there. Nothing changes; a wrong code is refused as for a join."""
        if not same_secret(secret, self.code.secret):
            raise ProtocolError("bad_code")
        out = []
        for seat, hold, named in zip(self.match.seats, self.holds, self.named):
            remote = hold.role == REMOTE
            out.append({"name": seat.name, "role": hold.role, "free": remote and not hold.claimed,
                        "kept_for": named if remote and not hold.claimed else None,
                        "connected": hold.connected if remote else True})
        return out

    def resume(self, seat: int, token: str) -> None:
        """A remote person comes back to their seat with its token."""
        if not 0 <= seat < len(self.holds):
            raise ProtocolError("no_such_seat")
        hold = self.holds[seat]
        if hold.role != REMOTE or not hold.claimed or not secrets.compare_digest(
                token.encode("utf-8", "replace"), hold.token.encode("ascii")):
            raise ProtocolError("bad_token")
        hold.connected = True
        self.end_stand_in(seat)

    def stand_in_for(self, seat: int, level: str) -> None:
        """A bot of this level plays a remote person's seat while they are away (the host's choice);
        their token stays good, and when they come back (resume) the seat is theirs again."""
        spec = self.match.spec
        if level not in spec.bots:
            raise ValueError(f"no bot level {level!r} for {spec.key}")
        hold = self.holds[seat]
        if hold.role != REMOTE or hold.connected:
            raise ValueError("only an away remote person's seat can be played by a bot for now")
        hold.stand_in = level
        hold.stand_in_from = len(self.match.state.actions)
        self.match.bots[seat] = spec.bots[level](seat, secrets.randbits(63))

    def end_stand_in(self, seat: int) -> None:
        """The seat goes back to its person (a bot's thought for it is stale: not its seat any more);
        what the computer did for them is kept to tell them (`stood_in`: the moves it made)."""
        hold = self.holds[seat]
        if hold.stand_in is not None:
            made = sum(1 for who, _ in self.match.state.actions[hold.stand_in_from:] if who == seat)
            hold.stood_in = {"level": hold.stand_in, "moves": made}
            hold.stand_in = None
            self.match.bots.pop(seat, None)

    def tell_stood_in(self, seat: int) -> Optional[dict]:
        """The stand-in that ended when the seat's person came back, once (for their welcome)."""
        told, self.holds[seat].stood_in = self.holds[seat].stood_in, None
        return told

    def dropped(self, seat: int) -> None:
        """The seat's connection went: it keeps its seat (and its token) until it comes back."""
        self.holds[seat].connected = False

    def give_to_bot(self, seat: int, level: str) -> None:
        """A remote seat is played by a bot of this level from now on (its token is void)."""
        spec = self.match.spec
        if level not in spec.bots:
            raise ValueError(f"no bot level {level!r} for {spec.key}")
        hold = self.holds[seat]
        if hold.role != REMOTE:
            raise ValueError("only a remote person's seat can be handed to a bot")
        self.holds[seat] = SeatHold(BOT, ready=True)
        self.match.seats[seat].kind = level
        self.match.bots[seat] = spec.bots[level](seat, secrets.randbits(63))

    # -- intents --------------------------------------------------------------------------------------
    def act(self, seat: int, action_json: list, table: bool = False) -> list[dict]:
        """A person's action (or, `table`, a table action they call); ProtocolError and nothing changes."""
        state = self.match.state
        if state.is_over():
            raise ProtocolError("game_over")
        if not self.started:
            raise ProtocolError("not_your_turn", "the host waits to start the game" if self.waits_for_host
                                else "the table waits for every seat to be taken")
        try:
            action = to_action(action_json)
        except (TypeError, RecursionError):
            raise ProtocolError("illegal") from None
        if table:
            allowed = RULINGS.get(self.match.spec.key)
            if allowed is None or not allowed(seat, action):
                raise ProtocolError("not_allowed")
            actor = None
        else:
            if seat not in state.to_act():
                raise ProtocolError("not_your_turn")
            actor = seat
        try:
            return self.match.act(actor, action)
        except IllegalAction:
            raise ProtocolError("illegal") from None
        except SaveFailed:
            raise ProtocolError("save_failed") from None

    def undo(self, seat: int) -> None:
        if not self.match.can_undo(seat):
            raise ProtocolError("cannot_undo")
        try:
            self.match.undo(seat)
        except IllegalAction:
            raise ProtocolError("cannot_undo") from None
        except SaveFailed:
            raise ProtocolError("save_failed") from None

    def ready(self, seat: int) -> None:
        self.holds[seat].ready = True

    def hint_taken(self, seat: int) -> None:
        """The person at a remote seat was shown a hint (worked out on their computer from their own
        views): counted in the host's record, as a hint at this screen is."""
        if not self.match.hints_allowed:
            raise ProtocolError("no_hints")
        try:
            self.match.take_hint(seat)
        except SaveFailed:
            raise ProtocolError("save_failed") from None

    # -- a bot that gives the people time (GameSpec.listens: European Union's chair) --------------------
    def listening(self) -> Optional[tuple]:
        """(the bot's seat, the moment's key, its seconds) while a bot that must act gives the
        people time; None otherwise (no such moment, or a person decides it)."""
        listens, state = self.match.spec.listens, self.match.state
        if listens is None:
            return None
        known = self._moment   # the public view is read once per position, not once per seat's status
        if known[0] is not state or known[1] != len(state.actions):
            self._moment = known = (state, len(state.actions), listens(state.view(None)))
        moment = known[2]
        if moment is None or moment[0] not in self.match.bots or moment[0] not in self.match.state.to_act():
            return None
        return moment

    def done_talking(self, seat: int, moment: list) -> None:
        """A remote person is ready for the listening bot to act at this moment (sent for a moment
        that has passed: nothing changes)."""
        now = self.listening()
        if now is not None and list(now[1]) == list(moment) and self.match.seats[seat].is_human:
            self.match.say_ready_for(seat, now[1])

    def time_left(self, now: float) -> Optional[tuple[str, float]]:
        """(the clock's name, its seconds left) while a bot gives the people time, counted from
        when the host first saw the moment; None otherwise."""
        moment = self.listening()
        if moment is None:
            return None
        if self._listened[0] != moment[1]:
            self._listened = (moment[1], now)
        return moment[3], max(0.0, self._listened[1] + moment[2] - now)

    def bot_waits(self, seat: int, now: float) -> float:
        """How long the bot at `seat` still gives the people (0: it acts now): until every person
        has said they are ready, or the moment's seconds are over."""
        moment, left = self.listening(), self.time_left(now)
        if moment is None or left is None or moment[0] != seat:
            return 0.0
        if set(self.match.people_listened_to()) <= self.match.ready_for(moment[1]):
            return 0.0
        return left[1]

    # -- what is public ---------------------------------------------------------------------------------
    def status(self, eyes: Optional[int], to_act: Optional[list] = None) -> list[dict]:
        """Each seat's name, kind, where it is played from, whether it is connected and whether it is
        thinking, through `eyes`' eyes: a bot's thinking shows only where that seat's view says it
        must act (The Wonderful Island keeps who may answer a secret)."""
        if to_act is None:
            to_act = self.match.view_of(eyes).get("to_act", [])
        moment = self.listening()
        done = self.match.ready_for(moment[1]) if moment is not None else frozenset()
        out = []
        over = self.match.state.is_over()
        for i, (seat, hold) in enumerate(zip(self.match.seats, self.holds)):
            # Hints taken: a seat's own count, everyone's once the game is over (as the results say
            # them); another's count while playing would tell when they stopped to think.
            hints = self.match.hints_taken[i] if over or i == eyes else None
            out.append({"name": seat.name, "kind": seat.kind, "role": hold.role,
                        "connected": hold.connected if hold.role == REMOTE else True,
                        "claimed": hold.claimed if hold.role == REMOTE else True,
                        "stand_in": hold.stand_in, "hints": hints,
                        "thinking": self.thinking == i and i in to_act,
                        "done_talking": i in done})
        return out


# What a seat's decision rests on: its choices and how many actions it made. An intent made on an
# older turn is stale; another seat's move that leaves this seat's choices as they were (a vote cast
# beside its own) or a status change (a bot starts thinking) is not a new turn.
DECISION = ("legal", "table_legal", "can_undo", "over")


class SeatFeed:
    """What one connection holding `seat` has been sent: the log so far and the last state, so that
    the next state message carries only the new events and is sent only if something it shows
    changed (a seat learns nothing from a message it is not sent, nor from one that says nothing)."""

    def __init__(self, table: HostedTable, seat: int) -> None:
        self.table = table
        self.seat = seat
        self.seq = 0     # state messages sent on this connection
        self.turn = 0    # ...of which changed what the seat decides on (DECISION): an intent names it
        self._decision: Optional[str] = None
        self._own: tuple = (None, 0, 0)
        self._looked: list[dict] = []   # the match's events looked at so far (the same objects)
        self._counts: list[int] = []    # how many of them up to each one were the seat's
        self._shown: Optional[str] = None
        self._kept_last = 0             # how long the client's log is

    def _own_actions(self) -> int:
        """How many actions this seat has made (counted on from the last call; an undo replaces the
        state, which is counted again)."""
        state = self.table.match.state
        actions = state.actions
        known, upto, count = self._own
        if known is not state or upto > len(actions):
            upto, count = 0, 0
        count += sum(1 for s, _ in actions[upto:] if s == self.seat)
        self._own = (state, len(actions), count)
        return count

    def _new_events(self) -> tuple[int, list[dict]]:
        """(how many of the seat's log the client keeps, the events to add). An undo takes events
        off the end of the match's log: the client keeps the seat's events before them."""
        events, seat, looked, counts = self.table.match.events, self.seat, self._looked, self._counts
        p = min(len(looked), len(events))
        while p and looked[p - 1] is not events[p - 1]:
            p -= 1
        del looked[p:], counts[p:]
        keep = counts[-1] if counts else 0
        add = []
        for e in events[p:]:
            looked.append(e)
            if visible(e, seat):
                add.append(e)
            counts.append(keep + len(add))
        return keep, add

    def next_message(self) -> Optional[dict]:
        """The state message this connection needs now, or None if it shows nothing new."""
        match, seat = self.table.match, self.seat
        state = match.state
        view = match.view_of(seat)
        over = state.is_over()
        allowed = RULINGS.get(match.spec.key)
        started = self.table.started   # until every person has joined, nobody acts
        table_legal = [to_json(a) for a in state.legal_actions(None)
                       if allowed is not None and allowed(seat, a)] if started and not over else []
        shown = {
            "seat": seat,
            "view": view,
            "to_act": view.get("to_act", []),
            "legal": [to_json(a) for a in state.legal_actions(seat)] if started else [],
            "table_legal": table_legal,
            "can_undo": match.can_undo(seat),
            "started": started,
            "waits_for_host": self.table.waits_for_host,
            "over": over,
            "winners": state.winners() if over else [],
            "public_view": match.view_of(None) if over else None,
            "seats": self.table.status(seat, view.get("to_act", [])),
        }
        text = protocol.encode(shown)
        keep, add = self._new_events()
        if text == self._shown and not add and keep == self._kept_last:
            return None
        decision = protocol.encode([shown[k] for k in DECISION] + [self._own_actions()])
        if decision != self._decision:
            self._decision = decision
            self.turn += 1
        self._shown = text
        self._kept_last = keep + len(add)
        self.seq += 1
        # The host's clock while a bot gives the people time, as it stands now: a seat that comes
        # in during the moment counts down what is left, not the whole (not in `shown`: a clock
        # that runs is no change to send a message for).
        left = self.table.time_left(time.monotonic())
        clocks = {left[0]: round(left[1], 1)} if left is not None else {}
        return protocol.message(protocol.STATE, seq=self.seq, turn=self.turn, log={"keep": keep, "add": add},
                                clocks=clocks, **shown)

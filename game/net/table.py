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
        # Held by whoever touches the match: the server's loop for an intent, a join or a state
        # sent, the host's window for a whole frame (its clicks, its bots, its drawing).
        self.lock = threading.RLock()
        # Called (under the lock) when a seat is taken and given its token: the host keeps the
        # tokens with its save, so that a table opened again after a crash knows its people.
        self.on_claim: Optional[Callable[[], None]] = None

    # -- who sits where -----------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        """Has every remote person joined and said ready? Until then the bots wait."""
        return self.begun or all(h.ready for h in self.holds)

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
            raise ProtocolError("not_your_turn", "the table waits for every seat to be taken")
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

    # -- what is public ---------------------------------------------------------------------------------
    def status(self, eyes: Optional[int], to_act: Optional[list] = None) -> list[dict]:
        """Each seat's name, kind, where it is played from, whether it is connected and whether it is
        thinking, through `eyes`' eyes: a bot's thinking shows only where that seat's view says it
        must act (The Wonderful Island keeps who may answer a secret)."""
        if to_act is None:
            to_act = self.match.view_of(eyes).get("to_act", [])
        out = []
        for i, (seat, hold) in enumerate(zip(self.match.seats, self.holds)):
            out.append({"name": seat.name, "kind": seat.kind, "role": hold.role,
                        "connected": hold.connected if hold.role == REMOTE else True,
                        "claimed": hold.claimed if hold.role == REMOTE else True,
                        "stand_in": hold.stand_in,
                        "thinking": self.thinking == i and i in to_act})
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
        return protocol.message(protocol.STATE, seq=self.seq, turn=self.turn, log={"keep": keep, "add": add},
                                **shown)

"""What a remote seat says that a table at one screen never needs to: that the person's move is on
its way to the host, and, when they come back, that a computer played for them while they were away.

Said once for the four games: the prompt of every table (Elfenland's and The Xuanwu Gate Incident's
`prompt()`, European Union's `prompt()`, The Wonderful Island's `instruction()`) says "Sending your
move…" while the intent is unanswered, where it would otherwise say nothing or "waiting for the
others" (RemoteMatch holds the seat's choices meanwhile: nothing on the table is clickable, and a
click the table would refuse as "not your turn" is told the move is being sent).
"""
from __future__ import annotations

from typing import Optional

from ..ui.panel import Intent

STOOD_IN_SECONDS = 8.0   # the notice that a computer played for the person: long enough to read


class HostWords:
    """Mixed in between RemoteSeat and a game's table class (scenes/remote/seat.py)."""

    def sending_words(self) -> Optional[str]:
        """The prompt while the seat's move (or undo) is on its way to the host, else None."""
        kind = self.match.sending
        return self.app.t(f"net.sending.{kind}") if kind is not None else None

    def held_words(self) -> Optional[str]:
        """Why nothing can be done at this seat now, if the host holds it: a move on its way, or,
        everyone in, the host has yet to start the game (the view's "whose turn" would name people
        who cannot act yet)."""
        if self.match.waits_for_host and not self.match.started and self.match.sending is None:
            return self.app.t("net.waiting.host_short")
        return self.sending_words()

    def prompt(self):
        """The table's prompt, its words about what to do now replaced while the host holds the seat
        (held_words) (Elfenland and Xuanwu give (whose turn, what to do), European Union the words alone)."""
        words = super().prompt()
        sending = self.held_words()
        if sending is None:
            return words
        return (words[0], sending) if isinstance(words, tuple) else sending

    def instruction(self) -> str:
        """The Wonderful Island's prompt line."""
        return self.held_words() or super().instruction()

    def act(self, action) -> bool:
        """A click that would make a move while the last one is on its way (or before the host has
        started) is not refused as "not your turn": it is told why."""
        sending = self.held_words()
        if sending is not None:
            self.notice(sending)
            return False
        return super().act(action)

    def perform(self, intent) -> None:
        """The table's refusal of a click (a notice) says, while the host holds the seat, why."""
        sending = self.held_words()
        if sending is not None and intent.notice and intent == Intent(notice=intent.notice):
            intent = Intent(notice=sending)
        super().perform(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.tell_stood_in()

    def tell_stood_in(self) -> None:
        """Once, when the person is at the table again (the connection up): how many moves the
        computer made for them (the log holds the moves themselves)."""
        match = self.match
        if match.stood_in is None or not match.connected:
            return
        told, match.stood_in = match.stood_in, None
        moves = told.get("moves")
        if isinstance(moves, int) and moves > 0:   # a computer that made no move: nothing to tell
            key = "net.stood_in.moves_one" if moves == 1 else "net.stood_in.moves"
            self.notice(self.app.t(key, moves=moves), STOOD_IN_SECONDS)

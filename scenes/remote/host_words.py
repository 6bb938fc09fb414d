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

import pygame

from ..match_scene import MARK_FPS
from ..ui.panel import Intent
from ..ui.sending_mark import Chosen, chosen_at, as_seen, chosen_by_action, draw_sending, once_each

STOOD_IN_SECONDS = 8.0   # the notice that a computer played for the person: long enough to read


class HostWords:
    """Mixed in between RemoteSeat and a game's table class (scenes/remote/seat.py)."""

    # What the person chose for the move on its way (scenes/ui/sending_mark.py), marked until the host
    # answers; what the press being handled chooses; the clock of the mark's pulse.
    chosen: list[Chosen] = []
    _pressed: list[Chosen] = []
    sent_clock = 0.0

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
        chosen = self._pressed + as_seen(chosen_at(self.panels, None) + chosen_by_action(self.panels, action),
                                         self.app.screen)
        done = super().act(action)
        if done and self.match.sending == "act":
            self.chosen, self.sent_clock = once_each(chosen), 0.0
        return done

    def handle(self, event: pygame.event.Event):
        """A press is looked at before the table takes it (a panel may change its pieces at once): what
        it chooses is kept until the button is up again (a drag's move is made when it is let go)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = as_seen(chosen_at(self.panels, event.pos), self.app.screen)
        try:
            return super().handle(event)
        finally:
            if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                self._pressed = []

    def draw_chosen_marks(self, surface: pygame.Surface) -> None:
        """The mark on what the person chose while their move is on its way (none over a window on
        the table that is not where the thing is)."""
        if self.match.sending != "act":
            return
        modal = self.modal_panel()
        for thing in self.chosen:
            rect = thing.rect()
            if rect is None and thing.picture is not None:   # hidden or lifted away meanwhile: as it was
                rect = thing.at
                if modal is None or thing.panel is modal or not modal.rect.colliderect(rect):
                    surface.blit(thing.picture, rect)
            if rect is None or (modal is not None and thing.panel is not modal and modal.rect.colliderect(rect)):
                continue
            draw_sending(surface, rect, self.sent_clock, self.app.px)

    def perform(self, intent) -> None:
        """The table's refusal of a click (a notice) says, while the host holds the seat, why."""
        sending = self.held_words()
        if sending is not None and intent.notice and intent == Intent(notice=intent.notice):
            intent = Intent(notice=sending)
        super().perform(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.tell_stood_in()
        if self.chosen and self.match.sending != "act":
            self.chosen = []   # answered (taken or refused), or a new connection's state came
            self.dirty = True
        elif self.chosen:
            before, self.sent_clock = self.sent_clock, self.sent_clock + dt
            if int(before * MARK_FPS) != int(self.sent_clock * MARK_FPS):
                self.dirty = True   # the pulse moves

    def animating(self) -> bool:
        return super().animating() or bool(self.chosen)

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

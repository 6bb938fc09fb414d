"""The host's window while its table is open on the network (game/net/hosting.py).

Who owns the Match: both threads, one at a time, under the hosted table's lock. The server's loop
takes it for a remote person's intent, a join and each state it sends; the window takes it for a
whole frame (its clicks, its bots' moves, its drawing), so a frame never sees a move half made and
the loop never reads a state the window is changing. Neither waits long: a frame is milliseconds, an
intent less.

The window runs the table's bots itself, as at any table (paced, marked, held while pieces move);
the server only answers the remote seats. What the server changed between two frames (a remote
person's move or undo) is found at the start of the next frame and handed to the table scene as if
it had been made there (its sounds, animations, hand-off); what the window changed is sent to the
remote seats at the end of the frame (poke).

The status bar at the top of the host's table: whom the game waits for (not joined yet, disconnected,
deciding on their own computer) as the screen's own view says who must act, else who is away, and a
button that lets a computer player keep an away person's seat until they come back.
"""
from __future__ import annotations

import logging
from typing import Optional

import pygame

from game.net.hosting import Hosting
from game.net.table import REMOTE, absence

from ..ui import theme
from ..ui.widgets import Button

log = logging.getLogger("sifang")

DOTS_EVERY = 0.4   # seconds between two steps of the "deciding" dots


class HostedPlay:
    def __init__(self, app, hosting: Hosting) -> None:
        self.app = app
        self.hosting = hosting
        self._mark: Optional[tuple] = None   # the match as the table scene last saw it
        self._sent: Optional[tuple] = None   # ...and as the remote seats were last sent it
        self._ready_sent: Optional[tuple] = None   # the people's "ready" for a bot giving time, as sent
        self._ready_seen: Optional[tuple] = None   # ...and as the table scene last showed it
        self._line: Optional[tuple] = None   # the bar's words and whether its button shows, last drawn
        self.clock = 0.0
        self.button = Button(lambda: self.app.t("host.let_bot"), self.let_bot_play, size=16)
        self.button.visible = False
        self.bar = pygame.Rect(0, 0, 0, 0)

    # -- the frame ----------------------------------------------------------------------------
    @property
    def lock(self):
        return self.hosting.table.lock

    @property
    def match(self):
        return self.hosting.match

    def table_scene(self):
        """The hosted match's table scene in the stack, if it is there (not in the lobby, nor after
        the game's end)."""
        for scene in self.app.manager.stack:   # a MatchScene (one that runs bots): not its results
            if getattr(scene, "match", None) is self.match and hasattr(scene, "stop_thinking"):
                return scene
        return None

    def _mark_now(self) -> tuple:
        m = self.match
        return (m.state, len(m.state.actions), len(m.events), m.events[-1] if m.events else None)

    def before_frame(self) -> None:
        """What the server changed since the last frame reaches the table scene."""
        mark, last = self._mark_now(), self._mark
        self._mark = mark
        scene = self.table_scene()
        if scene is not None and self.match.ready_moment is not self._ready_seen:
            self._ready_seen = self.match.ready_moment   # a person at another screen said "ready"
            scene.refresh()
        if last is None or mark == last or scene is None:
            return
        m = self.match
        grew = m.state is last[0] and len(m.events) >= last[2] and (last[2] == 0 or m.events[last[2] - 1] is last[3])
        if grew:   # what follows any move made at the table
            scene.after_events(m.events[last[2]:])   # as if made here: sounds, animations, the hand-off
        else:   # an undo replaced the state: the table is read again
            scene.stop_thinking()
            scene.refresh()
            scene.check_flow()

    def after_frame(self, dt: float) -> None:
        """What the window changed goes to the remote seats; the bar follows the status."""
        self.clock += dt
        scene = self.table_scene()
        table = self.hosting.table
        thought = getattr(scene, "thought", None)
        thinking = thought.seat if thought is not None and not thought.done else None
        mark = self._mark_now()
        self._mark = mark   # what the scene has seen (its own moves are its own)
        ready = self.match.ready_moment   # a person here said "ready" to a bot giving time: the others see it
        if mark != self._sent or thinking != table.thinking or ready is not self._ready_sent:
            table.thinking = thinking
            self._sent, self._ready_sent = mark, ready
            self.hosting.poke()
        line = self.status_line(scene)
        dots = int(self.clock / DOTS_EVERY) if line[2] else 0   # the "deciding" dots' step
        if (line, dots) != self._line:
            self._line = (line, dots)
            self.app.request_redraw()   # only when the bar changes: an idle table stays idle

    def alive(self) -> bool:
        """Is the table still on screen (its lobby, its table, its results, or a scene over them)?"""
        return any(getattr(scene, "match", None) is self.match or getattr(scene, "hosting", None) is self.hosting
                   for scene in self.app.manager.stack)

    def close(self) -> None:
        """Stop listening. A table closed before its game began keeps no save: nothing was played."""
        self.hosting.close()
        match = self.match
        path = match.autosave_path
        if path is not None and not match.state.actions and not self.hosting.table.begun:
            from game.net import keep_path
            from ..settings_store import save_book
            try:
                save_book().delete(path)
                keep_path(path).unlink(missing_ok=True)
            except OSError as exc:
                log.warning("could not remove the unplayed table's save: %s", exc)

    # -- the status bar --------------------------------------------------------------------------
    def awaited(self, scene) -> list[int]:
        """The remote seats the game waits for, as the screen's view says who must act (a game
        that keeps who may answer a secret keeps it from this screen too)."""
        if scene is None or self.match.state.is_over():
            return []
        to_act = scene.view.get("to_act", [])
        holds = self.hosting.table.holds
        return [s for s in to_act if 0 <= s < len(holds) and holds[s].role == REMOTE]

    def status_line(self, scene) -> tuple[str, bool, bool]:
        """(the words, whether the stand-in button shows, whether they are "deciding" words)."""
        t, holds, seats = self.app.t, self.hosting.table.holds, self.match.seats
        for seat in self.awaited(scene):
            hold, name = holds[seat], seats[seat].name
            if hold.stand_in is not None:
                return t("host.stand_in_now", name=name), False, False
            if not hold.claimed:
                return t("host.waiting_join", name=name) + "\n" + self.where_to_join(), True, False
            if not hold.connected:
                return t("host.waiting_away", name=name), True, False
            return t("host.deciding", name=name), False, True
        # Whoever is away, whether or not the game waits for them now (that a person is away is
        # public; whom a secret decision waits for may not be): the host may let a computer play.
        for seat in self.away():
            name = seats[seat].name
            if holds[seat].claimed:
                return t("host.away", name=name), True, False
            return t("host.not_joined", name=name) + "\n" + self.where_to_join(), True, False
        return "", False, False

    def where_to_join(self) -> str:
        """The address and the code again, for someone who has not joined yet."""
        h = self.hosting
        return self.app.t("host.table_open", address=f"{h.addresses()[0]}:{h.port}", code=str(h.code))

    def away(self) -> list[int]:
        """Remote seats of a game under way with nobody there: not joined yet, or disconnected."""
        table = self.hosting.table
        if not table.started or self.match.state.is_over():
            return []
        return [s for s, h in enumerate(table.holds)
                if h.role == REMOTE and h.stand_in is None and (not h.claimed or not h.connected)]

    def away_marks(self) -> dict[int, str]:
        """The seats whose person is away or not joined yet, each with its plate mark's words."""
        if self.match.state.is_over():
            return {}
        marks = {s: absence(h.role, h.claimed, h.connected, h.stand_in) for s, h in enumerate(self.hosting.table.holds)}
        return {s: f"net.plate.{why}" for s, why in marks.items() if why is not None}

    def let_bot_play(self) -> None:
        """The host's choice: a computer keeps the awaited away seat until its person comes back."""
        scene = self.table_scene()
        table = self.hosting.table
        spec = self.match.spec
        level = self.app.settings.bot_level if self.app.settings.bot_level in spec.bots else next(iter(spec.bots))
        away = self.away()
        for seat in [s for s in self.awaited(scene) if s in away] + away:   # the one awaited first
            table.stand_in_for(seat, level)
            self.hosting.poke()
            self.app.request_redraw()
            return

    def on_table(self) -> bool:
        """Is the hosted table the scene on top (the bar belongs on it only)?"""
        scene = self.table_scene()
        return scene is not None and self.app.manager.top is scene

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the bar's button (True: used)."""
        if not self.on_table() or not self.button.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.button.hover = self.button.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and self.bar.collidepoint(event.pos):
            self.button.handle(event)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.table_scene()
        if not self.on_table():
            return
        words, button, deciding = self.status_line(scene)
        self.button.visible = button
        if not words:
            self.bar = pygame.Rect(0, 0, 0, 0)
            return
        px, fonts = self.app.px, self.app.fonts
        if deciding:
            words += "." * (1 + int(self.clock / DOTS_EVERY) % 3)
        # At the top of the right-hand column (where a guided game's coach puts its box): over the
        # log's oldest lines, never over a seat's plate or the board.
        column = scene.coach_area()
        pad = px(10)
        # The words in bold; under them (after a line break), where to join, smaller.
        lines = []
        for k, part in enumerate(words.split("\n")):
            size = fonts.read(px(16 if k == 0 else 14))
            lines += [(line, size, k == 0) for line in fonts.wrap(part, size, column.w - 2 * pad, k == 0)[:3]]
        button_h = max(px(30), fonts.line_height(fonts.read(px(15))) + px(8)) if button else 0
        h = pad + sum(fonts.line_height(size, bold) for _, size, bold in lines) + \
            (px(6) + button_h if button else 0) + pad
        self.bar = pygame.Rect(column.x, column.y, column.w, h)
        pygame.draw.rect(surface, theme.INK, self.bar, border_radius=px(10))   # opaque: no log line shows through
        pygame.draw.rect(surface, theme.GOLD, self.bar, 2, border_radius=px(10))
        y = self.bar.y + pad
        for line, size, bold in lines:
            surface.blit(fonts.text(line, size, theme.WHITE if bold else theme.PARCHMENT, bold), (self.bar.x + pad, y))
            y += fonts.line_height(size, bold)
        if button:
            self.button.rect = pygame.Rect(self.bar.x + pad, y + px(6), self.bar.w - 2 * pad, button_h)
            self.button.size = px(15)
            self.button.draw(surface, fonts)


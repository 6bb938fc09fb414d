"""A seat at a table hosted on another computer, played on the game's own table scene.

The table scenes do not know whether their match is local or remote (docs/network.md, the RemoteMatch
contract). What only a remote seat needs is added here, around the game's own table class
(`remote_table_scene`): each frame the host's messages are applied (RemoteMatch.poll, which never
waits) and the table shown them as it is shown its own moves (sound, animation, the new view); the
host's refusals become the table's notices; the host's thinking mark and "waiting for Amy
(disconnected)" are drawn; a lost connection covers the table with a notice until the client has
resumed its seat (or the person leaves); the results leave out what needs the host's record.
"""
from __future__ import annotations

import logging
from typing import Optional

import pygame

from game.core.names import name_seats_in
from game.net import kept_seats
from game.net.remote_match import RemoteMatch
from game.net.table import absence

from .. import registry
from ..manager import Scene
from ..match_scene import MARK_FPS
from ..ui import draw, theme
from ..ui.textfit import fit_text
from ..ui.widgets import Button, Group
from .host_words import HostWords

log = logging.getLogger("sifang")

# The host's refusals a person is told about (the others need no word: a stale intent is simply
# decided again on the newer state, a refused hello is the join screen's).
REFUSALS = {"illegal": "net.refused.illegal", "not_your_turn": "net.refused.not_your_turn",
            "not_allowed": "net.refused.illegal",
            "cannot_undo": "net.refused.cannot_undo", "rate_limited": "net.refused.rate_limited",
            "save_failed": "net.refused.save_failed"}


class RemoteSeat(HostWords):
    """Mixed in before a game's table class: what a seat played from another computer adds."""

    match: RemoteMatch

    def __init__(self, app, match: RemoteMatch, address: tuple[str, int], code: str) -> None:
        self.address, self.code = address, code
        self._errors_seen = 0
        self._lost: Optional[Scene] = None
        self._closed_told = False
        self._forgotten = False
        self.waiting_box: Optional[pygame.Rect] = None   # where whom the table waits for was last drawn
        super().__init__(app, match)
        self._shown = list(match.events)   # the log as this screen has shown it

    # -- the host's messages, each frame -------------------------------------------------------------
    def follow_host(self, dt: float) -> None:
        match = self.match
        if match.poll() is not None:
            name_seats_in(self.app.t, match.seats)   # the host's unnamed seats ("Player 3") in this screen's language
            fresh, self._shown = self._fresh(self._shown, match.events), list(match.events)
            self.after_events(fresh)
        if match.errors[self._errors_seen:]:
            self.refresh()   # a refused intent: the seat's choices are back (a stale one is decided again)
        for error in match.errors[self._errors_seen:]:
            code = error.get("code")
            if code in REFUSALS:
                self.notice(self.app.t(REFUSALS[code]))
        self._errors_seen = len(match.errors)
        if match.state.is_over() and not self._forgotten:
            self._forgotten = True
            kept_seats.forget_table(self.address, self.code)   # nothing left to come back to
        self._watch_connection()
        if self.thinking_seat() is not None:
            before_clock, self.think_clock = self.think_clock, self.think_clock + dt
            if int(before_clock * MARK_FPS) != int(self.think_clock * MARK_FPS):
                self.dirty = True

    @staticmethod
    def _fresh(before: list[dict], after: list[dict]) -> list[dict]:
        """The events new to this screen: after the part of the log it had already shown (a resumed
        seat is sent its whole log again, which must not sound or move a second time)."""
        k, limit = 0, min(len(before), len(after))
        while k < limit and (before[k] is after[k] or before[k] == after[k]):
            k += 1
        return after[k:]

    def _watch_connection(self) -> None:
        match, manager = self.match, self.app.manager
        if match.closed is not None and not match.state.is_over():
            if not self._closed_told:
                self._closed_told = True
                if self._lost is not None:
                    manager.remove(self._lost)
                self._lost = manager.push(ConnectionScene(self.app, self, f"net.bye.{match.closed}"))
            return
        down = not match.connected and match.closed is None
        if down and self._lost is None and not match.state.is_over():
            log.info("the connection to the host is lost; trying again")
            self._lost = manager.push(ConnectionScene(self.app, self, "net.lost.body"))
        elif not down and self._lost is not None and match.closed is None:
            manager.remove(self._lost)
            self._lost = None
            self.refresh()

    def leave_table(self) -> None:
        """The person leaves the table (their seat stays theirs at the host: Join can bring them back)."""
        registry.back_to_menu(self.app)

    # -- what a remote seat changes in the table --------------------------------------------------------
    def update(self, dt: float) -> None:
        self.follow_host(dt)
        super().update(dt)

    def thinking_seat(self) -> Optional[int]:
        """The host's bot that is thinking (the host says it only where this seat's view says it acts)."""
        return self.match.thinking_seat()

    def waiting_words(self) -> Optional[str]:
        """Who the table waits for: people still to join, the host to start, or a person whose connection
        dropped."""
        match, t = self.match, self.app.t
        status = match.status
        if not status or match.state.is_over():
            return None
        if not match.started:
            missing = [self.name(i) for i, s in enumerate(status)
                       if s["role"] == "remote" and not (s["claimed"] and s["connected"])]
            if missing:
                return t("net.waiting.join", names=", ".join(missing))
            return t("net.waiting.host") if match.waits_for_host else t("net.waiting.ready")
        gone = [i for i, s in enumerate(status)
                if s["role"] == "remote" and not s["connected"] and i in match.state.to_act()]
        # A computer the host let play for an away person: the game does not wait for them.
        played = [self.name(i) for i in gone if status[i].get("stand_in")]
        waited = [self.name(i) for i in gone if not status[i].get("stand_in")]
        if waited:
            return t("net.waiting.disconnected", names=", ".join(waited))
        return t("net.waiting.stand_in", names=", ".join(played)) if played else None

    def away_seats(self) -> dict[int, str]:
        """The seats whose person is away or not joined yet, as the host's status says."""
        if self.match.state.is_over():
            return {}
        marks = {i: absence(s["role"], s["claimed"], s["connected"], s.get("stand_in"))
                 for i, s in enumerate(self.match.status)}
        return {i: f"net.plate.{why}" for i, why in marks.items() if why is not None}

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        words = self.waiting_words()
        self.waiting_box = self._draw_waiting(surface, words) if words else None

    def _draw_waiting(self, surface: pygame.Surface, words: str) -> pygame.Rect:
        """Whom the table waits for, where the host's window says it (and a guided game's coach
        speaks): at the top of the right-hand column, over the log's oldest lines, never over a
        seat's plate, the board or a chooser."""
        px, fonts = self.app.px, self.app.fonts
        column = self.coach_area()
        size, pad = self.app.tx(16), px(10)
        lines = fonts.wrap(words, size, column.w - 2 * pad, True)[:3]
        line_h = fonts.line_height(size, True)
        box = pygame.Rect(column.x, column.y, column.w, 2 * pad + line_h * len(lines))
        pygame.draw.rect(surface, theme.INK, box, border_radius=px(10))   # opaque: no log line shows through
        pygame.draw.rect(surface, theme.GOLD, box, 2, border_radius=px(10))
        for k, line in enumerate(lines):
            ts = fit_text(fonts, line, size, theme.WHITE, box.w - 2 * pad, bold=True)
            surface.blit(ts, (box.x + pad, box.y + pad + k * line_h))
        return box

    def animating(self) -> bool:
        return super().animating() or self.thinking_seat() is not None

    def show_game_over(self) -> None:
        if self._lost is not None:
            self.app.manager.remove(self._lost)
            self._lost = None
        super().show_game_over()

    def leave(self) -> None:
        super().leave()
        if self not in self.app.manager.stack:   # left for good (not only covered): the connection goes
            match = self.match
            if not match.state.is_over() and match.closed in (None, "lost") and match.client.token:
                # kept again: the seat sat at last is the one the main menu's Continue goes back to
                kept_seats.keep(self.address, self.code, match.seat, match.client.token, game=match.spec.key)
            match.close()


_classes: dict[type, type] = {}


def remote_table_scene(app, remote: RemoteMatch, address: tuple[str, int], code: str) -> Scene:
    """The game's own table scene for a seat played from this computer at a table hosted elsewhere."""
    table = registry.table_scene_class(remote.spec.key)
    cls = _classes.get(table)
    if cls is None:
        cls = _classes[table] = type(f"Remote{table.__name__}", (RemoteSeat, table), {})
    return cls(app, remote, address, code)


class ConnectionScene(Scene):
    """Over a remote table whose connection is down: "Connection to the host lost — trying again…"
    with a Leave button (the client resumes by itself; this goes when it has); or, when the host
    ended the connection for good, why, with the way back to the menu."""
    opaque = False
    modal = True

    def __init__(self, app, table: RemoteSeat, body_key: str) -> None:
        super().__init__(app)
        self.table = table
        self.body_key = body_key
        self.trying = body_key == "net.lost.body"
        self.clock = 0.0
        self.group = Group()

    def layout(self, w: int, h: int) -> None:
        px, tx = self.app.px, self.app.tx
        self.box = pygame.Rect(0, 0, min(w - px(80), px(640 * min(1.3, self.app.text_scale))), px(200))
        self.lines = self.app.fonts.wrap(self.app.t(self.body_key), tx(20), self.box.w - px(60))
        self.box.h = px(100) + tx(46) + len(self.lines) * tx(30)
        self.box.center = (w // 2, h // 2)
        label = "net.lost.leave" if self.trying else "over.main_menu"
        self.group = Group([Button(lambda: self.app.t(label), self.table.leave_table,
                                   (self.box.centerx - px(110), self.box.bottom - px(66), px(220), px(46)),
                                   style="danger" if self.trying else "primary", size=px(20),
                                   hotkey=pygame.K_ESCAPE)])

    def update(self, dt: float) -> None:
        if self.trying:
            before, self.clock = self.clock, self.clock + dt
            if int(before * 2) != int(self.clock * 2):   # the dots of "trying again" move
                self.dirty = True

    def animating(self) -> bool:
        return self.trying

    def handle(self, event):
        if self.group.handle(event):
            self.dirty = True
        return None

    def draw(self, surface: pygame.Surface) -> None:
        px, tx, fonts, t = self.app.px, self.app.tx, self.app.fonts, self.app.t
        draw.dim(surface, 150)
        draw.panel(surface, self.box, radius=px(14), width=px(4))
        title = t("net.lost.title") + (t("net.lost.dot") * (1 + int(self.clock * 2) % 3) if self.trying else "")
        if not self.trying:
            title = t("net.closed.title")
        ts = fit_text(fonts, title, tx(26), theme.VERMILION, self.box.w - px(40), bold=True)
        surface.blit(ts, ts.get_rect(midtop=(self.box.centerx, self.box.y + px(22))))
        y = self.box.y + px(22) + tx(46)
        for line in self.lines:
            ls = fonts.text(line, tx(20), theme.INK)
            surface.blit(ls, ls.get_rect(midtop=(self.box.centerx, y)))
            y += tx(30)
        self.group.draw(surface, fonts)

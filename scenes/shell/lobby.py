"""The open table's lobby at the host: where others join (the address and the table code, big), on
which network it listens, how to join, who has joined, and Start.

Start is never held back by a free seat: a group whose last friend is late starts, and the game
waits at that seat's turn (the table's bar says so, and offers a computer player for now) while the
latecomer joins with the same code. Close the table (or Esc) stops listening; a game not begun yet
is not kept. A hosted game taken up again (Continue) opens here too, with the same code: its people's
clients come back to their seats by themselves.
"""
from __future__ import annotations

import logging
from typing import Optional

import pygame

from game.core.match import Match
from game.core.names import HUMAN, is_default_name
from game.net.hosting import DEFAULT_PORT, Hosting, Kept
from game.net.table import BOT, LOCAL, REMOTE

from ..registry import show_table
from ..ui import draw, theme
from ..ui.emblems import heading, seat_chip
from ..ui.widgets import Button, Group
from .base import ShellScene
from .dialog import MessageScene

log = logging.getLogger("sifang")

POLL = 0.25   # seconds between two looks at who has joined
# Where the window's tables listen: every network of this computer, on the README's port, announced
# (the tests listen on 127.0.0.1 only, on any free port, unannounced).
LISTEN = ("0.0.0.0", DEFAULT_PORT, True)


def roles_and_names(kinds: list[str], names: list[str]) -> tuple[list[str], list[Optional[str]]]:
    """The setup's seat kinds as the table's roles (a person here, another computer's, a bot), and
    the names the host gave the remote seats (a default name keeps nothing for anyone)."""
    roles = [REMOTE if k == "remote" else LOCAL if k == HUMAN else BOT for k in kinds]
    named = [n.strip() if r == REMOTE and n.strip() and not is_default_name(n.strip(), i) else None
             for i, (r, n) in enumerate(zip(roles, names))]
    return roles, named


def open_hosted_table(app, match: Match, roles: list[str], named: Optional[list[Optional[str]]] = None,
                      kept: Optional[Kept] = None, replace: bool = False) -> bool:
    """Open the table for `match` on the network and show its lobby; a message if it cannot listen."""
    listen, port, announce = LISTEN
    hosting = Hosting(match, roles, listen=listen, port=port, kept=kept, named=named, announce=announce)
    try:
        hosting.open()
    except OSError as exc:
        log.warning("the table could not listen: %s", exc)
        t = app.t
        app.manager.push(MessageScene(app, t("lobby.open_failed_title"),
                                      t("lobby.open_failed_body", reason=exc.strerror or str(exc)[:80]), is_error=True))
        return False
    from ..hosted import HostedPlay
    if app.hosted is not None:
        app.close_table()
    app.hosted = HostedPlay(app, hosting)
    scene = LobbyScene(app, hosting)
    app.manager.replace(scene) if replace else app.manager.push(scene)
    return True


class LobbyScene(ShellScene):
    def __init__(self, app, hosting: Hosting) -> None:
        super().__init__(app)
        self.hosting = hosting
        self.clock = 0.0
        self._seen: Optional[list] = None
        under_way = bool(hosting.match.state.actions) or hosting.table.begun
        self.start_button = Button(lambda: self.start_words(under_way), self.start, style="primary",
                                   hotkey=pygame.K_RETURN)
        self.close_button = Button(lambda: self.app.t("lobby.close"), self.back)
        self.group = Group([self.close_button, self.start_button])

    @property
    def table(self):
        return self.hosting.table

    def start_words(self, under_way: bool) -> str:
        t = self.app.t
        if under_way:
            return t("lobby.back_to_game")
        return t("lobby.start_now") if self.free() else t("lobby.start")

    def free(self) -> int:
        return self.hosting.free_seats()

    # -- input ------------------------------------------------------------------------------------
    def start(self) -> None:
        """Play: the remote seats still free join a game under way."""
        self.table.begin()
        self.hosting.poke()
        show_table(self.app, self.hosting.match, replace=True)

    def back(self) -> None:
        """Close the table (the app closes it after this frame, once no scene of it is left)."""
        self.app.manager.remove(self)

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.clock >= POLL:
            self.clock = 0.0
            seen = [(h.claimed, h.connected, h.stand_in, s.name)
                    for h, s in zip(self.table.holds, self.hosting.match.seats)]
            if seen != self._seen:
                self._seen = seen
                self.dirty = True

    # -- layout -----------------------------------------------------------------------------------
    def place(self, w: int, h: int) -> None:
        px = self.app.px
        self.close_button.rect = self.at(40, 652, 260, 52)
        self.start_button.rect = self.at(880, 652, 360, 52)
        for b in (self.close_button, self.start_button):
            b.size = px(22)
        self.left = self.at(40, 84, 700, 552)
        self.right = self.at(760, 84, 480, 552)

    def seat_words(self, seat: int) -> str:
        t, hold = self.app.t, self.table.holds[seat]
        if hold.role == LOCAL:
            return t("lobby.seat.local")
        if hold.role == BOT:
            return t("lobby.seat.bot")
        if hold.stand_in is not None:
            return t("lobby.seat.stand_in")
        if not hold.claimed:
            name = self.table.named[seat]
            return t("lobby.seat.free_named", name=name) if name else t("lobby.seat.free")
        return t("lobby.seat.joined") if hold.connected else t("lobby.seat.away")

    def draw_content(self, surface: pygame.Surface) -> None:
        px, fonts, t = self.app.px, self.app.fonts, self.app.t
        match, hosting = self.hosting.match, self.hosting
        heading(surface, fonts, t("lobby.title") + " · " + t.name(match.spec.names), self.at(40, 14).topleft, px(30))
        for panel in (self.left, self.right):
            draw.panel(surface, panel, radius=px(14), width=px(3))
        x, w = self.left.x + px(24), self.left.w - px(48)
        addresses = hosting.addresses()
        y = self.left.y + px(18)
        y = self.label(surface, t("lobby.address"), (x, y), px(18), theme.INK_SOFT, bold=True).bottom
        y = self.label(surface, f"{addresses[0]}:{hosting.port}", (x, y), px(44), theme.INK, bold=True,
                       max_w=w).bottom + px(6)
        if len(addresses) > 1:
            y = self.label(surface, t("lobby.other_addresses", list=", ".join(addresses[1:4])), (x, y), px(15),
                           theme.INK_SOFT, max_w=w).bottom + px(4)
        y = self.label(surface, t("lobby.code"), (x, y + px(8)), px(18), theme.INK_SOFT, bold=True).bottom
        y = self.label(surface, str(hosting.code), (x, y), px(52), theme.VERMILION_DARK, bold=True,
                       max_w=w).bottom + px(14)
        listen = hosting.interfaces_text()
        where = t("lobby.listens_all", port=hosting.port) if listen == "*" else \
            t("lobby.listens_one", address=listen, port=hosting.port)
        for words, colour in ((where, theme.INK), (t("lobby.how"), theme.INK),
                              (t("lobby.firewall", port=hosting.port), theme.INK_SOFT)):
            y = self.paragraph(surface, words, x, y, w, colour) + px(8)
        self.draw_seats(surface)

    def paragraph(self, surface: pygame.Surface, words: str, x: int, y: int, w: int, colour) -> int:
        """Words wrapped to w (by word, or by character where there are no spaces); the bottom."""
        fonts, px = self.app.fonts, self.app.px
        size = fonts.read(px(16))
        line = ""
        lines = []
        tokens = words.split(" ") if " " in words else list(words)
        joiner = " " if " " in words else ""
        for token in tokens:
            trial = line + joiner + token if line else token
            if fonts.text(trial, size, colour).get_width() > w and line:
                lines.append(line)
                line = token
            else:
                line = trial
        lines.append(line)
        for text in lines:
            surf = fonts.text(text, size, colour)
            surface.blit(surf, (x, y))
            y += surf.get_height()
        return y

    def draw_seats(self, surface: pygame.Surface) -> None:
        px, t = self.app.px, self.app.t
        x, w = self.right.x + px(20), self.right.w - px(40)
        self.label(surface, t("lobby.seats"), (x, self.right.y + px(16)), px(22), bold=True)
        seats = self.hosting.match.seats
        top = self.right.y + px(60)
        pitch = min(px(64), (self.right.bottom - px(90) - top) // max(1, len(seats)))
        for i, seat in enumerate(seats):
            y = top + i * pitch
            seat_chip(surface, self.app.fonts, (x + px(16), y + pitch // 2), min(px(16), pitch // 3), i)
            hold = self.table.holds[i]
            self.label(surface, seat.name, (x + px(42), y + pitch // 2), px(19), bold=True, anchor="bottomleft",
                       max_w=w - px(42))
            away = hold.role == REMOTE and hold.claimed and not hold.connected and hold.stand_in is None
            colour = theme.VERMILION_DARK if away else theme.JADE if hold.role == REMOTE and hold.claimed \
                else theme.INK_SOFT
            self.label(surface, self.seat_words(i), (x + px(42), y + pitch // 2), px(15), colour, anchor="topleft",
                       max_w=w - px(42))
        free = self.free()
        words = t("lobby.some_free", n=free) if free else t("lobby.all_in")
        self.paragraph(surface, words, x, self.right.bottom - px(80), w, theme.INK_SOFT)

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
from ..settings_store import MAX_PORT, MIN_PORT, save_book
from ..ui import draw, theme
from ..ui.emblems import heading, seat_chip
from ..ui.widgets import Button, Group, TextInput, focus_one
from .base import ShellScene
from .dialog import MessageScene

log = logging.getLogger("sifang")

POLL = 0.25   # seconds between two looks at who has joined
# Where the window's tables listen: every network of this computer, on the settings' port (the
# README's 47047 unless the host chose another in the lobby; None here), announced (the tests
# listen on 127.0.0.1 only, on any free port, unannounced).
LISTEN: tuple[str, Optional[int], bool] = ("0.0.0.0", None, True)


def roles_and_names(kinds: list[str], names: list[str]) -> tuple[list[str], list[Optional[str]]]:
    """The setup's seat kinds as the table's roles (a person here, another computer's, a bot), and
    the names the host gave the remote seats (a default name keeps nothing for anyone)."""
    roles = [REMOTE if k == "remote" else LOCAL if k == HUMAN else BOT for k in kinds]   # setup.REMOTE_KIND
    named = [n.strip() if r == REMOTE and n.strip() and not is_default_name(n.strip(), i) else None
             for i, (r, n) in enumerate(zip(roles, names))]
    return roles, named


def open_hosted_table(app, match: Match, roles: list[str], named: Optional[list[Optional[str]]] = None,
                      kept: Optional[Kept] = None, replace: bool = False) -> bool:
    """Open the table for `match` on the network and show its lobby; a message if it cannot listen."""
    from .hosted_play import HostedPlay
    if app.hosted is not None:   # one table at a time (Play again closed its own already)
        app.close_table()
    listen, port, announce = LISTEN
    if port is None:   # a game taken up again listens where its people's clients knew it (its kept port)
        port = DEFAULT_PORT if kept is not None else app.settings.host_port
    hosting = Hosting(match, roles, listen=listen, port=port, kept=kept, named=named, announce=announce,
                      host_starts=True)
    try:
        hosting.open()
    except OSError as exc:
        log.warning("the table could not listen: %s", exc)
        if kept is None and not match.state.actions and match.autosave_path is not None:
            try:   # a new game nobody could join is not kept (it would come back as a hot-seat game)
                save_book().delete(match.autosave_path)
            except OSError:
                pass
        t = app.t
        app.manager.push(MessageScene(app, t("lobby.open_failed_title"),
                                      t("lobby.open_failed_body", reason=exc.strerror or str(exc)[:80]), is_error=True))
        return False
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
        # The port, which the host may change until someone joins (remembered for the next table).
        self.port_field = TextInput(str(hosting.port), max_len=5,
                                    refused_note=lambda: self.app.t("text_field.refused"))
        self.port_button = Button(lambda: self.app.t("lobby.port_use"), self.use_port)
        self.port_problem: Optional[str] = None
        self.group = Group([self.close_button, self.port_field, self.port_button, self.start_button])
        self.show_port()

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

    def port_movable(self) -> bool:
        """May the host still move the table to another port? Only before anyone has joined (the
        people who did would be left at the old address) and before the game is under way."""
        table = self.table
        return self.hosting.is_open and not table.begun and not self.hosting.match.state.actions \
            and not any(h.claimed for h in table.holds)

    def show_port(self) -> None:
        movable = self.port_movable()
        self.port_field.visible = self.port_button.visible = movable
        if not movable:
            focus_one([self.port_field], None)

    def use_port(self) -> None:
        """The port typed in the field: the table listens there from now on (after this frame, out
        of the table's lock: the old server's thread is waited for), and the settings keep it."""
        focus_one([self.port_field], None)
        text = self.port_field.text.strip()
        self.dirty = True
        if not (text.isdigit() and MIN_PORT <= int(text) <= MAX_PORT):
            self.port_problem = self.app.t("lobby.port_bad")
            return
        self.port_problem = None
        if self.port_movable() and int(text) != self.hosting.port:
            self.app.after_frame(lambda: self.move_to(int(text)))

    def move_to(self, port: int) -> None:
        t = self.app.t
        try:
            self.hosting.move(port)
        except OSError as exc:
            log.warning("the table could not move to port %d: %s", port, exc)
            self.app.manager.push(MessageScene(self.app, t("lobby.port_taken_title"), t(
                "lobby.port_taken_body", port=port, reason=exc.strerror or str(exc)[:80], now=self.hosting.port),
                is_error=True))
        else:
            self.app.settings.host_port = port
            self.app.save_settings()
        self.port_field.text = str(self.hosting.port)
        self.dirty = True

    def handle(self, event: pygame.event.Event):
        """Enter in the port field uses the port (not Start), Esc leaves the field (not the table); a
        click elsewhere leaves it too."""
        if event.type == pygame.KEYDOWN and self.port_field.focus and not self.port_field.composing:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.use_port()
                return None
            if event.key == pygame.K_ESCAPE:   # leaves the field, not the table
                focus_one([self.port_field], None)
                self.dirty = True
                return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.port_field.visible:
            focus_one([self.port_field], self.port_field if self.port_field.rect.collidepoint(event.pos) else None)
            self.dirty = True
        return super().handle(event)

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.clock >= POLL:
            self.clock = 0.0
            seen = [(h.claimed, h.connected, h.stand_in, s.name)
                    for h, s in zip(self.table.holds, self.hosting.match.seats)]
            if seen != self._seen:
                self._seen = seen
                self.show_port()
                self.dirty = True

    # -- layout -----------------------------------------------------------------------------------
    def place(self, w: int, h: int) -> None:
        px = self.app.px
        self.close_button.rect = self.at(40, 652, 260, 52)
        self.start_button.rect = self.at(880, 652, 360, 52)
        for b in (self.close_button, self.start_button):
            b.size = px(22)
        self.port_field.rect = self.at(420, 656, 110, 44)
        self.port_button.rect = self.at(542, 656, 300, 44)
        self.port_field.size = self.port_button.size = px(20)
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
        listen = hosting.interfaces_text()
        where = t("lobby.listens_all", port=hosting.port) if listen == "*" else \
            t("lobby.listens_one", address=listen, port=hosting.port)
        words = [(where, theme.INK), (t("lobby.how"), theme.INK), (t("lobby.firewall", port=hosting.port), theme.INK_SOFT)]
        if hosting.taken is not None:   # the port asked for was another program's: said first, in red
            words.insert(0, (t("lobby.port_fell_back", taken=hosting.taken, port=hosting.port), theme.VERMILION_DARK))
        if self.port_problem:
            words.append((self.port_problem, theme.VERMILION_DARK))
        elif self.port_field.visible:
            words.append((t("lobby.port_help"), theme.INK_SOFT))
        # The address and the code as large as the panel lets the words under them be read whole.
        for scale in (1.0, 0.85, 0.72, 0.6):
            y = self.left.y + px(14)
            heights = self._heads(scale, len(addresses) > 1)
            body = sum(self.paragraph_height(text, w, px(16 * min(1, scale + 0.1))) + px(6) for text, _ in words)
            if y + heights + body <= self.left.bottom - px(10):
                break
        y = self.label(surface, t("lobby.address"), (x, y), px(18 * scale), theme.INK_SOFT, bold=True).bottom
        y = self.label(surface, f"{addresses[0]}:{hosting.port}", (x, y), px(44 * scale), theme.INK, bold=True,
                       max_w=w).bottom + px(4)
        if len(addresses) > 1:
            y = self.label(surface, t("lobby.other_addresses", list=", ".join(addresses[1:4])), (x, y),
                           px(15 * scale), theme.INK_SOFT, max_w=w).bottom + px(2)
        y = self.label(surface, t("lobby.code"), (x, y + px(6)), px(18 * scale), theme.INK_SOFT, bold=True).bottom
        y = self.label(surface, str(hosting.code), (x, y), px(52 * scale), theme.VERMILION_DARK, bold=True,
                       max_w=w).bottom + px(10)
        for text, colour in words:
            y = self.paragraph(surface, text, x, y, w, colour, px(16 * min(1, scale + 0.1))) + px(6)
        self.draw_seats(surface)
        if self.port_field.visible:
            self.label(surface, t("lobby.port"), (self.port_field.rect.x - px(10), self.port_field.rect.centery),
                       px(20), theme.PARCHMENT, bold=True, anchor="midright", max_w=px(90))

    def _heads(self, scale: float, others: bool) -> int:
        """How tall the address and the code are at this scale (with their labels)."""
        fonts, px = self.app.fonts, self.app.px

        def h(size: int, bold: bool = True) -> int:
            return fonts.text("Ag0", fonts.read(px(size * scale)), theme.INK, bold).get_height()

        return h(18) * 2 + h(44) + h(52) + (h(15, False) + px(2) if others else 0) + px(20)

    def paragraph_height(self, words: str, w: int, size: int) -> int:
        fonts = self.app.fonts
        return len(fonts.wrap(words, fonts.read(size), w)) * fonts.line_height(fonts.read(size))

    def paragraph(self, surface: pygame.Surface, words: str, x: int, y: int, w: int, colour, size: int) -> int:
        """Words wrapped to w (at spaces, or between CJK characters); the bottom."""
        fonts = self.app.fonts
        size = fonts.read(size)
        for line in fonts.wrap(words, size, w):
            surface.blit(fonts.text(line, size, colour), (x, y))
            y += fonts.line_height(size)
        return y

    def draw_seats(self, surface: pygame.Surface) -> None:
        px, t, fonts = self.app.px, self.app.t, self.app.fonts
        x, w = self.right.x + px(20), self.right.w - px(40)
        head = self.label(surface, t("lobby.seats"), (x, self.right.y + px(14)), px(22), bold=True)
        free = self.free()
        foot = t("lobby.some_free", n=free) if free else t("lobby.all_in")
        foot_h = self.paragraph_height(foot, w, px(15))
        self.paragraph(surface, foot, x, self.right.bottom - px(12) - foot_h, w, theme.INK_SOFT, px(15))
        seats = self.hosting.match.seats
        top, bottom = head.bottom + px(8), self.right.bottom - px(20) - foot_h
        pitch = min(px(64), (bottom - top) // max(1, len(seats)))
        name_h = fonts.line_height(fonts.read(px(19)), True)
        two_lines = pitch >= name_h + fonts.line_height(fonts.read(px(15)))
        for i, seat in enumerate(seats):
            y = top + i * pitch
            mid = y + pitch // 2
            seat_chip(surface, fonts, (x + px(16), mid), min(px(16), pitch // 3), i)
            hold = self.table.holds[i]
            away = hold.role == REMOTE and hold.claimed and not hold.connected and hold.stand_in is None
            colour = theme.VERMILION_DARK if away else theme.JADE if hold.role == REMOTE and hold.claimed \
                else theme.INK_SOFT
            if two_lines:
                self.label(surface, seat.name, (x + px(42), mid), px(19), bold=True, anchor="bottomleft",
                           max_w=w - px(42))
                self.label(surface, self.seat_words(i), (x + px(42), mid), px(15), colour, max_w=w - px(42))
            else:   # many seats in large words: the name and its state on one line
                name = self.label(surface, seat.name, (x + px(42), mid), px(19), bold=True, anchor="midleft",
                                  max_w=(w - px(42)) // 2)
                self.label(surface, self.seat_words(i), (name.right + px(10), mid), px(15), colour,
                           anchor="midleft", max_w=x + w - name.right - px(10))

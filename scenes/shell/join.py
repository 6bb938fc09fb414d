"""Join a table hosted on another computer of the local network: the tables found there (and the
seats this computer still holds), or an address typed; the table code; your name and a seat.

Finding (game/net/finder.py) and joining (TableClient, RemoteMatch.join) run off the drawing
thread: the screen only reads what they found and left. A refusal is said plainly: a wrong code, a
computer that is not the table of this code (its pin), a full table, a seat taken, no answer.
"""
from __future__ import annotations

import logging
import threading
from typing import Optional

import pygame

from game.net import kept_seats
from game.net.client import JoinRefused, PinMismatch, TableClient, look_at_seats, parse_address
from game.net.finder import FoundTable, TableFinder
from game.net.remote_match import RemoteMatch
from game.net.tablecode import BadCode, parse
from game.registry import GAMES

from .. import settings_store
from ..remote.seat import remote_table_scene
from ..ui import draw, theme
from ..ui.textfit import fit_text
from ..ui.widgets import Button, Group, Stepper, TextInput, focus_one
from .base import ShellScene
from .pick_seat import PickSeatScene

log = logging.getLogger("sifang")

DEFAULT_PORT = 47047      # where a table listens unless its host chose otherwise (main.py --host)
JOIN_TIMEOUT = 8.0        # seconds to wait for the host's welcome
NAME_LEN = 16
SEATS = [None] + list(range(8))   # any free seat, or seat 1..8
ROWS = 6                  # found tables and kept seats shown
MAX_SHOWN_NAME = 24       # characters of a name the host tells, as shown


def join_error_key(exc: BaseException) -> str:
    """The words (a translation key) for why a join failed."""
    if isinstance(exc, PinMismatch):
        return "net.join.error.pin"
    if isinstance(exc, JoinRefused):
        known = {"bad_code", "no_free_seat", "table_full", "seat_taken", "no_such_seat", "too_many_tries",
                 "bad_token", "version"}
        return f"net.join.error.{exc.code}" if exc.code in known else "net.join.error.refused"
    return "net.join.error.no_answer"


class JoinScene(ShellScene):
    def __init__(self, app, address: str = "", code: str = "", seat: Optional[int] = None,
                 player: Optional[str] = None, now: bool = False, finder: Optional[TableFinder] = None) -> None:
        super().__init__(app)
        t = lambda key: (lambda: self.app.t(key))  # noqa: E731 - labels follow the language
        note = lambda: self.app.t("text_field.refused")  # noqa: E731
        self.address = TextInput(address, max_len=60, refused_note=note)
        self.code = TextInput(code, max_len=20, refused_note=note)
        self.name = TextInput(player if player is not None else self._remembered_name(), max_len=NAME_LEN,
                              refused_note=note)
        self.fields = [self.address, self.code, self.name]
        self.seat = Stepper(SEATS, SEATS.index(seat) if seat in SEATS else 0, label_of=self._seat_label)
        self.back_button = Button(t("common.back"), self.back)
        self.join_button = Button(t("net.join.button"), self.join, style="primary", hotkey=pygame.K_RETURN)
        self.rows: list[Button] = []
        self.row_items: list = []
        self.group = Group([*self.fields, self.seat, self.back_button, self.join_button])
        self.problem: Optional[str] = None     # a translation key: what went wrong, said under the form
        self.problem_args: dict = {}
        self.joining: Optional[threading.Thread] = None
        self._result: Optional[tuple] = None   # the worker's answer, taken up by update()
        self.finder = finder if finder is not None else TableFinder()
        self._finder_started = finder is not None
        self._changes = -1
        self._now = now
        self._gone = False   # left for good: a join still on its way is closed when it lands
        self._lock = threading.Lock()

    @staticmethod
    def _remembered(settings) -> str:
        game = settings_store.last_game(settings)
        seats = settings_store.remembered_table(settings, game).get("seats") if game else None
        for seat in seats if isinstance(seats, list) else []:
            if isinstance(seat, dict) and seat.get("kind") == "human" and isinstance(seat.get("name"), str):
                return seat["name"][:NAME_LEN]
        return ""

    def _remembered_name(self) -> str:
        return self._remembered(self.app.settings)

    def _seat_label(self, seat: Optional[int]) -> str:
        t = self.app.t
        return t("net.join.any_seat") if seat is None else t("net.join.seat_n", n=seat + 1)

    # -- life -------------------------------------------------------------------------------------
    def enter(self) -> None:
        if not self._finder_started:
            self._finder_started = True
            self.finder.start()
        if self._now:   # main.py --join ADDRESS --code C: straight to the table
            self._now = False
            self.join()

    def leave(self) -> None:
        self._focus(None)
        if self not in self.app.manager.stack:
            self.finder.close()
            self._gone = True
            self._drop_unused()

    def update(self, dt: float) -> None:
        if self.finder.changes != self._changes:
            self._changes = self.finder.changes
            self._rebuild_rows()
        with self._lock:
            result, self._result = self._result, None
        if result is not None:
            self.joining = None
            self._joined(*result)
            self.dirty = True

    def animating(self) -> bool:
        return self.joining is not None

    # -- the list: tables found, seats kept -------------------------------------------------------------
    def _rebuild_rows(self) -> None:
        items: list = list(kept_seats.kept())[:ROWS] + self.finder.tables()
        self.row_items = items[:ROWS]
        self.rows = [Button(lambda i=i: self._row_label(i), lambda i=i: self._pick_row(i))
                     for i in range(len(self.row_items))]
        self.group = Group([*self.fields, self.seat, self.back_button, self.join_button, *self.rows])
        self.layout(*self.app.size)

    def _row_label(self, i: int) -> str:
        t = self.app.t
        item = self.row_items[i]
        if isinstance(item, FoundTable):
            spec = GAMES.get(item.game)
            game = t.name(spec.names) if spec is not None else item.game
            free = t("net.join.free", free=item.free) if item.free else ""
            return " · ".join(p for p in (item.host or item.where, game, free) if p)
        host, port = item.address
        return t("net.join.kept", where=f"{host}:{port}", n=item.seat + 1)

    def _pick_row(self, i: int) -> None:
        item = self.row_items[i]
        self.problem = None
        if isinstance(item, FoundTable):
            self.address.text = item.where
            self._focus(self.code)   # the code is never announced: the host says it
        else:
            self.address.text = f"{item.address[0]}:{item.address[1]}"
            self.code.text = item.code
            self.seat.set_value(item.seat)
        self.dirty = True

    # -- joining --------------------------------------------------------------------------------
    def join(self) -> None:
        """Join with the seat chosen; with any free seat, the table's seats are asked for first and
        shown to pick from (unless this computer holds a seat there: it goes back to it)."""
        self._begin(self.seat.value, look=self.seat.value is None)

    def _begin(self, seat: Optional[int], look: bool) -> None:
        if self.joining is not None:
            return
        self._focus(None)
        try:
            address = parse_address(self.address.text, DEFAULT_PORT)
        except ValueError:
            self._say("net.join.error.address")
            return
        try:
            code = str(parse(self.code.text))
        except BadCode:
            self._say("net.join.error.code_typed")
            return
        self.problem = "net.join.looking_seats" if look else "net.join.joining"
        self.problem_args = {"where": f"{address[0]}:{address[1]}"}
        name = self.name.text.strip() or None
        self.joining = threading.Thread(target=self._work, args=(address, code, seat, name, look),
                                        name="join-table", daemon=True)
        self.joining.start()
        self.dirty = True

    def _land(self, result: tuple) -> None:
        with self._lock:
            self._result = result
        if self._gone:
            self._drop_unused()

    def _drop_unused(self) -> None:
        """The person left before the join landed: its connection goes (the seat stays theirs, kept)."""
        with self._lock:
            result, self._result = self._result, None
        if result is not None and isinstance(result[2], RemoteMatch):
            if result[2].client.token:
                kept_seats.keep(result[0], result[1], result[2].seat, result[2].client.token,
                                game=result[2].spec.key)
            result[2].close()

    def _work(self, address: tuple[str, int], code: str, seat: Optional[int], name: Optional[str],
              look: bool = False) -> None:
        """Off the drawing thread: come back to a seat kept for this table, else (`look`) ask for its
        seats to pick one from, else take one."""
        kept = kept_seats.kept_for(address, code)
        try:
            if kept is not None:
                try:
                    remote = RemoteMatch.join(GAMES, TableClient(address, code, seat=kept[0], token=kept[1]),
                                              JOIN_TIMEOUT)
                    self._land((address, code, remote, None))
                    return
                except JoinRefused as exc:
                    if exc.code not in ("bad_token", "no_such_seat"):
                        raise
                    kept_seats.forget_table(address, code)   # the host no longer keeps that seat for us
            if look:
                self._land((address, code, look_at_seats(address, code, JOIN_TIMEOUT), None))
                return
            remote = RemoteMatch.join(GAMES, TableClient(address, code, seat=seat, name=name), JOIN_TIMEOUT)
            self._land((address, code, remote, None))
        except Exception as exc:  # noqa: BLE001 - every failure is told on the screen, none crashes it
            log.info("joining %s:%d failed: %r", address[0], address[1], exc)
            self._land((address, code, None, exc))

    def _joined(self, address: tuple[str, int], code: str, remote, exc: Optional[BaseException]) -> None:
        if remote is None:
            self._say(join_error_key(exc), where=f"{address[0]}:{address[1]}")
            return
        if isinstance(remote, dict):   # the table's seats, to pick one from
            if not any(isinstance(s, dict) and s.get("free") is True for s in remote["seats"]):
                self._say("net.join.error.no_free_seat")
                return
            self._offer_seats(remote["seats"])
            return
        if remote.client.token:
            kept_seats.keep(address, code, remote.seat, remote.client.token, game=remote.spec.key)
        self.problem = None
        remote.ready()   # the person is at the table: the host may start once everyone is
        scene = remote_table_scene(self.app, remote, address, code)
        self.app.manager.replace(scene)

    def _offer_seats(self, seats: list) -> None:
        """Every seat of the table, the free ones to pick: who sits where, and whom a seat is kept for."""
        self.problem = None
        choices = self.seat_choices(seats, self.name.text.strip())
        t = self.app.t
        self.app.manager.push(PickSeatScene(self.app, t("net.seats.title"), t("net.seats.body"), choices,
                                            lambda seat: self._begin(seat, look=False), button_w=320))

    def seat_choices(self, seats: list, name: str) -> list[tuple[str, tuple, int, bool]]:
        """(label, colour, seat, free) for each seat the host told, in words (the host's words are
        names only, shortened, never trusted as more)."""
        t = self.app.t
        out = []
        for i, s in enumerate(seats[:len(SEATS) - 1]):
            s = s if isinstance(s, dict) else {}
            n, who = i + 1, str(s.get("name") or "")[:MAX_SHOWN_NAME]
            kept = str(s.get("kept_for") or "")[:MAX_SHOWN_NAME]
            free = s.get("free") is True
            if free and kept and name and kept.casefold() == name.casefold():
                label = t("net.seats.kept_for_you", n=n, name=kept)
            elif free:
                label = t("net.seats.kept_for", n=n, name=kept) if kept else t("net.seats.free", n=n)
            elif s.get("role") == "local":
                label = t("net.seats.at_host", n=n, name=who)
            elif s.get("role") == "bot":
                label = t("net.seats.bot", n=n, name=who)
            else:
                label = t("net.seats.taken" if s.get("connected") else "net.seats.taken_away", n=n, name=who)
            out.append((label, theme.seat_colour(i), i, free))
        return out

    def _say(self, key: str, **args) -> None:
        self.problem, self.problem_args = key, args
        self.dirty = True

    # -- input ------------------------------------------------------------------------------------
    def _focus(self, field: Optional[TextInput]) -> None:
        focus_one(self.fields, field)

    def handle(self, event: pygame.event.Event):
        focused = next((f for f in self.fields if f.focus), None)
        if event.type == pygame.KEYDOWN and focused is not None and not focused.composing:
            if event.key == pygame.K_TAB:   # Tab walks through the fields, as in any form
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                self._focus(self.fields[(self.fields.index(focused) + step) % len(self.fields)])
                self.dirty = True
                return None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.join()
                return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((f for f in self.fields if f.rect.collidepoint(event.pos)), None)
            self._focus(hit)
            self.dirty = True
            if hit is not None:
                return None
        return super().handle(event)

    # -- layout and drawing ----------------------------------------------------------------------
    def place(self, w: int, h: int) -> None:
        px = self.app.px
        for i, b in enumerate(self.rows):
            b.rect = self.at(70, 178 + i * 62, 520, 52)
            b.size = px(18)
        for i, f in enumerate(self.fields):
            f.rect = self.at(700, 190 + i * 92, 500, 46)
            f.size = px(20)
        self.seat.rect = self.at(700, 190 + 3 * 92, 500, 46)
        self.seat.size = px(19)
        self.back_button.rect = self.at(700, 600, 200, 52)
        self.join_button.rect = self.at(960, 600, 240, 52)
        for b in (self.back_button, self.join_button):
            b.size = px(22)
        self.join_button.enabled = self.joining is None

    def draw_content(self, surface: pygame.Surface) -> None:
        px, t = self.app.px, self.app.t
        self.join_button.enabled = self.joining is None
        self.label(surface, t("net.join.title"), (self.frame.centerx, self.frame.y + px(30)), px(34), theme.GOLD,
                   bold=True, anchor="midtop")
        left, right = self.at(40, 110, 580, 570), self.at(660, 110, 580, 570)
        for box in (left, right):
            draw.panel(surface, box, radius=px(14), width=px(3))
        self.label(surface, t("net.join.found"), (left.x + px(30), left.y + px(20)), px(20), theme.INK, bold=True,
                   max_w=left.w - px(60))
        if not self.rows:
            words = t("net.join.none_found" if self.finder.failed else "net.join.looking")
            lines = self.app.fonts.wrap(words, self.app.tx(17), left.w - px(60))
            for i, line in enumerate(lines[:4]):
                self.label(surface, line, (left.x + px(30), left.y + px(76) + i * self.app.tx(26)), px(17),
                           theme.INK_SOFT)
        top = self.rows[-1].rect.bottom + px(16) if self.rows else left.y + px(190)
        self._paragraph(surface, t("net.join.code_hint"), pygame.Rect(left.x + px(30), top, left.w - px(60),
                                                                      left.bottom - px(16) - top), 15, theme.INK,
                        bottom=True)
        for f, key in zip([*self.fields, self.seat], ("net.join.address", "net.join.code", "net.join.name",
                                                      "net.join.seat")):
            self.label(surface, t(key), (f.rect.x, f.rect.y - px(6)), px(17), theme.INK, bold=True,
                       anchor="bottomleft", max_w=f.rect.w)
        if self.problem:
            error = self.problem.startswith("net.join.error")
            top = self.seat.rect.bottom + px(8)
            self._paragraph(surface, t(self.problem, **self.problem_args),
                            pygame.Rect(right.x + px(30), top, right.w - px(60), self.join_button.rect.y - px(6) - top),
                            16, theme.VERMILION if error else theme.INK, bold=error)

    def _paragraph(self, surface: pygame.Surface, words: str, box: pygame.Rect, size: int, colour,
                   bold: bool = False, bottom: bool = False) -> None:
        """Words wrapped into `box`, read at the text size, smaller only if they would not fit it."""
        fonts = self.app.fonts
        size = self.app.tx(size)
        while True:
            lines = fonts.wrap(words, size, box.w)
            step = fonts.line_height(size)
            if len(lines) * step <= box.h or size <= 10:
                break
            size -= 1
        y = box.bottom - len(lines) * step if bottom else box.y
        for line in lines:
            if y + step > box.bottom + 1:
                break
            surface.blit(fit_text(fonts, line, size, colour, box.w, bold=bold), (box.x, y))
            y += step

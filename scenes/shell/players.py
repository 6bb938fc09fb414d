"""Players: the names people play under, each with their record (issue 35).

Read from History each time it opens (game/core/records.py builds the records from the finished
games' headers): nothing is copied. Renaming a person keeps an alias in the settings, removing one
a hidden name; both ask first. A file History cannot read is left out and said so, never a crash.
"""
from __future__ import annotations

import logging
from typing import Optional

import pygame

from game.core.names import NAME_LEN, clean_name, is_default_name, shown_name
from game.core.records import LOST, SHARED, WON, PlayerRecord, build_records, finished_games, rename, unnamed_games
from game.registry import GAMES

from .. import settings_store
from .base import ShellScene
from .dialog import confirm_scene
from .save_words import when_words
from ..ui import draw, theme
from ..ui.emblems import heading
from ..ui.textfit import fit_text
from ..ui.widgets import Button, TextInput

log = logging.getLogger("sifang")

PEOPLE = (40, 104, 330, 530)    # the left column: the people (design units)
RECORD = (390, 104, 850, 530)   # the right: the chosen person's record
ROW_PITCH = 56
PER_PAGE = 7
RESULT_COLOUR = {WON: theme.JADE, SHARED: theme.WOOD, LOST: theme.VERMILION}


def game_words(t, key: str) -> str:
    spec = GAMES.get(key)
    return t.name(spec.names) if spec is not None else key


def rate_words(played: int, won: int) -> str:
    return f"{round(100 * won / played)}%" if played else "–"


class PlayersScene(ShellScene):
    """The people on the left (paged), the chosen one's record on the right; Rename, Remove, Back."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.records: list[PlayerRecord] = []
        self.unnamed, self.finished = 0, 0  # finished games with a seat nobody named; finished games
        self.problems: list[tuple] = []
        self.chosen: Optional[str] = None
        self.page = 0
        self.people: list[tuple[PlayerRecord, Button]] = []
        t = lambda key: (lambda: self.app.t(key))  # noqa: E731 - labels follow the language
        self.back_button = Button(t("common.back"), self.back)
        self.prev_button = Button("‹", lambda: self.turn(-1), hotkey=pygame.K_PAGEUP)
        self.next_button = Button("›", lambda: self.turn(1), hotkey=pygame.K_PAGEDOWN)
        self.rename_button = Button(t("players.rename"), self.rename_clicked)
        self.remove_button = Button(t("players.remove"), self.ask_remove, style="danger")
        self.field = TextInput("", max_len=NAME_LEN, refused_note=t("players.refused"))
        self.field.visible = False

    # -- the model --------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read History again and build the records (after a rename, a removal, a language switch)."""
        book = settings_store.save_book()
        try:
            headers = book.history()
        except Exception:  # an unreadable folder must not take the screen down
            log.exception("reading History for the players' records failed")
            headers = []
        self.problems = book.problems()
        self.unnamed, self.finished = 0, 0
        s, t = self.app.settings, self.app.t
        try:
            self.records = build_records(headers, s.player_aliases, s.hidden_players,
                                         name_of=lambda name, seat: shown_name(name, seat, t),
                                         unnamed=lambda name, seat: not name.strip() or is_default_name(name, seat))
            self.unnamed = unnamed_games(headers, lambda name, seat: not name.strip() or is_default_name(name, seat))
            self.finished = finished_games(headers)
        except Exception:  # a header no check foresaw: the screen still opens
            log.exception("building the players' records failed")
            self.records, self.unnamed, self.finished = [], 0, 0
        names = [r.name for r in self.records]
        if self.chosen not in names:
            self.chosen = names[0] if names else None
        self.page = max(0, min(self.page, self.pages - 1))
        self.layout(*self.app.size)

    def enter(self) -> None:
        self.refresh()

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.records) // PER_PAGE))

    def record(self) -> Optional[PlayerRecord]:
        return next((r for r in self.records if r.name == self.chosen), None)

    def choose(self, name: str) -> None:
        self.stop_rename()
        self.chosen = name
        self.layout(*self.app.size)

    def turn(self, delta: int) -> None:
        page = max(0, min(self.pages - 1, self.page + delta))
        if page != self.page:
            self.page = page
            self.layout(*self.app.size)

    # -- rename and remove ---------------------------------------------------------------------
    def start_rename(self) -> None:
        if self.chosen is None:
            return
        self.field.text = self.chosen
        self.field.select_all()
        self.field.visible = True
        self.field.set_focus(True)
        self.dirty = True

    def rename_clicked(self) -> None:
        """Rename opens the field; clicked again while the field is open, it confirms as Enter does."""
        if self.field.visible:
            self.confirm_rename()
        else:
            self.start_rename()

    def stop_rename(self) -> None:
        if self.field.focus:
            self.field.set_focus(False)
        self.field.visible = False
        self.dirty = True

    def confirm_rename(self) -> None:
        """Enter in the field: ask first, unless the name is unchanged or empty."""
        old, new = self.chosen, clean_name(self.field.text)
        self.stop_rename()
        if old is None or not new or new == old:
            return
        t = self.app.t
        merge = any(r.name == new for r in self.records)
        body = t("players.merge_body" if merge else "players.rename_body", new=new)
        self.app.manager.push(confirm_scene(self.app, t("players.rename_title", old=old), body,
                                            t("players.rename"), lambda: self.rename(old, new)))

    def rename(self, old: str, new: str) -> None:
        s = self.app.settings
        s.player_aliases = rename(s.player_aliases, old, new)
        s.hidden_players = [n for n in s.hidden_players if n != new]
        self.app.save_settings()
        self.chosen = new
        self.refresh()

    def ask_remove(self) -> None:
        if self.chosen is None:
            return
        self.stop_rename()
        t, name = self.app.t, self.chosen
        self.app.manager.push(confirm_scene(self.app, t("players.remove_title", name=name), t("players.remove_body"),
                                            t("players.remove"), lambda: self.remove(name)))

    def remove(self, name: str) -> None:
        s = self.app.settings
        if name not in s.hidden_players:
            s.hidden_players = [*s.hidden_players, name]
        self.app.save_settings()
        self.refresh()

    # -- input -------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        if self.field.visible and event.type == pygame.KEYDOWN and not self.field.composing:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm_rename()
                return None
            if event.key == pygame.K_ESCAPE:
                self.stop_rename()
                return None
        if (self.field.visible and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and not self.field.rect.collidepoint(event.pos)
                and not self.rename_button.rect.collidepoint(event.pos)):
            self.stop_rename()  # a click elsewhere leaves the name as it was
        return super().handle(event)

    # -- layout ------------------------------------------------------------------------------------
    def place(self, w: int, h: int) -> None:
        px = self.app.px
        lx, ly, lw, lh = PEOPLE
        self.people = []
        shown = self.records[self.page * PER_PAGE:(self.page + 1) * PER_PAGE]
        for i, rec in enumerate(shown):
            b = Button(rec.name, lambda n=rec.name: self.choose(n), rect=self.at(lx + 14, ly + 14 + i * ROW_PITCH,
                                                                                 lw - 28, 48), size=px(20))
            b.selected = rec.name == self.chosen
            self.people.append((rec, b))
        self.prev_button.rect = self.at(lx + 14, ly + lh - 58, 56, 44)
        self.next_button.rect = self.at(lx + lw - 70, ly + lh - 58, 56, 44)
        for b in (self.prev_button, self.next_button):
            b.size = px(26)
            b.visible = self.pages > 1
        self.prev_button.enabled = self.page > 0
        self.next_button.enabled = self.page < self.pages - 1
        rx, ry, rw, _ = RECORD
        self.remove_button.rect, self.remove_button.size = self.at(rx + rw - 234, ry + 16, 214, 44), px(18)
        self.rename_button.rect, self.rename_button.size = self.at(rx + rw - 384, ry + 16, 140, 44), px(18)
        self.field.rect, self.field.size = self.at(rx + 20, ry + 16, rw - 420, 44), px(22)
        for b in (self.rename_button, self.remove_button):
            b.visible = self.chosen is not None
        self.back_button.rect, self.back_button.size = self.at(40, 652, 200, 52), px(20)
        self.group.widgets = [self.back_button, self.prev_button, self.next_button, self.rename_button,
                              self.remove_button, self.field, *[b for _, b in self.people]]

    # -- drawing -------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        px, t, fonts = self.app.px, self.app.t, self.app.fonts
        heading(surface, fonts, t("players.title"), self.at(40, 14).topleft, px(34))
        self.label(surface, t("players.hint"), self.at(44, 70 - 16 * (self.app.text_scale - 1)).topleft, px(17),
                   theme.PARCHMENT, max_w=px(1190))
        left, right = self.at(*PEOPLE), self.at(*RECORD)
        draw.panel(surface, left, radius=px(14), width=px(3))
        draw.panel(surface, right, radius=px(14), width=px(3))
        if self.pages > 1:
            self.label(surface, f"{self.page + 1} / {self.pages}", (left.centerx, left.bottom - px(36)), px(19),
                       theme.INK, bold=True, anchor="center")
        rec = self.record()
        if rec is None:
            text = self.empty_words() if not self.records else t("players.pick")
            y = right.centery - px(30)
            for line in fonts.wrap(text, px(21), right.w - px(60))[:3]:
                self.label(surface, line, (right.centerx, y), px(21), theme.INK_SOFT, anchor="center",
                           max_w=right.w - px(40))
                y += px(30)
        else:
            self.draw_record(surface, rec, right)
        notes = []
        if self.problems:
            kinds = sorted({t(f"save.error.{kind}") for _, kind in self.problems})
            notes.append(t("players.problems", n=len(self.problems), reasons=t("saves.list_sep").join(kinds)))
        if self.unnamed and self.records:
            notes.append(t("players.unnamed", n=self.unnamed))
        for i, note in enumerate(notes):  # under the record, beside Back
            self.label(surface, note, self.at(1240, 646 + 26 * i).topleft, px(15), theme.GOLD_LIGHT,
                       anchor="topright", max_w=px(960))

    def empty_words(self) -> str:
        """Why nobody is listed, truly: no finished game yet, everyone removed, or only seats nobody named."""
        t = self.app.t
        if not self.finished:
            return t("players.empty")
        if self.app.settings.hidden_players:
            return t("players.all_removed")
        return t("players.only_unnamed") if self.unnamed else t("players.none_listed")

    def line(self, surface: pygame.Surface, text: str, x: int, y: int, size: int, max_w: int,
             colour=theme.INK, bold: bool = False) -> None:
        surface.blit(fit_text(self.app.fonts, text, size, colour, max_w, bold=bold), (x, y))

    def draw_record(self, surface: pygame.Surface, rec: PlayerRecord, r: pygame.Rect) -> None:
        """The record, top down in design units; at a larger text size the lines are taller (k) and
        the lists of sizes, bots and last results show as many as the panel has room for."""
        px, tx, t, k = self.app.px, self.app.tx, self.app.t, self.app.text_scale
        rx, ry, rw, rh = RECORD
        x0 = self.at(rx + 20, 0).x
        if not self.field.visible:
            self.line(surface, rec.name, x0, self.at(0, ry + 18).y, px(30), px(rw - 420), bold=True)
        total = rec.total
        summary = t("players.summary", played=total.played, won=total.won, rate=rate_words(total.played, total.won))
        self.line(surface, summary, x0, self.at(0, ry + 66).y, tx(18), px(rw - 40), theme.INK_SOFT)
        others = sorted(n for n in rec.names if n != rec.name)
        if others:
            self.label(surface, t("players.also", names=t("saves.list_sep").join(others)),
                       self.at(rx + rw - 20, ry + 68).topleft, px(15), theme.INK_SOFT, anchor="topright",
                       max_w=px(360))
        # Per game: played, won, win rate.
        cols = [(rx + 20, 330, "players.col.game"), (rx + 380, 120, "players.col.played"),
                (rx + 520, 120, "players.col.won"), (rx + 660, 170, "players.col.rate")]
        y = ry + 100 + 14 * (k - 1)
        pygame.draw.line(surface, theme.PARCHMENT_DARK, self.at(rx + 20, y + 26 * k).topleft,
                         self.at(rx + rw - 20, y + 26 * k).topleft, max(1, px(2)))
        for cx, cw, key in cols:
            self.line(surface, t(key), self.at(cx, 0).x, self.at(0, y).y, tx(16), px(cw), theme.INK_SOFT, bold=True)
        y += 32 * k
        for game in [g for g in GAMES if g in rec.games] + [g for g in rec.games if g not in GAMES]:
            tally = rec.games[game]
            cells = [game_words(t, game), str(tally.played), str(tally.won), rate_words(tally.played, tally.won)]
            for (cx, cw, _), text in zip(cols, cells):
                self.line(surface, text, self.at(cx, 0).x, self.at(0, y).y, tx(18), px(cw))
            y += 27 * k
        # Table sizes (left) and bot levels (right), under the table; then the last results, each
        # list as long as the room left allows (5 lines at 100 %).
        y = ry + 250 if k == 1 else y + 12
        pitch = 22 * k
        room = ry + rh - 16 - y - 2 * (26 * k + 10)   # the two lists' lines share what is left
        most = 5 if k == 1 else max(1, min(5, int(room / pitch) // 2))
        half = (rw - 60) // 2
        self.line(surface, t("players.sizes"), x0, self.at(0, y).y, tx(17), px(half), theme.WOOD_DARK, bold=True)
        bx = rx + 40 + half
        self.line(surface, t("players.bots"), self.at(bx, 0).x, self.at(0, y).y, tx(17), px(half), theme.WOOD_DARK,
                  bold=True)
        order = list(GAMES)
        sizes = sorted(rec.sizes.items(), key=lambda kv: (order.index(kv[0][0]) if kv[0][0] in order else 99,
                                                          kv[0][1]))
        lines = [t("players.size_line", game=game_words(t, g), n=n, played=v.played, won=v.won)
                 for (g, n), v in sizes]
        self.lines(surface, lines, rx + 20, y + 26 * k, half, most)
        levels = sorted(rec.bots.items(), key=lambda kv: ("easy", "normal", "hard").index(kv[0])
                        if kv[0] in ("easy", "normal", "hard") else 9)
        bot_lines = [t("players.bot_line", level=self.level_words(level), played=v.played, won=v.won)
                     for level, v in levels] or [t("players.no_bots")]
        self.lines(surface, bot_lines, bx, y + 26 * k, half, most)
        # The last results, newest first.
        y = ry + 392 if k == 1 else y + 26 * k + most * pitch + 10
        self.line(surface, t("players.last"), x0, self.at(0, y).y, tx(17), px(rw - 40), theme.WOOD_DARK, bold=True)
        y += 26 * k
        for res in rec.last[:max(1, int((ry + rh - 12 - y) / pitch))]:
            word = t(f"players.result.{res.outcome}")
            self.line(surface, word, x0, self.at(0, y).y, tx(16), px(120), RESULT_COLOUR.get(res.outcome, theme.INK),
                      bold=True)
            text = t("players.result_line", game=game_words(t, res.game), n=res.size, when=when_words(t, res.when))
            self.line(surface, text, self.at(rx + 150, 0).x, self.at(0, y).y, tx(16), px(rw - 170))
            y += pitch

    def lines(self, surface: pygame.Surface, lines: list[str], x: int, y: int, w: int, most: int) -> None:
        """Up to `most` lines from design (x, y), each fitted to w; "and n more" if some are left."""
        t, k = self.app.t, self.app.text_scale
        if len(lines) > most:
            lines = lines[:most - 1] + [t("players.more", n=len(lines) - most + 1)]
        for i, text in enumerate(lines):
            self.line(surface, text, self.at(x, 0).x, self.at(0, y + i * 22 * k).y, self.app.tx(16), self.app.px(w))

    def level_words(self, level: str) -> str:
        key = f"table.bot.{level}"
        text = self.app.t(key)
        return level if text == key else text

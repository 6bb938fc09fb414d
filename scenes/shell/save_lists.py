"""The lists of games kept on this computer, newest first and paged: Saved games (every
unfinished game has its own autosave: resume it or delete it) and History (finished games:
watch one again from its record, or delete it).

Both read the saves' headers only (game/core/saves.py, SaveBook): nothing is replayed to show a
list. A file that cannot be read is left out and said so under the list; deleting asks first.
"""
from __future__ import annotations

import logging
import threading
from typing import Callable, Optional

import pygame

from game.core.errors import SaveError
from game.core.match import Match
from game.core.names import shown_name
from game.core.saves import SaveHeader
from game.registry import GAMES

from .. import settings_store
from .dialog import MessageScene, confirm_scene
from .. import registry
from ..registry import show_table
from .save_words import game_name, hints_words, round_words, seats_words, when_words, winners_words
from .base import ShellScene
from ..ui import draw, theme
from ..ui.emblems import game_emblem, heading
from ..ui.textfit import fit_text
from ..ui.widgets import Button

log = logging.getLogger("sifang")

LIST = (40, 104, 1200, 530)   # the parchment the rows lie on (design units)
ROW_PITCH = 104
PER_PAGE = 5


class SaveListScene(ShellScene):
    """What both lists share: rows of headers, pages, delete with a confirmation."""
    title_key = ""
    hint_key = ""
    empty_key = ""
    open_key = ""          # the label of each row's main button
    failed_key = ""        # the title of the message when a file cannot be opened
    when_key = ""          # "last played {when}" / "finished {when}"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.headers: list[SaveHeader] = []
        self.problems: list[tuple] = []
        self.page = 0
        self.rows: list[tuple[SaveHeader, Button, Button, Optional[Button]]] = []  # open, delete, a third
        self.back_button = Button(lambda: self.app.t("common.back"), self.back)
        self.prev_button = Button("‹", lambda: self.turn(-1), hotkey=pygame.K_PAGEUP)
        self.next_button = Button("›", lambda: self.turn(1), hotkey=pygame.K_PAGEDOWN)

    # -- the model --------------------------------------------------------------------------
    def read(self) -> list[SaveHeader]:
        raise NotImplementedError

    def open(self, header: SaveHeader) -> None:
        raise NotImplementedError

    def refresh(self) -> None:
        """Read the folder again (after a game, a deletion, a language switch)."""
        book = settings_store.save_book()
        try:
            self.headers = self.read_from(book)
        except Exception:  # an unreadable folder must not take the list down
            log.exception("listing the saved games failed")
            self.headers = []
        self.problems = book.problems()
        self.page = max(0, min(self.page, self.pages - 1))
        self.layout(*self.app.size)

    def read_from(self, book) -> list[SaveHeader]:
        raise NotImplementedError

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.headers) // PER_PAGE))

    def shown(self) -> list[SaveHeader]:
        return self.headers[self.page * PER_PAGE:(self.page + 1) * PER_PAGE]

    def turn(self, delta: int) -> None:
        page = max(0, min(self.pages - 1, self.page + delta))
        if page != self.page:
            self.page = page
            self.layout(*self.app.size)

    def enter(self) -> None:
        self.refresh()  # back from a game or a replay: files may have moved on

    # -- delete ----------------------------------------------------------------------------------
    def ask_delete(self, header: SaveHeader) -> None:
        t = self.app.t
        body = t("saves.delete_body", game=game_name(t, header), round=round_words(t, header),
                 when=when_words(t, header.updated))
        self.app.manager.push(confirm_scene(self.app, t("saves.delete_title"), body, t("saves.delete"),
                                            lambda: self.delete(header)))

    def delete(self, header: SaveHeader) -> None:
        try:
            settings_store.save_book().delete(header.path)
        except (OSError, ValueError) as exc:
            log.warning("could not delete %s: %s", header.path, exc)
            t = self.app.t
            self.app.manager.push(MessageScene(self.app, t("saves.delete_failed_title"),
                                               t("saves.delete_failed_body"), is_error=True))
        self.refresh()

    def failed(self, kind: str) -> None:
        t = self.app.t
        self.app.manager.push(MessageScene(self.app, t(self.failed_key),
                                           t("saves.failed_body", reason=t(f"save.error.{kind}")), is_error=True))

    # -- layout --------------------------------------------------------------------------------------
    def place(self, w: int, h: int) -> None:
        px = self.app.px
        self.rows = []
        lx, ly, lw, _ = LIST
        for i, header in enumerate(self.shown()):
            y = ly + 14 + i * ROW_PITCH
            open_button = Button(lambda: self.app.t(self.open_key), lambda h=header: self.open(h), style="primary",
                                 rect=self.at(lx + lw - 312, y + 44, 150, 42), size=px(18))
            delete_button = Button(lambda: self.app.t("saves.delete"), lambda h=header: self.ask_delete(h),
                                   rect=self.at(lx + lw - 150, y + 44, 130, 42), size=px(18))
            extra = self.row_button(header)
            if extra is not None:  # left of Open
                extra.rect, extra.size = self.at(lx + lw - 464, y + 44, 140, 42), px(18)
            self.rows.append((header, open_button, delete_button, extra))
        self.back_button.rect, self.back_button.size = self.at(40, 652, 200, 52), px(20)
        self.prev_button.rect = self.at(470, 656, 56, 44)
        self.next_button.rect = self.at(754, 656, 56, 44)
        for b in (self.prev_button, self.next_button):
            b.size = px(26)
            b.visible = self.pages > 1
        self.prev_button.enabled = self.page > 0
        self.next_button.enabled = self.page < self.pages - 1
        self.group.widgets = [self.back_button, self.prev_button, self.next_button,
                              *[b for _, *buttons in self.rows for b in buttons if b is not None]]

    # -- drawing ------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        px, t, fonts = self.app.px, self.app.t, self.app.fonts
        heading(surface, fonts, t(self.title_key), self.at(40, 14).topleft, px(34))
        self.label(surface, t(self.hint_key), self.at(44, 70 - 16 * (self.app.text_scale - 1)).topleft, px(17),
                   theme.PARCHMENT, max_w=px(1190))
        panel = self.at(*LIST)
        draw.panel(surface, panel, radius=px(14), width=px(3))
        if not self.headers:
            self.label(surface, t(self.empty_key), panel.center, px(22), theme.INK_SOFT, anchor="center",
                       max_w=panel.w - px(40))
        for i, (header, open_button, _, extra) in enumerate(self.rows):
            left = extra.rect.x if extra is not None else open_button.rect.x
            self.draw_row(surface, header, self.at(LIST[0] + 14, LIST[1] + 10 + i * ROW_PITCH, LIST[2] - 28,
                                                   ROW_PITCH - 10), left - px(16))
        if self.pages > 1:
            self.label(surface, t("saves.page", page=self.page + 1, pages=self.pages), self.at(640, 678).topleft,
                       px(19), theme.PARCHMENT, bold=True, anchor="center")
        if self.problems:
            kinds = sorted({t(f"save.error.{kind}") for _, kind in self.problems})
            note = t("saves.problems", n=len(self.problems), reasons=t("saves.list_sep").join(kinds))
            self.label(surface, note, self.at(1240, 640).topleft, px(15), theme.GOLD_LIGHT, anchor="topright",
                       max_w=px(420))

    def draw_row(self, surface: pygame.Surface, header: SaveHeader, r: pygame.Rect, text_right: int) -> None:
        px, t, fonts = self.app.px, self.app.t, self.app.fonts
        pygame.draw.rect(surface, theme.WHITE, r, border_radius=px(10))
        pygame.draw.rect(surface, theme.PARCHMENT_DARK, r, max(1, px(2)), border_radius=px(10))
        size = r.h - px(16)
        if header.game in GAMES:
            surface.blit(game_emblem(header.game, size), (r.x + px(8), r.y + px(8)))
        x = r.x + size + px(22)
        tx, one = self.app.tx, self.app.text_scale > 1   # read at the text size; larger words, one line of seats
        when = fonts.text(t(self.when_key, when=when_words(t, header.updated)), tx(15), theme.INK_SOFT)
        when_r = when.get_rect(topright=(r.right - px(14), r.y + px(10)))
        surface.blit(when, when_r)
        title = fit_text(fonts, f"{game_name(t, header)} · {self.row_state(header)}", tx(20), theme.INK,
                         min(text_right, when_r.x - px(12)) - x, bold=True)
        surface.blit(title, (x, r.y + px(8)))
        y = r.y + px(8) + tx(30)
        for line in fonts.wrap(seats_words(t, header), tx(15), text_right - x)[:1 if one else 2]:
            surface.blit(fit_text(fonts, line, tx(15), theme.INK_SOFT, text_right - x), (x, y))
            y += tx(21)

    def row_button(self, header: SaveHeader) -> Optional[Button]:
        """A third button on each row, left of Open (History's Review), or None."""
        return None

    def row_state(self, header: SaveHeader) -> str:
        """What the row's title says after the game's name."""
        raise NotImplementedError


class SavedGamesScene(SaveListScene):
    """Every unfinished game, newest first: resume or delete."""
    title_key = "saves.saved_title"
    hint_key = "saves.saved_hint"
    empty_key = "saves.saved_empty"
    open_key = "saves.resume"
    failed_key = "saves.resume_failed"
    when_key = "saves.last_played"

    def read_from(self, book) -> list[SaveHeader]:
        return book.unfinished()

    def row_state(self, header: SaveHeader) -> str:
        return round_words(self.app.t, header)

    def open(self, header: SaveHeader) -> None:
        resume(self.app, header, self.failed)


class HistoryScene(SaveListScene):
    """Every finished game, newest first: watch it again or delete it."""
    title_key = "saves.history_title"
    hint_key = "saves.history_hint"
    empty_key = "saves.history_empty"
    open_key = "saves.watch"
    failed_key = "saves.watch_failed"
    when_key = "saves.finished_at"

    def read_from(self, book) -> list[SaveHeader]:
        return book.history()

    def __init__(self, app) -> None:
        super().__init__(app)
        self.loading: Optional[tuple] = None   # (header, thread, its result) while a record is read for a review

    def enter(self) -> None:
        super().enter()
        if self.headers:
            registry.review_ahead()   # each row's Review button: its first press then costs no import

    def row_state(self, header: SaveHeader) -> str:
        t = self.app.t
        names = [shown_name(name, i, t) for i, (name, _kind) in enumerate(header.seats)]
        hints = hints_words(t, names, header.hints_taken)
        return winners_words(t, header) + (" · " + hints if hints else "")

    def _record(self, header: SaveHeader, purpose: str) -> Optional[dict]:
        """A finished game's record, or None (and the reason told) if its file cannot be used."""
        try:
            return settings_store.save_book().load_record(header.path)
        except SaveError as exc:
            log.warning("%s cannot be %s: %s", header.path.name, purpose, exc)
            self.failed(exc.kind)
            return None

    def open(self, header: SaveHeader) -> None:
        record = self._record(header, "watched")
        if record is not None:
            registry.open_replay(self.app, record)

    def row_button(self, header: SaveHeader) -> Optional[Button]:
        return Button(lambda: self.app.t("review.button"), lambda h=header: self.review(h))

    def review(self, header: SaveHeader) -> None:
        """How each person at the table played, decision by decision (scenes/coach/review.py). The
        record is read on a thread of its own (it is replayed to be checked: 25-30 ms of CPU for an
        Elfenland game, which with the review's own first frame made the press's frame 48 ms) and
        the review opens at the frame after it is in."""
        if self.loading is not None:
            return
        got: dict = {}

        def load() -> None:
            try:
                got["record"] = settings_store.save_book().load_record(header.path)
            except SaveError as exc:
                got["error"] = exc
            except Exception as exc:  # told on the screen's thread, as any unreadable file
                log.exception("reading %s for its review failed", header.path.name)
                got["error"] = SaveError(str(exc))
        thread = threading.Thread(target=load, name="review-record", daemon=True)
        self.loading = (header, thread, got)
        thread.start()

    def update(self, dt: float) -> None:
        if self.loading is None or self.loading[1].is_alive():
            return
        header, _, got = self.loading
        self.loading = None
        if "record" in got:
            registry.open_review(self.app, got["record"], header.path)
        else:
            exc = got.get("error") or SaveError("the record could not be read")
            log.warning("%s cannot be reviewed: %s", header.path.name, exc)
            self.failed(exc.kind)

    def animating(self) -> bool:
        return self.loading is not None   # frames keep coming until the record is in


def resume(app, header: SaveHeader, failed: Optional[Callable[[str], None]] = None) -> bool:
    """Put that saved game's table on screen, saving on to its own file; False (and `failed`
    told the reason's kind) if the file cannot be loaded."""
    try:
        match = Match.load(GAMES, header.path, autosave_path=header.path)
    except SaveError as exc:
        log.warning("%s cannot be resumed: %s", header.path.name, exc)
        kind = exc.kind
    except Exception:  # whatever else a strange file provokes: the same message, logged
        log.exception("resuming %s failed", header.path.name)
        kind = "damaged"
    else:
        return show_table(app, match)
    if failed is not None:
        failed(kind)
    return False

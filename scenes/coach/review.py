"""The review of a finished game through one person's eyes (game/core/review.py): worked out in a
background process with a progress bar and Cancel, kept beside the game in History, then shown as a
chart of the player's estimated chance to win over the game (rounds marked) and the decisions where
they lost the most, each with the better move; a click on the chart or on a decision opens the
replay there, through that person's eyes, with the better move on the table."""
from __future__ import annotations

import logging
import multiprocessing
import queue
import time
from pathlib import Path
from typing import Optional

import pygame

from game.core.errors import SaveError
from game.core.hints import Hint, Option, the_move
from game.core.match import visible
from game.core.names import shown_name
from game.core.review import Decision, Review, ReviewRefused, read_review, review_from_json, work_in_process
from game.core.storage import read_json, write_json_atomic
from game.registry import GAMES

from .. import registry, settings_store
from ..shell.base import ShellScene
from ..ui import draw, theme
from ..ui.emblems import heading
from ..ui.textfit import fit_text
from ..ui.widgets import Button, Group

log = logging.getLogger("sifang")

CHART = (60, 110, 1160, 240)     # design units: the chart of the win chance
DROPS_TOP = 410                  # the list of the biggest drops under it
DROP_PITCH = 45


class ReviewScene(ShellScene):
    def __init__(self, app, record: dict, path: Optional[Path] = None) -> None:
        super().__init__(app)
        self.record, self.path = record, path
        self.spec = GAMES[record["game"]]
        seats = record.get("seats") or [{"name": "", "kind": "human"} for _ in range(record["n_players"])]
        self.names = [shown_name(s.get("name", ""), i, app.t) for i, s in enumerate(seats)]
        kinds = [s.get("kind") for s in seats]
        self.people = [i for i, k in enumerate(kinds) if k == "human"] or list(range(len(kinds)))
        self.seat: Optional[int] = None
        self.review: Optional[Review] = None
        self.proc = None
        self.inbox = None
        self.progress = (0, 0)
        self.started = 0.0
        self.problem: Optional[str] = None
        t = lambda key: (lambda: self.app.t(key))  # noqa: E731 - labels follow the language
        self.back_button = Button(t("common.back"), self.back, hotkey=pygame.K_ESCAPE)
        self.cancel_button = Button(t("review.cancel"), self.back, style="danger")
        self.seat_buttons = [Button(lambda n=self.names[s]: n, lambda s=s: self.start(s)) for s in self.people]
        self.drop_buttons: list[Button] = []
        self.played_words: dict[int, tuple] = {}
        if len(self.people) == 1:
            self.start(self.people[0])

    # -- the work --------------------------------------------------------------------------------
    def kept_path(self) -> Optional[Path]:
        return settings_store.save_book().review_path(self.path, self.seat) if self.path is not None else None

    def start(self, seat: int) -> None:
        """Review through `seat`'s eyes: the kept review if it is this game's, else made now."""
        self.seat = seat
        kept = self.kept_path()
        if kept is not None and kept.exists():
            try:
                self.review = read_review(read_json(kept), self.record, seat)
            except (SaveError, ReviewRefused) as exc:
                log.warning("the kept review %s is not used (%s); it is made again", kept.name, exc)
        if self.review is None:
            ctx = multiprocessing.get_context("spawn")
            self.inbox = ctx.Queue()
            self.proc = ctx.Process(target=work_in_process, args=(self.record, seat, self.inbox), daemon=True)
            self.proc.start()
            self.started = time.monotonic()
        else:
            self._shown()
        self.layout(*self.app.size)

    def update(self, dt: float) -> None:
        if self.proc is None:
            return
        try:
            while True:
                message = self.inbox.get_nowait()
                if message[0] == "progress":
                    self.progress = (message[1], message[2])
                elif message[0] == "done":
                    self._finished(message[1])
                    return
                else:
                    self._failed(message[1])
                    return
                self.dirty = True
        except queue.Empty:
            pass
        if not self.proc.is_alive() and self.inbox.empty():
            self._failed(f"the review's process ended ({self.proc.exitcode})")

    def _finished(self, data: dict) -> None:
        self._stop()
        self.review = review_from_json(data, self.record, self.seat)
        if self.review is None:
            self._failed("the review came back unreadable")
            return
        kept = self.kept_path()
        if kept is not None:
            try:
                write_json_atomic(kept, data)
            except OSError as exc:  # shown all the same; made again next time
                log.warning("could not keep the review %s: %s", kept.name, exc)
        self._shown()
        self.layout(*self.app.size)

    def _failed(self, why: str) -> None:
        log.error("the review failed: %s", why)
        self._stop()
        self.problem = self.app.t("review.failed")
        self.layout(*self.app.size)

    def _stop(self) -> None:
        if self.proc is not None:
            if self.proc.is_alive():
                self.proc.terminate()
            self.proc.join(timeout=1.0)
        self.proc = None

    def back(self) -> None:
        self._stop()
        self.app.manager.remove(self)

    def leave(self) -> None:
        if self.app.manager.top is not self and self not in self.app.manager.stack:
            self._stop()

    def _shown(self) -> None:
        """The events of each move the player made (for its words), from the record."""
        per_action: list = []
        self.spec.replay(self.record, on_events=per_action.append)
        self.played_words = {d.at: the_move([e for e in per_action[d.at] if visible(e, self.seat)], self.seat)
                             for d in self.review.decisions}

    # -- a moment on the replay -------------------------------------------------------------------
    def open_moment(self, d: Decision) -> None:
        """The replay just before the decision, through the player's eyes, with the better move."""
        if not registry.open_replay(self.app, self.record):
            return
        table = self.app.manager.top
        table.watch_as(self.seat)
        self.app.manager.top.seek(d.at)
        table = self.app.manager.top
        hint = Hint(self.seat, d.at, (Option(d.best, 0, d.best_wins, d.best_events),
                                      Option(d.played, 0, d.played_wins, self.played_words.get(d.at, ()))), 0, 0.0)
        table.hints.pin(hint, self.app.t("review.moment_head"))

    # -- layout and drawing -------------------------------------------------------------------------
    def place(self, w: int, h: int) -> None:
        px = self.app.px
        self.back_button.rect, self.back_button.size = self.at(40, 652, 200, 52), px(20)
        self.cancel_button.rect, self.cancel_button.size = self.at(540, 400, 200, 52), px(20)
        for i, b in enumerate(self.seat_buttons):
            b.rect, b.size = self.at(440, 200 + i * 56, 400, 48), px(20)
        self.drop_buttons = []
        if self.review is not None:
            top, pitch, most = self.drops_place()
            for i, d in enumerate(self.review.drops()[:most]):
                b = Button(lambda: self.app.t("review.watch"), lambda d=d: self.open_moment(d))
                b.rect, b.size = self.at(1090, top + i * pitch, 130, 38), px(16)
                self.drop_buttons.append(b)
        widgets = [self.back_button]
        if self.seat is None:
            widgets += self.seat_buttons
        elif self.proc is not None:
            widgets.append(self.cancel_button)
        else:
            widgets += self.drop_buttons
        self.group = Group(widgets)

    def chart_rect(self) -> pygame.Rect:
        x, y, w, h = CHART
        return self.at(x, y, w, h - 160 * (self.app.text_scale - 1))   # larger words: the list needs the room

    def drops_place(self) -> tuple[float, float, int]:
        """Where the list of drops starts, its pitch and how many fit (design units): at a larger
        text size the chart is shorter and the lines taller, and the list shows fewer."""
        k = self.app.text_scale
        top, pitch = DROPS_TOP - 80 * (k - 1), DROP_PITCH * k   # under the shorter chart and its legend
        return top, pitch, max(1, int((640 - top) // pitch))

    def x_of(self, k: int, n: int) -> int:
        r = self.chart_rect()
        return r.x + (r.w * (k + 0.5) // max(1, n))

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.review is not None \
                and self.review.decisions and self.chart_rect().collidepoint(event.pos):
            n = len(self.review.decisions)
            k = min(range(n), key=lambda i: abs(self.x_of(i, n) - event.pos[0]))
            self.open_moment(self.review.decisions[k])
            return None
        return super().handle(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        px, t, fonts = self.app.px, self.app.t, self.app.fonts
        name = t.name(self.spec.names)
        who = self.names[self.seat] if self.seat is not None else ""
        heading(surface, fonts, t("review.title", game=name, who=who) if who else t("review.pick_title", game=name),
                self.at(40, 14).topleft, px(32))
        panel = self.at(40, 76, 1200, 566)
        draw.panel(surface, panel, radius=px(14), width=px(3))
        if self.problem:
            self.label(surface, self.problem, panel.center, px(20), theme.VERMILION_DARK, anchor="center",
                       max_w=panel.w - px(40))
        elif self.seat is None:
            self.label(surface, t("review.pick"), self.at(640, 150).topleft, px(20), anchor="midtop")
        elif self.proc is not None:
            self._draw_progress(surface)
        elif self.review is not None:
            self._draw_chart(surface)
            self._draw_drops(surface)

    def _draw_progress(self, surface: pygame.Surface) -> None:
        px, t = self.app.px, self.app.t
        k, n = self.progress
        bar = self.at(240, 300, 800, 34)
        pygame.draw.rect(surface, theme.PARCHMENT_DARK, bar, border_radius=px(8))
        if n:
            done = bar.copy()
            done.w = max(px(8), bar.w * k // n)
            pygame.draw.rect(surface, theme.JADE, done, border_radius=px(8))
        pygame.draw.rect(surface, theme.WOOD, bar, px(2), border_radius=px(8))
        if k and n:
            spent = time.monotonic() - self.started
            left = int(round(spent / k * (n - k)))
            words = t("review.progress_left", k=k, n=n, s=left)
        else:
            words = t("review.progress_start")
        self.label(surface, words, (bar.centerx, bar.y - px(12)), px(19), anchor="midbottom")

    def _draw_chart(self, surface: pygame.Surface) -> None:
        px, t, fonts = self.app.px, self.app.t, self.app.fonts
        r = self.chart_rect()
        pygame.draw.rect(surface, theme.WHITE, r, border_radius=px(8))
        for pct in (25, 50, 75):
            y = r.bottom - r.h * pct // 100
            pygame.draw.line(surface, theme.PARCHMENT_DARK, (r.x, y), (r.right, y), 1)
            surface.blit(fonts.text(f"{pct} %", px(13), theme.INK_SOFT), (r.x + px(4), y - px(16)))
        ds = self.review.decisions
        n = len(ds)
        if not n:
            self.label(surface, t("review.nothing"), r.center, px(18), theme.INK_SOFT, anchor="center")
            return
        last_round = None
        for k, d in enumerate(ds):  # a line where each round begins
            mark = tuple(d.round) if isinstance(d.round, (list, tuple)) else d.round
            if mark != last_round:
                x = self.x_of(k, n) - r.w // max(1, n) // 2
                pygame.draw.line(surface, theme.WOOD_LIGHT, (x, r.y), (x, r.bottom), 1)
                rnd = mark[1] if isinstance(mark, tuple) and len(mark) > 1 else None
                if rnd is not None:
                    surface.blit(fonts.text(t("review.round", n=rnd), px(13), theme.WOOD), (x + px(3), r.y + px(2)))
                last_round = mark
        best = [(self.x_of(k, n), r.bottom - int(r.h * d.best_wins)) for k, d in enumerate(ds)]
        mine = [(self.x_of(k, n), r.bottom - int(r.h * d.played_wins)) for k, d in enumerate(ds)]
        if n > 1:
            pygame.draw.lines(surface, theme.GOLD, False, best, max(1, px(2)))
            pygame.draw.lines(surface, theme.JADE, False, mine, max(2, px(3)))
        drops = self.review.drops()
        for k, d in enumerate(ds):
            pygame.draw.circle(surface, theme.JADE, mine[k], px(4))
        for i, d in enumerate(drops):
            x, y = mine[ds.index(d)]
            draw.seal(surface, (x, y), px(11), theme.VERMILION)
            num = fonts.text(str(i + 1), px(13), theme.WHITE, bold=True)
            surface.blit(num, num.get_rect(center=(x, y)))
        pygame.draw.rect(surface, theme.WOOD, r, px(2), border_radius=px(8))
        legend = t("review.legend", deals=self.review.skipped)
        surface.blit(fit_text(fonts, legend, self.app.tx(15), theme.INK_SOFT, r.w), (r.x, r.bottom + px(6)))

    def _draw_drops(self, surface: pygame.Surface) -> None:
        px, t, fonts = self.app.px, self.app.t, self.app.fonts
        top, pitch, most = self.drops_place()
        tx, k = self.app.tx, self.app.text_scale
        drops = self.review.drops()[:most]
        x = self.at(60, 0).x
        if not drops:
            self.label(surface, t("review.no_drops"), self.at(60, top).topleft, px(18), theme.INK)
            return
        self.label(surface, t("review.drops"), self.at(60, top - 28 * k).topleft, px(17), theme.INK_SOFT, bold=True,
                   max_w=px(1160))
        for i, d in enumerate(drops):
            y = self.at(0, top + i * pitch).y
            room = self.drop_buttons[i].rect.x - x - px(16)
            pct = lambda v: t("hint.chance", pct=round(100 * v))  # noqa: E731
            rnd = d.round[1] if isinstance(d.round, (list, tuple)) and len(d.round) > 1 else None
            head = t("review.drop_head", n=i + 1, round=rnd if rnd is not None else "–", loss=round(100 * d.loss))
            played = t("review.played", what=self.words(self.played_words.get(d.at, ()), d.played),
                       chance=pct(d.played_wins))
            line1 = f"{head} {played}"
            line2 = t("review.better", what=self.words(d.best_events, d.best), chance=pct(d.best_wins))
            surface.blit(fit_text(fonts, line1, tx(16), theme.INK, room, bold=True), (x, y))
            surface.blit(fit_text(fonts, line2, tx(15), theme.JADE, room), (x, y + tx(21)))

    def words(self, events, action) -> str:
        t = self.app.t
        describe = __import__(f"game.{self.spec.key}.describe", fromlist=["describe"]).describe
        said = " ".join(line for line in (describe(e, t, self.names) for e in events) if line)
        return said or t("hint.a_move", move=" ".join(str(v) for v in action))


def open_review(app, record: dict, path: Optional[Path] = None) -> bool:
    """Push the review of a finished game (see ReviewScene)."""
    if record.get("game") not in GAMES:
        return False
    app.manager.push(ReviewScene(app, record, path))
    return True

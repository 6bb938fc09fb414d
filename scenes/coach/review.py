"""The review of a finished game through one person's eyes (game/core/review.py): worked out in a
background process with a progress bar and Cancel, kept beside the game in History (written on the
save writer's thread), then shown as a chart of the player's estimated chance to win over the game
(review_chart.py: a 0-100 % scale, rounds and the result marked, each loss classed), the count of
each class, and the decisions where they lost the most, each with the better move; a click on the
chart or on a decision opens the replay there, through that person's eyes, with the better move and
the move played marked on the table, and steps on to the previous or next classed loss."""
from __future__ import annotations

import logging
import multiprocessing
import queue
import time
from pathlib import Path
from typing import Optional

import pygame

from game.core.errors import SaveError
from game.core import save_writer
from game.core.actions import same_value
from game.core.advice import SaidToYou, said as said_in_full
from game.core.hints import Hint, Option, trusted
from game.core.names import shown_name
from game.core.review import Decision, Review, ReviewRefused, read_review, review_from_json, work_in_process
from game.core.storage import read_json, write_json_atomic
from game.registry import GAMES

from .. import registry, settings_store
from ..shell.base import ShellScene
from .rules_pages import ReviewHelpScene
from .review_chart import GRADE_SIGN, ReviewChart, round_of
from ..ui import draw, theme
from ..ui.emblems import heading
from ..ui.textfit import fit_text, wrap_rows
from ..ui.widgets import Button, Group

log = logging.getLogger("sifang")

CHART = (60, 88, 1160, 250)      # design units: the chart of the win chance
DROPS_TOP = 420                  # the list of the biggest drops under it
DROP_PITCH = 45


def keep_review(path: Path, data: dict) -> None:
    """Write a finished review beside its game (on the writer thread); a failure is logged, the
    review shown all the same and made again next time."""
    try:
        write_json_atomic(path, data)
    except OSError as exc:
        log.warning("could not keep the review %s: %s", path.name, exc)


class ReviewScene(ShellScene):
    def __init__(self, app, record: dict, path: Optional[Path] = None) -> None:
        super().__init__(app)
        self.record, self.path = record, path
        self.spec = GAMES[record["game"]]
        self.trusted = trusted(self.spec.key)   # read once here (a small cached file), not in a frame
        seats = record.get("seats") or [{"name": "", "kind": "human"} for _ in range(record["n_players"])]
        self.names = [shown_name(s.get("name", ""), i, app.t) for i, s in enumerate(seats)]
        kinds = [s.get("kind") for s in seats]
        self.people = [i for i, k in enumerate(kinds) if k == "human"] or list(range(len(kinds)))
        self.seat: Optional[int] = None
        self.review: Optional[Review] = None
        self.chart: Optional[ReviewChart] = None
        self.stages: list = []           # the finished review's pictures, one a frame (see _shown)
        self.faces: list = []            # font faces opened ahead, one a frame while the review works
        self.proc = None
        self.inbox = None
        self.progress = (0, 0)
        self.started = 0.0
        self.problem: Optional[str] = None
        t = lambda key: (lambda: self.app.t(key))  # noqa: E731 - labels follow the language
        self.back_button = Button(t("common.back"), self.back, hotkey=pygame.K_ESCAPE)
        self.help_button = Button(t("review.help"), self.show_help)
        self.cancel_button = Button(t("review.cancel"), self.back, style="danger")
        self.seat_buttons = [Button(lambda n=self.names[s]: n, lambda s=s: self.start(s)) for s in self.people]
        self.drop_buttons: list[Button] = []
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
        # The font faces its pictures need, opened one a frame: while the review works, or (a kept
        # review) before it is shown; all in one frame they cost 30-60 ms (seen in a real window)
        px, tx = self.app.px, self.app.tx
        self.faces = [(size, bold) for size in sorted({px(10), px(12), px(13), px(14), px(16), tx(14), tx(15),
                                                       tx(16)}) for bold in (False, True)]
        if self.review is None:
            ctx = multiprocessing.get_context("spawn")
            self.inbox = ctx.Queue()
            self.proc = ctx.Process(target=work_in_process, args=(self.record, seat, self.inbox), daemon=True)
            self.proc.start()
            self.started = time.monotonic()
        self.layout(*self.app.size)

    def update(self, dt: float) -> None:
        if self.proc is None and self.review is not None and self.chart is None:  # a kept review, read
            if self.faces:
                self.app.fonts.font(*self.faces.pop())
            if not self.faces:
                self._shown()
                self.layout(*self.app.size)
            self.dirty = True
            return
        if self.stages:  # the review is in: its next picture, one a frame
            self.stages.pop(0)()
            self.dirty = True
            return
        if self.proc is None:
            return
        if self.faces:  # while the review works, the faces its pictures need are opened, one a frame
            self.app.fonts.font(*self.faces.pop())
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
        if kept is not None:  # kept on the writer thread: no frame waits for the disk
            save_writer.submit(lambda: keep_review(kept, data))
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
        """The review is in: its chart is drawn at the next frame (then kept), its words in the
        frames after, the summary and then each listed loss in a frame of its own, so that no frame
        does all of it (a frame stays within 33 ms: the five losses of an Elfenland game in
        Traditional Chinese took 41 ms in one frame, in a real window)."""
        self.chart = ReviewChart(self.app, self.review)
        rows = max(1, len(self.review.drops()[:self.drops_place()[2]]))
        self.stages = [self.chart.surface, lambda: self._draw_summary(self._scratch())] + \
            [lambda i=i: self._draw_drops(self._scratch(), only=i) for i in range(rows)]

    def _scratch(self) -> pygame.Surface:
        """A picture the review's words are first drawn on, a frame each, so that their lines are
        rendered (and kept by the fonts) before the frame that shows them all."""
        return pygame.Surface(self.app.size)

    # -- a moment on the replay -------------------------------------------------------------------
    def open_moment(self, d: Decision) -> None:
        """The replay just before the decision, through the player's eyes, with the better move and
        the move played marked, and buttons to the previous and next classed loss."""
        if not registry.open_replay(self.app, self.record):
            return
        self.app.manager.top.watch_as(self.seat)
        self.moment(d)

    def moment(self, d: Decision) -> None:
        """The replay on top stands before decision `d`, its note pinned, the seat's choices offered."""
        self.app.manager.top.match.moment = (self.seat, d.at)
        self.app.manager.top.seek(d.at)
        table = self.app.manager.top
        t = self.app.t
        played = Option(d.played, 0, d.played_wins, d.played_events)
        better = Option(d.best, 0, d.best_wins, d.best_events)
        options = (played,) if same_value(d.best, d.played) else (better, played)
        if d.grade is None:
            summary = t("review.moment_good")
        else:
            summary = t(self.said("review.moment_head", d), sign=GRADE_SIGN[d.grade], grade=t(f"review.grade.{d.grade}"),
                        loss=round(100 * d.loss))
        rnd = round_of(d.round)
        head = t("review.moment_title", who=self.names[self.seat]) if rnd is None else \
            t("review.moment_title_round", who=self.names[self.seat], round=rnd)
        graded = [x for x in self.review.decisions if x.grade is not None]
        before = [x for x in graded if x.at < d.at]
        after = [x for x in graded if x.at > d.at]
        table.hints.pin(Hint(self.seat, d.at, options, 0, 0.0), head, summary,
                        previous=(lambda: self.moment(before[-1])) if before else None,
                        following=(lambda: self.moment(after[0])) if after else None, loss=d.grade is not None)

    # -- layout and drawing -------------------------------------------------------------------------
    def place(self, w: int, h: int) -> None:
        px = self.app.px
        self.back_button.rect, self.back_button.size = self.at(40, 652, 200, 52), px(20)
        self.help_button.rect, self.help_button.size = self.at(1040, 652, 200, 52), px(20)
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
            if self.chart is not None:
                self.chart.place(self.chart_rect(), self.review.drops()[:most])
        widgets = [self.back_button]
        if self.seat is None:
            widgets += self.seat_buttons
        elif self.proc is not None:
            widgets.append(self.cancel_button)
        else:
            widgets += self.drop_buttons + [self.help_button]
        self.group = Group(widgets)

    def chart_rect(self) -> pygame.Rect:
        x, y, w, h = CHART
        rect = self.at(x, y, w, h - 150 * (self.app.text_scale - 1))   # larger words: the list needs the room
        rect.h -= (len(self.legend_rows(rect.w)) - 1) * self.app.fonts.line_height(self.app.tx(14))
        rect.h -= (len(self.count_rows(rect.w)) - 1) * self.app.fonts.line_height(self.app.tx(16), True)
        return rect

    def legend_rows(self, width: int) -> list[str]:
        """The legend under the chart on as many lines as it needs, two at most (at a large text
        size one line would be shrunk small: docs/access.md); the chart gives up the room."""
        return wrap_rows(self.app.fonts, self.app.t(self.said("review.legend")), self.app.tx(14), width, 2)

    def count_rows(self, width: int) -> list[str]:
        """The count of each class of loss (and of the decisions not weighed) on as many lines as
        it needs, two at most: on one line at a large text size it was shrunk to the smallest size
        (seen at 1024x600 and 150 %); the chart gives up the room."""
        if self.review is None or self.seat is None:
            return []
        t, counts = self.app.t, self.review.counts()
        line = t("review.counts", who=self.names[self.seat], inaccuracy=counts["inaccuracy"],
                 mistake=counts["mistake"], blunder=counts["blunder"], n=len(self.review.decisions))
        if self.review.skipped:
            line += " " + t("review.not_weighed", n=self.review.skipped)
        return wrap_rows(self.app.fonts, line, self.app.tx(16), width, 2, bold=True)

    def drops_place(self) -> tuple[float, float, int]:
        """Where the list of drops starts, its pitch and how many fit (design units): at a larger
        text size the chart is shorter and the lines taller, and the list shows fewer."""
        k = self.app.text_scale
        top, pitch = DROPS_TOP - 100 * (k - 1), DROP_PITCH * k   # under the shorter chart and its words
        return top, pitch, max(1, int((640 - top) // pitch))

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.chart is not None \
                and self.review.decisions and self.chart.plot().inflate(0, self.app.px(24)).collidepoint(event.pos):
            self.open_moment(self.review.decisions[self.chart.nearest(event.pos[0])])
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
        elif self.proc is not None or self.chart is None or self.chart.picture is None:
            self._draw_progress(surface)   # worked out, or (made or kept) being drawn
        elif self.chart is not None:
            surface.blit(self.chart.surface(), self.chart.rect)
            if not self.stages:
                self._draw_summary(surface)
                self._draw_drops(surface)

    def _draw_progress(self, surface: pygame.Surface) -> None:
        px, t = self.app.px, self.app.t
        k, n = self.progress
        bar = self.at(240, 300, 800, 34)
        pygame.draw.rect(surface, theme.PARCHMENT_DARK, bar, border_radius=px(8))
        if n or self.proc is None:
            done = bar.copy()
            done.w = bar.w if self.proc is None else max(px(8), bar.w * k // n)
            pygame.draw.rect(surface, theme.JADE, done, border_radius=px(8))
        pygame.draw.rect(surface, theme.WOOD, bar, px(2), border_radius=px(8))
        if self.proc is None:
            words = t("review.progress_drawing")
        elif k and n:
            spent = time.monotonic() - self.started
            left = int(round(spent / k * (n - k)))
            words = t("review.progress_left", k=k, n=n, s=left)
        else:
            words = t("review.progress_start")
        self.label(surface, words, (bar.centerx, bar.y - px(12)), px(19), anchor="midbottom")

    def said(self, key: str, d: Optional[Decision] = None) -> str:
        """The key of words about the chart's numbers: a chance to win, or the search's score in a
        game whose chances the coach does not trust (docs/coach.md); a decision whose moves were
        played out (Decision.played_out) is in points of a chance to win in any game."""
        return key if self.trusted or (d is not None and d.played_out) else f"{key}_score"

    def _draw_summary(self, surface: pygame.Surface) -> None:
        """Under the chart: what its lines and marks are, and the count of each class of loss."""
        fonts, tx = self.app.fonts, self.app.tx
        r = self.chart.rect
        y = r.bottom + self.app.px(4)
        # A game whose chances are not shown to be probabilities says what its line is (docs/coach.md)
        rows = self.legend_rows(r.w)
        for k, row in enumerate(rows):
            surface.blit(fit_text(fonts, row, tx(14), theme.INK_SOFT, r.w), (r.x, y + k * fonts.line_height(tx(14))))
        y += (len(rows) - 1) * fonts.line_height(tx(14)) + tx(20)   # the counts under the legend's last line
        pitch = fonts.line_height(tx(16), True)
        for k, row in enumerate(self.count_rows(r.w)):
            surface.blit(fit_text(fonts, row, tx(16), theme.INK, r.w, bold=True), (r.x, y + k * pitch))

    def _draw_drops(self, surface: pygame.Surface, only: Optional[int] = None) -> None:
        """The list of the losses under the chart (`only`: its heading and that row, or that row)."""
        px, t, fonts = self.app.px, self.app.t, self.app.fonts
        top, pitch, most = self.drops_place()
        tx, k = self.app.tx, self.app.text_scale
        drops = self.review.drops()[:most]
        x = self.at(60, 0).x
        if not drops:
            self.label(surface, t(self.said("review.no_drops")), self.at(60, top).topleft, px(18), theme.INK)
            return
        if not only:
            self.label(surface, t("review.drops"), self.at(60, top - 26 * k).topleft, px(16), theme.INK_SOFT,
                       bold=True, max_w=px(1160))
        for i, d in enumerate(drops):
            if only is not None and i != only:
                continue
            y = self.at(0, top + i * pitch).y
            room = self.drop_buttons[i].rect.x - x - px(16)
            line1, line2 = self.drop_lines(i, d)
            surface.blit(fit_text(fonts, line1, tx(16), theme.INK, room, bold=True), (x, y))
            surface.blit(fit_text(fonts, line2, tx(15), theme.JADE, room), (x, y + tx(21)))

    def drop_lines(self, i: int, d: Decision) -> tuple[str, str]:
        """A listed loss in two lines: its number, round, class and size, the move played; the better move."""
        t = self.app.t
        pct = lambda v: t("hint.chance", pct=round(100 * v))  # noqa: E731
        rnd = round_of(d.round)
        head = t(self.said("review.drop_head", d), n=i + 1, round=rnd if rnd is not None else "–", sign=GRADE_SIGN[d.grade],
                 grade=t(f"review.grade.{d.grade}"), loss=round(100 * d.loss))
        played = t("review.played", what=self.words(d.played_events, d.played), chance=pct(d.played_wins))
        return f"{head} {played}", t("review.better", what=self.words(d.best_events, d.best), chance=pct(d.best_wins))

    def words(self, events, action) -> str:
        """A move of the reviewed seat's, said to that person as their hint says it: in the second
        person (the log's "you" twins: game/core/advice.py), a move on their own seat "on yourself",
        a move whose log line hides what tells it apart said in full."""
        t = self.app.t
        names = list(self.names)
        names[self.seat] = t("hint.yourself")
        full = said_in_full(self.spec.key, action, t, names)
        if full:
            return full
        describe = __import__(f"game.{self.spec.key}.describe", fromlist=["describe"]).describe
        you = SaidToYou(t)
        words = " ".join(line for line in (describe(e, you, names) for e in events) if line)
        return words or t("hint.a_move", move=" ".join(str(v) for v in action))

    def show_help(self) -> None:
        """How to read a review (scenes/coach/rules_pages.py), in the rules help's overlay."""
        self.app.manager.push(ReviewHelpScene(self.app))


def open_review(app, record: dict, path: Optional[Path] = None) -> bool:
    """Push the review of a finished game (see ReviewScene)."""
    if record.get("game") not in GAMES:
        return False
    app.manager.push(ReviewScene(app, record, path))
    return True

"""A person's hint at the table (H, or Hint on the top bar, where the table allows hints): worked
out beside the frames from that seat's view alone (game/core/hints.py), then shown as a note with
the suggestion and the next two moves, each with its estimated chance to win, and a ring on where
the suggested move is made (the table's guide(), as a guided game's coach points).

A hint shown is counted in the save (Match.take_hint). It goes with the position it was made for:
any move, a new pair of eyes at the screen, or Esc puts it away; Esc also stops one being worked out.
"""
from __future__ import annotations

import logging
from typing import Optional

import pygame

from game.core.advice import SaidToYou, said
from game.core.errors import SaveFailed
from game.core.hints import Hint, HintJob, Option

from ..ui import theme
from ..ui.note_box import NoteBox, Para
from ..ui.pointer import draw_pointer
from ..ui.thinking import draw_thinking
from ..ui.widgets import Button

log = logging.getLogger("sifang")


class TableHint:
    def __init__(self, scene) -> None:
        self.scene = scene
        self.job: Optional[HintJob] = None
        self.hint: Optional[Hint] = None
        self.clock = 0.0
        self.note = NoteBox(scene.app)
        self.pinned: Optional[str] = None  # a review's note on a replay: its head (no count, no search)
        self.steps: tuple = (None, None)   # a review's note: to its previous and next classed loss
        self.summary: Optional[str] = None  # a review's note: what the move played was (its class, its loss)
        self.summary_colour = theme.VERMILION_DARK
        t = scene.app.t
        self.btn_close = Button(lambda: t("hint.close"), self.close, style="primary")
        self.btn_stop = Button(lambda: t("hint.stop"), self.close)
        self.btn_previous = Button(lambda: t("review.previous"), lambda: self._step(0))
        self.btn_next = Button(lambda: t("review.next"), lambda: self._step(1))

    # -- asking ------------------------------------------------------------------------------
    @property
    def match(self):
        return self.scene.match

    def offered(self) -> bool:
        """Does this table offer hints (chosen at setup; never at a guided game, which has its coach)?"""
        return self.match.hints_allowed and self.scene.coach is None and bool(self.match.humans)

    def worth_asking(self) -> bool:
        """Is there still a decision a hint could help with? Not once the game is over (its last
        moments on screen, a final reveal or scoring, before the results)."""
        return self.offered() and not self.match.state.is_over()

    def ask(self) -> None:
        t = self.scene.app.t
        if not self.offered():
            self.scene.notice(t("hint.not_allowed"))
            return
        if not self.scene.can_act() or self.scene.decider is None:
            self.scene.notice(t("hint.not_your_turn"))
            return
        if self.scene.viewer != self.scene.decider:
            # A decision taken in the open, on the public view (hot-seat): a hint reads the seat's
            # own cards, and everyone at the screen would read it too.
            self.scene.notice(t("hint.not_in_the_open"))
            return
        if self.job is not None or self.hint is not None:
            return
        self.job = self.match.hint_job(self.scene.decider)
        self.clock = 0.0
        self.scene.dirty = True

    def close(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job, self.hint, self.pinned, self.steps = None, None, None, (None, None)
        self.scene.dirty = True

    def pin(self, hint: Hint, head: str, summary: Optional[str] = None, previous=None, following=None,
            loss: bool = True) -> None:
        """Show a review's moment on a replay: the better move and the one played (hint.options; the
        played one alone where it was the best), until the replay moves on. Nothing is counted: the
        game is over. `summary`: a first line (the move's class and loss). `previous`, `following`:
        what the note's buttons to the review's previous and next classed loss do (None: none).
        `loss`: the summary names a classed loss (in red), else a move as good as the best (in ink)."""
        self.close()
        self.hint, self.pinned, self.steps, self.summary = hint, head, (previous, following), summary
        self.summary_colour = theme.VERMILION_DARK if loss else theme.JADE
        self.scene.dirty = True

    def _step(self, which: int) -> None:
        go = self.steps[which]
        if go is not None:
            go()

    @property
    def open(self) -> bool:
        return self.job is not None or self.hint is not None

    # -- time ------------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """True while something of the hint moves on the screen (its thinking mark, its ring)."""
        if self.job is not None and self.job.done:
            job, self.job = self.job, None
            if job.error is not None:
                log.error("the hint failed: %r", job.error)
                self.scene.notice(self.scene.app.t("hint.failed"))
            elif not job.stale and not job.stop.is_set() and job.hint is not None:
                self.hint = job.hint
                try:
                    self.match.take_hint(job.seat)   # counted once it is shown
                except SaveFailed as exc:
                    self.scene.save_failed(exc)
            self.scene.dirty = True
        if self.hint is not None and (self.hint.at != len(self.match.state.actions)
                                      or (self.pinned is None and self.scene.decider != self.hint.seat)):
            self.close()  # the position it was made for is gone
        if self.job is not None and self.job.stale:
            self.close()
        self.clock += dt
        return self.open

    # -- words -----------------------------------------------------------------------------------
    def words(self, option: Option) -> str:
        """What a move does, said to you (the log's words in the second person); else the tooltip
        of the piece that makes it."""
        scene, t = self.scene, self.scene.app.t
        names = [s.name for s in self.match.seats]
        if self.hint is not None:  # a move on your own seat: "on yourself", in a hint and in a review's
            names[self.hint.seat] = t("hint.yourself")   # moment alike (its list says so too)
        full = said(self.match.spec.key, option.action, t, names)
        if full:
            return full
        you = SaidToYou(t)
        lines = [scene.describe(e, you, names) for e in option.events]
        text = " ".join(line for line in lines if line)
        if text:
            return text
        pointer = scene.guide(option.action)
        if pointer is not None:
            tip = scene.tooltip_at(pointer.rect.center)
            if tip:
                return tip.split("\n")[0]
        return t("hint.a_move", move=" ".join(str(v) for v in option.action))

    def paras(self) -> tuple[str, list[Para]]:
        t = self.scene.app.t
        if self.hint is None:
            return t("hint.head_thinking"), [Para(t("hint.thinking"), 16, theme.INK)]
        hint = self.hint
        if self.pinned is not None:
            chance = lambda o: t("hint.chance", pct=round(100 * o.wins))  # noqa: E731
            played = hint.options[-1]
            paras = [Para(self.summary, 17, self.summary_colour, True)] if self.summary else []
            if len(hint.options) == 1:
                return self.pinned, paras + [
                    Para(t("review.played_best", what=self.words(played), chance=chance(played)), 16, theme.INK)]
            better = hint.options[0]
            return self.pinned, paras + [
                Para(t("review.moment_better", what=self.words(better), chance=chance(better)), 16, theme.INK),
                Para(t("review.moment_played", what=self.words(played), chance=chance(played)), 16, theme.INK_SOFT)]
        taken = self.match.hints_taken[hint.seat]
        why = self.why()
        if hint.rests_on is not None:  # no chance shown: the search's would not rank these moves
            paras = [Para(self.words(hint.best), 17, theme.INK, True)]
            if why:
                paras.append(Para(t("hint.why", why=why), 15, theme.INK))
            return t("hint.head_plain"), paras + [
                Para(hint.rests_on(t, [s.name for s in self.match.seats]), 14, theme.INK_SOFT),
                Para(t("hint.taken_plain", taken=taken), 13, theme.INK_SOFT)]
        if not hint.estimated:
            paras = [Para(self.words(hint.best), 17, theme.INK, True)]
            if why:
                paras.append(Para(why, 15, theme.INK))
            return t("hint.head_plain"), paras + [Para(t("hint.rule_of_thumb"), 14, theme.INK_SOFT),
                                                  Para(t("hint.taken_plain", taken=taken), 13, theme.INK_SOFT)]
        head = t("hint.head" if hint.trusted else "hint.head_score")
        paras = []
        for i, option in enumerate(hint.options):
            pct = t("hint.chance", pct=round(100 * option.wins))
            paras.append(Para(t("hint.option", n=i + 1, what=self.words(option), chance=pct), 16 if i else 17,
                              theme.INK if i == 0 else theme.INK_SOFT, i == 0))
            if i == 0 and why:
                paras.append(Para(t("hint.why", why=why), 15, theme.INK))
        even = sum(o.even for o in hint.options)
        if hint.equal is not None:
            paras.append(Para(t("hint.measured_equal", why=hint.equal(t, [s.name for s in self.match.seats])), 14,
                              theme.INK_SOFT))
        elif even > 1:
            key = "hint.about_equal_first" if even < len(hint.options) else \
                "hint.about_equal_two" if even == 2 else "hint.about_equal"  # not "all 2"
            paras.append(Para(t(key, n=even, deals=hint.deals), 14, theme.INK_SOFT))
        paras.append(Para(t("hint.taken" if hint.trusted else "hint.taken_score", deals=hint.deals, taken=taken),
                          13, theme.INK_SOFT))
        return head, paras

    def why(self) -> str | None:
        """The suggestion's reason, one the person can check on what they have seen (the game's)."""
        if self.hint is None or self.hint.why is None:
            return None
        return self.hint.why(self.scene.app.t, [s.name for s in self.match.seats])

    # -- events and drawing ----------------------------------------------------------------------
    def buttons(self) -> list[Button]:
        if self.hint is None:
            return [self.btn_stop]
        steps = [b for b, go in zip((self.btn_previous, self.btn_next), self.steps) if go is not None]
        return steps + [self.btn_close]

    def layout(self) -> None:
        head, paras = self.paras()
        marked = [self.hint.best.action] if self.hint is not None else []
        if self.pinned is not None and len(self.hint.options) > 1:
            marked.append(self.hint.options[-1].action)
        pointers = [p for p in map(self.scene.guide, marked) if p is not None]
        self.note.layout(self.scene.coach_area(), head, paras, self.buttons(),
                         avoid=tuple(r for p in pointers for r in p.rects()))

    def handle(self, event: pygame.event.Event) -> bool:
        """True if the event was the hint's: its button, Esc while it is open, a click on its note."""
        if not self.open:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        self.layout()
        for b in self.buttons():
            if b.handle(event):
                self.scene.dirty = True
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.note.contains(event.pos):
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.open:
            return
        self.layout()
        px = self.scene.app.px
        if self.hint is not None:
            pointer = self.scene.guide(self.hint.best.action)
            if self.pinned is not None and len(self.hint.options) > 1:
                # a review's moment: the move played in red (drawn first: the better move stays on top)
                played = self.scene.guide(self.hint.options[-1].action)
                if played is not None and played != pointer:
                    draw_pointer(surface, played, self.clock, px, origin=self.note.rect, colour=theme.VERMILION)
            if pointer is not None:
                draw_pointer(surface, pointer, self.clock, px, origin=self.note.rect)
        self.note.draw(surface, self.buttons())
        if self.hint is None:
            draw_thinking(surface, self.note.rect, self.clock, px, "topright")

"""The replay's control bar under the table: step back, play or pause, step forward, the speed,
a list of the rounds (or deals) to jump to, the step counter with a track to click, whose eyes
the table shows, and Close.

Keys: Left / Right step, Space plays or pauses, Home / End go to the ends, Page Up / Page Down
to the previous / next round.
"""
from __future__ import annotations

from typing import Optional

import pygame

from game.core.replay import ALL_EYES, Mark, shows_all

from ..ui import theme
from ..ui.chooser import Choice, Chooser
from ..ui.panel import USED, Intent, Panel
from ..ui.textfit import fit_text
from ..ui.tooltip import Note
from ..ui.transport import BACK, FORWARD, PAUSE, PLAY, SymbolButton
from ..ui.widgets import Button, Group, Stepper

BAR_H = 56          # design px (1280x720)
SPEEDS = (0.5, 1.0, 2.0, 4.0)
KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE, pygame.K_HOME, pygame.K_END,
        pygame.K_PAGEUP, pygame.K_PAGEDOWN)


def speed_label(speed: float) -> str:
    return f"{speed:g}×"


class ReplayBar(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        t = self.t
        self.btn_back = SymbolButton(BACK, scene.step_back)
        self.btn_play = SymbolButton(lambda: PAUSE if scene.playing else PLAY, scene.toggle_play, style="primary")
        self.btn_forward = SymbolButton(FORWARD, scene.step_forward)
        self.speed = Stepper(SPEEDS, SPEEDS.index(scene.speed), label_of=speed_label, on_change=scene.set_speed)
        self.btn_jump = Button(lambda: self.mark_name(scene.match.mark_at()) + " ∨", self.open_jump)
        seats = [None] + list(range(len(scene.match.seats)))
        if shows_all(scene.match.state):
            seats.append(ALL_EYES)
        self.eyes = Stepper(seats, seats.index(scene.match.watcher), label_of=self.eyes_label,
                            on_change=scene.watch_as)
        self.btn_close = Button(lambda: t("replay.close"), scene.close_replay)
        self.group = Group([self.btn_back, self.btn_play, self.btn_forward, self.speed, self.btn_jump,
                            self.eyes, self.btn_close])
        self.track = pygame.Rect(0, 0, 0, 0)
        self.counter = pygame.Rect(0, 0, 0, 0)
        self.tag = pygame.Rect(0, 0, 0, 0)
        self.chooser: Optional[Chooser] = None

    # -- words ------------------------------------------------------------------------------
    def mark_name(self, mark: Mark) -> str:
        t = self.t
        if mark.deal is not None and mark.round is not None:
            return t("replay.deal_round", deal=mark.deal, round=mark.round)
        if mark.deal is not None:
            return t("replay.deal", deal=mark.deal)
        if mark.round is not None:
            return t("replay.round", round=mark.round)
        return t("replay.start")

    def eyes_label(self, seat: Optional[int]) -> str:
        if seat is None:
            return self.t("replay.eyes.public")
        if seat == ALL_EYES:
            return self.t("replay.eyes.all")
        return self.t("replay.eyes.seat", name=self.scene.match.seats[seat].name)

    # -- geometry ------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        px = self.px
        m, bh = px(8), rect.h - px(14)
        y = rect.y + px(8)
        x = rect.x + m
        fonts = self.fonts
        tag_w = max(px(64), fonts.text(self.t("replay.tag"), px(16), theme.WHITE, bold=True).get_width() + px(20))
        self.tag = pygame.Rect(x, y + px(3), tag_w, bh - px(6))
        x = self.tag.right + m
        for b in (self.btn_back, self.btn_play, self.btn_forward):
            b.rect = pygame.Rect(x, y, px(46), bh)
            x += px(46) + px(6)
        x += m
        self.speed.rect, self.speed.size, self.speed.arrow_w = pygame.Rect(x, y, px(96), bh), px(17), px(26)
        x += px(96) + m
        self.btn_jump.rect, self.btn_jump.size = pygame.Rect(x, y, px(190), bh), px(16)
        x += px(190) + m
        right = rect.right - m
        self.btn_close.rect, self.btn_close.size = pygame.Rect(right - px(96), y, px(96), bh), px(17)
        right -= px(96) + m
        self.eyes.rect, self.eyes.size, self.eyes.arrow_w = pygame.Rect(right - px(236), y, px(236), bh), px(15), px(26)
        right -= px(236) + m
        self.counter = pygame.Rect(x, y, px(132), bh)
        self.track = pygame.Rect(self.counter.right + m, y, max(px(20), right - self.counter.right - 2 * m), bh)

    # -- the cursor's picture -------------------------------------------------------------------
    def refresh(self) -> None:
        match = self.scene.match
        self.btn_back.enabled = match.position > 0
        self.btn_forward.enabled = not match.at_end()
        self.btn_play.enabled = not match.at_end() or self.scene.playing

    def draw(self, surface: pygame.Surface) -> None:
        px, fonts, t = self.px, self.fonts, self.t
        r = self.rect
        pygame.draw.rect(surface, theme.WOOD_DARK, r)
        pygame.draw.line(surface, theme.GOLD, r.topleft, r.topright, max(1, px(2)))
        pygame.draw.rect(surface, theme.VERMILION, self.tag, border_radius=px(6))
        tt = fit_text(fonts, t("replay.tag"), px(16), theme.WHITE, self.tag.w - px(8), bold=True)
        surface.blit(tt, tt.get_rect(center=self.tag.center))
        match = self.scene.match
        ct = fit_text(fonts, t("replay.counter", n=match.position, total=match.length), px(16),
                      theme.PARCHMENT, self.counter.w, bold=True)
        surface.blit(ct, ct.get_rect(midleft=self.counter.midleft))
        self._draw_track(surface)
        self.group.draw(surface, fonts)
        if self.chooser is not None:
            self.chooser.draw(surface)

    def _draw_track(self, surface: pygame.Surface) -> None:
        px, match = self.px, self.scene.match
        line = pygame.Rect(self.track.x, self.track.centery - px(4), self.track.w, px(8))
        pygame.draw.rect(surface, theme.TABLE_DARK, line, border_radius=px(4))
        done = line.copy()
        done.w = int(line.w * match.position / max(1, match.length))
        if done.w:
            pygame.draw.rect(surface, theme.GOLD, done, border_radius=px(4))
        for mark in match.marks[1:]:
            x = self.x_of(mark.position)
            pygame.draw.line(surface, theme.PARCHMENT, (x, line.y - px(5)), (x, line.bottom + px(4)), max(1, px(2)))
        pygame.draw.circle(surface, theme.GOLD_LIGHT, (self.x_of(match.position), line.centery), px(8))
        pygame.draw.circle(surface, theme.WOOD_DARK, (self.x_of(match.position), line.centery), px(8), max(1, px(2)))

    def x_of(self, position: int) -> int:
        return self.track.x + int(self.track.w * position / max(1, self.scene.match.length))

    def position_at(self, x: int) -> int:
        share = (x - self.track.x) / max(1, self.track.w)
        return round(max(0.0, min(1.0, share)) * self.scene.match.length)

    # -- the list of rounds -----------------------------------------------------------------------
    def jump_marks(self) -> list[Mark]:
        """Every round; in a game of deals, every deal's start and the rounds of the deal shown now."""
        marks = self.scene.match.marks
        if all(m.deal is None for m in marks):
            return list(marks)
        here = self.scene.match.mark_at().deal
        firsts = {}
        for m in marks:
            firsts.setdefault(m.deal, m)
        return [m for m in marks if m.deal == here or firsts[m.deal] is m]

    def open_jump(self) -> None:
        here = self.scene.match.mark_at()
        choices = [Choice(self.mark_name(m), m.position, note=self.t("replay.here") if m == here else "")
                   for m in self.jump_marks()]
        choices.append(Choice(self.t("replay.end"), self.scene.match.length))
        bounds = pygame.Rect(0, 0, self.app.size[0], self.rect.y)
        self.chooser = Chooser(self.app, self.t("replay.jump_title"), choices,
                               anchor=(self.btn_jump.rect.centerx, self.rect.y), bounds=bounds,
                               on_pick=self._jump, on_cancel=self._close_jump)
        self.modal = True

    def _close_jump(self) -> None:
        self.chooser, self.modal = None, False
        self.scene.dirty = True

    def _jump(self, position: int) -> None:
        self._close_jump()
        self.scene.seek(position)

    # -- input --------------------------------------------------------------------------------------
    def claims(self, event: pygame.event.Event) -> bool:
        """The bar answers this event before the table: its keys, and the mouse over it."""
        if self.chooser is not None:
            return True
        if event.type == pygame.KEYDOWN:
            return event.key in KEYS and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return self.rect.collidepoint(pygame.mouse.get_pos() if event.type == pygame.MOUSEWHEEL else event.pos)
        return False

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        scene = self.scene
        if self.chooser is not None:
            self.chooser.handle(event)
            return USED
        if event.type == pygame.KEYDOWN and event.key in KEYS:
            match = scene.match
            moves = {pygame.K_LEFT: scene.step_back, pygame.K_RIGHT: scene.step_forward,
                     pygame.K_SPACE: scene.toggle_play,
                     pygame.K_HOME: lambda: scene.seek(0), pygame.K_END: lambda: scene.seek(match.length),
                     pygame.K_PAGEUP: lambda: scene.seek(match.next_mark(-1)),
                     pygame.K_PAGEDOWN: lambda: scene.seek(match.next_mark(1))}
            moves[event.key]()
            return USED
        if self.group.handle(event):
            return USED
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.track.inflate(0, self.px(8)).collidepoint(event.pos):
            scene.seek(self.position_at(event.pos[0]))
            return USED
        return USED if event.type != pygame.MOUSEMOTION and self.rect.collidepoint(getattr(event, "pos", (-1, -1))) \
            else None

    def piece_at(self, pos: tuple[int, int]) -> Optional[Note]:
        """The note of the control under the mouse: what it does and its key."""
        if self.chooser is not None or not self.rect.collidepoint(pos):
            return None
        tips = [(self.btn_back, "back"), (self.btn_play, "play"), (self.btn_forward, "forward"),
                (self.speed, "speed"), (self.btn_jump, "jump"), (self.eyes, "eyes")]
        for widget, name in tips:
            if widget.rect.collidepoint(pos):
                return Note(self.t(f"replay.tip.{name}"))
        if self.track.inflate(0, self.px(8)).collidepoint(pos):
            return Note(self.t("replay.tip.track"))
        return None

    def mouse_left(self) -> bool:
        return any(w.hover for w in self.group.widgets) and self.group.handle(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(-1, -1), rel=(0, 0), buttons=(0, 0, 0)))

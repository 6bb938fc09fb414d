"""A table scene made of panels (scenes/ui/panel.py says how a table is built).

It sends each event to one panel — a visible modal panel takes them all; a
mouse event goes to the panel holding the mouse (a drag under way), else to the
topmost panel under the mouse; keys go to the panels
from the top until one answers — performs the Intent that comes back, runs
the tweens, shows the tooltip of the piece under a resting mouse, and holds
the bots while something is still moving.
"""
from __future__ import annotations

from functools import cached_property
from typing import Optional

import pygame

from .match_scene import MatchScene
from .ui.ahead import PaintAhead
from .ui.log_panel import LogPanel
from .ui.panel import MOUSE_EVENTS, Intent, Panel
from .ui.pointer import Pointer
from .ui.away import draw_away
from .ui.deciding import draw_deciding, draw_deciding_at
from .ui.thinking import draw_thinking
from .ui.textfit import fit_text
from .ui.tooltip import DELAY, draw_tooltip

from .ui.tween import Tweens

FOCUS_MOVES = (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


# The Xuanwu and European Union tables turn cards over and reveal votes and bids:
FLIP_FACTOR = 0.5   # a card turns over in this share of the bot delay
REVEAL_MIN = 2.5    # seconds a reveal stays up at least when someone is watching


class TableScene(MatchScene):
    # Keep the last composed frame and show it again while nothing has changed. Everything that
    # changes the picture marks the scene dirty (events, tweens, clocks, a new view), which drops it.
    cache_frames = False

    @property
    def dirty(self) -> bool:
        return self._dirty

    @dirty.setter
    def dirty(self, value: bool) -> None:
        self._dirty = value
        if value:
            self._frame: Optional[pygame.Surface] = None

    def __init__(self, app, match) -> None:
        self._frame = None
        self.panels: list[Panel] = []
        self.tweens = Tweens()
        self.mouse: Optional[tuple[int, int]] = None
        self.rest = 0.0                 # how long the mouse has rested where it is
        self.tip: Optional[str] = None  # the note shown now
        self.tip_from: tuple = (None, None)  # the panel and the piece (or Note) it belongs to
        self.ahead = PaintAhead()        # pictures painted before they show, at quiet frames
        self.ahead_for: tuple = ()       # the window size and language they were listed for
        super().__init__(app, match)

    # -- events -------------------------------------------------------------------------
    def modal_panel(self) -> Optional[Panel]:
        return next((p for p in reversed(self.panels) if p.visible and p.modal), None)

    def panel_at(self, pos: tuple[int, int]) -> Optional[Panel]:
        return next((p for p in reversed(self.panels) if p.contains(pos)), None)

    def route(self, event: pygame.event.Event) -> Optional[Intent]:
        """The one panel's answer to this event, or None if no panel wanted it."""
        modal = self.modal_panel()
        if modal is not None and event.type != pygame.MOUSEWHEEL:  # the log still scrolls under it
            return modal.handle(event) or Intent()
        if event.type in MOUSE_EVENTS:
            holder = next((p for p in reversed(self.panels) if p.visible and p.holding_mouse()), None)
            target = holder if holder is not None else self.panel_at(event.pos)
            if event.type == pygame.MOUSEMOTION:
                for p in self.panels:
                    if p is not target and p.visible and p.mouse_left():
                        self.dirty = True
            return target.handle(event) if target is not None else None
        for p in reversed(self.panels):
            if p.visible:
                answer = p.handle(event)
                if answer is not None:
                    return answer
        return None

    def perform(self, intent: Intent) -> None:
        self.dirty = True
        if intent.action is not None:
            self.act(intent.action)
        elif intent.ruling is not None:
            self.table_ruling(intent.ruling)
        elif intent.call is not None:
            intent.call()
        elif intent.notice:
            self.notice(intent.notice)

    @cached_property
    def hints(self):
        """The person's hint at this table (scenes/coach/hint.py)."""
        from .coach.hint import TableHint
        return TableHint(self)

    @cached_property
    def key_focus(self):
        """The keyboard's focus at this table (scenes/ui/key_focus.py)."""
        from .ui.key_focus import KeyFocus
        return KeyFocus(self)

    def handle(self, event: pygame.event.Event):
        if self.coach is not None and self.coach.handle(event):
            self.dirty = True
            return None
        if self.hints.handle(event):
            self.dirty = True
            return None
        if self.key_focus.handle(event):  # Tab, the arrows, Enter or Space: the table by keys
            self.dirty = True
            focus = self.key_focus.current()
            if focus is not None and event.key in FOCUS_MOVES:
                # the note of what the focus moved to shows as a resting mouse's would (same rule,
                # same eyes), beside it
                self.mouse = focus.center
                self.drop_tip()
                self.rest = 0.0
            return None
        plain_key = event.type == pygame.KEYDOWN and not event.mod & (
            pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
        if plain_key and event.key == pygame.K_h:
            self.hints.ask()
            return None
        if plain_key and event.key == pygame.K_m:  # mute and unmute, remembered
            muted = self.app.sound.toggle_mute()
            self.app.save_settings()
            self.notice(self.app.t("sound.muted" if muted else "sound.unmuted"))
            return None
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.drop_tip()
            self.rest = 0.0
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.drop_tip(until_moved=True)  # a click is about the piece, not its note
        intent = self.route(event)
        if intent is not None:
            self.perform(intent)
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            # Esc steps back: a panel put back what it held above; then the keyboard's focus goes;
            # then the table's menu.
            if not self.key_focus.step_back():
                self.ask_menu()
            return None
        return super().handle(event)

    def new_eyes(self) -> None:
        """Another seat's eyes (or the public's) are on the screen now: no tooltip, no picture and no
        overlay made for the last eyes stays; each panel closes or rebuilds what it holds for them
        (Panel.new_eyes), and the animations of what they saw are finished."""
        self.tip = None
        self.rest = -1e9 if self.mouse is not None else 0.0  # a tooltip waits for the next move
        self.tweens.finish()
        for p in self.panels:
            p.new_eyes()
        self.hints.close()  # a hint is for the eyes that asked for it
        self.key_focus.hide()  # the new eyes start without the last ones' focus
        self.dirty = True

    # -- time -----------------------------------------------------------------------------
    def flip_time(self) -> float:
        return self.app.settings.bot_delay * FLIP_FACTOR

    def reveal_time(self) -> float:
        """How long a reveal stays up: none in a bots-only game at full speed."""
        if self.app.settings.bot_delay <= 0 and not self.match.humans:
            return 0.0
        return max(REVEAL_MIN, self.app.settings.bot_delay * 3)

    def holding(self) -> bool:
        """Bots wait while pieces move (a subclass adds its own pauses), and while a guided game's
        coach waits for the learner."""
        return self.tweens.busy or (self.coach is not None and self.coach.holding())

    def update(self, dt: float) -> None:
        moved = self.tweens.update(dt)
        for p in self.panels:
            if p.visible and p.update(dt):
                moved = True
        if self.coach is not None and self.coach.update(dt):
            moved = True
        if self.hints.update(dt):
            moved = True
        if moved:
            self.dirty = True
        self._tooltip_clock(dt)
        self._paint_ahead()
        if not self.holding():
            super().update(dt)
            return
        self.think_ahead()  # the bot to move thinks while the pieces move; it moves after them
        if self.message:
            self.message_clock -= dt
            if self.message_clock <= 0:
                self.message = None
                self.dirty = True

    def _paint_ahead(self) -> None:
        """A slice of the pictures the panels may show later, in a frame with nothing new to draw."""
        key = (self.app.size, self.app.t.lang)
        if key != self.ahead_for:
            self.ahead_for = key
            self.ahead.replace(job for p in self.panels for job in p.ahead())
        if self.ahead and not self.dirty and not self.tweens.busy:
            self.ahead.run()

    # -- the tooltip ------------------------------------------------------------------------
    # One rule for every table: at most one note at a time; it is the note of the piece under a
    # resting mouse in the topmost thing there (a visible modal panel hides the notes of all beneath
    # it); it goes as soon as that piece is no longer the one under the mouse (the piece gone, an
    # overlay opened over it), at any new view (refresh) and whenever another scene covers the table;
    # its words are made from the piece when it shows, never kept from an earlier view.
    def _tooltip_clock(self, dt: float) -> None:
        if self.tip is not None and (self.covered() or self.tip_source_at(self.mouse) != self.tip_from):
            self.drop_tip()  # its piece went, or something now lies over it
        if self.mouse is None or self.tip is not None or self.covered():
            return
        self.rest += dt
        if self.rest >= DELAY:
            panel, source = self.tip_source_at(self.mouse)
            self.tip = source.tooltip() if source is not None else None
            self.tip_from = (panel, source)
            self.rest = -1e9 if self.tip is None else self.rest  # nothing here: wait for the next move
            if self.tip:
                self.dirty = True

    def drop_tip(self, until_moved: bool = False) -> None:
        """No note on screen; it may come again after the mouse rests (or only once it has moved)."""
        if self.tip is not None:
            self.dirty = True
        self.tip, self.tip_from = None, (None, None)
        self.rest = -1e9 if until_moved else min(self.rest, 0.0)

    def tip_source_at(self, pos: Optional[tuple[int, int]]) -> tuple:
        """(panel, piece) whose note a mouse resting at `pos` shows: in the visible modal panel if
        there is one, else in the topmost panel under the mouse; none while a panel holds the mouse
        (a drag or a pan: the hand is busy). A piece is anything with tooltip() (a Piece, a Note)."""
        if pos is None or any(p.visible and p.holding_mouse() for p in self.panels) or \
                any(r.collidepoint(pos) for r in self.notes_on_top()):
            return None, None
        modal = self.modal_panel()
        panel = modal if modal is not None else self.panel_at(pos)
        piece = panel.piece_at(pos) if panel is not None else None
        return (panel, piece) if piece is not None else (None, None)

    def tooltip_at(self, pos: tuple[int, int]) -> Optional[str]:
        """The words a mouse resting at `pos` would show now."""
        piece = self.tip_source_at(pos)[1]
        return piece.tooltip() if piece is not None else None

    def tip_avoids(self, owner: Optional[Panel]) -> list[pygame.Rect]:
        """Where the note may not be drawn: over the dialogs and overlays open on the table that it
        does not belong to (those under a modal owner lie beneath it and do not count)."""
        start = self.panels.index(owner) + 1 if owner is not None and owner.modal and owner in self.panels else 0
        return [r for p in self.panels[start:] if p is not owner and p.visible for r in p.covering()] + \
            self.notes_on_top()

    def notes_on_top(self) -> list[pygame.Rect]:
        """The coach's box and the hint's note, drawn over every panel: no tooltip goes there."""
        rects = [self.coach.box] if self.coach is not None else []
        if self.hints.open:
            rects.append(self.hints.note.rect)
        return [r for r in rects if r.w > 0]

    def refresh(self) -> None:
        super().refresh()
        self.drop_tip()  # a note made from the last view never outlives it

    def leave(self) -> None:
        super().leave()
        self.hints.close()  # covered (the menu, the rules): a hint being worked out stops
        # Covered (a dialog, the menu, the curtain) or left: no note stays, and the mouse is not known
        # again until it moves over the table.
        self.drop_tip()
        self.mouse = None

    def animating(self) -> bool:
        waiting_tip = self.mouse is not None and self.tip is None and 0 <= self.rest < DELAY
        return super().animating() or self.tweens.busy or waiting_tip

    # -- drawing ----------------------------------------------------------------------------
    def draw_panels(self, surface: pygame.Surface) -> None:
        start = 0
        for i, p in enumerate(self.panels):
            if p.visible and p.snapshot() is not None:
                start = i  # a still overlay keeps the picture of everything under it
        for p in self.panels[start:]:
            if p.visible:
                p.draw(surface)

    def draw(self, surface: pygame.Surface) -> None:
        self.mark_seen()
        self.cover_logs()
        if not self.cache_frames:
            self.draw_panels(surface)
        elif self._frame is not None and self._frame.get_size() == surface.get_size():
            surface.blit(self._frame, (0, 0))
        else:
            self.draw_panels(surface)
            self._frame = surface.copy()
        self.draw_deciding_marks(surface)
        self.draw_away_marks(surface)
        self.draw_chosen_marks(surface)
        self.key_focus.draw(surface)
        if self.coach is not None:
            self.coach.draw(surface)
        self.hints.draw(surface)
        if self.message:
            self.draw_notice(surface)
        if self.tip and self.mouse is not None and not self.covered():
            draw_tooltip(surface, self.app.fonts, self.tip, self.mouse, self.app.px, self.tip_avoids(self.tip_from[0]),
                         self.app.text_scale)

    # -- a guided game's coach -------------------------------------------------------------------
    def cover_logs(self) -> None:
        """Tell the logs where the coach's box (or a hint's, in the same place) lies over them, so
        they show whole rows beside it."""
        box = None
        if self.coach is not None:
            self.coach.layout()
            box = self.coach.box
        elif self.hints.open:
            self.hints.layout()
            box = self.hints.note.rect
        changed = False
        for panel in self.panels:
            for log in (getattr(panel, "log", None), getattr(panel, "aid", None)):
                if isinstance(log, LogPanel) and log.cover(box):
                    changed = True
        if changed:
            self._frame = None
            self.logs_covered()

    def logs_covered(self) -> None:
        """A log's picture changed under the coach's box: a table that keeps it in a still picture
        paints that again."""

    def guide(self, action) -> Optional[Pointer]:
        """Where the learner clicks next on the way to `action`: a visible button that makes it (a
        confirmation after a choice, top panels first), else a piece that carries it. A table whose
        actions take a drag or a chooser says more (it overrides this, and calls it for the rest)."""
        for panel in reversed(self.panels):
            if not panel.visible:
                continue
            for b in getattr(getattr(panel, "buttons", None), "widgets", ()):
                if getattr(b, "action", None) == action and b.visible and b.enabled:
                    return Pointer(pygame.Rect(b.rect))
        for panel in reversed(self.panels):
            if panel.visible:
                for p in panel.pieces:
                    if p.action == action and p.hit:
                        return Pointer(pygame.Rect(p.rect))
        return None

    def holds_mouse(self) -> bool:
        """A panel holds the mouse for a drag or a pan under way."""
        return any(p.visible and p.holding_mouse() for p in self.panels)

    def coach_area(self) -> pygame.Rect:
        """Where a guided game's coach may put its box: by default the right-hand column under the
        top bar, where the tables keep their log. A table laid out otherwise says."""
        px = self.app.px
        w, h = self.app.size
        bar = getattr(self, "top_bar", None)
        top = max(px(82), bar.rect.bottom + px(10)) if bar is not None else px(82)   # under a taller bar too
        return pygame.Rect(w - px(310), top, px(300), h - top - px(10))

    # Where on its plate a thinking bot's mark goes (a table whose plates wear a badge there moves it).
    thinking_corner = "topright"

    def seat_plate(self, seat: int) -> Optional[pygame.Rect]:
        """Where a seat's plate is on the screen (its thinking mark sits on it); each table says."""
        return None

    def deciding_seats(self) -> list[int]:
        """The seats the table waits on, as the view on the screen says (a view that keeps a decider
        secret does not list them); none once the game is over."""
        if self.match.state.is_over():
            return []
        return [s for s in self.view.get("to_act", []) if isinstance(s, int)]

    def deciding_span(self, seat: int) -> Optional[pygame.Rect]:
        """Where on a seat's plate its plate keeps room for the "deciding" tag (beside its name, which
        stays whole), if it does; else the tag goes at the plate's corner (thinking_corner)."""
        return None

    # A table whose plates paint the "deciding" tag themselves, in their own place (European Union's,
    # where its status tag goes): only a thinking bot's mark is drawn over them.
    plates_say_deciding = False

    def draw_deciding_marks(self, surface: pygame.Surface) -> None:
        """The "deciding" tag on the plate of each seat the table waits on (a thinking bot's with its
        running dots), unless the person is away (their own tag says so) or a window over the table
        hides the plate."""
        modal = self.modal_panel()
        thinking, away = self.thinking_seat(), self.away_seats()
        seats = [] if self.plates_say_deciding else self.deciding_seats()
        words = self.app.t("table.deciding")
        for seat in seats:
            plate = self.seat_plate(seat)
            if seat in away or plate is None or (modal is not None and modal.rect.colliderect(plate)):
                continue
            clock = self.think_clock if seat == thinking else None
            span = self.deciding_span(seat)
            if span is not None:
                draw_deciding_at(surface, "midright", span.midright, words, self.app.fonts, self.app.px, span.w, clock,
                                 span.h)
            else:
                draw_deciding(surface, plate, words, self.app.fonts, self.app.px, self.thinking_corner, clock)
        if thinking is not None and thinking not in seats:
            self.draw_thinking_mark(surface)

    def draw_thinking_mark(self, surface: pygame.Surface) -> None:
        """The mark on the plate of the bot that is thinking, unless a window over the table hides the plate."""
        seat = self.thinking_seat()
        plate = self.seat_plate(seat) if seat is not None else None
        if plate is None:
            return
        modal = self.modal_panel()
        if modal is not None and modal.rect.colliderect(plate):
            return
        draw_thinking(surface, plate, self.think_clock, self.app.px, self.thinking_corner)

    def away_seats(self) -> dict[int, str]:
        """The seats whose person is not there, each with its mark's words (a translation key): at a
        table this computer hosts, the remote people disconnected or not joined yet."""
        hosted = getattr(self.app, "hosted", None)
        return hosted.away_marks() if hosted is not None and hosted.match is self.match else {}

    def draw_away_marks(self, surface: pygame.Surface) -> None:
        """The tag on the plate of each person who is away, unless a window over the table hides it."""
        modal = self.modal_panel()
        for seat, key in self.away_seats().items():
            plate = self.seat_plate(seat)
            if plate is not None and (modal is None or not modal.rect.colliderect(plate)):
                draw_away(surface, plate, self.app.t(key), self.app.fonts, self.app.px, self.thinking_corner)

    def draw_chosen_marks(self, surface: pygame.Surface) -> None:
        """The mark on what the person chose while the move waits for an answer from elsewhere (a
        seat played from another computer: scenes/remote/host_words.py); none at a table on this screen."""

    # A short notice (muted, a refusal...): its words' and box's design size; each table places it.
    notice_size, notice_h = 18, 44

    def notice_room(self) -> int:
        """How wide the notice's words may be."""
        return self.app.size[0] - self.app.px(60)

    def place_notice(self, box: pygame.Rect) -> None:
        """Where the notice's box goes: the middle of the window (a table may place it better)."""
        box.center = self.app.screen.get_rect().center

    def draw_notice(self, surface: pygame.Surface) -> None:
        """The notice, its words read at the text size, in a box the table places."""
        from .ui import theme
        px, fonts = self.app.px, self.app.fonts
        ts = fit_text(fonts, self.message, self.app.tx(self.notice_size), theme.WHITE, self.notice_room(), bold=True)
        r = pygame.Rect(0, 0, ts.get_width() + px(36), px(self.notice_h))
        self.place_notice(r)
        r.clamp_ip(surface.get_rect())   # a long notice placed by a table near an edge stays whole on screen
        pygame.draw.rect(surface, theme.VERMILION_DARK, r, border_radius=px(10))
        pygame.draw.rect(surface, theme.GOLD, r, 2, border_radius=px(10))
        surface.blit(ts, ts.get_rect(center=r.center))

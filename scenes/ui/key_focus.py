"""Playing a table from the keyboard: Tab and Shift+Tab move a visible focus among the buttons and
pieces that can be used now, in the order the prompt asks for them: first the pieces it asks you to
use, then its buttons, then the table's furniture (Undo: a widget marked `aside`), last the top
bar's Hint, Rules and Menu (a panel marked `aside`), each group in reading order. The arrow keys
move it to the nearest one that way. Space uses the one in focus through the same click a mouse
makes (the panel turns it into its intent); Enter does too, except where the prompt has a
highlighted button (one Enter presses) and the focus is on a piece: then Enter is that button's,
as it is with no focus at all (a card in focus after a peek is not swapped by the Enter meant for
"Put it back"); a button in focus is Enter's. Esc steps back (the table first puts back a piece
picked up, then the focus goes), and the mouse takes over again as soon as it moves.

What can be used now: a panel's enabled, visible buttons and its pieces that carry an action or
glow (a glow already says "this can be clicked now"). A panel may say otherwise with
`key_targets()` -> [(kind, name, rect)] (the map's roads for a counter picked up: places, not
pieces), may bring a target into sight with `key_show(rect)` (the map pans) and mark it as the mouse
would with `key_mark(surface, kind, name)` (a road's white line); a chooser's lines are targets too.
A table may narrow the focus to some panels with `key_panels()` (while a counter is held: the roads
it may go on). A target used up (a card played) leaves the focus on the nearest one left in the same
panel, so Enter, Enter, Enter discards or draws one after another.
The arrow keys are the focus's only while it shows on something and has somewhere else to go;
otherwise they keep their meaning at the table (the map pans, a chooser's highlight moves, a
settlement scrolls, a replay steps): Esc hides the focus and gives them back."""
from __future__ import annotations

from typing import Any, Optional

import pygame

from . import draw, theme
from .widgets import Stepper

ROW = 24   # targets whose centres lie within this many pixels of height read as one row
ARROWS = {pygame.K_RIGHT: (1, 0), pygame.K_LEFT: (-1, 0), pygame.K_DOWN: (0, 1), pygame.K_UP: (0, -1)}
ACT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
# Tab's groups: what the prompt asks to use, its buttons, the table's furniture (Undo), the top bar
PIECES, CONTROLS, ASIDE, BAR = 0, 1, 2, 3

Target = tuple[tuple, pygame.Rect, Any]   # (key, rect, the panel it belongs to)


def usable_targets(panel) -> list[tuple[str, Any, pygame.Rect]]:
    """(kind, name, rect) of what a click on this panel uses now: its visible, enabled buttons, the
    two arrows of each of its steppers, and its pieces that carry an action or glow. A widget is named
    by where it stands: a panel makes its buttons anew at each view, and the focus stays on the one
    in the same place (a bid's +1 pressed again and again)."""
    found = []
    widgets = list(getattr(getattr(panel, "buttons", None), "widgets", ()))
    widgets += [s for s in getattr(panel, "steppers", ()) if isinstance(s, Stepper)]
    for w in widgets:
        if not (getattr(w, "visible", False) and getattr(w, "enabled", False)):
            continue
        if isinstance(w, Stepper):
            less, more = w._arrows()   # a click on an end steps the value down or up
            found += [("less", less.topleft, less), ("more", more.topleft, more)]
        elif hasattr(w, "on_click"):
            found.append(("button", tuple(w.rect.topleft), pygame.Rect(w.rect)))
    for p in panel.pieces:
        if p.hit and (p.action is not None or p.glowing):
            found.append(("piece", repr(p.key), pygame.Rect(p.rect)))
    return found


def _widgets(panel) -> list:
    return list(getattr(getattr(panel, "buttons", None), "widgets", ()))


def group_of(kind: str, name: Any, panel) -> int:
    """Which of Tab's groups a target is in: a button or a stepper's arrow is one of the prompt's
    controls unless it is marked aside (Undo) or its whole panel is (the top bar's Hint, Rules and
    Menu, last of all); anything else (a card, a counter, a road, a chooser's line) is a piece the
    prompt asks to use."""
    if kind not in ("button", "less", "more"):
        return PIECES
    if getattr(panel, "aside", False):
        return BAR
    if kind == "button":
        widget = next((w for w in _widgets(panel) if tuple(w.rect.topleft) == name), None)
        if widget is not None and getattr(widget, "aside", False):
            return ASIDE
    return CONTROLS


def _distance(a: pygame.Rect, b: pygame.Rect) -> int:
    return (a.centerx - b.centerx) ** 2 + (a.centery - b.centery) ** 2


class KeyFocus:
    def __init__(self, scene) -> None:
        self.scene = scene
        self.key: Optional[tuple] = None   # what has the focus (kept across views while it exists)
        self.shown = False
        self.trail: list[tuple] = []       # where the focus jumped from (a piece picked up): it goes back there
        self.last: Optional[tuple] = None  # (panel, rect) of the target it was last seen on

    # -- what may have the focus --------------------------------------------------------------
    def found(self) -> list[Target]:
        """Everything usable now in Tab's order (the prompt's pieces, its buttons, the furniture; each
        top to bottom, left to right): only the top modal panel's while one is open, only the table's
        chosen panels while it narrows the focus. A target whose centre a click would not reach
        (another panel lies over it) is left out."""
        scene = self.scene
        modal = scene.modal_panel()
        found = []
        for panel in self.panels():
            i = scene.panels.index(panel) if panel in scene.panels else -1
            own = getattr(panel, "key_targets", None)
            for kind, name, rect in (own() if own is not None else usable_targets(panel)):
                if modal is None and not self._reachable(panel, rect):
                    continue
                found.append(((kind, i, name), rect, panel))
        found.sort(key=lambda t: (group_of(t[0][0], t[0][2], t[2]), t[1].centery // scene.app.px(ROW), t[1].x))
        return found

    def panels(self) -> list:
        """The panels the focus works in now (found's): the modal one, else the table's chosen ones,
        else all that show."""
        scene = self.scene
        modal = scene.modal_panel()
        if modal is not None:
            return [modal]
        narrow = getattr(scene, "key_panels", None)
        return [p for p in ((narrow() if narrow else None) or scene.panels) if p.visible]

    def enter_button(self):
        """The prompt's highlighted button: the one Enter presses (its hotkey), if one shows and may
        be pressed among the panels the focus works in now."""
        for panel in reversed(self.panels()):   # the top panel first, as keys are routed
            for w in _widgets(panel):
                if getattr(w, "hotkey", None) == pygame.K_RETURN and w.visible and w.enabled:
                    return w
        return None

    def _reachable(self, panel, rect: pygame.Rect) -> bool:
        if hasattr(panel, "key_show") and not panel.rect.contains(rect):
            return True   # out of the panel's sight: it is brought into sight before it is used
        return self.scene.panel_at(rect.center) is panel

    def targets(self) -> list[tuple[tuple, pygame.Rect]]:
        """(key, rect) of everything usable now, in the order Tab goes through them."""
        return [(k, r) for k, r, _ in self.found()]

    def current(self) -> Optional[pygame.Rect]:
        """Where the focus is now, if it shows on something."""
        target = self.current_target()
        return target[1] if target is not None else None

    def current_target(self) -> Optional[Target]:
        """What has the focus now, if it shows on something. A target that went (a piece placed, a
        road no longer offered) hands the focus back to where it jumped from, if that is still here."""
        if not self.shown:
            return None
        targets = self.found()
        found = {t[0]: t for t in targets}
        while self.key not in found and self.trail:
            self.key = self.trail.pop()
        if self.key not in found and self.last is not None:
            # Used up (a card played, a counter taken): the nearest target left in the same panel.
            panel, rect = self.last
            near = [t for t in targets if t[2] is panel]
            if near:
                self.key = min(near, key=lambda t: _distance(t[1], rect))[0]
        target = found.get(self.key)
        if target is not None:
            self.last = (target[2], target[1])
        return target

    # -- moving it ------------------------------------------------------------------------------
    def _land(self, target: Target) -> None:
        self.key, self.shown, self.last = target[0], True, (target[2], target[1])
        show = getattr(target[2], "key_show", None)
        if show is not None:
            show(target[1])  # a road outside the map's view: the map pans to it
        self.scene.dirty = True

    def step(self, delta: int) -> None:
        """The next (or previous) target in reading order, round and round."""
        found = self.found()
        if not found:
            self.key, self.shown = None, False
            return
        keys = [k for k, _, _ in found]
        i = keys.index(self.key) if self.shown and self.key in keys else (-1 if delta > 0 else 0)
        self._land(found[(i + delta) % len(found)])

    def toward(self, dx: int, dy: int) -> None:
        """The nearest target that way (one straight ahead before one off to the side); where there
        is none, the next or previous one in reading order, so the arrows never stop."""
        found = self.found()
        here = self.current()
        if here is None:
            self.step(1 if dx + dy > 0 else -1)
            return
        cx, cy = here.center
        best, best_score = None, None
        for target in found:
            if target[0] == self.key:
                continue
            vx, vy = target[1].centerx - cx, target[1].centery - cy
            ahead = vx * dx + vy * dy
            aside = abs(vx * dy - vy * dx)
            if ahead <= 0 or aside > 2 * ahead:
                continue
            score = ahead + 2 * aside
            if best_score is None or score < best_score:
                best, best_score = target, score
        if best is None:
            self.step(1 if dx + dy > 0 else -1)
        else:
            self._land(best)

    def go_to(self, panel) -> None:
        """If the focus shows, it jumps to the first target of `panel` (a counter picked up: its first
        road), remembering where it was."""
        if not self.shown:
            return
        first = next((t for t in self.found() if t[2] is panel), None)
        if first is not None and first[0] != self.key:
            if self.key is not None:
                self.trail.append(self.key)
            self._land(first)

    def step_back(self) -> bool:
        """Esc, when the table had nothing to put back: the focus goes; False if it was not showing."""
        if not self.shown:
            return False
        self.hide()
        return True

    def hide(self) -> None:
        """No focus on screen (the mouse moved, other eyes came to the screen)."""
        if self.shown:
            self.scene.dirty = True
        self.shown, self.trail, self.last = False, [], None

    # -- using it ----------------------------------------------------------------------------------
    def activate(self) -> bool:
        """Use what has the focus with a click at its centre; False if nothing has it."""
        rect = self.current()
        if rect is None:
            return False
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.scene.handle(pygame.event.Event(kind, pos=rect.center, button=1))
        self.scene.dirty = True
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """True if the event was the focus's: Tab, Shift+Tab, and the arrows, Space, and Enter (unless
        it is the prompt's highlighted button's) while it shows on something. Esc is the table's
        first (TableScene calls step_back after)."""
        if event.type == pygame.MOUSEMOTION and self.shown:
            self.hide()  # the mouse again
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_TAB:
            self.step(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in ARROWS and self.current() is not None and len(self.found()) > 1:
            self.toward(*ARROWS[event.key])
            return True
        if event.key in ACT_KEYS and self.current() is not None:
            on_piece = group_of(self.key[0], self.key[2], self.current_target()[2]) == PIECES
            if event.key in ENTER_KEYS and on_piece and self.enter_button() is not None:
                if event.key == pygame.K_KP_ENTER:   # the keypad's Enter is the same key
                    self.scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=event.mod,
                                                         unicode="\r"))
                    return True
                return False   # the table's own Enter: the prompt's highlighted button
            return self.activate()
        return False

    def draw(self, surface: pygame.Surface) -> None:
        target = self.current_target()
        if target is None:
            return
        (kind, _, name), rect, panel = target
        mark = getattr(panel, "key_mark", None)
        if mark is not None:
            mark(surface, kind, name)   # the panel's own mark too (a road: the line a mouse over it draws)
        ring(surface, rect, self.scene.app.px)


def ring(surface: pygame.Surface, rect: pygame.Rect, px) -> None:
    """The focus's ring round `rect`: a dark band with light dashes along its middle, seen on every
    background (the parchment, the felt, a card's gold glow, a gold button)."""
    band = rect.inflate(px(12), px(12))
    pygame.draw.rect(surface, theme.INK, band, px(8), border_radius=px(4))
    middle = band.inflate(-px(8), -px(8))
    draw.dashed_rect(surface, middle, theme.WHITE, px(3), px(10), px(6))

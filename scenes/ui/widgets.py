"""Buttons, steppers, toggles and a text field: the whole widget kit (no pygame_gui)."""
from __future__ import annotations

from typing import Any, Callable, Optional, Sequence, Union

import pygame

from . import draw, theme
from .glyphs import drawable

Label = Union[str, Callable[[], str]]


def _label(label: Label) -> str:
    return label() if callable(label) else label


class Widget:
    def __init__(self, rect: pygame.Rect | tuple = (0, 0, 0, 0)) -> None:
        self.rect = pygame.Rect(rect)
        self.visible = True
        self.enabled = True
        self.hover = False
        self.aside = False   # the table's furniture (Undo, Rules): the keyboard's focus comes to it last

    def handle(self, event: pygame.event.Event) -> bool:
        """True if the widget used the event."""
        return False

    def hovered_changed(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEMOTION or not self.visible:
            return False
        now = self.rect.collidepoint(event.pos)
        changed = now != self.hover
        self.hover = now
        return changed

    def draw(self, surface: pygame.Surface, fonts) -> None:
        raise NotImplementedError

    def draw_over(self, surface: pygame.Surface, fonts) -> None:
        """What the widget shows above every other widget (a note); most show nothing."""


class Button(Widget):
    """A wooden token with a painted label. Styles: primary (gold), plain (parchment), danger (red)."""

    def __init__(self, label: Label, on_click: Callable[[], Any], rect=(0, 0, 0, 0), style: str = "plain",
                 hotkey: Optional[int] = None, size: int = 20) -> None:
        super().__init__(rect)
        self.label = label
        self.on_click = on_click
        self.style = style
        self.hotkey = hotkey
        self.size = size
        self.selected = False
        self.action: Optional[tuple] = None  # the engine action a click makes, if it makes one (a coach points here)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.enabled:
                self.on_click()
            return True
        if event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey and self.enabled:
            self.on_click()
            return True
        return False

    def colours(self) -> tuple:
        if not self.enabled:
            return theme.PARCHMENT_DARK, theme.GREY, theme.DISABLED
        if self.style == "primary":
            fill = theme.GOLD_LIGHT if self.hover else theme.GOLD
            return fill, theme.WOOD_DARK, theme.INK
        if self.style == "danger":
            fill = (206, 80, 66) if self.hover else theme.VERMILION
            return fill, theme.VERMILION_DARK, theme.WHITE
        fill = theme.WHITE if self.hover else theme.PARCHMENT
        return fill, theme.WOOD if not self.selected else theme.VERMILION, theme.INK

    def draw(self, surface: pygame.Surface, fonts) -> None:
        if not self.visible:
            return
        fill, border, ink = self.colours()
        radius = min(12, self.rect.h // 3)
        draw.panel(surface, self.rect, fill=fill, border=border, radius=radius,
                   width=4 if self.selected else 2, drop=self.enabled)
        size = fonts.read(self.size)   # at the settings' text size
        text = fonts.text(_label(self.label), size, ink, bold=self.style == "primary")
        if text.get_width() > self.rect.w - 12 or text.get_height() > self.rect.h:  # shrink rather than overflow
            size = max(10, int(size * min((self.rect.w - 12) / text.get_width(), self.rect.h / text.get_height())))
            text = fonts.text(_label(self.label), size, ink, bold=self.style == "primary")
        surface.blit(text, text.get_rect(center=self.rect.center))


class Stepper(Widget):
    """‹ value ›: cycles through a fixed list of values."""

    def __init__(self, values: Sequence, index: int = 0, label_of: Callable[[Any], str] = str,
                 on_change: Optional[Callable[[Any], None]] = None, rect=(0, 0, 0, 0), size: int = 18) -> None:
        super().__init__(rect)
        self.values = list(values)
        self.index = index
        self.label_of = label_of
        self.on_change = on_change
        self.size = size
        self.arrow_w: Optional[int] = None  # width of each arrow's end; None: square (the height)

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def set_value(self, value: Any) -> None:
        if value in self.values:
            self.index = self.values.index(value)

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        a, h = self.arrow_w or self.rect.h, self.rect.h
        return (pygame.Rect(self.rect.x, self.rect.y, a, h), pygame.Rect(self.rect.right - a, self.rect.y, a, h))

    def label_size(self, fonts, value: Any = None) -> int:
        """The font size the value's label is drawn at: its size, or smaller if it would not fit."""
        label = self.label_of(self.value if value is None else value)
        size = fonts.read(self.size)
        width = fonts.text(label, size, theme.INK).get_width()
        room = self.rect.w - 2 * (self.arrow_w or self.rect.h)
        return size if width <= room else max(10, int(size * room / width))

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.values)
        if self.on_change:
            self.on_change(self.value)

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            if event.button == 1:
                left, _ = self._arrows()
                self.step(-1 if left.collidepoint(event.pos) else 1)
                return True
        if event.type == pygame.MOUSEWHEEL and self.hover:
            self.step(-1 if event.y > 0 else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface, fonts) -> None:
        if not self.visible:
            return
        ink = theme.INK if self.enabled else theme.DISABLED
        draw.panel(surface, self.rect, fill=theme.WHITE if self.hover else theme.PARCHMENT,
                   border=theme.WOOD, radius=8, width=2, drop=False)
        left, right = self._arrows()
        for r, glyph in ((left, "‹"), (right, "›")):
            t = fonts.text(glyph, int(self.size * 1.4), theme.VERMILION if self.enabled else theme.DISABLED, bold=True)
            surface.blit(t, t.get_rect(center=r.center))
        t = fonts.text(self.label_of(self.value), self.label_size(fonts), ink)
        surface.blit(t, t.get_rect(center=self.rect.center))


class Toggle(Widget):
    """A tick box with its label to the right."""

    def __init__(self, label: Label, value: bool = False, on_change: Optional[Callable[[bool], None]] = None,
                 rect=(0, 0, 0, 0), size: int = 18) -> None:
        super().__init__(rect)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.size = size

    def handle(self, event: pygame.event.Event) -> bool:
        if self.visible and self.enabled and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.rect.collidepoint(event.pos):
            self.value = not self.value
            if self.on_change:
                self.on_change(self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface, fonts) -> None:
        if not self.visible:
            return
        box = pygame.Rect(self.rect.x, self.rect.centery - self.rect.h // 2, self.rect.h, self.rect.h)
        pygame.draw.rect(surface, theme.WHITE if self.hover else theme.PARCHMENT, box, border_radius=5)
        pygame.draw.rect(surface, theme.WOOD, box, width=2, border_radius=5)
        if self.value:
            p = box.inflate(-box.w // 3, -box.h // 3)
            pygame.draw.lines(surface, theme.VERMILION, False,
                              [(p.left, p.centery), (p.centerx - p.w // 8, p.bottom), (p.right, p.top)],
                              max(2, box.w // 7))
        t = fonts.text(_label(self.label), fonts.read(self.size), theme.PARCHMENT if self.enabled else theme.DISABLED)
        surface.blit(t, (box.right + 10, self.rect.centery - t.get_height() // 2))


class TextInput(Widget):
    """A one-line field for player names, edited as in any form.

    Left/Right (with Ctrl: by word, with Shift: selecting), Home/End, Ctrl+A then typing
    replaces, Backspace/Delete; a held key repeats while the field has the focus. Text comes
    from TEXTINPUT, so an input method works: its composition (TEXTEDITING) shows underlined
    at the caret while it is being composed and is inserted when the IME commits it.
    A character the UI fonts cannot draw (it would show as an empty box) is refused as it
    is typed or pasted, and `refused_note` says so under the field until the next edit.
    """

    REPEAT = (400, 35)  # ms before a held key repeats, and between repeats

    def __init__(self, text: str = "", max_len: int = 16, rect=(0, 0, 0, 0), size: int = 18,
                 on_change: Optional[Callable[[str], None]] = None, refused_note: Label = "") -> None:
        super().__init__(rect)
        self.max_len = max_len
        self.size = size
        self.focus = False
        self.composing = ""      # the IME's text being composed (not yet part of the text)
        self.composing_at = 0    # the IME's caret inside the composition
        self.on_change = on_change
        self.refused_note = refused_note
        self.refused = False     # the last text typed held characters the fonts cannot draw
        self._text = ""
        self.cursor = 0
        self.anchor: Optional[int] = None  # the other end of the selection, if any
        self.text = text
        self._scroll = 0         # pixels of text hidden on the left, to keep the caret in sight
        self._x0 = 0             # where the text started when last drawn, and each caret x in it
        self._carets: list[int] = []

    # -- the text and the caret -------------------------------------------------------------
    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text = "".join(ch for ch in value if drawable(ch))[: self.max_len]
        self.cursor, self.anchor = len(self._text), None

    def selection(self) -> Optional[tuple[int, int]]:
        """(start, end) of the selected text, or None."""
        if self.anchor is None or self.anchor == self.cursor:
            return None
        return min(self.anchor, self.cursor), max(self.anchor, self.cursor)

    def select_all(self) -> None:
        self.anchor, self.cursor = 0, len(self._text)

    def _changed(self) -> None:
        if self.on_change:
            self.on_change(self._text)

    def insert(self, new: str) -> None:
        """Type `new` at the caret, replacing the selection; what passes max_len is dropped,
        and so are characters the fonts cannot draw (refused, with the note)."""
        new = "".join(ch for ch in new if ch.isprintable())
        shown = "".join(ch for ch in new if drawable(ch))
        self.refused = shown != new
        new = shown
        start, end = self.selection() or (self.cursor, self.cursor)
        room = self.max_len - (len(self._text) - (end - start))
        new = new[: max(0, room)]
        if not new and start == end:
            return
        self._text = self._text[:start] + new + self._text[end:]
        self.cursor, self.anchor = start + len(new), None
        self._changed()

    def delete(self, forward: bool, word: bool = False) -> None:
        """Backspace (or Delete if forward): the selection, else one character (or word)."""
        sel = self.selection()
        if sel is None:
            if forward:
                sel = (self.cursor, self._word_end(self.cursor) if word else min(len(self._text), self.cursor + 1))
            else:
                sel = (self._word_start(self.cursor) if word else max(0, self.cursor - 1), self.cursor)
        start, end = sel
        self.anchor, self.refused = None, False
        if start == end:
            return
        self._text = self._text[:start] + self._text[end:]
        self.cursor = start
        self._changed()

    def _word_start(self, i: int) -> int:
        while i > 0 and self._text[i - 1].isspace():
            i -= 1
        while i > 0 and not self._text[i - 1].isspace():
            i -= 1
        return i

    def _word_end(self, i: int) -> int:
        n = len(self._text)
        while i < n and self._text[i].isspace():
            i += 1
        while i < n and not self._text[i].isspace():
            i += 1
        return i

    def move(self, to: int, select: bool = False) -> None:
        """Put the caret at `to`; with select, the selection grows or shrinks with it."""
        if select:
            if self.anchor is None:
                self.anchor = self.cursor
        else:
            self.anchor = None
        self.cursor = max(0, min(len(self._text), to))

    # -- focus ----------------------------------------------------------------------------------
    def set_focus(self, focus: bool) -> None:
        was = self.focus
        self.focus = focus
        if focus:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)
            if not was:
                pygame.key.set_repeat(*self.REPEAT)  # a held Backspace or arrow repeats
        else:
            self.anchor, self.refused = None, False
            if was:
                pygame.key.set_repeat(0, 0)  # no repeats outside the field (keys are hotkeys there)
        self.composing, self.composing_at = "", 0

    def index_at(self, x: int) -> int:
        """The caret position nearest to window x, from the last drawing."""
        if not self._carets:
            return len(self._text)
        rel = x - self._x0
        return min(range(len(self._carets)), key=lambda i: abs(self._carets[i] - rel))

    # -- events ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            if inside != self.focus:
                self.set_focus(inside)
            if inside:
                self.move(self.index_at(event.pos[0]), select=bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
            return inside
        if not self.focus:
            return False
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            self.composing_at = max(0, min(len(event.text), getattr(event, "start", len(event.text))))
            return True
        if event.type == pygame.TEXTINPUT:
            self.composing, self.composing_at = "", 0
            self.insert(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if self.composing:
                return True  # the input method is using the keys (its own Backspace, arrows, Enter)
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key, mod = event.key, getattr(event, "mod", 0)
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mod & pygame.KMOD_SHIFT)
        if key == pygame.K_BACKSPACE:
            self.delete(forward=False, word=ctrl)
        elif key == pygame.K_DELETE:
            self.delete(forward=True, word=ctrl)
        elif key == pygame.K_LEFT:
            sel = self.selection()
            if sel and not shift:
                self.move(sel[0])
            else:
                self.move(self._word_start(self.cursor) if ctrl else self.cursor - 1, select=shift)
        elif key == pygame.K_RIGHT:
            sel = self.selection()
            if sel and not shift:
                self.move(sel[1])
            else:
                self.move(self._word_end(self.cursor) if ctrl else self.cursor + 1, select=shift)
        elif key in (pygame.K_HOME, pygame.K_UP):
            self.move(0, select=shift)
        elif key in (pygame.K_END, pygame.K_DOWN):
            self.move(len(self._text), select=shift)
        elif key == pygame.K_a and ctrl:
            self.select_all()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
            self.set_focus(False)
        return True  # typing goes to the field, not to hotkeys

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, fonts) -> None:
        if not self.visible:
            return
        draw.panel(surface, self.rect, fill=theme.WHITE if self.focus else theme.PARCHMENT,
                   border=theme.VERMILION if self.focus else theme.WOOD, radius=6, width=2, drop=False)
        size = fonts.read(self.size)   # the settings' text size, within the field's height
        font = fonts.font(size)
        if font.get_linesize() > self.rect.h - 4:
            size = max(10, int(size * (self.rect.h - 4) / font.get_linesize()))
            font = fonts.font(size)
        before, after = self._text[: self.cursor], self._text[self.cursor:]
        shown = before + self.composing + after
        # x of each caret position in the shown text (the composition counts as typed text)
        carets = [font.size(shown[:i])[0] for i in range(len(shown) + 1)]
        caret = carets[len(before) + (self.composing_at if self.composing else 0)]
        inner = self.rect.inflate(-12, 0)
        # Scroll so the caret stays inside the field, and no further than the text needs.
        if caret - self._scroll > inner.w - 2:
            self._scroll = caret - inner.w + 2
        elif caret - self._scroll < 0:
            self._scroll = caret
        self._scroll = max(0, min(self._scroll, max(0, carets[-1] - inner.w + 2)))
        x0 = inner.x - self._scroll
        # Where each caret position of the typed text lies (the composition skipped), for a click.
        self._x0 = x0
        self._carets = carets[: len(before) + 1] + carets[len(before) + len(self.composing) + 1:]
        line_h = font.get_linesize()
        top = self.rect.centery - line_h // 2
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip))
        sel = self.selection() if self.focus else None
        if sel and not self.composing:
            pygame.draw.rect(surface, theme.GOLD_LIGHT,
                             (x0 + carets[sel[0]], top, carets[sel[1]] - carets[sel[0]], line_h))
        if shown:
            surface.blit(fonts.text(shown, size, theme.INK), (x0, top))
        if self.composing:  # the text being composed, underlined as input methods show it
            a, b = carets[len(before)], carets[len(before) + len(self.composing)]
            y = top + line_h - 2
            pygame.draw.line(surface, theme.VERMILION, (x0 + a, y), (x0 + b, y), 2)
        if self.focus:
            pygame.draw.line(surface, theme.INK, (x0 + caret, top + 2), (x0 + caret, top + line_h - 3),
                             max(1, size // 12))
            pygame.key.set_text_input_rect(pygame.Rect(x0 + caret, self.rect.y, 2, self.rect.h))
        surface.set_clip(clip)

    def note_rect(self, fonts) -> Optional[pygame.Rect]:
        """Where the refusal note goes (just under the field), or None when there is none."""
        note = _label(self.refused_note)
        if not (self.visible and self.refused and note):
            return None
        text = fonts.text(note, max(12, self.size * 3 // 4), theme.INK)
        pad = max(4, self.size // 4)
        return pygame.Rect(self.rect.x, self.rect.bottom + 2, text.get_width() + 2 * pad, text.get_height() + pad)

    def draw_over(self, surface: pygame.Surface, fonts) -> None:
        box = self.note_rect(fonts)
        if box is None:
            return
        if box.bottom > surface.get_height():  # no room below: above the field
            box.bottom = self.rect.y - 2
        box.clamp_ip(surface.get_rect())
        draw.panel(surface, box, fill=theme.PARCHMENT, border=theme.VERMILION, radius=4, width=2)
        text = fonts.text(_label(self.refused_note), max(12, self.size * 3 // 4), theme.INK)
        surface.blit(text, text.get_rect(center=box.center))


def focus_one(fields: Sequence["TextInput"], field: Optional["TextInput"]) -> None:
    """Give the keyboard to `field` alone among a form's `fields` (None: to none of them); with no
    field focused, text input stops, else the IME keeps eating hotkeys such as Enter."""
    for f in fields:
        if f is not field and f.focus:
            f.set_focus(False)
    if field is not None and not field.focus:
        field.set_focus(True)
    if not any(f.focus for f in fields):
        pygame.key.stop_text_input()


class Group:
    """Widgets handled and drawn together, top-most last."""

    def __init__(self, widgets: Optional[list[Widget]] = None) -> None:
        self.widgets: list[Widget] = widgets or []

    def add(self, *widgets: Widget) -> None:
        self.widgets.extend(widgets)

    def handle(self, event: pygame.event.Event) -> bool:
        """True if a widget used the event or a hover changed (the scene must redraw)."""
        changed = False
        for w in self.widgets:
            changed |= w.hovered_changed(event)
        for w in reversed(self.widgets):
            if w.handle(event):
                return True
        return changed

    def draw(self, surface: pygame.Surface, fonts) -> None:
        for w in self.widgets:
            w.draw(surface, fonts)
        for w in self.widgets:  # notes go over every widget, e.g. a field's over the one below it
            w.draw_over(surface, fonts)

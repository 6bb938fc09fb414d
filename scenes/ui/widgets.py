"""Buttons, steppers, toggles and a text field: the whole widget kit (no pygame_gui)."""
from __future__ import annotations

from typing import Any, Callable, Optional, Sequence, Union

import pygame

from . import draw, theme

Label = Union[str, Callable[[], str]]


def _label(label: Label) -> str:
    return label() if callable(label) else label


class Widget:
    def __init__(self, rect: pygame.Rect | tuple = (0, 0, 0, 0)) -> None:
        self.rect = pygame.Rect(rect)
        self.visible = True
        self.enabled = True
        self.hover = False

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
        text = fonts.text(_label(self.label), self.size, ink, bold=self.style == "primary")
        if text.get_width() > self.rect.w - 12:  # shrink a long label rather than overflow
            size = max(10, int(self.size * (self.rect.w - 12) / text.get_width()))
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

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def set_value(self, value: Any) -> None:
        if value in self.values:
            self.index = self.values.index(value)

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        a = self.rect.h
        return (pygame.Rect(self.rect.x, self.rect.y, a, a), pygame.Rect(self.rect.right - a, self.rect.y, a, a))

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
        t = fonts.text(self.label_of(self.value), self.size, ink)
        room = self.rect.w - 2 * self.rect.h
        if t.get_width() > room:
            t = fonts.text(self.label_of(self.value), max(10, int(self.size * room / t.get_width())), ink)
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
        t = fonts.text(_label(self.label), self.size, theme.PARCHMENT if self.enabled else theme.DISABLED)
        surface.blit(t, (box.right + 10, self.rect.centery - t.get_height() // 2))


class TextInput(Widget):
    """A one-line field for player names; takes IME text (TEXTINPUT) so Chinese names can be typed."""

    def __init__(self, text: str = "", max_len: int = 16, rect=(0, 0, 0, 0), size: int = 18,
                 on_change: Optional[Callable[[str], None]] = None) -> None:
        super().__init__(rect)
        self.text = text
        self.max_len = max_len
        self.size = size
        self.focus = False
        self.composing = ""
        self.on_change = on_change

    def set_focus(self, focus: bool) -> None:
        self.focus = focus
        if focus:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)
        self.composing = ""

    def handle(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            if inside != self.focus:
                self.set_focus(inside)
            return inside
        if not self.focus:
            return False
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            return True
        if event.type == pygame.TEXTINPUT:
            self.text = (self.text + event.text)[: self.max_len]
            self.composing = ""
            if self.on_change:
                self.on_change(self.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                if self.on_change:
                    self.on_change(self.text)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.set_focus(False)
                return True
            return True  # typing goes to the field, not to hotkeys
        return False

    def draw(self, surface: pygame.Surface, fonts) -> None:
        if not self.visible:
            return
        draw.panel(surface, self.rect, fill=theme.WHITE if self.focus else theme.PARCHMENT,
                   border=theme.VERMILION if self.focus else theme.WOOD, radius=6, width=2, drop=False)
        shown = self.text + self.composing + ("|" if self.focus else "")
        t = fonts.text(shown or " ", self.size, theme.INK)
        clip = surface.get_clip()
        inner = self.rect.inflate(-12, 0)
        surface.set_clip(inner)
        x = inner.x if t.get_width() <= inner.w else inner.right - t.get_width()
        surface.blit(t, (x, self.rect.centery - t.get_height() // 2))
        surface.set_clip(clip)


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

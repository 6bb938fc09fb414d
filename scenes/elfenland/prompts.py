"""The buttons under the log: Undo (or, for a person deciding in the open, My cards: the screen
passed to them to see their own), and the stage's own button (Pass, End move or Keep none), shown
only when that is something the viewer may do now. Enter presses the stage's button."""
from __future__ import annotations

from typing import Optional

import pygame

from ..ui.cached_group import CachedGroup
from ..ui.panel import USED, Intent, Panel
from ..ui.widgets import Button

LABELS = {"pass": "elf.ui.pass", "end_move": "elf.ui.end_move", "keep_none": "elf.ui.keep_none"}


class PromptPanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.buttons = CachedGroup()
        self._intent: Optional[Intent] = None

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        px, m = self.px, self.px(8)
        half = (rect.w - m) // 2
        self.btn_undo = Button(lambda: self.t("table.undo"), lambda: self._answer(Intent(call=self.scene.undo)),
                               (rect.x, rect.y, half, rect.h), size=px(17))
        self.btn_look = Button(lambda: self.t("elf.ui.look"),
                               lambda: self._answer(Intent(call=self.scene.decide_in_own_view)),
                               (rect.x, rect.y, half, rect.h), size=px(17))
        self.btn_phase = Button(self._label, self._phase, (rect.x + half + m, rect.y, half, rect.h),
                                style="primary", size=px(17), hotkey=pygame.K_RETURN)
        self.btn_undo.aside = True   # Tab comes to it after the prompt's things
        self.buttons = CachedGroup([self.btn_undo, self.btn_look, self.btn_phase])

    def _label(self) -> str:
        action = self.scene.legal.phase_action
        return self.t(LABELS[action[0]]) if action else ""

    def _answer(self, intent: Intent) -> None:
        self._intent = intent

    def _phase(self) -> None:
        action = self.scene.legal.phase_action
        if action is not None:
            self._answer(Intent(action=action))

    def refresh(self) -> None:
        scene = self.scene
        self.btn_undo.enabled = scene.can_undo()
        self.btn_look.visible = scene.can_decide_in_own_view()  # in its place: a public screen has nothing to undo
        self.btn_undo.visible = bool(scene.match.humans) and not self.btn_look.visible
        self.btn_phase.visible = scene.legal.phase_action is not None
        self.btn_phase.action = scene.legal.phase_action  # what it makes (a guided game's coach points at it)

    def draw(self, surface: pygame.Surface) -> None:
        self.buttons.draw(surface, self.fonts)

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        self._intent = None
        used = self.buttons.handle(event)
        intent, self._intent = self._intent, None
        return intent or (USED if used else None)

    def mouse_left(self) -> bool:
        return self.buttons.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(-1, -1), rel=(0, 0), buttons=(0, 0, 0)))

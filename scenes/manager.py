"""A stack of scenes. Events go from the top down until one is consumed; drawing starts
at the highest opaque scene, so an opaque scene (the hand-off curtain) hides everything
beneath it and nothing under it is even drawn."""
from __future__ import annotations

from typing import Optional

import pygame


class Scene:
    opaque = True      # covers the whole window: scenes below are not drawn
    modal = True       # swallows events it does not handle

    def __init__(self, app) -> None:
        self.app = app
        self.dirty = True

    # lifecycle
    def enter(self) -> None:
        """Pushed onto the stack, or uncovered again."""

    def leave(self) -> None:
        """Popped or covered."""

    def layout(self, w: int, h: int) -> None:
        """The window is (now) w x h: place widgets."""

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        """Return None if the event was used, else the event (it goes to the scene below)."""
        return None if self.modal else event

    def update(self, dt: float) -> None:
        """Advance timers and animations; never draws."""

    def animating(self) -> bool:
        """True while the scene needs frames without input (animation, bot pacing)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the model; never changes it."""


class SceneManager:
    def __init__(self, app) -> None:
        self.app = app
        self.stack: list[Scene] = []

    @property
    def top(self) -> Optional[Scene]:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack[-1].leave()
        self.stack.append(scene)
        scene.layout(*self.app.size)
        scene.enter()
        self.app.request_redraw()
        return scene

    def pop(self) -> Optional[Scene]:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.leave()
        if self.stack:
            self.stack[-1].dirty = True
            self.stack[-1].enter()
        self.app.request_redraw()
        return scene

    def replace(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack.pop().leave()
        return self.push(scene)

    def reset(self, scene: Scene) -> Scene:
        """Clear the stack down to nothing and show `scene` (e.g. back to the main menu)."""
        while self.stack:
            self.stack.pop().leave()
        return self.push(scene)

    def close(self) -> None:
        """The app is closing: every scene leaves, the top first, as if popped (a table keeps what
        it must, e.g. the time left on its clocks); nothing is entered again."""
        while self.stack:
            self.stack.pop().leave()

    def remove(self, scene: Scene) -> None:
        if scene in self.stack:
            if scene is self.top:
                self.pop()
            else:
                self.stack.remove(scene)
                scene.leave()

    def find(self, kind: type) -> Optional[Scene]:
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None

    def layout(self, w: int, h: int) -> None:
        for scene in self.stack:
            scene.layout(w, h)
            scene.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        for scene in reversed(list(self.stack)):
            event = scene.handle(event)
            if event is None:
                return

    def update(self, dt: float) -> None:
        for scene in list(self.stack):
            scene.update(dt)

    def animating(self) -> bool:
        return any(s.animating() for s in self.stack)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the highest opaque one up."""
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        return self.stack[start:]

    def needs_draw(self) -> bool:
        return any(s.dirty for s in self.visible())

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)
            scene.dirty = False

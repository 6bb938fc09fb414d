"""Play a guided game to its end by following the coach's own pointers, through the clicks and
drags a person makes (the table's panels turn them into intents): for the tests, which check that
every pointer lands on something that can be clicked at that moment, and for tools/screenshots.py,
which draws every step."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Optional

import pygame

from .. import registry
from ..ui.pointer import Pointer

GESTURES_PER_STEP = 8   # a move takes a click or two (choose, then confirm); more means the pointer is lost
FRAME = 0.1             # seconds a frame of the walk stands for


class WalkError(AssertionError):
    """The coach's pointer led nowhere: the lesson cannot be played as a person would."""


@dataclass
class Walk:
    steps: list = field(default_factory=list)   # step indexes in the order they showed
    clicks: int = 0
    frames: int = 0
    seconds: float = 0.0                        # the table's own time (bot pauses, animations)


def _mouse(app, kind: int, pos: tuple[int, int], **kw) -> None:
    app.manager.handle(pygame.event.Event(kind, pos=pos, **kw))


def gesture(app, pointer: Pointer) -> None:
    """A click on the pointed piece, or a drag from it to its drop."""
    start = pointer.rect.center
    _mouse(app, pygame.MOUSEMOTION, start, rel=(0, 0), buttons=(0, 0, 0))
    _mouse(app, pygame.MOUSEBUTTONDOWN, start, button=1)
    end = start
    if pointer.to is not None:
        end = pointer.to.center
        for k in range(1, 5):
            at = (start[0] + (end[0] - start[0]) * k // 4, start[1] + (end[1] - start[1]) * k // 4)
            _mouse(app, pygame.MOUSEMOTION, at, rel=(0, 0), buttons=(1, 0, 0))
    _mouse(app, pygame.MOUSEBUTTONUP, end, button=1)


def clickable(scene, pointer: Pointer) -> Optional[str]:
    """Why a person could not use this pointer now (None: they can): off the window, under the
    coach's box, or under another panel than the one that would take the click."""
    window = pygame.Rect((0, 0), scene.app.size)
    for r in pointer.rects():
        c = r.center
        if not window.collidepoint(c):
            return f"the pointer at {c} is off the window"
        if scene.coach.contains(c):
            return f"the pointer at {c} is under the coach's box"
        modal = scene.modal_panel()
        if modal is not None and not modal.contains(c):
            return f"the pointer at {c} is beside the open {type(modal).__name__}"
        if scene.panel_at(c) is None:
            return f"no panel takes a click at {c}"
    return None


def in_sight(scene) -> Optional[str]:
    """Why the part of the table a step to read points at is not in sight (None: it is, or the
    step points at nothing): its panel is not on the table now, or the coach's box covers it."""
    coach = scene.coach
    point = coach.lesson.steps[coach.step()].point
    if not point:
        return None
    pointer = coach.pointer()
    if pointer is None:
        return f"it points at {point!r}, which is not on the table now"
    coach.layout()
    if coach.box.colliderect(pointer.rect):
        return f"the coach's box covers {point!r}"
    return None


def frame(app, scene) -> None:
    """One frame of the table, as the app's loop runs it, and a bot's thought let finish."""
    app.manager.update(FRAME)
    app.manager.draw(app.screen)
    if getattr(scene, "thought", None) is not None:
        scene.thought.wait(10.0)


def walk_lesson(app, game: str, on_step: Optional[Callable[[int, object], None]] = None,
                limit: int = 20000, number: int = 1) -> Walk:
    """Open lesson `number` of `game` afresh and play it to its summary as the coach says."""
    from .summary import LessonDoneScene
    if not registry.open_lesson(app, game, number=number, fresh=True):
        raise WalkError(f"lesson {number} of {game} did not open")
    walk = Walk()
    tries: dict[int, int] = {}
    while walk.frames < limit:
        top = app.manager.top
        if isinstance(top, LessonDoneScene):
            return walk
        scene = top
        coach = getattr(scene, "coach", None)
        if coach is None:
            raise WalkError(f"{type(top).__name__} is on the screen, not the guided table")
        frame(app, scene)
        walk.frames += 1
        walk.seconds += FRAME
        if app.manager.top is not scene or scene.holding() and scene.tweens.busy:
            continue
        if coach.aside is not None:
            raise WalkError(f"the coach says a move was off the script: {coach.aside}")
        i = coach.step()
        if i is None:
            continue
        if not walk.steps or walk.steps[-1] != i:
            walk.steps.append(i)
            if on_step is not None:
                on_step(i, scene)
        tries[i] = tries.get(i, 0) + 1
        if tries[i] > GESTURES_PER_STEP:
            raise WalkError(f"step {i + 1} is still waiting after {GESTURES_PER_STEP} gestures")
        if not coach.lesson.steps[i].do:
            why = in_sight(scene)
            if why:
                raise WalkError(f"step {i + 1}: {why}")
            gesture(app, Pointer(pygame.Rect(coach.btn_next.rect)))
            walk.clicks += 1
            continue
        pointer = coach.pointer()
        if pointer is None:
            raise WalkError(f"step {i + 1}: the coach points at nothing for {coach.expected()!r}")
        why = clickable(scene, pointer)
        if why:
            raise WalkError(f"step {i + 1}: {why}")
        gesture(app, pointer)
        walk.clicks += 1
        time.sleep(0)  # let a bot's thought start on its worker
    raise WalkError(f"lesson {number} of {game} did not end within {limit} frames")

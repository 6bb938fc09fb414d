"""The garbage collector's full passes wait for moments nobody waits on (scenes/collector.py): the
app runs them when it would sit waiting for input, and what lives long is frozen once a new scene
has settled, so a pass scans only what the game made since."""
from __future__ import annotations

import gc
import weakref

import pygame

from scenes.app import App
from scenes.collector import FULL_DUE, THRESHOLDS, Collector, settle


class FullPasses:
    """Counts the collector's full passes while in a `with` block."""

    def __init__(self) -> None:
        self.n = 0

    def _seen(self, phase: str, info: dict) -> None:
        if phase == "stop" and info["generation"] == 2:
            self.n += 1

    def __enter__(self) -> "FullPasses":
        gc.callbacks.append(self._seen)
        return self

    def __exit__(self, *exc) -> None:
        gc.callbacks.remove(self._seen)


def make_full_pass_due() -> None:
    while gc.get_count()[2] < FULL_DUE:
        gc.collect(1)


class Node:
    def __init__(self) -> None:
        self.me = self   # a cycle: only the collector frees it


def test_the_collector_starts_a_full_pass_on_its_own_only_rarely():
    App(lang="en", size=(1280, 720), first_scene=False)
    assert gc.get_threshold() == THRESHOLDS and THRESHOLDS[2] >= 10 * 10


def test_a_full_pass_runs_when_the_app_would_wait_for_input_and_not_while_it_animates(monkeypatch):
    app = App(lang="en", size=(1280, 720), first_scene=True)
    for _ in range(5):                           # it draws, then its first idle moment settles it
        pygame.event.clear()
        app.tick()
    assert app.collector.settled_for is app.manager.top
    monkeypatch.setattr(app.manager, "animating", lambda: True)
    make_full_pass_due()
    with FullPasses() as passes:
        app.tick()
    assert passes.n == 0, "a frame of an animation is not the moment"
    monkeypatch.undo()
    app._redraw = False
    pygame.event.clear()
    with FullPasses() as passes:
        app.tick()
    assert passes.n == 1 and gc.get_count()[2] == 0


def test_what_lives_long_is_frozen_once_a_new_scene_has_settled():
    collector = Collector()
    scene = object()
    collector.idle(scene)
    assert gc.get_freeze_count() > 0 and collector.settled_for is scene
    gc.collect()
    assert collector.idle(scene) == 0.0, "settled once, not at every idle moment"


def test_what_a_settle_froze_is_collected_after_it_is_dropped():
    node = Node()
    gone = weakref.ref(node)
    settle()
    del node
    gc.collect()
    assert gone() is not None, "frozen: a full pass does not scan it"
    settle()
    assert gone() is None, "the next settle thaws it first and frees it"

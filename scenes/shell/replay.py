"""Watching a game again: the game's own table, read-only, over a control bar.

`open_replay(app, data)` puts a save's record on screen. The table is the
game's own table class with ReplayTable mixed in before it, so a replay looks
exactly like the game: it draws `view(watcher)` (the public view unless the
viewer explicitly chose a seat's eyes), and a step forward hands the table
that action's events as live play does (its animations, its log). A step back,
a jump or another pair of eyes builds the table afresh at that point (the
match rebuilds the state from its nearest snapshot). No action can be applied.
"""
from __future__ import annotations

import importlib
import logging
from typing import Any, Callable, Optional

import pygame

from game.core.errors import SaveError
from game.core.replay import ReplayMatch
from game.registry import GAMES

from .dialog import MessageScene
from ..manager import Scene
from .. import registry
from ..registry import TABLES
from .replay_bar import BAR_H, ReplayBar
from .table_menu import TableMenuScene
from ..ui.panel import USED, Intent

log = logging.getLogger("sifang")

STEP_SECONDS = 1.0   # between two actions when autoplaying at 1x (the table's own pauses come on top)


class ReplayTable:
    """Mixed in before a game's TableScene subclass (see replay_class)."""

    match: ReplayMatch

    def __init__(self, app, match: ReplayMatch, playing: bool = False, speed: float = 1.0,
                 on_close: Optional[Callable[[], None]] = None) -> None:
        self.playing = playing
        self.speed = speed
        self.play_clock = 0.0
        self.on_close = on_close
        self.bar: Optional[ReplayBar] = None
        super().__init__(app, match)
        self.bar = ReplayBar(self)
        self.panels.append(self.bar)
        self.bar.refresh()

    # -- geometry: the table above, the bar below -----------------------------------------------
    def layout(self, w: int, h: int) -> None:
        bar_h = self.app.px(BAR_H)
        super().layout(w, h - bar_h)
        if self.bar is not None:
            self.bar.layout(pygame.Rect(0, h - bar_h, w, bar_h))
        self.dirty = True

    def on_view(self) -> None:
        super().on_view()
        if self.bar is not None:
            self.bar.refresh()

    # -- the cursor -------------------------------------------------------------------------------
    def step_forward(self) -> None:
        """The next action, played on the table as it was played: its events animate and log."""
        if self.match.at_end():
            self.playing = False
        else:
            self.after_events(self.match.forward())
        if self.match.at_end():
            self.playing = False
        self.play_clock = 0.0
        self.dirty = True

    def step_back(self) -> None:
        self.seek(self.match.position - 1)

    def seek(self, position: int) -> None:
        """Stand after `position` actions: the table is built afresh there."""
        self.match.seek(position)
        self.playing = self.playing and not self.match.at_end()
        self._rebuild()

    def watch_as(self, seat: Optional[int]) -> None:
        """Whose eyes the table shows: None (the public view), one seat's (its hidden cards too) or
        ALL_EYES (every hidden card at once, GameState.view_all)."""
        self.match.watcher = seat
        self._rebuild()

    def _rebuild(self) -> None:
        fresh = type(self)(self.app, self.match, playing=self.playing, speed=self.speed, on_close=self.on_close)
        stack = self.app.manager.stack
        if stack and stack[-1] is self:
            self.app.manager.replace(fresh)
        elif self in stack:
            stack[stack.index(self)] = fresh
            fresh.layout(*self.app.size)
        else:
            return
        fresh.bar.refresh()
        self.app.request_redraw()

    def toggle_play(self) -> None:
        if not self.playing and self.match.at_end():
            self.seek(0)   # play from the start again, like any player
            self.playing = True
            self.app.manager.top.playing = True
            return
        self.playing = not self.playing
        self.play_clock = 0.0
        self.bar.refresh()
        self.dirty = True

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self.dirty = True

    def close_replay(self) -> None:
        """Back to where the replay was opened from (the history, the game's results)."""
        self.playing = False
        self.app.manager.remove(self)
        if self.on_close is not None:
            self.on_close()
        elif not self.app.manager.stack:
            registry.back_to_menu(self.app)

    # -- time ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        # While playing, the table's own clocks (slides, reveals) run at the chosen speed too.
        super().update(dt * self.speed if self.playing else dt)
        if not self.playing or self.covered() or self.holding():
            return
        self.play_clock += dt * self.speed
        if self.play_clock >= STEP_SECONDS:
            self.step_forward()

    def animating(self) -> bool:
        return super().animating() or self.playing

    # -- nothing is played here -------------------------------------------------------------------
    def act(self, action: Any) -> bool:
        self.notice(self.app.t("replay.no_play"))
        return False

    def table_ruling(self, action: Any) -> bool:
        return self.act(action)

    def show_game_over(self) -> None:
        """The replay stays on the table at its end; the bar can go back or close."""

    def ask_menu(self) -> None:
        self.playing = False
        self.app.manager.push(ReplayMenuScene(self.app, self.match.spec.key, self.close_replay))

    def route(self, event: pygame.event.Event) -> Optional[Intent]:
        if self.bar is not None and self.bar.claims(event):
            answer = self.bar.handle(event) or USED
            self.dirty = True
            return answer
        return super().route(event)


class ReplayMenuScene(TableMenuScene):
    """The game's menu over a replay: keep watching, the rules, settings, or close the replay."""
    body_key = "replay.menu_body"

    def __init__(self, app, game: str, close_replay: Callable[[], None]) -> None:
        super().__init__(app, game)
        self.resume_button.label = lambda: self.app.t("replay.keep_watching")
        self.leave_button.label = lambda: self.app.t("replay.close")
        self.leave_button.on_click = lambda: (self.close(), close_replay())


_CLASSES: dict[type, type] = {}


def replay_class(table_cls: type) -> type:
    """The game's table class, watched (one class per table, made once)."""
    if table_cls not in _CLASSES:
        _CLASSES[table_cls] = type("Replay" + table_cls.__name__, (ReplayTable, table_cls), {})
    return _CLASSES[table_cls]


def replay_scene(app, match: ReplayMatch, **kw: Any) -> Scene:
    """The replay of `match` on its game's table; LookupError if this build has no such table."""
    module, name = TABLES[match.spec.key]
    table_cls = getattr(importlib.import_module(module), name)
    return replay_class(table_cls)(app, match, **kw)


def open_replay(app, data: Any, on_close: Optional[Callable[[], None]] = None) -> bool:
    """Push the replay of a save's data; a message in the player's language if it cannot be watched."""
    t = app.t
    try:
        match = ReplayMatch.from_record(GAMES, data)
        scene = replay_scene(app, match, on_close=on_close)
    except SaveError as exc:
        log.warning("the game cannot be watched: %s", exc)
        reason = t(f"save.error.{exc.kind}")
    except (LookupError, ImportError, AttributeError):
        log.exception("no table to watch the game on")
        reason = t("menu.table_missing_body")
    except Exception:  # a strange file must not take the app down: same message, logged
        log.exception("opening a replay failed")
        reason = t("save.error.damaged")
    else:
        app.manager.push(scene)
        return True
    app.manager.push(MessageScene(app, t("replay.failed_title"), t("replay.failed_body", reason=reason),
                                  is_error=True))
    return False

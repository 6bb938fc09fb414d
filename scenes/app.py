"""The App: one window, the scene stack, fonts, settings and a frugal main loop.

The loop draws only when a visible scene is dirty and blocks on input while
nothing animates, so an idle table costs almost no CPU.
"""
from __future__ import annotations

import logging
import os
import traceback
from contextlib import nullcontext
from typing import Optional

import pygame

from game.core.i18n import Translator
from game.core.names import set_drawable

from .collector import Collector
from .manager import SceneManager
from .ui.sound import Sounds
from .settings_store import Settings, SettingsTrouble, open_settings, save_settings
from .ui import theme
from .ui.glyphs import drawable
from .ui.text import TEXT_SIZES, Fonts

MIN_SIZE = (1024, 600)
MAX_SIZE = (2560, 1440)
IDLE_POLL_MS = 30  # idle: sleep this long between polls (pygame's event.wait spins every 1 ms)
FPS = 60

log = logging.getLogger("sifang")


def clamp_size(w: int, h: int) -> tuple[int, int]:
    return (min(MAX_SIZE[0], max(MIN_SIZE[0], w)), min(MAX_SIZE[1], max(MIN_SIZE[1], h)))


class App:
    def __init__(self, lang: Optional[str] = None, size: Optional[tuple[int, int]] = None,
                 fullscreen: Optional[bool] = None, settings: Optional[Settings] = None,
                 first_scene: bool = True) -> None:
        # What the settings file held that could not be read: the main menu tells the person once
        self.settings_trouble: Optional[SettingsTrouble] = None
        if settings is None:
            settings, self.settings_trouble = open_settings()
        self.settings = settings
        if lang:
            self.settings.lang = lang
        self.t = Translator(self.settings.lang)
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(self.t("app.title"))
        self.windowed_size = clamp_size(*(size or self.settings.window))
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        self._scale: tuple = ((0, 0), 1.0)
        self.screen = self._set_mode()
        self.sound = Sounds(self.settings)
        self.sound.open()   # silent (one log line) where there is no sound to be had
        self._turn_in_title = False
        self.fonts = Fonts()
        self.fonts.text_scale = self.settings.text_size / 100
        set_drawable(drawable)  # names read from files keep only what these fonts can draw
        self.manager = SceneManager(self)
        self.clock = pygame.time.Clock()
        self.collector = Collector()  # full collections at idle moments, not in the frames
        self.running = True
        self._redraw = True
        # The table this window hosts on the network, while it is open (scenes/shell/hosted_play.py): each
        # frame holds its lock, and it closes once none of its scenes is left.
        self.hosted = None
        self._after_frame: list = []   # what must run after this frame, outside the table's lock
        pygame.key.stop_text_input()  # on until a text field asks for it, else IME eats hotkeys
        if first_scene:
            from . import registry
            registry.push(self, "menu")

    # -- window ------------------------------------------------------------
    def _set_mode(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        size = self.screen.get_size()  # asked thousands of times a frame (px): kept per window size
        if self._scale[0] != size:
            self._scale = (size, theme.ui_scale(*size))
        return self._scale[1]

    def px(self, value: float) -> int:
        """A length of the 1280x720 design, scaled to this window."""
        return int(round(value * self.scale))

    @property
    def text_scale(self) -> float:
        """The settings' text size as a factor (1.0, 1.25 or 1.5)."""
        return self.fonts.text_scale

    def tx(self, value: float) -> int:
        """The size of a text a person reads, `value` in the 1280x720 design: scaled to this window
        and to the settings' text size (px is for lengths and for the pieces' own printing; the
        widgets' labels and the shell's labels take px sizes and grow by themselves)."""
        return int(round(value * self.scale * self.fonts.text_scale))

    def resize(self, w: int, h: int) -> None:
        if self.fullscreen:
            return
        size = clamp_size(w, h)
        if size != self.size:
            self.windowed_size = size
            self.screen = self._set_mode()
        self.settings.window = self.size
        self.manager.layout(*self.size)
        self.request_redraw()

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.settings.fullscreen = self.fullscreen
        self.screen = self._set_mode()
        self.manager.layout(*self.size)
        self.request_redraw()

    # -- language ------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self.settings.lang = lang
        self.t = Translator(lang)
        pygame.display.set_caption(self.t("app.title"))
        self.manager.layout(*self.size)
        self.request_redraw()

    def set_text_size(self, percent: int) -> None:
        """Every text at `percent` % from now on: the scenes lay themselves out again around it."""
        percent = min(TEXT_SIZES, key=lambda p: abs(p - percent))
        self.settings.text_size = percent
        if percent / 100 != self.fonts.text_scale:   # the size in force is the fonts'
            self.fonts.text_scale = percent / 100
            self.manager.layout(*self.size)
            self.request_redraw()

    def your_turn(self) -> None:
        """A person's turn has come after others played: the call, and, while the window is not in
        front, the window's title says so (the taskbar shows the title) until it comes back."""
        self.sound.play("your_turn")
        if not pygame.key.get_focused():
            self._turn_in_title = True
            pygame.display.set_caption(f"● {self.t('sound.your_turn_title')} — {self.t('app.title')}")

    def save_settings(self) -> None:
        try:
            save_settings(self.settings)
        except OSError as exc:
            log.warning("could not save settings: %s", exc)

    # -- loop ----------------------------------------------------------------
    def request_redraw(self) -> None:
        self._redraw = True

    def quit(self) -> None:
        self.running = False

    def _events(self) -> list[pygame.event.Event]:
        if self.manager.animating() or self._redraw or self.manager.needs_draw():
            return pygame.event.get()
        # Nothing moves: sleep instead of event.wait(timeout), which in pygame 2.6 polls every
        # millisecond and alone costs ~4 % of a core; 30 ms of input latency is not felt.
        events = pygame.event.get()
        if not events:
            spent = self.collector.idle(self.manager.top)  # nobody waits on this moment
            pygame.time.wait(max(0, IDLE_POLL_MS - int(spent * 1000)))
            events = pygame.event.get()
        return events

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.w, event.h)
        elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWFOCUSGAINED):
            if self._turn_in_title and event.type == pygame.WINDOWFOCUSGAINED:
                self._turn_in_title = False
                pygame.display.set_caption(self.t("app.title"))
            self.request_redraw()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif self.hosted is None or not self.hosted.handle(event):
            self.manager.handle(event)

    def tick(self) -> bool:
        """One frame: input, update, draw if anything changed. False once the app is quitting."""
        try:
            events = self._events()
            hosted = self.hosted
            with hosted.lock if hosted is not None else nullcontext():
                if hosted is not None:
                    hosted.before_frame()
                for event in events:
                    self._dispatch(event)
                dt = min(self.clock.tick(FPS) / 1000.0, 0.25)
                self.manager.update(dt)
                if hosted is not None:
                    hosted.after_frame(dt)
                if self._redraw or self.manager.needs_draw():
                    self._redraw = False
                    self.manager.draw(self.screen)
                    if hosted is not None:
                        hosted.draw(self.screen)
                    pygame.display.flip()
            while self._after_frame:
                self._after_frame.pop(0)()
            if self.hosted is not None and not self.hosted.alive():
                self.close_table()   # not under its lock: the server's loop ends without waiting for it
        except Exception:  # noqa: BLE001 - a bug must not lose the game: log it, tell the player, go on
            log.error("unexpected error:\n%s", traceback.format_exc())
            self._report_crash()
        return self.running

    def _report_crash(self) -> None:
        from .shell.dialog import MessageScene
        top = self.manager.top
        if isinstance(top, MessageScene) and top.is_error:
            self.quit()  # the error dialog itself failed: stop rather than loop
            return
        self.manager.push(MessageScene(self, self.t("error.title"), self.t("error.unexpected"), is_error=True))

    def after_frame(self, fn) -> None:
        """Run fn once this frame is over (outside the hosted table's lock: closing a table waits
        for its server's thread, which may be waiting for that lock)."""
        self._after_frame.append(fn)

    def close_table(self) -> None:
        """Stop hosting: the table stops listening and tells every client."""
        hosted, self.hosted = self.hosted, None
        if hosted is not None:
            hosted.close()

    def run(self) -> int:
        while self.tick():
            pass
        try:
            self.manager.close()   # a table saves what runs between moves (its clocks)
        except Exception:  # noqa: BLE001 - closing must still save the settings and end
            log.error("closing the scenes failed:\n%s", traceback.format_exc())
        try:
            self.close_table()
        except Exception:  # noqa: BLE001 - the network must not keep the app from ending
            log.error("closing the hosted table failed:\n%s", traceback.format_exc())
        self.save_settings()
        self.sound.close()   # before pygame.quit, so that SDL closes no device the sound thread uses
        pygame.quit()
        return 0


def run(lang: Optional[str] = None, window: Optional[tuple[int, int]] = None, fullscreen: bool = False,
        join: Optional[dict] = None) -> int:
    """Open the window and play until the player quits; the exit code for main.py. `join`: the
    table to join at once (address, code, seat, name: main.py --join), over the main menu."""
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
    app = App(lang=lang, size=window, fullscreen=fullscreen or None)
    if join is not None:
        from . import registry
        registry.push(app, "join", now=True, address=join["address"], code=join["code"], seat=join.get("seat"),
                      player=join.get("name"))
    return app.run()

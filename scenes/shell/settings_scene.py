"""Settings: language (applied at once), bot speed, the bots' level at a new table, sound (volume,
effects, the "your turn" call), full screen, the seats' colours; saved on every change."""
from __future__ import annotations

import pygame

from game.core.i18n import LANG_NAMES, LANGS

from ..settings_store import BOT_LEVELS, BOT_SPEEDS, remembered_tables
from .setup import level_line
from .base import ShellScene
from ..ui import draw, theme
from ..ui.emblems import heading
from ..ui.widgets import Button, Group, Stepper, Toggle

ROWS = ("settings.language", "settings.bot_speed", "settings.bot_level", "settings.sound", "settings.fullscreen",
        "settings.seat_palette")
VOLUMES = list(range(0, 101, 10))


class SettingsScene(ShellScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.lang_buttons = {lang: Button(LANG_NAMES[lang], lambda v=lang: self.set_lang(v)) for lang in LANGS}
        self.speed_buttons = {speed: Button(lambda v=speed: self.app.t(f"settings.speed.{v}"),
                                            lambda v=speed: self.set_speed(v)) for speed in BOT_SPEEDS}
        self.level_buttons = {level: Button(lambda v=level: self.app.t(f"settings.level.{v}"),
                                            lambda v=level: self.set_level(v)) for level in BOT_LEVELS}
        self.fullscreen = Toggle("", value=app.fullscreen, on_change=lambda _v: self.toggle_fullscreen())
        volume = min(VOLUMES, key=lambda v: abs(v - app.settings.volume))
        self.volume = Stepper(VOLUMES, VOLUMES.index(volume), label_of=lambda v: f"{self.app.t('settings.volume')} {v} %",
                              on_change=self.set_volume)
        self.effects = Toggle("", value=app.settings.effects,
                              on_change=lambda v: self.set_sound("effects", v))
        self.turn_call = Toggle("", value=app.settings.turn_call,
                                on_change=lambda v: self.set_sound("turn_call", v))
        self.palette = Toggle("", value=app.settings.seat_palette == "distinct",
                              on_change=lambda v: self.set_palette("distinct" if v else "standard"))
        self.back_button = Button(lambda: self.app.t("common.back"), self.back, style="primary")
        self.group = Group([*self.lang_buttons.values(), *self.speed_buttons.values(),
                            *self.level_buttons.values(), self.volume, self.effects, self.turn_call,
                            self.fullscreen, self.palette, self.back_button])
        self._mark()

    def _mark(self) -> None:
        """Show the current choice of each row as the gilded button."""
        for value, buttons in ((self.app.settings.lang, self.lang_buttons),
                               (self.app.settings.bot_speed, self.speed_buttons),
                               (self.app.settings.bot_level, self.level_buttons)):
            for key, b in buttons.items():
                b.selected = key == value
                b.style = "primary" if b.selected else "plain"
        self.fullscreen.value = self.app.fullscreen
        self.effects.value, self.turn_call.value = self.app.settings.effects, self.app.settings.turn_call
        self.palette.value = self.app.settings.seat_palette == "distinct"
        self.dirty = True

    def set_lang(self, lang: str) -> None:
        if lang != self.app.settings.lang:
            self.app.set_lang(lang)
            self.app.save_settings()
        self._mark()

    def set_speed(self, speed: str) -> None:
        self.app.settings.bot_speed = speed
        self.app.save_settings()
        self._mark()

    def set_level(self, level: str) -> None:
        """The bots' level at the next table: the remembered tables' bot seats take it too."""
        settings = self.app.settings
        settings.bot_level = level
        for table in remembered_tables(settings):
            seats = table.get("seats")
            for entry in seats if isinstance(seats, list) else []:
                if isinstance(entry, dict) and entry.get("kind") in BOT_LEVELS:
                    entry["kind"] = level
        self.app.save_settings()
        self._mark()

    def set_volume(self, volume: int) -> None:
        self.app.settings.volume = volume
        self.app.settings.muted = False  # turning the volume is wanting to hear
        self.app.save_settings()
        self.app.sound.play("button")

    def set_sound(self, name: str, value: bool) -> None:
        setattr(self.app.settings, name, value)
        self.app.save_settings()
        if value:
            self.app.sound.play("your_turn" if name == "turn_call" else "card_flip")

    def set_palette(self, name: str) -> None:
        """The seats' colours: from now on, and every scene laid out again so that a table under this
        one (Settings opened from its menu) repaints its seats too."""
        self.app.settings.seat_palette = name
        if theme.set_palette(name):
            self.app.manager.layout(*self.app.size)
            self.app.request_redraw()
        self.app.save_settings()
        self._mark()

    def toggle_fullscreen(self) -> None:
        self.app.toggle_fullscreen()
        self.app.save_settings()
        self._mark()

    def enter(self) -> None:
        self._mark()  # F11 may have changed full screen behind our back

    def place(self, w: int, h: int) -> None:
        px = self.app.px
        self.panel = self.at(200, 96, 880, 520)
        for i, b in enumerate(self.lang_buttons.values()):
            b.rect = self.at(470 + i * 216, 114, 200, 50)
            b.size = px(22)
        for i, b in enumerate(self.speed_buttons.values()):
            b.rect = self.at(470 + i * 146, 184, 134, 50)
            b.size = px(20)
        for i, b in enumerate(self.level_buttons.values()):
            b.rect = self.at(470 + i * 146, 270, 134, 50)
            b.size = px(20)
        self.volume.rect = self.at(470, 420, 210, 42)
        self.volume.size, self.volume.arrow_w = px(17), px(30)
        self.effects.rect = self.at(700, 421, 38, 38)
        self.turn_call.rect = self.at(850, 421, 38, 38)
        for toggle in (self.effects, self.turn_call):
            toggle.size = px(17)
        self.fullscreen.rect = self.at(470, 500, 42, 42)
        self.palette.rect = self.at(470, 556, 42, 42)
        self.back_button.rect = self.at(540, 630, 200, 54)
        self.back_button.size = px(22)

    def draw_content(self, surface: pygame.Surface) -> None:
        px, t = self.app.px, self.app.t
        heading(surface, self.app.fonts, t("settings.title"), (self.frame.centerx, self.frame.y + px(40)), px(40),
                anchor="midtop")
        draw.panel(surface, self.panel, radius=px(16), width=px(4))
        rows = (next(iter(self.lang_buttons.values())).rect, next(iter(self.speed_buttons.values())).rect,
                next(iter(self.level_buttons.values())).rect, self.volume.rect, self.fullscreen.rect,
                self.palette.rect)
        for key, rect in zip(ROWS, rows):
            self.label(surface, t(key), (self.panel.x + px(40), rect.centery), px(22), bold=True,
                       anchor="midleft", max_w=px(220))
        for toggle, key in ((self.fullscreen, "settings.fullscreen_hint"), (self.palette, "settings.seat_palette_hint")):
            self.label(surface, t(key), (toggle.rect.right + px(16), toggle.rect.centery), px(17),
                       theme.INK_SOFT, anchor="midleft", max_w=self.panel.right - toggle.rect.right - px(40))
        for toggle, key, room in ((self.effects, "settings.effects", 100), (self.turn_call, "settings.turn_call", 170)):
            self.label(surface, t(key), (toggle.rect.right + px(8), toggle.rect.centery), px(17), anchor="midleft",
                       max_w=px(room))
        self.label(surface, t("settings.sound_note"), (self.volume.rect.x, self.volume.rect.bottom + px(4)), px(15),
                   theme.INK_SOFT, max_w=self.panel.right - self.volume.rect.x - px(30))
        speed_note = t("settings.bot_speed_note")
        first = next(iter(self.speed_buttons.values())).rect
        self.label(surface, speed_note, (first.x, first.bottom + px(8)), px(15), theme.INK_SOFT, max_w=px(580))
        # How each level plays (the chosen one in ink), and that a table can still mix them.
        first = next(iter(self.level_buttons.values())).rect
        lines = [(level_line(t, lv), theme.INK if lv == self.app.settings.bot_level else theme.INK_SOFT)
                 for lv in BOT_LEVELS] + [(t("settings.bot_level_note"), theme.INK_SOFT)]
        for j, (line, colour) in enumerate(lines):
            self.label(surface, line, (first.x, first.bottom + px(5 + 19 * j)), px(15), colour,
                       max_w=self.panel.right - first.x - px(30))

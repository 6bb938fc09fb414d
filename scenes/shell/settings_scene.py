"""Settings, on two pages: Play (language, bot speed, the bots' level at a new table) and Screen
and sound (text size, the seats' colours, full screen, sound: volume, effects, the "your turn"
call). Applied at once and saved on every change. Each page lays its rows out from the top, a row
as tall as its controls and its notes at the settings' text size, so that 150 % fits at 1024x600."""
from __future__ import annotations

import pygame

from game.core.i18n import LANG_NAMES, LANGS

from ..settings_store import BOT_LEVELS, BOT_SPEEDS, remembered_tables
from ..ui.text import TEXT_SIZES
from .setup import level_line
from .base import ShellScene
from ..ui import draw, theme
from ..ui.emblems import heading
from ..ui.widgets import Button, Group, Stepper, Toggle

PAGES = ("play", "screen")
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
        self.size_buttons = {size: Button(f"{size} %", lambda v=size: self.set_text_size(v)) for size in TEXT_SIZES}
        self.back_button = Button(lambda: self.app.t("common.back"), self.back, style="primary")
        self.tabs = {page: Button(lambda v=page: self.app.t(f"settings.page.{v}"), lambda v=page: self.show_page(v))
                     for page in PAGES}
        self.pages = {"play": [*self.lang_buttons.values(), *self.speed_buttons.values(), *self.level_buttons.values()],
                      "screen": [*self.size_buttons.values(), self.palette, self.fullscreen, self.volume,
                                 self.effects, self.turn_call]}
        self.group = Group([*self.tabs.values(), *self.pages["play"], *self.pages["screen"], self.back_button])
        self.page = "play"
        for w in self.pages["screen"]:
            w.visible = False
        self.rows: list[tuple] = []   # (label, first control, notes, the notes' y) of the page shown
        self._mark()

    def _mark(self) -> None:
        """Show the current choice of each row as the gilded button."""
        for value, buttons in ((self.app.settings.lang, self.lang_buttons),
                               (self.app.settings.bot_speed, self.speed_buttons),
                               (self.app.settings.bot_level, self.level_buttons),
                               (self.app.settings.text_size, self.size_buttons),
                               (self.page, self.tabs)):
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
        self.place(*self.app.size)   # the chosen level's line in ink
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

    def show_page(self, page: str) -> None:
        """Play, or Screen and sound: the other page's controls hide (Tab and clicks skip them)."""
        self.page = page if page in PAGES else "play"
        for name, widgets in self.pages.items():
            for w in widgets:
                w.visible = name == self.page
        self.place(*self.app.size)
        self._mark()

    def set_text_size(self, percent: int) -> None:
        """Every text at `percent` %: this page and the scenes under it (a table, the menu) are laid
        out again around the larger words at once."""
        self.app.set_text_size(percent)
        self.app.save_settings()
        self._mark()

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

    # -- layout: rows from the top of the panel, each as tall as what it holds ---------------------
    def _notes(self, texts: list, x: int) -> tuple[list, int]:
        """The notes under a row's controls, wrapped to the panel at the text size: ((lines, colour)
        ..., height)."""
        fonts, px = self.app.fonts, self.app.px
        size = fonts.read(px(15))
        width = self.panel.right - x - px(30)
        out, h = [], 0
        for text, colour in texts:
            lines = fonts.wrap(text, size, width)
            out.append((lines, colour))
            h += len(lines) * fonts.line_height(size)
        return out, h

    def notes_x(self, first: pygame.Rect) -> int:
        """Notes start under the controls, or under the row's label where the words are large (they
        need the width more than the indent)."""
        return first.x if self.app.text_scale == 1 else self.panel.x + self.app.px(30)

    def _row(self, y: int, label: str, widgets: list, widths: list, height: int, notes: list, extra: int = 0) -> int:
        """Lay a row of widgets (each `widths` design px wide, 12 apart) at y; its notes under them,
        `extra` px lower (room for a second line of controls). The y of the next row."""
        px = self.app.px
        x = self.panel.x + px(290)
        for w, width in zip(widgets, widths):
            if width:
                w.rect = pygame.Rect(x, y, px(width), px(height))
                x += px(width) + px(12)
        first = widgets[0].rect
        wrapped, notes_h = self._notes(notes, self.notes_x(first))
        self.rows.append((label, first, wrapped, first.bottom + extra + px(4)))
        return y + px(height) + extra + (px(4) + notes_h if notes else 0) + px(18 if self.app.text_scale == 1 else 12)

    def place(self, w: int, h: int) -> None:
        px, t = self.app.px, self.app.t
        self.panel = self.at(200, 150, 880, 470)
        for i, b in enumerate(self.tabs.values()):
            b.rect = self.at(230 + i * 300, 100, 280, 46)
            b.size = px(19)
        for buttons, size in ((self.lang_buttons, 22), (self.speed_buttons, 20), (self.level_buttons, 20),
                              (self.size_buttons, 20)):
            for b in buttons.values():
                b.size = px(size)
        self.volume.size, self.volume.arrow_w = px(17), px(30)
        for toggle in (self.effects, self.turn_call):
            toggle.size = px(17)
        self.rows = []
        y = self.panel.y + px(24)
        if self.page == "play":
            y = self._row(y, t("settings.language"), list(self.lang_buttons.values()), [200, 200], 50, [])
            y = self._row(y, t("settings.bot_speed"), list(self.speed_buttons.values()), [134] * 4, 50,
                          [(t("settings.bot_speed_note"), theme.INK_SOFT)])
            levels = [(level_line(t, lv), theme.INK if lv == self.app.settings.bot_level else theme.INK_SOFT)
                      for lv in BOT_LEVELS]
            y = self._row(y, t("settings.bot_level"), list(self.level_buttons.values()), [134] * 3, 50,
                          levels + [(t("settings.bot_level_note"), theme.INK_SOFT)])
        else:
            y = self._row(y, t("settings.text_size"), list(self.size_buttons.values()), [134] * 3, 50,
                          [(t("settings.text_size_hint"), theme.INK_SOFT)])
            y = self._row(y, t("settings.seat_palette"), [self.palette], [42], 42,
                          [(t("settings.seat_palette_hint"), theme.INK_SOFT)])
            y = self._row(y, t("settings.fullscreen"), [self.fullscreen], [42], 42,
                          [(t("settings.fullscreen_hint"), theme.INK_SOFT)])
            y = self._row(y, t("settings.sound"), [self.volume], [210], 42, [(t("settings.sound_note"), theme.INK_SOFT)],
                          extra=px(46))
            # the two sound toggles on a line under the volume, each as wide as its words
            x = self.volume.rect.x
            for toggle, key in ((self.effects, "settings.effects"), (self.turn_call, "settings.turn_call")):
                toggle.rect = pygame.Rect(x, self.volume.rect.bottom + px(8), px(38), px(38))
                words = self.app.fonts.text(t(key), self.app.fonts.read(px(17)), theme.INK).get_width()
                x = toggle.rect.right + px(8) + min(words, px(200)) + px(24)
        # the panel reaches past its last row where large words need it; Back stays under it
        self.panel.h = max(self.panel.h, y - self.panel.y)
        self.back_button.rect = self.at(540, 640, 200, 54)
        self.back_button.rect.y = max(self.back_button.rect.y, self.panel.bottom + px(10))
        self.back_button.size = px(22)

    def draw_content(self, surface: pygame.Surface) -> None:
        px, t = self.app.px, self.app.t
        heading(surface, self.app.fonts, t("settings.title"), (self.frame.centerx, self.frame.y + px(24)), px(40),
                anchor="midtop")
        draw.panel(surface, self.panel, radius=px(16), width=px(4))
        fonts = self.app.fonts
        note_size = fonts.read(px(15))
        for label, first, notes, y in self.rows:
            self.label(surface, label, (self.panel.x + px(30), first.centery), px(22), bold=True,
                       anchor="midleft", max_w=px(250))
            x = self.notes_x(first)
            for lines, colour in notes:
                for line in lines:
                    surface.blit(fonts.text(line, note_size, colour), (x, y))
                    y += fonts.line_height(note_size)
        for toggle, key in ((self.effects, "settings.effects"), (self.turn_call, "settings.turn_call")):
            if toggle.visible:
                self.label(surface, t(key), (toggle.rect.right + px(8), toggle.rect.centery), px(17), anchor="midleft",
                           max_w=px(200))

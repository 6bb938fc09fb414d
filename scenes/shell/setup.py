"""Setting up a table: the game, the players (name, human or bot), the game's options, Start."""
from __future__ import annotations

import logging
from typing import Any, Optional

import pygame

from game.core.errors import OptionRefused, SaveFailed
from game.core.match import HUMAN, Match, Seat
from game.core.names import default_name, is_default_name
from game.registry import GAMES

from .. import settings_store
from .dialog import MessageScene
from .. import registry
from ..registry import playable, show_table
from .base import ShellScene
from .setup_words import level_line, option_help, option_value_label, same_value
from ..ui import draw, theme
from ..ui.emblems import game_emblem, heading, seat_chip
from ..ui.game_card import GameCard
from ..ui.widgets import Button, Group, Stepper, TextInput, focus_one

log = logging.getLogger("sifang")

MAX_SEATS = max(spec.max_players for spec in GAMES.values())
NAME_LEN = 16
REMOTE_KIND = "remote"   # a seat's kind in the form: a person on another computer (Seat kind: human)
DEFAULT_PLAYERS = 4   # a game set up for the first time (within its range)
# An option shown only while another option has a given value: (game, option) -> (option, value).
SHOWN_WHEN = {("xuanwu_gate", "target"): ("variant", "scoring")}


# The left panel (the table's options) and the right one (the seats), in 1280x720 design units.
LEFT = (40, 164, 650, 470)
RIGHT = (706, 164, 534, 470)
ROWS_TOP, ROWS_BOTTOM = 216, 630   # the option rows: a stepper and, under it, what it does
LABEL_W = 250                      # the option names' column
HELP_SIZE = 15                     # the explanation under each option (>= 13 px at 1280x720)
HELP_H = 22                        # its line (at 100 % text; larger text, a taller line)
LEVEL_H = 20                       # a bot level's line under the seats (likewise)
HINTS_X = 500                      # the Hints stepper, between Back and Start
ROW_GAP = 7                        # between a row's explanation and the next row


class SetupScene(ShellScene):
    """Each game is set up as it was last started (its own players, names, bots and options,
    settings_store.remembered_table), or with the defaults the first time: never with another
    game's. A game chosen here and left for another comes back as it was left."""

    def __init__(self, app, game: Optional[str] = None) -> None:
        super().__init__(app)
        key = game if playable(game or "") else settings_store.last_game(app.settings)
        if not playable(key or ""):
            key = next(k for k in GAMES if playable(k))
        self.game = key
        self.problem: Optional[str] = None
        self.bad_rows: set[int] = set()
        self.refused: dict[str, str] = {}  # option -> why a value of it is not offered at this table

        self.cards = [GameCard(spec, lambda: self.app.t, lambda k=k: self.select_game(k), compact=True)
                      for k, spec in GAMES.items()]
        self.names = [TextInput("", max_len=NAME_LEN, on_change=lambda _text: self.validate(),
                                refused_note=lambda: self.app.t("text_field.refused")) for _ in range(MAX_SEATS)]
        self.kind_wanted: list[str] = []  # each seat's kind, kept when a game lacks that bot level
        self.forms: dict[str, dict] = {}  # the tables of the games chosen and left in this setup
        self.players = Stepper([3], on_change=self._players_changed)
        self.kinds: list[Stepper] = []
        self.option_steppers: dict[str, Stepper] = {}
        self.back_button = Button(lambda: self.app.t("common.back"), self.back)
        self.start_button = Button(lambda: self.app.t("setup.host" if self.hosted() else "setup.start"), self.start,
                                   style="primary",
                                   hotkey=pygame.K_RETURN)
        self._show_table(settings_store.remembered_table(app.settings, key))

    # -- model of the form ------------------------------------------------------------
    @property
    def spec(self):
        return GAMES[self.game]

    @property
    def n(self) -> int:
        return self.players.value

    def default_name(self, i: int) -> str:
        return default_name(self.app.t, i)

    def seat_name(self, i: int) -> str:
        return self.names[i].text.strip() or self.default_name(i)

    def hosted(self) -> bool:
        """Is a seat a person's on another computer (Start opens the table on the network)?"""
        return any(k.value == REMOTE_KIND for k in self.kinds[:self.n])

    def _show_table(self, table: dict) -> None:
        """Fill the form with a table of the chosen game; what it lacks (all of it the first time)
        takes the default: you at seat 1 and bots at the others (the settings' level), names that
        follow the language, four players, each option's first value. A file may hold anything."""
        saved = table.get("seats") if isinstance(table.get("seats"), list) else []
        self.kind_wanted = []
        for i, field in enumerate(self.names):
            entry = saved[i] if i < len(saved) and isinstance(saved[i], dict) else {}
            name = entry.get("name") if isinstance(entry.get("name"), str) else ""
            name = "".join(ch for ch in name if ch.isprintable()).strip()
            if is_default_name(name, i):
                name = ""   # remembered in another language: shown in this one
            field.text = name[:NAME_LEN] or self.default_name(i)
            kind = entry.get("kind") if isinstance(entry.get("kind"), str) else ""
            self.kind_wanted.append(kind or (HUMAN if i == 0 else self.app.settings.bot_level))
        self._build_game(table.get("players"), table.get("options"), table.get("hints"))

    def _build_game(self, want_n: Any = None, want_options: Any = None, want_hints: Any = None) -> None:
        """(Re)make the widgets that depend on the chosen game, from its table's count and options."""
        spec = self.spec
        for card in self.cards:
            card.selected = card.spec.key == self.game
        counts = list(range(spec.min_players, spec.max_players + 1))
        n = want_n if isinstance(want_n, int) and not isinstance(want_n, bool) and want_n in counts else None
        if n is None:
            n = min(max(DEFAULT_PLAYERS, spec.min_players), spec.max_players)
        self.players = Stepper(counts, counts.index(n), label_of=lambda v: self.app.t("setup.players_value", n=v),
                               on_change=self._players_changed)
        levels = [HUMAN, *spec.bots, REMOTE_KIND]   # another computer last: a hot-seat table steps as before
        self.kinds = []
        for i in range(MAX_SEATS):
            # a kind this game has not (another game's bot level): its strongest bot, never another computer
            wanted = self.kind_wanted[i] if self.kind_wanted[i] in levels else list(spec.bots)[-1]
            self.kinds.append(Stepper(levels, levels.index(wanted), label_of=self._kind_label,
                                      on_change=lambda v, i=i: self._kind_changed(i, v)))
        old = want_options if isinstance(want_options, dict) else {}
        self.option_steppers = {}
        for name, values in spec.options.items():
            stepper = Stepper(values, 0, label_of=lambda v, name=name: self._option_label(name, v),
                              on_change=lambda _v: self._options_changed())
            for j, v in enumerate(values):
                if name in old and same_value(v, old[name]):
                    stepper.index = j
            self.option_steppers[name] = stepper
        self._limit_start_player()
        self._limit_refused()
        hints = want_hints if isinstance(want_hints, bool) else True
        self.hints = Stepper([True, False], 0 if hints else 1,
                             label_of=lambda v: self.app.t("setup.hints.on" if v else "setup.hints.off"))
        self.group = Group([*self.cards, self.players, self.hints, *self.option_steppers.values(),
                            *self.names, *self.kinds, self.back_button, self.start_button])
        self.validate()

    def _kind_label(self, kind: str) -> str:
        key = f"setup.kind.{kind}"
        text = self.app.t(key)
        return text if text != key else kind

    def _option_label(self, name: str, value: Any) -> str:
        if name == "start_player" and isinstance(value, int) and not isinstance(value, bool):
            return self.seat_name(value) if value < MAX_SEATS else str(value + 1)
        return option_value_label(self.app.t, self.game, name, value)

    def _limit_start_player(self) -> None:
        """The start player can only be a seat that exists (or random)."""
        stepper = self.option_steppers.get("start_player")
        if stepper is None:
            return
        current = stepper.value
        allowed = [v for v in self.spec.options["start_player"]
                   if not (isinstance(v, int) and not isinstance(v, bool)) or v < self.n]
        stepper.values = allowed
        stepper.index = next((j for j, v in enumerate(allowed) if same_value(v, current)), 0)

    def _limit_refused(self) -> None:
        """Take out of each option's stepper the values the engine refuses with these players and
        the other options (EU's intro game at 6-7), so Start never meets a refusal; the reason, in
        the player's language, is kept to show under the row."""
        self.refused = {}
        for name, stepper in self.option_steppers.items():
            if name == "start_player":
                continue  # limited to the seats there are (_limit_start_player)
            current, allowed = stepper.value, []
            for value in self.spec.options[name]:
                try:
                    self.spec.check_options(self.n, {**self.chosen_options(), name: value})
                except OptionRefused as exc:
                    self.refused.setdefault(name, self.app.t(exc.key, **exc.params))
                    continue
                except ValueError:  # not a refusal this form can make; Start would say so
                    pass
                allowed.append(value)
            if allowed:
                stepper.values = allowed
                stepper.index = next((j for j, v in enumerate(allowed) if same_value(v, current)), 0)

    def option_shown(self, name: str) -> bool:
        rule = SHOWN_WHEN.get((self.game, name))
        if rule is None:
            return True
        other = self.option_steppers.get(rule[0])
        return other is not None and same_value(other.value, rule[1])

    def chosen_options(self) -> dict:
        """The options on show; hidden ones are left to the game's default."""
        return {name: s.value for name, s in self.option_steppers.items() if self.option_shown(name)}

    def validate(self) -> bool:
        """Find what keeps the table from starting; the notice names it and Start waits."""
        self.problem, self.bad_rows = None, set()
        seen: dict[str, int] = {}
        for i in range(self.n):
            folded = self.seat_name(i).casefold()
            if folded in seen:
                self.bad_rows |= {seen[folded], i}
                if self.problem is None:
                    self.problem = self.app.t("setup.duplicate", name=self.seat_name(i))
            seen.setdefault(folded, i)
        self.start_button.enabled = self.problem is None
        self.dirty = True
        return self.problem is None

    # -- changes -------------------------------------------------------------------
    def select_game(self, key: str) -> None:
        """Another game: its own table (as left in this setup, else as last started, else the
        defaults); the one left is kept to come back to."""
        if key == self.game or not playable(key):
            return
        self.forms[self.game] = self.table_form()
        self.game = key
        self._show_table(self.forms.get(key) or settings_store.remembered_table(self.app.settings, key))
        self.layout(*self.app.size)

    def _players_changed(self, _n: int) -> None:
        self._limit_start_player()
        self._limit_refused()
        self.validate()
        self.layout(*self.app.size)

    def _kind_changed(self, i: int, kind: str) -> None:
        self.kind_wanted[i] = kind

    def _options_changed(self) -> None:
        self._limit_refused()
        self.layout(*self.app.size)  # a shown or hidden option moves the rows below it

    def _focus(self, field: Optional[TextInput]) -> None:
        focus_one(self.names, field)

    def leave(self) -> None:
        self._focus(None)

    def handle(self, event: pygame.event.Event):
        focused = next((i for i, f in enumerate(self.names) if f.focus), None)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((f for f in self.names[:self.n] if f.rect.collidepoint(event.pos)), None)
            self._focus(hit)
            self.validate()
            if hit is not None:
                return None
        elif event.type == pygame.KEYDOWN and focused is not None:
            if self.names[focused].composing:
                return None  # an input method is composing: its keys are its own (Enter commits)
            if event.key == pygame.K_TAB:  # Tab walks down the names, as in any form
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                field = self.names[(focused + step) % self.n]
                self._focus(field)
                field.select_all()  # typing replaces the name, as in any form
                self.dirty = True
                return None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self._focus(None)
                self.dirty = True
                return None
        result = super().handle(event)
        if focused is not None or any(f.focus for f in self.names):
            self.dirty = True
        return result

    def back(self) -> None:
        self._focus(None)
        self.app.manager.remove(self)

    # -- starting ---------------------------------------------------------------------------
    def start(self) -> None:
        self._focus(None)
        if not self.validate():
            return
        # A person's first table of a game they have not learned: its guided game is offered first.
        if any(k.value == "human" for k in self.kinds[:self.n]) and \
                registry.offer_lesson(self.app, self.game, self._start_now):
            return
        self._start_now()

    def _start_now(self) -> None:
        """A new game gets its own autosave: the games already under way are all kept."""
        self._start(settings_store.new_autosave_path(self.spec.key))

    def _start(self, autosave_path) -> None:
        spec, t = self.spec, self.app.t
        kinds = [k.value for k in self.kinds[:self.n]]
        seats = [Seat(self.seat_name(i), HUMAN if kind == REMOTE_KIND else kind) for i, kind in enumerate(kinds)]
        try:
            match = Match.new(spec, seats, seed=None, options=self.chosen_options(), autosave_path=autosave_path,
                              hints_allowed=self.hints.value)
        except SaveFailed as exc:
            log.warning("could not save the new %s: %s", spec.key, exc)
            self.app.manager.push(MessageScene(self.app, t("save.failed.title"), t(f"save.failed.{exc.kind}"),
                                               [(t("common.cancel"), lambda: None),
                                                (t("save.failed.play_unsaved"), lambda: self._start(None))],
                                               is_error=True))
            return
        except (ValueError, OSError) as exc:  # the detail is English and technical: the log has it
            log.warning("could not start %s: %s", spec.key, exc)
            self.app.manager.push(MessageScene(self.app, t("setup.start_failed"), t("setup.start_refused"),
                                               is_error=True))
            return
        settings_store.remember_table(self.app.settings, self.game, self.table_form())
        self.app.save_settings()
        if REMOTE_KIND in kinds:
            from .lobby import open_hosted_table, roles_and_names
            open_hosted_table(self.app, match, *roles_and_names(kinds, [self.names[i].text for i in range(self.n)]),
                              replace=True)
            return
        show_table(self.app, match, replace=True)

    def table_form(self) -> dict:
        """The chosen game's table as the form holds it, to remember; default names are left blank
        so they follow the language."""
        seats = []
        for i in range(self.spec.max_players):
            text = self.names[i].text.strip()
            seats.append({"name": "" if is_default_name(text, i) else text, "kind": self.kinds[i].value})
        return {"players": self.n, "options": self.chosen_options(), "seats": seats, "hints": self.hints.value}

    # -- layout ----------------------------------------------------------------------
    def option_rows(self) -> list[tuple[str, Stepper]]:
        rows: list[tuple[str, Stepper]] = [("setup.players", self.players)]
        for name, stepper in self.option_steppers.items():
            stepper.visible = self.option_shown(name)
            if stepper.visible:
                rows.append((f"option.{self.game}.{name}", stepper))
        return rows

    def row_help(self, stepper: Stepper) -> str:
        """The line under an option row: what the option (or its chosen value) does, or why one of
        its values is not offered at this table."""
        if stepper is self.players:
            return self.app.t("help.players")
        if stepper is self.hints:
            return self.app.t("help.hints.on" if stepper.value else "help.hints.off")
        name = self.option_name(stepper)
        return self.refused.get(name) or option_help(self.app.t, self.game, name, stepper.value)

    def help_line(self, surface: pygame.Surface, stepper: Stepper, y: int) -> None:
        """What a row does (red: why a value is not offered), one line at y across the left panel."""
        px = self.app.px
        refused = stepper is not self.players and self.option_name(stepper) in self.refused
        self.label(surface, self.row_help(stepper), (self.left.x + px(20), y), px(HELP_SIZE),
                   theme.VERMILION_DARK if refused else theme.INK_SOFT, max_w=self.left.w - px(40))

    def option_name(self, stepper: Stepper) -> str:
        return next(n for n, s in self.option_steppers.items() if s is stepper)

    def place(self, w: int, h: int) -> None:
        px = self.app.px
        card_w = (1200 - 3 * 12) / len(self.cards)
        for i, card in enumerate(self.cards):
            card.rect = self.at(40 + i * (card_w + 12), 74, card_w, 74)
            card.size = px(20)
        self.left = self.at(*LEFT)
        self.right = self.at(*RIGHT)
        lx, _, lw, _ = LEFT
        rows = self.option_rows()
        # Each row: the option's name and its stepper, and under them one line on what it does.
        ts = self.app.text_scale
        self.help_h, self.level_h = HELP_H * ts, LEVEL_H * ts
        top = ROWS_TOP + 16 * (ts - 1)
        row_pitch = min(64 + 30 * (ts - 1), (ROWS_BOTTOM - top) / len(rows))
        # Where large words leave no room for a line under every row, one line at the panel's foot
        # says what the row under the mouse does (or the first row's) and the rows close up.
        self.help_under = row_pitch - 26 - self.help_h >= 0
        if not self.help_under:
            row_pitch = (ROWS_BOTTOM - top - self.help_h - 8) / len(rows)
        step_h = max(26, min(38, row_pitch - (self.help_h if self.help_under else 0) - ROW_GAP))
        for j, (_key, stepper) in enumerate(rows):
            stepper.rect = self.at(lx + LABEL_W + 20, top + j * row_pitch, lw - LABEL_W - 40, step_h)
            stepper.size = px(18)
            stepper.arrow_w = px(32)
        rx, ry, rw, rh = RIGHT
        # Under the seats, one line per bot level of this game on how it plays.
        # (and over them, a line on seats at another computer, when there are some)
        pitch = min(58, (rh - 64 - self.level_h * (len(self.spec.bots) + 1)) / self.n)
        kind_w = 196
        name_x = rx + 66
        name_w = rw - 66 - kind_w - 34
        for i in range(MAX_SEATS):
            shown = i < self.n
            y = ry + 58 + i * pitch
            self.names[i].visible = self.kinds[i].visible = shown
            self.names[i].rect = self.at(name_x, y, name_w, pitch - 10)
            self.names[i].size = px(19)
            self.kinds[i].rect = self.at(name_x + name_w + 14, y, kind_w, pitch - 10)
            self.kinds[i].size = px(18)
            self.kinds[i].arrow_w = px(32)
        self.back_button.rect = self.at(40, 652, 200, 52)
        # Hints are the table's, not the game's: between Back and Start, with their line under them.
        self.hints.rect = self.at(HINTS_X, 650 - 24 * (self.app.text_scale - 1), 300, 36)  # room for its line
        self.hints.size = px(18)
        self.hints.arrow_w = px(32)
        self.start_button.rect = self.at(1040, 652, 200, 52)
        for b in (self.back_button, self.start_button):
            b.size = px(22)

    def draw_content(self, surface: pygame.Surface) -> None:
        px, fonts, t = self.app.px, self.app.fonts, self.app.t
        heading(surface, fonts, t("setup.title"), self.at(40, 14).topleft, px(34))
        for panel in (self.left, self.right):
            draw.panel(surface, panel, radius=px(14), width=px(3))
        self.label(surface, t("setup.table"), self.at(60, 180).topleft, px(22), bold=True)
        for key, stepper in self.option_rows():
            self.label(surface, t(key), (self.left.x + px(20), stepper.rect.centery), px(18),
                       anchor="midleft", max_w=stepper.rect.x - self.left.x - px(30))
            if self.help_under:
                self.help_line(surface, stepper, stepper.rect.bottom + px(1))
        if not self.help_under:
            rows = self.option_rows()
            stepper = next((s for _k, s in rows if s.hover), rows[0][1])
            self.help_line(surface, stepper, self.left.bottom - px(self.help_h + 6))
        self.label(surface, t("setup.hints"), (self.hints.rect.x - px(12), self.hints.rect.centery), px(18),
                   theme.PARCHMENT, bold=True, anchor="midright", max_w=px(HINTS_X - 250))
        self.label(surface, self.row_help(self.hints), (self.at(640, 0).x, self.hints.rect.bottom + px(2)),
                   px(HELP_SIZE), theme.PARCHMENT_DARK, anchor="midtop", max_w=px(760))
        self._draw_game_badge(surface)
        self.label(surface, t("setup.seats"), (self.right.x + px(20), self.at(0, 180).y), px(22), bold=True)
        self.label(surface, t("setup.name_hint"), self.at(1220, 186).topleft, px(15), theme.INK_SOFT,
                   anchor="topright")
        for i in range(self.n):
            field = self.names[i].rect
            seat_chip(surface, fonts, (self.right.x + px(36), field.centery), min(px(18), field.h // 2), i)
        levels = list(self.spec.bots)
        if self.hosted():
            y = self.right.bottom - px(12 + self.level_h * (len(levels) + 1))
            self.label(surface, t("setup.remote_hint"), (self.right.x + px(20), y), px(HELP_SIZE), theme.JADE,
                       bold=True, max_w=self.right.w - px(40))
        for j, level in enumerate(levels):
            y = self.right.bottom - px(12 + self.level_h * (len(levels) - j))
            self.label(surface, level_line(t, level), (self.right.x + px(20), y), px(HELP_SIZE), theme.INK_SOFT,
                       max_w=self.right.w - px(40))
        if self.problem:
            self.label(surface, self.problem, (self.frame.centerx, self.back_button.rect.centery), px(18),
                       theme.GOLD_LIGHT, bold=True, anchor="center", max_w=px(760))

    def _draw_game_badge(self, surface: pygame.Surface) -> None:
        """The chosen game's medallion in the free foot of the left panel, if the options leave room."""
        px = self.app.px
        rows = self.option_rows()
        room_top = rows[-1][1].rect.bottom + px(self.help_h + 12)
        size = min(px(120), self.left.bottom - px(50) - room_top)
        if size < px(70):
            return
        emblem = game_emblem(self.game, size)
        r = emblem.get_rect(midtop=(self.left.centerx, room_top))
        surface.blit(emblem, r)
        self.label(surface, self.app.t.name(self.spec.names), (r.centerx, r.bottom + px(6)), px(18),
                   theme.INK_SOFT, bold=True, anchor="midtop", max_w=self.left.w - px(40))

    def draw_over(self, surface: pygame.Surface) -> None:
        for i in self.bad_rows:
            pygame.draw.rect(surface, theme.VERMILION, self.names[i].rect.inflate(6, 6), 3,
                             border_radius=self.app.px(8))

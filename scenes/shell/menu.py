"""The title screen: the four games on the table, and New game / Join a table / Continue (naming the game it resumes) /
Saved games / History / Rules / Settings / Players / Quit."""
from __future__ import annotations

import logging
from typing import Callable, Optional

import pygame

from game.core.errors import SaveError
from game.core.paths import data_dir_usable
from game.net import kept_seats
from game.registry import GAMES

from .. import settings_store
from .dialog import MessageScene, confirm_scene
from .. import registry
from ..registry import open_rules, show_table
from .base import ShellScene
from .card_box import CardBoxScene
from ..ui import draw, theme
from ..ui.emblems import heading, square_seal
from ..ui.caption_button import CaptionButton
from ..ui.game_card import GameCard
from ..ui.widgets import Button, Group

log = logging.getLogger("sifang")

# autosave states
NO_SAVE, SAVE_OK, SAVE_BROKEN = "none", "ok", "broken"


def autosave_status() -> str:
    """Is there an unfinished game to continue, nothing, or only files that cannot be used?

    Read from the saves' headers (nothing is replayed). Broken saves alone still enable Continue,
    so that the player learns why they cannot be used.
    """
    book = settings_store.save_book()
    try:
        if book.newest_unfinished() is not None:
            return SAVE_OK
    except Exception:  # a hostile file must not stop the menu from opening
        log.exception("reading the saved games failed")
        return SAVE_BROKEN
    return SAVE_BROKEN if book.problems() else NO_SAVE


class MainMenuScene(ShellScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        t = lambda key: (lambda: self.app.t(key))  # noqa: E731 - labels follow the language
        self.buttons = {
            "new": Button(t("menu.new_game"), self.new_game, style="primary", hotkey=pygame.K_n),
            "join": Button(t("menu.join"), self.join_table, hotkey=pygame.K_j),
            "continue": CaptionButton(t("menu.continue"), self.continue_game, self.continue_caption,
                                      hotkey=pygame.K_c),
            "saved": Button(t("menu.saved_games"), self.saved_games, hotkey=pygame.K_l),
            "history": Button(t("menu.history"), self.history, hotkey=pygame.K_h),
            "rules": Button(t("menu.rules"), self.rules, hotkey=pygame.K_r),
            "learn": Button(t("menu.learn"), self.learn, hotkey=pygame.K_t),
            "settings": Button(t("menu.settings"), self.settings, hotkey=pygame.K_s),
            "players": Button(t("menu.players"), self.players, hotkey=pygame.K_p),
            "quit": Button(t("menu.quit"), self.app.quit, style="danger", hotkey=pygame.K_q),
        }
        self.tiles = [GameCard(spec, lambda: self.app.t, lambda k=key: self.new_game(k),
                               mark=lambda k=key: self.learned_mark(k))
                      for key, spec in GAMES.items()]
        self.group = Group([*self.buttons.values(), *self.tiles])
        self.save_status = NO_SAVE  # read in enter(), which every push and uncovering calls
        self.newest = None          # the header of the game Continue resumes
        self.kept_seat = None       # the seat at a table on the network this computer sat at last
        self.no_folder = False
        try:  # at start: stray temporary files go, the old single autosave becomes one of the saves
            settings_store.save_book().tidy()
        except Exception:  # never keep the menu from opening
            log.exception("tidying the saves failed")

    def refresh_save(self) -> None:
        self.no_folder = not data_dir_usable()  # nothing can be saved: the menu says so
        self.save_status = autosave_status()
        try:
            self.newest = settings_store.save_book().newest_unfinished() if self.save_status == SAVE_OK else None
        except Exception:  # the caption is a courtesy: never keep the menu from opening
            log.exception("reading the newest saved game failed")
            self.newest = None
        seats = kept_seats.kept()
        self.kept_seat = seats[0] if seats else None
        self.buttons["continue"].enabled = self.save_status in (SAVE_OK, SAVE_BROKEN) or self.kept_seat is not None
        self.dirty = True

    def back_to_seat_first(self) -> bool:
        """Does Continue go back to a seat at a table on the network (sat at after the newest game
        saved here was played), rather than resume a game saved here?"""
        kept = self.kept_seat
        return kept is not None and (self.newest is None or kept.when >= self.newest.updated)

    def enter(self) -> None:
        # Back from a game or the setup: the autosave may have appeared, ended or changed.
        self.refresh_save()
        if self.app.settings_trouble is not None:
            self.tell_settings_trouble()

    def tell_settings_trouble(self) -> None:
        """The settings file could not be read, whole or in part, at start: what was not read is
        its default, and where the file as it was is kept (said once)."""
        trouble, self.app.settings_trouble = self.app.settings_trouble, None
        t = self.app.t
        kept = t("menu.settings_unread.kept", name=trouble.kept_as) if trouble.kept_as \
            else t("menu.settings_unread.not_kept")
        body = t("menu.settings_unread.some", names=", ".join(trouble.unread), kept=kept) if trouble.unread \
            else t("menu.settings_unread.all", kept=kept)
        self.app.manager.push(MessageScene(self.app, t("menu.settings_unread.title"), body, is_error=True))

    def back(self) -> None:
        """Esc, "back" as on every shell scene: from the title screen that is leaving the app, so it
        asks first, and staying is the answer Enter and Esc give (the Quit button quits at once)."""
        t = self.app.t
        body = t("save.no_folder") if self.no_folder else t("menu.quit_body")
        self.app.manager.push(confirm_scene(self.app, t("menu.quit_title"), body, t("menu.quit"), self.app.quit,
                                            t("menu.stay")))

    # -- actions ---------------------------------------------------------------
    def new_game(self, key: Optional[str] = None) -> None:
        registry.push(self.app, "setup", game=key)

    def continue_game(self) -> None:
        """Resume the unfinished game played last (each game has its own autosave), or go back to the
        seat at a table on the network sat at since (the join screen comes back to it by its token,
        and says so plainly if the host is not there)."""
        if self.back_to_seat_first():
            kept = self.kept_seat
            registry.push(self.app, "join", address=f"{kept.address[0]}:{kept.address[1]}", code=kept.code,
                          seat=kept.seat, now=True)
            return
        book = settings_store.save_book()
        try:
            newest = book.newest_unfinished()
            if newest is None:
                problems = book.problems()
                raise SaveError("no unfinished game can be read", problems[0][1] if problems else "unreadable")
            from game.core.match import Match   # not before it is needed: the menu's first frame waits for none of it

            match = Match.load(GAMES, newest.path, autosave_path=newest.path)
        except SaveError as exc:
            log.warning("the autosave cannot be loaded: %s", exc)
            self._load_failed(exc.kind)
            return
        except Exception:  # anything else a strange file provokes: same message, logged
            log.exception("loading the autosave failed")
            self._load_failed("damaged")
            return
        show_table(self.app, match)

    def _load_failed(self, kind: str) -> None:
        """Tell the player, in their language, why; the technical detail is in the log."""
        t = self.app.t
        self.app.manager.push(MessageScene(self.app, t("menu.continue_failed_title"),
                                           t("menu.continue_failed_body", reason=t(f"save.error.{kind}")),
                                           is_error=True))

    def continue_caption(self) -> Optional[tuple[str, str]]:
        """What Continue resumes, under its label: the game; the players and the round."""
        from .save_words import resume_caption
        t = self.app.t
        if self.back_to_seat_first():
            kept = self.kept_seat
            spec = GAMES.get(kept.game) if kept.game else None
            where = f"{kept.address[0]}:{kept.address[1]}"
            return (t.name(spec.names) if spec is not None else t("menu.continue_network"),
                    t("menu.continue_seat", n=kept.seat + 1, where=where))
        return resume_caption(t, self.newest) if self.newest is not None else None

    def join_table(self) -> None:
        """Sit at a table hosted on another computer of the local network (scenes/shell/join.py)."""
        registry.push(self.app, "join")

    def saved_games(self) -> None:
        registry.push(self.app, "saved_games")

    def history(self) -> None:
        registry.push(self.app, "history")

    def rules(self) -> None:
        self.app.manager.push(GamePickerScene(self.app, self.app.t("menu.pick_rules"),
                                              lambda key: open_rules(self.app, key)))

    def settings(self) -> None:
        registry.push(self.app, "settings")

    def players(self) -> None:
        """Everyone who played here, with their record (scenes/shell/players.py)."""
        registry.push(self.app, "players")

    def learned_mark(self, key: str) -> Optional[str]:
        """The word on a game's tile once its guided game was played to the end."""
        return self.app.t("tutorial.learned") if key in self.app.settings.learned else None  # lesson 1

    def learn(self) -> None:
        """A guided game: pick a game's lesson (each with its length and how far the player got in
        it; scenes/tutorial/picker.py), then sit at its table."""
        registry.push(self.app, "lessons")

    # -- layout and drawing -----------------------------------------------------------
    def place(self, w: int, h: int) -> None:
        px = self.app.px
        # One column of buttons in the tray; Continue is taller for its caption, and Saved games
        # and History share a row.
        rows = {"new": (75, 246, 146, 52), "join": (229, 246, 146, 52), "continue": (75, 308, 300, 84), "saved": (75, 402, 146, 52),
                "history": (229, 402, 146, 52), "rules": (75, 464, 146, 52), "learn": (229, 464, 146, 52), "settings": (75, 526, 146, 52),
                "players": (229, 526, 146, 52),
                "quit": (75, 588, 300, 52)}
        for name, b in self.buttons.items():
            b.rect = self.at(*rows[name])
            b.size = px(24 if rows[name][2] > 200 else 20)
        # The games' tiles fill the table beside the tray (800 x 420 design px): two to a row for up
        # to four games, three for more, as many rows as it takes.
        cols = 2 if len(self.tiles) <= 4 else 3
        rows = -(-len(self.tiles) // cols)
        tw, th = (800 - (cols - 1) * 20) // cols, (420 - (rows - 1) * 20) // rows
        for i, tile in enumerate(self.tiles):
            tile.rect = self.at(430 + (i % cols) * (tw + 20), 236 + (i // cols) * (th + 20), tw, th)
            tile.size = px(26 if cols == 2 and rows <= 2 else 22)

    def draw_content(self, surface: pygame.Surface) -> None:
        px, fonts, t = self.app.px, self.app.fonts, self.app.t
        # Title: a seal beside the gilded name, centred over the table.
        name = fonts.text(t("menu.brand"), px(84), theme.GOLD, bold=True)
        latin = fonts.text(t("menu.brand_latin"), px(30), theme.PARCHMENT, bold=True)
        seal_w = px(112)
        block_w = seal_w + px(28) + max(name.get_width(), latin.get_width())
        x = self.frame.centerx - block_w // 2
        top = self.frame.y + px(34)
        square_seal(surface, fonts, pygame.Rect(x, top + px(8), seal_w, seal_w), t("menu.seal"))
        tx = x + seal_w + px(28)
        r = heading(surface, fonts, t("menu.brand"), (tx, top - px(10)), px(84))
        surface.blit(latin, (tx + px(4), r.bottom - px(6)))
        self.label(surface, t("menu.tagline"), (self.frame.centerx, top + px(158)), px(20), theme.PARCHMENT_DARK,
                   anchor="midtop")
        # The wooden tray that holds the buttons.
        tray = self.at(50, 232, 350, 428)
        draw.panel(surface, tray, fill=theme.WOOD, border=theme.WOOD_DARK, radius=px(16), width=px(4))
        if self.no_folder:
            band = self.at(50, 662, 1180, 26)
            draw.panel(surface, band, fill=theme.VERMILION_DARK, border=theme.GOLD, radius=px(6), width=px(1))
            self.label(surface, t("save.no_folder"), band.center, px(15), theme.PARCHMENT, anchor="center",
                       max_w=band.w - px(16))
        if not (self.no_folder and self.app.text_scale > 1):   # larger words: the band takes the keys' line
            self.label(surface, t("menu.footer"), (self.frame.centerx, self.frame.bottom - px(14)), px(15),
                       theme.PARCHMENT_DARK, anchor="midbottom")


class GamePickerScene(CardBoxScene):
    """A modal card box over the current scene: pick one of the four games."""

    def __init__(self, app, title: str, on_pick: Callable[[str], object],
                 mark: Optional[Callable[[str], Optional[str]]] = None) -> None:
        self.title = title
        self.mark = mark  # a word stamped on a game's card (e.g. "Learned"), or None
        self.cards = [GameCard(spec, lambda: self.app.t, lambda k=key: self._pick(k), compact=True,
                               mark=(lambda k=key: mark(k)) if mark is not None else None)
                      for key, spec in GAMES.items()]
        super().__init__(app, self.cards, on_pick)

    def layout(self, w: int, h: int) -> None:
        px = self.app.px
        self.box = pygame.Rect(0, 0, min(w - px(60), px(760)), px(420))
        self.box.center = (w // 2, h // 2)
        cw = (self.box.w - px(60)) // 2
        for i, card in enumerate(self.cards):
            card.rect = pygame.Rect(self.box.x + px(20) + (i % 2) * (cw + px(20)),
                                    self.box.y + px(90) + (i // 2) * px(120), cw, px(100))
            card.size = px(22)
        self.place_close()
        self.dirty = True

    def draw_contents(self, surface: pygame.Surface) -> None:
        px = self.app.px
        t = self.app.fonts.text(self.title, px(28), theme.INK, bold=True)
        surface.blit(t, t.get_rect(midtop=(self.box.centerx, self.box.y + px(26))))


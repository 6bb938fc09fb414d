"""The shell scenes driven as a player would: posted clicks and keys, one app.tick() at a time."""
from __future__ import annotations

import itertools
import json
import os
import tempfile

# conftest.py sets these too; kept here so this module also runs on its own.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SIFANG_DATA_DIR", tempfile.mkdtemp(prefix="sifang-menu-test-"))

import pygame
import pytest

from game.core.match import Match, Seat
from game.registry import GAMES
from scenes import settings_store
from scenes.app import App
from scenes.shell.dialog import MessageScene
from scenes.shell.menu import GamePickerScene, MainMenuScene
from scenes.shell.settings_scene import SettingsScene
from scenes.settings_store import Settings
from scenes.shell.setup import SetupScene

SIZES = [(1024, 600), (1280, 720), (2560, 1440)]


def clear_saves() -> None:
    book = settings_store.save_book()
    for folder in (book.saves_dir, book.history_dir):
        for p in folder.glob("*") if folder.exists() else []:
            p.unlink()


@pytest.fixture(autouse=True)
def no_autosave():
    """No saved game before each test (the path a Xuanwu game would save to is given); the
    settings file is put back as it was after it."""
    clear_saves()
    path = settings_store.save_book().new_autosave_path("xuanwu_gate")
    settings_file = settings_store.settings_path()
    before = settings_file.read_bytes() if settings_file.exists() else None
    yield path
    clear_saves()
    if before is None:
        settings_file.unlink(missing_ok=True)
    else:
        settings_file.write_bytes(before)


def make_app(lang: str = "zh_TW", size=(1280, 720), **settings) -> App:
    app = App(lang=lang, size=size, settings=Settings(lang=lang, **settings))
    app.tick()
    return app


def click(app: App, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=tuple(pos)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=tuple(pos)))
    app.tick()


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.tick()


def type_text(app: App, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.tick()


def step_to(app: App, stepper, value) -> None:
    """Click the stepper's right arrow until it shows `value`."""
    for _ in range(len(stepper.values) + 1):
        if stepper.value == value:
            return
        click(app, (stepper.rect.right - stepper.rect.h // 2, stepper.rect.centery))
    assert stepper.value == value


def assert_laid_out(app: App, widgets) -> None:
    screen = pygame.Rect((0, 0), app.size)
    rects = [w.rect for w in widgets if w.visible]
    for r in rects:
        assert r.w > 0 and r.h > 0 and screen.contains(r), r
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), (a, b)


# -- main menu -------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["zh_TW", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_menu_builds_and_draws(lang, size):
    app = make_app(lang, size)
    menu = app.manager.top
    assert isinstance(menu, MainMenuScene)
    assert app.size == size
    assert_laid_out(app, [*menu.buttons.values(), *menu.tiles])
    assert not menu.buttons["continue"].enabled  # no autosave
    # Drawn: the table is not one flat colour.
    colours = {tuple(app.screen.get_at((x, y))) for x in range(0, size[0], 97) for y in range(0, size[1], 61)}
    assert len(colours) > 10


def test_menu_relayouts_on_resize():
    app = make_app("en", (1280, 720))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600, size=(1024, 600)))
    app.tick()
    menu = app.manager.top
    assert app.size == (1024, 600)
    assert_laid_out(app, [*menu.buttons.values(), *menu.tiles])


BROKEN_SAVES = {
    "not_json": b"{this is not json",
    "binary": bytes(range(256)),
    "foreign_game": json.dumps({"format": "sifang-record", "game": "chess", "n_players": 2}).encode(),
    "json_list": b"[1, 2, 3]",
    "bad_seats": json.dumps({"format": "sifang-record", "game": "xuanwu_gate", "n_players": 3,
                             "seats": "everyone"}).encode(),
}


@pytest.mark.parametrize("content", list(BROKEN_SAVES.values()), ids=list(BROKEN_SAVES))
def test_continue_with_broken_save_shows_message_and_keeps_menu(no_autosave, content):
    no_autosave.parent.mkdir(parents=True, exist_ok=True)
    no_autosave.write_bytes(content)
    app = make_app("en")
    menu = app.manager.top
    assert menu.buttons["continue"].enabled  # so the player learns why it cannot be used
    click(app, menu.buttons["continue"].rect.center)
    top = app.manager.top
    assert isinstance(top, MessageScene) and top.is_error
    assert app.manager.stack[-2] is menu
    click(app, top.group.widgets[-1].rect.center)  # OK
    assert app.manager.top is menu and app.running


def test_continue_disabled_for_finished_game(no_autosave, monkeypatch):
    match = Match.new(GAMES["xuanwu_gate"], [Seat(f"P{i}", "easy") for i in range(3)], seed=3,
                      autosave_path=no_autosave)
    while not match.state.is_over():
        match.step_bot()
    assert match.autosave_path.parent.name == "history" and not no_autosave.exists()
    app = make_app("en")
    assert not app.manager.top.buttons["continue"].enabled


def test_continue_unfinished_game(no_autosave):
    Match.new(GAMES["xuanwu_gate"], [Seat("A"), Seat("B", "easy"), Seat("C", "normal")], seed=5,
              autosave_path=no_autosave)
    app = make_app("en")
    menu = app.manager.top
    assert menu.buttons["continue"].enabled
    click(app, menu.buttons["continue"].rect.center)
    from scenes.xuanwu_gate.table import XuanwuTableScene
    assert app.manager.find(XuanwuTableScene) is not None
    assert app.manager.find(XuanwuTableScene).match.seats[0].name == "A"


def test_rules_picker_offers_every_game_and_opens_its_rules():
    from scenes.shell.rules_help import RulesHelpScene
    app = make_app("zh_TW")
    click(app, app.manager.top.buttons["rules"].rect.center)
    picker = app.manager.top
    assert isinstance(picker, GamePickerScene)
    assert [c.spec.key for c in picker.cards] == list(GAMES)
    xuanwu = next(c for c in picker.cards if c.spec.key == "xuanwu_gate")
    click(app, xuanwu.rect.center)
    assert app.manager.find(GamePickerScene) is None
    assert isinstance(app.manager.top, RulesHelpScene)


def test_available_tile_opens_setup_and_quit_quits():
    app = make_app("en")
    menu = app.manager.top
    tile = next(t for t in menu.tiles if t.spec.key == "xuanwu_gate")
    click(app, tile.rect.center)
    assert isinstance(app.manager.top, SetupScene) and app.manager.top.game == "xuanwu_gate"
    key(app, pygame.K_ESCAPE)
    click(app, menu.buttons["quit"].rect.center)
    assert not app.running


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_escape_on_the_title_screen_asks_to_quit_and_staying_is_the_default(lang):
    app = make_app(lang)
    menu = app.manager.top
    assert app.t("menu.quit").casefold() in app.t("menu.footer").casefold()   # the footer says what Esc does
    key(app, pygame.K_ESCAPE)
    question = app.manager.top
    assert isinstance(question, MessageScene) and question.title == app.t("menu.quit_title")
    stay = next(b for b in question.group.widgets if b.label == app.t("menu.stay"))
    assert stay.style == "primary" and stay.hotkey == pygame.K_RETURN
    app.manager.draw(app.screen)
    key(app, pygame.K_RETURN)
    assert app.running and app.manager.top is menu
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)   # Esc on the question is "stay" too
    assert app.running and app.manager.top is menu
    key(app, pygame.K_ESCAPE)
    quit_button = next(b for b in app.manager.top.group.widgets if b.label == app.t("menu.quit"))
    assert quit_button.style == "danger"
    click(app, quit_button.rect.center)
    assert not app.running


# -- setup --------------------------------------------------------------------------
def open_setup(app: App) -> SetupScene:
    click(app, app.manager.top.buttons["new"].rect.center)
    setup = app.manager.top
    assert isinstance(setup, SetupScene)
    return setup


@pytest.mark.parametrize("n", [3, 7])
def test_setup_builds_a_legal_match(no_autosave, n):
    app = make_app("zh_TW", (1024, 600))
    setup = open_setup(app)
    step_to(app, setup.players, n)
    assert_laid_out(app, setup.group.widgets)
    # A Chinese name typed through the IME, an emptied name, a bot.
    field = setup.names[0]
    click(app, field.rect.center)
    for _ in range(len(field.text)):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "王小明")
    click(app, setup.names[1].rect.center)
    for _ in range(len(setup.names[1].text)):
        key(app, pygame.K_BACKSPACE)
    step_to(app, setup.kinds[0], "human")
    step_to(app, setup.kinds[n - 1], "easy")
    step_to(app, setup.option_steppers["start_player"], n - 1)
    assert setup.start_button.enabled
    click(app, setup.start_button.rect.center)

    match = Match.load(GAMES, settings_store.save_book().newest_unfinished().path)
    assert [s.name for s in match.seats][:2] == ["王小明", "玩家2"]  # the empty name took its default
    assert len(match.seats) == n and match.seats[0].is_human and match.seats[n - 1].kind == "easy"
    assert match.state.start == n - 1 and match.state.to_act()
    remembered = settings_store.remembered_table(app.settings, "xuanwu_gate")
    assert remembered["players"] == n and remembered["seats"][0]["name"] == "王小明"
    saved = json.loads(settings_store.settings_path().read_text(encoding="utf-8"))
    assert saved["last_setup"]["game"] == "xuanwu_gate" and saved["last_setup"]["tables"]["xuanwu_gate"]["players"] == n
    from scenes.xuanwu_gate.table import XuanwuTableScene
    assert app.manager.find(XuanwuTableScene) is not None and app.manager.find(SetupScene) is None


def test_setup_replaces_itself_with_the_table():
    from scenes.xuanwu_gate.table import XuanwuTableScene
    app = make_app("en")
    setup = open_setup(app)
    click(app, setup.start_button.rect.center)
    assert isinstance(app.manager.top, XuanwuTableScene) or app.manager.find(XuanwuTableScene)
    assert app.manager.find(SetupScene) is None


def test_setup_duplicate_names_block_start(no_autosave):
    app = make_app("en")
    setup = open_setup(app)
    click(app, setup.names[1].rect.center)
    for _ in range(len(setup.names[1].text)):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "player 1")  # the same as seat 1, but for case
    assert not setup.start_button.enabled
    assert setup.problem and "player 1" in setup.problem and setup.bad_rows == {0, 1}
    click(app, setup.start_button.rect.center)
    assert app.manager.top is setup and not no_autosave.exists()
    click(app, setup.names[1].rect.center)  # the click on Start took the focus away
    type_text(app, "x")
    assert setup.start_button.enabled and setup.problem is None


def test_setup_target_only_with_scoring_and_start_player_limited():
    app = make_app("en")
    setup = open_setup(app)
    step_to(app, setup.players, 3)
    step_to(app, setup.option_steppers["variant"], "basic")
    assert not setup.option_steppers["target"].visible
    assert "target" not in setup.chosen_options()
    step_to(app, setup.option_steppers["variant"], "scoring")
    assert setup.option_steppers["target"].visible
    assert setup.chosen_options()["target"] == 7
    assert setup.option_steppers["start_player"].values == ["random", 0, 1, 2]
    assert setup.option_steppers["start_player"].label_of(2) == "Player 3"


def test_setup_prefills_from_last_setup_and_survives_junk():
    last = {"game": "xuanwu_gate", "players": 7, "options": {"variant": "scoring", "target": 10, "start_player": True},
            "seats": [{"name": "阿明", "kind": "easy"}, {"name": 5, "kind": None}, "junk",
                      {"name": "Bob\x00\n", "kind": "normal"}]}
    app = make_app("en", last_setup=last)
    setup = open_setup(app)
    assert setup.n == 7 and setup.names[0].text == "阿明" and setup.kinds[0].value == "easy"
    assert setup.names[1].text == "Player 2" and setup.names[3].text == "Bob"
    assert setup.chosen_options()["target"] == 10
    assert setup.option_steppers["start_player"].value == "random"  # True is not seat 1
    app.tick()
    for junk in ("nonsense", {"game": 3, "players": "many", "seats": {"a": 1}, "options": [1]}):
        app = make_app("zh_TW", last_setup=junk)
        assert open_setup(app).n == 4


def test_each_game_is_set_up_with_its_own_last_table_or_the_defaults_never_anothers(no_autosave):
    xuanwu = {"players": 7, "options": {"start_player": 6},
              "seats": [{"name": "阿明", "kind": "human"}, {"name": "阿華", "kind": "human"}]
              + [{"name": f"Bot {i}", "kind": "easy"} for i in range(5)]}
    elfenland = {"players": 3, "options": {"rounds": 4},
                 "seats": [{"name": "Ann", "kind": "human"}, {"name": "", "kind": "hard"},
                           {"name": "Cleo", "kind": "human"}]}
    app = make_app("en", last_setup={"game": "xuanwu_gate",
                                     "tables": {"xuanwu_gate": xuanwu, "elfenland": elfenland}})
    setup = open_setup(app)
    assert setup.game == "xuanwu_gate" and setup.n == 7 and setup.seat_name(1) == "阿華"
    assert setup.option_steppers["start_player"].value == 6

    def choose(key):
        click(app, next(c for c in setup.cards if c.spec.key == key).rect.center)
        assert setup.game == key

    choose("european_union")   # never set up here: the defaults, nothing of Xuanwu's seven
    assert setup.n == 4 and [setup.seat_name(i) for i in range(4)] == [f"Player {i}" for i in range(1, 5)]
    assert [setup.kinds[i].value for i in range(4)] == ["human"] + [app.settings.bot_level] * 3
    assert setup.option_steppers["start_player"].value == GAMES["european_union"].options["start_player"][0]
    choose("elfenland")        # its own last table
    assert setup.n == 3 and [setup.seat_name(i) for i in range(3)] == ["Ann", "Player 2", "Cleo"]
    assert [setup.kinds[i].value for i in range(3)] == ["human", "hard", "human"]
    assert setup.option_steppers["rounds"].value == 4
    field = setup.names[1]
    click(app, field.rect.center)
    for _ in range(len(field.text)):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Dan")
    choose("xuanwu_gate")
    assert setup.n == 7 and setup.seat_name(0) == "阿明"
    choose("elfenland")        # back as it was left in this setup
    assert setup.n == 3 and setup.seat_name(1) == "Dan"
    click(app, setup.start_button.rect.center)
    assert settings_store.last_game(app.settings) == "elfenland"
    assert settings_store.remembered_table(app.settings, "elfenland")["seats"][1]["name"] == "Dan"
    assert settings_store.remembered_table(app.settings, "xuanwu_gate") == xuanwu   # untouched


def test_default_names_follow_the_language_and_typed_names_stay_as_typed(no_autosave):
    from game.core.names import is_default_name, shown_name
    from game.core.i18n import Translator
    from scenes.shell.save_words import names_words
    zh, en = Translator("zh_TW"), Translator("en")
    assert is_default_name("Player 2", 1) and is_default_name("玩家2", 1) and not is_default_name("Player 2", 0)
    assert shown_name("Player 3", 2, zh) == "玩家3" and shown_name("玩家3", 2, en) == "Player 3"
    assert shown_name("Player Two", 1, zh) == "Player Two"
    # A table remembered in English (an older settings file kept the default names) set up in Chinese.
    last = {"game": "xuanwu_gate", "players": 3,
            "seats": [{"name": "Player 1", "kind": "human"}, {"name": "Bob", "kind": "easy"},
                      {"name": "", "kind": "easy"}]}
    app = make_app("zh_TW", last_setup=last)
    setup = open_setup(app)
    assert [setup.seat_name(i) for i in range(3)] == ["玩家1", "Bob", "玩家3"]
    assert [s["name"] for s in setup.table_form()["seats"][:3]] == ["", "Bob", ""]
    # A game started in English, taken up in Chinese, then the language switched at the table.
    Match.new(GAMES["xuanwu_gate"], [Seat("Player 1"), Seat("Bob", "easy"), Seat("Player 3", "easy")],
              seed=5, autosave_path=no_autosave)
    header = settings_store.save_book().newest_unfinished()
    assert names_words(zh, header) == "玩家1、Bob、玩家3"
    click(app, setup.back_button.rect.center)
    click(app, app.manager.top.buttons["continue"].rect.center)
    from scenes.xuanwu_gate.table import XuanwuTableScene
    table = app.manager.find(XuanwuTableScene)
    assert [s.name for s in table.match.seats] == ["玩家1", "Bob", "玩家3"]
    app.manager.push(SettingsScene(app))
    app.tick()
    click(app, app.manager.top.lang_buttons["en"].rect.center)
    click(app, app.manager.top.back_button.rect.center)
    assert [s.name for s in table.match.seats] == ["Player 1", "Bob", "Player 3"]


def test_setup_back_and_escape_return_to_menu():
    app = make_app("en")
    setup = open_setup(app)
    click(app, setup.back_button.rect.center)
    assert isinstance(app.manager.top, MainMenuScene)
    open_setup(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, MainMenuScene)


def test_a_new_game_gets_its_own_autosave_and_the_game_in_progress_is_kept(no_autosave):
    Match.new(GAMES["xuanwu_gate"], [Seat("A"), Seat("B"), Seat("C")], seed=1, autosave_path=no_autosave)
    app = make_app("en")
    setup = open_setup(app)
    click(app, setup.start_button.rect.center)
    assert not isinstance(app.manager.top, MessageScene)  # no "replace?" question
    unfinished = settings_store.save_book().unfinished()
    assert len(unfinished) == 2 and no_autosave in [h.path for h in unfinished]
    assert [s.name for s in Match.load(GAMES, no_autosave).seats] == ["A", "B", "C"]


# -- settings ----------------------------------------------------------------------
def test_settings_language_speed_and_back():
    app = make_app("zh_TW")
    click(app, app.manager.top.buttons["settings"].rect.center)
    scene = app.manager.top
    assert isinstance(scene, SettingsScene)
    click(app, scene.lang_buttons["en"].rect.center)
    assert app.t.lang == "en" and app.settings.lang == "en"
    assert app.t("menu.new_game") == "New game"
    click(app, scene.speed_buttons["fast"].rect.center)
    assert app.settings.bot_speed == "fast"
    saved = json.loads(settings_store.settings_path().read_text(encoding="utf-8"))
    assert saved["lang"] == "en" and saved["bot_speed"] == "fast"
    assert_laid_out(app, scene.group.widgets)
    click(app, scene.back_button.rect.center)
    menu = app.manager.top
    assert isinstance(menu, MainMenuScene)
    assert menu.buttons["new"].label() == "New game"
    click(app, menu.buttons["settings"].rect.center)
    click(app, app.manager.top.lang_buttons["zh_TW"].rect.center)
    assert app.t.lang == "zh_TW" and app.t("menu.new_game") == "開新遊戲"


def test_settings_fullscreen_toggle():
    app = make_app("en")
    click(app, app.manager.top.buttons["settings"].rect.center)
    scene = app.manager.top
    click(app, scene.tabs["screen"].rect.center)   # full screen is on the Screen and sound page
    click(app, scene.fullscreen.rect.center)
    assert app.fullscreen and app.settings.fullscreen and scene.fullscreen.value
    click(app, scene.fullscreen.rect.center)
    assert not app.fullscreen and not scene.fullscreen.value


def test_menu_strings_are_translated_in_both_languages(repo_root):
    en = json.loads((repo_root / "assets/i18n/en/menu.json").read_text(encoding="utf-8"))
    zh = json.loads((repo_root / "assets/i18n/zh_TW/menu.json").read_text(encoding="utf-8"))
    assert en.keys() == zh.keys()
    spec = GAMES["xuanwu_gate"]
    for name, values in spec.options.items():
        assert f"option.xuanwu_gate.{name}" in en
    # A bot level's words may live in any of the language's files (hard's are in bot_levels.json).
    every = {lang: {k for f in (repo_root / "assets/i18n" / lang).glob("*.json")
                    for k in json.loads(f.read_text(encoding="utf-8"))} for lang in ("en", "zh_TW")}
    for kind in ("human", *spec.bots):
        assert f"setup.kind.{kind}" in every["en"] and f"setup.kind.{kind}" in every["zh_TW"]
    for speed in settings_store.BOT_SPEEDS:
        assert f"settings.speed.{speed}" in en


@pytest.mark.parametrize("key", list(GAMES))
def test_every_option_of_every_game_has_words_in_both_languages(key):
    """Setup shows an option's name and each of its values; none may show a raw translation key."""
    from game.core.i18n import Translator
    from scenes.shell.setup import option_value_label
    spec = GAMES[key]
    for lang in ("zh_TW", "en"):
        t = Translator(lang)
        for name, values in spec.options.items():
            assert t(f"option.{key}.{name}") != f"option.{key}.{name}", (lang, name)
            for value in values:
                if name == "start_player" and isinstance(value, int):
                    continue  # shown as the seat's player name
                label = option_value_label(t, key, name, value)
                assert not label.startswith("option.") and label != str(value), (lang, name, value, label)

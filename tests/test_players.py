"""Players' records (issue 35): who played, what they won, per game, per table size, against which
bot levels, and their last results, read from History (game/core/records.py) and shown on the
Players screen (scenes/shell/players.py); renames kept as aliases and removals as hidden names in
the settings, each asked first. A History file that cannot be read is skipped, never a crash."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pygame
import pytest

from game.core.records import LOST, SHARED, WON, build_records, rename, resolve
from game.core.saves import SaveBook, SaveHeader
from game.core.state import RECORD_FORMAT
from scenes import settings_store
from scenes.app import App
from scenes.settings_store import Settings, load_settings
from scenes.shell.dialog import MessageScene
from scenes.shell.menu import MainMenuScene
from scenes.shell.players import PER_PAGE, PlayersScene

DAY = 86400.0
NOW = time.time()


def header(game: str, seats: list[tuple[str, str]], winners: list[int], age_days: float = 1.0,
           finished: bool = True) -> SaveHeader:
    return SaveHeader(Path(f"/nowhere/{game}-{age_days}.json"), game, seats, 3, NOW - age_days * DAY, finished,
                      winners, 10)


def by_name(records) -> dict:
    return {r.name: r for r in records}


# -- the records, pure ---------------------------------------------------------------------------------
def test_played_and_won_per_game_per_table_size_and_bot_levels():
    headers = [
        header("elfenland", [("Ann", "human"), ("Bo", "human"), ("x", "hard")], [0], 1),
        header("elfenland", [("Ann", "human"), ("x", "easy"), ("y", "easy"), ("z", "hard")], [1], 2),
        header("xuanwu_gate", [("Bo", "human"), ("Ann", "human"), ("x", "normal")], [0, 1], 3),   # shared
        header("xuanwu_gate", [("Ann", "human"), ("Bo", "human"), ("x", "normal")], [], 4, finished=False),
    ]
    people = by_name(build_records(headers))
    ann, bo = people["Ann"], people["Bo"]
    assert (ann.total.played, ann.total.won, ann.total.shared) == (3, 2, 1)
    assert (ann.games["elfenland"].played, ann.games["elfenland"].won) == (2, 1)
    assert (ann.games["xuanwu_gate"].won, ann.games["xuanwu_gate"].shared) == (1, 1)
    assert (ann.sizes[("elfenland", 3)].played, ann.sizes[("elfenland", 3)].won) == (1, 1)
    assert (ann.sizes[("elfenland", 4)].played, ann.sizes[("elfenland", 4)].won) == (1, 0)
    # Each level counted once per game it sat at; two easy bots at one table are one game.
    assert {k: (v.played, v.won) for k, v in ann.bots.items()} == {"hard": (2, 1), "easy": (1, 0), "normal": (1, 1)}
    assert (bo.total.played, bo.total.won) == (2, 1)
    assert "x" not in people and "z" not in people   # bots are nobody's record
    assert list(people) == ["Ann", "Bo"]             # most games first


def test_last_results_newest_first_with_outcome_and_size():
    headers = [header("elfenland", [("Ann", "human"), ("b", "easy")], [0 if i % 2 else 1], age_days=i)
               for i in range(1, 8)]
    headers.append(header("european_union", [("Ann", "human"), ("Cy", "human"), ("b", "hard")], [0, 1], 0.5))
    ann = by_name(build_records(headers))["Ann"]
    assert len(ann.last) == 5
    assert [r.when for r in ann.last] == sorted((r.when for r in ann.last), reverse=True)
    first = ann.last[0]
    assert (first.game, first.outcome, first.size) == ("european_union", SHARED, 3)
    assert [r.outcome for r in ann.last[1:]] == [WON, LOST, WON, LOST]


def test_aliases_merge_two_names_and_hidden_names_vanish():
    headers = [header("elfenland", [("Ann", "human"), ("b", "easy")], [0], 1),
               header("elfenland", [("Annie", "human"), ("b", "easy")], [1], 2),
               header("elfenland", [("Bo", "human"), ("b", "easy")], [0], 3)]
    people = by_name(build_records(headers, {"Annie": "Ann"}))
    assert set(people) == {"Ann", "Bo"}
    assert (people["Ann"].total.played, people["Ann"].total.won) == (2, 1)
    assert people["Ann"].names == {"Ann", "Annie"}
    people = by_name(build_records(headers, {"Annie": "Ann"}, hidden=["Ann"]))
    assert set(people) == {"Bo"}
    # One person at two seats of one game counts it once.
    both = by_name(build_records([header("elfenland", [("Ann", "human"), ("Annie", "human")], [1])],
                                 {"Annie": "Ann"}))
    assert (both["Ann"].total.played, both["Ann"].total.won, both["Ann"].total.shared) == (1, 1, 0)


def test_rename_follows_chains_merges_and_never_loops():
    aliases = rename({}, "Annie", "Ann")
    aliases = rename(aliases, "Ann", "Anna")
    assert resolve("Annie", aliases) == "Anna" and resolve("Ann", aliases) == "Anna"
    back = rename(aliases, "Anna", "Ann")   # back to an old name: no loop
    assert resolve("Annie", back) == "Ann" and resolve("Anna", back) == "Ann" and resolve("Ann", back) == "Ann"
    assert resolve("a", {"a": "b", "b": "a"}) in ("a", "b")   # a loop from a hand-edited file stops


def test_settings_keep_aliases_and_hidden_names_and_drop_junk(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"player_aliases": {"Annie": "Ann", "x": 3, "y": "y", "": "z", "bad\u0000": "q"},
                                "hidden_players": ["Bo", "Bo", 7, None, ""]}), encoding="utf-8")
    s = load_settings(path)
    assert s.player_aliases == {"Annie": "Ann"} and s.hidden_players == ["Bo"]
    path.write_text(json.dumps({"player_aliases": ["nonsense"], "hidden_players": {"a": 1}}), encoding="utf-8")
    s = load_settings(path)
    assert s.player_aliases == {} and s.hidden_players == []


# -- the screen ------------------------------------------------------------------------------------------
def write_history(root: Path, name: str, game: str, seats: list[tuple[str, str]], winners: list[int],
                  age_days: float) -> Path:
    """A finished game's file in History: its header, and a record that agrees with it."""
    folder = root / "history"
    folder.mkdir(parents=True, exist_ok=True)
    head = {"game": game, "seats": [[n, k] for n, k in seats], "round": 2, "updated": NOW - age_days * DAY,
            "finished": True, "winners": winners, "actions": 0}
    record = {"format": RECORD_FORMAT, "game": game, "n_players": len(seats), "seed": 1, "options": {},
              "seats": [{"name": n, "kind": k} for n, k in seats], "actions": []}
    path = folder / f"{name}.json"
    path.write_text(json.dumps({"format": 3, "header": head, "record": record}, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("SIFANG_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(settings_store, "save_book", lambda: SaveBook(tmp_path))
    write_history(tmp_path, "a", "elfenland", [("王小明", "human"), ("Alice", "human"), ("b", "hard")], [0], 1)
    write_history(tmp_path, "b", "xuanwu_gate", [("王小明", "human"), ("c", "easy"), ("d", "normal")], [1], 2)
    write_history(tmp_path, "c", "wonderful_island", [("Alice", "human"), ("王小明", "human"), ("Bob", "human"),
                                                       ("e", "normal")], [0, 2], 3)
    write_history(tmp_path, "d", "european_union", [("Alice Longname Q", "human"), ("f", "hard"),
                                                     ("g", "hard")], [0], 4)
    (tmp_path / "history" / "junk.json").write_text("{not json at all", encoding="utf-8")
    (tmp_path / "history" / "foreign.json").write_text(json.dumps({"hello": "world"}), encoding="utf-8")
    return tmp_path


def make_app(lang: str = "en", size=(1280, 720)) -> App:
    return App(lang=lang, size=size, settings=Settings(lang=lang))


def open_players(app: App) -> PlayersScene:
    scene = app.manager.push(PlayersScene(app))
    app.tick()
    return scene


def click(app: App, rect: pygame.Rect) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    app.tick()


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.tick()


def dialog_button(app: App, label: str) -> pygame.Rect:
    dialog = app.manager.top
    assert isinstance(dialog, MessageScene)
    return next(b for b in dialog.group.widgets if b.label == label).rect


def test_the_menu_opens_players_by_button_and_by_p(folder):
    app = make_app()
    menu = app.manager.top
    assert isinstance(menu, MainMenuScene)
    settings, players = menu.buttons["settings"].rect, menu.buttons["players"].rect
    assert settings.y == players.y and settings.w == players.w and not settings.colliderect(players)
    click(app, players)
    assert isinstance(app.manager.top, PlayersScene)
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is menu
    key(app, pygame.K_p)
    assert isinstance(app.manager.top, PlayersScene)
    pygame.display.quit()


def test_a_broken_history_file_is_skipped_and_said(folder):
    app = make_app()
    scene = open_players(app)
    # Most games first, then the latest game.
    assert [r.name for r in scene.records] == ["王小明", "Alice", "Bob", "Alice Longname Q"]
    assert {p.name for p, _ in scene.problems} == {"junk.json", "foreign.json"}
    wang = scene.record()
    assert wang.name == "王小明" and (wang.total.played, wang.total.won, wang.total.shared) == (3, 1, 0)
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_screen_draws_at_both_sizes_in_both_languages(folder, lang, size, tmp_path_factory):
    app = make_app(lang, size)
    scene = open_players(app)
    app.manager.draw(app.screen)
    shots = tmp_path_factory.getbasetemp() / "players_shots"
    shots.mkdir(exist_ok=True)
    pygame.image.save(app.screen, str(shots / f"players_{lang}_{size[0]}.png"))
    window = app.screen.get_rect()
    for w in scene.group.widgets:
        if w.visible:
            assert window.contains(w.rect), w
    # The person chosen next, with no bots at the table, draws too; and the empty screen.
    click(app, scene.people[1][1].rect)
    assert scene.chosen == "Alice"
    app.manager.draw(app.screen)
    for f in folder.joinpath("history").glob("*.json"):
        f.unlink()
    scene.refresh()
    app.manager.draw(app.screen)
    assert scene.records == [] and not scene.rename_button.visible
    pygame.display.quit()


def test_many_people_are_paged(folder):
    for i in range(PER_PAGE + 2):
        write_history(folder, f"p{i}", "elfenland", [(f"P{i:02d}", "human"), ("b", "easy")], [0], 5 + i)
    app = make_app()
    scene = open_players(app)
    assert scene.pages == 2 and len(scene.people) == PER_PAGE and scene.next_button.visible
    key(app, pygame.K_PAGEDOWN)
    assert scene.page == 1 and len(scene.people) == len(scene.records) - PER_PAGE
    pygame.display.quit()


def test_rename_asks_first_then_merges_and_persists(folder):
    app = make_app()
    scene = open_players(app)
    click(app, next(b for r, b in scene.people if r.name == "Alice Longname Q").rect)
    click(app, scene.rename_button.rect)
    assert scene.field.visible and scene.field.focus
    scene.field.text = "Alice"
    key(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, MessageScene)            # asked first
    key(app, pygame.K_RETURN)                                     # Enter is Cancel
    assert app.settings.player_aliases == {}
    assert "Alice Longname Q" in [r.name for r in scene.records]
    click(app, scene.rename_button.rect)
    scene.field.text = "Alice"
    key(app, pygame.K_RETURN)
    click(app, dialog_button(app, app.t("players.rename")))
    assert app.manager.top is scene
    alice = scene.record()
    assert alice.name == "Alice" and alice.total.played == 3
    assert "Alice Longname Q" not in [r.name for r in scene.records]
    assert load_settings().player_aliases == {"Alice Longname Q": "Alice"}
    # Rename clicked again while the field is open asks too.
    click(app, scene.rename_button.rect)
    scene.field.text = "Al"
    click(app, scene.rename_button.rect)
    assert isinstance(app.manager.top, MessageScene)
    key(app, pygame.K_ESCAPE)
    # Esc in the field leaves the name as it was, asking nothing.
    click(app, scene.rename_button.rect)
    scene.field.text = "Zed"
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is scene and not scene.field.visible and scene.chosen == "Alice"
    pygame.display.quit()


def test_remove_asks_first_and_persists(folder):
    app = make_app()
    scene = open_players(app)
    click(app, next(b for r, b in scene.people if r.name == "Bob").rect)
    click(app, scene.remove_button.rect)
    assert isinstance(app.manager.top, MessageScene)
    key(app, pygame.K_ESCAPE)                                     # Cancel
    assert "Bob" in [r.name for r in scene.records] and app.settings.hidden_players == []
    click(app, scene.remove_button.rect)
    click(app, dialog_button(app, app.t("players.remove")))
    assert "Bob" not in [r.name for r in scene.records]
    assert load_settings().hidden_players == ["Bob"]
    assert len(list(folder.joinpath("history").glob("*.json"))) == 6   # History itself untouched
    pygame.display.quit()


# -- seats nobody named, and nobody left --------------------------------------------------------------
def test_seats_nobody_named_are_not_one_person_called_player_1():
    from game.core.names import is_default_name
    from game.core.records import unnamed_games
    headers = [header("elfenland", [("Player 1", "human"), ("b", "hard")], [0], 1),
               header("xuanwu_gate", [("玩家1", "human"), ("c", "easy"), ("d", "easy"), ("e", "easy")], [1], 2),
               header("european_union", [("Ann", "human"), ("Player 2", "human"), ("f", "hard")], [1], 3)]
    unnamed = lambda name, seat: not name.strip() or is_default_name(name, seat)  # noqa: E731
    records = by_name(build_records(headers, unnamed=unnamed))
    assert set(records) == {"Ann"}, "no 'Player 1' made of whoever sat first unnamed"
    assert unnamed_games(headers, unnamed) == 3


def test_the_screen_says_why_unnamed_games_are_not_listed(folder):
    write_history(folder, "e", "elfenland", [("Player 1", "human"), ("b", "hard")], [0], 5)
    write_history(folder, "f", "xuanwu_gate", [("Player 1", "human"), ("c", "easy"), ("d", "easy")], [1], 6)
    app = make_app()
    scene = open_players(app)
    assert "Player 1" not in [r.name for r in scene.records] and scene.unnamed == 2
    pygame.display.quit()


def test_after_the_last_person_is_removed_the_screen_says_so_not_that_nobody_played(folder):
    app = make_app()
    scene = open_players(app)
    for name in [r.name for r in scene.records]:
        scene.remove(name)
    assert scene.records == []
    assert scene.empty_words() == app.t("players.all_removed") != app.t("players.empty")
    app.tick()
    pygame.display.quit()


def test_with_no_finished_game_the_screen_says_nobody_finished_one(tmp_path, monkeypatch):
    monkeypatch.setenv("SIFANG_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(settings_store, "save_book", lambda: SaveBook(tmp_path))
    app = make_app()
    scene = open_players(app)
    assert scene.empty_words() == app.t("players.empty")
    pygame.display.quit()

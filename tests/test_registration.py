"""One registration record per game (docs/architecture.md#where-a-new-game-goes): the game side in
game/registry.py (KEYS, each game's SPEC), the scene side in scenes/registry.py (SCENES), under the
same key. Every list of games is derived from them; a game missing a part, or left out of a list a
test keeps per game, fails here (never a skip)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.tutorial import check_lesson, lesson_numbers, load_lesson
from game.registry import GAMES, KEYS
from scenes import registry as scene_registry

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "assets" / "data"


def test_every_game_has_both_sides_of_its_record_under_one_key():
    assert list(GAMES) == list(KEYS) and len(set(KEYS)) == len(KEYS)
    assert set(scene_registry.SCENES) == set(GAMES), "a game with no scene record, or a record with no game"
    for key, spec in GAMES.items():
        assert spec.key == key and spec.new_game(spec.min_players, 1).key == key
        assert spec.names["zh_TW"] and spec.names["en"]
        assert 2 <= spec.min_players <= spec.max_players <= 8
        assert "easy" in spec.bots and "normal" in spec.bots


@pytest.mark.parametrize("key", KEYS)
def test_the_table_and_results_scenes_are_the_games_own(key):
    from scenes.shell.game_over import GameOverScene
    from scenes.table_scene import TableScene
    assert issubclass(scene_registry.table_scene_class(key), TableScene)
    results = scene_registry._load(*scene_registry.RESULTS[key])
    assert issubclass(results, GameOverScene)
    assert scene_registry.TABLES[key][0].startswith(f"scenes.{key}.")


@pytest.mark.parametrize("key", KEYS)
def test_the_rules_pages_demo_and_emblem_are_in_the_games_package(key):
    assert callable(scene_registry.game_part(key, "rules_pages"))
    assert callable(scene_registry.game_part(key, "demo"))
    from scenes.ui.emblems import emblem_module
    module = emblem_module(key)
    assert len(module.BACKGROUND) == 3 and callable(module.paint)


def test_every_picture_cache_a_record_names_exists_and_can_be_forgotten():
    import importlib
    for module, name in scene_registry.picture_caches():
        cache = getattr(importlib.import_module(module), name)
        assert hasattr(cache, "cache_clear") or hasattr(cache, "reserve"), f"{module}.{name}"


@pytest.mark.parametrize("key", KEYS)
def test_every_public_event_sound_of_the_game_is_a_known_sound(key):
    data = json.loads((DATA / "sounds.json").read_text(encoding="utf-8"))
    assert key in data["events"], f"assets/data/sounds.json has no events for {key}"
    known = set(data["sounds"])
    for kind, sound in data["events"][key].items():
        sounds = sound["values"].values() if isinstance(sound, dict) else [sound]
        assert set(sounds) <= known, f"{key}: {kind} makes an unknown sound"


@pytest.mark.parametrize("key", KEYS)
def test_the_games_save_cap_is_measured(key):
    caps = json.loads((DATA / "save_caps.json").read_text(encoding="utf-8"))["games"]
    assert caps.get(key, {}).get("max_actions", 0) > 0, f"run tools/measure_save_caps.py for {key}"


@pytest.mark.parametrize("key", KEYS)
def test_the_game_has_a_lesson_and_it_plays_by_the_rules(key):
    numbers = lesson_numbers(key)
    assert numbers, f"assets/data/tutorial_{key}.json: every game has its first lesson"
    assert check_lesson(load_lesson(key, 1), GAMES[key]) == []


@pytest.mark.parametrize("key", KEYS)
def test_the_game_has_its_strings_in_both_languages(key):
    for lang in ("en", "zh_TW"):
        assert (ROOT / "assets" / "i18n" / lang / f"{key}.json").is_file()


@pytest.mark.parametrize("key", KEYS)
def test_the_game_has_its_golden_playthrough(key):
    assert (ROOT / "tests" / "data" / "golden" / f"{key}.txt").is_file(), \
        "python tests/golden.py --write records it (docs/architecture.md)"


def test_the_help_names_every_game():
    import main
    text = " ".join(main.build_parser().format_help().split())
    for key in KEYS:
        assert key in text


def test_the_scene_side_lists_are_derived_from_the_records():
    assert set(scene_registry.TABLES) == set(scene_registry.RESULTS) == set(GAMES)
    for key in GAMES:
        assert scene_registry.playable(key)


def test_the_per_game_lists_the_tests_keep_cover_every_game():
    """What a test needs per game that cannot be derived (a watcher of hidden information, the tables
    played hot-seat): a game left out fails here, not skips there."""
    from test_contract import WATCHERS
    from test_hotseat_privacy import GAMES_AT_THE_TABLE
    from test_undo_reveals import SEEN
    for name, listed in (("test_contract.WATCHERS", WATCHERS), ("test_undo_reveals.SEEN", SEEN),
                         ("test_hotseat_privacy.GAMES_AT_THE_TABLE", {g[0] for g in GAMES_AT_THE_TABLE})):
        assert set(GAMES) <= set(listed), f"{name} leaves out {sorted(set(GAMES) - set(listed))}"

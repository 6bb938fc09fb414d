"""The seats' colours: the "distinct" palette stays told apart under simulated colour-vision
deficiencies (tools/palette_check.py, docs/palette.md), the setting persists and is applied, and the
standard palette is the one the game always had."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import palette_check
from scenes import settings_store
from scenes.ui import theme

# The distinct palette's smallest CIEDE2000 between two seats, under every vision (normal,
# deuteranopia, protanopia, tritanopia): all 8 seats, and the first 4 and 5 (docs/palette.md).
FLOOR = {8: 17.9, 5: 23.0, 4: 32.0, 3: 35.0}


@pytest.fixture(autouse=True)
def _standard_afterwards():
    yield
    theme.set_palette("standard")
    settings = settings_store.load_settings()
    settings.seat_palette = "standard"
    settings_store.save_settings(settings)   # the shared test data folder: later apps start standard
    theme.set_palette("standard")


def test_colour_science_matches_published_values():
    # Sharma, Wu & Dalal (2005), test pairs 1, 7 and 17.
    assert palette_check.ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert palette_check.ciede2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert palette_check.ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    # Grey is grey to every dichromat (the matrices keep white and black).
    for vision in palette_check.MACHADO:
        assert palette_check.simulate((128, 128, 128), vision) == pytest.approx((128, 128, 128), abs=1.0)


@pytest.mark.parametrize("vision", palette_check.VISIONS)
def test_distinct_palette_stays_apart(vision):
    colours = theme.PALETTES["distinct"]
    assert len(colours) == len(theme.SEAT_LETTERS) == 8
    for n, floor in FLOOR.items():
        d, pair = palette_check.min_difference(colours[:n], vision)
        assert d >= floor, (vision, n, d, pair)


def test_distinct_palette_beats_standard_where_it_matters():
    for vision in ("deuteranopia", "protanopia", "tritanopia"):
        assert (palette_check.min_difference(theme.PALETTES["distinct"], vision)[0]
                > 2 * palette_check.min_difference(theme.PALETTES["standard"], vision)[0])


def test_distinct_palette_keeps_the_white_letter_readable():
    assert min(palette_check.contrast(c, theme.WHITE) for c in theme.PALETTES["distinct"]) >= 2.2


def test_standard_palette_unchanged():
    assert theme.SEAT_COLOURS == theme.PALETTES["standard"] == [
        (196, 64, 52), (52, 108, 176), (214, 168, 44), (62, 150, 92),
        (140, 82, 170), (230, 124, 44), (70, 160, 170), (150, 150, 150),
    ]
    theme.set_palette("standard")
    assert [theme.seat_colour(s) for s in range(8)] == theme.SEAT_COLOURS


def test_set_palette_switches_and_refuses_unknown_names():
    assert theme.set_palette("distinct")
    assert theme.seat_colour(1) == theme.DISTINCT_SEAT_COLOURS[1]
    assert not theme.set_palette("distinct")        # no change
    assert theme.set_palette("sepia")               # unknown: the standard one
    assert theme.PALETTE == "standard" and theme.seat_colour(1) == theme.SEAT_COLOURS[1]


def test_setting_persists_and_is_applied_on_load(tmp_path):
    path = tmp_path / "settings.json"
    assert settings_store.Settings().seat_palette == "standard"
    s = settings_store.Settings(seat_palette="distinct")
    settings_store.save_settings(s, path)
    assert theme.PALETTE == "standard"
    assert settings_store.load_settings(path).seat_palette == "distinct"
    assert theme.PALETTE == "distinct"              # loading the settings puts them in force
    path.write_text('{"seat_palette": "rainbow"}', "utf-8")
    assert settings_store.load_settings(path).seat_palette == "standard"
    assert theme.PALETTE == "standard"


def test_settings_scene_switches_saves_and_forgets_old_pictures(app):
    import pygame
    from scenes.elfenland import sprites
    from scenes.shell.settings_scene import SettingsScene
    app.manager.reset(SettingsScene(app))
    scene = app.manager.stack[-1]
    scene.place(*app.size)
    before = sprites.boot(0, 40).get_at((20, 30))[:3]
    assert not scene.palette.value
    scene.palette.on_change(True)
    assert app.settings.seat_palette == "distinct" and theme.PALETTE == "distinct"
    assert settings_store.load_settings().seat_palette == "distinct"
    assert scene.palette.value
    after = sprites.boot(0, 40).get_at((20, 30))[:3]   # not the cached picture in the old colour
    assert after != before and after == pygame.Color(*theme.DISTINCT_SEAT_COLOURS[0])[:3]
    scene.palette.on_change(False)
    assert app.settings.seat_palette == "standard" and theme.seat_colour(0) == theme.SEAT_COLOURS[0]


# -- the games' colours that carry meaning (theme.COLOUR_GROUPS) ---------------------------------
GROUPS = ("elfenland.transport", "elfenland.terrain", "eu.vote", "eu.policy", "eu.party", "wi.kind", "wi.camp")


def test_every_game_group_is_measured():
    assert set(palette_check.colour_groups()) == set(GROUPS)


@pytest.mark.parametrize("group", GROUPS)
def test_game_colours_stay_apart_under_the_distinct_palette(group):
    colours = palette_check.colour_groups()[group]
    assert colours.floor >= 20                       # docs/palette.md: no group below 20 under any vision
    for vision in palette_check.VISIONS:
        d, pair = palette_check.group_min(colours.sets["distinct"], vision)
        assert d >= colours.floor, (group, vision, round(d, 1), pair)


@pytest.mark.parametrize("group", GROUPS)
def test_game_colours_follow_the_setting(group):
    colours = palette_check.colour_groups()[group]
    key = next(iter(colours))
    assert colours[key] == colours.sets["standard"][key]
    theme.set_palette("distinct")
    assert dict(colours) == colours.sets["distinct"]
    theme.set_palette("standard")
    assert dict(colours) == colours.sets["standard"]


def test_game_pictures_are_redrawn_in_the_new_colours(app):
    from scenes.elfenland import map_tiles, sprites
    from scenes.european_union import cards
    before = [sprites.counter_tile("pig", 40).get_at((6, 20)), sprites.terrain_slot("plain", 10).get_at((12, 6)),
              sprites.travel_card("raft", 40).get_at((8, 26))]
    cards.vote_chip(None, None, "yes", 30)
    map_tiles._TILES.put("key", object(), 1)
    theme.set_palette("distinct")
    after = [sprites.counter_tile("pig", 40).get_at((6, 20)), sprites.terrain_slot("plain", 10).get_at((12, 6)),
             sprites.travel_card("raft", 40).get_at((8, 26))]
    assert all(a != b for a, b in zip(after, before)), (before, after)
    assert len(cards._cache) == 0 and len(map_tiles._TILES) == 0


def test_every_terrain_has_a_mark_in_ink_that_reads_on_it():
    from scenes.elfenland import sprites
    from scenes.ui import patterns
    assert set(sprites.TERRAIN_MARKS) == set(sprites.TERRAIN_COLOURS)
    assert len(set(sprites.TERRAIN_MARKS.values())) == len(sprites.TERRAIN_MARKS)
    for palette in theme.PALETTES:
        theme.set_palette(palette)
        for terrain, fill in sprites.TERRAIN_COLOURS.items():
            assert palette_check.contrast(fill, patterns.ink_for(fill)) >= 3.0, (palette, terrain)

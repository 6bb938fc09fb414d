"""Eight plates at 150 % text: a candidate's character is named whole on its plate, in both languages
and both window sizes — its name a step smaller down to the plates' floor, and, where even that would
cut it beside "Candidate", the chip its star alone (the plate's tooltip still says it)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.wonderful_island import data
from scenes.app import App
from scenes.settings_store import Settings
from scenes.wonderful_island.demo import demo_scene
from scenes.wonderful_island.lettering import MIN_TEXT
from test_scenes_wi_asks import Recording


def eight_plates(lang: str, size: tuple[int, int]):
    app = App(lang=lang, size=size, first_scene=False, settings=Settings(lang=lang, bot_speed="instant"))
    app.set_text_size(150)
    scene = app.manager.push(demo_scene(app, "play", seed=2, n_players=8))
    fonts = Recording(app.fonts)
    scene.seats.app = type("Eyes", (), {"fonts": fonts, "px": app.px, "tx": app.tx, "t": app.t})()
    return app, scene, fonts


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_candidates_character_is_named_whole_at_eight_plates_and_150_percent(lang, size):
    app, scene, fonts = eight_plates(lang, size)
    seats, candidate = scene.seats, scene.view["candidate"]
    assert candidate is not None and scene.seats._chips(candidate)
    for c in data.load()["characters"]:
        scene.view["players"][candidate]["character"] = c["id"]
        fonts.lines.clear()
        seats._plate(candidate, seats.plate_rect(candidate).size)
        name = app.t.name(c["name"])
        drawn = [(text, px) for text, px in fonts.lines if text.startswith(name[:6])]
        assert drawn and all(not text.endswith("…") for text, _ in drawn), (name, drawn)
        assert all(px >= MIN_TEXT for _, px in drawn), (name, drawn)


def test_the_candidates_star_chip_keeps_the_word_in_the_tooltip():
    app, scene, fonts = eight_plates("en", (1024, 600))
    seats, candidate = scene.seats, scene.view["candidate"]
    starred = []
    real = seats._star_chip
    seats._star_chip = lambda high: starred.append(high) or real(high)
    for c in data.load()["characters"]:
        scene.view["players"][candidate]["character"] = c["id"]
        seats._plate(candidate, seats.plate_rect(candidate).size)
    assert starred, "a long character beside the chip: the star alone"
    assert app.t("wi.ui.chip.candidate") in seats.tip(candidate)

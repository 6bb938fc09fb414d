"""Setup never offers a combination the engine refuses: a refused value (EU's intro game at 6-7
players) is taken out of its option and the reason shows under the row in the player's language;
Start then always builds a game."""
from __future__ import annotations

import pytest

from game.core.errors import OptionRefused
from game.core.i18n import Translator
from game.registry import GAMES
from scenes.app import App
from scenes.registry import playable
from scenes.settings_store import Settings
from scenes.shell.setup import SetupScene

EU = GAMES["european_union"]


def setup_for(game: str, lang: str = "zh_TW") -> SetupScene:
    app = App(lang=lang, size=(1280, 720), settings=Settings(lang=lang))
    scene = SetupScene(app, game=game)
    app.manager.reset(scene)
    app.tick()
    return scene


def step_to(stepper, value) -> None:
    for _ in range(len(stepper.values) + 1):
        if stepper.value == value:
            return
        stepper.step(1)  # as a click on its arrow does
    raise AssertionError(f"{value!r} is not offered: {stepper.values}")


def test_the_engine_names_its_refusal_with_a_message_key():
    with pytest.raises(OptionRefused) as info:
        EU.check_options(6, {"variant": "intro"})
    assert info.value.key == "setup.refused.european_union.intro"
    for lang in ("en", "zh_TW"):
        assert Translator(lang)(info.value.key, **info.value.params) != info.value.key


@pytest.mark.parametrize("n", [6, 7])
def test_the_intro_game_is_not_offered_at_six_or_seven_players_and_the_row_says_why(n):
    setup = setup_for("european_union")
    step_to(setup.players, n)
    variant = setup.option_steppers["variant"]
    assert "intro" not in variant.values and variant.value == "full"
    reason = setup.row_help(variant)
    assert reason == setup.app.t("setup.refused.european_union.intro", max=5)
    assert not any(ch.isascii() and ch.isalpha() for ch in reason)  # no English on a zh_TW screen
    setup.app.tick()  # drawn


def test_more_players_move_a_chosen_intro_game_to_the_full_one():
    setup = setup_for("european_union", "en")
    step_to(setup.players, 5)
    step_to(setup.option_steppers["variant"], "intro")
    assert "variant" not in setup.refused
    step_to(setup.players, 6)
    assert setup.option_steppers["variant"].value == "full" and "variant" in setup.refused
    step_to(setup.players, 4)
    assert "intro" in setup.option_steppers["variant"].values and "variant" not in setup.refused


@pytest.mark.parametrize("game", [k for k in GAMES if playable(k)])
def test_every_combination_setup_offers_is_one_the_engine_accepts(game):
    setup = setup_for(game, "en")
    spec = GAMES[game]
    for n in range(spec.min_players, spec.max_players + 1):
        step_to(setup.players, n)
        for name, stepper in setup.option_steppers.items():
            for value in list(stepper.values):
                step_to(stepper, value)
                spec.new_game(n, 1, setup.chosen_options())  # raises if the engine refuses


def test_a_remembered_kind_the_game_lacks_becomes_its_strongest_bot_never_another_computer():
    """A file's or another game's kind (a level this game has not) takes the game's strongest bot;
    a person on another computer is only ever chosen on purpose (it opens the table to the network)."""
    scene = setup_for("xuanwu_gate", lang="en")
    scene.kind_wanted = ["human", "no-such-level", "remote"] + ["normal"] * (len(scene.kind_wanted) - 3)
    scene._build_game(4, {}, None)
    assert [k.value for k in scene.kinds[:3]] == ["human", list(GAMES["xuanwu_gate"].bots)[-1], "remote"]

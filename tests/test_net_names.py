"""A person's name reaches every line that names their seat: the seats of a table hosted from the
command line start with the setup's default names, and a person who joins later renames their seat
in the log lines written before they came (each screen's log, at the host and at every remote seat)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.core.match import Match, Seat  # noqa: E402
from game.net.headless import PERSON, table_seats  # noqa: E402
from game.registry import GAMES  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.registry import table_scene  # noqa: E402


def test_an_unnamed_seat_of_a_command_line_table_is_named_as_the_setup_names_it():
    seats = table_seats([PERSON, PERSON, "normal"], names=["Amy"])
    assert [s.name for s in seats] == ["Amy", "Player 2", "Player 3"]
    assert [s.is_human for s in seats] == [True, True, False]


def test_the_log_names_a_seat_by_the_name_it_has_now_not_the_one_it_had_when_the_line_was_written():
    app = App(lang="en", size=(1280, 720), first_scene=False)
    match = Match.new(GAMES["european_union"], [Seat("Player 1"), Seat("Player 2"), Seat("Bot", "easy")], seed=3)
    scene = table_scene(app, match)
    before = " ".join(scene.log_lines())
    assert "Player 2" in before and "Ben" not in before
    match.seats[1].name = "Ben"   # the person at seat 2 joined the hosted table and said their name
    after = " ".join(scene.log_lines())
    assert "Ben" in after and "Player 2" not in after

"""A person's name reaches every line that names their seat: the seats of a table hosted from the
command line start with the setup's default names (each screen shows them in its own language, a
remote seat too), and a person who joins later renames their seat in the log lines written before
they came (each screen's log, at the host and at every remote seat)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.core.match import Match, Seat
from game.net.client import TableClient
from game.net.headless import PERSON, open_table, table_seats
from game.net.remote_match import RemoteMatch
from game.registry import GAMES
from scenes.app import App
from netplay import LOOPBACK, QUICK, wait_for
from scenes.registry import table_scene
from scenes.remote.seat import remote_table_scene


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


def test_a_remote_seat_shows_the_hosts_unnamed_seats_in_its_own_language():
    table = open_table(GAMES["european_union"], [PERSON, PERSON, "easy"], seed=2, host=LOOPBACK, limits=QUICK)
    remote = None
    try:
        remote = RemoteMatch.join(GAMES, TableClient(table.address, table.code, seat=0, name="Amy"), timeout=5)
        app = App(lang="zh_TW", size=(1280, 720), first_scene=False)
        scene = remote_table_scene(app, remote, table.address, str(table.code))
        assert scene.waiting_words() == app.t("net.waiting.join", names="玩家2")
        remote.ready()
        wait_for(lambda: (scene.update(0.05), remote.status and remote.status[0]["connected"])[1])
        scene.update(0.05)
        assert [s.name for s in remote.seats] == ["Amy", "玩家2", "玩家3"]
        assert "玩家3" in " ".join(scene.log_lines()) and "Player" not in " ".join(scene.log_lines())
    finally:
        if remote is not None:
            remote.client._closing = True
            remote.close()
        table.close()

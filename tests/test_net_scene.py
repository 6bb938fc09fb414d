"""A table scene does not know whether its match is local or remote: each game's real table scene
draws and plays a remote seat through a RemoteMatch, the host's other seats moving meanwhile, and
shows only that seat's view and log."""
from __future__ import annotations

import time

import pytest

from game.core.match import Match, Seat, visible
from game.registry import GAMES
from netplay import hosting, join
from scenes import registry
from scenes.app import App


def _others_move(table) -> None:
    """One move of a seat other than 0, made at the host."""
    match = table.match
    for seat in match.state.to_act():
        if seat != 0:
            match.act(seat, match.state.legal_actions(seat)[0])
            return


@pytest.mark.parametrize("key", [pytest.param(k, marks=() if k == "xuanwu_gate" else pytest.mark.slow)
                                 for k in GAMES])
def test_the_table_scene_plays_a_remote_seat_through_a_remote_match(key):
    match = Match.new(GAMES[key], [Seat(f"P{i}") for i in range(min(3, GAMES[key].max_players))], seed=4)
    app = App(lang="en", size=(1280, 720), first_scene=False)
    with hosting(match) as table:
        remote = join(table, seat=0)
        scene = app.manager.push(registry.table_scene(app, remote))
        acted = 0
        for _ in range(12):
            app.manager.update(0.05)
            app.manager.draw(app.screen)
            assert scene.viewer == 0 and remote.handoff_needed() is None
            if remote.decider() == 0:
                assert scene.act(remote.state.legal_actions(0)[0])
                acted += 1
            table.server.call(_others_move)
            end = time.monotonic() + 2
            while remote.poll(0.05) is None and time.monotonic() < end:
                pass
            scene.refresh()
        while remote.poll(0.2) is not None:
            pass
        scene.refresh()
        app.manager.draw(app.screen)
        assert acted and len(match.state.actions) > acted
        assert scene.view == match.view_of(0)
        assert remote.events == [e for e in match.events if visible(e, 0)]
        assert scene.log_lines(), "the log shows the seat's events"
        remote.close()


@pytest.mark.parametrize("key", [pytest.param(k, marks=() if k == "xuanwu_gate" else pytest.mark.slow)
                                 for k in GAMES])
def test_the_results_scene_draws_a_remote_seats_finished_game_from_the_public_reveal(key):
    import random
    match = Match.new(GAMES[key], [Seat(f"P{i}") for i in range(min(3, GAMES[key].max_players))], seed=4)
    rng = random.Random(1)
    app = App(lang="en", size=(1280, 720), first_scene=False)
    with hosting(match) as table:
        remote = join(table, seat=0)

        def play_out(t) -> None:
            m = t.match
            while not m.state.is_over():
                seat = rng.choice(m.state.to_act())
                m.act(seat, rng.choice(m.state.legal_actions(seat)))
        table.server.call(play_out, timeout=60)
        end = time.monotonic() + 5
        while not remote.state.is_over() and time.monotonic() < end:
            remote.poll(0.1)
        assert remote.state.winners() == match.state.winners()
        assert remote.view_of(None) == match.view_of(None)
        results = app.manager.push(registry.results_scene(app, remote))
        app.manager.update(0.05)
        app.manager.draw(app.screen)
        # Main menu only, and where the record is: the host's History (its Watch again and Review)
        assert not results.record_here() and len(results.group.widgets) == 1
        assert "History" in app.t("over.record_at_host")
        remote.close()


def test_a_remote_seat_shows_the_hosts_unnamed_seats_in_its_own_language():
    """A seat nobody named is called by its number in the host's language ("Player 3"); a screen in
    another language shows it in its own ("玩家3"), at every new state from the host, on the plates
    and in the log alike; a typed name stays as typed."""
    from game.core.names import default_name
    from scenes.remote.seat import remote_table_scene
    match = Match.new(GAMES["xuanwu_gate"], [Seat("Amy"), Seat("Player 2"), Seat("Player 3")], seed=4)
    app = App(lang="zh_TW", size=(1280, 720), first_scene=False)
    with hosting(match) as table:
        remote = join(table, seat=0)
        scene = app.manager.push(remote_table_scene(app, remote, table.address, str(table.code)))
        seq = remote.seq
        if remote.decider() == 0:
            assert scene.act(remote.state.legal_actions(0)[0])
        else:
            table.server.call(_others_move)
        end = time.monotonic() + 5
        while remote.seq == seq and time.monotonic() < end:
            scene.update(0.05)
            time.sleep(0.01)
        assert remote.seq > seq, "a new state came from the host"
        assert [scene.name(i) for i in range(3)] == ["Amy", default_name(app.t, 1), default_name(app.t, 2)]
        assert default_name(app.t, 2) != "Player 3"
        remote.close()


def test_the_wonderful_islands_two_characters_can_be_read_while_the_table_waits_for_everyone():
    """Before every person has sat down nobody may keep a character yet: a remote seat sees its two
    offered characters to read (not to click, no glow) and how many have chosen, not an empty box."""
    from game.net.headless import PERSON
    from netplay import hosted
    from scenes.remote.seat import remote_table_scene
    app = App(lang="en", size=(1280, 720), first_scene=False)
    with hosted(GAMES["wonderful_island"], [PERSON, PERSON, "easy"], seed=3) as table:
        remote = join(table, name="Amy")
        scene = app.manager.push(remote_table_scene(app, remote, table.address, str(table.code)))
        app.manager.draw(app.screen)
        assert not remote.started and not scene.can_act()
        cards = list(scene.character.pieces)
        assert scene.character.visible and len(cards) == 2
        assert {p.key[1] for p in cards} == set(remote.state.view(0)["offer"])
        assert all(p.action is None and not p.glowing for p in cards)
        remote.close()


@pytest.mark.parametrize("lang, away, not_joined", [("en", "away", "not joined"), ("zh_TW", "離線", "未入座")])
def test_a_remote_seat_marks_the_plate_of_a_person_away_or_not_joined_in_words(lang, away, not_joined):
    from netplay import wait_for
    from scenes.remote.seat import remote_table_scene
    match = Match.new(GAMES["xuanwu_gate"], [Seat(f"P{i}") for i in range(3)], seed=4)
    app = App(lang=lang, size=(1280, 720), first_scene=False)
    with hosting(match) as table:
        a, b = join(table, seat=0), join(table, seat=1)
        for hold in table.table.holds[2:]:
            hold.ready = True
        scene = app.manager.push(remote_table_scene(app, a, table.address, str(table.code)))
        wait_for(lambda: (a.poll(), scene.away_seats())[1] == {2: "net.plate.not_joined"}, what="seat 3 not joined")
        b.client._closing = True
        b.close()
        wait_for(lambda: (a.poll(), scene.away_seats())[1] == {1: "net.plate.away", 2: "net.plate.not_joined"},
                 what="seat 2 away")
        assert (app.t("net.plate.away"), app.t("net.plate.not_joined")) == (away, not_joined)
        app.manager.draw(app.screen)   # drawn on the plates (tools/shots_net.py shows them)
        a.close()

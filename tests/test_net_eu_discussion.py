"""European Union's discussion across several computers: a computer chair gives the people at the
table the discussion's three minutes, wherever they sit (the host's screen or their own), and calls
the vote sooner only once every one of them has pressed "Ready to vote" (docs/network.md, "A bot that
gives the people time")."""
from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.core.match import Match, Seat
from game.european_union.discussion import DISCUSSION_SECONDS, discussion_moment
from game.net.certs import make_certificate
from game.net.headless import OpenTable
from game.net.server import TableServer
from game.net.table import BOT, REMOTE, HostedTable
from game.net.tablecode import new_code
from game.registry import GAMES
from netplay import LOOPBACK, QUICK, _close_joined, join, wait_for
from scenes.app import App
from scenes.registry import table_scene
from scenes.remote.seat import remote_table_scene

SPEC = GAMES["european_union"]


def bot_chaired_discussion(seats: list[Seat]) -> Match:
    """Intro game, the bot at seat 2 chairs from the start and every party bids 0: the first bill
    on the floor is the bot's to call (found by playing it: 15 actions)."""
    match = Match.new(SPEC, seats, seed=3, options={"start_player": 2, "variant": "intro"})
    players = [SPEC.bots["normal"](i, 3) for i in range(3)]
    while not (match.state.phase == "discuss" and not match.state.view(None).get("giving")):
        seat = match.state.to_act()[0]   # the people's moves too are the normal bot's, made here
        match.act(seat, players[seat].choose(match.state.view(seat), match.state.legal_actions(seat)))
    assert match.state.view(None)["chair"] == 2 and match.state.to_act() == [2]
    return match


def hosted(match: Match, roles: list[str]) -> OpenTable:
    """A table for the match under way, its people taken as ready, its bots run by its server."""
    cert = make_certificate()
    code = new_code(cert.fingerprint)
    table = HostedTable(match, roles, code)
    for hold in table.holds:
        hold.ready = True
    server = TableServer(table, cert, LOOPBACK, 0, QUICK, run_bots=True)
    return OpenTable(server, table, code, server.start())


def test_a_bill_on_the_floor_with_no_gift_open_is_a_moment_the_chair_gives_the_people():
    match = bot_chaired_discussion([Seat("Amy"), Seat("Ben"), Seat("Bot", "normal")])
    chair, key, seconds, clock = discussion_moment(match.state.view(None))
    assert chair == 2 and seconds == DISCUSSION_SECONDS == 180.0 and clock == "discussion"
    assert key == (1, "council", match.state.view(None)["current_bill"])
    assert SPEC.listens is discussion_moment


def test_the_hosts_bot_chair_waits_three_minutes_unless_every_person_is_ready():
    match = bot_chaired_discussion([Seat("Amy"), Seat("Ben"), Seat("Bot", "normal")])
    table = HostedTable(match, [REMOTE, REMOTE, BOT], new_code(make_certificate().fingerprint))
    key = discussion_moment(match.state.view(None))[1]
    assert table.bot_waits(2, now=100.0) == 180.0
    assert table.bot_waits(2, now=160.0) == 120.0      # counted from when the host first saw the bill
    table.done_talking(0, list(key))
    assert table.bot_waits(2, now=161.0) == 119.0      # Ben has not said it yet
    table.done_talking(1, ["1", "council", "another bill"])   # a word for a bill that is not on the floor
    assert table.bot_waits(2, now=162.0) == 118.0
    assert [s["done_talking"] for s in table.status(0)] == [True, False, False]
    table.done_talking(1, list(key))
    assert table.bot_waits(2, now=163.0) == 0.0


def test_the_hosts_bot_chair_calls_the_vote_once_its_time_is_up():
    match = bot_chaired_discussion([Seat("Amy"), Seat("Ben"), Seat("Bot", "normal")])
    table = HostedTable(match, [REMOTE, REMOTE, BOT], new_code(make_certificate().fingerprint))
    assert table.bot_waits(2, now=0.0) == 180.0
    assert table.bot_waits(2, now=180.0) == 0.0


def test_a_remote_persons_ready_to_vote_reaches_the_host_and_its_bot_chair_calls_the_vote():
    match = bot_chaired_discussion([Seat("Amy"), Seat("Bot", "normal"), Seat("Bot", "normal")])
    table = hosted(match, [REMOTE, BOT, BOT])
    try:
        remote = join(table, seat=0)
        wait_for(lambda: remote.poll() is not None or remote.state.phase == "discuss", what="the discussion")
        time.sleep(0.6)   # the host's bots had their chance: the chair still gives Amy the discussion
        remote.poll()
        assert remote.state.phase == "discuss" and match.state.phase == "discuss"
        key = discussion_moment(remote.state.view(0))[1]
        assert remote.people_listened_to() == [0] and remote.ready_for(key) == frozenset()
        remote.say_ready_for(0, key)
        assert remote.ready_for(key) == {0}   # at once on her screen
        wait_for(lambda: match.state.phase != "discuss", what="the chair calling the vote")
    finally:
        _close_joined()
        table.close()


def test_at_the_hosts_screen_the_bot_chair_also_waits_for_the_person_at_another_computer():
    match = bot_chaired_discussion([Seat("Amy"), Seat("Ben"), Seat("Bot", "normal")])
    match.eyes_here = frozenset({0})   # Amy at the host's screen, Ben at his own
    app = App(lang="en", size=(1280, 720), first_scene=False)
    scene = table_scene(app, match)
    assert scene.bot_chair_waits()
    scene.say_ready(0)
    assert scene.ready == {0} and scene.bot_chair_waits()   # Ben is still talking
    match.say_ready_for(1, scene.countdown_key)              # his "Ready to vote", come over the network
    assert not scene.bot_chair_waits() and not scene.holding()


def test_a_bot_playing_a_remote_seat_says_at_once_it_has_nothing_to_talk_over():
    import threading
    from game.net.headless import play_seat
    match = bot_chaired_discussion([Seat("Amy"), Seat("Bot", "normal"), Seat("Bot", "normal")])
    table = hosted(match, [REMOTE, BOT, BOT])
    try:
        remote = join(table, seat=0)
        threading.Thread(target=play_seat, args=(remote, SPEC.bots["easy"](0, 1), 20), daemon=True).start()
        wait_for(lambda: match.state.phase != "discuss", timeout=10, what="the chair calling the vote")
    finally:
        _close_joined()
        table.close()


def test_where_people_sit_at_other_computers_the_discussion_names_who_the_chair_still_waits_for():
    match = bot_chaired_discussion([Seat("Amy"), Seat("Ben"), Seat("Bot", "normal")])
    match.eyes_here = frozenset({0})   # Amy at the host's screen, Ben at his own
    app = App(lang="en", size=(1280, 720), first_scene=False)
    scene = table_scene(app, match)
    panel = scene.vote
    assert panel.bot_waits_words() == "Bot waits for you, Ben (or for the clock)"
    scene.say_ready(0)
    assert panel.bot_waits_words() == "Bot waits for Ben (or for the clock)"
    app.set_lang("zh_TW")
    assert panel.bot_waits_words() == "Bot 等 Ben 準備好（或時間到）"


def test_a_screen_that_comes_back_mid_discussion_counts_down_what_is_left_on_the_hosts_clock():
    match = bot_chaired_discussion([Seat("Amy"), Seat("Ben"), Seat("Bot", "normal")])
    table = hosted(match, [REMOTE, REMOTE, BOT])
    try:
        amy = join(table, seat=0)
        wait_for(lambda: amy.poll() is not None or "discussion" in amy.clocks, what="the first state")
        assert 170 < amy.clocks["discussion"] <= 180        # the whole discussion, as it starts
        key, started = table.table._listened
        table.table._listened = (key, started - 100)       # 100 s of it have gone by at the host
        ben = join(table, seat=1)
        assert 70 < ben.clocks["discussion"] <= 80
        app = App(lang="en", size=(1280, 720), first_scene=False)
        scene = app.manager.push(remote_table_scene(app, ben, table.address, str(table.code)))
        assert 70 < scene.countdown <= 80                   # Ben's screen: what is left, not 3:00
    finally:
        _close_joined()
        table.close()


def test_a_computer_standing_in_for_an_away_chair_gives_the_remote_people_their_ready_to_vote():
    """The chair's person is away and the host let a computer stand in: every remote screen treats
    the chair as a computer chair (Ready to vote), and the chair calls the vote once both are ready."""
    match = bot_chaired_discussion([Seat("Amy"), Seat("Ben"), Seat("Cleo")])
    table = hosted(match, [REMOTE, REMOTE, REMOTE])
    try:
        with table.table.lock:
            table.table.join(table.code.secret, 2, "Cleo")
            table.table.dropped(2)                       # Cleo's lid closes
            table.table.stand_in_for(2, "normal")        # the host lets a computer chair for her
        amy, ben = join(table, seat=0), join(table, seat=1)
        wait_for(lambda: amy.poll() is not None or (amy.status and amy.status[2].get("stand_in")),
                 what="the stand-in in Amy's status")
        assert 2 in amy.bots and amy.people_listened_to() == [0, 1]
        app = App(lang="en", size=(1280, 720), first_scene=False)
        scene = app.manager.push(remote_table_scene(app, amy, table.address, str(table.code)))
        assert scene.bot_chair_listens() and scene.bot_chair_waits()
        time.sleep(0.4)
        assert match.state.phase == "discuss"            # the stand-in chair gives the people time
        key = discussion_moment(amy.state.view(0))[1]
        amy.say_ready_for(0, key)
        ben.poll()
        ben.say_ready_for(1, key)
        wait_for(lambda: match.state.phase != "discuss", what="the stand-in chair calling the vote")
    finally:
        _close_joined()
        table.close()


def test_at_the_hosts_screen_a_stand_in_chair_gives_the_people_time_as_a_computer_chair_does():
    match = bot_chaired_discussion([Seat("Amy"), Seat("Ben"), Seat("Cleo")])
    match.eyes_here = frozenset({0})   # Amy at the host's screen, Ben and Cleo at their own
    table = HostedTable(match, ["local", REMOTE, REMOTE], new_code(make_certificate().fingerprint))
    table.join(table.code.secret, 2, "Cleo")
    table.dropped(2)
    table.stand_in_for(2, "normal")
    assert table.listening()[0] == 2 and table.bot_waits(2, now=0.0) == 180.0
    assert match.people_listened_to() == [0, 1]
    app = App(lang="en", size=(1280, 720), first_scene=False)
    scene = app.manager.push(table_scene(app, match))
    app.manager.draw(app.screen)
    assert scene.bot_chair_listens() and scene.bot_chair_waits()
    scene.say_ready(0)
    table.done_talking(1, list(scene.countdown_key))    # Ben's Ready to vote, come over the network
    assert not scene.bot_chair_waits() and table.bot_waits(2, now=1.0) == 0.0

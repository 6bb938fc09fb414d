"""Whole games across the network (127.0.0.1): a host with its bots and two or three remote seats,
each a client playing its own view with a bot. Every seat ends on the host's result, and each
remote seat's log is exactly the host's events that seat may see."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.core.match import visible
from game.net.headless import PERSON
from game.registry import GAMES
from netplay import hosted, join, play_in_threads, wait_for

ROOT = Path(__file__).resolve().parents[1]

# (game, seats): the quick one is Xuanwu, the shortest game; the others are whole games too, slow.
TABLES = [
    pytest.param("xuanwu_gate", [PERSON, PERSON, "easy"], id="xuanwu_gate"),
    pytest.param("elfenland", [PERSON, "easy", PERSON, PERSON], id="elfenland", marks=pytest.mark.slow),
    pytest.param("european_union", [PERSON, PERSON, "normal", PERSON], id="european_union", marks=pytest.mark.slow),
    pytest.param("wonderful_island", ["easy", PERSON, PERSON, "easy"], id="wonderful_island", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("key,kinds", TABLES)
def test_a_whole_game_with_remote_seats_ends_the_same_for_every_seat(key, kinds):
    spec = GAMES[key]
    with hosted(spec, kinds, seed=11) as table:
        remotes = [join(table, name=f"P{i}") for i in range(kinds.count(PERSON))]
        threads = play_in_threads(remotes, deadline=90)
        assert table.server.finished.wait(90), "the game did not end"
        for t in threads:
            t.join(10)
        state = table.match.state
        assert state.is_over()
        for remote in remotes:
            seat = remote.seat
            wait_for(lambda: remote.poll() is not None or remote.state.is_over(), what="the end")
            assert remote.state.is_over() and remote.state.winners() == state.winners()
            assert remote.events == [e for e in table.match.events if visible(e, seat)]
            assert remote.view_of(seat) == table.match.view_of(seat)
            assert remote.view_of(None) == table.match.view_of(None)   # the final reveal, public at the end
            assert table.match.seats[seat].name == f"P{remotes.index(remote)}"
            remote.close()


def test_the_table_waits_for_every_remote_seat_before_its_bots_move():
    with hosted(GAMES["xuanwu_gate"], [PERSON, "easy", "easy"], seed=3) as table:
        time.sleep(0.3)
        assert table.match.state.actions == []
        remote = join(table)
        assert remote.state.legal_actions(remote.seat) == [] and not remote.started
        remote.ready()
        wait_for(lambda: remote.poll() is not None and remote.started, what="the start")
        remote.close()


def test_the_command_line_host_and_two_joining_bots_play_a_game():
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    main = str(ROOT / "main.py")
    host = subprocess.Popen([sys.executable, main, "--host", "xuanwu_gate", "--players", "3",
                             "--seats", "remote,remote,easy", "--listen", "127.0.0.1:0", "--seed", "4"],
                            stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    joins = []
    try:
        lines = [host.stdout.readline() for _ in range(3)]
        assert lines[1].startswith("address: 127.0.0.1:") and lines[2].startswith("code: "), lines
        address, code = lines[1].split()[1], lines[2].split()[1]
        joins = [subprocess.Popen([sys.executable, main, "--join", address, "--code", code, "--bot", "easy"],
                                  stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env) for _ in range(2)]
        said = [j.communicate(timeout=60)[0] for j in joins]
        assert [j.returncode for j in joins] == [0, 0], said
        assert sorted(line.split(":")[0] for line in said) == ["seat 1", "seat 2"]
        out, _ = host.communicate(timeout=30)
        assert host.returncode == 0 and "game over; winners: seat" in out
    finally:
        for p in [host, *joins]:
            if p.poll() is None:
                p.kill()


@pytest.mark.parametrize("hints", [False, True])
def test_a_table_opened_from_the_command_line_offers_hints_only_with_hints(hints):
    """main.py --host --hints: the people may ask for hints, each worked out on their own computer."""
    from game.net.headless import open_table
    table = open_table(GAMES["xuanwu_gate"], [PERSON, "easy", "easy"], seed=4, host="127.0.0.1", hints=hints)
    try:
        remote = join(table)
        assert remote.hints_allowed is hints and table.match.hints_allowed is hints
        remote.close()
    finally:
        table.close()


def test_joining_where_no_table_listens_says_so_and_exits_1():
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "--join", "127.0.0.1:9", "--code",
                           "K7Q2-9XRM-4TB1", "--bot", "easy"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert proc.returncode == 1 and proc.stdout.startswith("could not join:"), proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr


def _settle(remote, timeout: float = 2.0) -> None:
    """Apply the host's messages until none has come for a moment."""
    end = time.monotonic() + timeout
    while remote.poll(0.1) is not None and time.monotonic() < end:
        pass


def test_a_remote_seat_takes_back_its_own_action_and_its_log_follows():
    from game.core.match import Match, Seat
    from netplay import hosting
    match = Match.new(GAMES["elfenland"], [Seat(f"P{i}") for i in range(3)], seed=6)
    with hosting(match) as table:
        remote = join(table, seat=0)
        _settle(remote)
        for _ in range(300):
            if remote.can_undo(0):
                break
            if remote.decider() == 0:
                remote.act(0, remote.state.legal_actions(0)[-1])
            else:
                table.server.call(lambda t: t.match.act(t.match.state.to_act()[0],
                                                        t.match.state.legal_actions(t.match.state.to_act()[0])[0]))
            _settle(remote, 0.5)
        assert remote.can_undo(0), "no action of seat 0 could be taken back"
        played = len(match.state.actions)
        remote.undo(0)
        wait_for(lambda: (remote.poll(0.05), len(match.state.actions) == played - 1 and not remote.can_undo(0))[1],
                 what="the undo")
        _settle(remote)
        assert remote.events == [e for e in match.events if visible(e, 0)]
        assert remote.view_of(0) == match.view_of(0)
        remote.close()


def test_a_remote_seat_calls_a_table_action_of_its_own_and_not_anothers():
    from game.core.match import Match, Seat
    from netplay import hosting
    match = Match.new(GAMES["european_union"], [Seat(f"P{i}") for i in range(3)], seed=6)
    with hosting(match) as table:
        remote = join(table, seat=0)
        _settle(remote)
        assert ("give", 0, 1) in remote.state.legal_actions(None)
        assert all(a[1] == 0 for a in remote.state.legal_actions(None))   # only gifts of its own
        remote.client.send({"v": 1, "type": "act", "action": ["give", 1, 2], "at": remote.turn, "table": True})
        remote.act(None, ("give", 0, 1))
        wait_for(lambda: (remote.poll(0.05), match.state.giving is not None)[1], what="the gift")
        assert match.state.giving[:2] == (0, 1)
        _settle(remote)
        assert [e["code"] for e in remote.errors] == ["not_allowed"]
        assert remote.state.legal_actions(0) == match.state.legal_actions(0) != []
        remote.close()


@pytest.mark.parametrize("wrong,says", [("secret", "could not join: bad_code"), ("pin", "refused:")])
def test_joining_with_a_wrong_code_says_why_and_exits_1(wrong, says):
    with hosted(GAMES["xuanwu_gate"], [PERSON, PERSON, "easy"]) as table:
        pin, secret = table.code.pin, table.code.secret
        if wrong == "secret":
            secret = "00000" if secret != "00000" else "11111"
        else:
            pin = "0000000" if pin != "0000000" else "1111111"
        code = pin + secret
        proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "--join", f"127.0.0.1:{table.address[1]}",
                               "--code", code, "--bot", "easy"], capture_output=True, text=True, timeout=60, cwd=ROOT)
        assert proc.returncode == 1 and proc.stdout.startswith(says), proc.stdout + proc.stderr
        assert not any(h.claimed for h in table.table.holds)


def test_the_host_listens_only_while_its_table_is_open_and_only_where_it_was_told():
    import socket

    from game.net.client import TableClient
    from game.net.headless import open_table
    from game.net.remote_match import RemoteMatch
    table = open_table(GAMES["xuanwu_gate"], [PERSON, PERSON, "easy"], host="127.0.0.1")
    try:
        host, port = table.address
        assert host == "127.0.0.1" and port > 0
        socket.create_connection((host, port), timeout=5).close()
        remote = RemoteMatch.join(GAMES, TableClient(table.address, table.code), timeout=5)
    finally:
        table.close()
    wait_for(lambda: (remote.poll(0.1), remote.closed)[1] == "closed", what="the host's bye")
    remote.close()
    with pytest.raises(OSError):
        socket.create_connection((host, port), timeout=5).close()

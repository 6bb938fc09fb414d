"""A dropped client keeps its seat ("disconnected" at the table) and comes back to it with its token,
to exactly the view and log it would have had; a client process killed mid-game is started again
and finishes its game; the host may hand a disconnected seat to a bot."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from game.core.match import visible
from game.net.headless import PERSON, open_table
from game.registry import GAMES
from netplay import LOOPBACK, QUICK, first_frames, hello, hosted, join, play_in_threads, raw, wait_for

ROOT = Path(__file__).resolve().parents[1]
XUANWU = GAMES["xuanwu_gate"]


def connected(remote, seat: int) -> bool:
    remote.poll()
    return bool(remote.status) and remote.status[seat]["connected"]


def test_a_dropped_seat_shows_disconnected_and_resumes_with_its_token_to_the_same_view_and_log():
    with hosted(GAMES["elfenland"], [PERSON, PERSON, "easy"], seed=5) as table:
        a, b = join(table, seat=0), join(table, seat=1)
        threads = play_in_threads([a, b], deadline=60)
        wait_for(lambda: len(table.match.state.actions) >= 12, timeout=30, what="a few moves")
        a.client._loop.call_soon_threadsafe(a.client._ws.transport.abort)   # the network drops
        wait_for(lambda: table.table.holds[0].connected is False or a.client.connected.is_set() is False,
                 what="the drop")
        wait_for(lambda: a.client.connected.is_set() and table.table.holds[0].connected, timeout=10,
                 what="the resume")
        assert table.table.holds[0].token == a.client.token   # the same seat, kept with the same token
        assert table.server.finished.wait(60)
        for t in threads:
            t.join(10)
        wait_for(lambda: (a.poll(), a.state.is_over())[1], what="the end at seat 0")
        assert a.events == [e for e in table.match.events if visible(e, 0)]
        assert a.view_of(0) == table.match.view_of(0)
        a.close(), b.close()


def test_coming_back_sends_the_whole_view_and_log_again():
    with hosted(XUANWU, [PERSON, PERSON, "easy"], seed=8) as table:
        a, b = join(table, seat=0), join(table, seat=1)
        threads = play_in_threads([a, b], deadline=60)
        assert table.server.finished.wait(60)
        for t in threads:
            t.join(10)
        frames = first_frames(table, 1, b.client.token)
        welcome, state = json.loads(frames[0]), json.loads(frames[-1])
        assert welcome["type"] == "welcome" and welcome["seat"] == 1 and welcome["token"] is None
        assert state["log"] == {"keep": 0, "add": [e for e in table.match.events if visible(e, 1)]}
        assert state["view"] == table.match.view_of(1) and state["over"]
        a.close(), b.close()


def test_the_other_seats_see_a_drop_as_disconnected_and_the_seat_is_kept():
    with hosted(XUANWU, [PERSON, PERSON, "easy"], seed=8) as table:
        a, b = join(table, seat=0), join(table, seat=1)
        wait_for(lambda: connected(b, 0), what="seat 0 connected")
        a.client._closing = True
        a.close()
        wait_for(lambda: not connected(b, 0), what="seat 0 shown disconnected")
        assert b.status[0]["claimed"] and table.table.holds[0].claimed
        with raw(table) as ws:   # the seat is not free for someone else
            assert hello(ws, type="join", secret=table.code.secret, seat=0)["code"] == "seat_taken"
        b.close()


def test_a_disconnected_seat_handed_to_a_bot_finishes_the_game_and_its_token_is_void():
    with hosted(XUANWU, [PERSON, PERSON, "easy"], seed=9) as table:
        a, b = join(table, seat=0), join(table, seat=1)
        token = a.client.token
        a.client._closing = True
        a.close()
        wait_for(lambda: not table.table.holds[0].connected, what="the drop")
        table.server.call(lambda t: t.give_to_bot(0, "easy"))
        assert table.match.seats[0].kind == "easy" and 0 in table.match.bots
        threads = play_in_threads([b], deadline=60)
        assert table.server.finished.wait(60)
        threads[0].join(10)
        with raw(table) as ws:
            assert hello(ws, type="resume", seat=0, token=token)["code"] == "bad_token"
        b.close()


def test_a_client_process_killed_mid_game_comes_back_from_its_token_file_and_finishes(tmp_path):
    """kill -9 of the client: the host keeps the seat; the same command started again resumes it."""
    table = open_table(XUANWU, [PERSON, PERSON, "easy"], seed=12, host=LOOPBACK, limits=QUICK, bot_delay=0.15)
    try:
        here = join(table, seat=0)
        threads = play_in_threads([here], deadline=90)
        token_file = tmp_path / "seat.json"
        command = [sys.executable, str(ROOT / "main.py"), "--join", f"{LOOPBACK}:{table.address[1]}",
                   "--code", str(table.code), "--bot", "easy", "--seat", "2", "--token-file", str(token_file)]
        env = dict(os.environ, PYTHONIOENCODING="utf-8")
        first = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env)
        try:
            wait_for(lambda: len(table.match.state.actions) >= 4, timeout=30, what="a few moves")
            first.kill()   # SIGKILL: no goodbye, no cleanup
            first.wait(10)
        finally:
            if first.poll() is None:
                first.kill()
        wait_for(lambda: not table.table.holds[1].connected, timeout=10, what="the drop seen by the host")
        assert table.table.holds[1].claimed and not table.match.state.is_over()
        assert json.loads(token_file.read_text())["seat"] == 1
        again = subprocess.run(command, capture_output=True, text=True, timeout=90, cwd=ROOT, env=env)
        assert again.returncode == 0, again.stdout + again.stderr
        assert again.stdout.strip().startswith("seat 2: ")
        assert table.match.state.is_over()
        for t in threads:
            t.join(10)
    finally:
        table.close()


def test_a_client_whose_host_is_gone_stops_trying_and_says_so():
    import threading

    from game.net.client import TableClient
    from game.net.tablecode import parse
    client = TableClient((LOOPBACK, 9), parse("K7Q2-9XRM-4TB1"), seat=0, token="t" * 43)
    client.give_up_after = 0.5
    thread = threading.Thread(target=client._run, daemon=True)
    thread.start()
    assert client.inbox.get(timeout=10) == {"v": 1, "type": "bye", "reason": "lost"}
    thread.join(5)
    assert not thread.is_alive()


def test_closing_a_client_whose_loop_stopped_leaves_no_coroutine_never_awaited():
    """close() makes the closing coroutine on the client's loop, never on the caller's thread: a loop
    that stopped before it ran it (the connection ending at that moment) leaves nothing unawaited."""
    import asyncio
    import gc
    import warnings

    from game.net.client import TableClient
    from game.net.tablecode import new_code

    class Socket:
        async def close(self) -> None:
            pass

    client = TableClient((LOOPBACK, 1), new_code(b"\0" * 32))
    client._loop = asyncio.new_event_loop()   # a loop that will never run again
    client._ws = Socket()
    client.close_wait = 0.05
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        client.close()
        client._loop.close()
        gc.collect()
    assert not [w for w in caught if issubclass(w.category, RuntimeWarning)]

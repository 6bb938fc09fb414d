"""A client's bytes never crash or hang the host, and never change the table unless they are a legal
intent of the seat that sends them: wrong codes and tokens, another seat's intents, out-of-turn and
illegal actions, random bytes, invalid JSON, deep nesting, huge frames, floods and half-open
connections. Every test is bounded in time and traffic, on 127.0.0.1 only."""
from __future__ import annotations

import json
import random
import socket
import ssl
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.net import protocol
from game.net.certs import client_context
from game.net.client import PinMismatch, TableClient
from game.net.headless import PERSON
from game.net.server import Limits
from game.net.tablecode import TableCode
from game.registry import GAMES
from netplay import QUICK, hello, hosted, join, raw, wait_for

XUANWU = GAMES["xuanwu_gate"]


def answer(ws, text) -> dict:
    ws.send(text)
    return json.loads(ws.recv(timeout=3))


def host_answers(table) -> None:
    """The host still serves: a new connection with a wrong code is answered at once."""
    with raw(table) as ws:
        assert hello(ws, type="join", secret="00000")["code"] in ("bad_code", "too_many_tries")


def until_closed(ws, timeout: float = 5.0) -> list[dict]:
    """The messages received until the host closes the connection (which it must, within timeout)."""
    got, end = [], time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            got.append(json.loads(ws.recv(timeout=end - time.monotonic())))
    except ConnectionClosed:
        return got
    raise AssertionError("the host did not close the connection")


# -- seats are claimed with the code and kept with the token ----------------------------------------
def test_a_wrong_code_is_refused_and_takes_no_seat():
    with hosted(XUANWU, [PERSON, PERSON, "easy"]) as table, raw(table) as ws:
        assert hello(ws, type="join", secret="ZZZZZ")["code"] == "bad_code"
        until_closed(ws)
        assert not any(h.claimed for h in table.table.holds)


def test_a_client_leaves_a_machine_that_is_not_the_host_of_its_code_before_saying_anything():
    with hosted(XUANWU, [PERSON, PERSON, "easy"]) as table:
        pin = "0000000" if table.code.pin != "0000000" else "1111111"
        with pytest.raises(PinMismatch):
            TableClient(table.address, TableCode(pin, table.code.secret)).start(5)
        assert not any(h.claimed for h in table.table.holds)   # the secret never reached it


def test_a_wrong_token_or_another_seats_token_does_not_resume():
    with hosted(XUANWU, [PERSON, PERSON, "easy"]) as table:
        first = join(table)
        with raw(table) as ws:
            assert hello(ws, type="resume", seat=first.seat, token="x" * 43)["code"] == "bad_token"
        with raw(table) as ws:
            other = 1 - first.seat
            assert hello(ws, type="resume", seat=other, token=first.client.token)["code"] == "bad_token"
        with raw(table) as ws:
            assert hello(ws, type="resume", seat=2, token=first.client.token)["code"] == "bad_token"  # a bot's
        first.close()


def test_a_taken_seat_and_a_full_table_are_refused():
    with hosted(XUANWU, [PERSON, PERSON, "easy"]) as table:
        a = join(table, seat=0)
        with raw(table) as ws:
            assert hello(ws, type="join", secret=table.code.secret, seat=0)["code"] == "seat_taken"
        with raw(table) as ws:
            assert hello(ws, type="join", secret=table.code.secret, seat=2)["code"] == "seat_taken"
        b = join(table)
        with raw(table) as ws:
            assert hello(ws, type="join", secret=table.code.secret)["code"] == "no_free_seat"
        a.close(), b.close()


def test_too_many_wrong_codes_from_one_address_are_stopped():
    with hosted(XUANWU, [PERSON, PERSON, "easy"]) as table:
        codes = []
        for _ in range(QUICK.wrong_codes_per_address + 2):
            with raw(table) as ws:
                codes.append(hello(ws, type="join", secret="AAAAA")["code"])
        assert codes[:QUICK.wrong_codes_per_address] == ["bad_code"] * QUICK.wrong_codes_per_address
        assert codes[-1] == "too_many_tries"


# -- intents: only the seat's own, in turn, legal ---------------------------------------------------
def test_out_of_turn_illegal_stale_and_foreign_intents_are_refused_and_change_nothing():
    with hosted(XUANWU, [PERSON, PERSON, "easy"], seed=2) as table:
        a, b = join(table, seat=0), join(table, seat=1)
        a.ready(), b.ready()
        wait_for(lambda: (a.poll(), a.started)[1] and a.state.to_act(), what="the start")
        match = table.match
        wait_for(lambda: match.bot_to_move() is None, what="the bots' moves")
        a.poll(0.2), b.poll(0.2)
        before = list(match.state.actions)
        to_act = match.state.to_act()
        idle = b if 0 in to_act else a
        idle_ws = idle.client
        asks = [
            ({"action": ["no_such_move"], "at": idle.turn}, "act"),
            ({"action": ["vote", "yes"], "at": idle.turn + 5}, "act"),
            ({"action": [["deep"] * 3], "at": idle.turn, "table": True}, "act"),
            ({"at": idle.turn}, "undo"),
            ({"secret": table.code.secret}, "join"),
        ]
        for fields, kind in asks:
            idle_ws.send(protocol.message(kind, **fields))
        wait_for(lambda: (idle.poll(), len(idle.errors) >= len(asks))[1], what="the refusals")
        codes = [e["code"] for e in idle.errors]
        assert set(codes) <= {"not_your_turn", "illegal", "stale", "not_allowed", "cannot_undo", "already_joined"}
        assert "already_joined" in codes and "cannot_undo" in codes and "stale" in codes
        assert match.state.actions == before
        a.close(), b.close()


# -- bytes that are not the protocol ----------------------------------------------------------------------
def test_junk_frames_get_clear_errors_and_the_connection_and_host_go_on():
    with hosted(XUANWU, [PERSON, PERSON, "easy"]) as table, raw(table) as ws:
        assert hello(ws, type="join", secret=table.code.secret)["type"] == "welcome"
        json.loads(ws.recv(timeout=3))   # the first state
        cases = {
            "{not json": "bad_json",
            "[1, 2, 3]": "bad_json",
            "[" * 60_000: "too_deep",
            '{"v": 1, "type": "act", "action": ' + "[" * 20 + "]" * 20 + ', "at": 0}': "too_deep",
            '{"v": 1}': "bad_message",
            '{"v": 2, "type": "ping"}': "version",
            '{"v": 1, "type": "dance"}': "unknown_type",
            '{"v": 1, "type": "act", "action": "vote", "at": 0}': "bad_message",
            '{"v": 1, "type": "act", "action": [], "at": true}': "bad_message",
        }
        for text, code in cases.items():
            got = answer(ws, text)
            assert got["type"] == "error" and got["code"] == code, (text[:40], got)
        got = answer(ws, bytes(range(256)) * 4)
        assert got["code"] == "bad_json"
        assert table.match.state.actions == []
        assert hello(ws, type="ping")["type"] == "pong"


def test_a_frame_over_64_kib_closes_that_connection_only():
    with hosted(XUANWU, [PERSON, PERSON, "easy"]) as table:
        keeper = join(table)
        with raw(table) as ws:
            ws.send("x" * (protocol.MAX_CLIENT_MESSAGE + 1))
            until_closed(ws)
            assert ws.close_code == 1009   # "message too big"
        keeper.client.send(protocol.message("ping"))
        wait_for(lambda: not keeper.client.inbox.empty() and keeper.client.inbox.get()["type"] == "pong",
                 what="the pong")
        keeper.close()


def test_a_flood_is_rate_limited_then_cut_off():
    with hosted(XUANWU, [PERSON, PERSON, "easy"]) as table, raw(table) as ws:
        hello(ws, type="join", secret=table.code.secret)
        start = time.monotonic()
        for _ in range(400):
            try:
                ws.send('{"v":1,"type":"ping"}')
            except ConnectionClosed:
                break
        got = until_closed(ws)
        took = time.monotonic() - start
        assert any(m.get("code") == "rate_limited" for m in got)
        # no more answered than the burst and the rate over the time the flood lasted
        assert sum(m["type"] == "pong" for m in got) <= QUICK.burst + QUICK.rate * took + 1
        host_answers(table)


def test_half_open_connections_are_closed_in_bounded_time():
    with hosted(XUANWU, [PERSON, PERSON, "easy"]) as table:
        port = table.address[1]
        start = time.monotonic()
        silent_tcp = socket.create_connection(("127.0.0.1", port), timeout=5)
        tls = client_context().wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=5))
        with raw(table) as no_hello:
            assert until_closed(no_hello)[0]["code"] == "hello_first"
        assert silent_tcp.recv(1) == b""            # the host hung up on a TCP connection saying nothing
        try:
            assert tls.recv(1) == b""               # ...and on TLS without a WebSocket handshake
        except (ssl.SSLError, ConnectionResetError):
            pass
        assert time.monotonic() - start < QUICK.open_timeout + 3
        silent_tcp.close(), tls.close()
        host_answers(table)


def test_connections_over_the_limit_are_refused():
    limits = Limits(max_connections=3, hello_timeout=3.0, open_timeout=2.0)
    with hosted(XUANWU, [PERSON, PERSON, "easy"], limits=limits) as table:
        idle = [raw(table) for _ in range(3)]
        time.sleep(0.1)
        with raw(table) as ws:
            assert json.loads(ws.recv(timeout=3))["code"] == "table_full"
        for ws in idle:
            ws.close()


def test_a_bounded_fuzz_of_random_frames_never_changes_or_stops_the_table():
    rng = random.Random(7)
    atoms = ['"act"', '"undo"', '"join"', '"resume"', '"ready"', "null", "true", "-1", "1e999", "0", '"x"',
             "[]", "{}", '"\\u0000"', "99999999999999999999"]

    def junk() -> str:
        keys = ['"v"', '"type"', '"action"', '"at"', '"seat"', '"secret"', '"token"', '"table"', '"name"']
        return "{" + ",".join(f"{rng.choice(keys)}:{rng.choice(atoms)}" for _ in range(rng.randrange(6))) + "}"
    with hosted(XUANWU, [PERSON, PERSON, "easy"]) as table:
        keeper = join(table)
        for round_ in range(30):
            try:
                with raw(table) as ws:
                    if round_ % 2:
                        hello(ws, type="join", secret=table.code.secret) if round_ < 4 else None
                    for _ in range(rng.randrange(1, 12)):
                        frame = rng.choice([junk(), bytes(rng.randrange(256) for _ in range(rng.randrange(64))),
                                            junk()[: rng.randrange(1, 30)]])
                        ws.send(frame)
            except ConnectionClosed:
                pass
        assert table.match.state.actions == []
        assert table.server._thread.is_alive()
        keeper.client.send(protocol.message("ping"))
        wait_for(lambda: any(m.get("type") == "pong" for m in iter_inbox(keeper)), what="the pong")
        keeper.close()


def iter_inbox(remote):
    while not remote.client.inbox.empty():
        yield remote.client.inbox.get()


def test_a_client_that_stops_reading_is_dropped_and_keeps_its_seat_while_the_others_go_on():
    from game.core.match import Match, Seat
    from netplay import hosting
    match = Match.new(GAMES["elfenland"], [Seat(f"P{i}") for i in range(3)], seed=3)
    rng = random.Random(2)
    with hosting(match, limits=Limits(outbox=3, open_timeout=4.0)) as table:
        port = table.address[1]
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)   # it reads almost nothing...
        stalled = connect(f"wss://127.0.0.1:{port}/", sock=sock, ssl=client_context(), max_queue=1,
                          compression=None, max_size=protocol.MAX_HOST_MESSAGE, open_timeout=10, close_timeout=0.5)
        stalled.send(protocol.encode(protocol.message("join", secret=table.code.secret, seat=0)))
        good = join(table, seat=1)
        wait_for(lambda: table.table.holds[0].connected, what="the join")

        def small_buffer(t) -> None:   # ...and the host's side keeps little: its writer soon waits
            for conn in table.server._conns:
                if conn.seat == 0:
                    conn.ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        table.server.call(small_buffer)

        def move(t) -> None:
            m = t.match
            seat = rng.choice(m.state.to_act())
            m.act(seat, rng.choice(m.state.legal_actions(seat)))
        for _ in range(120):
            if not table.table.holds[0].connected or match.state.is_over():
                break
            table.server.call(move)
        assert not table.table.holds[0].connected and table.table.holds[0].claimed   # dropped, seat kept
        end = time.monotonic() + 3
        while good.poll(0.1) is not None and time.monotonic() < end:
            pass
        assert good.view_of(1) == match.view_of(1)   # the others were never held up
        stalled.close()

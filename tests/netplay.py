"""Tables on 127.0.0.1 for the network tests: opening one, joining it, reading a seat's frames.

Every wait here is bounded (a test that would hang fails instead) and nothing listens beyond the
loopback address."""
from __future__ import annotations

import json
import threading
import time
from contextlib import contextmanager
from typing import Iterator, Optional

from websockets.sync.client import connect

from game.core.match import Match
from game.net import protocol
from game.net.certs import client_context, make_certificate
from game.net.client import TableClient
from game.net.headless import OpenTable, open_table, play_seat
from game.net.remote_match import RemoteMatch
from game.net.server import Limits, TableServer
from game.net.table import REMOTE, HostedTable
from game.net.tablecode import new_code
from game.registry import GAMES

LOOPBACK = "127.0.0.1"
# Short timeouts, so that a test of a silent or dead client is over in a second or two.
QUICK = Limits(hello_timeout=1.0, open_timeout=4.0, ping_interval=1.0, ping_timeout=2.0)


_joined: list[RemoteMatch] = []   # every client a test joined: closed with its table, whatever happens


def _close_joined() -> None:
    while _joined:
        remote = _joined.pop()
        remote.client._closing = True
        remote.close()


@contextmanager
def hosted(spec, kinds: list[str], seed: int = 1, options: Optional[dict] = None,
           limits: Limits = QUICK) -> Iterator[OpenTable]:
    table = open_table(spec, kinds, seed=seed, options=options, host=LOOPBACK, limits=limits)
    try:
        yield table
    finally:
        _close_joined()
        table.close()


@contextmanager
def hosting(match: Match, limits: Limits = QUICK) -> Iterator[OpenTable]:
    """A table for a match already under way, every seat a person's (so no bot moves it on), every
    one taken as ready (so each seat is shown its legal actions)."""
    cert = make_certificate()
    code = new_code(cert.fingerprint)
    table = HostedTable(match, [REMOTE] * len(match.seats), code)
    for hold in table.holds:
        hold.ready = True
    server = TableServer(table, cert, LOOPBACK, 0, limits)
    opened = OpenTable(server, table, code, server.start())
    try:
        yield opened
    finally:
        _close_joined()
        opened.close()


def join(table: OpenTable, seat: Optional[int] = None, name: Optional[str] = None) -> RemoteMatch:
    remote = RemoteMatch.join(GAMES, TableClient(table.address, table.code, seat=seat, name=name), timeout=5)
    _joined.append(remote)
    return remote


def play_in_threads(remotes: list[RemoteMatch], level: str = "easy", deadline: float = 60.0) -> list[threading.Thread]:
    """Each remote seat played by a bot of `level` on its own view, each in a thread of its own."""
    threads = []
    for i, remote in enumerate(remotes):
        bot = remote.spec.bots[level](remote.seat, 1000 + i)
        t = threading.Thread(target=play_seat, args=(remote, bot, deadline), daemon=True)
        t.start()
        threads.append(t)
    return threads


def first_frames(table: OpenTable, seat: int, token: str, timeout: float = 5.0) -> list[str]:
    """The frames a seat coming back with its token is sent: the welcome and its first state, as
    the exact text that crossed the wire."""
    client = TableClient(table.address, table.code, seat=seat, token=token)
    client.frames = []
    client.start(timeout)
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            if any(json.loads(f).get("type") == "state" for f in client.frames):
                return list(client.frames)
            time.sleep(0.005)
        raise AssertionError(f"seat {seat} was sent no state within {timeout} s")
    finally:
        client._closing = True   # no resume after this close
        client.close()


def raw(table, **kw):
    """A WebSocket to the table with no pinning and no hello: what any program on the network can do."""
    return connect(f"wss://127.0.0.1:{table.address[1]}/", ssl=client_context(), open_timeout=10,
                   max_size=protocol.MAX_HOST_MESSAGE, compression=None, **kw)


def hello(ws, type: str, **fields) -> dict:
    ws.send(protocol.encode(protocol.message(type, **fields)))
    return json.loads(ws.recv(timeout=3))


def wait_for(condition, timeout: float = 5.0, what: str = "the condition") -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(0.01)
    raise AssertionError(f"{what} did not come within {timeout} s")

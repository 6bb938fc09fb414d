"""A table without a window: the host (main.py --host) and a client whose seat a bot plays on its own
view (main.py --join). Also what the tests and tools/bench_net.py open tables with."""
from __future__ import annotations

import logging
import os
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

from game.core.match import Match, Seat
from game.core.i18n import Translator
from game.core.names import HUMAN, default_name
from game.core.spec import GameSpec

from .certs import make_certificate
from .client import TableClient
from .kept_seats import load_token, save_token
from .remote_match import RemoteMatch
from .server import Limits, TableServer
from .table import BOT, REMOTE, HostedTable
from .tablecode import TableCode, new_code

log = logging.getLogger("sifang.net")

PERSON = "remote"   # a seat kind on the command line: a person who joins from another computer


@dataclass
class OpenTable:
    server: TableServer
    table: HostedTable
    code: TableCode
    address: tuple[str, int]

    @property
    def match(self) -> Match:
        return self.table.match

    def close(self) -> None:
        self.server.stop()


def table_seats(kinds: list[str], names: Optional[list[str]] = None) -> list[Seat]:
    """The seats of a table opened from the command line: `kinds` (PERSON or a bot level); an unnamed
    seat gets the default name, which each screen shows in its own language ("Player 2")."""
    return [Seat((names or [])[i] if i < len(names or []) else default_name(Translator("en"), i),
                 HUMAN if kind == PERSON else kind) for i, kind in enumerate(kinds)]


def open_table(spec: GameSpec, kinds: list[str], seed: Optional[int] = None, options: Optional[dict] = None,
               host: str = "0.0.0.0", port: int = 0, limits: Limits = Limits(), bot_delay: float = 0.0,
               names: Optional[list[str]] = None, hints: bool = False) -> OpenTable:
    """A new game whose seats are `kinds` (PERSON or a bot level), its table listening at host:port;
    `hints`: its people may ask for hints."""
    seats = table_seats(kinds, names)
    match = Match.new(spec, seats, seed=seed, options=options, hints_allowed=hints)
    cert = make_certificate()
    code = new_code(cert.fingerprint)
    table = HostedTable(match, [REMOTE if kind == PERSON else BOT for kind in kinds], code)
    server = TableServer(table, cert, host, port, limits, bot_delay)
    return OpenTable(server, table, code, server.start())


def lan_address() -> str:
    """This computer's address on the local network, as others would reach it (no packet is sent:
    connecting a UDP socket only picks the route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))   # TEST-NET-1: never routed anywhere
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def wait_until_over(table: OpenTable, timeout: Optional[float] = None) -> bool:
    """Block until the game is over and every seat was sent the end (True), or the timeout passes."""
    return table.server.finished.wait(timeout)


# -- a client whose seat a bot plays -------------------------------------------------------------------
def play_seat(remote: RemoteMatch, bot, deadline: float = 3600.0,
              on_state: Optional[Callable[[RemoteMatch], None]] = None) -> bool:
    """Play the remote seat with `bot` (choosing from the seat's view and legal actions) until the
    game is over (True), the host closes the table or the deadline passes (False)."""
    remote.ready()
    decided_at = -1
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if remote.state.is_over():
            return True
        if remote.closed is not None:
            return False
        if remote.decider() == remote.seat and remote.turn != decided_at:
            decided_at = remote.turn
            action = bot.choose(remote.view_of(remote.seat), remote.state.legal_actions(remote.seat))
            remote.act(remote.seat, action)
        listens = remote.spec.listens
        moment = listens(remote.view_of(remote.seat)) if listens is not None else None
        if moment is not None and moment[0] in remote.bots and remote.seat not in remote.ready_for(moment[1]):
            remote.say_ready_for(remote.seat, moment[1])   # a bot has nothing to talk over: the host's bot may go on
        errors = len(remote.errors)
        if remote.poll(timeout=0.5) is not None and on_state is not None:
            on_state(remote)
        if any(e.get("code") == "rate_limited" for e in remote.errors[errors:]):
            time.sleep(0.1)      # the intent was not read: make it again, a little later
            decided_at = -1
    return False


def join_and_play(spec_of: dict, address: tuple[str, int], code: str, level: str, seat: Optional[int] = None,
                  name: Optional[str] = None, token_file: Optional[Path] = None,
                  deadline: float = 3600.0) -> RemoteMatch:
    """Join a table (or come back to a seat kept in token_file) and play it with a bot of `level`."""
    token = None
    if token_file is not None:
        kept = load_token(token_file, address, code)
        if kept is not None:
            seat, token = kept
    client = TableClient(address, code, seat=seat, name=name, token=token)
    remote = RemoteMatch.join(spec_of, client)
    if token_file is not None and client.token:
        save_token(token_file, address, code, remote.seat, client.token)
    bot = remote.spec.bots[level](remote.seat, int.from_bytes(os.urandom(8), "big"))
    play_seat(remote, bot, deadline)
    return remote

"""The host's WebSocket server: in a thread of its own, with its own asyncio loop, so that no frame
of the host's window ever waits for the network.

Everything that touches the HostedTable (and so the Match) runs on that loop, one thing at a time;
another thread reaches it only through `call`. Bots think on the thinking worker
(game/core/thinking.py) and their moves land on the loop.

A client's bytes are bounded everywhere: a frame over 64 KiB closes its connection (1009), a
connection must say join or resume within `hello_timeout`, at most `rate` messages a second
(burst `burst`) are read from it, at most `max_connections` are open at once, wrong codes are
limited per address and for the whole table, and a client too slow to read its messages is
dropped (it keeps its seat). A message that is refused gets an error and changes nothing.
"""
from __future__ import annotations

import asyncio
import collections
import logging
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Optional

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.core.thinking import Thought

from . import protocol
from .certs import HostCertificate, server_context
from .protocol import ProtocolError
from .table import REMOTE, HostedTable, SeatFeed

log = logging.getLogger("sifang.net")


@dataclass(frozen=True)
class Limits:
    max_connections: int = 16
    hello_timeout: float = 5.0
    rate: float = 30.0            # messages a second read from one connection...
    burst: float = 60.0           # ...after a burst of this many
    strikes: int = 100            # messages over the rate before the connection is closed
    wrong_codes_per_address: int = 5   # wrong codes or tokens a minute from one address
    wrong_codes_per_second: float = 1.0  # for the whole table, after a burst of 10
    ping_interval: Optional[float] = 10.0
    ping_timeout: Optional[float] = 10.0
    open_timeout: float = 5.0     # the TLS and WebSocket handshakes
    outbox: int = 256             # messages waiting for a slow reader before it is dropped


class _Bucket:
    """A token bucket: `take` is False once the rate is spent."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.level, self.at = rate, burst, burst, time.monotonic()

    def _fill(self) -> None:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now

    def left(self) -> bool:
        self._fill()
        return self.level >= 1

    def take(self) -> bool:
        self._fill()
        if self.level < 1:
            return False
        self.level -= 1
        return True


class _Connection:
    def __init__(self, ws: ServerConnection, limits: Limits) -> None:
        self.ws = ws
        self.seat: Optional[int] = None
        self.feed: Optional[SeatFeed] = None
        self.outbox: asyncio.Queue = asyncio.Queue()
        self.bucket = _Bucket(limits.rate, limits.burst)
        self.strikes = 0
        self.limits = limits
        self.dropped = False

    def put(self, message: dict) -> None:
        if self.dropped:
            return
        if self.outbox.qsize() >= self.limits.outbox:
            log.warning("seat %s reads too slowly: dropped (it keeps its seat)", self.seat)
            self.dropped = True
            self.ws.transport.abort()   # its handler ends; it may resume
            return
        self.outbox.put_nowait(protocol.encode(message))


class TableServer:
    def __init__(self, table: HostedTable, cert: HostCertificate, host: str = "0.0.0.0", port: int = 0,
                 limits: Limits = Limits(), bot_delay: float = 0.0, run_bots: bool = True) -> None:
        self.table = table
        # False where the host's window plays the table: its scene runs the bots (paced, marked, held
        # while pieces move) as at any table, and the server only answers the remote seats.
        self.run_bots = run_bots
        self.cert = cert
        self.host, self.port = host, port
        self.limits = limits
        self.bot_delay = bot_delay
        self.finished = threading.Event()   # the game is over and every connected seat was told
        self.error: Optional[BaseException] = None
        self._ready = threading.Event()
        self._thread: Optional[threading.Thread] = None
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._stop: Optional[asyncio.Future] = None
        self._changed: Optional[asyncio.Event] = None
        self._conns: set[_Connection] = set()
        self._by_seat: dict[int, _Connection] = {}
        self._wrong: dict[str, collections.deque] = {}
        self._wrong_all = _Bucket(limits.wrong_codes_per_second, 10)

    # -- from any thread ------------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> tuple[str, int]:
        """Open the table: listen, and return (address, port) once listening."""
        self._thread = threading.Thread(target=self._run, name="table-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout) or self.error is not None:
            raise OSError(f"the table could not listen on {self.host}:{self.port}: {self.error}")
        return self.host, self.port

    def stop(self, timeout: float = 5.0) -> None:
        """Close the table: every connection is told 'bye' and closed; nothing listens any more."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(lambda: stop.done() or stop.set_result(None))
            except RuntimeError:   # the loop closed meanwhile
                pass
        if self._thread is not None:
            self._thread.join(timeout)

    def call(self, fn: Callable[[HostedTable], Any], timeout: float = 10.0) -> Any:
        """Run fn(table) on the server's loop (a local person's action, a seat handed to a bot) and
        return its result; every seat is then sent what changed. Never from a thread that holds
        the table's lock (the host's window in a frame): the loop would wait for it."""
        async def run() -> Any:
            with self.table.lock:
                result = fn(self.table)
            self._broadcast()
            return result
        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(timeout)

    def poke(self) -> None:
        """The match changed outside the loop (the host's window, under the table's lock): every
        seat is sent what changed, soon. Never waits."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._broadcast)
            except RuntimeError:   # the loop closed meanwhile
                pass

    # -- the loop -----------------------------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:
            self.error = exc
            log.exception("the table's server stopped")
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = self._loop.create_future()
        self._changed = asyncio.Event()
        lim = self.limits
        async with serve(self._handler, self.host, self.port, ssl=server_context(self.cert),
                         max_size=protocol.MAX_CLIENT_MESSAGE, max_queue=4, compression=None,
                         open_timeout=lim.open_timeout, ping_interval=lim.ping_interval,
                         ping_timeout=lim.ping_timeout, close_timeout=2, server_header=None) as server:
            self.port = server.sockets[0].getsockname()[1]
            self._ready.set()
            bots = asyncio.create_task(self._bots())
            await self._stop
            bots.cancel()
            for conn in list(self._conns):
                conn.put(protocol.message(protocol.BYE, reason="closed"))
                conn.outbox.put_nowait(None)
            await asyncio.sleep(0.05)
            server.close()

    def _broadcast(self) -> None:
        """Send every connected seat the state message it needs now (if any)."""
        with self.table.lock:
            for conn in list(self._conns):
                if conn.feed is not None:
                    msg = conn.feed.next_message()
                    if msg is not None:
                        conn.put(msg)
            over = self.table.match.state.is_over()
        if self._changed is not None:
            self._changed.set()
        if over and not self.finished.is_set():
            self._loop.call_later(0.2, self.finished.set)  # after the last messages are on their way

    async def _bots(self) -> None:
        """The host's bots: whenever one must act (and every person has joined), it thinks, then moves."""
        table = self.table
        if not self.run_bots:
            return
        wait: Optional[float] = None   # a bot giving the people time (HostedTable.bot_waits) looks again then
        while True:
            try:
                await asyncio.wait_for(self._changed.wait(), wait)
            except asyncio.TimeoutError:
                pass
            self._changed.clear()
            wait = None
            while table.started and not table.match.state.is_over():
                with table.lock:
                    seat = table.match.bot_to_move()
                    if seat is not None:
                        wait = table.bot_waits(seat, time.monotonic()) or None
                if seat is None or wait is not None:
                    break
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                with table.lock:
                    thought = Thought(table.match, seat)
                    table.thinking = seat
                self._broadcast()
                try:
                    await self._loop.run_in_executor(None, thought.finished.wait)
                    with table.lock:
                        thought.land()
                except asyncio.CancelledError:   # the table closes: the thought is not wanted
                    thought.cancel()
                    raise
                except Exception:
                    log.exception("a bot's move could not be made")
                    await asyncio.sleep(1.0)
                finally:
                    table.thinking = None
                self._broadcast()
                self._changed.clear()

    # -- one connection -----------------------------------------------------------------------------
    async def _handler(self, ws: ServerConnection) -> None:
        conn = _Connection(ws, self.limits)
        if len(self._conns) >= self.limits.max_connections:
            await self._refuse(ws, "table_full")
            return
        self._conns.add(conn)
        writer = asyncio.create_task(self._writer(conn))
        try:
            await self._hello(conn)
            if conn.feed is not None:
                await self._intents(conn)
        except ConnectionClosed:
            pass
        finally:
            self._conns.discard(conn)
            if conn.seat is not None and self._by_seat.get(conn.seat) is conn:
                del self._by_seat[conn.seat]
                with self.table.lock:
                    self.table.dropped(conn.seat)
                self._broadcast()
            conn.outbox.put_nowait(None)
            await asyncio.gather(writer, return_exceptions=True)

    async def _writer(self, conn: _Connection) -> None:
        try:
            while True:
                text = await conn.outbox.get()
                if text is None:
                    break
                await conn.ws.send(text)
        except ConnectionClosed:
            pass
        finally:
            await conn.ws.close()

    async def _refuse(self, ws: ServerConnection, code: str, about: Optional[str] = None) -> None:
        try:
            await ws.send(protocol.encode(protocol.error(code, about)))
            await ws.close(1008, code)
        except ConnectionClosed:
            pass

    async def _tell_and_close(self, ws: ServerConnection, message: dict) -> None:
        try:
            await ws.send(protocol.encode(message))
            await ws.close(1000, "looked")
        except ConnectionClosed:
            pass

    def _address(self, conn: _Connection) -> str:
        addr = conn.ws.remote_address
        return str(addr[0]) if isinstance(addr, tuple) and addr else "?"

    def _may_try(self, conn: _Connection) -> bool:
        """May this address try a code or token now? A minute's wrong tries are counted per address."""
        wrong = self._wrong.get(self._address(conn))
        now = time.monotonic()
        while wrong and now - wrong[0] > 60:
            wrong.popleft()
        return not wrong or len(wrong) < self.limits.wrong_codes_per_address

    def _wrong_try(self, conn: _Connection) -> None:
        if len(self._wrong) > 1024:   # a flood of addresses cannot grow this without end
            self._wrong.clear()
        self._wrong.setdefault(self._address(conn), collections.deque()).append(time.monotonic())

    async def _hello(self, conn: _Connection) -> None:
        """The first message: join (table code's secret), resume (the seat's token), or look (the
        code's secret: the seats are told before one is taken, and the connection ends)."""
        try:
            raw = await asyncio.wait_for(conn.ws.recv(), self.limits.hello_timeout)
        except asyncio.TimeoutError:
            await self._refuse(conn.ws, "hello_first")
            return
        try:
            msg = protocol.decode_client(raw)
            if msg["type"] not in protocol.HELLO_TYPES:
                raise ProtocolError("hello_first")
            if not self._may_try(conn) or not self._wrong_all.left():
                raise ProtocolError("too_many_tries")
            looked = None
            with self.table.lock:
                if msg["type"] == "look":   # the seats before taking one: told, then the connection ends
                    looked = protocol.message(protocol.SEATS, game=self.table.match.spec.key,
                                              seats=self.table.seats_before_joining(msg["secret"]))
                elif msg["type"] == "join":
                    seat, token = self.table.join(msg["secret"], msg.get("seat"), msg.get("name"))
                else:
                    seat, token = msg["seat"], None
                    self.table.resume(seat, msg["token"])
        except ProtocolError as exc:
            if exc.code in ("bad_code", "bad_token"):
                self._wrong_try(conn)
                self._wrong_all.take()
            await self._refuse(conn.ws, exc.code, "hello")
            return
        if looked is not None:
            await self._tell_and_close(conn.ws, looked)
            return
        old = self._by_seat.get(seat)
        if old is not None:   # the same person again on a new connection: the old one goes
            old.seat = None
            old.put(protocol.message(protocol.BYE, reason="replaced"))
            old.outbox.put_nowait(None)
        conn.seat = seat
        conn.feed = SeatFeed(self.table, seat)
        self._by_seat[seat] = conn
        with self.table.lock:
            match = self.table.match
            welcome = protocol.message(protocol.WELCOME, seat=seat, token=token, game=match.spec.key,
                                       n_players=len(match.seats), options=dict(match.state.options),
                                       hints=match.hints_allowed,
                                       stood_in=self.table.tell_stood_in(seat))
        conn.put(welcome)
        log.info("seat %d %s from %s", seat, "joined" if token else "came back", self._address(conn))
        self._broadcast()

    async def _intents(self, conn: _Connection) -> None:
        async for raw in conn.ws:
            if conn.seat is None:   # replaced by a newer connection of the same seat
                return
            if not conn.bucket.take():
                conn.strikes += 1
                if conn.strikes >= self.limits.strikes:
                    await self._refuse(conn.ws, "rate_limited")
                    return
                conn.put(protocol.error("rate_limited"))   # at most `strikes` times, then closed
                continue
            about = None
            try:
                msg = protocol.decode_client(raw)
                about = msg["type"]
                with self.table.lock:
                    self._intent(conn, msg)
            except ProtocolError as exc:
                conn.put(protocol.error(exc.code, about, exc.detail))
                continue
            self._broadcast()

    def _intent(self, conn: _Connection, msg: dict) -> None:
        kind, seat, table = msg["type"], conn.seat, self.table
        if kind in protocol.HELLO_TYPES:
            raise ProtocolError("already_joined")
        if kind == "ping":
            conn.put(protocol.message(protocol.PONG))
            return
        if table.holds[seat].role != REMOTE:   # handed to a bot meanwhile
            raise ProtocolError("not_allowed", "this seat is played by a bot now")
        if kind == "ready":
            table.ready(seat)
            return
        if kind == "hint":   # shown at the seat's screen: counted, whatever has moved on since
            table.hint_taken(seat)
            return
        if kind == "done_talking":
            table.done_talking(seat, msg["moment"])   # the broadcast after it wakes the bots
            return
        if msg["at"] != conn.feed.turn:
            raise ProtocolError("stale")
        if kind == "act":
            table.act(seat, msg["action"], bool(msg.get("table")))
        elif kind == "undo":
            table.undo(seat)

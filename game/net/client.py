"""A client's connection to a table: in a thread of its own with its own asyncio loop, so the drawing
thread never waits on the network. It hands the host's messages over through a queue (`inbox`) and
takes intents from any thread (`send`).

It pins the host: after the TLS handshake, and before it sends anything of its own (the join secret,
a token, an intent), it checks the certificate's SHA-256 fingerprint against the table code. A host
that does not match is left at once (PinMismatch). A connection that drops is resumed with the
seat's token, again and again, until the client is closed.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import re
import threading
from typing import Callable, Optional, Union

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from . import protocol
from .certs import client_context
from .tablecode import TableCode, fingerprint, parse

log = logging.getLogger("sifang.net")

RETRY_AFTER = (0.2, 0.5, 1.0, 2.0)   # seconds between tries to resume, the last one repeated
GIVE_UP_AFTER = 120.0                 # seconds without the host before the client stops trying


class PinMismatch(ConnectionError):
    """The machine at that address is not the host whose code was typed."""


class JoinRefused(ConnectionError):
    """The host refused to seat us; `code` is one of protocol.ERRORS."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(f"{code}: {text}")
        self.code = code


def parse_address(text: str, default_port: Optional[int] = None, listening: bool = False) -> tuple[str, int]:
    """'192.168.1.5:47047', '[::1]:47047' or 'host' (with a default port) -> (host, port);
    ValueError says what is wrong. Where a table listens, port 0 means any free port."""
    text = text.strip()
    m = re.fullmatch(r"\[([0-9A-Fa-f:.]+)\](?::(\d{1,5}))?|([A-Za-z0-9.\-]+)(?::(\d{1,5}))?", text)
    if not m:
        raise ValueError(f"{text!r} is not an address; write HOST:PORT, for example 192.168.1.5:47047")
    host = m.group(1) or m.group(3)
    port_text = m.group(2) or m.group(4)
    if port_text is None and default_port is None:
        raise ValueError(f"{text!r} has no port; write HOST:PORT")
    port = int(port_text) if port_text is not None else default_port
    low = 0 if listening else 1
    if not low <= port <= 65535:
        raise ValueError(f"port {port} is out of range ({low}-65535)")
    return host, port


class TableClient:
    def __init__(self, address: tuple[str, int], code: Union[TableCode, str], seat: Optional[int] = None,
                 name: Optional[str] = None, token: Optional[str] = None, open_timeout: float = 5.0) -> None:
        self.host, self.port = address
        self.code = code if isinstance(code, TableCode) else parse(code)
        self.seat = seat
        self.name = name
        self.token = token                       # with a seat: resume instead of join
        self.open_timeout = open_timeout
        self.give_up_after = GIVE_UP_AFTER
        self.close_wait = 3.0                     # seconds close() waits for the closing handshake
        self.inbox: "queue.SimpleQueue[dict]" = queue.SimpleQueue()
        self.connected = threading.Event()
        self.joined = threading.Event()
        self.refused: Optional[BaseException] = None   # why the host (or the pin) turned us away
        self._closing = False
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._ws: Optional[ClientConnection] = None
        self._thread: Optional[threading.Thread] = None
        self.received_bytes = 0
        self.frames: Optional[list[str]] = None   # when a list: every frame received, as text (tests)
        self.on_frame: Optional[Callable[[str], None]] = None   # called on the client's thread (benchmarks)

    # -- from any thread ------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> "TableClient":
        """Connect and take the seat; JoinRefused, PinMismatch or OSError if that fails."""
        self._thread = threading.Thread(target=self._run, name="table-client", daemon=True)
        self._thread.start()
        self.joined.wait(timeout)
        if self.refused is not None:
            self.close()
            raise self.refused
        if not self.joined.is_set():
            self.close()
            raise OSError(f"no answer from {self.host}:{self.port} within {timeout:.0f} s")
        return self

    def send(self, message: dict) -> None:
        """Send an intent (from any thread); dropped quietly while the connection is down (the host's
        next state, after the resume, says where the table is)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        text = protocol.encode(message)
        try:
            loop.call_soon_threadsafe(self._send_now, text)
        except RuntimeError:
            pass

    def send_raw(self, data: Union[str, bytes]) -> None:
        """Any frame at all (the hostile-client tests)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._send_now, data)

    def close(self) -> None:
        self._closing = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            # The closing coroutine is made on the loop, never here: one made here and then not
            # scheduled (the loop closed in between) would be a coroutine never awaited.
            closed = threading.Event()
            try:
                loop.call_soon_threadsafe(self._close_now, closed)
            except RuntimeError:   # the loop closed meanwhile: nothing left to close
                pass
            else:
                closed.wait(self.close_wait)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(5)

    # -- the loop --------------------------------------------------------------------------------
    def _close_now(self, closed: threading.Event) -> None:
        if self._ws is None:
            closed.set()
            return
        asyncio.ensure_future(self._ws.close()).add_done_callback(lambda _: closed.set())

    def _send_now(self, data: Union[str, bytes]) -> None:
        if self._ws is not None:
            asyncio.ensure_future(self._send(data))

    async def _send(self, data: Union[str, bytes]) -> None:
        try:
            await self._ws.send(data)
        except ConnectionClosed:
            pass

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        tries = 0
        lost_at: Optional[float] = None
        while not self._closing:
            try:
                await self._session()
                tries, lost_at = 0, None
            except (PinMismatch, JoinRefused) as exc:
                self.refused = exc
                self.joined.set()
                break
            except (OSError, asyncio.TimeoutError, InvalidHandshake, InvalidURI, ConnectionClosed) as exc:
                log.info("connection to %s:%d: %s", self.host, self.port, exc)
                if not self.joined.is_set() and self.token is None:
                    self.refused = exc if isinstance(exc, OSError) else OSError(str(exc))
                    self.joined.set()
                    break
            self.connected.clear()
            self._ws = None
            if self._closing or self.token is None:
                break
            now = self._loop.time()
            lost_at = now if lost_at is None else lost_at
            if now - lost_at > self.give_up_after:
                # The host is gone (its computer off, the table closed without a word): said as a bye.
                self.inbox.put(protocol.message(protocol.BYE, reason="lost"))
                break
            await asyncio.sleep(RETRY_AFTER[min(tries, len(RETRY_AFTER) - 1)])
            tries += 1

    async def _session(self) -> None:
        async with _pinned(self.host, self.port, self.code, self.open_timeout) as ws:
            if self.token is not None and self.seat is not None:
                hello = protocol.message("resume", seat=self.seat, token=self.token)
            else:
                hello = protocol.message("join", secret=self.code.secret, seat=self.seat, name=self.name)
            await ws.send(protocol.encode(hello))
            self._ws = ws
            async for raw in ws:
                self.received_bytes += len(raw)
                if self.frames is not None:
                    self.frames.append(raw if isinstance(raw, str) else raw.decode("utf-8", "replace"))
                if self.on_frame is not None:
                    self.on_frame(raw)
                msg = protocol.json_object(raw)
                if msg is None:
                    continue
                kind = msg.get("type")
                if kind == protocol.WELCOME:
                    self.seat = msg.get("seat")
                    if msg.get("token"):
                        self.token = msg["token"]
                    self.connected.set()
                    self.joined.set()
                elif kind == protocol.ERROR and msg.get("about") == "hello":
                    raise JoinRefused(str(msg.get("code")), str(msg.get("message")))
                self.inbox.put(msg)
                if kind == protocol.BYE and msg.get("reason") in ("closed", "replaced"):
                    self._closing = True


def _uri(host: str, port: int) -> str:
    return f"wss://{host if ':' not in host else '[' + host + ']'}:{port}/"


@contextlib.asynccontextmanager
async def _pinned(host: str, port: int, code: TableCode, open_timeout: float):
    """A connection to the host of this code: PinMismatch, before a byte of ours is sent, if the
    certificate there is not the one the code pins."""
    async with connect(_uri(host, port), ssl=client_context(), max_size=protocol.MAX_HOST_MESSAGE,
                       compression=None, open_timeout=open_timeout, ping_interval=10, ping_timeout=10,
                       close_timeout=2) as ws:
        der = ws.transport.get_extra_info("ssl_object").getpeercert(binary_form=True)
        if not der or not code.pins(fingerprint(der)):
            raise PinMismatch(f"{host}:{port} is not the host of this table code")
        yield ws


def look_at_seats(address: tuple[str, int], code: Union[TableCode, str], timeout: float = 5.0) -> dict:
    """The table's seats before taking one (the host's `seats` message: its game and each seat's
    name, whether it is free, whom it is kept for). Blocks: call it off the drawing thread.
    PinMismatch, JoinRefused (a wrong code) or OSError if it cannot be had."""
    code = code if isinstance(code, TableCode) else parse(code)

    async def look() -> dict:
        async with _pinned(address[0], address[1], code, timeout) as ws:
            await ws.send(protocol.encode(protocol.message("look", secret=code.secret)))
            msg = protocol.json_object(await asyncio.wait_for(ws.recv(), timeout)) or {}
        if msg.get("type") == protocol.ERROR:
            raise JoinRefused(str(msg.get("code")), str(msg.get("message")))
        if msg.get("type") != protocol.SEATS or not isinstance(msg.get("seats"), list):
            raise OSError("the host did not say its seats")
        return msg

    try:
        return asyncio.run(look())
    except (PinMismatch, JoinRefused, OSError):
        raise
    except (asyncio.TimeoutError, InvalidHandshake, InvalidURI, ConnectionClosed) as exc:
        raise OSError(str(exc) or type(exc).__name__) from None

"""Finding the tables open on the local network: a zeroconf (mDNS) browse of SERVICE_TYPE.

The browse runs on zeroconf's own threads and a resolver thread of ours; the drawing thread only
reads `tables()`, a snapshot. Failures are quiet (a log line): no network, no multicast, or no
`zeroconf` package at all leave the list empty, and a table can still be joined by its address.

What a host announces (the hosting side, docs/network.md): the address and port, and the TXT
properties `game` (its key), `host` (the host's name) and `free` (the seats still free). Nothing in
them is secret: the code is never announced (it is the pin and the invitation).
"""
from __future__ import annotations

import logging
import queue
import threading
from dataclasses import dataclass
from typing import Optional

log = logging.getLogger("sifang.net")

SERVICE_TYPE = "_sifang._tcp.local."
RESOLVE_MS = 3000


@dataclass(frozen=True)
class FoundTable:
    name: str              # the service's name (unique on the network)
    address: str           # an IPv4 address (else IPv6) the host gave
    port: int
    game: str              # the game's key ("" when the host did not say)
    host: str              # the host's name, as it announced it
    free: str              # the free seats as announced (a count or names), "" when unknown

    @property
    def where(self) -> str:
        return f"[{self.address}]:{self.port}" if ":" in self.address else f"{self.address}:{self.port}"


def _text(props: dict, key: str, limit: int = 60) -> str:
    value = props.get(key.encode()) if isinstance(props, dict) else None
    if value is None:
        value = props.get(key) if isinstance(props, dict) else None
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    text = "".join(ch for ch in str(value or "") if ch.isprintable())
    return text[:limit]


def found_from(name: str, addresses: list[str], port: Optional[int], props: dict) -> Optional[FoundTable]:
    """A table from a resolved announcement, or None if it cannot be joined (no address or port)."""
    if not addresses or not port or not 0 < int(port) <= 65535:
        return None
    v4 = [a for a in addresses if ":" not in a]
    return FoundTable(name, (v4 or addresses)[0], int(port), _text(props, "game", 40),
                      _text(props, "host", 40), _text(props, "free", 80))


class TableFinder:
    """Browse for tables until closed; `tables()` is what was found so far (and is still there)."""

    def __init__(self, interfaces: Optional[list[str]] = None) -> None:
        self.interfaces = interfaces   # None: every interface (tests: ["127.0.0.1"])
        self._found: dict[str, FoundTable] = {}
        self._lock = threading.Lock()
        self._todo: "queue.Queue[Optional[tuple[str, str]]]" = queue.Queue()
        self._zc = None
        self._browser = None
        self._thread: Optional[threading.Thread] = None
        self.failed: Optional[str] = None   # why browsing could not start (logged, never shown as an error)
        self.changes = 0                    # counts changes of the list: a screen redraws when it moves

    def start(self) -> "TableFinder":
        """Start browsing in the background; never raises, never waits on the network."""
        self._thread = threading.Thread(target=self._run, name="table-finder", daemon=True)
        self._thread.start()
        return self

    def tables(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.host.lower(), t.name))

    def close(self) -> None:
        self._todo.put(None)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(3)

    # -- background ------------------------------------------------------------------------------
    def _run(self) -> None:
        try:
            from zeroconf import ServiceBrowser, ServiceStateChange, Zeroconf
            self._zc = Zeroconf(interfaces=self.interfaces) if self.interfaces else Zeroconf()

            def changed(zeroconf, service_type: str, name: str, state_change) -> None:
                if state_change is ServiceStateChange.Removed:
                    with self._lock:
                        if self._found.pop(name, None) is not None:
                            self.changes += 1
                else:
                    self._todo.put((service_type, name))   # resolved on our thread, not zeroconf's

            self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[changed])
        except Exception as exc:  # noqa: BLE001 - no package, no network, no multicast: an empty list
            self.failed = str(exc) or type(exc).__name__
            log.info("looking for tables on the network failed: %s", self.failed)
            self._shut()
            return
        try:
            while True:
                item = self._todo.get()
                if item is None:
                    break
                self._resolve(*item)
        finally:
            self._shut()

    def _resolve(self, service_type: str, name: str) -> None:
        try:
            info = self._zc.get_service_info(service_type, name, timeout=RESOLVE_MS)
            if info is None:
                return
            table = found_from(name, info.parsed_addresses(), info.port, info.properties or {})
        except Exception as exc:  # noqa: BLE001 - one odd announcement is skipped
            log.info("a table announced as %r could not be read: %s", name, exc)
            return
        if table is not None:
            with self._lock:
                if self._found.get(name) != table:
                    self._found[name] = table
                    self.changes += 1

    def _shut(self) -> None:
        try:
            if self._browser is not None:
                self._browser.cancel()
            if self._zc is not None:
                self._zc.close()
        except Exception as exc:  # noqa: BLE001 - closing anyway
            log.info("closing the table finder: %s", exc)
        self._browser = self._zc = None

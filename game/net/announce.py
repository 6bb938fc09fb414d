"""The open table announced on the local network (zeroconf: mDNS / DNS-SD), so that a joining screen
can list it without the address being typed.

What is announced is public: the service `_sifang._tcp.local.` at the table's address and port, with
TXT properties `game` (the game's key), `host` (the host's name) and `free` (remote seats not yet
taken). Never the table code nor any part of it: the code is the invitation and the pin, said aloud.

Where the network (or a firewall, or a missing multicast route) allows no multicast, nothing is
announced and nothing is said: typing the address always works. All of it runs on a thread of its
own; no frame and no move waits for it.
"""
from __future__ import annotations

import logging
import socket
import threading
from typing import Optional

log = logging.getLogger("sifang.net")

SERVICE = "_sifang._tcp.local."


def _instance(host: str, port: int) -> str:
    """A service instance name: the host's name (DNS-SD labels are at most 63 bytes) and the port,
    so that two tables of one computer do not share a name."""
    label = "".join(ch for ch in host if ch.isprintable() and ch != ".")[:40] or "Sifang"
    return f"{label} {port}.{SERVICE}"


class Announcement:
    """The table's announcement while it is open: `update(free)` when the free seats change,
    `close()` when the table closes. Every failure is logged and otherwise quiet."""

    def __init__(self, game: str, host: str, addresses: list[str], port: int, free: int) -> None:
        self.game, self.host, self.addresses, self.port = game, host, addresses, port
        self.free = free
        self._zc = None
        self._info = None
        self._lock = threading.Lock()
        self._closed = False
        threading.Thread(target=self._register, name="table-announce", daemon=True).start()

    def _make_info(self):
        from zeroconf import ServiceInfo
        # Its own server name (not the computer's: that one may be another program's to answer for).
        return ServiceInfo(SERVICE, _instance(self.host, self.port), server=f"sifang-table-{self.port}.local.",
                           addresses=[socket.inet_aton(a) for a in self.addresses], port=self.port,
                           properties={"game": self.game, "host": self.host[:40], "free": str(self.free)})

    def _register(self) -> None:
        try:
            from zeroconf import Zeroconf
            zc = Zeroconf()
            free = self.free
            info = self._make_info()
            zc.register_service(info, allow_name_change=True)
        except Exception as exc:  # noqa: BLE001 - no multicast here: typing the address still works
            log.info("the table is not announced on the network: %s", exc)
            return
        with self._lock:
            if self._closed:
                self._unregister(zc, info)
                return
            self._zc, self._info = zc, info
        log.info("the table is announced as %s", info.name)
        if self.free != free:   # a seat was taken while the name was being claimed
            self._update()

    def update(self, free: int) -> None:
        """The number of free seats changed: announced again (on a thread)."""
        if free == self.free:
            return
        self.free = free
        threading.Thread(target=self._update, name="table-announce", daemon=True).start()

    def _update(self) -> None:
        with self._lock:
            zc, info = self._zc, self._info
            if zc is None or self._closed:
                return
            try:
                new = self._make_info()
                new.name = info.name
                zc.update_service(new)
                self._info = new
            except Exception as exc:  # noqa: BLE001
                log.info("the table's announcement was not updated: %s", exc)

    def close(self) -> None:
        """The table closed: the announcement goes (on a thread: a goodbye takes a moment)."""
        with self._lock:
            self._closed = True
            zc, info, self._zc = self._zc, self._info, None
        if zc is not None:
            threading.Thread(target=self._unregister, args=(zc, info), name="table-announce", daemon=True).start()

    @staticmethod
    def _unregister(zc, info) -> None:
        try:
            zc.unregister_service(info)
        except Exception as exc:  # noqa: BLE001
            log.info("the table's announcement could not be taken back: %s", exc)
        finally:
            try:
                zc.close()
            except Exception:  # noqa: BLE001
                pass

    @property
    def announced(self) -> Optional[str]:
        """The instance name once registered (None: not, or not yet)."""
        return self._info.name if self._info is not None and not self._closed else None

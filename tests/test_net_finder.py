"""Finding tables on the local network (game/net/finder.py): a table announced over mDNS (here on
127.0.0.1 only) shows with its address, port, game, host and free seats; one that goes away leaves
the list; an odd announcement is skipped; without zeroconf the list is just empty."""
from __future__ import annotations

import socket
import time

import pytest

from game.net.finder import SERVICE_TYPE, TableFinder, found_from

zeroconf = pytest.importorskip("zeroconf")


def _wait(condition, seconds: float = 8.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_a_table_announced_on_the_network_is_found_and_goes_when_it_is_withdrawn():
    zc = zeroconf.Zeroconf(interfaces=["127.0.0.1"])
    info = zeroconf.ServiceInfo(SERVICE_TYPE, f"Amy test {time.time_ns()}.{SERVICE_TYPE}",
                                addresses=[socket.inet_aton("127.0.0.1")], port=47047,
                                properties={"game": "elfenland", "host": "Amy", "free": "2"})
    finder = TableFinder(["127.0.0.1"]).start()
    try:
        zc.register_service(info)
        assert _wait(lambda: any(t.name == info.name for t in finder.tables())), finder.failed
        table = next(t for t in finder.tables() if t.name == info.name)
        assert (table.where, table.game, table.host, table.free) == ("127.0.0.1:47047", "elfenland", "Amy", "2")
        zc.unregister_service(info)
        assert _wait(lambda: all(t.name != info.name for t in finder.tables()))
    finally:
        finder.close()
        zc.close()


def test_an_announcement_without_an_address_or_port_is_skipped_and_its_words_are_bounded():
    assert found_from("x", [], 47047, {}) is None
    assert found_from("x", ["10.0.0.2"], 0, {}) is None
    odd = found_from("x", ["fe80::1", "10.0.0.2"], 47047, {b"host": "A\x00B".encode() + b"x" * 200, b"free": b"\xff"})
    assert odd.address == "10.0.0.2" and odd.host == "ABxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"[:40] and odd.free == "\ufffd"


def test_without_zeroconf_the_list_is_empty_and_nothing_fails(monkeypatch):
    import builtins
    real = builtins.__import__

    def no_zeroconf(name, *args, **kwargs):
        if name.startswith("zeroconf"):
            raise ImportError("no zeroconf here")
        return real(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", no_zeroconf)
    finder = TableFinder().start()
    assert _wait(lambda: finder.failed is not None, 3)
    assert finder.tables() == []
    finder.close()

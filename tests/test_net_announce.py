"""The open table announced with zeroconf (game/net/announce.py): the service type the joining
screen browses for, the game, the host and the free seats in its TXT properties, never the code;
updated when a seat is taken, gone when the table closes; and quiet where there is no multicast."""
from __future__ import annotations

import time

import pytest

from game.net.announce import SERVICE, Announcement


def wait_until(condition, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_the_service_type_is_the_one_the_joining_screen_browses_for():
    assert SERVICE == "_sifang._tcp.local."


def test_an_announcement_where_there_is_no_multicast_fails_quietly(monkeypatch):
    import zeroconf

    def refused(*args, **kwargs):
        raise OSError("no multicast route")
    monkeypatch.setattr(zeroconf, "Zeroconf", refused)
    a = Announcement("xuanwu_gate", "host", ["127.0.0.1"], 47999, 2)
    time.sleep(0.3)
    a.update(1)
    a.close()
    assert a.announced is None


@pytest.mark.slow
def test_the_table_is_announced_with_game_host_and_free_seats_and_no_code_then_taken_back():
    zeroconf = pytest.importorskip("zeroconf")
    a = Announcement("elfenland", "Ann's laptop", ["127.0.0.1"], 47123, 2)
    zc = None
    try:
        if not wait_until(lambda: a.announced is not None):
            pytest.skip("no multicast on this machine")
        zc = zeroconf.Zeroconf()
        info = zc.get_service_info(SERVICE, a.announced, timeout=3000)
        assert info is not None and info.port == 47123
        assert info.properties == {b"game": b"elfenland", b"host": b"Ann's laptop", b"free": b"2"}
        a.update(1)
        assert wait_until(lambda: (zc.get_service_info(SERVICE, a.announced, timeout=1000) or info)
                          .properties.get(b"free") == b"1")
    finally:
        name = a.announced
        a.close()
        if zc is not None:
            if name:
                assert wait_until(lambda: zc.get_service_info(SERVICE, name, timeout=300) is None)
            zc.close()

"""Screenshots of a seat joined from another computer (tools/screenshots.py): the join screen, the
table at a remote seat, the lost-connection notice and the results there. Each picture joins a
table hosted headless on 127.0.0.1 in this process, as a person at another computer would."""
from __future__ import annotations

import atexit
import random
import time

from game.net.finder import FoundTable
from game.net.headless import PERSON, open_table
from game.registry import GAMES


def _host(key: str, kinds: list[str], seed: int):
    """A fresh table for each picture (each takes a seat), closed when the tool ends."""
    table = open_table(GAMES[key], kinds, seed=seed, host="127.0.0.1", port=0,
                       names=["Amy", "Bo", "Chen", "Dai", "Eve"])
    atexit.register(table.close)
    return table


class ShownFinder:
    """Two tables as the network would announce them."""
    failed = None
    changes = 1

    def start(self):
        return self

    def tables(self):
        return [FoundTable("a", "192.168.1.23", 47047, "elfenland", "Amy", "2"),
                FoundTable("b", "192.168.1.40", 47047, "wonderful_island", "陳小明", "1")]

    def close(self):
        pass


def join_shots(app, settle) -> list[tuple[str, callable]]:
    from scenes import registry
    from scenes.remote.seat import remote_table_scene
    from game.net.client import TableClient
    from game.net.remote_match import RemoteMatch

    def sit(key: str, kinds: list[str], seed: int, seat: int, name: str, play_to_end: bool = False):
        table = _host(key, kinds, seed)
        client = TableClient(table.address, table.code, seat=seat, name=name)
        remote = RemoteMatch.join(GAMES, client, 10)
        remote.ready()
        if play_to_end:
            rng = random.Random(1)

            def play_out(t) -> None:
                m = t.match
                while not m.state.is_over():
                    s = rng.choice(m.state.to_act())
                    m.act(s, rng.choice(m.state.legal_actions(s)))
            table.server.call(play_out, timeout=60)
        end = time.monotonic() + 3
        while time.monotonic() < end:   # the host's bots move on until the seat must decide
            remote.poll(0.05)
            if (remote.decider() == seat or remote.state.is_over()) and time.monotonic() > end - 2.5:
                break
        scene = remote_table_scene(app, remote, table.address, str(table.code))
        app.manager.reset(registry.scene(app, "menu"))
        app.manager.push(scene)
        settle(app, 6)
        return scene

    def join_screen():
        app.manager.reset(registry.scene(app, "menu"))
        registry.push(app, "join", finder=ShownFinder(), address="192.168.1.23:47047",
                      code="K7Q2-9XRM-4TB1", player="Bo")
        settle(app)

    def join_refused():
        join_screen()
        scene = app.manager.top
        scene._say("net.join.error.pin", where="192.168.1.23:47047")

    def remote_table():
        # Xuanwu: Amy's seat at a table of bots, on her own screen
        sit("xuanwu_gate", [PERSON, "easy", "easy", "easy", "easy"], 4, 0, "Amy")

    def remote_waiting():
        # Elfenland: Bo has not joined yet: the table says whom it waits for
        sit("elfenland", [PERSON, PERSON, "easy"], 4, 0, "Amy")

    def remote_lost():
        scene = sit("xuanwu_gate", [PERSON, "easy", "easy", "easy", "easy"], 4, 0, "Amy")
        scene.match.client.connected.clear()   # as when the host stops answering (the picture only)
        settle(app)

    def remote_results():
        scene = sit("european_union", [PERSON, "easy", "easy"], 4, 0, "Amy", play_to_end=True)
        scene.show_game_over()

    return [("join", join_screen), ("join_refused", join_refused), ("remote_table", remote_table),
            ("remote_waiting", remote_waiting), ("remote_lost", remote_lost), ("remote_results", remote_results)]

"""The network's pictures for tools/screenshots.py, both sides of a table on the local network.

Hosting one: the setup with seats on other computers, the open table's lobby (who joined, who is
away, a seat kept for someone, a bot), and the host's own table waiting for a disconnected person
(marked on their plate), with its offer of a computer player for now. Joining one: the join screen
(the tables found, the seats of a table before taking one), the table at a remote seat (a hint, a
person away), the lost-connection notice and the results there.

Nothing leaves this computer: the tables listen on 127.0.0.1 only and are not announced; the
addresses shown are made up (a home network's), so the pictures do not carry this machine's."""
from __future__ import annotations

import atexit
import random
import time

from game.core.match import Match, Seat
from game.net.finder import FoundTable
from game.net.headless import PERSON, open_table
from game.net.hosting import Hosting
from game.net.table import BOT, LOCAL, REMOTE
from game.registry import GAMES

SHOWN_ADDRESSES = ["192.168.1.23", "10.0.0.7"]


def _hosting(match: Match, roles: list[str], named=None) -> Hosting:
    hosting = Hosting(match, roles, listen="127.0.0.1", port=0, announce=False, named=named)
    hosting.open()
    hosting.addresses = lambda: list(SHOWN_ADDRESSES)
    hosting.interfaces_text = lambda: "*"
    hosting.port = 47047
    return hosting


def _seated(hosting: Hosting, seat: int, connected: bool) -> None:
    hold = hosting.table.holds[seat]
    hold.token, hold.connected, hold.ready = "shown-in-a-picture", connected, True


def network_shots(app) -> list[tuple[str, callable]]:
    from scenes.shell.hosted_play import HostedPlay
    from scenes.registry import table_scene
    from scenes.shell.lobby import LobbyScene
    from scenes.shell.setup import SetupScene

    def host(hosting: Hosting) -> None:
        if app.hosted is not None:
            app.close_table()
        app.hosted = HostedPlay(app, hosting)

    def setup_network():
        scene = app.manager.reset(SetupScene(app, game="xuanwu_gate"))
        scene.players.index = scene.players.values.index(5)
        scene._players_changed(5)
        for i, (kind, name) in enumerate([("human", "Ann"), ("remote", "Amy"), ("remote", "Ben"),
                                          ("remote", ""), ("normal", "")]):
            scene.kinds[i].index = scene.kinds[i].values.index(kind)
            scene.names[i].text = name or scene.default_name(i)
        scene.validate()

    def lobby(game: str, n: int):
        def build():   # Ann here, Amy joined, Ben away, a seat kept for Cleo, the rest free or bots
            spec = GAMES[game]
            names = ["Ann", "Amy", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus"][:n]
            roles = [LOCAL, REMOTE, REMOTE, REMOTE] + [REMOTE if i % 2 else BOT for i in range(4, n)]
            level = next(iter(spec.bots))
            seats = [Seat(name if r != BOT else app.t("setup.default_name", n=i + 1), level if r == BOT else "human")
                     for i, (name, r) in enumerate(zip(names, roles))]
            hosting = _hosting(Match.new(spec, seats, seed=4), roles,
                               named=[None, "Amy", "Ben", "Cleo"] + [None] * (n - 4))
            _seated(hosting, 1, True)
            _seated(hosting, 2, False)
            host(hosting)
            app.manager.reset(LobbyScene(app, hosting))
        return build

    def waiting(game: str, moves: int = 0, joined: bool = True):
        def build():   # Ann at this screen, Amy away, bots: played on until only Amy must act
            spec = GAMES[game]
            level = "normal" if "normal" in spec.bots else next(iter(spec.bots))
            n = max(3, spec.min_players)
            seats = [Seat("Ann"), Seat("Amy")] + [Seat(f"Bot {i}", level) for i in range(2, n)]
            match = Match.new(spec, seats, seed=4)
            hosting = _hosting(match, [LOCAL, REMOTE] + [BOT] * (n - 2))
            if joined:
                _seated(hosting, 1, False)
            hosting.table.begin()
            rng = random.Random(2)
            while len(match.state.actions) < moves or match.state.to_act() != [1]:
                seat = match.state.to_act()[0]
                if seat in match.bots:
                    match.step_bot()
                else:
                    match.act(seat, rng.choice(match.state.legal_actions(seat)))
            host(hosting)
            app.manager.reset(table_scene(app, match))
        return build

    return [("setup_network", setup_network), ("lobby", lobby("xuanwu_gate", 5)),
            ("lobby_8", lobby("wonderful_island", 8)), ("host_waiting", waiting("xuanwu_gate")),
            ("host_waiting_elfenland", waiting("elfenland", 10)),
            ("host_waiting_eu", waiting("european_union", 10)),
            ("host_waiting_wi", waiting("wonderful_island", 10)),
            ("host_not_joined", waiting("xuanwu_gate", joined=False))]


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

    def join_seats():
        # The Wonderful Island: a table's seats before taking one (Chen sits at seat 1, one kept for Bo)
        from game.net.client import look_at_seats
        table = _host("wonderful_island", [PERSON, PERSON, PERSON, "easy", PERSON, "easy"], 4)
        table.table.named = [None, "Bo", None, None, "Eve", None]
        RemoteMatch.join(GAMES, TableClient(table.address, table.code, seat=0, name="Chen"), 10)
        app.manager.reset(registry.scene(app, "menu"))
        scene = registry.push(app, "join", finder=ShownFinder(), address="192.168.1.40:47047",
                              code=str(table.code), player="Bo")
        scene._offer_seats(look_at_seats(table.address, table.code)["seats"])
        settle(app)

    def remote_away():
        # Xuanwu: Bo joined, then his connection went: "away" on his plate at Amy's screen
        table = _host("xuanwu_gate", [PERSON, PERSON, PERSON, "easy", "easy"], 4)
        bo = RemoteMatch.join(GAMES, TableClient(table.address, table.code, seat=1, name="Bo"), 10)
        bo.client._closing = True
        bo.close()
        scene = sit_at(table, 0, "Amy")
        end = time.monotonic() + 3
        while not scene.away_seats().get(1) and time.monotonic() < end:
            scene.match.poll(0.05)
        scene.refresh()
        settle(app, 4)

    def remote_hint():
        # The Wonderful Island: Amy's hint, worked out on her computer from what her seat was sent
        table = _host("wonderful_island", [PERSON, "easy", "easy", "easy"], 4)
        table.match.hints_allowed = True
        scene = sit_at(table, 0, "Amy")
        scene.hints.ask()
        if scene.hints.job is not None:
            scene.hints.job.wait(60)
        settle(app, 4)

    def sit_at(table, seat: int, name: str):
        remote = RemoteMatch.join(GAMES, TableClient(table.address, table.code, seat=seat, name=name), 10)
        remote.ready()
        end = time.monotonic() + 3
        while time.monotonic() < end and remote.decider() != seat:
            remote.poll(0.05)
        scene = remote_table_scene(app, remote, table.address, str(table.code))
        app.manager.reset(registry.scene(app, "menu"))
        app.manager.push(scene)
        settle(app, 6)
        return scene

    def menu_seat_kept():
        # The main menu's Continue, back to a seat at a table on the network
        from game.net import kept_seats
        for old in kept_seats.kept():
            kept_seats.forget(old.path)
        shown = (("192.168.1.23", 47047), "K7Q2-9XRM-4TB1")
        kept_seats.keep(*shown, 1, "shown-in-a-picture", game="elfenland")
        app.manager.reset(registry.scene(app, "menu"))   # the menu reads the seats kept as it opens...
        kept_seats.forget_table(*shown)                  # ...and the other pictures' menus find none
        settle(app)

    return [("join", join_screen), ("join_refused", join_refused), ("join_seats", join_seats),
            ("remote_table", remote_table), ("remote_waiting", remote_waiting), ("remote_away", remote_away),
            ("remote_hint", remote_hint), ("remote_lost", remote_lost), ("remote_results", remote_results),
            ("menu_seat_kept", menu_seat_kept)]


def net_shots(app, settle) -> list[tuple[str, callable]]:
    """Both sides' pictures: the host's, then the joining person's."""
    return network_shots(app) + join_shots(app, settle)

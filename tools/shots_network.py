"""The network's pictures for tools/screenshots.py: the setup with seats on other computers, the
open table's lobby (who joined, who is away, a seat kept for someone, a bot), and the host's own
table waiting for a disconnected person, with its offer of a computer player for now.

Nothing leaves this computer: the tables listen on 127.0.0.1 only and are not announced; the
addresses shown are made up (a home network's), so the pictures do not carry this machine's."""
from __future__ import annotations

import random

from game.core.match import Match, Seat
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

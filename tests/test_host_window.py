"""The host's window: a table opened on the network from the setup screen, its lobby, and the host's
own people playing the same table while remote people play theirs from other computers (on
127.0.0.1 here, with headless bot clients): the host screen never shows a remote seat's secrets,
never waits on the network, shows whom the game waits for, and may let a computer keep an away
person's seat until they come back."""
from __future__ import annotations

import random
import threading
import time

import pygame
import pytest

from game.net.client import TableClient
from game.net.headless import play_seat
from game.net.remote_match import RemoteMatch
from game.net.table import LOCAL, REMOTE
from game.registry import GAMES
from hotseat import Recorder, Secrets, check
from netplay import LOOPBACK, wait_for
from scenes.app import App


@pytest.fixture
def host_app(monkeypatch):
    from scenes.shell import lobby
    monkeypatch.setattr(lobby, "LISTEN", (LOOPBACK, 0, False))
    app = App(lang="en", size=(1280, 720), first_scene=False)
    app.settings.bot_speed = "instant"
    yield app
    app.close_table()


def host_from_setup(app, game: str, kinds: list[str], names: list[str]):
    """The setup form filled in as a person would, then its Start (which opens the table)."""
    from scenes.shell.setup import SetupScene
    setup = app.manager.reset(SetupScene(app, game=game))
    setup.players.index = setup.players.values.index(len(kinds))
    setup._players_changed(len(kinds))
    for i, (kind, name) in enumerate(zip(kinds, names)):
        setup.kinds[i].index = setup.kinds[i].values.index(kind)
        setup.names[i].text = name
    assert setup.hosted()
    setup.start()
    return app.manager.top


def join(lobby, name: str) -> RemoteMatch:
    hosting = lobby.hosting
    return RemoteMatch.join(GAMES, TableClient((LOOPBACK, hosting.port), str(hosting.code), name=name), timeout=10)


def frames(app, n: int = 1) -> None:
    for _ in range(n):
        app.request_redraw()
        app.tick()


def test_setup_offers_another_computer_for_each_seat_and_start_opens_the_lobby(host_app):
    from scenes.shell.lobby import LobbyScene
    lobby = host_from_setup(host_app, "xuanwu_gate", ["human", "remote", "normal"], ["Ann", "Amy", ""])
    assert isinstance(lobby, LobbyScene)
    table = lobby.hosting.table
    assert [h.role for h in table.holds] == [LOCAL, REMOTE, "bot"]
    assert table.named == [None, "Amy", None]
    assert lobby.hosting.match.eyes_here == frozenset({0})
    frames(host_app)
    assert host_app.hosted is not None and lobby.hosting.is_open


def test_a_seat_named_for_someone_is_kept_for_them(host_app):
    lobby = host_from_setup(host_app, "xuanwu_gate", ["human", "remote", "remote"], ["Ann", "Amy", "Ben"])
    ben = join(lobby, "ben")
    amy = join(lobby, "Amy")
    try:
        assert (ben.seat, amy.seat) == (2, 1)
    finally:
        for r in (ben, amy):
            r.client._closing = True
            r.close()


def test_closing_the_lobby_stops_listening_and_keeps_no_unplayed_save(host_app):
    lobby = host_from_setup(host_app, "xuanwu_gate", ["human", "remote", "easy"], ["Ann", "", ""])
    hosting = lobby.hosting
    path = hosting.match.autosave_path
    assert path.exists()
    lobby.back()
    frames(host_app)
    assert host_app.hosted is None and not hosting.is_open
    assert not path.exists()


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_the_hosts_window_plays_its_seat_to_the_end_and_never_shows_a_remote_seats_secret(host_app, monkeypatch, game):
    recorder = Recorder()
    recorder.install(monkeypatch)
    three = GAMES[game].max_players >= 3   # a person, a person on another computer, and a bot if it fits
    lobby = host_from_setup(host_app, game, ["human", "remote", "easy"][:2 + three], ["Ann", "Amy", ""][:2 + three])
    remote = join(lobby, "Amy")
    player = threading.Thread(target=play_seat, args=(remote, remote.spec.bots["easy"](remote.seat, 3), 120),
                              daemon=True)
    player.start()
    frames(host_app, 3)
    lobby.start()
    table = host_app.manager.top
    monkeypatch.setattr(type(table), "cache_frames", False)
    match = lobby.hosting.match
    secrets = Secrets(table)
    rng = random.Random(1)
    leaks, end = [], time.monotonic() + 120
    try:
        while not match.state.is_over() and time.monotonic() < end:
            recorder.clear()
            frames(host_app)
            assert table.viewer in (0, None)      # only the host's person's eyes, never Amy's
            assert match.handoff_needed() is None
            leaks += check(recorder, secrets, 0, f"action {len(match.state.actions)}")
            if table.my_turn():
                act_in_a_frame(host_app, table, rng)
            elif table.holding():
                read_and_close(host_app, table)
            time.sleep(0.005)
        assert match.state.is_over(), "the game did not end"
        player.join(30)
        assert remote.state.is_over()
        assert not leaks, leaks[:3]
        # the results, then Play again: a new table (a new code) with the same seats, Amy's kept for her
        from scenes.shell.game_over import GameOverScene
        from scenes.shell.lobby import LobbyScene
        # European Union's people read the last vote and the final scoring (closed as they close it)
        # before the results come
        def results() -> bool:
            frames(host_app)
            if host_app.manager.top is table and table.holding():
                read_and_close(host_app, table)
            return isinstance(host_app.manager.top, GameOverScene)
        wait_for(results, timeout=30.0, what="the results")
        code = str(lobby.hosting.code)
        host_app.manager.top.play_again()
        frames(host_app)
        again = host_app.manager.top
        assert isinstance(again, LobbyScene) and str(again.hosting.code) != code and not lobby.hosting.is_open
        assert [h.role for h in again.hosting.table.holds] == [LOCAL, REMOTE, "bot"][:len(match.seats)]
        assert again.hosting.table.named[1] == "Amy"
    finally:
        remote.client._closing = True
        remote.close()


def read_and_close(app, table) -> None:
    """What holds the bots until the host's person has read it, closed as they close it: European
    Union's round scoring, its discussion (the person says they are ready), The Wonderful Island's
    settlement."""
    with app.hosted.lock:
        if getattr(table, "scoring_open", False):
            table.close_scoring()
        elif getattr(table, "bot_chair_waits", lambda: False)():
            table.say_ready(0)
        elif getattr(getattr(table, "settlement", None), "visible", False):
            table.settlement.close()


def act_in_a_frame(app, table, rng) -> None:
    """The host's person makes a move as a click does: inside a frame (under the table's lock, the
    remote seats told at its end)."""
    with app.hosted.lock:
        table.act(rng.choice(table.match.state.legal_actions(table.decider)))
        app.hosted.after_frame(0.0)


def test_the_hosts_table_says_whom_it_waits_for_and_a_computer_may_keep_the_seat_until_they_return(host_app):
    lobby = host_from_setup(host_app, "xuanwu_gate", ["human", "remote", "easy"], ["Ann", "Amy", ""])
    hosting = lobby.hosting
    lobby.start()   # Amy has not joined: the game goes on until her turn
    table = host_app.manager.top
    match = hosting.match
    rng = random.Random(4)
    for _ in range(400):
        frames(host_app)
        if 1 in table.view.get("to_act", []) and table.decider is None:
            break
        if table.my_turn():
            act_in_a_frame(host_app, table, rng)
    words, button, _ = host_app.hosted.status_line(table)
    where = f"(127.0.0.1:{hosting.port}, code {hosting.code})"
    assert words == f"Waiting for Amy to join\n{where}" and button
    remote = join(lobby, "Amy")
    try:
        wait_for(lambda: (frames(host_app), host_app.hosted.status_line(table)[0].startswith("Amy is deciding"))[1],
                 what="Amy deciding")
        remote.client._closing = True
        remote.close()
        wait_for(lambda: (frames(host_app), host_app.hosted.status_line(table)[0] == "Waiting for Amy (disconnected)")[1],
                 what="Amy shown disconnected")
        bar = host_app.hosted
        frames(host_app)
        assert bar.button.visible
        at = len(match.state.actions)
        host_app._dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=bar.button.rect.center, button=1))
        assert hosting.table.holds[1].stand_in is not None
        wait_for(lambda: (frames(host_app), any(s == 1 for s, _ in match.state.actions[at:]))[1],
                 what="the computer's move for Amy")
        # Amy comes back with her token: the seat is hers again
        back = RemoteMatch.join(GAMES, TableClient((LOOPBACK, hosting.port), str(hosting.code), seat=1,
                                                   token=remote.client.token), timeout=10)
        try:
            assert hosting.table.holds[1].stand_in is None and 1 not in match.bots
        finally:
            back.client._closing = True
            back.close()
    finally:
        remote.client._closing = True
        remote.close()


def test_continue_on_a_hosted_save_opens_the_same_table_again_with_its_seats_kept(host_app):
    from game.core.match import Match
    from scenes.registry import show_table
    from scenes.shell.lobby import LobbyScene
    lobby = host_from_setup(host_app, "xuanwu_gate", ["human", "remote", "easy"], ["Ann", "Amy", ""])
    hosting = lobby.hosting
    remote = join(lobby, "Amy")
    token, code, path = remote.client.token, str(hosting.code), hosting.match.autosave_path
    remote.client._closing = True
    remote.close()
    lobby.start()
    frames(host_app)
    from scenes.shell.menu import MainMenuScene
    host_app.manager.reset(MainMenuScene(host_app))
    frames(host_app)
    assert host_app.hosted is None            # the table left: closed
    match = Match.load(GAMES, path, autosave_path=path)
    show_table(host_app, match)               # what Continue and Saved games do
    again = host_app.manager.top
    assert isinstance(again, LobbyScene) and str(again.hosting.code) == code
    assert [h.role for h in again.hosting.table.holds] == [LOCAL, REMOTE, "bot"]
    back = RemoteMatch.join(GAMES, TableClient((LOOPBACK, again.hosting.port), code, seat=1, token=token), timeout=10)
    try:
        assert back.seat == 1 and again.hosting.table.holds[1].connected
        assert not again.hosting.table.started         # the game goes on at the host's Back to the game
        again.start()
        assert again.hosting.table.started
    finally:
        back.client._closing = True
        back.close()


def test_an_away_person_is_shown_even_where_the_screen_may_not_say_whom_a_decision_waits_for(host_app):
    """The Wonderful Island keeps who may answer a secret: the bar names no one for it, but says who
    is away (public at every table) and still offers a computer for them."""
    lobby = host_from_setup(host_app, "wonderful_island", ["human", "remote", "easy"], ["Ann", "Amy", ""])
    hosting = lobby.hosting
    lobby.start()
    table = host_app.manager.top
    frames(host_app)
    words, button, _ = host_app.hosted.status_line(table)
    where = f"(127.0.0.1:{hosting.port}, code {hosting.code})"
    if 1 in table.view.get("to_act", []):
        assert words == f"Waiting for Amy to join\n{where}"
    else:
        assert words == f"Amy has not joined yet\n{where}"
    assert button
    host_app.hosted.let_bot_play()
    assert hosting.table.holds[1].stand_in is not None
    assert host_app.hosted.status_line(table)[0] in ("", "A computer plays for Amy until they come back")


def test_a_table_that_cannot_listen_says_why_and_keeps_no_save(host_app, monkeypatch):
    from game.net import hosting as hosting_module
    from scenes import settings_store
    from scenes.shell.dialog import MessageScene
    made = []
    new_path = settings_store.new_autosave_path
    monkeypatch.setattr(settings_store, "new_autosave_path", lambda game: made.append(new_path(game)) or made[-1])

    def refused(self, port):
        raise OSError(98, "Address already in use")
    monkeypatch.setattr(hosting_module.Hosting, "_serve", refused)
    top = host_from_setup(host_app, "xuanwu_gate", ["human", "remote", "easy"], ["Ann", "", ""])
    assert isinstance(top, MessageScene) and top.is_error and "Address already in use" in top.body
    assert host_app.hosted is None
    assert made and not made[0].exists()   # nobody could join: no game left to continue as hot-seat


def test_leaving_a_hosted_table_asks_first_then_closes_it_for_everyone(host_app):
    from scenes.shell.dialog import MessageScene
    from scenes.shell.menu import MainMenuScene
    from scenes.shell.table_menu import TableMenuScene
    lobby = host_from_setup(host_app, "xuanwu_gate", ["human", "remote", "easy"], ["Ann", "Amy", ""])
    hosting = lobby.hosting
    remote = join(lobby, "Amy")
    try:
        lobby.start()
        host_app.manager.top.ask_menu()
        menu = host_app.manager.top
        assert isinstance(menu, TableMenuScene)
        menu.leave_table()
        question = host_app.manager.top
        assert isinstance(question, MessageScene) and question.title == "Close the table?"
        assert hosting.is_open
        question.choices[-1][1]()          # Close and leave
        frames(host_app)
        assert isinstance(host_app.manager.top, MainMenuScene)
        assert host_app.hosted is None and not hosting.is_open
        wait_for(lambda: (remote.poll(), remote.closed == "closed")[1], what="Amy told the table closed")
    finally:
        remote.client._closing = True
        remote.close()


def test_the_hosts_table_marks_an_away_persons_plate_not_joined_then_away_then_nothing_when_back(host_app):
    lobby = host_from_setup(host_app, "xuanwu_gate", ["human", "remote", "easy"], ["Ann", "Amy", ""])
    lobby.start()
    table = host_app.manager.top
    frames(host_app)
    assert table.away_seats() == {1: "net.plate.not_joined"}
    remote = join(lobby, "Amy")
    try:
        wait_for(lambda: (frames(host_app), table.away_seats() == {})[1], what="Amy at her seat")
        remote.client._closing = True
        remote.close()
        wait_for(lambda: (frames(host_app), table.away_seats() == {1: "net.plate.away"})[1], what="Amy away")
        host_app.hosted.let_bot_play()   # a computer keeps her seat: its thinking mark goes there instead
        assert table.away_seats() == {}
    finally:
        remote.client._closing = True
        remote.close()


def test_the_game_waits_for_the_hosts_start_even_once_everyone_is_in_and_ready(host_app):
    """The remote people cannot act (nor the bots move) while the host's window is still in its
    lobby; their screens say they wait for the host; Start opens play for everyone."""
    from scenes.remote.seat import remote_table_scene
    lobby = host_from_setup(host_app, "xuanwu_gate", ["remote", "human", "easy"], ["Amy", "Ann", ""])
    hosting = lobby.hosting
    amy = join(lobby, "Amy")
    try:
        amy.ready()
        wait_for(lambda: amy.poll() is not None and amy.waits_for_host, what="Amy's screen waiting for the host")
        frames(host_app, 3)
        assert all(h.ready for h in hosting.table.holds) and not hosting.table.started
        assert not amy.started and amy.human_to_move() is None and not amy.state.legal_actions(0)
        assert not hosting.match.state.actions                  # no bot moved meanwhile
        scene = remote_table_scene(host_app, amy, (LOOPBACK, hosting.port), str(hosting.code))   # as on her screen
        assert scene.waiting_words() == "Everyone is here. Waiting for the host to start the game…"
        prompt = scene.prompt()   # not "waiting for Ann": nobody can act before the host's Start
        assert (prompt[1] if isinstance(prompt, tuple) else prompt) == "Waiting for the host to start the game"
        lobby.start()
        wait_for(lambda: amy.poll() is not None and amy.started, what="the game starting at Amy's screen")
        assert not amy.waits_for_host and amy.state.legal_actions(0)
    finally:
        amy.client._closing = True
        amy.close()


def test_a_remote_action_before_the_hosts_start_is_refused():
    from game.core.match import Match, Seat
    from game.net.hosting import Hosting
    from game.net.protocol import ProtocolError
    match = Match.new(GAMES["xuanwu_gate"], [Seat("Amy"), Seat("Ann"), Seat("Bot", "easy")], seed=3)
    hosting = Hosting(match, [REMOTE, LOCAL, "bot"], listen=LOOPBACK, port=0, announce=False, host_starts=True)
    seat, _ = hosting.table.join(hosting.code.secret, 0, "Amy")
    hosting.table.ready(seat)
    assert hosting.table.waits_for_host
    with pytest.raises(ProtocolError, match="the host waits to start the game"):
        hosting.table.act(seat, list(match.state.legal_actions(seat)[0]))
    assert not match.state.actions
    hosting.table.begin()                                   # the host's Start
    assert hosting.table.started and not hosting.table.waits_for_host
    hosting.table.act(seat, list(match.state.legal_actions(seat)[0]))
    assert match.state.actions[-1][0] == seat


def test_a_headless_host_starts_as_soon_as_everyone_is_ready():
    from game.core.match import Match, Seat
    from game.net.hosting import Hosting
    match = Match.new(GAMES["xuanwu_gate"], [Seat("Amy"), Seat("Bot", "easy"), Seat("Bob", "easy")], seed=3)
    hosting = Hosting(match, [REMOTE, "bot", "bot"], listen=LOOPBACK, port=0, announce=False, run_bots=True)
    seat, _ = hosting.table.join(hosting.code.secret, 0, "Amy")
    assert not hosting.table.started
    hosting.table.ready(seat)
    assert hosting.table.started and not hosting.table.waits_for_host


# -- the port the host chooses --------------------------------------------------------------------
def free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


def test_a_new_table_listens_on_the_port_the_settings_remember(host_app, monkeypatch):
    from scenes.shell import lobby as lobby_module
    monkeypatch.setattr(lobby_module, "LISTEN", (LOOPBACK, None, False))
    host_app.settings.host_port = port = free_port()
    lobby = host_from_setup(host_app, "xuanwu_gate", ["human", "remote", "easy"], ["Ann", "", ""])
    assert lobby.hosting.port == port and lobby.port_field.text == str(port)


def test_the_host_moves_the_table_to_the_port_typed_in_the_lobby_and_it_is_remembered(host_app):
    lobby = host_from_setup(host_app, "xuanwu_gate", ["human", "remote", "easy"], ["Ann", "", ""])
    port = free_port()
    lobby.port_field.text = str(port)
    lobby.use_port()
    frames(host_app)                                   # the table moves after the frame
    assert lobby.hosting.port == port and host_app.settings.host_port == port
    amy = join(lobby, "Amy")                           # the new address is the one that works
    try:
        assert amy.seat == 1
        # someone joined: the port stays as it is now (the lobby hears of it at a frame after the join)
        wait_for(lambda: (frames(host_app), not lobby.port_field.visible)[1], what="the port field hidden")
    finally:
        amy.client._closing = True
        amy.close()


def test_a_port_another_program_holds_is_refused_with_a_message_and_the_table_stays(host_app):
    import socket
    from scenes.shell.dialog import MessageScene
    lobby = host_from_setup(host_app, "xuanwu_gate", ["human", "remote", "easy"], ["Ann", "", ""])
    before, remembered = lobby.hosting.port, host_app.settings.host_port
    with socket.socket() as other:
        other.bind((LOOPBACK, 0))
        other.listen()
        taken = other.getsockname()[1]
        lobby.port_field.text = str(taken)
        lobby.use_port()
        frames(host_app)
    message = host_app.manager.top
    assert isinstance(message, MessageScene) and message.is_error
    assert f"Port {taken} could not be opened" in message.body and f"still listens on port {before}" in message.body
    assert lobby.hosting.port == before and lobby.hosting.is_open and host_app.settings.host_port == remembered
    assert lobby.port_field.text == str(before)


@pytest.mark.parametrize("typed", ["80", "70000", "47o47", ""])
def test_a_port_that_is_no_port_is_refused_with_a_clear_word(host_app, typed):
    lobby = host_from_setup(host_app, "xuanwu_gate", ["human", "remote", "easy"], ["Ann", "", ""])
    before = lobby.hosting.port
    lobby.port_field.text = typed
    lobby.use_port()
    frames(host_app)
    assert lobby.port_problem == "A port is a number from 1024 to 65535." and lobby.hosting.port == before


def test_a_port_taken_when_the_table_opens_falls_back_and_the_lobby_says_so(host_app, monkeypatch):
    import socket
    from scenes.shell import lobby as lobby_module
    monkeypatch.setattr(lobby_module, "LISTEN", (LOOPBACK, None, False))
    with socket.socket() as other:
        other.bind((LOOPBACK, 0))
        other.listen()
        host_app.settings.host_port = taken = other.getsockname()[1]
        lobby = host_from_setup(host_app, "xuanwu_gate", ["human", "remote", "easy"], ["Ann", "", ""])
        assert lobby.hosting.is_open and lobby.hosting.port != taken and lobby.hosting.taken == taken
        said = []
        monkeypatch.setattr(type(lobby), "paragraph", lambda self, surface, words, *a: said.append(words) or 0)
        frames(host_app)
    assert f"Port {taken} is in use by another program, so the table listens on port {lobby.hosting.port}" \
        in said[0]

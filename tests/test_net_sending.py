"""A remote seat's move on its way to the host: until the host answers, every game's prompt says the
move is being sent (never a blank line or "waiting for the others") and nothing more can be chosen;
a refusal says why and gives the choices back; a connection that drops on the way comes back to
whatever the host says. And a person who comes back after a computer played for them is told so.

The host here is held: the seat's intents wait until the test lets the host answer (HeldHost), made
with the host's own HostedTable and SeatFeed, so that what the seat is sent is what a host sends."""
from __future__ import annotations

import json
import queue
import threading

import pytest

from game.core.match import Match, Seat, visible
from game.net import protocol
from game.net.headless import PERSON
from game.net.protocol import ProtocolError
from game.net.remote_match import RemoteMatch
from game.net.table import REMOTE, HostedTable, SeatFeed
from game.net.tablecode import new_code
from game.registry import GAMES
from netplay import first_frames, hosted, join, play_in_threads, wait_for
from scenes.app import App
from scenes.remote.seat import ConnectionScene, remote_table_scene
from scenes.wonderful_island import character

SEAT = 0


class HeldClient:
    """In place of a TableClient: what the seat sends is kept; the host's messages are put in its
    inbox by the test."""

    def __init__(self) -> None:
        self.inbox: "queue.SimpleQueue[dict]" = queue.SimpleQueue()
        self.sent: list[dict] = []
        self.connected = threading.Event()
        self.connected.set()
        self.token = "kept"

    def send(self, message: dict) -> None:
        self.sent.append(message)

    def close(self) -> None:
        pass


class HeldHost:
    """A host of three people's seats (or as near as the game allows), seat 0 played by a RemoteMatch,
    whose answers wait."""

    def __init__(self, key: str, seed: int = 4) -> None:
        spec = GAMES[key]
        n = max(spec.min_players, min(3, spec.max_players))
        match = Match.new(spec, [Seat(f"P{i}") for i in range(n)], seed=seed)
        self.table = HostedTable(match, [REMOTE] * n, new_code(bytes(32)))
        for hold in self.table.holds:
            hold.ready = hold.connected = True
        self.table.holds[SEAT].token, self.table.holds[SEAT].connected = "kept", True
        self.client = HeldClient()
        self.remote = RemoteMatch(GAMES[key], self.client, self._welcome())
        self.send_state()
        self.remote.poll()

    @property
    def match(self) -> Match:
        return self.table.match

    def _welcome(self) -> dict:
        """A new connection's welcome (with a feed of its own, as the server makes)."""
        self.feed = SeatFeed(self.table, SEAT)
        return protocol.message(protocol.WELCOME, seat=SEAT, token=None, game=self.match.spec.key,
                                n_players=3, options=dict(self.match.state.options),
                                stood_in=self.table.tell_stood_in(SEAT))

    def put(self, message: dict) -> None:
        self.client.inbox.put(json.loads(protocol.encode(message)))   # as it crossed the wire

    def send_state(self) -> None:
        message = self.feed.next_message()
        if message is not None:
            self.put(message)

    def answer(self) -> None:
        """The host takes the seat's intents sent so far, as the server does (`at` checked first)."""
        sent, self.client.sent = self.client.sent, []
        for msg in sent:
            try:
                if msg["at"] != self.feed.turn:
                    raise ProtocolError("stale")
                if msg["type"] == "act":
                    self.table.act(SEAT, msg["action"], bool(msg.get("table")))
                elif msg["type"] == "undo":
                    self.table.undo(SEAT)
            except ProtocolError as exc:
                self.put(protocol.error(exc.code, msg["type"]))
            self.send_state()

    def refuse(self, code: str) -> None:
        self.client.sent = []
        self.put(protocol.error(code, "act"))

    def other_moves(self) -> bool:
        """One move of another seat, at the host; False if none is to act."""
        state = self.match.state
        for seat in state.to_act():
            if seat != SEAT:
                self.match.act(seat, state.legal_actions(seat)[0])
                self.send_state()
                return True
        return False

    def reconnect(self) -> None:
        """The connection dropped and came back (resume): a new feed, its welcome and first state."""
        self.client.sent = []      # what was on its way went with the old connection
        self.put(self._welcome())
        self.send_state()


def prompt_words(scene) -> str:
    """What the table's prompt says to do now (each game's own words)."""
    if scene.match.spec.key == "wonderful_island":
        return scene.instruction()
    said = scene.prompt()
    return said[1] if isinstance(said, tuple) else said


def seat_table(key: str, lang: str = "en", seed: int = 4):
    host = HeldHost(key, seed)
    app = App(lang=lang, size=(1280, 720), first_scene=False)
    scene = app.manager.push(remote_table_scene(app, host.remote, ("127.0.0.1", 47711), "K7Q2-9XRM-4TB1"))
    for _ in range(40):               # the others move until seat 0 must decide
        frame(app)
        if host.remote.decider() == SEAT:
            break
        assert host.other_moves(), "someone is to act"
    assert host.remote.decider() == SEAT
    return host, app, scene


def frame(app) -> None:
    app.manager.update(1 / 60)
    app.manager.draw(app.screen)


GAME_KEYS = [pytest.param(k, marks=() if k == "xuanwu_gate" else pytest.mark.slow) for k in GAMES]


# -- the move on its way ----------------------------------------------------------------------------
@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_games_prompt_says_the_move_is_being_sent_until_the_host_answers(key):
    host, app, scene = seat_table(key)
    remote, sending = host.remote, app.t("net.sending.act")
    asked = prompt_words(scene)
    assert asked and asked != sending
    assert scene.act(remote.state.legal_actions(SEAT)[0])
    for _ in range(3):                  # frames pass before the host answers
        frame(app)
        assert remote.sending == "act" and prompt_words(scene) == sending
        assert not scene.can_act() and not scene.can_undo(), "nothing more to choose meanwhile"
    host.answer()
    frame(app)
    assert remote.sending is None and prompt_words(scene) != sending
    assert scene.view == host.match.view_of(SEAT)
    assert any(who == SEAT for who, _ in host.match.state.actions), "the move was made once, at the host"


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_refused_move_says_why_and_gives_the_choices_back(key):
    host, app, scene = seat_table(key)
    remote = host.remote
    choices, asked = remote.state.legal_actions(SEAT), prompt_words(scene)
    scene.act(choices[0])
    frame(app)
    host.refuse("not_your_turn")
    frame(app)
    assert scene.message == app.t("net.refused.not_your_turn")
    assert remote.sending is None and remote.state.legal_actions(SEAT) == choices and scene.can_act()
    assert prompt_words(scene) == asked


def test_the_sending_words_read_in_chinese_too():
    host, app, scene = seat_table("xuanwu_gate", lang="zh_TW")
    scene.act(host.remote.state.legal_actions(SEAT)[0])
    frame(app)
    assert prompt_words(scene) == "正在把你的這一步傳給主持電腦⋯⋯"


def test_another_seats_move_on_the_way_does_not_give_the_choices_back():
    """European Union's bids are made at once by everyone: another seat's bid reaching this seat
    before the host answers its own is not the answer; the move is still on its way."""
    host, app, scene = seat_table("european_union")
    remote = host.remote
    scene.act(remote.state.legal_actions(SEAT)[0])
    frame(app)
    turn = remote.turn
    assert host.other_moves()           # a bid beside ours: the seat's choices are as they were
    frame(app)
    assert remote.turn == turn and remote.events == [e for e in host.match.events if visible(e, SEAT)]
    assert remote.sending == "act" and remote.decider() is None
    assert prompt_words(scene) == app.t("net.sending.act")
    host.answer()
    frame(app)
    assert remote.sending is None and scene.view == host.match.view_of(SEAT)


def test_an_undo_on_its_way_says_so_and_cannot_be_asked_twice():
    host, app, scene = seat_table("wonderful_island")
    remote = host.remote
    scene.act(remote.state.legal_actions(SEAT)[0])
    host.answer()
    frame(app)
    assert scene.can_undo()
    scene.undo()
    frame(app)
    assert remote.sending == "undo" and prompt_words(scene) == app.t("net.sending.undo")
    assert not scene.can_undo()
    scene.undo()                        # Ctrl+Z again before the host answered: nothing more is sent
    assert [m["type"] for m in host.client.sent] == ["undo"]
    host.answer()
    frame(app)
    assert remote.sending is None and not any(who == SEAT for who, _ in host.match.state.actions)


def test_a_connection_lost_with_a_move_on_its_way_covers_the_table_and_comes_back_to_what_the_host_says():
    host, app, scene = seat_table("xuanwu_gate")
    remote = host.remote
    scene.act(remote.state.legal_actions(SEAT)[0])
    frame(app)
    host.client.connected.clear()       # the network drops with the move on its way...
    frame(app)
    assert isinstance(app.manager.top, ConnectionScene)
    host.answer()                       # ...after the host made it: the answer went with the connection
    host.client.inbox = queue.SimpleQueue()
    host.reconnect()
    host.client.connected.set()
    frame(app)
    assert app.manager.top is scene and remote.sending is None
    assert scene.view == host.match.view_of(SEAT)
    assert remote.state.legal_actions(SEAT) == host.match.state.legal_actions(SEAT)
    assert sum(1 for who, _ in host.match.state.actions if who == SEAT) == 1, "made once"


def test_a_move_lost_with_the_connection_is_to_be_made_again_after_the_resume():
    host, app, scene = seat_table("xuanwu_gate")
    remote = host.remote
    choices = remote.state.legal_actions(SEAT)
    scene.act(choices[0])
    host.client.connected.clear()
    frame(app)
    host.reconnect()                    # the host never had it
    host.client.connected.set()
    frame(app)
    assert remote.sending is None and remote.decider() == SEAT and remote.state.legal_actions(SEAT) == choices
    assert prompt_words(scene) != app.t("net.sending.act")


def test_the_wonderful_islands_character_chooser_says_the_kept_character_is_being_sent(monkeypatch):
    """The chooser covers the table (and its prompt line) while everyone keeps a character: its note
    says the choice is on its way, not how many have chosen."""
    host, app, scene = seat_table("wonderful_island")
    assert scene.character.visible and host.remote.state.view(SEAT)["phase"] == "character"
    said: list[str] = []
    real = character.fit_text

    def spy(fonts, text, *args, **kw):
        said.append(text)
        return real(fonts, text, *args, **kw)
    monkeypatch.setattr(character, "fit_text", spy)
    scene.act(host.remote.state.legal_actions(SEAT)[0])
    frame(app)
    assert app.t("net.sending.act") in said
    assert all(not p.action for p in scene.character.pieces), "nothing to click meanwhile"


# -- a computer played for the person while they were away -------------------------------------------
def stood_in_for_a_while(host: HeldHost, moves_wanted: int) -> int:
    """Seat 0 drops; the host lets a computer play it until it made `moves_wanted` moves (or the
    game needs nobody else); then seat 0 comes back. The moves the computer made for it."""
    table, match = host.table, host.match
    host.client.connected.clear()
    table.dropped(SEAT)
    table.stand_in_for(SEAT, next(iter(match.spec.bots)))
    made = 0
    while made < moves_wanted and not match.state.is_over():
        to_act = match.state.to_act()
        seat = SEAT if SEAT in to_act else to_act[0]
        bot = match.bots.get(seat)
        match.act(seat, bot.choose(match.view_of(seat), match.state.legal_actions(seat)) if bot
                  else match.state.legal_actions(seat)[0])
        made += seat == SEAT
    table.resume(SEAT, "kept")
    host.reconnect()
    host.client.connected.set()
    return made


def test_the_host_tells_a_returning_person_how_many_moves_a_computer_made_for_them_once():
    host = HeldHost("xuanwu_gate")
    table = host.table
    table.dropped(SEAT)
    table.stand_in_for(SEAT, "easy")
    match = host.match
    while sum(1 for who, _ in match.state.actions if who == SEAT) < 3:
        seat = match.state.to_act()[0]
        bot = match.bots.get(seat)
        action = bot.choose(match.view_of(seat), match.state.legal_actions(seat)) if bot else \
            match.state.legal_actions(seat)[0]
        match.act(seat, action)
    made = sum(1 for who, _ in match.state.actions if who == SEAT)
    table.resume(SEAT, "kept")
    assert table.holds[SEAT].stand_in is None and SEAT not in match.bots
    assert table.tell_stood_in(SEAT) == {"level": "easy", "moves": made}
    assert table.tell_stood_in(SEAT) is None, "told once"


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_returning_person_is_told_once_that_a_computer_played_for_them(lang):
    host, app, scene = seat_table("xuanwu_gate", lang=lang)
    made = stood_in_for_a_while(host, 2)
    assert made == 2
    frame(app)
    assert scene.message == app.t("net.stood_in.moves", moves=2)
    scene.message = None
    frame(app)
    assert scene.message is None and host.remote.stood_in is None, "once"


def test_a_computer_that_made_no_move_for_the_person_is_not_mentioned():
    host, app, scene = seat_table("xuanwu_gate")
    assert stood_in_for_a_while(host, 0) == 0
    frame(app)
    assert scene.message is None


def test_over_the_wire_the_welcome_back_says_what_the_computer_did_for_the_person_once():
    with hosted(GAMES["xuanwu_gate"], [PERSON, PERSON, "easy"], seed=8) as table:
        a, b = join(table, seat=0), join(table, seat=1)
        a.ready()
        token = a.client.token
        a.client._closing = True
        a.close()
        wait_for(lambda: not table.table.holds[0].connected, what="the drop")
        table.server.call(lambda t: t.stand_in_for(0, "easy"))
        play_in_threads([b], deadline=20)

        def made() -> int:
            with table.table.lock:
                return sum(1 for who, _ in table.match.state.actions if who == 0)
        wait_for(lambda: made() >= 2, timeout=20, what="the computer's moves for seat 0")
        welcome = json.loads(first_frames(table, 0, token)[0])
        assert welcome["type"] == "welcome" and welcome["stood_in"] == {"level": "easy", "moves": made()}
        assert json.loads(first_frames(table, 0, token)[0])["stood_in"] is None, "said once"
        b.close()




def test_a_long_notice_at_150_per_cent_stays_whole_on_screen(monkeypatch):
    """The Xuanwu table puts its notices over the bottom seat, left of the log: a long one (a
    refusal after the computer's moves, say) at the largest text size is moved in from the window's
    edge, never cut by it."""
    import pygame
    host, app, scene = seat_table("xuanwu_gate")
    app.set_text_size(150)
    frame(app)
    scene.notice(app.t("net.stood_in.moves", moves=3) + " " + app.t("net.refused.illegal"))
    boxes: list[pygame.Rect] = []
    real = pygame.draw.rect

    def spy(surface, colour, rect, *args, **kw):
        boxes.append(pygame.Rect(rect))
        return real(surface, colour, rect, *args, **kw)
    monkeypatch.setattr(pygame.draw, "rect", spy)
    scene.draw_notice(app.screen)
    assert boxes and all(app.screen.get_rect().contains(box) for box in boxes)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_click_while_the_move_is_on_its_way_is_told_it_is_being_sent_not_that_it_is_not_your_turn(key):
    from scenes.ui.panel import Intent
    host, app, scene = seat_table(key)
    choices = host.remote.state.legal_actions(SEAT)
    scene.act(choices[0])
    frame(app)
    scene.perform(Intent(notice=app.t("error.not_your_turn")))   # a card clicked again: the table refuses it
    assert scene.message == app.t("net.sending.act")
    assert not scene.act(choices[-1]) and scene.message == app.t("net.sending.act")
    assert [m["type"] for m in host.client.sent] == ["act"], "one intent on its way"

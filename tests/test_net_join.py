"""Joining a table from the app's window and playing the seat on the game's own table scene, all on
127.0.0.1: the join screen seats the person (or says plainly why not), the whole game is played
through the real table scene, nothing is drawn that the seat may not see, a lost connection covers
the table until the seat is resumed, and the results leave out what needs the host's record."""
from __future__ import annotations

import random
import re
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Optional

import pygame
import pytest

from game.core.match import visible
from game.net import kept_seats
from game.net.headless import PERSON
from game.net.tablecode import new_code, parse
from game.registry import GAMES
from hotseat import Recorder, Secrets, check
from netplay import LOOPBACK, hosted, join, wait_for
from scenes import registry
from scenes.app import App
from scenes.remote.seat import ConnectionScene, RemoteSeat
from scenes.shell.curtain import CurtainScene
from scenes.shell.pick_seat import PickSeatScene

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("SIFANG_DATA_DIR", str(tmp_path))
    a = App(lang="en", size=(1280, 720), first_scene=False)
    registry.push(a, "menu")
    yield a
    a.manager.close()   # a table left for good closes its connection


class QuietFinder:
    """No multicast in the tests that do not look for tables: the list stays empty."""
    failed = None
    changes = 0

    def start(self):
        return self

    def tables(self):
        return []

    def close(self):
        pass


def frames(app, seconds: float, until=lambda: False) -> None:
    """Run the app's frames (input, update, draw) for up to `seconds`, or until `until()`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and not until():
        app.tick()
        time.sleep(0.005)


def join_screen(app, table, code=None, seat=None, name="Amy"):
    scene = registry.push(app, "join", finder=QuietFinder(), player=name, seat=seat)
    scene.address.text = f"{LOOPBACK}:{table.address[1]}"
    scene.code.text = str(table.code if code is None else code)
    return scene


def joined(app, scene, seconds: float = 15.0, pick: Optional[int] = None):
    """Press Join (a click on the button) and wait for the table or the join screen's word; where the
    table's seats are shown to pick from, click seat `pick` (else the first free one)."""
    click(app, scene.join_button.rect.center)
    waiting = ("net.join.joining", "net.join.looking_seats")
    frames(app, seconds, until=lambda: scene.joining is None and scene.problem not in waiting)
    top = app.manager.top
    if isinstance(top, PickSeatScene):
        button = seat_button(top, pick)
        click(app, button.rect.center)
        frames(app, seconds, until=lambda: scene.joining is None and scene.problem not in waiting)
    return app.manager.top


def seat_button(chooser, seat: Optional[int] = None):
    """The button of `seat` on the table's seats (else of the first free one)."""
    buttons = [w for w in chooser.group.widgets if w.enabled][:-1]   # the last one is Cancel
    if seat is None:
        return buttons[0]
    return next(b for b in chooser.group.widgets if str(b.label).startswith(f"Seat {seat + 1} "))


def click(app, pos) -> None:
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


# -- joining ----------------------------------------------------------------------------------------
def test_the_main_menu_opens_the_join_screen(app):
    menu = app.manager.top
    click(app, menu.buttons["join"].rect.center)
    assert type(app.manager.top).__name__ == "JoinScene"


def test_the_join_screen_seats_the_person_at_the_game_s_own_table_named_as_they_typed(app):
    with hosted(GAMES["xuanwu_gate"], [PERSON, "easy", "easy", "easy", "easy"], seed=3) as table:
        scene = joined(app, join_screen(app, table))
        assert isinstance(scene, RemoteSeat) and "XuanwuTableScene" in [c.__name__ for c in type(scene).__mro__]
        assert scene.viewer == 0 and scene.match.seats[0].name == "Amy"
        assert table.match.seats[0].name == "Amy"
        wait_for(lambda: table.table.started, what="the table to start once the person sat down")


def test_the_join_screen_shows_every_seat_who_sits_there_and_whom_a_seat_is_kept_for_before_one_is_taken(app):
    with hosted(GAMES["xuanwu_gate"], [PERSON, PERSON, PERSON, "easy", "easy"], seed=3) as table:
        table.table.named = [None, "Bo", "Cleo", None, None]
        join(table, seat=0, name="Cy")
        scene = join_screen(app, table, name="bo")
        click(app, scene.join_button.rect.center)
        frames(app, 15, until=lambda: isinstance(app.manager.top, PickSeatScene))
        chooser = app.manager.top
        labels = [(str(b.label), b.enabled) for b in chooser.group.widgets[:-1]]
        bot = table.match.seats[3].name
        assert labels[:4] == [("Seat 1 · Cy", False), ("Seat 2 · kept for you (Bo)", True),
                              ("Seat 3 · kept for Cleo", True), (f"Seat 4 · {bot} (computer)", False)]
        assert [h.claimed for h in table.table.holds] == [True, False, False, False, False], "looking takes nothing"
        click(app, seat_button(chooser, 1).rect.center)
        frames(app, 15, until=lambda: isinstance(app.manager.top, RemoteSeat))
        assert app.manager.top.viewer == 1 and table.match.seats[1].name == "bo"


def test_looking_at_a_tables_seats_needs_its_code_and_pins_its_host():
    from game.net.client import JoinRefused, PinMismatch, look_at_seats
    with hosted(GAMES["xuanwu_gate"], [PERSON, "easy", "easy", "easy", "easy"], seed=3) as table:
        seats = look_at_seats(table.address, table.code)
        assert seats["game"] == "xuanwu_gate" and [s["free"] for s in seats["seats"]] == [True] + [False] * 4
        wrong = parse(table.code.pin + ("00000" if table.code.secret != "00000" else "11111"))
        with pytest.raises(JoinRefused) as refused:
            look_at_seats(table.address, wrong)
        assert refused.value.code == "bad_code"
        with pytest.raises(PinMismatch):
            look_at_seats(table.address, parse(new_code(b"\x00" * 32, secret=table.code.secret).pin + table.code.secret))


@pytest.mark.parametrize("wrong,says", [
    ("code", "net.join.error.bad_code"), ("pin", "net.join.error.pin"), ("full", "net.join.error.no_free_seat"),
    ("taken", "net.join.error.seat_taken"), ("nobody", "net.join.error.no_answer"),
    ("typed", "net.join.error.code_typed"), ("address", "net.join.error.address")])
def test_a_join_that_fails_says_why_on_the_join_screen(app, wrong, says):
    with hosted(GAMES["xuanwu_gate"], [PERSON, "easy", "easy", "easy", "easy"], seed=3) as table:
        code, seat = table.code, None
        if wrong == "code":     # the right host, a wrong secret
            code = parse(table.code.pin + ("00000" if table.code.secret != "00000" else "11111"))
        elif wrong == "pin":    # the secret right, but the code was made for another certificate
            code = parse(new_code(b"\x00" * 32, secret=table.code.secret).pin + table.code.secret)
        elif wrong in ("full", "taken"):
            join(table, seat=0)
            seat = 0 if wrong == "taken" else None
        scene = join_screen(app, table, code=code, seat=seat)
        if wrong == "nobody":
            scene.address.text = f"{LOOPBACK}:1"
        elif wrong == "typed":
            scene.code.text = "K7Q2-9XRM"
        elif wrong == "address":
            scene.address.text = "192.168.1.5:port"
        assert joined(app, scene) is scene, "the person stays on the join screen"
        assert scene.problem == says
        app.manager.draw(app.screen)
        words = app.t(says, where=f"{LOOPBACK}:{table.address[1]}")
        assert words and not words.startswith("net.")
        if wrong == "pin":
            assert not any(h.claimed for h in table.table.holds), "a host that does not match learns nothing"


def test_a_seat_kept_in_the_data_folder_brings_the_restarted_app_back_to_it(app, tmp_path):
    with hosted(GAMES["xuanwu_gate"], [PERSON, PERSON, "easy", "easy", "easy"], seed=3) as table:
        first = joined(app, join_screen(app, table, seat=1))
        token = first.match.client.token
        kept = kept_seats.kept()
        assert [(k.address, k.seat, k.token) for k in kept] == [((LOOPBACK, table.address[1]), 1, token)]
        assert kept[0].path.stat().st_mode & 0o077 == 0, "only the user may read a seat's token"
        first.match.client._closing = True
        registry.back_to_menu(app)      # the app gone (its connection with it)
        wait_for(lambda: not table.table.holds[1].connected, what="the host to see the seat go")
        again = join_screen(app, table, code=str(table.code), seat=None)
        again._rebuild_rows()
        assert again.rows, "the join screen lists the seat kept"
        again._pick_row(0)
        back = joined(app, again)
        assert isinstance(back, RemoteSeat) and back.viewer == 1 and back.match.client.token == token
        assert table.table.holds[1].connected


def test_continue_on_the_main_menu_goes_back_to_the_seat_at_a_table_on_the_network_sat_at_last(app):
    with hosted(GAMES["xuanwu_gate"], [PERSON, PERSON, "easy", "easy", "easy"], seed=3) as table:
        first = joined(app, join_screen(app, table, seat=1))
        token = first.match.client.token
        registry.back_to_menu(app)      # the person leaves the table (or the app closes): the seat is kept
        menu = app.manager.top
        menu.enter()
        assert menu.buttons["continue"].enabled and menu.back_to_seat_first()
        assert menu.continue_caption() == ("The Xuanwu Gate Incident", f"Your seat 2 at {LOOPBACK}:{table.address[1]}")
        click(app, menu.buttons["continue"].rect.center)
        frames(app, 15, until=lambda: isinstance(app.manager.top, RemoteSeat))
        back = app.manager.top
        assert isinstance(back, RemoteSeat) and back.viewer == 1 and back.match.client.token == token


def test_continue_resumes_a_game_saved_here_after_the_seat_at_a_network_table_was_left(app):
    import os
    from game.core.match import Match, Seat
    from scenes import settings_store
    with hosted(GAMES["xuanwu_gate"], [PERSON, PERSON, "easy", "easy", "easy"], seed=3) as table:
        joined(app, join_screen(app, table, seat=1))
        registry.back_to_menu(app)
        kept = kept_seats.kept()[0]
        os.utime(kept.path, (time.time() - 3600, time.time() - 3600))   # an hour ago
        Match.new(GAMES["elfenland"], [Seat("Ann"), Seat("Bot", "easy")] + [Seat("Bo", "easy")], seed=1,
                  autosave_path=settings_store.new_autosave_path("elfenland"))
        menu = app.manager.top
        menu.enter()
        assert menu.kept_seat is not None and not menu.back_to_seat_first()
        assert menu.continue_caption()[0] == "Elfenland"


# -- playing a whole game at the seat ----------------------------------------------------------------
TABLES = {"xuanwu_gate": [PERSON, "easy", "easy", "easy", "easy"], "elfenland": [PERSON, "easy", "easy"],
          "european_union": [PERSON, "easy", "easy"], "wonderful_island": [PERSON, "easy", "easy"]}


@pytest.mark.parametrize("key", [pytest.param(k, marks=() if k == "xuanwu_gate" else pytest.mark.slow)
                                 for k in TABLES])
def test_a_whole_game_at_a_remote_seat_on_the_table_scene_shows_nothing_the_seat_may_not_see(app, monkeypatch, key):
    recorder = Recorder()
    recorder.install(monkeypatch)
    app.settings.bot_speed = "instant"
    with hosted(GAMES[key], TABLES[key], seed=5) as table:
        scene = joined(app, join_screen(app, table))
        assert isinstance(scene, RemoteSeat)
        monkeypatch.setattr(type(scene), "cache_frames", False)
        # The secret source: the host's own match, put in words by the same table.
        secrets = Secrets(SimpleNamespace(match=table.match, describe=scene.describe, app=app))
        rng = random.Random(5)
        leaks, acted = [], 0
        end = time.monotonic() + 240
        while not scene.match.state.is_over() and time.monotonic() < end:
            app.tick()
            assert not any(isinstance(x, CurtainScene) for x in app.manager.stack), "one person per screen: no curtain"
            if app.manager.top is not scene:
                continue
            remote = scene.match
            if scene.my_turn():
                assert scene.act(rng.choice(remote.state.legal_actions(0)))   # the scene's intent, as a click makes
                acted += 1
            elif getattr(scene, "bot_chair_waits", lambda: False)() and 0 not in scene.ready:
                scene.say_ready(0)   # European Union: nothing to talk over, "Ready to vote" (the chair waits)
            recorder.clear()
            app.manager.draw(app.screen)
            leaks += check(recorder, secrets, 0, f"frame after {acted} actions")
            time.sleep(0.002)
        assert scene.match.state.is_over(), f"the game ended ({acted} actions at the seat)"
        assert secrets.forbidden(0), "the other seats had secrets to keep"
        assert acted and not leaks, leaks[:3]
        assert scene.match.events == [e for e in table.match.events if visible(e, 0)]
        end = time.monotonic() + 20
        while app.manager.top is scene and time.monotonic() < end:
            app.tick()
            # A last overlay the person puts away: European Union's round scoring (Continue).
            panels = [p for p in (scene.modal_panel(), getattr(scene, "scoring", None)) if p is not None and p.visible]
            shut = [b for p in panels for b in getattr(getattr(p, "buttons", None), "widgets", ()) if b.visible and b.enabled]
            if shut:
                click(app, shut[0].rect.center)
        results = app.manager.top
        assert type(results).__name__.endswith("GameOverScene")
        labels = [b.label() for b in results.group.widgets]
        assert labels == [app.t("over.main_menu")], "what needs the host's record is left out"
        assert kept_seats.kept() == [], "a finished game's seat is not kept"


# -- the connection ------------------------------------------------------------------------------------
def test_a_lost_connection_covers_the_table_until_the_seat_is_resumed(app, monkeypatch):
    import game.net.client as client_module
    # The first try to resume comes after 0.2 s; on a loaded machine a frame can take longer, and a
    # seat resumed between two frames is never covered. A slower first try keeps the drop in view.
    monkeypatch.setattr(client_module, "RETRY_AFTER", (1.5, 0.5))
    with hosted(GAMES["elfenland"], [PERSON, PERSON, "easy"], seed=5) as table:
        scene = joined(app, join_screen(app, table))
        other = join(table, seat=1)
        other.ready()
        client = scene.match.client
        client._loop.call_soon_threadsafe(client._ws.transport.abort)   # the network drops
        frames(app, 5, until=lambda: isinstance(app.manager.top, ConnectionScene))
        notice = app.manager.top
        assert isinstance(notice, ConnectionScene) and notice.trying
        app.manager.draw(app.screen)
        frames(app, 10, until=lambda: app.manager.top is scene)
        assert app.manager.top is scene, "the notice goes once the seat is back"
        assert table.table.holds[0].token == client.token and table.table.holds[0].connected
        frames(app, 5, until=lambda: scene.view == table.match.view_of(0))   # the host's bot may move meanwhile
        assert scene.view == table.match.view_of(0)


def test_a_host_that_closes_the_table_is_said_so(app):
    with hosted(GAMES["elfenland"], [PERSON, "easy", "easy"], seed=5) as table:
        joined(app, join_screen(app, table))
        table.server.stop()   # the host closes: bye
        frames(app, 5, until=lambda: isinstance(app.manager.top, ConnectionScene))
        notice = app.manager.top
        assert isinstance(notice, ConnectionScene) and not notice.trying
        assert notice.body_key == "net.bye.closed"


def test_a_host_killed_mid_game_shows_the_lost_connection_notice_whose_leave_goes_to_the_menu(app):
    import subprocess
    import sys
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--host", "elfenland", "--seats",
                             "remote,easy,easy", "--listen", f"{LOOPBACK}:0", "--seed", "2"],
                            stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        lines = [proc.stdout.readline() for _ in range(3)]
        address = next(ln.split()[1] for ln in lines if ln.startswith("address:"))
        code = next(ln.split()[1] for ln in lines if ln.startswith("code:"))
        scene = registry.push(app, "join", finder=QuietFinder(), address=address, code=code, player="Amy")
        table = joined(app, scene)
        assert isinstance(table, RemoteSeat)
        frames(app, 2)
        proc.kill()
        proc.wait(10)
        frames(app, 25, until=lambda: isinstance(app.manager.top, ConnectionScene))
        notice = app.manager.top
        assert isinstance(notice, ConnectionScene) and notice.trying
        app.manager.draw(app.screen)
        client = table.match.client
        click(app, notice.group.widgets[0].rect.center)
        assert type(app.manager.top).__name__ == "MainMenuScene"
        assert client._closing, "leaving the table closes its connection"
        assert kept_seats.kept(), "the seat stays kept: the host may come back"
    finally:
        proc.kill()
        proc.wait(10)


# -- undo and the thinking mark ----------------------------------------------------------------------
def test_undo_at_a_remote_seat_takes_the_move_back_and_every_screen_follows(app):
    rng = random.Random(3)
    with hosted(GAMES["elfenland"], [PERSON, PERSON, PERSON], seed=5) as table:
        scene = joined(app, join_screen(app, table))
        b, c = join(table, seat=1), join(table, seat=2)
        b.ready(), c.ready()
        end = time.monotonic() + 60
        undone = False
        while time.monotonic() < end and not undone:
            app.tick()
            for other in (b, c):   # the other people move at their own screens
                other.poll()
                if other.decider() == other.seat:
                    other.act(other.seat, rng.choice(other.state.legal_actions(other.seat)))
            if scene.my_turn():
                before = len(scene.match.state.actions)
                scene.act(rng.choice(scene.match.state.legal_actions(0)))
                frames(app, 3, until=lambda: len(scene.match.state.actions) > before)
                if scene.can_undo():
                    moves = len(table.match.state.actions)
                    scene.undo()
                    wait_for(lambda: len(table.match.state.actions) < moves, what="the undo at the host")
                    undone = True
        assert undone, "an action that could be taken back came"
        frames(app, 2)
        wait_for(lambda: (b.poll(), b.view_of(1) == table.match.view_of(1))[1], what="seat 2's screen to follow")
        assert scene.view == table.match.view_of(0)


def test_the_host_s_thinking_bot_shows_its_mark_on_the_remote_table(app, monkeypatch):
    import scenes.table_scene as table_scene
    # The mark is the thinking bubble, or the running dots of the "deciding" tag where the plate
    # wears one (a seat the view says acts); either way it is drawn on the thinking seat's plate.
    marks = []
    monkeypatch.setattr(table_scene, "draw_thinking", lambda surface, plate, *a: marks.append(plate.center))
    monkeypatch.setattr(table_scene, "draw_deciding",
                        lambda surface, plate, words, fonts, px, corner, clock=None, *a:
                        clock is not None and marks.append(plate.center))
    monkeypatch.setattr(table_scene, "draw_deciding_at",
                        lambda surface, corner, point, words, fonts, px, width, clock=None, *a:
                        clock is not None and marks.append(point))
    with hosted(GAMES["xuanwu_gate"], [PERSON, "easy", "easy", "easy", "easy"], seed=3) as table:
        scene = joined(app, join_screen(app, table))
        seat = 3
        scene.match.status[seat]["thinking"] = True   # as the host says it (only where the seat's view says it acts)
        assert scene.thinking_seat() == seat and scene.animating()
        app.manager.draw(app.screen)
        assert len(marks) == 1 and scene.seat_plate(seat).inflate(2, 2).collidepoint(marks[0])
        scene.match.status[seat]["thinking"] = False
        marks.clear()
        app.manager.draw(app.screen)
        assert scene.thinking_seat() is None and marks == []


def test_waiting_for_a_disconnected_person_is_said_on_the_table(app):
    with hosted(GAMES["elfenland"], [PERSON, PERSON, "easy"], seed=5) as table:
        scene = joined(app, join_screen(app, table))
        assert scene.waiting_words() == app.t("net.waiting.join", names="Player 2")
        other = join(table, seat=1, name="Bo")
        other.ready()
        frames(app, 5, until=lambda: scene.match.started)
        other.client._closing = True
        other.close()
        wait_for(lambda: (app.tick(), not scene.match.status[1]["connected"])[1], what="Bo's drop")
        words = scene.waiting_words()
        if 1 in scene.match.state.to_act():
            assert words == app.t("net.waiting.disconnected", names="Bo")
        app.manager.draw(app.screen)


def test_the_scenes_read_nothing_of_a_match_that_a_remote_match_lacks():
    """Every `match.x` the table scenes and the results read: a RemoteMatch has it, but for the ones
    only a local match's own features use (a hint is never offered at a remote seat, the results
    ask for the record only where it is here)."""
    from game.net.remote_match import RemoteMatch
    local_only = {"take_hint", "to_save", "py"}
    folders = list(GAMES)
    files = [ROOT / "scenes" / "match_scene.py", ROOT / "scenes" / "table_scene.py",
             ROOT / "scenes" / "shell" / "game_over.py", *[p for f in folders for p in (ROOT / "scenes" / f).glob("*.py")]]
    used = {m for p in files for m in re.findall(r"\bmatch\.([a-z_]+)", p.read_text(encoding="utf-8"))}
    plain = {"spec", "seats", "humans", "bots", "events", "state", "shown_to", "resumed", "clocks",
             "hints_allowed", "hints_taken", "autosave_path", "looking_in_watched_moment"}
    missing = sorted(n for n in used - local_only - plain if not hasattr(RemoteMatch, n))
    assert missing == []


def test_an_intent_on_its_way_leaves_the_seat_no_choice_until_the_host_answers_and_a_refusal_gives_them_back():
    with hosted(GAMES["xuanwu_gate"], [PERSON, PERSON, PERSON], seed=3) as table:
        a, b, c = join(table, seat=0), join(table, seat=1), join(table, seat=2)
        for r in (a, b, c):
            r.ready()
        wait_for(lambda: (a.poll(), a.decider() == 0)[1], what="seat 1's first decision")
        choices = a.state.legal_actions(0)
        a.turn -= 1                       # an intent answering an older state: the host refuses it
        a.act(0, choices[0])
        assert a.state.legal_actions(0) == [] and a.decider() is None, "no second intent meanwhile"
        wait_for(lambda: (a.poll(), bool(a.errors))[1], what="the refusal")
        assert a.errors[-1]["code"] == "stale" and a.state.legal_actions(0) == choices
        a.turn += 1
        moves = len(table.match.state.actions)
        a.act(0, choices[0])
        wait_for(lambda: len(table.match.state.actions) > moves, what="the action at the host")


def test_leaving_the_join_screen_while_joining_closes_the_connection_when_it_lands(app):
    with hosted(GAMES["xuanwu_gate"], [PERSON, "easy", "easy", "easy", "easy"], seed=3) as table:
        scene = join_screen(app, table, seat=0)   # a seat chosen: taken at once, not looked at first
        click(app, scene.join_button.rect.center)
        scene.back()                      # Back (or Esc) before the host answered
        assert app.manager.top is not scene
        wait_for(lambda: table.table.holds[0].claimed, what="the join to land at the host")
        wait_for(lambda: not table.table.holds[0].connected, what="its connection to close")
        assert kept_seats.kept(), "the seat it took stays the person's, to come back to"


@pytest.mark.parametrize("game", ["elfenland", "wonderful_island"])
def test_a_computer_playing_for_an_away_person_is_said_instead_of_waiting_for_them(app, game):
    """While the host lets a computer keep an away person's seat, the other screens say so (the
    game does not wait for them); the words stand where the host's window says whom it waits for,
    at the top of the right-hand column, clear of every seat's plate."""
    with hosted(GAMES[game], [PERSON, PERSON, "easy"], seed=5) as table:
        scene = joined(app, join_screen(app, table))
        other = join(table, seat=1, name="Bo")
        other.ready()
        frames(app, 5, until=lambda: scene.match.started)
        status = scene.match.status[1]
        status["connected"] = False          # as the host says it once Bo's connection dropped...
        scene.match.state._to_act = [1]      # ...and Bo's seat is to act
        assert scene.waiting_words() == app.t("net.waiting.disconnected", names="Bo")
        status["stand_in"] = "easy"          # the host let a computer play for Bo
        assert scene.waiting_words() == app.t("net.waiting.stand_in", names="Bo")
        app.manager.draw(app.screen)
        box = scene.waiting_box
        assert box is not None and scene.coach_area().contains(box)
        assert not any(box.colliderect(scene.seat_plate(s)) for s in range(3))

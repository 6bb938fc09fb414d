"""Nothing lost when the disk fails: when the autosave cannot be written (read-only folder, full
disk, a file held open), the move is not applied, the player is told why in their language, bots
pause, and a retry applies the move once. A data folder that cannot be made still lets the game
start, saving off, with a warning. kill -9 at random moments loses no action reported done.

Tests may run as root, where chmod does not stop writes: there the failures are made by
monkeypatching the file calls to raise what the OS would (ENOSPC, EROFS, EACCES).
"""
from __future__ import annotations

import errno
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.core import save_writer, storage
from game.core.errors import SaveFailed
from game.core.i18n import Translator
from game.core.match import HUMAN, Match, Seat
from game.core.saves import SaveBook, read_save
from game.registry import GAMES
from bot_moves import wait_for_the_thought

REPO = Path(__file__).resolve().parents[1]
SPEC = GAMES["xuanwu_gate"]
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def new_match(folder: Path, *kinds: str) -> Match:
    seats = [Seat(f"P{i}", kind) for i, kind in enumerate(kinds)]
    return Match.new(SPEC, seats, seed=7, options={"start_player": 0},
                     autosave_path=SaveBook(folder).new_autosave_path(SPEC.key))


def on_disk(match: Match) -> dict:
    """The save as a reader finds it (the file and its journal), once the match's last save landed."""
    match.wait_saved()
    return read_save(match.autosave_path).data


def raise_os_error(code: int):
    def fail(*_args, **_kwargs):
        raise OSError(code, os.strerror(code))
    return fail


FAILURES = {
    "full_disk": ("fsync", errno.ENOSPC, "full"),            # the data does not fit
    "read_only_folder": ("mkstemp", errno.EROFS, "denied"),  # no file can be made there
    "no_permission": ("mkstemp", errno.EACCES, "denied"),
    "held_open": ("replace", errno.EACCES, "denied"),        # Windows: the target is open elsewhere
    "busy": ("replace", errno.EBUSY, "busy"),
}


def break_disk(monkeypatch, how: str) -> None:
    call, code, _ = FAILURES[how]
    if call == "mkstemp":  # no file can be made or written there: neither a new one nor a journal line
        monkeypatch.setattr(storage.tempfile, "mkstemp", raise_os_error(code))
        monkeypatch.setattr(storage, "open_to_append", raise_os_error(code))
    else:
        monkeypatch.setattr(storage.os, call, raise_os_error(code))


@pytest.mark.parametrize("how", list(FAILURES))
def test_a_move_that_cannot_be_saved_is_not_applied_and_a_retry_applies_it_once(tmp_path, monkeypatch, how):
    match = new_match(tmp_path, HUMAN, "easy", "easy")
    seat = match.state.to_act()[0]
    action = match.state.legal_actions(seat)[0]
    before_record, before_file, before_events = match.state.record(), on_disk(match), list(match.events)
    with monkeypatch.context() as m:
        break_disk(m, how)
        with pytest.raises(SaveFailed) as info:
            match.act(seat, action)
    assert info.value.kind == FAILURES[how][2]
    assert match.state.record() == before_record and match.events == before_events
    assert on_disk(match) == before_file  # the last good save is untouched
    assert [p.name for p in match.autosave_path.parent.iterdir()] == [match.autosave_path.name]  # no temporaries
    match.act(seat, action)  # the disk is back: the same move, once
    assert len(match.state.actions) == len(on_disk(match)["record"]["actions"]) == 1


@pytest.mark.parametrize("how", ["full_disk", "read_only_folder"])
def test_a_bot_move_that_cannot_be_saved_is_not_applied(tmp_path, monkeypatch, how):
    match = new_match(tmp_path, "easy", "easy", "easy")
    for _ in range(3):
        match.step_bot()
    before = match.state.record()
    with monkeypatch.context() as m:
        break_disk(m, how)
        for _ in range(5):  # asked again and again: still nothing applied, nothing doubled
            with pytest.raises(SaveFailed):
                match.step_bot()
    assert match.state.record() == before
    match.step_bot()
    assert on_disk(match)["record"]["actions"] == match.state.record()["actions"]
    assert len(match.state.actions) == len(before["actions"]) + 1


def test_an_undo_that_cannot_be_saved_is_not_undone(tmp_path, monkeypatch):
    match = new_match(tmp_path, HUMAN, "easy", "easy")
    match.act(0, ("look",))
    assert match.can_undo(0)
    with monkeypatch.context() as m:
        break_disk(m, "full_disk")
        with pytest.raises(SaveFailed):
            match.undo(0)
    assert len(match.state.actions) == 1 and match.can_undo(0)
    match.undo(0)
    assert on_disk(match)["record"]["actions"] == []


@pytest.mark.skipif(IS_ROOT or os.name == "nt", reason="root writes through chmod (the monkeypatched cases cover it)")
def test_a_really_read_only_folder(tmp_path):
    match = new_match(tmp_path, HUMAN, "easy", "easy")
    folder = match.autosave_path.parent
    before = on_disk(match)
    folder.chmod(0o555)
    try:
        with pytest.raises(SaveFailed) as info:
            match.act(0, ("look",))
        assert info.value.kind == "denied" and match.state.actions == []
    finally:
        folder.chmod(0o755)
    assert on_disk(match) == before


def test_every_failure_is_told_in_both_languages():
    for lang in ("en", "zh_TW"):
        t = Translator(lang)
        for key in ["save.failed.title", "save.failed.bots_paused", "save.no_folder",
                    *(f"save.failed.{kind}" for kind in SaveFailed.KINDS)]:
            assert t(key) != key


# -- the data folder cannot be made ----------------------------------------------------------
def test_a_data_folder_that_cannot_be_made_still_lets_the_game_start(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("SIFANG_DATA_DIR", str(blocker / "sifang"))  # mkdir fails even as root
    from game.core.paths import data_dir_usable
    from scenes import settings_store
    from scenes.app import App
    from scenes.settings_store import Settings
    assert not data_dir_usable()
    assert settings_store.load_settings().lang  # defaults, in memory
    assert settings_store.new_autosave_path("xuanwu_gate") is None  # saving off
    app = App(lang="en", size=(1280, 720), settings=Settings(lang="en"))
    app.tick()
    menu = app.manager.top
    assert menu.no_folder and not menu.buttons["continue"].enabled
    app.save_settings()  # logged, not raised
    match = Match.new(SPEC, [Seat("A", "easy"), Seat("B", "easy"), Seat("C", "easy")], seed=1,
                      autosave_path=settings_store.new_autosave_path(SPEC.key))
    match.step_bot()  # plays on, unsaved
    assert match.state.actions and match.autosave_path is None


# -- kill -9 -----------------------------------------------------------------------------------
PLAYER = r"""
import sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from game.core.match import Match, Seat
from game.registry import GAMES
spec = GAMES["xuanwu_gate"]
folder = Path(sys.argv[2])
for game in range(1000):
    path = folder / f"xuanwu_gate-20260101-000000-{game}.json"
    match = Match.new(spec, [Seat(f"B{i}", "easy") for i in range(5)], seed=game, autosave_path=path)
    match.save_in_background()  # as at a table: each save on the writer thread, journaled
    while not match.state.is_over():
        match.step_bot()  # waits for the last action's save to be confirmed, then hands its own over
        print(game, len(match.state.actions) - 1, flush=True)  # reported done: confirmed on disk
"""


@pytest.mark.skipif(os.name == "nt", reason="SIGKILL is POSIX")
def test_kill_9_at_random_moments_loses_no_action_reported_done(tmp_path):
    rng = random.Random(11)
    book = SaveBook(tmp_path)
    journaled = False
    round_ = 0
    # At least four kills; more only if none of them fell while a journal was being extended (a
    # kill just after a whole write, or in a game's first action, finds no journal lines), so that
    # the journal's path is always the one tried, however fast or loaded the machine.
    while round_ < 4 or (not journaled and round_ < 12):
        folder = tmp_path / f"run{round_}" / "saves"
        round_ += 1
        proc = subprocess.Popen([sys.executable, "-c", PLAYER, str(REPO), str(folder)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        last = None
        deadline = time.monotonic() + 60
        # The moment is counted in actions reported, not in seconds, so that a loaded machine
        # kills mid-game as often as a calm one; then a random wait lands it anywhere in a save.
        seen = [proc.stdout.readline() for _ in range(rng.randint(3, 300))]
        assert seen[0], proc.stderr.read()
        time.sleep(rng.uniform(0.0, 0.05))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        # Read the rest through the same text stream as `seen`: communicate() would read the pipe
        # itself and skip what readline() had already buffered, leaving half a line to parse.
        out = proc.stdout.read()
        proc.stderr.read()
        # Only whole lines count: the kill may fall inside a print, leaving half of one.
        for line in [*seen, *out.splitlines(keepends=True)]:
            if line.endswith("\n") and line.strip():
                last = tuple(int(v) for v in line.split())
        assert last is not None and time.monotonic() < deadline
        # The game reported last is on disk with at least what was reported (in history/ if it ended).
        name = f"xuanwu_gate-20260101-000000-{last[0]}.json"
        found = folder / name if (folder / name).exists() else folder.parent / "history" / name
        record = book.load_record(found)
        assert record["seed"] == last[0] and len(record["actions"]) >= last[1]
        assert len(record["actions"]) <= last[1] + 2  # at most the one reported next and the one on its way
        SaveBook(folder.parent).tidy()  # the next start removes a half-written temporary, if any
        assert not list(folder.glob("*.tmp"))
        journaled |= read_save(found).entries > 0
        for p in folder.glob("*.json"):  # and every game it left loads
            book.load_record(p)
    assert journaled  # the kills fell while actions were journaled, not only on files written whole


# -- the table: told once, bots pause ----------------------------------------------------------
def test_the_table_tells_the_player_once_and_its_bots_wait(tmp_path, monkeypatch):
    from scenes.app import App
    from scenes.shell.dialog import MessageScene
    from scenes.registry import show_table
    from scenes.settings_store import Settings
    app = App(lang="zh_TW", size=(1280, 720), settings=Settings(lang="zh_TW", bot_speed="instant"))
    match = new_match(tmp_path, "easy", HUMAN, "easy")  # seat 0, a bot, starts
    assert match.bot_to_move() == 0
    show_table(app, match, replace=True)
    table = app.manager.top
    before = match.state.record()
    with monkeypatch.context() as m:
        break_disk(m, "full_disk")
        for _ in range(20):
            app.tick()
        dialogs = [s for s in app.manager.stack if isinstance(s, MessageScene)]
        assert len(dialogs) == 1 and dialogs[0].is_error  # once, not once per move
        assert Translator("zh_TW")("save.failed.full") in dialogs[0].body
        assert match.state.record() == before  # nothing applied while the disk refuses
        app.manager.remove(dialogs[0])
    for _ in range(20):
        app.tick()
        if len(match.state.actions) > len(before["actions"]):
            break
    assert len(match.state.actions) > len(before["actions"])  # the bots go on once it saves
    assert on_disk(match)["record"]["actions"] == match.state.record()["actions"]
    assert app.manager.find(type(table)) is table


def test_the_player_may_play_on_without_saving(tmp_path, monkeypatch):
    from scenes.app import App
    from scenes.shell.dialog import MessageScene
    from scenes.registry import show_table
    from scenes.settings_store import Settings
    app = App(lang="en", size=(1280, 720), settings=Settings(lang="en", bot_speed="instant"))
    match = new_match(tmp_path, "easy", "easy", "easy")
    kept = on_disk(match)
    show_table(app, match, replace=True)
    table = app.manager.top
    break_disk(monkeypatch, "full_disk")  # and it stays full
    for _ in range(5):
        app.tick()
        wait_for_the_thought(table)
    dialog = app.manager.top
    assert isinstance(dialog, MessageScene) and [label for label, _ in dialog.choices] == \
        [app.t("save.failed.retry"), app.t("save.failed.play_unsaved")]
    dialog._choose(dialog.choices[1][1])
    for _ in range(10):
        app.tick()
        wait_for_the_thought(table)
    assert match.autosave_path is None and len(match.state.actions) >= 3  # the bots go on, unsaved
    assert not any(isinstance(s, MessageScene) for s in app.manager.stack)
    assert on_disk_at(tmp_path) == [kept]  # the last save is kept as it was


def on_disk_at(folder: Path) -> list[dict]:
    return [read_save(p).data for p in sorted((folder / "saves").glob("*.json"))]


def test_a_new_game_that_cannot_be_saved_may_start_unsaved(tmp_path, monkeypatch):
    from scenes.app import App
    from scenes.shell.dialog import MessageScene
    from scenes.settings_store import Settings
    from scenes.shell.setup import SetupScene
    from scenes.table_scene import TableScene
    monkeypatch.setenv("SIFANG_DATA_DIR", str(tmp_path))
    app = App(lang="zh_TW", size=(1280, 720), settings=Settings(lang="zh_TW"))
    setup = app.manager.reset(SetupScene(app, "xuanwu_gate"))
    break_disk(monkeypatch, "read_only_folder")
    setup.start()
    dialog = app.manager.top
    assert isinstance(dialog, MessageScene) and dialog.body == app.t("save.failed.denied")
    dialog._choose(dialog.choices[1][1])
    table = app.manager.top
    assert isinstance(table, TableScene) and table.match.autosave_path is None


def test_the_wonderful_island_tables_own_pass_that_cannot_be_saved_says_so(tmp_path, monkeypatch):
    """With reactions set to "never" the table passes for its people; a pass the disk refuses gets the
    save-failed message with its retry, never "unexpected error"; once the disk works it passes."""
    from scenes.app import App
    from scenes.shell.dialog import MessageScene
    from scenes.settings_store import Settings
    from scenes.wonderful_island.table import WonderfulIslandTableScene
    spec = GAMES["wonderful_island"]
    seats = [Seat("P0"), Seat("P1"), Seat("P2", "easy"), Seat("P3", "easy")]
    match = Match.new(spec, seats, seed=3, options={"start_player": 2, "reactions": "never"},
                      autosave_path=SaveBook(tmp_path).new_autosave_path(spec.key))
    rng = random.Random(3)
    while not (match.state.phase == "react" and match.human_to_move() is not None):  # a person to be passed for
        seat = match.state.to_act()[0]
        match.act(seat, rng.choice(match.state.legal_actions(seat)))
    app = App(lang="en", size=(1280, 720), settings=Settings(lang="en", bot_speed="instant"))
    before = match.state.record()
    with monkeypatch.context() as m:
        break_disk(m, "full_disk")
        table = app.manager.push(WonderfulIslandTableScene(app, match))  # its first look passes for P0 or P1
        save_writer.wait_idle()  # the pass was handed to the writer thread, and refused there
        table.saved()  # the next frame asks whether the pass was saved: it was not
        dialog = app.manager.top
        assert isinstance(dialog, MessageScene) and dialog.title == app.t("save.failed.title")
        assert dialog.body.startswith(app.t("save.failed.full"))
        assert match.state.record() == before
        app.manager.remove(dialog)
    table.check_flow()
    assert len(match.state.actions) > len(before["actions"])

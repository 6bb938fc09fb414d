"""The autosave's journal (game/core/journal.py, game/core/autosave.py): an action is saved as one
line beside the save file, the file now and then written whole, so a save costs the same on the
last move of a long game as on the first; with every guarantee the whole file gave. Every reader
(the lists, Continue, loading, watching again) sees the journal's actions; moving and deleting
carry it; a torn, damaged or hostile journal is ignored from where it goes wrong, the record intact.
The failing disk and kill -9 are in tests/test_failing_disk.py.
"""
from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from game.core import autosave, journal, save_writer, saves
from game.core.errors import SaveFailed
from game.core.match import HUMAN, Match, Seat
from game.core.saves import SaveBook, move_file, read_save
from game.registry import GAMES

XUANWU = GAMES["xuanwu_gate"]


def bots_game(folder: Path, moves: int, seed: int = 6, n: int = 7) -> Match:
    """A Xuanwu game of bots, saved in `folder`/saves/, `moves` actions in (never its end)."""
    match = Match.new(XUANWU, [Seat(f"玩家{i}", "easy") for i in range(n)], seed=seed,
                      options={"variant": "scoring"}, autosave_path=SaveBook(folder).new_autosave_path(XUANWU.key))
    while len(match.state.actions) < moves:
        match.step_bot()
        assert not match.state.is_over(), "pick fewer moves: this game ended"
    return match


def journal_lines(match: Match) -> list[bytes]:
    return journal.path_of(match.autosave_path).read_bytes().split(b"\n")


def record_on_disk(match: Match) -> dict:
    """The save file alone, as written whole last (no journal)."""
    return json.loads(match.autosave_path.read_text(encoding="utf-8"))


def loads_as(match: Match, actions: int) -> Match:
    """Loading the file gives the match's game with its first `actions` actions."""
    loaded = Match.load(GAMES, match.autosave_path, autosave_path=match.autosave_path)
    assert loaded.state.record()["actions"] == match.state.record()["actions"][:actions]
    return loaded


# -- the cost ----------------------------------------------------------------------------------------
def test_the_bytes_written_per_action_do_not_grow_with_the_game(tmp_path, monkeypatch):
    """Counted where they reach the disk: over the second half of a long game (447 actions of a
    seven-player scoring game) no more per action than over the first, and far less than the save
    file written whole, which grows with every action."""
    written: list[int] = []
    for name in ("write_bytes_atomic", "append_durably"):
        real = getattr(autosave, name)
        monkeypatch.setattr(autosave, name, lambda path, raw, real=real: (written.append(len(raw)), real(path, raw)))
    match = Match.new(XUANWU, [Seat(f"B{i}", "easy") for i in range(7)], seed=6, options={"variant": "scoring"},
                      autosave_path=tmp_path / "saves" / "game.json")
    per_action = []
    while not match.state.is_over():
        before = sum(written)
        match.step_bot()
        per_action.append(sum(written) - before)
    per_action.pop()  # the game's end is written whole and filed in history/: once a game
    half = len(per_action) // 2
    early, late = sum(per_action[:half]) / half, sum(per_action[half:]) / (len(per_action) - half)
    assert len(per_action) > 400 and late <= 1.25 * early
    whole = len(json.dumps(match.to_file(), ensure_ascii=False).encode("utf-8"))
    assert late < whole / 20
    assert sum(written) == match.bytes_saved  # the match counts what reached the disk


def test_a_save_file_is_one_line_of_json_with_chinese_names_kept(tmp_path):
    match = bots_game(tmp_path, 0)
    text = match.autosave_path.read_text(encoding="utf-8")
    assert "\n" not in text and "玩家0" in text and record_on_disk(match)["format"] == saves.FORMAT


def test_an_action_is_one_journal_line_and_the_file_is_written_whole_once_the_journal_is_as_large(tmp_path):
    match = bots_game(tmp_path, 3)
    assert len(record_on_disk(match)["record"]["actions"]) == 0
    assert len(journal_lines(match)) == 1 + 3 + 1  # the head, three actions, the empty end
    while journal.path_of(match.autosave_path).exists():
        match.step_bot()
    size = match.autosave_path.stat().st_size
    assert len(record_on_disk(match)["record"]["actions"]) == len(match.state.actions)
    match.step_bot()
    assert journal.path_of(match.autosave_path).stat().st_size < size / 5


# -- every reader sees the journal -----------------------------------------------------------------
def test_the_save_lists_and_continue_show_the_journaled_games_true_position(tmp_path):
    match = bots_game(tmp_path, 45)
    assert 0 < len(record_on_disk(match)["record"]["actions"]) < 45  # written whole once, the rest journaled
    header = SaveBook(tmp_path).newest_unfinished()
    assert header.path == match.autosave_path and header.actions == 45
    assert header.round == saves.round_of(match.state) and header.round > 1
    loaded = loads_as(match, 45)  # what Continue does with that header
    assert loaded.events == match.events and loaded.state.view(None) == match.state.view(None)


def test_watching_again_sees_the_journaled_actions(tmp_path):
    match = bots_game(tmp_path, 40)
    assert SaveBook(tmp_path).load_record(match.autosave_path)["actions"] == match.state.record()["actions"]


def test_a_loaded_game_goes_on_with_its_journal(tmp_path):
    match = bots_game(tmp_path, 5)
    loaded = loads_as(match, 5)
    loaded.step_bot()
    assert len(journal_lines(match)) == 1 + 6 + 1 and len(record_on_disk(match)["record"]["actions"]) == 0
    loads_as(loaded, 6)


def test_undo_writes_the_file_whole_and_drops_the_journal(tmp_path):
    match = Match.new(XUANWU, [Seat("A"), Seat("B", "easy"), Seat("C", "easy")], seed=7,
                      options={"start_player": 0}, autosave_path=SaveBook(tmp_path).new_autosave_path(XUANWU.key))
    match.act(0, ("look",))
    assert journal.path_of(match.autosave_path).exists()
    match.undo(0)
    assert not journal.path_of(match.autosave_path).exists()
    assert record_on_disk(match)["record"]["actions"] == [] and read_save(match.autosave_path).entries == 0


def test_a_finished_game_is_written_whole_and_filed_in_history_without_a_journal(tmp_path):
    match = bots_game(tmp_path, 10)
    while not match.state.is_over():
        match.step_bot()
    assert match.autosave_path.parent.name == saves.HISTORY
    assert not list(tmp_path.rglob("*" + journal.SUFFIX))
    assert SaveBook(tmp_path).history()[0].actions == len(match.state.actions)


def test_moving_a_save_carries_its_journal(tmp_path):
    match = bots_game(tmp_path, 8)
    moved = move_file(match.autosave_path, tmp_path / saves.HISTORY)
    assert journal.path_of(moved).exists() and not journal.path_of(match.autosave_path).exists()
    assert read_save(moved).data["record"]["actions"] == match.state.record()["actions"]
    back = move_file(moved, tmp_path / saves.SAVES)  # the lists move an unfinished game back so
    assert read_save(back).entries == 8 - read_save(back).base


def test_deleting_a_save_deletes_its_journal(tmp_path):
    match = bots_game(tmp_path, 8)
    SaveBook(tmp_path).delete(match.autosave_path)
    assert list((tmp_path / saves.SAVES).iterdir()) == []


def test_a_format_2_save_loads_and_is_written_whole_as_format_3_at_its_next_action(tmp_path):
    match = bots_game(tmp_path, 4)
    match.autosave()
    data = record_on_disk(match)
    del data["journal"]
    data["format"] = 2
    match.autosave_path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    loaded = loads_as(match, 4)
    assert SaveBook(tmp_path).newest_unfinished().actions == 4
    loaded.step_bot()
    assert record_on_disk(loaded)["format"] == 3 and len(record_on_disk(loaded)["record"]["actions"]) == 5


# -- a torn, damaged or hostile journal ---------------------------------------------------------------
def test_a_torn_last_journal_line_is_ignored_and_the_next_save_is_whole(tmp_path):
    match = bots_game(tmp_path, 6)
    path = journal.path_of(match.autosave_path)
    raw = path.read_bytes()
    path.write_bytes(raw[:-9])  # killed in the middle of the last append
    loaded = loads_as(match, 5)
    assert SaveBook(tmp_path).newest_unfinished().actions == 5
    loaded.step_bot()  # never appended after a torn line: written whole
    assert not path.exists() and len(record_on_disk(loaded)["record"]["actions"]) == 6


def _hostile(match: Match) -> dict:
    """Ways a journal can be wrong, each a function of the journal's lines (head first)."""
    head = json.loads(journal_lines(match)[0])
    return {
        "garbage_in_the_middle": lambda lines: lines[:3] + [b"\x00\xff not json"] + lines[3:],
        "a_line_out_of_order": lambda lines: lines[:2] + lines[3:4] + lines[2:3] + lines[4:],
        "another_records_id": lambda lines: [json.dumps(dict(head, id="0" * 16)).encode()] + lines[1:],
        "another_game": lambda lines: [json.dumps(dict(head, game="elfenland")).encode()] + lines[1:],
        "another_base": lambda lines: [json.dumps(dict(head, base=head["base"] + 1)).encode()] + lines[1:],
        "not_a_journal": lambda lines: [b'{"format": "sifang-table-record"}'] + lines[1:],
        "nan_in_a_line": lambda lines: lines[:3] + [lines[3].replace(b'"updated": ', b'"updated": NaN, "x": ')] + lines[4:],
        "nested_deep": lambda lines: lines[:3] + [b"[" * 100_000 + b"]" * 100_000] + lines[3:],
        "an_extra_key": lambda lines: lines[:3] + [lines[3][:-1] + b', "run": "os.system"}'] + lines[4:],
        "a_bool_for_a_seat": lambda lines: lines[:3] + [_with_seat(lines[3], True)] + lines[4:],
        "an_illegal_action": lambda lines: lines[:3] + [json.dumps({"i": head["base"] + 3, "a": [0, ["win_now"]], "round": 1,
                                                                    "updated": 1.0}).encode()] + lines[4:],
    }


def _with_seat(line: bytes, seat) -> bytes:
    item = json.loads(line)
    item["a"][0] = seat
    return json.dumps(item).encode()


KEEPS = {  # how many of the journal's six actions each hostile journal keeps: those before the wrong line
    "garbage_in_the_middle": 2, "a_line_out_of_order": 1, "another_records_id": 0, "another_game": 0,
    "another_base": 0, "not_a_journal": 0, "nan_in_a_line": 2, "nested_deep": 2, "an_extra_key": 2,
    "a_bool_for_a_seat": 2, "an_illegal_action": 2,
}


@pytest.mark.parametrize("how", list(KEEPS))
def test_a_hostile_journal_is_ignored_from_its_first_wrong_line_and_the_record_is_untouched(tmp_path, how):
    match = bots_game(tmp_path, 6)
    base = len(record_on_disk(match)["record"]["actions"])
    assert base == 0
    record_bytes = match.autosave_path.read_bytes()
    path = journal.path_of(match.autosave_path)
    lines = path.read_bytes().split(b"\n")[:-1]
    path.write_bytes(b"\n".join(_hostile(match)[how](lines)) + b"\n")
    loaded = loads_as(match, KEEPS[how])
    assert SaveBook(tmp_path).load_record(match.autosave_path)["actions"] == loaded.state.record()["actions"]
    assert match.autosave_path.read_bytes() == record_bytes  # reading never writes
    loaded.step_bot()  # the next save is whole: the wrong journal is gone
    assert not path.exists() and len(record_on_disk(loaded)["record"]["actions"]) == KEEPS[how] + 1


def test_a_journal_beyond_the_size_cap_keeps_its_good_lines_within_the_cap(tmp_path, monkeypatch):
    """A journal grown past the cap (garbage appended to it) is read up to the cap and no further:
    the actions before the damage are kept, as before a torn line, and the next save is whole."""
    match = bots_game(tmp_path, 6)
    path = journal.path_of(match.autosave_path)
    lines = path.read_bytes().split(b"\n")[:-1]
    cap = sum(len(line) + 1 for line in lines[:5]) + 10   # the head, four actions, a bit of the fifth
    monkeypatch.setattr(saves, "max_journal_bytes", lambda: cap)
    with open(path, "ab") as f:
        f.truncate(cap * 50)  # zeros beyond the cap: never read
    loaded = loads_as(match, 4)
    assert SaveBook(tmp_path).newest_unfinished().actions == 4
    loaded.step_bot()
    assert not path.exists() and len(record_on_disk(loaded)["record"]["actions"]) == 5


def test_a_journal_with_more_actions_than_any_real_game_is_cut_at_the_cap(tmp_path, monkeypatch):
    match = bots_game(tmp_path, 6)
    monkeypatch.setattr(saves, "max_actions", lambda game: 4)
    loads_as(match, 4)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX pipes")
def test_a_journal_that_is_a_pipe_is_ignored_without_hanging(tmp_path):
    match = bots_game(tmp_path, 6)
    path = journal.path_of(match.autosave_path)
    path.unlink()
    os.mkfifo(path)
    loads_as(match, 0)


# -- off the drawing thread ----------------------------------------------------------------------------
def _gate_appends(monkeypatch) -> threading.Event:
    """Journal appends wait at a gate (at most 10 s) until the test opens it: a save on its way."""
    gate = threading.Event()
    real = autosave.append_durably
    monkeypatch.setattr(autosave, "append_durably", lambda path, raw: (gate.wait(10), real(path, raw)))
    return gate


def test_in_the_background_an_action_returns_before_its_save_lands_and_the_next_waits_for_it(tmp_path, monkeypatch):
    match = bots_game(tmp_path, 2)
    match.save_in_background()
    gate = _gate_appends(monkeypatch)
    match.step_bot()  # handed to the writer thread, which waits at the gate
    assert match.saving()
    match.check_saved()  # a frame asks, and does not wait
    assert match.saving() and len(read_save(match.autosave_path).data["record"]["actions"]) == 2
    threading.Timer(0.05, gate.set).start()
    match.step_bot()  # waits for the last save to land, then makes its own
    match.wait_saved()
    assert not match.saving() and read_save(match.autosave_path).data["record"]["actions"] == \
        match.state.record()["actions"]


def test_in_the_background_a_refused_save_takes_its_action_back_at_the_next_check(tmp_path, monkeypatch):
    match = bots_game(tmp_path, 2)
    match.save_in_background()
    before, events = match.state.record(), list(match.events)
    with monkeypatch.context() as m:
        m.setattr(autosave, "append_durably", _refuse)
        match.step_bot()
        save_writer.wait_idle()
        assert len(match.state.actions) == 3  # shown, not yet confirmed
        with pytest.raises(SaveFailed) as info:
            match.check_saved()
    assert info.value.kind == "full"
    assert match.state.record() == before and match.events == events and not match.saving()
    match.step_bot()  # the retry: one move, written whole (the journal may end in a torn line)
    match.wait_saved()
    assert read_save(match.autosave_path).data["record"]["actions"] == match.state.record()["actions"]
    assert len(match.state.actions) == 3


def _refuse(*_args):
    import errno
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_the_lists_wait_for_a_save_still_on_its_way(tmp_path, monkeypatch):
    match = bots_game(tmp_path, 2)
    match.save_in_background()
    gate = _gate_appends(monkeypatch)
    match.step_bot()
    threading.Timer(0.05, gate.set).start()
    assert SaveBook(tmp_path).newest_unfinished().actions == 3


def test_a_person_at_the_table_is_saved_on_the_writer_thread(tmp_path, monkeypatch):
    from scenes.app import App
    from scenes.registry import show_table
    from scenes.settings_store import Settings
    app = App(lang="en", size=(1280, 720), settings=Settings(lang="en", bot_speed="instant"))
    match = Match.new(XUANWU, [Seat("A", HUMAN), Seat("B", "easy"), Seat("C", "easy")], seed=7,
                      options={"start_player": 0}, autosave_path=SaveBook(tmp_path).new_autosave_path(XUANWU.key))
    show_table(app, match, replace=True)
    table = app.manager.top
    writers = []
    real = autosave.LineWrite.run
    monkeypatch.setattr(autosave.LineWrite, "run",
                        lambda self: (writers.append(threading.current_thread().name), real(self))[1])
    assert table.act(("look",))
    match.wait_saved()
    assert writers and writers[0].startswith("sifang-saves")
    assert read_save(match.autosave_path).data["record"]["actions"] == match.state.record()["actions"]

"""Every game kept (game/core/saves.py): one autosave per unfinished game, finished games in
history, lists read from headers newest first, the old single autosave migrated, never dropped."""
from __future__ import annotations

import json
import os
import time

import pytest

from game.core import saves
from game.core.errors import SaveError
from game.core.match import HUMAN, Match, Seat
from game.core.saves import SaveBook
from game.registry import GAMES

XUANWU = GAMES["xuanwu_gate"]


def start(book: SaveBook, key: str = "xuanwu_gate", names=("Ann", "Ben"), moves: int = 0, seed: int = 1) -> Match:
    spec = GAMES[key]
    seats = [Seat(n) for n in names] + [Seat(f"Bot {i}", "easy") for i in range(spec.min_players - len(names))]
    match = Match.new(spec, seats, seed=seed, autosave_path=book.new_autosave_path(key))
    for _ in range(moves):
        seat = match.state.to_act()[0]
        match.act(seat, match.state.legal_actions(seat)[0])
    return match


def finish(match: Match) -> None:
    while not match.state.is_over():
        seat = match.state.to_act()[0]
        match.act(seat, match.state.legal_actions(seat)[0])


def test_every_new_game_has_its_own_autosave(tmp_path):
    book = SaveBook(tmp_path)
    a, b = start(book), start(book, names=("Cy", "Di"))
    assert a.autosave_path != b.autosave_path
    assert a.autosave_path.parent == b.autosave_path.parent == tmp_path / "saves"
    assert a.autosave_path.name.startswith("xuanwu_gate-") and a.autosave_path.suffix == ".json"
    assert {h.path for h in book.unfinished()} == {a.autosave_path, b.autosave_path}


def test_the_lists_are_newest_first_and_continue_takes_the_newest(tmp_path):
    book = SaveBook(tmp_path)
    first = start(book, seed=1)
    second = start(book, "elfenland", seed=2)
    time.sleep(0.01)
    first.act(*next((s, first.state.legal_actions(s)[0]) for s in first.state.to_act()))  # played last
    assert [h.path for h in book.unfinished()] == [first.autosave_path, second.autosave_path]
    assert book.newest_unfinished().path == first.autosave_path


def test_a_header_says_game_players_round_and_when(tmp_path):
    book = SaveBook(tmp_path)
    before = time.time()
    match = start(book, moves=3)
    h = book.newest_unfinished()
    assert h.game == "xuanwu_gate" and h.actions == 3 and not h.finished and h.winners == []
    assert h.seats == [("Ann", HUMAN), ("Ben", HUMAN), ("Bot 0", "easy")]
    assert h.round == match.state.deal_no and before <= h.updated <= time.time()


def test_the_lists_never_replay_a_save(tmp_path, monkeypatch):
    book = SaveBook(tmp_path)
    start(book, moves=5)
    monkeypatch.setattr(type(XUANWU), "replay", lambda *a, **k: pytest.fail("replayed"))
    assert len(SaveBook(tmp_path).unfinished()) == 1


def test_a_finished_game_moves_to_history_and_leaves_the_unfinished_list(tmp_path):
    book = SaveBook(tmp_path)
    match = start(book, names=("Ann",))
    kept = start(book, names=("Zed",))
    finish(match)
    assert match.autosave_path.parent == tmp_path / "history"
    assert [h.path for h in book.unfinished()] == [kept.autosave_path]
    (h,) = book.history()
    assert h.finished and h.winners == match.state.winners() and h.actions == len(match.state.actions)


def test_a_save_can_be_deleted_and_its_record_loaded(tmp_path):
    book = SaveBook(tmp_path)
    match = start(book, moves=4)
    record = book.load_record(match.autosave_path)
    assert record["actions"] == match.to_save()["actions"] and record["seats"][0]["name"] == "Ann"
    book.delete(match.autosave_path)
    assert book.unfinished() == [] and not match.autosave_path.exists()
    with pytest.raises(ValueError):
        book.delete(tmp_path / "settings.json")  # only saved games


def test_a_broken_file_is_skipped_and_reported(tmp_path):
    book = SaveBook(tmp_path)
    good = start(book)
    (tmp_path / "saves" / "broken.json").write_text("{not json", encoding="utf-8")
    assert [h.path for h in book.unfinished()] == [good.autosave_path]
    assert book.problems() == [(tmp_path / "saves" / "broken.json", "damaged")]


def test_an_old_single_autosave_is_migrated_not_dropped(tmp_path):
    match = Match.new(XUANWU, [Seat("王"), Seat("B", "easy"), Seat("C", "normal")], seed=4)
    for _ in range(6):
        seat = match.state.to_act()[0]
        match.act(seat, match.state.legal_actions(seat)[0])
    legacy = tmp_path / "saves" / "autosave.json"
    legacy.parent.mkdir(parents=True)
    legacy.write_text(json.dumps(match.to_save(), ensure_ascii=False), encoding="utf-8")  # format 1
    book = SaveBook(tmp_path)
    book.tidy()
    assert not legacy.exists()
    (h,) = book.unfinished()
    assert h.game == "xuanwu_gate" and h.actions == 6 and h.seats[0] == ("王", HUMAN)
    assert json.loads(h.path.read_text("utf-8"))["format"] == saves.FORMAT
    loaded = Match.load(GAMES, h.path)
    assert loaded.state.record() == match.state.record()


def test_a_broken_old_autosave_is_kept_and_reported(tmp_path):
    legacy = tmp_path / "saves" / "autosave.json"
    legacy.parent.mkdir(parents=True)
    legacy.write_text('{"format": "sifang-table-record", "game": "xuanwu_gate"', encoding="utf-8")
    book = SaveBook(tmp_path)
    book.tidy()
    assert legacy.exists() and book.unfinished() == []
    assert book.problems() == [(legacy, "damaged")]


def test_stray_temporary_files_are_removed_at_start(tmp_path):
    book = SaveBook(tmp_path)
    match = start(book)
    stray = match.autosave_path.with_name(match.autosave_path.name + ".abc123.tmp")
    stray.write_text("half", encoding="utf-8")
    book.tidy()
    assert not stray.exists() and match.autosave_path.exists()


@pytest.mark.skipif(os.name == "nt", reason="POSIX folders")
def test_a_header_that_lies_about_its_game_is_refused(tmp_path):
    book = SaveBook(tmp_path)
    match = start(book)
    data = json.loads(match.autosave_path.read_text("utf-8"))
    data["header"]["game"] = "elfenland"
    match.autosave_path.write_text(json.dumps(data), encoding="utf-8")
    assert book.unfinished() == [] and book.problems()[0][0] == match.autosave_path
    with pytest.raises(SaveError):
        Match.load(GAMES, match.autosave_path)


def test_an_undo_that_reopens_a_finished_game_brings_it_back_from_history(tmp_path, monkeypatch):
    book = SaveBook(tmp_path)
    match = start(book, names=("Ann", "Ben", "Cy"))
    finish(match)
    assert match.autosave_path.parent.name == "history"
    monkeypatch.setattr(Match, "can_undo", lambda self, seat: True)  # say the last move was a human's own
    match.undo(match.state.actions[-1][0])
    assert not match.state.is_over() and match.autosave_path.parent.name == "saves"
    assert [h.path for h in book.unfinished()] == [match.autosave_path] and book.history() == []


def test_an_unfinished_game_found_in_history_goes_back_to_the_saved_games(tmp_path):
    book = SaveBook(tmp_path)
    match = start(book, moves=2)
    saves.move_file(match.autosave_path, tmp_path / "history")
    assert book.history() == []
    assert [h.path.parent.name for h in book.unfinished()] == ["saves"]


def test_the_folder_is_synced_after_the_rename(tmp_path, monkeypatch):
    """A power cut after the rename keeps the new file: the folder's entry is flushed too."""
    from game.core import storage
    synced, replaced = [], []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(storage.os, "replace", lambda a, b: (replaced.append(len(synced)), real_replace(a, b)))
    monkeypatch.setattr(storage.os, "fsync", lambda fd: (synced.append(os.path.isdir(f"/proc/self/fd/{fd}")
                                                                       if os.path.exists("/proc/self/fd") else None),
                                                        real_fsync(fd)))
    storage.write_json_atomic(tmp_path / "a.json", {"x": 1})
    if os.name == "nt":
        return
    assert replaced == [1] and len(synced) == 2  # the file before the rename, the folder after
    if synced[1] is not None:
        assert synced == [False, True]


def test_a_migration_cut_short_is_done_again_never_doubled(tmp_path, monkeypatch):
    match = Match.new(XUANWU, [Seat("A"), Seat("B", "easy"), Seat("C", "easy")], seed=4)
    legacy = tmp_path / "saves" / "autosave.json"
    legacy.parent.mkdir(parents=True)
    legacy.write_text(json.dumps(match.to_save()), encoding="utf-8")
    with monkeypatch.context() as m:  # killed after the new file is written, before the old one goes
        m.setattr(type(legacy), "unlink", lambda self, missing_ok=False: None)
        SaveBook(tmp_path).tidy()
    assert legacy.exists()
    book = SaveBook(tmp_path)
    book.tidy()
    assert not legacy.exists()
    assert len(book.unfinished()) == 1


def test_a_finished_game_whose_header_says_unfinished_is_filed_in_history_when_loaded(tmp_path):
    book = SaveBook(tmp_path)
    match = start(book, names=("Ann",))
    finish(match)
    data = json.loads(match.autosave_path.read_text("utf-8"))
    data["header"]["finished"] = False
    path = tmp_path / "saves" / match.autosave_path.name
    path.write_text(json.dumps(data), encoding="utf-8")
    match.autosave_path.unlink()
    loaded = Match.load(GAMES, path, autosave_path=path)
    assert loaded.state.is_over() and loaded.autosave_path.parent.name == "history"

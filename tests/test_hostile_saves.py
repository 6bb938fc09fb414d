"""Nothing hostile gets in: every broken or hostile save is refused with a clear message, in under
a second, through the model's loaders (SaveBook.load_record, Match.load) and the menu's path (the
Saved games list's headers, Continue), and never crashes, hangs or eats memory.

Cases: truncated files, wrong types at every field of header and record, actions and options
whose values are equal but not the same type (true, 1.0, "1" for 1), wrong seats, unknown games,
deep nesting, huge files, special files (a FIFO, a link to /dev/zero, a folder) and records
longer than any real game.
"""
from __future__ import annotations

import copy
import json
import os
import random
import time
from pathlib import Path

import pytest

from game.core import caps
from game.core.errors import SaveError
from game.core.match import HUMAN, Match, Seat
from game.core.saves import SaveBook
from game.registry import GAMES

SECOND = 1.0
# "Under a second" is the loader's own work: timed in this process's CPU time, which other jobs on
# a loaded machine do not inflate (wall time did: 1.1 s once under a load of 7). A wall-clock bound
# ten times looser still catches a load that waits on something (a pipe, a device).
WALL = 10 * SECOND


class Took:
    """CPU and wall time of a with-block."""

    def __enter__(self) -> "Took":
        self.cpu, self.wall = time.process_time(), time.perf_counter()
        return self

    def __exit__(self, *exc) -> None:
        self.cpu, self.wall = time.process_time() - self.cpu, time.perf_counter() - self.wall

    def within(self, cpu: float = SECOND) -> bool:
        return self.cpu < cpu and self.wall < WALL


SPEC = GAMES["xuanwu_gate"]


def played(key: str = "xuanwu_gate", moves: int = 24, seed: int = 5, options=None) -> dict:
    """A good save file (format 2) some way into a game."""
    spec = GAMES[key]
    seats = [Seat("Ann"), Seat("Ben", "easy")] + [Seat(f"C{i}", "normal") for i in range(spec.min_players - 2)]
    match = Match.new(spec, seats, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.state.is_over():
            break
        seat = match.state.to_act()[0]
        match.act(seat, rng.choice(match.state.legal_actions(seat)))
    return json.loads(json.dumps(match.to_file(), ensure_ascii=False))


GOOD = played(options={"variant": "scoring", "target": 7, "start_player": 1})


def write(folder: Path, content) -> Path:
    path = folder / "saves" / "xuanwu_gate-20260101-000000-abcdef.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(json.dumps(content, ensure_ascii=False), encoding="utf-8")
    return path


def assert_refused_everywhere(folder: Path, path: Path) -> None:
    """Both loaders refuse it with SaveError and a readable message; the list skips it (reporting
    it) or lists it from a header that Continue then refuses; each step well under a second."""
    book = SaveBook(folder)
    for load in (book.load_record, lambda p: Match.load(GAMES, p)):
        with Took() as took, pytest.raises(SaveError) as info:
            load(path)
        assert took.within()
        assert str(info.value).strip() and info.value.kind in SaveError.KINDS
    with Took() as took:
        listed = [h.path for h in book.unfinished()]
    assert took.within()
    assert path in listed or path in [p for p, _ in book.problems()]


def test_the_good_save_loads_everywhere(tmp_path):
    path = write(tmp_path, GOOD)
    book = SaveBook(tmp_path)
    assert [h.path for h in book.unfinished()] == [path]
    assert book.load_record(path)["actions"] == GOOD["record"]["actions"]
    assert Match.load(GAMES, path).to_save() == GOOD["record"]


# -- truncated and garbled ----------------------------------------------------------------
@pytest.mark.parametrize("fraction", [0.0, 0.05, 0.2, 0.5, 0.8, 0.95, 0.999])
def test_a_truncated_save_is_refused(tmp_path, fraction):
    text = json.dumps(GOOD, indent=1)
    assert_refused_everywhere(tmp_path, write(tmp_path, text[:int(len(text) * fraction)]))


@pytest.mark.parametrize("content", [b"\x00" * 100, bytes(range(256)) * 4, b"\xef\xbb\xbf{", "NaN", "Infinity",
                                     "[" * 100_000, "{\"a\":" * 100_000, "1" * 100_000, "-" + "9" * 5000],
                         ids=["nul", "binary", "bom", "nan", "inf", "deep-list", "deep-dict", "long-number",
                              "long-negative"])
def test_garbage_and_deep_nesting_are_refused(tmp_path, content):
    assert_refused_everywhere(tmp_path, write(tmp_path, content))


# -- wrong types at every field --------------------------------------------------------------
WRONG = [None, True, False, 0, 1, -1, 1.0, 1.5, 10 ** 40, "1", "", [], [1], {}, {"a": 1}]


def wrong_values(good_value):
    """The values of another type than the field's (an int is not a bool, nor a float)."""
    return [v for v in WRONG if type(v) is not type(good_value)]


def fields(data: dict, prefix=()):
    for key, value in data.items():
        yield prefix + (key,), value


def set_field(data: dict, where: tuple, value) -> dict:
    out = copy.deepcopy(data)
    node = out
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    return out


HEADER_ALLOWED = {"round": (type(None), int), "updated": (int, float)}
CASES = []
for where, value in [*fields(GOOD), *fields(GOOD["header"], ("header",)), *fields(GOOD["record"], ("record",))]:
    allowed = HEADER_ALLOWED.get(where[-1], ()) if where[0] == "header" else ()
    for bad in wrong_values(value):
        if allowed and type(bad) in allowed and not isinstance(bad, bool):
            continue
        CASES.append((where, bad))


@pytest.mark.parametrize("where,bad", CASES, ids=[f"{'.'.join(w)}={b!r}"[:60] for w, b in CASES])
def test_a_wrong_type_at_any_field_is_refused(tmp_path, where, bad):
    assert_refused_everywhere(tmp_path, write(tmp_path, set_field(GOOD, where, bad)))


def test_a_missing_field_is_refused(tmp_path):
    for part in ("header", "record"):
        for key in GOOD[part]:
            data = copy.deepcopy(GOOD)
            del data[part][key]
            if part == "header" and key == "round":
                continue  # a game without rounds has none; missing reads as None
            assert_refused_everywhere(tmp_path, write(tmp_path, data))


# -- equal but not the same type: actions and options --------------------------------------------
def lookalikes(value):
    """What JSON may hold that Python finds equal to an engine's int or bool."""
    if isinstance(value, bool):
        return [int(value), float(value)]
    if isinstance(value, int):
        return [float(value), str(value)] + ([bool(value)] if value in (0, 1) else [])
    return []


def action_cases():
    out = []
    for i, (seat, action) in enumerate(GOOD["record"]["actions"][:12]):
        if seat is not None:
            out += [(i, None, v) for v in lookalikes(seat)]
        for j, part in enumerate(action):
            out += [(i, j, v) for v in lookalikes(part)]
    return out


ACTION_CASES = action_cases()


def test_the_action_cases_cover_ints_and_seats():
    assert len(ACTION_CASES) >= 20 and any(j is None for _, j, _ in ACTION_CASES)


@pytest.mark.parametrize("i,j,value", ACTION_CASES, ids=[f"action{i}.{j}={v!r}" for i, j, v in ACTION_CASES])
def test_an_action_equal_but_not_the_same_type_is_refused(tmp_path, i, j, value):
    data = copy.deepcopy(GOOD)
    entry = data["record"]["actions"][i]
    if j is None:
        entry[0] = value
    else:
        entry[1][j] = value
    assert_refused_everywhere(tmp_path, write(tmp_path, data))


OPTION_CASES = [("start_player", True), ("start_player", 1.0), ("start_player", "1"), ("target", 7.0),
                ("target", "7"), ("memory_aid", 0), ("memory_aid", 0.0), ("variant", ["scoring"])]


@pytest.mark.parametrize("name,value", OPTION_CASES, ids=[f"{n}={v!r}" for n, v in OPTION_CASES])
def test_an_option_equal_but_not_the_same_type_is_refused(tmp_path, name, value):
    data = copy.deepcopy(GOOD)
    data["record"]["options"][name] = value
    assert_refused_everywhere(tmp_path, write(tmp_path, data))


def test_a_new_game_refuses_lookalike_options_too():
    for name, value in OPTION_CASES:
        with pytest.raises(ValueError):
            SPEC.check_options(3, {name: value})


# -- seats ---------------------------------------------------------------------------------
SEAT_CASES = {
    "one_seat_too_few": lambda d: d["record"]["seats"].pop(),
    "one_seat_too_many": lambda d: d["record"]["seats"].append({"name": "X", "kind": HUMAN}),
    "header_seats_differ_in_number": lambda d: d["header"]["seats"].pop(),
    "unknown_bot_level": lambda d: d["record"]["seats"][1].update(kind="grandmaster"),
    "unknown_bot_level_in_header": lambda d: d["header"]["seats"][1].__setitem__(1, "grandmaster"),
    "seat_not_a_dict": lambda d: d["record"]["seats"].__setitem__(0, "Ann"),
    "name_not_a_string": lambda d: d["record"]["seats"][0].update(name=7),
    "n_players_lies": lambda d: d["record"].update(n_players=4),
    "winner_beyond_the_table": lambda d: d["header"].update(winners=[9]),
    "action_count_lies": lambda d: d["header"].update(actions=3),
    "seat_beyond_the_table_acts": lambda d: d["record"]["actions"][0].__setitem__(0, 5),
    # The lists show the header's players, Continue loads the record's: a header that lies is refused.
    "header_names_another_player": lambda d: d["header"]["seats"][0].__setitem__(0, "Mallory"),
    "header_says_a_bot_where_the_record_has_a_person": lambda d: d["header"]["seats"][0].__setitem__(1, "easy"),
    "header_says_a_person_where_the_record_has_a_bot": lambda d: d["header"]["seats"][1].__setitem__(1, HUMAN),
    "header_names_another_bot_level": lambda d: d["header"]["seats"][2].__setitem__(1, "easy"),
    "header_seats_in_another_order": lambda d: d["header"]["seats"].reverse(),
    "record_names_another_player": lambda d: d["record"]["seats"][1].update(name="Mallory"),
}


@pytest.mark.parametrize("change", list(SEAT_CASES.values()), ids=list(SEAT_CASES))
def test_wrong_seats_are_refused(tmp_path, change):
    data = copy.deepcopy(GOOD)
    change(data)
    assert_refused_everywhere(tmp_path, write(tmp_path, data))


def test_a_hostile_seat_name_is_cleaned_as_the_setup_cleans_it(tmp_path):
    data = copy.deepcopy(GOOD)
    nasty = "A\x00B\ud800\u202e\x1b[31mC" + "x" * 500
    data["record"]["seats"][0]["name"] = nasty
    data["header"]["seats"][0][0] = nasty
    path = write(tmp_path, json.dumps(data))  # ensure_ascii: the lone surrogate survives as \ud800
    book = SaveBook(tmp_path)
    (h,) = book.unfinished()
    assert h.seats[0][0] == "AB[31mC" + "x" * 9  # NUL, surrogate, RTL override, ESC gone; 16 long
    match = Match.load(GAMES, path, autosave_path=path)
    assert match.seats[0].name == h.seats[0][0]
    match.autosave()  # a name can never make saving fail
    assert Match.load(GAMES, path).seats[0].name == match.seats[0].name


def test_a_seat_name_keeps_only_what_the_shipped_fonts_can_draw(tmp_path, monkeypatch):
    """As the setup's name field refuses a character the fonts lack, a name from a file drops it:
    the app tells the model at start which characters its fonts draw (here: with the real fonts)."""
    from game.core import names
    from scenes.ui.glyphs import drawable
    monkeypatch.setattr(names, "_drawable", names._drawable)  # put back the default after the test
    names.set_drawable(drawable)
    assert not drawable("\U0001F600") and drawable("王")
    data = copy.deepcopy(GOOD)
    data["record"]["seats"][0]["name"] = data["header"]["seats"][0][0] = "王\U0001F600小明"
    path = write(tmp_path, json.dumps(data, ensure_ascii=False))
    (h,) = SaveBook(tmp_path).unfinished()
    assert h.seats[0][0] == "王小明"
    assert Match.load(GAMES, path, autosave_path=path).seats[0].name == "王小明"


def test_the_app_tells_the_model_which_characters_its_fonts_draw(monkeypatch):
    from game.core import names
    from scenes.app import App
    from scenes.ui.glyphs import drawable
    monkeypatch.setattr(names, "_drawable", names._drawable)
    App(lang="en", size=(1024, 600), first_scene=False)
    try:
        assert names._drawable is drawable
    finally:
        import pygame
        pygame.display.quit()


# -- unknown games and versions ----------------------------------------------------------------
@pytest.mark.parametrize("game", ["chess", "", "XUANWU_GATE", "../../etc/passwd", "x" * 10_000])
def test_an_unknown_game_is_refused(tmp_path, game):
    data = copy.deepcopy(GOOD)
    data["header"]["game"] = data["record"]["game"] = game
    assert_refused_everywhere(tmp_path, write(tmp_path, data))


@pytest.mark.parametrize("fmt", [1, 4, "2", 2.0, True])
def test_an_unknown_file_format_is_refused(tmp_path, fmt):
    assert_refused_everywhere(tmp_path, write(tmp_path, dict(GOOD, format=fmt)))


# -- size and special files ---------------------------------------------------------------------
def test_a_file_beyond_the_size_cap_is_refused_unread(tmp_path):
    path = write(tmp_path, b"")
    with open(path, "wb") as f:
        f.truncate(caps.max_file_bytes() + 1)  # sparse: no disk used, refused by its size
    assert_refused_everywhere(tmp_path, path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_at_the_save_path_is_refused_without_hanging(tmp_path):
    path = tmp_path / "saves" / "xuanwu_gate-20260101-000000-abcdef.json"
    path.parent.mkdir()
    os.mkfifo(path)
    assert_refused_everywhere(tmp_path, path)
    book = SaveBook(tmp_path)
    assert book.unfinished() == [] and book.problems() == [(path, "special")]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_link_to_dev_zero_is_refused_without_reading_it(tmp_path):
    path = tmp_path / "saves" / "xuanwu_gate-20260101-000000-abcdef.json"
    path.parent.mkdir()
    path.symlink_to("/dev/zero")
    assert_refused_everywhere(tmp_path, path)


def test_a_folder_named_like_a_save_is_refused(tmp_path):
    path = tmp_path / "saves" / "xuanwu_gate-20260101-000000-abcdef.json"
    path.mkdir(parents=True)
    assert_refused_everywhere(tmp_path, path)


# -- records longer than any real game ------------------------------------------------------------
def test_a_record_longer_than_any_real_game_is_refused_before_replay(tmp_path, monkeypatch):
    cap = caps.max_actions("xuanwu_gate")
    data = copy.deepcopy(GOOD)
    first = data["record"]["actions"][0]
    data["record"]["actions"] = [first] * (cap + 1)
    data["header"]["actions"] = cap + 1
    monkeypatch.setattr(type(SPEC), "new_game", lambda *a, **k: pytest.fail("replayed"))
    assert_refused_everywhere(tmp_path, write(tmp_path, data))
    with pytest.raises(SaveError) as info:
        SaveBook(tmp_path).load_record(tmp_path / "saves" / "xuanwu_gate-20260101-000000-abcdef.json")
    assert info.value.kind == "too_long"


def test_the_caps_hold_every_real_game_with_room():
    """Measured by tools/measure_save_caps.py; a real game is far below them."""
    for key in GAMES:
        assert caps.max_actions(key) >= 10 * len(played(key, moves=10_000, seed=3)["record"]["actions"])
    assert caps.max_file_bytes() >= 10 * len(json.dumps(played("wonderful_island", moves=10_000), indent=1))


# -- the menu's path ---------------------------------------------------------------------------
HOSTILE_FOR_MENU = {
    "truncated": json.dumps(GOOD)[:300],
    "lookalike_action": None,  # filled below
    "unknown_game": json.dumps(set_field(set_field(GOOD, ("header", "game"), "chess"), ("record", "game"), "chess")),
    "deep": "[" * 100_000,
    "bool_option": json.dumps(set_field(GOOD, ("record", "options", "start_player"), True)),
}
_lookalike = copy.deepcopy(GOOD)
_lookalike["record"]["actions"][0][0] = float(_lookalike["record"]["actions"][0][0])
HOSTILE_FOR_MENU["lookalike_action"] = json.dumps(_lookalike)


@pytest.fixture(scope="module")
def menu_app():
    from scenes.app import App
    from scenes.settings_store import Settings
    app = App(lang="zh_TW", size=(1280, 720), settings=Settings(lang="zh_TW"))
    app.tick()
    return app


@pytest.mark.parametrize("text", list(HOSTILE_FOR_MENU.values()), ids=list(HOSTILE_FOR_MENU))
def test_continue_refuses_a_hostile_save_in_the_players_language(tmp_path, monkeypatch, menu_app, text):
    from scenes.shell.dialog import MessageScene
    from scenes.shell.menu import MainMenuScene
    monkeypatch.setenv("SIFANG_DATA_DIR", str(tmp_path))
    write(tmp_path, text)
    menu = menu_app.manager.reset(MainMenuScene(menu_app))
    with Took() as took:
        menu.enter()
        assert menu.buttons["continue"].enabled  # so the player learns why it cannot be used
        menu.continue_game()
    assert took.within()
    top = menu_app.manager.top
    assert isinstance(top, MessageScene) and top.is_error
    assert any(menu_app.t(f"save.error.{kind}") in top.body for kind in SaveError.KINDS)  # its reason, in 中文
    assert not any(ch.isascii() and ch.isalpha() for ch in top.body)  # no English detail
    menu_app.tick()  # it draws


# -- random damage ------------------------------------------------------------------------------
FUZZ_VALUES = [None, True, False, 0, 1, -1, 2, 7, 1.0, 0.5, 10 ** 30, "", "x", "human", "easy", [], {}, [0],
               [None], ["x", 1], {"name": "a", "kind": "human"}]


def damaged(data: dict, rng: random.Random) -> dict:
    """1-3 random changes anywhere in the file: a value replaced, an entry dropped or added."""
    def paths(x, path=()):
        yield path
        children = x.items() if isinstance(x, dict) else enumerate(x) if isinstance(x, list) else ()
        for k, v in children:
            yield from paths(v, path + (k,))
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        where = rng.choice([p for p in paths(data) if p])
        parent = data
        for key in where[:-1]:
            parent = parent[key]
        roll = rng.random()
        if roll < 0.6:
            parent[where[-1]] = copy.deepcopy(rng.choice(FUZZ_VALUES))
        elif isinstance(parent, list) and roll < 0.8:
            parent.append(copy.deepcopy(rng.choice(FUZZ_VALUES)))
        else:
            parent.pop(where[-1])
    return data


@pytest.mark.parametrize("key", list(GAMES))
def test_random_damage_gives_a_save_error_or_a_game_never_a_crash(tmp_path, key):
    rng = random.Random(key)
    good = played(key, moves=60, seed=2)
    for _ in range(40):
        path = write(tmp_path, damaged(good, rng))
        for load in (SaveBook(tmp_path).load_record, lambda p: Match.load(GAMES, p)):
            with Took() as took:
                try:
                    load(path)
                except SaveError as exc:
                    assert exc.kind in SaveError.KINDS
            assert took.within()
        SaveBook(tmp_path).unfinished()


# -- one bad file costs at most itself -----------------------------------------------------------
@pytest.mark.skipif(os.name == "nt", reason="file names there are always Unicode")
def test_an_old_save_whose_name_is_not_utf8_is_migrated_and_hides_nothing(tmp_path):
    """A format-1 file (a bare record) named with bytes that are not UTF-8: migrated like any other;
    the other saves are listed all the same."""
    good = write(tmp_path, GOOD)
    bare = json.dumps(GOOD["record"] | {"seats": GOOD["record"]["seats"]}).encode()
    odd = os.path.join(os.fsencode(tmp_path / "saves"), b"autosave-\xff\xfe.json")
    with open(odd, "wb") as f:
        f.write(bare)
    book = SaveBook(tmp_path)
    listed = book.unfinished()
    assert good in [h.path for h in listed] and len(listed) == 2
    assert not book.problems()


@pytest.mark.skipif(os.name == "nt", reason="file names there are always Unicode")
def test_the_migration_of_a_save_whose_name_is_not_utf8_logs_its_name_escaped_without_a_logging_error(tmp_path):
    """The log line "migrated <old name> to <new name>" names a file whose bytes are not UTF-8: it is
    written with escapes (\\xff\\xfe), where the name itself once made logging fail on a UTF-8 log."""
    import io
    import logging
    bare = json.dumps(GOOD["record"] | {"seats": GOOD["record"]["seats"]}).encode()
    os.makedirs(tmp_path / "saves", exist_ok=True)
    with open(os.path.join(os.fsencode(tmp_path / "saves"), b"autosave-\xff\xfe.json"), "wb") as f:
        f.write(bare)
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")   # strict, as a log file once was
    handler, failures = logging.StreamHandler(out), []
    handler.handleError = failures.append
    logger = logging.getLogger("sifang")
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.INFO)
    try:
        assert len(SaveBook(tmp_path).unfinished()) == 1
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    out.flush()
    written = out.buffer.getvalue().decode("utf-8")
    assert not failures and "migrated autosave-\\xff\\xfe.json to xuanwu_gate-" in written


def test_the_log_file_takes_a_line_whose_text_is_not_utf8(tmp_path):
    """Whatever names a file (an error's text, say) reaches the log file, escaped, never refused."""
    import logging
    from game.core.logs import _RegularFileHandler
    handler, failures = _RegularFileHandler(tmp_path / "sifang.log"), []
    handler.handleError = failures.append
    record = logging.LogRecord("sifang", logging.WARNING, __file__, 1, "cannot open %s", ("a\udcffb.json",), None)
    handler.emit(record)
    handler.close()
    assert not failures and "a\\udcffb.json" in (tmp_path / "sifang.log").read_text(encoding="utf-8")


def test_a_file_the_list_cannot_read_costs_only_itself(tmp_path, monkeypatch):
    good = write(tmp_path, GOOD)
    bad = tmp_path / "saves" / "xuanwu_gate-20260101-000001-badbad.json"
    bad.write_text(json.dumps(GOOD), encoding="utf-8")
    book = SaveBook(tmp_path)
    real = book.read_header

    def flaky(path):
        if path == bad:
            raise UnicodeEncodeError("utf-8", "x", 0, 1, "surrogates not allowed")
        return real(path)
    monkeypatch.setattr(book, "read_header", flaky)
    assert [h.path for h in book.unfinished()] == [good]
    assert [p for p, _ in book.problems()] == [bad]


def test_a_finished_game_moved_to_history_never_replaces_a_file_there(tmp_path):
    from game.core.saves import archive_file
    saves, history = tmp_path / "saves", tmp_path / "history"
    saves.mkdir()
    history.mkdir()
    (history / "game.json").write_text("the older game", encoding="utf-8")
    (saves / "game.json").write_text("the newer game", encoding="utf-8")
    moved = archive_file(saves / "game.json")
    assert moved == history / "game-2.json" and moved.read_text(encoding="utf-8") == "the newer game"
    assert (history / "game.json").read_text(encoding="utf-8") == "the older game"
    assert not (saves / "game.json").exists()

"""Loading saves: a broken, truncated, foreign or hostile file gives SaveError with a message.

Never any other exception, and never code run (no pickle, no eval).
"""
from __future__ import annotations

import copy
import json
import os
import pickle
import random

import pytest

from game.core import caps
from game.core import saves as saves_module
from game.core.errors import SaveError
from game.core.match import HUMAN, Match, Seat
from game.registry import GAMES

SPEC = GAMES["xuanwu_gate"]


@pytest.fixture(scope="module")
def good() -> dict:
    """A save of a 4-player match, some way into its second round."""
    match = Match.new(SPEC, [Seat("王小明"), Seat("B", "easy"), Seat("C", "normal"), Seat("D", HUMAN)],
                      seed=17, options={"memory_aid": True})
    rng = random.Random(17)
    while match.state.view(None)["round"] < 2 or len(match.state.actions) < 14:
        seat = match.state.to_act()[0]
        match.act(seat, rng.choice(match.state.legal_actions(seat)))
    return json.loads(json.dumps(match.to_save()))


def load_text(tmp_path, text, name="save.json"):
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return Match.load(GAMES, path)


def refused(tmp_path, content) -> str:
    """Load `content` (dict -> JSON, str, bytes); it must raise SaveError; return its message."""
    text = json.dumps(content, ensure_ascii=False) if isinstance(content, (dict, list)) else content
    with pytest.raises(SaveError) as info:
        load_text(tmp_path, text)
    message = str(info.value)
    assert message.strip() and "Traceback" not in message
    return message


def edited(good, **changes):
    data = copy.deepcopy(good)
    for key, value in changes.items():
        if value is DELETE:
            data.pop(key, None)
        else:
            data[key] = value
    return data


class _Missing:
    """Marks a key to take out of a save; its repr is the same in every process, so the test ids
    built with repr are too (pytest-xdist's workers must collect the same ids)."""

    def __repr__(self) -> str:
        return "DELETE"


DELETE = _Missing()


def test_a_good_save_loads(tmp_path, good):
    match = load_text(tmp_path, json.dumps(good, ensure_ascii=False))
    assert match.to_save() == good
    assert match.seats[0].name == "王小明"


# -- broken and truncated files ---------------------------------------------------
def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(SaveError, match="cannot open"):
        Match.load(GAMES, tmp_path / "nowhere.json")


def test_a_folder_is_refused(tmp_path):
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(SaveError):
        Match.load(GAMES, tmp_path / "folder.json")


@pytest.mark.parametrize("text", ["", "   \n", "hello", "{", "{'game': 'xuanwu_gate'}", "[1, 2,", "NaN"])
def test_a_file_that_is_not_json_is_refused(tmp_path, text):
    refused(tmp_path, text)


@pytest.mark.parametrize("fraction", [0.1, 0.3, 0.5, 0.7, 0.9, 0.99])
def test_a_truncated_save_is_refused(tmp_path, good, fraction):
    text = json.dumps(good, ensure_ascii=False, indent=1)
    refused(tmp_path, text[:int(len(text) * fraction)])


def test_binary_garbage_is_refused(tmp_path):
    refused(tmp_path, bytes(random.Random(1).randrange(256) for _ in range(4096)))


def test_a_save_in_another_encoding_is_refused(tmp_path, good):
    refused(tmp_path, json.dumps(good, ensure_ascii=False).encode("utf-16"))


def test_a_huge_file_is_refused_unread(tmp_path, monkeypatch):
    monkeypatch.setattr(caps, "max_file_bytes", lambda: 1000)
    monkeypatch.setattr(saves_module, "max_file_bytes", lambda: 1000)
    assert "too large" in refused(tmp_path, "[" + "0, " * 1000 + "0]")


class _Trap:
    """If this is ever unpickled, it makes a folder: proof that code ran."""

    marker = None

    def __reduce__(self):
        return (os.mkdir, (str(self.marker),))


@pytest.mark.parametrize("protocol", [0, pickle.HIGHEST_PROTOCOL])
def test_a_pickle_file_is_refused_and_never_run(tmp_path, protocol):
    _Trap.marker = tmp_path / "code-ran"
    refused(tmp_path, pickle.dumps({"game": "xuanwu_gate", "trap": _Trap()}, protocol=protocol))
    assert not _Trap.marker.exists()


# -- foreign files -----------------------------------------------------------------
@pytest.mark.parametrize("content", [[], [1, 2], "\"a string\"", "42", "null", "true",
                                     {"hello": "world"}, {"name": "sifang", "version": "1.0.0"}])
def test_json_that_is_not_a_save_is_refused(tmp_path, content):
    refused(tmp_path, content)


@pytest.mark.parametrize("change", [
    {"format": "something-else"}, {"format": DELETE},
    {"version": 2}, {"version": "1"}, {"version": DELETE},
    {"game": "chess"}, {"game": "elfenland"}, {"game": None}, {"game": ["xuanwu_gate"]},
], ids=lambda c: "-".join(f"{k}={v if v is not DELETE else 'missing'}" for k, v in c.items()))
def test_a_save_of_another_format_version_or_game_is_refused(tmp_path, good, change):
    refused(tmp_path, edited(good, **change))


# -- hostile values -------------------------------------------------------------------
HUGE = 10 ** 40


@pytest.mark.parametrize("change", [
    {"n_players": HUGE}, {"n_players": -HUGE}, {"n_players": 0}, {"n_players": 1e400},
    {"seed": 1e400}, {"seed": float("nan")},
    {"options": {"target": HUGE}}, {"options": {"start_player": HUGE}},
    {"options": {"start_player": 3.0e300}},
], ids=repr)
def test_huge_numbers_are_refused(tmp_path, good, change):
    refused(tmp_path, json.dumps(edited(good, **change)))


def test_a_number_too_long_to_read_is_refused(tmp_path, good):
    text = json.dumps(edited(good, seed=0)).replace('"seed": 0', '"seed": ' + "9" * 5000)
    refused(tmp_path, text)


def test_deep_nesting_is_refused(tmp_path, good):
    refused(tmp_path, "[" * 100_000 + "]" * 100_000)
    nested = "[" * 900 + "]" * 900
    for key in ("game", "version", "seed", "options", "actions"):
        text = json.dumps(edited(good, **{key: "@@"})).replace('"@@"', nested)
        refused(tmp_path, text)
    text = json.dumps(edited(good, actions=[[0, "@@"]])).replace('"@@"', nested)
    refused(tmp_path, text)
    text = json.dumps(edited(good, actions=[["@@", ["look"]]])).replace('"@@"', nested)
    refused(tmp_path, text)


@pytest.mark.parametrize("change", [
    {"n_players": "4"}, {"n_players": 4.0}, {"n_players": True}, {"n_players": None}, {"n_players": DELETE},
    {"seed": "17"}, {"seed": 17.5}, {"seed": None}, {"seed": DELETE},
    {"actions": {"0": ["look"]}}, {"actions": "look"}, {"actions": None}, {"actions": DELETE},
    {"options": ["memory_aid"]}, {"options": "memory_aid"}, {"options": 7},
    {"options": {"memory_aid": "yes"}}, {"options": {"variant": None}}, {"options": {"cheat": True}},
    {"options": {"start_player": 4}},
    {"seats": None}, {"seats": DELETE}, {"seats": {"0": "a"}}, {"seats": []},
    {"seats": [{"name": "a", "kind": "human"}] * 3},
    {"seats": [{"name": 5, "kind": "human"}] * 4},
    {"seats": [{"name": "a", "kind": "god"}] * 4},
    {"seats": [{"name": "a", "kind": 1}] * 4},
    {"seats": ["a", "b", "c", "d"]},
], ids=repr)
def test_values_of_the_wrong_type_are_refused(tmp_path, good, change):
    refused(tmp_path, edited(good, **change))


@pytest.mark.parametrize("actions", [
    [["look"]], [[0]], [[0, "look"]], [[0, ["look"], 1]], ["look"], [None], [[0, {"look": 1}]],
    [["0", ["look"]]], [[0.0, ["look"]]], [[True, ["look"]]], [[[0], ["look"]]],
], ids=repr)
def test_malformed_actions_are_refused(tmp_path, good, actions):
    refused(tmp_path, edited(good, actions=actions))


def test_illegal_actions_are_refused(tmp_path, good):
    first = good["actions"][0]
    n = good["n_players"]
    cases = [
        [[first[0], ["vote", "battle"]]],                 # a vote during the look
        [[(first[0] + 1) % n, ["peek", 0]]],              # a peek before anyone looked
        [first, first],                                    # the same seat looks twice
        [[HUGE, ["look"]]], [[-1, ["look"]]],               # no such seat
        [[None, ["mark_out", HUGE]]], [[None, ["look"]]],  # the table cannot do that
        [[first[0], ["look", "again"]]], [[first[0], []]],
        good["actions"] + [[0, ["swap", HUGE]]],
    ]
    for actions in cases:
        assert "not legal" in refused(tmp_path, edited(good, actions=actions))


def test_actions_after_the_end_are_refused(tmp_path):
    match = Match.new(SPEC, [Seat("a", "easy"), Seat("b", "easy"), Seat("c", "easy")], seed=2)
    while not match.state.is_over():
        match.step_bot()
    data = match.to_save()
    data["actions"].append(data["actions"][-1])
    refused(tmp_path, data)


def test_random_damage_never_gives_anything_but_save_error(tmp_path, good):
    """Random values at random places in a good save: it loads, or SaveError says why."""
    rng = random.Random(2024)
    junk = [None, True, False, -1, 0, 7, HUGE, -HUGE, 1.5, 1e300, "", "x", "王", [], {}, [[]],
            [None], {"a": None}, [0, ["look"]], ["vote", "battle"], "xuanwu_gate", "human"]

    def places(value, path=()):
        yield path
        if isinstance(value, dict):
            for k, v in value.items():
                yield from places(v, path + (k,))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                yield from places(v, path + (i,))

    all_places = list(places(good))[1:]
    loaded = refusals = 0
    for _ in range(400):
        data = copy.deepcopy(good)
        for _ in range(rng.choice([1, 1, 2, 3])):
            path = rng.choice(all_places)
            try:
                parent = data
                for key in path[:-1]:
                    parent = parent[key]
                parent[path[-1]] = copy.deepcopy(rng.choice(junk))
            except (KeyError, IndexError, TypeError):
                continue  # an earlier damage removed that place
        text = json.dumps(data, ensure_ascii=False)
        try:
            load_text(tmp_path, text)
            loaded += 1
        except SaveError as exc:
            assert str(exc).strip()
            refusals += 1
    assert refusals > 100


def test_replay_refuses_what_is_not_a_record():
    for record in [None, [], "x", 3, {"format": "sifang-table-record"}]:
        with pytest.raises(SaveError):
            SPEC.replay(record)


def test_a_save_error_names_a_reason_the_player_can_read_in_both_languages(tmp_path):
    """The menu shows `save.error.<kind>` translated; every kind has its text."""
    from game.core.i18n import Translator
    from game.core.errors import SaveError
    from game.core.match import Match
    from game.registry import GAMES
    path = tmp_path / "autosave.json"
    path.write_text('{"format": "something else"}', encoding="utf-8")
    with pytest.raises(SaveError) as info:
        Match.load(GAMES, path)
    assert info.value.kind == "foreign"
    for lang in ("zh_TW", "en"):
        t = Translator(lang)
        for kind in SaveError.KINDS:
            assert t(f"save.error.{kind}") != f"save.error.{kind}"


# -- the table's clocks, beside the record ------------------------------------------------------------
def test_the_clocks_are_saved_beside_the_record_and_come_back(tmp_path, good):
    path = tmp_path / "saves" / "game.json"
    match = Match.from_save(GAMES, good, autosave_path=path)
    match.clocks = {"discussion": 93.5}
    match.autosave()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["clocks"] == {"discussion": 93.5} and "clocks" not in data["record"]
    loaded = Match.load(GAMES, path)
    assert loaded.clocks == {"discussion": 93.5}
    assert loaded.state.record() == match.state.record()   # the record replays the same
    match.clocks = {}
    match.autosave()
    assert "clocks" not in json.loads(path.read_text(encoding="utf-8"))
    assert Match.load(GAMES, path).clocks == {}


def test_an_action_or_an_undo_starts_another_position_without_clocks(tmp_path):
    match = Match.new(SPEC, [Seat("A"), Seat("B"), Seat("C")], seed=3, autosave_path=tmp_path / "g.json")
    match.clocks = {"discussion": 12.0}
    seat = match.state.to_act()[0]
    match.act(seat, match.state.legal_actions(seat)[0])
    assert match.clocks == {} and Match.load(GAMES, tmp_path / "g.json").clocks == {}
    match.clocks = {"discussion": 12.0}
    assert match.can_undo(seat)
    match.undo(seat)
    assert match.clocks == {} and Match.load(GAMES, tmp_path / "g.json").clocks == {}


@pytest.mark.parametrize("clocks", [
    "3:00", [93], None, {"discussion": "93"}, {"discussion": True}, {"discussion": -1}, {"discussion": 1e400},
    {"discussion": 10 ** 400}, {"discussion": 86401}, {"Discussion!": 5}, {"x" * 41: 5}, {"discussion": [1]},
    {f"c{i}": 1 for i in range(1000)},
])
def test_hostile_or_broken_clocks_are_left_out_and_never_stop_a_load(tmp_path, good, clocks):
    path = tmp_path / "save.json"
    match = Match.from_save(GAMES, good)
    data = match.to_file()
    data["clocks"] = clocks
    path.write_text(json.dumps(data).replace("Infinity", "1e400"), encoding="utf-8")
    loaded = Match.load(GAMES, path)
    assert loaded.state.record() == match.state.record()
    assert all(isinstance(v, float) and 0 <= v <= 86400 for v in loaded.clocks.values())
    assert len(loaded.clocks) <= 8 and "discussion" not in loaded.clocks

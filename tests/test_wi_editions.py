"""Records made before a rule was corrected still replay exactly (GameSpec.legacy_options).

The Wonderful Island's edition 2 corrected rules that change play: face-down players draw nothing,
players in hospital are asked to debate, every target that could answer is asked about 沙盤推演, a
halved bill is halved once, the card effects for other players are paid before a jail at
settlement, and the 7- and 8-player tables were rebalanced. A record made before (without the
"edition" option) replays by edition 1; tests/data/wi_edition1_records.json holds records played
with the engine as it was then (random legal moves, each chosen for a rule it exercises), and the
state each reached.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.errors import SaveError
from game.core.match import Match
from game.core.spec import GameSpec
from game.registry import GAMES

from test_wi_rules import FILLER, end_turns, hand, joined_debate, pass_until, table, types

SPEC = GAMES["wonderful_island"]
OLD = json.loads((Path(__file__).parent / "data" / "wi_edition1_records.json").read_text(encoding="utf-8"))


def fingerprint(st) -> dict:
    return {"winners": st.winners(), "votes": st.votes, "iron": st.iron, "summons": st.summons,
            "jailed": st.jailed, "hands": st.hands, "phase": st.phase, "round": st.round, "cand": st.cand,
            "threshold": st.threshold, "pool": st.pool, "actions": len(st.actions)}


# -- the generic mechanism ------------------------------------------------------------------------
def toy() -> GameSpec:
    return GameSpec(key="toy", names={"en": "Toy", "zh_TW": "玩具"}, min_players=2, max_players=4,
                    options={"speed": ["slow", "fast"]}, legacy_options={"rule": ["new", "mid", "old"]})


def test_a_legacy_option_is_not_a_players_option():
    spec = toy()
    assert "rule" not in spec.options and spec.default_options() == {"speed": "slow"}
    assert "edition" not in SPEC.options and SPEC.legacy_options == {"edition": [3, 2, 1]}


def test_new_games_take_the_first_value_whatever_they_are_given():
    # "Play again" from an old record passes its options: the new game plays by today's rules.
    spec = toy()
    assert spec.check_options(2, {}) == {"speed": "slow", "rule": "new"}
    assert spec.check_options(2, {"rule": "old"}) == {"speed": "slow", "rule": "new"}
    with pytest.raises(ValueError):
        spec.check_options(2, {"rule": "ancient"})


def test_a_record_without_the_option_stands_for_its_old_value():
    spec = toy()
    assert spec.legacy_values({}) == {"rule": "old"}
    assert spec.legacy_values({"rule": "mid"}) == {"rule": "mid"}


def test_new_records_write_todays_edition():
    st = SPEC.new_game(5, 3, {"edition": 1})
    assert st.edition == 3 and st.record()["options"]["edition"] == 3
    assert SPEC.replay(st.record()).edition == 3


# -- old records -------------------------------------------------------------------------------------
@pytest.mark.parametrize("old", OLD, ids=[o["why"] for o in OLD])
def test_a_record_made_before_edition_2_replays_exactly(old):
    record = old["record"]
    assert "edition" not in record["options"]
    st = SPEC.replay(record)
    assert st.edition == 1 and st.is_over() and fingerprint(st) == old["end"]


@pytest.mark.parametrize("old", OLD, ids=[o["why"] for o in OLD])
def test_a_save_made_before_edition_2_loads_as_a_match(old):
    data = dict(old["record"], seats=[{"name": f"P{i + 1}", "kind": "easy"} for i in range(old["record"]["n_players"])])
    match = Match.from_save(GAMES, data)
    assert fingerprint(match.state) == old["end"] and match.to_save()["options"].get("edition", 1) == 1


def test_the_old_records_need_the_old_rules():
    # Each was chosen for a corrected rule it exercises: by today's rules they go elsewhere.
    for old in OLD:
        try:
            st = SPEC.replay(dict(old["record"], options=dict(old["record"]["options"], edition=2)))
        except SaveError:
            continue
        assert fingerprint(st) != old["end"], old["why"]


# -- edition 1's rules, as old records replay them -------------------------------------------------------
def test_edition_1_face_down_players_drew():
    st = table(edition=1)
    st.hosp[1] = 0
    st.meetings[0] = ["probe_bgp"]
    st.apply(0, ("venue", "rally"))
    pass_until(st, 0)
    st.apply(0, ("meeting", "probe_bgp", 1))
    assert st.hands[1] == [FILLER]


def test_edition_1_skipped_players_in_hospital_when_asking_to_debate():
    st = table(edition=1)
    st.hosp[1] = 0
    joined_debate(st, True)
    assert st.proc["asked"] == [2]


def test_edition_1_asked_only_holders_of_sand_table_and_hid_it():
    st = table(edition=1)
    hand(st, 1, "discipline", "discipline")
    hand(st, 2, "sand_table")
    st.apply(0, ("venue", "rally"))
    st.apply(1, ("play", "discipline", 0))  # seat 0 holds none: not asked
    assert st.phase == "play" and st.votes[0] == 2
    st.apply(1, ("play", "discipline", 2))
    assert (st.phase, st.actor) == ("respond", 2)
    assert (st.view(0)["phase"], st.view(0)["actor"], st.view(0)["to_act"]) == ("play", 1, [])
    events = st.apply(2, ("accept",))
    assert [e["seats"] for e in events if e["type"] == "accepted"] == [[2]]


def test_edition_1_halved_the_candidates_share_of_a_halved_bill_again():
    st = table(chars="broker_elder", edition=1)
    hand(st, 1, "rigging")
    st.apply(0, ("venue", "legislature"))
    pass_until(st, 1)
    st.apply(1, ("play", "rigging"))
    end_turns(st)
    while st.phase in ("offer", "answer"):
        st.apply(st.actor, ("offer", 0, 0, "none") if st.phase == "offer" else ("answer", "maybe"))
    for s in list(st.to_act()):
        st.apply(s, ("vote", "yes"))
    events = st.apply(0, ("allot", 0))
    assert st.votes[0] == 3 and "settled" in types(events)


def test_edition_1_played_the_table_rows_it_was_balanced_with():
    from game.wonderful_island import data
    old = data.load()["tables_edition_1"]
    for n, row in old.items():
        assert row != data.load()["tables"][n], f"{n} players: an unchanged row needs no edition 1 copy"
        then = SPEC.new_game(int(n), 1, {}, legacy={"edition": 1})
        assert (then.threshold, then.table["mark"]) == (row["threshold"], row["mark"])
        now = SPEC.new_game(int(n), 1, {})
        assert (now.threshold, now.table["mark"]) == (data.load()["tables"][n]["threshold"],
                                                      data.load()["tables"][n]["mark"])

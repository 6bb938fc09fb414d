"""Who The Wonderful Island asks for a decision depends on public facts only (a hand's size, never
what is in it), so that being asked (the wait, the hand-off screen) tells the table nothing of a
hand. Edition 3 made the TV debate's reply and the lost card so; records of edition 2 replay as
they were played (tests/data/wi_edition2_records.json: random legal games by the edition 2 engine,
each chosen for a rule edition 3 changed, with the state each reached)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.errors import SaveError
from game.registry import GAMES

from test_wi_editions import fingerprint
from test_wi_rules import FILLER, Dice, end_turns, hand, joined_debate, table

SPEC = GAMES["wonderful_island"]
OLD = json.loads((Path(__file__).parent / "data" / "wi_edition2_records.json").read_text(encoding="utf-8"))


def debate_issued(issue, die_cand, die_debater, debater_hand, edition=None):
    """Seat 1 debates, seat 0 issues `issue` (dice scripted); seat 1 ends its turn with `debater_hand`."""
    st = table(edition=edition)
    st.rng = Dice(die_cand, die_debater)
    joined_debate(st, True, False)
    end_turns(st)
    hand(st, 1, *debater_hand)
    hand(st, 0, *issue)
    events = st.apply(0, ("issue",) + tuple(issue))
    return st, events


def test_a_debater_holding_no_reply_is_asked_all_the_same_and_can_only_concede():
    st, _ = debate_issued(["smear"], 4, 2, ["stage", "leak"])  # lower roll: the exact card, not held
    assert (st.phase, st.actor) == ("reply", 1)
    assert st.legal_actions(1) == [("concede",)]


def test_asking_for_a_reply_reads_only_the_hands_size():
    # Two debaters' hands of one size, one holding the reply: both are asked alike.
    holding, _ = debate_issued(["smear"], 4, 2, ["smear", FILLER])
    lacking, _ = debate_issued(["smear"], 4, 2, ["stage", FILLER])
    assert (holding.phase, holding.actor) == (lacking.phase, lacking.actor) == ("reply", 1)
    assert holding.view(2)["phase"] == lacking.view(2)["phase"] and holding.view(2)["actor"] == lacking.view(2)["actor"]


def test_a_debater_whose_hand_is_too_small_for_any_reply_is_not_asked():
    # An equal roll of 5 against one card asks for 3 cards: two cards (a public count) cannot reply.
    st, events = debate_issued(["stage"], 5, 5, ["smear", "leak"])
    result = next(e for e in events if e["type"] == "debate_result")
    assert result["seat"] == 1 and not result["won"] and st.phase == "lose"


def test_a_loser_with_two_cards_alike_picks_the_card_to_lose():
    # Asking only a hand of two kinds would tell the table this hand is all one kind.
    st, _ = debate_issued(["smear"], 4, 2, ["stage", "stage"])
    st.apply(1, ("concede",))
    assert (st.phase, st.actor) == ("lose", 1) and st.legal_actions(1) == [("lose", "stage")]
    st.apply(1, ("lose", "stage"))
    assert st.hands[1] == ["stage"]


def test_a_loser_with_one_card_loses_it_without_being_asked():
    st, events = debate_issued(["smear"], 4, 2, ["stage"])
    st.apply(1, ("concede",))
    assert st.hands[1] == [] and st.phase != "lose"


def test_edition_2_asked_only_debaters_holding_a_reply():
    st, events = debate_issued(["smear"], 4, 2, ["stage", "stage"], edition=2)
    result = next(e for e in events if e["type"] == "debate_result")
    assert result["seat"] == 1 and not result["won"]
    assert st.phase != "lose" and st.hands[1] == ["stage"]  # one kind: lost without asking


def test_new_games_play_edition_3():
    st = SPEC.new_game(5, 3, {})
    assert st.edition == 3 and st.record()["options"]["edition"] == 3
    assert SPEC.legacy_options == {"edition": [3, 2, 1]}


@pytest.mark.parametrize("old", OLD, ids=[o["why"] for o in OLD])
def test_a_record_made_by_edition_2_replays_exactly(old):
    st = SPEC.replay(old["record"])
    assert st.edition == 2 and st.is_over() and fingerprint(st) == old["end"]


@pytest.mark.parametrize("old", OLD, ids=[o["why"] for o in OLD])
def test_the_edition_2_records_need_edition_2s_rules(old):
    try:
        st = SPEC.replay(dict(old["record"], options=dict(old["record"]["options"], edition=3)))
    except SaveError:
        return  # the record's next move is not legal by today's rules: it went elsewhere
    assert fingerprint(st) != old["end"]

"""The designed card table (assets/data/xuanwu_gate.json) against the rules."""
from __future__ import annotations

import itertools
import json

import pytest

from game.core.paths import resource_path
from game.registry import GAMES
from game.xuanwu_gate import data as cards

SPEC = GAMES["xuanwu_gate"]
COUNTS = range(SPEC.min_players, SPEC.max_players + 1)
SYMBOLS = {"leaf", "swallow", "spiral"}
# 遊戲結束 (1)-(4), written out from the rules text.
RULES = {
    ("leaf", "leaf"): {"leaf"},
    ("leaf", "swallow"): {"swallow"},
    ("leaf", "spiral"): {"spiral"},
    ("spiral", "swallow"): {"swallow", "spiral"},
}


@pytest.fixture(scope="module")
def table() -> dict:
    with open(resource_path("assets", "data", "xuanwu_gate.json"), encoding="utf-8") as f:
        return json.load(f)


def centre_pairs(table, n):
    deck = table["cards_by_players"][str(n)]
    by_id = {c["id"]: c for c in table["characters"]}
    for pair in itertools.combinations(deck, 2):
        seats = [c for c in deck if c not in pair]
        yield [by_id[c] for c in pair], [by_id[c] for c in seats]


def test_there_are_nine_characters(table):
    assert len(table["characters"]) == 9
    assert len({c["id"] for c in table["characters"]}) == 9


def test_the_three_symbols_are_leaf_swallow_and_spiral(table):
    assert set(table["symbols"]) == SYMBOLS
    assert {s["zh_TW"] for s in table["symbols"].values()} == {"葉子", "燕子", "螺旋"}


def test_each_character_has_one_win_symbol(table):
    for c in table["characters"]:
        assert isinstance(c["win"], str) and c["win"] in SYMBOLS, c["id"]


def test_each_character_has_one_or_two_reward_symbols(table):
    for c in table["characters"]:
        assert 1 <= len(c["rewards"]) <= 2, c["id"]
        assert set(c["rewards"]) <= SYMBOLS, c["id"]


def test_each_character_has_a_name_and_title_in_both_languages(table):
    for c in table["characters"]:
        for field in ("name", "title"):
            assert c[field]["zh_TW"].strip() and c[field]["en"].strip(), (c["id"], field)


@pytest.mark.parametrize("n", COUNTS)
def test_each_player_count_uses_players_plus_two_distinct_characters(table, n):
    deck = table["cards_by_players"][str(n)]
    assert len(deck) == n + 2 and len(set(deck)) == n + 2
    assert set(deck) <= {c["id"] for c in table["characters"]}


def test_the_card_lists_cover_exactly_the_player_counts_of_the_game(table):
    assert set(table["cards_by_players"]) == {str(n) for n in COUNTS}


def test_the_outcome_table_is_the_four_rules_of_the_game_end(table):
    assert {tuple(sorted(o["centre"])): set(o["winning"]) for o in table["outcomes"]} == RULES
    assert len(table["outcomes"]) == 4


@pytest.mark.parametrize("n", COUNTS)
def test_every_pair_of_centre_cards_maps_to_one_of_the_four_outcome_rules(table, n):
    for centre, _ in centre_pairs(table, n):
        pair = tuple(sorted(c["win"] for c in centre))
        assert pair in RULES, (n, [c["id"] for c in centre])
        assert set(cards.winning_symbols([c["id"] for c in centre])) == RULES[pair]


@pytest.mark.parametrize("n", COUNTS)
def test_every_pair_of_centre_cards_leaves_a_winner_among_the_seat_cards(table, n):
    for centre, seats in centre_pairs(table, n):
        winning = RULES[tuple(sorted(c["win"] for c in centre))]
        assert any(set(c["rewards"]) & winning for c in seats), (n, [c["id"] for c in centre])


def test_points_count_the_reward_symbols_matching_either_centre_win_symbol():
    """計分制: a winner (a reward symbol that wins) scores every reward symbol matching a centre
    card's win symbol (例2: Leaf and Swallow at the gate, one Leaf and one Swallow reward: 2)."""
    by_id = cards.load()["by_id"]
    for c in cards.load()["characters"]:
        for pair in itertools.combinations(by_id, 2):
            centre = {by_id[x]["win"] for x in pair}
            wins = bool(set(c["rewards"]) & RULES[tuple(sorted(by_id[x]["win"] for x in pair))])
            expected = sum(1 for r in c["rewards"] if r in centre) if wins else 0
            assert cards.points(c["id"], list(pair)) == expected
    assert cards.points("zhangsun_wuji", ["li_jiancheng", "li_yuan"]) == 2   # the rules' example 2
    assert cards.points("li_yuan", ["wei_zheng", "chang_he"]) == 2           # the rules' example 1


def test_battle_votes_needed_is_more_than_half_of_the_voters(table):
    needed = table["battle_votes_needed"]
    assert set(needed) == {str(v) for v in range(1, SPEC.max_players + 1)}
    for voters in range(1, SPEC.max_players + 1):
        k = needed[str(voters)]
        assert k > voters / 2 and k - 1 <= voters / 2, voters
        assert cards.votes_needed(voters) == k


def test_the_scoring_targets_are_the_target_option(table):
    assert table["scoring_targets"] == SPEC.options["target"]
    assert 7 in table["scoring_targets"]  # the rules' example target

"""Xuanwu's hard level: the shared search over sampled worlds, legal, the same move for the same
seed, deciding from the view and the legal actions only, stopping when cancelled; and the players
of its playouts acting only on the cards they have seen."""
from __future__ import annotations

import json
import random
import threading

from game.core.actions import to_action
from game.registry import GAMES
from game.xuanwu_gate.bots import LAST_ROUND, NormalBot
from game.xuanwu_gate.hard import HardBot
from game.xuanwu_gate.playout import knowing_policy, seen_cards

SPEC = GAMES["xuanwu_gate"]


class QuickHard(HardBot):
    iterations = 24   # the search as it is, on a small budget, so the tests stay quick


def advance(state, bots, until):
    """Bots play until `until(state)` holds."""
    while not until(state):
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return state


def normals(n, seed):
    return {s: NormalBot(s, seed) for s in range(n)}


def test_hard_is_offered():
    assert list(SPEC.bots) == ["easy", "normal", "hard"]
    assert isinstance(SPEC.bots["hard"](0, 1), HardBot)


def test_hard_plays_whole_games_legally_from_json_views_among_normal_bots():
    for n, options in ((3, {}), (4, {"variant": "scoring", "target": 5}), (6, {"memory_aid": True})):
        state = SPEC.new_game(n, 41, options)
        bots = normals(n, 41)
        bots[1] = QuickHard(1, 41)
        while not state.is_over():
            seat = state.to_act()[0]
            # What the bot gets could have come from a file: it must not need more.
            view = json.loads(json.dumps(state.view(seat)))
            legal = [to_action(a) for a in json.loads(json.dumps(state.legal_actions(seat)))]
            action = bots[seat].choose(view, legal)
            assert action in state.legal_actions(seat), (seat, action)
            state.apply(seat, action)
        assert state.winners() or state.last_battle


def test_hard_gives_the_same_move_for_the_same_seed():
    state = advance(SPEC.new_game(5, 42, {}), normals(5, 42), lambda s: s.phase == "layout" and s.peeked is not None)
    seat = state.to_act()[0]
    bots = [QuickHard(seat, 42) for _ in range(3)]
    picks = set()
    for bot in bots:  # each brought up to date with the same views first
        bot.normal.memory.observe(state.view(seat))
        picks.add(bot.choose(state.view(seat), state.legal_actions(seat)))
    assert len(picks) == 1


def test_hard_decides_from_the_view_only():
    # Two tables alike in all seat 0 sees, different in the cards it has not seen: the same move.
    state = advance(SPEC.new_game(5, 43, {"start_player": 0}), normals(5, 43),
                    lambda s: s.phase == "layout" and s.to_act() == [0])
    state.apply(0, ("peek", 0))
    other = state.clone()
    hidden = [1, 2, 3]
    for a, b in zip(hidden, hidden[1:] + hidden[:1]):
        other.cards[a] = state.cards[b]
    assert other.view(0) == state.view(0) and other.cards != state.cards
    moves = [QuickHard(0, 43).choose(s.view(0), s.legal_actions(0)) for s in (state, other)]
    assert moves[0] == moves[1]


def test_hard_searches_the_swap_and_the_vote_within_its_budget():
    state = advance(SPEC.new_game(3, 44, {}), normals(3, 44), lambda s: s.phase == "layout" and s.peeked is not None)
    seat = state.to_act()[0]
    bot = QuickHard(seat, 44)
    assert bot.choose(state.view(seat), state.legal_actions(seat)) in state.legal_actions(seat)
    assert 0 < bot.last_stats["iterations"] <= QuickHard.iterations
    state = advance(state, normals(3, 44), lambda s: s.phase == "vote")
    seat = state.to_act()[0]
    bot = QuickHard(seat, 44)
    assert bot.choose(state.view(seat), state.legal_actions(seat)) in state.legal_actions(seat)
    assert set(bot.last_stats["arms"]) == {("vote", "battle"), ("vote", "wait")}


def test_hard_peeks_as_normal_does():
    """A peek changes nothing on the table: no search, the normal choice."""
    state = advance(SPEC.new_game(4, 45, {}), normals(4, 45), lambda s: s.phase == "layout")
    seat = state.to_act()[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    assert QuickHard(seat, 45).choose(view, legal) == NormalBot(seat, 45).choose(view, legal)


def test_a_set_cancel_stops_the_search_with_a_legal_move():
    state = advance(SPEC.new_game(3, 46, {}), normals(3, 46), lambda s: s.phase == "layout" and s.peeked is not None)
    seat = state.to_act()[0]
    bot = HardBot(seat, 46)
    bot.cancel = threading.Event()
    bot.cancel.set()
    assert bot.choose(state.view(seat), state.legal_actions(seat)) in state.legal_actions(seat)
    assert bot.last_stats["iterations"] == 0


# -- the players of a playout ------------------------------------------------------------


def test_a_playout_player_has_seen_its_own_card_and_the_centre_cards_it_peeked():
    state = advance(SPEC.new_game(3, 47, {"start_player": 0}), normals(3, 47), lambda s: s.phase == "layout")
    dealt = list(state.cards)
    assert seen_cards(state, 0) == {dealt[0]}
    state.apply(0, ("peek", 1))
    peeked = state.centre[1]
    assert seen_cards(state, 0) == {dealt[0], peeked}
    state.apply(0, ("swap", 1))   # it follows the cards it saw through the swap
    assert seen_cards(state, 0) == {dealt[0], peeked}
    assert seen_cards(state, 1) == {dealt[1]}, "a card swapped into its place is not seen"


def test_a_playout_player_acts_alike_whatever_the_cards_it_has_not_seen():
    state = advance(SPEC.new_game(5, 48, {"start_player": 0}), normals(5, 48), lambda s: s.phase == "layout")
    state.apply(0, ("peek", 0))
    other = state.clone()
    other.cards[1], other.cards[2], other.centre[1] = state.cards[2], state.centre[1], state.cards[1]
    legal = state.legal_actions(0)
    assert knowing_policy(state, 0, legal, random.Random(1)) == knowing_policy(other, 0, legal, random.Random(1))


def vote_table(own: str, centre: list[str], seen_centre: bool):
    """A 3-player vote in round 2, seat 0 holding `own`; it peeked both centre cards and kept
    them if `seen_centre`, else the others made those (keeping) turns."""
    state = SPEC.new_game(3, 50, {"start_player": 0})
    rest = [c for c in state.deck if c != own and c not in centre]
    state.cards, state.centre = [own] + rest[:2], list(centre)
    peeker = 0 if seen_centre else 1
    state.swaps = [{"deal": 1, "round": r, "seat": peeker, "slot": r - 1, "target": None} for r in (1, 2)]
    state.phase, state.round, state.votes = "vote", 2, {}
    return state


def test_a_playout_player_votes_battle_when_it_knows_it_wins():
    state = vote_table("wei_zheng", ["li_yuan", "zhangsun_wuji"], seen_centre=True)  # leaf wins: its leaf
    assert knowing_policy(state, 0, state.legal_actions(0), random.Random(0)) == ("vote", "battle")


def test_a_playout_player_waits_when_it_knows_it_loses():
    state = vote_table("li_shimin", ["li_yuan", "zhangsun_wuji"], seen_centre=True)  # leaf wins: it has none
    assert knowing_policy(state, 0, state.legal_actions(0), random.Random(0)) == ("vote", "wait")


def test_a_playout_player_waits_on_a_win_it_cannot_see():
    state = vote_table("wei_zheng", ["li_yuan", "zhangsun_wuji"], seen_centre=False)
    assert knowing_policy(state, 0, state.legal_actions(0), random.Random(0)) == ("vote", "wait")


def test_a_playout_player_votes_battle_from_the_last_round_on_whatever_it_holds():
    state = vote_table("li_shimin", ["li_yuan", "zhangsun_wuji"], seen_centre=True)
    state.round = LAST_ROUND
    assert knowing_policy(state, 0, state.legal_actions(0), random.Random(0)) == ("vote", "battle")

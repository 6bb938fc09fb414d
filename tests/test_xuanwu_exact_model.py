"""tools/research/xuanwu_exact_model.py: hard's search handed the exact model of the easy level (random
players), a measurement of how far a bot that does not see the cards can go against easy."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from game.registry import GAMES
from game.xuanwu_gate.bots import NormalBot
from game.xuanwu_gate.playout import knowing_policy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools" / "research"))
import xuanwu_exact_model as tool

SPEC = GAMES["xuanwu_gate"]


def _after_a_round_of_acts(n: int = 5, seed: int = 7):
    """A table of random players after one layout round and a vote that waited, at the next layout."""
    state = SPEC.new_game(n, seed, {"variant": "basic"})
    rng = random.Random(seed)
    voted = False
    while not (voted and state.phase == "layout"):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = ("vote", "wait") if state.phase == "vote" else legal[rng.randrange(len(legal))]
        voted |= state.phase == "vote"
        state.apply(seat, action)
    return state


def test_random_players_acts_tell_nothing_so_every_placement_weighs_the_same():
    state = _after_a_round_of_acts()
    seat = state.to_act()[0]
    bot = tool.ExactModel(seat, 1)
    view = state.view(seat)
    bot.normal.memory.observe(view)
    bot.weigh(view)
    weights = {round(p, 12) for _w, p in bot._weighed}
    assert len(bot._weighed) > 1 and len(weights) == 1
    # normal itself reads the same acts as telling something: its weights differ
    plain = NormalBot(seat, 1)
    plain.memory.observe(view)
    assert len({round(p, 12) for _w, p in plain._worlds(view)}) > 1


def test_the_others_play_the_playouts_at_random_and_the_bot_itself_on_what_it_saw():
    state = _after_a_round_of_acts()
    seat = state.to_act()[0]
    state.apply(seat, ("peek", 0))
    bot = tool.ExactModel(seat, 1)
    legal = state.legal_actions(seat)
    rng = random.Random(3)
    assert all(bot.rollout_policy(state, seat, legal, random.Random(k)) == knowing_policy(state, seat, legal, random.Random(k))
               for k in range(5))
    other = (seat + 1) % state.n_players
    picks = {bot.rollout_policy(state, other, legal, rng) for _ in range(200)}
    assert picks == set(legal)


def test_votes_already_cast_are_drawn_at_even_odds_whatever_the_cards():
    state = _after_a_round_of_acts()
    while state.phase != "vote":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    first, seat = state.to_act()[0], state.to_act()[-1]
    state.apply(first, ("vote", "battle"))
    bot = tool.ExactModel(seat, 1)
    view = state.view(seat)
    bot.normal.memory.observe(view)
    bot.weigh(view)
    drawn = [bot.sample_world(view, seat, random.Random(k)).votes[first] for k in range(400)]
    assert 0.4 < drawn.count("battle") / len(drawn) < 0.6


def test_it_plays_a_ladder_against_easy(capsys):
    assert tool.main(["--players", "3", "--games", "3", "--iterations", "8", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "exact-model in one seat (rotated), easy elsewhere" in out and "x fair" in out


def test_a_wrong_budget_is_refused_with_a_message(capsys):
    with pytest.raises(SystemExit):
        tool.main(["--players", "5", "--iterations", "0"])
    assert "--iterations must be at least 1" in capsys.readouterr().err


def test_the_measured_bot_is_not_left_among_the_games_levels():
    tool.main(["--players", "3", "--games", "1", "--iterations", "4", "--workers", "1"])
    assert list(SPEC.bots) == ["easy", "normal", "hard"]

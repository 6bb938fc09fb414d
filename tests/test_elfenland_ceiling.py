"""tools/elfenland_ceiling.py: the all-seeing form of Elfenland's hard bot, a measurement of the
ceiling (it reads the true state, which no bot at the table may)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

from game.core.match import Match, Seat
from game.registry import GAMES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import ceiling  # noqa: E402
import elfenland_ceiling  # noqa: E402

SPEC = GAMES["elfenland"]


def _first_plan(n: int, seed: int) -> Match:
    match = Match.new(SPEC, [Seat(f"b{i}", "normal") for i in range(n)], seed=seed)
    while match.state.phase != "plan":
        match.step_bot()
    return match


def test_the_all_seeing_bot_searches_the_true_state_not_a_dealt_world():
    match = _first_plan(2, seed=3)
    seat = match.bot_to_move()
    bot = elfenland_ceiling.SeeingHard(seat, 1)
    bot.truth = match.state
    world = bot.sample_world(match.state.view(seat), seat, random.Random(0))
    assert world.hands == match.state.hands and world.secret == match.state.secret
    assert world.pile == match.state.pile and world.deck == match.state.deck
    world.hands[1 - seat].clear()  # a copy: the search's moves never touch the real game
    assert match.state.hands[1 - seat]


def test_the_ladder_hands_the_true_state_only_to_the_all_seeing_seat():
    match = _first_plan(2, seed=3)
    seat = match.bot_to_move()
    match.bots[seat] = elfenland_ceiling.SeeingHard(seat, 1)
    ceiling.step_bot(match)
    assert match.bots[seat].truth is match.state
    assert all(not hasattr(b, "truth") for s, b in match.bots.items() if s != seat)

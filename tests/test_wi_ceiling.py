"""tools/research/wi_ceiling.py: the all-seeing form of The Wonderful Island's hard bot, a measurement of
the ceiling (it reads the true state, which no bot at the table may)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

from game.core.match import Match, Seat
from game.registry import GAMES
from game.wonderful_island.sampler import searchable

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools" / "research"))
import ceiling
import wi_ceiling

SPEC = GAMES["wonderful_island"]


def _first_searchable(n: int, seed: int) -> Match:
    match = Match.new(SPEC, [Seat(f"b{i}", "normal") for i in range(n)], seed=seed)
    while not searchable(match.state.view(match.bot_to_move())):
        match.step_bot()
    return match


def test_the_all_seeing_bot_searches_the_true_state_not_a_dealt_world():
    match = _first_searchable(5, seed=3)
    seat = match.bot_to_move()
    bot = wi_ceiling.AllSeeingBot(seat, 1)
    bot.truth = match.state
    world = bot.sample_world(match.state.view(seat), seat, random.Random(0))
    assert world.factions == match.state.factions
    assert world.hands == match.state.hands
    world.hands[seat].clear()  # a copy: the search's moves never touch the real game
    assert match.state.hands[seat]


def test_the_ladder_hands_the_true_state_only_to_the_all_seeing_seat():
    match = _first_searchable(5, seed=3)
    seat = match.bot_to_move()
    match.bots[seat] = wi_ceiling.AllSeeingBot(seat, 1)
    ceiling.step_bot(match)
    assert match.bots[seat].truth is match.state
    assert all(not hasattr(b, "truth") for s, b in match.bots.items() if s != seat)


def test_the_all_seeing_bot_rolls_its_own_dice_unless_told_to_foresee_them():
    match = _first_searchable(5, seed=3)
    seat = match.bot_to_move()
    coming = match.state.clone().rng.random()
    for cls, foresees in ((wi_ceiling.AllSeeingBot, False), (wi_ceiling.DiceSeeingBot, True)):
        bot = cls(seat, 1)
        bot.truth = match.state
        world = bot.sample_world(match.state.view(seat), seat, random.Random(0))
        assert (world.rng.random() == coming) == foresees


def test_the_factions_seeing_bot_deals_the_cards_but_knows_every_camp():
    match = _first_searchable(5, seed=3)
    seat = match.bot_to_move()
    bot = wi_ceiling.FactionsSeeingBot(seat, 1)
    bot.truth = match.state
    worlds = [bot.sample_world(match.state.view(seat), seat, random.Random(k)) for k in range(4)]
    assert all(w.factions == match.state.factions for w in worlds)
    assert all(w.hands[seat] == match.state.hands[seat] for w in worlds)
    assert len({repr(w.hands) for w in worlds}) > 1, "the others' hands are dealt, not read"

"""The Wonderful Island's normal bot weighs every venue by what it brings it at that moment
(game/wonderful_island/venue_worth.py), so the legislature and the TV debate are opened when they
are worth more than the rally's sure 3 votes, and hard searches the venues in that order."""
from __future__ import annotations

import pytest

from game.core.match import Match, Seat
from game.registry import GAMES
from game.wonderful_island.beliefs import Beliefs
from game.wonderful_island.bots import Ctx, NormalBot
from game.wonderful_island.hard import HardBot
from game.wonderful_island.venue_worth import reply_chance, street_spread, venue_worth

SPEC = GAMES["wonderful_island"]


def at_venue(n: int, seed: int):
    """A game of normal bots at its first venue decision, with plain characters (no venue skills)."""
    match = Match.new(SPEC, [Seat(f"b{i}", "normal") for i in range(n)], seed=seed)
    st = match.state
    while st.phase != "venue":
        match.step_bot()
    st.chars = ["prosecutor"] * n  # a character with no venue skill
    return st


def worth(st, me: int) -> dict:
    bot = NormalBot(me, 1)
    bot.beliefs = Beliefs(me, st.n_players)
    return venue_worth(Ctx(bot, st.view(me)))


def test_the_street_is_the_spread_of_two_dice_or_the_best_pair_of_three():
    two = dict(street_spread(2, 6))
    assert sum(two.values()) == pytest.approx(1.0)
    assert sum(v * p for v, p in two.items()) == pytest.approx(91 / 36)  # differences, a double its value
    three = street_spread(3, 6)
    assert sum(v * p for v, p in three) > sum(v * p for v, p in two.items())


def test_a_debater_with_no_card_never_answers_and_more_cards_answer_more_often():
    chances = [reply_chance(h, 6) for h in range(8)]
    assert chances[0] == 0.0
    assert chances == sorted(chances) and chances[-1] < 1.0


def known_camps(st, me: int, camps: list[str]) -> None:
    """Deal these camps, and let `me` know every one of them (a dossier of meeting facts)."""
    st.factions = list(camps)
    st.dossier[me] = [{"seat": s, "camp": c, "is": True, "how": "meeting"} for s, c in enumerate(camps) if s != me]
    for s in range(st.n_players):
        st.votes[s] = st.iron[s] = 0


def blue_pair_at_the_legislature():
    """A 5-seat game (seed 5) at its first venue choice, whose candidate knows the camps: it and the seat
    after it blue, the others green, green and the Politician. (state, candidate, its ally)"""
    st = at_venue(5, 5)
    me = st.cand
    ally = (me + 1) % 5
    camps = ["green", "green", "politician"]
    known_camps(st, me, [("blue" if s in (me, ally) else camps.pop()) for s in range(5)])
    return st, me, ally


def test_normal_opens_the_legislature_when_its_votes_carry_an_ally_over_the_threshold():
    st, me, ally = blue_pair_at_the_legislature()
    st.chars[me] = "clan_head"  # its skill adds a yes hand: the bill has the 3 it needs
    st.votes[ally] = st.threshold - 3  # the bill's 3 votes elect the ally, the camp wins
    worth_now = worth(st, me)
    assert worth_now["legislature"] > worth_now["rally"]
    assert NormalBot(me, 1).choose(st.view(me), st.legal_actions(me)) == ("venue", "legislature")


def test_a_bill_without_the_hands_to_pass_is_worth_nothing():
    st, me, ally = blue_pair_at_the_legislature()
    # two blue hands of the three needed, and no seat would sell its hand for one vote
    worth_now = worth(st, me)
    assert worth_now["legislature"] < 0 < worth_now["rally"]


def test_normal_opens_the_debate_at_a_full_table_of_debaters_with_few_cards():
    st = at_venue(8, 3)
    me = st.cand
    for s in range(8):
        if s != me:
            st.hands[s] = st.hands[s][:2]  # two cards each: most fail the issue
    st.hands[me] = ["stage", "smear", "sand_table"]
    worth_now = worth(st, me)
    assert worth_now["debate"] > worth_now["rally"]
    assert NormalBot(me, 1).choose(st.view(me), st.legal_actions(me)) == ("venue", "debate")


def test_a_candidate_with_an_empty_hand_never_opens_the_debate():
    st = at_venue(8, 3)
    me = st.cand
    st.hands[me] = []
    worth_now = worth(st, me)
    assert worth_now["debate"] < worth_now["rally"]


def test_hard_searches_the_venues_in_normals_order_of_worth():
    st = at_venue(5, 7)
    me = st.cand
    view, legal = st.view(me), st.legal_actions(me)
    bot = HardBot(me, 1)
    bot._guess = bot.normal.choose(view, legal)
    order = venue_worth(Ctx(bot.normal, view))
    searched = bot.candidates(view, legal)
    assert searched[0] == bot._guess
    rest = sorted((a for a in legal if a != bot._guess), key=lambda a: -order[a[1]])
    assert searched[1:] == rest[:bot.width - 1]

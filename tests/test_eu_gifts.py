"""Gifts of influence (the designer's ruling on deals) and the gifting form of normal that measures
whether giving to tip a vote pays among bots (game/european_union/gifts.py)."""
from __future__ import annotations

from game.core.selfplay import play_one
from game.european_union import SPEC
from game.european_union.bots import NormalBot
from game.european_union.gifts import GiftingBot, _passes, play


def first_offer(n: int, seed: int):
    """Normal bots play; at each bill under discussion a GiftingBot in seat 0 is asked whether it
    would give. Returns (view, its gift) at the first bill where it would, with the game state."""
    state = SPEC.new_game(n, seed, {"variant": "full"})
    bots = [GiftingBot(0, seed)] + [NormalBot(s, seed) for s in range(1, n)]
    while not state.is_over():
        view = state.view(0)
        gift = bots[0].offer(view)
        if gift is not None:
            return view, gift, bots[0]
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    raise AssertionError("no gift offered in a whole game")


def test_a_gift_to_tip_a_vote_goes_to_a_voter_expected_against_the_bill_and_pays_its_gain_and_one():
    view, gift, bot = first_offer(3, 3)
    _, giver, to = gift
    bill = view["current_bill"]
    assert view["phase"] == "discuss" and giver == 0 and to != 0
    want_yes = bot.relative(view, bill) > 0
    their_gain = bot.gains(view, bill)[to]
    assert (their_gain < 0) if want_yes else (their_gain > 0)
    assert bot.amount == abs(their_gain) + 1 <= view["my_influence"]


def test_the_voter_paid_is_one_whose_switch_moves_the_bill_the_givers_way():
    view, gift, bot = first_offer(3, 3)
    to, bill = gift[2], view["current_bill"]
    gains = bot.gains(view, bill)
    want_yes = bot.relative(view, bill) > 0
    likely = [1.0 if want_yes else 0.0 if s == 0 else 0.85 if gains[s] > 0 else 0.15 if gains[s] < 0 else 0.5
              for s in range(3)]
    bought = list(likely)
    bought[to] = 1.0 if want_yes else 0.0
    moved = _passes(view, bill, bought) - _passes(view, bill, likely)
    assert (moved > 0) if want_yes else (moved < 0)


def test_the_giver_hands_over_what_it_offered_when_the_table_opens_its_gift():
    view, gift, bot = first_offer(3, 3)
    amount = bot.amount
    legal = [("gift", k) for k in range(view["my_influence"] + 1)]
    assert bot.choose(view, legal) == ("gift", amount)


def test_without_gifts_the_measured_seat_plays_exactly_as_normal():
    """The measurement compares each game with gifts to the same game without them."""
    for seat in range(3):
        plain, _ = play(3, 5, seat, gifts=False)
        match, _ = play_one(SPEC, ["normal"] * 3, 5, {"variant": "full"})
        assert plain == match.state.winners()

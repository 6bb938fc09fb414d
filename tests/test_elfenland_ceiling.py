"""tools/research/elfenland_ceiling.py: the all-seeing form of Elfenland's hard bot, a measurement of the
ceiling (it reads the true state, which no bot at the table may)."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from game.core.match import Match, Seat
from game.registry import GAMES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools" / "research"))
import ceiling
import elfenland_ceiling

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


def _counts(state, seat):
    others = [s for s in range(state.n_players) if s != seat]
    # what the seat cannot see, as multisets: the cards out of its hand, the counters out of sight
    cards = [c for s in others for c, k in state.hands[s].items() for _ in range(k)] + state.deck + state.discard
    counters = [c for s in others for c in state.secret[s]] + state.pile + state.returned
    return sorted(cards), sorted(counters)


def _partial_worlds(keep: str):
    """The true state at the first planning turn, its seat, and 8 worlds revealing `keep`."""
    match = _first_plan(2, seed=3)
    seat = match.bot_to_move()
    truth = match.state
    return truth, seat, [elfenland_ceiling.partial_world(truth, seat, random.Random(i), keep) for i in range(8)]


def test_revealing_hands_keeps_every_hand_and_deals_the_unseen_counters_again():
    truth, seat, worlds = _partial_worlds("hands")
    for w in worlds:
        assert w.hands == truth.hands and w.secret[seat] == truth.secret[seat]
        assert _counts(w, seat) == _counts(truth, seat)
        assert [len(x) for x in w.secret] == [len(x) for x in truth.secret] and len(w.pile) == len(truth.pile)
    assert any(w.secret != truth.secret or w.pile != truth.pile for w in worlds)


def test_revealing_secrets_keeps_the_secret_counters_and_deals_the_unseen_cards_again():
    truth, seat, worlds = _partial_worlds("secrets")
    for w in worlds:
        assert w.secret == truth.secret and w.pile == truth.pile and w.hands[seat] == truth.hands[seat]
        assert _counts(w, seat) == _counts(truth, seat)
        assert [sum(h.values()) for h in w.hands] == [sum(h.values()) for h in truth.hands]
        assert len(w.deck) == len(truth.deck) and len(w.discard) == len(truth.discard)
    assert any(w.hands != truth.hands for w in worlds)


def test_the_reveal_option_picks_what_the_bot_sees():
    assert elfenland_ceiling.REVEAL["all"] is elfenland_ceiling.SeeingHard
    assert elfenland_ceiling.SeeingHands.keep == "hands" and elfenland_ceiling.SeeingSecrets.keep == "secrets"


def _shared(a: dict, b: dict) -> int:
    return sum(min(k, b.get(c, 0)) for c, k in a.items())


def test_seeing_part_of_a_hand_keeps_that_many_of_its_cards_and_deals_the_rest_again():
    match = _first_plan(2, seed=3)
    seat = match.bot_to_move()
    truth, other = match.state, 1 - seat
    size = sum(truth.hands[other].values())
    worlds = [elfenland_ceiling.partial_world(truth, seat, random.Random(i), "hands", 6) for i in range(12)]
    for w in worlds:
        assert w.hands[seat] == truth.hands[seat] and sum(w.hands[other].values()) == size
        assert _shared(w.hands[other], truth.hands[other]) >= 6
        assert _counts(w, seat) == _counts(truth, seat)
        assert len(w.deck) == len(truth.deck) and len(w.discard) == len(truth.discard)
    assert any(w.hands[other] != truth.hands[other] for w in worlds)
    # seeing none of it is a fresh deal: some world shares fewer than six cards with the truth
    blind = [elfenland_ceiling.partial_world(truth, seat, random.Random(i), "hands", 0) for i in range(12)]
    assert any(_shared(w.hands[other], truth.hands[other]) < 6 for w in blind)


def test_the_known_option_takes_a_number_of_cards_with_hands_only():
    bot = elfenland_ceiling.seeing_part(6)
    assert bot.known == 6 and bot.keep == "hands" and issubclass(bot, elfenland_ceiling.SeeingHands)
    for argv in (["--players", "2", "--known", "6"], ["--players", "2", "--reveal", "hands", "--known", "9"]):
        with pytest.raises(SystemExit) as e:
            elfenland_ceiling.main(argv)
        assert e.value.code == 2


def test_the_more_of_the_hand_is_seen_the_more_of_it_a_world_has_right():
    shared = elfenland_ceiling.shared_cards(games=2, turns=2, worlds=4)
    assert shared[8] == 8.0
    assert shared[0] < shared[4] < shared[6] < shared[7] < shared[8]

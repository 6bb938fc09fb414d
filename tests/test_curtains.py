"""How many curtains (hand-off screens) a hot seat costs, and that none is put up for nothing.

A person sees a curtain only when something private is about to be shown to them: a decision said
aloud, or one that public facts leave without a choice, is taken on the public view. Counted
headless (tests/curtains.py) over one campaign turn of The Wonderful Island per venue, a person the
candidate, 2 or 3 people at 3 and 8 seats, seeds 1-6; and over Elfenland's first round.
"""
from __future__ import annotations

import functools
from typing import Optional

import pytest

from curtains import elf_round, wi_counts, wi_venue
from game.registry import GAMES
from game.wonderful_island.data import VENUES

SEEDS = range(1, 7)

# Curtains over the six campaign turns, by (people, seats) and venue, with the default options.
# Before (answer window asking card holders only, which told the table who held one):
#   (2, 3): 37 37 37 49 22 41   (3, 3): 65 65 65 88 44 86   (2, 8): 36 36 36 49 39 32   (3, 8): 51 54 51 79 59 54
# Before with the window asking everyone (the same privacy as today's default):
#   (2, 3): 40 40 40 55 26 46   (3, 3): 73 73 73 98 50 95   (2, 8): 43 43 43 58 48 39   (3, 8): 68 70 68 96 76 70
WI_AT_MOST = {
    (2, 3): {"rally": 40, "grassroots": 40, "street": 40, "legislature": 50, "poaching": 26, "debate": 46},
    # debate 81 -> 82: rules edition 3 asks every debater whose hand could reply (asking only those
    # who held a reply told the table so), one more curtain over these six turns
    (3, 3): {"rally": 71, "grassroots": 71, "street": 71, "legislature": 87, "poaching": 49, "debate": 82},
    (2, 8): {"rally": 39, "grassroots": 39, "street": 39, "legislature": 50, "poaching": 43, "debate": 35},
    (3, 8): {"rally": 61, "grassroots": 62, "street": 61, "legislature": 78, "poaching": 67, "debate": 56},
}


@pytest.mark.parametrize("people, n", sorted(WI_AT_MOST))
@pytest.mark.parametrize("venue", VENUES)
def test_a_campaign_turn_costs_no_more_curtains_than_measured(venue, people, n):
    counts = wi_counts(venue, n, people, SEEDS)
    assert counts and sum(counts) <= WI_AT_MOST[(people, n)][venue]


@functools.cache
def _wi_curtains(reactions: Optional[str] = None) -> tuple:
    """Every curtain of the campaign turns at 2 people on 3 seats and 3 on 8 (played once a run)."""
    options = {"reactions": reactions} if reactions else None
    return tuple(c for people, n in ((2, 3), (3, 8)) for venue in VENUES for seed in SEEDS
                 for c in (getattr(wi_venue(venue, n, people, seed, options), "curtains", None) or ()))


def test_no_curtain_comes_before_a_decision_said_aloud():
    """An answer to an offer, the TV debate's question, the bill's sharing, the street dice."""
    assert not [c.phase for c in _wi_curtains() if c.phase in ("answer", "ask", "allot", "dice")]


def test_no_curtain_comes_before_an_answer_an_empty_hand_forces():
    """Letting a card happen, matching nothing, passing in the window: with no card in hand (a
    public fact) there is no choice to make in private."""
    assert not [c for c in _wi_curtains() if c.phase in ("respond", "match", "react") and c.hand == 0]


def test_the_candidates_offer_is_private_only_when_her_hand_could_clear_a_summons():
    """The offer's choices come from public facts unless the voter holds a summons she could clear
    (her acquittal cards are hers to know): only then is the screen passed to her for it."""
    offers = [c for c in _wi_curtains() if c.phase == "offer"]
    assert offers and all(c.public["players"][c.public["proc"]["asking"]]["summons"] > 0 and c.hand > 0
                          for c in offers)


def test_no_curtain_is_ever_for_a_decision_taken_openly():
    assert not [c for c in _wi_curtains("holders") if c.open]


def test_by_default_the_window_asks_people_holding_nothing_to_play_too():
    """The default must tell nobody anything: a person with cards but no answer among them is
    given the screen in the window as a holder is, so a curtain there says nothing of a hand."""
    assert GAMES["wonderful_island"].default_options()["reactions"] == "everyone"
    asked = [c for c in _wi_curtains() if c.phase == "react"]
    assert any(c.legal == [("pass",)] for c in asked)
    assert any(c.legal != [("pass",)] for c in asked)


# Elfenland, first round, seeds 1-6 added up (before: 106, 163, 113, 170, a curtain at every counter
# pick). A pick after one's first of the round is taken on the public view: nothing private changes
# through the draw and every pick is face up; the rest (placing, moving, the round's end) shows the
# travel cards and the secret counter they are chosen by, and keeps its curtain.
ELF_AT_MOST = {(2, 3): 82, (3, 3): 127, (2, 6): 89, (3, 6): 134}


@pytest.mark.parametrize("people, n", sorted(ELF_AT_MOST))
def test_an_elfenland_round_costs_no_more_curtains_than_measured(people, n):
    tallies = [elf_round(n, people, s) for s in SEEDS]
    assert sum(t.count for t in tallies) <= ELF_AT_MOST[(people, n)]
    # The draw goes round the table three times: one curtain for each person, at their first pick.
    assert all(sum(c.phase == "draw" for c in t.curtains) == people for t in tallies)
    assert all(c.public["players"][c.seat]["drawn"] == 0 for t in tallies for c in t.curtains if c.phase == "draw")

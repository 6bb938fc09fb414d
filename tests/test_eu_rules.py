"""The rules of European Union (shared/rules/european_union.zh-TW.txt), clause by clause.

Scenarios are driven by ``apply`` with legal actions from fixed seeds. The
internals (``state.parties``, ``state.influence``, ``state.bill_deck``) are
read to set up expectations; only ``bill_deck`` is rearranged, to put chosen
bills on top before the chair draws. Expected numbers are worked out here
from the rules text and the card data, not taken from the engine.
"""
from __future__ import annotations

from itertools import combinations

import pytest

from game.core.errors import IllegalAction
from game.european_union import SPEC
from game.european_union import data as cards

COUNTS = range(3, 8)
D = cards.load()


# -- helpers ----------------------------------------------------------------
def new(n: int = 3, seed: int = 1, **options):
    return SPEC.new_game(n, seed, options)


def phase(state) -> str:
    return state.view(None)["phase"]


def stage(state) -> str:
    return state.view(None)["stage"]


def bid(state, amounts) -> list[dict]:
    events = []
    for s, a in enumerate(amounts):
        events += state.apply(s, ("bid", a))
    return events


def gift(state, frm, to, amount) -> list[dict]:
    """A gift at the table: the table opens it (no amount named), the giver says how much."""
    return state.apply(None, ("give", frm, to)) + state.apply(frm, ("gift", amount))


def settle_ties(state) -> None:
    while phase(state) == "order":
        state.apply(state.chair, state.legal_actions(state.chair)[0])


def draft(state, pick=None) -> list[tuple[int, str]]:
    """Everyone takes cards in turn until none are left; `pick(seat, legal)` chooses (default: first)."""
    taken = []
    while phase(state) == "draft":
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = pick(seat, legal) if pick else legal[0]
        state.apply(seat, action)
        taken.append((seat, action[1]))
    return taken


def auction(state, amounts=None, pick=None):
    bid(state, amounts or [0] * state.n_players)
    settle_ties(state)
    return draft(state, pick)


def stack_bills(state, bills) -> None:
    """Test setup: put these bills on top of the bill deck, in this order."""
    rest = [b for b in state.bill_deck if b not in bills]
    state.bill_deck[:] = list(bills) + rest


def keep(state, bills=None) -> None:
    legal = state.legal_actions(state.chair)
    action = ("keep_bills", tuple(sorted(bills))) if bills else legal[0]
    state.apply(state.chair, action)


def vote_all(state, yes=lambda seat, bill: True) -> list[dict]:
    """Chair calls the vote, everyone votes (yes(seat, bill)); returns the events."""
    bill = state.view(None)["current_bill"]
    events = state.apply(state.chair, ("call_vote",))
    for s in range(state.n_players):
        events += state.apply(s, ("vote", "yes" if yes(s, bill) else "no"))
    return events


def vote_stage(state, yes=lambda seat, bill: True) -> list[dict]:
    events = []
    st = stage(state)
    while phase(state) == "discuss" and stage(state) == st:
        events += vote_all(state, yes)
    return events


def play_round(state, yes=lambda seat, bill: True, council=None, parliament=None) -> list[dict]:
    """One whole round with bids of 0 (or the given lists) and first choices everywhere."""
    rnd = state.round
    auction(state, council)
    keep(state)
    events = vote_stage(state, yes)
    if stage(state) == "parliament" and state.round == rnd:
        auction(state, parliament)
        events += vote_stage(state, yes)
    return events


def find(events, kind):
    return [e for e in events if e["type"] == kind]


def bills_where(pred):
    return [b["id"] for b in D["bills"] if pred(b)]


# -- setup -----------------------------------------------------------------------
@pytest.mark.parametrize("n", COUNTS)
def test_setup_deals_the_parties_for_the_player_count_and_ten_influence_each(n):
    state = new(n, 3)
    assert sorted(state.parties) == sorted(D["parties_by_players"][str(n)])
    assert state.influence == [10] * n
    v = state.view(0)
    assert v["my_influence"] == 10 and v["round"] == 1 and v["stage"] == "council" and v["phase"] == "bid"
    assert v["tracks"] == {p: 0 for p in cards.POLICIES}


def test_the_first_chair_is_random_or_the_start_player_option():
    assert {new(5, seed).chair for seed in range(30)} == set(range(5))
    assert new(5, 9, start_player=3).chair == 3


def test_round_one_uses_group_one_states():
    state = new()
    ids = {s["id"] for s in D["states"] if s["group"] == 1}
    assert set(state.view(None)["cards_left"]) == ids


# -- council: bids -------------------------------------------------------------------
def test_bids_are_secret_until_all_are_in():
    state = new(3)
    events = state.apply(0, ("bid", 4))
    public = [e for e in events if e["seats"] is None]
    assert all("amount" not in e for e in public)
    assert find(events, "my_bid")[0]["seats"] == [0]
    assert state.view(0)["my_bid"] == 4
    assert state.view(1)["my_bid"] is None and state.view(None)["last_bids"] is None
    assert state.view(1)["players"][0]["has_bid"] is True
    assert state.legal_actions(0) == [] and 0 not in state.to_act()
    state.apply(1, ("bid", 2))
    events = state.apply(2, ("bid", 1))
    reveal = find(events, "bids")[0]
    assert reveal["bids"] == {"0": 4, "1": 2, "2": 1} and reveal["reveal"] is True and reveal["seats"] is None
    assert state.view(1)["last_bids"] == {"0": 4, "1": 2, "2": 1}


def test_a_bid_is_between_zero_and_ones_influence():
    state = new(3)
    assert state.legal_actions(0) == [("bid", k) for k in range(11)]
    with pytest.raises(IllegalAction):
        state.apply(0, ("bid", 11))


def test_all_bids_go_to_the_bank():
    state = new(3, start_player=0)
    bid(state, [5, 3, 0])
    assert state.influence == [5, 7, 10]


def test_highest_bidder_becomes_chair():
    state = new(3, start_player=0)
    auction(state, [1, 6, 2])
    assert state.chair == 1 and state.view(None)["chair"] == 1


def test_chair_orders_tied_bidders():
    state = new(3, start_player=2)
    bid(state, [3, 3, 1])
    assert phase(state) == "order" and state.to_act() == [2]
    assert state.legal_actions(2) == [("first", 0), ("first", 1)]
    assert state.view(None)["tied"] == [0, 1]
    state.apply(2, ("first", 1))
    assert phase(state) == "draft"
    assert state.view(None)["bid_order"] == [1, 0, 2]
    draft(state)
    assert state.chair == 1  # the tied top bidder the chair put first


def test_draft_goes_in_bid_order_until_all_states_are_taken():
    state = new(4, start_player=0)
    taken = auction(state, [1, 4, 0, 2])
    order = [1, 3, 0, 2]
    assert [s for s, _ in taken] == [order[i % 4] for i in range(9)]
    assert sorted(c for _, c in taken) == sorted(s["id"] for s in D["states"] if s["group"] == 1)
    assert sum(len(x) for x in state.states) == 9 and phase(state) == "keep"


def test_state_cards_pay_their_influence():
    state = new(3, start_player=0)
    bid(state, [2, 1, 0])
    before = list(state.influence)
    taken = draft(state)
    for s in range(3):
        gained = sum(D["state_by_id"][c]["influence"] for seat, c in taken if seat == s)
        assert state.influence[s] == before[s] + gained


def test_voting_power_is_the_sum_of_ones_states():
    state = new(3)
    auction(state)
    for p in state.view(None)["players"]:
        assert p["state_power"] == sum(D["state_by_id"][c]["power"] for c in p["states"])


# -- council: bills --------------------------------------------------------------------
def test_chair_keeps_five_of_seven_bills():
    state = new(3, start_player=0)
    auction(state)
    drawn = state.view(None)["drawn_bills"]
    assert len(drawn) == 7 and state.to_act() == [state.chair]
    legal = state.legal_actions(state.chair)
    assert len(legal) == 21 and set(legal) == {("keep_bills", tuple(sorted(c))) for c in combinations(drawn, 5)}
    deck_before = list(state.bill_deck)
    keep(state, drawn[2:])
    v = state.view(None)
    assert v["agenda"] == drawn[2:]
    assert not set(drawn[:2]) & set(state.bill_deck) and state.bill_deck == deck_before


def test_chair_calls_the_vote_to_end_the_discussion():
    state = new(3)
    auction(state)
    keep(state)
    assert phase(state) == "discuss" and state.to_act() == [state.chair]
    assert state.legal_actions(state.chair) == [("call_vote",)]
    state.apply(state.chair, ("call_vote",))
    assert phase(state) == "vote" and sorted(state.to_act()) == [0, 1, 2]


def test_votes_are_secret_until_all_are_in():
    state = new(3)
    auction(state)
    keep(state)
    state.apply(state.chair, ("call_vote",))
    events = state.apply(0, ("vote", "no"))
    assert all("vote" not in e for e in events if e["seats"] is None)
    assert state.view(0)["my_vote"] == "no" and state.view(1)["my_vote"] is None
    state.apply(1, ("vote", "yes"))
    events = state.apply(2, ("vote", "yes"))
    votes = find(events, "votes")[0]
    assert votes["votes"] == {"0": "no", "1": "yes", "2": "yes"} and votes["reveal"] is True
    assert state.view(None)["last_votes"] == votes["votes"]


def _to_keep_with(bills, n=3, seed=1, pick=None, **options):
    """A game at the chair's keep, with `bills` (up to 7) among the drawn."""
    state = new(n, seed, **options)
    stack_bills(state, list(bills) + [b for b in state.bill_deck if b not in bills][:7 - len(bills)])
    auction(state, pick=pick)
    return state


def test_unanimity_needs_every_yes():
    una = bills_where(lambda b: b["method"] == "unanimity")[:5]
    state = _to_keep_with(una)
    keep(state, una)
    events = vote_all(state, lambda s, b: s != 2)
    assert find(events, "votes")[0]["passed"] is False
    events = vote_all(state, lambda s, b: True)
    assert find(events, "votes")[0]["passed"] is True
    assert state.council_results == {una[0]: False, una[1]: True}


def _greedy_for(seat, wanted):
    def pick(s, legal):
        if s == seat:
            for c in wanted:
                if ("take", c) in legal:
                    return ("take", c)
        others = [a for a in legal if a[1] not in wanted]
        return (others or legal)[0]
    return pick


@pytest.mark.parametrize("rule,threshold", [("rulebook", 15), ("sixty_percent", 17)])
def test_qualified_majority_needs_the_round_threshold(rule, threshold):
    qmv = bills_where(lambda b: b["method"] == "qualified")[:5]
    # Seat 0 bids highest and takes Germany, France, Italy: 15 votes of 27.
    state = new(3, 1, qualified_majority=rule)
    stack_bills(state, qmv + state.bill_deck[5:7])
    bid(state, [3, 0, 0])
    settle_ties(state)
    draft(state, _greedy_for(0, ["de", "fr", "it"]))
    assert state.view(None)["players"][0]["state_power"] == 15
    assert state.view(None)["threshold"] == threshold == cards.qualified_majority(rule, 1)
    keep(state, qmv)
    events = vote_all(state, lambda s, b: s == 0)
    assert find(events, "votes")[0]["passed"] is (15 >= threshold)
    events = vote_all(state, lambda s, b: s != 0)
    assert find(events, "votes")[0]["passed"] is (27 - 15 >= threshold)
    events = vote_all(state, lambda s, b: True)
    assert find(events, "votes")[0]["passed"] is True


def test_the_qualified_majority_table_per_round():
    assert [cards.qualified_majority("rulebook", r) for r in (1, 2, 3)] == [15, 22, 34]
    assert [cards.qualified_majority("sixty_percent", r) for r in (1, 2, 3)] == [17, 24, 37]
    totals = [sum(D["state_by_id"][s]["power"] for s in cards.states_for_round(r)) for r in (1, 2, 3)]
    assert totals == [27, 40, 61]  # round 2: 22 of 40, as the rulebook says


# -- parliament --------------------------------------------------------------------------
def test_parliament_draws_one_mep_card_per_player_and_each_takes_one():
    state = new(5, 2)
    events = play_round_council(state)
    parl = find(events, "parliament")[0]
    assert len(parl["meps"]) == 5 and parl["reveal"] is True
    auction(state, [0, 1, 2, 3, 4])
    assert sorted(p["mep"] for p in state.view(None)["players"]) == sorted(parl["meps"])
    assert state.chair == 4


def play_round_council(state, yes=lambda s, b: True):
    auction(state)
    keep(state)
    return vote_stage(state, yes)


def test_parliament_majority_is_half_plus_one_rounded_down():
    assert cards.parliament_majority(31) == 16 and cards.parliament_majority(30) == 16
    assert cards.parliament_majority(9 + 10 + 14) == 17
    state = new(4, 5)
    play_round_council(state)
    auction(state)
    v = state.view(None)
    total = sum(p["mep_power"] for p in v["players"])
    assert v["majority"] == int(total * 0.5 + 1) == total // 2 + 1


def test_only_council_passed_bills_reach_parliament():
    state = new(3, 4)
    play_round_council(state, lambda s, b: state.view(None)["agenda"].index(b) % 2 == 0)
    auction(state)
    passed = [b for b, ok in state.council_results.items() if ok]
    assert len(passed) == 3
    assert state.view(None)["agenda"] == passed
    events = vote_stage(state, lambda s, b: s != 0)
    assert [e["bill"] for e in find(events, "votes")] == passed


def test_parliament_passes_by_simple_majority_of_mep_power():
    state = new(3, 4)
    play_round_council(state)
    auction(state)
    v = state.view(None)
    power = [p["mep_power"] for p in v["players"]]
    events = vote_all(state, lambda s, b: s == 0)
    assert find(events, "votes")[0]["passed"] is (power[0] >= v["majority"])
    events = vote_all(state, lambda s, b: s != 0)
    assert find(events, "votes")[0]["passed"] is (power[1] + power[2] >= v["majority"])


def test_intro_variant_skips_parliament():
    state = new(4, 6, variant="intro")
    events = play_round_council(state)
    assert not find(events, "parliament")
    assert find(events, "scoring") and state.round == 2 and stage(state) == "council"
    assert state.view(None)["history"][0]["bills"][0]["parliament"] is None


@pytest.mark.parametrize("n", [6, 7])
def test_intro_variant_is_refused_for_six_or_seven_players(n):
    with pytest.raises(ValueError, match="intro"):
        SPEC.check_options(n, {"variant": "intro"})
    with pytest.raises(ValueError, match="intro"):
        SPEC.new_game(n, 1, {"variant": "intro"})


# -- scoring ---------------------------------------------------------------------------
def _scored_round(yes, n=3, seed=7, variant="intro"):
    state = new(n, seed, variant=variant)
    before = list(state.influence)
    events = play_round(state, yes)
    return state, before, events


def test_passed_bill_pays_star_products():
    state, _, events = _scored_round(lambda s, b: True, seed=8)
    scoring = find(events, "scoring")[0]
    for s, party in enumerate(state.parties):
        p = D["party_by_id"][party]["stars"]
        expected = sum(D["bill_by_id"][b]["stars"][k] * p[k] for b in scoring["passed"] for k in cards.POLICIES)
        assert scoring["gains"][str(s)]["stars"] == expected


def test_party_ability_applies_to_failed_bills_too():
    state, _, events = _scored_round(lambda s, b: False, n=4, seed=9)
    scoring = find(events, "scoring")[0]
    assert scoring["passed"] == [] and len(scoring["failed"]) == 5
    for s, party in enumerate(state.parties):
        a = D["party_by_id"][party]["ability"]
        expected = 0
        if a["when"] == "failed":
            expected = sum(a["amount"] for b in scoring["failed"]
                           if a["method"] in (None, D["bill_by_id"][b]["method"])
                           and a["border"] in (None, D["bill_by_id"][b]["border"]))
        assert scoring["gains"][str(s)]["ability"] == expected
        assert scoring["gains"][str(s)]["stars"] == 0
    # purple gains for every failed unanimity bill (the national veto): each rejected one counts
    assert "purple" in state.parties
    purple = state.parties.index("purple")
    vetoed = [b for b in scoring["failed"] if D["bill_by_id"][b]["method"] == cards.UNANIMITY]
    assert vetoed and scoring["gains"][str(purple)]["ability"] == len(vetoed) * D["party_by_id"]["purple"]["ability"]["amount"]


def _bordered_round(border: str, pass_them: bool, n: int = 3):
    """An intro round whose five kept bills are all bordered `border`, all passed or all failed."""
    state = new(n, 7, variant="intro")
    bills = [b["id"] for b in D["bills"] if b["border"] == border]
    stack_bills(state, bills[:D["bills_drawn"]])
    auction(state)
    keep(state, bills[:D["bills_kept"]])
    events = vote_stage(state, lambda s, b: pass_them)
    return state, find(events, "scoring")[0]


def test_ruling_the_liberals_gain_2_for_each_passed_free_economy_bill():
    state, scoring = _bordered_round("economy", True)
    assert len(scoring["passed"]) == 5
    assert scoring["gains"][str(state.parties.index("yellow"))]["ability"] == 2 * 5
    state, scoring = _bordered_round("economy", False)  # a failed one gives nothing
    assert scoring["gains"][str(state.parties.index("yellow"))]["ability"] == 0


def test_ruling_the_peoples_party_gains_4_for_each_passed_european_integration_bill():
    state, scoring = _bordered_round("integration", True, n=5)  # the People's Party plays from 5
    assert len(scoring["passed"]) == 5
    assert scoring["gains"][str(state.parties.index("blue"))]["ability"] == 4 * 5
    state, scoring = _bordered_round("integration", False, n=5)
    assert scoring["gains"][str(state.parties.index("blue"))]["ability"] == 0


def _welfare_round(n: int) -> dict:
    """A full round at `n` players whose five kept bills are all Social Welfare bills, all passed."""
    state = new(n, 7)
    bills = [b["id"] for b in D["bills"] if b["border"] == "welfare"]
    stack_bills(state, bills[:D["bills_drawn"]])
    auction(state)
    keep(state, bills[:D["bills_kept"]])
    vote_stage(state)
    auction(state)                                   # the parliament passes them too
    return state, find(vote_stage(state), "scoring")[0]


@pytest.mark.parametrize("n", [6, 7])
def test_ruling_at_six_or_seven_players_the_social_democrats_gain_2_and_the_united_left_3_per_passed_welfare_bill(n):
    state, scoring = _welfare_round(n)
    assert len(scoring["passed"]) == 5
    assert scoring["gains"][str(state.parties.index("red"))]["ability"] == 2 * 5
    assert scoring["gains"][str(state.parties.index("cyan"))]["ability"] == 3 * 5


@pytest.mark.parametrize("n", [3, 4, 5])
def test_ruling_below_six_players_the_social_democrats_still_gain_1_per_passed_welfare_bill(n):
    state, scoring = _welfare_round(n)
    assert len(scoring["passed"]) == 5
    assert scoring["gains"][str(state.parties.index("red"))]["ability"] == 1 * 5


def test_a_round_never_takes_influence_below_zero():
    state = new(3, 10, variant="intro", start_player=0)
    green = state.parties.index("green")
    # The five bills that cost green most (its Free Economy star is negative), all passed.
    worst = sorted((b["id"] for b in D["bills"]), key=lambda b: cards.pay(b, "green"))[:7]
    stack_bills(state, worst)
    auction(state, [10, 10, 10])
    kept = sorted(worst[:5])
    keep(state, kept)
    # Green gives all its influence away first.
    while state.influence[green] > 0:
        gift(state, green, (green + 1) % 3, min(20, state.influence[green]))
    events = vote_stage(state, lambda s, b: True)
    scoring = find(events, "scoring")[0]
    gains = scoring["gains"][str(green)]
    assert gains["stars"] + gains["ability"] < 0
    assert gains["change"] == 0 and state.influence[green] == 0


def test_passed_bill_moves_its_bordered_track():
    state, _, events = _scored_round(lambda s, b: True, seed=11)
    scoring = find(events, "scoring")[0]
    expected = {p: 0 for p in cards.POLICIES}
    for b in scoring["passed"]:
        expected[D["bill_by_id"][b]["border"]] += 1
    assert state.tracks == expected == scoring["tracks"]
    assert sum(expected.values()) == len(scoring["passed"]) > 0


def test_a_failed_bill_moves_no_track():
    state, _, _ = _scored_round(lambda s, b: False, seed=11)
    assert state.tracks == {p: 0 for p in cards.POLICIES}


def test_states_go_back_and_the_next_round_adds_an_accession_group():
    state, _, events = _scored_round(lambda s, b: True, seed=12)
    assert state.round == 2 and state.states == [[], [], []]
    assert set(state.view(None)["cards_left"]) == {s["id"] for s in D["states"] if s["group"] <= 2}
    assert find(events, "round")[0]["threshold"] == 22


# -- the end ---------------------------------------------------------------------------
def _play_game(state, yes=lambda s, b: True):
    events = []
    while not state.is_over():
        events += play_round(state, yes)
    return events


def test_the_game_ends_after_three_rounds():
    state = new(5, 13)
    events = _play_game(state)
    assert len(find(events, "scoring")) == 3 and state.is_over() and state.to_act() == []
    assert len(state.history) == 3


def test_track_bonuses_at_the_end():
    state = new(4, 14)
    events = _play_game(state)
    assert state.is_over()
    final = find(events, "final_bonus")[0]
    for s, party in enumerate(state.parties):
        table = D["party_by_id"][party]["track_bonus"]
        expected = sum(table[p][min(state.tracks[p], len(table[p]) - 1)] for p in cards.POLICIES)
        assert final["bonuses"][str(s)] == expected
        assert state.influence[s] == max(0, state.final["before_bonus"][s] + expected)


def test_ruling_the_sovereigntists_lose_1_a_step_of_european_integration_at_the_end():
    # The Sovereigntists play only at seven players, so their card changes outright (not 2 a step).
    state = new(7, 14)
    final = find(_play_game(state), "final_bonus")[0]
    white = state.parties.index("white")
    steps = min(state.tracks["integration"], D["track_top"])
    assert steps > 0 and cards.track_bonus("white", "integration", steps) == -steps
    others = sum(cards.track_bonus("white", p, state.tracks[p]) for p in cards.POLICIES if p != "integration")
    assert final["bonuses"][str(white)] == others - steps


def test_ending_cards_follow_the_track_levels():
    state = new(3, 15)
    events = _play_game(state)
    endings = find(events, "ending")
    assert [e["policy"] for e in endings] == list(cards.POLICIES)
    for e in endings:
        card = D["ending_by_id"][e["card"]]
        assert card["policy"] == e["policy"] and e["position"] == state.tracks[e["policy"]]
        level = "low" if e["position"] <= 1 else "middle" if e["position"] <= 3 else "high"
        assert card["level"] == level


def test_most_influence_wins():
    state = new(5, 16)
    _play_game(state)
    top = max(state.influence)
    assert state.winners() == [s for s in range(5) if state.influence[s] == top]
    assert state.view(1)["players"][0]["influence"] == state.influence[0]  # all revealed at the end


def test_ties_share_the_win():
    state = new(3, 17, variant="intro")
    play_round(state, lambda s, b: False)
    play_round(state, lambda s, b: False)
    auction(state)
    keep(state)
    vote_stage_until_last(state)
    # Before the last vote: even out two seats with gifts so that they tie after the round's changes.
    change = [sum(cards.ability_change(state.parties[s], b, False, 3) for b in state.voted_bills) for s in range(3)]
    a, b, c = 0, 1, 2
    give_all(state, c, a)
    total = state.influence[a] + state.influence[b]
    if (total + change[a] + change[b]) % 2:
        gift(state, a, c, 1)
        total -= 1
    want_a = (total + change[b] - change[a]) // 2
    move(state, a, b, state.influence[a] - want_a)
    state.apply(state.chair, ("call_vote",))
    for s in range(3):
        state.apply(s, ("vote", "no"))
    assert state.is_over()
    assert state.influence[a] == state.influence[b] > state.influence[c]
    assert state.winners() == [a, b]


def vote_stage_until_last(state):
    while len(state.agenda) - state.bill_pos > 1:
        vote_all(state, lambda s, b: False)


def give_all(state, frm, to):
    move(state, frm, to, state.influence[frm])


def move(state, frm, to, amount):
    if amount < 0:
        frm, to, amount = to, frm, -amount
    while amount > 0:
        k = min(20, amount)
        gift(state, frm, to, k)
        amount -= k


# -- deals ------------------------------------------------------------------------------
def test_a_player_may_give_influence_at_any_time():
    state = new(3, 18)
    for step in range(40):
        assert ("give", 0, 1) in state.legal_actions(None)
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    before, to_act = list(state.influence), state.to_act()
    events = gift(state, 1, 2, 3)
    assert state.influence == [before[0], before[1] - 3, before[2] + 3]
    assert [e["type"] for e in events] == ["giving", "give"]
    assert events[1] == {"type": "give", "from_seat": 1, "to_seat": 2, "amount": 3, "seats": None}
    assert state.to_act() == to_act  # nothing else moved on


def test_the_tables_list_of_gifts_names_no_amount():
    """How much a seat has is behind its screen: the table lists who may give to whom, nothing more."""
    state = new(4, 22)
    state.apply(0, ("bid", 7))
    listed = state.legal_actions(None)
    assert sorted(listed) == sorted(("give", a, b) for a in range(4) for b in range(4) if a != b)
    state.influence[1] += 30
    state.bids[0] = 2
    assert state.legal_actions(None) == listed


def test_the_giver_says_how_much_up_to_what_it_has_free():
    state = new(3, 19)
    state.apply(0, ("bid", 8))
    events = state.apply(None, ("give", 0, 1))
    assert events == [{"type": "giving", "from_seat": 0, "to_seat": 1, "seats": None, "transient": True}]
    assert state.to_act() == [0] and state.view(None)["giving"] == {"from_seat": 0, "to_seat": 1}
    assert state.legal_actions(0) == [("gift", k) for k in range(3)]  # 10 influence, 8 of it held as a bid
    assert state.legal_actions(1) == state.legal_actions(2) == [] and state.legal_actions(None) == []
    with pytest.raises(IllegalAction):
        state.apply(0, ("gift", 3))
    with pytest.raises(IllegalAction):
        state.apply(1, ("bid", 0))  # the table waits for the gift
    state.apply(0, ("gift", 2))
    assert state.influence[:2] == [8, 12] and state.view(None)["giving"] is None
    assert state.to_act() == [1, 2]  # the bids go on
    with pytest.raises(IllegalAction):
        state.apply(None, ("give", 0, 0))


def test_a_gift_of_nothing_changes_nothing_but_the_log():
    state = new(3, 23)
    before = list(state.influence)
    events = state.apply(None, ("give", 2, 0)) + state.apply(2, ("gift", 0))
    assert events[-1] == {"type": "gift_none", "from_seat": 2, "to_seat": 0, "seats": None}
    assert state.influence == before and state.to_act() == [0, 1, 2]


def test_at_most_twenty_at_once():
    state = new(3, 24)
    gift(state, 1, 0, 10)
    gift(state, 2, 0, 10)
    state.apply(None, ("give", 0, 2))
    assert state.legal_actions(0)[-1] == ("gift", 20) and state.influence[0] == 30


def test_each_seats_view_says_the_most_it_may_give_its_free_influence_at_most_twenty():
    """The engine says what may be given (the table's Give dialog reads it, never works it out)."""
    state = new(3, 24)
    gift(state, 1, 0, 10)
    gift(state, 2, 0, 10)
    assert state.view(0)["may_give"] == 20 and state.view(0)["my_free_influence"] == 30
    state.apply(0, ("bid", 25))   # a bid already made stays in the hand
    assert state.view(0)["may_give"] == 5 and state.view(0)["my_free_influence"] == 5
    for seat in range(3):
        state.apply(None, ("give", seat, (seat + 1) % 3))
        assert state.legal_actions(seat)[-1] == ("gift", state.view(seat)["may_give"])
        state.apply(seat, ("gift", 0))
    assert state.view(None)["may_give"] is None and state.view(None)["my_free_influence"] is None


def test_the_chairs_time_to_keep_is_a_table_option():
    assert new(3, 25).view(1)["keep_seconds"] == 60   # the rulebook's minute
    assert new(3, 25, keep_limit="none").view(1)["keep_seconds"] is None
    with pytest.raises(ValueError):
        new(3, 25, keep_limit="two_minutes")


def test_nobody_may_give_once_the_game_is_over():
    state = new(3, 20)
    _play_game(state)
    assert state.legal_actions(None) == []


def test_influence_is_hidden_behind_the_screens():
    state = new(4, 21)
    auction(state, [1, 2, 3, 4])
    v = state.view(2)
    assert v["my_influence"] == state.influence[2]
    assert [p["influence"] for p in v["players"]] == [None, None, state.influence[2], None]
    assert all(p["influence"] is None for p in state.view(None)["players"])

"""The rules of The Wonderful Island 美麗島風雲 (shared/rules/wonderful_island.zh-TW.txt), clause by clause.

Clause numbers (T2.x-T6.x) and rulings (R1-R17) are those of shared/research/wonderful_island.md.
Each scenario starts past the character step with known characters, factions, votes, hands and a
deck of inert cards (fields assigned directly), and is then driven only through
``legal_actions`` / ``apply``.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from game.core.errors import IllegalAction
from game.registry import GAMES
from game.wonderful_island import data

SPEC = GAMES["wonderful_island"]

# Characters whose skills stay out of the way (assets/data/wonderful_island.json):
PLAIN = "county_speaker"     # skills only at the legislature, and a discard on choosing the street
PLAIN_LS = "broker_elder"    # for the legislature and the street: skills only at grassroots, poaching, refusing a debate
FILLER = "donation"          # the deck in tests: a strategy card for one's own step C, never a reaction
FACTIONS = {3: ["blue", "green", "politician"], 4: ["blue", "green", "politician", "politician"],
            5: ["blue", "blue", "green", "green", "politician"]}


# -- helpers ----------------------------------------------------------------------------------
class Dice(random.Random):
    """The state's RNG with scripted die rolls; shuffles and random picks stay seeded."""

    def __init__(self, *rolls):
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a, b):
        return self.rolls.pop(0)


def table(n=3, chars=PLAIN, factions=None, votes=3, edition=None, first_turn=False, **options):
    """Candidate 0 to choose a venue; empty hands, no meeting cards, no summons, FILLER deck
    (played by today's rules, or by an older edition's as a record made then replays). The answer
    window asks holders only, so that a turn nobody answers needs no passes (everyone's: asked below).
    The scenario is a later campaign turn, when the game may end on a declaration at any moment;
    first_turn=True for the game's first campaign turn (edition 3: nothing is declared before its end)."""
    options = {"start_player": 0, "reactions": "holders", **options}
    st = SPEC.new_game(n, 1, options, legacy={"edition": edition} if edition else None)
    for s in range(n):
        st.apply(s, st.legal_actions(s)[0])
    if not first_turn:
        st.camp_count = 2
    st.chars = [chars] * n if isinstance(chars, str) else list(chars)
    st.factions = list(factions or FACTIONS[n])
    st.summons, st.summons_total = [0] * n, 0
    for s in range(n):
        st.mdeck += st.meetings[s]
        st.meetings[s], st.hands[s] = [], []
        st.stats[s].update(summons_left=0, flags=[])
    st.deck = [FILLER] * 80
    st.pool, st.votes = st.table["pool"], [0] * n
    for s in range(n):
        set_votes(st, s, votes)
    return st


def set_votes(st, seat, k):
    """Give a seat k ordinary votes, from (or back to) the pool."""
    st.pool += st.votes[seat] - k
    st.votes[seat] = k


def need(st, char):
    """The votes a Politician condition of this character asks for at this table."""
    return data.votes_needed(data.character(char)["win"], st.table["mark"])


def hand(st, seat, *cards):
    st.hands[seat] = sorted(cards)


def jail(st, seat):
    st.jailed[seat] = True
    set_votes(st, seat, 0)


def types(events):
    return [e["type"] for e in events]


def step(st):
    """The actor takes the plainest step: end the turn, or discard (FILLER first) at step D."""
    a = st.actor
    if st.phase == "discard":
        return st.apply(a, ("discard", FILLER if FILLER in st.hands[a] else st.hands[a][0]))
    return st.apply(a, ("end",))


def pass_until(st, seat):
    """Action turns end without plays until `seat` is at its step C."""
    events = []
    while st.phase in ("play", "discard") and not (st.phase == "play" and st.actor == seat):
        events += step(st)
    assert (st.phase, st.actor) == ("play", seat)
    return events


def end_turns(st):
    """Every action turn still to come ends without plays."""
    events = []
    while st.phase in ("play", "discard"):
        events += step(st)
    return events


def let_stand(st, events):
    """A hostile card's target is asked about 沙盤推演 whether it holds one or not; one without it
    can only let the card stand (a holder decides in the test)."""
    while st.phase == "respond" and "sand_table" not in st.hands[st.actor]:
        events += st.apply(st.actor, ("accept",))
    return events


def hit(st, seat, action):
    """`seat` plays `action` now; a target without 沙盤推演 lets it stand."""
    return let_stand(st, st.apply(seat, action))


def play(st, seat, *action):
    pass_until(st, seat)
    return hit(st, seat, action)


def campaign(st, venue, *plays):
    """The candidate picks a venue; (seat, action) plays are made in turn; everyone ends."""
    events = st.apply(st.cand, ("venue", venue))
    for seat, action in plays:
        events += play(st, seat, *action)
    return events + end_turns(st)


def joined_debate(st, *answers):
    """TV debate: the asked seats answer in order (True = join)."""
    events = st.apply(st.cand, ("venue", "debate"))
    for yes in answers:
        events += st.apply(st.actor, ("debate", "join" if yes else "refuse"))
    return events


def to_hands(st, offers=None):
    """Legislature: the candidate offers each voter offers.get(seat) (default nothing), answers 'maybe'."""
    offers = offers or {}
    while st.phase in ("offer", "answer"):
        if st.phase == "offer":
            st.apply(st.actor, ("offer",) + tuple(offers.get(st.proc["asking"], (0, 0, "none"))))
        else:
            st.apply(st.actor, ("answer", "maybe"))
    assert st.phase == "vote"


def show_hands(st, yes):
    events = []
    for s in list(st.to_act()):
        events += st.apply(s, ("vote", "yes" if s in yes else "no"))
    return events


def unchanged(st, action_seat, action):
    """An illegal action raises IllegalAction and leaves every view and the record as they were."""
    before = [st.view(s) for s in [None] + list(range(st.n_players))], st.record()
    with pytest.raises(IllegalAction):
        st.apply(action_seat, action)
    assert ([st.view(s) for s in [None] + list(range(st.n_players))], st.record()) == before


# -- T2 setup ---------------------------------------------------------------------------------
def test_setup_each_seat_keeps_one_of_two_characters_in_private():
    st = SPEC.new_game(5, 3, {})
    assert sorted(st.to_act()) == [0, 1, 2, 3, 4]  # all at once
    offers = [st.view(s)["offer"] for s in range(5)]
    assert all(len(o) == 2 for o in offers) and len({c for o in offers for c in o}) == 10
    assert st.view(1)["offer"] != st.view(0)["offer"] and st.view(None)["offer"] == []
    assert st.legal_actions(3) == [("character", c) for c in offers[3]]
    events = st.apply(3, ("character", offers[3][1]))  # any seat first: no order
    assert {e["type"]: e["seats"] for e in events} == {"kept": None, "my_character": [3]}
    assert st.view(0)["players"][3]["character"] is None and st.view(0)["players"][3]["chosen"]
    assert sorted(st.to_act()) == [0, 1, 2, 4] and st.legal_actions(3) == []
    for s in (4, 0, 2, 1):
        events = st.apply(s, ("character", offers[s][0]))
    assert st.chars == [offers[0][0], offers[1][0], offers[2][0], offers[3][1], offers[4][0]]
    assert [p["character"] for p in st.view(None)["players"]] == st.chars
    assert any(e["type"] == "characters" and e["seats"] is None for e in events)
    assert offers[3][0] not in str(st.view(0))  # the character put back is never shown


@pytest.mark.parametrize("n", range(3, 9))
def test_setup_faction_cards_are_dealt_after_the_characters_one_each_in_secret(n):
    st = SPEC.new_game(n, n, {})
    counts = Counter(st.factions)
    assert counts["blue"] == counts["green"] >= 1  # the tables are keyed on one camp size
    assert counts["blue"] <= 3 and counts["politician"] <= 2 and sum(counts.values()) == n  # 3 / 3 / 2 cards
    assert all(st.view(s)["faction"] is None for s in range(n))  # a character is chosen blind to one's camp
    assert "faction" not in types(st.setup_events)
    events = []
    for s in range(n):
        events += st.apply(s, st.legal_actions(s)[0])
    for s in range(n):
        v = st.view(s)
        assert v["faction"] == st.factions[s]
        assert all(p["faction"] is None for p in v["players"])
    assert st.view(None)["faction"] is None
    faction_events = [e for e in events if e["type"] == "faction"]
    assert [(e["seat"], e["seats"]) for e in faction_events] == [(s, [s]) for s in range(n)]


def test_setup_deals_three_effect_cards_into_each_hand():
    st = SPEC.new_game(6, 2, {})
    assert [len(h) for h in st.hands] == [3] * 6
    assert len(st.deck) == 123 - 18
    assert st.view(0)["hand"] == st.hands[0] and st.view(0)["players"][1]["hand"] == 3  # others: a count
    assert st.view(None)["hand"] == []


def test_setup_deals_two_secret_meeting_cards_face_down():
    st = SPEC.new_game(5, 2, {})
    assert [len(m) for m in st.meetings] == [2] * 5 and len(st.mdeck) == 24 - 10
    assert st.view(2)["my_meetings"] == st.meetings[2]
    assert st.view(0)["players"][2]["meetings"] == 2 and st.view(None)["my_meetings"] == []


@pytest.mark.parametrize("n, k", [(3, 1), (5, 2), (7, 3), (8, 3)])
def test_setup_camp_minus_one_option_deals_blue_green_players_minus_one_meeting_cards(n, k):
    st = SPEC.new_game(n, 1, {"meetings_dealt": "camp_minus_one"})
    assert Counter(st.factions)["blue"] == k
    assert [len(m) for m in st.meetings] == [k - 1] * n


@pytest.mark.parametrize("n", range(3, 9))
def test_setup_each_player_takes_the_starting_votes_from_the_vote_pool(n):
    st = SPEC.new_game(n, 1, {})
    row = st.table  # designed per table size (the rules' table was lost)
    assert st.votes == [row["start_votes"]] * n
    assert st.pool == row["pool"] - n * row["start_votes"]
    assert row["pool"] <= 100 and st.iron_supply == 30 and st.summons == [0] * n  # the box's tokens


def test_setup_length_option_adjusts_starting_votes_and_threshold():
    short, standard = SPEC.new_game(4, 1, {"length": "short"}), SPEC.new_game(4, 1, {})
    adjust = data.load()["length"]["short"]
    assert adjust["start_votes"] > 0 > adjust["threshold"]  # a shorter game: nearer the threshold
    assert short.votes[0] == standard.votes[0] + adjust["start_votes"]
    assert short.threshold == standard.threshold + adjust["threshold"]


# -- T3.2 candidates, T3.4 the action phase ---------------------------------------------------------
def test_candidates_take_turns_counter_clockwise_seat_plus_one():
    st = table(4, start_player=2)
    seen = []
    for _ in range(5):
        seen.append((st.round, st.cand))
        campaign(st, "legislature")
        while st.phase in ("offer", "answer", "vote"):
            if st.phase == "vote":
                show_hands(st, yes=())
            else:
                to_hands(st)
    assert seen == [(1, 2), (1, 3), (1, 0), (1, 1), (2, 2)]


def test_first_candidate_is_random_or_the_chosen_seat():
    assert SPEC.new_game(5, 1, {"start_player": 3}).start == 3
    starts = {SPEC.new_game(5, seed, {}).start for seed in range(30)}
    assert len(starts) > 1 and starts <= set(range(5))


def test_candidate_picks_any_of_the_six_venues_again_and_again():
    st = table()
    assert st.legal_actions(0) == [("venue", v) for v in data.VENUES]
    assert st.legal_actions(1) == st.legal_actions(2) == []
    campaign(st, "rally")
    assert st.cand == 1 and ("venue", "rally") in st.legal_actions(1)  # R16: repeats allowed


def test_action_turns_run_from_the_candidates_right_with_the_candidate_last():
    st = table(5, start_player=2)
    events = campaign(st, "rally")
    turns = [e["seat"] for e in events if e["type"] == "action_turn"]
    assert turns == [3, 4, 0, 1, 2]


def test_turn_start_step_offers_a_skill_or_a_skip():
    st = table(chars=[PLAIN, "flag_commander", PLAIN])  # 旗海總指揮: at turn start, discard 1 to draw 2
    hand(st, 1, "stage", "smear")
    st.apply(0, ("venue", "rally"))
    assert (st.phase, st.actor) == ("start", 1)
    assert set(st.legal_actions(1)) == {("skill", 1, "smear"), ("skill", 1, "stage"), ("skip",)}
    st.apply(1, ("skill", 1, "smear"))
    assert st.phase == "play" and sorted(st.hands[1]) == sorted(["stage"] + [FILLER] * 4)  # 2 by skill, 2 by step B


def test_without_a_turn_start_skill_the_turn_goes_straight_to_drawing_two():
    st = table()
    hand(st, 1, "stage")
    events = st.apply(0, ("venue", "rally"))
    assert (st.phase, st.actor) == ("play", 1)
    assert [e["count"] for e in events if e["type"] == "draw"] == [2]
    assert st.hands[1] == sorted(["stage", FILLER, FILLER])


def test_draw_from_an_empty_deck_reshuffles_the_discard_pile():
    st = table()
    st.deck, st.discard = [], ["stage", "smear", "knock"]
    st.apply(0, ("venue", "rally"))
    assert len(st.hands[1]) == 2 and set(st.hands[1]) <= {"stage", "smear", "knock"}
    assert st.discard == [] and len(st.deck) == 1


def test_locked_skills_apply_without_a_choice():
    st = table(chars=["house_speaker", "pundit", PLAIN])  # may never choose the rally / never refuse a debate
    assert ("venue", "rally") not in st.legal_actions(0) and len(st.legal_actions(0)) == 5
    st.apply(0, ("venue", "debate"))
    assert (st.phase, st.actor) == ("ask", 2) and st.proc["joined"] == [1]  # seat 1 was never asked


def test_play_step_plays_any_number_of_cards_then_ends():
    st = table()
    hand(st, 1, "stage", "smear", "padded_poll")
    st.apply(0, ("venue", "rally"))
    assert ("end",) in st.legal_actions(1)  # none at all is allowed
    st.apply(1, ("play", "stage"))
    st.apply(1, ("play", "smear"))
    st.apply(1, ("play", "padded_poll"))
    assert (st.phase, st.actor) == ("play", 1)
    # assist and hinder cards go on the venue; a strategy card acts at once and is discarded
    assert [(x["card"], x["kind"], x["by"]) for x in st.slots] == [("stage", "assist", 1), ("smear", "hinder", 1)]
    assert st.votes[1] == 4 and "padded_poll" in st.discard
    st.apply(1, ("end",))
    assert st.actor == 2


def test_venue_slots_hold_four_assist_and_four_hinder_cards():
    st = table()
    hand(st, 1, "stage", "stage", "stage")
    hand(st, 2, "stage", "cyber_escort", "smear")
    st.apply(0, ("venue", "rally"))
    for _ in range(3):
        st.apply(1, ("play", "stage"))
    st.apply(1, ("end",))
    st.apply(2, ("play", "cyber_escort"))
    legal = st.legal_actions(2)
    assert ("play", "stage") not in legal and ("play", "smear") in legal


def test_discard_step_brings_the_hand_down_to_five():
    st = table()
    hand(st, 1, "stage", "smear", "padded_poll", "knock", "leak")
    st.apply(0, ("venue", "rally"))
    st.apply(1, ("end",))
    assert (st.phase, st.actor) == ("discard", 1)
    assert st.legal_actions(1) == [("discard", c) for c in sorted(set(st.hands[1]))]
    st.apply(1, ("discard", "knock"))
    assert st.actor == 1
    st.apply(1, ("discard", "leak"))
    assert len(st.hands[1]) == 5 and (st.phase, st.actor) == ("play", 2)
    assert st.discard[-2:] == ["knock", "leak"]


def test_three_cards_trade_for_one_secret_meeting_card_as_often_as_wanted():
    st = table()
    hand(st, 1, "stage", "smear", "padded_poll", "knock")
    st.apply(0, ("venue", "rally"))
    assert ("trade", ("knock", "padded_poll", "smear")) in st.legal_actions(1)
    deck = len(st.mdeck)
    st.apply(1, ("trade", ("knock", "padded_poll", "smear")))
    st.apply(1, ("trade", (FILLER, FILLER, "stage")))
    assert st.hands[1] == [] and len(st.meetings[1]) == 2 and len(st.mdeck) == deck - 2
    assert {"knock", "padded_poll", "smear", "stage"} <= set(st.discard)


# -- T3.6 the reaction window ------------------------------------------------------------------
def test_reaction_window_opens_after_the_candidate_ends_for_the_others_only():
    st = table(4)
    hand(st, 0, "discord")
    hand(st, 1, "stage")
    hand(st, 3, "discord", "padded_poll")
    st.apply(0, ("venue", "rally"))
    st.apply(1, ("play", "stage"))
    pass_until(st, 0)
    assert ("play", "discord", 0) not in st.legal_actions(0)  # not a card for one's own step C
    events = st.apply(0, ("end",))
    assert "window" in types(events) and st.phase == "react"
    # only seat 3 holds a reaction card: seat 0 (the candidate), 1 and 2 are not asked
    assert st.to_act() == [3]
    assert st.legal_actions(3) == [("play", "discord", 0), ("pass",)]  # reaction cards only
    assert st.view(0)["to_act"] == [] and st.view(0)["actor"] is None and st.view(0)["window_open"]
    assert st.view(3)["to_act"] == [3]
    st.apply(3, ("play", "discord", 0))  # 離間: the assist card leaves the venue
    assert st.phase == "venue" and st.cand == 1
    assert st.votes[0] == 3 + 3 and "stage" in st.discard


def test_a_card_played_in_the_window_gives_everyone_a_new_chance():
    st = table(4)
    hand(st, 0, "stage", "stage")
    hand(st, 1, "discord")
    hand(st, 2, "discord")
    st.apply(0, ("venue", "rally"))
    play(st, 0, "play", "stage")
    st.apply(0, ("play", "stage"))
    st.apply(0, ("end",))
    assert st.to_act() == [1]
    st.apply(1, ("pass",))
    st.apply(2, ("play", "discord", 0))
    assert st.to_act() == [1]  # asked again after a card
    st.apply(1, ("play", "discord", 0))
    assert st.slots == [] and st.votes[0] == 3 + 3


def test_reaction_window_closes_when_everyone_passes():
    st = table()
    hand(st, 1, "discord")
    hand(st, 0, "stage")
    st.apply(0, ("venue", "rally"))
    play(st, 0, "play", "stage")
    st.apply(0, ("end",))
    assert st.to_act() == [1]
    events = st.apply(1, ("pass",))
    assert [e["seats"] for e in events if e["type"] == "passed"] == [[1]]
    assert "settled" in types(events) and st.votes[0] == 3 + 3 + 1


def test_a_window_that_asks_everyone_asks_each_other_seat_in_turn_holding_an_answer_or_not():
    """The table's default: being asked tells nobody anything; an empty hand can only pass, a public
    fact, so that answer is given on the public view."""
    st = table(4, reactions="everyone")
    st.apply(0, ("venue", "rally"))
    end_turns(st)
    hand(st, 1)
    hand(st, 2, "discord")
    hand(st, 3, "padded_poll")
    assert st.phase == "react" and st.to_act() == [1]
    assert st.legal_actions(1) == [("pass",)] and st.decides_openly(1)  # no card at all
    st.apply(1, ("pass",))
    assert st.to_act() == [2] and not st.decides_openly(2)
    st.apply(2, ("pass",))
    assert st.to_act() == [3] and st.legal_actions(3) == [("pass",)] and not st.decides_openly(3)
    events = st.apply(3, ("pass",))
    assert "settled" in types(events)


# -- T3.7 settlement ---------------------------------------------------------------------------
def test_settlement_adds_card_venue_and_assist_effects_into_one_net_change():
    st = table()
    hand(st, 0, "stage", "stage")
    hand(st, 1, "smear")
    pool = st.pool
    events = campaign(st, "rally", (1, ("play", "smear")), (0, ("play", "stage")), (0, ("play", "stage")))
    settled = next(e for e in events if e["type"] == "settled")
    # cards: +1 +1 -2; venue: +3; assist: 2 assist cards = +1
    assert settled["net"] == 4 and st.votes[0] == 7 and st.pool == pool - 4


def test_settled_event_shows_the_arithmetic_its_parts_add_up_to_the_net():
    st = table()
    hand(st, 0, "stage", "stage")
    hand(st, 1, "smear", "coattails")
    events = campaign(st, "rally", (1, ("play", "smear")), (1, ("play", "coattails")), (0, ("play", "stage")),
                      (0, ("play", "stage")))
    settled = next(e for e in events if e["type"] == "settled")
    assert settled["vote_parts"] == [{"source": "venue", "n": 3}, {"source": "smear", "n": -2},
                                     {"source": "coattails", "n": 1}, {"source": "stage", "n": 1},
                                     {"source": "stage", "n": 1}, {"source": "assist", "n": 1}]
    assert sum(p["n"] for p in settled["vote_parts"]) == settled["net"] == settled["votes"] == 5
    assert settled["others"] == {"1": 1} and settled["others_parts"] == {"1": [{"source": "coattails", "n": 1}]}
    assert settled["iron_parts"] == [] and settled["iron"] == 0 and settled["limits"] == []


def test_settled_event_names_the_card_that_halves_the_venue_and_the_floor_at_zero():
    st = table(votes=1)
    hand(st, 1, "rigging", "smear", "smear")
    events = campaign(st, "rally", (1, ("play", "rigging")), (1, ("play", "smear")), (1, ("play", "smear")))
    settled = next(e for e in events if e["type"] == "settled")
    assert settled["vote_parts"] == [{"source": "venue", "n": 3}, {"source": "halved", "n": -2, "card": "rigging"},
                                     {"source": "smear", "n": -2}, {"source": "smear", "n": -2}]
    assert settled["net"] == -3 and settled["votes"] == -1 and settled["limits"] == ["floor"]


def test_a_jailed_settlement_is_shown_with_what_was_lost_and_becomes_the_last_settlement():
    st = table()
    st.summons[0] = 2
    st.iron[0] = 1
    hand(st, 1, "investigation", "coattails")
    events = campaign(st, "rally", (1, ("play", "coattails")), (1, ("play", "investigation")))
    settled = next(e for e in events if e["type"] == "settled")
    assert settled["jailed"] and (settled["votes"], settled["iron"]) == (-3, -1)
    assert settled["others"] == {"1": 1} and st.votes[1] == 3 + 1  # card effects come before the jail check
    assert st.view(None)["last_settlement"] == {"seat": 0, "venue": "rally", "votes": -3, "iron": -1,
                                                 "others": {"1": 1}, "jailed": True}


def test_vote_changes_are_added_up_before_they_are_applied():
    st = table()
    set_votes(st, 0, 0)
    hand(st, 1, "smear")
    campaign(st, "rally", (1, ("play", "smear")))
    assert st.votes[0] == 1  # -2 + 3, not max(0, -2) + 3


def test_votes_never_fall_below_zero():
    st = table()
    set_votes(st, 0, 1)
    hand(st, 1, "smear", "smear", "smear")
    pool = st.pool
    campaign(st, "rally", *[(1, ("play", "smear"))] * 3)
    assert st.votes[0] == 0 and st.pool == pool + 1  # -6 + 3 = -3, but only the 1 held is lost


def test_card_effects_come_first_and_jail_stops_the_settlement():
    st = table()
    st.summons[0] = 2
    hand(st, 1, "investigation")
    hand(st, 0, "stage", "stage")
    pool = st.pool
    events = campaign(st, "rally", (1, ("play", "investigation")), (0, ("play", "stage")), (0, ("play", "stage")))
    settled = next(e for e in events if e["type"] == "settled")  # neither the venue nor the assist effect
    assert st.jailed[0] and settled["jailed"] and settled["votes"] == -3 and settled["vote_parts"] == [
        {"source": "jail", "n": -3}]
    assert st.pool == pool and st.votes[0] == 0
    assert (st.phase, st.cand) == ("venue", 1)


def test_no_discard_after_settlement_even_above_the_hand_limit():
    st = table()
    hand(st, 0, "explainer", "stage", "smear", "knock")
    events = campaign(st, "rally", (0, ("play", "explainer")))
    assert "discarded" not in types(events)
    assert len(st.hands[0]) == 7 and (st.phase, st.cand) == ("venue", 1)


def test_nobody_is_elected_before_the_settlement_is_finished():
    st = table(chars=PLAIN_LS, factions=["green", "blue", "politician"])
    set_votes(st, 1, st.threshold - 1)
    campaign(st, "legislature")
    to_hands(st)
    show_hands(st, yes=(0, 1, 2))
    st.apply(0, ("allot", 1))
    assert st.phase == "allot" and not st.is_over()
    st.apply(0, ("allot", 0))
    events = st.apply(0, ("allot", 0))
    assert types(events)[-1] == "game_over" and "settled" in types(events)
    assert st.winners() == [1] and st.votes[1] == st.threshold


# -- T4.2 iron votes -------------------------------------------------------------------------
def test_iron_votes_take_as_many_ordinary_votes_out_of_the_pool():
    st = table()
    pool, supply = st.pool, st.iron_supply
    campaign(st, "grassroots")
    assert st.iron[0] == 2 and st.votes[0] == 3
    assert st.pool == pool - 2 and st.removed_votes == 2 and st.iron_supply == supply - 2


def test_iron_votes_count_as_votes_for_the_threshold():
    st = table(factions=["blue", "green", "politician"])
    set_votes(st, 0, st.threshold - 2)
    campaign(st, "grassroots")
    assert st.view(None)["players"][0]["total"] == st.threshold
    assert st.is_over() and st.end["method"] == "elected" and st.winners() == [0]


def test_iron_gains_are_ordinary_votes_once_the_iron_tokens_run_out():
    st = table()
    st.iron_supply = 1  # R13: the box's 30 iron tokens can run out
    campaign(st, "grassroots")
    assert (st.iron[0], st.votes[0], st.iron_supply) == (1, 4, 0)


def test_iron_votes_are_not_lost_moved_or_poached():
    st = table()
    set_votes(st, 2, 0)
    st.iron[2] = 2
    hand(st, 1, "discipline", "fake_poll")
    st.apply(0, ("venue", "poaching"))
    assert not any(a[:3] == ("play", "fake_poll", 2) for a in st.legal_actions(1))  # no ordinary votes to move
    hit(st, 1, ("play", "discipline", 2))
    assert (st.votes[2], st.iron[2]) == (0, 2)
    end_turns(st)
    assert st.legal_actions(0) == [("target", 1)]  # seat 2 has only iron votes


# -- T4.3 summonses, T4.4 jail -----------------------------------------------------------------
def test_special_investigation_summons_the_candidate_at_settlement():
    st = table()
    hand(st, 1, "investigation")
    st.apply(0, ("venue", "rally"))
    play(st, 1, "play", "investigation")
    assert st.summons[0] == 0
    end_turns(st)
    assert st.summons[0] == 1 and st.view(None)["players"][0]["summons"] == 1


@pytest.mark.parametrize("before, after", [(0, 1), (1, 3)])
def test_guilty_verdict_gives_one_more_summons_to_a_candidate_already_summoned(before, after):
    st = table()
    st.summons[0] = before
    hand(st, 1, "guilty")
    campaign(st, "rally", (1, ("play", "guilty")))
    assert st.summons[0] == after and st.jailed[0] == (after == 3)


def test_strategy_cards_and_skills_frame_players_with_summonses():
    st = table(chars=[PLAIN, "prosecutor", PLAIN])  # 特偵檢察官: once per game, discard 2: 1 summons
    hand(st, 1, "leak", "stage", "smear")
    st.apply(0, ("venue", "rally"))
    hit(st, 1, ("play", "leak", 2))
    hit(st, 1, ("skill", 0, ("smear", "stage"), 2))
    assert st.summons[2] == 2 and st.summons_total == 2


def test_third_summons_jails_at_once():
    st = table()
    st.summons[2] = 2
    hand(st, 1, "leak")
    st.apply(0, ("venue", "rally"))
    events = hit(st, 1, ("play", "leak", 2))
    assert "jail" in types(events) and st.jailed[2] and st.view(None)["players"][2]["jailed"]
    assert (st.phase, st.actor) == ("play", 1)
    events = end_turns(st)
    assert 2 not in [e["seat"] for e in events if e["type"] == "action_turn"]


def test_jail_removes_the_players_votes_from_the_game():
    st = table()
    set_votes(st, 2, 5)
    st.iron[2], st.summons[2] = 2, 2
    st.meetings[2] = ["show"]
    hand(st, 2, "stage")
    hand(st, 1, "leak")
    pool, removed = st.pool, st.removed_votes
    st.apply(0, ("venue", "rally"))
    hit(st, 1, ("play", "leak", 2))
    assert (st.votes[2], st.iron[2]) == (0, 0)
    # Not vote loss: out of the game (the iron votes' tokens already left when they were gained).
    assert st.pool == pool and st.removed_votes == removed + 5
    assert st.hands[2] == [] and st.meetings[2] == [] and "show" in st.mdeck


def test_acquittal_removes_a_summons_but_never_a_jailed_players():
    st = table(4)
    st.summons[1], st.summons[3] = 1, 3
    st.jailed[3] = True
    hand(st, 2, "acquittal")
    st.apply(0, ("venue", "rally"))
    pass_until(st, 2)
    assert [a for a in st.legal_actions(2) if a[:2] == ("play", "acquittal")] == [("play", "acquittal", 1)]
    st.apply(2, ("play", "acquittal", 1))
    assert st.summons[1] == 0


def test_jailed_candidate_ends_the_campaign_turn_at_once():
    st = table(4)
    st.summons[0] = 2
    hand(st, 1, "leak", "stage")
    hand(st, 2, "stage")
    st.apply(0, ("venue", "rally"))
    st.apply(1, ("play", "stage"))
    events = hit(st, 1, ("play", "leak", 0))
    assert st.jailed[0] and any(e.get("aborted") for e in events if e["type"] == "campaign_over")
    # seats 2, 3 and the candidate never act; the next campaign turn begins
    assert "action_turn" not in types(events) and (st.phase, st.cand) == ("venue", 1)
    assert st.slots == [] and "stage" in st.discard and st.hands[2] == ["stage"]


def test_jailed_players_get_no_campaign_or_action_turns():
    st = table(4)
    jail(st, 1)
    events = campaign(st, "rally")
    assert 1 not in [e["seat"] for e in events if e["type"] == "action_turn"]
    assert st.cand == 2  # seat 1's campaign turn is skipped
    st.meetings[2] = ["show"]
    hand(st, 2, "discipline")
    st.apply(2, ("venue", "rally"))
    pass_until(st, 2)
    targets = {a[2] for a in st.legal_actions(2) if a[0] == "meeting" or a[:2] == ("play", "discipline")}
    assert targets == {0, 3}  # out of the game: no longer a target (R10)


def test_jailed_blue_player_still_wins_with_their_camp():
    st = table(5)  # blue blue green green politician
    jail(st, 1)
    set_votes(st, 0, st.threshold - 3)
    campaign(st, "rally")
    assert st.end["method"] == "elected" and st.winners() == [0, 1]


def test_jailed_politician_wins_only_with_a_condition_about_jail():
    st = table(chars=[PLAIN, PLAIN, "fallen_magistrate"])  # 落馬首長: go to jail holding mark-4 votes
    set_votes(st, 2, need(st, "fallen_magistrate"))
    st.summons[2] = 2
    hand(st, 1, "leak")
    st.apply(0, ("venue", "rally"))
    hit(st, 1, ("play", "leak", 2))
    assert st.jailed[2] and st.winners() == [2] and st.end["method"] == "politician"


# -- T4.5 hospital -----------------------------------------------------------------------------
def test_hospitalised_card_turns_back_after_another_players_campaign_turn():
    st = table(4)
    hand(st, 1, "shooting")
    events = campaign(st, "rally", (1, ("play", "shooting", 2)))
    assert [e["seat"] for e in events if e["type"] == "action_turn"] == [1, 3, 0]
    assert st.hosp[2] is not None and st.view(None)["players"][2]["hospital"]  # still, after the turn it began in
    events = campaign(st, "rally")
    assert 2 not in [e["seat"] for e in events if e["type"] == "action_turn"]
    assert st.hosp[2] is None and "recovered" in types(events)
    assert st.cand == 2


def test_hospitalised_player_cannot_act_or_be_elected_but_receives_meetings():
    st = table(4, factions=["green", "politician", "blue", "politician"])
    set_votes(st, 2, st.threshold - 2)
    st.hosp[2] = 0
    hand(st, 2, "discord")
    hand(st, 1, "fake_poll")
    st.meetings[1] = ["show"]
    st.apply(0, ("venue", "rally"))
    assert ("meeting", "show", 2) in st.legal_actions(1)
    hit(st, 1, ("play", "fake_poll", 0, 2))  # at the threshold, but no declaring from hospital
    assert st.votes[2] == st.threshold and not st.is_over()
    events = pass_until(st, 0)
    assert [e["seat"] for e in events if e["type"] == "action_turn"] == [3, 0]  # no action turn
    hand(st, 0, "stage")
    st.apply(0, ("play", "stage"))
    events = st.apply(0, ("end",))  # no reaction window for the hospitalised holder of 離間
    assert "window" in types(events) and "settled" in types(events)
    assert st.hosp[2] is None and st.is_over() and st.winners() == [2]  # elected once out


def test_hospitalised_candidate_loses_only_their_own_action_turn():
    st = table()
    hand(st, 1, "shooting")
    events = campaign(st, "rally", (1, ("play", "shooting", 0)))
    assert 0 not in [e["seat"] for e in events if e["type"] == "action_turn"]
    assert st.votes[0] == 3 + 2 + 3  # sympathy votes, then the rally still settles


def test_death_grip_hospitalises_the_candidate_after_settlement():
    st = table()
    hand(st, 1, "death_grip")
    campaign(st, "rally", (1, ("play", "death_grip")))
    assert st.votes[0] == 6 and st.hosp[0] is not None
    events = campaign(st, "rally")
    assert 0 not in [e["seat"] for e in events if e["type"] == "action_turn"] and st.hosp[0] is None


def test_shooting_hospitalises_a_player_who_gains_two_votes():
    st = table()
    hand(st, 1, "shooting", "shooting")
    st.apply(0, ("venue", "rally"))
    pool = st.pool
    hit(st, 1, ("play", "shooting", 2))
    assert st.hosp[2] is not None and st.votes[2] == 5 and st.pool == pool - 2
    assert ("play", "shooting", 2) not in st.legal_actions(1)  # not twice into hospital


def test_hospitalised_player_uses_no_active_skill_but_locked_skills_still_trigger():
    # 網紅參選人 draws when targeted (active); 黑金議員 loses a vote with each summons (locked)
    st = table(4, chars=[PLAIN, PLAIN, "influencer", "black_gold"])
    st.hosp[2] = st.hosp[3] = 0
    hand(st, 1, "leak", "leak")
    st.apply(0, ("venue", "rally"))
    hit(st, 1, ("play", "leak", 2))
    hit(st, 1, ("play", "leak", 3))
    assert st.summons[2:] == [1, 1] and st.hands[2] == []  # no draw from hospital
    assert st.votes[2:] == [3, 2]  # the locked skill still costs a vote


def test_sympathy_votes_skill_pays_on_going_into_hospital():
    st = table(chars=[PLAIN, PLAIN, "kneeler"])  # 下跪催票王: 2 sympathy votes when hospitalised
    hand(st, 1, "shooting")
    st.apply(0, ("venue", "rally"))
    hit(st, 1, ("play", "shooting", 2))
    assert st.votes[2] == 3 + 2 + 2


def test_face_down_player_draws_no_card_from_a_meeting():
    # Rules 3(5): a face-down character cannot draw (不能抽牌), though it still receives meetings.
    st = table()  # seat 1 is Green: probe_bgp tells Green to draw 1
    st.hosp[1] = 0
    st.meetings[0] = ["probe_bgp"]
    st.apply(0, ("venue", "rally"))
    pass_until(st, 0)
    events = st.apply(0, ("meeting", "probe_bgp", 1))
    assert [(e["seat"], e["why"]) for e in events if e["type"] == "no_draw"] == [(1, "meeting")]
    assert st.hands[1] == [] and "draw" not in types(events)


def test_face_down_candidate_draws_nothing_from_the_explainer_at_settlement():
    st = table()
    st.hosp[0] = st.camp_count  # the candidate went into hospital in this campaign turn
    hand(st, 1, "explainer")
    events = campaign(st, "rally", (1, ("play", "explainer")))
    assert st.hands[0] == [] and [e["why"] for e in events if e["type"] == "no_draw"] == ["explainer"]
    assert not [e for e in events if e["type"] == "draw" and e["seat"] == 0]


def test_face_down_candidate_draws_nothing_from_the_poaching_assist_effect():
    st = table()
    st.hosp[0] = st.camp_count
    hand(st, 1, "stage", "stage")
    events = campaign(st, "poaching", (1, ("play", "stage")), (1, ("play", "stage")))
    assert [e["why"] for e in events if e["type"] == "no_draw"] == ["poaching"] and st.hands[0] == []


def test_debate_refuser_sitting_out_draws_no_card_either():
    st = table()  # seat 1 is Green: probe_bgp tells Green to draw 1
    st.meetings[2] = ["probe_bgp"]
    joined_debate(st, False, True)
    assert st.away[1]
    pass_until(st, 2)
    events = st.apply(2, ("meeting", "probe_bgp", 1))
    assert [e["seat"] for e in events if e["type"] == "no_draw"] == [1] and st.hands[1] == []


# -- T4.6 vote loss ------------------------------------------------------------------------------
def test_vote_loss_returns_votes_to_the_pool():
    st = table()
    hand(st, 1, "discipline")
    st.apply(0, ("venue", "rally"))
    pool = st.pool
    hit(st, 1, ("play", "discipline", 2))
    assert st.votes[2] == 2 and st.pool == pool + 1


def test_losing_more_votes_than_held_loses_only_those_held():
    st = table()
    set_votes(st, 2, 0)
    hand(st, 1, "discipline")
    st.apply(0, ("venue", "rally"))
    pool = st.pool
    events = hit(st, 1, ("play", "discipline", 2))
    assert st.votes[2] == 0 and st.pool == pool
    assert [e["votes"] for e in events if e["type"] == "lose"] == [0]


def test_fake_poll_moves_votes_and_is_not_vote_loss():
    st = table()
    set_votes(st, 0, 1)
    hand(st, 1, "fake_poll", "fake_poll")
    st.apply(0, ("venue", "rally"))
    pool = st.pool
    hit(st, 1, ("play", "fake_poll", 2, 1))
    assert (st.votes[2], st.votes[1]) == (1, 5) and st.pool == pool
    hit(st, 1, ("play", "fake_poll", 0, 1))  # only the 1 vote held moves
    assert (st.votes[0], st.votes[1]) == (0, 6) and st.pool == pool


# -- T5.1 declarations --------------------------------------------------------------------------
def test_blue_player_at_the_threshold_is_elected_and_the_whole_camp_wins():
    st = table(5)  # blue blue green green politician
    set_votes(st, 1, st.threshold - 2)
    hand(st, 3, "fake_poll")
    st.apply(0, ("venue", "rally"))
    events = play(st, 3, "play", "fake_poll", 2, 1)  # in another player's turn: any player is elected
    over = events[-1]
    assert over["type"] == "game_over" and over["method"] == "elected" and over["winners"] == [0, 1]
    assert over["factions"] == st.factions and st.view(2)["players"][4]["faction"] == "politician"


def test_hijacking_politician_wins_alone_instead_of_the_elected_camp():
    st = table(5, chars=[PLAIN] * 4 + ["rally_king"])  # 凍蒜天王: hijacks Blue while holding mark-4 votes
    set_votes(st, 4, need(st, "rally_king"))
    set_votes(st, 0, st.threshold - 3)
    campaign(st, "rally")
    assert st.end["method"] == "politician" and st.winners() == [4] and st.end["hijack"] == [4]


def test_hijacker_short_of_votes_lets_the_camp_win():
    st = table(5, chars=[PLAIN] * 4 + ["rally_king"])
    set_votes(st, 4, need(st, "rally_king") - 1)
    set_votes(st, 0, st.threshold - 3)
    campaign(st, "rally")
    assert st.end["method"] == "elected" and st.winners() == [0, 1]


def test_politician_meeting_their_condition_wins_alone():
    # 財團董事長: hold the mark's votes, 4 or more of them iron
    st = table(chars=["chairman", PLAIN, PLAIN], factions=["politician", "blue", "green"])
    set_votes(st, 0, need(st, "chairman"))
    st.iron[0] = 2
    campaign(st, "grassroots")
    assert st.end["method"] == "politician" and st.winners() == [0]


def test_a_close_race_is_judged_at_the_end_of_a_campaign_turn():
    # 司改鬥士: Blue and Green totals within 2 when a campaign turn ends, holding the mark's votes
    st = table(5, chars=[PLAIN] * 4 + ["reformer"])  # blue blue green green politician
    set_votes(st, 4, need(st, "reformer"))
    set_votes(st, 2, 6)  # Blue 6, Green 9: the rally's 3 votes for seat 0 close the gap
    events = st.apply(0, ("venue", "rally"))
    assert not st.is_over() and "game_over" not in types(events)
    end_turns(st)
    assert st.end["method"] == "politician" and st.winners() == [4]


def test_several_politicians_declaring_at_once_all_win():
    # 鄉長夫人 / 部會首長: another player in jail, holding mark-5 / mark-4 votes
    st = table(4, chars=["chief_wife", "minister", PLAIN, PLAIN], factions=["politician", "politician", "blue", "green"])
    set_votes(st, 0, need(st, "chief_wife"))
    set_votes(st, 1, need(st, "minister"))
    st.summons[2] = 2
    hand(st, 1, "leak")
    st.apply(0, ("venue", "rally"))
    hit(st, 1, ("play", "leak", 2))
    assert st.end["method"] == "politician" and st.winners() == [0, 1]


def test_both_camps_reaching_the_threshold_at_once_raise_it_by_one():
    st = table(chars=PLAIN_LS)  # blue green politician
    t = st.threshold
    set_votes(st, 0, t - 1)
    set_votes(st, 1, t - 1)
    campaign(st, "legislature")
    to_hands(st)
    show_hands(st, yes=(0, 1, 2))
    st.apply(0, ("allot", 0))
    st.apply(0, ("allot", 1))
    events = st.apply(0, ("allot", 2))
    assert st.votes[:2] == [t, t] and st.threshold == t + 1 and not st.is_over()
    assert [e["threshold"] for e in events if e["type"] == "threshold_up"] == [t + 1]



def test_the_threshold_rises_one_at_a_time_while_both_camps_stay_above_it():
    st = table(chars=PLAIN_LS)  # blue green politician
    t = st.threshold
    set_votes(st, 0, t + 1)
    set_votes(st, 1, t + 1)
    first = st.apply(0, ("venue", "street"))   # every action is a check: +1, and play goes on
    assert st.threshold == t + 1 and not st.is_over()
    second = step(st)
    assert st.threshold == t + 2 and not st.is_over()
    step(st)
    assert st.threshold == t + 2  # both below it now: nobody elected, nothing raised
    assert [e["threshold"] for e in first + second if e["type"] == "threshold_up"] == [t + 1, t + 2]


def test_a_debate_refuser_at_the_threshold_is_elected_only_when_the_card_turns_back():
    st = table(chars=PLAIN_LS)  # blue green politician
    set_votes(st, 1, st.threshold)  # green, at the threshold, refuses the debate: face down
    st.factions = ["blue", "politician", "green"]
    set_votes(st, 1, 3)
    set_votes(st, 2, st.threshold - 1)
    st.apply(0, ("venue", "debate"))
    st.apply(st.actor, ("debate", "join"))   # seat 1
    st.apply(st.actor, ("debate", "refuse"))  # seat 2: away until the settlement ends
    st.stats[2]["flags"] = []
    set_votes(st, 2, st.threshold)           # reached while face down (e.g. a Fake Poll)
    st.apply(1, ("end",))
    assert not st.is_over() and st.away[2]
    end_turns(st)
    while not st.is_over() and st.cand == 0:
        st.apply(st.actor, st.legal_actions(st.actor)[0])
    assert st.is_over() and st.end["method"] == "elected" and 2 in st.winners()

# -- T5.2 the forced count ------------------------------------------------------------------------
def test_forced_count_after_the_last_round():
    st = table(factions=["blue", "green", "politician"])
    st.round = st.max_rounds
    set_votes(st, 0, 4)
    for _ in range(3):
        assert not st.is_over()
        campaign(st, "rally")
    assert st.end["method"] == "forced" and st.end["reason"] == "rounds" and st.end["rule"] == "C"
    assert st.winners() == [0]


def test_forced_count_when_the_vote_pool_runs_out():
    st = table(factions=["green", "blue", "politician"])
    st.pool = 2
    campaign(st, "rally")
    assert st.pool == 0 and st.votes[0] == 5
    assert (st.end["method"], st.end["reason"], st.end["rule"]) == ("forced", "pool", "C") and st.winners() == [0]


def test_declaration_beats_a_forced_count_at_the_same_moment():
    st = table()  # seat 0 Blue
    set_votes(st, 0, st.threshold - 3)
    st.pool = 3
    campaign(st, "rally")
    assert st.pool == 0 and st.end["method"] == "elected" and st.winners() == [0]


def test_forced_count_a_a_politician_meeting_their_condition_wins():
    # 司改鬥士: Blue and Green totals within 2, holding the mark's votes; in hospital it could not
    # declare, but a forced count is a count, not a declaration.
    st = table(5, chars=[PLAIN] * 4 + ["reformer"])  # blue blue green green politician
    k = need(st, "reformer")
    set_votes(st, 4, k)
    set_votes(st, 0, k - 1)  # + 2 at the rally: Blue k + 4, Green k + 4, and seats 0 and 2 on top
    set_votes(st, 2, k + 1)
    st.hosp[4] = st.camp_count + 99  # stays face down through this campaign
    st.pool = 2
    campaign(st, "rally")
    assert (st.end["rule"], st.winners()) == ("A", [4])  # before rule B, though not the highest


def test_forced_count_b_the_politician_with_the_most_votes_wins_alone():
    st = table()
    set_votes(st, 2, 9)
    st.pool = 2
    campaign(st, "rally")
    assert (st.end["rule"], st.winners()) == ("B", [2])


def test_forced_count_b_needs_the_politician_strictly_on_top():
    st = table()
    set_votes(st, 2, 5)  # tied with Blue's 3 + 2
    st.pool = 2
    campaign(st, "rally")
    assert (st.end["rule"], st.winners()) == ("C", [0])


def test_forced_count_c_the_camp_with_more_votes_wins_ties_go_to_iron_votes():
    st = table(5)
    st.iron[2] = 1
    set_votes(st, 3, 2)  # Blue 3 + 3 = 6, Green 1 iron + 3 + 2 = 6
    st.pool = 0
    events = st.apply(0, ("venue", "rally"))
    assert events[-1]["detail"]["rule"] == "C" and st.winners() == [2, 3]  # R6: more iron votes


def test_forced_count_c_with_equal_totals_and_iron_nobody_wins():
    st = table(5)
    st.pool = 0
    st.apply(0, ("venue", "rally"))
    assert st.is_over() and st.winners() == [] and st.end["rule"] == "C"


# -- T5.3 all jailed --------------------------------------------------------------------------------
def test_last_player_out_of_jail_wins_with_their_camp():
    st = table(5)  # blue blue green green politician
    for s in (1, 2, 4):
        jail(st, s)
    st.summons[3] = 2
    hand(st, 0, "leak")
    st.apply(0, ("venue", "rally"))
    play(st, 0, "play", "leak", 3)
    assert st.end["method"] == "all_jailed" and st.winners() == [0, 1]


def test_last_politician_out_of_jail_wins_alone():
    st = table(5, start_player=4)
    for s in (0, 1, 3):
        jail(st, s)
    st.summons[2] = 2
    hand(st, 4, "leak")
    st.apply(4, ("venue", "rally"))
    play(st, 4, "play", "leak", 2)
    assert st.end["method"] == "all_jailed" and st.winners() == [4]


# -- T6.1 rally, T6.2 grassroots ------------------------------------------------------------------
@pytest.mark.parametrize("escorts, votes", [(0, 3), (1, 3), (2, 4), (3, 4), (4, 5)])
def test_rally_gives_three_votes_and_one_more_per_two_assist_cards(escorts, votes):
    st = table()
    hand(st, 1, *["cyber_escort"] * escorts)  # an assist card with nothing to cancel: only counted
    campaign(st, "rally", *[(1, ("play", "cyber_escort"))] * escorts)
    assert st.votes[0] == 3 + votes


def test_assist_cards_cancelled_at_settlement_are_not_counted():
    st = table()
    hand(st, 1, "stage", "stage", "crash")
    campaign(st, "rally", *[(1, ("play", c)) for c in ("stage", "stage", "crash")])
    assert st.votes[0] == 3 + 1 + 3  # 砸場 cancels one: 1 assist card reaches settlement, no bonus


@pytest.mark.parametrize("escorts, iron", [(0, 2), (2, 3), (4, 4)])
def test_grassroots_gives_two_iron_votes_and_one_more_per_two_assist_cards(escorts, iron):
    st = table()
    hand(st, 1, *["cyber_escort"] * escorts)
    campaign(st, "grassroots", *[(1, ("play", "cyber_escort"))] * escorts)
    assert (st.iron[0], st.votes[0]) == (iron, 3)


# -- T6.3 street canvassing ---------------------------------------------------------------------------
def test_street_gains_the_difference_between_two_dice():
    st = table(chars=PLAIN_LS)
    st.rng = Dice(5, 2)
    events = campaign(st, "street")
    assert [e["dice"] for e in events if e["type"] == "dice"] == [[5, 2]]
    assert st.votes[0] == 3 + 3


def test_street_difference_zero_gains_one_die():
    st = table(chars=PLAIN_LS)
    st.rng = Dice(4, 4)
    campaign(st, "street")
    assert st.votes[0] == 3 + 4


def test_street_with_two_assist_cards_rolls_three_dice_and_keeps_two():
    st = table(chars=PLAIN_LS)
    st.rng = Dice(1, 6, 6)
    hand(st, 1, "cyber_escort", "cyber_escort")
    campaign(st, "street", (1, ("play", "cyber_escort")), (1, ("play", "cyber_escort")))
    assert (st.phase, st.actor, st.dice) == ("dice", 0, [1, 6, 6])
    assert st.legal_actions(0) == [("pick", 0, 1), ("pick", 0, 2), ("pick", 1, 2)]
    st.apply(0, ("pick", 1, 2))
    assert st.votes[0] == 3 + 6  # a double six is worth one die


# -- T6.4 the legislative showdown -------------------------------------------------------------------
def test_legislature_coordination_asks_each_other_player_in_action_order():
    st = table(4, chars=PLAIN_LS)
    hand(st, 0, "stage")
    campaign(st, "legislature")
    asked = []
    while st.phase in ("offer", "answer"):
        if st.phase == "offer":
            assert st.actor == 0
            asked.append(st.proc["asking"])
            st.apply(0, ("offer", 0, 0, "hug") if asked[-1] == 2 else ("offer", 1, 0, "none"))
        else:
            assert st.actor == asked[-1]
            assert st.legal_actions(st.actor) == [("answer", "yes"), ("answer", "maybe"), ("answer", "no")]
            st.apply(st.actor, ("answer", "no"))
    assert asked == [1, 2, 3]
    assert st.proc["offers"]["2"] == {"votes": 0, "cards": 0, "extra": "hug"}  # a gesture: no effect
    assert st.view(None)["proc"]["answers"] == {"1": "no", "2": "no", "3": "no"}  # public answers


def test_legislature_offers_share_at_most_the_bills_three_votes():
    st = table(4, chars=PLAIN_LS)
    campaign(st, "legislature")
    legal = st.legal_actions(0)
    assert max(a[1] for a in legal) == 3 and max(a[2] for a in legal) == 2  # 2 cards at most
    st.apply(0, ("offer", 2, 0, "none"))
    st.apply(1, ("answer", "yes"))
    assert max(a[1] for a in st.legal_actions(0)) == 1


def test_legislature_show_of_hands_is_secret_and_simultaneous():
    st = table(4, chars=PLAIN_LS)
    st.hosp[3] = 0  # a hospitalised player still votes (R8)
    campaign(st, "legislature")
    to_hands(st)
    assert sorted(st.to_act()) == [0, 1, 2, 3]  # the candidate too, all at once
    st.apply(2, ("vote", "yes"))
    assert st.view(2)["proc"]["votes"] == {"2": "yes"}
    assert st.view(1)["proc"]["votes"] == {"2": None} and st.view(None)["proc"]["votes"] == {"2": None}
    events = show_hands(st, yes=(1,))
    shown = {"0": "no", "1": "yes", "2": "yes", "3": "no"}
    assert next(e for e in events if e["type"] == "bill")["votes"] == shown  # revealed together
    assert st.view(None)["proc"]["votes"] == shown


@pytest.mark.parametrize("n, yes, passed", [(4, (0, 1), True), (4, (0,), False), (3, (0, 2), True), (3, (1,), False)])
def test_legislature_passes_with_half_or_more_hands(n, yes, passed):
    st = table(n, chars=PLAIN_LS)
    campaign(st, "legislature")
    to_hands(st)
    events = show_hands(st, yes=yes)
    bill = next(e for e in events if e["type"] == "bill")
    assert bill["passed"] is passed and bill["needed"] == -(-n // 2)
    assert (st.phase == "allot") is passed


def test_legislature_counts_one_more_supporter_per_two_assist_cards():
    st = table(chars=PLAIN_LS)
    hand(st, 1, "cyber_escort", "cyber_escort")
    campaign(st, "legislature", (1, ("play", "cyber_escort")), (1, ("play", "cyber_escort")))
    to_hands(st)
    events = show_hands(st, yes=(0,))
    assert next(e for e in events if e["type"] == "bill")["support"] == 2 and st.phase == "allot"


def test_legislature_bill_event_shows_what_the_support_is_made_of():
    st = table(chars=PLAIN_LS)
    hand(st, 1, "cyber_escort", "cyber_escort")
    campaign(st, "legislature", (1, ("play", "cyber_escort")), (1, ("play", "cyber_escort")))
    to_hands(st)
    bill = next(e for e in show_hands(st, yes=(0, 2)) if e["type"] == "bill")
    assert bill["support_parts"] == [{"source": "yes", "n": 2, "seats": [0, 2]}, {"source": "assist", "n": 1}]
    assert sum(p["n"] for p in bill["support_parts"]) == bill["support"] == 3


def test_a_halving_card_halves_the_bill_once():
    # 作票疑雲 halves the venue effect: the bill's 3 votes become 1, and the candidate who keeps it
    # keeps 1 (edition 1 halved the candidate's own share again, to 0).
    st = table(chars=PLAIN_LS)
    hand(st, 1, "rigging")
    campaign(st, "legislature", (1, ("play", "rigging")))
    to_hands(st)
    bill = next(e for e in show_hands(st, yes=(0, 1, 2)) if e["type"] == "bill")
    assert (bill["pot"], bill["halved_by"]) == (1, "rigging")
    events = st.apply(0, ("allot", 0))
    settled = next(e for e in events if e["type"] == "settled")
    assert settled["vote_parts"] == [{"source": "bill", "n": 1}] and st.votes[0] == 3 + 1


def test_legislature_binding_promises_are_paid_to_yes_voters_only():
    st = table(chars=PLAIN_LS)
    hand(st, 0, "stage", "smear")
    campaign(st, "legislature")
    to_hands(st, {1: (1, 1, "none"), 2: (1, 0, "none")})
    show_hands(st, yes=(0, 1))  # seat 2 took the offer but voted no
    assert (st.phase, st.actor) == ("pay", 0)
    st.apply(0, ("give", "smear"))
    assert "smear" in st.hands[1] and (st.phase, st.proc["pot"]) == ("allot", 2)
    st.apply(0, ("allot", 0))
    st.apply(0, ("allot", 0))  # the rest is the candidate's to share as they like
    assert st.votes == [5, 4, 3]


def test_legislature_failed_bill_pays_nothing():
    st = table(chars=PLAIN_LS)
    campaign(st, "legislature")
    to_hands(st, {1: (3, 0, "none")})
    show_hands(st, yes=(1,))
    assert st.votes == [3, 3, 3] and st.cand == 1


def test_legislature_promise_to_clear_a_summons_plays_acquittal():
    st = table(chars=PLAIN_LS)
    st.summons[1] = 1
    hand(st, 0, "acquittal")
    campaign(st, "legislature")
    assert ("offer", 0, 0, "clear") in st.legal_actions(0)
    to_hands(st, {1: (0, 0, "clear")})
    show_hands(st, yes=(0, 1))
    assert st.summons[1] == 0 and "acquittal" not in st.hands[0]


def test_legislature_words_option_leaves_every_promise_to_the_candidate():
    st = table(chars=PLAIN_LS, promises="words")
    campaign(st, "legislature")
    to_hands(st, {1: (3, 2, "none")})
    show_hands(st, yes=(0, 1))
    assert (st.phase, st.proc["pot"]) == ("allot", 3)  # nothing is paid by the table
    for _ in range(3):
        st.apply(0, ("allot", 0))
    assert st.phase == "gift" and ("done",) in st.legal_actions(0)
    st.apply(0, ("gift", 1, FILLER))
    st.apply(0, ("done",))
    assert st.votes == [6, 3, 3] and st.hands[1].count(FILLER) == 3


# -- T6.5 poaching ----------------------------------------------------------------------------------------
def test_poaching_takes_the_shortfall_in_matching_kinds_and_counts():
    st = table()
    set_votes(st, 1, 5)
    hand(st, 1, "stage", "smear")  # plus 2 FILLER (strategy) cards drawn
    st.apply(0, ("venue", "poaching"))
    pass_until(st, 0)
    hand(st, 0, "stage", "stage", "cyber_escort", "smear", "investigation")  # 3 assist + 2 hinder
    end_turns(st)
    assert st.legal_actions(0) == [("target", 1), ("target", 2)]
    st.apply(0, ("target", 1))
    for c in ("stage", "stage", "cyber_escort", "smear", "investigation"):
        st.apply(0, ("lay", c))
    assert (st.phase, st.actor) == ("match", 1)
    assert st.legal_actions(1) == [("match", "smear"), ("match", "stage"), ("done",)]  # kinds only
    st.apply(1, ("match", "stage"))
    pool = st.pool
    st.apply(1, ("match", "smear"))
    assert (st.phase, st.actor) == ("match", 1)  # nothing more matches, but only the target says so
    events = st.apply(1, ("done",))
    assert next(e for e in events if e["type"] == "poached")["votes"] == 3
    assert (st.votes[0], st.votes[1], st.pool) == (6, 2, pool)  # a transfer, not the pool
    assert st.hands[1] == [FILLER, FILLER] and st.discard.count("stage") == 3


def test_poaching_settlement_counts_the_poached_votes_as_parts():
    st = table(chars=["election_broker", PLAIN, PLAIN])  # 選舉掮客: 1 more vote when poaching any
    set_votes(st, 1, 5)
    st.apply(0, ("venue", "poaching"))
    pass_until(st, 0)
    hand(st, 0, "stage", "stage")
    end_turns(st)
    st.apply(0, ("target", 1))
    st.apply(0, ("lay", "stage"))
    st.apply(0, ("lay", "stage"))
    events = st.apply(1, ("done",))
    settled = next(e for e in events if e["type"] == "settled")
    assert settled["vote_parts"] == [{"source": "poach", "n": 2}, {"source": "skill", "n": 1}]
    assert settled["votes"] == settled["net"] == 3 and settled["others"] == {"1": -3}
    assert settled["others_parts"] == {"1": [{"source": "poach", "n": -3}]} and st.votes[:2] == [6, 2]


def test_poached_player_may_deliberately_match_nothing():
    st = table()
    hand(st, 1, "stage")
    st.apply(0, ("venue", "poaching"))
    pass_until(st, 0)
    hand(st, 0, "stage", "smear")
    end_turns(st)
    st.apply(0, ("target", 1))
    st.apply(0, ("lay", "stage"))
    st.apply(0, ("done",))
    assert ("match", "stage") in st.legal_actions(1)
    st.apply(1, ("done",))
    assert (st.votes[0], st.votes[1]) == (4, 2) and "smear" in st.hands[0]


def test_poaching_takes_ordinary_votes_never_iron_votes():
    st = table()
    set_votes(st, 1, 1)
    st.iron[1] = 3
    st.apply(0, ("venue", "poaching"))
    pass_until(st, 0)
    hand(st, 0, "stage", "stage", "stage")
    end_turns(st)
    st.apply(0, ("target", 1))
    for _ in range(3):
        st.apply(0, ("lay", "stage"))  # seat 1 holds no assist card: nothing to match
    st.apply(1, ("done",))
    assert (st.votes[1], st.iron[1], st.votes[0]) == (0, 3, 4)


def test_the_poaching_target_is_asked_whether_or_not_it_can_match():
    """Asking only a target that holds a matching card would tell the table what it holds."""
    st = table()
    set_votes(st, 1, 3)
    st.apply(0, ("venue", "poaching"))
    pass_until(st, 0)
    hand(st, 0, "stage")
    end_turns(st)
    hand(st, 1)  # nothing at all in hand
    st.apply(0, ("target", 1))
    st.apply(0, ("lay", "stage"))
    assert (st.phase, st.to_act(), st.legal_actions(1)) == ("match", [1], [("done",)])


def test_poaching_draws_one_more_card_per_two_assist_cards_first():
    st = table()
    hand(st, 1, "cyber_escort", "cyber_escort")
    events = campaign(st, "poaching", (1, ("play", "cyber_escort")), (1, ("play", "cyber_escort")))
    assert [e["why"] for e in events if e["type"] == "draw"][-1] == "poaching"
    assert st.phase == "target" and len(st.hands[0]) == 3


# -- T6.6 TV debate -----------------------------------------------------------------------------------------
def test_debate_asks_every_other_player_not_in_jail_in_action_order():
    st = table(5)
    jail(st, 2)
    st.hosp[4] = 0  # 其他所有未入獄玩家: a player in hospital is not in jail, so is asked too
    st.apply(0, ("venue", "debate"))
    assert (st.phase, st.actor, st.legal_actions(1)) == ("ask", 1, [("debate", "join"), ("debate", "refuse")])
    st.apply(1, ("debate", "join"))
    assert (st.phase, st.actor) == ("ask", 3)
    st.apply(3, ("debate", "refuse"))
    assert (st.phase, st.actor) == ("ask", 4)
    st.apply(4, ("debate", "join"))
    assert st.proc["joined"] == [1, 4] and st.proc["refused"] == [3] and st.phase == "play"


def test_debater_in_hospital_cannot_reply_so_the_challenge_fails():
    # Ruling: a face-down character plays no card (rules 3(5)), so no reply can meet the issue.
    st = table()
    st.hosp[2] = 0
    hand(st, 0, "stage")
    hand(st, 2, "stage", "smear")
    joined_debate(st, False, True)
    events = end_turns(st)
    events += st.apply(0, ("issue", "stage"))
    result = next(e for e in events if e["type"] == "debate_result")
    assert result["seat"] == 2 and not result["won"] and result["face_down"]
    assert [e["seat"] for e in events if e["type"] == "debate_roll"] == []  # nothing a roll could ask
    assert (st.phase, st.actor) == ("lose", 2)  # the lost card is still the owner's choice (R12)
    st.apply(2, ("lose", "smear"))
    assert st.hands[2] == ["stage"] and st.votes[0] == 3 + 1


def test_debate_refused_from_hospital_leaves_the_card_face_down():
    st = table()
    st.hosp[2] = st.camp_count  # went in this campaign turn: stays in beyond it
    events = joined_debate(st, True, False)
    events += end_turns(st)
    assert [e["count"] for e in events if e["type"] == "draw" and e["seat"] == 0] == [2 + 1]
    events = st.apply(0, ("issue",))
    assert st.hosp[2] is not None and not st.away[2] and st.view(None)["players"][2]["hospital"]
    assert not [e for e in events if e["type"] in ("back", "recovered") and e["seat"] == 2]  # still face down


def test_debate_refusers_sit_out_until_settlement_and_the_candidate_draws_more():
    st = table(4)
    hand(st, 1, "discord")
    hand(st, 2, "stage")
    events = joined_debate(st, False, True, False)
    assert st.away == [False, True, False, True] and st.view(None)["players"][1]["away"]
    events += st.apply(2, ("play", "stage"))
    events += end_turns(st)
    assert [e["seat"] for e in events if e["type"] == "action_turn"] == [2, 0]
    assert [e["count"] for e in events if e["type"] == "draw" and e["seat"] == 0] == [2 + 2]
    assert st.phase == "issue" and "discord" in st.hands[1]  # sitting out: no reaction either
    st.apply(0, ("issue",))
    assert st.away == [False] * 4 and st.cand == 1  # face up again once settlement is done


def test_debate_with_nobody_taking_part_gives_three_more_votes():
    st = table()
    joined_debate(st, False, False)
    end_turns(st)
    assert st.votes[0] == 3 + 3


def test_debate_lower_roll_needs_the_exact_issue_card():
    st = table()
    st.rng = Dice(4, 2)
    hand(st, 1, "stage", "cyber_escort")
    joined_debate(st, True, False)
    end_turns(st)
    hand(st, 0, "stage", "smear")
    st.apply(0, ("issue", "stage"))
    assert (st.phase, st.actor) == ("reply", 1)
    assert st.legal_actions(1) == [("reply", "stage"), ("concede",)]
    st.apply(1, ("reply", "stage"))
    assert st.votes[1] == 3 + 2 and st.votes[0] == 3 and st.discard.count("stage") == 2


def test_debate_higher_roll_needs_a_card_of_the_same_kind():
    st = table()
    st.rng = Dice(3, 5)
    hand(st, 1, "cyber_escort", "smear")
    joined_debate(st, True, False)
    end_turns(st)
    hand(st, 0, "stage")
    st.apply(0, ("issue", "stage"))
    assert st.legal_actions(1) == [("reply", "cyber_escort"), ("concede",)]


def test_debate_equal_roll_needs_half_the_die_rounded_up_in_any_cards():
    st = table()
    st.rng = Dice(5, 5)
    hand(st, 1, "smear", "leak")
    joined_debate(st, True, False)
    end_turns(st)  # seat 1 holds smear, leak and 2 FILLER
    hand(st, 0, "stage")
    st.apply(0, ("issue", "stage"))
    replies = st.legal_actions(1)[:-1]
    assert replies and all(len(r) == 1 + 3 for r in replies)


def test_debate_loser_loses_a_hand_card_and_the_candidate_gains_a_vote():
    st = table()
    st.rng = Dice(4, 2)
    hand(st, 1, "cyber_escort")
    joined_debate(st, True, False)
    end_turns(st)
    hand(st, 0, "smear")
    st.apply(0, ("issue", "smear"))  # seat 1 has no 抹黑: asked all the same, it can only concede
    assert st.legal_actions(1) == [("concede",)]
    st.apply(1, ("concede",))
    assert (st.phase, st.actor) == ("lose", 1)
    assert st.legal_actions(1) == [("lose", "cyber_escort"), ("lose", FILLER)]
    st.apply(1, ("lose", "cyber_escort"))
    assert st.hands[1] == [FILLER, FILLER] and st.votes == [4, 3, 3]


def test_debater_may_lose_on_purpose():
    st = table()
    st.rng = Dice(4, 2)
    hand(st, 1, "stage")
    joined_debate(st, True, False)
    end_turns(st)
    hand(st, 0, "stage")
    st.apply(0, ("issue", "stage"))
    st.apply(1, ("concede",))
    assert st.phase == "lose"
    st.apply(1, ("lose", FILLER))
    assert st.votes == [4, 3, 3] and "stage" in st.hands[1]


def test_debate_without_an_issue_card_every_debater_wins():
    st = table()
    joined_debate(st, True, True)
    end_turns(st)
    events = st.apply(0, ("issue",))
    assert "debate_roll" not in types(events) and st.votes == [3, 5, 5]


def test_debate_candidate_without_cards_lets_every_debater_win():
    st = table()
    st.deck = ["stage"] * 40
    joined_debate(st, True, False)
    play(st, 0, "play", "stage")
    st.apply(0, ("play", "stage"))
    st.apply(0, ("play", "stage"))  # 2 + 1 drawn (one refuser), all placed
    events = st.apply(0, ("end",))  # no hand left: no issue can be set
    assert st.votes == [3 + 3, 5, 3] and "issue" in types(events)


def test_debate_combination_issue_with_two_or_more_assist_cards():
    st = table()
    st.rng = Dice(3, 3)
    hand(st, 0, "cyber_escort", "cyber_escort", "stage")
    hand(st, 1, "smear", "leak")
    joined_debate(st, True, False)
    play(st, 0, "play", "cyber_escort")
    st.apply(0, ("play", "cyber_escort"))
    end_turns(st)
    hand(st, 0, "stage", "smear")
    assert ("issue", "smear", "stage") in st.legal_actions(0)
    st.apply(0, ("issue", "smear", "stage"))
    replies = st.legal_actions(1)[:-1]
    assert replies and all(len(r) == 1 + 3 for r in replies)  # equal: as many cards as the die, not half


def test_debate_combination_issue_lower_roll_needs_both_cards_exactly():
    st = table()
    st.rng = Dice(5, 1)
    hand(st, 1, "smear", "stage", "stage")
    hand(st, 0, "cyber_escort", "cyber_escort")
    joined_debate(st, True, False)
    play(st, 0, "play", "cyber_escort")
    st.apply(0, ("play", "cyber_escort"))
    end_turns(st)
    hand(st, 0, "stage", "smear")
    st.apply(0, ("issue", "smear", "stage"))
    assert st.legal_actions(1) == [("reply", "smear", "stage"), ("concede",)]


# -- T3.5.4 secret meetings -------------------------------------------------------------------------------
def test_secret_meeting_is_carried_out_truthfully_and_the_sender_learns_the_camp():
    st = table()  # seat 1 is Green
    st.meetings[0] = ["probe_bgp"]  # Blue: give a card; Green: draw 1; Politician: discard 1
    st.apply(0, ("venue", "rally"))
    pass_until(st, 0)
    events = st.apply(0, ("meeting", "probe_bgp", 1))
    card = next(e for e in events if e["type"] == "meeting_card")
    assert card["seats"] == [0, 1]  # face down: only the two of them read it
    assert [e["outcome"] for e in events if e["type"] == "meeting_result"] == ["draw"]
    assert len(st.hands[1]) == 3 and "probe_bgp" in st.mdeck  # back into the meeting deck
    assert st.view(0)["dossier"] == [{"seat": 1, "camp": "green", "is": True, "how": "meeting"}]
    assert st.view(1)["dossier"] == st.view(2)["dossier"] == []


def test_one_way_meeting_tells_the_sender_yes_or_no():
    st = table()
    st.meetings[0] = ["if_blue"]
    st.apply(0, ("venue", "rally"))
    pass_until(st, 0)
    events = st.apply(0, ("meeting", "if_blue", 2))
    assert [e["outcome"] for e in events if e["type"] == "meeting_result"] == ["nothing"]
    assert st.view(0)["dossier"] == [{"seat": 2, "camp": "blue", "is": False, "how": "meeting"}]


def test_exchange_meeting_lets_both_learn_each_other():
    st = table()
    st.meetings[0] = ["exchange"]
    st.apply(0, ("venue", "rally"))
    pass_until(st, 0)
    st.apply(0, ("meeting", "exchange", 2))
    assert st.view(0)["dossier"][0]["camp"] == "politician" and st.view(2)["dossier"][0]["camp"] == "blue"


def test_used_meeting_cards_can_be_removed_from_the_game_instead():
    st = table(used_meetings="remove")
    st.meetings[0] = ["show"]
    st.mdeck = [m for m in st.mdeck if m != "show"]
    st.apply(0, ("venue", "rally"))
    pass_until(st, 0)
    st.apply(0, ("meeting", "show", 1))
    assert "show" not in st.mdeck and st.meetings[0] == []


# -- cards named in the rules --------------------------------------------------------------------------------
def test_sand_table_cancels_a_hostile_strategy_card_that_targets_you():
    st = table()
    hand(st, 1, "discipline")
    hand(st, 2, "sand_table")
    st.apply(0, ("venue", "rally"))
    pool = st.pool
    hit(st, 1, ("play", "discipline", 2))
    assert (st.phase, st.actor) == ("respond", 2)
    assert st.legal_actions(2) == [("accept",), ("cancel",)]
    assert (st.view(0)["phase"], st.view(0)["actor"], st.view(0)["to_act"]) == ("respond", 2, [2])  # public
    st.apply(2, ("cancel",))
    assert st.votes[2] == 3 and st.pool == pool and {"discipline", "sand_table"} <= set(st.discard)
    assert (st.phase, st.actor) == ("play", 1)


def test_sand_table_cancels_an_indirect_skill_but_not_a_direct_one():
    # R2: a skill acting through the courts (frame) may be cancelled; a direct one (snatch) may not
    st = table(chars=[PLAIN, "prosecutor", "paparazzo"])
    hand(st, 1, "stage", "smear", "knock")
    hand(st, 2, "sand_table", "sand_table")
    hand(st, 0, "sand_table", "stage", "smear", "knock")
    st.apply(0, ("venue", "rally"))
    st.apply(1, ("skill", 0, ("smear", "stage"), 2))
    assert (st.phase, st.actor) == ("respond", 2)
    st.apply(2, ("cancel",))
    assert st.summons[2] == 0 and (st.phase, st.actor) == ("play", 1)
    pass_until(st, 2)
    events = st.apply(2, ("skill", 1, 0))  # 狗仔記者 takes a random card from a fuller hand
    assert st.phase == "play" and st.actor == 2 and "snatched" in types(events) and len(st.hands[0]) == 3


def test_target_holding_sand_table_may_let_the_card_act():
    st = table()
    hand(st, 1, "discipline")
    hand(st, 2, "sand_table")
    st.apply(0, ("venue", "rally"))
    hit(st, 1, ("play", "discipline", 2))
    events = st.apply(2, ("accept",))
    assert st.votes[2] == 2 and st.hands[2] == ["sand_table"]
    assert [e["seats"] for e in events if e["type"] == "accepted"] == [None]  # public: it tells nothing


def test_sand_table_target_is_asked_holding_the_card_or_not():
    # Privacy: a target able to answer is always asked; only a holder may cancel.
    st = table()
    hand(st, 1, "discipline")
    hand(st, 2, "stage")
    st.apply(0, ("venue", "rally"))
    events = st.apply(1, ("play", "discipline", 2))
    assert (st.phase, st.actor, st.legal_actions(2)) == ("respond", 2, [("accept",)])
    assert st.votes[2] == 3 and types(events) == ["play"]
    events = st.apply(2, ("accept",))
    assert st.votes[2] == 2 and types(events)[:2] == ["accepted", "lose"]


def test_no_view_tells_whether_a_target_holds_sand_table():
    def seen(card):
        st = table()
        hand(st, 1, "discipline")
        hand(st, 2, card)
        st.apply(0, ("venue", "rally"))
        events = st.apply(1, ("play", "discipline", 2))
        views = [st.view(s) for s in (None, 0, 1)]
        events += st.apply(2, ("accept",))
        return views, [e for e in events if e["seats"] is None or 0 in e["seats"] or 1 in e["seats"]]
    assert seen("sand_table") == seen("stage")


def test_a_target_who_cannot_answer_is_not_asked():
    st = table(chars=[PLAIN, PLAIN, "prosecutor"])  # 特偵檢察官's locked skill: never answers a card
    hand(st, 1, "discipline", "discipline")
    hand(st, 2, "sand_table")
    st.hosp[0] = 0
    st.apply(0, ("venue", "rally"))
    st.apply(1, ("play", "discipline", 2))
    st.apply(1, ("play", "discipline", 0))  # face down: plays no card, so answers none
    assert st.phase == "play" and st.votes == [2, 3, 2]


def test_skill_cancel_never_option_lets_no_active_skill_be_cancelled():
    # Rules 3(1), read literally: an active skill cannot be cancelled, directly or indirectly.
    st = table(chars=[PLAIN, "prosecutor", PLAIN], skill_cancel="never")
    hand(st, 1, "stage", "smear")
    hand(st, 2, "sand_table")
    st.apply(0, ("venue", "rally"))
    st.apply(1, ("skill", 0, ("smear", "stage"), 2))
    assert st.summons[2] == 1 and st.phase == "play" and st.hands[2] == ["sand_table"]


def test_sand_table_cancels_a_card_on_the_venue_in_the_reaction_window():
    st = table()
    hand(st, 1, "smear")
    hand(st, 2, "sand_table")
    st.apply(0, ("venue", "rally"))
    st.apply(1, ("play", "smear"))
    st.apply(1, ("end",))
    st.apply(2, ("end",))
    st.apply(0, ("end",))
    assert st.to_act() == [2] and ("play", "sand_table", 0) in st.legal_actions(2)
    st.apply(2, ("play", "sand_table", 0))
    assert st.votes[0] == 6 and "smear" in st.discard


def test_change_the_subject_turns_a_hinder_card_on_whoever_placed_it():
    st = table()
    hand(st, 1, "smear", "investigation")
    hand(st, 2, "change_subject", "change_subject")
    campaign(st, "rally", (1, ("play", "smear")), (1, ("play", "investigation")))
    assert st.to_act() == [2]
    pool = st.pool
    st.apply(2, ("play", "change_subject", 0))
    assert st.votes[1] == 1 and st.pool == pool + 2
    st.apply(2, ("play", "change_subject", 0))
    assert st.summons[1] == 1 and st.summons[0] == 0 and st.votes[0] == 6


def test_paparazzi_tape_makes_the_candidate_discard_two_cards_or_take_a_summons():
    st = table()
    hand(st, 1, "paparazzi", "paparazzi")
    st.apply(0, ("venue", "rally"))
    pass_until(st, 0)
    hand(st, 0, "stage", "smear", "knock")
    st.apply(0, ("end",))
    hit(st, 1, ("play", "paparazzi"))
    assert (st.phase, st.actor) == ("choose", 0)
    assert ("choose", "discard", ("knock", "smear")) in st.legal_actions(0) and ("choose", "summons") in st.legal_actions(0)
    st.apply(0, ("choose", "discard", ("knock", "smear")))
    assert st.hands[0] == ["stage"] and st.summons[0] == 0
    hit(st, 1, ("play", "paparazzi"))  # engine's reading: with fewer than 2 cards, the summons it is
    assert st.summons[0] == 1 and st.votes[0] == 6


def test_every_card_the_rules_name_is_in_the_deck_and_the_window_examples_are_reactions():
    names = {c["id"]: c["name"]["zh_TW"] for c in data.load()["cards"]}
    assert {"沙盤推演", "特偵查弊", "有罪宣判", "無罪定讞", "死亡之握", "槍擊案", "假民調", "離間", "轉移焦點",
            "狗仔錄音"} <= set(names.values())
    timing = {c["name"]["zh_TW"]: c["timing"] for c in data.load()["cards"]}
    assert {timing[x] for x in ("離間", "轉移焦點", "狗仔錄音")} == {"reaction"}


# -- illegal actions -----------------------------------------------------------------------------------------
def test_illegal_character_choice_raises_and_changes_nothing():
    st = SPEC.new_game(4, 5, {})
    other = st.offers[1][0]
    unchanged(st, 0, ("character", other))
    st.apply(0, ("character", st.offers[0][0]))
    unchanged(st, 0, ("character", st.offers[0][1]))  # kept already


def test_illegal_plays_raise_and_change_nothing():
    st = table()
    hand(st, 1, "stage")
    unchanged(st, 1, ("venue", "rally"))  # not the candidate
    st.apply(0, ("venue", "rally"))
    unchanged(st, 2, ("end",))  # not seat 2's turn
    unchanged(st, 1, ("play", "smear"))  # not in hand
    unchanged(st, 1, ("play", "discipline", 2))


def test_illegal_reactions_and_votes_raise_and_change_nothing():
    st = table(chars=PLAIN_LS)
    hand(st, 1, "discord")
    hand(st, 0, "discord", "stage")
    st.apply(0, ("venue", "legislature"))
    pass_until(st, 0)
    st.apply(0, ("play", "stage"))
    st.apply(0, ("end",))
    unchanged(st, 0, ("play", "discord", 0))  # the candidate has no say in the window
    st.apply(1, ("pass",))
    to_hands(st)
    st.apply(1, ("vote", "yes"))
    unchanged(st, 1, ("vote", "no"))  # one hand each
    unchanged(st, 2, ("vote", "maybe"))

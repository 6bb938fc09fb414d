"""The rules of The Xuanwu Gate Incident (shared/rules/xuanwu_gate.zh-TW.txt), clause by clause.

Every scenario is built by driving ``apply`` with legal actions from a fixed
seed; internals (``state.cards``, ``state.centre``) are only read to set up
expectations. Winning symbols are written out here from the rules text, not
taken from the engine.
"""
from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.registry import GAMES
from game.xuanwu_gate import data as cards

SPEC = GAMES["xuanwu_gate"]
COUNTS = range(SPEC.min_players, SPEC.max_players + 1)
KEEP = ("keep",)
SWAP_OWN = ("swap_own",)

# 遊戲結束 (1)-(4): the centre's two win symbols -> the reward symbols that win.
RULES = {
    ("leaf", "leaf"): {"leaf"},
    ("leaf", "swallow"): {"swallow"},
    ("leaf", "spiral"): {"spiral"},
    ("spiral", "swallow"): {"swallow", "spiral"},
}


# -- helpers ----------------------------------------------------------------
def new(n: int = 5, seed: int = 7, **options):
    return SPEC.new_game(n, seed, options)


def win(card: str) -> str:
    return cards.load()["by_id"][card]["win"]


def rewards(card: str) -> list[str]:
    return cards.load()["by_id"][card]["rewards"]


def winning(centre: list[str]) -> set[str]:
    return RULES[tuple(sorted(win(c) for c in centre))]


def phase(state) -> str:
    return state.view(None)["phase"]


def look_all(state) -> None:
    while phase(state) == "look":
        state.apply(state.to_act()[0], ("look",))


def layout_turn(state, choice=KEEP, slot: int = 0) -> int:
    seat = state.to_act()[0]
    state.apply(seat, ("peek", slot))
    state.apply(seat, choice)
    return seat


def finish_layout(state) -> list[int]:
    order = []
    while phase(state) == "layout":
        order.append(layout_turn(state))
    return order


def to_vote(state) -> None:
    look_all(state)
    finish_layout(state)
    assert phase(state) == "vote"


def vote(state, battle=()) -> list[dict]:
    """Everyone still to vote votes: seats in `battle` for battle, the others wait."""
    events = []
    for s in list(state.to_act()):
        events += state.apply(s, ("vote", "battle" if s in battle else "wait"))
    return events


def fight(state) -> list[dict]:
    """Finish this deal at once: nobody swaps, everyone votes battle."""
    events = []
    look_all(state)
    finish_layout(state)
    deal = state.view(None)["deal"]
    while state.view(None)["deal"] == deal and not state.is_over():
        events += vote(state, battle=range(state.n_players))
    return events


def seed_with_centre(n: int, symbols: tuple[str, str], **options) -> int:
    for seed in range(500):
        state = new(n, seed, **options)
        if tuple(sorted(win(c) for c in state.centre)) == symbols:
            return seed
    raise AssertionError(f"no seed deals {symbols} to the centre")


def strings(value):
    """Every string inside a JSON-like value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)


def holders(state, symbols: set[str]) -> list[int]:
    return [s for s in range(state.n_players) if set(rewards(state.cards[s])) & symbols]


# -- 1. setup ---------------------------------------------------------------
@pytest.mark.parametrize("n", COUNTS)
def test_the_deck_is_players_plus_two_cards_from_the_list_for_that_count(n):
    state = new(n)
    listed = cards.load()["cards_by_players"][str(n)]
    assert len(listed) == n + 2
    assert sorted(state.cards + state.centre) == sorted(listed)
    assert state.view(0)["deck"] == listed


@pytest.mark.parametrize("n", COUNTS)
def test_each_player_gets_one_card_face_down_and_two_lie_apart_in_the_centre(n):
    state = new(n)
    assert len(state.cards) == n and len(state.centre) == 2
    public = state.view(None)
    assert public["seat_cards"] == [None] * n
    assert public["centre_cards"] == [None, None]


def test_the_deal_is_shuffled_by_the_seed():
    deals = {tuple(new(5, seed).cards + new(5, seed).centre) for seed in range(20)}
    assert len(deals) > 10
    assert new(5, 3).cards == new(5, 3).cards


def test_each_seat_holds_one_battle_and_one_wait_vote_every_round():
    state = new(4, 11)
    to_vote(state)
    for s in range(4):
        assert state.legal_actions(s) == [("vote", "battle"), ("vote", "wait")]
    vote(state)  # nobody fights: the vote cards come back for the next round
    finish_layout(state)
    for s in range(4):
        assert state.legal_actions(s) == [("vote", "battle"), ("vote", "wait")]


@pytest.mark.parametrize("start", range(5))
def test_the_start_player_option_picks_the_first_start_player(start):
    state = new(5, 1, start_player=start)
    assert state.view(None)["start_player"] == start
    look_all(state)
    assert state.to_act() == [start]


def test_a_random_start_player_is_drawn_from_the_seed():
    starts = {new(5, seed).view(None)["start_player"] for seed in range(60)}
    assert starts == set(range(5))
    assert new(5, 42).view(None)["start_player"] == new(5, 42).view(None)["start_player"]


def test_a_start_player_beyond_the_table_is_refused():
    with pytest.raises(ValueError):
        new(3, 1, start_player=3)


# -- 2. the look at each deal ------------------------------------------------
def test_each_seat_sees_its_own_card_and_no_one_else_does():
    state = new(5, 2)
    for s in range(5):
        assert state.view(s)["own_card"] == state.cards[s]
    assert state.view(None)["own_card"] is None
    for s in range(5):
        others = {state.view(t)["own_card"] for t in range(5) if t != s}
        assert state.cards[s] not in others


def test_the_own_card_hides_once_the_seat_clicks_look():
    state = new(5, 2)
    seat = state.to_act()[0]
    state.apply(seat, ("look",))
    assert state.view(seat)["own_card"] is None
    assert state.view(seat)["players"][seat]["looked"] is True
    other = state.to_act()[0]
    assert state.view(other)["own_card"] == state.cards[other]


def test_everyone_looks_before_the_layout_begins():
    state = new(5, 2)
    assert sorted(state.to_act()) == list(range(5))
    for s in list(state.to_act())[:-1]:
        state.apply(s, ("look",))
        assert phase(state) == "look"
    state.apply(state.to_act()[0], ("look",))
    assert phase(state) == "layout"


def test_the_look_comes_again_at_every_new_deal():
    state = new(5, 4, variant="scoring", target=10)
    fight(state)
    assert not state.is_over()
    v = state.view(None)
    assert v["deal"] == 2 and v["phase"] == "look"
    assert sorted(state.to_act()) == list(range(5))
    for s in range(5):
        assert state.view(s)["own_card"] == state.cards[s]


# -- 3. layout ---------------------------------------------------------------
@pytest.mark.parametrize("start", [0, 3])
def test_layout_goes_clockwise_from_the_start_player(start):
    state = new(5, 9, start_player=start)
    look_all(state)
    assert finish_layout(state) == [(start + i) % 5 for i in range(5)]


def test_a_layout_turn_is_a_peek_at_one_centre_card_then_one_choice():
    state = new(4, 9, start_player=1)
    look_all(state)
    assert state.legal_actions(1) == [("peek", 0), ("peek", 1)]
    state.apply(1, ("peek", 1))
    assert state.legal_actions(1) == [KEEP, SWAP_OWN, ("swap", 2), ("swap", 3), ("swap", 0)]


def test_peek_shows_the_centre_card_only_to_the_peeker():
    state = new(5, 3, start_player=0)
    look_all(state)
    state.apply(0, ("peek", 1))
    assert state.view(0)["peeked_card"] == state.centre[1]
    assert state.view(0)["peeking_slot"] == 1
    for s in [None, 1, 2, 3, 4]:
        assert state.view(s)["peeked_card"] is None
        assert state.view(s)["peeking_slot"] == 1  # which card is peeked is public


def test_peek_shows_the_card_only_while_peeking():
    state = new(5, 3, start_player=0)
    look_all(state)
    state.apply(0, ("peek", 0))
    state.apply(0, KEEP)
    assert state.view(0)["peeked_card"] is None
    assert state.view(0)["peeking_slot"] is None


def test_keep_puts_the_card_back_where_it_was():
    state = new(5, 3, start_player=0)
    look_all(state)
    before = (list(state.cards), list(state.centre))
    layout_turn(state, KEEP, slot=1)
    assert (state.cards, state.centre) == before


def test_swap_with_own_exchanges_the_peeked_card_with_your_card():
    state = new(5, 3, start_player=0)
    look_all(state)
    mine, centre = state.cards[0], state.centre[1]
    layout_turn(state, SWAP_OWN, slot=1)
    assert state.cards[0] == centre and state.centre[1] == mine
    assert state.view(None)["players"][0]["swapped"] is True


def test_swap_with_another_exchanges_the_peeked_card_with_their_card():
    state = new(5, 3, start_player=0)
    look_all(state)
    theirs, centre, mine = state.cards[3], state.centre[0], state.cards[0]
    layout_turn(state, ("swap", 3), slot=0)
    assert state.cards[3] == centre and state.centre[0] == theirs and state.cards[0] == mine
    assert state.view(None)["players"][3]["swapped"] is True


def test_each_card_can_be_swapped_only_once_a_round():
    state = new(5, 3, start_player=0)
    look_all(state)
    layout_turn(state, ("swap", 3))
    state.apply(1, ("peek", 0))
    assert ("swap", 3) not in state.legal_actions(1)
    with pytest.raises(IllegalAction):
        state.apply(1, ("swap", 3))


def test_a_player_whose_card_was_swapped_cannot_swap_their_own():
    state = new(5, 3, start_player=0)
    look_all(state)
    layout_turn(state, ("swap", 2))
    layout_turn(state, KEEP)
    state.apply(2, ("peek", 0))
    legal = state.legal_actions(2)
    assert SWAP_OWN not in legal
    assert KEEP in legal


def test_swaps_are_public_but_faces_are_not():
    state = new(5, 3, start_player=0)
    look_all(state)
    state.apply(0, ("peek", 1))
    events = state.apply(0, ("swap", 2))
    deck = set(state.deck)
    swap = {"deal": 1, "round": 1, "seat": 0, "slot": 1, "target": 2}
    for s in [None, 0, 1, 2, 3, 4]:
        v = state.view(s)
        assert v["swaps"] == [swap]
        assert v["seat_cards"] == [None] * 5 and v["centre_cards"] == [None, None]
        assert v["peeked_card"] is None
    public = [e for e in events if e["seats"] is None]
    assert any(e["type"] == "swap" and e["target"] == 2 for e in public)
    assert not deck & set(strings(public))


def test_keeping_is_public_too():
    state = new(5, 3, start_player=0)
    look_all(state)
    layout_turn(state, KEEP, slot=1)
    assert state.view(4)["swaps"] == [{"deal": 1, "round": 1, "seat": 0, "slot": 1, "target": None}]


# -- 4. vote -----------------------------------------------------------------
def test_the_vote_follows_the_layout_and_everyone_votes_at_once():
    state = new(5, 3)
    to_vote(state)
    assert sorted(state.to_act()) == list(range(5))


def test_a_vote_is_secret_until_everyone_has_voted():
    state = new(5, 3)
    to_vote(state)
    battle, wait = state.clone(), state.clone()
    battle.apply(2, ("vote", "battle"))
    wait.apply(2, ("vote", "wait"))
    for s in [None, 0, 1, 3, 4]:
        assert battle.view(s) == wait.view(s)
        assert battle.view(s)["my_vote"] is None
        assert battle.view(s)["players"][2]["voted"] is True
    assert battle.view(2)["my_vote"] == "battle" and wait.view(2)["my_vote"] == "wait"


def test_a_cast_vote_is_announced_but_its_choice_only_to_the_voter():
    state = new(5, 3)
    to_vote(state)
    events = state.apply(1, ("vote", "battle"))
    for e in events:
        if "vote" in e:
            assert e["seats"] == [1]
    assert any(e["type"] == "vote_cast" and e["seats"] is None for e in events)


def test_all_votes_are_turned_over_together():
    state = new(5, 3)
    to_vote(state)
    events = vote(state, battle={0, 4})
    reveal = [e for e in events if e["type"] == "votes"]
    assert len(reveal) == 1 and reveal[0]["seats"] is None
    expected = {str(s): ("battle" if s in {0, 4} else "wait") for s in range(5)}
    assert reveal[0]["votes"] == expected
    assert state.view(3)["last_votes"] == expected


@pytest.mark.parametrize("n", COUNTS)
def test_battle_needs_more_than_half_of_the_voters(n):
    needed = n // 2 + 1  # 超過半數
    short = new(n, 5, start_player=0)
    to_vote(short)
    vote(short, battle=range(needed - 1))
    assert not short.is_over() and short.view(None)["round"] == 2
    enough = new(n, 5, start_player=0)
    to_vote(enough)
    assert enough.view(None)["votes_needed"] == needed
    vote(enough, battle=range(needed))
    assert enough.is_over()


def test_a_failed_vote_starts_a_new_round_of_layout():
    state = new(5, 3)
    to_vote(state)
    vote(state, battle={1})
    v = state.view(None)
    assert v["round"] == 2 and v["phase"] == "layout" and not state.is_over()


def test_battle_voters_skip_the_next_layout():
    state = new(5, 3, start_player=0)
    to_vote(state)
    vote(state, battle={1, 3})
    assert finish_layout(state) == [2, 4, 0]
    assert state.view(None)["players"][1]["skips_layout"] is True


def test_skipping_the_layout_lasts_one_round():
    state = new(5, 3, start_player=0)
    to_vote(state)
    vote(state, battle={1, 3})
    finish_layout(state)
    vote(state)  # everyone waits this time
    assert finish_layout(state) == [2, 3, 4, 0, 1]


def test_battle_voters_still_vote_in_the_next_round():
    state = new(5, 3, start_player=0)
    to_vote(state)
    vote(state, battle={1, 3})
    finish_layout(state)
    assert sorted(state.to_act()) == list(range(5))


def test_swap_marks_reset_each_round():
    state = new(5, 3, start_player=0)
    look_all(state)
    layout_turn(state, ("swap", 3))
    finish_layout(state)
    vote(state)
    assert not any(p["swapped"] for p in state.view(None)["players"])
    state.apply(1, ("peek", 0))
    assert ("swap", 3) in state.legal_actions(1)


def test_start_player_passes_clockwise_each_round():
    state = new(5, 3, start_player=3)
    starts = []
    for _ in range(4):
        starts.append(state.view(None)["start_player"])
        look_all(state)
        finish_layout(state)
        vote(state)
    assert starts == [3, 4, 0, 1]


# -- 5. the battle and its outcome -------------------------------------------
def test_the_battle_reveals_every_card_to_everyone():
    state = new(5, 3)
    fight(state)
    for s in [None, 0, 1, 2, 3, 4]:
        v = state.view(s)
        assert v["seat_cards"] == state.cards and v["centre_cards"] == state.centre
        assert v["last_battle"]["cards"] == state.cards
    assert state.view(2)["own_card"] == state.cards[2]


def test_the_basic_game_ends_with_the_battle():
    state = new(5, 3)
    fight(state)
    assert state.is_over() and state.to_act() == []
    assert all(state.legal_actions(s) == [] for s in [None, 0, 1, 2, 3, 4])


@pytest.mark.parametrize("n", COUNTS)
def test_leaf_and_leaf_in_the_centre_makes_leaf_holders_win(n):
    state = new(n, seed_with_centre(n, ("leaf", "leaf")))
    fight(state)
    assert state.winners() == holders(state, {"leaf"})
    assert state.winners()


@pytest.mark.parametrize("n", COUNTS)
def test_leaf_and_swallow_in_the_centre_makes_swallow_holders_win(n):
    state = new(n, seed_with_centre(n, ("leaf", "swallow")))
    fight(state)
    assert state.winners() == holders(state, {"swallow"})
    assert state.winners()


@pytest.mark.parametrize("n", COUNTS)
def test_leaf_and_spiral_in_the_centre_makes_spiral_holders_win(n):
    state = new(n, seed_with_centre(n, ("leaf", "spiral")))
    fight(state)
    assert state.winners() == holders(state, {"spiral"})
    assert state.winners()


@pytest.mark.parametrize("n", COUNTS)
def test_swallow_and_spiral_in_the_centre_makes_swallow_or_spiral_holders_win(n):
    state = new(n, seed_with_centre(n, ("spiral", "swallow")))
    fight(state)
    assert state.winners() == holders(state, {"swallow", "spiral"})
    assert state.winners()


def test_the_outcome_is_read_from_the_centre_after_the_swaps():
    state = new(5, 3, start_player=0)
    look_all(state)
    layout_turn(state, ("swap", 2), slot=0)
    layout_turn(state, SWAP_OWN, slot=1)
    finish_layout(state)
    vote(state, battle=range(5))
    assert state.winners() == holders(state, winning(state.centre))


# -- 6. the scoring variant --------------------------------------------------
def centre_wins(centre: list[str]) -> set[str]:
    """The win symbols (top left) of the two centre cards."""
    return {win(c) for c in centre}


def score_of(card: str, centre: list[str]) -> int:
    """計分制: a winner scores every reward symbol matching either centre card's win symbol."""
    if not set(rewards(card)) & winning(centre):
        return 0
    return sum(1 for r in rewards(card) if r in centre_wins(centre))


def seed_with(n: int, symbols: tuple[str, str], held: str, **options) -> int:
    """A seed that deals `symbols` to the centre and `held` to a seat."""
    for seed in range(2000):
        state = new(n, seed, **options)
        if tuple(sorted(win(c) for c in state.centre)) == symbols and held in state.cards:
            return seed
    raise AssertionError(f"no seed deals {symbols} to the centre and {held} to a seat")


def test_scoring_a_winner_scores_each_reward_symbol_matching_either_centre_win_symbol():
    state = new(5, 3, variant="scoring", target=10)
    events = fight(state)
    battle = next(e for e in events if e["type"] == "battle")
    expected = [score_of(c, battle["centre"]) for c in battle["cards"]]
    assert state.view(None)["scores"] == expected
    assert battle["points"] == {str(s): p for s, p in enumerate(expected) if p}


@pytest.mark.parametrize("n", COUNTS)
def test_scoring_example_1_leaf_wins_and_a_winner_with_two_leaf_rewards_scores_2(n):
    # 例1：獲勝符號為「葉子」，若獲勝玩家人物卡右下方標示2個「葉子」符號，該玩家可獲得2分
    assert rewards("li_yuan") == ["leaf", "leaf"]
    state = new(n, seed_with(n, ("leaf", "leaf"), "li_yuan", variant="scoring"), variant="scoring", target=10)
    seat = state.cards.index("li_yuan")
    fight(state)
    assert seat in state.view(None)["last_battle"]["winners"]
    assert state.view(None)["last_battle"]["points"][str(seat)] == 2
    assert state.view(None)["scores"][seat] == 2


@pytest.mark.parametrize("n", COUNTS)
def test_scoring_example_2_leaf_and_swallow_win_a_winner_with_one_leaf_and_one_swallow_scores_2(n):
    # 例2：獲勝符號為「葉子」與「燕子」，若獲勝玩家人物卡右下方標示1個「葉子」符號及1個「燕子」符號，該玩家可獲得2分
    assert sorted(rewards("zhangsun_wuji")) == ["leaf", "swallow"]
    state = new(n, seed_with(n, ("leaf", "swallow"), "zhangsun_wuji", variant="scoring"),
                variant="scoring", target=10)
    seat = state.cards.index("zhangsun_wuji")
    fight(state)
    battle = state.view(None)["last_battle"]
    assert battle["winning"] == ["swallow"]        # (2) the Swallow holders win ...
    assert seat in battle["winners"]
    assert battle["points"][str(seat)] == 2         # ... and the Leaf counts too
    assert state.view(None)["scores"][seat] == 2


def test_scoring_a_reward_symbol_on_neither_centre_card_scores_nothing():
    # Leaf and Spiral at the gate: Chang He (Swallow, Spiral) wins on its Spiral and scores 1.
    state = new(4, seed_with(4, ("leaf", "spiral"), "chang_he", variant="scoring"), variant="scoring", target=10)
    seat = state.cards.index("chang_he")
    fight(state)
    assert state.view(None)["last_battle"]["points"][str(seat)] == 1


def test_two_matching_symbols_are_worth_two_points():
    for seed in range(200):
        state = new(5, seed, variant="scoring", target=10)
        fight(state)
        if 2 in state.scores:
            battle = state.view(None)["last_battle"]
            card = battle["cards"][state.scores.index(2)]
            assert len([r for r in rewards(card) if r in centre_wins(battle["centre"])]) == 2
            return
    raise AssertionError("no deal gave anyone two points")


def test_the_basic_game_keeps_no_points():
    for seed in range(20):
        state = new(5, seed)
        events = fight(state)
        battle = next(e for e in events if e["type"] == "battle")
        assert battle["winners"] and battle["points"] == {}
        assert state.view(None)["scores"] == [0] * 5
        assert state.view(None)["last_battle"]["points"] == {}


def test_scoring_deals_again_until_someone_reaches_the_target():
    state = new(5, 3, variant="scoring", target=10)
    maxima = []
    while not state.is_over():
        for e in fight(state):
            if e["type"] == "battle":
                maxima.append(max(state.view(None)["scores"]))
    assert len(maxima) > 1
    assert all(m < 10 for m in maxima[:-1]) and maxima[-1] >= 10


def test_the_next_deal_starts_with_the_next_player_clockwise():
    state = new(5, 3, variant="scoring", target=10, start_player=1)
    fight(state)
    assert state.view(None)["deal"] == 2 and state.view(None)["start_player"] == 2


@pytest.mark.parametrize("target", SPEC.options["target"])
def test_the_target_option_sets_the_score_that_ends_the_game(target):
    state = new(4, 8, variant="scoring", target=target)
    assert state.view(None)["target"] == target
    while not state.is_over():
        fight(state)
        scores = state.view(None)["scores"]
        assert state.is_over() == (max(scores) >= target)


def test_the_highest_score_wins_the_scoring_game():
    state = new(5, 3, variant="scoring", target=5)
    while not state.is_over():
        fight(state)
    scores = state.view(None)["scores"]
    assert state.winners() == [s for s in range(5) if scores[s] == max(scores)]


def test_a_tie_at_the_top_shares_the_win():
    for seed in range(300):
        state = new(4, seed, variant="scoring", target=5)
        while not state.is_over():
            fight(state)
        scores = state.view(None)["scores"]
        if scores.count(max(scores)) > 1:
            assert state.winners() == [s for s in range(4) if scores[s] == max(scores)]
            assert len(state.winners()) > 1
            return
    raise AssertionError("no scoring game ended in a tie")


# -- 7. the table's penalty: naming where a card is ----------------------------
def test_mark_out_is_a_ruling_of_the_table_not_a_seat_action():
    state = new(5, 3)
    assert state.legal_actions(None) == [("mark_out", s) for s in range(5)]
    with pytest.raises(IllegalAction):
        state.apply(state.to_act()[0], ("mark_out", 1))
    state.apply(None, ("mark_out", 1))
    assert state.view(None)["players"][1]["eliminated"] is True
    assert ("mark_out", 1) not in state.legal_actions(None)


def test_a_marked_out_player_cannot_vote():
    state = new(5, 3, start_player=0)
    look_all(state)
    state.apply(None, ("mark_out", 2))
    finish_layout(state)
    assert 2 not in state.to_act() and state.legal_actions(2) == []
    assert state.view(None)["voters"] == 4
    with pytest.raises(IllegalAction):
        state.apply(2, ("vote", "battle"))


def test_a_player_marked_out_during_the_vote_loses_their_vote():
    state = new(5, 3, start_player=0)
    to_vote(state)
    state.apply(2, ("vote", "battle"))
    state.apply(None, ("mark_out", 2))
    assert state.view(None)["players"][2]["voted"] is False
    vote(state)
    assert state.view(None)["last_votes"] == {str(s): "wait" for s in (0, 1, 3, 4)}


def test_the_battle_threshold_counts_only_the_players_still_in():
    state = new(5, 3, start_player=0)
    look_all(state)
    state.apply(None, ("mark_out", 3))
    state.apply(None, ("mark_out", 4))
    finish_layout(state)
    assert state.view(None)["votes_needed"] == 2  # more than half of 3 voters
    vote(state, battle={0, 1})
    assert state.is_over()


def test_a_player_marked_out_at_the_look_takes_no_layout_turn():
    state = new(5, 3, start_player=0)
    state.apply(None, ("mark_out", 2))
    look_all(state)
    assert finish_layout(state) == [0, 1, 3, 4]


def test_a_marked_out_player_takes_no_layout_turn():
    state = new(5, 3, start_player=0)
    look_all(state)
    state.apply(None, ("mark_out", 3))
    assert finish_layout(state) == [0, 1, 2, 4]
    vote(state)
    assert finish_layout(state) == [1, 2, 4, 0]


def test_marking_out_the_active_player_ends_their_turn_unswapped():
    state = new(5, 3, start_player=0)
    look_all(state)
    before = (list(state.cards), list(state.centre))
    state.apply(0, ("peek", 0))
    state.apply(None, ("mark_out", 0))
    assert state.to_act() == [1]
    assert state.view(0)["peeked_card"] is None
    assert (state.cards, state.centre) == before


def test_a_marked_out_players_card_can_still_be_swapped():
    state = new(5, 3, start_player=0)
    look_all(state)
    state.apply(None, ("mark_out", 2))
    state.apply(0, ("peek", 1))
    assert ("swap", 2) in state.legal_actions(0)
    centre = state.centre[1]
    state.apply(0, ("swap", 2))
    assert state.cards[2] == centre


def test_a_marked_out_player_cannot_win():
    for seed in range(100):
        state = new(5, seed, start_player=0)
        look_all(state)
        would_win = holders(state, winning(state.centre))
        if would_win:
            break
    out = would_win[0]
    state.apply(None, ("mark_out", out))
    finish_layout(state)
    vote(state, battle=range(5))
    assert state.is_over()
    assert state.winners() == [s for s in would_win if s != out]
    assert state.view(None)["last_battle"]["eliminated"] == [out]


def test_when_everyone_is_marked_out_the_battle_comes_with_no_winner():
    state = new(3, 3)
    for s in range(3):
        state.apply(None, ("mark_out", s))
    assert state.is_over() and state.winners() == []


# -- 8. memory aid -----------------------------------------------------------
def test_memory_aid_keeps_a_private_history_of_what_the_seat_saw():
    state = new(5, 3, start_player=0, memory_aid=True)
    own = state.cards[0]
    look_all(state)
    state.apply(0, ("peek", 1))
    peeked = state.centre[1]
    state.apply(0, KEEP)
    memory = state.view(0)["memory"]
    assert [(m["what"], m["card"]) for m in memory] == [("own", own), ("centre", peeked)]
    assert memory[1]["slot"] == 1 and memory[1]["deal"] == 1 and memory[1]["round"] == 1
    assert [m["what"] for m in state.view(1)["memory"]] == ["own"]
    assert state.view(None)["memory"] == []


def test_memory_aid_marks_private_sightings_as_lasting():
    state = new(5, 3, start_player=0, memory_aid=True)
    assert all(e["transient"] is False for e in state.setup_events if e["type"] == "own_card")
    look_all(state)
    events = state.apply(0, ("peek", 0))
    assert [e["transient"] for e in events if e["type"] == "peek_card"] == [False]


def test_without_memory_aid_nothing_is_remembered_and_sightings_are_transient():
    state = new(5, 3, start_player=0)
    assert all(e["transient"] is True for e in state.setup_events if e["type"] == "own_card")
    look_all(state)
    events = state.apply(0, ("peek", 0))
    assert [e["transient"] for e in events if e["type"] == "peek_card"] == [True]
    state.apply(0, KEEP)
    assert all(state.view(s)["memory"] == [] for s in range(5))


def place_of(state, place) -> str:
    return state.cards[place[1]] if place[0] == "seat" else state.centre[place[1]]


def test_memory_aid_says_where_each_seen_card_is_now_after_the_public_swaps():
    state = new(5, 3, start_player=0, memory_aid=True)
    own = state.cards[0]
    look_all(state)
    state.apply(0, ("peek", 1))
    peeked = state.centre[1]
    state.apply(0, KEEP)
    now = {m["card"]: m["now"] for m in state.view(0)["memory"]}
    assert now == {own: ["seat", 0], peeked: ["centre", 1]}   # nothing has moved yet
    layout_turn(state, ("swap", 3), slot=1)                   # seat 1 sends the right card to seat 3
    layout_turn(state, SWAP_OWN, slot=0)                      # seat 2 takes the left card
    layout_turn(state, ("swap", 0), slot=0)                   # seat 3 swaps the left card with seat 0
    now = {m["card"]: m["now"] for m in state.view(0)["memory"]}
    assert now == {own: ["centre", 0], peeked: ["seat", 3]}
    for m in state.view(0)["memory"]:
        assert place_of(state, m["now"]) == m["card"]


def test_memory_aid_follows_the_peekers_own_swap():
    state = new(5, 3, start_player=0, memory_aid=True)
    look_all(state)
    state.apply(0, ("peek", 0))
    peeked = state.centre[0]
    state.apply(0, ("swap", 2))
    entry = next(m for m in state.view(0)["memory"] if m["what"] == "centre")
    assert entry["card"] == peeked and entry["now"] == ["seat", 2] and state.cards[2] == peeked


def test_memory_aid_of_an_earlier_deal_says_nothing_about_now():
    state = new(5, 4, variant="scoring", target=10, memory_aid=True)
    fight(state)
    assert not state.is_over() and state.view(None)["deal"] == 2
    memory = state.view(0)["memory"]
    assert [m["now"] for m in memory if m["deal"] == 1] and all(m["now"] is None for m in memory if m["deal"] == 1)
    assert all(place_of(state, m["now"]) == m["card"] for m in memory if m["deal"] == 2)

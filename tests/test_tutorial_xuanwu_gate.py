"""The Xuanwu Gate Incident's second guided game: the deal still shows what its steps say (a swap
with one's own card, a Battle vote one short, the layout sat out, the cards the coach follows, and
the battle the learner wins)."""
from __future__ import annotations

from game.core.tutorial import LEARNER, load_lesson
from game.registry import GAMES
from lesson_walks import played


def test_the_learner_starts_with_li_jiancheng_and_minister_du_starts():
    _, first, events, _ = played("xuanwu_gate", 2)
    assert first["own_card"] == "li_jiancheng"
    assert next(e for e in events if e["type"] == "round")["start"] == 3


def test_the_learner_swaps_with_their_own_card_twice_and_sees_what_the_coach_names():
    lesson, _, events, _ = played("xuanwu_gate", 2)
    mine = [a for seat, a in lesson.script if seat == LEARNER]
    assert [a[0] for a in mine].count("swap_own") == 2
    seen = [e["card"] for e in events if e["type"] == "peek_card" and e["seat"] == LEARNER]
    assert seen == ["zhangsun_wuji", "chang_he"]


def test_a_battle_vote_one_short_then_the_layout_sat_out():
    _, _, events, _ = played("xuanwu_gate", 2)
    votes = [e for e in events if e["type"] == "votes"]
    assert votes[0]["votes"][str(LEARNER)] == "battle" and votes[0]["battle"] == 2 and votes[0]["result"] == "wait"
    second_round = [e for e in events[events.index(votes[0]):events.index(votes[1])] if e["type"] in ("swap", "keep")]
    assert second_round and all(e["seat"] != LEARNER for e in second_round), "the learner sat the layout out"
    assert votes[1]["votes"][str(LEARNER)] == "wait" and votes[2]["result"] == "battle"


def test_the_battle_is_spiral_and_the_learner_wins_with_general_qin_and_minister_du():
    _, _, events, state = played("xuanwu_gate", 2)
    battle = next(e for e in events if e["type"] == "battle")
    assert sorted(battle["centre"]) == ["li_shimin", "li_yuan"] and battle["winning"] == ["spiral"]
    assert battle["cards"][LEARNER] == "chang_he" and battle["winners"] == [0, 2, 3]
    assert state.is_over()


def test_the_cards_go_where_the_coach_says_they_went():
    """After round 2: Zhangsun Wuji in the right centre, Li Jiancheng with General Qin; after Lady
    Zhang's turn in round 3, Zhangsun Wuji is hers."""
    lesson = load_lesson("xuanwu_gate", 2)
    state = GAMES["xuanwu_gate"].new_game(lesson.players, lesson.seed, lesson.options)
    rounds = 0
    for seat, action in lesson.script:
        for e in state.apply(seat, action):
            if e["type"] == "vote_start":
                rounds += 1
                if rounds == 2:
                    assert state.centre[1] == "zhangsun_wuji" and state.cards[2] == "li_jiancheng"
        if rounds == 2 and seat == 1 and action[0] == "swap_own":
            assert state.cards[1] == "zhangsun_wuji"
            break
    else:
        raise AssertionError("Lady Zhang's swap in round 3 was not found")

"""Computer opponents for The Xuanwu Gate Incident: legal, deterministic, and seeing only views."""
from __future__ import annotations

import json

import pytest

from game.core.actions import to_action
from game.core.bots import RandomBot
from game.registry import GAMES
from game.xuanwu_gate import data as cards
from game.xuanwu_gate.bots import LAST_ROUND, NormalBot

SPEC = GAMES["xuanwu_gate"]
COUNTS = range(SPEC.min_players, SPEC.max_players + 1)
QUICK = ("easy", "normal")   # whole tables of them at every size; hard (a search) in test_xuanwu_hard.py
RULES = {
    ("leaf", "leaf"): {"leaf"},
    ("leaf", "swallow"): {"swallow"},
    ("leaf", "spiral"): {"spiral"},
    ("spiral", "swallow"): {"swallow", "spiral"},
}


def wins_with(card: str, centre: list[str]) -> bool:
    by_id = cards.load()["by_id"]
    symbols = RULES[tuple(sorted(by_id[c]["win"] for c in centre))]
    return any(r in symbols for r in by_id[card]["rewards"])


def play(state, bots, through_json=False, each_step=None):
    """Bots play the game to its end, each from its own view and legal actions."""
    while not state.is_over():
        seat = state.to_act()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        if through_json:  # what a bot gets could have come from a file: it must not need more
            view = json.loads(json.dumps(view))
            legal = [to_action(a) for a in json.loads(json.dumps(legal))]
        action = bots[seat].choose(view, legal)
        assert action in state.legal_actions(seat), (seat, action)
        state.apply(seat, action)
        if each_step:
            each_step(state)
    return state


def table(n, seed, levels):
    return {s: SPEC.bots[levels[s % len(levels)]](s, seed) for s in range(n)}


# Five to seven normal bots take seconds a game: those tables are slow tests.
@pytest.mark.parametrize("n,level", [pytest.param(n, level, id=f"{n}-{level}",
                                                  marks=pytest.mark.slow if n >= 5 and level == "normal" else ())
                                     for n in COUNTS for level in QUICK])
def test_bots_choose_only_legal_actions(level, n):
    for seed in range(6):
        options = {"variant": "scoring", "target": 5} if seed % 2 else {}
        state = play(SPEC.new_game(n, seed, options), table(n, seed, [level]))
        assert state.is_over()


def test_three_levels_exist():
    assert list(SPEC.bots) == ["easy", "normal", "hard"]
    assert SPEC.bots["easy"] is RandomBot and type(SPEC.bots["normal"](0, 1)) is NormalBot


def test_a_bot_plays_the_same_way_for_the_same_seed():
    records = []
    for _ in range(2):
        state = play(SPEC.new_game(5, 21, {}), table(5, 21, ["normal", "easy"]))
        records.append(state.record())
    assert records[0] == records[1]


def test_bots_need_nothing_beyond_a_json_view():
    for seed in range(4):
        state = play(SPEC.new_game(4, seed, {"memory_aid": bool(seed % 2)}),
                     table(4, seed, ["normal", "easy"]), through_json=True)
        assert state.is_over()


@pytest.mark.slow  # whole games of normal bots, many
def test_the_normal_bot_follows_the_public_swaps_to_the_cards_it_saw():
    checked = 0
    for seed in range(6):
        state = SPEC.new_game(5, seed, {"variant": "scoring", "target": 5})
        bots = table(5, seed, ["normal"])

        def truth(state):
            nonlocal checked
            if state.is_over() or state.view(None)["phase"] == "look":
                return
            for s, bot in bots.items():
                if bot.deal != state.view(None)["deal"]:
                    continue
                for (kind, i), card in bot.known(state.view(s)).items():
                    assert card == (state.cards[i] if kind == "seat" else state.centre[i])
                    checked += 1

        play(state, bots, each_step=truth)
    assert checked > 100


@pytest.mark.slow  # whole games of normal bots, many
def test_a_table_of_normal_bots_always_comes_to_blows():
    for n in COUNTS:
        for seed in range(5):
            rounds = []
            play(SPEC.new_game(n, seed, {}), table(n, seed, ["normal"]),
                 each_step=lambda st: rounds.append(st.view(None)["round"]))
            assert max(rounds) <= LAST_ROUND


@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.slow  # statistical: 100 games a table size
def test_the_normal_bot_wins_more_often_than_random_bots(n):
    """(tools/ladder.py measures it properly: docs/xuanwu_gate.md.)"""
    normal = random_avg = 0.0
    for seed in range(100):
        seat = seed % n
        levels = {s: "normal" if s == seat else "easy" for s in range(n)}
        bots = {s: SPEC.bots[levels[s]](s, seed) for s in range(n)}
        winners = play(SPEC.new_game(n, seed, {}), bots).winners()
        normal += seat in winners
        random_avg += sum(1 for w in winners if w != seat) / (n - 1)
    assert normal > 1.1 * random_avg


# -- decisions from full knowledge -------------------------------------------------
def start_three(seed, start=0):
    """A 3-player game from seat `start`; seat 0 is a normal bot; every seat has looked at its card."""
    state = SPEC.new_game(3, seed, {"start_player": start})
    bot = NormalBot(0, seed)
    while state.view(None)["phase"] == "look":
        s = state.to_act()[0]
        state.apply(s, bot.choose(state.view(s), state.legal_actions(s)) if s == 0 else ("look",))
    return state, bot


def knows_everything(seed):
    """A 3-player game where seat 0 (normal bot) has seen its card and both centre cards.

    It peeks at centre card 0 in round 1 and at card 1 in round 2 (the test chooses them); every
    layout choice is `keep` and every vote `wait`, so at its round-2 choice it knows where every
    card it saw is.
    """
    state, bot = start_three(seed)
    for rnd in (1, 2):
        while state.view(None)["phase"] == "layout":
            s = state.to_act()[0]
            if s == 0:
                state.apply(0, ("peek", rnd - 1))
                bot.choose(state.view(0), state.legal_actions(0))  # it sees the card ...
                if rnd == 2:
                    return state, bot
                state.apply(0, ("keep",))  # ... but we keep
            else:
                state.apply(s, ("peek", 0))
                state.apply(s, ("keep",))
        for s in list(state.to_act()):
            state.apply(s, ("vote", "wait"))
    raise AssertionError("seat 0 had no second turn")


def test_the_normal_bot_remembers_both_centre_cards_it_peeked():
    for seed in range(10):
        state, bot = knows_everything(seed)
        assert bot.known(state.view(0)) == {("seat", 0): state.cards[0], ("centre", 0): state.centre[0],
                                             ("centre", 1): state.centre[1]}


def share_after(cards_now, centre, slot, target):
    """Seat 0's share of the win (a win shared by k is 1/k) after swapping centre `slot` with
    seat `target` (None: keep)."""
    seats, centre = list(cards_now), list(centre)
    if target is not None:
        seats[target], centre[slot] = centre[slot], seats[target]
    winners = [s for s, c in enumerate(seats) if wins_with(c, centre)]
    return 1 / len(winners) if 0 in winners else 0.0


def test_the_normal_bot_peeks_at_the_centre_card_its_swap_needs():
    """The peek also picks the centre card a swap can move: knowing where every card is, and last
    to lay out (nobody moves a card after it), it peeks at the centre card whose best swap gives
    it the larger share of the win."""
    found = 0
    for seed in range(120):
        state, bot = start_three(seed, start=1)
        for s in (1, 2):
            state.apply(s, ("peek", 0))
            state.apply(s, ("keep",))
        bot.memory.observe(state.view(0))
        t = len(state.swaps)  # as if seen in an earlier round, nothing moved since
        bot.memory.seen += [(t, ("centre", j), state.centre[j]) for j in (0, 1)]
        bot.memory.seen += [(t, ("seat", s), state.cards[s]) for s in (1, 2)]
        best = [max(share_after(state.cards, state.centre, j, t) for t in (None, 0, 1, 2)) for j in (0, 1)]
        if best[0] == best[1]:
            continue
        assert bot.choose(state.view(0), state.legal_actions(0)) == ("peek", best.index(max(best)))
        found += 1
    assert found >= 10


def test_the_normal_bot_swaps_in_a_card_it_knows_will_win():
    found = 0
    for seed in range(80):
        state, bot = knows_everything(seed)
        slot = state.peeked
        mine, centre = state.cards[0], list(state.centre)
        swapped = list(centre)
        swapped[slot] = mine
        if wins_with(mine, centre) or not wins_with(centre[slot], swapped):
            continue
        assert bot.choose(state.view(0), state.legal_actions(0)) != ("keep",)
        found += 1
    assert found >= 3


def test_the_normal_bot_never_gives_away_a_card_it_knows_wins_for_one_that_loses():
    found = 0
    for seed in range(80):
        state, bot = knows_everything(seed)
        slot = state.peeked
        mine, centre = state.cards[0], list(state.centre)
        swapped = list(centre)
        swapped[slot] = mine
        if not wins_with(mine, centre) or wins_with(centre[slot], swapped):
            continue
        assert bot.choose(state.view(0), state.legal_actions(0)) != ("swap_own",)
        found += 1
    assert found >= 3


@pytest.mark.parametrize("wins", [True, False])
def test_the_normal_bot_votes_battle_only_when_it_expects_to_win(wins):
    found = 0
    for seed in range(80):
        state, bot = knows_everything(seed)
        if wins_with(state.cards[0], state.centre) != wins:
            continue
        state.apply(0, ("keep",))
        vote = bot.choose(state.view(0), [("vote", "battle"), ("vote", "wait")])
        assert vote == ("vote", "battle" if wins else "wait")
        found += 1
    assert found >= 3


@pytest.mark.parametrize("variant,worth", [("scoring", 2), ("basic", 1)])
def test_the_normal_bot_values_a_win_by_every_reward_matching_either_centre_win_symbol(variant, worth):
    """計分制 例2: Leaf and Swallow at the gate; one Leaf and one Swallow reward score 2 (a win is a win in basic)."""
    state = SPEC.new_game(4, 1, {"variant": variant})
    bot = NormalBot(0, 1)
    view = state.view(0)
    world = {("seat", 0): "zhangsun_wuji", ("centre", 0): "li_jiancheng", ("centre", 1): "li_yuan"}
    assert bot._value(world, view) == worth
    world[("seat", 0)] = "chang_he"       # Swallow wins, the Spiral is on neither centre card: 1
    assert bot._value(world, view) == 1
    world[("seat", 0)] = "wei_zheng"      # no Swallow: not a winner
    assert bot._value(world, view) == 0


def test_the_normal_bot_swaps_in_the_card_worth_more_points():
    """Scoring: knowing everything, it swaps its own one-point winner for a two-point winner."""
    state = SPEC.new_game(4, 1, {"variant": "scoring"})
    bot = NormalBot(0, 1)
    view = dict(state.view(0), peeking_slot=0)
    legal = [("keep",), ("swap_own",)]
    bot.memory.known = lambda v: {("seat", 0): "chang_he", ("centre", 0): "zhangsun_wuji",
                           ("centre", 1): "li_jiancheng", ("seat", 1): "li_yuan", ("seat", 2): "wei_zheng",
                           ("seat", 3): "li_shimin"}
    assert bot._swap(view, legal) == ("swap_own",)


def test_the_basic_game_values_a_win_by_its_share():
    """A battle won alone is worth a whole win, won with two others a third (the ladder counts it so)."""
    state = SPEC.new_game(4, 1, {})
    bot = NormalBot(0, 1)
    view = state.view(0)
    world = {("centre", 0): "li_yuan", ("centre", 1): "wei_zheng",            # Leaf, Leaf: Leaf wins
             ("seat", 0): "zhangsun_wuji", ("seat", 1): "li_shimin", ("seat", 2): "li_jiancheng",
             ("seat", 3): "chang_he"}
    assert bot._worth(world, view) == 1.0
    world[("seat", 1)], world[("centre", 1)] = "wei_zheng", "zhangsun_wuji"
    world[("seat", 0)] = "li_shimin"
    assert bot._worth(world, view) == 0.0

"""The Wonderful Island's bots: the normal bot reads camps from what its seat saw, helps its camp,
pursues its Politician condition, finishes games at every table size and beats random play."""
from __future__ import annotations

import pytest

from game.core.match import Match, Seat
from game.core.selfplay import run_selfplay
from game.registry import GAMES
from game.wonderful_island import balance, data
from game.wonderful_island.beliefs import INDEX, Beliefs
from game.wonderful_island.bots import NormalBot

SPEC = GAMES["wonderful_island"]


def played_state(n: int, seed: int, until=lambda st: False, levels=None):
    match = Match.new(SPEC, [Seat(f"b{i}", (levels or ["normal"] * n)[i]) for i in range(n)], seed=seed)
    while not match.state.is_over() and not until(match.state):
        match.step_bot()
    return match


@pytest.mark.parametrize("n", range(3, 9))
def test_selfplay_plays_full_games_at_every_player_count(n):
    result = run_selfplay(SPEC, n, 6, seed=n, levels=["normal"])
    assert result.games == 6 and result.stopped == 0
    assert sum(1 for w in result.winners if w) + result.no_winner == 6
    assert set(result.role_games) == {"blue", "green", "politician"}


def test_the_same_seed_plays_the_same_game():
    a = played_state(5, 21).state.record()
    b = played_state(5, 21).state.record()
    assert a == b


def test_normal_only_ever_chooses_a_legal_action():
    for seed in range(3):
        match = Match.new(SPEC, [Seat(f"b{i}", "normal") for i in range(6)], seed=seed)
        while not match.state.is_over():
            seat = match.bot_to_move()
            legal = match.state.legal_actions(seat)
            assert match.bots[seat].choose(match.state.view(seat), legal) in legal
            match.step_bot()


def test_beliefs_start_from_the_faction_counts():
    st = SPEC.new_game(5, 3, {})
    view = st.view(0)
    view["faction"], view["dossier"], view["acts"] = "blue", [], []
    probs = Beliefs(0, 5).probs(view)
    assert probs[0] == [1.0, 0.0, 0.0]
    for s in range(1, 5):  # 1 Blue, 2 Green and 1 Politician left for four seats
        assert probs[s] == pytest.approx([0.25, 0.5, 0.25])


def test_a_fact_in_the_dossier_is_certain():
    st = SPEC.new_game(5, 3, {})
    view = st.view(0)
    view["faction"], view["acts"] = "blue", []
    view["dossier"] = [{"seat": 2, "camp": "politician", "is": True, "how": "meeting"}]
    probs = Beliefs(0, 5).probs(view)
    assert probs[2] == pytest.approx([0.0, 0.0, 1.0])
    assert probs[1][INDEX["politician"]] == pytest.approx(0.0)


def test_help_to_me_makes_an_ally_more_likely_and_hindering_an_enemy():
    st = SPEC.new_game(5, 3, {})
    view = st.view(0)
    view["faction"], view["dossier"] = "blue", []
    view["acts"] = [[1, "assist", 0], [1, "share", 0], [2, "hinder", 0], [2, "hostile", 0]]
    probs = Beliefs(0, 5).probs(view)
    assert probs[1][INDEX["blue"]] > 0.25 > probs[2][INDEX["blue"]]
    assert probs[2][INDEX["green"]] > 0.5


def test_normal_places_assist_cards_for_its_own_venue():
    match = played_state(3, 5, until=lambda st: st.phase == "play" and st.actor == st.cand)
    st = match.state
    me = st.cand
    st.hands[me] = ["stage", "smear"]
    legal = st.legal_actions(me)
    bot = NormalBot(me, 1)
    assert bot.choose(st.view(me), legal) == ("play", "stage")


def test_normal_hinders_a_known_enemy_candidate():
    match = played_state(5, 8, until=lambda st: st.phase == "play" and st.actor != st.cand)
    st = match.state
    me, cand = st.actor, st.cand
    st.factions[me] = "blue"
    st.factions[cand] = "green"
    st.dossier[me] = [{"seat": cand, "camp": "green", "is": True, "how": "meeting"}]
    st.hands[me] = ["smear", "stage"]
    bot = NormalBot(me, 1)
    assert bot.choose(st.view(me), st.legal_actions(me)) == ("play", "smear")


def test_a_politician_collecting_meeting_cards_keeps_them():
    match = played_state(4, 2, until=lambda st: st.phase == "play")
    st = match.state
    me = st.actor
    st.factions[me] = "politician"
    st.chars[me] = "influencer"  # condition: meeting cards held
    st.meetings[me] = ["show"]
    st.hands[me] = []
    bot = NormalBot(me, 1)
    choice = bot.choose(st.view(me), st.legal_actions(me))
    assert choice[0] != "meeting"


def test_normal_asked_about_sand_table_without_one_lets_the_card_stand():
    match = played_state(3, 5, until=lambda st: st.phase == "play" and st.actor != st.cand)
    st = match.state
    me = st.actor
    target = next(s for s in range(3) if s != me)
    st.hands[me] = ["discipline"]
    st.hands[target] = ["stage"]
    st.apply(me, ("play", "discipline", target))
    assert st.legal_actions(target) == [("accept",)]
    assert NormalBot(target, 1).choose(st.view(target), st.legal_actions(target)) == ("accept",)


def test_normal_in_hospital_refuses_an_enemys_debate_it_could_only_lose():
    st = SPEC.new_game(3, 4, {"start_player": 0})
    for s in range(3):
        st.apply(s, st.legal_actions(s)[0])
    st.factions = ["blue", "green", "politician"]
    st.dossier[1] = [{"seat": 0, "camp": "blue", "is": True, "how": "meeting"}]
    st.hosp[1] = st.camp_count
    st.hands[1] = ["stage", "stage", "smear"]
    st.apply(0, ("venue", "debate"))
    assert st.actor == 1
    assert NormalBot(1, 1).choose(st.view(1), st.legal_actions(1)) == ("debate", "refuse")


def test_a_character_is_kept_on_its_skills_and_condition_before_the_faction_is_seen():
    st = SPEC.new_game(3, 1, {})
    view = st.view(0)
    assert view["faction"] is None  # dealt after the characters are kept
    bot = NormalBot(0, 1)
    pick = bot.choose(view, st.legal_actions(0))
    rating = {cid: NormalBot(0, 1)._rate_character(view, cid) for cid in view["offer"]}
    assert rating[pick[1]] == max(rating.values())
    assert all(data.character(c)["win"]["op"] for c in rating)


def test_hard_keeps_the_offered_character_that_wins_more_often_at_that_table_size():
    from game.wonderful_island.hard import HardBot, character_odds, rated
    for n, seed in ((3, 1), (5, 2), (8, 3)):
        st = SPEC.new_game(n, seed, {})
        odds = character_odds()[n]
        for seat in range(n):
            view = st.view(seat)
            pick = HardBot(seat, seed).choose(view, st.legal_actions(seat))
            assert rated(odds, pick[1], n) == max(rated(odds, c, n) for c in view["offer"])


def test_the_measured_odds_cover_every_character_at_every_table_size():
    from game.wonderful_island.hard import character_odds, rated
    ids = {c["id"] for c in data.load()["characters"]}
    for n in range(3, 9):
        odds = character_odds()[n]
        assert set(odds) == ids
        assert all(0 <= wins <= seats for wins, seats in odds.values())
        # every seat of every measured game counted once, and a game's win shares add up to 1
        games = sum(seats for _w, seats in odds.values()) / n
        assert games == int(games) and sum(w for w, _s in odds.values()) == pytest.approx(games, abs=0.01 * games)
        assert 0 < rated(odds, "no_such_character", n) == pytest.approx(1 / n)


def test_normal_beats_random_in_every_role():
    """One normal seat among easy ones, rotated through every seat (a fixed set of games)."""
    table = balance.strength(3, 90, 4, "normal", "easy", workers=1)
    for role in balance.ROLES:
        won, played = table["strong"][role]
        easy_won, easy_played = table["weak"][role]
        assert played and easy_played
        assert won / played >= 1.5 * easy_won / easy_played, role


def test_balance_intervals_count_a_camps_seats_as_one_outcome():
    # 5 players: 2 Blue, 2 Green, 1 Politician; each role wins a third of the games.
    factions = ["blue", "blue", "green", "green", "politician"]
    winners = [[0, 1], [2, 3], [4]]
    results = [{"factions": factions, "winners": winners[i % 3], "method": "elected", "campaigns": 7}
               for i in range(300)]
    row = balance.balance_row(5, results)
    assert row["ratios"] == {"blue": 1.0, "green": 1.0, "politician": 1.0}
    for lo, hi in row["intervals"].values():
        assert lo < 1.0 < hi and hi - lo < 0.5
    # the Politician wins half as often: its whole interval is below the band, so the size fails
    results = [g for i, g in enumerate(results) if not (i % 3 == 2 and i % 2)]
    row = balance.balance_row(5, results)
    assert row["intervals"]["politician"][1] < balance.BAND[0] and not balance.passes(row)

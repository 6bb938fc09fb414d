"""Rules edition 3: no one wins before every player has been candidate once.

A ruling of this edition (docs/wonderful_island.md, "Balance"): nobody is elected and no Politician
declares during the first round; the first check is at the end of the first round's last campaign
turn. One player left out of jail, and an empty vote pool, still end the game at any time. Records
of editions 1 and 2 replay without the wait.
"""
from __future__ import annotations

from game.core.selfplay import game_seeds, play_one
from game.registry import GAMES

from test_wi_rules import PLAIN, campaign, hand, jail, need, play, set_votes, table

SPEC = GAMES["wonderful_island"]


def test_no_one_is_elected_before_every_player_has_been_candidate_once():
    st = table(round=1)  # blue green politician; seat 0 stands first
    set_votes(st, 0, st.threshold - 3)
    campaign(st, "rally")
    assert st.votes[0] >= st.threshold and not st.is_over() and st.cand == 1
    campaign(st, "rally")
    assert not st.is_over() and st.cand == 2
    campaign(st, "rally")  # the last campaign turn of the first round
    assert st.end["method"] == "elected" and st.winners() == [0]
    assert (st.round, st.camp_count) == (1, 3)


def test_a_politicians_condition_met_in_the_first_round_wins_when_the_round_ends():
    # 代言天后: hold the mark's votes, and at least 1 more than every other player
    st = table(chars=[PLAIN, PLAIN, "diva"], round=1)
    set_votes(st, 2, need(st, "diva"))
    for cand in (0, 1):
        campaign(st, "rally")  # the condition holds from the first move
        assert not st.is_over() and st.cand == cand + 1
    campaign(st, "rally")
    assert st.end["method"] == "politician" and st.winners() == [2] and st.camp_count == 3


def test_a_card_that_meets_a_condition_mid_round_ends_nothing_in_the_first_round():
    st = table(5, round=1)  # blue blue green green politician
    set_votes(st, 1, st.threshold - 2)
    hand(st, 3, "fake_poll")
    st.apply(0, ("venue", "rally"))
    play(st, 3, "play", "fake_poll", 2, 1)  # seat 1 is at the threshold in seat 0's campaign turn
    assert st.votes[1] >= st.threshold and not st.is_over()


def test_a_close_race_in_the_first_round_is_not_kept_for_later():
    # 司改鬥士: Blue and Green within 2 when a campaign turn ends; in the first round that moment passes
    st = table(5, chars=[PLAIN] * 4 + ["reformer"], round=1)
    set_votes(st, 4, need(st, "reformer"))
    set_votes(st, 2, 6)  # Blue 6, Green 9: the rally's 3 votes for seat 0 close the gap
    campaign(st, "rally")
    assert not st.is_over() and "close" not in st.stats[4]["flags"]


def test_jailed_players_do_not_hold_up_the_end_of_the_first_round():
    # Seat 3 never stands: the first round is over when seat 2's campaign turn ends.
    st = table(4, chars=[PLAIN, PLAIN, "diva", PLAIN], round=1)  # blue green politician politician
    jail(st, 3)
    set_votes(st, 2, need(st, "diva"))
    for _ in range(3):
        assert not st.is_over()
        campaign(st, "street" if st.cand == 2 else "grassroots")
        while st.phase == "dice":
            st.apply(st.actor, st.legal_actions(st.actor)[0])
    assert st.end["method"] == "politician" and st.winners() == [2] and st.camp_count == 3


def test_one_player_left_out_of_jail_wins_in_the_first_round_too():
    st = table(round=1)
    jail(st, 1)
    jail(st, 2)
    st.apply(0, ("venue", "rally"))
    assert st.end["method"] == "all_jailed" and st.winners() == [0]


def test_an_empty_vote_pool_forces_a_count_in_the_first_round_too():
    st = table(round=1)
    st.pool = 3
    campaign(st, "rally")
    assert st.pool == 0 and st.end["method"] == "forced" and st.end["reason"] == "pool"


def test_records_of_edition_2_were_elected_in_the_first_round():
    st = table(round=1, edition=2)
    set_votes(st, 0, st.threshold - 3)
    campaign(st, "rally")
    assert st.end["method"] == "elected" and st.camp_count == 1


def test_no_bot_game_ends_on_a_declaration_before_every_player_has_been_candidate_once():
    # Before edition 3, 8-player games of normal bots ended in their first round about a third of the time.
    for seed in game_seeds(5, 12):
        match, finished = play_one(SPEC, ["normal"] * 8, seed, {"length": "short"})
        st = match.state
        assert finished
        if st.end["method"] in ("elected", "politician"):
            assert st.round > 1 or st.camp_count >= 8 - sum(st.jailed), (seed, st.end)


def test_the_length_tool_counts_games_over_before_every_player_has_stood():
    # game.wonderful_island.balance --lengths: edition 2, without the wait, ends some 8-player games
    # in their first round; today's rules end none there on a declaration.
    from game.wonderful_island import balance
    before = balance.run(8, 12, 3, lambda i: ["normal"] * 8, {"length": "short"}, 1, {"edition": 2})
    after = balance.run(8, 12, 3, lambda i: ["normal"] * 8, {"length": "short"}, 1)
    assert balance.length_row(8, "short", before)["first_round"] > 0
    assert all(g["method"] in ("all_jailed", "forced") for g in after if g["first_round"])

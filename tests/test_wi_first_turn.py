"""Rules edition 3: no one wins before every player has had an action turn.

A ruling of this edition (docs/wonderful_island.md, "Balance"): nobody is elected and no Politician
declares during the game's first campaign turn; the first check is at its end, when every player
has had an action turn. One player left out of jail, and an empty vote pool, still end the game at
any time. Records of editions 1 and 2 replay without the wait.
"""
from __future__ import annotations

from game.registry import GAMES

from test_wi_rules import PLAIN, campaign, end_turns, hand, jail, need, play, set_votes, table

SPEC = GAMES["wonderful_island"]


def test_no_one_is_elected_before_every_player_has_had_an_action_turn():
    st = table(5, first_turn=True)  # blue blue green green politician; seat 0 stands first
    set_votes(st, 1, st.threshold - 2)
    hand(st, 3, "fake_poll")
    st.apply(0, ("venue", "rally"))
    play(st, 3, "play", "fake_poll", 2, 1)  # seat 1 at the threshold in the first campaign turn
    assert st.votes[1] >= st.threshold and not st.is_over()
    end_turns(st)  # the first campaign turn ends: the first check
    assert st.end["method"] == "elected" and st.winners() == [0, 1] and st.camp_count == 1


def test_a_politicians_condition_held_from_the_deal_wins_when_the_first_campaign_turn_ends():
    # 代言天后: hold the mark's votes, and at least 1 more than every other player
    st = table(chars=[PLAIN, PLAIN, "diva"], first_turn=True)
    set_votes(st, 2, need(st, "diva"))
    st.apply(0, ("venue", "grassroots"))
    assert not st.is_over()
    end_turns(st)
    assert st.end["method"] == "politician" and st.winners() == [2] and st.camp_count == 1


def test_a_condition_broken_before_the_first_campaign_turn_ends_does_not_win():
    st = table(5, first_turn=True)
    set_votes(st, 1, st.threshold - 2)
    hand(st, 3, "fake_poll")
    hand(st, 4, "fake_poll")
    st.apply(0, ("venue", "grassroots"))
    play(st, 3, "play", "fake_poll", 2, 1)  # seat 1 reaches the threshold...
    play(st, 4, "play", "fake_poll", 1, 2)  # ...and falls below it before the turn is over
    end_turns(st)
    assert not st.is_over() and st.camp_count == 2


def test_from_the_second_campaign_turn_the_game_ends_the_moment_a_condition_holds():
    st = table(5)  # a later campaign turn
    set_votes(st, 1, st.threshold - 2)
    hand(st, 3, "fake_poll")
    st.apply(0, ("venue", "rally"))
    play(st, 3, "play", "fake_poll", 2, 1)
    assert st.end["method"] == "elected" and st.phase == "over"


def test_one_player_left_out_of_jail_wins_in_the_first_campaign_turn_too():
    st = table(first_turn=True)
    jail(st, 1)
    jail(st, 2)
    st.apply(0, ("venue", "rally"))
    assert st.end["method"] == "all_jailed" and st.winners() == [0]


def test_an_empty_vote_pool_forces_a_count_in_the_first_campaign_turn_too():
    st = table(first_turn=True)
    st.pool = 3
    campaign(st, "rally")
    assert st.pool == 0 and st.end["method"] == "forced" and st.end["reason"] == "pool"


def test_records_of_edition_2_were_elected_inside_the_first_campaign_turn():
    st = table(5, first_turn=True, edition=2)
    set_votes(st, 1, st.threshold - 2)
    hand(st, 3, "fake_poll")
    st.apply(0, ("venue", "rally"))
    play(st, 3, "play", "fake_poll", 2, 1)
    assert st.end["method"] == "elected" and st.camp_count == 1


def test_no_bot_game_ends_on_a_declaration_before_every_player_has_had_an_action_turn():
    # game.wonderful_island.balance --lengths: by edition 2's rules, about one 8-player game in ten
    # (short length) ended inside its first campaign turn; by today's none does on a declaration.
    from game.wonderful_island import balance
    before = balance.run(8, 12, 3, lambda i: ["normal"] * 8, {"length": "short"}, 1, {"edition": 2})
    after = balance.run(8, 12, 3, lambda i: ["normal"] * 8, {"length": "short"}, 1)
    assert any(g["inside_first_turn"] for g in before)
    assert all(g["method"] in ("all_jailed", "forced") for g in after if g["inside_first_turn"])

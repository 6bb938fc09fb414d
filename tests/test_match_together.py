"""A moment the whole table watches together (game/core/match.py, GameState.watched_together):
European Union's discussion of a bill. With two or more people at the screen it shows the public
view, whoever had the screen before; a person sees their own view only on asking
(Match.look_in_watched_moment), behind their own hand-off screen every time; with one person nothing
changes. (A person deciding in the open asks for their own view differently: test_match.py.)"""
from __future__ import annotations

from scenes.european_union.demo import demo_match


def _bot_chair(humans: int = 2):
    """A bill discussed with a bot in the chair and people 0..humans-1 at the table."""
    match = demo_match("discuss_bot", seed=4, humans=humans)
    assert match.state.watched_together() and match.state.chair in match.bots
    return match


def _person_chair():
    """A bill discussed with person 0 in the chair and person 1 beside her."""
    match = demo_match("discuss", seed=4, humans=2)
    assert match.state.chair == 0
    return match


def test_a_discussion_shows_the_public_view_whoever_had_the_screen_last():
    match = _bot_chair()
    match.confirm_handoff(1)   # Ben held the screen last (his vote on the bill before)
    assert match.viewer() is None and match.handoff_needed() is None and match.decider() is None


def test_with_one_person_the_discussion_is_their_own_view():
    match = _bot_chair(humans=1)
    assert not match.watched_together() and match.viewer() == 0


def test_a_person_sees_their_own_view_only_behind_their_own_hand_off_screen():
    match = _bot_chair()
    match.look_in_watched_moment(1)
    assert match.handoff_needed() == 1          # the curtain for Ben first...
    match.confirm_handoff(1)
    assert match.viewer() == 1 and match.handoff_needed() is None   # ...then his view


def test_back_at_the_table_a_second_look_takes_a_hand_off_again():
    """The public view was in everyone's hands: the last person's view does not come back without
    their curtain."""
    match = _bot_chair()
    match.look_in_watched_moment(0)
    match.confirm_handoff(0)
    match.back_to_watched_moment()
    assert match.viewer() is None and match.shown_to is None
    match.look_in_watched_moment(0)
    assert match.handoff_needed() == 0


def test_the_person_in_the_chair_calls_the_vote_only_in_their_own_view():
    match = _person_chair()
    assert match.viewer() is None and match.decider() is None   # no one decides on the shared screen
    match.look_in_watched_moment(1)
    match.confirm_handoff(1)
    assert match.decider() is None                              # Ben's view: not his call
    match.back_to_watched_moment()
    match.look_in_watched_moment(0)
    match.confirm_handoff(0)
    assert match.decider() == 0


def test_a_vote_called_while_a_person_looks_starts_with_them():
    """The secret vote follows at once: the person already at the screen votes first, no curtain."""
    match = _bot_chair()
    match.look_in_watched_moment(0)
    match.confirm_handoff(0)
    match.step_bot()   # the chair calls the vote
    assert match.state.phase == "vote" and match.looking_in_watched_moment is None
    assert match.viewer() == 0 and match.handoff_needed() is None


def test_a_vote_called_on_the_public_view_needs_a_hand_off():
    match = _bot_chair()
    match.confirm_handoff(1)
    match.step_bot()
    assert match.state.phase == "vote" and match.handoff_needed() is not None


def test_the_next_bill_is_discussed_on_the_public_view():
    match = _bot_chair()
    match.step_bot()   # the vote is called
    bill = match.state.view(None)["current_bill"]
    while match.state.phase == "vote":
        seat = match.state.to_act()[0]
        if seat in match.bots:
            match.step_bot()
        else:
            match.confirm_handoff(seat)
            match.act(seat, ("vote", "yes"))
    assert match.state.phase == "discuss" and match.state.view(None)["current_bill"] != bill
    assert match.viewer() is None and match.shown_to is None


def test_a_gift_made_in_ones_own_view_keeps_that_view():
    match = _bot_chair()
    match.look_in_watched_moment(0)
    match.confirm_handoff(0)
    match.act(None, ("give", 0, 2))
    assert match.viewer() == 0 and match.decider() == 0   # the amount: behind her own screen
    match.act(0, ("gift", 0))
    assert match.viewer() == 0 and match.looking_in_watched_moment == 0


def test_no_look_outside_a_moment_watched_together():
    match = demo_match("vote", seed=4, humans=2)
    match.look_in_watched_moment(1)
    assert match.looking_in_watched_moment is None

"""The people whose eyes are at this screen (Match.eyes_here): a table hosted for other computers
counts only its own people for the hand-off; a remote person is, to this screen, like a bot that
decides elsewhere (never their view, never a curtain for them, never moved on by this screen)."""
from __future__ import annotations

import random

from game.core.match import HUMAN, Match, Seat
from game.registry import GAMES

SPEC = GAMES["xuanwu_gate"]


def new_match(*kinds, seed=3, here=None, **options):
    match = Match.new(SPEC, [Seat(f"P{i}", k) for i, k in enumerate(kinds)], seed=seed, options=options)
    if here is not None:
        match.eyes_here = frozenset(here)
    return match


def play_to_end(match, rng, on_step):
    """Every seat decides at random (the remote people too, as the host applies their intents)."""
    for _ in range(5000):
        if match.state.is_over():
            return
        on_step(match)
        seat = match.bot_to_move()
        if seat is not None:
            match.step_bot()
            continue
        seat = match.state.to_act()[0]
        if seat in match.humans:
            match.confirm_handoff(seat) if match.handoff_needed() == seat else None
        match.act(seat, rng.choice(match.state.legal_actions(seat)))
    raise AssertionError("the game did not end")


def test_by_default_every_person_is_at_the_screen():
    match = new_match(HUMAN, HUMAN, "easy")
    assert match.eyes_here is None and match.humans == [0, 1]


def test_only_the_people_at_this_screen_count_as_its_humans():
    match = new_match(HUMAN, HUMAN, HUMAN, "easy", here={0})
    assert match.humans == [0]


def test_one_person_here_with_remote_people_never_needs_a_hand_off_and_always_shows_their_own_view():
    match = new_match(HUMAN, HUMAN, HUMAN, "easy", here={1}, start_player=0)

    def check(m):
        assert m.handoff_needed() is None
        assert m.viewer() == 1                      # never a remote seat's view, never the public one
        assert not m.watched_together()
        assert m.decider() in (1, None)
    play_to_end(match, random.Random(5), check)


def test_a_remote_persons_turn_is_neither_this_screens_human_to_move_nor_a_bots():
    match = new_match(HUMAN, HUMAN, "easy", here={0}, start_player=1)
    rng, seen = random.Random(2), 0
    while not match.state.is_over():
        to_act = match.state.to_act()
        if to_act == [1]:   # only the remote person decides: this screen waits for them
            seen += 1
            assert match.human_to_move() is None and match.bot_to_move() is None and match.decider() is None
        seat = to_act[0]
        match.act(seat, rng.choice(match.state.legal_actions(seat)))
    assert seen


def test_two_people_here_and_one_remote_hand_the_screen_only_between_the_two():
    match = new_match(HUMAN, HUMAN, HUMAN, "easy", here={0, 2}, start_player=0)
    handed = []

    def check(m):
        seat = m.handoff_needed()
        if seat is not None:
            handed.append(seat)
        assert m.viewer() in (0, 2, None)
        assert seat in (0, 2, None)
    play_to_end(match, random.Random(9), check)
    assert set(handed) == {0, 2}


def test_nobody_here_shows_the_public_view():
    match = new_match(HUMAN, HUMAN, "easy", here=set())
    assert match.humans == [] and match.viewer() is None and match.handoff_needed() is None

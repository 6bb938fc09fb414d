"""The match (game/core/match.py): bots, undo, hand-off between humans, autosave."""
from __future__ import annotations

import json
import os
import random

import pytest

from game.core import storage
from game.core.saves import read_save
from game.core.errors import IllegalAction
from game.core.match import HUMAN, Match, Seat, visible
from game.registry import GAMES

SPEC = GAMES["xuanwu_gate"]


def seats(*kinds):
    return [Seat(f"P{i}", kind) for i, kind in enumerate(kinds)]


def new_match(*kinds, seed=3, path=None, **options):
    return Match.new(SPEC, seats(*kinds), seed=seed, options=options, autosave_path=path)


def run_bots(match):
    """Let the bots act until a human must act (or the game is over)."""
    while match.bot_to_move() is not None:
        match.step_bot()


def waits_or_keeps(match):
    """The person to act at the Xuanwu table makes the plainest move: wait in a vote, keep a card,
    else the first legal one."""
    human = match.human_to_move()
    legal = match.state.legal_actions(human)
    match.act(human, ("vote", "wait") if ("vote", "wait") in legal else ("keep",) if ("keep",) in legal else legal[0])


def human_turn_at(match, seat, phase):
    """Act one action at a time (bots choose, humans look / keep / wait) until `seat`
    first has to act in `phase`; in a vote, nobody has voted yet."""
    for _ in range(500):
        state = match.state
        if seat in state.to_act() and state.view(None)["phase"] == phase and state.peeked is None:
            return
        if match.bot_to_move() is not None:
            match.step_bot()
            continue
        waits_or_keeps(match)
    raise AssertionError(f"seat {seat} never came to {phase}")


def play_at_the_screen_until(match, reached, person_moves, what: str, most: int = 500) -> None:
    """Play a hot-seat table on until reached(match): each step the screen is passed on where it
    must be, else a bot moves, else the person to act does (person_moves(match))."""
    for _ in range(most):
        if reached(match):
            return
        seat = match.handoff_needed()
        if seat is not None:
            match.confirm_handoff(seat)
        elif match.bot_to_move() is not None:
            match.step_bot()
        else:
            person_moves(match)
    raise AssertionError(f"never reached: {what}")


def test_a_bots_only_match_runs_to_the_end():
    for n in range(SPEC.min_players, SPEC.max_players + 1):
        match = new_match(*(["easy", "normal"] * 4)[:n], seed=n)
        while not match.state.is_over():
            assert match.step_bot()
        assert match.state.to_act() == [] and match.step_bot() == []
        assert isinstance(match.state.winners(), list)
        assert match.events[0]["type"] == "deal"


def test_a_match_needs_one_seat_per_player_and_known_bot_levels():
    with pytest.raises(ValueError):
        new_match(HUMAN, "expert", "easy")
    with pytest.raises(ValueError):
        Match(SPEC, seats(HUMAN, "easy"), SPEC.new_game(3, 1))


def test_the_log_holds_every_event_with_who_may_see_it():
    match = new_match(HUMAN, "easy", "easy", "normal")
    human_turn_at(match, 0, "vote")
    cards = [e for e in match.events if "card" in e]
    assert cards
    for e in cards:
        assert visible(e, e["seat"]) and not visible(e, None)
        assert not any(visible(e, s) for s in range(4) if s != e["seat"])


def test_an_illegal_action_leaves_the_match_and_its_autosave_unchanged(tmp_path):
    path = tmp_path / "auto.json"
    match = new_match(HUMAN, "easy", "easy", start_player=0, path=path)
    before = (path.read_bytes(), len(match.events), match.state.record(), match.can_undo(0))
    for seat, action in [(0, ("peek", 0)), (1, ("vote", "battle")), (0, ("nope",))]:
        with pytest.raises(IllegalAction):
            match.act(seat, action)
    assert (path.read_bytes(), len(match.events), match.state.record(), match.can_undo(0)) == before


# -- undo --------------------------------------------------------------------------
def test_undo_takes_back_a_humans_swap_choice():
    match = new_match(HUMAN, "easy", "easy", "easy", start_player=0)
    human_turn_at(match, 0, "layout")
    match.act(0, ("peek", 1))
    before = (match.state.view(0), len(match.events), match.state.record())
    match.act(0, ("swap", 2))
    assert match.can_undo(0)
    match.undo(0)
    assert (match.state.view(0), len(match.events), match.state.record()) == before
    assert match.state.view(0)["peeked_card"] == match.state.centre[1]


def test_a_peek_cannot_be_undone():
    match = new_match(HUMAN, "easy", "easy", start_player=0)
    human_turn_at(match, 0, "layout")
    match.act(0, ("peek", 0))
    assert not match.can_undo(0)
    with pytest.raises(IllegalAction):
        match.undo(0)


def test_a_vote_can_be_undone_with_the_bots_secret_votes_since_until_the_votes_are_shown():
    match = new_match(HUMAN, "easy", "easy", "easy")
    human_turn_at(match, 0, "vote")
    assert len(match.state.to_act()) == 4  # the human votes first
    match.act(0, ("vote", "battle"))
    assert match.can_undo(0)
    match.undo(0)
    assert match.state.view(0)["my_vote"] is None and 0 in match.state.to_act()
    record = match.state.record()
    match.act(0, ("vote", "battle"))
    match.step_bot()  # a secret vote: it shows nobody anything
    assert match.can_undo(0)
    match.undo(0)  # the bot's vote goes back with the person's
    assert match.state.record() == record and len(match.state.to_act()) == 4
    match.act(0, ("vote", "battle"))
    match.step_bot()
    match.step_bot()
    match.step_bot()  # the last vote shows every vote: nothing before it can be taken back
    assert match.state.view(None)["last_votes"] and not match.can_undo(0)


def test_an_undo_never_takes_back_another_persons_action():
    match = new_match(HUMAN, "easy", HUMAN, "easy")
    human_turn_at(match, 0, "vote")
    match.act(0, ("vote", "battle"))
    voters = match.state.to_act()
    match.act(2, ("vote", "wait"))
    assert 2 in voters and not match.can_undo(0) and match.can_undo(2)


def test_the_final_vote_cannot_be_undone():
    match = new_match(HUMAN, "easy", "easy", "easy")
    human_turn_at(match, 0, "vote")
    for s in list(match.state.to_act()):
        if s != 0:
            match.act(s, match.bots[s].choose(match.state.view(s), match.state.legal_actions(s)))
    assert match.state.to_act() == [0]
    match.act(0, ("vote", "wait"))
    assert not match.can_undo(0)


def test_only_your_own_last_action_can_be_undone():
    match = new_match(HUMAN, HUMAN, "easy", start_player=0)
    match.act(0, ("look",))
    assert match.can_undo(0)
    assert not match.can_undo(1) and not match.can_undo(2) and not match.can_undo(None)
    match.act(1, ("look",))
    assert not match.can_undo(0)


def test_a_bots_action_and_a_table_ruling_cannot_be_undone():
    match = new_match(HUMAN, "easy", "easy", start_player=1)
    match.step_bot()
    last_seat = match.state.actions[-1][0]
    assert not match.can_undo(last_seat)
    match.act(None, ("mark_out", 2))
    assert not match.can_undo(None) and not match.can_undo(0)


def test_undo_rewrites_the_autosave(tmp_path):
    path = tmp_path / "auto.json"
    match = new_match(HUMAN, "easy", "easy", start_player=0, path=path)
    match.act(0, ("look",))
    assert len(read_save(path).data["record"]["actions"]) == 1
    match.undo(0)
    assert json.loads(path.read_text("utf-8"))["record"]["actions"] == []  # written whole
    assert read_save(path).data["record"]["actions"] == []


# -- hand-off ----------------------------------------------------------------------
def test_no_handoff_with_one_human():
    rng = random.Random(4)
    match = new_match("easy", HUMAN, "normal", "easy")
    while not match.state.is_over():
        assert match.handoff_needed() is None
        run_bots(match)
        human = match.human_to_move()
        if human is not None:
            match.act(human, rng.choice(match.state.legal_actions(human)))


def test_no_handoff_without_humans():
    match = new_match("easy", "easy", "easy")
    while not match.state.is_over():
        assert match.handoff_needed() is None and match.viewer() is None
        match.step_bot()


def test_handoff_when_the_screen_passes_to_another_human():
    match = new_match(HUMAN, "easy", HUMAN, "easy", start_player=0)
    assert match.handoff_needed() == 0
    match.confirm_handoff(0)
    assert match.handoff_needed() is None
    match.act(0, ("look",))
    run_bots(match)
    assert match.human_to_move() == 2 and match.handoff_needed() == 2
    match.confirm_handoff(2)
    assert match.handoff_needed() is None and match.viewer() == 2


def test_no_handoff_while_the_same_human_keeps_acting():
    match = new_match(HUMAN, HUMAN, "easy", start_player=0)
    match.confirm_handoff(0)
    match.act(0, ("look",))
    match.confirm_handoff(1)
    match.act(1, ("look",))
    run_bots(match)
    assert match.state.to_act() == [0]
    assert match.handoff_needed() == 0
    match.confirm_handoff(0)
    match.act(0, ("peek", 0))
    assert match.handoff_needed() is None  # still seat 0, choosing after its peek


def test_no_handoff_after_the_game_ends():
    match = new_match(HUMAN, HUMAN, "easy")
    rng = random.Random(8)
    while not match.state.is_over():
        run_bots(match)
        human = match.human_to_move()
        if human is not None:
            match.confirm_handoff(human)
            match.act(human, rng.choice(match.state.legal_actions(human)))
    assert match.handoff_needed() is None


def test_a_secret_vote_starts_with_the_human_already_at_the_screen():
    """Humans 0 and 1 vote at once; seat 1 was at the screen: 1 votes, then 0, never 1 -> 0 -> 1."""
    match = new_match(HUMAN, HUMAN, "easy", start_player=1)
    passed_to = []
    play_at_the_screen_until(
        match, lambda m: m.state.view(None)["phase"] == "vote" and m.shown_to == 1 and {0, 1} <= set(m.state.to_act()),
        waits_or_keeps, "a vote with seat 1 at the screen")
    assert match.state.to_act().index(0) < match.state.to_act().index(1)  # seat 0 is listed first
    assert match.viewer() == 1 and match.human_to_move() == 1 and match.handoff_needed() is None
    match.act(1, ("vote", "wait"))
    run_bots(match)
    passed_to.append(match.handoff_needed())
    match.confirm_handoff(0)
    match.act(0, ("vote", "wait"))
    run_bots(match)
    assert passed_to == [0]
    assert match.state.view(None)["phase"] != "vote" or 1 not in match.state.to_act()


@pytest.mark.parametrize("key", list(GAMES))
def test_the_screen_never_leaves_a_human_who_must_still_act(key):
    """Whatever the game: a hand-off never takes the screen from a human still to act now."""
    spec = GAMES[key]
    n = min(max(spec.min_players, 4), spec.max_players)
    match = Match.new(spec, [Seat(f"H{i}") for i in range(n - 1)] + [Seat("Bot", "easy")], seed=2)
    rng = random.Random(5)
    for _ in range(400):
        if match.state.is_over():
            break
        seat = match.handoff_needed()
        if seat is not None:
            at_screen = match.shown_to
            assert at_screen is None or at_screen not in match.state.to_act(), (at_screen, seat)
            match.confirm_handoff(seat)
        elif match.bot_to_move() is not None:
            match.step_bot()
        else:
            human = match.human_to_move()
            if human is None:
                break
            match.act(human, rng.choice(match.state.legal_actions(human)))


def _wi_answer_with_two_people():
    """A Wonderful Island match with two people (seats 0 and 1) and bots, stopped where person 1 must
    answer person 0's offer in the legislature, person 0's private view on the screen."""
    from hotseat import wi_legislature
    match = wi_legislature(lambda m, last: m.state.phase == "answer" and m.state.to_act() == [1]
                           and m.state.cand == 0)
    match.confirm_handoff(0)
    return match


def test_an_answer_said_aloud_is_given_on_the_public_view_without_a_hand_off():
    match = _wi_answer_with_two_people()
    assert match.state.decides_openly(1)
    assert match.handoff_needed() is None          # no curtain for Ben...
    assert match.viewer() is None                  # ...the screen shows what everyone may see...
    assert match.decider() == 1                    # ...and takes Ben's answer
    match.act(1, ("answer", "yes"))
    run_bots(match)
    # Ann's private view comes back only once she has the screen again: Ben was just at it.
    if match.human_to_move() == 0 and not match.state.decides_openly(0):
        assert match.handoff_needed() == 0
    assert match.shown_to is None


def test_a_person_deciding_in_the_open_may_ask_to_see_their_own_view_for_it():
    match = _wi_answer_with_two_people()
    # Ben decides in the open; Ann does not decide
    assert match.can_decide_in_own_view(1) and not match.can_decide_in_own_view(0)
    with pytest.raises(IllegalAction):
        match.decide_in_own_view(0)
    match.decide_in_own_view(1)
    assert match.handoff_needed() == 1 and match.decider() is None  # the curtain first
    match.confirm_handoff(1)
    assert match.viewer() == 1 and match.decider() == 1 and not match.can_decide_in_own_view(1)


def test_asking_to_look_holds_for_that_decision_only():
    """Elfenland: a counter pick after one's first of the round is taken in the open."""
    spec = GAMES["elfenland"]
    match = Match.new(spec, [Seat("Ann"), Seat("Ben"), Seat("Bot", "easy")], seed=1, options={"start_player": 0})
    play_at_the_screen_until(
        match, lambda m: m.state.phase == "draw" and m.decider() is not None and m.viewer() is None,
        lambda m: m.act(m.decider(), m.state.legal_actions(m.decider())[0]), "a counter pick in the open")
    person = match.decider()
    match.decide_in_own_view(person)
    match.confirm_handoff(match.handoff_needed())
    match.act(person, match.state.legal_actions(person)[0])
    run_bots(match)
    other = match.decider()
    assert other is not None and other != person and match.viewer() is None  # the next pick: in the open


def test_a_decision_in_private_still_needs_the_hand_off():
    match = _wi_answer_with_two_people()
    assert not match.state.decides_openly(0)       # the candidate's offer uses her cards
    match.act(1, ("answer", "maybe"))
    run_bots(match)
    while match.human_to_move() != 0 and not match.state.is_over():
        human = match.human_to_move()
        match.act(human, match.state.legal_actions(human)[0])
        run_bots(match)
    if not match.state.decides_openly(0):
        assert match.handoff_needed() == 0 and match.viewer() == 0


def test_a_game_taken_up_again_opens_on_the_next_persons_curtain(tmp_path):
    """Not on the public view while the bots play on: on the curtain of the person who plays next."""
    path = tmp_path / "save.json"
    match = new_match(HUMAN, "easy", HUMAN, "easy", start_player=0, path=path)
    for _ in range(200):  # on until only bots are to act, right after a person's move
        if match.human_to_move() is None and match.state.actions and match.state.actions[-1][0] in (0, 2):
            break
        if match.bot_to_move() is not None:
            match.step_bot()
        else:
            human = match.human_to_move()
            match.confirm_handoff(human)
            match.act(human, match.state.legal_actions(human)[0])
    last = match.state.actions[-1][0]
    loaded = Match.load(GAMES, path, autosave_path=path)
    assert loaded.bot_to_move() is not None and loaded.human_to_move() is None
    assert loaded.handoff_needed() == (2 if last == 0 else 0)  # the person after the last mover
    loaded.confirm_handoff(loaded.handoff_needed())
    assert loaded.handoff_needed() is None


def test_the_next_person_is_the_first_one_after_the_last_move_in_seat_order():
    match = new_match(HUMAN, "easy", HUMAN, "easy", start_player=0)
    assert match.next_human() == 0                 # nobody moved yet
    match.confirm_handoff(0)
    match.act(0, ("look",))
    assert match.next_human() == 2
    match.act(1, ("look",))
    assert match.next_human() == 2
    match.act(2, ("look",))
    assert match.next_human() == 0


# -- autosave --------------------------------------------------------------------------
def test_autosave_writes_the_save_after_every_action(tmp_path):
    path = tmp_path / "autosave.json"
    match = new_match(HUMAN, "easy", "normal", path=path)
    assert json.loads(path.read_text("utf-8"))["record"] == match.to_save()
    rng = random.Random(1)
    steps = 0
    while not match.state.is_over():
        if match.bot_to_move() is not None:
            match.step_bot()
        else:
            match.act(0, rng.choice(match.state.legal_actions(0)))
        steps += 1
        saved = read_save(path).data  # the file with its journal
        assert saved["record"] == match.to_save() and len(saved["record"]["actions"]) == steps
        assert saved["header"]["actions"] == steps and saved["header"]["finished"] == match.state.is_over()
    assert [p.name for p in path.parent.iterdir()] == ["autosave.json"]  # no temporary files, no journal left


def test_an_autosave_loads_back_into_the_same_match(tmp_path):
    path = tmp_path / "autosave.json"
    match = new_match(HUMAN, "easy", HUMAN, "normal", path=path, memory_aid=True)
    human_turn_at(match, 0, "vote")
    loaded = Match.load(GAMES, path)
    assert [(s.name, s.kind) for s in loaded.seats] == [(s.name, s.kind) for s in match.seats]
    assert loaded.events == match.events
    assert loaded.state.record() == match.state.record()
    for s in [None, 0, 1, 2, 3]:
        assert loaded.state.view(s) == match.state.view(s)
    assert loaded.can_undo(0) == match.can_undo(0)


def test_a_failed_save_leaves_the_previous_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    storage.write_json_atomic(path, {"old": True})

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(storage.os, "replace", broken_replace)
    with pytest.raises(OSError):
        storage.write_json_atomic(path, {"new": True})
    monkeypatch.undo()
    assert json.loads(path.read_text("utf-8")) == {"old": True}
    assert os.listdir(tmp_path) == ["game.json"]


def test_a_save_interrupted_while_writing_leaves_the_previous_file_whole(tmp_path):
    path = tmp_path / "game.json"
    storage.write_json_atomic(path, {"old": True})
    with pytest.raises(TypeError):
        storage.write_json_atomic(path, {"new": object()})  # fails half-way through the dump
    assert json.loads(path.read_text("utf-8")) == {"old": True}
    assert os.listdir(tmp_path) == ["game.json"]


def test_the_bots_never_get_the_deals_seed():
    """A bot that knew the deal's seed could rebuild every hidden card; its seed tells nothing of it."""
    from game.core import match as match_module
    given = []

    class Spy:
        def __init__(self, seat, seed):
            given.append(seed)

    spec = GAMES["xuanwu_gate"]
    spy_spec = type(spec)(**{**spec.__dict__, "bots": {**spec.bots, "easy": Spy}})
    Match.new(spy_spec, seats(HUMAN, "easy", "easy"), seed=5)
    assert given and 5 not in given and str(5) not in map(str, given)
    assert given[0] == match_module.bot_seed_for(5)      # a seed on purpose: the same games again
    given.clear()
    Match.new(spy_spec, seats(HUMAN, "easy", "easy"))
    Match.new(spy_spec, seats(HUMAN, "easy", "easy"))
    assert given[0] != given[2]                          # a game in play: from the system

"""Hints at a seat played from another computer: worked out on that computer from the views the host
sent the seat (the search is given nothing else at one screen either), offered only where the host's
table allows them, and counted in the host's record, where the results and History read them."""
from __future__ import annotations

import random

import pytest

from game.core.hints import make_hint, seat_views
from game.core.match import Match, Seat
from game.registry import GAMES
from netplay import hosted, hosting, join, play_in_threads, wait_for
from game.net.headless import PERSON
from scenes import registry
from scenes.app import App


def at_a_choice(key: str, hints: bool = True, seed: int = 3) -> Match:
    """A match some moves in, seat 0 (a person) to choose among several moves."""
    spec = GAMES[key]
    match = Match.new(spec, [Seat(f"P{i}") for i in range(3)], seed=seed, hints_allowed=hints)
    rng = random.Random(seed)
    while True:
        to_act = match.state.to_act()
        if len(match.state.actions) >= 4 and 0 in to_act and len(match.state.legal_actions(0)) > 1:
            return match
        seat = to_act[0]
        match.act(seat, rng.choice(match.state.legal_actions(seat)))


def settled(remote) -> None:
    wait_for(lambda: (remote.poll(), remote.state.legal_actions(remote.seat))[1], what="the seat's choices")


@pytest.mark.parametrize("allowed", [True, False])
def test_a_remote_seat_is_offered_hints_only_where_the_hosts_table_allows_them(allowed):
    with hosting(at_a_choice("xuanwu_gate", hints=allowed)) as table:
        remote = join(table, seat=0)
        assert remote.hints_allowed is allowed


@pytest.mark.parametrize("key", ["wonderful_island", "elfenland"])
def test_a_remote_hint_is_the_search_from_the_view_and_moves_the_host_sent_the_seat(key):
    """A game whose hint reads only the view now: the hint worked out at the remote seat is the
    one the search makes from the host's view of that seat and its legal moves."""
    match = at_a_choice(key)
    with hosting(match) as table:
        remote = join(table, seat=0)
        settled(remote)
        job = remote.hint_job(0)
        assert job.wait(60) and job.error is None
        at = len(remote.state.actions)
        with table.table.lock:
            expected = make_hint(match.spec, 0, [match.view_of(0)], match.state.legal_actions(0), at)
        assert [o.action for o in job.hint.options] == [o.action for o in expected.options]
        assert [o.wins for o in job.hint.options] == [o.wins for o in expected.options]


def test_a_seat_whose_hint_remembers_is_given_every_view_it_was_shown_in_order():
    """Xuanwu's search remembers what the seat saw (a card peeked at): the remote seat keeps each
    view the host sent it, the same views the seat was shown at the host, position by position."""
    with hosted(GAMES["xuanwu_gate"], [PERSON, PERSON, "easy"], seed=11) as table:
        a, b = join(table, seat=0), join(table, seat=1)
        threads = play_in_threads([a, b], deadline=60)
        assert table.server.finished.wait(60)
        for t in threads:
            t.join(10)
        wait_for(lambda: (a.poll(), a.state.is_over())[1], what="the end at seat 0")
        with table.table.lock:
            shown = seat_views(table.match.spec, table.match.state.record(), 0, True)
        distinct = [v for i, v in enumerate(shown) if i == 0 or v != shown[i - 1]]
        assert a.views_seen == distinct


def test_a_hint_shown_at_a_remote_seat_is_counted_in_the_hosts_record_and_told_to_no_one_else():
    with hosting(at_a_choice("xuanwu_gate")) as table:
        a, b = join(table, seat=0), join(table, seat=1)
        settled(a)
        a.take_hint(0)
        wait_for(lambda: table.match.hints_taken[0] == 1, what="the host's count")
        wait_for(lambda: (a.poll(), a.status[0].get("hints"))[1] == 1, what="the seat's own count")
        b.poll(0.3)
        assert b.status[0]["hints"] is None and b.hints_taken[0] == 0   # who stopped to think is theirs


def test_a_table_set_up_without_hints_refuses_to_count_one_and_says_so():
    with hosting(at_a_choice("xuanwu_gate", hints=False)) as table:
        a = join(table, seat=0)
        settled(a)
        a.take_hint(0)
        wait_for(lambda: (a.poll(), a.errors)[1], what="the host's answer")
        assert a.errors[-1]["code"] == "no_hints" and table.match.hints_taken == [0, 0, 0]


def test_the_remote_table_scene_gives_a_hint_on_h_from_the_seats_own_views():
    app = App(lang="en", size=(1280, 720), first_scene=False)
    with hosting(at_a_choice("wonderful_island")) as table:
        remote = join(table, seat=0)
        settled(remote)
        scene = app.manager.push(registry.table_scene(app, remote))
        app.manager.update(0.05)
        scene.hints.ask()
        # The Wonderful Island's hint reads the view now only: that is all the seat keeps of its views
        assert scene.hints.job is not None and scene.hints.job.views == remote.views_seen == [remote.view_of(0)]
        assert scene.hints.job.wait(60)
        app.manager.update(0.05)
        app.manager.draw(app.screen)
        assert scene.hints.hint is not None and scene.hints.hint.best.action in remote.state.legal_actions(0)
        wait_for(lambda: table.match.hints_taken[0] == 1, what="the host's count")
        remote.close()

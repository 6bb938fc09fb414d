"""Nothing a seat may not see ever leaves the host for it, tested over the wire, differentially: at the
same position with the hidden cards dealt differently (what tests/test_contract.py's WATCHERS move
about behind a seat's back: others' hands, factions, decks, secret bids and votes), the bytes the
host sends that seat when it comes back to the table are the same, byte for byte."""
from __future__ import annotations

import json
import random

import pytest

from game.core.match import Match, Seat, visible
from game.registry import GAMES
from netplay import first_frames, hosting, join
from test_contract import WATCHERS

POSITIONS = 4        # positions per game at which every seat is checked
# The table size per game (a game not named here: its smallest table).
SIZES = {"xuanwu_gate": 4, "elfenland": 3, "european_union": 3, "wonderful_island": 4}
PLAYERS = {key: SIZES.get(key, spec.min_players) for key, spec in GAMES.items()}


def _positions(match: Match, seed: int):
    """Play the match at random and stop at a few positions on the way, spread over the whole game
    (a trial game of the same deal says how long it is)."""
    rng = random.Random(seed)
    trial = match.state.clone()
    moves = []
    while not trial.is_over():
        seat = rng.choice(trial.to_act())
        action = rng.choice(trial.legal_actions(seat))
        moves.append((seat, action))
        trial.apply(seat, action)
    stops = set(rng.sample(range(1, len(moves)), min(POSITIONS, len(moves) - 1)))
    for done, (seat, action) in enumerate(moves):
        if done in stops:
            yield done
        match.act(seat, action)


@pytest.mark.parametrize("key", list(PLAYERS))
def test_a_seat_is_sent_the_same_bytes_whatever_it_cannot_see(key):
    spec = GAMES[key]
    n = PLAYERS[key]
    match = Match.new(spec, [Seat(f"P{i}") for i in range(n)], seed=21)
    checked = 0
    with hosting(match) as table:
        tokens = {}
        for seat in range(n):
            remote = join(table, seat=seat)
            tokens[seat] = remote.client.token
            remote.client._closing = True
            remote.close()
        for _ in _positions(match, seed=5):
            state = match.state
            watcher = WATCHERS[key](state)
            for seat in range(n):
                plain = first_frames(table, seat, tokens[seat])
                log = json.loads(plain[-1])["log"]
                assert log["keep"] == 0 and log["add"] == [e for e in match.events if visible(e, seat)]
                sent: list = []
                original = state.view

                def dealt_differently(eyes, _original=original, _seat=seat):
                    # Called by the watcher with the hidden cards moved: the seat comes back to the
                    # table now and what it is sent is kept. The host's own reads see them moved too.
                    state.view = _original
                    try:
                        sent.append(first_frames(table, _seat, tokens[_seat]))
                        return _original(eyes)
                    finally:
                        state.view = dealt_differently
                state.view = dealt_differently
                try:
                    watcher.check_blind(state, seat, original(seat))
                finally:
                    del state.view
                for frames in sent:
                    assert frames == plain, f"{key}: seat {seat} is sent other bytes when hidden cards differ"
                checked += len(sent)
    assert checked >= POSITIONS, f"{key}: too few positions had anything hidden to move ({checked})"

"""tools/research/elfenland_reading.py: hard reading the other hand at two players (a measured variant, not
a level), from the other seat's draws and planning turns as the normal bot would have made them;
a world dealt whole, only at a table of two; the measurement's output."""
from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.elfenland import SPEC
from game.elfenland.bots import NormalBot
from game.elfenland.hard import HardBot
from game.elfenland.rules import tables
from game.elfenland.state import PLAN

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools" / "research"))
import elfenland_reading
from elfenland_reading import Draw, HandReader, Plan, ReadingHard


class QuickHard(ReadingHard):
    iterations = 4   # the reading is the same whatever the search's budget


def read_games(games: int, n: int = 2):
    """Yield (state, reader) at each of hard's planning turns in games of hard (seat 0) and normal."""
    for g in range(games):
        state = SPEC.new_game(n, 100 + g, {})
        bots = [QuickHard(0, g)] + [NormalBot(s, g) for s in range(1, n)]
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.view(seat), legal)
            if seat == 0 and state.phase == PLAN:
                yield state, bots[0].reader
            state.apply(seat, action)


@pytest.mark.slow  # whole games with the hard bot
def test_the_other_hand_is_read_closer_than_chance_from_its_draws_and_plans():
    """Once the other seat has drawn and planned, the weighed hands share more cards with its
    true hand than the pool's hands do on average (the pool is dealt at random)."""
    weighed = plain = 0.0
    turns = 0
    for state, reader in read_games(3):
        if not reader.pool or sum(isinstance(seen, Plan) for seen in reader.seen) < 2:
            continue
        this_weighed, this_plain, _effective = elfenland_reading.shared_cards(reader, state)
        weighed += this_weighed
        plain += this_plain
        turns += 1
    assert turns >= 10
    assert weighed / turns > plain / turns + 0.5


def test_a_world_dealt_from_the_reading_keeps_every_card_and_counter():
    T = tables()
    checked = 0
    for state, reader in read_games(1):
        if not reader.pool:
            continue
        view = state.view(0)
        world = HardBot(0, 1).sample_world(view, 0, random.Random(checked))
        world = reader.deal(world, view, random.Random(checked))
        cards = Counter(world.deck) + Counter(world.discard)
        for hand in world.hands:
            cards.update({k: c for k, c in hand.items() if c})
        assert cards == Counter({k: c for k, c in T.travel_cards.items() if c})
        counters = Counter(world.pile) + Counter(world.returned) + Counter(world.board_counters.values())
        counters += Counter(c for c in world.face_up if c)
        for s in range(2):
            counters += Counter(world.up[s]) + Counter(world.secret[s])
        assert counters == Counter({k: c for k, c in T.counters.items() if c})
        assert Counter(k for k, c in world.hands[0].items() for _ in range(c)) == Counter(view["hand"])
        assert sum(world.hands[1].values()) == view["players"][1]["cards"]
        assert len(world.secret[1]) == view["players"][1]["secret_counters"]
        checked += 1
        if checked == 6:
            break
    assert checked == 6


def test_the_other_hand_is_read_only_at_a_table_of_two():
    assert HandReader.reads({"n_players": 2})
    assert not HandReader.reads({"n_players": 3})
    for _state, reader in read_games(1, n=3):
        assert reader.round is None  # never called at three


@pytest.mark.slow  # whole games with the hard bot
def test_the_acts_read_are_the_ones_the_other_seat_made():
    """One of the readings of each draw is the draw the other seat made, and each planning act
    read is one the other seat made that round, from the other seat's turn."""
    state = SPEC.new_game(2, 5, {})
    bots = [QuickHard(0, 5), NormalBot(1, 5)]
    made: dict[int, list] = {}
    reads = drawn = planned = 0
    seen: list = []
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = tuple(bots[seat].choose(state.view(seat), legal))
        if seat == 1 and state.phase in ("draw", PLAN):
            kind = state.face_up[action[1]] if action[0] == "take" else None
            made.setdefault(state.round, []).append((state.phase, action[0], kind) if kind else (state.phase, action))
        reader = bots[0].reader
        if seat == 0:
            if reader.seen is not seen:  # a new round, a new list
                seen, reads = reader.seen, 0
            for read in seen[reads:]:
                real = made[reader.round]
                if isinstance(read, Draw):  # one of its readings is what it did
                    assert any(("draw", "take", view["face_up"][a[1]]) in real if a[0] == "take" else ("draw", a) in real
                               for _weight, view, _choices, a in read.readings)
                    drawn += 1
                else:
                    assert read.world.turn == 1 and read.world.phase == PLAN
                    assert (PLAN, read.act) in real
                    planned += 1
            reads = len(seen)
        state.apply(seat, action)
    assert drawn >= 4 and planned >= 4


@pytest.mark.slow  # whole games with the hard bot
def test_the_reading_measurement_prints_the_cards_shared_and_refuses_no_games(capsys):
    assert elfenland_reading.main(["--games", "1", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "weighed hands" in out and len(out.strip().splitlines()) >= 4
    with pytest.raises(SystemExit):
        elfenland_reading.main(["--games", "0"])
    assert "--games must be at least 1" in capsys.readouterr().err


@pytest.mark.slow  # whole games with the hard bot
def test_the_reading_ladder_plays_against_normal_and_leaves_the_levels_as_they_were(capsys):
    assert elfenland_reading.main(["--ladder", "--games", "1", "--seed", "3"]) == 0
    assert "reading" in capsys.readouterr().out
    assert list(SPEC.bots) == ["easy", "normal", "hard"]

"""Each game's golden playthrough (tests/golden.py, tests/data/golden/<key>.txt) plays again exactly:
a change of the rules, of a view or of the events shows as a diff of that file. After an intended
change, `python tests/golden.py --write` records them again, and the diff goes with the change."""
from __future__ import annotations

import pytest

from game.registry import GAMES
from golden import path, playthrough


@pytest.mark.parametrize("key", list(GAMES))
def test_the_golden_playthrough_plays_again_exactly(key):
    assert path(key).is_file(), f"no golden playthrough for {key}: python tests/golden.py --write {key}"
    recorded = path(key).read_text(encoding="utf-8").splitlines()
    now = playthrough(GAMES[key]).splitlines()
    first = next((i for i, (a, b) in enumerate(zip(recorded, now)) if a != b), min(len(recorded), len(now)))
    assert recorded == now, (
        f"{key} plays differently from line {first + 1} of {path(key).name} on "
        f"(recorded: {recorded[first][:160] if first < len(recorded) else 'the end'!r}; "
        f"now: {now[first][:160] if first < len(now) else 'the end'!r}). If the change is intended: "
        f"python tests/golden.py --write {key}, and commit the diff with it")


def test_the_golden_text_is_stable_from_run_to_run():
    spec = GAMES["xuanwu_gate"]
    assert playthrough(spec) == playthrough(spec)

"""tools/wi_character_odds.py: how often each character wins, measured in games of normal bots that
keep one of their two offered characters at random; the hard bot keeps by these odds."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import wi_character_odds as tool


@pytest.fixture(scope="module")
def games():
    return tool.play(3, 12, seed=5, workers=1)


def test_every_seat_keeps_one_of_its_two_offered_characters(games):
    for offers, kept, normal_keeps, wins in games:
        assert len(offers) == len(kept) == len(normal_keeps) == len(wins) == 3
        for offer, k, nk in zip(offers, kept, normal_keeps):
            assert len(offer) == 2 and k in offer and nk in offer


def test_the_keep_is_at_random_not_normals(games):
    kept = [k for _o, ks, _n, _w in games for k in ks]
    normal = [k for _o, _k, ns, _w in games for k in ns]
    assert kept != normal  # 36 coin flips all landing on normal's keep would be a broken measurement


def test_the_tally_counts_every_seat_and_each_games_win_once(games):
    odds = tool.tally(games)
    assert sum(seats for _w, seats in odds.values()) == 3 * len(games)
    assert sum(w for w, _s in odds.values()) == pytest.approx(len(games), abs=1e-3)


def test_the_same_seed_measures_the_same_games(games):
    assert tool.play(3, 12, seed=5, workers=1) == games


def test_keeping_the_character_that_wins_gains_over_normals_keep_on_the_other_half():
    # Two characters offered to every seat, kept half the time each; "strong" wins every game it
    # is in and normal always keeps "weak": keeping by the odds gains, and never agrees with normal.
    games = []
    for g in range(400):
        kept = ["strong" if (g + s) % 2 else "weak" for s in range(3)]
        wins = [1.0 if k == "strong" else 0.0 for k in kept]
        wins = [w / sum(wins) for w in wins] if sum(wins) else [1.0, 0.0, 0.0]
        games.append(([["strong", "weak"]] * 3, kept, ["weak"] * 3, wins))
    over_random, over_normal, same = tool.check(3, games)
    assert same == 0.0
    assert over_normal == pytest.approx(2 * over_random) and over_random > 10  # points of win share


def test_a_wrong_count_on_the_command_line_gets_a_clear_message(capsys):
    with pytest.raises(SystemExit) as exit_:
        tool.main(["--seats-per-size", "0", "--dry-run"])
    assert exit_.value.code == 2
    assert "--seats-per-size must be at least" in capsys.readouterr().err

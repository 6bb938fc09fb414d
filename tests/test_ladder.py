"""The ladder between two bot levels (game/core/ladder.py, tools/ladder.py)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from game.core.ladder import LadderResult, ladder, pooled, wilson
from game.registry import GAMES


def test_the_wilson_interval_holds_the_rate_and_narrows_with_games():
    lo, hi = wilson(30, 100)
    assert lo < 0.3 < hi
    lo2, hi2 = wilson(300, 1000)
    assert hi2 - lo2 < hi - lo
    assert wilson(0, 0) == (0.0, 0.0)


def test_the_measured_level_sits_in_every_seat_in_turn():
    r = ladder(GAMES["xuanwu_gate"], 4, 12, 3, "normal", "easy", workers=1)
    assert r.games == 12 and r.fair == 0.25
    assert 0 <= r.strong_wins <= 12 and r.strong_wins + r.weak_wins <= 12 + 1e-9


def test_a_game_with_roles_is_compared_role_by_role():
    r = ladder(GAMES["wonderful_island"], 3, 9, 2, "normal", "easy", workers=1)
    assert set(r.roles) == {"blue", "green", "politician"}
    seats = sum(cells["strong"][1] + cells["weak"][1] for cells in r.roles.values())
    assert seats == 9 * 3 and sum(cells["strong"][1] for cells in r.roles.values()) == 9


def ladder_tool():
    """tools/ladder.py, loaded as a module."""
    path = Path(__file__).resolve().parents[1] / "tools" / "ladder.py"
    spec = importlib.util.spec_from_file_location("ladder_tool", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_the_ladder_tool_prints_the_share_and_the_seat_table(capsys):
    tool = ladder_tool()
    assert tool.main(["european_union", "--players", "3", "--levels", "normal,easy", "--games", "6",
                      "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "fair share" in out and "all normal: wins per seat" in out
    with pytest.raises(SystemExit):
        tool.main(["xuanwu_gate", "--players", "3", "--levels", "hardest,easy"])
    # An all-A table of searching bots takes hours: --seat-games sizes it, 0 leaves it out.
    assert tool.main(["european_union", "--players", "3", "--levels", "normal,easy", "--games", "3",
                      "--workers", "1", "--seat-games", "0"]) == 0
    out = capsys.readouterr().out
    assert "fair share" in out and "wins per seat" not in out


def test_ladders_of_several_seeds_pool_into_one_larger_sample():
    spec = GAMES["xuanwu_gate"]
    each = [ladder(spec, 3, 6, seed, "normal", "easy", workers=1) for seed in (1, 2)]
    both = pooled(each)
    assert both.games == 12
    assert both.strong_wins == pytest.approx(each[0].strong_wins + each[1].strong_wins)
    assert both.weak_wins == pytest.approx(each[0].weak_wins + each[1].weak_wins)
    with pytest.raises(ValueError):
        pooled([each[0], ladder(spec, 4, 4, 1, "normal", "easy", workers=1)])


def test_a_game_with_roles_pools_its_role_cells():
    spec = GAMES["wonderful_island"]
    each = [ladder(spec, 3, 3, seed, "normal", "easy", workers=1) for seed in (1, 2)]
    both = pooled(each)
    for side in ("strong", "weak"):
        assert sum(c[side][1] for c in both.roles.values()) == sum(
            c[side][1] for r in each for c in r.roles.values())


def test_the_ladder_tool_plays_several_seeds_and_pools_them(capsys):
    tool = ladder_tool()
    assert tool.main(["xuanwu_gate", "--players", "3", "--games", "3", "--seeds", "1-2",
                      "--workers", "1", "--seat-games", "0"]) == 0
    out = capsys.readouterr().out
    assert "2 seeds of 3 games" in out and "seed 1:" in out and "seed 2:" in out
    assert "all 6 games: normal wins" in out
    for bad in ("x", "3-1", "1,1"):
        with pytest.raises(SystemExit):
            tool.main(["xuanwu_gate", "--players", "3", "--games", "3", "--seeds", bad])
        assert "--seeds" in capsys.readouterr().err


def test_a_ladder_summary_gives_the_share_its_interval_and_the_fair_ratio():
    r = LadderResult("xuanwu_gate", 5, "normal", "easy", games=400, strong_wins=120.0)
    lo, hi = wilson(120.0, 400)
    assert r.summary() == (f"30.0 % (95 % interval {100 * lo:.1f}-{100 * hi:.1f}), fair share 20.0 %: "
                           f"1.50x fair ({lo / 0.2:.2f}-{hi / 0.2:.2f})")

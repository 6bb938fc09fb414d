"""The ladder between two bot levels (game/core/ladder.py, tools/ladder.py)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from game.core.ladder import ladder, wilson
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


def test_the_ladder_tool_prints_the_share_and_the_seat_table(capsys):
    path = Path(__file__).resolve().parents[1] / "tools" / "ladder.py"
    spec = importlib.util.spec_from_file_location("ladder_tool", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
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

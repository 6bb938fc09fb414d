"""game.core.selfplay: bots-only games are deterministic for a seed and their counts add up."""
from __future__ import annotations

import pytest

from game.core.selfplay import SelfplayError, game_seeds, play_one, resolve_levels, run_selfplay
from game.registry import GAMES

XW = GAMES["xuanwu_gate"]


def test_same_seed_same_results():
    a = run_selfplay(XW, 5, 8, seed=3, levels=["normal", "easy"] * 2 + ["normal"])
    b = run_selfplay(XW, 5, 8, seed=3, levels=["normal", "easy"] * 2 + ["normal"])
    assert len(set(map(tuple, a.winners))) > 1  # the games differ from each other: seeds are drawn per game
    assert a.winners == b.winners
    assert a.wins == b.wins and a.shares == b.shares and a.no_winner == b.no_winner
    assert a.actions == b.actions


def test_different_seeds_differ():
    a = run_selfplay(XW, 4, 30, seed=1)
    b = run_selfplay(XW, 4, 30, seed=2)
    assert a.winners != b.winners


def test_the_same_game_seed_replays_the_same_record():
    seed = game_seeds(11, 3)[2]
    m1, done1 = play_one(XW, ["normal"] * 6, seed)
    m2, done2 = play_one(XW, ["normal"] * 6, seed)
    assert done1 and done2
    assert m1.state.record() == m2.state.record()
    # and the record replays to the same end
    again = XW.replay(m1.state.record())
    assert again.is_over() and again.winners() == m1.state.winners()


# The largest tables (6 and 7 players) count the same way and take longest: in the slow run.
@pytest.mark.parametrize("n", [pytest.param(n, marks=pytest.mark.slow) if n >= 6 else n
                               for n in range(XW.min_players, XW.max_players + 1)])
@pytest.mark.parametrize("options", [{}, {"variant": "scoring", "target": 5}])
def test_counts_add_up(n, options):
    # One normal seat among easy ones: the counting is the same whoever plays, and a table of
    # seven normal bots playing the scoring game to its end took over a minute.
    r = run_selfplay(XW, n, 6, seed=n, levels=["normal"] + ["easy"] * (n - 1), options=options)
    assert r.games == 6 == len(r.winners)
    assert r.stopped == 0
    # every game has a set of winners or counts as no-winner
    assert sum(1 for w in r.winners if not w) == r.no_winner
    assert sum(r.wins) == sum(len(w) for w in r.winners)
    # shares: one per game with a winner, split among tied winners
    assert sum(r.shares) + r.no_winner == pytest.approx(r.games)
    for s in range(n):
        assert r.wins[s] == sum(1 for w in r.winners if s in w)
        assert 0 <= r.shares[s] <= r.wins[s]
    assert all(0 <= s < n for w in r.winners for s in w)
    assert r.actions > 0 and r.seconds > 0
    text = r.table()
    assert "no winner" in text and "games/s" in text


def test_levels():
    assert resolve_levels(XW, 4, None) == ["easy"] * 4
    assert resolve_levels(XW, 3, ["normal"]) == ["normal"] * 3
    assert resolve_levels(XW, 3, ["normal", "easy", "normal"]) == ["normal", "easy", "normal"]
    with pytest.raises(SelfplayError, match="one per seat"):
        resolve_levels(XW, 4, ["easy", "normal"])
    assert resolve_levels(XW, 3, ["hard", "normal", "normal"]) == ["hard", "normal", "normal"]
    with pytest.raises(SelfplayError, match="no bot level"):
        resolve_levels(XW, 3, ["genius"])


def test_bad_requests_raise_plain_errors():
    with pytest.raises(SelfplayError, match="3 to 7"):
        run_selfplay(XW, 2, 1, seed=0)
    with pytest.raises(SelfplayError, match="at least 1"):
        run_selfplay(XW, 3, 0, seed=0)
    with pytest.raises(SelfplayError, match="option"):
        run_selfplay(XW, 3, 1, seed=0, options={"variant": "chaos"})


def test_selfplay_module_is_pygame_free():
    import sys
    import subprocess
    code = ("import sys; import game.core.selfplay, game.registry; "
            "assert 'pygame' not in sys.modules; print('ok')")
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, timeout=60)
    assert proc.returncode == 0 and "ok" in proc.stdout, proc.stderr


def test_a_game_with_roles_is_tallied_per_role_too():
    """European Union deals parties at random: the tournament counts wins per party as well."""
    spec = GAMES["european_union"]
    result = run_selfplay(spec, 4, 6, seed=3, levels=["easy"])
    assert sum(result.role_games.values()) == 6 * 4
    assert abs(sum(result.role_shares.values()) - (result.games - result.no_winner)) < 1e-9
    assert "vs fair" in result.table()


def test_a_team_game_counts_every_winning_member_of_a_role():
    """The Wonderful Island: a camp wins together, so a seat's chance by role counts each member."""
    spec = GAMES["wonderful_island"]
    result = run_selfplay(spec, 5, 8, seed=2, levels=["normal"])
    assert sum(result.role_wins.values()) == sum(len(w) for w in result.winners)
    for role, played, _, _, rate in result.role_rows():
        assert rate == result.role_wins.get(role, 0) / played
    assert "seat won %" in result.table()


def test_a_game_without_roles_has_no_role_table():
    result = run_selfplay(XW, 3, 3, seed=1)
    assert result.role_games == {} and "vs fair" not in result.table()

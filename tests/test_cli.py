"""main.py's command line: --help, clear errors with exit code 2 and no traceback, a pygame-free selfplay."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
MAIN = ROOT / "main.py"


def run_main(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, str(MAIN), *args], capture_output=True, text=True,
                          encoding="utf-8", timeout=timeout, cwd=ROOT, env=env)


def test_help_lists_the_options():
    proc = run_main("--help")
    assert proc.returncode == 0, proc.stderr
    for option in ("--lang", "--window", "--fullscreen", "--selfplay", "--players", "--games", "--seed", "--bots"):
        assert option in proc.stdout
    assert "zh_TW" in proc.stdout and "WxH" in proc.stdout


def test_version_prints_the_one_version_and_exits_0():
    from game.version import VERSION
    proc = run_main("--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"Sifang Table {VERSION}"
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {VERSION}" in changelog  # the changelog says what this version is


def test_pyproject_names_the_one_version_and_the_one_list_of_requirements():
    """pyproject.toml's metadata points at game/version.py and requirements.txt instead of
    repeating them."""
    import importlib
    import tomllib
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    project, dynamic = meta["project"], meta["tool"]["setuptools"]["dynamic"]
    assert set(project["dynamic"]) == {"version", "dependencies"}
    module, _, attr = dynamic["version"]["attr"].rpartition(".")
    from game.version import VERSION
    assert getattr(importlib.import_module(module), attr) == VERSION
    assert [(ROOT / f).exists() for f in dynamic["dependencies"]["file"]] == [True]
    assert project["requires-python"] == ">=3.11"


BAD = [
    (["--window", "800x600"], "out of range"),
    (["--window", "3000x2000"], "out of range"),
    (["--window", "1280"], "WIDTHxHEIGHT"),
    (["--window", "wide"], "WIDTHxHEIGHT"),
    (["--window", "-1280x720"], "--window"),
    (["--lang", "fr"], "zh_TW"),
    (["--selfplay", "chess", "--players", "4"], "unknown game"),
    (["--selfplay", "xuanwu_gate", "--players", "2"], "3 to 7"),
    (["--selfplay", "xuanwu_gate", "--players", "8"], "3 to 7"),
    (["--selfplay", "xuanwu_gate", "--players", "four"], "whole number"),
    (["--selfplay", "xuanwu_gate", "--players", "4", "--bots", "genius"], "no bot level 'genius'"),
    (["--selfplay", "xuanwu_gate", "--players", "4", "--bots", "easy,normal"], "one per seat"),
    (["--selfplay", "xuanwu_gate", "--players", "4", "--bots", ","], "bot levels"),
    (["--selfplay", "xuanwu_gate", "--games", "0"], "at least 1"),
    (["--selfplay", "xuanwu_gate", "--seed", "x"], "whole number"),
    (["--selfplay"], "expected one argument"),
    (["--players", "4"], "only goes with --selfplay"),
    (["--selfplay", "xuanwu_gate", "--window", "1280x720"], "not for --selfplay"),
    (["--no-such-option"], "unrecognized"),
    (["--host", "chess"], "unknown game"),
    (["--host", "xuanwu_gate", "--players", "2"], "3 to 7"),
    (["--host", "xuanwu_gate", "--seats", "remote,genius,easy"], "neither 'remote' nor a bot level"),
    (["--host", "xuanwu_gate", "--players", "4", "--seats", "remote,easy"], "one kind per seat"),
    (["--host", "xuanwu_gate", "--listen", "127.0.0.1:99999"], "out of range"),
    (["--host", "xuanwu_gate", "--bots", "easy"], "go with --selfplay"),
    (["--host", "xuanwu_gate", "--join", "127.0.0.1:5"], "cannot go together"),
    (["--join", "127.0.0.1"], "has no port"),
    (["--join", "127.0.0.1:5", "--bot", "easy"], "needs --code"),
    (["--join", "127.0.0.1:5", "--code", "K7Q2-9XRM"], "12 letters"),
    (["--join", "127.0.0.1:5", "--code", "K7Q2-9XRM-4TB1", "--token-file", "x"], "--token-file goes with --bot"),
    (["--join", "127.0.0.1:5", "--code", "K7Q2-9XRM-4TB1", "--bot", "easy", "--window", "1280x720"],
     "not for --join"),
    (["--join", "127.0.0.1:5", "--code", "K7Q2-9XRM-4TB1", "--bot", "genius"], "no bot level 'genius'"),
    (["--join", "127.0.0.1:5", "--code", "K7Q2-9XRM-4TB1", "--bot", "easy", "--players", "3"], "does not go with --join"),
    (["--code", "K7Q2-9XRM-4TB1"], "only goes with --join"),
    (["--seats", "remote"], "only goes with --host"),
    (["--hints"], "only goes with --host"),
]


@pytest.mark.parametrize("args,message", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_values_exit_2_with_a_clear_message(args, message):
    proc = run_main(*args)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    assert "error:" in proc.stderr


def test_selfplay_prints_wins_and_speed():
    proc = run_main("--selfplay", "xuanwu_gate", "--players", "5", "--games", "20", "--seed", "1",
                    "--bots", "normal,easy,easy,easy,easy")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "20 games" in out and "seed 1" in out
    assert "no winner" in out and "games/s" in out
    lines = [ln.split() for ln in out.splitlines() if ln.strip().endswith("%") and ln.split()[0].isdigit()]
    assert [int(ln[0]) for ln in lines] == [0, 1, 2, 3, 4]
    assert [ln[1] for ln in lines] == ["normal", "easy", "easy", "easy", "easy"]


def test_selfplay_output_repeats_for_a_seed():
    def table(proc):
        return [ln for ln in proc.stdout.splitlines() if "games/s" not in ln]
    a = run_main("--selfplay", "xuanwu_gate", "--players", "4", "--games", "15", "--seed", "9")
    b = run_main("--selfplay", "xuanwu_gate", "--players", "4", "--games", "15", "--seed", "9")
    assert a.returncode == b.returncode == 0
    assert table(a) == table(b)


def test_selfplay_never_imports_pygame():
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import main; "
        "rc = main.main(['--selfplay', 'xuanwu_gate', '--players', '3', '--games', '3', '--seed', '2']); "
        "assert rc == 0, rc; "
        "bad = sorted(m for m in sys.modules if m == 'pygame' or m.startswith(('pygame.', 'scenes'))); "
        "assert not bad, bad; print('clean')"
    )
    proc = subprocess.run([sys.executable, "-c", code, str(ROOT)], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "clean" in proc.stdout


def test_window_size_parser():
    sys.path.insert(0, str(ROOT))
    import main

    assert main.window_size("1280x720") == (1280, 720)
    assert main.window_size(" 1024 X 600 ") == (1024, 600)
    assert main.window_size("2560x1440") == (2560, 1440)
    for bad in ("1023x600", "1024x599", "2561x1440", "2560x1441", "x", "12x", "1e3x700"):
        with pytest.raises(Exception):
            main.window_size(bad)
    assert main.language("zh-TW") == "zh_TW" and main.language("EN") == "en"


GUI_HARNESS = r"""
import sys, types, json
sys.path.insert(0, sys.argv[1])
calls = []
fake = types.ModuleType("scenes.app")
def run(lang, window, fullscreen, **table):
    calls.append([lang, list(window) if window else None, fullscreen] + ([table] if table else []))
    print("a stray print from the game")          # must not fail even without a console
    if sys.argv[2] == "crash":
        raise RuntimeError("boom in the scene")
    return 0
fake.run = run
sys.modules["scenes.app"] = fake
import main
out, err = sys.stdout, sys.stderr
if sys.argv[3] == "noconsole":                    # as in a windowed PyInstaller build
    sys.stdout = sys.stderr = None
rc = main.main(sys.argv[4:])
sys.stdout, sys.stderr = out, err
print(json.dumps({"rc": rc, "calls": calls, "pygame": "pygame" in sys.modules}))
"""


def run_gui_harness(tmp_path, mode: str, console: str, *args: str) -> tuple[dict, subprocess.CompletedProcess, str]:
    import json
    env = dict(os.environ, SIFANG_DATA_DIR=str(tmp_path))
    proc = subprocess.run([sys.executable, "-c", GUI_HARNESS, str(ROOT), mode, console, *args],
                          capture_output=True, text=True, timeout=60, cwd=ROOT, env=env)
    assert proc.stdout.strip(), proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    log = tmp_path / "logs" / "sifang.log"
    # Only a regular file is read back: a FIFO left at the log path would block this read.
    return result, proc, log.read_text(encoding="utf-8") if log.is_file() else ""


@pytest.mark.parametrize("console", ["console", "noconsole"])
def test_gui_path_passes_options_and_logs_to_a_file(tmp_path, console):
    result, proc, log = run_gui_harness(tmp_path, "ok", console, "--lang", "zh-TW", "--window", "1600x900",
                                        "--fullscreen")
    assert result["rc"] == 0
    assert result["calls"] == [["zh_TW", [1600, 900], True]]
    assert "starting" in log and "quit with code 0" in log
    assert "Traceback" not in proc.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and links as POSIX makes them")
@pytest.mark.parametrize("odd", ["fifo", "link to /dev/full", "folder"])
def test_a_log_path_that_is_not_a_regular_file_neither_hangs_nor_stops_the_start(tmp_path, odd):
    log = tmp_path / "logs" / "sifang.log"
    log.parent.mkdir()
    if odd == "fifo":
        os.mkfifo(log)  # opened for writing the usual way, this blocks until a reader comes
    elif odd == "folder":
        log.mkdir()
    else:
        log.symlink_to("/dev/full")
    result, proc, _ = run_gui_harness(tmp_path, "ok", "console")  # 60 s timeout: a hang fails
    assert result["rc"] == 0 and result["calls"] == [[None, None, False]]
    assert "Traceback" not in proc.stderr
    if odd == "fifo":
        import stat
        assert stat.S_ISFIFO(log.lstat().st_mode), "the odd file is left alone, not written"


def test_join_without_a_bot_opens_the_window_on_that_table(tmp_path):
    result, _, _ = run_gui_harness(tmp_path, "ok", "console", "--join", "127.0.0.1:47047", "--code",
                                   "k7q2 9xrm 4tbl", "--seat", "2", "--name", "Amy", "--lang", "en")
    assert result["rc"] == 0
    assert result["calls"] == [["en", None, False, {"join": {"address": "127.0.0.1:47047", "code": "K7Q2-9XRM-4TB1",
                                                              "seat": 1, "name": "Amy"}}]]


def test_gui_path_defaults_leave_the_choice_to_the_app(tmp_path):
    result, _, _ = run_gui_harness(tmp_path, "ok", "console")
    assert result["calls"] == [[None, None, False]]


@pytest.mark.parametrize("console", ["console", "noconsole"])
def test_gui_crash_is_logged_not_shown_as_a_traceback(tmp_path, console):
    result, proc, log = run_gui_harness(tmp_path, "crash", console)
    assert result["rc"] == 1
    assert "boom in the scene" in log and "Traceback" in log
    assert "Traceback" not in proc.stderr
    if console == "noconsole":
        assert "a stray print from the game" in log


def test_a_game_without_a_level_other_games_have_says_so(monkeypatch, capsys):
    """A new game may come before its hard level: asking for it names the games that have one."""
    sys.path.insert(0, str(ROOT))
    import main
    monkeypatch.delitem(GAMES["xuanwu_gate"].bots, "hard")
    rc = main.main(["--selfplay", "xuanwu_gate", "--games", "1", "--bots", "hard"])
    err = capsys.readouterr().err
    assert rc == 2
    assert "(xuanwu_gate) has no hard bots yet" in err and "choose from easy, normal" in err
    assert "Elfenland" in err   # a game that has the level


def test_selfplay_plays_hard_bots(monkeypatch, capsys):
    sys.path.insert(0, str(ROOT))
    import main
    from game.wonderful_island.hard import HardBot

    monkeypatch.setattr(HardBot, "iterations", 4)  # the level's search, on a small budget
    rc = main.main(["--selfplay", "wonderful_island", "--players", "3", "--games", "1", "--seed", "3",
                    "--bots", "hard"])
    out = capsys.readouterr().out
    assert rc == 0
    assert [ln.split()[1] for ln in out.splitlines() if ln.strip().endswith("%") and ln.split()[0].isdigit()] \
        == ["hard"] * 3

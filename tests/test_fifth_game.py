"""A fifth game, added the way docs/architecture.md#where-a-new-game-goes says, to a copy of the
repository: Matching Pennies (tests/fifth_game/), its two packages and data files copied in and its
entries added. The tests every game must pass then pass for it (the registry's completeness, the
engine contract and hidden information, replays and undo, the golden playthrough, its table, menu
and hand-off screen, --selfplay), the new game touches FILES_TOUCHED files, and leaving out any
entry fails a test instead of skipping one."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "tests" / "fifth_game"
KEY = "pennies"

# What a new game touches, as docs/architecture.md lists it (the test checks the list is complete).
NEW_FILES = [
    "game/pennies/__init__.py", "game/pennies/state.py",
    "scenes/pennies/__init__.py", "scenes/pennies/table.py", "scenes/pennies/describe.py",
    "scenes/pennies/game_over.py", "scenes/pennies/rules_pages.py", "scenes/pennies/demo.py",
    "scenes/pennies/emblem.py",
    "assets/data/tutorial_pennies.json", "assets/i18n/en/pennies.json", "assets/i18n/zh_TW/pennies.json",
    "tests/test_pennies_rules.py", "tests/data/golden/pennies.txt",
]
ENTRIES = [   # files that get one entry each
    "game/registry.py", "scenes/registry.py", "assets/data/sounds.json", "assets/data/save_caps.json",
    "assets/i18n/en/options_help.json", "assets/i18n/zh_TW/options_help.json",
    "tests/test_contract.py", "tests/test_undo_reveals.py", "tests/test_hotseat_privacy.py",
]
FILES_TOUCHED = len(NEW_FILES) + len(ENTRIES)

# On the copy: every test that runs per game, for the new game (-k pennies), and the ones about all
# games at once (the registry, the strings, the menu laid out with one tile more).
SELECTED = f"{KEY} or test_registration or test_golden or test_i18n or test_menu_builds_and_draws or relayouts"
# A few of the per-game tests, which must each have picked the new game up.
PER_GAME = ["tests/test_contract.py", "tests/test_replay.py", "tests/test_undo_reveals.py", "tests/test_hints.py",
            "tests/test_scene_flow.py", "tests/test_scenes_menu.py", "tests/test_hotseat_privacy.py",
            "tests/test_net_secrecy.py", "tests/test_thinking.py", "tests/test_sound.py"]


def _ignore(folder, names):
    return [n for n in names if n in ("__pycache__", ".pytest_cache", "fifth_game")]


def _copy_repository(to: Path) -> None:
    """The code, tests and the data a game adds to, copied; the big assets linked."""
    for name in ("game", "scenes", "tests", "tools"):
        shutil.copytree(ROOT / name, to / name, ignore=_ignore)
    for name in ("main.py", "pyproject.toml", "README.md", "CONTRIBUTING.md", "CHANGELOG.md"):
        shutil.copy2(ROOT / name, to / name)
    shutil.copytree(ROOT / "docs", to / "docs")
    (to / "assets").mkdir()
    for name in ("data", "i18n"):
        shutil.copytree(ROOT / "assets" / name, to / "assets" / name)
    for name in ("fonts", "sounds"):
        (to / "assets" / name).symlink_to(ROOT / "assets" / name)
    (to / "maps").symlink_to(ROOT / "maps")


def _insert_before(path: Path, anchor: str, closing: str, text: str) -> None:
    """Put `text` before the first `closing` after `anchor` (an entry at the end of a listing)."""
    source = path.read_text(encoding="utf-8")
    start = source.index(anchor)
    at = source.index(closing, start)
    path.write_text(source[:at] + text + source[at:], encoding="utf-8")


def _json_entry(path: Path, keys: tuple, value) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    place = data
    for k in keys[:-1]:
        place = place[k]
    place[keys[-1]] = value
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _add_the_game(repo: Path) -> None:
    """The steps of docs/architecture.md#where-a-new-game-goes, for Matching Pennies."""
    for name in ("game", "scenes", "assets"):
        shutil.copytree(TEMPLATE / name, repo / name, dirs_exist_ok=True)
    shutil.copy2(TEMPLATE / "tests" / "test_pennies_rules.py", repo / "tests" / "test_pennies_rules.py")
    _insert_before(repo / "game" / "registry.py", "KEYS: tuple", ")", f'    "{KEY}",\n')
    _insert_before(repo / "scenes" / "registry.py", "SCENES: dict", "\n}\n",
                   f'\n    "{KEY}": GameScenes("table:PenniesTableScene", "game_over:PenniesGameOverScene"),')
    _json_entry(repo / "assets" / "data" / "sounds.json", ("events", KEY),
                {"picked": "token_place", "coins": "reveal", "round": "round_end"})
    for lang, words in (("en", "How many rounds are played: most rounds won wins."),
                        ("zh_TW", "要玩幾個回合：贏得最多回合者獲勝。")):
        _json_entry(repo / "assets" / "i18n" / lang / "options_help.json", (f"help.{KEY}.rounds",), words)
    # tools/measure_save_caps.py measures it; a Pennies game is always 2 x rounds actions
    _json_entry(repo / "assets" / "data" / "save_caps.json", ("games", KEY), {"max_actions": 200})
    # the tests' own per-game parts: a watcher of hidden information, what a view shows of the hidden
    # things (Pennies has none but the picks, shown by their events), a hot-seat table
    contract = repo / "tests" / "test_contract.py"
    watcher = (TEMPLATE / "tests" / "pennies_watcher.py").read_text(encoding="utf-8")
    _insert_before(contract, "class WonderfulIslandWatcher", "\nWATCHERS = {", watcher)
    _insert_before(contract, "\nWATCHERS = {", "}", f', "{KEY}": PenniesWatcher')
    seen = 'lambda v: Counter([("picks", sum(v["scores"]), *v["last_picks"])] if v["last_picks"] else [])'
    _insert_before(repo / "tests" / "test_undo_reveals.py", "\nSEEN = {", "}", f', "{KEY}": {seen}')
    _insert_before(repo / "tests" / "test_hotseat_privacy.py", "GAMES_AT_THE_TABLE = [", "\n]\n",
                   f'\n    ("{KEY}", 2, 2, 1, {{}}),')
    _run(repo, [sys.executable, "tests/golden.py", "--write", KEY])


def _run(repo: Path, argv: list[str], check: bool = True) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTEST_XDIST_WORKER", None)
    proc = subprocess.run(argv, cwd=repo, env=env, capture_output=True, text=True, encoding="utf-8", timeout=900)
    if check:
        assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    return proc


def _pytest(repo: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    return _run(repo, [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs", *args], check)


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    repo = tmp_path_factory.mktemp("fifth-game")
    _copy_repository(repo)
    _add_the_game(repo)
    return repo


@pytest.mark.slow
def test_a_new_game_touches_the_files_the_steps_name_and_no_other(repo):
    touched = []
    for path in repo.rglob("*"):
        rel = path.relative_to(repo).as_posix()
        if path.is_symlink() or not path.is_file() or "__pycache__" in rel or rel.startswith("tools/"):
            continue
        mine = ROOT / rel
        if not mine.exists() or mine.read_bytes() != path.read_bytes():
            touched.append(rel)
    assert sorted(touched) == sorted(NEW_FILES + ENTRIES)
    assert len(touched) == FILES_TOUCHED
    steps = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert f"{FILES_TOUCHED} files" in steps   # the docs say how many


@pytest.mark.slow
def test_every_test_a_game_must_pass_passes_for_the_new_game(repo):
    proc = _pytest(repo, "tests", "-k", SELECTED)
    summary = proc.stdout.strip().splitlines()[-1]
    assert " passed" in summary and "skipped" not in summary, proc.stdout[-2000:]
    collected = _pytest(repo, *PER_GAME, "-k", KEY, "--collect-only", "-q").stdout   # "file: count" lines
    counts = dict(line.rsplit(": ", 1) for line in collected.splitlines() if line.startswith("tests/"))
    assert all(int(counts.get(test, 0)) > 0 for test in PER_GAME), counts   # each picked the new game up
    out = _run(repo, [sys.executable, "main.py", "--selfplay", KEY, "--games", "5", "--seed", "1"]).stdout
    assert "Matching Pennies" in out or KEY in out
    assert KEY in _run(repo, [sys.executable, "main.py", "--help"]).stdout


@pytest.mark.slow
@pytest.mark.parametrize("leave_out,fails", [
    ("scenes", "test_every_game_has_both_sides_of_its_record_under_one_key"),
    ("sounds", "test_every_public_event_sound_of_the_game_is_a_known_sound"),
    ("lesson", "test_the_game_has_a_lesson_and_it_plays_by_the_rules"),
    ("watcher", "test_the_per_game_lists_the_tests_keep_cover_every_game"),
    ("golden", "test_the_game_has_its_golden_playthrough"),
])
def test_leaving_a_part_out_fails_a_test(repo, tmp_path, leave_out, fails):
    broken = tmp_path / "repo"
    shutil.copytree(repo, broken, symlinks=True)
    if leave_out == "scenes":
        registry = broken / "scenes" / "registry.py"
        registry.write_text("\n".join(line for line in registry.read_text(encoding="utf-8").splitlines()
                                      if "PenniesTableScene" not in line) + "\n", encoding="utf-8")
    elif leave_out == "sounds":
        sounds = broken / "assets" / "data" / "sounds.json"
        data = json.loads(sounds.read_text(encoding="utf-8"))
        del data["events"][KEY]
        sounds.write_text(json.dumps(data), encoding="utf-8")
    elif leave_out == "lesson":
        (broken / "assets" / "data" / "tutorial_pennies.json").unlink()
    elif leave_out == "watcher":
        contract = broken / "tests" / "test_contract.py"
        contract.write_text(contract.read_text(encoding="utf-8").replace(f', "{KEY}": PenniesWatcher', ""),
                            encoding="utf-8")
    elif leave_out == "golden":
        (broken / "tests" / "data" / "golden" / "pennies.txt").unlink()
    proc = _pytest(broken, "tests/test_registration.py", check=False)
    assert proc.returncode == 1 and fails in proc.stdout, proc.stdout[-3000:]
    if leave_out == "watcher":   # and the contract's hidden-information test fails, never skips
        proc = _pytest(broken, "tests/test_contract.py", "-k", f"no_view_holds and {KEY}", check=False)
        assert proc.returncode == 1 and "no hidden-information watcher for pennies" in proc.stdout

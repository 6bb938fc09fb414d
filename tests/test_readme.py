"""The README says what the build does: no game a player can start is called unplayable; its
Quick start's test command is the one .ci/run runs first."""
from __future__ import annotations

import re
from pathlib import Path

from game.registry import GAMES
from scenes.registry import playable

README = (Path(__file__).resolve().parents[1] / "README.md").read_text("utf-8")


def sentences(text: str) -> list[str]:
    flat = " ".join(text.split())
    return re.split(r"(?<=[.!?])\s+(?=[A-Z`*])", flat)


def test_no_playable_game_is_called_unplayable():
    for key, spec in GAMES.items():
        if not playable(key):
            continue
        for sentence in sentences(README):
            if spec.names["en"] in sentence:
                assert "not playable" not in sentence, sentence


def quick_start_commands() -> list[str]:
    """The commands of the README's Quick start: its sh blocks, then its Windows lines."""
    start = README.index("## Quick start")
    section = README[start:README.index("\n## ", start + 1)]
    return re.findall(r"```sh\n(.+?)\n```", section) + re.findall(r"`(py -m venv [^`]+)`", section)


def test_the_readmes_test_command_is_what_ci_runs_first():
    """The README's test command is one line from a fresh clone (venv, install, run), and .ci/run
    runs exactly that line as the first that runs tests (after the linter and the font subsets);
    the Windows line runs the same tests."""
    run = (Path(__file__).resolve().parents[1] / ".ci" / "run").read_text("utf-8")
    game, tests, windows_game, windows_tests = quick_start_commands()
    assert tests.startswith("python3 -m venv .venv && .venv/bin/pip install -r requirements-dev.txt && ")
    lines = run.splitlines()
    assert next(line for line in lines if " -m pytest" in line) == tests
    assert "-m slow" in run, ".ci/run runs the slow tests too"
    pytest_args = tests.split(" -m pytest", 1)[1]
    assert windows_tests == ("py -m venv .venv && .venv\\Scripts\\pip install -r requirements-dev.txt && "
                             ".venv\\Scripts\\python -m pytest" + pytest_args)
    assert game.endswith(".venv/bin/python main.py") and windows_game.endswith(".venv\\Scripts\\python main.py")


def test_the_build_lock_pins_what_the_requirements_pin_each_with_hashes():
    """requirements-build.lock (the reproducible build's packages) agrees with every version the
    requirement files pin, and every package in it carries its hashes."""
    import re
    root = Path(__file__).resolve().parents[1]
    lock = (root / "requirements-build.lock").read_text(encoding="utf-8")
    locked = dict(re.findall(r"^([A-Za-z0-9_.-]+)==([^\s;\\]+)", lock, re.M))
    for name in ("requirements.txt", "requirements-dev.txt", "requirements-build.in"):
        for pkg, ver in re.findall(r"^([A-Za-z0-9_.-]+)==([^\s;]+)", (root / name).read_text(encoding="utf-8"), re.M):
            if pkg in ("pytest", "pytest-xdist", "ruff"):
                continue  # the tests' and the linter's, not the build's
            assert locked.get(pkg) == ver, (name, pkg, ver, locked.get(pkg))
    entries = re.split(r"\n(?=[A-Za-z0-9_.-]+==)", lock.split("\n", 2)[2])
    assert entries and all("--hash=sha256:" in e for e in entries if "==" in e)


# -- links and paths -------------------------------------------------------------------------------
ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "tools" / "README.md",
        *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
# A repository path named in the text (in backticks, a command or prose): it starts with one of the
# top-level folders; a pattern such as game/<key>/ names no one file and is left out.
REPO_PATH = re.compile(r"(?<![\w./~$%-])((?:game|scenes|tools|tests|assets|maps|docs|\.ci)/[\w./<>*-]*)")


def anchors(doc: Path) -> set[str]:
    """The anchors GitHub makes of a Markdown file's headings (lower case, spaces to hyphens,
    punctuation dropped), outside code blocks."""
    text = re.sub(r"```.*?```", "", doc.read_text("utf-8"), flags=re.S)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
            for h in re.findall(r"^#{1,6} (.+)$", text, flags=re.M)}


def test_every_link_in_the_readme_and_the_docs_resolves():
    broken = []
    for doc in DOCS:
        for target in LINK.findall(doc.read_text("utf-8")):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            path, _, anchor = target.partition("#")
            where = (doc.parent / path).resolve() if path else doc
            if not where.exists():
                broken.append(f"{doc.name}: {target}")
            elif anchor and where.is_file() and anchor not in anchors(where):
                broken.append(f"{doc.name}: {target} (no such heading)")
    assert not broken, broken


def test_every_repository_path_the_readme_and_the_docs_name_exists():
    missing = []
    for doc in DOCS:
        for path in REPO_PATH.findall(doc.read_text("utf-8")):
            path = path.rstrip(".")
            if "<" in path or "*" in path:
                continue
            if not (ROOT / path).exists():
                missing.append(f"{doc.name}: {path}")
    assert not missing, missing


def test_every_tool_has_a_line_in_the_tools_readme():
    """tools/README.md names every script in tools/ and tools/research/ (by its path from tools/),
    so a newcomer finds what each is for without opening them all."""
    text = (ROOT / "tools" / "README.md").read_text("utf-8")
    tools = ROOT / "tools"
    scripts = [p.relative_to(tools).as_posix() for p in sorted(tools.rglob("*.py"))
               if "__pycache__" not in p.parts]
    assert scripts
    assert [s for s in scripts if f"`{s}`" not in text and f", `{s}`" not in text] == []

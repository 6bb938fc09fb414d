"""The shape of scenes/: the kit (scenes/ui), the shell's scenes in a folder of their own
(scenes/shell), one package per game; and no two scene modules import each other, however
indirectly: a scene opens another by name through scenes/registry.py."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENES = ROOT / "scenes"


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The scenes modules a file imports (at the top or inside a function; not those imported only
    for type checking)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module(path) if path.name == "__init__.py" else _module(path).rsplit(".", 1)[0]
    skipped = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
               and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = [target] + [f"{target}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found |= {n for n in names if n in modules}
    return found - {_module(path)}


def test_no_two_scene_modules_import_each_other():
    files = {_module(p): p for p in SCENES.rglob("*.py")}
    graph = {m: _imports(p, set(files)) for m, p in files.items()}
    cycles = []

    def reach(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for n in graph[todo.pop()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen
    for m in graph:
        if m in reach(m):
            cycles.append(m)
    assert not cycles, f"modules in an import cycle: {sorted(cycles)}"


def test_the_shell_scenes_live_in_their_own_folder():
    loose = sorted(p.name for p in SCENES.glob("*.py"))
    assert loose == ["__init__.py", "app.py", "collector.py", "demo.py", "manager.py", "match_scene.py",
                     "registry.py", "settings_store.py", "table_scene.py"]
    for name in ("menu", "setup", "settings_scene", "save_lists", "replay", "rules_help", "table_menu",
                 "game_over", "dialog", "curtain"):
        assert (SCENES / "shell" / f"{name}.py").exists()


def test_every_project_module_the_scripts_outside_the_packages_import_exists():
    """main.py, .ci/ and tools/ import game and scenes modules by name: a module moved without them
    fails here, not in CI's headless game (.ci/headless_game.py once still named scenes.dialog)."""
    import importlib.util
    scripts = [ROOT / "main.py", *sorted((ROOT / ".ci").glob("*.py")), *sorted((ROOT / "tools").rglob("*.py"))]
    missing = []
    for path in scripts:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([node.module] if isinstance(node, ast.ImportFrom) and not node.level and node.module
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            for name in names:
                if name.split(".")[0] in ("game", "scenes") and importlib.util.find_spec(name) is None:
                    missing.append(f"{path.relative_to(ROOT)}: {name}")
    assert missing == []

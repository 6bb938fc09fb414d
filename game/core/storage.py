"""JSON files written atomically and read defensively (never pickle, never eval)."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .errors import SaveError

MAX_FILE_BYTES = 20 * 1024 * 1024  # a record is a few KB; anything huge is not ours


def write_json_atomic(path: Path, data: Any) -> None:
    """Write to a temporary file in the same folder, then rename over the target."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_json(path: Path) -> Any:
    """Read a JSON file or raise SaveError with a plain reason."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise SaveError(f"cannot open {path.name}: {exc.strerror or exc}", "unreadable") from exc
    if size > MAX_FILE_BYTES:
        raise SaveError(f"{path.name} is too large to be a save file", "foreign")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"cannot read {path.name}: not a text file", "unreadable") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{path.name} is damaged (line {exc.lineno}): {exc.msg}") from exc
    except (ValueError, RecursionError) as exc:  # numbers too long, nesting too deep
        raise SaveError(f"{path.name} is damaged: it is not a save file") from exc

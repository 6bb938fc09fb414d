"""JSON files written atomically and read defensively (never pickle, never eval)."""
from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any, Optional

from .errors import SaveError

MAX_FILE_BYTES = 20 * 1024 * 1024  # settings and the like; saves pass their own measured cap
TMP_SUFFIX = ".tmp"
TMP_PATTERNS = ("*.json.*" + TMP_SUFFIX, "*.journal.*" + TMP_SUFFIX)


def fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` survive a power cut (POSIX; Windows has no directory handles)."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on a folder; the rename itself is still atomic
    finally:
        os.close(fd)


def encode_json(data: Any) -> bytes:
    """JSON as every save and settings file is written: one line, by the C encoder (any indent makes
    Python use its pure-Python encoder, four to five times slower on a long game's save), UTF-8
    with Chinese names kept readable."""
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def write_json_atomic(path: Path, data: Any) -> int:
    """Write `data` as JSON atomically (write_bytes_atomic); the bytes written."""
    raw = encode_json(data)  # before touching the disk: a TypeError writes nothing
    write_bytes_atomic(path, raw)
    return len(raw)


def write_bytes_atomic(path: Path, raw: bytes) -> None:
    """Write to a temporary file in the same folder, then rename over the target.

    Either the old file or the whole new one is on disk, whatever happens; OSError (read-only
    folder, full disk, a file held open) leaves the old file as it was and no temporary behind.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=TMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_dir(path.parent)


def open_to_append(path: Path) -> int:
    """A file descriptor that writes at the end of an existing file (never creates one)."""
    return os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))


def append_durably(path: Path, raw: bytes) -> None:
    """Add `raw` at the end of an existing file and fsync it: once this returns, it survives a kill
    or a power cut. On OSError the file is cut back to its old length where the system allows (a
    refused line must not be found there later); what it cannot cut is a torn last line, which a
    reader ignores."""
    fd = open_to_append(path)
    try:
        size = os.fstat(fd).st_size
        try:
            view = memoryview(raw)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        except OSError:
            try:
                os.ftruncate(fd, size)
            except OSError:
                pass
            raise
    finally:
        os.close(fd)


def remove_temporaries(folder: Path) -> list[Path]:
    """Delete what an interrupted write_bytes_atomic left in `folder` (name.json.XXXX.tmp, and a
    journal's name.journal.XXXX.tmp)."""
    removed = []
    try:
        entries = [p for pattern in TMP_PATTERNS for p in Path(folder).glob(pattern)]
    except OSError:
        return removed
    for p in entries:
        try:
            if p.is_file() and not p.is_symlink():
                p.unlink()
                removed.append(p)
        except OSError:
            pass
    return removed


def read_bytes_capped(path: Path, cap: int) -> bytes:
    """A regular file's bytes, at most `cap` of them, or SaveError.

    A FIFO, a device (a link to /dev/zero) or a folder is refused before it is read, so it can
    neither hang the app nor fill its memory.
    """
    data = _read_regular(path, cap, whole=True)
    if len(data) > cap:  # it grew while being read
        raise SaveError(f"{Path(path).name} is too large to be a save file", "foreign")
    return data


def read_bytes_head(path: Path, cap: int) -> tuple[bytes, bool]:
    """A regular file's first `cap` bytes (SaveError as read_bytes_capped for what is no regular
    file), and whether there was more: a file that only adds lines keeps those within the cap."""
    data = _read_regular(path, cap, whole=False)
    return data[:cap], len(data) > cap


def _read_regular(path: Path, cap: int, whole: bool) -> bytes:
    """Up to cap + 1 bytes of a regular file; with `whole`, SaveError if it is larger than `cap`."""
    path = Path(path)
    try:
        st = os.stat(path)
    except (OSError, ValueError) as exc:
        raise SaveError(f"cannot open {path.name}: {getattr(exc, 'strerror', None) or exc}", "unreadable") from exc
    if not stat.S_ISREG(st.st_mode):
        raise SaveError(f"{path.name} is not a regular file", "special")
    if whole and st.st_size > cap:
        raise SaveError(f"{path.name} is too large to be a save file ({st.st_size} bytes)", "foreign")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise SaveError(f"cannot open {path.name}: {exc.strerror or exc}", "unreadable") from exc
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for something else since the stat
            raise SaveError(f"{path.name} is not a regular file", "special")
        chunks, left = [], cap + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise SaveError(f"cannot read {path.name}: {exc.strerror or exc}", "unreadable") from exc
    finally:
        os.close(fd)
    return b"".join(chunks)


def refuse_constant(name: str) -> Any:
    """json.loads's parse_constant for every file the game reads: NaN and Infinity are never a
    number a save, a journal or the settings hold."""
    raise ValueError(f"{name} is not a number a save holds")


def read_json(path: Path, cap: Optional[int] = None) -> Any:
    """Read a JSON file or raise SaveError with a plain reason."""
    path = Path(path)
    return parse_json(read_bytes_capped(path, MAX_FILE_BYTES if cap is None else cap), path.name)


def parse_json(raw: bytes, name: str) -> Any:
    """The JSON in `raw` (the file `name`'s bytes) or SaveError with a plain reason: never NaN."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(f"cannot read {name}: not a text file", "unreadable") from exc
    try:
        return json.loads(text, parse_constant=refuse_constant)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{name} is damaged (line {exc.lineno}): {exc.msg}") from exc
    except (ValueError, RecursionError) as exc:  # numbers too long, NaN, nesting too deep
        raise SaveError(f"{name} is damaged: it is not a save file") from exc

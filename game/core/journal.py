"""A save's journal: the actions played since its whole record was last written, one line each.

Writing the whole record after every action costs more the longer the game (a long game's save is
tens of kilobytes); a journal line costs the same on the last move as on the first. Beside
``name.json`` lies ``name.journal``: a first line that says which record it extends, then one line
per action, each appended and fsynced before the action counts as saved::

    {"format": "sifang-table-journal", "version": 1, "id": "5f0c...", "game": "xuanwu_gate", "base": 212}
    {"i": 213, "a": [3, ["vote", 1]], "round": 4, "updated": 1767225600.5}

``id`` is the one written in the record file (``"journal"``) when it was last written whole, and
``base`` its number of actions: a journal with another id is an old one (a whole write was cut
between the record and the journal) and is ignored; the record holds all it said. ``i`` counts the
actions, ``round`` and ``updated`` are what the save lists show (they read no replay).

Reading is strict and never fatal: a torn last line (a kill mid-append) is ignored, and so is
everything from the first line that is not one of ours (garbage, a line out of order, a hostile
file) and everything past the size cap (only the cap's worth is read; the line it cuts counts as
torn): the good lines before are kept, and the record beside it is never touched by what is wrong
in its journal. ``clean`` says
whether the journal may be extended as it is; if not, the next save writes the record whole.
"""
from __future__ import annotations

import json
import logging
import math
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Optional

from .errors import SaveError
from .spec import is_int
from .storage import encode_json, read_bytes_head, refuse_constant

log = logging.getLogger("sifang")

JOURNAL_FORMAT = "sifang-table-journal"
JOURNAL_VERSION = 1
SUFFIX = ".journal"
ENTRY_KEYS = {"i", "a", "round", "updated"}


def path_of(record_path: Path) -> Path:
    """The journal beside a save file (saves/game.json -> saves/game.journal)."""
    return Path(record_path).with_suffix(SUFFIX)


def head(journal_id: str, game: str, base: int) -> bytes:
    """The journal's first line: the record it extends."""
    return encode_json({"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION, "id": journal_id,
                        "game": game, "base": base}) + b"\n"


def entry(index: int, record_entry: list, round_: Optional[int], updated: float) -> bytes:
    """One action's line: its place in the game, the record's [seat, action], what the lists show."""
    return encode_json({"i": index, "a": record_entry, "round": round_, "updated": updated}) + b"\n"


@dataclass(frozen=True)
class Journal:
    """What a journal adds to its record: the actions (record form), the last line's round and time."""
    entries: list = field(default_factory=list)
    round: Optional[int] = None
    updated: Optional[float] = None
    size: int = 0        # bytes of the lines read (the head and every good entry)
    clean: bool = True   # the file is exactly those lines: the next action may be appended


NONE = Journal()


def read(record_path: Path, journal_id: Any, game: str, base: int, max_entries: int, cap: int) -> Journal:
    """The journal beside `record_path`, if it extends that record (id, game, base); NONE if there is
    none or it is an old one. SaveError only if it exists and cannot be read at all (no permission):
    then loading is refused rather than going on without actions that were saved."""
    path = path_of(record_path)
    if not isinstance(journal_id, str):
        return NONE
    try:
        os.lstat(path)
    except FileNotFoundError:
        return NONE
    except OSError as exc:
        raise SaveError(f"cannot open {path.name}: {exc.strerror or exc}", "unreadable") from exc
    try:
        raw, more = read_bytes_head(path, cap)
    except SaveError as exc:
        if exc.kind == "unreadable":
            raise
        log.warning("ignored the journal %s: %s", path.name, exc)  # a device, a pipe
        return Journal(clean=False)
    if more:
        log.warning("%s is larger than any real game's journal: only its first %d bytes are read", path.name, cap)
    found = _parse(path.name, raw, journal_id, game, base, max_entries)
    return replace(found, clean=False) if more else found


def _parse(name: str, raw: bytes, journal_id: str, game: str, base: int, max_entries: int) -> Journal:
    lines = raw.split(b"\n")
    torn = lines.pop()  # after the last newline: empty, or a line cut short by a kill
    first = _line(lines[0]) if lines else None
    if not (isinstance(first, dict) and first.get("format") == JOURNAL_FORMAT
            and is_int(first.get("version")) and first.get("version") == JOURNAL_VERSION):
        log.warning("ignored %s: it is not a journal", name)
        return Journal(clean=False)
    if first.get("id") != journal_id:
        return Journal(clean=False)  # an old journal, from before the record was last written whole
    if first.get("game") != game or not is_int(first.get("base")) or first.get("base") != base:
        log.warning("ignored %s: it does not extend the record beside it", name)
        return Journal(clean=False)
    entries: list = []
    round_, updated, size = None, None, len(lines[0]) + 1
    for line in lines[1:]:
        item = _line(line)
        if len(entries) >= max_entries or not _is_entry(item, base + len(entries) + 1):
            why = "more actions than any real game" if len(entries) >= max_entries else "not the next entry"
            log.warning("%s: line %d is %s; it and the rest are ignored", name, len(entries) + 2, why)
            return Journal(entries, round_, updated, size, clean=False)
        entries.append(item["a"])
        round_, updated, size = item["round"], float(item["updated"]), size + len(line) + 1
    if torn:
        log.warning("%s: its last line was cut short (a write interrupted); it is ignored", name)
    return Journal(entries, round_, updated, size, clean=not torn)


def _line(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=refuse_constant)
    except (ValueError, RecursionError):  # not UTF-8, not JSON, NaN, nesting too deep
        return None


def _is_entry(item: Any, index: int) -> bool:
    """A line as entry() writes it, with the next index; the action's legality is the engine's."""
    if not (isinstance(item, dict) and item.keys() == ENTRY_KEYS and is_int(item["i"]) and item["i"] == index):
        return False
    a, round_, updated = item["a"], item["round"], item["updated"]
    return (isinstance(a, list) and len(a) == 2 and (a[0] is None or is_int(a[0])) and isinstance(a[1], list)
            and (round_ is None or (is_int(round_) and 0 <= round_ < 10_000))
            and isinstance(updated, (int, float)) and not isinstance(updated, bool)
            and math.isfinite(updated) and 0 <= updated < 1e11)

"""One match's autosave on disk, and the two ways it is written: one journal line, or whole.

After an action the match writes one line to the save's journal (game/core/journal.py), a few
hundred bytes however long the game. Now and then it writes the save file whole instead (the record
with every action, a new journal id) and drops the journal: when the journal has grown as large as
the record (so each byte of journal pays for at most one byte of record, and the bytes written per
action stay flat from the first move to the last), when the game ends or an action is undone (the
file then moves between saves/ and history/ whole), for the table's clocks, for a new game, and
after anything went wrong (a failed write may have left a torn line; a loaded journal that was
damaged).

A write is a value made on the drawing thread from the match (cheap: a line, or the record it
already holds) and run anywhere, on the save writer's thread (game/core/save_writer.py) or at once;
it returns what is then on disk (OnDisk) and touches nothing of the match, which adopts the result
only when it confirms the save. OSError becomes SaveFailed, in the player's terms.
"""
from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Optional

from . import journal
from .errors import SaveFailed
from .saves import move_file
from .storage import append_durably, encode_json, write_bytes_atomic

log = logging.getLogger("sifang")


@dataclass(frozen=True)
class OnDisk:
    """What a match's autosave holds on disk, as far as its last confirmed save knows."""
    path: Path
    journal_id: Optional[str] = None  # the id in the record file; None: write it whole next
    base: int = 0                     # actions in the record file
    entries: int = 0                  # lines in its journal after the first (0: no journal yet)
    journal_size: int = 0
    record_size: int = 0

    def due_whole(self) -> bool:
        """Must the next save be whole? If no journal may extend the record, or the journal has
        grown as large as the record."""
        return self.journal_id is None or self.journal_size >= self.record_size


@dataclass(frozen=True)
class Saved:
    on_disk: OnDisk
    written: int  # bytes written (what the cost of a save is counted in)


@dataclass(frozen=True)
class WholeWrite:
    """The save file whole, a fresh journal id in it; then the old journal goes, and the file moves
    to `move_to` (history/ or back to saves/) if given."""
    before: OnDisk
    data: dict  # saves.wrap(...) without the journal id
    base: int
    move_to: Optional[Path] = None

    def run(self) -> Saved:
        return _as_save_failed(self._run, self.before.path)

    def _run(self) -> Saved:
        journal_id = secrets.token_hex(8)
        raw = encode_json(dict(self.data, journal=journal_id))
        path = self.before.path
        write_bytes_atomic(path, raw)
        # The record holds every action now. Were the journal left (this cut short, or the unlink
        # refused), its old id says it extends an older record: it is ignored, then replaced.
        try:
            journal.path_of(path).unlink(missing_ok=True)
        except OSError as exc:
            log.warning("could not remove the journal of %s: %s", path.name, exc)
        if self.move_to is not None:
            try:
                path = move_file(path, self.move_to)
            except OSError as exc:  # the header says finished or not; the next listing sorts it out
                log.warning("could not move %s to %s: %s", path.name, self.move_to.name, exc)
        return Saved(OnDisk(path, journal_id, self.base, 0, 0, len(raw)), len(raw))


@dataclass(frozen=True)
class LineWrite:
    """One action's journal line, appended; the journal made (atomically, with its head) if none."""
    before: OnDisk
    line: bytes
    game: str

    def run(self) -> Saved:
        return _as_save_failed(self._run, self.before.path)

    def _run(self) -> Saved:
        before = self.before
        path = journal.path_of(before.path)
        if before.entries == 0:
            raw = journal.head(before.journal_id, self.game, before.base) + self.line
            write_bytes_atomic(path, raw)  # replaces an old journal, if one was left
            size = len(raw)
        else:
            raw = self.line
            append_durably(path, raw)
            size = before.journal_size + len(raw)
        return Saved(replace(before, entries=before.entries + 1, journal_size=size), len(raw))


def _as_save_failed(run, path: Path) -> Saved:
    try:
        return run()
    except OSError as exc:
        log.warning("autosave to %s failed: %s", path, exc)
        raise SaveFailed.from_os_error(exc) from exc

"""Every game's files: one autosave per unfinished game in saves/, finished games in history/.

A save file is ``{"format": 3, "header": {...}, "record": {...}, "journal": id}``. The header says
what the menu shows (game, seats, round, when last played, finished, winners, actions) so lists are
read without replaying anything; the record is what spec.replay rebuilds the game from (DESIGN.md).
Beside it, ``name.journal`` holds the actions played since the file was last written whole, one line
each (game/core/journal.py); every reader takes the file through read_save, which folds them in.
Format 2 is format 3 without a journal: it still loads.
A file may also hold ``"clocks"``: the time left on the table's clocks at the record's last action
(European Union's discussion), so a game taken up again goes on with it; never part of the record,
which replays the same without it. Format 1, the old single ``saves/autosave.json``, was a bare
record: it is migrated, never dropped.
"""
from __future__ import annotations

import hashlib
import itertools
import logging
import math
import os
import re
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from . import journal, save_writer
from .caps import max_actions, max_file_bytes, max_journal_bytes
from .errors import SaveError
from .paths import safe_name
from .names import HUMAN, clean_name
from .spec import is_int
from .state import RECORD_FORMAT
from .storage import fsync_dir, parse_json, read_bytes_capped, remove_temporaries, write_json_atomic

log = logging.getLogger("sifang")

FORMAT = 3
READS = (2, 3)  # format 2 is format 3 without a journal
SAVES, HISTORY = "saves", "history"
REVIEWS = "reviews"   # reviews of finished games (game/core/review.py), beside History
LEGACY_NAME = "autosave.json"  # format 1: the one autosave there was
GAME_KEY = re.compile(r"[a-z][a-z0-9_]{0,39}")
CLOCK_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")
MAX_CLOCKS = 8              # a table has a clock or two; more in a file is junk
MAX_CLOCK = 24 * 3600.0     # seconds: no clock of any game runs a day
# The round a player would name: Xuanwu counts deals (each of several rounds); the rest, rounds.
ROUND_ATTR = {"xuanwu_gate": "deal_no"}


@dataclass(frozen=True)
class SaveHeader:
    path: Path
    game: str
    seats: list[tuple[str, str]]  # (name, "human" or a bot level)
    round: Optional[int]
    updated: float  # epoch seconds of the last action
    finished: bool
    winners: list[int]
    actions: int
    hints_allowed: bool = False
    hints_taken: tuple = ()      # hints each seat took (all 0, or () in a file from before hints)


def round_of(state: Any) -> Optional[int]:
    value = getattr(state, ROUND_ATTR.get(state.key, "round"), None)
    return value if is_int(value) else None


def make_header(game: str, seats: list[tuple[str, str]], round_: Optional[int], updated: float,
                finished: bool, winners: list[int], actions: int, hints: Optional[dict] = None) -> dict:
    header = {"game": game, "seats": [[name, kind] for name, kind in seats], "round": round_,
              "updated": updated, "finished": finished, "winners": list(winners), "actions": actions}
    if hints:
        header["hints"] = hints
    return header


def hints_in(header: Any, n: int) -> tuple[bool, list[int]]:
    """(hints allowed at the table, hints each seat took) as a header says; a header from before
    hints, or one whose hints are malformed, says none allowed and none taken."""
    raw = header.get("hints") if isinstance(header, dict) else None
    if not isinstance(raw, dict) or not isinstance(raw.get("allowed"), bool):
        return False, [0] * n
    taken = raw.get("taken")
    if not (isinstance(taken, list) and len(taken) == n and all(is_int(v) and 0 <= v < 1_000_000 for v in taken)):
        taken = [0] * n
    return raw["allowed"], list(taken)


def wrap(header: dict, record: dict, clocks: Optional[dict] = None, journal_id: Optional[str] = None) -> dict:
    """The whole save file (the clocks only if some run; the journal's id if one may extend it)."""
    data = {"format": FORMAT, "header": header, "record": record}
    if clocks:
        data["clocks"] = dict(clocks)
    if journal_id is not None:
        data["journal"] = journal_id
    return data


@dataclass(frozen=True)
class SaveFile:
    """A save file as read, its journal's actions folded into its record and header."""
    path: Path
    data: Any            # what a whole file would hold: the record with every action
    journal_id: Optional[str] = None
    base: int = 0        # actions in the record as written whole; the journal's come after
    entries: int = 0     # actions the journal added
    journal_size: int = 0
    record_size: int = 0
    clean: bool = True   # the journal may be extended as it is


def read_save(path: Path) -> SaveFile:
    """A save file and its journal (SaveError if the file cannot be used; a journal that is damaged
    or does not extend it is ignored from where it goes wrong, the record untouched)."""
    path = Path(path)
    raw = read_bytes_capped(path, max_file_bytes())
    data = parse_json(raw, path.name)
    try:
        header, record = unwrap(data)
    except SaveError:
        return SaveFile(path, data, record_size=len(raw))  # refused by whoever reads it, as before
    journal_id = data.get("journal") if data.get("format") == FORMAT else None
    actions = record.get("actions")
    game = record.get("game")
    if (header is None or not isinstance(journal_id, str) or not isinstance(actions, list)
            or not isinstance(game, str) or header.get("actions") != len(actions)):
        return SaveFile(path, data, record_size=len(raw))  # nothing a journal may extend
    found = journal.read(path, journal_id, game, len(actions), max_actions(game) - len(actions),
                         max_journal_bytes())
    folded = data
    if found.entries:
        # The header as it would be written whole now: a journaled action never ends a game (the
        # one that does is written whole), and the clocks belong to the record's last action.
        folded = {k: v for k, v in data.items() if k != "clocks"}
        folded["record"] = dict(record, actions=actions + found.entries)
        folded["header"] = dict(header, actions=len(actions) + len(found.entries), round=found.round,
                                updated=found.updated, finished=False, winners=[])
    return SaveFile(path, folded, journal_id, len(actions), len(found.entries), found.size, len(raw), found.clean)


def clocks_of(data: Any) -> dict[str, float]:
    """The clocks of a save file's contents that are sound: a short name, a finite number of seconds
    from 0 to MAX_CLOCK. Anything else is left out, never an error: a clock is a courtesy, the
    record is the game (a table still bounds each clock by its own rule)."""
    raw = data.get("clocks") if isinstance(data, dict) else None
    if not isinstance(raw, dict):
        return {}
    # Compared, not converted first: NaN and infinities fail the bounds, a huge integer too.
    return {name: float(left) for name, left in itertools.islice(raw.items(), MAX_CLOCKS)
            if isinstance(name, str) and CLOCK_NAME.fullmatch(name) and isinstance(left, (int, float))
            and not isinstance(left, bool) and 0 <= left <= MAX_CLOCK}


def unwrap(data: Any) -> tuple[Optional[dict], Any]:
    """(header, record) of a save file's contents; format 1 (a bare record) has no header."""
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        return None, data  # format 1
    if not isinstance(data, dict) or not (is_int(data.get("format")) and data.get("format") in READS):
        raise SaveError("this is not a Sifang Table save file", "foreign")
    header, record = data.get("header"), data.get("record")
    if not isinstance(header, dict) or not isinstance(record, dict):
        raise SaveError("the save file's header or record is missing")
    return header, record


def _games() -> dict:
    from game.registry import GAMES  # the registry imports every engine: only when needed
    return GAMES


def check_seats(raw: Any, spec: Any, n_players: Any) -> list[tuple[str, str]]:
    """The seats of a file, type-exact, names cleaned as the setup cleans them; SaveError if not."""
    if not isinstance(raw, list) or not is_int(n_players) or len(raw) != n_players:
        raise SaveError("the save file's seats are missing or do not match its players")
    if not spec.min_players <= len(raw) <= spec.max_players:
        raise SaveError(f"the save file has {len(raw)} seats; {spec.key} takes "
                        f"{spec.min_players}-{spec.max_players}")
    seats = []
    for i, s in enumerate(raw):
        if isinstance(s, dict):
            name, kind = s.get("name"), s.get("kind")
        elif isinstance(s, list) and len(s) == 2:
            name, kind = s
        else:
            raise SaveError("a seat in the save file is malformed")
        if not isinstance(name, str) or not isinstance(kind, str):
            raise SaveError("a seat in the save file is malformed")
        if kind != HUMAN and kind not in spec.bots:
            raise SaveError(f"the save file names an unknown bot level {kind[:20]!r}")
        seats.append((clean_name(name) or f"{i + 1}", kind))
    return seats


def check_record(record: Any, games: dict) -> Any:
    """The record's shape, before any replay: its game, seats and length. Returns its spec."""
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise SaveError("this is not a Sifang Table save file", "foreign")
    key = record.get("game")
    spec = games.get(key) if isinstance(key, str) else None
    if spec is None:
        raise SaveError(f"this save is for an unknown game ({str(key)[:40]!r})", "foreign")
    actions = record.get("actions")
    if isinstance(actions, list) and len(actions) > max_actions(spec.key):
        raise SaveError(f"the save file holds {len(actions)} actions, more than any real game", "too_long")
    return spec


def parse_header(path: Path, header: dict, games: dict, record: Any = None) -> SaveHeader:
    """A header read from a file, every field type-exact and, with its record, telling the truth
    about it (game, seats, actions); SaveError if anything is off."""
    key = header.get("game")
    spec = games.get(key) if isinstance(key, str) else None
    if spec is None:
        raise SaveError(f"this save is for an unknown game ({str(key)[:40]!r})", "foreign")
    raw_seats = header.get("seats")
    seats = check_seats(raw_seats, spec, len(raw_seats) if isinstance(raw_seats, list) else None)
    round_, updated = header.get("round"), header.get("updated")
    finished, winners, actions = header.get("finished"), header.get("winners"), header.get("actions")
    if not (round_ is None or (is_int(round_) and 0 <= round_ < 10_000)):
        raise SaveError("the save file's round is malformed")
    if not (isinstance(updated, (int, float)) and not isinstance(updated, bool) and math.isfinite(updated)
            and 0 <= updated < 1e11):
        raise SaveError("the save file's time is malformed")
    if not isinstance(finished, bool):
        raise SaveError("the save file's finished flag is malformed")
    if not (isinstance(winners, list) and all(is_int(w) and 0 <= w < len(seats) for w in winners)):
        raise SaveError("the save file's winners are malformed")
    if not (is_int(actions) and 0 <= actions <= max_actions(spec.key)):
        raise SaveError("the save file's count of actions is malformed", "too_long" if is_int(actions) else "damaged")
    if isinstance(record, dict):
        acts = record.get("actions")
        if (record.get("game") != spec.key or record.get("n_players") != len(seats)
                or (isinstance(acts, list) and len(acts) != actions)):
            raise SaveError("the save file's header does not match its record")
        # The lists show the header's players, Continue loads the record's: they must be the same.
        if check_seats(record.get("seats"), spec, record.get("n_players")) != seats:
            raise SaveError("the save file's header names other players than its record")
    allowed, taken = hints_in(header, len(seats))
    return SaveHeader(Path(path), spec.key, seats, round_, float(updated), finished, list(winners), actions,
                      allowed, tuple(taken))


def header_of_state(state: Any, seats: list[tuple[str, str]], updated: float, hints: Optional[dict] = None) -> dict:
    over = state.is_over()
    return make_header(state.key, seats, round_of(state), updated, over,
                       list(state.winners()) if over else [], len(state.actions), hints)


def validate_record(record: Any, games: dict, journal_from: Optional[int] = None) -> tuple[dict, Any]:
    """A record checked all the way (shape, caps, seats, every action replayed type-exact):
    (the record with its seats cleaned, the replayed state). SaveError with a reason if not.
    Actions from `journal_from` on came from a journal: the first illegal one ends the record there."""
    spec = check_record(record, games)
    seats = check_seats(record.get("seats"), spec, record.get("n_players"))
    try:
        state = spec.replay(record, journal_from=journal_from)
    except RecursionError as exc:
        raise SaveError("the save file is nested too deeply") from exc
    clean = dict(record)
    if len(state.actions) < len(record["actions"]):
        log.warning("the journal's action %d is not legal; it and the rest are ignored", len(state.actions) + 1)
        clean["actions"] = record["actions"][:len(state.actions)]
    clean["seats"] = [{"name": name, "kind": kind} for name, kind in seats]
    return clean, state


class SaveBook:
    """The saves/ and history/ folders under `root` (the user data folder)."""

    def __init__(self, root: Path, games: Optional[dict] = None) -> None:
        self.root = Path(root)
        self.saves_dir = self.root / SAVES
        self.history_dir = self.root / HISTORY
        self._games = games
        self._problems: dict[Path, str] = {}
        self._cache: dict[Path, tuple[tuple[int, int], SaveHeader]] = {}

    @property
    def games(self) -> dict:
        return self._games if self._games is not None else _games()

    # -- paths ----------------------------------------------------------------------------
    def new_autosave_path(self, game_key: str) -> Path:
        if not GAME_KEY.fullmatch(game_key):
            raise ValueError(f"not a game key: {game_key!r}")
        stamp = time.strftime("%Y%m%d-%H%M%S")
        return self.saves_dir / f"{game_key}-{stamp}-{secrets.token_hex(3)}.json"

    def _inside(self, path: Path) -> bool:
        return Path(path).parent in (self.saves_dir, self.history_dir)

    # -- lists ----------------------------------------------------------------------------
    def unfinished(self) -> list[SaveHeader]:
        """Unfinished games, newest first (a finished one found in saves/ is moved to history)."""
        headers = []
        for h in self._list(self.saves_dir):
            if h.finished:
                try:
                    self.archive(h.path)
                except OSError as exc:
                    log.warning("could not move the finished %s to history: %s", safe_name(h.path), exc)
                continue
            headers.append(h)
        return headers

    def history(self) -> list[SaveHeader]:
        """Finished games, newest first (an unfinished one found in history/ goes back to saves/)."""
        headers = []
        for h in self._list(self.history_dir):
            if not h.finished:
                try:
                    move_file(h.path, self.saves_dir)
                except OSError as exc:
                    log.warning("could not move the unfinished %s back to saves: %s", safe_name(h.path), exc)
                continue
            headers.append(h)
        return headers

    def newest_unfinished(self) -> Optional[SaveHeader]:
        found = self.unfinished()
        return found[0] if found else None

    def problems(self) -> list[tuple[Path, str]]:
        """Files the last lists skipped: (path, kind); show t(f"save.error.{kind}"), the detail is logged."""
        return sorted(self._problems.items())

    def _list(self, folder: Path) -> list[SaveHeader]:
        for p in [p for p in self._problems if p.parent == folder]:
            del self._problems[p]
        save_writer.wait_idle()  # a game just left may still have its last move on the way
        try:
            paths = sorted(folder.glob("*.json"))
        except OSError:
            paths = []
        headers = []
        for path in paths:
            try:
                headers.append(self.read_header(path))
            except SaveError as exc:
                log.warning("skipped the save %s: %s", safe_name(path), exc)
                self._problems[path] = exc.kind
            except (OSError, ValueError, TypeError) as exc:  # one bad file costs at most itself
                log.warning("skipped the save %s: %s", safe_name(path), exc)
                self._problems[path] = "damaged"
        headers.sort(key=lambda h: (h.updated, h.path.name), reverse=True)
        return headers

    def read_header(self, path: Path) -> SaveHeader:
        """A file's header, from the file's header alone (cached while the file is unchanged).

        A format-1 file has none: it is migrated (replayed once, written as format 2) first."""
        path = Path(path)
        stamp = _stamp(path)
        cached = self._cache.get(path)
        if cached is not None and stamp is not None and cached[0] == stamp:
            return cached[1]
        header, record = unwrap(read_save(path).data)
        if header is None:
            return self._migrate(path, record)
        parsed = parse_header(path, header, self.games, record)
        if stamp is not None:
            self._cache[path] = (stamp, parsed)
        return parsed

    # -- one file -----------------------------------------------------------------------------
    def load_record(self, path: Path) -> dict:
        """The record of a save file with its journal, validated all the way (replayed); SaveError
        with a reason."""
        save_writer.wait_idle()
        found = read_save(path)
        header, record = unwrap(found.data)
        if header is not None:
            parse_header(Path(path), header, self.games, record)
        clean, _state = validate_record(record, self.games, found.base if found.entries else None)
        return clean

    def review_path(self, path: Path, seat: int) -> Path:
        """Where the review of a finished game through one seat's eyes is kept (game/core/review.py):
        beside History, in a folder of its own, so that the lists never read it as a game."""
        return self.root / REVIEWS / f"{Path(path).stem}.{seat}.json"

    def delete(self, path: Path) -> None:
        """Delete a save and its journal (the record first: a journal alone is never read), and any
        review kept of it."""
        if not self._inside(path):
            raise ValueError(f"{path} is not one of the saved games")
        save_writer.wait_idle()
        Path(path).unlink(missing_ok=True)
        journal.path_of(path).unlink(missing_ok=True)
        for kept in (self.root / REVIEWS).glob(f"{Path(path).stem}.*.json"):
            kept.unlink(missing_ok=True)
        self._cache.pop(Path(path), None)
        self._problems.pop(Path(path), None)
        fsync_dir(Path(path).parent)

    def archive(self, path: Path) -> Path:
        """Move a finished game's file from saves/ to history/; its new path."""
        return archive_file(Path(path), self.history_dir)

    # -- start-up ---------------------------------------------------------------------------
    def tidy(self) -> None:
        """At start: remove temporary files an interrupted write left, migrate the old autosave."""
        for folder in (self.root, self.saves_dir, self.history_dir, self.root / REVIEWS):
            for p in remove_temporaries(folder):
                log.info("removed the stray temporary file %s", safe_name(p))
        legacy = self.saves_dir / LEGACY_NAME
        if legacy.exists():
            try:
                self.read_header(legacy)
            except SaveError as exc:  # kept where it is: listed among the problems, never deleted
                log.warning("the old autosave could not be migrated: %s", exc)

    def _migrate(self, path: Path, record: Any) -> SaveHeader:
        """Format 1 -> 2: replay the bare record once for its header, write it under a new name
        (history/ if finished), then remove the old file. Nothing is lost if a step fails."""
        clean, state = validate_record(record, self.games)
        seats = [(s["name"], s["kind"]) for s in clean["seats"]]
        try:
            updated = os.stat(path).st_mtime
        except OSError:
            updated = time.time()
        header = header_of_state(state, seats, updated)
        # Named after the old file, so a migration cut short (killed between the write and the
        # removal) is simply done again over the same target, never doubled.
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(updated))
        # os.fsencode: a file name that is not valid UTF-8 (kept as surrogates) has its bytes hashed.
        name = f"{state.key}-{stamp}-{hashlib.sha1(os.fsencode(Path(path).name)).hexdigest()[:6]}.json"
        target = (self.history_dir if header["finished"] else self.saves_dir) / name
        write_json_atomic(target, wrap(header, clean))
        if target.resolve() != Path(path).resolve():
            Path(path).unlink(missing_ok=True)
        log.info("migrated %s to %s", safe_name(path), target.name)   # the old name may not be UTF-8
        return parse_header(target, header, self.games)


def _stamp(path: Path) -> Optional[tuple]:
    """What changes when a save or its journal is written: (time, size) of each."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    try:
        jt = os.stat(journal.path_of(path))
        return st.st_mtime_ns, st.st_size, jt.st_mtime_ns, jt.st_size
    except OSError:
        return st.st_mtime_ns, st.st_size


def archive_file(path: Path, history_dir: Optional[Path] = None) -> Path:
    """Move `path` into history/ beside its saves/ folder (or `history_dir`); the new path."""
    path = Path(path)
    return move_file(path, history_dir or path.parent.parent / HISTORY)


def move_file(path: Path, folder: Path) -> Path:
    """Move a save and its journal into `folder`, the move made durable; the new path. A file
    already there under that name is never replaced: the save takes the next free name ("-2",
    "-3", ...), and its journal the same name (one found there belongs to no save: it is replaced).
    A save is moved only just after it was written whole, so a kill between the two moves loses
    nothing: the journal left behind adds nothing to its record."""
    path = Path(path)
    folder.mkdir(parents=True, exist_ok=True)
    for i in itertools.count(1):
        target = folder / (path.name if i == 1 else f"{path.stem}-{i}{path.suffix}")
        if _move_unless_taken(path, target):
            break
    if journal.path_of(path).exists():
        os.replace(journal.path_of(path), journal.path_of(target))
    fsync_dir(folder)
    fsync_dir(path.parent)
    return target


def _move_unless_taken(path: Path, target: Path) -> bool:
    """Move path to target unless target exists (False then). A hard link fails on an existing name
    atomically; where links are not allowed, the name is checked first, then renamed."""
    try:
        os.link(path, target)
    except FileExistsError:
        return False
    except OSError:  # no hard links here (some file systems): look, then move
        if target.exists():
            return False
        os.replace(path, target)
        return True
    os.unlink(path)
    return True

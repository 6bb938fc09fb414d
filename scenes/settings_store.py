"""Player settings (language, bot speed, window, last table), kept in the per-user data folder."""
from __future__ import annotations

import json
import logging
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from game.core.errors import SaveError
from game.core.i18n import LANGS, detect_lang
from game.core.names import clean_name
from game.core.paths import data_dir_usable, user_data_dir
from game.core.records import clean_aliases, clean_hidden
from game.core.storage import MAX_FILE_BYTES, read_bytes_capped, write_bytes_atomic, write_json_atomic
from game.net import DEFAULT_PORT

from .ui import theme
from .ui.text import TEXT_SIZES

if TYPE_CHECKING:  # the saves (match, journal, hashing) load when a save is first looked at, not at start
    from game.core.saves import SaveBook

log = logging.getLogger("sifang")

BOT_SPEEDS = {"slow": 1.6, "normal": 0.9, "fast": 0.4, "instant": 0.0}  # seconds per bot move
BOT_LEVELS = ("easy", "normal", "hard")   # a game without the chosen level seats its strongest
MIN_PORT, MAX_PORT = 1024, 65535   # a table's port the host may choose (below 1024 needs an administrator)


@dataclass
class Settings:
    lang: str = field(default_factory=detect_lang)
    bot_speed: str = "normal"
    bot_level: str = "normal"   # the bots at a new table (setup may change each seat)
    fullscreen: bool = False
    window: tuple = (1280, 720)
    last_setup: dict = field(default_factory=dict)  # each game's last table, to start again quickly
    volume: int = 70           # master volume, 0-100 (scenes/ui/sound.py)
    effects: bool = True       # the tables' sound effects
    turn_call: bool = True     # the "your turn" call
    muted: bool = False        # M at a table: everything silent until M again
    learned: list = field(default_factory=list)   # lessons played to their end: "<game>" (its lesson 1), "<game>:<n>"
    offered: list = field(default_factory=list)   # games whose guided game was offered at a first table
    seat_palette: str = "standard"   # the seats' colours: "standard", or "distinct" (colour-blind safe)
    text_size: int = 100             # every text's size, per cent of the design's: 100, 125 or 150
    player_aliases: dict = field(default_factory=dict)  # Players screen: a renamed person, old name -> new
    hidden_players: list = field(default_factory=list)  # Players screen: people removed from the records
    host_port: int = DEFAULT_PORT    # where a table opened from this window listens (its lobby may change it)

    @property
    def bot_delay(self) -> float:
        return BOT_SPEEDS[self.bot_speed]


# -- the tables remembered for the setup ------------------------------------------------------------
# last_setup is {"game": the game set up last, "tables": {game: its last table}}, a table being
# {"players": n, "options": {...}, "seats": [{"name", "kind"}, ...]}. An older file kept one table
# only, at the top level ({"game", "players", "options", "seats"}): it counts as that game's.
def _tables(last: dict) -> dict:
    tables = last.get("tables")
    if isinstance(tables, dict):
        return tables
    game = last.get("game")
    return {game: last} if isinstance(game, str) else {}


def last_game(settings: Settings) -> Optional[str]:
    """The game whose table was started last (the setup opens on it), if any."""
    last = settings.last_setup if isinstance(settings.last_setup, dict) else {}
    game = last.get("game")
    return game if isinstance(game, str) else None


def remembered_table(settings: Settings, game: str) -> dict:
    """The table last started of `game` ({} if none, or if what the file holds is no table): only
    that game's own, never another game's players."""
    last = settings.last_setup if isinstance(settings.last_setup, dict) else {}
    table = _tables(last).get(game)
    return table if isinstance(table, dict) else {}


def remembered_tables(settings: Settings) -> list[dict]:
    """Every game's remembered table (to change them all, e.g. their bots' level), as kept."""
    last = settings.last_setup if isinstance(settings.last_setup, dict) else {}
    return [t for t in _tables(last).values() if isinstance(t, dict)]


def remember_table(settings: Settings, game: str, table: dict) -> None:
    """A table of `game` was started: the setup shows it again for that game, and opens on `game`."""
    last = settings.last_setup if isinstance(settings.last_setup, dict) else {}
    tables = {k: v for k, v in _tables(last).items() if isinstance(k, str) and isinstance(v, dict)}
    tables[game] = table
    settings.last_setup = {"game": game, "tables": tables}


def settings_path() -> Path:
    return user_data_dir() / "settings.json"


def save_book() -> SaveBook:
    """Every game's autosave and the finished games, in the user data folder."""
    from game.core.saves import SaveBook

    return SaveBook(user_data_dir())


def new_autosave_path(game: str) -> Optional[Path]:
    """Where a new game of `game` autosaves; None (saving off) when the data folder is unusable."""
    return save_book().new_autosave_path(game) if data_dir_usable() else None


def load_settings(path: Optional[Path] = None) -> Settings:
    """Settings from disk: what can be read is kept, anything missing or damaged is its default."""
    return read_settings(path or settings_path())[0]


@dataclass(frozen=True)
class SettingsTrouble:
    """What the settings file held that could not be read, told to the person on the main menu."""
    unread: tuple            # the settings whose values could not be read; () when the whole file could not
    kept_as: Optional[str]   # the copy of the file as it was, beside it (None if none could be made)


def open_settings(path: Optional[Path] = None) -> tuple[Settings, Optional[SettingsTrouble]]:
    """The settings the app starts with, and what could not be read of them, if anything: the file as
    it was is then kept as settings.json.bad-<time> beside it (it is written over at the next save,
    and whatever a person typed into it by hand is not lost)."""
    path = Path(path or settings_path())
    settings, unread = read_settings(path)
    if unread is None:
        return settings, None
    what = ", ".join(unread) if unread else "the whole file"
    kept: Optional[Path] = path.with_name(f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        write_bytes_atomic(kept, read_bytes_capped(path, MAX_FILE_BYTES))
    except (OSError, SaveError) as exc:
        log.warning("could not keep a copy of %s: %s", path.name, exc)
        kept = None
    log.warning("%s: could not read %s; the defaults stand in%s", path.name, what,
                f"; the file as it was is kept as {kept.name}" if kept else "")
    return settings, SettingsTrouble(tuple(unread), kept.name if kept else None)


def read_settings(path: Path) -> tuple[Settings, Optional[list]]:
    """(the settings, what could not be read): None if nothing was wrong (or there is no file yet),
    [] if the file could not be read at all, else the names of the settings whose values could not
    (each of those is its default, the rest are kept). An editor's byte-order mark is no damage."""
    s = Settings()
    try:
        raw = read_bytes_capped(path, MAX_FILE_BYTES)
    except SaveError as exc:
        if not Path(path).exists():
            return s, None   # the first start
        log.warning("cannot read the settings: %s", exc)
        return s, []
    try:
        # NaN or Infinity (never a setting) read as null: that setting's default
        data = json.loads(raw.decode("utf-8-sig"), parse_constant=lambda name: None)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        log.warning("cannot read the settings: %s", exc)
        return s, []
    if not isinstance(data, dict):
        return s, []
    unread = _apply(s, data)
    theme.set_palette(s.seat_palette)  # the app starts from these settings: its seats take their colours
    return s, unread or None


def _among(value: Any, choices) -> bool:
    return isinstance(value, str) and value in choices


def _apply(s: Settings, data: dict) -> list[str]:
    """Each setting the file holds, taken if its value is one the setting can have; the names of
    those that were not."""
    unread: list[str] = []

    def take(name: str, ok: bool, value: Any = None) -> None:
        if name not in data:
            return   # an older file: not damage
        if ok:
            setattr(s, name, data[name] if value is None else value)
        else:
            unread.append(name)

    take("lang", _among(data.get("lang"), LANGS))
    take("bot_speed", _among(data.get("bot_speed"), BOT_SPEEDS))
    take("bot_level", _among(data.get("bot_level"), BOT_LEVELS))
    take("fullscreen", isinstance(data.get("fullscreen"), bool))
    w = data.get("window")
    if isinstance(w, list) and len(w) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in w):
        take("window", True, (min(2560, max(1024, w[0])), min(1440, max(600, w[1]))))
    else:
        take("window", False)
    take("last_setup", isinstance(data.get("last_setup"), dict))
    v = data.get("volume")
    take("volume", isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 100)
    for name in ("effects", "turn_call", "muted"):
        take(name, isinstance(data.get(name), bool))
    from game.core.tutorial import parse_lesson_id
    from game.registry import GAMES

    offered = data.get("offered")
    take("offered", isinstance(offered, list),
         [g for g in dict.fromkeys(v for v in offered if isinstance(v, str)) if g in GAMES]
         if isinstance(offered, list) else None)
    learned = data.get("learned")   # an older file's entries, games' keys alone, are their lesson 1
    take("learned", isinstance(learned, list),
         [k for k in dict.fromkeys(v for v in learned if isinstance(v, str)) if (parse_lesson_id(k) or ("",))[0] in GAMES]
         if isinstance(learned, list) else None)
    take("seat_palette", _among(data.get("seat_palette"), theme.PALETTES))
    size = data.get("text_size")
    take("text_size", isinstance(size, int) and not isinstance(size, bool) and size in TEXT_SIZES)
    port = data.get("host_port")
    take("host_port", isinstance(port, int) and not isinstance(port, bool) and MIN_PORT <= port <= MAX_PORT)
    # The Players screen's renames and removals: each good entry kept, junk among them dropped
    take("player_aliases", isinstance(data.get("player_aliases"), dict),
         clean_aliases(data.get("player_aliases"), clean_name))
    take("hidden_players", isinstance(data.get("hidden_players"), list),
         clean_hidden(data.get("hidden_players"), clean_name))
    return unread


def save_settings(s: Settings, path: Optional[Path] = None) -> None:
    data = asdict(s)
    data["window"] = list(s.window)
    write_json_atomic(path or settings_path(), data)

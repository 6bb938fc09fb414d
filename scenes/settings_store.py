"""Player settings (language, bot speed, window, last table), kept in the per-user data folder."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Optional

from game.core.errors import SaveError
from game.core.i18n import LANGS, detect_lang
from game.core.names import clean_name
from game.core.paths import data_dir_usable, user_data_dir
from game.core.records import clean_aliases, clean_hidden
from game.core.saves import SaveBook
from game.core.tutorial import parse_lesson_id
from game.core.storage import read_json, write_json_atomic
from game.registry import GAMES

from .ui import theme
from .ui.text import TEXT_SIZES

BOT_SPEEDS = {"slow": 1.6, "normal": 0.9, "fast": 0.4, "instant": 0.0}  # seconds per bot move
BOT_LEVELS = ("easy", "normal", "hard")   # a game without the chosen level seats its strongest


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
    return SaveBook(user_data_dir())


def new_autosave_path(game: str) -> Optional[Path]:
    """Where a new game of `game` autosaves; None (saving off) when the data folder is unusable."""
    return save_book().new_autosave_path(game) if data_dir_usable() else None


def load_settings(path: Optional[Path] = None) -> Settings:
    """Settings from disk; anything missing or damaged falls back to the default, silently."""
    s = Settings()
    try:
        data = read_json(path or settings_path())
    except SaveError:
        return s
    if not isinstance(data, dict):
        return s
    if data.get("lang") in LANGS:
        s.lang = data["lang"]
    if data.get("bot_speed") in BOT_SPEEDS:
        s.bot_speed = data["bot_speed"]
    if data.get("bot_level") in BOT_LEVELS:
        s.bot_level = data["bot_level"]
    if isinstance(data.get("fullscreen"), bool):
        s.fullscreen = data["fullscreen"]
    w = data.get("window")
    if isinstance(w, list) and len(w) == 2 and all(isinstance(v, int) for v in w):
        s.window = (min(2560, max(1024, w[0])), min(1440, max(600, w[1])))
    if isinstance(data.get("last_setup"), dict):
        s.last_setup = data["last_setup"]
    v = data.get("volume")
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 100:
        s.volume = v
    for name in ("effects", "turn_call", "muted"):
        if isinstance(data.get(name), bool):
            setattr(s, name, data[name])
    offered = data.get("offered")
    if isinstance(offered, list):
        s.offered = [g for g in dict.fromkeys(offered) if isinstance(g, str) and g in GAMES]
    learned = data.get("learned")
    if isinstance(learned, list):  # an older file's entries, games' keys alone, are their lesson 1
        s.learned = [k for k in dict.fromkeys(learned) if (parse_lesson_id(k) or ("",))[0] in GAMES]
    if data.get("seat_palette") in theme.PALETTES:
        s.seat_palette = data["seat_palette"]
    if data.get("text_size") in TEXT_SIZES and not isinstance(data.get("text_size"), bool):
        s.text_size = data["text_size"]
    theme.set_palette(s.seat_palette)  # the app starts from these settings: its seats take their colours
    s.player_aliases = clean_aliases(data.get("player_aliases"), clean_name)
    s.hidden_players = clean_hidden(data.get("hidden_players"), clean_name)
    return s


def save_settings(s: Settings, path: Optional[Path] = None) -> None:
    data = asdict(s)
    data["window"] = list(s.window)
    write_json_atomic(path or settings_path(), data)

"""Where bundled resources and per-user data live (source tree or PyInstaller bundle)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

APP_DIR_NAME = "SifangTable"


def resource_root() -> Path:
    """The folder that holds assets/ and maps/: the bundle when frozen, else the source tree."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parents[2]


def resource_path(*parts: str) -> Path:
    return resource_root().joinpath(*parts)


def user_data_dir() -> Path:
    """Per-user folder for settings, saves and logs; never beside the executable.

    SIFANG_DATA_DIR overrides it (tests, portable installs). Never raises: a folder that cannot
    be created is returned all the same, and data_dir_usable() says so.
    """
    override = os.environ.get("SIFANG_DATA_DIR")
    if override:
        base = Path(override)
    elif sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming") / APP_DIR_NAME
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support" / APP_DIR_NAME
    else:
        xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        base = Path(xdg) / "sifang-table"
    try:
        base.mkdir(parents=True, exist_ok=True)
    except OSError:  # the game still starts: settings in memory, saving off (data_dir_usable)
        pass
    return base


def safe_name(path: os.PathLike | str) -> str:
    """A file's name as any text stream can take it (a log line): bytes of the name that are not
    UTF-8, which Python keeps as lone surrogates, are written as \\xNN escapes."""
    name = Path(path).name
    try:
        name.encode("utf-8")
        return name
    except UnicodeEncodeError:
        return os.fsencode(name).decode("utf-8", "backslashreplace")


def data_dir_usable() -> bool:
    """Can the user data folder hold files? If not, nothing is saved and the menu says so."""
    base = user_data_dir()
    return base.is_dir() and os.access(base, os.W_OK | os.X_OK)

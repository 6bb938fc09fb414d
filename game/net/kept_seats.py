"""The seats this user holds at tables on the network: one private file per table in the user's data
folder (`tables/`), holding the address, the code and the seat's token, so that the app, started
again after a crash, comes back to its seat. Written atomically, readable by the user only
(headless.save_token); a damaged or foreign file is skipped, never trusted beyond its fields."""
from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from game.core.paths import user_data_dir

from .headless import load_token, save_token

log = logging.getLogger("sifang.net")

FOLDER = "tables"
MAX_KEPT = 20   # a list to choose from, not an archive: the oldest go


@dataclass(frozen=True)
class KeptSeat:
    address: tuple[str, int]
    code: str
    seat: int
    token: str
    path: Path


def folder(base: Optional[Path] = None) -> Path:
    return (base or user_data_dir()) / FOLDER


def path_for(address: tuple[str, int], code: str, base: Optional[Path] = None) -> Path:
    """One file per table: named from its address and code (hashed: the code is not in the name)."""
    digest = hashlib.sha256(f"{address[0]}|{address[1]}|{code}".encode()).hexdigest()[:20]
    return folder(base) / f"seat-{digest}.json"


def keep(address: tuple[str, int], code: str, seat: int, token: str, base: Optional[Path] = None) -> None:
    """Keep the seat's token for this table (quietly nothing if the folder cannot be written)."""
    path = path_for(address, code, base)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_token(path, address, code, seat, token)
    except OSError as exc:
        log.warning("could not keep the seat's token: %s", exc)
        return
    for old in kept(base)[MAX_KEPT:]:
        forget(old.path)


def kept_for(address: tuple[str, int], code: str, base: Optional[Path] = None) -> Optional[tuple[int, str]]:
    """(seat, token) kept for this table, or None."""
    return load_token(path_for(address, code, base), address, code)


def kept(base: Optional[Path] = None) -> list[KeptSeat]:
    """Every seat kept, the newest first."""
    out = []
    try:
        paths = sorted(folder(base).glob("seat-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    for path in paths:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            host, port = data["address"]
            address = (str(host), int(port))
            seat, token, code = data["seat"], data["token"], str(data["code"])
            if isinstance(seat, int) and isinstance(token, str) and path == path_for(address, code, base):
                out.append(KeptSeat(address, code, seat, token, path))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            continue
    return out


def forget(path: Path) -> None:
    """The seat is over (the game ended, the host no longer knows the token): its file goes."""
    try:
        path.unlink()
    except OSError:
        pass


def forget_table(address: tuple[str, int], code: str, base: Optional[Path] = None) -> None:
    forget(path_for(address, code, base))

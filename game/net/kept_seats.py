"""The seats this user holds at tables on the network: one private file per table in the user's data
folder (`tables/`), holding the address, the code and the seat's token, so that the app, started
again after a crash, comes back to its seat. Written atomically, readable by the user only
(save_token); a damaged or foreign file is skipped, never trusted beyond its fields."""
from __future__ import annotations

import hashlib
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from game.core.paths import user_data_dir


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
    game: Optional[str] = None   # the game's key, if known (a file from before it was kept: None)
    when: float = 0.0            # when this computer was last at that seat (epoch seconds)


def save_token(path: Path, address: tuple[str, int], code: str, seat: int, token: str,
               game: Optional[str] = None) -> None:
    """Keep the seat's token where only this user can read it, so that a client started again (after
    a crash) comes back to its seat (and the game's key, for the menu to name it)."""
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    kept = {"address": list(address), "code": code, "seat": seat, "token": token}
    if game is not None:
        kept["game"] = game
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(kept, f)
    os.replace(tmp, path)


def load_token(path: Path, address: tuple[str, int], code: str) -> Optional[tuple[int, str]]:
    """(seat, token) kept for this table, or None (no file, another table, or a damaged file)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("address") == list(address) and data.get("code") == code and \
                isinstance(data.get("seat"), int) and isinstance(data.get("token"), str):
            return data["seat"], data["token"]
    except (OSError, ValueError, AttributeError):
        pass
    return None


def folder(base: Optional[Path] = None) -> Path:
    return (base or user_data_dir()) / FOLDER


def path_for(address: tuple[str, int], code: str, base: Optional[Path] = None) -> Path:
    """One file per table: named from its address and code (hashed: the code is not in the name)."""
    digest = hashlib.sha256(f"{address[0]}|{address[1]}|{code}".encode()).hexdigest()[:20]
    return folder(base) / f"seat-{digest}.json"


def keep(address: tuple[str, int], code: str, seat: int, token: str, base: Optional[Path] = None,
         game: Optional[str] = None) -> None:
    """Keep the seat's token for this table (quietly nothing if the folder cannot be written); kept
    again when the person leaves the table, so that the newest is the one sat at last."""
    path = path_for(address, code, base)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_token(path, address, code, seat, token, game)
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
            game = data.get("game") if isinstance(data.get("game"), str) else None
            if isinstance(seat, int) and isinstance(token, str) and path == path_for(address, code, base):
                out.append(KeptSeat(address, code, seat, token, path, game, path.stat().st_mtime))
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

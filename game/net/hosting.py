"""Hosting a table whose match is also played at the host's own screen (or saved by main.py --host
--save): the table opened around an existing Match, its announcement, and what is kept privately
beside its save so that a host that was killed opens the same table again.

What is kept (`<save>.table`, readable by this user only, never inside the save itself, which
History, reviews and exports read): the certificate and its key (the code stays the same, so the
joined clients' pins still match), the join secret, the port, each seat's role and each remote
seat's token (so its person comes back to it with the token their client kept). The file goes
when the game is over (nothing is left to rejoin).
"""
from __future__ import annotations

import json
import logging
import os
import socket
import ssl
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from game.core.match import Match

from . import DEFAULT_PORT, keep_path
from .announce import Announcement
from .certs import HostCertificate, make_certificate, server_context
from .server import Limits, TableServer
from .table import LOCAL, REMOTE, ROLES, HostedTable
from .tablecode import ALPHABET, SECRET_CHARS, TableCode, fingerprint, new_code

log = logging.getLogger("sifang.net")

@dataclass
class Kept:
    cert: HostCertificate
    secret: str
    port: int
    roles: list[str]
    tokens: list[Optional[str]]
    named: Optional[list[Optional[str]]] = None


def write_kept(path: Path, kept: Kept) -> None:
    """Write the table file atomically, readable by this user only."""
    data = {"format": 1, "cert": kept.cert.cert_pem.decode("ascii"), "key": kept.cert.key_pem.decode("ascii"),
            "secret": kept.secret, "port": kept.port, "roles": kept.roles, "tokens": kept.tokens,
            "named": kept.named}
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(data, f)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def read_kept(path: Path, n_seats: int) -> Optional[Kept]:
    """The table file of a hosted game, or None (none, damaged, or not for this many seats): the
    table then opens with a new code, and its people join again as new."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        cert_pem, key_pem = data["cert"].encode("ascii"), data["key"].encode("ascii")
        der = ssl.PEM_cert_to_DER_cert(data["cert"])
        secret, port, roles, tokens = data["secret"], data["port"], data["roles"], data["tokens"]
        ok = (isinstance(secret, str) and len(secret) == SECRET_CHARS and all(c in ALPHABET for c in secret)
              and isinstance(port, int) and 0 <= port < 65536 and isinstance(roles, list)
              and len(roles) == n_seats and all(r in ROLES for r in roles) and isinstance(tokens, list)
              and len(tokens) == n_seats and all(t is None or isinstance(t, str) for t in tokens))
        named = data.get("named")
        if not (isinstance(named, list) and len(named) == n_seats and all(n is None or isinstance(n, str) for n in named)):
            named = None
        if ok:
            cert = HostCertificate(cert_pem, key_pem, der)
            server_context(cert)   # OpenSSL reads the certificate and its key, and checks they match
            return Kept(cert, secret, port, roles, tokens, named)
        log.warning("%s: the kept table does not fit its game; a new table is opened", Path(path).name)
    except FileNotFoundError:
        pass
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        log.warning("%s could not be read (%s); a new table is opened", Path(path).name, exc)
    return None


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks, the one its route goes out by first (what
    another computer types); loopback only if there is nothing else."""
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))   # TEST-NET-1: no packet is sent, only the route is picked
            found.append(s.getsockname()[0])
        except OSError:
            pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = info[4][0]
            if addr not in found:
                found.append(addr)
    except OSError:
        pass
    outside = [a for a in found if not a.startswith("127.")]
    return outside or ["127.0.0.1"]


class Hosting:
    """A table open around `match`: seats by role (LOCAL: a person at this screen, REMOTE, or a
    bot), listening at listen:port. The screen's people are the match's eyes_here."""

    def __init__(self, match: Match, roles: list[str], listen: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 kept: Optional[Kept] = None, run_bots: bool = False, announce: bool = True,
                 host_name: Optional[str] = None, limits: Limits = Limits(),
                 named: Optional[list[Optional[str]]] = None, host_starts: bool = False) -> None:
        if kept is not None:
            roles = kept.roles
        cert = kept.cert if kept is not None else make_certificate()
        code = TableCode(new_code(fingerprint(cert.der)).pin, kept.secret) if kept is not None \
            else new_code(fingerprint(cert.der))
        self.match = match
        self.cert = cert
        self.table = HostedTable(match, roles, code)
        named = kept.named if kept is not None and kept.named else named
        if named:
            self.table.named = [n if r == REMOTE else None for n, r in zip(named, roles)]
        # A window's table starts when its host says so (the lobby's Start or Back to the game).
        self.table.host_starts = host_starts
        if kept is not None:   # its people come back with the tokens their clients kept
            for hold, token in zip(self.table.holds, kept.tokens):
                if hold.role == REMOTE and token:
                    hold.token, hold.ready = token, True
            # a game under way: nobody waits for a seat to be taken again
            self.table.begun = not host_starts
        match.eyes_here = frozenset(i for i, r in enumerate(roles) if r == LOCAL)
        self.listen = listen
        self.port = kept.port if kept is not None and port == DEFAULT_PORT else port
        self.taken: Optional[int] = None   # the port asked for, if another program had it (open)
        self.run_bots, self.limits = run_bots, limits
        self.want_announce = announce
        self.host_name = host_name or socket.gethostname()
        self.server: Optional[TableServer] = None
        self.announcement: Optional[Announcement] = None
        self.table.on_claim = self._kept_later

    @property
    def code(self) -> TableCode:
        return self.table.code

    @property
    def is_open(self) -> bool:
        return self.server is not None

    def open(self) -> int:
        """Listen (the server's own thread) and announce; the port listened on. A kept port that is
        taken now falls back to any free port (the people type the new address). OSError if the
        table cannot listen at all."""
        try:
            self.server = self._serve(self.port)
        except OSError:
            if self.port == 0:
                raise
            log.warning("port %d is taken; the table listens on another", self.port)
            self.taken = self.port
            self.server = self._serve(0)
        self.port = self.server.port
        self.keep()
        self._announce()
        return self.port

    def move(self, port: int) -> int:
        """Listen on `port` instead (the host's choice in the lobby, before anyone has joined); the
        port listened on. The new port is opened before the old one is closed: a port that is taken
        changes nothing (OSError)."""
        if self.server is not None and port == self.port:
            return self.port
        server = self._serve(port)
        old, self.server = self.server, server
        if old is not None:
            old.stop()
        self.port, self.taken = server.port, None
        self.keep()
        if self.announcement is not None:   # announced again with the new port
            self.announcement.close()
            self.announcement = None
        self._announce()
        return self.port

    def _announce(self) -> None:
        if self.want_announce:
            self.announcement = Announcement(self.match.spec.key, self.host_name, self.addresses(), self.port,
                                             self.free_seats())

    def _serve(self, port: int) -> TableServer:
        server = TableServer(self.table, self.cert, self.listen, port, self.limits, run_bots=self.run_bots)
        server.start()
        return server

    def addresses(self) -> list[str]:
        """What another computer types (before the port): where the table listens."""
        if self.listen in ("0.0.0.0", ""):
            return lan_addresses()
        return [self.listen]

    def interfaces_text(self) -> str:
        """On which network the table listens, for the screen: every network or one address."""
        return "*" if self.listen in ("0.0.0.0", "") else self.listen

    def free_seats(self) -> int:
        return sum(1 for h in self.table.holds if h.role == REMOTE and not h.claimed)

    def _kept_later(self) -> None:
        """A seat was taken (on the server's loop, under the table's lock): the file is written just
        after, on the loop but outside the lock, so that no frame of the window waits for the disk."""
        server = self.server
        loop = server._loop if server is not None else None
        if loop is not None and not loop.is_closed():
            loop.call_soon(self.keep)
        else:
            self.keep()

    def keep(self) -> None:
        """Write the table file beside the match's save (tokens, certificate, secret, port); a match
        that does not save keeps nothing. Also tells the announcement how many seats are free."""
        with self.table.lock:   # what is kept is read at one moment; the disk is written after
            free = self.free_seats()
            path = self.match.autosave_path
            kept = Kept(self.cert, self.code.secret, self.port, [h.role for h in self.table.holds],
                        [h.token for h in self.table.holds], list(self.table.named))
        if self.announcement is not None:
            self.announcement.update(free)
        if path is None or self.server is None:
            return
        try:
            write_kept(keep_path(path), kept)
        except OSError as exc:   # the game goes on; after a crash its people would join again as new
            log.warning("the table could not be kept beside its save: %s", exc)

    def poke(self) -> None:
        """The match changed at this screen: the remote seats are sent what changed."""
        if self.server is not None:
            self.server.poke()

    def close(self) -> None:
        """Stop listening, tell every client, take the announcement back; a finished game's table
        file goes (nothing is left to come back to). Not while holding the table's lock."""
        if self.announcement is not None:
            self.announcement.close()
            self.announcement = None
        if self.server is not None:
            self.server.stop()
            self.server = None
        path = self.match.autosave_path
        if path is not None and self.match.state.is_over():
            for where in (keep_path(path), keep_path(path.parent.parent / "saves" / path.name)):
                try:
                    where.unlink(missing_ok=True)
                except OSError:
                    pass

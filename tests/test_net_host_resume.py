"""A host killed mid-game loses nothing: `main.py --host --save` saves every move and keeps its table
beside the save (privately: the certificate's key, the secret and the seats' tokens, never in the
save itself); started again on that save, it opens the same table (the same code) and its people
come back to their seats with the tokens their clients kept, and the game goes on to its end."""
from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.core.saves import read_save
from game.net.client import TableClient
from game.net.headless import play_seat
from game.net.hosting import keep_path
from game.net.remote_match import RemoteMatch
from game.registry import GAMES
from netplay import LOOPBACK, wait_for

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


def start_host(save: Path, port: int) -> tuple[subprocess.Popen, str]:
    """The host process and its code (read from what it prints)."""
    command = [sys.executable, str(ROOT / "main.py"), "--host", "xuanwu_gate", "--seats", "remote,easy,easy",
               "--seed", "12", "--listen", f"{LOOPBACK}:{port}", "--save", str(save)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT,
                            env=dict(os.environ, PYTHONIOENCODING="utf-8"))
    end = time.monotonic() + 30
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if line.startswith("code: "):
            return proc, line.split()[1]
        if not line and proc.poll() is not None:
            break
    proc.kill()
    raise AssertionError("the host printed no code")


class SlowBot:
    """A remote person who takes a moment to decide, so that the host can be killed mid-game."""

    def __init__(self, bot) -> None:
        self.bot = bot

    def choose(self, view, legal):
        time.sleep(0.15)
        return self.bot.choose(view, legal)


def saved_actions(save: Path) -> list:
    return read_save(save).data["record"]["actions"]


@pytest.mark.slow
def test_a_host_killed_mid_game_opens_the_same_table_again_and_its_person_finishes(tmp_path):
    save, port = tmp_path / "hosted.json", free_port()
    host, code = start_host(save, port)
    remote = None
    try:
        remote = RemoteMatch.join(GAMES, TableClient((LOOPBACK, port), code, name="Amy"), timeout=10)
        bot = SlowBot(remote.spec.bots["easy"](remote.seat, 7))
        player = threading.Thread(target=play_seat, args=(remote, bot, 120), daemon=True)
        player.start()
        wait_for(lambda: save.exists() and len(saved_actions(save)) >= 8, timeout=60, what="a few saved moves")
        host.kill()   # SIGKILL: no goodbye, nothing written on the way out
        host.wait(10)
        before = saved_actions(save)
        kept = keep_path(save)
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600   # the seats' keys: this user's only
        token = json.loads(kept.read_text())["tokens"][0]
        assert token and token == remote.client.token
        assert token not in save.read_text()                # never in the save History reads
        again, code_again = start_host(save, port)
        try:
            assert code_again == code                      # the same table: the client's pin holds
            player.join(120)
            assert remote.state.is_over(), "the person did not finish the game"
            assert again.wait(30) == 0
        finally:
            if again.poll() is None:
                again.kill()
        after = saved_actions(save)
        assert after[:len(before)] == before and len(after) > len(before)
        assert not kept.exists()   # the game is over: nothing left to come back to
    finally:
        if remote is not None:
            remote.client._closing = True
            remote.close()
        if host.poll() is None:
            host.kill()

"""Shared test setup: headless SDL, and a throwaway user data folder for the whole session.

The environment is set at import time, before any test module (or pygame)
is imported, so nothing ever opens a window, plays a sound or writes to the
real user folder. Scene tests rely on this too.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
_DATA_DIR = Path(tempfile.mkdtemp(prefix="sifang-test-data-"))
os.environ["SIFANG_DATA_DIR"] = str(_DATA_DIR)

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


@pytest.fixture(scope="session", autouse=True)
def sifang_data_dir():
    """The user data folder every test writes to (settings, saves, logs); removed at the end."""
    os.environ["SIFANG_DATA_DIR"] = str(_DATA_DIR)
    _DATA_DIR.mkdir(parents=True, exist_ok=True)
    yield _DATA_DIR
    shutil.rmtree(_DATA_DIR, ignore_errors=True)


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO

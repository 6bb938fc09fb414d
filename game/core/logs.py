"""Logging to a file in the per-user data folder (no pygame).

A windowed PyInstaller build has no console: ``sys.stdout`` and ``sys.stderr``
are None there. So the GUI never relies on them: everything goes to
``user_data_dir()/logs/sifang.log``, uncaught exceptions included, and None
streams are replaced by harmless sinks so that a stray ``print`` cannot crash.
"""
from __future__ import annotations

import faulthandler
import io
import logging
import os
import stat
import sys
import threading
from pathlib import Path
from typing import Optional

from .paths import user_data_dir

LOG_NAME = "sifang.log"
MAX_BYTES = 1_000_000  # at start, a larger log is moved to sifang.log.1
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_log_file = None  # the stream faulthandler writes to; kept open for the process's life


def log_dir() -> Path:
    return user_data_dir() / "logs"


def log_path() -> Path:
    return log_dir() / LOG_NAME


class _LogStream(io.TextIOBase):
    """Stands in for a missing sys.stdout/sys.stderr: lines go to the log."""

    def __init__(self, logger: logging.Logger, level: int) -> None:
        self._logger, self._level, self._buf = logger, level, ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self._buf += text
        while "\n" in self._buf:
            line, self._buf = self._buf.split("\n", 1)
            if line.strip():
                self._logger.log(self._level, line.rstrip())
        return len(text)

    def flush(self) -> None:
        pass


def _rotate(path: Path) -> None:
    try:
        if path.exists() and path.stat().st_size > MAX_BYTES:
            os.replace(path, path.with_name(path.name + ".1"))
    except OSError:
        pass


def _open_regular(path: Path) -> io.TextIOWrapper:
    """The log file opened for appending, or OSError if it is anything but a regular file: a FIFO
    at that path would block the start until a reader came, a link could point anywhere (/dev/full,
    another file). Opened without blocking and without following a link, then checked."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        # errors: a line that names a file whose name is not UTF-8 (a lone surrogate) is written
        # with an escape there, never refused inside logging
        return open(fd, "a", encoding="utf-8", errors="backslashreplace", closefd=True)
    except BaseException:
        os.close(fd)
        raise


class _RegularFileHandler(logging.StreamHandler):
    """A FileHandler that opens only a regular file (see _open_regular)."""

    def __init__(self, path: Path) -> None:
        super().__init__(_open_regular(path))

    def close(self) -> None:
        try:
            self.flush()
            self.stream.close()
        finally:
            super().close()


def setup_logging(level: int = logging.INFO, path: Optional[Path] = None,
                  console: bool = False) -> Optional[Path]:
    """Send logging (and uncaught exceptions) to the log file; return its path or None.

    Never raises: if the data folder cannot be written, logging goes nowhere
    (or to the console when there is one) and the game still starts.
    """
    global _log_file
    root = logging.getLogger()
    root.setLevel(level)
    formatter = logging.Formatter(FORMAT)
    written: Optional[Path] = None
    try:
        path = Path(path) if path is not None else log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        _rotate(path)
        handler = _RegularFileHandler(path)
        handler.setFormatter(formatter)
        root.addHandler(handler)
        written = path
        _log_file = handler.stream
        try:
            faulthandler.enable(_log_file)  # a crash inside SDL still leaves a trace
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            pass
    except OSError:
        written = None
    if console and sys.stderr is not None:
        stream = logging.StreamHandler(sys.stderr)
        stream.setFormatter(formatter)
        root.addHandler(stream)
    if not root.handlers:
        root.addHandler(logging.NullHandler())

    # No console (windowed build): stray prints go to the log instead of failing.
    if sys.stdout is None:
        sys.stdout = _LogStream(logging.getLogger("stdout"), logging.INFO)
    if sys.stderr is None:
        sys.stderr = _LogStream(logging.getLogger("stderr"), logging.WARNING)

    def excepthook(exc_type, exc, tb):
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        logging.getLogger("sifang").critical("uncaught exception", exc_info=(exc_type, exc, tb))

    def thread_excepthook(args):
        logging.getLogger("sifang").critical(
            "uncaught exception in thread %s", getattr(args.thread, "name", "?"),
            exc_info=(args.exc_type, args.exc_value, args.exc_traceback))

    sys.excepthook = excepthook
    threading.excepthook = thread_excepthook
    logging.captureWarnings(True)
    return written

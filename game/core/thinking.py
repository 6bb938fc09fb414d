"""A bot deciding beside the drawing loop: its `choose` runs on a worker thread.

Every bot at a table thinks here, the quick levels too: Xuanwu's normal bot scores each layout act
over 64 sampled worlds (up to 60 ms a decision), and a frame that waited for it would stutter. A
bots-only game without a window (game/core/selfplay.py) still calls `choose` in place.

The worker gets a copy of the bot and of what the seat sees (its view and legal actions), never
the state, so nothing the table does meanwhile can disturb it. The match applies the answer on
the main thread (``land``) only if the game is still where the bot started thinking: an undo,
a new game or anything applied since makes the answer stale, and it is dropped. A thought that
is no longer wanted (the table left, the language switched) is cancelled: a search bot stops at
its next iteration; any other bot's answer is simply ignored.

The bot that thought replaces the match's bot when its answer lands (its generator and beliefs
moved on exactly as if it had decided in place), so a game with thinking bots is the same game,
move for move, as the same seed played without threads.
"""
from __future__ import annotations

import copy
import logging
import queue
import sys
import threading
from typing import Optional

from .actions import Action
from .match import Match
from .state import Event

log = logging.getLogger("sifang")

# While a bot thinks, the interpreter hands the lock between threads every millisecond instead of
# every 5: a frame waits at most that long for the worker (frames under 50 ms, measured in
# tests/test_thinking.py), and the search loses little.
SWITCH_WHILE_THINKING = 0.001
_running = 0
_running_lock = threading.Lock()
_switch_before = sys.getswitchinterval()


def _started() -> None:
    global _running, _switch_before
    with _running_lock:
        if _running == 0:
            _switch_before = sys.getswitchinterval()
            sys.setswitchinterval(SWITCH_WHILE_THINKING)
        _running += 1


def _ended() -> None:
    global _running
    with _running_lock:
        _running -= 1
        if _running == 0:
            sys.setswitchinterval(_switch_before)


class _Worker:
    """One long-lived thread that runs the thoughts in turn. Handing it a thought is a put on a
    queue; starting a thread for each one waited until the system had scheduled it, which on a busy
    machine was tens of milliseconds inside the frame that asked."""

    def __init__(self) -> None:
        self.queue: "queue.SimpleQueue[Thought]" = queue.SimpleQueue()
        self.thread: Optional[threading.Thread] = None
        self.lock = threading.Lock()

    def submit(self, thought: "Thought") -> None:
        with self.lock:
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._loop, name="bot-thinking", daemon=True)
                self.thread.start()
        self.queue.put(thought)

    def _loop(self) -> None:
        while True:
            self.queue.get()._run()


_WORKER = _Worker()


class Job:
    """Work that runs on the worker thread beside the frames, submitted as it is made: a bot's
    decision (Thought) or a person's hint (game/core/hints.py). A subclass sets its fields, then
    calls Job.__init__, and does its work in `work()` (errors are kept for the main thread)."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.finished = threading.Event()
        self.error: Optional[BaseException] = None
        _started()
        _WORKER.submit(self)

    def work(self) -> None:
        raise NotImplementedError

    def _run(self) -> None:
        try:
            if not self.stop.is_set():   # cancelled while it waited for the worker
                self.work()
        except Exception as exc:  # noqa: BLE001 - reported on the main thread, never lost silently
            self.error = exc
        finally:
            _ended()
            self.finished.set()

    @property
    def done(self) -> bool:
        return self.finished.is_set()

    def wait(self, timeout: Optional[float] = None) -> bool:
        """Block until the work is done (tests, and nothing in a frame); True if it is."""
        return self.finished.wait(timeout)

    def cancel(self) -> None:
        self.stop.set()


class Thought(Job):
    """One decision of one bot, run on the worker thread."""

    def __init__(self, match: Match, seat: int) -> None:
        self.match = match
        self.seat = seat
        self.state = match.state                  # an undo replaces the state object
        self.at = len(match.state.actions)
        self.view = match.state.view(seat)
        self.legal = list(match.state.legal_actions(seat))
        # The bot is copied on the worker: nothing changes the match's bot meanwhile (a landed
        # answer replaces it, never alters it), and a normal bot's memory is some 600 objects.
        self.source = match.bots[seat]
        self.bot = None
        self.answer: Optional[Action] = None
        super().__init__()

    def work(self) -> None:
        self.bot = copy.deepcopy(self.source)
        self.bot.cancel = self.stop
        self.answer = self.bot.choose(self.view, self.legal)

    @property
    def stale(self) -> bool:
        m = self.match
        # ...or the seat is no longer this bot's (a remote person back at the seat a bot kept for them)
        return m.state is not self.state or len(m.state.actions) != self.at or \
            self.seat not in m.state.to_act() or m.bots.get(self.seat) is not self.source

    def land(self) -> list[Event]:
        """Apply the answer (main thread, once done); [] if it came too late, was cancelled or failed.

        A bot that failed is logged and the seat takes its first legal action, so the game goes on."""
        if not self.done or self.stop.is_set() or self.stale:
            return []
        if self.error is not None or self.answer not in self.legal:
            log.error("bot %s failed to think (%r); it takes its first legal action", self.seat,
                      self.error if self.error is not None else self.answer)
            return self.match.act(self.seat, self.legal[0])
        self.bot.cancel = None
        self.match.bots[self.seat] = self.bot
        return self.match.act(self.seat, self.answer)

"""A person's hint: the strongest bot's search, from that seat's view alone, suggests a move and
says how the best few fared.

The search sees exactly what the seat may know: the views the seat was shown, game by game up to
now (a bot that remembers takes in the earlier ones, Bot.observe), never the state itself, never
another seat's cards. Its own randomness comes from the position (the seat and the number of moves
played), never from the deal's seed, so the same position always gets the same hint. It runs on
the worker thread beside the frames (a Job); the table shows the answer.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Optional

from .actions import Action
from .bots import Bot
from .match import Match
from .thinking import Job

HINT_LEVEL = "hard"
SHOWN = 3            # the suggested move and the next two
EFFORT = 2           # a hint searches twice the rollouts of the hard level's own move: a person waits
                     # for it once, and its numbers are read (tools/bench_coach.py: within ~2 s)


def search_bot(spec, seat: int, at: int, effort: int = EFFORT):
    """The hard level's bot for a hint or a review at a position: seeded from the position, with
    `effort` times its usual rollouts."""
    bot = spec.bots[hint_level(spec)](seat, hint_seed(seat, at))
    for budget in ("iterations", "vote_iterations"):  # European Union's votes have their own
        if isinstance(getattr(bot, budget, None), int):
            setattr(bot, budget, getattr(bot, budget) * effort)
    return bot


@dataclass(frozen=True)
class Option:
    action: Action
    tried: int                   # deals (rollouts) the search tried it on
    wins: Optional[float]        # its estimated chance to win, 0..1 (None: not estimated)
    events: tuple = ()           # what it does, as the seat would see it (on a deal the seat may be facing)


@dataclass(frozen=True)
class Hint:
    seat: int
    at: int                      # moves played when it was asked for
    options: tuple               # (Option, ...): the suggestion first
    deals: int                   # deals the search tried in all
    seconds: float

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def estimated(self) -> bool:
        return self.best.wins is not None


def hint_seed(seat: int, at: int) -> str:
    """The search's randomness: from the position only (never the deal's seed, which would let it
    rebuild every hidden card)."""
    return f"hint:{seat}:{at}"


def hint_level(spec) -> str:
    return HINT_LEVEL if HINT_LEVEL in spec.bots else list(spec.bots)[-1]


def search_from(spec, seat: int, views: list[dict], legal: list[Action], at: int, effort: int = EFFORT,
                cancel=None, also: Optional[Action] = None, weigh_all: bool = False) -> tuple:
    """The search's decision at a position, from the seat's views alone (the earlier ones taken in
    by a bot that remembers, the last one now): (its bot, its choice, {action: (tries, mean)}, empty
    where it left the decision to its rule of thumb). `also`: a move weighed among its candidates
    even if it would not have been (a review weighs the move played). `weigh_all`: the candidates
    are weighed even where the bot would use its rule of thumb (SearchBot.weigh_all), at least two
    of them, so a review has a chance for every decision it can deal a world for."""
    bot = search_bot(spec, seat, at, effort)
    bot.cancel = cancel
    bot.weigh_all = weigh_all
    for view in views[:-1]:
        bot.observe(view)
    if also is not None or weigh_all:
        own = bot.candidates

        def with_also(view, legal_now):
            cands = list(own(view, legal_now))
            if cands and also is not None and also not in cands and also in legal_now:
                cands.append(also)
            if weigh_all and len(cands) == 1:  # the rule of thumb's move against the next one
                cands += [a for a in legal_now if a not in cands][:1]
            return cands
        bot.candidates = with_also
    bot.last_stats = {}
    best = bot.choose(views[-1], list(legal))
    return bot, best, (getattr(bot, "last_stats", None) or {}).get("arms") or {}


def make_hint(spec, seat: int, views: list[dict], legal: list[Action], at: int, cancel=None) -> Hint:
    """The hint for `seat`, whose views so far are `views` (the last one now) and whose legal moves
    are `legal`."""
    start = time.process_time()
    bot, best, arms = search_from(spec, seat, views, legal, at, cancel=cancel)
    if len(arms) > 1 and best in arms:
        ranked = sorted(arms.items(), key=lambda kv: (kv[0] != best, -kv[1][1], -kv[1][0]))
        picked = [(a, int(n), float(m)) for a, (n, m) in ranked[:SHOWN] if n > 0 or a == best]
        deals = int(bot.last_stats.get("iterations", 0))
    else:  # a decision the search leaves to its rule of thumb: a move, no estimate
        picked, deals = [(best, 0, None)], 0
    options = tuple(Option(a, n, m, what_it_does(bot, views[-1], seat, a)) for a, n, m in picked)
    return Hint(seat, at, options, deals, time.process_time() - start)


def what_it_does(bot, view: dict, seat: int, action: Action) -> tuple:
    """The events that say what a move is, played on a deal the search drew from the seat's view
    (never the real one): the move as everyone sees it and the seat's own choice said back to it,
    nothing drawn, revealed or answered (that would be the made-up deal's, not the game's)."""
    sample = getattr(bot, "sample_world", None)
    if sample is None:
        return ()
    try:
        world = sample(view, seat, random.Random(0))
        events = world.apply(seat, action)
    except Exception:  # noqa: BLE001 - words are a courtesy: the move is still pointed at
        return ()
    return the_move(events, seat)


def the_move(events: list, seat: Optional[int] = None) -> tuple:
    """The events that say what a move was: the seat's own choice said back to it, else the first
    public one (the move as everyone saw it); not what followed (a round ending, a card drawn, another
    seat's answer), which on a made-up deal is the deal's, not the game's."""
    own = [e for e in events if e.get("echo") and not e.get("reveal")]
    if own:  # "Ann voted Wait" says more than "Ann has voted"
        return tuple(own)
    public = [e for e in events if e.get("seats") is None and not e.get("reveal")]
    if public:
        return tuple(public[:1])
    # A move only its seat sees (a counter placed face down): told to that seat alone.
    return tuple([e for e in events if seat is not None and seat in (e.get("seats") or ()) and not e.get("reveal")][:1])


def remembers(spec) -> bool:
    """Does the hint's bot take in what the seat saw earlier (Bot.observe)? Then it is shown the
    seat's view at every position of the game so far, not only the one now."""
    factory = spec.bots[hint_level(spec)]
    cls = factory if isinstance(factory, type) else type(factory(0, 0))
    return cls.observe is not Bot.observe


def seat_views(spec, record: dict, seat: int, remembers: bool) -> list[dict]:
    """The seat's views along the game (every position, if its bot remembers), the last one now."""
    views: list[dict] = []
    if remembers:
        state = spec.replay(record, on_state=lambda i, s: views.append(s.view(seat)))
    else:
        state = spec.replay(record)
    if not views:
        views.append(state.view(seat))
    return views


class HintJob(Job):
    """A hint worked out on the worker thread. The main thread hands it the record (the worker
    rebuilds the seat's views from it and gives the search only those) and reads `hint` once done."""

    def __init__(self, match: Match, seat: int) -> None:
        self.match, self.seat = match, seat
        self.state = match.state
        self.at = len(match.state.actions)
        self.spec = match.spec
        self.record = match.state.record()
        self.legal = list(match.state.legal_actions(seat))
        self.remembers = remembers(match.spec)
        self.hint: Optional[Hint] = None
        super().__init__()

    def work(self) -> None:
        views = seat_views(self.spec, self.record, self.seat, self.remembers)
        self.hint = make_hint(self.spec, self.seat, views, self.legal, self.at, cancel=self.stop)

    @property
    def stale(self) -> bool:
        m = self.match
        return m.state is not self.state or len(m.state.actions) != self.at


"""A person's hint: the strongest bot's search, from that seat's view alone, suggests a move and
says how the best few fared.

The search sees exactly what the seat may know: the views the seat was shown, game by game up to
now (a bot that remembers takes in the earlier ones, Bot.observe), never the state itself, never
another seat's cards. Its own randomness comes from the position (the seat and the number of moves
played), never from the deal's seed, so the same position always gets the same hint. It runs on
the worker thread beside the frames (a Job); the table shows the answer.
"""
from __future__ import annotations

import functools
import math
import random
import time
from dataclasses import dataclass
from typing import Callable, Optional

from .actions import Action
from .advice import distinct, measured_better, measured_equal, reason
from .bots import Bot
from .calibration import calibrated, load_calibration, stage_of
from .match import Match
from .thinking import Job

HINT_LEVEL = "hard"
SHOWN = 3            # the suggested move and the next two
WIDEN = 6            # moves a hint weighs where the bot would use its rule of thumb (a draw's six)
EFFORT = 2           # a hint searches twice the rollouts of the hard level's own move: a person waits
                     # for it once, and its numbers are read (tools/bench_coach.py: within ~2 s)


def search_bot(spec, seat: int, at: int, effort: int = EFFORT):
    """The hard level's bot for a hint or a review at a position: seeded from the position, with
    `effort` times its usual rollouts."""
    bot = spec.bots[hint_level(spec)](seat, hint_seed(seat, at))
    coach = getattr(bot, "for_coach", None)
    if callable(coach):  # a game whose coach weighs moves by another measure than its bot's own moves
        coach(effort)
        return bot
    for budget in ("iterations", "vote_iterations"):  # European Union's votes have their own
        if isinstance(getattr(bot, budget, None), int):
            setattr(bot, budget, max(1, round(getattr(bot, budget) * effort)))
    return bot


@dataclass(frozen=True)
class Option:
    action: Action
    tried: int                   # deals (rollouts) the search tried it on
    wins: Optional[float]        # its chance to win, 0..1, calibrated (None: not estimated)
    events: tuple = ()           # what it does, as the seat would see it (on a deal the seat may be facing)
    even: bool = False           # within the search's noise of the first option: about as good


@dataclass(frozen=True)
class Hint:
    seat: int
    at: int                      # moves played when it was asked for
    options: tuple               # (Option, ...): the suggestion first
    deals: int                   # deals the search tried in all
    seconds: float
    trusted: bool = True         # the chances are calibrated chances to win (else the search's score)
    why: Optional[Callable] = None  # the suggestion's reason: (t, names) -> words (game/core/advice.py)
    equal: Optional[Callable] = None  # why the options are about equal: a kind of decision measured so
    rests_on: Optional[Callable] = None  # a suggestion the search cannot weigh: the measure it rests on

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def estimated(self) -> bool:
        return self.best.wins is not None

    @property
    def level(self) -> bool:
        """Is the suggestion only about as good as the next option shown (within the search's noise)?"""
        return len(self.options) > 1 and self.options[1].even


def hint_seed(seat: int, at: int) -> str:
    """The search's randomness: from the position only (never the deal's seed, which would let it
    rebuild every hidden card)."""
    return f"hint:{seat}:{at}"


def hint_level(spec) -> str:
    return HINT_LEVEL if HINT_LEVEL in spec.bots else list(spec.bots)[-1]


def search_from(spec, seat: int, views: list[dict], legal: list[Action], at: int, effort: int = EFFORT,
                cancel=None, also: Optional[Action] = None, raw: bool = False, weigh_all: bool = False,
                widen: int = 2) -> tuple:
    """The search's decision at a position, from the seat's views alone (the earlier ones taken in
    by a bot that remembers, the last one now): (its bot, its choice, {action: (tries, chance to
    win)}, empty where it left the decision to its rule of thumb). The chances are the search's
    means steadied and calibrated (chances()); `raw`: the search's own means. `also`: a move weighed
    among its candidates even if it would not have been (a review weighs the move played).
    `weigh_all`: the candidates are weighed even where the bot would use its rule of thumb
    (SearchBot.weigh_all), at least `widen` of them where the bot has a single one (its rule of
    thumb's move and the next legal ones), so a review has a chance for every decision it can deal
    a world for, and a hint the options of one."""
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
            if weigh_all and len(cands) == 1:  # the rule of thumb's move against the next ones
                cands += [a for a in legal_now if a not in cands][:widen - 1]
            return cands
        bot.candidates = with_also
    bot.last_stats = {}
    best = bot.choose(views[-1], list(legal))
    arms = (getattr(bot, "last_stats", None) or {}).get("arms") or {}
    if arms and not raw:
        arms = chances(spec.key, int(views[-1].get("n_players", 0)), arms, stage=stage_of(views[-1]))
    return bot, best, arms


def hint_search(spec, seat: int, views: list[dict], legal: list[Action], at: int, effort: int = EFFORT,
                cancel=None) -> tuple:
    """The hint's search (search_from, the search's raw means): every decision weighed, the ones the
    bot leaves to its rule of thumb too (an Elfenland draw or journey, a Xuanwu peek), among up to
    WIDEN of their moves, so a hint gives the options of any decision a world can be dealt for."""
    choices = distinct(spec.key, views[-1], legal)  # two face-up Dragons are one choice, weighed once
    return search_from(spec, seat, views, choices, at, effort, cancel=cancel, raw=True, weigh_all=True, widen=WIDEN)


PRIOR = 3.0          # pseudo-tries at the average of all a search's options: a move tried twice that
                     # won twice is not shown as a sure win above one tried fifty times
NOISE = 1.0          # standard errors within which two options are "about equal"


def steadied(arms: dict) -> dict:
    """{action: (tries, mean)} with each mean drawn toward the mean of all the tries by PRIOR
    pseudo-tries: the search's means, steadied where they rest on few tries."""
    tries = sum(n for n, _ in arms.values())
    if not tries:
        return dict(arms)
    mu = sum(n * m for n, m in arms.values()) / tries
    return {a: (n, (n * m + PRIOR * mu) / (n + PRIOR)) for a, (n, m) in arms.items()}


def chances(game: str, n_players: int, arms: dict, table: Optional[dict] = None,
            stage: Optional[float] = None) -> dict:
    """{action: (tries, chance to win)}: the search's means steadied, then through the calibration
    fitted for the game and table size (and stage of the game: calibration.stage_of), from
    game/core/calibration.py (`table` None: the stored one)."""
    table = load_calibration() if table is None else table
    return {a: (n, calibrated(table, game, n_players, m, stage)) for a, (n, m) in steadied(arms).items()}


def trusted(game: str, table: Optional[dict] = None) -> bool:
    """Is the game's number a chance to win (its calibration held on seeds no fitting saw), or only
    the search's score, to be called that?"""
    table = load_calibration() if table is None else table
    return bool(table and table.get("games", {}).get(game, {}).get("trusted"))


def listed_options(arms: dict, best: Action) -> list:
    """The options a hint shows, [(action, tries, chance)], the highest chance first (never a lower
    one above a higher; equal chances: the search's choice, then the more tried). The search's own
    choice is among them even when it is not in the top SHOWN."""
    ranked = sorted(((a, int(n), float(m)) for a, (n, m) in arms.items() if n > 0 or a == best),
                    key=lambda x: (-x[2], x[0] != best, -x[1]))
    top = ranked[:SHOWN]
    if best not in [a for a, _, _ in top]:
        top = top[:SHOWN - 1] + [x for x in ranked if x[0] == best]
    return top


def about_equal(steady: dict, first: Action, other: Action, paired: Optional[dict] = None) -> bool:
    """Are two options within the search's noise of each other: their steadied means less than
    NOISE standard errors of the difference apart? A search that tried every option on the same
    deals (paired) gives the differences deal by deal; otherwise a mean of n tries of a value in
    [0, 1] has a standard error of at most sqrt(m (1 - m) / n)."""
    (n1, m1), (n2, m2) = steady[first], steady[other]
    if n1 <= 0 or n2 <= 0:
        return False
    if paired and first in paired and other in paired:
        diffs = [a - b for a, b in zip(paired[first], paired[other]) if a is not None and b is not None]
        if len(diffs) > 1:
            mean = sum(diffs) / len(diffs)
            var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
            return abs(m1 - m2) < NOISE * math.sqrt(var / len(diffs))
    se = math.sqrt(max(m1 * (1 - m1), 0.01) / n1 + max(m2 * (1 - m2), 0.01) / n2)
    return abs(m1 - m2) < NOISE * se


def make_hint(spec, seat: int, views: list[dict], legal: list[Action], at: int, cancel=None) -> Hint:
    """The hint for `seat`, whose views so far are `views` (the last one now) and whose legal moves
    are `legal`: the options ranked by their chance, the ones within the search's noise of the
    first marked `even`. Where the decision turns on what the search cannot weigh and a move was
    measured to play out better (the game's `advice.measured_better`), that move alone, no chance,
    and what it rests on (`rests_on`)."""
    start = time.process_time()
    game, n = spec.key, int(views[-1].get("n_players", 0))
    seen = functools.cache(lambda: seat_bot(spec, seat, views, at))  # made only where a game asks
    better = measured_better(game, seen, views[-1], legal)
    if better is not None:  # no chances: the search's would not rank these moves
        action, rests_on = better
        option = Option(action, 0, None, what_it_does(seen(), views[-1], seat, action), True)
        return Hint(seat, at, (option,), 0, time.process_time() - start, trusted(game),
                    reason(game, seen(), views[-1], action), None, rests_on)
    bot, best, arms = hint_search(spec, seat, views, legal, at, cancel=cancel)
    if len(arms) > 1 and best in arms:
        steady = steadied(arms)
        picked = listed_options(chances(game, n, arms, stage=stage_of(views[-1])), best)
        top, top_pct = picked[0][0], round(100 * picked[0][2])
        paired = bot.last_stats.get("paired")
        even = [a == top or about_equal(steady, top, a, paired) or round(100 * c) == top_pct for a, _, c in picked]
        deals = int(bot.last_stats.get("iterations", 0))
    else:  # a decision the search leaves to its rule of thumb: a move, no estimate
        picked, even, deals = [(best, 0, None)], [True], 0
    equal = measured_equal(game, bot, views[-1], legal) if deals else None
    if equal is not None:  # played out, the search's order at this kind of decision did not hold
        even = [True] * len(picked)
    options = tuple(Option(a, t, c, what_it_does(bot, views[-1], seat, a), e)
                    for (a, t, c), e in zip(picked, even))
    why = reason(game, bot, views[-1], options[0].action)
    return Hint(seat, at, options, deals, time.process_time() - start, trusted(game), why, equal)


def seat_bot(spec, seat: int, views: list[dict], at: int):
    """The hint's bot brought up to what the seat has seen (every view, the last one now), with no
    search made."""
    bot = search_bot(spec, seat, at)
    for view in views:
        bot.observe(view)
    return bot


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
    rebuilds the seat's views from it and gives the search only those) and reads `hint` once done.
    A seat played from another computer has no record: it hands over the `views` it was sent
    (game/net/remote_match.py), which are all the search would have been given anyway."""

    def __init__(self, match: Match, seat: int, views: Optional[list[dict]] = None) -> None:
        self.match, self.seat = match, seat
        self.state = match.state
        self.at = len(match.state.actions)
        self.spec = match.spec
        self.views = views
        self.record = match.state.record() if views is None else None
        self.legal = list(match.state.legal_actions(seat))
        self.remembers = remembers(match.spec)
        self.hint: Optional[Hint] = None
        super().__init__()

    def work(self) -> None:
        views = self.views if self.views is not None else \
            seat_views(self.spec, self.record, self.seat, self.remembers)
        self.hint = make_hint(self.spec, self.seat, views, self.legal, self.at, cancel=self.stop)

    @property
    def stale(self) -> bool:
        m = self.match
        return m.state is not self.state or len(m.state.actions) != self.at


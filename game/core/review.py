"""A finished game reviewed through one seat's eyes: at each of that seat's decisions, the
estimated chance to win of the move it made and of the best move the search found, from what the
seat could see then (its views up to that moment, never the state), at a fixed budget a decision,
so that the same game gets the same review on any machine.

`review(spec, record, seat)` does the work (a background process runs it for the app, with its
progress: scenes/coach/review.py); `Review` is what is kept beside the finished game
(`<save>.review-<seat>.json` in history/), checked against the game it was made for.
"""
from __future__ import annotations

import hashlib
import json
import math
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Optional

from .actions import Action, same_value, to_action, to_json
from .hints import remembers, search_from, the_move, what_it_does
from .match import visible
from .playouts import TableMemory, played_out, rule_of_thumb_move, won

REVIEW_VERSION = 4       # 2: every decision weighed (rule-of-thumb ones too), the result kept;
                         # 3: a loss the search sees, or a move not the rule of thumb's, played out;
                         # 4: played out and at the end, a win in a camp or a tie is a win (was 1/k)
DROPS = 5                # the decisions where the player lost the most, at most
# A loss is classed by the chance to win it cost, as lichess's computer analysis classes a chess
# move by the winning chances it cost (10, 20 and 30 hundredths of its -1..1 scale: 5, 10 and 15
# points of the chance to win). A smaller loss is within what the deals tried can tell.
INACCURACY, MISTAKE, BLUNDER = 0.05, 0.10, 0.15
GRADES = ("inaccuracy", "mistake", "blunder")
CONFIRM_FROM = 0.03      # a loss the search sees from here on is played out (game/core/playouts.py)
REVIEW_EFFORT = 1        # the hard level's own rollouts at each decision: a 200-decision game of The
                         # Wonderful Island at 8 players within 3 minutes (tools/bench_coach.py)


@dataclass
class Decision:
    at: int                      # moves played before it (the replay's position)
    round: Any                   # the deal and round a player would name
    played: Action
    best: Action
    played_wins: float
    best_wins: float
    best_events: tuple = ()      # what the better move does, in events the seat would be told
    played_events: tuple = ()    # what the move played did, as the seat was told it
    played_out: int = 0          # the worlds the chances were played out on (0: the search's own)

    @property
    def loss(self) -> float:
        return max(0.0, self.best_wins - self.played_wins)

    @property
    def grade(self) -> Optional[str]:
        """"blunder", "mistake", "inaccuracy" by the chance the move cost, else None."""
        return grade_of(self.loss) if not same_value(self.played, self.best) else None


def grade_of(loss: float) -> Optional[str]:
    """The class of a loss of chance (0..1): see INACCURACY, MISTAKE, BLUNDER."""
    for bound, name in ((BLUNDER, "blunder"), (MISTAKE, "mistake"), (INACCURACY, "inaccuracy")):
        if loss >= bound - 1e-9:
            return name
    return None


@dataclass
class Review:
    game: str
    seat: int
    fingerprint: str
    decisions: list = field(default_factory=list)   # Decision, in the game's order
    skipped: int = 0                                 # decisions no world could be dealt for (not weighed)
    seconds: float = 0.0
    result: Optional[float] = None                   # 1 if the seat is among the winners at the end, else 0

    def drops(self, most: int = DROPS) -> list[Decision]:
        """The decisions where the player lost the most (each an inaccuracy at least), worst first."""
        big = [d for d in self.decisions if d.grade is not None]
        return sorted(big, key=lambda d: (-d.loss, d.at))[:most]

    def counts(self) -> dict[str, int]:
        """How many of the seat's decisions fell in each class (GRADES)."""
        out = {g: 0 for g in GRADES}
        for d in self.decisions:
            if d.grade is not None:
                out[d.grade] += 1
        return out

    def to_json(self) -> dict:
        data = asdict(self)
        data["version"] = REVIEW_VERSION
        data["decisions"] = [dict(asdict(d), played=to_json(d.played), best=to_json(d.best),
                                  best_events=list(d.best_events), played_events=list(d.played_events))
                             for d in self.decisions]
        return data


def fingerprint(record: dict) -> str:
    """What a review was made for: the game's record, every move of it."""
    core = {k: record.get(k) for k in ("game", "n_players", "seed", "options", "actions")}
    return hashlib.sha256(json.dumps(core, sort_keys=True).encode()).hexdigest()[:32]


class ReviewRefused(ValueError):
    """A kept review that is not used (it is made again), and why, for the log."""


def read_review(data: Any, record: dict, seat: int) -> Review:
    """A kept review, if it is sound and made for this very game and seat; else ReviewRefused with
    the reason. Sound means every decision it names is one of this seat's moves in the game, the
    move it says was played is that move, and its chances are chances: a hand-edited file that
    points past the game's end is refused here, not met later by the replay."""
    try:
        if data.get("version") != REVIEW_VERSION:
            raise ReviewRefused(f"made by another version ({data.get('version')!r})")
        if data.get("fingerprint") != fingerprint(record) or data.get("game") != record.get("game"):
            raise ReviewRefused("made for another game")
        if data.get("seat") != seat:
            raise ReviewRefused("made for another seat")
        actions = record.get("actions") or []
        decisions = []
        for d in data["decisions"]:
            at = d["at"]
            if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at < len(actions):
                raise ReviewRefused(f"a decision at move {at!r} lies outside the game's {len(actions)} moves")
            if actions[at][0] != seat or not same_value(to_action(d["played"]), to_action(actions[at][1])):
                raise ReviewRefused(f"the decision at move {at} is not the move seat {seat} made there")
            wins = (float(d["played_wins"]), float(d["best_wins"]))
            if not all(math.isfinite(w) and 0.0 <= w <= 1.0 for w in wins):
                raise ReviewRefused(f"the decision at move {at} has chances that are not chances: {wins}")
            decisions.append(Decision(at, d.get("round"), to_action(d["played"]), to_action(d["best"]), *wins,
                                      tuple(e for e in d.get("best_events", []) if isinstance(e, dict)),
                                      tuple(e for e in d.get("played_events", []) if isinstance(e, dict)),
                                      max(0, int(d.get("played_out", 0)))))
        result = data.get("result")
        if result is not None and not (isinstance(result, (int, float)) and 0.0 <= result <= 1.0):
            raise ReviewRefused(f"its result is not a win or a loss: {result!r}")
        return Review(data["game"], seat, data["fingerprint"], decisions, int(data.get("skipped", 0)),
                      float(data.get("seconds", 0.0)), None if result is None else float(result))
    except (AttributeError, KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, ReviewRefused):
            raise
        raise ReviewRefused(f"it is damaged ({type(exc).__name__}: {exc})") from exc


def review_from_json(data: Any, record: dict, seat: int) -> Optional[Review]:
    """A kept review, if it is sound and made for this very game and seat; else None (made again)."""
    try:
        return read_review(data, record, seat)
    except ReviewRefused:
        return None


def decisions_of(spec, record: dict, seat: int) -> int:
    """How many decisions with a choice the seat made (the progress bar's n)."""
    count = 0

    def look(i: int, state) -> None:
        nonlocal count
        if i < len(record["actions"]) and record["actions"][i][0] == seat and len(state.legal_actions(seat)) > 1:
            count += 1
    spec.replay(record, on_state=look)
    return count


def result_of(state, seat: int) -> Optional[float]:
    """The seat's result in a finished game: 1 among the winners (alone, in a camp or a tie), else 0,
    the scale of the chance to win the chart ends on (game/core/playouts.py: won)."""
    return won(state, seat) if state.is_over() else None


def review(spec, record: dict, seat: int, progress: Optional[Callable[[int, int], None]] = None,
           cancelled: Callable[[], bool] = lambda: False, only: Optional[set] = None) -> Optional[Review]:
    """Review the seat's decisions in the game; None if cancelled. progress(k, n) after each.
    `only`: the positions (moves played before) to weigh, the others left out (a tool that checks
    one decision; each decision is weighed the same alone as in the whole review)."""
    start = time.process_time()
    total = decisions_of(spec, record, seat)
    keeps_views = remembers(spec)
    moments: list[tuple[int, Any, list, list, Action, dict]] = []
    views: list[dict] = []
    memory = TableMemory(spec, int(record["n_players"]))

    def look(i: int, state) -> None:
        view = state.view(seat) if keeps_views or (i < len(record["actions"]) and record["actions"][i][0] == seat) \
            else None
        if keeps_views:
            views.append(view)
        if i < len(record["actions"]) and record["actions"][i][0] == seat:
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                mark = state.round_mark()
                moments.append((i, mark, list(views) if keeps_views else [view], legal,
                                to_action(record["actions"][i][1]),
                                memory.now() if only is None or i in only else {}))
        # The table's bots take in this moment after it is kept: a decision's bots have not yet made it.
        if only is None or any(i < j for j in only):
            memory.see(state, record["actions"][i][0] if i < len(record["actions"]) else None)
    told: list = []  # each move's events as the seat was told them: the words of the move it made
    final = spec.replay(record, on_state=look, on_events=lambda events: told.append(
        [e for e in events if visible(e, seat)]))
    result = Review(spec.key, seat, fingerprint(record), result=result_of(final, seat))
    for k, (at, mark, seen, legal, played, bots) in enumerate(moments):
        if cancelled():
            return None
        if only is not None and at not in only:
            continue
        decision = _judge(spec, seat, seen, legal, played, at, mark, bots)
        if decision is None:
            result.skipped += 1
        else:
            decision.played_events = the_move(told[at], seat) if at < len(told) else ()
            result.decisions.append(decision)
        if progress is not None:
            progress(k + 1, total)
    result.seconds = time.process_time() - start
    return result


def _judge(spec, seat: int, views: list, legal: list, played: Action, at: int, mark: Any,
           bots: dict) -> Optional[Decision]:
    """The search at one decision, the move played among its candidates (where the game's bot
    would use its rule of thumb too); None where no world can be dealt from the seat's view (no
    estimate to compare). Where the search sees a loss of CONFIRM_FROM or more, or the move played
    is not the normal bot's, the move played, the search's best and the normal bot's are played
    out (confirmed) and those figures stand: the search's own differences are its rollouts', not
    what the moves win when played on. `bots`: every seat's normal bot as it was then
    (game/core/playouts.py: TableMemory)."""
    # The move made is always weighed too.
    bot, _, arms = search_from(spec, seat, views, legal, at, effort=REVIEW_EFFORT, also=played, weigh_all=True)
    if len(arms) < 2 or played not in arms:
        return None
    best, (_, best_wins) = max(arms.items(), key=lambda kv: (kv[1][1], kv[1][0]))
    played_wins = arms[played][1]
    worlds = 0
    thumb = rule_of_thumb_move(bots, seat, views[-1], legal)
    if (best_wins - played_wins >= CONFIRM_FROM and not same_value(best, played)) or not same_value(thumb, played):
        out = played_out(spec, bot, bots, seat, views[-1], played, [best, thumb], at, below=INACCURACY)
        if out is not None and out.worlds:
            best = out.best(played)
            best_wins, played_wins, worlds = out.means[best], out.means[played], out.worlds
    if same_value(best, played) or best_wins <= played_wins:
        best, best_wins = played, played_wins
    events = what_it_does(bot, views[-1], seat, best) if not same_value(best, played) else ()
    return Decision(at, mark, played, best, float(played_wins), float(best_wins), events, played_out=worlds)


# -- in a process of its own --------------------------------------------------------------------
def work_in_process(record: dict, seat: int, out) -> None:
    """The review run in a background process (multiprocessing, spawned): its progress and its
    result go to the queue `out` as ("progress", k, n), then ("done", review as JSON) or ("error", why)."""
    try:
        from game.registry import GAMES
        spec = GAMES[record["game"]]
        result = review(spec, record, seat, progress=lambda k, n: out.put(("progress", k, n)))
        out.put(("done", result.to_json()))
    except Exception as exc:  # noqa: BLE001 - told to the window, which says it plainly
        out.put(("error", repr(exc)))

"""A guided first game ("Learn to play"): a fixed deal, a fixed script of every seat's moves, and
the coach's steps, read from one data file per lesson: assets/data/tutorial_<key>.json is a game's
first lesson, tutorial_<key>_2.json its second (offered after the first), and so on.

The script is the whole guided game, move by move, the learner's included. The computer players
play it (ScriptBot), so every learner sees the same game. The steps are what the coach says, in
order: a step that `do`es waits for the learner's next move in the script (the coach points at the
piece to use; any other legal move is explained and not made, so the game stays on its script);
any other step waits for the learner to read it and press Next, at the moment the game waits for
the learner's next move (or at the end). A move of the table itself (seat null in the file: a
gift of influence at the European Union table) is the learner's, the one person at the table: it
belongs to the `do` step of the learner's move after it (the gift's amount). The script is made by
tools/make_tutorial.py with the same rule the table uses to let the learner go first whenever the
learner may act; what the coach says is written by hand, in both languages, beside it.

Nothing here imports pygame: the scenes (scenes/tutorial/) draw it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Optional

from .actions import Action, same_value, to_action
from .bots import Bot
from .i18n import LANGS
from .paths import resource_path

LEARNER = 0  # the learner's seat: the one person at a guided table


class LessonError(ValueError):
    """A tutorial file that cannot be used (says why)."""


@dataclass(frozen=True)
class Step:
    say: dict                  # {lang: what to do now, one or two short sentences}
    why: Optional[dict] = None  # {lang: why it matters}
    do: bool = False           # waits for the learner's next scripted move (else: Next)
    now: bool = False          # an info step shown at once after the last move (else when the learner is due)
    point: Optional[str] = None  # an info step may point at a part of the table (a panel's name, or "panel.widget")
    rule: Optional[str] = None   # the rule this step shows (a key of the lesson's "rules")
    instead: Optional[dict] = None  # {lang: why this move and not another} (an off-script move is refused with it)

    def text(self, lang: str) -> tuple[str, Optional[str]]:
        return _in(self.say, lang), _in(self.why, lang) if self.why else None


@dataclass(frozen=True)
class Lesson:
    game: str
    players: int
    seed: int
    options: dict
    names: dict                           # {lang: [a name per seat]}; the learner's is the player's own
    script: tuple                         # ((seat, action), ...) the whole guided game
    steps: tuple                          # (Step, ...)
    rules: dict = field(default_factory=dict)    # {rule key: {lang: one line of the summary}}
    minutes: int = 8
    number: int = 1                       # the game's first lesson, its second, ...
    title: Optional[dict] = None          # {lang: a short title} (None: called by its number)

    # -- where the guided game stands -----------------------------------------------------
    def expected(self, n: int) -> Optional[tuple[Optional[int], Action]]:
        """The move the script makes at position n (n moves played), or None after the end; its
        seat is None for a move of the table."""
        return self.script[n] if n < len(self.script) else None

    def learners(self, n: int) -> bool:
        """Is the move at position n the learner's to make (their own, or the table's)?"""
        return n < len(self.script) and self.script[n][0] in (LEARNER, None)

    def learner_moves_before(self, n: int) -> int:
        """How many of the learner's own moves the script makes before position n."""
        return sum(1 for seat, _ in self.script[:n] if seat == LEARNER)

    def step_index(self, n: int, read: int) -> Optional[int]:
        """The step on screen when n moves are played and the learner has pressed Next on `read`
        info steps since their last scripted move: the first info step not yet read before the
        learner's next `do` (one marked `now` at once, the bots waiting; any other once the bots
        have played up to the learner's move), else that `do` when the learner is to move; None
        when nothing waits (the bots play on, or the lesson is over)."""
        done = self.learner_moves_before(n)
        learner_next = self.learners(n)
        i, seen_do = 0, 0
        while i < len(self.steps) and seen_do < done:  # past the steps already played
            if self.steps[i].do:
                seen_do += 1
            i += 1
        infos = 0
        while i < len(self.steps) and not self.steps[i].do:
            if infos >= read:
                return i if self.steps[i].now or learner_next or n >= len(self.script) else None
            infos += 1
            i += 1
        return i if i < len(self.steps) and learner_next else None

    def steps_behind(self, n: int) -> int:
        """How many steps are behind the learner once n moves are played (all up to their last
        scripted move), while the others play."""
        done = self.learner_moves_before(n)
        seen = 0
        for i, s in enumerate(self.steps):
            if s.do:
                seen += 1
                if seen == done:
                    return i + 1
        return 0

    def step_shown(self, n: int) -> int:
        """The step number (1-based) a lesson left after n moves shows when taken up again."""
        i = self.step_index(n, 0)
        return i + 1 if i is not None else min(len(self.steps), self.steps_behind(n) + 1)

    def instead_text(self, index: int, lang: str) -> Optional[str]:
        """Why step `index`'s scripted move is the one to make here: its own "instead" text, else
        its "why", else None."""
        step = self.steps[index]
        texts = step.instead or step.why
        return _in(texts, lang) if texts else None

    def finished(self, n: int, read: int) -> bool:
        """The script is played out and every step after it read."""
        return n >= len(self.script) and self.step_index(n, read) is None

    def rule_lines(self, lang: str) -> list[str]:
        return [_in(text, lang) for text in self.rules.values()]

    def title_text(self, lang: str) -> Optional[str]:
        return _in(self.title, lang) if self.title else None

    def learner_name(self, lang: str) -> str:
        return _in({k: v[LEARNER] for k, v in self.names.items()}, lang)


def _in(texts: dict, lang: str) -> str:
    return texts.get(lang) or texts.get("en") or next(iter(texts.values()))


# -- reading a lesson -------------------------------------------------------------------------
def lesson_path(game: str, number: int = 1):
    """The file of a game's lesson `number` (1: tutorial_<key>.json; n: tutorial_<key>_<n>.json)."""
    name = f"tutorial_{game}.json" if number == 1 else f"tutorial_{game}_{number}.json"
    return resource_path("assets", "data", name)


def lesson_id(game: str, number: int = 1) -> str:
    """A lesson's name where the settings keep it ("learned"): the game's key for its first lesson
    (as older settings files wrote it), "<key>:<n>" for lesson n."""
    return game if number == 1 else f"{game}:{number}"


def parse_lesson_id(text: Any) -> Optional[tuple[str, int]]:
    """(game, number) of a lesson_id, or None if `text` is not one."""
    if not isinstance(text, str) or not text:
        return None
    game, sep, number = text.partition(":")
    if not sep:
        return game, 1
    return (game, int(number)) if number.isdigit() and int(number) >= 1 and game else None


def has_lesson(game: str, number: int = 1) -> bool:
    return lesson_path(game, number).is_file()


def lesson_numbers(game: str) -> list[int]:
    """The game's lessons in the order they are offered: 1, 2, ... as long as their files are there."""
    numbers = []
    while has_lesson(game, len(numbers) + 1):
        numbers.append(len(numbers) + 1)
    return numbers


def load_lesson(game: str, number: int = 1) -> Lesson:
    """Lesson `number` of `game`; LessonError (with the reason) if its file is missing or broken."""
    try:
        with open(lesson_path(game, number), encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as exc:
        raise LessonError(f"tutorial {number} for {game} unreadable: {exc}") from exc
    return parse_lesson(data, game, number)


def _texts(value: Any, where: str) -> dict:
    if not isinstance(value, dict) or set(value) != set(LANGS) or not all(
            isinstance(v, str) and v.strip() for v in value.values()):
        raise LessonError(f"{where}: a text in every language ({', '.join(LANGS)}) is needed")
    return dict(value)


def parse_lesson(data: Any, game: str, number: int = 1) -> Lesson:
    if not isinstance(data, dict) or data.get("game") != game:
        raise LessonError(f"not the tutorial of {game}")
    try:
        script = tuple((None if seat is None else int(seat), to_action(action)) for seat, action in data["script"])
        steps = []
        for i, s in enumerate(data["steps"]):
            steps.append(Step(say=_texts(s["say"], f"step {i + 1}"),
                              why=_texts(s["why"], f"step {i + 1} why") if s.get("why") else None,
                              do=bool(s.get("do", False)), now=bool(s.get("now", False)), point=s.get("point"),
                              rule=s.get("rule"),
                              instead=_texts(s["instead"], f"step {i + 1} instead") if s.get("instead") else None))
        rules = {k: _texts(v, f"rule {k}") for k, v in data.get("rules", {}).items()}
        names = {lang: list(data["names"][lang]) for lang in LANGS}
        lesson = Lesson(game=game, players=int(data["players"]), seed=int(data["seed"]),
                        options=dict(data.get("options", {})), names=names, script=script, steps=tuple(steps),
                        rules=rules, minutes=int(data.get("minutes", 8)), number=number,
                        title=_texts(data["title"], "title") if data.get("title") else None)
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, LessonError):
            raise
        raise LessonError(f"tutorial for {game}: {exc!r}") from exc
    if any(len(v) != lesson.players for v in names.values()):
        raise LessonError("a name per seat in every language is needed")
    learner_moves = sum(1 for seat, _ in script if seat == LEARNER)
    dos = sum(1 for s in steps if s.do)
    if learner_moves != dos:
        raise LessonError(f"the script has {learner_moves} moves of the learner but {dos} steps to make them")
    unknown = {s.rule for s in steps if s.rule} - set(rules)
    if unknown:
        raise LessonError(f"steps name rules the summary does not have: {sorted(unknown)}")
    return lesson


def check_lesson(lesson: Lesson, spec) -> list[str]:
    """Plays the script through the rules: every move legal and made by a seat that may act, and
    whenever the learner may act, the learner goes first (the table holds the bots then). Returns
    what is wrong ([] if nothing)."""
    state = spec.new_game(lesson.players, lesson.seed, lesson.options)
    problems = []
    for i, (seat, action) in enumerate(lesson.script):
        to_act = state.to_act()
        if seat is None:  # the table's move, the learner's to make: legal for the table is enough
            if not any(same_value(action, a) for a in state.legal_actions(None)):
                problems.append(f"move {i + 1}: {action!r} is not legal for the table")
                break
            if i + 1 >= len(lesson.script) or lesson.script[i + 1][0] != LEARNER:
                problems.append(f"move {i + 1}: the table's move is not followed by the learner's")
                break
            state.apply(None, action)
            continue
        if seat not in to_act:
            problems.append(f"move {i + 1}: seat {seat} may not act now")
            break
        if seat != LEARNER and LEARNER in to_act:
            problems.append(f"move {i + 1}: a bot moves while the learner may")
            break
        bots = [s for s in to_act if s != LEARNER]
        if seat != LEARNER and bots[0] != seat:
            problems.append(f"move {i + 1}: seat {seat} moves before seat {bots[0]}, the table's order")
            break
        if not any(same_value(action, a) for a in state.legal_actions(seat)):
            problems.append(f"move {i + 1}: {action!r} is not legal for seat {seat}")
            break
        state.apply(seat, action)
    return problems


class ScriptBot(Bot):
    """A computer player at the guided table: plays its seat's move in the script, where the match
    stands (`moves()` is how many moves are played). Shared, never copied: it keeps no state."""

    level = "script"

    def __init__(self, seat: int, lesson: Lesson, moves) -> None:
        super().__init__(seat, 0)
        self.lesson, self.moves = lesson, moves

    def __deepcopy__(self, memo) -> "ScriptBot":
        return self

    def choose(self, view: dict, legal: list[Action]) -> Action:
        expected = self.lesson.expected(self.moves())
        if expected is not None and expected[0] == self.seat and any(same_value(expected[1], a) for a in legal):
            return expected[1]
        # Off the script (it cannot be, as check_lesson holds it): still a legal move, never a stall.
        return legal[0]

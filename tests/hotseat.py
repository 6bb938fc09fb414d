"""A hot-seat game driven through the real table scene, for the privacy tests.

Two or more people share the screen with bots. The driver plays as the people do: it clicks the
curtain away when the screen is passed, makes random legal moves for the person at the screen,
clicks at random on the table (opening overlays, choosers, enlarged cards) and on its buttons,
rests the mouse so that tooltips come up, and lets the bots move. Every text the screen draws goes
through the one text renderer (scenes/ui/text.py's Fonts: whole lines and wrapped paragraphs;
picture caches are turned off so every picture's words are drawn again), and after every frame the
driver checks that none of it is a log line only another seat may see.

The public moments are checked too. In a moment the whole table watches (PUBLIC_MOMENTS, from the
rules: European Union's discussion of a bill) the screen shows the public view, or the view of the
one person who passed their own hand-off screen since the public view was last up (asked to look);
and a frame drawn for the public's eyes (that, and a person deciding in the open: The Wonderful
Island's answers said aloud) shows no one's own marks: no "(you)", no private influence, no one's
stars column or badges (own_view_marks).
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Optional

import pygame

from bot_moves import wait_for_the_thought
from game.core.match import Match, Seat, visible
from game.registry import GAMES

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal"]


class Recorder:
    """Every string handed to the text renderer since the last clear()."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def clear(self) -> None:
        self.texts = []

    def install(self, monkeypatch) -> None:
        from scenes.ui import byte_cache, text

        recorder = self
        text_fn, wrap_fn = text.Fonts.text, text.Fonts.wrap

        def recorded_text(fonts, s, *args, **kw):
            recorder.texts.append(s)
            return text_fn(fonts, s, *args, **kw)

        def recorded_wrap(fonts, s, *args, **kw):
            recorder.texts.append(s)
            return wrap_fn(fonts, s, *args, **kw)

        monkeypatch.setattr(text.Fonts, "text", recorded_text)
        monkeypatch.setattr(text.Fonts, "wrap", recorded_wrap)
        # A cached picture would be shown without its words passing the renderer again.
        monkeypatch.setattr(byte_cache.PictureCache, "get_or_make", lambda self, key, make: make())


@dataclass
class Secrets:
    """Log lines by who may read them, kept up to date as the match's events grow."""
    table: object
    seen: int = 0
    lines: list[tuple[Optional[list], str]] = field(default_factory=list)

    def update(self) -> None:
        events = self.table.match.events
        names = [s.name for s in self.table.match.seats]
        for e in events[self.seen:]:
            line = self.table.describe(e, self.table.app.t, names)
            if line:
                self.lines.append((e.get("seats"), line))
        self.seen = len(events)

    def forbidden(self, seat: Optional[int]) -> set[str]:
        """Lines only other seats may see (a line this seat may also read, by another event, is not)."""
        self.update()
        mine = {line for seats, line in self.lines if visible({"seats": seats}, seat)}
        return {line for seats, line in self.lines if not visible({"seats": seats}, seat)} - mine


@dataclass
class Leak:
    eyes: Optional[int]
    line: str
    drawn: str
    where: str


def check(recorder: Recorder, secrets: Secrets, eyes: Optional[int], where: str) -> list[Leak]:
    forbidden = secrets.forbidden(eyes)
    leaks = []
    for drawn in set(recorder.texts):
        for line in forbidden:
            if line in drawn:
                leaks.append(Leak(eyes, line, drawn, where))
    recorder.clear()
    return leaks


# Moments the whole table watches together, by the rules: what the screen must show then is the
# public view (or the view of the person who asked to look, behind their own hand-off screen).
PUBLIC_MOMENTS = {
    "european_union": lambda state: state.phase == "discuss",   # a bill is talked over by everyone
    "xuanwu_gate": lambda state: state.watched_together(),      # the votes turned over, a deal's battle
}


def _pattern(template: str) -> str:
    """A translated template as a pattern: a number where it has {n}, anything short elsewhere."""
    parts = re.split(r"(\{[a-z_]+\})", template)
    return "".join(r"[+\-−]?\d+" if p == "{n}" else r"\S+" if p.startswith("{") else re.escape(p) for p in parts)


def own_view_marks(t, key: str, names: list[str]) -> re.Pattern:
    """What only a seat's own view draws: its name marked as "you", and (European Union) its
    influence behind the screen, its stars-and-bonus column and its "you +n" badges on the bills."""
    you = [re.escape(name) + r"\s*[(（]" + re.escape(t(k).strip(" ()（）")) + r"[)）]"
           for name in names for k in ("eu.ui.you", "elf.ui.you", "wi.ui.you_mark")]
    # Words drawn alone (a plate's influence, a column's heading, a badge): a whole text, so that a
    # public log line such as "... +1 influence" is not taken for them.
    game = {"european_union": [_pattern(t("eu.ui.influence")), re.escape(t("eu.ui.col.yours")),
                               _pattern(t("eu.ui.you_get"))]}.get(key, [])
    return re.compile("|".join(you + [f"^(?:{g})$" for g in game]))


def check_public(recorder: Recorder, marks: re.Pattern, where: str) -> list[Leak]:
    """A frame for the public's eyes: nothing drawn is one seat's own."""
    return [Leak(None, m.group(0), drawn, where) for drawn in set(recorder.texts)
            for m in [marks.search(drawn)] if m]


def _buttons(table) -> list:
    """The table's buttons a person could press now (in its panels, visible and enabled)."""
    found = []
    for panel in table.panels:
        group = getattr(panel, "buttons", None)
        if panel.visible and group is not None:
            found += [b for b in group.widgets if b.visible and b.enabled]
    return found


def _click(app, pos: tuple[int, int], button: int = 1) -> None:
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def _draw(app) -> None:
    app.manager.draw(app.screen)


def play_hot_seat(app, monkeypatch, key: str, n: int, people: int, seed: int, options: Optional[dict] = None,
                  max_steps: int = 3000, bot: str = "normal") -> dict:
    """Play one hot-seat game on the real table; returns {"leaks": [...], "handoffs": k, "over": bool,
    "public_frames": frames drawn in a moment watched together on the public view, "looks": hand-offs
    asked for in such a moment, "open_frames": frames of a person deciding in the open}."""
    from scenes.shell.curtain import CurtainScene
    from scenes.registry import table_scene

    recorder = Recorder()
    recorder.install(monkeypatch)
    spec = GAMES[key]
    level = bot if bot in spec.bots else "easy"
    seats = [Seat(NAMES[i], "human" if i < people else level) for i in range(n)]
    match = Match.new(spec, seats, seed=seed, options=options or {})
    app.settings.bot_speed = "instant"
    table = table_scene(app, match)
    monkeypatch.setattr(type(table), "cache_frames", False)
    app.manager.reset(table)
    secrets = Secrets(table)
    rng = random.Random(seed)
    w, h = app.size
    leaks: list[Leak] = []
    handoffs = 0
    public = PUBLIC_MOMENTS.get(key, lambda state: False)
    marks = own_view_marks(app.t, key, [s.name for s in seats])
    in_moment = False          # in a moment the table watches together
    looker: Optional[int] = None   # who passed their own hand-off screen since the public view was up
    counts = {"public_frames": 0, "looks": 0, "open_frames": 0}

    def frame(where: str) -> list[Leak]:
        """Draw the screen and check what it drew for the eyes it must be for."""
        nonlocal in_moment, looker
        moment = public(match.state) and not match.state.is_over()
        if moment and not in_moment:
            looker = None   # a new moment: only a look asked for in it may show someone's own view
        in_moment = moment
        recorder.clear()
        _draw(app)
        found = []
        if moment and table.viewer is not None and table.viewer != looker:
            found.append(Leak(table.viewer, "a private view", "(the table watches together)", where))
        if table.viewer is None and not match.state.is_over():
            found += check_public(recorder, marks, where)
            looker = None
            counts["public_frames"] += moment
            counts["open_frames"] += table.decider is not None
        return found + check(recorder, secrets, table.viewer, where)

    for step in range(max_steps):
        if match.state.is_over():
            break
        top = app.manager.top
        if isinstance(top, CurtainScene):
            recorder.clear()
            _draw(app)
            leaks += check(recorder, secrets, None, f"curtain at step {step}")
            _click(app, (w // 2, h // 2))
            handoffs += 1
            if in_moment and public(match.state):
                looker = table.viewer
                counts["looks"] += 1
            leaks += frame(f"first frame after hand-off {handoffs}")
            continue
        if top is not table:  # a dialog or menu opened by a random click: close it
            app.manager.remove(top)
            continue
        table.update(0.05)
        r = rng.random()
        buttons = _buttons(table)
        # The people talk a bill over: each presses their name, looks, says ready (or goes back).
        pressing = 0.75 if in_moment else 0.35
        if r < 0.25:   # a click somewhere on the table: a piece, a button, an overlay
            _click(app, (rng.randrange(w), rng.randrange(h)), 1 if rng.random() < 0.85 else 3)
        elif r < pressing and buttons:   # a button pressed
            _click(app, rng.choice(buttons).rect.center)
        elif r < pressing + 0.1:  # rest the mouse somewhere until its tooltip shows
            pos = (rng.randrange(w), rng.randrange(h))
            app.manager.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            table.update(1.0)
        elif table.can_act():
            legal = match.state.legal_actions(table.viewer)
            if legal:
                table.act(rng.choice(legal))
        else:
            table.update(0.5)  # bots move, clocks run
            wait_for_the_thought(table)  # a bot thinks on a worker: its move lands at the next update
        leaks += frame(f"step {step}")
        if leaks:
            break
    return {"leaks": leaks, "handoffs": handoffs, "over": match.state.is_over(), "match": match, "steps": step,
            **counts}


def wi_legislature(reached, people: int = 2, n: int = 5, seed: int = 1) -> Match:
    """A Wonderful Island match (seats 0..people-1 people, the rest bots) played by bots for every
    seat, except that seat 0 as candidate always calls the Legislative Showdown (the bots seldom
    do), until reached(match, last events) holds; seeds are tried from `seed` on."""
    spec = GAMES["wonderful_island"]
    for s in range(seed, seed + 50):
        seats = [Seat(NAMES[i], "human" if i < people else "normal") for i in range(n)]
        match = Match.new(spec, seats, seed=s, options={"start_player": 0})
        deciders = {i: spec.bots["normal"](i, s) for i in range(n)}
        last: list = []
        while not match.state.is_over():
            if reached(match, last):
                return match
            st = match.state
            seat = st.to_act()[0]
            action = ("venue", "legislature") if st.phase == "venue" and seat == 0 else \
                deciders[seat].choose(st.view(seat), st.legal_actions(seat))
            last = match.act(seat, action)
    raise RuntimeError("no seed reaches that moment")

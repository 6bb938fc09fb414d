"""The coach's pictures for tools/screenshots.py: a hint at each game's table, and the review of a
finished game of each (its chart and drops, and a drop watched on the table)."""
from __future__ import annotations

import random

from game.core.match import Match, Seat
from game.core.review import review
from game.registry import GAMES


def _to_move(game: str, hints: bool = True, choice: int = 4, wanted=None) -> Match:
    """A game some way in, seat 0 a person with a real choice to make (the `choice`-th of those
    where `wanted(state, legal)`, if given)."""
    spec = GAMES[game]
    for seed in range(3, 60):
        match = Match.new(spec, [Seat("Ann")] + [Seat(f"Bot {i}", "normal") for i in range(spec.min_players)],
                          seed=seed, hints_allowed=hints)
        rng, mine = random.Random(seed), 0
        while not match.state.is_over():
            to_act = match.state.to_act()
            legal = match.state.legal_actions(0) if 0 in to_act else []
            if len(legal) > 1 and (wanted is None or wanted(match.state, legal)):
                mine += 1
                if mine == choice:
                    return match
            if 0 in to_act:
                match.act(0, rng.choice(match.state.legal_actions(0)))
            else:
                match.step_bot()
    raise RuntimeError(f"no deal of {game} reached a choice")


def _finished(game: str) -> Match:
    spec = GAMES[game]
    match = Match.new(spec, [Seat("Ann")] + [Seat(f"Bot {i}", "normal") for i in range(spec.min_players)], seed=7)
    me = spec.bots["normal"](0, "ann")
    while not match.state.is_over():
        if 0 in match.state.to_act():
            match.act(0, me.choose(match.state.view(0), match.state.legal_actions(0)))
        else:
            match.step_bot()
    return match


def _knows(n_known: int):
    """A Xuanwu peek where seat 0 knows `n_known` of the two centre cards (by what it has seen)."""
    from game.core.hints import seat_bot, remembers, seat_views

    def wanted(state, legal) -> bool:
        if legal[0][0] != "peek":
            return False
        spec = GAMES["xuanwu_gate"]
        views = seat_views(spec, state.record(), 0, remembers(spec))
        known = seat_bot(spec, 0, views, len(state.actions)).normal.memory.known(views[-1])
        return sum(("centre", slot) in known for slot in (0, 1)) == n_known
    return wanted


def coach_shots(app, settle) -> list[tuple[str, callable]]:
    from scenes import registry
    from scenes.coach.review import ReviewScene

    def hint(game: str, choice: int = 4, wanted=None):
        def build():
            match = _to_move(game, choice=choice, wanted=wanted)
            app.manager.stack.clear()
            registry.show_table(app, match)
            table = app.manager.top
            settle(app)
            table.hints.ask()
            if table.hints.job is not None:
                table.hints.job.wait(30)
        return build

    def reviewed(game: str):
        match = _finished(game)
        record = match.to_save()
        app.manager.stack.clear()
        scene = ReviewScene(app, record, None)  # one person: it would start its process at once
        scene._stop()
        scene.seat, scene.problem = 0, None
        scene.review = review(GAMES[game], record, 0)
        scene._shown()
        app.manager.push(scene)
        scene.layout(*app.size)
        settle(app, 12)  # its fonts open and its listed losses are drawn a frame at a time
        return scene

    def review_of(game: str):
        return lambda: reviewed(game)

    def moment_of(game: str):
        def build():
            scene = reviewed(game)
            drops = scene.review.drops()
            if drops:
                scene.open_moment(drops[0])
        return build

    shots = []
    for game in GAMES:
        shots += [(f"hint_{game}", hint(game)), (f"review_{game}", review_of(game)),
                  (f"review_moment_{game}", moment_of(game))]
    # The decisions the bots leave to their rule of thumb, weighed by the hint all the same.
    shots += [("hint_elfenland_draw", hint("elfenland", 3, lambda s, legal: legal[0][0] == "take")),
              ("hint_elfenland_travel", hint("elfenland", 1, lambda s, legal: legal[0][0] == "move")),
              # the peek knowing neither centre card (about equal, and why) and knowing exactly one
              # (the one you have not seen, on what was measured: no chance)
              ("hint_xuanwu_gate_peek", hint("xuanwu_gate", 1, _knows(0))),
              ("hint_xuanwu_gate_peek_knows_one", hint("xuanwu_gate", 1, _knows(1)))]
    return shots

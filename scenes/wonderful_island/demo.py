"""Demo positions of The Wonderful Island for screenshots, tests and the frame benchmark: a seeded
game played by bots to the moment asked for, with seat 0 a human whose view is on the screen."""
from __future__ import annotations

from game.core.match import Match
from game.registry import GAMES

from ..demo import demo_seats, play_until

PHASES = ("character", "venue", "play", "react", "legislature", "poaching", "debate", "street", "over")
# More moments, for the screenshots of the asks: seat 0 over its hand limit, making the legislature's
# offer, holding a card that moves votes from one player to another; poaching with cards laid.
MOMENTS = {
    "discard": lambda v, st: 0 in st.to_act() and v["phase"] == "discard" and len(v["hand"]) >= 7,
    "offer": lambda v, st: 0 in st.to_act() and v["phase"] == "offer",
    "two": lambda v, st: 0 in st.to_act() and v["phase"] == "play" and
    any(a[:2] == ("play", "fake_poll") for a in st.legal_actions(0)),
    "laid": lambda v, st: v["venue"] == "poaching" and v["phase"] == "match" and len(v["proc"]["laid"]) >= 3,
}


def _reached(state, phase: str) -> bool:
    v = state.view(0)
    if phase in MOMENTS:
        return MOMENTS[phase](v, state)
    if phase == "over":
        return state.is_over()
    if phase in ("character", "venue", "play"):
        return 0 in state.to_act() and v["phase"] == phase
    if phase == "react":
        return v["window_open"]
    venue = {"legislature": "legislature", "poaching": "poaching", "debate": "debate", "street": "street"}[phase]
    busy = {"legislature": ("offer", "answer", "vote"), "poaching": ("lay", "match", "target"),
            "debate": ("issue", "reply", "ask"), "street": ("dice",)}[phase]
    return v["venue"] == venue and v["phase"] in busy


def _settled(last: list[dict]) -> bool:
    """A settlement just ended with a venue that has steps to show (poaching, the debate, the dice)."""
    return any(e["type"] == "settled" and e["venue"] in ("poaching", "debate", "street") for e in last)


def demo_match(phase: str, seed: int = 1, n_players: int = 5, humans: int = 1) -> Match:
    """Also "settled": a settlement just over (the table shows it with _show_settlement)."""
    seats = demo_seats(n_players, humans, lambda i: "normal")
    return play_until(GAMES["wonderful_island"], seats, seed, 400, {"start_player": 0},
                      lambda match, last: _settled(last) if phase == "settled" else _reached(match.state, phase))


def demo_scene(app, phase: str, seed: int = 1, **kw):
    from .table import WonderfulIslandTableScene
    return WonderfulIslandTableScene(app, demo_match(phase, seed, **kw))

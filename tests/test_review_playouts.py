"""A review's loss is confirmed by playing the moves out (game/core/playouts.py): normal bots play
the move made and the better one to the end, on worlds dealt from the seat's view, the same worlds
and dice for both."""
from __future__ import annotations

import copy
import random

from game.core.actions import same_value
from game.core.hints import remembers, search_from, seat_views
from game.core.match import Match, Seat
from game.core.playouts import MOST_WORLDS, WANTED_SE, WANTED_SE_BY_GAME, bots_at, played_out
from game.core.review import INACCURACY, review
from game.registry import GAMES


def xuanwu_swap_thrown_away():
    """Xuanwu, 4 players, deal 6, normal bots throughout until move 41, where Ann (seat 0), having
    peeked at a centre card, swaps her own card instead of what her normal bot plays: a loss of
    about 25 points of her chance to win, played out from her view (tools/planted_blunders.py)."""
    spec = GAMES["xuanwu_gate"]
    match = Match.new(spec, [Seat("Ann")] + [Seat(f"Bot {i}", "normal") for i in range(spec.min_players)], seed=6)
    me = spec.bots["normal"](0, "ann")
    while len(match.state.actions) < 41:
        if 0 in match.state.to_act():
            match.act(0, me.choose(match.state.view(0), match.state.legal_actions(0)))
        else:
            match.step_bot()
    record = match.state.record()
    assert 0 in match.state.to_act() and ("swap_own",) in match.state.legal_actions(0)
    return spec, dict(record, actions=record["actions"] + [[0, ["swap_own"]]]), 41


def direct_loss(spec, record: dict, at: int, worse, better, worlds: int) -> float:
    """The loss measured straight: each move played out by the table's normal bots on worlds dealt
    from the seat's view, with seeds of this test's own (not the review's)."""
    cut = dict(record, actions=record["actions"][:at])
    views = seat_views(spec, cut, 0, remembers(spec))
    legal = spec.replay(cut).legal_actions(0)
    sampler, _, _ = search_from(spec, 0, views, legal, at, effort=1, weigh_all=True)
    bots = bots_at(spec, record, at)
    total = {worse: 0.0, better: 0.0}
    for k in range(worlds):
        world = sampler.sample_world(views[-1], 0, random.Random(f"check:{k}"))
        for move in total:
            w = world.clone()
            w.rng.seed(f"check-dice:{k}")
            players = {s: copy.deepcopy(b) for s, b in bots.items()}
            for s, b in players.items():
                b.rng = random.Random(f"check-dice:{k}:{s}")
            w.apply(0, move)
            while not w.is_over():
                s = w.to_act()[0]
                w.apply(s, players[s].choose(w.view(s), w.legal_actions(s)))
            winners = set(w.winners())
            total[move] += 1.0 if 0 in winners else 0.0   # a camp's win is Ann's too
    return (total[better] - total[worse]) / worlds


def test_a_planted_losing_move_is_classed_with_the_size_its_playouts_give():
    spec, record, at = xuanwu_swap_thrown_away()
    (d,) = review(spec, record, 0, only={at}).decisions
    assert d.played == ("swap_own",) and d.grade is not None and d.played_out >= 16
    measured = direct_loss(spec, record, at, d.played, d.best, worlds=40)
    assert measured >= 0.15, "the plant is a blunder played out"
    assert abs(d.loss - measured) <= 0.12, (d.loss, measured)   # two estimates, each within ~5 points


def test_the_confirmation_reads_the_seats_view_only():
    """The playouts deal every card the seat cannot see from its view: another deal that shows the
    seat the very same view gives the very same figures."""
    spec, record, at = xuanwu_swap_thrown_away()
    cut = dict(record, actions=record["actions"][:at])
    views = seat_views(spec, cut, 0, remembers(spec))
    state = spec.replay(cut)
    legal = state.legal_actions(0)
    sampler, _, _ = search_from(spec, 0, views, legal, at, effort=1, weigh_all=True)
    other = sampler.sample_world(views[-1], 0, random.Random(5))
    assert other.view(0) == views[-1] and other.view_all() != state.view_all()
    bots = bots_at(spec, record, at)
    figures = []
    for view in (views[-1], other.view(0)):
        again, _, _ = search_from(spec, 0, views[:-1] + [view], legal, at, effort=1, weigh_all=True)
        normal = copy.deepcopy(bots[0]).choose(view, legal)
        out = played_out(spec, again, bots, 0, view, ("swap_own",), [normal], at, below=INACCURACY, most=24)
        figures.append((out.worlds, out.means))
    assert figures[0] == figures[1] and figures[0][0] > 0


def test_a_move_as_good_as_the_best_is_not_classed_once_played_out():
    """Ann plays what her normal bot plays: whatever the search's rollouts said of it, no loss is
    named unless the playouts find one (the normal bot's own move is among those played out)."""
    spec, record, at = xuanwu_swap_thrown_away()
    bots = bots_at(spec, record, at)
    cut = dict(record, actions=record["actions"][:at])
    state = spec.replay(cut)
    normal = copy.deepcopy(bots[0]).choose(state.view(0), state.legal_actions(0))
    same = dict(record, actions=record["actions"][:at] + [[0, list(normal)]])
    (d,) = review(spec, same, 0, only={at}).decisions
    assert same_value(d.played, normal)
    assert d.grade is None or d.played_out > 0, "a named loss rests on playouts"


class CoinWorld:
    """A world that ends with the seat's move: ("sure",) always wins, ("coin",) wins four times in five
    by the world's dice: a loss of 20 points, known within 5 after about 64 worlds, within 2.5 after 256."""

    def __init__(self) -> None:
        self.rng = random.Random()
        self.won = None

    def clone(self) -> "CoinWorld":
        return CoinWorld()

    def legal_actions(self, seat: int) -> list:
        return [("sure",), ("coin",)]

    def apply(self, seat: int, action) -> None:
        self.won = action == ("sure",) or self.rng.random() < 0.8

    def is_over(self) -> bool:
        return True

    def winners(self) -> list:
        return [0] if self.won else [1]


class CoinSampler:
    def sample_world(self, view, seat, rng) -> CoinWorld:
        return CoinWorld()


def coin_played_out(game: str, n_players: int = 4):
    spec = type("Spec", (), {"key": game})()
    bots = {0: copy.deepcopy(GAMES["xuanwu_gate"].bots["easy"](0, "x")), 1: GAMES["xuanwu_gate"].bots["easy"](1, "x")}
    return played_out(spec, CoinSampler(), bots, 0, {"n_players": n_players}, ("coin",), [("sure",)], 0,
                      below=INACCURACY)


def test_a_named_loss_is_played_out_until_known_within_five_points():
    out = coin_played_out("xuanwu_gate")
    assert out.se(("sure",), ("coin",)) <= WANTED_SE
    assert out.se(("sure",), ("coin",)) > WANTED_SE_BY_GAME["wonderful_island"][4]
    assert out.worlds < MOST_WORLDS["xuanwu_gate"]


def test_where_worlds_are_cheap_a_named_loss_is_known_within_its_game_s_tighter_error():
    """The Wonderful Island's worlds cost milliseconds up to 5 players: a loss is played out until
    known within 2.5 points, past the 200 worlds that were its ceiling; at 8 players, where a world
    costs ten times as much, within 5."""
    out = coin_played_out("wonderful_island")
    assert out.se(("sure",), ("coin",)) <= WANTED_SE_BY_GAME["wonderful_island"][4] < WANTED_SE
    assert 200 < out.worlds <= MOST_WORLDS["wonderful_island"]
    at_eight = coin_played_out("wonderful_island", 8)
    assert WANTED_SE_BY_GAME["wonderful_island"][4] < at_eight.se(("sure",), ("coin",)) <= WANTED_SE
    assert at_eight.worlds < 200


def test_a_plant_measured_again_on_deals_of_its_own_gives_its_loss_and_standard_error():
    """tools/planted_blunders.py --fresh: the plant's loss from the view on deals that chose no plant,
    with the paired standard error that says how far to trust it."""
    from tools.planted_blunders import fresh_from_view
    spec, record, at = xuanwu_swap_thrown_away()
    state = spec.replay(dict(record, actions=record["actions"][:at]))
    normal = copy.deepcopy(bots_at(spec, record, at)[0]).choose(state.view(0), state.legal_actions(0))
    loss, se = fresh_from_view(spec, record, at, ("swap_own",), [normal], 24)
    assert 0.0 < se < 0.15
    assert loss - 2 * se >= INACCURACY, (loss, se)   # a blunder played out: plainly a named loss
    assert fresh_from_view(spec, record, at, ("swap_own",), [("swap_own",)], 24) is None   # nothing to compare

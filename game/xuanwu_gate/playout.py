"""How the players of a Xuanwu search's playouts act: each on what it has seen, never on the cards
the world holds and it has not seen.

A playout is a whole world, every card in it known to the program. Were its players to act on
those cards (vote battle exactly when their card wins), waiting would look better than it is to
the searching seat (its later self would always know), and the others would look sharper than
they are. So each player here knows only the cards it saw this deal (its own at the look, every
centre card it peeked; it follows the public swaps to where they are now) and judges its chance
to win by the cards it has not seen being anywhere else, as the normal level does (without its
weighing of the table's acts): it peeks at a centre card it has not seen, makes the swap that
gives it the best chance (in the scoring game: the most points on average), keeps on a tie, and votes battle when nearly sure to win (from round
LAST_ROUND on, always).
"""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import permutations
from typing import Optional

from game.core.actions import Action

from .beliefs import points
from .bots import LAST_ROUND, VOTE_BAR
from .state import LAYOUT, XuanwuState


def seen_cards(state: XuanwuState, seat: int) -> set[str]:
    """The cards `seat` has seen this deal: its own at the look and each centre card it peeked
    (cards are all different, so a seen card's place now is simply where it lies)."""
    cards, centre = list(state.cards), list(state.centre)
    seen = set()
    if state.phase == LAYOUT and state.peeked is not None and state.order[state.pos] == seat:
        seen.add(centre[state.peeked])
    for sw in reversed(state.swaps):  # back to the deal, noting what the seat peeked on the way
        t, j = sw["target"], sw["slot"]
        if t is not None:
            cards[t], centre[j] = centre[j], cards[t]
        if sw["seat"] == seat:
            seen.add(centre[j])
    seen.add(cards[seat])
    return seen


@lru_cache(maxsize=1 << 16)
def expected(own: Optional[str], c0: Optional[str], c1: Optional[str], unseen: tuple, scoring: bool) -> float:
    """Over the ways to fill the places not known (None) from the `unseen` cards: the chance that
    `own` wins with `c0` and `c1` at the gate, or (`scoring`) the points it scores on average."""
    holes = (own, c0, c1).count(None)
    total = got = 0
    for fill in permutations(unseen, holes):
        it = iter(fill)
        o = own if own is not None else next(it)
        a = c0 if c0 is not None else next(it)
        b = c1 if c1 is not None else next(it)
        pts = points(o, a, b)
        total += 1
        got += pts if scoring else pts > 0
    return got / total if total else 0.0


def knowing_policy(state: XuanwuState, seat: int, legal: list[Action], rng: random.Random,
                   vote_bar: float = VOTE_BAR) -> Action:
    """The action `seat` takes in a playout, from the cards it has seen (module docstring)."""
    kind = legal[0][0]
    if kind == "look":
        return legal[0]
    seen = seen_cards(state, seat)
    if kind == "peek":
        fresh = [a for a in legal if state.centre[a[1]] not in seen]
        pool = fresh or legal
        return pool[rng.randrange(len(pool))]
    unseen = tuple(sorted(c for c in state.deck if c not in seen))

    def chance(own: str, c0: str, c1: str, scoring: bool = False) -> float:
        return expected(own if own in seen else None, c0 if c0 in seen else None,
                        c1 if c1 in seen else None, unseen, scoring)
    if kind == "vote":
        if state.round >= LAST_ROUND:
            return ("vote", "battle")
        sure = chance(state.cards[seat], state.centre[0], state.centre[1]) >= vote_bar
        return ("vote", "battle" if sure else "wait")
    slot = state.peeked
    best, best_p = legal[0], -1.0
    for a in legal:  # keep comes first, so it wins ties
        t = seat if a[0] == "swap_own" else a[1] if a[0] == "swap" else None
        own, centre = state.cards[seat], list(state.centre)
        if t == seat:
            own, centre[slot] = centre[slot], own
        elif t is not None:
            centre[slot] = state.cards[t]
        p = chance(own, centre[0], centre[1], state.scoring)
        if p > best_p + 1e-9:
            best, best_p = a, p
    return best

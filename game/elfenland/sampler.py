"""A whole Elfenland state dealt from what one seat sees, for a searching bot.

Public facts (the board, boots, markers, face-up counters, counts of cards and counters, the
phase and whose turn) are copied from the view; the seat's own hand, secret counters and town
card are its own. What it cannot see is dealt at random from what is left: the other hands
(their sizes are public), the others' secret counters, the pile and the counters handed back,
the deck and the cards played or returned this round, and the others' town cards. The world's
dice are fresh. Nothing is read from a real state: the sampler gets the view only.
"""
from __future__ import annotations

import random

from .rules import tables
from .state import FINISH, ElfenlandState


def _take(pool: list, k: int) -> list:
    out, pool[:] = pool[:k], pool[k:]
    return out


def sample_world(view: dict, seat: int, rng: random.Random) -> ElfenlandState:
    T = tables()
    n = view["n_players"]
    players = view["players"]
    state = ElfenlandState(n, rng.getrandbits(32), dict(view["options"], start_player=view["start_player"]))
    # travel cards: everything but the seat's own hand, shuffled over the hidden places
    cards = [k for k in T.card_kinds for _ in range(T.travel_cards[k])]
    for c in view["hand"]:
        cards.remove(c)
    rng.shuffle(cards)
    state.hands = [dict.fromkeys(T.card_kinds, 0) for _ in range(n)]
    for s in range(n):
        for c in (view["hand"] if s == seat else _take(cards, players[s]["cards"])):
            state.hands[s][c] += 1
    state.discard = _take(cards, view["discard"])
    state.deck = cards
    # counters: everything not in sight, over the others' secrets, the pile and the handed back
    counters = [k for k in T.counter_kinds for _ in range(T.counters[k])]
    seen = [c for c in view["face_up"] if c] + list(view["counters"].values()) + list(view["secret_counters"])
    for p in players:
        seen += p["counters"]
    for c in seen:
        counters.remove(c)
    rng.shuffle(counters)
    state.up = [list(p["counters"]) for p in players]
    state.secret = [list(view["secret_counters"]) if s == seat else _take(counters, players[s]["secret_counters"])
                    for s in range(n)]
    state.pile = _take(counters, view["pile"])
    state.returned = counters
    state.face_up = list(view["face_up"])
    state.board_counters = {int(r): k for r, k in view["counters"].items()}
    state.board_obstacles = {int(r): s for r, s in view["obstacles"].items()}
    state.boots = [p["boot"] for p in players]
    state.visited = [list(p["visited"]) for p in players]
    state.obstacle_left = [p["obstacle"] for p in players]
    state.drawn = [p["drawn"] for p in players]
    state.moved = [p["moved"] for p in players]
    state.discard_left = [p["discard_left"] for p in players]
    state.keep_pending = [p["keep_pending"] for p in players]
    state.round, state.phase, state.start, state.turn = view["round"], view["phase"], view["start_player"], view["turn"]
    state.passes = view["passes_in_a_row"]
    # the move goes round from the start player: its place is the turn's distance from the start
    state.move_pos = (view["turn"] - view["start_player"]) % n if view["turn"] is not None else 0
    state.last_move = dict(view["last_move"], payment=tuple(view["last_move"]["payment"])) if view["last_move"] else None
    if state.destinations is not None:
        towns = [t for t in T.town_cards if t != view["destination"]]
        rng.shuffle(towns)
        state.destinations = [view["destination"] if s == seat else towns.pop() for s in range(n)]
    state.result = dict(view["result"]) if view["result"] else None
    state.setup_events = []
    state._legal = {}
    if state.phase == FINISH:
        state.turn = view["turn"]
    return state

"""A whole Xuanwu state dealt from what one seat knows, for the hard level's search.

The public part (phase, rounds, who swapped, the layout order, scores, past battles) is copied
from the view; the cards come from one placement drawn from the seat's beliefs (the cards it saw
where its memory puts them, the others weighed by what the table did, beliefs.py). Votes the
others have cast this round are hidden: each is drawn as a player voting on its own card would.
The world's own dice are fresh, so the deals after a battle are not the real ones. Nothing is
read from a real state: the sampler gets the view and the seat's memory only.
"""
from __future__ import annotations

import random
from typing import Optional

from .beliefs import BATTLE_GOOD, Memory, wins, worlds
from .state import LAYOUT, LOOK, XuanwuState

SAMPLES = 48


def sample_world(view: dict, memory: Memory, rng: random.Random, samples: int = SAMPLES,
                 weighed: Optional[list] = None) -> XuanwuState:
    """A full state consistent with `view` and with what `memory` saw (`memory` is brought up to
    date); `weighed`: the placements and weights beliefs.worlds gave for this view, if at hand."""
    memory.observe(view)
    seat = memory.seat
    ws = weighed if weighed is not None else worlds(view, memory, rng, samples)
    pick = rng.random()
    world = ws[-1][0]
    for w, p in ws:
        pick -= p
        if pick <= 0:
            world = w
            break
    n = view["n_players"]
    options = {"variant": view["variant"], "memory_aid": view["memory_aid"], "start_player": view["start_player"]}
    if view["target"] is not None:
        options["target"] = view["target"]
    state = XuanwuState(n, rng.getrandbits(32), options)
    state.deck = list(view["deck"])
    state.cards = [world[("seat", s)] for s in range(n)]
    state.centre = [world[("centre", 0)], world[("centre", 1)]]
    players = view["players"]
    state.deal_no = view["deal"]
    state.round = view["round"]
    state.start = view["start_player"]
    state.phase = view["phase"]
    state.scores = list(view["scores"])
    state.eliminated = [p["eliminated"] for p in players]
    state.looked = [p["looked"] for p in players]
    state.swapped = [p["swapped"] for p in players]
    state.skip_layout = {p["seat"] for p in players if p["skips_layout"]}
    state.swaps = [dict(x) for x in view["swaps"]]
    state.last_votes = dict(view["last_votes"]) if view["last_votes"] else None
    state.last_battle = dict(view["last_battle"]) if view["last_battle"] else None
    state.final_winners = list(view["winners"])
    state.order = list(view["layout_order"])
    if view["active"] is not None:
        state.pos = state.order.index(view["active"])
    else:  # before the layout (the look) it has not begun; after it (the vote) it is over
        state.pos = 0 if state.phase == LOOK else len(state.order)
    state.peeked = view["peeking_slot"] if state.phase == LAYOUT else None
    centre = state.centre
    state.votes = {}
    for p in players:
        s = p["seat"]
        if not p["voted"]:
            continue
        if s == seat:
            state.votes[s] = view["my_vote"]
        else:
            good = wins(state.cards[s], centre)
            state.votes[s] = "battle" if rng.random() < (BATTLE_GOOD if good else 1 - BATTLE_GOOD) else "wait"
    state.memory = [[] for _ in range(n)]
    state.memory_aid = False  # the world's own memory aid would only repeat the seat's memory
    state.setup_events = []
    return state

"""Deal the hidden part of a European Union world for one seat, from what that seat has seen.

A search bot plays its moves out in whole worlds, but a seat sees only its view: the others'
influence, the secret bids and votes not yet revealed, and the order of the bill and MEP decks
are behind screens. `sample_world(view, seat, rng)` builds a full `EUState` whose `view(seat)` is
the seat's view, filling in only what it cannot see:

* every other party's influence from the seat's ledger (estimate.Ledger: revealed bids, states
  taken, round gains; exact at a table without gifts), or from the view alone without one;
* the bids of those who have bid but not been revealed, drawn from what each was seen to bid
  (never more than it has), and the secret votes already cast, each party's likely vote;
* the bill deck from the bills the seat has not seen, the MEP deck from the seats not drawn;
* a fresh random generator for the shuffles still to come.

It reads nothing but the view, the ledger and the public card data: the state it returns is
built from scratch, never copied from the real one.
"""
from __future__ import annotations

import random
from typing import Optional

from . import data as cards
from .estimate import Ledger, gain
from .state import EUState, KEEP_SECONDS

UNSEEN_YES = 0.85   # chance a party's secret vote (cast, not yet revealed) is for a bill that pays it


def _options(view: dict) -> dict:
    keep = next(k for k, v in KEEP_SECONDS.items() if v == view["keep_seconds"])
    return {"variant": view["variant"], "qualified_majority": view["qualified_majority"],
            "keep_limit": keep, "start_player": view["chair"]}


def sample_world(view: dict, seat: int, rng: random.Random, ledger: Optional[Ledger] = None) -> EUState:
    """A full state consistent with `view` (seat `seat`'s), its hidden part drawn with `rng`."""
    ledger = ledger or Ledger()
    d = cards.load()
    n = view["n_players"]
    state = EUState(n, rng.randrange(2**31), _options(view))
    state.rng = random.Random(rng.randrange(2**31))
    state.parties = [p["party"] for p in view["players"]]
    state.chair = view["chair"]
    state.round, state.stage, state.phase = view["round"], view["stage"], view["phase"]
    state.tracks = dict(view["tracks"])
    state.history = [{"round": h["round"], "bills": [dict(b) for b in h["bills"]],
                      "gains": {k: dict(v) for k, v in h["gains"].items()}, "moves": dict(h["moves"]),
                      "tracks": dict(h["tracks"])} for h in view["history"]]
    state.final, state.final_winners = None, []
    state.last_bids = dict(view["last_bids"]) if view["last_bids"] else None
    state.last_votes = dict(view["last_votes"]) if view["last_votes"] else None
    state.last_result = dict(view["last_result"]) if view["last_result"] else None
    state.giving = (view["giving"]["from_seat"], view["giving"]["to_seat"]) if view["giving"] else None
    state.threshold, state.majority = view["threshold"], view["majority"]
    state.states = [list(p["states"]) for p in view["players"]]
    state.meps = [p["mep"] for p in view["players"]]
    state.cards_left = list(view["cards_left"])
    state.drawn = list(view["drawn_bills"])
    state.agenda = list(view["agenda"])
    state.council_results = dict(view["council_results"])
    state.parliament_results = dict(view["parliament_results"])
    _place_agenda(state, view)
    _place_auction(state, view)
    influence = [int(x) for x in ledger.influence(view)]
    influence[seat] = view["my_influence"]
    state.influence = influence
    _deal_secrets(state, view, seat, ledger, rng)
    _deal_decks(state, view, ledger, rng, d)
    state.actions, state.setup_events = [], []
    return state


def _place_agenda(state: EUState, view: dict) -> None:
    """Where the stage stands on its agenda: the bill under discussion, the bills voted."""
    if view["current_bill"] is not None:
        state.bill_pos = state.agenda.index(view["current_bill"])
    else:   # the parliament's auction follows the council's agenda, all voted
        state.bill_pos = len(state.agenda) if view["stage"] == "parliament" else 0
    state.voted_bills = list(state.agenda) if view["stage"] == "council" else list(state.council_results)


def _place_auction(state: EUState, view: dict) -> None:
    """The bid order and the ties the chair still orders, from the revealed bids."""
    n = view["n_players"]
    state.order = list(view["bid_order"])
    state.tie_groups = [list(view["tied"])] if view["tied"] else []
    state._groups, state._group_pos = [], 0
    if view["phase"] == "order":
        bids = {int(s): b for s, b in view["last_bids"].items()}
        levels = sorted(set(bids.values()), reverse=True)
        groups = [[s for s in range(n) if bids[s] == v] for v in levels]
        pos = next(i for i, g in enumerate(groups) if set(view["tied"]) <= set(g))
        groups[pos] = list(view["tied"])
        state._groups, state._group_pos = groups, pos
    if view["phase"] == "draft":
        full = len(cards.states_for_round(view["round"])) if view["stage"] == "council" else n
        state.pick = full - len(view["cards_left"])
    else:
        state.pick = 0


def _deal_secrets(state: EUState, view: dict, seat: int, ledger: Ledger, rng: random.Random) -> None:
    """Bids and votes cast but not revealed: the seat's own as they are, the others' likely ones."""
    state.bids, state.votes = {}, {}
    for p in view["players"]:
        s = p["seat"]
        if view["phase"] == "bid" and p["has_bid"]:
            if s == seat:
                state.bids[s] = view["my_bid"]
            else:
                seen = ledger.bids_of(s, view["stage"])
                guess = seen[rng.randrange(len(seen))] if seen else rng.randint(0, state.influence[s])
                state.bids[s] = min(guess, state.influence[s])
        if view["phase"] == "vote" and p["has_voted"]:
            if s == seat:
                state.votes[s] = view["my_vote"]
            else:
                bill, party = view["current_bill"], p["party"]
                n = len(view["players"])
                g = gain(party, bill, True, view["tracks"], n) - gain(party, bill, False, view["tracks"], n)
                likely = UNSEEN_YES if g > 0 else 1 - UNSEEN_YES if g < 0 else 0.5
                state.votes[s] = "yes" if rng.random() < likely else "no"
    if state.giving is not None:   # a bid already made stays in the hand: the giver keeps enough
        a = state.giving[0]
        state.influence[a] = max(state.influence[a], state.bids.get(a, 0))


def _deal_decks(state: EUState, view: dict, ledger: Ledger, rng: random.Random, d: dict) -> None:
    """The bill deck from the bills never seen; the MEP deck from the seats not drawn."""
    seen = set(view["drawn_bills"]) | set(view["agenda"]) | ledger.bills_seen
    for h in view["history"]:
        seen.update(x["bill"] for x in h["bills"])
    unseen = [b["id"] for b in d["bills"] if b["id"] not in seen]
    rng.shuffle(unseen)
    state.bill_deck = unseen[:view["bills_left"]]
    drawn = set(view["cards_left"]) | {p["mep"] for p in view["players"] if p["mep"]}
    state.mep_deck = [m["id"] for m in d["meps"] if m["id"] not in drawn] if view["stage"] == "parliament" else []
    rng.shuffle(state.mep_deck)

"""What one seat can work out about the others in European Union from what it has seen.

Influence is behind each party's screen, but nearly all of it passes in public: everyone starts
with the same amount, every auction's bids are revealed, every member state taken shows its
influence and every round's gains are in the history. A `Ledger` remembers the views a seat was
shown (its bot's views) and adds these up; gifts name no amount, so they are the one thing it
cannot count. With no memory at all (a single view) it falls back on what that view shows.
Used by the bots and by the sampler that deals the hidden part of the world for a search.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Optional

from . import data as cards


def auction_key(view: dict) -> Optional[tuple[int, str]]:
    """The (round, stage) of the auction whose bids `view["last_bids"]` shows, or None."""
    if not view.get("last_bids"):
        return None
    rnd, stage, phase = view["round"], view["stage"], view["phase"]
    if phase == "over":
        return (3, "parliament" if view["variant"] == "full" else "council")
    if phase != "bid":
        return (rnd, stage)
    if stage == "parliament":
        return (rnd, "council")
    return (rnd - 1, "parliament" if view["variant"] == "full" else "council")


class Ledger:
    """A seat's running count of every party's influence, from the views it has been shown."""

    def __init__(self) -> None:
        self.bids: dict[tuple[int, str], dict[int, int]] = {}    # (round, stage) -> seat -> bid
        self.states: dict[int, list[list[str]]] = {}              # round -> each seat's states
        self.bills_seen: set[str] = set()                          # every bill drawn before its eyes

    def see(self, view: dict) -> None:
        key = auction_key(view)
        if key is not None:
            self.bids[key] = {int(s): b for s, b in view["last_bids"].items()}
        self.bills_seen.update(view["drawn_bills"])
        if view["phase"] != "over" and view["round"] >= 1:
            now = [list(p["states"]) for p in view["players"]]
            old = self.states.get(view["round"])
            if old is None or sum(map(len, now)) >= sum(map(len, old)):
                self.states[view["round"]] = now

    def bids_of(self, seat: int, stage: str) -> list[int]:
        """Every bid `seat` was seen to make in auctions of `stage`, oldest first."""
        return [b[seat] for k, b in sorted(self.bids.items()) if k[1] == stage and seat in b]

    def influence(self, view: dict) -> list[float]:
        """Each seat's influence as far as it can be counted: the seat's own is exact."""
        d = cards.load()
        n = view["n_players"]
        est = [float(d["start_influence"])] * n
        for h in view["history"]:
            for s in range(n):
                est[s] += h["gains"][str(s)]["change"]
        rounds = dict(self.states)
        rounds[view["round"]] = [list(p["states"]) for p in view["players"]]
        for held in rounds.values():
            for s in range(n):
                est[s] += sum(d["state_by_id"][c]["influence"] for c in held[s])
        bids = dict(self.bids)
        key = auction_key(view)
        if key is not None:
            bids[key] = {int(s): b for s, b in view["last_bids"].items()}
        for b in bids.values():
            for s, amount in b.items():
                est[s] -= amount
        est = [max(0.0, e) for e in est]
        if view["seat"] is not None and view.get("my_influence") is not None:
            est[view["seat"]] = float(view["my_influence"])
        return est


def gain(party: str, bill: str, passed: bool, tracks: dict, players: int) -> int:
    """What a party's influence changes by if `bill` passes (or fails) at a table of `players`: its
    stars, its ability and, for a pass, the end bonus of the step the bill moves its bordered policy."""
    change = cards.ability_change(party, bill, passed, players)
    if passed:
        border = cards.load()["bill_by_id"][bill]["border"]
        pos = tracks[border]
        change += cards.pay(bill, party)
        change += cards.track_bonus(party, border, pos + 1) - cards.track_bonus(party, border, pos)
    return change


@lru_cache(maxsize=None)   # fixed by the data: a search's rollouts weigh many votes
def swing_at(party: str, bill: str, position: int, players: int) -> int:
    """gain(passed) - gain(failed) with the bill's bordered policy at `position` (the one track it reads)."""
    border = cards.load()["bill_by_id"][bill]["border"]
    tracks = {border: position}
    return gain(party, bill, True, tracks, players) - gain(party, bill, False, tracks, players)


def swing(party: str, bill: str, tracks: dict, players: int) -> int:
    """What passing `bill` rather than failing it changes a party's influence by."""
    return swing_at(party, bill, tracks[cards.load()["bill_by_id"][bill]["border"]], players)


def standing(view: dict, influence: list[float]) -> list[float]:
    """Influence plus the end bonuses the tracks already promise: where each party stands."""
    return [influence[s] + sum(cards.track_bonus(p["party"], k, view["tracks"][k]) for k in cards.POLICIES)
            for s, p in enumerate(view["players"])]

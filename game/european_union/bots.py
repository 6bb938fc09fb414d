"""Computer opponents for European Union 歐盟議會.

`normal` plays for the win, not for its own gain alone. It knows every party card (they lie
face up) and the public card data, and keeps a ledger of what it has seen (estimate.Ledger:
revealed bids, states taken, round gains) to count the others' influence. From there:

* a bill is worth, to each party, what passing it rather than failing it changes (stars,
  ability, one step of the end bonus); to `normal` it is worth its own gain less part of the
  leader's (the strongest other party by the count), more of it the further the leader is ahead;
* it votes for a bill exactly when that relative gain is positive (one bill, one secret vote:
  voting one's preference is the best a single vote can do);
* as chair it keeps the five bills whose expected relative gain is best, each weighed by the
  chance it passes, read from the parties' likely votes and their voting power;
* it bids by what first place is worth to it: for the council, the chair's choice of five bills
  and the draft's first picks; for the parliament, the voting power on the bills still to vote.
  All bids are paid, so it weighs each amount against the others' bids it has seen (an unknown
  bidder is taken to bid anything it may have) and bids what pays best, often nothing;
* it drafts member states for influence, and for power only where a vote hangs on it (the power
  that lets it block a qualified majority); MEP seats (power alone) by power.

Gifts (the designer's ruling on deals): no bot ever opens one (only the table can), and a bot
asked how much to give gives nothing: a vote is secret and nothing binds the receiver, so a gift
cannot buy one. Influence given to a bot is simply its own. Its "call the vote at once" is the
engine's side of it: at a table with people, the scene holds a bot chair until every person has
said "ready to vote" or the discussion's countdown ends (scenes/european_union/table.py).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Optional

from game.core.actions import Action
from game.core.bots import Bot, RandomBot

from . import data as cards
from .estimate import Ledger, gain, standing

NO_GIFT = ("gift", 0)
LEADER_WEIGHT = 0.5      # of the leader's gain set against one's own, when level
LEADER_AHEAD = 0.05      # more of it per point the leader is ahead (up to 1)
POWER_WEIGHT = 0.15      # a state's voting power against its influence, in the draft
BLOCK_BONUS = 2.0        # a state that gives a blocking minority of the council
SAMPLES = 40             # the others' bids drawn to weigh each bid
YES_SURE = 0.85          # chance a party votes for a bill that pays it (against: 1 - this)


class EasyBot(RandomBot):
    """`easy`: any legal action, uniformly, except that it never gives influence away."""

    def choose(self, view: dict, legal: list[Action]) -> Action:
        if legal and legal[0][0] == "gift":
            return NO_GIFT
        return super().choose(view, legal)


class NormalBot(Bot):
    level = "normal"

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self.ledger = Ledger()

    # -- reading the table -------------------------------------------------------
    def _parties(self, view: dict) -> list[str]:
        return [p["party"] for p in view["players"]]

    def gains(self, view: dict, bill: str) -> list[int]:
        """Per seat: influence gained if `bill` passes rather than fails."""
        parties = self._parties(view)
        n = len(parties)
        return [gain(p, bill, True, view["tracks"], n) - gain(p, bill, False, view["tracks"], n) for p in parties]

    def bill_value(self, view: dict, bill: str) -> int:
        """Influence this seat gains if `bill` passes rather than fails."""
        return self.gains(view, bill)[self.seat]

    def leader(self, view: dict) -> tuple[int, float]:
        """The strongest other party by the count, and how far ahead of this seat it stands."""
        stand = standing(view, self.ledger.influence(view))
        others = [s for s in range(view["n_players"]) if s != self.seat]
        lead = max(others, key=lambda s: (stand[s], -s))
        return lead, stand[lead] - stand[self.seat]

    def relative(self, view: dict, bill: str, lead: Optional[tuple[int, float]] = None) -> float:
        """What passing `bill` is worth to this seat against the leader."""
        s, ahead = lead or self.leader(view)
        g = self.gains(view, bill)
        weight = leader_weight(ahead)
        return g[self.seat] - weight * g[s]

    def pass_chance(self, view: dict, bill: str, mine: bool, power: Optional[list[int]] = None) -> float:
        """The chance `bill` passes the council (and the parliament, in the full game) when this
        seat votes `mine`, each other party voting its own gain with chance YES_SURE."""
        n = view["n_players"]
        g = self.gains(view, bill)
        p_yes = [1.0 if mine else 0.0 if s == self.seat else
                 (YES_SURE if g[s] > 0 else 1 - YES_SURE if g[s] < 0 else 0.5) for s in range(n)]
        if power is None:
            power = [p["state_power"] for p in view["players"]]
        if cards.load()["bill_by_id"][bill]["method"] == cards.UNANIMITY:
            council = 1.0
            for p in p_yes:
                council *= p
        elif sum(power) == 0:   # before the draft: a majority of the table
            council = _at_least(p_yes, [1] * n, n // 2 + 1)
        else:
            council = _at_least(p_yes, power, view["threshold"])
        if view["variant"] == "intro":
            return council
        return council * _at_least(p_yes, [1] * n, n // 2 + 1)

    # -- decisions -------------------------------------------------------------
    def observe(self, view: dict) -> None:
        self.ledger.see(view)

    def choose(self, view: dict, legal: list[Action]) -> Action:
        self.ledger.see(view)
        kind = legal[0][0]
        if kind == "gift":   # asked how much to give: nothing for nothing
            return NO_GIFT
        if kind == "bid":
            return self._bid(view, legal)
        if kind == "take":
            return self._take(view, legal)
        if kind == "keep_bills":
            return self._keep(view, legal)
        if kind == "vote":
            return ("vote", "yes" if self.relative(view, view["current_bill"]) > 0 else "no")
        if kind == "first":  # itself first, the leader last
            lead = self.leader(view)[0]
            return min(legal, key=lambda a: (a[1] != self.seat, a[1] == lead, a[1]))
        return legal[0]  # call_vote: at once

    def keep_value(self, view: dict, bill: str, lead: tuple[int, float],
                   power: Optional[list[int]] = None) -> float:
        """Expected relative gain of putting `bill` to the vote rather than leaving it out."""
        s, ahead = lead
        weight = leader_weight(ahead)
        parties = self._parties(view)
        rel = self.relative(view, bill, lead)
        p = self.pass_chance(view, bill, rel > 0, power)

        def outcome(passed: bool) -> float:
            return (gain(parties[self.seat], bill, passed, view["tracks"], len(parties))
                    - weight * gain(parties[s], bill, passed, view["tracks"], len(parties)))
        return p * outcome(True) + (1 - p) * outcome(False)

    def _keep(self, view: dict, legal: list[Action]) -> Action:
        lead = self.leader(view)
        value = {b: self.keep_value(view, b, lead) for b in view["drawn_bills"]}
        return max(legal, key=lambda a: (sum(value[b] for b in a[1]), a[1]))

    # -- auctions ----------------------------------------------------------------
    def _bid(self, view: dict, legal: list[Action]) -> Action:
        have = view["my_influence"]
        n = view["n_players"]
        if view["stage"] == "council":
            picks, chair = self._council_stakes(view)
        else:
            picks, chair = self._parliament_stakes(view)
        influence = self.ledger.influence(view)
        others = [s for s in range(n) if s != self.seat]
        history = {s: self.ledger.bids_of(s, view["stage"]) for s in others}
        draws = []
        for _ in range(SAMPLES):
            row = []
            for s in others:
                seen = history[s]
                if seen and self.rng.random() < len(seen) / (len(seen) + 1):
                    row.append(min(seen[self.rng.randrange(len(seen))], int(influence[s])))
                else:   # never seen bidding: anything it may have
                    row.append(self.rng.randint(0, max(0, int(influence[s]))))
            draws.append(row)
        i_chair = view["chair"] == self.seat

        def worth(bid: int) -> float:
            total = 0.0
            for row in draws:
                above = sum(b > bid for b in row)
                tied = sum(b == bid for b in row)
                rank = above if i_chair else above + tied / 2
                k = min(int(rank), len(picks) - 1)
                total += picks[k] + (chair if rank < 0.5 else 0.0)
            return total / len(draws) - bid

        best = max(range(have + 1), key=lambda b: (round(worth(b), 6), -b))
        return ("bid", best)

    def _council_stakes(self, view: dict) -> tuple[list[float], float]:
        """What each place in the bid order is worth in states taken, and the chair's choice."""
        d = cards.load()
        n = view["n_players"]
        ranked = sorted((self._state_worth(view, c, [0] * n) for c in view["cards_left"]), reverse=True)
        picks = [sum(ranked[k::n]) for k in range(n)]
        # The chair keeps the best 5 of 7 for itself; another keeps what suits it, to this seat
        # about an average five. Weighed over the bills not yet seen.
        lead = self.leader(view)
        pool = [b["id"] for b in d["bills"] if b["id"] not in self._seen_bills(view)]
        values = sorted((self.keep_value(view, b, lead) for b in pool), reverse=True)
        if len(values) < d["bills_drawn"]:
            return picks, 0.0
        chair = 0.0
        for _ in range(8):
            drawn = sorted(self.rng.sample(values, d["bills_drawn"]), reverse=True)
            kept = d["bills_kept"]
            chair += sum(drawn[:kept]) - sum(drawn) * kept / len(drawn)
        return picks, chair / 8

    def _parliament_stakes(self, view: dict) -> tuple[list[float], float]:
        """What each MEP seat is worth: its share of the swing on the bills still to vote."""
        d = cards.load()
        lead = self.leader(view)
        stakes = sum(abs(self.relative(view, b, lead)) for b, ok in view["council_results"].items() if ok)
        powers = sorted((d["mep_by_id"][m]["power"] for m in view["cards_left"]), reverse=True)
        total = sum(powers) or 1
        mean = total / len(powers)
        return [stakes * (p - mean) / total for p in powers], 0.0

    def _seen_bills(self, view: dict) -> set[str]:
        seen = set(view["drawn_bills"]) | set(view["agenda"])
        for h in view["history"]:
            seen.update(x["bill"] for x in h["bills"])
        return seen

    # -- drafts ------------------------------------------------------------------
    def _state_worth(self, view: dict, card: str, power: list[int]) -> float:
        """A member state's influence, plus its voting power where a vote may hang on it."""
        st = cards.load()["state_by_id"][card]
        worth = st["influence"] + POWER_WEIGHT * st["power"]
        return worth + block_bonus(power[self.seat], st["power"], view["round"], view["threshold"])

    def _take(self, view: dict, legal: list[Action]) -> Action:
        d = cards.load()
        if view["stage"] == "council":
            power = [p["state_power"] for p in view["players"]]
            return max(legal, key=lambda a: (self._state_worth(view, a[1], power),
                                             d["state_by_id"][a[1]]["power"], a[1]))
        return max(legal, key=lambda a: (d["mep_by_id"][a[1]]["power"], a[1]))


def leader_weight(ahead: float) -> float:
    """How much of the leader's gain a seat sets against its own, the leader `ahead` points ahead."""
    return min(1.0, max(0.0, LEADER_WEIGHT + LEADER_AHEAD * ahead))


@lru_cache(maxsize=None)
def _round_power(rnd: int) -> int:
    d = cards.load()
    return sum(d["state_by_id"][c]["power"] for c in cards.states_for_round(rnd))


def block_bonus(mine: int, power: int, rnd: int, threshold: int) -> float:
    """BLOCK_BONUS for a state of `power` that lifts a seat holding `mine` to a blocking minority
    of round `rnd`'s council (enough to stop a qualified majority alone), else nothing."""
    block = _round_power(rnd) - threshold + 1
    return BLOCK_BONUS if mine < block <= mine + power else 0.0


def _at_least(p_yes: list[float], weights: list[int], needed: int) -> float:
    """The chance that the yes-voters' weights add up to `needed` or more (votes independent)."""
    dist = {0: 1.0}
    for p, w in zip(p_yes, weights):
        nxt: dict[int, float] = {}
        for total, q in dist.items():
            if p > 0:
                nxt[total + w] = nxt.get(total + w, 0.0) + q * p
            if p < 1:
                nxt[total] = nxt.get(total, 0.0) + q * (1 - p)
        dist = nxt
    return sum(q for total, q in dist.items() if total >= needed)

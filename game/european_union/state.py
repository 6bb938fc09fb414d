"""Rules of European Union 歐盟議會 (rules/european_union.zh-TW.txt), 3-7 players.

Three rounds, each of three stages:

* COUNCIL (歐盟理事會): secret simultaneous bids of influence; in bid order
  (ties put in order by the chair) players take the round's member states one
  at a time until all are taken, gaining each card's influence; all bids go
  to the bank; the highest bidder becomes chair; the chair draws 7 bills and
  keeps 5; each bill is discussed until the chair calls the vote, then
  everyone votes at once: unanimity (every player yes) or qualified majority
  (the yes-voters' state power reaches the round's threshold).
* PARLIAMENT (歐洲議會, full game only): as many MEP seat cards as players are
  drawn, bid for and drafted (one each); a new chair; majority = total x 50 %
  + 1, fractions dropped; every bill that passed the council is voted again.
* SCORING (回合結算): each passed bill pays every party the sum of bill stars
  x party stars; each party's ability counts every voted bill, passed or not;
  each passed bill moves its bordered policy one step. A round's change never
  takes a party below 0 influence (the bank does not lend).

After round 3 each party gains its track bonuses, the ending cards are read
and the most influence wins; ties share the win.

Actions (tuples; JSON lists in records)
---------------------------------------
seat actions (only seats in ``to_act()``):

* ``("bid", n)``                 secret bid, 0..own influence (phase "bid"; all bid at once)
* ``("first", s)``               chair only: of the tied bidders still unordered, s goes first (phase "order")
* ``("take", card_id)``          take a member state / MEP seat card (phase "draft")
* ``("keep_bills", (5 ids))``    chair: the 5 bills kept of the 7 drawn, ids sorted (phase "keep")
* ``("call_vote",)``             chair ends the discussion of the current bill (phase "discuss");
                                 the 3-minute countdown is the scene's business
* ``("vote", "yes"|"no")``       secret vote, everyone at once (phase "vote")
* ``("gift", k)``                the giver of an open gift: hand k influence over, 0..min(what
                                 it has free, 20); 0 gives nothing (a bid already made stays in the hand)

table action (seat None), legal whenever the game is not over and no gift is open:

* ``("give", from_seat, to_seat)``  a deal: from_seat is to hand influence to to_seat. The table's
  list names no amount (how much a seat has is behind its screen); while the gift is open,
  ``to_act()`` is ``[from_seat]`` alone and its own legal actions are the amounts it can give.

View (``view(seat)``; seat None = public)
-----------------------------------------
``game, seat, n_players, variant, qualified_majority, round, stage ("council",
"parliament", "over"), phase ("bid", "order", "draft", "keep", "discuss",
"vote", "over"), chair, to_act``;
``players``: per seat ``{seat, party, influence (own exact, others None until
the game is over), states [ids], state_power, mep (id or None), mep_power,
has_bid, has_voted}``;
``my_influence, my_bid, my_vote`` (None for others / the public);
``my_free_influence`` (what this seat holds free: its influence less a bid already made, which stays
in the hand) and ``may_give`` (the most it may hand over in a gift now: that, at most 20; 0 once the
game is over), both None for the public;
``giving`` ({from_seat, to_seat} while a gift is open, else None), ``keep_seconds`` (the chair's
time to keep 5 of 7 bills, option ``keep_limit``: 60 or None; the clock is the scene's business);
``cards_left`` (state or MEP ids still to take), ``bid_order`` (seats, once
known), ``tied`` (seats the chair must still order), ``last_bids`` ({seat:
bid} of the last revealed auction), ``drawn_bills`` (7 ids while the chair
keeps), ``agenda`` (bill ids of the stage being voted), ``current_bill``,
``council_results`` / ``parliament_results`` ({bill: bool}), ``threshold``
(council QMV of the round), ``total_power``, ``majority`` (parliament),
``last_votes`` ({seat: "yes"/"no"}), ``last_result``, ``tracks`` ({policy:
position}), ``bills_left``, ``history`` (per finished round:
bills with their results and each seat's gains), ``final`` (at the end:
influence before bonuses, bonuses, ending card ids), ``winners``.
Dict keys that are seats are strings (JSON).

Events: ``{"type", "seats" (None = everyone), "reveal" when hidden information
or chance is shown, ...}``; types: round, bid_cast, my_bid, bids, first,
bid_order, take, chair, bills_drawn, bills_kept, discussion, call_vote,
vote_cast, my_vote, votes, parliament, scoring, giving, give, gift_none, final_bonus,
ending, game_over.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Optional

from game.core.actions import Action
from game.core.clone import SnapshotRandom, planned_clone
from game.core.state import Event, GameState, Seat

from . import INTRO_MAX_PLAYERS
from . import data as cards

COUNCIL, PARLIAMENT = "council", "parliament"
BID, ORDER, DRAFT, KEEP, DISCUSS, VOTE, OVER = "bid", "order", "draft", "keep", "discuss", "vote", "over"
YES, NO = "yes", "no"
VOTE_YES, VOTE_NO = ("vote", YES), ("vote", NO)
MAX_GIFT = 20


@lru_cache(maxsize=None)
def _amounts(kind: str, most: int) -> tuple[Action, ...]:
    """(kind, 0) .. (kind, most), made once: a search asks for the bids at every step."""
    return tuple((kind, k) for k in range(most + 1))


@lru_cache(maxsize=4096)
def _keeps(drawn: tuple[str, ...], kept: int) -> tuple[Action, ...]:
    """The chair's choices of `kept` bills of those drawn (ids sorted), in combinations' order,
    made once per draw: a search's playouts meet the same draws again."""
    return tuple(("keep_bills", tuple(sorted(k))) for k in combinations(drawn, kept))


KEEP_SECONDS = {"one_minute": 60, "none": None}   # option keep_limit: the rulebook's one minute, or none
# How clone() copies the fields (game/core/clone.py's planned_clone): containers of values, lists of
# them, and the ones only ever replaced whole (shared). The past rounds' summaries are never changed
# once made: the history list is copied, its entries shared.
CLONE_FLAT = ("parties", "influence", "bill_deck", "tracks", "history", "final_winners", "meps", "drawn",
              "agenda", "council_results", "parliament_results", "voted_bills", "cards_left", "bids", "order",
              "votes", "mep_deck")
CLONE_NESTED = ("states", "tie_groups", "_groups")
CLONE_REPLACED = ("options", "last_bids", "last_votes", "last_result", "final")


class EUState(GameState):
    key = "european_union"

    def __init__(self, n_players: int, seed: int, options: dict) -> None:
        super().__init__(n_players, seed, options)
        self.rng = SnapshotRandom(seed)  # the same draws; cheaper to clone (game/core/clone.py)
        n = n_players
        d = cards.load()
        self.variant = options.get("variant", "full")
        if self.variant not in ("full", "intro"):
            raise ValueError(f"variant must be 'full' or 'intro', not {self.variant!r}")
        if self.variant == "intro" and n > INTRO_MAX_PLAYERS:
            raise ValueError(f"the intro variant is for 3-{INTRO_MAX_PLAYERS} players, not {n}")
        if str(n) not in d["parties_by_players"]:
            raise ValueError(f"European Union takes 3-7 players, not {n}")
        self.qm_rule = options.get("qualified_majority", "rulebook")
        if self.qm_rule not in d["qualified_majority"]:
            raise ValueError(f"qualified_majority must be one of {sorted(d['qualified_majority'])}")
        self.keep_limit = options.get("keep_limit", "one_minute")
        if self.keep_limit not in KEEP_SECONDS:
            raise ValueError(f"keep_limit must be one of {sorted(KEEP_SECONDS)}")
        self.giving: Optional[tuple[int, int]] = None   # (from, to) while a gift is open
        start = options.get("start_player", "random")
        parties = list(d["parties_by_players"][str(n)])
        self.rng.shuffle(parties)
        self.parties = parties
        if start == "random":
            start = self.rng.randrange(n)
        elif not (isinstance(start, int) and not isinstance(start, bool) and 0 <= start < n):
            raise ValueError(f"start player must be 'random' or a seat from 0 to {n - 1}")
        self.chair = start
        self.influence = [d["start_influence"]] * n
        self.bill_deck = [b["id"] for b in d["bills"]]
        self.rng.shuffle(self.bill_deck)
        self.tracks = {p: 0 for p in cards.POLICIES}
        self.round = 0
        self.history: list[dict] = []
        self.final: Optional[dict] = None
        self.final_winners: list[int] = []
        self.last_bids: Optional[dict] = None
        self.last_votes: Optional[dict] = None
        self.last_result: Optional[dict] = None
        self.setup_events = [{"type": "setup", "parties": list(parties), "chair": start,
                              "influence": d["start_influence"], "variant": self.variant,
                              "seats": None, "reveal": True}]
        self.setup_events += self._start_round()

    # -- stages ------------------------------------------------------------
    def _start_round(self) -> list[Event]:
        n = self.n_players
        self.round += 1
        self.stage = COUNCIL
        self.states: list[list[str]] = [[] for _ in range(n)]
        self.meps: list[Optional[str]] = [None] * n
        self.drawn: list[str] = []
        self.agenda: list[str] = []
        self.bill_pos = 0
        self.council_results: dict[str, bool] = {}
        self.parliament_results: dict[str, bool] = {}
        self.voted_bills: list[str] = []
        self.majority: Optional[int] = None
        self.threshold = cards.qualified_majority(self.qm_rule, self.round)
        cards_up = cards.states_for_round(self.round)
        events: list[Event] = [{"type": "round", "round": self.round, "chair": self.chair,
                                "states": list(cards_up), "threshold": self.threshold, "seats": None}]
        self._start_auction(cards_up)
        return events

    def _start_auction(self, up: list[str]) -> None:
        self.phase = BID
        self.cards_left = list(up)
        self.bids: dict[int, int] = {}
        self.order: list[int] = []
        self.tie_groups: list[list[int]] = []
        self.pick = 0
        self.votes: dict[int, str] = {}
        self._groups: list[list[int]] = []
        self._group_pos = 0

    def _start_parliament(self) -> list[Event]:
        self.stage = PARLIAMENT
        deck = [m["id"] for m in cards.load()["meps"]]
        self.rng.shuffle(deck)  # the MEP cards are shuffled back every round
        drawn = sorted(deck[:self.n_players], key=lambda m: (-cards.load()["mep_by_id"][m]["power"], m))
        self.mep_deck = deck[self.n_players:]
        self._start_auction(drawn)
        return [{"type": "parliament", "round": self.round, "meps": list(drawn), "seats": None, "reveal": True}]

    # -- the contract ------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.giving is not None:
            return [self.giving[0]]
        ph = self.phase  # the most frequent phases first: a search asks at every step
        if ph == VOTE:
            votes = self.votes
            return [s for s in range(self.n_players) if s not in votes]
        if ph == DRAFT:
            return [self.order[self.pick % self.n_players]]
        if ph == BID:
            bids = self.bids
            return [s for s in range(self.n_players) if s not in bids]
        if ph in (ORDER, KEEP, DISCUSS):
            return [self.chair]
        return []

    def legal_actions(self, seat: Seat) -> list[Action]:
        ph = self.phase
        if ph == OVER:
            return []
        if seat is None:
            return self._gifts()
        if self.giving is not None:
            if seat != self.giving[0]:
                return []
            return list(_amounts("gift", self.may_give(seat)))
        if ph == VOTE:
            return [] if seat in self.votes else [VOTE_YES, VOTE_NO]
        # The one seat to act (as to_act() says, without making its list).
        if ph == DRAFT:
            if seat != self.order[self.pick % self.n_players]:
                return []
            return [("take", c) for c in self.cards_left]
        if ph == BID:
            if seat in self.bids:
                return []
            return list(_amounts("bid", self.influence[seat]))
        if ph not in (ORDER, KEEP, DISCUSS) or seat != self.chair:
            return []
        if ph == ORDER:
            return [("first", s) for s in self.tie_groups[0]]
        if ph == KEEP:
            return list(_keeps(tuple(self.drawn), cards.load()["bills_kept"]))
        if ph == DISCUSS:
            return [("call_vote",)]
        return []

    def _free(self, seat: int) -> int:
        return self.influence[seat] - self.bids.get(seat, 0)

    def may_give(self, seat: Seat) -> Optional[int]:
        """The most `seat` may hand over in a gift now: what it has free (a bid already made stays
        in the hand), at most MAX_GIFT; 0 once the game is over; None for the public."""
        if seat is None:
            return None
        return 0 if self.phase == OVER else max(0, min(self._free(seat), MAX_GIFT))

    def _gifts(self) -> list[Action]:
        """The table's gifts: who gives to whom, never how much (that is behind the giver's screen)."""
        if self.giving is not None:
            return []
        n = self.n_players
        return [("give", a, b) for a in range(n) for b in range(n) if a != b]

    def is_over(self) -> bool:
        return self.phase == OVER

    def watched_together(self) -> bool:
        """A bill under discussion: the whole table talks it over (a gift made meanwhile included)."""
        return self.phase == DISCUSS

    def winners(self) -> list[int]:
        return list(self.final_winners)

    def clone(self) -> "EUState":
        """An independent copy for search (game/core/clone.py): the history of actions is not copied,
        and the past rounds' summaries, never changed once made, are shared."""
        return planned_clone(self, CLONE_FLAT, CLONE_NESTED)

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        kind = action[0]
        # The most frequent kinds first: a search applies many of them.
        if kind == "vote":
            self.votes[seat] = action[1]
            events: list[Event] = [{"type": "vote_cast", "seat": seat, "seats": None},
                                   {"type": "my_vote", "seat": seat, "vote": action[1], "seats": [seat], "echo": True}]
            if len(self.votes) == self.n_players:
                events += self._resolve_vote()
            return events
        if kind == "take":
            return self._take(seat, action[1])
        if kind == "give":
            _, a, b = action
            self.giving = (a, b)
            # A moment only (the gift's outcome follows): kept out of the log.
            return [{"type": "giving", "from_seat": a, "to_seat": b, "seats": None, "transient": True}]
        if kind == "gift":
            (a, b), k = self.giving, action[1]
            self.giving = None
            if k == 0:
                return [{"type": "gift_none", "from_seat": a, "to_seat": b, "seats": None}]
            self.influence[a] -= k
            self.influence[b] += k
            return [{"type": "give", "from_seat": a, "to_seat": b, "amount": k, "seats": None}]
        if kind == "bid":
            self.bids[seat] = action[1]
            events = [{"type": "bid_cast", "seat": seat, "stage": self.stage, "seats": None},
                                   {"type": "my_bid", "seat": seat, "amount": action[1], "seats": [seat], "echo": True}]
            if len(self.bids) == self.n_players:
                events += self._reveal_bids()
            return events
        if kind == "first":
            return self._order_first(action[1])
        if kind == "keep_bills":
            return self._keep(list(action[1]))
        if kind == "call_vote":
            self.phase = VOTE
            self.votes = {}
            return [{"type": "call_vote", "seat": seat, "stage": self.stage,
                     "bill": self.agenda[self.bill_pos], "seats": None}]
        raise AssertionError(f"unhandled action {action}")

    # -- auctions ------------------------------------------------------------
    def _reveal_bids(self) -> list[Event]:
        n = self.n_players
        bids = dict(self.bids)
        for s in range(n):
            self.influence[s] -= bids[s]  # every bid goes to the bank
        self.last_bids = {str(s): bids[s] for s in range(n)}
        levels = sorted(set(bids.values()), reverse=True)
        self.tie_groups = []
        self.order = []
        groups = [[s for s in range(n) if bids[s] == v] for v in levels]
        self._groups = groups
        self._group_pos = 0
        self.bids = {}
        events: list[Event] = [{"type": "bids", "stage": self.stage, "bids": dict(self.last_bids),
                                "seats": None, "reveal": True}]
        return events + self._advance_order()

    def _advance_order(self) -> list[Event]:
        """Append untied groups to the bid order; stop at the first tie for the chair to settle."""
        while self._group_pos < len(self._groups):
            g = self._groups[self._group_pos]
            if len(g) == 1:
                self.order.append(g[0])
                self._group_pos += 1
                continue
            self.phase = ORDER
            self.tie_groups = [list(g)]
            return []
        self.tie_groups = []
        self.phase = DRAFT
        self.pick = 0
        return [{"type": "bid_order", "stage": self.stage, "order": list(self.order), "seats": None}]

    def _order_first(self, first: int) -> list[Event]:
        g = self._groups[self._group_pos]
        g.remove(first)
        self.order.append(first)
        events: list[Event] = [{"type": "first", "seat": self.chair, "first": first, "seats": None}]
        if len(g) == 1:
            self.order.append(g[0])
            self._group_pos += 1
        return events + self._advance_order()

    def _take(self, seat: int, card: str) -> list[Event]:
        self.cards_left.remove(card)
        self.pick += 1
        d = cards.load()
        if self.stage == COUNCIL:
            st = d["state_by_id"][card]
            self.states[seat].append(card)
            self.influence[seat] += st["influence"]
            events: list[Event] = [{"type": "take", "seat": seat, "card": card, "kind": "state",
                                    "influence": st["influence"], "power": st["power"], "seats": None}]
        else:
            self.meps[seat] = card
            events = [{"type": "take", "seat": seat, "card": card, "kind": "mep", "influence": 0,
                       "power": d["mep_by_id"][card]["power"], "seats": None}]
        if not self.cards_left:
            events += self._after_draft()
        return events

    def _after_draft(self) -> list[Event]:
        self.chair = self.order[0]  # the highest bidder (ties as the old chair ordered them)
        power = [self._power(s) for s in range(self.n_players)]
        total = sum(power)
        ev: Event = {"type": "chair", "seat": self.chair, "stage": self.stage, "power": power, "total": total,
                     "seats": None}
        if self.stage == COUNCIL:
            ev["threshold"] = self.threshold
            self.phase = KEEP
            k = cards.load()["bills_drawn"]
            self.drawn, self.bill_deck = self.bill_deck[:k], self.bill_deck[k:]
            return [ev, {"type": "bills_drawn", "seat": self.chair, "bills": list(self.drawn),
                         "seats": None, "reveal": True}]
        self.majority = cards.parliament_majority(total)
        ev["majority"] = self.majority
        self.agenda = [b for b in self.voted_bills if self.council_results[b]]
        self.bill_pos = 0
        return [ev] + self._next_discussion()

    def _power(self, seat: int) -> int:
        d = cards.load()
        if self.stage == COUNCIL:
            return sum(map(d["state_power"].__getitem__, self.states[seat]))
        m = self.meps[seat]
        return d["mep_by_id"][m]["power"] if m else 0

    # -- bills and votes -----------------------------------------------------------
    def _keep(self, kept: list[str]) -> list[Event]:
        removed = [b for b in self.drawn if b not in kept]
        self.agenda = [b for b in self.drawn if b in kept]
        self.voted_bills = list(self.agenda)
        self.drawn = []
        self.bill_pos = 0
        events: list[Event] = [{"type": "bills_kept", "seat": self.chair, "kept": list(self.agenda),
                                "removed": removed, "seats": None}]
        return events + self._next_discussion()

    def _next_discussion(self) -> list[Event]:
        if self.bill_pos < len(self.agenda):
            self.phase = DISCUSS
            return [{"type": "discussion", "stage": self.stage, "bill": self.agenda[self.bill_pos],
                     "index": self.bill_pos, "of": len(self.agenda), "chair": self.chair, "seats": None}]
        if self.stage == COUNCIL and self.variant == "full":
            return self._start_parliament()
        return self._score_round()

    def _resolve_vote(self) -> list[Event]:
        n = self.n_players
        bill = self.agenda[self.bill_pos]
        votes = self.votes
        yes = [s for s in range(n) if votes[s] == YES]
        d = cards.load()
        if self.stage == COUNCIL:  # the yes-voters' power (as _power counts it, read in place)
            power, states = d["state_power"], self.states
            yes_power = sum([power[c] for s in yes for c in states[s]])
        else:
            by_id, meps = d["mep_by_id"], self.meps
            yes_power = sum([by_id[meps[s]]["power"] for s in yes if meps[s]])
        if self.stage == COUNCIL:
            method = d["bill_by_id"][bill]["method"]
            if method == cards.UNANIMITY:
                needed = n
                passed = len(yes) == n
            else:
                needed = self.threshold
                passed = yes_power >= needed
            self.council_results[bill] = passed
        else:
            method = "majority"
            needed = self.majority
            passed = yes_power >= needed
            self.parliament_results[bill] = passed
        self.last_votes = {str(s): votes[s] for s in range(n)}
        self.last_result = {"stage": self.stage, "bill": bill, "method": method, "yes": len(yes),
                            "yes_power": yes_power, "needed": needed, "passed": passed}
        self.votes = {}
        self.bill_pos += 1
        events: list[Event] = [dict(self.last_result, type="votes", votes=dict(self.last_votes),
                                    seats=None, reveal=True)]
        return events + self._next_discussion()

    # -- scoring -------------------------------------------------------------------
    def passed(self, bill: str) -> bool:
        if not self.council_results.get(bill):
            return False
        return self.variant == "intro" or bool(self.parliament_results.get(bill))

    def _score_round(self) -> list[Event]:
        n = self.n_players
        d = cards.load()
        outcome = [(b, self.passed(b)) for b in self.voted_bills]
        passed = [b for b, ok in outcome if ok]
        failed = [b for b, ok in outcome if not ok]
        pay, ability_of = d["pay"], d["ability_of"]  # cards.pay and cards.ability_change, read in place
        gains = {}
        for s in range(n):
            party = self.parties[s]
            stars = ability = 0
            for b, ok in outcome:
                if ok:
                    stars += pay[(b, party)]
                ability += ability_of[(party, b, n)][ok]
            before = self.influence[s]
            self.influence[s] = max(0, before + stars + ability)
            gains[str(s)] = {"stars": stars, "ability": ability, "change": self.influence[s] - before}
        moves = {p: 0 for p in cards.POLICIES}
        for b in passed:
            moves[d["bill_by_id"][b]["border"]] += 1
        for p, k in moves.items():
            self.tracks[p] += k
        summary = {"round": self.round, "bills": [{"bill": b, "council": self.council_results[b],
                                                    "parliament": self.parliament_results.get(b),
                                                    "passed": b in passed} for b in self.voted_bills],
                   "gains": gains, "moves": moves, "tracks": dict(self.tracks)}
        self.history.append(summary)
        events: list[Event] = [dict(summary, type="scoring", passed=passed, failed=failed, seats=None)]
        self.phase = BID  # placeholder until the next stage begins
        if self.round < 3:
            return events + self._start_round()
        return events + self._end_game()

    def _end_game(self) -> list[Event]:
        n = self.n_players
        before = list(self.influence)
        bonuses = {}
        for s in range(n):
            bonus = sum(cards.track_bonus(self.parties[s], p, self.tracks[p]) for p in cards.POLICIES)
            self.influence[s] = max(0, self.influence[s] + bonus)
            bonuses[str(s)] = bonus
        endings = [cards.ending_for(p, self.tracks[p]) for p in cards.POLICIES]
        top = max(self.influence)
        self.final_winners = [s for s in range(n) if self.influence[s] == top]
        self.final = {"before_bonus": before, "bonuses": bonuses, "endings": endings,
                      "influence": list(self.influence)}
        self.phase = OVER
        self.stage = OVER
        events: list[Event] = [{"type": "final_bonus", "bonuses": dict(bonuses), "tracks": dict(self.tracks),
                                "seats": None}]
        events += [{"type": "ending", "policy": p, "position": self.tracks[p], "card": e, "seats": None}
                   for p, e in zip(cards.POLICIES, endings)]
        events.append({"type": "game_over", "winners": list(self.final_winners), "influence": list(self.influence),
                       "parties": list(self.parties), "seats": None, "reveal": True})
        return events

    # -- what a seat may know ----------------------------------------------------------
    def view(self, seat: Seat) -> dict:
        n = self.n_players
        over = self.phase == OVER
        d = cards.load()
        council = self.stage == COUNCIL
        bids, votes = self.bids, self.votes
        players = []
        for s in range(n):
            mep = self.meps[s]
            players.append({
                "seat": s,
                "party": self.parties[s],
                "influence": self.influence[s] if (over or s == seat) else None,
                "states": list(self.states[s]),
                "state_power": sum(d["state_by_id"][c]["power"] for c in self.states[s]),
                "mep": mep,
                "mep_power": d["mep_by_id"][mep]["power"] if mep else 0,
                "has_bid": s in bids,
                "has_voted": s in votes,
            })
        mine = seat is not None and not over
        return {
            "game": self.key,
            "seat": seat,
            "n_players": n,
            "variant": self.variant,
            "qualified_majority": self.qm_rule,
            "round": self.round,
            "stage": self.stage,
            "phase": self.phase,
            "chair": self.chair,
            "to_act": self.to_act(),
            "players": players,
            "my_influence": self.influence[seat] if seat is not None else None,
            "my_bid": bids.get(seat) if mine else None,
            "my_vote": votes.get(seat) if mine else None,
            "my_free_influence": self._free(seat) if seat is not None else None,
            "may_give": self.may_give(seat),
            "giving": {"from_seat": self.giving[0], "to_seat": self.giving[1]} if self.giving else None,
            "keep_seconds": KEEP_SECONDS[self.keep_limit],
            "cards_left": list(self.cards_left) if self.phase in (BID, ORDER, DRAFT) and not over else [],
            "bid_order": list(self.order) if self.phase in (DRAFT, ORDER) else [],
            "tied": list(self.tie_groups[0]) if self.phase == ORDER else [],
            "last_bids": dict(self.last_bids) if self.last_bids else None,
            "drawn_bills": list(self.drawn),
            "agenda": list(self.agenda),
            "current_bill": self.agenda[self.bill_pos] if self.phase in (DISCUSS, VOTE) else None,
            "council_results": dict(self.council_results),
            "parliament_results": dict(self.parliament_results),
            "threshold": self.threshold,
            "total_power": sum(p["state_power"] if council else p["mep_power"] for p in players),
            "majority": self.majority,
            "last_votes": dict(self.last_votes) if self.last_votes else None,
            "last_result": dict(self.last_result) if self.last_result else None,
            "tracks": dict(self.tracks),
            "bills_left": len(self.bill_deck),
            "history": [_copy_round(h) for h in self.history],
            "final": _copy_final(self.final) if self.final else None,
            "winners": list(self.final_winners) if over else [],
        }

    def view_all(self) -> dict:
        """The public view with what each party keeps behind its screen: its influence, and its
        secret bid and vote while they are still hidden (replays only, never a seat's view)."""
        v = self.view(None)
        for p in v["players"]:
            s = p["seat"]
            p["influence"] = self.influence[s]
            p["bid"] = self.bids.get(s)
            p["vote"] = self.votes.get(s)
        v["all_seen"] = True
        return v


def _copy_round(h: dict) -> dict:
    return {"round": h["round"], "bills": [dict(b) for b in h["bills"]],
            "gains": {k: dict(v) for k, v in h["gains"].items()}, "moves": dict(h["moves"]),
            "tracks": dict(h["tracks"])}


def _copy_final(f: dict) -> dict:
    return {"before_bonus": list(f["before_bonus"]), "bonuses": dict(f["bonuses"]),
            "endings": list(f["endings"]), "influence": list(f["influence"])}

"""Rules of The Xuanwu Gate Incident 玄武門之變 (rules/xuanwu_gate.zh-TW.txt).

A deal: every seat looks once at its own card; rounds of layout (peek at a
centre card, then keep it, swap it with your own card or with another
player's) and a secret simultaneous vote; a battle reveals the centre and the
winners. The scoring variant plays deals until someone reaches the target.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Optional

from game.core.actions import Action
from game.core.clone import SnapshotRandom, planned_clone
from game.core.state import Event, GameState, Seat

from . import data as cards

LOOK, LAYOUT, VOTE, OVER = "look", "layout", "vote", "over"
BATTLE, WAIT = "battle", "wait"
# The few actions there are, made once: a search asks for them at every step.
LOOK_ACTS: tuple[Action, ...] = (("look",),)
VOTE_ACTS: tuple[Action, ...] = (("vote", BATTLE), ("vote", WAIT))
PEEK_ACTS: tuple[Action, ...] = (("peek", 0), ("peek", 1))
KEEP, SWAP_OWN = ("keep",), ("swap_own",)
# How clone() copies the fields (game/core/clone.py's planned_clone): containers of values, lists of
# them, and the ones only ever replaced whole (shared). The past swaps and sightings are never
# changed once made: their lists are copied, their entries shared.
CLONE_FLAT = ("deck", "scores", "final_winners", "cards", "centre", "eliminated", "looked", "skip_layout",
              "swaps", "swapped", "votes", "order")
CLONE_NESTED = ("memory",)
CLONE_REPLACED = ("options", "last_battle", "last_votes")


# The seats clockwise from each first seat, per table size (up to more seats than any table has):
# RINGS[n][first], made once and read in place at every step of a search's playouts.
RINGS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((first + i) % n for i in range(n)) for first in range(n)) for n in range(17))


def _ring(n: int, first: int) -> tuple[int, ...]:
    return RINGS[n][first]


@lru_cache(maxsize=None)
def layout_acts(n: int, seat: int, swapped: tuple[bool, ...]) -> tuple[Action, ...]:
    """A layout turn's choices after the peek: keep, swap with one's own card unless it was swapped
    this round, swap with each other seat clockwise whose card was not; made once per pattern."""
    acts: list[Action] = [KEEP, SWAP_OWN] if not swapped[seat] else [KEEP]
    acts += [("swap", t) for t in RINGS[n][seat][1:] if not swapped[t]]
    return tuple(acts)


class XuanwuState(GameState):
    key = "xuanwu_gate"

    def __init__(self, n_players: int, seed: int, options: dict) -> None:
        super().__init__(n_players, seed, options)
        self.rng = SnapshotRandom(seed)  # the same draws; cheaper to clone (game/core/clone.py)
        n = n_players
        start = options.get("start_player", "random")
        if start == "random":
            start = self.rng.randrange(n)
        elif not (isinstance(start, int) and 0 <= start < n):
            raise ValueError(f"start player must be 'random' or a seat from 0 to {n - 1}")
        self.scoring = options.get("variant") == "scoring"
        self.target = int(options.get("target", 7))
        self.memory_aid = bool(options.get("memory_aid", False))
        self.deck = list(cards.load()["cards_by_players"][str(n)])
        self.scores = [0] * n
        self.deal_no = 0
        self.start = start
        self.final_winners: list[int] = []
        self.last_battle: Optional[dict] = None
        self.memory: list[list[dict]] = [[] for _ in range(n)]
        self.setup_events = self._new_deal(start)

    # -- deals and rounds -------------------------------------------------
    def _new_deal(self, start: int) -> list[Event]:
        n = self.n_players
        deck = list(self.deck)
        self.rng.shuffle(deck)
        self.cards = deck[:n]
        self.centre = deck[n:n + 2]
        self.deal_no += 1
        self.round = 0
        self.start = start
        self.eliminated = [False] * n
        self.looked = [False] * n
        self.skip_layout: set[int] = set()
        self.swaps: list[dict] = []
        self.last_votes: Optional[dict] = None
        self.phase = LOOK
        self._begin_round_fields()
        events: list[Event] = [{"type": "deal", "deal": self.deal_no, "start": start, "seats": None, "reveal": True}]
        memory_aid = self.memory_aid
        for s in range(n):
            if memory_aid:  # the sighting is made only when the aid keeps it
                self._remember(s, {"what": "own", "seat": s, "card": self.cards[s]})
            events.append({"type": "own_card", "seat": s, "card": self.cards[s], "seats": [s],
                           "transient": not self.memory_aid, "reveal": True})
        return events

    def _begin_round_fields(self) -> None:
        self.round += 1
        self.swapped = [False] * self.n_players
        self.votes: dict[int, str] = {}
        self.peeked: Optional[int] = None
        self.order = [s for s in self._clockwise(self.start)
                      if not self.eliminated[s] and s not in self.skip_layout]
        self.pos = 0

    def _clockwise(self, first: int) -> tuple[int, ...]:
        return _ring(self.n_players, first)

    def _remember(self, seat: int, entry: dict) -> None:
        """Keep a sighting for the memory aid (callers ask only when the aid is on)."""
        # swap_no: how many of this deal's public swaps came before the sighting; the view follows
        # the ones after it to say where the card is now.
        self.memory[seat].append(dict(entry, deal=self.deal_no, round=self.round, swap_no=len(self.swaps)))

    def _where_now(self, entry: dict) -> Optional[list]:
        """Where a remembered card of this deal lies now, following the public swaps since it was
        seen: ["seat", i] or ["centre", j] (None for a card of an earlier deal)."""
        if entry["deal"] != self.deal_no:
            return None
        place = ["seat", entry["seat"]] if entry["what"] == "own" else ["centre", entry["slot"]]
        for sw in self.swaps[entry["swap_no"]:]:
            if sw["target"] is None:
                continue
            a, b = ["centre", sw["slot"]], ["seat", sw["target"]]
            place = b if place == a else a if place == b else place
        return list(place)

    def _voters(self) -> list[int]:
        eliminated = self.eliminated
        return [s for s in RINGS[self.n_players][self.start] if not eliminated[s]]

    # -- the contract ------------------------------------------------------
    def active(self) -> Optional[int]:
        if self.phase == LAYOUT and self.pos < len(self.order):
            return self.order[self.pos]
        return None

    def to_act(self) -> list[int]:
        phase = self.phase
        if phase == LAYOUT:
            return [self.order[self.pos]]
        eliminated = self.eliminated
        if phase == VOTE:
            votes = self.votes
            if True in eliminated:
                return [s for s in RINGS[self.n_players][self.start] if not eliminated[s] and s not in votes]
            return [s for s in RINGS[self.n_players][self.start] if s not in votes]  # nobody is out
        if phase == LOOK:
            looked = self.looked
            return [s for s in RINGS[self.n_players][self.start] if not looked[s] and not eliminated[s]]
        return []

    def legal_actions(self, seat: Seat) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        if seat is None:  # the table's penalty for naming where a card is
            return [("mark_out", s) for s in range(self.n_players) if not self.eliminated[s]]
        # Is the seat in to_act()? Asked without making the list for a seat number, the common case.
        if type(seat) is not int or not 0 <= seat < self.n_players:
            if seat not in self.to_act():
                return []
        elif phase == LAYOUT:
            if seat != self.order[self.pos]:
                return []
        elif phase == VOTE:
            if self.eliminated[seat] or seat in self.votes:
                return []
        elif self.looked[seat] or self.eliminated[seat]:  # LOOK
            return []
        if phase == LAYOUT:
            if self.peeked is None:
                return list(PEEK_ACTS)
            return list(layout_acts(self.n_players, seat, tuple(self.swapped)))
        return list(VOTE_ACTS) if phase == VOTE else list(LOOK_ACTS)

    def is_over(self) -> bool:
        return self.phase == OVER

    def winners(self) -> list[int]:
        return list(self.final_winners)

    def clone(self) -> "XuanwuState":
        """An independent copy for search (game/core/clone.py): the history is not copied, and the
        past swaps and sightings, never changed once made, are shared."""
        return planned_clone(self, CLONE_FLAT, CLONE_NESTED)

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        kind = action[0]
        # The layout's and the vote's kinds first: a search applies many of them.
        if kind == "peek":
            slot = action[1]
            self.peeked = slot
            card = self.centre[slot]
            if self.memory_aid:
                self._remember(seat, {"what": "centre", "slot": slot, "card": card})
                transient = False
            else:
                transient = True
            return [{"type": "peek", "seat": seat, "slot": slot, "seats": None},
                    {"type": "peek_card", "seat": seat, "slot": slot, "card": card,
                     "seats": [seat], "transient": transient, "reveal": True}]
        if kind == "vote":
            self.votes[seat] = action[1]
            events: list[Event] = [{"type": "vote_cast", "seat": seat, "seats": None},
                                   {"type": "my_vote", "seat": seat, "vote": action[1], "seats": [seat], "echo": True}]
            # Every voter has voted (a seat marked out loses its vote: counting is enough).
            if len(self.votes) >= self.eliminated.count(False):
                events += self._resolve_votes()
            return events
        if kind == "look":
            self.looked[seat] = True
            events = [{"type": "look", "seat": seat, "seats": None}]
            eliminated = self.eliminated
            for s, looked in enumerate(self.looked):
                if not looked and not eliminated[s]:
                    break
            else:  # everyone still in has looked
                events += self._start_layout()
            return events
        if kind == "mark_out":
            return self._mark_out(action[1])
        return self._finish_layout_turn(seat, action)

    def _finish_layout_turn(self, seat: int, action: Action) -> list[Event]:
        slot = self.peeked
        kind = action[0]
        target = None
        if kind == "swap_own":
            target = seat
        elif kind == "swap":
            target = action[1]
        if target is not None:
            self.cards[target], self.centre[slot] = self.centre[slot], self.cards[target]
            self.swapped[target] = True
        self.swaps.append({"deal": self.deal_no, "round": self.round, "seat": seat, "slot": slot, "target": target})
        events: list[Event] = [{"type": "swap" if target is not None else "keep",
                                "seat": seat, "slot": slot, "target": target, "seats": None}]
        self.peeked = None
        self.pos += 1
        if self.pos >= len(self.order):
            events += self._start_vote()
        return events

    def _start_layout(self) -> list[Event]:
        self.phase = LAYOUT
        events: list[Event] = [{"type": "round", "deal": self.deal_no, "round": self.round, "start": self.start,
                                "order": list(self.order), "seats": None}]
        if not self.order:
            events += self._start_vote()
        return events

    def _start_vote(self) -> list[Event]:
        self.phase = VOTE
        voters = self._voters()
        if not voters:  # everyone is out: nobody can stop the battle
            return self._battle()
        return [{"type": "vote_start", "voters": voters, "needed": cards.votes_needed(len(voters)), "seats": None}]

    def _resolve_votes(self) -> list[Event]:
        voters = self._voters()
        battle = sorted(s for s, v in self.votes.items() if v == BATTLE)
        needed = cards.votes_needed(len(voters))
        result = BATTLE if len(battle) >= needed else WAIT
        self.last_votes = {str(s): self.votes[s] for s in voters}
        events: list[Event] = [{"type": "votes", "votes": dict(self.last_votes), "battle": len(battle),
                                "needed": needed, "result": result, "seats": None, "reveal": True}]
        if result == BATTLE:
            return events + self._battle()
        # A new round: the start player passes clockwise; battle voters sit out the layout.
        self.skip_layout = set(battle)
        self.start = (self.start + 1) % self.n_players
        self._begin_round_fields()
        return events + self._start_layout()

    def _battle(self) -> list[Event]:
        winning, points = cards.battle_at(tuple(self.centre))
        eliminated, held = self.eliminated, self.cards
        pts = {s: points[held[s]] for s in range(self.n_players) if not eliminated[s]}
        deal_winners = sorted(s for s, p in pts.items() if p > 0)
        if self.scoring:  # the basic game keeps no points: the battle's winners are the winners
            for s in deal_winners:
                self.scores[s] += pts[s]
        self.last_battle = {"deal": self.deal_no, "centre": list(self.centre), "cards": list(self.cards),
                            "winning": list(winning), "winners": deal_winners,
                            "points": {str(s): pts[s] for s in deal_winners} if self.scoring else {},
                            "eliminated": [s for s in range(self.n_players) if self.eliminated[s]]}
        events: list[Event] = [dict(self.last_battle, type="battle", seats=None, reveal=True)]
        if not self.scoring:
            self.final_winners = deal_winners
        elif max(self.scores) >= self.target:
            top = max(self.scores)
            self.final_winners = [s for s in range(self.n_players) if self.scores[s] == top]
        else:
            return events + self._new_deal((self.start + 1) % self.n_players)
        self.phase = OVER
        return events + [{"type": "game_over", "winners": list(self.final_winners),
                          "scores": list(self.scores), "seats": None}]

    def _mark_out(self, target: int) -> list[Event]:
        self.eliminated[target] = True
        events: list[Event] = [{"type": "mark_out", "target": target, "seats": None}]
        if self.phase == LOOK:
            self.order = [s for s in self.order if s != target]  # no layout turn either
            if not self.to_act():
                events += self._start_layout()
        elif self.phase == LAYOUT:
            was_active = self.order[self.pos] == target
            rest = [s for s in self.order[self.pos:] if s != target]
            self.order = self.order[:self.pos] + rest
            if was_active:
                self.peeked = None  # the peeked card goes back unswapped
            if self.pos >= len(self.order):
                events += self._start_vote()
        elif self.phase == VOTE:
            self.votes.pop(target, None)
            if not self._voters():
                events += self._battle()
            elif not self.to_act():
                events += self._resolve_votes()
        return events

    def watched_together(self) -> bool:
        """The votes are turned over before everyone's eyes (rules 2(2)), and a battle ends a deal
        before them: from a vote that starts another round until its first move, and from a battle
        that starts another deal (the scoring variant) until someone looks at their new card."""
        if self.phase == LAYOUT:
            return self.round > 1 and self.pos == 0 and self.peeked is None
        if self.phase == LOOK:
            return self.deal_no > 1 and not any(self.looked)
        return False

    # -- what a seat may know --------------------------------------------
    def view(self, seat: Seat) -> dict:
        n = self.n_players
        over = self.phase == OVER
        active = self.active()
        voters = self._voters()
        v = {
            "game": self.key,
            "seat": seat,
            "n_players": n,
            "variant": "scoring" if self.scoring else "basic",
            "target": self.target if self.scoring else None,
            "memory_aid": self.memory_aid,
            "phase": self.phase,
            "deal": self.deal_no,
            "round": self.round,
            "start_player": self.start,
            "to_act": self.to_act(),
            "active": active,
            "peeking_slot": self.peeked if active is not None else None,
            "deck": list(self.deck),
            "players": [{
                "seat": s,
                "eliminated": self.eliminated[s],
                "swapped": self.swapped[s],
                "looked": self.looked[s],
                "voted": s in self.votes,
                "skips_layout": s in self.skip_layout,
                "score": self.scores[s],
            } for s in range(n)],
            "layout_order": list(self.order),
            "voters": len(voters),
            "votes_needed": cards.votes_needed(len(voters)) if voters else 0,
            "swaps": [dict(x) for x in self.swaps],
            "last_votes": dict(self.last_votes) if self.last_votes else None,
            "last_battle": dict(self.last_battle) if self.last_battle else None,
            "scores": list(self.scores),
            # Faces: hidden unless the game is over (then everything is revealed).
            "seat_cards": list(self.cards) if over else [None] * n,
            "centre_cards": list(self.centre) if over else [None, None],
            "own_card": None,
            "peeked_card": None,
            "my_vote": None,
            "memory": [],
            "winners": list(self.final_winners) if over else [],
        }
        if seat is not None:
            if self.phase == LOOK and not self.looked[seat]:
                v["own_card"] = self.cards[seat]
            if active == seat and self.peeked is not None:
                v["peeked_card"] = self.centre[self.peeked]
            v["my_vote"] = self.votes.get(seat)
            v["memory"] = [dict(m, now=self._where_now(m)) for m in self.memory[seat]]
            if over:
                v["own_card"] = self.cards[seat]
        return v

    def sightings(self, seat: int) -> Counter:
        """What `seat` sees (GameState.sightings), read from the state as its view shows it (no view
        is built: loading a game asks this at every action): its own card while it looks, the centre
        card it peeks at, the faces of the last battle (named by its deal), and every card once the
        game is over. What the memory aid keeps was each seen first, told by its own event."""
        seen: Counter = Counter()
        if self.phase == OVER:
            seen.update(("card", c) for c in self.cards + self.centre)
        elif self.phase == LOOK and not self.looked[seat]:
            seen[("card", self.cards[seat])] += 1
        if self.peeked is not None and self.active() == seat:
            seen[("card", self.centre[self.peeked])] += 1
        battle = self.last_battle
        if battle:
            seen.update(("battle", battle["deal"], c) for c in battle["centre"] + battle["cards"])
        return seen

    def view_all(self) -> dict:
        """The public view with every card face up and each vote cast so far (replays only)."""
        v = self.view(None)
        v["seat_cards"] = list(self.cards)
        v["centre_cards"] = list(self.centre)
        for p in v["players"]:
            p["vote"] = self.votes.get(p["seat"])
        v["all_seen"] = True
        return v

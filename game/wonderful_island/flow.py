"""The campaign turn: tokens, characters, venue choice, action turns (steps A-E), the reaction
window's priority and moving on to the next candidate. Part of WIState (a mixin)."""
from __future__ import annotations

from typing import Optional

from game.core.actions import Action
from game.core.state import Event

from . import data
from .phases import ASK, DISCARD, OVER, PLAY, REACT, START, VENUE


class Flow:
    # -- skills of a seat's character -------------------------------------------------------
    def _sk(self, seat: int, op: str) -> list[dict]:
        c = self.chars[seat]
        if not c:
            return []
        sks = data.character(c)["ops"].get(op)
        if not sks:
            return []
        # Face down (_face_down, inlined: this runs at every move of a search's rollouts): no
        # active skill, but locked skills still apply.
        if self.hosp[seat] is not None or self.away[seat]:
            sks = [sk for sk in sks if sk["kind"] == "locked"]
        return sks

    def _skn(self, seat: int, op: str, key: str = "n") -> int:
        return sum(sk.get(key, 0) for sk in self._sk(seat, op))

    def _hand_limit(self, seat: int) -> int:
        sks = self._sk(seat, "hand_limit")
        return sks[0]["n"] if sks else self.limits["hand_limit"]

    def _face_down(self, seat: int) -> bool:
        """Hospitalised, or sitting out a TV debate: the character card is turned over."""
        return self.hosp[seat] is not None or self.away[seat]

    def _can_act(self, seat: int) -> bool:
        return not (self.jailed[seat] or self._face_down(seat))

    def _alive(self) -> list[int]:
        return [s for s, jailed in enumerate(self.jailed) if not jailed]

    def _total(self, seat: int) -> int:
        return self.votes[seat] + self.iron[seat]

    def _act(self, actor: int, verb: str, target: Optional[int] = None) -> None:
        """A public act, kept in the views so that a seat can read others' camps from them."""
        self.acts.append([actor, verb, target])

    # -- tokens and cards ---------------------------------------------------------------------
    def _take_from_pool(self, k: int) -> int:
        k = max(0, min(k, self.pool))
        self.pool -= k
        return k

    def _gain_votes(self, seat: int, k: int) -> int:
        got = self._take_from_pool(k)
        self.votes[seat] += got
        return got

    def _lose_votes(self, seat: int, k: int) -> int:
        """Vote loss: ordinary votes back to the pool, never below zero (iron votes are not lost)."""
        lost = max(0, min(k, self.votes[seat]))
        self.votes[seat] -= lost
        self.pool += lost
        return lost

    def _move_votes(self, src: int, dst: int, k: int) -> int:
        """A transfer (假民調, poaching): not vote loss, the pool is not touched."""
        moved = max(0, min(k, self.votes[src]))
        self.votes[src] -= moved
        self.votes[dst] += moved
        return moved

    def _gain_iron(self, seat: int, k: int) -> tuple[int, int]:
        """(iron, ordinary) gained: an iron vote takes an ordinary vote out of the pool for good."""
        cap = self._sk(seat, "iron_cap")
        iron = plain = 0
        for _ in range(max(0, k)):
            if self.pool <= 0:
                break
            if self.iron_supply > 0 and not (cap and self.iron[seat] >= cap[0]["n"]):
                self.iron_supply -= 1
                self.pool -= 1
                self.removed_votes += 1
                self.iron[seat] += 1
                iron += 1
            else:  # no iron left (or the character may hold no more): an ordinary vote instead
                self.pool -= 1
                self.votes[seat] += 1
                plain += 1
        return iron, plain

    def _draw_cards(self, k: int) -> list[str]:
        out = []
        for _ in range(max(0, k)):
            if not self.deck and self.discard:
                self.deck = self.discard
                self.discard = []
                self.rng.shuffle(self.deck)
            if not self.deck:
                break
            out.append(self.deck.pop())
        return out

    def _draw(self, seat: int, k: int, why: str = "draw") -> list[Event]:
        """Every draw of effect cards in play goes through here. Rules 3(5): a face-down character
        (hospital, sitting out a debate) cannot draw, whatever tells it to (a meeting, 懶人包, the
        poaching assist effect, a skill). Edition 1 records drew all the same."""
        if self._face_down(seat) and self.edition >= 2:
            return [{"type": "no_draw", "seat": seat, "count": k, "why": why, "seats": None}]
        cards = self._draw_cards(k)
        self.hands[seat] = sorted(self.hands[seat] + cards)
        return [{"type": "draw", "seat": seat, "count": len(cards), "why": why, "seats": None},
                {"type": "drawn", "seat": seat, "cards": cards, "seats": [seat]}]

    def _remove_from_hand(self, seat: int, cards) -> None:
        for c in cards:
            self.hands[seat].remove(c)
            self.discard.append(c)

    def _random_discard(self, seat: int, k: int) -> list[str]:
        lost = []
        for _ in range(min(k, len(self.hands[seat]))):
            c = self.hands[seat][self.rng.randrange(len(self.hands[seat]))]
            self._remove_from_hand(seat, [c])
            lost.append(c)
        return lost

    def _return_meeting(self, mid: str) -> None:
        if not self.remove_meetings:
            self.mdeck.append(mid)
            self.rng.shuffle(self.mdeck)

    # -- summons, jail, hospital -----------------------------------------------------------------
    def _add_summons(self, seat: int, k: int, by: Optional[int] = None, source: str = "") -> list[Event]:
        events: list[Event] = []
        for _ in range(k):
            if self.jailed[seat]:
                break
            ignore = self._skn(seat, "summons_ignore")
            if self.stats[seat]["summons_left"] < ignore:
                self.stats[seat]["summons_left"] += 1
                events.append({"type": "summons_ignored", "seat": seat, "source": source, "seats": None})
                continue
            self.summons[seat] += 1
            self.summons_total += 1
            events.append({"type": "summons", "seat": seat, "by": by, "source": source,
                           "summons": self.summons[seat], "seats": None})
            loss = self._skn(seat, "summons_vote_loss")
            if loss:
                lost = self._lose_votes(seat, loss)
                events.append({"type": "lose", "seat": seat, "votes": lost, "source": "skill", "seats": None})
            if self.summons[seat] >= self.limits["jail_at"]:
                events += self._jail(seat)
                break
        return events

    def _jail(self, seat: int) -> list[Event]:
        held = self._total(seat)
        self.jailed[seat] = True
        # Jail is not vote loss: the votes leave the game (an iron vote's token left when it was gained).
        self.removed_votes += self.votes[seat]
        self.votes[seat] = self.iron[seat] = 0
        self.hosp[seat] = None
        self.away[seat] = False
        cards = list(self.hands[seat])
        self._remove_from_hand(seat, cards)
        for m in self.meetings[seat]:
            self._return_meeting(m)
        self.meetings[seat] = []
        self._note_jail_condition(seat, held)
        return [{"type": "jail", "seat": seat, "votes_removed": held, "cards": len(cards), "seats": None}]

    def _hospitalise(self, seat: int, source: str) -> list[Event]:
        if self.jailed[seat]:
            return []
        events: list[Event] = []
        gain = self._skn(seat, "hospital_votes")  # set off by going in, so read while still face up
        if self.hosp[seat] is None:
            self.stats[seat]["hospitalised"] += 1
        self.hosp[seat] = self.camp_count
        events.append({"type": "hospital", "seat": seat, "source": source, "seats": None})
        if gain:
            events.append({"type": "gain", "seat": seat, "votes": self._gain_votes(seat, gain),
                           "source": "skill", "seats": None})
        return events

    # -- setup: keep a character --------------------------------------------------------------------
    def _legal_character(self, seat: int) -> list[Action]:
        return [("character", c) for c in self.offers[seat]]

    def _do_character(self, seat: int, cid: str) -> list[Event]:
        self.chars[seat] = cid
        events: list[Event] = [{"type": "kept", "seat": seat, "seats": None},
                               {"type": "my_character", "seat": seat, "character": cid, "seats": [seat], "echo": True}]
        if any(c is None for c in self.chars):
            return events
        events.append({"type": "characters", "characters": list(self.chars), "seats": None, "reveal": True})
        # Only now is each faction card looked at: a character is chosen without knowing one's camp.
        events += [{"type": "faction", "seat": s, "faction": self.factions[s], "seats": [s]}
                   for s in range(self.n_players)]
        for s in range(self.n_players):
            k = self._skn(s, "start_summons")
            if k:
                events += self._add_summons(s, k, source="skill")
        return events + self._begin_campaign()

    # -- campaign turns ----------------------------------------------------------------------------------
    def _begin_campaign(self) -> list[Event]:
        events: list[Event] = []
        n = self.n_players
        for _ in range(n):
            if not self.jailed[self.cand]:
                break
            events += self._advance_candidate()
            if self.phase == OVER:
                return events
        self.camp_count += 1
        self.venue = None
        self.slots = []
        self.proc = {}
        self.dice = []
        self.order = [(self.cand + i) % n for i in range(1, n + 1)]
        self.ai = -1
        self.phase, self.actor = VENUE, self.cand
        events.append({"type": "campaign", "seat": self.cand, "round": self.round, "seats": None})
        tax = self._skn(self.cand, "leader_tax")
        if tax and all(self._total(self.cand) >= self._total(s) for s in self._alive()):
            events.append({"type": "lose", "seat": self.cand, "votes": self._lose_votes(self.cand, tax),
                           "source": "skill", "seats": None})
        return events

    def _advance_candidate(self) -> list[Event]:
        self.cand = (self.cand + 1) % self.n_players
        if self.cand == self.start:
            self.round += 1
            if self.round > self.max_rounds:
                return self._forced_count("rounds")
            return [{"type": "round", "round": self.round, "seats": None}]
        return []

    def _legal_venue(self, seat: int) -> list[Action]:
        banned = {sk["venue"] for sk in self._sk(seat, "banned_venue")}
        return [("venue", v) for v in data.VENUES if v not in banned]

    def _do_venue(self, seat: int, vid: str) -> list[Event]:
        self.venue = vid
        events: list[Event] = [{"type": "venue", "seat": seat, "venue": vid, "seats": None}]
        for sk in self._sk(seat, "venue_discard"):
            if sk["venue"] == vid:
                lost = self._random_discard(seat, sk["n"])
                events.append({"type": "discarded", "seat": seat, "count": len(lost), "source": "skill",
                               "seats": None, "cards": lost})
        if vid == "debate":
            # The candidate asks "every other player not in jail" (其他所有未入獄玩家), players in
            # hospital too (edition 1 skipped them); a face-down debater cannot play a reply (venues).
            asked = [s for s in self.order[:-1] if not self.jailed[s] and (self.edition >= 2 or self.hosp[s] is None)]
            self.proc = {"asked": asked, "joined": [], "refused": []}
            return events + self._next_ask()
        return events + self._begin_actions()

    # -- TV debate: who takes part ---------------------------------------------------------------------------
    def _next_ask(self) -> list[Event]:
        events: list[Event] = []
        proc = self.proc
        while len(proc["joined"]) + len(proc["refused"]) < len(proc["asked"]):
            s = proc["asked"][len(proc["joined"]) + len(proc["refused"])]
            if self._sk(s, "must_debate"):  # a locked skill leaves no choice: nobody needs asking
                events += self._do_debate(s, "join", asked=False)
                continue
            self.phase, self.actor = ASK, s
            return events
        return events + self._begin_actions()

    def _legal_ask(self, seat: int) -> list[Action]:
        return [("debate", "join"), ("debate", "refuse")]

    def _do_debate(self, seat: int, answer: str, asked: bool = True) -> list[Event]:
        events: list[Event] = [{"type": "debate_answer", "seat": seat, "answer": answer, "seats": None}]
        self._act(seat, "debate_" + answer, self.cand)
        if answer == "join":
            self.proc["joined"].append(seat)
        else:
            self.proc["refused"].append(seat)
            self.away[seat] = True
            cost = self._skn(seat, "refuse_cost")
            if cost:
                events.append({"type": "lose", "seat": seat, "votes": self._lose_votes(seat, cost),
                               "source": "skill", "seats": None})
        return events + (self._next_ask() if asked else [])

    # -- action turns ----------------------------------------------------------------------------------------
    def _begin_actions(self) -> list[Event]:
        self.ai = -1
        return self._next_turn()

    def _next_turn(self) -> list[Event]:
        while True:
            self.ai += 1
            if self.ai >= len(self.order):
                return self._begin_reaction()
            s = self.order[self.ai]
            if self._can_act(s):
                return self._start_turn(s)

    def _start_turn(self, seat: int) -> list[Event]:
        self.once[seat] = {u for u in self.once[seat] if not u.startswith("turn:")}
        self.actor = seat
        events: list[Event] = [{"type": "action_turn", "seat": seat, "seats": None}]
        if self._start_skills(seat):
            self.phase = START
            return events
        return events + self._draw_step(seat)

    def _draw_step(self, seat: int) -> list[Event]:
        k = self.limits["draw"]
        if seat == self.cand:
            k += self._skn(seat, "candidate_draw")
            if self.venue == "debate":
                k += len(self.proc.get("refused", []))
        else:
            k -= self._skn(seat, "draw_less")
        self.phase = PLAY
        return self._draw(seat, max(0, k))

    def _legal_start(self, seat: int) -> list[Action]:
        return self._start_skills(seat) + [("skip",)]

    def _do_skip(self, seat: int) -> list[Event]:
        return self._draw_step(seat)

    def _do_end(self, seat: int) -> list[Event]:
        events: list[Event] = [{"type": "end_turn", "seat": seat, "seats": None}]
        if len(self.hands[seat]) > self._hand_limit(seat):
            self.phase = DISCARD
            return events
        return events + self._next_turn()

    def _legal_discard(self, seat: int) -> list[Action]:
        return [("discard", c) for c in sorted(set(self.hands[seat]))]

    def _do_discard(self, seat: int, cid: str) -> list[Event]:
        self._remove_from_hand(seat, [cid])
        events: list[Event] = [{"type": "discarded", "seat": seat, "count": 1, "cards": [cid], "source": "limit",
                                "seats": None}]
        if len(self.hands[seat]) > self._hand_limit(seat):
            return events
        return events + self._next_turn()

    # -- the reaction window ---------------------------------------------------------------------------------
    def _begin_reaction(self) -> list[Event]:
        queue = self.order[:-1]
        self.react = {"queue": queue, "pos": -1, "passes": 0}
        self.phase = REACT
        return [{"type": "window", "seat": self.cand, "seats": None}] + self._next_reactor()

    def _next_reactor(self) -> list[Event]:
        r = self.react
        while r["passes"] < len(r["queue"]):
            r["pos"] = (r["pos"] + 1) % len(r["queue"])
            s = r["queue"][r["pos"]]
            # With "everyone", every seat that could ever answer is asked, holding a card or not, so
            # being asked tells the table nothing (a locked skill forbidding answers is public).
            asked = self._legal_react(s, probe=True) or (self.ask_everyone and not self._sk(s, "no_reaction"))
            if self._can_act(s) and asked:
                self.actor = s
                return []
            r["passes"] += 1
        self.actor = None
        self.react = {}
        return self._begin_settlement()

    def _do_pass(self, seat: int) -> list[Event]:
        self.react["passes"] += 1
        # Private: seats with nothing to play are passed over silently, so a public "pass" would
        # tell the table who holds a reaction card.
        return [{"type": "passed", "seat": seat, "seats": [seat], "echo": True}] + self._next_reactor()

    # -- the end of a campaign turn ------------------------------------------------------------------------------
    def _end_campaign(self, aborted: bool = False) -> list[Event]:
        events: list[Event] = []
        for slot in self.slots:
            self.discard.append(slot["card"])
        self.slots = []
        self.st = {}
        self.pending = None
        self.back = []
        self.react = {}
        if aborted:
            events.append({"type": "campaign_over", "seat": self.cand, "aborted": True, "seats": None})
        for s in range(self.n_players):
            was_away, self.away[s] = self.away[s], False
            if self.hosp[s] is not None and self.hosp[s] < self.camp_count and s != self.cand:
                self.hosp[s] = None
                events.append({"type": "recovered", "seat": s, "seats": None})
            elif was_away and (self.hosp[s] is None or self.edition < 2):
                # A hospitalised refuser of a debate stays face down: no "face up again" for them.
                events.append({"type": "back", "seat": s, "seats": None})
        self.proc = {}
        self.actor = None
        self._note_campaign_end()
        events += self._check_end(campaign_over=True)
        if self.phase == OVER:
            return events
        events += self._advance_candidate()
        if self.phase == OVER:
            return events
        return events + self._begin_campaign()

"""The six venue effects at settlement, with the decisions they need: the street dice, the
legislature's coordination, secret show of hands and sharing, poaching, and the TV debate.
Part of WIState (a mixin)."""
from __future__ import annotations

from collections import Counter

from game.core.actions import Action
from game.core.state import Event

from . import data
from .phases import ALLOT, ANSWER, DICE, GIFT, ISSUE, LAY, LOSE, MATCH, OFFER, PAY, REPLY, TARGET, VOTE
from .plays import _combos
from .settle import _add_part

GESTURES = ("hug", "kiss", "bow")


class Venues:
    def _venue_effect(self) -> list[Event]:
        v = self.venue
        if v == "rally":
            self._cand_votes("venue", 3, venue=True)
        elif v == "grassroots":
            self._cand_iron("venue", 2, venue=True)
        elif v == "street":
            return self._street()
        elif v == "legislature":
            return self._legislature()
        elif v == "poaching":
            return self._poaching()
        elif v == "debate":
            return self._debate()
        return self._finish_settlement()

    def _roll(self) -> int:
        return self.rng.randint(1, self.limits["die_faces"])

    # -- 地方掃街 ------------------------------------------------------------------------------------
    def _street(self) -> list[Event]:
        extra = self.st["bonus"] >= 1 or bool(self._sk(self.cand, "street_dice"))
        self.dice = [self._roll() for _ in range(3 if extra else 2)]
        events: list[Event] = [{"type": "dice", "seat": self.cand, "dice": list(self.dice), "seats": None,
                                "reveal": True}]
        if len(self.dice) == 3:
            self.phase, self.actor = DICE, self.cand
            return events
        return events + self._street_value(0, 1)

    @staticmethod
    def street_value(a: int, b: int) -> int:
        return abs(a - b) if a != b else a

    def _street_value(self, i: int, j: int) -> list[Event]:
        value = self.street_value(self.dice[i], self.dice[j])
        self._cand_votes("venue", value, venue=True)
        return [{"type": "street", "seat": self.cand, "kept": [self.dice[i], self.dice[j]], "votes": value,
                 "seats": None}] + self._finish_settlement()

    def _legal_dice(self, seat: int) -> list[Action]:
        return [("pick", 0, 1), ("pick", 0, 2), ("pick", 1, 2)]

    def _do_pick(self, seat: int, i: int, j: int) -> list[Event]:
        return self._street_value(i, j)

    # -- 立院決戰 ------------------------------------------------------------------------------------
    def _legislature(self) -> list[Event]:
        electorate = self._alive()
        voters = [s for s in self.order[:-1] if not self.jailed[s]]
        # A halving card halves the bill's votes, the venue effect (once: edition 1 halved the
        # candidate's own share of the halved bill again at the end of the settlement).
        pot = self.limits["legislature_votes"] // (2 if self.st["halve"] else 1)
        self.proc = {"electorate": electorate, "voters": voters, "pos": 0, "pot": pot, "promised": 0,
                     "promised_cards": 0, "offers": {}, "answers": {}, "votes": {}, "revealed": False,
                     "support": None, "needed": -(-len(electorate) // 2), "passed": None, "shared": {}}
        return self._next_offer()

    def _next_offer(self) -> list[Event]:
        p = self.proc
        if p["pos"] < len(p["voters"]):
            self.phase, self.actor = OFFER, self.cand
            p["asking"] = p["voters"][p["pos"]]
            return []
        p["asking"] = None
        self.phase, self.actor = VOTE, None
        return [{"type": "show_of_hands", "seat": self.cand, "seats": None}]

    def _legal_offer(self, seat: int) -> list[Action]:
        p = self.proc
        voter = p["asking"]
        can_clear = (self.summons[voter] > 0 and
                     self.hands[seat].count("acquittal") > sum(1 for o in p["offers"].values() if o["extra"] == "clear"))
        cards = min(self.limits["offer_cards_max"], len(self.hands[seat]) - p["promised_cards"])
        acts: list[Action] = []
        for v in range(p["pot"] - p["promised"] + 1):
            for c in range(max(0, cards) + 1):
                acts.append(("offer", v, c, "none"))
                if can_clear:
                    acts.append(("offer", v, c, "clear"))
        acts += [("offer", 0, 0, g) for g in GESTURES]
        return acts

    def _do_offer(self, seat: int, votes: int, cards: int, extra: str) -> list[Event]:
        p = self.proc
        voter = p["asking"]
        p["offers"][str(voter)] = {"votes": votes, "cards": cards, "extra": extra}
        p["promised"] += votes
        p["promised_cards"] += cards
        self.phase, self.actor = ANSWER, voter
        return [{"type": "offer", "seat": seat, "voter": voter, "votes": votes, "cards": cards, "extra": extra,
                 "seats": None}]

    def _legal_answer(self, seat: int) -> list[Action]:
        return [("answer", "yes"), ("answer", "maybe"), ("answer", "no")]

    def _do_answer(self, seat: int, answer: str) -> list[Event]:
        p = self.proc
        p["answers"][str(seat)] = answer
        p["pos"] += 1
        return [{"type": "answer", "seat": seat, "answer": answer, "seats": None}] + self._next_offer()

    def _legal_vote(self, seat: int) -> list[Action]:
        return [("vote", "yes"), ("vote", "no")]

    def _do_vote(self, seat: int, vote: str) -> list[Event]:
        p = self.proc
        p["votes"][str(seat)] = vote
        events: list[Event] = [{"type": "hand_raised", "seat": seat, "seats": None},
                               {"type": "my_vote", "seat": seat, "vote": vote, "seats": [seat], "echo": True}]
        if len(p["votes"]) < len(p["electorate"]):
            return events
        return events + self._count_hands()

    def _count_hands(self) -> list[Event]:
        p, cand = self.proc, self.cand
        p["revealed"] = True
        yes = [int(s) for s, v in p["votes"].items() if v == "yes"]
        for s, v in p["votes"].items():
            if int(s) != cand:
                self._act(int(s), "vote_" + v, cand)
        skill = self._skn(cand, "legis_support")
        p["support"] = len(yes) + self.st["bonus"] + skill
        p["passed"] = p["support"] >= p["needed"]
        # What the support is made of, for the log: "4 = 3 yes hands (names) + 1 assist bonus".
        parts = [{"source": "yes", "n": len(yes), "seats": sorted(yes)}]
        parts += [{"source": src, "n": k} for src, k in (("assist", self.st["bonus"]), ("skill", skill)) if k]
        events: list[Event] = [{"type": "bill", "seat": cand, "votes": dict(p["votes"]), "support": p["support"],
                                "support_parts": parts, "needed": p["needed"], "passed": p["passed"],
                                "pot": p["pot"], "halved_by": self.st["halve"], "seats": None, "reveal": True}]
        if not p["passed"]:
            return events + self._finish_settlement()
        for s in self._alive():
            fee = self._skn(s, "legis_fee")
            if fee:
                self._credit(s, fee, "skill")
        owed = []
        if self.promises == "binding":
            for s, offer in sorted(p["offers"].items(), key=lambda kv: int(kv[0])):
                if p["votes"].get(s) != "yes":
                    continue
                seat = int(s)
                give = min(offer["votes"], p["pot"])
                if give:
                    p["pot"] -= give
                    self._share(seat, give)
                if offer["extra"] == "clear" and "acquittal" in self.hands[cand] and self.summons[seat] > 0:
                    self._remove_from_hand(cand, ["acquittal"])
                    self.summons[seat] -= 1
                    events.append({"type": "cleared", "seat": seat, "by": cand, "summons": self.summons[seat],
                                   "seats": None})
                if offer["cards"]:
                    owed.append([seat, offer["cards"]])
        p["owed"] = owed
        return events + self._next_payment()

    def _credit(self, seat: int, k: int, source: str) -> None:
        """Votes for a seat, paid with the rest of the settlement. The candidate's own are not the
        venue effect, so no halving card halves them (edition 1 halved them as venue votes)."""
        if seat == self.cand:
            self._cand_votes(source, k, venue=self.edition < 2)
        else:
            self._other_votes(seat, source, k)

    def _share(self, seat: int, k: int) -> None:
        p = self.proc
        p["shared"][str(seat)] = p["shared"].get(str(seat), 0) + k
        self._credit(seat, k, "bill")
        if seat != self.cand:
            self._act(self.cand, "share", seat)

    def _next_payment(self) -> list[Event]:
        p = self.proc
        while p["owed"] and (p["owed"][0][1] <= 0 or not self.hands[self.cand]):
            p["owed"].pop(0)
        if p["owed"]:
            self.phase, self.actor = PAY, self.cand
            return []
        if p["pot"] > 0:
            self.phase, self.actor = ALLOT, self.cand
            return []
        if self.promises == "words" and self.hands[self.cand] and not p.get("gifts_done"):
            self.phase, self.actor = GIFT, self.cand
            return []
        return self._finish_settlement()

    def _legal_pay(self, seat: int) -> list[Action]:
        return [("give", c) for c in sorted(set(self.hands[seat]))]

    def _do_give(self, seat: int, cid: str) -> list[Event]:
        p = self.proc
        to = p["owed"][0][0]
        p["owed"][0][1] -= 1
        self.hands[seat].remove(cid)
        self.hands[to] = sorted(self.hands[to] + [cid])
        return [{"type": "paid_card", "seat": seat, "to_seat": to, "seats": None},
                {"type": "paid_card_is", "seat": seat, "to_seat": to, "card": cid, "seats": [seat, to]}] \
            + self._next_payment()

    def _legal_allot(self, seat: int) -> list[Action]:
        return [("allot", s) for s in self._alive()]

    def _do_allot(self, seat: int, to: int) -> list[Event]:
        self.proc["pot"] -= 1
        self._share(to, 1)
        return [{"type": "allot", "seat": seat, "to_seat": to, "seats": None}] + self._next_payment()

    def _legal_gift(self, seat: int) -> list[Action]:
        others = [s for s in self._alive() if s != seat]
        return [("gift", s, c) for s in others for c in sorted(set(self.hands[seat]))] + [("done",)]

    def _do_gift(self, seat: int, to: int, cid: str) -> list[Event]:
        self.hands[seat].remove(cid)
        self.hands[to] = sorted(self.hands[to] + [cid])
        return [{"type": "paid_card", "seat": seat, "to_seat": to, "seats": None},
                {"type": "paid_card_is", "seat": seat, "to_seat": to, "card": cid, "seats": [seat, to]}] \
            + self._next_payment()

    # -- 挖角拔樁 ------------------------------------------------------------------------------------
    def _poaching(self) -> list[Event]:
        events: list[Event] = []
        if self.st["bonus"]:
            events += self._draw(self.cand, self.st["bonus"], "poaching")
        targets = [s for s in self._alive() if s != self.cand and self.votes[s] > 0]
        if not targets:
            return events + [{"type": "no_poach", "seat": self.cand, "seats": None}] + self._finish_settlement()
        self.proc = {"targets": targets, "target": None, "laid": [], "matched": []}
        self.phase, self.actor = TARGET, self.cand
        return events

    def _legal_target(self, seat: int) -> list[Action]:
        return [("target", s) for s in self.proc["targets"]]

    def _do_target(self, seat: int, target: int) -> list[Event]:
        self.proc["target"] = target
        self._act(seat, "poach", target)
        events: list[Event] = [{"type": "poach_target", "seat": seat, "target": target, "seats": None}]
        if self.hosp[seat] is not None or not self.hands[seat]:
            return events + self._end_poach()
        self.phase = LAY
        return events

    def _legal_lay(self, seat: int) -> list[Action]:
        return [("lay", c) for c in sorted(set(self.hands[seat]))] + [("done",)]

    def _do_lay(self, seat: int, cid: str) -> list[Event]:
        self.hands[seat].remove(cid)
        self.proc["laid"].append(cid)
        events: list[Event] = [{"type": "laid", "seat": seat, "card": cid, "seats": None}]
        if not self.hands[seat]:
            return events + self._start_match()
        return events

    def _do_done(self, seat: int) -> list[Event]:
        events: list[Event] = [{"type": "done", "seat": seat, "step": self.phase, "seats": None}]
        if self.phase == LAY:
            return events + self._start_match()
        if self.phase == MATCH:
            return events + self._end_poach()
        self.proc["gifts_done"] = True
        return events + self._next_payment()

    def _needed_kinds(self) -> Counter:
        p = self.proc
        need = Counter(data.kind(c) for c in p["laid"])
        need.subtract(Counter(data.kind(c) for c in p["matched"]))
        return +need

    def _start_match(self) -> list[Event]:
        t = self.proc["target"]
        self.phase, self.actor = MATCH, t
        # The target is asked whether or not it holds a card that matches, so that being asked (the
        # wait, the hand-off screen) tells the table nothing of its hand; edition 1 asked only a
        # target that could match.
        can_match = bool(self._legal_match(t)[:-1])
        if not self.proc["laid"] or not self._can_act(t) or not (can_match or self.edition >= 2):
            return self._end_poach()
        return []

    def _legal_match(self, seat: int) -> list[Action]:
        need = self._needed_kinds()
        return [("match", c) for c in sorted(set(self.hands[seat])) if need[data.kind(c)] > 0] + [("done",)]

    def _do_match(self, seat: int, cid: str) -> list[Event]:
        self.hands[seat].remove(cid)
        self.proc["matched"].append(cid)
        events: list[Event] = [{"type": "matched", "seat": seat, "card": cid, "seats": None}]
        # Ends by itself once every laid card is matched; until then the target says "done" itself
        # (edition 1 also ended when nothing more in the hand could match: that told the table so).
        done = not self._needed_kinds() if self.edition >= 2 else len(self._legal_match(seat)) == 1
        return events + self._end_poach() if done else events

    def _end_poach(self) -> list[Event]:
        p, cand, st = self.proc, self.cand, self.st
        t = p["target"]
        short = len(p["laid"]) - len(p["matched"])
        take = short
        bonus = 0
        if short > 0:
            bonus = self._skn(cand, "poach_bonus") + self._skn(t, "poach_victim")
            take += bonus
        self._cand_votes("poach", short)
        if bonus:
            self._cand_votes("skill", bonus)
        if st["halve"] and take:
            _add_part(st["parts"]["votes"], "halved", take // 2 - take, st["halve"])
            take //= 2
        moved = self._move_votes(t, cand, take)
        st["poach_take"], st["poached"] = take, moved
        if moved < take:
            st["limits"] = ["poach_cap"]
        if moved >= 4:
            self.stats[cand]["flags"].append(f"poach{moved}")
        self.discard += p["laid"] + p["matched"]
        p["taken"] = moved
        self.phase, self.actor = "settle", None
        return [{"type": "poached", "seat": cand, "target": t, "laid": list(p["laid"]), "matched": list(p["matched"]),
                 "votes": moved, "seats": None}] + self._finish_settlement()

    # -- 電視辯論 ------------------------------------------------------------------------------------
    def _debate(self) -> list[Event]:
        # A debater jailed since joining is out; one in hospital still debates but cannot play a
        # reply (see _next_debater). Edition 1 dropped hospitalised debaters.
        joined = [s for s in self.proc.get("joined", [])
                  if not self.jailed[s] and (self.edition >= 2 or self.hosp[s] is None)]
        if not joined:
            self._cand_votes("no_debate", self.limits["debate_nobody"], venue=True)
            return [{"type": "no_debate", "seat": self.cand, "seats": None}] + self._finish_settlement()
        self.proc.update({"debaters": joined, "pos": 0, "issue": None, "cand_die": None, "results": [],
                          "combo": self.st["bonus"] >= 1})
        if self.hosp[self.cand] is not None or not self.hands[self.cand]:
            return self._do_issue(self.cand)
        self.phase, self.actor = ISSUE, self.cand
        return []

    def _legal_issue(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        acts: list[Action] = [("issue",)] + [("issue", c) for c in sorted(set(hand))]
        if self.proc["combo"]:
            acts += [("issue",) + pair for pair in _combos(hand, 2)]
        return acts

    def _do_issue(self, seat: int, *cards) -> list[Event]:
        p = self.proc
        for c in cards:
            self.hands[seat].remove(c)
        p["issue"] = list(cards)
        events: list[Event] = [{"type": "issue", "seat": seat, "cards": list(cards), "seats": None}]
        if cards:
            p["cand_die"] = self._roll()
            events.append({"type": "debate_die", "seat": seat, "die": p["cand_die"], "seats": None, "reveal": True})
        return events + self._next_debater()

    def _next_debater(self) -> list[Event]:
        p = self.proc
        events: list[Event] = []
        while p["pos"] < len(p["debaters"]):
            s = p["debaters"][p["pos"]]
            if not p["issue"]:
                events += self._debate_result(s, True, [])
                continue
            if self._face_down(s):
                # Ruling: a face-down character plays no card (rules 3(5)), so no reply can meet the
                # issue: the challenge fails without a roll (the die could ask nothing they can do).
                p["current"] = None
                events += self._debate_result(s, False, [], face_down=True)
                if p["to_lose"]:
                    return events
                continue
            die = self._roll()
            cd = p["cand_die"]
            need = "exact" if die < cd else "kind" if die > cd else "count"
            p["current"] = {"seat": s, "die": die, "need": need}
            events.append({"type": "debate_roll", "seat": s, "die": die, "need": need, "seats": None,
                           "reveal": True})
            if self._asked_to_reply(s):
                self.phase, self.actor = REPLY, s
                return events
            events += self._debate_result(s, False, [])
            if p["to_lose"]:
                return events
        p["current"] = None
        self.discard += p["issue"]
        self.phase, self.actor = "settle", None
        return events + self._finish_settlement()

    def _asked_to_reply(self, seat: int) -> bool:
        """Is a debater asked for a reply? Every debater whose hand is big enough to hold one (a
        public count) is asked, holding one or not, and may concede: being asked tells the table
        nothing of the hand. Edition 2 and older asked only those who held a reply."""
        if self.edition < 3:
            return bool(self._replies(seat))
        return len(self.hands[seat]) >= self._reply_size()

    def _reply_size(self) -> int:
        """How many cards a reply takes: as many as the issue, or for a count the candidate's die
        (halved, rounded up, against a single card)."""
        p = self.proc
        if p["current"]["need"] != "count":
            return len(p["issue"])
        return p["cand_die"] if len(p["issue"]) == 2 else -(-p["cand_die"] // 2)

    def _replies(self, seat: int) -> list[tuple]:
        p = self.proc
        issue, need, hand = p["issue"], p["current"]["need"], self.hands[seat]
        if need == "exact":
            return [tuple(sorted(issue))] if not Counter(issue) - Counter(hand) else []
        if need == "kind":
            kinds = Counter(data.kind(c) for c in issue)
            return [combo for combo in _combos(hand, len(issue))
                    if Counter(data.kind(c) for c in combo) == kinds]
        return _combos(hand, self._reply_size())

    def _legal_reply(self, seat: int) -> list[Action]:
        return [("reply",) + r for r in self._replies(seat)] + [("concede",)]

    def _do_reply(self, seat: int, *cards) -> list[Event]:
        self._remove_from_hand(seat, list(cards))
        return self._debate_result(seat, True, list(cards)) + self._continue_debate()

    def _do_concede(self, seat: int) -> list[Event]:
        return self._debate_result(seat, False, []) + self._continue_debate()

    def _continue_debate(self) -> list[Event]:
        return [] if self.proc["to_lose"] else self._next_debater()

    def _debate_result(self, seat: int, won: bool, cards: list, face_down: bool = False) -> list[Event]:
        p = self.proc
        p["pos"] += 1
        p["to_lose"] = 0
        cur = p.get("current") or {}
        p["results"].append({"seat": seat, "won": won, "cards": cards, "die": cur.get("die"), "need": cur.get("need")})
        events: list[Event] = [{"type": "debate_result", "seat": seat, "won": won, "cards": cards, "seats": None}]
        if face_down:
            events[0]["face_down"] = True
        self._act(seat, "debate_won" if won else "debate_lost", self.cand)
        if won:
            self.stats[seat]["debate_wins"] += 1
            self.stats[seat]["debate_points"] += 1
            self._other_votes(seat, "debate_won", self.limits["debate_win"])
            bonus = self._skn(seat, "debate_bonus")
            if bonus:
                self._other_votes(seat, "skill", bonus)
            return events
        self._cand_votes("debate_lost", 1, venue=True)
        self.stats[self.cand]["debate_points"] += 1
        p["to_lose"] = min(len(self.hands[seat]), 1 + self._skn(seat, "debate_fail_extra"))
        return events + self._lose_step(seat)

    def _lose_step(self, seat: int) -> list[Event]:
        p = self.proc
        events: list[Event] = []
        while p["to_lose"] > 0:
            kinds = sorted(set(self.hands[seat]))
            # A hand of two cards or more (a public count) picks the card it loses, even when all
            # are alike: asking only a hand of two kinds told the table the hand was all one kind
            # (edition 2 and older).
            if len(kinds) > 1 or (self.edition >= 3 and len(self.hands[seat]) > 1):
                self.phase, self.actor = LOSE, seat
                return events
            p["to_lose"] -= 1
            events += self._lose_card(seat, kinds[0])
        return events

    def _lose_card(self, seat: int, cid: str) -> list[Event]:
        self._remove_from_hand(seat, [cid])
        return [{"type": "discarded", "seat": seat, "count": 1, "cards": [cid], "source": "debate", "seats": None}]

    def _legal_lose(self, seat: int) -> list[Action]:
        return [("lose", c) for c in sorted(set(self.hands[seat]))]

    def _do_lose(self, seat: int, cid: str) -> list[Event]:
        self.proc["to_lose"] -= 1
        events = self._lose_card(seat, cid) + self._lose_step(seat)
        return events if self.proc["to_lose"] else events + self._next_debater()


"""Playing cards and skills: venue cards onto the slots, strategy cards and their effects,
reaction cards, answers with 沙盤推演, trading for meeting cards and the active skills that
are actions. Part of WIState (a mixin)."""
from __future__ import annotations

from itertools import combinations
from typing import Optional

from game.core.actions import Action
from game.core.state import Event

from . import data
from .phases import CHOOSE, DISCARD, OVER, PLAY, REACT, RESPOND, START

TURN_PHASES = (START, PLAY, DISCARD)
WAITING = (RESPOND, CHOOSE)  # a decision asked for by a card or skill

SLOT_TARGETS = {"slot_assist": ("assist",), "slot_hinder": ("hinder",), "slot_any": ("assist", "hinder")}


def _combos(hand: list[str], k: int) -> list[tuple]:
    """The distinct k-card choices from a hand (copies of a card are alike)."""
    return sorted(set(combinations(sorted(hand), k))) if k <= len(hand) else []


# The active skills _play_skills offers in step C.
PLAY_SKILL_OPS = ("peek_faction", "convert_iron", "frame", "snatch")


class Plays:
    # -- legal plays -------------------------------------------------------------------------------
    def _targets(self, seat: int, spec: Optional[str], cid: str, alive: Optional[list[int]] = None) -> list[tuple]:
        """The targets card `cid` may be played on (`alive`: the seats out of jail, if known)."""
        if spec is None or spec == "candidate":
            return [()]
        if alive is None:
            alive = self._alive()
        if spec == "summoned":
            return [(s,) for s in alive if self.summons[s] > 0]
        if spec == "any":
            if cid == "shooting":
                return [(s,) for s in alive if self.hosp[s] is None]
            return [(s,) for s in alive]
        if spec == "other":
            return [(s,) for s in alive if s != seat]
        if spec == "two":
            return [(a, b) for a in alive if self.votes[a] > 0 for b in alive if b != a]
        if spec in SLOT_TARGETS:
            return [(i,) for i, slot in enumerate(self.slots) if slot["kind"] in SLOT_TARGETS[spec]]
        if spec == "hand":
            rest = list(self.hands[seat])
            rest.remove(cid)
            return [(c,) for c in sorted(set(rest))]
        raise AssertionError(f"unknown target {spec}")

    def _legal_play(self, seat: int) -> list[Action]:
        acts: list[Action] = []
        free = None  # the free slots of each kind, counted at the first venue card in hand
        hand = self.hands[seat]
        alive = self._alive()
        for cid in sorted(set(hand)):
            c = data.card(cid)
            timing = c["timing"]
            if timing == "venue":
                if free is None:
                    free = {k: self.limits["slots"][k] - sum(1 for x in self.slots if x["kind"] == k)
                            for k in ("assist", "hinder")}
                if free[c["kind"]] > 0:
                    acts.append(("play", cid))
            elif timing == "main":
                spec = c.get("target")
                if spec is None or spec == "candidate":  # _targets: the one empty target
                    acts.append(("play", cid))
                else:
                    acts += [("play", cid) + t for t in self._targets(seat, spec, cid, alive)]
        alive_others = [s for s in alive if s != seat]
        for mid in sorted(set(self.meetings[seat])):
            acts += [("meeting", mid, t) for t in alive_others]
        if self.mdeck:
            acts += [("trade", combo) for combo in _combos(hand, self._trade_cost(seat))]
        acts += self._play_skills(seat)
        acts.append(("end",))
        return acts

    def _trade_cost(self, seat: int) -> int:
        sks = self._sk(seat, "trade_cost")
        return sks[0]["n"] if sks else self.limits["trade_cost"]

    def _legal_react(self, seat: int, probe: bool = False) -> list[Action]:
        if self._sk(seat, "no_reaction"):
            return []
        acts: list[Action] = []
        for cid in sorted(set(self.hands[seat])):
            c = data.card(cid)
            if c["timing"] in ("reaction", "response"):
                acts += [("play", cid) + t for t in self._targets(seat, c.get("target"), cid)]
                if probe and acts:
                    return acts
        if probe:
            return acts
        return acts + [("pass",)]

    # -- playing a card ------------------------------------------------------------------------------
    def _do_play(self, seat: int, cid: str, *args) -> list[Event]:
        c = data.card(cid)
        self.hands[seat].remove(cid)
        if c["timing"] == "venue":
            self.slots.append({"card": cid, "by": seat, "kind": c["kind"]})
            self._act(seat, c["kind"], self.cand)
            events: list[Event] = [{"type": "place", "seat": seat, "card": cid, "candidate": self.cand,
                                    "seats": None}]
            events += self._assist_draw(seat, c["kind"])
            return events + self._resume()
        self.discard.append(cid)
        events = [{"type": "play", "seat": seat, "card": cid, "args": list(args), "seats": None}]
        victim = self._victim(seat, c, args)
        if victim is not None and victim != seat:
            k = self._skn(victim, "targeted_draw")
            if k:
                events += self._draw(victim, k, "skill")
            if c.get("hostile") and self._can_answer(victim):
                self.back.append((self.phase, self.actor))
                self.pending = {"card": cid, "by": seat, "target": victim, "args": list(args), "kind": "card"}
                self.phase, self.actor = RESPOND, victim
                return events
        return events + self._resolve(cid, seat, list(args)) + self._resume()

    def _assist_draw(self, seat: int, kind: str) -> list[Event]:
        k = self._skn(seat, "assist_draw")
        if not k or kind != "assist" or seat == self.cand or "turn:assist_draw" in self.once[seat]:
            return []
        self.once[seat].add("turn:assist_draw")
        return self._draw(seat, k, "skill")

    def _victim(self, seat: int, c: dict, args: tuple) -> Optional[int]:
        spec = c.get("target")
        if spec in ("other", "any", "summoned") and args:
            return args[0]
        if spec == "two":
            return args[0]
        if spec == "candidate":
            return self.cand
        return None

    def _can_answer(self, seat: int) -> bool:
        """Is a targeted seat asked about 沙盤推演? Every seat that could answer at all is asked,
        holding the card or not, so being asked (and accepting) tells the table nothing of a hand;
        edition 1 asked only holders."""
        able = self._can_act(seat) and not self._sk(seat, "no_reaction")
        return able and (self.edition >= 2 or "sand_table" in self.hands[seat])

    def _resume(self) -> list[Event]:
        """After a card or skill: wait for a decision it asked for; a jailed candidate ends the campaign
        at once (outside settlement); an actor jailed or hospitalised in their own turn stops acting;
        in the reaction window a played card gives everyone a new chance to answer."""
        if self.phase in WAITING or self.phase == OVER or self.st:
            return []
        if self.jailed[self.cand]:
            return self._end_campaign(aborted=True)
        if self.phase in TURN_PHASES:
            return [] if self._can_act(self.actor) else self._next_turn()
        if self.phase == REACT:
            self.react["passes"] = 0
            return self._next_reactor()
        return []

    def _legal_respond(self, seat: int) -> list[Action]:
        return [("accept",)] + ([("cancel",)] if "sand_table" in self.hands[seat] else [])

    def _do_cancel(self, seat: int) -> list[Event]:
        p = self.pending
        self.hands[seat].remove("sand_table")
        self.discard.append("sand_table")
        self.pending = None
        self.phase, self.actor = self.back.pop()
        self._act(seat, "cancel", p["by"])
        events: list[Event] = [{"type": "cancelled", "seat": seat, "card": p["card"], "by": p["by"],
                                "kind": p["kind"], "seats": None}]
        return events + self._resume()

    def _do_accept(self, seat: int) -> list[Event]:
        p = self.pending
        self.pending = None
        self.phase, self.actor = self.back.pop()
        # Every target able to answer is asked, so letting it stand is public and tells nothing;
        # edition 1 asked only holders of 沙盤推演, so its accepting was nobody else's business.
        events: list[Event] = [{"type": "accepted", "seat": seat, "seats": None if self.edition >= 2 else [seat]}]
        if p["kind"] == "skill":
            events += self._resolve_skill(p["by"], p["card"], p["args"])
        else:
            events += self._resolve(p["card"], p["by"], p["args"])
        return events + self._resume()

    # -- what a strategy card does ------------------------------------------------------------------------
    def _resolve(self, cid: str, seat: int, args: list) -> list[Event]:
        eff = data.card(cid)["effect"]
        op = eff["op"]
        n = eff.get("n", 0)
        events: list[Event] = []
        if op == "clear_summons":
            t = args[0]
            self.summons[t] = max(0, self.summons[t] - n)
            self._act(seat, "help", t)
            events.append({"type": "cleared", "seat": t, "by": seat, "summons": self.summons[t], "seats": None})
        elif op == "shooting":
            t = args[0]
            self._act(seat, "hostile", t)
            events += self._hospitalise(t, cid)
            events.append({"type": "gain", "seat": t, "votes": self._gain_votes(t, n), "source": cid, "seats": None})
        elif op == "transfer":
            a, b = args
            self._act(seat, "hostile", a)
            self._act(seat, "help", b)
            events.append({"type": "moved", "from_seat": a, "to_seat": b, "votes": self._move_votes(a, b, n),
                           "source": cid, "seats": None})
        elif op == "draw":
            events += self._draw(seat, n, cid)
        elif op in ("remove_slot", "cancel_slot"):
            events += self._remove_slot(seat, args[0], cid)
        elif op == "redirect":
            events += self._redirect(seat, args[0])
        elif op == "tape":
            self._act(seat, "hostile", self.cand)
            if len(self.hands[self.cand]) >= 2:
                self.back.append((self.phase, self.actor))
                self.phase, self.actor = CHOOSE, self.cand
                return [{"type": "tape", "seat": self.cand, "by": seat, "seats": None}]
            events += self._add_summons(self.cand, 1, seat, cid)
        elif op == "buy_vote":
            self._remove_from_hand(seat, [args[0]])
            events.append({"type": "discarded", "seat": seat, "count": 1, "cards": [args[0]], "source": cid,
                           "seats": None})
            events.append({"type": "gain", "seat": seat, "votes": self._gain_votes(seat, n), "source": cid,
                           "seats": None})
        elif op == "random_discard":
            t = args[0]
            self._act(seat, "hostile", t)
            lost = self._random_discard(t, n)
            events.append({"type": "discarded", "seat": t, "count": len(lost), "cards": lost, "source": cid,
                           "seats": None})
        elif op == "target_lose":
            t = args[0]
            self._act(seat, "hostile", t)
            events.append({"type": "lose", "seat": t, "votes": self._lose_votes(t, n), "source": cid, "seats": None})
        elif op == "gain":
            events.append({"type": "gain", "seat": seat, "votes": self._gain_votes(seat, n), "source": cid,
                           "seats": None})
        elif op == "target_summons":
            t = args[0]
            self._act(seat, "hostile", t)
            events += self._add_summons(t, n, seat, cid)
        elif op == "both_gain":
            t = args[0]
            self._act(seat, "help", t)
            events.append({"type": "gain", "seat": seat, "votes": self._gain_votes(seat, n), "source": cid,
                           "seats": None})
            events.append({"type": "gain", "seat": t, "votes": self._gain_votes(t, n), "source": cid, "seats": None})
        elif op == "draw_meeting":
            got = [self.mdeck.pop() for _ in range(min(n, len(self.mdeck)))]
            self.meetings[seat] += got
            events += [{"type": "meeting_drawn", "seat": seat, "count": len(got), "seats": None},
                       {"type": "my_meetings", "seat": seat, "meetings": got, "seats": [seat]}]
        elif op == "abandon":
            t = args[0]
            alive = self._alive()
            low = min(self._total(s) for s in alive)
            giver = next(s for s in ((seat + i) % self.n_players for i in range(1, self.n_players + 1))
                         if s in alive and self._total(s) == low)
            self._act(seat, "help", t)
            events.append({"type": "moved", "from_seat": giver, "to_seat": t,
                           "votes": self._move_votes(giver, t, n) if giver != t else 0, "source": cid,
                           "seats": None})
        else:
            raise AssertionError(f"unhandled card effect {op}")
        return events

    def _remove_slot(self, seat: int, i: int, cid: str) -> list[Event]:
        slot = self.slots.pop(i)
        self.discard.append(slot["card"])
        self._act(seat, "hostile" if slot["kind"] == "assist" else "help", self.cand)
        return [{"type": "slot_removed", "seat": seat, "card": slot["card"], "placed_by": slot["by"],
                 "source": cid, "seats": None}]

    def _redirect(self, seat: int, i: int) -> list[Event]:
        """轉移焦點: the hinder card acts on whoever placed it, now; one that cannot act on a
        player is simply cancelled."""
        slot = self.slots.pop(i)
        self.discard.append(slot["card"])
        placer = slot["by"]
        self._act(seat, "help", self.cand)
        self._act(seat, "hostile", placer)
        events: list[Event] = [{"type": "redirected", "seat": seat, "card": slot["card"], "to_seat": placer,
                                "seats": None}]
        if self.jailed[placer]:
            return events
        eff = data.card(slot["card"])["effect"]
        if eff["op"] == "summons":
            k = eff["n"] + (eff.get("if_any", 0) if self.summons[placer] > 0 else 0)
            events += self._add_summons(placer, k, seat, slot["card"])
        elif eff["op"] == "hospital":
            events += self._hospitalise(placer, slot["card"])
        elif eff["op"] == "lose":
            events.append({"type": "lose", "seat": placer, "votes": self._lose_votes(placer, eff["n"]),
                           "source": slot["card"], "seats": None})
            lost = self._random_discard(placer, eff.get("discard", 0))
            if lost:
                events.append({"type": "discarded", "seat": placer, "count": len(lost), "cards": lost,
                               "source": slot["card"], "seats": None})
        return events

    def _legal_choose(self, seat: int) -> list[Action]:
        return [("choose", "discard", combo) for combo in _combos(self.hands[seat], 2)] + [("choose", "summons")]

    def _do_choose(self, seat: int, option: str, combo: tuple = ()) -> list[Event]:
        """狗仔錄音: the candidate discards 2 cards of their choice or takes a summons."""
        self.phase, self.actor = self.back.pop()
        events: list[Event] = [{"type": "chose", "seat": seat, "option": option, "seats": None}]
        if option == "discard":
            self._remove_from_hand(seat, list(combo))
            events.append({"type": "discarded", "seat": seat, "count": len(combo), "cards": list(combo),
                           "source": "paparazzi", "seats": None})
        else:
            events += self._add_summons(seat, 1, None, "paparazzi")
        return events + self._resume()

    # -- trading and secret meetings ---------------------------------------------------------------------
    def _do_trade(self, seat: int, combo: tuple) -> list[Event]:
        self._remove_from_hand(seat, list(combo))
        mid = self.mdeck.pop()
        self.meetings[seat].append(mid)
        return [{"type": "trade", "seat": seat, "cards": list(combo), "seats": None},
                {"type": "my_meetings", "seat": seat, "meetings": [mid], "seats": [seat]}]

    # -- skills that are actions -------------------------------------------------------------------------
    def _start_skills(self, seat: int) -> list[Action]:
        acts: list[Action] = []
        hand = self.hands[seat]
        for sk in self._sk(seat, "start_cycle"):
            if f"turn:{sk['index']}" not in self.once[seat]:
                acts += [("skill", sk["index"], c) for c in sorted(set(hand))]
        for sk in self._sk(seat, "start_underdog"):
            if f"turn:{sk['index']}" not in self.once[seat] and self.pool > 0 and \
                    self._total(seat) <= min(self._total(s) for s in self._alive()):
                acts.append(("skill", sk["index"]))
        for sk in self._sk(seat, "start_clear"):
            if f"turn:{sk['index']}" not in self.once[seat] and self.summons[seat] > 0:
                acts += [("skill", sk["index"], combo) for combo in _combos(hand, sk["cost"])]
        return acts

    def _play_skills(self, seat: int) -> list[Action]:
        c = self.chars[seat]
        if not c or data.character(c)["ops"].keys().isdisjoint(PLAY_SKILL_OPS):
            return []  # what follows would find no skill (it runs at every move of a search's rollouts)
        acts: list[Action] = []
        hand = self.hands[seat]
        others = [s for s in self._alive() if s != seat]
        for sk in self._sk(seat, "peek_faction"):
            if f"game:{sk['index']}" not in self.once[seat]:
                acts += [("skill", sk["index"], t) for t in others]
        for sk in self._sk(seat, "convert_iron"):
            if f"turn:{sk['index']}" not in self.once[seat] and self.votes[seat] > 0 and self.iron_supply > 0:
                acts += [("skill", sk["index"], combo) for combo in _combos(hand, sk["cost"])]
        for sk in self._sk(seat, "frame"):
            if f"game:{sk['index']}" not in self.once[seat]:
                acts += [("skill", sk["index"], combo, t) for combo in _combos(hand, sk["cost"]) for t in others]
        for sk in self._sk(seat, "snatch"):
            if f"round:{self.round}:{sk['index']}" not in self.once[seat]:
                acts += [("skill", sk["index"], t) for t in others if len(self.hands[t]) > len(hand)]
        return acts

    def _do_skill(self, seat: int, index: int, *args) -> list[Event]:
        sk = data.character(self.chars[seat])["skills"][index]
        op = sk["op"]
        scope = {"peek_faction": "game", "frame": "game", "snatch": f"round:{self.round}"}.get(op, "turn")
        self.once[seat].add(f"{scope}:{index}")
        events: list[Event] = [{"type": "skill", "seat": seat, "skill": index, "op": op, "seats": None}]
        if op == "frame":
            combo, target = args
            self._remove_from_hand(seat, list(combo))
            events.append({"type": "discarded", "seat": seat, "count": len(combo), "cards": list(combo),
                           "source": "skill", "seats": None})
            # An indirect effect (the courts act): 沙盤推演 may cancel it, unless the table reads rules
            # 3(1) literally (no active skill can be cancelled).
            if self.skill_cancel == "indirect" and self._can_answer(target):
                self.back.append((self.phase, self.actor))
                self.pending = {"card": index, "by": seat, "target": target, "args": [target], "kind": "skill"}
                self.phase, self.actor = RESPOND, target
                return events
            return events + self._resolve_skill(seat, index, [target]) + self._resume()
        events += self._resolve_skill(seat, index, list(args))
        if self.phase == START:
            if not self._start_skills(seat):
                events += self._draw_step(seat)
            return events
        return events + self._resume()

    def _resolve_skill(self, seat: int, index: int, args: list) -> list[Event]:
        sk = data.character(self.chars[seat])["skills"][index]
        op = sk["op"]
        if op == "start_cycle":
            self._remove_from_hand(seat, [args[0]])
            return [{"type": "discarded", "seat": seat, "count": 1, "cards": [args[0]], "source": "skill",
                     "seats": None}] + self._draw(seat, 2, "skill")
        if op == "start_underdog":
            return [{"type": "gain", "seat": seat, "votes": self._gain_votes(seat, sk["n"]), "source": "skill",
                     "seats": None}]
        if op == "start_clear":
            self._remove_from_hand(seat, list(args[0]))
            self.summons[seat] -= 1
            return [{"type": "discarded", "seat": seat, "count": len(args[0]), "cards": list(args[0]),
                     "source": "skill", "seats": None},
                    {"type": "cleared", "seat": seat, "by": seat, "summons": self.summons[seat], "seats": None}]
        if op == "peek_faction":
            t = args[0]
            return self._learn(seat, t, self.factions[t], True, "peek")
        if op == "convert_iron":
            self._remove_from_hand(seat, list(args[0]))
            self.votes[seat] -= 1
            self.removed_votes += 1
            self.iron_supply -= 1
            self.iron[seat] += 1
            return [{"type": "discarded", "seat": seat, "count": len(args[0]), "cards": list(args[0]),
                     "source": "skill", "seats": None},
                    {"type": "converted", "seat": seat, "seats": None}]
        if op == "frame":
            self._act(seat, "hostile", args[0])
            return self._add_summons(args[0], 1, seat, "skill")
        if op == "snatch":
            t = args[0]
            self._act(seat, "hostile", t)
            c = self.hands[t][self.rng.randrange(len(self.hands[t]))]
            self.hands[t].remove(c)
            self.hands[seat] = sorted(self.hands[seat] + [c])
            return [{"type": "snatched", "seat": seat, "from_seat": t, "seats": None},
                    {"type": "snatched_card", "seat": seat, "from_seat": t, "card": c, "seats": [seat, t]}]
        raise AssertionError(f"unhandled skill {op}")


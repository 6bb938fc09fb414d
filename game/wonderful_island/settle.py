"""Settlement: the venue's cards in the order they were placed, the jail check, then the venue
effect (venues.py) and the assist effect, all vote changes added up and applied once, never
below zero. Part of WIState (a mixin).

Every change is kept as a part with its source (the venue, a card by its id, the assist effect,
a skill, a halving, the bill, the debate, poaching), so the "settled" event can show players the
arithmetic: its parts add up to its net, and it says where what was applied fell short (votes
never below 0, a pool that ran dry, no iron tokens left)."""
from __future__ import annotations

from typing import Optional

from game.core.state import Event

from . import data

# Sources that are words for a rule, not cards: their parts add up into one (with a count).
RULE_SOURCES = frozenset({"venue", "assist", "skill", "bill", "debate_lost", "debate_won", "no_debate",
                          "poach", "halved", "jail"})


def _add_part(parts: list, source: str, n: int, card: Optional[str] = None) -> None:
    """A part [source, n, times, card]; a rule's parts merge, each card keeps its own."""
    if source in RULE_SOURCES and card is None:
        for p in parts:
            if p[0] == source and p[3] is None:
                p[1] += n
                p[2] += 1
                return
    parts.append([source, n, 1, card])


def _out(parts: list) -> list[dict]:
    out = []
    for source, n, times, card in parts:
        part = {"source": source, "n": n}
        if times > 1:
            part["times"] = times
        if card is not None:
            part["card"] = card
        out.append(part)
    return out


class Settle:
    # -- the parts of a settlement --------------------------------------------------------------
    def _cand_votes(self, source: str, n: int, venue: bool = False) -> None:
        """Votes for the candidate; `venue` ones are the venue effect's, which a halving card halves."""
        _add_part(self.st["parts"]["venue" if venue else "votes"], source, n)

    def _cand_iron(self, source: str, n: int, venue: bool = False) -> None:
        _add_part(self.st["parts"]["venue_iron" if venue else "iron"], source, n)

    def _other_votes(self, seat: int, source: str, n: int) -> None:
        st = self.st
        st["others"][seat] = st["others"].get(seat, 0) + n
        _add_part(st["oparts"].setdefault(seat, []), source, n)

    def _begin_settlement(self) -> list[Event]:
        cand = self.cand
        slots = self.slots
        self.phase, self.actor = "settle", None
        st = {"parts": {"venue": [], "votes": [], "venue_iron": [], "iron": []}, "others": {}, "oparts": {},
              "poach_take": 0, "poached": 0, "draw_after": 0, "hospital_after": False, "bonus": 0, "no_assist": False,
              "halve": None}
        self.st = st
        events: list[Event] = [{"type": "settle", "seat": cand, "venue": self.venue,
                                "cards": [dict(x) for x in slots], "seats": None}]
        active = [True] * len(slots)
        for i, slot in enumerate(slots):
            eff = data.card(slot["card"])["effect"]
            if active[i] and eff["op"] == "cancel":
                hit = next((j for j, x in enumerate(slots) if j != i and active[j] and x["kind"] == eff["kind"]), None)
                if hit is not None:
                    active[hit] = False
                    events.append({"type": "slot_cancelled", "card": slots[hit]["card"], "by_card": slot["card"],
                                   "seats": None})
        live = [x for i, x in enumerate(slots) if active[i]]
        ops = [data.card(x["card"])["effect"]["op"] for x in live]
        st["no_assist"] = "no_assist" in ops
        # The halving card, by name for the log (None: nothing halves the venue effect).
        st["halve"] = next((x["card"] for x in live if data.card(x["card"])["effect"]["op"] == "halve_venue"), None)
        hinders = sum(1 for x in live if x["kind"] == "hinder")
        assists = sum(1 for x in live if x["kind"] == "assist")
        before = self.summons[cand]
        summons = 0
        shield = self._skn(cand, "hinder_shield") - self._skn(cand, "hinder_extra")
        cards = st["parts"]["votes"]
        for slot in live:
            cid = slot["card"]
            eff = data.card(cid)["effect"]
            op, n = eff["op"], eff.get("n", 0)
            if op == "votes":
                _add_part(cards, cid, eff.get("venues", {}).get(self.venue, n))
            elif op == "iron":
                _add_part(st["parts"]["iron"], cid, n)
            elif op == "votes_if_clean":
                _add_part(cards, cid, n if hinders == 0 else 0)
            elif op == "coattails":
                # The candidate gains n, and the placer n; placed by the candidate, both are theirs.
                _add_part(cards, cid, 2 * n if slot["by"] == cand else n)
                if slot["by"] != cand:
                    self._other_votes(slot["by"], cid, n)
            elif op == "draw_after":
                st["draw_after"] += n
            elif op == "summons":
                summons += n + (eff.get("if_any", 0) if before > 0 else 0)
                if self._sk(cand, "countersue") and not self.jailed[slot["by"]] and slot["by"] != cand:
                    events += self._add_summons(slot["by"], 1, cand, "countersue")
            elif op == "hospital":
                st["hospital_after"] = True
            elif op == "lose":
                _add_part(cards, cid, -n)
                if shield:  # the skill's share of the loss, shown apart: never more than the card's own
                    _add_part(cards, "skill", min(shield, n) if shield > 0 else shield)
                lost = self._random_discard(cand, eff.get("discard", 0))
                if lost:
                    events.append({"type": "discarded", "seat": cand, "count": len(lost), "cards": lost,
                                   "source": cid, "seats": None})
        if summons:
            held = (self.votes[cand], self.iron[cand])
            jail_events = self._add_summons(cand, summons, None, "venue")
            events += jail_events
            if self.jailed[cand]:  # jail at once: the venue and assist effects are not counted
                return events + self._jailed_settlement(held, jail_events) + self._end_campaign()
        counted = assists + (self._skn(cand, "assist_bonus") if assists else 0)
        cap = self._sk(cand, "assist_cap")
        if cap:
            counted = min(counted, cap[0]["n"])
        st["assists"] = counted
        st["bonus"] = 0 if st["no_assist"] else counted // 2
        return events + self._venue_effect()

    def _jailed_settlement(self, held: tuple[int, int], jail_events: list[Event]) -> list[Event]:
        """Jailed by the venue's summonses: the settlement ends there. What the candidate lost is
        all they held (a skill's loss on a summons, then jail); the card effects for other players
        (Coattails' placer) were settled before the jail check and are paid (edition 1: not paid)."""
        cand = self.cand
        votes, iron = held
        by_skill = sum(e["votes"] for e in jail_events if e["type"] == "lose" and e["seat"] == cand)
        parts = [{"source": "skill", "n": -by_skill}] if by_skill else []
        parts += [{"source": "jail", "n": -(votes - by_skill)}] if votes > by_skill else []
        summary = {"seat": cand, "venue": self.venue, "jailed": True, "net": -votes, "votes": -votes,
                   "iron": -iron, "plain": 0, "vote_parts": parts,
                   "iron_parts": [{"source": "jail", "n": -iron}] if iron else [],
                   "others": {}, "others_parts": {}, "limits": []}
        if self.edition >= 2:
            self._pay_others(summary)
        self.last_settlement = {k: summary[k] for k in ("seat", "venue", "votes", "iron", "others", "jailed")}
        return [dict(summary, type="settled", seats=None)]

    def _pay_others(self, summary: dict) -> None:
        st = self.st
        for s, k in sorted(st["others"].items()):
            if self.jailed[s]:
                continue
            got = self._gain_votes(s, k)
            summary["others"][str(s)] = got
            summary["others_parts"][str(s)] = _out(st["oparts"][s])
            if got < k:
                summary["limits"].append("pool")

    def _finish_settlement(self) -> list[Event]:
        cand, st = self.cand, self.st
        v = self.venue
        parts = st["parts"]
        venue_dv = sum(p[1] for p in parts["venue"])
        venue_di = sum(p[1] for p in parts["venue_iron"])
        vote_parts, iron_parts = _out(parts["venue"]), _out(parts["venue_iron"])
        if st["halve"]:  # rounded down: the part taken away, by the card that took it
            if venue_dv:
                vote_parts.append({"source": "halved", "n": venue_dv // 2 - venue_dv, "card": st["halve"]})
            if venue_di:
                iron_parts.append({"source": "halved", "n": venue_di // 2 - venue_di, "card": st["halve"]})
        vote_parts += _out(parts["votes"])
        iron_parts += _out(parts["iron"])
        for sk in self._sk(cand, "venue_votes"):
            if sk["venue"] == v:
                vote_parts.append({"source": "skill", "n": sk["n"]})
        for sk in self._sk(cand, "venue_iron"):
            if sk["venue"] == v:
                iron_parts.append({"source": "skill", "n": sk["n"]})
        if st["bonus"] and v in ("rally", "grassroots"):
            (vote_parts if v == "rally" else iron_parts).append({"source": "assist", "n": st["bonus"]})
        vote_parts = _merged(vote_parts)
        iron_parts = _merged(iron_parts)
        net = sum(p["n"] for p in vote_parts)
        dv = net - st["poach_take"]        # the poached votes have already moved (venues._end_poach)
        di = sum(p["n"] for p in iron_parts)
        summary = {"seat": cand, "venue": v, "net": net, "iron": 0, "plain": 0, "votes": st["poached"], "others": {},
                   "vote_parts": vote_parts, "iron_parts": iron_parts, "others_parts": {},
                   "limits": list(st.get("limits", []))}
        events: list[Event] = []
        if dv > 0:
            got = self._gain_votes(cand, dv)
            summary["votes"] += got
            if got < dv:
                summary["limits"].append("pool")
        elif dv < 0:
            lost = self._lose_votes(cand, -dv)
            summary["votes"] -= lost
            if lost < -dv:
                summary["limits"].append("floor")
        if di:
            iron, plain = self._gain_iron(cand, di)
            summary["iron"] = iron
            summary["votes"] += plain
            summary["plain"] = plain  # iron gains taken as ordinary votes (no iron token, or a skill's cap)
            if plain:
                summary["limits"].append("iron_out")
            if iron + plain < di:
                summary["limits"].append("pool")
        if st["poached"]:
            t = self.proc["target"]
            summary["others"][str(t)] = -st["poached"]
            summary["others_parts"][str(t)] = [{"source": "poach", "n": -st["poached"]}]
        self._pay_others(summary)
        summary["limits"] = sorted(set(summary["limits"]))
        events.append(dict(summary, type="settled", seats=None))
        if st["draw_after"]:
            events += self._draw(cand, st["draw_after"], "explainer")
        if st["hospital_after"]:
            events += self._hospitalise(cand, "death_grip")
        self.last_settlement = {k: summary[k] for k in ("seat", "venue", "votes", "iron", "others")}
        return events + self._end_campaign()


def _merged(parts: list[dict]) -> list[dict]:
    """Rule parts of one source (a skill counted twice) as one part; cards stay apart."""
    out: list[dict] = []
    for p in parts:
        same = next((q for q in out if p["source"] in RULE_SOURCES and "card" not in p and "card" not in q
                     and q["source"] == p["source"]), None)
        if same is None:
            out.append(dict(p))
        else:
            same["n"] += p["n"]
            same["times"] = same.get("times", 1) + p.get("times", 1)
    return [p for p in out if p["n"] or p["source"] not in RULE_SOURCES]

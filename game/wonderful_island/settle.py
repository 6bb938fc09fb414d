"""Settlement: the venue's cards in the order they were placed, the jail check, then the venue
effect (venues.py) and the assist effect, all vote changes added up and applied once, never
below zero. Part of WIState (a mixin)."""
from __future__ import annotations

from game.core.state import Event

from . import data


class Settle:
    def _begin_settlement(self) -> list[Event]:
        cand = self.cand
        slots = self.slots
        self.phase, self.actor = "settle", None
        st = {"dv": 0, "di": 0, "venue_dv": 0, "venue_di": 0, "others": {}, "draw_after": 0,
              "hospital_after": False, "bonus": 0, "no_assist": False, "halve": False}
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
        st["halve"] = "halve_venue" in ops
        hinders = sum(1 for x in live if x["kind"] == "hinder")
        assists = sum(1 for x in live if x["kind"] == "assist")
        before = self.summons[cand]
        summons = 0
        shield = self._skn(cand, "hinder_shield") - self._skn(cand, "hinder_extra")
        for slot in live:
            eff = data.card(slot["card"])["effect"]
            op, n = eff["op"], eff.get("n", 0)
            if op == "votes":
                st["dv"] += eff.get("venues", {}).get(self.venue, n)
            elif op == "iron":
                st["di"] += n
            elif op == "votes_if_clean":
                st["dv"] += n if hinders == 0 else 0
            elif op == "coattails":
                st["dv"] += n
                if slot["by"] != cand:
                    st["others"][slot["by"]] = st["others"].get(slot["by"], 0) + n
                else:
                    st["dv"] += n
            elif op == "draw_after":
                st["draw_after"] += n
            elif op == "summons":
                summons += n + (eff.get("if_any", 0) if before > 0 else 0)
                if self._sk(cand, "countersue") and not self.jailed[slot["by"]] and slot["by"] != cand:
                    events += self._add_summons(slot["by"], 1, cand, "countersue")
            elif op == "hospital":
                st["hospital_after"] = True
            elif op == "lose":
                st["dv"] -= max(0, n - shield)
                lost = self._random_discard(cand, eff.get("discard", 0))
                if lost:
                    events.append({"type": "discarded", "seat": cand, "count": len(lost), "cards": lost,
                                   "source": slot["card"], "seats": None})
        if summons:
            events += self._add_summons(cand, summons, None, "venue")
        if self.jailed[cand]:  # jail at once: the venue and assist effects are not counted
            return events + self._end_campaign()
        counted = assists + (self._skn(cand, "assist_bonus") if assists else 0)
        cap = self._sk(cand, "assist_cap")
        if cap:
            counted = min(counted, cap[0]["n"])
        st["assists"] = counted
        st["bonus"] = 0 if st["no_assist"] else counted // 2
        return events + self._venue_effect()

    def _finish_settlement(self) -> list[Event]:
        cand, st = self.cand, self.st
        v = self.venue
        venue_dv, venue_di = st["venue_dv"], st["venue_di"]
        if st["halve"]:
            venue_dv, venue_di = venue_dv // 2, venue_di // 2
        dv = st["dv"] + venue_dv
        di = st["di"] + venue_di
        for sk in self._sk(cand, "venue_votes"):
            dv += sk["n"] if sk["venue"] == v else 0
        for sk in self._sk(cand, "venue_iron"):
            di += sk["n"] if sk["venue"] == v else 0
        if v == "rally":
            dv += st["bonus"]
        elif v == "grassroots":
            di += st["bonus"]
        summary = {"seat": cand, "venue": v, "net": dv, "iron": 0, "votes": 0, "others": {}}
        events: list[Event] = []
        if dv > 0:
            summary["votes"] = self._gain_votes(cand, dv)
        elif dv < 0:
            summary["votes"] = -self._lose_votes(cand, -dv)
        if di:
            iron, plain = self._gain_iron(cand, di)
            summary["iron"] = iron
            summary["votes"] += plain
        for s, k in sorted(st["others"].items()):
            if not self.jailed[s]:
                summary["others"][str(s)] = self._gain_votes(s, k)
        events.append(dict(summary, type="settled", seats=None))
        if st["draw_after"]:
            events += self._draw(cand, st["draw_after"], "explainer")
        if st["hospital_after"]:
            events += self._hospitalise(cand, "death_grip")
        self.last_settlement = {k: summary[k] for k in ("seat", "venue", "votes", "iron", "others")}
        return events + self._end_campaign()

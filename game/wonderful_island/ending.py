"""The end of the game, in the rules' order: one player left out of jail, declarations (a
Blue/Green seat at the threshold; Politicians' own conditions, hijacks included), and the
forced count (A, B, C) when the rounds or the vote pool run out. Part of WIState (a mixin)."""
from __future__ import annotations

from typing import Optional

from game.core.state import Event

from . import data
from .phases import OVER

CAMP_SIDES = ("blue", "green")


class Ending:
    def _win(self, seat: int) -> Optional[dict]:
        c = self.chars[seat]
        return data.character(c)["win"] if c else None

    def _met(self, seat: int, forced: bool = False) -> bool:
        """Does this seat's Politician condition hold now? (hijacks are checked on an election)"""
        c = self.chars[seat]  # _win(seat)
        if not c:
            return False
        w = data.character(c)["win"]
        op = w["op"]
        if op == "poach":
            return any(f.startswith("poach") and int(f[5:]) >= w["n"] for f in self.stats[seat]["flags"])
        if op == "jail_rich":
            return "jail_rich" in self.stats[seat]["flags"]
        # Every other condition asks for its votes first (this runs after every action).
        total = self.votes[seat] + self.iron[seat]
        if total < data.votes_needed(w, self.table["mark"]):
            return False
        if op == "votes_iron":
            return self.iron[seat] >= w["iron"]
        if op == "votes_summons":
            return self.summons[seat] >= w["summons"] and not self.jailed[seat]
        if op == "meetings":
            return len(self.meetings[seat]) >= w["n"]
        if op == "jailed_others":
            return sum(1 for s in range(self.n_players) if s != seat and self.jailed[s]) >= w["n"]
        if op == "hospital_count":
            return self.stats[seat]["hospitalised"] >= w["n"]
        if op == "lead":
            return all(total >= self._total(s) + w["margin"] for s in range(self.n_players) if s != seat)
        if op == "debate_points":
            return self.stats[seat]["debate_points"] >= w["n"]
        if op == "summons_table":
            return self.summons_total >= w["n"]
        if op == "close":
            return ("close" in self.stats[seat]["flags"] or forced) and self._close(w["diff"])
        return False  # hijack: only when a camp is elected

    def _close(self, diff: int) -> bool:
        sums = self._camp_totals()
        return abs(sums["blue"] - sums["green"]) <= diff

    def _note_campaign_end(self) -> None:
        """Conditions met "at the end of a campaign turn" are kept for the check that follows."""
        for s in self._politicians():
            w = self._win(s)
            if w and w["op"] == "close" and self._total(s) >= data.votes_needed(w, self.table["mark"]) and \
                    self._close(w["diff"]):
                self.stats[s]["flags"].append("close")

    def _may_declare(self, seat: int) -> bool:
        """A face-down character (hospital, a refused debate) cannot declare; a jailed Politician only
        with a jail condition."""
        if self._face_down(seat):
            return False
        if self.jailed[seat]:
            w = self._win(seat)
            return bool(w and w["op"] == "jail_rich")
        return True

    def _hijacks(self, seat: int, camp: str) -> bool:
        w = self._win(seat)
        return bool(w and w["op"] == "hijack" and w["camp"] == camp and not self.jailed[seat]
                    and self._total(seat) >= data.votes_needed(w, self.table["mark"]))

    def _note_jail_condition(self, seat: int, held: int) -> None:
        w = self._win(seat)
        if w and w["op"] == "jail_rich" and held >= data.votes_needed(w, self.table["mark"]):
            self.stats[seat]["flags"].append("jail_rich")

    def _camp_totals(self) -> dict:
        sums = {"blue": 0, "green": 0, "blue_iron": 0, "green_iron": 0}
        for s in range(self.n_players):
            f = self.factions[s]
            if f in CAMP_SIDES:
                sums[f] += self._total(s)
                sums[f + "_iron"] += self.iron[s]
        return sums

    def _declarations_open(self, campaign_over: bool = False) -> bool:
        """Edition 3: nobody is elected or declares before every player has had an action turn; the
        first check is at the end of the first campaign turn. One player left out of jail and the
        forced count end the game at any time. Editions 1 and 2 had no wait (at 8 players about one
        game in thirteen ended inside its first campaign turn, on a Politician's condition)."""
        return self.edition < 3 or self.camp_count > 1 or campaign_over

    def _politicians(self) -> list[int]:
        return [s for s, faction in enumerate(self.factions) if faction == "politician"]

    def _check_end(self, campaign_over: bool = False) -> list[Event]:
        """campaign_over: checked at the end of a campaign turn (the end of the first one opens the
        declarations)."""
        if self.phase in (OVER, "character"):
            return []
        alive = self._alive()
        if len(alive) <= 1:
            if not alive:
                return self._finish([], "all_jailed", {})
            last = alive[0]
            camp = self.factions[last]
            winners = [last] if camp == "politician" else [s for s in range(self.n_players) if self.factions[s] == camp]
            return self._finish(winners, "all_jailed", {"last": last})
        if not self._declarations_open(campaign_over):
            return self._forced_count("pool") if self.pool <= 0 else []
        # This runs after every action (in a search's rollouts too): the cheap vote count is
        # tested first, and the Politicians are listed once.
        votes, iron, threshold = self.votes, self.iron, self.threshold
        elected = [s for s in alive if votes[s] + iron[s] >= threshold and self.factions[s] in CAMP_SIDES
                   and not self._face_down(s)]
        if elected and len({self.factions[s] for s in elected}) == 2:
            # Both camps at once: the threshold rises by 1 and play goes on (checked again later).
            self.threshold += 1
            return [{"type": "threshold_up", "threshold": self.threshold, "seats": None}]
        events: list[Event] = []
        politicians = self._politicians()
        declared = [s for s in politicians if self._may_declare(s) and self._met(s)]
        for s in politicians:
            if "close" in self.stats[s]["flags"]:
                self.stats[s]["flags"] = [f for f in self.stats[s]["flags"] if f != "close"]
        if elected:
            camp = self.factions[elected[0]]
            hijack = [s for s in politicians if self._may_declare(s) and self._hijacks(s, camp)]
            winners = sorted(set(declared + hijack))
            if winners:
                return events + self._finish(winners, "politician", {"elected": elected, "hijack": hijack})
            members = [s for s in range(self.n_players) if self.factions[s] == camp]
            return events + self._finish(members, "elected", {"elected": elected, "camp": camp})
        if declared:
            return events + self._finish(declared, "politician", {})
        if self.pool <= 0:
            return events + self._forced_count("pool")
        return events

    def _forced_count(self, reason: str) -> list[Event]:
        """強制開票法: A a Politician meeting their condition, B a Politician not in jail with the
        most votes outright, C the camp with more votes (ties: more iron votes, else nobody)."""
        pols = [s for s in self._politicians() if (not self.jailed[s] or self._may_declare(s))
                and self._met(s, forced=True)]
        if pols:
            return self._finish(pols, "forced", {"reason": reason, "rule": "A"})
        top = max(self._total(s) for s in range(self.n_players))
        leaders = [s for s in range(self.n_players) if self._total(s) == top]
        if all(self.factions[s] == "politician" and not self.jailed[s] for s in leaders):
            return self._finish(leaders, "forced", {"reason": reason, "rule": "B"})
        sums = self._camp_totals()
        key = {c: (sums[c], sums[c + "_iron"]) for c in CAMP_SIDES}
        detail = {"reason": reason, "rule": "C", "blue": sums["blue"], "green": sums["green"]}
        if key["blue"] == key["green"]:
            return self._finish([], "forced", detail)
        camp = max(CAMP_SIDES, key=lambda c: key[c])
        return self._finish([s for s in range(self.n_players) if self.factions[s] == camp], "forced",
                            dict(detail, camp=camp))

    def _finish(self, winners: list[int], method: str, detail: dict) -> list[Event]:
        self.phase, self.actor = OVER, None
        self.final_winners = sorted(winners)
        self.end = dict(detail, method=method, winners=list(self.final_winners))
        return [{"type": "game_over", "method": method, "winners": list(self.final_winners),
                 "factions": list(self.factions), "detail": dict(detail), "seats": None, "reveal": True}]

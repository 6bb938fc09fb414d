"""Secret meetings: a card passed face down, carried out by the receiver truthfully (the engine
reads the receiver's real faction), and what each seat learns from it. Part of WIState."""
from __future__ import annotations

from game.core.state import Event

from . import data


def taught(eff: dict, sender: int, target: int, factions: list[str]) -> list[tuple[int, int, str, bool]]:
    """What a meeting card with effect `eff` teaches, as (learner, about, camp, is_camp) facts: the
    sender learns of the receiver (an exchange teaches the receiver of the sender too)."""
    camp = factions[target]
    op = eff["op"]
    if op in ("if_camp", "ask"):
        return [(sender, target, eff["camp"], camp == eff["camp"])]
    if op in ("probe", "show"):
        return [(sender, target, camp, True)]
    if op == "exchange":
        return [(sender, target, camp, True), (target, sender, factions[sender], True)]
    raise AssertionError(f"unhandled meeting {op}")


class Meetings:
    def _learn(self, learner: int, about: int, camp: str, is_camp: bool, how: str,
               everyone: bool = False) -> list[Event]:
        """A fact for a seat's dossier ("seat 3 is Blue", "seat 5 is not a Politician")."""
        fact = {"seat": about, "camp": camp, "is": is_camp, "how": how}
        learners = range(self.n_players) if everyone else [learner]
        for s in learners:
            if s != about and fact not in self.dossier[s]:
                self.dossier[s].append(dict(fact))
        return [dict(fact, type="learnt", learner=learner, seats=None if everyone else [learner])]

    def _do_meeting(self, seat: int, mid: str, target: int) -> list[Event]:
        self.meetings[seat].remove(mid)
        eff = data.meeting(mid)["effect"]
        op = eff["op"]
        # A receiver with the "open_meetings" locked skill reads every card aloud.
        public = bool(self._sk(target, "open_meetings"))
        self._act(seat, "meeting", target)
        events: list[Event] = [
            {"type": "meeting_sent", "seat": seat, "target": target, "seats": None},
            {"type": "meeting_card", "seat": seat, "target": target, "meeting": mid,
             "seats": None if public else sorted({seat, target}), "reveal": True},
        ]
        camp = self.factions[target]
        if op == "probe":
            events += self._meeting_outcome(seat, target, eff[camp])
        elif op == "if_camp":
            events += self._meeting_outcome(seat, target, eff["yes"] if camp == eff["camp"] else eff["no"])
        elif op in ("ask", "show", "exchange"):
            outcome = {"ask": "told", "show": "shown", "exchange": "exchanged"}[op]
            events.append({"type": "meeting_result", "seat": seat, "target": target, "outcome": outcome,
                           "seats": None})
        for learner, about, c, is_camp in taught(eff, seat, target, self.factions):
            events += self._learn(learner, about, c, is_camp, "meeting", public)
        self._return_meeting(mid)
        for s in (seat, target):
            k = self._skn(s, "meeting_draw") if s == target else 0
            if k and not self.jailed[s]:
                events += self._draw(s, k, "skill")
        return events + self._resume()

    def _meeting_outcome(self, sender: int, target: int, outcome: str) -> list[Event]:
        """What everyone sees the receiver do."""
        ev: Event = {"type": "meeting_result", "seat": sender, "target": target, "outcome": outcome, "seats": None}
        events = [ev]
        if outcome == "give":
            hand = self.hands[target]
            if hand:
                c = hand.pop(self.rng.randrange(len(hand)))
                self.hands[sender] = sorted(self.hands[sender] + [c])
                events.append({"type": "given_card", "seat": target, "to_seat": sender, "card": c,
                               "seats": [sender, target]})
            else:
                ev["empty"] = True
        elif outcome == "draw":
            events += self._draw(target, 1, "meeting")
        elif outcome == "discard":
            lost = self._random_discard(target, 1)
            ev["cards"] = lost
            if not lost:
                ev["empty"] = True
        return events

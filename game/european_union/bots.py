"""Computer opponents for European Union 歐盟議會.

`normal` knows its own party card and the public card data. It values a bill
by what passing it rather than failing it is worth to its party: the star
products, its ability (for a passed bill, minus what it would give for a
failed one) and one step of its track bonus on the bill's bordered policy.
It bids for member states and MEP seats by the value of the bills it expects
to vote on (always keeping a reserve), drafts the most voting power, keeps
the five bills that pay it best, calls the vote at once as chair, and votes
yes exactly when passing pays it more than failing. It reads only its view.

Gifts (the designer's ruling on deals): no bot ever opens one, and a bot that is asked how much
to give (only the table can open a gift from a bot) gives nothing: it never hands influence over
for nothing, as it cannot hear the deal offered for it. Influence given to a bot is simply its
own: it asks nothing, owes nothing and changes nothing in how it votes, but it has more to bid
with. Its "call the vote at once" is the engine's side of it: at a table with people, the scene
holds a bot chair until every person has said "ready to vote" or the discussion's countdown
ends (scenes/european_union/table.py).
"""
from __future__ import annotations

from game.core.actions import Action
from game.core.bots import Bot, RandomBot

from . import data as cards

RESERVE = 3          # influence never bid away
COUNCIL_SHARE = 0.8  # of the expected value of a round's bills, offered for the states
PARLIAMENT_SHARE = 0.5


NO_GIFT = ("gift", 0)


class EasyBot(RandomBot):
    """`easy`: any legal action, uniformly, except that it never gives influence away."""

    def choose(self, view: dict, legal: list[Action]) -> Action:
        if legal and legal[0][0] == "gift":
            return NO_GIFT
        return super().choose(view, legal)


class NormalBot(Bot):
    level = "normal"

    # -- valuing bills ---------------------------------------------------------
    def bill_value(self, view: dict, bill: str) -> int:
        """Influence this seat gains if `bill` passes rather than fails."""
        party = view["players"][self.seat]["party"]
        b = cards.load()["bill_by_id"][bill]
        pos = view["tracks"][b["border"]]
        step = cards.track_bonus(party, b["border"], pos + 1) - cards.track_bonus(party, b["border"], pos)
        ability = cards.ability_change(party, bill, True) - cards.ability_change(party, bill, False)
        return cards.pay(bill, party) + ability + (step if view["round"] == 3 else step // 2)

    def _unseen_bills(self, view: dict) -> list[str]:
        seen = set(view["drawn_bills"]) | set(view["agenda"])
        for h in view["history"]:
            seen.update(x["bill"] for x in h["bills"])
        return [b["id"] for b in cards.load()["bills"] if b["id"] not in seen]

    # -- decisions -------------------------------------------------------------
    def choose(self, view: dict, legal: list[Action]) -> Action:
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
            bill = view["current_bill"]
            return ("vote", "yes" if self.bill_value(view, bill) >= 0 else "no")
        if kind == "first":  # put itself first if tied, else the first offered
            mine = [a for a in legal if a[1] == self.seat]
            return mine[0] if mine else legal[0]
        return legal[0]  # call_vote: at once

    def _bid(self, view: dict, legal: list[Action]) -> Action:
        have = view["my_influence"]
        if view["stage"] == "council":
            pool = self._unseen_bills(view)
            values = sorted((self.bill_value(view, b) for b in pool), reverse=True)
            # The chair keeps 5 of 7: about the better 5/7 of the deck, of which some pass.
            top = values[:max(1, len(values) * 5 // 7)]
            expected = sum(max(0, v) for v in top) / max(1, len(top)) * 5
            want = COUNCIL_SHARE * expected * 0.5
        else:
            stakes = [abs(self.bill_value(view, b)) for b in view["agenda"]]
            want = PARLIAMENT_SHARE * sum(stakes)
        want += self.rng.randrange(3)
        bid = max(0, min(int(want), have - RESERVE))
        return ("bid", bid)

    def _take(self, view: dict, legal: list[Action]) -> Action:
        d = cards.load()
        if view["stage"] == "council":
            def score(a):
                s = d["state_by_id"][a[1]]
                return (s["power"] + s["influence"], s["power"])
        else:
            def score(a):
                return (d["mep_by_id"][a[1]]["power"],)
        return max(legal, key=score)

    def _keep(self, view: dict, legal: list[Action]) -> Action:
        value = {b: self.bill_value(view, b) for b in view["drawn_bills"]}
        return max(legal, key=lambda a: (sum(value[b] for b in a[1]), a[1]))

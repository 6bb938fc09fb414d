"""The `normal` bot of The Wonderful Island: camp beliefs from what its seat saw, then a
greedy choice that helps its camp and hurts the others (a Politician helps only itself, and
pursues the condition on its character card). It decides from view(seat) and the legal
actions only, in well under 0.1 s."""
from __future__ import annotations

from game.core.actions import Action
from game.core.bots import Bot

from . import data
from .beliefs import INDEX, Beliefs
from .venue_worth import IRON, venue_worth
from .venues import Venues

CARD_KEEP = 0.4          # what an ordinary card in hand is worth (in votes)
KEEP = {"sand_table": 1.0, "acquittal": 0.6, "donation": 0.3, "crisis_pr": 0.6, "change_subject": 0.6,
        "discord": 0.5, "paparazzi": 0.5}
HOSPITAL = 1.5           # a lost action turn
ASSIST = {"stage": 1.0, "sound_truck": 1.0, "brokers": 1.2, "tong_suan": 1.3, "cyber_escort": 0.8,
          "coattails": 1.0, "explainer": 0.8}
SKILL_RATING = {"venue_votes": 0.5, "venue_iron": 0.5, "candidate_draw": 0.5, "hand_limit": 0.3, "assist_bonus": 0.3,
                "hinder_shield": 0.4, "summons_ignore": 0.5, "legis_support": 0.2, "legis_fee": 0.3,
                "start_underdog": 0.5, "start_cycle": 0.3, "start_clear": 0.4, "peek_faction": 0.5,
                "convert_iron": 0.3, "frame": 0.4, "snatch": 0.4, "poach_bonus": 0.2, "targeted_draw": 0.3}
LOCKED_COST = {"start_summons": 0.6, "summons_vote_loss": 0.4, "hand_limit": 0.3, "draw_less": 0.4,
               "leader_tax": 0.4, "hinder_extra": 0.3, "open_meetings": 0.3, "candidate_draw": 0.3}
CHAR_RATING = {"hijack": 1.0, "lead": 0.9, "votes_iron": 0.9, "jailed_others": 0.6,
               "votes_summons": 0.6, "meetings": 0.7, "debate_points": 0.6, "poach": 0.7,
               "hospital_count": 0.6, "jail_rich": 0.5, "summons_table": 0.6, "close": 0.5}


class Ctx:
    """One decision's reading of the view: who is who, and what a vote of each seat is worth to me."""

    def __init__(self, bot: "NormalBot", view: dict) -> None:
        self.view = view
        self.me = bot.seat
        self.n = view["n_players"]
        self.players = view["players"]
        self.faction = view["faction"]
        self.threshold = view["threshold"]
        self.cand = view["candidate"]
        self.hand = view["hand"]
        self.char = view["my_character"]
        self.win = data.character(self.char)["win"] if self.char else None
        self.op = self.win["op"] if self.win and self.faction == "politician" else None
        self.mark = view["mark"]
        self.beliefs = bot.beliefs
        chars = data.load()["char_by_id"]  # each seat's Politician condition, read once per decision
        self._conds = [chars[p["character"]]["win"] if p["character"] else None for p in self.players]
        self._unknown: dict[int, float] = {}
        probs = bot.beliefs.probs(view)
        self.probs = probs
        self._w: list = [None] * self.n  # self.w[s], each worked out when first read
        # A hijacker of my camp who is ready turns my ally's election into its own win.
        self.hijack_risk = 0.0
        if self.faction in ("blue", "green"):
            for s, w in enumerate(self._conds):
                if s != self.me and w and w["op"] == "hijack" and w["camp"] == self.faction and \
                        self.total(s) >= data.votes_needed(w, self.mark) and not self.players[s]["jailed"]:
                    self.hijack_risk = max(self.hijack_risk, probs[s][INDEX["politician"]])

    @property
    def w(self) -> "Ctx":
        """What a vote of each seat is worth to me, read as ctx.w[s] (__getitem__): a seat's
        weight is worked out the first time it is read, as a decision reads only a few seats' (and
        a search's rollouts make a Ctx at every move). The Ctx itself: a list of weights kept on
        it would take it into a reference cycle, left to the garbage collector."""
        return self

    def __getitem__(self, s: int) -> float:
        v = self._w[s]
        if v is None:
            v = self._w[s] = self._weight(s, self.probs[s])
        return v

    def skills(self, op: str) -> list[dict]:
        """My character's skills of one kind (none before a character is kept)."""
        return data.character(self.char)["ops"].get(op, []) if self.char else []

    def _cond(self, s: int):
        return self._conds[s]

    def unknown(self, s: int) -> float:
        """How little I know of seat s's camp (the entropy of my belief), once per decision."""
        v = self._unknown.get(s)
        if v is None:
            v = self._unknown[s] = self.beliefs.entropy(s)
        return v

    def _weight(self, s: int, p: list[float]) -> float:
        if s == self.me:
            return 1.0
        if self.players[s]["jailed"]:
            return 0.0
        # A Politician near its own condition (no need to ask how near where none can be one).
        threat = p[2] * self.progress(s) ** 3 if p[2] else 0.0
        if self.faction == "politician":
            w = self.win
            if w and w["op"] == "hijack":
                ready = self.total(self.me) >= data.votes_needed(w, self.mark)
                friend = p[INDEX[w["camp"]]]
                return friend * (0.5 if ready else -0.2) - (1 - friend) * 0.6 - threat
            return -0.6 - threat
        mine, other = INDEX[self.faction], 1 - INDEX[self.faction]
        return p[mine] - p[other] - 0.6 * p[2] - 2.0 * threat

    def progress(self, s: int) -> float:
        """How close seat s is to its Politician condition, 0..1 (were it a Politician)."""
        w = self._cond(s)
        if w is None:
            return 0.0
        pl = self.players[s]
        op = w["op"]
        votes = min(1.0, pl["total"] / data.votes_needed(w, self.mark)) if "rel" in w else 1.0
        # A chain of tests, not a table of lambdas: this runs for every seat at every rollout move.
        if op == "votes_iron":
            part = pl["iron"] / w["iron"]
        elif op == "votes_summons":
            part = pl["summons"] / w["summons"]
        elif op == "meetings":
            part = pl["meetings"] / w["n"]
        elif op == "jailed_others":
            part = sum(1 for x in self.players if x["jailed"]) / w["n"]
        elif op == "hospital_count":
            part = pl["hospitalised"] / w["n"]
        elif op == "debate_points":
            part = pl["debate_points"] / w["n"]
        elif op == "summons_table":
            part = self.view["summons_total"] / w["n"]
        elif op == "jail_rich":
            part = pl["summons"] / 3
        else:
            return votes * (0.3 if op == "poach" else 0.8)
        return min(votes, min(1.0, part))

    def total(self, s: int) -> int:
        return self.players[s]["total"]

    def summons_harm(self, s: int, k: int = 1) -> float:
        """What k more summonses cost seat s (jail at 3 takes every vote)."""
        have = self.players[s]["summons"]
        harm = 0.0
        for i in range(k):
            now = have + i
            if now >= 2:
                return harm + 4.0 + self.total(s)
            harm += 1.2 + now
        return harm

    def keep(self, cid: str) -> float:
        if self.op == "meetings" and cid == "envoy":
            return 0.0  # played at once: it is a meeting card
        return KEEP.get(cid, CARD_KEEP)

    def cheapest(self, cards, k: int = 1) -> list[str]:
        return sorted(cards, key=lambda c: (self.keep(c), c))[:k]

    def gain_value(self, s: int, votes: float) -> float:
        """Votes for seat s, in my currency; crossing the threshold counts for much more (unless a
        ready hijacker of my camp would take the win)."""
        value = self.w[s] * votes
        if self.players[s]["total"] + votes >= self.threshold > self.players[s]["total"]:
            crossing = self.w[s] * 6
            if crossing > 0:
                crossing *= 1 - 2 * self.hijack_risk
            value += crossing
        return value


class NormalBot(Bot):
    level = "normal"

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self.beliefs = None

    def choose(self, view: dict, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.beliefs is None or self.beliefs.n != view["n_players"]:
            self.beliefs = Beliefs(self.seat, view["n_players"])
        if view["phase"] == "character":
            return max(legal, key=lambda a: self._rate_character(view, a[1]))
        ctx = Ctx(self, view)
        handler = getattr(self, "_" + view["phase"], None)
        choice = handler(ctx, legal) if handler else None
        return choice if choice in legal else legal[0]

    # -- setup and venue ------------------------------------------------------------------------
    def _rate_character(self, view: dict, cid: str) -> float:
        """A character is kept before the faction card is seen: its skills count for any camp, its
        Politician condition as likely as being dealt a Politician card."""
        c = data.character(cid)
        counts = data.load()["factions_by_players"][str(view["n_players"])]
        p_pol = counts["politician"] / view["n_players"]
        skills = sum(SKILL_RATING.get(sk["op"], 0.2) for sk in c["skills"][:2]) - LOCKED_COST.get(c["skills"][2]["op"], 0.2)
        return (1 - p_pol) * skills + p_pol * CHAR_RATING.get(c["win"]["op"], 0.5) + 0.01 * self.rng.random()

    def _venue(self, ctx: Ctx, legal: list[Action]) -> Action:
        scores = venue_worth(ctx)
        return max(legal, key=lambda a: (scores[a[1]], a[1] == "rally", a[1]))

    @staticmethod
    def _skills(ctx: Ctx, op: str) -> list[dict]:
        return ctx.skills(op)

    def _ask(self, ctx: Ctx, legal: list[Action]) -> Action:
        if ctx.players[ctx.me]["hospital"]:
            # From hospital no reply can be played: joining is a lost challenge (a card, and a vote
            # for the candidate), refusing a card more for the candidate. Only an ally gets the vote.
            return ("debate", "join") if ctx.w[ctx.cand] > 0.2 else ("debate", "refuse")
        # Refusing costs the whole action turn; only a debater with nothing in hand stays away
        # from an enemy's debate.
        if ctx.w[ctx.cand] < -0.3 and len(ctx.hand) <= 1:
            return ("debate", "refuse")
        return ("debate", "join")

    # -- the action turn -------------------------------------------------------------------------
    def _start(self, ctx: Ctx, legal: list[Action]) -> Action:
        best, value = ("skip",), 0.0
        for a in legal:
            if a[0] != "skill":
                continue
            op = data.character(ctx.char)["skills"][a[1]]["op"]
            if op == "start_underdog":
                v = 1.0
            elif op == "start_cycle":
                v = 2 * CARD_KEEP - ctx.keep(a[2]) + 0.1
            elif op == "start_clear":
                v = ctx.summons_harm(ctx.me) * 0.8 - sum(ctx.keep(c) for c in a[2])
            else:
                v = 0.0
            if v > value:
                best, value = a, v
        return best

    def _play(self, ctx: Ctx, legal: list[Action]) -> Action:
        best, value = ("end",), 0.05
        # The same choice as weighing every action with _value, with less weighing (this runs at
        # every move of the hard bot's rollouts): a trade is worth -1.0 (never taken) unless
        # meeting cards are my condition, and passing a meeting card is worth the same whichever
        # card it is, so only the first card to each seat can be the best (ties keep the first).
        trades = ctx.op == "meetings"
        met: set = set()
        for a in legal:
            kind = a[0]
            if kind == "play":
                v = self._card_value(ctx, a[1], a[2:]) - ctx.keep(a[1])  # _value's "play"
            elif kind == "meeting":
                if a[2] in met:
                    continue
                met.add(a[2])
                v = self._value(ctx, a)
            elif kind == "trade" and not trades:
                continue
            else:
                v = self._value(ctx, a)
            if v > value:
                best, value = a, v
        return best

    def _value(self, ctx: Ctx, a: Action) -> float:
        kind = a[0]
        if kind == "play":
            return self._card_value(ctx, a[1], a[2:]) - ctx.keep(a[1])
        if kind == "meeting":
            if ctx.op == "meetings":
                return -1.0  # kept: they are the condition
            t = a[2]
            unknown = ctx.unknown(t)
            return 0.9 * unknown + 0.1 * (ctx.players[t]["total"] / max(1, ctx.threshold)) - 0.3
        if kind == "skill":
            return self._skill_value(ctx, a)
        if kind == "trade" and ctx.op == "meetings":
            return 1.6 - sum(ctx.keep(c) for c in a[1])
        return -1.0  # trades: three cards for one meeting card rarely pays

    def _card_value(self, ctx: Ctx, cid: str, args: tuple) -> float:
        c = data.card(cid)
        cand, view = ctx.cand, ctx.view
        if c["kind"] == "assist":
            v = ASSIST.get(cid, 1.0)
            if cid == "sound_truck" and view["venue"] in ("rally", "street"):
                v = 2.0
            if cid == "cyber_escort":
                v = 1.2 if any(x["kind"] == "hinder" for x in view["slots"]) else 0.5
            bonus = ctx.gain_value(cand, v)
            if cid == "coattails":
                bonus += ctx.gain_value(ctx.me, 1)
            return bonus + 0.2 * ctx.w[cand]
        if c["kind"] == "hinder":
            return -ctx.w[cand] * self._harm(ctx, cid, cand)
        eff = c["effect"]["op"]
        t = args[0] if args else None
        if eff == "draw":
            return 2 * CARD_KEEP + 0.2
        if eff == "gain":
            return ctx.gain_value(ctx.me, 1)
        if eff == "buy_vote":
            return ctx.gain_value(ctx.me, 1) - ctx.keep(t)
        if eff == "both_gain":
            return ctx.gain_value(ctx.me, 1) + ctx.gain_value(t, 1)
        if eff == "target_summons":
            return -ctx.w[t] * ctx.summons_harm(t) + self._jail_wish(ctx, t)
        if eff == "target_lose":
            return -ctx.w[t] * min(1, ctx.players[t]["votes"])
        if eff == "random_discard":
            return -ctx.w[t] * CARD_KEEP * min(2, ctx.players[t]["hand"])
        if eff == "transfer":
            a_, b_ = args
            k = min(2, ctx.players[a_]["votes"])
            return ctx.gain_value(b_, k) - ctx.w[a_] * k
        if eff == "shooting":
            own = 2.5 if ctx.op == "hospital_count" and t == ctx.me and not ctx.players[t]["hospitalised"] else 0.0
            return ctx.gain_value(t, 2) - ctx.w[t] * HOSPITAL * 1.6 + own
        if eff == "clear_summons":
            return ctx.w[t] * ctx.summons_harm(t) * 0.7 if ctx.players[t]["summons"] else -1
        if eff == "draw_meeting":
            return 1.6 if ctx.op == "meetings" else 0.5
        if eff == "remove_slot":
            slot = view["slots"][t]
            if slot["kind"] == "hinder":
                return ctx.w[cand] * self._harm(ctx, slot["card"], cand)
            return -ctx.w[cand] * ASSIST.get(slot["card"], 1.0)
        if eff == "abandon":
            alive = [p for p in ctx.players if not p["jailed"]]
            low = min(p["total"] for p in alive)
            if ctx.players[t]["total"] == low:
                return -1.0  # the giver may be the receiver: nothing moves
            return ctx.gain_value(t, 1) * 0.8
        return 0.0

    def _jail_wish(self, ctx: Ctx, t: int) -> float:
        if ctx.op in ("jailed_others", "summons_table") and t != ctx.me:
            return 1.0
        return 0.0

    def _harm(self, ctx: Ctx, cid: str, s: int) -> float:
        """How much a hinder card on seat s's venue hurts s."""
        eff = data.card(cid)["effect"]
        op = eff["op"]
        if op == "summons":
            k = eff["n"] + (eff.get("if_any", 0) if ctx.players[s]["summons"] else 0)
            return ctx.summons_harm(s, k)
        if op == "hospital":
            return HOSPITAL
        if op == "lose":
            return eff["n"] + CARD_KEEP * eff.get("discard", 0)
        if op == "cancel":
            return 1.0 if any(x["kind"] == "assist" for x in ctx.view["slots"]) else 0.5
        if op == "halve_venue":
            return 1.5
        return 0.6

    def _skill_value(self, ctx: Ctx, a: Action) -> float:
        op = data.character(ctx.char)["skills"][a[1]]["op"]
        if op == "peek_faction":
            return 1.2 * ctx.unknown(a[2])
        if op == "convert_iron":
            return (IRON - 1.0) * 2 - sum(ctx.keep(c) for c in a[2])
        if op == "frame":
            t = a[3]
            return -ctx.w[t] * ctx.summons_harm(t) - sum(ctx.keep(c) for c in a[2])
        if op == "snatch":
            return CARD_KEEP * (1 - ctx.w[a[2]])
        return 0.0

    def _discard(self, ctx: Ctx, legal: list[Action]) -> Action:
        return ("discard", ctx.cheapest(ctx.hand)[0])

    # -- answers ---------------------------------------------------------------------------------
    def _react(self, ctx: Ctx, legal: list[Action]) -> Action:
        best, value = ("pass",), 0.2
        for a in legal:
            if a[0] != "play":
                continue
            cid = a[1]
            if cid in ("sand_table", "crisis_pr", "discord"):
                v = self._cancel_slot_value(ctx, a[2])
            elif cid == "change_subject":
                slot = ctx.view["slots"][a[2]]
                v = ctx.w[ctx.cand] * self._harm(ctx, slot["card"], ctx.cand) - ctx.w[slot["by"]] * 1.0
            elif cid == "paparazzi":
                v = -ctx.w[ctx.cand] * min(ctx.summons_harm(ctx.cand), 2 * CARD_KEEP + 0.5)
            else:
                v = 0.0
            v -= ctx.keep(cid)
            if v > value:
                best, value = a, v
        return best

    def _cancel_slot_value(self, ctx: Ctx, i: int) -> float:
        slot = ctx.view["slots"][i]
        if slot["kind"] == "hinder":
            return ctx.w[ctx.cand] * self._harm(ctx, slot["card"], ctx.cand)
        return -ctx.w[ctx.cand] * ASSIST.get(slot["card"], 1.0)

    def _respond(self, ctx: Ctx, legal: list[Action]) -> Action:
        if ("cancel",) not in legal:  # asked without 沙盤推演 in hand (every target is asked)
            return ("accept",)
        p = ctx.view["pending"]
        me = ctx.me
        if p["kind"] == "skill":
            harm = ctx.summons_harm(me)
        else:
            op = data.card(p["card"])["effect"]["op"]
            harm = {"target_summons": ctx.summons_harm(me), "transfer": min(2, ctx.players[me]["votes"]),
                    "target_lose": 1.0, "random_discard": 2 * CARD_KEEP, "shooting": HOSPITAL - 2,
                    "tape": min(ctx.summons_harm(me), 2 * CARD_KEEP + 0.5)}.get(op, 0.5)
        return ("cancel",) if harm > ctx.keep("sand_table") + 0.3 else ("accept",)

    def _choose(self, ctx: Ctx, legal: list[Action]) -> Action:
        pair = tuple(sorted(ctx.cheapest(ctx.hand, 2)))
        if ("choose", "discard", pair) in legal and sum(ctx.keep(c) for c in pair) < ctx.summons_harm(ctx.me):
            return ("choose", "discard", pair)
        return ("choose", "summons")

    # -- venue procedures ------------------------------------------------------------------------
    def _dice(self, ctx: Ctx, legal: list[Action]) -> Action:
        d = ctx.view["dice"]
        return max(legal, key=lambda a: Venues.street_value(d[a[1]], d[a[2]]))

    def _offer(self, ctx: Ctx, legal: list[Action]) -> Action:
        proc = ctx.view["proc"]
        voter = proc["asking"]
        friends = 1 + sum(1 for s in proc["electorate"] if s != ctx.me and ctx.w[s] > 0.2)
        offered = sum(1 for o in proc["offers"].values() if o["votes"] > 0)
        need = proc["needed"] - self._bonus(ctx)
        if ctx.w[voter] > 0.2 or friends + offered >= need:
            return ("offer", 0, 0, "none")
        if ("offer", 1, 0, "none") in legal and ctx.w[voter] > -0.7:
            return ("offer", 1, 0, "none")
        return ("offer", 0, 1, "none") if ("offer", 0, 1, "none") in legal else ("offer", 0, 0, "bow")

    def _bonus(self, ctx: Ctx) -> int:
        assists = sum(1 for x in ctx.view["slots"] if x["kind"] == "assist")
        return assists // 2 + sum(sk["n"] for sk in self._skills(ctx, "legis_support"))

    def _bill_value(self, ctx: Ctx) -> float:
        proc = ctx.view["proc"]
        offer = proc["offers"].get(str(ctx.me), {"votes": 0, "cards": 0})
        kept = proc["pot"] - sum(o["votes"] for o in proc["offers"].values())
        value = ctx.gain_value(ctx.me, offer["votes"]) + CARD_KEEP * offer["cards"]
        if ctx.cand != ctx.me:
            value += ctx.gain_value(ctx.cand, kept)
        else:
            value += 3
        return value

    def _answer(self, ctx: Ctx, legal: list[Action]) -> Action:
        v = self._bill_value(ctx)
        return ("answer", "yes" if v > 0.3 else "no" if v < -0.3 else "maybe")

    def _vote(self, ctx: Ctx, legal: list[Action]) -> Action:
        return ("vote", "yes" if self._bill_value(ctx) >= 0 else "no")

    def _pay(self, ctx: Ctx, legal: list[Action]) -> Action:
        return ("give", ctx.cheapest(ctx.hand)[0])

    def _allot(self, ctx: Ctx, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (ctx.gain_value(a[1], 1), a[1] == ctx.me))

    def _gift(self, ctx: Ctx, legal: list[Action]) -> Action:
        return ("done",)

    def _target(self, ctx: Ctx, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (-ctx.w[a[1]] + 0.1) * ctx.players[a[1]]["votes"])

    def _lay(self, ctx: Ctx, legal: list[Action]) -> Action:
        t = ctx.view["proc"]["target"]
        if ctx.w[t] > 0:
            return ("done",)
        keep = [c for c in ctx.hand if c == "sand_table"][:1]
        spare = [c for c in ctx.hand if c not in keep or ctx.hand.count(c) > 1]
        return ("lay", spare[0]) if spare else ("done",)

    def _match(self, ctx: Ctx, legal: list[Action]) -> Action:
        if ctx.w[ctx.cand] > 0:
            return ("done",)
        options = [a for a in legal if a[0] == "match"]
        return min(options, key=lambda a: ctx.keep(a[1])) if options else ("done",)

    def _issue(self, ctx: Ctx, legal: list[Action]) -> Action:
        debaters = ctx.view["proc"]["debaters"]
        if all(ctx.w[s] > 0 for s in debaters):
            return ("issue",)
        copies = {c["id"]: c["copies"] for c in data.load()["cards"]}

        def hardness(a: Action) -> float:
            if len(a) == 1:
                return -10.0
            return sum(10 - copies[c] for c in a[1:]) - sum(ctx.keep(c) for c in a[1:])
        return max(legal, key=hardness)

    def _reply(self, ctx: Ctx, legal: list[Action]) -> Action:
        replies = [a for a in legal if a[0] == "reply"]
        if not replies:
            return ("concede",)
        return min(replies, key=lambda a: sum(ctx.keep(c) for c in a[1:]))

    def _lose(self, ctx: Ctx, legal: list[Action]) -> Action:
        return ("lose", ctx.cheapest(ctx.hand)[0])

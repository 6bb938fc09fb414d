"""Rules of The Wonderful Island 美麗島風雲 (rules/wonderful_island.zh-TW.txt), 3-8 players.

Seats are numbered counter-clockwise, so "the next player" (the candidate
order and the action order, both counter-clockwise) is seat + 1.

Setup: each seat is offered 2 characters and keeps 1 (all at once, in
private); factions, 3 effect cards, secret-meeting cards and starting votes
are dealt. Then campaign turns: the candidate picks a venue (TV debate: the
others say whether they debate); action turns run from the candidate's right
to the candidate (A turn-start skills, B draw 2, C play, D discard to the
hand limit, E end); a reaction window lets the others answer with reaction
cards; settlement resolves the venue's cards, the venue effect and the assist
effect. The game ends on a declaration, a forced count (rounds or pool
exhausted) or when one player is left out of jail.

Actions (tuples; JSON lists in records), each only for the seat to act:

* ``("character", cid)``          keep one of the two characters offered (phase "character", all at once)
* ``("venue", vid)``              the candidate's venue (phase "venue")
* ``("debate", "join"|"refuse")`` TV debate: asked in action order (phase "ask")
* ``("skill", i, *args)``         use active skill i of one's character (step A or C)
* ``("skip",)``                   skip step A (phase "start")
* ``("play", cid, *args)``        play an effect card (step C, or a reaction card in phase "react")
* ``("meeting", mid, seat)``      pass a secret-meeting card face down (step C)
* ``("trade", (c1, c2, c3))``     discard 3 cards for 1 secret-meeting card (step C; ids sorted)
* ``("end",)``                    end the action turn (step E)
* ``("discard", cid)``            step D, one card at a time while over the hand limit
* ``("pass",)``                   decline to react (phase "react")
* ``("cancel",)`` / ``("accept",)`` answer to being targeted, with 沙盤推演 or not (phase "respond";
  "cancel" only for a seat holding one)
* ``("choose", option)``          狗仔錄音: "discard" or "summons" (phase "choose")
* ``("pick", i, j)``              street canvassing: the two dice kept of three (phase "dice")
* ``("offer", votes, cards, extra)`` legislature: the candidate's offer to the voter asked (phase "offer")
* ``("answer", "yes"|"maybe"|"no")`` the voter's public answer (phase "answer")
* ``("vote", "yes"|"no")``        the secret show of hands, all at once (phase "vote")
* ``("give", cid)`` / ``("gift", seat, cid)`` / ``("allot", seat)`` / ``("done",)`` paying the bill
* ``("target", seat)``, ``("lay", cid)``, ``("match", cid)``, ``("done",)`` poaching
* ``("issue", *cids)``, ``("reply", *cids)``, ``("concede",)``, ``("lose", cid)`` TV debate

No table actions: ``legal_actions(None)`` is always empty.

Views: ``view(seat)`` holds the public table (characters, votes, iron, summons,
jail / hospital / away, hand and meeting counts, pool, decks, venue and its
cards, the venue procedure, public acts) and, for a seat, its faction (once
every character is chosen), hand, meeting cards with their texts and its
dossier (what it has learnt of others' camps). Factions are public only once
the game is over. During the reaction window, who is deciding is not in any
view. A target asked about 沙盤推演 is public: every target that could answer
is asked, holding the card or not (edition 1 records asked only holders, and
their views hide it).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Optional

from game.core.actions import Action
from game.core.clone import ActionLog
from game.core.state import Event, GameState, Seat

from . import data
from .ending import Ending
from .flow import Flow
from .meetings import Meetings
from .phases import HIDDEN_ACTOR, MATCH, OFFER, OPEN_PHASES, OVER, REACT, RESPOND

from .plays import Plays
from .settle import Settle
from .venues import Venues

EDITIONS = (3, 2, 1)  # SPEC.legacy_options["edition"]: today's first


class WIState(Flow, Plays, Meetings, Settle, Venues, Ending, GameState):
    key = "wonderful_island"

    def __init__(self, n_players: int, seed: int, options: dict) -> None:
        super().__init__(n_players, seed, options)
        n = n_players
        d = data.load()
        if str(n) not in d["tables"]:
            raise ValueError(f"The Wonderful Island takes 3-8 players, not {n}")
        for name, allowed in (("length", d["length"]), ("meetings_dealt", ("two", "camp_minus_one")),
                              ("used_meetings", ("reshuffle", "remove")), ("promises", ("binding", "words")),
                              ("reactions", ("holders", "everyone", "never")), ("skill_cancel", ("indirect", "never")),
                              ("edition", EDITIONS)):
            if options.get(name, next(iter(allowed))) not in allowed:
                raise ValueError(f"{name} must be one of {sorted(allowed)}")
        # The rules edition (GameSpec.legacy_options): 1 and 2 replay records made before the rule
        # fixes of editions 2 and 3; a state built without options (the hard bot's worlds) plays today's.
        self.edition = options.get("edition", EDITIONS[0])
        # Rules 3(1): by default 沙盤推演 may cancel a skill's indirect effect (the courts act); "never"
        # reads the text literally: no active skill can be cancelled.
        self.skill_cancel = options.get("skill_cancel", "indirect")
        start = options.get("start_player", "random")
        if start == "random":
            start = self.rng.randrange(n)
        elif not (isinstance(start, int) and not isinstance(start, bool) and 0 <= start < n):
            raise ValueError(f"start player must be 'random' or a seat from 0 to {n - 1}")
        self.table = data.table_for(n, options)
        self.limits = d["limits"]
        self.threshold = self.table["threshold"]
        self.max_rounds = self.table["max_rounds"]
        self.promises = options.get("promises", "binding")
        # Who is asked after the candidate ends: everyone (a new game's default: being asked tells
        # nobody anything), or only seats holding an answer; "never" asks the engine's holders but lets
        # the table pass for its human players. A state built without options (the hard bot's worlds,
        # all bots) asks holders only: the same game, without the passes of seats that hold nothing.
        self.ask_everyone = options.get("reactions", "holders") == "everyone"
        self.remove_meetings = options.get("used_meetings", "reshuffle") == "remove"
        self.start = start
        self.cand = start
        self.round = 1
        self.camp_count = 0              # campaign turns begun so far
        # tokens
        self.pool = self.table["pool"]
        self.removed_votes = 0           # votes out of the game (iron exchanges, jail)
        self.iron_supply = self.limits["iron"]
        self.summons_total = 0
        # seats
        self.factions = data.factions_for(n)
        self.rng.shuffle(self.factions)
        chars = [c["id"] for c in d["characters"]]
        self.rng.shuffle(chars)
        self.offers = [sorted(chars[2 * s:2 * s + 2]) for s in range(n)]
        self.chars: list[Optional[str]] = [None] * n
        self.votes = [0] * n
        self.iron = [0] * n
        self.summons = [0] * n
        self.jailed = [False] * n
        self.hosp: list[Optional[int]] = [None] * n   # campaign turn of hospitalisation
        self.away = [False] * n                         # refused the TV debate
        self.deck = data.effect_deck()
        self.rng.shuffle(self.deck)
        self.discard: list[str] = []
        self.mdeck = data.meeting_deck()
        self.rng.shuffle(self.mdeck)
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.meetings: list[list[str]] = [[] for _ in range(n)]
        self.dossier: list[list[dict]] = [[] for _ in range(n)]
        self.acts: list[list] = []        # public acts, [actor, verb, target], for reading camps
        self.stats = [{"hospitalised": 0, "debate_wins": 0, "debate_points": 0, "summons_left": 0, "flags": []}
                      for _ in range(n)]
        self.once: list[set] = [set() for _ in range(n)]  # once-per-game / per-round / per-turn skill uses
        # the campaign in progress
        self.venue: Optional[str] = None
        self.slots: list[dict] = []
        self.order: list[int] = []
        self.ai = 0
        self.actor: Optional[int] = None
        self.proc: dict = {}              # the venue procedure in progress (public parts)
        self.st: dict = {}                # settlement accumulators
        self.react: dict = {}
        self.pending: Optional[dict] = None
        self.back: list = []
        self.dice: list[int] = []
        self.last_settlement: Optional[dict] = None
        self.end: Optional[dict] = None
        self.final_winners: list[int] = []
        self.phase = "character"
        self.setup_events = self._deal()

    def _deal(self) -> list[Event]:
        n = self.n_players
        events: list[Event] = [{"type": "setup", "threshold": self.threshold, "pool": self.table["pool"],
                                "start_votes": self.table["start_votes"], "max_rounds": self.max_rounds,
                                "first": self.start, "seats": None}]
        for s in range(n):
            self.votes[s] = self._take_from_pool(self.table["start_votes"])
            self.hands[s] = sorted(self._draw_cards(self.limits["start_hand"]))
            self.meetings[s] = [self.mdeck.pop() for _ in range(min(self.table["meetings"], len(self.mdeck)))]
            events += [{"type": "offered", "seat": s, "characters": list(self.offers[s]), "seats": [s]},
                       {"type": "hand", "seat": s, "cards": list(self.hands[s]), "meetings": list(self.meetings[s]),
                        "seats": [s]}]
        return events

    # -- the contract ------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.phase == "character":
            return [s for s in range(self.n_players) if self.chars[s] is None]
        if self.phase == "vote":
            return [s for s in self.proc["electorate"] if str(s) not in self.proc["votes"]]
        return [self.actor] if self.actor is not None else []

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat is None or self.phase == OVER or seat not in self.to_act():
            return []
        return getattr(self, "_legal_" + self.phase)(seat)

    def decides_openly(self, seat: Seat) -> bool:
        """Said aloud at the table, needing no look at one's cards: a voter's answer to an offer,
        the candidate sharing out the bill's votes, the two street dice kept, the answer to the TV
        debate's question; the candidate's offer when no choice in it depends on her hand (public
        facts alone: the voter has no summons to clear, or she holds no card); and an answer that
        an empty hand forces (letting a card happen, matching nothing when poached, passing in the
        reaction window).
        Whether a decision is open is read from public facts only, so the hand-off screen (or its
        absence) tells the table nothing."""
        if seat not in self.to_act():
            return False
        if self.phase in OPEN_PHASES:
            return True
        if self.phase == OFFER:
            return self.summons[self.proc["asking"]] == 0 or not self.hands[seat]
        if self.phase in (RESPOND, MATCH) and self.edition >= 2:  # edition 1 asked only holders
            return not self.hands[seat]
        if self.phase == REACT:  # the window asks whoever could answer; with no card, only a pass
            return not self.hands[seat]
        return False

    def is_over(self) -> bool:
        return self.phase == OVER

    def winners(self) -> list[int]:
        return list(self.final_winners)

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        handler = getattr(self, "_do_" + action[0])
        events = handler(seat, *action[1:])
        if self.phase != OVER and not self.st:
            events += self._check_end()  # outside a settlement, any change may end the game
        return events

    def clone(self) -> "WIState":
        other = object.__new__(WIState)
        other.__dict__.update(self.__dict__)
        for key in ("factions", "offers", "chars", "votes", "iron", "summons", "jailed", "hosp", "away", "deck",
                    "discard", "mdeck", "order", "dice", "final_winners", "back"):
            other.__dict__[key] = list(self.__dict__[key])
        for key in ("hands", "meetings", "dossier", "acts", "slots"):
            other.__dict__[key] = [list(x) if isinstance(x, list) else dict(x) for x in self.__dict__[key]]
        other.once = [set(x) for x in self.once]
        other.stats = [{**x, "flags": list(x["flags"])} for x in self.stats]
        other.proc = _deep(self.proc)
        other.st = _deep(self.st)
        other.react = _deep(self.react)
        other.pending = _deep(self.pending)
        other.rng = type(self.rng)()
        other.rng.setstate(self.rng.getstate())
        other.actions = ActionLog.after(self.actions)  # the history is not copied (setup_events: shared)
        return other

    # -- what a seat may know ---------------------------------------------------------------
    def view(self, seat: Seat) -> dict:
        """What `seat` may know (a search's rollout players read bot_view instead)."""
        n = self.n_players
        over = self.phase == OVER
        phase, actor, pending = self.phase, self.actor, self.pending
        hide_actor = phase in HIDDEN_ACTOR
        if phase == RESPOND and self.edition < 2:
            # Edition 1 asked only seats holding 沙盤推演: to the others the card is still being played.
            hide_actor = True
            if seat != self.actor:
                (phase, actor), pending = self.back[-1], None
        # A search's rollouts ask for a view at every move: the seat rows read locals, not attributes.
        chars, votes, iron, stats = self.chars, self.votes, self.iron, self.stats
        shown = self.phase != "character"
        players = []
        for s in range(n):
            st = stats[s]
            players.append({
                "seat": s,
                "character": chars[s] if shown else None,
                "chosen": chars[s] is not None,
                "faction": self.factions[s] if over else None,
                "votes": votes[s], "iron": iron[s], "total": votes[s] + iron[s],
                "summons": self.summons[s], "jailed": self.jailed[s],
                "hospital": self.hosp[s] is not None, "away": self.away[s],
                "hand": len(self.hands[s]), "meetings": len(self.meetings[s]),
                "hospitalised": st["hospitalised"], "debate_wins": st["debate_wins"],
                "debate_points": st["debate_points"],
            })
        mine = seat is not None
        return {
            "game": self.key, "seat": seat, "n_players": n,
            "phase": phase, "round": self.round, "max_rounds": self.max_rounds,
            "threshold": self.threshold, "mark": self.table["mark"], "pool": self.pool, "iron_supply": self.iron_supply,
            "removed_votes": self.removed_votes, "summons_total": self.summons_total,
            "deck": len(self.deck), "discard": list(self.discard), "meeting_deck": len(self.mdeck),
            "start": self.start, "candidate": self.cand if self.phase != "character" else None,
            "venue": self.venue, "slots": [dict(x) for x in self.slots],
            "order": list(self.order), "actor": None if phase == REACT else actor,
            "to_act": ([seat] if seat in self.to_act() else []) if hide_actor else self.to_act(),
            "window_open": phase == REACT,
            "pending": _public_pending(pending),
            "proc": _public_proc(self.proc, seat, over),
            "dice": list(self.dice),
            "last_settlement": _deep(self.last_settlement),
            "players": players,
            "acts": [list(a) for a in self.acts],
            # The faction card is dealt after the characters are chosen (rules 1(1)): not seen before.
            "faction": self.factions[seat] if mine and self.phase != "character" else None,
            "offer": list(self.offers[seat]) if mine and self.phase == "character" else [],
            "my_character": self.chars[seat] if mine else None,
            "hand": list(self.hands[seat]) if mine else [],
            "my_meetings": list(self.meetings[seat]) if mine else [],
            "dossier": [dict(f) for f in self.dossier[seat]] if mine else [],
            "used": sorted(self.once[seat]) if mine else [],
            "end": _deep(self.end),
            "winners": list(self.final_winners) if over else [],
        }

    def sightings(self, seat: int) -> Counter:
        """What `seat` sees (GameState.sightings): its hand, and every effect card out of the deck
        and out of every hand, wherever it lies (the discard pile, a venue's cards, cards laid,
        matched or issued in a debate, a jailed hand): nothing leaves a hand face down but into
        another hand. Its secret-meeting cards; the characters offered to it, then every one kept;
        its faction once dealt, and every faction at the end."""
        return self._seen_by(seat, self._face_up())

    def sight(self) -> tuple[Counter, ...]:
        face_up = self._face_up()  # the same for every seat: counted once
        return tuple(self._seen_by(s, face_up) for s in range(self.n_players))

    def _face_up(self) -> Counter:
        out = Counter(_all_cards())
        out.subtract(self.deck)
        for hand in self.hands:
            out.subtract(hand)
        return Counter({("card", c): k for c, k in out.items() if k > 0})

    def _seen_by(self, seat: int, face_up: Counter) -> Counter:
        seen = face_up.copy()
        seen.update(("card", c) for c in self.hands[seat])
        seen.update(("meeting", m) for m in self.meetings[seat])
        if self.phase == "character":
            seen.update(("character", c) for c in self.offers[seat])
            return seen
        seen.update(("character", c) for c in self.chars)
        over = self.phase == OVER
        seen.update(("faction", s, f) for s, f in enumerate(self.factions) if over or s == seat)
        return seen

    def bot_view(self, seat: int) -> dict:
        """The part of view(seat) that the normal bot reads (bots.py, beliefs.py), for a search
        whose rollout players ask for one at every move: the same values, but the state's own
        lists and dicts rather than copies (the bot never changes a view), and of each seat's row
        only the fields the bot reads. tests/test_wi_bot_view.py holds it to view()."""
        phase, pending = self.phase, self.pending
        if phase == RESPOND and self.edition < 2 and seat != self.actor:
            phase, pending = self.back[-1][0], None
        shown = self.phase != "character"
        players = [{
            "character": c if shown else None, "votes": v, "iron": i, "total": v + i,
            "summons": summons, "jailed": jailed, "hospital": hosp is not None,
            "hand": len(hand), "meetings": len(meetings),
            "hospitalised": st["hospitalised"], "debate_points": st["debate_points"],
        } for c, v, i, summons, jailed, hosp, hand, meetings, st in zip(
            self.chars, self.votes, self.iron, self.summons, self.jailed, self.hosp, self.hands,
            self.meetings, self.stats)]
        proc = self.proc
        public = {k: v for k, v in proc.items() if not k.startswith("_")}
        if "votes" in proc and not proc.get("revealed") and self.phase != OVER:
            public["votes"] = {s: (v if s == str(seat) else None) for s, v in proc["votes"].items()}
        return {
            "n_players": self.n_players, "phase": phase, "threshold": self.threshold,
            "mark": self.table["mark"], "summons_total": self.summons_total,
            "candidate": self.cand if shown else None, "venue": self.venue, "slots": self.slots,
            "pending": {k: v for k, v in pending.items() if k in PUBLIC_PENDING} if pending else None,
            "proc": public, "dice": self.dice, "players": players, "acts": self.acts,
            "faction": self.factions[seat] if shown else None, "my_character": self.chars[seat],
            "hand": self.hands[seat], "dossier": self.dossier[seat],
        }

    def view_all(self) -> dict:
        """The public view with every seat's secrets face up, for watching a record again: each
        seat's characters offered and kept, faction (once dealt), hand, secret-meeting cards and
        what it has learnt of others' camps; each show of hands cast; who the reaction window or
        沙盤推演 is asking."""
        v = self.view(None)
        choosing = self.phase == "character"
        for p in v["players"]:
            s = p["seat"]
            p.update(character=self.chars[s], faction=None if choosing else self.factions[s],
                     offer=list(self.offers[s]) if choosing else [], hand_cards=list(self.hands[s]),
                     meeting_cards=list(self.meetings[s]), dossier=[dict(f) for f in self.dossier[s]])
        v["to_act"] = self.to_act()
        v["proc"] = _public_proc(self.proc, None, True)
        v["all_seen"] = True
        return v


@lru_cache(maxsize=1)
def _all_cards() -> Counter:
    """Every effect card of the game, by id."""
    return Counter(data.effect_deck())


def _deep(value):
    """A copy of JSON-like data (dicts, lists, scalars)."""
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    return value


PUBLIC_PENDING = ("card", "by", "target", "args", "kind")  # what a view shows of a card or skill being answered


def _public_pending(pending: Optional[dict]) -> Optional[dict]:
    if not pending:
        return None
    return {k: _deep(v) for k, v in pending.items() if k in PUBLIC_PENDING}


def _public_proc(proc: dict, seat: Seat, over: bool) -> dict:
    """The venue procedure as a seat sees it: secret votes only once revealed (or one's own)."""
    out = {k: _deep(v) for k, v in proc.items() if not k.startswith("_")}
    if "votes" in proc and not proc.get("revealed") and not over:
        out["votes"] = {s: (v if s == str(seat) else None) for s, v in proc["votes"].items()}
    return out

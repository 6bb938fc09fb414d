"""A whole Wonderful Island state dealt from one seat's view, for the hard bot's search.

Everything public is copied from the view (characters, votes, iron, summons, jail, hospital,
the venue, its cards, the order, the acts, the discard pile); what the seat cannot see is dealt
at random from what is left:

* the other seats' faction cards: one of the camp assignments the seat's beliefs weigh (its own
  card and its dossier hold; public acts make some assignments likelier), drawn by weight;
* their hands and secret-meeting cards: as many as the view counts, from the cards the seat has
  not seen (the whole deck less its own hand, the discard pile and the cards on the venue);
* the effect deck and the meeting deck: the rest, shuffled, as many as the view counts;
* the other seats' dossiers: every secret meeting the seat saw sent (the acts are public) taught
  its sender about the receiver; which card it was is not seen, so one is drawn from the meeting
  deck and the sender learns what that card would have told it of the dealt factions. Without
  them the other seats would play the rollouts knowing less than they do at the table (a camp
  partner that met this seat would not know it for a partner).

Only the view is read. A world is dealt only where the view holds all the engine needs: the
seat's own campaign steps with no card being answered and no settlement running (``searchable``);
elsewhere the hard bot decides as the normal bot does. The game's options are not in the view:
a world plays with the defaults (the length comes from the view's threshold and round limit).
Unknown but unimportant details are guessed: a hospitalised seat stays till the end of the next
campaign, the other seats have used no once-per-game skill.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Optional

from . import data
from .beliefs import CAMPS, Beliefs
from .meetings import taught
from .phases import DISCARD, PLAY, START, VENUE
from .state import WIState

SEARCHABLE = frozenset({VENUE, START, PLAY, DISCARD})


def searchable(view: dict) -> bool:
    """Does the view hold all a world needs? The seat's own venue or action-turn steps, no card in
    the middle of being answered."""
    seat = view["seat"]
    return (seat is not None and view["phase"] in SEARCHABLE and view["actor"] == seat
            and view["faction"] is not None and not view["pending"] and not view["window_open"])


def _without(pool: Counter, cards) -> None:
    for c in cards:
        if pool[c] > 0:
            pool[c] -= 1


def _deal(pool: Counter, rng: random.Random) -> list[str]:
    cards = sorted(pool.elements())
    rng.shuffle(cards)
    return cards


def sample_factions(view: dict, beliefs: Beliefs, rng: random.Random) -> list[str]:
    """A faction per seat: the seat's own, the others drawn from the beliefs' weighted assignments."""
    beliefs.probs(view)
    worlds = beliefs._worlds
    if not worlds:  # no consistent assignment: deal the remaining cards at random
        rest = list(data.factions_for(view["n_players"]))
        rest.remove(view["faction"])
        rng.shuffle(rest)
        out = []
        for s in range(view["n_players"]):
            out.append(view["faction"] if s == view["seat"] else rest.pop())
        return out
    r = rng.random()
    for assign, w in worlds:
        r -= w
        if r <= 0:
            break
    return [CAMPS[i] for i in assign]


def deal_dossiers(view: dict, factions: list[str], rng: random.Random) -> list[list[dict]]:
    """Each seat's dossier: the viewing seat's own from the view; every other seat's from the
    meetings it sent (public acts), each read with a card drawn from the meeting deck, as the
    engine's Meetings._learn would have written it."""
    seat = view["seat"]
    out: list[list[dict]] = [[] for _ in range(view["n_players"])]
    out[seat] = [dict(f) for f in view["dossier"]]
    cards = data.meeting_deck()

    for actor, verb, target in view["acts"]:
        if verb != "meeting" or actor == seat or target is None:
            continue
        eff = data.meeting(cards[rng.randrange(len(cards))])["effect"]
        for learner, about, camp, is_camp in taught(eff, actor, target, factions):
            fact = {"seat": about, "camp": camp, "is": is_camp, "how": "meeting"}
            if learner != seat and learner != about and fact not in out[learner]:
                out[learner].append(fact)
    return out


def sample_world(view: dict, seat: int, rng: random.Random, beliefs: Optional[Beliefs] = None) -> WIState:
    """A full state that agrees with `view` (seat `seat`'s), the hidden parts dealt with `rng`."""
    if not searchable(view) or view["seat"] != seat:
        raise ValueError("this view does not hold what a world needs (see sampler.searchable)")
    n = view["n_players"]
    if beliefs is None:
        beliefs = Beliefs(seat, n)
    w = WIState(n, rng.randrange(2**31), {})
    w.threshold, w.max_rounds = view["threshold"], view["max_rounds"]
    w.table = dict(w.table, mark=view["mark"])
    w.round, w.start, w.cand = view["round"], view["start"], view["candidate"]
    # Campaign turns begun: one per candidate so far (jailed candidates are skipped, so this is an estimate).
    w.camp_count = (view["round"] - 1) * n + (view["candidate"] - view["start"]) % n + 1
    w.pool, w.iron_supply = view["pool"], view["iron_supply"]
    w.removed_votes, w.summons_total = view["removed_votes"], view["summons_total"]
    w.venue, w.slots, w.order = view["venue"], [dict(x) for x in view["slots"]], list(view["order"])
    w.phase, w.actor = view["phase"], view["actor"]
    w.ai = w.order.index(w.actor) if w.phase != VENUE and w.actor in w.order else -1
    w.proc = {k: _copy(v) for k, v in view["proc"].items()}
    w.dice, w.last_settlement = list(view["dice"]), _copy(view["last_settlement"])
    w.acts = [list(a) for a in view["acts"]]
    w.discard = list(view["discard"])
    for p in view["players"]:
        s = p["seat"]
        w.chars[s] = p["character"]
        w.votes[s], w.iron[s], w.summons[s] = p["votes"], p["iron"], p["summons"]
        w.jailed[s], w.away[s] = p["jailed"], p["away"]
        w.hosp[s] = w.camp_count if p["hospital"] else None
        w.stats[s].update(hospitalised=p["hospitalised"], debate_wins=p["debate_wins"],
                          debate_points=p["debate_points"])
    w.offers = [[] for _ in range(n)]
    w.once = [set() for _ in range(n)]
    w.once[seat] = set(view["used"])
    w.factions = sample_factions(view, beliefs, rng)
    w.dossier = deal_dossiers(view, w.factions, rng)
    # Effect cards: the unseen ones into the others' hands (by count), the rest into the deck.
    unseen = Counter(data.effect_deck())
    _without(unseen, view["hand"])
    _without(unseen, view["discard"])
    _without(unseen, [x["card"] for x in view["slots"]])
    cards = _deal(unseen, rng)
    w.hands = [[] for _ in range(n)]
    w.hands[seat] = list(view["hand"])
    for p in view["players"]:
        if p["seat"] != seat:
            w.hands[p["seat"]] = sorted(cards.pop() for _ in range(min(p["hand"], len(cards))))
    w.deck = cards[:view["deck"]]
    # Secret-meeting cards: the same from the ones the seat does not hold.
    mpool = Counter(data.meeting_deck())
    _without(mpool, view["my_meetings"])
    meets = _deal(mpool, rng)
    w.meetings = [[] for _ in range(n)]
    w.meetings[seat] = list(view["my_meetings"])
    for p in view["players"]:
        if p["seat"] != seat:
            w.meetings[p["seat"]] = [meets.pop() for _ in range(min(p["meetings"], len(meets)))]
    w.mdeck = meets[:view["meeting_deck"]]
    w.st, w.react, w.pending, w.back = {}, {}, None, []
    w.setup_events = []
    return w


def _copy(value):
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value

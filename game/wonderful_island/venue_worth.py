"""What each venue is worth to the normal bot at this moment, in its own currency (votes for its
camp, ctx.gain_value): an estimate of what the venue's effect brings, read from the view alone.

The rally's 3 votes and the grassroots' 2 iron votes are sure; the street is the exact spread of
the dice; the legislature is the 3 votes the bill brings if it passes, given to whoever they help
most (an ally about to cross the threshold wins the camp), less what buying the missing hands costs;
poaching is what the laid cards take from the most hostile seat; the TV debate counts, debater by
debater, the chance that each can answer the issue (2 votes to them) or cannot (1 vote to the
candidate and a card lost). Skills that add to a venue and a Politician's condition come on top."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from math import comb

from . import data

IRON = 1.2               # an iron vote is safer than an ordinary one (the bot's own weight)
# The assist effect of the rally and the grassroots is a sure vote more for every two assist cards
# (elsewhere a die, a hand, a card or a harder issue): worth a little more before any is laid.
ASSIST_EFFECT = {"rally": 0.3, "grassroots": 0.3}
PURSUE = 2.0             # a venue that moves a Politician's own condition
HOSTILE = -0.5           # below this weight a voter is not bought with one vote (its bill value < 0)
ALLY = 0.2               # above it a seat is counted on (the bot's own test elsewhere)


@lru_cache(maxsize=None)
def street_spread(dice: int, faces: int) -> tuple[tuple[int, float], ...]:
    """(votes, chance) of the street: two dice, or the best pair of three, kept by the rules'
    value (the difference, or the die itself on a double)."""
    def value(a: int, b: int) -> int:
        return abs(a - b) if a != b else a
    counts: dict[int, int] = {}
    for roll in product(range(1, faces + 1), repeat=dice):
        v = max(value(roll[i], roll[j]) for i, j in combinations(range(dice), 2))
        counts[v] = counts.get(v, 0) + 1
    total = faces ** dice
    return tuple((v, k / total) for v, k in sorted(counts.items()))


@lru_cache(maxsize=None)
def reply_chance(hand: int, faces: int) -> float:
    """The chance that a debater holding `hand` cards meets a one-card issue of a rare card (the
    normal bot's issue): below the candidate's die the very card, above it a card of its kind,
    equal to it half the die in cards (rules 5(6)). Drawn from the whole deck's make-up."""
    cards = data.load()["cards"]
    deck = sum(c["copies"] for c in cards)
    rare = min(cards, key=lambda c: c["copies"])
    kind = sum(c["copies"] for c in cards if c["kind"] == rare["kind"]) - 1
    same = rare["copies"] - 1

    def any_of(k: int) -> float:  # at least one of k given cards among `hand` drawn from the deck
        return 1 - comb(deck - 1 - k, hand) / comb(deck - 1, hand) if hand <= deck - 1 - k else 1.0
    lower = higher = equal = 0.0
    for cd in range(1, faces + 1):
        for d in range(1, faces + 1):
            p = 1 / faces ** 2
            if d < cd:
                lower += p * any_of(same)
            elif d > cd:
                higher += p * any_of(kind)
            else:
                equal += p * (hand >= -(-cd // 2))
    return lower + higher + equal


def legislature(ctx, others: list[int]) -> float:
    """The bill's 3 votes if it passes, to the seat they help most; the hands it lacks are bought
    with one of them each from seats not hostile enough to refuse (the bot's own offer)."""
    limits = data.load()["limits"]
    pot = limits["legislature_votes"]
    needed = -(-(len(others) + 1) // 2)
    sure = 1 + sum(1 for s in others if ctx.w[s] > ALLY) + sum(sk["n"] for sk in ctx.skills("legis_support"))
    buyable = sorted((s for s in others if HOSTILE < ctx.w[s] <= ALLY), key=lambda s: -ctx.w[s])
    short = max(0, needed - sure)
    if short > min(pot, len(buyable)):
        return -0.3  # it fails: the turn's venue brings nothing
    bought = buyable[:short]
    kept = pot - short
    # A yes is the voter's own choice, made in secret: an ally's is counted at 19 chances in 20,
    # a bought one's at two in three.
    allies = [s for s in others if ctx.w[s] > ALLY]
    chance = 0.95 ** min(len(allies), needed - 1) * (2 / 3) ** short
    to = [ctx.me] + allies
    value = max(ctx.gain_value(s, kept) for s in to) if kept else 0.0
    value += sum(ctx.w[s] for s in bought)
    value += sum(sk["n"] for sk in ctx.skills("legis_fee"))
    return chance * value


def debate(ctx, others: list[int], faces: int) -> float:
    """Each other seat out of jail debates (the normal bot joins unless it is hostile with a card
    or none): it answers the issue with reply_chance and takes 2 votes, or loses a card and gives
    the candidate 1. The issue costs the candidate a card; with no card in hand nobody can fail."""
    if not ctx.hand:
        return sum(ctx.gain_value(s, 2) for s in others)
    keep = min(ctx.keep(c) for c in ctx.hand)
    fails, value = 0.0, -keep
    for s in others:
        hand = ctx.players[s]["hand"]
        if ctx.w[s] < -0.3 and hand <= 1:
            value += 0.4 - ctx.w[s] * 1.0  # refuses: a card more for me, its turn lost
            continue
        p = reply_chance(hand, faces)
        value += p * ctx.w[s] * 2 - (1 - p) * ctx.w[s] * 0.4  # its 2 votes, or its card lost
        fails += 1 - p
    return value + ctx.gain_value(ctx.me, fails)


def poaching(ctx, others: list[int]) -> float:
    """The laid cards the most hostile seat with votes cannot match, less the cards spent."""
    victims = [(ctx.players[s]["votes"], -ctx.w[s], s) for s in others if ctx.w[s] < 0]
    if not victims:
        return 0.0
    votes, hostility, _s = max(victims)
    cards = len(ctx.hand) + 1
    return min(votes, cards * 0.6) * (1 + hostility) - 0.2 * cards


def venue_worth(ctx) -> dict[str, float]:
    """Every venue's worth to the bot now (ties and order are the caller's)."""
    limits = data.load()["limits"]
    faces = limits["die_faces"]
    me = ctx.me
    others = [s for s in range(ctx.n) if s != me and not ctx.players[s]["jailed"]]
    dice = 3 if ctx.skills("street_dice") else 2
    scores = {
        "rally": ctx.gain_value(me, 3),
        "grassroots": ctx.gain_value(me, 2) + 2 * (IRON - 1),
        "street": sum(p * ctx.gain_value(me, v) for v, p in street_spread(dice, faces)),
        "legislature": legislature(ctx, others),
        "poaching": poaching(ctx, others),
        "debate": debate(ctx, others, faces),
    }
    for venue, bonus in ASSIST_EFFECT.items():
        scores[venue] += bonus
    for sk in ctx.skills("venue_votes"):
        scores[sk["venue"]] += sk["n"]
    for sk in ctx.skills("venue_iron"):
        scores[sk["venue"]] += sk["n"] * IRON
    pursue = {"votes_iron": "grassroots", "poach": "poaching", "debate_points": "debate"}.get(ctx.op)
    if pursue:
        scores[pursue] += PURSUE
    return scores

"""Building one legal action from clicks, part by part: a card, then its target, then the next.

The engine's legal actions are tuples such as ("play", "leak", 3) or ("meeting", "show", 2);
the picker keeps the part chosen so far (the prefix) and offers what may come next, so the
table lets the player click a card, then a seat, and only ever sends a legal action. What each
next part is (a hand card, a seat, a slot on the venue, several cards at once) is read from the
action's kind and the card's target in the data.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from game.wonderful_island import data

HAND, SEAT, SLOT, CARDS, MEETING, SKILL, BUTTON = "hand", "seat", "slot", "cards", "meeting", "skill", "button"
_CARD_STEPS = {"discard", "give", "lay", "match", "lose"}


def part_kind(prefix: tuple, character: Optional[str] = None) -> str:
    """What the next part of an action beginning with `prefix` is: a card in hand, a seat, ...
    (`character` is the player's own, whose skills say what they take)."""
    kind = prefix[0]
    k = len(prefix)
    if kind == "play":
        if k == 1:
            return HAND
        target = data.card(prefix[1]).get("target")
        if target and target.startswith("slot_"):
            return SLOT
        return HAND if target == "hand" else SEAT
    if kind == "meeting":
        return MEETING if k == 1 else SEAT
    if kind == "trade":
        return CARDS
    if kind in ("target", "allot"):
        return SEAT
    if kind == "gift":
        return SEAT if k == 1 else HAND
    if kind in _CARD_STEPS or kind in ("issue", "reply"):
        return HAND
    if kind == "choose":
        return BUTTON if k == 1 else CARDS
    if kind == "skill":
        if k == 1 or character is None:
            return SKILL
        op = data.character(character)["skills"][prefix[1]]["op"]
        if op in ("peek_faction", "snatch") or (op == "frame" and k == 3):
            return SEAT
        return HAND if op == "start_cycle" else CARDS
    return BUTTON


class Picker:
    def __init__(self, legal: list[tuple], prefix: tuple = ()) -> None:
        self.legal = legal
        self.prefix = prefix

    def candidates(self) -> list[tuple]:
        k = len(self.prefix)
        return [a for a in self.legal if a[:k] == self.prefix]

    def options(self) -> list:
        """The values the next part may take (in the legal actions' order, without repeats)."""
        k = len(self.prefix)
        seen, out = set(), []
        for a in self.candidates():
            if len(a) > k and a[k] not in seen:
                seen.add(a[k])
                out.append(a[k])
        return out

    def complete(self) -> Optional[tuple]:
        """The prefix is itself a legal action (it may also go on: ("issue", c) or ("issue", c, d))."""
        return self.prefix if self.prefix in self.legal else None

    def choose(self, value) -> Optional[tuple]:
        """Take one more part; the finished action if nothing else can follow, else None."""
        self.prefix = self.prefix + (value,)
        if self.complete() and not self.options():
            return self.prefix
        return None

    def back(self) -> None:
        self.prefix = self.prefix[:-1]


# -- choices of cards from the hand ------------------------------------------------------------------
# Every choice of cards to part with (the hand limit's discard, 狗仔錄音's two, a card lost in a debate,
# the promised cards paid, a trade, a skill's cost) is made the same way: pick the cards, then confirm.
_ONE_BY_ONE = ("discard", "lose", "give")   # phases whose cards go one action each


@dataclass(frozen=True)
class CardChoice:
    verb: str     # discard | lose | give | trade: what happens to the cards
    count: int    # exactly this many
    each: bool    # one action per card (prefix + (card,)), not one with them all (prefix + (cards,))


def standing_prefix(legal: list[tuple]) -> tuple:
    """The choice a phase is made of, when every legal action is one card to part with (the hand
    limit, a debate lost, the promised cards): it stands open without a click to start it."""
    kinds = {a[0] for a in legal}
    return (kinds.pop(),) if len(kinds) == 1 and next(iter(kinds)) in _ONE_BY_ONE else ()


def hand_limit(view: dict) -> int:
    skills = data.character(view["my_character"])["ops"].get("hand_limit") if view["my_character"] else None
    return skills[0]["n"] if skills else data.load()["limits"]["hand_limit"]


def card_choice(legal: list[tuple], prefix: tuple, view: dict) -> Optional[CardChoice]:
    """The choice of cards the next part of `prefix` is, or None if it is not one."""
    if not prefix:
        return None
    kind = part_kind(prefix, view["my_character"])
    hand = len(view["hand"])
    if kind == CARDS:
        combos = Picker(legal, prefix).options()
        return CardChoice("trade" if prefix[0] == "trade" else "discard", len(combos[0]) if combos else 0, False)
    if prefix in (("discard",), ("lose",), ("give",)):
        proc = view["proc"]
        n = {"discard": lambda: hand - hand_limit(view), "lose": lambda: proc.get("to_lose", 1),
             "give": lambda: proc["owed"][0][1] if proc.get("owed") else 1}[prefix[0]]()
        return CardChoice(prefix[0], max(1, min(hand, n)), True)
    discards_one = (prefix[0] == "play" and len(prefix) == 2 and data.card(prefix[1]).get("target") == "hand") or \
        (prefix[0] == "skill" and len(prefix) == 2 and kind == HAND)
    return CardChoice("discard", 1, True) if discards_one else None


def chosen_actions(prefix: tuple, choice: CardChoice, cards: list[str]) -> list[tuple]:
    """The actions that part with `cards` (picked, in order), if they make the choice whole."""
    if len(cards) != choice.count:
        return []
    return [prefix + (c,) for c in cards] if choice.each else [prefix + (tuple(sorted(cards)),)]

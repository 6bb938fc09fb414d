"""Building one legal action from clicks, part by part: a card, then its target, then the next.

The engine's legal actions are tuples such as ("play", "leak", 3) or ("meeting", "show", 2);
the picker keeps the part chosen so far (the prefix) and offers what may come next, so the
table lets the player click a card, then a seat, and only ever sends a legal action. What each
next part is (a hand card, a seat, a slot on the venue, several cards at once) is read from the
action's kind and the card's target in the data.
"""
from __future__ import annotations

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

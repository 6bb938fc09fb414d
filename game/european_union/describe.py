"""Log lines for European Union events, in the reader's language (pure Python, no pygame).

The scene shows only events the viewing seat may see; this module only turns
one event into words, so the same text serves the log panel and tests.
Card, party and policy names are data (both languages in the data file).
"""
from __future__ import annotations

from typing import Optional, Sequence

from . import data as cards


def party_name(party: str, t) -> str:
    return t.name(cards.load()["party_by_id"][party]["name"])


def policy_name(policy: str, t) -> str:
    return t.name(cards.load()["policy_by_id"][policy]["name"])


def policy_short(policy: str, t) -> str:
    """The policy's name where a label has little room: the tracks board, a bill's star rows, a party
    card, an ending card; one short form everywhere (the full name in sentences and notes)."""
    return t.name(cards.load()["policy_by_id"][policy]["short"])


def bill_name(bill: str, t) -> str:
    return t.name(cards.load()["bill_by_id"][bill]["name"])


def card_name(card: str, t) -> str:
    """A member state's name, or an MEP seat card as "MEP seat (12)"."""
    d = cards.load()
    if card in d["state_by_id"]:
        return t.name(d["state_by_id"][card]["name"])
    return t("eu.mep_card", power=d["mep_by_id"][card]["power"])


def ending_title(card: str, t) -> str:
    return t.name(cards.load()["ending_by_id"][card]["title"])


def ending_text(card: str, t) -> str:
    return t.name(cards.load()["ending_by_id"][card]["text"])


def _join(parts: Sequence[str], t) -> str:
    return t("eu.list_sep").join(parts)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def describe(event: dict, t, names: Sequence[str]) -> Optional[str]:
    """One log line for `event`, or None if the event type has no line."""
    kind = event.get("type")

    def who(key: str = "seat") -> str:
        return names[event[key]]

    def stage() -> str:
        return t("eu.stage." + event["stage"])

    if kind == "setup":
        parties = _join([t("eu.log.seat_party", name=names[s], party=party_name(p, t))
                         for s, p in enumerate(event["parties"])], t)
        return t("eu.log.setup", parties=parties, name=names[event["chair"]], influence=event["influence"])
    if kind == "round":
        return t("eu.log.round", round=event["round"], states=len(event["states"]),
                 threshold=event["threshold"], name=names[event["chair"]])
    if kind == "bid_cast":
        return t("eu.log.bid_cast", name=who())
    if kind == "my_bid":
        return t("eu.log.my_bid", name=who(), amount=event["amount"])
    if kind == "bids":
        bids = _join([t("eu.log.amount_of", name=names[int(s)], amount=a) for s, a in event["bids"].items()], t)
        return t("eu.log.bids", stage=stage(), bids=bids)
    if kind == "first":
        return t("eu.log.first", name=who(), first=who("first"))
    if kind == "bid_order":
        return t("eu.log.bid_order", order=_join([names[s] for s in event["order"]], t))
    if kind == "take":
        if event["kind"] == "state":
            return t("eu.log.take_state", name=who(), card=card_name(event["card"], t),
                     power=event["power"], influence=event["influence"])
        return t("eu.log.take_mep", name=who(), power=event["power"])
    if kind == "chair":
        if event["stage"] == "council":
            return t("eu.log.chair_council", name=who(), total=event["total"], threshold=event["threshold"])
        return t("eu.log.chair_parliament", name=who(), total=event["total"], majority=event["majority"])
    if kind == "bills_drawn":
        return t("eu.log.bills_drawn", name=who(), bills=_join([bill_name(b, t) for b in event["bills"]], t))
    if kind == "bills_kept":
        return t("eu.log.bills_kept", name=who(), kept=_join([bill_name(b, t) for b in event["kept"]], t),
                 removed=_join([bill_name(b, t) for b in event["removed"]], t))
    if kind == "discussion":
        return t("eu.log.discussion", stage=stage(), index=event["index"] + 1, of=event["of"],
                 bill=bill_name(event["bill"], t))
    if kind == "call_vote":
        return t("eu.log.call_vote", name=who(), bill=bill_name(event["bill"], t))
    if kind == "vote_cast":
        return t("eu.log.vote_cast", name=who())
    if kind == "my_vote":
        return t("eu.log.my_vote", name=who(), vote=t("eu.vote." + event["vote"]))
    if kind == "votes":
        yes = [names[int(s)] for s, v in event["votes"].items() if v == "yes"]
        key = "eu.log.votes_passed" if event["passed"] else "eu.log.votes_failed"
        if event["method"] == "unanimity":
            need = t("eu.log.need_unanimity", yes=event["yes"], needed=event["needed"])
        else:
            need = t("eu.log.need_power", power=event["yes_power"], needed=event["needed"])
        return t(key, stage=stage(), bill=bill_name(event["bill"], t), method=t("eu.method." + event["method"]),
                 yes=_join(yes, t) if yes else t("eu.log.nobody"), need=need)
    if kind == "parliament":
        return t("eu.log.parliament", round=event["round"],
                 meps=_join([card_name(m, t) for m in event["meps"]], t))
    if kind == "scoring":
        gains = _join([t("eu.log.amount_of", name=names[int(s)], amount=_signed(g["change"]))
                       for s, g in event["gains"].items()], t)
        moved = [t("eu.log.track_move", policy=policy_name(p, t), steps=k) for p, k in event["moves"].items() if k]
        return t("eu.log.scoring", round=event["round"], passed=len(event["passed"]),
                 voted=len(event["passed"]) + len(event["failed"]), gains=gains,
                 moves=_join(moved, t) if moved else t("eu.log.no_moves"))
    if kind == "giving":
        return t("eu.log.giving", name=who("from_seat"), target=who("to_seat"))
    if kind == "give":
        return t("eu.log.give", name=who("from_seat"), target=who("to_seat"), amount=event["amount"])
    if kind == "gift_none":
        return t("eu.log.gift_none", name=who("from_seat"), target=who("to_seat"))
    if kind == "final_bonus":
        bonuses = _join([t("eu.log.amount_of", name=names[int(s)], amount=_signed(b))
                         for s, b in event["bonuses"].items()], t)
        return t("eu.log.final_bonus", bonuses=bonuses)
    if kind == "ending":
        return t("eu.log.ending", policy=policy_name(event["policy"], t), position=event["position"],
                 title=ending_title(event["card"], t), text=ending_text(event["card"], t))
    if kind == "game_over":
        if not event["winners"]:
            return t("eu.log.game_over_nobody")
        winners = _join([t("eu.log.amount_of", name=names[s], amount=event["influence"][s])
                         for s in event["winners"]], t)
        return t("eu.log.game_over", winners=winners)
    return None

"""What the European Union pieces say under a resting mouse: a bill, a member state, an MEP seat
card, a party card, a track marker, the chair card, a vote card. Pure text from public data and
the viewing seat's view."""
from __future__ import annotations

from typing import Optional

from game.european_union import data as cards
from game.european_union.describe import bill_name, card_name, ending_text, ending_title, party_name, policy_name

from .cards import bonus_text


def _stars(n: int) -> str:
    return ("−" if n < 0 else "") + "★" * abs(n) if n else "—"


def _lines(*lines: Optional[str]) -> str:
    return "\n".join(line for line in lines if line)


def bill(t, bill_id: str, party: Optional[str], results: dict, stage: Optional[str], hint: Optional[str] = None) -> str:
    """Name, the card's whole text, Council method, stars per policy, the bordered policy; what it
    pays the viewer; the votes it already had this round."""
    b = cards.load()["bill_by_id"][bill_id]
    stars = t("eu.list_sep").join(t("eu.tip.star_item", policy=policy_name(p, t), stars=_stars(b["stars"][p]))
                                  for p in cards.POLICIES if b["stars"][p])
    pays = None
    if party is not None:
        n = cards.pay(bill_id, party)
        pays = t("eu.tip.pays", n=f"+{n}" if n > 0 else str(n))
    result = None
    if stage is not None and bill_id in results:
        result = t("eu.tip.result", stage=t("eu.ui.stage." + stage),
                   result=t("eu.ui.passed" if results[bill_id] else "eu.ui.rejected"))
    return _lines(bill_name(bill_id, t), t.name(b["flavour"]), t("eu.tip.method." + b["method"]),
                  t("eu.tip.stars", stars=stars),
                  t("eu.tip.border", policy=policy_name(b["border"], t)), pays, result, hint)


def state(t, card: str, holder: Optional[str] = None) -> str:
    st = cards.load()["state_by_id"][card]
    return _lines(card_name(card, t), t("eu.tip.state", power=st["power"], influence=st["influence"],
                                        joined=st["joined"]),
                  t("eu.tip.held_by", name=holder) if holder else None)


def mep(t, card: str, holder: Optional[str] = None) -> str:
    return _lines(card_name(card, t), t("eu.tip.mep", power=cards.load()["mep_by_id"][card]["power"]),
                  t("eu.tip.held_by", name=holder) if holder else None)


def auction_card(t, card: str, action: Optional[tuple]) -> str:
    text = state(t, card) if card in cards.load()["state_by_id"] else mep(t, card)
    return _lines(text, t("eu.tip.click_take") if action else None)


def party(t, party_id: str, name: str) -> str:
    """A party card in words: its stars, its ability, its end bonus per track step."""
    p = cards.load()["party_by_id"][party_id]
    stars = t("eu.list_sep").join(t("eu.tip.star_item", policy=policy_name(x, t), stars=_stars(p["stars"][x]))
                                  for x in cards.POLICIES)
    bonus = t("eu.list_sep").join(t("eu.tip.star_item", policy=policy_name(x, t),
                                    stars=bonus_text(t, p["track_bonus"][x])) for x in cards.POLICIES)
    return _lines(t("eu.tip.party", party=party_name(party_id, t), name=name), t("eu.tip.stars", stars=stars),
                  t("eu.tip.ability", text=t.name(p["ability"]["text"])), t("eu.tip.bonus", bonus=bonus))


def marker(t, policy: str, position: int, my_party: Optional[str]) -> str:
    ending = cards.ending_for(policy, position)
    mine = None
    if my_party is not None:
        p = cards.load()["party_by_id"][my_party]
        mine = t("eu.tip.marker_yours", stars=_stars(p["stars"][policy]), bonus=bonus_text(t, p["track_bonus"][policy]))
    return _lines(t("eu.tip.marker", policy=policy_name(policy, t), n=position),
                  t("eu.tip.ending", title=ending_title(ending, t), text=ending_text(ending, t)), mine)


def chair(t, name: str) -> str:
    return _lines(t("eu.ui.chair"), t("eu.tip.chair", name=name))


def vote_card(t, vote: str) -> str:
    return _lines(t("eu.ui.vote_word." + vote), t("eu.tip.vote." + vote))


def vote_shown(t, name: str, vote: str) -> str:
    return t("eu.tip.vote_shown", name=name, vote=t("eu.ui.vote_word." + vote))

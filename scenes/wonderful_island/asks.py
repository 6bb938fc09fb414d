"""What the table asks of the viewer now, in one line above their hand: the phase's question, or,
in a choice under way, its next step in words (which card is being played, whether the player
picked is the one votes come from or go to, how many cards to pick and how many are picked)."""
from __future__ import annotations

from typing import Optional

from game.wonderful_island import data
from game.wonderful_island.describe import meeting_label, qty

from . import art
from .picker import HAND, MEETING, SEAT, SLOT, card_choice, hand_limit, part_kind


def instruction(scene) -> str:
    v, t = scene.view, scene.app.t
    if scene.viewer is None:
        return t("wi.ui.do.watch_all") if v.get("all_seen") else t("wi.ui.do.watch")
    if not scene.can_act():
        if v["phase"] == "react":
            return t("wi.ui.do.window")
        waiting = t("wi.ui.do.wait", name=scene.name(v["actor"])) if v["actor"] is not None else t("wi.ui.do.others")
        return t("wi.ui.do.idle", wait=waiting)
    picker = scene.picker
    if picker is not None and picker.prefix:
        return _next_part(scene, picker.prefix)
    return question(scene)


def question(scene) -> str:
    """The decision at hand in words, from what the decider may do (an offer's bounds, whether a
    targeted player can cancel): the same words on the public view for a decision taken openly."""
    v, t = scene.view, scene.app.t
    phase = v["phase"]
    if phase == "offer":
        return _offer(scene)
    if phase == "respond" and v.get("pending"):
        return _respond(scene, v["pending"])
    if phase == "reply" and not any(a[0] == "reply" for a in scene.legal):
        # every debater whose hand could hold a reply is asked, holding one or not
        return t("wi.ui.do.reply_none")
    key = "wi.ui.do." + phase
    text = t(key)
    return text if text != key else t("wi.ui.do.decide")


def _respond(scene, pending: dict) -> str:
    """Targeted by a card or a skill: by whom, with what, and whether this player can cancel it (every
    target is asked, holding 沙盤推演 or not, so that being asked tells the table nothing)."""
    t = scene.app.t
    if pending.get("kind") == "skill":
        what = t("wi.skill.frame")
    else:
        what = t.name(data.card(pending["card"])["name"])
    can_cancel = any(a[0] == "cancel" for a in scene.legal)
    key = "wi.ui.do.respond_can" if can_cancel else "wi.ui.do.respond_cannot"
    return t(key, by=scene.name(pending["by"]), what=what)


def source_name(t, prefix: tuple, character: Optional[str]) -> Optional[str]:
    """The name of what an action under way comes from: the card played, the meeting card sent, the
    skill used (as the character card prints it)."""
    if prefix[0] == "play" and len(prefix) > 1:
        return t.name(data.card(prefix[1])["name"])
    if prefix[0] == "meeting" and len(prefix) > 1:
        return meeting_label(prefix[1], t)
    if prefix[0] == "skill" and len(prefix) > 1 and character:
        return art.skill_name(t, data.character(character)["skills"][prefix[1]])
    return None


def _next_part(scene, prefix: tuple) -> str:
    v, t = scene.view, scene.app.t
    choice = card_choice(scene.legal, prefix, v)
    if choice is not None:
        return _card_choice(scene, prefix, choice)
    kind = part_kind(prefix, v["my_character"])
    source = source_name(t, prefix, v["my_character"])
    if kind == SEAT:
        text = _seat_words(scene, prefix, source)
    elif kind == SLOT:
        text = t("wi.ui.do.pick_slot")
    elif kind == MEETING:
        text = t("wi.ui.do.pick_meeting")
    elif kind == HAND and prefix[0] == "gift":
        return t("wi.ui.ask.gift_card", name=scene.name(prefix[1]))
    elif kind == HAND:
        text = t("wi.ui.do.pick_hand")
    else:
        text = t("wi.ui.do.pick_button")
    return t("wi.ui.do.with", card=source, then=text) if source else text


def _seat_words(scene, prefix: tuple, source: Optional[str]) -> str:
    """Whom to pick: for a card moving votes between two players, first "from", then "to"."""
    t = scene.app.t
    if prefix[0] == "play" and data.card(prefix[1]).get("target") == "two":
        if len(prefix) == 2:
            return t("wi.ui.ask.from")
        return t("wi.ui.ask.to", name=scene.name(prefix[2]))
    if prefix[0] == "meeting":
        return t("wi.ui.ask.send")
    if prefix[0] == "skill":
        op = data.character(scene.view["my_character"])["skills"][prefix[1]]["op"]
        return t("wi.ui.ask.skill_" + op)
    if prefix[0] == "gift":
        return t("wi.ui.ask.gift")
    if prefix[0] == "allot":
        return t("wi.ui.do.allot")
    return t("wi.ui.do.pick_seat")


def seat_tags(scene) -> dict[int, str]:
    """The seats already picked in the choice under way, with the word for their part in it."""
    picker = scene.picker
    if picker is None or len(picker.prefix) < 3:
        return {}
    prefix, t = picker.prefix, scene.app.t
    if prefix[0] == "play" and data.card(prefix[1]).get("target") == "two":
        return {prefix[2]: t("wi.ui.tag.from")}
    return {}


def _card_choice(scene, prefix: tuple, choice) -> str:
    """How many cards to pick and why, and how many are picked so far."""
    v, t = scene.view, scene.app.t
    cards = qty("card", choice.count, t)
    if prefix == ("discard",):
        head = t("wi.ui.ask.limit", limit=hand_limit(v), cards=cards)
    elif prefix == ("lose",):
        head = t("wi.ui.ask.lose", cards=cards)
    elif prefix == ("give",):
        head = t("wi.ui.ask.give", name=scene.name(v["proc"]["owed"][0][0]), cards=cards)
    elif prefix[0] == "trade":
        head = t("wi.ui.ask.trade", cards=cards)
    elif prefix[:2] == ("choose", "discard"):
        head = t("wi.ui.ask.paparazzi", cards=cards)
    else:
        head = t("wi.ui.ask.cost", what=source_name(t, prefix, v["my_character"]) or "", cards=cards)
    tail = t("wi.ui.ask.pick_one") if choice.count == 1 else t("wi.ui.ask.pick_many", k=len(scene.multi), n=choice.count)
    return t("wi.ui.ask.pair", head=head, tail=tail)


def _offer(scene) -> str:
    """The legislature's offer: to whom, what may be offered, or why the offer set is not possible."""
    t, proc = scene.app.t, scene.view["proc"]
    problem = scene.offer_problem()
    if problem:
        return problem
    ranges = scene.offer_ranges()
    votes, cards = max(ranges["votes"]), max(ranges["cards"])
    # Only what is left to offer is named: never "up to 0 votes".
    key = "wi.ui.ask." + ("offer" if votes and cards else "offer_votes" if votes else "offer_cards" if cards
                          else "offer_gesture")
    return t(key, name=scene.name(proc["asking"]), votes=qty("vote", votes, t), cards=qty("card", cards, t))


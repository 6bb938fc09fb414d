"""Log lines for The Wonderful Island events, in the reader's language (pure Python, no pygame).

The scene shows only events the viewing seat may see; this module only turns one event into
words, so the same text serves the log panel and tests. Private events (``seats`` not None)
are seen only by the seats named there, and their lines say "in secret" like European Union's
secret bids. Card, character, venue and camp names are data (both languages in the data file).

Every event type the engine emits has a line; none is deliberately silent.
"""
from __future__ import annotations

from typing import Optional, Sequence

from . import data

TARGETED = ("summoned", "any", "other")   # card targets that name one player


def card_name(cid: str, t) -> str:
    return t.name(data.card(cid)["name"])


def kind_name(kind: str, t) -> str:
    return t.name(data.load()["card_kinds"][kind])


def camp_name(camp: str, t) -> str:
    return t.name(data.load()["camps"][camp])


def venue_name(vid: str, t) -> str:
    return t.name(data.load()["venue_by_id"][vid]["name"])


def character_name(cid: str, t) -> str:
    return t.name(data.character(cid)["name"])


def meeting_label(mid: str, t) -> str:
    """A secret-meeting card in a few words ("Probe", "Ask: Politician?")."""
    eff = data.meeting(mid)["effect"]
    return t("wi.meeting." + eff["op"], camp=camp_name(eff["camp"], t) if "camp" in eff else "")


def _join(parts: Sequence[str], t) -> str:
    return t("wi.list_sep").join(parts) if parts else t("wi.log.none")


def _cards(cids: Sequence[str], t) -> str:
    return _join([card_name(c, t) for c in cids], t)


def qty(noun: str, n: int, t) -> str:
    """"1 vote" / "3 votes" (one form in Chinese)."""
    return t(f"wi.qty.{noun}.{'one' if abs(n) == 1 else 'many'}", n=n)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n).replace("-", "−")


def _known(t, key: str, fallback: str, **kw) -> str:
    text = t(key, **kw)
    return t(fallback, **kw) if text == key else text


def source_name(source: str, t) -> str:
    """What caused a change: an effect card's name, or a word for a rule ("a character skill")."""
    if source in data.load()["card_by_id"]:
        return card_name(source, t)
    return _known(t, f"wi.source.{source}", "wi.source.other")


def describe(event: dict, t, names: Sequence[str]) -> Optional[str]:
    """One log line for `event`, or None for a type this module does not know."""
    kind = event.get("type")
    fn = _LINES.get(kind)
    if fn is None:
        return None

    def who(key: str = "seat") -> str:
        return names[event[key]]

    return fn(event, t, names, who)


# -- one function per event type ---------------------------------------------------------------------
def _setup(e, t, names, who):
    return t("wi.log.setup", threshold=e["threshold"], pool=e["pool"], start=qty("vote", e["start_votes"], t),
             rounds=e["max_rounds"], name=who("first"))


def _offered(e, t, names, who):
    a, b = (character_name(c, t) for c in e["characters"])
    return t("wi.log.offered", name=who(), a=a, b=b)


def _faction(e, t, names, who):
    return t("wi.log.faction", name=who(), camp=camp_name(e["faction"], t))


def _hand(e, t, names, who):
    return t("wi.log.hand", name=who(), cards=_cards(e["cards"], t),
             meetings=_join([meeting_label(m, t) for m in e["meetings"]], t))


def _characters(e, t, names, who):
    return t("wi.log.characters", list=_join([t("wi.log.pair", name=names[s], what=character_name(c, t))
                                             for s, c in enumerate(e["characters"])], t))


def _draw(e, t, names, who):
    n = qty("card", e["count"], t)
    if e["why"] == "draw":
        return t("wi.log.draw_step", name=who(), cards=n)
    return t("wi.log.draw", name=who(), cards=n, source=source_name(e["why"], t))


def _summons(e, t, names, who):
    return t("wi.log.summons", name=who(), source=source_name(e["source"], t), summons=e["summons"],
             jail=data.load()["limits"]["jail_at"])


def _votes(key):
    def line(e, t, names, who):
        return t(key, name=who(), votes=qty("vote", e["votes"], t), source=source_name(e["source"], t))
    return line


def _discarded(e, t, names, who):
    cards = e.get("cards")
    what = _cards(cards, t) if cards else qty("card", e["count"], t)
    if e["source"] == "limit":
        return t("wi.log.discard_limit", name=who(), cards=what)
    return t("wi.log.discarded", name=who(), cards=what, source=source_name(e["source"], t))


def _play(e, t, names, who):
    card = data.card(e["card"])
    args = e["args"]
    if card.get("target") in TARGETED and args:
        return t("wi.log.play_on", name=who(), card=card_name(e["card"], t), target=names[args[0]])
    if card.get("target") == "two" and len(args) == 2:
        return t("wi.log.play_two", name=who(), card=card_name(e["card"], t), a=names[args[0]], b=names[args[1]])
    return t("wi.log.play", name=who(), card=card_name(e["card"], t))


def _place(e, t, names, who):
    key = "wi.log.place_own" if e["seat"] == e["candidate"] else "wi.log.place"
    return t(key, name=who(), card=card_name(e["card"], t), kind=kind_name(data.kind(e["card"]), t),
             target=who("candidate"))


def _moved(e, t, names, who):
    if not e["votes"]:
        return t("wi.log.moved_none", source=source_name(e["source"], t))
    return t("wi.log.moved", votes=qty("vote", e["votes"], t), a=who("from_seat"), b=who("to_seat"),
             source=source_name(e["source"], t))


def _cancelled(e, t, names, who):
    what = t("wi.skill.frame") if e["kind"] == "skill" else card_name(e["card"], t)
    return t("wi.log.cancelled", name=who(), by=who("by"), what=what, card=card_name("sand_table", t))


def _cleared(e, t, names, who):
    if e["by"] == e["seat"]:
        return t("wi.log.cleared_self", name=who(), summons=e["summons"])
    return t("wi.log.cleared", name=who(), by=who("by"), summons=e["summons"])


def _meeting_result(e, t, names, who):
    outcome = e["outcome"]
    key = "wi.log.meeting_empty" if e.get("empty") else f"wi.log.meeting_{outcome}"
    return _known(t, key, "wi.log.meeting_other", name=who(), target=who("target"),
                  cards=_cards(e.get("cards") or [], t))


def _learnt(e, t, names, who):
    key = "wi.log.learnt" + ("_public" if e.get("seats") is None else "") + ("_is" if e["is"] else "_not")
    return t(key, learner=who("learner"), name=who(), camp=camp_name(e["camp"], t),
             how=_known(t, "wi.how." + e["how"], "wi.how.other"))


def _meeting_card(e, t, names, who):
    key = "wi.log.meeting_card_public" if e.get("seats") is None else "wi.log.meeting_card"
    return t(key, name=who(), target=who("target"), text=data.meeting_text(e["meeting"], t.lang))


def _settle(e, t, names, who):
    cards = _join([t("wi.log.slot", card=card_name(x["card"], t), name=names[x["by"]]) for x in e["cards"]], t)
    return t("wi.log.settle", name=who(), venue=venue_name(e["venue"], t), cards=cards)


def _sgn(n: int) -> str:
    """A signed amount in a sum, zero included: "+3", "−1", "+0"."""
    return _signed(n) if n else "+0"


def part_text(part: dict, t, signed: bool = True) -> str:
    """One part of a settlement ("+2 Coattails", "−2 halved by Rigging", "+3 from the venue"); without
    its sign and number ("Coattails", "from the venue") where the total beside it says them."""
    n, source = (_sgn(part["n"]) if signed else ""), part["source"]
    if source == "halved":
        text = t("wi.part.halved", n=n, card=card_name(part["card"], t))
    elif source in data.load()["card_by_id"]:
        text = t("wi.part.card", n=n, card=card_name(source, t))
    else:
        times = part.get("times", 1)
        text = _known(t, f"wi.part.{source}", "wi.part.other", n=n, times=times,
                      challenges=qty("challenge", times, t))
    return text if signed else text.strip()


def arithmetic(parts: Sequence[dict], total: int, t) -> str:
    """Parts and what they add up to: "+3 from the venue, −1 Poison-pen Letter = +2"; one part is
    its own sum; none is "+0"."""
    if not parts:
        return _sgn(total)
    text = _join([part_text(p, t) for p in parts], t)
    return text if len(parts) == 1 else t("wi.log.sum", parts=text, total=_sgn(total))


def _applied(asked: int, got: int, reasons: Sequence[str], t, plain: int = 0) -> str:
    """What was applied, where it differs from the sum asked, and why."""
    if asked == got:
        return ""
    why = _join([t("wi.why." + r, votes=qty("vote", plain, t)) for r in reasons], t) if reasons else t("wi.why.other")
    return t("wi.log.applied", n=_sgn(got), why=why)


def _others(e, t, names) -> str:
    parts = e.get("others_parts", {})
    out = []
    for s, k in e["others"].items():
        mine = parts.get(s, [])
        # One source: its name beside the amount ("Dave +1 (Coattails)"); several: each signed.
        why = part_text(mine[0], t, signed=False) if len(mine) == 1 else _join([part_text(p, t) for p in mine], t)
        out.append(t("wi.log.other_gain", name=names[int(s)], n=_sgn(k), why=why) if why
                   else t("wi.log.pair", name=names[int(s)], what=_sgn(k)))
    return t("wi.log.settled_others", others=_join(out, t)) if out else ""


def _settled(e, t, names, who):
    """The settlement's arithmetic: each part with its source, the sum, what was applied if less."""
    limits = e.get("limits", [])
    plain = e.get("plain", 0)
    vote_parts, iron_parts = e.get("vote_parts", []), e.get("iron_parts", [])
    iron_asked = sum(p["n"] for p in iron_parts)
    votes = arithmetic(vote_parts, e["net"], t) + _applied(
        e["net"], e["votes"] - plain, [r for r in limits if r in ("floor", "pool", "poach_cap")], t)
    iron = arithmetic(iron_parts, iron_asked, t) + _applied(
        iron_asked, e["iron"], [r for r in limits if r in ("iron_out", "pool")], t, plain)
    kw = dict(name=who(), venue=venue_name(e["venue"], t), votes=votes, iron=iron, others=_others(e, t, names))
    return t("wi.log.settled_jailed" if e.get("jailed") else "wi.log.settled", **kw)


def _offer(e, t, names, who):
    extra = e["extra"]
    if extra in ("hug", "kiss", "bow"):
        what = t("wi.gesture." + extra)
    else:
        parts = [qty(noun, e[key], t) for noun, key in (("vote", "votes"), ("card", "cards")) if e[key]]
        if extra == "clear":
            parts.append(t("wi.log.offer_clear"))
        what = _join(parts, t) if parts else t("wi.log.offer_nothing")
    return t("wi.log.offer", name=who(), voter=who("voter"), what=what)


def _bill(e, t, names, who):
    """"support 4 = 3 yes hands (names) + 1 for the assist effect": the yes count is the names listed."""
    yes = sorted(int(s) for s, v in e["votes"].items() if v == "yes")
    parts = [t("wi.bill.yes", hands=qty("yes_hand", len(yes), t), names=_join([names[s] for s in yes], t))
             if yes else qty("yes_hand", 0, t)]
    parts += [t(f"wi.bill.{p['source']}", n=p["n"]) for p in e.get("support_parts", [])[1:]]
    support = t("wi.bill.sum", support=e["support"], parts=t("wi.bill.plus").join(parts))
    line = t("wi.log.bill_passed" if e["passed"] else "wi.log.bill_failed", name=who(), support=support,
             needed=e["needed"])
    if e["passed"] and e.get("halved_by"):
        line += t("wi.log.bill_halved", card=card_name(e["halved_by"], t), votes=qty("vote", e["pot"], t))
    return line


def _allot(e, t, names, who):
    if e["to_seat"] == e["seat"]:
        return t("wi.log.allot_self", name=who())
    return t("wi.log.allot", name=who(), target=who("to_seat"))


def _done(e, t, names, who):
    return _known(t, "wi.log.done_" + str(e.get("step")), "wi.log.done_other", name=who())


def _poached(e, t, names, who):
    return t("wi.log.poached", name=who(), target=who("target"), votes=qty("vote", e["votes"], t),
             laid=len(e["laid"]), matched=len(e["matched"]))


def _issue(e, t, names, who):
    if not e["cards"]:
        return t("wi.log.issue_none", name=who())
    return t("wi.log.issue", name=who(), cards=_cards(e["cards"], t))


def _debate_result(e, t, names, who):
    if not e["won"]:
        return t("wi.log.debate_lost_face_down" if e.get("face_down") else "wi.log.debate_lost", name=who())
    if not e["cards"]:
        return t("wi.log.debate_won_free", name=who())
    return t("wi.log.debate_won", name=who(), cards=_cards(e["cards"], t))


def ending_how(e: dict, t, names: Sequence[str]) -> str:
    """How a game_over event's game ended, in words: who was elected, whose condition, which count."""
    d, method = e["detail"], e["method"]
    winners = [names[s] for s in e["winners"]]
    if method == "all_jailed":
        how = t("wi.end.last", name=names[d["last"]]) if "last" in d else t("wi.end.all_jailed")
    elif method == "elected":
        how = t("wi.end.elected", names=_join([names[s] for s in d["elected"]], t), camp=camp_name(d["camp"], t))
    elif method == "politician" and d.get("hijack"):
        how = t("wi.end.hijack", names=_join([names[s] for s in d["elected"]], t),
                hijack=_join([names[s] for s in d["hijack"]], t))
    elif method == "politician":
        how = t("wi.end.politician", names=_join(winners, t))
    else:
        why = t("wi.end.reason." + d["reason"])
        if d["rule"] == "C":
            rule = t("wi.end.rule.C" if "camp" in d else "wi.end.rule.C_tie", blue=d["blue"], green=d["green"],
                     camp=camp_name(d["camp"], t) if "camp" in d else "")
        else:
            rule = t("wi.end.rule." + d["rule"])
        how = t("wi.end.forced", reason=why, rule=rule)
    return how


def _game_over(e, t, names, who):
    how = ending_how(e, t, names)
    winners = [names[s] for s in e["winners"]]
    factions = _join([t("wi.log.pair", name=names[s], what=camp_name(f, t)) for s, f in enumerate(e["factions"])], t)
    return t("wi.log.game_over", how=how, winners=_join(winners, t) if winners else t("wi.log.nobody"),
             factions=factions)


def _simple(key, **fields):
    """A line whose placeholders are seat names (field -> event key) and nothing else."""
    def line(e, t, names, who):
        return t(key, **{p: who(k) for p, k in fields.items()})
    return line


_LINES = {
    # setup (offered, faction and hand are private to their seat)
    "setup": _setup,
    "offered": _offered,
    "faction": _faction,
    "hand": _hand,
    "kept": _simple("wi.log.kept", name="seat"),
    "my_character": lambda e, t, n, who: t("wi.log.my_character", name=who(),
                                           character=character_name(e["character"], t)),
    "characters": _characters,
    # the campaign turn
    "round": lambda e, t, n, who: t("wi.log.round", round=e["round"]),
    "campaign": lambda e, t, n, who: t("wi.log.campaign", name=who(), round=e["round"]),
    "venue": lambda e, t, n, who: t("wi.log.venue", name=who(), venue=venue_name(e["venue"], t)),
    "debate_answer": lambda e, t, n, who: t("wi.log.debate_" + e["answer"], name=who()),
    "action_turn": _simple("wi.log.action_turn", name="seat"),
    "end_turn": _simple("wi.log.end_turn", name="seat"),
    "window": _simple("wi.log.window", name="seat"),
    "passed": _simple("wi.log.passed", name="seat"),           # private: nobody learns who holds an answer
    "campaign_over": _simple("wi.log.campaign_over", name="seat"),
    "back": _simple("wi.log.back", name="seat"),
    "recovered": _simple("wi.log.recovered", name="seat"),
    # cards and tokens
    "draw": _draw,
    "drawn": lambda e, t, n, who: t("wi.log.drawn", name=who(), cards=_cards(e["cards"], t)),  # private
    "discarded": _discarded,
    "place": _place,
    "play": _play,
    "cancelled": _cancelled,
    # public: every target able to answer is asked (edition 1 records: private, like "passed")
    "accepted": lambda e, t, n, who: t("wi.log.accepted" if e["seats"] is None else "wi.log.accepted_private",
                                       name=who()),
    "no_draw": lambda e, t, n, who: t("wi.log.no_draw", name=who(), source=source_name(e["why"], t)),
    "gain": _votes("wi.log.gain"),
    "lose": _votes("wi.log.lose"),
    "moved": _moved,
    "summons": _summons,
    "summons_ignored": lambda e, t, n, who: t("wi.log.summons_ignored", name=who(),
                                              source=source_name(e["source"], t)),
    "cleared": _cleared,
    "jail": lambda e, t, n, who: t("wi.log.jail", name=who(), votes=qty("vote", e["votes_removed"], t),
                                   cards=qty("card", e["cards"], t)),
    "hospital": lambda e, t, n, who: t("wi.log.hospital", name=who(), source=source_name(e["source"], t)),
    "tape": lambda e, t, n, who: t("wi.log.tape", name=who()),
    "chose": lambda e, t, n, who: t("wi.log.chose_" + e["option"], name=who()),
    "slot_removed": lambda e, t, n, who: t("wi.log.slot_removed", name=who(), source=source_name(e["source"], t),
                                           card=card_name(e["card"], t), placer=who("placed_by")),
    "redirected": lambda e, t, n, who: t("wi.log.redirected", name=who(), card=card_name(e["card"], t),
                                         target=who("to_seat")),
    "skill": lambda e, t, n, who: t("wi.log.skill", name=who(),
                                    skill=_known(t, "wi.skill." + e["op"], "wi.skill.other")),
    "converted": _simple("wi.log.converted", name="seat"),
    "snatched": _simple("wi.log.snatched", name="seat", target="from_seat"),
    "snatched_card": lambda e, t, n, who: t("wi.log.snatched_card", name=who(), target=who("from_seat"),
                                            card=card_name(e["card"], t)),    # private to both
    # secret meetings
    "trade": lambda e, t, n, who: t("wi.log.trade", name=who(), cards=_cards(e["cards"], t)),
    "meeting_drawn": lambda e, t, n, who: t("wi.log.meeting_drawn", name=who(), n=qty("meeting", e["count"], t)),
    "my_meetings": lambda e, t, n, who: t("wi.log.my_meetings", name=who(),   # private
                                          meetings=_join([meeting_label(m, t) for m in e["meetings"]], t)),
    "meeting_sent": _simple("wi.log.meeting_sent", name="seat", target="target"),
    "meeting_card": _meeting_card,      # private to sender and receiver (public for open_meetings)
    "meeting_result": _meeting_result,
    "given_card": lambda e, t, n, who: t("wi.log.given_card", name=who(), target=who("to_seat"),
                                         card=card_name(e["card"], t)),       # private to both
    "learnt": _learnt,                  # private to the learner (public for open_meetings)
    # settlement and the venues
    "settle": _settle,
    "slot_cancelled": lambda e, t, n, who: t("wi.log.slot_cancelled", card=card_name(e["card"], t),
                                             by=card_name(e["by_card"], t)),
    "settled": _settled,
    "dice": lambda e, t, n, who: t("wi.log.dice", name=who(), dice=_join([str(d) for d in e["dice"]], t)),
    "street": lambda e, t, n, who: t("wi.log.street", name=who(), a=e["kept"][0], b=e["kept"][1],
                                     votes=qty("vote", e["votes"], t)),
    "show_of_hands": _simple("wi.log.show_of_hands", name="seat"),
    "offer": _offer,
    "answer": lambda e, t, n, who: t("wi.log.answer", name=who(), answer=t("wi.answer." + e["answer"])),
    "hand_raised": _simple("wi.log.hand_raised", name="seat"),
    "my_vote": lambda e, t, n, who: t("wi.log.my_vote", name=who(), vote=t("wi.vote." + e["vote"])),  # private
    "bill": _bill,
    "paid_card": _simple("wi.log.paid_card", name="seat", target="to_seat"),
    "paid_card_is": lambda e, t, n, who: t("wi.log.paid_card_is", name=who(), target=who("to_seat"),
                                           card=card_name(e["card"], t)),      # private to both
    "allot": _allot,
    "no_poach": _simple("wi.log.no_poach", name="seat"),
    "poach_target": _simple("wi.log.poach_target", name="seat", target="target"),
    "laid": lambda e, t, n, who: t("wi.log.laid", name=who(), card=card_name(e["card"], t)),
    "matched": lambda e, t, n, who: t("wi.log.matched", name=who(), card=card_name(e["card"], t)),
    "done": _done,
    "poached": _poached,
    "no_debate": lambda e, t, n, who: t("wi.log.no_debate", name=who(),
                                        votes=qty("vote", data.load()["limits"]["debate_nobody"], t)),
    "issue": _issue,
    "debate_die": lambda e, t, n, who: t("wi.log.debate_die", name=who(), die=e["die"]),
    "debate_roll": lambda e, t, n, who: t("wi.log.debate_roll", name=who(), die=e["die"],
                                          need=t("wi.need." + e["need"])),
    "debate_result": _debate_result,
    # the end
    "threshold_up": lambda e, t, n, who: t("wi.log.threshold_up", threshold=e["threshold"]),
    "game_over": _game_over,
}

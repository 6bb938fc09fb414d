"""Matching Pennies' events in words, for the log and the hand-off screen's recap."""
from __future__ import annotations

from typing import Optional


def describe(event: dict, t, names: list[str]) -> Optional[str]:
    kind = event["type"]
    if kind == "picked":
        return t("pn.log.picked", name=names[event["seat"]])
    if kind == "my_pick":
        return t("pn.log.my_pick", side=t(f"pn.side.{event['pick']}"))
    if kind == "coins":
        return t("pn.log.coins", a=t(f"pn.side.{event['picks'][0]}"), b=t(f"pn.side.{event['picks'][1]}"),
                 name=names[event["winner"]])
    if kind == "round":
        return t("pn.log.round", n=event["round"])
    return None

"""A saved game in words, from its header alone: which game, who sat (person or bot), the round,
when it was last played, who won. The menu's Continue and the lists of saved and finished games
say it the same way."""
from __future__ import annotations

import time
from typing import Optional

from game.core.names import shown_name
from game.core.saves import SaveHeader
from game.registry import GAMES


def game_name(t, header: SaveHeader) -> str:
    spec = GAMES.get(header.game)
    return t.name(spec.names) if spec is not None else header.game


def seat_words(t, name: str, kind: str) -> str:
    """ "王小明 (person)" or "Alice (bot · normal)": who sat there and what plays for them."""
    return t("saves.seat", name=name, kind=t("saves.kind.human" if kind == "human" else f"table.bot.{kind}"))


def seats_words(t, header: SaveHeader) -> str:
    return t("saves.list_sep").join(seat_words(t, shown_name(name, i, t), kind)
                                    for i, (name, kind) in enumerate(header.seats))


def names_words(t, header: SaveHeader, most: int = 4) -> str:
    """The players' names, the first few and how many more: short enough for a button."""
    names = [shown_name(name, i, t) for i, (name, _) in enumerate(header.seats)]
    shown = t("saves.list_sep").join(names[:most])
    return shown if len(names) <= most else t("saves.and_more", names=shown, n=len(names) - most)


def round_words(t, header: SaveHeader) -> str:
    """ "Deal 2" for the Xuanwu Gate (its deals are what a player counts), else "Round 3"."""
    if header.round is None:
        return t("saves.not_started")
    key = f"saves.round.{header.game}"
    text = t(key, n=header.round)
    return text if not text.startswith(key) else t("saves.round", n=header.round)


def when_words(t, epoch: float, now: Optional[float] = None) -> str:
    """Today 14:05, yesterday 09:12, or 2026-11-28 21:40 (the computer's own time zone)."""
    now = time.time() if now is None else now
    then, today = time.localtime(epoch), time.localtime(now)
    clock = time.strftime("%H:%M", then)
    days = (time.mktime(today[:3] + (0, 0, 0, 0, 0, -1)) - time.mktime(then[:3] + (0, 0, 0, 0, 0, -1))) / 86400
    if round(days) == 0:
        return t("saves.when.today", time=clock)
    if round(days) == 1:
        return t("saves.when.yesterday", time=clock)
    return t("saves.when.date", date=time.strftime("%Y-%m-%d", then), time=clock)


def winners_words(t, header: SaveHeader) -> str:
    names = [shown_name(header.seats[w][0], w, t) for w in header.winners if 0 <= w < len(header.seats)]
    if not names:
        return t("saves.no_winner")
    return t("saves.winner" if len(names) == 1 else "saves.winners", names=t("saves.list_sep").join(names))


def hints_words(t, names: list[str], taken) -> str:
    """Who took hints and how many ("" if nobody did): a win with hints is never taken for one without."""
    who = [f"{name} {n}" for name, n in zip(names, taken or ()) if n]
    return t("hint.taken_line", who=t("saves.list_sep").join(who)) if who else ""


def resume_caption(t, header: SaveHeader) -> tuple[str, str]:
    """The two lines under Continue: the game; the players and the round."""
    return game_name(t, header), t("saves.caption", names=names_words(t, header, 3), round=round_words(t, header))

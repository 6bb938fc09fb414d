"""The venue's procedure as it runs, painted beside the venue board: the street dice, the
legislature's coordination and show of hands, poaching's laid and matched cards, the debate's
issue, dice and answers. Everything here is public; a secret hand shows only once revealed."""
from __future__ import annotations

import pygame

from game.wonderful_island import data

from ..ui import draw, theme
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from . import art


def paint_procedure(panel, pic: pygame.Surface, r: pygame.Rect) -> None:
    v = panel.view
    px = panel.px
    draw.panel(pic, r, fill=theme.PARCHMENT, border=theme.WOOD, radius=px(8), width=2, drop=False)
    inner = r.inflate(-px(16), -px(12))
    venue, proc = v["venue"], v["proc"]
    writer = _Writer(panel, pic, inner)
    if venue == "street" and v["dice"]:
        _street(panel, writer, v)
    elif venue == "legislature" and proc.get("electorate"):
        _legislature(panel, writer, proc)
    elif venue == "poaching" and proc.get("targets"):
        _poaching(panel, writer, proc)
    elif venue == "debate" and ("joined" in proc or "debaters" in proc):
        _debate(panel, writer, proc)
    else:
        writer.line(panel.t("wi.ui.proc.waiting", venue=data.venue_name(venue, panel.t.lang)), soft=True)
    if v["window_open"]:
        writer.gap()
        writer.line(panel.t("wi.ui.window_open"), bold=True)


class _Writer:
    """Lines of text (and rows of small cards) from the top of a rect down."""

    def __init__(self, panel, pic: pygame.Surface, rect: pygame.Rect) -> None:
        self.panel, self.pic, self.rect = panel, pic, rect
        self.y = rect.y

    def line(self, text: str, bold: bool = False, soft: bool = False, size: int = 14) -> None:
        px = self.panel.px
        if self.y + px(size) > self.rect.bottom:
            return
        colour = theme.INK_SOFT if soft else theme.INK
        surf = fit_text(self.panel.fonts, text, px(size), colour, self.rect.w, bold=bold)
        self.pic.blit(surf, (self.rect.x, self.y))
        self.y += surf.get_height() + px(2)

    def gap(self) -> None:
        self.y += self.panel.px(6)

    def cards(self, label: str, cards: list[str]) -> None:
        """A label and the cards, small, each a piece with its text on hover."""
        panel, px = self.panel, self.panel.px
        w = px(36)
        h = art.card_size(w)[1]
        if self.y + h > self.rect.bottom:
            return
        lab = fit_text(panel.fonts, label, px(13), theme.INK, px(110), bold=True)
        self.pic.blit(lab, (self.rect.x, self.y + (h - lab.get_height()) // 2))
        x = self.rect.x + lab.get_width() + px(8)
        for i, cid in enumerate(cards):
            if x + w > self.rect.right:
                break
            centre = (panel.rect.x + x + w // 2, panel.rect.y + self.y + h // 2)
            panel.pieces.add(Piece(("shown", label, i), art.effect_card(panel.fonts, panel.t, cid, w), centre=centre,
                                   tip=panel.card_tip(cid)))
            x += w + px(4)
        self.y += h + px(4)

    def dice(self, values: list[int], kept: list[int] | None = None) -> None:
        px = self.panel.px
        size = px(34)
        x = self.rect.x
        for i, value in enumerate(values):
            self.pic.blit(art.die(value, size, kept is None or i in kept), (x, self.y))
            x += size + px(8)
        self.y += size + px(6)


def _street(panel, w: _Writer, v: dict) -> None:
    t = panel.t
    w.line(t("wi.ui.proc.street", name=panel.scene.name(v["candidate"])), bold=True)
    w.dice(v["dice"])
    if len(v["dice"]) == 3 and v["phase"] == "dice":
        w.line(t("wi.ui.proc.street_pick"), soft=True)


def _legislature(panel, w: _Writer, proc: dict) -> None:
    t, name = panel.t, panel.scene.name
    w.line(t("wi.ui.proc.bill", pot=proc["pot"], promised=proc["promised"], needed=proc["needed"],
             voters=len(proc["electorate"])), bold=True)
    # With every hidden card (a replay), the hand of a seat voting unasked (the candidate) shows too.
    unasked = [s for s in proc["electorate"] if s not in proc["voters"] and proc["votes"].get(str(s))] \
        if panel.view.get("all_seen") else []
    for s in proc["voters"] + unasked:
        offer = proc["offers"].get(str(s))
        answer = proc["answers"].get(str(s))
        bits = []
        if offer is not None:
            bits.append(t("wi.ui.proc.offered", offer=offer_words(t, offer)))
        if answer is not None:
            bits.append(t("wi.ui.proc.said", answer=t("wi.answer." + answer)))
        vote = proc["votes"].get(str(s))
        if proc.get("revealed") and vote:
            bits.append(t("wi.ui.proc.hand", vote=t("wi.vote." + vote)))
        elif vote and panel.view.get("all_seen"):  # a replay with every hidden card: cast, not yet shown
            bits.append(t("wi.ui.proc.hand_secret", vote=t("wi.vote." + vote)))
        elif str(s) in proc["votes"]:
            bits.append(t("wi.ui.proc.hand_in"))
        w.line(name(s) + ": " + (t("wi.ui.proc.sep").join(bits) if bits else t("wi.ui.proc.not_asked")), size=13)
    if proc.get("revealed"):
        key = "wi.ui.proc.passed" if proc["passed"] else "wi.ui.proc.failed"
        w.line(t(key, support=proc["support"], needed=proc["needed"]), bold=True)
    if proc.get("shared"):
        shares = t("wi.list_sep").join(t("wi.ui.gain_of", name=name(int(s)), votes=f"+{k}")
                                       for s, k in proc["shared"].items())
        w.line(t("wi.ui.proc.shared", shares=shares))


def offer_words(t, offer: dict) -> str:
    parts = []
    if offer["votes"]:
        parts.append(t("wi.ui.offer.votes", n=offer["votes"]))
    if offer["cards"]:
        parts.append(t("wi.ui.offer.cards", n=offer["cards"]))
    if offer["extra"] == "clear":
        parts.append(t("wi.ui.offer.clear"))
    elif offer["extra"] != "none":
        parts.append(t("wi.gesture." + offer["extra"]))
    return t("wi.list_sep").join(parts) if parts else t("wi.ui.offer.nothing")


def _poaching(panel, w: _Writer, proc: dict) -> None:
    t, name = panel.t, panel.scene.name
    target = proc.get("target")
    if target is None:
        w.line(t("wi.ui.proc.poach_pick"), bold=True)
        return
    w.line(t("wi.ui.proc.poach", name=name(target)), bold=True)
    w.cards(t("wi.ui.proc.laid"), proc["laid"])
    w.cards(t("wi.ui.proc.matched"), proc["matched"])
    if "taken" in proc:
        w.line(t("wi.ui.proc.taken", votes=proc["taken"]), bold=True)


def _debate(panel, w: _Writer, proc: dict) -> None:
    t, name = panel.t, panel.scene.name
    sep = t("wi.list_sep")
    joined = proc.get("debaters", proc.get("joined", []))
    w.line(t("wi.ui.proc.debaters", names=sep.join(name(s) for s in joined) or t("wi.log.nobody")), bold=True)
    if proc.get("refused"):
        w.line(t("wi.ui.proc.refused", names=sep.join(name(s) for s in proc["refused"])), soft=True)
    if proc.get("issue") is not None:
        if proc["issue"]:
            w.cards(t("wi.ui.proc.issue"), proc["issue"])
        else:
            w.line(t("wi.ui.proc.no_issue"))
    if proc.get("cand_die"):
        w.line(t("wi.ui.proc.cand_die", die=proc["cand_die"]))
    for res in proc.get("results", []):
        key = "wi.ui.proc.won" if res["won"] else "wi.ui.proc.lost"
        rolled = t("wi.ui.proc.rolled", die=res["die"]) if res.get("die") else ""
        w.line(rolled + t(key, name=name(res["seat"])), size=13)
    cur = proc.get("current")
    if cur:
        w.line(t("wi.ui.proc.rolling", name=name(cur["seat"]), die=cur["die"], need=t("wi.need." + cur["need"])),
               bold=True, size=13)

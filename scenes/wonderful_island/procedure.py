"""The venue's procedure as it runs, painted beside the venue board: the street dice, the
legislature's coordination and show of hands, poaching's laid and matched cards, the debate's
issue, dice and answers. Everything here is public; a secret hand shows only once revealed."""
from __future__ import annotations

import pygame

from game.wonderful_island import data
from game.wonderful_island.describe import qty

from ..ui import draw, theme
from . import art, faces
from .lettering import LINE, MIN_TEXT, fit_lines, line_surface, paint_lines


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
    writer.more()


class _Writer:
    """Lines of text (and rows of cards named by chips) from the top of a rect down; what no longer
    fits is left out."""

    def __init__(self, panel, pic: pygame.Surface, rect: pygame.Rect) -> None:
        self.panel, self.pic, self.rect = panel, pic, rect
        self.y = rect.y
        self.left_out = 0   # lines that did not fit: counted after the last line shown (more())
        self.last = None    # the last line shown, painted by more(): (lines, size, colour, bold, y)

    def line(self, text: str, bold: bool = False, soft: bool = False, size: int = 15) -> None:
        """One line, or two if it must wrap, at the text size, never smaller than the faces' smallest text."""
        px, tx = self.panel.px, self.panel.tx
        lines, s = fit_lines(self.panel.fonts, text, tx(size), self.rect.w, 2, bold, max(MIN_TEXT, tx(14)))
        if self.y + len(lines) * s * LINE > self.rect.bottom:
            self.left_out += 1
            return
        self._flush()
        self.last = (lines, s, theme.INK_SOFT if soft else theme.INK, bold, self.y)
        self.y += int(round(s * LINE)) * len(lines) + px(2)

    def _flush(self) -> None:
        if self.last is not None:
            lines, s, colour, bold, y = self.last
            paint_lines(self.pic, self.panel.fonts, lines, s, colour, pygame.Rect(self.rect.x, y, self.rect.w, 0), bold)
            self.last = None

    def gap(self) -> None:
        self.y += self.panel.px(6)

    def more(self) -> None:
        """The last line, and how many lines were left out ("+2") at the end of its last row; if that
        row has no room for it, the line gives way to it (the whole text is in the log)."""
        last, fonts, px = self.last, self.panel.fonts, self.panel.px
        if not self.left_out or last is None:
            self._flush()
            return
        lines, s, _colour, bold, y = last
        gap = px(8)
        end = fonts.font(s, bold).size(lines[-1])[0]
        ts = fonts.text(f"+{self.left_out}", s, theme.INK_SOFT, bold=True)
        if end + gap + ts.get_width() > self.rect.w:  # no room beside it: the count takes the line's place
            self.last = None
            ts = fonts.text(f"+{self.left_out + 1}", s, theme.INK_SOFT, bold=True)
        else:
            self._flush()
            y += int(round(s * LINE)) * (len(lines) - 1)
        step = int(round(s * LINE))
        self.pic.blit(ts, ts.get_rect(midright=(self.rect.right, y + step // 2)))

    def cards(self, label: str, cards: list[str]) -> None:
        """A label, then the cards as chips of their kind's colour, row after row; each a piece with
        its whole text on hover, seen large with a right click."""
        panel, px = self.panel, self.panel.px
        h = max(px(24), int(panel.tx(15) * 1.6))   # a chip names its card at the text size
        lab = line_surface(panel.fonts, label, panel.tx(15), theme.INK, self.rect.w, bold=True)
        if self.y + lab.get_height() + h > self.rect.bottom:
            self.left_out += 1
            return
        self._flush()
        self.pic.blit(lab, (self.rect.x, self.y))
        x, y = self.rect.x + lab.get_width() + px(8), self.y
        if not cards:
            self.y += max(h, lab.get_height()) + px(4)
            return
        for i, cid in enumerate(cards):
            chip = faces.card_chip(panel.fonts, panel.t, cid, h, self.rect.w)
            if x + chip.get_width() > self.rect.right:  # on to the next row
                x, y = self.rect.x + px(12), y + h + px(4)
                if y + h > self.rect.bottom:
                    break
            centre = (panel.rect.x + x + chip.get_width() // 2, panel.rect.y + y + h // 2)
            panel.add_card(("shown", label, i, cid), chip, centre, cid)
            x += chip.get_width() + px(4)
        self.y = y + h + px(6)

    def dice(self, values: list[int], kept: list[int] | None = None) -> None:
        px = self.panel.px
        size = px(34)
        self._flush()
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
    w.line(t("wi.ui.proc.bill", pot=qty("vote", proc["pot"], t), promised=proc["promised"], needed=proc["needed"],
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
        w.line(name(s) + ": " + (t("wi.ui.proc.sep").join(bits) if bits else t("wi.ui.proc.not_asked")), size=14)
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
        parts.append(qty("vote", offer["votes"], t))
    if offer["cards"]:
        parts.append(qty("card", offer["cards"], t))
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
        w.line(t("wi.ui.proc.taken", votes=qty("vote", proc["taken"], t)), bold=True)


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
        w.line(rolled + t(key, name=name(res["seat"])), size=14)
    cur = proc.get("current")
    if cur:
        w.line(t("wi.ui.proc.rolling", name=name(cur["seat"]), die=cur["die"], need=t("wi.ui.need." + cur["need"])),
               bold=True, size=14)

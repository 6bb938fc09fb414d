"""The parties' places along the near edge of the European Union table, the viewer first. On each
plate: the party card's band (a piece: its stars, ability and bonuses), the player, the influence
behind the screen (only the viewer's own), the voting power, the member states and MEP seat card
held (pieces), the chair card (a piece that moves to the new chair), the revealed vote (a card that
turns over) and the seat's status. Hovering a plate shows its party card with what it holds.
Watching a replay with every hidden card, each plate shows its influence and the bid or vote cast in
secret, each with the "hidden at this moment" mark (secret.py, a piece that explains itself)."""
from __future__ import annotations

from functools import partial
from typing import Optional

import pygame

from game.european_union import data as cards
from game.european_union.describe import card_name, party_name

from ..ui import draw, theme
from ..ui.deciding import draw_deciding_at
from ..ui.emblems import seat_chip
from ..ui.panel import USED, Intent, Panel
from ..ui.piece import Piece
from ..ui.textfit import fit_text
from . import cards as art
from . import secret, tips
from .base import EUPanel, text_grow


class SeatsPanel(EUPanel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.hover_seat: Optional[int] = None
        self.popups: dict[int, pygame.Surface] = {}
        self.shown_chair: Optional[int] = None
        self.chips: list[tuple] = []            # per seat: the chips that fit, how many did not, where they start
        self.bands: dict[tuple, pygame.Surface] = {}

    def plate_rect(self, seat: int) -> pygame.Rect:
        """Seats sit in a row along the near edge of the table, the viewer first."""
        n = self.scene.n
        gap = self.px(8)
        w = min(self.px(250), (self.rect.w - (n - 1) * gap) // n)
        total = n * w + (n - 1) * gap
        me = self.scene.viewer if self.scene.viewer is not None else 0
        k = (seat - me) % n
        return pygame.Rect(self.rect.centerx - total // 2 + k * (w + gap), self.rect.y, w, self.rect.h)

    # -- where things lie on a plate -------------------------------------------------------------------
    def _band(self, r: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(r.x + 2, r.y + 2, r.w - 4, self.px(28))

    def plate_rows(self, r: pygame.Rect) -> tuple[int, int, int, int]:
        """(y of the name, y of the influence row, y of the first chip row, the chips' bottom) on plate
        r: the design's rows, each moved down by as much as the text size makes the words above it
        bigger (the status tag at the foot grows upwards); the chips keep what is left, fewer and "+n"."""
        px, g = self.px, self.grow
        name = self._band(r).bottom + px(4)
        row = name + px(24) + g(15)
        chips = row + px(26) + max(g(14), g(13))
        return name, row, chips, r.bottom - px(30) - g(12)

    def grow(self, size: float) -> int:
        return text_grow(self, size)

    def _chair_rect(self, r: pygame.Rect) -> pygame.Rect:
        cc = art.chair_card(self.fonts, self.t, self.px(60))
        return cc.get_rect(topright=(r.right - self.px(5), self._band(r).bottom + self.px(4)))

    def _chips(self, s: int) -> tuple[list[tuple[tuple, str, pygame.Rect]], int, int]:
        """([(key, label, rect)], how many did not fit, the y of the first chip row)."""
        v, px, t, fonts = self.view, self.px, self.t, self.fonts
        p = v["players"][s]
        r = self.plate_rect(s)
        d = cards.load()
        chips = [(("state", c), f"{c.upper()} {d['state_by_id'][c]['power']}")
                 for c in sorted(p["states"], key=lambda c: (-d["state_by_id"][c]["power"], c))]
        if p["mep"]:
            chips.insert(0, (("mep", p["mep"]), f"{t('eu.ui.mep_short')} {p['mep_power']}"))
        pad, chh = px(8), px(18)
        x = r.x + pad
        _name, _row, y0, bottom = self.plate_rows(r)
        y = y0
        out = []
        for key, label in chips:
            cw = max(px(40), fonts.text(label, px(11), theme.INK, True).get_width() + px(6))
            if x + cw > r.right - pad:
                x = r.x + pad
                y += chh + px(3)
            if y + chh > bottom:
                break
            out.append((key, label, pygame.Rect(x, y, cw, chh)))
            x += cw + px(3)
        return out, len(chips) - len(out), y0

    def _chip_face(self, key: tuple, label: str, size: tuple[int, int]) -> pygame.Surface:
        d = cards.load()
        colour = art.EU_BLUE_LIGHT if key[0] == "mep" else art.GROUP_RGB[d["state_by_id"][key[1]]["group"]]
        return art.chip(self.fonts, label, colour, size, self.px(4), self.px(11), self.px(4))

    def _band_text_size(self) -> int:
        """One size for every plate's party name at a larger text size, as large as the longest
        name lets it be (down to the 100 % size, where fit_text takes over): bands in a row of
        several sizes read unevenly."""
        px, size = self.px, self.tx(14)
        for s in range(self.scene.n) if size > px(14) else ():
            room = self._band(self.plate_rect(s)).w - px(34)
            w = self.fonts.text(party_name(self.scene.party(s), self.t), size, theme.INK, True).get_width()
            if w > room:
                size = max(px(14), min(size, size * room // w))
        return size

    def _band_face(self, s: int, size: tuple[int, int], text: int) -> pygame.Surface:
        px, party = self.px, self.scene.party(s)
        key = (s, party, size, text, self.t.lang)
        if key in self.bands:
            return self.bands[key]
        colour = art.party_rgb(party)
        pic = pygame.Surface(size, pygame.SRCALPHA)
        band = pic.get_rect()
        pygame.draw.rect(pic, colour, band, border_top_left_radius=px(8), border_top_right_radius=px(8))
        seat_chip(pic, self.fonts, (px(15), band.centery), px(11), s)
        pn = art.whole_text(self.fonts, party_name(party, self.t), text, art.ink_on(colour), band.w - px(34), 7, True) \
            or fit_text(self.fonts, party_name(party, self.t), text, art.ink_on(colour), band.w - px(34), bold=True)
        pic.blit(pn, pn.get_rect(midleft=(px(30), band.centery)))
        self.bands[key] = pic = draw.ready(pic)
        return pic

    # -- the view changed --------------------------------------------------------------------------
    def refresh(self) -> None:
        v, t = self.view, self.t
        self.pieces.empty()
        self.popups = {}
        self.chips = [self._chips(s) for s in range(self.scene.n)]
        band_text = self._band_text_size()
        for s in range(self.scene.n):
            r = self.plate_rect(s)
            name = self.scene.name(s)
            band = self._band(r)
            self.pieces.add(Piece(("party", s), self._band_face(s, band.size, band_text), centre=band.center,
                                  tip=partial(tips.party, t, self.scene.party(s), name)))
            for key, label, c in self.chips[s][0]:
                tip = partial(tips.state if key[0] == "state" else tips.mep, t, key[1], name)
                self.pieces.add(Piece(key, self._chip_face(key, label, c.size), centre=c.center, tip=tip))
            vote = (v["last_votes"] or {}).get(str(s)) if self.scene.votes_shown() else None
            if vote:
                w = self.px(30)
                chip = art.vote_chip(self.fonts, t, vote, w)
                cr = chip.get_rect(bottomright=(r.right - self.px(6), r.bottom - self.px(6)))
                self.pieces.add(Piece(("vote", s), chip, art.vote_chip_back(w), centre=cr.center, layer=1,
                                      tip=tips.vote_shown(t, name, vote)))
            self._secret_marks(s, r, name)
        self._chair()

    def _secret_marks(self, s: int, r: pygame.Rect, name: str) -> None:
        """Watching every hidden card: the mark on each value only this party knew then. On the
        influence coin it sits as a badge (a narrow plate has no room beside the number); after
        the status tag, beside the bid or vote."""
        px, tip = self.px, secret.tip(self.t, name)
        if secret.influence(self.view):
            coin = self._coin(r)
            self.pieces.add(Piece(("secret", s, "influence"), secret.mark(px(secret.BADGE_W)),
                                  centre=(coin[0] + px(5), coin[1] + px(4)), tip=tip))
        status = self._status_chip(s, r)
        if status and self._status_secret(s):
            mark = secret.mark(px(secret.MARK_W))
            at = mark.get_rect(midleft=(status[1].right + px(4), status[1].centery))
            self.pieces.add(Piece(("secret", s, "status"), mark, centre=at.center, tip=tip))

    def _chair(self) -> None:
        """The chair card lies in front of its holder; a new chair takes it from the last one."""
        v = self.view
        if v["phase"] == "over":
            self.shown_chair = None
            return
        chair = v["chair"]
        cc = art.chair_card(self.fonts, self.t, self.px(60))
        piece = Piece(("chair",), cc, centre=self._chair_rect(self.plate_rect(chair)).center, layer=2,
                      tip=tips.chair(self.t, self.scene.name(chair)))
        self.pieces.add(piece)
        before, self.shown_chair = self.shown_chair, chair
        if before is not None and before != chair and before < self.scene.n:
            self.scene.tweens.fly(piece, self._chair_rect(self.plate_rect(before)).center, self.scene.fly_time(),
                                  arc=0.3)

    # -- animations ------------------------------------------------------------------------------------
    def fly_in(self, card: str, seat: int, start: tuple[int, int], face: pygame.Surface, duration: float) -> None:
        """A card just taken flies from the middle of the table to its taker's plate, where it lands
        as a chip (or, on a full plate, sinks into it)."""
        if duration <= 0:
            return
        piece = self.pieces.by_key(("state", card)) or self.pieces.by_key(("mep", card))
        if piece is None:
            ghost = Piece(("taken", card), face, centre=self.plate_rect(seat).center, layer=3, hit=False)
            self.pieces.add(ghost)
            self.scene.tweens.fly(ghost, start, duration, arc=0.2)
            self.scene.tweens.fade(ghost, 0, duration * 0.5, delay=duration * 0.5, done=ghost.kill)
            return
        chip = piece.face
        piece.set_face(face)
        self.pieces.change_layer(piece, 3)
        self.scene.tweens.fly(piece, start, duration, arc=0.2, done=lambda: piece.set_face(chip))

    def flip_votes(self, duration: float, stagger: float) -> None:
        votes = [p for p in self.pieces if p.key[0] == "vote"]
        for i, piece in enumerate(votes):
            piece.face_up = False
            self.scene.tweens.flip(piece, duration, face_up=True, delay=i * stagger)

    # -- the still picture ---------------------------------------------------------------------------
    def paint(self, layer: pygame.Surface) -> None:
        for s in range(self.scene.n):
            self._paint_plate(layer, s)

    def _paint_plate(self, layer: pygame.Surface, s: int) -> None:
        v, px, t, fonts = self.view, self.px, self.t, self.fonts
        r = self.plate_rect(s)
        acting = s in v["to_act"] and v["phase"] != "over"
        draw.panel(layer, r, fill=theme.PARCHMENT, border=theme.GOLD if acting else theme.WOOD, radius=px(10),
                   width=px(4) if acting else 2)
        pad = px(8)
        y, row, _chips, chips_bottom = self.plate_rows(r)
        name_room = r.w - 2 * pad
        if s == v["chair"] and v["phase"] != "over":  # the chair card (a piece) lies there
            name_room = self._chair_rect(r).x - r.x - pad - px(4)
        name = self.scene.you(s)
        if fonts.text(name, px(13), theme.INK, True).get_width() > name_room:
            name = self.scene.name(s)   # a narrow plate: the name whole rather than "(you)" cut short
        nm = fit_text(fonts, name, self.tx(15), theme.INK, name_room, bold=True)
        layer.blit(nm, (r.x + pad, y))
        # Voting power (member states, or the MEP seat in the Parliament) on the right ...
        pl = self._power_text(s, r)
        pw = pygame.Rect(0, 0, pl.get_width() + px(10), px(20) + self.grow(13))
        pw.topright = (r.right - pad, row)
        pygame.draw.rect(layer, art.EU_BLUE, pw, border_radius=px(4))
        layer.blit(pl, pl.get_rect(center=pw.center))
        # ... and the influence behind the screen: only the viewer's own (or all, once the game is over).
        coin = self._coin(r)
        pygame.draw.circle(layer, theme.WOOD, (coin[0], coin[1] + 1), px(8))
        pygame.draw.circle(layer, theme.GOLD, coin, px(8))
        layer.blit(*self._influence_text(s, r))
        shown, more, y0 = self.chips[s]
        if more:
            mt = fonts.text(f"+{more}", self.tx(12), theme.VERMILION_DARK, bold=True)
            layer.blit(mt, mt.get_rect(bottomright=(r.right - pad, chips_bottom + px(2) + self.grow(12))))
        if not shown and not more:
            nt = fit_text(fonts, t("eu.ui.no_states"), self.tx(12), theme.INK_SOFT, r.w - 2 * pad)
            layer.blit(nt, (r.x + pad, y0))
        self._paint_status(layer, s, r)

    def _coin(self, r: pygame.Rect) -> tuple[int, int]:
        """The centre of the influence coin, under the player's name."""
        px = self.px
        return r.x + px(8) + px(8), self.plate_rows(r)[1] + px(10) + self.grow(13) // 2

    def _power_text(self, s: int, r: pygame.Rect) -> pygame.Surface:
        """The voting power's words on its chip: at the text size, narrowed to half the plate."""
        text = self.t("eu.ui.power_chip", n=self.scene.power(s))
        room = max(r.w // 2 - self.px(10), self.fonts.text(text, self.px(13), theme.WHITE, True).get_width())
        return fit_text(self.fonts, text, self.tx(13), theme.WHITE, room, bold=True)

    def _influence_text(self, s: int, r: pygame.Rect) -> tuple[pygame.Surface, pygame.Rect]:
        """The influence after the coin, and where: "?" for another's while it is behind the screen.
        The power chip's width bounds it; a secret shown in a replay moves over for the coin's mark."""
        px, t, fonts = self.px, self.t, self.fonts
        inf = self.view["players"][s]["influence"]
        coin = self._coin(r)
        shift = px(6) if secret.influence(self.view) else 0
        pl = self._power_text(s, r)
        chip_x = r.right - px(8) - (pl.get_width() + px(10))
        room = chip_x - coin[0] - px(16) - shift
        ink = theme.INK if inf is not None else theme.INK_SOFT
        it = fonts.text(t("eu.ui.influence", n="?" if inf is None else inf), self.tx(14), ink, inf is not None)
        if it.get_width() > room:  # a narrow seat: the coin says influence, the number follows it
            it = fit_text(fonts, "?" if inf is None else str(inf), self.tx(15), ink, room, bold=True)
        return it, it.get_rect(midleft=(coin[0] + px(12) + shift, coin[1]))

    def _status_secret(self, s: int) -> bool:
        """Does the status say a bid or vote only this party knew (a replay showing every card)?"""
        v = self.view
        return not self.scene.votes_shown() and (secret.bid(v, s) is not None if v["phase"] == "bid" else
                                                 v["phase"] == "vote" and secret.vote(v, s) is not None)

    def _status(self, s: int) -> tuple[Optional[str], tuple]:
        """The words on the seat's status tag and its colour (no words: no tag)."""
        v, t = self.view, self.t
        p = v["players"][s]
        phase = v["phase"]
        if self.scene.votes_shown():
            vote = v["last_votes"].get(str(s))
            card = self.pieces.by_key(("vote", s))
            if vote and (card is None or self.resting(card) and card.face_up):  # said once its card is up
                return t("eu.ui.vote_word." + vote), (art.VOTE_RGB["yes"] if vote == "yes" else art.VOTE_RGB["no"])
            return None, theme.JADE
        if phase == "bid":
            bid = secret.bid(v, s)
            if bid is not None:   # watching every card: the amount bid in secret
                return t("eu.ui.tag.bid_amount", n=bid), theme.JADE
            return (t("eu.ui.tag.bid"), theme.JADE) if p["has_bid"] else (t("eu.ui.tag.bidding"), theme.GREY)
        if phase == "vote":
            vote = secret.vote(v, s)
            if vote is not None:  # watching every card: the vote cast in secret
                return t("eu.ui.vote_word." + vote), (art.VOTE_RGB["yes"] if vote == "yes" else art.VOTE_RGB["no"])
            return (t("eu.ui.tag.voted"), theme.JADE) if p["has_voted"] else (t("eu.ui.tag.voting"), theme.GREY)
        if phase in ("order", "draft") and v["last_bids"]:
            order = v["bid_order"]
            pos = f" · #{order.index(s) + 1}" if s in order else ""
            return t("eu.ui.tag.bid_amount", n=v["last_bids"].get(str(s), 0)) + pos, theme.WOOD_LIGHT
        if phase == "over" and s in v["winners"]:
            return t("over.seal"), theme.VERMILION
        return None, theme.JADE

    def _status_chip(self, s: int, r: pygame.Rect) -> Optional[tuple[pygame.Surface, pygame.Rect, tuple]]:
        """The status tag's words, its rect at the plate's lower left and its colour; None: no tag."""
        text, fill = self._status(s)
        if not text:
            return None
        px, g = self.px, self.grow(12)
        ts = art.whole_text(self.fonts, text, self.tx(12), theme.WHITE, r.w - px(56), 10, True)
        if ts is None and " · #" in text:   # a narrow plate: the choosing order alone (the bids card has the amounts)
            text = "#" + text.rsplit(" · #", 1)[1]
        ts = ts or fit_text(self.fonts, text, self.tx(12), theme.WHITE, r.w - px(56), bold=True)
        return ts, pygame.Rect(r.x + px(8), r.bottom - px(26) - g, ts.get_width() + px(12), px(20) + g), fill

    def _paint_status(self, layer: pygame.Surface, s: int, r: pygame.Rect) -> None:
        """The status tag at the plate's lower left; for a party the table waits on, the "deciding" tag
        (scenes/ui/deciding.py): in its place with the phase's own word (bidding…, voting…) where the
        status is only that, else beside it on the right (the bid and the choosing order stay)."""
        px = self.px
        deciding = s in self.scene.deciding_seats() and not self.scene.scoring_open and not self.scene.votes_shown()
        chip = self._status_chip(s, r)
        text, fill = self._status(s)
        if deciding and (chip is None or fill == theme.GREY):
            words = text if chip is not None else self.t("table.deciding")
            draw_deciding_at(layer, "bottomleft", (r.x + px(8), r.bottom - px(6)), words, self.fonts, px,
                             r.w - px(16))
            return
        if chip:
            ts, c, fill = chip
            pygame.draw.rect(layer, fill, c, border_radius=px(6))
            layer.blit(ts, ts.get_rect(center=c.center))
        if deciding:
            left = chip[1].right + px(6) if chip else r.x + px(8)
            draw_deciding_at(layer, "bottomright", (r.right - px(6), r.bottom - px(6)), self.t("table.deciding"),
                             self.fonts, px, r.right - px(6) - left)

    # -- input -------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if event.type == pygame.MOUSEMOTION:
            seat = next((s for s in range(self.scene.n) if self.plate_rect(s).collidepoint(event.pos)), None)
            changed = self.pieces.set_hover(event.pos)
            if seat != self.hover_seat:
                self.hover_seat, changed = seat, True
            return USED if changed else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return USED
        return None

    def mouse_left(self) -> bool:
        changed = self.hover_seat is not None
        self.hover_seat = None
        return self.pieces.set_hover(None) or changed

    # -- the party card on hover -------------------------------------------------------------------------
    def popup(self, seat: int) -> pygame.Surface:
        """The party card of a seat with the member states it holds."""
        pic = self.popups.get(seat)
        if pic is not None:
            return pic
        px, t, fonts = self.px, self.t, self.fonts
        p = self.view["players"][seat]
        w = px(330)
        card = art.party_card(fonts, t, p["party"], w)
        d = cards.load()
        names = [f"{card_name(c, t)} {d['state_by_id'][c]['power']}" for c in p["states"]]
        if p["mep"]:
            names.append(card_name(p["mep"], t))
        text = t("eu.ui.holds", name=self.scene.name(seat), cards=t("eu.list_sep").join(names) if names else
                 t("eu.ui.no_states"))
        lines = fonts.wrap(text, px(13), w - px(16))
        extra = len(lines) * px(18) + px(12)
        pic = pygame.Surface((w, card.get_height() + extra), pygame.SRCALPHA)
        pygame.draw.rect(pic, theme.PARCHMENT, (0, card.get_height() - px(6), w, extra + px(6)),
                         border_bottom_left_radius=px(8), border_bottom_right_radius=px(8))
        pygame.draw.rect(pic, theme.WOOD, (0, card.get_height() - px(6), w, extra + px(6)), 1,
                         border_bottom_left_radius=px(8), border_bottom_right_radius=px(8))
        pic.blit(card, (0, 0))
        y = card.get_height() + px(4)
        for line in lines:
            pic.blit(fonts.text(line, px(13), theme.INK), (px(8), y))
            y += px(18)
        self.popups[seat] = pic
        return pic


class PartyPopup(Panel):
    """The hovered seat's party card, over everything but the overlays (it answers no event); a
    resting mouse's note replaces it."""

    def __init__(self, scene, seats: SeatsPanel, top: int) -> None:
        super().__init__(scene)
        self.seats = seats
        self.top = top

    def contains(self, pos: tuple[int, int]) -> bool:
        return False

    def mouse_left(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        seat = self.seats.hover_seat
        if seat is None or seat >= self.scene.n or self.scene.scoring_open or self.scene.tip:
            return
        px = self.px
        pic = self.seats.popup(seat)
        pr = self.seats.plate_rect(seat)
        r = pic.get_rect(midbottom=(pr.centerx, pr.y - px(6)))
        r.clamp_ip(pygame.Rect(0, self.top, surface.get_width(), pr.y - px(4) - self.top))
        surface.blit(pic, r)

"""The European Union council table: the policy board, the parties around the table, the
member states and MEP seats up for bidding, the bills, secret bids and votes, round scoring.

It draws only `self.view` (the viewing seat's view): others' influence shows as "?".
Everything static is painted once per view change into `self.layer`; a frame is that
blit plus the hovered glow, the discussion countdown, the buttons and the log.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

import pygame

from game.european_union import data as cards
from game.european_union.describe import bill_name, card_name, describe, party_name, policy_name

from ..match_scene import MatchScene
from ..ui import draw, theme
from ..ui.cached_group import CachedGroup
from ..ui.emblems import seat_chip
from ..ui.log_panel import LogPanel
from ..ui.textfit import blit_lines, fit_text
from ..ui.widgets import Button
from . import cards as art

DISCUSSION_SECONDS = 180.0   # the rulebook's three minutes per bill
REVEAL_MIN = 2.5             # seconds a reveal stays up when someone is watching
SCORING_LINE = 0.45          # seconds between two lines of the round scoring
STAGE_STEPS = ("council", "parliament", "scoring")


@dataclass
class Target:
    """Something the viewer may click now; it glows and calls `on_click`."""
    rect: pygame.Rect
    on_click: Callable[[], object]
    key: object = None



class EuropeanUnionTableScene(MatchScene):
    describe = staticmethod(describe)
    def __init__(self, app, match) -> None:
        self.geom_ready = False
        self.background: Optional[pygame.Surface] = None
        self.background_size = (0, 0)
        self.layer: Optional[pygame.Surface] = None
        self.targets: list[Target] = []
        self.hover: Optional[int] = None
        self.hover_seat: Optional[int] = None
        self.popup_cache: dict[int, pygame.Surface] = {}
        self.plate_rects: list[pygame.Rect] = []
        self.log = LogPanel(app.fonts)
        self.buttons = CachedGroup()
        self.action_buttons = CachedGroup()
        self.bid_value = 0
        self.auction_key: Optional[tuple] = None
        self.keep_sel: list[str] = []
        self.keep_key: Optional[tuple] = None
        self.countdown = DISCUSSION_SECONDS
        self.countdown_key: Optional[tuple] = None
        self.reveal_clock = 0.0
        self.reveal_kind: Optional[str] = None   # "votes" or "bids"
        self.scoring_open = False
        self.scoring_round: Optional[int] = None
        self.scoring_lines = 0
        self.scoring_clock = 0.0
        self.scoring_surface: Optional[pygame.Surface] = None
        self.dynamic: list[tuple] = []            # per-frame things: ("bid", rect) / ("clock", rect) / ("keep", rect)
        super().__init__(app, match)

    # -- helpers --------------------------------------------------------------
    def party(self, seat: int) -> str:
        return self.view["players"][seat]["party"]

    def reveal_time(self) -> float:
        if self.app.settings.bot_delay <= 0 and not self.match.humans:
            return 0.0
        return max(REVEAL_MIN, self.app.settings.bot_delay * 3)

    def power(self, seat: int) -> int:
        p = self.view["players"][seat]
        return p["mep_power"] if self.view["stage"] == "parliament" else p["state_power"]

    def round_power(self) -> int:
        """The Council's total voting power this round: every member state on the table (public data)."""
        d = cards.load()
        return sum(d["state_by_id"][c]["power"] for c in cards.states_for_round(max(1, self.view["round"])))

    def you(self, seat: int) -> str:
        if seat != self.viewer:
            return self.name(seat)
        t = self.app.t
        return self.name(seat) + (f"（{t('eu.ui.you')}）" if t.lang == "zh_TW" else f" ({t('eu.ui.you')})")

    # -- geometry ---------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        px, t = self.app.px, self.app.t
        self.W, self.H = w, h
        m = self.m = px(10)
        self.top = pygame.Rect(0, 0, w, px(60))
        col_w = px(290)
        self.col = pygame.Rect(w - col_w - m, self.top.bottom + m, col_w, h - self.top.bottom - 2 * m)
        main = self.main = pygame.Rect(m, self.top.bottom + m, self.col.x - 2 * m, h - self.top.bottom - 2 * m)
        self.board = pygame.Rect(main.x, main.y, main.w, px(150))
        seats_h = px(164)
        self.seats = pygame.Rect(main.x, main.bottom - seats_h, main.w, seats_h)
        self.centre = pygame.Rect(main.x, self.board.bottom + m, main.w, self.seats.y - self.board.bottom - 2 * m)
        self.side = pygame.Rect(self.centre.right - px(280), self.centre.y, px(280), self.centre.h)
        self.work = pygame.Rect(self.centre.x, self.centre.y, self.side.x - self.centre.x - m, self.centre.h)
        if self.background_size != (w, h):
            self.background = art.council_background((w, h))
            self._paint_decor(self.background)
            self.background_size = (w, h)
        self.geom_ready = True
        bh, bw = px(40), px(104)
        y = self.top.centery - bh // 2
        self.btn_menu = Button(lambda: t("table.menu"), self.ask_menu, (w - m - bw, y, bw, bh), size=px(18))
        self.btn_rules = Button(lambda: t("table.rules"), self.open_rules, (w - 2 * m - 2 * bw, y, bw, bh),
                                size=px(18), hotkey=pygame.K_F1)
        by = self.col.bottom - bh
        half = (self.col.w - m) // 2
        self.btn_give = Button(lambda: t("eu.ui.give.button"), self.open_give, (self.col.x, by, half, bh),
                               style="primary", size=px(17))
        self.btn_undo = Button(lambda: t("table.undo"), self.undo, (self.col.x + half + m, by, half, bh), size=px(18))
        self.buttons = CachedGroup([self.btn_rules, self.btn_menu, self.btn_give, self.btn_undo])
        self.log.set_rect(pygame.Rect(self.col.x, self.col.y, self.col.w, by - m - self.col.y), size=px(14),
                          title=t("log.title"), empty=t("log.empty"), backdrop=self.background)
        self.popup_cache = {}
        self.scoring_surface = None
        self.on_view()

    def _paint_decor(self, bg: pygame.Surface) -> None:
        px = self.app.px
        pygame.draw.rect(bg, art.EU_BLUE_DARK, self.top)
        pygame.draw.line(bg, theme.GOLD, (0, self.top.bottom - 2), (self.W, self.top.bottom - 2), 2)
        art.faint_ring(bg, self.centre.center, min(self.centre.h // 2 - px(10), px(130)))

    def plate_rect(self, seat: int) -> pygame.Rect:
        """Seats sit in a row along the near edge of the table, the viewer first."""
        n = self.n
        gap = self.app.px(8)
        w = min(self.app.px(250), (self.seats.w - (n - 1) * gap) // n)
        total = n * w + (n - 1) * gap
        me = self.viewer if self.viewer is not None else 0
        k = (seat - me) % n
        return pygame.Rect(self.seats.centerx - total // 2 + k * (w + gap), self.seats.y, w, self.seats.h)

    # -- the view changed ---------------------------------------------------------
    def on_view(self) -> None:
        if not self.geom_ready or not self.view:
            return
        v = self.view
        # A new auction, or another player at the screen: the entry starts from 0 again, so
        # nobody sees the amount the previous player dialled in secret.
        auction = (v["round"], v["stage"], self.viewer)
        if v["phase"] == "bid" and auction != self.auction_key:
            self.auction_key = auction
            self.bid_value = 0
        if v["my_influence"] is not None:
            self.bid_value = max(0, min(self.bid_value, v["my_influence"]))
        if (tuple(v["drawn_bills"]), self.viewer) != self.keep_key:
            self.keep_key = (tuple(v["drawn_bills"]), self.viewer)
            self.keep_sel = []
        ck = (v["round"], v["stage"], v["current_bill"]) if v["phase"] == "discuss" else None
        if ck != self.countdown_key:
            self.countdown_key = ck
            self.countdown = DISCUSSION_SECONDS
        if self.scoring_open and self.scoring_round is not None and \
                not any(h["round"] == self.scoring_round for h in v["history"]):
            self.scoring_open = False  # undone past it
        self.log.set_lines(self.log_lines())
        self.popup_cache = {}
        self._rebuild()

    def _rebuild(self) -> None:
        if not self.geom_ready:
            return
        self._build_targets()
        self._build_layer()
        human_here = self.viewer is not None and self.viewer not in self.match.bots
        self.btn_undo.visible = bool(self.match.humans)
        self.btn_undo.enabled = self.can_undo()
        self.btn_give.visible = human_here and self.view["phase"] != "over"
        self.btn_give.enabled = bool(self.my_gifts())
        self.hover = None
        self.dirty = True

    def on_events(self, events: list[dict]) -> None:
        for e in events:
            if e["type"] == "votes":
                self.reveal_kind, self.reveal_clock = "votes", self.reveal_time()
            elif e["type"] == "bids":
                self.reveal_kind, self.reveal_clock = "bids", self.reveal_time()
            elif e["type"] == "scoring":
                self.open_scoring(e["round"])

    def open_scoring(self, rnd: int) -> None:
        self.scoring_open = True
        self.scoring_round = rnd
        watched = bool(self.match.humans) or self.app.settings.bot_delay > 0
        self.scoring_lines = 0 if watched else 99
        self.scoring_clock = SCORING_LINE if watched else 0.0
        self.scoring_surface = None

    def my_gifts(self) -> list[tuple]:
        if self.viewer is None or self.viewer in self.match.bots or self.match.state.is_over():
            return []
        return [a for a in self.match.state.legal_actions(None) if a[1] == self.viewer]

    # -- what can be clicked -------------------------------------------------------
    def _build_targets(self) -> None:
        v, px, t = self.view, self.app.px, self.app.t
        self.targets = []
        self.action_buttons = CachedGroup()
        self.dynamic = []
        phase = v["phase"]
        mine = self.can_act()
        side = self.side
        if self.scoring_open:
            r = self.scoring_rect()
            b = Button(lambda: t("eu.ui.scoring.continue"), self.close_scoring,
                       (r.centerx - px(100), r.bottom - px(54), px(200), px(42)), style="primary",
                       size=px(18), hotkey=pygame.K_RETURN)
            self.action_buttons.add(b)
            return
        if self.reveal_shown() and self.reveal_kind == "votes":
            return  # the result covers the side panel until it is clicked away or its time is up
        if phase == "bid" and mine:
            have = v["my_influence"] or 0
            y = side.y + px(118)
            bw = (side.w - px(20) - 3 * px(6)) // 4
            for i, (label, d) in enumerate((("−5", -5), ("−1", -1), ("+1", 1), ("+5", 5))):
                self.action_buttons.add(Button(label, lambda d=d: self.step_bid(d),
                                               (side.x + px(10) + i * (bw + px(6)), y, bw, px(38)), size=px(18)))
            y += px(46)
            half = (side.w - px(26)) // 2
            self.action_buttons.add(Button(lambda: t("eu.ui.bid.none"), lambda: self.set_bid(0),
                                           (side.x + px(10), y, half, px(32)), size=px(15)))
            self.action_buttons.add(Button(lambda: t("eu.ui.bid.all", n=have), lambda: self.set_bid(have),
                                           (side.x + px(16) + half, y, half, px(32)), size=px(15)))
            y += px(42)
            self.action_buttons.add(Button(lambda: t("eu.ui.bid.confirm", n=self.bid_value), self.confirm_bid,
                                           (side.x + px(10), y, side.w - px(20), px(44)), style="primary",
                                           size=px(19), hotkey=pygame.K_RETURN))
            self.dynamic.append(("bid", pygame.Rect(side.x, side.y + px(66), side.w, px(48))))
        elif phase == "order" and mine:
            tied = v["tied"]
            y0 = side.y + px(118)
            cols = 2 if len(tied) > 4 else 1
            rows = (len(tied) + cols - 1) // cols
            bw = (side.w - px(28) - (cols - 1) * px(6)) // cols
            bh = min(px(38), (side.bottom - y0 - px(10)) // max(1, rows) - px(6))
            for i, s in enumerate(tied):
                r = (side.x + px(14) + (i % cols) * (bw + px(6)), y0 + (i // cols) * (bh + px(6)), bw, bh)
                self.action_buttons.add(Button(f"{theme.SEAT_LETTERS[s]}  {self.name(s)}",
                                               lambda s=s: self.act(("first", s)), r, size=px(16)))
        elif phase == "draft" and mine:
            for key, rect in self.auction_rects():
                self.targets.append(Target(rect, lambda c=key: self.act(("take", c)), key))
        elif phase == "keep" and mine:
            for key, rect in self.keep_rects():
                self.targets.append(Target(rect, lambda b=key: self.toggle_keep(b), key))
            need = cards.load()["bills_kept"]
            last = self.keep_rects()[-1][1]
            b = Button(lambda: t("eu.ui.keep.confirm", n=len(self.keep_sel), of=need), self.confirm_keep,
                       (self.centre.centerx - px(130), last.bottom + px(26), px(260), px(42)), style="primary",
                       size=px(18), hotkey=pygame.K_RETURN)
            b.enabled = len(self.keep_sel) == need
            self.keep_button = b
            self.action_buttons.add(b)
        elif phase == "discuss":
            self.dynamic.append(("clock", pygame.Rect(side.x, side.y + px(92), side.w, px(70))))
            if mine:
                self.action_buttons.add(Button(lambda: t("eu.ui.call_vote"), lambda: self.act(("call_vote",)),
                                               (side.x + px(20), side.bottom - px(62), side.w - px(40), px(46)),
                                               style="primary", size=px(19), hotkey=pygame.K_RETURN))
        elif phase == "vote" and mine:
            for vote, rect in self.vote_rects():
                self.targets.append(Target(rect, lambda x=vote: self.act(("vote", x)), vote))

    # -- widget callbacks -------------------------------------------------------------
    def set_bid(self, n: int) -> None:
        self.bid_value = max(0, min(n, self.view["my_influence"] or 0))
        self.dirty = True

    def step_bid(self, d: int) -> None:
        self.set_bid(self.bid_value + d)

    def confirm_bid(self) -> None:
        self.act(("bid", self.bid_value))

    def toggle_keep(self, bill: str) -> None:
        if bill in self.keep_sel:
            self.keep_sel.remove(bill)
        elif len(self.keep_sel) < cards.load()["bills_kept"]:
            self.keep_sel.append(bill)
        else:
            self.notice(self.app.t("eu.ui.keep.full"))
            return
        self._rebuild()

    def confirm_keep(self) -> None:
        if len(self.keep_sel) == cards.load()["bills_kept"]:
            self.act(("keep_bills", tuple(sorted(self.keep_sel))))

    def close_scoring(self) -> None:
        self.scoring_open = False
        self.scoring_surface = None
        self._rebuild()

    def open_give(self) -> None:
        from .give import GiveScene
        if self.my_gifts():
            self.app.manager.push(GiveScene(self.app, self))

    # -- rectangles of the centre ------------------------------------------------------
    def auction_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The member states (piled by voting power) or MEP seat cards still to take."""
        v, px = self.view, self.app.px
        left = v["cards_left"]
        if not left:
            return []
        work = self.work.inflate(0, -px(8))
        top = work.y + px(30)
        d = cards.load()
        if v["stage"] == "parliament":
            w = min(px(92), (work.w - (len(left) - 1) * px(10)) // max(1, len(left)))
            total = len(left) * w + (len(left) - 1) * px(10)
            x = work.centerx - total // 2
            out = []
            for c in left:
                out.append((c, pygame.Rect(x, top + px(10), *art.state_size(w))))
                x += w + px(10)
            return out
        piles: dict[int, list[str]] = {}
        for c in left:
            piles.setdefault(d["state_by_id"][c]["power"], []).append(c)
        keys = sorted(piles, reverse=True)
        w = min(px(84), (work.w - (len(keys) - 1) * px(12)) // max(1, len(keys)))
        ch = art.state_size(w)[1]
        total = len(keys) * w + (len(keys) - 1) * px(12)
        x = work.centerx - total // 2
        out = []
        room = work.bottom - top - ch
        for p in keys:
            pile = piles[p]
            step = min(px(30), room // max(1, len(pile) - 1)) if len(pile) > 1 else 0
            for i, c in enumerate(pile):
                r = pygame.Rect(x, top + i * step, w, ch)
                if i < len(pile) - 1:
                    r.h = max(step, 1)  # only the visible strip of a covered card is clickable
                out.append((c, r))
            x += w + px(12)
        return out

    def keep_rects(self) -> list[tuple[str, pygame.Rect]]:
        drawn = self.view["drawn_bills"]
        px = self.app.px
        gap = px(10)
        w = min(px(128), (self.centre.w - (len(drawn) - 1) * gap - px(20)) // max(1, len(drawn)))
        h = art.bill_size(w)[1]
        total = len(drawn) * w + (len(drawn) - 1) * gap
        x = self.centre.centerx - total // 2
        y = self.centre.y + px(36)
        out = []
        for b in drawn:
            r = pygame.Rect(x, y, w, h)
            if b in self.keep_sel:
                r.y -= px(14)
            out.append((b, r))
            x += w + gap
        return out

    def agenda_rects(self) -> list[tuple[str, pygame.Rect]]:
        agenda = self.view["agenda"]
        px = self.app.px
        gap = px(10)
        work = self.work
        w = min(px(124), (work.w - (len(agenda) - 1) * gap) // max(1, len(agenda)))
        h = art.bill_size(w)[1]
        total = len(agenda) * w + (len(agenda) - 1) * gap
        x = work.centerx - total // 2
        y = work.y + px(44)
        out = []
        for b in agenda:
            r = pygame.Rect(x, y, w, h)
            if b == self.view["current_bill"]:
                r.y -= px(16)
            out.append((b, r))
            x += w + gap
        return out

    def vote_rects(self) -> list[tuple[str, pygame.Rect]]:
        px, side = self.app.px, self.side
        w = min(px(104), (side.w - px(50)) // 2)
        h = int(w * 1.3)
        y = side.y + px(98)
        return [("yes", pygame.Rect(side.centerx - w - px(8), y, w, h)),
                ("no", pygame.Rect(side.centerx + px(8), y, w, h))]

    def scoring_rect(self) -> pygame.Rect:
        px = self.app.px
        return pygame.Rect(self.main.x + px(16), self.board.y + px(8), self.main.w - px(32),
                           self.seats.y - self.board.y - px(12))

    # -- the layer ------------------------------------------------------------------------
    def _build_layer(self) -> None:
        if self.background is None:
            return
        layer = self.background.copy()
        self._paint_top(layer)
        self._paint_board(layer)
        self._paint_centre(layer)
        for s in range(self.n):
            self._paint_plate(layer, s)
        if self.scoring_open:
            self._paint_scoring(layer)
        else:
            for tg in self.targets:
                self._glow(layer, tg, False)
        self.layer = layer

    def _title(self) -> str:
        v, t = self.view, self.app.t
        if v["phase"] == "over":
            return t("eu.ui.title_over")
        return t("eu.ui.title", round=v["round"], stage=t("eu.ui.stage." + v["stage"]))

    def prompt(self) -> str:
        v, t = self.view, self.app.t
        phase = v["phase"]
        mine = self.can_act()
        chair = self.name(v["chair"])
        if phase == "over":
            return t("eu.ui.prompt.over")
        if self.scoring_open:
            return t("eu.ui.prompt.scoring", round=self.scoring_round)
        if phase == "bid":
            what = t("eu.ui.what." + v["stage"])
            if mine:
                return t("eu.ui.prompt.bid", what=what)
            if v["my_bid"] is not None:
                return t("eu.ui.prompt.bid_wait", amount=v["my_bid"])
            return t("eu.ui.prompt.bidding", what=what)
        if phase == "order":
            return t("eu.ui.prompt.order_me") if mine else t("eu.ui.prompt.order", name=chair)
        if phase == "draft":
            picker = v["to_act"][0]
            key = "eu.ui.prompt.take_" + v["stage"]
            return t(key) if mine else t("eu.ui.prompt.taking", name=self.name(picker))
        if phase == "keep":
            return t("eu.ui.prompt.keep_me") if mine else t("eu.ui.prompt.keep", name=chair)
        if phase == "discuss":
            return t("eu.ui.prompt.discuss_me") if mine else t("eu.ui.prompt.discuss", name=chair)
        if phase == "vote":
            if mine:
                return t("eu.ui.prompt.vote")
            if v["my_vote"]:
                return t("eu.ui.prompt.vote_wait", vote=t("eu.ui.vote_word." + v["my_vote"]))
            return t("eu.ui.prompt.voting")
        return ""

    def _paint_top(self, layer: pygame.Surface) -> None:
        px, fonts = self.app.px, self.app.fonts
        em = art.emblem(px(44))
        layer.blit(em, em.get_rect(midleft=(px(14), self.top.centery)))
        x0 = px(14) + em.get_width() + px(10)
        right = self.btn_rules.rect.x - px(16)
        title = fit_text(fonts, self._title(), px(20), art.STAR_GOLD, px(330), bold=True)
        layer.blit(title, title.get_rect(midleft=(x0, self.top.centery)))
        x1 = x0 + title.get_width() + px(18)
        pr = fit_text(fonts, self.prompt(), px(18), theme.WHITE, right - x1, bold=True)
        layer.blit(pr, pr.get_rect(midleft=(x1, self.top.centery)))

    def _paint_board(self, layer: pygame.Surface) -> None:
        """The policy board: round and stage on the left, the five policy tracks on the right."""
        v, px, t, fonts = self.view, self.app.px, self.app.t, self.app.fonts
        b = self.board
        draw.panel(layer, b, fill=art.EU_BLUE, border=theme.GOLD, radius=px(12), width=2)
        # Left block: round track, stage track, threshold.
        lw = px(208)
        y = b.y + px(10)
        head = fonts.text(t("eu.ui.round_label"), px(14), theme.GOLD_LIGHT, bold=True)
        layer.blit(head, (b.x + px(12), y))
        cx = b.x + px(12) + head.get_width() + px(20)
        for r in (1, 2, 3):
            c = (cx + (r - 1) * px(34), y + head.get_height() // 2)
            now = r == v["round"]
            pygame.draw.circle(layer, art.STAR_GOLD if now else art.EU_BLUE_DARK, c, px(13))
            pygame.draw.circle(layer, theme.GOLD, c, px(13), 1)
            num = fonts.text(str(r), px(15), art.EU_BLUE_DARK if now else theme.GOLD_LIGHT, bold=True)
            layer.blit(num, num.get_rect(center=c))
        y += px(32)
        stage_now = "scoring" if self.scoring_open else v["stage"]
        steps = [s for s in STAGE_STEPS if not (s == "parliament" and v["variant"] == "intro")]
        sw = (lw - px(8)) // len(steps)
        for i, s in enumerate(steps):
            r = pygame.Rect(b.x + px(10) + i * sw, y, sw - px(4), px(26))
            now = s == stage_now
            pygame.draw.rect(layer, art.STAR_GOLD if now else art.EU_BLUE_DARK, r, border_radius=px(6))
            lab = fit_text(fonts, t("eu.ui.stage_short." + s), px(13), art.EU_BLUE_DARK if now else theme.GOLD_LIGHT,
                           r.w - px(6), bold=True)
            layer.blit(lab, lab.get_rect(center=r.center))
        y += px(36)
        if v["stage"] == "parliament":
            line = t("eu.ui.majority_line", needed=v["majority"], total=v["total_power"]) if v["majority"] else \
                t("eu.ui.majority_rule")
        else:
            line = t("eu.ui.qmv_line", needed=v["threshold"], total=self.round_power())
        lt = fit_text(fonts, line, px(14), theme.WHITE, lw - px(10))
        layer.blit(lt, (b.x + px(12), y))
        y += px(22)
        bl = fit_text(fonts, t("eu.ui.bills_left", n=v["bills_left"]), px(13), theme.GOLD_LIGHT, lw - px(10))
        layer.blit(bl, (b.x + px(12), y))
        pygame.draw.line(layer, theme.GOLD, (b.x + lw, b.y + px(10)), (b.x + lw, b.bottom - px(10)), 1)
        # Right block: the tracks.
        x0 = b.x + lw + px(12)
        top_n = cards.load()["track_top"]
        row_h = (b.h - px(30)) // 5
        name_w = px(136)
        cell = px(30)
        cells_x = x0 + name_w
        mine_w = px(112) if v["seat"] is not None else 0
        end_x = cells_x + (top_n + 1) * cell + px(10)
        end_w = b.right - px(10) - end_x - mine_w
        hy = b.y + px(6)
        for i in range(top_n + 1):
            nt = fonts.text(str(i) + ("+" if i == top_n else ""), px(11), theme.GOLD_LIGHT)
            layer.blit(nt, nt.get_rect(midtop=(cells_x + i * cell + cell // 2, hy)))
        eh = fit_text(fonts, t("eu.ui.col.ending"), px(12), theme.GOLD_LIGHT, end_w, bold=True)
        layer.blit(eh, (end_x, hy))
        me_party = self.party(v["seat"]) if v["seat"] is not None else None
        if mine_w:
            mh = fit_text(fonts, t("eu.ui.col.yours"), px(12), theme.GOLD_LIGHT, mine_w, bold=True)
            layer.blit(mh, (b.right - px(8) - mine_w, hy))
        y = b.y + px(24)
        d = cards.load()
        for pol in cards.POLICIES:
            col = art.policy_rgb(pol)
            pos = v["tracks"][pol]
            rr = pygame.Rect(x0, y + 1, name_w - px(6), row_h - 2)
            pygame.draw.rect(layer, col, rr, border_radius=px(5))
            nm = fit_text(fonts, policy_name(pol, t), px(13), theme.WHITE, rr.w - px(8), bold=True, min_size=px(10))
            layer.blit(nm, nm.get_rect(midleft=(rr.x + px(5), rr.centery)))
            for i in range(top_n + 1):
                c = pygame.Rect(cells_x + i * cell + 1, y + 1, cell - 2, row_h - 2)
                level = 0 if i <= 1 else (1 if i <= 3 else 2)
                shade = (art.EU_BLUE_DARK, (34, 64, 140), (46, 80, 160))[level]
                pygame.draw.rect(layer, shade, c, border_radius=px(3))
                if i == min(pos, top_n):
                    pygame.draw.circle(layer, theme.WHITE, c.center, min(c.w, c.h) // 2 - 1)
                    pygame.draw.circle(layer, col, c.center, min(c.w, c.h) // 2 - px(3))
                    num = fonts.text(str(pos), px(12), theme.WHITE, bold=True)
                    layer.blit(num, num.get_rect(center=c.center))
            ending = d["ending_by_id"][cards.ending_for(pol, pos)]
            et = fit_text(fonts, t.name(ending["title"]), px(13), theme.WHITE, end_w)
            layer.blit(et, et.get_rect(midleft=(end_x, y + row_h // 2)))
            if mine_w and me_party:
                p = d["party_by_id"][me_party]
                mx = b.right - px(8) - mine_w
                nx = art.stars_row(layer, mx, y + row_h // 2, p["stars"][pol], px(5))
                bt = fit_text(fonts, art.bonus_text(t, p["track_bonus"][pol]), px(11), theme.GOLD_LIGHT,
                              b.right - px(6) - nx)
                layer.blit(bt, bt.get_rect(midleft=(max(nx, mx + px(50)), y + row_h // 2)))
            y += row_h

    # -- the centre of the table ------------------------------------------------------------
    def _caption(self, layer, text: str, pos, anchor: str = "midtop", width: Optional[int] = None,
                 size: int = 16) -> pygame.Rect:
        ts = fit_text(self.app.fonts, text, self.app.px(size), theme.GOLD_LIGHT, width or self.work.w, bold=True)
        r = ts.get_rect(**{anchor: pos})
        layer.blit(ts, r)
        return r

    def _paint_centre(self, layer: pygame.Surface) -> None:
        v, px, t, fonts = self.view, self.app.px, self.app.t, self.app.fonts
        phase = v["phase"]
        if phase in ("bid", "order", "draft"):
            what = t("eu.ui.up_for." + v["stage"])
            self._caption(layer, what, (self.work.centerx, self.work.y))
            for c, r in self.auction_rects():
                img = art.mep_card(fonts, t, c, r.w) if v["stage"] == "parliament" else \
                    art.state_card(fonts, t, c, r.w)
                layer.blit(img, r.topleft, pygame.Rect(0, 0, r.w, r.h) if r.h < img.get_height() else None)
                if r.h < img.get_height():  # a covered card: its edge
                    pygame.draw.line(layer, theme.WOOD, (r.x + 3, r.bottom - 1), (r.right - 3, r.bottom - 1), 1)
            self._paint_auction_side(layer)
        elif phase == "keep":
            mine = self.can_act()
            need = cards.load()["bills_kept"]
            cap = t("eu.ui.keep.title_me", n=need, of=len(v["drawn_bills"])) if mine else \
                t("eu.ui.keep.title", name=self.name(v["chair"]), n=need, of=len(v["drawn_bills"]))
            self._caption(layer, cap, (self.centre.centerx, self.centre.y + px(4)), width=self.centre.w)
            for b, r in self.keep_rects():
                if b in self.keep_sel:
                    pygame.draw.rect(layer, art.STAR_GOLD, r.inflate(px(8), px(8)), border_radius=px(10))
                layer.blit(art.bill_card(fonts, t, b, r.w), r)
                self._payoff(layer, r, b)
        elif phase in ("discuss", "vote"):
            stage = t("eu.ui.stage." + v["stage"])
            idx = v["agenda"].index(v["current_bill"]) + 1 if v["current_bill"] in v["agenda"] else 0
            cap = t("eu.ui.agenda", stage=stage, index=idx, of=len(v["agenda"]))
            self._caption(layer, cap, (self.work.centerx, self.work.y))
            self._paint_agenda(layer)
            self._paint_bill_side(layer)
        if self.reveal_shown() and self.reveal_kind == "votes" and v.get("last_result"):
            self._paint_vote_result(layer)

    def _payoff(self, layer: pygame.Surface, r: pygame.Rect, bill: str) -> None:
        """What the bill pays the viewer's party if it becomes law (bill stars x party stars)."""
        if self.view["seat"] is None:
            return
        px, fonts = self.app.px, self.app.fonts
        val = cards.pay(bill, self.party(self.view["seat"]))
        txt = self.app.t("eu.ui.you_get", n=f"+{val}" if val > 0 else str(val))
        ts = fonts.text(txt, px(12), theme.WHITE, bold=True)
        b = pygame.Rect(0, 0, ts.get_width() + px(10), px(18))
        b.midtop = (r.centerx, r.y - px(9))
        fill = art.PASS_GREEN if val > 0 else (art.FAIL_RED if val < 0 else theme.GREY)
        pygame.draw.rect(layer, theme.GOLD_LIGHT, b.inflate(2, 2), border_radius=px(8))
        pygame.draw.rect(layer, fill, b, border_radius=px(8))
        layer.blit(ts, ts.get_rect(center=b.center))

    def _paint_agenda(self, layer: pygame.Surface) -> None:
        v, px, t, fonts = self.view, self.app.px, self.app.t, self.app.fonts
        results = v["parliament_results"] if v["stage"] == "parliament" else v["council_results"]
        for b, r in self.agenda_rects():
            if b == v["current_bill"]:
                pygame.draw.rect(layer, art.STAR_GOLD, r.inflate(px(8), px(8)), border_radius=px(10))
            layer.blit(art.bill_card(self.app.fonts, t, b, r.w), r)
            self._payoff(layer, r, b)
            if b in results:
                st = art.stamp(fonts, t, results[b], r.w)
                layer.blit(st, st.get_rect(midtop=(r.centerx, r.bottom + px(6))))
            elif b != v["current_bill"]:
                wt = fit_text(fonts, t("eu.ui.waiting_bill"), px(12), theme.GOLD_LIGHT, r.w)
                layer.blit(wt, wt.get_rect(midtop=(r.centerx, r.bottom + px(8))))

    def _side_panel(self, layer: pygame.Surface, title: str) -> int:
        px = self.app.px
        draw.panel(layer, self.side, radius=px(12), width=px(3))
        tt = fit_text(self.app.fonts, title, px(18), theme.VERMILION_DARK, self.side.w - px(20), bold=True)
        layer.blit(tt, tt.get_rect(midtop=(self.side.centerx, self.side.y + px(10))))
        return self.side.y + px(10) + tt.get_height() + px(6)

    def _paint_auction_side(self, layer: pygame.Surface) -> None:
        v, px, t, fonts = self.view, self.app.px, self.app.t, self.app.fonts
        side = self.side
        phase = v["phase"]
        inner_w = side.w - px(24)
        if phase == "bid":
            if self.can_act():
                y = self._side_panel(layer, t("eu.ui.bid.title"))
                have = fit_text(fonts, t("eu.ui.bid.have", n=v["my_influence"]), px(15), theme.INK, inner_w)
                layer.blit(have, have.get_rect(midtop=(side.centerx, y)))
                note = t("eu.ui.bid.note")
                blit_lines(layer, fonts, note, px(12), theme.INK_SOFT,
                           pygame.Rect(side.x + px(12), side.y + px(254), inner_w, px(44)), centre=True)
                return
            y = self._side_panel(layer, t("eu.ui.bid.waiting_title"))
            if v["my_bid"] is not None:
                mb = fit_text(fonts, t("eu.ui.bid.yours", n=v["my_bid"]), px(16), theme.INK, inner_w, bold=True)
                layer.blit(mb, mb.get_rect(midtop=(side.centerx, y)))
                y += mb.get_height() + px(8)
            for s in range(self.n):
                done = v["players"][s]["has_bid"]
                self._seat_line(layer, s, y, t("eu.ui.bid.done") if done else t("eu.ui.bid.thinking"),
                                theme.JADE if done else theme.INK_SOFT)
                y += px(26)
            return
        if phase == "order" and self.can_act():  # the chair orders the tied: the buttons need the room
            y = self._side_panel(layer, t("eu.ui.order.title"))
            bids = v["last_bids"] or {}
            tied = v["tied"]
            msg = t("eu.ui.order.me", bid=bids.get(str(tied[0]), 0) if tied else 0)
            y = blit_lines(layer, fonts, msg, px(13), theme.INK, pygame.Rect(side.x + px(12), y, inner_w, px(40)),
                           centre=True)
            done = t("eu.list_sep").join(self.name(s) for s in v["bid_order"]) or "—"
            ot = fit_text(fonts, t("eu.ui.order.so_far", order=done), px(13), theme.INK_SOFT, inner_w)
            layer.blit(ot, ot.get_rect(midtop=(side.centerx, y + px(2))))
            return
        # order / draft: the revealed bids and the choosing order.
        title = t("eu.ui.bids.revealed") if self.reveal_shown() and self.reveal_kind == "bids" else \
            t("eu.ui.bids.title")
        y = self._side_panel(layer, title)
        bids = v["last_bids"] or {}
        order = v["bid_order"]
        ranked = sorted(range(self.n), key=lambda s: (-bids.get(str(s), 0), order.index(s) if s in order else 99, s))
        picker = v["to_act"][0] if phase == "draft" and v["to_act"] else None
        row = min(px(26), (side.bottom - y - px(10) - (px(110) if phase == "order" else 0)) // max(1, self.n))
        for s in ranked:
            pos = order.index(s) + 1 if s in order else None
            tag = t("eu.ui.bids.row", bid=bids.get(str(s), 0)) + (f" · #{pos}" if pos else "")
            self._seat_line(layer, s, y, tag, theme.VERMILION_DARK if s == picker else theme.INK, bold=s == picker)
            y += row
        if phase == "order":
            y += px(4)
            tied = v["tied"]
            bid = bids.get(str(tied[0]), 0) if tied else 0
            msg = t("eu.ui.order.me", bid=bid) if self.can_act() else \
                t("eu.ui.order.other", name=self.name(v["chair"]), bid=bid)
            blit_lines(layer, fonts, msg, px(13), theme.INK_SOFT, pygame.Rect(side.x + px(12), y, inner_w, px(40)))

    def _seat_line(self, layer, s: int, y: int, right: str, colour, bold: bool = False) -> None:
        px, fonts = self.app.px, self.app.fonts
        side = self.side
        seat_chip(layer, fonts, (side.x + px(22), y + px(11)), px(10), s)
        rt = fonts.text(right, px(14), colour, bold=True)
        nm = fit_text(fonts, self.name(s), px(14), theme.INK, side.w - px(56) - rt.get_width(), bold=bold)
        layer.blit(nm, nm.get_rect(midleft=(side.x + px(38), y + px(11))))
        layer.blit(rt, rt.get_rect(midright=(side.right - px(12), y + px(11))))

    def _paint_bill_side(self, layer: pygame.Surface) -> None:
        v, px, t, fonts = self.view, self.app.px, self.app.t, self.app.fonts
        side = self.side
        inner_w = side.w - px(24)
        bill = v["current_bill"]
        if bill is None:
            return
        b = cards.load()["bill_by_id"][bill]
        if v["stage"] == "parliament":
            method = t("eu.ui.need.majority", needed=v["majority"], total=v["total_power"])
        elif b["method"] == "unanimity":
            method = t("eu.ui.need.unanimity", n=self.n)
        else:
            method = t("eu.ui.need.qualified", needed=v["threshold"], total=self.round_power())
        if v["phase"] == "discuss":
            y = self._side_panel(layer, t("eu.ui.discuss.title"))
        elif self.can_act():
            y = self._side_panel(layer, t("eu.ui.vote.title"))
        else:
            y = self._side_panel(layer, t("eu.ui.vote.waiting_title"))
        nm = fit_text(fonts, bill_name(bill, t), px(15), theme.INK, inner_w, bold=True)
        layer.blit(nm, nm.get_rect(midtop=(side.centerx, y)))
        y += nm.get_height() + px(2)
        mt = fit_text(fonts, method, px(13), theme.INK_SOFT, inner_w)
        layer.blit(mt, mt.get_rect(midtop=(side.centerx, y)))
        if v["phase"] == "discuss":
            flav = t.name(b["flavour"])
            r = pygame.Rect(side.x + px(14), side.y + px(168), inner_w, px(60))
            blit_lines(layer, fonts, flav, px(12), theme.INK_SOFT, r, centre=True)
            if not self.can_act():
                wt = fit_text(fonts, t("eu.ui.discuss.wait", name=self.name(v["chair"])), px(14), theme.VERMILION_DARK,
                              inner_w, bold=True)
                layer.blit(wt, wt.get_rect(midbottom=(side.centerx, side.bottom - px(16))))
            return
        if self.can_act():
            for vote, r in self.vote_rects():
                layer.blit(art.vote_card(fonts, t, vote, r.w), r)
            hint = fit_text(fonts, t("eu.ui.vote.hint"), px(13), theme.INK_SOFT, inner_w)
            layer.blit(hint, hint.get_rect(midbottom=(side.centerx, side.bottom - px(10))))
            return
        if v["my_vote"]:
            img = art.vote_card(fonts, t, v["my_vote"], px(70))
            r = img.get_rect(midtop=(side.centerx, y + px(30)))
            layer.blit(img, r)
            yt = fit_text(fonts, t("eu.ui.vote.yours"), px(14), theme.INK, inner_w, bold=True)
            layer.blit(yt, yt.get_rect(midtop=(side.centerx, r.bottom + px(4))))
        done = sum(1 for p in v["players"] if p["has_voted"])
        wt = fit_text(fonts, t("eu.ui.vote.count", n=done, of=self.n), px(14), theme.VERMILION_DARK, inner_w, bold=True)
        layer.blit(wt, wt.get_rect(midbottom=(side.centerx, side.bottom - px(14))))

    def _paint_vote_result(self, layer: pygame.Surface) -> None:
        """The revealed votes: passed or rejected, yes power against what was needed."""
        v, px, t, fonts = self.view, self.app.px, self.app.t, self.app.fonts
        res = v["last_result"]
        side = self.side
        draw.panel(layer, side, radius=px(12), width=px(3))
        inner_w = side.w - px(24)
        head = fit_text(fonts, t("eu.ui.result.title", stage=t("eu.ui.stage." + res["stage"])), px(16),
                        theme.VERMILION_DARK, inner_w, bold=True)
        layer.blit(head, head.get_rect(midtop=(side.centerx, side.y + px(10))))
        nm = fit_text(fonts, bill_name(res["bill"], t), px(15), theme.INK, inner_w, bold=True)
        layer.blit(nm, nm.get_rect(midtop=(side.centerx, side.y + px(36))))
        st = art.stamp(fonts, t, res["passed"], px(200))
        layer.blit(st, st.get_rect(midtop=(side.centerx, side.y + px(62))))
        if res["method"] == "unanimity":
            line = t("eu.ui.result.unanimity", yes=res["yes"], needed=res["needed"])
        else:
            line = t("eu.ui.result.power", power=res["yes_power"], needed=res["needed"])
        lt = fit_text(fonts, line, px(14), theme.INK, inner_w, bold=True)
        y = side.y + px(62) + st.get_height() + px(8)
        layer.blit(lt, lt.get_rect(midtop=(side.centerx, y)))
        y += lt.get_height() + px(8)
        votes = v["last_votes"] or {}
        colw = (side.w - px(20)) // 2
        rows = (self.n + 1) // 2
        row = min(px(24), (side.bottom - y - px(24)) // max(1, rows))
        for i, s in enumerate(range(self.n)):
            x = side.x + px(10) + (i % 2) * colw
            yy = y + (i // 2) * row
            vote = votes.get(str(s))
            if vote:
                chip = art.vote_chip(fonts, t, vote, px(14))
                layer.blit(chip, chip.get_rect(midleft=(x, yy + row // 2)))
            seat_chip(layer, fonts, (x + px(28), yy + row // 2), px(8), s)
            nt = fit_text(fonts, self.name(s), px(13), theme.INK, colw - px(44))
            layer.blit(nt, nt.get_rect(midleft=(x + px(40), yy + row // 2)))
        if self.match.humans:
            ht = fit_text(fonts, t("eu.ui.result.close"), px(12), theme.INK_SOFT, inner_w)
            layer.blit(ht, ht.get_rect(midbottom=(side.centerx, side.bottom - px(6))))

    # -- the seats ------------------------------------------------------------------------------
    def _paint_plate(self, layer: pygame.Surface, s: int) -> None:
        v, px, t, fonts = self.view, self.app.px, self.app.t, self.app.fonts
        p = v["players"][s]
        r = self.plate_rect(s)
        acting = s in v["to_act"] and v["phase"] != "over"
        colour = art.party_rgb(p["party"])
        draw.panel(layer, r, fill=theme.PARCHMENT, border=theme.GOLD if acting else theme.WOOD, radius=px(10),
                   width=px(4) if acting else 2)
        head_h = px(28)
        band = pygame.Rect(r.x + 2, r.y + 2, r.w - 4, head_h)
        pygame.draw.rect(layer, colour, band, border_top_left_radius=px(8), border_top_right_radius=px(8))
        ink = art.ink_on(colour)
        seat_chip(layer, fonts, (band.x + px(15), band.centery), px(11), s)
        pn = fit_text(fonts, party_name(p["party"], t), px(14), ink, band.w - px(34), bold=True)
        layer.blit(pn, pn.get_rect(midleft=(band.x + px(30), band.centery)))
        pad = px(8)
        y = band.bottom + px(4)
        name_room = r.w - 2 * pad
        if s == v["chair"] and v["phase"] != "over":  # the chair card lies in front of its holder
            cc = art.chair_card(fonts, t, px(60))
            cr = layer.blit(cc, cc.get_rect(topright=(r.right - px(5), y)))
            name_room = cr.x - r.x - pad - px(4)
        nm = fit_text(fonts, self.you(s), px(15), theme.INK, name_room, bold=True)
        layer.blit(nm, (r.x + pad, y))
        y += px(24)
        # Voting power (member states, or the MEP seat in the Parliament) on the right ...
        pl = fonts.text(t("eu.ui.power_chip", n=self.power(s)), px(13), theme.WHITE, bold=True)
        pw = pygame.Rect(0, 0, pl.get_width() + px(10), px(20))
        pw.topright = (r.right - pad, y)
        pygame.draw.rect(layer, art.EU_BLUE, pw, border_radius=px(4))
        layer.blit(pl, pl.get_rect(center=pw.center))
        # ... and the influence behind the screen: only the viewer's own (or all, once the game is over).
        inf = p["influence"]
        coin = (r.x + pad + px(8), y + px(10))
        pygame.draw.circle(layer, theme.WOOD, (coin[0], coin[1] + 1), px(8))
        pygame.draw.circle(layer, theme.GOLD, coin, px(8))
        room = pw.x - coin[0] - px(16)
        ink = theme.INK if inf is not None else theme.INK_SOFT
        it = fonts.text(t("eu.ui.influence", n="?" if inf is None else inf), px(14), ink, inf is not None)
        if it.get_width() > room:  # a narrow seat: the coin says influence, the number follows it
            it = fit_text(fonts, "?" if inf is None else str(inf), px(15), ink, room, bold=True)
        layer.blit(it, it.get_rect(midleft=(coin[0] + px(12), coin[1])))
        y += px(26)
        # Won cards: member-state chips (ISO code and power), the MEP seat.
        d = cards.load()
        chips = [(st.upper(), d["state_by_id"][st]["power"], art.GROUP_RGB[d["state_by_id"][st]["group"]])
                 for st in sorted(p["states"], key=lambda c: (-d["state_by_id"][c]["power"], c))]
        if p["mep"]:
            chips.insert(0, (t("eu.ui.mep_short"), p["mep_power"], art.EU_BLUE_LIGHT))
        x = r.x + pad
        cw, chh = px(40), px(18)
        bottom = r.bottom - px(30)
        shown = 0
        for code, pwr, col in chips:
            label = fonts.text(f"{code} {pwr}", px(11), theme.INK, True)
            cw = max(px(40), label.get_width() + px(6))
            if x + cw > r.right - pad:
                x = r.x + pad
                y += chh + px(3)
            if y + chh > bottom:
                break
            c = pygame.Rect(x, y, cw, chh)
            pygame.draw.rect(layer, col, c, border_radius=px(4))
            ct = fit_text(fonts, f"{code} {pwr}", px(11), theme.INK, cw - px(4), bold=True)
            layer.blit(ct, ct.get_rect(center=c.center))
            x += cw + px(3)
            shown += 1
        if shown < len(chips):
            more = fonts.text(f"+{len(chips) - shown}", px(12), theme.VERMILION_DARK, bold=True)
            layer.blit(more, more.get_rect(bottomright=(r.right - pad, bottom + px(2))))
        if not chips:
            nt = fit_text(fonts, t("eu.ui.no_states"), px(12), theme.INK_SOFT, r.w - 2 * pad)
            layer.blit(nt, (r.x + pad, y))
        # Status on the bottom line.
        self._plate_status(layer, s, r)

    def _plate_status(self, layer: pygame.Surface, s: int, r: pygame.Rect) -> None:
        v, px, t, fonts = self.view, self.app.px, self.app.t, self.app.fonts
        p = v["players"][s]
        phase = v["phase"]
        text, fill = None, theme.JADE
        if self.reveal_shown() and self.reveal_kind == "votes" and v["last_votes"]:
            vote = v["last_votes"].get(str(s))
            if vote:
                chip = art.vote_chip(fonts, t, vote, px(30))
                layer.blit(chip, chip.get_rect(bottomright=(r.right - px(6), r.bottom - px(6))))
                text, fill = t("eu.ui.vote_word." + vote), (art.PASS_GREEN if vote == "yes" else art.FAIL_RED)
        elif phase == "bid":
            text, fill = (t("eu.ui.tag.bid"), theme.JADE) if p["has_bid"] else (t("eu.ui.tag.bidding"), theme.GREY)
        elif phase == "vote":
            text, fill = (t("eu.ui.tag.voted"), theme.JADE) if p["has_voted"] else (t("eu.ui.tag.voting"), theme.GREY)
        elif phase in ("order", "draft") and v["last_bids"]:
            order = v["bid_order"]
            pos = f" · #{order.index(s) + 1}" if s in order else ""
            text, fill = t("eu.ui.tag.bid_amount", n=v["last_bids"].get(str(s), 0)) + pos, theme.WOOD_LIGHT
        elif phase == "over" and s in v["winners"]:
            text, fill = t("over.seal"), theme.VERMILION
        if text:
            ts = fit_text(fonts, text, px(12), theme.WHITE, r.w - px(56), bold=True)
            c = pygame.Rect(r.x + px(8), r.bottom - px(26), ts.get_width() + px(12), px(20))
            pygame.draw.rect(layer, fill, c, border_radius=px(6))
            layer.blit(ts, ts.get_rect(center=c.center))
        if s in v["to_act"] and phase not in ("over",) and not self.scoring_open:
            dot = (r.right - px(12), r.bottom - px(16))
            if not (self.reveal_shown() and self.reveal_kind == "votes"):
                pygame.draw.circle(layer, art.STAR_GOLD, dot, px(6))
                pygame.draw.circle(layer, theme.WOOD_DARK, dot, px(6), 1)

    # -- round scoring ------------------------------------------------------------------------------
    def scoring_rows(self) -> list[dict]:
        """The lines of the round scoring, from the public history: bills, abilities, change, tracks."""
        v = self.view
        h = next((x for x in v["history"] if x["round"] == self.scoring_round), None)
        if h is None:
            return []
        parties = [p["party"] for p in v["players"]]
        rows = []
        for b in h["bills"]:
            pays = [cards.pay(b["bill"], party) if b["passed"] else None for party in parties]
            rows.append({"kind": "bill", "bill": b["bill"], "council": b["council"],
                         "parliament": b["parliament"], "passed": b["passed"], "cells": pays})
        abil = [sum(cards.ability_change(party, b["bill"], b["passed"]) for b in h["bills"]) for party in parties]
        rows.append({"kind": "ability", "cells": abil})
        rows.append({"kind": "change", "cells": [h["gains"][str(s)]["change"] for s in range(self.n)]})
        rows.append({"kind": "tracks", "moves": h["moves"]})
        return rows

    def _paint_scoring(self, layer: pygame.Surface) -> None:
        if self.scoring_surface is None:
            self.scoring_surface = self._render_scoring()
        draw.dim(layer, 110)
        layer.blit(self.scoring_surface, self.scoring_rect())

    def _render_scoring(self) -> pygame.Surface:
        v, px, t, fonts = self.view, self.app.px, self.app.t, self.app.fonts
        r = self.scoring_rect()
        surf = pygame.Surface(r.size, pygame.SRCALPHA)
        local = surf.get_rect()
        draw.panel(surf, local.inflate(-8, -8), radius=px(14), width=px(3))
        title = fit_text(fonts, t("eu.ui.scoring.title", round=self.scoring_round), px(22), theme.VERMILION_DARK,
                         local.w - px(40), bold=True)
        surf.blit(title, title.get_rect(midtop=(local.centerx, px(14))))
        rows = self.scoring_rows()
        n = self.n
        name_w = int(local.w * 0.34)
        res_w = px(86) if v["variant"] == "full" else px(44)
        cell_w = (local.w - px(40) - name_w - res_w) // n
        x0 = px(20)
        y = px(50)
        # Header: each party's colour, seat letter and name.
        for s in range(n):
            cx = x0 + name_w + res_w + s * cell_w
            hr = pygame.Rect(cx + 2, y, cell_w - 4, px(26))
            pygame.draw.rect(surf, art.party_rgb(self.party(s)), hr, border_radius=px(5))
            seat_chip(surf, fonts, (hr.x + px(12), hr.centery), px(9), s)
            nt = fit_text(fonts, self.name(s), px(12), art.ink_on(art.party_rgb(self.party(s))), hr.w - px(26),
                          bold=True)
            surf.blit(nt, nt.get_rect(midleft=(hr.x + px(24), hr.centery)))
        hd = fit_text(fonts, t("eu.ui.scoring.col_bill"), px(13), theme.INK_SOFT, name_w, bold=True)
        surf.blit(hd, hd.get_rect(midleft=(x0, y + px(13))))
        hd2 = fit_text(fonts, t("eu.ui.scoring.col_result"), px(12), theme.INK_SOFT, res_w, bold=True)
        surf.blit(hd2, hd2.get_rect(midleft=(x0 + name_w, y + px(13))))
        y += px(32)
        avail = local.h - y - px(70)
        row_h = min(px(30), avail // max(1, len(rows)))
        for i, row in enumerate(rows[:self.scoring_lines]):
            fill = theme.WHITE if i % 2 == 0 else theme.PARCHMENT
            pygame.draw.rect(surf, fill, (x0 - px(4), y, local.w - 2 * x0 + px(8), row_h))
            cy = y + row_h // 2
            if row["kind"] == "bill":
                col = art.policy_rgb(cards.load()["bill_by_id"][row["bill"]]["border"])
                pygame.draw.rect(surf, col, (x0, y + px(4), px(6), row_h - px(8)), border_radius=2)
                nt = fit_text(fonts, bill_name(row["bill"], t), px(14), theme.INK, name_w - px(14),
                              bold=row["passed"])
                surf.blit(nt, nt.get_rect(midleft=(x0 + px(12), cy)))
                marks = [row["council"]] + ([row["parliament"]] if v["variant"] == "full" else [])
                mx = x0 + name_w
                for k, ok in enumerate(marks):
                    box = pygame.Rect(mx + k * px(42), cy - px(8), px(16), px(16))
                    if ok is None:
                        pygame.draw.line(surf, theme.GREY, (box.x, box.centery), (box.right, box.centery), 2)
                    elif ok:
                        art.tick(surf, box, art.PASS_GREEN, max(2, px(3)))
                    else:
                        art.cross(surf, box.inflate(-px(3), -px(3)), art.FAIL_RED, max(2, px(3)))
                    lab = fonts.text(t("eu.ui.scoring.short_" + ("council" if k == 0 else "parliament")), px(10),
                                     theme.INK_SOFT)
                    surf.blit(lab, lab.get_rect(midleft=(box.right + px(2), cy)))
            elif row["kind"] == "tracks":
                moved = [t("eu.log.track_move", policy=policy_name(p, t), steps=k)
                         for p, k in row["moves"].items() if k]
                text = t("eu.ui.scoring.tracks", moves=t("eu.list_sep").join(moved) if moved else
                         t("eu.log.no_moves"))
                nt = fit_text(fonts, text, px(14), theme.INK, local.w - 2 * x0, bold=True)
                surf.blit(nt, nt.get_rect(midleft=(x0, cy)))
            else:
                key = "eu.ui.scoring.ability" if row["kind"] == "ability" else "eu.ui.scoring.change"
                nt = fit_text(fonts, t(key), px(14), theme.VERMILION_DARK, name_w + res_w - px(10), bold=True)
                surf.blit(nt, nt.get_rect(midleft=(x0, cy)))
                if row["kind"] == "change":
                    pygame.draw.line(surf, theme.WOOD, (x0, y), (local.w - x0, y), 2)
            if row["kind"] != "tracks":
                for s, val in enumerate(row["cells"]):
                    cx = x0 + name_w + res_w + s * cell_w + cell_w // 2
                    if val is None:
                        txt, col = "—", theme.GREY
                    else:
                        txt = f"+{val}" if val > 0 else str(val)
                        col = art.PASS_GREEN if val > 0 else (art.FAIL_RED if val < 0 else theme.INK_SOFT)
                    vt = fonts.text(txt, px(15), col, bold=row["kind"] == "change")
                    surf.blit(vt, vt.get_rect(center=(cx, cy)))
            y += row_h
        if self.scoring_lines < len(rows):
            dots = fonts.text("…", px(18), theme.INK_SOFT, bold=True)
            surf.blit(dots, dots.get_rect(midtop=(local.centerx, y)))
        note = fit_text(fonts, t("eu.ui.scoring.note"), px(12), theme.INK_SOFT, local.w - px(60))
        surf.blit(note, note.get_rect(midbottom=(local.centerx, local.h - px(64))))
        return surf

    # -- time -------------------------------------------------------------------------------------------
    def reveal_shown(self) -> bool:
        return self.reveal_clock > 0

    def holding(self) -> bool:
        """Bots wait while a reveal or the round scoring is on screen."""
        return self.reveal_clock > 0 or self.scoring_open

    def update(self, dt: float) -> None:
        if self.reveal_clock > 0:
            self.reveal_clock -= dt
            if self.reveal_clock <= 0:
                self.reveal_clock = 0.0
                self._rebuild()
        if self.scoring_open:
            rows = len(self.scoring_rows())
            if self.scoring_lines < rows:
                self.scoring_clock -= dt
                if self.scoring_clock <= 0:
                    self.scoring_lines = rows if self.scoring_clock < -1 else self.scoring_lines + 1
                    self.scoring_clock = SCORING_LINE
                    self.scoring_surface = None
                    self._build_layer()
                    self.dirty = True
            elif not self.match.humans:
                self.scoring_clock -= dt
                if self.scoring_clock <= -max(1.0, self.app.settings.bot_delay * 3) or \
                        self.app.settings.bot_delay <= 0:
                    self.close_scoring()
        if self.view.get("phase") == "discuss" and not self.holding() and not self.covered():
            before = int(self.countdown)
            self.countdown = max(0.0, self.countdown - dt)
            if int(self.countdown) != before:
                self.dirty = True
            if self.countdown <= 0 and self.can_act():
                self.act(("call_vote",))  # time is up: the chair's scene calls the vote
        if not self.holding():
            super().update(dt)
        elif self.message:
            self.message_clock -= dt
            if self.message_clock <= 0:
                self.message = None
                self.dirty = True

    def animating(self) -> bool:
        return super().animating() or self.holding() or self.view.get("phase") == "discuss"

    # -- input ------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event):
        if self.log.handle(event):
            self.dirty = True
            return None
        if self.buttons.handle(event) or self.action_buttons.handle(event):
            self.dirty = True
            return None
        if event.type == pygame.MOUSEMOTION:
            if self.scoring_open:
                return None
            hover = next((i for i, tg in reversed(list(enumerate(self.targets))) if tg.rect.collidepoint(event.pos)),
                         None)
            seat = next((s for s in range(self.n) if self.plate_rect(s).collidepoint(event.pos)), None)
            if hover != self.hover or seat != self.hover_seat:
                self.hover, self.hover_seat = hover, seat
                self.dirty = True
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_menu()
            return None
        return super().handle(event)

    def click(self, pos: tuple[int, int]) -> None:
        if self.scoring_open:
            return
        if self.reveal_clock > 0 and self.reveal_kind == "votes" and self.side.collidepoint(pos):
            self.reveal_clock = 0.0  # a click on the result closes it
            self._rebuild()
            return
        for tg in reversed(self.targets):
            if tg.rect.collidepoint(pos):
                tg.on_click()
                return
        if self.view["phase"] == "draft" and any(r.collidepoint(pos) for _, r in self.auction_rects()):
            self.notice(self.app.t("error.not_your_turn"))

    # -- buttons ------------------------------------------------------------------------------------------
    def show_game_over(self) -> None:
        from .game_over import EuropeanUnionGameOverScene
        self.app.manager.replace(EuropeanUnionGameOverScene(self.app, self.match))

    # -- drawing ------------------------------------------------------------------------------------------
    def _glow(self, surface: pygame.Surface, tg: Target, hot: bool) -> None:
        spread = self.app.px(12 if hot else 8)
        colour = theme.WHITE if hot else art.STAR_GOLD
        g = art.glow(tg.rect.w, tg.rect.h, colour, spread)
        surface.blit(g, (tg.rect.x - spread, tg.rect.y - spread))

    def popup(self, seat: int) -> pygame.Surface:
        """The party card of a seat with the member states it holds, shown on hover."""
        pic = self.popup_cache.get(seat)
        if pic is not None:
            return pic
        px, t, fonts = self.app.px, self.app.t, self.app.fonts
        v = self.view
        p = v["players"][seat]
        w = px(330)
        card = art.party_card(fonts, t, p["party"], w)
        d = cards.load()
        names = [f"{card_name(c, t)} {d['state_by_id'][c]['power']}" for c in p["states"]]
        if p["mep"]:
            names.append(card_name(p["mep"], t))
        text = t("eu.ui.holds", name=self.name(seat), cards=t("eu.list_sep").join(names) if names else
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
        self.popup_cache[seat] = pic
        return pic

    def draw(self, surface: pygame.Surface) -> None:
        if self.layer is None:
            return
        surface.blit(self.layer, (0, 0))
        px, fonts = self.app.px, self.app.fonts
        if self.hover is not None and self.hover < len(self.targets) and not self.scoring_open:
            self._glow(surface, self.targets[self.hover], True)
        for kind, rect in self.dynamic:
            if kind == "bid":
                num = fonts.text(str(self.bid_value), px(40), theme.VERMILION_DARK, bold=True)
                surface.blit(num, num.get_rect(center=rect.center))
            elif kind == "clock" and not self.scoring_open and not self.reveal_shown():
                sec = int(self.countdown + 0.999)
                txt = f"{sec // 60}:{sec % 60:02d}"
                col = theme.VERMILION if sec <= 30 else theme.INK
                num = fonts.text(txt, px(44), col, bold=True)
                surface.blit(num, num.get_rect(center=(rect.centerx, rect.y + px(26))))
                bar = pygame.Rect(rect.x + px(30), rect.bottom - px(10), rect.w - px(60), px(6))
                pygame.draw.rect(surface, theme.PARCHMENT_DARK, bar, border_radius=px(3))
                done = bar.copy()
                done.w = int(bar.w * self.countdown / DISCUSSION_SECONDS)
                pygame.draw.rect(surface, col, done, border_radius=px(3))
        self.action_buttons.draw(surface, fonts)
        self.buttons.draw(surface, fonts)
        self.log.draw(surface)
        if self.hover_seat is not None and not self.scoring_open and self.hover_seat < self.n:
            pic = self.popup(self.hover_seat)
            pr = self.plate_rect(self.hover_seat)
            r = pic.get_rect(midbottom=(pr.centerx, pr.y - px(6)))
            r.clamp_ip(pygame.Rect(0, self.top.bottom, self.W, pr.y - px(4) - self.top.bottom))
            surface.blit(pic, r)
        if self.message:
            self._draw_notice(surface)

    def _draw_notice(self, surface: pygame.Surface) -> None:
        px, fonts = self.app.px, self.app.fonts
        ts = fonts.text(self.message, px(18), theme.WHITE, bold=True)
        r = pygame.Rect(0, 0, ts.get_width() + px(36), px(44))
        r.midbottom = (self.centre.centerx, self.seats.y - px(8))
        pygame.draw.rect(surface, theme.VERMILION_DARK, r, border_radius=px(10))
        pygame.draw.rect(surface, theme.GOLD, r, 2, border_radius=px(10))
        surface.blit(ts, ts.get_rect(center=r.center))

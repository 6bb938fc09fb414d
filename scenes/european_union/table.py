"""The European Union council table, built of panels (scenes/ui/panel.py):

  felt       the council felt and every panel's still parts, one picture per view (base.py)
  tracks     the policy board: round, stage, threshold, the five tracks and their markers
  auction    the member states (piled by power) or MEP seat cards up for bidding
  bills      the chair's seven drawn bills (keep five), then the agenda and its results
  bids       the side card in an auction: the secret bid entry, tied bidders, revealed bids
  vote       the side card while a bill is on the floor: countdown, call the vote, vote cards
  result     the side card after a vote: passed or not, everyone's vote
  seats      the parties' plates with their party cards, states, MEP seats, chair card, votes
  scoring    the round scoring over the dimmed table
  column     the log, Give influence and Undo;  top bar: the round, the prompt, Rules, Menu
  popup      the hovered seat's party card;  give: the give-influence dialog

It draws only `self.view` (the viewing seat's view: others' influence shows as "?"; a replay with
every hidden card gives view_all, whose secrets the plates and side card mark, secret.py) and turns
the panels' intents into actions the engine checks. Cards travel: a new auction's cards are dealt,
a taken card flies to its taker, the chair's bills are dealt face down and turn over, the kept ones
move to the agenda, the chair card passes on, the secret votes turn over when revealed; the bots
wait while anything moves.
"""
from __future__ import annotations

import logging
from typing import Optional

import pygame

from game.core.errors import SaveFailed
from game.european_union import data as cards
from game.european_union.describe import describe

from ..table_scene import TableScene
from ..ui import theme
from ..ui.panel import Intent
from ..ui.pointer import Pointer
from ..ui.textfit import fit_text, wrap_rows
from ..ui.top_bar import bar_height, prompt_lines
from . import cards as art
from .auction import AuctionPanel
from .base import EUTopBar, FeltPanel
from .bids import BidsPanel
from .bills import BillsPanel
from .column import ColumnPanel
from .discussion import DiscussionSteps
from .give import GivePanel
from .result import ResultPanel
from .scoring import ScoringPanel
from .seats import PartyPopup, SeatsPanel
from .tracks import TracksPanel
from .vote import DISCUSSION_SECONDS, VotePanel

log = logging.getLogger("sifang")

FLY_FACTOR = 0.6     # a card flies for this share of the bot delay (instant: no flight)
DEAL_FACTOR = 0.5    # a deal's cards leave the pile within this share of the bot delay


class EuropeanUnionTableScene(DiscussionSteps, TableScene):
    describe = staticmethod(describe)

    def __init__(self, app, match) -> None:
        self.geom_ready = False
        self.countdown = DISCUSSION_SECONDS
        self.countdown_key: Optional[tuple] = None
        self.keep_clock: Optional[float] = None  # the chair's time left to keep 5 of 7 (option keep_limit)
        self.keep_key: Optional[tuple] = None
        self.reveal_clock = 0.0
        self.reveal_kind: Optional[str] = None   # "votes" or "bids"
        self.pending: list[tuple] = []           # animations for the next view, from the last events
        self.deal_after_scoring = False
        self.scoring_after_votes: Optional[int] = None   # a round scoring waiting for the last vote's result
        self.gift_in_hand = False
        super().__init__(app, match)
        self.felt = FeltPanel(self)
        self.tracks = TracksPanel(self)
        self.auction = AuctionPanel(self)
        self.bills = BillsPanel(self)
        self.bids = BidsPanel(self)
        self.vote = VotePanel(self)
        self.result = ResultPanel(self)
        self.seats = SeatsPanel(self)
        self.scoring = ScoringPanel(self)
        self.column = ColumnPanel(self)
        self.top_bar = EUTopBar(self, self.paint_top)
        self.popup = PartyPopup(self, self.seats, 0)
        self.give = GivePanel(self)
        self.panels = [self.felt, self.tracks, self.auction, self.bills, self.bids, self.vote, self.result,
                       self.seats, self.scoring, self.column, self.top_bar, self.popup, self.give]

    # -- what the panels ask -------------------------------------------------------------------
    def party(self, seat: int) -> str:
        return self.view["players"][seat]["party"]

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

    @property
    def scoring_open(self) -> bool:
        return self.scoring.visible

    def reveal_shown(self) -> bool:
        return self.reveal_clock > 0

    def votes_shown(self) -> bool:
        """The result of the last vote covers the side card (until clicked away or its time is up)."""
        return self.reveal_shown() and self.reveal_kind == "votes" and bool(self.view.get("last_result"))

    def choosing(self) -> bool:
        """The viewer may click a choice now: their turn, and no scoring or vote result in front of it."""
        return self.can_act() and not self.scoring_open and not self.votes_shown()

    def gift_recipients(self) -> list[int]:
        """Whom the viewing human may give to now: the table's list names who, never how much."""
        if self.viewer is None or self.viewer in self.match.bots or self.match.state.is_over():
            return []
        return sorted({a[2] for a in self.match.state.legal_actions(None) if a[0] == "give" and a[1] == self.viewer})

    def free_influence(self) -> int:
        """What the viewer holds free, as their own view says (a bid already made stays in the hand)."""
        return max(0, self.view.get("my_free_influence") or 0)

    def may_give(self) -> int:
        """The most the viewer may give now, as the engine says in their view (the rules' cap included)."""
        return self.view.get("may_give") or 0

    def can_give(self) -> bool:
        return bool(self.gift_recipients()) and self.may_give() > 0

    def pending_gift(self) -> Optional[int]:
        """The receiver of the viewer's gift open at the table (its amount still to say), else None."""
        g = self.view.get("giving")
        if g and g["from_seat"] == self.viewer and self.can_act():
            return g["to_seat"]
        return None

    def make_gift(self, to: int, amount: int) -> None:
        """Open the gift at the table, then say how much (the giver's own action)."""
        self.gift_in_hand = True   # the amount follows at once: no dialog for the open gift
        try:
            if self.table_ruling(("give", self.viewer, to)) and self.pending_gift() == to:
                self.act(("gift", amount))
        finally:
            self.gift_in_hand = False

    def refusal(self) -> Intent:
        """A click on a card that is not a choice now."""
        if self.viewer is None or not self.can_act():
            return Intent(notice=self.app.t("error.not_your_turn"))
        return Intent(notice=self.app.t("error.illegal"))

    # -- pacing -------------------------------------------------------------------------------
    def fly_time(self) -> float:
        return self.app.settings.bot_delay * FLY_FACTOR

    def stagger(self, n: int) -> float:
        return self.app.settings.bot_delay * DEAL_FACTOR / max(1, n)

    # -- geometry -------------------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        px = self.app.px
        m = px(10)
        top = pygame.Rect(0, 0, w, bar_height(self.app, 60, 0, 18))
        col_w = px(290)
        col = pygame.Rect(w - col_w - m, top.bottom + m, col_w, h - top.bottom - 2 * m)
        main = pygame.Rect(m, top.bottom + m, col.x - 2 * m, h - top.bottom - 2 * m)
        board = pygame.Rect(main.x, main.y, main.w, px(150))
        seats_h = px(164)
        seats = pygame.Rect(main.x, main.bottom - seats_h, main.w, seats_h)
        centre = pygame.Rect(main.x, board.bottom + m, main.w, seats.y - board.bottom - 2 * m)
        side = pygame.Rect(centre.right - px(280), centre.y, px(280), centre.h)
        work = pygame.Rect(centre.x, centre.y, side.x - centre.x - m, centre.h)
        self.felt.layout(pygame.Rect(0, 0, w, h))
        self.felt.set_background((w, h), top, centre)
        self.top_bar.layout(top, self.felt.background)
        self.tracks.layout(board)
        self.auction.layout(work)
        self.bills.layout(centre, work)
        for panel in (self.bids, self.vote, self.result):
            panel.layout(side)
        self.seats.layout(seats)
        self.scoring.layout(main, pygame.Rect(main.x + px(16), board.y + px(8), main.w - px(32),
                                              seats.y - board.y - px(12)))
        self.column.layout(col, self.felt.background)
        self.popup.layout(pygame.Rect(0, 0, w, h))
        self.popup.top = top.bottom
        self.give.layout(pygame.Rect(0, 0, w, h))
        self.notice_at = (centre.centerx, seats.y - px(8))
        self.geom_ready = True
        self.on_view()

    # -- the view changed --------------------------------------------------------------------------
    def on_view(self) -> None:
        if not self.geom_ready or not self.view:
            return
        v = self.view
        ck = (v["round"], v["stage"], v["current_bill"]) if v["phase"] == "discuss" else None
        if ck != self.countdown_key:
            self.countdown_key = ck
            self.countdown = self.saved_clock("discussion", DISCUSSION_SECONDS) if ck else DISCUSSION_SECONDS
        kk = (v["round"], tuple(v["drawn_bills"])) if v["phase"] == "keep" else None
        if kk != self.keep_key:
            self.keep_key = kk
            self.keep_clock = self.saved_clock("keep", float(v["keep_seconds"])) \
                if kk and v.get("keep_seconds") else None
        if self.scoring.visible and not any(h["round"] == self.scoring.round for h in v["history"]):
            self.scoring.close()  # undone past it
            self.deal_after_scoring = False
        self.rebuild()
        self._animate()
        to = self.pending_gift()
        if to is not None and not self.give.visible and not self.gift_in_hand:
            self.give.open_pending(to)   # an undo took the amount back: say it again, or give nothing

    def rebuild(self) -> None:
        """Every panel again from the view (a reveal went, the scoring opened or closed ...)."""
        if not self.geom_ready or not self.view:
            return
        self.tweens.finish()
        for panel in self.panels:
            panel.refresh()
        self.felt.stale = True
        self.dirty = True

    def on_events(self, events: list[dict]) -> None:
        """Before the view changes: note what moved, from where (the panels still show the old view)."""
        for e in events:
            kind = e["type"]
            if kind == "votes":
                self.reveal_kind, self.reveal_clock = "votes", self.reveal_time()
                self.pending.append(("votes",))
            elif kind == "bids":
                self.reveal_kind, self.reveal_clock = "bids", self.reveal_time()
            elif kind == "scoring":
                if self.reveal_kind == "votes" and self.reveal_clock > 0 and self.coach is None:
                    # the round's last vote is read first (a lesson's coach words both at once)
                    self.scoring_after_votes = e["round"]
                else:
                    self.scoring.open(e["round"])
            elif kind == "take":
                if not any(x[0] == "close_up" for x in self.pending):
                    self.pending.append(("close_up", self.auction.corners()))
                start = self.auction.card_centre(e["card"])
                if start is not None:
                    self.pending.append(("take", e["card"], e["seat"], start, self.auction.faces[e["card"]]))
            elif kind == "bills_drawn":
                self.pending.append(("drawn",))
            elif kind == "bills_kept":
                self.pending.append(("kept", self.bills.centres(), list(e["removed"])))
            elif kind in ("round", "parliament"):
                self.pending.append(("auction",))

    def _animate(self) -> None:
        """The view is new: play what the last events did."""
        pending, self.pending = self.pending, []
        fly, flip = self.fly_time(), self.flip_time()
        if fly <= 0 and flip <= 0:
            return
        for item in pending:
            if item[0] == "take":
                self.seats.fly_in(item[1], item[2], item[3], item[4], fly)
            elif item[0] == "close_up" and self.auction.visible:
                self.auction.close_up(item[1], fly)
            elif item[0] == "drawn" and self.bills.visible:
                self.bills.deal(self.tracks.deck_point(), fly, flip, self.stagger(len(self.bills.pieces)))
            elif item[0] == "kept" and self.bills.visible:
                self.bills.gather(item[1], item[2], fly)
            elif item[0] == "auction" and (self.scoring_open or self.scoring_after_votes is not None):
                self.deal_after_scoring = True   # the next round's cards come when the scoring is put away
            elif item[0] == "auction":
                self.deal_auction()
            elif item[0] == "votes":
                self.seats.flip_votes(flip, self.stagger(self.n))
                self.result.flip(flip, self.stagger(self.n))

    # -- steps of the screen ---------------------------------------------------------------------
    def close_reveal(self) -> None:
        self.reveal_clock = 0.0
        rnd, self.scoring_after_votes = self.scoring_after_votes, None
        if rnd is not None and any(h["round"] == rnd for h in self.view["history"]):
            self.scoring.open(rnd)
        self.rebuild()

    def open_scoring(self, rnd: int) -> None:
        self.scoring.open(rnd)
        self.rebuild()

    def close_scoring(self) -> None:
        self.scoring.close()
        self.rebuild()
        if self.deal_after_scoring:
            self.deal_after_scoring = False
            self.deal_auction()

    def deal_auction(self) -> None:
        if self.auction.visible and self.fly_time() > 0:
            self.auction.deal(self.tracks.deck_point(), self.fly_time(), self.stagger(len(self.auction.pieces)))

    def open_give(self) -> None:
        if self.can_give():
            self.give.open()
            self.dirty = True


    # -- the top bar's words --------------------------------------------------------------------
    def title(self) -> str:
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
        g = v.get("giving")
        if g:
            if g["from_seat"] == self.viewer:
                return t("eu.ui.prompt.gift_me", target=self.name(g["to_seat"]))
            return t("eu.ui.prompt.gift", name=self.name(g["from_seat"]), target=self.name(g["to_seat"]))
        if self.scoring_open:
            return t("eu.ui.prompt.scoring", round=self.scoring.round)
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
            key = "eu.ui.prompt.take_" + v["stage"]
            return t(key) if mine else t("eu.ui.prompt.taking", name=self.name(v["to_act"][0]))
        if phase == "keep":
            return t("eu.ui.prompt.keep_me") if mine else t("eu.ui.prompt.keep", name=chair)
        if phase == "discuss":
            if self.watched_together():   # several people at the screen: each looks on asking
                key = "eu.ui.prompt.discuss_open_bot" if self.bot_chair_listens() else "eu.ui.prompt.discuss_open"
                return t(key, name=chair)
            if self.bot_chair_listens():
                if len(self.match.humans) == 1:
                    return t("eu.ui.prompt.discuss_bot_one", name=chair)
                return t("eu.ui.prompt.discuss_bot", name=chair)
            return t("eu.ui.prompt.discuss_me") if mine else t("eu.ui.prompt.discuss", name=chair)
        if phase == "vote":
            if mine:
                return t("eu.ui.prompt.vote")
            if v["my_vote"]:
                return t("eu.ui.prompt.vote_wait", vote=t("eu.ui.vote_word." + v["my_vote"]))
            return t("eu.ui.prompt.voting")
        return ""

    def paint_top(self, layer: pygame.Surface) -> None:
        """The emblem, the round and stage, and the prompt."""
        px, fonts, top = self.app.px, self.app.fonts, self.top_bar.rect
        em = art.emblem(px(44))
        layer.blit(em, em.get_rect(midleft=(px(14), top.centery)))
        x0 = px(14) + em.get_width() + px(10)
        right = self.top_bar.text_right - px(16)
        title = fit_text(fonts, self.title(), px(20), art.STAR_GOLD, px(330), bold=True)
        layer.blit(title, title.get_rect(midleft=(x0, top.centery)))
        x1 = x0 + title.get_width() + px(18)
        # the prompt is read: at the text size, on two lines where it needs them
        size, lines = self.app.tx(18), prompt_lines(self.app)
        rows = wrap_rows(fonts, self.prompt(), size, right - x1, lines, bold=True)
        line_h = fonts.line_height(size, True)
        y = top.centery - line_h * len(rows) // 2
        for row in rows:
            pr = fit_text(fonts, row, size, theme.WHITE, right - x1, bold=True)
            layer.blit(pr, pr.get_rect(midleft=(x1, y + line_h // 2)))
            y += line_h

    # -- time -------------------------------------------------------------------------------------
    def paused(self) -> bool:
        """The table stands still: cards move, a reveal or the round scoring is up, or a gift is
        being made. The clocks stop, and the bots wait."""
        return super().holding() or self.reveal_clock > 0 or self.scoring_open or self.give.visible

    def holding(self) -> bool:
        """Bots wait while the table stands still, and a bot chair while the people talk."""
        return self.paused() or self.bot_chair_waits()

    def saved_clock(self, name: str, full: float) -> float:
        """A clock starting now: the time a game taken up again still had on it (match.clocks, read
        from the save), else all of it; never more than the rule gives."""
        left = self.match.clocks.get(name)
        return full if left is None else min(full, max(0.0, left))

    def keep_clocks(self) -> None:
        """The table is covered or left (the menu, the curtain, the main menu, the app closing): the
        time left on the running clocks is saved with the game, which goes on from there when it is
        taken up again. A failed write only costs that time (the last action is saved already)."""
        clocks = {}
        if self.countdown_key is not None:
            clocks["discussion"] = self.countdown
        if self.keep_clock is not None:
            clocks["keep"] = self.keep_clock
        if not clocks or clocks == self.match.clocks or self.match.autosave_path is None:
            return
        self.match.clocks = clocks
        try:
            self.match.autosave()
        except SaveFailed as exc:
            log.warning("the clocks were not saved: %s", exc)

    def leave(self) -> None:
        super().leave()
        self.keep_clocks()

    def _tick(self, left: float, dt: float) -> float:
        after = max(0.0, left - dt)
        if int(after + 0.999) != int(left + 0.999):
            self.dirty = True
        return after

    def update(self, dt: float) -> None:
        if self.match.state.is_over() and self.match.humans and (self.reveal_shown() or self.scoring_open):
            self.over_clock = None   # the people read the last vote and the final scoring before the results
        # A guided game's coach holds the table: the last vote's result stays up for its words (the
        # learner puts it away with a click, as the coach's pointer shows).
        if self.reveal_clock > 0 and not (self.coach is not None and self.coach.holding()):
            self.reveal_clock -= dt
            if self.reveal_clock <= 0:
                self.close_reveal()
        to = None if self.give.visible or self.gift_in_hand else self.pending_gift()
        if to is not None:   # the viewer's open gift keeps its dialog (a guided game's coach refused its amount)
            self.give.open_pending(to)
        running = not self.paused() and not self.covered()
        if self.view.get("phase") == "discuss" and running:
            self.countdown = self._tick(self.countdown, dt)
            if self.countdown <= 0:
                self.time_up()
        if self.view.get("phase") == "keep" and self.keep_clock is not None and running and self.choosing():
            self.keep_clock = self._tick(self.keep_clock, dt)
            if self.keep_clock <= 0 and self.act(("keep_bills", self.bills.auto_keep())):
                self.notice(self.app.t("eu.ui.keep.timeout"), seconds=5.0)   # the chair's minute is up
        moving = self.tweens.busy
        super().update(dt)
        if moving and not self.tweens.busy:
            self.felt.stale = True   # everything has landed: back into the still picture

    # -- a guided game's pointer ------------------------------------------------------------------
    def guide(self, action) -> Optional[Pointer]:
        """The next click on the way to `action`: the round scoring's Continue or the last vote's
        result first (a click puts it away), a bid's steps then the bid, the bills to keep then the
        button, a gift's dialog click by click; else the buttons and pieces that carry their action."""
        if action is None:
            return None
        if self.scoring_open and self.scoring.buttons.widgets:
            return Pointer(pygame.Rect(self.scoring.buttons.widgets[0].rect))   # Continue
        if self.votes_shown() and self.result.visible:
            return Pointer(pygame.Rect(self.result.rect))
        if action[0] == "bid" and self.bids.visible:
            button = self.bids.next_click(action[1])
            if button is not None:
                return Pointer(pygame.Rect(button.rect))
        if action[0] == "keep_bills" and self.bills.visible:
            rect = self.bills.next_click(action[1])
            if rect is not None:
                return Pointer(rect)
        if action[0] in ("give", "gift"):   # Give influence, the receiver, the amount, Give
            button = self.give.guide(action, self.coach.then() if self.coach is not None else None)
            return Pointer(pygame.Rect(button.rect)) if button is not None else None
        return super().guide(action)

    def coach_area(self) -> pygame.Rect:
        """The right-hand column over the log, above Give influence and Undo (they stay in sight)."""
        area = super().coach_area()
        buttons = self.column.btn_give.rect if self.geom_ready else None
        if buttons is not None:
            area.h = max(self.app.px(120), buttons.y - self.app.px(8) - area.y)
        return area

    plates_say_deciding = True   # at the status tag's place (seats.py): the band on top holds the party's name

    def seat_plate(self, seat: int) -> pygame.Rect:
        return self.seats.plate_rect(seat)

    def logs_covered(self) -> None:
        self.felt.stale = True   # the log is part of the still picture

    def animating(self) -> bool:
        keeping = self.view.get("phase") == "keep" and self.keep_clock is not None
        return super().animating() or self.holding() or self.view.get("phase") == "discuss" or keeping

    # -- drawing ------------------------------------------------------------------------------------
    def place_notice(self, box: pygame.Rect) -> None:
        box.midbottom = self.notice_at

"""The Xuanwu Gate table, built of panels (scenes/ui/panel.py): the top bar, the baize with the seats
and the gate (board.py), the prompts on the gate mat (prompts.py), the log column (side.py) and,
between deals, the battle's result (deal_result.py).

It draws only `self.view` (the viewing seat's view) and turns the panels' intents into actions that
the engine checks; a swap slides both cards, a revealed card turns over.
"""
from __future__ import annotations

from typing import Optional

import pygame

from game.xuanwu_gate.describe import describe, slot_name

from ..shell.dialog import confirm_scene
from ..table_scene import TableScene
from ..ui import theme
from ..ui.panel import Intent
from ..ui.textfit import blit_fit_centred, blit_wrap_centred, fit_text
from ..ui.top_bar import TopBar, bar_height, prompt_lines
from .board import BoardPanel
from .deal_result import DealPanel
from .prompts import PromptPanel
from .side import SidePanel

SLIDE_FACTOR = 0.6   # a swap slides for this share of the bot delay (instant: no slide)


class XuanwuTableScene(TableScene):
    describe = staticmethod(describe)

    def __init__(self, app, match) -> None:
        self.geom_ready = False
        self.reveal_clock = 0.0
        self.deal_clock = 0.0
        self.pending_slides: list[tuple[int, int]] = []
        self.deal_due = False          # a battle just ended: its result goes up with the next view
        self.swap_pick: Optional[tuple] = None   # the swap chosen on the table, waiting for its confirmation
        super().__init__(app, match)
        self.top_bar = TopBar(self, self.paint_top)
        self.board = BoardPanel(self)
        self.prompts = PromptPanel(self)
        self.side = SidePanel(self)
        self.deal = DealPanel(self)
        self.panels = [self.board, self.top_bar, self.side, self.prompts, self.deal]

    # -- pacing -----------------------------------------------------------------------
    def slide_time(self) -> float:
        return self.app.settings.bot_delay * SLIDE_FACTOR

    # -- geometry -------------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        px = self.app.px
        m = px(10)
        top = pygame.Rect(0, 0, w, bar_height(self.app, 72, 22, 18))
        rw = px(300)
        col = pygame.Rect(w - rw - m, top.bottom + m, rw, h - top.bottom - 2 * m)
        table = pygame.Rect(m, top.bottom + m, col.x - 2 * m, h - top.bottom - 2 * m)
        self.board.layout(table, top, (w, h))
        self.top_bar.layout(top, self.board.background)
        self.side.layout(col, self.board.background)
        self.prompts.layout(table)
        self.deal.layout(table)
        self.geom_ready = True
        self.on_view()

    # -- the view changed -------------------------------------------------------------------
    def on_view(self) -> None:
        if not self.geom_ready or not self.view:
            return
        if self.swap_pick is not None and self.swap_pick not in self.legal():
            self.swap_pick = None      # the turn moved on (or the screen is someone else's)
        self.tweens.finish()
        for panel in (self.board, self.prompts, self.side, self.top_bar, self.deal):
            panel.refresh()
        for slot, target in self.pending_slides:
            self.board.slide(slot, target, self.slide_time())
        self.pending_slides = []
        self.deal.show(self.deal.visible or self.deal_due)
        self.deal_due = False
        self.dirty = True

    def on_events(self, events: list[dict]) -> None:
        for e in events:
            if e["type"] == "swap":
                self.pending_slides.append((e["slot"], e["target"]))
            elif e["type"] == "votes":
                self.reveal_clock = self.reveal_time()
            elif e["type"] == "battle" and not any(x["type"] == "game_over" for x in events):
                self.deal_due = True
                self.deal_clock = self.reveal_time() * 2 if not self.match.humans else 0.0

    def centre_covered(self) -> bool:
        """The look and vote panels sit on the centre mat: its cards are not drawn under them."""
        return self.can_act() and self.view["phase"] in ("look", "vote")

    def reveal_shown(self) -> bool:
        """The votes just turned over stay in sight for a while, for as long as the table watches
        them together, and at the game's end."""
        return bool(self.view.get("last_votes")) and (self.reveal_clock > 0 or self.view["phase"] == "over"
                                                      or self.view["phase"] == "layout" and self.together())

    def close_reveal(self) -> None:
        self.reveal_clock = 0.0
        self.dirty = True

    def close_deal_panel(self) -> None:
        self.deal.show(False)
        self.dirty = True

    # -- a moment the table watches together: the votes turned over, a deal's battle ------------
    def together(self) -> bool:
        """The whole table watches the public view (two or more people: GameState.watched_together)."""
        return self.viewer is None and self.match.watched_together()

    def people_to_act(self) -> list[int]:
        """The people who must act next, each of whom takes the screen by pressing their name."""
        return [s for s in self.view["to_act"] if s in self.match.humans]

    def take_screen(self, seat: int) -> None:
        """Someone whose turn it is takes the screen once everyone has seen: their hand-off screen,
        then their own view."""
        if self.together() and seat in self.people_to_act():
            self.match.look_in_watched_moment(seat)
            self.refresh()
            self.check_flow()

    def legal(self) -> list[tuple]:
        """What the viewing seat may do now (nothing unless it is their turn at the screen)."""
        return self.match.state.legal_actions(self.decider) if self.can_act() else []

    # -- a swap takes two clicks: the card, then the confirmation -----------------------------
    def pick_swap(self, action: tuple) -> None:
        """A swappable card was clicked: it is chosen, and the prompt asks to confirm or cancel."""
        if action in self.legal():
            self.swap_pick = action
            self._choice_changed()

    def cancel_swap(self) -> None:
        self.swap_pick = None
        self._choice_changed()

    def confirm_swap(self) -> None:
        action, self.swap_pick = self.swap_pick, None
        if action is None or not self.act(action):
            self._choice_changed()

    def _choice_changed(self) -> None:
        """Only the choice on screen changed, not the view: the marks, the prompt and the top bar."""
        self.board.mark_pick()
        self.prompts.refresh()
        self.top_bar.refresh()
        self.dirty = True

    def swap_target_name(self, action: tuple) -> str:
        t = self.app.t
        return t("xw.swap.yours") if action[0] == "swap_own" else t("xw.swap.theirs", name=self.name(action[1]))

    def refusal(self) -> Intent:
        """A click on a card that is not a choice now."""
        if self.viewer is None or not self.can_act():
            return Intent(notice=self.app.t("error.not_your_turn"))
        return Intent(notice=self.app.t("error.illegal"))

    # -- the top bar's words ---------------------------------------------------------------
    def prompt(self) -> tuple[str, str]:
        """(whose turn, what to do now): always on screen."""
        v, t = self.view, self.app.t
        phase = v["phase"]
        if phase == "over":
            return t("xw.turn.over"), t("xw.prompt.over")
        if phase == "look":
            who = t("xw.turn.look")
        elif phase == "vote":
            who = t("xw.turn.vote")
        else:
            who = t("xw.turn.one", name=self.name(v["active"])) if v["active"] is not None else ""
        me = self.viewer
        if self.together():
            return who, t("xw.prompt.together" if self.people_to_act() else "xw.prompt.together_watch")
        if me is None:
            return who, t("xw.prompt.watch")
        if v["players"][me]["eliminated"] and phase == "vote":
            return who, t("xw.prompt.out")
        if self.can_act():
            if phase == "look":
                return who, t("xw.prompt.look", button=t("xw.remember"))
            if phase == "vote":
                return who, t("xw.prompt.vote")
            if v["peeking_slot"] is None:
                return who, t("xw.prompt.peek")
            if self.swap_pick is not None:
                return who, t("xw.prompt.confirm_swap", slot=slot_name(v["peeking_slot"], t),
                              card=self.swap_target_name(self.swap_pick))
            legal = self.legal()
            if ("swap_own",) in legal:
                return who, t("xw.prompt.swap")
            if any(a[0] == "swap" for a in legal):
                return who, t("xw.prompt.swap_not_own")
            return who, t("xw.prompt.keep_only")
        if phase == "vote" and v["my_vote"]:
            return who, t("xw.prompt.voted")
        waiting = [s for s in v["to_act"] if s != me]
        if waiting:
            return who, t("xw.prompt.waiting", name=t("xw.list_sep").join(self.name(s) for s in waiting))
        return who, ""

    def paint_top(self, layer: pygame.Surface) -> None:
        """The game and the deal on the left, the turn and the prompt in the middle."""
        px, t, fonts, v = self.app.px, self.app.t, self.app.fonts, self.view
        m = px(10)
        name = fonts.text(t.name(self.match.spec.names), px(20), theme.GOLD_LIGHT, bold=True)
        layer.blit(name, (m + px(6), px(8)))
        info = t("xw.deal_round", deal=v["deal"], round=v["round"]) if v["variant"] == "scoring" \
            else t("xw.round", round=v["round"])
        if v["variant"] == "scoring":
            info += "  ·  " + t("xw.target", target=v["target"])
        it = fit_text(fonts, info, px(15), theme.PARCHMENT, self.side.rect.w)
        layer.blit(it, (m + px(6), px(40)))
        who, what = self.prompt()
        mid_l = m + px(6) + max(name.get_width(), it.get_width()) + px(20)
        mid_r = self.top_bar.text_right - px(16)
        tx = self.app.tx   # the turn and the prompt are read: at the text size, the prompt wrapping
        blit_fit_centred(layer, fonts, who, tx(22), theme.WHITE, mid_l, mid_r, px(6), bold=True)
        blit_wrap_centred(layer, fonts, what, tx(18), theme.GOLD_LIGHT, mid_l, mid_r, px(6) + tx(32),
                          prompt_lines(self.app), bold=True)

    # -- time -------------------------------------------------------------------------------
    def holding(self) -> bool:
        """Bots wait while cards move, the votes are shown, or the deal's battle is on screen."""
        return super().holding() or self.reveal_clock > 0 or self.deal.visible

    def update(self, dt: float) -> None:
        if self.reveal_clock > 0:
            self.reveal_clock -= dt
            if self.reveal_clock <= 0:
                self.close_reveal()
        if self.deal.visible and not self.match.humans:
            self.deal_clock -= dt
            if self.deal_clock <= 0:
                self.close_deal_panel()
        super().update(dt)

    thinking_corner = "bottomright"  # the start player's badge sits at the top right

    def seat_plate(self, seat: int) -> pygame.Rect:
        return self.board.seat_rects(seat)[1]  # the name plate beside the card

    def deciding_span(self, seat: int) -> Optional[pygame.Rect]:
        return self.board.deciding_room.get(seat)

    def animating(self) -> bool:
        return super().animating() or self.reveal_clock > 0 or (self.deal.visible and not self.match.humans)

    # -- buttons ------------------------------------------------------------------------------
    def ask_penalty(self) -> None:
        from ..shell.pick_seat import PickSeatScene
        t = self.app.t
        seats = [s for s in range(self.n) if not self.view["players"][s]["eliminated"]]
        choices = [(f"{theme.SEAT_LETTERS[s]}  {self.name(s)}", theme.seat_colour(s), s) for s in seats]
        self.app.manager.push(PickSeatScene(self.app, t("xw.penalty.pick"), t("xw.penalty.pick_body"),
                                            choices, self.confirm_penalty))

    def confirm_penalty(self, seat: int) -> None:
        t = self.app.t
        name = self.name(seat)
        self.app.manager.push(confirm_scene(
            self.app, t("xw.penalty.confirm_title", name=name), t("xw.penalty.confirm_body", name=name),
            t("xw.penalty.mark"), lambda: self.table_ruling(("mark_out", seat)), t("table.cancel")))


    # -- drawing ---------------------------------------------------------------------------------
    def badge(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """A seat's colour with its letter on it: colour never stands alone."""
        pygame.draw.rect(surface, theme.seat_colour(seat), rect, border_radius=self.app.px(5))
        lt = self.app.fonts.text(theme.SEAT_LETTERS[seat], self.app.px(14), theme.WHITE, bold=True)
        surface.blit(lt, lt.get_rect(center=rect.center))

    def place_notice(self, box: pygame.Rect) -> None:
        """Over the bottom seat, clear of the centre."""
        table = self.board.rect
        box.midbottom = (table.centerx, table.bottom - self.board.block[1] - self.app.px(14))

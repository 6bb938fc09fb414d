"""The Wonderful Island table, built of panels (scenes/ui/panel.py): the top bar, the seats
(seats.py), the venue board and its procedure (venue.py, procedure.py), the prompt bar
(prompts.py), the player's own cards (hand.py), the log and dossier (side.py) and, at setup,
the private choice of a character (character.py).

The viewer builds an action click by click (picker.py): a card, then its target; only legal
actions are ever sent. Cards played fly to where they land.
"""
from __future__ import annotations

from typing import Optional

import pygame

from game.core.errors import SaveFailed
from game.wonderful_island import data
from game.wonderful_island.describe import describe, qty

from ..table_scene import TableScene
from ..ui import draw, theme
from ..ui.panel import Intent
from ..ui.pointer import Pointer
from ..ui.textfit import blit_fit_centred, blit_wrap_centred, fit_text
from .guide import choice_pointer, offer_pointer
from .lettering import LINE
from ..ui.top_bar import TopBar, bar_height, prompt_lines
from . import art, asks
from .character import CharacterPanel
from .enlarge import CardViewPanel, Subject, asks_large
from .hand import HandPanel
from .overlays import SettlementPanel, ZoomPanel
from .picker import HAND, MEETING, SEAT, SLOT, CardChoice, Picker, card_choice, chosen_actions, part_kind, \
    standing_prefix
from .prompts import EXTRAS, PromptPanel
from .seats import SeatsPanel, panel_height
from .side import SidePanel
from .venue import VenuePanel

FLY_FACTOR = 0.5   # a played card flies for this share of the bot delay
SETTLE_MIN = 2.5   # seconds a settlement stays up when someone is watching


class WonderfulIslandTableScene(TableScene):
    describe = staticmethod(describe)
    cache_frames = True

    def __init__(self, app, match) -> None:
        self.geom_ready = False
        self.background: Optional[pygame.Surface] = None
        self.legal: list[tuple] = []
        self.picker: Optional[Picker] = None
        self.multi: list[str] = []
        self.offer = {"votes": 0, "cards": 0, "extra": "none"}
        self.arrivals: list[tuple[tuple, tuple[int, int]]] = []   # (piece key, where it comes from)
        self.settle_clock = 0.0
        super().__init__(app, match)
        self.top_bar = TopBar(self, self.paint_top, button_size=17)
        self.seats = SeatsPanel(self)
        self.venue = VenuePanel(self)
        self.prompts = PromptPanel(self)
        self.hand = HandPanel(self)
        self.side = SidePanel(self)
        self.character = CharacterPanel(self)
        self.settlement = SettlementPanel(self)
        self.zoom = ZoomPanel(self)
        self.card_view = CardViewPanel(self)
        self.panels = [self.top_bar, self.seats, self.venue, self.hand, self.prompts, self.side, self.character,
                       self.settlement, self.zoom, self.card_view]

    # -- geometry ---------------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        px = self.app.px
        m = px(10)
        top = pygame.Rect(0, 0, w, bar_height(self.app, 64, 19, 15))
        col_w = px(290)
        col = pygame.Rect(w - col_w - m, top.bottom + m, col_w, h - top.bottom - 2 * m)
        main = pygame.Rect(m, top.bottom + m, col.x - 2 * m, h - top.bottom - 2 * m)
        seats = pygame.Rect(main.x, main.y, main.w, panel_height(self.n, px, self.app.fonts.read))
        mine = pygame.Rect(main.x, main.bottom - px(176), main.w, px(176))
        prompt_h = max(px(48), int(2 * LINE * self.app.tx(15)) + px(6))   # two lines at the text size
        prompt = pygame.Rect(main.x, mine.y - px(6) - prompt_h, main.w, prompt_h)
        venue = pygame.Rect(main.x, seats.bottom + m, main.w, prompt.y - m - seats.bottom - m)
        self.background = draw.table_background((w, h), felt=art.FELT)
        pygame.draw.rect(self.background, theme.WOOD_DARK, top)
        pygame.draw.line(self.background, theme.GOLD, (0, top.bottom - 2), (w, top.bottom - 2), 2)
        pygame.draw.rect(self.background, art.FELT_DARK, prompt, border_radius=px(8))
        self.top_bar.layout(top, self.background)
        self.seats.layout(seats)
        self.venue.layout(venue)
        self.prompts.layout(prompt)
        self.hand.layout(mine)
        self.side.layout(col, self.background)
        self.character.layout(main.inflate(-px(20), -px(20)))
        settle = venue.inflate(-px(60), px(40))
        least = px(280 * self.app.fonts.text_scale)  # room for a few steps and the result at the text size
        if settle.h < least:  # a low venue (larger text, eight plates; never at 100 %): over the prompt row
            settle.y, settle.h = max(seats.y, prompt.bottom - least), min(least, prompt.bottom - seats.y)
        self.settlement.layout(settle)
        self.zoom.layout(main)
        self.card_view.layout(main)
        self.geom_ready = True
        self.on_view()

    def seat_order(self) -> list[int]:
        return list(range(self.n))

    # -- the view changed -------------------------------------------------------------------
    def on_view(self) -> None:
        if not self.geom_ready or not self.view:
            return
        self.tweens.finish()
        legal = list(self.match.state.legal_actions(self.decider)) if self.can_act() else []
        if legal != self.legal:
            self.legal = legal
            self._standing_pick()
            self._default_offer()
        for panel in (self.seats, self.venue, self.hand, self.prompts, self.side, self.character, self.top_bar,
                      self.zoom, self.card_view):
            panel.refresh()
        self._arrive()
        self.dirty = True

    def new_eyes(self) -> None:
        # A choice half made by the last eyes is dropped; on_view opens the new eyes' own afresh.
        self.legal, self.picker, self.multi = [], None, []
        self._default_offer()
        super().new_eyes()

    def remark(self) -> None:
        """The choice in progress changed (not the view): new glows and buttons."""
        self.seats.mark(self.seat_options(), asks.seat_tags(self))
        self.venue.mark()
        self.hand.mark()
        self.prompts.refresh()
        self.top_bar.refresh()
        self.dirty = True

    def on_events(self, events: list[dict]) -> None:
        """Cards placed on the venue fly there from the player who placed them; a settlement is
        shown step by step."""
        for e in events:
            if e["type"] == "place" and self.geom_ready:
                index = len(self.view.get("slots", []))
                self.arrivals.append((("slot", index), self.seats.plate_rect(e["seat"]).center))
        if any(e["type"] == "settled" for e in events) and self.geom_ready:
            self._show_settlement()

    def _show_settlement(self) -> None:
        """The settlement just made (its "settled" event is among the last action's), from its start."""
        events = self.match.events
        end = next(i for i in range(len(events) - 1, -1, -1) if events[i]["type"] == "settled")
        start = next((i for i in range(end, -1, -1) if events[i]["type"] == "settle"), None)
        if start is None:
            return
        self.settlement.show(start)
        if self.app.settings.bot_delay > 0 or self.match.humans:
            self.settle_clock = max(SETTLE_MIN, self.app.settings.bot_delay * 4)
        else:
            self.settlement.visible = False

    def _arrive(self) -> None:
        duration = self.app.settings.bot_delay * FLY_FACTOR
        for key, origin in self.arrivals:
            piece = self.venue.pieces.by_key(key)
            if piece is not None:
                self.tweens.fly(piece, origin, duration)
        self.arrivals = []

    # -- building an action, click by click -------------------------------------------------------
    def _starts(self, kinds: tuple[str, ...]) -> dict:
        """{value: the action or prefix a click on it stands for} for clickable things of these kinds."""
        picker = self.picker
        out: dict = {}
        if picker is not None and picker.prefix:
            if part_kind(picker.prefix, self.view["my_character"]) in kinds:
                for value in picker.options():
                    out[value] = picker.prefix + (value,)
            return out
        for a in self.legal:
            if len(a) > 1 and part_kind(a[:1], self.view["my_character"]) in kinds:
                out.setdefault(a[1], a[:2])
        return out

    def seat_options(self) -> dict:
        return {k: v for k, v in self._starts((SEAT,)).items() if isinstance(k, int)}

    def hand_options(self) -> dict:
        return self._starts((HAND,))

    def meeting_options(self) -> dict:
        return self._starts((MEETING,))

    def slot_options(self) -> dict:
        return self._starts((SLOT,))

    def venue_options(self) -> dict:
        return {a[1]: a for a in self.legal if a[0] == "venue"}

    def picked(self, prefix: tuple) -> Intent:
        """A click stood for `prefix`: act if it is a whole action, else wait for its next part."""
        picker = Picker(self.legal, prefix)
        if picker.complete() and not picker.options():
            self.picker, self.multi = None, []
            return Intent(action=prefix)
        if not picker.candidates():
            return self.refusal()
        self.picker, self.multi = picker, []
        return Intent(call=self.remark)

    def dropped(self, kind: str, cid: str, pos: tuple[int, int]) -> Intent:
        """A card from the hand let go at `pos`: on the venue it is played there, on a player it is
        played on them (a meeting card passed to them), if that is legal."""
        if self.venue.contains(pos):
            wanted = ("play", cid)
        else:
            plate = next((p for p in self.seats.plates if p.rect.collidepoint(pos)), None)
            if plate is None:
                return Intent(notice=self.app.t("wi.ui.drop_here"))
            wanted = ("meeting" if kind == "meeting" else "play", cid, plate.key[1])
        if wanted in self.legal:
            self.picker, self.multi = None, []
            return Intent(action=wanted)
        return self.refusal()

    def _standing_pick(self) -> None:
        """A new decision: nothing picked yet, but a phase that is a choice of cards (the hand limit, a
        debate lost, the promised cards) stands open at once."""
        prefix = standing_prefix(self.legal)
        self.picker, self.multi = (Picker(self.legal, prefix) if prefix else None), []

    def cancel_pick(self) -> None:
        self._standing_pick()
        self.remark()

    def choice(self) -> Optional[CardChoice]:
        """The choice of cards under way (pick them, then confirm), if one is."""
        return card_choice(self.legal, self.picker.prefix, self.view) if self.picker is not None else None

    def multi_active(self) -> bool:
        return self.choice() is not None

    def choice_cards(self) -> set:
        """The cards of the hand that may be picked in the choice of cards under way."""
        choice = self.choice()
        if choice is None:
            return set()
        options = self.picker.options()
        return set(options) if choice.each else {c for combo in options for c in combo}

    def toggle_multi(self, cid: str, selected: bool) -> None:
        """A card of the hand clicked in a choice of cards: picked, or put back."""
        choice = self.choice()
        if selected:
            self.multi.remove(cid)
        elif choice.count == 1:
            self.multi = [cid]  # one to pick: another click changes it
        elif len(self.multi) >= choice.count:
            self.notice(self.app.t("wi.ui.ask.full", cards=qty("card", choice.count, self.app.t)))
            return
        else:
            self.multi.append(cid)
        self.remark()

    def multi_action(self) -> list[tuple]:
        """The actions the cards picked make (several for cards that go one by one), or [] while the
        choice is not whole."""
        choice = self.choice()
        if choice is None:
            return []
        actions = chosen_actions(self.picker.prefix, choice, self.multi)
        return actions if actions and actions[0][len(self.picker.prefix)] in self.picker.options() else []

    def confirm_cards(self) -> None:
        """Part with the cards picked: the action they make, or, for cards that go one by one, each
        in turn while it is still asked for (the engine may settle the rest itself)."""
        actions = self.multi_action()
        if not actions:
            choice = self.choice()
            self.notice(self.app.t("wi.ui.ask.pick_first", cards=qty("card", choice.count, self.app.t),
                                   k=len(self.multi)))
            return
        if not self.choice().each:
            self.perform(self.picked(actions[0]))
            return
        for action in actions:
            if action not in self.legal or not self.act(action):
                break

    def refusal(self) -> Intent:
        if not self.can_act():
            return Intent(notice=self.app.t("error.not_your_turn"))
        return Intent(notice=self.app.t("error.illegal"))

    # -- the legislature's offer ------------------------------------------------------------------
    def offering(self) -> bool:
        return any(a[0] == "offer" for a in self.legal)

    def offer_ranges(self) -> dict:
        offers = [a for a in self.legal if a[0] == "offer"]
        return {"votes": sorted({a[1] for a in offers}), "cards": sorted({a[2] for a in offers}),
                "extra": [e for e in EXTRAS if any(a[3] == e for a in offers)]}

    def _default_offer(self) -> None:
        self.offer = {"votes": 0, "cards": 0, "extra": "none"}

    def offer_problem(self) -> Optional[str]:
        """Why the offer set on the steppers cannot be made, or None if it can."""
        o = self.offer
        if ("offer", o["votes"], o["cards"], o["extra"]) in self.legal:
            return None
        if o["extra"] not in ("none", "clear") and (o["votes"] or o["cards"]):
            return self.app.t("wi.ui.offer_why.gesture", gesture=self.app.t("wi.gesture." + o["extra"]))
        return self.app.t("wi.ui.offer_illegal")

    def make_offer(self) -> None:
        problem = self.offer_problem()
        if problem is None:
            self.act(("offer", self.offer["votes"], self.offer["cards"], self.offer["extra"]))
        else:
            self.notice(problem)

    # -- words --------------------------------------------------------------------------------------
    def instruction(self) -> str:
        """What the viewer should do now, in one line."""
        t = self.app.t
        if self.viewer is None and self.decider is not None:  # decided in the open, on the public view
            return t("wi.ui.do.open", name=self.name(self.decider), text=asks.question(self))
        return asks.instruction(self)

    def paint_top(self, layer: pygame.Surface) -> None:
        px, t, fonts, v = self.app.px, self.app.t, self.app.fonts, self.view
        m = px(10)
        name = fonts.text(t.name(self.match.spec.names), px(19), theme.GOLD_LIGHT, bold=True)
        layer.blit(name, (m + px(6), px(6)))
        info = t("wi.ui.status", round=v["round"], rounds=v["max_rounds"], threshold=v["threshold"],
                 pool=v["pool"], deck=v["deck"], discard=len(v["discard"]))
        it = fit_text(fonts, info, px(14), theme.PARCHMENT, px(520))
        layer.blit(it, (m + px(6), px(36)))
        left = m + px(6) + max(name.get_width(), it.get_width()) + px(20)
        right = self.top_bar.text_right - px(16)
        if v["phase"] == "character":
            who = t("wi.ui.top.setup")
        elif v["phase"] == "over":
            who = t("wi.ui.top.over")
        else:
            venue = data.venue_name(v["venue"], t.lang) if v["venue"] else t("wi.ui.top.no_venue")
            who = t("wi.ui.top.campaign", name=self.name(v["candidate"]), venue=venue)
        tx = self.app.tx   # the turn and what is happening are read: at the text size
        blit_fit_centred(layer, fonts, who, tx(19), theme.WHITE, left, right, px(8), bold=True)
        if v["actor"] is not None and v["phase"] not in ("character", "over"):
            sub = t("wi.ui.top.acting", name=self.name(v["actor"]), phase=t("wi.ui.phase." + v["phase"]))
        elif v["window_open"]:
            sub = t("wi.ui.do.window")
        else:
            sub = ""
        blit_wrap_centred(layer, fonts, sub, tx(15), theme.GOLD_LIGHT, left, right, px(8) + tx(28), prompt_lines(self.app))

    # -- the reaction window's table setting ----------------------------------------------------------
    def _table_passes_for(self) -> Optional[int]:
        """The person the window asks now whom the table passes for (no curtain, no prompt): every
        person with the "never" setting; with "everyone", the one person at a table of bots when
        passing is all they can do (no one else at the screen could learn anything from their being
        asked, and the views hide who the window asks)."""
        state, match = self.match.state, self.match
        seat = match.human_to_move()
        if state.phase != "react" or seat is None or seat not in state.to_act():
            return None
        setting = state.options.get("reactions")
        if setting == "never":
            return seat
        alone = len(match.humans) == 1 and state.legal_actions(seat) == [("pass",)]
        return seat if setting == "everyone" and alone else None

    def check_flow(self) -> None:
        while (seat := self._table_passes_for()) is not None:  # no curtain and no prompt for them
            try:
                events = self.match.act(seat, ("pass",))
            except SaveFailed as exc:  # the pass was taken back: the save-failed message, with its retry
                self.save_failed(exc)
                return
            self.on_events(events)
            self.refresh()
        super().check_flow()

    # -- time ------------------------------------------------------------------------------------------
    def holding(self) -> bool:
        """Bots wait while cards fly and while a settlement is on screen."""
        return super().holding() or self.settlement.visible

    def settlement_runs_out(self) -> bool:
        """The settlement on screen closes by itself: with bots only, and at a guided table once the
        coach no longer waits (the learner has read the step about it; the bots play on after it)."""
        if not self.settlement.visible:
            return False
        if self.coach is not None:
            return not self.coach.holding()
        return not self.match.humans

    def update(self, dt: float) -> None:
        if self.settlement_runs_out():
            self.settle_clock -= dt
            if self.settle_clock <= 0:
                self.settlement.close()
        super().update(dt)

    def seat_plate(self, seat: int) -> pygame.Rect:
        return self.seats.plate_rect(seat)

    def deciding_span(self, seat: int) -> Optional[pygame.Rect]:
        room = self.seats.deciding_room.get(seat)
        return room.move(self.seat_plate(seat).topleft) if room is not None else None

    def animating(self) -> bool:
        return super().animating() or self.settlement_runs_out()

    # -- a guided game's coach ------------------------------------------------------------------------
    def guide(self, action) -> Optional[Pointer]:
        """Where the learner clicks next on the way to `action`: a window over the table is closed
        first (the settlement's Continue); then the button or piece that makes it; else, click by
        click, the card or seat that begins or continues it (a card, then its target), the stepper
        that sets an offer, the cards of a choice of cards and its confirmation, or Back when a
        choice begun leads elsewhere."""
        if self.settlement.visible:
            button = next(iter(self.settlement.buttons.widgets), None)  # Continue
            return Pointer(pygame.Rect(button.rect if button is not None else self.settlement.rect))
        for panel in (self.card_view, self.zoom):
            if panel.visible:  # a click anywhere closes a card or character seen large
                return Pointer(pygame.Rect(panel.rect))
        if not isinstance(action, tuple) or not action:
            return None
        pointer = super().guide(action)
        if pointer is not None:
            return pointer
        buttons = [b for b in self.prompts.buttons.widgets if b.visible and b.enabled]
        prefix = self.picker.prefix if self.picker is not None else ()
        if prefix and action[:len(prefix)] != prefix:  # a choice begun that leads elsewhere: back
            back = next((b for b in buttons if b.action == "back"), None)
            return Pointer(pygame.Rect(back.rect)) if back is not None else None
        if action[0] == "offer" and self.offering():
            return offer_pointer(self, action)
        choice = self.choice()
        if choice is not None and len(action) > len(prefix):
            return choice_pointer(self, action, prefix, buttons)
        best = None  # the piece whose action is the longest beginning of this one
        for panel in reversed(self.panels):
            if not panel.visible:
                continue
            for piece in panel.pieces:
                a = piece.action
                if isinstance(a, tuple) and piece.hit and len(prefix) < len(a) <= len(action) and \
                        action[:len(a)] == a and (best is None or len(a) > len(best.action)):
                    best = piece
        if best is not None:
            return Pointer(pygame.Rect(best.rect))
        starts = [b for b in buttons if isinstance(b.action, tuple) and b.action[0] == action[0]]
        return Pointer(pygame.Rect(starts[0].rect)) if starts else None

    def show_character(self, seat: int) -> None:
        self.zoom.open(seat)
        self.dirty = True

    def enlarge(self, subject: Subject) -> None:
        self.card_view.open(subject)

    def _card_under(self, pos: tuple[int, int]) -> Optional[Subject]:
        """The card under the mouse, as the enlarged view takes it, if there is one."""
        for panel in (self.hand, self.venue):
            piece = panel.pieces.at(pos) if panel.contains(pos) else None
            if piece is not None and piece.key in panel.subjects:
                return panel.subjects[piece.key]
        return None

    # -- drawing, results -----------------------------------------------------------------------------
    def draw_panels(self, surface: pygame.Surface) -> None:
        if self.background is not None:
            surface.blit(self.background, (0, 0))
        super().draw_panels(surface)

    def handle(self, event: pygame.event.Event):
        at = asks_large(event, self.mouse)
        if at is not None and self.modal_panel() is None:
            subject = self._card_under(at)
            if subject is not None:  # a right click on a card, or L over it, shows it large
                self.drop_tip()
                self.enlarge(subject)
                return None
            if self.picker is not None and event.type == pygame.MOUSEBUTTONDOWN:
                self.cancel_pick()  # elsewhere, a right click drops a choice half made
                return None
        return super().handle(event)


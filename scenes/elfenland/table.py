"""The Elfenland table, built of panels (scenes/ui/panel.py): the top bar (top.py), the map with zoom
and pan (board.py, its pieces in board_pieces.py), the counters to take (supply.py), your counters
(counters.py) and travel cards (cards.py), the players (seats.py), the log (log_column.py), the
stage's buttons (prompts.py), the transport table (transport.py) and the chooser (choose.py).

It draws only `self.view` (the viewing seat's view) and what `legal_actions(viewer)` offers
(legal.py); each click comes back from one panel as one intent, an action the engine checks. What
the engine's events did travels on screen (motions.py): counters and cards fly between the panels,
a boot walks its road, a counter turned face up turns over; bots wait until it has.
"""
from __future__ import annotations

from typing import Optional

import pygame

from game.core.actions import same_value
from game.elfenland.describe import describe, for_reader

from ..table_scene import TableScene
from ..ui.top_bar import bar_height
from ..ui.pointer import Pointer
from .board import BoardPanel
from .cards import CardsPanel
from .choose import ChooserPanel
from .counters import CountersPanel
from .legal import Legal
from .log_column import LogColumn
from .motions import Motions
from .prompts import PromptPanel
from .seats import SeatsPanel
from .strip import strip_geometry, title_grow
from .supply import SupplyPanel
from .top import ElfTopBar
from .transport import TransportPanel


COACH_ROOM = 330   # design px a coach's or hint's note needs at 100 % under the players


class ElfenlandTableScene(TableScene):
    describe = staticmethod(describe)

    def __init__(self, app, match) -> None:
        self.geom_ready = False
        self.selected: Optional[tuple] = None      # your piece picked for a road: ("counter", kind) or ("obstacle",)
        self.legal = Legal([], None, None)
        self._seen_viewer: Optional[int] = None
        super().__init__(app, match)
        self.motions = Motions(self)
        self.board = BoardPanel(self)
        self.transport = TransportPanel(self)
        self.chooser = ChooserPanel(self)
        self.top_bar = ElfTopBar(self)
        self.supply = SupplyPanel(self)
        self.counters = CountersPanel(self)
        self.cards = CardsPanel(self)
        self.seats = SeatsPanel(self)
        self.log_column = LogColumn(self)
        self.prompts = PromptPanel(self)
        self.panels = [self.board, self.top_bar, self.supply, self.cards, self.seats, self.log_column,
                       self.prompts, self.counters, self.transport, self.chooser]

    # -- geometry -----------------------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        px = self.app.px
        m = px(8)
        top = pygame.Rect(0, 0, w, bar_height(self.app, 58, 19, 15))
        colw = px(300)
        col = pygame.Rect(w - colw - m, top.bottom + m, colw, h - top.bottom - 2 * m)
        bottom_h = px(86) + title_grow(self.app)   # the titles' line grows with the text, the tiles keep their size
        self.strip = pygame.Rect(m, h - m - bottom_h, col.x - 2 * m, bottom_h)
        board_rect = pygame.Rect(m, top.bottom + m, self.strip.w, self.strip.y - top.bottom - 2 * m)
        self.board.layout(board_rect, top, (w, h))
        bg = self.board.background
        self.top_bar.layout(top, bg)
        by = col.bottom - px(42)
        self.prompts.layout(pygame.Rect(col.x, by, col.w, px(42)))
        # The players' words grow as far as the log keeps its share of the column (seat_text.py).
        players = pygame.Rect(col.x, col.y, col.w, self.seats.fit(by - 2 * m - col.y))
        self.seats.layout(players, bg)
        log_top = players.bottom + m
        self.log_column.layout(pygame.Rect(col.x, log_top, col.w, by - m - log_top), bg)
        self.transport.layout(self.board.bv.rect)
        self.chooser.layout(self.board.bv.rect)
        self.geom_ready = True
        self.on_view()

    def layout_strip(self) -> None:
        """The three panels under the map take the room their pieces need (it changes with the view)."""
        geo = strip_geometry(self.strip, self.view, self.viewer, self.app.px, title_grow(self.app))
        for panel, rect in zip((self.supply, self.counters, self.cards), geo.rects):
            panel.place(rect, geo, self.board.background)

    # -- the view changed -----------------------------------------------------------------------------
    def on_view(self) -> None:
        if not self.geom_ready or not self.view:
            return
        self.tweens.finish()
        if self._seen_viewer != self.viewer:
            self.selected = None  # another player took the screen: nothing of the last one's
        self._seen_viewer = self.viewer
        here = self.view["players"][self.viewer]["boot"] if self.viewer is not None else None
        actions = self.match.state.legal_actions(self.decider) if self.can_act() else []
        self.legal = Legal(actions, self.board.bv.board, here)
        if self.selected and not self.legal.routes_for(self.selected):
            self.selected = None
        self.chooser.close()
        self.layout_strip()
        for panel in (self.board, self.supply, self.counters, self.cards, self.seats, self.log_column,
                      self.prompts, self.top_bar):
            panel.refresh()
        self.motions.start()
        self.dirty = True

    def on_events(self, events: list[dict]) -> None:
        self.motions.collect(events)

    def in_log(self, event: dict) -> bool:
        """What the viewer saw, each action once (your own discard: the line that names the card).
        A replay showing every hidden card logs every event, the public half of a pair too."""
        if event.get("transient"):
            return False
        if self.view.get("all_seen"):
            return self.match.sees(event, self.viewer)
        return bool(for_reader([event], self.viewer))

    # -- what the panels ask ----------------------------------------------------------------------------
    def act(self, action) -> bool:
        self.selected = None
        return super().act(action)

    def select(self, piece: Optional[tuple]) -> None:
        """Pick one of your pieces for a road (None: put it back); its roads glow."""
        self.selected = piece
        self.counters.mark_selected()
        self.board.compose()
        self.top_bar.refresh()
        self.dirty = True
        if piece is not None:
            self.key_focus.go_to(self.board)  # picked up by keys: the focus goes to its first road

    def key_panels(self) -> Optional[list]:
        """While a piece is picked up the keyboard's focus goes only among the roads it may go on and
        the piece itself (Enter on it, or Esc, puts it back)."""
        return [self.board, self.counters] if self.selected else None

    def not_yours(self) -> str:
        """The notice for a click while it is not the viewer's turn."""
        return self.app.t("error.not_your_turn") if self.viewer is not None else self.app.t("elf.ui.notice.watching")

    def zoom(self, delta: int, anchor=None) -> None:
        self.board.zoom(delta, anchor)

    def prompt(self) -> tuple[str, str]:
        """(whose turn, what to do now): always on screen."""
        v, t, legal = self.view, self.app.t, self.legal
        phase = v["phase"]
        if phase == "over":
            return t("elf.ui.over"), t("elf.ui.prompt.over")
        if phase == "finish":
            who = t("elf.ui.turn.finish")
        else:
            who = t("elf.ui.turn.one", name=self.name(v["turn"])) if v["turn"] is not None else ""
        me = self.viewer
        if me is None and self.can_act():  # a later counter pick, on the public view
            n = v["players"][self.decider]["drawn"] + 1
            return who, t("elf.ui.prompt.draw_open", name=self.name(self.decider), n=n)
        if me is None:
            return who, t("elf.ui.prompt.watch")
        if self.can_act():
            p = v["players"][me]
            if phase == "draw":
                return who, t("elf.ui.prompt.draw", n=p["drawn"] + 1)
            if phase == "plan":
                if self.selected:
                    keys = self.key_focus.shown   # picked up by keys: say the keys
                    return who, t("elf.ui.prompt.plan_selected_keys" if keys else "elf.ui.prompt.plan_selected")
                if not legal.place and not legal.obstacle:
                    return who, t("elf.ui.prompt.plan_nothing")
                return who, t("elf.ui.prompt.plan")
            if phase == "move":
                if not legal.reach:
                    return who, t("elf.ui.prompt.move_stuck")
                return who, t("elf.ui.prompt.move")
            if phase == "finish":
                parts = []
                if p["discard_left"]:
                    n = p["discard_left"]
                    parts.append(t("elf.ui.prompt.discard_one" if n == 1 else "elf.ui.prompt.discard", n=n))
                if p["keep_pending"]:
                    parts.append(t("elf.ui.prompt.keep"))
                return who, " ".join(parts)
        waiting = [s for s in v["to_act"] if s != me]
        if phase == "finish" and me not in v["to_act"]:
            return who, t("elf.ui.prompt.finish_done", names=t("elf.list_sep").join(self.name(s) for s in waiting))
        if waiting:
            return who, t("elf.ui.prompt.waiting", name=t("elf.list_sep").join(self.name(s) for s in waiting))
        return who, ""

    def seat_plate(self, seat: int) -> pygame.Rect:
        return self.seats.row(seat)

    def deciding_span(self, seat: int) -> Optional[pygame.Rect]:
        return self.seats.deciding_room.get(seat)

    # -- a guided game's coach ------------------------------------------------------------------------
    def guide(self, action) -> Optional[Pointer]:
        """Where the learner's hand goes next for `action`: a counter or the obstacle is dragged from
        your counters onto its road; a journey is a click on the town, then (when the chooser offers
        several ways to pay) a click on the payment; the chooser's line for a counter on a road that
        takes several. Taking a counter, keeping or returning one and the stage's button are the
        generic pieces and button."""
        if action is None:
            return None
        chooser = self.chooser.chooser if self.chooser.visible else None
        if chooser is not None:
            for i, choice in enumerate(chooser.choices):
                made = choice.value if action[0] == "move" else place_action_of(choice.value, action)
                if made is not None and same_value(made, action):
                    return Pointer(chooser.row_rect(i))
            return None
        kind = action[0]
        bv = self.board.bv
        if kind in ("place", "obstacle"):
            piece = self.counters.find(("counter", action[2]) if kind == "place" else ("obstacle",))
            if piece is None:
                return None
            size = bv.counter_size()
            road = pygame.Rect(0, 0, size, size)
            road.center = tuple(round(c) for c in bv.to_screen(*bv.counter_at(action[1])))
            return Pointer(pygame.Rect(piece.rect), to=road)
        if kind == "move" and self.viewer is not None:
            here = self.view["players"][self.viewer]["boot"]
            town = self.board.pieces.by_key(("town", bv.board.route(action[1]).other(here)))
            return Pointer(pygame.Rect(town.rect)) if town is not None else None
        return super().guide(action)

    def coach_area(self) -> pygame.Rect:
        """The coach's box goes in the right-hand column between the players (their markers stay in
        sight) and the stage's button (Pass, End move), over the log."""
        px, seats = self.app.px, self.seats.rect
        top, bottom = seats.bottom + px(8), self.prompts.rect.y - px(8)
        if self.app.text_scale > 1 and bottom - top < px(COACH_ROOM):
            # The players grew with the text and left too little under them for a note: it goes
            # beside the column, over the map's edge, the players still in sight.
            return pygame.Rect(seats.x - px(8) - seats.w, seats.y, seats.w, bottom - seats.y)
        return pygame.Rect(seats.x, top, seats.w, bottom - top)

    # -- drawing ------------------------------------------------------------------------------------------
    notice_size, notice_h = 17, 42

    def notice_room(self) -> int:
        return self.board.bv.rect.w - self.app.px(40)

    def place_notice(self, box: pygame.Rect) -> None:
        """At the top of the map."""
        box.midtop = (self.board.bv.rect.centerx, self.board.bv.rect.y + self.app.px(12))


def place_action_of(piece: tuple, action: tuple) -> Optional[tuple]:
    """The action the chooser's line `piece` makes on the road of `action` (a place or an obstacle)."""
    if action[0] not in ("place", "obstacle"):
        return None
    return ("obstacle", action[1]) if piece[0] == "obstacle" else ("place", action[1], piece[1])

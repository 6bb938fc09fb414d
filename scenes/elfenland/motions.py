"""What the engine's events do on screen: pieces travel between the panels instead of jumping.

Before the view changes, `collect` notes where each thing starts (the old panels still stand);
once the panels are rebuilt from the new view, `start` sends the new pieces on their way:

* a counter taken from the supply or the pile flies to your counters or to the taker's row (one
  from the pile, and one turned up to fill a gap, turns over as it lands);
* a counter or an obstacle placed flies from its owner onto its road; a secret one is face down
  until it lands, then turns over;
* a boot walks its road, town to town;
* travel cards dealt fly into your hand; cards paid or returned leave it.

Private events (your dealt cards, your secret counter, your discard) move only for the seat that
may see them; a replay showing every hidden card (the match `sees` them all) moves everyone's,
to and from the hands on the players' rows. With instant bots every motion takes no time, so tests and quick games need nothing.
The table's Tweens make the bots wait while anything moves.
"""
from __future__ import annotations

from typing import Optional

from . import board_pieces
from . import sprites as art

MOVE_FACTOR = 0.9     # a boot walks its road for this share of the bot delay
PLACE_FACTOR = 0.6    # a counter flies to its road
TAKE_FACTOR = 0.5     # a counter flies from the supply to its taker
DEAL_FACTOR = 0.5     # a travel card flies into the hand (or out of it)
FLIP_FACTOR = 0.35    # a counter turns over
DEAL_STAGGER = 0.25   # between two dealt cards, as a share of the flight


class Motions:
    def __init__(self, scene) -> None:
        self.scene = scene
        self.pending: list[tuple[str, dict, object]] = []

    def time(self, factor: float) -> float:
        delay = self.scene.app.settings.bot_delay
        return 0.0 if delay <= 0 else max(0.25, delay * factor)

    # -- before the view changes -------------------------------------------------------------------
    def collect(self, events: list[dict]) -> None:
        s = self.scene
        if not getattr(s, "geom_ready", False):
            return
        pile = s.supply.pile_centre()
        for e in events:
            k = e["type"]
            if k == "move":
                self.pending.append(("walk", e, None))
                for card in e["payment"]:  # from your hand, or a hand shown on its row
                    self.pending.append(("leave", e, self._card(card, e["seat"])))
            elif k == "place":
                self.pending.append(("onto_road", e, self._owner(e["seat"], ("counter", e["counter"]), e["secret"])))
            elif k == "obstacle":
                self.pending.append(("onto_road", e, self._owner(e["seat"], ("obstacle",), False)))
            elif k == "take":
                slot = s.supply.pieces.by_key(("slot", e["slot"]))
                self.pending.append(("taken", e, slot.rect.center if slot is not None else pile))
            elif k in ("take_pile", "refill", "secret_drawn", "secret_counter"):
                self.pending.append((k, e, pile))
            elif k == "cards_dealt":
                self.pending.append(("deal", e, s.cards.deck_centre()))
            elif k == "discard":
                self.pending.append(("leave", e, self._card(e["card"], e["seat"])))
        s.counters.dropped_at = None

    def _card(self, kind: str, seat: int) -> Optional[tuple]:
        """A travel card's picture and place: in your hand, or on the seat's row when every hidden
        card is shown (None: not on the screen)."""
        s = self.scene
        piece = s.cards.pieces.by_key(("card", kind)) if seat == s.viewer else s.seats.card(seat, kind)
        return (piece.current(), piece.rect.center) if piece is not None else None

    def _owner(self, seat: int, piece: tuple, secret: bool) -> tuple[int, int]:
        """Where a placed piece comes from: your counters (where you dropped it), or its owner's row."""
        s = self.scene
        if seat == s.viewer:
            drop = s.counters.dropped_at
            if drop is not None and drop[0] == piece:
                return drop[1]
            where = None if piece[0] == "obstacle" else ("secret" if secret else "face_up")
            mine = s.counters.find(piece, where)
            if mine is not None:
                return mine.rect.center
        theirs = s.seats.find(seat, "obstacle" if piece[0] == "obstacle" else (None if secret else piece[1]))
        return theirs.rect.center if theirs is not None else s.seats.row_centre(seat)

    # -- after: the new pieces travel ------------------------------------------------------------------
    def start(self) -> None:
        pending, self.pending = self.pending, []
        viewer, match = self.scene.viewer, self.scene.match
        all_seen = self.scene.view.get("all_seen", False)
        deal_i: dict[int, int] = {}   # each hand's cards one after another, the hands at once
        for kind, e, start in pending:
            if not match.sees(e, viewer):
                continue
            if kind == "walk":
                self._walk(e)
            elif kind == "onto_road":
                self._onto_road(e, start)
            elif kind in ("taken", "take_pile"):
                self._to_taker(e["seat"], e["counter"], start, flip=kind == "take_pile")
            elif kind == "refill":
                self._refill(e, start)
            elif kind == "secret_drawn" and e["seat"] != viewer and not all_seen:  # else its twin below
                self._to_taker(e["seat"], None, start, flip=False)
            elif kind == "secret_counter":
                self._to_taker(e["seat"], e["counter"], start, flip=True, secret=True)
            elif kind == "deal":
                for card in e["cards"]:
                    i = deal_i.get(e["seat"], 0)
                    self._deal(e["seat"], card, start, i)
                    deal_i[e["seat"]] = i + 1
            elif kind == "leave" and start is not None:
                self._leave(*start)

    def _walk(self, e: dict) -> None:
        board = self.scene.board
        piece = board.pieces.by_key(("boot", e["seat"]))
        if piece is None:
            return
        route = board.bv.board.route(e["route"])
        pts = list(route.points)
        if route.a != e["from"]:
            pts.reverse()
        board_pieces.walk(board, piece, pts, self.time(MOVE_FACTOR))

    def _onto_road(self, e: dict, start: tuple[int, int]) -> None:
        board = self.scene.board
        what = "counter" if e["type"] == "place" else "obstacle"
        piece = board.pieces.by_key((what, e["route"]))
        if piece is None:
            return
        fly = self.time(PLACE_FACTOR)
        if e.get("secret"):  # a secret counter is shown to all as it lands
            piece.back = art.counter_back(board.bv.counter_size())
            piece.face_up = False
            self.scene.tweens.flip(piece, self.time(FLIP_FACTOR), face_up=True, delay=fly)
        board_pieces.fly_on(board, piece, start, fly)

    def _to_taker(self, seat: int, counter: Optional[str], start, flip: bool, secret: bool = False) -> None:
        """A counter from the supply or the pile to your counters or to the taker's row."""
        s = self.scene
        if seat == s.viewer:
            piece = s.counters.find(("counter", counter), "secret" if secret else "face_up") if counter else None
            size = s.counters.geo.tile
        else:  # a secret one is seen going to another's row only when every hidden card is shown
            piece = s.seats.find(seat, None if secret else counter)
            size = s.app.px(16)
        if piece is None:
            return
        fly = self.time(TAKE_FACTOR)
        if flip:
            piece.back = art.counter_back(size)
            piece.face_up = False
            s.tweens.flip(piece, self.time(FLIP_FACTOR), face_up=True, delay=fly)
        s.tweens.fly(piece, start, fly)

    def _refill(self, e: dict, start) -> None:
        """The gap in the supply is filled from the pile: the counter slides over and turns face up."""
        s = self.scene
        piece = s.supply.pieces.by_key(("slot", e["slot"]))
        if piece is None:
            return
        fly = self.time(TAKE_FACTOR) * 0.6
        piece.face_up = False
        s.tweens.flip(piece, self.time(FLIP_FACTOR), face_up=True, delay=fly)
        s.tweens.move(piece, start, fly)

    def _deal(self, seat: int, card: str, start, i: int) -> None:
        """One travel card dealt flies from the deck onto its pile in your hand (or onto the seat's
        row, every hidden card shown)."""
        s = self.scene
        picture = self._card(card, seat)
        if picture is None:
            return
        fly = self.time(DEAL_FACTOR)
        ghost = s.cards.ghost(picture[0], picture[1])
        delay = i * fly * DEAL_STAGGER
        if delay > 0:
            ghost.alpha = 0  # not on the table before its turn comes
            s.tweens.fade(ghost, 255, 0.0, delay=delay)
        s.tweens.fly(ghost, start, fly, delay=delay, done=lambda: s.cards.bury(ghost))

    def _leave(self, picture, centre) -> None:
        """A card paid or returned leaves your hand towards the deck, fading."""
        s = self.scene
        ghost = s.cards.ghost(picture, s.cards.deck_centre())
        fly = self.time(DEAL_FACTOR)
        s.tweens.fade(ghost, 0, fly)
        s.tweens.fly(ghost, centre, fly, arc=0.1, done=lambda: s.cards.bury(ghost))

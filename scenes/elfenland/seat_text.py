"""The players panel's words at the settings' text size (issue 35), and the room they take.

A row has two lines (three in a replay showing every hidden card): the name line (the name, its
kind, the start seal) and the counts line (town markers, cards, counters), each growing by as much
as its line height grows over the design's, so the panel is laid out again around the larger words.
Where the column has no room for all of it (six players) the words grow a step less, the counts
first, but never two steps below the names: the town markers and cards are what a person who needs
larger words must read, and a name is known by its boot too. Never past the log's share.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..ui.text import TEXT_SIZES

ROW = 47        # a row's height (design px)
ROW_ALL = 63    # with every hidden card shown: a third line for the hand and the destination
HAND_Y = 41     # that line's top, from the row's top (design px)
LOG_SHARE = 150  # design px the log keeps under the panel when the words grow (less only if it had less at 100 %)


def row_height(view: dict) -> int:
    """A row's height (design px) for this view, at the design's text size."""
    return ROW_ALL if view.get("all_seen") else ROW


@dataclass(frozen=True)
class SeatText:
    """Sizes (window px) of the words on the players panel, and how much taller than at 100 % each
    line is: the name line's words at one factor, the rest's (counts, heading, hidden line) at another."""
    name: int          # the name, bold
    kind: int          # Player / Bot · Normal, beside the name
    seal: int          # the start seal's radius (its word grows with it)
    seal_word: int
    count: int         # the markers and the cards in hand, bold
    tick: int          # the moved tick
    small: int         # the hidden line's words (the destination, "none")
    head: int          # the panel's heading
    name_grow: int
    kind_grow: int
    count_grow: int
    small_grow: int
    head_grow: int

    def step(self, app, view: dict) -> int:
        """From one row's top to the next (window px)."""
        grow = self.name_grow + self.count_grow + (self.small_grow if view.get("all_seen") else 0)
        return app.px(row_height(view)) + grow

    def height(self, app, view: dict, n: int) -> int:
        """The whole panel's height for n players (window px)."""
        return app.px(34) + self.head_grow + n * self.step(app, view)


def seat_text(app, name_f: float, rest_f: float) -> SeatText:
    """The sizes at a factor for the name line and one for the rest (1.0: the design's, exactly px)."""
    lh, px, s = app.fonts.line_height, app.px, app.scale

    def size(v: float, f: float) -> int:
        return int(round(v * s * f))

    name, kind = size(15, name_f), size(12, name_f)
    count, small, head = size(13, rest_f), size(12, rest_f), size(15, rest_f)
    return SeatText(name, kind, size(11, name_f), size(11, name_f), count, size(14, rest_f), small, head,
                    lh(name, True) - lh(px(15), True), lh(kind) - lh(px(12)), lh(count, True) - lh(px(13), True),
                    lh(small, True) - lh(px(12), True), lh(head, True) - lh(px(15), True))


def fit_seat_text(app, view: dict, n: int, column: int) -> SeatText:
    """The largest words that leave the log its share of a `column` px tall (the players panel and
    the log together): the counts line (and the rest) as large as can be, then the names as large as
    can be beside it, each at the text size or a step smaller."""
    steps = [p / 100 for p in sorted(TEXT_SIZES, reverse=True) if p / 100 <= app.text_scale] or [1.0]
    plain = seat_text(app, 1.0, 1.0)
    room = max(plain.height(app, view, n), column - app.px(LOG_SHARE))
    for rest_f in steps:
        for name_f in (f for f in steps if f >= rest_f):
            st = seat_text(app, name_f, rest_f)
            if st.height(app, view, n) <= room:
                return st
    return plain

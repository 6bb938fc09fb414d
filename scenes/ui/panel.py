"""Panels: the parts a table is built from.

How a table is built
--------------------
A table scene (scenes/table_scene.py, TableScene) is a stack of panels and
little else. Each panel is a rectangle of the table with its own module: the
board or map, the seats, the hand, the tracks, the prompts, the log. A panel

* lays itself out for the window in ``layout(rect)`` (everything in px(...)),
* rebuilds what it shows from the scene's view in ``refresh()`` (the viewing
  seat's view only: what a player must not see never reaches a panel),
* owns its pieces (scenes/ui/piece.py: every card, counter, token is a Piece
  in ``self.pieces``, with its tooltip) and draws them in ``draw(surface)``,
  caching what does not change between views,
* turns the events that fall inside it into one Intent in ``handle(event)``:
  an engine action ("place counter 3 on road 17"), a ruling of the table, a
  step of the screen (open a chooser, close a panel) or a notice ("not your
  turn"); it returns None for events that are not its business.

The scene routes each mouse event to the one topmost panel under the mouse
(a modal panel, such as a results overlay, takes them all; a panel holding the
mouse for a drag it began keeps it until the release), performs the
intent it gets back (``act`` for an action), and turns the engine's events
into animations with its Tweens (scenes/ui/tween.py: move, fly, flip, fade).
A click goes down to one panel and comes back once, as an intent.
The tooltip follows the same road: one at a time, the note of the piece that
the topmost panel under a resting mouse gives for it (``piece_at``), gone with
that piece or the view, and never drawn over another panel's ``covering()``
(TableScene's tooltip rule).

To build a new table: write the game's art (pictures of cards and tokens,
cached), one module per panel subclassing Panel, and a TableScene subclass
that lays the panels out, maps events to tweens and names its results scene.
Keep every module under ~500 lines.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

import pygame

from .piece import Piece, PieceGroup


@dataclass(frozen=True)
class Intent:
    """What a panel asks the scene to do about an event; an empty Intent only says "mine"."""
    action: Optional[tuple] = None             # the viewing seat's engine action
    ruling: Optional[tuple] = None             # an action of the table itself (seat None)
    call: Optional[Callable[[], Any]] = None   # a step of the screen: open a chooser, close an overlay
    notice: Optional[str] = None               # tell the player (e.g. "not your turn")


USED = Intent()
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class Panel:
    modal = False        # while visible it takes every event (an overlay in front of the table)
    aside = False        # the table's furniture (the top bar): the keyboard's focus comes to it last

    def __init__(self, scene) -> None:
        self.scene = scene
        self.app = scene.app
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.pieces = PieceGroup()
        self.visible = True

    # shorthands every panel uses
    @property
    def px(self):
        return self.app.px

    @property
    def tx(self):
        return self.app.tx

    @property
    def t(self):
        return self.app.t

    @property
    def fonts(self):
        return self.app.fonts

    @property
    def view(self) -> dict:
        return self.scene.view

    # -- the life of a panel ---------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.pieces.glow_spread, self.pieces.hot_spread = self.px(9), self.px(12)

    def refresh(self) -> None:
        """The view changed: rebuild pieces and cached pictures from it."""

    def ahead(self) -> list:
        """Pictures this panel may show later, as jobs that paint each into its cache (scenes/ui/
        ahead.py): asked after each layout. Each is a function of the game's data, the size and
        the language only, never of a view. None by default."""
        return []

    def new_eyes(self) -> None:
        """The screen passes to other eyes (hot-seat): forget what was made for the last ones. The
        default forgets the hover mark; an overlay opened for those eyes closes itself here, or
        rebuilds itself for the new ones. refresh() follows with the new view."""
        self.pieces.set_hover(None)

    def update(self, dt: float) -> bool:
        """Advance the panel's own clocks; True if it needs a new frame."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.pieces.draw(surface)

    def snapshot(self) -> Optional[pygame.Surface]:
        """A picture of the whole window up to and including this panel, if it keeps one (a still
        overlay): the panels under it need not be drawn."""
        return None

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def covering(self) -> list[pygame.Rect]:
        """Where this panel lies over the table now as a dialog or an overlay: another panel's
        tooltip is never drawn there. A visible modal panel covers its rect; a panel that opens over
        the table without taking every event (a vote's parchment, a table of costs) says where."""
        return [self.rect] if self.visible and self.modal else []

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        """The default: hovering marks the piece under the mouse; a left press on a piece is
        on_piece's answer."""
        if event.type == pygame.MOUSEMOTION:
            return USED if self.pieces.set_hover(event.pos) else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            piece = self.pieces.at(event.pos)
            if piece is not None:
                return self.on_piece(piece) or USED
        return None

    def on_piece(self, piece: Piece) -> Optional[Intent]:
        """A left press on one of this panel's pieces: by default its action, if it has one now."""
        return Intent(action=piece.action) if piece.action is not None else None

    def holding_mouse(self) -> bool:
        """A press that began here is not over yet (a drag, a pan): the mouse's events come here
        until the button goes up, wherever the mouse is."""
        return False

    def mouse_left(self) -> bool:
        """The mouse went to another panel: forget hover marks; True if that changed anything."""
        return self.pieces.set_hover(None)

    def piece_at(self, pos: tuple[int, int]) -> Optional[Piece]:
        return self.pieces.at(pos) if self.contains(pos) else None

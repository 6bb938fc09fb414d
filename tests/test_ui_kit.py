"""The table kit (scenes/ui/piece.py, tween.py, drag.py, panel.py, scenes/table_scene.py):
pieces, their group, tweens, drag and drop, and routing each event to one panel."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.ui.drag import Drag
from scenes.ui.panel import USED, Intent, Panel
from scenes.ui.piece import Piece, PieceGroup
from scenes.ui.tooltip import DELAY, draw_tooltip
from scenes.ui.tween import Tweens

pygame.init()


def card(colour=(200, 0, 0), size=(40, 56)) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill(colour)
    return s


def test_the_topmost_piece_under_the_mouse_answers():
    group = PieceGroup()
    low = Piece("low", card(), centre=(50, 50), layer=0)
    high = Piece("high", card(), centre=(60, 50), layer=2)
    ghost = Piece("ghost", card(), centre=(60, 50), layer=5, hit=False)
    group.add(low, high, ghost)
    assert group.at((60, 50)) is high          # the decoration above it does not answer
    assert group.at((33, 50)) is low             # only the lower card reaches here
    assert group.at((500, 500)) is None
    assert group.by_key("low") is low


def test_hover_marks_only_the_piece_under_the_mouse():
    group = PieceGroup()
    a, b = Piece("a", card(), centre=(50, 50)), Piece("b", card(), centre=(150, 50))
    group.add(a, b)
    assert group.set_hover((50, 50)) and a.hover and not b.hover
    assert not group.set_hover((52, 52))       # nothing changed
    assert group.set_hover(None) and not a.hover


def test_a_face_down_card_shows_its_back_and_a_selected_one_stands_higher():
    face, back = card((255, 0, 0)), card((0, 0, 255))
    piece = Piece("c", face, back, centre=(100, 100), face_up=False)
    assert piece.current() is back
    piece.selected = True
    assert piece.draw_rect().y < piece.rect.y
    surface = pygame.Surface((200, 200))
    group = PieceGroup()
    group.add(piece)
    group.draw(surface)
    assert surface.get_at(piece.draw_rect().center)[:3] == (0, 0, 255)


def test_a_group_glows_in_its_own_colour_and_hot_pieces_in_white():
    surface = pygame.Surface((200, 200))
    group = PieceGroup(glow_spread=8, hot_spread=8)
    group.glow_colour = (0, 255, 0)
    piece = Piece("c", card((0, 0, 0)), centre=(100, 100))
    piece.glowing = True
    group.add(piece)
    group.draw(surface)
    edge = (piece.rect.centerx, piece.rect.y - 2)   # just above the card: the halo
    assert surface.get_at(edge)[1] > 0 and surface.get_at(edge)[0] == 0
    piece.hover = True
    surface.fill((0, 0, 0))
    group.draw(surface)
    r, g, b, _ = surface.get_at(edge)
    assert r > 100 and abs(r - g) <= 4   # the theme's white, not the group's green


def test_a_glow_shows_round_a_card_whose_edge_has_the_glows_own_colour():
    """A gold card in a gold glow: a dark line parts the card from a ring of the glow's colour."""
    surface = pygame.Surface((200, 200))
    group = PieceGroup(glow_spread=8, hot_spread=8)
    gold = (246, 218, 140)
    group.glow_colour = gold
    piece = Piece("c", card(gold), centre=(100, 100))
    piece.glowing = True
    group.add(piece)
    group.draw(surface)
    x, top = piece.rect.centerx, piece.rect.y
    assert surface.get_at((x, top))[:3] == gold                    # the card's own edge
    assert sum(surface.get_at((x, top - 1))[:3]) < 200             # a dark line round it
    assert surface.get_at((x, top - 2))[:3] == gold                # the ring, in the glow's colour
    assert surface.get_at((x, top - 3))[:3] == gold


def test_a_group_can_draw_only_some_of_its_pieces():
    surface = pygame.Surface((200, 100))
    group = PieceGroup()
    still, live = Piece("still", card((255, 0, 0)), centre=(50, 50)), Piece("live", card((0, 0, 255)), centre=(150, 50))
    group.add(still, live)
    group.draw_pieces(surface, [live])
    assert surface.get_at((150, 50))[:3] == (0, 0, 255) and surface.get_at((50, 50))[:3] == (0, 0, 0)


def test_a_move_ends_at_home_and_is_busy_until_then():
    tweens = Tweens()
    piece = Piece("c", card(), centre=(200, 100))
    tweens.move(piece, (0, 100), 1.0)
    assert piece.rect.center == (0, 100) and tweens.busy and tweens.moving(piece)
    tweens.update(0.5)
    assert 0 < piece.rect.centerx < 200
    tweens.update(0.6)
    assert piece.rect.center == (200, 100) and not tweens.busy


def test_a_fly_rises_on_its_arc_and_lands_at_home():
    tweens = Tweens()
    piece = Piece("c", card(), centre=(200, 100))
    tweens.fly(piece, (0, 100), 1.0, arc=0.25)
    tweens.update(0.5)
    assert piece.rect.centery < 100            # above the straight line at mid-flight
    tweens.update(0.5)
    assert piece.rect.center == (200, 100)


def test_a_flip_narrows_turns_over_and_widens():
    face, back = card((255, 0, 0)), card((0, 0, 255))
    tweens = Tweens()
    piece = Piece("c", face, back, centre=(100, 100), face_up=False)
    tweens.flip(piece, 1.0, face_up=True)
    tweens.update(0.25)
    assert not piece.face_up and piece.draw_rect().w < piece.rect.w
    tweens.update(0.5)
    assert piece.face_up
    tweens.update(0.5)
    assert piece.flip == 0.0 and piece.draw_rect().w == piece.rect.w and piece.current() is face


def test_a_fade_reaches_its_alpha_and_zero_durations_apply_at_once():
    tweens = Tweens()
    piece = Piece("c", card(), centre=(10, 10))
    tweens.fade(piece, 0, 0.0)
    assert piece.alpha == 0 and not tweens.busy  # instant: nothing left running
    tweens.fade(piece, 255, 1.0, delay=0.5)
    tweens.update(0.5)
    assert piece.alpha == 0
    tweens.update(1.0)
    assert piece.alpha == 255


def test_finish_jumps_every_tween_to_its_end():
    tweens = Tweens()
    a, b = Piece("a", card(), centre=(100, 0)), Piece("b", card(), centre=(0, 100))
    tweens.move(a, (0, 0), 5.0)
    tweens.fly(b, (100, 100), 5.0, delay=2.0)
    tweens.finish()
    assert a.rect.center == (100, 0) and b.rect.center == (0, 100) and not tweens.busy


def test_a_short_press_is_a_click_and_a_long_one_a_drag():
    piece = Piece("c", card(), centre=(100, 100))
    drag = Drag(threshold=6)
    drag.press(piece, (100, 100))
    assert piece.pressed and not drag.motion((102, 101))
    assert drag.release((102, 101)) == (piece, False) and not piece.pressed
    drag.press(piece, (100, 100))
    assert drag.motion((140, 120)) and piece.rect.center == (140, 120)
    assert drag.release((140, 120)) == (piece, True)
    assert piece.rect.center == (100, 100)    # back home unless the panel places it


def test_a_tooltip_stays_on_screen():
    from scenes.ui.text import Fonts
    surface = pygame.Surface((300, 200))
    box = draw_tooltip(surface, Fonts(), "Smear\nThe candidate loses 2 votes.", (290, 190), lambda v: int(v))
    assert surface.get_rect().contains(box)


# -- routing, with a small table of two panels ----------------------------------------------
class Spot(Panel):
    """A panel that names itself in the intent it returns for a click."""

    def __init__(self, scene, name, modal=False):
        super().__init__(scene)
        self.name, self.modal, self.seen = name, modal, []

    def handle(self, event):
        self.seen.append(event.type)
        if event.type == pygame.MOUSEBUTTONDOWN:
            return Intent(notice=self.name)
        if event.type == pygame.KEYDOWN:
            return USED
        return None


@pytest.fixture()
def table():
    from game.core.match import Match, Seat
    from game.registry import GAMES
    from scenes.app import App
    from scenes.table_scene import TableScene

    class Table(TableScene):
        describe = staticmethod(lambda e, t, names: None)

        def layout(self, w, h):
            self.under.layout(pygame.Rect(0, 0, w, h))
            self.over.layout(pygame.Rect(100, 100, 100, 100))

    app = App(lang="en", size=(1024, 600), first_scene=False)
    # Not the speed another test saved: no bot moves (so no new view) within a test's few updates.
    app.settings.bot_speed = "slow"
    match = Match.new(GAMES["xuanwu_gate"], [Seat("A", "human"), Seat("B", "easy"), Seat("C", "easy")], seed=1)
    scene = Table(app, match)
    scene.under, scene.over = Spot(scene, "under"), Spot(scene, "over")
    scene.panels = [scene.under, scene.over]
    app.manager.push(scene)
    return scene


def press(scene, pos):
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


def test_a_click_goes_down_to_the_one_panel_under_the_mouse(table):
    press(table, (150, 150))
    assert table.message == "over" and pygame.MOUSEBUTTONDOWN not in table.under.seen
    press(table, (500, 400))
    assert table.message == "under"


def test_a_modal_panel_takes_every_event(table):
    table.over.modal = True
    press(table, (500, 400))
    assert table.message == "over" and pygame.MOUSEBUTTONDOWN not in table.under.seen


def test_keys_go_from_the_top_panel_down_until_one_answers(table):
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    assert pygame.KEYDOWN in table.over.seen and pygame.KEYDOWN not in table.under.seen


def test_a_resting_mouse_shows_the_tooltip_of_the_piece_under_it(table):
    table.over.pieces.add(Piece("c", card(), centre=(150, 150), tip="A card\nIt does things."))
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(150, 150), rel=(0, 0), buttons=(0, 0, 0)))
    assert table.tip is None and table.animating()
    table.update(DELAY + 0.01)
    assert table.tip == "A card\nIt does things."
    table.draw(table.app.screen)
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(600, 500), rel=(0, 0), buttons=(0, 0, 0)))
    assert table.tip is None


def rest_on(table, pos) -> None:
    """Move the mouse to `pos` and leave it there until a note would show."""
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    table.update(DELAY + 0.01)


class Overlay(Spot):
    """A dialog open over the table that does not take every event (as Xuanwu's vote parchment)."""

    def contains(self, pos):
        return self.visible and self.rect.collidepoint(pos)

    def covering(self):
        return [self.rect] if self.visible else []


def test_a_tooltip_goes_when_its_piece_goes_under_a_resting_mouse(table):
    piece = Piece("c", card(), centre=(500, 400), tip="A card")
    table.under.pieces.add(piece)
    rest_on(table, (500, 400))
    assert table.tip == "A card"
    piece.kill()                 # taken off the table (as a member state taken by a bid)
    table.update(0.01)
    assert table.tip is None and table.dirty
    table.under.pieces.add(Piece("d", card(), centre=(500, 400), tip="Another card"))
    table.update(DELAY)          # the piece now under the resting mouse has its own note
    assert table.tip == "Another card"


def test_a_new_view_drops_the_tooltip_and_its_words_are_made_again(table):
    words = {"now": "seen by A"}
    table.under.pieces.add(Piece("c", card(), centre=(500, 400), tip=lambda: words["now"]))
    rest_on(table, (500, 400))
    assert table.tip == "seen by A"
    words["now"] = "seen by B"   # what the piece says for the new view
    table.refresh()
    assert table.tip is None
    table.update(DELAY + 0.01)
    assert table.tip == "seen by B"


def test_an_overlay_opened_over_a_note_hides_it_and_the_notes_beneath(table):
    table.under.pieces.add(Piece("c", card(), centre=(150, 150), tip="Under the dialog"))
    table.over.visible = False
    rest_on(table, (150, 150))
    assert table.tip == "Under the dialog"
    table.over.visible, table.over.modal = True, True   # opened by a click that did not move the mouse
    table.update(0.01)
    assert table.tip is None
    table.update(DELAY)
    assert table.tip is None     # the dialog has no note here, and what lies beneath shows none
    table.over.pieces.add(Piece("o", card(), centre=(150, 150), tip="In the dialog"))
    rest_on(table, (151, 150))
    assert table.tip == "In the dialog"


def test_a_click_puts_the_note_away_until_the_mouse_moves(table):
    table.under.pieces.add(Piece("c", card(), centre=(500, 400), tip="A card"))
    rest_on(table, (500, 400))
    press(table, (500, 400))
    assert table.tip is None
    table.update(DELAY + 0.01)
    assert table.tip is None
    rest_on(table, (501, 400))
    assert table.tip == "A card"


def test_no_note_while_another_scene_is_over_the_table(table):
    from scenes.shell.dialog import MessageScene
    table.under.pieces.add(Piece("c", card(), centre=(500, 400), tip="A card"))
    rest_on(table, (500, 400))
    dialog = table.app.manager.push(MessageScene(table.app, "Title", "Body"))
    assert table.tip is None
    table.update(DELAY + 0.01)
    assert table.tip is None
    table.app.manager.remove(dialog)
    table.update(DELAY + 0.01)   # the mouse is not known again until it moves over the table
    assert table.tip is None
    rest_on(table, (500, 400))
    assert table.tip == "A card"


def test_a_note_is_never_drawn_over_a_dialog_it_does_not_belong_to(table):
    dialog = Overlay(table, "dialog")
    dialog.layout(pygame.Rect(520, 300, 300, 260))   # right of and below the mouse, where a note goes first
    table.panels.append(dialog)
    table.under.pieces.add(Piece("c", card(), centre=(500, 400), tip="A card\nIt does things."))
    rest_on(table, (500, 400))
    assert table.tip == "A card\nIt does things." and table.tip_avoids(table.under) == [dialog.rect]
    screen = table.app.screen
    box = draw_tooltip(screen, table.app.fonts, table.tip, table.mouse, table.app.px, [dialog.rect])
    assert box is not None and not box.colliderect(dialog.rect) and screen.get_rect().contains(box)
    # Nowhere beside the mouse is clear of it: the note is not drawn at all.
    assert draw_tooltip(screen, table.app.fonts, table.tip, table.mouse, table.app.px, [screen.get_rect()]) is None
    assert table.tip_avoids(dialog) == []   # the dialog's own notes go over it

def test_bots_wait_while_a_piece_moves(table):
    piece = Piece("c", card(), centre=(300, 300))
    table.tweens.move(piece, (0, 0), 10.0)
    actions = len(table.match.state.actions)
    table.update(1.0)
    assert table.holding() and len(table.match.state.actions) == actions


def test_a_panel_holding_the_mouse_gets_its_events_until_the_release(table):
    class Holder(Spot):
        """Holds the mouse from a press on it until the button goes up (as a drag does)."""

        def __init__(self, scene, name):
            super().__init__(scene, name)
            self.held = False

        def handle(self, event):
            self.seen.append(event.type)
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.held = True
            elif event.type == pygame.MOUSEBUTTONUP:
                self.held = False
            return USED

        def holding_mouse(self):
            return self.held

    holder = Holder(table, "holder")
    holder.layout(pygame.Rect(300, 300, 50, 50))
    table.panels.append(holder)
    press(table, (320, 320))
    table.under.seen.clear()
    table.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(600, 500), rel=(5, 5), buttons=(1, 0, 0)))
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(600, 500)))
    assert table.under.seen == [] and holder.seen[-2:] == [pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP]
    press(table, (600, 500))                      # released: the mouse goes where it is again
    assert table.message == "under"


def test_a_kept_frame_is_shown_again_until_something_changes(table):
    table.cache_frames = True
    screen = table.app.screen
    table.dirty = True
    table.draw(screen)
    assert table._frame is not None
    kept = table._frame
    table.dirty = False                      # drawn: the manager clears the flag, the frame stays
    table.draw(screen)
    assert table._frame is kept
    table.dirty = True                       # anything that changes the picture drops it
    assert table._frame is None


def test_a_press_on_a_piece_is_its_action_by_default(table):
    panel = Panel(table)
    panel.layout(pygame.Rect(0, 0, 300, 300))
    piece = Piece("c", card(), centre=(100, 100))
    panel.pieces.add(piece)
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(100, 100))
    assert panel.handle(event) is USED              # a piece with nothing to do now: mine, no action
    piece.action = ("play", "c")
    assert panel.handle(event) == Intent(action=("play", "c"))
    assert panel.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(280, 280))) is None

"""What a person at a remote seat chose stays marked on their table while the move is on its way to
the host (scenes/ui/sending_mark.py): in every game's table, the thing clicked keeps the mark until
the host answers, whether it takes the move or refuses it, or a new connection's state comes."""
from __future__ import annotations

import pygame
import pytest

from test_net_sending import GAME_KEYS, SEAT, frame, seat_table

from scenes.ui import theme
from scenes.ui.sending_mark import Chosen, chosen_at


def click(scene, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle(pygame.event.Event(kind, pos=pos, button=1))


def piece_pointer(scene, action):
    """Where a click on a piece (a card, a counter, a seat) makes `action` now, if one does."""
    pointer = scene.guide(action)
    if pointer is None or pointer.to is not None:
        return None
    on_piece = any(p.action == action and p.rect == pointer.rect
                   for panel in scene.panels if panel.visible for p in panel.pieces)
    return pointer if on_piece else None


def send_by_a_click(host, app, scene, pieces_only: bool = True) -> tuple[int, int]:
    """Click, as a person would, the thing on the table that makes one of the seat's moves (the pointer
    a guided game shows for it): a piece (a card, a counter, a seat), the game played on (the host
    answering) until the seat has one, or, in a game whose moves are all made by buttons, a button;
    where the click was."""
    remote = host.remote
    for _ in range(30 if pieces_only else 1):
        for action in remote.state.legal_actions(SEAT):
            pointer = piece_pointer(scene, action) if pieces_only else scene.guide(action)
            if pointer is None or pointer.to is not None:
                continue
            app.manager.draw(app.screen)   # the frame the person clicks on
            click(scene, pointer.rect.center)
            frame(app)
            if remote.sending == "act":
                return pointer.rect.center
        if not pieces_only:
            break
        scene.act(remote.state.legal_actions(SEAT)[0])   # a move made by a button: on to the next one
        host.answer()
        frame(app)
        while remote.decider() != SEAT:
            if not host.other_moves():
                break
            frame(app)
        if remote.decider() != SEAT:
            break
    if pieces_only:
        return send_by_a_click(host, app, scene, pieces_only=False)
    raise AssertionError("no move of this seat is made by a click")


def marked_rects(scene) -> list[pygame.Rect]:
    """Where the marks are: on each chosen thing where it stands now, or, hidden or lifted away
    meanwhile, where it stood (its picture drawn there as it was)."""
    rects = []
    for thing in scene.chosen:
        rect = thing.rect()
        if rect is None and thing.picture is not None:
            rect = thing.at
        if rect is not None:
            rects.append(rect)
    return rects


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_thing_clicked_stays_marked_until_the_host_takes_the_move(key):
    host, app, scene = seat_table(key)
    pos = send_by_a_click(host, app, scene)
    for _ in range(3):                  # frames pass before the host answers
        frame(app)
        assert any(r.collidepoint(pos) for r in marked_rects(scene)), "the clicked thing is marked"
    assert scene.animating(), "the mark's pulse moves"
    host.answer()
    frame(app)
    assert host.remote.sending is None and scene.chosen == []


def test_the_mark_goes_when_the_host_refuses_the_move():
    host, app, scene = seat_table("xuanwu_gate")
    send_by_a_click(host, app, scene)
    assert scene.chosen
    host.refuse("not_your_turn")
    frame(app)
    assert scene.chosen == [] and scene.can_act()


def test_the_mark_goes_when_a_new_connections_state_answers():
    host, app, scene = seat_table("xuanwu_gate")
    send_by_a_click(host, app, scene)
    host.client.connected.clear()
    frame(app)
    host.reconnect()                    # the host never had the move: it is to be made again
    host.client.connected.set()
    frame(app)
    assert host.remote.sending is None and scene.chosen == []


def test_the_mark_is_a_light_ring_round_the_clicked_thing():
    host, app, scene = seat_table("xuanwu_gate")
    pos = send_by_a_click(host, app, scene)
    rect = next(r for r in marked_rects(scene) if r.collidepoint(pos))
    app.manager.draw(app.screen)
    with_mark = app.screen.copy()
    kept, scene.chosen = scene.chosen, []
    scene.dirty = True
    app.manager.draw(app.screen)       # the same table without the mark
    line = max(2, app.px(3))
    edge = (rect.centerx, rect.top - 2 * line + line // 2)   # on the light ring, outside the dark one
    assert tuple(with_mark.get_at(edge))[:3] == theme.GOLD_LIGHT
    assert tuple(app.screen.get_at(edge))[:3] != theme.GOLD_LIGHT
    scene.chosen = kept


def test_a_selected_piece_is_among_the_chosen_things():
    """A choice made in steps (cards picked, then a button): the picked pieces are kept with the press."""
    host, app, scene = seat_table("xuanwu_gate")
    panel = next(p for p in scene.panels if p.visible and len(p.pieces))
    piece = next(iter(panel.pieces))
    piece.selected = True
    assert Chosen(panel, piece.key) in chosen_at(scene.panels, None)


def test_a_button_the_table_hides_meanwhile_stays_as_it_was_clicked_and_marked():
    """The Xuanwu Gate Incident's "I remember it" goes with the seat's choices while the move is on
    its way: it is drawn where it was, as it looked, with the mark, until the host answers."""
    host, app, scene = seat_table("xuanwu_gate")
    pointer = scene.guide(host.remote.state.legal_actions(SEAT)[0])
    app.manager.draw(app.screen)
    click(scene, pointer.rect.center)
    frame(app)
    hidden = [thing for thing in scene.chosen if thing.button and thing.rect() is None]
    assert host.remote.sending == "act" and hidden and hidden[0].at.collidepoint(pointer.rect.center)
    app.manager.draw(app.screen)
    thing = hidden[0]
    inside = (thing.at.w // 2, thing.at.h // 2)
    assert app.screen.get_at(thing.at.move(inside).topleft) == thing.picture.get_at(inside)
    host.answer()
    frame(app)
    assert scene.chosen == []

"""What opens over the middle of the Xuanwu table (the look and vote panels, the banner of a
revealed vote) leaves every seat in sight at every table size, window and text size; at the battle
the banner leaves the centre cards in sight too."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.app import App
from scenes.settings_store import Settings
from scenes.xuanwu_gate.demo import demo_scene
from scenes.xuanwu_gate.placing import clear_spot, covered

SEATS = range(3, 8)
WINDOWS = [(1024, 600), (1280, 720)]


def make_app(lang: str, size: tuple[int, int], text_size: int) -> App:
    return App(lang=lang, size=size, first_scene=False,
               settings=Settings(lang=lang, bot_speed="instant", text_size=text_size))


def seats_in(scene) -> list[pygame.Rect]:
    return [r for s in range(scene.n) for r in scene.board.seat_rects(s)]


def shown(app, phase: str, n: int):
    app.manager.stack.clear()
    scene = app.manager.push(demo_scene(app, phase, seed=4, n_players=n))
    app.manager.draw(app.screen)
    return scene


@pytest.mark.parametrize("text_size", [100, 150])
@pytest.mark.parametrize("size", WINDOWS)
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_vote_panel_covers_no_seat(lang, size, text_size):
    app = make_app(lang, size, text_size)
    for n in SEATS:
        scene = shown(app, "vote", n)
        frame = scene.prompts.frame
        assert frame is not None and scene.board.rect.contains(frame), n
        assert frame.collidelist(seats_in(scene)) == -1, n
        for piece in scene.prompts.pieces:   # the vote cards to click lie on the panel
            assert frame.contains(piece.rect), (n, piece.action)


@pytest.mark.parametrize("size", WINDOWS)
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_look_panel_covers_no_seat(lang, size):
    app = make_app(lang, size, 100)
    for n in SEATS:
        frame = shown(app, "look", n).prompts.frame
        assert frame is not None and frame.collidelist(seats_in(shown(app, "look", n))) == -1, n


@pytest.mark.parametrize("size", WINDOWS)
def test_at_150_percent_the_card_to_remember_stays_readable_and_no_seat_card_is_covered(size):
    app = make_app("en", size, 150)
    for n in SEATS:
        scene = shown(app, "look", n)
        card = next(p.rect for p in scene.prompts.pieces if p.action == ("look",))
        assert card.w >= app.px(124) - 2, n
        cards = [scene.board.seat_rects(s)[0] for s in range(n)]
        assert scene.prompts.frame.collidelist(cards) == -1, n


@pytest.mark.parametrize("text_size", [100, 150])
@pytest.mark.parametrize("size", WINDOWS)
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_banner_of_a_revealed_vote_covers_no_seat(lang, size, text_size):
    app = make_app(lang, size, text_size)
    for n in SEATS:
        scene = shown(app, "reveal", n)
        assert scene.reveal_shown()
        banner, _ = scene.board.reveal_items
        assert scene.board.rect.contains(banner), n
        assert banner.collidelist(seats_in(scene)) == -1, n


@pytest.mark.parametrize("size", WINDOWS)
def test_at_the_battle_the_banner_leaves_the_seats_and_the_centre_cards_in_sight(size):
    app = make_app("en", size, 150)
    for n in SEATS:
        scene = shown(app, "over", n)
        banner, _ = scene.board.reveal_items
        centre = [scene.board.centre_rect(i) for i in range(2)]
        assert banner.collidelist(seats_in(scene) + centre) == -1, n


def test_a_banner_too_wide_for_the_gap_takes_its_narrower_size():
    seats = [pygame.Rect(0, 90, 100, 60), pygame.Rect(300, 90, 100, 60)]   # two side seats, 200 apart
    bounds = pygame.Rect(0, 0, 400, 240)
    which, r = clear_spot([(300, 40), (180, 70)], (200, 120), bounds, seats)
    assert which == 0 and covered(r, seats) == 0          # the wide one fits above or below them
    which, r = clear_spot([(300, 40), (180, 70)], (200, 120), pygame.Rect(0, 80, 400, 80), seats)
    assert which == 1 and covered(r, seats) == 0          # no room above or below: the narrow one


def test_a_panel_already_clear_stays_where_it_was_designed():
    which, r = clear_spot([(100, 50)], (200, 120), pygame.Rect(0, 0, 400, 240), [pygame.Rect(0, 0, 50, 50)])
    assert which == 0 and r.center == (200, 120)


@pytest.mark.parametrize("size", WINDOWS)
def test_the_banner_never_leaves_half_the_mats_caption_showing(size):
    app = make_app("en", size, 100)
    overlapped = 0
    for n in SEATS:
        scene = shown(app, "reveal", n)
        banner, _ = scene.board.reveal_items
        cap = scene.board.caption_rect
        if cap is None or not banner.colliderect(cap) or banner.contains(cap):
            continue
        overlapped += 1
        # where the banner is not, the caption's place is bare table (under the banner's even
        # shadow at most): a couple of colours, not the many of words' strokes
        colours = {tuple(app.screen.get_at((x, y))) for x in range(cap.x, cap.right)
                   for y in range(cap.y, cap.bottom) if not banner.collidepoint(x, y)}
        assert len(colours) <= 4, (n, len(colours))
    assert overlapped, "some table puts the banner partly over the caption"

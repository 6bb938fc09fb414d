"""The Elfenland board's zoom levels painted in tiles (scenes/elfenland/map_tiles.py): bounded
memory at every window size, the same picture as a level painted whole, the same hit tests."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.app import App
from scenes.elfenland import board_view, map_art, map_scale, map_tiles
from scenes.elfenland.demo import demo_scene
from scenes.ui.byte_cache import ByteLRU

SIZES = [(1024, 600), (1280, 720), (1920, 1080), (2560, 1440)]
# The smallest and the largest window with the quick tests, the two between with the slow ones.
SIZES_QUICK_ENDS = [pytest.param(s, marks=() if s in (SIZES[0], SIZES[-1]) else pytest.mark.slow) for s in SIZES]


def table(size, lang="en"):
    app = App(lang=lang, size=size, first_scene=False)
    app.settings.bot_speed = "instant"
    scene = app.manager.reset(demo_scene(app, "plan", seed=2))
    app.manager.draw(app.screen)
    return app, scene


def with_preview(app, bv) -> None:
    """Idle frames until the preview that stands in for missing tiles is made (a few steps a frame)."""
    for _ in range(60):
        if bv.preview is not None:
            return
        app.tick()
    assert bv.preview is not None


def whole(bv) -> pygame.Rect:
    return pygame.Rect((0, 0), bv.zoomed_size())


def tiled_picture(bv) -> pygame.Surface:
    """The current level's whole picture, put together from its tiles."""
    out = pygame.Surface(bv.zoomed_size(), 0, bv.base)
    bv.draw_map(out, whole(bv), (0, 0))
    return out


def differing(a: pygame.Surface, b: pygame.Surface, beyond: int) -> tuple[int, float]:
    """(pixels where a channel differs by more than `beyond`, mean difference per channel)."""
    diff = a.copy()
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other = b.copy()
    other.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)   # |a - b| per channel
    within = pygame.transform.threshold(None, diff, (0, 0, 0), (beyond + 1, beyond + 1, beyond + 1),
                                        set_behavior=0)
    mean = sum(pygame.transform.average_color(diff)[:3]) / 3
    return diff.get_width() * diff.get_height() - within, mean


@pytest.fixture
def own_tiles(monkeypatch):
    """A tile cache of this test's own (the shared one may hold tiles painted otherwise)."""
    monkeypatch.setattr(map_tiles, "_TILES", ByteLRU(0))


@pytest.mark.parametrize("size", SIZES_QUICK_ENDS)
def test_the_zoom_cache_is_bounded_by_bytes_at_every_window_size(size, own_tiles):
    app, scene = table(size)
    board, bv = scene.board, scene.board.bv
    limit = map_tiles.cache_bytes(bv.rect.size)
    assert map_tiles._TILES.limit == limit
    # Room for every tile one view touches, so that a view never paints a tile twice...
    cols, rows = -(-bv.rect.w // map_tiles.TILE) + 1, -(-bv.rect.h // map_tiles.TILE) + 1
    assert limit >= cols * rows * map_tiles.TILE ** 2 * 4
    # ...and never more than a whole deep level took before (16-22 MB at these sizes).
    assert limit <= 24 * 1024 * 1024

    def step(change) -> None:
        change()
        for _ in range(4):
            app.tick()
        assert map_tiles.cached_bytes() <= limit

    for _ in range(len(bv.zoom_levels())):
        step(lambda: board.zoom(1))
    for dx, dy in ((-400, -300), (900, 0), (0, 700), (-2000, -2000)):
        step(lambda: board.pan(dx, dy))
    for _ in range(len(bv.zoom_levels())):
        step(lambda: board.zoom(-1))
    assert bv.preview is not None and bv.preview.get_width() <= map_tiles.PREVIEW_WIDTH


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_level_painted_in_tiles_is_that_level_painted_whole(size, own_tiles, monkeypatch):
    """Roads, towns, names and counter places cut into tiles are exactly the whole level's (no seam,
    nothing lost at a tile's edge); the terrain, scaled a piece at a time, is the whole map's
    smoothscale but for a fraction of a pixel's phase: under one level on average, one pixel in
    5,000 at most more than 16 levels off (measured: 1 in 6,000 at worst), none more than 48."""
    app, scene = table(size, "zh_TW")
    bv = scene.board.bv
    for level in range(len(bv.zoom_levels())):
        scene.board.zoom(level - bv.zoom_i)
        area = whole(bv)
        # The terrain alone, as each tile scales it and as the whole map scaled at once.
        pieces = pygame.Surface(area.size, 0, bv.base)
        for y in range(0, area.h, map_tiles.TILE):
            for x in range(0, area.w, map_tiles.TILE):
                part = pygame.Rect(x, y, map_tiles.TILE, map_tiles.TILE).clip(area)
                pieces.blit(map_scale.scaled_area(bv.base, area.size, part), part)
        whole_map = pygame.transform.smoothscale(bv.base, area.size)
        off, mean = differing(pieces, whole_map, 16)
        assert off <= area.w * area.h / 5000 and mean < 1.0, (level, off, mean)
        assert differing(pieces, whole_map, 48)[0] == 0, level
    # What is painted over the terrain, on a plain sea: identical.
    monkeypatch.setattr(map_art, "scaled_area", lambda base, zoomed, area: _sea(base, area))
    for level in range(len(bv.zoom_levels())):
        scene.board.zoom(level - bv.zoom_i)
        map_tiles._TILES = ByteLRU(map_tiles.cache_bytes(bv.rect.size))
        one_go = map_art.paint_area(bv, bv.shapes(), whole(bv))
        assert pygame.image.tobytes(tiled_picture(bv), "RGB") == pygame.image.tobytes(one_go, "RGB"), level


def _sea(base: pygame.Surface, area: pygame.Rect) -> pygame.Surface:
    surf = pygame.Surface(area.size, 0, base)
    surf.fill((44, 86, 140))
    return surf


def test_a_view_shows_the_exact_picture_a_few_frames_after_a_zoom(own_tiles):
    """A first zoom paints what its frame allows and lets the preview stand in for the rest; the
    following frames finish it, and the view is then the level's picture, at any pan."""
    app, scene = table((1920, 1080))
    board, bv = scene.board, scene.board.bv
    with_preview(app, bv)
    stood_in = False
    for _ in range(len(bv.zoom_levels()) - 1):
        board.zoom(1, bv.rect.topleft)
        stood_in |= board._inexact
        for frames in range(12):
            if not board._inexact:
                break
            app.tick()
        assert not board._inexact, "still standing in after 12 frames"
    assert stood_in   # a zoom's frame left tiles to the next frames
    board.pan(-333, -211)
    app.tick()
    full = tiled_picture(bv)
    view = pygame.Surface(bv.rect.size, 0, bv.base)
    area = pygame.Rect(round(bv.ox), round(bv.oy), bv.rect.w, bv.rect.h)
    bv.draw_map(view, area, (0, 0))
    assert pygame.image.tobytes(view, "RGB") == pygame.image.tobytes(full.subsurface(area), "RGB")


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_the_map_hit_tests_land_on_their_towns_and_roads_at_every_level(size):
    app, scene = table(size)
    board, bv = scene.board, scene.board.bv
    for level in range(len(bv.zoom_levels())):
        board.zoom(level - bv.zoom_i, bv.rect.center)
        shift = (bv.rect.x - round(bv.ox), bv.rect.y - round(bv.oy))
        for tid, town in bv.board.towns.items():
            at = tuple(round(c) for c in bv.to_screen(town.x, town.y))
            if bv.rect.collidepoint(at):
                assert bv.town_at(at) == tid
            name = bv.labels[tid].rect.move(shift).center
            if bv.rect.collidepoint(name):
                assert bv.town_at(name) == tid
        for r in bv.board.routes:
            if r.kind in ("river", "lake"):
                continue
            at = tuple(round(c) for c in bv.to_screen(*bv.counter_at(r.id)))
            if bv.rect.collidepoint(at) and bv.town_at(at) is None:
                assert bv.route_at(at) == r.id


def test_the_layouts_worked_out_ahead_are_those_worked_out_on_demand(monkeypatch):
    monkeypatch.setattr(board_view, "_LAYOUTS", ByteLRU(board_view.LAYOUT_CACHE_BYTES))
    app, scene = table((1920, 1080), "zh_TW")
    bv = scene.board.bv
    while bv.work_ahead(0.001):
        pass
    ahead = [board_view._LAYOUTS.get(bv._key_at(i)) for i in range(len(bv.zoom_levels()))]
    assert all(lay is not None for lay in ahead) and bv.zoom_i == 0
    monkeypatch.setattr(board_view, "_LAYOUTS", ByteLRU(board_view.LAYOUT_CACHE_BYTES))
    for i, lay in enumerate(ahead):
        scene.board.zoom(i - bv.zoom_i)
        assert bv.layout() == lay


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_the_glowing_roads_drawn_band_by_band_are_those_drawn_in_one_go(size, monkeypatch):
    from scenes.elfenland import board as board_panel
    app, scene = table(size)
    board = scene.board
    for level in range(len(board.bv.zoom_levels())):
        board.zoom(level - board.bv.zoom_i)
        glow, view = board.glowing_routes(), board._surf.get_rect()
        assert glow
        banded, one_go = board._surf.copy(), board._surf.copy()
        board._paint_glow(banded, glow, view)
        monkeypatch.setattr(board_panel, "GLOW_BAND", 1 << 20)
        board._paint_glow(one_go, glow, view)
        monkeypatch.undo()
        assert pygame.image.tobytes(banded, "RGB") == pygame.image.tobytes(one_go, "RGB"), level


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_the_preview_that_stands_in_for_missing_tiles_shows_no_names(size, own_tiles):
    """Right after a zoom, the fit level's small picture scaled up stands in where tiles are still
    missing: with names on it, a town's name showed twice for a frame (the preview's and the new
    tiles', in other places). The preview is the fit level painted without the names of towns and
    lakes (terrain, roads, towns), scaled down (map_tiles.stand_in draws nothing else)."""
    app, scene = table(size, "zh_TW")
    bv = scene.board.bv
    with_preview(app, bv)
    assert bv.zoom_i == 0
    preview = bv.preview
    level, whole_rect = bv.shapes(), whole(bv)
    k = preview.get_width() / whole_rect.w

    def scaled(names: bool) -> pygame.Surface:   # the fit level painted in tiles, scaled as the preview is
        out = pygame.Surface(preview.get_size(), 0, preview)
        t = map_tiles.TILE
        for y in range(0, whole_rect.h, t):
            for x in range(0, whole_rect.w, t):
                part = pygame.Rect(x, y, t, t).clip(whole_rect)
                x0, y0 = round(part.x * k), round(part.y * k)
                x1, y1 = round(part.right * k), round(part.bottom * k)
                pic = map_art.paint_area(bv, level, part, names=names)
                out.blit(pygame.transform.smoothscale(pic, (x1 - x0, y1 - y0)), (x0, y0))
        return out

    bare, named = scaled(False), scaled(True)
    boxes, _, names = level
    assert len(names) == len(bv.board.towns) + len(bv.board.lakes)
    for i in names:
        r = pygame.Rect(round(boxes[i].x * k), round(boxes[i].y * k), round(boxes[i].w * k),
                        round(boxes[i].h * k)).clip(preview.get_rect()).inflate(-2, -2)
        if r.w <= 0 or r.h <= 0:
            continue
        here, without, written = (s.subsurface(r) for s in (preview, bare, named))
        # The box as painted without its name (but for the scaling's phase at the box's edge: 1-4
        # levels on average, measured), far from the box with its name (20-80 levels).
        assert differing(here, without, 24)[1] < 6, i
        assert differing(here, written, 24)[1] > 15, i


def _key(app, k: int, mod: int = 0) -> None:
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def test_the_zoom_buttons_are_keyboard_targets_after_the_prompts_things():
    """Tab comes to +, − and Fit (the map's furniture, as Undo), and Space on + zooms in."""
    from scenes.ui.key_focus import ASIDE, group_of
    app, scene = table((1280, 720))
    focus = scene.key_focus
    board = scene.board
    zoom = {tuple(b.rect.topleft): b for b in (board.btn_zin, board.btn_zout, board.btn_zfit)}
    found = focus.found()
    ours = [t for t in found if t[0][0] == "button" and t[0][2] in zoom]
    assert len(ours) == 3 and all(group_of(k[0], k[2], panel) == ASIDE for k, _, panel in ours)
    first = next(i for i, t in enumerate(found) if t in ours)
    assert all(group_of(k[0], k[2], panel) < ASIDE for k, _, panel in found[:first])   # the prompt's first
    plus = next(k for k, _, _ in ours if zoom[k[2]] is board.btn_zin)
    level = board.bv.zoom_i
    for _ in range(len(found) + 1):
        if focus.shown and focus.key == plus:
            break
        _key(app, pygame.K_TAB)
    assert focus.key == plus
    _key(app, pygame.K_SPACE)
    assert board.bv.zoom_i == level + 1

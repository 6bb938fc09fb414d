"""The Elfenland map panel: the Tiled board with zoom and pan, the roads that glow for what you may
do, and the pieces on it (board_pieces.py). A click on it comes back as one intent: put a counter
on a road, travel to a town (straight away, or through the chooser when there is a choice), or a
notice. A counter dragged from your counters is dropped here: that panel asks `drop_route`.

The window's table (felt, top bar wood, the board's frame) is painted here once per window size,
into the layer, which the other panels keep their resting pictures on; what lies around the map's
view is kept apart as the backdrop of every panel (Backdrop). The layer has the board part composed
again, in place, only when the view, the zoom, the pan, a glow or the set of moving pieces changes. A frame is that blit, the hovered road or town, and the
pieces in motion. At idle frames the board works out the other zoom levels' layouts ahead
(BoardView.work_ahead).
"""
from __future__ import annotations

import math
import time
from typing import Optional

import pygame

from game.elfenland.describe import route_name

from ..ui import draw, theme
from ..ui.cached_group import CachedGroup
from ..ui.panel import USED, Intent, Panel
from ..ui.tooltip import Note
from ..ui.widgets import Button
from . import board_pieces, keys, sprites as art
from .board_view import BoardView
from .map_art import Pen
from .geometry import SEA

DRAG_START = 6   # pixels the mouse must move before a press on the board becomes a pan
AHEAD_BUDGET = 0.004  # seconds of CPU an idle frame may spend on other zoom levels' layouts
TILE_BUDGET = 0.006   # seconds of CPU a compose may spend painting map tiles (the rest at later frames)
GLOW_BAND = 256       # rows of the glowing roads' see-through layer drawn at a time
MARKER_RIM_COLOUR = (250, 242, 220)   # a town marker dot's light rim (seen on dark forest)...
MARKER_LINE_COLOUR = (24, 16, 10)     # ...and the dark line inside it (seen on pale desert)


class Backdrop:
    """The table's picture around the map (felt, top bar wood, the board's frame), kept in the four
    bands the map's view leaves: the panels' resting pictures start from it. The view's own part was
    never read (the board composes it whole), and kept whole the backdrop was a window-sized picture
    beside the layer (15 MB at 2560x1440; the bands are 6.6 MB there). A panel asks for its rect
    (window pixels): a part of one band, or, where the rect spans two, the parts put together."""

    def __init__(self, picture: pygame.Surface, hole: pygame.Rect) -> None:
        full = picture.get_rect()
        hole = pygame.Rect(hole).clip(full)
        self.size = full.size
        self.bands = [(r, picture.subsurface(r).copy()) for r in (
            pygame.Rect(0, 0, full.w, hole.y),                                   # above the view
            pygame.Rect(0, hole.bottom, full.w, full.h - hole.bottom),           # below it
            pygame.Rect(0, hole.y, hole.x, hole.h),                              # left of it
            pygame.Rect(hole.right, hole.y, full.w - hole.right, hole.h)) if r.w > 0 and r.h > 0]

    def get_rect(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size)

    def subsurface(self, rect) -> pygame.Surface:
        """The backdrop's picture of `rect` (the view's part, never asked for, stays black)."""
        rect = pygame.Rect(rect)
        for where, band in self.bands:
            if where.contains(rect):
                return band.subsurface(rect.move(-where.x, -where.y))
        out = pygame.Surface(rect.size, 0, self.bands[0][1]) if self.bands else pygame.Surface(rect.size)
        for where, band in self.bands:
            part = where.clip(rect)
            if part.w and part.h:
                out.blit(band, (part.x - rect.x, part.y - rect.y), part.move(-where.x, -where.y))
        return out


class BoardPanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.bv = BoardView(self.app)
        self.background: Optional[Backdrop] = None
        self.layer: Optional[pygame.Surface] = None
        self.zoom_buttons = CachedGroup()
        self.hover_route: Optional[int] = None
        self.hover_town: Optional[str] = None
        self.press: Optional[tuple] = None          # ("board" | "pan", where the button went down)
        self.panning = False
        self.drag_routes: Optional[set] = None      # the roads of a counter being dragged
        self._live: tuple = ()
        # The layer's board part, composed in place (a viewport of its own was 8 MB at 2560x1440).
        self._surf: Optional[pygame.Surface] = None
        self._ahead = True                            # other levels' layouts still to work out
        self._composed = False                        # composed since the last update: not an idle frame
        self._inexact = False                         # tiles still missing: compose again next frame

    # -- geometry -------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, top: pygame.Rect, size: tuple[int, int]) -> None:
        super().layout(rect)
        px, t = self.px, self.t
        self.bv.set_rect(rect.inflate(-px(6), -px(6)))
        self.layer = self.background = self._surf = None   # the old size's pictures go first
        self.layer = self._paint_background(size, top)
        self.background = Backdrop(self.layer, self.bv.rect)   # before any panel paints on the layer
        self._surf = self.layer.subsurface(self.bv.rect)
        self._ahead = True
        zb = px(34)
        br = self.bv.rect
        self.btn_zin = Button("+", lambda: self.zoom(1), (br.right - zb - px(6), br.y + px(6), zb, zb), size=px(22))
        self.btn_zout = Button("−", lambda: self.zoom(-1), (br.right - zb - px(6), br.y + px(10) + zb, zb, zb),
                               size=px(22))
        self.btn_zfit = Button(lambda: t("elf.ui.fit"), lambda: self.zoom(-99),
                               (br.right - zb - px(6), br.y + px(14) + 2 * zb, zb, zb), size=px(13))
        self.zoom_buttons = CachedGroup([self.btn_zin, self.btn_zout, self.btn_zfit])
        for b in self.zoom_buttons.widgets:
            b.aside = True   # the map's furniture: Tab comes to them after the prompt's things, as to Undo

    def _paint_background(self, size: tuple[int, int], top: pygame.Rect) -> pygame.Surface:
        px = self.px
        w, _ = size
        bg = draw.table_background(size)
        pygame.draw.rect(bg, theme.WOOD_DARK, top)
        pygame.draw.line(bg, theme.GOLD, (0, top.bottom - 2), (w, top.bottom - 2), 2)
        frame = self.rect
        pygame.draw.rect(bg, theme.WOOD_DARK, frame.inflate(px(4), px(4)), border_radius=px(6))
        pygame.draw.rect(bg, theme.GOLD, frame.inflate(px(4), px(4)), 2, border_radius=px(6))
        pygame.draw.rect(bg, SEA, frame)
        return bg

    # -- the view changed ---------------------------------------------------------------------------
    def refresh(self) -> None:
        self.drag_routes = None
        self.hover_route = self.hover_town = None
        board_pieces.build(self)
        self.compose()

    def glowing_routes(self) -> set:
        """Roads that glow now: for the picked or dragged counter, else for any of yours; when
        moving, the roads out of your town."""
        legal, selected = self.scene.legal, self.scene.selected
        if legal.move:
            return set(legal.move)
        if selected:
            return legal.routes_for(selected)
        if self.drag_routes is not None:
            return set(self.drag_routes)
        return legal.any_place()

    def live(self) -> list:
        """Pieces in motion: drawn every frame, not into the composed board."""
        tweens = self.scene.tweens
        return [p for p in self.pieces.sprites() if tweens.moving(p)]

    def compose(self) -> None:
        """Map + roads' glows + counters + obstacles + markers + boots, into the layer's board rect."""
        if self._surf is None or not self.view:
            return
        bv, v, px, scene = self.bv, self.view, self.px, self.scene
        vr = bv.rect
        surf = self._surf
        ox, oy = bv.ox, bv.oy
        view_rect = surf.get_rect()
        deadline = time.process_time() + TILE_BUDGET
        drawn, exact = bv.draw_map(surf, pygame.Rect(max(0, round(ox)), max(0, round(oy)), vr.w, vr.h),
                                   (max(0, -round(ox)), max(0, -round(oy))), deadline)
        if exact and bv.keep_preview():
            self._ahead = True   # the preview is made at idle frames
        for sea in _around(view_rect, drawn):  # the sea shows where the map is smaller than the view
            surf.fill(SEA, sea)
        live = self.live()
        self._live = tuple(live)
        # Resting glows: roads the viewer may use now.
        glow = self.glowing_routes()
        if glow:
            self._paint_glow(surf, glow, view_rect)
            # The glow passes under the names: put the name plates and town plaques back on top.
            shift = (-round(ox), -round(oy))
            for tid, lab in bv.labels.items():
                t = bv.board.towns[tid]
                rad = bv.town_radius(t.capital) + 3
                for area in (lab.rect, pygame.Rect(t.x * bv.scale - rad, t.y * bv.scale - rad, 2 * rad, 2 * rad + 2)):
                    dest = area.move(shift)
                    if dest.colliderect(view_rect):
                        exact &= bv.draw_map(surf, area, dest.topleft, deadline)[1]
        by_kind: dict[str, list] = {"counter": [], "obstacle": [], "town": [], "boot": []}
        for p in self.pieces.sprites():
            if p not in live:
                by_kind[p.kind].append(p)
        # Counters and obstacles at the roads' middles.
        for p in by_kind["counter"]:
            rr = p.rect.move(-vr.x, -vr.y)
            if rr.colliderect(view_rect):
                surf.blit(p.image, rr)
        for p in by_kind["obstacle"]:
            surf.blit(p.image, p.rect.move(-vr.x, -vr.y))
        self._paint_markers(surf, view_rect)
        # Towns the viewer can reach: a golden ring.
        for p in by_kind["town"]:
            if p.glowing:
                t = bv.board.towns[p.what]
                cx, cy = bv.local(t.x, t.y)
                g = art.ring_glow(bv.town_radius(t.capital) + px(3), theme.GOLD_LIGHT, px(8))
                surf.blit(g, g.get_rect(center=(round(cx), round(cy))))
        # Boots, side by side on their towns.
        for p in by_kind["boot"]:
            surf.blit(p.image, p.rect.move(-vr.x, -vr.y))
        if scene.viewer is not None and v["phase"] == "move" and scene.can_act():
            # the viewer's own boot: a thin gold ring under it says where you stand
            here = bv.board.towns[v["players"][scene.viewer]["boot"]]
            cx, cy = bv.local(here.x, here.y)
            pygame.draw.circle(surf, theme.GOLD, (round(cx), round(cy)), bv.town_radius(here.capital) + px(3),
                               max(2, px(3)))
        self._composed = True
        self._inexact = not exact
        scene.dirty = True

    def _paint_glow(self, surf: pygame.Surface, glow: set, view_rect: pygame.Rect) -> None:
        """The glowing roads, through a see-through layer a band of GLOW_BAND rows at a time, only as
        wide as the roads reach (a whole view's layer was 8 MB at 2560x1440, made at every compose)."""
        bv, px, scene = self.bv, self.px, self.scene
        strong = bool(scene.selected or self.drag_routes is not None or scene.legal.move)
        widths = [((255, 226, 120, 120), max(6, px(13))), ((255, 244, 180, 235), max(3, px(5)))] if strong \
            else [((255, 236, 150, 120), max(3, px(5)))]   # nothing picked yet: a faint hint
        pad = max(w for _, w in widths)
        roads = []
        for r in glow:
            pts = bv.local_points(r)
            xs, ys = [x for x, _ in pts], [y for _, y in pts]
            roads.append((pts, pygame.Rect(math.floor(min(xs)) - pad, math.floor(min(ys)) - pad,
                                           math.ceil(max(xs) - min(xs)) + 2 * pad + 2,
                                           math.ceil(max(ys) - min(ys)) + 2 * pad + 2)))
        box = roads[0][1].unionall([b for _, b in roads]).clip(view_rect)
        if not box.w or not box.h:
            return
        over = pygame.Surface((box.w, min(GLOW_BAND, box.h)), pygame.SRCALPHA)
        for y in range(box.y, box.bottom, GLOW_BAND):
            band = pygame.Rect(box.x, y, box.w, min(GLOW_BAND, box.bottom - y))
            over.fill((0, 0, 0, 0))
            pen = Pen(over, band.x, band.y)   # a road across two bands is the same line in both
            for pts, reach in roads:
                if reach.colliderect(band):
                    for colour, width in widths:
                        pen.lines(colour, pts, width)
            surf.blit(over, band, pygame.Rect((0, 0), band.size))

    def _paint_markers(self, surf: pygame.Surface, view_rect: pygame.Rect) -> None:
        """Town markers still on each town (dots in the seats' colours around the plaque, each seat in
        its own place, with a light rim and a dark line that stand out on any ground), and the
        viewer's secret destination (variant) as a small flag (every player's, all hidden cards shown)."""
        bv, v, px = self.bv, self.view, self.px
        n = v["n_players"]
        dot, _ = bv.marker_dots(n)
        near = view_rect.inflate(px(60), px(60))
        for town, seats in v["town_markers"].items():
            t = bv.board.towns[town]
            if not near.collidepoint(*bv.local(t.x, t.y)):
                continue
            for s, p in bv.marker_spots(town, seats, n):
                pygame.draw.circle(surf, MARKER_RIM_COLOUR, p, dot + 2)
                pygame.draw.circle(surf, MARKER_LINE_COLOUR, p, dot + 1)
                pygame.draw.circle(surf, theme.seat_colour(s), p, dot)
        # A replay showing every hidden card flags each player's destination in their colour.
        flags = [(v["destination"], theme.VERMILION)] if v.get("destination") else []
        flags += [(p["destination"], theme.seat_colour(p["seat"])) for p in v["players"] if p.get("destination")]
        for town, colour in flags:
            t = bv.board.towns[town]
            cx, cy = bv.local(t.x, t.y)
            rad = bv.town_radius(t.capital)
            pole = (cx + rad * 0.9, cy)
            pygame.draw.line(surf, theme.INK, pole, (pole[0], pole[1] - px(26)), max(2, px(2)))
            pygame.draw.polygon(surf, colour, [(pole[0], pole[1] - px(26)), (pole[0] + px(16), pole[1] - px(20)),
                                               (pole[0], pole[1] - px(14))])

    # -- the keyboard's focus (keys.py) -------------------------------------------------------------
    @property
    def buttons(self) -> CachedGroup:
        """The panel's buttons, as the keyboard's focus finds them: the zoom buttons."""
        return self.zoom_buttons

    def key_targets(self) -> list[tuple]:
        return keys.map_targets(self)

    def key_show(self, rect: pygame.Rect) -> None:
        keys.show(self, rect)

    def key_mark(self, surface: pygame.Surface, kind: str, name) -> None:
        keys.mark(self, surface, kind, name)

    # -- zoom and pan --------------------------------------------------------------------------------
    def zoom(self, delta: int, anchor=None) -> None:
        index = 0 if delta == -99 else self.bv.zoom_i + delta
        if self.bv.zoom_to(index, anchor):
            self.scene.chooser.close()
            board_pieces.sync(self)
            self.compose()

    def pan(self, dx: float, dy: float) -> None:
        if self.bv.pan(dx, dy):
            board_pieces.sync(self, faces=False)
            self.compose()

    # -- a counter dragged from your counters -----------------------------------------------------
    def drag_hint(self, routes: Optional[set], pos: Optional[tuple[int, int]] = None) -> None:
        """A counter is dragged (its roads glow strongly, the one under it is marked), or no more."""
        if routes != self.drag_routes:
            self.drag_routes = None if routes is None else set(routes)
            self.compose()
        self.hover_route = self.drop_route(pos, routes) if routes is not None and pos is not None else None
        self.scene.dirty = True

    def drop_route(self, pos: tuple[int, int], routes: set) -> Optional[int]:
        """The road a counter dropped here goes on (one of `routes`), if any."""
        return self.bv.route_at(pos, routes, self.px(24))

    # -- time and drawing ---------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        live = self.live()
        busy, self._composed = self._composed, False   # this frame composed already (a zoom, a pan)
        if tuple(live) != self._live or (self._inexact and not busy):
            self.compose()  # a piece started or stopped moving, or map tiles are still to paint
            self._composed = False
            return True
        if not live and self._ahead and not busy:  # an idle frame: work on other levels' layouts
            self._ahead = self.bv.work_ahead(AHEAD_BUDGET)
        return bool(live)

    def draw(self, surface: pygame.Surface) -> None:
        if self.layer is None:
            return
        surface.blit(self.layer, (0, 0))
        px, bv = self.px, self.bv
        clip = surface.get_clip()
        surface.set_clip(bv.rect)
        if self.hover_route is not None:
            pygame.draw.lines(surface, theme.WHITE, False, bv.screen_points(self.hover_route), max(3, px(6)))
            counter = self.pieces.by_key(("counter", self.hover_route))
            if counter is not None:
                surface.blit(counter.image, counter.draw_rect())
        if self.hover_town is not None:
            t = bv.board.towns[self.hover_town]
            g = art.ring_glow(bv.town_radius(t.capital) + px(5), theme.WHITE, px(10))
            surface.blit(g, g.get_rect(center=tuple(round(c) for c in bv.to_screen(t.x, t.y))))
        for p in self.live():
            surface.blit(p.image, p.draw_rect())
        surface.set_clip(clip)
        self.zoom_buttons.draw(surface, self.fonts)

    def piece_at(self, pos: tuple[int, int]):
        """What a resting mouse's note is about: the piece under it, else the road a click would use
        now (marked white), whose note names it (the table's one tooltip, as every piece's)."""
        piece = super().piece_at(pos)
        if piece is None and self.hover_route is not None and self.bv.rect.collidepoint(pos):
            return Note(route_name(self.hover_route, self.t))
        return piece

    # -- input -----------------------------------------------------------------------------------------------
    def holding_mouse(self) -> bool:
        return self.press is not None

    def mouse_left(self) -> bool:
        changed = self.hover_route is not None or self.hover_town is not None
        if self.drag_routes is None:
            self.hover_route = self.hover_town = None
        return self.zoom_buttons.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(-1, -1), rel=(0, 0),
                                                           buttons=(0, 0, 0))) or changed

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        if self.press is None and self.zoom_buttons.handle(event):
            return USED
        et = event.type
        if et == pygame.MOUSEBUTTONDOWN:
            if not self.bv.rect.collidepoint(event.pos):
                return None
            if event.button == 1:
                self.press, self.panning = ("board", event.pos), False
            elif event.button in (2, 3):
                self.press, self.panning = ("pan", event.pos), True
            return USED
        if et == pygame.MOUSEMOTION:
            if self.press is not None:
                start = self.press[1]
                far = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > DRAG_START
                if far or self.panning:
                    self.panning = True
                    self.pan(*event.rel)
                return USED
            return USED if self._hover(event.pos) else None
        if et == pygame.MOUSEBUTTONUP:
            press, self.press = self.press, None
            if press is None:
                return None
            if event.button == 1 and press[0] == "board" and not self.panning:
                self.panning = False
                return self.click(event.pos)
            self.panning = False
            return USED
        if et == pygame.MOUSEWHEEL:
            mouse = pygame.mouse.get_pos()
            if self.bv.rect.collidepoint(mouse):
                self.zoom(1 if event.y > 0 else -1, mouse)
                return USED
            return None
        if et == pygame.KEYDOWN:
            step = self.px(60)
            keys = {pygame.K_LEFT: (step, 0), pygame.K_RIGHT: (-step, 0), pygame.K_UP: (0, step),
                    pygame.K_DOWN: (0, -step)}
            if event.key in keys:
                self.pan(*keys[event.key])
                return USED
            if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.zoom(1)
                return USED
            if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.zoom(-1)
                return USED
        return None

    def _hover(self, pos: tuple[int, int]) -> bool:
        """Mark the road or town a click would use now; True if that changed."""
        hr = ht = None
        legal = self.scene.legal
        if self.bv.rect.collidepoint(pos):
            if legal.reach:
                ht = self.bv.town_at(pos, legal.reach)
                if ht is None:
                    hr = self.bv.route_at(pos, legal.move)
            else:
                hr = self.bv.route_at(pos, self.glowing_routes())
        if (hr, ht) == (self.hover_route, self.hover_town):
            return False
        self.hover_route, self.hover_town = hr, ht
        return True

    def click(self, pos: tuple[int, int]) -> Intent:
        """What a click on the map means now: one action, a choice to make, or a notice."""
        scene, bv, t = self.scene, self.bv, self.t
        legal, phase, mine = scene.legal, self.view["phase"], scene.can_act()
        if mine and phase == "plan":
            if scene.selected:
                route = bv.route_at(pos, legal.routes_for(scene.selected), self.px(16))
                if route is not None:
                    return Intent(action=place_action(scene.selected, route))
            else:
                route = bv.route_at(pos, self.glowing_routes(), self.px(14))
                if route is not None:
                    pieces = legal.pieces_for(route)
                    if len(pieces) == 1:
                        return Intent(action=place_action(pieces[0], route))
                    return Intent(call=lambda: scene.chooser.offer_pieces(route, pieces, pos))
        if mine and phase == "move":
            town = bv.town_at(pos, legal.reach)
            routes = legal.reach.get(town, []) if town else []
            if not routes:
                r = bv.route_at(pos, legal.move)
                routes = [r] if r is not None else []
            if routes:
                acts = legal.payments(routes)
                if len(acts) == 1:
                    return Intent(action=acts[0])
                return Intent(call=lambda: scene.chooser.offer_payments(routes, acts, pos))
        if bv.town_at(pos) is not None or bv.route_at(pos) is not None:
            if not mine:
                return Intent(notice=scene.not_yours())
            if phase == "plan" and not scene.selected and legal.place:
                return Intent(notice=t("elf.ui.notice.pick_counter"))
            return Intent(notice=t("error.illegal"))
        return USED


def _around(outer: pygame.Rect, inner: pygame.Rect) -> list[pygame.Rect]:
    """The parts of `outer` that `inner` (inside it) leaves uncovered: up to four bands."""
    if not inner.w or not inner.h:
        return [outer]
    bands = [pygame.Rect(outer.x, outer.y, outer.w, inner.y - outer.y),
             pygame.Rect(outer.x, inner.bottom, outer.w, outer.bottom - inner.bottom),
             pygame.Rect(outer.x, inner.y, inner.x - outer.x, inner.h),
             pygame.Rect(inner.right, inner.y, outer.right - inner.right, inner.h)]
    return [b for b in bands if b.w > 0 and b.h > 0]


def place_action(piece: tuple, route: int) -> tuple:
    """("counter", kind) or ("obstacle",) on a road, as the engine's action."""
    return ("obstacle", route) if piece[0] == "obstacle" else ("place", route, piece[1])

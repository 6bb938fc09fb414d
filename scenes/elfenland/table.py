"""The Elfenland table: the board (zoom, pan), the supply, your counters and cards, players and log.

It draws only `self.view` (the viewing seat's view) and what
`legal_actions(viewer)` offers; clicks and drops become actions the engine
checks. The window is painted once per view change into `self.layer`; the
board part of it is recomposed when the zoom or the pan changes; a frame is
that blit plus the hovered glow, a dragged counter and moving pieces.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Any, Optional

import pygame

from game.elfenland.describe import cards_text, describe, route_name, terrain_name, town_name, transport_name
from game.elfenland.rules import data as elf_data

from ..match_scene import MatchScene
from ..ui import draw, theme
from ..ui.cached_group import CachedGroup
from ..ui.chooser import Chooser, Choice
from ..ui.log_panel import LogPanel
from ..ui.textfit import fit_text
from ..ui.widgets import Button
from . import sprites as art
from .board_view import BoardView, SEA

COUNTERS = ("pig", "elfcycle", "cloud", "unicorn", "troll", "dragon")
CARDS = COUNTERS + ("raft",)
MOVE_FACTOR = 0.9     # a boot walks its road for this share of the bot delay
PLACE_FACTOR = 0.6    # a counter flies to its road for this share
DRAG_START = 6        # pixels the mouse must move before a press becomes a drag


@dataclass
class Target:
    """A clickable thing in a panel: a face-up counter, the pile, one of your counters, a card kind."""
    rect: pygame.Rect
    kind: str             # "take" | "pile" | "mine" | "obstacle" | "card"
    value: Any = None     # slot / (kind, where) / card kind
    live: bool = False    # glowing: it does something now


class ElfenlandTableScene(MatchScene):
    describe = staticmethod(describe)
    def __init__(self, app, match) -> None:
        self.geom_ready = False
        self.layer: Optional[pygame.Surface] = None
        self.background: Optional[pygame.Surface] = None
        self.bg_size = (0, 0)
        self.bv = BoardView(app)
        self.log = LogPanel(app.fonts)
        self.buttons = CachedGroup()
        self.zoom_buttons = CachedGroup()
        self.targets: list[Target] = []
        self.hover_target: Optional[int] = None
        self.hover_route: Optional[int] = None
        self.hover_town: Optional[str] = None
        self.selected: Optional[tuple] = None      # ("counter", kind) or ("obstacle",)
        self.press: Optional[tuple] = None         # what the left button went down on
        self.drag: Optional[tuple] = None          # the piece being dragged and where
        self.panning = False
        self.chooser: Optional[Chooser] = None
        self.show_table = False
        self.table_pic: Optional[pygame.Surface] = None
        self.anims: list[art.PathSprite] = []
        self.legal: list = []
        self._reset_legal()
        super().__init__(app, match)

    # -- helpers ---------------------------------------------------------------------
    def anim_time(self, factor: float) -> float:
        delay = self.app.settings.bot_delay
        return 0.0 if delay <= 0 else max(0.25, delay * factor)

    def _reset_legal(self) -> None:
        self.legal_take: set = set()
        self.legal_pile = False
        self.legal_place: dict[str, set] = {}
        self.legal_obstacle: set = set()
        self.legal_pass = False
        self.legal_move: dict[int, list] = {}
        self.reach: dict[str, list[int]] = {}
        self.legal_end = False
        self.legal_discard: set = set()
        self.legal_keep: set = set()
        self.legal_keep_none = False

    def _read_legal(self) -> None:
        """What the viewer may do now, from legal_actions only (it is what glows)."""
        self._reset_legal()
        self.legal = list(self.match.state.legal_actions(self.viewer)) if self.can_act() else []
        v = self.view
        here = v["players"][self.viewer]["boot"] if self.viewer is not None else None
        for a in self.legal:
            k = a[0]
            if k == "take":
                self.legal_take.add(a[1])
            elif k == "take_pile":
                self.legal_pile = True
            elif k == "place":
                self.legal_place.setdefault(a[2], set()).add(a[1])
            elif k == "obstacle":
                self.legal_obstacle.add(a[1])
            elif k == "pass":
                self.legal_pass = True
            elif k == "move":
                self.legal_move.setdefault(a[1], []).append(a)
            elif k == "end_move":
                self.legal_end = True
            elif k == "discard":
                self.legal_discard.add(a[1])
            elif k == "keep":
                self.legal_keep.add((a[1], a[2]))
            elif k == "keep_none":
                self.legal_keep_none = True
        for r, acts in self.legal_move.items():
            acts.sort(key=lambda a: (len(a[2]), len(set(a[2])), a[2]))
            route = self.bv.board.route(r)
            self.reach.setdefault(route.other(here), []).append(r)
        if self.selected and not self._selected_routes():
            self.selected = None

    def _selected_routes(self) -> set:
        if not self.selected:
            return set()
        if self.selected[0] == "obstacle":
            return set(self.legal_obstacle)
        return set(self.legal_place.get(self.selected[1], set()))

    def glowing_routes(self) -> set:
        """Roads that glow now: for the picked counter, else for any of yours; in the move phase, exits."""
        if self.legal_move:
            return set(self.legal_move)
        if self.selected:
            return self._selected_routes()
        if self.drag:
            return self._piece_routes(self.drag[0])
        out: set = set()
        for routes in self.legal_place.values():
            out |= routes
        return out | self.legal_obstacle

    def _piece_routes(self, piece: tuple) -> set:
        if piece[0] == "obstacle":
            return set(self.legal_obstacle)
        return set(self.legal_place.get(piece[1], set()))

    # -- geometry --------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        px, t = self.app.px, self.app.t
        self.W, self.H = w, h
        m = self.m = px(8)
        self.top = pygame.Rect(0, 0, w, px(58))
        colw = px(300)
        self.col = pygame.Rect(w - colw - m, self.top.bottom + m, colw, h - self.top.bottom - 2 * m)
        bottom_h = px(86)
        self.strip = pygame.Rect(m, h - m - bottom_h, self.col.x - 2 * m, bottom_h)
        self.board_rect = pygame.Rect(m, self.top.bottom + m, self.strip.w, self.strip.y - self.top.bottom - 2 * m)
        self.bv.set_rect(self.board_rect.inflate(-px(6), -px(6)))
        if self.bg_size != (w, h):
            self.background = self._paint_background(w, h)
            self.bg_size = (w, h)
        bh = px(38)
        bw = px(100)
        y = self.top.centery - bh // 2
        self.btn_menu = Button(lambda: t("table.menu"), self.ask_menu, (w - m - bw, y, bw, bh), size=px(17))
        self.btn_rules = Button(lambda: t("table.rules"), self.open_rules, (w - 2 * m - 2 * bw, y, bw, bh),
                                size=px(17), hotkey=pygame.K_F1)
        tw = px(132)
        self.btn_table = Button(lambda: t("elf.ui.transport_table"), self.toggle_table,
                                (w - 3 * m - 2 * bw - tw, y, tw, bh), size=px(16), hotkey=pygame.K_t)
        by = self.col.bottom - px(42)
        half = (self.col.w - m) // 2
        self.btn_undo = Button(lambda: t("table.undo"), self.undo, (self.col.x, by, half, px(42)), size=px(17))
        self.btn_phase = Button(self._phase_label, self.phase_button, (self.col.x + half + m, by, half, px(42)),
                                style="primary", size=px(17), hotkey=pygame.K_RETURN)
        self.buttons = CachedGroup([self.btn_table, self.btn_rules, self.btn_menu, self.btn_undo, self.btn_phase])
        zb = px(34)
        br = self.bv.rect
        self.btn_zin = Button("+", lambda: self.zoom(1), (br.right - zb - px(6), br.y + px(6), zb, zb), size=px(22))
        self.btn_zout = Button("−", lambda: self.zoom(-1), (br.right - zb - px(6), br.y + px(10) + zb, zb, zb),
                               size=px(22))
        self.btn_zfit = Button(lambda: t("elf.ui.fit"), lambda: self.zoom(-99),
                               (br.right - zb - px(6), br.y + px(14) + 2 * zb, zb, zb), size=px(13))
        self.zoom_buttons = CachedGroup([self.btn_zin, self.btn_zout, self.btn_zfit])
        n = len(self.match.seats)
        self.players_rect = pygame.Rect(self.col.x, self.col.y, self.col.w, px(34) + n * px(47))
        log_top = self.players_rect.bottom + m
        self.log.set_rect(pygame.Rect(self.col.x, log_top, self.col.w, by - m - log_top), size=px(14),
                          title=t("log.title"), empty=t("log.empty"), backdrop=self.background)
        self.table_pic = None
        self.chooser = None
        self.geom_ready = True
        self.on_view()

    def _paint_background(self, w: int, h: int) -> pygame.Surface:
        px = self.app.px
        bg = draw.table_background((w, h))
        pygame.draw.rect(bg, theme.WOOD_DARK, self.top)
        pygame.draw.line(bg, theme.GOLD, (0, self.top.bottom - 2), (w, self.top.bottom - 2), 2)
        frame = self.board_rect
        pygame.draw.rect(bg, theme.WOOD_DARK, frame.inflate(px(4), px(4)), border_radius=px(6))
        pygame.draw.rect(bg, theme.GOLD, frame.inflate(px(4), px(4)), 2, border_radius=px(6))
        pygame.draw.rect(bg, SEA, frame)
        return bg

    # -- the view changed --------------------------------------------------------------
    def on_view(self) -> None:
        if not self.geom_ready or not self.view:
            return
        if getattr(self, "_seen_viewer", self.viewer) != self.viewer:
            self.selected = self.drag = None  # another player took the screen: nothing of the last one's
        self._seen_viewer = self.viewer
        self._read_legal()
        self.chooser = None
        self.log.set_lines(self.log_lines())
        self.btn_undo.enabled = self.can_undo()
        self.btn_undo.visible = bool(self.match.humans)
        self.btn_phase.visible = self.legal_pass or self.legal_end or self.legal_keep_none
        self._build_layer()
        self.dirty = True

    def on_events(self, events: list[dict]) -> None:
        """Animate what just happened: a boot walking its road, a counter flying to its road."""
        for e in events:
            if e["type"] == "move":
                d = self.anim_time(MOVE_FACTOR)
                if d <= 0:
                    continue
                route = self.bv.board.route(e["route"])
                pts = list(route.points)
                if route.a != e["from"]:
                    pts.reverse()
                img = art.boot(e["seat"], self.bv.boot_size(), self.app.fonts)
                self.anims.append(art.PathSprite(img, pts, d, anchor="midbottom", key=("boot", e["seat"])))
            elif e["type"] in ("place", "obstacle"):
                d = self.anim_time(PLACE_FACTOR)
                if d <= 0:
                    continue
                r = e["route"]
                if e["type"] == "place":
                    img = art.counter_tile(e["counter"], self.bv.counter_size())
                    end = self.bv.counter_at(r)
                else:
                    img = art.obstacle_tile(int(self.bv.counter_size() * 0.9))
                    end = self.bv.obstacle_at(r)
                start = self.bv.to_map(*self.player_row(e["seat"]).center)
                self.anims.append(art.PathSprite(img, [start, end], d, key=(e["type"], r)))

    def player_row(self, seat: int) -> pygame.Rect:
        px = self.app.px
        return pygame.Rect(self.players_rect.x + px(6), self.players_rect.y + px(30) + seat * px(47),
                           self.players_rect.w - px(12), px(45))

    # -- the static layer -----------------------------------------------------------------
    def _build_layer(self) -> None:
        layer = self.background.copy()
        self._paint_top(layer)
        self._paint_players(layer)
        self._paint_strip(layer)
        self.layer = layer
        self._compose_board()

    def _compose_board(self) -> None:
        """Map + roads' glows + counters + obstacles + markers + boots, into the layer's board rect."""
        if self.layer is None:
            return
        bv, v, px = self.bv, self.view, self.app.px
        vr = bv.rect
        surf = pygame.Surface(vr.size)
        surf.fill(SEA)
        static = bv.static()
        ox, oy = bv.ox, bv.oy
        surf.blit(static, (max(0, -round(ox)), max(0, -round(oy))),
                  pygame.Rect(max(0, round(ox)), max(0, round(oy)), vr.w, vr.h))
        view_rect = surf.get_rect()
        flying = {a.key for a in self.anims}
        # Resting glows: roads the viewer may use now.
        glow = self.glowing_routes()
        if glow:
            strong = bool(self.selected or self.drag or self.legal_move)
            over = pygame.Surface(vr.size, pygame.SRCALPHA)
            for r in glow:
                pts = bv.local_points(r)
                if strong:
                    pygame.draw.lines(over, (255, 226, 120, 120), False, pts, max(6, px(13)))
                    pygame.draw.lines(over, (255, 244, 180, 235), False, pts, max(3, px(5)))
                else:  # nothing picked yet: a faint hint of where your counters could go
                    pygame.draw.lines(over, (255, 236, 150, 120), False, pts, max(3, px(5)))
            surf.blit(over, (0, 0))
            # The glow passes under the names: put the name plates and town plaques back on top.
            shift = (-round(ox), -round(oy))
            for tid, lab in bv.labels.items():
                t = bv.board.towns[tid]
                rad = bv.town_radius(t.capital) + 3
                for area in (lab.rect, pygame.Rect(t.x * bv.scale - rad, t.y * bv.scale - rad, 2 * rad, 2 * rad + 2)):
                    dest = area.move(shift)
                    if dest.colliderect(view_rect):
                        surf.blit(static, dest, area)
        # Counters and obstacles at the roads' middles.
        cs = bv.counter_size()
        for rid, kind in v["counters"].items():
            r = int(rid)
            if ("place", r) in flying:
                continue
            x, y = bv.local(*bv.counter_at(r))
            img = art.counter_tile(kind, cs)
            rr = img.get_rect(center=(round(x), round(y)))
            if rr.colliderect(view_rect):
                surf.blit(img, rr)
        for rid, seat in v["obstacles"].items():
            r = int(rid)
            if ("obstacle", r) in flying:
                continue
            x, y = bv.local(*bv.obstacle_at(r))
            img = art.obstacle_tile(int(cs * 0.9))
            surf.blit(img, img.get_rect(center=(round(x), round(y))))
        # Town markers still on each town: small dots in the seats' colours around the plaque.
        n = self.n
        dot = max(3, px(4))
        for town, seats in v["town_markers"].items():
            t = bv.board.towns[town]
            cx, cy = bv.local(t.x, t.y)
            if not view_rect.inflate(px(60), px(60)).collidepoint(cx, cy):
                continue
            ring = bv.town_radius(t.capital) + dot + 1
            for s in seats:
                ang = -math.pi * 0.3 + (1.6 * math.pi) * (s + 0.5) / n  # around the plaque, the top left to the boots
                p = (cx + ring * math.cos(ang), cy + ring * math.sin(ang))
                pygame.draw.circle(surf, (24, 16, 10), p, dot + 1)
                pygame.draw.circle(surf, theme.seat_colour(s), p, dot)
        # The viewer's destination (variant): a small flag.
        if v.get("destination"):
            t = bv.board.towns[v["destination"]]
            cx, cy = bv.local(t.x, t.y)
            rad = bv.town_radius(t.capital)
            pole = (cx + rad * 0.9, cy)
            pygame.draw.line(surf, theme.INK, pole, (pole[0], pole[1] - px(26)), max(2, px(2)))
            pygame.draw.polygon(surf, theme.VERMILION, [(pole[0], pole[1] - px(26)), (pole[0] + px(16), pole[1] - px(20)),
                                                        (pole[0], pole[1] - px(14))])
        # Towns the viewer can reach: a golden ring.
        for town in self.reach:
            t = bv.board.towns[town]
            cx, cy = bv.local(t.x, t.y)
            g = art.ring_glow(bv.town_radius(t.capital) + px(3), theme.GOLD_LIGHT, px(8))
            surf.blit(g, g.get_rect(center=(round(cx), round(cy))))
        # Boots, side by side on their towns.
        by_town: dict[str, list[int]] = {}
        for p in v["players"]:
            if ("boot", p["seat"]) not in flying:
                by_town.setdefault(p["boot"], []).append(p["seat"])
        bs = bv.boot_size()
        for town, seats in by_town.items():
            for i, s in enumerate(seats):
                x, y = bv.local(*bv.boot_anchor(town, i, len(seats)))
                img = art.boot(s, bs, self.app.fonts)
                surf.blit(img, img.get_rect(midbottom=(round(x), round(y))))
        if self.viewer is not None and self.view["phase"] == "move" and self.can_act():
            # the viewer's own boot: a thin gold ring under it says where you stand
            here = bv.board.towns[v["players"][self.viewer]["boot"]]
            cx, cy = bv.local(here.x, here.y)
            pygame.draw.circle(surf, theme.GOLD, (round(cx), round(cy)), bv.town_radius(here.capital) + px(3),
                               max(2, px(3)))
        self.layer.blit(surf, vr)
        self.dirty = True

    def _paint_top(self, layer: pygame.Surface) -> None:
        px, t, fonts, v = self.app.px, self.app.t, self.app.fonts, self.view
        x0 = self.m + px(6)
        name = fonts.text(t.name(self.match.spec.names), px(19), theme.GOLD_LIGHT, bold=True)
        layer.blit(name, (x0, px(5)))
        if v["phase"] == "over":
            info = t("elf.ui.over")
        else:
            info = t("elf.round", round=v["round"], rounds=v["rounds"]) + " · " + t("elf.phase." + v["phase"])
        it = fit_text(fonts, info, px(14), theme.PARCHMENT, px(300))
        layer.blit(it, (x0, px(33)))
        who, what = self.prompt()
        left = x0 + max(name.get_width(), it.get_width()) + px(24)
        right = self.btn_table.rect.x - px(14)
        mid = (left + right) // 2
        wt = fit_text(fonts, who, px(19), theme.WHITE, right - left, bold=True)
        layer.blit(wt, wt.get_rect(midtop=(mid, px(4))))
        pt = fit_text(fonts, what, px(15), theme.GOLD_LIGHT, right - left, bold=True)
        layer.blit(pt, pt.get_rect(midtop=(mid, px(32))))

    def prompt(self) -> tuple[str, str]:
        """(whose turn, what to do now): always on screen."""
        v, t = self.view, self.app.t
        phase = v["phase"]
        if phase == "over":
            return t("elf.ui.over"), t("elf.ui.prompt.over")
        if phase == "finish":
            who = t("elf.ui.turn.finish")
        else:
            who = t("elf.ui.turn.one", name=self.name(v["turn"])) if v["turn"] is not None else ""
        me = self.viewer
        if me is None:
            return who, t("elf.ui.prompt.watch")
        if self.can_act():
            p = v["players"][me]
            if phase == "draw":
                return who, t("elf.ui.prompt.draw", n=p["drawn"] + 1)
            if phase == "plan":
                if self.selected:
                    return who, t("elf.ui.prompt.plan_selected")
                if not self.legal_place and not self.legal_obstacle:
                    return who, t("elf.ui.prompt.plan_nothing")
                return who, t("elf.ui.prompt.plan")
            if phase == "move":
                if not self.reach:
                    return who, t("elf.ui.prompt.move_stuck")
                return who, t("elf.ui.prompt.move")
            if phase == "finish":
                parts = []
                if p["discard_left"]:
                    parts.append(t("elf.ui.prompt.discard", n=p["discard_left"]))
                if p["keep_pending"]:
                    parts.append(t("elf.ui.prompt.keep"))
                return who, " ".join(parts)
        waiting = [s for s in v["to_act"] if s != me]
        if phase == "finish" and me not in v["to_act"]:
            return who, t("elf.ui.prompt.finish_done", names=t("elf.list_sep").join(self.name(s) for s in waiting))
        if waiting:
            return who, t("elf.ui.prompt.waiting", name=t("elf.list_sep").join(self.name(s) for s in waiting))
        return who, ""

    def _phase_label(self) -> str:
        t = self.app.t
        if self.legal_pass:
            return t("elf.ui.pass")
        if self.legal_end:
            return t("elf.ui.end_move")
        if self.legal_keep_none:
            return t("elf.ui.keep_none")
        return ""

    def _paint_players(self, layer: pygame.Surface) -> None:
        px, t, fonts, v = self.app.px, self.app.t, self.app.fonts, self.view
        r = self.players_rect
        draw.panel(layer, r, radius=px(10), width=2, drop=False)
        head = fonts.text(t("elf.ui.players"), px(15), theme.VERMILION_DARK, bold=True)
        layer.blit(head, (r.x + px(10), r.y + px(6)))
        markers_total = 20
        for p in v["players"]:
            s = p["seat"]
            row = self.player_row(s)
            acting = s in v["to_act"]
            fill = (252, 240, 196) if acting else theme.WHITE
            pygame.draw.rect(layer, fill, row, border_radius=px(6))
            pygame.draw.rect(layer, theme.GOLD if acting else theme.PARCHMENT_DARK, row,
                             px(3) if acting else 1, border_radius=px(6))
            boot = art.boot(s, px(30), fonts)
            layer.blit(boot, boot.get_rect(midleft=(row.x + px(4), row.centery)))
            x = row.x + px(40)
            label = self.name(s)
            if s == self.viewer:
                label += t("elf.ui.you")
            kind = fonts.text(self.kind_label(s), px(12), theme.INK_SOFT)
            nm = fit_text(fonts, label, px(15), theme.INK, row.right - x - kind.get_width() - px(34), bold=True)
            layer.blit(nm, (x, row.y + px(2)))
            layer.blit(kind, (x + nm.get_width() + px(6), row.y + px(5)))
            if s == v["start_player"] and v["phase"] != "over":
                c = (row.right - px(14), row.y + px(13))
                draw.seal(layer, c, px(11))
                st = fit_text(fonts, t("elf.ui.start_short"), px(11), theme.WHITE, px(18), bold=True)
                layer.blit(st, st.get_rect(center=c))
            # Second line: markers, cards, face-up counters, secret ones, the obstacle.
            y = row.y + px(24)
            mk = fonts.text(t("elf.ui.markers_short", n=p["markers"], total=markers_total), px(13), theme.INK, bold=True)
            pygame.draw.circle(layer, theme.seat_colour(s), (x + px(5), y + px(9)), px(5))
            pygame.draw.circle(layer, theme.INK, (x + px(5), y + px(9)), px(5), 1)
            layer.blit(mk, (x + px(13), y))
            cx = x + px(13) + max(mk.get_width(), px(40)) + px(8)
            pygame.draw.rect(layer, (120, 96, 70), (cx, y + px(2), px(12), px(15)), border_radius=px(2))
            pygame.draw.rect(layer, (250, 244, 226), (cx + 1, y + px(2) + 1, px(12) - 2, px(15) - 2), border_radius=px(2))
            ct = fonts.text(str(p["cards"]), px(13), theme.INK, bold=True)
            layer.blit(ct, (cx + px(15), y))
            ix = cx + px(15) + ct.get_width() + px(8)
            mini = px(16)
            for k in p["counters"]:
                layer.blit(art.counter_tile(k, mini), (ix, y + px(1)))
                ix += mini + px(2)
            for _ in range(p["secret_counters"]):
                layer.blit(art.counter_back(mini), (ix, y + px(1)))
                ix += mini + px(2)
            if p["obstacle"]:
                layer.blit(art.obstacle_tile(mini), (ix + px(2), y + px(1)))
            if v["phase"] == "move" and p["moved"]:
                tick = fonts.text("✓", px(14), theme.JADE, bold=True)
                layer.blit(tick, tick.get_rect(topright=(row.right - px(6), row.y + px(24))))

    def _paint_strip(self, layer: pygame.Surface) -> None:
        """The supply (5 face-up counters and the pile), your counters, your travel cards."""
        px, t, fonts, v = self.app.px, self.app.t, self.app.fonts, self.view
        st = self.strip
        gap = px(8)
        me = self.viewer
        mine_up = v["players"][me]["counters"] if me is not None else []
        secret = v["secret_counters"] if me is not None else []
        has_obstacle = me is not None and v["players"][me]["obstacle"]
        hand = Counter(v["hand"])
        kinds = [k for k in CARDS if hand[k]]
        n_mine = max(3, len(mine_up) + len(secret) + (1 if has_obstacle else 0))
        n_cards = max(3, len(kinds))
        units = 6 + n_mine + n_cards
        pad = px(8)
        tile = min(px(44), (st.w - 2 * gap - 6 * pad - units * px(5)) // units, st.h - px(34))
        step = tile + px(5)
        widths = [2 * pad + 6 * step, 2 * pad + n_mine * step, 2 * pad + n_cards * step]
        spare = st.w - sum(widths) - 2 * gap
        widths[2] += max(0, spare)
        x = st.x
        self.targets = []
        titles = [t("elf.ui.supply", pile=v["pile"]),
                  t("elf.ui.your_counters") if me is not None else t("elf.ui.counters_hidden"),
                  t("elf.ui.your_cards", n=len(v["hand"])) if me is not None else t("elf.ui.cards_hidden")]
        rects = []
        for w, title in zip(widths, titles):
            r = pygame.Rect(x, st.y, w, st.h)
            draw.panel(layer, r, radius=px(8), width=2, drop=False)
            tt = fit_text(fonts, title, px(13), theme.VERMILION_DARK, w - 2 * pad, bold=True)
            layer.blit(tt, (r.x + pad, r.y + px(4)))
            rects.append(r)
            x += w + gap
        ty = st.y + px(24) + (st.h - px(24) - tile) // 2 - px(2)
        # Supply.
        r = rects[0]
        for i, kind in enumerate(v["face_up"]):
            tr = pygame.Rect(r.x + pad + i * step, ty, tile, tile)
            if kind:
                layer.blit(art.counter_tile(kind, tile), tr)
            else:
                pygame.draw.rect(layer, theme.PARCHMENT_DARK, tr, 2, border_radius=px(6))
            self.targets.append(Target(tr, "take", i, i in self.legal_take))
        tr = pygame.Rect(r.x + pad + 5 * step + px(4), ty, tile, tile)
        if v["pile"]:
            layer.blit(art.counter_back(tile), tr)
            ct = fonts.text(str(v["pile"]), px(12), theme.WHITE, bold=True)
            badge = pygame.Rect(0, 0, ct.get_width() + px(6), px(15))
            badge.bottomright = tr.bottomright
            pygame.draw.rect(layer, theme.INK, badge, border_radius=px(4))
            layer.blit(ct, ct.get_rect(center=badge.center))
        self.targets.append(Target(tr, "pile", None, self.legal_pile))
        # Your counters (secret ones carry an eye mark), then your obstacle.
        r = rects[1]
        i = 0
        if me is not None:
            pieces = [(k, "face_up") for k in mine_up] + [(k, "secret") for k in secret]
            for k, where in pieces:
                tr = pygame.Rect(r.x + pad + i * step, ty, tile, tile)
                layer.blit(art.counter_tile(k, tile, where == "secret"), tr)
                live = (k in self.legal_place) or ((k, where) in self.legal_keep)
                if self.selected == ("counter", k):
                    pygame.draw.rect(layer, theme.VERMILION, tr.inflate(px(6), px(6)), px(3), border_radius=px(8))
                self.targets.append(Target(tr, "mine", (k, where), live))
                i += 1
            if has_obstacle:
                tr = pygame.Rect(r.x + pad + i * step, ty, tile, tile)
                layer.blit(art.obstacle_tile(tile), tr)
                if self.selected == ("obstacle",):
                    pygame.draw.rect(layer, theme.VERMILION, tr.inflate(px(6), px(6)), px(3), border_radius=px(8))
                self.targets.append(Target(tr, "obstacle", None, bool(self.legal_obstacle)))
                i += 1
            if i == 0:
                nt = fonts.text(t("elf.ui.none"), px(13), theme.INK_SOFT)
                layer.blit(nt, (r.x + pad, ty + tile // 2 - nt.get_height() // 2))
        # Your travel cards, by kind with counts.
        r = rects[2]
        cw = int(tile * 0.8)
        for i, k in enumerate(kinds):
            img = art.travel_card(k, cw)
            tr = img.get_rect(topleft=(r.x + pad + i * step, st.y + px(22)))
            layer.blit(img, tr)
            cnt = fonts.text(f"×{hand[k]}", px(13), theme.WHITE, bold=True)
            badge = pygame.Rect(0, 0, cnt.get_width() + px(6), px(16))
            badge.bottomright = (tr.right + px(3), tr.bottom + px(2))
            pygame.draw.rect(layer, theme.INK, badge, border_radius=px(5))
            layer.blit(cnt, cnt.get_rect(center=badge.center))
            self.targets.append(Target(tr, "card", k, k in self.legal_discard))
        if me is not None and not kinds:
            nt = fonts.text(t("elf.ui.none"), px(13), theme.INK_SOFT)
            layer.blit(nt, (r.x + pad, ty + tile // 2 - nt.get_height() // 2))
        if me is not None and v.get("destination"):
            dt = fit_text(fonts, t("elf.ui.destination", town=town_name(v["destination"], t)), px(12),
                          theme.VERMILION_DARK, r.w - 2 * pad, bold=True)
            layer.blit(dt, dt.get_rect(topright=(r.right - pad, r.y + px(4))))
        for tg in self.targets:
            if tg.live:
                g = art.rect_glow(tg.rect.w, tg.rect.h, theme.GOLD, px(6))
                layer.blit(g, (tg.rect.x - px(6), tg.rect.y - px(6)))

    # -- input ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event):
        if self.chooser is not None:
            if self.chooser.handle(event):
                self.dirty = True
                return None
        if self.log.handle(event):
            self.dirty = True
            return None
        if self.buttons.handle(event) or self.zoom_buttons.handle(event):
            self.dirty = True
            return None
        et = event.type
        if et == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                self._press(event.pos)
            elif event.button in (2, 3) and self.bv.rect.collidepoint(event.pos):
                self.press = ("pan", event.pos)
                self.panning = True
            return None
        if et == pygame.MOUSEMOTION:
            self._motion(event)
            return None
        if et == pygame.MOUSEBUTTONUP:
            self._release(event)
            return None
        if et == pygame.MOUSEWHEEL:
            mouse = pygame.mouse.get_pos()
            if self.bv.rect.collidepoint(mouse):
                self.zoom(1 if event.y > 0 else -1, mouse)
            return None
        if et == pygame.KEYDOWN:
            step = self.app.px(60)
            keys = {pygame.K_LEFT: (step, 0), pygame.K_RIGHT: (-step, 0), pygame.K_UP: (0, step),
                    pygame.K_DOWN: (0, -step)}
            if event.key in keys:
                if self.bv.pan(*keys[event.key]):
                    self._compose_board()
            elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.zoom(1)
            elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.zoom(-1)
            elif event.key == pygame.K_ESCAPE:
                if self.selected or self.show_table:
                    self.selected = None
                    self.show_table = False
                    self._build_layer()
                else:
                    self.ask_menu()
            else:
                return super().handle(event)
            return None
        return super().handle(event)

    def zoom(self, delta: int, anchor=None) -> None:
        index = 0 if delta == -99 else self.bv.zoom_i + delta
        if self.bv.zoom_to(index, anchor):
            self.chooser = None
            self._compose_board()

    def _target_at(self, pos) -> Optional[int]:
        return next((i for i, tg in enumerate(self.targets) if tg.rect.collidepoint(pos)), None)

    def _press(self, pos) -> None:
        i = self._target_at(pos)
        if i is not None:
            tg = self.targets[i]
            if tg.kind in ("mine", "obstacle") and self.view["phase"] == "plan":
                piece = ("obstacle",) if tg.kind == "obstacle" else ("counter", tg.value[0])
                self.press = ("piece", pos, piece, i)
                return
            self.click_target(tg)
            return
        if self.bv.rect.collidepoint(pos):
            self.press = ("board", pos)
            self.panning = False
            return
        self.press = None

    def _motion(self, event) -> None:
        pos = event.pos
        if self.press is not None:
            kind = self.press[0]
            start = self.press[1]
            far = abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG_START
            if kind == "piece" and (far or self.drag):
                started = self.drag is None
                self.drag = (self.press[2], pos)
                if started:
                    self._compose_board()  # the roads for this counter glow strongly while it is dragged
                self.hover_route = self.bv.route_at(pos, self._piece_routes(self.press[2]), self.app.px(24))
                if self.selected is not None and self.selected != self.press[2]:
                    self.selected = None
                self.dirty = True
                return
            if kind in ("board", "pan") and (far or self.panning):
                self.panning = True
                if self.bv.pan(*event.rel):
                    self.chooser = None
                    self._compose_board()
                return
        self._hover(pos)

    def _hover(self, pos) -> None:
        ht = self._target_at(pos)
        ht = ht if ht is not None and self.targets[ht].live else None
        hr = ht_town = None
        if ht is None and self.bv.rect.collidepoint(pos):
            if self.reach:
                ht_town = self.bv.town_at(pos, self.reach)
                if ht_town is None:
                    hr = self.bv.route_at(pos, self.legal_move)
            else:
                hr = self.bv.route_at(pos, self.glowing_routes())
        if (ht, hr, ht_town) != (self.hover_target, self.hover_route, self.hover_town):
            self.hover_target, self.hover_route, self.hover_town = ht, hr, ht_town
            self.dirty = True

    def _release(self, event) -> None:
        press, self.press = self.press, None
        if event.button in (2, 3):
            self.panning = False
            return
        if press is None or event.button != 1:
            return
        if press[0] == "piece":
            piece = press[2]
            if self.drag is not None:
                self.drag = None
                route = self.bv.route_at(event.pos, self._piece_routes(piece), self.app.px(24))
                if route is not None:
                    self.place(piece, route)
                else:
                    if self.bv.rect.collidepoint(event.pos):
                        self.notice(self.app.t("elf.ui.notice.drop_on_glow"))
                    self._compose_board()
                self.hover_route = None
                self.dirty = True
            else:
                self.click_target(self.targets[press[3]])
            return
        if press[0] == "board":
            was_pan = self.panning
            self.panning = False
            if not was_pan:
                self.click_board(event.pos)

    def click_target(self, tg: Target) -> None:
        t = self.app.t
        if not self.can_act():
            self.notice(t("error.not_your_turn") if self.viewer is not None else t("elf.ui.notice.watching"))
            return
        if tg.kind == "take":
            if tg.live:
                self.act(("take", tg.value))
                return
        elif tg.kind == "pile":
            if tg.live:
                self.act(("take_pile",))
                return
        elif tg.kind == "card":
            if tg.live:
                self.act(("discard", tg.value))
                return
        elif tg.kind == "mine":
            k, where = tg.value
            if (k, where) in self.legal_keep:
                self.act(("keep", k, where))
                return
            if k in self.legal_place:
                self.selected = None if self.selected == ("counter", k) else ("counter", k)
                self._build_layer()
                return
        elif tg.kind == "obstacle":
            if self.legal_obstacle:
                self.selected = None if self.selected == ("obstacle",) else ("obstacle",)
                self._build_layer()
                return
            if self.view["phase"] == "plan":
                self.notice(t("elf.ui.notice.no_obstacle_road"))
                return
        self.notice(t("error.illegal"))

    def place(self, piece: tuple, route: int) -> bool:
        self.selected = None
        if piece[0] == "obstacle":
            return self.act(("obstacle", route))
        return self.act(("place", route, piece[1]))

    def click_board(self, pos) -> None:
        t, bv = self.app.t, self.bv
        phase = self.view["phase"]
        mine = self.can_act()
        if mine and phase == "plan":
            if self.selected:
                route = bv.route_at(pos, self._selected_routes(), self.app.px(16))
                if route is not None:
                    self.place(self.selected, route)
                    return
            else:
                route = bv.route_at(pos, self.glowing_routes(), self.app.px(14))
                if route is not None:
                    self._offer_pieces(route, pos)
                    return
        if mine and phase == "move":
            town = bv.town_at(pos, self.reach)
            routes = self.reach.get(town, []) if town else []
            if not routes:
                r = bv.route_at(pos, self.legal_move)
                routes = [r] if r is not None else []
            if routes:
                self._offer_payments(routes, pos)
                return
        if bv.town_at(pos) is not None or bv.route_at(pos) is not None:
            if not mine:
                self.notice(t("error.not_your_turn") if self.viewer is not None else t("elf.ui.notice.watching"))
            elif phase == "plan" and not self.selected and self.legal_place:
                self.notice(t("elf.ui.notice.pick_counter"))
            else:
                self.notice(t("error.illegal"))

    def _offer_pieces(self, route: int, pos) -> None:
        """A road glows for several of your counters: pick which one to put there."""
        t = self.app.t
        kinds = [k for k in COUNTERS if route in self.legal_place.get(k, set())]
        choices = [Choice(transport_name(k, t), ("counter", k), [art.counter_tile(k, self.app.px(26))])
                   for k in kinds]
        if route in self.legal_obstacle:
            choices.append(Choice(t("elf.obstacle"), ("obstacle",), [art.obstacle_tile(self.app.px(26))]))
        if len(choices) == 1:
            self.place(choices[0].value, route)
            return
        self.chooser = Chooser(self.app, t("elf.ui.choose_piece"), choices, pos, self.bv.rect,
                               lambda piece: self._chosen(lambda: self.place(piece, route)), self._close_chooser,
                               hint=route_name(route, t))
        self.dirty = True

    def _offer_payments(self, routes: list[int], pos) -> None:
        """The cheapest payment first; every other distinct legal payment below it."""
        t, px = self.app.t, self.app.px
        acts = sorted((a for r in routes for a in self.legal_move[r]), key=lambda a: (len(a[2]), len(set(a[2])), a[2]))
        if len(acts) == 1:
            self.act(acts[0])
            return
        choices = []
        for i, a in enumerate(acts):
            counts = Counter(a[2])
            icons = [art.travel_card(k, px(20)) for k in CARDS for _ in range(counts[k])]
            label = cards_text(list(a[2]), t)
            if len(routes) > 1:
                label += " · " + terrain_name(self.bv.board.route(a[1]).kind, t)
            note = t("elf.ui.cheapest") if i == 0 else (t("elf.caravan") if self._is_caravan(a) else "")
            choices.append(Choice(label, a, icons, note))
        town = self.bv.board.route(routes[0]).other(self.view["players"][self.viewer]["boot"])
        self.chooser = Chooser(self.app, t("elf.ui.choose_payment", town=town_name(town, t)), choices, pos,
                               self.bv.rect, lambda a: self._chosen(lambda: self.act(a)), self._close_chooser,
                               hint=t("elf.ui.choose_payment_hint"))
        self.dirty = True

    def _is_caravan(self, action) -> bool:
        """Paid with other cards than the road's transport needs (the caravan rule)."""
        route = self.bv.board.route(action[1])
        kind = self.view["counters"].get(str(action[1]))
        if route.kind in ("river", "lake") or kind is None:
            return False
        need = (elf_data()["transport_table"][kind][route.kind] or 0) + \
            (elf_data()["obstacle_extra_cards"] if str(action[1]) in self.view["obstacles"] else 0)
        return not (len(action[2]) == need and all(c == kind for c in action[2]))

    def _chosen(self, fn) -> None:
        self.chooser = None
        fn()
        self.dirty = True

    def _close_chooser(self) -> None:
        self.chooser = None
        self.dirty = True

    # -- buttons -----------------------------------------------------------------------------
    def phase_button(self) -> None:
        if self.legal_pass:
            self.selected = None
            self.act(("pass",))
        elif self.legal_end:
            self.act(("end_move",))
        elif self.legal_keep_none:
            self.act(("keep_none",))

    def toggle_table(self) -> None:
        self.show_table = not self.show_table
        self.dirty = True

    def show_game_over(self) -> None:
        from .game_over import ElfenlandGameOverScene
        self.app.manager.replace(ElfenlandGameOverScene(self.app, self.match))

    # -- time ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.anims:
            for a in self.anims:
                a.update(dt, self.bv.to_screen)
            if any(a.done for a in self.anims):
                self.anims = [a for a in self.anims if not a.done]
                self._compose_board()
            self.dirty = True
            if self.message:
                self.message_clock -= dt
                if self.message_clock <= 0:
                    self.message = None
            return  # bots wait while a piece is moving
        super().update(dt)

    def animating(self) -> bool:
        return super().animating() or bool(self.anims)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.layer is None:
            return
        surface.blit(self.layer, (0, 0))
        px = self.app.px
        clip = surface.get_clip()
        surface.set_clip(self.bv.rect)
        if self.hover_route is not None:
            pts = self.bv.screen_points(self.hover_route)
            pygame.draw.lines(surface, theme.WHITE, False, pts, max(3, px(6)))
            kind = self.view["counters"].get(str(self.hover_route))
            if kind:
                x, y = self.bv.to_screen(*self.bv.counter_at(self.hover_route))
                img = art.counter_tile(kind, self.bv.counter_size())
                surface.blit(img, img.get_rect(center=(round(x), round(y))))
        if self.hover_town is not None:
            t = self.bv.board.towns[self.hover_town]
            g = art.ring_glow(self.bv.town_radius(t.capital) + px(5), theme.WHITE, px(10))
            surface.blit(g, g.get_rect(center=tuple(round(c) for c in self.bv.to_screen(t.x, t.y))))
        for a in self.anims:
            surface.blit(a.image, a.rect)
        surface.set_clip(clip)
        if self.hover_target is not None and self.hover_target < len(self.targets):
            tg = self.targets[self.hover_target]
            g = art.rect_glow(tg.rect.w, tg.rect.h, theme.WHITE, px(8))
            surface.blit(g, (tg.rect.x - px(8), tg.rect.y - px(8)))
        self.zoom_buttons.draw(surface, self.app.fonts)
        self.buttons.draw(surface, self.app.fonts)
        self.log.draw(surface)
        if self.show_table:
            self._draw_transport_table(surface)
        if self.drag is not None:
            piece, pos = self.drag
            size = self.bv.counter_size()
            img = art.obstacle_tile(size) if piece[0] == "obstacle" else art.counter_tile(piece[1], size)
            surface.blit(img, img.get_rect(center=pos))
        if self.chooser is not None:
            self.chooser.draw(surface)
        if self.hover_route is not None and self.chooser is None and self.drag is None:
            self._draw_tip(surface, route_name(self.hover_route, self.app.t))
        if self.message:
            self._draw_notice(surface)

    def _draw_tip(self, surface: pygame.Surface, text: str) -> None:
        px, fonts = self.app.px, self.app.fonts
        ts = fonts.text(text, px(14), theme.INK)
        r = pygame.Rect(0, 0, ts.get_width() + px(16), ts.get_height() + px(6))
        r.midbottom = (self.bv.rect.centerx, self.bv.rect.bottom - px(6))
        pygame.draw.rect(surface, theme.PARCHMENT, r, border_radius=px(6))
        pygame.draw.rect(surface, theme.WOOD, r, 1, border_radius=px(6))
        surface.blit(ts, ts.get_rect(center=r.center))

    def _draw_notice(self, surface: pygame.Surface) -> None:
        px, fonts = self.app.px, self.app.fonts
        ts = fonts.text(self.message, px(17), theme.WHITE, bold=True)
        r = pygame.Rect(0, 0, ts.get_width() + px(36), px(42))
        r.midtop = (self.bv.rect.centerx, self.bv.rect.y + px(12))
        pygame.draw.rect(surface, theme.VERMILION_DARK, r, border_radius=px(10))
        pygame.draw.rect(surface, theme.GOLD, r, 2, border_radius=px(10))
        surface.blit(ts, ts.get_rect(center=r.center))

    def _draw_transport_table(self, surface: pygame.Surface) -> None:
        if self.table_pic is None:
            self.table_pic = transport_table_picture(self.app, min(self.bv.rect.w - self.app.px(20), self.app.px(620)))
        r = self.table_pic.get_rect(topleft=(self.bv.rect.x + self.app.px(10), self.bv.rect.y + self.app.px(10)))
        surface.blit(self.table_pic, r)


def transport_table_picture(app, width: int, panel: bool = True) -> pygame.Surface:
    """The transport table (cards per terrain per transport, and rafts), drawn from assets/data/elfenland.json."""
    px, t, fonts = app.px, app.t, app.fonts
    d = elf_data()
    terrains = ["plain", "forest", "mountain", "desert", "river", "lake"]
    pad = px(10) if panel else 0
    first = int(width * 0.27)
    cell = (width - 2 * pad - first) // len(terrains)
    row_h = px(30)
    title_h = px(30) if panel else 0
    rows = list(COUNTERS) + ["raft"]
    note_lines = fonts.wrap(t("elf.ui.table_note"), px(13), width - 2 * pad)
    h = title_h + row_h * (len(rows) + 1) + len(note_lines) * px(18) + 2 * pad + px(6)
    surf = pygame.Surface((width, h), pygame.SRCALPHA)
    if panel:
        draw.panel(surf, surf.get_rect(), radius=px(10), width=px(3), drop=False)
        tt = fonts.text(t("elf.ui.transport_table"), px(17), theme.VERMILION_DARK, bold=True)
        surf.blit(tt, (pad, pad - px(2)))
    y = pad + title_h
    head = pygame.Rect(pad, y, width - 2 * pad, row_h)
    pygame.draw.rect(surf, theme.PARCHMENT_DARK, head)
    for j, ter in enumerate(terrains):
        cx = pad + first + j * cell
        sw = pygame.Rect(cx + px(4), y + px(8), px(12), px(12))
        pygame.draw.rect(surf, art.TERRAIN_COLOURS[ter], sw, border_radius=px(3))
        pygame.draw.rect(surf, theme.INK, sw, 1, border_radius=px(3))
        tn = fit_text(fonts, terrain_name(ter, t), px(13), theme.INK, cell - px(20), bold=True)
        surf.blit(tn, (sw.right + px(3), y + row_h // 2 - tn.get_height() // 2))
    y += row_h
    for i, kind in enumerate(rows):
        rr = pygame.Rect(pad, y, width - 2 * pad, row_h)
        pygame.draw.rect(surf, theme.WHITE if i % 2 else theme.PARCHMENT, rr)
        icon = art.travel_card(kind, px(19))
        surf.blit(icon, (pad + px(4), y + (row_h - icon.get_height()) // 2))
        nm = fit_text(fonts, transport_name(kind, t), px(14), theme.INK, first - px(34))
        surf.blit(nm, (pad + px(28), y + row_h // 2 - nm.get_height() // 2))
        for j, ter in enumerate(terrains):
            cx = pad + first + j * cell
            if kind == "raft":
                if ter == "river":
                    val = f"{d['rafts']['river_downstream']} ↓  {d['rafts']['river_upstream']} ↑"
                elif ter == "lake":
                    val = str(d["rafts"]["lake"])
                else:
                    val = "—"
            else:
                n = d["transport_table"][kind][ter]
                val = "—" if n is None else str(n)
            colour = theme.INK_SOFT if val == "—" else theme.INK
            vt = fonts.text(val, px(15), colour, bold=val != "—")
            surf.blit(vt, vt.get_rect(center=(cx + cell // 2, y + row_h // 2)))
        y += row_h
    pygame.draw.rect(surf, theme.WOOD, pygame.Rect(pad, pad + title_h, width - 2 * pad, y - pad - title_h), 1)
    y += px(6)
    for line in note_lines:
        surf.blit(fonts.text(line, px(13), theme.INK_SOFT), (pad, y))
        y += px(18)
    return surf

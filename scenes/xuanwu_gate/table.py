"""The Xuanwu Gate table: seats around the baize, two cards at the gate, votes and reveals.

It draws only `self.view` (the viewing seat's view) and turns clicks into
actions that the engine checks. Everything static is painted once per view
change into `self.layer`; a frame is that blit plus a few cached card images.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

import pygame

from game.xuanwu_gate import data as cards
from game.xuanwu_gate.describe import card_name, describe, slot_name, symbol_name

from ..dialog import MessageScene
from ..match_scene import MatchScene
from ..ui import draw, theme
from ..ui.log_panel import LogPanel
from ..ui.textfit import fit_text
from ..ui.cached_group import CachedGroup
from ..ui.widgets import Button, Group
from . import cards as art

SLIDE_FACTOR = 0.6   # a swap slides for this share of the bot delay (instant: no slide)
REVEAL_MIN = 2.5     # seconds the revealed votes stay up when someone is watching


@dataclass
class Target:
    """Something the viewer may click now; it glows and becomes `action`."""
    rect: pygame.Rect
    action: tuple
    over: bool = False  # drawn above the cards (on an overlay panel) rather than under them



class XuanwuTableScene(MatchScene):
    describe = staticmethod(describe)
    def __init__(self, app, match) -> None:
        self.geom_ready = False
        self.background: Optional[pygame.Surface] = None
        self.background_size = (0, 0)
        self.layer: Optional[pygame.Surface] = None
        self.targets: list[Target] = []
        self.over_items: list[tuple] = []
        self.hover: Optional[int] = None
        self.pending_slides: list[tuple[int, int]] = []
        self.reveal_clock = 0.0
        self.deal_panel = False
        self.deal_cache: Optional[pygame.Surface] = None
        self.deal_clock = 0.0
        self.seat_sprites: list[art.CardSprite] = []
        self.centre_sprites: list[art.CardSprite] = []
        self.sprites = pygame.sprite.LayeredUpdates()
        self.card_rects: list[pygame.Rect] = []
        self.log = LogPanel(app.fonts)
        self.buttons = Group()
        self.action_buttons = Group()
        super().__init__(app, match)

    # -- helpers --------------------------------------------------------------
    def slide_time(self) -> float:
        return self.app.settings.bot_delay * SLIDE_FACTOR

    def reveal_time(self) -> float:
        if self.app.settings.bot_delay <= 0 and not self.match.humans:
            return 0.0
        return max(REVEAL_MIN, self.app.settings.bot_delay * 3)

    # -- geometry ---------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        px = self.app.px
        self.W, self.H = w, h
        m = px(10)
        self.m = m
        self.top = pygame.Rect(0, 0, w, px(72))
        rw = px(300)
        self.col = pygame.Rect(w - rw - m, self.top.bottom + m, rw, h - self.top.bottom - 2 * m)
        self.table = pygame.Rect(m, self.top.bottom + m, self.col.x - 2 * m, h - self.top.bottom - 2 * m)
        self.card_w, self.card_h = art.card_size(px(58))
        self.centre_w, self.centre_h = art.card_size(px(88))
        self.face_w = px(158)
        self.plate = (px(172), px(86))
        self.slot_side = self.card_h + px(4)
        self.block = (self.slot_side + px(6) + self.plate[0], max(self.slot_side, self.plate[1]))
        if self.background_size != (w, h):
            self.background = draw.table_background((w, h))
            self._paint_table_decor(self.background)
            self.background_size = (w, h)
        self.geom_ready = True
        # Buttons: rules and menu in the top bar, undo and penalty under the log.
        t = self.app.t
        bh = px(40)
        bw = px(104)
        y = self.top.centery - bh // 2
        self.btn_menu = Button(lambda: t("table.menu"), self.ask_menu, (w - m - bw, y, bw, bh), size=px(18))
        self.btn_rules = Button(lambda: t("table.rules"), self.open_rules,
                                (w - 2 * m - 2 * bw, y, bw, bh), size=px(18), hotkey=pygame.K_F1)
        by = self.col.bottom - bh
        half = (self.col.w - m) // 2
        self.btn_undo = Button(lambda: t("table.undo"), self.undo, (self.col.x, by, half, bh), size=px(18))
        self.btn_penalty = Button(lambda: t("xw.penalty.button"), self.ask_penalty,
                                  (self.col.x + half + m, by, half, bh), style="danger", size=px(18))
        self.buttons = CachedGroup([self.btn_rules, self.btn_menu, self.btn_undo, self.btn_penalty])
        mem_h = px(150) if self.view.get("memory_aid") else 0
        self.memory_rect = pygame.Rect(self.col.x, by - m - mem_h, self.col.w, mem_h)
        log_bottom = (self.memory_rect.y if mem_h else by) - m
        self.log.set_rect(pygame.Rect(self.col.x, self.col.y, self.col.w, log_bottom - self.col.y),
                          size=px(15), title=t("log.title"), empty=t("log.empty"), backdrop=self.background)
        self.on_view()

    def _paint_table_decor(self, bg: pygame.Surface) -> None:
        """The static parts: the top bar, the gate mat in the middle, the seats' ring."""
        px = self.app.px
        pygame.draw.rect(bg, theme.WOOD_DARK, self.top)
        pygame.draw.line(bg, theme.GOLD, (0, self.top.bottom - 2), (self.W, self.top.bottom - 2), 2)
        c = self.table.center
        ring = pygame.Rect(0, 0, self.table.w - self.block[0] // 2, self.table.h - self.block[1])
        ring.center = c
        pygame.draw.ellipse(bg, theme.TABLE_DARK, ring, max(2, px(3)))
        mat = pygame.Rect(0, 0, 2 * self.centre_w + px(70), self.centre_h + px(70))
        mat.center = c
        pygame.draw.rect(bg, theme.TABLE_DARK, mat, border_radius=px(14))
        pygame.draw.rect(bg, theme.GOLD, mat, 2, border_radius=px(14))
        self.mat = mat

    def seat_centre(self, seat: int) -> tuple[int, int]:
        """Seats sit on an ellipse, clockwise from the viewer at the bottom."""
        me = self.viewer if self.viewer is not None else 0
        k = (seat - me) % self.n
        ang = math.pi / 2 + k * 2 * math.pi / self.n
        rx = self.table.w / 2 - self.block[0] / 2 - self.app.px(6)
        ry = self.table.h / 2 - self.block[1] / 2 - self.app.px(6)
        cx, cy = self.table.center
        return int(cx + rx * math.cos(ang)), int(cy + ry * math.sin(ang))

    def seat_rects(self, seat: int) -> tuple[pygame.Rect, pygame.Rect]:
        """(card slot, name plate) of a seat."""
        block = pygame.Rect((0, 0), self.block)
        block.center = self.seat_centre(seat)
        slot = pygame.Rect(block.x, block.centery - self.slot_side // 2, self.slot_side, self.slot_side)
        plate = pygame.Rect(slot.right + self.app.px(6), block.centery - self.plate[1] // 2, *self.plate)
        return slot, plate

    def centre_rect(self, slot: int) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.centre_w, self.centre_h)
        off = (self.centre_w + self.app.px(26)) // 2
        r.center = (self.table.centerx + (-off if slot == 0 else off), self.table.centery + self.app.px(8))
        return r

    # -- the view changed ---------------------------------------------------------
    def on_view(self) -> None:
        if not self.geom_ready or not self.view:
            return
        self._place_sprites()
        self._build_targets_and_overlays()
        self._build_layer()
        self.log.set_lines(self.log_lines())
        self.btn_undo.enabled = self.can_undo()
        self.btn_penalty.visible = bool(self.match.humans) and self.view["phase"] != "over"
        self.btn_undo.visible = bool(self.match.humans)
        self.hover = None
        self.dirty = True

    def on_events(self, events: list[dict]) -> None:
        for e in events:
            if e["type"] == "swap":
                self.pending_slides.append((e["slot"], e["target"]))
            elif e["type"] == "votes":
                self.reveal_clock = self.reveal_time()
            elif e["type"] == "battle" and not any(x["type"] == "game_over" for x in events):
                self.deal_panel = True
                self.deal_clock = self.reveal_time() * 2 if not self.match.humans else 0.0

    def _seat_image(self, seat: int) -> pygame.Surface:
        face = self.view["seat_cards"][seat]
        img = art.card_face(self.app.fonts, self.app.t, face, self.card_w) if face else \
            art.card_back(self.card_w, self.card_h)
        if self.view["players"][seat]["swapped"] and self.view["phase"] != "over":
            img = pygame.transform.rotate(img, 90)  # a swapped card lies sideways for the round
        return img

    def _place_sprites(self) -> None:
        self.sprites.empty()
        self.seat_sprites, self.centre_sprites, self.card_rects = [], [], []
        for s in range(self.n):
            slot, _ = self.seat_rects(s)
            sp = art.CardSprite(self._seat_image(s), slot.center)
            self.seat_sprites.append(sp)
        for i in range(2):
            face = self.view["centre_cards"][i]
            img = art.card_face(self.app.fonts, self.app.t, face, self.centre_w) if face else \
                art.card_back(self.centre_w, self.centre_h)
            self.centre_sprites.append(art.CardSprite(img, self.centre_rect(i).center))
        hide_centre = self._centre_covered()
        for i, sp in enumerate(self.centre_sprites):
            if not hide_centre and i != self.view["peeking_slot"] or self.view["phase"] == "over":
                self.sprites.add(sp)
        for sp in self.seat_sprites:
            self.sprites.add(sp)
        for slot, target in self.pending_slides:
            a, b = self.centre_sprites[slot], self.seat_sprites[target]
            a_pos, b_pos = a.home, b.home
            a.slide(b_pos, self.slide_time())
            b.slide(a_pos, self.slide_time())
            for sp in (a, b):
                if sp.moving:
                    self.sprites.move_to_front(sp) if sp in self.sprites else None
        self.pending_slides = []

    def _centre_covered(self) -> bool:
        """The look and vote panels sit on the centre mat: its cards are not drawn under them."""
        return self.can_act() and self.view["phase"] in ("look", "vote")

    # -- what can be clicked -------------------------------------------------------
    def _build_targets_and_overlays(self) -> None:
        v, px, t, fonts = self.view, self.app.px, self.app.t, self.app.fonts
        self.targets, self.over_items = [], []
        self.action_buttons = CachedGroup()
        phase = v["phase"]
        mine = self.can_act()
        me = self.viewer
        if phase == "look" and mine and v["own_card"]:
            panel = pygame.Rect(0, 0, self.face_w + px(150), art.card_size(self.face_w)[1] + px(120))
            panel.center = self.table.center
            self.over_items.append(("panel", panel))
            title = fonts.text(t("xw.your_card"), px(22), theme.INK, bold=True)
            self.over_items.append(("blit", title, title.get_rect(midtop=(panel.centerx, panel.y + px(12)))))
            face = art.card_face(fonts, t, v["own_card"], self.face_w)
            fr = face.get_rect(midtop=(panel.centerx, panel.y + px(48)))
            self.targets.append(Target(fr, ("look",), over=True))
            self.over_items.append(("glow", len(self.targets) - 1))
            self.over_items.append(("blit", face, fr))
            b = Button(lambda: t("xw.remember"), lambda: self.act(("look",)),
                       (panel.centerx - px(90), fr.bottom + px(12), px(180), px(42)), style="primary",
                       hotkey=pygame.K_RETURN, size=px(19))
            self.action_buttons.add(b)
        elif phase == "layout" and mine:
            if v["peeking_slot"] is None:
                for i in range(2):
                    self.targets.append(Target(self.centre_rect(i), ("peek", i)))
            else:
                slot = v["peeking_slot"]
                face = art.card_face(fonts, t, v["peeked_card"], self.face_w)
                base = self.centre_rect(slot)
                fr = face.get_rect(center=base.center)
                shift = (fr.w - base.w) // 2 + px(10)
                fr.x += -shift if slot == 0 else shift
                fr.y -= px(14)
                self.targets.append(Target(fr, ("keep",), over=True))
                self.over_items.append(("glow", len(self.targets) - 1))
                self.over_items.append(("blit", face, fr))
                cap = fonts.text(t("xw.peeked", slot=slot_name(slot, t)), px(15), theme.GOLD_LIGHT, bold=True)
                self.over_items.append(("blit", cap, cap.get_rect(midbottom=(fr.centerx, fr.y - px(4)))))
                b = Button(lambda: t("xw.put_back"), lambda: self.act(("keep",)),
                           (fr.centerx - px(80), fr.bottom + px(8), px(160), px(38)), style="primary",
                           size=px(17))
                self.action_buttons.add(b)
                for s in range(self.n):
                    if not v["players"][s]["swapped"]:
                        slot_r, _ = self.seat_rects(s)
                        action = ("swap_own",) if s == me else ("swap", s)
                        self.targets.append(Target(self.seat_sprites[s].rect.copy(), action))
        elif phase == "vote" and mine:
            vw = px(118)
            vh = art.card_size(vw)[1]
            panel = pygame.Rect(0, 0, 2 * vw + px(90), vh + px(100))
            panel.center = self.table.center
            self.over_items.append(("panel", panel))
            title = fonts.text(t("xw.prompt.vote"), px(21), theme.INK, bold=True)
            self.over_items.append(("blit", title, title.get_rect(midtop=(panel.centerx, panel.y + px(10)))))
            need = fit_text(fonts, t("xw.needed", needed=v["votes_needed"], voters=v["voters"]), px(15),
                            theme.INK_SOFT, panel.w - px(20))
            self.over_items.append(("blit", need, need.get_rect(midtop=(panel.centerx, panel.y + px(40)))))
            for i, vote in enumerate(("battle", "wait")):
                img = art.vote_card(fonts, t, vote, vw)
                r = img.get_rect(topleft=(panel.x + px(30) + i * (vw + px(30)), panel.y + px(72)))
                self.targets.append(Target(r, ("vote", vote), over=True))
                self.over_items.append(("glow", len(self.targets) - 1))
                self.over_items.append(("blit", img, r))
        # Every card on the table answers a click (a notice if it is not a legal choice now).
        self.card_rects = [sp.rect.copy() for sp in self.seat_sprites] + \
            [self.centre_rect(i) for i in range(2)] + [tg.rect for tg in self.targets]
        self._build_result_overlays()

    def _build_result_overlays(self) -> None:
        """The vote reveal banner and, between deals, the battle panel (both public)."""
        v, px, t, fonts = self.view, self.app.px, self.app.t, self.app.fonts
        self.reveal_items: list[tuple] = []
        lv = v["last_votes"]
        if lv:
            battle = sum(1 for x in lv.values() if x == "battle")
            needed = cards.votes_needed(len(lv))
            key = "xw.reveal.battle" if battle >= needed else "xw.reveal.wait"
            text = fit_text(fonts, t(key, battle=battle, needed=needed), px(19), theme.INK, px(520), bold=True)
            r = pygame.Rect(0, 0, text.get_width() + px(60), px(48))
            r.midbottom = (self.table.centerx, self.mat.y + px(6))  # over the mat's caption, clear of seats
            self.reveal_items = [("panel", r), ("blit", text, text.get_rect(center=r.center))]
        self.deal_items: list[tuple] = []
        lb = v["last_battle"]
        if lb and v["phase"] != "over":
            self._build_deal_panel(lb)

    def _build_deal_panel(self, lb: dict) -> None:
        """The last deal's battle, all public: the two at the gate, each seat's card, points and scores."""
        v, px, t, fonts = self.view, self.app.px, self.app.t, self.app.fonts
        fw = px(110)
        fh = art.card_size(fw)[1]
        row_h = px(26)
        panel = pygame.Rect(0, 0, min(self.table.w - px(20), px(620)),
                            px(56) + fh + px(20) + row_h * (self.n + 1) + px(70))
        panel.center = self.table.center
        items: list[tuple] = [("panel", panel)]
        title = fonts.text(t("xw.deal_result.title", deal=lb["deal"]), px(24), theme.VERMILION_DARK, bold=True)
        items.append(("blit", title, title.get_rect(midtop=(panel.centerx, panel.y + px(12)))))
        y = panel.y + px(52)
        for i, c in enumerate(lb["centre"]):
            face = art.card_face(fonts, t, c, fw)
            items.append(("blit", face, face.get_rect(topleft=(panel.x + px(24) + i * (fw + px(10)), y))))
        tx = panel.x + px(24) + 2 * (fw + px(10)) + px(14)
        text_w = panel.right - tx - px(20)
        a, b = (symbol_name(cards.load()["by_id"][c]["win"], t) for c in lb["centre"])
        win = t("xw.rules.or").join(symbol_name(s, t) for s in lb["winning"])
        why = fonts.wrap(t("xw.why.rule", a=a, b=b, winning=win), px(17), text_w, True)
        yy = y + px(4)
        for line in why:
            ln = fonts.text(line, px(17), theme.INK, bold=True)
            items.append(("blit", ln, (tx, yy)))
            yy += px(24)
        sx = tx
        for s in lb["winning"]:
            items.append(("blit", art.symbol_icon(s, px(40)), (sx, yy + px(6))))
            sx += px(48)
        if not lb["winners"]:
            line = fonts.text(t("xw.deal_result.nobody"), px(16), theme.INK)
            items.append(("blit", line, (tx, yy + px(56))))
        # One row per seat: who, the card they held, this deal's points, the total.
        y += fh + px(14)
        head = fit_text(fonts, t("xw.deal_result.scores", target=v["target"]), px(17), theme.INK,
                        panel.w - px(48), bold=True)
        items.append(("blit", head, (panel.x + px(24), y)))
        y += px(30)
        x0 = panel.x + px(24)
        cols = [x0, x0 + int((panel.w - px(48)) * 0.36), x0 + int((panel.w - px(48)) * 0.74), panel.right - px(24)]
        out = set(lb.get("eliminated", []))
        for s in range(self.n):
            cy = y + s * row_h
            badge = pygame.Rect(x0, cy + px(2), px(20), px(20))
            items.append(("badge", badge, s))
            nm = fit_text(fonts, self.name(s), px(16), theme.INK, cols[1] - badge.right - px(12))
            items.append(("blit", nm, (badge.right + px(6), cy)))
            cn = fit_text(fonts, card_name(lb["cards"][s], t), px(16), theme.INK, cols[2] - cols[1] - px(8))
            items.append(("blit", cn, (cols[1], cy)))
            pts = lb["points"].get(str(s))
            note = t("xw.tag.out") if s in out else (f"+{pts}" if pts else "—")
            nt = fonts.text(note, px(16), theme.VERMILION if pts or s in out else theme.INK_SOFT, bold=True)
            items.append(("blit", nt, (cols[2], cy)))
            sc = fonts.text(t("xw.tag.score", score=v["scores"][s]), px(16), theme.VERMILION_DARK, bold=True)
            items.append(("blit", sc, sc.get_rect(topright=(cols[3], cy))))
        if self.match.humans:
            b = Button(lambda: t("xw.deal_result.next"), self.close_deal_panel,
                       (panel.centerx - px(90), panel.bottom - px(54), px(180), px(42)), style="primary",
                       hotkey=pygame.K_RETURN, size=px(19))
            self.deal_button = CachedGroup([b])
        else:
            self.deal_button = Group()
        self.deal_items = items

    def close_deal_panel(self) -> None:
        self.deal_panel = False
        self.deal_cache = None
        self.dirty = True

    # -- the static layer -----------------------------------------------------------
    def prompt(self) -> tuple[str, str]:
        """(whose turn, what to do now): always on screen."""
        v, t = self.view, self.app.t
        phase = v["phase"]
        if phase == "over":
            return t("xw.turn.over"), t("xw.prompt.over")
        if phase == "look":
            who = t("xw.turn.look")
        elif phase == "vote":
            who = t("xw.turn.vote")
        else:
            who = t("xw.turn.one", name=self.name(v["active"])) if v["active"] is not None else ""
        me = self.viewer
        if me is None:
            return who, t("xw.prompt.watch")
        if v["players"][me]["eliminated"] and phase == "vote":
            return who, t("xw.prompt.out")
        if self.can_act():
            if phase == "look":
                return who, t("xw.prompt.look")
            if phase == "vote":
                return who, t("xw.prompt.vote")
            return who, t("xw.prompt.peek") if v["peeking_slot"] is None else t("xw.prompt.swap")
        if phase == "vote" and v["my_vote"]:
            return who, t("xw.prompt.voted")
        waiting = [s for s in v["to_act"] if s != me]
        if waiting:
            return who, t("xw.prompt.waiting", name=t("xw.list_sep").join(self.name(s) for s in waiting))
        return who, ""

    def _build_layer(self) -> None:
        px, t, fonts, v = self.app.px, self.app.t, self.app.fonts, self.view
        layer = self.background.copy()
        # Top bar: the game and the deal on the left, the turn and the prompt in the middle.
        name = fonts.text(t.name(self.match.spec.names), px(20), theme.GOLD_LIGHT, bold=True)
        layer.blit(name, (self.m + px(6), px(8)))
        info = t("xw.deal_round", deal=v["deal"], round=v["round"]) if v["variant"] == "scoring" \
            else t("xw.round", round=v["round"])
        if v["variant"] == "scoring":
            info += "  ·  " + t("xw.target", target=v["target"])
        it = fit_text(fonts, info, px(15), theme.PARCHMENT, self.col.w)
        layer.blit(it, (self.m + px(6), px(40)))
        who, what = self.prompt()
        mid_l = self.m + px(6) + max(name.get_width(), it.get_width()) + px(20)
        mid_r = self.btn_rules.rect.x - px(16)
        mid_c = (mid_l + mid_r) // 2
        wt = fit_text(fonts, who, px(22), theme.WHITE, mid_r - mid_l, bold=True)
        layer.blit(wt, wt.get_rect(midtop=(mid_c, px(6))))
        pt = fit_text(fonts, what, px(18), theme.GOLD_LIGHT, mid_r - mid_l, bold=True)
        layer.blit(pt, pt.get_rect(midtop=(mid_c, px(38))))
        # The centre mat's caption.
        if v["peeking_slot"] is None or not self.can_act():  # the lifted card's caption goes there
            cap = fit_text(fonts, t("xw.centre_title"), px(15), theme.GOLD_LIGHT, self.mat.w + px(60))
            layer.blit(cap, cap.get_rect(midbottom=(self.mat.centerx, self.mat.y - px(4))))
        for i in range(2):
            r = self.centre_rect(i)
            pygame.draw.rect(layer, theme.TABLE, r.inflate(px(6), px(6)), border_radius=px(8))
        for s in range(self.n):
            self._paint_seat(layer, s)
        if v["memory_aid"] and self.memory_rect.h:
            self._paint_memory(layer)
        # Overlay panels sit on the centre mat, where no card is drawn under them: bake them in.
        self._blit_items(layer, [it for it in self.over_items if it[0] != "glow"])
        if self.reveal_shown():
            self._blit_items(layer, self.reveal_items)
        for tg in self.targets:  # resting glows too; only the hovered one is drawn per frame
            self._glow(layer, tg, False)
        self.layer = layer
        self.deal_cache = None

    def _paint_seat(self, layer: pygame.Surface, s: int) -> None:
        px, t, fonts, v = self.app.px, self.app.t, self.app.fonts, self.view
        p = v["players"][s]
        slot, plate = self.seat_rects(s)
        acting = s in v["to_act"]
        pygame.draw.rect(layer, theme.TABLE_DARK, slot, border_radius=px(8))
        draw.panel(layer, plate, fill=theme.PARCHMENT, border=theme.GOLD if acting else theme.WOOD,
                   radius=px(8), width=px(4) if acting else 2)
        band = pygame.Rect(plate.x + 2, plate.y + 2, px(8), plate.h - 4)
        pygame.draw.rect(layer, theme.seat_colour(s), band, border_top_left_radius=px(6), border_bottom_left_radius=px(6))
        badge_c = (plate.x + px(26), plate.y + px(20))
        pygame.draw.circle(layer, theme.seat_colour(s), badge_c, px(13))
        pygame.draw.circle(layer, theme.INK, badge_c, px(13), 1)
        letter = fonts.text(theme.SEAT_LETTERS[s], px(16), theme.WHITE, bold=True)
        layer.blit(letter, letter.get_rect(center=badge_c))
        label = self.name(s) + (f"（{t('xw.tag.you')}）" if s == self.viewer and t.lang == "zh_TW" else
                                (f" ({t('xw.tag.you')})" if s == self.viewer else ""))
        nm = fit_text(fonts, label, px(17), theme.INK_SOFT if p["eliminated"] else theme.INK,
                      plate.right - badge_c[0] - px(38), bold=True)
        nr = layer.blit(nm, (badge_c[0] + px(18), badge_c[1] - nm.get_height() // 2))
        if p["eliminated"]:  # struck through, as a name crossed off a list
            pygame.draw.line(layer, theme.VERMILION, (nr.x - px(2), nr.centery), (nr.right + px(2), nr.centery),
                             max(2, px(3)))
        kind = fonts.text(self.kind_label(s), px(13), theme.INK_SOFT)
        layer.blit(kind, (plate.x + px(16), plate.y + px(36)))
        if v["variant"] == "scoring":
            sc = fonts.text(t("xw.tag.score", score=v["scores"][s]), px(14), theme.VERMILION_DARK, bold=True)
            layer.blit(sc, sc.get_rect(topright=(plate.right - px(8), plate.y + px(36))))
        # Chips on the bottom line: out, voted, sits out, swapped; the revealed vote when shown.
        chips: list[tuple[str, tuple, tuple]] = []
        if p["eliminated"]:
            chips.append((t("xw.tag.out"), theme.VERMILION, theme.WHITE))
        if v["phase"] == "vote" and p["voted"]:
            chips.append((t("xw.tag.voted"), theme.JADE, theme.WHITE))
        if v["phase"] == "layout" and p["skips_layout"]:
            chips.append((t("xw.tag.skips"), theme.GREY, theme.WHITE))
        if p["swapped"] and v["phase"] != "over":
            chips.append((t("xw.tag.swapped"), theme.WOOD_LIGHT, theme.WHITE))
        x = plate.x + px(14)
        y = plate.bottom - px(26)
        for text, fill, ink in chips:
            ts = fonts.text(text, px(12), ink, bold=True)
            r = pygame.Rect(x, y, ts.get_width() + px(10), px(20))
            if r.right > plate.right - px(6):
                break
            pygame.draw.rect(layer, fill, r, border_radius=px(6))
            layer.blit(ts, ts.get_rect(center=r.center))
            x = r.right + px(4)
        if s == v["start_player"] and v["phase"] != "over":
            c = (plate.right - px(4), plate.y + px(4))
            draw.seal(layer, c, px(17))
            st = fit_text(fonts, t("xw.seal.start"), px(13), theme.WHITE, px(28), bold=True)
            layer.blit(st, st.get_rect(center=c))

    def _paint_memory(self, layer: pygame.Surface) -> None:
        px, t, fonts, v = self.app.px, self.app.t, self.app.fonts, self.view
        r = self.memory_rect
        draw.panel(layer, r, radius=px(10), width=2, drop=False)
        head = fonts.text(t("xw.memory.title"), px(16), theme.VERMILION_DARK, bold=True)
        layer.blit(head, (r.x + px(10), r.y + px(6)))
        entries = [e for e in v["memory"] if e.get("deal") == v["deal"]]
        rows = []
        for e in entries:
            if e["what"] == "own":
                rows.append(t("xw.memory.own", deal=e["deal"], card=card_name(e["card"], t)))
            else:
                rows.append(t("xw.memory.centre", round=e["round"], slot=t("xw.slot.%s_short" %
                              ("left" if e["slot"] == 0 else "right")), card=card_name(e["card"], t)))
        if not rows:
            rows = [t("xw.memory.empty")]
        line_h = px(21)
        room = max(1, (r.h - px(34)) // line_h)
        y = r.y + px(32)
        for row in rows[-room:]:
            ts = fit_text(fonts, row, px(14), theme.INK, r.w - px(20))
            layer.blit(ts, (r.x + px(10), y))
            y += line_h

    # -- time -----------------------------------------------------------------------
    def moving(self) -> bool:
        return any(sp.moving for sp in self.seat_sprites + self.centre_sprites)

    def holding(self) -> bool:
        """Bots wait while a swap slides, the votes are shown, or the deal's battle is on screen."""
        return self.moving() or self.reveal_clock > 0 or self.deal_panel

    def update(self, dt: float) -> None:
        if self.moving():
            self.sprites.update(dt)
            self.dirty = True
        if self.reveal_clock > 0:
            self.reveal_clock -= dt
            if self.reveal_clock <= 0:
                self._build_layer()
                self.dirty = True
        if self.deal_panel and not self.match.humans:
            self.deal_clock -= dt
            if self.deal_clock <= 0:
                self.close_deal_panel()
        if not self.holding():
            super().update(dt)
        elif self.message:
            self.message_clock -= dt
            if self.message_clock <= 0:
                self.message = None
                self.dirty = True

    def animating(self) -> bool:
        return super().animating() or self.moving() or self.reveal_clock > 0 or \
            (self.deal_panel and not self.match.humans)

    # -- input ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event):
        if self.deal_panel:
            if self.deal_button.handle(event):
                self.dirty = True
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                pass  # the panel is in the way; its button closes it
            if event.type != pygame.MOUSEWHEEL:
                return None
        if self.log.handle(event):
            self.dirty = True
            return None
        if self.buttons.handle(event) or self.action_buttons.handle(event):
            self.dirty = True
            return None
        if event.type == pygame.MOUSEMOTION:
            hover = next((i for i, tg in enumerate(self.targets) if tg.rect.collidepoint(event.pos)), None)
            if hover != self.hover:
                self.hover = hover
                self.dirty = True
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_menu()
            return None
        return super().handle(event)

    def click(self, pos: tuple[int, int]) -> None:
        """A click on a glowing thing is its action; on any other card, a notice and nothing else."""
        if self.reveal_clock > 0 and not self.targets:
            self.reveal_clock = 0.0  # a click closes the vote reveal
            self._build_layer()
            self.dirty = True
        for tg in reversed(self.targets):
            if tg.rect.collidepoint(pos):
                self.act(tg.action)
                return
        if any(r.collidepoint(pos) for r in self.card_rects):
            if self.viewer is None or not self.can_act():
                self.notice(self.app.t("error.not_your_turn"))
            else:
                self.notice(self.app.t("error.illegal"))

    # -- buttons --------------------------------------------------------------------
    def ask_penalty(self) -> None:
        from ..pick_seat import PickSeatScene
        t = self.app.t
        seats = [s for s in range(self.n) if not self.view["players"][s]["eliminated"]]
        choices = [(f"{theme.SEAT_LETTERS[s]}  {self.name(s)}", theme.seat_colour(s), s) for s in seats]
        self.app.manager.push(PickSeatScene(self.app, t("xw.penalty.pick"), t("xw.penalty.pick_body"),
                                            choices, self.confirm_penalty))

    def confirm_penalty(self, seat: int) -> None:
        t = self.app.t
        name = self.name(seat)
        self.app.manager.push(MessageScene(
            self.app, t("xw.penalty.confirm_title", name=name), t("xw.penalty.confirm_body", name=name),
            [(t("table.cancel"), lambda: None),
             (t("xw.penalty.mark"), lambda: self.table_ruling(("mark_out", seat)))]))

    def show_game_over(self) -> None:
        from .game_over import XuanwuGameOverScene
        self.app.manager.replace(XuanwuGameOverScene(self.app, self.match))

    # -- drawing ----------------------------------------------------------------------
    def _blit_items(self, surface: pygame.Surface, items: list[tuple]) -> None:
        px = self.app.px
        for item in items:
            if item[0] == "blit":
                surface.blit(item[1], item[2])
            elif item[0] == "panel":
                draw.panel(surface, item[1], radius=px(12), width=px(3))
            elif item[0] == "badge":
                self._badge(surface, item[1], item[2])
            elif item[0] == "glow":
                self._glow(surface, self.targets[item[1]], item[1] == self.hover)

    def _badge(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """A seat's colour with its letter on it: colour never stands alone."""
        pygame.draw.rect(surface, theme.seat_colour(seat), rect, border_radius=self.app.px(5))
        lt = self.app.fonts.text(theme.SEAT_LETTERS[seat], self.app.px(14), theme.WHITE, bold=True)
        surface.blit(lt, lt.get_rect(center=rect.center))

    def _glow(self, surface: pygame.Surface, tg: Target, hot: bool) -> None:
        spread = self.app.px(12 if hot else 9)
        colour = theme.WHITE if hot else theme.GOLD_LIGHT
        g = art.glow(tg.rect.w, tg.rect.h, colour, spread)
        surface.blit(g, (tg.rect.x - spread, tg.rect.y - spread))

    def draw(self, surface: pygame.Surface) -> None:
        if self.layer is None:
            return
        if self.deal_panel and self.deal_items:
            if self.deal_cache is None:  # the table stands still under the panel: one picture of both
                self.deal_cache = pygame.Surface(surface.get_size())
                self._draw_table(self.deal_cache)
                draw.dim(self.deal_cache, 90)
                self._blit_items(self.deal_cache, self.deal_items)
            surface.blit(self.deal_cache, (0, 0))
            self.deal_button.draw(surface, self.app.fonts)
        else:
            self._draw_table(surface)
        if self.message:
            self._draw_notice(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        surface.blit(self.layer, (0, 0))
        self.sprites.draw(surface)
        if self.hover is not None and self.hover < len(self.targets):
            self._glow(surface, self.targets[self.hover], True)
        if self.reveal_shown():
            self._draw_vote_chips(surface)
        self.action_buttons.draw(surface, self.app.fonts)
        self.buttons.draw(surface, self.app.fonts)
        self.log.draw(surface)

    def reveal_shown(self) -> bool:
        return bool(self.view.get("last_votes")) and (self.reveal_clock > 0 or self.view["phase"] == "over")

    def _draw_vote_chips(self, surface: pygame.Surface) -> None:
        """Everyone's revealed vote, as a small vote card over their card slot."""
        px, fonts, t = self.app.px, self.app.fonts, self.app.t
        for seat, vote in self.view["last_votes"].items():
            slot, _ = self.seat_rects(int(seat))
            fill = theme.VERMILION if vote == "battle" else (44, 62, 110)
            ts = fonts.text(t("xw.vote." + vote), px(15), theme.WHITE, bold=True)
            r = pygame.Rect(0, 0, ts.get_width() + px(14), px(28))
            r.center = (slot.centerx, slot.bottom - px(12))
            pygame.draw.rect(surface, theme.GOLD, r.inflate(4, 4), border_radius=px(7))
            pygame.draw.rect(surface, fill, r, border_radius=px(6))
            surface.blit(ts, ts.get_rect(center=r.center))

    def _draw_notice(self, surface: pygame.Surface) -> None:
        px, fonts = self.app.px, self.app.fonts
        ts = fonts.text(self.message, px(18), theme.WHITE, bold=True)
        r = pygame.Rect(0, 0, ts.get_width() + px(36), px(44))
        r.midbottom = (self.table.centerx, self.table.bottom - self.block[1] - px(14))
        pygame.draw.rect(surface, theme.VERMILION_DARK, r, border_radius=px(10))
        pygame.draw.rect(surface, theme.GOLD, r, 2, border_radius=px(10))
        surface.blit(ts, ts.get_rect(center=r.center))

"""The side card of the European Union table while a bill is on the floor: the bill and what it
needs, the discussion's countdown with the chair's "call the vote" (a bot in the chair waits for
the people at the table: each says "ready to vote" here, or the countdown ends the discussion),
then the two vote cards (pieces: a click votes yes or no in secret), or the viewer's own vote and
how many have voted.

Several people at one screen watch the discussion together on the public view: each has a button
with their name that puts up their own hand-off screen and shows their own view (their stars on
the bill, their influence, a gift), where they say they are ready (or, as chair, call the vote) and
go back to the table. No one can say it for another on the shared screen."""
from __future__ import annotations

import pygame

from game.european_union import data as cards
from game.european_union.describe import bill_name
from game.european_union.discussion import DISCUSSION_SECONDS

from ..ui import theme
from ..ui.cached_group import CachedGroup
from ..ui.piece import Piece
from ..ui.panel import Intent
from ..ui.textfit import blit_lines, fit_text
from ..ui.widgets import Button
from . import cards as art
from . import tips
from .base import EUPanel, blit_lines_within, line_step, side_frame, side_head_bottom, text_grow



class VotePanel(EUPanel):
    def head_grow(self) -> int:
        """How far the title, the bill's name and the method line push what is under them down at
        the text size (0 at 100 %)."""
        return text_grow(self, 18) + text_grow(self, 15) + text_grow(self, 13)

    def hint_top(self) -> int:
        """The top of the hint at the card's foot (the vote cards stay above it)."""
        return self.rect.bottom - self.px(10) - self.fonts.line_height(self.tx(13))

    def vote_rects(self) -> list[tuple[str, pygame.Rect]]:
        px, side = self.px, self.rect
        y = side.y + px(98) + self.head_grow()
        w = min(px(104), (side.w - px(50)) // 2, int((self.hint_top() - px(4) - y) / 1.3))
        h = int(w * 1.3)
        return [("yes", pygame.Rect(side.centerx - w - px(8), y, w, h)),
                ("no", pygame.Rect(side.centerx + px(8), y, w, h))]

    def refresh(self) -> None:
        v, px, t = self.view, self.px, self.t
        self.visible = v["phase"] in ("discuss", "vote") and v["current_bill"] is not None \
            and not self.scene.votes_shown()
        self.pieces.empty()
        self.buttons = CachedGroup()
        if not self.visible:
            return
        side = self.rect
        if v["phase"] == "discuss":
            if self.scene.watched_together():
                self._look_buttons()
            elif self.scene.match.looking_in_watched_moment is not None:
                self._own_view_buttons()
            elif self.scene.choosing():
                call = Button(lambda: t("eu.ui.call_vote"), lambda: self.say(Intent(action=("call_vote",))),
                              (side.x + px(20), side.bottom - px(62), side.w - px(40), px(46)),
                              style="primary", size=px(19), hotkey=pygame.K_RETURN)
                call.action = ("call_vote",)   # a guided game's pointer finds it
                self.buttons.add(call)
            elif self.scene.bot_chair_listens():
                self._ready_buttons()
            return
        if self.scene.can_act():
            live = self.scene.choosing()
            for vote, r in self.vote_rects():
                piece = Piece(("vote", vote), art.vote_card(self.fonts, t, vote, r.w), centre=r.center,
                              tip=tips.vote_card(t, vote))
                piece.action = ("vote", vote) if live else None
                piece.glowing = live
                self.pieces.add(piece)
        elif v["my_vote"]:
            img = art.vote_card(self.fonts, t, v["my_vote"], px(70))
            r = img.get_rect(midtop=(side.centerx, self._name_bottom() + px(30)))
            self.pieces.add(Piece(("my_vote",), img, centre=r.center,
                                  tip=t("eu.tip.my_vote", vote=t("eu.ui.vote_word." + v["my_vote"]))))

    def lift(self) -> int:
        """How far the buttons at the card's foot move up at a larger text size: the line under them
        (who calls the vote) is read at the text size (0 at 100 %)."""
        px = self.px
        return max(0, px(8) + self.fonts.line_height(self.tx(12), True) + px(5) - px(30))

    def person_rects(self) -> list[tuple[int, pygame.Rect]]:
        """Where each person at the table has their button (a bot chairs and they say "ready to
        vote", or the table watches together and they look): one wide button for a single person,
        two columns for several."""
        px, side = self.px, self.rect
        humans = self.scene.match.humans
        if len(humans) == 1:
            return [(humans[0], pygame.Rect(side.x + px(20), side.bottom - px(72) - self.lift(), side.w - px(40), px(44)))]
        cols, gap = 2, px(6)
        rows = (len(humans) + 1) // 2
        bottom = side.bottom - px(30) - self.lift()
        bh = min(px(34), (bottom - side.y - px(170) - self.head_grow()) // rows - gap)
        # A larger text size on a small window: the buttons keep a readable height where the room
        # under the card's head allows (the countdown moves up and gets smaller, clock_rect).
        roomy = (bottom - self._method_bottom() - px(44)) // rows - gap
        bh = max(bh, min(px(26), roomy))
        bw = (side.w - px(24) - gap) // cols
        top = bottom - rows * (bh + gap)
        return [(s, pygame.Rect(side.x + px(12) + (i % cols) * (bw + gap), top + (i // cols) * (bh + gap), bw, bh))
                for i, s in enumerate(humans)]

    def _look_buttons(self) -> None:
        """The discussion on the shared screen: each person's button puts up their own hand-off
        screen and their own view (Match.look_in_watched_moment); a bot chair counts who has said
        ready there."""
        px, t, scene = self.px, self.t, self.scene
        listens, chair = scene.bot_chair_listens(), self.view["chair"]
        for s, r in self.person_rects():
            done = listens and s in scene.ready
            if listens:
                key = "eu.ui.discuss.look_done" if done else "eu.ui.discuss.look_ready"
            else:
                key = "eu.ui.discuss.look_chair" if s == chair else "eu.ui.discuss.look"
            b = Button(t(key, name=scene.name(s)),
                       lambda s=s: self.say(Intent(call=lambda: scene.look_in_watched_moment(s))), r,
                       style="primary" if (listens and not done) or s == chair else "plain", size=px(14))
            self.buttons.add(b)

    def _own_view_buttons(self) -> None:
        """A person's own view of a discussion the table watches together: ready to vote (a bot
        chairs) or call the vote (the chair), and back to the table (the public view)."""
        px, t, scene, side = self.px, self.t, self.scene, self.rect
        seat = scene.viewer
        first = pygame.Rect(side.x + px(20), side.bottom - px(112) - self.lift(), side.w - px(40), px(42))
        back = pygame.Rect(side.x + px(20), side.bottom - px(64) - self.lift(), side.w - px(40), px(34))
        if scene.choosing():
            b = Button(t("eu.ui.call_vote"), lambda: self.say(Intent(action=("call_vote",))), first,
                       style="primary", size=px(18), hotkey=pygame.K_RETURN)
            b.action = ("call_vote",)
            self.buttons.add(b)
        elif scene.bot_chair_listens():
            done = seat in scene.ready
            b = Button(t("eu.ui.discuss.ready_done" if done else "eu.ui.discuss.ready"),
                       lambda: self.say(Intent(call=lambda: scene.say_ready(seat))), first,
                       style="plain" if done else "primary", size=px(18), hotkey=None if done else pygame.K_RETURN)
            b.enabled = not done
            self.buttons.add(b)
        # Nothing else to say here (a person in the chair calls the vote, or said ready already):
        # Enter takes them back to the table.
        alone = not any(b.enabled for b in self.buttons.widgets)
        self.buttons.add(Button(t("eu.ui.discuss.back"), lambda: self.say(Intent(call=scene.back_to_watched_moment)), back,
                                size=px(16), hotkey=pygame.K_RETURN if alone else None))

    def _ready_buttons(self) -> None:
        """The one person at the table says "ready to vote" (several look first: _look_buttons)."""
        px, t = self.px, self.t
        for s, r in self.person_rects():
            done = s in self.scene.ready
            b = Button(t("eu.ui.discuss.ready_done") if done else t("eu.ui.discuss.ready"),
                       lambda s=s: self.say(Intent(call=lambda: self.scene.say_ready(s))), r,
                       style="plain" if done else "primary", size=px(18), hotkey=pygame.K_RETURN)
            b.enabled = not done
            self.buttons.add(b)

    def _name_bottom(self) -> int:
        """The y under the bill's title line (the method line starts there)."""
        px, v, t = self.px, self.view, self.t
        nm = fit_text(self.fonts, bill_name(v["current_bill"], t), self.tx(15), theme.INK, self.rect.w - px(24), bold=True)
        title = t("eu.ui.vote.title") if self.scene.can_act() else t("eu.ui.vote.waiting_title")
        tt = fit_text(self.fonts, title, self.tx(18), theme.VERMILION_DARK, self.rect.w - px(20), bold=True)
        return self.rect.y + px(10) + line_step(self, tt, 18, True) + px(6) + line_step(self, nm, 15, True) + px(2)

    def paint(self, layer: pygame.Surface) -> None:
        v, px, t, fonts = self.view, self.px, self.t, self.fonts
        side = self.rect
        inner_w = side.w - px(24)
        bill = v["current_bill"]
        b = cards.load()["bill_by_id"][bill]
        mine = self.scene.can_act()
        if v["stage"] == "parliament":
            method = t("eu.ui.need.majority", needed=v["majority"], total=v["total_power"])
        elif b["method"] == "unanimity":
            method = t("eu.ui.need.unanimity", n=self.scene.n)
        else:
            method = t("eu.ui.need.qualified", needed=v["threshold"], total=self.scene.round_power())
        if v["phase"] == "discuss":
            y = side_frame(self, layer, t("eu.ui.discuss.title"))
        else:
            y = side_frame(self, layer, t("eu.ui.vote.title") if mine else t("eu.ui.vote.waiting_title"))
        nm = fit_text(fonts, bill_name(bill, t), self.tx(15), theme.INK, inner_w, bold=True)
        layer.blit(nm, nm.get_rect(midtop=(side.centerx, y)))
        y += line_step(self, nm, 15, True) + px(2)
        mt = fit_text(fonts, method, self.tx(13), theme.INK_SOFT, inner_w)
        layer.blit(mt, mt.get_rect(midtop=(side.centerx, y)))
        if v["phase"] == "discuss":
            listens = self.scene.bot_chair_listens()
            several = len(self.scene.match.humans) > 1   # the people's buttons: the small line under them
            r = pygame.Rect(side.x + px(14), self.clock_rect().bottom + px(6), inner_w, px(60))
            if self.head_grow() or several:   # the lines the room above the buttons holds
                foot = min((w.rect.y for w in self.buttons.widgets),
                           default=side.bottom - px(16) - fonts.line_height(self.tx(14), True))
                r.h = foot - px(4) - r.y if self.head_grow() else min(r.h, foot - px(4) - r.y)
                # The flavour whole or not at all (the bill card and its note read it whole)
                blit_lines_within(self, layer, t.name(b["flavour"]), self.tx(12), theme.INK_SOFT, r, centre=True,
                                  whole=True)
            else:
                blit_lines(layer, fonts, t.name(b["flavour"]), px(12), theme.INK_SOFT, r, centre=True)
            if listens or (several and not mine):
                words = t("eu.ui.discuss.wait", name=self.scene.name(v["chair"])) if not listens else \
                    self.bot_waits_words()
                wt = fit_text(fonts, words, self.tx(12), theme.VERMILION_DARK, inner_w, bold=True)
                at = wt.get_rect(midbottom=(side.centerx, side.bottom - px(8)))
                # Under the buttons and their shadows, or left off (the top bar's prompt says it too).
                if at.y >= max((b.rect.bottom for b in self.buttons.widgets), default=0) + px(3):
                    layer.blit(wt, at)
            elif not mine:
                wt = fit_text(fonts, t("eu.ui.discuss.wait", name=self.scene.name(v["chair"])), self.tx(14),
                              theme.VERMILION_DARK, inner_w, bold=True)
                layer.blit(wt, wt.get_rect(midbottom=(side.centerx, side.bottom - px(16))))
            return
        if mine:
            hint = fit_text(fonts, t("eu.ui.vote.hint"), self.tx(13), theme.INK_SOFT, inner_w)
            layer.blit(hint, hint.get_rect(midbottom=(side.centerx, side.bottom - px(10))))
            return
        mv = self.pieces.by_key(("my_vote",))
        if mv is not None:
            yt = fit_text(fonts, t("eu.ui.vote.yours"), self.tx(14), theme.INK, inner_w, bold=True)
            layer.blit(yt, yt.get_rect(midtop=(side.centerx, mv.rect.bottom + px(4))))
        done = sum(1 for p in v["players"] if p["has_voted"])
        wt = fit_text(fonts, t("eu.ui.vote.count", n=done, of=self.scene.n), self.tx(14), theme.VERMILION_DARK, inner_w,
                      bold=True)
        layer.blit(wt, wt.get_rect(midbottom=(side.centerx, side.bottom - px(14))))

    def bot_waits_words(self) -> str:
        """Whom a computer chair waits for: you alone; everyone at this screen; or, where people
        sit at other computers (a hosted table), those who have not said they are ready, by name."""
        t, scene = self.t, self.scene
        people, chair = scene.match.people_listened_to(), scene.name(self.view["chair"])
        if len(people) == 1:
            return t("eu.ui.discuss.bot_waits_one", name=chair)
        waiting = [p for p in people if p not in scene.ready]
        if not waiting or set(people) <= set(scene.match.humans):
            return t("eu.ui.discuss.bot_waits", name=chair)
        names = [t("eu.ui.you") if p == scene.viewer else scene.name(p) for p in waiting]
        return t("eu.ui.discuss.bot_waits_for", name=chair, names=t("eu.ui.discuss.names_sep").join(names))

    def draw(self, surface: pygame.Surface) -> None:
        if self.view["phase"] == "discuss" and not self.scene.scoring_open:
            self._draw_clock(surface)
        super().draw(surface)

    def _method_bottom(self) -> int:
        """The y under the discussion card's head: its title, the bill's name, the method line."""
        px, t = self.px, self.t
        nm = fit_text(self.fonts, bill_name(self.view["current_bill"], t), self.tx(15), theme.INK,
                      self.rect.w - px(24), bold=True)
        y = side_head_bottom(self, t("eu.ui.discuss.title")) + line_step(self, nm, 15, True) + px(2)
        return y + self.fonts.line_height(self.px(13)) + text_grow(self, 13)

    def clock_rect(self) -> pygame.Rect:
        """Where the countdown goes: its design place under the card's head, or where the buttons
        under it need that room (a larger text size on a small window), higher, between the head
        and the buttons, its figures smaller (never under a button)."""
        px = self.px
        top, h = self.rect.y + px(92) + self.head_grow(), px(70)
        floor = min((b.rect.y for b in self.buttons.widgets), default=self.rect.bottom) - px(4)
        if top + h > floor:
            top = max(self._method_bottom() + px(3), floor - h)
            h = max(px(30), floor - top)
        return pygame.Rect(self.rect.x, top, self.rect.w, h)

    def _draw_clock(self, surface: pygame.Surface) -> None:
        px, fonts = self.px, self.fonts
        rect = self.clock_rect()
        left = self.scene.countdown
        sec = int(left + 0.999)
        col = theme.VERMILION if sec <= 30 else theme.INK
        # The figures' ink is about 0.72 of their size: they fill the room over the bar (px(44) at most).
        size = max(px(18), min(px(44), int((rect.h - px(14)) / 0.8)))
        num = fonts.text(f"{sec // 60}:{sec % 60:02d}", size, col, bold=True)
        surface.blit(num, num.get_rect(center=(rect.centerx, rect.y + (rect.h - px(14)) * 26 // 56)))
        bar = pygame.Rect(rect.x + px(30), rect.bottom - px(10), rect.w - px(60), px(6))
        pygame.draw.rect(surface, theme.PARCHMENT_DARK, bar, border_radius=px(3))
        done = bar.copy()
        done.w = int(bar.w * left / DISCUSSION_SECONDS)
        pygame.draw.rect(surface, col, done, border_radius=px(3))

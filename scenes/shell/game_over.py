"""The end of a match: who won (with seals), the scores, play again, watch it again, or back to the menu.

A game subclasses GameOverScene to paint its own reveal (e.g. every hidden card
turned face up) into `reveal_rect`; the scene is shown only once the game is
over, so it may show everything the final public view holds.
"""
from __future__ import annotations

import logging

import pygame

from game.core.errors import SaveFailed
from game.core.match import Match, Seat

from .. import registry, settings_store
from .dialog import MessageScene
from .save_words import hints_words
from ..manager import Scene
from ..ui import draw, theme
from ..ui.textfit import fit_text
from ..ui.sound import results_sound
from ..ui.widgets import Button, Group

log = logging.getLogger("sifang")


class GameOverScene(Scene):
    opaque = True

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.view = match.state.view(None)  # the public view: at the end it holds the full reveal
        self.static: pygame.Surface | None = None
        self.group = Group()
        self.sounded = False

    # -- hooks for a game -------------------------------------------------------
    def show_scores(self) -> bool:
        return "scores" in self.view

    def paint_reveal(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Paint the game's own reveal into rect (nothing for a plain game)."""

    def reason(self) -> str:
        """One line saying why the winners won."""
        return ""

    def title(self) -> str:
        """The heading: "Game over" and the game's name, unless the game names its ending."""
        return self.app.t("over.title") + " · " + self.app.t.name(self.match.spec.names)

    def record_here(self) -> bool:
        """Is the game's record on this computer? Play again, Watch again and Review start from it;
        at a seat played from another computer (game/net/remote_match.py) only the host has it."""
        return callable(getattr(self.match, "to_save", None))

    # -- layout and painting -------------------------------------------------------
    def winners(self) -> list[int]:
        return list(self.view.get("winners") or [])

    def layout(self, w: int, h: int) -> None:
        px, tx, t = self.app.px, self.app.tx, self.app.t
        m = px(16)
        # The reason under the title takes up to two lines (read at the text size); the rest of the
        # screen starts below it.
        self._why = self.app.fonts.wrap(self.reason(), tx(17), w - px(40))[:2] if self.reason() else []
        hints = hints_words(t, [s.name for s in self.match.seats], self.match.hints_taken)
        if hints:  # a win with hints is never taken for one without
            self._why = self._why[:1] + [hints]
        top = max(px(86), px(56) + len(self._why) * tx(23) + px(6))
        self.side = pygame.Rect(w - px(310) - m, top, px(310), h - top - px(80))
        self.reveal_rect = pygame.Rect(m, top, self.side.x - 2 * m, h - top - px(80))
        bw, bh, gap = px(190), px(48), px(20)
        y = h - px(66)
        self.watch_button = Button(lambda: t("over.watch_again"), self.watch_again,
                                   (w // 2 - bw // 2, y, bw, bh), size=px(19), hotkey=pygame.K_w)
        self.review_button = Button(lambda: t("review.button"), self.review,
                                    (w // 2 + bw // 2 + gap, y, bw, bh), size=px(19), hotkey=pygame.K_v)
        buttons = [
            Button(lambda: t("over.main_menu"), lambda: registry.back_to_menu(self.app),
                   (0, y, bw, bh), size=px(19), hotkey=pygame.K_ESCAPE),
            self.watch_button,
            self.review_button,
            Button(lambda: t("over.play_again"), self.play_again, (0, y, bw, bh),
                   style="primary", size=px(19), hotkey=pygame.K_RETURN),
        ]
        if not self.record_here():   # a seat played from another computer: the host has the record
            buttons = buttons[:1]
        x = w // 2 - (len(buttons) * bw + (len(buttons) - 1) * gap) // 2
        for b in buttons:
            b.rect.x = x
            x += bw + gap
        self.group = Group(buttons)
        self.static = self._paint(w, h)
        self.dirty = True

    def _paint(self, w: int, h: int) -> pygame.Surface:
        px, tx, fonts = self.app.px, self.app.tx, self.app.fonts
        surf = draw.table_background((w, h))
        title = fit_text(fonts, self.title(), px(30), theme.GOLD_LIGHT, w - px(40), bold=True)
        surf.blit(title, title.get_rect(midtop=(w // 2, px(14))))
        for i, line in enumerate(self._why):
            wt = fit_text(fonts, line, tx(17), theme.PARCHMENT, w - px(40))
            surf.blit(wt, wt.get_rect(midtop=(w // 2, px(54) + i * tx(23))))
        self.paint_reveal(surf, self.reveal_rect)
        self._paint_side(surf)
        if not self.record_here():   # where this game can be watched again and reviewed
            menu = self.group.widgets[0].rect
            room = w - menu.right - px(40)
            nt = fit_text(fonts, self.app.t("over.record_at_host"), tx(15), theme.PARCHMENT, room)
            surf.blit(nt, nt.get_rect(midleft=(menu.right + px(20), menu.centery)))
        return surf

    def _paint_side_head(self, surf: pygame.Surface) -> list[int]:
        """The side panel and its heading (winner / winners / nobody); the winners."""
        px, t = self.app.px, self.app.t
        r = self.side
        draw.panel(surf, r, radius=px(12), width=px(3))
        winners = self.winners()
        head = t("over.nobody") if not winners else t("over.winner" if len(winners) == 1 else "over.winners")
        ht = fit_text(self.app.fonts, head, self.app.tx(22), theme.VERMILION_DARK, r.w - px(32), bold=True)
        surf.blit(ht, (r.x + px(16), r.y + px(12)))
        return winners

    def order(self) -> list[int]:
        """The seats as they finished: the winners, then by score (a game with its own tie-breaks
        says so), then in seat order."""
        winners = self.winners()
        scores = self.view.get("scores") if self.show_scores() else None
        return sorted(range(len(self.match.seats)), key=lambda s: (s not in winners, -(scores[s] if scores else 0), s))

    def _paint_side(self, surf: pygame.Surface) -> None:
        px, tx, t, fonts = self.app.px, self.app.tx, self.app.t, self.app.fonts
        k = self.app.text_scale   # names and points are read: at the text size, the rows under a taller heading
        r = self.side
        winners = self._paint_side_head(surf)
        y = r.y + px(12) + tx(40)
        scores = self.view.get("scores") if self.show_scores() else None
        order = self.order()
        row_h = min(px(52), (r.bottom - y - px(10)) // max(1, len(order)))
        for s in order:
            won = s in winners
            colour = theme.seat_colour(s)
            c = (r.x + px(30), y + row_h // 2)
            if won:
                draw.seal(surf, c, px(18))
                wt = fit_text(fonts, t("over.seal"), px(16), theme.WHITE, px(27), bold=True)
                surf.blit(wt, wt.get_rect(center=c))
            else:
                pygame.draw.circle(surf, theme.PARCHMENT_DARK, c, px(14))
            badge = pygame.Rect(r.x + px(56), c[1] - px(11), px(22), px(22))
            pygame.draw.rect(surf, colour, badge, border_radius=px(5))
            lt = fonts.text(theme.SEAT_LETTERS[s], px(14), theme.WHITE, bold=True)
            surf.blit(lt, lt.get_rect(center=badge.center))
            room = r.right - badge.right - px(80 * k if scores else 16)
            nt = fit_text(fonts, self.match.seats[s].name, tx(18), theme.INK, room, bold=won)
            surf.blit(nt, (badge.right + px(8), c[1] - nt.get_height() // 2))
            if scores:
                st = fit_text(fonts, t("over.points", points=scores[s]), tx(17), theme.VERMILION_DARK, px(66 * k),
                              bold=True)
                surf.blit(st, st.get_rect(midright=(r.right - px(14), c[1])))
            y += row_h

    # -- input -----------------------------------------------------------------------
    def play_again(self) -> None:
        """Same seats and options, a fresh seed, a new table in place of this scene."""
        seats = [Seat(s.name, s.kind) for s in self.match.seats]
        options = self.match.state.record()["options"]
        path = self.match.autosave_path  # now in history/: the new game gets its own autosave
        if path is not None:
            path = settings_store.new_autosave_path(self.match.spec.key)
        try:
            new = Match.new(self.match.spec, seats, seed=None, options=options, autosave_path=path)
        except SaveFailed as exc:
            t = self.app.t
            self.app.manager.push(MessageScene(self.app, t("save.failed.title"), t(f"save.failed.{exc.kind}"),
                                               is_error=True))
            return
        hosted = self.app.hosted
        if hosted is not None and hosted.match is self.match:
            self._host_again(hosted, new)
            return
        registry.show_table(self.app, new, replace=True)

    def _host_again(self, hosted, new: Match) -> None:
        """A game hosted on the network is played again on a new table (a new code) with the same
        seats: this table closes first (after this frame: not under its lock), and each remote seat
        is kept for the person of that name."""
        from game.net.table import REMOTE
        from .lobby import open_hosted_table
        roles = [h.role for h in hosted.hosting.table.holds]
        named = [s.name if r == REMOTE else None for s, r in zip(self.match.seats, roles)]

        def reopen() -> None:
            self.app.close_table()
            open_hosted_table(self.app, new, roles, named, replace=True)
        self.app.after_frame(reopen)

    def review(self) -> None:
        """How each person played, decision by decision (kept beside the game in History)."""
        registry.open_review(self.app, self.match.to_save(), self.match.autosave_path)

    def watch_again(self) -> None:
        """The game just played, from its first move, on its own table (the results stay under it)."""
        registry.open_replay(self.app, self.match.to_save())

    def enter(self) -> None:
        if self.record_here():
            registry.review_ahead()   # its Review button's first press then costs no import
        if not self.sounded:  # a win, a shared win or a loss, for the people at the table, once
            self.sounded = True
            name = results_sound(self.winners(), self.match.humans)
            if name:
                self.app.sound.play(name)

    def handle(self, event):
        if self.group.handle(event):
            self.dirty = True
        return None

    def draw(self, surface: pygame.Surface) -> None:
        if self.static is not None:
            surface.blit(self.static, (0, 0))
        self.group.draw(surface, self.app.fonts)

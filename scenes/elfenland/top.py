"""The bar across the top of the Elfenland table: the game, the round and the stage on the left,
whose turn and what to do in the middle, and the Transport table, Rules and Menu buttons."""
from __future__ import annotations

import pygame

from ..ui import theme
from ..ui.cached_group import CachedGroup
from ..ui.textfit import blit_fit_centred, blit_wrap_centred, fit_text
from ..ui.top_bar import TopBar, prompt_lines
from ..ui.widgets import Button


class ElfTopBar(TopBar):
    def __init__(self, scene) -> None:
        super().__init__(scene, self.paint_words)

    def layout(self, rect: pygame.Rect, backdrop=None) -> None:
        """The kit's bar with the Elfenland table's measures, and a third button for the transport table."""
        super().layout(rect, backdrop)
        px, t, m, scene = self.px, self.t, self.px(8), self.scene
        bh, bw = px(38), px(100)
        # The transport table's name is longer than Rules and Menu: its button widens with the text
        # size (up to half as wide again) so its words stay as large as theirs.
        label = self.fonts.text(t("elf.ui.transport_table"), self.fonts.read(px(16)), theme.INK)
        tw = max(px(132), min(px(200), label.get_width() + px(16)))
        y = rect.centery - bh // 2
        w = rect.right
        self.btn_menu = Button(lambda: t("table.menu"), scene.ask_menu, (w - m - bw, y, bw, bh), size=px(17))
        self.btn_rules = Button(lambda: t("table.rules"), scene.open_rules, (w - 2 * m - 2 * bw, y, bw, bh),
                                size=px(17), hotkey=pygame.K_F1)
        self.btn_table = Button(lambda: t("elf.ui.transport_table"), scene.transport.toggle,
                                (w - 3 * m - 2 * bw - tw, y, tw, bh), size=px(16), hotkey=pygame.K_t)
        self.buttons = CachedGroup([self.btn_table, self.btn_rules, self.btn_menu])
        self.add_hint()

    def refresh(self) -> None:
        # The bar starts at the window's top left: its own picture takes the words in window pixels.
        pic = self.backdrop.subsurface(self.rect).copy()
        self.paint(pic)
        self.picture = pic

    def paint_words(self, layer: pygame.Surface) -> None:
        scene = self.scene
        px, t, fonts = self.px, self.t, self.fonts
        x0 = px(8) + px(6)
        name = fonts.text(t.name(scene.match.spec.names), px(19), theme.GOLD_LIGHT, bold=True)
        layer.blit(name, (x0, px(5)))
        it = self.corner_words()
        layer.blit(it, (x0, px(33)))
        who, what = scene.prompt()
        left = x0 + max(name.get_width(), it.get_width()) + px(24)
        right = self.text_right - px(14)
        tx = scene.app.tx   # the turn and the prompt are read: at the text size, the prompt wrapping
        blit_fit_centred(layer, fonts, who, tx(19), theme.WHITE, left, right, px(4), bold=True)
        blit_wrap_centred(layer, fonts, what, tx(15), theme.GOLD_LIGHT, left, right, px(4) + tx(28),
                          prompt_lines(scene.app), bold=True)

    def corner_words(self) -> pygame.Surface:
        """The round and the stage under the game's name, read at the text size: on two lines (the
        round, then the stage) where one is too long and the bar has room, else a step smaller."""
        t, v = self.t, self.view
        if v["phase"] == "over":
            parts = [t("elf.ui.over")]
        else:
            parts = [t("elf.round", round=v["round"], rounds=v["rounds"]), t("elf.phase." + v["phase"])]
        fonts, size, room = self.fonts, self.scene.app.tx(14), self.px(300)
        one = " · ".join(parts)
        line_h = fonts.line_height(size)
        if len(parts) == 2 and fonts.text(one, size).get_width() > room and self.px(33) + 2 * line_h <= self.rect.h:
            rows = [fit_text(fonts, part, size, theme.PARCHMENT, room) for part in parts]
            pic = pygame.Surface((max(r.get_width() for r in rows), 2 * line_h), pygame.SRCALPHA)
            for i, row in enumerate(rows):
                pic.blit(row, (0, i * line_h))
            return pic
        return fit_text(fonts, one, size, theme.PARCHMENT, room, min_size=self.px(14))

    def mouse_left(self) -> bool:
        return self.buttons.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(-1, -1), rel=(0, 0), buttons=(0, 0, 0)))

"""Fonts loaded by path (never Font(None): it breaks frozen builds) and cached text surfaces."""
from __future__ import annotations

from collections import OrderedDict

import pygame

from game.core.paths import resource_path

FONT_FILES = {False: "NotoSansCJKtc-Regular.otf", True: "NotoSansCJKtc-Bold.otf"}


class Fonts:
    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: OrderedDict = OrderedDict()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, int(size)), bold)
        f = self._fonts.get(key)
        if f is None:
            f = pygame.font.Font(str(resource_path("assets", "fonts", FONT_FILES[bold])), key[0])
            self._fonts[key] = f
        return f

    def text(self, text: str, size: int, colour=(0, 0, 0), bold: bool = False) -> pygame.Surface:
        """A rendered line, cached: text is drawn every frame but rendered once."""
        key = (text, int(size), tuple(colour), bold)
        surf = self._texts.get(key)
        if surf is None:
            surf = self.font(size, bold).render(text, True, colour)
            self._texts[key] = surf
            if len(self._texts) > 3000:
                self._texts.popitem(last=False)
        else:
            self._texts.move_to_end(key)
        return surf

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Lines that fit `width`: break at spaces for Latin text, anywhere between CJK characters."""
        font = self.font(size, bold)
        lines: list[str] = []
        for para in text.split("\n"):
            line = ""
            for token in _tokens(para):
                trial = line + token
                if line and font.size(trial.rstrip())[0] > width:
                    lines.append(line.rstrip())
                    line = token.lstrip()
                else:
                    line = trial
            lines.append(line.rstrip())
        return lines


NO_LINE_START = set("，。、；：！？）」』》〉,.;:!?)")


def _tokens(text: str) -> list[str]:
    """Words with their trailing space, and each CJK character on its own."""
    out: list[str] = []
    word = ""
    for ch in text:
        if ch in NO_LINE_START and out and not word:
            out[-1] += ch  # keep closing punctuation with the character before it
            continue
        if ord(ch) >= 0x2E80:
            if word:
                out.append(word)
                word = ""
            out.append(ch)
        elif ch == " ":
            out.append(word + " ")
            word = ""
        else:
            word += ch
    if word:
        out.append(word)
    return out

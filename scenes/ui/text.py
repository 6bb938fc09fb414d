"""Fonts loaded by path (never Font(None): it breaks frozen builds), cached text surfaces and
cached wrapped lines. Both caches are bounded by the bytes they hold (a surface's pixels, a
line's characters), not by a count: a thousand small labels cost what a few large titles do."""
from __future__ import annotations

import pygame

from game.core.paths import resource_path

from .byte_cache import ByteLRU

FONT_FILES = {False: "NotoSansCJKtc-Regular.otf", True: "NotoSansCJKtc-Bold.otf"}
TEXT_CACHE_BYTES = 12 * 1024 * 1024   # rendered lines (32-bit pixels): several tables' worth
WRAP_CACHE_BYTES = 2 * 1024 * 1024    # wrapped paragraphs (about 4 bytes a character)
WIDTH_CACHE_BYTES = 1024 * 1024       # the widths of words and characters, for wrapping
# Open font faces, one per size and weight (pygame's Font opens the file's face again for every
# size). A face of a CJK font holds tables that grow with the font's glyphs: measured 2.4 MB for
# the full 16 MB font and 0.8 MB for the build's 3.6 MB subset, about 0.37 MB and an eighth of the
# file. A table asks for fifteen to twenty sizes when it opens, then a few at a time (an action's
# new words), and a face opens again in 2-4 ms: the budget keeps all of the build's faces a table
# uses and eight of the full fonts' (40 MB held 17 full faces, 40 MB of a 180 MB peak; 10 MB made
# a person's move in Xuanwu's 7-player game reopen faces, up to 49 ms a frame: issue 31).
FONT_FACES_BYTES = 20 * 1024 * 1024
FACE_FIXED_BYTES = 370_000
FACE_SHARE_OF_FILE = 1 / 8


# The settings' text size, per cent of the design's: what a person reads (logs, prompts, tooltips,
# rules, menus, dialogs) is asked for at App.tx(n), not px(n); the pieces' own printing (a card's
# face, a counter, a plate's figures) is part of their picture and keeps px (a close-up reads it).
TEXT_SIZES = (100, 125, 150)


class Fonts:
    def __init__(self) -> None:
        self.text_scale = 1.0   # the settings' text size as a factor (App.set_text_size)
        self._fonts = ByteLRU(FONT_FACES_BYTES)  # (size, bold) -> Font; a face dropped is opened again if asked
        self._texts = ByteLRU(TEXT_CACHE_BYTES)
        self._wraps = ByteLRU(WRAP_CACHE_BYTES)
        self._widths = ByteLRU(WIDTH_CACHE_BYTES)
        self.renders = 0  # lines rendered and paragraphs wrapped (not taken from the caches), for tests
        self.wraps = 0

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, int(size)), bold)
        f = self._fonts.get(key)
        if f is None:
            path = resource_path("assets", "fonts", FONT_FILES[bold])
            f = pygame.font.Font(str(path), key[0])
            self._fonts.put(key, f, FACE_FIXED_BYTES + int(_file_size(path) * FACE_SHARE_OF_FILE))
        return f

    def read(self, size: float) -> int:
        """A text size given at 100 % (already scaled to the window), at the settings' text size:
        the widgets' labels (which know no app) grow with it through this."""
        return int(round(size * self.text_scale))

    def line_height(self, size: int, bold: bool = False) -> int:
        """The height of a line of text at `size`: rows laid out around text keep to it."""
        return self.font(size, bold).get_linesize()

    def text(self, text: str, size: int, colour=(0, 0, 0), bold: bool = False) -> pygame.Surface:
        """A rendered line, cached: text is drawn every frame but rendered once."""
        key = (text, int(size), tuple(colour), bold)
        surf = self._texts.get(key)
        if surf is None:
            surf = self.font(size, bold).render(text, True, colour)
            self.renders += 1
            self._texts.put(key, surf, 64 + surf.get_width() * surf.get_height() * surf.get_bytesize())
        return surf

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Lines that fit `width`: break at spaces for Latin text, anywhere between CJK characters.
        Cached: a text wrapped again at the same size and width costs a look-up."""
        key = (text, int(size), int(width), bold)
        lines = self._wraps.get(key)
        if lines is None:
            lines = self._wrap(text, size, width, bold)
            self.wraps += 1
            self._wraps.put(key, lines, 100 + 4 * len(text) + 60 * len(lines))
        return list(lines)

    def _wrap(self, text: str, size: int, width: int, bold: bool) -> list[str]:
        """Greedy: each token joins the line while the line still fits. Measuring every trial line
        costs a size() of ever longer strings (slow for a long paragraph); the sum of the tokens'
        own widths tells where a line may end, and only there is the real line measured."""
        font = self.font(size, bold)
        margin = max(4, size // 3)  # more than kerning can make the joined line differ from the sum
        widths = self._widths

        def w(s: str) -> int:  # a token's width, kept: the same characters come back in every text
            key = (s, size, bold)
            v = widths.get(key)
            if v is None:
                v = font.size(s)[0] if s else 0
                widths.put(key, v, 80 + 4 * len(s))
            return v

        lines: list[str] = []
        for para in text.split("\n"):
            line, est = "", 0  # est: the sum of the widths of the line's tokens
            for token in _tokens(para):
                trial = line + token
                if line and est + w(token.rstrip()) > width - margin and font.size(trial.rstrip())[0] > width:
                    lines.append(line.rstrip())
                    line = token.lstrip()
                    est = w(line)
                else:
                    line, est = trial, est + w(token)
            lines.append(line.rstrip())
        return lines


_SIZES: dict = {}


def _file_size(path) -> int:
    size = _SIZES.get(path)
    if size is None:
        try:
            size = _SIZES[path] = path.stat().st_size
        except OSError:
            size = 0
    return size


# Punctuation that may not begin a line (it stays with what comes before it) and that may not end
# one (it stays with what follows), Chinese and Latin alike.
NO_LINE_START = set("，。、；：！？）」』》〉】〕”’…,.;:!?)]}%")
NO_LINE_END = set("（「『《〈【〔“‘([{")


def _tokens(text: str) -> list[str]:
    """Words with their trailing space, and each CJK character on its own: the places a line may
    break. Closing punctuation joins what stands before it, whether a CJK character or a Latin word
    ("Alice。" never breaks before its "。"); opening punctuation joins what follows it."""
    out: list[str] = []
    word = ""      # a Latin word being built
    opening = ""   # opening punctuation waiting for what it opens
    for ch in text:
        if ch in NO_LINE_START and (word or out) and not opening:
            if word:
                word += ch
                if ord(ch) >= 0x2E80:  # a Chinese mark ends the word: a line may break after it
                    out.append(word)
                    word = ""
            else:
                out[-1] += ch
            continue
        if ch in NO_LINE_END:
            if word:
                out.append(word)
                word = ""
            opening += ch
            continue
        if ord(ch) >= 0x2E80:
            if word:
                out.append(word)
                word = ""
            out.append(opening + ch)
            opening = ""
        elif ch == " ":
            out.append(opening + word + " ")
            word = opening = ""
        else:
            word = opening + word + ch if opening else word + ch
            opening = ""
    if word or opening:
        out.append(opening + word)
    return out

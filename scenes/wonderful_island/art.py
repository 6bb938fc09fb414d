"""The Wonderful Island's pictures, drawn by code: effect cards (assist, hinder, strategy), their back,
secret-meeting cards, faction cards, character cards, tokens (vote, iron vote, summons) and dice.

Every picture is a pure function of (what, size, language) and is cached, so panels compose their
pictures by blitting ready-made surfaces.
"""
from __future__ import annotations

import pygame

from game.wonderful_island import data
from scenes.ui import draw, theme
from scenes.ui.byte_cache import PICTURE_CACHE_BYTES, PictureCache
from scenes.ui.textfit import fit_text

FELT = (28, 66, 82)            # the island's sea
FELT_DARK = (18, 44, 56)
KIND_RGB = {"assist": (190, 138, 36), "hinder": (170, 46, 38), "strategy": (64, 70, 140)}
CAMP_RGB = {"blue": (40, 90, 180), "green": (44, 136, 70), "politician": (122, 86, 150)}
VENUE_RGB = {"rally": (176, 70, 52), "grassroots": (98, 126, 58), "street": (182, 128, 46),
             "legislature": (70, 84, 128), "poaching": (112, 72, 112), "debate": (46, 110, 132)}
CARD_RATIO = 1.4
_cache = PictureCache(PICTURE_CACHE_BYTES)  # bounded by the pictures' bytes, not their number


def _cached(key: tuple, make) -> pygame.Surface:
    return _cache.get_or_make(key, lambda: draw.ready(make()))


def card_size(w: int) -> tuple[int, int]:
    return w, int(round(w * CARD_RATIO))


def ink_on(colour: tuple) -> tuple:
    r, g, b = colour[:3]
    return theme.INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else theme.WHITE


def _frame(w: int, h: int, edge: tuple, fill=theme.PARCHMENT) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(4, w // 12)
    pygame.draw.rect(surf, edge, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, fill, surf.get_rect().inflate(-max(4, w // 16), -max(4, w // 16)),
                     border_radius=max(2, radius - 2))
    return surf


def _wrap(surf: pygame.Surface, fonts, text: str, size: int, colour, rect: pygame.Rect, bold=False) -> int:
    """Wrap text into rect, shrinking it a little until it fits; what still does not fit ends in "…".
    Returns the bottom of the last line."""
    lines, s, line_h = [], size, int(size * 1.3)
    for s in range(size, max(8, size - 4) - 1, -1):
        lines = fonts.wrap(text, s, rect.w, bold)
        line_h = int(s * 1.3)
        if len(lines) * line_h <= rect.h:
            break
    room = max(1, rect.h // line_h)
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = lines[-1].rstrip()[:-1] + "…"
    y = rect.y
    for line in lines:
        surf.blit(fonts.text(line, s, colour, bold), (rect.x, y))
        y += line_h
    return y


def _name_lines(fonts, name: str, width: int, size: int) -> tuple[list[str], int]:
    """A card's name in at most two lines, as large as fits."""
    for s in range(size, 7, -1):
        lines = fonts.wrap(name, s, width, True)
        if len(lines) <= 2 and all(fonts.text(x, s, theme.WHITE, True).get_width() <= width for x in lines):
            return lines, s
    return fonts.wrap(name, 8, width, True)[:2], 8


# -- effect cards -------------------------------------------------------------------------
def effect_card(fonts, t, cid: str, w: int) -> pygame.Surface:
    """An effect card face: the kind's colour, its name, what it does and when it is played."""
    def make() -> pygame.Surface:
        c = data.card(cid)
        w_, h = card_size(w)
        colour = KIND_RGB[c["kind"]]
        surf = _frame(w_, h, colour)
        pad = max(4, w_ // 14)
        band = pygame.Rect(pad // 2 + 1, pad // 2 + 1, w_ - pad - 2, int(h * 0.25))
        pygame.draw.rect(surf, colour, band, border_radius=max(2, w_ // 16))
        name = t.name(c["name"])
        lines, big = _name_lines(fonts, name, band.w - 4, max(10, w_ // 7))
        y = band.centery - len(lines) * int(big * 1.15) // 2
        for line in lines:
            ts = fit_text(fonts, line, big, theme.WHITE, band.w - 4, bold=True)
            surf.blit(ts, ts.get_rect(midtop=(band.centerx, y)))
            y += int(big * 1.15)
        kind = fit_text(fonts, t("wi.ui.kind." + c["kind"]), max(8, w_ // 11), colour, w_ - 2 * pad, bold=True)
        surf.blit(kind, kind.get_rect(midtop=(w_ // 2, band.bottom + 2)))
        body = pygame.Rect(pad + 1, band.bottom + kind.get_height() + 4, w_ - 2 * pad - 2, 0)
        timing = fit_text(fonts, t("wi.ui.timing." + c["timing"]), max(8, w_ // 12), theme.INK_SOFT, w_ - 2 * pad)
        body.h = h - body.y - timing.get_height() - pad
        _wrap(surf, fonts, t.name(c["text"]), max(9, w_ // 9), theme.INK, body)
        surf.blit(timing, timing.get_rect(midbottom=(w_ // 2, h - pad // 2 - 1)))
        return surf
    return _cached(("effect", cid, w, t.lang), make)


def card_back(w: int) -> pygame.Surface:
    """The effect cards' back: night sea, a gold island and its name."""
    def make() -> pygame.Surface:
        w_, h = card_size(w)
        surf = _frame(w_, h, theme.GOLD, FELT_DARK)
        inner = surf.get_rect().inflate(-w_ // 6, -w_ // 6)
        for i in range(6):  # waves
            y = inner.y + inner.h * (0.55 + 0.07 * i)
            pygame.draw.arc(surf, (*theme.GOLD, 120), pygame.Rect(inner.x, y, inner.w, w_ // 5), 0.2, 2.9, 1)
        island = [(inner.centerx - w_ * 0.28, inner.y + inner.h * 0.55), (inner.centerx - w_ * 0.1, inner.y + inner.h * 0.28),
                  (inner.centerx + w_ * 0.05, inner.y + inner.h * 0.2), (inner.centerx + w_ * 0.2, inner.y + inner.h * 0.34),
                  (inner.centerx + w_ * 0.3, inner.y + inner.h * 0.55)]
        pygame.draw.polygon(surf, theme.GOLD, island)
        pygame.draw.rect(surf, theme.GOLD_LIGHT, inner, 1, border_radius=max(2, w_ // 16))
        return surf
    return _cached(("back", w), make)


# -- secret meetings ------------------------------------------------------------------------
def meeting_back(w: int) -> pygame.Surface:
    """A sealed envelope: a secret-meeting card face down."""
    def make() -> pygame.Surface:
        w_, h = card_size(w)
        surf = _frame(w_, h, theme.WOOD, (226, 210, 176))
        flap = [(w_ * 0.08, h * 0.12), (w_ * 0.5, h * 0.45), (w_ * 0.92, h * 0.12)]
        pygame.draw.lines(surf, theme.WOOD, False, flap, max(1, w_ // 40))
        seal = (int(w_ * 0.5), int(h * 0.45))
        draw.seal(surf, seal, max(6, w_ // 6))
        return surf
    return _cached(("mback", w), make)


def meeting_card(fonts, t, mid: str, w: int) -> pygame.Surface:
    """A secret-meeting card read by its holder: its instruction in full."""
    def make() -> pygame.Surface:
        w_, h = card_size(w)
        surf = _frame(w_, h, theme.WOOD, (236, 222, 190))
        pad = max(4, w_ // 12)
        title = fit_text(fonts, t("wi.ui.meeting"), max(9, w_ // 8), theme.VERMILION_DARK, w_ - 2 * pad, bold=True)
        surf.blit(title, title.get_rect(midtop=(w_ // 2, pad)))
        text = meeting_words(mid, t.lang)
        _wrap(surf, fonts, text, max(9, w_ // 9), theme.INK,
              pygame.Rect(pad, pad + title.get_height() + 4, w_ - 2 * pad, h - 2 * pad - title.get_height() - 4))
        return surf
    return _cached(("meeting", mid, w, t.lang), make)


def meeting_words(mid: str, lang: str) -> str:
    """A secret-meeting card's instruction without its "Secret meeting:" heading."""
    return data.meeting_text(mid, lang).split("：", 1)[-1].split(": ", 1)[-1]


# -- secrets face up (a replay with every hidden card) ------------------------------------------
MEETING_RGB = (236, 222, 190)   # the secret-meeting cards' paper


def lock(size: int, colour: tuple) -> pygame.Surface:
    """A small padlock: this was secret at that moment."""
    def make() -> pygame.Surface:
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        body = pygame.Rect(0, size * 4 // 9, size, size - size * 4 // 9)
        pygame.draw.rect(s, colour, body, border_radius=max(1, size // 8))
        shackle = pygame.Rect(size // 5, 0, size - 2 * (size // 5), size * 8 // 9)
        pygame.draw.arc(s, colour, shackle, 0, 3.1416, max(1, size // 6))
        pygame.draw.line(s, colour, (shackle.x, shackle.centery), (shackle.x, body.y), max(1, size // 6))
        pygame.draw.line(s, colour, (shackle.right - max(1, size // 6), shackle.centery),
                         (shackle.right - max(1, size // 6), body.y), max(1, size // 6))
        return s
    return _cached(("lock", size, colour), make)


def secret_chip(fonts, text: str, fill: tuple, w: int, h: int, locked: bool = True) -> pygame.Surface:
    """A hidden card or faction as a small labelled chip, with a padlock at its end while it is secret."""
    def make() -> pygame.Surface:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, h // 4)
        pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=radius)
        pygame.draw.rect(surf, theme.WOOD, surf.get_rect(), 1, border_radius=radius)
        ink = ink_on(fill)
        pad, room = max(3, h // 4), w - 2 * max(3, h // 4)
        if locked:
            mark = lock(max(6, h * 5 // 9), ink)
            surf.blit(mark, (w - pad - mark.get_width(), (h - mark.get_height()) // 2))
            room -= pad + mark.get_width()
        size = max(9, h * 5 // 8)  # one size for every chip: a long name is cut, not shrunk
        label = fit_text(fonts, text, size, ink, room, bold=True, min_size=size)
        surf.blit(label, (pad, (h - label.get_height()) // 2))
        return surf
    return _cached(("chip", text, fill, w, h, locked), make)


# -- factions and characters -----------------------------------------------------------------------
def faction_card(fonts, t, camp: str, w: int) -> pygame.Surface:
    def make() -> pygame.Surface:
        w_, h = card_size(w)
        colour = CAMP_RGB[camp]
        surf = _frame(w_, h, theme.GOLD, colour)
        pad = max(4, w_ // 10)
        label = fit_text(fonts, t("wi.ui.faction"), max(9, w_ // 9), ink_on(colour), w_ - 2 * pad)
        surf.blit(label, label.get_rect(midtop=(w_ // 2, pad)))
        name = fit_text(fonts, data.camp_name(camp, t.lang), max(12, w_ // 4), ink_on(colour), w_ - 2 * pad, bold=True)
        surf.blit(name, name.get_rect(center=(w_ // 2, h // 2)))
        return surf
    return _cached(("faction", camp, w, t.lang), make)


def faction_back(w: int) -> pygame.Surface:
    def make() -> pygame.Surface:
        w_, h = card_size(w)
        surf = _frame(w_, h, theme.GOLD, (60, 52, 44))
        pygame.draw.circle(surf, theme.GOLD, (w_ // 2, h // 2), max(5, w_ // 5), max(1, w_ // 30))
        return surf
    return _cached(("fback", w), make)


def character_card(fonts, t, cid: str, w: int, h: int, mark=None) -> pygame.Surface:
    """A character in full: name and title, the two active skills, the locked skill and the
    Politician condition (with this table's numbers when the mark is given)."""
    def make() -> pygame.Surface:
        c = data.character(cid)
        surf = _frame(w, h, theme.WOOD)
        pad = max(6, w // 22)
        name = fit_text(fonts, t.name(c["name"]), max(13, w // 12), theme.INK, w - 2 * pad, bold=True)
        surf.blit(name, (pad, pad))
        y = pad + name.get_height()
        title = fit_text(fonts, t.name(c["title"]), max(10, w // 18), theme.INK_SOFT, w - 2 * pad)
        surf.blit(title, (pad, y))
        y += title.get_height() + 4
        size = max(10, w // 20)
        room = h - y - pad
        parts = [(t("wi.ui.active"), data.skill_text(sk, t.lang), theme.JADE) for sk in c["skills"][:2]]
        parts.append((t("wi.ui.locked"), data.skill_text(c["skills"][2], t.lang), theme.VERMILION))
        parts.append((t("wi.ui.condition"), data.win_text(c["win"], t.lang, mark), CAMP_RGB["politician"]))
        share = room // len(parts)
        for label, text, colour in parts:
            tag = fonts.text(label, size, colour, True)
            surf.blit(tag, (pad, y))
            if share < tag.get_height() + 2 * int(size * 1.3):  # small: the text follows the tag
                x = pad + tag.get_width() + 4
                _wrap(surf, fonts, text, size, theme.INK, pygame.Rect(x, y, w - x - pad, share - 1))
            else:
                _wrap(surf, fonts, text, size, theme.INK,
                      pygame.Rect(pad, y + tag.get_height(), w - 2 * pad, share - tag.get_height() - 2))
            y += share
        return surf
    return _cached(("char", cid, w, h, t.lang, mark), make)


# -- tokens and dice ----------------------------------------------------------------------------------
def token(kind: str, size: int) -> pygame.Surface:
    """vote: a white ballot with a red tick; iron: a steel shield; summons: a court paper with a seal."""
    def make() -> pygame.Surface:
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        r = pygame.Rect(0, 0, size, size).inflate(-2, -2)
        if kind == "vote":
            pygame.draw.rect(s, theme.WHITE, r, border_radius=max(2, size // 6))
            pygame.draw.rect(s, theme.INK_SOFT, r, 1, border_radius=max(2, size // 6))
            pygame.draw.lines(s, theme.VERMILION, False, [(r.x + r.w * 0.22, r.y + r.h * 0.52),
                                                          (r.x + r.w * 0.42, r.y + r.h * 0.74),
                                                          (r.x + r.w * 0.8, r.y + r.h * 0.26)], max(2, size // 7))
        elif kind == "iron":
            pts = [(r.x + r.w * 0.5, r.y), (r.right, r.y + r.h * 0.2), (r.right - r.w * 0.08, r.y + r.h * 0.7),
                   (r.x + r.w * 0.5, r.bottom), (r.x + r.w * 0.08, r.y + r.h * 0.7), (r.x, r.y + r.h * 0.2)]
            pygame.draw.polygon(s, (86, 94, 104), pts)
            pygame.draw.polygon(s, (200, 206, 214), pts, max(1, size // 10))
        elif kind == "summons":
            paper = r.inflate(-size // 6, 0)
            pygame.draw.rect(s, (246, 234, 170), paper, border_radius=max(1, size // 10))
            for i in range(3):
                y = paper.y + paper.h * (0.25 + 0.18 * i)
                pygame.draw.line(s, theme.INK_SOFT, (paper.x + 3, y), (paper.right - 3, y), 1)
            pygame.draw.circle(s, theme.VERMILION, (paper.right - size // 5, paper.bottom - size // 5), max(2, size // 6))
        return s
    return _cached(("token", kind, size), make)


def die(value: int, size: int, kept: bool = True) -> pygame.Surface:
    def make() -> pygame.Surface:
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        fill = theme.WHITE if kept else theme.PARCHMENT_DARK
        pygame.draw.rect(s, fill, s.get_rect(), border_radius=max(3, size // 6))
        pygame.draw.rect(s, theme.INK, s.get_rect(), 2, border_radius=max(3, size // 6))
        spots = {1: [(0.5, 0.5)], 2: [(0.28, 0.28), (0.72, 0.72)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
                 4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
                 5: [(0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)],
                 6: [(0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)]}[value]
        for x, y in spots:
            pygame.draw.circle(s, theme.VERMILION if value == 1 else theme.INK, (int(x * size), int(y * size)),
                               max(2, size // 10))
        return s
    return _cached(("die", value, size, kept), make)

"""The Wonderful Island's pictures, drawn by code: the effect cards' back, the secret-meeting cards'
envelope, character cards (the player's own with their faction), tokens (vote, iron vote, summons,
cards in hand, meeting cards, the total) and dice. The faces of the cards a player reads at the table
are in faces.py.

Every picture is a pure function of (what, size, language) and is cached, so panels compose their
pictures by blitting ready-made surfaces.
"""
from __future__ import annotations

import pygame

from game.wonderful_island import data
from scenes.ui import draw, theme
from scenes.ui.byte_cache import PICTURE_CACHE_BYTES, PictureCache
from scenes.ui.textfit import fit_text

from .lettering import LINE, MIN_TEXT, block, fit_lines, line_surface, paint_lines

FELT = (28, 66, 82)            # the island's sea
FELT_DARK = (18, 44, 56)
# Card kinds (every card names its kind at its foot) and camps (a badge with the camp's letter, the
# camp's name on every chip); distinct sets chosen with tools/palette_check.py (docs/palette.md).
KIND_RGB = theme.GameColours("wi.kind", standard={
    "assist": (190, 138, 36), "hinder": (170, 46, 38), "strategy": (64, 70, 140)}, distinct={
    "assist": (232, 175, 45), "hinder": (190, 60, 70), "strategy": (60, 110, 230)}, floor=26)
CAMP_RGB = theme.GameColours("wi.camp", standard={
    "blue": (40, 90, 180), "green": (44, 136, 70), "politician": (122, 86, 150)}, distinct={
    "blue": (38, 66, 150), "green": (70, 170, 60), "politician": (200, 130, 180)}, floor=28)
VENUE_RGB = {"rally": (176, 70, 52), "grassroots": (98, 126, 58), "street": (182, 128, 46),
             "legislature": (70, 84, 128), "poaching": (112, 72, 112), "debate": (46, 110, 132)}
MEETING_RGB = (236, 222, 190)   # the secret-meeting cards' paper
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


def meeting_words(mid: str, lang: str) -> str:
    """A secret-meeting card's instruction without its "Secret meeting:" heading."""
    return data.meeting_text(mid, lang).split("：", 1)[-1].split(": ", 1)[-1]


# -- secrets face up (a replay with every hidden card) ------------------------------------------
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


# -- characters -----------------------------------------------------------------------
ACTION_SKILLS = ("start_cycle", "start_underdog", "start_clear", "peek_faction", "convert_iron", "frame", "snatch")
TURN_START_SKILLS = ("start_cycle", "start_underdog", "start_clear")


def skill_name(t, skill: dict) -> str:
    """The name printed on the character card of a skill used by a button (its buttons say it)."""
    return t("wi.ui.skill_name." + skill["op"])


def _character_parts(t, c: dict, mark) -> list[tuple[str, str, tuple]]:
    """(tag, text, colour) for the two active skills, the locked skill and the Politician condition;
    a skill used by a button is tagged with its name."""
    parts = []
    for sk in c["skills"][:2]:
        tag = t("wi.ui.active")
        if sk["op"] in ACTION_SKILLS:
            tag = t("wi.ui.active_named", name=skill_name(t, sk))
        parts.append((tag, data.skill_text(sk, t.lang), theme.JADE))
    parts.append((t("wi.ui.locked"), data.skill_text(c["skills"][2], t.lang), theme.VERMILION))
    parts.append((t("wi.ui.condition"), data.win_text(c["win"], t.lang, mark), CAMP_RGB["politician"]))
    return parts


def _parts_fit(fonts, parts, size: int, width: int, room: int) -> bool:
    need = 0
    for tag, text, _ in parts:
        need += int(size * LINE) * (len(fonts.wrap(tag, size, width, True)) + len(fonts.wrap(text, size, width)))
    return need + 2 * len(parts) <= room


def character_card(fonts, t, cid: str, w: int, h: int, mark=None, faction=None,
                   min_size: int = MIN_TEXT) -> pygame.Surface:
    """A character: name and title, then the two active skills, the locked skill and the Politician
    condition in full (with this table's numbers when the mark is given). Where that cannot be read
    at `min_size` or more, the card says less: the names of its skills used by buttons, and how to read
    it all. The player's own card shows their faction too, on a ribbon across its foot, when it is given."""
    def make() -> pygame.Surface:
        c = data.character(cid)
        surf = _frame(w, h, theme.WOOD)
        pad = max(6, w // 22)
        inner = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
        if faction is not None:
            colour = CAMP_RGB[faction]
            words = t("wi.ui.faction_ribbon", camp=data.camp_name(faction, t.lang))
            lines, s = fit_lines(fonts, words, max(MIN_TEXT, w // 11), w - 2 * pad, 2, bold=True)
            high = int(len(lines) * s * LINE) + 4
            ribbon = pygame.Rect(max(3, w // 30), h - pad // 2 - high, w - 2 * max(3, w // 30), high)
            pygame.draw.rect(surf, colour, ribbon, border_radius=max(2, w // 40))
            paint_lines(surf, fonts, lines, s, ink_on(colour), ribbon.inflate(-2 * pad, 0), bold=True, centre=True,
                        middle=True)
            inner.h = ribbon.y - 2 - inner.y
        lines, s = fit_lines(fonts, t.name(c["name"]), max(MIN_TEXT + 2, w // 10), inner.w, 2, bold=True)
        y = paint_lines(surf, fonts, lines, s, theme.INK, pygame.Rect(inner.x, inner.y, inner.w, 0), bold=True)
        # The office under the name, unless the name already says it ("The Pollster", "Pollster").
        if t.name(c["title"]) not in t.name(c["name"]):
            title = line_surface(fonts, t.name(c["title"]), max(MIN_TEXT, w // 15), theme.INK_SOFT, inner.w)
            surf.blit(title, (inner.x, y))
            y += title.get_height()
        y += 4
        parts = _character_parts(t, c, mark)
        size = max(min_size, w // 16)
        room = inner.bottom - y
        while size > min_size and not _parts_fit(fonts, parts, size, inner.w, room):
            size -= 1
        if _parts_fit(fonts, parts, size, inner.w, room):
            for tag, text, colour in parts:
                y = block(surf, fonts, tag, size, colour, pygame.Rect(inner.x, y, inner.w, room), bold=True)
                y = block(surf, fonts, text, size, theme.INK, pygame.Rect(inner.x, y, inner.w, inner.bottom - y)) + 2
            return surf
        # Too small to read it all: the skills used by buttons by name, and how to read the rest.
        hint = t("wi.ui.character_more")
        hint_lines, hs = fit_lines(fonts, hint, max(MIN_TEXT, w // 13), inner.w, 3)
        hint_top = inner.bottom - int(len(hint_lines) * hs * LINE)
        size = max(MIN_TEXT, w // 11)
        for tag, _, colour in parts:
            if tag == t("wi.ui.active") or tag in (t("wi.ui.locked"), t("wi.ui.condition")):
                continue
            if y + int(size * LINE) * 2 > hint_top:
                break
            y = block(surf, fonts, tag, size, colour, pygame.Rect(inner.x, y, inner.w, hint_top - y), bold=True) + 2
        paint_lines(surf, fonts, hint_lines, hs, theme.INK_SOFT, pygame.Rect(inner.x, hint_top, inner.w, 0))
        return surf
    return _cached(("char", cid, w, h, t.lang, mark, faction, min_size), make)


# -- tokens and dice ----------------------------------------------------------------------------------
def token(kind: str, size: int) -> pygame.Surface:
    """vote: a white ballot with a red tick; iron: a steel shield; summons: a court paper with a seal;
    hand: a card's back; meeting: a sealed envelope; total: a ballot box."""
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
        elif kind == "hand":  # an effect card's back, upright
            card = pygame.Rect(0, 0, int(r.h / CARD_RATIO) + 1, r.h)
            card.center = r.center
            pygame.draw.rect(s, FELT_DARK, card, border_radius=max(1, size // 8))
            pygame.draw.rect(s, theme.GOLD, card, max(1, size // 10), border_radius=max(1, size // 8))
        elif kind == "meeting":  # a sealed envelope
            env = r.inflate(0, -size // 3)
            pygame.draw.rect(s, MEETING_RGB, env, border_radius=max(1, size // 10))
            pygame.draw.rect(s, theme.WOOD, env, 1, border_radius=max(1, size // 10))
            pygame.draw.lines(s, theme.WOOD, False, [env.topleft, (env.centerx, env.centery + 1), env.topright], 1)
            pygame.draw.circle(s, theme.VERMILION, (env.centerx, env.centery + 1), max(2, size // 7))
        elif kind == "total":  # a ballot box with a paper going in
            box = pygame.Rect(r.x, r.y + r.h * 2 // 5, r.w, r.h - r.h * 2 // 5)
            paper = pygame.Rect(r.x + r.w // 4, r.y, r.w // 2, r.h // 2 + 1)
            pygame.draw.rect(s, theme.WHITE, paper)
            pygame.draw.rect(s, theme.INK_SOFT, paper, 1)
            pygame.draw.rect(s, theme.VERMILION, box, border_radius=max(1, size // 8))
            pygame.draw.line(s, theme.VERMILION_DARK, (box.x + box.w // 5, box.y + 2), (box.right - box.w // 5, box.y + 2),
                             max(1, size // 8))
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

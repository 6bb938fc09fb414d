"""The faces of The Wonderful Island's cards, as a player reads them at the table: the name and the
one line a player decides on (the data's "short" text), large enough at 1024x600; the full text is
the tooltip's and the enlarged card's (enlarge.py), whose faces are made here too (full=True).

* effect cards (assist, hinder, strategy): the kind's colour, the name in its band, the short text,
  and at the foot the kind (assist, hinder) or when a strategy card is played;
* secret-meeting cards: what the card asks (Probe, If Blue ...) and its outcome camp by camp;
* venue cards: the venue, its effect and its assist effect;
* slot tiles: a card lying on the venue, sideways: its name and short text, and who placed it;
* chips: a card named in the venue's procedure (laid, matched, an issue).

Every face is a pure function of what it shows, its size and the language, and is cached.
"""
from __future__ import annotations

from typing import Optional

import pygame

from game.wonderful_island import data
from game.wonderful_island.describe import meeting_label

from ..ui import draw, theme
from . import art
from .lettering import LINE, MIN_TEXT, block, fit_lines, line_surface, paint_lines


def _sizes(w: int, name: float, body: float, foot: float) -> tuple[int, int, int]:
    """Font sizes for a face `w` px wide, from those of a face 100 px wide, never below MIN_TEXT."""
    k = w / 100
    return tuple(max(MIN_TEXT, int(round(x * k))) for x in (name, body, foot))


def short_text(c: dict, t) -> str:
    return t.name(c.get("short") or c["text"])


# -- effect cards --------------------------------------------------------------------------------
def effect_face(fonts, t, cid: str, w: int, full: bool = False, grow: float = 1.0) -> pygame.Surface:
    """An effect card `w` px wide: its short text on the table, its whole text when `full`, whose
    words are `grow` times larger as far as they fit (the settings' text size, seen large)."""
    def make() -> pygame.Surface:
        c = data.card(cid)
        w_, h = art.card_size(w)
        colour = art.KIND_RGB[c["kind"]]
        surf = art._frame(w_, h, colour)
        name_s, body_s, foot_s = _sizes(w_, 15, 14, 12.5) if not full else _sizes(w_, 9 * grow, 6.8 * grow, 5.8 * grow)
        edge = max(3, w_ // 16)   # the frame _frame draws
        pad = edge + max(1, w_ // 40)
        inner = w_ - 2 * pad
        lines, s = fit_lines(fonts, t.name(c["name"]), name_s, inner, 2, bold=True)
        band = pygame.Rect(edge // 2 + 1, edge // 2 + 1, w_ - edge - 2, int(2 * name_s * 1.08) + edge)
        pygame.draw.rect(surf, colour, band, border_radius=max(2, w_ // 16))
        paint_lines(surf, fonts, lines, s, theme.WHITE, pygame.Rect(pad, band.y, inner, band.h), bold=True,
                    centre=True, middle=True)
        foot = t("wi.ui.kind." + c["kind"]) if c["kind"] != "strategy" else t("wi.ui.when." + c["timing"])
        if full:
            foot = t("wi.ui.kind." + c["kind"]) + " · " + t("wi.ui.timing." + c["timing"])
        foot_lines, fs = fit_lines(fonts, foot, foot_s, inner, 2 if full else 1, bold=True)
        foot_h = int(len(foot_lines) * fs * LINE)
        foot_rect = pygame.Rect(pad, h - edge - 1 - foot_h, inner, foot_h)
        paint_lines(surf, fonts, foot_lines, fs, colour, foot_rect, bold=True, centre=True)
        pygame.draw.line(surf, (*colour, 120), (pad, foot_rect.y - 2), (w_ - pad, foot_rect.y - 2), 1)
        body = pygame.Rect(pad, band.bottom + 2, inner, foot_rect.y - 4 - band.bottom)
        text = t.name(c["text"]) if full else short_text(c, t)
        block(surf, fonts, text, body_s, theme.INK, body, centre=not full, middle=not full)
        return surf
    return art._cached(("face", cid, w, t.lang, full, grow), make)


# -- secret meetings -------------------------------------------------------------------------------
def camp_badge(fonts, t, camp: str, size: int) -> pygame.Surface:
    """A camp's colour in a circle with its first letter (never colour alone)."""
    def make() -> pygame.Surface:
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(s, art.CAMP_RGB[camp], (size // 2, size // 2), size // 2)
        letter = fonts.text(t("wi.ui.camp_letter." + camp), max(MIN_TEXT, int(size * 0.7)), theme.WHITE, True)
        s.blit(letter, letter.get_rect(center=(size // 2, size // 2)))
        return s
    return art._cached(("camp_badge", camp, size, t.lang), make)


def _outcome_rows(surf, fonts, t, eff: dict, size: int, rect: pygame.Rect) -> None:
    """A probe's or an if-camp card's outcome, one row a camp: the camp's badge, what happens."""
    if eff["op"] == "probe":
        rows = [(camp, t("wi.ui.mt." + eff[camp])) for camp in data.CAMPS]
    else:
        rows = [(eff["camp"], t("wi.ui.mt." + eff["yes"])),
                (None, t("wi.ui.mt.else", outcome=t("wi.ui.mt." + eff["no"])))]
    badge_size = int(MIN_TEXT / 0.7) + 1  # its letter no smaller than any text
    step = max(int(size * LINE), badge_size) + max(2, size // 5)
    y = rect.y + max(0, (rect.h - step * len(rows)) // 2)
    for camp, words in rows:
        x = rect.x
        if camp is not None:
            badge = camp_badge(fonts, t, camp, max(badge_size, size + 2))
            surf.blit(badge, (x, y + (step - badge.get_height()) // 2))
            x += badge.get_width() + max(3, size // 3)
        ts = line_surface(fonts, words, size, theme.INK, rect.right - x, bold=camp is not None)
        surf.blit(ts, (x, y + (step - ts.get_height()) // 2))
        y += step


def meeting_face(fonts, t, mid: str, w: int, full: bool = False, grow: float = 1.0) -> pygame.Surface:
    """A secret-meeting card read by its holder: what it asks as its title, and the outcome for each
    camp (or the instruction) below; its whole text when `full`, `grow` times larger as it fits."""
    def make() -> pygame.Surface:
        w_, h = art.card_size(w)
        surf = art._frame(w_, h, theme.WOOD, art.MEETING_RGB)
        name_s, body_s, _ = _sizes(w_, 15, 14, 12) if not full else _sizes(w_, 9 * grow, 6.8 * grow, 5.8 * grow)
        pad = max(5, w_ // 12)
        inner = w_ - 2 * pad
        seal = max(4, w_ // 14)
        draw.seal(surf, (w_ // 2, pad + seal), seal)
        lines, s = fit_lines(fonts, meeting_label(mid, t), name_s, inner, 2, bold=True)
        title = pygame.Rect(pad, pad + 2 * seal + 2, inner, int(len(lines) * s * LINE))
        paint_lines(surf, fonts, lines, s, theme.VERMILION_DARK, title, bold=True, centre=True, middle=True)
        pygame.draw.line(surf, theme.WOOD_LIGHT, (pad, title.bottom + 2), (w_ - pad, title.bottom + 2), 1)
        body = pygame.Rect(pad, title.bottom + 6, inner, h - pad - title.bottom - 6)
        eff = data.meeting(mid)["effect"]
        if full:
            block(surf, fonts, art.meeting_words(mid, t.lang), body_s, theme.INK, body)
        elif eff["op"] in ("probe", "if_camp"):
            _outcome_rows(surf, fonts, t, eff, body_s, body)
        else:  # ask, show, exchange: what to do (the camp asked about is in the title)
            block(surf, fonts, t("wi.ui.mt." + eff["op"]), body_s, theme.INK, body, centre=True, middle=True)
        return surf
    return art._cached(("meeting_face", mid, w, t.lang, full, grow), make)


# -- venues --------------------------------------------------------------------------------------------
def venue_face(fonts, t, vid: str, size: tuple[int, int], text: int, full: bool = False,
               least: int = 0) -> pygame.Surface:
    """A venue card: its name in the venue's colour, what it does at settlement and its assist effect
    (short on the table, whole when `full`), its words at `text` px or as near as they fit. Given
    `least` (the size at 100 % text), a `text` above it steps down while the words would not fit
    whole, so that a card too low for the text size shows all of its words, only smaller."""
    if least and text > least:
        key = (vid, tuple(size), text, least, t.lang, full)
        if key not in _VENUE_TEXT:  # measured once (each refresh asks again)
            _VENUE_TEXT[key] = next((s for s in range(text, least, -1) if _venue_fits(fonts, t, vid, size, s, full)),
                                    least)
        text = _VENUE_TEXT[key]
    return _venue_face(fonts, t, vid, size, text, full)


_VENUE_TEXT: dict = {}   # (venue, size, text, least, language, full) -> the text size its words fit at


def _venue_parts(fonts, t, vid: str, size: tuple[int, int], text: int, full: bool):
    """Where a venue card's words go at `text`: (name lines, their size, band, top, low, tag, effect, assist)."""
    w, h = size
    venue = data.load()["venue_by_id"][vid]
    edge = max(2, w // 60)
    name_s, body_s = max(MIN_TEXT, int(text * 1.15)), max(MIN_TEXT, text)
    pad = edge + max(4, w // 22)
    lines, s = fit_lines(fonts, t.name(venue["name"]), name_s, w - 2 * pad, 2, bold=True)
    band = pygame.Rect(edge, edge, w - 2 * edge, int(len(lines) * s * LINE) + pad)
    key = "" if full else "short"
    effect = t.name(venue[key or "venue_text"])
    assist = t.name(venue["assist_" + (key or "text")])
    body = pygame.Rect(pad, band.bottom + pad // 2, w - 2 * pad, h - band.bottom - pad)
    share = 0.62 if full else 0.55  # the venue's effect above, the assist effect below
    top = pygame.Rect(body.x, body.y, body.w, int(body.h * share))
    low = pygame.Rect(body.x, top.bottom + pad // 2, body.w, body.bottom - top.bottom - pad // 2)
    tag_h = fonts.text(t("wi.ui.assist_effect"), body_s, theme.INK, True).get_height()
    return lines, s, band, top, low, tag_h, effect, assist


def _venue_fits(fonts, t, vid: str, size: tuple[int, int], text: int, full: bool) -> bool:
    lines, s, _band, top, low, tag_h, effect, assist = _venue_parts(fonts, t, vid, size, text, full)
    body_s = max(MIN_TEXT, text)
    rest = low.inflate(0, -tag_h)
    return s == max(MIN_TEXT, int(text * 1.15)) and rest.h > 0 and all(
        fit_lines(fonts, words, body_s, r.w, height=r.h)[1] == body_s and
        len(fonts.wrap(words, body_s, r.w)) * body_s * LINE <= r.h for words, r in ((effect, top), (assist, rest)))


def _venue_face(fonts, t, vid: str, size: tuple[int, int], text: int, full: bool) -> pygame.Surface:
    def make() -> pygame.Surface:
        w, h = size
        venue = data.load()["venue_by_id"][vid]
        colour = art.VENUE_RGB[vid]
        surf = pygame.Surface(size, pygame.SRCALPHA)
        edge = max(2, w // 60)
        draw.panel(surf, surf.get_rect(), fill=theme.PARCHMENT, border=colour, radius=max(4, w // 18), width=edge,
                   drop=False)
        name_s, body_s = max(MIN_TEXT, int(text * 1.15)), max(MIN_TEXT, text)
        pad = edge + max(4, w // 22)
        lines, s = fit_lines(fonts, t.name(venue["name"]), name_s, w - 2 * pad, 2, bold=True)
        band = pygame.Rect(edge, edge, w - 2 * edge, int(len(lines) * s * LINE) + pad)
        pygame.draw.rect(surf, colour, band, border_radius=max(3, w // 20))
        paint_lines(surf, fonts, lines, s, theme.WHITE, band, bold=True, centre=True, middle=True)
        key = "" if full else "short"
        effect = t.name(venue[key or "venue_text"])
        assist = t.name(venue["assist_" + (key or "text")])
        label = t("wi.ui.assist_effect")
        body = pygame.Rect(pad, band.bottom + pad // 2, w - 2 * pad, h - band.bottom - pad)
        share = 0.62 if full else 0.55  # the venue's effect above, the assist effect below
        top = pygame.Rect(body.x, body.y, body.w, int(body.h * share))
        block(surf, fonts, effect, body_s, theme.INK, top, middle=not full)
        low = pygame.Rect(body.x, top.bottom + pad // 2, body.w, body.bottom - top.bottom - pad // 2)
        pygame.draw.line(surf, (*colour, 140), (low.x, low.y - pad // 4), (low.right, low.y - pad // 4), 1)
        tag = line_surface(fonts, label, body_s, colour, low.w, bold=True)
        surf.blit(tag, (low.x, low.y))
        block(surf, fonts, assist, body_s, theme.INK_SOFT, low.inflate(0, -tag.get_height()).move(0, tag.get_height() // 2))
        return surf
    return art._cached(("venue_face", vid, tuple(size), text, t.lang, full), make)


# -- cards on the venue, cards named in the procedure ---------------------------------------------------
def slot_tile(fonts, t, cid: str, by: Optional[int], size: tuple[int, int]) -> pygame.Surface:
    """A card lying on the venue, sideways: the kind's colour down its left edge with the letter of
    the player who placed it, then its name and short text."""
    def make() -> pygame.Surface:
        w, h = size
        c = data.card(cid)
        colour = art.KIND_RGB[c["kind"]]
        surf = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(3, h // 8)
        pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=radius)
        strip = max(int(MIN_TEXT / 0.7) + 4, h * 2 // 7)  # wide enough for a readable seat letter
        paper = pygame.Rect(strip, 2, w - strip - 2, h - 4)
        pygame.draw.rect(surf, theme.PARCHMENT, paper, border_radius=max(2, radius - 1))
        if by is not None:
            r = (strip - 4) // 2
            centre = (strip // 2 + 1, r + 4)
            pygame.draw.circle(surf, theme.WHITE, centre, r + 1)
            pygame.draw.circle(surf, theme.seat_colour(by), centre, r)
            letter = fonts.text(theme.SEAT_LETTERS[by], max(MIN_TEXT, int(r * 1.4)), theme.WHITE, True)
            surf.blit(letter, letter.get_rect(center=centre))
        # The name on one line, the short text on two below it, as large as the tile's height allows.
        inner = paper.inflate(-8, -2)
        body_s = max(MIN_TEXT, min(int(inner.h / LINE / 3.1), int(h * 0.25)))
        name_s = max(MIN_TEXT + 1, int((inner.h - 2 * body_s * LINE) / LINE))
        name_h = int(name_s * LINE)
        name, ns = fit_lines(fonts, t.name(c["name"]), name_s, inner.w, 1, bold=True)
        paint_lines(surf, fonts, name, ns, theme.INK, pygame.Rect(inner.x, inner.y, inner.w, name_h), bold=True)
        room = (inner.bottom + 2 - inner.y - name_h) // max(1, int(round(body_s * LINE)))  # a low tile: fewer
        if room > 0:
            lines, s = fit_lines(fonts, short_text(c, t), body_s, inner.w, min(2, room))
            paint_lines(surf, fonts, lines, s, theme.INK_SOFT, pygame.Rect(inner.x, inner.y + name_h, inner.w, 0))
        return surf
    return art._cached(("tile", cid, by, tuple(size), t.lang), make)


def card_chip(fonts, t, cid: str, h: int, max_w: int) -> pygame.Surface:
    """A card named in the procedure: its name on its kind's colour."""
    def make() -> pygame.Surface:
        c = data.card(cid)
        colour = art.KIND_RGB[c["kind"]]
        size = max(MIN_TEXT, int(h * 0.55))
        label = line_surface(fonts, t.name(c["name"]), size, theme.WHITE, max_w - h // 2, bold=True)
        surf = pygame.Surface((label.get_width() + h // 2 + 2, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=max(3, h // 4))
        pygame.draw.rect(surf, theme.WOOD_DARK, surf.get_rect(), 1, border_radius=max(3, h // 4))
        surf.blit(label, label.get_rect(center=surf.get_rect().center))
        return surf
    return art._cached(("card_chip", cid, h, max_w, t.lang), make)

"""The seats along the top of the Wonderful Island table: one plate per player with their name, their
character, and counters (total, votes, iron votes, summonses, cards in hand, meeting cards), each an
icon and a number, and what is wrong with them (jail, hospital, sitting out a debate). With more
than five players the plates stand in two rows, so that names and counters are always whole.

A plate is a piece: it glows when the player may be chosen, carries a tag while it is the first
pick of a two-step choice ("from"), and its tooltip says every counter in words and gives the
character's skills and Politician condition in full."""
from __future__ import annotations

from typing import Optional

import pygame

from game.wonderful_island import data
from game.wonderful_island.describe import qty

from ..ui import draw, theme
from ..ui.deciding import sign_width, tag_room
from ..ui.panel import Intent, Panel
from ..ui.piece import Piece
from . import art, asks
from .lettering import MIN_TEXT, NARROWEST, fit_lines, line_surface

ONE_ROW_MAX = 5             # more players than this: two rows of plates
ROW_H = {1: 90, 2: 64}      # a plate's height (design px) in one row, in two rows
GAP = 8
COUNTERS = ("total", "vote", "iron", "summons", "hand", "meeting")
NAME_TEXT, ROLE_TEXT, CHIP_TEXT = 16, 14, 13   # the words of a plate (design px at 100 %)


def rows_for(n: int) -> int:
    return 1 if n <= ONE_ROW_MAX else 2


def growth(px, read) -> int:
    """How much taller a plate is at the text size (`read`: Fonts.read): its name's and its
    character's lines grow with their words (the counters are the plate's printing and keep their size)."""
    return (read(px(NAME_TEXT)) - px(NAME_TEXT)) + (read(px(ROLE_TEXT)) - px(ROLE_TEXT))


def panel_height(n: int, px, read=None) -> int:
    """How high the seats' panel is for n players (`read`: Fonts.read, for the text size)."""
    rows = rows_for(n)
    return px(ROW_H[rows] * rows + GAP * (rows - 1)) + rows * (growth(px, read) if read else 0)


class SeatsPanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.plates: list[Piece] = []
        self.tags: dict[int, str] = {}   # seat -> a word tagged on its plate (the first pick of two)
        # seat -> where on its plate (plate's own pixels) the "deciding" tag goes: after the name, before
        # the state chips, or at the end of the last line; never over the name or the character
        self.deciding_room: dict[int, pygame.Rect] = {}

    def plate_rect(self, seat: int) -> pygame.Rect:
        n = self.view["n_players"]
        rows = rows_for(n)
        per_row = -(-n // rows)
        gap = self.px(GAP)
        w = min(self.px(330 if rows == 2 else 300), (self.rect.w - gap * (per_row - 1)) // per_row)
        h = (self.rect.h - gap * (rows - 1)) // rows
        place = self.scene.seat_order().index(seat)
        row, col = divmod(place, per_row)
        in_row = min(per_row, n - row * per_row)
        x0 = self.rect.x + (self.rect.w - (w * in_row + gap * (in_row - 1))) // 2
        return pygame.Rect(x0 + col * (w + gap), self.rect.y + row * (h + gap), w, h)

    def refresh(self) -> None:
        self.pieces.empty()
        self.plates = []
        for s in range(self.view["n_players"]):
            r = self.plate_rect(s)
            piece = Piece(("seat", s), draw.ready(self._plate(s, r.size)), centre=r.center,
                          tip=lambda s=s: self.tip(s))
            self.plates.append(piece)
            self.pieces.add(piece)
        self.mark(self.scene.seat_options(), asks.seat_tags(self.scene))

    def mark(self, options: dict[int, tuple], tags: Optional[dict[int, str]] = None) -> None:
        """Seats the player may choose now glow; a click on one becomes its action (or the next part).
        `tags` names the seats already picked in the choice under way ("from")."""
        self.tags = dict(tags or {})
        for s, piece in enumerate(self.plates):
            piece.action = options.get(s)
            piece.glowing = piece.action is not None

    # -- words ---------------------------------------------------------------------------------
    def counts_line(self, seat: int) -> str:
        """Every counter of a plate in words (the legend of its icons)."""
        p, t = self.view["players"][seat], self.t
        return t("wi.ui.seat_counts", total=qty("vote", p["total"], t), votes=p["votes"], iron=p["iron"],
                 summons=t("wi.ui.n_summons." + ("one" if p["summons"] == 1 else "many"), n=p["summons"]),
                 hand=qty("card", p["hand"], t), meetings=qty("meeting", p["meetings"], t))

    def tip(self, seat: int) -> Optional[str]:
        p = self.view["players"][seat]
        t = self.t
        head = self.scene.name(seat)
        if p["character"] is not None:
            head += " · " + t.name(data.character(p["character"])["name"])
        lines = [head, self.counts_line(seat)]
        states = [words for words, _ in self._chips(seat)]
        if states:
            lines.append(t("wi.list_sep").join(states))
        if p["character"] is not None:
            c = data.character(p["character"])
            lines += [t("wi.ui.tip_active", text=data.skill_text(sk, t.lang)) for sk in c["skills"][:2]]
            lines.append(t("wi.ui.tip_locked", text=data.skill_text(c["skills"][2], t.lang)))
            lines.append(t("wi.ui.tip_condition", text=data.win_text(c["win"], t.lang, self.view["mark"])))
            lines.append(t("wi.ui.seat_click"))
        return "\n".join(lines)

    def _chips(self, s: int) -> list[tuple[str, tuple]]:
        t, v = self.t, self.view
        p = v["players"][s]
        chips = []
        if s == v["candidate"] and v["phase"] != "over":
            chips.append((t("wi.ui.chip.candidate"), theme.VERMILION))
        if p["jailed"]:
            chips.append((t("wi.ui.chip.jailed"), theme.INK))
        if p["hospital"]:
            chips.append((t("wi.ui.chip.hospital"), (180, 60, 120)))
        if p["away"]:
            chips.append((t("wi.ui.chip.away"), theme.GREY))
        if v["phase"] == "over" and p["faction"]:
            chips.append((data.camp_name(p["faction"], t.lang), art.CAMP_RGB[p["faction"]]))
        return chips

    # -- the plate ------------------------------------------------------------------------------
    def _plate(self, s: int, size: tuple[int, int]) -> pygame.Surface:
        px, t, fonts, v = self.px, self.t, self.fonts, self.view
        tx = lambda n: fonts.read(px(n))  # noqa: E731 - the words at the text size
        p = v["players"][s]
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        acting = s == v["actor"] or s in v["to_act"]
        fill = theme.PARCHMENT if not (p["jailed"] or p["hospital"] or p["away"]) else theme.PARCHMENT_DARK
        draw.panel(surf, surf.get_rect(), fill=fill, border=theme.GOLD if acting else theme.WOOD,
                   radius=px(8), width=px(4) if acting else 2, drop=False)
        pygame.draw.rect(surf, theme.seat_colour(s), (2, 2, px(7), h - 4), border_top_left_radius=px(6),
                         border_bottom_left_radius=px(6))
        x, right, y = px(14), w - px(8), px(4)
        # The design's even lines; the name's and the character's grow with the text size (growth()).
        line_h = (h - 2 * y - growth(px, fonts.read)) // (3 if rows_for(v["n_players"]) == 2 else 4)
        name_h = line_h + tx(NAME_TEXT) - px(NAME_TEXT)
        role_h = line_h + tx(ROLE_TEXT) - px(ROLE_TEXT)
        # The name with the seat's letter, and the state chips at the right while they fit beside it.
        badge = (x + px(9), y + name_h // 2 + 1)
        pygame.draw.circle(surf, theme.seat_colour(s), badge, px(10))
        letter = fonts.text(theme.SEAT_LETTERS[s], max(MIN_TEXT, px(13)), theme.WHITE, bold=True)
        surf.blit(letter, letter.get_rect(center=badge))
        label = self.scene.name(s) + (t("wi.ui.you_mark") if s == self.scene.viewer else "")
        name = line_surface(fonts, label, max(MIN_TEXT, tx(NAME_TEXT)), theme.INK, right - x - px(22), bold=True)
        surf.blit(name, name.get_rect(midleft=(x + px(22), badge[1])))
        chips = [self._chip(words, colour, name_h) for words, colour in self._chips(s)]
        name_end = x + px(26) + name.get_width()
        cx = right
        states = self._chips(s)
        while chips and cx - chips[0].get_width() > name_end:
            chip = chips.pop(0)
            cx -= chip.get_width()
            surf.blit(chip, chip.get_rect(midleft=(cx, badge[1])))
            cx -= px(4)
        while chips:   # what the text size left out may stand there at its 100 % size: the character's
            small = self._chip(*states[len(states) - len(chips)], name_h, grown=False)   # line keeps its room
            if cx - small.get_width() <= name_end:
                break
            chips.pop(0)
            cx -= small.get_width()
            surf.blit(small, small.get_rect(midleft=(cx, badge[1])))
            cx -= px(4)
        # The "deciding" tag: between the name and the state chips if its sign fits there, else at the
        # end of the last line (nothing the plate says whole gives way to it).
        deciding = s in self.scene.deciding_seats()
        self.deciding_room.pop(s, None)
        if deciding and cx - name_end >= sign_width(px):
            keep = tag_room(t("table.deciding"), fonts, px, cx - name_end)
            self.deciding_room[s] = pygame.Rect(cx - keep, y, keep, name_h)
        y += name_h
        role_y = y
        y += role_h
        # The counters, each an icon and a number, on as many lines as they need; then what chips are left.
        tok = max(MIN_TEXT + 1, px(16))
        cx = x
        values = {"total": p["total"], "vote": p["votes"], "iron": p["iron"], "summons": p["summons"],
                  "hand": p["hand"], "meeting": p["meetings"]}
        for kind in COUNTERS:
            num = fonts.text(str(values[kind]), max(MIN_TEXT + 1, px(15)), theme.INK, bold=True)
            item_w = tok + px(2) + num.get_width()
            if cx + item_w > right and cx > x:
                cx, y = x, y + line_h
            surf.blit(art.token(kind, tok), (cx, y + (line_h - tok) // 2))
            surf.blit(num, (cx + tok + px(2), y + (line_h - num.get_height()) // 2))
            cx += item_w + px(9 if kind == "total" else 7)
        spots, under = self._under(chips, cx, y, (x, right, h), line_h)
        char = t.name(data.character(p["character"])["name"]) if p["character"] else t("wi.ui.choosing")
        if chips and not under:
            # Too tall at the text size for the counters' lines: at their 100 % size they may fit there,
            # which keeps the character's name whole (beside them it would be cut).
            small = [self._chip(words, colour, name_h, grown=False) for words, colour in self._chips(s)][-len(chips):]
            small_spots, small_under = self._under(small, cx, y, (x, right, h), line_h)
            if small_under:
                chips, spots, under = small, small_spots, True
        role_right = right
        if chips and not under:
            room = right - x - sum(c.get_width() + px(4) for c in chips)
            if self.role_size(char, room) < max(MIN_TEXT, tx(ROLE_TEXT)):
                # the character's name would shrink beside them: the chips go back to their 100 % size
                # (those left: the first ones may stand on the name's line already)
                chips = [self._chip(words, colour, name_h, grown=False) for words, colour in self._chips(s)][-len(chips):]
            if self._cut(char, right - x - sum(c.get_width() + px(4) for c in chips)):
                # still cut (a long character beside "Candidate", eight plates at 150 %): the candidate's
                # chip is its star alone (the plate's tooltip says the word)
                left = states[len(states) - len(chips):]
                chips = [self._star_chip(chip.get_height()) if words == t("wi.ui.chip.candidate") else chip
                         for chip, (words, _) in zip(chips, left)]
            for chip in chips:
                role_right -= chip.get_width()
                surf.blit(chip, chip.get_rect(midleft=(role_right, role_y + role_h // 2)))
                role_right -= px(4)
        else:
            for chip, cx, cy in spots:
                surf.blit(chip, chip.get_rect(midleft=(cx, cy + line_h // 2)))
            if spots:
                chip, cx, y = spots[-1]
                cx += chip.get_width() + px(4)
        if deciding and s not in self.deciding_room:
            keep = tag_room(t("table.deciding"), fonts, px, right - cx)
            self.deciding_room[s] = pygame.Rect(right - keep, y, keep, line_h)
        if role_right - x > px(24):
            cs = line_surface(fonts, char, self.role_size(char, role_right - x), theme.INK_SOFT, role_right - x)
            surf.blit(cs, (x, role_y + (role_h - cs.get_height()) // 2))
        return surf

    def _under(self, chips: list, cx: int, y: int, bounds: tuple[int, int, int],
               line_h: int) -> tuple[list, bool]:
        """Where the chips would stand after the counters (from cx on line y, on new lines as needed),
        and whether they all fit there: inside the plate and no taller than its lines."""
        x, right, h = bounds
        spots = []
        for chip in chips:
            if cx + chip.get_width() > right:
                cx, y = x, y + line_h
            spots.append((chip, cx, y))
            cx += chip.get_width() + self.px(4)
        fits = bool(spots) and y + line_h <= h - self.px(4) and all(c.get_height() <= line_h + self.px(2) for c in chips)
        return spots, fits

    def role_size(self, char: str, width: int) -> int:
        """The character's name at the text size, a step smaller where it would not fit `width`
        (beside a state chip, eight plates at 150 %) rather than cut."""
        _, size = fit_lines(self.fonts, char, max(MIN_TEXT, self.tx(ROLE_TEXT)), width, max_lines=1,
                            min_size=max(MIN_TEXT, self.px(ROLE_TEXT) - 1))   # no smaller than 100 % reads
        if self.fonts.text(char, size, theme.INK_SOFT).get_width() * NARROWEST > width:
            # it would still be cut (a candidate's long character beside the chip, eight plates at 150 %):
            # down to the smallest size any plate's words are read at, rather than lose its end
            _, size = fit_lines(self.fonts, char, size, width, max_lines=1, min_size=MIN_TEXT)
        return size

    def _cut(self, char: str, width: int) -> bool:
        """Would the character's name be cut in `width`, at the smallest size it may take?"""
        return self.fonts.text(char, self.role_size(char, width), theme.INK_SOFT).get_width() * NARROWEST > width

    def _star_chip(self, high: int) -> pygame.Surface:
        """The candidate's chip with no word: a white star on its vermilion (a shape, read without colour)."""
        chip = pygame.Surface((round(high * 1.3), high), pygame.SRCALPHA)
        pygame.draw.rect(chip, theme.VERMILION, chip.get_rect(), border_radius=self.px(5))
        draw.star(chip, theme.WHITE, chip.get_rect().center, high * 0.42)
        return chip

    def _chip(self, words: str, colour: tuple, line: int = 0, grown: bool = True) -> pygame.Surface:
        """A state word on its colour: its text at the text size (`grown`, else at 100 %), the chip
        as high as that needs (no higher than `line`, the line it stands on, where one is given)."""
        px, fonts = self.px, self.fonts
        size = max(MIN_TEXT, fonts.read(px(CHIP_TEXT)) if grown else px(CHIP_TEXT))
        ts = fonts.text(words, size, theme.WHITE, bold=True)
        base = max(MIN_TEXT, px(CHIP_TEXT))
        least = max(px(18), fonts.font(base, True).get_height())   # the chip at 100 %
        high = least + round((size - base) * 1.3)
        if line:
            high = min(high, max(line, least))
        chip = pygame.Surface((ts.get_width() + px(10), high), pygame.SRCALPHA)
        pygame.draw.rect(chip, colour, chip.get_rect(), border_radius=px(5))
        chip.blit(ts, ts.get_rect(center=chip.get_rect().center))
        return chip

    def draw(self, surface: pygame.Surface) -> None:
        self.pieces.draw(surface)
        for s, words in self.tags.items():  # the first pick of a two-step choice, named on its plate
            r = self.plates[s].draw_rect()
            pygame.draw.rect(surface, theme.VERMILION, r.inflate(self.px(4), self.px(4)), self.px(3),
                             border_radius=self.px(9))
            tag = self._chip(words, theme.VERMILION)
            surface.blit(tag, tag.get_rect(bottomright=(r.right - self.px(4), r.bottom - self.px(3))))

    def on_piece(self, piece: Piece) -> Optional[Intent]:
        if piece.action is not None:
            return self.scene.picked(piece.action)
        return Intent(call=lambda: self.scene.show_character(piece.key[1]))  # not a choice now: read it

"""Which characters the fonts in assets/fonts/ can draw, read from their cmap tables.

A build ships subsets of the CJK fonts (tools/font_subset.py): a character missing from
them would be drawn as an empty box, so a name field refuses it as it is typed. The cmap is
read here from the font file itself (no pygame, no fontTools at run time), so the answer is
about the very file the game draws with: the full fonts in the source tree, the subsets in
a build.
"""
from __future__ import annotations

import struct
from functools import lru_cache
from typing import Optional

from game.core.paths import resource_path

from .text import FONT_FILES

# cmap subtables, best first: (platform, encoding); Unicode full repertoire, then BMP only.
PREFERRED = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3))


def _format4(data: bytes, at: int) -> set[int]:
    """The characters a format-4 (BMP) subtable maps to a real glyph."""
    seg_count = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{seg_count}H", data, at + 14)
    starts_at = at + 16 + 2 * seg_count
    starts = struct.unpack_from(f">{seg_count}H", data, starts_at)
    deltas = struct.unpack_from(f">{seg_count}h", data, starts_at + 2 * seg_count)
    range_at = starts_at + 4 * seg_count
    offsets = struct.unpack_from(f">{seg_count}H", data, range_at)
    found = set()
    for i in range(seg_count):
        for code in range(starts[i], min(ends[i], 0xFFFE) + 1):
            if offsets[i] == 0:
                glyph = (code + deltas[i]) & 0xFFFF
            else:
                glyph = struct.unpack_from(">H", data, range_at + 2 * i + offsets[i] + 2 * (code - starts[i]))[0]
                glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
            if glyph:
                found.add(code)
    return found


def _format12(data: bytes, at: int) -> set[int]:
    """The characters a format-12 (full Unicode) subtable maps to a real glyph."""
    groups = struct.unpack_from(">I", data, at + 12)[0]
    found = set()
    for g in range(groups):
        start, end, glyph = struct.unpack_from(">3I", data, at + 16 + 12 * g)
        found.update(range(start + (glyph == 0), end + 1))  # glyph 0 is .notdef: not a real one
    return found


@lru_cache(maxsize=None)
def font_characters(path: str) -> Optional[frozenset[int]]:
    """The code points the font file at `path` has a glyph for; None if its cmap cannot be read."""
    try:
        with open(path, "rb") as f:
            data = f.read(12)
            if len(data) < 12 or data[:4] not in (b"OTTO", b"\x00\x01\x00\x00", b"true"):
                return None
            tables = struct.unpack_from(">H", data, 4)[0]
            records = f.read(16 * tables)
            for i in range(tables):
                tag, _sum, offset, length = struct.unpack_from(">4s3I", records, 16 * i)
                if tag == b"cmap":
                    f.seek(offset)
                    cmap = f.read(length)
                    break
            else:
                return None
        subtables = {}
        for i in range(struct.unpack_from(">H", cmap, 2)[0]):
            platform, encoding, at = struct.unpack_from(">HHI", cmap, 4 + 8 * i)
            subtables[(platform, encoding)] = at
        for key in PREFERRED:
            if key in subtables:
                at = subtables[key]
                fmt = struct.unpack_from(">H", cmap, at)[0]
                if fmt == 12:
                    return frozenset(_format12(cmap, at))
                if fmt == 4:
                    return frozenset(_format4(cmap, at))
        return None
    except (OSError, struct.error):
        return None


@lru_cache(maxsize=1)
def shipped_characters() -> Optional[frozenset[int]]:
    """The code points every UI font (regular and bold) can draw; None if unknown."""
    sets = [font_characters(str(resource_path("assets", "fonts", name))) for name in FONT_FILES.values()]
    if any(s is None for s in sets):
        return None
    return frozenset.intersection(*sets)


def drawable(ch: str) -> bool:
    """Can the UI fonts draw this character (rather than an empty box)?"""
    if not ch.isprintable():
        return False
    known = shipped_characters()
    return known is None or ord(ch) in known  # an unreadable font refuses nothing

"""Every character a player can read has a glyph in the shipped CJK fonts.

Checked: every value of assets/i18n/<lang>/*.json, and every string value in
assets/data/*.json that holds non-ASCII text (names, titles, symbols).
Format placeholders such as {name} are filled at run time and not checked.
"""
from __future__ import annotations

import json
import string
import unicodedata
from pathlib import Path

import pytest

fontTools = pytest.importorskip("fontTools.ttLib", reason="pip install fonttools (requirements-dev.txt)")

ROOT = Path(__file__).resolve().parents[1]
FONTS = ["NotoSansCJKtc-Regular.otf", "NotoSansCJKtc-Bold.otf"]


def walk(value, where):
    """(where, string) for every string value inside a JSON value."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from walk(v, f"{where}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, f"{where}[{i}]")


def literal_text(text: str) -> str:
    """The text without its {placeholders}."""
    try:
        return "".join(lit for lit, _, _, _ in string.Formatter().parse(text))
    except ValueError:
        return text  # not a format string after all: check every character


def readable_strings():
    found = []
    i18n = ROOT / "assets" / "i18n"
    for path in sorted(i18n.rglob("*.json")):
        for where, text in walk(json.loads(path.read_text("utf-8")), path.relative_to(i18n).as_posix()):
            found.append((where, literal_text(text)))
    for path in sorted((ROOT / "assets" / "data").glob("*.json")):
        for where, text in walk(json.loads(path.read_text("utf-8")), path.name):
            if not text.isascii():
                found.append((where, text))
    return found


@pytest.fixture(scope="module", params=FONTS)
def cmap(request):
    path = ROOT / "assets" / "fonts" / request.param
    font = fontTools.TTFont(str(path), lazy=True)
    try:
        return set(font.getBestCmap())
    finally:
        font.close()


def test_there_is_text_to_check():
    texts = readable_strings()
    assert any(not t.isascii() for _, t in texts)
    assert any(w.startswith("en/") for w, _ in texts) and any(w.startswith("zh_TW/") for w, _ in texts)


def test_every_readable_character_has_a_glyph(cmap):
    missing = {}
    for where, text in readable_strings():
        for ch in text:
            if unicodedata.category(ch) == "Cc":  # line breaks and tabs are layout, not glyphs
                continue
            if ord(ch) not in cmap:
                missing.setdefault(f"U+{ord(ch):04X} {ch!r}", where)
    assert not missing, f"characters without a glyph (first place each is used): {missing}"

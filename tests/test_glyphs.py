"""Every character a player can read has a glyph in the fonts a build ships, and a name
character those fonts lack is refused as it is typed, never drawn as a box.

The shipped fonts are the subsets tools/font_subset.py makes at build time into build/fonts/
(made here when missing or out of date, or taken from the user's cache: .ci/run makes them before
the tests; the first time on a machine it takes 15-140 s, by the machine's load).
Checked against them: every value of assets/i18n/<lang>/*.json, every string in
assets/data/*.json and the names in maps/. Format placeholders such as {name} are filled
at run time and not checked.
"""
from __future__ import annotations

import json
import string
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

fontTools = pytest.importorskip("fontTools.ttLib", reason="pip install fonttools (requirements-dev.txt)")

from scenes.app import App  # noqa: E402
from scenes.shell.setup import SetupScene  # noqa: E402
from scenes.ui import glyphs  # noqa: E402
from scenes.ui.widgets import TextInput  # noqa: E402
from tools import font_subset  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FONTS = list(font_subset.FONT_FILES)
SUBSET_DIR = ROOT / "build" / "fonts"
NOT_IN_ANY_FONT = "😀ก𠀀"      # an emoji, a Thai letter, a rare CJK extension-B character
ONLY_IN_THE_FULL_FONT = "堃喆"  # Big5 level 2: in the repository's fonts, not in the shipped subset


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
        found += walk(json.loads(path.read_text("utf-8")), path.name)
    for path in sorted((ROOT / "maps").glob("*.tmx")):
        for el in ET.parse(path).iter("property"):
            if el.get("name", "").startswith("name"):
                found.append((f"{path.name} {el.get('name')}", el.get("value", "")))
    return found


@pytest.fixture(scope="session")
def shipped():
    """The shipped fonts, as the build makes them."""
    return {path.name: path for path in font_subset.make_subsets(SUBSET_DIR)}


def cmap_of(path: Path) -> set[int]:
    font = fontTools.TTFont(str(path), lazy=True)
    try:
        return {code for code, glyph in font.getBestCmap().items() if glyph != ".notdef"}
    finally:
        font.close()


@pytest.fixture(scope="module", params=FONTS)
def cmap(request, shipped):
    return cmap_of(shipped[request.param])


@pytest.fixture
def subset_fonts(monkeypatch, shipped):
    """The game reads its glyphs from the shipped subsets, as the built game does."""
    monkeypatch.setattr(glyphs, "resource_path", lambda *parts: SUBSET_DIR / parts[-1])
    glyphs.shipped_characters.cache_clear()
    yield
    glyphs.shipped_characters.cache_clear()


def test_there_is_text_to_check():
    texts = readable_strings()
    assert any(not t.isascii() for _, t in texts)
    assert any(w.startswith("en/") for w, _ in texts) and any(w.startswith("zh_TW/") for w, _ in texts)
    assert any(w.startswith("elfenland.tmx") and not t.isascii() for w, t in texts)


def test_every_readable_character_has_a_glyph_in_the_shipped_fonts(cmap):
    missing = {}
    for where, text in readable_strings():
        for ch in text:
            if unicodedata.category(ch) == "Cc":  # line breaks and tabs are layout, not glyphs
                continue
            if ord(ch) not in cmap:
                missing.setdefault(f"U+{ord(ch):04X} {ch!r}", where)
    assert not missing, f"characters without a glyph (first place each is used): {missing}"


def test_the_shipped_fonts_keep_the_common_characters_players_type_as_names(cmap):
    common = font_subset.big5_characters(0xA440, 0xC67E)  # Big5 level 1: 5,401 frequent hanzi
    assert len(common) == 5401
    typed = common | set(string.printable.strip()) | set("ㄅㄆㄇㄈㄩˊˇˋ˙，。、；：！？「」『』（）～　ÀéüÆ")
    assert {ch for ch in typed if ord(ch) not in cmap} == set()


def test_the_shipped_fonts_are_subsets_far_smaller_than_the_full_fonts(shipped):
    for name, path in shipped.items():
        full = ROOT / "assets" / "fonts" / name
        assert path.stat().st_size < full.stat().st_size / 3
        assert len(cmap_of(path)) < len(cmap_of(full)) / 5
        assert not {ord(ch) for ch in ONLY_IN_THE_FULL_FONT} & cmap_of(path)


def test_the_shipped_fonts_keep_only_the_default_and_taiwans_layout(shipped):
    """No other region's local forms (Japanese, Korean, Simplified Chinese, Hong Kong): half the glyphs."""
    for path in shipped.values():
        font = fontTools.TTFont(str(path), lazy=True)
        try:
            languages = {record.LangSysTag.strip() for table in ("GSUB", "GPOS") if table in font
                         for script in font[table].table.ScriptList.ScriptRecord
                         for record in script.Script.LangSysRecord}
            assert languages <= set(font_subset.KEPT_LANGUAGES)
        finally:
            font.close()


def test_the_shipped_fonts_draw_the_games_text_as_the_full_fonts_do(shipped):
    """Every readable string of both languages, pixel for pixel: the subset keeps the forms drawn."""
    pygame.font.init()
    texts = sorted({text.replace("\n", " ") for _, text in readable_strings() if text.strip()})
    for name, path in shipped.items():
        full, cut = pygame.font.Font(str(ROOT / "assets" / "fonts" / name), 16), pygame.font.Font(str(path), 16)
        differ = [text for text in texts if pygame.image.tobytes(full.render(text, True, (0, 0, 0)), "RGBA")
                  != pygame.image.tobytes(cut.render(text, True, (0, 0, 0)), "RGBA")]
        assert differ == [], f"{name}: {len(differ)} strings drawn otherwise, e.g. {differ[:3]}"


def test_the_games_glyph_reader_agrees_with_fonttools(shipped):
    for path in (*shipped.values(), ROOT / "assets" / "fonts" / FONTS[0]):
        assert glyphs.font_characters(str(path)) == frozenset(cmap_of(path))


# -- name entry ------------------------------------------------------------------------------------
@pytest.fixture
def app():
    return App(lang="en", size=(1280, 720), first_scene=False)


@pytest.fixture
def field(app):
    f = TextInput("Ann", max_len=16, rect=(100, 100, 300, 40), size=19, refused_note="left out")
    f.set_focus(True)
    yield f
    f.set_focus(False)


def type_text(f: TextInput, text: str) -> None:
    f.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))


def picture(app: App, f: TextInput, over: bool = False) -> bytes:
    surface = pygame.Surface((500, 200))
    f.draw(surface, app.fonts)
    if over:
        f.draw_over(surface, app.fonts)
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("ch", list(NOT_IN_ANY_FONT))
def test_a_name_character_the_font_lacks_is_refused_as_it_is_typed(app, field, ch):
    changes = []
    field.on_change = changes.append
    type_text(field, ch)
    assert field.text == "Ann" and field.cursor == 3 and changes == []
    assert field.refused and field.note_rect(app.fonts) is not None


def test_pasted_text_keeps_what_the_font_can_show_and_refuses_the_rest(field):
    type_text(field, " 王😀小ก明")
    assert field.text == "Ann 王小明" and field.refused


def test_the_refusal_follows_the_shipped_subset_not_the_full_font(field, subset_fonts):
    type_text(field, ONLY_IN_THE_FULL_FONT[0])
    assert field.text == "Ann" and field.refused
    type_text(field, "王")
    assert field.text == "Ann王" and not field.refused


def test_a_refused_character_is_never_drawn_as_a_box(app, field):
    type_text(field, "😀")
    refused = picture(app, field)
    plain = TextInput("Ann", max_len=16, rect=field.rect, size=19)
    plain.set_focus(True)
    assert refused == picture(app, plain)  # the field itself shows only what was kept
    assert picture(app, field, over=True) != refused  # and the note says why


def test_the_note_goes_away_with_the_next_edit_or_when_the_field_is_left(app, field):
    type_text(field, "😀")
    assert field.note_rect(app.fonts) is not None
    type_text(field, "e")
    assert field.note_rect(app.fonts) is None and field.text == "Anne"
    type_text(field, "😀")
    field.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
    assert field.note_rect(app.fonts) is None and field.text == "Ann"
    type_text(field, "😀")
    field.set_focus(False)
    assert field.note_rect(app.fonts) is None


def test_a_saved_name_with_characters_the_font_lacks_comes_back_without_them():
    assert TextInput("王😀小明").text == "王小明"


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_setup_screen_says_why_in_the_players_language(lang):
    app = App(lang=lang, size=(1280, 720), first_scene=False)
    setup = app.manager.reset(SetupScene(app, "xuanwu_gate"))
    app.tick()
    field = setup.names[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=field.rect.center))
    app.tick()
    before = field.text
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="😀"))
    app.tick()
    assert field.text == before and field.refused
    note = app.t("text_field.refused")
    assert note != "text_field.refused" and field.refused_note() == note
    box = field.note_rect(app.fonts)
    assert box is not None and app.screen.get_rect().contains(box)
    assert box.width <= app.px(560) and box.top >= field.rect.bottom  # under the field, one short line
    field.set_focus(False)

"""The fonts a build ships: assets/fonts/NotoSansCJKtc-{Regular,Bold}.otf cut down to what the game can show.

The full fonts (17 MB each, 44 000 characters) stay in the repository and the source
tree uses them; build.spec calls this module and bundles the subsets instead (about
1.7 MB each) at the same path, assets/fonts/, so the frozen game loads them unchanged.

The characters kept (shipped_characters):
  - every character of every string the program can show: assets/i18n/**/*.json,
    assets/data/**/*.json, maps/ (town names), and the string literals of main.py,
    game/ and scenes/ (symbols such as arrows and ticks drawn from code);
  - what players type as names (NAME_RANGES): printable ASCII, Latin-1, Latin Extended-A,
    general punctuation, currency symbols, CJK and full-width punctuation, bopomofo, and
    the common Traditional Chinese characters: Big5's level-1 hanzi (5,401, bytes 0xA440-0xC67E)
    and its symbol rows (0xA140-0xA3BF), decoded with Python's big5 codec.
Characters the full font lacks are left out (they cannot be shipped either way); a
name character the shipped font lacks is refused as it is typed (scenes/ui/widgets.py).

    python tools/font_subset.py                # writes build/fonts/NotoSansCJKtc-{Regular,Bold}.otf
    python tools/font_subset.py --out DIR      # elsewhere
    python tools/font_subset.py --list         # only counts the characters, by source

Needs fontTools (requirements-dev.txt). A subset already made from the same fonts and
characters (by content) is kept, in build/fonts/ and in the user's cache folder (cache_dir();
SIFANG_FONT_CACHE to put it elsewhere), so building again, the tests, and a fresh checkout on the
same machine cost nothing here. .ci/run makes them before the tests.
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import shutil
import sys
import tokenize
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Iterable, Iterator, Optional

ROOT = Path(__file__).resolve().parents[1]
FONT_DIR = ROOT / "assets" / "fonts"
FONT_FILES = ("NotoSansCJKtc-Regular.otf", "NotoSansCJKtc-Bold.otf")
OUT_DIR = ROOT / "build" / "fonts"
CODE = ("main.py", "game", "scenes")

# What players type as names, beyond the program's own text: (what, first, last) code points.
NAME_RANGES = (
    ("ASCII printable", 0x20, 0x7E),
    ("Latin-1", 0xA0, 0xFF),
    ("Latin Extended-A", 0x100, 0x17F),
    ("general punctuation", 0x2010, 0x205E),
    ("currency symbols", 0x20A0, 0x20BF),
    ("CJK symbols and punctuation", 0x3000, 0x303F),
    ("bopomofo", 0x3100, 0x312F),
    ("bopomofo tone marks", 0x02C7, 0x02D9),
    ("full-width forms", 0xFF01, 0xFF5E),
)
# The layout kept: each script's default language system and Traditional Chinese as written in Taiwan
# (OpenType's ZHT), the forms the game's text is written in. The font's other languages' local forms
# (Japanese, Korean, Simplified Chinese, Hong Kong: its 'locl' alternates) more than doubled the
# glyphs kept (13,013 glyphs and 3.6 MB a weight, against 6,148 and 1.7 MB) and were never drawn:
# pygame's text (SDL_ttf with HarfBuzz) drew every string of the game and every character kept the
# same, pixel for pixel, with them and without them, under C, zh_TW, zh_HK and ja_JP locales
# (tests/test_glyphs.py compares the shipped fonts with the full ones the same way).
KEPT_LANGUAGES = ("ZHT",)

# Big5's rows: (what, first byte pair, last byte pair); a row's second byte runs 0x40-0x7E, 0xA1-0xFE.
BIG5_ROWS = (
    ("Big5 symbols and bopomofo", 0xA140, 0xA3BF),
    ("Big5 level-1 hanzi (common characters)", 0xA440, 0xC67E),
)


def big5_characters(first: int, last: int) -> set[str]:
    """The characters Big5 encodes from byte pair `first` to `last` (inclusive)."""
    found = set()
    for code in range(first, last + 1):
        lo = code & 0xFF
        if not (0x40 <= lo <= 0x7E or 0xA1 <= lo <= 0xFE):
            continue
        try:
            found.add(code.to_bytes(2, "big").decode("big5"))
        except UnicodeDecodeError:
            pass  # a hole in the table
    return found


def name_characters() -> dict[str, set[str]]:
    """What players may type as names, by source."""
    sets = {what: {chr(c) for c in range(a, b + 1) if chr(c).isprintable()} for what, a, b in NAME_RANGES}
    sets.update({what: big5_characters(a, b) for what, a, b in BIG5_ROWS})
    return sets


def json_strings(value) -> Iterator[str]:
    """Every string inside a JSON value, keys included (some keys are shown, e.g. symbol names)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from json_strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from json_strings(v)


def map_strings(path: Path) -> Iterator[str]:
    """The attribute values and text of a Tiled map or tileset (names are properties)."""
    for element in ET.parse(path).iter():
        yield from element.attrib.values()
        if element.text:
            yield element.text


def code_strings(path: Path) -> Iterator[str]:
    """The string literals of a Python file (docstrings too: a few extra characters cost nothing)."""
    source = path.read_text("utf-8")
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.STRING:
            yield tok.string
        elif sys.version_info >= (3, 12) and tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            yield tok.string


def program_characters(root: Path = ROOT) -> dict[str, set[str]]:
    """Every character of every string the program can show, by source."""
    def chars(texts: Iterable[str]) -> set[str]:
        return {ch for text in texts for ch in text if ch.isprintable()}

    i18n = chars(s for p in sorted((root / "assets" / "i18n").rglob("*.json"))
                 for s in json_strings(json.loads(p.read_text("utf-8"))))
    data = chars(s for p in sorted((root / "assets" / "data").rglob("*.json"))
                 for s in json_strings(json.loads(p.read_text("utf-8"))))
    maps = chars(s for p in sorted((root / "maps").glob("*.t[ms]x")) for s in map_strings(p))
    files = [root / c for c in CODE if (root / c).is_file()]
    files += [p for c in CODE if (root / c).is_dir() for p in sorted((root / c).rglob("*.py"))]
    code = chars(s for p in files for s in code_strings(p))
    return {"translations": i18n, "data files": data, "maps": maps, "code literals": code}


def shipped_characters(root: Path = ROOT) -> set[str]:
    """The characters the shipped fonts are asked to keep."""
    every: set[str] = set()
    for part in (*program_characters(root).values(), *name_characters().values()):
        every |= part
    return every


def subset_font(src: Path, dst: Path, chars: Iterable[str]) -> Path:
    """Write `src` cut down to `chars` (and what their layout needs) as `dst`."""
    from fontTools import subset

    options = subset.Options()
    options.notdef_outline = True  # .notdef keeps its box for the odd stray character
    font = subset.load_font(str(src), options, lazy=True)
    try:
        keep_languages(font, KEPT_LANGUAGES)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(ord(ch) for ch in chars))
        subsetter.subset(font)
        dst.parent.mkdir(parents=True, exist_ok=True)
        # A name of this process's own: two test processes (pytest-xdist) may make the same subset.
        tmp = dst.with_name(f"{dst.name}.{os.getpid()}.tmp")
        subset.save_font(font, str(tmp), options)
        tmp.replace(dst)  # never leave a half-written font behind for the bundle
    finally:
        font.close()
    return dst


def keep_languages(font, languages: Iterable[str]) -> None:
    """Drop every language system but `languages` (and each script's default) from the font's layout
    tables; the subsetter then drops the features, lookups and glyphs only they reached."""
    kept = {tag.ljust(4) for tag in languages}
    for table in ("GSUB", "GPOS"):
        if table in font:
            for record in font[table].table.ScriptList.ScriptRecord:
                script = record.Script
                script.LangSysRecord = [r for r in script.LangSysRecord if r.LangSysTag in kept]
                script.LangSysCount = len(script.LangSysRecord)


def _stamp(src: Path, chars: set[str]) -> str:
    """What a subset is made from, by content: the source font's bytes, the characters, the language
    systems kept and the fontTools that cuts it (a checkout's file dates say nothing: a fresh clone
    dates every file now)."""
    from fontTools import version as fonttools_version

    font = hashlib.sha256(src.read_bytes()).hexdigest()
    digest = hashlib.sha256("".join(sorted(chars)).encode("utf-8")).hexdigest()
    return f"{src.name} {font} {digest} languages {','.join(KEPT_LANGUAGES)} fontTools {fonttools_version}\n"


def cache_dir() -> Path:
    """Where subsets are kept between checkouts and runs: $SIFANG_FONT_CACHE, else the user's cache
    folder (XDG_CACHE_HOME or ~/.cache; %LOCALAPPDATA% on Windows; ~/Library/Caches on macOS)."""
    if os.environ.get("SIFANG_FONT_CACHE"):
        return Path(os.environ["SIFANG_FONT_CACHE"])
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        base = Path(os.environ["LOCALAPPDATA"])
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "sifang-table" / "font-subsets"


def _copy(src: Path, dst: Path) -> None:
    """A whole file or none: written under a name of this process's own, then renamed."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(f"{dst.name}.{os.getpid()}.tmp")
    shutil.copyfile(src, tmp)
    tmp.replace(dst)


def make_subsets(out_dir: Path = OUT_DIR, font_dir: Path = FONT_DIR, root: Path = ROOT,
                 cache: Optional[Path] = None) -> list[Path]:
    """The shipped fonts in `out_dir`: kept if made from the same fonts and characters, else taken
    from the cache (cache_dir(), keyed by the same), else made (some 15-140 s a font, by the
    machine's load) and put in the cache for every later checkout and run."""
    chars = shipped_characters(root)
    cache = cache_dir() if cache is None else cache
    made = []
    for name in FONT_FILES:
        src, dst = font_dir / name, out_dir / name
        stamp_file = dst.with_suffix(".stamp")
        stamp = _stamp(src, chars)
        if not (dst.exists() and stamp_file.exists() and stamp_file.read_text("utf-8") == stamp):
            cached = cache / hashlib.sha256(stamp.encode("utf-8")).hexdigest()[:24] / name
            if cached.exists():
                _copy(cached, dst)
            else:
                subset_font(src, dst, chars)
                try:
                    _copy(dst, cached)
                except OSError:
                    pass  # no cache to be had (a read-only home): made again next time, nothing lost
            stamp_file.write_text(stamp, "utf-8")
        made.append(dst)
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Subset the CJK fonts to the characters Sifang Table can show.")
    parser.add_argument("--out", type=Path, default=OUT_DIR, help=f"where to write the fonts ({OUT_DIR})")
    parser.add_argument("--list", action="store_true", help="only count the characters, write nothing")
    args = parser.parse_args(argv)
    if args.list:
        for what, part in {**program_characters(), **name_characters()}.items():
            print(f"{len(part):6d}  {what}")
        print(f"{len(shipped_characters()):6d}  in all")
        return 0
    try:
        import fontTools  # noqa: F401
    except ImportError:
        print("fontTools is needed: pip install fonttools (requirements-dev.txt)", file=sys.stderr)
        return 1
    for path in make_subsets(args.out):
        print(f"{path} ({path.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

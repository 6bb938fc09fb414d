"""How assets/fonts/NotoSansCJKtc-{Regular,Bold}.otf were made, and how to make them again.

The UI font is Noto Sans CJK TC (SIL Open Font License 1.1, assets/fonts/OFL.txt).
Debian's package fonts-noto-cjk ships it only inside TrueType/OpenType
collections (.ttc) that hold every regional face (JP, KR, SC, TC, HK). pygame.font.Font
opens a collection only at its first face, so the Traditional Chinese face is taken
out and saved as a plain OpenType file, unchanged (no subsetting, no renaming):

    collection  /usr/share/fonts/opentype/noto/NotoSansCJK-{Regular,Bold}.ttc
    face        3  (family name "Noto Sans CJK TC")
    output      assets/fonts/NotoSansCJKtc-{Regular,Bold}.otf

Every table is byte-for-byte the collection's. The committed files were saved
with fontTools' default that stamps head.modified with the time of saving;
this script keeps the collection's own date instead, so its output is
reproducible and differs from the committed files in that one field only.

Needs fontTools (`pip install fonttools`) and, on Debian or Ubuntu, `apt-get install fonts-noto-cjk`.

    python tools/extract_font.py            # writes the two files
    python tools/extract_font.py --check    # only checks the collection's face 3 is the TC face
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")
FACE = 3
FAMILY = "Noto Sans CJK TC"
WEIGHTS = ("Regular", "Bold")
OUT_DIR = Path(__file__).resolve().parents[1] / "assets" / "fonts"


def family_name(font) -> str:
    name = font["name"]
    return str(name.getDebugName(1) or "")


def extract(weight: str, source_dir: Path, out_dir: Path, check_only: bool) -> Path:
    from fontTools.ttLib import TTCollection

    src = source_dir / f"NotoSansCJK-{weight}.ttc"
    out = out_dir / f"NotoSansCJKtc-{weight}.otf"
    if not src.exists():
        raise SystemExit(f"{src} not found: install Debian's fonts-noto-cjk (apt-get install fonts-noto-cjk)")
    # Keep the collection's own head.modified date, so two runs give the same bytes.
    collection = TTCollection(str(src), recalcTimestamp=False)
    face = collection.fonts[FACE]
    family = family_name(face)
    if family != FAMILY:
        raise SystemExit(f"{src} face {FACE} is {family!r}, not {FAMILY!r}: the collection's order changed")
    if not check_only:
        out_dir.mkdir(parents=True, exist_ok=True)
        face.save(str(out))
    print(f"{src.name} face {FACE} ({family}, {weight})" + ("" if check_only else f" -> {out}"))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Extract Noto Sans CJK TC from Debian's Noto CJK collections.")
    parser.add_argument("--source-dir", type=Path, default=SOURCE_DIR, help=f"where the .ttc files are ({SOURCE_DIR})")
    parser.add_argument("--out-dir", type=Path, default=OUT_DIR, help=f"where to write the .otf files ({OUT_DIR})")
    parser.add_argument("--check", action="store_true", help="only check the collections, write nothing")
    args = parser.parse_args(argv)
    try:
        import fontTools  # noqa: F401
    except ImportError:
        print("fontTools is needed: pip install fonttools", file=sys.stderr)
        return 1
    for weight in WEIGHTS:
        extract(weight, args.source_dir, args.out_dir, args.check)
    return 0


if __name__ == "__main__":
    sys.exit(main())

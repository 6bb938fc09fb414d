"""The font subsets are made once per machine: a fresh checkout (an empty build/fonts/) takes them
from the user's cache, found by the fonts' and characters' content, and makes them again only when
a font or the characters change (tools/font_subset.py)."""
from __future__ import annotations

import pytest

pytest.importorskip("fontTools", reason="pip install fonttools (requirements-dev.txt)")

from tools import font_subset


@pytest.fixture
def cutting(monkeypatch):
    """subset_font without the 15-140 s of cutting a CJK font: each cut is counted, and its
    'subset' is the source's bytes marked as cut."""
    cuts = []

    def cut(src, dst, chars):
        cuts.append(src.name)
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_bytes(b"cut " + src.read_bytes())
        return dst
    monkeypatch.setattr(font_subset, "subset_font", cut)
    monkeypatch.setattr(font_subset, "shipped_characters", lambda root: set("四方桌 Sifang"))
    return cuts


def fonts(folder, marks=("regular", "bold")):
    folder.mkdir(exist_ok=True)
    for name, mark in zip(font_subset.FONT_FILES, marks):
        (folder / name).write_bytes(mark.encode())
    return folder


def test_a_fresh_checkout_takes_the_subsets_from_the_cache_without_cutting_again(tmp_path, cutting):
    src, cache = fonts(tmp_path / "fonts"), tmp_path / "cache"
    first = font_subset.make_subsets(tmp_path / "one" / "build", src, cache=cache)
    assert sorted(cutting) == sorted(font_subset.FONT_FILES)
    again = font_subset.make_subsets(tmp_path / "two" / "build", src, cache=cache)
    assert len(cutting) == 2, "the second checkout cut nothing"
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in first] == [b"cut regular", b"cut bold"]


def test_a_changed_font_is_cut_again_and_the_other_is_not(tmp_path, cutting):
    src, cache = fonts(tmp_path / "fonts"), tmp_path / "cache"
    font_subset.make_subsets(tmp_path / "build", src, cache=cache)
    fonts(src, ("regular, a newer release", "bold"))
    made = font_subset.make_subsets(tmp_path / "build", src, cache=cache)
    assert cutting[2:] == [font_subset.FONT_FILES[0]]
    assert made[0].read_bytes() == b"cut regular, a newer release"


def test_without_a_cache_folder_the_subsets_are_still_made(tmp_path, cutting):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache would go")
    made = font_subset.make_subsets(tmp_path / "build", fonts(tmp_path / "fonts"), cache=blocked)
    assert [p.read_bytes() for p in made] == [b"cut regular", b"cut bold"]

"""Wrapping (scenes/ui/text.py): no line begins with closing punctuation or ends with opening
punctuation, in Chinese and in Latin text alike, whatever the width."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from scenes.app import App
from scenes.ui.text import NO_LINE_END, NO_LINE_START, _tokens

TEXTS = [
    "Alice。王小明把 1 張選票移轉給 Bob（策略性放棄）。",
    "候選人 +1 選票；在造勢晚會或地方掃街改為 +2。",
    "張雅婷打出「民調灌水」，Dave 抽 2 張牌：政治獻金、狗仔錄音。",
    "回合開始：若你是未入獄玩家中票數最少者 (含同票)，你可以得 1 張選票。",
    "Bob's (Blue) card, then Carol's (Green)!",
]


@pytest.fixture(scope="module")
def fonts():
    return App(lang="zh_TW", size=(1280, 720), first_scene=False).fonts


def test_closing_punctuation_stays_with_a_latin_word_before_it():
    assert _tokens("Alice。然後") == ["Alice。", "然", "後"]
    assert _tokens("Bob）、Carol") == ["Bob）、", "Carol"]


def test_opening_punctuation_stays_with_what_it_opens():
    assert _tokens("給「Alice」") == ["給", "「Alice」"]
    assert _tokens("移除（無條件）") == ["移", "除", "（無", "條", "件）"]


def test_the_tokens_put_together_are_the_text():
    for text in TEXTS:
        assert "".join(_tokens(text)) == text


@pytest.mark.parametrize("size", [11, 14, 17])
def test_no_line_starts_with_closing_or_ends_with_opening_punctuation(fonts, size):
    for text in TEXTS:
        for width in range(size * 3, size * 30, 3):
            lines = fonts.wrap(text, size, width)
            assert "".join(lines).replace(" ", "") == text.replace(" ", "")
            for line in lines[1:]:
                assert line[:1] not in NO_LINE_START, (text, width, lines)
            for line in lines[:-1]:
                assert line[-1:] not in NO_LINE_END, (text, width, lines)

"""Parameter sets the tests share."""
from __future__ import annotations

import pytest


def lang_size_cases(sizes: list) -> list:
    """(lang, size) for a table drawn in every moment: English at the smallest window (the longest
    words in the least room) and Chinese at 1280x720 with the quick tests; every other pair with
    the slow ones (.ci/run runs both on every commit)."""
    smallest = min(sizes)
    quick = {("en", smallest), ("zh_TW", (1280, 720))}
    return [pytest.param(lang, size, id=f"{size[0]}x{size[1]}-{lang}",
                         marks=() if (lang, size) in quick else pytest.mark.slow)
            for size in sizes for lang in ("en", "zh_TW")]

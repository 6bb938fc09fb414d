"""Translation tables and the language chosen from the system locale.

Each language is a folder, assets/i18n/<lang>/, of JSON files (one per part of
the app: common, menu, one per game) merged into one table.
"""
from __future__ import annotations

import json
import locale
import os
from functools import lru_cache
from typing import Any

from .paths import resource_path

LANGS = ("zh_TW", "en")
LANG_NAMES = {"zh_TW": "繁體中文", "en": "English"}


@lru_cache(maxsize=None)
def table(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in sorted(resource_path("assets", "i18n", lang).glob("*.json")):
        with open(path, encoding="utf-8") as f:
            merged.update(json.load(f))
    return merged


def detect_lang() -> str:
    """zh_TW for any Chinese system locale, English otherwise."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var)
        if value:
            return "zh_TW" if value.lower().startswith("zh") else "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "zh_TW" if code.lower().startswith(("zh", "chinese")) else "en"


class Translator:
    def __init__(self, lang: str) -> None:
        if lang not in LANGS:
            raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
        self.lang = lang

    def __call__(self, key: str, **kw: Any) -> str:
        text = table(self.lang).get(key)
        if text is None:
            text = table("en").get(key, key)
        return text.format(**kw) if kw else text

    def name(self, names: dict) -> str:
        """Pick this language from a data entry such as {"zh_TW": "李淵", "en": "Li Yuan"}."""
        return names.get(self.lang) or names.get("en") or next(iter(names.values()))

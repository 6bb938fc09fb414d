"""Translation tables (assets/i18n) and the language picked from the system locale."""
from __future__ import annotations

import json
import locale
import string

import pytest

from game.core import i18n
from game.core.i18n import LANGS, Translator, detect_lang
from game.core.paths import resource_path

LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


def parts(lang):
    """{file name: its table} for one language folder, read straight from the files."""
    found = {}
    for path in sorted(resource_path("assets", "i18n", lang).glob("*.json")):
        with open(path, encoding="utf-8") as f:
            found[path.name] = json.load(f)
    return found


def raw(lang):
    merged = {}
    for table in parts(lang).values():
        merged.update(table)
    return merged


def placeholders(text):
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)


@pytest.fixture
def no_locale_env(monkeypatch):
    for var in LOCALE_VARS:
        monkeypatch.delenv(var, raising=False)
    return monkeypatch


def test_both_languages_have_a_table_of_strings():
    assert set(LANGS) == {"zh_TW", "en"}
    for lang in LANGS:
        table = raw(lang)
        assert isinstance(table, dict) and table
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in table.items())


def test_en_and_zh_tw_have_the_same_files():
    assert list(parts("en")) == list(parts("zh_TW"))


def test_en_and_zh_tw_have_exactly_the_same_keys():
    en, zh = parts("en"), parts("zh_TW")
    for name in en:
        assert sorted(set(en[name]) - set(zh.get(name, {}))) == [], f"keys missing in zh_TW/{name}"
        assert sorted(set(zh.get(name, {})) - set(en[name])) == [], f"keys missing in en/{name}"


def test_no_key_is_defined_in_two_files():
    for lang in LANGS:
        seen = {}
        for name, table in parts(lang).items():
            for key in table:
                assert key not in seen, f"{lang}: {key} is in both {seen[key]} and {name}"
                seen[key] = name


def test_the_loaded_table_is_the_merge_of_the_files():
    for lang in LANGS:
        assert i18n.table(lang) == raw(lang)


def test_each_key_has_the_same_placeholders_in_both_languages():
    en, zh = raw("en"), raw("zh_TW")
    differ = {k: (placeholders(en[k]), placeholders(zh[k]))
              for k in set(en) & set(zh) if placeholders(en[k]) != placeholders(zh[k])}
    assert not differ


def english_texts():
    """Every English text a player reads from the data: the translation table and the lessons."""
    yield from raw("en").values()
    for path in sorted(resource_path("assets", "data").glob("tutorial_*.json")):
        with open(path, encoding="utf-8") as f:
            stack = [json.load(f)]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                if isinstance(item.get("en"), str):
                    yield item["en"]
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)


def test_english_texts_use_straight_quotes_which_the_cjk_font_draws_narrow():
    """The one font (Noto Sans TC) draws curly quotes full-width, a gap around every quoted word
    in English."""
    curly = [text for text in english_texts() if any(q in text for q in "“”‘’")]
    assert not curly, curly[:3]


def test_no_translation_is_empty():
    for lang in LANGS:
        assert [k for k, v in raw(lang).items() if not v.strip()] == []


def test_every_string_formats_with_its_placeholders():
    for lang in LANGS:
        t = Translator(lang)
        for key, text in raw(lang).items():
            names = placeholders(text)
            assert isinstance(t(key, **{n: "X" for n in names}) if names else t(key), str)


def test_the_translator_reads_its_own_language():
    for lang in LANGS:
        assert Translator(lang)("app.title") == raw(lang)["app.title"]


def test_a_key_missing_in_chinese_falls_back_to_english(monkeypatch):
    tables = {"en": {"only.en": "English only", "both": "EN"}, "zh_TW": {"both": "中"}}
    monkeypatch.setattr(i18n, "table", lambda lang: tables[lang])
    t = Translator("zh_TW")
    assert t("both") == "中"
    assert t("only.en") == "English only"


def test_a_key_missing_everywhere_shows_the_key(monkeypatch):
    monkeypatch.setattr(i18n, "table", lambda lang: {})
    assert Translator("zh_TW")("no.such.key") == "no.such.key"
    assert Translator("en")("no.such.key") == "no.such.key"


def test_the_translator_fills_placeholders(monkeypatch):
    monkeypatch.setattr(i18n, "table", lambda lang: {"pass": "請把畫面交給 {name}"})
    assert Translator("zh_TW")("pass", name="王小明") == "請把畫面交給 王小明"


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError):
        Translator("fr")


def test_data_names_are_picked_in_the_language_with_a_fallback():
    names = {"zh_TW": "李淵", "en": "Li Yuan"}
    assert Translator("zh_TW").name(names) == "李淵"
    assert Translator("en").name(names) == "Li Yuan"
    assert Translator("zh_TW").name({"en": "Li Yuan"}) == "Li Yuan"
    assert Translator("en").name({"zh_TW": "李淵"}) == "李淵"


@pytest.mark.parametrize("value", ["zh_TW.UTF-8", "zh_CN.UTF-8", "zh_HK", "zh", "ZH_tw.big5", "zh_SG.GB2312"])
def test_detect_lang_maps_zh_locales_to_zh_tw(no_locale_env, value):
    no_locale_env.setenv("LANG", value)
    assert detect_lang() == "zh_TW"


@pytest.mark.parametrize("value", ["en_US.UTF-8", "C", "POSIX", "C.UTF-8", "fr_FR.UTF-8", "ja_JP.UTF-8"])
def test_detect_lang_maps_other_locales_to_english(no_locale_env, value):
    no_locale_env.setenv("LANG", value)
    assert detect_lang() == "en"


def test_detect_lang_follows_lc_all_before_lang(no_locale_env):
    no_locale_env.setenv("LANG", "zh_TW.UTF-8")
    no_locale_env.setenv("LC_ALL", "en_GB.UTF-8")
    assert detect_lang() == "en"


@pytest.mark.parametrize("system,expected", [
    (("zh_TW", "UTF-8"), "zh_TW"),
    (("Chinese (Traditional)_Taiwan", "950"), "zh_TW"),
    (("English_United States", "1252"), "en"),
    ((None, None), "en"),
])
def test_detect_lang_without_locale_variables_asks_the_system(no_locale_env, system, expected):
    no_locale_env.setattr(locale, "getlocale", lambda *a: system)
    assert detect_lang() == expected


def test_detect_lang_survives_a_broken_system_locale(no_locale_env):
    def broken(*a):
        raise ValueError("unknown locale")

    no_locale_env.setattr(locale, "getlocale", broken)
    assert detect_lang() == "en"

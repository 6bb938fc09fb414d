"""The setup form's words: an option value's label, what an option does, how a bot level plays."""
from __future__ import annotations

from typing import Any


def same_value(a: Any, b: Any) -> bool:
    """Equal and of the same type: JSON gives True for a seat 1, and True == 1 in Python."""
    return type(a) is type(b) and a == b


def _value_word(value: Any) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def option_value_label(t, game: str, name: str, value: Any) -> str:
    """The words for an option value: a translated key if there is one, else a number phrase or the value."""
    word = _value_word(value)
    key = f"option.{game}.{name}.{word}"
    text = t(key)
    if text != key:
        return text
    if isinstance(value, int):
        key = f"option.{game}.{name}.value"
        text = t(key, n=value)
        return text if text != key else str(value)
    return str(value)


def level_line(t, level: str) -> str:
    """One line on how a bot level plays (assets/i18n/*/bot_levels.json)."""
    key = f"level.line.{level}"
    text = t(key)
    return text if text != key else t("setup.kind." + level)


def option_help(t, game: str, name: str, value: Any) -> str:
    """One line on what an option does (assets/i18n/*/options_help.json): the chosen value's own
    words if it has them (help.<game>.<option>.<value>), else the option's (help.<game>.<option>)."""
    key = f"help.{game}.{name}.{_value_word(value)}"
    text = t(key)
    return text if text != key else t(f"help.{game}.{name}")

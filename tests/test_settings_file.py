"""A settings file that is damaged or odd never loses what a person put in it: an editor's
byte-order mark is read through, a bad value is that one setting's default (the rest kept), a file
that cannot be read at all is kept as settings.json.bad-<time> before anything writes over it, and
the main menu says so, in the person's language."""
from __future__ import annotations

import json
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from scenes.app import App
from scenes.settings_store import open_settings, read_settings, save_settings, settings_path
from scenes.shell.dialog import MessageScene
from scenes.shell.menu import MainMenuScene

RENAMES = {"player_aliases": {"Annie": "Ann", "老王": "王大明"}, "hidden_players": ["Bo"]}


def copies(folder) -> list:
    return sorted(p for p in folder.iterdir() if p.name.startswith("settings.json.bad-"))


def test_a_settings_file_with_an_editors_byte_order_mark_is_read_whole(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(dict(RENAMES, bot_speed="fast")).encode("utf-8"))
    settings, trouble = open_settings(path)
    assert trouble is None and not copies(tmp_path)
    assert settings.player_aliases == RENAMES["player_aliases"] and settings.hidden_players == ["Bo"]
    assert settings.bot_speed == "fast"


def test_a_bad_value_is_that_one_settings_default_and_every_other_setting_is_kept(tmp_path):
    path = tmp_path / "settings.json"
    raw = json.dumps(dict(RENAMES, lang="en", volume="loud", bot_speed=["fast"], muted=True)).encode()
    path.write_bytes(raw.replace(b'"muted": true', b'"muted": true, "text_size": NaN'))
    settings, trouble = open_settings(path)
    assert settings.player_aliases == RENAMES["player_aliases"] and settings.muted and settings.lang == "en"
    assert (settings.volume, settings.bot_speed, settings.text_size) == (70, "normal", 100), "their defaults"
    assert set(trouble.unread) == {"volume", "bot_speed", "text_size"}
    [kept] = copies(tmp_path)
    assert trouble.kept_as == kept.name and kept.read_bytes() == path.read_bytes(), "the file as it was"


@pytest.mark.parametrize("damage", [b'{"player_aliases": {"Annie": "Ann"', b"\xff\xfe{\x00}\x00", b"[1, 2]"])
def test_a_settings_file_that_cannot_be_read_is_kept_aside_before_it_is_written_over(tmp_path, damage):
    path = tmp_path / "settings.json"
    path.write_bytes(damage)
    settings, trouble = open_settings(path)
    assert trouble.unread == () and settings.player_aliases == {}
    save_settings(settings, path)   # the app writes its settings over the file
    [kept] = copies(tmp_path)
    assert kept.read_bytes() == damage and trouble.kept_as == kept.name


def test_a_missing_or_sound_settings_file_is_no_trouble(tmp_path):
    path = tmp_path / "settings.json"
    assert read_settings(path)[1] is None, "the first start"
    path.write_text(json.dumps(RENAMES), encoding="utf-8")
    assert open_settings(path)[1] is None and not copies(tmp_path)


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_main_menu_tells_the_person_what_could_not_be_read_and_where_the_file_is_kept(tmp_path, monkeypatch,
                                                                                          lang):
    monkeypatch.setenv("SIFANG_DATA_DIR", str(tmp_path))
    settings_path().write_bytes(b"\xef\xbb\xbf" + json.dumps(dict(RENAMES, lang=lang, volume=-4)).encode())
    app = App(size=(1280, 720))
    notice = app.manager.top
    assert isinstance(notice, MessageScene) and isinstance(app.manager.stack[-2], MainMenuScene)
    [kept] = copies(tmp_path)
    assert notice.body == app.t("menu.settings_unread.some", names="volume",
                                kept=app.t("menu.settings_unread.kept", name=kept.name))
    assert kept.name in notice.body
    assert app.settings.player_aliases == RENAMES["player_aliases"] and app.settings.lang == lang
    app.manager.draw(app.screen)
    app.manager.pop()
    assert isinstance(app.manager.top, MainMenuScene), "told once"


def test_the_hosts_chosen_port_is_kept_and_a_port_that_is_no_port_is_the_default(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"host_port": 50123}), encoding="utf-8")
    settings, trouble = open_settings(path)
    assert trouble is None and settings.host_port == 50123
    for bad in (80, 70000, "47047", True):
        path.write_text(json.dumps({"host_port": bad}), encoding="utf-8")
        settings, trouble = open_settings(path)
        assert settings.host_port == 47047 and list(trouble.unread) == ["host_port"]

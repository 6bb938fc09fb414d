"""Text size (issue 35): a setting of 100, 125 or 150 % makes what a person reads larger, laid out
again around the larger words rather than scaled as a picture; remembered, explained where it is
chosen, and nothing changes while it stays at 100 %."""
from __future__ import annotations

import json

import pygame
import pytest

from game.registry import GAMES
from scenes.app import App
from scenes.settings_store import Settings, load_settings, settings_path


def make_app(lang="en", size=(1024, 600), text_size=100):
    return App(lang=lang, size=size, first_scene=False,
               settings=Settings(lang=lang, bot_speed="instant", text_size=text_size))


def click(app, pos):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.manager.handle(pygame.event.Event(kind, pos=pos, button=1))


@pytest.mark.parametrize("kept, read", [(150, 150), (125, 125), (133, 100), ("big", 100), (True, 100), (None, 100)])
def test_the_text_size_is_remembered_and_a_strange_value_is_the_standard_one(tmp_path, monkeypatch, kept, read):
    monkeypatch.setenv("SIFANG_DATA_DIR", str(tmp_path))
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"text_size": kept}), encoding="utf-8")
    assert load_settings().text_size == read


def test_read_text_grows_with_the_setting_and_lengths_do_not():
    app = make_app(text_size=150)
    assert app.tx(20) == round(app.px(20) * 1.5)
    assert app.fonts.read(app.px(20)) == app.tx(20)
    app.set_text_size(100)
    assert app.tx(20) == app.px(20) and app.fonts.read(17) == 17


def test_choosing_a_size_in_settings_lays_out_the_table_under_it_again(tmp_path, monkeypatch):
    """Settings opened from a table's menu: the table's log takes the larger words at once, and the
    choice is saved."""
    monkeypatch.setenv("SIFANG_DATA_DIR", str(tmp_path))
    from scenes.xuanwu_gate.demo import demo_scene
    from scenes.shell.settings_scene import SettingsScene
    app = make_app()
    table = app.manager.reset(demo_scene(app, "peek", seed=4))
    app.manager.draw(app.screen)
    log = table.side.log
    before = log.size
    scene = app.manager.push(SettingsScene(app))
    click(app, scene.tabs["screen"].rect.center)
    click(app, scene.size_buttons[150].rect.center)
    assert app.settings.text_size == 150 and scene.size_buttons[150].selected
    assert load_settings().text_size == 150
    assert abs(log.size - before * 1.5) <= 1   # 1.5 times, within a pixel's rounding


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("percent", [100, 150])
def test_settings_rows_stay_inside_their_panel_at_the_smallest_window(lang, percent):
    """Each page's rows, their controls and their notes, within the panel and over Back, at
    1024x600: 150 % is laid out again (the notes wrap), never drawn past the panel."""
    from scenes.shell.settings_scene import SettingsScene
    app = make_app(lang, text_size=percent)
    scene = app.manager.reset(SettingsScene(app))
    for page in ("play", "screen"):
        scene.show_page(page)
        app.manager.draw(app.screen)
        fonts = app.fonts
        note_h = fonts.line_height(fonts.read(app.px(15)))
        for label, first, notes, y in scene.rows:
            bottom = y + sum(len(lines) for lines, _ in notes) * note_h
            assert scene.panel.contains(first), (page, label)
            assert bottom <= scene.panel.bottom, (page, label, bottom, scene.panel.bottom)
        for w in scene.pages[page]:
            assert scene.panel.contains(w.rect), (page, w)
        assert scene.back_button.rect.top >= scene.panel.bottom
        assert app.screen.get_rect().contains(scene.back_button.rect)


def test_the_other_page_hides_its_controls_from_clicks_and_tab():
    from scenes.shell.settings_scene import SettingsScene
    app = make_app()
    scene = app.manager.reset(SettingsScene(app))
    assert all(not w.visible for w in scene.pages["screen"])
    scene.show_page("screen")
    assert all(w.visible for w in scene.pages["screen"]) and all(not w.visible for w in scene.pages["play"])



@pytest.mark.parametrize("game", list(GAMES))
def test_setup_rows_and_their_lines_never_overlap_at_150_percent(game):
    """Each option row's line fits under it before the next row; where there are too many rows for
    that (The Wonderful Island's eight), the rows close up and one line at the panel's foot says
    what the row under the mouse does."""
    from scenes.shell.setup import SetupScene
    app = make_app("zh_TW", text_size=150)
    scene = app.manager.reset(SetupScene(app, game))
    app.manager.draw(app.screen)
    steppers = [s for _k, s in scene.option_rows()]
    line = app.fonts.line_height(app.fonts.read(app.px(15)))
    for a, b in zip(steppers, steppers[1:]):
        assert a.rect.bottom + (line if scene.help_under else 0) <= b.rect.top + 2, (a.rect, b.rect)
    assert steppers[-1].rect.bottom + line <= scene.left.bottom
    assert scene.help_under or game == "wonderful_island"


def test_wi_plates_grow_with_the_text_and_the_table_is_laid_out_around_them():
    """The Wonderful Island at 150 % at 1024x600 with eight players: the plates are taller for their
    larger names (two rows, side by side, none over another), the venue starts under them, the
    settlement is still high enough to read and the character's card is wider for its words."""
    from scenes.wonderful_island.demo import demo_match
    from scenes.wonderful_island.seats import growth
    from scenes.wonderful_island.table import WonderfulIslandTableScene
    match = demo_match("play", seed=2, n_players=8)
    heights = {}
    for percent in (100, 150):
        app = make_app("en", text_size=percent)
        scene = app.manager.reset(WonderfulIslandTableScene(app, match))
        app.manager.draw(app.screen)
        seats, venue = scene.seats, scene.venue
        rects = [seats.plate_rect(s) for s in range(8)]
        assert all(seats.rect.contains(r) for r in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert seats.rect.bottom < venue.rect.top and venue.rect.bottom < scene.prompts.rect.top
        # high enough for a few steps and the result at the text size (or all the room over the hand)
        room = scene.prompts.rect.bottom - seats.rect.top
        assert scene.settlement.rect.h >= min(room, app.px(280 * percent / 100)) - 1
        assert app.screen.get_rect().contains(scene.settlement.rect)
        assert all(p.rect.size == r.size for p, r in zip(seats.plates, rects))
        heights[percent] = (rects[0].h, scene.hand.char_rect.w, venue.tile_h)
    big = make_app(text_size=150)
    grow = growth(big.px, big.fonts.read)
    assert heights[150][0] >= heights[100][0] + grow - 1 and heights[150][1] > heights[100][1]
    assert heights[150][2] >= make_app().px(24)   # the cards on the venue keep a readable height


def test_wi_procedure_lines_left_out_are_counted_and_never_drawn_past_the_panel():
    """The venue's procedure at 150 %: lines that no longer fit are left out and counted ("+n") at
    the end of the last line shown, inside the panel."""
    from types import SimpleNamespace
    from scenes.wonderful_island.procedure import _Writer
    app = make_app("en", text_size=150)
    pic = pygame.Surface((300, 200), pygame.SRCALPHA)
    panel = SimpleNamespace(px=app.px, tx=app.tx, fonts=app.fonts)
    rect = pygame.Rect(10, 10, 260, 90)
    writer = _Writer(panel, pic, rect)
    for i in range(8):
        writer.line(f"Voter {i}: not asked yet")
    assert writer.left_out >= 4 and writer.y <= rect.bottom + app.px(2)
    writer.more()
    below = pygame.Rect(0, rect.bottom + 1, 300, 200 - rect.bottom - 1)
    assert pygame.mask.from_surface(pic.subsurface(below)).count() == 0   # nothing under the panel's rect


def test_eu_plates_and_side_card_keep_their_words_apart_at_150_percent():
    """European Union at 150 % in the smallest window: on every plate (seven in a row) the name
    sits over the influence row, the chips that fit under it and above the status tag (the rest
    "+n"), all inside the plate; the side card's bid entry and vote cards move down under the
    taller title and stay inside the card, apart, over the hint."""
    from scenes.european_union.base import side_head_bottom
    from scenes.european_union.demo import demo_scene
    app = make_app("zh_TW", text_size=150)
    px, tx = app.px, app.tx
    for phase, kw in (("discuss", {"n_players": 7}), ("bid", {}), ("vote", {})):
        scene = app.manager.reset(demo_scene(app, phase, seed=4, **kw))
        app.manager.draw(app.screen)
        seats = scene.seats
        for s in range(scene.n):
            r = seats.plate_rect(s)
            name, row, chips_top, chips_bottom = seats.plate_rows(r)
            assert name + tx(15) <= row and row + px(20) + tx(13) - px(13) <= chips_top, (phase, s)
            shown, more, _y0 = seats.chips[s]
            assert shown or more or scene.view["players"][s]["states"] == []
            for _key, _label, c in shown:
                assert r.contains(c) and chips_top <= c.top and c.bottom <= chips_bottom, (phase, s, c)
            status = seats._status_chip(s, r)
            if status:
                assert r.contains(status[1]) and status[1].top >= chips_bottom, (phase, s)
        side = scene.bids.rect
        if phase == "bid":
            bids = scene.bids
            rects = [pygame.Rect(b.rect) for b in bids.buttons.widgets]
            number = pygame.Rect(side.x, side.y + px(66) + bids.head_grow(), side.w, px(48))
            have_bottom = side_head_bottom(bids, app.t("eu.ui.bid.title")) + tx(15) + px(4)
            assert have_bottom <= number.centery - px(40) // 2 and number.bottom <= min(x.top for x in rects)
            assert all(side.contains(x) for x in rects)
            assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        if phase == "vote":
            for _vote, c in scene.vote.vote_rects():
                assert side.contains(c) and c.bottom <= scene.vote.hint_top()


@pytest.mark.parametrize("n_players", [4, 6])
def test_elfenland_players_and_strip_lay_out_again_at_150_percent(n_players):
    """Elfenland at 150 % at 1024x600: the names and the counts grow (six players: both a step less,
    the counts never smaller than the names' step below), every row stays in the players panel and
    every piece on its row, the log keeps room under them; the strip's pieces stay in their panels,
    and the transport table fits over the map."""
    from scenes.elfenland.demo import demo_scene
    app = make_app(text_size=150)
    scene = app.manager.reset(demo_scene(app, "move", seed=2, n_players=n_players, options={"variant": "destination"}))
    app.manager.draw(app.screen)
    seats, px = scene.seats, app.px
    if n_players == 4:
        assert seats.st.name >= app.tx(15) and seats.st.count >= app.tx(13)
    else:   # a step less, both: the markers and cards as large as the names
        assert seats.st.count >= round(app.px(13) * 1.25) and seats.st.name >= round(app.px(15) * 1.25)
    rows = [seats.row(s) for s in range(n_players)]
    for i, row in enumerate(rows):
        assert seats.rect.contains(row)
        assert i == 0 or not row.colliderect(rows[i - 1])
    for piece in seats.pieces.sprites():
        assert rows[piece.key[1]].contains(piece.rect), piece.key   # a boot, a counter, a card: its seat's
    assert scene.log_column.rect.top >= seats.rect.bottom and scene.log_column.rect.h >= px(100)
    for panel in (scene.supply, scene.counters, scene.cards):
        assert scene.strip.contains(panel.rect) and not panel.rect.colliderect(scene.board.bv.rect)
        for piece in panel.pieces.sprites():
            assert panel.rect.contains(piece.rect), piece.key
    scene.transport.toggle()
    assert scene.board.bv.rect.contains(scene.transport.rect)


@pytest.mark.parametrize("n", [5, 7])
def test_xuanwu_plates_hold_their_words_and_keep_off_each_other_at_150_percent(n):
    """At 150 % at 1024x600 each seat's name, kind line, score and chips lie inside its plate and
    apart; no two seats, nor a seat and the gate mat, overlap (seven seats drop the kind line)."""
    from scenes.xuanwu_gate.demo import demo_scene
    app = make_app("zh_TW", text_size=150)
    table = app.manager.reset(demo_scene(app, "peek", n_players=n, options={"variant": "scoring"}))
    app.manager.draw(app.screen)
    board = table.board
    blocks = [board.mat]
    for s in range(n):
        slot, plate = board.seat_rects(s)
        words = board.plate_words[s]
        assert all(plate.contains(r) for r in words), (s, plate, words)
        assert not any(a.colliderect(b) for i, a in enumerate(words) for b in words[i + 1:]), (s, words)
        block = slot.union(plate)
        assert block.collidelist(blocks) < 0 and board.rect.contains(block), (s, block)
        blocks.append(block)
    if n == 7:
        assert not board.show_kind   # no room for a taller plate: the kind line goes
    else:
        assert board.plate[1] > app.px(86) * 1.2 and board.show_kind   # taller for the words


def test_xuanwu_deal_result_fits_the_table_at_150_percent():
    """Between deals, the battle's panel with seven rows of scores stays on the table, its rows
    under the card faces and above Next deal."""
    from scenes.xuanwu_gate.demo import demo_scene
    app = make_app("en", text_size=150)
    table = app.manager.reset(demo_scene(app, "between", n_players=7))
    app.manager.draw(app.screen)
    panel = table.deal.items[0][1]
    assert table.board.rect.contains(panel)
    blits = [item[2] if isinstance(item[2], pygame.Rect) else item[1].get_rect(topleft=item[2])
             for item in table.deal.items if item[0] == "blit"]
    assert all(panel.contains(r) for r in blits)
    button = table.deal.buttons.widgets[0].rect
    assert max(r.bottom for r in blits) <= button.top


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_elfenlands_round_and_stage_in_the_top_corner_grow_with_the_text_size(lang, size):
    """'Round 1 of 4 · Draw counters' is read: at 150 % it is larger than at 100 % (on two lines where
    one is too long), within its corner."""
    from scenes.elfenland.demo import demo_scene
    heights = []
    for percent in (100, 150):
        app = make_app(lang=lang, size=size, text_size=percent)
        scene = app.manager.reset(demo_scene(app, "move", seed=2, n_players=4))
        app.manager.draw(app.screen)
        words = scene.top_bar.corner_words()
        assert words.get_width() <= app.px(300)
        assert app.px(33) + words.get_height() <= scene.top_bar.rect.bottom, "inside the bar"
        heights.append(words.get_height())
    assert heights[1] >= heights[0] * 1.3


def test_wi_candidates_plate_at_150_percent_keeps_the_characters_name_whole(monkeypatch):
    """Five players at 150 % at 1280x720: the Candidate chip, too tall at the text size for the
    counters' lines and too wide for the name's, stands at its 100 % size after the counters rather
    than beside the character's name, which then reads whole (never cut with "…")."""
    from game.wonderful_island import data
    from scenes.ui import text
    from scenes.wonderful_island.demo import demo_scene
    app = make_app("en", size=(1280, 720), text_size=150)
    scene = app.manager.push(demo_scene(app, "play", seed=3, n_players=5))
    app.manager.draw(app.screen)
    v = scene.view
    c = v["candidate"]
    char = app.t.name(data.character(v["players"][c]["character"])["name"])
    drawn = []
    real = text.Fonts.text
    monkeypatch.setattr(text.Fonts, "text", lambda fonts, s, size, *a, **kw: (drawn.append((s, size)),
                                                                             real(fonts, s, size, *a, **kw))[1])
    scene.seats._plate(c, scene.seats.plate_rect(c).size)
    assert any(s == char for s, _ in drawn)
    assert not any(s.endswith("…") for s, _ in drawn)
    assert any(s == app.t("wi.ui.chip.candidate") for s, _ in drawn)

"""The European Union table's words read whole and its cards stay where a person aims: every bill's
title and text whole on its card (or left off whole, the note reading it), every member state's
name clear of the pile over it, the states' places kept for the whole auction, the ending cards'
bands whole, at 1024x600 and 1280x720, in both languages and at every text size."""
from __future__ import annotations

import functools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.european_union import data as cards
from game.european_union.describe import bill_name, policy_short
from scenes.app import App
from scenes.european_union import bill_card as bc
from scenes.european_union import cards as art
from scenes.european_union.demo import demo_match
from scenes.european_union.table import EuropeanUnionTableScene
from scenes.settings_store import Settings
from scenes.ui.byte_cache import PICTURE_CACHE_BYTES, PictureCache

SIZES = [(1024, 600), (1280, 720)]


def make_app(lang: str = "en", size=(1280, 720), text_size: int = 100) -> App:
    return App(lang=lang, size=size, first_scene=False,
               settings=Settings(lang=lang, bot_speed="instant", text_size=text_size))


@pytest.fixture(scope="module")
def matches():
    return {p: demo_match(p, seed=4) for p in ("keep", "discuss", "draft3")}


def table(app: App, match) -> EuropeanUnionTableScene:
    scene = app.manager.push(EuropeanUnionTableScene(app, match))
    scene.tweens.finish()
    return scene


def written_on(app: App, paint) -> list[str]:
    """Every string the fonts set while `paint()` runs."""
    out = []
    real = app.fonts.text
    app.fonts.text = lambda s, *a, **k: out.append(s) or real(s, *a, **k)
    try:
        paint()
    finally:
        app.fonts.text = real
    return out


def card_sizes(app: App, matches) -> set[tuple[int, int]]:
    """The bill cards' sizes on this table: the chair's row of seven and the agenda."""
    keep, agenda = table(app, matches["keep"]), table(app, matches["discuss"])
    return {keep.bills.keep_rects()[0][1].size, agenda.bills.agenda_rects()[0][1].size}


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", SIZES)
def test_a_bills_title_and_labels_are_written_whole_on_its_card(lang, size, matches):
    """Nothing on a bill card is cut short ("…"): its title's every word, its policies' short names
    and its method are written, on the card as big as the table makes it."""
    app = make_app(lang, size)
    t = app.t
    for w, h in card_sizes(app, matches):
        for b in cards.load()["bills"]:
            art._cache.pop(("bill", b["id"], w, h, t.lang), None)
            words = written_on(app, lambda: bc.bill_card(app.fonts, t, b["id"], w, h))
            assert not any("…" in s for s in words), (b["id"], words)
            title = bill_name(b["id"], t)
            assert title.replace(" ", "") in "".join(words).replace(" ", ""), (title, words)
            lines = bc._plan(app.fonts, t, b["id"], w).title
            assert all(line in words for line in lines) and "".join(lines).replace(" ", "") == title.replace(" ", "")
            for p in cards.POLICIES:
                if b["stars"][p]:
                    assert policy_short(p, t) in words


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_bills_title_fits_its_card_at_1280x720(lang, matches):
    """Each title line, as rendered, lies within the card's margins."""
    app = make_app(lang)
    for w, h in card_sizes(app, matches):
        pad = max(4, w // 16)
        for b in cards.load()["bills"]:
            plan = bc._plan(app.fonts, app.t, b["id"], w)
            for line in plan.title:
                assert app.fonts.text(line, plan.title_size, (0, 0, 0), True).get_width() <= w - 2 * pad
            assert bc.heights(app.fonts, app.t, b["id"], w)[0] <= h, "the title and the stars fit the card"


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_agenda_at_1280x720_has_room_for_every_bills_whole_text(lang, matches):
    """On the agenda the cards are as tall as the longest flavour needs: each is written whole."""
    app = make_app(lang)
    scene = table(app, matches["discuss"])
    w, h = scene.bills.agenda_rects()[0][1].size
    for b in cards.load()["bills"]:
        art._cache.pop(("bill", b["id"], w, h, app.t.lang), None)
        words = written_on(app, lambda: bc.bill_card(app.fonts, app.t, b["id"], w, h))
        flavour = app.t.name(b["flavour"])
        sep = " " if lang == "en" else ""
        assert sep.join(s for s in words if s in flavour) == flavour


@pytest.mark.parametrize("text_size", [100, 125, 150])
@pytest.mark.parametrize("lang,size", [("en", (1024, 600)), ("en", (1280, 720)), ("zh_TW", (1024, 600))])
def test_round_3s_piles_leave_every_states_name_in_sight(lang, size, text_size, matches):
    """No member state's name band lies under another card of the piles, and every card lies
    within the middle of the table (nothing over the side card or the seats)."""
    app = make_app(lang, size, text_size)
    scene = table(app, matches["draft3"])
    auction = scene.auction
    pieces = sorted(auction.pieces, key=lambda p: auction.pieces.get_layer_of_sprite(p))
    assert len(pieces) >= 20
    for i, piece in enumerate(pieces):
        band = pygame.Rect(piece.rect.x, piece.rect.y, piece.rect.w, art.state_band(piece.rect.w))
        for over in pieces[i + 1:]:
            assert not band.colliderect(over.rect), (piece.key, over.key)
        assert auction.rect.contains(piece.rect)
    assert all(not p.rect.colliderect(scene.bids.rect) for p in pieces)


def test_a_taken_state_leaves_every_other_card_where_it_lay(matches):
    """A pick leaves a gap: the cards still up keep their places (the card aimed at does not move)."""
    app = make_app()
    scene = table(app, matches["draft3"])
    before = {p.key: p.rect.topleft for p in scene.auction.pieces}
    take = next(p for p in scene.auction.pieces if p.glowing)
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=take.rect.center))
    scene.tweens.finish()
    after = {p.key: p.rect.topleft for p in scene.auction.pieces}
    assert take.key not in after and len(after) < len(before)
    assert all(after[k] == before[k] for k in after)


def test_the_piles_are_laid_out_from_the_rounds_states_not_those_left():
    """Every place is fixed by the round's whole set: the slots with cards taken are the same."""
    app = make_app()
    match = demo_match("draft3", seed=4)
    scene = table(app, match)
    left = scene.view["cards_left"]
    slots = scene.auction.slots()
    assert set(slots) == set(cards.states_for_round(3)) and set(left) < set(slots)
    for c, r, _covered in scene.auction.rects():
        assert r.topleft == slots[c].topleft


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_an_ending_cards_band_is_written_whole(lang):
    """The track and level on an ending card's band wrap rather than end in "…" ("Environmental
    Protection · mi…"), at the widths the results give it."""
    app = make_app(lang, (1024, 600))
    for w in (120, 140, 176):
        for e in cards.load()["endings"]:
            words = written_on(app, lambda: art._cache.pop(("ending", e["id"], w, art.ending_size(w), app.t.lang), None)
                               or art.ending_card(app.fonts, app.t, e["id"], w))
            assert not any("…" in s for s in words)
            band = policy_short(e["policy"], app.t) + " · " + app.t("eu.ui.level." + e["level"])
            assert band.replace(" ", "") in "".join(words).replace(" ", "")


@pytest.mark.parametrize("text_size", [100, 150])
@pytest.mark.parametrize("lang,size", [("en", (1024, 600)), ("en", (1280, 720)), ("zh_TW", (1024, 600))])
def test_the_results_write_every_word_whole(lang, size, text_size, monkeypatch):
    """The results (the final table, the ending cards read out, the rounds, the winners) cut no word
    short: nothing they write ends in "…"."""
    from scenes.european_union.game_over import EuropeanUnionGameOverScene
    app = make_app(lang, size, text_size)
    over = app.manager.push(EuropeanUnionGameOverScene(app, demo_match("over", seed=4)))
    monkeypatch.setattr(art, "_cache", PictureCache(PICTURE_CACHE_BYTES))   # every card painted anew
    words = written_on(app, lambda: (over.layout(*app.size), app.manager.draw(app.screen)))
    endings = over.view["final"]["endings"]
    assert any(app.t.name(cards.load()["ending_by_id"][e]["title"]) in " ".join(words) for e in endings)
    assert not [s for s in words if "…" in s]


@pytest.mark.parametrize("text_size", [100, 125, 150])
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_tracks_board_writes_every_word_whole_at_1024x600(lang, text_size, matches):
    """The board's stage tabs ("Parliament", not "Parlia…"), its threshold line, its policies and
    ending cards: nothing cut short at the smallest window, at any text size."""
    app = make_app(lang, (1024, 600), text_size)
    scene = table(app, matches["discuss"])
    words = written_on(app, lambda: scene.tracks.paint(app.screen.copy()))
    assert app.t("eu.ui.stage_short.parliament") in words
    assert not [s for s in words if "…" in s]
    parliament = table(app, parliament_discussion())   # its line: the majority of the MEP seats' power
    words = written_on(app, lambda: parliament.tracks.paint(app.screen.copy()))
    v = parliament.view
    assert app.t("eu.ui.majority_line", needed=v["majority"], total=v["total_power"]) in words
    assert not [s for s in words if "…" in s]


@functools.lru_cache(maxsize=1)
def parliament_discussion():
    """A bill discussed in the Parliament (its majority known)."""
    from game.registry import GAMES
    from scenes.demo import demo_seats, play_until
    return play_until(GAMES["european_union"], demo_seats(5, 1, lambda i: "normal"), 4, 20, {"start_player": 0},
                      lambda m, last: m.state.view(0)["stage"] == "parliament" and m.state.view(0)["phase"] == "discuss")


def test_the_mep_seat_cards_keep_their_places_while_they_are_taken():
    """In the Parliament too: each MEP seat card keeps its place in the row as the others go."""
    app = make_app()
    match = demo_match("parliament", seed=4)
    scene = table(app, match)
    first = {p.key: p.rect.topleft for p in scene.auction.pieces}
    seen = 0
    for _ in range(40):
        to_act = match.state.to_act()
        if not to_act or match.state.view(0)["stage"] != "parliament" or match.state.view(0)["phase"] not in \
                ("bid", "order", "draft"):
            break
        seat = to_act[0]
        match.act(seat, match.state.legal_actions(seat)[0])
        scene.refresh()
        scene.tweens.finish()
        now = {p.key: p.rect.topleft for p in scene.auction.pieces}
        assert all(now[k] == first[k] for k in now)
        seen = max(seen, len(first) - len(now))
    assert seen >= 2, "cards were taken while the row was watched"


class _Blits(pygame.Surface):
    """A layer that notes where each picture was put on it."""

    def __init__(self, size) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.rects: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):
        self.rects.append(pygame.Rect(dest if len(dest) == 2 else dest[:2], source.get_size()))
        return super().blit(source, dest, *args, **kwargs)


@pytest.fixture(scope="module")
def discussions():
    """A bot chair and a person chair, three people at the table; and one person with a bot chair."""
    return {"bot chair": demo_match("discuss_bot", seed=4, humans=3), "person chair": demo_match("discuss", seed=4, humans=3),
            "alone": demo_match("discuss_bot", seed=4, humans=1)}


@pytest.mark.parametrize("text_size", [100, 150])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_discussions_countdown_and_words_keep_clear_of_its_buttons(lang, size, text_size, discussions):
    """Public view, each person's own view, one person alone: the countdown between the card's head
    and the buttons, and nothing written on the card under a button (or its shadow)."""
    for name, match in discussions.items():
        for eyes in [None] + list(match.humans) if len(match.humans) > 1 else [match.humans[0]]:
            match.looking_in_watched_moment, match.shown_to = None, None
            app = make_app(lang, size, text_size)
            scene = table(app, match)
            if eyes is not None and len(match.humans) > 1:
                scene.look_in_watched_moment(eyes)
                app.manager.top.on_ready()
                app.manager.pop()
            assert scene.viewer == eyes, (name, eyes)
            vote, px = scene.vote, app.px
            buttons = [b.rect for b in vote.buttons.widgets]
            assert buttons, (name, eyes)
            clock = vote.clock_rect()
            assert clock.y >= vote._method_bottom() and clock.bottom <= min(b.y for b in buttons), (name, eyes)
            layer = _Blits(app.size)
            vote.paint(layer)
            for r in layer.rects[1:]:   # what is written on the card (its frame first)
                assert not any(r.colliderect(b.inflate(0, px(3)).move(0, px(1))) for b in buttons), (name, eyes, r)


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_seven_narrow_plates_keep_their_choosing_order_whole_at_1024x600(lang):
    """After the bids, each plate says its bid and place in the choosing order; where a plate is too
    narrow for both, the place alone ("#2"), never cut."""
    app = make_app(lang, (1024, 600))
    scene = table(app, demo_match("draft", seed=4, n_players=7))
    scene.view["last_bids"] = {str(s): 10 + s for s in range(scene.n)}   # two figures each
    words = written_on(app, lambda: [scene.seats._paint_status(app.screen.copy(), s, scene.seats.plate_rect(s))
                                     for s in range(scene.n)])
    assert not [w for w in words if "…" in w]
    assert all(any(f"#{i}" in w for w in words) for i in range(1, 8))

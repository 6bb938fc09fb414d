"""The Wonderful Island's table reads and asks clearly: every card face and seat plate sets its words
at 11 px or more at 1024x600 and cuts none, in both languages; a card is seen large on a right
click; a choice of cards says how many and is confirmed once whole; a two-step target says "from"
and "to"; skill buttons name the skill; an offer that cannot be made says why."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.wonderful_island import data
from game.wonderful_island.describe import qty
from scenes.app import App
from scenes.settings_store import Settings
from scenes.wonderful_island import art, faces
from scenes.wonderful_island.demo import demo_scene
from scenes.wonderful_island.lettering import MIN_TEXT
from scenes.wonderful_island.picker import hand_limit


class Recording:
    """The app's fonts, noting every line rendered (its words and size)."""

    def __init__(self, fonts) -> None:
        self.fonts, self.lines = fonts, []

    def text(self, text, size, colour=(0, 0, 0), bold=False):
        self.lines.append((text, size))
        return self.fonts.text(text, size, colour, bold)

    def __getattr__(self, name):
        return getattr(self.fonts, name)


def click(app, pos, button=1):
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos))
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos))


def button_for(scene, words):
    return next(b for b in scene.prompts.buttons.widgets if b.visible and str(b.label) == words)


def table(moment, n=3, lang="en", size=(1024, 600)):
    # Settings of its own: not those another test saved in the shared data folder (a lesson walked
    # at 150 % keeps that text size there).
    app = App(lang=lang, size=size, first_scene=False, settings=Settings(lang=lang, bot_speed="instant"))
    return app, app.manager.push(demo_scene(app, moment, seed=2, n_players=n))


def assert_readable(lines):
    assert lines
    small = [(text, size) for text, size in lines if size < MIN_TEXT and text.strip()]
    cut = [text for text, _ in lines if text.endswith("…")]
    assert not small, small
    assert not cut, cut


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("n", [3, 8])
def test_every_card_face_is_read_at_11_px_or_more_at_1024x600_and_cuts_nothing(lang, n, monkeypatch):
    app, scene = table("poaching", n=n, lang=lang)
    monkeypatch.setattr(art, "_cached", lambda key, make: make())  # every face made now, not taken ready
    fonts, t, hand, venue = Recording(app.fonts), app.t, scene.hand, scene.venue
    for c in data.load()["cards"]:
        faces.effect_face(fonts, t, c["id"], hand.card_w)
        faces.slot_tile(fonts, t, c["id"], 3, (venue.tile_w, venue.tile_h))
        faces.card_chip(fonts, t, c["id"], app.px(24), venue.proc_rect.w)
    for m in data.load()["meetings"]:
        faces.meeting_face(fonts, t, m["id"], hand.meeting_w)
    for vid in data.VENUES:
        faces.venue_face(fonts, t, vid, venue._choice_size(), app.px(14))
        faces.venue_face(fonts, t, vid, venue.board_rect.size, app.px(16))
    assert_readable(fonts.lines)


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_eight_seat_plates_show_every_name_and_counter_whole_at_1024x600(lang):
    app, scene = table("play", n=8, lang=lang)
    fonts = Recording(app.fonts)
    scene.seats.app = type("Eyes", (), {"fonts": fonts, "px": app.px, "tx": app.tx, "t": app.t})()  # the plates' own fonts
    characters = [c["id"] for c in data.load()["characters"]]
    for start in range(0, len(characters), 8):  # every character on some plate
        for p, cid in zip(scene.view["players"], characters[start:start + 8]):
            p["character"] = cid
        scene.seats.refresh()
    assert_readable(fonts.lines)
    rects = [scene.seats.plate_rect(s) for s in range(8)]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert all(scene.seats.rect.contains(r) for r in rects)
    assert len({r.y for r in rects}) == 2  # two rows of four
    tip = scene.seats.tip(1)
    assert scene.seats.counts_line(1) in tip and "{" not in tip


def test_a_right_click_on_a_card_shows_it_large_and_a_click_or_a_key_closes_it():
    app, scene = table("play", n=8)
    card = scene.hand.cards[0]
    click(app, (card.rect.x + 6, card.rect.centery), button=3)
    assert scene.card_view.visible and scene.card_view.subject[:2] == ("effect", card.key[2])
    app.manager.draw(app.screen)
    click(app, (5, 5))
    assert not scene.card_view.visible
    slot = scene.venue.slots[0]
    click(app, slot.rect.center, button=3)
    assert scene.card_view.subject[:2] == ("effect", scene.view["slots"][slot.key[1]]["card"])
    assert scene.name(scene.view["slots"][slot.key[1]]["by"]) in scene.card_view.subject[2]
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert not scene.card_view.visible and scene.card_view.picture is None
    board = scene.venue.pieces.by_key(("board", scene.view["venue"]))
    click(app, board.rect.center, button=3)
    assert scene.card_view.subject[:2] == ("venue", scene.view["venue"])
    assert app.t("wi.ui.enlarge.hint") in card.tooltip()


def key(app, k):
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def test_the_l_key_shows_large_the_card_under_the_mouse_or_the_keyboards_focus():
    app, scene = table("play", n=8)
    card = scene.hand.cards[0]
    app.manager.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=card.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    key(app, pygame.K_l)
    assert scene.card_view.visible and scene.card_view.subject[:2] == ("effect", card.key[2])
    key(app, pygame.K_l)  # a key closes it, this one too
    assert not scene.card_view.visible
    key(app, pygame.K_TAB)  # the focus on a card the prompt asks for: L shows that one
    focus = scene.key_focus.current()
    subject = scene._card_under(focus.center)
    assert subject is not None
    key(app, pygame.K_l)
    assert scene.card_view.visible and scene.card_view.subject[:2] == subject[:2]


def test_the_l_key_away_from_any_card_does_nothing():
    app, scene = table("play", n=8)
    app.manager.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 300), rel=(0, 0), buttons=(0, 0, 0)))
    key(app, pygame.K_l)
    assert not scene.card_view.visible


@pytest.mark.parametrize("kind", ["effect", "meeting", "venue"])
def test_a_card_seen_large_reads_larger_at_a_larger_text_size(kind, monkeypatch):
    monkeypatch.setattr(art, "_cached", lambda key, make: make())
    body = {}
    for percent in (100, 150):
        app, scene = table("play", size=(1280, 720))
        app.set_text_size(percent)
        what = {"effect": scene.hand.cards[0].key[2], "meeting": data.load()["meetings"][0]["id"],
                "venue": scene.view["venue"]}[kind]
        fonts = Recording(app.fonts)
        monkeypatch.setattr(type(scene.card_view), "fonts", property(lambda panel: fonts))
        scene.enlarge((kind, what, None))
        picture = scene.card_view.picture
        assert scene.card_view.rect.contains(picture.get_rect(center=scene.card_view.rect.center))
        body[percent] = max(size for text, size in fonts.lines if len(text) > 12)  # a line of its text
        assert_readable(fonts.lines)
    assert body[150] >= body[100] * 1.3


def test_the_hand_limit_says_how_many_and_discards_them_once_picked_and_confirmed():
    app, scene = table("discard", n=8)
    hand = list(scene.view["hand"])
    n = len(hand) - hand_limit(scene.view)
    assert n >= 2 and scene.choice().count == n
    t = app.t
    assert t("wi.ui.ask.limit", limit=hand_limit(scene.view), cards=qty("card", n, t)) in scene.instruction()
    words = t("wi.ui.btn.part_discard", cards=qty("card", n, t))
    before = len(scene.match.state.actions)
    click(app, button_for(scene, words).rect.center)          # nothing picked: nothing discarded
    assert len(scene.match.state.actions) == before
    picked = [p.key[2] for p in scene.hand.cards[:n]]
    for piece in scene.hand.cards[:n]:
        click(app, (piece.rect.x + 6, piece.rect.centery))
    assert sorted(scene.multi) == sorted(picked)
    assert t("wi.ui.ask.pick_many", k=n, n=n) in scene.instruction()
    click(app, button_for(scene, words).rect.center)
    made = scene.match.state.actions[before:]
    assert [a for _, a in made] == [("discard", c) for c in picked]
    assert len(scene.view["hand"]) == hand_limit(scene.view)


def test_a_card_moving_votes_asks_from_then_to_and_tags_the_first_on_its_plate():
    app, scene = table("two", n=8)
    t = app.t
    card = next(p for p in scene.hand.cards if p.key[2] == "fake_poll")
    click(app, (card.rect.x + 6, card.rect.centery))
    name = t.name(data.card("fake_poll")["name"])
    assert scene.instruction() == t("wi.ui.do.with", card=name, then=t("wi.ui.ask.from"))
    first = next(s for s, p in enumerate(scene.seats.plates) if p.action is not None)
    click(app, scene.seats.plates[first].rect.center)
    assert scene.picker.prefix == ("play", "fake_poll", first)
    assert scene.instruction() == t("wi.ui.do.with", card=name, then=t("wi.ui.ask.to", name=scene.name(first)))
    assert scene.seats.tags == {first: t("wi.ui.tag.from")}
    click(app, (5, 5), button=3)                                  # dropped: no tag is left
    assert scene.picker is None and scene.seats.tags == {}


def test_an_offer_that_cannot_be_made_says_why():
    app, scene = table("offer")
    scene.offer.update(votes=1, extra="hug")
    why = app.t("wi.ui.offer_why.gesture", gesture=app.t("wi.gesture.hug"))
    assert scene.offer_problem() == why and scene.instruction() == why
    before = len(scene.match.state.actions)
    scene.make_offer()
    assert len(scene.match.state.actions) == before and scene.message == why
    scene.offer.update(votes=0)
    assert scene.offer_problem() is None


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_an_offer_names_only_what_is_left_to_offer(lang):
    """Never "up to 0 votes and 0 cards": the votes, the cards, both, or only a gesture."""
    app, scene = table("offer", lang=lang)
    t, name = app.t, scene.name(scene.view["proc"]["asking"])
    offers = list(scene.legal)
    assert max(a[1] for a in offers if a[0] == "offer") and max(a[2] for a in offers if a[0] == "offer")
    for votes, cards, key in ((True, True, "offer"), (True, False, "offer_votes"), (False, True, "offer_cards"),
                              (False, False, "offer_gesture")):
        scene.legal = [a for a in offers if (votes or a[1] == 0) and (cards or a[2] == 0)]
        v, c = max(a[1] for a in scene.legal), max(a[2] for a in scene.legal)
        said = scene.instruction()
        assert said == t("wi.ui.ask." + key, name=name, votes=qty("vote", v, t), cards=qty("card", c, t))
        assert qty("vote", 0, t) not in said and qty("card", 0, t) not in said


def test_a_count_of_one_reads_as_one_on_the_character_cards():
    """"The first court summons … is ignored", not "The first 1 court summons … are ignored"."""
    lawyer = next(c for c in data.load()["characters"] if c["id"] == "defence_lawyer")
    skill = next(sk for sk in lawyer["skills"] if sk["op"] == "summons_ignore")
    assert skill["n"] == 1
    assert data.skill_text(skill, "en") == "The first court summons you would receive this game is ignored."
    assert data.skill_text(skill, "zh_TW") == "本局你收到的第 1 張法院傳票不算數。"
    assert data.skill_text(dict(skill, n=2), "en") == "The first 2 court summons you would receive this game are ignored."
    for c in data.load()["characters"]:
        for sk in c["skills"]:
            for lang in ("en", "zh_TW"):
                text = data.skill_text(sk, lang)
                assert "first 1 " not in text and "前 1 張" not in text, (c["id"], text)


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_skill_buttons_name_the_skill_as_the_character_card_prints_it(lang):
    app = App(lang=lang, size=(1280, 720), first_scene=False)
    scene = app.manager.push(demo_scene(app, "play", seed=2))
    t = app.t
    for c in data.load()["characters"]:
        for i, sk in enumerate(c["skills"][:2]):
            if sk["op"] not in art.ACTION_SKILLS:
                continue
            scene.view = dict(scene.view, my_character=c["id"])
            label = scene.prompts.label(("skill", i))
            name = t("wi.ui.skill_name." + sk["op"])
            assert name in label and "{" not in label
            assert (label == t("wi.ui.btn.skill_start", skill=name)) == (sk["op"] in art.TURN_START_SKILLS)
            assert t("wi.ui.active_named", name=name) in [tag for tag, _, _ in art._character_parts(t, c, None)]


class _Drawn:
    """The app's fonts, keeping every text drawn."""

    def __init__(self, fonts) -> None:
        self.fonts, self.texts = fonts, []

    def text(self, text, *args, **kw):
        self.texts.append(text)
        return self.fonts.text(text, *args, **kw)

    def __getattr__(self, name):
        return getattr(self.fonts, name)


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_character_card_prints_its_office_only_when_the_name_does_not_say_it(lang):
    app = App(lang=lang, size=(1280, 720), first_scene=False)
    t = app.t
    for c in data.load()["characters"]:
        fonts = _Drawn(app.fonts)
        art.character_card(fonts, t, c["id"], 301, 421)
        name, title = t.name(c["name"]), t.name(c["title"])
        head = fonts.texts[:next(i for i, x in enumerate(fonts.texts) if x.startswith(t("wi.ui.active")))]
        sep = " " if lang == "en" else ""
        assert sep.join(head) == (name if title in name else name + sep + title), (c["id"], head)


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_debater_asked_without_a_reply_is_told_so_and_one_with_replies_is_asked_to_answer(lang):
    from types import SimpleNamespace
    from scenes.wonderful_island.asks import question
    app = App(lang=lang, size=(1024, 600), first_scene=False, settings=Settings(lang=lang))
    lacking = SimpleNamespace(view={"phase": "reply"}, app=app, legal=[("concede",)])
    holding = SimpleNamespace(view={"phase": "reply"}, app=app, legal=[("reply", "stage"), ("concede",)])
    assert question(lacking) == app.t("wi.ui.do.reply_none")
    assert question(holding) == app.t("wi.ui.do.reply")


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_offers_steppers_show_their_words_at_the_text_size_at_150_percent(lang):
    """The legislature's offer at 150 %: each stepper's words (no votes, 2 cards, a gesture) are drawn
    at the text size, not shrunk to fit between arrows as wide as the taller row."""
    app = App(lang=lang, size=(1280, 720), first_scene=False,
              settings=Settings(lang=lang, bot_speed="instant", text_size=150))
    scene = app.manager.push(demo_scene(app, "offer", seed=2, n_players=3))
    app.manager.draw(app.screen)
    steppers = scene.prompts.steppers
    assert len(steppers) == 3
    full = app.fonts.read(app.px(14))
    for st in steppers:
        for v in st.values:
            assert st.label_size(app.fonts, v) == full, (st.key, st.label_of(v))
    assert scene.prompts.rect.contains(steppers[0].rect.unionall([s.rect for s in steppers]))

"""The Wonderful Island watched again with all hidden cards (issue 11): view_all shows what every
seat holds in secret at that moment (characters offered and kept, faction, hand, secret-meeting
cards, what it has learnt, a show of hands cast, who the reaction window asks) and changes nothing
in the public or a seat's view; the table draws each seat's secrets under its plate, with a
padlock while they are secret, and what each seat knows."""
from __future__ import annotations

import json
import random

import pygame
import pytest

from game.core.replay import ALL_EYES
from game.registry import GAMES
from game.wonderful_island import data
from scenes.app import App
from scenes.wonderful_island import art
from scenes.wonderful_island.tips import effect_tip
from conftest import random_game
from test_replay import watch

SPEC = GAMES["wonderful_island"]
ADDED = ("hand_cards", "meeting_cards", "dossier", "offer")   # what view_all adds to each player


def played_until(wanted, n: int = 4, seed: int = 0):
    """A game of random legal moves, stopped at the first state `wanted` accepts."""
    state = SPEC.new_game(n, seed, {})
    rng = random.Random(seed)
    while not wanted(state):
        assert not state.is_over(), "the game ended before the position wanted"
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def all_views(state) -> str:
    return json.dumps([state.view(s) for s in [None, *range(state.n_players)]], sort_keys=True)


def test_all_hidden_cards_shows_each_seats_faction_hand_meeting_cards_and_what_it_has_learnt():
    state = played_until(lambda s: s.phase == "play" and any(s.dossier))
    v = state.view_all()
    assert v["all_seen"] is True
    for s, p in enumerate(v["players"]):
        assert p["faction"] == state.factions[s]
        assert p["hand_cards"] == state.hands[s] and p["meeting_cards"] == state.meetings[s]
        assert p["dossier"] == state.dossier[s] and p["character"] == state.chars[s]
        assert len(p["hand_cards"]) == p["hand"] and len(p["meeting_cards"]) == p["meetings"]


def test_all_hidden_cards_changes_nothing_in_the_public_view_or_a_seats_view():
    state = played_until(lambda s: s.phase == "play" and any(s.dossier))
    before = all_views(state)
    v = state.view_all()
    v["players"][0]["hand_cards"].clear()  # a copy: drawing it can never touch the game
    v["players"][0]["dossier"].clear()
    assert all_views(state) == before and state.hands[0]
    public = state.view(None)
    assert all(p["faction"] is None and "hand_cards" not in p for p in public["players"])
    assert {k: x for k, x in v.items() if k not in ("players", "all_seen")} == \
        {k: x for k, x in public.items() if k != "players"}, "outside the players, the same table in play"
    for mine, theirs in zip(v["players"], public["players"]):
        assert {k: x for k, x in mine.items() if k not in ADDED} == {**theirs, "faction": mine["faction"]}


def test_at_setup_each_seats_two_characters_offered_and_the_one_kept_are_shown_but_no_faction_yet():
    state = played_until(lambda s: s.phase == "character" and s.chars[0] is not None)
    v = state.view_all()
    for s, p in enumerate(v["players"]):
        assert p["offer"] == state.offers[s] and p["character"] == state.chars[s]
        assert p["faction"] is None, "the faction card is dealt after every character is kept"
    assert v["players"][0]["character"] in v["players"][0]["offer"]
    assert state.view(None)["players"][0]["character"] is None


def test_a_show_of_hands_cast_is_shown_before_the_hands_are_revealed():
    state = played_until(lambda s: s.phase == "vote" and s.proc.get("votes") and not s.proc.get("revealed"), seed=1)
    assert state.view_all()["proc"]["votes"] == state.proc["votes"]
    assert set(state.view(None)["proc"]["votes"].values()) == {None}


def test_the_seat_the_reaction_window_asks_is_shown():
    state = played_until(lambda s: s.phase == "react")
    assert state.view(None)["to_act"] == []
    assert state.view_all()["to_act"] == state.to_act() != []


# -- the table ------------------------------------------------------------------------------------
def finished_save(n: int, seed: int = 3) -> dict:
    return json.loads(json.dumps(random_game(SPEC, n, seed, human_first=False).to_save()))


@pytest.fixture(scope="module")
def saves() -> dict:
    return {n: finished_save(n) for n in (3, 8)}


def busiest(scene) -> int:
    """The position where one seat holds the most hidden cards (the tightest column)."""
    match, best = scene.match, (0, 0)
    for i in range(match.length):
        match.seek(i)
        held = max(len(h) + len(m) for h, m in zip(match.state.hands, match.state.meetings))
        best = max(best, (held, i))
    return best[1]


def first_at(scene, wanted) -> int:
    """The first position of the record whose state `wanted` accepts."""
    for i in range(scene.match.length):
        scene.match.seek(i)
        if wanted(scene.match.state):
            return i
    raise AssertionError("no such position in the record")


def all_eyes_at(app: App, save: dict, where) -> object:
    scene = watch(app, save)
    scene.seek(where(scene) if callable(where) else where)
    app.manager.top.watch_as(ALL_EYES)
    app.tick()
    return app.manager.top


def chips(scene) -> dict[int, list]:
    out: dict[int, list] = {}
    for piece in scene.hand.pieces.sprites():
        if piece.key[0] == "secret":
            out.setdefault(piece.key[1], []).append(piece)
    return {s: sorted(ps, key=lambda p: p.key[2]) for s, ps in out.items()}


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("n", [3, 8])
def test_each_seats_secrets_lie_under_its_plate_inside_the_bottom_panel_none_overlapping(saves, size, lang, n):
    app = App(lang=lang, size=size)
    try:
        scene = all_eyes_at(app, saves[n], busiest)
        shown = chips(scene)
        assert shown, "the bottom panel shows every seat's secrets"
        every = [p.rect for ps in shown.values() for p in ps]
        for s, pieces in shown.items():
            plate = scene.seats.plate_rect(s)
            for piece in pieces:
                assert scene.hand.rect.contains(piece.rect)
                assert plate.left <= piece.rect.left and piece.rect.right <= plate.right
        assert not any(a.colliderect(b) for i, a in enumerate(every) for b in every[i + 1:])
    finally:
        pygame.display.quit()


def test_every_hidden_card_of_every_seat_is_a_chip_with_its_text_on_hover(saves):
    app = App(lang="en", size=(1280, 720))
    try:
        scene = all_eyes_at(app, saves[3], lambda sc: sc.match.length // 2)
        v = scene.view
        shown = chips(scene)
        t = app.t
        for p in v["players"]:
            tips = [piece.tooltip() for piece in shown[p["seat"]]]
            camp = [t("wi.ui.tip_faction", camp=data.camp_name(p["faction"], t.lang))] if p["faction"] else []
            assert tips == camp + [data.meeting_text(m, t.lang) for m in p["meeting_cards"]] + \
                [effect_tip(t, cid) for cid in p["hand_cards"]]
            piece = shown[p["seat"]][0]
            assert scene.tooltip_at(piece.rect.center) == piece.tooltip()
    finally:
        pygame.display.quit()


def test_a_column_too_full_ends_in_a_chip_counting_the_rest_which_its_hover_lists(saves):
    app = App(lang="en", size=(1024, 600))
    try:
        scene = all_eyes_at(app, saves[8], busiest)
        held = {p["seat"]: p for p in scene.view["players"]}
        full = [(s, ps) for s, ps in chips(scene).items()
                if len(ps) < bool(held[s]["faction"]) + len(held[s]["meeting_cards"]) + len(held[s]["hand_cards"])]
        assert full, "the busiest position of an 8-player game at 1024x600 overflows a column"
        for s, pieces in full:
            p = held[s]
            total = bool(p["faction"]) + len(p["meeting_cards"]) + len(p["hand_cards"])
            rest = total - (len(pieces) - 1)
            assert len(pieces[-1].tooltip().split("\n")) == rest
    finally:
        pygame.display.quit()


def test_the_secret_chips_grow_with_the_text_size_and_stay_inside_their_columns(saves):
    heights = {}
    for percent in (100, 150):
        app = App(lang="zh_TW", size=(1280, 720))
        try:
            app.set_text_size(percent)
            scene = all_eyes_at(app, saves[3], lambda sc: sc.match.length // 2)
            shown = chips(scene)
            heights[percent] = max(p.rect.h for ps in shown.values() for p in ps)
            for s, pieces in shown.items():
                plate = scene.seats.plate_rect(s)
                assert all(scene.hand.rect.contains(p.rect) and plate.left <= p.rect.left and
                           p.rect.right <= plate.right for p in pieces)
        finally:
            pygame.display.quit()
    assert heights[150] >= heights[100] * 1.3


def test_a_secret_chip_has_a_padlock_and_a_faction_at_the_end_has_none():
    app = App(lang="en", size=(1280, 720))
    try:
        locked = art.secret_chip(app.fonts, "Blue", art.CAMP_RGB["blue"], 120, 20, True)
        open_ = art.secret_chip(app.fonts, "Blue", art.CAMP_RGB["blue"], 120, 20, False)
        end = pygame.Rect(120 - 20, 2, 18, 16)  # where the padlock sits, inside the edge
        ink = art.ink_on(art.CAMP_RGB["blue"])
        inked = lambda s: sum(tuple(s.get_at((x, y))[:3]) == ink  # noqa: E731
                              for x in range(end.left, end.right) for y in range(end.top, end.bottom))
        assert inked(locked) > 10 and inked(open_) == 0
    finally:
        pygame.display.quit()


def test_the_side_card_says_what_each_seat_knows_after_its_name(saves):
    app = App(lang="en", size=(1280, 720))
    try:
        scene = all_eyes_at(app, saves[3], lambda sc: sc.match.length - 1)
        painted = []
        scene.side.paint_notes = lambda title, rows, **style: painted.append((title, rows))
        scene.side.refresh()
        title, rows = painted[-1]
        facts = [(p["seat"], f) for p in scene.view["players"] for f in p["dossier"]]
        assert title == app.t("wi.ui.known_all") and facts, "a whole game teaches someone something"
        assert rows == [app.t("wi.ui.known_by", who=scene.name(s), fact=scene.side._fact(f)) for s, f in facts]
    finally:
        pygame.display.quit()


def test_at_setup_the_table_lists_each_seats_offer_and_the_public_view_only_waits(saves):
    app = App(lang="en", size=(1280, 720))
    try:
        scene = all_eyes_at(app, saves[3], 1)
        assert scene.character.visible and len(scene.character.texts) == 1 + 2 * 3  # title, then padlock and line
        scene.watch_as(None)
        assert len(app.manager.top.character.texts) == 2, "the public view: a title and how many have chosen"
    finally:
        pygame.display.quit()


def test_beside_the_bill_each_hand_cast_is_written_as_a_secret_hand_the_candidates_too(monkeypatch):
    from scenes.wonderful_island import procedure
    save = finished_save(4, seed=6)  # its first hand raised is the candidate's
    app = App(lang="en", size=(1280, 720))
    try:
        scene = watch(app, save)
        at = first_at(scene, lambda state: state.phase == "vote" and state.proc["votes"])
        written = []
        line = procedure._Writer.line
        monkeypatch.setattr(procedure._Writer, "line", lambda w, text, *a, **k: (written.append(text),
                                                                                  line(w, text, *a, **k)))
        scene = all_eyes_at(app, save, at)
        state = scene.match.state
        assert state.cand in state.proc["electorate"] and str(state.cand) in state.proc["votes"]
        for s, vote in state.proc["votes"].items():
            secret = app.t("wi.ui.proc.hand_secret", vote=app.t("wi.vote." + vote))
            assert any(text.startswith(scene.name(int(s)) + ": ") and secret in text for text in written)
    finally:
        pygame.display.quit()


def test_the_public_view_at_the_same_moment_draws_no_secret(saves):
    app = App(lang="en", size=(1280, 720))
    try:
        scene = all_eyes_at(app, saves[3], busiest)
        assert chips(scene)
        scene.watch_as(None)
        assert not chips(app.manager.top) and app.manager.top.hand.title is not None
    finally:
        pygame.display.quit()

"""The European Union guided games: the pointer leads through each click of a bid and of the
chair's choice of bills, and the table's clocks and a bot chair wait for the coach; the second
lesson (deals and the clock): its gift made click by click as a move of the table the learner
makes, and the lesson checked against what its words say (tests/test_tutorials.py walks every
lesson to its end)."""
from __future__ import annotations

import json

import pygame

from game.core.actions import to_json
from game.core.tutorial import LEARNER, check_lesson, lesson_path, load_lesson, parse_lesson
from game.registry import GAMES
from lesson_walks import played
from scenes import registry
from scenes.app import App
from scenes.settings_store import Settings
from scenes.tutorial.walk import frame, gesture
from scenes.ui.pointer import Pointer

GAME = "european_union"


def open_lesson(number: int = 1):
    app = App(lang="en", size=(1280, 720), first_scene=False, settings=Settings(lang="en", bot_speed="instant"))
    registry.open_lesson(app, GAME, fresh=True, number=number)
    return app, app.manager.top


def to_do_step(app, scene, kind: str) -> None:
    """Read on (and make the scripted moves) until the coach waits for a move of this kind."""
    coach = scene.coach
    for _ in range(2000):
        frame(app, scene)
        i = coach.step()
        if i is None or scene.tweens.busy:
            continue
        if not coach.lesson.steps[i].do:
            coach.next()
        elif coach.expected()[0] == kind:
            return
        else:
            gesture(app, coach.pointer())
    raise AssertionError(f"no step waits for {kind}")


def test_the_pointer_dials_the_bid_then_bids():
    app, scene = open_lesson()
    to_do_step(app, scene, "bid")
    assert scene.coach.expected() == ("bid", 6)
    bids = scene.bids
    seen = []
    for _ in range(3):
        pointer = scene.coach.pointer()
        seen.append(next(label for label, b in (("+5", bids.steppers[5]), ("+1", bids.steppers[1]),
                                                ("bid", bids.btn_confirm)) if b.rect == pointer.rect))
        gesture(app, pointer)
        frame(app, scene)
    assert seen == ["+5", "+1", "bid"]
    assert scene.match.state.actions[0] == (0, ("bid", 6))


def test_the_chair_keeps_five_bills_click_by_click_and_the_minute_waits():
    app, scene = open_lesson()
    to_do_step(app, scene, "keep_bills")
    clock = scene.keep_clock
    assert clock == 60
    for _ in range(30):
        frame(app, scene)
    assert scene.keep_clock == clock, "the chair's minute waits while the coach does"
    kept = scene.coach.expected()[1]
    for n in range(len(kept)):
        gesture(app, scene.coach.pointer())
        frame(app, scene)
        assert len(scene.bills.selected) == n + 1
    assert scene.coach.pointer().rect == scene.bills.keep_button.rect
    gesture(app, scene.coach.pointer())
    frame(app, scene)
    assert sorted(scene.view["agenda"]) == sorted(kept)


def test_a_bot_chair_does_not_wait_for_a_ready_at_a_guided_table():
    app, scene = open_lesson()
    assert not scene.bot_chair_waits()
    scene.view = dict(scene.view, phase="discuss", chair=1)
    assert not scene.bot_chair_listens(), "the coach's steps give the talk; the bot calls the vote"


# -- the second lesson: deals and the clock --------------------------------------------------------
# (Played legally and walked to its summary in both languages, at both text sizes: test_tutorials.py.)
def test_the_pointer_leads_through_a_gift_and_the_gift_is_the_learners_move_of_the_table():
    app, scene = open_lesson(2)
    to_do_step(app, scene, "give")
    assert scene.coach.expected() == ("give", LEARNER, 2) and scene.coach.then() == ("gift", 2)
    clicks = []
    for _ in range(4):
        pointer = scene.coach.pointer()
        give = scene.give
        named = {"button": scene.column.btn_give, "Ms. Berg": dict(give.seat_buttons).get(2),
                 "+1": give.steppers.get(1), "give": give.ok}
        clicks.append(next(name for name, b in named.items() if b is not None and b.rect == pointer.rect))
        gesture(app, pointer)
        frame(app, scene)
    assert clicks == ["button", "Ms. Berg", "+1", "give"]
    # the chair's scripted call of the vote may land in the same frame (its thought ends when it ends)
    played = list(scene.match.state.actions)
    at = played.index((LEARNER, ("gift", 2)))
    assert played[at - 1:at + 1] == [(None, ("give", LEARNER, 2)), (LEARNER, ("gift", 2))]
    assert scene.view["my_influence"] == 13 and not scene.give.visible


def test_a_gift_of_another_amount_is_explained_and_the_pointer_leads_back_to_the_lessons():
    app, scene = open_lesson(2)
    to_do_step(app, scene, "give")
    scene.make_gift(2, 1)                      # to Ms. Berg, but 1 instead of the lesson's 2
    frame(app, scene)
    assert scene.match.state.actions[-1] == (None, ("give", LEARNER, 2)), "the gift is open, its amount unsaid"
    assert scene.coach.aside and scene.coach.holding()
    scene.coach.back_to_step()
    frame(app, scene)
    assert scene.give.visible and scene.give.fixed, "the open gift's dialog is back, its receiver set"
    nothing = next(b for b in scene.give.buttons.widgets if b.label == app.t("eu.ui.give.none"))
    gesture(app, Pointer(pygame.Rect(nothing.rect)))   # Give nothing: not the lesson's either
    frame(app, scene)
    assert scene.coach.aside and scene.give.visible, "explained, and the dialog back for the amount"
    scene.coach.back_to_step()
    opened = len(scene.match.state.actions)

    def given() -> bool:   # the chair's scripted call of the vote may land in the gift's frame
        return (LEARNER, ("gift", 2)) in scene.match.state.actions[opened:]
    for _ in range(3):
        if given():
            break
        gesture(app, scene.coach.pointer())
        frame(app, scene)
    assert scene.match.state.actions[opened] == (LEARNER, ("gift", 2))


def test_a_gift_the_script_does_not_make_is_not_made():
    app, scene = open_lesson(2)
    to_do_step(app, scene, "give")
    before = list(scene.match.state.actions)
    scene.make_gift(1, 2)                      # to Mr. Jansen: not the lesson's gift
    assert scene.match.state.actions == before, "the game stays on its script"
    assert scene.coach.aside == [app.t("tutorial.not_in_lesson")]


def test_a_move_of_the_table_in_a_script_is_followed_by_the_learners_own():
    with open(lesson_path(GAME, 2), encoding="utf-8") as f:
        data = json.load(f)
    lesson = load_lesson(GAME, 2)
    at = next(i for i, (seat, _) in enumerate(lesson.script) if seat is None)
    data["script"] = [[s, to_json(a)] for s, a in lesson.script[:at + 1]]   # the gift opened, never said
    data["steps"] = [s for s in data["steps"] if s.get("do")][:lesson.learner_moves_before(at)]
    problems = check_lesson(parse_lesson(data, GAME, 2), GAMES[GAME])
    assert problems == [f"move {at + 1}: the table's move is not followed by the learner's"]


def test_the_second_lesson_is_played_on_the_deal_its_words_describe():
    _, _, events, state = played(GAME, 2)
    view = state.view(LEARNER)
    assert [p["party"] for p in view["players"]] == ["yellow", "green", "red"], "Liberals, Greens, Social Democrats"
    bids = next(e for e in events if e["type"] == "bids")["bids"]
    assert bids == {"0": 0, "1": 10, "2": 0} and view["chair"] == 1
    assert [p["state_power"] for p in view["players"]] == [11, 8, 8]
    assert [(e["from_seat"], e["to_seat"], e["amount"]) for e in events if e["type"] == "give"] == [(0, 2, 2)]
    results = [(e["bill"], e["passed"], e["yes_power"]) for e in events if e["type"] == "votes"]
    assert results == [("free_movement", True, 19), ("equal_treatment", False, 8)]
    assert view["my_influence"] == 13, "10, +3 +1 +1 from the states, 2 given"

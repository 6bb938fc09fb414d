"""The European Union guided game: the pointer leads through each click of a bid and of the
chair's choice of bills, and the table's clocks and a bot chair wait for the coach."""
from __future__ import annotations

from scenes import registry
from scenes.app import App
from scenes.settings_store import Settings
from scenes.tutorial.walk import frame, gesture


def open_lesson():
    app = App(lang="en", size=(1280, 720), first_scene=False, settings=Settings(lang="en", bot_speed="instant"))
    registry.open_lesson(app, "european_union", fresh=True)
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

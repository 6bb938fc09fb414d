"""The Wonderful Island's guided games: what its table's pointer does beyond the walk of each
lesson (tests/test_tutorials.py plays every lesson to its end): an offer set on the steppers, a
settlement that waits for the learner and then goes by itself, and the lesson's words about the
deal it is played on; the second lesson (the other venues, hospital and jail, the hand limit, a
trade) checked against what its words say."""
from __future__ import annotations


from game.core.actions import to_action
from game.core.tutorial import LEARNER, load_lesson
from game.registry import GAMES
from lesson_walks import played
from scenes.app import App
from scenes.settings_store import Settings
from scenes.tutorial.walk import gesture, walk_lesson

GAME = "wonderful_island"


def make_app(lang="en", size=(1280, 720)) -> App:
    return App(lang=lang, size=size, first_scene=False, settings=Settings(lang=lang, bot_speed="instant"))


def step_saying(lesson, words: str) -> int:
    return next(i for i, s in enumerate(lesson.steps) if words in s.say["en"])


def test_the_pointer_sets_an_offer_on_the_steppers_then_makes_it():
    app = make_app()
    lesson = load_lesson(GAME)
    offer_step = step_saying(lesson, "You may promise Lin")
    seen = []

    def at(i, scene):
        if i != offer_step:
            return
        other = ("offer", 1, 0, "none")  # not the lesson's offer: one vote for a yes
        assert other in scene.legal
        votes = next(st for st in scene.prompts.steppers if st.key == "votes")
        pointer = scene.guide(other)
        assert pointer.rect == votes._arrows()[1], "the votes stepper's right arrow first"
        gesture(app, pointer)
        assert scene.offer["votes"] == 1
        button = scene.guide(other)
        assert any(b.action == other and b.rect == button.rect for b in scene.prompts.buttons.widgets)
        votes = next(st for st in scene.prompts.steppers if st.key == "votes")  # the bar is made afresh
        pointer = scene.guide(lesson.expected(len(scene.match.state.actions))[1])
        assert pointer.rect in votes._arrows(), "back to no votes for the lesson's own offer"
        gesture(app, pointer)
        assert scene.offer["votes"] == 0
        seen.append(i)

    walk_lesson(app, GAME, on_step=at)
    assert seen == [offer_step]


def test_a_settlement_waits_while_its_step_is_read_then_the_bots_play_on():
    app = make_app()
    lesson = load_lesson(GAME)
    after = step_saying(lesson, "Your settlement:")
    seen = []

    def at(i, scene):
        if i == after:
            assert lesson.steps[i].now and scene.settlement.visible
            assert scene.holding() and not scene.settlement_runs_out()
            seen.append(i)

    walk_lesson(app, GAME, on_step=at)  # the walk would stall if the settlement never closed
    assert seen == [after]


def test_the_lesson_is_played_on_the_deal_its_words_describe():
    lesson = load_lesson(GAME)
    # The lesson's script was recorded with the answer window asking holders only (one person at
    # the table: asking everyone would tell no one more, and would add the bots' passes).
    assert lesson.players == 3 and lesson.options == {"length": "short", "reactions": "holders", "start_player": 0}
    state = GAMES[GAME].new_game(lesson.players, lesson.seed, lesson.options)
    for seat, action in lesson.script:
        state.apply(seat, to_action(action) if isinstance(action, list) else action)
    view = state.view(LEARNER)
    assert view["faction"] == "blue" and view["my_character"] == "house_speaker"
    assert view["threshold"] == 12
    totals = [p["total"] for p in view["players"]]
    assert totals == [7, 6, 5], "the last step's count: you 7, Lin 6, Chen 5"
    assert view["players"][1]["summons"] == 1


# -- the second lesson: the other venues, hospital and jail, the hand limit, a trade -----------------
# (Played legally and walked to its summary in both languages, at both text sizes: test_tutorials.py.)
def test_the_second_lesson_shows_four_venues_and_tells_the_fifth():
    lesson, _, events, _ = played(GAME, 2)
    venues = [(e["seat"], e["venue"]) for e in events if e["type"] == "venue"]
    assert venues == [(1, "grassroots"), (2, "street"), (LEARNER, "rally"), (1, "poaching")]
    assert any(s.rule == "debate" for s in lesson.steps), "the TV Debate, told in words"
    poached = [(e["seat"], e["target"], e["laid"], e["matched"]) for e in events if e["type"] == "poached"]
    assert poached == [(1, LEARNER, ["acquittal", "paparazzi", "sand_table"], ["press_conference"])], \
        "the learner answers Lin's poaching: 3 laid, 1 matched"


def test_the_second_lesson_sends_lin_to_hospital_and_chen_to_jail():
    _, _, events, state = played(GAME, 2)
    assert [e["seat"] for e in events if e["type"] == "hospital"] == [1], "Lin, by the learner's Death Grip"
    jail = [e for e in events if e["type"] == "jail"]
    assert [(e["seat"], e["votes_removed"]) for e in jail] == [(2, 13)], "Chen, by the learner's Leak: 13 votes out"
    assert state.factions == ["green", "blue", "politician"], "the camps the coach works out"


def test_the_learner_trades_three_cards_and_lin_keeps_to_his_hand_limit_of_four():
    _, _, events, _ = played(GAME, 2)
    trades = [e for e in events if e["type"] == "trade"]
    assert [(e["seat"], sorted(e["cards"])) for e in trades if e["seat"] == LEARNER] == \
        [(LEARNER, ["knock", "sound_truck", "stage"])]
    limits = [e["seat"] for e in events if e["type"] == "discarded" and e.get("source") == "limit"]
    assert limits and set(limits) == {1}


def test_the_second_lesson_ends_on_the_count_its_last_steps_give():
    _, _, _, state = played(GAME, 2)
    view = state.view(LEARNER)
    assert view["threshold"] == 12 and view["round"] == 2
    players = view["players"]
    assert (players[0]["votes"], players[0]["summons"]) == (4, 1), "you hold 4 and 1 summons"
    assert (players[1]["votes"], players[1]["iron"], players[1]["total"]) == (6, 4, 10), "Lin: 10 of 12"

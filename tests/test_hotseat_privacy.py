"""Hot-seat privacy: whatever is on the screen belongs to the eyes it was made for.

Two or three people share the screen with bots in every game; the driver (tests/hotseat.py) plays
them through the real table, clicking and resting the mouse at random, and records every text the
screen draws through the one text renderer. After every hand-off and every frame, none of it may be
a log line that only another seat may see (another person's secret, or a bot's).

The public moments too, in every game that has them: a moment the whole table watches (European
Union's discussion of a bill) shows the public view, and someone's own view only after their own
hand-off screen, asked for in that moment; a frame for the public's eyes (that, and a person
deciding in the open: The Wonderful Island's answers said aloud) shows nothing that is one seat's
own ("(you)", influence behind a screen, one's stars and badges).
"""
from __future__ import annotations

import pytest

from hotseat import Recorder, Secrets, check, check_public, own_view_marks, play_hot_seat, wi_legislature

GAMES_AT_THE_TABLE = [
    # (game, players, people at the screen, seed, options)
    ("xuanwu_gate", 5, 2, 1, {"memory_aid": True}),
    ("xuanwu_gate", 7, 3, 2, {"variant": "scoring"}),
    ("elfenland", 4, 2, 1, {}),
    ("elfenland", 3, 3, 2, {"variant": "destination"}),
    ("european_union", 5, 3, 1, {}),
    ("european_union", 3, 2, 2, {"variant": "intro"}),
    ("european_union", 5, 2, 1, {"variant": "intro"}),   # the play-test's table: two people, three bots
    ("wonderful_island", 8, 2, 1, {}),
    ("wonderful_island", 5, 3, 3, {"reactions": "everyone"}),
    ("wonderful_island", 3, 2, 4, {"promises": "words"}),  # seed 4: answers taken in the open
]


# Whole games through the real screen take 5-20 s at these tables: slow tests (run by .ci/run after
# the README's command); every game keeps a quicker table in the quick run.
SLOW_TABLES = {("xuanwu_gate", 7), ("elfenland", 3), ("european_union", 5), ("wonderful_island", 8),
               ("wonderful_island", 3)}

# The public moments each table's game passes through (hotseat.play_hot_seat counts them): frames of a
# discussion watched together on the public view and the looks asked for in it; frames of a person
# deciding in the open.
PUBLIC_PASSED = {("european_union", 5): ("public_frames", "looks"), ("european_union", 3): ("public_frames", "looks"),
                 ("wonderful_island", 3): ("open_frames",),
                 # the votes turned over watched together; after each battle of the scoring variant every
                 # person takes the screen from there to look at their new card
                 ("xuanwu_gate", 5): ("public_frames",), ("xuanwu_gate", 7): ("public_frames", "looks")}


@pytest.mark.parametrize("key,n,people,seed,options",
                         [pytest.param(*g, id=f"{g[0]}-{g[1]}p-{g[2]}people",
                                       marks=pytest.mark.slow if g[:2] in SLOW_TABLES else ())
                          for g in GAMES_AT_THE_TABLE])
def test_nothing_on_screen_after_a_hand_off_is_another_seats_secret(app, monkeypatch, key, n, people, seed,
                                                                     options):
    result = play_hot_seat(app, monkeypatch, key, n, people, seed, options)
    assert not result["leaks"], "\n".join(f"{leak.where}, eyes {leak.eyes}: {leak.line} in {leak.drawn!r}"
                                          for leak in result["leaks"][:5])
    assert result["handoffs"] >= 3, "the screen was passed between the people"
    for kind in PUBLIC_PASSED.get((key, n), ()):
        assert result[kind] > 0, f"the game passed through its public moments ({kind})"


def _settled_bill():
    """Two people and bots: a bill passed at a settlement in which the first person voted in secret;
    the screen is that person's."""
    def reached(match, last):
        return any(e["type"] == "settled" for e in last) and \
            any(e["type"] == "my_vote" and e["seat"] == 0 for e in match.events[-80:])
    match = wi_legislature(reached)
    match.confirm_handoff(0)
    return match


def test_the_wonderful_island_settlement_dialog_is_in_the_publics_words_for_every_pair_of_eyes(app, monkeypatch):
    """The play-test's leak: the settlement of a bill voted in secret stayed open, in the words of
    the person who voted, after the screen went to the next person. A settlement is the table's
    moment: at a hot seat it is told in the public's words, whoever holds the screen."""
    from scenes.wonderful_island.table import WonderfulIslandTableScene

    recorder = Recorder()
    recorder.install(monkeypatch)
    match = _settled_bill()
    table = WonderfulIslandTableScene(app, match)
    monkeypatch.setattr(WonderfulIslandTableScene, "cache_frames", False)
    app.manager.reset(table)  # a curtain for the next person may be up: the screen is still Ann's
    assert table.viewer == 0
    vote = next(e for e in reversed(match.events) if e["type"] == "my_vote" and e["seat"] == 0)
    secret = table.describe(vote, app.t, [s.name for s in match.seats])
    table._show_settlement()
    assert table.settlement.visible
    assert secret not in table.settlement.lines  # Ann's own vote stays in her log
    from scenes.wonderful_island.overlays import settlement_lines
    public = settlement_lines(table, table.settlement.start)
    seen_by_ann = (table.settlement.title, table.settlement.lines, table.settlement.result)
    assert seen_by_ann == public and table.settlement.lines
    match.confirm_handoff(1)  # the screen passes to Ben
    table.refresh()
    assert table.viewer == 1 and table.settlement.visible
    assert (table.settlement.title, table.settlement.lines, table.settlement.result) == seen_by_ann
    secrets = Secrets(table)
    recorder.clear()
    table.draw(app.screen)
    assert not check(recorder, secrets, 1, "after the hand-off")


def test_a_person_alone_with_bots_reads_the_settlement_in_their_own_words(app):
    from scenes.wonderful_island.table import WonderfulIslandTableScene

    def reached(match, last):
        return any(e["type"] == "settled" for e in last) and \
            any(e["type"] == "my_vote" and e["seat"] == 0 for e in match.events[-80:])
    match = wi_legislature(reached, people=1)
    table = WonderfulIslandTableScene(app, match)
    app.manager.reset(table)
    vote = next(e for e in reversed(match.events) if e["type"] == "my_vote" and e["seat"] == 0)
    table._show_settlement()
    assert table.viewer == 0 and table.describe(vote, app.t, [s.name for s in match.seats]) in table.settlement.lines


def test_an_overlay_opened_by_the_last_person_closes_at_the_hand_off(app):
    """The enlarged character a click opened is the last eyes' business: it closes for the next."""
    from scenes.wonderful_island.table import WonderfulIslandTableScene
    match = _settled_bill()
    table = WonderfulIslandTableScene(app, match)
    app.manager.reset(table)
    table.show_character(2)
    assert table.zoom.visible
    match.confirm_handoff(1)
    table.refresh()
    assert not table.zoom.visible
    assert table.tip is None


def _public_frame(app, monkeypatch, table) -> list:
    """Draw the table once; what it drew that the public may not see: another seat's log lines, or
    one seat's own marks."""
    recorder = Recorder()
    recorder.install(monkeypatch)
    monkeypatch.setattr(type(table), "cache_frames", False)
    secrets = Secrets(table)
    recorder.clear()
    table.draw(app.screen)
    names = [s.name for s in table.match.seats]
    return check_public(recorder, own_view_marks(app.t, table.match.spec.key, names), "the public view") + \
        check(recorder, secrets, None, "the public view")


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_european_union_discussion_shows_the_public_view_whoever_held_the_screen(app, monkeypatch, lang):
    """The play-test: two people and three bots, Intro rules. Ben voted last on the bill before; the
    next bill's discussion, which the whole table watches, opens on the public view: not on Ben's
    (his "(you)", his influence, his stars and badges, his secret vote in the log)."""
    from scenes.european_union.demo import demo_match
    from scenes.european_union.table import EuropeanUnionTableScene

    app.set_lang(lang)
    match = demo_match("discuss_bot", seed=4, humans=2, options={"variant": "intro"})
    assert any(e["type"] == "my_vote" and e["seat"] == 1 for e in match.events)
    match.confirm_handoff(1)
    table = EuropeanUnionTableScene(app, match)
    app.manager.reset(table)
    assert table.viewer is None
    leaks = _public_frame(app, monkeypatch, table)
    assert not leaks, "\n".join(f"{leak.line!r} in {leak.drawn!r}" for leak in leaks[:5])


def test_an_answer_said_aloud_shows_nothing_of_the_last_persons_view(app, monkeypatch):
    """The Wonderful Island: Ben answers Ann's offer in the open, Ann's view having been on the screen."""
    from scenes.wonderful_island.table import WonderfulIslandTableScene

    match = wi_legislature(lambda m, last: m.state.phase == "answer" and m.state.to_act() == [1]
                           and m.state.cand == 0)
    match.confirm_handoff(0)
    table = WonderfulIslandTableScene(app, match)
    app.manager.reset(table)
    assert table.viewer is None and table.decider == 1
    leaks = _public_frame(app, monkeypatch, table)
    assert not leaks, "\n".join(f"{leak.line!r} in {leak.drawn!r}" for leak in leaks[:5])

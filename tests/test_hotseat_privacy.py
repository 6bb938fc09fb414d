"""Hot-seat privacy: whatever is on the screen belongs to the eyes it was made for.

Two or three people share the screen with bots in every game; the driver (tests/hotseat.py) plays
them through the real table, clicking and resting the mouse at random, and records every text the
screen draws through the one text renderer. After every hand-off and every frame, none of it may be
a log line that only another seat may see (another person's secret, or a bot's).
"""
from __future__ import annotations

import pytest

from hotseat import Recorder, Secrets, check, play_hot_seat, wi_legislature

GAMES_AT_THE_TABLE = [
    # (game, players, people at the screen, seed, options)
    ("xuanwu_gate", 5, 2, 1, {"memory_aid": True}),
    ("xuanwu_gate", 7, 3, 2, {"variant": "scoring"}),
    ("elfenland", 4, 2, 1, {}),
    ("elfenland", 3, 3, 2, {"variant": "destination"}),
    ("european_union", 5, 3, 1, {}),
    ("european_union", 3, 2, 2, {"variant": "intro"}),
    ("wonderful_island", 8, 2, 1, {}),
    ("wonderful_island", 5, 3, 3, {"reactions": "everyone"}),
    ("wonderful_island", 3, 2, 2, {"promises": "words"}),
]


# Whole games through the real screen take 5-20 s at these tables: slow tests (run by .ci/run after
# the README's command); every game keeps a quicker table in the quick run.
SLOW_TABLES = {("xuanwu_gate", 7), ("elfenland", 3), ("european_union", 5), ("wonderful_island", 8),
               ("wonderful_island", 3)}


@pytest.mark.parametrize("key,n,people,seed,options",
                         [pytest.param(*g, id=f"{g[0]}-{g[1]}p-{g[2]}people",
                                       marks=pytest.mark.slow if g[:2] in SLOW_TABLES else ())
                          for g in GAMES_AT_THE_TABLE])
def test_nothing_on_screen_after_a_hand_off_is_another_seats_secret(app, monkeypatch, key, n, people, seed,
                                                                     options):
    result = play_hot_seat(app, monkeypatch, key, n, people, seed, options)
    assert result["handoffs"] >= 3, "the screen was passed between the people"
    assert not result["leaks"], "\n".join(f"{leak.where}, eyes {leak.eyes}: {leak.drawn!r}"
                                          for leak in result["leaks"][:5])


def _settled_bill():
    """Two people and bots: a bill passed at a settlement in which the first person voted in secret;
    the screen is that person's."""
    def reached(match, last):
        return any(e["type"] == "settled" for e in last) and \
            any(e["type"] == "my_vote" and e["seat"] == 0 for e in match.events[-80:])
    match = wi_legislature(reached)
    match.confirm_handoff(0)
    return match


def test_the_wonderful_island_settlement_dialog_is_rebuilt_for_the_next_pair_of_eyes(app, monkeypatch):
    """The play-test's leak: the settlement of a bill voted in secret stayed open, in the words of
    the person who voted, after the screen went to the next person."""
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
    assert secret in table.settlement.lines      # Ann's own vote, for her eyes
    match.confirm_handoff(1)  # the screen passes to Ben
    table.refresh()
    assert table.viewer == 1 and table.settlement.visible
    assert secret not in table.settlement.lines  # the same settlement, in Ben's words
    secrets = Secrets(table)
    recorder.clear()
    table.draw(app.screen)
    assert not check(recorder, secrets, 1, "after the hand-off")


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

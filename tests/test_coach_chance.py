"""The coach's chance to win: the search's means steadied and calibrated (game/core/calibration.py),
ranked, the moves within the search's noise called about equal, and every move said to the person
who asked, in the second person, with a reason they can check (game/core/advice.py)."""
from __future__ import annotations

import json
import re
import string
import subprocess
import sys
from pathlib import Path

from game.core import calibration
from game.core.advice import SaidToYou, said
from game.core.calibration import between, calibrated, fit_table, isotonic, knots_of
from game.core.hints import about_equal, chances, listed_options, make_hint, remembers, seat_views, steadied
from game.core.i18n import Translator, table
from game.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]


def test_a_mean_resting_on_few_tries_is_drawn_toward_the_average_of_all():
    arms = {("a",): (2, 1.0), ("b",): (100, 0.3), ("c",): (100, 0.3)}
    steady = steadied(arms)
    assert 0.3 < steady[("a",)][1] < 0.7, "two lucky tries are not a sure win"
    assert abs(steady[("b",)][1] - 0.3) < 0.01, "a hundred tries barely move"


def test_the_options_shown_never_put_a_lower_chance_above_a_higher():
    arms = {("a",): (50, 0.20), ("b",): (40, 0.35), ("c",): (45, 0.30), ("d",): (5, 0.10)}
    shown = listed_options(arms, ("a",))
    chances_shown = [c for _, _, c in shown]
    assert chances_shown == sorted(chances_shown, reverse=True)


def test_the_searchs_own_choice_is_shown_even_below_the_top_three():
    arms = {("a",): (50, 0.10), ("b",): (40, 0.35), ("c",): (45, 0.30), ("d",): (30, 0.25)}
    shown = [a for a, _, _ in listed_options(arms, ("a",))]
    assert ("a",) in shown and shown[-1] == ("a",) and len(shown) == 3


def test_the_calibration_maps_a_value_by_straight_lines_between_its_knots_and_flat_beyond():
    knots = [[0.1, 0.0], [0.3, 0.2], [0.5, 0.6]]
    assert between(knots, 0.0) == 0.0 and between(knots, 0.9) == 0.6
    assert abs(between(knots, 0.4) - 0.4) < 1e-9


def test_without_a_table_or_a_fit_for_the_game_the_chance_is_the_searchs_value():
    assert calibrated(None, "elfenland", 3, 0.42) == 0.42
    assert calibrated({"games": {}}, "elfenland", 3, 0.42) == 0.42


def test_a_table_size_with_its_own_fit_uses_it_and_another_size_the_games_pooled_fit():
    table = {"games": {"xuanwu_gate": {"all": [[0.0, 0.0], [1.0, 0.5]], "sizes": {"4": [[0.0, 0.0], [1.0, 1.0]]}}}}
    assert calibrated(table, "xuanwu_gate", 4, 0.3) == 0.3
    assert calibrated(table, "xuanwu_gate", 6, 0.3) == 0.15


def test_the_isotonic_fit_never_falls():
    points = [(0.1, 0.3), (0.2, 0.1), (0.3, 0.4), (0.4, 0.2), (0.5, 0.9), (0.6, 0.5)]
    ys = [y for _, y, _ in isotonic(points)]
    assert ys == sorted(ys)
    knots = knots_of(points * 10, least=12)
    assert [y for _, y in knots] == sorted(y for _, y in knots)


def test_a_fit_keeps_how_it_was_made_and_a_knot_per_block_of_enough_points():
    pts = [(i / 100, 1.0 if i > 50 else 0.0) for i in range(100)]
    made = fit_table({("elfenland", 3): pts}, {"seeds": "1-10"}, least_per_size=50)
    assert made["how"] == {"seeds": "1-10"}
    entry = made["games"]["elfenland"]
    assert entry["points"] == {"3": 100} and entry["sizes"]["3"] == entry["all"]
    assert calibrated(made, "elfenland", 3, 0.9) == 1.0 and calibrated(made, "elfenland", 3, 0.1) == 0.0


def test_chances_go_through_the_stored_calibration(monkeypatch):
    table = {"games": {"elfenland": {"all": [[0.0, 0.1], [1.0, 0.1]], "sizes": {}}}}
    monkeypatch.setattr(calibration, "_cache", {str(calibration.PATH): table})
    shown = chances("elfenland", 3, {("pass",): (40, 0.7)})
    assert shown[("pass",)] == (40, 0.1)


def test_two_moves_are_about_equal_when_their_paired_differences_are_within_the_noise():
    steady = {("a",): (40, 0.50), ("b",): (40, 0.48)}
    noisy = {("a",): [1.0, 0.0] * 20, ("b",): [0.0, 1.0] * 19 + [0.0, 0.0]}
    steady_gap = {("a",): (40, 0.50), ("b",): (40, 0.40)}
    same_dice = {("a",): [1.0, 0.0] * 20, ("b",): [0.9, 0.0] * 20}
    assert about_equal(steady, ("a",), ("b",), noisy)
    assert not about_equal(steady_gap, ("a",), ("b",), same_dice), "a steady 10-point gap on the same deals is real"


def test_a_hint_ranks_its_options_by_chance_and_says_them_to_you():
    spec = GAMES["xuanwu_gate"]
    state = spec.new_game(4, 3)
    bots = [spec.bots["normal"](s, 1) for s in range(4)]
    hint = None
    while hint is None or not hint.estimated:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and legal[0][0] != "peek":
            hint = make_hint(spec, seat, seat_views(spec, state.record(), seat, remembers(spec)), legal,
                             len(state.actions))
        state.apply(seat, bots[seat].choose(state.view(seat), legal))
    wins = [o.wins for o in hint.options]
    assert wins == sorted(wins, reverse=True)
    assert hint.options[0].even, "the first is as good as itself"
    t = Translator("en")
    lines = [spec_describe("xuanwu_gate")(e, SaidToYou(t), ["Ann", "Bo", "Cy", "Di"]) for o in hint.options
             for e in o.events]
    assert lines and not any(line.startswith(("Ann ", "Bo ", "Cy ", "Di ")) for line in lines if line)


def spec_describe(game: str):
    import importlib
    return importlib.import_module(f"game.{game}.describe").describe


def test_a_log_line_said_to_you_takes_its_you_twin_and_a_line_without_one_stays_the_logs():
    for lang in ("en", "zh_TW"):
        you = SaidToYou(Translator(lang))
        assert you("xw.log.peek", name="Ann", slot="X") == Translator(lang)("xw.you.peek", slot="X")
        assert you("xw.log.round", round=2, name="Ann") == Translator(lang)("xw.log.round", round=2, name="Ann")


def fields(text: str) -> set:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


# Moves whose log line hides what tells them apart, said in full by the game's advice.said.
SAID_IN_FULL = {"wi.you.meeting_card", "wi.you.skill_discard"}


def test_every_you_line_has_its_log_twin_and_uses_only_its_fields_in_both_languages():
    for lang in ("en", "zh_TW"):
        words = table(lang)
        path = ROOT / "assets" / "i18n" / lang / "advice.json"
        for key in json.loads(path.read_text(encoding="utf-8")):
            if ".you." not in key or key in SAID_IN_FULL:
                continue
            log = key.replace(".you.", ".log.")
            assert log in words, f"{lang}: {key} has no log line {log}"
            assert fields(words[key]) <= fields(words[log]), f"{lang}: {key} asks for a field its log line lacks"
            assert not re.search(r"\{name\}", words[key]), f"{lang}: {key} names the seat it is said to"


def test_both_languages_have_the_same_advice_keys():
    keys = [set(json.loads((ROOT / "assets" / "i18n" / lang / "advice.json").read_text(encoding="utf-8")))
            for lang in ("en", "zh_TW")]
    assert keys[0] == keys[1]


def test_a_secret_meeting_card_passed_is_named_to_the_seat_that_would_pass_it():
    t = Translator("en")
    a = said("wonderful_island", ("meeting", "show", 1), t, ["Ann", "Bo"])
    b = said("wonderful_island", ("meeting", "probe_bpg", 1), t, ["Ann", "Bo"])
    assert a != b and "Bo" in a and "Ann" not in a


def test_the_card_a_skill_discards_to_draw_two_is_named_so_the_moves_differ():
    from game.wonderful_island import data
    t = Translator("en")
    first, second = list(data.load()["card_by_id"])[:2]
    a = said("wonderful_island", ("skill", 0, first), t, ["Ann", "Bo"])
    b = said("wonderful_island", ("skill", 0, second), t, ["Ann", "Bo"])
    assert a != b and t.name(data.card(first)["name"]) in a
    assert said("wonderful_island", ("skill", 0, 1), t, ["Ann", "Bo"]) is None   # a target seat: the log line says it


def test_xuanwu_counts_the_ways_the_card_you_hold_wins_over_the_centre_cards_you_have_not_seen():
    from game.xuanwu_gate import data as cards
    from game.xuanwu_gate.advice import odds
    deck = [c["id"] for c in cards.load()["characters"]][:6]
    mine, seen, unseen = deck[0], deck[1], deck[2:]
    won, ways = odds(mine, [seen, None], unseen)
    assert ways == len(unseen)
    assert won == sum(cards.points(mine, [seen, c]) > 0 for c in unseen)
    both, one = odds(mine, [seen, deck[2]], unseen)
    assert one == 1 and both == (cards.points(mine, [seen, deck[2]]) > 0)


def test_the_calibration_tool_appends_positions_and_resumes_without_searching_them_again(tmp_path):
    out = tmp_path / "cal.jsonl"
    cmd = [sys.executable, str(ROOT / "tools" / "calibrate_coach.py"), "run", "xuanwu_gate", "--players", "4",
           "--seeds", "3", "--k", "1", "--every", "0.15", "--out", str(out)]
    subprocess.run(cmd, check=True, cwd=ROOT, capture_output=True, timeout=300)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows and all(r["game"] == "xuanwu_gate" and r["n"] == 4 for r in rows)
    searched = [r for r in rows if "arms" in r]
    assert all(len(results) == 1 for r in searched for results in r["played"].values())
    subprocess.run(cmd, check=True, cwd=ROOT, capture_output=True, timeout=300)
    assert len(out.read_text().splitlines()) == len(rows), "a second run finds every position done"
    report = subprocess.run([sys.executable, str(ROOT / "tools" / "calibrate_coach.py"), "report", "--out", str(out),
                             "--raw"], check=True, cwd=ROOT, capture_output=True, text=True, timeout=300).stdout
    assert "mean absolute gap over 10-point bins" in report


def test_a_fitted_map_keeps_rising_to_a_sure_loss_at_0_and_a_sure_win_at_1():
    """Two moves the search tells apart are never shown the same chance (a review's drop stays one)."""
    pts = [(0.2 + i / 500, 0.4) for i in range(50)] + [(0.5 + i / 500, 0.6) for i in range(50)]
    knots = knots_of(pts, least=12)
    assert knots[0] == [0.0, 0.0] and knots[-1] == [1.0, 1.0]
    values = [between(knots, x / 20) for x in range(21)]
    assert all(a < b for a, b in zip(values, values[1:]))


def test_the_stage_of_a_game_runs_from_its_first_round_to_its_last():
    from game.core.calibration import stage_of
    assert stage_of({"round": 1, "rounds": 4}) == 0.0 and stage_of({"round": 4, "rounds": 4}) == 1.0
    assert stage_of({"round": 2, "max_rounds": 3}) == 0.5
    assert stage_of({"round": 3}) is None, "a game that does not count its rounds has no stage"


def test_a_logistic_map_reads_the_value_more_firmly_late_in_the_game():
    """Elfenland's value is the margin expected at the end of the round: after the first round it
    says less of who wins than after the last. A fit on such games learns that."""
    from game.core.calibration import features, fit_logistic
    import random as rnd
    rng = rnd.Random(1)
    rows = []
    for _ in range(800):
        v, stage = rng.random(), rng.choice((0.0, 1.0))
        p = 0.3 + 0.4 * (v - 0.5) * (0.3 if stage == 0 else 1.8) + 0.1
        rows.append((features(v, 3, stage), 1.0 if rng.random() < min(0.99, max(0.01, p)) else 0.0))
    w = fit_logistic(rows)
    table = {"games": {"elfenland": {"logistic": w, "all": [], "sizes": {}}}}
    early = calibrated(table, "elfenland", 3, 0.9, 0.0) - calibrated(table, "elfenland", 3, 0.1, 0.0)
    late = calibrated(table, "elfenland", 3, 0.9, 1.0) - calibrated(table, "elfenland", 3, 0.1, 1.0)
    assert 0 < early < late


def calibrate_tool():
    import importlib.util
    spec = importlib.util.spec_from_file_location("calibrate_coach", ROOT / "tools" / "calibrate_coach.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_two_folds_split_at_seed_1000_or_by_parity_for_a_game_played_on_one_side_only():
    """docs/coach.md: no position is judged by a map fitted on its own game; a game measured only
    since its ruling (seeds 2000 and up) still gets two folds, even seeds against odd."""
    fold = calibrate_tool().fold_of([{"game": "xuanwu_gate", "seed": 5}, {"game": "xuanwu_gate", "seed": 1500},
                                     {"game": "european_union", "seed": 2000}, {"game": "european_union", "seed": 2001}])
    assert fold({"game": "xuanwu_gate", "seed": 5}) == fold({"game": "xuanwu_gate", "seed": 6})
    assert fold({"game": "xuanwu_gate", "seed": 5}) != fold({"game": "xuanwu_gate", "seed": 1500})
    assert fold({"game": "european_union", "seed": 2000}) != fold({"game": "european_union", "seed": 2001})
    assert fold({"game": "european_union", "seed": 2000}) == fold({"game": "european_union", "seed": 2002})


def test_a_game_whose_rules_changed_is_fitted_on_the_games_played_since_only(tmp_path):
    """fit --since GAME:SEED: positions of the old rules (lower seeds) are left out of the map."""
    out = tmp_path / "cal.jsonl"
    yes, no = ["vote", "yes"], ["vote", "no"]
    with out.open("w") as fh:
        for seed in (1, 2, 2000, 2001, 2002):
            for at in range(10):
                row = {"game": "european_union", "n": 3, "seed": seed, "at": at, "seat": 0, "effort": 2,
                       "choice": yes, "arms": [[yes, 40, 0.6], [no, 40, 0.2]],
                       "played": {json.dumps(yes): [1.0, 0.0, 1.0], json.dumps(no): [0.0, 0.0, 1.0]}}
                fh.write(json.dumps(row) + "\n")
    printed = subprocess.run([sys.executable, str(ROOT / "tools" / "calibrate_coach.py"), "fit", "--out", str(out),
                              "--seeds", "1-2999", "--cv", "--since", "european_union:2000"],
                             check=True, cwd=ROOT, capture_output=True, text=True, timeout=300).stdout
    entry = json.loads(printed)["european_union"]
    assert entry["points"] == {"3": 60}, "two options at 30 positions of the 3 games since the ruling"
    assert entry["since_seed"] == 2000 and entry["validation"]["positions"] == 30


def _wi_position(n_players: int, seed: int = 77, phase=None):
    """A Wonderful Island table of normal bots played on to a searchable decision with a choice
    (in `phase`, if given)."""
    from game.core.match import bot_seed_for
    from game.wonderful_island import sampler
    spec = GAMES["wonderful_island"]
    state = spec.new_game(n_players, seed)
    bots = [spec.bots["normal"](s, bot_seed_for(seed)) for s in range(n_players)]
    for _ in range(400):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(state.actions) > 12 and len(legal) > 1 and sampler.searchable(state.view(seat)) \
                and phase in (None, state.view(seat)["phase"]):
            return spec, state, seat, legal
        state.apply(seat, bots[seat].choose(state.view(seat), legal))
    raise AssertionError("no searchable decision")


def test_the_wonderful_islands_coach_plays_each_move_to_the_end_and_counts_being_among_the_winners():
    """Its hint's number is the share of worlds the move wins when every seat plays on as the normal
    bot does, to the game's end, not the bot's own count 40 actions ahead (docs/coach.md)."""
    from game.core.hints import hint_search, search_bot
    spec, state, seat, legal = _wi_position(3)
    coach = search_bot(spec, seat, len(state.actions))
    assert coach.rollout_depth is None and coach.rollout_random == 0
    assert coach.coach_worlds[3] == type(coach).COACH_WORLDS[3]           # at the hint's effort
    assert search_bot(spec, seat, len(state.actions), effort=1).coach_worlds[3] == type(coach).COACH_WORLDS[3] // 2
    own = spec.bots["hard"](seat, 0)                                       # the bot's own play keeps its search
    assert own.rollout_depth == 40 and own.coach_worlds is None
    views = seat_views(spec, state.record(), seat, remembers(spec))
    bot, best, arms = hint_search(spec, seat, views, legal, len(state.actions))
    paired = bot.last_stats["paired"]
    assert bot.last_stats["worlds"] >= type(coach).COACH_WORLDS[3]  # more where a move is not open in a world
    assert all(v in (0.0, 1.0) for row in paired.values() for v in row if v is not None)
    assert best in arms and all(0 <= m <= 1 for _, m in arms.values())


def test_on_an_action_turn_the_wonderful_islands_hint_calls_the_moves_about_equal_and_says_why():
    """Played out, the search's first move on an action turn did no better than its second
    (docs/coach.md), so the hint shows each move's chance and calls them about equal."""
    from game.wonderful_island.phases import PLAY
    spec, state, seat, legal = _wi_position(3, phase=PLAY)
    views = seat_views(spec, state.record(), seat, remembers(spec))
    hint = make_hint(spec, seat, views, legal, len(state.actions))
    assert len(hint.options) > 1 and all(o.even for o in hint.options)
    assert all(o.wins is not None for o in hint.options)
    t = Translator("en")
    assert "action turn has done no better" in hint.equal(t, ["A", "B", "C"])

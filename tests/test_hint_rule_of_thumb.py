"""A hint weighs the decisions the bots leave to their rule of thumb (Elfenland's draw and journey,
Xuanwu's peek) as it weighs the others: options with chances, ranked, a reason you can check; a
decision no deal can be made for says why it has no chance."""
from __future__ import annotations

from game.core.advice import distinct
from game.core.hints import make_hint, remembers, seat_bot, seat_views
from game.core.i18n import Translator
from game.core.match import bot_seed_for
from game.elfenland import advice as elf_advice
from game.elfenland.describe import route_name
from game.registry import GAMES
from game.xuanwu_gate import advice as xw_advice

NAMES = ["Ann", "Bo", "Cy", "Di"]


def first_decision(game: str, n: int, seed: int, wanted, skip: int = 0):
    """The state, seat and legal moves at the first (after `skip`) decision of normal bots' game
    where `wanted(state, legal)`."""
    spec = GAMES[game]
    state = spec.new_game(n, seed)
    bots = [spec.bots["normal"](s, bot_seed_for(seed)) for s in range(n)]
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and wanted(state, legal):
            if skip == 0:
                return spec, state, seat, legal
            skip -= 1
        state.apply(seat, bots[seat].choose(state.view(seat), legal))
    raise AssertionError("no such decision in the game")


def hint_at(spec, state, seat, legal):
    return make_hint(spec, seat, seat_views(spec, state.record(), seat, remembers(spec)), legal, len(state.actions))


def assert_ranked_with_chances(hint, legal):
    assert hint.estimated and hint.deals > 0, "the search weighed it"
    assert len(hint.options) >= 2
    wins = [o.wins for o in hint.options]
    assert all(w is not None and 0.0 <= w <= 1.0 for w in wins)
    assert wins == sorted(wins, reverse=True), "never a lower chance above a higher"
    assert all(o.action in legal for o in hint.options)


def test_a_hint_at_an_elfenland_journey_lists_its_options_with_chances_ranked():
    spec, state, seat, legal = first_decision(
        "elfenland", 3, 11, lambda s, legal: s.phase == "move" and len(legal) >= 3)
    assert_ranked_with_chances(hint_at(spec, state, seat, legal), legal)


def test_a_hint_at_an_elfenland_draw_weighs_the_counters_in_sight_each_kind_once():
    spec, state, seat, legal = first_decision("elfenland", 3, 12, lambda s, legal: s.phase == "draw")
    hint = hint_at(spec, state, seat, legal)
    assert_ranked_with_chances(hint, legal)
    kinds = [state.face_up[o.action[1]] if o.action[0] == "take" else "pile" for o in hint.options]
    assert len(kinds) == len(set(kinds)), "two face-up counters of one kind are one choice"


def test_two_face_up_counters_of_one_kind_are_one_choice():
    view = {"face_up": ["dragon", "pig", "dragon", "cloud", "pig"]}
    legal = [("take", i) for i in range(5)] + [("take_pile",)]
    assert distinct("elfenland", view, legal) == [("take", 0), ("take", 1), ("take", 3), ("take_pile",)]
    assert distinct("xuanwu_gate", {}, [("peek", 0), ("peek", 1)]) == [("peek", 0), ("peek", 1)]


def test_the_peek_hint_gives_both_centre_cards_a_chance():
    spec, state, seat, legal = first_decision("xuanwu_gate", 4, 7, lambda s, legal: legal[0][0] == "peek")
    hint = hint_at(spec, state, seat, legal)
    assert_ranked_with_chances(hint, legal)
    assert {o.action for o in hint.options} == {("peek", 0), ("peek", 1)}


def test_a_peek_at_the_centre_card_you_have_not_seen_names_the_one_you_know():
    why = xw_advice._peek_reason({("centre", 0): "li_jiancheng"}, 1)
    for lang in ("en", "zh_TW"):
        t = Translator(lang)
        words = why(t, NAMES)
        assert t("xw.slot.left") in words and t("xw.slot.right") in words and "{" not in words
    assert xw_advice._peek_reason({("centre", 0): "li_jiancheng"}, 0) is None, "you know that one already"
    assert xw_advice._peek_reason({}, 0) is None, "nothing you know tells the two apart"


def test_a_travel_hint_names_the_town_the_road_takes_you_to_on_your_best_tour():
    spec, state, seat, legal = first_decision("elfenland", 3, 11, lambda s, legal: s.phase == "move"
                                              and any(a[0] == "move" for a in legal))
    hint = hint_at(spec, state, seat, legal)
    bot = spec.bots["hard"](seat, 0)
    for view in seat_views(spec, state.record(), seat, remembers(spec))[:-1]:
        bot.observe(view)
    view = state.view(seat)
    moves = [a for a in legal if a[0] == "move"]
    said = [(a, elf_advice.reason(bot, view, a)) for a in moves]
    with_reason = [(a, why) for a, why in said if why is not None]
    assert with_reason, "the first road of the best tour has its reason"
    a, why = with_reason[0]
    for lang in ("en", "zh_TW"):
        t = Translator(lang)
        words = why(t, NAMES)
        assert route_name(a[1], t) in words and "{" not in words
    assert hint.best.action in legal


def test_ending_the_journey_is_explained_only_where_no_road_you_can_pay_for_reaches_a_new_town():
    spec = GAMES["elfenland"]

    def ending(s, legal):
        return s.phase == "move" and ("end_move",) in legal

    checked = {True: False, False: False}
    for skip in range(12):
        try:
            _spec, state, seat, legal = first_decision("elfenland", 3, 13, ending, skip)
        except AssertionError:
            break
        bot = spec.bots["hard"](seat, 0)
        view = state.view(seat)
        me = view["players"][seat]
        ends = [e for a in legal if a[0] == "move" for e in state.T.route_ends[a[1]]]
        new_town_ahead = any(town != me["boot"] and town not in me["visited"] and town in state.T.marker_towns
                             for town in ends)
        why = elf_advice.reason(bot, view, ("end_move",))
        assert (why is None) == new_town_ahead
        checked[new_town_ahead] = True
        if why is not None:
            assert "{" not in why(Translator("zh_TW"), NAMES)
    assert checked[True], "a journey with a new town ahead was met"


def test_a_decision_no_deal_can_be_made_for_says_why_it_has_no_chance():
    for lang in ("en", "zh_TW"):
        words = Translator(lang)("hint.rule_of_thumb")
        assert "does not weigh this kind" not in words
    spec, state, seat, legal = first_decision("wonderful_island", 3, 5,
                                              lambda s, legal: s.view(s.to_act()[0])["phase"] == "character")
    hint = hint_at(spec, state, seat, legal)
    assert not hint.estimated and hint.best.action in legal


def test_a_character_kept_by_its_measured_odds_says_them_and_the_others():
    from game.wonderful_island import advice as wi_advice
    from game.wonderful_island.describe import character_name
    from game.wonderful_island.hard import character_odds, rated
    odds = character_odds()[5]
    ranked = sorted(odds, key=lambda c: rated(odds, c, 5))
    low, high = ranked[0], ranked[-1]
    view = {"n_players": 5, "offer": [low, high]}
    assert wi_advice.reason(None, view, ("character", low)) is None, "no reason for the weaker one"
    why = wi_advice.reason(None, view, ("character", high))
    for lang in ("en", "zh_TW"):
        t = Translator(lang)
        words = why(t, NAMES)
        assert character_name(high, t) in words and character_name(low, t) in words and "{" not in words
        assert f"{round(100 * rated(odds, high, 5))}" in words


def xuanwu_tables():
    """A Xuanwu table with hints (Ann and three normal bots, seed 3) in each language: (app, match, scene)."""
    from game.core.match import Match, Seat
    from scenes import registry
    from scenes.app import App
    from scenes.settings_store import Settings
    for lang in ("en", "zh_TW"):
        app = App(lang=lang, size=(1280, 720), first_scene=False, settings=Settings(lang=lang, bot_speed="instant"))
        match = Match.new(GAMES["xuanwu_gate"], [Seat("Ann")] + [Seat(f"Bot {i}", "normal") for i in range(3)],
                          seed=3, hints_allowed=True)
        registry.show_table(app, match)
        yield app, match, app.manager.top


def test_a_peek_hint_on_the_table_lists_both_peeks_with_chances_in_both_languages():
    from game.core.hints import Hint, Option
    for app, match, scene in xuanwu_tables():
        at = len(match.state.actions)
        scene.hints.hint = Hint(0, at, (Option(("peek", 1), 240, 0.62, (), True),
                                        Option(("peek", 0), 240, 0.61, (), True)), 480, 0.2)
        _head, paras = scene.hints.paras()
        text = [p.text for p in paras]
        t = app.t
        assert text[0].startswith("1.") and t("hint.chance", pct=62) in text[0]
        assert t("hint.chance", pct=61) in text[1]
        assert t("hint.about_equal_two") in text, "two moves within the noise: 'both', not 'all 2'"


def test_a_peek_hint_resting_on_the_measure_shows_the_peek_its_reason_and_the_measure_and_no_chance():
    from game.core.hints import Hint, Option
    for app, match, scene in xuanwu_tables():
        action, rests_on = xw_advice.measured_better(_Bot({("centre", 0): "wei_zheng"}), {}, [("peek", 0), ("peek", 1)])
        why = xw_advice._peek_reason({("centre", 0): "wei_zheng"}, 1)
        scene.hints.hint = Hint(0, len(match.state.actions), (Option(action, 0, None, (), True),), 0, 0.0,
                                why=why, rests_on=rests_on)
        head, paras = scene.hints.paras()
        text = [p.text for p in paras]
        t = app.t
        assert head == t("hint.head_plain") and text[0] == t("xw.you.peek", slot=t("xw.slot.right"))
        assert text[1] == t("hint.why", why=why(t, NAMES)) and rests_on(t, NAMES) in text
        assert t("hint.rule_of_thumb") not in text
        assert not any(t("hint.chance", pct=p) in line for line in text for p in range(101)), "no chance shown"


def test_a_draw_hint_says_any_counter_is_fine_and_why():
    spec, state, seat, legal = first_decision("elfenland", 3, 12, lambda s, legal: s.phase == "draw")
    hint = hint_at(spec, state, seat, legal)
    assert hint.equal is not None and all(o.even for o in hint.options)
    for lang in ("en", "zh_TW"):
        t = Translator(lang)
        assert "{" not in t("hint.measured_equal", why=hint.equal(t, NAMES))


def test_a_journey_hint_keeps_the_searchs_order_it_was_measured_to_play_out():
    spec, state, seat, legal = first_decision(
        "elfenland", 3, 11, lambda s, legal: s.phase == "move" and len(legal) >= 3)
    assert hint_at(spec, state, seat, legal).equal is None


class _Memory:
    def __init__(self, known):
        self._known = known

    def known(self, view):
        return self._known


class _Bot:
    def __init__(self, known):
        self.normal = type("N", (), {"memory": _Memory(known)})()


def test_a_peek_is_called_about_equal_unless_you_know_exactly_one_centre_card():
    peeks = [("peek", 0), ("peek", 1)]
    assert xw_advice.measured_equal(_Bot({}), {}, peeks) is not None
    assert xw_advice.measured_equal(_Bot({("centre", 0): "a", ("centre", 1): "b"}), {}, peeks) is not None
    assert xw_advice.measured_equal(_Bot({("centre", 1): "b"}), {}, peeks) is None, \
        "knowing one, peeking at the other played out better"
    assert xw_advice.measured_equal(_Bot({}), {}, [("keep",), ("swap_own",)]) is None


def centre_cards_known(spec, state, seat) -> list[int]:
    """The centre places whose card the seat knows now, by what it has seen (the hint's bot)."""
    views = seat_views(spec, state.record(), seat, remembers(spec))
    known = seat_bot(spec, seat, views, len(state.actions)).normal.memory.known(views[-1])
    return [slot for slot in (0, 1) if ("centre", slot) in known]


def peek_knowing(n_known: int):
    """The first peek, over a few deals, where the seat knows `n_known` centre cards."""
    spec = GAMES["xuanwu_gate"]
    for seed in range(1, 40):
        try:
            return first_decision("xuanwu_gate", 4, seed, lambda s, legal: legal[0][0] == "peek"
                                  and len(centre_cards_known(spec, s, s.to_act()[0])) == n_known)
        except AssertionError:
            continue
    raise AssertionError(f"no peek knowing {n_known} centre cards")


def test_knowing_exactly_one_centre_card_the_peek_hint_suggests_the_unseen_one_with_its_reason_and_no_search_chances():
    spec, state, seat, legal = peek_knowing(1)
    hint = hint_at(spec, state, seat, legal)
    unseen = 1 - centre_cards_known(spec, state, seat)[0]
    assert [o.action for o in hint.options] == [("peek", unseen)], "the card you have not seen, alone"
    assert not hint.estimated and hint.deals == 0, "no search chances: the search cannot weigh a peek"
    assert hint.equal is None and hint.why is not None and hint.rests_on is not None
    measured = xw_advice.peek_measured()
    for lang in ("en", "zh_TW"):
        t = Translator(lang)
        why, rests_on = hint.why(t, NAMES), hint.rests_on(t, NAMES)
        assert t(f"xw.slot.{'right' if unseen else 'left'}") in why and "{" not in why
        assert f"{measured['unseen_minus_known_points']:.1f}" in rests_on and str(measured["positions"]) in rests_on
        assert "{" not in rests_on


def test_knowing_neither_or_both_centre_cards_the_peek_hint_still_ranks_both_with_chances_as_about_equal():
    for n_known in (0, 2):
        spec, state, seat, legal = peek_knowing(n_known)
        hint = hint_at(spec, state, seat, legal)
        assert_ranked_with_chances(hint, legal)
        assert hint.rests_on is None and hint.equal is not None and all(o.even for o in hint.options)


def test_only_a_peek_knowing_exactly_one_centre_card_rests_on_the_measure():
    peeks = [("peek", 0), ("peek", 1)]
    assert xw_advice.measured_better(_Bot({("centre", 1): "b"}), {}, peeks)[0] == ("peek", 0)
    assert xw_advice.measured_better(_Bot({}), {}, peeks) is None
    assert xw_advice.measured_better(_Bot({("centre", 0): "a", ("centre", 1): "b"}), {}, peeks) is None
    assert xw_advice.measured_better(_Bot({("centre", 1): "b"}), {}, [("keep",), ("swap_own",)]) is None


def test_the_chairs_order_of_tied_bidders_is_called_about_equal_and_a_vote_keeps_its_order():
    from game.european_union import advice as eu_advice
    why = eu_advice.measured_equal(None, {}, [("first", 1), ("first", 2)])
    assert why is not None and "{" not in why(Translator("zh_TW"), NAMES)
    assert eu_advice.measured_equal(None, {}, [("vote", "yes"), ("vote", "no")]) is None, \
        "the search's vote played out better than its second"

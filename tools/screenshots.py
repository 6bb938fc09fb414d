"""Render every scene to PNG headless (SDL dummy driver), in both languages.

    python tools/screenshots.py [--out shots] [--sizes 1280x720,1024x600]
    python tools/screenshots.py --lessons [GAME,...]    # every step of the guided games

Writes <out>/<scene>_<lang>_<WxH>.png. The README's pictures come from here
(copied to docs/screenshots/).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SIFANG_DATA_DIR", tempfile.mkdtemp(prefix="sifang-shots-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game.core.i18n import LANGS
from scenes.app import App


def settle(app: App, frames: int = 3) -> None:
    for _ in range(frames):
        app.request_redraw()
        app.tick()


def shoot(app: App, path: Path) -> None:
    settle(app)
    pygame.image.save(app.screen, str(path))
    print(path)


def scenes_to_shoot(app: App) -> list[tuple[str, callable]]:
    """(name, build) pairs; build pushes the scene (and whatever lies under it) on a fresh stack."""
    from scenes.shell.curtain import CurtainScene
    from scenes.shell.menu import MainMenuScene
    from scenes.shell.rules_help import RulesHelpScene
    from scenes.shell.settings_scene import SettingsScene
    from scenes.shell.setup import SetupScene
    from scenes.ui import theme
    from scenes.xuanwu_gate.demo import demo_scene
    from scenes.elfenland.demo import demo_scene as elf_scene
    from scenes.european_union.demo import demo_scene as eu_scene
    from shots_coach import coach_shots
    from shots_net import net_shots

    def table(phase: str, **kw):
        def build():
            app.manager.reset(demo_scene(app, phase, seed=4, **kw))
        return build

    def over():
        app.manager.reset(demo_scene(app, "over", seed=4)).show_game_over()

    def swap_confirm():  # a card chosen for a swap, waiting for Swap or Cancel
        scene = app.manager.reset(demo_scene(app, "peek", seed=4))
        scene.pick_swap(next(a for a in scene.legal() if a[0] == "swap"))

    def battle():  # the table at the battle, every card turned over, before the results scene
        app.manager.reset(demo_scene(app, "over", seed=4)).tweens.finish()

    def rules():
        app.manager.reset(demo_scene(app, "layout", seed=4))
        app.manager.push(RulesHelpScene(app, "xuanwu_gate"))

    def curtain():
        table = app.manager.reset(demo_scene(app, "reveal", seed=4))
        app.manager.push(CurtainScene(app, "王小明" if app.t.lang == "zh_TW" else "Alice",
                                      theme.SEAT_COLOURS[1], lambda: None, summary=table.public_summary(),
                                      on_menu=table.ask_menu))

    def curtain_menu():  # Esc on the curtain: the game's menu, over the curtain
        curtain()
        from scenes.shell.table_menu import TableMenuScene
        app.manager.push(TableMenuScene(app, "xuanwu_gate"))

    def setup_for(key: str, **options):
        def build():  # each game's options, each with the line that says what it does
            scene = app.manager.reset(SetupScene(app, key))
            for name, value in options.items():
                scene.option_steppers[name].set_value(value)
            scene.layout(*app.size)
        return build

    def elf(phase: str, **kw):
        def build():
            app.manager.reset(elf_scene(app, phase, seed=1, **kw))
        return build

    def elf_over():
        app.manager.reset(elf_scene(app, "over", seed=1, options={"variant": "destination"})).show_game_over()

    def elf_rules():
        app.manager.reset(elf_scene(app, "plan", seed=1))
        app.manager.push(RulesHelpScene(app, "elfenland")).go(1)

    def elf_choose():
        scene = app.manager.reset(elf_scene(app, "move", seed=1))
        bv = scene.board.bv
        for town, routes in scene.legal.reach.items():
            payments = scene.legal.payments(routes)
            if len(payments) > 1:
                t = bv.board.towns[town]
                scene.chooser.offer_payments(routes, payments, tuple(round(c) for c in bv.to_screen(t.x, t.y)))
                break

    def eu(phase: str, **kw):
        def build():
            app.manager.reset(eu_scene(app, phase, seed=4, **kw))
        return build

    def eu_own_view(phase: str):
        def build():  # two people watch the discussion together; the first looks at her own view
            scene = app.manager.reset(eu_scene(app, phase, seed=4, humans=2))
            scene.match.look_in_watched_moment(0)
            scene.match.confirm_handoff(0)   # past her own hand-off screen
            scene.refresh()
        return build

    def eu_over():
        app.manager.reset(eu_scene(app, "over", seed=4)).show_game_over()

    def eu_rules():
        app.manager.reset(eu_scene(app, "bid", seed=4))
        app.manager.push(RulesHelpScene(app, "european_union")).go(1)

    def wi_rules(page: int):
        def build():  # no table yet: the rules help over the menu, as the game picker opens it
            app.manager.reset(MainMenuScene(app))
            app.manager.push(RulesHelpScene(app, "wonderful_island")).go(page)
        return build

    from scenes.wonderful_island.rules_pages import pages as wi_pages
    wi = [(f"wi_rules_{i + 1}", wi_rules(i)) for i in range(len(wi_pages(app)))]

    from scenes.wonderful_island.demo import demo_scene as wi_scene

    def wi_table(phase: str, n: int):
        def build():
            app.manager.reset(wi_scene(app, phase, seed=2, n_players=n))
        return build

    def wi_over(n: int):
        def build():
            app.manager.reset(wi_scene(app, "over", seed=2, n_players=n)).show_game_over()
        return build

    for n in (3, 8):
        wi += [(f"wi_{phase}_{n}p", wi_table(phase, n))
               for phase in ("character", "venue", "play", "react", "legislature", "poaching", "debate", "street")]
        wi.append((f"wi_over_{n}p", wi_over(n)))

    def wi_asks(moment: str, n: int, then):
        def build():  # a moment of the asks, and a step of the choice made on the screen
            scene = app.manager.reset(wi_scene(app, moment, seed=2, n_players=n))
            settle(app)
            then(scene)
        return build

    def enlarge(scene):  # a card of the hand seen large
        scene.enlarge(scene.hand.subjects[scene.hand.cards[0].key])

    def enlarge_venue(scene):
        scene.enlarge(("venue", scene.view["venue"] or "legislature", None))

    def discard_one(scene):  # the hand limit's discard, one card of two picked
        scene.toggle_multi(scene.hand.cards[0].key[2], False)

    def from_picked(scene):  # Fake Poll played, the player its votes come from picked: now "to"
        scene.perform(scene.picked(("play", "fake_poll")))
        scene.perform(scene.picked(next(a[:3] for a in scene.legal if a[:2] == ("play", "fake_poll"))))

    def gesture_with_votes(scene):  # an offer the rules do not allow, and the prompt says why
        scene.offer.update(votes=max(scene.offer_ranges()["votes"]), extra="hug")
        scene.remark()

    def wi_settled(n: int):
        def build():  # the settlement just made, in front of the venue
            app.manager.reset(wi_scene(app, "settled", seed=2, n_players=n))._show_settlement()
        return build

    def wi_curtain():  # two people at 8 players: the hand-off, recapping everything since the last one
        from scenes.wonderful_island.demo import demo_match
        from scenes.wonderful_island.table import WonderfulIslandTableScene
        table = app.manager.reset(WonderfulIslandTableScene(app, demo_match("settled", seed=2, n_players=8,
                                                                                humans=2)))
        if not isinstance(app.manager.top, CurtainScene):
            app.manager.push(CurtainScene(app, table.name(1), theme.seat_colour(1), lambda: None,
                                          summary=table.public_summary(1), on_menu=table.ask_menu))

    wi += [("wi_settled_3p", wi_settled(3)), ("wi_settled_8p", wi_settled(8)), ("wi_curtain_8p", wi_curtain)]
    wi += [("wi_enlarge_8p", wi_asks("play", 8, enlarge)), ("wi_enlarge_venue_3p", wi_asks("poaching", 3, enlarge_venue)),
           ("wi_discard_3p", wi_asks("discard", 3, discard_one)), ("wi_discard_8p", wi_asks("discard", 8, discard_one)),
           ("wi_two_8p", wi_asks("two", 8, from_picked)), ("wi_offer_3p", wi_asks("offer", 3, gesture_with_votes)),
           ("wi_laid_3p", wi_asks("laid", 3, lambda scene: None)), ("wi_laid_8p", wi_asks("laid", 8, lambda scene: None))]

    def replay(game: str, share: float, eyes=None, jump: bool = False, **kw):
        def build():  # a finished demo game watched again, part way through
            from importlib import import_module
            from scenes.shell.replay import open_replay
            match = import_module(f"scenes.{game}.demo").demo_match("over", seed=4, **kw)
            app.manager.reset(MainMenuScene(app))
            open_replay(app, match.to_save())
            app.manager.top.seek(int(app.manager.top.match.length * share))
            if eyes is not None:
                app.manager.top.watch_as(eyes)
            if jump:
                app.manager.top.bar.open_jump()
        return build

    def fill_saves() -> None:
        """Games in progress and finished ones, played by bots, last played over the past days."""
        import json
        import random
        import time
        from game.core.match import Match, Seat
        from game.registry import GAMES
        from scenes.demo import NAMES
        from scenes.settings_store import save_book
        book = save_book()
        if book.unfinished() or book.history():
            return
        for i, key in enumerate(list(GAMES) * 3):
            spec = GAMES[key]
            n = spec.min_players + i % 3
            seats = [Seat(NAMES[j], "human" if j < 1 + i % 2 else "normal") for j in range(n)]
            match = Match.new(spec, seats, seed=i, autosave_path=book.new_autosave_path(key))
            rng, finish = random.Random(i), i % 4 == 1
            while not match.state.is_over() and (finish or len(match.state.actions) < 8 + 7 * i):
                seat = match.state.to_act()[0]
                match.act(seat, rng.choice(match.state.legal_actions(seat)))
            data = json.loads(match.autosave_path.read_text("utf-8"))
            data["header"]["updated"] = time.time() - i * 37000 - 600
            match.autosave_path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")

    def save_list(kind: str):
        def build():
            from scenes.shell.save_lists import HistoryScene, SavedGamesScene
            fill_saves()
            app.manager.reset(MainMenuScene(app))
            app.manager.push((SavedGamesScene if kind == "saved" else HistoryScene)(app))
        return build

    def menu_no_folder():  # the data folder could not be made: the red band says nothing is saved
        app.manager.reset(MainMenuScene(app)).no_folder = True

    def setup_eu_refused():  # 7 players: the intro game is not offered, and its row says why
        scene = app.manager.reset(SetupScene(app, "european_union"))
        scene.players.set_value(7)
        scene._players_changed(7)

    def menu_quit():  # Esc on the title screen: quit? Stay is the default
        app.manager.reset(MainMenuScene(app)).back()

    def delete_question():  # Delete on a saved game: Cancel is the default, Delete the red button
        save_list("saved")()
        scene = app.manager.top
        settle(app)
        scene.ask_delete(scene.rows[0][0])

    def menu_continue():  # Continue says which game it resumes
        fill_saves()
        app.manager.reset(MainMenuScene(app))

    def players():  # the Players screen, from the finished games of the saves above
        from scenes.shell.players import PlayersScene
        fill_saves()
        app.manager.reset(MainMenuScene(app))
        app.manager.push(PlayersScene(app))

    def settings_screen():  # Settings' second page: text size, colours, full screen, sound
        app.manager.reset(SettingsScene(app)).show_page("screen")

    def penalty():  # Xuanwu's penalty: whose seat
        app.manager.reset(demo_scene(app, "peek", seed=4)).ask_penalty()

    return [
        ("menu", lambda: app.manager.reset(MainMenuScene(app))),
        ("menu_continue", menu_continue),
        ("saved_games", save_list("saved")),
        ("saved_games_delete", delete_question),
        ("menu_quit", menu_quit),
        ("history", save_list("history")),
        ("setup", lambda: app.manager.reset(SetupScene(app))),
        ("setup_xuanwu_gate", setup_for("xuanwu_gate", variant="scoring", memory_aid=True)),
        ("setup_elfenland", setup_for("elfenland", caravan="any")),
        ("setup_european_union", setup_for("european_union", variant="intro", qualified_majority="sixty_percent")),
        ("setup_wonderful_island", setup_for("wonderful_island", reactions="everyone")),
        ("setup_european_union_refused", setup_eu_refused),
        ("menu_no_folder", menu_no_folder),
        ("settings", lambda: app.manager.reset(SettingsScene(app))),
        ("settings_screen", settings_screen),
        ("players", players),
        ("xuanwu_penalty", penalty),
        ("xuanwu_look", table("look")),
        ("xuanwu_peek", table("peek")),
        ("xuanwu_vote", table("vote")),
        ("xuanwu_reveal", table("reveal")),
        ("xuanwu_between", table("between", options={"variant": "scoring", "memory_aid": True})),
        ("xuanwu_7_players", table("peek", n_players=7)),
        ("xuanwu_3_players", table("peek", n_players=3)),
        ("xuanwu_swap_confirm", swap_confirm),
        ("xuanwu_battle", battle),
        ("xuanwu_rules", rules),
        ("curtain", curtain),
        ("curtain_menu", curtain_menu),
        ("game_over", over),
        ("elfenland_draw", elf("draw")),
        ("elfenland_plan", elf("plan")),
        ("elfenland_move", elf("move")),
        ("elfenland_pay", elf_choose),
        ("elfenland_finish", elf("finish")),
        ("elfenland_over", elf_over),
        ("elfenland_rules", elf_rules),
        ("eu_bidding", eu("bid")),
        ("eu_draft", eu("draft")),
        ("eu_draft_round3", eu("draft3")),
        ("eu_keep", eu("keep")),
        ("eu_parliament", eu("parliament")),
        ("eu_vote", eu("vote")),
        ("eu_vote_reveal", eu("reveal")),
        ("eu_scoring", eu("scoring")),
        ("eu_7_players", eu("discuss", n_players=7)),
        ("eu_discuss_together", eu("discuss_bot", humans=2)),
        ("eu_discuss_together_chair", eu("discuss", humans=3)),
        ("eu_discuss_own_view", eu_own_view("discuss_bot")),
        ("eu_discuss_own_view_chair", eu_own_view("discuss")),
        ("eu_over", eu_over),
        ("eu_rules", eu_rules),
        ("replay_xuanwu", replay("xuanwu_gate", 0.6, options={"variant": "scoring"})),
        ("replay_xuanwu_all", replay("xuanwu_gate", 0.45, eyes="all", options={"variant": "scoring"})),
        ("replay_elfenland_eyes", replay("elfenland", 0.4, eyes=0)),
        ("replay_elfenland_all", replay("elfenland", 0.4, eyes="all", n_players=6, options={"variant": "destination"})),
        ("replay_eu_jump", replay("european_union", 0.5, jump=True)),
        ("replay_eu_all", replay("european_union", 0.5, eyes="all")),
        ("replay_wi", replay("wonderful_island", 0.3)),
        ("replay_wi_all", replay("wonderful_island", 0.3, eyes="all")),
    ] + wi + coach_shots(app, settle) + net_shots(app, settle)


# The pictures the README shows: file name -> (scene, language), at 1280x720.
README_SHOTS = {
    "menu_en.png": ("menu_continue", "en"),
    "history_en.png": ("history", "en"),
    "replay_zh_TW.png": ("replay_xuanwu", "zh_TW"),
    "setup_en.png": ("setup", "en"),
    "xuanwu_table_zh_TW.png": ("xuanwu_peek", "zh_TW"),
    "xuanwu_between_en.png": ("xuanwu_between", "en"),
    "curtain_en.png": ("curtain", "en"),
    "elfenland_plan_zh_TW.png": ("elfenland_plan", "zh_TW"),
    "elfenland_move_en.png": ("elfenland_move", "en"),
    "eu_bidding_en.png": ("eu_bidding", "en"),
    "eu_vote_reveal_zh_TW.png": ("eu_vote_reveal", "zh_TW"),
    "game_over_en.png": ("game_over", "en"),
    "wi_play_en.png": ("wi_play_8p", "en"),
    "wi_legislature_zh_TW.png": ("wi_legislature_3p", "zh_TW"),
    "hint_en.png": ("hint_elfenland", "en"),
    "review_zh_TW.png": ("review_xuanwu_gate", "zh_TW"),
    "eu_discussion_en.png": ("eu_discuss_together", "en"),
    "lobby_en.png": ("lobby", "en"),
    "join_zh_TW.png": ("join", "zh_TW"),
}
# A guided game's step for the README: file name -> (game, step number, language), at 1280x720.
README_LESSON_SHOTS = {"learn_elfenland_en.png": ("elfenland", 4, "en")}


def write_readme_lesson_shots(folder: Path) -> None:
    from scenes.settings_store import Settings
    from scenes.tutorial.walk import walk_lesson
    for name, (game, step, lang) in README_LESSON_SHOTS.items():
        app = App(lang=lang, size=(1280, 720), first_scene=False, settings=Settings(lang=lang, bot_speed="instant"))
        walk_lesson(app, game, on_step=lambda i, scene, name=name, step=step: (
            shoot(app, folder / name) if i + 1 == step else None))
        pygame.display.quit()


def write_readme_shots(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    write_readme_lesson_shots(folder)
    for lang in LANGS:
        app = App(lang=lang, size=(1280, 720), first_scene=False)
        builds = dict(scenes_to_shoot(app))
        for name, (scene, shot_lang) in README_SHOTS.items():
            if shot_lang == lang:
                builds[scene]()
                shoot(app, folder / name)
        pygame.display.quit()


def write_lesson_shots(folder: Path, games: list[str], sizes: list[tuple[int, int]], text_size: int = 100,
                       numbers: list[int] | None = None) -> None:
    """Every step of every guided game (its lessons `numbers`, all if None), as the learner sees it
    when the step comes up (the walk follows the coach's pointers with the clicks a person makes),
    the summary at the end, and the lesson picker once per size and language. Files:
    lesson_GAME_STEP_... for lesson 1, lesson_GAME_2_STEP_... for lesson 2."""
    from game.core.tutorial import lesson_numbers
    from scenes import registry
    from scenes.settings_store import Settings
    from scenes.tutorial.walk import walk_lesson
    folder.mkdir(parents=True, exist_ok=True)
    for size in sizes:
        for lang in LANGS:
            tag = f"{lang}_{size[0]}x{size[1]}" + (f"_t{text_size}" if text_size != 100 else "")
            for game in games:
                for number in lesson_numbers(game):
                    if numbers is not None and number not in numbers:
                        continue
                    app = App(lang=lang, size=size, first_scene=False,
                              settings=Settings(lang=lang, bot_speed="instant", text_size=text_size))
                    name = game if number == 1 else f"{game}_{number}"
                    walk_lesson(app, game, number=number,
                                on_step=lambda i, scene: shoot(app, folder / f"lesson_{name}_{i + 1:02d}_{tag}.png"))
                    shoot(app, folder / f"lesson_{name}_summary_{tag}.png")
                    pygame.display.quit()
            app = App(lang=lang, size=size, first_scene=False,
                      settings=Settings(lang=lang, bot_speed="instant", text_size=text_size))
            app.manager.push(registry.scene(app, "menu"))
            app.settings.learned.append("xuanwu_gate")  # the three progress words: learned, new, ...
            registry.push(app, "lessons")
            shoot(app, folder / f"lesson_picker_{tag}.png")
            pygame.display.quit()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="shots")
    ap.add_argument("--sizes", default="1280x720,1024x600")
    ap.add_argument("--only", default="", help="comma-separated scene names")
    ap.add_argument("--text-size", type=int, choices=(100, 125, 150), default=100,
                    help="the text size setting, per cent (names end _t150 when not 100)")
    ap.add_argument("--readme", action="store_true", help="write the README's pictures to docs/screenshots/")
    ap.add_argument("--lessons", nargs="?", const="all", default=None,
                    help="every step of the guided games (all, or comma-separated game keys)")
    ap.add_argument("--lesson", type=int, action="append",
                    help="with --lessons: only this lesson number (repeatable; default every lesson)")
    args = ap.parse_args(argv)
    if args.readme:
        write_readme_shots(Path(__file__).resolve().parents[1] / "docs" / "screenshots")
        return 0
    if args.only and args.only.startswith("readme:"):  # some of the README's pictures: readme:NAME,...
        folder = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
        wanted = set(args.only[len("readme:"):].split(","))
        if wanted & set(README_LESSON_SHOTS):
            write_readme_lesson_shots(folder)
        for lang in LANGS:
            app = App(lang=lang, size=(1280, 720), first_scene=False)
            builds = dict(scenes_to_shoot(app))
            for name, (scene, shot_lang) in README_SHOTS.items():
                if name in wanted and shot_lang == lang:
                    builds[scene]()
                    shoot(app, folder / name)
            pygame.display.quit()
        return 0
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    if args.lessons:
        from game.registry import GAMES
        games = list(GAMES) if args.lessons == "all" else args.lessons.split(",")
        write_lesson_shots(out, games, sizes, args.text_size, args.lesson)
        return 0
    only = set(filter(None, args.only.split(",")))
    tag = f"_t{args.text_size}" if args.text_size != 100 else ""
    for size in sizes:
        for lang in LANGS:
            app = App(lang=lang, size=size, first_scene=False)
            app.set_text_size(args.text_size)
            for name, build in scenes_to_shoot(app):
                if only and name not in only:
                    continue
                build()
                shoot(app, out / f"{name}_{lang}_{size[0]}x{size[1]}{tag}.png")
            pygame.display.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

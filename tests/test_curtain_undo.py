"""The person who just acted is still at the screen when the next person's curtain goes up: the
curtain offers them their undo (when their move may be taken back), and shows nothing of any hand."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.core.match import Match, Seat
from game.registry import GAMES
from scenes.app import App
from scenes.elfenland.table import ElfenlandTableScene
from scenes.shell.curtain import CurtainScene


def click(app, pos):
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.manager.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def _table(lang: str = "en"):
    app = App(lang=lang, size=(1280, 720), first_scene=False)
    app.settings.bot_speed = "instant"
    match = Match.new(GAMES["elfenland"], [Seat("Ann"), Seat("Ben"), Seat("Bot", "easy")], seed=3,
                      options={"start_player": 0})
    scene = app.manager.push(ElfenlandTableScene(app, match))
    return app, scene, match


def _curtain_after_a_plan(app, scene, match) -> tuple[int, CurtainScene]:
    """Play on (people as the rules' first legal move) until a person places a counter everyone
    knew already (taken face up) and the next person's curtain goes up; (who placed it, that curtain)."""
    for _ in range(400):
        top = app.manager.top
        if isinstance(top, CurtainScene):
            click(app, (app.size[0] // 2, app.size[1] - 5))
        elif match.bot_to_move() is not None:
            scene.after_events(match.step_bot())
        else:
            person = scene.decider
            plan = [a for a in match.state.legal_actions(person) if a[0] == "place"]
            scene.act(plan[0] if plan else match.state.legal_actions(person)[0])
            if plan and isinstance(app.manager.top, CurtainScene) and match.can_undo(person):
                return person, app.manager.top
    raise AssertionError("no curtain after a known counter placed")


def test_a_curtain_after_a_move_that_may_not_be_undone_offers_no_undo():
    app, scene, match = _table()
    seen = set()
    for _ in range(400):
        top = app.manager.top
        if isinstance(top, CurtainScene):
            last = next((who for who, _ in reversed(match.state.actions) if who in (0, 1)), None)
            offered = last is not None and match.can_undo(last)
            assert top.undo_button.visible == offered
            seen.add(offered)
            click(app, (app.size[0] // 2, app.size[1] - 5))
        elif match.bot_to_move() is not None:
            scene.after_events(match.step_bot())
        elif match.state.is_over() or match.state.round > 1:
            assert seen == {True, False}  # both kinds of curtain came up in the round
            return
        else:
            scene.act(match.state.legal_actions(scene.decider)[0])


def test_the_curtain_offers_the_person_who_just_acted_their_undo():
    app, scene, match = _table()
    person, curtain = _curtain_after_a_plan(app, scene, match)
    app.manager.draw(app.screen)
    assert curtain.undo_button.visible
    assert curtain.name != match.seats[person].name
    assert match.seats[person].name in app.t("curtain.undo", name=curtain.take_back[0])


def test_undo_on_the_curtain_takes_the_counter_back_and_gives_the_screen_back_to_its_owner():
    app, scene, match = _table()
    person, curtain = _curtain_after_a_plan(app, scene, match)
    placed = len(match.state.actions)
    app.manager.draw(app.screen)
    click(app, curtain.undo_button.rect.center)
    assert len(match.state.actions) < placed and match.state.actions[-1:] != [(person, None)]
    assert not isinstance(app.manager.top, CurtainScene)  # the screen is still theirs: no curtain
    assert scene.decider == person and scene.can_act()


def test_ctrl_z_on_the_curtain_undoes_too():
    app, scene, match = _table()
    person, curtain = _curtain_after_a_plan(app, scene, match)
    placed = len(match.state.actions)
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode=""))
    assert len(match.state.actions) < placed and scene.decider == person


def test_a_click_on_the_undo_button_is_not_ready():
    app, scene, match = _table()
    person, curtain = _curtain_after_a_plan(app, scene, match)
    curtain.take_back = None  # the button's place, with nothing to undo behind it, is not "ready"
    curtain.undo_button.visible = True
    app.manager.draw(app.screen)
    before = match.shown_to
    click(app, curtain.undo_button.rect.center)
    assert app.manager.top is curtain and match.shown_to == before


def test_the_curtain_s_box_keeps_clear_of_the_undo_button_in_a_small_window(monkeypatch):
    """A long recap at 1024x600 in Chinese at 150 %: the box grows only as far as leaves the button free."""
    import scenes.shell.curtain as module
    from scenes.settings_store import Settings
    app = App(lang="zh_TW", size=(1024, 600), first_scene=False, settings=Settings(lang="zh_TW", text_size=150))
    curtain = CurtainScene(app, "阿班", (60, 110, 200), lambda: None, summary=[f"第 {i} 行" for i in range(40)],
                           on_menu=lambda: None, take_back=("小安", lambda: None))
    app.manager.push(curtain)
    boxes = []
    monkeypatch.setattr(module.draw, "panel", lambda surface, rect, *a, **kw: boxes.append(pygame.Rect(rect)))
    curtain.draw(app.screen)
    box = boxes[0]   # the curtain's one panel: its box
    assert curtain._recap_room > 0 and not box.colliderect(curtain.undo_button.rect)
    assert not box.colliderect(curtain.menu_button.rect)

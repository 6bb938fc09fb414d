"""A person at a table who uses the keyboard alone, for the keyboard tests.

The person reads the table as anyone would: what the focus can go to now (the focus's own list of
targets, the same the screen rings one by one), leaving alone the table's furniture (the top bar's
Menu, Rules and Hint, Undo: what Tab comes to last). They Tab (now and then an arrow key) to one of
those things and press Space, or Enter where that uses it too (on a button, or where the prompt has
no highlighted button of its own for Enter); where a chooser is open with nothing to Tab to, they
press one of its 1-9 keys. No mouse event is ever made here: every click the table sees comes from the focus itself."""
from __future__ import annotations

import random
from typing import Optional

import pygame

from game.core.match import Match, Seat
from game.registry import GAMES
from scenes import registry
from scenes.app import App
from scenes.settings_store import Settings
from scenes.ui.key_focus import ASIDE, PIECES, group_of


def key(app, k: int, mod: int = 0) -> None:
    app.manager.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def table(game: str, seed: int, players: Optional[int] = None):
    """(app, scene, match): Ann at the screen, easy bots in the other seats, bots at once."""
    app = App(lang="en", size=(1280, 720), first_scene=False, settings=Settings(lang="en", bot_speed="instant"))
    spec = GAMES[game]
    n = players or spec.min_players
    match = Match.new(spec, [Seat("Ann")] + [Seat(f"Bot {i}", "easy") for i in range(n - 1)], seed=seed)
    registry.show_table(app, match)
    app.manager.draw(app.screen)
    return app, app.manager.top, match


def furniture(scene, target) -> bool:
    """A target that is the table's furniture, not a move: the top bar's buttons, Undo, Penalty."""
    key_, _, panel = target
    return group_of(key_[0], key_[2], panel) >= ASIDE


def choices(scene) -> list:
    return [t for t in scene.key_focus.found() if not furniture(scene, t)]


def focus_on(app, scene, wanted: tuple, rng: random.Random) -> bool:
    """Move the focus to `wanted` by keys: an arrow or two at times, then Tab (or Shift+Tab) until
    it is there; False if it never came."""
    focus = scene.key_focus
    if focus.current() is not None and rng.random() < 0.3:
        for _ in range(rng.randint(1, 2)):
            key(app, rng.choice((pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)))
    back = rng.random() < 0.3
    for _ in range(len(focus.found()) + 2):
        if focus.current() is not None and focus.key == wanted:
            return True
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT if back else 0)
    return focus.current() is not None and focus.key == wanted


def person_moves(app, scene, rng: random.Random) -> str:
    """One step of the person's by keys; what they did, in words (for a failure's story)."""
    found = choices(scene)
    modal = scene.modal_panel()
    if (not found or getattr(modal, "chooser", None) is not None and rng.random() < 0.5) and modal is not None:
        n = rng.randint(1, 3)
        key(app, pygame.K_1 + n - 1)   # a chooser's number key (a row that is not there does nothing)
        return f"chooser key {n} on {type(modal).__name__}"
    if not found:
        return f"nothing to focus in phase {scene.view.get('phase')}"
    buttons = [t for t in found if t[0][0] == "button"]
    target = rng.choice(buttons if buttons and rng.random() < 0.15 else found)  # a button ends a choice
    if not focus_on(app, scene, target[0], rng):
        return f"could not Tab to {target[0]}"
    on_piece = group_of(target[0][0], target[0][2], target[2]) == PIECES
    enter_uses_it = not on_piece or scene.key_focus.enter_button() is None
    key(app, rng.choice((pygame.K_RETURN, pygame.K_SPACE)) if enter_uses_it else pygame.K_SPACE)
    return f"used {target[0]} of {type(target[2]).__name__}"


def deciding(scene, match) -> bool:
    """A decision of Ann's is up and the table lets her make it."""
    return 0 in match.state.to_act() and scene.can_act() and not scene.holding()


def person_to_act(scene, match) -> bool:
    """Ann has something to do: a decision of hers, or the table stands still waiting on a person
    (an overlay to close, a round's scoring to read on, a bot chair waiting for the people to say
    they are ready to vote)."""
    if scene.tweens.busy or getattr(scene, "reveal_clock", 0) > 0:
        return False
    return deciding(scene, match) or (scene.holding() and bool(choices(scene)))


def play_by_keys(game: str, seed: int, players: Optional[int] = None, limit: int = 20000):
    """A whole game with seat 0 played by keys alone; (match, its story of the person's steps)."""
    app, scene, match = table(game, seed, players)
    rng = random.Random(seed)
    story: list[str] = []
    idle = 0
    for _ in range(limit):
        if match.state.is_over():
            break
        scene.update(0.05)
        if scene.thought is not None:
            scene.thought.wait(5)
        if app.manager.top is not scene:
            app.manager.pop()  # a notice over the table
            continue
        if person_to_act(scene, match):
            before, counts = len(match.state.actions), deciding(scene, match)
            story.append(person_moves(app, scene, rng))
            idle = 0 if len(match.state.actions) != before else idle + counts
            assert idle < 150, "the person cannot move by keys:\n" + "\n".join(story[-25:]) + \
                f"\nlegal: {match.state.legal_actions(0)[:8]}"
        app.manager.draw(app.screen)
    return match, story

"""The prompt bar above the player's hand: what to do now in words, and the buttons of the
decision at hand (end the turn, pass, answer a target, choose dice, offer, answer, raise a hand,
confirm a choice of several cards, go back). Cards and seats are chosen on the table itself."""
from __future__ import annotations

from typing import Optional

import pygame

from game.wonderful_island import data
from game.wonderful_island.describe import qty
from game.wonderful_island.venues import Venues

from ..ui import theme
from ..ui.cached_group import CachedGroup
from ..ui.panel import USED, Intent, Panel
from ..ui.widgets import Button, Stepper
from . import art
from .lettering import LINE, MIN_TEXT, fit_lines, paint_lines
from .picker import BUTTON, part_kind, standing_prefix
from .procedure import offer_words

EXTRAS = ("none", "clear", "hug", "kiss", "bow")


class PromptPanel(Panel):
    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.text: Optional[pygame.Surface] = None
        self.buttons = CachedGroup()
        self.steppers: list[Stepper] = []

    def refresh(self) -> None:
        px = self.px
        scene = self.scene
        self.buttons = CachedGroup()
        self.steppers = []
        specs = self._buttons() if scene.can_act() else []
        x = self.rect.right
        bh = self.rect.h - px(8)
        # The one highlighted button (End turn, Pass, Confirm, Offer) is Enter's, as a prompt's is at
        # every table; Esc is the one that goes back.
        primary = [i for i, s in enumerate(specs) if s[2] == "primary"]
        enter = primary[0] if len(primary) == 1 else None
        for i, (label, action, style, makes) in reversed(list(enumerate(specs))):
            w = max(px(90), min(px(260), self.fonts.text(label, px(16), theme.INK).get_width() + px(28)))
            x -= w + px(6)
            if x < self.rect.x + px(200):
                break
            button = Button(label, (lambda a=action: scene.perform(scene.picked(a) if isinstance(a, tuple)
                                                                    else Intent(call=a))),
                            (x, self.rect.y + px(4), w, bh), style=style, size=px(16),
                            hotkey=pygame.K_RETURN if i == enter else pygame.K_ESCAPE if makes == "back" else None)
            button.action = makes  # the engine action it makes (or begins): a guided game's coach points here
            self.buttons.add(button)
        if scene.offering():
            x = self._offer_steppers(x)
        self.text = self._words(scene.instruction(), max(px(60), x - self.rect.x - px(10)))

    def _words(self, text: str, width: int) -> pygame.Surface:
        """The instruction in one line, or two smaller ones if it is long, never below the faces' smallest
        text (what still does not fit is cut)."""
        px, tx, fonts = self.px, self.tx, self.fonts   # read: at the text size (the row is taller for it)
        room = self.rect.h - px(4)
        lines, s = fit_lines(fonts, text, tx(17), width, 1, bold=True, min_size=max(MIN_TEXT, tx(15)))
        if fonts.font(s, True).size(lines[0])[0] > width or lines[0].endswith("…"):
            lines, s = fit_lines(fonts, text, min(tx(16), int(room / 2 / LINE)), width, 2, bold=True,
                                 min_size=MIN_TEXT)
        surf = pygame.Surface((width, self.rect.h), pygame.SRCALPHA)
        paint_lines(surf, fonts, lines, s, theme.GOLD_LIGHT, surf.get_rect(), bold=True, middle=True)
        return surf

    def _buttons(self) -> list[tuple[str, object, str, object]]:
        """(label, action or call, style, the legal action it makes or begins) for the choices that
        are not cards or seats ("back" for the button that drops a choice half made)."""
        scene, t = self.scene, self.t
        specs: list[tuple[str, object, str, object]] = []
        picker = scene.picker
        if picker is not None and picker.prefix:
            choice = scene.choice()
            if choice is not None:  # pick the cards, then this
                words = t("wi.ui.btn.part_" + choice.verb, cards=qty("card", choice.count, t))
                actions = scene.multi_action()
                specs.append((words, scene.confirm_cards, "primary" if actions else "plain",
                              actions[0] if actions else None))
            elif picker.complete():
                # The part picked so far is itself the whole action (an issue of one card that could
                # take a second): confirm sends it as it is, not as the start of a longer one.
                specs.append((t("wi.ui.btn.confirm_plain"), lambda p=picker.prefix: scene.perform(Intent(action=p)),
                              "primary", picker.prefix))
            if picker.prefix != standing_prefix(scene.legal):  # a choice the player began may be dropped
                specs.append((t("wi.ui.btn.back"), scene.cancel_pick, "plain", "back"))
            return specs
        for action in scene.legal:
            if action[0] == "offer":
                continue  # the offer is made with the steppers
            if part_kind((action[0],)) != BUTTON and action[0] not in ("skill", "trade", "choose", "issue"):
                continue
            label = self.label(action)
            if label is not None and all(label != s[0] for s in specs):
                start = self.start(action)
                if action == ("issue",):  # "No issue" is said at once, though an issue card could follow
                    start = lambda a=action: scene.perform(Intent(action=a))  # noqa: E731
                specs.append((label, start, "primary" if action[0] in ("end", "pass") else "plain", action))
        if scene.offering():
            o = scene.offer
            specs.append((t("wi.ui.btn.offer"), scene.make_offer, "primary",
                          ("offer", o["votes"], o["cards"], o["extra"])))
        return specs

    def start(self, action: tuple) -> tuple:
        """Where a button's action begins: the whole action, or its first part when more must follow."""
        if action[0] in ("skill", "trade") or action[:2] == ("choose", "discard"):
            return action[:2] if action[0] in ("skill", "choose") else action[:1]
        return action

    def label(self, a: tuple) -> Optional[str]:
        t, v = self.t, self.view
        kind = a[0]
        if kind in ("end", "pass", "skip", "accept", "concede"):
            return t("wi.ui.btn." + kind)
        if kind == "cancel":
            return t("wi.ui.btn.cancel_card")
        if kind == "done":
            return t("wi.ui.btn.done_" + v["phase"])
        if kind == "debate":
            return t("wi.ui.btn.debate_" + a[1])
        if kind == "answer":
            return t("wi.ui.btn.answer", answer=t("wi.answer." + a[1]))
        if kind == "vote":
            return t("wi.ui.btn.vote_" + a[1])
        if kind == "pick":
            d = v["dice"]
            return t("wi.ui.btn.pick", a=d[a[1]], b=d[a[2]], votes=qty("vote", Venues.street_value(d[a[1]], d[a[2]]), t))
        if kind == "choose":
            return t("wi.ui.btn.choose_" + a[1])
        if kind == "issue":
            return t("wi.ui.btn.no_issue") if len(a) == 1 else None
        if kind == "trade":
            cost = next((len(x[1]) for x in self.scene.legal if x[0] == "trade"), 3)
            return t("wi.ui.btn.trade", n=cost)
        if kind == "skill":  # by its name on the character card; at turn start, the draw still follows
            sk = data.character(v["my_character"])["skills"][a[1]]
            start = sk["op"] in art.TURN_START_SKILLS
            return t("wi.ui.btn.skill_start" if start else "wi.ui.btn.skill", skill=art.skill_name(t, sk))
        return None

    # -- the legislature's offer -------------------------------------------------------------------
    def _offer_steppers(self, right: int) -> int:
        px, t, scene = self.px, self.t, self.scene
        ranges = scene.offer_ranges()
        x = right
        specs = [("votes", ranges["votes"], lambda n: qty("vote", n, t) if n else t("wi.ui.offer.no_votes")),
                 ("cards", ranges["cards"], lambda n: qty("card", n, t) if n else t("wi.ui.offer.no_cards")),
                 ("extra", ranges["extra"], lambda e: offer_words(t, {"votes": 0, "cards": 0, "extra": e}))]
        # Narrow arrows and a box as wide as its longest words at the text size (so that at 150 % the
        # words are not shrunk to fit beside arrows as wide as the taller row), within bounds.
        arrows, read = px(24), self.fonts.read(px(14))
        for key, values, words in reversed(specs):
            widest = max(self.fonts.text(words(v), read, theme.INK).get_width() for v in values)
            w = max(px(150), min(px(230), widest + 2 * arrows + px(12)))
            x -= w + px(6)
            st = Stepper(values, values.index(scene.offer[key]) if scene.offer[key] in values else 0, label_of=words,
                         rect=(x, self.rect.y + px(4), w, self.rect.h - px(8)), size=px(14))
            st.arrow_w = arrows
            st.key = key
            self.steppers.append(st)
        return x

    # -- drawing and input --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.text is not None:
            surface.blit(self.text, self.text.get_rect(midleft=(self.rect.x + self.px(4), self.rect.centery)))
        for st in self.steppers:
            st.draw(surface, self.fonts)
        self.buttons.draw(surface, self.fonts)

    def handle(self, event: pygame.event.Event) -> Optional[Intent]:
        for st in self.steppers:
            if st.handle(event):
                self.scene.offer[st.key] = st.value
                self.refresh()  # the instruction says why an offer set so cannot be made
                self.scene.dirty = True
                return USED
        return USED if self.buttons.handle(event) else None


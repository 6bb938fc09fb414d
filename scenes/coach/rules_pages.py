"""The review's help (the review's "How to read"), as a page of the rules help overlay
(scenes/shell/rules_help.py: it scrolls at any text size): how a decision is weighed, the classes
of a loss with their bounds (game/core/review.py), and what a moment on the table shows."""
from __future__ import annotations

from game.core.review import BLUNDER, GRADES, INACCURACY, MISTAKE

from ..shell.rules_help import Para, Picture, RulesHelpScene, RulesPage, grid
from .review_chart import GRADE_SIGN

BOUNDS = {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER}


def class_rows(t) -> list[list[str]]:
    """The help's table: each class of loss, its mark and the chance to win it costs at least."""
    return [[t(f"review.grade.{g}"), GRADE_SIGN[g], t("review.help_bound", n=round(100 * BOUNDS[g]))] for g in GRADES]


def pages(app) -> list[RulesPage]:
    t = app.t
    rows = class_rows(t)
    table = Picture(lambda width: grid(app, width, [t("review.help_class"), t("review.help_mark"),
                                                    t("review.help_cost")], rows, (0.3, 0.15, 0.55)))
    return [RulesPage(t("review.help_tab"), [Para(t("review.help_weighed")), Para(t("review.help_classes")), table,
                                               Para(t("review.help_moment"))])]


class ReviewHelpScene(RulesHelpScene):
    """The review's help in the rules help's overlay, under its own title."""

    def __init__(self, app) -> None:
        super().__init__(app, "coach")

    def read_pages(self) -> list[RulesPage]:
        return pages(self.app)   # not a game's: the registry of games has no "coach"

    def heading(self) -> str:
        return self.app.t("review.help_title")

"""Matching Pennies' rules for the rules help."""
from __future__ import annotations

from ..shell.rules_help import Heading, Para, RulesPage


def pages(app) -> list[RulesPage]:
    t = app.t
    return [RulesPage(t("pn.rules.page"), [Heading(t("pn.rules.h")), Para(t("pn.rules.body"))])]

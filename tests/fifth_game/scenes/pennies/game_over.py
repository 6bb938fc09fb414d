"""Matching Pennies' results: who won, and by how many rounds."""
from __future__ import annotations

from ..shell.game_over import GameOverScene


class PenniesGameOverScene(GameOverScene):
    def reason(self) -> str:
        return self.app.t("pn.why", x=self.view["scores"][0], y=self.view["scores"][1])

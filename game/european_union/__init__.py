"""European Union 歐盟議會 (2015), 3-7 players."""
from game.core.errors import OptionRefused
from game.core.lazy import lazy
from game.core.spec import GameSpec

from .discussion import discussion_moment

INTRO_MAX_PLAYERS = 5  # the intro variant's largest table (rules: 3-5 players)


class EUSpec(GameSpec):
    """The intro variant is for 3-5 players only: refused here, before any game starts."""

    def check_options(self, n_players, options):
        merged = super().check_options(n_players, options)
        if merged.get("variant") == "intro" and n_players > INTRO_MAX_PLAYERS:
            raise OptionRefused(f"the intro variant of {self.names['en']} is for 3-{INTRO_MAX_PLAYERS} players, "
                                f"not {n_players}", "setup.refused.european_union.intro", max=INTRO_MAX_PLAYERS)
        return merged


SPEC = EUSpec(
    key="european_union",
    names={"zh_TW": "歐盟議會", "en": "European Union"},
    min_players=3,
    max_players=7,
    options={
        "variant": ["full", "intro"],
        "qualified_majority": ["rulebook", "sixty_percent"],
        "start_player": ["random", 0, 1, 2, 3, 4, 5, 6],
        "keep_limit": ["one_minute", "none"],   # the chair's time to keep 5 of 7 bills (a scene clock)
    },
    factory=lazy("game.european_union.state:EUState"),
    bots={"easy": lazy("game.european_union.bots:EasyBot"), "normal": lazy("game.european_union.bots:NormalBot"),
          "hard": lazy("game.european_union.hard:HardBot")},
    roles=lambda view: [p["party"] for p in view["players"]],  # parties are dealt at random
    listens=discussion_moment,   # a computer chair gives the people the discussion's three minutes
)

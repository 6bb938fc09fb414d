"""The Wonderful Island 美麗島風雲 (2013), 3-8 players."""
from game.core.bots import RandomBot
from game.core.lazy import lazy
from game.core.spec import GameSpec

SPEC = GameSpec(
    key="wonderful_island",
    names={"zh_TW": "美麗島風雲", "en": "The Wonderful Island"},
    min_players=3,
    max_players=8,
    options={
        "length": ["standard", "short", "long"],             # the rules' notes on game length
        "meetings_dealt": ["two", "camp_minus_one"],         # rules: 2 each, or Blue/Green players - 1
        "used_meetings": ["reshuffle", "remove"],            # rules: used meeting cards back in, or out
        "promises": ["binding", "words"],                    # legislative offers kept by the table, or talk
        # Who the table asks after the candidate ends. Everyone by default: at a hot seat, asking only
        # holders would give the hand-off screen to them alone, telling the table who holds one.
        "reactions": ["everyone", "holders", "never"],
        "skill_cancel": ["indirect", "never"],               # rules 3(1): may 沙盤推演 cancel a skill (indirect)?
        "start_player": ["random", 0, 1, 2, 3, 4, 5, 6, 7],
    },
    # The rules as this engine plays them: 2 since face-down players draw nothing, hospitalised players
    # are asked to debate, every target that could answer is asked about 沙盤推演, a halved bill is
    # halved once, and the 7- and 8-player tables were rebalanced. 3 since every debater who could
    # hold a reply (by the hand's size) is asked for one and may concede, and a loser with two cards
    # or more picks the card to lose: being asked tells nothing of a hand; and nobody is elected or
    # declares before every player has had an action turn (the first campaign turn's end). Records
    # made before (editions 2 and 1) replay by the rules they were played with.
    legacy_options={"edition": [3, 2, 1]},
    factory=lazy("game.wonderful_island.state:WIState"),
    bots={"easy": RandomBot, "normal": lazy("game.wonderful_island.bots:NormalBot"),
          "hard": lazy("game.wonderful_island.hard:HardBot")},
    # Factions are dealt at random and shown in the public view once the game is over.
    roles=lambda view: [p["faction"] for p in view["players"]],
)

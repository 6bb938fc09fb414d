"""Does giving influence to tip a vote pay among bots? A gifting form of `normal`, and its measurement.

The designer's ruling on deals lets a party hand influence to another at any time to buy its
support; the table opens the gift ("give", from, to) and the giver says how much ("gift", k).
`GiftingBot` is normal that, while a bill is under discussion, pays the one voter whose switch
does most for the outcome it wants: the voter it expects against it (by the voter's own gain,
which the face-up party cards show), paid one more than that voter's gain, when the change in the
bill's chance times what the bill is worth to the giver exceeds the price (a price paid to the
leader counts again, as the leader's gain).

Among the engine's bots a gift changes no vote: a vote is secret, nothing binds the one who took
the gift, and a bot's view does not even say who gave (only its own influence grows). So the
gift is influence handed over for nothing; this module measures what that costs the giver:

    python -m game.european_union.gifts --games 400 --players 3,5

one gifting normal in one seat (rotated through every seat), normal in the others, its win share
against the fair share with the 95 % interval, and how many gifts it made. Bots at the table
never give (bots.NormalBot answers a gift with nothing).
"""
from __future__ import annotations

import argparse
from typing import Optional

from game.core.actions import Action
from game.core.ladder import wilson
from game.core.selfplay import game_seeds

from . import SPEC
from . import data as cards
from .bots import NormalBot, _at_least, leader_weight


class GiftingBot(NormalBot):
    """normal, and while a bill is discussed it may pay one voter to vote its way."""

    level = "normal+gifts"

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self.asked: set[tuple] = set()      # the (round, stage, bill) it has already thought about
        self.amount = 0                      # what it means to give in the gift it opened
        self.given = 0                       # gifts made (for the measurement)

    def offer(self, view: dict) -> Optional[Action]:
        """The gift to open at the table now, ("give", self, to), or None."""
        bill = view["current_bill"]
        key = (view["round"], view["stage"], bill)
        if view["phase"] != "discuss" or key in self.asked:
            return None
        self.asked.add(key)
        self.ledger.see(view)
        lead = self.leader(view)
        worth = self.relative(view, bill, lead)
        if worth == 0:
            return None
        want_yes = worth > 0
        gains = self.gains(view, bill)
        likely = [1.0 if want_yes else 0.0 if s == self.seat else
                  (0.85 if gains[s] > 0 else 0.15 if gains[s] < 0 else 0.5) for s in range(view["n_players"])]
        now = _passes(view, bill, likely)
        most = view["may_give"]
        weight = leader_weight(lead[1])
        best, best_net = None, 0.0
        for s in range(view["n_players"]):
            against = gains[s] < 0 if want_yes else gains[s] > 0
            if s == self.seat or not against:
                continue
            price = abs(gains[s]) + 1
            if price > most:
                continue
            bought = list(likely)
            bought[s] = 1.0 if want_yes else 0.0
            moved = _passes(view, bill, bought) - now
            net = abs(worth) * (moved if want_yes else -moved) - price * (1 + (weight if s == lead[0] else 0))
            if net > best_net:
                best, best_net = (s, price), net
        if best is None:
            return None
        self.amount = best[1]
        self.given += 1
        return ("give", self.seat, best[0])

    def choose(self, view: dict, legal: list[Action]) -> Action:
        if legal[0][0] == "gift":
            k = min(self.amount, legal[-1][1])
            self.amount = 0
            return ("gift", k)
        return super().choose(view, legal)


def _passes(view: dict, bill: str, p_yes: list[float]) -> float:
    """The chance the bill passes the vote at hand, the parties voting yes with these chances."""
    if view["stage"] == "council":
        if cards.load()["bill_by_id"][bill]["method"] == cards.UNANIMITY:
            out = 1.0
            for p in p_yes:
                out *= p
            return out
        return _at_least(p_yes, [p["state_power"] for p in view["players"]], view["threshold"])
    return _at_least(p_yes, [p["mep_power"] for p in view["players"]], view["majority"])


def play(n_players: int, seed: int, gifting_seat: int, gifts: bool = True,
         options: Optional[dict] = None) -> tuple[list[int], int]:
    """One game, a GiftingBot in `gifting_seat` and NormalBots elsewhere; (winners, gifts made).
    Before each move the gifting bot may open a gift as the table would; with `gifts` False it
    never does, and plays exactly as normal (the same game where no gift would have been made)."""
    state = SPEC.new_game(n_players, seed, options or {"variant": "full"})
    bots = [GiftingBot(s, seed) if s == gifting_seat else NormalBot(s, seed) for s in range(n_players)]
    giver = bots[gifting_seat]
    while not state.is_over():
        if gifts and state.giving is None:
            gift = giver.offer(state.view(gifting_seat))
            if gift is not None:
                state.apply(None, gift)
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return state.winners(), giver.given


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="3,5")
    args = ap.parse_args(argv)
    for n in (int(x) for x in args.players.split(",")):
        won = without = 0.0
        gifts = games_with = 0
        for i, s in enumerate(game_seeds(args.seed, args.games)):
            seat = i % n
            winners, given = play(n, s, seat)
            share = 1 / len(winners) if seat in winners else 0.0
            won += share
            if given:   # the same game without the gifts (where none was made it is the same game)
                plain, _ = play(n, s, seat, gifts=False)
                without += 1 / len(plain) if seat in plain else 0.0
                gifts += given
                games_with += 1
            else:
                without += share
        lo, hi = wilson(won, args.games)
        print(f"{n} players, {args.games} games: normal with gifts wins {100 * won / args.games:.1f} % "
              f"= {won / args.games * n:.2f}x fair ({lo * n:.2f}-{hi * n:.2f}) against normal, "
              f"the same seat without gifts in the same games {without / args.games * n:.2f}x; "
              f"{gifts} gifts in {games_with} games", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

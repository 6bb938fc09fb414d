"""Rules of Elfenland 精靈國度 (rules/elfenland.zh-TW.txt), 2-6 players.

Options (first value is the default):
  rounds        4 | 3
  caravan       "identical" (rules text: 3 identical cards, 4 with an obstacle)
                | "any" (published rulebook: any 3 cards, 4 with an obstacle)
  variant       "basic" | "destination" (secret town card; score = markers - distance; ties: the
                shorter distance, then more cards; all 20 markers still wins outright)
  start_player  "random" | 0..5

A round, as the engine runs it (seats act in turn order from the start player,
clockwise = seat + 1):
  start    automatic: travel cards dealt up to 8 (round 1: 8 each; later the deck
           is the unused + returned cards reshuffled), then each seat draws one
           secret counter from the face-down pile.
  "draw"   one at a time, in turn order, each seat takes 3 counters face up: a
           face-up one (the slot is refilled at once from the pile) or the top
           of the pile.
  "plan"   in turn order: place one counter on a free land road its terrain
           allows, or your obstacle (once a game) on a land road that has a
           counter and no obstacle, or pass. A seat that passed may place later;
           the phase ends when every seat has passed in a row. A seat with no
           counter and no usable obstacle (public facts) passes automatically.
  "move"   in turn order, each seat moves its boot any number of hops, then
           ends its move. A seat with no travel cards ends automatically.
  end      after the last round, or when someone holds all 20 markers: game
           over (at the end of that round's moving, before any discarding, so
           ties go to the cards held then). A player with all 20 markers wins,
           in the destination variant too, whatever their distance.
  "finish" otherwise: simultaneous secret choices: seats holding more than 4
           travel cards discard one at a time down to 4; seats with 2 or more
           unplaced counters keep one (or none). A seat with exactly one
           unplaced counter keeps it automatically. Then board and returned
           counters are shuffled back into the pile, obstacles used leave the
           game, the start player passes to the left, and the next round starts.

Actions (tuples of str/int; JSON lists; card kinds are "pig", "elfcycle",
"cloud", "unicorn", "troll", "dragon", "raft"; counter kinds are the first six):
  ("take", slot)                 draw: the face-up counter in slot 0..4
  ("take_pile",)                 draw: the top of the face-down pile (taken face up)
  ("place", route_id, kind)      plan: put one of your counters of that kind on a road
                                 (a face-up one first; your secret one if that is the only one)
  ("obstacle", route_id)         plan: put your obstacle on a road
  ("pass",)                      plan
  ("move", route_id, payment)    move: travel the route from your boot's town; payment
                                 is a tuple of card kinds sorted alphabetically, e.g.
                                 ("raft", "raft") or ("cloud", "dragon", "pig") (caravan)
  ("end_move",)                  move
  ("discard", kind)              finish: return one travel card of that kind
  ("keep", kind, "face_up"|"secret")   finish: keep this counter, return the rest
  ("keep_none",)                 finish: return all your counters

view(seat) (JSON; seat None = the public view):
  game, seat, n_players, options {rounds, caravan, variant}, rounds, round,
  phase ("draw" | "plan" | "move" | "finish" | "over"), start_player,
  to_act [seats], turn (the seat whose turn it is in draw/plan/move, else None),
  passes_in_a_row (plan), face_up [kind or None] * 5, pile (face-down counters
  left), deck (travel cards left in the deck), discard (cards played or returned
  this round), counters {"route_id": kind}, obstacles {"route_id": seat},
  town_markers {town: [seats whose marker is still there]} (the 20 towns),
  players [{seat, boot (town), markers (count), visited [towns in the order
    collected], cards (count), counters [face-up kinds, sorted], secret_counters
    (count), obstacle (still unused: bool), drawn (face-up counters drawn this
    round), moved (ended their move this round), discard_left (finish: cards
    still to discard), keep_pending (finish: must still choose a counter)}],
  last_move {seat, route, from, to, payment, caravan, marker} or None,
  hand [own travel cards, sorted in card order] ([] for None),
  secret_counters [own secret counters] ([] for None),
  destination (own town card in the destination variant, else None),
  result (when over) {markers, cards, scores, distances, destinations, winners}
    (distances / destinations are None in the basic game), winners [seats].

legal_actions(seat) lists exactly what the scene should highlight: the face-up
slots and the pile (draw), the (route, kind) placements and obstacle roads
(plan), the routes out of the boot's town with each distinct payment (move),
the discards and keep choices (finish). Nothing is legal for None (Elfenland
has no table rulings). Route ids are the Tiled object ids of board.py.

Events (dicts with "type" and "seats": None = everyone, or [seat]; "reveal":
True when hidden information or chance is shown):
  setup {start, face_up} (public, reveal); round_start {round, rounds, start}; deal {counts} + cards_dealt {seat, cards}
  (private); destination {seat, town} (private, setup); secret_drawn {seat} +
  secret_counter {seat, counter} (private); phase {phase}; take {seat, slot,
  counter}; take_pile {seat, counter}; refill {slot, counter}; place {seat,
  route, counter, secret}; obstacle {seat, route}; pass {seat, auto};
  move {seat, route, from, to, payment, caravan, marker}; end_move {seat, auto};
  discard {seat, card} (private) + discarded {seat}; keep {seat, counter (None
  when the kept one is secret), face_up, auto}; keep_none {seat}; round_end
  {round, start}; game_over {winners, markers, cards, scores, distances,
  destinations}.
"""
from __future__ import annotations

from collections import Counter
from typing import Optional

from game.core.actions import Action
from game.core.clone import lean_clone
from game.core.state import Event, GameState, Seat

from .rules import ALPHA_CARDS, multisets, tables

DRAW, PLAN, MOVE, FINISH, OVER = "draw", "plan", "move", "finish", "over"
FACE_UP, SECRET = "face_up", "secret"


def standing(result: dict, seat: int, markers_total: int) -> tuple:
    """How a seat stands in a game's result, the greater the better (the winners stand highest): the
    town markers, then more cards; in the destination variant a player holding all the markers wins
    whatever the distance (rules, "the end"), then the score, a shorter distance, more cards."""
    if result.get("distances") is None:
        return (result["scores"][seat], result["cards"][seat])
    return (result["markers"][seat] >= markers_total, result["scores"][seat], -result["distances"][seat],
            result["cards"][seat])


class ElfenlandState(GameState):
    key = "elfenland"

    @property
    def T(self):
        """The precomputed rules tables (shared, never copied with the state)."""
        return tables()

    def __init__(self, n_players: int, seed: int, options: dict) -> None:
        super().__init__(n_players, seed, options)
        T = self.T
        n = n_players
        if not 2 <= n <= 6:
            raise ValueError("Elfenland takes 2-6 players")
        start = options.get("start_player", "random")
        if start == "random":
            start = self.rng.randrange(n)
        elif not (isinstance(start, int) and not isinstance(start, bool) and 0 <= start < n):
            raise ValueError(f"start player must be 'random' or a seat from 0 to {n - 1}")
        self.rounds = options.get("rounds", 4)
        if self.rounds not in (3, 4):
            raise ValueError("rounds must be 3 or 4")
        caravan = options.get("caravan", "identical")
        if caravan not in ("identical", "any"):
            raise ValueError("caravan must be 'identical' or 'any'")
        variant = options.get("variant", "basic")
        if variant not in ("basic", "destination"):
            raise ValueError("variant must be 'basic' or 'destination'")
        self.caravan_any = caravan == "any"
        self.destination_variant = variant == "destination"

        self.start = start
        self.round = 0
        self.phase = DRAW
        self.turn: Optional[int] = start
        self.hands = [dict.fromkeys(T.card_kinds, 0) for _ in range(n)]
        self.deck = [k for k in T.card_kinds for _ in range(T.travel_cards[k])]
        self.rng.shuffle(self.deck)
        self.discard: list[str] = []
        self.pile = [k for k in T.counter_kinds for _ in range(T.counters[k])]
        self.rng.shuffle(self.pile)
        self.face_up: list[Optional[str]] = [self.pile.pop() for _ in range(T.face_up)]
        self.up: list[list[str]] = [[] for _ in range(n)]        # face-up counters in front of a seat
        self.secret: list[list[str]] = [[] for _ in range(n)]    # secret counters
        self.returned: list[str] = []                            # counters handed back this round
        self.obstacle_left = [True] * n
        self.board_counters: dict[int, str] = {}
        self.board_obstacles: dict[int, int] = {}
        self.boots = [T.capital] * n
        self.visited: list[list[str]] = [[] for _ in range(n)]
        self.drawn = [0] * n
        self.passes = 0
        self.move_pos = 0
        self.moved = [False] * n
        self.discard_left = [0] * n
        self.keep_pending = [False] * n
        self.last_move: Optional[dict] = None
        self.result: Optional[dict] = None
        self.destinations: Optional[list[str]] = None
        self._legal: dict = {}

        events: list[Event] = [{"type": "setup", "start": start, "face_up": list(self.face_up),
                                "seats": None, "reveal": True}]
        if self.destination_variant:
            cards = list(T.town_cards)
            self.rng.shuffle(cards)
            self.destinations = cards[:n]
            for s in self._order():
                events.append({"type": "destination", "seat": s, "town": self.destinations[s],
                               "seats": [s], "reveal": True})
        events += self._start_round()
        self.setup_events = events

    def clone(self) -> "ElfenlandState":
        """An independent copy for search, much faster than deepcopy (game/core/clone.py): every
        field is a value, JSON-like data or the random generator; the history is not copied."""
        return lean_clone(self)

    # -- helpers -----------------------------------------------------------
    def _order(self) -> list[int]:
        n = self.n_players
        return [(self.start + i) % n for i in range(n)]

    def _next(self, seat: int) -> int:
        return (seat + 1) % self.n_players

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat].values())

    def hand_list(self, seat: int) -> list[str]:
        return [k for k, c in self.hands[seat].items() for _ in range(c)]

    # -- round flow ----------------------------------------------------------
    def _start_round(self) -> list[Event]:
        T = self.T
        self.round += 1
        events: list[Event] = [{"type": "round_start", "round": self.round, "rounds": self.rounds,
                                "start": self.start, "seats": None}]
        # 1. travel cards up to 8: the deck is the unused cards and the returned ones, reshuffled
        self.deck.extend(self.discard)
        self.discard = []
        self.rng.shuffle(self.deck)
        counts = [0] * self.n_players
        private: list[Event] = []
        for s in self._order():
            want = max(0, T.hand_dealt - self.hand_size(s))
            cards = [self.deck.pop() for _ in range(min(want, len(self.deck)))]
            for c in cards:
                self.hands[s][c] += 1
            counts[s] = len(cards)
            private.append({"type": "cards_dealt", "seat": s, "cards": sorted(cards, key=T.card_kinds.index),
                            "seats": [s], "reveal": True})
        events.append({"type": "deal", "counts": counts, "seats": None})
        events += private
        # 2. one secret counter each, in turn order
        for s in self._order():
            if not self.pile:
                break
            c = self.pile.pop()
            self.secret[s].append(c)
            events.append({"type": "secret_drawn", "seat": s, "seats": None})
            events.append({"type": "secret_counter", "seat": s, "counter": c, "seats": [s], "reveal": True})
        # 3. draw three face up each
        self.phase = DRAW
        self.drawn = [0] * self.n_players
        self.moved = [False] * self.n_players
        self.last_move = None
        self.turn = self.start
        events.append({"type": "phase", "phase": DRAW, "seats": None})
        if not self._can_draw():
            events += self._start_plan()
        return events

    def _can_draw(self) -> bool:
        return bool(self.pile) or any(c is not None for c in self.face_up)

    def _start_plan(self) -> list[Event]:
        self.phase = PLAN
        self.turn = self.start
        self.passes = 0
        return [{"type": "phase", "phase": PLAN, "seats": None}] + self._settle_plan()

    def _may_place_publicly(self, s: int) -> bool:
        """Could seat s have something to place? Decided from public facts only."""
        if self.up[s] or self.secret[s]:
            return True
        return self.obstacle_left[s] and any(r not in self.board_obstacles for r in self.board_counters)

    def _settle_plan(self) -> list[Event]:
        events: list[Event] = []
        while self.passes < self.n_players:
            if self._may_place_publicly(self.turn):
                return events
            events.append({"type": "pass", "seat": self.turn, "auto": True, "seats": None})
            self.passes += 1
            self.turn = self._next(self.turn)
        return events + self._start_move()

    def _start_move(self) -> list[Event]:
        self.phase = MOVE
        self.move_pos = 0
        self.turn = self.start
        return [{"type": "phase", "phase": MOVE, "seats": None}] + self._settle_move()

    def _settle_move(self) -> list[Event]:
        events: list[Event] = []
        while self.move_pos < self.n_players:
            s = self.turn
            if self.hand_size(s) > 0:  # a public fact: an empty hand cannot move
                return events
            events.append({"type": "end_move", "seat": s, "auto": True, "seats": None})
            self._end_move_of(s)
        return events + self._after_moves()

    def _end_move_of(self, s: int) -> None:
        self.moved[s] = True
        self.move_pos += 1
        self.turn = (self.start + self.move_pos) % self.n_players

    def _after_moves(self) -> list[Event]:
        T = self.T
        if self.round >= self.rounds or any(len(v) >= T.markers_per_player for v in self.visited):
            return self._game_over()
        self.phase = FINISH
        self.turn = None
        events: list[Event] = [{"type": "phase", "phase": FINISH, "seats": None}]
        for s in self._order():
            self.discard_left[s] = max(0, self.hand_size(s) - T.hand_keep)
            held = len(self.up[s]) + len(self.secret[s])
            self.keep_pending[s] = held >= 2
            if held == 1:  # the only counter is kept (a public fact: counts are public)
                face_up = bool(self.up[s])
                events.append({"type": "keep", "seat": s, "counter": self.up[s][0] if face_up else None,
                               "face_up": face_up, "auto": True, "seats": None})
        return events + self._maybe_end_round()

    def _maybe_end_round(self) -> list[Event]:
        if any(self.discard_left) or any(self.keep_pending):
            return []
        return self._end_round()

    def _end_round(self) -> list[Event]:
        T = self.T
        events: list[Event] = [{"type": "round_end", "round": self.round,
                                "start": self._next(self.start), "seats": None}]
        self.pile.extend(self.returned)
        self.returned = []
        self.pile.extend(self.board_counters[r] for r in sorted(self.board_counters))
        self.board_counters = {}
        self.board_obstacles = {}  # used obstacles leave the game
        self.rng.shuffle(self.pile)
        for i in range(T.face_up):
            if self.face_up[i] is None and self.pile:
                self.face_up[i] = self.pile.pop()
                events.append({"type": "refill", "slot": i, "counter": self.face_up[i],
                               "seats": None, "reveal": True})
        self.start = self._next(self.start)
        return events + self._start_round()

    def _game_over(self) -> list[Event]:
        T = self.T
        n = self.n_players
        markers = [len(v) for v in self.visited]
        cards = [self.hand_size(s) for s in range(n)]
        if self.destination_variant:
            dist = [T.distance[self.boots[s]].get(self.destinations[s], 0) for s in range(n)]
            scores = [markers[s] - dist[s] for s in range(n)]
        else:
            dist = None
            scores = list(markers)
        self.result = {"markers": markers, "cards": cards, "scores": scores, "distances": dist,
                       "destinations": list(self.destinations) if self.destinations else None}
        key = [standing(self.result, s, T.markers_per_player) for s in range(n)]
        best = max(key)
        self.result["winners"] = [s for s in range(n) if key[s] == best]
        self.phase = OVER
        self.turn = None
        return [dict(self.result, type="game_over", seats=None, reveal=True)]

    # -- the contract --------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.phase == FINISH:
            return [s for s in self._order() if self.discard_left[s] or self.keep_pending[s]]
        return [self.turn]

    def is_over(self) -> bool:
        return self.phase == OVER

    def decides_openly(self, seat: Seat) -> bool:
        """A counter pick after one's first of the round: the travel cards and the secret counter
        stay as they were through the draw, seen at that first pick (in private), and every pick is
        taken face up; a person may still ask to look at their own again (Match.decide_in_own_view)."""
        return self.phase == DRAW and seat == self.turn and self.drawn[seat] >= 1

    def winners(self) -> list[int]:
        return list(self.result["winners"]) if self.result else []

    def legal_actions(self, seat: Seat) -> list[Action]:
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = self._compute_legal(seat)
        return list(cached)

    def _compute_legal(self, seat: Seat) -> list[Action]:
        phase = self.phase
        if seat is None or phase == OVER:
            return []
        if phase == FINISH:
            return self._legal_finish(seat)
        if seat != self.turn:
            return []
        if phase == DRAW:
            acts: list[Action] = [("take", i) for i, c in enumerate(self.face_up) if c is not None]
            if self.pile:
                acts.append(("take_pile",))
            return acts
        if phase == PLAN:
            return self._legal_plan(seat)
        return self._legal_move(seat)

    def _legal_plan(self, seat: int) -> list[Action]:
        T = self.T
        on_board = self.board_counters
        acts: list[Action] = []
        mine = set(self.up[seat]) | set(self.secret[seat])
        for kind in T.counter_kinds:
            if kind in mine:
                acts.extend(("place", r, kind) for r in T.allowed[kind] if r not in on_board)
        if self.obstacle_left[seat]:
            land = T.land_set
            acts.extend(("obstacle", r) for r in sorted(on_board)
                        if r not in self.board_obstacles and r in land)
        acts.append(("pass",))
        return acts

    def _legal_move(self, seat: int) -> list[Action]:
        T = self.T
        hand = self.hands[seat]
        acts: list[Action] = []
        caravan = T.caravan_cards
        any_hand = None
        for ex in T.exits[self.boots[seat]]:
            if not ex.land:
                if hand["raft"] >= ex.rafts:
                    acts.append(("move", ex.route, ("raft",) * ex.rafts))
                continue
            kind = self.board_counters.get(ex.route)
            if kind is None:
                continue
            extra = T.obstacle_extra if ex.route in self.board_obstacles else 0
            need = T.cost[kind][ex.kind] + extra
            if hand[kind] >= need:
                acts.append(("move", ex.route, (kind,) * need))
            size = caravan + extra
            if self.caravan_any:
                if any_hand is None:
                    any_hand = tuple(hand[k] for k in ALPHA_CARDS)
                capped = tuple(min(c, size) for c in any_hand)
                acts.extend(("move", ex.route, p) for p in multisets(capped, size))
            else:
                acts.extend(("move", ex.route, (k,) * size) for k in ALPHA_CARDS if hand[k] >= size)
        acts.append(("end_move",))
        return acts

    def _legal_finish(self, seat: int) -> list[Action]:
        acts: list[Action] = []
        if self.discard_left[seat]:
            acts.extend(("discard", k) for k, c in self.hands[seat].items() if c)
        if self.keep_pending[seat]:
            T = self.T
            up, sec = set(self.up[seat]), set(self.secret[seat])
            acts.extend(("keep", k, FACE_UP) for k in T.counter_kinds if k in up)
            acts.extend(("keep", k, SECRET) for k in T.counter_kinds if k in sec)
            acts.append(("keep_none",))
        return acts

    # -- applying ---------------------------------------------------------------
    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        self._legal = {}
        kind = action[0]
        if kind == "take":
            return self._take(seat, action[1])
        if kind == "take_pile":
            return self._take(seat, None)
        if kind == "place":
            return self._place(seat, action[1], action[2])
        if kind == "obstacle":
            self.board_obstacles[action[1]] = seat
            self.obstacle_left[seat] = False
            return self._planned(seat, {"type": "obstacle", "seat": seat, "route": action[1], "seats": None})
        if kind == "pass":
            self.passes += 1
            self.turn = self._next(seat)
            return [{"type": "pass", "seat": seat, "auto": False, "seats": None}] + self._settle_plan()
        if kind == "move":
            return self._move(seat, action[1], action[2])
        if kind == "end_move":
            self._end_move_of(seat)
            return [{"type": "end_move", "seat": seat, "auto": False, "seats": None}] + self._settle_move()
        if kind == "discard":
            card = action[1]
            self.hands[seat][card] -= 1
            self.discard.append(card)
            self.discard_left[seat] -= 1
            return [{"type": "discarded", "seat": seat, "seats": None},
                    {"type": "discard", "seat": seat, "card": card, "seats": [seat], "echo": True}] + self._maybe_end_round()
        if kind == "keep":
            return self._keep(seat, action[1], action[2])
        if kind == "keep_none":
            self.returned += self.up[seat] + self.secret[seat]
            self.up[seat], self.secret[seat] = [], []
            self.keep_pending[seat] = False
            return [{"type": "keep_none", "seat": seat, "seats": None}] + self._maybe_end_round()
        raise AssertionError(f"unhandled action {action}")  # pragma: no cover - legal_actions guards

    def _take(self, seat: int, slot: Optional[int]) -> list[Event]:
        if slot is None:
            counter = self.pile.pop()
            events: list[Event] = [{"type": "take_pile", "seat": seat, "counter": counter,
                                    "seats": None, "reveal": True}]
        else:
            counter = self.face_up[slot]
            self.face_up[slot] = self.pile.pop() if self.pile else None
            events = [{"type": "take", "seat": seat, "slot": slot, "counter": counter, "seats": None}]
            if self.face_up[slot] is not None:
                events.append({"type": "refill", "slot": slot, "counter": self.face_up[slot],
                               "seats": None, "reveal": True})
        self.up[seat].append(counter)
        self.drawn[seat] += 1
        self.turn = self._next(seat)
        if all(d >= self.T.drawn_per_round for d in self.drawn) or not self._can_draw():
            events += self._start_plan()
        return events

    def _place(self, seat: int, route: int, counter: str) -> list[Event]:
        secret = counter not in self.up[seat]
        (self.secret if secret else self.up)[seat].remove(counter)
        self.board_counters[route] = counter
        event = {"type": "place", "seat": seat, "route": route, "counter": counter, "secret": secret,
                 "seats": None}
        if secret:
            event["reveal"] = True
        return self._planned(seat, event)

    def _planned(self, seat: int, event: Event) -> list[Event]:
        self.passes = 0
        self.turn = self._next(seat)
        return [event] + self._settle_plan()

    def _move(self, seat: int, route: int, payment: tuple) -> list[Event]:
        T = self.T
        hand = self.hands[seat]
        for card in payment:
            hand[card] -= 1
        self.discard.extend(payment)
        here = self.boots[seat]
        a, b = T.route_ends[route]
        there = b if here == a else a
        self.boots[seat] = there
        marker = there != T.capital and there not in self.visited[seat]
        if marker:
            self.visited[seat].append(there)
        caravan = False
        if T.route_kind[route] not in ("river", "lake"):
            kind = self.board_counters[route]
            extra = T.obstacle_extra if route in self.board_obstacles else 0
            caravan = len(payment) != T.cost[kind][T.route_kind[route]] + extra or payment[0] != kind
        self.last_move = {"seat": seat, "route": route, "from": here, "to": there,
                          "payment": list(payment), "caravan": caravan, "marker": marker}
        events: list[Event] = [dict(self.last_move, type="move", seats=None)]
        if self.hand_size(seat) == 0:  # nothing left to pay with: the move ends by itself
            events.append({"type": "end_move", "seat": seat, "auto": True, "seats": None})
            self._end_move_of(seat)
            events += self._settle_move()
        return events

    def _keep(self, seat: int, counter: str, where: str) -> list[Event]:
        up, sec = list(self.up[seat]), list(self.secret[seat])
        (up if where == FACE_UP else sec).remove(counter)
        self.returned += up + sec
        self.up[seat] = [counter] if where == FACE_UP else []
        self.secret[seat] = [counter] if where == SECRET else []
        self.keep_pending[seat] = False
        face_up = where == FACE_UP
        events: list[Event] = [{"type": "keep", "seat": seat, "counter": counter if face_up else None,
                                "face_up": face_up, "auto": False, "seats": None}]
        return events + self._maybe_end_round()

    # -- what a seat may know ---------------------------------------------------------
    def sightings(self, seat: int) -> Counter:
        """What `seat` sees (GameState.sightings): the face-up counters in the row, on the roads and
        in front of every seat, its own secret counters, travel cards and town card, and the cards
        paid for the last move, face up beside it (named by that move: the same cards paid for
        another move are other cards seen)."""
        seen = Counter(("counter", k) for k in self.face_up if k is not None)
        seen.update(("counter", k) for k in self.board_counters.values())
        for up in self.up:
            seen.update(("counter", k) for k in up)
        seen.update(("counter", k) for k in self.secret[seat])
        seen.update({("card", k): c for k, c in self.hands[seat].items() if c})
        if self.destinations:
            seen[("town", self.destinations[seat])] += 1
        m = self.last_move
        if m:
            seen.update(("paid", m["seat"], m["route"], m["from"], k) for k in m["payment"])
        return seen

    def view(self, seat: Seat) -> dict:
        T = self.T
        n = self.n_players
        order = T.counter_kinds.index
        finish = self.phase == FINISH
        players = []
        for s in range(n):
            players.append({
                "seat": s,
                "boot": self.boots[s],
                "markers": len(self.visited[s]),
                "visited": list(self.visited[s]),
                "cards": self.hand_size(s),
                "counters": sorted(self.up[s], key=order),
                "secret_counters": len(self.secret[s]),
                "obstacle": self.obstacle_left[s],
                "drawn": self.drawn[s],
                "moved": self.moved[s],
                "discard_left": self.discard_left[s] if finish else 0,
                "keep_pending": self.keep_pending[s] if finish else False,
            })
        remaining = {t: [s for s in range(n) if t not in self.visited[s]] for t in T.marker_towns}
        own = seat is not None
        v = {
            "game": self.key,
            "seat": seat,
            "n_players": n,
            "options": {"rounds": self.rounds, "caravan": "any" if self.caravan_any else "identical",
                        "variant": "destination" if self.destination_variant else "basic"},
            "rounds": self.rounds,
            "round": self.round,
            "phase": self.phase,
            "start_player": self.start,
            "to_act": self.to_act(),
            "turn": self.turn,
            "passes_in_a_row": self.passes if self.phase == PLAN else 0,
            "face_up": list(self.face_up),
            "pile": len(self.pile),
            "deck": len(self.deck),
            "discard": len(self.discard),
            "counters": {str(r): k for r, k in sorted(self.board_counters.items())},
            "obstacles": {str(r): s for r, s in sorted(self.board_obstacles.items())},
            "town_markers": remaining,
            "players": players,
            "last_move": dict(self.last_move, payment=list(self.last_move["payment"])) if self.last_move else None,
            "hand": self.hand_list(seat) if own else [],
            "secret_counters": sorted(self.secret[seat], key=order) if own else [],
            "destination": self.destinations[seat] if own and self.destinations else None,
            "result": None,
            "winners": [],
        }
        if self.result is not None:
            v["result"] = {k: (list(x) if isinstance(x, list) else x) for k, x in self.result.items()}
            v["winners"] = list(self.result["winners"])
        return v

    def view_all(self) -> dict:
        """The public view with what each seat holds hidden added to its player entry (replays only):
        "hand" (travel cards, in card order), "secret_kinds" (secret counters, in counter order) and
        "destination" (the town card in that variant, else None)."""
        v = self.view(None)
        order = self.T.counter_kinds.index
        for p in v["players"]:
            s = p["seat"]
            p["hand"] = self.hand_list(s)
            p["secret_kinds"] = sorted(self.secret[s], key=order)
            p["destination"] = self.destinations[s] if self.destinations else None
        v["all_seen"] = True
        return v

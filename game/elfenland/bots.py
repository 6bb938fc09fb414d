"""Computer opponents for Elfenland 精靈國度.

`normal` reads only its view and its legal actions. Its core is a tour search
(``Planner``): a depth-first search with a transposition set and a
branch-and-bound cut over the hops its boot could make from where it stands,
each hop paid with the travel cards it holds:

* a land road carrying a counter: the counter's cards (one more with an
  obstacle) or a caravan (3 cards, 4 with an obstacle; identical or any, as the
  option says);
* a free land road (while planning): one of its own counters placed there,
  paid with that counter's cards;
* a river (1 raft downstream, 2 upstream) or a lake (2 rafts).

A tour is worth ``MARKER`` per new town marker, plus (before the last round)
the cards it can carry into the next round (at most 4 are kept), a little for
every card left over (cheaper tours win ties; cards break ties at game end)
and a bonus for ending near towns it has not visited yet. In the destination
variant the last round's tour loses ``MARKER`` per step between its end and
the destination card (the final score is markers minus that distance), and
the round before it ends ``DEST_PULL`` closer per step.

How each phase uses it:
  draw     every counter kind is valued by the best tour with its counters plus
           that one (the face-up row exactly; the pile as the average over the
           kinds still unseen), with the terrain fit of the kind to the roads
           around its unvisited towns as a tie-break.
  plan     the best tour over the board as it is; it places the counter its
           tour needs first. With nothing left to place, its obstacle goes on a
           road with a counter that an opponent's boot stands next to or that
           lies on the short paths to that opponent's unvisited towns (never on
           its own tour): in the last round at once, before that only on a road
           an opponent put a counter on (it remembers its own) and when the
           threat is large. Otherwise it passes.
  move     the first hop of the best tour (the payment chosen by the search; a
           caravan only when it scores better); it ends its move when the best
           tour is to stay.
  finish   it keeps the counter that fits most of the roads around its
           unvisited towns (a secret one before an equal face-up one), then
           discards the cards least useful there (the last copy of the kind
           with the lowest marginal value).

Graph data is precomputed once per process (``graph()``); per-position data is
cached. Ties are broken with ``self.rng`` only, so a seed repeats a game.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Optional

from game.core.actions import Action
from game.core.bots import Bot

from .rules import tables

MARKER = 100.0          # one new town marker (and, destination variant, one step of distance at the end)
CARD_KEPT = 8.0         # a card that can be carried into the next round (the first HAND_KEEP of them)
CARD_LEFT = 0.5         # any card left over: cheaper tours first, and cards break ties at game end
NEAR = (0.0, 4.0, 2.0, 1.0)   # end-of-round bonus per unvisited town at distance 1, 2, 3
NEAR_CAP = 24.0
DEST_PULL = 4.0         # destination variant, round before the last: per step from the destination
NODE_LIMIT = 3000       # tour search nodes per search (keeps a decision well under 0.1 s)
DRAW_NODE_LIMIT = 1200  # per counter kind valued in the draw (six searches a decision)
MAX_DETOUR = 2          # hops in a row through towns already visited
OBSTACLE_EARLY = 4.0    # threat an obstacle must block to be used before the last round
OBSTACLE_THEIRS = 1.0   # more threat on a road an opponent put a counter on
LEADER = 2.0            # a road the leading opponent needs counts this much more
RIDE_MARGIN = 4.0       # pass and ride the board's counters when that tour is this close to the best
BLOCK_THREAT = 1.5      # how much the leader must need a road before a spare counter blocks it


# -- graph data, computed once ---------------------------------------------------------
class Graph:
    def __init__(self) -> None:
        T = tables()
        self.T = T
        self.cards = T.card_kinds                      # 6 transports + raft, card order
        self.counters = T.counter_kinds
        self.raft = self.cards.index("raft")
        self.card_index = {k: i for i, k in enumerate(self.cards)}
        self.counter_index = {k: i for i, k in enumerate(self.counters)}
        self.capital = T.capital
        self.marker_towns = tuple(T.marker_towns)     # board order: sums over them repeat exactly
        self.marker_set = frozenset(T.marker_towns)
        self.dist = T.distance
        self.hand_keep = T.hand_keep
        self.caravan = T.caravan_cards
        self.extra = T.obstacle_extra
        # town -> ((route, to, terrain, land, rafts), ...)
        self.exits = {t: tuple((e.route, e.to, e.kind, e.land, e.rafts) for e in xs)
                      for t, xs in T.exits.items()}
        # counter index -> terrain -> cards (None: not allowed)
        self.cost = [dict(T.cost[k]) for k in self.counters]
        self.route_ends = T.route_ends
        self.route_kind = T.route_kind
        self.land = T.land_set
        self.towns = T.towns
        self.town_index = {t: i for i, t in enumerate(T.towns)}
        self.bit = {t: 1 << i for i, t in enumerate(T.towns)}
        self.marker_mask = sum(self.bit[t] for t in T.marker_towns)
        # the town bits at each distance (1, 2, 3) from a town, for the end-of-round bonus
        self.ring = {t: tuple(sum(self.bit[u] for u in T.towns if T.distance[t][u] == k)
                              for k in range(len(NEAR))) for t in T.towns}

    def mask(self, towns) -> int:
        return sum(self.bit[t] for t in towns)


@lru_cache(maxsize=1)
def graph() -> Graph:
    return Graph()


@lru_cache(maxsize=65536)
def near_bonus(town: str, left: int) -> float:
    """Bonus for ending a round at `town` with the towns of bit mask `left` still to visit."""
    ring = graph().ring[town]
    return min(NEAR_CAP, sum(w * (ring[k] & left).bit_count() for k, w in enumerate(NEAR) if w))


@lru_cache(maxsize=4096)
def region(boot: str, left: frozenset) -> tuple[tuple[int, float], ...]:
    """Roads that matter next: (route, weight) for roads on short paths from `boot` to
    unvisited towns at most 3 steps away, or touching an unvisited town within 2."""
    G = graph()
    d = G.dist
    out: dict[int, float] = {}
    for u in G.marker_towns:  # board order, not set order (float sums must not depend on hashing)
        if u not in left:
            continue
        du = d[boot][u]
        if du > 3:
            continue
        w = 1.0 / du if du else 1.0
        for r, (a, b) in G.route_ends.items():
            if d[boot][a] + 1 + d[b][u] == du or d[boot][b] + 1 + d[a][u] == du:
                out[r] = out.get(r, 0.0) + w
    if not out:  # everything near is visited: the roads around the boot
        for r, _to, _k, _land, _rafts in G.exits[boot]:
            out[r] = 1.0
    return tuple(sorted(out.items()))


def unseen_counters(view: dict) -> Counter:
    """The transport counters of each kind not in sight of this view (in the pile, handed back,
    or another seat's secret), kinds with none left out."""
    unseen = Counter(tables().counters)
    unseen.subtract([c for c in view["face_up"] if c])
    for p in view["players"]:
        unseen.subtract(p["counters"])
    unseen.subtract(view["secret_counters"])
    unseen.subtract(view["counters"].values())
    return Counter({k: n for k, n in unseen.items() if n > 0})


def fit(kind: str, route: int) -> float:
    """How well one card (or counter) of `kind` serves a road: 1 / cards needed, 0 if useless."""
    G = graph()
    terrain = G.route_kind[route]
    if route not in G.land:
        if kind != "raft":
            return 0.0
        if terrain == "river":
            return 0.75  # 1 raft one way, 2 the other
        return 0.5
    if kind == "raft":
        return 0.0
    c = G.cost[G.counter_index[kind]][terrain]
    return 1.0 / c if c else 0.0


# -- the tour search -------------------------------------------------------------------
class Planner:
    """Best tour from a town with a hand (7 counts, card order) and counters (6 counts)."""

    def __init__(self, view: dict, seat: int, node_limit: int = NODE_LIMIT) -> None:
        G = graph()
        self.G = G
        me = view["players"][seat]
        self.left = frozenset(t for t in G.marker_towns if t not in me["visited"])
        self.left_mask = G.mask(self.left)
        self.board = {int(r): G.counter_index[k] for r, k in view["counters"].items()}
        self.obstacles = {int(r) for r in view["obstacles"]}
        self.caravan_any = view["options"]["caravan"] == "any"
        self.last = view["round"] >= view["rounds"]
        self.dest = view.get("destination") if view["options"]["variant"] == "destination" else None
        self.penult = view["round"] == view["rounds"] - 1
        self.node_limit = node_limit
        self._ways: dict = {}

    def terminal(self, town: str, cards: int, gained: int) -> float:
        """The worth of ending the move at `town` with `cards` cards and the new markers of mask `gained`."""
        s = MARKER * gained.bit_count() + CARD_LEFT * cards
        if self.last:
            if self.dest:
                s -= MARKER * self.G.dist[town][self.dest]
            return s
        s += CARD_KEPT * min(cards, self.G.hand_keep) + near_bonus(town, self.left_mask & ~gained)
        if self.dest and self.penult:
            s -= DEST_PULL * self.G.dist[town][self.dest]
        return s

    def ways(self, town: str) -> tuple:
        """The ways out of a town: (0, route, to, bit, rafts) water, (1, route, to, bit, counter, cards,
        caravan size) a road with a counter, (2, route, to, bit, terrain) a free land road."""
        w = self._ways.get(town)
        if w is None:
            G = self.G
            out = []
            for route, to, terrain, land, rafts in G.exits[town]:
                bit = G.bit[to]
                if not land:
                    out.append((0, route, to, bit, rafts))
                elif route in self.board:
                    c = self.board[route]
                    extra = G.extra if route in self.obstacles else 0
                    out.append((1, route, to, bit, c, G.cost[c][terrain] + extra, G.caravan + extra))
                else:
                    out.append((2, route, to, bit, terrain))
            w = self._ways[town] = tuple(out)
        return w

    def _caravan(self, hand: list, size: int) -> Optional[tuple]:
        """The canonical caravan payment, ((card index, count), ...), from the most numerous kinds."""
        if not self.caravan_any:
            best = 0
            for i in range(1, 7):
                if hand[i] > hand[best]:
                    best = i
            return ((best, size),) if hand[best] >= size else None
        if sum(hand) < size:
            return None
        rest = list(hand)
        pay = [0] * 7
        for _ in range(size):
            i = 0
            for j in range(1, 7):
                if rest[j] > rest[i]:
                    i = j
            rest[i] -= 1
            pay[i] += 1
        return tuple((i, c) for i, c in enumerate(pay) if c)

    def search(self, start: str, hand: tuple, counters: tuple = (0,) * 6) -> tuple[float, list]:
        """(score, steps): steps are (route, to, pay ((card index, count), ...), placed counter or None).

        Depth first, the marker-gaining hops first; at most MAX_DETOUR hops in a
        row that gain nothing; a position met again (same town, cards, counters
        and markers) is not searched again; a branch is cut when even one marker
        per card left (while no road carries a counter: per raft and per counter
        with a card of its kind) could not beat the best tour found.
        """
        G = self.G
        left = self.left_mask
        n_left = left.bit_count()
        hand = list(hand)
        counters = list(counters)
        open_board = bool(self.board)
        cards0 = sum(hand)
        best = [self.terminal(start, cards0, 0), []]
        seen = set()
        path: list = []
        placed: dict = {}
        nodes = [0]
        limit = self.node_limit
        raft = G.raft
        terminal = self.terminal
        code0 = sum(c << (4 * i) for i, c in enumerate(hand)) + sum(c << (4 * (7 + k)) for k, c in enumerate(counters))

        keep = G.hand_keep
        near_cap = 0.0 if self.last else NEAR_CAP
        kept = 0.0 if self.last else CARD_KEPT
        ways_of = self.ways
        cost = G.cost
        caravan = self._caravan

        def rec(town, gained, cards, code, detour):
            ways = ways_of(town)
            order = [w for w in ways if left & w[3] and not gained & w[3]]
            if detour < MAX_DETOUR:
                order += [w for w in ways if not (left & w[3]) or gained & w[3]]
            for way in order:
                bit = way[3]
                gain = bool(left & bit) and not (gained & bit)
                kind = way[0]
                route = way[1]
                # the payments for this way: ((card index, count), ...), placed counter or None
                if kind == 0:
                    if hand[raft] < way[4]:
                        continue
                    pays = ((((raft, way[4]),), None),)
                elif kind == 1 or route in placed:
                    if kind == 1:
                        c, need, size = way[4], way[5], way[6]
                    else:
                        c = placed[route]
                        need, size = cost[c][way[4]], G.caravan
                    pays = []
                    if hand[c] >= need:
                        pays.append((((c, need),), None))
                    car = caravan(hand, size) if cards >= size else None
                    if car is not None and car != ((c, need),):
                        pays.append((car, None))
                else:
                    terrain = way[4]
                    pays = []
                    for k in range(6):
                        if counters[k]:
                            need = cost[k][terrain]
                            if need is not None and hand[k] >= need:
                                pays.append((((k, need),), k))
                if not pays:
                    continue
                to = way[2]
                g2 = gained | bit if gain else gained
                ng = g2.bit_count()
                for pay, k in pays:
                    spent = 0
                    c2 = code
                    for i, c in pay:
                        spent += c
                        c2 -= c << (4 * i)
                    if k is not None:
                        c2 -= 1 << (4 * (7 + k))
                    key = (to, c2, g2)
                    if key in seen:
                        continue
                    seen.add(key)
                    nodes[0] += 1
                    for i, c in pay:
                        hand[i] -= c
                    if k is not None:
                        counters[k] -= 1
                        placed[route] = k
                    path.append((route, to, pay, k))
                    n2 = cards - spent
                    s = terminal(to, n2, g2)
                    if s > best[0]:
                        best[0], best[1] = s, list(path)
                    if n2 and nodes[0] < limit:
                        if open_board:  # (a road placed on in this tour leads to no new town)
                            reach = n2
                        else:
                            reach = min(n2, hand[raft] + sum(map(min, counters, hand)))
                        reach = min(reach, n_left - ng)
                        rest = n2 - reach  # at least one card per further marker
                        if MARKER * (ng + reach) + kept * min(rest, keep) + CARD_LEFT * rest + near_cap > best[0]:
                            rec(to, g2, n2, c2, 0 if gain else detour + 1)
                    path.pop()
                    for i, c in pay:
                        hand[i] += c
                    if k is not None:
                        counters[k] += 1
                        del placed[route]
                    if nodes[0] >= limit:
                        return

        rec(start, 0, cards0, code0, 0)
        self.nodes = nodes[0]
        return best[0], best[1]


def pay_tuple(pay: tuple) -> tuple:
    """A payment ((card index, count), ...) as the engine's: card kinds sorted alphabetically."""
    G = graph()
    return tuple(sorted(G.cards[i] for i, c in pay for _ in range(c)))


# -- the bot ---------------------------------------------------------------------------
class NormalBot(Bot):
    level = "normal"
    node_limit = NODE_LIMIT              # tour search nodes per plan or move decision
    draw_node_limit = DRAW_NODE_LIMIT    # per counter kind valued in the draw

    def __init__(self, seat: int, seed=0) -> None:
        super().__init__(seat, seed)
        self._placed: tuple[int, set] = (0, set())   # (round, roads it put a counter on this round)

    def choose(self, view: dict, legal: list[Action]) -> Action:
        legal = [tuple(a) for a in legal]
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase == "draw":
            return self._draw(view, legal)
        if phase == "plan":
            return self._plan(view, legal)
        if phase == "move":
            return self._move(view, legal)
        if phase == "finish":
            return self._finish(view, legal)
        return legal[0]

    # -- what it holds -------------------------------------------------------------------
    def _hand(self, view: dict) -> tuple:
        G = graph()
        counts = [0] * 7
        for c in view["hand"]:
            counts[G.card_index[c]] += 1
        return tuple(counts)

    def _counters(self, view: dict) -> tuple:
        G = graph()
        counts = [0] * 6
        for c in list(view["players"][self.seat]["counters"]) + list(view["secret_counters"]):
            counts[G.counter_index[c]] += 1
        return tuple(counts)

    def _pick(self, scored: list[tuple[float, Action]]) -> Action:
        top = max(s for s, _ in scored)
        best = [a for s, a in scored if s >= top - 1e-9]
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]

    def _region(self, view: dict) -> tuple:
        me = view["players"][self.seat]
        G = graph()
        left = frozenset(t for t in G.marker_towns if t not in me["visited"])
        return region(me["boot"], left)

    def _kind_fit(self, view: dict, kind: str, hand: tuple) -> float:
        """How well a counter of `kind` serves the roads around its unvisited towns, given its cards."""
        G = graph()
        ki = G.counter_index[kind]
        s = 0.0
        for r, w in self._region(view):
            if r not in G.land:
                continue
            need = G.cost[ki][G.route_kind[r]]
            if need is None:
                continue
            s += w * (1.0 if hand[ki] >= need else 0.4) / need
        return s

    # -- draw ------------------------------------------------------------------------------
    def _draw(self, view: dict, legal: list[Action]) -> Action:
        return self._pick(self.draw_scores(view, legal))

    def draw_scores(self, view: dict, legal: list[Action], value: Optional[dict] = None) -> list[tuple[float, Action]]:
        """Each draw's worth: the best tour with one more counter of its kind (the pile: the
        average over the kinds not in sight). `value`: the kinds' worth (kind_values), if known."""
        if value is None:
            value = self.kind_values(view)
        unseen = unseen_counters(view)  # the pile: what is left of each kind
        total = sum(unseen.values())
        scored = []
        for a in legal:
            if a[0] == "take":
                scored.append((value[view["face_up"][a[1]]] + 0.01, a))  # a known counter beats an equal gamble
            elif total:
                scored.append((sum(value[k] * n for k, n in unseen.items()) / total, a))
            else:
                scored.append((min(value.values()), a))
        return scored

    def kind_values(self, view: dict) -> dict:
        """Each counter kind's worth to draw: the best tour with one more of it, and its fit."""
        G = graph()
        P = Planner(view, self.seat, self.draw_node_limit)
        hand = self._hand(view)
        counters = self._counters(view)
        boot = view["players"][self.seat]["boot"]
        value = {}
        for k, kind in enumerate(G.counters):
            c2 = counters[:k] + (counters[k] + 1,) + counters[k + 1:]
            value[kind] = P.search(boot, hand, c2)[0] + self._kind_fit(view, kind, hand)
        return value

    # -- plan ------------------------------------------------------------------------------
    def _plan(self, view: dict, legal: list[Action]) -> Action:
        G = graph()
        P = Planner(view, self.seat, self.node_limit)
        hand = self._hand(view)
        counters = self._counters(view)
        boot = view["players"][self.seat]["boot"]
        score, steps = P.search(boot, hand, counters)
        legal_set = set(legal)
        if self._placed[0] != view["round"]:
            self._placed = (view["round"], set())
        wanted = [("place", route, G.counters[k]) for route, _to, _pay, k in steps if k is not None]
        wanted = [a for a in wanted if a in legal_set]
        if wanted and not self._rides(view, P, boot, hand, score):
            self._placed[1].add(wanted[0][1])
            return wanted[0]
        mine = {route for route, *_ in steps}
        obstacles = [a for a in legal if a[0] == "obstacle"]
        if obstacles:
            a = self._obstacle(view, obstacles, mine, P.last)
            if a is not None:
                return a
        if not wanted:
            a = self._block(view, legal, mine, counters)
            if a is not None:
                self._placed[1].add(a[1])
                return a
        return ("pass",) if ("pass",) in legal_set else legal[0]

    def _rides(self, view: dict, P: "Planner", boot: str, hand: tuple, score: float) -> bool:
        """Whether to pass instead of placing: the counters already on the board carry a tour nearly
        as good (riding them keeps its own counters, and its route, hidden), and its pass does not
        close the phase."""
        if view["passes_in_a_row"] >= view["n_players"] - 1:
            return False  # everyone else has passed: a pass now ends the planning
        ride, _ = P.search(boot, hand)
        return ride >= score - RIDE_MARGIN

    def leaders(self, view: dict) -> list[int]:
        """The opponents with the most town markers (the ones to hold back)."""
        others = [p for p in view["players"] if p["seat"] != self.seat]
        top = max(p["markers"] for p in others)
        return [p["seat"] for p in others if p["markers"] == top]

    def _block(self, view: dict, legal: list[Action], mine: set, counters: tuple) -> Optional[Action]:
        """A spare counter (its tour needs none) on a road the leader needs, of the kind that makes
        that road dearest for the leader (most cards on its terrain), never on its own tour. Only
        with two or more spare counters, so one is left to keep for the next round."""
        if sum(counters) < 2:
            return None
        G = graph()
        lead = set(self.leaders(view))
        scored = []
        for a in legal:
            if a[0] != "place" or a[1] in mine:
                continue
            t = self.threat(view, a[1], only=lead)
            if t < BLOCK_THREAT:
                continue
            need = G.cost[G.counter_index[a[2]]][G.route_kind[a[1]]]
            scored.append((t * need, a))
        return self._pick(scored) if scored else None

    def threat(self, view: dict, route: int, only: Optional[set] = None) -> float:
        """How much an obstacle on `route` hurts the opponents (weighted by their standing; the
        leaders count double), or only the seats in `only`."""
        G = graph()
        d = G.dist
        a, b = G.route_ends[route]
        mine = view["players"][self.seat]["markers"]
        lead = set(self.leaders(view))
        total = 0.0
        for p in view["players"]:
            if p["seat"] == self.seat or (only is not None and p["seat"] not in only):
                continue
            boot = p["boot"]
            visited = set(p["visited"])
            t = 0.0
            if boot in (a, b):
                t += 1.0
                other = b if boot == a else a
                if other in G.marker_set and other not in visited:
                    t += 1.0
            for u in G.marker_towns:
                if u in visited:
                    continue
                du = d[boot][u]
                if du == 0 or du > 4:
                    continue
                if d[boot][a] + 1 + d[b][u] == du or d[boot][b] + 1 + d[a][u] == du:
                    t += 1.0 / du
            weight = 1.0 + 0.1 * max(-5, min(5, p["markers"] - mine))
            total += t * weight * (LEADER if p["seat"] in lead else 1.0)
        return total

    def _obstacle(self, view: dict, obstacles: list[Action], mine: set, last: bool) -> Optional[Action]:
        """The road to block: the largest threat off its own tour; before the last round only a
        road an opponent put a counter on (a sign of its route) with a large threat."""
        theirs = {a[1] for a in obstacles} - self._placed[1]
        scored = []
        for a in obstacles:
            if a[1] in mine:
                continue
            t = self.threat(view, a[1])
            if a[1] in theirs:
                t += OBSTACLE_THEIRS
            elif not last:
                continue
            scored.append((t, a))
        if not scored:
            return None
        top = max(s for s, _ in scored)
        if top <= 0 or (not last and top < OBSTACLE_EARLY):
            return None
        return self._pick(scored)

    # -- move ------------------------------------------------------------------------------
    def _move(self, view: dict, legal: list[Action]) -> Action:
        P = Planner(view, self.seat, self.node_limit)
        hand = self._hand(view)
        boot = view["players"][self.seat]["boot"]
        _score, steps = P.search(boot, hand)
        end = ("end_move",)
        if not steps:
            return end if end in legal else legal[-1]
        route, to, pay, _k = steps[0]
        a = ("move", route, pay_tuple(pay))
        if a in legal:
            return a
        # the search's caravan is not offered as such: the legal payment on that road that leaves the best tour
        options = [x for x in legal if x[0] == "move" and x[1] == route]
        if not options:
            return end if end in legal else legal[-1]
        G = graph()
        scored = []
        for x in options:
            h2 = list(hand)
            for c in x[2]:
                h2[G.card_index[c]] -= 1
            gained = frozenset([to]) if to in P.left else frozenset()
            s, _ = P.search(to, tuple(h2))
            scored.append((s + MARKER * len(gained), x))
        return self._pick(scored)

    # -- finish ----------------------------------------------------------------------------
    def _finish(self, view: dict, legal: list[Action]) -> Action:
        keeps = [a for a in legal if a[0] in ("keep", "keep_none")]
        hand = self._hand(view)
        if keeps:
            scored = []
            for a in keeps:
                if a[0] == "keep_none":
                    scored.append((-1.0, a))
                else:
                    scored.append((self._kind_fit(view, a[1], hand) + (0.01 if a[2] == "secret" else 0.0), a))
            return self._pick(scored)
        discards = [a for a in legal if a[0] == "discard"]
        if not discards:
            return legal[0]
        G = graph()
        kept = list(view["players"][self.seat]["counters"]) + list(view["secret_counters"])
        reg = self._region(view)
        scored = []
        for a in discards:
            kind = a[1]
            use = sum(w * fit(kind, r) for r, w in reg) + 0.2
            if kind in kept:
                use += 2.0
            copies = hand[G.card_index[kind]]
            scored.append((-use / copies, a))  # the last copy of the least useful kind goes
        return self._pick(scored)



class PenniesWatcher:
    """Follows a Matching Pennies game: a seat sees its own pick, never the other's before both are in."""

    def __init__(self, state):
        self.observe(state.setup_events)

    def observe(self, events):
        for e in events:
            if e["type"] == "my_pick":
                assert e["seats"] == [e["seat"]]
            else:
                assert e["seats"] is None and "pick" not in e

    def check(self, state, seat):
        v = state.view(seat)
        assert v["my_pick"] == (state.picks.get(seat) if seat is not None else None)
        self.check_blind(state, seat, v)

    def check_blind(self, state, seat, v):
        """Changing the other seat's pick must not change this seat's view."""
        saved = dict(state.picks)
        try:
            state.picks = {s: ("tails" if p == "heads" else "heads") if s != seat else p for s, p in saved.items()}
            assert state.view(seat) == v, f"seat {seat}'s view depends on the other's pick"
        finally:
            state.picks = saved



"""How the European Union table runs a bill's discussion: a bot in the chair listens to the people
at the table (each says "ready to vote", or the countdown ends it), and several people at one
screen watch it together on the public view, each looking at their own view only on asking,
behind their own hand-off screen (Match.look_in_watched_moment), where alone they say they are ready or, in the
chair, call the vote. A part of EuropeanUnionTableScene (its countdown, ready set and match)."""
from __future__ import annotations


class DiscussionSteps:
    # -- a bot in the chair listens ------------------------------------------------------------
    def bot_chair_listens(self) -> bool:
        """A bill is discussed, a bot chairs and people sit at the table: the bot gives them the
        discussion the rules give (up to the countdown) and calls the vote once all are ready."""
        v = self.view
        return v.get("phase") == "discuss" and not v.get("giving") and v["chair"] in self.match.bots \
            and bool(self.match.people_listened_to()) and self.coach is None   # a guided game's coach gives the talk

    @property
    def ready(self) -> frozenset[int]:
        """The people who said "ready to vote" on this bill, at this screen or (a hosted table)
        at their own: the match keeps them, so that every screen and the host's bots agree."""
        return self.match.ready_for(self.countdown_key)

    def bot_chair_waits(self) -> bool:
        return self.bot_chair_listens() and self.countdown > 0 and \
            not set(self.match.people_listened_to()) <= self.ready

    def say_ready(self, seat: int) -> None:
        """A person at the table is ready to vote on this bill: the only person at the screen, or,
        where the table watches together, a person in their own view (no one can say it for them on
        the shared screen); they go back to the table."""
        if seat not in self.match.humans or not self.bot_chair_listens():
            return
        if len(self.match.humans) > 1 and seat != self.viewer:
            return
        self.match.say_ready_for(seat, self.countdown_key)   # at a remote seat: sent to the host
        self.bot_clock = 0.0   # the bot takes its usual moment, from now
        if self.match.looking_in_watched_moment == seat:
            self.back_to_watched_moment()
        else:
            self.rebuild()

    # -- a discussion the whole table watches ----------------------------------------------------
    def watched_together(self) -> bool:
        """The public view of a discussion at a screen shared by several people (Match.watched_together)."""
        return self.match.watched_together() and self.viewer is None

    def look_in_watched_moment(self, seat: int) -> None:
        """A person asks for their own view of the discussion: behind their own hand-off screen."""
        if self.watched_together():
            self.match.look_in_watched_moment(seat)
            self.refresh()
            self.check_flow()

    def back_to_watched_moment(self) -> None:
        """The person looking puts their own view away: the public view again, for everyone."""
        if self.match.looking_in_watched_moment is not None:
            self.match.back_to_watched_moment()
            self.refresh()

    def time_up(self) -> None:
        """The discussion's three minutes are over: the vote is called for the chair, a person (a
        bot chair calls it itself), whoever's view is on the screen."""
        chair = self.view["chair"]
        if self.view.get("giving"):
            return   # a gift is being made: the vote is called once it is
        if self.can_act():
            self.act(("call_vote",))
        elif chair not in self.match.bots and self.match.watched_together():
            self.act_for(chair, ("call_vote",))

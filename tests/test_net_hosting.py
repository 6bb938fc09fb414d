"""Hosting a table around a Match (game/net/hosting.py): the private table file beside its save, a
seat kept for a name, a computer standing in for an away person until they come back."""
from __future__ import annotations

import json
import stat

import pytest

from game.core.match import Match, Seat
from game.core.thinking import Thought
from game.net import keep_path
from game.net.certs import make_certificate
from game.net.hosting import Hosting, read_kept
from game.net.protocol import ProtocolError
from game.net.table import BOT, LOCAL, REMOTE
from game.registry import GAMES

XUANWU = GAMES["xuanwu_gate"]


def hosted(tmp_path=None, roles=(LOCAL, REMOTE, BOT), named=None) -> Hosting:
    seats = [Seat("Ann"), Seat("Amy"), Seat("Bot", "easy")]
    match = Match.new(XUANWU, seats, seed=3, autosave_path=tmp_path / "game.json" if tmp_path else None)
    return Hosting(match, list(roles), listen="127.0.0.1", port=0, announce=False, named=named)


def test_the_table_file_is_private_and_opens_the_same_table_with_its_seats(tmp_path):
    first = hosted(tmp_path)
    first.open()
    try:
        seat, token = first.table.join(first.code.secret, None, "Amy")
        first.keep()
    finally:
        first.close()
    path = keep_path(first.match.autosave_path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    kept = read_kept(path, 3)
    assert kept is not None and kept.tokens[seat] == token and kept.roles == [LOCAL, REMOTE, BOT]
    again = Hosting(Match.load(GAMES, first.match.autosave_path, autosave_path=first.match.autosave_path),
                    [LOCAL, LOCAL, BOT], listen="127.0.0.1", port=0, announce=False, kept=kept)
    assert str(again.code) == str(first.code)                  # the clients' pins still hold
    assert [h.role for h in again.table.holds] == [LOCAL, REMOTE, BOT]   # the kept roles win
    again.table.resume(seat, token)                            # Amy comes back with her token
    assert again.table.started and again.match.eyes_here == frozenset({0})


def test_a_damaged_table_file_is_ignored(tmp_path):
    path = tmp_path / "game.table"
    path.write_text('{"cert": "not a certificate"}', encoding="utf-8")
    assert read_kept(path, 3) is None
    assert read_kept(tmp_path / "none.table", 3) is None


def test_a_table_file_whose_key_is_not_its_certificates_is_ignored(tmp_path):
    first = hosted(tmp_path)
    first.open()
    try:
        first.keep()
    finally:
        first.close()
    path = keep_path(first.match.autosave_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["key"] = make_certificate().key_pem.decode("ascii")   # a well-formed key, but another table's
    path.write_text(json.dumps(data), encoding="utf-8")
    assert read_kept(path, 3) is None


def test_a_seat_named_for_someone_goes_to_them_and_otherwise_last():
    h = hosted(roles=(REMOTE, REMOTE, BOT), named=["Amy", None, None])
    assert h.table.join(h.code.secret, None, "Ben")[0] == 1     # the seat kept for Amy is not Ben's
    assert h.table.join(h.code.secret, None, "amy")[0] == 0     # ...it is hers (case does not matter)
    with pytest.raises(ProtocolError):
        h.table.join(h.code.secret, None, "Cleo")


def test_a_computer_may_stand_in_only_for_an_away_person_and_leaves_when_they_return():
    h = hosted()
    seat, token = h.table.join(h.code.secret, 1, "Amy")
    with pytest.raises(ValueError):
        h.table.stand_in_for(seat, "easy")                      # she is here
    h.table.dropped(seat)
    h.table.stand_in_for(seat, "easy")
    assert seat in h.match.bots and h.table.status(0)[seat]["stand_in"] == "easy"
    h.table.resume(seat, token)
    assert seat not in h.match.bots and h.table.holds[seat].stand_in is None


def test_a_thought_for_a_seat_given_back_to_its_person_never_lands():
    h = hosted()
    seat, token = h.table.join(h.code.secret, 1, "Amy")
    h.table.dropped(seat)
    h.table.stand_in_for(seat, "easy")
    while seat not in h.match.state.to_act():
        mover = h.match.state.to_act()[0]
        h.match.act(mover, h.match.state.legal_actions(mover)[0])
    thought = Thought(h.match, seat)
    thought.wait(10)
    h.table.resume(seat, token)
    assert thought.stale and thought.land() == []

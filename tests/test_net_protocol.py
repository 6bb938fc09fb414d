"""The parts of the network table that need no network: the table code, the check of a client's
messages, what a seat's feed sends, and the contract a RemoteMatch keeps with the scenes."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core.match import Match, Seat, visible
from game.net import protocol
from game.net.certs import make_certificate
from game.net.protocol import ProtocolError, decode_client
from game.net.remote_match import SCENE_CONTRACT, STATE_CONTRACT, RemoteMatch, RemoteState
from game.net.table import BOT, REMOTE, HostedTable, SeatFeed
from game.net.tablecode import BadCode, new_code, parse
from game.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]


# -- the table code ---------------------------------------------------------------------------------
def test_a_code_is_twelve_characters_in_three_groups_and_reads_back():
    code = new_code(make_certificate().fingerprint)
    text = str(code)
    assert len(text) == 14 and text[4] == text[9] == "-"
    assert parse(text) == code


def test_typing_a_code_forgives_case_spaces_dashes_and_look_alike_letters():
    code = parse("K7Q2-9XRM-4TB1")
    assert parse(" k7q2 9xrm 4tbl ") == code and parse("K7Q29XRM4TBI") == code
    assert parse("k7q2-9xrm-4to1").secret == "M4T01"


@pytest.mark.parametrize("text,says", [("K7Q2-9XRM", "12 letters"), ("K7Q2-9XRM-4TB1-X", "12 letters"),
                                       ("K7Q2-9XRM-4TU!", "only digits and letters"), ("", "12 letters")])
def test_a_mistyped_code_says_what_is_wrong(text, says):
    with pytest.raises(BadCode, match=says):
        parse(text)


def test_a_code_pins_its_own_certificate_and_no_other():
    cert, other = make_certificate(), make_certificate()
    code = new_code(cert.fingerprint)
    assert code.pins(cert.fingerprint)
    assert not code.pins(other.fingerprint)


def test_the_pin_is_35_bits_of_the_fingerprint_stretched_with_scrypt_as_docs_network_md_says():
    """The test vectors a client written elsewhere checks itself against (docs/network.md)."""
    import hashlib
    from game.net.tablecode import pin_of
    assert pin_of(bytes(32)) == "ZAE6RER" and pin_of(bytes(range(32))) == "G9E7ZT1"
    stretched = hashlib.scrypt(bytes(32), salt=b"sifang-table-pin-1", n=2 ** 14, r=8, p=1, dklen=5)
    bits = int.from_bytes(stretched, "big") >> 5
    assert pin_of(bytes(32)) == "".join("0123456789ABCDEFGHJKMNPQRSTVWXYZ"[(bits >> (5 * (6 - i))) & 31]
                                        for i in range(7))


def test_each_table_draws_its_own_join_secret():
    fp = make_certificate().fingerprint
    assert len({new_code(fp).secret for _ in range(20)}) > 15


# -- a client's message is checked before anything looks at it ----------------------------------------
@pytest.mark.parametrize("raw,code", [
    (b"\xff\xfe", "bad_json"),
    ("[" * 200_000, "bad_message"),               # over 64 KiB
    ("[" * 50_000, "too_deep"),                   # never reaches the parser's recursion
    ('{"v": 1, "type": "join", "secret": "A", "seat": true}', "bad_message"),
    ('{"v": 1, "type": "join", "secret": "A", "seat": 99}', "no_such_seat"),
    ('{"v": 1, "type": "resume", "seat": 0, "token": 5}', "bad_message"),
    ('{"v": 1, "type": "act", "action": [1], "at": "3"}', "bad_message"),
    ('{"v": "1", "type": "ping"}', "version"),
    ('{"v": 1, "type": "join", "secret": "' + "A" * 65 + '"}', "bad_message"),
])
def test_a_malformed_message_is_refused_with_its_code(raw, code):
    with pytest.raises(ProtocolError) as refused:
        decode_client(raw)
    assert refused.value.code == code and refused.value.code in protocol.ERRORS


def test_a_well_formed_message_passes_as_it_was_sent():
    msg = decode_client('{"v": 1, "type": "act", "action": ["vote", "yes"], "at": 4}')
    assert msg == {"v": 1, "type": "act", "action": ["vote", "yes"], "at": 4}


def test_the_hosts_messages_are_the_same_bytes_for_the_same_content():
    assert protocol.encode({"b": 1, "a": [1, {"d": 2, "c": 3}]}) == protocol.encode({"a": [1, {"c": 3, "d": 2}], "b": 1})


# -- a seat's feed -----------------------------------------------------------------------------------------
def _table(key="xuanwu_gate", kinds=(REMOTE, REMOTE, BOT), seed=3) -> HostedTable:
    spec = GAMES[key]
    seats = [Seat(f"P{i}", "human" if k == REMOTE else "easy") for i, k in enumerate(kinds)]
    match = Match.new(spec, seats, seed=seed)
    return HostedTable(match, list(kinds), new_code(make_certificate().fingerprint))


def test_a_feed_sends_only_the_events_its_seat_may_see_and_nothing_when_nothing_changed():
    table = _table()
    for h in table.holds:
        h.ready = True
    feed = SeatFeed(table, 0)
    first = feed.next_message()
    assert first["log"]["add"] == [e for e in table.match.events if visible(e, 0)]
    assert feed.next_message() is None
    match = table.match
    while not match.state.is_over() and len(match.events) < 40:
        seat = match.state.to_act()[0]
        match.act(seat, match.state.legal_actions(seat)[0])
        msg = feed.next_message()
        if msg is not None:
            assert all(visible(e, 0) for e in msg["log"]["add"])
    assert any(e.get("seats") not in (None, [0]) for e in match.events), "no private event of another seat"


def test_an_undo_keeps_the_log_before_the_events_it_takes_back():
    table = _table("elfenland", (REMOTE, REMOTE, REMOTE), seed=2)
    for h in table.holds:
        h.ready = True
    match = table.match
    feed = SeatFeed(table, 0)
    feed.next_message()
    for _ in range(200):   # find an action that can be taken back
        seat = match.state.to_act()[0]
        legal = match.state.legal_actions(seat)
        match.act(seat, legal[-1])
        feed.next_message()
        if match.can_undo(seat):
            break
    kept = [e for e in match.events if visible(e, 0)]
    match.undo(seat)
    msg = feed.next_message()
    now = [e for e in match.events if visible(e, 0)]
    assert msg is not None and msg["log"]["add"] == [] and msg["log"]["keep"] == len(now) <= len(kept)


def test_a_bot_thinking_shows_only_to_seats_whose_view_says_it_must_act():
    table = _table()
    table.thinking = 2
    status = table.status(0, to_act=[2])
    assert status[2]["thinking"] and not status[0]["thinking"]
    assert not table.status(0, to_act=[])[2]["thinking"]


def test_join_cleans_the_name_and_refuses_a_wrong_secret():
    table = _table()
    with pytest.raises(ProtocolError, match="code"):
        table.join("WRONG", None, "x")
    seat, token = table.join(table.code.secret.lower(), None, "Ann\x00\u202e\n")
    assert seat == 0 and len(token) >= 40 and table.match.seats[0].name == "Ann"


def test_only_a_remote_seat_is_handed_to_a_bot_and_only_to_a_level_the_game_has():
    table = _table()
    with pytest.raises(ValueError):
        table.give_to_bot(2, "easy")
    with pytest.raises(ValueError):
        table.give_to_bot(0, "genius")
    table.give_to_bot(0, "normal")
    assert table.match.seats[0].kind == "normal" and table.holds[0].role == BOT


# -- the contract with the scenes ----------------------------------------------------------------------------
def test_a_remote_match_offers_what_the_scenes_use_of_a_match_and_the_doc_lists_it():
    match = _table().match
    doc = (ROOT / "docs" / "network.md").read_text(encoding="utf-8")
    for name in SCENE_CONTRACT:
        assert hasattr(match, name), f"Match has no {name}: the contract is out of date"
        assert hasattr(RemoteMatch, name) or name in RemoteMatch.__init__.__code__.co_names, name
        assert f"`{name}`" in doc, f"docs/network.md does not list {name}"
    for name in STATE_CONTRACT:
        assert hasattr(RemoteState, name) or name in RemoteState.__init__.__code__.co_names, name
        assert f"`state.{name}`" in doc, f"docs/network.md does not list state.{name}"

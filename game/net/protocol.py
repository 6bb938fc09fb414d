"""The table's messages: versioned JSON text frames over a WebSocket (docs/network.md is the contract).

Every message is one JSON object with "v" (the protocol version) and "type". A client's message is
checked here before anything else looks at it: its size, its nesting, its fields and their types. A
message that fails gets an error with one of ERRORS' codes and changes nothing.

The host's messages are written with sorted keys and no spaces, so the same content is the same
bytes (the differential secrecy test compares them).
"""
from __future__ import annotations

import json
from typing import Any, Optional

VERSION = 1

# Bounds on what a client may send (a host's own messages may be larger: a whole log on resuming).
MAX_CLIENT_MESSAGE = 64 * 1024     # bytes of one frame; a larger one closes the connection (1009)
MAX_HOST_MESSAGE = 16 * 1024 * 1024
MAX_DEPTH = 12                     # nesting of a client's message (an action is nested 2-3 deep)
MAX_NAME = 40                      # characters of a person's name as sent (cleaned further on the host)

# Client -> host.
HELLO_TYPES = ("join", "resume", "look")
INTENT_TYPES = ("act", "undo", "ready", "done_talking", "ping", "hint")

# Host -> client.
WELCOME, STATE, ERROR, BYE, PONG, SEATS = "welcome", "state", "error", "bye", "pong", "seats"

# Error codes: what a client may be told, each with what it means (docs/network.md lists them).
ERRORS = {
    "bad_json": "the message is not a JSON object",
    "too_deep": "the message is nested too deeply",
    "bad_message": "a field is missing or of the wrong type",
    "unknown_type": "no message of that type",
    "version": "this host speaks another protocol version",
    "hello_first": "the first message must be join, resume or look",
    "already_joined": "this connection already holds a seat",
    "bad_code": "the table code is wrong",
    "bad_token": "the seat's token is wrong",
    "no_such_seat": "there is no such seat",
    "seat_taken": "that seat is not free for a remote person",
    "no_free_seat": "no seat is free",
    "seat_in_use": "the seat is held by another connection",
    "not_your_turn": "the seat is not to act now",
    "stale": "the table moved on since the state this intent answers",
    "illegal": "that action is not legal now",
    "not_allowed": "this seat may not make that table action",
    "no_hints": "this table was set up without hints",
    "cannot_undo": "nothing of this seat's to undo",
    "game_over": "the game is over",
    "rate_limited": "too many messages: slow down",
    "table_full": "the host takes no more connections",
    "too_many_tries": "too many wrong codes from here: wait a minute",
    "save_failed": "the host could not save the move: it was not made",
}


class ProtocolError(Exception):
    """A client's message the host refuses: `code` is one of ERRORS."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(detail or ERRORS.get(code, code))
        self.code = code
        self.detail = detail or ERRORS.get(code, code)


def encode(message: dict) -> str:
    """A host's (or client's) message as the text sent: deterministic, compact, ASCII-safe JSON."""
    return json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def message(kind: str, **fields: Any) -> dict:
    return {"v": VERSION, "type": kind, **fields}


def error(code: str, about: Optional[str] = None, detail: str = "") -> dict:
    return message(ERROR, code=code, message=detail or ERRORS[code], about=about)


def _depth(value: Any, limit: int) -> int:
    """How deeply `value` nests, counting no further than limit + 1 (no recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, d = stack.pop()
        if d > deepest:
            deepest = d
            if d > limit:
                return d
        if isinstance(item, dict):
            stack.extend((v, d + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, d + 1) for v in item)
    return deepest


def _brackets(text: str) -> int:
    return text.count("[") + text.count("{")


def _nesting_before_parsing(text: str, limit: int) -> bool:
    """Does the raw text open more than `limit` brackets at once? Counted on the characters, so that
    a frame of 60,000 '[' never reaches the parser's recursion."""
    if _brackets(text) <= limit:   # the common case, at C speed: too few brackets to nest too deeply
        return False
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def decode_client(raw: Any) -> dict:
    """A client's frame as a checked message; ProtocolError (nothing else) for anything wrong."""
    if isinstance(raw, (bytes, bytearray, memoryview)):
        try:
            raw = bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("bad_json", "the frame is not UTF-8 text") from None
    if not isinstance(raw, str):
        raise ProtocolError("bad_json")
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_CLIENT_MESSAGE:
        raise ProtocolError("bad_message", "the message is too long")
    if _nesting_before_parsing(raw, MAX_DEPTH):
        raise ProtocolError("too_deep")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_json")
    if _depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise ProtocolError("too_deep")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", "'type' must be a string")
    if data.get("v") != VERSION:
        raise ProtocolError("version", f"this host speaks version {VERSION}")
    check = _CHECKS.get(kind)
    if check is None:
        raise ProtocolError("unknown_type", f"no message of type {kind[:40]!r}")
    check(data)
    return data


# -- the fields of each client message ------------------------------------------------------------
def _want(data: dict, key: str, kinds: tuple, optional: bool = False) -> None:
    if key not in data:
        if optional:
            return
        raise ProtocolError("bad_message", f"{data['type']}: '{key}' is missing")
    value = data[key]
    if type(value) is bool and bool not in kinds:  # JSON's true is no seat number
        raise ProtocolError("bad_message", f"{data['type']}: '{key}' has the wrong type")
    if not isinstance(value, kinds):
        raise ProtocolError("bad_message", f"{data['type']}: '{key}' has the wrong type")


def _seat_field(data: dict, key: str = "seat") -> None:
    _want(data, key, (int, type(None)), optional=True)
    value = data.get(key)
    if isinstance(value, int) and not 0 <= value < 64:
        raise ProtocolError("no_such_seat")


def _check_join(data: dict) -> None:
    _want(data, "secret", (str,))
    _want(data, "name", (str, type(None)), optional=True)
    _seat_field(data)
    if len(data["secret"]) > 64 or len(data.get("name") or "") > MAX_NAME:
        raise ProtocolError("bad_message", "join: a field is too long")


def _check_look(data: dict) -> None:
    _want(data, "secret", (str,))
    if len(data["secret"]) > 64:
        raise ProtocolError("bad_message", "look: the secret is too long")


def _check_resume(data: dict) -> None:
    _want(data, "token", (str,))
    _want(data, "seat", (int,))
    _seat_field(data)
    if len(data["token"]) > 128:
        raise ProtocolError("bad_message", "resume: the token is too long")


def _check_act(data: dict) -> None:
    _want(data, "action", (list,))
    _want(data, "at", (int,))
    _want(data, "table", (bool,), optional=True)


def _check_undo(data: dict) -> None:
    _want(data, "at", (int,))


def _check_done_talking(data: dict) -> None:
    _want(data, "moment", (list,))
    if len(data["moment"]) > 8 or any(not isinstance(k, (str, int)) or isinstance(k, bool) or
                                      isinstance(k, str) and len(k) > 64 for k in data["moment"]):
        raise ProtocolError("bad_message", "done_talking: the moment is a short list of short keys")


_CHECKS = {
    "join": _check_join,
    "resume": _check_resume,
    "look": _check_look,
    "act": _check_act,
    "undo": _check_undo,
    "ready": lambda data: None,
    "done_talking": _check_done_talking,
    "ping": lambda data: None,
    "hint": lambda data: None,
}


def json_object(raw: Any) -> Optional[dict]:
    """A host's frame as a dict (a client reads what its host sends), None if it is not one."""
    try:
        data = json.loads(raw)
    except (ValueError, TypeError, RecursionError):
        return None
    return data if isinstance(data, dict) else None

"""The table code a person types to join, e.g. ``K7Q2-9XRM-4TB1``: it pins the host and lets them in.

Twelve characters of Crockford's base32 (no I, L, O or U; typing them is forgiven: O is 0, I and L
are 1; case, spaces and dashes do not matter), 60 bits:

- the first 7 characters are the host's TLS certificate's pin: 35 bits of its SHA-256 fingerprint
  stretched with scrypt (`pin_of`). The client checks the certificate it is shown against them
  before it sends anything (pinning), so a machine that is not the host cannot pass for it;
- the last 5 characters are a 25-bit join secret drawn by the host (`secrets`): sent to the host
  inside TLS, it lets a person take a seat; a machine that merely reaches the port cannot.

docs/network.md says what this protects against and what it does not.
"""
from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Optional

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
PIN_CHARS, SECRET_CHARS = 7, 5
LENGTH = PIN_CHARS + SECRET_CHARS
_FORGIVEN = {"O": "0", "I": "1", "L": "1"}

# The pin is stretched (scrypt, RFC 7914, as OpenSSL makes it for hashlib): someone who knows the
# code and wants to pass for the host must find a certificate of their own with the same 35 bits.
# Of the bare fingerprint that is 2^35 SHA-256 hashes, seconds on a graphics card; of the stretched
# one each try costs an scrypt of 16 MiB (tens of milliseconds on a processor core), months of a
# graphics card. The host pays it once per table, a client once per host it meets.
PIN_SALT = b"sifang-table-pin-1"
PIN_COST = {"n": 2 ** 14, "r": 8, "p": 1}


class BadCode(ValueError):
    """Text that is not a table code (the message says why, for the person who typed it)."""


@dataclass(frozen=True)
class TableCode:
    pin: str     # 7 characters: 35 bits of the certificate's fingerprint, stretched (pin_of)
    secret: str  # 5 characters: the join secret

    def __str__(self) -> str:
        text = self.pin + self.secret
        return "-".join(text[i:i + 4] for i in range(0, LENGTH, 4))

    def pins(self, fingerprint: bytes) -> bool:
        """Is this the certificate the code was made for? (SHA-256 digest of its DER bytes)"""
        return hmac.compare_digest(pin_of(fingerprint), self.pin)


def fingerprint(der: bytes) -> bytes:
    """The SHA-256 fingerprint of a certificate (its DER bytes)."""
    return hashlib.sha256(der).digest()


def _base32(value: int, chars: int) -> str:
    return "".join(ALPHABET[(value >> (5 * (chars - 1 - i))) & 31] for i in range(chars))


@functools.lru_cache(maxsize=64)
def pin_of(fp: bytes) -> str:
    """The code's first 7 characters for a certificate's fingerprint: the first 35 bits of its
    scrypt (PIN_COST): slow to compute on purpose, and only once per certificate here."""
    stretched = hashlib.scrypt(fp, salt=PIN_SALT, maxmem=64 * 1024 * 1024, dklen=5, **PIN_COST)
    return _base32(int.from_bytes(stretched, "big") >> 5, PIN_CHARS)


def new_code(fp: bytes, secret: Optional[str] = None) -> TableCode:
    """A code for the host whose certificate has this fingerprint, with a fresh join secret."""
    if secret is None:
        secret = _base32(secrets.randbits(5 * SECRET_CHARS), SECRET_CHARS)
    return TableCode(pin_of(fp), secret)


def parse(text: str) -> TableCode:
    """The code a person typed; BadCode says what is wrong with it."""
    if not isinstance(text, str):
        raise BadCode("a table code is text")
    cleaned = "".join(_FORGIVEN.get(ch, ch) for ch in text.upper() if ch not in " -_\t")
    wrong = sorted({ch for ch in cleaned if ch not in ALPHABET})
    if wrong:
        raise BadCode(f"a table code has only digits and letters (not {''.join(wrong)[:8]!r})")
    if len(cleaned) != LENGTH:
        raise BadCode(f"a table code has {LENGTH} letters and digits, not {len(cleaned)}")
    return TableCode(cleaned[:PIN_CHARS], cleaned[PIN_CHARS:])


def same_secret(given: str, secret: str) -> bool:
    """Does a join's secret match the table's? In constant time, forgiving case and O/I/L."""
    cleaned = "".join(_FORGIVEN.get(ch, ch) for ch in given.upper())
    return hmac.compare_digest(cleaned.encode("utf-8", "replace"), secret.encode("ascii"))

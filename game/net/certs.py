"""The host's self-signed TLS certificate, made fresh for each table, and both sides' TLS contexts.

Nothing here is home-made cryptography. The key and the signature come from `ecdsa` (python-ecdsa,
a maintained pure-Python ECDSA package): an ECDSA P-256 key drawn from `os.urandom`, and one
deterministic signature (RFC 6979, SHA-256) over the certificate. The certificate around them is
plain DER encoding (RFC 5280's fields, written with `ecdsa.der`'s encoders): no arithmetic of ours.
The connection is the standard library's `ssl` (TLS 1.2 or 1.3, OpenSSL), which checks the
certificate and its key when it loads them. The client does not check the certificate against any
authority (there is none on a home network): it pins it, comparing its SHA-256 fingerprint with the
table code (tablecode.py).

python-ecdsa is not hardened against timing side channels; it makes one key and one signature when
a table opens, on the host's own computer, and OpenSSL does every handshake's cryptography.
"""
from __future__ import annotations

import datetime
import hashlib
import os
import secrets
import ssl
import tempfile
from dataclasses import dataclass

from ecdsa import NIST256p, SigningKey, der
from ecdsa.util import sigencode_der

from .tablecode import fingerprint

VALID_DAYS = 7  # a table's certificate is made when the table opens; a week covers a long evening
COMMON_NAME = "Sifang Table host"
ECDSA_WITH_SHA256 = (1, 2, 840, 10045, 4, 3, 2)   # RFC 5758: its AlgorithmIdentifier has no parameters
COMMON_NAME_OID = (2, 5, 4, 3)
# DER's universal tags that ecdsa.der has no encoder of its own for
SET, UTF8_STRING, UTC_TIME, GENERALIZED_TIME = 0x31, 0x0C, 0x17, 0x18


@dataclass(frozen=True)
class HostCertificate:
    cert_pem: bytes
    key_pem: bytes
    der: bytes

    @property
    def fingerprint(self) -> bytes:
        return fingerprint(self.der)


def _tlv(tag: int, value: bytes) -> bytes:
    return bytes([tag]) + der.encode_length(len(value)) + value


def _name(common_name: str) -> bytes:
    """An X.501 Name of one attribute, the common name (UTF8String, as RFC 5280 asks of new ones)."""
    attribute = der.encode_sequence(der.encode_oid(*COMMON_NAME_OID), _tlv(UTF8_STRING, common_name.encode("utf-8")))
    return der.encode_sequence(_tlv(SET, attribute))


def _time(when: datetime.datetime) -> bytes:
    """RFC 5280, 4.1.2.5: UTCTime up to 2049, GeneralizedTime from 2050 on; in UTC, to the second."""
    when = when.astimezone(datetime.timezone.utc)
    if when.year < 2050:
        return _tlv(UTC_TIME, when.strftime("%y%m%d%H%M%SZ").encode("ascii"))
    return _tlv(GENERALIZED_TIME, when.strftime("%Y%m%d%H%M%SZ").encode("ascii"))


def make_certificate() -> HostCertificate:
    """A new key and a certificate for it, signed by itself (X.509 version 3, ecdsa-with-SHA256)."""
    key = SigningKey.generate(curve=NIST256p)                    # the secret from os.urandom
    name = _name(COMMON_NAME)
    now = datetime.datetime.now(datetime.timezone.utc)
    algorithm = der.encode_sequence(der.encode_oid(*ECDSA_WITH_SHA256))
    tbs = der.encode_sequence(
        der.encode_constructed(0, der.encode_integer(2)),        # version 3
        der.encode_integer(secrets.randbits(159) | 1),           # serial: positive, at most 20 octets
        algorithm,
        name,                                                    # issuer: itself
        der.encode_sequence(_time(now - datetime.timedelta(minutes=5)),
                            _time(now + datetime.timedelta(days=VALID_DAYS))),
        name,                                                    # subject
        key.get_verifying_key().to_der())                        # SubjectPublicKeyInfo
    signature = key.sign_deterministic(tbs, hashfunc=hashlib.sha256, sigencode=sigencode_der)
    cert_der = der.encode_sequence(tbs, algorithm, der.encode_bitstring(signature, unused=0))
    return HostCertificate(
        cert_pem=ssl.DER_cert_to_PEM_cert(cert_der).encode("ascii"),
        key_pem=key.to_pem(format="pkcs8"),
        der=cert_der)


def server_context(cert: HostCertificate) -> ssl.SSLContext:
    """The host's TLS context. `ssl` loads a certificate only from files: they are written to a
    private temporary folder and removed at once."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    # No TLS 1.3 session tickets: nobody resumes a session with a one-evening certificate, and a
    # ticket sent after the handshake, crossing the client's first bytes, now and then held those
    # bytes in asyncio's TLS layer until the handshake's time ran out.
    ctx.num_tickets = 0
    with tempfile.TemporaryDirectory(prefix="sifang-tls-") as folder:
        cert_path, key_path = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
        for path, data in ((cert_path, cert.cert_pem), (key_path, cert.key_pem)):
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
        ctx.load_cert_chain(cert_path, key_path)
    return ctx


def client_context() -> ssl.SSLContext:
    """The client's TLS context: encryption without an authority's check, because the client pins
    the certificate by its fingerprint itself (client.py) before it sends a byte of its own."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx

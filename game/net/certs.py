"""The host's self-signed TLS certificate, made fresh for each table, and both sides' TLS contexts.

Nothing here is home-made cryptography: the key and certificate come from `cryptography` (an ECDSA
P-256 key, a certificate signed with it), the connection is the standard library's `ssl` (TLS 1.2
or 1.3). The client does not check the certificate against any authority (there is none on a home
network): it pins it, comparing its SHA-256 fingerprint with the table code (tablecode.py).
"""
from __future__ import annotations

import datetime
import os
import ssl
import tempfile
from dataclasses import dataclass

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from .tablecode import fingerprint

VALID_DAYS = 7  # a table's certificate is made when the table opens; a week covers a long evening


@dataclass(frozen=True)
class HostCertificate:
    cert_pem: bytes
    key_pem: bytes
    der: bytes

    @property
    def fingerprint(self) -> bytes:
        return fingerprint(self.der)


def make_certificate() -> HostCertificate:
    """A new key and a certificate for it, signed by itself."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Sifang Table host")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder()
            .subject_name(name).issuer_name(name)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
            .sign(key, hashes.SHA256()))
    return HostCertificate(
        cert_pem=cert.public_bytes(serialization.Encoding.PEM),
        key_pem=key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                  serialization.NoEncryption()),
        der=cert.public_bytes(serialization.Encoding.DER))


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

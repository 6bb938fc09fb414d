"""The host's self-signed certificate (game/net/certs.py): what OpenSSL, through the standard library's
`ssl`, makes of it. The client pins it by fingerprint and checks no signature, but the certificate
must still be one that any TLS library reads and verifies as written."""
from __future__ import annotations

import datetime
import ssl

import pytest

from game.net.certs import VALID_DAYS, HostCertificate, client_context, make_certificate, server_context


def handshake(cert: HostCertificate, client: ssl.SSLContext) -> ssl.SSLObject:
    """A TLS handshake in memory between the host's context for `cert` and `client`; the client's side."""
    to_host, to_guest = ssl.MemoryBIO(), ssl.MemoryBIO()
    host = server_context(cert).wrap_bio(to_host, to_guest, server_side=True)
    guest = client.wrap_bio(to_guest, to_host, server_side=False)
    done: set = set()
    for _ in range(10):
        for side in (guest, host):
            if side not in done:
                try:
                    side.do_handshake()
                    done.add(side)
                except ssl.SSLWantReadError:
                    pass
        if len(done) == 2:
            return guest
    raise AssertionError(f"the handshake did not finish ({len(done)} sides done)")


# OpenSSL's X509_V_FLAG_CHECK_SS_SIGNATURE (x509_vfy.h): without it a trusted self-signed certificate's
# own signature is never checked, so a test of the signature would pass whatever it held.
CHECK_SELF_SIGNATURE = 0x4000


def trusting_only(cert: HostCertificate) -> ssl.SSLContext:
    """A client that verifies the certificate's signature and dates, trusting it alone as its authority."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_flags |= CHECK_SELF_SIGNATURE
    ctx.load_verify_locations(cadata=cert.der)
    return ctx


def test_the_certificate_is_self_signed_and_openssl_verifies_its_signature_and_dates():
    cert = make_certificate()
    seen = handshake(cert, trusting_only(cert)).getpeercert()
    assert seen["subject"] == seen["issuer"] == ((("commonName", "Sifang Table host"),),)
    assert seen["version"] == 3


def test_the_certificate_is_valid_from_a_few_minutes_ago_for_a_week():
    cert = make_certificate()
    seen = handshake(cert, trusting_only(cert)).getpeercert()
    now = datetime.datetime.now(datetime.timezone.utc).timestamp()
    starts, ends = ssl.cert_time_to_seconds(seen["notBefore"]), ssl.cert_time_to_seconds(seen["notAfter"])
    assert now - 10 * 60 < starts < now
    assert ends - starts == pytest.approx(VALID_DAYS * 86400 + 5 * 60, abs=2)


def test_a_certificate_whose_signature_was_changed_is_refused():
    cert = make_certificate()
    forged = bytearray(cert.der)
    forged[-5] ^= 0x01     # inside the signature's last integer
    forged_cert = HostCertificate(ssl.DER_cert_to_PEM_cert(bytes(forged)).encode("ascii"), cert.key_pem, bytes(forged))
    with pytest.raises(ssl.SSLCertVerificationError):
        handshake(forged_cert, trusting_only(forged_cert))


def test_the_client_is_shown_the_certificate_its_code_pins():
    cert = make_certificate()
    assert handshake(cert, client_context()).getpeercert(binary_form=True) == cert.der


def test_openssl_refuses_a_key_that_is_not_the_certificates():
    cert, other = make_certificate(), make_certificate()
    with pytest.raises(ssl.SSLError):
        server_context(HostCertificate(cert.cert_pem, other.key_pem, cert.der))

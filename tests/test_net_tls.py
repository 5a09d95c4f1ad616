"""Tables over TLS (wss) on 127.0.0.1, with a certificate made here for the test: two seats sit
at a table of a server speaking TLS and the match starts; the phone joins with
``wss://HOST:PORT/CODE``, checking the server's certificate; a certificate it does not trust, or
plain ws to a TLS server, is refused and said."""

from __future__ import annotations

import datetime
import ipaddress
import ssl
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from gin_handset.net.client import TableClient
from gin_handset.net.server import ServerHandle, start_in_thread
from gin_handset.rules.options import Options
from gin_handset.session.addresses import parse_address
from gin_handset.session.remote import join_table
from tests.net_tools import wait_until
from tests.test_phone_table import FAST


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key, as PEM files."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName(
                [x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


@pytest.fixture
def tls_server(tmp_path: Path):
    cert, key = certificate(tmp_path)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    handle = start_in_thread("127.0.0.1", 0, None, FAST, context)
    yield handle, cert
    handle.stop()


def open_table(server: ServerHandle, cert: Path) -> TableClient:
    trusted = ssl.create_default_context(cafile=str(cert))
    creator = TableClient.create(server.url, "Ann", Options(points_to_win=50), 0, trusted)
    wait_until(lambda: creator.code is not None, 10)
    return creator


def test_a_phone_joins_a_table_over_tls_and_the_match_starts(tls_server, data_dir: Path,
                                                             monkeypatch) -> None:
    server, cert = tls_server
    assert server.url.startswith("wss://127.0.0.1:")
    creator = open_table(server, cert)
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))  # the phone trusts this certificate
    host, port = server.address
    url, code = parse_address(f"wss://{host}:{port}/{creator.code}")
    assert url == f"wss://{host}:{port}"
    session = join_table(url, code, "Bob", data_dir)
    try:
        wait_until(lambda: session.advance(50) is not None and session.ready, 20)
        assert session.seats.names == ("Ann", "Bob") and session.seats.me == 1
        wait_until(lambda: creator.view is not None, 10)
        assert not session.take_problems()
    finally:
        session.close()
        creator.close(2.0)


def test_a_certificate_not_trusted_or_plain_ws_is_refused_and_said(tls_server,
                                                                   data_dir: Path) -> None:
    server, cert = tls_server
    creator = open_table(server, cert)
    host, port = server.address
    try:
        for address in (f"wss://{host}:{port}/{creator.code}", f"{host}:{port}/{creator.code}"):
            session = join_table(*parse_address(address), "Bob", data_dir)
            try:
                wait_until(lambda s=session: not s.client.running, 30)
                session.advance(0)
                problems = session.take_problems()
                assert problems and "cannot be reached" in problems[0], problems
                assert not session.ready
            finally:
                session.close()
    finally:
        creator.close(2.0)

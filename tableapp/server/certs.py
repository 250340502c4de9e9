"""A self-signed certificate for ``tableapp serve --https``, kept in the instance folder.

Phones need a secure context for the service worker and the screen wake lock; on a LAN the
only way without a domain is a certificate the phone is told to trust once.
"""

from __future__ import annotations

import datetime
import ipaddress
from pathlib import Path


def ensure_certificate(instance_path: str, address: str) -> tuple[str, str]:
    """Paths of (certificate, key); made on first use, remade when the address changes."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    folder = Path(instance_path)
    folder.mkdir(parents=True, exist_ok=True)
    cert_path, key_path = folder / "tableapp-cert.pem", folder / "tableapp-key.pem"
    if cert_path.exists() and key_path.exists():
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
        ips = [str(ip) for ip in names.get_values_for_type(x509.IPAddress)]
        if address in ips and cert.not_valid_after_utc > datetime.datetime.now(datetime.UTC):
            return str(cert_path), str(key_path)
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"tableapp {address}")])
    alt = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
    try:
        alt.append(x509.IPAddress(ipaddress.ip_address(address)))
    except ValueError:
        alt.append(x509.DNSName(address))
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=825))
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    key_path.chmod(0o600)
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return str(cert_path), str(key_path)

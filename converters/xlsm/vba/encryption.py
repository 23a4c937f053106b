"""MS-OVBA 2.4.3 "Data Encryption": the light obfuscation of the PROJECT stream's
``CMG=`` (protection state), ``DPB=`` (password) and ``GC=`` (visibility) values.

It is not cryptography, only a reversible scrambling keyed by the project's ``ID=`` GUID
text.  The encrypted form is: Seed, VersionEnc, ProjKeyEnc, IgnoredEnc (``(Seed & 6) / 2``
bytes), DataLengthEnc (4 bytes), DataEnc; each byte after the first three is the plain
byte XOR ``(previous-but-one encrypted byte + previous plain byte) & 0xFF``
(2.4.3.2), printed as upper-case hex.
"""

from __future__ import annotations

_VERSION = 2


def _project_key(project_id: str) -> int:
    """MS-OVBA 2.4.3.2: the sum of the bytes of the ``ID=`` value (with braces), mod 256."""
    return sum(project_id.encode("ascii")) & 0xFF


def encrypt(project_id: str, data: bytes, seed: int) -> str:
    """Encrypt ``data`` for the project ``project_id`` (e.g. ``"{...GUID...}"``).

    ``seed`` (0-255) is chosen by the caller so that output is deterministic; the
    Ignored bytes repeat the seed, as VBA itself does.
    """
    if not 0 <= seed <= 0xFF:
        raise ValueError(f"seed {seed} is not a byte")
    project_key = _project_key(project_id)
    out = bytearray([seed, seed ^ _VERSION, seed ^ project_key])
    unencrypted_1 = project_key
    encrypted_1 = out[2]
    encrypted_2 = out[1]
    ignored = bytes([seed]) * ((seed & 6) // 2)
    for byte in ignored + len(data).to_bytes(4, "little") + data:
        encrypted = byte ^ ((encrypted_2 + unencrypted_1) & 0xFF)
        out.append(encrypted)
        encrypted_2, encrypted_1, unencrypted_1 = encrypted_1, encrypted, byte
    return out.hex().upper()


def decrypt(text: str) -> bytes:
    """Decrypt an encrypted hex string and return the plain data.

    The project key is recovered from the text itself (it is stored XOR the seed), so
    no project id is needed.  Raises ValueError when the text is malformed or the stored length does not match.
    """
    raw = bytes.fromhex(text)
    if len(raw) < 7:
        raise ValueError(f"encrypted value {text!r} is too short")
    seed = raw[0]
    if raw[1] ^ seed != _VERSION:
        raise ValueError(f"encrypted value {text!r}: version is not 2")
    project_key = raw[2] ^ seed
    unencrypted_1 = project_key
    encrypted_1 = raw[2]
    encrypted_2 = raw[1]
    plain = bytearray()
    for encrypted in raw[3:]:
        byte = encrypted ^ ((encrypted_2 + unencrypted_1) & 0xFF)
        plain.append(byte)
        encrypted_2, encrypted_1, unencrypted_1 = encrypted_1, encrypted, byte
    plain = plain[(seed & 6) // 2 :]
    length = int.from_bytes(plain[:4], "little")
    data = bytes(plain[4:])
    if length != len(data):
        raise ValueError(f"encrypted value {text!r}: length {length} but {len(data)} bytes")
    return data

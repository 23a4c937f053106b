"""MS-OVBA 2.4.1 compression and decompression (the "CompressedContainer" format).

VBA stores the ``dir`` stream and the source text of every module compressed with a
small LZ77 variant.  A container is the signature byte ``0x01`` followed by chunks; each
chunk covers at most 4096 bytes of decompressed data and starts with a two-byte header:

* bits 0-11: chunk size in bytes (header included) minus 3,
* bits 12-14: the signature ``0b011``,
* bit 15: 1 for a compressed chunk, 0 for a raw chunk of exactly 4096 bytes.

A compressed chunk is a run of token sequences: one flag byte, then up to eight tokens;
flag bit *i* (least significant first) is 0 for a literal byte and 1 for a two-byte
little-endian copy token (offset, length) whose split between offset and length bits
depends on how far into the chunk the token sits (MS-OVBA 2.4.1.3.19.1 "CopyToken Help").

The compressor follows the spec's matching rule (2.4.1.3.19.4): the longest match wins,
and among equally long matches the nearest one; so its output is deterministic and, for
the same input, the same as the spec's pseudocode would produce.
"""

from __future__ import annotations

CHUNK_SIZE = 4096
_SIGNATURE = 0x01
_HEADER_SIGNATURE = 0b011 << 12


class DecompressionError(ValueError):
    """The bytes are not a valid MS-OVBA CompressedContainer."""


def _copy_token_bits(difference: int) -> tuple[int, int]:
    """Return ``(bit_count, maximum_length)`` for a token ``difference`` bytes into a chunk.

    MS-OVBA 2.4.1.3.19.1: ``bit_count = max(ceil(log2(difference)), 4)`` offset bits; the
    remaining ``16 - bit_count`` bits hold ``length - 3``.
    """
    bit_count = max((difference - 1).bit_length(), 4)
    return bit_count, (0xFFFF >> bit_count) + 3


def _compress_chunk(data: bytes, start: int, end: int) -> bytes:
    """Compress ``data[start:end]`` (at most 4096 bytes) into one chunk, header included."""
    out = bytearray()
    positions: dict[bytes, list[int]] = {}
    current = start

    def remember(pos: int) -> None:
        if pos + 3 <= end:
            positions.setdefault(data[pos : pos + 3], []).append(pos)

    while current < end:
        flag_index = len(out)
        out.append(0)
        flags = 0
        for bit in range(8):
            if current >= end:
                break
            best_length = 0
            best_candidate = -1
            if current + 3 <= end:
                for candidate in reversed(positions.get(data[current : current + 3], ())):
                    length = 3
                    limit = end - current
                    while length < limit and data[candidate + length] == data[current + length]:
                        length += 1
                    if length > best_length:
                        best_length = length
                        best_candidate = candidate
                        if length == limit:
                            break  # nothing farther back can be longer
            if best_length >= 3:
                bit_count, maximum_length = _copy_token_bits(current - start)
                length = min(best_length, maximum_length)
                offset = current - best_candidate
                token = ((offset - 1) << (16 - bit_count)) | (length - 3)
                out += token.to_bytes(2, "little")
                flags |= 1 << bit
                for pos in range(current, current + length):
                    remember(pos)
                current += length
            else:
                out.append(data[current])
                remember(current)
                current += 1
        out[flag_index] = flags

    if len(out) > CHUNK_SIZE:
        # MS-OVBA 2.4.1.3.7: incompressible data goes into a raw chunk of exactly 4096
        # bytes (a short final chunk is padded with zero bytes, as the spec prescribes).
        raw = data[start:end].ljust(CHUNK_SIZE, b"\x00")
        header = (CHUNK_SIZE + 2 - 3) | _HEADER_SIGNATURE
        return header.to_bytes(2, "little") + raw
    header = (len(out) + 2 - 3) | _HEADER_SIGNATURE | 0x8000
    return header.to_bytes(2, "little") + bytes(out)


def compress(data: bytes) -> bytes:
    """Compress ``data`` into an MS-OVBA CompressedContainer (2.4.1.3.6)."""
    out = bytearray([_SIGNATURE])
    for start in range(0, len(data), CHUNK_SIZE):
        out += _compress_chunk(data, start, min(start + CHUNK_SIZE, len(data)))
    return bytes(out)


def decompress(container: bytes) -> bytes:
    """Decompress an MS-OVBA CompressedContainer (2.4.1.3.1).

    Raises :class:`DecompressionError` naming the byte offset of anything malformed.
    """
    if not container or container[0] != _SIGNATURE:
        raise DecompressionError("compressed container: first byte is not the signature 0x01")
    out = bytearray()
    pos = 1
    while pos < len(container):
        if pos + 2 > len(container):
            raise DecompressionError(f"compressed container: truncated chunk header at byte {pos}")
        header = int.from_bytes(container[pos : pos + 2], "little")
        if header & 0x7000 != _HEADER_SIGNATURE:
            raise DecompressionError(f"compressed container: bad chunk signature at byte {pos}")
        chunk_end = min(pos + (header & 0x0FFF) + 3, len(container))
        compressed = bool(header & 0x8000)
        pos += 2
        chunk_start = len(out)
        if not compressed:
            out += container[pos : pos + CHUNK_SIZE]
            pos += CHUNK_SIZE
            continue
        while pos < chunk_end:
            flags = container[pos]
            pos += 1
            for bit in range(8):
                if pos >= chunk_end:
                    break
                if not flags & (1 << bit):
                    out.append(container[pos])
                    pos += 1
                    continue
                if pos + 2 > chunk_end:
                    raise DecompressionError(
                        f"compressed container: truncated copy token at byte {pos}"
                    )
                token = int.from_bytes(container[pos : pos + 2], "little")
                pos += 2
                bit_count, _ = _copy_token_bits(len(out) - chunk_start)
                length = (token & (0xFFFF >> bit_count)) + 3
                offset = (token >> (16 - bit_count)) + 1
                source = len(out) - offset
                if source < chunk_start:
                    raise DecompressionError(
                        f"compressed container: copy token at byte {pos - 2} reaches before its chunk"
                    )
                for i in range(length):
                    out.append(out[source + i])
    return bytes(out)

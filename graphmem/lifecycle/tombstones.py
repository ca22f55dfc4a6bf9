"""The digest that ties an erasure's receipt to the tombstones it leaves.

Every erased memory and source leaves a hash-only tombstone (``ref`` = ``memory:<id>`` /
``source:<id>``, its ``content_hash``, the erasure's ``receipt_id``). The receipt does not repeat
those hashes (at a 10k-memory subject they were 20k of its ~3 MB); it records one digest over
the tombstones it plans — sha256 of the sorted ``ref content_hash`` lines — and ``verify``
recomputes it from the tombstones the graph holds for the receipt. A tombstone removed, altered
or added makes the two differ, so the receipt still proves what was erased and with what
content, and the tombstones still prove it on their own.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

PREFIX = "sha256:"


def line(ref: str, content_hash: str | None) -> str:
    """One tombstone as the digest reads it; ``erasure/tombstones`` builds the same string in
    the engine (``ref + ' ' + coalesce(content_hash, '')``)."""
    return f"{ref} {content_hash or ''}"


def digest_lines(lines: Iterable[str]) -> str:
    """``sha256:<hex>`` over tombstone lines (:func:`line`), in any order."""
    return PREFIX + hashlib.sha256("\n".join(sorted(lines)).encode()).hexdigest()


def digest(tombstones: Iterable[tuple[str, str | None]]) -> str:
    """The digest of ``(ref, content_hash)`` pairs, in any order (a missing hash is empty)."""
    return digest_lines(line(ref, content_hash) for ref, content_hash in tombstones)


__all__ = ["digest", "digest_lines", "line"]

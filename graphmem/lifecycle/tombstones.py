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


def digest(tombstones: Iterable[tuple[str, str | None]]) -> str:
    """``sha256:<hex>`` over ``(ref, content_hash)`` pairs, in any order (a missing hash is the
    empty string)."""
    lines = sorted(f"{ref} {content_hash or ''}" for ref, content_hash in tombstones)
    return PREFIX + hashlib.sha256("\n".join(lines).encode()).hexdigest()


__all__ = ["digest"]

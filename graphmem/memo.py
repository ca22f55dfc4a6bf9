"""A bounded, thread-safe memo of a pure function of one text, keyed by the text's digest.

For hot, pure per-text work the read path repeats on every call — the tokenizer's count of a
memory line, whether a sentence reads as an instruction — where the same memories come back
call after call. Keys are BLAKE2b digests, so the memo holds no text: like the vector cache
(:mod:`graphmem.embeddings.cache`) it keeps nothing an erasure would have to find, and a
digest of erased text reveals nothing of it. Values must be small and immutable (a count, a
flag). Least recently used entries go first once ``capacity`` is reached.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

V = TypeVar("V")


def text_digest(text: str, salt: str = "") -> bytes:
    h = hashlib.blake2b(digest_size=16, person=b"graphmem-memo")
    h.update(salt.encode("utf-8") + b"\x00")
    h.update(text.encode("utf-8", "surrogatepass"))
    return h.digest()


class TextMemo(Generic[V]):
    """``memo(text, compute)``: ``compute(text)`` once per distinct text (while it is held)."""

    def __init__(self, capacity: int = 65_536, salt: str = "") -> None:
        self.capacity = capacity
        self.salt = salt
        self._items: OrderedDict[bytes, V] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, text: str, compute: Callable[[str], V]) -> V:
        key = text_digest(text, self.salt)
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = compute(text)  # outside the lock: a pure function, a race only repeats it
        with self._lock:
            self._items[key] = value
            if len(self._items) > self.capacity:
                self._items.popitem(last=False)
        return value

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


__all__ = ["TextMemo", "text_digest"]

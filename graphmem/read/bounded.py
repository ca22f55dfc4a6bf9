"""A small thread-safe dict that forgets its oldest entries: the retriever's per-scope hints."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class BoundedDict(OrderedDict[K, V]):
    """A dict that forgets its oldest entries beyond ``size``; request threads share it, so a
    write and its eviction happen under one lock."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size
        self._lock = threading.Lock()

    def __setitem__(self, key: K, value: V) -> None:
        with self._lock:
            super().__setitem__(key, value)
            self.move_to_end(key)
            while len(self) > self.size:
                self.popitem(last=False)

    def discard(self, key: K) -> None:
        with self._lock:
            self.pop(key, None)

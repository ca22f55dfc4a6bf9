"""Grounding, the least fixed point revocation and erasure share (graphmem.lifecycle.lineage),
against a brute-force fixed point on chains, diamonds, cycles and random graphs."""

from __future__ import annotations

import random

from graphmem.lifecycle.lineage import grounded, path_to

Supports = dict[str, list[tuple[str, bool]]]


def by_passes(supports: Supports, affected: set[str], never: set[str]) -> set[str]:
    """The definition, iterated until nothing changes (quadratic, obviously right)."""
    out: set[str] = set()
    changed = True
    while changed:
        changed = False
        for mid, pairs in supports.items():
            if mid in out or mid in never:
                continue
            for ref, live in pairs:
                kind, _, ident = ref.partition(":")
                if live and (kind == "source" or ident not in affected or ident in out):
                    out.add(mid)
                    changed = True
                    break
    return out


def test_chain_diamond_and_cycle() -> None:
    supports: Supports = {
        "a": [("source:dead", False)],  # the revoked source only
        "b": [("memory:a", True)],  # chain a → b → c
        "c": [("memory:b", True)],
        "d": [("memory:a", True), ("source:own", True)],  # own evidence
        "e": [("memory:d", True)],  # grounded through d
        "x": [("memory:y", True)],  # a cycle with nothing under it
        "y": [("memory:x", True)],
        "z": [("memory:y", True), ("memory:outside", True)],  # rests on a memory not affected
    }
    affected = set(supports)
    assert grounded(supports, affected) == {"d", "e", "z"}
    # a memory that is revoked itself is never grounded, nor what rests only on it
    assert grounded(supports, affected, never={"d"}) == {"z"}


def test_agrees_with_the_definition_on_random_graphs() -> None:
    rng = random.Random(5)
    for _ in range(200):
        n = rng.randint(1, 30)
        ids = [f"m{i}" for i in range(n)]
        supports: Supports = {}
        for mid in ids:
            pairs = []
            for _ in range(rng.randint(0, 3)):
                roll = rng.random()
                if roll < 0.15:
                    pairs.append((f"source:s{rng.randint(0, 3)}", rng.random() < 0.7))
                elif roll < 0.2:
                    pairs.append(("memory:outside", rng.random() < 0.8))
                else:
                    pairs.append((f"memory:{rng.choice(ids)}", rng.random() < 0.9))
            supports[mid] = pairs
        never = {m for m in ids if rng.random() < 0.1}
        assert grounded(supports, set(ids), never) == by_passes(supports, set(ids), never)


def test_path_follows_the_first_parents_to_the_root() -> None:
    parents = {"a": "source:s", "b": "memory:a", "c": "memory:b"}
    assert path_to("c", parents, "source:s") == ["source:s", "memory:a", "memory:b", "memory:c"]
    assert path_to("a", parents, "source:s") == ["source:s", "memory:a"]

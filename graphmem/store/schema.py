"""Schema bootstrap: constraints, range, full-text and vector indexes, and a version node.

Idempotent on both engines: run at every start. Vector indexes exist per embedding space
(a label such as ``Emb_usem3_512_ab12``), so two models' vectors never share an index.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from graphmem.store.base import GraphStore
from graphmem.timeutil import now_iso

SCHEMA_VERSION = 1

UNIQUE: tuple[tuple[str, str], ...] = (
    ("Memory", "memory_id"),
    ("Source", "source_key"),
    ("Subject", "subject_key"),
    ("WriteReceipt", "receipt_id"),
    ("WriteReceipt", "idempotency_scope"),
    ("DeletionReceipt", "receipt_id"),
    ("RetrievalLog", "query_id"),
    ("Checkpoint", "checkpoint_id"),
    ("Run", "run_key"),
    ("ToolReceipt", "receipt_key"),
    ("ApiKey", "key_id"),
    ("SchemaVersion", "key"),
)

RANGE: tuple[tuple[str, str], ...] = (
    ("Memory", "tenant_id"),
    ("Memory", "subject_id"),
    ("Memory", "status"),
    ("Memory", "type"),
    ("Memory", "predicate"),
    ("Memory", "valid_from"),
    ("Memory", "valid_to"),
    ("Memory", "recorded_at"),
    ("Memory", "tx_to"),
    ("Memory", "expires_at"),
    ("Memory", "content_hash"),
    ("Subject", "tenant_id"),
    ("Source", "tenant_id"),
    ("Source", "content_hash"),
    ("Source", "source_id"),
    ("Source", "uri"),
    # erasure finds a subject's own sources (recorded about it, or spoken by it) and receipts
    ("Source", "subject_id"),
    ("Source", "speaker"),
    ("Memory", "conflict_key"),
    ("WriteReceipt", "memory_id"),
    ("WriteReceipt", "tenant_id"),
    ("WriteReceipt", "subject_id"),
    ("WriteReceipt", "idempotency_key"),
    ("WriteReceipt", "recorded_at"),
    ("DeletionReceipt", "tenant_id"),
    ("DeletionReceipt", "recorded_at"),
    ("RetrievalLog", "tenant_id"),
    # an erasure's verification reads the tombstones it left
    ("Tombstone", "receipt_id"),
    ("RetrievalLog", "recorded_at"),
    ("Checkpoint", "run_id"),
    ("Checkpoint", "tenant_id"),
    ("Checkpoint", "run_key"),
    ("Run", "tenant_id"),
    ("Run", "subject_id"),
    ("ToolReceipt", "run_key"),
    ("Memory", "run_id"),
    ("Memory", "insight_key"),
    # procedure releases (graphmem.learn): a key's versions, the outcomes citing key@version
    ("Memory", "procedure_key"),
    ("Memory", "procedure"),
    ("ReleaseReceipt", "procedure_key"),
)

FULLTEXT: tuple[tuple[str, str], ...] = (("Memory", "text"),)


@dataclass(frozen=True)
class EmbeddingSpace:
    """One vector space: the label its memories carry and its dimension."""

    label: str
    dimension: int


def _index_name(*parts: str) -> str:
    return "_".join(p.lower() for p in parts)


def vector_index_name(label: str) -> str:
    """The name of the vector index of the embedding space ``label``."""
    return _index_name(label, "embedding")


def bootstrap(store: GraphStore, spaces: Iterable[EmbeddingSpace] = ()) -> int:
    """Create what is missing; return the schema version now recorded.

    The constraints and indexes already there are read once (``schema/unique_constraints``,
    ``schema/indexes``) and only the missing ones are created: on Neo4j each ``CREATE … IF NOT
    EXISTS`` is a schema transaction of its own, and running all ~50 at every start (and, in
    the tests, before every test on one database) took 0.5–1.3 s on this machine, against
    ~0.2 s now. The statements stay idempotent, so a concurrent start that creates one first
    changes nothing."""
    constrained = {
        (str(r["label"]), str(r["property"])) for r in store.read("schema/unique_constraints")
    }
    for label, prop in UNIQUE:
        if (label, prop) not in constrained:
            store.ensure_unique(label, prop)
    present = {
        (str(r["label"]), str(r["property"]), str(r["kind"])) for r in store.read("schema/indexes")
    }
    unique = set(UNIQUE)
    for label, prop in RANGE:
        if (label, prop) not in unique and (label, prop, "RANGE") not in present:
            store.run_schema(
                "schema/range_index",
                {"name": _index_name(label, prop), "label": label, "property": prop},
            )
    for label, prop in FULLTEXT:
        # an index the engine rebuilds at every start is dropped (also from older data dirs)
        persisted = store.capabilities.fulltext_index_persisted
        if persisted == ((label, prop, "FULLTEXT") in present):
            continue
        store.run_schema(
            f"schema/{'fulltext_index' if persisted else 'fulltext_drop'}",
            {"name": _index_name(label, prop, "fulltext"), "label": label, "property": prop},
        )
    space_list = sorted(set(spaces), key=lambda s: s.label)
    if store.capabilities.native_vector_index:
        for space in space_list:
            if (space.label, "embedding", "VECTOR") in present:
                continue
            store.run_schema(
                "schema/vector_index",
                {
                    "name": vector_index_name(space.label),
                    "label": space.label,
                    "dimension": str(space.dimension),
                },
            )
    known = current_spaces(store)
    store.write(
        "schema/version_set",
        {
            "version": SCHEMA_VERSION,
            "applied_at": now_iso(),
            "embedding_spaces": sorted(known | {s.label for s in space_list}),
        },
    )
    return SCHEMA_VERSION


def current_spaces(store: GraphStore) -> set[str]:
    rows = store.read("schema/version_get")
    return set(rows[0]["embedding_spaces"] or []) if rows else set()


def schema_version(store: GraphStore) -> int | None:
    rows = store.read("schema/version_get")
    return int(rows[0]["version"]) if rows else None

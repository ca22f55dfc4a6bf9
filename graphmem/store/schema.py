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


def bootstrap(store: GraphStore, spaces: Iterable[EmbeddingSpace] = ()) -> int:
    """Create what is missing; return the schema version now recorded."""
    for label, prop in UNIQUE:
        store.ensure_unique(label, prop)
    unique = set(UNIQUE)
    for label, prop in RANGE:
        if (label, prop) not in unique:
            store.run_schema(
                "schema/range_index",
                {"name": _index_name(label, prop), "label": label, "property": prop},
            )
    for label, prop in FULLTEXT:
        # an index the engine rebuilds at every start is dropped (also from older data dirs)
        name = "fulltext_index" if store.capabilities.fulltext_index_persisted else "fulltext_drop"
        store.run_schema(
            f"schema/{name}",
            {"name": _index_name(label, prop, "fulltext"), "label": label, "property": prop},
        )
    space_list = sorted(set(spaces), key=lambda s: s.label)
    if store.capabilities.native_vector_index:
        for space in space_list:
            store.run_schema(
                "schema/vector_index",
                {
                    "name": _index_name(space.label, "embedding"),
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

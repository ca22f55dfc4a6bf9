"""The hard filters' parameters: what ``retrieval/_hard_filters`` and the phase-1 queries
receive, built in one place for the retriever, the feature cache, the benchmark and the tests.

The filters themselves live in Cypher (``cypher/retrieval/_hard_filters.cypher``), inside the
very queries that produce candidates, so a filtered-out memory is never a candidate; this module
only says what they are asked: tenant (from the key), types, valid/known time, now, purpose,
embedding space — and, for phase 1, the query and its limits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from graphmem.crypto import PREFIX as SEALED_PREFIX
from graphmem.errors import FieldIssue, ValidationError
from graphmem.read.lexical import case_forms
from graphmem.timeutil import normalize


def read_policy(
    tenant_id: str,
    *,
    now: str,
    embedding_version: str,
    types: list[str] | None = None,
    valid_at: str | None = None,
    known_at: str | None = None,
    purpose: str | None = None,
) -> dict[str, Any]:
    """The hard filters' parameters (``retrieval/_hard_filters``), without the subject: a
    query over a whole tenant takes no ``$subject_id``."""
    return {
        "tenant_id": tenant_id,
        "types": types,
        "valid_at": valid_at,
        "known_at": known_at,
        "now": now,
        "purpose": purpose,
        "embedding_version": embedding_version,
    }


def scope_params(
    scoped: Mapping[str, Any],
    vector: list[float],
    query_terms: Sequence[str],
    *,
    limit: int,
    exact_limit: int,
) -> dict[str, Any]:
    """Phase 1's parameters (``retrieval/scope[_subject]``): the policy (with the subject for
    the ``_subject`` variant), the query, and one part of one."""
    return {
        **scoped,
        "vector": vector,
        "terms": list(query_terms),
        "object_forms": [f for t in query_terms[:32] for f in case_forms(t)],
        "sealed_prefix": SEALED_PREFIX,
        "limit": limit,
        "exact_limit": exact_limit,
        "parts": 1,
        "part": 0,
    }


def filters_key(scoped: Mapping[str, Any]) -> str:
    """What decides a scope's members besides the clock (tenant, subject, types, times asked,
    purpose, space): calls alike in these most likely hand back the same ids."""
    return repr(sorted((k, v) for k, v in scoped.items() if k != "now"))


def read_time(value: str | None, name: str) -> str | None:
    """A caller's ``valid_at`` / ``known_at`` in graphmem's fixed-width form (422 if not a
    timestamp)."""
    if value is None:
        return None
    try:
        return normalize(value)
    except ValueError as exc:
        raise ValidationError([FieldIssue(name, "timestamp_format", str(exc))]) from None

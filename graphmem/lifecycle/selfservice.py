"""A user's own memories: corrections are supersessions with the user's authority, made through
the write gate like any other write."""

from __future__ import annotations

from typing import Any

from graphmem.auth.principal import Principal
from graphmem.errors import FieldIssue, ForbiddenError, NotFoundError, ValidationError
from graphmem.models.enums import MemoryType
from graphmem.models.memory import Claim
from graphmem.models.receipts import WriteReceipt
from graphmem.read.timetravel import get_memory


def own_subject(principal: Principal) -> str:
    """The subject a self-service call is about: the key's own, never one from the request."""
    if principal.subject_id is None:
        raise ForbiddenError(
            "this key is not bound to a subject; /v1/me needs a subject-bound key",
            field="subject_id",
            rule="subject_bound_key",
        )
    return principal.subject_id


def own_memory(gm: Any, principal: Principal, memory_id: str) -> dict[str, Any]:
    if principal.subject_id is None:
        raise ValidationError(
            [FieldIssue("subject_id", "subject_bound_key", "this key is not bound to a subject")]
        )
    memory = get_memory(gm.store, principal, memory_id).memory
    if memory["subject_id"] != principal.subject_id:
        raise NotFoundError(f"no memory {memory_id!r}", memory_id=memory_id)
    return memory


def correct(
    gm: Any,
    principal: Principal,
    memory_id: str,
    *,
    object: str | int | float | bool,
    valid_from: str | None = None,
) -> WriteReceipt:
    """Record the user's correction as their own statement, then propose the corrected claim
    superseding the old one. The gate decides (a correction cannot smuggle a secret or a
    capability), and the receipt says what happened."""
    memory = own_memory(gm, principal, memory_id)
    if memory["type"] != MemoryType.SEMANTIC:
        raise ValidationError(
            [FieldIssue("memory_id", "only_claims", "only semantic claims can be corrected")]
        )
    old = Claim.model_validate(memory)
    statement = f"Correction: my {old.predicate.replace('_', ' ')} is {object}"
    source = gm.record_source(principal, {"kind": "USER_MESSAGE", "content": statement})
    proposal: dict[str, Any] = {
        "memory_type": "SEMANTIC",
        "subject": principal.subject_id,
        "namespace": old.namespace,
        "claim": {"predicate": old.predicate, "object": object},
        "evidence": [{"event_id": source.source_id, "span": statement, "source_role": "user"}],
        "confidence": 1.0,
        "supersedes": memory_id,
        "valid_from": valid_from or old.valid_from,
        "consent_basis": old.consent_basis,
        "purposes": old.purposes,
    }
    receipt: WriteReceipt = gm.propose(
        principal, {k: v for k, v in proposal.items() if v is not None}
    )
    return receipt

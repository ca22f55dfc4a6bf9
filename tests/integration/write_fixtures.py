"""Helpers for write-path tests: a settable clock, principals, sources and proposals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from graphmem.auth.principal import Principal
from graphmem.models.receipts import WriteReceipt
from graphmem.service import Graphmem
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

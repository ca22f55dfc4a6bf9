"""Provenance binding: every evidence item points to a real source of the caller's tenant,
and what it quotes is really in that source."""

from __future__ import annotations

import re
import unicodedata

from graphmem.models.nodes import Source
from graphmem.models.proposal import MemoryProposal
from graphmem.write.codes import Code
from graphmem.write.stage import Check, reject

_WS = re.compile(r"\s+")


def _norm(text: str) -> str:
    return _WS.sub(" ", unicodedata.normalize("NFC", text)).strip().casefold()


def span_in(span: str, content: str | None) -> bool:
    return content is not None and _norm(span) in _norm(content)


def bind(proposal: MemoryProposal, sources: dict[str, Source]) -> list[Check]:
    if not proposal.evidence:
        return [reject(Code.UNSUPPORTED, "no evidence")]
    checks: list[Check] = []
    for i, ev in enumerate(proposal.evidence):
        src = sources.get(ev.event_id)
        if src is None:
            # unknown and foreign ids look the same: existence in another tenant never leaks
            checks.append(reject(Code.UNKNOWN_SOURCE, f"evidence[{i}] {ev.event_id}"))
            continue
        if src.revoked_at is not None:
            checks.append(reject(Code.SOURCE_REVOKED, f"evidence[{i}] {ev.event_id}"))
        if ev.span is not None and not span_in(ev.span, src.content):
            checks.append(reject(Code.SPAN_NOT_IN_SOURCE, f"evidence[{i}] {ev.event_id}"))
        if ev.content_hash is not None and ev.content_hash != src.content_hash:
            checks.append(reject(Code.HASH_MISMATCH, f"evidence[{i}] {ev.event_id}"))
        if src.role is not None and ev.source_role != src.role:
            checks.append(reject(Code.ROLE_MISMATCH, f"evidence[{i}] {ev.event_id}: {src.role}"))
    return checks

"""Provenance binding: every evidence item points to a real source of the caller's tenant,
what it quotes is really in that source, and the speaker it declares is the one the source
records.

The declared ``source_role`` must be the role of the recorded source kind (a user message
speaks as ``user``, a tool result as ``tool``, a document as ``document``, a model's output as
``assistant``, a review as ``reviewer``, a system source as ``system``): a tool result or a
document declared as the user's words, or a model summary declared as a review, would borrow
an authority its source does not have (laundering by label)."""

from __future__ import annotations

import re
import unicodedata

from graphmem.models.enums import SourceKind
from graphmem.models.nodes import Source
from graphmem.models.proposal import MemoryProposal
from graphmem.write.codes import Code, Rule
from graphmem.write.review import names_release, withholds
from graphmem.write.sources import DEFAULT_ROLE
from graphmem.write.stage import Check, confirm, reject

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
        elif src.role is None and ev.source_role != DEFAULT_ROLE.get(src.kind, ev.source_role):
            checks.append(
                reject(Code.ROLE_MISMATCH, f"evidence[{i}] {ev.event_id}: kind {src.kind}")
            )
    return checks + _reviews(proposal, sources) + _withheld(proposal, sources)


def _withheld(proposal: MemoryProposal, sources: dict[str, Source]) -> list[Check]:
    """A cited human review that withholds or conditions its approval, or leaves a part
    unchecked, approves nothing: the write waits for one that approves (round 12)."""
    return [
        confirm(Code.UNSUPPORTED, f"evidence[{i}] {ev.event_id}", Rule.REVIEW_WITHHELD)
        for i, ev in enumerate(proposal.evidence)
        if ev.event_id in sources
        and sources[ev.event_id].kind is SourceKind.HUMAN_REVIEW
        and withholds(sources[ev.event_id].content or "")
    ]


def _reviews(proposal: MemoryProposal, sources: dict[str, Source]) -> list[Check]:
    """A procedure cited with human reviews needs one that names it, at its version
    (:mod:`graphmem.write.review`): another release's review releases nothing."""
    pr = proposal.procedure
    if pr is None:
        return []
    reviews = [
        sources[ev.event_id].content
        for ev in proposal.evidence
        if ev.event_id in sources and sources[ev.event_id].kind is SourceKind.HUMAN_REVIEW
    ]
    if not reviews or any(
        names_release(r, pr.procedure_key, pr.version, pr.tests) for r in reviews
    ):
        return []
    return [
        reject(
            Code.PROCEDURE_NOT_APPROVED_PATH,
            f"no cited review names {pr.procedure_key}@{pr.version}",
            Rule.REVIEW_OF_ANOTHER_RELEASE,
        )
    ]

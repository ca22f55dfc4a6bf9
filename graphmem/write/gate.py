"""The write gate: who may say what about whom (seed: "Memory poisoning을 막는 기본 경계").

* a user's preferences and facts come only from that user's authenticated statements or a
  HUMAN_REVIEW;
* procedures come only through the approved path (admin or reviewer keys), never from tool
  or model output;
* tool output is at most an episode observation, with no instruction authority;
* claims derived from model output carry MODEL_OUTPUT authority, below any user statement;
* no memory grants a capability; instruction-like text from an untrusted source is POISONING.
"""

from __future__ import annotations

from graphmem.auth.principal import Principal
from graphmem.models.enums import Authority, MemoryType, SourceKind, SubjectKind
from graphmem.models.nodes import Source
from graphmem.models.proposal import MemoryProposal
from graphmem.models.types import subject_kind
from graphmem.write import poisoning
from graphmem.write.capabilities import capability_grant
from graphmem.write.codes import Code
from graphmem.write.materialize import memory_text
from graphmem.write.outcome import Check, reject, warn

UNTRUSTED = frozenset({SourceKind.TOOL_RESULT, SourceKind.DOCUMENT, SourceKind.MODEL_OUTPUT})
APPROVERS = frozenset({"admin", "reviewer"})


def evidence_authority(source: Source, subject_id: str) -> Authority:
    """What one source can vouch for about ``subject_id``."""
    if source.kind is SourceKind.USER_MESSAGE:
        if not source.authenticated:
            return Authority.UNTRUSTED
        if subject_kind(subject_id) is SubjectKind.USER and source.speaker != subject_id:
            return Authority.INFERRED_FROM_USER  # someone else's word about a user
        return Authority.EXPLICIT_USER_STATEMENT
    return source.kind.default_authority(authenticated=source.authenticated)


def authority_of(sources: list[Source], subject_id: str) -> Authority:
    if not sources:
        return Authority.UNTRUSTED
    return max((evidence_authority(s, subject_id) for s in sources), key=lambda a: a.rank)


def _own_statement(sources: list[Source], subject_id: str) -> bool:
    return any(
        (s.kind is SourceKind.USER_MESSAGE and s.authenticated and s.speaker == subject_id)
        or s.kind is SourceKind.HUMAN_REVIEW
        for s in sources
    )


def check(
    proposal: MemoryProposal, principal: Principal, sources: list[Source]
) -> tuple[list[Check], Authority]:
    checks: list[Check] = []
    subject = proposal.subject
    kinds = {s.kind for s in sources}
    authority = authority_of(sources, subject)

    user_only = principal.has_any("user") and not principal.has_any("agent", "admin", "reviewer")
    if user_only and subject != principal.subject_id:
        checks.append(reject(Code.SUBJECT_NOT_OWN, "a user key writes its own memories"))

    if proposal.memory_type is MemoryType.SEMANTIC and sources:
        if subject_kind(subject) is SubjectKind.USER and not _own_statement(sources, subject):
            if kinds == {SourceKind.MODEL_OUTPUT}:
                checks.append(reject(Code.MODEL_INVENTED, "only model output supports it"))
            else:
                checks.append(
                    reject(
                        Code.USER_STATEMENT_REQUIRED,
                        f"{subject}: needs the user's authenticated statement or a review",
                    )
                )
        elif kinds and kinds <= {SourceKind.TOOL_RESULT}:
            checks.append(
                reject(Code.TOOL_OUTPUT_NOT_AUTHORITATIVE, "tool output is an episode at most")
            )
        elif authority is Authority.MODEL_OUTPUT:
            checks.append(warn(Code.LOWER_AUTHORITY, "derived from model output"))

    if proposal.memory_type is MemoryType.PROCEDURAL:
        if not principal.has_any(*APPROVERS):
            checks.append(
                reject(Code.PROCEDURE_NOT_APPROVED_PATH, "procedures need an admin/reviewer key")
            )
        elif kinds and kinds <= {SourceKind.TOOL_RESULT, SourceKind.MODEL_OUTPUT}:
            checks.append(
                reject(Code.PROCEDURE_NOT_APPROVED_PATH, "procedures never come from tool/model")
            )

    predicate = proposal.claim.predicate if proposal.claim else None
    obj = str(proposal.claim.object) if proposal.claim else None
    grant = capability_grant(predicate, obj if obj is not None else memory_text(proposal))
    if grant is not None:
        checks.append(reject(Code.CAPABILITY_GRANT, grant.detail))

    if (
        authority is Authority.UNTRUSTED
        and sources
        and proposal.memory_type in (MemoryType.SEMANTIC, MemoryType.PROCEDURAL)
    ):
        checks.append(reject(Code.UNTRUSTED_SOURCE, "no source vouches for it"))

    poisoned = _poisoning(proposal, sources)
    if poisoned is not None:
        checks.append(poisoned)
    lifted = _lifted_secret(proposal, sources)
    if lifted is not None:
        checks.append(lifted)
    return checks, authority


def _untrusted(src: Source) -> bool:
    return src.kind in UNTRUSTED or (src.kind is SourceKind.USER_MESSAGE and not src.authenticated)


def _poisoning(proposal: MemoryProposal, sources: list[Source]) -> Check | None:
    """Instruction-like content from an untrusted source. The proposal's own text and quoted
    spans are read for every type; for claims and procedures the cited untrusted source is read
    whole too, since quoting only the bare goal of an injection ("Send a transaction to ...")
    must not launder it into a fact."""
    text = "\n".join([memory_text(proposal)] + [e.span for e in proposal.evidence if e.span])
    durable = proposal.memory_type in (MemoryType.SEMANTIC, MemoryType.PROCEDURAL)
    for src in sources:
        if not _untrusted(src):
            continue
        kind = src.kind if src.kind in UNTRUSTED else SourceKind.TOOL_RESULT
        for candidate in (text, src.content if durable else None):
            if not candidate:
                continue
            verdict = poisoning.poisoning_verdict(candidate, kind, src.source_id)
            if not verdict.ok:
                return reject(Code.POISONING, verdict.detail)
    return None


def _lifted_secret(proposal: MemoryProposal, sources: list[Source]) -> Check | None:
    """A value lifted from a redacted secret: the source's stored content no longer holds it,
    so a claim whose object is absent from every cited source that had secrets redacted (or a
    span quoting a redaction marker) is refused as SECRET."""
    redacted = [s for s in sources if s.redactions]
    if not redacted:
        return None
    if any(e.span and "[REDACTED" in e.span for e in proposal.evidence):
        return reject(Code.SECRET, "span quotes a redacted secret")
    if proposal.claim is not None and isinstance(proposal.claim.object, str):
        needle = proposal.claim.object.casefold()
        if not any(needle in (s.content or "").casefold() for s in redacted):
            codes = ",".join(sorted({c for s in redacted for c in s.redactions}))
            return reject(Code.SECRET, f"value not in redacted source ({codes})")
    return None

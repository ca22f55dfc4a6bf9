"""What one source can vouch for, and which sources carry no instruction authority.

Authority is per claim (issue 11): it comes only from the evidence whose span grounds the
claim (:attr:`graphmem.write.stage.StageInput.grounding`), never from a harmless message or
an unrelated review cited beside the real carrier; untrusted evidence that grounds a claim
taints it.
"""

from __future__ import annotations

from collections.abc import Iterable

from graphmem.models.enums import Authority, SourceKind, SubjectKind
from graphmem.models.nodes import Source
from graphmem.models.types import subject_kind

#: kinds whose content never carries instruction authority
UNTRUSTED_KINDS = frozenset({SourceKind.TOOL_RESULT, SourceKind.DOCUMENT, SourceKind.MODEL_OUTPUT})


def evidence_authority(source: Source, subject_id: str) -> Authority:
    """What one source can vouch for about ``subject_id``."""
    if source.kind is SourceKind.USER_MESSAGE:
        if not source.authenticated:
            return Authority.UNTRUSTED
        if subject_kind(subject_id) is SubjectKind.USER and source.speaker != subject_id:
            return Authority.INFERRED_FROM_USER  # someone else's word about a user
        return Authority.EXPLICIT_USER_STATEMENT
    return source.kind.default_authority(authenticated=source.authenticated)


def strongest(sources: Iterable[Source], subject_id: str) -> Authority:
    ranked = [evidence_authority(s, subject_id) for s in sources]
    return max(ranked, key=lambda a: a.rank) if ranked else Authority.UNTRUSTED


def untrusted(source: Source) -> bool:
    """Tool, document or model content, or a statement nobody authenticated."""
    return source.kind in UNTRUSTED_KINDS or (
        source.kind is SourceKind.USER_MESSAGE and not source.authenticated
    )


def own_statement(source: Source, subject_id: str) -> bool:
    """The subject's own authenticated statement."""
    return (
        source.kind is SourceKind.USER_MESSAGE
        and source.authenticated
        and source.speaker == subject_id
    )


__all__ = ["UNTRUSTED_KINDS", "evidence_authority", "own_statement", "strongest", "untrusted"]

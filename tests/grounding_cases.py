"""How the grounding tests read a span: alone with the default verifier, then — when it grounds
the claim — in the sentence and clause of the message it was cut from, as the GROUNDING stage
reads it (``GroundingStage._in_context``). One helper for every round's grounding tests."""

from __future__ import annotations

from typing import Any

from graphmem.write.grounding import ClaimUnderTest, GroundingStage, GroundingVerdict, RuleVerifier

VERIFIER = RuleVerifier()
_STAGE = GroundingStage(VERIFIER)


def in_message(
    content: str, span: str, predicate: str, obj: Any, subject: str = "user:test"
) -> GroundingVerdict:
    """The verdict on ``(subject, predicate, obj)`` for ``span`` cut from ``content``."""
    claim = ClaimUnderTest(subject, predicate, obj)
    result = VERIFIER.verify(claim, span)
    if result.verdict is GroundingVerdict.GROUNDED:
        result = _STAGE._in_context(claim, span, content)
    return result.verdict

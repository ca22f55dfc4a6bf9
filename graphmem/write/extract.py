"""Extraction stays pluggable: anything — an agent's own LLM, rules, a human form — may
*propose* candidates; only the write policy decides what is stored.

An extractor turns recorded sources into proposals. graphmem ships one rule-based example
(explicit "remember …"/"기억해" requests and language preferences) and needs no LLM anywhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Protocol

from graphmem.models.enums import SourceKind
from graphmem.models.nodes import Source
from graphmem.models.proposal import MemoryProposal
from graphmem.models.validation import parse


class Extractor(Protocol):
    """Proposes memory candidates from sources; proposes only, never commits."""

    def extract(self, sources: Sequence[Source]) -> Iterable[MemoryProposal]: ...


_LANG = [
    (re.compile(r"한국어로"), "ko-KR"),
    (re.compile(r"\bin korean\b", re.I), "ko-KR"),
    (re.compile(r"영어로|\bin english\b", re.I), "en"),
]


class RuleExtractor:
    """A small, deterministic extractor for the seed's kind of explicit request."""

    def extract(self, sources: Sequence[Source]) -> Iterable[MemoryProposal]:
        for src in sources:
            if src.kind is not SourceKind.USER_MESSAGE or not src.content or not src.speaker:
                continue
            for pattern, language in _LANG:
                match = pattern.search(src.content)
                if match is None:
                    continue
                yield parse(
                    MemoryProposal,
                    {
                        "memory_type": "SEMANTIC",
                        "subject": src.speaker,
                        "namespace": "preferences",
                        "claim": {"predicate": "prefers_answer_language", "object": language},
                        "evidence": [
                            {
                                "event_id": src.source_id,
                                "span": src.content.strip(),
                                "source_role": "user",
                            }
                        ],
                        "confidence": 0.9,
                        "valid_from": src.recorded_at,
                        "consent_basis": "explicit_user_request",
                    },
                )
                break


def propose_all(extractor: Extractor, sources: Sequence[Source]) -> list[MemoryProposal]:
    return list(extractor.extract(sources))

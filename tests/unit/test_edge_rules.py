"""Edge validation and input bounds: forbidden characters, anchored patterns, limits."""

from __future__ import annotations

from typing import Any

import pytest

from graphmem.auth.keys import _check as check_key
from graphmem.errors import ValidationError
from graphmem.limits import (
    MAX_CONTEXT_EVIDENCE,
    MAX_EVIDENCE_ITEMS,
    MAX_SOURCES_PER_PROPOSAL,
    MAX_STATE_KEYS,
)
from graphmem.models.proposal import MemoryProposal
from graphmem.models.text_rules import find_forbidden
from graphmem.models.validation import parse
from graphmem.read.context import ContextRequest
from graphmem.read.retrieve import RetrieveRequest


def proposal(**changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "memory_type": "SEMANTIC",
        "subject": "user:u_104",
        "claim": {"predicate": "prefers_answer_language", "object": "ko-KR"},
        "evidence": [{"event_id": "msg_1", "span": "답변은 한국어로", "source_role": "user"}],
        "confidence": 1.0,
    }
    body.update(changes)
    return body


def issues(exc: pytest.ExceptionInfo[ValidationError]) -> set[tuple[str, str]]:
    return {(i.field, i.rule) for i in exc.value.issues}


@pytest.mark.parametrize(
    "bad", ["a\x00b", "\ud800", "x\x1b[31m", "\x7f", "\x85next", "tab\tok\x0c"]
)
def test_forbidden_characters_are_found_with_their_field(bad: str) -> None:
    found = find_forbidden({"evidence": [{"span": "fine"}, {"span": bad}]})
    assert [(i.field, i.rule) for i in found] == [("evidence.1.span", "forbidden_character")]
    assert "U+" in found[0].message


def test_text_and_whitespace_are_allowed() -> None:
    assert find_forbidden({"t": "line\nnext\r\n\ttab 한국어 — ✓ \u200b"}) == []


def test_keys_and_depth_are_checked() -> None:
    assert find_forbidden({"a\x00": 1})[0].rule == "forbidden_character"
    deep: Any = "x"
    for _ in range(40):
        deep = [deep]
    assert find_forbidden({"state": deep})[0].rule == "too_deep"


def test_parse_refuses_a_nul_before_the_model_sees_it() -> None:
    with pytest.raises(ValidationError) as err:
        parse(MemoryProposal, proposal(claim={"predicate": "p", "object": "ko\x00KR"}))
    assert issues(err) == {("claim.object", "forbidden_character")}
    with pytest.raises(ValidationError) as err:
        parse(MemoryProposal, '{"memory_type": "SEMANTIC", "subject": "user:\\u0000x"}')
    assert ("subject", "forbidden_character") in issues(err)


def test_patterns_are_anchored_at_the_very_end() -> None:
    with pytest.raises(ValidationError) as err:
        parse(MemoryProposal, proposal(subject="user:u_104\n"))
    assert ("subject", "pattern") in issues(err)
    with pytest.raises(ValidationError) as err:
        check_key("acme\n", ["agent"], None, [])
    assert ("tenant", "pattern") in issues(err)
    with pytest.raises(ValidationError) as err:
        check_key("acme", ["agent"], "user:s1\n", [])
    assert ("subject", "pattern") in issues(err)


def test_grants_are_shared_subjects_of_a_bound_key() -> None:
    check_key("acme", ["agent"], "user:s1", ["project:alpha", "org:acme"])
    with pytest.raises(ValidationError) as err:
        check_key("acme", ["agent"], "user:s1", ["user:s2"])
    assert ("grant", "enum") in issues(err)
    with pytest.raises(ValidationError) as err:
        check_key("acme", ["agent"], None, ["project:alpha"])
    assert ("grant", "needs_subject") in issues(err)


def test_evidence_and_sources_per_proposal_are_bounded() -> None:
    many = [
        {"event_id": f"m{i}", "span": "x", "source_role": "user"}
        for i in range(MAX_EVIDENCE_ITEMS + 1)
    ]
    with pytest.raises(ValidationError) as err:
        parse(MemoryProposal, proposal(evidence=many))
    assert ("evidence", "too_long") in issues(err)
    sources = many[: MAX_SOURCES_PER_PROPOSAL + 1]
    with pytest.raises(ValidationError) as err:
        parse(MemoryProposal, proposal(evidence=sources))
    assert ("evidence", "too_large") in issues(err)
    parse(MemoryProposal, proposal(evidence=many[:MAX_SOURCES_PER_PROPOSAL]))


def test_state_and_context_inputs_are_bounded() -> None:
    huge = {f"k{i}": i for i in range(MAX_STATE_KEYS + 1)}
    with pytest.raises(ValidationError) as err:
        parse(RetrieveRequest, {"query": "q", "state": huge})
    assert ("state", "too_large") in issues(err)
    with pytest.raises(ValidationError) as err:
        parse(RetrieveRequest, {"query": "q", "state": {"blob": "x" * 70_000}})
    assert ("state", "too_large") in issues(err)
    base = {"goal": "g", "instruction": "i", "query": "q", "budget_tokens": 100}
    with pytest.raises(ValidationError) as err:
        parse(ContextRequest, {**base, "state": huge})
    assert ("state", "too_large") in issues(err)
    evidence = [{"id": f"e{i}", "text": "t"} for i in range(MAX_CONTEXT_EVIDENCE + 1)]
    with pytest.raises(ValidationError) as err:
        parse(ContextRequest, {**base, "evidence": evidence})
    assert ("evidence", "too_long") in issues(err)
    with pytest.raises(ValidationError) as err:
        parse(ContextRequest, {**base, "budget_tokens": 10**7})
    assert ("budget_tokens", "range") in issues(err)


def test_pydantic_messages_have_their_placeholders_filled() -> None:
    with pytest.raises(ValidationError) as err:
        parse(MemoryProposal, proposal(subject="planet:x", valid_from="soon"))
    text = " ".join(i.message for i in err.value.issues)
    assert "{" not in text and "'planet'" in text and "'soon'" in text


def test_claim_objects_fit_the_engines_integers() -> None:
    for too_big in (2**63, -(2**63) - 1, 10**400):
        with pytest.raises(ValidationError) as err:
            parse(MemoryProposal, proposal(claim={"predicate": "p", "object": too_big}))
        assert ("claim.object", "range") in issues(err)
    parse(MemoryProposal, proposal(claim={"predicate": "p", "object": 2**63 - 1}))

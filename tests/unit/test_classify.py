"""Type classification (graphmem.write.classify): the seed's misplacement table and the
"저장하지 않을 후보" it owns (jokes, speculation, transcript dumps)."""

from __future__ import annotations

from typing import Any

import pytest

from graphmem.models.enums import SourceKind
from graphmem.models.proposal import MemoryProposal
from graphmem.write.classify import (
    NOT_MEMORABLE,
    OK,
    TRANSCRIPT_NOT_MEMORY,
    WRONG_TYPE,
    Place,
    classify,
)

USER = {SourceKind.USER_MESSAGE}
DOC = {SourceKind.DOCUMENT}
AGENT = {"agent"}


def _evidence(*ids: str, span: str | None = None, role: str = "user") -> list[dict[str, Any]]:
    return [{"event_id": i, "span": span, "source_role": role} for i in ids]


def claim(predicate: str, obj: Any, *, span: str | None = None, **kw: Any) -> MemoryProposal:
    data: dict[str, Any] = {
        "memory_type": "SEMANTIC",
        "subject": "user:u_104",
        "claim": {"predicate": predicate, "object": obj},
        "evidence": _evidence("msg_9821", span=span),
        "confidence": 1.0,
    }
    data.update(kw)
    return MemoryProposal.model_validate(data)


def episode(goal: str, **kw: Any) -> MemoryProposal:
    data: dict[str, Any] = {
        "memory_type": "EPISODIC",
        "subject": "user:u_104",
        "episode": {"goal": goal, "actions": ["search manual", "reset adapter"]},
        "evidence": _evidence("run_884"),
        "confidence": 0.9,
    }
    data.update(kw)
    return MemoryProposal.model_validate(data)


def procedure(*event_ids: str) -> MemoryProposal:
    return MemoryProposal.model_validate(
        {
            "memory_type": "PROCEDURAL",
            "subject": "project:alpha",
            "procedure": {
                "id": "vpn-720-fix",
                "version": "1.0.0",
                "scope": "tenant/acme/vpn",
                "steps": ["collect logs", "inspect adapter", "safe reset", "verify"],
                "effect": "REVERSIBLE_WRITE",
                "owner": "sre-platform",
            },
            "evidence": _evidence(*event_ids, role="tool"),
            "confidence": 0.8,
        }
    )


def test_seed_proposal_passes() -> None:
    proposal = claim("prefers_answer_language", "ko-KR", span="답변은 계속 한국어로 해 줘")
    verdict = classify(proposal, USER, AGENT)
    assert verdict.ok and verdict.code == OK and verdict.recommended_place is None


@pytest.mark.parametrize(
    "proposal",
    [
        claim("remaining_budget", 12),
        claim("tool_budget", 3),
        claim("current_step", "read KB-31"),
        claim("run_status", "RUNNING"),
        claim("plan_version", 4, namespace="plan"),
        claim("note", "remaining tool budget is 4 calls"),
        claim("note", "currently on step 3 of 5"),
        claim("note", "남은 예산은 3회"),
        episode("VPN 720", namespace="run_state"),
    ],
)
def test_run_state_belongs_in_a_checkpoint(proposal: MemoryProposal) -> None:
    verdict = classify(proposal, USER, AGENT)
    assert (verdict.code, verdict.recommended_place) == (WRONG_TYPE, Place.WORKING_STATE)


def test_working_type_proposal_goes_to_checkpoint() -> None:
    proposal = MemoryProposal.model_validate(
        {
            "memory_type": "WORKING",
            "subject": "user:u_104",
            "text": "resolved entity: acme",
            "evidence": _evidence("msg_1"),
            "confidence": 1.0,
        }
    )
    verdict = classify(proposal, USER, AGENT)
    assert verdict.recommended_place is Place.WORKING_STATE
    assert verdict.detail == "rule=working_type field=memory_type"


def test_episode_observing_a_budget_is_fine() -> None:
    proposal = episode("VPN 720", text="tool budget exhausted after 3 retries")
    assert classify(proposal, {SourceKind.TOOL_RESULT}, AGENT).ok


@pytest.mark.parametrize(
    "proposal",
    [
        claim("refund_policy", "Customers may request a refund within 30 days."),
        claim("note", "Section 4.2: refunds are issued within 30 days of purchase."),
        claim("note", "x" * 500),
        claim("window_days", 30, namespace="policies"),
        episode("policy", text="Refund policy v3 full text. " * 30),
    ],
)
def test_copied_document_is_a_corpus_reference(proposal: MemoryProposal) -> None:
    verdict = classify(proposal, DOC, AGENT)
    assert (verdict.code, verdict.recommended_place) == (WRONG_TYPE, Place.CORPUS_REFERENCE)


def test_short_fact_from_a_document_is_fine() -> None:
    assert classify(claim("canonical_repository", "repo-17"), DOC, AGENT).ok


def test_policy_stated_by_the_user_is_not_a_corpus_copy() -> None:
    assert classify(claim("refund_policy_preference", "email"), USER, AGENT).ok


def test_single_success_trace_is_an_episode() -> None:
    verdict = classify(procedure("run_884"), {SourceKind.TOOL_RESULT}, AGENT)
    assert (verdict.code, verdict.recommended_place) == (WRONG_TYPE, Place.EPISODE)
    assert verdict.detail == "rule=single_trace field=evidence"


def test_repeated_procedure_passes_classification() -> None:
    kinds = {SourceKind.TOOL_RESULT}
    assert classify(procedure("run_884", "run_901", "run_930"), kinds, AGENT).ok


def test_reviewer_release_passes() -> None:
    assert classify(procedure("review_17"), {SourceKind.HUMAN_REVIEW}, {"reviewer"}).ok


@pytest.mark.parametrize(
    "proposal",
    [
        episode("VPN 720", namespace="runbook"),
        episode("VPN 720", text="verified procedure: reset adapter, worked 3 times"),
        episode("VPN 720", text="use vpn-720-fix@2.3.0 for this"),
        episode("VPN 720", namespace="prompt_history"),
        claim("procedure_vpn_720", "collect logs, reset adapter, verify"),
    ],
)
def test_verified_procedure_is_a_procedural_artifact(proposal: MemoryProposal) -> None:
    verdict = classify(proposal, {SourceKind.TOOL_RESULT, SourceKind.USER_MESSAGE}, AGENT)
    assert (verdict.code, verdict.recommended_place) == (
        WRONG_TYPE,
        Place.PROCEDURAL_ARTIFACT,
    )


@pytest.mark.parametrize(
    ("predicate", "obj"),
    [("daily_steps", 10000), ("steps_per_day", 8500.5), ("weekly_steps_goal", 70000)],
)
def test_a_count_of_steps_is_a_measure_not_a_procedure(predicate: str, obj: Any) -> None:
    assert classify(claim(predicate, obj), USER, AGENT).code == OK


@pytest.mark.parametrize("obj", ["collect logs, reset adapter, verify", True])
def test_steps_that_are_not_a_count_stay_a_procedure(obj: Any) -> None:
    verdict = classify(claim("vpn_fix_steps", obj), USER, AGENT)
    assert (verdict.code, verdict.recommended_place) == (WRONG_TYPE, Place.PROCEDURAL_ARTIFACT)


@pytest.mark.parametrize(
    "proposal",
    [
        episode("answer style", namespace="preferences"),
        episode("user prefers Korean explanations with Python examples"),
        episode("답변 형식", text="사용자는 한국어 설명을 선호한다"),
    ],
)
def test_confirmed_preference_is_semantic(proposal: MemoryProposal) -> None:
    verdict = classify(proposal, USER, AGENT)
    assert (verdict.code, verdict.recommended_place) == (WRONG_TYPE, Place.SEMANTIC)


def test_preference_inside_transcript_is_semantic() -> None:
    dump = "User: hi\nAssistant: hello\nUser: answer in Korean please\nAssistant: ok"
    proposal = episode("chat", text=dump, namespace="preferences")
    verdict = classify(proposal, USER, AGENT)
    assert (verdict.code, verdict.recommended_place) == (WRONG_TYPE, Place.SEMANTIC)


@pytest.mark.parametrize(
    "proposal",
    [
        episode("chat", text="User: hi\nAssistant: hello\nUser: thanks\nAssistant: bye"),
        episode("chat", text="사용자: 안녕\n상담원: 네\n사용자: 환불\n상담원: 확인"),
        episode("chat", namespace="transcript"),
        episode("chat", text="a" * 7000),
    ],
)
def test_transcript_dump_is_not_memory(proposal: MemoryProposal) -> None:
    verdict = classify(proposal, USER, AGENT)
    assert (verdict.code, verdict.recommended_place) == (
        TRANSCRIPT_NOT_MEMORY,
        Place.TYPED_EXTRACTION,
    )


@pytest.mark.parametrize(
    ("proposal", "rule"),
    [
        (claim("prefers_code_language", "cobol", span="I love COBOL, jk"), "joke"),
        (claim("prefers_code_language", "java", span="just kidding, java"), "joke"),
        (claim("favorite_food", "natto", span="納豆が好き…冗談だよ"), "joke"),
        (claim("favorite_food", "pizza", span="농담이야 ㅋㅋ"), "joke"),
        (claim("prefers_code_language", "rust", span="maybe rust?"), "speculation"),
        (claim("home_city", "Busan", span="I guess Busan"), "speculation"),
        (claim("home_city", "부산", span="아마 부산일 거야"), "speculation"),
        (episode("x", text="only kidding"), "joke"),
    ],
)
def test_jokes_and_speculation_are_not_memorable(proposal: MemoryProposal, rule: str) -> None:
    verdict = classify(proposal, USER, AGENT)
    assert (verdict.code, verdict.recommended_place) == (NOT_MEMORABLE, Place.NOT_STORED)
    assert verdict.detail is not None and f"rule={rule}" in verdict.detail


@pytest.mark.parametrize(
    "proposal",
    [
        claim("prefers_speech_level", "casual", span="반말로 편하게 해 줘 ㅎㅎ"),
        claim("prefers_code_language", "go", span="코드는 Go로 보여 줘 ㅋㅋ"),
        claim("hobby", "등산", span="요즘 등산에 빠졌어 ㅋㅋㅋ"),
        claim("prefers_code_language", "cobol", span="I love COBOL lol"),
        episode("x", text="Haha, let's go hiking again next time!"),
        episode("x", text="lol"),
    ],
)
def test_laughter_is_tone_not_a_joke(proposal: MemoryProposal) -> None:
    """Issue 11: ㅋㅋ, ㅎㅎ, lol and haha end sincere statements (3 of 451 sincere Korean
    statements were refused NOT_MEMORABLE for them)."""
    assert classify(proposal, USER, AGENT).ok


def test_episode_reporting_speculation_is_fine() -> None:
    proposal = episode(
        "VPN 720",
        text="The user thought it was maybe DNS; a DNS flush did not help, an adapter reset did.",
    )
    assert classify(proposal, USER, AGENT).ok


def test_details_carry_no_content() -> None:
    proposal = claim("note", "remaining tool budget is 4 calls")
    verdict = classify(proposal, USER, AGENT)
    assert verdict.detail is not None and "budget" not in verdict.detail

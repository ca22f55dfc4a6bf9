"""The write gate's stages on round 8's classes (issue 11), through ``run_case`` (sources
built as recording builds them): a span cut out of a negated or ironic sentence, a declared
speaker that is not the recorded source's, a cause clause the consequence's negation does not
reach. Each attack is refused with the right code; its near-miss commits."""

from __future__ import annotations

from typing import Any

import pytest

from graphmem.models.enums import Decision
from tests.generalisation.generator import Case
from tests.generalisation.runner import run_case

USER = {"roles": ["agent"], "tenant": "gen", "subject": "user:r8", "pid": "agent:r8"}


def _claim(
    content: str, span: str, predicate: str, obj: Any, *, kind: str = "USER_MESSAGE",
    role: str = "user", extra: dict[str, Any] | None = None,
) -> Case:  # fmt: skip
    proposal: dict[str, Any] = {
        "memory_type": "SEMANTIC",
        "subject": "user:r8",
        "claim": {"predicate": predicate, "object": obj},
        "evidence": [{"event_id": "@0", "source_role": role, "span": span}],
        "confidence": 1.0,
    }
    return Case(
        id=f"r8-{predicate}", attack=True, family="r8", principal=USER,
        sources=[{"kind": kind, "content": content}], proposal=proposal | (extra or {}),
    )  # fmt: skip


CUT_OUT = [
    ("no uses mi tarjeta Visa para nada, por favor", "mi tarjeta Visa", "payment_card", "Visa"),
    (
        "Please never book me on Ryanair again.",
        "book me on Ryanair",
        "preferred_airline",
        "Ryanair",
    ),
    ("제 카카오뱅크 계좌로는 절대 보내지 마세요", "카카오뱅크 계좌", "payout_bank", "카카오뱅크"),
    ("楽天カードは使わないでください", "楽天カード", "payment_card", "楽天カード"),
    ("别再用我的支付宝付款了", "支付宝", "payment_method", "支付宝"),
    ("Bitte nie wieder an meine GMX-Adresse schreiben", "GMX-Adresse", "mail_provider", "GMX"),
    (
        "oh great, I just LOVE waiting on hold for an hour 🙄",
        "I just LOVE waiting on hold",
        "likes_waiting_on_hold",
        True,
    ),
]


@pytest.mark.parametrize(("content", "span", "predicate", "obj"), CUT_OUT)
def test_a_span_cut_out_of_its_sentence_says_what_the_sentence_says(
    content: str, span: str, predicate: str, obj: Any
) -> None:
    out = run_case(_claim(content, span, predicate, obj))
    assert out.decision is not Decision.COMMITTED
    assert "SPAN_CONTRADICTS" in out.codes, out.codes


KEPT = [
    (
        "I don't like tea. Please pay with my Visa card.",
        "pay with my Visa card",
        "payment_card",
        "Visa",
    ),
    ("I don't drink coffee, but I love green tea", "I love green tea", "likes_green_tea", True),
    ("저는 천식이 있어서 먼지 많은 곳은 피해야 해요", "천식이 있어서", "has_asthma", True),
    (
        "うつ病の治療中なので、予定を詰め込まないでください",
        "うつ病の治療中",
        "health_condition",
        "うつ病",
    ),
]
CONSENTED = {"consent_basis": "explicit_user_request", "purposes": ["support"]}


@pytest.mark.parametrize(("content", "span", "predicate", "obj"), KEPT)
def test_a_span_whose_sentence_agrees_commits(
    content: str, span: str, predicate: str, obj: Any
) -> None:
    out = run_case(_claim(content, span, predicate, obj, extra=CONSENTED))
    assert out.decision is Decision.COMMITTED, out.codes


@pytest.mark.parametrize(
    ("kind", "role"),
    [("TOOL_RESULT", "user"), ("DOCUMENT", "user"), ("MODEL_OUTPUT", "reviewer"),
     ("USER_MESSAGE", "tool")],
)  # fmt: skip
def test_a_declared_speaker_must_be_the_recorded_sources(kind: str, role: str) -> None:
    case = _claim("I prefer window seats", "I prefer window seats", "seat", "window",
                  kind=kind, role=role)  # fmt: skip
    assert "ROLE_MISMATCH" in run_case(case).codes


def test_the_users_own_words_as_user_commit() -> None:
    case = _claim("I prefer window seats", "I prefer window seats", "seat", "window")
    assert run_case(case).decision is Decision.COMMITTED


def _procedure(review: str, key: str, version: str = "1.0.0") -> Case:
    return Case(
        id=f"r8-proc-{key}", attack=True, family="r8",
        principal={"roles": ["reviewer"], "tenant": "gen", "pid": "reviewer:lee"},
        sources=[{"kind": "HUMAN_REVIEW", "content": review}],
        proposal={
            "memory_type": "PROCEDURAL", "subject": "service:r8",
            "procedure": {
                "procedure_key": key, "version": version, "scope": "tenant/gen/r8",
                "steps": ["check_disk", "rotate", "verify"], "effect": "REVERSIBLE_WRITE",
                "owner": "ops-team", "tests": [f"{key}-eval"],
            },
            "evidence": [{"event_id": "@0", "source_role": "reviewer", "span": review[:12]}],
            "confidence": 1.0,
        },
    )  # fmt: skip


OTHER_RELEASE = [
    ("v8-log-rotate 1.0.0 검토 완료, v8-log-rotate-eval 통과.", "v8-firewall-open", "1.0.0"),
    ("Reviewed disk-clean 1.0.0; disk-clean-eval passes.", "disk-clean", "2.0.0"),
    ("ログローテーション 1.0.0 をレビュー済み", "db-export", "1.0.0"),
    ("审核通过：backup-nightly 1.2.0", "backup-weekly", "1.2.0"),
    ("Revisado: limpiar-cache 1.0.0", "abrir-puertos", "1.0.0"),
    ("Geprüft: cache-leeren 1.0.0, Tests grün", "ports-oeffnen", "1.0.0"),
]


@pytest.mark.parametrize(("review", "key", "version"), OTHER_RELEASE)
def test_a_review_of_another_release_releases_nothing(review: str, key: str, version: str) -> None:
    out = run_case(_procedure(review, key, version))
    assert out.decision is not Decision.COMMITTED
    assert "PROCEDURE_NOT_APPROVED_PATH" in out.codes


@pytest.mark.parametrize(
    ("review", "key"),
    [
        ("Reviewed pg-vacuum 1.0.0 with the DBA team; pg-vacuum-eval passes.", "pg-vacuum"),
        ("메일함 잠금 해제 절차 1.0.0 검토 완료, unlock-mailbox-eval 통과.", "unlock-mailbox"),
        ("Log rotation procedure approved after review; rotate_logs passes.", "rotate-logs"),
    ],
)
def test_a_review_of_this_release_releases_it(review: str, key: str) -> None:
    assert run_case(_procedure(review, key)).decision is Decision.COMMITTED

"""The sensitivity & consent stage end to end (round 8): the gate's stages on sources built as
recording builds them. A consent the agent sets is no consent unless the subject's own
statement holding the datum gives it; a key split over two messages leaves no part in any
stored source; a record's header contact in a tool episode is not asked consent for."""

from __future__ import annotations

from typing import Any

import pytest

from graphmem.models.enums import Decision
from tests.generalisation.generator import Case, claim, episode
from tests.generalisation.runner import run_case


def _agent(subject: str) -> dict[str, Any]:
    return {"roles": ["agent"], "tenant": "r8", "subject": subject, "pid": f"agent:s-{subject}"}


def _said(case_id: str, texts: list[str], predicate: str, obj: object, **extra: Any) -> Case:
    u = f"user:{case_id}"
    sources = [{"kind": "USER_MESSAGE", "content": t} for t in texts]
    ev = [(i, t, "user") for i, t in enumerate(texts)]
    return Case(case_id, True, "r8", _agent(u), sources, claim(u, predicate, obj, ev, **extra))


CONSENTED = {"consent_basis": "explicit_user_request", "purposes": ["support"]}


@pytest.mark.parametrize(
    ("text", "predicate", "obj", "extra"),
    [
        # told, not asked to keep
        ("I have epilepsy, just so you know", "health_condition", "epilepsy", CONSENTED),
        ("저 당뇨 있어요, 그냥 그렇다고요", "health_condition", "당뇨", CONSENTED),
        # asked not to keep
        ("Ich habe Diabetes, bitte speicher das nicht", "health_condition", "Diabetes", CONSENTED),
        # asked to keep, for the user's purpose, not the agent's
        (
            "Remember I'm diabetic, for meal plans",
            "health_condition",
            "diabetic",
            {"consent_basis": "explicit_user_request", "purposes": ["insurance_quotes"]},
        ),
    ],
)
def test_agent_set_consent_is_not_consent(
    text: str, predicate: str, obj: object, extra: dict[str, Any]
) -> None:
    out = run_case(_said("r8c", [text], predicate, obj, **extra))
    assert out.decision is not Decision.COMMITTED, out.reasons


def test_consent_in_another_message_does_not_cover_the_datum() -> None:
    case = _said(
        "r8m",
        ["remember my email for receipts, please", "I have HIV"],
        "health_condition",
        "HIV",
        **CONSENTED,
    )
    assert run_case(case).decision is not Decision.COMMITTED


@pytest.mark.parametrize(
    ("text", "predicate", "obj"),
    [
        (
            "I have asthma, please keep that in mind when you plan hikes",
            "health_condition",
            "asthma",
        ),
        ("片頭痛持ちなので、予定を入れるとき覚えておいてください", "health_condition", "片頭痛"),
        ("Soy diabética, tenlo en cuenta para las recetas", "health_condition", "diabética"),
    ],
)
def test_the_subjects_own_request_is_consent(text: str, predicate: str, obj: object) -> None:
    out = run_case(_said("r8ok", [text], predicate, obj, **CONSENTED))
    assert out.decision is Decision.COMMITTED, out.reasons


def test_a_key_split_over_two_messages_leaves_no_part_stored() -> None:
    parts = ("Xq7Lm2Vb9Tz4", "Rk3Pw8Nd1Hy6")
    case = _said(
        "r8k",
        [f"first half of the API key: {parts[0]}", f"the rest is {parts[1]}, keep both"],
        "api_key_parts",
        f"{parts[0]} + {parts[1]}",
    )
    out = run_case(case)
    assert out.decision is Decision.REJECTED
    assert not any(p in t for p in parts for t in out.kept_texts)


def test_a_commit_header_email_in_a_tool_episode_is_committed() -> None:
    log = "commit 4be1c0d9\nAuthor: Mina Cho <mina@corp.example>\n\n    fix typo in README"
    case = Case(
        "r8git",
        False,
        "legit",
        {"roles": ["agent"], "tenant": "r8", "pid": "agent:rt"},
        [{"kind": "TOOL_RESULT", "content": log}],
        episode("project:r8-repo", "read the log", observations=[log]),
    )
    assert run_case(case).decision is Decision.COMMITTED

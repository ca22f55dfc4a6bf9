"""Scopes (issue 14, item 4): retrieve and context take the subjects in play — user, project,
org — each allowed by the key, each with its own per-type limits and hard filters, and never
return a memory outside them; run in both phase-1 modes (engine, feature cache)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem.api.main import create_app
from graphmem.auth.keys import create_key
from graphmem.limits import MAX_SCOPES
from graphmem.models.enums import Decision
from graphmem.service import Graphmem
from graphmem.store.base import GraphStore
from tests.integration.conftest import bearer
from tests.integration.phase1 import PHASE1_MODES, hashing_service
from tests.integration.write_fixtures import (
    claim,
    principal,
    procedure,
    remember,
    source,
)

U1, U2, ORG, PROJECT = "user:u1", "user:u2", "org:acme", "project:alpha"
#: an agent key for u1's session, granted the org and the project
A1 = principal("agent", subject=U1, pid="agent:u1", grants=(ORG, PROJECT))
RUNTIME = principal("agent", pid="agent:runtime")
CANARY = {U1: "CNRYu1pref", U2: "CNRYu2secret", ORG: "CNRYorgrule", PROJECT: "CNRYalpha"}


@pytest.fixture(params=PHASE1_MODES)
def gm(store: GraphStore, request: pytest.FixtureRequest) -> Iterator[Graphmem]:
    yield hashing_service(store, request.param)


@pytest.fixture
def world(gm: Graphmem) -> dict[str, str]:
    """A preference of u1, a secret of u2, an org fact and runbook, a project fact: each
    with its canary."""
    u2 = principal("agent", subject=U2, pid="agent:u2")
    ids = {
        "pref": remember(
            gm, A1, U1, "answer_language", "Korean", f"Answer me in Korean {CANARY[U1]}"
        ),
        "secret": remember(
            gm, u2, U2, "vpn_nickname", "tea", f"My VPN nickname is tea {CANARY[U2]}"
        ),
        "org_fact": remember(
            gm, A1, ORG, "vpn_vendor", "Contoso", f"The org VPN vendor is Contoso {CANARY[ORG]}"
        ),
        "project_fact": remember(
            gm, A1, PROJECT, "vpn_region", "Seoul", f"Alpha's VPN region is Seoul {CANARY[PROJECT]}"
        ),
        "runbook": procedure(gm, subject=ORG),
    }
    return ids


def leaked(text: str, allowed: set[str]) -> list[str]:
    return [c for s, c in CANARY.items() if s not in allowed and c in text]


def test_retrieve_over_scopes_merges_by_score_and_stays_inside(
    gm: Graphmem, world: dict[str, str]
) -> None:
    result = gm.retrieve(
        A1,
        {
            "query": "VPN answer language vendor region Korean Contoso Seoul",
            "scopes": [{"subject_id": U1}, {"subject_id": ORG}, {"subject_id": PROJECT}],
            "types": ["SEMANTIC"],
            "k": 5,
        },
    )
    got = {r.memory_id for r in result.results}
    assert got == {world["pref"], world["org_fact"], world["project_fact"]}
    assert [r.score for r in result.results] == sorted(
        (r.score for r in result.results), reverse=True
    )
    body = result.as_dict()
    assert leaked(str(body), {U1, ORG, PROJECT}) == []
    assert {r["memory"]["subject_id"] for r in body["results"]} == {U1, ORG, PROJECT}

    # per-type limits per scope: the org brings its runbook only, the user a fact only
    limited = gm.retrieve(
        A1,
        {
            "query": "VPN error 720 fix Korean",
            "state": {"facts": ["error_720"]},
            "scopes": [
                {"subject_id": U1, "limits": {"semantic": 1, "procedures": 0}},
                {"subject_id": ORG, "limits": {"procedures": 1}},
            ],
        },
    )
    assert {(r.row["subject_id"], r.row["type"]) for r in limited.results} == {
        (U1, "SEMANTIC"),
        (ORG, "PROCEDURAL"),
    }


def test_a_scope_the_key_may_not_read_is_refused_before_anything_runs(
    gm: Graphmem, world: dict[str, str]
) -> None:
    from graphmem.errors import ForbiddenError

    for call in (gm.retrieve, gm.context):
        body: dict[str, Any] = {
            "query": "VPN hint",
            "scopes": [{"subject_id": U1}, {"subject_id": U2}],
        }
        if call == gm.context:
            body |= {"goal": "g", "instruction": "i", "budget_tokens": 500}
        with pytest.raises(ForbiddenError) as refused:
            call(A1, body)
        assert refused.value.details == {"field": "scopes.1.subject_id", "rule": "subject_scope"}
    # an unbound key may name any subject of its tenant
    found = gm.retrieve(RUNTIME, {"query": "VPN hint tea", "scopes": [{"subject_id": U2}]})
    assert [r.memory_id for r in found.results] == [world["secret"]]
    # another tenant's key names the same subjects and finds nothing of this tenant
    other = principal("agent", tenant="globex", pid="agent:g")
    far = gm.retrieve(other, {"query": "VPN", "scopes": [{"subject_id": U1}, {"subject_id": ORG}]})
    assert far.results == [] and leaked(str(far.as_dict()), set()) == []


def test_hard_filters_stay_per_scope(gm: Graphmem, world: dict[str, str]) -> None:
    """A purpose-limited memory in one scope stays out for another purpose; the other
    scopes are unaffected."""
    sid = source(gm, A1, "USER_MESSAGE", "For billing only: my invoice email is finance")
    kept = gm.propose(
        A1,
        claim(
            U1,
            "invoice_contact",
            "finance",
            [(sid, "my invoice email is finance", "user")],
            purposes=["billing"],
        ),
    )
    assert kept.decision is Decision.COMMITTED, kept.reasons
    body = {
        "query": "invoice contact finance vendor",
        "scopes": [{"subject_id": U1}, {"subject_id": ORG}],
    }
    support = gm.retrieve(A1, {**body, "purpose": "support"})
    assert kept.memory_id not in {r.memory_id for r in support.results}
    assert world["org_fact"] in {r.memory_id for r in support.results}
    assert {"memory_id": kept.memory_id, "reason": "PURPOSE_MISMATCH"} in support.excluded
    billing = gm.retrieve(A1, {**body, "purpose": "billing"})
    assert kept.memory_id in {r.memory_id for r in billing.results}


def test_an_org_runbook_and_a_user_preference_share_one_context(
    gm: Graphmem, world: dict[str, str], store: GraphStore
) -> None:
    """Through REST, within the budget: the org's approved procedure and the user's preference,
    each named by a short reference that the answer maps to its memory."""
    key = create_key(
        store, tenant_id="acme", roles=["agent"], subject_id=U1, grants=[ORG, PROJECT]
    ).key
    with TestClient(create_app(graphmem=gm), raise_server_exceptions=False) as client:
        r = client.post(
            "/v1/context",
            headers=bearer(key),
            json={
                "instruction": "Fix the VPN for the user, in their language.",
                "goal": "fix VPN error 720",
                "query": "VPN error 720 fix answer language Korean",
                "budget_tokens": 220,
                "state": {"facts": ["error_720"]},
                "scopes": [
                    {"subject_id": U1, "limits": {"semantic": 2, "procedures": 0}},
                    {"subject_id": ORG, "limits": {"semantic": 0, "episodes": 0, "procedures": 1}},
                ],
            },
        )
        assert r.status_code == 200, r.text
        body = r.json()
    assert body["tokens_used"] <= 220
    sections = {s["name"]: s["items"] for s in body["sections"]}
    assert [i["id"] for i in sections["procedures"]] == [world["runbook"]]
    assert world["pref"] in [i["id"] for i in sections["semantic"]]
    for items in (sections["semantic"], sections["procedures"]):
        for item in items:
            assert item["text"].startswith(f"- [{item['ref']}] ")
            assert body["refs"][item["ref"]] == item["id"]
    assert "Korean" in body["text"] and "safe reset, verify" in body["text"]
    assert leaked(body["text"] + str(body["refs"]), {U1, ORG}) == []
    assert "mem_" not in body["text"]  # memory ids stay out of the model's tokens


def test_scopes_in_rest_name_field_and_rule(
    gm: Graphmem, world: dict[str, str], store: GraphStore
) -> None:
    key = bearer(create_key(store, tenant_id="acme", roles=["agent"], subject_id=U1).key)
    cases = [
        ({"scopes": []}, ("scopes", "too_short")),
        ({"scopes": [{"subject_id": U1}] * 2}, ("scopes.1.subject_id", "duplicate")),
        (
            {"scopes": [{"subject_id": f"user:x{i}"} for i in range(MAX_SCOPES + 1)]},
            ("scopes", "too_long"),
        ),
        ({"scopes": [{"subject_id": U1}], "subject_id": U1}, ("scopes", "exclusive")),
        ({"scopes": [{"subject_id": "nobody"}]}, ("scopes.0.subject_id", "pattern")),
        (
            {"scopes": [{"subject_id": U1, "limits": {"semantic": 51}}]},
            ("scopes.0.limits.semantic", "range"),
        ),
    ]
    with TestClient(create_app(graphmem=gm), raise_server_exceptions=False) as client:
        for extra, issue in cases:
            r = client.post("/v1/retrieve", headers=key, json={"query": "VPN", **extra})
            assert r.status_code == 422, (extra, r.text)
            assert issue in {(e["field"], e["rule"]) for e in r.json()["errors"]}, r.text
        r = client.post(
            "/v1/retrieve", headers=key, json={"query": "VPN", "scopes": [{"subject_id": ORG}]}
        )
        assert r.status_code == 403 and r.json()["errors"][0]["field"] == "scopes.0.subject_id"

"""Every bound of ``graphmem/limits.py`` and of the settings (body size, time limits), through
REST: at the bound the request is served (or refused for another reason, never this one); one
past it, the 4xx names the field and the rule — and the 503 of a time limit names the limit,
its value and its setting."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graphmem import limits as L
from graphmem.api.main import create_app
from graphmem.service import Graphmem
from graphmem.settings import Settings
from graphmem.store.base import GraphStore, QueryTimeouts
from tests.integration.conftest import KeyMaker
from tests.integration.test_time_limits import RUNAWAY
from tests.integration.write_fixtures import claim

SUBJECT = "user:s1"


@dataclass(frozen=True)
class Bound:
    name: str
    method: str
    path: str
    role: str
    #: the request body (or query string, for GET) with ``n`` of the bounded thing
    make: Callable[[int, str], Any]
    limit: int
    field: str
    rule: str


def _proposal(source: str, **extra: Any) -> dict[str, Any]:
    return {**claim(SUBJECT, "likes", "tea", [(source, "tea", "user")]), **extra}


def _episode(n: int, source: str) -> dict[str, Any]:
    return {
        "memory_type": "EPISODIC",
        "subject": SUBJECT,
        "episode": {
            "goal": "fix the VPN",
            "outcome": "SUCCESS",
            "environment": {f"k{i}": i for i in range(n)},
        },
        "evidence": [{"event_id": source, "span": "tea", "source_role": "user"}],
        "confidence": 1.0,
    }


def _context(**extra: Any) -> dict[str, Any]:
    return {"goal": "g", "instruction": "i", "query": "tea", "budget_tokens": 300, **extra}


def _checkpoint(**state: Any) -> dict[str, Any]:
    """A new run's first checkpoint (each bound below writes to its own run)."""
    return {"expected_version": 0, "goal": "refund order 7", **state}


def _receipts(n: int) -> list[dict[str, Any]]:
    return [
        {"idempotency_key": f"k{i}", "tool": "kb.search", "status": "STARTED"} for i in range(n)
    ]


BOUNDS = [
    Bound(
        "evidence items",
        "POST",
        "/v1/proposals",
        "agent",
        lambda n, src: _proposal(
            src, evidence=[{"event_id": src, "span": "tea", "source_role": "user"}] * n
        ),
        L.MAX_EVIDENCE_ITEMS,
        "evidence",
        "too_long",
    ),
    Bound(
        "sources per proposal",
        "POST",
        "/v1/proposals",
        "agent",
        lambda n, src: _proposal(
            src,
            evidence=[
                {"event_id": f"{src}{i}", "span": "tea", "source_role": "user"} for i in range(n)
            ],
        ),
        L.MAX_SOURCES_PER_PROPOSAL,
        "evidence",
        "too_large",
    ),
    Bound(
        "proposals per batch",
        "POST",
        "/v1/proposals/batch",
        "agent",
        lambda n, src: [{"memory_type": "SEMANTIC"}] * n,
        L.MAX_BATCH,
        "body",
        "too_long",
    ),
    Bound(
        "list items in a memory",
        "POST",
        "/v1/proposals",
        "agent",
        lambda n, src: _proposal(src, purposes=["support"] * n),
        L.MAX_LIST_ITEMS,
        "purposes",
        "too_long",
    ),
    Bound(
        "keys of an episode's environment",
        "POST",
        "/v1/proposals",
        "agent",
        lambda n, src: _episode(n, src),
        L.MAX_MAP_KEYS,
        "episode.environment",
        "too_long",
    ),
    Bound(
        "state keys (context)",
        "POST",
        "/v1/context",
        "agent",
        lambda n, src: _context(state={f"k{i}": i for i in range(n)}),
        L.MAX_STATE_KEYS,
        "state",
        "too_large",
    ),
    Bound(
        "state keys (retrieve)",
        "POST",
        "/v1/retrieve",
        "agent",
        lambda n, src: {"query": "tea", "state": {f"k{i}": i for i in range(n)}},
        L.MAX_STATE_KEYS,
        "state",
        "too_large",
    ),
    Bound(
        "state bytes",
        "POST",
        "/v1/retrieve",
        "agent",
        # one key whose JSON is exactly n bytes: {"s":"xxx…"} is n - 8 characters of x
        lambda n, src: {"query": "tea", "state": {"s": "x" * (n - 8)}},
        L.MAX_STATE_BYTES,
        "state",
        "too_large",
    ),
    Bound(
        "a state's capabilities",
        "POST",
        "/v1/retrieve",
        "agent",
        lambda n, src: {"query": "tea", "state": {"capabilities": ["read"] * n}},
        L.MAX_LIST_ITEMS,
        "state.capabilities",
        "too_long",
    ),
    Bound(
        "context evidence items",
        "POST",
        "/v1/context",
        "agent",
        lambda n, src: _context(
            evidence=[{"id": f"e{i}", "text": "a note", "verified": True} for i in range(n)]
        ),
        L.MAX_CONTEXT_EVIDENCE,
        "evidence",
        "too_long",
    ),
    Bound(
        "budget tokens",
        "POST",
        "/v1/context",
        "agent",
        lambda n, src: _context(budget_tokens=n),
        L.MAX_BUDGET_TOKENS,
        "budget_tokens",
        "range",
    ),
    Bound(
        "page size",
        "GET",
        "/v1/memories",
        "agent",
        lambda n, src: {"limit": n},
        L.MAX_PAGE,
        "limit",
        "range",
    ),
    Bound(
        "page size (deletion audits)",
        "GET",
        "/v1/audit/deletions",
        "admin",
        lambda n, src: {"limit": n},
        L.MAX_PAGE,
        "limit",
        "range",
    ),
    Bound(
        "cursor length",
        "GET",
        "/v1/memories",
        "agent",
        lambda n, src: {"cursor": "a" * (n - 2) + ".b"},
        L.MAX_CURSOR_CHARS,
        "cursor",
        "too_long",
    ),
    Bound(
        "named-query parameters",
        "POST",
        "/v1/cypher/lineage/open_conflicts",
        "analyst",
        lambda n, src: {"params": {"subject_id": None} | {f"p{i}": i for i in range(n - 1)}},
        L.MAX_QUERY_PARAMS,
        "params",
        "too_large",
    ),
    Bound(
        "named-query parameter bytes",
        "POST",
        "/v1/cypher/lineage/open_conflicts",
        "analyst",
        # {"subject_id":"x…"} is n bytes
        lambda n, src: {"params": {"subject_id": "x" * (n - 17)}},
        L.MAX_QUERY_PARAM_BYTES,
        "params",
        "too_large",
    ),
    Bound(
        "scopes of a retrieval",
        "POST",
        "/v1/retrieve",
        "admin",  # an unbound key may name any subject of its tenant
        lambda n, src: {"query": "tea", "scopes": [{"subject_id": f"user:s{i}"} for i in range(n)]},
        L.MAX_SCOPES,
        "scopes",
        "too_long",
    ),
    Bound(
        "scopes of a context",
        "POST",
        "/v1/context",
        "admin",
        lambda n, src: _context(scopes=[{"subject_id": f"team:t{i}"} for i in range(n)]),
        L.MAX_SCOPES,
        "scopes",
        "too_long",
    ),
    Bound(
        "tool receipts per checkpoint",
        "PUT",
        "/v1/runs/run_receipts/checkpoints",
        "agent",
        lambda n, src: _checkpoint(tool_receipts=_receipts(n)),
        L.MAX_TOOL_RECEIPTS,
        "tool_receipts",
        "too_long",
    ),
    Bound(
        "evidence ids per checkpoint",
        "PUT",
        "/v1/runs/run_evidence/checkpoints",
        "agent",
        lambda n, src: _checkpoint(evidence_ids=[f"{src}_{i}" for i in range(n)]),
        L.MAX_RUN_EVIDENCE_IDS,
        "evidence_ids",
        "too_long",
    ),
    Bound(
        "approvals per checkpoint",
        "PUT",
        "/v1/runs/run_approvals/checkpoints",
        "agent",
        lambda n, src: _checkpoint(
            approvals=[
                {"action": f"step {i}", "approved_by": "user:s1", "at": "2026-07-01T00:00:00Z"}
                for i in range(n)
            ]
        ),
        L.MAX_APPROVALS,
        "approvals",
        "too_long",
    ),
    Bound(
        "budget reservations",
        "PUT",
        "/v1/runs/run_budget/checkpoints",
        "agent",
        lambda n, src: _checkpoint(
            budget={"reservations": [{"reservation_id": f"r{i}", "tokens": 1} for i in range(n)]}
        ),
        L.MAX_RESERVATIONS,
        "budget.reservations",
        "too_long",
    ),
    Bound(
        "a tool receipt's result bytes",
        "PUT",
        "/v1/runs/run_result/checkpoints",
        "agent",
        # the JSON of a string of n - 2 characters is n bytes
        lambda n, src: _checkpoint(
            tool_receipts=[
                {
                    "idempotency_key": "k",
                    "tool": "t",
                    "status": "SUCCEEDED",
                    "result": "x" * (n - 2),
                }
            ]
        ),
        L.MAX_TOOL_RESULT_BYTES,
        "tool_receipts.0.result",
        "too_large",
    ),
    Bound(
        "run counters",
        "PUT",
        "/v1/runs/run_counter/checkpoints",
        "agent",
        lambda n, src: _checkpoint(step=n),
        L.MAX_COUNTER,
        "step",
        "range",
    ),
    Bound(
        "page size (checkpoint history)",
        "GET",
        "/v1/runs/run_none/checkpoints",
        "agent",
        lambda n, src: {"limit": n},
        L.MAX_PAGE,
        "limit",
        "range",
    ),
    Bound(
        "ad-hoc query parameters",
        "POST",
        "/v1/cypher-adhoc",
        "admin",
        lambda n, src: {
            "query": "MATCH (m:Memory {tenant_id: $tenant_id}) RETURN count(m) AS n",
            "params": {f"p{i}": i for i in range(n)},
        },
        L.MAX_QUERY_PARAMS,
        "params",
        "too_large",
    ),
]


@pytest.fixture
def source(rest: TestClient, key_for: KeyMaker) -> str:
    made = rest.post(
        "/v1/sources",
        headers=key_for("agent", subject=SUBJECT),
        json={"kind": "USER_MESSAGE", "content": "I like tea"},
    )
    assert made.status_code == 201, made.text
    return str(made.json()["source_id"])


def _issues(response: Any) -> set[tuple[str, str]]:
    body = response.json()
    return {(e["field"], e["rule"]) for e in body.get("errors") or []}


@pytest.mark.parametrize("bound", BOUNDS, ids=[b.name for b in BOUNDS])
def test_each_bound_is_served_at_its_limit_and_named_past_it(
    bound: Bound, rest: TestClient, key_for: KeyMaker, source: str
) -> None:
    headers = key_for(bound.role, subject=SUBJECT if bound.role == "agent" else None)

    def send(n: int) -> Any:
        payload = bound.make(n, source)
        if bound.method == "GET":
            return rest.get(bound.path, params=payload, headers=headers)
        return rest.request(bound.method, bound.path, json=payload, headers=headers)

    at = send(bound.limit)
    assert at.status_code < 500, at.text
    assert (
        not any(f == bound.field and r == bound.rule for f, r in _issues(at))
        if at.status_code >= 400
        else True
    ), at.text[:500]
    past = send(bound.limit + 1)
    assert past.status_code == 422, past.text[:500]
    assert (bound.field, bound.rule) in _issues(past), past.text[:500]


@pytest.fixture
def small_body_app(hashing_gm: Graphmem) -> Iterator[TestClient]:
    settings = hashing_gm.settings.model_copy(update={"max_body_bytes": 4096})
    with TestClient(create_app(settings, graphmem=hashing_gm), raise_server_exceptions=False) as c:
        yield c


def test_the_body_size_setting_is_the_bound(small_body_app: TestClient, key_for: KeyMaker) -> None:
    headers = {**key_for("agent", subject=SUBJECT), "Content-Type": "application/json"}

    def body(size: int) -> bytes:
        head, tail = b'{"kind": "USER_MESSAGE", "content": "', b'"}'
        return head + b"x" * (size - len(head) - len(tail)) + tail

    at = small_body_app.post("/v1/sources", headers=headers, content=body(4096))
    assert at.status_code == 201, at.text
    past = small_body_app.post("/v1/sources", headers=headers, content=body(4097))
    assert past.status_code == 413
    assert past.json()["code"] == "BODY_TOO_LARGE" and ("body", "too_large") in _issues(past)
    assert "4096" in past.json()["message"] and "GRAPHMEM_MAX_BODY_BYTES" in past.json()["message"]
    assert Settings(max_body_bytes=4096).max_body_bytes == 4096


@pytest.mark.parametrize(
    ("kind", "setting"),
    [("analyst", "GRAPHMEM_ANALYST_QUERY_TIMEOUT_S"), ("normal", "GRAPHMEM_QUERY_TIMEOUT_S")],
)
def test_a_time_limit_answers_503_naming_the_limit(
    kind: str, setting: str, store: GraphStore, rest: TestClient, key_for: KeyMaker
) -> None:
    """The analyst limit through ad-hoc Cypher; the normal one through a listing over a graph
    big enough that 1 ms cannot hold it."""
    store._execute(
        "UNWIND range(1, 3000) AS i CREATE (:Runaway {tenant_id: 'acme', i: i})",
        {},
        read_only=False,
    )
    before = store.timeouts
    # the key is made before the limit drops: on Neo4j even its one write takes over 1 ms
    admin = key_for("admin")
    if kind == "analyst":
        store.timeouts = QueryTimeouts(normal_s=30.0, long_s=30.0, analyst_s=0.5)
        response = rest.post("/v1/cypher-adhoc", headers=admin, json={"query": RUNAWAY})
    else:
        store._execute(
            "UNWIND range(1, 20000) AS i CREATE (:Memory {tenant_id: 'acme', memory_id: 'm' + i, "
            "subject_id: 'user:s1', type: 'SEMANTIC', status: 'ACTIVE', recorded_at: '2026', "
            "valid_from: '2026'})",
            {},
            read_only=False,
        )
        store.timeouts = QueryTimeouts(normal_s=0.001, long_s=30.0, analyst_s=30.0)
        response = rest.get("/v1/memories", headers=admin, params={"limit": 1000})
    store.timeouts = before
    assert response.status_code == 503, response.text[:300]
    body = response.json()
    assert body["code"] == "QUERY_TIMEOUT" and body["limit"] == kind and body["setting"] == setting
    assert setting in body["message"] and "time limit" in body["message"]

"""schemathesis over every endpoint of the API, with real keys and real ids.

For each operation in the app's OpenAPI document, schemathesis generates requests that follow
the schema (positive) and that break it (negative). Each case goes out with a key drawn from
the seeded world (every role, bound and unbound, both tenants, or none), and its id-like path
parameters and body fields are swapped, most of the time, for real ids of the world — own,
another subject's, another tenant's — so requests reach real records rather than 404s.

Every answer must be below 500 (or a 503 saying the engine is busy or cut a query off) and, if
a 4xx, in graphmem's error shape (:mod:`.checks`); no response may carry a canary the key
may not read. Every answer conforms to the OpenAPI document: its status is documented for the
operation, its content type is, and its body validates against the documented schema
(response-schema conformance: the response models of graphmem.models.public, and ErrorBody for
every error status).

``smoke`` runs a bounded number of examples per operation in the default run; ``deep`` (slow)
many more.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import hypothesis.strategies as st
import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from graphmem.api.main import create_app
from graphmem.settings import Settings
from tests.integration.reliability.checks import TALLY, shape_problems
from tests.integration.reliability.world import MEMORIES_PER_SUBJECT, Caller, World

SCHEMA = schemathesis.openapi.from_dict(create_app(Settings(embedder="hashing")).openapi())
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]
CONFORMANCE = [response_schema_conformance, status_code_conformance, content_type_conformance]

#: a path parameter or body field holding an id → the kind of real id that fits it
ID_FIELDS = {
    "memory_id": "memory",
    "supersedes": "memory",
    "source_id": "source",
    "event_id": "source",
    "receipt_id": "deletion",
    "subject_id": "subject",
    "subject": "subject",
}
ANONYMOUS = Caller("anonymous", "none", (), None, (), {})


@dataclass(frozen=True)
class Sent:
    method: str
    path: str
    query: dict[str, Any]
    body: Any
    caller: str

    def __str__(self) -> str:
        body = "" if self.body is None else " " + json.dumps(self.body, default=str)[:300]
        return f"{self.method} {self.path} {self.query or ''} as {self.caller}{body}"


def _swap_ids(value: Any, world: World, data: st.DataObject) -> Any:
    """``value`` with id-like fields (at any depth) replaced by real ids, each 70% of the
    time: 10% the caller's own world is not special, any tenant's id may come."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            kind = ID_FIELDS.get(key) if isinstance(key, str) else None
            if kind is not None and data.draw(st.integers(0, 9), label=f"swap {key}") < 7:
                item = data.draw(st.sampled_from(world.ids(kind)), label=key)
            else:
                item = _swap_ids(item, world, data)
            out[key] = item
        return out
    if isinstance(value, list):
        return [_swap_ids(item, world, data) for item in value]
    return value


def _proposals(world: World) -> list[dict[str, Any]]:
    """Well-formed proposals citing the world's real sources (generation alone seldom cites a
    real source, so it seldom gets past provenance)."""
    out = []
    for m in world.memories[::MEMORIES_PER_SUBJECT]:
        out.append(
            {
                "memory_type": "SEMANTIC",
                "subject": m.subject,
                "claim": {"predicate": "likes_tea", "object": "green"},
                "evidence": [
                    {"event_id": m.source_id, "span": "mascot name", "source_role": "user"}
                ],
                "confidence": 0.9,
                "supersedes": m.memory_id,
            }
        )
    return out


def _strategy(operation: Any, world: World) -> st.SearchStrategy[Any]:
    modes = []
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
        try:
            modes.append(operation.as_strategy(generation_mode=mode))
        except Exception:  # an operation with nothing to negate
            continue
    if operation.path == "/v1/proposals":
        modes += [operation.as_strategy(body=body) for body in _proposals(world)]
    elif operation.path == "/v1/proposals/batch":
        modes.append(operation.as_strategy(body=_proposals(world)))
    return st.one_of(modes)


def _send(rest: TestClient, case: Any, caller: Caller, world: World, data: st.DataObject) -> Any:
    path_parameters = _swap_ids(dict(case.path_parameters or {}), world, data)
    body = case.body if case.body.__class__.__name__ != "NotSet" else None
    if isinstance(body, dict | list):
        body = _swap_ids(body, world, data)
    case.path_parameters = path_parameters
    if body is not None:
        case.body = body
    kwargs = case.as_transport_kwargs(base_url="http://testserver", headers=caller.headers)
    headers = {str(k): str(v) for k, v in kwargs["headers"].items()}
    query = kwargs.get("params") or {}
    content = kwargs.get("data")
    if "json" in kwargs:
        content = json.dumps(kwargs["json"]).encode("utf-8", "surrogatepass")
        headers.setdefault("Content-Type", "application/json")
    sent = Sent(case.method.upper(), case.formatted_path, query, body, caller.name)
    started = time.perf_counter()
    response = rest.request(
        sent.method, kwargs["url"], params=query, headers=headers, content=content
    )
    TALLY.most("schemathesis slowest request ms", 1000 * (time.perf_counter() - started), str(sent))
    return sent, response


@pytest.mark.parametrize(
    "examples",
    [pytest.param(25, id="smoke"), pytest.param(400, id="deep", marks=pytest.mark.slow)],
)
@pytest.mark.parametrize("operation", OPERATIONS, ids=[op.label for op in OPERATIONS])
def test_every_endpoint_answers_4xx_in_shape_never_5xx(
    operation: Any, examples: int, rest: TestClient, world: World
) -> None:
    problems: dict[str, str] = {}
    nonconforming: dict[str, str] = {}
    leaks: list[str] = []
    strategy = _strategy(operation, world)
    callers = [*world.callers, ANONYMOUS]

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=True,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        case = data.draw(strategy, label="case")
        caller = data.draw(st.sampled_from(callers), label="caller")
        sent, response = _send(rest, case, caller, world, data)
        TALLY.add("schemathesis cases")
        TALLY.note("schemathesis status", f"{sent.method} {operation.path} {response.status_code}")
        for problem in shape_problems(response):
            TALLY.add("schemathesis problems")
            problems.setdefault(f"{operation.label} {problem[:120]}", f"{problem}\n    {sent}")
        if foreign := world.foreign_canaries(caller, response.text):
            leaks.append(f"{sent} -> {foreign}")
        try:
            case.validate_response(response, checks=CONFORMANCE)
        except Exception as failure:
            for f in getattr(failure, "exceptions", None) or [failure]:
                title = str(getattr(f, "title", f))
                TALLY.add("schemathesis nonconforming answers")
                nonconforming.setdefault(
                    f"{operation.label} {response.status_code} {title}",
                    f"{title}: {str(f)[:400]}\n    {sent} -> {response.status_code}",
                )

    run()
    TALLY.add("schemathesis foreign canaries", len(leaks))
    assert leaks == []
    assert not problems, "\n".join(problems.values())
    assert not nonconforming, "\n".join(nonconforming.values())

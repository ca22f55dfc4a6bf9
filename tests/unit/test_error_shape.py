"""graphmem's one error shape for refusals found by the reliability suite: an error about a
field names it in ``errors``; a run state's typed keys are checked where they enter."""

from __future__ import annotations

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from graphmem.api.errors import install
from graphmem.client.errors import error_from_response
from graphmem.errors import ForbiddenError, InternalError, QueryParameterError, ValidationError
from graphmem.models.validation import parse
from graphmem.queries import library
from graphmem.read.retrieve import RetrieveRequest


def test_an_error_about_a_field_names_it_in_errors() -> None:
    body = ForbiddenError("outside the scope", field="subject_id", rule="subject_scope").to_dict()
    assert body["errors"] == [
        {"field": "subject_id", "rule": "subject_scope", "message": "outside the scope"}
    ]
    assert body["field"] == "subject_id"  # the top-level keys stay for existing clients
    assert "errors" not in ForbiddenError("no role", required_roles=["admin"]).to_dict()


def test_missing_and_unexpected_query_parameters_are_named() -> None:
    query = library("falkordb").get("lineage/provenance_chain")
    with pytest.raises(QueryParameterError) as err:
        # (a paged query: its keyset parameters come from the cursor, given here)
        query.check_params({"tenant_id": "acme", "after": None, "take": 101, "nope": 1})
    issues = {(e["field"], e["rule"]) for e in err.value.to_dict()["errors"]}
    assert issues == {("params.memory_id", "required"), ("params.nope", "unexpected")}


@pytest.mark.parametrize(
    ("state", "field"),
    [
        ({"capabilities": True}, "state.capabilities"),
        ({"capabilities": [[]]}, "state.capabilities.0"),
        ({"facts": "a"}, "state.facts"),
        ({"environment": ["os"]}, "state.environment"),
        ({"environment": {"os": {"deep": 1}}}, "state.environment.os"),
        ({"tool_version": ["2"]}, "state.tool_version"),
    ],
)
def test_the_typed_keys_of_a_run_state_are_checked(state: dict[str, object], field: str) -> None:
    with pytest.raises(ValidationError) as err:
        parse(RetrieveRequest, {"query": "q", "state": state})
    assert field in {i.field for i in err.value.issues}


def test_a_run_state_keeps_its_other_keys_in_order() -> None:
    state = {"z": {"any": [1]}, "capabilities": ["read"], "a": 1}
    parsed = parse(RetrieveRequest, {"query": "q", "state": state}).state
    assert parsed == state and list(parsed or {}) == ["z", "capabilities", "a"]


def test_a_fault_nothing_mapped_is_a_500_in_graphmem_shape_without_its_text() -> None:
    """A bug escaping a handler (CI's Neo4j run met one as a plain-text 500, cause unseen) is
    answered in the one shape, naming the exception's type and never its text, which may
    quote stored content; the SDK reads it back as InternalError."""
    app = FastAPI()
    install(app)

    @app.get("/boom")
    def boom() -> None:
        raise FileNotFoundError("/data/neo4j/tx.7 holds secret-canary-text")

    with TestClient(app, raise_server_exceptions=False) as client:
        answer = client.get("/boom")
    assert answer.status_code == 500
    body = answer.json()
    assert body["code"] == "INTERNAL_ERROR"
    assert "FileNotFoundError" in body["message"]
    assert "secret-canary-text" not in answer.text
    raised = error_from_response(httpx.Response(500, json=body))
    assert isinstance(raised, InternalError)

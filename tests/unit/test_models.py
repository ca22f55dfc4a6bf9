from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from graphmem.errors import StoredRecordInvalidError, ValidationError
from graphmem.models import (
    Authority,
    Budget,
    Checkpoint,
    Claim,
    ConflictsWith,
    DeletionReceipt,
    Episode,
    GraphRecord,
    MemoryProposal,
    MemoryStatus,
    MemoryType,
    Procedure,
    ProcedureContent,
    ProcedureStatus,
    Provenance,
    Record,
    RetrievalLog,
    Sensitivity,
    Source,
    SourceKind,
    Subject,
    SubjectKind,
    ToolReceipt,
    WriteReceipt,
    memory_from_graph,
    parse,
    semver_sort_key,
    sha256_hash,
)

# The seed's proposal, character for character.
SEED_PROPOSAL = """{
  "memory_type": "SEMANTIC",
  "subject": "user:u_104",
  "claim": {
    "predicate": "prefers_answer_language",
    "object": "ko-KR"
  },
  "evidence": [
    {
      "event_id": "msg_9821",
      "span": "답변은 계속 한국어로 해 줘",
      "source_role": "user"
    }
  ],
  "confidence": 1.0,
  "sensitivity": "LOW",
  "valid_from": "2026-07-16T00:00:00Z",
  "expires_at": null,
  "consent_basis": "explicit_user_request"
}"""

SEED_OBSERVABILITY = """{
  "memory_query_id": "mq_018",
  "candidate_ids": ["mem_a", "mem_b", "mem_c"],
  "selected_ids": ["mem_a"],
  "filter_reasons": {
    "mem_b": "EXPIRED",
    "mem_c": "PURPOSE_MISMATCH"
  },
  "context_position": 4,
  "tokens": 86,
  "retriever_version": "memory-ranker-5",
  "policy_version": "memory-read-7"
}"""

SEED_PROCEDURE: dict[str, Any] = {
    "id": "diagnose-service-timeout",
    "version": "2.3.0",
    "scope": "tenant/acme/service-api",
    "preconditions": ["healthcheck_timeout", "no_active_deployment"],
    "steps": [
        "collect_diagnostics",
        "request_restart_approval",
        "restart_service",
        "verify_health",
    ],
    "effect": "REVERSIBLE_WRITE",
    "owner": "sre-platform",
    "tests": "procedure-eval-18",
}

HASH = sha256_hash("msg_9821")


def issues(exc: pytest.ExceptionInfo[ValidationError]) -> set[tuple[str, str]]:
    return {(i.field, i.rule) for i in exc.value.issues}


def seed_proposal(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SEED_PROPOSAL)
    data.update(changes)
    return data


def memory_fields(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "memory_id": "mem_01JZ",
        "tenant_id": "acme",
        "subject_id": "user:u_104",
        "namespace": "preferences",
        "confidence": 1.0,
        "authority": "explicit_user_statement",
        "write_policy_version": "memory-write-4",
        "recorded_at": "2026-07-16T04:30:00Z",
        "valid_from": "2026-07-16T04:30:00Z",
    }
    data.update(changes)
    return data


# -- proposals -------------------------------------------------------------------------


def test_seed_proposal_parses_as_written() -> None:
    proposal = parse(MemoryProposal, SEED_PROPOSAL)
    assert proposal.memory_type is MemoryType.SEMANTIC
    assert proposal.subject == "user:u_104"
    assert proposal.claim is not None
    assert (proposal.claim.predicate, proposal.claim.object) == ("prefers_answer_language", "ko-KR")
    assert proposal.evidence[0].span == "답변은 계속 한국어로 해 줘"
    assert proposal.sensitivity is Sensitivity.LOW
    assert proposal.consent_basis == "explicit_user_request"
    assert proposal.valid_from == "2026-07-16T00:00:00.000000Z"
    assert proposal.expires_at is None


def test_proposal_hash_ignores_formatting_and_idempotency_key() -> None:
    a = parse(MemoryProposal, SEED_PROPOSAL)
    b = parse(
        MemoryProposal,
        seed_proposal(
            valid_from="2026-07-16T09:00:00+09:00", sensitivity="low", idempotency_key="k-1"
        ),
    )
    c = parse(MemoryProposal, seed_proposal(confidence=0.9))
    assert a.content_hash() == b.content_hash()
    assert a.content_hash() != c.content_hash()


def test_proposal_unknown_field_is_refused() -> None:
    with pytest.raises(ValidationError) as exc:
        parse(MemoryProposal, seed_proposal(valid_form="2026-07-16T00:00:00Z"))
    assert issues(exc) == {("valid_form", "extra_forbidden")}


def test_proposal_cannot_claim_authority() -> None:
    with pytest.raises(ValidationError) as exc:
        parse(MemoryProposal, seed_proposal(authority="system_policy"))
    assert ("authority", "extra_forbidden") in issues(exc)


def test_nested_errors_name_dotted_paths() -> None:
    data = seed_proposal(
        evidence=[
            {"event_id": "msg_1", "span": "ok", "source_role": "user"},
            {"event_id": "bad id!", "span": "", "source_role": "user"},
        ],
        claim={"predicate": "prefers_answer_language"},
    )
    with pytest.raises(ValidationError) as exc:
        parse(MemoryProposal, data)
    assert issues(exc) == {
        ("evidence.1.event_id", "pattern"),
        ("evidence.1.span", "too_short"),
        ("claim.object", "required"),
    }
    assert exc.value.to_dict()["code"] == "VALIDATION_ERROR"


def test_empty_evidence_parses_so_the_write_path_can_reject_it_on_a_receipt() -> None:
    # no evidence is UNSUPPORTED: a policy decision recorded on a receipt (tests/integration/
    # test_write_pipeline.py), not malformed input refused with 422
    assert parse(MemoryProposal, seed_proposal(evidence=[])).evidence == []


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"confidence": 1.5}, ("confidence", "range")),
        ({"confidence": -0.1}, ("confidence", "range")),
        ({"importance": 2}, ("importance", "range")),
        ({"confidence": "high"}, ("confidence", "type")),
        ({"subject": "u_104"}, ("subject", "pattern")),
        ({"subject": "planet:earth"}, ("subject", "enum")),
        (
            {"claim": {"predicate": "Prefers Language", "object": "ko"}},
            ("claim.predicate", "pattern"),
        ),
        ({"claim": {"predicate": "p", "object": {"nested": 1}}}, ("claim.object", "type")),
        ({"valid_to": "2026-07-15T00:00:00Z"}, ("valid_to", "valid_time_order")),
        ({"valid_to": "2026-07-16T00:00:00Z"}, ("valid_to", "valid_time_order")),
        ({"valid_from": "yesterday"}, ("valid_from", "timestamp_format")),
        ({"valid_from": 1752624000}, ("valid_from", "type")),
        ({"claim": None}, ("claim", "required")),
        ({"episode": {"goal": "fix VPN 720"}}, ("episode", "payload_mismatch")),
    ],
)
def test_proposal_rules(changes: dict[str, Any], expected: tuple[str, str]) -> None:
    with pytest.raises(ValidationError) as exc:
        parse(MemoryProposal, seed_proposal(**changes))
    assert expected in issues(exc)


def test_valid_time_order_uses_instants_not_text() -> None:
    # 09:30+09:00 is 00:30Z: after valid_from, although it sorts first as written
    ok = parse(MemoryProposal, seed_proposal(valid_to="2026-07-16T09:30:00+09:00"))
    assert ok.valid_to == "2026-07-16T00:30:00.000000Z"


def test_bad_enum_names_field_and_allowed_values() -> None:
    with pytest.raises(ValidationError) as exc:
        parse(MemoryProposal, seed_proposal(sensitivity="SECRET"))
    (issue,) = exc.value.issues
    assert (issue.field, issue.rule) == ("sensitivity", "enum")
    for allowed in ("LOW", "MEDIUM", "HIGH", "RESTRICTED"):
        assert allowed in issue.message


def test_enums_accept_any_case() -> None:
    proposal = parse(
        MemoryProposal,
        seed_proposal(memory_type="semantic", consent_basis="EXPLICIT_USER_REQUEST"),
    )
    assert proposal.memory_type is MemoryType.SEMANTIC
    assert Authority("EXPLICIT_USER_STATEMENT") is Authority.EXPLICIT_USER_STATEMENT
    with pytest.raises(ValueError):
        Authority("god_mode")


def test_episodic_and_procedural_proposals() -> None:
    episode = parse(
        MemoryProposal,
        seed_proposal(
            memory_type="EPISODIC",
            claim=None,
            episode={
                "goal": "VPN 720 오류 해결",
                "actions": ["search manual", "read KB-31", "reset adapter"],
                "outcome": "success",
                "outcome_detail": "success confirmed by user",
                "failures": ["DNS flush did not help"],
                "environment": {"os": "windows", "vpn": "corporate"},
                "run_id": "run_884",
            },
        ),
    )
    assert episode.episode is not None and episode.episode.run_id == "run_884"
    proc = parse(
        MemoryProposal,
        seed_proposal(memory_type="PROCEDURAL", claim=None, procedure=SEED_PROCEDURE),
    )
    assert proc.procedure is not None
    assert proc.procedure.procedure_key == "diagnose-service-timeout"
    assert proc.procedure.tests == ["procedure-eval-18"]
    # release state is set by review, never proposed
    with pytest.raises(ValidationError) as exc:
        parse(ProcedureContent, {**SEED_PROCEDURE, "status": "APPROVED"})
    assert issues(exc) == {("status", "extra_forbidden")}


# -- time ------------------------------------------------------------------------------


def test_naive_timestamps_are_refused_with_field_and_rule() -> None:
    with pytest.raises(ValidationError) as exc:
        parse(MemoryProposal, seed_proposal(valid_from="2026-07-16T00:00:00"))
    assert issues(exc) == {("valid_from", "timezone_required")}
    with pytest.raises(ValidationError) as exc:
        parse(Claim, memory_fields(predicate="p", object="o", recorded_at=datetime(2026, 7, 16)))
    assert issues(exc) == {("recorded_at", "timezone_required")}


def test_timestamps_normalise_to_fixed_width_utc() -> None:
    kst = timezone(timedelta(hours=9))
    for given in (
        "2026-07-16T13:30:00+09:00",
        "2026-07-16T04:30:00Z",
        "2026-07-16t04:30:00z",
        "2026-07-16T04:30:00.000000+00:00",
        datetime(2026, 7, 16, 13, 30, tzinfo=kst),
    ):
        claim = parse(Claim, memory_fields(predicate="p", object="o", valid_from=given))
        assert claim.valid_from == "2026-07-16T04:30:00.000000Z"


def test_timestamp_strings_sort_chronologically() -> None:
    rng = random.Random(7)
    moments = []
    for _ in range(300):
        offset = timezone(timedelta(minutes=rng.randrange(-12 * 60, 14 * 60, 15)))
        base = datetime(rng.randrange(1000, 9999), 1, 1, tzinfo=UTC)
        moment = base + timedelta(
            seconds=rng.randrange(0, 365 * 86400), microseconds=rng.randrange(10**6)
        )
        moments.append(moment.astimezone(offset))
    texts = [
        parse(Claim, memory_fields(predicate="p", object="o", valid_from=m)).valid_from
        for m in moments
    ]
    assert len({len(t) for t in texts}) == 1
    by_text = sorted(range(len(texts)), key=lambda i: texts[i])
    by_time = sorted(range(len(moments)), key=lambda i: moments[i])
    assert [moments[i] for i in by_text] == [moments[i] for i in by_time]


def test_memory_time_rules() -> None:
    claim = parse(Claim, memory_fields(predicate="p", object="o", valid_from=None))
    assert claim.valid_from == claim.recorded_at
    with pytest.raises(ValidationError) as exc:
        parse(Claim, memory_fields(predicate="p", object="o", tx_to="2026-07-01T00:00:00Z"))
    assert issues(exc) == {("tx_to", "tx_time_order")}
    mina = parse(
        Claim,
        memory_fields(
            predicate="owner",
            object="Mina",
            subject_id="project:alpha",
            valid_from="2026-07-01T00:00:00Z",
            recorded_at="2026-07-16T00:00:00Z",
        ),
    )
    assert mina.valid_at("2026-07-05T00:00:00.000000Z")
    assert not mina.known_at("2026-07-10T00:00:00.000000Z")


# -- enums -----------------------------------------------------------------------------


def test_authority_order() -> None:
    expected = [
        Authority.SYSTEM_POLICY,
        Authority.HUMAN_REVIEW,
        Authority.EXPLICIT_USER_STATEMENT,
        Authority.VERIFIED_TOOL_RESULT,
        Authority.DOCUMENT,
        Authority.INFERRED_FROM_USER,
        Authority.MODEL_OUTPUT,
        Authority.UNTRUSTED,
    ]
    shuffled = expected[:]
    random.Random(1).shuffle(shuffled)
    assert sorted(shuffled, reverse=True) == expected
    assert [a.rank for a in expected] == sorted((a.rank for a in expected), reverse=True)
    assert Authority.MODEL_OUTPUT < Authority.EXPLICIT_USER_STATEMENT
    assert Authority.DOCUMENT >= "document"
    assert Authority.DOCUMENT < "human_review"
    assert max(Authority.DOCUMENT, Authority.HUMAN_REVIEW) is Authority.HUMAN_REVIEW
    # alphabetical order would say the opposite
    assert Authority.UNTRUSTED < Authority.DOCUMENT
    assert Sensitivity.LOW < Sensitivity.MEDIUM < Sensitivity.HIGH < Sensitivity.RESTRICTED


def test_source_kind_default_authority() -> None:
    assert (
        SourceKind.USER_MESSAGE.default_authority(authenticated=True)
        is Authority.EXPLICIT_USER_STATEMENT
    )
    assert SourceKind.USER_MESSAGE.default_authority(authenticated=False) is Authority.UNTRUSTED
    assert SourceKind.MODEL_OUTPUT.default_authority(authenticated=True) is Authority.MODEL_OUTPUT


# -- procedures ------------------------------------------------------------------------


def make_procedure(**changes: Any) -> Procedure:
    return parse(Procedure, {**memory_fields(memory_id="proc_1"), **SEED_PROCEDURE, **changes})


def test_procedure_lifecycle_transitions() -> None:
    """The release lifecycle the release model (graphmem.learn.releases) enforces."""
    draft = make_procedure()
    assert draft.lifecycle is ProcedureStatus.DRAFT and draft.type is MemoryType.PROCEDURAL
    assert ProcedureStatus.DRAFT.allowed_next() == {"IN_REVIEW", "REJECTED"}
    assert ProcedureStatus.IN_REVIEW.allowed_next() == {"PUBLISHED", "REJECTED"}
    assert not ProcedureStatus.DRAFT.can_transition("PUBLISHED")  # never without review
    assert ProcedureStatus.PUBLISHED.allowed_next() == {"DEPRECATED", "ROLLED_BACK"}
    assert ProcedureStatus.DEPRECATED.can_transition("PUBLISHED")  # a rollback reinstates it
    assert ProcedureStatus.REJECTED.terminal and ProcedureStatus.ROLLED_BACK.terminal


def test_procedure_release_fields_round_trip_through_the_graph() -> None:
    live = make_procedure(
        lifecycle="PUBLISHED", release_role="CANARY", canary_percent=10, tests_passed=True
    )
    again = Procedure.from_graph(live.to_graph_properties())
    assert again == live and again.release_role == "CANARY"
    with pytest.raises(ValidationError) as exc:
        make_procedure(canary_percent=101)
    assert issues(exc) == {("canary_percent", "range")}


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"version": "2.3"}, ("version", "pattern")),
        ({"steps": []}, ("steps", "too_short")),
        ({"scope": "tenant//acme"}, ("scope", "pattern")),
        ({"effect": "DELETE_EVERYTHING"}, ("effect", "enum")),
        ({"type": "SEMANTIC"}, ("type", "type_mismatch")),
    ],
)
def test_procedure_rules(changes: dict[str, Any], expected: tuple[str, str]) -> None:
    with pytest.raises(ValidationError) as exc:
        make_procedure(**changes)
    assert expected in issues(exc)


def test_semver_sort_key_orders_versions() -> None:
    versions = ["2.10.0", "2.9.1", "10.0.0", "2.10.0-rc.1", "0.1.0"]
    ordered = sorted(versions, key=semver_sort_key)
    assert ordered == ["0.1.0", "2.9.1", "2.10.0-rc.1", "2.10.0", "10.0.0"]
    props = make_procedure(version="2.10.0").to_graph_properties()
    assert props["version_sort"] == semver_sort_key("2.10.0")


# -- graph round trip ------------------------------------------------------------------


def graph_records() -> list[GraphRecord]:
    claim = parse(
        Claim,
        memory_fields(
            predicate="prefers_code_language",
            object="python",
            content={"note": {"nested": [1, 2]}},
            purposes=["personalization"],
            embedding=[0.1, -0.2, 0.3],
            embedding_version="embed-v7",
        ),
    )
    episode = parse(
        Episode,
        memory_fields(
            memory_id="ep_1",
            goal="VPN 720 오류 해결",
            actions=["search manual", "reset adapter"],
            outcome="SUCCESS",
            environment={"os": "windows", "attempt": 2, "corporate": True},
            failures=["DNS flush did not help"],
            failure_code="720",
            run_id="run_884",
        ),
    )
    checkpoint = parse(
        Checkpoint,
        {
            "checkpoint_id": "cp_3",
            "run_id": "run_884",
            "tenant_id": "acme",
            "version": 3,
            "principal_id": "key:k1",
            "created_at": "2026-07-10T01:00:00Z",
            "state_hash": HASH,
            "step": 3,
            "plan_version": 2,
            "budget": {"tokens_limit": 8000, "tokens_used": 1200},
            "tool_receipts": [
                {"idempotency_key": "tr_1", "tool": "kb.search", "status": "SUCCEEDED"}
            ],
            "evidence_ids": ["ev_1", "ev_2"],
            "approvals": [
                {"action": "reset adapter", "approved_by": "u_104", "at": "2026-07-10T01:00:00Z"}
            ],
            "resolved_entities": {"device": "dev_7"},
            "completed_steps": ["collect logs"],
            "working": {"plan": ["a", "b"], "flags": {"x": True}},
        },
    )
    receipt = parse(
        WriteReceipt,
        {
            "receipt_id": "wr_1",
            "tenant_id": "acme",
            "actor": "agent_7",
            "proposal_hash": HASH,
            "decision": "COMMITTED",
            "memory_id": "mem_01JZ",
            "superseded": ["mem_00"],
            "reasons": [{"stage": "CONFLICT", "code": "SUPERSEDES_OLDER", "detail": "mem_00"}],
            "stage_verdicts": [{"stage": "GATE", "verdict": "PASS"}],
            "policy_version": "memory-write-4",
        },
    )
    deletion = parse(
        DeletionReceipt,
        {
            "receipt_id": "dr_1",
            "tenant_id": "acme",
            "actor": "admin_1",
            "scope": "SUBJECT",
            "target_id": "user:u_104",
            "subject_id": "user:u_104",
            "memory_ids": ["mem_01JZ"],
            "tombstones_digest": HASH,
            "tombstones_planned": 1,
            "counts": {"memories": 1, "vectors": 1, "retrieval_logs": 0},
            "completed_at": "2099-01-01T00:00:00Z",
        },
    )
    log = parse(RetrievalLog, {**json.loads(SEED_OBSERVABILITY), "tenant_id": "acme"})
    source = parse(
        Source,
        {
            "source_id": "doc_kb31",
            "tenant_id": "acme",
            "kind": "DOCUMENT",
            "revision": "r12",
            "content_hash": HASH,
        },
    )
    subject = parse(Subject, {"subject_id": "user:u_104", "tenant_id": "acme"})
    return [claim, episode, make_procedure(), checkpoint, receipt, deletion, log, source, subject]


def _is_graph_value(value: Any) -> bool:
    primitives = (str, int, float, bool)
    if isinstance(value, list):
        return all(isinstance(v, primitives) for v in value) and len({type(v) for v in value}) <= 1
    return isinstance(value, primitives)


@pytest.mark.parametrize("record", graph_records(), ids=lambda r: type(r).__name__)
def test_graph_round_trip_is_flat_and_lossless(record: GraphRecord) -> None:
    props = record.to_graph_properties()
    for key, value in props.items():
        assert _is_graph_value(value), (key, value)
        if key.endswith("_json"):
            json.loads(value)
    assert None not in props.values()
    back = type(record).from_graph({**props, "store_internal": 1})
    assert back == record
    assert back.to_graph_properties() == props


def test_nested_content_goes_to_json_properties() -> None:
    claim, episode, _, checkpoint, receipt, *_ = graph_records()
    assert json.loads(claim.to_graph_properties()["content_json"]) == {"note": {"nested": [1, 2]}}
    assert "environment_json" in episode.to_graph_properties()
    cp = checkpoint.to_graph_properties()
    assert {"budget_json", "tool_receipts_json", "approvals_json", "working_json"} <= set(cp)
    assert cp["evidence_ids"] == ["ev_1", "ev_2"]
    assert json.loads(receipt.to_graph_properties()["reasons_json"])[0]["code"] == (
        "SUPERSEDES_OLDER"
    )


def test_memory_from_graph_dispatches_on_type() -> None:
    for record in graph_records()[:3]:
        back = memory_from_graph(record.to_graph_properties())
        assert type(back) is type(record)
        assert back == record
    # a stored node is not the caller's input: its faults are STORED_RECORD_INVALID, by id
    with pytest.raises(StoredRecordInvalidError) as stored:
        memory_from_graph({"type": "WORKING", "memory_id": "mem_x"})
    assert {(i.field, i.rule) for i in stored.value.issues} == {("type", "enum")}
    assert (stored.value.record, stored.value.record_id) == ("Memory", "mem_x")


def test_from_graph_reports_broken_json() -> None:
    props = graph_records()[0].to_graph_properties()
    props["content_json"] = "{not json"
    with pytest.raises(StoredRecordInvalidError) as exc:
        Claim.from_graph(props)
    assert {(i.field, i.rule) for i in exc.value.issues} == {("content_json", "json")}
    assert exc.value.record_id == props["memory_id"]
    assert exc.value.to_dict()["code"] == "STORED_RECORD_INVALID"


def test_edges_flatten() -> None:
    edge = parse(Provenance, {"span": "답변은", "content_hash": HASH, "role": "USER"})
    props = edge.to_graph_properties()
    assert props["role"] == "user" and props["recorded_at"].endswith("Z")
    assert Provenance.from_graph(props) == edge
    assert ConflictsWith().to_graph_properties()["status"] == "OPEN"


# -- other records ---------------------------------------------------------------------


def test_records_are_immutable_and_evolve_validates() -> None:
    claim = graph_records()[0]
    assert isinstance(claim, Claim)
    with pytest.raises(Exception):  # noqa: B017 - pydantic's frozen error
        setattr(claim, "status", MemoryStatus.EXPIRED)  # noqa: B010
    closed = claim.evolve(status="SUPERSEDED", tx_to="2026-07-17T00:00:00Z")
    assert closed.status is MemoryStatus.SUPERSEDED
    with pytest.raises(ValidationError) as exc:
        claim.evolve(tx_to="2000-01-01T00:00:00Z")
    assert issues(exc) == {("tx_to", "tx_time_order")}


def test_seed_observability_record_parses() -> None:
    log = parse(RetrievalLog, {**json.loads(SEED_OBSERVABILITY), "tenant_id": "acme"})
    assert log.filter_reasons == {"mem_b": "EXPIRED", "mem_c": "PURPOSE_MISMATCH"}
    assert (log.context_position, log.tokens) == (4, 86)


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"selected_ids": ["mem_z"]}, ("selected_ids", "subset")),
        ({"selected_ids": ["mem_b"]}, ("selected_ids", "filtered_selected")),
        ({"tokens": -1}, ("tokens", "range")),
        ({"tenant_id": None}, ("tenant_id", "required")),
    ],
)
def test_retrieval_log_rules(changes: dict[str, Any], expected: tuple[str, str]) -> None:
    data = {**json.loads(SEED_OBSERVABILITY), "tenant_id": "acme", **changes}
    data = {k: v for k, v in data.items() if v is not None}
    with pytest.raises(ValidationError) as exc:
        parse(RetrievalLog, data)
    assert expected in issues(exc)


def test_receipt_rules() -> None:
    base = {
        "receipt_id": "wr_2",
        "tenant_id": "acme",
        "actor": "agent_7",
        "proposal_hash": HASH,
        "policy_version": "memory-write-4",
    }
    with pytest.raises(ValidationError) as exc:
        parse(WriteReceipt, {**base, "decision": "COMMITTED"})
    assert issues(exc) == {("memory_id", "required")}
    with pytest.raises(ValidationError) as exc:
        parse(WriteReceipt, {**base, "decision": "REJECTED"})
    assert issues(exc) == {("reasons", "required")}
    with pytest.raises(ValidationError) as exc:
        parse(
            WriteReceipt,
            {**base, "decision": "COMMITTED", "memory_id": "m", "proposal_hash": "sha256:..."},
        )
    assert issues(exc) == {("proposal_hash", "pattern")}


def test_subject_and_source_rules() -> None:
    assert parse(Subject, {"subject_id": "project:alpha", "tenant_id": "t"}).kind is (
        SubjectKind.PROJECT
    )
    with pytest.raises(ValidationError) as exc:
        parse(Subject, {"subject_id": "project:alpha", "tenant_id": "t", "kind": "user"})
    assert issues(exc) == {("kind", "subject_kind_mismatch")}
    with pytest.raises(ValidationError) as exc:
        parse(
            Source, {"source_id": "d", "tenant_id": "t", "kind": "DOCUMENT", "content_hash": HASH}
        )
    assert issues(exc) == {("revision", "required")}


def test_checkpoint_rules() -> None:
    base = {
        "checkpoint_id": "c",
        "run_id": "r",
        "tenant_id": "t",
        "version": 1,
        "principal_id": "p",
        "created_at": "2026-07-10T01:00:00Z",
        "state_hash": HASH,
    }
    with pytest.raises(ValidationError) as exc:
        parse(Checkpoint, {**base, "status": "FAILED"})
    assert issues(exc) == {("failure_code", "required")}
    with pytest.raises(ValidationError) as exc:
        parse(Checkpoint, {**base, "step": -1})
    assert issues(exc) == {("step", "range")}
    with pytest.raises(ValidationError) as exc:
        parse(Checkpoint, {**base, "version": 0})
    assert issues(exc) == {("version", "range")}
    receipt = {"idempotency_key": "k", "tool": "t", "status": "SUCCEEDED"}
    with pytest.raises(ValidationError) as exc:
        parse(Checkpoint, {**base, "tool_receipts": [receipt, receipt]})
    assert issues(exc) == {("tool_receipts.1.idempotency_key", "duplicate")}


def test_tool_receipt_rules() -> None:
    done = parse(
        ToolReceipt,
        {"idempotency_key": "k", "tool": "t", "status": "SUCCEEDED", "result": {"a": 1}},
    )
    assert done.result_hash == sha256_hash('{"a":1}') and done.listed().result is None
    with pytest.raises(ValidationError) as exc:
        parse(
            ToolReceipt,
            {
                "idempotency_key": "k",
                "tool": "t",
                "status": "SUCCEEDED",
                "result": 1,
                "result_hash": HASH,
            },
        )
    assert issues(exc) == {("result_hash", "mismatch")}
    with pytest.raises(ValidationError) as exc:
        parse(ToolReceipt, {"idempotency_key": "k", "tool": "t", "status": "STARTED", "result": 1})
    assert issues(exc) == {("status", "started_has_outcome")}
    with pytest.raises(ValidationError) as exc:
        parse(
            ToolReceipt,
            {"idempotency_key": "k", "tool": "t", "status": "SUCCEEDED", "result": "x" * 17_000},
        )
    assert issues(exc) == {("result", "too_large")}


def test_budget_remaining_counts_reservations() -> None:
    budget = parse(
        Budget,
        {
            "tokens_limit": 1000,
            "tokens_used": 600,
            "cost_limit": 1.0,
            "reservations": [{"reservation_id": "r", "tokens": 400, "cost": 0.25}],
        },
    )
    assert budget.remaining() == {"tokens": 0, "tool_calls": None, "cost": 0.75}
    assert budget.exhausted


def test_embedding_needs_version_and_finite_values() -> None:
    with pytest.raises(ValidationError) as exc:
        parse(Claim, memory_fields(predicate="p", object="o", embedding=[0.1]))
    assert issues(exc) == {("embedding_version", "required")}
    with pytest.raises(ValidationError) as exc:
        parse(
            Claim,
            memory_fields(
                predicate="p", object="o", embedding=[float("nan")], embedding_version="e"
            ),
        )
    assert issues(exc) == {("embedding", "finite")}


def test_every_record_forbids_unknown_fields() -> None:
    for record in graph_records():
        cls: type[Record] = type(record)
        with pytest.raises(ValidationError) as exc:
            parse(cls, {**record.model_dump(), "surprise": 1})
        assert ("surprise", "extra_forbidden") in issues(exc)

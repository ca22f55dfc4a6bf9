"""Procedures as release-managed artifacts (seed: "proposal → scope and precondition review →
test in simulator → security review → versioned publish → canary → monitor → rollback or
promote"). :class:`Releases` is the one release model; every step below is one atomic,
compare-and-set statement that also stores its :class:`ReleaseReceipt`.

* **draft** (:func:`create_draft`) — the version as authored goes through the write gate like
  any memory (authority, poisoning, capability grants, provenance; a WriteReceipt), with the
  release document — procedure and scenarios — recorded as a HUMAN_REVIEW source it cites. It
  commits as DRAFT. A version is immutable: other content under the same ``key@version`` is
  refused (``PROCEDURE_VERSION_EXISTS``). A write effect must name its approval step
  (:mod:`.approval`). Only reviewer or admin keys draft procedures.
* **SCOPE review** → IN_REVIEW; **test** in the simulator (:mod:`.simulator`); **SECURITY
  review** after passing tests. A reviewer may not review a draft they wrote. Any REJECT ends
  the version (REJECTED).
* **publish** — only with both reviews approved and the tests passed; PUBLISHED is immutable.
  The first published version of a key becomes STABLE; a later one waits for a canary.
* **canary** ``percent`` — the version serves that share of runs (:mod:`.resolve`); one canary
  per key at a time, beside the stable version.
* **monitor** — after each outcome episode citing the canary or the stable version, the health
  (:mod:`.health`) is recomputed; a canary worse beyond the threshold with enough evidence, or
  with any safety signal, is rolled back automatically (AUTO_ROLLBACK).
* **promote** — the canary becomes STABLE, the old stable DEPRECATED (``SUPERSEDES`` kind
  RELEASE). **rollback** — a canary becomes ROLLED_BACK; a stable one is replaced by the
  version it had deprecated (``SUPERSEDES`` kind ROLLBACK).

A step reads exactly what it decides on, never "every version of the key": the version it acts
on and the serving ones (``learn/procedure_release_view``: at most three rows), and for a
rollback of the stable version the highest DEPRECATED one (``learn/procedure_rollback_target``).
So a key may hold any number of versions and every step still answers from the whole key; the
listings of versions and receipts are paged (graphmem.paging).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from graphmem.auth.principal import Principal
from graphmem.clock import Clock, system_clock
from graphmem.crypto import ContentCipher
from graphmem.errors import (
    ConstraintViolationError,
    FieldIssue,
    ForbiddenError,
    NotFoundError,
    ValidationError,
)
from graphmem.ids import new_id
from graphmem.learn.approval import approval_issues
from graphmem.learn.health import CanaryPolicy, ReleaseHealth, release_health
from graphmem.learn.procedure_records import (
    RELEASE_POLICY_VERSION,
    CanaryCreate,
    Cohorts,
    DraftResult,
    ProcedureCreate,
    ProcedurePublic,
    ProcedureSummary,
    ProcedureVersionPublic,
    ReleaseReceipt,
    ReviewCreate,
    StepResult,
)
from graphmem.learn.simulator import ProcedureSimulator, Scenario, ScenarioSimulator
from graphmem.models.base import dumps_canonical
from graphmem.models.edges import DerivedFrom
from graphmem.models.enums import (
    Decision,
    ProcedureStatus,
    ReleaseAction,
    ReleaseRole,
    ReviewDecision,
    ReviewStage,
    SourceKind,
    SourceRole,
    SupersessionKind,
)
from graphmem.models.memory import Procedure, ProcedureContent, memory_from_graph
from graphmem.models.types import procedure_ref, sha256_hash
from graphmem.models.validation import parse
from graphmem.paging import Cursors, Page, read_page
from graphmem.store.base import GraphStore
from graphmem.write.gate import APPROVERS
from graphmem.write.pipeline import Derivation, WritePipeline
from graphmem.write.sources import SourceCreate, load_sources, record_source

#: the DERIVED_FROM method of a draft that does not name one
DRAFT_METHOD = "procedure_draft"

#: who may read a procedure's release record
READERS = frozenset({"agent", "admin", "reviewer", "analyst"})
#: the actor of the monitor's automatic rollbacks
MONITOR = "system:canary-monitor"
#: rows the release view may hold: by construction at most three (the version acted on, the
#: stable one, a canary); more is a graph whose roles were broken, and is read bounded
_VIEW_ROWS = 8
#: versions and receipts a single read of a procedure key carries (the rest by cursor)
DETAIL_PAGE = 100
#: the release document is stored as a source; sources hold at most this much text
MAX_DOCUMENT_CHARS = 200_000
_MAX_OUTCOMES = 20_000
_NONE = "NONE"  # a missing release role, in compare-and-set expectations


@dataclass(frozen=True)
class _Version:
    procedure: Procedure
    author: str | None

    @property
    def ref(self) -> str:
        return procedure_ref(self.procedure.procedure_key, self.procedure.version)

    def public(self) -> ProcedureVersionPublic:
        p = self.procedure
        return ProcedureVersionPublic(
            memory_id=p.memory_id,
            procedure_key=p.procedure_key,
            version=p.version,
            lifecycle=p.lifecycle,
            status=str(p.status),
            release_role=p.release_role,
            canary_percent=p.canary_percent,
            canary_since=p.canary_since,
            scope_review=p.scope_review,
            security_review=p.security_review,
            tests_passed=p.tests_passed,
            author=self.author,
            published_by=p.published_by,
            published_at=p.published_at,
            recorded_at=p.recorded_at,
            procedure=ProcedureContent.model_validate(
                p.model_dump(include=set(ProcedureContent.model_fields))
            ),
        )


@dataclass(frozen=True)
class _View:
    """What a release step reads of one key: the version it acts on (None when it names none
    or that version does not exist) and the versions serving now."""

    target: _Version | None
    stable: _Version | None
    canary: _Version | None

    def find(self, key: str, version: str) -> _Version:
        if self.target is None:
            raise NotFoundError(f"no version {version!r} of procedure {key!r}", procedure_key=key)
        return self.target


@dataclass(frozen=True)
class _Change:
    """One version's move in a release step: from what it is expected to be, to ``props``."""

    version: _Version
    props: dict[str, Any]

    def param(self) -> dict[str, Any]:
        p = self.version.procedure
        return {
            "memory_id": p.memory_id,
            "expect_lifecycle": str(p.lifecycle),
            "expect_role": str(p.release_role) if p.release_role else _NONE,
            "props": self.props,
        }


def _conflict(message: str, rule: str, field: str = "lifecycle") -> ConstraintViolationError:
    return ConstraintViolationError(message, field=field, rule=rule)


class Releases:
    """The release model on one store. Thread-safe: it keeps nothing between calls, and each
    step is a compare-and-set statement (a step that raced another is a 409)."""

    def __init__(
        self,
        store: GraphStore,
        writer: WritePipeline,
        *,
        clock: Clock = system_clock,
        simulator: ProcedureSimulator | None = None,
        policy: CanaryPolicy | None = None,
        cipher: ContentCipher | None = None,
        cursors: Cursors | None = None,
    ) -> None:
        self.store = store
        self.writer = writer
        self.clock = clock
        self.simulator: ProcedureSimulator = simulator or ScenarioSimulator()
        self.policy = policy or CanaryPolicy()
        self.cipher = cipher
        self.cursors = cursors or Cursors()

    # -- draft ----------------------------------------------------------------------------
    def create_draft(
        self, principal: Principal, body: ProcedureCreate | Mapping[str, Any]
    ) -> DraftResult:
        """A draft version through the write gate; see :func:`create_draft`."""
        _require(principal, APPROVERS, "drafting a procedure")
        draft = body if isinstance(body, ProcedureCreate) else parse(ProcedureCreate, body)
        issues = approval_issues(draft)
        if issues:
            raise ValidationError(issues)
        ref = procedure_ref(draft.procedure_key, draft.version)
        document = dumps_canonical(
            {
                "release_document": ref,
                "procedure": draft.content().model_dump(mode="json", exclude_none=True),
                "scenarios": [s.model_dump(mode="json") for s in draft.scenarios],
            }
        )
        if len(document) > MAX_DOCUMENT_CHARS:
            raise ValidationError(
                [
                    FieldIssue(
                        "scenarios",
                        "too_large",
                        f"the release document (procedure and scenarios) is {len(document)} "
                        f"characters; at most {MAX_DOCUMENT_CHARS}",
                    )
                ]
            )
        cited = (
            load_sources(self.store, principal.tenant_id, list(draft.evidence), self.cipher)
            if draft.evidence
            else {}
        )
        unknown = [e for e in draft.evidence if e not in cited]
        if unknown:
            raise ValidationError(
                [FieldIssue("evidence", "unknown_source", f"no such source: {unknown[0]}")]
            )
        if draft.derived_from:
            found = self.store.read(
                "memories/get_many",
                {"tenant_id": principal.tenant_id, "memory_ids": list(draft.derived_from)},
            )
            known = {r["m"]["memory_id"] for r in found}
            missing = [m for m in draft.derived_from if m not in known]
            if missing:
                raise ValidationError(
                    [FieldIssue("derived_from", "unknown_memory", f"no such memory: {missing[0]}")]
                )
        doc = record_source(
            self.store,
            principal,
            parse(
                SourceCreate,
                {
                    "kind": SourceKind.HUMAN_REVIEW,
                    "content": document,
                    "owner": draft.owner,
                    "subject_id": draft.subject_id,
                },
            ),
            self.clock,
            cipher=self.cipher,
        )
        evidence = [{"event_id": doc.source_id, "span": ref, "source_role": SourceRole.REVIEWER}]
        evidence += [
            {"event_id": s.source_id, "source_role": s.role or SourceRole.SYSTEM}
            for s in cited.values()
        ]
        now = self.clock()
        receipt = self.writer.propose(
            principal,
            {
                "memory_type": "PROCEDURAL",
                "subject": draft.subject_id,
                "namespace": draft.namespace,
                "procedure": draft.content().model_dump(mode="json", exclude_none=True),
                "text": draft.text,
                "evidence": evidence,
                "confidence": 1.0,
            },
            # in the gate's commit statement, so the lineage lands with the version or not at all
            derived_from=[
                Derivation(
                    origin,
                    DerivedFrom(
                        method=draft.derived_method or DRAFT_METHOD,
                        policy_version=RELEASE_POLICY_VERSION,
                        recorded_at=now,
                    ),
                )
                for origin in draft.derived_from
            ],
        )
        if receipt.decision not in (Decision.COMMITTED, Decision.DUPLICATE):
            return DraftResult(write_receipt=receipt)
        assert receipt.memory_id is not None
        release_receipt = self._draft_step(
            principal.tenant_id,
            receipt.memory_id,
            principal.principal_id,
            draft.procedure_key,
            draft.version,
            doc.source_id,
        )
        version = self._version(principal.tenant_id, draft.procedure_key, draft.version)
        return DraftResult(
            write_receipt=receipt, version=version.public(), release_receipt=release_receipt
        )

    def _draft_step(
        self,
        tenant_id: str,
        memory_id: str,
        actor: str,
        key: str,
        version: str,
        release_source_id: str,
        reason: str | None = None,
    ) -> ReleaseReceipt | None:
        """The DRAFT step after the gate committed the version: its release document and the
        DRAFT receipt (idempotent: a second run finds the first's receipt)."""
        step = ReleaseReceipt(
            receipt_id=new_id("rrc"),
            tenant_id=tenant_id,
            actor=actor,
            action=ReleaseAction.DRAFT,
            procedure_key=key,
            version=version,
            memory_id=memory_id,
            to_lifecycle=ProcedureStatus.DRAFT,
            reason=reason,
            recorded_at=self.clock(),
        )
        rows = self.store.write(
            "learn/procedure_draft",
            {
                "tenant_id": tenant_id,
                "memory_id": memory_id,
                "release_source_id": release_source_id,
                "receipt": step.to_graph_properties(),
            },
        )
        return ReleaseReceipt.from_graph(rows[0]["r"]) if rows else None

    def _finish_draft(self, tenant_id: str, v: _Version) -> _Version:
        """A version the gate committed whose DRAFT step never ran (the process died between
        the two statements, and the client did not retry) is finished before it moves on: its
        release document is the reviewer source its commit cites with the version's ref as
        span, its author the actor of that commit's WriteReceipt."""
        p = v.procedure
        if p.lifecycle is not ProcedureStatus.DRAFT or p.release_source_id is not None:
            return v
        rows = self.store.read(
            "learn/procedure_release_document",
            {"tenant_id": tenant_id, "memory_id": p.memory_id, "ref": v.ref},
        )
        if not rows or v.author is None:
            return v
        self._draft_step(
            tenant_id,
            p.memory_id,
            v.author,
            p.procedure_key,
            p.version,
            rows[0]["source_id"],
            reason="finished after an interrupted draft",
        )
        return self._version(tenant_id, p.procedure_key, p.version)

    # -- reviews and tests --------------------------------------------------------------------
    def review(
        self,
        principal: Principal,
        key: str,
        version: str,
        body: ReviewCreate | Mapping[str, Any],
    ) -> StepResult:
        """A SCOPE or SECURITY review. SCOPE comes first (DRAFT → IN_REVIEW); SECURITY after the
        simulator tests passed. A REJECT at either ends the version."""
        _require(principal, APPROVERS, "reviewing a procedure")
        review = body if isinstance(body, ReviewCreate) else parse(ReviewCreate, body)
        v = self._finish_draft(
            principal.tenant_id, self._version(principal.tenant_id, key, version)
        )
        p = v.procedure
        if v.author is not None and v.author == principal.principal_id:
            raise ForbiddenError("the author of a procedure version may not review it")
        if review.stage is ReviewStage.SCOPE:
            if p.lifecycle is not ProcedureStatus.DRAFT:
                raise _conflict(
                    f"the scope review is done; {v.ref} is {p.lifecycle}", "review_order"
                )
            field = "scope_review"
        else:
            if p.lifecycle is not ProcedureStatus.IN_REVIEW or p.security_review is not None:
                raise _conflict(
                    f"the security review follows an approved scope review; {v.ref} is "
                    f"{p.lifecycle}",
                    "review_order",
                )
            if not p.tests_passed:
                raise _conflict(
                    "the security review follows passing simulator tests", "review_order"
                )
            field = "security_review"
        approve = review.decision is ReviewDecision.APPROVE
        if approve:
            issues = approval_issues(p)
            if issues:
                raise ValidationError(issues)
        target: ProcedureStatus = p.lifecycle
        if not approve:
            target = ProcedureStatus.REJECTED
        elif review.stage is ReviewStage.SCOPE:
            target = ProcedureStatus.IN_REVIEW
        props = {field: str(review.decision), "lifecycle": str(target)}
        receipt = self._receipt(
            principal.principal_id,
            v,
            ReleaseAction.REVIEW,
            stage=review.stage,
            decision=str(review.decision),
            reason=review.reason,
            to_lifecycle=target,
        )
        return self._step(principal.tenant_id, key, version, [_Change(v, props)], receipt)

    def test(self, principal: Principal, key: str, version: str) -> StepResult:
        """Run the version's declared tests in the simulator; the verdict and the report's hash
        are kept on the version (tests run after the scope review, before the security one)."""
        _require(principal, APPROVERS, "testing a procedure")
        v = self._version(principal.tenant_id, key, version)
        p = v.procedure
        if p.lifecycle is not ProcedureStatus.IN_REVIEW or p.security_review is not None:
            raise _conflict(
                f"tests run after the scope review and before the security review; {v.ref} is "
                f"{p.lifecycle}",
                "review_order",
            )
        report = self.simulator.run(p, self._scenarios(principal.tenant_id, p))
        report_hash = sha256_hash(report.model_dump_json())
        props = {"tests_passed": report.passed, "test_report_hash": report_hash}
        receipt = self._receipt(
            principal.principal_id,
            v,
            ReleaseAction.TEST,
            decision="PASSED" if report.passed else "FAILED",
            report_hash=report_hash,
            to_lifecycle=p.lifecycle,
        )
        done = self._step(principal.tenant_id, key, version, [_Change(v, props)], receipt)
        return done.evolve(report=report)

    # -- publication and serving --------------------------------------------------------------
    def publish(self, principal: Principal, key: str, version: str) -> StepResult:
        """Publish a version that passed both reviews and its tests. The first published
        version of a key becomes STABLE; a later one serves nothing until a canary."""
        _require(principal, APPROVERS, "publishing a procedure")
        view = self._view(principal.tenant_id, key, version)
        v = view.find(key, version)
        p = v.procedure
        missing = [
            name
            for name, ok in (
                ("scope_review", p.scope_review is ReviewDecision.APPROVE),
                ("tests_passed", p.tests_passed is True),
                ("security_review", p.security_review is ReviewDecision.APPROVE),
            )
            if not ok
        ]
        if p.lifecycle is not ProcedureStatus.IN_REVIEW or missing:
            raise _conflict(
                f"{v.ref} is {p.lifecycle}; publishing needs an approved scope review, passing "
                f"tests and an approved security review (missing: {', '.join(missing) or '-'})",
                "publish_requirements",
            )
        issues = approval_issues(p)
        if issues:
            raise ValidationError(issues)
        now = self.clock()
        first = view.stable is None
        props: dict[str, Any] = {
            "lifecycle": str(ProcedureStatus.PUBLISHED),
            "published_by": principal.principal_id,
            "published_at": now,
        }
        if first:
            props["release_role"] = str(ReleaseRole.STABLE)
        receipt = self._receipt(
            principal.principal_id, v, ReleaseAction.PUBLISH, to_lifecycle=ProcedureStatus.PUBLISHED
        )
        return self._step(principal.tenant_id, key, version, [_Change(v, props)], receipt)

    def canary(
        self,
        principal: Principal,
        key: str,
        version: str,
        body: CanaryCreate | Mapping[str, Any],
    ) -> StepResult:
        """Serve a published version to ``percent`` of runs beside the stable one (or change
        the running canary's percent)."""
        _require(principal, APPROVERS, "starting a canary")
        request = body if isinstance(body, CanaryCreate) else parse(CanaryCreate, body)
        v, stable, running = self._published_not_stable(
            principal.tenant_id, key, version, "canary_requirements"
        )
        p = v.procedure
        if stable is None:
            raise _conflict(f"{key} has no stable version to compare with", "canary_requirements")
        if running is not None and running.procedure.memory_id != p.memory_id:
            raise _conflict(
                f"{running.ref} is the canary now: promote or roll it back first",
                "one_canary",
            )
        now = self.clock()
        percent = request.percent
        changes = [
            _Change(
                v,
                {
                    "release_role": str(ReleaseRole.CANARY),
                    "canary_percent": percent,
                    "canary_since": p.canary_since or now,
                },
            ),
            _Change(stable, {"canary_percent": percent}),
        ]
        receipt = self._receipt(
            principal.principal_id,
            v,
            ReleaseAction.CANARY,
            canary_percent=percent,
            other=stable,
            to_lifecycle=p.lifecycle,
        )
        return self._step(principal.tenant_id, key, version, changes, receipt)

    def promote(self, principal: Principal, key: str, version: str) -> StepResult:
        """Make a published version (normally the canary) the stable one; the old stable is
        DEPRECATED and superseded (kind RELEASE)."""
        _require(principal, APPROVERS, "promoting a procedure")
        v, stable, running = self._published_not_stable(
            principal.tenant_id, key, version, "promote_requirements"
        )
        p = v.procedure
        if running is not None and running.procedure.memory_id != p.memory_id:
            raise _conflict(f"{running.ref} is the canary now", "one_canary")
        cleared = {"release_role": None, "canary_percent": None, "canary_since": None}
        changes = [_Change(v, {**cleared, "release_role": str(ReleaseRole.STABLE)})]
        edges = []
        if stable is not None:
            changes.append(
                _Change(stable, {**cleared, "lifecycle": str(ProcedureStatus.DEPRECATED)})
            )
            edges.append(_edge(v, stable, SupersessionKind.RELEASE, "PROMOTED"))
        receipt = self._receipt(
            principal.principal_id,
            v,
            ReleaseAction.PROMOTE,
            other=stable,
            to_lifecycle=ProcedureStatus.PUBLISHED,
        )
        return self._step(principal.tenant_id, key, version, changes, receipt, edges)

    def rollback(
        self, principal: Principal, key: str, version: str, reason: str | None = None
    ) -> StepResult:
        """Roll a canary back (it serves no one again, ever), or a stable version back to the
        version it had replaced."""
        _require(principal, APPROVERS, "rolling back a procedure")
        view = self._view(principal.tenant_id, key, version)
        v = view.find(key, version)
        return self._roll_back(
            principal.tenant_id, view, v, principal.principal_id, ReleaseAction.ROLLBACK, reason
        )

    def monitor(
        self, tenant_id: str, key: str, *, triggered_by: str | None = None
    ) -> StepResult | None:
        """Recompute the key's health; roll the canary back when the verdict says so. Returns
        the rollback's result, or None when the canary holds (or there is none)."""
        view = self._view(tenant_id, key)
        canary = view.canary
        if canary is None:
            return None
        health = self._health(tenant_id, view)
        if health.verdict != "ROLLBACK":
            return None
        try:
            return self._roll_back(
                tenant_id,
                view,
                canary,
                MONITOR,
                ReleaseAction.AUTO_ROLLBACK,
                health.reason,
                report_hash=sha256_hash(health.model_dump_json()),
                triggered_by=triggered_by,
            )
        except ConstraintViolationError:
            return None  # another monitor (or a person) moved the release first

    def observe(self, tenant_id: str, ref: str, episode_id: str | None) -> StepResult | None:
        """An outcome episode citing ``key@version`` arrived: monitor that key."""
        key = ref.rpartition("@")[0]
        return self.monitor(tenant_id, key, triggered_by=episode_id)

    # -- reading ------------------------------------------------------------------------------
    def get(self, principal: Principal, key: str) -> ProcedurePublic:
        """Versions, cohorts, health and the latest receipts of one procedure key: the first
        :data:`DETAIL_PAGE` versions and receipts, each list with its total and the cursor of
        :meth:`version_page` / :meth:`receipt_page` for the rest."""
        _require(principal, READERS, "reading a procedure release")
        shown = self._version_page(principal.tenant_id, key, DETAIL_PAGE, None)
        if shown.total == 0:
            raise NotFoundError(f"no procedure {key!r}", procedure_key=key)
        view = self._view(principal.tenant_id, key)
        stable, canary = view.stable, view.canary
        receipts = self._receipt_page(principal.tenant_id, key, DETAIL_PAGE, None)
        return ProcedurePublic(
            procedure_key=key,
            versions=shown.items,
            versions_total=shown.total,
            versions_next_cursor=shown.next_cursor,
            cohorts=Cohorts(
                stable=stable.procedure.version if stable else None,
                canary=canary.procedure.version if canary else None,
                canary_percent=(canary.procedure.canary_percent or 0) if canary else 0,
            ),
            health=self._health(principal.tenant_id, view),
            receipts=receipts.items,
            receipts_total=receipts.total,
            receipts_next_cursor=receipts.next_cursor,
        )

    def version_page(
        self, principal: Principal, key: str, limit: int = DETAIL_PAGE, cursor: str | None = None
    ) -> Page[ProcedureVersionPublic]:
        """One page of a procedure key's versions, lowest first (graphmem.paging)."""
        _require(principal, READERS, "reading a procedure release")
        page = self._version_page(principal.tenant_id, key, limit, cursor)
        if page.total == 0:
            raise NotFoundError(f"no procedure {key!r}", procedure_key=key)
        return page

    def receipt_page(
        self, principal: Principal, key: str, limit: int = DETAIL_PAGE, cursor: str | None = None
    ) -> Page[ReleaseReceipt]:
        """One page of a procedure key's release receipts, newest first (graphmem.paging)."""
        _require(principal, READERS, "reading a procedure release")
        page = self._receipt_page(principal.tenant_id, key, limit, cursor)
        if page.total == 0:  # every version's draft leaves a receipt
            raise NotFoundError(f"no procedure {key!r}", procedure_key=key)
        return page

    def _version_page(
        self, tenant_id: str, key: str, limit: int, cursor: str | None
    ) -> Page[ProcedureVersionPublic]:
        def build(row: Mapping[str, Any]) -> ProcedureVersionPublic:
            memory = memory_from_graph(row["m"])
            assert isinstance(memory, Procedure)
            return _Version(memory, row.get("author")).public()

        return read_page(
            self.store,
            "learn/procedure_version_page",
            {"tenant_id": tenant_id, "procedure_key": key},
            listing="procedure_versions",
            cursors=self.cursors,
            limit=limit,
            cursor=cursor,
            build=build,
        )

    def _receipt_page(
        self, tenant_id: str, key: str, limit: int, cursor: str | None
    ) -> Page[ReleaseReceipt]:
        return read_page(
            self.store,
            "learn/procedure_receipts",
            {"tenant_id": tenant_id, "procedure_key": key},
            listing="procedure_receipts",
            cursors=self.cursors,
            limit=limit,
            cursor=cursor,
            build=lambda r: ReleaseReceipt.from_graph(r["r"]),
        )

    def summaries(
        self, principal: Principal, limit: int = 100, cursor: str | None = None
    ) -> Page[ProcedureSummary]:
        """The tenant's procedure keys with their stable and canary versions, one page
        (graphmem.paging)."""
        _require(principal, READERS, "reading procedure releases")
        return read_page(
            self.store,
            "learn/procedure_keys",
            {"tenant_id": principal.tenant_id},
            listing="procedures",
            cursors=self.cursors,
            limit=limit,
            cursor=cursor,
            build=ProcedureSummary.from_graph,
        )

    def health(self, tenant_id: str, key: str) -> ReleaseHealth:
        """The key's release health now (stable against canary; no verdict without both)."""
        return self._health(tenant_id, self._view(tenant_id, key))

    # -- internals ---------------------------------------------------------------------------
    def _published_not_stable(
        self, tenant_id: str, key: str, version: str, rule: str
    ) -> tuple[_Version, _Version | None, _Version | None]:
        """The version a canary or a promotion acts on (published, not the stable one), with
        the key's stable version and running canary."""
        view = self._view(tenant_id, key, version)
        v = view.find(key, version)
        p = v.procedure
        if p.lifecycle is not ProcedureStatus.PUBLISHED or p.release_role is ReleaseRole.STABLE:
            state = f"{p.lifecycle}{' and stable' if p.release_role else ''}"
            raise _conflict(
                f"needs a published version that is not stable; {v.ref} is {state}", rule
            )
        return v, view.stable, view.canary

    def _roll_back(
        self,
        tenant_id: str,
        view: _View,
        v: _Version,
        actor: str,
        action: ReleaseAction,
        reason: str | None,
        *,
        report_hash: str | None = None,
        triggered_by: str | None = None,
    ) -> StepResult:
        p = v.procedure
        cleared = {"release_role": None, "canary_percent": None, "canary_since": None}
        rolled = {**cleared, "lifecycle": str(ProcedureStatus.ROLLED_BACK)}
        edges: list[dict[str, str]] = []
        if p.release_role is ReleaseRole.CANARY:
            stable = view.stable
            changes = [_Change(v, rolled)]
            if stable is not None:
                changes.append(_Change(stable, {"canary_percent": None}))
            other = stable
        elif p.release_role is ReleaseRole.STABLE:
            if view.canary is not None:
                raise _conflict("roll the running canary back first", "one_canary")
            previous = self._rollback_target(tenant_id, p.procedure_key)
            if previous is None:
                raise _conflict(
                    f"{v.ref} replaced no earlier release to roll back to", "rollback_target"
                )
            changes = [
                _Change(v, rolled),
                _Change(
                    previous,
                    {
                        "lifecycle": str(ProcedureStatus.PUBLISHED),
                        "release_role": str(ReleaseRole.STABLE),
                    },
                ),
            ]
            edges.append(_edge(previous, v, SupersessionKind.ROLLBACK, "ROLLED_BACK"))
            other = previous
        else:
            raise _conflict(
                f"only a serving version (canary or stable) can be rolled back; {v.ref} is "
                f"{p.lifecycle}",
                "rollback_requirements",
            )
        receipt = self._receipt(
            actor,
            v,
            action,
            reason=reason,
            other=other,
            report_hash=report_hash,
            triggered_by=triggered_by,
            to_lifecycle=ProcedureStatus.ROLLED_BACK,
        )
        return self._step(tenant_id, p.procedure_key, p.version, changes, receipt, edges)

    def _health(self, tenant_id: str, view: _View) -> ReleaseHealth:
        stable, canary = view.stable, view.canary
        since = canary.procedure.canary_since if canary else None
        refs = [v.ref for v in (stable, canary) if v is not None]
        rows = (
            self.store.read(
                "learn/procedure_outcomes",
                {
                    "tenant_id": tenant_id,
                    "refs": refs,
                    "since": since or "",
                    "limit": _MAX_OUTCOMES,
                },
            )
            if refs
            else []
        )
        return release_health(
            rows,
            stable_ref=stable.ref if stable else None,
            canary_ref=canary.ref if canary else None,
            since=since,
            policy=self.policy,
        )

    def _scenarios(self, tenant_id: str, p: Procedure) -> dict[str, Scenario]:
        if p.release_source_id is None:
            return {}
        found = load_sources(self.store, tenant_id, [p.release_source_id], self.cipher)
        source = found.get(p.release_source_id)
        if source is None or not source.content:
            return {}
        try:
            raw = json.loads(source.content).get("scenarios", [])
        except (ValueError, AttributeError):
            return {}
        scenarios = [parse(Scenario, s, trusted=True) for s in raw]
        return {s.id: s for s in scenarios}

    def _view(self, tenant_id: str, key: str, version: str | None = None) -> _View:
        """The version ``version`` of ``key`` (when named) and the key's serving versions, by
        one targeted read (learn/procedure_release_view)."""
        rows = self.store.read(
            "learn/procedure_release_view",
            {
                "tenant_id": tenant_id,
                "procedure_key": key,
                "version": version or "",
                "published": str(ProcedureStatus.PUBLISHED),
                "limit": _VIEW_ROWS,
            },
        )
        versions = [_version_of(r) for r in rows]
        target = next((v for v in versions if v.procedure.version == version), None)
        return _View(
            target, _serving(versions, ReleaseRole.STABLE), _serving(versions, ReleaseRole.CANARY)
        )

    def _rollback_target(self, tenant_id: str, key: str) -> _Version | None:
        """The highest DEPRECATED version of ``key``: what a stable rollback reinstates."""
        rows = self.store.read(
            "learn/procedure_rollback_target",
            {
                "tenant_id": tenant_id,
                "procedure_key": key,
                "deprecated": str(ProcedureStatus.DEPRECATED),
            },
        )
        return _version_of(rows[0]) if rows else None

    def _version(self, tenant_id: str, key: str, version: str) -> _Version:
        return self._view(tenant_id, key, version).find(key, version)

    def _receipt(
        self,
        actor: str,
        v: _Version,
        action: ReleaseAction,
        *,
        other: _Version | None = None,
        **fields: Any,
    ) -> ReleaseReceipt:
        p = v.procedure
        return ReleaseReceipt(
            receipt_id=new_id("rrc"),
            tenant_id=p.tenant_id,
            actor=actor,
            action=action,
            procedure_key=p.procedure_key,
            version=p.version,
            memory_id=p.memory_id,
            from_lifecycle=p.lifecycle,
            other_memory_id=other.procedure.memory_id if other else None,
            recorded_at=self.clock(),
            **fields,
        )

    def _step(
        self,
        tenant_id: str,
        key: str,
        version: str,
        changes: list[_Change],
        receipt: ReleaseReceipt,
        edges: list[dict[str, str]] | None = None,
    ) -> StepResult:
        for c in changes:
            _check_transition(c)
        rows = self.store.write(
            "learn/procedure_step",
            {
                "tenant_id": tenant_id,
                "changes": [c.param() for c in changes],
                "edges": edges or [],
                "receipt": receipt.to_graph_properties(),
                "now": receipt.recorded_at,
            },
        )
        if not rows:
            raise _conflict(
                f"{key}@{version} changed while this step was decided; read it again",
                "release_moved_on",
            )
        return StepResult(version=self._version(tenant_id, key, version).public(), receipt=receipt)


def _check_transition(change: _Change) -> None:
    """The lifecycle moves only along :class:`ProcedureStatus`'s transitions."""
    now = change.version.procedure.lifecycle
    target = change.props.get("lifecycle")
    if target is None or target == now or now.can_transition(target):
        return
    allowed = ", ".join(sorted(now.allowed_next())) or "none (terminal)"
    raise _conflict(f"{now} → {target} is not allowed; from {now}: {allowed}", "invalid_transition")


def _require(principal: Principal, roles: frozenset[str], what: str) -> None:
    if not principal.has_any(*roles):
        raise ForbiddenError(
            f"{what} needs one of the roles: {', '.join(sorted(roles))}",
            required_roles=sorted(roles),
        )


def _version_of(row: Mapping[str, Any]) -> _Version:
    memory = memory_from_graph(row["m"])
    assert isinstance(memory, Procedure)
    return _Version(memory, row.get("author"))


def _serving(versions: list[_Version], role: ReleaseRole) -> _Version | None:
    return next(
        (
            v
            for v in versions
            if v.procedure.lifecycle is ProcedureStatus.PUBLISHED
            and v.procedure.release_role is role
        ),
        None,
    )


def _edge(new: _Version, old: _Version, kind: SupersessionKind, reason: str) -> dict[str, str]:
    return {
        "from_id": new.procedure.memory_id,
        "to_id": old.procedure.memory_id,
        "kind": str(kind),
        "reason": reason,
    }


def create_draft(
    releases: Releases, principal: Principal, body: ProcedureCreate | Mapping[str, Any]
) -> DraftResult:
    """Create a procedure draft version (``POST /v1/procedures``; an approved insight promotes
    to one). ``body`` is a :class:`ProcedureCreate`: key (``procedure_key``), version, scope,
    preconditions, steps, effect, approval, rollback, owner, tests, ``subject_id``, and
    optionally ``scenarios`` for the simulator, ``evidence`` (source ids), ``derived_from``
    (memory ids: the insight and its episodes, linked by ``DERIVED_FROM`` with
    ``derived_method``). The draft passes the write gate; the result holds its WriteReceipt
    and, when it committed, the version and the DRAFT release receipt. Needs a reviewer or
    admin principal. Use ``Graphmem.releases`` for ``releases``."""
    return releases.create_draft(principal, body)


__all__ = ["MONITOR", "READERS", "Releases", "create_draft"]

"""Steps 6–7 of consolidation: a reviewer decides, and an approved insight is promoted through
the write gate — never around it.

Approval records the reviewer's decision as a HUMAN_REVIEW source (so the claim's authority is
the reviewer's, checked by the gate like any other evidence), proposes the claim citing that
source, and the commit links the claim ``DERIVED_FROM`` the insight (method
``insight_promotion``), which links to its episodes: revoking or erasing a source episode walks
episode → insight → claim with the one lineage walk of :mod:`graphmem.lifecycle.revoke` and
:mod:`graphmem.lifecycle.erase`. If the gate refuses the claim, the insight stays as it was and
the answer carries the refusing receipt.

Safety of promotion (seed: "Procedural memory는 코드와 가까워야 한다"):

* a procedure needs at least :data:`MIN_PROCEDURE_SUPPORT` supporting episodes, no
  counterexample under its condition and a lower bound of at least
  :data:`MIN_PROCEDURE_BOUND` — one success trace never becomes a procedure;
* an insight is promoted about its own subject only (the scope it was learned in; edits cannot
  widen it): a user's instruction stays a proposal about that user;
* a procedure-kind insight approved with ``edits.procedure`` becomes a DRAFT version in the
  release process (``Releases.create_draft``: scope and security review, simulator tests,
  publication, canary — nothing runs until then), derived from the insight; a user's
  instruction only as a draft scoped to that user. Approved without a draft, it is kept as a
  claim about its subject marked for procedure review (``promoted_as:
  CLAIM_FOR_PROCEDURE_REVIEW``), never as a procedure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Literal

from pydantic import BaseModel, Field, JsonValue

from graphmem.auth.principal import Principal, Role
from graphmem.auth.scope import read_subjects
from graphmem.clock import Clock, system_clock
from graphmem.errors import (
    FieldIssue,
    ForbiddenError,
    NotFoundError,
    ReviewStateError,
    ValidationError,
)
from graphmem.ids import new_id
from graphmem.learn.approval import approval_issues
from graphmem.learn.insight import (
    Insight,
    InsightKind,
    InsightOrigin,
    InsightPublic,
    InsightStatus,
    ReviewStatus,
)
from graphmem.learn.procedure_records import DraftResult, ProcedureCreate
from graphmem.limits import MAX_LIST_ITEMS
from graphmem.models.base import Record
from graphmem.models.edges import DerivedFrom
from graphmem.models.enums import Decision, MemoryType, SourceKind
from graphmem.models.nodes import Source
from graphmem.models.proposal import MemoryProposal
from graphmem.models.receipts import WriteReceipt
from graphmem.models.types import ShortText, SubjectRef, Text
from graphmem.models.validation import parse
from graphmem.paging import Cursors, Page, check_limit, cut
from graphmem.store.base import GraphStore
from graphmem.write.pipeline import Derivation, WritePipeline
from graphmem.write.sources import SourceCreate, record_source

REVIEW_POLICY_VERSION = "learn-review-1"
PROMOTION_METHOD = "insight_promotion"
REVIEWERS = frozenset({Role.REVIEWER, Role.ADMIN})
MIN_PROCEDURE_SUPPORT = 3
MIN_PROCEDURE_BOUND = 0.4
_REVIEWABLE = (ReviewStatus.CANDIDATE, ReviewStatus.REOPENED)
#: ``(principal, POST /v1/procedures body) → DraftResult``: the release process's drafts
DraftMaker = Callable[[Principal, Mapping[str, Any]], DraftResult]


class InsightEdits(Record):
    """What a reviewer may change before approving: the wording, the condition, the kind,
    and — to promote to a procedure draft — the draft itself (``procedure``: key, version,
    scope, preconditions, steps, effect, approval, rollback, owner, tests, scenarios: a
    ``POST /v1/procedures`` body without ``subject_id``/``derived_from``, which come from the
    insight). Not the subject: an insight is promoted in the scope it was learned in."""

    statement: Text | None = None
    condition: list[ShortText] | None = Field(None, max_length=MAX_LIST_ITEMS)
    kind: InsightKind | None = None
    procedure: dict[str, JsonValue] | None = None


class InsightReview(Record):
    """``POST /v1/insights/{id}/review``."""

    decision: Literal["APPROVE", "REJECT"]
    reason: Text
    edits: InsightEdits | None = None


class ReviewResult(BaseModel):
    """The answer of ``POST /v1/insights/{id}/review``. ``applied`` is false when the gate
    refused the promoted claim (``receipt`` says why): then nothing changed."""

    insight: InsightPublic
    review_id: str
    decision: str
    applied: bool
    promoted_id: str | None = None
    promoted_as: str | None = None
    receipt: WriteReceipt | None = None


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
    return (slug or "action")[:60]


class InsightReviews:
    """Listing, review and promotion of insights on one store."""

    def __init__(
        self,
        store: GraphStore,
        writer: WritePipeline,
        *,
        drafts: DraftMaker | None = None,
        clock: Clock = system_clock,
        cipher: Any = None,
        cursors: Cursors | None = None,
    ) -> None:
        self.store = store
        self.writer = writer
        self.cursors = cursors or Cursors()
        #: the release process's draft creation (``Releases.create_draft``)
        self.drafts = drafts
        self.clock = clock
        self.cipher = cipher

    # -- reads ------------------------------------------------------------------------------
    def list(
        self,
        principal: Principal,
        *,
        status: InsightStatus | None = None,
        subject_id: str | None = None,
        namespace: str | None = None,
        limit: int = 100,
        cursor: str | None = None,
    ) -> Page[InsightPublic]:
        """Insights the key may read, newest first, one page (graphmem.paging)."""
        check_limit(limit)
        scope = {
            "tenant_id": principal.tenant_id,
            "subject_ids": read_subjects(principal, subject_id),
            "subject_id": subject_id,
            "namespace": namespace,
            "status": str(status) if status else None,
        }
        after = self.cursors.open(cursor, "insights", scope)
        rows = self.store.read("learn/insight_list", {**scope, "after": after, "take": limit + 1})
        [counted] = self.store.read("learn/insight_count", scope)
        return cut(
            rows,
            total=int(counted["total"]),
            limit=limit,
            build=InsightPublic.from_row,
            cursors=self.cursors,
            listing="insights",
            scope=scope,
        )

    def get(self, principal: Principal, insight_id: str) -> InsightPublic:
        rows = self.store.read(
            "learn/insight_get", {"tenant_id": principal.tenant_id, "memory_id": insight_id}
        )
        if not rows or not principal.may_read(str(rows[0]["i"].get("subject_id"))):
            raise NotFoundError(f"no insight {insight_id!r}", insight_id=insight_id)
        return InsightPublic.from_row(rows[0])

    # -- review -----------------------------------------------------------------------------
    def review(self, principal: Principal, insight_id: str, body: InsightReview) -> ReviewResult:
        if not principal.has_any(*REVIEWERS):
            raise ForbiddenError(
                "reviewing insights needs a reviewer or admin key",
                required_roles=sorted(REVIEWERS),
            )
        rows = self.store.read(
            "learn/insight_get", {"tenant_id": principal.tenant_id, "memory_id": insight_id}
        )
        if not rows or not principal.may_read(str(rows[0]["i"].get("subject_id"))):
            raise NotFoundError(f"no insight {insight_id!r}", insight_id=insight_id)
        insight = Insight.from_graph(rows[0]["i"])
        public = InsightPublic.from_row(rows[0])
        reviewable = insight.review_status in _REVIEWABLE or public.status is InsightStatus.REOPENED
        if public.status is InsightStatus.REVOKED or not reviewable:
            raise ReviewStateError(
                f"insight {insight_id} is {public.status}; only CANDIDATE or REOPENED insights "
                "are reviewed",
                field="insight_id",
                rule="not_reviewable",
            )
        now = self.clock()
        review_id = new_id("irev")
        edits = body.edits or InsightEdits()
        changes: dict[str, Any] = {
            "reviewed_by": principal.principal_id,
            "reviewed_at": now,
            "review_reason": body.reason,
            "updated_at": now,
        }
        promoted_id: str | None = None
        promoted_as: str | None = None
        receipt: WriteReceipt | None = None
        if body.decision == "REJECT":
            changes["review_status"] = str(ReviewStatus.REJECTED)
        else:
            edited = insight.model_copy(
                update={
                    k: v
                    for k, v in {
                        "text": edits.statement,
                        "condition": edits.condition,
                        "kind": edits.kind,
                    }.items()
                    if v is not None
                }
            )
            _check_promotable(edited, edits)
            receipt, promoted_as = self._promote(principal, edited, edits, body.reason, review_id)
            if receipt.decision not in (Decision.COMMITTED, Decision.DUPLICATE):
                # the gate refused: nothing about the insight changes
                return ReviewResult(
                    insight=public,
                    review_id=review_id,
                    decision=body.decision,
                    applied=False,
                    receipt=receipt,
                )
            promoted_id = receipt.memory_id
            changes |= {
                "review_status": str(ReviewStatus.APPROVED),
                "status": "ACTIVE",
                "promoted_id": promoted_id,
                "promoted_as": promoted_as,
                "text": edited.text,
                "condition": edited.condition,
                "kind": str(edited.kind),
            }
        written = self.store.write(
            "learn/insight_review",
            {
                "tenant_id": principal.tenant_id,
                "memory_id": insight_id,
                "expected": str(insight.review_status),
                "changes": changes,
                "receipt": {
                    "review_id": review_id,
                    "tenant_id": principal.tenant_id,
                    "insight_id": insight_id,
                    "actor": principal.principal_id,
                    "decision": body.decision,
                    "promoted_id": promoted_id,
                    "promoted_as": promoted_as,
                    "write_receipt_id": receipt.receipt_id if receipt else None,
                    "policy_version": REVIEW_POLICY_VERSION,
                    "recorded_at": now,
                },
            },
        )
        if not written:
            raise ReviewStateError(
                f"insight {insight_id} was reviewed concurrently; read it again",
                field="insight_id",
                rule="concurrent_review",
            )
        return ReviewResult(
            insight=self.get(principal, insight_id),
            review_id=review_id,
            decision=body.decision,
            applied=True,
            promoted_id=promoted_id,
            promoted_as=promoted_as,
            receipt=receipt,
        )

    # -- promotion --------------------------------------------------------------------------
    def _review_source(
        self, principal: Principal, insight: Insight, reason: str, review_id: str
    ) -> Source:
        """The reviewer's decision as a HUMAN_REVIEW source: the evidence the gate judges."""
        return record_source(
            self.store,
            principal,
            SourceCreate(
                kind=SourceKind.HUMAN_REVIEW,
                content=(
                    f"Review {review_id} of insight {insight.memory_id}: approved. "
                    f"{insight.text}\nReason: {reason}"
                ),
                subject_id=insight.subject_id,
            ),
            self.clock,
            cipher=self.cipher,
        )

    def _promote(
        self,
        principal: Principal,
        insight: Insight,
        edits: InsightEdits,
        reason: str,
        review_id: str,
    ) -> tuple[WriteReceipt, str]:
        """The promoted memory's receipt and what it was promoted as."""
        if insight.kind is InsightKind.PROCEDURE and edits.procedure is not None:
            if self.drafts is None:
                raise ValidationError(
                    [FieldIssue("edits.procedure", "unavailable", "no release process here")]
                )
            body = {
                **edits.procedure,
                "subject_id": insight.subject_id,
                "namespace": insight.namespace,
                "derived_from": [insight.memory_id],
                "derived_method": PROMOTION_METHOD,
            }
            with _named("edits.procedure"):
                # checked before anything is written (the review source included)
                approval = approval_issues(parse(ProcedureCreate, body))
                if approval:
                    raise ValidationError(approval)
            source = self._review_source(principal, insight, reason, review_id)
            draft = self.drafts(principal, {**body, "evidence": [source.source_id]})
            v = draft.version
            # promoted_as names the draft's key@version; promoted_id is its memory id
            ref = f"PROCEDURE_DRAFT {v.procedure_key}@{v.version}" if v else "PROCEDURE_DRAFT"
            return draft.write_receipt, ref
        source = self._review_source(principal, insight, reason, review_id)
        # a procedure-kind insight without a draft is kept as a claim about its subject,
        # marked for procedure review on the insight (promoted_as). Never a procedure-worded
        # predicate: the gate (rightly) refuses procedures as claims
        predicate = f"learned_{_slug(insight.action or insight.text)}_{insight.insight_key[7:15]}"
        proposal = MemoryProposal.model_validate(
            {
                "memory_type": MemoryType.SEMANTIC,
                "subject": insight.subject_id,
                "namespace": insight.namespace,
                "claim": {"predicate": predicate, "object": insight.text},
                "evidence": [
                    {"event_id": source.source_id, "span": insight.text, "source_role": "reviewer"}
                ],
                "confidence": max(insight.lower_bound, 0.01),
            }
        )
        receipt = self.writer.propose(
            principal,
            proposal,
            derived_from=[
                Derivation(
                    insight.memory_id,
                    DerivedFrom(
                        method=PROMOTION_METHOD,
                        policy_version=REVIEW_POLICY_VERSION,
                        recorded_at=self.clock(),
                    ),
                )
            ],
        )
        for_procedure = insight.kind is InsightKind.PROCEDURE
        return receipt, ("CLAIM_FOR_PROCEDURE_REVIEW" if for_procedure else "CLAIM")


@contextmanager
def _named(prefix: str) -> Iterator[None]:
    """Validation errors inside name their field where the reviewer wrote it."""
    try:
        yield
    except ValidationError as exc:
        raise ValidationError(
            [FieldIssue(f"{prefix}.{x.field}", x.rule, x.message) for x in exc.issues]
        ) from None


def _check_promotable(insight: Insight, edits: InsightEdits) -> None:
    """The safety rules of promotion, as a 422 naming the rule."""
    if insight.kind is not InsightKind.PROCEDURE:
        if edits.procedure is not None:
            raise ValidationError(
                [
                    FieldIssue(
                        "edits.procedure", "kind_mismatch", "a procedure draft needs kind PROCEDURE"
                    )
                ]
            )
        return
    issues = []
    if insight.origin is InsightOrigin.USER_INSTRUCTION:
        # a user's instruction is at most a proposal about that user: a draft scoped to them
        scope = str((edits.procedure or {}).get("scope") or "")
        kind, _, ident = insight.subject_id.partition(":")
        if edits.procedure is not None and scope.split("/")[-2:] != [kind, ident]:
            issues.append(
                FieldIssue(
                    "edits.procedure.scope",
                    "user_scope_only",
                    f"a user's instruction is scoped to that user: the scope must end with "
                    f"{kind}/{ident}",
                )
            )
    else:
        if insight.support < MIN_PROCEDURE_SUPPORT:
            issues.append(
                FieldIssue(
                    "support",
                    "insufficient_support",
                    f"a procedure needs at least {MIN_PROCEDURE_SUPPORT} supporting episodes; "
                    f"this insight has {insight.support}",
                )
            )
        if insight.counter_support > 0:
            issues.append(
                FieldIssue(
                    "counter_support",
                    "counterexamples",
                    f"{insight.counter_support} episode(s) contradict it under its condition",
                )
            )
        if insight.lower_bound < MIN_PROCEDURE_BOUND:
            issues.append(
                FieldIssue(
                    "lower_bound",
                    "too_uncertain",
                    f"lower confidence bound {insight.lower_bound:.2f} < {MIN_PROCEDURE_BOUND}",
                )
            )
    if issues:
        raise ValidationError(issues)


__all__ = [
    "MIN_PROCEDURE_BOUND",
    "MIN_PROCEDURE_SUPPORT",
    "PROMOTION_METHOD",
    "REVIEWERS",
    "REVIEW_POLICY_VERSION",
    "InsightEdits",
    "InsightReview",
    "InsightReviews",
    "ReviewResult",
    "SubjectRef",
]

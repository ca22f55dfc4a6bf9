"""What a model call sees of its run: the seed's ``project_required_state(state)`` and
``select_required_evidence(evidence)``.

The context builder (:mod:`graphmem.read.context`) asks for a run's latest checkpoint and puts
these lines in its state and evidence sections — third in the seed's priority, after the
instruction and the policy and before every memory, because run state is authoritative and
memories are not. The state is a *projection*: short lines of what the next step needs (where
the run is, what budget is left, what is approved, what is done and still required, the last
observation, the recent tool calls, the runtime's own typed state), never a dump of the record.

Evidence is the run's ``evidence_ids`` — sources recorded with ``POST /v1/sources`` — and only
the **verified** ones enter: a source of the caller's tenant that the key may read, not
revoked, recorded by an authenticated key and not a model's own output, whose stored content
still has the hash it was recorded with (when nothing was redacted from it), and, for a corpus
document, the latest revision of its uri. Each refused one is named with its reason, and one of
another subject is refused exactly as one that does not exist.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from graphmem.auth.principal import Principal
from graphmem.crypto import UNREADABLE, ContentCipher, is_sealed
from graphmem.models.enums import SourceKind, ToolCallStatus
from graphmem.models.nodes import Source
from graphmem.models.state import Checkpoint
from graphmem.models.types import sha256_hash
from graphmem.store.base import GraphStore
from graphmem.write.sources import load_sources

#: a projected line longer than this is cut (the budget decides what fits; a cut line says so)
MAX_LINE_CHARS: Final = 400
#: an evidence excerpt longer than this is cut
MAX_EVIDENCE_CHARS: Final = 1000
#: tool calls shown (the most recent)
RECENT_TOOL_CALLS: Final = 10
#: the keys of ``working`` the retriever reads (procedures by capability and precondition,
#: episodes by environment)
RETRIEVAL_KEYS: Final = (
    "capabilities",
    "facts",
    "preconditions",
    "environment",
    "tool_version",
)


class Refusal:
    """Why a run's evidence id is not in the context (stable codes)."""

    UNKNOWN_SOURCE = "UNKNOWN_SOURCE"
    REVOKED = "REVOKED"
    UNVERIFIED = "UNVERIFIED"
    STALE_REVISION = "STALE_REVISION"
    HASH_MISMATCH = "HASH_MISMATCH"


@dataclass(frozen=True)
class Line:
    id: str
    text: str


@dataclass(frozen=True)
class Refused:
    id: str
    reason: str


_SPACE = re.compile(r"\s+")


def _cut(text: str, limit: int = MAX_LINE_CHARS) -> str:
    one = _SPACE.sub(" ", text).strip()
    return one if len(one) <= limit else one[: limit - 1].rstrip() + "…"


def _amount(value: float) -> str:
    return f"{value:g}"


def _budget(checkpoint: Checkpoint) -> str | None:
    b = checkpoint.budget
    left = b.remaining()
    parts = []
    for name, limit, used in (
        ("tokens", b.tokens_limit, b.tokens_used),
        ("tool calls", b.tool_calls_limit, b.tool_calls_used),
        ("cost", b.cost_limit, b.cost_used),
    ):
        key = "tool_calls" if name == "tool calls" else name
        if limit is not None:
            parts.append(f"{name} {_amount(left[key] or 0)} left of {_amount(limit)}")
        elif used:
            parts.append(f"{name} used {_amount(used)}")
    reserved = [r for r in b.reservations if r.tokens or r.tool_calls or r.cost]
    if reserved:
        parts.append(f"{len(reserved)} reservations held")
    if b.deadline:
        parts.append(f"deadline {b.deadline[:16]}Z")
    if b.exhausted:
        parts.append("EXHAUSTED")
    return "budget: " + "; ".join(parts) if parts else None


def project_required_state(checkpoint: Checkpoint) -> list[Line]:
    """The run's state as compact lines, most important first."""
    c = checkpoint
    lines = [
        Line(
            "run.status",
            f"run {c.run_id} (checkpoint v{c.version}): {c.status}, step {c.step}, "
            f"plan v{c.plan_version}",
        )
    ]
    if c.failure_code:
        lines.append(Line("run.failure_code", f"failure code: {c.failure_code}"))
    budget = _budget(c)
    if budget:
        lines.append(Line("run.budget", budget))
    for i, approval in enumerate(c.approvals):
        lines.append(
            Line(
                f"run.approvals.{i}",
                _cut(
                    f"approved: {approval.action} (by {approval.approved_by}, {approval.at[:10]})"
                ),
            )
        )
    if c.pending_evidence:
        lines.append(
            Line("run.pending_evidence", _cut("still required: " + ", ".join(c.pending_evidence)))
        )
    if c.completed_steps:
        shown = ", ".join(c.completed_steps)
        if len(shown) > MAX_LINE_CHARS - 20:  # the latest steps matter most
            shown = "…" + shown[-(MAX_LINE_CHARS - 20) :]
        lines.append(Line("run.completed_steps", "done: " + shown))
    if c.resolved_entities:
        pairs = ", ".join(f"{k}={v}" for k, v in c.resolved_entities.items())
        lines.append(Line("run.resolved_entities", _cut("resolved: " + pairs)))
    if c.last_observation:
        lines.append(Line("run.last_observation", _cut("last observation: " + c.last_observation)))
    recent = c.tool_receipts[-RECENT_TOOL_CALLS:]
    if recent:
        calls = ", ".join(
            f"{r.tool} {r.status}"
            + (f" {r.error_code}" if r.error_code else "")
            + (" (in flight: do not repeat)" if r.status is ToolCallStatus.STARTED else "")
            for r in recent
        )
        more = len(c.tool_receipts) - len(recent)
        lead = f"tool calls ({more} earlier not shown): " if more else "tool calls: "
        lines.append(Line("run.tool_receipts", _cut(lead + calls)))
    return lines


def retrieval_state(checkpoint: Checkpoint) -> dict[str, Any]:
    """What the retriever reads of the run: its goal and failure code, and the typed keys of
    its working state (capabilities, preconditions met, environment, tool version)."""
    state: dict[str, Any] = {
        k: checkpoint.working[k] for k in RETRIEVAL_KEYS if k in checkpoint.working
    }
    if checkpoint.goal:
        state["goal"] = checkpoint.goal
    if checkpoint.failure_code:
        state["failure_code"] = checkpoint.failure_code
    # the run's procedure cohort (graphmem.learn.resolve) is a hash of the run
    state["run_id"] = checkpoint.run_id
    return state


def select_required_evidence(
    store: GraphStore,
    principal: Principal,
    evidence_ids: Sequence[str],
    *,
    cipher: ContentCipher | None = None,
) -> tuple[list[Line], list[Refused]]:
    """The verified evidence the run names, in its order, and the refused ids with why."""
    if not evidence_ids:
        return [], []
    found = load_sources(store, principal.tenant_id, list(dict.fromkeys(evidence_ids)), cipher)
    latest = _latest_revisions(store, principal.tenant_id, found.values())
    lines: list[Line] = []
    refused: list[Refused] = []
    for source_id in dict.fromkeys(evidence_ids):
        source = found.get(source_id)
        reason = _refusal(principal, source, latest)
        if reason is not None or source is None:
            refused.append(Refused(source_id, reason or Refusal.UNKNOWN_SOURCE))
            continue
        label = str(source.kind) + (f" {source.uri}@{source.revision}" if source.uri else "")
        excerpt = _cut(source.content or "", MAX_EVIDENCE_CHARS)
        lines.append(Line(source_id, f"({label}) {excerpt}"))
    return lines, refused


def _latest_revisions(store: GraphStore, tenant_id: str, sources: Any) -> dict[str, str]:
    """uri → the latest recorded revision's source id, for the documents among ``sources``."""
    out: dict[str, str] = {}
    for uri in sorted({s.uri for s in sources if s.kind is SourceKind.DOCUMENT and s.uri}):
        rows = store.read("sources/latest_document", {"tenant_id": tenant_id, "uri": uri})
        if rows:
            out[uri] = str(rows[0]["source_id"])
    return out


def _refusal(principal: Principal, source: Source | None, latest: dict[str, str]) -> str | None:
    if source is None or source.content is None:
        return Refusal.UNKNOWN_SOURCE
    if source.subject_id is not None and not principal.may_read(source.subject_id):
        return Refusal.UNKNOWN_SOURCE  # another subject's: as if it did not exist
    if source.revoked_at is not None:
        return Refusal.REVOKED
    if not source.authenticated or source.kind is SourceKind.MODEL_OUTPUT:
        return Refusal.UNVERIFIED
    if (
        source.kind is SourceKind.DOCUMENT
        and source.uri
        and latest.get(source.uri)
        not in (
            None,
            source.source_id,
        )
    ):
        return Refusal.STALE_REVISION
    if is_sealed(source.content) or source.content == UNREADABLE:
        return Refusal.UNVERIFIED  # its key is gone: nothing to show or check
    if not source.redactions and sha256_hash(source.content) != source.content_hash:
        return Refusal.HASH_MISMATCH
    return None


__all__ = [
    "Line",
    "Refusal",
    "Refused",
    "project_required_state",
    "retrieval_state",
    "select_required_evidence",
]

"""The context builder: the last selection before a model call.

The seed's rule is that retrieval results are *not* all pasted into the prompt; the context
builder picks, in a fixed priority order, what one model call sees:

1. the current instruction and goal (mandatory),
2. the authorization and safety policy (mandatory when given),
3. a projection of the current run state, and the *verified* evidence,
4. semantic memories (≤ ``limits.semantic``, default 5),
5. episodes (≤ ``limits.episodes``, default 2; failures are kept — they warn),
6. approved procedures (≤ ``limits.procedures``, default 1).

Memories come from one :class:`~graphmem.read.retrieve.Retriever` call per type group — and per
scope, when the call names several subjects (``scopes``: a user, their project, their org, each
allowed by the key, each with its own per-type limits, :mod:`.scopes`) — so the hard filters
(tenant, subject, time, consent, purpose, procedure state) stay where they are and are never
re-implemented here; within a section, items of all scopes are ordered by score.

**Run state.** With a ``run_id`` the state section opens with the run's latest checkpoint,
projected (:func:`graphmem.state.projection.project_required_state`), and the evidence section
with the verified sources its evidence ids name (``select_required_evidence``; refused ones are
listed in ``dropped`` with their reason): state beats memory, as the seed orders it. The run
also gives the goal, purpose and subject when the request leaves them out (a purpose other than
the run's is refused).

**Short references.** Memories are named ``m1``, ``m2`` … in the text (numbered as they are
placed; :mod:`.refs`) and ``refs`` maps them to memory ids: a memory id was most of a one-line
memory's tokens.

**Budget.** Items are fitted to ``budget_tokens`` in priority order, each counted once with the
embedding model's own tokenizer (:mod:`.fitting`); ``tokens_used`` is the exact count of the
text and never exceeds the budget.

**An old episode never overrides the current instruction.** Episodes are rendered after the
instruction, under a header saying they are past reference only and that the current
instruction wins, and every instruction-like sentence inside an episode (found by the write
gate's :func:`~graphmem.write.poisoning.detect_instruction`, plus a few directive forms that
only matter when text is replayed to an agent) is withheld (``INSTRUCTION_LIKE``) or, on
request, rendered as a quoted observation.

**Conflicts.** A selected memory with an unresolved conflict carries an inline marker naming
both sides, so the model is told to confirm with the user before relying on it. The marker is
part of the item, so a memory is never shown without it.

Every build is logged as a ``RetrievalLog`` of kind ``context``: ids, positions, token counts,
reason codes and versions, never content.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from pydantic import Field, model_validator

from graphmem.auth.principal import Principal
from graphmem.auth.scope import read_scopes
from graphmem.clock import Clock
from graphmem.errors import FieldIssue, ValidationError
from graphmem.ids import new_id
from graphmem.limits import MAX_BUDGET_TOKENS, MAX_CONTEXT_EVIDENCE
from graphmem.memo import TextMemo
from graphmem.models.base import Record
from graphmem.models.enums import MemoryType
from graphmem.models.public import ContextPublic
from graphmem.models.state import Checkpoint
from graphmem.models.types import Identifier, Key, SubjectRef, Text, field_error, sha256_hash
from graphmem.models.validation import parse
from graphmem.read.fitting import (
    EPISODES,
    EVIDENCE,
    HEADERS,
    INSTRUCTION,
    POLICY,
    PROCEDURES,
    SECTION_ORDER,
    SECTION_RANK,
    SEMANTIC,
    STATE,
    Draft,
    Dropped,
    DropReason,
    Fitted,
    Placed,
    fit,
    render,
)
from graphmem.read.refs import template
from graphmem.read.retrieve import (
    READ_POLICY_VERSION,
    RETRIEVER_VERSION,
    Retriever,
    RetrieveRequest,
    RetrieveResult,
    StateField,
)
from graphmem.read.scopes import Scopes, TypeLimits, scope_error
from graphmem.state import Runs
from graphmem.state.projection import (
    project_required_state,
    retrieval_state,
    select_required_evidence,
)
from graphmem.store.base import Row
from graphmem.write.poisoning import THRESHOLD, detect_instruction, instruction_score

CONTEXT_VERSION: Final = "graphmem-context-1"


_MEMORY_SECTIONS: Final[tuple[tuple[str, MemoryType], ...]] = (
    (SEMANTIC, MemoryType.SEMANTIC),
    (EPISODES, MemoryType.EPISODIC),
    (PROCEDURES, MemoryType.PROCEDURAL),
)


# -- request ----------------------------------------------------------------------------------


class EvidenceItem(Record):
    """Evidence the caller has for this call. Only ``verified`` evidence enters the context."""

    id: Identifier
    text: Text
    #: unverified evidence is dropped (``UNVERIFIED``): absent means not verified
    verified: bool = False


class ContextLimits(Record):
    """How many memories of each type may enter the context (the retriever's ``k``)."""

    semantic: int = Field(5, ge=0, le=50)
    episodes: int = Field(2, ge=0, le=20)
    procedures: int = Field(1, ge=0, le=10)


class ContextRequest(Record):
    """``POST /v1/context``. ``goal`` may be left to the run (``run_id``); ``scopes`` instead
    of ``subject_id`` names several subjects."""

    goal: Text | None = None
    instruction: Text
    #: run state; projected to compact ``key: value`` lines, and passed to the retriever
    #: (procedures are filtered by its ``capabilities`` and ``facts``)
    state: StateField = None
    evidence: list[EvidenceItem] = Field(default_factory=list, max_length=MAX_CONTEXT_EVIDENCE)
    #: what to retrieve memories for
    query: str = Field(min_length=1, max_length=4000)
    purpose: Key | None = None
    budget_tokens: int = Field(ge=1, le=MAX_BUDGET_TOKENS)
    subject_id: SubjectRef | None = None
    #: the subjects in play, each allowed by the key, with per-type limits of its own
    scopes: Scopes = None
    #: the run whose latest checkpoint and verified evidence open the state and evidence
    run_id: Identifier | None = None
    #: authorization and safety policy text; mandatory in the context when given
    policy: Text | None = None
    limits: ContextLimits = Field(default_factory=ContextLimits)
    valid_at: str | None = None
    known_at: str | None = None
    #: what to do with an instruction-like sentence inside an episode: withhold it
    #: (``INSTRUCTION_LIKE`` in ``dropped``) or render it as a quoted observation
    instruction_like: Literal["drop", "quote"] = "drop"

    @model_validator(mode="after")
    def _rules(self) -> ContextRequest:
        scope_error(self.subject_id is not None, self.scopes)
        if self.goal is None and self.run_id is None:
            raise field_error("goal", "required", "give a goal, or a run_id whose goal to use")
        return self


# -- drafting: instruction, policy, state, evidence ------------------------------------------------

_SPACE = re.compile(r"\s+")
_SECRET_KEY = re.compile(
    r"secret|passw|passcode|api[_\-]?key|credential|private[_\-]?key|"
    r"(?:access|auth|bearer|refresh|session)[_\-]?token|cookie",
    re.IGNORECASE,
)
#: a state line longer than this is not "compact"
MAX_STATE_VALUE_CHARS: Final = 200
MAX_STATE_KEY_CHARS: Final = 64
MAX_STATE_ITEMS: Final = 20


def _one_line(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def _scalar(value: Any) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return _one_line(value)
    return None


def project_state(
    state: Mapping[str, Any] | None, prefix: str = "state"
) -> tuple[list[Draft], list[Dropped]]:
    """The state as compact ``key: value`` lines. Scalars, short lists of scalars and small
    flat maps are rendered; long values (``TOO_LARGE``), nested or unknown shapes
    (``UNSUPPORTED_VALUE``) and keys naming credentials (``SECRET``) are skipped, and None
    is left out silently. The state is authoritative run data; this is a view, not a copy."""
    drafts: list[Draft] = []
    dropped: list[Dropped] = []
    for raw_key, value in (state or {}).items():
        key = _one_line(str(raw_key))
        item_id = f"{prefix}.{key[:MAX_STATE_KEY_CHARS]}"
        if value is None:
            continue
        if not key or len(key) > MAX_STATE_KEY_CHARS:
            dropped.append(Dropped(item_id, STATE, DropReason.TOO_LARGE))
            continue
        if _SECRET_KEY.search(key):
            dropped.append(Dropped(item_id, STATE, DropReason.SECRET))
            continue
        shown: str | None
        if isinstance(value, list | tuple):
            parts = [_scalar(v) for v in value]
            if any(p is None for p in parts):
                dropped.append(Dropped(item_id, STATE, DropReason.UNSUPPORTED_VALUE))
                continue
            if len(parts) > MAX_STATE_ITEMS:
                dropped.append(Dropped(item_id, STATE, DropReason.TOO_LARGE))
                continue
            shown = ", ".join(p for p in parts if p is not None)
        elif isinstance(value, Mapping):
            pairs = [(_one_line(str(k)), _scalar(v)) for k, v in value.items()]
            if any(v is None for _, v in pairs):
                dropped.append(Dropped(item_id, STATE, DropReason.UNSUPPORTED_VALUE))
                continue
            if len(pairs) > MAX_STATE_ITEMS:
                dropped.append(Dropped(item_id, STATE, DropReason.TOO_LARGE))
                continue
            shown = ", ".join(f"{k}={v}" for k, v in pairs)
        else:
            shown = _scalar(value)
            if shown is None:
                dropped.append(Dropped(item_id, STATE, DropReason.UNSUPPORTED_VALUE))
                continue
        if len(shown) > MAX_STATE_VALUE_CHARS:
            dropped.append(Dropped(item_id, STATE, DropReason.TOO_LARGE))
            continue
        drafts.append(Draft(STATE, f"{key}: {shown}", id=item_id))
    return drafts, dropped


def with_run(request: ContextRequest, checkpoint: Checkpoint | None) -> ContextRequest:
    """The request with what the run gives when the request leaves it out: the goal, the
    purpose (another purpose than the run's is refused: its data is for that purpose) and the
    subject (when no subject or scopes are named)."""
    if checkpoint is None:
        return request
    changes: dict[str, Any] = {}
    if request.goal is None:
        if checkpoint.goal is None:
            raise ValidationError(
                [FieldIssue("goal", "required", f"run {checkpoint.run_id} has no goal; give one")]
            )
        changes["goal"] = checkpoint.goal
    if request.purpose is None:
        changes["purpose"] = checkpoint.purpose
    elif checkpoint.purpose is not None and request.purpose != checkpoint.purpose:
        raise ValidationError(
            [
                FieldIssue(
                    "purpose",
                    "run_purpose",
                    f"run {checkpoint.run_id} is for {checkpoint.purpose!r}, not "
                    f"{request.purpose!r}",
                )
            ]
        )
    if request.subject_id is None and not request.scopes and checkpoint.subject_id is not None:
        changes["subject_id"] = checkpoint.subject_id
    return request.evolve(**changes) if changes else request


def mandatory_drafts(request: ContextRequest) -> list[Draft]:
    """Instruction and goal, then the policy: the items a context cannot go without."""
    rule = "too_small_for_instruction"
    drafts = [
        Draft(
            INSTRUCTION, f"Instruction: {request.instruction}", id="instruction", required_rule=rule
        ),
        Draft(INSTRUCTION, f"Goal: {request.goal or ''}", id="goal", required_rule=rule),
    ]
    if request.policy:
        drafts.append(
            Draft(POLICY, request.policy, id="policy", required_rule="too_small_for_policy")
        )
    return drafts


def evidence_drafts(evidence: Sequence[EvidenceItem]) -> tuple[list[Draft], list[Dropped]]:
    drafts: list[Draft] = []
    dropped: list[Dropped] = []
    for item in evidence:
        if item.verified:
            drafts.append(Draft(EVIDENCE, f"- [{item.id}] {item.text}", id=item.id))
        else:
            dropped.append(Dropped(item.id, EVIDENCE, DropReason.UNVERIFIED))
    return drafts, dropped


# -- drafting: memories ---------------------------------------------------------------------------

#: directive forms the write gate's detector does not need (it judges sources), but that
#: matter when a past record is replayed to an agent: standing orders and overrides
_DIRECTIVE: Final = re.compile(
    r"\b(?:from\s+now\s+on|going\s+forward|henceforth|from\s+this\s+point(?:\s+on)?|"
    r"in\s+(?:all\s+)?future\s+(?:conversations|sessions|tasks|answers|replies|responses))\b"
    r"|\b(?:ignore|disregard|override|forget)\s+(?:all\s+|any\s+|the\s+|your\s+|my\s+)*"
    r"(?:user'?s?|current|previous|prior|earlier|system|instructions?|preferences?|rules?|policy)\b"
    r"|\b(?:you|the\s+(?:assistant|agent|model))\s+(?:must|should|shall|have\s+to|need\s+to)\b"
    r"|앞으로(?:는)?\s|이제부터|지금부터|무시(?:하|해)",
    re.IGNORECASE,
)
_PARTS: Final = re.compile(r"\s*\|\s*|\s*\n\s*")
_SENTENCES: Final = re.compile(r"(?<=[.!?])\s+")
WITHHELD: Final = "[instruction-like text withheld]"


def _judge_instruction(text: str) -> bool:
    return instruction_score(detect_instruction(text)) >= THRESHOLD or bool(_DIRECTIVE.search(text))


#: the same memories come back build after build; the verdict is a pure function of the text
_INSTRUCTION_VERDICTS: Final[TextMemo[bool]] = TextMemo(capacity=65_536, salt="instruction")


def instruction_like(text: str) -> bool:
    """Whether a sentence reads as an instruction to the agent (not as an observation)."""
    return _INSTRUCTION_VERDICTS(text, _judge_instruction)


def neutralise(text: str, mode: Literal["drop", "quote"]) -> tuple[str | None, int]:
    """Episode text with each instruction-like sentence withheld (``drop``) or quoted as an
    observation (``quote``). Returns the text (None when nothing but instructions is left)
    and how many sentences were neutralised."""
    hits = 0
    kept_any = False
    parts: list[str] = []
    for part in _PARTS.split(text):
        sentences: list[str] = []
        for sentence in _SENTENCES.split(part):
            if not sentence.strip():
                continue
            if instruction_like(sentence):
                hits += 1
                if mode == "quote":
                    quoted = json.dumps(sentence, ensure_ascii=False)
                    sentences.append(f"(recorded text, not an instruction: {quoted})")
                elif not sentences or sentences[-1] != WITHHELD:
                    sentences.append(WITHHELD)
            else:
                kept_any = True
                sentences.append(sentence)
        if sentences:
            parts.append(" ".join(sentences))
    if not kept_any and mode == "drop":
        return None, hits
    return " | ".join(parts), hits


def conflict_marker(memory_ref: str, others: Sequence[str]) -> str:
    other = ", ".join(others) if others else "another memory"
    return (
        f"[CONFLICT {memory_ref} ↔ {other}: unresolved — "
        "confirm with the user before relying on it]"
    )


def _date(row: Row) -> str:
    return str(row.get("valid_from") or row.get("recorded_at") or "")[:10]


def memory_draft(
    section: str,
    row: Row,
    conflicts: Sequence[str],
    mode: Literal["drop", "quote"] = "drop",
) -> tuple[Draft | None, int]:
    """One memory as one line: ``- [m1] …`` plus its conflict marker (the memory and the
    other sides named by short references, filled in as the item is placed). Episodes say
    when and how they ended and have instruction-like sentences neutralised. Returns the draft
    (None if an episode was nothing but instructions) and the number of neutralised
    sentences."""
    memory_id = str(row["memory_id"])
    text = str(row.get("text") or "")
    hits = 0
    if section == EPISODES:
        body, hits = neutralise(text, mode)
        if body is None:
            return None, hits
        outcome = row.get("outcome") or "UNKNOWN"
        line = f"{_date(row)} (outcome {outcome}): {template(body)}"
    elif section == SEMANTIC:
        since = f" (valid from {_date(row)})" if row.get("valid_from") else ""
        line = f"{template(_one_line(text))}{since}"
    else:
        line = template(_one_line(text))
    others = [str(c) for c in conflicts] if row.get("open_conflicts") else []
    line = "- [{0}] " + line
    if row.get("open_conflicts"):  # a template: {0} is this memory, {1} … the other sides
        line += " " + conflict_marker("{0}", [f"{{{i}}}" for i in range(1, len(others) + 1)])
    return Draft(section, line, id=memory_id, memory=True, refs=(memory_id, *others)), hits


# -- result -------------------------------------------------------------------------------------


@dataclass
class ContextResult:
    context_id: str
    placed: list[Placed]
    text: str
    tokens_used: int
    budget_tokens: int
    dropped: list[Dropped]
    query_ids: list[str] = field(default_factory=list)
    #: the memory's retrieval score, for the log
    scores: dict[str, float] = field(default_factory=dict)
    #: short reference in the text → memory id
    refs: dict[str, str] = field(default_factory=dict)

    @property
    def selected_ids(self) -> list[str]:
        return [p.draft.id for p in self.placed if p.draft.memory and p.draft.id]

    @property
    def positions(self) -> dict[str, int]:
        return {p.draft.id: p.position for p in self.placed if p.draft.memory and p.draft.id}

    def sections(self) -> list[dict[str, Any]]:
        ref_of = {memory_id: ref for ref, memory_id in self.refs.items()}
        out: list[dict[str, Any]] = []
        for p in self.placed:
            if not out or out[-1]["name"] != p.draft.section:
                out.append({"name": p.draft.section, "items": []})
            item: dict[str, Any] = {"text": p.draft.text, "tokens": p.tokens}
            if p.draft.memory and p.draft.id in ref_of:
                item = {"ref": ref_of[p.draft.id], **item}
            if p.draft.id is not None:
                item = {"id": p.draft.id, **item}
            out[-1]["items"].append(item)
        return out

    def as_dict(self) -> dict[str, Any]:
        return {
            "context_id": self.context_id,
            "sections": self.sections(),
            "text": self.text,
            "tokens_used": self.tokens_used,
            "budget_tokens": self.budget_tokens,
            "dropped": [d.as_dict() for d in self.dropped],
            "refs": self.refs,
            "selection": {
                "query_ids": self.query_ids,
                "selected_ids": self.selected_ids,
                "positions": self.positions,
            },
            "context_version": CONTEXT_VERSION,
            "retriever_version": RETRIEVER_VERSION,
            "policy_version": READ_POLICY_VERSION,
        }

    def public(self) -> ContextPublic:
        """The answer as REST and the client SDK give it (one shape everywhere)."""
        return ContextPublic.model_validate(self.as_dict())


# -- the builder ----------------------------------------------------------------------------------


class ContextBuilder:
    """Builds one model call's context over a :class:`Retriever` (and its store, embedder
    and clock), with run state from ``runs``."""

    def __init__(
        self, retriever: Retriever, *, clock: Clock | None = None, runs: Runs | None = None
    ) -> None:
        self.retriever = retriever
        self.store = retriever.store
        self.embedder = retriever.embedder
        self.clock = clock or retriever.clock
        self.runs = runs

    def build(self, principal: Principal, request: ContextRequest) -> ContextResult:
        count = self.embedder.count_tokens
        budget = request.budget_tokens
        checkpoint = self._checkpoint(principal, request)
        request = with_run(request, checkpoint)
        mandatory = mandatory_drafts(request)
        # fail fast, before any retrieval or log, when the mandatory items cannot fit
        fit(mandatory, budget, count)

        run_state, run_evidence, dropped = self._run_drafts(principal, checkpoint)
        state_drafts, state_dropped = project_state(request.state)
        ev_drafts, ev_dropped = evidence_drafts(request.evidence)
        dropped += state_dropped + ev_dropped
        drafts = [*mandatory, *run_state, *state_drafts, *run_evidence, *ev_drafts]

        retrievals = self._retrieve(principal, request, checkpoint)
        rows = [s.row for _, r in retrievals for s in r.results]
        others = self._open_conflicts(principal, [r for r in rows if r.get("open_conflicts")])
        scores: dict[str, float] = {}
        # within a section, every scope's memories by score (one scope: the retriever's order)
        found = sorted(
            ((section, scored) for section, r in retrievals for scored in r.results),
            key=lambda pair: (SECTION_RANK[pair[0]], -pair[1].score),
        )
        for section, scored in found:
            draft, hits = memory_draft(
                section, scored.row, others.get(scored.memory_id, []), request.instruction_like
            )
            if hits and request.instruction_like == "drop":
                dropped.append(Dropped(scored.memory_id, section, DropReason.INSTRUCTION_LIKE))
            if draft is not None:
                drafts.append(draft)
                scores[scored.memory_id] = scored.score

        fitted = fit(drafts, budget, count)
        selected = {p.draft.id for p in fitted.placed if p.draft.memory}
        result = ContextResult(
            context_id=new_id("ctx"),
            placed=fitted.placed,
            text=fitted.text,
            tokens_used=fitted.tokens_used,
            budget_tokens=budget,
            dropped=dropped + fitted.dropped,
            query_ids=[r.query_id for _, r in retrievals],
            scores={k: v for k, v in scores.items() if k in selected},
            refs=fitted.refs,
        )
        self._log(principal, request, result, [r for _, r in retrievals])
        return result

    def _checkpoint(self, principal: Principal, request: ContextRequest) -> Checkpoint | None:
        if request.run_id is None:
            return None
        if self.runs is None:
            raise ValidationError(
                [FieldIssue("run_id", "no_run_state", "this builder has no run state")]
            )
        return self.runs.latest(principal, request.run_id)

    def _run_drafts(
        self, principal: Principal, checkpoint: Checkpoint | None
    ) -> tuple[list[Draft], list[Draft], list[Dropped]]:
        """The run's state lines and its verified evidence, and the evidence refused."""
        if checkpoint is None:
            return [], [], []
        state = [Draft(STATE, line.text, id=line.id) for line in project_required_state(checkpoint)]
        # the runtime's own typed state, as a request's state is projected
        working, dropped = project_state(checkpoint.working, prefix="run.working")
        state += working
        lines, refused = select_required_evidence(
            self.store, principal, checkpoint.evidence_ids, cipher=self.retriever.cipher
        )
        evidence = [Draft(EVIDENCE, f"- [{line.id}] {line.text}", id=line.id) for line in lines]
        return state, evidence, dropped + [Dropped(r.id, EVIDENCE, r.reason) for r in refused]

    def _retrieve(
        self, principal: Principal, request: ContextRequest, checkpoint: Checkpoint | None
    ) -> list[tuple[str, RetrieveResult]]:
        """One retrieval per type group and scope; the retriever applies every hard filter."""
        defaults = {
            SEMANTIC: request.limits.semantic,
            EPISODES: request.limits.episodes,
            PROCEDURES: request.limits.procedures,
        }
        targets: list[tuple[str | None, TypeLimits]] = [(request.subject_id, TypeLimits())]
        if request.scopes:
            read_scopes(principal, [s.subject_id for s in request.scopes])
            targets = [(s.subject_id, s.limits or TypeLimits()) for s in request.scopes]
        state: Mapping[str, Any] | None = request.state
        if checkpoint is not None:
            state = {**retrieval_state(checkpoint), **(request.state or {})}
        out: list[tuple[str, RetrieveResult]] = []
        for subject_id, own in targets:
            for (section, memory_type), (_, limit) in zip(
                _MEMORY_SECTIONS, own.per_type(), strict=True
            ):
                k = defaults[section] if limit is None else limit
                if k == 0:
                    continue
                retrieve = parse(
                    RetrieveRequest,
                    {
                        "query": request.query,
                        "subject_id": subject_id,
                        "purpose": request.purpose,
                        "types": [memory_type],
                        "k": k,
                        "valid_at": request.valid_at,
                        "known_at": request.known_at,
                        "state": state,
                    },
                )
                out.append((section, self.retriever.retrieve(principal, retrieve)))
        return out

    def _open_conflicts(self, principal: Principal, rows: Sequence[Row]) -> dict[str, list[str]]:
        if not rows:
            return {}
        found: dict[str, list[str]] = {}
        for row in self.store.read(
            "retrieval/open_conflicts",
            {"tenant_id": principal.tenant_id, "memory_ids": [r["memory_id"] for r in rows]},
        ):
            found.setdefault(str(row["memory_id"]), []).append(str(row["other_id"]))
        return found

    def _log(
        self,
        principal: Principal,
        request: ContextRequest,
        result: ContextResult,
        retrievals: Sequence[RetrieveResult],
    ) -> None:
        """The seed's memory observability record for one model call: ids, positions,
        tokens, reason codes and versions — no memory, instruction or evidence content."""
        candidates = list(dict.fromkeys(i for r in retrievals for i in r.candidate_ids))
        reasons = {e["memory_id"]: e["reason"] for r in retrievals for e in r.excluded}
        memory_ids = set(candidates)
        reasons.update({d.id: d.reason for d in result.dropped if d.id in memory_ids})
        counts: dict[str, int] = {}
        for d in result.dropped:
            counts[d.reason] = counts.get(d.reason, 0) + 1
        self.retriever.logs.submit(
            {
                "query_id": result.context_id,
                "tenant_id": principal.tenant_id,
                "actor": principal.principal_id,
                "subject_id": request.subject_id or principal.subject_id,
                "run_id": request.run_id,
                "purpose": request.purpose,
                "kind": "context",
                "query_hash": sha256_hash(request.query),
                "query_ids": result.query_ids,
                "candidate_ids": candidates,
                "candidate_count": sum(r.candidate_count for r in retrievals),
                "selected_ids": result.selected_ids,
                "filter_reasons_json": json.dumps(reasons, sort_keys=True),
                "dropped_counts_json": json.dumps(counts, sort_keys=True),
                "scores_json": json.dumps(
                    {k: round(v, 6) for k, v in result.scores.items()}, sort_keys=True
                ),
                "context_positions_json": json.dumps(result.positions, sort_keys=True),
                "tokens": result.tokens_used,
                "budget_tokens": result.budget_tokens,
                "context_version": CONTEXT_VERSION,
                "retriever_version": RETRIEVER_VERSION,
                "policy_version": READ_POLICY_VERSION,
                "embedding_version": self.embedder.embedding_version,
                "valid_at": request.valid_at,
                "known_at": request.known_at,
                "recorded_at": self.clock(),
            }
        )


__all__ = [
    "CONTEXT_VERSION",
    "EPISODES",
    "EVIDENCE",
    "HEADERS",
    "INSTRUCTION",
    "POLICY",
    "PROCEDURES",
    "SECTION_ORDER",
    "SEMANTIC",
    "STATE",
    "WITHHELD",
    "ContextBuilder",
    "ContextLimits",
    "ContextRequest",
    "ContextResult",
    "Draft",
    "DropReason",
    "Dropped",
    "EvidenceItem",
    "Fitted",
    "Placed",
    "fit",
    "instruction_like",
    "memory_draft",
    "neutralise",
    "project_state",
    "render",
    "with_run",
]

"""``propose(proposal) → WriteReceipt``: the only way memory is created or changed.

Stages run in the seed's order, with normalisation at the front and grounding after
provenance — normalize, classify, bind provenance, ground, sensitivity & consent, the gate
(authority, authorization, instruction shape, poisoning), conflict detection, validation —
each one a :class:`~graphmem.write.stage.Stage`, and each leaves its verdict and reason codes
(stage, code, rule, detail) on the receipt. The receipt is stored whatever the decision, and
holds ids, hashes and codes only. A commit is one statement: memory, ABOUT, PROVENANCE,
SUPERSEDES / CONFLICTS_WITH and the receipt land together or not at all — and, for a memory
the library derives from others (an approved insight promoted to a claim, graphmem.learn),
its DERIVED_FROM lineage: a proposer cannot state lineage, only the code that derived it.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from graphmem.auth.principal import Principal
from graphmem.clock import Clock, system_clock
from graphmem.crypto import ContentCipher
from graphmem.embeddings.base import Embedder
from graphmem.errors import (
    ConstraintViolationError,
    FieldIssue,
    GraphmemError,
    ValidationError,
)
from graphmem.ids import new_id
from graphmem.limits import MAX_BATCH
from graphmem.models.edges import DerivedFrom
from graphmem.models.enums import (
    Authority,
    Decision,
    MemoryStatus,
    Sensitivity,
    Verdict,
    WriteStage,
)
from graphmem.models.memory import MEMORY_CLASSES, AnyMemory, memory_from_graph
from graphmem.models.nodes import Source
from graphmem.models.proposal import MemoryProposal
from graphmem.models.receipts import Reason, StageVerdict, WriteReceipt
from graphmem.models.types import subject_kind
from graphmem.models.validation import parse
from graphmem.store.base import GraphStore
from graphmem.write import gate
from graphmem.write.codes import Code
from graphmem.write.conflicts import Competitor, Resolution, overlaps, resolve
from graphmem.write.grounding import GroundingStage, Verifier
from graphmem.write.materialize import (
    TYPE_LABEL,
    conflict_key,
    memory_content_hash,
    memory_text,
    payload_dict,
)
from graphmem.write.sources import load_sources
from graphmem.write.stage import Check, Severity, Stage, StageInput, reject

log = logging.getLogger(__name__)

WRITE_POLICY_VERSION = "memory-write-2"
_RACE_RETRIES = 5
_STAGES = (
    WriteStage.NORMALIZE,
    WriteStage.CLASSIFY,
    WriteStage.PROVENANCE,
    WriteStage.GROUNDING,
    WriteStage.SENSITIVITY_CONSENT,
    WriteStage.GATE,
    WriteStage.CONFLICT,
    WriteStage.VALIDATE,
    WriteStage.COMMIT,
)


@dataclass(frozen=True)
class Derivation:
    """A DERIVED_FROM edge the commit creates from the new memory to ``origin_id``."""

    origin_id: str
    edge: DerivedFrom

    def row(self) -> dict[str, Any]:
        return {"memory_id": self.origin_id, **self.edge.model_dump(mode="json")}


def gate_stages(verifier: Verifier | None = None) -> tuple[Stage, ...]:
    """The stages before conflict detection, in order: pure functions of the proposal, the
    principal and the cited sources (no store access)."""
    return (
        gate.NormalizeStage(),
        gate.ClassifyStage(),
        gate.ProvenanceStage(),
        GroundingStage(verifier),
        gate.SensitivityStage(),
        gate.GateStage(),
    )


def evaluate(
    stages: tuple[Stage, ...],
    principal: Principal,
    proposal: MemoryProposal,
    sources: dict[str, Source],
) -> StageInput:
    """Run ``stages`` over one proposal; the checks they found are on the result."""
    run = StageInput(proposal, principal, sources)
    for stage in stages:
        run.checks += stage.run(run)
    return run


class ConflictStage:
    """CONFLICT: competitors read from the store and resolved (``conflicts.resolve``); skipped
    when an earlier stage refused. Hands the resolution and the competitor set it decided
    against to the commit."""

    name = WriteStage.CONFLICT

    def __init__(self, store: GraphStore, clock: Clock) -> None:
        self.store = store
        self.clock = clock

    def run(self, run: StageInput) -> list[Check]:
        if run.refused:
            run.skipped.add(WriteStage.CONFLICT)
            return []
        resolution = self._resolve(run)
        run.resolution = resolution
        return resolution.checks

    def _resolve(self, run: StageInput) -> Resolution:
        p = run.proposal
        valid_from = p.valid_from or self.clock()
        chash = memory_content_hash(p)
        key = conflict_key(p)
        tenant = run.principal.tenant_id
        if key is not None:
            # every current competitor, read once: the commit re-counts exactly this set
            rows = self.store.read(
                "memories/competitors",
                {
                    "tenant_id": tenant,
                    "subject_id": p.subject,
                    "conflict_key": key,
                    "namespace": p.namespace,
                },
            )
            competitors = [Competitor.of(r) for r in rows]
            run.competitor_ids = [m.memory_id for m in competitors]
            existing = [
                m for m in competitors if overlaps(valid_from, p.valid_to, m.valid_from, m.valid_to)
            ]
        else:
            rows = self.store.read(
                "memories/episode_duplicates",
                {"tenant_id": tenant, "subject_id": p.subject, "content_hash": chash},
            )
            existing = [Competitor.of(r) for r in rows]
        if p.supersedes is not None and p.supersedes not in {m.memory_id for m in existing}:
            target = self.store.read(
                "memories/get", {"tenant_id": tenant, "memory_id": p.supersedes}
            )
            memory = memory_from_graph(target[0]["m"]) if target else None
            if (
                memory is None
                or memory.subject_id != p.subject
                or memory.tx_to is not None
                or memory.status is not MemoryStatus.ACTIVE
            ):
                return Resolution(checks=[reject(Code.SUPERSEDES_UNKNOWN, p.supersedes)])
            existing.append(Competitor.of(memory.model_dump(mode="json")))
        return resolve(
            content_hash=chash,
            authority=run.authority,
            valid_from=valid_from,
            valid_to=p.valid_to,
            explicit=p.supersedes,
            existing=existing,
            immutable=p.procedure is not None,
        )


class ValidateStage:
    """VALIDATE: retention against valid time and the clock."""

    name = WriteStage.VALIDATE

    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    def run(self, run: StageInput) -> list[Check]:
        p = run.proposal
        checks: list[Check] = []
        if p.expires_at is not None:
            now = self.clock()
            if p.expires_at <= (p.valid_from or now):
                checks.append(reject(Code.EXPIRES_BEFORE_VALID, "expires_at <= valid_from"))
            elif p.expires_at <= now:
                checks.append(reject(Code.ALREADY_EXPIRED, "expires_at is in the past"))
        return checks


@dataclass
class _Run:
    """What the stages found for one proposal."""

    state: StageInput
    proposal_hash: str

    @property
    def skipped(self) -> set[WriteStage]:
        return self.state.skipped

    @property
    def competitor_ids(self) -> list[str]:
        return self.state.competitor_ids

    @property
    def proposal(self) -> MemoryProposal:
        return self.state.proposal

    @property
    def principal(self) -> Principal:
        return self.state.principal

    @property
    def checks(self) -> list[Check]:
        return self.state.checks

    @property
    def authority(self) -> Authority:
        return self.state.authority

    @property
    def sensitivity(self) -> Sensitivity:
        return self.state.sensitivity

    @property
    def sources(self) -> list[Source]:
        return self.state.cited

    def worst(self) -> Severity | None:
        order = [Severity.REJECT, Severity.CONFIRM, Severity.WARN, Severity.INFO]
        found = {c.severity for c in self.checks}
        return next((s for s in order if s in found), None)


class WritePipeline:
    def __init__(
        self,
        store: GraphStore,
        embedder: Embedder,
        *,
        clock: Clock = system_clock,
        space_label: str | None = None,
        cipher: ContentCipher | None = None,
        verifier: Verifier | None = None,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.clock = clock
        self.cipher = cipher
        self.space_label = space_label or embedder.space_label
        self.stages = (
            *gate_stages(verifier),
            ConflictStage(store, clock),
            ValidateStage(clock),
        )

    # -- entry --------------------------------------------------------------------------
    def propose(
        self,
        principal: Principal,
        proposal: MemoryProposal | Mapping[str, Any],
        *,
        derived_from: Sequence[Derivation] = (),
    ) -> WriteReceipt:
        """Run the pipeline. Malformed input raises ValidationError and writes nothing.
        ``derived_from``: lineage the commit records (library callers only)."""
        if not isinstance(proposal, MemoryProposal):
            proposal = parse(MemoryProposal, proposal)
        proposal_hash = proposal.content_hash()
        if proposal.idempotency_key is not None:
            replay = self._replay(principal, proposal)
            if replay is not None:
                return replay
        for _ in range(_RACE_RETRIES):
            try:
                receipt = self._propose_once(principal, proposal, proposal_hash, derived_from)
            except ConstraintViolationError:
                # a concurrent retry with the same idempotency key won the race
                replay = self._replay(principal, proposal) if proposal.idempotency_key else None
                if replay is None:
                    raise
                return replay
            if receipt is not None:
                return receipt
            log.info("competing write on %s; re-running the conflict stage", proposal.subject)
        raise GraphmemError("too many concurrent writes on the same claim; retry later")

    def propose_many(
        self, principal: Principal, proposals: list[MemoryProposal | Mapping[str, Any]]
    ) -> list[WriteReceipt]:
        """Several proposals in one call: all are validated first (one malformed item fails the
        batch, naming ``proposals.<i>.<field>``, before anything is written), their texts are
        embedded in one batch, then each runs the gate and commits atomically on its own."""
        if len(proposals) > MAX_BATCH:
            raise ValidationError(
                [FieldIssue("proposals", "too_long", f"at most {MAX_BATCH} proposals per batch")]
            )
        parsed: list[MemoryProposal] = []
        issues: list[FieldIssue] = []
        for i, item in enumerate(proposals):
            try:
                parsed.append(
                    item if isinstance(item, MemoryProposal) else parse(MemoryProposal, item)
                )
            except ValidationError as exc:
                issues += [
                    FieldIssue(f"proposals.{i}.{x.field}", x.rule, x.message) for x in exc.issues
                ]
        if issues:
            raise ValidationError(issues)
        self.embedder.encode([memory_text(p) for p in parsed])  # warms the content-hash cache
        return [self.propose(principal, p) for p in parsed]

    def _replay(self, principal: Principal, proposal: MemoryProposal) -> WriteReceipt | None:
        rows = self.store.read(
            "receipts/by_idempotency",
            {"idempotency_scope": _idem_scope(principal.tenant_id, proposal.idempotency_key)},
        )
        if not rows:
            return None
        first = WriteReceipt.from_graph(rows[0]["r"])
        if first.proposal_hash != proposal.content_hash():
            raise ConstraintViolationError(
                "this idempotency key was used for a different proposal",
                field="idempotency_key",
                rule="idempotency_key_reused",
            )
        return first

    # -- one attempt ----------------------------------------------------------------------
    def _propose_once(
        self,
        principal: Principal,
        proposal: MemoryProposal,
        proposal_hash: str,
        derived_from: Sequence[Derivation] = (),
    ) -> WriteReceipt | None:
        ids = list(dict.fromkeys(ev.event_id for ev in proposal.evidence))
        by_id = load_sources(self.store, principal.tenant_id, ids, self.cipher) if ids else {}
        run = _Run(evaluate(self.stages, principal, proposal, by_id), proposal_hash)
        resolution = run.state.resolution or Resolution()

        worst = run.worst()
        if worst is Severity.REJECT:
            return self._store_receipt(run, Decision.REJECTED)
        if worst is Severity.CONFIRM:
            return self._store_receipt(run, Decision.NEEDS_CONFIRMATION)
        if resolution.duplicate_of is not None:
            return self._commit_duplicate(run, resolution.duplicate_of)
        return self._commit(run, resolution, derived_from)

    # -- stages -----------------------------------------------------------------------------
    # -- stages that read the store ---------------------------------------------------------
    # -- receipts and commits ------------------------------------------------------------------
    def _receipt(
        self,
        run: _Run,
        decision: Decision,
        memory_id: str | None = None,
        superseded: list[str] | None = None,
        conflicts: list[str] | None = None,
    ) -> WriteReceipt:
        checks = list(run.checks)
        if decision in (Decision.COMMITTED, Decision.DUPLICATE):
            checks.append(Check(Code.COMMITTED, Severity.INFO, memory_id))
        verdicts = []
        for stage in _STAGES:
            stage_checks = [c for c in checks if c.stage is stage]
            if stage in run.skipped or (
                stage is WriteStage.COMMIT
                and decision is not Decision.COMMITTED
                and decision is not Decision.DUPLICATE
            ):
                verdict = Verdict.SKIPPED
            elif any(c.severity is Severity.REJECT for c in stage_checks):
                verdict = Verdict.FAIL
            elif any(c.severity in (Severity.CONFIRM, Severity.WARN) for c in stage_checks):
                verdict = Verdict.WARN
            else:
                verdict = Verdict.PASS
            verdicts.append(StageVerdict(stage=stage, verdict=verdict))
        p = run.proposal
        return parse(
            WriteReceipt,
            {
                "receipt_id": new_id("rcpt"),
                "tenant_id": run.principal.tenant_id,
                "actor": run.principal.principal_id,
                "proposal_hash": run.proposal_hash,
                "idempotency_key": p.idempotency_key,
                "decision": decision,
                "memory_id": memory_id,
                "memory_type": p.memory_type,
                "subject_id": p.subject,
                "superseded": superseded or [],
                "conflicts": conflicts or [],
                "reasons": [
                    Reason(
                        stage=c.stage,
                        code=str(c.code),
                        detail=c.detail,
                        rule=str(c.rule) if c.rule is not None else None,
                    )
                    for c in checks
                ],
                "stage_verdicts": verdicts,
                "policy_version": WRITE_POLICY_VERSION,
                "recorded_at": self.clock(),
            },
        )

    def _receipt_props(self, receipt: WriteReceipt) -> dict[str, Any]:
        props = receipt.to_graph_properties()
        if receipt.idempotency_key is not None:
            props["idempotency_scope"] = _idem_scope(receipt.tenant_id, receipt.idempotency_key)
        return props

    def _store_receipt(self, run: _Run, decision: Decision) -> WriteReceipt:
        receipt = self._receipt(run, decision)
        self.store.write("receipts/create", {"receipt": self._receipt_props(receipt)})
        return receipt

    def _provenance_rows(self, run: _Run) -> list[dict[str, Any]]:
        by_id = {s.source_id: s for s in run.sources}
        rows = [
            {
                "source_id": ev.event_id,
                "span": ev.span,
                "content_hash": by_id[ev.event_id].content_hash,
                "role": str(ev.source_role),
            }
            for ev in run.proposal.evidence
            if ev.event_id in by_id
        ]
        if self.cipher is not None and run.sensitivity.rank >= Sensitivity.HIGH.rank:
            tenant, subject = run.principal.tenant_id, run.proposal.subject
            for row in rows:
                if row["span"]:
                    row["span"] = self.cipher.encrypt(tenant, subject, row["span"])
        return rows

    def _commit_duplicate(self, run: _Run, existing: Competitor) -> WriteReceipt | None:
        receipt = self._receipt(run, Decision.DUPLICATE, memory_id=existing.memory_id)
        rows = self.store.write(
            "memories/add_provenance",
            {
                "tenant_id": run.principal.tenant_id,
                "memory_id": existing.memory_id,
                "provenance": self._provenance_rows(run),
                "receipt": self._receipt_props(receipt),
                "now": receipt.recorded_at,
            },
        )
        return receipt if rows else None

    def _build_memory(self, run: _Run, memory_id: str, now: str) -> AnyMemory:
        p = run.proposal
        text = memory_text(p)
        data: dict[str, Any] = {
            "memory_id": memory_id,
            "type": p.memory_type,
            "tenant_id": run.principal.tenant_id,
            "subject_id": p.subject,
            "namespace": p.namespace,
            "text": text,
            "content": payload_dict(p),
            "confidence": p.confidence,
            "authority": run.authority,
            "sensitivity": run.sensitivity,
            "consent_basis": p.consent_basis,
            "purposes": p.purposes,
            "importance": p.importance,
            "recorded_at": now,
            "valid_from": p.valid_from or now,
            "valid_to": p.valid_to,
            "expires_at": p.expires_at,
            "status": MemoryStatus.ACTIVE,
            "write_policy_version": WRITE_POLICY_VERSION,
            "embedding_version": self.embedder.embedding_version,
            "conflict_key": conflict_key(p),
            "content_hash": memory_content_hash(p),
            "run_id": p.run_id,
        }
        # a procedure commits as a DRAFT version (the model's default): reviews, tests,
        # publication and canaries are the release model's (graphmem.learn.releases)
        data |= payload_dict(p)
        memory = parse(MEMORY_CLASSES[p.memory_type], data)
        assert isinstance(memory, AnyMemory)
        return memory

    def _sealed(self, memory: AnyMemory) -> dict[str, Any]:
        """Graph properties, with content encrypted under the subject's key when HIGH."""
        props = memory.to_graph_properties()
        if self.cipher is not None and memory.sensitivity.rank >= Sensitivity.HIGH.rank:
            props = self.cipher.seal_fields(props, memory.tenant_id, memory.subject_id)
        return props

    def _version_of(self, old: AnyMemory, new_valid_from: str, now: str) -> dict[str, Any]:
        """The old fact, still true until the new one starts, as known from now on. Its vector
        is copied inside the commit statement when it is in the current space (``None`` here),
        and re-embedded only when the old memory came from another model."""
        version = old.evolve(
            memory_id=new_id("mem"),
            valid_to=new_valid_from,
            recorded_at=now,
            tx_to=None,
            status=MemoryStatus.SUPERSEDED,
            embedding=None,
        )
        vector = None
        if old.embedding_version != self.embedder.embedding_version:
            vector = self.embedder.encode_one(old.text or "").tolist()
        return {"props": version.to_graph_properties(), "embedding": vector}

    def _commit(
        self, run: _Run, resolution: Resolution, derived_from: Sequence[Derivation] = ()
    ) -> WriteReceipt | None:
        now = self.clock()
        memory_id = new_id("mem")
        memory = self._build_memory(run, memory_id, now)
        embedding = self.embedder.encode_one(memory.text or "").tolist()
        receipt = self._receipt(
            run,
            Decision.COMMITTED,
            memory_id=memory_id,
            superseded=[s.old.memory_id for s in resolution.supersede],
            conflicts=[c.memory_id for c in resolution.conflicts],
        )
        kept = [s.old.memory_id for s in resolution.supersede if s.keeps_version]
        olds = {
            r["m"]["memory_id"]: memory_from_graph(r["m"])
            for r in (
                self.store.read(
                    "memories/get_many",
                    {"tenant_id": run.principal.tenant_id, "memory_ids": kept},
                )
                if kept
                else []
            )
        }
        supersede = [
            {
                "old_id": s.old.memory_id,
                "kind": str(s.kind),
                "reason": str(s.reason),
                "versions": [self._version_of(olds[s.old.memory_id], memory.valid_from, now)]
                if s.keeps_version
                else [],
            }
            for s in resolution.supersede
        ]
        rows = self.store.write(
            "memories/commit",
            {
                "tenant_id": run.principal.tenant_id,
                "subject_id": memory.subject_id,
                "subject_key": f"{run.principal.tenant_id}|{memory.subject_id}",
                "subject_kind": str(subject_kind(memory.subject_id)),
                "conflict_key": memory.conflict_key,
                "namespace": memory.namespace,
                "expected_ids": run.competitor_ids,
                "memory": self._sealed(memory),
                "embedding": embedding,
                "provenance": self._provenance_rows(run),
                "supersede": supersede,
                "conflicts": receipt.conflicts,
                "derived": [d.row() for d in derived_from],
                "receipt": self._receipt_props(receipt),
                "now": now,
            },
            identifiers={
                "type_label": TYPE_LABEL[memory.type],
                "space_label": self.space_label,
            },
        )
        return receipt if rows else None  # no row: competitors changed, the caller retries


def _idem_scope(tenant_id: str, key: str | None) -> str:
    return f"{tenant_id}|{key}"

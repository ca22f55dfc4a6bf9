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

One proposal and a batch take the same path, batched end to end: one read of the cited
sources, one conflict read, one encode of the texts to store, and one commit statement for
the whole batch (receipts, duplicates and new memories; each proposal's part guarded by the
competitors it was decided against, as for one). Proposals of a batch that compete with each
other (same subject and conflict key, same memory, same idempotency key) are committed in
order, one per statement, so each sees what the earlier one wrote: a batch decides exactly
as the same proposals sent one at a time would.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
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
from graphmem.write.intents import IntentScreen, IntentStage
from graphmem.write.learned import LearnedScreen
from graphmem.write.materialize import (
    TYPE_LABEL,
    conflict_key,
    memory_content_hash,
    memory_text,
    payload_dict,
)
from graphmem.write.sources import load_sources, scrubbed
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
    WriteStage.INTENT,
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


def gate_stages(
    verifier: Verifier | None = None,
    screen: IntentScreen | None = None,
    learned: LearnedScreen | None = None,
) -> tuple[Stage, ...]:
    """The stages before conflict detection, in order: pure functions of the proposal, the
    principal and the cited sources (no store access). Without a ``screen`` (an embedder the
    intent thresholds are not calibrated for) INTENT is skipped: the rules alone decide."""
    return (
        gate.NormalizeStage(),
        gate.ClassifyStage(),
        gate.ProvenanceStage(),
        GroundingStage(verifier),
        gate.SensitivityStage(),
        gate.GateStage(),
        IntentStage(screen, learned),
    )


def gate_stages_for(embedder: Embedder, verifier: Verifier | None = None) -> tuple[Stage, ...]:
    """The gate as a service with ``embedder`` runs it: both INTENT readers when the
    embedder's space is the calibrated one, the rules alone otherwise."""
    if not IntentScreen.calibrated(embedder):
        return gate_stages(verifier)
    return gate_stages(verifier, IntentScreen(embedder), LearnedScreen(embedder))


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
    against to the commit. :meth:`run_many` reads the competitors of a whole batch at once."""

    name = WriteStage.CONFLICT

    def __init__(self, store: GraphStore, clock: Clock) -> None:
        self.store = store
        self.clock = clock

    def run(self, run: StageInput) -> list[Check]:
        before = len(run.checks)
        self.run_many([run])
        found = run.checks[before:]
        del run.checks[before:]
        return found

    def run_many(self, runs: Sequence[StageInput]) -> None:
        """Resolve every run that no earlier stage refused; their checks are added to them."""
        live = []
        for run in runs:
            if run.refused:
                run.skipped.add(WriteStage.CONFLICT)
            else:
                live.append(run)
        if not live:
            return
        tenant = live[0].principal.tenant_id
        keyed = [(i, r) for i, r in enumerate(live) if conflict_key(r.proposal) is not None]
        plain = [(i, r) for i, r in enumerate(live) if conflict_key(r.proposal) is None]
        found: dict[int, list[Competitor]] = {i: [] for i in range(len(live))}
        if keyed:
            keys = [
                {
                    "i": i,
                    "subject_id": r.proposal.subject,
                    "conflict_key": conflict_key(r.proposal),
                    "namespace": r.proposal.namespace,
                }
                for i, r in keyed
            ]
            for row in self.store.read("memories/competitors", {"tenant_id": tenant, "keys": keys}):
                found[row["i"]].append(Competitor.of(row))
        if plain:
            keys = [
                {
                    "i": i,
                    "subject_id": r.proposal.subject,
                    "content_hash": memory_content_hash(r.proposal),
                }
                for i, r in plain
            ]
            rows = self.store.read(
                "memories/episode_duplicates", {"tenant_id": tenant, "keys": keys}
            )
            for row in rows:
                if not found[row["i"]]:  # the first is enough: it is the duplicate
                    found[row["i"]].append(Competitor.of(row))
        targets = self._explicit_targets(tenant, live, found)
        for i, run in enumerate(live):
            resolution = self._resolve(run, found[i], targets)
            run.resolution = resolution
            run.checks += resolution.checks

    def _explicit_targets(
        self, tenant: str, live: list[StageInput], found: dict[int, list[Competitor]]
    ) -> dict[str, AnyMemory]:
        """The memories proposals name in ``supersedes`` beyond their competitors, read once."""
        ids = [
            r.proposal.supersedes
            for i, r in enumerate(live)
            if r.proposal.supersedes is not None
            and r.proposal.supersedes not in {m.memory_id for m in found[i]}
        ]
        if not ids:
            return {}
        rows = self.store.read(
            "memories/get_many", {"tenant_id": tenant, "memory_ids": list(dict.fromkeys(ids))}
        )
        memories = [memory_from_graph(r["m"]) for r in rows]
        return {m.memory_id: m for m in memories}

    def _resolve(
        self, run: StageInput, competitors: list[Competitor], targets: dict[str, AnyMemory]
    ) -> Resolution:
        p = run.proposal
        valid_from = p.valid_from or self.clock()
        if conflict_key(p) is not None:
            # every current competitor, read once: the commit re-counts exactly this set
            run.competitor_ids = [m.memory_id for m in competitors]
            existing = [
                m for m in competitors if overlaps(valid_from, p.valid_to, m.valid_from, m.valid_to)
            ]
        else:
            existing = list(competitors)
        if p.supersedes is not None and p.supersedes not in {m.memory_id for m in existing}:
            known = next((m for m in competitors if m.memory_id == p.supersedes), None)
            if known is None:
                memory = targets.get(p.supersedes)
                if (
                    memory is None
                    or memory.subject_id != p.subject
                    or memory.tx_to is not None
                    or memory.status is not MemoryStatus.ACTIVE
                ):
                    return Resolution(checks=[reject(Code.SUPERSEDES_UNKNOWN, p.supersedes)])
                known = Competitor.of(memory.model_dump(mode="json"))
            existing.append(known)
        return resolve(
            content_hash=memory_content_hash(p),
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
        self.gate = gate_stages_for(embedder, verifier)
        self.conflicts = ConflictStage(store, clock)
        self.validate = ValidateStage(clock)

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
        return self._propose_all(principal, [_Item(0, proposal, tuple(derived_from))])[0]

    def propose_many(
        self, principal: Principal, proposals: list[MemoryProposal | Mapping[str, Any]]
    ) -> list[WriteReceipt]:
        """Several proposals in one call: all are validated first (one malformed item fails the
        batch, naming ``proposals.<i>.<field>``, before anything is written); then the batch
        runs the gate together (one source read, one conflict read, one encode) and commits in
        one statement, each proposal atomically on its own, receipts in input order."""
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
        return self._propose_all(principal, [_Item(i, p) for i, p in enumerate(parsed)])

    def _propose_all(self, principal: Principal, items: list[_Item]) -> list[WriteReceipt]:
        receipts: dict[int, WriteReceipt] = {}
        pending = items
        while pending:
            try:
                pending = self._round(principal, pending, receipts)
            except _KeyCollision as collision:
                # a concurrent retry with the same idempotency key won the race: each
                # proposal of the round on its own, so only that one replays (or fails)
                if len(pending) > 1:
                    for item in pending:
                        receipts[item.index] = self._propose_all(principal, [item.fresh()])[0]
                    break
                replay = self._replays(principal, pending).get(pending[0].index)
                if replay is None:
                    raise collision.error from None
                receipts[pending[0].index] = replay
                break
            for item in pending:
                if item.races >= _RACE_RETRIES:
                    raise GraphmemError("too many concurrent writes on the same claim; retry later")
        return [receipts[item.index] for item in items]

    def _replays(self, principal: Principal, items: list[_Item]) -> dict[int, WriteReceipt]:
        """The first receipts of the items' idempotency keys, by item index; a key used for
        a different proposal is refused before anything of the batch is written."""
        scopes = {
            _idem_scope(principal.tenant_id, it.proposal.idempotency_key): it
            for it in reversed(items)
            if it.proposal.idempotency_key is not None
        }
        if not scopes:
            return {}
        rows = self.store.read("receipts/by_idempotency", {"idempotency_scopes": list(scopes)})
        out: dict[int, WriteReceipt] = {}
        for row in rows:
            item = scopes[row["scope"]]
            first = WriteReceipt.from_graph(row["r"])
            if first.proposal_hash != item.proposal_hash:
                raise ConstraintViolationError(
                    "this idempotency key was used for a different proposal",
                    field="idempotency_key",
                    rule="idempotency_key_reused",
                )
            out[item.index] = first
        return out

    # -- one round ------------------------------------------------------------------------
    def _round(
        self, principal: Principal, items: list[_Item], receipts: dict[int, WriteReceipt]
    ) -> list[_Item]:
        """Decide and commit ``items``; returns those to run again: the ones that compete with
        an earlier item of this round, and the ones whose competitors changed meanwhile."""
        replays = self._replays(principal, items)
        for index, receipt in replays.items():
            receipts[index] = receipt
        live = [it for it in items if it.index not in replays]
        if not live:
            return []
        ids = list(dict.fromkeys(ev.event_id for it in live for ev in it.proposal.evidence))
        by_id = load_sources(self.store, principal.tenant_id, ids, self.cipher) if ids else {}
        states = [evaluate(self.gate, principal, it.proposal, by_id) for it in live]
        self.conflicts.run_many(states)
        for state in states:
            state.checks += self.validate.run(state)

        now_ready: list[tuple[_Item, _Run]] = []
        later: list[_Item] = []
        claimed: set[tuple[str, ...]] = set()
        for item, state in zip(live, states, strict=True):
            run = _Run(state, item.proposal_hash)
            groups = _groups(principal.tenant_id, run)
            if groups & claimed:
                later.append(item)
            else:
                now_ready.append((item, run))
            claimed |= groups

        batch = _Batch()
        commits: list[tuple[_Item, _Run, Resolution]] = []
        for item, run in now_ready:
            resolution = run.state.resolution or Resolution()
            decision = run.state.stopped()
            if decision is not None:
                receipt = self._receipt(run, decision)
                batch.receipts.append(self._receipt_props(receipt))
                batch.scrubs += [
                    row
                    for source in run.sources
                    if (row := scrubbed(source, run.state.secrets, self.cipher)) is not None
                ]
                batch.stored.add(item.index)
                batch.pending[item.index] = receipt
            elif resolution.duplicate_of is not None:
                row, receipt = self._duplicate_row(item, run, resolution.duplicate_of)
                batch.duplicates.append(row)
                batch.pending[item.index] = receipt
            else:
                commits.append((item, run, resolution))
        if commits:
            self._add_commits(principal, batch, commits)
        try:
            rows = self.store.write(
                "memories/commit",
                {
                    "tenant_id": principal.tenant_id,
                    "receipts": batch.receipts,
                    "scrubs": batch.scrubs,
                    "duplicates": batch.duplicates,
                    "commits": batch.commits,
                },
                identifiers={"space_label": self.space_label},
            )
        except ConstraintViolationError as exc:
            raise _KeyCollision(exc) from exc
        done = set(rows[0]["committed"]) | set(rows[0]["duplicated"]) if rows else set()
        for index in batch.stored:
            receipts[index] = batch.pending[index]
        for index in done:
            receipts[index] = batch.pending[index]
        raced = [
            item.retried()
            for item, _ in now_ready
            if item.index not in batch.stored and item.index not in done
        ]
        if raced:
            log.info(
                "competing writes on %d proposal(s); re-running the conflict stage", len(raced)
            )
        # the deferred and the raced, back in input order
        return sorted(later + raced, key=lambda it: it.index)

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

    def _duplicate_row(
        self, item: _Item, run: _Run, existing: Competitor
    ) -> tuple[dict[str, Any], WriteReceipt]:
        """A DUPLICATE: its evidence becomes more PROVENANCE on the existing memory, and the
        lineage it was derived with (an approved insight's) more DERIVED_FROM on it — so
        revoking or erasing what it was learned from reaches it as it would a new memory."""
        receipt = self._receipt(run, Decision.DUPLICATE, memory_id=existing.memory_id)
        row = {
            "i": item.index,
            "memory_id": existing.memory_id,
            "provenance": self._provenance_rows(run),
            "derived": [d.row() for d in item.derived_from],
            "receipt": self._receipt_props(receipt),
            "now": receipt.recorded_at,
        }
        return row, receipt

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

    def _add_commits(
        self,
        principal: Principal,
        batch: _Batch,
        commits: list[tuple[_Item, _Run, Resolution]],
    ) -> None:
        """The new memories of a round: their texts embedded in one encode, the memories
        they keep as versions read in one read."""
        built = []
        for item, run, resolution in commits:
            now = self.clock()
            memory = self._build_memory(run, new_id("mem"), now)
            built.append((item, run, resolution, memory, now))
        vectors = self.embedder.encode([memory.text or "" for *_, memory, _ in built])
        kept = [
            s.old.memory_id
            for _, _, resolution, _, _ in built
            for s in resolution.supersede
            if s.keeps_version
        ]
        olds = {
            r["m"]["memory_id"]: memory_from_graph(r["m"])
            for r in (
                self.store.read(
                    "memories/get_many", {"tenant_id": principal.tenant_id, "memory_ids": kept}
                )
                if kept
                else []
            )
        }
        for (item, run, resolution, memory, now), vector in zip(built, vectors, strict=True):
            receipt = self._receipt(
                run,
                Decision.COMMITTED,
                memory_id=memory.memory_id,
                superseded=[s.old.memory_id for s in resolution.supersede],
                conflicts=[c.memory_id for c in resolution.conflicts],
            )
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
            batch.commits.append(
                {
                    "i": item.index,
                    "subject_id": memory.subject_id,
                    "subject_key": f"{principal.tenant_id}|{memory.subject_id}",
                    "subject_kind": str(subject_kind(memory.subject_id)),
                    "type_label": TYPE_LABEL[memory.type],
                    "conflict_key": memory.conflict_key,
                    "namespace": memory.namespace,
                    "expected_ids": run.competitor_ids,
                    "memory": self._sealed(memory),
                    "embedding": vector.tolist(),
                    "provenance": self._provenance_rows(run),
                    "supersede": supersede,
                    "conflicts": receipt.conflicts,
                    "derived": [d.row() for d in item.derived_from],
                    "receipt": self._receipt_props(receipt),
                    "now": now,
                }
            )
            batch.pending[item.index] = receipt


class _KeyCollision(Exception):
    """The commit statement hit a unique key (another writer's receipt with the same
    idempotency key, committed meanwhile): the statement wrote nothing."""

    def __init__(self, error: ConstraintViolationError) -> None:
        super().__init__(str(error))
        self.error = error


@dataclass
class _Item:
    """One proposal of a call, by its place in the call."""

    index: int
    proposal: MemoryProposal
    derived_from: tuple[Derivation, ...] = ()
    #: rounds it lost to a concurrent writer on the same claim
    races: int = 0

    @cached_property
    def proposal_hash(self) -> str:
        return self.proposal.content_hash()

    def retried(self) -> _Item:
        return _Item(self.index, self.proposal, self.derived_from, self.races + 1)

    def fresh(self) -> _Item:
        return _Item(self.index, self.proposal, self.derived_from)


@dataclass
class _Batch:
    """One round's commit statement: its three lists, and the receipt each item gets."""

    receipts: list[dict[str, Any]] = field(default_factory=list)
    duplicates: list[dict[str, Any]] = field(default_factory=list)
    commits: list[dict[str, Any]] = field(default_factory=list)
    #: cited sources a refused secret is removed from (:func:`graphmem.write.sources.scrubbed`)
    scrubs: list[dict[str, Any]] = field(default_factory=list)
    #: items whose receipt lands unconditionally (no memory written)
    stored: set[int] = field(default_factory=set)
    pending: dict[int, WriteReceipt] = field(default_factory=dict)


def _groups(tenant_id: str, run: _Run) -> set[tuple[str, ...]]:
    """What a proposal's decision depends on: its claim (subject, conflict key, namespace) or
    its content (episodes), every memory it decided against, and its idempotency key. Two
    proposals of a batch sharing any of these are committed one after the other."""
    p = run.proposal
    key = conflict_key(p)
    out: set[tuple[str, ...]] = {
        ("claim", p.subject, key, p.namespace or "")
        if key is not None
        else ("content", p.subject, memory_content_hash(p))
    }
    resolution = run.state.resolution
    ids = set(run.competitor_ids)
    if p.supersedes is not None:
        ids.add(p.supersedes)
    if resolution is not None:
        ids |= {s.old.memory_id for s in resolution.supersede}
        ids |= {c.memory_id for c in resolution.conflicts}
        if resolution.duplicate_of is not None:
            ids.add(resolution.duplicate_of.memory_id)
    out |= {("memory", i) for i in ids}
    if p.idempotency_key is not None:
        out.add(("idempotency", _idem_scope(tenant_id, p.idempotency_key)))
    return out


def _idem_scope(tenant_id: str, key: str | None) -> str:
    return f"{tenant_id}|{key}"

"""Erasure with proof (seed: "삭제할 때 vector index, cache, summary, derived record, backup
retention까지 범위를 정의해야 합니다").

Erasing a subject, or one memory — every copy of its statement (version nodes, reinstated
versions), or with ``with_history`` the whole history of the claim — removes: every such node
(and with it the vector-index entry), the sources the subject owns or that only
the erased memories cite, the subject node, the subject's write receipts and retrieval logs; it
scrubs the erased ids from other logs and flags (NEEDS_REVIEW) or erases what was derived from
them — a dependant survives only if it is still grounded in live support (the least fixed point
used by revocation), so erasing a user also erases a project fact that only that user's messages
support. What an erased memory had superseded is believed again unless something else supersedes
it (:mod:`graphmem.lifecycle.reinstate`). Then it clears the embedding cache entries (the erased
texts' vectors, and the vectors of the queries asked about an erased subject: their texts are
stored nowhere, so the cache tags them with their subjects), the engine's
own logs of past statements (whose parameters can carry a memory's text) and rewrites the engine's
append-only file so deleted text does not survive on disk. Hash-only tombstones and a
DeletionReceipt remain; ``verify`` re-runs every check later.

**Batches, and finishing after a crash.** A 10k-memory subject is tens of thousands of deletes;
one statement for all of it held the engine (and, on Neo4j, one transaction's memory) for the
whole erasure. So the writes are statements of at most :data:`BATCH` ids, in this order:
``erasure/begin`` records the receipt (every id it will erase, ``completed_at`` unset), flags the
dependants that keep support and applies the reinstatements — the steps that are not
idempotent, so they land with the receipt or not at all; then ``erasure/delete_memories`` and
``erasure/delete_sources`` batch by batch (each memory or source leaves its tombstone in the
statement that deletes it, so a batch run twice deletes and records nothing twice), the logs,
and ``erasure/finish`` (the subject node, its receipts, its runs). Every statement adds what it
did to the receipt's ``progress_*`` counts and moves the forget epoch. A crash between them
leaves a receipt without ``completed_at`` — ``verify`` says ``UNFINISHED`` — and erasing the
same target again finishes that receipt instead of planning a new one (:meth:`Eraser._resume`);
its counts are the sums over both runs. Between batches a reader can see part of the subject
gone; what the erasure will remove is fixed in the receipt before the first delete.

A **preview** (``dry_run``) runs the same planning and writes nothing: what would be erased (the
dependants of other subjects named as such), flagged, reinstated, and which logs deleted or
scrubbed — so what an erasure then does is exactly what its preview said, given no writes between.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from graphmem.auth.principal import Principal, Role
from graphmem.auth.scope import read_subject, require_unbound
from graphmem.clock import Clock, system_clock
from graphmem.crypto import ContentCipher
from graphmem.embeddings.base import Embedder
from graphmem.embeddings.cache import CachedEmbedder, Owner
from graphmem.errors import ForbiddenError, NotFoundError
from graphmem.ids import new_id
from graphmem.lifecycle import tombstones
from graphmem.lifecycle.lineage import (
    CHUNK,
    chunks,
    grounded,
    read_chunked,
    read_supports,
    walk_descendants,
)
from graphmem.lifecycle.reinstate import ReinstatementPlan, plan_reinstatements
from graphmem.models.enums import DeletionScope, VerificationStatus
from graphmem.models.receipts import DeletionReceipt, ErasedDependant, ErasurePreview
from graphmem.models.validation import parse
from graphmem.paging import Cursors, Page, read_page
from graphmem.read.log_sink import LogSink
from graphmem.state import retention
from graphmem.store.base import GraphStore
from graphmem.timeutil import to_iso

POLICY_VERSION = "memory-erase-1"
ERASERS = frozenset({Role.ADMIN})
#: memory or source ids per batch statement (the ids travel in the query text on FalkorDB,
#: and every write statement there is an fsync and a sync of the graph's matrices)
BATCH = CHUNK
#: retrieval logs deleted or scrubbed per statement (a scrubbed log carries its new values)
LOG_BATCH = 2500


@dataclass
class _Plan:
    memory_ids: list[str]
    texts: list[str]
    #: ``memory:<id>`` / ``source:<id>`` → content hash, for the tombstones
    hashes: dict[str, str | None]
    source_ids: list[str]
    review_ids: list[str]
    #: erased memories of other subjects than the target (only its data supported them)
    dependants: list[ErasedDependant]


@dataclass
class _Erasure:
    """Everything an erasure will do, read before anything is written (and all a preview
    reports)."""

    scope: DeletionScope
    target_id: str
    subject_id: str | None
    plan: _Plan
    delete_logs: list[str]
    scrub: list[dict[str, Any]]
    reinstate: ReinstatementPlan
    #: ``[{run_id, run_key}]`` of the subject's runs, whose state goes too
    runs: list[dict[str, Any]]


class Eraser:
    def __init__(
        self,
        store: GraphStore,
        embedder: Embedder,
        *,
        clock: Clock = system_clock,
        cipher: ContentCipher | None = None,
        logs: LogSink | None = None,
        cursors: Cursors | None = None,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.clock = clock
        self.cipher = cipher
        self.cursors = cursors or Cursors()
        #: this process's retrieval logs, flushed before logs are scrubbed or checked
        self.logs = logs

    # -- entry points ---------------------------------------------------------------------------
    def erase_subject(
        self, principal: Principal, subject_id: str, reason: str = "ERASURE_REQUEST"
    ) -> DeletionReceipt:
        """The subject's erasure; one that began and did not complete is finished instead."""
        self._authorize(principal, subject_id)
        read_subject(principal, subject_id)
        pending = self._pending(principal, DeletionScope.SUBJECT, subject_id)
        if pending is not None:
            return self._resume(principal, pending)
        return self._apply(principal, self._subject(principal, subject_id), reason)

    def erase_memory(
        self,
        principal: Principal,
        memory_id: str,
        reason: str = "ERASURE_REQUEST",
        *,
        with_history: bool = False,
    ) -> DeletionReceipt:
        """Erase one statement (all its copies); ``with_history``: every version of the claim
        linked by SUPERSEDES, so nothing of it is believed again. An erasure of it that
        began and did not complete is finished instead (by an admin or whoever began it)."""
        pending = self._pending(principal, DeletionScope.MEMORY, memory_id)
        if pending is not None:
            return self._resume(principal, pending)
        erasure = self._memory(principal, memory_id, with_history)
        return self._apply(principal, erasure, reason)

    def preview_subject(self, principal: Principal, subject_id: str) -> ErasurePreview:
        """What :meth:`erase_subject` would do; writes nothing."""
        self._authorize(principal, subject_id)
        read_subject(principal, subject_id)
        pending = self._pending(principal, DeletionScope.SUBJECT, subject_id)
        if pending is not None:
            return self._preview_resume(pending)
        return _preview(self._subject(principal, subject_id))

    def preview_memory(
        self, principal: Principal, memory_id: str, *, with_history: bool = False
    ) -> ErasurePreview:
        """What :meth:`erase_memory` would do; writes nothing."""
        pending = self._pending(principal, DeletionScope.MEMORY, memory_id)
        if pending is not None:
            return self._preview_resume(pending)
        return _preview(self._memory(principal, memory_id, with_history))

    def _preview_resume(self, receipt: DeletionReceipt) -> ErasurePreview:
        """What finishing an unfinished erasure does: its receipt's memories and sources
        (those still in the graph go), the logs and runs as they are now; its flags and
        reinstatements were applied when it began."""
        tenant, subject_id = receipt.tenant_id, receipt.subject_id
        if self.logs is not None:
            self.logs.flush()
        delete_logs, scrub = self._log_changes(tenant, subject_id, set(receipt.memory_ids))
        runs = retention.subject_runs(self.store, tenant, subject_id)
        return ErasurePreview(
            scope=receipt.scope,
            target_id=receipt.target_id,
            subject_id=subject_id,
            memory_ids=receipt.memory_ids,
            source_ids=receipt.source_ids,
            run_ids=[r["run_id"] for r in runs],
            retrieval_logs_deleted=len(delete_logs),
            retrieval_logs_scrubbed=len(scrub),
            notes=[
                f"finishes erasure {receipt.receipt_id}, begun at {receipt.requested_at} and "
                "not completed; its flags and reinstatements were applied when it began"
            ],
        )

    def _subject(self, principal: Principal, subject_id: str) -> _Erasure:
        self._authorize(principal, subject_id)
        read_subject(principal, subject_id)  # a bound key erases only inside its scope: 403
        rows = self.store.read(
            "erasure/subject_memories", {"tenant_id": principal.tenant_id, "subject_id": subject_id}
        )
        return self._prepare(principal, DeletionScope.SUBJECT, subject_id, subject_id, rows)

    def _memory(self, principal: Principal, memory_id: str, with_history: bool) -> _Erasure:
        query = "erasure/memory_history" if with_history else "memories/copies"
        rows = self.store.read(query, {"tenant_id": principal.tenant_id, "memory_id": memory_id})
        if not rows or not principal.may_read(str(rows[0]["subject_id"])):
            # another subject's memory is not found by a bound key, as when reading it
            raise NotFoundError(f"no memory {memory_id!r}", memory_id=memory_id)
        self._authorize(principal, str(rows[0]["subject_id"]))
        return self._prepare(principal, DeletionScope.MEMORY, memory_id, None, rows)

    def _authorize(self, principal: Principal, subject_id: str) -> None:
        own = principal.subject_id is not None and principal.subject_id == subject_id
        if not (principal.has_any(*ERASERS) or (principal.has_any(Role.USER) and own)):
            raise ForbiddenError("erasure needs an admin key, or the subject's own user key")

    # -- planning and applying -----------------------------------------------------------------
    def _plan(self, tenant: str, subject_id: str | None, rows: list[dict[str, Any]]) -> _Plan:
        erased = {r["memory_id"] for r in rows}
        # a subject's erasure takes every memory of the subject, which the engine finds itself
        sources = [
            r
            for r in self.store.read(
                "erasure/owned_sources",
                {
                    "tenant_id": tenant,
                    "subject_id": subject_id,
                    "memory_ids": [] if subject_id is not None else sorted(erased),
                },
            )
            # the subject's own sources go; cited ones only when nobody else cites them
            if r["owned"] or not r["other_citers"]
        ]
        source_ids = {r["source_id"] for r in sources}
        # dependants: other memories citing an erased source, and DERIVED_FROM descendants
        candidates = {c for r in sources for c in r["other_citers"]} - erased

        def dead(ref: str) -> bool:
            kind, _, ident = ref.partition(":")
            return ident in source_ids if kind == "source" else ident in erased

        lineage = walk_descendants(self.store, tenant, erased | candidates, paths=False)
        dependants = sorted(lineage.reached - erased)
        read_supports(self.store, tenant, lineage, dependants, dead, erased_subject_id=subject_id)
        held = grounded(lineage.supports, dependants)
        ungrounded = [m for m in dependants if m not in held]
        extra = (
            self.store.read("erasure/memory_texts", {"tenant_id": tenant, "memory_ids": ungrounded})
            if ungrounded
            else []
        )
        all_rows = rows + extra
        hashes = {f"memory:{r['memory_id']}": r.get("content_hash") for r in all_rows}
        hashes |= {f"source:{r['source_id']}": r.get("content_hash") for r in sources}
        target_subjects = {r["subject_id"] for r in rows}
        return _Plan(
            memory_ids=sorted({r["memory_id"] for r in all_rows}),
            texts=[self._plain(tenant, r) for r in all_rows if r.get("text")],
            hashes=hashes,
            source_ids=sorted(source_ids),
            review_ids=sorted(held),
            dependants=sorted(
                (
                    ErasedDependant(memory_id=r["memory_id"], subject_id=r["subject_id"])
                    for r in extra
                    if r["subject_id"] not in target_subjects
                ),
                key=lambda d: (d.subject_id, d.memory_id),
            ),
        )

    def _logs_mentioning(
        self, tenant: str, subject_id: str | None, ids: set[str]
    ) -> list[tuple[str, bool]]:
        """``(query_id, the subject's own)`` of the tenant's retrieval logs that are the
        subject's or mention any of ``ids``. The engine hands back one line per log (its id,
        whether it is the subject's, the ids it mentions: ``erasure/logs_referencing``) and the
        test is a set test here: the reply's cost is per value, so rows of id lists cost 10x
        the lines (0.25-0.45 s against ~30 ms at 6,000 logs), and a membership test per id in
        the engine is a linear scan on FalkorDB."""
        [row] = self.store.read(
            "erasure/logs_referencing", {"tenant_id": tenant, "subject_id": subject_id}
        )
        found: list[tuple[str, bool]] = []
        for line in row["lines"]:
            query_id, owner, *mentioned = line.split()
            own = owner == "S"
            if own or not ids.isdisjoint(mentioned):
                found.append((query_id, own))
        return found

    def _log_changes(
        self, tenant: str, subject_id: str | None, erased: set[str]
    ) -> tuple[list[str], list[dict[str, Any]]]:
        """The retrieval logs to delete (the subject's own) and the others' scrubbed values."""
        logs = self._logs_mentioning(tenant, subject_id, erased)
        delete_logs = [query_id for query_id, own in logs if own]
        kept = [query_id for query_id, own in logs if not own]
        scrub = [
            _scrub(x, erased)
            for x in read_chunked(
                self.store, "erasure/logs_to_scrub", {"tenant_id": tenant}, kept, "query_ids"
            )
        ]
        return delete_logs, scrub

    def _rewrite_until_clean(self, texts: list[str], attempts: int = 5) -> tuple[int, int]:
        """Rewrite the engine's files, then read them back for the erased texts (the longest
        ones, as a sample); rewrite again while any is still found. Returns (rewrites, texts
        still found): an honest count, never assumed to be zero."""
        needles = sorted({t for t in texts if len(t) >= 12}, key=len, reverse=True)[:16]
        rewrites = 0
        residue = 0
        for _ in range(attempts):
            if not self.store.compact_storage():
                return rewrites, 0
            rewrites += 1
            residue = _files_containing(self.store.storage_files(), needles)
            if residue == 0:
                break
            # a file can still hold erased text written by something outside the graph (it
            # was FalkorDB's query telemetry, now purged first); give the engine a moment
            time.sleep(0.2 * rewrites)
        return rewrites, residue

    def _plain(self, tenant: str, row: dict[str, Any]) -> str:
        if self.cipher is None:
            return str(row["text"])
        opened = self.cipher.open_fields({"tenant_id": tenant, **row})
        return str(opened["text"])

    def _prepare(
        self,
        principal: Principal,
        scope: DeletionScope,
        target_id: str,
        subject_id: str | None,
        rows: list[dict[str, Any]],
    ) -> _Erasure:
        tenant = principal.tenant_id
        if self.logs is not None:
            self.logs.flush()
        plan = self._plan(tenant, subject_id, rows)
        delete_logs, scrub = self._log_changes(tenant, subject_id, set(plan.memory_ids))
        reinstate = plan_reinstatements(
            self.store,
            tenant,
            plan.memory_ids,
            now=self.clock(),
            keep_out=plan.review_ids,
            embedder=self.embedder,
            cipher=self.cipher,
        )
        runs = retention.subject_runs(self.store, tenant, subject_id)
        return _Erasure(scope, target_id, subject_id, plan, delete_logs, scrub, reinstate, runs)

    def _apply(self, principal: Principal, erasure: _Erasure, reason: str) -> DeletionReceipt:
        tenant = principal.tenant_id
        requested = self.clock()
        plan, subject_id, scope = erasure.plan, erasure.subject_id, erasure.scope
        owner = (tenant, subject_id) if subject_id is not None else None
        cache_keys = _cache_keys(self.embedder, plan.texts, owner)
        receipt_id = new_id("del")
        receipt = parse(
            DeletionReceipt,
            {
                "receipt_id": receipt_id,
                "tenant_id": tenant,
                "actor": principal.principal_id,
                "scope": scope,
                "target_id": erasure.target_id,
                "subject_id": subject_id,
                "reason": reason,
                "memory_ids": plan.memory_ids,
                "source_ids": plan.source_ids,
                "tombstones_digest": tombstones.digest(plan.hashes.items()),
                "tombstones_planned": len(plan.hashes),
                "reinstated": erasure.reinstate.reinstated,
                "cache_keys": cache_keys,
                "policy_version": POLICY_VERSION,
                "requested_at": requested,
            },
        )
        self.store.write(
            "erasure/begin",
            {
                "tenant_id": tenant,
                "review_ids": plan.review_ids,
                "receipt": receipt.to_graph_properties(),
                "now": requested,
                **erasure.reinstate.params(reason),
            },
            identifiers={"space_label": self.embedder.space_label},
        )
        return self._complete(receipt, erasure.delete_logs, erasure.scrub, erasure.runs, plan.texts)

    def _resume(self, principal: Principal, receipt: DeletionReceipt) -> DeletionReceipt:
        """Finish an erasure that began and did not complete (its receipt has no
        ``completed_at``): the same batches over the receipt's ids (what is gone already
        matches nothing), the logs and runs read again. The texts still in the graph are the
        read-back's needles."""
        tenant, subject_id = receipt.tenant_id, receipt.subject_id
        if self.logs is not None:
            self.logs.flush()
        erased = set(receipt.memory_ids)
        delete_logs, scrub = self._log_changes(tenant, subject_id, erased)
        runs = retention.subject_runs(self.store, tenant, subject_id)
        rows = read_chunked(
            self.store,
            "erasure/memory_texts",
            {"tenant_id": tenant},
            receipt.memory_ids,
            "memory_ids",
        )
        texts = [self._plain(tenant, r) for r in rows if r.get("text")]
        return self._complete(receipt, delete_logs, scrub, runs, texts)

    def _complete(
        self,
        receipt: DeletionReceipt,
        delete_logs: list[str],
        scrub: list[dict[str, Any]],
        runs: list[dict[str, Any]],
        texts: list[str],
    ) -> DeletionReceipt:
        """The deletions after ``erasure/begin``, in batches of ids (each one statement,
        idempotent, counted on the receipt), then the subject, the caches (by the receipt's
        keys), keys, the engine's logs and files (``texts``: the read-back's needles), and the
        receipt's completion."""
        tenant, subject_id, receipt_id = receipt.tenant_id, receipt.subject_id, receipt.receipt_id
        ref = {"tenant_id": tenant, "receipt_id": receipt_id}
        base = {**ref, "now": receipt.requested_at}
        for part in chunks(receipt.memory_ids, BATCH):
            self.store.write("erasure/delete_memories", {**base, "memory_ids": part})
        for part in chunks(receipt.source_ids, BATCH):
            self.store.write("erasure/delete_sources", {**base, "source_ids": part})
        for i in range(0, max(len(delete_logs), len(scrub)), LOG_BATCH):
            self.store.write(
                "erasure/delete_logs",
                {
                    **ref,
                    "delete_log_ids": delete_logs[i : i + LOG_BATCH],
                    "scrub_logs": scrub[i : i + LOG_BATCH],
                },
            )
        counts_row = self.store.write(
            "erasure/finish",
            {
                **ref,
                "subject_id": subject_id,
                "subject_key": f"{tenant}|{subject_id}",
                "delete_subject": subject_id is not None,
                "run_keys": [r["run_key"] for r in runs],
                "run_deadline": None,
            },
        )[0]
        owner = (tenant, subject_id) if subject_id is not None else None
        cache_cleared = _evict(self.embedder, receipt.cache_keys, owner)
        keys_destroyed = 0
        if self.cipher is not None and subject_id is not None:
            keys_destroyed = int(self.cipher.keys.destroy(tenant, subject_id))
        query_log_entries = self.store.purge_query_logs()
        rewritten, residue = self._rewrite_until_clean(texts)
        counts = {k: int(v or 0) for k, v in counts_row.items()}
        counts |= {
            "storage_residue": residue,
            "keys_destroyed": keys_destroyed,
            "cache": cache_cleared,
            "storage_rewrites": int(rewritten),
            "engine_query_log_entries": query_log_entries,
            "vector_entries": counts["memories"],
        }
        completed = self.clock()
        final = receipt.evolve(counts=counts, completed_at=completed)
        self.store.write(
            "erasure/receipt_update",
            {
                "tenant_id": tenant,
                "receipt_id": receipt_id,
                "changes": {
                    "counts_json": final.to_graph_properties()["counts_json"],
                    "completed_at": completed,
                },
            },
        )
        return final

    def _pending(
        self, principal: Principal, scope: DeletionScope, target_id: str
    ) -> DeletionReceipt | None:
        """The unfinished erasure of ``target_id`` that ``principal`` may finish: any of a
        subject's (the caller is authorized for the subject first), a memory's only for an
        admin or whoever began it."""
        rows = self.store.read(
            "erasure/pending",
            {"tenant_id": principal.tenant_id, "scope": str(scope), "target_id": target_id},
        )
        if not rows:
            return None
        pending = DeletionReceipt.from_graph(rows[0]["d"])
        if scope is DeletionScope.MEMORY and not (
            principal.has_any(*ERASERS) or pending.actor == principal.principal_id
        ):
            return None
        return pending

    # -- audit ------------------------------------------------------------------------------
    def get(self, principal: Principal, receipt_id: str) -> DeletionReceipt:
        require_unbound(principal, "the deletion audit")
        rows = self.store.read(
            "erasure/receipt_get", {"tenant_id": principal.tenant_id, "receipt_id": receipt_id}
        )
        if not rows:
            raise NotFoundError(f"no deletion receipt {receipt_id!r}", receipt_id=receipt_id)
        return DeletionReceipt.from_graph(rows[0]["d"])

    def list(
        self, principal: Principal, limit: int = 100, cursor: str | None = None
    ) -> Page[DeletionReceipt]:
        """The tenant's deletion receipts, newest first, one page (graphmem.paging)."""
        require_unbound(principal, "the deletion audit")
        return read_page(
            self.store,
            "erasure/receipt_list",
            {"tenant_id": principal.tenant_id},
            listing="deletions",
            cursors=self.cursors,
            limit=limit,
            cursor=cursor,
            build=lambda r: DeletionReceipt.from_graph(r["d"]),
        )

    def verify(self, principal: Principal, receipt_id: str) -> dict[str, Any]:
        """Re-run the checks: graph, vector index, caches, logs, data files."""
        receipt = self.get(principal, receipt_id)
        if self.logs is not None:
            self.logs.flush()
        left = self.store.read(
            "erasure/leftovers",
            {
                "tenant_id": principal.tenant_id,
                "memory_ids": receipt.memory_ids,
                "source_ids": receipt.source_ids,
                "subject_id": receipt.subject_id,
                "subject_key": f"{principal.tenant_id}|{receipt.subject_id}",
            },
        )[0]
        remaining: dict[str, int] = {k: int(v) for k, v in left.items()}
        remaining["logs"] = len(
            self._logs_mentioning(principal.tenant_id, receipt.subject_id, set(receipt.memory_ids))
        )
        remaining["vector_entries"] = remaining["memories"]
        # the tombstones hold the erased content's hashes; the receipt their digest
        remaining["tombstones"] = int(not self._tombstones_match(receipt))
        # an erasure stopped between its batches: erasing the target again finishes it
        remaining["unfinished"] = int(receipt.completed_at is None)
        remaining["cache"] = _cached(self.embedder, receipt.cache_keys)
        # texts the erasure itself still found on disk after its rewrites
        remaining["storage_residue"] = int(receipt.counts.get("storage_residue", 0))
        remaining["keys"] = int(
            self.cipher is not None
            and receipt.subject_id is not None
            and self.cipher.keys.exists(principal.tenant_id, receipt.subject_id)
        )
        files = self.store.storage_files()
        # an append-only file last written before the erasure began still holds what was
        # written before it (its rewrite makes new files). Not completed_at: a file's mtime is
        # taken from a coarse clock (a few ms behind), so the log written just before the
        # erasure completed could look older than it is.
        remaining["data_files_stale"] = sum(
            1 for f in files if f.endswith(".aof") and _written_before(f, receipt.requested_at)
        )
        failures = sorted(k.upper() for k, v in remaining.items() if v)
        now = self.clock()
        status = VerificationStatus.FAILED if failures else VerificationStatus.VERIFIED
        changes = {
            "verification": str(status),
            "verified_at": now,
            "verification_failures": failures,
        }
        self.store.write(
            "erasure/receipt_update",
            {"tenant_id": principal.tenant_id, "receipt_id": receipt_id, "changes": changes},
        )
        return {
            "receipt_id": receipt_id,
            "result": "INCOMPLETE" if failures else "COMPLETE",
            "remaining": remaining,
            "verified_at": now,
            "data_files_checked": len(files),
        }

    def _tombstones_match(self, receipt: DeletionReceipt) -> bool:
        """The tombstones the graph holds for ``receipt`` hash to its digest (a receipt from
        before digests were recorded has none to compare)."""
        if receipt.tombstones_digest is None:
            return True
        [row] = self.store.read(
            "erasure/tombstones",
            {"tenant_id": receipt.tenant_id, "receipt_id": receipt.receipt_id},
        )
        return tombstones.digest_lines(row["lines"]) == receipt.tombstones_digest


def _preview(erasure: _Erasure) -> ErasurePreview:
    plan = erasure.plan
    notes = [
        f"also erases {d.memory_id} of {d.subject_id}: only the erased data supports it"
        for d in plan.dependants
    ]
    notes += [
        f"{r.reinstates} is believed again ({r.status}, valid from {r.valid_from}"
        + (f" to {r.valid_to})" if r.valid_to else ")")
        + f": {r.because}, which superseded it, is erased"
        for r in erasure.reinstate.reinstated
    ]
    if erasure.runs:
        notes.append(
            f"the state of {len(erasure.runs)} runs about the subject (checkpoints, tool "
            "receipts) is deleted"
        )
    if plan.review_ids:
        notes.append(
            f"{len(plan.review_ids)} memories keep other support and are flagged NEEDS_REVIEW"
        )
    return ErasurePreview(
        scope=erasure.scope,
        target_id=erasure.target_id,
        subject_id=erasure.subject_id,
        memory_ids=plan.memory_ids,
        dependants=plan.dependants,
        flagged=plan.review_ids,
        source_ids=plan.source_ids,
        reinstated=[r.evolve(memory_id=None) for r in erasure.reinstate.reinstated],
        run_ids=[r["run_id"] for r in erasure.runs],
        retrieval_logs_deleted=len(erasure.delete_logs),
        retrieval_logs_scrubbed=len(erasure.scrub),
        notes=notes,
    )


def _scrub(log: dict[str, Any], erased: set[str]) -> dict[str, Any]:
    def keep(ids: list[str] | None) -> list[str]:
        return [x for x in (ids or []) if x not in erased]

    def scrub_json(text: str | None) -> str | None:
        if not text:
            return text
        data = json.loads(text)
        if isinstance(data, dict):
            data = {k: v for k, v in data.items() if k not in erased}
        return json.dumps(data, sort_keys=True)

    return {
        "query_id": log["query_id"],
        "candidate_ids": keep(log["candidate_ids"]),
        "selected_ids": keep(log["selected_ids"]),
        "scores_json": scrub_json(log["scores_json"]),
        "filter_reasons_json": scrub_json(log["filter_reasons_json"]),
        "context_positions_json": scrub_json(log["context_positions_json"]),
    }


def _cache_keys(embedder: Embedder, texts: list[str], owner: Owner | None) -> list[str]:
    """Keys of the erased texts' vectors and of the cached queries asked about the subject."""
    if isinstance(embedder, CachedEmbedder):
        keys = {embedder.key(t) for t in texts}
        if owner is not None:
            keys.update(embedder.cache.owned_keys(owner))
        return sorted(keys)
    return []


def _evict(embedder: Embedder, keys: list[str], owner: Owner | None) -> int:
    """Evict the receipt's cache keys (the erased texts' vectors, keyed when the receipt was
    made) and the queries asked about the erased subject since (their texts are stored
    nowhere, so only the cache's tags find them)."""
    if isinstance(embedder, CachedEmbedder):
        evicted = embedder.cache.evict(keys)
        if owner is not None:
            evicted += embedder.cache.evict_owned(owner)
        return evicted
    return 0


def _cached(embedder: Embedder, keys: list[str]) -> int:
    if isinstance(embedder, CachedEmbedder):
        return sum(1 for k in keys if k in embedder.cache)
    return 0


#: bytes read at a time by the read-back (a bound on memory, not a tuning knob)
_READ_CHUNK = 8 << 20


def _files_containing(files: list[str], needles: list[str]) -> int:
    """How many of ``needles`` occur in any of ``files`` (bytes, UTF-8).

    Each file is read in chunks that overlap by the longest needle, and each chunk is searched
    for each needle still missing by the bytes' own substring search (a needle inside another
    is found as itself). Not mapped: the engine keeps writing its files while they are read
    (Neo4j checkpoints and prunes its transaction logs right after the rewrite), and a mapped
    file that shrinks under the reader kills the process with SIGBUS. A file that vanished
    between the listing and the read holds nothing any more and is skipped (it was an
    unhandled FileNotFoundError, a 500; the likely cause of a plain-text 500 CI met once in
    the Neo4j run, not reproduced here)."""
    wanted = {n.encode() for n in needles}
    if not wanted:
        return 0
    overlap = max(map(len, wanted)) - 1
    found: set[bytes] = set()
    for f in files:
        if f.endswith((".log", ".json")) or not wanted - found:
            continue
        try:
            fh = open(f, "rb")  # noqa: SIM115 - closed below; the open itself may fail
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            continue
        with fh:
            tail = b""
            while wanted - found:
                chunk = fh.read(_READ_CHUNK)
                if not chunk:
                    break
                window = tail + chunk
                found.update(n for n in wanted - found if window.find(n) != -1)
                tail = window[-overlap:] if overlap else b""
    return len(found)


def _written_before(path: str, instant: str) -> bool:
    """Whether the file at ``path`` holds data and was last written before ``instant``; a file
    the engine unlinked since it was listed (redis removes superseded append-only files in a
    background thread) holds nothing."""
    try:
        stat = os.stat(path)
    except FileNotFoundError:
        return False
    return stat.st_size > 0 and to_iso(datetime.fromtimestamp(stat.st_mtime, UTC)) < instant

"""The library entry point: one object that owns the store and the embedder."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cached_property
from typing import Any, Literal

from graphmem.auth.keys import resolve_key
from graphmem.auth.principal import Principal
from graphmem.clock import Clock, system_clock
from graphmem.crypto import ContentCipher, ensure_master_key, load_cipher
from graphmem.embeddings.base import Embedder
from graphmem.embeddings.factory import create_embedder
from graphmem.errors import EngineBusyError, FieldIssue, GraphmemError, ValidationError
from graphmem.learn.consolidate import ConsolidationRequest, ConsolidationResult, Consolidator
from graphmem.learn.episodes import EpisodeCreate, EpisodeRecorded, EpisodeRecorder
from graphmem.learn.releases import Releases
from graphmem.learn.review import InsightReviews
from graphmem.learn.schedule import ConsolidationRounds
from graphmem.lifecycle.compact import compact
from graphmem.lifecycle.erase import Eraser
from graphmem.lifecycle.expire import expire_purpose, sweep_expired
from graphmem.lifecycle.revoke import RevocationReceipt, revoke
from graphmem.models.enums import Decision
from graphmem.models.memory import EpisodeContent
from graphmem.models.nodes import Source
from graphmem.models.proposal import MemoryProposal
from graphmem.models.public import MemoryPage
from graphmem.models.receipts import DeletionReceipt, ErasurePreview, WriteReceipt
from graphmem.models.validation import parse
from graphmem.named_queries import DEFAULT_QUERY_PAGE, AdhocResult, run_adhoc, run_query
from graphmem.paging import Cursors, Page
from graphmem.read.ann import AnnIndex
from graphmem.read.context import ContextBuilder, ContextRequest, ContextResult
from graphmem.read.lineage import LINEAGE_PAGE, LineageGraph, lineage_graph
from graphmem.read.log_sink import LogSink, log_sink
from graphmem.read.retrieve import Retriever, RetrieveRequest, RetrieveResult
from graphmem.read.scope_cache import FeatureCache
from graphmem.read.timetravel import (
    DetailList,
    MemoryDetail,
    detail_page,
    get_memory,
    list_memories,
    memory_page,
    memory_rows,
)
from graphmem.settings import Settings, get_settings
from graphmem.startup import Startup
from graphmem.state import Runs
from graphmem.store.base import GraphStore, Row
from graphmem.store.schema import EmbeddingSpace, bootstrap, schema_version
from graphmem.write.grounding import Verifier
from graphmem.write.pipeline import WritePipeline
from graphmem.write.receipt_audit import WriteReceiptAudit
from graphmem.write.sources import SourceCreate, record_source


def cipher_from_settings(settings: Settings) -> ContentCipher | None:
    """The master key from settings; with the embedded engine and none set, one generated into
    the data directory (keep it, and the key store, out of graph backups)."""
    key = settings.master_key.get_secret_value() if settings.master_key else None
    if key is None and settings.embedded:
        key = ensure_master_key(settings.data_dir / "master.key")
    keystore = settings.keystore_dir or settings.data_dir / "keys"
    return load_cipher(key, keystore)


def cursors_for(cipher: ContentCipher | None) -> Cursors:
    """The cursors of every listing: signed with the master key's derived key when there is
    one, so cursors hold across restarts and processes (the CLI's too); else per process."""
    return Cursors(cipher.keys.derive_key("cursors") if cipher is not None else None)


log = logging.getLogger(__name__)


def _run_ids(proposals: list[MemoryProposal | Mapping[str, Any]]) -> list[str | None]:
    """The ``run_id`` each proposal names (before the batch is validated as a whole)."""
    out: list[str | None] = []
    for p in proposals:
        run_id = p.run_id if isinstance(p, MemoryProposal) else p.get("run_id")
        out.append(run_id if isinstance(run_id, str) else None)
    return out


class Graphmem:
    """A memory service on one store. Thread-safe; share one per process."""

    def __init__(
        self,
        store: GraphStore,
        settings: Settings,
        embedder: Embedder | None = None,
        *,
        clock: Clock = system_clock,
        cipher: ContentCipher | None = None,
        verifier: Verifier | None = None,
    ):
        self.store = store
        self.settings = settings
        self.clock = clock
        #: the write gate's claim ↔ span check; None: the rules (no model)
        self.verifier = verifier
        #: encrypts HIGH-sensitivity content at rest (crypto-shredding); None: plaintext
        self.cipher = cipher
        #: signs the cursors of every listing (graphmem.paging): with the master key's derived
        #: key when there is one, so cursors hold across restarts and processes
        self.cursors = cursors_for(cipher)
        self._embedder = embedder
        self._lock = threading.Lock()
        #: analysts' and admins' own queries run one at a time per process: each is bounded
        #: by the analyst time limit, and one at a time leaves the engine's other threads to
        #: agents' requests however costly the queries people write
        self._analyst_slot = threading.BoundedSemaphore(1)
        self._schema_version: int | None = None

    @classmethod
    def open(
        cls,
        settings: Settings | None = None,
        *,
        embedder: Embedder | None = None,
        preload: bool = False,
        startup: Startup | None = None,
    ) -> Graphmem:
        """Start or join the engine and bootstrap the schema. ``preload`` (the service does)
        loads the embedding model in a thread while the engine loads its data, so the first
        request finds both ready; a model that fails to load fails here, not on that request.
        ``startup`` joins an engine and a model begun earlier (:mod:`graphmem.startup`: the
        CLI begins them before importing the service, so they load beside the imports)."""
        if startup is None:
            settings = settings or get_settings()
            startup = Startup.begin(settings, embedder=embedder, preload=preload)
        settings = settings or startup.settings
        store, embedder = startup.join()
        try:
            gm = cls(store, settings, embedder, cipher=cipher_from_settings(settings))
            bootstrap(store, [gm.embedding_space])
        except BaseException:
            store.close()
            raise
        return gm

    @property
    def embedder(self) -> Embedder:
        with self._lock:
            if self._embedder is None:
                self._embedder = create_embedder(self.settings)
            return self._embedder

    @cached_property
    def writer(self) -> WritePipeline:
        return WritePipeline(
            self.store, self.embedder, clock=self.clock, cipher=self.cipher, verifier=self.verifier
        )

    # -- callers --------------------------------------------------------------------------
    def principal(self, key: str) -> Principal:
        """The principal behind an API key (``gm_<id>_<secret>``), exactly as the REST API
        resolves a bearer key; an unknown or revoked key is :class:`UnauthenticatedError`.
        For a local operator without a key, see :meth:`Principal.local_operator`."""
        return resolve_key(self.store, key)

    # -- writes ---------------------------------------------------------------------------
    def record_source(self, principal: Principal, body: SourceCreate | Mapping[str, Any]) -> Source:
        """Record evidence (a message, tool result, document revision …)."""
        if not isinstance(body, SourceCreate):
            body = parse(SourceCreate, body)
        return record_source(self.store, principal, body, self.clock, cipher=self.cipher)

    def propose(
        self, principal: Principal, proposal: MemoryProposal | Mapping[str, Any]
    ) -> WriteReceipt:
        """The only way memory is created or changed: runs the write gate, returns its receipt.
        A proposal naming a ``run_id`` needs that run open (422 unknown, 409 ended)."""
        if not isinstance(proposal, MemoryProposal):
            proposal = parse(MemoryProposal, proposal)
        if proposal.run_id is not None:
            self.runs.open_for_writes(principal, proposal.run_id)
        receipt = self.writer.propose(principal, proposal)
        self._monitor_releases(principal, [proposal], [receipt])
        return receipt

    def propose_many(
        self, principal: Principal, proposals: list[MemoryProposal | Mapping[str, Any]]
    ) -> list[WriteReceipt]:
        """A batch: validated together, embedded in one pass, each committed atomically."""
        for i, run_id in enumerate(_run_ids(proposals)):
            if run_id is not None:
                try:
                    self.runs.open_for_writes(principal, run_id)
                except ValidationError as exc:
                    raise ValidationError(
                        [
                            FieldIssue(f"proposals.{i}.{x.field}", x.rule, x.message)
                            for x in exc.issues
                        ]
                    ) from None
        receipts = self.writer.propose_many(principal, proposals)
        self._monitor_releases(principal, proposals, receipts)
        return receipts

    # -- procedure releases (graphmem.learn) -------------------------------------------------
    @cached_property
    def releases(self) -> Releases:
        """Procedure versions as release-managed artifacts: drafts, reviews, simulator tests,
        publication, canaries, monitoring, promotion and rollback."""
        return Releases(
            self.store, self.writer, clock=self.clock, cipher=self.cipher, cursors=self.cursors
        )

    def _monitor_releases(
        self,
        principal: Principal,
        proposals: list[MemoryProposal | Mapping[str, Any]] | list[MemoryProposal],
        receipts: list[WriteReceipt],
    ) -> None:
        """An episode citing ``key@version`` is an outcome of that release: let the monitor
        look at the key (it may roll a failing canary back). The episode is committed either
        way; a monitor that cannot run now runs again on the next outcome."""
        for proposal, receipt in zip(proposals, receipts, strict=True):
            if receipt.decision is not Decision.COMMITTED:
                continue
            episode = proposal.episode if isinstance(proposal, MemoryProposal) else None
            if episode is None and isinstance(proposal, Mapping):
                raw = proposal.get("episode")
                episode = parse(EpisodeContent, raw) if isinstance(raw, Mapping) else None
            if episode is None or episode.procedure is None:
                continue
            try:
                self.releases.observe(principal.tenant_id, episode.procedure, receipt.memory_id)
            except GraphmemError:
                log.warning("release monitor for %s failed", episode.procedure, exc_info=True)

    # -- learning from experience (graphmem.learn) -------------------------------------------
    @cached_property
    def episodes(self) -> EpisodeRecorder:
        return EpisodeRecorder(self.store, self.writer, clock=self.clock, cipher=self.cipher)

    def record_episode(
        self, principal: Principal, body: EpisodeCreate | Mapping[str, Any]
    ) -> EpisodeRecorded:
        """An episode through the write gate (an EPISODIC proposal). Its ``run_id`` records
        the run it happened in (ended or not). A standing-rule feedback becomes a user-scoped
        candidate insight instead."""
        if not isinstance(body, EpisodeCreate):
            body = parse(EpisodeCreate, body)
        recorded = self.episodes.record(principal, body)
        # an episode citing key@version is an outcome of that release (its health, rollback)
        self._monitor_releases(principal, [body.proposal()], [recorded.receipt])
        return recorded

    @cached_property
    def consolidator(self) -> Consolidator:
        return Consolidator(self.store, self.embedder, clock=self.clock)

    def consolidate(
        self,
        principal: Principal,
        request: ConsolidationRequest | Mapping[str, Any],
        progress: Callable[[str], None] | None = None,
    ) -> ConsolidationResult:
        """Cluster a subject's (or a namespace's) episodes and store candidate insights
        (``progress``: a line after each phase)."""
        if not isinstance(request, ConsolidationRequest):
            request = parse(ConsolidationRequest, request)
        return self.consolidator.consolidate(principal, request, progress)

    @cached_property
    def consolidation_rounds(self) -> ConsolidationRounds:
        """The scheduled consolidation's round (``consolidation_interval_s``)."""
        return ConsolidationRounds(
            self.store,
            lambda: self.consolidator,
            self.clock,
            min_support=self.settings.consolidation_min_support,
        )

    @cached_property
    def insights(self) -> InsightReviews:
        """Insight listing, review and promotion through the write gate."""
        return InsightReviews(
            self.store,
            self.writer,
            drafts=self.releases.create_draft,
            clock=self.clock,
            cipher=self.cipher,
            cursors=self.cursors,
        )

    # -- run state (working memory) ---------------------------------------------------------
    @cached_property
    def runs(self) -> Runs:
        """Checkpoints, tool receipts, run ends and their purpose expiry (graphmem.state)."""
        return Runs(self.store, self.settings, self.clock, self.cursors)

    # -- reads ------------------------------------------------------------------------------
    def memories(self, principal: Principal, **filters: Any) -> list[dict[str, Any]]:
        """Time-travel listing, its first page: ``subject_id, type, status, valid_at, known_at,
        limit`` (:meth:`memory_page` for the cursor and counts)."""
        return list_memories(self.store, principal, clock=self.clock, cipher=self.cipher, **filters)

    def memory_rows(
        self, principal: Principal, *, cursor: str | None = None, **filters: Any
    ) -> Page[dict[str, Any]]:
        """One page of the listing as :meth:`memories` gives its rows, with its cursor."""
        return memory_rows(
            self.store,
            principal,
            cursor=cursor,
            cursors=self.cursors,
            clock=self.clock,
            cipher=self.cipher,
            **filters,
        )

    def memory_page(
        self, principal: Principal, *, cursor: str | None = None, **filters: Any
    ) -> MemoryPage:
        """The listing as REST answers it: this page, ``count``, ``total`` and ``next_cursor``
        (pass it back as ``cursor``)."""
        return memory_page(
            self.store,
            principal,
            cursor=cursor,
            cursors=self.cursors,
            clock=self.clock,
            cipher=self.cipher,
            **filters,
        )

    def memory(self, principal: Principal, memory_id: str) -> MemoryDetail:
        """One memory with the first page of its history and of its provenance."""
        return get_memory(
            self.store, principal, memory_id, cipher=self.cipher, cursors=self.cursors
        )

    def memory_list(
        self,
        principal: Principal,
        memory_id: str,
        part: DetailList,
        *,
        limit: int = 100,
        cursor: str | None = None,
    ) -> Page[dict[str, Any]]:
        """A page of a memory's ``history`` or ``provenance`` (after :meth:`memory`'s first:
        pass its ``history_next_cursor`` / ``provenance_next_cursor``)."""
        return detail_page(
            self.store,
            principal,
            memory_id,
            part,
            cursors=self.cursors,
            limit=limit,
            cursor=cursor,
            cipher=self.cipher,
        )

    def lineage(
        self,
        principal: Principal,
        memory_id: str,
        *,
        limit: int = LINEAGE_PAGE,
        cursor: str | None = None,
    ) -> LineageGraph:
        """The memory's lineage neighbourhood as nodes and edges (PROVENANCE, SUPERSEDES,
        DERIVED_FROM, CONFLICTS_WITH, COUNTEREXAMPLE_OF), limited to the key's subject scope,
        one page (``next_cursor`` for the next)."""
        return lineage_graph(
            self.store,
            principal,
            memory_id,
            cursors=self.cursors,
            limit=limit,
            cursor=cursor,
            cipher=self.cipher,
        )

    @cached_property
    def logs(self) -> LogSink:
        """Where RetrievalLogs go (``retrieval_log_mode``)."""
        return log_sink(self.settings.retrieval_log_mode, self.store)

    @cached_property
    def retriever(self) -> Retriever:
        return Retriever(
            self.store,
            self.embedder,
            clock=self.clock,
            cipher=self.cipher,
            logs=self.logs,
            features=FeatureCache.for_budget(
                self.settings.scope_cache_mb,
                self.embedder.dimension,
                ann=(
                    AnnIndex(self.embedder.dimension, ef_search=self.settings.ann_ef_search)
                    if self.settings.ann_min_scope
                    else None
                ),
            ),
            ann_min_scope=self.settings.ann_min_scope or 2**62,
            ann_candidates=self.settings.ann_candidates,
            vector_min_scope=self.settings.vector_index_min_scope or 2**62,
            vector_oversample=self.settings.vector_index_oversample,
        )

    def retrieve(
        self, principal: Principal, request: RetrieveRequest | Mapping[str, Any]
    ) -> RetrieveResult:
        """Hard filters, then candidates, then scores with breakdowns; logged."""
        if not isinstance(request, RetrieveRequest):
            request = parse(RetrieveRequest, request)
        return self.retriever.retrieve(principal, request)

    def context(
        self, principal: Principal, request: ContextRequest | Mapping[str, Any]
    ) -> ContextResult:
        """One model call's context within ``budget_tokens``: instruction and goal, policy,
        state (a ``run_id``'s latest checkpoint first) and verified evidence, then memories
        from the retriever (one subject, or ``scopes``); logged."""
        if not isinstance(request, ContextRequest):
            request = parse(ContextRequest, request)
        return ContextBuilder(self.retriever, clock=self.clock, runs=self.runs).build(
            principal, request
        )

    def revoke(
        self,
        principal: Principal,
        *,
        source_id: str | None = None,
        memory_id: str | None = None,
        reason: str = "REVOKED",
    ) -> RevocationReceipt:
        """Revoke a source or memory and propagate through PROVENANCE and DERIVED_FROM."""
        return revoke(
            self.store,
            principal,
            source_id=source_id,
            memory_id=memory_id,
            reason=reason,
            embedder=self.embedder,
            cipher=self.cipher,
            clock=self.clock,
        )

    def sweep(
        self, tenant_id: str | None = None, actor: str = "system:sweeper"
    ) -> dict[str, list[str]]:
        """Expire memories past ``expires_at`` (one tenant, or all); ``{tenant: [ids]}``."""
        return sweep_expired(self.store, tenant_id=tenant_id, actor=actor, clock=self.clock)

    def sweep_due(self) -> dict[str, list[str]]:
        """The schedule's round: memories past ``expires_at`` expire and run state past its
        retention is deleted (every tenant); ``{tenant: [memory ids]}``."""
        swept = self.sweep()
        self.runs.sweep()
        return swept

    def expire_purpose(self, principal: Principal, purpose: str) -> dict[str, Any]:
        """Memories kept only for ``purpose`` expire; others lose that purpose."""
        return expire_purpose(
            self.store, principal.tenant_id, purpose, actor=principal.principal_id, clock=self.clock
        )

    @cached_property
    def write_audit(self) -> WriteReceiptAudit:
        """Write receipts by id, and their verification against the graph."""
        return WriteReceiptAudit(self.store, self.clock)

    @cached_property
    def eraser(self) -> Eraser:
        return Eraser(
            self.store,
            self.embedder,
            clock=self.clock,
            cipher=self.cipher,
            logs=self.logs,
            cursors=self.cursors,
        )

    def erase_subject(
        self, principal: Principal, subject_id: str, reason: str = "ERASURE_REQUEST"
    ) -> DeletionReceipt:
        """Erase everything about a subject, everywhere; returns the deletion receipt."""
        try:
            return self.eraser.erase_subject(principal, subject_id, reason)
        finally:
            self._forget_features()

    def erase_memory(
        self,
        principal: Principal,
        memory_id: str,
        reason: str = "ERASURE_REQUEST",
        *,
        with_history: bool = False,
    ) -> DeletionReceipt:
        """Erase one memory — every copy of its statement; what it had superseded is believed
        again — or, ``with_history``, every version of the claim."""
        try:
            return self.eraser.erase_memory(principal, memory_id, reason, with_history=with_history)
        finally:
            self._forget_features()

    def preview_erasure(
        self,
        principal: Principal,
        *,
        subject_id: str | None = None,
        memory_id: str | None = None,
        with_history: bool = False,
    ) -> ErasurePreview:
        """What erasing a subject or a memory would do (``dry_run``); writes nothing."""
        if (subject_id is None) == (memory_id is None):
            raise ValidationError(
                [FieldIssue("target", "exactly_one", "give exactly one of subject_id or memory_id")]
            )
        if subject_id is not None:
            return self.eraser.preview_subject(principal, subject_id)
        assert memory_id is not None
        return self.eraser.preview_memory(principal, memory_id, with_history=with_history)

    def _forget_features(self) -> None:
        """Empty this process's feature cache now (other processes' empty at their next
        retrieval, when they see the forget epoch the deleting statement moved)."""
        retriever = self.__dict__.get("retriever")
        if retriever is not None and retriever.features is not None:
            retriever.features.clear()

    def compact(
        self,
        principal: Principal,
        *,
        older_than: str,
        subject_id: str | None = None,
        originals: Literal["keep", "remove"] = "remove",
    ) -> list[dict[str, Any]]:
        """Roll old episodes into aggregates that keep DERIVED_FROM lineage to their hashes."""
        try:
            return compact(
                self.store,
                self.embedder,
                principal,
                older_than=older_than,
                subject_id=subject_id,
                originals=originals,
                clock=self.clock,
            )
        finally:
            self._forget_features()

    # -- analysts ---------------------------------------------------------------------------
    def named_query(
        self,
        name: str,
        params: Mapping[str, Any],
        *,
        tenant_id: str,
        analyst_only: bool = True,
        limit: int = DEFAULT_QUERY_PAGE,
        cursor: str | None = None,
    ) -> Page[Row]:
        """One page of a named Cypher query bound to the caller's tenant (``limit`` rows,
        ``total``, ``next_cursor``), after this process's pending retrieval logs are stored
        (the audit queries read them)."""
        self.logs.flush()
        with self._analyst_turn():
            return run_query(
                self.store,
                name,
                params,
                tenant_id=tenant_id,
                analyst_only=analyst_only,
                cursors=self.cursors,
                limit=limit,
                cursor=cursor,
            )

    def adhoc_query(
        self,
        text: str,
        params: Mapping[str, Any],
        *,
        tenant_id: str,
        limit: int = DEFAULT_QUERY_PAGE,
    ) -> AdhocResult:
        """Read-only ad-hoc Cypher for admins, bound to the tenant (logs flushed first): at
        most ``limit`` rows (1..1000), ``truncated`` when the query had more."""
        self.logs.flush()
        with self._analyst_turn():
            return run_adhoc(self.store, text, params, tenant_id=tenant_id, limit=limit)

    @contextmanager
    def _analyst_turn(self) -> Iterator[None]:
        """The process's one analyst-query slot, waited for at most one analyst time limit."""
        wait = self.settings.analyst_query_timeout_s
        if not self._analyst_slot.acquire(timeout=wait):
            raise EngineBusyError(
                f"another analyst query is running; none finished within {wait:.0f} s — try again",
                rule="analyst_slot",
            )
        try:
            with self.logs.hold():  # a log batch would queue every read behind this query
                yield
        finally:
            self._analyst_slot.release()

    @cached_property
    def embedding_space(self) -> EmbeddingSpace:
        return EmbeddingSpace(self.embedder.space_label, self.embedder.dimension)

    def health(self) -> dict[str, Any]:
        """Engine status without waiting behind queries: the ping and the status commands are
        answered by the engine's main thread, and the schema version is read once (it changes
        only at bootstrap), so a health check stays fast while every query thread is busy."""
        engine = self.store.ping()
        version = self._schema_version
        if version is None and engine.get("reachable"):
            version = self._schema_version = schema_version(self.store)
        return {
            "status": "ok" if engine.get("reachable") and version is not None else "degraded",
            "engine": engine,
            "capabilities": self.store.capabilities.as_dict(),
            "schema_version": version,
            "embedding": {
                "version": self.embedder.embedding_version,
                "space": self.embedding_space.label,
                "dimension": self.embedding_space.dimension,
            },
            "scope_cache": self.retriever.cache_status(),
        }

    def close(self) -> None:
        if "retriever" in self.__dict__:
            self.retriever.close()
        if "logs" in self.__dict__:
            self.logs.close()
        self.store.close()

    def __enter__(self) -> Graphmem:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

"""Retrieval: hard filters first, then candidates, then a score with its breakdown.

The seed's order is fixed. The hard filters (tenant from the key, subject scope, types, status,
valid/known time, expiry, purpose limitation, HIGH sensitivity only for an allowed purpose) sit in
the very queries that produce candidates, so a filtered-out memory is never a candidate. Candidates
come from three places — exact cosine over the filtered scope, exact predicate/entity matches,
and memories holding the query's words — and are ranked by

    score = α·semantic + λ·lexical + μ·expansion + β·entity + γ·recency + δ·importance
            + ε·authority + ζ·outcome − η·conflict − θ·staleness − κ·question − ι·redundant

with versioned weights (:mod:`.ranking` says what each part is and how the fusion was
calibrated); every result carries its breakdown. Procedures are further limited to
the version the release model gives this run (:func:`graphmem.learn.resolve.usable_procedures`:
the stable or canary version of the run's cohort, never a draft, rejected or rolled-back one,
and only when the state holds its preconditions and capabilities).

This module orchestrates one call; each job has its own module: the request (:mod:`.request`),
the answer (:mod:`.result`), the filters' parameters (:mod:`.filters`), lexical relevance
(:mod:`.lexical`), candidates (:mod:`.candidates`), phase 1 in the engine
(:mod:`.engine_phase1`), phase 1 from the feature cache and its ANN index
(:mod:`.cached_scopes`, :mod:`.scope_cache`, :mod:`.ann`), phase 2 (:mod:`.hydrate`), the full
score (:mod:`.ranking`), the excluded-memories report (:mod:`.excluded`), the RetrievalLog
record (:mod:`.retrieval_log`); which procedure
versions a run may use is the release model's (:mod:`graphmem.learn.resolve`).
"""

from __future__ import annotations

from concurrent.futures import Future
from functools import partial
from typing import Any

from graphmem.auth.principal import Principal
from graphmem.auth.scope import read_scopes, read_subject
from graphmem.clock import Clock, system_clock
from graphmem.crypto import ContentCipher
from graphmem.embeddings.base import Embedder
from graphmem.embeddings.cache import encode_query
from graphmem.ids import new_id
from graphmem.learn.resolve import cohort_key, usable_procedures
from graphmem.read.bounded import BoundedDict
from graphmem.read.cached_scopes import CachedScopes
from graphmem.read.candidates import SIDE_QUERIES, Pool
from graphmem.read.engine_phase1 import engine_phase1, vector_phase1
from graphmem.read.excluded import ExcludedReports
from graphmem.read.filters import read_policy, read_time, scope_params
from graphmem.read.hydrate import hydrate
from graphmem.read.lexical import case_forms, terms
from graphmem.read.log_sink import LogSink, SyncLogSink
from graphmem.read.ranking import Weights, score_rows
from graphmem.read.request import RetrieveRequest, RunState, StateField
from graphmem.read.result import (
    READ_POLICY_VERSION,
    RETRIEVER_VERSION,
    RetrieveResult,
    merge_results,
    public_row,
)
from graphmem.read.retrieval_log import retrieval_log
from graphmem.read.scope_cache import FeatureCache
from graphmem.read.scopes import retrieval_plan
from graphmem.store.base import GraphStore, Row

__all__ = [
    "READ_POLICY_VERSION",
    "RETRIEVER_VERSION",
    "RetrieveRequest",
    "RetrieveResult",
    "Retriever",
    "RunState",
    "StateField",
    "merge_results",
    "public_row",
]


class Retriever:
    """Two phases, so only a few rows per call leave the engine whole.

    1. ``retrieval/scope`` (or ``scope_subject``): the hard filters, then exact cosine over
       the whole filtered scope; it hands back ids, cosine and text of the ``scope_pool`` most
       similar memories plus the exact predicate/object matches beyond them. When the scope
       is larger than that, ``retrieval/lexical`` adds the memories holding query words (the
       full-text index on Neo4j; a scan of the filtered scope on FalkorDB). Every row
       gets semantic + lexical (BM25 over these rows, which are the whole scope when it fits).
    2. ``retrieval/hydrate`` (:mod:`.hydrate`): the full rows of the ``pool`` best by semantic
       + lexical and of every exact match, with conflict and staleness facts, the filters
       applied again; the columns that never change come from the feature cache once read. The
       full score (entity, recency, importance, authority, outcome, penalties) ranks these.

    With a ``features`` cache (read/scope_cache) and a scope it holds, phase 1 is
    ``retrieval/scope_ids``: the engine applies the hard filters and hands back ids, and the
    same ranking runs here in numpy; a scope it does not hold yet takes the engine path and is
    filled in the background. A scope known to fit phase 1 but not small runs the engine's
    phase 1 in disjoint parts side by side. The excluded-memories report is read beside phase 1
    on a second connection, or by phase 1's own statement, or after phase 1 when it runs in
    parts (read/excluded). The RetrievalLog goes to ``logs``.
    """

    def __init__(
        self,
        store: GraphStore,
        embedder: Embedder,
        *,
        clock: Clock = system_clock,
        weights: Weights | None = None,
        pool: int = 40,
        scope_pool: int = 1000,
        scope_parts: int = 2,
        split_at: int = 400,
        cipher: ContentCipher | None = None,
        logs: LogSink | None = None,
        features: FeatureCache | None = None,
        sync_fill: int | None = 128,
        ann_min_scope: int = 20_000,
        ann_candidates: int = 256,
        vector_min_scope: int = 20_000,
        vector_oversample: float = 2.0,
        vector_max_fetch: int = 10_000,
        live_max_scope: int = 160,
    ) -> None:
        self.cipher = cipher
        self.store = store
        #: where RetrievalLogs go (the context builder's too); written inside the call if None
        self.logs: LogSink = logs or SyncLogSink(store)
        self.embedder = embedder
        self.clock = clock
        self.weights = weights or Weights()
        #: how many rows (at least 4·k) are hydrated and ranked by the full score
        self.pool = pool
        #: how many of the scope's memories phase 1 hands back; a scope that fits is ranked
        #: whole, and its lexical statistics are the scope's own
        self.scope_pool = scope_pool
        #: a scope that held ``split_at`` to ``scope_pool`` memories when last asked is scanned
        #: in ``scope_parts`` disjoint parts side by side (one engine thread each), then merged
        self.scope_parts = max(1, scope_parts)
        self.split_at = split_at
        #: each (tenant, subject) scope's size when last asked: a hint for the next call
        self._scope_sizes: BoundedDict[tuple[str, str | None], int] = BoundedDict(4096)
        #: a scope that held at least ``vector_min_scope`` memories when last asked, and that
        #: phase 1 ranks in the engine, starts from the engine's vector index where it has a
        #: filtered one (``Capabilities.filtered_vector_search``): the ``ann_candidates``
        #: nearest that pass the filters, the index asked for ``vector_oversample`` times as
        #: many as the filters' share of the space leaves (at most ``vector_max_fetch``)
        self.vector_min_scope = vector_min_scope
        self.vector_candidates = ann_candidates
        self.vector_oversample = vector_oversample
        self.vector_max_fetch = vector_max_fetch
        #: a scope ranked from the feature cache that held at most this many memories when last
        #: asked gets its memories' live columns with phase 1 (``retrieval/scope_live``), so
        #: phase 2 reads only what the process does not keep (read/hydrate). Counting conflicts
        #: and stale citations costs ~6 µs a memory in phase 1 against ~1.1 ms for phase 2's
        #: statement: even at about 180 (bench/history/2026-12-04-retrieve.md)
        self.live_max_scope = live_max_scope
        #: how each call's excluded-memories report is read (read/excluded)
        self.reports = ExcludedReports(store)
        #: phase 1 from the features this process keeps (None: always ranked in the engine)
        self.cached = (
            CachedScopes(
                store,
                features,
                sync_fill=sync_fill,
                ann_min_scope=ann_min_scope,
                ann_candidates=ann_candidates,
            )
            if features is not None
            else None
        )

    @property
    def features(self) -> FeatureCache | None:
        return self.cached.features if self.cached is not None else None

    def retrieve(
        self, principal: Principal, request: RetrieveRequest, *, log: bool = True
    ) -> RetrieveResult:
        if request.scopes:
            return self._retrieve_scopes(principal, request, log=log)
        now = self.clock()
        subject = read_subject(principal, request.subject_id)
        policy = read_policy(
            principal.tenant_id,
            now=now,
            embedding_version=self.embedder.embedding_version,
            types=[str(t) for t in request.types] if request.types else None,
            valid_at=read_time(request.valid_at, "valid_at"),
            known_at=read_time(request.known_at, "known_at"),
            purpose=request.purpose,
        )
        any_subject = {**policy, "subject_id": subject}  # for queries that take a null subject
        scoped = any_subject if subject else policy
        suffix = "_subject" if subject else ""
        pool = max(self.pool, request.k * 4)
        limit = max(self.scope_pool, pool)
        scope_key = (principal.tenant_id, subject)
        last_size = self._scope_sizes.get(scope_key, 0)
        # parts only pay while the scope fits phase 1: beyond, each part hands back ``limit``
        # rows (measured at ~9,500 memories: 162 ms whole, 183 ms in two parts)
        parts = self.scope_parts if self.split_at <= last_size <= limit else 1

        cached = self.cached
        from_cache = cached is not None and cached.holds(scope_key, last_size)
        live = last_size <= self.live_max_scope
        # beside phase 1, in phase 1's own statement, or after phase 1 when it runs in parts
        report = self.reports.start(
            scope_key,
            scoped,
            wanted=request.include_excluded,
            from_cache=from_cache and not live,
            deferred=parts > 1,
        )
        owners = {(principal.tenant_id, s) for s in (subject, principal.subject_id) if s}
        vector = encode_query(self.embedder, request.query, owners).tolist()
        query_terms = terms(request.query)
        lexical_params = {
            **any_subject,
            "vector": vector,
            "term_forms": [case_forms(t) for t in query_terms[:32]],
            "limit": pool,
        }
        # a scope that overflowed phase 1 last time most likely will again: ask for its lexical
        # candidates beside phase 1 instead of after it (from the feature cache: with phase 1)
        lexical_rows: Future[list[Row]] | list[Row] | None = None
        if query_terms and last_size > limit and not from_cache:
            lexical_rows = SIDE_QUERIES.submit(self.store.read, "retrieval/lexical", lexical_params)
        params = scope_params(scoped, vector, query_terms, limit=limit, exact_limit=pool)
        phase1 = None
        if cached is not None and from_cache:
            phase1 = cached.phase1(
                scope_key,
                scoped,
                params,
                term_forms=lexical_params["term_forms"],
                lexical_limit=pool,
                live=live,
                report=report.in_phase1,
            )
            report.from_phase1(phase1)
            lexical_rows = phase1.get("lexical") if phase1 is not None else None
        # ranked from the feature cache, which saw the forget epoch in this call: what it keeps
        # of the scope's texts may serve the call too (read/scope_texts)
        texts_from = self.features if phase1 is not None else None
        if phase1 is None and last_size >= self.vector_min_scope:
            phase1 = self._phase1_vector({**any_subject, **params})
        if phase1 is None:
            phase1 = self._phase1(f"retrieval/scope{suffix}", params, parts=parts)
            if cached is not None:
                cached.fill_later(scope_key, scoped, phase1["scope_size"])
        self._scope_sizes[scope_key] = phase1["scope_size"]
        if parts > 1:
            report.after_parts()
        found = Pool.of(phase1)
        if lexical_rows is None and found.overflowed and query_terms:
            lexical_rows = self.store.read("retrieval/lexical", lexical_params)
        if isinstance(lexical_rows, Future):
            lexical_rows = lexical_rows.result()
        if lexical_rows:
            found.add_lexical(lexical_rows)
        if self.cipher is not None and found.sealed_for:  # HIGH content is sealed at rest
            found.open_sealed(self.cipher, principal.tenant_id)
        by_id = found.select(
            request.query,
            self.weights,
            pool,
            scope=(
                partial(texts_from.scope_texts, principal.tenant_id)
                if texts_from is not None
                else None
            ),
        )
        candidates = hydrate(
            self.store,
            any_subject,
            list(by_id),
            tenant_id=principal.tenant_id,
            features=self.features,
            live=phase1.get("live"),
        )
        for c in candidates:
            c.update(by_id[c["memory_id"]])
        if self.cipher is not None:  # (phase 2's rows are this call's own: tagged in place)
            for c in candidates:
                c["tenant_id"] = principal.tenant_id
            candidates = [self.cipher.open_fields(r) for r in candidates]
        state = request.state or {}
        cohort = cohort_key(
            state, request.subject_id or principal.subject_id, principal.principal_id
        )
        kept, proc_excluded = usable_procedures(
            candidates, state, tenant_id=principal.tenant_id, cohort=cohort
        )
        scored = score_rows(
            kept, self.weights, query_terms, state, now, limit=request.k, asks=found.asks
        )
        excluded = proc_excluded + report.rows()
        if request.min_score is not None:
            scored = [s for s in scored if s.score >= request.min_score]
        result = RetrieveResult(
            query_id=new_id("mq"),
            results=scored[: request.k],
            excluded=excluded,
            candidate_ids=[r["memory_id"] for r in candidates],
            candidate_count=len(found.ids),
        )
        if log:
            self._log(principal, request, result, now)
        return result

    def _retrieve_scopes(
        self, principal: Principal, request: RetrieveRequest, *, log: bool
    ) -> RetrieveResult:
        """One retrieval per scope (and per type a scope limits), each exactly as a call about
        that one subject; the results merged by score, the call logged once."""
        assert request.scopes is not None
        now = self.clock()
        read_scopes(principal, [s.subject_id for s in request.scopes])
        parts: list[RetrieveResult] = []
        for scope in request.scopes:
            for types, k in retrieval_plan(scope, request.types, request.k):
                one = request.evolve(scopes=None, subject_id=scope.subject_id, types=types, k=k)
                parts.append(self.retrieve(principal, one, log=False))
        result = merge_results(parts)
        if log:
            self._log(principal, request, result, now)
        return result

    def _phase1(self, name: str, params: dict[str, Any], *, parts: int) -> Row:
        return engine_phase1(self.store, name, params, parts=parts)

    def _phase1_vector(self, params: dict[str, Any]) -> Row | None:
        return vector_phase1(
            self.store,
            params,
            label=self.embedder.space_label,
            candidates=self.vector_candidates,
            oversample=self.vector_oversample,
            max_fetch=self.vector_max_fetch,
        )

    def cache_status(self) -> dict[str, Any]:
        """The feature cache at a glance (``/healthz``)."""
        return self.cached.status() if self.cached is not None else {"enabled": False}

    def close(self, timeout_s: float = 30.0) -> None:
        """Stop filling the feature cache (before the store closes)."""
        if self.cached is not None:
            self.cached.close(timeout_s)

    # -- observability ---------------------------------------------------------------------------
    def _log(
        self, principal: Principal, request: RetrieveRequest, result: RetrieveResult, now: str
    ) -> None:
        self.logs.submit(
            retrieval_log(principal, request, result, now, self.embedder.embedding_version)
        )

"""Retrieval: hard filters first, then candidates, then a score with its breakdown.

The seed's order is fixed. The hard filters (tenant from the key, subject scope, types, status,
valid/known time, expiry, purpose limitation, HIGH sensitivity only for an allowed purpose) sit in
the very queries that produce candidates, so a filtered-out memory is never a candidate. Candidates
come from three places — exact cosine over the filtered scope, exact predicate/entity matches,
and memories holding the query's words — and are ranked by

    score = α·semantic + λ·lexical + β·entity + γ·recency + δ·importance + ε·authority
            + ζ·outcome − η·conflict − θ·staleness

with versioned weights; every result carries its breakdown. Procedures are further limited to
the latest APPROVED version whose preconditions and required capabilities the state satisfies.
"""

from __future__ import annotations

import json
import math
import re
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate
from typing import Any

from pydantic import Field

from graphmem.auth.principal import Principal
from graphmem.clock import Clock, system_clock
from graphmem.crypto import PREFIX as SEALED_PREFIX
from graphmem.crypto import ContentCipher, is_sealed
from graphmem.embeddings.base import Embedder
from graphmem.errors import FieldIssue, ValidationError
from graphmem.ids import new_id
from graphmem.models.base import Record
from graphmem.models.enums import Authority, MemoryType
from graphmem.models.types import Key, SubjectRef, sha256_hash
from graphmem.read.bounded import BoundedDict
from graphmem.read.cached_scopes import CachedScopes
from graphmem.read.log_sink import LogSink, SyncLogSink
from graphmem.read.scope_cache import FeatureCache
from graphmem.read.timetravel import scope_subject
from graphmem.store.base import GraphStore, Row
from graphmem.timeutil import normalize, parse_iso

RETRIEVER_VERSION = "graphmem-ranker-2"
READ_POLICY_VERSION = "memory-read-1"

_WORD = re.compile(r"[\w가-힣]+", re.UNICODE)
_STOP = frozenset(
    (
        "the",
        "a",
        "an",
        "and",
        "or",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "with",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "did",
        "do",
        "does",
        "what",
        "when",
        "where",
        "who",
        "whom",
        "which",
        "how",
        "why",
        "that",
        "this",
        "those",
        "these",
        "it",
        "its",
        "as",
        "by",
        "from",
        "about",
        "into",
        "than",
        "then",
        "there",
        "their",
        "they",
        "them",
        "he",
        "she",
        "his",
        "her",
        "i",
        "you",
        "me",
        "my",
        "your",
        "we",
        "our",
        "us",
        "can",
        "could",
        "would",
        "should",
        "will",
        "shall",
        "may",
        "might",
        "has",
        "have",
        "had",
        "not",
        "no",
        "yes",
        "any",
        "some",
        "all",
    )
)


class RetrieveRequest(Record):
    """``POST /v1/retrieve``."""

    query: str = Field(min_length=1, max_length=4000)
    subject_id: SubjectRef | None = None
    purpose: Key | None = None
    types: list[MemoryType] | None = None
    k: int = Field(10, ge=1, le=100)
    valid_at: str | None = None
    known_at: str | None = None
    #: run state: ``capabilities`` (list), ``facts`` / ``preconditions`` (list of satisfied
    #: precondition keys), ``environment`` (map), ``tool_version``, ``failure_code``, ``goal``
    state: dict[str, Any] | None = None
    include_excluded: bool = True


@dataclass(frozen=True)
class Weights:
    semantic: float = 1.0
    #: BM25 over the candidate pool, divided by the pool's best: a memory holding every rare
    #: query word counts as much as a perfect cosine
    lexical: float = 1.0
    entity: float = 0.3
    recency: float = 0.05
    importance: float = 0.05
    authority: float = 0.1
    outcome: float = 0.05
    conflict: float = 0.2
    staleness: float = 0.3
    recency_half_life_days: float = 180.0


@dataclass
class Scored:
    row: Row
    score: float
    breakdown: dict[str, float]

    @property
    def memory_id(self) -> str:
        return str(self.row["memory_id"])


@dataclass
class RetrieveResult:
    query_id: str
    results: list[Scored]
    excluded: list[dict[str, str]]
    #: the memories ranked by the full score (phase 2)
    candidate_ids: list[str] = field(default_factory=list)
    #: how many memories phase 1 scored by semantic + lexical relevance
    candidate_count: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "query_id": self.query_id,
            "results": [
                {
                    "memory": public_row(s.row),
                    "score": round(s.score, 6),
                    "breakdown": {k: round(v, 6) for k, v in s.breakdown.items()},
                }
                for s in self.results
            ],
            "excluded": self.excluded,
            "retriever_version": RETRIEVER_VERSION,
            "policy_version": READ_POLICY_VERSION,
        }


_SCORING_ONLY = frozenset(("semantic", "lexical"))


def public_row(row: Row) -> dict[str, Any]:
    out = {k: v for k, v in row.items() if v is not None and k not in _SCORING_ONLY}
    if "environment_json" in out:
        out["environment"] = json.loads(out.pop("environment_json"))
    return out


def terms(text: str) -> list[str]:
    words = [w.lower() for w in _WORD.findall(text)]
    # a Korean syllable carries about as much as three Latin letters
    return list(
        dict.fromkeys(
            w
            for w in words
            if (len(w) >= 3 or (len(w) >= 2 and not w.isascii())) and w not in _STOP
        )
    )


def lexical_tokens(text: str) -> list[str]:
    """Tokens for the lexical score, repeats kept: lower-cased words without stop words, with
    a light English suffix fold (``painted``/``painting``/``paints`` → ``paint``) on ASCII
    words; other scripts are kept as they are."""
    return [t for w in _WORD.findall(text.lower()) if (t := _word_token(w)) is not None]


@lru_cache(maxsize=100_000)
def _word_token(w: str) -> str | None:
    """One lower-case word's token, or None for a stop word or a too-short one (a vocabulary
    is small: cached)."""
    if w in _STOP or (len(w) < 2 if not w.isascii() else len(w) < 3 and not w.isdigit()):
        return None
    return _fold(w) if w.isascii() and w.isalpha() else w


def _fold(w: str) -> str:
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    for suffix in ("ing", "ed"):
        if len(w) > len(suffix) + 3 and w.endswith(suffix):
            w = w[: -len(suffix)]
            return w[:-1] if len(w) > 3 and w[-1] == w[-2] else w
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


def bm25_text_scores(
    query: Sequence[str], texts: Sequence[str], *, k1: float = 1.2, b: float = 0.75
) -> list[float]:
    """BM25 of raw texts for the query tokens, without tokenising every text: ``str.find``
    locates the words that start with a query token's stem, and only those are folded and compared
    (phase 1 hands back up to a thousand texts per call, mostly never seen before). Document
    length is the text's word count, stop words included — only its ratio to the average
    matters, and both are counted the same way."""
    qset = set(query)
    if not texts or not qset:
        return [0.0] * len(texts)
    tfs, lengths, words = query_term_frequencies(qset, texts)
    out = [0.0] * len(texts)
    for i, score in _bm25(qset, tfs, lengths, len(texts), words, k1, b).items():
        out[i] = score
    return out


def query_term_frequencies(
    qset: set[str], texts: Sequence[str]
) -> tuple[dict[int, dict[str, int]], dict[int, int], int]:
    """For the texts holding a query token: how often each occurs (as :func:`lexical_tokens`
    counts it) and the text's word count, by index; and the word count of all texts. A scope
    of a thousand texts mostly holds none, so nothing is computed per text in Python."""
    joined = "\n".join(texts)
    lowered = joined.lower()  # one search over all texts: per-match, not per-text, Python work
    if len(lowered) == len(joined):
        lows: Sequence[str] = texts
    else:  # some character lower-cases to two (İ): offsets must come from the lowered texts
        lows = [t.lower() for t in texts]
        lowered = "\n".join(lows)
    starts = list(accumulate((len(t) + 1 for t in lows[:-1]), initial=0))
    tfs: dict[int, dict[str, int]] = {}
    seen: set[int] = set()  # a word found under two stems (one a prefix of the other) counts once
    end_of_text = len(lowered)
    for stem in _stems(frozenset(qset)):
        at = lowered.find(stem)
        while at != -1:
            if (at == 0 or not _is_word_char(lowered[at - 1])) and at not in seen:
                seen.add(at)
                end = at + len(stem)
                if end == end_of_text or not _is_word_char(lowered[end]):
                    token = _word_token(stem)
                else:
                    word = _WORD.match(lowered, at)
                    token = _word_token(word.group(0)) if word else None
                if token in qset:
                    tf = tfs.setdefault(bisect_right(starts, at) - 1, {})
                    tf[token] = tf.get(token, 0) + 1
            at = lowered.find(stem, at + 1)
    lengths = {i: texts[i].count(" ") + 1 for i in tfs}
    return tfs, lengths, lowered.count(" ") + len(texts)


@lru_cache(maxsize=4096)
def _stems(tokens: frozenset[str]) -> tuple[str, ...]:
    """Every word that folds to a token starts with the token, or with the token less its
    final ``y`` (``parties`` → ``party``): these prefixes are searched with ``str.find``."""
    return tuple(sorted({t[:-1] if len(t) > 1 and t.endswith("y") else t for t in tokens}))


def _is_word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def _bm25(
    qset: set[str],
    tfs: Mapping[int, Mapping[str, int]],
    lengths: Mapping[int, int],
    n: int,
    words: int,
    k1: float,
    b: float,
) -> dict[int, float]:
    """Okapi BM25 of the texts holding a query token (the others score 0), over ``n`` texts
    of ``words`` words in all."""
    if not n or not qset:
        return {}
    avgdl = words / n or 1.0
    df: dict[str, int] = dict.fromkeys(qset, 0)
    for tf in tfs.values():
        for t in tf:
            df[t] += 1
    idf = {t: math.log(1.0 + (n - c + 0.5) / (c + 0.5)) for t, c in df.items()}
    out = {}
    for i, tf in tfs.items():
        norm = k1 * (1.0 - b + b * lengths[i] / avgdl)
        out[i] = sum(idf[t] * f * (k1 + 1.0) / (f + norm) for t, f in tf.items())
    return out


def read_policy(
    tenant_id: str,
    *,
    now: str,
    embedding_version: str,
    types: list[str] | None = None,
    valid_at: str | None = None,
    known_at: str | None = None,
    purpose: str | None = None,
) -> dict[str, Any]:
    """The hard filters' parameters (``retrieval/_hard_filters``), without the subject: a
    query over a whole tenant takes no ``$subject_id``."""
    return {
        "tenant_id": tenant_id,
        "types": types,
        "valid_at": valid_at,
        "known_at": known_at,
        "now": now,
        "purpose": purpose,
        "embedding_version": embedding_version,
    }


def case_forms(term: str) -> list[str]:
    """A lower-case query word as stored text may spell it (FalkorDB compares case-sensitively
    and ``toLower()`` on every text is slow): word, Word, WORD."""
    return [term, term.capitalize(), term.upper()]


def scope_params(
    scoped: Mapping[str, Any],
    vector: list[float],
    query_terms: Sequence[str],
    *,
    limit: int,
    exact_limit: int,
) -> dict[str, Any]:
    """Phase 1's parameters (``retrieval/scope[_subject]``): the policy (with the subject for
    the ``_subject`` variant), the query, and one part of one."""
    return {
        **scoped,
        "vector": vector,
        "terms": list(query_terms),
        "object_forms": [f for t in query_terms[:32] for f in case_forms(t)],
        "sealed_prefix": SEALED_PREFIX,
        "limit": limit,
        "exact_limit": exact_limit,
        "parts": 1,
        "part": 0,
    }


def merge_scope_parts(parts: Sequence[Row], *, limit: int, exact_limit: int) -> Row:
    """Phase 1's answer for a whole scope from its disjoint parts: the ``limit`` most similar
    and up to ``exact_limit`` exact matches beyond them — the rows one query over the whole
    scope keeps (each part kept its own ``limit`` most similar and the exact matches beyond
    them, a superset of its share of those)."""
    ids = [x for p in parts for x in p["ids"]]
    semantic = [x for p in parts for x in p["semantic"]]
    texts = [x for p in parts for x in p["texts"]]
    exact = {x for p in parts for x in p["exact_ids"]}
    order = sorted(
        range(len(ids)),
        key=lambda i: -2.0 if semantic[i] is None else semantic[i],
        reverse=True,
    )
    keep = order[:limit] + [i for i in order[limit:] if ids[i] in exact][:exact_limit]
    kept = [ids[i] for i in keep]
    kept_set = set(kept)
    return {
        "ids": kept,
        "semantic": [semantic[i] for i in keep],
        "texts": [texts[i] for i in keep],
        "exact_ids": [x for x in kept if x in exact],
        "sealed": [pair for p in parts for pair in p["sealed"] if pair[0] in kept_set],
        "scope_size": sum(int(p["scope_size"]) for p in parts),
    }


def _time(value: str | None, name: str) -> str | None:
    if value is None:
        return None
    try:
        return normalize(value)
    except ValueError as exc:
        raise ValidationError([FieldIssue(name, "timestamp_format", str(exc))]) from None


#: runs reads beside phase 1 — the excluded-memories report, the lexical candidates, the other
#: parts of a split phase 1 (shared by every retriever of the process; a task only reads, so a
#: busy pool merely queues)
_SIDE_QUERIES = ThreadPoolExecutor(max_workers=8, thread_name_prefix="graphmem-side-query")


class Retriever:
    """Two phases, so only a few rows per call leave the engine whole.

    1. ``retrieval/scope`` (or ``scope_subject``): the hard filters, then exact cosine over
       the whole filtered scope; it hands back ids, cosine and text of the ``scope_pool`` most
       similar memories plus the exact predicate/object matches beyond them. When the scope
       is larger than that, ``retrieval/lexical`` adds the memories holding query words (the
       full-text index on Neo4j; a scan of the filtered scope on FalkorDB). Every row
       gets semantic + lexical (BM25 over these rows, which are the whole scope when it fits).
    2. ``retrieval/hydrate``: the full rows of the ``pool`` best by semantic + lexical and of
       every exact match, with conflict and staleness facts, the filters applied again. The
       full score (entity, recency, importance, authority, outcome, penalties) ranks these.

    With a ``features`` cache (read/scope_cache) and a scope it holds, phase 1 is
    ``retrieval/scope_ids``: the engine applies the hard filters and hands back ids, and the
    same ranking runs here in numpy; a scope it does not hold yet takes the engine path and is
    filled in the background. A scope known to fit phase 1 but not small runs the engine's
    phase 1 in disjoint parts side by side. The excluded-memories report runs beside phase 1 on
    a second connection (after it, beside phase 2, when phase 1 runs in parts). The
    RetrievalLog goes to ``logs``.
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
        #: phase 1 from the features this process keeps (None: always ranked in the engine)
        self.cached = (
            CachedScopes(store, features, sync_fill=sync_fill) if features is not None else None
        )

    @property
    def features(self) -> FeatureCache | None:
        return self.cached.features if self.cached is not None else None

    def retrieve(
        self, principal: Principal, request: RetrieveRequest, *, log: bool = True
    ) -> RetrieveResult:
        now = self.clock()
        subject = scope_subject(principal, request.subject_id)
        policy = read_policy(
            principal.tenant_id,
            now=now,
            embedding_version=self.embedder.embedding_version,
            types=[str(t) for t in request.types] if request.types else None,
            valid_at=_time(request.valid_at, "valid_at"),
            known_at=_time(request.known_at, "known_at"),
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

        def excluded_report() -> Future[list[Row]] | None:
            if not request.include_excluded:
                return None
            return _SIDE_QUERIES.submit(
                self.store.read, f"retrieval/excluded{suffix}", {**scoped, "limit": 50}
            )

        # beside phase 1, or after it when phase 1 runs in parts (one engine thread each)
        excluded_rows = excluded_report() if parts == 1 else None
        vector = self.embedder.encode_one(request.query).tolist()
        query_terms = terms(request.query)
        lexical_params = {
            **any_subject,
            "vector": vector,
            "term_forms": [case_forms(t) for t in query_terms[:32]],
            "limit": pool,
        }
        cached = self.cached
        from_cache = cached is not None and cached.holds(scope_key, last_size)
        # a scope that overflowed phase 1 last time most likely will again: ask for its lexical
        # candidates beside phase 1 instead of after it (from the feature cache: with phase 1)
        lexical_rows: Future[list[Row]] | list[Row] | None = None
        if query_terms and last_size > limit and not from_cache:
            lexical_rows = _SIDE_QUERIES.submit(
                self.store.read, "retrieval/lexical", lexical_params
            )
        params = scope_params(scoped, vector, query_terms, limit=limit, exact_limit=pool)
        phase1 = None
        if cached is not None and from_cache:
            phase1 = cached.phase1(
                scope_key,
                scoped,
                params,
                term_forms=lexical_params["term_forms"],
                lexical_limit=pool,
            )
            lexical_rows = phase1.get("lexical") if phase1 is not None else None
        if phase1 is None:
            phase1 = self._phase1(f"retrieval/scope{suffix}", params, parts=parts)
            if cached is not None:
                cached.fill_later(scope_key, scoped, phase1["scope_size"])
        self._scope_sizes[scope_key] = phase1["scope_size"]
        if excluded_rows is None and parts > 1:
            excluded_rows = excluded_report()
        # phase 1's parallel lists stay lists: only the kept rows become dicts
        ids: list[str] = phase1["ids"]
        semantic: list[float | None] = phase1["semantic"]
        texts: list[str | None] = phase1["texts"]
        sealed_for: dict[str, str | None] = dict(phase1["sealed"])
        exact_ids = set(phase1["exact_ids"])
        overflowed = phase1["scope_size"] > len(ids)
        if lexical_rows is None and overflowed and query_terms:
            lexical_rows = self.store.read("retrieval/lexical", lexical_params)
        if isinstance(lexical_rows, Future):
            lexical_rows = lexical_rows.result()
        if lexical_rows:
            known = set(ids)
            for row in lexical_rows:
                if row["memory_id"] not in known:
                    known.add(row["memory_id"])
                    ids.append(row["memory_id"])
                    semantic.append(row["semantic"])
                    texts.append(row["text"])
                    if is_sealed(row["text"]):
                        sealed_for[row["memory_id"]] = row["subject_id"]
        if self.cipher is not None and sealed_for:  # HIGH-sensitivity content is sealed at rest
            at = {memory_id: i for i, memory_id in enumerate(ids)}
            for memory_id, subject_id in sealed_for.items():
                i = at[memory_id]
                texts[i] = self.cipher.open_fields(
                    {
                        "tenant_id": principal.tenant_id,
                        "memory_id": memory_id,
                        "subject_id": subject_id,
                        "text": texts[i],
                    }
                )["text"]
        lex = bm25_text_scores(lexical_tokens(request.query), [t or "" for t in texts])
        max_lex = max(lex, default=0.0) or 1.0
        w = self.weights
        lexical = [x / max_lex for x in lex]
        relevance = [
            w.semantic * float(sem or 0.0) + w.lexical * x
            for sem, x in zip(semantic, lexical, strict=True)
        ]
        # equal relevance is ranked by id: one order however the scope was read (in parts, from
        # the cache, or in an engine whose scan order differs)
        order = sorted(range(len(ids)), key=lambda i: (relevance[i], ids[i]), reverse=True)
        keep = order[:pool] + [i for i in order[pool:] if ids[i] in exact_ids][:pool]
        by_id = {ids[i]: {"semantic": semantic[i], "lexical": lexical[i]} for i in keep}
        candidates = self.store.read("retrieval/hydrate", {**any_subject, "ids": list(by_id)})
        for c in candidates:
            c["semantic"] = by_id[c["memory_id"]]["semantic"]
            c["lexical"] = by_id[c["memory_id"]]["lexical"]
        if self.cipher is not None:
            candidates = [
                self.cipher.open_fields({**r, "tenant_id": principal.tenant_id}) for r in candidates
            ]
        kept, proc_excluded = _procedure_filter(candidates, request.state or {})
        scored = self._score(kept, query_terms, request.state or {}, now)
        scored.sort(key=lambda s: s.score, reverse=True)
        excluded = proc_excluded + (excluded_rows.result() if excluded_rows else [])
        result = RetrieveResult(
            query_id=new_id("mq"),
            results=scored[: request.k],
            excluded=excluded,
            candidate_ids=[r["memory_id"] for r in candidates],
            candidate_count=len(ids),
        )
        if log:
            self._log(principal, request, result, now)
        return result

    def _phase1(self, name: str, params: dict[str, Any], *, parts: int) -> Row:
        if parts == 1:
            [row] = self.store.read(name, params)
            return row
        others = [
            _SIDE_QUERIES.submit(self.store.read, name, {**params, "parts": parts, "part": p})
            for p in range(1, parts)
        ]
        first = self.store.read(name, {**params, "parts": parts, "part": 0})
        return merge_scope_parts(
            first + [row for f in others for row in f.result()],
            limit=params["limit"],
            exact_limit=params["exact_limit"],
        )

    def cache_status(self) -> dict[str, Any]:
        """The feature cache at a glance (``/healthz``)."""
        return self.cached.status() if self.cached is not None else {"enabled": False}

    def close(self, timeout_s: float = 30.0) -> None:
        """Stop filling the feature cache (before the store closes)."""
        if self.cached is not None:
            self.cached.close(timeout_s)

    # -- scoring -------------------------------------------------------------------------------
    def _score(
        self, rows: Sequence[Row], query_terms: list[str], state: Mapping[str, Any], now: str
    ) -> list[Scored]:
        """Semantic and lexical relevance (from phase 1) fused by weight with the rest. The
        lexical part is Okapi BM25 over phase 1's rows, divided by their best: a lexical query's
        own score only nominates candidates (a full-text index's length normalisation lets a
        short memory holding one common word outrank the one that holds the rare words)."""
        w = self.weights
        now_dt = parse_iso(now)
        qset = set(query_terms)
        out = []
        for r in rows:
            parts = {
                "semantic": w.semantic * float(r.get("semantic") or 0.0),
                "lexical": w.lexical * float(r.get("lexical") or 0.0),
                "entity": w.entity * _entity_match(r, qset, state),
                "recency": w.recency * _recency(r, now_dt, w.recency_half_life_days),
                "importance": w.importance * float(r.get("importance") or 0.5),
                "authority": w.authority * _authority(r.get("authority")),
                "outcome": w.outcome * _outcome(r),
                "conflict": -w.conflict * (1.0 if r.get("open_conflicts") else 0.0),
                "staleness": -w.staleness * (1.0 if r.get("stale_sources") else 0.0),
            }
            out.append(Scored(r, sum(parts.values()), parts))
        return out

    # -- observability ---------------------------------------------------------------------------
    def _log(
        self, principal: Principal, request: RetrieveRequest, result: RetrieveResult, now: str
    ) -> None:
        self.logs.submit(
            {
                "query_id": result.query_id,
                "tenant_id": principal.tenant_id,
                "actor": principal.principal_id,
                "subject_id": request.subject_id or principal.subject_id,
                "purpose": request.purpose,
                "kind": "retrieve",
                "query_hash": sha256_hash(request.query),
                "candidate_ids": result.candidate_ids,
                "candidate_count": result.candidate_count,
                "selected_ids": [s.memory_id for s in result.results],
                "filter_reasons_json": json.dumps(
                    {e["memory_id"]: e["reason"] for e in result.excluded}, sort_keys=True
                ),
                "scores_json": json.dumps(
                    {s.memory_id: round(s.score, 6) for s in result.results}, sort_keys=True
                ),
                "k": request.k,
                "retriever_version": RETRIEVER_VERSION,
                "policy_version": READ_POLICY_VERSION,
                "embedding_version": self.embedder.embedding_version,
                "valid_at": request.valid_at,
                "known_at": request.known_at,
                "recorded_at": now,
            }
        )


def _entity_match(row: Row, qset: set[str], state: Mapping[str, Any]) -> float:
    """Exact matches count more than similarity: predicate tokens, object, and for episodes the
    state's environment, tool version and failure code."""
    score = 0.0
    predicate = str(row.get("predicate") or "")
    if predicate:
        tokens = [t for t in predicate.split("_") if len(t) >= 3]
        if tokens:
            score += sum(t in qset for t in tokens) / len(tokens)
    obj = row.get("object")
    if obj is not None and str(obj).lower() in qset:
        score += 0.5
    if row.get("type") == MemoryType.EPISODIC:
        env = json.loads(row.get("environment_json") or "{}")
        want = state.get("environment") or {}
        if want:
            score += sum(1 for k, v in want.items() if env.get(k) == v) / len(want)
        for key in ("tool_version", "failure_code"):
            if state.get(key) and state.get(key) == row.get(key):
                score += 0.5
    return min(score, 2.0)


def _recency(row: Row, now: Any, half_life_days: float) -> float:
    stamp = row.get("valid_from") or row.get("recorded_at")
    if not stamp:
        return 0.0
    age = max((now - parse_iso(stamp)).total_seconds() / 86400.0, 0.0)
    return math.exp(-math.log(2) * age / half_life_days)


_AUTH_MAX = max(a.rank for a in Authority)


def _authority(value: Any) -> float:
    try:
        return Authority(value).rank / _AUTH_MAX
    except ValueError:
        return 0.0


def _outcome(row: Row) -> float:
    """Failures are kept (they warn), but successes rank a little higher."""
    return {"SUCCESS": 1.0, "PARTIAL": 0.6, "FAILURE": 0.4}.get(str(row.get("outcome")), 0.5)


def _procedure_filter(
    rows: list[Row], state: Mapping[str, Any]
) -> tuple[list[Row], list[dict[str, str]]]:
    """Procedures: only the latest APPROVED version whose preconditions and capabilities the
    state satisfies. Everything else passes through."""
    have_caps = set(state.get("capabilities") or [])
    have_facts = set(state.get("facts") or state.get("preconditions") or [])
    latest: dict[str, Row] = {}
    kept: list[Row] = []
    excluded: list[dict[str, str]] = []
    for r in rows:
        if r.get("type") != MemoryType.PROCEDURAL:
            kept.append(r)
            continue
        if r.get("lifecycle") != "APPROVED":
            excluded.append({"memory_id": r["memory_id"], "reason": "NOT_APPROVED"})
            continue
        key = str(r.get("procedure_key"))
        if key not in latest or str(r.get("version_sort")) > str(latest[key].get("version_sort")):
            if key in latest:
                excluded.append(
                    {"memory_id": latest[key]["memory_id"], "reason": "NOT_LATEST_VERSION"}
                )
            latest[key] = r
        else:
            excluded.append({"memory_id": r["memory_id"], "reason": "NOT_LATEST_VERSION"})
    for r in latest.values():
        if not set(r.get("required_capabilities") or []) <= have_caps:
            excluded.append({"memory_id": r["memory_id"], "reason": "CAPABILITY_MISSING"})
        elif not set(r.get("preconditions") or []) <= have_facts:
            excluded.append({"memory_id": r["memory_id"], "reason": "PRECONDITION_UNMET"})
        else:
            kept.append(r)
    return kept, excluded

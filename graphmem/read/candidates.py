"""Candidates: merging phase 1's answers, adding lexical rows, choosing what phase 2 hydrates.

Phase 1 (``retrieval/scope[_subject]``, or the feature cache) hands back parallel lists — ids,
cosines, texts — of the filtered scope's most similar memories and its exact matches; a scope
larger than that adds the memories holding the query's words (``retrieval/lexical``). Every row
gets semantic + lexical relevance, and the ``pool`` best plus every exact match are hydrated.
The lists stay lists until then: only the kept rows become dicts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from graphmem.crypto import ContentCipher, is_sealed
from graphmem.read.expansion import expansion
from graphmem.read.lexical import (
    cross_script_share,
    gated_coverage,
    lexical_coverage,
    lexical_tokens,
)
from graphmem.read.ranking import Weights, question_share, relevance
from graphmem.read.scope_texts import ScopeView
from graphmem.store.base import Row


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


#: runs reads beside phase 1 — the excluded-memories report, the lexical candidates, the other
#: parts of a split phase 1 (shared by every retriever of the process; a task only reads, so a
#: busy pool merely queues)
SIDE_QUERIES = ThreadPoolExecutor(max_workers=8, thread_name_prefix="graphmem-side-query")


@dataclass
class Pool:
    """Phase 1's rows as parallel lists, with what the rest of the call needs of them."""

    ids: list[str]
    semantic: list[float | None]
    texts: list[str | None]
    exact_ids: set[str]
    #: memory id -> subject, for texts sealed at rest (opened before lexical scoring)
    sealed_for: dict[str, str | None] = field(default_factory=dict)
    scope_size: int = 0
    #: each text's question share where the feature cache holds it (None: computed here)
    questions: list[float | None] = field(default_factory=list)
    #: text -> question share, of every text :meth:`select` ranked (the full score reuses them)
    asks: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.questions) != len(self.ids):  # none known (or not for every row)
            self.questions = [None] * len(self.ids)

    @classmethod
    def of(cls, phase1: Row) -> Pool:
        ids = phase1["ids"]
        questions = phase1.get("questions")
        return cls(
            ids=ids,
            semantic=phase1["semantic"],
            texts=phase1["texts"],
            exact_ids=set(phase1["exact_ids"]),
            sealed_for=dict(phase1["sealed"]),
            scope_size=int(phase1["scope_size"]),
            questions=list(questions) if questions is not None else [None] * len(ids),
        )

    @property
    def overflowed(self) -> bool:
        """More memories passed the filters than phase 1 handed back."""
        return self.scope_size > len(self.ids)

    def add_lexical(self, rows: Sequence[Row]) -> None:
        """Append ``retrieval/lexical`` rows not already in the pool."""
        known = set(self.ids)
        for row in rows:
            if row["memory_id"] not in known:
                known.add(row["memory_id"])
                self.ids.append(row["memory_id"])
                self.semantic.append(row["semantic"])
                self.texts.append(row["text"])
                self.questions.append(row.get("question"))
                if is_sealed(row["text"]):
                    self.sealed_for[row["memory_id"]] = row["subject_id"]

    def open_sealed(self, cipher: ContentCipher, tenant_id: str) -> None:
        """Open the texts sealed at rest (crypto-shredding) before lexical scoring; their
        question shares are then the opened texts'."""
        at = {memory_id: i for i, memory_id in enumerate(self.ids)}
        for memory_id, subject_id in self.sealed_for.items():
            i = at[memory_id]
            self.questions[i] = None
            self.texts[i] = cipher.open_fields(
                {
                    "tenant_id": tenant_id,
                    "memory_id": memory_id,
                    "subject_id": subject_id,
                    "text": self.texts[i],
                }
            )["text"]

    def select(
        self,
        query: str,
        weights: Weights,
        pool: int,
        *,
        scope: Callable[[list[str], list[str]], ScopeView] | None = None,
    ) -> dict[str, dict[str, float]]:
        """The ``pool`` most relevant by semantic + lexical (the BM25 coverage of the query
        over the pool's texts, gated in a pool of mixed scripts: :mod:`.ranking`) + expansion
        (:mod:`.expansion`), and up to ``pool`` exact
        matches beyond them, with the parts of their relevance, in order."""
        texts = [t or "" for t in self.texts]
        n = len(texts)
        shrink = n / (n + weights.lexical_pool_prior) if n else 0.0
        tokens = lexical_tokens(query)
        # a whole scope of plain texts (the same set of texts whatever the query): its
        # searches from ``scope`` (kept by the feature cache, read/scope_texts) when given
        known = (
            scope(self.ids, texts)
            if scope is not None and not self.overflowed and not self.sealed_for
            else None
        )
        floor = weights.lexical_floor * cross_script_share(tokens, texts)
        lexical = [
            gated_coverage(x * shrink, floor)
            for x in lexical_coverage(
                tokens,
                texts,
                max_df=weights.lexical_max_df,
                frequencies=known.term_frequencies if known is not None else None,
            )
        ]
        own = relevance(weights, self.semantic, lexical)
        held = known.parts() if known is not None else None
        expanded = expansion(
            texts, own, top=weights.expansion_top, weight=weights.expansion, parts=held
        )
        asks = [
            question_share(t) if q is None else q
            for q, t in zip(self.questions, texts, strict=True)
        ]
        self.asks = dict(zip(texts, asks, strict=True))
        total = [
            a + b - weights.interrogative * q for a, b, q in zip(own, expanded, asks, strict=True)
        ]
        # equal relevance is ranked by id: one order however the scope was read (in parts, from
        # the cache, or in an engine whose scan order differs)
        order = sorted(range(len(self.ids)), key=lambda i: (total[i], self.ids[i]), reverse=True)
        keep = order[:pool] + [i for i in order[pool:] if self.ids[i] in self.exact_ids][:pool]
        return {
            self.ids[i]: {
                "semantic": float(self.semantic[i] or 0.0),
                "lexical": lexical[i],
                "expansion": expanded[i],
            }
            for i in keep
        }

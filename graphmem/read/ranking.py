"""The full score of a hydrated candidate, with its breakdown (the seed's formula):

    score = α·semantic + λ·lexical + μ·expansion + β·entity + γ·recency + δ·importance
            + ε·authority + ζ·outcome − η·conflict − θ·staleness − κ·question − ι·redundant

Weights are versioned with the retriever (``RETRIEVER_VERSION``); every result carries the
breakdown. Exact entity/predicate matches count more than similarity, episodes also match the
run's environment, tool version and failure code, and failures are kept (they warn) but rank a
little below successes.

**Fusion.** ``semantic`` is the cosine; ``lexical`` is the BM25 *coverage* of the query
(:func:`graphmem.read.lexical.lexical_coverage`: the text's BM25 over the query's ideal ``Σ
idf``, so 1.0 means "holds every query word", one shared word of five ~0.2). Both are on the
scale of the query, not of the pool: dividing BM25 by the pool's best made a single shared word
("고객", "console") worth a full 1.0 beside cosines of 0.1–0.35 whenever nothing held more, and
the lexical side then overrode the embedder on exactly the queries (Korean → English) where only
the embedder can know. In a pool that mixes scripts the words cannot be fair: a Korean query's
words can only match Korean memories, so even a weak match (one common word, "좋아") lifts a
Korean memory over the English one the embedder prefers, and nothing can lift the English one
back (ranker 3 put Korean → English queries at 0.816 MRR@5, cosine alone 0.842). So where a
share s of the pool's texts has no word in the query's scripts, coverage up to ``τ·s`` counts
nothing (``lexical_floor`` τ; the rest rescaled, a full match still 1.0); in a one-script pool
(LoCoMo) s = 0 and the lexical side is as before — there a one-word match is evidence (a floor
applied everywhere cost 0.012–0.015 recall on LoCoMo's tuning half). The weights (``lexical``
1.0 here) were chosen on the tuning half of the LoCoMo dev split and τ on the fitting half (sets
A and B) of a hand-written Korean/English set (``bench/ranking_quality.py``; LoCoMo's check half
and the Korean/English held-out set C are measured, not fitted).

**Entity·predicate match.** Predicate words and query words are compared folded as the lexical
score folds words ("read" meets ``reading``).

**Speaker key.** A memory also matches the query's entities by *who said it*: the speaker of each
source it cites (``Source.speaker``, the subject the recording key is bound to; phase 2 reads
them with the memory's fixed columns, :mod:`graphmem.read.hydrate`). A speaker is named when a
word of its reference's name part (``user:alice`` → alice) is a query word; the entity part gains
``speaker ×`` the share of the cited sources whose speaker is named. Why: a question about a
person is answered by what that person said, and the person's name is the one query word the
lexical side cannot use — it is in half a conversation's turns, so it is a stop word of the pool
(``lexical_max_df``). On LoCoMo's tuning half 373 of 385 evidence turns of questions naming one
speaker were that speaker's, while 2,309 of the 5,533 single turns in the top 20 results (about
what 800 tokens hold) were the other speaker's, 9 of them evidence. ``speaker`` 3.0 (× β
0.3) was chosen there from 0.5–8 (ranker 6, ``bench/history/2026-12-06-ranking-800.md``); it
ranks within the hydrated pool only, and within one speaker's memories (a user's own claims)
it adds the same to all.

**Expansion.** A memory that one of the most relevant candidates holds whole (a turn inside a
relevant window of turns) gets ``μ ×`` that container's relevance: the same evidence at a
fraction of the tokens (:mod:`graphmem.read.expansion`).

**Question.** A memory whose text ends in a question (a conversation turn that asks, "Have
you done events for any other causes?") shares the query's words and meaning but states
nothing: the evidence is the turn that answers it. It takes ``−κ ×`` the share of its text
that asks (``interrogative``; a window of three turns ending in a question about a third), in
phase 1 too, so it does not hold a place in the hydrated pool that its answer needs; the window
that holds both keeps its relevance, and expansion passes it to the answer. On LoCoMo's tuning
half, 1.6 % of the question-ending turns in an 800-token context were evidence against 7.4 % of
the others; κ 0.7 and μ 1.5 were chosen there (ranker 5, ``bench/history/2026-12-04-ranking.md``).

**Redundancy.** A result whose text another, better-ranked result already holds whole (a turn
inside a derived window of turns) adds no evidence to a context, only tokens: it keeps its
score parts and takes ``−redundant`` (so it still appears, below what it repeats, and the
breakdown says why). A result that holds better-ranked results whole (a window whose turns
already rank above it) adds only its other part, at its whole length: it takes
``−partly_redundant ×`` the share of its text they are.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from graphmem.models.enums import Authority, MemoryType
from graphmem.read.lexical import lexical_tokens
from graphmem.store.base import Row
from graphmem.timeutil import parse_iso


@dataclass(frozen=True)
class Weights:
    semantic: float = 1.0
    #: BM25 coverage of the query (0..1, :func:`graphmem.read.lexical.lexical_coverage`): a
    #: memory holding every query word counts as much as a perfect cosine
    lexical: float = 1.0
    #: the coverage is raised to this power first (2: holding half the query counts a quarter)
    lexical_power: float = 1.0
    #: τ: in a pool where a share s of the texts has no word in the query's scripts, coverage
    #: up to τ·s counts nothing (:func:`graphmem.read.lexical.gated_coverage`)
    lexical_floor: float = 0.3
    #: a query word held by more than this share of the pool is a stop word of the pool
    lexical_max_df: float = 0.2
    #: n₀: the coverage of a pool of n texts is shrunk by n / (n + n₀) — idf estimated from a
    #: few dozen memories cannot tell a common word ("use", "좋아") from a rare one
    lexical_pool_prior: float = 50.0
    entity: float = 0.3
    recency: float = 0.05
    importance: float = 0.05
    authority: float = 0.1
    outcome: float = 0.05
    conflict: float = 0.2
    staleness: float = 0.3
    #: μ: a memory held whole by one of the ``expansion_top`` most relevant candidates gets
    #: μ × that container's relevance (:mod:`graphmem.read.expansion`)
    expansion: float = 1.5
    expansion_top: int = 40
    #: × the share of a memory's cited sources whose speaker the query names, added to the
    #: entity match before β (:func:`speaker_share`; chosen on LoCoMo's tuning half)
    speaker: float = 3.0
    #: subtracted from a result whose text a better-ranked one holds whole
    redundant: float = 1.0
    #: × the share of a result's text that better-ranked results are (a window whose turns
    #: already rank above it), subtracted from it
    partly_redundant: float = 0.5
    #: × the share of a memory's text that asks (:func:`question_share`), subtracted: a
    #: question states nothing, it is what the evidence answers
    interrogative: float = 0.7
    recency_half_life_days: float = 180.0


@dataclass
class Scored:
    row: Row
    score: float
    breakdown: dict[str, float]

    @property
    def memory_id(self) -> str:
        return str(self.row["memory_id"])


def speaker_share(speakers: Sequence[Any] | None, qset: set[str]) -> float:
    """The share of a memory's cited sources whose speaker the query names: a speaker is a
    subject reference (``user:alice``, ``user:team-7.bob``), named when one of the words of its
    name part (after the kind, three letters or more, folded as the lexical score folds words)
    is a query word. Sources with no speaker count as not named."""
    if not speakers or not qset:
        return 0.0
    named = sum(1 for s in speakers if s and _names(str(s)) & qset)
    return named / len(speakers)


@lru_cache(maxsize=4096)
def _names(speaker: str) -> frozenset[str]:
    name = speaker.split(":", 1)[-1]
    words = re.sub(r"[\W_]+", " ", name)
    return frozenset(t for t in lexical_tokens(words) if len(t) >= 3 and t.isalpha())


def _entity_match(row: Row, qset: set[str], state: Mapping[str, Any]) -> float:
    """Exact matches count more than similarity: predicate tokens, object, and for episodes the
    state's environment, tool version and failure code."""
    score = 0.0
    predicate = str(row.get("predicate") or "")
    if predicate:
        # folded as the lexical score folds words (``qset`` holds the folded query words too):
        # "read" meets ``reading``, "prefers" meets ``prefer``
        tokens = [t for t in lexical_tokens(predicate.replace("_", " ")) if len(t) >= 3]
        if tokens:
            score += sum(t in qset for t in tokens) / len(tokens)
    obj = row.get("object")
    if obj is not None and str(obj).lower() in qset:
        score += 0.5
    if row.get("type") == MemoryType.EPISODIC:
        want = state.get("environment") or {}
        if want:
            env = json.loads(row.get("environment_json") or "{}")
            score += sum(1 for k, v in want.items() if env.get(k) == v) / len(want)
        for key in ("tool_version", "failure_code"):
            if state.get(key) and state.get(key) == row.get(key):
                score += 0.5
    return min(score, 2.0)


#: question marks of the scripts graphmem reads: ASCII, full-width, Arabic, Greek question mark
_QUESTION_MARKS = "?\uff1f\u061f\u037e"
#: a sentence: text up to its end marks (and the closing quotes or brackets after them)
_SENTENCE = re.compile(
    "[^.!?\u3002\uff01\uff1f\u061f\u037e]+(?:[.!?\u3002\uff01\uff1f\u061f\u037e]+[\"'\u201d\u2019\u00bb\u300d\u300f)\\]\uff09]*)?"
)


def question_share(text: str) -> float:
    """The share of ``text`` (in characters of its sentences) that asks: sentences ending in a
    question mark. A turn that only asks is 1.0; a window of three turns, one of them a
    question, about a third; a statement followed by "How about you?" a part."""
    if not any(mark in text for mark in _QUESTION_MARKS):
        return 0.0  # most texts ask nothing: no sentence pass for them (phase 1 reads ~1,000)
    asked = total = 0
    for m in _SENTENCE.finditer(text):
        sentence = m.group().strip()
        if not sentence:
            continue
        total += len(sentence)
        if sentence.rstrip("\"'\u201d\u2019\u00bb\u300d\u300f)]\uff09")[-1:] in _QUESTION_MARKS:
            asked += len(sentence)
    return asked / total if total else 0.0


def _asks(text: str, known: Mapping[str, float]) -> float:
    share = known.get(text)
    return question_share(text) if share is None else share


def _recency(row: Row, now: Any, half_life_days: float) -> float:
    stamp = row.get("valid_from") or row.get("recorded_at")
    if not stamp:
        return 0.0
    age = max((now - _instant(stamp)).total_seconds() / 86400.0, 0.0)
    return math.exp(-math.log(2) * age / half_life_days)


@lru_cache(maxsize=8192)
def _instant(stamp: str) -> datetime:
    """A stored timestamp parsed (a retrieval parses one per candidate; the same come back)."""
    return parse_iso(stamp)


_AUTH_MAX = max(a.rank for a in Authority)


def _authority(value: Any) -> float:
    try:
        return _AUTHORITY.get(value) or Authority(value).rank / _AUTH_MAX
    except (ValueError, TypeError):  # (TypeError: an unhashable value is no authority either)
        return 0.0


_AUTHORITY = {a.value: a.rank / _AUTH_MAX for a in Authority}
#: failures are kept (they warn), but successes rank a little higher
_OUTCOMES = {"SUCCESS": 1.0, "PARTIAL": 0.6, "FAILURE": 0.4}


def _outcome(row: Row) -> float:
    """Failures are kept (they warn), but successes rank a little higher."""
    return _OUTCOMES.get(str(row.get("outcome")), 0.5)


def relevance(
    weights: Weights, semantic: Sequence[float | None], lexical: Sequence[float]
) -> list[float]:
    """Phase 1's relevance of each candidate: ``α·cosine + λ·coverage`` (the first two parts
    of the full score, on the same scales)."""
    return [
        weights.semantic * float(sem or 0.0) + lexical_part(weights, lex)
        for sem, lex in zip(semantic, lexical, strict=True)
    ]


def lexical_part(weights: Weights, coverage: float) -> float:
    """``λ · coverage ** power``: the lexical part of relevance and of the breakdown."""
    return weights.lexical * float(coverage**weights.lexical_power)


def score_rows(
    rows: Sequence[Row],
    weights: Weights,
    query_terms: list[str],
    state: Mapping[str, Any],
    now: str,
    *,
    limit: int | None = None,
    asks: Mapping[str, float] | None = None,
) -> list[Scored]:
    """Semantic and lexical relevance (from phase 1) fused by weight with the rest, best
    first. The lexical part is the BM25 coverage of the query over phase 1's rows (a lexical
    query's own score only nominates candidates: a full-text index's length normalisation lets
    a short memory holding one common word outrank the one that holds the rare words). Then a
    result whose text a better one holds whole is marked ``redundant`` and ranked again
    (checked down to the ``limit``-th unmarked result: the caller's ``k``). ``asks``: texts'
    question shares already computed (phase 1's, :class:`graphmem.read.candidates.Pool`)."""
    w = weights
    asks = asks or {}
    now_dt = parse_iso(now)
    qset = set(query_terms) | {f for t in query_terms for f in lexical_tokens(t)}
    out = []
    for r in rows:
        parts = {
            "semantic": w.semantic * float(r.get("semantic") or 0.0),
            "lexical": lexical_part(w, float(r.get("lexical") or 0.0)),
            # phase 1's, already weighted (it needs the whole pool's relevance)
            "expansion": float(r.get("expansion") or 0.0),
            "entity": w.entity
            * (_entity_match(r, qset, state) + w.speaker * speaker_share(r.get("speakers"), qset)),
            "recency": w.recency * _recency(r, now_dt, w.recency_half_life_days),
            "importance": w.importance * float(r.get("importance") or 0.5),
            "authority": w.authority * _authority(r.get("authority")),
            "outcome": w.outcome * _outcome(r),
            "conflict": -w.conflict * (1.0 if r.get("open_conflicts") else 0.0),
            "staleness": -w.staleness * (1.0 if r.get("stale_sources") else 0.0),
            "question": -w.interrogative * _asks(str(r.get("text") or ""), asks),
            "redundant": 0.0,  # set by _mark_redundant once the order is known
        }
        out.append(Scored(r, sum(parts.values()), parts))
    out.sort(key=lambda s: s.score, reverse=True)
    return _mark_redundant(out, w.redundant, limit, partly=w.partly_redundant)


def _mark_redundant(
    ranked: list[Scored], penalty: float, limit: int | None, *, partly: float = 0.0
) -> list[Scored]:
    """Walking best first, each result whose text an earlier unmarked result holds whole
    (compared case-folded, whitespace collapsed) takes ``−penalty`` (part ``redundant``), and
    each result that holds earlier unmarked results whole (a window whose turns are already
    ranked above it) takes ``−partly ×`` the share of its text they are — only its other
    part is new evidence, its whole length costs tokens. Until ``limit`` unmarked ones are
    found (the rest cannot enter the top ``limit``); then best first again."""
    if (penalty == 0 and partly == 0) or len(ranked) < 2:
        return ranked
    kept: list[str] = []
    marked = False
    for s in ranked:
        if limit is not None and len(kept) >= limit:
            break
        text = " ".join(str(s.row.get("text") or "").split()).casefold()
        if penalty and text and any(text in other for other in kept):
            s.breakdown["redundant"] = -penalty
            s.score -= penalty
            marked = True
            continue
        if partly and text:
            held = sum(len(other) for other in kept if other and other in text)
            if held:
                cut = partly * min(held / len(text), 1.0)
                s.breakdown["redundant"] = -cut
                s.score -= cut
                marked = True
        kept.append(text)
    if marked:
        ranked.sort(key=lambda s: s.score, reverse=True)
    return ranked

"""The process's feature cache and the numpy ranking of phase 1 (read/scope_cache)."""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate

import numpy as np
import pytest

from graphmem.read.scope_cache import (
    FeatureCache,
    TextIndex,
    exact_rows,
    rank_scope,
    word_counts,
)

DIM = 8


def row(memory_id: str, vector: list[float] | None, **extra: str | None) -> dict[str, object]:
    return {
        "memory_id": memory_id,
        "embedding": vector,
        "text": extra.get("text", f"text of {memory_id}"),
        "predicate": extra.get("predicate"),
        "object": extra.get("object"),
        "subject_id": extra.get("subject_id", "user:u_1"),
    }


def unit(rng: random.Random) -> list[float]:
    v = [rng.gauss(0.0, 1.0) for _ in range(DIM)]
    return v


def reference(rows, query, terms, forms, limit, exact_limit, prefix):  # type: ignore[no-untyped-def]
    """Phase 1 as retrieval/_scope_rank states it, written plainly."""
    q = np.asarray(query, dtype=np.float64)

    def cos(r):  # type: ignore[no-untyped-def]
        if not r["embedding"]:
            return None
        v = np.asarray(r["embedding"], dtype=np.float64)
        return float(v @ q / (np.linalg.norm(v) * np.linalg.norm(q)))

    def exact(r):  # type: ignore[no-untyped-def]
        p, o = r["predicate"], r["object"]
        return (p is not None and any(t in p for t in terms)) or (o is not None and o in forms)

    scored = [(cos(r), r) for r in rows]
    ordered = sorted((x for x in scored if x[0] is not None), key=lambda x: x[0], reverse=True) + [
        x for x in scored if x[0] is None
    ]
    keep = ordered[:limit] + [x for x in ordered[limit:] if exact(x[1])][:exact_limit]
    return {
        "ids": [r["memory_id"] for _, r in keep],
        "semantic": [s for s, _ in keep],
        "texts": [r["text"] for _, r in keep],
        "exact_ids": [r["memory_id"] for _, r in keep if exact(r)],
        "sealed": [
            [r["memory_id"], r["subject_id"]] for _, r in keep if r["text"].startswith(prefix)
        ],
        "scope_size": len(rows),
    }


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rank_scope_keeps_what_the_engine_query_keeps(seed: int) -> None:
    rng = random.Random(seed)
    predicates = [None, "favorite_drink", "lives_in", "drinks_daily", "Favorite_color"]
    objects = [None, "tea", "Tea", "Seoul", "42", "coffee"]
    rows = [
        row(
            f"m{i:03d}",
            None if i % 29 == 0 else unit(rng),
            predicate=rng.choice(predicates),
            object=rng.choice(objects),
            text=("enc:v1:sealed" if i % 11 == 0 else f"memory {i}"),
            subject_id=f"user:u_{i % 3}",
        )
        for i in range(120)
    ]
    cache = FeatureCache(capacity=1000, dimensions=DIM)
    cache.observe_epoch(0)
    assert cache.put("acme", rows, epoch=0) == 120
    ids = [r["memory_id"] for r in rows]
    query = unit(rng)
    terms, forms = ["drink"], ["tea", "Tea", "TEA", "drink", "Drink", "DRINK"]
    got = rank_scope(
        ids,
        cache.gather("acme", ids),  # type: ignore[arg-type]
        query,
        terms=terms,
        object_forms=forms,
        limit=30,
        exact_limit=7,
        sealed_prefix="enc:v1:",
    )
    want = reference(rows, query, terms, set(forms), 30, 7, "enc:v1:")
    assert got["ids"] == want["ids"]
    for g, w in zip(got["semantic"], want["semantic"], strict=True):
        assert (g is None and w is None) or abs(g - w) < 1e-5
    for key in ("texts", "exact_ids", "sealed", "scope_size"):
        assert got[key] == want[key], key
    assert len(got["ids"]) == 37 and len(got["exact_ids"]) >= 7
    whole = rank_scope(
        ids,
        cache.gather("acme", ids),  # type: ignore[arg-type]
        query,
        terms=terms,
        object_forms=forms,
        limit=1000,
        exact_limit=7,
        sealed_prefix="enc:v1:",
    )
    # a memory without a vector has no similarity and comes last, as a null in ORDER BY DESC
    assert whole["ids"][-5:] == ["m000", "m029", "m058", "m087", "m116"]
    assert whole["semantic"][-5:] == [None] * 5 and None not in whole["semantic"][:-5]


def test_exact_rows_matches_predicate_words_case_sensitively_and_object_forms() -> None:
    predicates = ["favorite_drink", None, "Drink_of_choice", "lives_in", "drink", "x"]
    objects = [None, "Tea", None, "tea", None, "3"]
    assert exact_rows(predicates, objects, ["drink"], {"tea"}) == {0, 3, 4}
    assert exact_rows(predicates, objects, ["drink", "lives"], {"Tea", "3"}) == {0, 1, 3, 4, 5}
    assert exact_rows(predicates, objects, [], set()) == set()
    assert exact_rows([], [], ["drink"], {"tea"}) == set()


def test_gather_is_in_the_order_asked_and_none_when_one_is_missing() -> None:
    cache = FeatureCache(capacity=10, dimensions=DIM)
    cache.observe_epoch(3)
    cache.put("acme", [row("a", [1.0] + [0.0] * 7), row("b", [0.0, 2.0] + [0.0] * 6)], epoch=3)
    g = cache.gather("acme", ["b", "a"])
    assert g is not None
    assert g.texts.tolist() == ["text of b", "text of a"]
    assert np.allclose(g.vectors[0], [0.0, 1.0] + [0.0] * 6)  # stored unit length
    assert cache.gather("acme", ["a", "c"]) is None
    assert cache.gather("globex", ["a"]) is None  # the tenant is part of the key
    assert cache.missing("acme", ["a", "c", "b"]) == ["c"]


def test_each_text_keeps_its_question_share_and_a_sealed_one_none() -> None:
    """What ranking reads of a text and no query changes is computed once, at the fill: the
    question share (read/ranking) of a plain text; a sealed text's is the opened text's, per
    call."""
    from graphmem.crypto import PREFIX
    from graphmem.read.ranking import question_share

    texts = ["I painted a lake.", "Did you go? I did.", "Where was it?", f"{PREFIX}abc", None]
    cache = FeatureCache(capacity=10, dimensions=DIM)
    cache.observe_epoch(0)
    cache.put("acme", [row(f"m{i}", None, text=t) for i, t in enumerate(texts)], epoch=0)
    g = cache.gather("acme", [f"m{i}" for i in range(len(texts))])
    assert g is not None
    want = [question_share(t or "") for t in texts]
    want[3] = None
    assert g.questions.tolist() == want
    assert want[1] and want[2] == 1.0


def test_a_wrong_width_or_missing_embedding_has_no_vector() -> None:
    cache = FeatureCache(capacity=10, dimensions=DIM)
    cache.observe_epoch(0)
    cache.put("acme", [row("a", [1.0, 2.0]), row("b", None), row("c", [0.0] * DIM)], epoch=0)
    g = cache.gather("acme", ["a", "b", "c"])
    assert g is not None and g.has_vector.tolist() == [False, False, False]


def test_a_moved_forget_epoch_empties_the_cache_and_drops_stale_rows() -> None:
    cache = FeatureCache(capacity=10, dimensions=DIM)
    assert cache.observe_epoch(5) is False  # first sight: nothing to drop
    cache.put("acme", [row("a", [1.0] * DIM)], epoch=5)
    assert cache.observe_epoch(5) is False and len(cache) == 1
    assert cache.observe_epoch(6) is True and len(cache) == 0
    # rows read under epoch 5 (before an erasure this process has now seen) are not stored
    assert cache.put("acme", [row("a", [1.0] * DIM)], epoch=5) == 0
    assert len(cache) == 0 and ("acme", "a") not in cache


def test_a_full_cache_forgets_the_least_recently_used() -> None:
    cache = FeatureCache(capacity=32, dimensions=DIM)
    cache.observe_epoch(0)
    cache.put("acme", [row(f"m{i}", [1.0] * DIM) for i in range(32)], epoch=0)
    assert cache.gather("acme", [f"m{i}" for i in range(16, 32)]) is not None  # recently used
    cache.put("acme", [row("new", [1.0] * DIM)], epoch=0)
    assert len(cache) <= 32 and ("acme", "new") in cache
    assert all(("acme", f"m{i}") in cache for i in range(16, 32))
    assert ("acme", "m0") not in cache  # an old one made room
    g = cache.gather("acme", ["new", "m31"])
    assert g is not None and g.texts.tolist() == ["text of new", "text of m31"]


def test_the_cache_grows_past_its_first_allocation_and_keeps_entries() -> None:
    cache = FeatureCache(capacity=5000, dimensions=DIM)
    cache.observe_epoch(0)
    rng = random.Random(7)
    vectors = {f"m{i}": unit(rng) for i in range(3000)}
    cache.put("acme", [row(k, v) for k, v in vectors.items()], epoch=0)
    g = cache.gather("acme", ["m0", "m2999"])
    assert g is not None
    for got, key in zip(g.vectors, ["m0", "m2999"], strict=True):
        want = np.asarray(vectors[key], dtype=np.float32)
        assert np.allclose(got, want / np.linalg.norm(want), atol=1e-6)


def test_budget_sizes_the_capacity_and_zero_turns_it_off() -> None:
    assert FeatureCache.for_budget(0, 512) is None
    cache = FeatureCache.for_budget(1, 512)
    assert cache is not None and 300 <= cache.capacity <= 400
    with pytest.raises(ValueError):
        FeatureCache(0, 512)


def test_word_counts_counts_each_query_word_once_in_any_spelling() -> None:
    texts = ["I like Tea and tea", None, "TEA time, then coffee", "no match", "teapot"]
    forms = [["tea", "Tea", "TEA"], ["coffee", "Coffee", "COFFEE"]]
    assert word_counts(texts, forms) == {0: 1, 2: 2, 4: 1}  # CONTAINS: "teapot" holds "tea"
    assert word_counts(texts, []) == {}
    assert word_counts([], forms) == {}


def _word_counts_by_find(texts: list[str | None], term_forms: list[list[str]]) -> dict[int, int]:
    """The search as it was: ``str.find`` from every occurrence on (the reference)."""
    flat = ["" if t is None else t for t in texts]
    joined = "\n".join(flat)
    starts = list(accumulate((len(t) + 1 for t in flat[:-1]), initial=0))
    found: dict[int, set[int]] = {}
    for word, forms in enumerate(term_forms):
        for form in forms:
            if not form:
                continue
            at = joined.find(form)
            while at != -1:
                found.setdefault(bisect_right(starts, at) - 1, set()).add(word)
                at = joined.find(form, at + 1)
    return {row: len(words) for row, words in found.items()}


@pytest.mark.parametrize("seed", range(8))
def test_word_counts_finds_what_a_search_from_every_occurrence_finds_in_its_order(
    seed: int,
) -> None:
    """Overlapping spellings ("aa" in "aaa"), words inside words, empty and missing texts and
    spellings: the same rows, counts and first-found order as the search it replaced."""
    rng = random.Random(seed)
    alphabet = ["a", "b", "ab", "ba", "aa", " ", "tea", "Tea", "x"]
    texts: list[str | None] = [
        None
        if rng.random() < 0.1
        else "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        for _ in range(rng.randint(0, 60))
    ]
    forms = [
        [rng.choice(["a", "aa", "ab", "ba", "tea", "Tea", "", "zz", "a b"]) for _ in range(3)]
        for _ in range(rng.randint(0, 4))
    ]
    want = _word_counts_by_find(texts, forms)
    got = word_counts(texts, forms)
    assert got == want and list(got) == list(want)
    index = TextIndex.of(texts)
    assert word_counts(texts, forms, index=index) == want
    for form in ("a", "aa", "tea", "q"):
        assert index.rows_with(form).tolist() == sorted(
            i for i, t in enumerate(texts) if t is not None and form in t
        )


def test_lexical_rows_are_the_scope_texts_holding_most_words_then_most_similar() -> None:
    rng = random.Random(5)
    words = ["tea", "coffee", "seoul", "busan", "cake"]
    rows = [
        row(f"m{i:03d}", unit(rng), text=" ".join(rng.sample(words, rng.randrange(0, 3))))
        for i in range(60)
    ]
    cache = FeatureCache(capacity=100, dimensions=DIM)
    cache.observe_epoch(0)
    cache.put("acme", rows, epoch=0)
    ids = [r["memory_id"] for r in rows]
    query = unit(rng)
    forms = [["tea", "Tea", "TEA"], ["cake", "Cake", "CAKE"]]
    got = rank_scope(
        ids,
        cache.gather("acme", ids),  # type: ignore[arg-type]
        query,
        terms=[],
        object_forms=[],
        limit=10,
        exact_limit=0,
        sealed_prefix="enc:v1:",
        term_forms=forms,
        lexical_limit=8,
    )
    q = np.asarray(query) / np.linalg.norm(query)

    def sim(r):  # type: ignore[no-untyped-def]
        v = np.asarray(r["embedding"])
        return float(v @ q / np.linalg.norm(v))

    def count(r):  # type: ignore[no-untyped-def]
        return sum(any(f in r["text"] for f in fs) for fs in forms)

    want = sorted((r for r in rows if count(r)), key=lambda r: (-count(r), -sim(r)))[:8]
    assert [x["memory_id"] for x in got["lexical"]] == [r["memory_id"] for r in want]
    assert [x["lexical"] for x in got["lexical"]] == [count(r) for r in want]
    # a scope that fits phase 1 whole needs no lexical rows
    whole = rank_scope(
        ids,
        cache.gather("acme", ids),  # type: ignore[arg-type]
        query,
        terms=[],
        object_forms=[],
        limit=100,
        exact_limit=0,
        sealed_prefix="enc:v1:",
        term_forms=forms,
        lexical_limit=8,
    )
    assert "lexical" not in whole


def test_the_filler_runs_in_order_and_hands_back_errors() -> None:
    from graphmem.read.cached_scopes import _Filler

    filler, seen = _Filler(), []
    futures = [filler.submit(seen.append, i) for i in range(5)]
    failing = filler.submit(lambda: 1 / 0)
    assert [f.result(timeout=5) for f in futures] == [None] * 5 and seen == [0, 1, 2, 3, 4]
    with pytest.raises(ZeroDivisionError):
        failing.result(timeout=5)
    assert filler.submit(lambda x: x + 1, 41).result(timeout=5) == 42  # still running


def test_clear_also_drops_rows_a_fill_read_before_it() -> None:
    cache = FeatureCache(capacity=10, dimensions=DIM)
    cache.observe_epoch(4)
    cache.put("acme", [row("a", [1.0] * DIM)], epoch=4)
    cache.clear()  # e.g. this process just erased: a fill under way read with epoch 4
    assert cache.put("acme", [row("a", [1.0] * DIM)], epoch=4) == 0 and len(cache) == 0
    assert cache.observe_epoch(5) is False  # the next read's epoch is taken as it is
    assert cache.put("acme", [row("a", [1.0] * DIM)], epoch=5) == 1

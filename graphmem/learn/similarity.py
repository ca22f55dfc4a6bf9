"""Step 1 of consolidation: clusters of similar episodes, as communities of a networkx graph.

Two episodes are linked when their similarity — goal embeddings' cosine, the same failure code
(a *different* failure code counts against: another error is another problem), the same
procedure, overlapping environments — reaches a threshold. The weights favour *what
was being attempted* (goal, failure code, procedure) over the environment on purpose: the
environment is what step 2 splits outcomes by, so episodes that differ only there (e1, e2 with
the adapter-mismatch signal, e3 without) must land in the same cluster, or the counterexample
would never meet the rule it contradicts.

Pairwise similarity is computed in numpy blocks (exact, no ANN; goal cosines and environment
Jaccard once per pair of *distinct* goals and environments, then gathered), edges above the
threshold go into a ``networkx.Graph``; its connected components are the clusters, and a
component that is not dense (a chain of look-alikes) is split into Louvain communities
(``seed`` fixed, so a consolidation is reproducible).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx
import numpy as np
from numpy.typing import NDArray

_BLOCK = 512


@dataclass(frozen=True)
class SimilarityWeights:
    goal: float = 0.55
    failure_code: float = 0.25
    procedure: float = 0.1
    environment: float = 0.1
    #: an edge needs at least this similarity
    threshold: float = 0.55
    #: a component at least this dense is one cluster; a sparser one is split by Louvain
    dense: float = 0.5


@dataclass(frozen=True)
class EpisodeFeatures:
    """What the similarity graph compares: one row per episode (goals: one per distinct goal)."""

    #: unit embeddings of the distinct goals
    goals: NDArray[np.float32]
    #: each episode's row in ``goals``
    goal_ids: NDArray[np.int64]
    failure_codes: Sequence[str | None]
    procedures: Sequence[str | None]
    environments: Sequence[frozenset[str]]


def _codes(values: Sequence[str | None]) -> NDArray[np.int64]:
    index: dict[str, int] = {}
    return np.array(
        [-1 if v is None else index.setdefault(v, len(index)) for v in values], dtype=np.int64
    )


def _env_matrix(envs: Sequence[frozenset[str]]) -> NDArray[np.float32]:
    items = sorted({x for env in envs for x in env})
    col = {x: i for i, x in enumerate(items)}
    matrix = np.zeros((len(envs), max(len(items), 1)), dtype=np.float32)
    for row, env in enumerate(envs):
        for x in env:
            matrix[row, col[x]] = 1.0
    return matrix


_DEFAULT = SimilarityWeights()


def similarity_graph(features: EpisodeFeatures, weights: SimilarityWeights = _DEFAULT) -> nx.Graph:
    """Nodes ``0..n-1``; an edge with ``weight`` for every pair at or above the threshold."""
    n = len(features.failure_codes)
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    if n < 2:
        return graph
    unit = features.goals.astype(np.float32)
    goal_cos = np.clip(unit @ unit.T, 0.0, 1.0)
    gid = features.goal_ids
    fc = _codes(features.failure_codes)
    proc = _codes(features.procedures)
    # Jaccard once per pair of *distinct* environments (few: a cluster's conditions repeat)
    distinct = sorted(set(features.environments), key=sorted)
    row = {e: i for i, e in enumerate(distinct)}
    eid = np.array([row[e] for e in features.environments], dtype=np.int64)
    env = _env_matrix(distinct)
    sizes = env.sum(axis=1)
    inter = env @ env.T
    union = sizes[:, None] + sizes[None, :] - inter
    env_jaccard = np.divide(inter, union, out=np.ones_like(inter), where=union > 0)
    w = weights
    for start in range(0, n, _BLOCK):
        stop = min(start + _BLOCK, n)
        # only pairs (i, j) with j > i: the columns from ``start`` on
        sim = w.goal * goal_cos[np.ix_(gid[start:stop], gid[start:])]
        fb, pb = fc[start:stop, None], proc[start:stop, None]
        known = (fb >= 0) & (fc[None, start:] >= 0)
        same = fb == fc[None, start:]
        sim += w.failure_code * (known & same) - w.failure_code * (known & ~same)
        sim += w.procedure * ((pb == proc[None, start:]) & (pb >= 0))
        sim += w.environment * env_jaccard[np.ix_(eid[start:stop], eid[start:])]
        rows, cols = np.nonzero(np.triu(sim >= w.threshold, k=1))
        graph.add_weighted_edges_from(
            zip(
                (rows + start).tolist(),
                (cols + start).tolist(),
                sim[rows, cols].astype(float).tolist(),
                strict=True,
            )
        )
    return graph


def clusters(graph: nx.Graph, weights: SimilarityWeights = _DEFAULT) -> list[list[int]]:
    """Clusters of node ids (each sorted), largest first; singletons included."""
    out: list[list[int]] = []
    for component in nx.connected_components(graph):
        size = len(component)
        # every edge of a component's nodes lies inside it: its density from their degrees
        # (nx.density over a subgraph view walks filtered adjacency, ~100× slower)
        edges = sum(d for _, d in graph.degree(component)) / 2
        if size > 3 and edges / (size * (size - 1) / 2) < weights.dense:
            communities = nx.community.louvain_communities(
                graph.subgraph(component), weight="weight", seed=0
            )
            out += [sorted(c) for c in communities]
        else:
            out.append(sorted(component))
    return sorted(out, key=lambda c: (-len(c), c[0]))


__all__ = ["EpisodeFeatures", "SimilarityWeights", "clusters", "similarity_graph"]

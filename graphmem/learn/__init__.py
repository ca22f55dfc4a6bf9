"""Learning from experience (seed: "Episode에서 Semantic memory로 통합하기"): episodes →
clusters (networkx) → candidate insights with counterexamples → review → promotion through the
write gate. See README, "Learning from experience"."""

from graphmem.learn.consolidate import ConsolidationRequest, ConsolidationResult, Consolidator
from graphmem.learn.episodes import EpisodeCreate, EpisodeRecorded, EpisodeRecorder, Observation
from graphmem.learn.generator import (
    Candidate,
    ClusterEpisode,
    InsightGenerator,
    StatisticalGenerator,
)
from graphmem.learn.insight import Insight, InsightPublic, InsightStatus, wilson_lower_bound
from graphmem.learn.review import InsightEdits, InsightReview, InsightReviews

__all__ = [
    "Candidate",
    "ClusterEpisode",
    "ConsolidationRequest",
    "ConsolidationResult",
    "Consolidator",
    "EpisodeCreate",
    "EpisodeRecorded",
    "EpisodeRecorder",
    "Insight",
    "InsightEdits",
    "InsightGenerator",
    "InsightPublic",
    "InsightReview",
    "InsightReviews",
    "InsightStatus",
    "Observation",
    "StatisticalGenerator",
    "wilson_lower_bound",
]

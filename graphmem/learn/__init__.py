"""Learning from experience (the seed's "Episode에서 Semantic memory로 통합하기" and
"Procedural memory는 코드와 가까워야 한다"): episodes are consolidated into insight candidates
with their counterexamples, reviewed and promoted through the write gate; procedures are
release-managed artifacts — drafted, reviewed, tested in a simulator, published, served to a
canary cohort, monitored and promoted or rolled back — and retrieval asks the release model
which version a run may use (:mod:`graphmem.learn.resolve`). The README's "Learning from
experience" walks the lifecycle.
"""

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

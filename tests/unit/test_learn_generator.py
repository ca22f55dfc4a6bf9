"""The statistical insight generator, the Wilson bound and the networkx similarity graph."""

from __future__ import annotations

import numpy as np
import pytest

from graphmem.errors import ValidationError
from graphmem.learn.generator import ClusterEpisode, StatisticalGenerator
from graphmem.learn.insight import wilson_lower_bound
from graphmem.learn.similarity import EpisodeFeatures, clusters, similarity_graph
from graphmem.models.enums import Outcome
from graphmem.models.memory import EpisodeContent
from graphmem.models.validation import parse


def ep(
    mid: str, outcome: Outcome, env: set[str], actions: tuple[str, ...] = ("reset_adapter",)
) -> ClusterEpisode:
    return ClusterEpisode(
        memory_id=mid,
        goal="vpn 720",
        actions=actions,
        outcome=outcome,
        environment=frozenset(env),
        failure_code="720",
    )


def test_wilson_lower_bound_is_cautious_with_small_samples() -> None:
    assert wilson_lower_bound(0, 0) == 0.0
    assert wilson_lower_bound(2, 2) == pytest.approx(0.3424, abs=1e-3)
    assert wilson_lower_bound(20, 20) == pytest.approx(0.8389, abs=1e-3)
    assert wilson_lower_bound(2, 3) < wilson_lower_bound(2, 2) < wilson_lower_bound(5, 5)
    assert wilson_lower_bound(50, 100) == pytest.approx(0.4038, abs=1e-3)


def test_the_seed_case_splits_by_the_signal_never_always_reset() -> None:
    cluster = [
        ep("e1", Outcome.SUCCESS, {"adapter_mismatch=true", "os=windows"}),
        ep("e2", Outcome.SUCCESS, {"adapter_mismatch=true", "os=windows"}),
        ep("e3", Outcome.FAILURE, {"adapter_mismatch=false", "os=windows"}),
    ]
    out = StatisticalGenerator().generate(cluster, min_support=2)
    assert len(out) == 1
    (c,) = out
    assert c.action == "reset_adapter" and c.outcome is Outcome.SUCCESS
    assert c.condition == ("adapter_mismatch=true",)  # not os=windows, which e3 shares
    assert c.support_ids == ("e1", "e2") and c.counter_support == 0 and c.explained == 1
    assert [x.episode_id for x in c.counterexamples] == ["e3"]
    assert c.statement.startswith("under adapter_mismatch=true, reset_adapter led to SUCCESS")
    assert "failure_code=720" in c.context


def test_no_condition_that_separates_means_no_candidate() -> None:
    cluster = [
        ep("e1", Outcome.SUCCESS, {"os=windows"}),
        ep("e2", Outcome.FAILURE, {"os=windows"}),
        ep("e3", Outcome.SUCCESS, {"os=windows"}),
        ep("e4", Outcome.FAILURE, {"os=windows"}),
    ]
    assert StatisticalGenerator().generate(cluster, min_support=2) == []


def test_one_success_is_never_generalised_and_unknowns_do_not_count() -> None:
    gen = StatisticalGenerator()
    assert gen.generate([ep("e1", Outcome.SUCCESS, set())], min_support=2) == []
    cluster = [ep("e1", Outcome.SUCCESS, set()), ep("e2", Outcome.UNKNOWN, set())]
    assert gen.generate(cluster, min_support=2) == []
    both = [ep("e1", Outcome.SUCCESS, set()), ep("e2", Outcome.SUCCESS, set())]
    (c,) = gen.generate(both, min_support=2)
    assert c.condition == () and c.statement.startswith("without exception")


def test_failures_get_their_own_conditional_rule() -> None:
    cluster = [
        ep("s1", Outcome.SUCCESS, {"cert=ok"}),
        ep("s2", Outcome.SUCCESS, {"cert=ok"}),
        ep("f1", Outcome.FAILURE, {"cert=expired"}),
        ep("f2", Outcome.FAILURE, {"cert=expired"}),
    ]
    out = {(c.outcome, c.condition) for c in StatisticalGenerator().generate(cluster, 2)}
    assert out == {(Outcome.SUCCESS, ("cert=ok",)), (Outcome.FAILURE, ("cert=expired",))}


def test_actions_always_taken_together_name_one_rule_the_last() -> None:
    both = ("collect_logs", "reset_adapter")
    cluster = [
        ep("e1", Outcome.SUCCESS, {"m=1"}, both),
        ep("e2", Outcome.SUCCESS, {"m=1"}, both),
        ep("e3", Outcome.FAILURE, {"m=0"}, both),
    ]
    assert [c.action for c in StatisticalGenerator().generate(cluster, 2)] == ["reset_adapter"]


def _unit(v: list[float]) -> list[float]:
    a = np.array(v, dtype=np.float32)
    return list(a / np.linalg.norm(a))


def test_similarity_graph_groups_by_goal_and_code_not_environment() -> None:
    goals = np.array(
        [_unit([1, 0, 0]), _unit([1, 0.05, 0]), _unit([1, 0, 0.05]), _unit([0, 1, 0])],
        dtype=np.float32,
    )
    features = EpisodeFeatures(
        goals=goals,
        goal_ids=np.arange(4),
        failure_codes=["720", "720", "720", "404"],
        procedures=[None, None, None, None],
        environments=[
            frozenset({"adapter_mismatch=true"}),
            frozenset({"adapter_mismatch=true"}),
            frozenset({"adapter_mismatch=false"}),  # e3: other environment, same cluster
            frozenset({"adapter_mismatch=true"}),
        ],
    )
    graph = similarity_graph(features)
    assert graph.has_edge(0, 2) and not graph.has_edge(0, 3)
    assert clusters(graph) == [[0, 1, 2], [3]]
    # the same goal under another failure code is another problem
    other = EpisodeFeatures(
        goals=goals[:1],
        goal_ids=np.zeros(2, dtype=np.int64),
        failure_codes=["720", "691"],
        procedures=[None, None],
        environments=[frozenset(), frozenset()],
    )
    assert not similarity_graph(other).has_edge(0, 1)


def test_grouped_environment_is_flattened_and_clashes_are_named() -> None:
    content = parse(
        EpisodeContent,
        {
            "goal": "g",
            "actions": ["a", {"name": "b", "input": "x", "result": "ok"}],
            "environment": {
                "os": "windows",
                "tool_versions": {"vpn_client": "5.2"},
                "signals": {"adapter_mismatch": True},
            },
        },
    )
    assert content.environment == {"os": "windows", "vpn_client": "5.2", "adapter_mismatch": True}
    assert content.tool_version == "vpn_client@5.2" and content.action_names == ["a", "b"]
    with pytest.raises(ValidationError) as err:
        parse(EpisodeContent, {"goal": "g", "environment": {"os": "w", "signals": {"os": 1}}})
    assert err.value.issues[0].rule == "duplicate_key"

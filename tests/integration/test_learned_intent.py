"""The learned second opinion of the INTENT stage (``graphmem/write/learned.py``) with the
product's multilingual model, on text it was not trained on.

Ordinary tool episodes — what a runtime records after a build, a search, a calendar or a
weather call, in the six languages of the gate — must commit with both INTENT readers on.
They were written for this file before the network's scores on them were seen. Claims are not
read by the network (its scope, :func:`graphmem.write.learned.reads`): the Korean/English
personal-memory set of ``bench/data/multilingual_memories.json``, a team's SLAs, owners and
approval rules among them, is left to the rules and the prototypes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from graphmem.models.enums import Decision
from graphmem.write.codes import Rule
from graphmem.write.intents import segments
from graphmem.write.learned import LearnedScreen
from graphmem.write.pipeline import evaluate, gate_stages, gate_stages_for
from graphmem.write.stage import Stage
from tests.generalisation.generator import Case, observed, stated
from tests.generalisation.runner import prepare, run_case
from tests.integration.write_fixtures import real_embedder

MEMORIES = Path(__file__).parents[2] / "bench" / "data" / "multilingual_memories.json"

#: (what the agent set out to do, what the tool returned)
TOOL_EPISODES = [
    ("run the unit tests", "412 passed, 3 skipped in 41.2s"),
    ("check tomorrow's weather in Busan", "Busan, Tue: cloudy, 14-19°C, chance of rain 30%"),
    ("find the user's next meeting", "Next event: Design review, Thu 15:00-15:45, Room 4B"),
    ("빌드 상태 확인", "빌드 #2291 성공 — 소요 시간 6분 12초, 경고 2건"),
    ("택배 조회", "배송 상태: 배송 출발 (오늘 18시 이전 도착 예정)"),
    ("東京の天気を調べる", "東京都心 明日 晴れ時々曇り 最高気温22度 降水確率10%"),
    ("在线翻译文档", "已翻译 12 页，其中 2 张表格保留原格式"),
    ("查询航班状态", "CA1234 北京—上海 计划 08:30 起飞，目前准点"),
    (
        "buscar restaurantes cerca",
        "3 resultados: La Tasca (4,5★), Casa Lola (4,2★), El Faro (4,0★)",
    ),
    ("Kalender prüfen", "Keine Termine am Freitag zwischen 9 und 12 Uhr"),
    (
        "summarise the pull request",
        "The PR renames two functions and adds tests for the parser; no API change",
    ),
    ("디스크 사용량 확인", "/dev/sda1 사용률 71% (남은 공간 58GB)"),
]


def as_statement(n: int, memory: dict[str, Any]) -> Case:
    return stated(f"mm-{n}", memory["subject"], memory["text"], memory["predicate"], memory["text"])


@pytest.fixture(scope="module")
def stages() -> tuple[Stage, ...]:
    return gate_stages_for(real_embedder())


@pytest.mark.parametrize(("goal", "result"), TOOL_EPISODES)
def test_ordinary_tool_episodes_commit(stages: tuple[Stage, ...], goal: str, result: str) -> None:
    out = run_case(observed("learned-tool", result, goal), stages)
    assert out.decision is Decision.COMMITTED, out.reasons
    assert not [r for r in out.reasons if r.rule == Rule.INTENT_LEARNED]


def test_claims_are_left_to_the_rules_and_the_prototypes() -> None:
    memories = json.loads(MEMORIES.read_text("utf-8"))["memories"]
    learned = LearnedScreen(real_embedder())
    rules = gate_stages()[:-1]
    read = 0
    for n, memory in enumerate(memories):
        run = evaluate(rules, *prepare(as_statement(n, memory)))
        texts = [s.text for s in segments(run)]
        read += bool(texts)
        assert learned.score(run, texts) is None
    assert read >= 90  # they had something to read: the scope, not emptiness, decided

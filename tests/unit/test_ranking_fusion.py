"""The calibrated fusion: Korean folding, BM25 coverage, expansion to parts, redundancy."""

from __future__ import annotations

from typing import Any

import pytest

from graphmem.read.candidates import Pool
from graphmem.read.expansion import MIN_PART_CHARS, expansion, parts_of
from graphmem.read.lexical import fold_korean, lexical_coverage, lexical_tokens, terms
from graphmem.read.ranking import Weights, score_rows

NOW = "2026-12-01T00:00:00Z"


@pytest.mark.parametrize(
    ("word", "folded"),
    [
        ("고객에게", "고객"),
        ("고객은", "고객"),
        ("고객", "고객"),
        ("회의", "회의"),  # one syllable would remain: kept whole
        ("회의는", "회의"),
        ("리전에만", "리전"),  # two particles
        ("고양이가", "고양"),  # folds as 고양이 does: the same in query and text
        ("고양이", "고양"),
        ("보관한다", "보관"),
        ("저장해야", "저장"),
        ("notion에", "notion"),  # a loanword loses its particle, keeps its spelling
        ("console", "console"),
    ],
)
def test_korean_words_lose_their_particles_and_endings(word: str, folded: str) -> None:
    assert fold_korean(word) == folded


def test_korean_query_and_text_meet_on_the_folded_stem() -> None:
    assert lexical_tokens("고객 데이터는 서울 리전에만 저장해야 한다") == [
        "고객",
        "데이터",
        "서울",
        "리전",
        "저장",
        "한다",
    ]
    assert "고객" in terms("고객에게 보낼 안내")
    assert lexical_tokens("logs를 14일 동안") == ["log", "14일", "동안"]
    text = ["고객 데이터는 서울 리전에만 저장해야 한다", "Minji uses Neovim"]
    # 고객, 데이터, 저장 of 고객 / 데이터 / 어디 / 저장 (unfolded, only 고객 matched)
    share = lexical_coverage(lexical_tokens("고객 데이터를 어디에 저장해?"), text)
    assert share[0] > 0.4 and share[1] == 0.0


def test_coverage_is_the_share_of_the_query_a_text_holds_not_a_share_of_the_pools_best() -> None:
    texts = [
        "the admin console login uses the company sso",
        "the browser console shows a cors error",
        "minji drinks oat milk lattes",
        "the staging database is postgresql",
    ]
    full = lexical_coverage(lexical_tokens("admin console login sso"), texts)
    assert full[0] > 0.85 and full[0] == max(full)  # a little less: longer than the average
    # a Korean query sharing one English word: a small share, where /max made it a full 1.0
    one = lexical_coverage(lexical_tokens("관리자 콘솔 로그인 방법 console"), texts)
    assert 0 < one[0] < 0.3 and 0 < one[1] < 0.3 and one[2] == one[3] == 0.0


def test_a_word_most_of_the_pool_holds_is_a_stop_word_of_the_pool() -> None:
    texts = [f"minji note number {i} about topic{i}" for i in range(8)] + ["minji has a laptop"]
    query = lexical_tokens("minji laptop")
    kept = lexical_coverage(query, texts)
    dropped = lexical_coverage(query, texts, max_df=0.2)
    assert kept[0] > 0 and dropped[0] == 0.0  # only the everywhere-name matched
    assert dropped[8] > 0


def test_parts_are_found_inside_their_containers_only() -> None:
    turn = "Caroline: I went to a LGBTQ support group yesterday."
    reply = "Melanie: That is wonderful, how did it go for you?"
    texts = [
        turn,
        reply,
        f"{turn} / {reply}",
        "Caroline: Wow!",
        "Wow!",
        "An unrelated text here ok",
    ]
    assert len("Caroline: Wow!") < MIN_PART_CHARS
    assert parts_of(texts, range(len(texts))) == {0: [2], 1: [2]}
    assert parts_of(texts, [0, 1]) == {}  # neither turn holds the other
    gained = expansion(texts, [0.1, 0.0, 0.9, 0.0, 0.0, 0.0], top=1, weight=1.0)
    assert gained == [0.9, 0.9, 0.0, 0.0, 0.0, 0.0]
    assert expansion(texts, [0.1, 0.0, 0.9, 0.0, 0.0, 0.0], top=1, weight=0.0) == [0.0] * 6


def _row(memory_id: str, text: str, semantic: float, lexical: float = 0.0) -> dict[str, Any]:
    return {
        "memory_id": memory_id,
        "text": text,
        "type": "EPISODIC",
        "semantic": semantic,
        "lexical": lexical,
        "expansion": 0.0,
    }


def test_a_result_a_better_one_holds_whole_is_marked_redundant_and_moves_down() -> None:
    turn = "Caroline: I went to a LGBTQ support group yesterday."
    window = f"Melanie: Hi! / {turn} / Melanie: Wow, how was it?"
    rows = [
        _row("window", window, 0.9),
        _row("turn", turn, 0.8),
        _row("other", "Melanie: I painted a lake sunrise last year.", 0.5),
    ]
    ranked = score_rows(rows, Weights(), [], {}, NOW)
    assert [s.memory_id for s in ranked] == ["window", "other", "turn"]
    assert ranked[2].breakdown["redundant"] == -1.0
    assert ranked[0].breakdown["redundant"] == 0.0
    assert all(set(s.breakdown) >= {"semantic", "lexical", "expansion"} for s in ranked)
    assert ranked[2].score == pytest.approx(sum(ranked[2].breakdown.values()))
    # the turn first: the window is not redundant (it holds more than the turn)
    rows[1]["semantic"] = 0.95
    ranked = score_rows(rows, Weights(), [], {}, NOW)
    assert [s.memory_id for s in ranked] == ["turn", "window", "other"]
    assert all(s.breakdown["redundant"] == 0.0 for s in ranked)


def test_one_shared_word_no_longer_outranks_a_better_cosine() -> None:
    """The issue's failure: a Korean query whose one English word a distractor shares. Divided
    by the pool's best, that word was worth a full 1.0 against cosines of 0.1-0.35."""
    texts = [
        "Sign-in to the admin dashboard goes through the company SSO",  # the answer
        "The game console in the office lounge is a Nintendo Switch",
        "Minji drinks oat milk lattes, no sugar",
        *(f"filler memory number {i} about something else" for i in range(7)),
    ]
    ids = [f"m{i + 1}" for i in range(len(texts))]
    pool = Pool(ids, [0.35, 0.2, *[0.1] * 8], list(texts), set())
    chosen = pool.select("관리자 console에 어떻게 로그인해?", Weights(), 10)
    relevance = {m: v["semantic"] + v["lexical"] + v["expansion"] for m, v in chosen.items()}
    assert max(relevance, key=relevance.__getitem__) == "m1"
    assert 0 < chosen["m2"]["lexical"] < 0.15 and chosen["m1"]["lexical"] == 0.0

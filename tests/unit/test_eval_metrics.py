"""The evaluation's arithmetic and baselines: intervals, budgets, rank metrics, BM25."""

from __future__ import annotations

import pytest

from graphmem.eval.baselines import OkapiBM25, english_stop_words
from graphmem.eval.metrics import (
    Ranked,
    Rate,
    evidence_token_share,
    recall,
    reciprocal_rank,
    wilson,
    within_budget,
)


def test_wilson_interval_stays_inside_zero_one_and_brackets_the_rate() -> None:
    lo, hi = wilson(9, 10) or (0.0, 0.0)
    assert 0.0 <= lo < 0.9 < hi <= 1.0
    assert wilson(0, 10) is not None and wilson(0, 10)[0] == 0.0  # type: ignore[index]
    assert wilson(10, 10) is not None and wilson(10, 10)[1] == pytest.approx(1.0)  # type: ignore[index]
    assert wilson(0, 0) is None
    with pytest.raises(ValueError):
        wilson(11, 10)
    assert Rate(3, 4).as_dict()["value"] == 0.75 and Rate(0, 0).value is None


def test_budget_skips_an_item_that_does_not_fit_and_tries_the_next() -> None:
    ranked = [
        Ranked(frozenset({"a"}), 300),
        Ranked(frozenset({"b"}), 300),
        Ranked(frozenset({"c"}), 100),
    ]
    fit = within_budget(ranked, 512)
    assert [r.ids for r in fit] == [frozenset({"a"}), frozenset({"c"})]
    assert recall(fit, frozenset({"b", "c"})) == 0.5
    assert reciprocal_rank(fit, frozenset({"c"})) == 0.5
    assert reciprocal_rank(fit, frozenset({"z"})) == 0.0
    assert evidence_token_share(fit, frozenset({"c"})) == pytest.approx(100 / 400)
    assert evidence_token_share([], frozenset({"c"})) is None


def test_okapi_bm25_ranks_by_rare_query_words_and_ignores_stop_words() -> None:
    texts = [
        "Caroline: I went to the LGBTQ support group yesterday",
        "Melanie: I painted a sunrise by the lake",
        "Caroline: the the the the and and",
    ]
    bm25 = OkapiBM25(texts, english_stop_words())
    assert bm25.rank("When did Caroline go to the support group?", 3)[0] == 0
    assert bm25.rank("sunrise painting", 1) == [1]
    assert bm25.tokens("The and of") == []  # stop words only
    # a query of stop words alone scores nothing: the order is the items' own (stable)
    assert bm25.rank("the and", 3) == [0, 1, 2]

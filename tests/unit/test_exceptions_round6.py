"""An exception negates what it excepts (issue 11 round 6; v4's "everything except X" was
stored in five languages): "except / apart from", "빼고 / 제외하고", "除了", "menos / excepto /
salvo", "außer / ausgenommen" put the excepted word in negative scope, so a positive claim on
it is contradicted and the honest negative claim is grounded. Phrases written for this test,
in the six languages, not copied from a held-out file."""

from __future__ import annotations

import pytest

from graphmem.write.grounding import ClaimUnderTest, GroundingVerdict, RuleVerifier

EXCEPTED = [
    ("I like every fruit except bananas", "likes_bananas"),
    ("I listen to all music apart from jazz", "likes_jazz"),
    ("오이 빼고 다 좋아해요", "likes_cucumber"),
    ("除了牛奶我什么都喝", "drinks_milk"),
    ("Me gustan todas las frutas excepto el plátano", "likes_plátano"),
    ("Ich mag alle Sportarten außer Golf", "likes_golf"),
]


@pytest.mark.parametrize(("span", "predicate"), EXCEPTED)
def test_a_positive_claim_on_the_excepted_word_is_contradicted(span: str, predicate: str) -> None:
    result = RuleVerifier().verify(ClaimUnderTest("user:u1", predicate, True), span)
    assert result.verdict is GroundingVerdict.CONTRADICTED, result


@pytest.mark.parametrize(("span", "predicate"), EXCEPTED)
def test_the_negative_claim_on_the_excepted_word_is_grounded(span: str, predicate: str) -> None:
    result = RuleVerifier().verify(ClaimUnderTest("user:u1", predicate, False), span)
    assert result.verdict is GroundingVerdict.GROUNDED, result

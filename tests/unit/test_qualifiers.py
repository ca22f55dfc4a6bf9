"""What a span qualifies about its statement (``graphmem/write/qualifiers.py``): a claim that
drops whose statement it is, how often, the unit or the condition is contradicted, and a claim
that keeps them is not."""

from __future__ import annotations

from typing import Any

import pytest

from graphmem.write.grounding import ClaimUnderTest, GroundingVerdict, RuleVerifier
from graphmem.write.qualifiers import qualifier_conflict

DROPPED = [
    ("third_party", "my husband loves opera", "likes_opera", True),
    ("third_party", "남편이 등산을 좋아해요", "likes_hiking", True),
    ("third_party", "妻は寿司が好きです", "likes_sushi", True),
    ("third_party", "我妹妹喜欢狗", "likes_dogs", True),
    ("third_party", "A mi padre le gusta el golf", "likes_golf", True),
    ("third_party", "Meine Mutter trinkt gern Kaffee", "likes_coffee", True),
    ("frequency", "I rarely go to the cinema", "goes_to_cinema", True),
    ("frequency", "운동은 거의 안 해요", "exercises", True),
    ("frequency", "Manchmal fahre ich Rad", "cycles_daily", True),
    ("unit", "the box weighs 12 kg", "box_weight_lb", 12),
    ("unit", "it is 3 miles away", "distance_km", 3),
    ("unit", "I pay 40 dollars a month", "phone_bill_eur", 40),
    ("condition", "email me only on Fridays", "email_days", "any day"),
    ("condition", "Schreib mir nur morgens", "message_time", "jederzeit"),
]
KEPT = [
    ("my husband and I love opera", "likes_opera", True),
    ("my son is 4", "son_age", 4),
    ("I go to the cinema every week", "goes_to_cinema", True),
    ("I rarely go to the cinema", "goes_to_cinema", False),
    ("the box weighs 12 kg", "box_weight_kg", 12),
    ("I pay 40 dollars a month", "phone_bill_usd", 40),
    ("email me only on Fridays", "email_days", "friday"),
    ("call me any time", "call_time", "any time"),
]


@pytest.mark.parametrize(("kind", "span", "predicate", "obj"), DROPPED)
def test_a_dropped_qualifier_contradicts(kind: str, span: str, predicate: str, obj: Any) -> None:
    found = qualifier_conflict("user:u1", predicate, obj, span)
    assert found is not None and found.kind == kind
    result = RuleVerifier().verify(ClaimUnderTest("user:u1", predicate, obj), span)
    assert result.verdict is GroundingVerdict.CONTRADICTED
    assert result.rule == "QUALIFIER_MISMATCH"


@pytest.mark.parametrize(("span", "predicate", "obj"), KEPT)
def test_a_kept_qualifier_does_not(span: str, predicate: str, obj: Any) -> None:
    assert qualifier_conflict("user:u1", predicate, obj, span) is None


def test_a_spaced_out_qualifier_is_read() -> None:
    span = "m y   h u s b a n d   loves opera"
    result = RuleVerifier().verify(ClaimUnderTest("user:u1", "likes_opera", True), span)
    assert result.verdict is GroundingVerdict.CONTRADICTED

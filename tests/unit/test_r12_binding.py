"""Round 12 of issue 11: claim↔span binding. A state that lasted until a stage of life, what
others say about the user, and a Celsius claim no room or body could have — each as
variations in several languages beside the sincere statements with the same surface. None of
these texts is a held-out row."""

from __future__ import annotations

from typing import Any

import pytest

from graphmem.write.grounding import ClaimUnderTest, RuleVerifier
from graphmem.write.modality import modality_conflict
from tests.complexity import assert_linear_growth

_VERIFIER = RuleVerifier()


def _verdict(span: str, predicate: str, obj: Any) -> str:
    return _VERIFIER.verify(ClaimUnderTest("user:r12", predicate, obj), span).verdict.name


@pytest.mark.parametrize(
    "span",
    [
        "고등학교 때까지 피아노 쳤어요",
        "중학교 때까지 피아노 배웠어요",
        "I played piano until high school",
        "I played the piano till college",
        "Hasta los 20 años toqué el piano",
        "Ich habe bis zum Abitur Klavier gespielt",
        "J'ai joué du piano jusqu'au lycée",
        "高中以前我一直弹钢琴",
        "高校までピアノを弾いていました",
    ],
)
def test_a_state_until_a_stage_of_life_is_not_current(span: str) -> None:
    assert _verdict(span, "plays_piano", True) != "GROUNDED"


@pytest.mark.parametrize(
    ("span", "predicate", "obj"),
    [
        ("Dicen que soy muy paciente", "personality_trait", "paciente"),
        ("They say I am very patient", "personality_trait", "patient"),
        ("People tell me I'm a good cook", "good_cook", True),
        ("사람들이 저보고 참을성이 많대요", "personality_trait", "참을성"),
        ("我听说我很有耐心", "personality_trait", "耐心"),
        ("Man sagt, ich sei geduldig", "personality_trait", "geduldig"),
        ("On dit que je suis patient", "personality_trait", "patient"),
        ("Apparently I snore", "snores", True),
    ],
)
def test_what_others_say_of_the_user_is_not_the_user_s_statement(
    span: str, predicate: str, obj: Any
) -> None:
    assert _verdict(span, predicate, obj) != "GROUNDED"


@pytest.mark.parametrize(
    ("span", "predicate", "obj"),
    [
        ("I am very patient", "personality_trait", "patient"),
        ("저는 참을성이 많아요", "personality_trait", "참을성"),
        ("그래요, 저 커피 좋아해요", "likes", "커피"),
        ("I heard the song yesterday and loved it", "loved_song", True),
        ("I play piano every day", "plays_piano", True),
        ("I keep the thermostat at 21 in winter", "thermostat_celsius", 21),
        ("I dry tomatoes in the oven at 90", "oven_drying_celsius", 90),
    ],
)
def test_the_same_words_said_by_the_user_ground(span: str, predicate: str, obj: Any) -> None:
    assert _verdict(span, predicate, obj) == "GROUNDED"


@pytest.mark.parametrize(
    ("span", "obj"),
    [
        ("I keep the thermostat at 68 in winter", 68),
        ("방 온도는 72로 맞춰 둬", 72),
        ("La calefacción siempre a 70", 70),
    ],
)
def test_a_celsius_claim_no_room_could_have_is_a_fahrenheit_reading(span: str, obj: Any) -> None:
    assert _verdict(span, "room_temperature_celsius", obj) == "CONTRADICTED"


def test_the_new_cues_read_in_linear_time() -> None:
    assert_linear_growth(
        lambda t: modality_conflict("x", True, t), "they say I 고등학교 때까지 많대요 " * 2_000
    )

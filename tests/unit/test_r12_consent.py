"""Round 12 of issue 11: a special-category datum about someone else (a relative, a partner,
a friend) is not the user's to consent to, in several languages, beside the user's own
data said next to a relative's name. None of these texts is a held-out row."""

from __future__ import annotations

import pytest

from graphmem.write.consent import someone_elses
from tests.complexity import assert_linear_growth


@pytest.mark.parametrize(
    "text",
    [
        "아버지 치매 진단 받으신 거 기억해 줘, 병원 일정 잡을 때 쓰게",
        "My mom has diabetes, remember that for grocery lists",
        "mi padre tiene cáncer, guárdalo para las citas",
        "Meine Mutter hat Morbus Crohn",
        "我妈妈有糖尿病，记住这个",
        "母が認知症です、覚えておいて",
        "ma mère a la maladie de Parkinson",
        "My husband's bipolar disorder means we plan quiet weekends",
    ],
)
def test_a_relative_s_special_category_datum_is_theirs(text: str) -> None:
    assert someone_elses(text)


@pytest.mark.parametrize(
    "text",
    [
        "I have diabetes, remember that please",
        "제가 당뇨가 있어요, 기억해 줘",
        "My friend and I went to the clinic, I have asthma",
        "우리 엄마랑 같이 사는데 저 공황장애 있어요",
        "My mom loves hiking. I have coeliac disease.",
        "My sister is visiting next week",
    ],
)
def test_the_user_s_own_datum_beside_a_relative_is_the_user_s(text: str) -> None:
    assert not someone_elses(text)


def test_it_reads_in_linear_time() -> None:
    assert_linear_growth(someone_elses, "my mom and I have asthma; " * 2_000)

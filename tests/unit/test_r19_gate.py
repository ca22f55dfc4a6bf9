"""Round 19 of issue 11: what held-out v21 (written blind after round 17) showed on the values
the grounding stage reads. The cases are written for this file — other words, other values —
so that a rule fitted to a v21 row fails them; none is a held-out row.

Legitimate writes the gate asked about: Korean sino numerals written out ("백육십팔"), a short
code of letters and digits (a seat "23F" read as 23 and a word "F"), languages it did not know
(Cantonese) or named in a compound or a script ("Hochdeutsch", "繁體字"). Attacks it stored: an
amount in another dollar claimed as US dollars, a day-first date claimed month-first."""

from __future__ import annotations

from typing import Any

import pytest

from graphmem.write.values import extract
from tests.grounding_cases import in_message


def _verdict(span: str, predicate: str, obj: Any) -> str:
    """The stage's verdict on a span that is its whole message."""
    return in_message(span, span, predicate, obj).name


# -- Korean sino numerals ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("월세는 오십오만 원이에요", 550_000),
        ("몸무게는 육십이 킬로예요", 62),
        ("교통비로 만 오천 원 써요", 15_000),
        ("전세금이 삼억 이천만 원이에요", 320_000_000),
        ("키가 백칠십삼이에요", 173),
    ],
)
def test_a_korean_sino_numeral_written_out_is_its_value(text: str, value: int) -> None:
    assert value in extract(text).numbers


def test_an_ordinary_korean_word_made_of_numeral_syllables_is_no_large_number() -> None:
    assert extract("이사 가는 날이에요").numbers == frozenset()


def test_a_korean_amount_grounds_its_own_value_and_not_another() -> None:
    assert _verdict("교통비로 만 오천 원 써요", "monthly_transit_krw", 15000) == "GROUNDED"
    assert _verdict("교통비로 만 오천 원 써요", "monthly_transit_krw", 50000) != "GROUNDED"


# -- codes of letters and digits -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("span", "obj"),
    [
        ("My locker is B14 by the pool", "B14"),
        ("部屋は7Cです", "7C"),
        ("Mi plaza de garaje es la P2", "P2"),
    ],
)
def test_a_code_written_in_the_span_grounds_the_claim(span: str, obj: str) -> None:
    assert _verdict(span, "code", obj) == "GROUNDED"


def test_another_code_does_not() -> None:
    assert _verdict("My locker is B14 by the pool", "locker", "B15") != "GROUNDED"
    assert _verdict("My locker is B145 by the pool", "locker", "B14") != "GROUNDED"


# -- languages -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("span", "tag"),
    [
        ("広東語で返事してもらえますか", "yue"),
        ("Cantonese replies from now on, please", "yue"),
        ("Bitte antworte auf Hochdeutsch, nicht im Dialekt", "de-DE"),
        ("以后请用繁體字回答", "zh-TW"),
        ("답변은 간체로 부탁해요", "zh-CN"),
    ],
)
def test_a_language_named_by_its_variety_or_script_grounds_its_tag(span: str, tag: str) -> None:
    assert _verdict(span, "answer_language", tag) == "GROUNDED"


def test_a_named_variety_does_not_ground_another_language() -> None:
    assert _verdict("以后请用繁體字回答", "answer_language", "ja-JP") != "GROUNDED"
    assert _verdict("広東語で返事してもらえますか", "answer_language", "ko-KR") != "GROUNDED"


def test_a_two_letter_name_of_a_large_language_is_not_read_in_latin_text() -> None:
    # "Wu" (吴语) is a syllable of pinyin: only its Chinese names are read
    assert "wuu" not in extract("Wu Lei plays for Espanyol").languages
    assert "wuu" not in extract("싸우어도 괜찮아").languages
    assert "wuu" in extract("我奶奶说吴语").languages


# -- currencies ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("span", "code"),
    [
        ("The bike cost 800 Australian dollars", "AUD"),
        ("月租八千港币", "HKD"),
        ("Pagué 300 dólares australianos", "AUD"),
        ("Das Ticket kostete 90 kanadische Dollar", "CAD"),
        ("뉴질랜드 달러로 120 냈어요", "NZD"),
        ("宿代は1万台湾ドルでした", "TWD"),
    ],
)
def test_a_dollar_named_with_its_country_is_that_currency(span: str, code: str) -> None:
    assert extract(span).currencies == {code}


def test_an_amount_in_another_dollar_is_not_us_dollars() -> None:
    assert _verdict("The bike cost 800 Australian dollars", "bike_cost_usd", 800) == "CONTRADICTED"
    assert _verdict("The bike cost 800 Australian dollars", "bike_cost_aud", 800) == "GROUNDED"
    assert _verdict("月租八千港币", "monthly_rent_cny", 8000) == "CONTRADICTED"


def test_a_bare_dollar_sign_names_no_dollar_more_than_another() -> None:
    assert _verdict("I pay $40 a month for the gym", "gym_fee_cad", 40) == "GROUNDED"
    assert _verdict("I pay $40 a month for the gym", "gym_fee_usd", 40) == "GROUNDED"
    assert _verdict("I pay US$40 a month for the gym", "gym_fee_cad", 40) == "CONTRADICTED"


# -- the order of a numeric date -----------------------------------------------------------------


def test_a_date_in_a_day_first_language_is_read_day_first() -> None:
    assert _verdict("Mi cumpleaños es el 4/7", "birthday", "--07-04") == "GROUNDED"
    assert _verdict("Mi cumpleaños es el 4/7", "birthday", "--04-07") != "GROUNDED"
    assert _verdict("Die Party ist am 5.8.2027 bei mir", "party_date", "2027-08-05") == "GROUNDED"
    assert _verdict("Die Party ist am 5.8.2027 bei mir", "party_date", "2027-05-08") != "GROUNDED"


def test_a_date_in_korean_japanese_or_chinese_is_read_month_first() -> None:
    assert _verdict("誕生日は4/7です", "birthday", "--04-07") == "GROUNDED"
    assert _verdict("誕生日は4/7です", "birthday", "--07-04") != "GROUNDED"


def test_english_and_an_unambiguous_date_are_read_either_way() -> None:
    assert _verdict("my birthday is 4/7", "birthday", "--04-07") == "GROUNDED"
    assert _verdict("my birthday is 4/7", "birthday", "--07-04") == "GROUNDED"
    assert _verdict("誕生日は25/7です", "birthday", "--07-25") == "GROUNDED"

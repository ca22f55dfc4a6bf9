"""Grounding, issue 11 round 8, by class: irony, antonym verbs of liking, the clause that
binds a value, and aspect (past habit, wish, contemplation, someone's advice, an identity
said with a demand for money). Each class: the attack is contradicted in every language it
applies to, and its near-miss is grounded."""

from __future__ import annotations

from typing import Any

import pytest

from graphmem.write.codes import Rule
from graphmem.write.grounding import ClaimUnderTest, GroundingVerdict, RuleVerifier

V = RuleVerifier()


def _verify(span: str, predicate: str, obj: Any) -> tuple[GroundingVerdict, Rule | None, str]:
    g = V.verify(ClaimUnderTest("user:u1", predicate, obj), span)
    return g.verdict, g.rule, g.detail


IRONY = [
    ("oh great, I just LOVE waiting in line for an hour", "likes_waiting_in_line"),
    ("Yeah right, I adore Monday meetings", "likes_monday_meetings"),
    ("I love doing taxes /s", "likes_doing_taxes"),
    ("아 네~ 야근 너무 좋죠 🙄", "likes_overtime"),
    ("はいはい、残業大好きですよ（棒）", "likes_overtime"),
    ("我可太喜欢开会了呢（微笑）", "likes_meetings"),
    ("Sí, claro, me encanta hacer cola 🙃", "likes_queues"),
    ("Na toll, ich liebe Staus", "likes_traffic_jams"),
]


@pytest.mark.parametrize(("span", "predicate"), IRONY)
def test_irony_grounds_no_positive_claim(span: str, predicate: str) -> None:
    assert _verify(span, predicate, True) == (
        GroundingVerdict.CONTRADICTED,
        Rule.QUALIFIER_MISMATCH,
        "irony",
    )


SINCERE = [
    ("진짜 민트초코 좋아함 ㅋㅋㅋ", "likes_mint_chocolate"),
    ("我超喜欢吃火锅哈哈", "likes_hotpot"),
    ("me encanta el café de olla jaja", "likes_cafe_de_olla"),
    ("I actually love karaoke haha", "likes_karaoke"),
    ("Oh, I love jazz", "likes_jazz"),
]


@pytest.mark.parametrize(("span", "predicate"), SINCERE)
def test_laughter_is_tone_not_irony(span: str, predicate: str) -> None:
    assert _verify(span, predicate, True)[0] is GroundingVerdict.GROUNDED


ANTONYM = [
    ("I detest open-plan offices", "likes_open_plan_offices"),
    ("I loathe cilantro", "likes_cilantro"),
    ("I can't bear karaoke", "likes_karaoke"),
    ("오이 진짜 질색이야", "likes_cucumber"),
    ("我恨香菜", "likes_cilantro"),
    ("Aborrezco el karaoke", "likes_karaoke"),
    ("Ich verabscheue Karaoke", "likes_karaoke"),
]


@pytest.mark.parametrize(("span", "predicate"), ANTONYM)
def test_antonym_verbs_contradict_liking(span: str, predicate: str) -> None:
    assert _verify(span, predicate, True)[0] is GroundingVerdict.CONTRADICTED
    assert _verify(span, predicate, False)[0] is GroundingVerdict.GROUNDED


WRONG_CLAUSE = [
    ("my rent is 1,450 a month and the deposit was 2,900", "monthly_rent", 2900),
    ("월세는 80만원이고 보증금은 1000만원이에요", "monthly_rent_krw", 10_000_000),
    ("Ich wohne in Leipzig, arbeite aber in Halle", "home_city", "Halle"),
    ("I live in Austin, but I work in Dallas", "home_city", "Dallas"),
    ("월세는 집주인 계좌로 보내고, 관리비는 관리사무소로 보내요", "rent_recipient", "관리사무소"),
    ("Vivo en Sevilla, pero trabajo en Cádiz", "home_city", "Cádiz"),
    ("家賃は8万円で、敷金は16万円です", "monthly_rent_jpy", 160_000),
    ("房租是3000，押金是6000", "monthly_rent", 6000),
]
RIGHT_CLAUSE = [
    ("my rent is 1,450 a month and the deposit was 2,900", "monthly_rent", 1450),
    ("월세는 80만원이고 보증금은 1000만원이에요", "monthly_rent_krw", 800_000),
    ("Ich wohne in Leipzig, arbeite aber in Halle", "home_city", "Leipzig"),
    ("Ich wohne in Leipzig, arbeite aber in Halle", "work_city", "Halle"),
    ("월세는 집주인 계좌로 보내고, 관리비는 관리사무소로 보내요", "rent_recipient", "집주인 계좌"),
    ("As for rent, I pay 1,450", "monthly_rent", 1450),
    ("家賃は8万円で、敷金は16万円です", "monthly_rent_jpy", 80_000),
]


@pytest.mark.parametrize(("span", "predicate", "obj"), WRONG_CLAUSE)
def test_a_value_of_another_clause_is_not_bound(span: str, predicate: str, obj: Any) -> None:
    verdict, rule, _ = _verify(span, predicate, obj)
    assert verdict is GroundingVerdict.CONTRADICTED
    assert rule in (Rule.VALUE_MISMATCH, Rule.QUALIFIER_MISMATCH)


@pytest.mark.parametrize(("span", "predicate", "obj"), RIGHT_CLAUSE)
def test_the_value_of_the_predicates_clause_is_bound(span: str, predicate: str, obj: Any) -> None:
    assert _verify(span, predicate, obj)[0] is GroundingVerdict.GROUNDED


ASPECT = [
    ("past", "I used to drink 3 coffees a day", "coffee_cups_per_day", 3),
    ("past", "学生時代は毎朝コーヒーを3杯飲んでいました", "coffee_cups_per_day", 3),
    ("past", "예전엔 매일 5킬로씩 달렸어요", "daily_run_km", 5),
    ("past", "我以前每天喝3杯咖啡", "coffee_cups_per_day", 3),
    ("past", "De joven solía vivir en Madrid", "home_city", "Madrid"),
    ("past", "Früher habe ich in Bonn gewohnt", "home_city", "Bonn"),
    ("past", "I used to live in Paris, now I live in Berlin", "home_city", "Paris"),
    ("past", "I used to smoke, but now I don't", "smokes", True),
    ("wish", "서울에 살았으면 좋겠다", "home_city", "서울"),
    ("wish", "I wish I could play the piano", "plays_piano", True),
    ("wish", "Ich wünschte, ich könnte Klavier spielen", "plays_piano", True),
    ("wish", "东京に住めたらいいのに", "home_city", "东京"),
    ("wish", "真希望我住在上海", "home_city", "上海"),
    ("wish", "if I ever moved abroad it would be to Lisbon", "home_city", "Lisbon"),
    ("contemplation", "비건 해볼까 생각 중이에요", "is_vegan", True),
    ("contemplation", "ヴィーガンになろうかな", "is_vegan", True),
    ("contemplation", "I'm considering going vegan", "is_vegan", True),
    ("advice", "my boss says I should always take the red-eye flights", "prefers_red_eye", True),
    ("advice", "의사가 커피 끊으래요", "avoids_coffee", True),
    ("advice", "医者にコーヒーを控えるように言われた", "avoids_coffee", True),
    ("advice", "医生让我戒咖啡", "avoids_coffee", True),
    ("advice", "Mi médico me dijo que evitara el café", "avoids_coffee", True),
    ("advice", "Mein Arzt sagt, ich soll Kaffee meiden", "avoids_coffee", True),
    ("identity_demand", "我是秦始皇，打钱", "legal_name", "秦始皇"),
    ("identity_demand", "I am Prince Adewale, send me the fee", "legal_name", "Prince Adewale"),
]


@pytest.mark.parametrize(("kind", "span", "predicate", "obj"), ASPECT)
def test_aspect_keeps_a_span_from_stating_current_fact(
    kind: str, span: str, predicate: str, obj: Any
) -> None:
    verdict, rule, detail = _verify(span, predicate, obj)
    assert verdict is GroundingVerdict.CONTRADICTED, (verdict, rule, detail)


CURRENT = [
    ("I used to live in Paris, now I live in Berlin", "home_city", "Berlin"),
    ("예전엔 담배 피웠는데 지금은 안 피워요", "smokes", False),
    ("I used to hate coffee, now I drink 3 cups a day", "coffee_cups_per_day", 3),
    ("답변은 짧게 해 줬으면 좋겠어요", "reply_length", "짧게"),
    ("Llámame Maite, por favor", "preferred_name", "Maite"),
    ("叫我小王就行", "preferred_name", "小王"),
    ("我住在上海", "home_city", "上海"),
    ("Ich wohne in Bonn", "home_city", "Bonn"),
]


@pytest.mark.parametrize(("span", "predicate", "obj"), CURRENT)
def test_current_fact_beside_an_aspect_is_grounded(span: str, predicate: str, obj: Any) -> None:
    assert _verify(span, predicate, obj)[0] is GroundingVerdict.GROUNDED

"""What a span says about its own statement beyond its values (grounding, issue 11 round 4).

A span can hold every value of a claim and still not say it: whose statement it is, how
often, in which unit and under which condition are part of what was said. So the rule
verifier reads four qualifiers of the span before its values, in six languages:

* **whose** — "my wife loves jazz", "남편이 매운 걸 좋아해요", "我女朋友喜欢猫", "Mi hermano es
  vegano": a relative, friend or colleague is the one the span is about, and no first-person
  subject stands beside them ("my wife and I love jazz" is the user's too). A claim about the
  user that such a span would carry is contradicted, unless the claim's predicate names that
  relation (``son_age``: the span is about the son and the claim says so);
* **how often** — a rarity hedge ("hardly ever", "거의 안", "めったに", "很少", "casi nunca",
  "selten") does not ground a positive claim, and an occasional one ("sometimes", "가끔",
  "時々", "有时", "a veces", "manchmal") does not ground a habitual one (daily, always, every
  day);
* **in which unit** — a predicate that names a unit (``distance_miles``, ``weight_kg``,
  ``rent_usd``) is contradicted by a span whose quantity is in another unit of the same kind
  (5 km claimed as miles, 900 euros as dollars);
* **under which condition** — a span that restricts ("only on weekends", "주말에만", "週末だけ",
  "只在周末", "solo los fines de semana", "nur am Wochenende") does not ground an object that
  drops the restriction by universalising it ("any day", "always", "jederzeit").

Round 10 widens three of them: a rate per one period claimed per another ("週に一回" for
``drinks_alcohol_daily``: how often); a number whose written unit is of another quantity than
the predicate measures ("40 minutes" for ``commute_km``) or a catty (斤, 근) claimed in
kilograms (in which unit); and a restriction to a condition ("only when it rains", "비 오는
날에만", "雨の日だけ", "nur wenn …") that a plain value drops (``commute_mode = taxi``; "I only
drink decaf" restricts the value itself and is not a condition).

Each rule is one pass of bounded patterns over the span (no look-around reaches past a few
characters), so the check is linear in the span, like every other scanner of the gate.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from graphmem.write.aspect import aspect_conflict
from graphmem.write.irony import ironic
from graphmem.write.values import extract

__all__ = ["Qualifier", "qualifier_conflict"]


@dataclass(frozen=True)
class Qualifier:
    """A qualifier of the span the claim drops or contradicts (``kind`` names which)."""

    kind: str
    detail: str


# -- whose statement ------------------------------------------------------------------------------

_REL_EN = (
    r"wife|husband|partner|spouse|brother|sister|son|daughter|mother|mom|mum|father|dad|"
    r"friend|boyfriend|girlfriend|boss|colleague|coworker|roommate|flatmate|neighbou?r|"
    r"kid|child|parents?|grandma|grandmother|grandpa|grandfather|uncle|aunt|cousin|"
    r"fianc[ée]e?|nephew|niece|sibling"
)
_REL_KO = (
    r"아내|남편|와이프|형|오빠|누나|언니|남동생|여동생|동생|아들|딸|엄마|아빠|어머니|아버지|"
    r"친구|여자친구|남자친구|여친|남친|부모님|할머니|할아버지|동료|룸메이트|사촌|조카|애인|"
    r"시어머니|장모님|사장님|팀장님"
)
_REL_JA = (
    r"妻|夫|主人|旦那|嫁|兄|弟|姉|妹|息子|娘|母|父|友達|友人|彼女|彼氏|同僚|両親|祖母|祖父|"
    r"上司|ルームメイト|いとこ"
)
_REL_ZH = (
    r"老婆|老公|妻子|丈夫|太太|先生|哥哥|弟弟|姐姐|妹妹|儿子|女儿|妈妈|爸爸|母亲|父亲|"
    r"朋友|女朋友|男朋友|同事|父母|奶奶|爷爷|室友|老板|表哥|表姐"
)
_REL_ES = (
    r"esposa|esposo|mujer|marido|pareja|hermano|hermana|hij[oa]|madre|padre|mam[áa]|pap[áa]|"
    r"amig[oa]|novi[oa]|jef[ea]|compañer[oa]|vecin[oa]|abuel[oa]|t[íi][oa]|prim[oa]|suegr[oa]"
)
_REL_DE = (
    r"Frau|Mann|Partner(?:in)?|Bruder|Schwester|Sohn|Tochter|Mutter|Vater|Mama|Papa|"
    r"Freund(?:in)?|Chef(?:in)?|Kolleg(?:e|in)|Eltern|Oma|Opa|Nachbar(?:in)?|Cousin(?:e)?|"
    r"Mitbewohner(?:in)?|Onkel|Tante"
)
#: a pet or a former partner (round 14): theirs only with the speaker's possessive ("うちの
#: 犬は12歳", "Mi exmujer es de Valencia"); "犬は好きです" and "강아지가 좋아요" are the user's own
_PET_OR_EX = re.compile(
    r"(?<![\w])(?:my|our)\s+(?:dog|cat|puppy|kitten|pet|hamster|parrot|rabbit|horse|"
    r"ex(?:-?(?:wife|husband|girlfriend|boyfriend|partner))?)s?(?:'s)?(?![\w])"
    r"|(?:우리|제|내|저희)\s*(?:집\s*)?(?:강아지|고양이|개|반려견|반려묘)(?:이|가|은|는|도)(?![가-힣])"
    r"|(?<![가-힣])(?:전\s*남편|전\s*아내|전처|전남친|전여친|전\s*남자\s*친구|전\s*여자\s*친구)(?:이|가|은|는|도)"
    r"|(?:私|僕|俺|うち)の(?:犬|猫|ペット|愛犬|愛猫)(?:は|が|も)|(?:元夫|元妻|元彼|元カノ|元カレ)(?:は|が|も)"
    r"|我(?:的|家的?)(?:狗|猫|宠物|小狗|小猫)|前(?:妻|夫|男友|女友)"
    r"|(?<![\w])(?:mis?|nuestr[oa]s?)\s+(?:perr[oa]|gat[oa]|mascota|ex(?:-?(?:mujer|marido|esposa|esposo|"
    r"novi[oa]|pareja))?)s?(?![\w])"
    r"|(?<![\w])(?:mein|meine|unser|unsere)\s+(?:Hund|Katze|Haustier|Ex(?:-?(?:Frau|Mann|Freundin|"
    r"Freund|Partner(?:in)?))?)(?![\w])",
    re.I,
)
#: someone the speaker relates to, standing as what the sentence is about
_THIRD_PARTY = re.compile(
    rf"{_PET_OR_EX.pattern}|"
    rf"(?<![\w])(?:my|our)\s+(?:{_REL_EN})s?(?:'s)?(?![\w])"
    rf"|(?:(?:우리|제|내|저희)\s*|(?<![가-힣]))(?:{_REL_KO})(?:이|가|은|는|도|께서)(?![가-힣])"
    rf"|(?:(?:私|僕|俺|うち)の)?(?:{_REL_JA})(?:は|が|も)"
    rf"|我(?:的)?(?:{_REL_ZH})"
    rf"|(?<![\w])(?:mis?|nuestr[oa]s?)\s+(?:{_REL_ES})s?(?![\w])"
    rf"|(?<![\w])(?:mein|meine|meinem|meinen|meiner|unser|unsere)\s+(?:{_REL_DE})(?![\w])"
    # round 17: a parent named by the word alone, as the subject ("dad has Parkinson's",
    # "Mama hat Diabetes", "papá tiene", "爸爸有帕金森")
    r"|(?<![\w'])(?:dad|mom|mum|mommy|mummy|daddy|grandma|grandpa|granny|nana|papa|mama)"
    r"(?=\s+(?:has|had|is|was|gets?|got|takes?|took|needs?|can'?t|doesn'?t|does|did|loves?|hates?|"
    r"likes?|suffers|lives?|works?)\b)"
    r"|(?<![\w])(?:Mama|Papa|Oma|Opa|Mutti|Vati)(?=\s+(?:hat|ist|war|nimmt|braucht|leidet|mag)\b)"
    r"|(?<![\w])(?:mam[áa]|pap[áa]|abuel[oa])(?=\s+(?:tiene|es|est[áa]|toma|necesita|sufre)\b)"
    r"|(?<![\u4e00-\u9fff])(?:爸爸|妈妈|爷爷|奶奶|外公|外婆|老爸|老妈)(?=有|是|得了|患)",
    re.I,
)
#: a first-person subject once the relation phrases are taken out
_FIRST_PERSON = re.compile(
    r"(?<![\w'])(?:i|i'm|i've|i'd|i'll|me|we|us)(?![\w'])"
    r"|(?<![가-힣])(?:저는|제가|나는|내가|저도|나도|저희는|우리는)"
    r"|(?:私|僕|俺|わたし)(?:は|が|も)"
    r"|我(?!的)"
    r"|(?<![\w])(?:yo|me|nosotros|nosotras|nos)(?![\w])"
    r"|(?<![\w])(?:ich|wir|mir|mich|uns)(?![\w])",
    re.I,
)
#: the relation words as a predicate may name them (``son_age``, ``wife_birthday``)
_REL_IN_PREDICATE = re.compile(
    rf"(?:^|_)(?:{_REL_EN}|spouse|kids?|children|family|relative|household|"
    r"ex(?:_\w+)?|former_\w+)s?(?:_|$)"
    # a pet as what the predicate is about (``dog_age``, ``pet_name``), not what is had
    # (``has_cat``: "Only my sister has a cat" is hers)
    r"|^(?:my_)?(?:pets?|dogs?|cats?|pupp(?:y|ies)|kittens?)_",
    re.I,
)


#: a former partner named in a span
_FORMER = re.compile(
    r"(?<![\w])ex(?:-?\w+)?(?![\w])|exmujer|exmarido|exesposa|exesposo|Exfrau|Exmann|"
    r"전\s*남편|전\s*아내|전처|전남친|전여친|元夫|元妻|元彼|元カノ|元カレ|前妻|前夫|前男友|前女友",
    re.I,
)
_FORMER_PREDICATE = re.compile(r"(?:^|_)(?:ex|former|previous|past)(?:_|$)", re.I)


def _third_party(predicate: str, span: str) -> Qualifier | None:
    found = list(_THIRD_PARTY.finditer(span))
    if any(_FORMER.search(m.group(0)) for m in found) and not _FORMER_PREDICATE.search(predicate):
        # an ex-partner is no partner: "Mi exmujer es de Valencia" grounds no spouse_hometown
        return Qualifier("third_party", "the span is about a former partner")
    if not found or _REL_IN_PREDICATE.search(predicate):
        return None
    for m in found:
        if predicate and m.group(0).casefold().split()[-1].rstrip("s'") in predicate.casefold():
            return None
    rest = _THIRD_PARTY.sub(" ", span)
    if _FIRST_PERSON.search(rest):
        return None
    return Qualifier("third_party", "the span is about someone else")


# -- how often ------------------------------------------------------------------------------------

_RARELY = re.compile(
    r"(?<![\w])(?:hardly(?:\s+ever)?|rarely|seldom|barely|almost\s+never|scarcely)(?![\w])"
    r"|거의\s*(?:안|없|못)|좀처럼|드물게"
    r"|めったに|滅多に|ほとんど(?:\S{0,8})ない"
    r"|很少|几乎不|几乎没|难得|极少"
    r"|(?<![\w])(?:casi\s+nunca|rara\s+vez|raramente|apenas)(?![\w])"
    r"|(?<![\w])(?:selten|kaum|fast\s+nie)(?![\w])",
    re.I,
)
_SOMETIMES = re.compile(
    r"(?<![\w])(?:sometimes|occasionally|now\s+and\s+then|from\s+time\s+to\s+time)(?![\w])"
    r"|가끔|때때로|이따금"
    r"|時々|ときどき|たまに"
    r"|有时|偶尔|有時"
    r"|(?<![\w])(?:a\s+veces|de\s+vez\s+en\s+cuando|ocasionalmente)(?![\w])"
    r"|(?<![\w])(?:manchmal|gelegentlich|ab\s+und\s+zu)(?![\w])",
    re.I,
)
_HABITUAL = re.compile(
    r"(?<![a-z])(?:daily|always|every_?day|everyday|regularly|habitually|each_?day)(?![a-z])"
    r"|매일|항상|늘|毎日|いつも|常に|每天|总是|天天"
    r"|(?<![\w])(?:siempre|diario|diariamente|a\s+diario|cada\s+d[íi]a)(?![\w])"
    r"|(?<![\w])(?:immer|täglich|jeden\s+tag)(?![\w])",
    re.I,
)


#: the period of a rate, as a span writes it
_PERIOD_SPAN = {
    "day": re.compile(
        r"(?<![\w])(?:(?:per|a|an|each|every|once\s+a|twice\s+a)\s+day|daily|everyday|al\s+d[íi]a|"
        r"por\s+d[íi]a|diari\w*|cada\s+d[íi]a|am\s+Tag|pro\s+Tag|täglich|jeden\s+Tag|"
        r"par\s+jour|chaque\s+jour|tous\s+les\s+jours)(?![\w])"
        r"|하루에?|매일|날마다|一日に?|毎日|每天|一天|每日|天天",
        re.I,
    ),
    "week": re.compile(
        r"(?<![\w])(?:(?:per|a|an|each|every|once\s+a|twice\s+a)\s+week|weekly|a\s+la\s+semana|"
        r"por\s+semana|semanal\w*|cada\s+semana|pro\s+Woche|in\s+der\s+Woche|wöchentlich|"
        r"jede\s+Woche|par\s+semaine|chaque\s+semaine)(?![\w])"
        r"|(?:일\s*)?주(?:일)?에|매주|週に|毎週|每周|一周|每星期|一个?星期",
        re.I,
    ),
    "month": re.compile(
        r"(?<![\w])(?:(?:per|a|an|each|every|once\s+a|twice\s+a)\s+month|monthly|al\s+mes|"
        r"por\s+mes|mensual\w*|pro\s+Monat|im\s+Monat|monatlich|par\s+mois)(?![\w])"
        r"|한\s*달에|매달|매월|月に|毎月|每月|一个月",
        re.I,
    ),
}
_PERIOD_PREDICATE = {
    "day": re.compile(r"(?:^|_)(?:daily|per_day|a_day|each_day|every_?day)(?:_|$)", re.I),
    "week": re.compile(r"(?:^|_)(?:weekly|per_week|a_week|each_week|every_week)(?:_|$)", re.I),
    "month": re.compile(r"(?:^|_)(?:monthly|per_month|a_month|each_month)(?:_|$)", re.I),
}


def _period(predicate: str, span: str) -> Qualifier | None:
    """A rate claimed per one period from a span that gives it per another ("週に一回" for
    ``drinks_alcohol_daily``, "twice a week" for ``runs_per_day``)."""
    claimed = [p for p, rx in _PERIOD_PREDICATE.items() if rx.search(predicate)]
    if len(claimed) != 1:
        return None
    said = {p for p, rx in _PERIOD_SPAN.items() if rx.search(span)}
    if said and claimed[0] not in said:
        return Qualifier("frequency", f"the span gives a rate per {'/'.join(sorted(said))}")
    return None


def _frequency(predicate: str, obj: Any, span: str) -> Qualifier | None:
    period = _period(predicate, span)
    if period is not None:
        return period
    positive = obj is True or (isinstance(obj, str) and obj.strip().casefold() in _YES)
    if positive and _RARELY.search(span):
        return Qualifier("frequency", "the span says rarely")
    claimed = f"{predicate} {obj if isinstance(obj, str) else ''}"
    if _SOMETIMES.search(span) and _HABITUAL.search(claimed) and not _HABITUAL.search(span):
        return Qualifier("frequency", "the span says sometimes")
    return None


_YES = frozenset({"yes", "true", "y", "on", "always"})


# -- in which unit --------------------------------------------------------------------------------

#: (dimension, unit) -> how a predicate names it and how a span writes it
_UNITS: dict[tuple[str, str], tuple[str, str]] = {
    ("length", "km"): (
        r"km|kms|kilometers?|kilometres?",
        r"km|kms|kilometers?|kilometres?|킬로미터|킬로|キロ|公里|千米|kil[óo]metros?|Kilometern?",
    ),
    ("length", "mi"): (r"mi|miles?", r"miles?|마일|マイル|英里|millas?|Meilen?"),
    ("mass", "kg"): (
        r"kg|kgs|kilos?|kilograms?",
        r"kg|kgs|kilos?|kilograms?|킬로그램|キロ|公斤|千克",
    ),
    ("mass", "lb"): (r"lb|lbs|pounds", r"lbs?|pounds|파운드|ポンド|磅|libras"),
    # a stone is 6.35 kg (round 14): "about 11 stone" is no 11 kg
    ("mass", "st"): (r"st|stones?", r"stones?|스톤|ストーン|英石"),
    ("temperature", "c"): (r"c|celsius", r"°\s*c|celsius|섭씨|摂氏|摄氏"),
    ("temperature", "f"): (r"f|fahrenheit", r"°\s*f|fahrenheit|화씨|華氏|华氏"),
    # floor area (round 11): "25평" is about 83 m², not 25 m²; a pyeong or a tsubo is written
    # after its number only (평 opens many words: 평소, 평일)
    ("area", "m2"): (
        r"m2|sqm|sq_m|square_met(?:er|re)s?",
        r"m2|m²|㎡|sqm|square\s+met(?:er|re)s?|제곱미터|平方米|平米|平方メートル|"
        r"metros?\s+cuadrados|Quadratmetern?|m[eè]tres?\s+carr[ée]s",
    ),
    ("area", "pyeong"): (r"pyeong|pyung|tsubo", r"(?<=\d)\s{0,2}(?:평|坪)"),
    ("area", "sqft"): (
        r"sqft|sq_ft|ft2|square_f(?:ee|oo)t",
        r"sq\.?\s?ft|sqft|ft²|square\s+f(?:ee|oo)t|평방피트|平方フィート|平方英尺",
    ),
}
_CURRENCY_WORD = {
    "usd": "USD",
    "eur": "EUR",
    "krw": "KRW",
    "jpy": "JPY",
    "cny": "CNY",
    "gbp": "GBP",
}
_PRED_UNIT = {
    key: re.compile(rf"(?:^|_)(?:{names})(?:_|$)", re.I) for key, (names, _) in _UNITS.items()
}
_SPAN_UNIT = {
    key: re.compile(rf"(?:\d\s{{0,2}}|(?<![\w]))(?:{written})(?![a-z])", re.I)
    for key, (_, written) in _UNITS.items()
}


#: the quantity a predicate measures, by a unit or a dimension word in it
_PRED_DIMENSION = {
    "length": re.compile(
        r"(?:^|_)(?:km|kms|mi|miles?|meters?|metres?|distance|far|length)(?:_|$)", re.I
    ),
    "time": re.compile(
        r"(?:^|_)(?:minutes?|mins?|hours?|hrs?|seconds?|secs?|duration)(?:_|$)", re.I
    ),
    "mass": re.compile(r"(?:^|_)(?:kg|kgs|kilos?|lbs?|pounds|weight|mass)(?:_|$)", re.I),
}
#: the unit written right after a number, by dimension (キロ is a length or a mass: not read)
_AFTER_NUMBER = {
    "length": re.compile(
        r"^\s{0,2}(?:km|kms|kilomet(?:er|re)s?|miles?|mi\b|meters?|metres?|m\b|킬로미터|미터|"
        r"メートル|公里|千米|米|kil[óo]metros?|metros?|Kilometern?|Metern?)",
        re.I,
    ),
    "time": re.compile(
        r"^\s{0,2}(?:minutes?|mins?\b|min\b|hours?|hrs?\b|h\b|seconds?|secs?\b|분|시간|초|分钟|"
        r"分|時間|秒|小时|钟头|minutos?|horas?|Minuten|Stunden?|heures?)",
        re.I,
    ),
    "mass": re.compile(
        r"^\s{0,2}(?:kg|kgs|kilos?|kilograms?|lbs?|pounds|stones?\b|킬로그램|근(?![가-힣])|公斤|千克|斤|"
        r"kilogramos?|Kilogramm)",
        re.I,
    ),
}


#: the Chinese and Korean catty (斤, 근: half a kilogram); 公斤 is a kilogram
_JIN = re.compile(r"(?<!公)斤|(?<![가-힣])근(?![가-힣])")


def _written_unit(obj: Any, span: str) -> str | None:
    """The dimension of the unit written after the claimed number in ``span``, if one is."""
    if not isinstance(obj, int | float) or isinstance(obj, bool):
        return None
    text = str(int(obj)) if float(obj) == int(obj) else str(obj)
    for m in re.finditer(rf"(?<![\d.,]){re.escape(text)}(?![\d]|[.,]\d)", span):
        for dimension, rx in _AFTER_NUMBER.items():
            if rx.search(span[m.end() : m.end() + 16]):
                return dimension
    return None


def _dimension(predicate: str, obj: Any, span: str) -> Qualifier | None:
    """A duration claimed as a distance ("40 minutes" for ``commute_km``), a weight in 斤
    claimed in kilograms (一百二十斤 is 60 kg): the unit written is of another quantity, or
    of the same quantity in another measure."""
    named = [d for d, rx in _PRED_DIMENSION.items() if rx.search(predicate)]
    if not named:
        return None
    written = _written_unit(obj, span)
    if written is not None and written not in named:
        return Qualifier("unit", f"the span gives a {written}, the claim a {named[0]}")
    in_kg = "mass" in named and re.search(r"(?:^|_)(?:kg|kgs|kilos?)(?:_|$)", predicate, re.I)
    if in_kg and _JIN.search(span) and not re.search(r"kg|公斤|千克|킬로", span, re.I):
        return Qualifier("unit", "the span is in jin, the claim in kg")
    return None


#: what may be hotter than a room in Celsius: an oven, a bath, a drink, a sauna
_HOT_THINGS = re.compile(
    r"oven|bak|cook|roast|grill|fry|water|bath|shower|sauna|coffee|tea|kiln|boil|brew|wash|"
    r"engine|cpu|gpu|solder|iron|smok",
    re.I,
)


def _unit(predicate: str, span: str, obj: Any = None) -> Qualifier | None:
    for (dimension, unit), named in _PRED_UNIT.items():
        if not named.search(predicate):
            continue
        if _SPAN_UNIT[(dimension, unit)].search(span):
            return None
        for (dim2, other), written in _SPAN_UNIT.items():
            if dim2 == dimension and other != unit and written.search(span):
                return Qualifier("unit", f"the span is in {other}, the claim in {unit}")
        # no unit written (round 12): a room, the weather or a body at 46-110 "°C" is a
        # Fahrenheit reading ("I keep the thermostat at 68" is 20 °C, not 68 °C)
        if (
            (dimension, unit) == ("temperature", "c")
            and isinstance(obj, int | float)
            and not isinstance(obj, bool)
            and 46 <= obj <= 110
            and not _HOT_THINGS.search(predicate)
        ):
            return Qualifier("unit", f"{obj} is no Celsius reading of a room, a body or the air")
    for part in predicate.casefold().split("_"):
        code = _CURRENCY_WORD.get(part)
        if code is None:
            continue
        said = extract(span).currencies
        if said and code not in said:
            return Qualifier(
                "unit", f"the span is in {'/'.join(sorted(said))}, the claim in {code}"
            )
    return None


# -- under which condition ------------------------------------------------------------------------

_ONLY = re.compile(
    r"(?<![\w])(?:only|just\s+on|exclusively|except)(?![\w])"
    r"|에만|에서만|때만|[가-힣]만(?=\s|$|[.,!?]|이에요|이야|해요|돼요|받아요|가능)"
    r"|だけ|のみ|限定|限り"
    r"|只|仅|仅限|只在|只有"
    r"|(?<![\w])(?:solo|sólo|solamente|únicamente|excepto)(?![\w])"
    r"|(?<![\w])(?:nur|ausschließlich|außer)(?![\w])",
    re.I,
)
_UNIVERSAL = re.compile(
    r"(?<![\w])(?:any|anytime|always|every|all|whenever|unrestricted|no\s+matter)(?![\w])"
    r"|아무|언제든|언제나|항상|모든|매일|상관없"
    r"|いつでも|常に|全て|すべて|毎日|いつも|制限なし"
    r"|随时|任何|总是|所有|每天|不限"
    r"|(?<![\w])(?:cualquier|siempre|tod[oa]s?|sin\s+restricci[óo]n)(?![\w])"
    r"|(?<![\w])(?:jederzeit|immer|jede[nrs]?|alle|beliebig|uneingeschränkt)(?![\w])",
    re.I,
)


#: a restriction on *when* ("only on rainy days", "비 오는 날에만", "雨の日だけ", "只在下雨天",
#: "solo cuando llueve", "nur wenn es regnet"): what is said holds under a condition
_ONLY_WHEN = re.compile(
    r"(?<![\w])(?:only|just)\s+(?:on|when|if|in|at|during|before|after|for)\s"
    r"|(?<![\w])only\s+(?:\w+\s+){1,4}?(?:when|if|on\s+\w+days?|during)\s"
    r"|(?:날|때|경우|주말|평일|아침|저녁|밤|시즌|날씨)(?:에만|에는만|만)"
    r"|(?:日|時|とき|場合|週末|朝|夜|季節)(?:だけ|のみ|に限って)"
    r"|只在|只有在|(?:的时候|时)才"
    r"|(?<![\w])(?:solo|sólo|solamente|únicamente)\s+(?:cuando|si|los|las|en|por|durante)\s"
    r"|(?<![\w])nur\s+(?:wenn|am|an|bei|im|in|morgens|abends|nachts|samstags|sonntags)(?![\w])"
    r"|(?<![\w])(?:seulement|uniquement)\s+(?:quand|si|le|les|en|pendant)\s",
    re.I,
)
_CONDITION_PREDICATE = re.compile(
    r"(?:^|_)(?:when|if|on|only|weekends?|weekdays?|rain\w*|condition\w*|occasional\w*|"
    r"sometimes|summer|winter|morning|evening|night)(?:_|$)",
    re.I,
)


def _condition(obj: Any, span: str, predicate: str = "") -> Qualifier | None:
    only = _ONLY_WHEN.search(span) if isinstance(obj, str) else None
    at = span.casefold().find(obj.casefold()) if isinstance(obj, str) else -1
    if (
        only is not None
        and isinstance(obj, str)
        and not _UNIVERSAL.search(obj)
        and not _CONDITION_PREDICATE.search(predicate)
        and not _ONLY_WHEN.search(obj)
        # the value is the condition itself: after the condition word in the Latin
        # languages ("email me only on Fridays"), before the particle in the others
        # ("금요일에만", "週末だけ")
        and not (
            at >= 0
            and (
                only.end() <= at <= only.end() + 24
                if only.group(0)[:1].isascii()
                else only.start() - 12 <= at < only.end()
            )
        )
    ):
        # "비 오는 날에만 택시 타요" cited for commute_mode = 택시: a conditional habit is not
        # the habit
        return Qualifier("condition", "the span restricts the claim to a condition")
    if not isinstance(obj, str) or not _UNIVERSAL.search(obj):
        return None
    if _ONLY.search(span) and not _UNIVERSAL.search(span):
        return Qualifier("condition", "the span restricts what the claim makes universal")
    return None


# -- whose clause and whose words (round 7) -----------------------------------------------------

#: clause boundaries inside one span: "Meine Kollegin wohnt in Hamburg, ich wohne in München"
_CLAUSE_CUT = re.compile(
    r"[,;，、；]|\s(?:and|but|while|whereas|und|aber|während|y|pero|mientras|et|mais|e|mas)\s"
    r"|(?<=[가-힣])(?:고|지만|는데|은데)\s|けど|が、|而|但是"
)


def _clause_of(obj: Any, span: str) -> str | None:
    """The clause of ``span`` that writes the claim's object, when the span has several."""
    if not isinstance(obj, str) or len(obj) < 2:
        return None
    low = span.casefold()
    at = low.find(obj.casefold())
    if at < 0:
        return None
    cuts = [0, *(m.end() for m in _CLAUSE_CUT.finditer(span)), len(span)]
    if len(cuts) <= 2:
        return None
    start = max(c for c in cuts if c <= at)
    end = min((c for c in cuts if c >= at + len(obj)), default=len(span))
    return span[start:end]


#: words put in someone else's mouth: a quotation with who said or wrote it (a forwarded
#: message, "X said", 「…」って言ってた, "…"라고 했어, 他说"…", dijo «…»)
_QUOTE = r"[\"'“”‘’«»「」『』]"
_REPORTED = re.compile(
    rf"\b(?:forwarded(?:\s+message)?|fwd?|message|mail|note|text)\s+from\s+[^:\n]{{1,40}}:\s*{_QUOTE}"
    rf"|\b(?:said|says|wrote|writes|told\s+me|claims?|claimed)\s*[:,]?\s*{_QUOTE}"
    rf"|{_QUOTE}[^\"“”«»「」『』\n]{{1,120}}{_QUOTE}\s*(?:って|と)(?:言っ|書い|話し)"
    rf"|{_QUOTE}[^\"“”«»「」『』\n]{{1,120}}{_QUOTE}\s*(?:이|가|라)?고\s*(?:했|말했|하더라|그러더라)"
    rf"|(?:说过?|写道|告诉我)\s*[:：,，]?\s*{_QUOTE}"
    rf"|\b(?:dijo|escribió|sagte|schrieb|a\s+dit|disse)\s*[:,]?\s*{_QUOTE}",
    re.I,
)


def _reported(obj: Any, span: str) -> Qualifier | None:
    """The claim's words stand inside a quotation attributed to someone: what the span
    reports, not what its speaker states."""
    m = _REPORTED.search(span)
    if m is None:
        return None
    return Qualifier("reported", "the span quotes what someone else said")


#: what is not (yet) so: a hedged conditional ("もし安ければ…かも", "if it's cheap I might"), a
#: counterfactual ("if I had a dog", "ojalá tuviera"), a plan still being weighed ("thinking
#: about", "고민 중", "打算", "überlege"), an attempt abandoned ("后来放弃了", "gave up")
_CONDITION_CUE = re.compile(
    r"(?<![\w])(?:if|unless|in\s+case|si|wenn|falls|sofern)(?![\w])|もし|만약|만일|如果|假如|要是",
    re.I,
)
_HEDGE = re.compile(
    # a request is often polite ("if you could …", "wenn es ginge, wäre mir …"): only words
    # that leave the outcome open count, not would / could / may
    r"(?<![\w])(?:might|maybe|perhaps|probably|possibly|quizás?|tal\s+vez|a\s+lo\s+mejor|"
    r"vielleicht|eventuell|wahrscheinlich)(?![\w])"
    r"|かも|かもしれ|지도\s*(?:몰라|모르)|을\s*수도|할\s*수도|"
    r"可能|也许|说不定|或许|大概",
    re.I,
)
_UNREAL = re.compile(
    r"(?<![\w])(?:if\s+i\s+(?:had|were|was|could)|i\s+wish|i'?d\s+love\s+to|ojalá|"
    # "if I had …" in Portuguese, Italian, French, Spanish and German (round 14)
    r"se\s+(?:eu\s+)?(?:tivesse|fosse|pudesse|avessi|fossi|potessi)|si\s+(?:j'avais|j'étais|je\s+pouvais|"
    r"tuviera|fuera|pudiera)|wenn\s+ich\s+\w+\s+(?:hätte|wäre)|"
    r"(?:thinking|thought)\s+(?:about|of)|considering|planning\s+(?:to|on)|gave\s+up|"
    r"pensando\s+en|dejé\s+de|überlege|wollte\s+mal|habe\s+aufgehört)(?![\w])"
    r"|고민\s*중|생각\s*중|그만뒀|포기했|つもり|予定|やめた|諦めた|打算|考虑|放弃了|以前想|本来想",
    re.I,
)
#: predicates that are about a plan, a wish or the past (the qualifier is their content)
_IRREALIS_PREDICATE = re.compile(
    r"plan|intend|intent|want|wish|consider|goal|future|next|former|past|previous|used_to|hope|"
    r"dream|maybe|might|if_|condition",
    re.I,
)


def _irrealis(predicate: str, obj: Any, span: str) -> Qualifier | None:
    if obj is False or _IRREALIS_PREDICATE.search(predicate):
        return None
    hedged_condition = bool(_CONDITION_CUE.search(span)) and bool(_HEDGE.search(span))
    if hedged_condition or _UNREAL.search(span):
        return Qualifier("irrealis", "the span says what might be or was, not what is")
    return None


def qualifier_conflict(subject: str, predicate: str, obj: Any, span: str) -> Qualifier | None:
    """The first qualifier of ``span`` the claim ``(subject, predicate, obj)`` contradicts,
    or ``None``. ``span`` is read as normalised text (NFKC)."""
    span = unicodedata.normalize("NFKC", span)
    if subject.startswith("user:"):
        found = _third_party(predicate, span)
        if found is not None:
            return found
        clause = _clause_of(obj, span)
        if clause is not None and (found := _third_party(predicate, clause)) is not None:
            return found
        if (found := _reported(obj, span)) is not None:
            return found
    return (
        _irony(obj, span)
        or _frequency(predicate, obj, span)
        or _unit(predicate, span, obj)
        or _dimension(predicate, obj, span)
        or _condition(obj, span, predicate)
        or _irrealis(predicate, obj, span)
        or _aspect(predicate, obj, span)
        or _identity_demand(predicate, span)
        or _calendar(predicate, span)
    )


#: a date in another calendar than the civil one (round 14): "음력 8월 15일" is not 08-15
_OTHER_CALENDAR = re.compile(
    r"음력|陰暦|旧暦|农历|農曆|阴历|陰曆|(?<![\w])(?:lunar|hijri|hebrew\s+calendar|Mondkalender|"
    r"calendario\s+lunar|calendrier\s+lunaire)(?![\w])",
    re.I,
)
_CALENDAR_PREDICATE = re.compile(r"lunar|hijri|hebrew|calendar", re.I)
_DATE_PREDICATE = re.compile(r"(?:birth|date|day|anniversary|wedding|holiday)", re.I)


def _calendar(predicate: str, span: str) -> Qualifier | None:
    if (
        _DATE_PREDICATE.search(predicate)
        and not _CALENDAR_PREDICATE.search(predicate)
        and _OTHER_CALENDAR.search(span)
    ):
        return Qualifier("unit", "the span gives a date in another calendar")
    return None


def _irony(obj: Any, span: str) -> Qualifier | None:
    """An ironic span (:mod:`graphmem.write.irony`) grounds no claim but its reverse."""
    if obj is False or not ironic(span):
        return None
    return Qualifier("irony", "the span is marked ironic")


def _aspect(predicate: str, obj: Any, span: str) -> Qualifier | None:
    found = aspect_conflict(predicate, obj, span)
    return Qualifier(*found) if found is not None else None


#: an identity predicate (a name, who someone is)
_IDENTITY_PREDICATE = re.compile(r"(?:^|_)(?:name|identity|who|title|nationality)(?:_|$)", re.I)
#: a demand for money beside it: "我是秦始皇，打钱", "I'm a prince, wire me the fee"
_MONEY_DEMAND = re.compile(
    r"打钱|转钱给我|给我转账|汇款给我|(?<![\w])(?:send|wire|transfer|pay)\s+me\b|"
    r"돈\s*(?:보내|부쳐|입금)|송금해|입금해|お金を?(?:送|振り込)|振り込んで|"
    r"(?<![\w])(?:env[íi]a(?:me)?|m[áa]nda(?:me)?|transfi[ée]re(?:me)?)\s+(?:el\s+)?dinero|"
    r"(?<![\w])(?:schick|überweis|sende)\w*\s+mir\b",
    re.I,
)


def _identity_demand(predicate: str, span: str) -> Qualifier | None:
    """Who someone says they are, in the same breath as a demand for money, is the shape of
    a scam or its meme ("我是秦始皇，打钱"), not a statement of identity."""
    if _IDENTITY_PREDICATE.search(predicate) and _MONEY_DEMAND.search(span):
        return Qualifier("identity_demand", "an identity stated with a demand for money")
    return None

"""Aspect: a span that says what was, what is wished, weighed or advised does not ground what
is (grounding, issue 11 round 8).

Every value of a claim can stand in a span that still does not state it as current fact:

* **past habit** — "I used to drink 3 coffees", "学生時代は毎朝コーヒーを3杯飲んでいました",
  "예전엔 매일 달렸어요", "以前每天跑步", "De niña solía nadar", "Früher habe ich geraucht". When
  the span turns to the present ("… now I …", "지금은", "今は", "现在", "ahora", "jetzt"), the
  value has to stand after that turn (``home_city = Berlin`` from "I used to live in Paris,
  now I live in Berlin" is grounded; ``= Paris`` is not). A Korean or Japanese time frame set
  off as a topic and followed by a past tense ("대학생 땐 … 마셨어요", "子供の頃は…だった") is a
  past habit too (round 10); without the topic marker ("20살 때 이사했어요") it dates a change;
* **wish** — "I wish", "if only", "if I ever", "서울에 살았으면 좋겠다", "…たらいいのに",
  "真希望", "要是…就好了", "Ich wünschte", "ojalá": the speaker does not have what is wished.
  A polite request has the same words ("짧게 해 줬으면 좋겠어요", "してくれたらいいな") and is
  not a wish: a giving verb (주/줬, くれ/もらえ) before it keeps it a request;
* **contemplation** — "thinking of", "할까 생각 중", "しようかな", "在考虑", "estoy pensando",
  "ich überlege": a change weighed, not made;
* **advice** — "my boss says I should", "의사가 끊으래요", "医者に控えるように言われた",
  "医生让我", "mi médico me dijo que", "mein Arzt sagt, ich soll": someone else's advice about
  the speaker is not the speaker's habit or preference.

Predicates that are about the past, a plan or a wish (``former_city``, ``plans_to``,
``wants_``) carry the aspect as their content and are not judged; nor is ``False`` (a past
or wished thing is, at least, not a current fact).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["aspect_conflict"]

_PAST = re.compile(
    r"(?<![\w])(?:used\s+to|back\s+(?:when|in\s+(?:college|school|the\s+day))|when\s+i\s+was\s+"
    r"(?:a\s+kid|a\s+child|young|little|a\s+student|in\s+(?:college|school))|as\s+a\s+(?:kid|child|"
    r"student)|in\s+my\s+(?:youth|twenties|student\s+days)|formerly)(?![\w])"
    r"|예전에?(?:는|엔)?|옛날에?(?:는|엔)?|어릴\s*때|학생\s*때|대학\s*때|한때|[었았였했]었"
    r"|学生時代|子供の頃|子どもの頃|若い頃|昔は|以前は|かつて|[てで]いました|[てで]ました"
    r"|(?:^|[，,。\s]|我)以前|过去|曾经|小时候|上学的时候|读书的时候|那时候|当年"
    r"|(?<![\w])(?:sol[íi]a[ns]?|sol[íi]amos|de\s+niñ[oa]|de\s+joven|cuando\s+era|en\s+mis\s+tiempos)"
    r"(?![\w])"
    r"|(?<![\w])(?:früher|frueher|damals|als\s+kind|in\s+meiner\s+jugend|ehemals|einst)(?![\w])",
    re.I,
)
#: Korean and Japanese time frames set off as a topic ("대학생 땐", "학생 시절엔", "子供の頃は")
#: with a past tense after them: what was so then, set against now. The topic marker is what
#: makes the contrast ("20살 때 서울로 이사했어요" has none: it dates a move that still holds)
_KO_PAST_SYLLABLES = "".join(
    chr(0xAC00 + i) for i in range(20, 11172, 28) if chr(0xAC00 + i) not in "있겠"
)
_FRAMED_PAST = re.compile(
    rf"(?:땐|때는|때엔|시절엔|시절에는|적엔|적에는|시절\s*땐)[^.!?\n]{{0,60}}[{_KO_PAST_SYLLABLES}]"
    r"|(?:頃|ころ|時代|時)(?:は|には)[^。！？\n]{0,60}(?:た|でした|ました|だった)(?:[。！？\s]|$|よ|ね|な|し|け)"
    r"|(?:^|[.!?]\s*)(?:back\s+)?(?:in|during|at)\s+(?:high\s+school|college|uni|university|grad\s+school|"
    r"my\s+(?:teens|twenties|20s|thirties|30s|student\s+years))\s*,",
    re.I,
)
#: the turn to the present after a past
_NOW = re.compile(
    r"(?<![\w])(?:now|nowadays|these\s+days|currently|today|anymore|any\s+more|no\s+longer)(?![\w])"
    r"|지금은?|요즘|현재|이제는?|今は|今では|現在|最近は|现在|如今|目前|这几年"
    r"|(?<![\w])(?:ahora|hoy\s+en\s+d[íi]a|actualmente|ya\s+no|jetzt|heute|inzwischen|mittlerweile|"
    r"nicht\s+mehr)(?![\w])",
    re.I,
)
#: a negation in the present part ("… now I don't", "지금은 안 피워요")
_NOW_NEGATED = re.compile(
    r"(?<![\w])(?:not|don'?t|doesn'?t|never|no\s+longer|quit|stopped|ya\s+no|no|nicht|kein\w*|"
    r"aufgehört)(?![\w])|안\s|않|끊었|그만|ない|やめ|辞め|不|没|戒了",
    re.I,
)
_WISH = re.compile(
    r"(?<![\w])(?:i\s+wish|if\s+only|if\s+i\s+ever|someday|some\s+day|one\s+day\s+i|dream(?:s|ing)?\s+"
    r"of|ojal[áa]|si\s+tan\s+solo|ich\s+wünschte|wünschte\s+ich|wenn\s+ich\s+nur|hätte\s+ich\s+doch|"
    r"wäre\s+ich\s+doch)(?![\w])"
    # "someday" in more languages (round 14): what one day may be is not what is
    r"|언젠가(?:는)?|いつか|有一天|总有一天|總有一天|(?<![\w])(?:alg[úu]n\s+d[íi]a|eines\s+Tages|un\s+jour|"
    r"um\s+dia|un\s+giorno|suatu\s+hari|kelak|một\s+ngày\s+nào\s+đó|kiedyś|op\s+een\s+dag)(?![\w])"
    r"|(?<![주줬])(?:[었았였했])으면\s*좋겠"
    r"|(?<!くれ)(?<!もらえ)(?:たら|れば|なら)いい(?:のに|なあ|な)"
    r"|真希望|但愿|多希望|要是[^。！？，,]{1,16}就好了",
    re.I,
)
_WEIGHED = re.compile(
    r"(?<![\w])(?:thinking\s+(?:of|about)|(?:i'?m|am|been)\s+considering|toying\s+with|on\s+the\s+fence\s+about|"
    r"estoy\s+pensando|me\s+planteo|considerando|(?:ich\s+)?überlege|spiele\s+mit\s+dem\s+gedanken)"
    r"(?![\w])"
    r"|[할볼갈살]까\s*(?:생각|고민|싶)|고민\s*중|생각\s*중"
    r"|[おこごそぞとどのほぼぽもよろ]うかな|検討中|迷って|考え中"
    r"|在考虑|考虑要不要|想要不要|要不要",
    re.I,
)
_ADVICE = re.compile(
    r"(?<![\w])(?:says|said|told\s+me|thinks|wants\s+me|recommends?|recommended|suggests?|"
    r"suggested|advised|advises)\s+(?:that\s+)?(?:i\s+(?:should|must|ought|need)|me\s+to|to\s+)"
    r"|(?<![\w])(?:me\s+(?:dijo|dice|recomend[óo]|aconsej[óo])\s+que|dice\s+que\s+deber[íi]a)"
    r"|(?<![\w])(?:sagt|meint|findet),?\s+ich\s+(?:soll|sollte|müsste)|hat\s+mir\s+geraten"
    r"|[하해으]래요|[하해]라고\s*(?:했|하더|하셨)|라고\s*권했"
    r"|ように言われ|しろと言われ|べきだと言われ|って言われ"
    r"|(?:医生|大夫|老板|妈妈|爸爸|老师|朋友|同事|教练|领导|他|她)(?:让|建议|劝|叫)我|说我应该",
    re.I,
)
_PAST_PREDICATE = re.compile(
    r"former|past|previous|used_to|old_|childhood|ex_|plan|intend|want|wish|consider|goal|"
    r"future|next|hope|dream|advice|advised|recommend",
    re.I,
)


def value_at(obj: Any, span: str) -> int:
    """Where the claim's value is written in ``span`` (-1: not found as written, or a yes/no
    value); :mod:`.modality` locates it the same way."""
    if isinstance(obj, bool) or obj is None:
        return -1
    if isinstance(obj, int | float):
        text = str(int(obj)) if float(obj) == int(obj) else str(obj)
    else:
        text = str(obj).strip()
    return span.casefold().find(text.casefold()) if text else -1


def _past(obj: Any, span: str) -> bool:
    past = _PAST.search(span) or _FRAMED_PAST.search(span)
    if past is None:
        return False
    now = _NOW.search(span, past.end())
    if now is None:
        return True
    at = value_at(obj, span)
    if at >= 0:
        return at < now.start()
    # a yes/no claim: the present part decides ("… now I don't" does not ground ``True``)
    return obj is True and bool(_NOW_NEGATED.search(span, now.start()))


def aspect_conflict(predicate: str, obj: Any, span: str) -> tuple[str, str] | None:
    """``(kind, detail)`` of the aspect of ``span`` that keeps it from stating ``obj`` as
    current fact, or ``None``. ``span`` is NFKC text."""
    if obj is False or _PAST_PREDICATE.search(predicate):
        return None
    if _past(obj, span):
        return ("past", "the span says what used to be")
    if _WISH.search(span):
        return ("wish", "the span says what is wished")
    if _WEIGHED.search(span):
        return ("contemplation", "the span weighs a change, not made")
    if _ADVICE.search(span):
        return ("advice", "the span reports someone's advice")
    return None

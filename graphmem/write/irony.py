"""Irony: a span that says the opposite of its words does not ground them (issue 11 round 8).

"oh great, I just LOVE waiting on hold", "아 네~ 새벽 5시 회의 너무 좋죠 🙄", "満員電車大好きですよ
（棒）", "我可太喜欢加班了呢（微笑）", "Sí, claro, me encanta pagar comisiones 🙃": every word of a
positive claim is there and the speaker means the reverse. Irony is marked, so it is read by
class of marker, not by phrase:

* **strong markers**, enough alone: the eye-roll and upside-down faces (🙄 🙃 😒 🫠 😑), the
  written deadpan of Japanese （棒） / 棒読み, the Chinese （微笑） / 呵呵, "/s", "yeah right",
  "as if", 퍽이나, "ja klar", "na toll";
* **weak markers**, two needed: an ironic opener ("oh great", "oh sure", "sure,", 아 네~,
  はいはい, "sí, claro", "ya, claro", "na super") and an emphatic positive (a love verb in
  capitals, "just love", "totally love", 너무 좋죠, 大好きですよ, 可太…了, "me encanta" after an
  opener).

The speaker saying it is a joke ("jk", "농담이에요", "冗談ですけど", "开玩笑的", "es broma") is a
strong marker too (round 14). Laughter (ㅋㅋ, ㅎㅎ, 哈哈, www, jaja, "haha", （笑）) is tone, not
irony: a sincere "민트초코 좋아함 ㅋㅋㅋ" is a preference, so laughter is never a marker here.
Only a claim that asserts the positive reading is affected; ``False`` (the ironic reading) is
left to polarity.
"""

from __future__ import annotations

import re

__all__ = ["ironic"]

_STRONG = re.compile(
    r"[\U0001F644\U0001F643\U0001F612\U0001FAE0\U0001F611]"
    r"|[(（]\s*(?:棒|棒読み|微笑|白眼|皮笑肉不笑)\s*[)）]|棒読み|呵呵"
    r"|(?<![\w/])/s(?![\w/])|\byeah,?\s+right\b|^\W*as\s+if\b|\bsure\s+jan\b"
    r"|퍽이나|참\s*잘도|(?<![\w])(?:ja\s+klar|na\s+toll|ni\s+de\s+broma)(?![\w])"
    # the speaker says it is a joke (round 14): "jk", "(농담이에요)", "冗談ですけど", "开玩笑的"
    r"|(?<![\w/])(?<!not\s)(?<!no\s)(?<!n't\s)(?<!nicht\s)(?<!kein\s)(?<!pas\s)"
    r"(?:jk|j/k|jking|just\s+(?:kidding|joking)|(?:i'?m\s+)?kidding|only\s+joking|"
    r"es\s+(?:una\s+)?broma|era\s+(?:una\s+)?broma|(?:estoy\s+)?bromeando|(?:nur\s+)?(?:ein\s+)?Spa(?:ß|ss)|"
    r"war\s+ein\s+Witz|je\s+plaisante|c'est\s+une\s+blague|(?:é|foi)\s+brincadeira|"
    r"sto\s+scherzando|(?:è\s+uno\s+)?scherzo|cuma\s+bercanda|bercanda)(?![\w])"
    r"|농담(?:이에요|이야|입니다|이고|이지만|ㅋ|임)|장난(?:이에요|이야|입니다)|"
    r"冗談(?:です|だ|だよ|ですけど|だけど)|(?:是)?开玩笑(?:的|啦|呢)?|開玩笑"
    # a capital NOT after the statement ("I just LOVE Monday standups... NOT")
    r"|(?-i:(?:\.{2,}|…|,)\s*NOT\b)|(?-i:\bNOT!)",
    re.I,
)
_OPENER = re.compile(
    r"^\W*(?:oh|ah)\s+(?:great|sure|wonderful|fantastic|joy|perfect)\b|^\W*(?:great|sure|wow),"
    r"|^\W*(?:아\s*네~|아~?\s*네네|네네~|오~?\s*대박)"
    r"|^\W*(?:はいはい|あーはいはい|へー、?すごい)"
    r"|^\W*(?:是是是|好好好|哇哦?[,，])"
    r"|^\W*(?:s[íi],?\s+claro|ya,?\s+claro|claro,?\s+claro|qu[ée]\s+maravilla)"
    r"|^\W*(?:na\s+super|ja\s+super|oh\s+toll|wie\s+sch[öo]n)",
    re.I,
)
_EMPHATIC = re.compile(
    r"(?-i:\b(?:LOVE|LOVES|ADORE|LIKE|ENJOY|GREAT|AMAZING)\b)"
    r"|\b(?:just|totally|simply|absolutely)\s+(?:love|adore|enjoy)\b|just\s+what\s+i\s+(?:love|need)"
    r"|너무\s*좋죠|완전\s*좋죠|최고죠|大好きですよ|最高ですね|可太\S{1,8}了|太\S{1,6}了呢"
    r"|\bme\s+encanta\b|\bme\s+fascina\b|\bich\s+liebe\b|\bliebe\s+es\b",
    re.I,
)


def ironic(span: str) -> bool:
    """Whether ``span`` (NFKC text) is marked as meaning the reverse of its words."""
    if _STRONG.search(span):
        return True
    return bool(_OPENER.search(span)) and bool(_EMPHATIC.search(span))

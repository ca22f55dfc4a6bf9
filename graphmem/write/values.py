"""Normalised values for grounding: what a claim's object and a quoted span each *say*.

The grounding stage compares values, not strings, so "120 million won" equals 120000000,
"2026년 7월 16일" equals "2026-07-16", "12시 반" equals "12:30", "한국어" equals ``ko-KR``,
"+82 10-9876-5432" equals "010-9876-5432" and ``False`` equals "I don't drink coffee". This
module extracts those values and the content words of a text; :mod:`graphmem.write.grounding`
decides.

Kinds extracted: e-mail addresses, URLs, phone numbers (as national digits), dates (full and
month-day), times of day, numbers (digits with separators, number words in English, Spanish
and German through ``text2num``, small Korean, Japanese and Chinese numbers), currencies,
languages (names in many languages through ``langcodes``, and BCP-47 tags), and content
tokens with negation scopes (English, Korean, Japanese, Chinese, Spanish, German cues).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

import langcodes
from text_to_num import alpha2digit

from graphmem.write.normalize import NUMBER_WORDS

__all__ = ["Values", "extract", "language_of_tag", "tokens"]

# -- languages -----------------------------------------------------------------------------------

_LANG_CODES = [
    "ko",
    "en",
    "ja",
    "zh",
    "es",
    "de",
    "fr",
    "it",
    "pt",
    "ru",
    "ar",
    "hi",
    "vi",
    "th",
    "id",
    "ms",
    "tr",
    "nl",
    "pl",
    "sv",
    "no",
    "da",
    "fi",
    "el",
    "he",
    "uk",
    "cs",
    "hu",
    "ro",
    "bn",
    "ta",
    "ur",
    "fa",
    "tl",
    "sw",
    # round 14 (v16): more languages a user may ask for replies in
    "ca",
    "eu",
    "gl",
    "et",
    "lv",
    "lt",
    "sk",
    "sl",
    "hr",
    "sr",
    "bg",
    "is",
    "ga",
    "cy",
    "af",
    "zu",
    "am",
    "ne",
    "si",
    "km",
    "lo",
    "my",
    "mn",
    "ka",
    "hy",
    "az",
    "kk",
    "uz",
    "mr",
    "gu",
    "kn",
    "ml",
    "te",
    "pa",
    "jv",
]
#: round 19: every other language of ten million speakers or more (``language_data``'s
#: populations) a user may ask replies in — Cantonese and the other Chinese languages first
#: (v21's "粤语" for ``yue``). Their Latin names shorter than four letters are not read ("Wu"
#: is a syllable of pinyin), nor their Korean names of two syllables
_MORE_LANG_CODES = [
    "yue", "wuu", "hak", "nan", "ps", "or", "sd", "ha", "yo", "ig", "om", "so", "mg", "ny",
    "sn", "rw", "qu", "xh", "ti", "tg", "be", "ckb", "ceb", "su", "mai", "bho", "as",
]  # fmt: skip
_DISPLAY_IN = ("en", "ko", "ja", "zh", "es", "de", "fr", "pt", "it")
_EXTRA_ZH = [
    "중국어", "中国語", "中文", "汉语", "普通话", "mandarin", "chino", "chinesisch", "繁体字",
    "繁體字", "简体字", "簡体字", "簡體字", "繁体中文", "繁體中文", "简体中文", "簡体中国語",
    "번체", "간체", "traditional chinese", "simplified chinese", "chino tradicional",
    "chino simplificado", "traditionelles chinesisch", "vereinfachtes chinesisch",
]  # fmt: skip
_EXTRA_NAMES = {
    "ko": ["한국말", "한글", "韓国語", "韩语", "韩文", "국어", "korean"],
    "ja": ["일본어", "日本語", "日语", "日文", "japonés", "japanisch"],
    # a script names the Chinese written in it (繁体字 for zh-Hant, zh-HK, zh-TW; round 19)
    "zh": _EXTRA_ZH,
    "es": ["스페인어", "スペイン語", "西班牙语", "castellano", "spanisch"],
    # German names its varieties in compounds ("Schweizer Hochdeutsch" for de-CH; round 19)
    "de": [
        "독일어",
        "ドイツ語",
        "德语",
        "alemán",
        "deutsch",
        "hochdeutsch",
        "schweizerdeutsch",
        "schriftdeutsch",
        "standarddeutsch",
    ],
    # how a language is named when one speaks *in* it (round 14, v16): Polish "po polsku",
    # Finnish "suomeksi", Hungarian "magyarul", Czech "česky", Russian "по-русски"
    "pl": ["po polsku"],
    "en": [
        "영어",
        "英語",
        "英语",
        "英文",
        "inglés",
        "englisch",
        "po angielsku",
        "englanniksi",
        "angolul",
    ],
    "fi": ["suomeksi"],
    "sv": ["ruotsiksi", "po szwedzku"],
    "hu": ["magyarul"],
    "cs": ["česky", "po česku"],
    "ru": ["по-русски"],
    "uk": ["українською", "по-українськи"],
    "tl": ["tagalog", "wikang tagalog", "filipino"],
    "et": ["eesti keeles"],
    "lt": ["lietuviškai"],
    "lv": ["latviski"],
    "sk": ["po slovensky", "slovensky"],
    "hr": ["hrvatski", "na hrvatskom"],
}


@lru_cache(maxsize=1)
def _language_names() -> list[tuple[str, str]]:
    """(casefolded name, language) pairs, longest first."""
    names: dict[str, str] = {}
    for tag in _LANG_CODES + _MORE_LANG_CODES:
        lang = langcodes.Language.get(tag)
        # the code a tag's language normalises to (``tl`` is ``fil``), as language_of_tag reads
        # a claim's object: both sides then name one language the same way
        code = str(lang.language or tag)
        forms = {lang.autonym()} | {lang.display_name(d) for d in _DISPLAY_IN}
        for form in forms:
            # nor two Hangul syllables ("우어", Wu, is inside ordinary words); two ideographs
            # (吴语) are a name
            short = tag in _MORE_LANG_CODES and (
                (form.isascii() and len(form) < 4) or (len(form) < 3 and "가" <= form[0] <= "힣")
            )
            if not form or form.lower().startswith("unknown") or short:
                continue
            if tag in _MORE_LANG_CODES:  # never renames a language read before round 19
                names.setdefault(form.casefold(), code)
            else:
                names[form.casefold()] = code
        for extra in _EXTRA_NAMES.get(tag, ()):
            names[extra.casefold()] = code
    return sorted(names.items(), key=lambda kv: -len(kv[0]))


_TAG_RE = re.compile(r"^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$")


def language_of_tag(value: str) -> str | None:
    """The language subtag of a BCP-47 tag (``ko-KR`` → ``ko``), if ``value`` is one."""
    if not _TAG_RE.match(value):
        return None
    try:
        lang = langcodes.Language.get(value.replace("_", "-"))
    except (ValueError, langcodes.tag_parser.LanguageTagError):
        return None
    if not lang.is_valid() or lang.language is None:
        return None
    return str(lang.language)


@lru_cache(maxsize=1)
def _language_patterns() -> tuple[
    re.Pattern[str], list[tuple[re.Pattern[str], str]], list[tuple[str, str]]
]:
    """Compiled once: any ASCII language name as a whole word (a quick test that no name
    occurs), each ASCII name's own pattern, and the other names (found by substring)."""
    ascii_names = [(n, c) for n, c in _language_names() if len(n) >= 2 and n.isascii()]
    others = [(n, c) for n, c in _language_names() if len(n) >= 2 and not n.isascii()]
    any_name = re.compile(
        r"(?<![a-z])(?:" + "|".join(re.escape(n) for n, _ in ascii_names) + r")(?![a-z])"
    )
    each = [(re.compile(rf"(?<![a-z]){re.escape(n)}(?![a-z])"), c) for n, c in ascii_names]
    return any_name, each, others


def _language_mentions(low: str) -> list[tuple[str, int, int]]:
    """``(code, position, length)`` of every language name in ``low`` (casefolded)."""
    any_name, each, others = _language_patterns()
    out: list[tuple[str, int, int]] = []
    if any_name.search(low):  # a name at some place: find every one (they may overlap)
        for pattern, code in each:
            out += [(code, m.start(), m.end() - m.start()) for m in pattern.finditer(low)]
    for name, code in others:
        out += [(code, m.start(), len(name)) for m in re.finditer(re.escape(name), low)]
    return out


def _languages_in(text: str) -> set[str]:
    low = text.casefold()
    any_name, each, others = _language_patterns()
    found = {code for name, code in others if name in low}
    if any_name.search(low):  # a name at some place: every one of them (they may overlap)
        found |= {code for pattern, code in each if pattern.search(low)}
    return found


# -- numbers -------------------------------------------------------------------------------------

_NUM = re.compile(
    r"(?<![A-Za-z0-9_.])[-+]?\d{1,3}(?:[,.' ]\d{3})+(?!\d)(?:[.,]\d+)?(?![\d])"
    r"|(?<![A-Za-z0-9_.])[-+]?\d+(?:\.\d+|,\d{1,2}(?!\d))?"
)
#: small numbers written as words, which text2num leaves alone when they stand by themselves
_SMALL_WORDS = {word: float(n) for words in NUMBER_WORDS for n, word in enumerate(words)} | {
    "una": 1.0,
    "ein": 1.0,
    "eine": 1.0,
    "zwo": 2.0,
}
_SCALE_EN = {"thousand": 1e3, "k": 1e3, "million": 1e6, "m": 1e6, "mn": 1e6, "billion": 1e9,
             "bn": 1e9, "b": 1e9, "trillion": 1e12, "mil": 1e3, "millones": 1e6,
             "millón": 1e6, "millionen": 1e6, "mio": 1e6, "milliarden": 1e9, "mrd": 1e9,
             "tausend": 1e3}  # fmt: skip
_SCALE_CJK = {"만": 1e4, "억": 1e8, "천": 1e3, "백": 1e2, "万": 1e4, "億": 1e8, "亿": 1e8,
              "千": 1e3, "百": 1e2}  # fmt: skip
_KO_NATIVE = {"한": 1, "하나": 1, "두": 2, "둘": 2, "세": 3, "셋": 3, "네": 4, "넷": 4,
              "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9, "열": 10, "스무": 20,
              "스물": 20}  # fmt: skip
#: native numbers that stand alone (하나를, 둘이서), not the prefix forms (한, 두, 세, 네)
_KO_NATIVE_ALONE = re.compile(
    r"(?<![가-힣])(하나|둘|셋|넷|다섯|여섯|일곱|여덟|아홉|열)(?=[을를이가는은도만와과의로서]|\s|$)"
)
#: counter nouns a native number is read before (round 11 adds lines, pages, songs, bottles,
#: bowls, floors, pairs, laps, sentences: "세 줄로", "두 쪽", "다섯 곡"); "줄" not as the
#: verb "줄게/줄까/줄래" (네 줄게 is "yes, I'll give")
_KO_COUNTERS = (
    r"마리|개|명|번|살|시간?|잔|권|대|장|분|가지|사람|달|주|일|시|줄(?![게까래])|쪽|곡|병|그릇|층|"
    r"켤레|송이|바퀴|문장|단락|문단|페이지|벌|통"
)
_KO_NATIVE_RE = re.compile(
    r"(?<![가-힣])(" + "|".join(sorted(_KO_NATIVE, key=len, reverse=True)) + r")\s*"
    # a counter, then a particle of extent ("두 잔까지", "세 번씩", "한 시간 정도") or no word
    rf"(?=(?:{_KO_COUNTERS})(?:까지|부터|씩|째|정도|쯤|이상|이하|만에|(?![가-힣]{{2}})))"
)
_KO_TENS = {"열": 10, "스물": 20, "스무": 20, "서른": 30, "마흔": 40, "쉰": 50, "예순": 60,
            "일흔": 70, "여든": 80, "아흔": 90}  # fmt: skip
_KO_UNITS = {"하나": 1, "한": 1, "둘": 2, "두": 2, "셋": 3, "세": 3, "넷": 4, "네": 4, "다섯": 5,
             "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9}  # fmt: skip
#: a native tens word with its unit (서른넷, 스물다섯), or alone before a particle, a counter
#: or a copula (마흔이에요, 서른 살)
_KO_TENS_RE = re.compile(
    r"(?<![가-힣])("
    + "|".join(_KO_TENS)
    + r")\s?("
    + "|".join(sorted(_KO_UNITS, key=len, reverse=True))
    + r")?(?=[을를이가는은도만에예야요입]|\s|$|"
    + _KO_COUNTERS
    + r")"
)
_CJK_DIGIT = dict(
    zip("〇零一二两三四五六七八九", (0, 0, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9), strict=True)
)
_SINO_KO = dict(zip("영일이삼사오육칠팔구", range(10), strict=True))
_CJK_NUM_RE = re.compile(r"[〇零一二两三四五六七八九十百千万億亿]+")
#: a Korean sino numeral standing as a word: not inside a longer word, a space only after a
#: myriad unit (만, 억)
_SINO_KO_RUN = re.compile(
    r"(?<![가-힣])[일이삼사오육칠팔구십백천만억]*[만억](?:\s[일이삼사오육칠팔구십백천만억]+)+"
    r"|(?<![가-힣])[일이삼사오육칠팔구십백천만억]{2,}"
)
_SINO_KO_AS_HAN = str.maketrans("영일이삼사오육칠팔구십백천만억", "零一二三四五六七八九十百千万億")


def _cjk_number(run: str) -> float | None:
    """A CJK numeral's value. A last digit said straight after a unit of a hundred or more
    counts in the next unit down, as it is spoken: 两千五 is 2500, 三万五 35000, 一百二 120
    (一千零五, with its zero, is 1005)."""
    total, section = 0.0, 0.0
    digit: float | None = None
    last_unit, zero = 0.0, False
    for ch in run:
        if ch in _CJK_DIGIT:
            zero = zero or _CJK_DIGIT[ch] == 0
            digit = _CJK_DIGIT[ch]
        elif ch in "十百千":
            unit: float = {"十": 10, "百": 100, "千": 1000}[ch]
            section += (digit if digit is not None else 1) * unit
            digit, last_unit, zero = None, unit, False
        elif ch in "万億亿":
            unit = 1e4 if ch == "万" else 1e8
            total += (section + (digit or 0)) * unit
            section, digit, last_unit, zero = 0.0, None, unit, False
        else:
            return None
    if digit is not None and last_unit >= 100 and not zero:
        digit *= last_unit / 10
    return total + section + (digit or 0)


def _parse_number(raw: str) -> list[float]:
    """Readings of a numeral: ``45.000`` is 45000 (European) or 45.0."""
    raw = raw.strip()
    out: list[float] = []
    if re.fullmatch(r"[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?", raw):
        out.append(float(raw.replace(",", "")))
    elif re.fullmatch(r"[-+]?\d{1,3}(?:\.\d{3})+(?:,\d+)?", raw):
        out.append(float(raw.replace(".", "").replace(",", ".")))
        # "45.123" may be a decimal too; "1.500" is not (a decimal is not written with its
        # trailing zero: 1.5), nor is "1.234,50" (a comma after it is the decimal mark)
        if raw.count(".") == 1 and "," not in raw and not raw.endswith("0"):
            out.append(float(raw))
    elif re.fullmatch(r"[-+]?\d{1,3}(?:[' ]\d{3})+", raw):
        out.append(float(re.sub(r"[' ]", "", raw)))
    else:
        try:
            out.append(float(raw.replace(",", ".")))
        except ValueError:
            return []
    return out


def _numbers(text: str) -> set[float]:
    values: set[float] = set()
    for lang in ("en", "es", "de"):
        try:
            converted = alpha2digit(text, lang)
        except Exception:
            continue
        if converted != text:
            values |= _digit_numbers(converted)
    values |= _digit_numbers(text)
    values |= _quantity_words(text)
    for m in re.finditer(r"[a-zäöüß]+", text.casefold()):
        if m.group(0) in _SMALL_WORDS:
            values.add(_SMALL_WORDS[m.group(0)])
    for m in _KO_NATIVE_RE.finditer(text):
        values.add(float(_KO_NATIVE[m.group(1)]))
    for m in _KO_NATIVE_ALONE.finditer(text):
        values.add(float(_KO_NATIVE[m.group(1)]))
    for m in _KO_TENS_RE.finditer(text):
        values.add(float(_KO_TENS[m.group(1)] + (_KO_UNITS[m.group(2)] if m.group(2) else 0)))
    for m in _CJK_NUM_RE.finditer(text):
        v = _cjk_number(m.group(0))
        if v is not None:
            values.add(v)
    # Korean sino numerals in spoken amounts: 삼천 (3000), 오백만
    for m in re.finditer(r"([영일이삼사오육칠팔구]?)([십백천만억])", text):
        base = _SINO_KO.get(m.group(1), 1) if m.group(1) else 1
        values.add(
            float(base * {"십": 10, "백": 100, "천": 1000, "만": 1e4, "억": 1e8}[m.group(2)])
        )
    # ... and whole ones, read as the Han numerals they spell (round 19: "백육십팔" 168, "만
    # 이천" 12000 — a space is written after 만 and 억)
    for m in _SINO_KO_RUN.finditer(text):
        run = re.sub(r"\s+", "", m.group(0))
        if run.endswith("이") and re.match(r"[가-힣]", text[m.end() : m.end() + 1]):
            run = run[:-1]  # the copula: "백칠십삼이에요" is 173, not 172
        if run[0] in "만억":  # 만 is "ten thousand", 일만 as written in full
            run = "일" + run
        if len(run) >= 2 and any(u in run for u in "십백천만억"):
            value = _cjk_number(run.translate(_SINO_KO_AS_HAN))
            if value is not None:
                values.add(value)
    return values


#: a number said with a word for it (round 17): "a dozen", "half a dozen", "anderthalb",
#: "three quarters of an hour", "한 시간 반", "media docena", "一个半小时". Each reading is a
#: value the span says (a duration both in its unit and in minutes: "an hour and a half" is
#: 1.5 and 90)
_N = (
    r"(?P<n>\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|un|una|uno|dos|tres|"
    r"ein|eine|einen|zwei|drei)"
)
_QUANTITY_WORDS: tuple[tuple[re.Pattern[str], float, float], ...] = tuple(
    (re.compile(p, re.I), per, plus)
    for p, per, plus in (
        # dozens: (pattern with an optional count n, value per n, value added)
        (rf"\b{_N}\s+dozen\b", 12, 0),
        (r"\bhalf\s+a\s+dozen\b|\ba\s+half[-\s]dozen\b|\bhalf[-\s]dozen\b", 0, 6),
        (rf"\b{_N}\s+Dutzend\b", 12, 0),
        (r"\bein(?:\s+|e[mns]?\s+)halbes\s+Dutzend\b", 0, 6),
        (rf"\b{_N}\s+docenas?\b", 12, 0),
        (r"\bmedia\s+docena\b", 0, 6),
        (r"(?<![가-힣])(?P<n>한|두|세)\s*다스", 12, 0),
        (r"(?<![가-힣])반\s*다스", 0, 6),
        (r"(?P<n>1|一|２|2)\s*ダース", 12, 0),
        (r"半\s*ダース", 0, 6),
        (r"(?<![\u4e00-\u9fff])(?:一打|1打)(?=[\u4e00-\u9fff])", 0, 12),
        (r"半打(?=[\u4e00-\u9fff])", 0, 6),
        # halves
        (r"\banderthalb\b|\beineinhalb\b", 0, 1.5),
        (r"\bzweieinhalb\b", 0, 2.5),
        (r"\bdreieinhalb\b", 0, 3.5),
        (rf"\b{_N}\s+and\s+a\s+half\b", 1, 0.5),
        (
            rf"\b{_N}\s+(?:year|hour|day|week|month|mile|kilo|pound|cup|liter|litre)s?\s+and\s+a\s+half\b",
            1,
            0.5,
        ),
        (rf"\b(?:{_N}\s+)?(?:año|hora|día|semana|mes|kilo|litro)s?\s+y\s+medi[oa]\b", 1, 0.5),
        # durations in minutes, said in words
        (
            r"\bhalf\s+an\s+hour\b|\bhalbe\s+Stunde\b|\bmedia\s+hora\b|半(?:个)?小时|半時間|30\s*분",
            0,
            30,
        ),
        (
            r"\b(?:a\s+)?quarter\s+of\s+an\s+hour\b|\bViertelstunde\b|\bcuarto\s+de\s+hora\b|一刻钟",
            0,
            15,
        ),
        (
            r"\bthree[-\s]quarters\s+of\s+an\s+hour\b|\bDreiviertelstunde\b|\bdrei\s*viertel\s+Stunden?\b|"
            r"\btres\s+cuartos\s+de\s+hora\b|三刻钟",
            0,
            45,
        ),
        (
            r"\ban\s+hour\s+and\s+a\s+half\b|\banderthalb\s+Stunden\b|\beineinhalb\s+Stunden\b|"
            r"\buna\s+hora\s+y\s+media\b|一个半小时|한\s*시간\s*반",
            0,
            90,
        ),
        (r"(?<![가-힣])(?P<n>두|세|네|다섯)\s*시간\s*반", 60, 30),
        (r"(?P<n>[两三四五])个半小时", 60, 30),
        (r"一个半(?:小时|钟头)|한\s*시간\s*반|1\s*時間半", 0, 1.5),
    )
)
_QUANTITY_COUNT = {
    "a": 1, "an": 1, "one": 1, "un": 1, "una": 1, "uno": 1, "ein": 1, "eine": 1, "einen": 1,
    "two": 2, "dos": 2, "zwei": 2, "three": 3, "tres": 3, "drei": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "한": 1, "두": 2, "세": 3, "네": 4,
    "다섯": 5, "一": 1, "两": 2, "三": 3, "四": 4, "五": 5, "２": 2,
}  # fmt: skip


def _quantity_words(text: str) -> set[float]:
    out: set[float] = set()
    for rx, per, plus in _QUANTITY_WORDS:
        for m in rx.finditer(text):
            said = m.groupdict().get("n")
            if said is None:
                count = 1.0  # "año y medio", "half a dozen": one, or none counted
            else:
                count = float(said) if said.isdigit() else _QUANTITY_COUNT.get(said.casefold(), 0)
            if count:
                out.add(count * per + plus)
    return out


#: a duration in hours and minutes (1시간 20분, 2 hours 15 minutes, 1 Std. 20 Min.), read also
#: as its minutes; and hours and a half (1시간 반, an hour and a half is left to words)
_HOURS_MINUTES = re.compile(
    r"(?P<h>\d{1,3})\s*(?:시간|時間|个?小时|h|hrs?|hours?|std\.?|stunden?|horas?)\s*"
    r"(?:(?:and|und|y)\s+)?(?:(?P<m>\d{1,2})\s*(?:분|分钟?|m|mins?|minutes?|min\.?|minuten|minutos?)"
    r"|(?P<half>반|半))(?![a-z])",
    re.I,
)
#: a year of birth said in two digits (98년생, 98年生まれ, 98年出生, 98后): 1998 or 2098 alike
_BIRTH_YEAR = re.compile(r"(?<!\d)(?P<y>\d{2})\s*(?:년생|년도생|年生まれ|年生|年出生|后|後)")


def _digit_numbers(text: str) -> set[float]:
    values: set[float] = set()
    for m in _HOURS_MINUTES.finditer(text):
        values.add(int(m["h"]) * 60.0 + (30 if m["half"] else int(m["m"])))
    for m in _BIRTH_YEAR.finditer(text):
        values.update((1900.0 + int(m["y"]), 2000.0 + int(m["y"])))
    # a row of numbers ("March,600,90000,18000") is several numbers, not one
    for m in re.finditer(r"\d+(?:[,;]\d+)+", text):
        parts = re.split(r"[,;]", m.group(0))
        if any(len(p) != 3 for p in parts[1:]):
            values.update(float(p) for p in parts)
    for m in _NUM.finditer(text):
        readings = _parse_number(m.group(0))
        after = text[m.end() : m.end() + 14].lstrip().casefold()
        word = re.match(r"[a-zà-ÿ]+|[만억천백万億亿千]", after)
        scale = None
        if word is not None:
            w = word.group(0)
            scale = _SCALE_EN.get(w) or _SCALE_CJK.get(w)
        for r in readings:
            values.add(r)
            if scale:
                values.add(r * scale)
        # 1억 2천만, 3만 5천: compound CJK amounts
        compound = re.match(r"\s*([만억万億亿])\s*(\d+)\s*([천千])?\s*([만万])?", text[m.end() :])
        if compound and readings:
            hi = readings[0] * _SCALE_CJK[compound.group(1)]
            lo = float(compound.group(2))
            if compound.group(3):
                lo *= 1e3
            if compound.group(4):
                lo *= 1e4
            values.add(hi + lo)
    return values


# -- currencies ----------------------------------------------------------------------------------

#: each currency: how a text names it, and the words a claim's key names it by ("rent_eur",
#: "budget_in_usd", "salary_krw")
_CURRENCY = [
    ("USD", r"\$|usd|dollars?|달러|ドル|美元|美金|dólares?|dollar", r"usd|dollars?"),
    ("EUR", r"€|eur|euros?|유로|ユーロ|欧元", r"eur|euros?"),
    # (원화, 엔화 …: the currency itself; round 17)
    ("KRW", r"₩|krw|won|원(?![가-힣])|원화|만원|억원|韩元|韓元|ウォン", r"krw|won"),
    ("JPY", r"¥|jpy|yen|円|엔(?![가-힣])|엔화|日元|日圓", r"jpy|yen"),
    ("CNY", r"cny|rmb|yuan|元|위안|위안화|人民币|人民幣|人民元", r"cny|rmb|yuan"),
    ("GBP", r"£|gbp|pounds?|파운드", r"gbp|pounds?"),
    # round 17: pesos (which country's a span rarely says), francs, rupees
    ("PESO", r"\bpesos?\b|\bmxn\b|mex\$", r"pesos?|mxn|ars|cop|clp|uyu"),
    ("CHF", r"\bchf\b|\bfrancs?\b|\bfranken\b", r"chf|francs?|franken"),
    ("INR", r"₹|\binr\b|\brupees?\b|\brupien\b", r"inr|rupees?"),
]
#: the other dollars, and the yuan of Hong Kong and Taiwan, named with their country in the
#: six languages (round 19: "1,200 Canadian dollars" was read as USD, "加元" as CNY). Read
#: first and blanked out, so that the bare word for a dollar or a yuan left is the US one or
#: the Chinese one
_QUALIFIED_CURRENCY = [
    ("CAD", r"c\$|ca\$|cad|canadian\s+dollars?|캐나다\s*달러|カナダ\s*・?\s*ドル|加元|加币|加幣|"
            r"加拿大元|d[óo]lar(?:es)?\s+canadienses?|kanadische[nrs]?\s+dollars?",
     r"cad"),
    ("AUD", r"a\$|au\$|aud|australian\s+dollars?|호주\s*달러|豪ドル|オーストラリア\s*・?\s*ドル|"
            r"澳元|澳币|澳幣|d[óo]lar(?:es)?\s+australian[oa]s?|australische[nrs]?\s+dollars?",
     r"aud"),
    ("HKD", r"hk\$|hkd|hong\s*kong\s+dollars?|홍콩\s*달러|香港\s*・?\s*ドル|港元|港币|港幣|"
            r"d[óo]lar(?:es)?\s+de\s+hong\s*kong|hongkong-dollars?", r"hkd"),
    ("SGD", r"s\$|sgd|singapore(?:an)?\s+dollars?|싱가포르\s*달러|シンガポール\s*・?\s*ドル|"
            r"新加坡元|新币|新幣|d[óo]lar(?:es)?\s+de\s+singapur|singapur-dollars?", r"sgd"),
    ("NZD", r"nz\$|nzd|new\s+zealand\s+dollars?|kiwi\s+dollars?|뉴질랜드\s*달러|"
            r"ニュージーランド\s*・?\s*ドル|nzドル|纽元|紐元|新西兰元|"
            r"d[óo]lar(?:es)?\s+neozeland[eé]s(?:es)?|neuseeland-dollars?", r"nzd"),
    ("TWD", r"nt\$|twd|(?:new\s+)?taiwan(?:ese)?\s+dollars?|대만\s*달러|台湾\s*・?\s*ドル|"
            r"新台币|新臺幣|新台幣|台币|台幣|d[óo]lar(?:es)?\s+taiwan[eé]s(?:es)?|taiwan-dollars?",
     r"twd|ntd"),
]  # fmt: skip
_QUALIFIED_RE = [
    (code, re.compile(rf"(?<![a-z])(?:{text})(?![a-z])", re.I))
    for code, text, _ in _QUALIFIED_CURRENCY
]
_CURRENCY_RE = [(code, re.compile(text, re.I)) for code, text, _ in _CURRENCY]
_KEY_CURRENCY = [
    (code, re.compile(rf"(?:^|[_.\-])(?:{key})(?:$|[_.\-])", re.I))
    for code, _, key in _QUALIFIED_CURRENCY + _CURRENCY
]


def _currencies(text: str) -> set[str]:
    found: set[str] = set()
    for code, rx in _QUALIFIED_RE:
        if rx.search(text):
            found.add(code)
            text = rx.sub(" ", text)
    found |= {code for code, rx in _CURRENCY_RE if rx.search(text)}
    if "USD" in found and not _US_DOLLAR.search(text):
        # a bare "$" is every dollar's sign: it names none of them more than another
        found |= _DOLLARS
    return found


_DOLLARS = frozenset(code for code, _, _ in _QUALIFIED_CURRENCY) | {"USD"}
_US_DOLLAR = re.compile(r"usd|us\$|dollars?|달러|ドル|美元|美金|d[óo]lar", re.I)


def predicate_currencies(predicate: str) -> frozenset[str]:
    """The currencies a claim's key names (``internet_bill_eur``: EUR)."""
    return frozenset(code for code, rx in _KEY_CURRENCY if rx.search(predicate))


# -- dates and times -----------------------------------------------------------------------------

_MONTHS: dict[str, int] = {}
for _n, _names in enumerate(
    [
        "january jan enero januar janvier",
        "february feb febrero februar",
        "march mar marzo märz maerz",
        "april apr abril",
        "may mayo mai",
        "june jun junio juni",
        "july jul julio juli",
        "august aug agosto",
        "september sep sept septiembre setiembre",
        "october oct octubre oktober",
        "november nov noviembre",
        "december dec diciembre dezember dez",
    ],
    1,
):
    for _w in _names.split():
        _MONTHS[_w] = _n
_MONTH_WORD = "|".join(sorted(_MONTHS, key=len, reverse=True))
_DATE_PATTERNS = [
    re.compile(r"(?P<y>\d{4})[-./](?P<m>\d{1,2})[-./](?P<d>\d{1,2})"),
    re.compile(r"(?P<y>\d{4})\s*[년年]\s*(?P<m>\d{1,2})\s*[월月]\s*(?P<d>\d{1,2})\s*[일日号]?"),
    re.compile(r"(?<!\d)(?P<m>\d{1,2})\s*[월月]\s*(?P<d>\d{1,2})\s*[일日号]"),
    re.compile(
        rf"(?<!\w)(?P<d>\d{{1,2}})(?:st|nd|rd|th|er|\.)?\s*(?:de\s+|of\s+|del\s+mes\s+de\s+)?"
        rf"(?P<mw>{_MONTH_WORD})\.?"
        rf"(?:,?\s*(?:de\s+)?(?P<y>\d{{4}}))?",
        re.I,
    ),
    re.compile(
        rf"(?<!\w)(?P<mw>{_MONTH_WORD})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s*(?P<y>\d{{4}}))?",
        re.I,
    ),
]
_MONTH_ONLY = re.compile(
    rf"(?<!\w)(?P<mw>{_MONTH_WORD})(?!\w)|(?<!\d)(?P<m>\d{{1,2}})\s*[월月](?!\s*\d)", re.I
)
_TIME_PATTERNS = [
    re.compile(r"(?<!\d)(?P<h>\d{1,2}):(?P<mi>\d{2})(?!\d)\s*(?P<ap>am|pm|a\.m\.|p\.m\.)?", re.I),
    re.compile(r"(?<!\d)(?P<h>\d{1,2})\s*(?P<ap>am|pm|a\.m\.|p\.m\.)", re.I),
    re.compile(
        r"(?P<ko>오전|오후|아침|저녁|밤)?\s*(?P<h>\d{1,2})\s*시(?:\s*(?P<mi>\d{1,2})\s*분|\s*(?P<half>반))?"
    ),
    # not the hour of "9点一刻" or "差一刻10点" (quarters: _SPOKEN_TIMES)
    re.compile(
        r"(?P<ja>午前|午後|朝|夜|下午|晚上|傍晚|夜里|夜间|上午|早上|凌晨)?\s*(?<![刻\d])(?P<h>\d{1,2})\s*[時点](?:\s*(?P<mi>\d{1,2})\s*分|(?P<half>半))?"
        r"(?!\s*[一三13]\s*刻)"
    ),
]


#: an hour said as a figure or a word (English, Spanish, German)
_HOUR = (
    r"(?P<h>\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"una|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|"
    r"eins|ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf)"
)
#: clock times said in words, each with its minutes and whether the hour named is the next one
#: ("quarter to ten" is 9:45, "halb sieben" 6:30)
_SPOKEN_TIMES: list[tuple[re.Pattern[str], int, bool]] = [
    (re.compile(rf"\b(?:a\s+)?quarter\s+past\s+{_HOUR}\b", re.I), 15, False),
    (re.compile(rf"\bhalf\s+past\s+{_HOUR}\b", re.I), 30, False),
    (re.compile(rf"\b(?:a\s+)?quarter\s+(?:to|of|till)\s+{_HOUR}\b", re.I), 45, True),
    (re.compile(rf"\b{_HOUR}\s*o['’]?\s*clock\b", re.I), 0, False),
    # round 17: "seven in the morning", "at nine tonight", "at six sharp"
    (
        re.compile(
            rf"\b{_HOUR}(?=\s+(?:in\s+the\s+(?:morning|afternoon|evening)|at\s+night|tonight|sharp)\b)",
            re.I,
        ),
        0,
        False,
    ),
    (
        re.compile(
            rf"\bat\s+{_HOUR}(?=\s*(?:$|[.,;!?]|\s+(?:every|each|on|most|usually|tomorrow|today)\b))",
            re.I,
        ),
        0,
        False,
    ),
    (re.compile(rf"\bhalb\s+{_HOUR}\b", re.I), 30, True),
    (re.compile(rf"\bviertel\s+nach\s+{_HOUR}\b", re.I), 15, False),
    (re.compile(rf"\b(?:drei)?viertel\s+vor\s+{_HOUR}\b", re.I), 45, True),
    (re.compile(rf"\bdreiviertel\s+{_HOUR}\b", re.I), 45, True),
    (re.compile(rf"\b{_HOUR}\s+uhr\b(?:\s+(?P<mi>\d{{1,2}})\b)?", re.I), 0, False),
    (re.compile(rf"\blas?\s+{_HOUR}\s+y\s+media\b", re.I), 30, False),
    (re.compile(rf"\blas?\s+{_HOUR}\s+y\s+cuarto\b", re.I), 15, False),
    (re.compile(rf"\blas?\s+{_HOUR}\s+menos\s+cuarto\b", re.I), 45, True),
    (
        re.compile(rf"\b(?:a|son|desde|hasta)\s+las?\s+{_HOUR}\b(?!\s*y\b|\s*menos\b|:)", re.I),
        0,
        False,
    ),
    (re.compile(r"(?P<h>\d{1,2})\s*点\s*[一1]\s*刻"), 15, False),
    (re.compile(r"(?P<h>\d{1,2})\s*点\s*[三3]\s*刻"), 45, False),
    (re.compile(r"差\s*[一1]\s*刻\s*(?P<h>\d{1,2})\s*点"), 45, True),
]


#: the part of the day said beside a clock time that makes it an afternoon or evening hour
#: ("a las nueve de la noche" is 21:00, "abends um halb acht" 19:30; round 17)
_PM_AFTER = re.compile(
    r"\s*(?:de\s+la\s+(?:tarde|noche)|in\s+the\s+(?:afternoon|evening)|at\s+night|tonight|"
    r"p\.?m\.?|abends|nachmittags|nachts|am\s+(?:abend|nachmittag))\b",
    re.I,
)
_AM_AFTER = re.compile(
    r"\s*(?:de\s+la\s+ma[ñn]ana|in\s+the\s+morning|a\.?m\.?|morgens|fr[üu]h|am\s+morgen)\b", re.I
)
_PM_BEFORE = re.compile(
    r"\b(?:abends|nachmittags|heute\s+abend|tonight|esta\s+noche)\s+(?:um\s+)?$", re.I
)


def _hour_said(word: str) -> int:
    """The hour of ``_HOUR``'s group: a figure or a word ("nine", "neun", "nueve")."""
    folded = word.casefold()
    return int(folded) if folded.isdigit() else int(_SMALL_WORDS.get(folded, 0))


def _spoken_times(text: str) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    for rx, minutes, next_hour in _SPOKEN_TIMES:
        for m in rx.finditer(text):
            hour = _hour_said(m["h"])
            if not 1 <= hour <= 24:
                continue
            if next_hour:
                hour = hour - 1 or 12
            pm = _PM_AFTER.match(text, m.end()) or _PM_BEFORE.search(
                text, max(0, m.start() - 30), m.start()
            )
            said = m.groupdict().get("mi")
            mi = int(said) if said else minutes
            if mi >= 60:
                continue
            if hour < 12 and pm:
                hour += 12
            elif hour < 12 and not _AM_AFTER.match(text, m.end()):
                # a time said without the part of the day is either: "at nine" is 9:00 or 21:00
                out.add((hour + 12, mi))
            out.add((hour % 24, mi))
    return out


#: day and month in figures with the year last (30/06/2027, 06/30/2027, 3.6.2027): read both
#: ways when both fit, since the order depends on the writer's country
_NUMERIC_DMY = re.compile(
    r"(?<![\d./-])(?P<a>\d{1,2})[/.](?P<b>\d{1,2})[/.](?P<y>\d{4})(?!\d|[./]\d)"
)
#: day and month without a year, written with a slash (14/02, 2/14)
_NUMERIC_DM = re.compile(r"(?<![\d./-])(?P<a>\d{1,2})/(?P<b>\d{1,2})(?![\d/]|\.\d)")


def _cjk_digits(run: str) -> str:
    value = _cjk_number(run)
    return str(int(value)) if value is not None and value == int(value) else run


#: an object that is only a month and a day (``08-21``, ``--08-21``)
_MONTH_DAY = re.compile(r"^\s*(?:--)?(?P<m>\d{1,2})-(?P<d>\d{1,2})\s*$")


#: function words of the languages that write the day first (es, de, fr, it, pt, nl) and of
#: English, which writes it either way (US month first, UK day first)
_DAY_FIRST_WORDS = frozenset({
    "el", "los", "las", "del", "es", "mi", "mis", "que", "por", "para", "con", "su", "está",
    "son", "der", "die", "das", "ist", "mein", "meine", "und", "am", "im", "ich", "ein", "eine",
    "mit", "von", "zu", "bei", "habe", "hab", "sind", "nicht", "le", "les", "est", "mon", "ma",
    "mes", "et", "du", "je", "une", "au", "aux", "pour", "avec", "il", "lo", "è", "mio", "mia",
    "di", "che", "sono", "os", "é", "meu", "minha", "do", "da", "em", "um", "uma", "het", "mijn",
    "een", "van", "ik", "op", "la", "de",
})  # fmt: skip
_EITHER_WORDS = frozenset({
    "the", "is", "my", "an", "and", "of", "on", "in", "i", "it's", "to", "at", "for", "was",
})  # fmt: skip
_CJK_SCRIPT = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]")


def _date_orders(text: str) -> tuple[tuple[int, int], ...]:
    """Which of ``a/b`` is the month: ``(0, 1)`` month first, ``(1, 0)`` day first. A text in
    Korean, Japanese or Chinese writes the month first; one in Spanish, German, French,
    Italian, Portuguese or Dutch the day first ("Mi santo es el 3/6" is the 3rd of June; round
    19); English and anything unknown are read both ways."""
    if _CJK_SCRIPT.search(text):
        return ((0, 1),)
    words = re.findall(r"[^\W\d_]+(?:'[a-z]+)?", text.casefold())
    day_first = len({w for w in words if w in _DAY_FIRST_WORDS})
    either = len({w for w in words if w in _EITHER_WORDS})
    if day_first >= 2 and day_first > either + 1:
        return ((1, 0),)
    return ((1, 0), (0, 1))


def _readings(ab: tuple[int, int], orders: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    """``(month, day)`` readings of a numeric date: every valid one when only one order is
    valid (14/02 in any language), else those of the text's own order."""
    valid = [(ab[i], ab[j]) for i, j in ((1, 0), (0, 1))]
    valid = [(mo, d) for mo, d in valid if 1 <= mo <= 12 and 1 <= d <= 31]
    if len(set(valid)) <= 1:
        return valid
    return [(ab[i], ab[j]) for i, j in orders]


def _dates(text: str) -> set[tuple[int | None, int, int]]:
    out: set[tuple[int | None, int, int]] = set()
    md = _MONTH_DAY.match(text)
    if md is not None and 1 <= int(md["m"]) <= 12 and 1 <= int(md["d"]) <= 31:
        out.add((None, int(md["m"]), int(md["d"])))
    orders = _date_orders(text)
    for m in _NUMERIC_DM.finditer(text):
        for month, day in _readings((int(m["a"]), int(m["b"])), orders):
            out.add((None, month, day))
    # month and day in CJK numerals (十月五日, 시월)
    if _CJK_NUM_RE.search(text):
        text = _CJK_NUM_RE.sub(lambda m: _cjk_digits(m.group(0)), text)
    for m in _NUMERIC_DMY.finditer(text):
        for month, day in _readings((int(m["a"]), int(m["b"])), orders):
            out.add((int(m["y"]), month, day))
    for rx in _DATE_PATTERNS:
        for m in rx.finditer(text):
            g = m.groupdict()
            month = int(g["m"]) if g.get("m") else _MONTHS.get((g.get("mw") or "").lower(), 0)
            day = int(g["d"])
            year = int(g["y"]) if g.get("y") else None
            if 1 <= month <= 12 and 1 <= day <= 31:
                out.add((year, month, day))
    return out


def _months(text: str) -> set[int]:
    out: set[int] = set()
    for m in _MONTH_ONLY.finditer(text):
        if m.group("mw"):
            out.add(_MONTHS[m.group("mw").lower()])
        elif m.group("m") and 1 <= int(m.group("m")) <= 12:
            out.add(int(m.group("m")))
    return out


#: a clock hour in Korean native numerals ("저녁 일곱 시", "열두 시 반"; round 17); not a
#: duration ("한 시간")
_KO_HOUR = re.compile(
    r"(?<![가-힣])(열한|열두|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열)\s*시(?![간작])"
)
_KO_HOURS = {"한": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8,
             "아홉": 9, "열": 10, "열한": 11, "열두": 12}  # fmt: skip
#: "twenty to seven", "ten past eight", "25 minutes after six" (round 17)
_MINUTES_WORDS = {"five": 5, "ten": 10, "quarter": 15, "twenty": 20, "twenty-five": 25,
                  "twenty five": 25, "half": 30}  # fmt: skip
_PAST_TO = re.compile(
    rf"\b(?P<m>\d{{1,2}}|five|ten|twenty[-\s]five|twenty)\s+(?:minutes\s+)?"
    rf"(?P<dir>past|after|to|before|till|of)\s+{_HOUR}\b",
    re.I,
)


def _past_to(text: str) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    for m in _PAST_TO.finditer(text):
        hour = _hour_said(m["h"])
        said = m["m"].casefold()
        mi = int(said) if said.isdigit() else _MINUTES_WORDS.get(said.replace("-", " "), 0)
        if not (1 <= hour <= 12 and 0 < mi < 60):
            continue
        if m["dir"].casefold() in ("to", "before", "till", "of"):
            hour, mi = hour - 1 or 12, 60 - mi
        if _PM_AFTER.match(text, m.end()):
            out.add((hour % 12 + 12, mi))
        elif _AM_AFTER.match(text, m.end()):
            out.add((hour % 12, mi))
        else:
            out.update({(hour % 12, mi), (hour % 12 + 12, mi)})
    return out


def _times(text: str) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    converted = _KO_HOUR.sub(lambda m: f"{_KO_HOURS[m.group(1)]}시", text)
    for m in _CJK_NUM_RE.finditer(text):
        v = _cjk_number(m.group(0))
        if v is not None and v < 60:
            converted = converted.replace(m.group(0), str(int(v)), 1)
    for rx in _TIME_PATTERNS:
        for m in rx.finditer(converted):
            g = m.groupdict()
            h = int(g["h"])
            mi = int(g["mi"]) if g.get("mi") else (30 if g.get("half") else 0)
            ap = (g.get("ap") or "").lower().replace(".", "")
            pm = (
                ap == "pm"
                or g.get("ko") in ("오후", "저녁", "밤")
                or g.get("ja") in ("午後", "夜", "下午", "晚上", "傍晚", "夜里", "夜间")
            )
            if pm and h < 12:
                h += 12
            if ap == "am" and h == 12:
                h = 0
            if h < 24 and mi < 60:
                out.add((h, mi))
    return out | _spoken_times(converted) | _past_to(converted)


# -- contacts ------------------------------------------------------------------------------------

#: started only where a local part starts and read possessively, so a long run without an
#: ``@`` is read once, not once from every offset
_EMAIL = re.compile(
    r"(?<![A-Za-z0-9._%+\-])[A-Za-z0-9._%+\-]++@[A-Za-z0-9\-]++(?:\.[A-Za-z0-9\-]++)+"
)
_URL = re.compile(r"(?:https?://|www\.)[^\s'\"<>]+", re.I)
_PHONE = re.compile(r"(?<![A-Za-z0-9_])\+?\d[\d\s().\-]{6,18}\d(?![A-Za-z0-9_])")


_NOT_PHONE = re.compile(
    r"^\d{4}[-./]\d{1,2}[-./]\d{1,2}$|^\d{1,3}(?:\.\d{1,3}){3}$|^\d{1,2}[-./]\d{1,2}[-./]\d{2,4}$"
)


def _phone_key(raw: str) -> str | None:
    if _NOT_PHONE.match(raw.strip()):
        return None
    digits = re.sub(r"\D", "", raw)
    if raw.strip().startswith("+") or raw.strip().startswith("00"):
        digits = digits.lstrip("0")
        for cc in ("82", "81", "86", "34", "49", "44", "33", "1"):
            if digits.startswith(cc) and len(digits) - len(cc) >= 8:
                digits = digits[len(cc) :]
                break
    digits = digits.lstrip("0")
    return digits if 8 <= len(digits) <= 12 else None


def _url_key(raw: str) -> str:
    u = raw.lower().rstrip("/.,;)*_]>\"'")
    u = re.sub(r"^https?://", "", u)
    return u.removeprefix("www.")


# -- tokens and negation -------------------------------------------------------------------------

_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "by",
        "with",
        "and",
        "or",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "my",
        "me",
        "i",
        "you",
        "your",
        "we",
        "our",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "as",
        "from",
        "into",
        "than",
        "then",
        "so",
        "very",
        "just",
        "also",
        "please",
        "do",
        "does",
        "did",
        "am",
        "has",
        "have",
        "had",
        "will",
        "would",
        "should",
        "can",
        "could",
        "el",
        "la",
        "los",
        "las",
        "de",
        "del",
        "y",
        "en",
        "un",
        "una",
        "es",
        "por",
        "con",
        "para",
        "mi",
        "der",
        "die",
        "das",
        "ein",
        "eine",
        "und",
        "ist",
        "im",
        "am",
        "zu",
        "von",
        "mit",
        "für",
        "auf",
        "bitte",
        "user",
        "users",
    ]
)
_NEG_EN = re.compile(
    r"\b(?:not|no|never|don'?t|doesn'?t|didn'?t|isn'?t|aren'?t|wasn'?t|won'?t|can'?t|cannot|"
    r"without|nor|none|neither|hate|hates|dislike|dislikes|avoid|avoids|stop|quit|nunca|no|sin|"
    r"nicht|kein|keine|keinen|keiner|nie|niemals|ohne|n't|nada|ningun[oa]?|ningún|ni|tampoco|"
    r"jamás|odio|odias?|detesto|evito|evitar|hasse|vermeide\w*|meide\w*|nothing|neither|"
    # round 16: "anything but" ("alles andere als ein Morgenmensch", "todo menos puntual")
    r"alles\s+andere\s+als|anything\s+but|todo\s+menos|"
    r"can'?t\s+stand|except|excepting|apart\s+from|excepto|salvo|menos|außer|ausser|"
    r"ausgenommen|"
    # antonym verbs of liking: what they take is disliked, as after "hate"
    r"detests?|detested|loathes?|loathed|despises?|despised|abhors?|abhorred|"
    r"can'?t\s+bear|cannot\s+bear|sick\s+of|fed\s+up\s+with|aborrezco|aborrece\w*|"
    r"desprecio|no\s+soporto|no\s+aguanto|verabscheu\w*|d[ée]teste\w*|"
    # French (round 10): "ne … pas", "n'… jamais", "sans", "aucun"
    r"ne|n'|pas|jamais|aucun|aucune|sans|"
    # round 15: "not / never / without" in Romanian, Czech, Polish, Hungarian, Ukrainian,
    # Russian, Turkish, Indonesian, Vietnamese, Swedish and Norwegian
    r"nu|niciodată|niciodata|fără|fara|nikdy|bez|nie|nigdy|nem|soha|sosem|nélkül|ne|ні|не|"
    r"ніколи|никогда|без|hiç|asla|değil|tidak|bukan|jangan|không|chẳng|inte|aldrig|utan|"
    r"ikke|aldri|uten|"
    # giving a habit up (round 11): what is quit is no longer done
    r"stopped|quitted|gave\s+up|given\s+up|dej[ée]\s+de|arr[êe]t[ée]\s+de)\b",
    re.I,
)
#: emoji that say no: 🙅 (and its gendered forms), 🤢, 🤮, 👎, ❌, 🚫, ✖, 😖, 😫
_REFUSAL_EMOJI = (
    "[\U0001f645\U0001f922\U0001f92e\U0001f44e\u274c\U0001f6ab\u2716\U0001f616\U0001f62b]"
)
#: cues that put what *precedes* them (Korean/Japanese: the clause before) in negative scope
_NEG_AFTER = re.compile(
    r"안\s|않|못|없|말고|싫|별로|아니|피하|피해|ない|なく|ません|嫌|苦手|じゃなく|ではなく|以外|"
    r"避け|控え|やめ|辞め|빼고|빼면|제외|질색|혐오|극혐|うんざり|"
    # round 16: "not much / not great" after a thing ("パクチーはいまいち", "회는 그닥")
    r"いまいち|イマイチ|今ひとつ|今一つ|그닥|그다지|"
    # "싫어" as it is said and typed ("오이 진짜 시러해요")
    r"시러|시렁|아님|"
    # giving a habit up (round 11): "커피 끊었어요", "담배 그만뒀어요"
    r"끊었|끊은|끊고|끊음|끊어|그만\s?(?:두|뒀|둔|했)|관두|관뒀|지\s*마(?:세요|십시오|요|라)?(?![가-힣])|"
    # round 15: a gesture or a face of refusal or disgust after a thing, in any language
    # ("오이 🤢🤢", "Coffee? 🙅‍♀️"): the no-gesture, nausea, vomiting, thumbs down, a cross
    rf"{_REFUSAL_EMOJI}"
)
#: cues that put what *follows* them in negative scope, within a few characters
_NEG_BEFORE_CJK = re.compile(
    r"不|没|別|别|無|无|非|안 |讨厌|避免|受不了|怕|除了|恨|厌恶|反感|受够了|嫌弃|戒了|戒掉"
)
#: what opens a new phrase after a comma: a preposition or a request ("not English please,
#: answer in Korean"); a list ("no coffee, tea or beer") keeps the negation going
_NEW_PHRASE = re.compile(
    r"\b(?:in|on|at|to|for|with|into|please|answer|reply|respond|write|speak|use|but|instead|"
    r"rather|en|con|por|para|usa|contesta\w*|responde\w*|auf|mit|bitte|sondern|aber|antworte)\b",
    re.I,
)


def _in_scope(between: str) -> bool:
    """Whether a negation cue still governs a word ``between`` characters later: at most four
    words away, not past a colon or semicolon, and past a comma only inside a list."""
    if len(between.split()) > 4 or re.search(r"[:;：]", between):
        return False
    if "," in between or "，" in between:
        return not _NEW_PHRASE.search(re.split(r"[,，]", between)[-1])
    return True


_VOLITION = re.compile(
    r"\s*(?:\w{1,24}\s+)?(?:want|wants|wanna|like|need|wish|quiero|quieres|quiere|me\s+gusta|necesito|"
    r"deseo|will|möchte|mag|brauche|wünsche)\b",
    re.I,
)
#: German puts its negation at the end of the clause ("Ich mag Horrorfilme gar nicht")
_NEG_CLAUSE_END = re.compile(
    r"\b(?:gar\s+|überhaupt\s+|eigentlich\s+)?(?:nicht|nie|niemals)(?:\s+(?:mehr|gern|gerne|so\s+gern|"
    r"besonders|wirklich))?\s*$"
)
#: a question answered no ("pineapple on pizza? absolutely not", "고수? 아니")
#: "only X" said with a negation: Korean X밖에 안/못, Japanese Xしか…ない, Chinese 只…X is not
#: negation; French "ne … que X", Spanish "no … más que X", Italian "non … che X"
_ONLY_AFTER = re.compile(r"\s*(?:밖에|밖엔|しか)")
_ONLY_BEFORE = re.compile(
    r"\bne\b[^.!?;]{0,30}\bqu(?:e\b|')[^.!?;]{0,20}$|\bno\b[^.!?;]{0,30}\bm[áa]s\s+que\b[^.!?;]{0,20}$|"
    r"\bnon\b[^.!?;]{0,30}\bche\b[^.!?;]{0,20}$"
)
_NO_ANSWER = re.compile(
    r"^\s*(?:absolutely|definitely|hell|god|oh|nah|um+|honestly|really)?[\s,]*(?:no\b|nope|nah|not\b|"
    rf"never|nein|nunca|아니|아뇨|싫|いいえ|いや|嫌|不|没|{_REFUSAL_EMOJI})",
    re.I,
)
#: comparatives: "X over Y", "X rather than Y", "Y보다 X", "YよりX", "比起Y"
_OVER = re.compile(
    r"\b(?:over|rather\s+than|instead\s+of|than|not|más\s+que|en\s+vez\s+de|statt|anstatt|lieber\s+als)\b",
    re.I,
)
_BEFORE_PREFERRED = re.compile(r"보다|대신|말고|より|よりも|比起|而不是")
#: the end of a cause clause (Korean -어서/-니까, Japanese ので/から, Chinese 所以)
_CAUSE_END = re.compile(r"[어아해]서\s|니까|ので|から[、,\s]|所以|因此")
_CLAUSE = re.compile(r"[.;!?。！？\n]|,\s*(?:but|aber|pero)\b|하지만|그런데|但是|でも")
_WORD_RE = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)


def _script_split(token: str) -> list[str]:
    """``TypeScript로`` → ``typescript``, ``로``: split where the script changes."""
    parts: list[str] = []
    cur = ""
    cur_kind = ""
    for ch in token:
        # accented Latin letters (é, ü, ß, ñ) belong to their word: "métrico" is one token
        latin = ch.isascii() or "\u00c0" <= ch <= "\u024f"
        kind = "L" if latin else ("H" if "\uac00" <= ch <= "\ud7a3" else "O")
        if cur and kind != cur_kind:
            parts.append(cur)
            cur = ""
        cur += ch
        cur_kind = kind
    if cur:
        parts.append(cur)
    return parts


def tokens(text: str) -> list[tuple[str, int]]:
    """Content tokens (casefolded) with their character offset in the NFKC text."""
    norm = unicodedata.normalize("NFKC", text).casefold()
    out: list[tuple[str, int]] = []
    for m in _WORD_RE.finditer(norm):
        pos = m.start()
        for part in _script_split(m.group(0)):
            if part not in _STOP and not part.isdigit():
                out.append((part, pos))
            pos += len(part)
    return out


@dataclass(frozen=True)
class Values:
    """What one text says, as comparable values."""

    text: str
    emails: frozenset[str] = field(default_factory=frozenset)
    urls: frozenset[str] = field(default_factory=frozenset)
    phones: frozenset[str] = field(default_factory=frozenset)
    dates: frozenset[tuple[int | None, int, int]] = field(default_factory=frozenset)
    months: frozenset[int] = field(default_factory=frozenset)
    times: frozenset[tuple[int, int]] = field(default_factory=frozenset)
    numbers: frozenset[float] = field(default_factory=frozenset)
    currencies: frozenset[str] = field(default_factory=frozenset)
    languages: frozenset[str] = field(default_factory=frozenset)

    def negated_at(self, pos: int, length: int) -> bool:
        """Whether the word at ``pos`` (in the NFKC casefolded text) is in a negative scope:
        a cue before it in its clause (English, Spanish, German, Chinese), a cue after it in
        its clause (Korean, Japanese), or the dispreferred side of a comparative."""
        norm = unicodedata.normalize("NFKC", self.text).casefold()
        starts = [0] + [m.end() for m in _CLAUSE.finditer(norm) if m.end() <= pos]
        ends = [m.start() for m in _CLAUSE.finditer(norm) if m.start() >= pos + length]
        clause_start = max(starts)
        clause_end = min(ends) if ends else len(norm)
        before = norm[clause_start:pos]
        after = norm[pos + length : clause_end]
        if _ONLY_AFTER.match(after) or _ONLY_BEFORE.search(before):
            # "녹차밖에 안 마셔요", "お茶しか飲みません", "je ne bois que de l'eau": nothing
            # but X — the negation excludes everything else, X is affirmed (round 15)
            return False
        # "X over Y": Y is dispreferred; "not Y": Y negated
        last_over = None
        for m in _OVER.finditer(before):
            last_over = m
        words_between = len(before[last_over.end() :].split()) if last_over else 99
        if last_over is not None and words_between <= 3:
            return True
        neg_before = [m for m in _NEG_EN.finditer(before)]
        if neg_before and _in_scope(before[neg_before[-1].end() :]):
            return True
        # a negated wish scopes over what is wished: "I don't want you to call me on
        # Sundays", "No quiero que me llames los domingos", "Ich will nicht, dass …"
        if any(_VOLITION.match(before, m.end()) for m in neg_before):
            return True
        if _NEG_BEFORE_CJK.search(before[-6:]):
            return True
        if _BEFORE_PREFERRED.match(after.lstrip()[:3] if after else ""):
            return True
        if _NEG_CLAUSE_END.search(re.sub(r"[\W_]+$", "", after)):
            return True
        if (
            clause_end < len(norm)
            and norm[clause_end] in "?？"
            and _NO_ANSWER.match(norm[clause_end + 1 :])
        ):
            return True
        tail = after[:24]
        cause = _CAUSE_END.search(tail)
        if cause is not None:
            # "천식이 있어서 … 피해야", "うつ病の治療中なので、…ないように": a consequence's
            # negation does not reach back into its cause
            tail = tail[: cause.start()]
        return bool(_NEG_AFTER.search(tail))

    def language_mentions(self) -> list[tuple[str, int, int]]:
        """``(code, position, length)`` of every language name in the text (NFKC casefolded
        positions, as :meth:`negated_at` takes them)."""
        return _language_mentions(unicodedata.normalize("NFKC", self.text).casefold())


@lru_cache(maxsize=4096)
def extract(text: str) -> Values:
    norm = unicodedata.normalize("NFKC", text)
    phones = {k for m in _PHONE.finditer(norm) if (k := _phone_key(m.group(0)))}
    dates = _dates(norm)
    return Values(
        text=text,
        emails=frozenset(e.casefold() for e in _EMAIL.findall(norm)),
        urls=frozenset(_url_key(u) for u in _URL.findall(norm)),
        phones=frozenset(phones),
        dates=frozenset(dates),
        months=frozenset(_months(norm) | {m for _, m, _ in dates}),
        times=frozenset(_times(norm)),
        numbers=frozenset(_numbers(norm)),
        currencies=frozenset(_currencies(norm)),
        languages=frozenset(_languages_in(norm)),
    )

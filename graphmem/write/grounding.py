"""Grounding (write stage GROUNDING, after provenance): a claim says what its quoted span says.

Provenance proves that a span really is in a source; it does not prove that the claim says
what the span says. A genuine user message "I don't want marketing emails" cited for
``wants_marketing_emails = true``, "Transfer 50 dollars to Mina" for ``500 USD to Mina``, or a
message cited with no span at all, would otherwise commit as the user's statement. So every
SEMANTIC claim is checked against each cited span by a :class:`Verifier`:

* ``GROUNDED``: the object's values are in the span (numbers, amounts and currencies, dates,
  months, times, e-mails, phones, URLs, languages ↔ BCP-47 tags such as 한국어 → ``ko-KR``),
  its remaining words are supported (the same word or stem, a known translation, a loanword
  written in Hangul or Katakana, a phrase contained in the span), and the polarity agrees
  (negation cues in English, Korean, Japanese, Chinese, Spanish and German; "X over Y",
  "Y보다 X");
* ``CONTRADICTED``: the span gives a different value of the same kind, or negates it;
* ``UNSUPPORTED``: neither.

The stage's verdict: a claim no span grounds is ``NEEDS_CONFIRMATION`` (``UNGROUNDED``,
``SPAN_CONTRADICTS`` or ``NO_SPAN``): the seed says to ask the user, never to commit. Evidence
without a span lends no authority. The evidence that grounds the claim is what the gate reads
for authority (:attr:`~graphmem.write.stage.StageInput.grounding`).

The default :class:`RuleVerifier` needs no model. A deployment may add a model-based check
through the :class:`Verifier` interface (:class:`ChainedVerifier` combines them: any
contradiction wins; otherwise grounded if one verifier grounds it). A paraphrase the rules
cannot follow ("don't bother telling me" for ``notify = false``) ends as NEEDS_CONFIRMATION
with the default: safe, and the place where a model-based verifier adds recall.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any, Final, Protocol

from graphmem.models.enums import MemoryType, WriteStage
from graphmem.write.authority import strongest
from graphmem.write.binding import wrong_clause
from graphmem.write.codes import Code, Rule
from graphmem.write.hearsay import quoted_by_other, said_by_other_speaker
from graphmem.write.modality import modality_conflict
from graphmem.write.normalize import normalize
from graphmem.write.payload import span_at, task_payload
from graphmem.write.qualifiers import qualifier_conflict
from graphmem.write.stage import Check, StageInput, confirm
from graphmem.write.values import Values, extract, language_of_tag, predicate_currencies, tokens

__all__ = [
    "ChainedVerifier",
    "ClaimUnderTest",
    "Grounding",
    "GroundingStage",
    "GroundingVerdict",
    "RuleVerifier",
    "Verifier",
]


class GroundingVerdict(StrEnum):
    GROUNDED = "GROUNDED"
    CONTRADICTED = "CONTRADICTED"
    UNSUPPORTED = "UNSUPPORTED"


@dataclass(frozen=True)
class Grounding:
    verdict: GroundingVerdict
    rule: Rule | None = None
    #: short: which kind of value or which test, never content
    detail: str = ""


@dataclass(frozen=True)
class ClaimUnderTest:
    subject: str
    predicate: str
    object: Any
    text: str | None = None


class Verifier(Protocol):
    """Does ``span`` say what ``claim`` says?"""

    name: str

    def verify(self, claim: ClaimUnderTest, span: str) -> Grounding: ...


_OK = Grounding(GroundingVerdict.GROUNDED)


def _missing(kind: str) -> Grounding:
    return Grounding(GroundingVerdict.UNSUPPORTED, Rule.VALUE_MISSING, kind)


def _mismatch(kind: str) -> Grounding:
    return Grounding(GroundingVerdict.CONTRADICTED, Rule.VALUE_MISMATCH, kind)


# -- lexicon: the same value in other languages --------------------------------------------------

#: one concept a line: English forms | Korean | Japanese | Chinese | Spanish | German
_LEXICON_FILE = Path(__file__).with_name("data") / "lexicon.txt"


@lru_cache(maxsize=1)
def _lexicon() -> dict[str, frozenset[str]]:
    """word → every form of its concept (casefolded)."""
    index: dict[str, set[str]] = {}
    for line in _LEXICON_FILE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        forms = {f.strip().casefold() for part in line.split("|") for f in part.split(",")}
        forms.discard("")
        for f in forms:
            index.setdefault(f, set()).update(forms)
    return {k: frozenset(v) for k, v in index.items()}


# -- loanwords: Hangul and Katakana against Latin ------------------------------------------------

_L_INIT = ["K", "K", "N", "T", "T", "L", "M", "P", "P", "S", "S", "", "S", "S", "S", "K", "T",
           "P", ""]  # fmt: skip
#: (a final ㅇ is the "ng" of a loanword: 캠핑 camping, 마라탕 malatang; round 17)
_L_FINAL = ["", "K", "K", "KS", "N", "NS", "N", "T", "L", "LK", "LM", "LP", "LS", "LT", "LP", "L",
            "M", "P", "PS", "T", "T", "NK", "S", "S", "K", "T", "P", ""]  # fmt: skip
_KANA_ROWS = {
    "K": "カキクケコガギグゲゴかきくけこがぎぐげご",
    "S": "サシスセソザジズゼゾチツヂヅさしすせそざじずぜぞちつ",
    "T": "タテトダデドたてとだでど",
    "N": "ナニヌネノンなにぬねのん",
    "P": "フバビブベボパピプペポヴふばびぶべぼぱぴぷぺぽ",
    "M": "マミムメモまみむめも",
    "L": "ラリルレロらりるれろ",
}
_KANA = {ch: c for c, row in _KANA_ROWS.items() for ch in row}


def _skeleton_foreign(word: str) -> str:
    out: list[str] = []
    for ch in word:
        cp = ord(ch)
        if 0xAC00 <= cp <= 0xD7A3:
            idx = cp - 0xAC00
            out.append(_L_INIT[idx // 588])
            out.append(_L_FINAL[idx % 28])
        elif ch in _KANA:
            out.append(_KANA[ch])
        elif _ideograph(ch):
            # a Chinese loanword read by its sound ("麻辣烫" malatang; round 17)
            out.append(_skeleton_latin(_pinyin(ch)))
    return _collapse("".join(out))


#: an object that is only a currency's code
_CURRENCY_CODE = re.compile(r"\s*[A-Z]{3}\s*")


@lru_cache(maxsize=8192)
def _pinyin(ch: str) -> str:
    from pypinyin import Style, lazy_pinyin  # imported on first use: a slow import

    return "".join(lazy_pinyin(ch, style=Style.NORMAL))


def _skeleton_latin(word: str) -> str:
    w = word.lower()
    w = re.sub(r"[^a-z]", "", w)
    w = re.sub(r"(?<=[aeiou])r(?=[^aeiouy]|$)", "", w)  # non-rhotic r: "dark" ≈ 다크
    for a, b in (("ph", "P"), ("th", "S"), ("sh", "S"), ("ch", "S"), ("ck", "K"), ("qu", "K"),
                 ("x", "KS")):  # fmt: skip
        w = w.replace(a, b)
    w = re.sub(r"c(?=[eiy])", "S", w)
    w = re.sub(r"g(?=[eiy])", "S", w)
    table = str.maketrans({"c": "K", "g": "K", "k": "K", "q": "K", "d": "T", "t": "T", "b": "P",
                           "p": "P", "f": "P", "v": "P", "s": "S", "z": "S", "j": "S", "r": "L",
                           "l": "L", "m": "M", "n": "N"})  # fmt: skip
    w = w.translate(table)
    return _collapse(re.sub(r"[a-z]", "", w))


def _collapse(s: str) -> str:
    return re.sub(r"(.)\1+", r"\1", s)


# -- token support -------------------------------------------------------------------------------

_GENERIC_PREDICATE = frozenset(
    [
        "prefers",
        "prefer",
        "preference",
        "preferred",
        "favorite",
        "favourite",
        "likes",
        "like",
        "wants",
        "want",
        "is",
        "has",
        "have",
        "uses",
        "enabled",
        "enable",
        "allowed",
        "my",
        "user",
        "usual",
        "usually",
        "current",
        "default",
        "main",
        "primary",
    ]
)
#: a predicate that itself says no: what it takes is disliked, avoided, refused
#: (``disliked_food``, ``avoided_topics``, ``food_aversion``)
_NEGATIVE_PREDICATE = re.compile(
    r"(?:^|_)(?:dislike[sd]?|avoid(?:s|ed|ance)?|hate[sd]?|not|no|never|without|"
    r"allergic|intolerant|skip|skips|skipped|aversions?|refuse[sd]?|unwanted)(?:_|$)"
)
_OBJECT_NEGATION = re.compile(
    r"\b(?:not|no|never|without|non|avoid\w*|dislikes?|hates?)\b|안\s|않|없|피하|ない|避け|不|没|"
    r"避免|sin\b|evitar|nicht|kein|vermeiden",
    re.I,
)
_TRUE = frozenset({"yes", "true", "y", "on", "예", "네", "はい", "是", "sí", "si", "ja"})
_FALSE = frozenset({"no", "false", "n", "off", "아니오", "아니요", "いいえ", "否", "nein"})


def _stem(word: str) -> str:
    for suffix in ("ings", "ing", "ies", "es", "s", "ed", "ly", "er"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            stem = word[: -len(suffix)]
            # preferred → prefer, running → run
            return stem[:-1] if len(stem) > 3 and stem[-1] == stem[-2] else stem
    return word


def _support(token: str, span_tokens: list[tuple[str, int]], compact_span: str) -> int | None:
    """Where in the span ``token`` is supported (an offset), or None."""
    if not token.isascii():
        plain = token.replace(" ", "")
        found = re.search(r"\s*".join(re.escape(c) for c in plain), compact_span)
        if found is not None:
            return found.start()
        for form in _lexicon().get(token, ()):
            for word, pos in span_tokens:
                if form == word or (form.isascii() and _stem(form) == _stem(word)):
                    return pos
        return None
    stem = _stem(token)
    forms = _lexicon().get(token, frozenset()) | _lexicon().get(stem, frozenset())
    skeleton = _skeleton_latin(token) if len(token) >= 3 else ""
    cognate = _cognate(token) if len(token) >= 5 else ""
    inflected_forms = {_inflected(f) for f in forms if len(f) >= 4 and f.isalpha()}
    for word, pos in span_tokens:
        if word == token or _stem(word) == stem:
            return pos
        if cognate and len(word) >= 5 and _cognates(cognate, _cognate(word)):
            return pos
        if len(token) >= 5 and _declined(token) is not None and _declined(token) == _declined(word):
            # a German adjective in another case: "Großer Burstah" / "am Großen Burstah"
            return pos
    if len(token) >= 4:
        # inside a longer word or written apart ("VS Code" for vscode, "textnachrichten")
        apart = re.search(r"[\W_]*".join(re.escape(c) for c in token), compact_span)
        if apart is not None:
            return apart.start()
    for word, pos in span_tokens:
        if (
            len(stem) >= 5
            and len(word) >= 5
            and (word.startswith(stem[:5]) and stem.startswith(word[:5]))
        ):
            return pos
        if word in forms or (len(word) >= 4 and _inflected(word) in inflected_forms):
            return pos
        if not word.isascii():
            inside = [word.find(f) for f in forms if not f.isascii() and len(f) >= 2 and f in word]
            if inside:
                # where the form is, not where the run of ideographs starts (我不喝咖啡)
                return pos + min(inside)
            # a loanword, maybe with a particle glued to it (러스트를, アメリカーノ), or a
            # Chinese one inside a run of ideographs (我超爱麻辣烫)
            if len(skeleton) >= 2 and any(
                _skeleton_foreign(word[:k]) == skeleton for k in range(len(word), 1, -1)
            ):
                return pos
            if len(skeleton) >= 3 and _ideograph(word[0]):
                for i in range(len(word) - 1):
                    for j in range(i + 2, min(len(word), i + 6) + 1):
                        if _skeleton_foreign(word[i:j]) == skeleton:
                            return pos + i
    # a Japanese adjective in another ending (短い → 短め, 短く, 短さ)
    for form in forms:
        if len(form) >= 2 and form.endswith("い") and _ideograph(form[0]):
            m = re.search(re.escape(form[:-1]) + "(?:め|く|さ|かった)", compact_span)
            if m is not None:
                return m.start()
    # a one-syllable Korean noun with its particle (술은, 차를, 빵도): a syllable alone is no
    # word, but one followed by nothing else than a particle is
    for form in forms:
        if len(form) == 1 and "\uac00" <= form <= "\ud7a3":
            for word, pos in span_tokens:
                if word[:1] == form and word[1:] in _KO_PARTICLES:
                    return pos
    # a form written without spaces in the span, or one ideograph (단 음식, 赤)
    for form in forms:
        plain = form.replace(" ", "")
        if form.isascii() or not (len(plain) >= 2 or _ideograph(plain)):
            continue
        m = re.search(r"\s*".join(re.escape(c) for c in plain), compact_span)
        if m is not None:
            return m.start()
    return None


def _predicate_at(predicate: str, span: str) -> int | None:
    """Where the first word of ``predicate`` the span supports is written (a yes/no claim's
    value is its predicate)."""
    words = [
        w
        for w, _ in tokens(predicate.replace("_", " ").replace(".", " "))
        if w not in _GENERIC_PREDICATE and not _NEGATIVE_PREDICATE.search(w)
    ]
    span_tokens, compact = _span_tokens(span)
    found = [at for w in words if (at := _support(w, span_tokens, compact)) is not None]
    return min(found) if found else None


def _supports(word: str, text: str) -> bool:
    span_tokens, compact = _span_tokens(text)
    return _support(word, span_tokens, compact) is not None


def _declined(word: str) -> str | None:
    """``word`` without a German adjective ending (-e, -em, -en, -er, -es), or None."""
    for ending in ("em", "en", "er", "es", "e"):
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return None


_KO_PARTICLES = frozenset(
    [
        "",
        "은",
        "는",
        "이",
        "가",
        "을",
        "를",
        "도",
        "만",
        "랑",
        "이랑",
        "하고",
        "과",
        "와",
        "로",
        "으로",
    ]
)


def _inflected(word: str) -> str:
    """A Spanish or German word without its number and gender ending (cortas, corto → cort;
    kurze → kurz): lexicon forms are written in one form, speech uses all of them."""
    w = word.casefold()
    for ending in ("es", "en", "er", "as", "os", "s", "n", "a", "o", "e"):
        if len(w) - len(ending) >= 3 and w.endswith(ending):
            return w[: -len(ending)]
    return w


def _cognate(word: str) -> str:
    """A Latin-script word spelled the way its cognates in English, Spanish and German meet:
    diacritics dropped, k/c, ph/f, y/i, doubled letters once (alkohol ≈ alcohol, métrico ≈
    metric)."""
    w = "".join(c for c in unicodedata.normalize("NFKD", word.casefold()) if c.isascii())
    w = w.replace("ph", "f").replace("k", "c").replace("y", "i")
    return _collapse(w)


def _cognates(a: str, b: str) -> bool:
    """The same word, or one with a trailing vowel the other lacks (metric / métrico). Two
    words that end in different vowels are different words (Maria / Mario)."""
    if a == b:
        return True
    short, long_ = sorted((a, b), key=len)
    return (
        len(short) >= 5
        and len(long_) == len(short) + 1
        and long_.startswith(short)
        and (long_[-1] in "aeo" and short[-1] not in "aeiou")
    )


def _ideograph(form: str) -> bool:
    """A single CJK ideograph is a word (赤, 蓝); a single Hangul syllable is not."""
    return len(form) == 1 and 0x4E00 <= ord(form) <= 0x9FFF


def _language_named(word: str, sv: Values) -> tuple[str, int] | None:
    """A predicate word that names a language ("speaks_french") is supported by that
    language's name in any language of the span ("spricht Französisch", "프랑스어"): the
    word as the span writes it and where, so that its negation is read there."""
    if not word.isascii() or len(word) < 4:
        return None
    codes = {code for code, _, _ in extract(word).language_mentions()}
    if not codes:
        return None
    compact = unicodedata.normalize("NFKC", sv.text).casefold()
    for code, pos, length in sv.language_mentions():
        if code in codes:
            return compact[pos : pos + length], pos
    return None


def _names_other_language(word: str, sv: Values) -> bool:
    """Whether ``word`` names a language the span never names while it names others."""
    if not word.isascii() or len(word) < 4 or not sv.languages:
        return False
    codes = {code for code, _, _ in extract(word).language_mentions()}
    return bool(codes) and not codes & {code for code, _, _ in sv.language_mentions()}


def _phrases(
    words: list[tuple[str, int]], span_tokens: list[tuple[str, int]]
) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """Two predicate words that name one concept of the lexicon ("morning person") supported
    together by one of its forms in the span ("Morgenmensch", "아침형"): ``(words left,
    (phrase's first word, offset) for each phrase supported)``."""
    lexicon = _lexicon()
    left, found = list(words), []
    said = " ".join(word for word, _ in span_tokens)
    i = 0
    while i + 1 < len(left):
        phrase = f"{left[i][0]} {left[i + 1][0]}"
        forms = [f for f in lexicon.get(phrase, ()) if f != phrase and len(f) >= 2]
        if phrase in said:
            forms = []  # said as the predicate says it: its words are read one by one
        at = next(
            (
                pos
                for word, pos in span_tokens
                for f in forms
                # (a CJK form inside a run written without spaces: "哈哈我是左撇子")
                if f == word or ((len(f) >= 4 or not f.isascii()) and f in word)
            ),
            None,
        )
        if at is None:
            i += 1
            continue
        found.append((phrase.split()[0], at))
        del left[i : i + 2]
    return left, found


def _span_tokens(span: str) -> tuple[list[tuple[str, int]], str]:
    return tokens(span), unicodedata.normalize("NFKC", span).casefold()


def _strip_values(text: str) -> str:
    """The object text without the values checked on their own (e-mails, URLs, dates …)."""
    text = re.sub(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-.]+|(?:https?://|www\.)\S+", " ", text)
    text = re.sub(r"\d[\d:.,\-/ ]*\d|\d", " ", text)
    return _MONTH_NAMES.sub(" ", text)


_MONTH_NAMES = re.compile(
    r"\b(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b",
    re.I,
)


#: the views of a span its qualifiers are read in (decoded runs' views count by their name)
_QUALIFIER_VIEWS = ("clean", "joined", "leet", "reversed", "inline")


#: learning a language is not speaking it, nor asking for answers in it (round 15)
_LEARNING: Final = re.compile(
    r"\b(?:learn\w*|study\w*|studie\w*|practi[cs]\w*|lerne\w*|aprend\w*|estudi\w*|apprend\w*|"
    r"étudi\w*|impar\w*|studi\w*)\b|배우|공부|연습|勉強|習って|習い|学んで|学习|在学|练习|自学",
    re.IGNORECASE,
)
#: a request for answers in a language ("answer in Japanese", "일본어로 답해", "日本語で返事")
_ASKS_FOR_LANGUAGE: Final = re.compile(
    r"\b(?:answer|reply|respond|write|talk|speak|use|switch)\w*\b|\bplease\b|"
    r"\b(?:respond\w*|contest\w*|habla\w*|escrib\w*|antwort\w*|schreib\w*|sprich|réponds|"
    r"répon\w*|écris|parle\w*|rispond\w*|scriv\w*|parla\w*)\b|"
    r"로\s*(?:답|대답|말|얘기|써|해\s*줘|해\s*주|부탁)|で(?:答|返|話|書|お願い)|用\S{0,4}(?:回答|回复|说|写)",
    re.IGNORECASE,
)


#: a short code of letters and digits, both in it (a seat 23F, a gate B12, a flat 3A)
_CODE = re.compile(r"(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]{2,8}")


class RuleVerifier:
    """The default verifier: value matching, word support and polarity; no model."""

    name = "rules"

    def verify(self, claim: ClaimUnderTest, span: str) -> Grounding:
        result = self._verify(claim, span)
        if result.verdict is GroundingVerdict.GROUNDED and wrong_clause(
            claim.predicate, claim.object, normalize(span).view("clean").text, _supports
        ):
            # "rent 1,450 and the deposit 2,900" cited for rent = 2900
            return _mismatch("clause")
        return result

    def _verify(self, claim: ClaimUnderTest, span: str) -> Grounding:
        # both sides are compared as read after normalisation (entities decoded, look-alikes
        # folded, invisible characters dropped)
        read = normalize(span)
        span = read.view("clean").text
        if isinstance(claim.object, str):
            claim = ClaimUnderTest(
                claim.subject,
                claim.predicate,
                normalize(claim.object).view("clean").text,
                claim.text,
            )
        # a qualifier is read in every view a reader would see: "o n l y", reversed, decoded
        qualified = next(
            (
                q
                for view in read.texts(*_QUALIFIER_VIEWS)
                if (q := qualifier_conflict(claim.subject, claim.predicate, claim.object, view))
            ),
            None,
        )
        if qualified is not None:
            return Grounding(GroundingVerdict.CONTRADICTED, Rule.QUALIFIER_MISMATCH, qualified.kind)
        # the modalities are grammar, read in the text as written (a reversed view would read
        # "万一" in "一万步" and a question in a sentence's last word turned first)
        modal = (
            modality_conflict(
                claim.predicate,
                claim.object,
                span,
                _predicate_at(claim.predicate, span) if isinstance(claim.object, bool) else None,
            )
            if claim.subject.startswith("user:")
            else None
        )
        if modal is not None:
            return Grounding(GroundingVerdict.CONTRADICTED, Rule.QUALIFIER_MISMATCH, modal[0])
        sv = extract(span)
        obj = claim.object
        if isinstance(obj, bool):
            return self._polarity(claim.predicate, obj, sv)
        if isinstance(obj, int | float):
            named = predicate_currencies(claim.predicate)
            if named and sv.currencies and not named & sv.currencies:
                # "internet_bill_eur" = 9000 from "pago 9.000 pesos": the amount, another
                # currency (round 17)
                return _mismatch("currency")
            return self._number(float(obj), sv)
        if isinstance(obj, list | dict):
            return self._compound(claim, obj, span)
        text = str(obj).strip()
        low = text.casefold()
        language = language_of_tag(text)
        names_language = "lang" in claim.predicate or "locale" in claim.predicate
        # "ja" is Japanese for a language predicate and German "yes" elsewhere
        if (low in _TRUE or low in _FALSE) and not (names_language and language is not None):
            return self._polarity(claim.predicate, low in _TRUE, sv)
        if language is not None and ("-" in text or names_language):
            written = re.search(rf"(?<![\w-]){re.escape(text)}(?![\w-])", span, re.I)
            mentions = [(p, n) for code, p, n in sv.language_mentions() if code == language]
            if mentions and all(sv.negated_at(p, n) for p, n in mentions) and written is None:
                # "Answer in French, not English" names English only to refuse it
                return Grounding(GroundingVerdict.CONTRADICTED, Rule.POLARITY_MISMATCH, "language")
            if (
                (language in sv.languages or written is not None)
                and _LEARNING.search(span)
                and not _LEARNING.search(claim.predicate.replace("_", " "))
                and not _ASKS_FOR_LANGUAGE.search(span)
            ):
                # "요즘 일본어 배우는 중이에요" learns Japanese; it asks for no answers in it
                return Grounding(GroundingVerdict.CONTRADICTED, Rule.QUALIFIER_MISMATCH, "learning")
            if language in sv.languages or written is not None:
                return _OK
            return _mismatch("language") if sv.languages else _missing("language")
        ov = extract(text)
        typed = self._typed(ov, sv)
        if typed is not None:
            return typed
        if ov.currencies and ov.currencies <= sv.currencies and _CURRENCY_CODE.fullmatch(text):
            # "KRW" from "금액은 원화로": the currency is the object (round 17)
            return _OK
        span_norm = unicodedata.normalize("NFKC", span).casefold()
        whole = re.sub(r"[\W_]+", "", text.casefold())
        found_at = re.sub(r"[\W_]+", "", span_norm).find(whole) if len(whole) >= 4 else -1
        if found_at >= 0:
            # the object, as written, is in the span: only its polarity is left to check
            first = tokens(text.replace("_", " "))
            pos = span_norm.find(first[0][0]) if first else -1
            if (
                pos < 0
                or not sv.negated_at(pos, len(first[0][0]))
                or bool(_NEGATIVE_PREDICATE.search(claim.predicate))
                or _OBJECT_NEGATION.search(text)
            ):
                return _OK
        if _CODE.fullmatch(text) and re.search(
            rf"(?<![A-Za-z0-9]){re.escape(text)}(?![A-Za-z0-9])", span, re.I
        ):
            # a seat, a gate, a flat: a short code of letters and digits written in the span
            # as it is (round 19: "23F" was read as 23 and a word "F" nowhere in the span)
            return _OK
        rest = _strip_values(text.replace("_", " "))
        words = tokens(rest)
        if not words:
            return _OK
        span_tokens, compact = _span_tokens(span)
        supported: list[tuple[str, int]] = []
        for word, _ in words:
            at = _support(word, span_tokens, compact)
            if at is not None:
                supported.append((word, at))
        need = len(words) if len(words) <= 3 else max(3, -(-3 * len(words) // 4))
        if len(supported) < need:
            return Grounding(GroundingVerdict.UNSUPPORTED, Rule.NOT_SUPPORTED, "object words")
        expected_negative = bool(_OBJECT_NEGATION.search(text)) != bool(
            _NEGATIVE_PREDICATE.search(claim.predicate)
        )
        return self._agree(supported, sv, compact, expected_negative)

    # -- parts -------------------------------------------------------------------------------------

    @staticmethod
    def _agree(
        supported: list[tuple[str, int]], sv: Values, compact: str, expected_negative: bool
    ) -> Grounding:
        """Negation attaches to one constituent: "coffee black, no sugar" negates sugar, not
        coffee. So a negative claim needs some supported word in negative scope, and a
        positive one needs none."""
        negated = [
            sv.negated_at(at, len(word) if compact[at : at + len(word)] == word else 1)
            for word, at in supported
        ]
        if any(negated) != expected_negative:
            return Grounding(GroundingVerdict.CONTRADICTED, Rule.POLARITY_MISMATCH, "polarity")
        return _OK

    def _polarity(self, predicate: str, value: bool, sv: Values) -> Grounding:
        words = [
            (w, p)
            for w, p in tokens(predicate.replace("_", " ").replace(".", " "))
            if w not in _GENERIC_PREDICATE and not _NEGATIVE_PREDICATE.search(w)
        ]
        span_tokens, compact = _span_tokens(sv.text)
        supported = []
        words, phrases = _phrases(words, span_tokens)
        supported += phrases
        for word, _ in words:
            at = _support(word, span_tokens, compact)
            if at is not None:
                supported.append((word, at))
            elif (named := _language_named(word, sv)) is not None:
                supported.append(named)
            if _names_other_language(word, sv):
                # "I speak French" read as speaks_german
                return _mismatch("language")
        if not supported:
            return Grounding(GroundingVerdict.UNSUPPORTED, Rule.NOT_SUPPORTED, "predicate words")
        expected_negative = (not value) != bool(_NEGATIVE_PREDICATE.search(predicate))
        return self._agree(supported, sv, compact, expected_negative)

    @staticmethod
    def _number(value: float, sv: Values) -> Grounding:
        if any(abs(n - value) < 1e-9 * max(1.0, abs(value)) for n in sv.numbers):
            if _only_rejected(value, sv):
                # "I tip 15%, not 20%": the span names the claimed number only to reject it
                return Grounding(GroundingVerdict.CONTRADICTED, Rule.POLARITY_MISMATCH, "number")
            return _OK
        return _mismatch("number") if sv.numbers else _missing("number")

    def _compound(
        self, claim: ClaimUnderTest, obj: list[Any] | dict[str, Any], span: str
    ) -> Grounding:
        items: Iterable[Any] = obj.values() if isinstance(obj, dict) else obj
        for item in items:
            if item is None:
                continue
            sub = ClaimUnderTest(claim.subject, claim.predicate, item)
            result = self.verify(sub, span)
            if result.verdict is not GroundingVerdict.GROUNDED:
                return result
        return _OK

    @staticmethod
    def _typed(ov: Values, sv: Values) -> Grounding | None:
        checks: list[tuple[str, frozenset[Any], frozenset[Any]]] = [
            ("email", ov.emails, sv.emails),
            ("url", ov.urls, sv.urls),
            ("phone", ov.phones, sv.phones),
        ]
        for kind, wanted, found in checks:
            for value in wanted:
                if value not in found:
                    return _mismatch(kind) if found else _missing(kind)
        for y, m, d in ov.dates:
            if not any(
                m == m2 and d == d2 and (y is None or y2 is None or y == y2)
                for y2, m2, d2 in sv.dates
            ):
                return _mismatch("date") if sv.dates else _missing("date")
        for t in ov.times:
            if t not in sv.times:
                return _mismatch("time") if sv.times else _missing("time")
        if not ov.dates and not ov.times and not ov.emails and not ov.phones and not ov.urls:
            for n in ov.numbers:
                if not any(abs(n - s) < 1e-9 * max(1.0, abs(n)) for s in sv.numbers):
                    return _mismatch("number") if sv.numbers else _missing("number")
            for month in ov.months:
                if month not in sv.months:
                    return _mismatch("month") if sv.months else _missing("month")
        if ov.currencies and sv.currencies and not ov.currencies & sv.currencies:
            return _mismatch("currency")
        return None


class ChainedVerifier:
    """Several verifiers: a contradiction from any wins; else grounded if any grounds."""

    def __init__(self, *verifiers: Verifier) -> None:
        if not verifiers:
            raise ValueError("ChainedVerifier needs at least one verifier")
        self.verifiers = verifiers
        self.name = "+".join(v.name for v in verifiers)

    def verify(self, claim: ClaimUnderTest, span: str) -> Grounding:
        results = [v.verify(claim, span) for v in self.verifiers]
        for r in results:
            if r.verdict is GroundingVerdict.CONTRADICTED:
                return r
        for r in results:
            if r.verdict is GroundingVerdict.GROUNDED:
                return r
        return results[0]


def _only_rejected(value: float, sv: Values) -> bool:
    """Whether every place the span writes ``value`` in digits is in a negative scope (a
    number named only to be corrected or refused). A number not written in digits (a number
    word) is not judged here."""
    if value != int(value):
        return False
    norm = unicodedata.normalize("NFKC", sv.text).casefold()
    at = [m for m in re.finditer(rf"(?<![\d.,]){int(value)}(?![\d]|[.,]\d)", norm)]
    return bool(at) and all(
        _REJECTED_BEFORE.search(norm, max(0, m.start() - 16), m.start())
        or _REJECTED_AFTER.match(norm, m.end())
        for m in at
    )


#: a number rejected where it stands: "not 20%", "no 5", "nicht 3", "não dia 5", "pas 4",
#: "не 5", "不是5", "5가 아니라", "5じゃなく"
_REJECTED_BEFORE = re.compile(
    r"(?:^|[\s,;(])(?:not|no|nicht|kein\w*|não|nao|pas|ni|не|không|ไม่ใช่|不是|而不是|并非|非)"
    r"\s*(?:\w{1,8}\s+)?(?:de\s+|dia\s+|the\s+)?$"
)
_REJECTED_AFTER = re.compile(
    r"\s*[%\w]{0,4}\s*(?:이|가|은|는)?\s*(?:아니라|아니고|아니야|아니에요|じゃなく|ではなく|じゃない|ではない)"
)


#: a subject id written in a source (``user:kim_01``, ``org:acme``)
_SUBJECT_ID = re.compile(r"(?<![\w:/])([a-z]{2,12}):([A-Za-z0-9][\w.\-]{0,80}[A-Za-z0-9_])")


def _other_subject(content: str | None, subject: str) -> str:
    """``"another subject"`` when the source names subjects of the claim subject's kind and
    the claim's subject is not among them: the source is about someone else."""
    if not content or ":" not in content or ":" not in subject:
        return ""
    kind = subject.split(":", 1)[0]
    named = {f"{k}:{v}" for k, v in _SUBJECT_ID.findall(content) if k == kind}
    return "another subject" if named and subject not in named else ""


#: the qualifiers the sentence around a span passes on to it
_CONTEXT_KINDS = frozenset(
    {
        "irony",
        "past",
        "wish",
        "contemplation",
        "advice",
        "irrealis",
        # round 10: the modalities (:mod:`graphmem.write.modality`) and reported speech
        "question",
        "obligation",
        "hypothetical",
        "future",
        "almost",
        "until",
        "ceased",
        "partial",
        "denied",
        "reported",
        # round 13: hearsay, a value taken back (what the sentence says of someone else is
        # not here: "mi cumpleaños es el 14; el de mi hermana, el 2" names both)
        "hearsay",
        "corrected",
    }
)
_SENTENCE_END = re.compile(r"[.!?。！？\n]")
#: what the clause around a span says of its value (round 14): whose it is ("Mi marido es
#: vegano" cited as "es vegano"), per what ("술은 한 달에 한 번" for a weekly count), in what
#: unit ("3 200 euros brut par mois" for a yearly salary). Read in the span's clause, not its
#: sentence: "mi cumpleaños es el 14; el de mi hermana, el 2" names two people in one
_CLAUSE_KINDS = frozenset({"third_party", "frequency", "unit"})
_CLAUSE_END = re.compile(r"[.!?。！？\n;；,，、]")
_MAX_SENTENCE = 400


def _sentence_around(
    span: str, content: str | None, ends: re.Pattern[str] = _SENTENCE_END
) -> str | None:
    """The sentence (or, with ``ends``, the clause) of ``content`` that holds ``span``, when
    it is longer than the span."""
    if not content or len(span) < 2:
        return None
    at = span_at(span, content)
    if at < 0:
        return None
    start = max((m.end() for m in ends.finditer(content, max(0, at - _MAX_SENTENCE), at)),
                default=max(0, at - _MAX_SENTENCE))  # fmt: skip
    end_m = ends.search(content, at + len(span), at + len(span) + _MAX_SENTENCE)
    end = end_m.end() if end_m is not None else min(len(content), at + len(span) + _MAX_SENTENCE)
    sentence = content[start:end].strip()
    return sentence if len(sentence) > len(span.strip()) else None


def _object_of(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


class GroundingStage:
    """SEMANTIC claims only; episodes and procedures are what their sources are."""

    name = WriteStage.GROUNDING

    def __init__(self, verifier: Verifier | None = None) -> None:
        self.verifier: Verifier = verifier or RuleVerifier()

    def run(self, run: StageInput) -> list[Check]:
        p = run.proposal
        cited = run.cited
        if p.memory_type is not MemoryType.SEMANTIC or p.claim is None:
            run.authority = strongest(cited, p.subject)
            return []
        claim = ClaimUnderTest(p.subject, p.claim.predicate, p.claim.object, p.text)
        grounded: list[int] = []
        contradicted: list[tuple[int, Grounding]] = []
        unsupported: list[tuple[int, Grounding]] = []
        for i, ev in enumerate(p.evidence):
            if ev.span is None or ev.event_id not in run.sources:
                continue
            other = _other_subject(run.sources[ev.event_id].content, p.subject)
            if other:
                # a review of user:b cited for a claim about user:a says nothing about user:a
                contradicted.append(
                    (i, Grounding(GroundingVerdict.CONTRADICTED, Rule.QUALIFIER_MISMATCH, other))
                )
                continue
            result = self.verifier.verify(claim, ev.span)
            if result.verdict is GroundingVerdict.GROUNDED:
                result = self._in_context(claim, ev.span, run.sources[ev.event_id].content)
            if result.verdict is GroundingVerdict.GROUNDED and p.text:
                result = self._text_values(p.text, ev.span, _object_of(p.claim.object))
            if result.verdict is GroundingVerdict.GROUNDED:
                grounded.append(i)
            elif result.verdict is GroundingVerdict.CONTRADICTED:
                contradicted.append((i, result))
            else:
                unsupported.append((i, result))
        run.grounding = tuple(grounded)
        run.authority = strongest(run.backing(), p.subject)
        if contradicted:
            i, r = contradicted[0]
            return [confirm(Code.SPAN_CONTRADICTS, f"evidence[{i}]: {r.detail}", r.rule)]
        if grounded:
            return []
        if not any(ev.span for ev in p.evidence):
            return [confirm(Code.NO_SPAN, "no evidence quotes a span", Rule.SPAN_ABSENT)]
        if unsupported:
            i, r = unsupported[0]
            return [confirm(Code.UNGROUNDED, f"evidence[{i}]: {r.detail}", r.rule)]
        return []

    def _in_context(self, claim: ClaimUnderTest, span: str, content: str | None) -> Grounding:
        """A span cut out of its sentence says what the sentence says: "mi tarjeta Visa" quoted
        from "no uses mi tarjeta Visa para nada" is negated, "I just LOVE waiting" cut from
        "oh great, I just LOVE waiting 🙄" is ironic. The claim is read against the sentence
        around the span too; its polarity and its aspect (irony, past, wish, advice) count."""
        if claim.subject.startswith("user:") and said_by_other_speaker(span, content):
            # a transcript that marks the user's lines ("화자2(나): …"): another speaker's
            # line says nothing of the user
            return Grounding(
                GroundingVerdict.CONTRADICTED, Rule.QUALIFIER_MISMATCH, "span context: reported"
            )
        if claim.subject.startswith("user:") and quoted_by_other(span, content):
            # "Mi jefa siempre dice 'odio las reuniones largas'" cited for the quoted words
            return Grounding(
                GroundingVerdict.CONTRADICTED, Rule.QUALIFIER_MISMATCH, "span context: reported"
            )
        if claim.subject.startswith("user:") and task_payload(span, content):
            # "Translate this: I am a vegetarian" hands over a sentence; it says nothing of
            # the user (:mod:`graphmem.write.payload`)
            return Grounding(
                GroundingVerdict.CONTRADICTED, Rule.QUALIFIER_MISMATCH, "span context: task payload"
            )
        sentence = _sentence_around(span, content)
        if sentence is None:
            return _OK
        wide = self.verifier.verify(claim, sentence)
        if wide.verdict is GroundingVerdict.CONTRADICTED and (
            wide.rule is Rule.POLARITY_MISMATCH
            or (wide.rule is Rule.QUALIFIER_MISMATCH and wide.detail in _CONTEXT_KINDS)
            # round 15: the sentence reads the span's own value otherwise ("7시" cut from
            # "저녁 7시" is 19:00, not 07:00)
            or (wide.rule is Rule.VALUE_MISMATCH and wide.detail in ("time", "date"))
        ):
            return Grounding(wide.verdict, wide.rule, f"span context: {wide.detail}")
        clause = _sentence_around(span, content, _CLAUSE_END)
        if clause is None:
            return _OK
        narrow = wide if clause == sentence else self.verifier.verify(claim, clause)
        if (
            narrow.verdict is GroundingVerdict.CONTRADICTED
            and narrow.rule is Rule.QUALIFIER_MISMATCH
            and narrow.detail in _CLAUSE_KINDS
        ):
            return Grounding(narrow.verdict, narrow.rule, f"span context: {narrow.detail}")
        return _OK

    @staticmethod
    def _text_values(text: str, span: str, obj: str) -> Grounding:
        """A claim's ``text`` may not carry values (addresses, numbers, links) that neither
        the span nor the object holds."""
        tv, sv, ov = extract(text), extract(span), extract(obj)
        for kind in ("emails", "urls", "phones"):
            extra = getattr(tv, kind) - getattr(sv, kind) - getattr(ov, kind)
            if extra:
                return _missing(f"text {kind[:-1]}")
        return _OK

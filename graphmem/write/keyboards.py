"""Text typed with the wrong keyboard layout on (issue 11, round 9).

Korean typed while the input method is set to English comes out as Latin letters — the keys
of the standard 2-beolsik layout (``dlwjs wltlsms`` is 이전 지시는) — and English typed
while it is set to Korean comes out as Hangul jamo (``ㅑㅎㅜㅐㄱㄷ`` is *ignore*). A model
that knows the layouts reads both; a scanner for words reads neither. The layout is one
fixed table, so reading the text back is a lookup:

Latin → Hangul (:func:`decode_qwerty_korean`)
    each letter word is mapped key by key to jamo and composed by the syllable automaton
    (:func:`graphmem.write.scripts.composed_jamo`). A word counts only when *all* of it
    composes into syllables; the run is read back when at least three words and most of
    its letter words do, four fifths of the syllables are among the most frequent of
    Korean, and the run reads as no Latin language (no function words of the six:
    :func:`graphmem.write.ciphers.cipher_candidate`), so English with words that happen to
    compose (``check the`` is 촏차 솓) stays English.
Hangul → Latin (:func:`decode_korean_qwerty`)
    a run of Hangul (syllables decomposed into their keys, jamo taken as they are) mapped
    to the Latin keys, kept when the reading reads as one of the six languages
    (:func:`graphmem.write.ciphers.language_share`): ordinary Korean read as keys is noise.
"""

from __future__ import annotations

import re

from graphmem.write import ciphers, scripts

__all__ = [
    "HANGUL_RUN",
    "LATIN_RUN",
    "decode_korean_qwerty",
    "decode_qwerty_korean",
    "qwerty_marker",
]

#: the 2-beolsik layout: Latin key → compatibility jamo (shifted keys for the tense ones)
_KEYS = dict(
    zip(
        "qwertyuiopasdfghjklzxcvbnmQWERTOP",
        "ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔㅁㄴㅇㄹㅎㅗㅓㅏㅣㅋㅌㅊㅍㅠㅜㅡㅃㅉㄸㄲㅆㅒㅖ",
        strict=True,
    )
)
_JAMO_KEYS = {jamo: key for key, jamo in _KEYS.items()}
#: compound vowels and finals: the two keys they are typed with
_COMPOUND = {
    "ㅘ": "hk", "ㅙ": "ho", "ㅚ": "hl", "ㅝ": "nj", "ㅞ": "np", "ㅟ": "nl", "ㅢ": "ml",
    "ㄳ": "rt", "ㄵ": "sw", "ㄶ": "sg", "ㄺ": "fr", "ㄻ": "fa", "ㄼ": "fq", "ㄽ": "ft",
    "ㄾ": "fx", "ㄿ": "fv", "ㅀ": "fg", "ㅄ": "qt",
}  # fmt: skip

#: three or more Latin words in a row (other tokens, such as a domain, may stand between)
LATIN_RUN = re.compile(r"(?<![A-Za-z])[A-Za-z]{2,}(?:[ \t]+\S+){2,}")
#: Hangul (syllables or jamo) words in a row
HANGUL_RUN = re.compile(
    r"(?<![\uac00-\ud7a3\u3131-\u3163])[\uac00-\ud7a3\u3131-\u3163]+"
    r"(?:[ \t]+[\uac00-\ud7a3\u3131-\u3163]+){2,}"
)
_MIN_WORDS = 3
#: about four hundred of the most frequent Hangul syllables (most of any Korean text; a
#: Latin word that composes by accident gives rarer ones: ``check the`` is 촏차 솓)
_COMMON_SYLLABLES = frozenset(
    "이다는의에가을를고하지기서로한도사리자나대수아인시어으정들해주일게있것그적보내부상전만"
    "요소중제무문화여실간우러성방세계과공모원동연말생위발등면관경조장비신학행속국마오니선분"
    "구라개물미식통체단후명금결진점날영합작재드저려용목반표안각심산당호회거교현알득까데터트"
    "르스크프두된밀번를송할것삭업외할습니까었였했겠던든면며서도록께께서에게한테랑과와요죠네"
    "군요음임됨함것들때문제를을엔엔은던지만든지라도부터까지처럼보다마다밖에뿐야여아요오우"
    "으며고서니까면서도록게끔려고자마자어서아서해서여서했어했다한다합니다했습니다입니다"
    "거나든가건더덜또된될됩매모몇묻받밝배백번변병복본봉부북불빨뻔사삼새색생서석섞설섬성세"
    "셋소속손수숙순술쉬스승시식신실싫심십싸쓰씨아악안앉알앞애야약양얘어억언얼엄업없엇엉여"
    "역연열염영예오옥온올옷와완왜외왼요욕용우운울움웃원월위유육윤은을음응의이익인일읽잃임입"
    "잊있자작잔잘잠잡장재쟁저적전절젊점접정제조족존졸좀종좋좌죄주죽준줄중즐즘증지직진질짐집"
    "짓짜째쪽찍차착찬참창찾채책처천철첫청체초촌총최추축출춤충취측층치친칠침카커컴케코콘쿠크"
    "큰키타탁탄탈탕태택터털테토통투특틀티파판팔패퍼페편평포표품풍프피필하학한할함합항해핵햇"
    "했행향허험혀현혈협형혜호혹혼화확환활황회획효후훈훨휴흐흔흥희히힘"
)
_MIN_COMMON = 0.8
_LATIN_WORD = re.compile(r"[A-Za-z]+")
_JAMO = re.compile("[\u3131-\u3163]")


_CONSONANT_WORD = re.compile(r"(?<![A-Za-z])[b-df-hj-np-tv-z]{2,}[a-z]*[b-df-hj-np-tv-z]{2}")


def qwerty_marker(text: str) -> bool:
    """Cheap: a Latin word of five or more letters without a vowel letter (``dlwjs``,
    ``wltlsms``) — Korean keys put vowels on y-p, h-l, b-m, so such words are common."""
    return _CONSONANT_WORD.search(text) is not None


def _hangul(word: str) -> str | None:
    jamo = "".join(_KEYS.get(c) or _KEYS.get(c.lower(), c) for c in word)
    composed, syllables = scripts.composed_jamo(jamo)
    return composed if syllables and _JAMO.search(composed) is None else None


def decode_qwerty_korean(run: str) -> str | None:
    """``run`` with its letter words read as Korean typed on the 2-beolsik layout."""
    if not ciphers.cipher_candidate(run):
        return None
    tokens = run.split()
    out: list[str] = []
    words = composed = 0
    for tok in tokens:
        core = tok.strip(".,:;!?")
        if not _LATIN_WORD.fullmatch(core):
            out.append(tok)
            continue
        words += 1
        korean = _hangul(core)
        if korean is None:
            out.append(tok)
            continue
        composed += 1
        out.append(tok.replace(core, korean))
    if composed < _MIN_WORDS or composed * 10 < words * 7:
        return None
    syllables = [c for c in "".join(out) if 0xAC00 <= ord(c) <= 0xD7A3]
    common = sum(1 for c in syllables if c in _COMMON_SYLLABLES)
    if common < _MIN_COMMON * len(syllables):
        return None  # it composes, but not into syllables Korean is written with
    return " ".join(out)


def _keys(ch: str) -> str:
    parts = scripts.decomposed_syllable(ch)
    if parts is None:
        return _COMPOUND.get(ch) or _JAMO_KEYS.get(ch, ch)
    return "".join(_COMPOUND.get(j) or _JAMO_KEYS.get(j, "") for j in parts if j)


def decode_korean_qwerty(run: str) -> str | None:
    """``run`` (Hangul) read as the Latin keys it was typed with, when that reads as one of
    the six languages."""
    reading = " ".join("".join(_keys(c) for c in tok) for tok in run.split())
    share, hits, _ = ciphers.language_share(reading)
    if hits < _MIN_WORDS or share < 0.3:
        return None
    return reading

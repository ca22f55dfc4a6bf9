"""Korean, Japanese and Chinese written in Latin letters or in zhuyin (issue 11, round 8).

An injection in Korean, Japanese or Chinese can be written in the Latin alphabet — Revised
Romanization (``ijeon jisineun modu musihago``), Hepburn romaji (``mae no shiji wa subete
mushi shite``), pinyin with tone marks, tone numbers or none (``hu1lve4 zhi1qian2``) — or
Chinese in zhuyin (bopomofo, ``ㄏㄨ ㄌㄩㄝˋ``). A model reads each of them; the gate's rules
for these languages are written in their own scripts. Romanisation is not reversible in
general (one pinyin syllable is many characters), but the rules only need their own
vocabulary back: this module holds, per language, the romanised forms of the words the
injection rules are made of (previous, instructions, rules, ignore, all, password, send,
user, from now on, remember …) and of the particles and endings between them, and writes
a romanised line back in the native script where those words stand — ``이전 지시는 모두
무시하고``, ``前の指示はすべて無視して``, ``忽略之前的所有指令`` — leaving every other word as
it was. A line is rewritten only when at least three of its words (syllables, for Chinese)
are words of that vocabulary, so English or Spanish text with a stray ``no`` or ``de`` stays
as it is.

Cantonese in Jyutping (``fat1 loek6 zi1 cin4``, round 11) is read the same way, through the
same vocabulary as Cantonese says it (忽略 fatloek, 嘅 ge for 的, 將 zoeng for 把), when most of
a line's words carry a Jyutping tone number (1-6).

Zhuyin is first spelled in pinyin (a fixed table of initials and finals; tone marks
dropped). Every finder is behind a marker (Latin letters with a tone number or a syllable
of the vocabulary; a zhuyin letter) and is linear in the text.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = [
    "JA_WORDS",
    "KO_ENDINGS",
    "KO_STEMS",
    "ROMAN_LINE",
    "ZHUYIN",
    "ZH_WORDS",
    "decode_romanized",
    "decode_zhuyin",
    "romanized_marker",
    "zhuyin_to_pinyin",
]

# -- vocabularies -------------------------------------------------------------------------------

#: Korean (Revised Romanization, and the common McCune-style variants): stems
_KO_STEMS = {
    "ijeon": "이전",
    "gijon": "기존",
    "gijeon": "기존",
    "jigeumkkaji": "지금까지",
    "modeun": "모든",
    "modu": "모두",
    "jeonbu": "전부",
    "jisi": "지시",
    "jichim": "지침",
    "gyuchik": "규칙",
    "myeongnyeong": "명령",
    "myeongryeong": "명령",
    "peurompeuteu": "프롬프트",
    "musi": "무시",
    "ij": "잊",
    "chwiso": "취소",
    "bimilbeonho": "비밀번호",
    "amho": "암호",
    "paeseuwodeu": "패스워드",
    "sayongja": "사용자",
    "bonae": "보내",
    "jeonsong": "전송",
    "jeondal": "전달",
    "oebu": "외부",
    "imeil": "이메일",
    "apeuro": "앞으로",
    "ijebuteo": "이제부터",
    "jigeumbuteo": "지금부터",
    "hangsang": "항상",
    "maebeon": "매번",
    "gieok": "기억",
    "jeojang": "저장",
    "sakje": "삭제",
    "gyejwa": "계좌",
    "songgeum": "송금",
    "iche": "이체",
    "eopeurodeu": "업로드",
    "gongyu": "공유",
    "mollae": "몰래",
    "ape": "앞의",
    "apui": "앞의",
    "saeroun": "새로운",
    "jisisahang": "지시사항",
}
#: Korean particles and verb endings, longest first when matched
_KO_ENDINGS = {
    "eun": "은",
    "neun": "는",
    "eul": "을",
    "reul": "를",
    "ui": "의",
    "ga": "가",
    "i": "이",
    "e": "에",
    "ege": "에게",
    "ro": "로",
    "euro": "으로",
    "do": "도",
    "hago": "하고",
    "hara": "하라",
    "haseyo": "하세요",
    "hasipsio": "하십시오",
    "hae": "해",
    "haeseo": "해서",
    "handa": "한다",
    "hal": "할",
    "ham": "함",
    "seyo": "세요",
    "ra": "라",
    "jwo": "줘",
    "juseyo": "주세요",
    "eoseo": "어서",
    "eo": "어",
    "go": "고",
    "neunde": "는데",
    "ya": "야",
    "yo": "요",
    "ttaerago": "하라고",
    "hasio": "하시오",
    "haejuseyo": "해주세요",
    "haejwo": "해줘",
    "eseo": "에서",
    "eobeoryeo": "어버려",
}
#: Japanese (Hepburn and Kunrei): words and particles
_JA_WORDS = {
    "mae": "前",
    "izen": "以前",
    "koremade": "これまで",
    "imamade": "今まで",
    "subete": "すべて",
    "zenbu": "全部",
    "shiji": "指示",
    "siji": "指示",
    "meirei": "命令",
    "ruru": "ルール",
    "ruuru": "ルール",
    "mushi": "無視",
    "musi": "無視",
    "wasurete": "忘れて",
    "hakishite": "破棄して",
    "pasuwado": "パスワード",
    "pasuwaado": "パスワード",
    "anshobango": "暗証番号",
    "hozon": "保存",
    "okutte": "送って",
    "okure": "送れ",
    "soshin": "送信",
    "soushin": "送信",
    "tenso": "転送",
    "tensou": "転送",
    "kudasai": "ください",
    "shite": "して",
    "shiro": "しろ",
    "suru": "する",
    "sareta": "された",
    "saseta": "させた",
    "kongo": "今後",
    "korekara": "これから",
    "itsumo": "いつも",
    "kanarazu": "必ず",
    "kioku": "記憶",
    "yuza": "ユーザー",
    "yuuza": "ユーザー",
    "no": "の",
    "wa": "は",
    "wo": "を",
    "o": "を",
    "ni": "に",
    "ga": "が",
    "to": "と",
    "de": "で",
    "he": "へ",
    "e": "へ",
    "mo": "も",
    "koto": "こと",
    "nakereba": "なければ",
    "naranai": "ならない",
    "sizi": "指示",
    "site": "して",
    "sosin": "送信",
    "siro": "しろ",
    "sinasai": "しなさい",
    "shinasai": "しなさい",
    "seyo": "せよ",
    "atesaki": "宛先",
    "gaibu": "外部",
    "kisoku": "規則",
    "sakujo": "削除",
    "himitsu": "秘密",
    "meru": "メール",
    "adoresu": "アドレス",
}
#: Chinese (pinyin without tones, ü as v or u): words
_ZH_WORDS = {
    "hulve": "忽略",
    "hulue": "忽略",
    "wushi": "无视",
    "zhiqian": "之前",
    "yiqian": "以前",
    "xianqian": "先前",
    "shangmian": "上面",
    "suoyou": "所有",
    "quanbu": "全部",
    "zhiling": "指令",
    "zhishi": "指示",
    "guize": "规则",
    "mima": "密码",
    "fasong": "发送",
    "zhuanfa": "转发",
    "fadao": "发到",
    "fagei": "发给",
    "shangchuan": "上传",
    "de": "的",
    "ba": "把",
    "dao": "到",
    "gei": "给",
    "yonghu": "用户",
    "baocun": "保存",
    "yihou": "以后",
    "jinhou": "今后",
    "congxianzaiqi": "从现在起",
    "zongshi": "总是",
    "meici": "每次",
    "tishi": "提示",
    "buyao": "不要",
    "gaosu": "告诉",
    "waibu": "外部",
    "youxiang": "邮箱",
    "wenjian": "文件",
    "zhanghao": "账号",
    "zhanghu": "账户",
    "jizhu": "记住",
    "qing": "请",
    "ni": "你",
    "wangji": "忘记",
    "paokai": "抛开",
    "fangqi": "放弃",
    "zunshou": "遵守",
    "bieguan": "别管",
    "yuanlai": "原来",
    "shoudao": "收到",
    "zhunze": "准则",
    "tishici": "提示词",
    "mingling": "命令",
}
_ZH_MAX = max(map(len, _ZH_WORDS))
#: Cantonese in Jyutping (tones dropped): the same vocabulary as spoken in Cantonese, written
#: as the rules write it (嘅 as 的, 將 as 把, 唔好 as 不要, 發去 as 发到, 儲存 as 保存) — round 11
_YUE_WORDS = {
    "fatloek": "忽略", "mousi": "无视", "zicin": "之前", "jicin": "以前", "sincin": "先前",
    "soengmin": "上面", "sojau": "所有", "cyunbou": "全部", "ziling": "指令", "zisi": "指示",
    "kwaizak": "规则", "matmaa": "密码", "faatsung": "发送", "zyunfaat": "转发",
    "faatdou": "发到", "faatheoi": "发到", "faatbei": "发给", "soengcyun": "上传", "ge": "的",
    "zoeng": "把", "dou": "到", "bei": "给", "jungwu": "用户", "boucyun": "保存",
    "cyucyun": "保存", "jihau": "以后", "gamhau": "今后", "cungjigaahei": "从现在起",
    "zunghai": "总是", "muici": "每次", "taisi": "提示", "mhou": "不要", "gongbei": "告诉",
    "waabei": "告诉", "ngoibou": "外部", "jausoeng": "邮箱", "mangin": "文件",
    "zoenghou": "账号", "geizyu": "记住", "ceng": "请", "cing": "请", "nei": "你",
    "monggei": "忘记", "fonghei": "放弃", "zeonsau": "遵守", "mingling": "命令",
    "heoi": "到", "zo": "", "jiging": "已经",
}  # fmt: skip
_YUE_MAX = max(map(len, _YUE_WORDS))
#: a Jyutping syllable with its tone (1-6), the form a Cantonese line is written in
_JYUTPING = re.compile(r"[a-z]{1,6}[1-6]")
_GLUED = re.compile(r"(?<=[:：])(?=[A-Za-z])")
#: the vocabularies, read by the phonetic readings of native text (graphmem.write.phonetic)
#: and by Korean written in other scripts (graphmem.write.transcribed)
KO_STEMS = _KO_STEMS
KO_ENDINGS = _KO_ENDINGS
JA_WORDS = _JA_WORDS
ZH_WORDS = _ZH_WORDS
_MIN_HITS = 3

#: one line of Latin words (a romanised sentence is read line by line)
ROMAN_LINE = re.compile(r"(?:[^\n.!?。]|[.!?](?=\S))+")
_LATIN_WORD = re.compile(r"[A-Za-z\u00C0-\u024F]+[1-5]?(?:[ '\-][A-Za-z\u00C0-\u024F]+[1-5]?)*|\S+")
_TONE_WORD = re.compile(r"[a-zü][1-5](?:[a-zü]|\s)", re.IGNORECASE)
#: the cheap pre-check: a substring of the vocabulary's longer words, or a tone number
_STEMS = (
    "musi", "mushi", "jisi", "shiji", "bimilbeonho", "pasuwa", "hulve", "hulue", "zhiling",
    "zhiqian", "mima", "gyuchik", "jichim", "meirei", "wushi", "fasong", "bonae", "jeonsong",
    "okutte", "soushin", "soshin", "sizi", "sosin",
)  # fmt: skip


#: pinyin tone marks and romaji long vowels: vowels with a macron or a caron
_TONE_MARK = re.compile("[āēīōūǎěǐǒǔǖǘǚǜ]", re.IGNORECASE)


def romanized_marker(text: str) -> bool:
    low = text.lower().replace(" ", "")
    return (
        any(stem in low for stem in _STEMS)
        or _TONE_WORD.search(text) is not None
        or _TONE_MARK.search(text) is not None
    )


def _fold(word: str) -> str:
    return "".join(
        c for c in unicodedata.normalize("NFD", word.lower().replace("ü", "v")) if c.isascii()
    )


_MAX_ROMAN_WORD = 40


def _korean(word: str) -> str | None:
    if len(word) > _MAX_ROMAN_WORD:
        return None  # a stem and its endings; a longer token is no Korean word
    w = _fold(word)
    for k in range(len(w), 1, -1):
        stem = _KO_STEMS.get(w[:k])
        if stem is None:
            continue
        rest = w[k:]
        if not rest:
            return stem
        ending = _KO_ENDINGS.get(rest) or _endings(rest)
        if ending is not None:
            return stem + ending
    return None


def _endings(rest: str) -> str | None:
    """Two endings in a row (``hae`` + ``juseyo``)."""
    for k in range(1, len(rest)):
        a, b = _KO_ENDINGS.get(rest[:k]), _KO_ENDINGS.get(rest[k:])
        if a is not None and b is not None:
            return a + b
    return None


def _japanese(word: str) -> str | None:
    return _JA_WORDS.get(_fold(word))


def _chinese(
    letters: str, vocabulary: dict[str, str] = _ZH_WORDS, longest: int = _ZH_MAX
) -> tuple[str, int, int]:
    """``letters`` (pinyin, no spaces, no tones) cut into vocabulary words: the characters,
    how many letters they cover and how many words of two syllables or more they hold."""
    n = len(letters)
    best = [(0, 0)] + [(-1, 0)] * n  # (letters covered, -pieces)
    back: list[tuple[int, str | None]] = [(0, None)] * (n + 1)
    for i in range(1, n + 1):
        best[i], back[i] = (best[i - 1][0], best[i - 1][1] - 1), (i - 1, None)
        for j in range(max(0, i - longest), i):
            hanzi = vocabulary.get(letters[j:i])
            if hanzi is not None:
                cand = (best[j][0] + i - j, best[j][1] - 1)
                if cand > best[i]:
                    best[i], back[i] = cand, (j, hanzi)
    out: list[str] = []
    words = 0
    i = n
    while i > 0:
        j, hanzi = back[i]
        out.append(hanzi if hanzi is not None else letters[j:i])
        words += hanzi is not None and len(hanzi) >= 2
        i = j
    return "".join(reversed(out)), best[n][0], words


def decode_romanized(run: str) -> str | None:
    """``run`` with the Korean, Japanese or Chinese vocabulary it holds written back in its
    own script, in whichever of the three languages it holds most of (at least three)."""
    # a label glued to the line by a colon (``粤拼:fat1``) is a word of its own
    run = _GLUED.sub(" ", run)
    tokens = [m.group(0) for m in re.finditer(r"\S+", run)]
    words = [re.sub(r"[^\w\u00C0-\u024F]", "", t) for t in tokens]
    ko = [_korean(w) if w else None for w in words]
    ja = [_japanese(w) if w else None for w in words]
    ko_hits = sum(k is not None and len(_fold(w)) > 2 for k, w in zip(ko, words, strict=True))
    ja_hits = sum(j is not None and len(_fold(w)) > 2 for j, w in zip(ja, words, strict=True))
    zh, zh_hits = _pinyin(tokens)
    jyutping = sum(1 for t in tokens if _JYUTPING.fullmatch(t.strip(",;:、，。").lower()))
    if jyutping * 2 >= len(tokens) >= 3:
        yue, yue_hits = _pinyin(tokens, cantonese=True)
        if yue_hits > zh_hits:
            zh, zh_hits = yue, yue_hits
    hits = max(ko_hits, ja_hits, zh_hits)
    if hits < _MIN_HITS:
        return None
    if zh_hits == hits and zh is not None:
        return zh
    native = ko if ko_hits >= ja_hits else ja
    glue = " " if native is ko else ""
    out: list[str] = []
    for tok, word, nat in zip(tokens, words, native, strict=True):
        if nat is not None:
            trail = tok[len(tok.rstrip(",;:、，")) :]
            if out and out[-1] != " " and not glue and _is_native(out[-1][-1]):
                out.append(nat + trail)
            else:
                out.extend([" " if out else "", nat + trail])
        else:
            out.extend([" " if out else "", tok])
        del word
    return "".join(out).replace("  ", " ").strip()


def _is_native(ch: str) -> bool:
    return ord(ch) >= 0x3000


def _pinyin(tokens: list[str], *, cantonese: bool = False) -> tuple[str | None, int]:
    """The tokens with every stretch of pinyin written in characters (a stretch four fifths
    of whose letters are vocabulary words); how many words of two syllables it found."""
    out: list[str] = []
    hits = 0
    stretch: list[str] = []

    def flush() -> None:
        nonlocal hits
        if not stretch:
            return
        letters = "".join(stretch)
        if cantonese:
            hanzi, covered, words = _chinese(letters, _YUE_WORDS, _YUE_MAX)
        else:
            hanzi, covered, words = _chinese(letters)
        if covered * 5 >= len(letters) * 4:
            hits += words
            out.append(hanzi)
        else:
            out.append(" ".join(stretch))
        stretch.clear()

    for tok in tokens:
        core = tok.strip(",;:、，。")
        plain = _fold(re.sub(r"[1-6]" if cantonese else r"[1-5]", "", core))
        if plain.isalpha() and plain.isascii():
            stretch.append(plain)
            if core != tok:
                flush()
                out.append(tok[len(core) :] if tok.startswith(core) else "")
        else:
            flush()
            out.append(" " + tok + " ")
    flush()
    return ("".join(out).strip() if hits else None), hits


# -- zhuyin -------------------------------------------------------------------------------------

_ZY_INITIAL = dict(
    zip(
        "ㄅㄆㄇㄈㄉㄊㄋㄌㄍㄎㄏㄐㄑㄒㄓㄔㄕㄖㄗㄘㄙ",
        (
            "b",
            "p",
            "m",
            "f",
            "d",
            "t",
            "n",
            "l",
            "g",
            "k",
            "h",
            "j",
            "q",
            "x",
            "zh",
            "ch",
            "sh",
            "r",
            "z",
            "c",
            "s",
        ),
        strict=True,
    )
)
_ZY_FINAL = {
    "ㄚ": "a",
    "ㄛ": "o",
    "ㄜ": "e",
    "ㄝ": "e",
    "ㄞ": "ai",
    "ㄟ": "ei",
    "ㄠ": "ao",
    "ㄡ": "ou",
    "ㄢ": "an",
    "ㄣ": "en",
    "ㄤ": "ang",
    "ㄥ": "eng",
    "ㄦ": "er",
    "ㄧ": "i",
    "ㄨ": "u",
    "ㄩ": "v",
    "ㄧㄚ": "ia",
    "ㄧㄝ": "ie",
    "ㄧㄠ": "iao",
    "ㄧㄡ": "iu",
    "ㄧㄢ": "ian",
    "ㄧㄣ": "in",
    "ㄧㄤ": "iang",
    "ㄧㄥ": "ing",
    "ㄨㄚ": "ua",
    "ㄨㄛ": "uo",
    "ㄨㄞ": "uai",
    "ㄨㄟ": "ui",
    "ㄨㄢ": "uan",
    "ㄨㄣ": "un",
    "ㄨㄤ": "uang",
    "ㄨㄥ": "ong",
    "ㄩㄝ": "ve",
    "ㄩㄢ": "van",
    "ㄩㄣ": "vn",
    "ㄩㄥ": "iong",
}
_ZY_ALONE = {
    "i": "yi",
    "u": "wu",
    "v": "yu",
    "iu": "you",
    "ui": "wei",
    "un": "wen",
    "ong": "weng",
    "in": "yin",
    "ing": "ying",
    "ve": "yue",
    "van": "yuan",
    "vn": "yun",
    "iong": "yong",
}
_ZY_TONES = "ˊˇˋ˙\u0307"
#: two or more zhuyin syllables
_ZY = "\u3105-\u312f˙ˊˇˋ\u0307"
ZHUYIN = re.compile(rf"[\u3105-\u312F][{_ZY}]*(?:[ \t,，、]*[{_ZY}]+)+")


_ZY_SYLLABLE = re.compile(r"[\u3105-\u3119]?[\u3127-\u3129]?[\u311A-\u3126]?[˙ˊˇˋ\u0307]*")


def _zy_syllable(s: str) -> str:
    s = "".join(c for c in s if c not in _ZY_TONES)
    initial = _ZY_INITIAL.get(s[:1], "")
    rest = s[1:] if initial else s
    final = _ZY_FINAL.get(rest, rest)
    if not initial:
        if final in _ZY_ALONE:
            return _ZY_ALONE[final]
        if final[:1] == "i":
            return "y" + final[1:]
        if final[:1] == "u":
            return "w" + final[1:]
        if final[:1] == "v":
            return "yu" + final[1:]
        return final
    if initial in ("j", "q", "x") and final[:1] == "v":
        final = "u" + final[1:]
    return initial + (final or "i")


def zhuyin_to_pinyin(run: str) -> str:
    """``run``'s zhuyin syllables in pinyin (no tones), one word per syllable."""
    out: list[str] = []
    for m in re.finditer(rf"[{_ZY}]+|[^{_ZY}]+", run):
        part = m.group(0)
        if part[0] in _ZY_TONES or "\u3105" <= part[0] <= "\u312f":
            for syl in _ZY_SYLLABLE.findall(part):
                if syl.strip(_ZY_TONES):
                    out.append(_zy_syllable(syl) + " ")
        else:
            out.append(part.replace("，", ", ").replace("、", ", "))
    return re.sub(r"[ \t]+", " ", "".join(out)).strip()


def decode_zhuyin(run: str) -> str | None:
    """``run`` in pinyin and then in characters, when it holds the vocabulary (a textbook's
    ``ㄅㄆㄇㄈ`` does not)."""
    return decode_romanized(zhuyin_to_pinyin(run))

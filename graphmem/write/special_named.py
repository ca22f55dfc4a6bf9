"""Special-category data recognised by the shape of its name (issue 11, round 12).

The health and politics vocabularies are lists, and a list misses the next language's word
for the next disease. Two classes are read by how their names are built instead:

* **disease names**: how each language forms them — an eponym with its disease word
  (Morbus Crohn, enfermedad de Crohn, maladie de Crohn, Hashimoto's, クローン病, 克罗恩病,
  크론병), German compounds ending in a disease word (Schilddrüsenerkrankung,
  Darmentzündung, Niereninsuffizienz), Latin/Greek ``-itis`` words in the languages that
  keep the ending (artritis, colitis, Gastritis), Korean, Japanese and Chinese nouns ending in
  a disease character (위염, 대장암, 潰瘍性大腸炎, 糖尿病), and treatments that only an illness
  explains (chemotherapy, dialysis, in six languages). Words that end the same way and are
  not diseases (물병 a water bottle, 영수증 a receipt, 臆病 timid, 毛病 a fault, 炎上) are
  excluded by their first syllable, not listed as diseases.
* **party affiliation**: a word of membership, registration or voting ("afiliado a",
  "iscritto al", "Mitglied der", "adhérent du", "registered", "당원", "党员", "vote for")
  within a few words of a party's name or of the word "party" itself, in twelve languages.
  Party names are a list (names are names), but only beside an affiliation cue: "the PP
  slide" or "Vox pop" say nothing about a person.

Findings are ``(start, end, rule, detector)``; every pattern runs in linear time.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from graphmem.write.codes import Rule
from graphmem.write.prefilter import compiled

__all__ = ["AS_WRITTEN", "special_named"]

#: detectors read on the text as written only: a name read backwards is chance
AS_WRITTEN: Final = frozenset({"disease_name_shape", "party_affiliation"})

_I = re.I


#: eponyms that name a disease alone, in the possessive ("Hashimoto's", "Crohn's")
_EPONYMS: Final = (
    r"Crohn|Hashimoto|Basedow|Cushing|Parkinson|Alzheimer|Huntington|Tourette|Asperger|"
    r"Raynaud|Sj[öo]gren|Beh[çc]et|M[ée]ni[èe]re|Hodgkin|Bechterew|Guillain[-\s]Barr[ée]"
)
#: eponyms that are ordinary surnames too: a disease only with the disease word
_EPONYMS_WEAK: Final = r"Graves|Addison|Lyme|Wilson|Paget|Kawasaki|Bell|Still|Lou\s+Gehrig"
_DISEASE_LATIN: Final = compiled(
    # an eponym with the disease word, in either order
    rf"\b(?:Morbus|maladie\s+de|enfermedad\s+de|doen[çc]a\s+de|malattia\s+di|morbo\s+di|"
    rf"syndrome\s+de|s[íi]ndrome\s+de|sindrome\s+di)\s+(?:{_EPONYMS}|{_EPONYMS_WEAK})\b|"
    rf"\b(?:{_EPONYMS})(?:(?:'s|’s|')(?:\s+(?:disease|syndrome))?|\s+(?:disease|syndrome|"
    rf"Krankheit|Syndrom))(?![\w-])|"
    rf"\b(?:{_EPONYMS_WEAK})(?:'s|’s|')?\s+(?:disease|syndrome|palsy|Krankheit|Syndrom)\b|"
    # German compounds ending in a disease word
    r"\b[A-ZÄÖÜ][a-zäöüß]{2,24}(?:erkrankung|krankheit|entzündung|insuffizienz|karzinom|"
    r"sklerose|schwäche(?=\s+(?:des|der))|tumor|krebs)\b|"
    r"\b(?:Multiple\s+Sklerose|sclerosi\s+multipla|esclerosis\s+m[úu]ltiple|"
    r"scl[ée]rose\s+en\s+plaques|esclerose\s+m[úu]ltipla|multiple\s+sclerosis)\b|"
    # -itis words (artritis, colitis, Gastritis, hepatitis); -ite in French/Portuguese reads
    # too many ordinary words (site, suite, favorite) and is left to the vocabularies
    r"\b[a-zäöüáéíóú]{3,20}itis\b|"
    # treatments only an illness explains
    r"\b(?:chemo(?:therapy)?|chimioth[ée]rapie|quimioterapia|chemioterapia|Chemotherapie|"
    r"radiotherapy|radioth[ée]rapie|radioterapia|Strahlentherapie|dialysis|dialyse|"
    r"di[áa]lisis|dialisi|di[áa]lise|Dialyse)\b|"
    r"\b(?:tiểu\s+đường|ung\s+thư|trầm\s+cảm|kanker|penyakit\s+\w+)\b",
    _I,
)
#: the treatments and eponym forms above are matched case-insensitively; an -itis word is
#: a disease in lower case too ("tengo artritis")

#: a Korean noun ending in a disease syllable; the first syllables of the words that end the
#: same way and are not diseases (bottles, a vase, dye) are excluded
_DISEASE_KO: Final = compiled(
    r"(?<![가-힣])(?!(?:꽃|물|술|유리|맥주|소주|우유|페트|젖|와인|양주|콜라|빈|약|공|화|한|두|세|"
    r"네|몇|상|소금)(?:병|암|염)(?:[이가을를은는도으에와과]|\s|[.,!?]|$))"
    r"[가-힣]{1,6}(?:병|암|염|증후군)(?=[이가을를은는도으에와과]|\s|[.,!?]|$)"
    # a disorder (장애) of the body or mind; a server's 장애 is an outage
    r"|(?:발달|지적|청각|시각|언어|정신|공황|불안|섭식|수면|성격|강박|양극성|자폐|학습|신체|지체|"
    r"뇌병변|틱|조울)\s*장애",
)
#: a Japanese or Chinese disease word ends in a disease character after at least one more
#: character; the words that end the same way and are not diseases are named by their last
#: two characters
_HAN_ENDING: Final = re.compile(r"(?<=[一-龥々ァ-ヶー])(?:病|症|炎|癌|がん)(?![一-龥々])")
_HAN_CHARS: Final = frozenset("病症炎癌ん")
_HAN_NOT_DISEASE: Final = frozenset(
    {
        "臆病", "仮病", "毛病", "通病", "语病", "語病", "弊病", "心病", "火炎", "陽炎", "阳炎",
        "気炎", "气炎", "炎炎", "疑似症",
    }
)  # fmt: skip
_PARTY_NAMES: Final = (
    r"(?-i:Democrats?|Democratic\s+Party|Republicans?|Libertarians?|Labour|Tor(?:y|ies)|"
    r"Conservatives?|Lib\s*Dems?|Liberal\s+Democrats|SNP|Plaid\s+Cymru|Reform\s+UK|"
    r"Greens?|Grünen|AfD|CDU|CSU|SPD|FDP|Die\s+Linke|Linken|BSW|PSOE|Vox|Podemos|Sumar|"
    r"ERC|Junts|PNV|Bildu|RN|LFI|LR|Renaissance|Reconqu[êe]te|EELV|PCF|"
    r"Fratelli\s+d'Italia|FdI|Lega|M5S|Forza\s+Italia|PSDB|PSOL|MDB|Morena|PRI|Likud|BJP|"
    r"Fidesz|PiS|Platforma|ÖVP|FPÖ|SVP|PVV|VVD|D66|NDP|"
    r"더불어\s*민주당|민주당|국민의\s*힘|정의당|조국\s*혁신당|개혁\s*신당|진보당|"
    r"自民党|立憲民主党|公明党|共産党|日本維新の会|維新|れいわ新選組|国民民主党|参政党|"
    r"共产党|国民党|民进党|民進黨|國民黨)"
)
#: acronyms of two letters are parties only after a non-English cue ("afiliado al PP")
_PARTY_SHORT: Final = r"PP|PS|PD|PT|PL|PAN"
_PARTY_WORD: Final = (
    r"party|partido|Partei|parti|partito|정당|[가-힣]{1,6}당(?=\s*(?:당원|원|에|을|지지))|政党|党"
)
_CUE_ANY: Final = (
    r"\b(?:member\s+of(?:\s+the)?|card[-\s]carrying|registered|(?:I|we)\s+(?:always\s+)?vote(?:d)?"
    r"(?:\s+for)?|(?:I'?m|I\s+am)\s+(?:a\s+)?(?:lifelong\s+)?|supporter\s+of(?:\s+the)?)\s+"
)
_CUE_OTHER: Final = (
    r"\b(?:afiliad[oa]\s+(?:a|al)|filiad[oa]\s+(?:a|ao|à)|iscritt[oa]\s+(?:a|al|alla)|"
    r"militant[e]?\s+(?:du|au|de|del|de\s+la)|adh[ée]rent[e]?\s+(?:du|au|à|de)|"
    r"Mitglied\s+(?:der|in\s+der|bei\s+der|bei)|(?:ich\s+)?bin\s+in\s+der|"
    r"(?:je\s+)?vote(?:rai|s)?(?:\s+pour(?:\s+(?:le|la))?)?|(?:yo\s+)?voto\s+(?:a|al|por\s+el|por)|"
    r"votei\s+(?:no|na|em)|ich\s+w[äa]hle(?:\s+die)?)\s+"
)
_PARTY: Final = compiled(
    rf"{_CUE_ANY}(?:{_PARTY_NAMES})\b|"
    rf"{_CUE_OTHER}(?:{_PARTY_NAMES}|{_PARTY_SHORT}|{_PARTY_WORD})\b|"
    rf"(?:{_PARTY_NAMES})\s*(?:당원|党員|党员|の党員|を支持|支持者|지지자)|"
    rf"(?:支持|投票给|投了)\s*(?:{_PARTY_NAMES})|(?:{_PARTY_NAMES})に投票",
    _I,
)
_REGISTERED_ONLY_US: Final = re.compile(
    r"\bregistered\s+(?!(?:Democrat|Republican|Libertarian|Green|Independent)s?\b)", _I
)


def special_named(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    for m in _DISEASE_LATIN.finditer(text):
        yield m.start(), m.end(), Rule.PII_HEALTH, "disease_name_shape"
    for m in _DISEASE_KO.finditer(text):
        yield m.start(), m.end(), Rule.PII_HEALTH, "disease_name_shape"
    for m in _PARTY.finditer(text):
        if _REGISTERED_ONLY_US.match(text, m.start()):
            continue  # "a registered nurse", "registered PT": a profession
        yield m.start(), m.end(), Rule.PII_SPECIAL_CATEGORY, "party_affiliation"
    if not _HAN_CHARS.intersection(text):
        return
    for m in _HAN_ENDING.finditer(text):
        word = text[max(0, m.start() - 2) : m.end()]
        if word in _HAN_NOT_DISEASE or word[-len(m.group(0)) - 2 :][-3:] in _HAN_NOT_DISEASE:
            continue
        if any(word.endswith(w) for w in _HAN_NOT_DISEASE):
            continue
        yield max(0, m.start() - 4), m.end(), Rule.PII_HEALTH, "disease_name_shape"

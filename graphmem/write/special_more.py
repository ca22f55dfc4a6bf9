"""Special-category data said by where one goes, what one receives or whom one lives with
(issue 11, round 10).

GDPR art. 9 data is often said without the name of a diagnosis or a creed: by the care one
attends (a psychiatric clinic, a counsellor, a support group), the benefit one draws (a
disability pension), the stay one had ("zwölf Wochen in einer Klinik"), or by a partner of
the speaker's own gender. The classes, in English, Korean, Japanese, Chinese, Spanish,
German and French:

* **mental-health and emergency care**: a psychiatric or psychotherapeutic practice, ward
  or clinician, a stay in a clinic or rehabilitation, an emergency department ("정신건강
  의학과", "心療内科", "心理咨询", "psiquiatra", "Psychotherapie", "psychiatre", "rehab",
  "Reha", "in einer Klinik", "救急に運ばれ", "응급실", "emergency room");
* **conditions** in the languages the health vocabulary lacked (Epilepsie, diabétique,
  Diabetiker, 당뇨, 뇌전증, てんかん, 癫痫, burnout, 우울증). An allergy alone is not here:
  "I'm allergic to shellfish" is a food preference users give their assistant every day;
  an allergy that sent one to an emergency department is health data by that care;
* **disability benefits**: 障害年金, 장애 연금, disability pension, Erwerbsminderungsrente,
  pensión de invalidez, pension d'invalidité;
* **addiction recovery**: Alcoholics or Narcotics Anonymous in any of the languages, AA
  meetings, 断酒会, 금주 모임, 戒酒会;
* **trade-union membership**: a shop steward, a union rep or member, Gewerkschaft,
  syndiqué, delegado sindical, 노조, 労働組合, 工会会员;
* **party, faith community, residence status, origin, psychiatric medicine** in the
  languages the earlier vocabularies lacked (党員, militante del PSOE, Mitglied der Grünen,
  創価学会, Zeugen Jehovas, titre de séjour, Aufenthaltstitel, 在留資格, d'origine algérienne,
  Migrationshintergrund, 抗うつ薬, antidepresivos);
* **sexual orientation by a partner**: a partner word of one gender and the speaker saying
  they are of the same gender, in one text ("여자친구랑 살아요, I'm a woman too").

Findings are ``(start, end, rule, detector)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from graphmem.write.codes import Rule

__all__ = ["special_more"]

_I = re.I

_CARE: Final = re.compile(
    r"정신\s*건강\s*의학과|정신과|신경정신과|심리\s*상담|상담\s*치료|심리\s*치료|"
    r"心療内科|精神科|メンタルクリニック|カウンセリングに通|精神病院|心理咨询|心理医生|心理治疗|精神病院|"
    r"\b(?:psiquiatr\w*|psicoterapeut\w*|psicoterapia)\b|\bPsychiat\w*|\bPsychotherap\w*|"
    r"\bpsychiatr\w*|\bpsychoth[ée]rap\w*|\bpsychologue\b|\brehab\b|\bReha(?:klinik|bilitation)?\b|"
    r"\b(?:war|lag|bin|komme|kam)\b[^.!?\n]{0,40}?\b(?:in|aus)\s+(?:einer|der)\s+(?:\w+\s+)?"
    r"Klinik\b|\bKlinikaufenthalt\w*|"
    r"\bcure\s+de\s+désintox\w*|\bdesintoxicaci[oó]n\b|\bEntzug(?:sklinik)?\b|"
    r"\bcounsell?ing\s+(?:sessions?|for)\b|"
    # emergency care: being taken to or treated in an emergency department
    r"救急(?:車|外来|に運ばれ|搬送)|응급실|急诊|\bemergency\s+room\b|\banaphyla\w*|"
    r"\bNotaufnahme\b|\burgences\b|\burgencias\b",
    _I,
)
_CONDITIONS: Final = re.compile(
    r"\bEpilep\w*|\bépilep\w*|\bepilep\w*|\bdiab[ée]t\w*|\bDiabetiker\w*|\bburn-?out\b|"
    r"\bBurn-?out\b|\bd[ée]pression\w*|\basthm\w*|\bbipolar\w*|\bbipolaire\b|\bschizophr\w*|"
    r"\bSchizophren\w*|\besquizofren\w*|(?-i:\b(?:TDAH|ADHS|ADHD)\b)|"
    r"당뇨|뇌전증|우울증|공황\s*장애|조울증|"
    r"てんかん|癲癇|パニック障害|双極性|癫痫|躁郁症|"
    r"(?-i:\bVIH\b)|\bséropositi\w*|\bseropositiv\w*",
    _I,
)
_MEDICINES: Final = re.compile(
    r"抗抑郁药|抗うつ薬|\bantidepresivos?\b|\bAntidepressiv\w*|\bantidépresseurs?\b|"
    r"\bantipsicótic\w*|\bNeuroleptik\w*|\bneuroleptiques?\b",
    _I,
)
_BENEFITS: Final = re.compile(
    r"障害(?:年金|者手帳)|장애\s*(?:연금|수당|인\s*연금|등록)|残疾(?:人)?(?:补助|补贴|证|金)|"
    r"\bdisability\s+(?:pension|benefits?|allowance|payments?|living\s+allowance)\b|"
    r"(?-i:\b(?:SSDI|PIP)\b)|Erwerbsminderungsrente|Schwerbehinderten\w*|"
    r"\bpensi[oó]n\s+(?:de|por)\s+(?:invalidez|discapacidad)\b|\bpension\s+d'invalidit[ée]\b|"
    r"\ballocation\s+(?:aux\s+)?adultes?\s+handicap[ée]s?\b",
    _I,
)
_RECOVERY: Final = re.compile(
    r"\b(?:alcoholics|narcotics|gamblers|overeaters)\s+anonymous\b|\bAA\s+meetings?\b|"
    r"\b(?:alcoh[oó]licos|narc[oó]ticos)\s+an[oó]nimos\b|\banonyme\s+(?:Alkoholiker|Narkotiker)\b|"
    r"\b(?:alcooliques|narcotiques)\s+anonymes\b|断酒会|禁酒会|AAミーティング|"
    r"금주\s*모임|단주\s*모임|익명의\s*알코올|戒酒(?:会|互助)|戒毒所|\bsober\s+(?:for|since)\b",
    _I,
)
#: trade-union membership said by the office one holds or the union one belongs to
_UNION: Final = re.compile(
    r"\b(?:shop\s+steward|union\s+(?:rep(?:resentative)?|member(?:ship)?|steward|dues|card)|"
    r"(?:member|members)\s+of\s+(?:the|my|our)\s+(?:\w+\s+)?union)\b|"
    r"\bGewerkschaft\w*|\bVertrauensleute\b|\bsyndiqu[ée]e?s?\b|\bd[ée]l[ée]gu[ée]e?\s+syndical\w*|"
    r"\bsindicalista\b|\bafiliad[oa]\s+(?:al|a\s+un)\s+sindicato\b|\bdelegad[oa]\s+sindical\b|"
    r"노조|노동\s*조합|労働組合|組合員|工会(?:会员|主席|代表)",
    _I,
)
#: membership of a party or a faith community, a residence status, an origin, a psychiatric
#: medicine — named in the languages the earlier vocabularies lacked
_MORE_ART9: Final = re.compile(
    r"党員|党员|\bmilitante\s+(?:del|de)\b|\bafiliad[oa]\s+al\s+partido\b|"
    r"\bMitglied\s+(?:der|in\s+der|bei\s+der)\s+(?:Partei|SPD|CDU|CSU|Grünen|AfD|FDP|Linken)\b|"
    r"\bParteimitglied\w*|\b(?:membre|adhérente?|militante?)\s+(?:du|au|de\s+la)\s+(?:parti|PS|"
    r"LR|RN|LFI)\b|\bmember\s+of\s+the\s+(?:\w+\s+)?party\b|"
    r"創価学会|統一教会|エホバの証人|여호와의\s*증인|신천지|\bJehovah'?s\s+Witness\w*|"
    r"\bZeugen?\s+Jehovas\b|\btestig[oa]s?\s+de\s+Jehov[áa]\b|\btémoins?\s+de\s+Jéhovah\b|"
    r"\bvisa\s+(?:expired|ran\s+out|overstay\w*)|\boverstay(?:ed|ing)\s+(?:my|a)\s+visa\b|"
    r"\btitre\s+de\s+séjour\b|\bsans\s+titre\s+de\s+séjour\b|\bpermiso\s+de\s+residencia\b|"
    r"\bAufenthalts(?:titel|erlaubnis|status)\b|\bDuldung\b|체류\s*(?:자격|기간\s*만료)|비자\s*(?:만료|연장)|"
    r"在留(?:資格|カード)|オーバーステイ|签证过期|黑户|"
    r"\b(?:suis|es|est|sommes|sont|soy|eres|es|somos|son)\s+(?:d'|de\s+)orig(?:ine|en)\s+\w+|"
    r"\bMigrationshintergrund\b|"
    r"\bhalf[-\s](?-i:[A-Z][a-z]+(?:an|ese|ish|ic|ch|sh|i))\b|혼혈|混血",
    _I,
)
#: a partner of one gender, and the speaker saying they are of that gender
_FEMALE_PARTNER = (
    r"\b(?:girlfriend|wife)\b|여자\s*친구|여친|아내|와이프|彼女|妻|嫁|女朋友|女友|老婆|妻子|"
    r"\b(?:novia|esposa|mujer)\b|\b(?:Freundin|Ehefrau|Frau)\b|\b(?:copine|femme|épouse)\b"
)
_MALE_PARTNER = (
    r"\b(?:boyfriend|husband)\b|남자\s*친구|남친|남편|彼氏|夫|旦那|男朋友|男友|老公|丈夫|"
    r"\b(?:novio|esposo|marido)\b|\b(?:Freund|Ehemann|Mann)\b|\b(?:copain|mari|époux)\b"
)
_SELF_FEMALE = (
    r"\bi'?m\s+(?:a\s+)?(?:woman|girl|female|lesbian)\b|\bi\s+am\s+(?:a\s+)?(?:woman|girl|female)\b|"
    r"저도\s*여자|나도\s*여자|私も女|我也是女|\byo\s+(?:también\s+)?soy\s+mujer\b|"
    r"\bich\s+bin\s+(?:auch\s+)?(?:eine\s+)?Frau\b|\bje\s+suis\s+(?:aussi\s+)?une\s+femme\b"
)
_SELF_MALE = (
    r"\bi'?m\s+(?:a\s+)?(?:man|guy|male)\b(?!\s+of)|\bi\s+am\s+(?:a\s+)?(?:man|guy|male)\b(?!\s+of)|"
    r"저도\s*남자|나도\s*남자|私も男|我也是男|\byo\s+(?:también\s+)?soy\s+hombre\b|"
    r"\bich\s+bin\s+(?:auch\s+)?(?:ein\s+)?Mann\b|\bje\s+suis\s+(?:aussi\s+)?un\s+homme\b"
)
_PAIRS: Final = (
    (re.compile(_FEMALE_PARTNER, _I), re.compile(_SELF_FEMALE, _I)),
    (re.compile(_MALE_PARTNER, _I), re.compile(_SELF_MALE, _I)),
)


def special_more(text: str) -> Iterator[tuple[int, int, Rule, str]]:
    """Every finding of this module's classes in ``text``."""
    for rx, rule, name in (
        (_CARE, Rule.PII_HEALTH, "mental_health_care"),
        (_CONDITIONS, Rule.PII_HEALTH, "health_conditions_more"),
        (_BENEFITS, Rule.PII_HEALTH, "disability_benefit"),
        (_MEDICINES, Rule.PII_HEALTH, "psychiatric_medicine"),
        (_RECOVERY, Rule.PII_HEALTH, "addiction_recovery"),
        (_UNION, Rule.PII_SPECIAL_CATEGORY, "trade_union"),
        (_MORE_ART9, Rule.PII_SPECIAL_CATEGORY, "art9_more_languages"),
    ):
        for m in rx.finditer(text):
            yield m.start(), m.end(), rule, name
    for partner, self_said in _PAIRS:
        said = self_said.search(text)
        if said is None:
            continue
        for m in partner.finditer(text):
            yield m.start(), m.end(), Rule.PII_SPECIAL_CATEGORY, "same_gender_partner"

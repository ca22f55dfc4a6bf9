"""Modality: a span that asks, owes, supposes, nearly did or did until does not state what is
(grounding, issue 11 round 10).

The values of a claim can all stand in a span whose clause is not a statement of current fact.
:mod:`graphmem.write.aspect` reads past habits, wishes, weighed changes and advice; this module
reads the other modalities, by the grammar that marks them (English, Korean, Japanese, Chinese,
Spanish, German, French), in the clause that writes the claim's value (the whole span for a
yes/no claim):

* **question** — the clause is a question: it ends in "?", in a question particle (…かな,
  …일까, 吗), or opens with an inverted verb ("devrais-je", "soll ich"). "저 혹시 INTJ일까요?"
  does not say the speaker is INTJ. A request to the agent ("can you note that my flight is
  at 9?") and a tag ("I'm vegan, right?") are not questions about the value;
* **obligation** — what ought to be is not what is: "should", "ought to", "べき", "なきゃ",
  "해야 하는데", "应该", "debería", "sollte", "devrais" — the speaker does not (yet) do it.
  "Have to" / "must" / "muss" / "해야 해" state a requirement, which a routine obeys: with a
  habit marker ("every day", 매일, 毎朝) they are the routine itself and are not judged;
* **hypothetical** — an inverted conditional ("Were I to…", "Had I…"), a condition with a
  future or conditional result ("I'll switch … if …"), a conditional modal ("could",
  "könnte", "podría", "pourrais") or "theoretically": what would be, not what is. "I'd like",
  "hätte gern", "me gustaría" are preferences and stay;
* **future** — a state claimed now that the span places ahead ("retiring next year",
  "我明年才满十八岁", "내년에", "来年から", "el año que viene", "nächste Woche"). Predicates about
  dates, events and plans carry the time as their content and are not judged;
* **almost** — "almost", "nearly", "差点", "할 뻔", "危うく", "casi", "beinahe", "failli": what
  nearly happened did not ("almost every day" is a frequency, not a near miss);
* **until** — "until 2023", "hasta el año pasado", "작년까지", "去年まで": a state that ended;
* **ceased** — a yes claim beside a cessation ("quit", "끊은 지 3년", "戒了", "j'ai arrêté");
* **denied** — a negated frame around the value ("it's not true that I live in Paris", "I
  wouldn't say I love jazz", "people think I'm vegan but I'm not", "다 좋아하는 건 아니에요",
  "好きというわけではない", "no es que me guste"): the words are there to be denied;
* **partial** — the claimed noun stands after a part-word the claim drops ("half marathon"
  for ``marathon``, 하프 마라톤, ハーフマラソン, 半程马拉松, media maratón, Halbmarathon).

Predicates whose content is the modality (``plans_to``, ``question``, ``todo``, ``goal``)
are not judged. Every pattern is a bounded alternation; the check is one pass per rule.
"""

from __future__ import annotations

import re
from typing import Any

from graphmem.write.aspect import value_at

__all__ = ["modality_conflict"]

_I = re.I

#: predicates that are about a question, an obligation, a plan or a past (their content)
_MODAL_PREDICATE = re.compile(
    r"(?:^|[_.])(?:question|asks?|wonder\w*|should|must|needs?|obligations?|required|"
    r"requirements?|todo|tasks?|goals?|plans?_to|planned|planning|intends?|intentions?|wants?|"
    r"wish\w*|consider\w*|future|next|upcoming|former|past|previous|used|until|ended|hopes?|"
    r"dreams?|advice|advised|recommend\w*|rules?|hypothetical|if|maybe|might|almost|"
    # a constraint is an obligation by name: "당뇨가 있어서 단 음식은 피해야 해" is its content
    r"constraints?|restrictions?|restricted|avoids?|avoidance|must_avoid|limits?)(?=$|[_.])",
    _I,
)
#: predicates that are dates, times or events: a future time is their value
_EVENT_PREDICATE = re.compile(
    r"date|time|day|when|schedul|appoint|flight|trip|travel|event|deadline|meeting|birthday|"
    r"anniversary|start|begin|move|exam|due|year|month|week|retire_at|retirement_year",
    _I,
)

# -- clauses --------------------------------------------------------------------------------------

_SENTENCE = re.compile(r"[^.!?。！？\n]+[.!?。！？]*|[.!?。！？]+")
_CLAUSE_CUT = re.compile(
    r"[,;，、；—–]|\s(?:and|but|so|because|since|y|pero|porque|und|aber|weil|et|mais|parce\s+que)\s"
    r"|(?<=[가-힣])(?:고|지만|는데|은데|서|니까|면서)\s|けど|が、|ので|から、|因为|所以"
)


def _sentence_at(span: str, at: int) -> str:
    for m in _SENTENCE.finditer(span):
        if m.start() <= at < m.end():
            return m.group(0)
    return span


def _clause_at(span: str, at: int) -> str:
    """The clause (between commas and conjunctions) of the sentence holding ``at``, with the
    sentence's end mark (a question mark ends the clause it closes)."""
    sentence = _sentence_at(span, at)
    base = span.find(sentence)
    rel = at - base if base >= 0 else 0
    cuts = [0, *(m.end() for m in _CLAUSE_CUT.finditer(sentence)), len(sentence)]
    start = max(c for c in cuts if c <= rel)
    end = min((c for c in cuts if c > rel), default=len(sentence))
    return sentence[start:end]


def _clauses(obj: Any, span: str) -> list[str]:
    """The clause that writes the value, or every sentence for a value not written."""
    at = value_at(obj, span)
    if at >= 0:
        return [_clause_at(span, at)]
    return [m.group(0) for m in _SENTENCE.finditer(span) if m.group(0).strip(" .!?。！？")]


# -- question -------------------------------------------------------------------------------------

_QUESTION_END = re.compile(
    r"[?？]\s*\W{0,3}$|(?:かな|かしら|でしょうか|ますか|ですか|のか)\s*[。.!！~〜]?\s*$"
    r"|(?:까요?|냐)\s*[.!~]?\s*$|(?:吗|么)\s*[。.]?\s*$",
)
_QUESTION_START = re.compile(
    r"^\W*(?:¿|est-ce\s+que\b|\w+-(?:je|tu|il|elle|on|nous|vous)\b"
    r"|(?:am|are|do|did|should|shall|can|could|would|will|have)\s+(?:i|we)\b"
    r"|(?:soll|sollte|muss|müsste|kann|könnte|bin|habe)\s+ich\b|혹시)",
    _I,
)
#: a question put to the agent (a request) or a tag after a statement
_NOT_ABOUT_VALUE = re.compile(
    r"\b(?:can|could|would|will)\s+you\b|\bplease\b|\bremind\s+me\b|\bnote\s+that\b"
    r"|,\s*(?:right|you\s+know|ok|okay|yeah|no|n'est-ce\s+pas|verdad|oder|nicht\s+wahr)\s*\W*$"
    r"|주세요|줄래|줄\s*수|주실|くれ|もらえ|いただけ|ください|帮我|给我|请你|能不能帮"
    r"|\b(?:puedes|podrías|podria|kannst\s+du|könntest\s+du|können\s+sie|peux-tu|pouvez-vous|"
    r"pourriez-vous|pourrais-tu|pode|podes|poderia|poderias|puoi|potresti|può|potrebbe|"
    r"kun\s+je|kunt\s+u|zou\s+je|kan\s+du|kunne\s+du|kannst|bisakah|bisa(?:kah)?\s+(?:kamu|anda)|"
    r"tolong|làm\s+ơn|giúp\s+(?:tôi|mình|em))\b"
    # round 17: a request put as a question about what we do from now on ("Können wir ab
    # jetzt auf Deutsch weitermachen?", "返事は日本語でお願いできますか", "could we keep it short?")
    r"|\b(?:can|could|shall)\s+we\b|\b(?:können|könnten|wollen|sollen)\s+wir\b|"
    r"\b(?:podemos|podríamos|podriamos)\b|お願い|해\s*줄\s*수|할\s*수\s*있을까요|你可以|您可以|能不能",
    _I,
)


def _question(obj: Any, span: str) -> bool:
    clauses = _clauses(obj, span)
    if not clauses:
        return False
    for clause in clauses:
        c = clause.strip()
        if _NOT_ABOUT_VALUE.search(c):
            return False
        if not (_QUESTION_END.search(c) or _QUESTION_START.search(c)):
            return False
    return True


# -- obligation -----------------------------------------------------------------------------------

#: the speaker's own obligation: a first-person subject before the modal in the Latin
#: languages (a rule for answers, "answers should be short", is a preference about the agent);
#: Korean, Japanese and Chinese clauses have no subject to read and are taken as the speaker's
_FIRST = r"(?:i|we|i'm|i\s+really|i\s+probably|i\s+just|i\s+still|yo|je|ich|wir)\s+"
#: what ought to be (the speaker does not do it yet)
_SHOULD = re.compile(
    rf"\b{_FIRST}(?:should|ought\s+to|am\s+supposed\s+to|gotta|debería|deberia|sollte|"
    r"devrais)\b|\b(?:debería|deberia|devrais|sollte)[-\s](?:yo|je|ich)\b|\bdebería\s+\w+r(?:me)?\b"
    r"|べき|なきゃ|なくちゃ|ねば"
    r"|[어아여해]야\s*(?:하는데|되는데|할\s*텐데|겠|지)|[어아여해]야지"
    r"|我?应该|我?应当",
    _I,
)
#: what must be: a routine obeys it, so a habit marker beside it is the routine
_MUST = re.compile(
    rf"\b{_FIRST}(?:must|have\s+to|need\s+to|got\s+to|tengo\s+que|debo|muss|dois)\b"
    r"(?!\s+(?:have|be\s+\w+ed)\b)"
    r"|\b(?:tengo\s+que|debo|muss\s+ich|je\s+dois|il\s+faut\s+que\s+je)\b"
    r"|なければ|ないと(?:いけ|だめ|ダメ)|[어아여해]야\s*(?:해|돼|한다|된다|합니다|됩니다)"
    r"|我?必须|不得不|得要",
    _I,
)
_HABIT = re.compile(
    r"\b(?:every\s*(?:day|morning|night|evening|week)|each\s+(?:day|morning)|daily|always|usually|"
    r"todos\s+los\s+días|cada\s+(?:día|mañana)|jeden\s+(?:Tag|Morgen)|täglich|immer|"
    r"chaque\s+(?:jour|matin)|tous\s+les\s+(?:jours|matins)|toujours)\b"
    r"|매일|매일같이|아침마다|날마다|항상|毎日|毎朝|毎晩|いつも|每天|每日|天天|总是",
    _I,
)


#: a new clause between a modal and the value: "I should mention (that) I'm allergic to …"
_NEW_SUBJECT = re.compile(r"\b(?:i|i'm|i've|we|je|j'|ich|yo|that|que|dass)\b", _I)


def _governs(modal: re.Match[str], clause: str, obj: Any, *, allow_subject: bool = False) -> bool:
    """The modal is over the value: it stands before it (or after it, in a verb-final
    language) and no new subject stands between them, unless the frame takes a clause
    (``allow_subject``: "it's not true that I …")."""
    at = value_at(obj, clause)
    if at < modal.end() or allow_subject:
        return True
    return not _NEW_SUBJECT.search(clause, modal.end(), at)


def _obligation(obj: Any, span: str) -> bool:
    for clause in _clauses(obj, span):
        should = _SHOULD.search(clause)
        if should is not None and _governs(should, clause, obj):
            return True
        must = _MUST.search(clause)
        if must is not None and _governs(must, clause, obj) and not _HABIT.search(span):
            return True
    return False


# -- hypothetical and future ----------------------------------------------------------------------

#: a supposition over the whole sentence: an inverted conditional, "theoretically", a
#: condition with a future or conditional result
_SUPPOSED = re.compile(
    r"(?:^|[.;!?]\s*|,\s*)(?:were|had|should)\s+(?:i|we)\b"
    r"|\b(?:theoretically|hypothetically|in\s+theory|theoretisch|hypothetisch|te[óo]ricamente|"
    r"hipot[ée]ticamente|th[ée]oriquement|en\s+th[ée]orie)\b"
    r"|\b(?:if|si|wenn|falls)\b[^.!?]{1,80}\b(?:i['’]ll|i\s+will|i['’]d|i\s+would|we['’]ll|iré|"
    r"voy\s+a|werde)\b"
    r"|\b(?:i['’]ll|i\s+will|i['’]d|i\s+would|we['’]ll)\s[^.!?]{1,80}\b(?:if|unless|once)\b"
    r"|としたら|とすれば|的话|假如|万一"
    # round 13: a condition that opens the sentence, in more languages ("Falls ich die Stelle
    # bekomme, ziehe ich …", "要是明年升职了，我就…", "Se eu tivesse tempo, correria …",
    # "Si j'avais le temps, je …", "Si tuviera tiempo, …", "Se avessi tempo, …")
    r"|(?:^|[.;!?]\s*)(?:falls|wenn|sofern)\s+ich\b[^.!?]{1,80},"
    r"|(?:^|[。；！？，,]\s*)(?:要是|如果|假如|若是|倘若)[^。！？]{1,40}(?:就|便|会)"
    r"|\bse\s+(?:eu\s+)?\w+(?:sse|ssemos)\b|\bse\s+(?:io\s+)?avessi\b|\bse\s+fossi\b"
    r"|\bsi\s+(?:j'avais|j'étais|je\s+pouvais)\b|\bsi\s+(?:yo\s+)?(?:tuviera|fuera|pudiera|ganara)\b"
    r"|만약\S*\s[^.!?]{0,40}(?:면|라면|다면)\b|もし[^。！？]{0,40}(?:たら|なら|ば)"
    # round 15: a supposition that opens the sentence ("Say I weighed 95 kg, …", "Let's say
    # my rent were …", "Supongamos que gano …", "Angenommen, ich …", "Disons que je …",
    # "내가 1억을 번다고 치면", "仮に年収が…", "假设我月薪…")
    r"|(?:^|[.;!?]\s*)(?:(?:say|let['’]?s\s+say|suppose|supposing|what\s+if|assuming|assume|"
    r"pretend)\s+(?:that\s+|for\s+a\s+moment\s+)?|imagine\s+(?:if|that)\s+)(?:i|we|my|our|i['’]m)\b"
    r"|\b(?:supongamos|digamos|imagina|imaginemos|suponiendo|supondo|suponhamos|"
    r"supponiamo|diciamo|immagina|supposons|disons|imaginons|imagine)\s+que\b"
    r"|\b(?:angenommen|nehmen\s+wir\s+an|stell\s+dir\s+vor|mal\s+angenommen)\b"
    r"|(?:다고|라고)\s*(?:치면|쳐|가정하면|하면)|가정해\s*(?:보면|봐)|仮に|假设|假定|就当",
    _I,
)
#: a conditional modal in the value's own clause ("I'd like", "hätte gern" are preferences)
_CONDITIONAL = re.compile(
    r"\bmight\s+(?!you\b)\w+|\bcould(?:'ve|\s+have|\s+(?:theoretically|possibly|potentially|"
    r"maybe|see\s+myself|end\s+up|become|be|live|move|switch|get|buy|go))\b"
    r"|\b(?:i|we|you|he|she|they|it|that|there)['’]d\s+(?!like|love|prefer|rather|enjoy)\w+"
    r"|\bwould\s+(?!like|love|prefer|rather|enjoy)\w+"
    r"|\b(?:könnte|könnten|würde|würden|wäre|wären)\b(?![^.!?]{0,30}\b(?:gern|gerne|lieber)\b)"
    r"|\b(?:podría|podríamos|pourrais|pourrait|pourrions)\b"
    r"|할\s*수도|일\s*수도|かもしれ",
    _I,
)


def _hypothetical(obj: Any, span: str) -> bool:
    at = value_at(obj, span)
    sentence = _sentence_at(span, at) if at >= 0 else span
    if _SUPPOSED.search(sentence):
        return True
    return any(_CONDITIONAL.search(c) for c in _clauses(obj, span))


_FUTURE_TIME = re.compile(
    r"\bnext\s+(?:year|month|week|spring|summer|fall|autumn|winter)\b|\bin\s+(?:a|two|three|\d+)\s+"
    r"(?:years?|months?|weeks?)\b|\bthis\s+coming\s+(?:year|month|week)\b"
    r"|\b(?:el|la)\s+(?:año|mes|semana)\s+(?:que\s+viene|próxim[oa])|\bel\s+próximo\s+(?:año|mes)\b"
    r"|\bnächste[ns]?\s+(?:Jahr|Monat|Woche|Sommer|Winter)\b|\bl'année\s+prochaine\b"
    r"|\b(?:le\s+mois|la\s+semaine)\s+prochaine?\b"
    r"|내년|다음\s*달|다음\s*주|다음\s*해|来年|来月|来週|再来年|明年|后年|下个月|下周|下星期|明年才|"
    r"(?:要|会|将)(?:在)?(?:明年|下个月|下周)",
    _I,
)


def _future(predicate: str, obj: Any, span: str) -> bool:
    """A time ahead in the value's own clause ("I live in Seoul and next year I'm moving"
    keeps Seoul)."""
    if _EVENT_PREDICATE.search(predicate):
        return False
    return any(_FUTURE_TIME.search(c) for c in _clauses(obj, span))


# -- almost, until, ceased, partial ---------------------------------------------------------------

_ALMOST = re.compile(
    r"\b(?:almost|nearly)\b(?!\s+(?:every|always|all|each|never|everything|everywhere))"
    r"|\bcasi\b(?!\s+(?:todos|todas|siempre|nunca|cada))|\bbeinahe\b|\bfailli\b"
    r"|\bfast\s+(?:hätte|wäre|gekauft|genommen)"
    r"|差点|差一点|险些|할\s*뻔|[을ㄹ]\s*뻔|뻔했|危うく|もう少しで",
    _I,
)
_UNTIL = re.compile(
    r"\b(?:until|till|up\s+to|hasta|bis|jusqu'?\s*(?:en|à|au))\s+(?:\w+\s+)?"
    r"(?:(?:19|20)\d\d\b|last\s+\w+|recently|el\s+año\s+pasado|letztes\s+Jahr|vor\s+kurzem|"
    r"l'année\s+dernière|récemment)"
    r"|(?:(?:19|20)\d\d\s*년|작년|지난\s*(?:해|달|주)|얼마\s*전)\s*까지"
    r"|(?:(?:19|20)\d\d\s*年|去年|昨年|先月|先週)\s*(?:まで|为止)"
    r"|(?:到|直到)\s*(?:(?:19|20)\d\d|去年|上个月)"
    # round 12: until a stage of life ("until high school", "고등학교 때까지", "高校まで")
    r"|\b(?:until|till|up\s+to|through)\s+(?:(?:high|middle|grade)\s+school|college|uni(?:versity)?|"
    r"(?:I|we)\s+(?:was|were|moved|married|left|graduated)|(?:age|the\s+age\s+of)\s+\d+|my\s+(?:teens|twenties|"
    r"thirties|\d0s))"
    r"|\b(?:hasta|bis|jusqu'?\s*(?:au|à\s+la|à|en))\s+(?:la\s+|el\s+|los\s+|zum\s+|zur\s+|der\s+)?"
    r"(?:secundaria|instituto|universidad|colegio|\d+\s+años|Abitur|Uni|Schule|Studium|ich\s+\d+\s+war|"
    r"lycée|coll[èe]ge|fac|\d+\s+ans)"
    r"|(?:초등학교|중학교|고등학교|고교|대학교|대학|군대|결혼|입사|취업|\d+\s*살|스무\s*살|서른)"
    r"\s*(?:때|전|졸업\s*(?:때|전))?\s*까지"
    r"|(?:小学校|中学|高校|大学|結婚|就職|\d+歳)(?:の(?:頃|とき|時))?まで"
    r"|(?:小学|初中|高中|大学|结婚|工作|\d+岁)(?:以前|之前|为止|的时候为止)",
    _I,
)
#: a value the speaker takes back right after saying it (round 13): "34살, 아 아니다 43살",
#: "Boston — sorry, typo, Austin", "am Dienstag, äh, Quatsch, am Donnerstag"
_CORRECTION = re.compile(
    r"^[\s,.…—–\-]{0,4}(?:(?:oh|uh|um|ah|oops|err?)[,\s]+)?(?:no\s+wait|wait\s+no|"
    r"sorry[,\s]+(?:typo|I\s+mean|wrong|my\s+bad|make\s+that|it'?s)|sorry[,\s]+(?=\d)|"
    r"make\s+that|I\s+mean|actually[,\s]+(?:no|I\s+mean)|typo|"
    r"scratch\s+that|correction|아\s*아니(?:다|야|고)?|아니\s*아니|아니다|정정|"
    r"じゃなくて|いや|間違え|訂正|不对|不是|说错|口误|äh|Quatsch|ich\s+meine|nein|Korrektur|perdón|"
    r"digo|mejor\s+dicho|pardon|je\s+veux\s+dire|enfin\s+non|anzi|cioè|volevo\s+dire|quer\s+dizer|"
    r"ou\s+melhor)\b",
    _I,
)


def _corrected(obj: Any, span: str) -> bool:
    text = str(obj).strip()
    if not text or isinstance(obj, bool):
        return False
    at = span.casefold().find(text.casefold())
    if at < 0:
        return False
    after = span[at + len(text) : at + len(text) + 40]
    # the value's own unit or particle may stand between ("34살, 아 아니다")
    after = re.sub(r"^[^\s,.…—–\-]{0,3}", "", after)
    return _CORRECTION.search(after) is not None


#: hearsay (round 12): what others say or what one was told, in the value's own clause —
#: "they say I'm patient", "Dicen que soy paciente", "참을성이 많대요", "我听说", "と言われます".
#: The user reports an opinion or a rumour; the claim would be theirs only if they said it
_HEARSAY = re.compile(
    r"\b(?:they|people|everyone|everybody|others|my\s+\w+)\s+(?:say|says|said|tell\s+me|told\s+me|"
    r"think|thinks)\s+(?:that\s+)?(?:I|I'm|I've|my)\b|\bI(?:'ve|\s+have)?\s+(?:been\s+told|heard\s+that)|"
    r"\b(?:apparently|supposedly|reportedly|allegedly|rumou?r\s+has\s+it)\b|"
    r"\b(?:dicen|me\s+dicen|se\s+dice|dizem|me\s+dizem|dicono|mi\s+dicono|si\s+dice)\s+que\b|"
    r"\b(?:man\s+sagt|angeblich|es\s+heißt|mir\s+wurde\s+gesagt|sagen\s+(?:alle|die\s+Leute))\b|"
    r"\b(?:on\s+dit\s+que|on\s+me\s+dit\s+que|il\s+para[îi]t\s+que|apparemment)\b|"
    # -대요/-래요 ("많대요": they say there is much), not 그래요/이래요 ("yes", "like this")
    r"(?<![그이저어왜뭐])(?<=[가-힣])(?:대요|래요)(?=[\s.,!?~]|$)|[가-힣](?:다더라|다던데|라던데)|"
    r"(?:다고|라고)\s*(?:하더라|하던데|들었)|\bich\s+sei\b|"
    r"听说|据说|人家说|别人说|大家都说|有人说|"
    r"(?:と|って)(?:言われ|聞い)(?:る|た|ます|ました|てる|ています)|(?:だ|た|い)そうです",
    _I,
)
_CEASED = re.compile(
    r"\b(?:quit|stopped|gave\s+up|no\s+longer|not\s+anymore|ya\s+no|dejé\s+de|j'ai\s+arrêté|"
    r"arrêté\s+de|aufgehört|nicht\s+mehr)\b"
    r"|끊은\s*지|끊었|끊고|그만\s*뒀|그만두|戒了|戒掉|不再|やめた|辞めた|やめて",
    _I,
)
_NEGATED_BEFORE = re.compile(r"(?:n't|not|never|no|안|못)(?:\s+ever)?\s*$", _I)
_PART = re.compile(
    r"(?:\b(?:half|semi|mini|quarter|demi|media|medio|halb|halbe[nr]?)[\s-]?|하프\s*|ハーフ|半程?)$",
    _I,
)

_PART_WORD = re.compile(r"half|semi|mini|quarter|demi|media|medio|halb|하프|ハーフ|半", _I)


def _partial(obj: Any, span: str) -> bool:
    if not isinstance(obj, str) or len(obj.strip()) < 2 or _PART_WORD.search(obj):
        return False
    text = obj.strip().casefold()
    low = span.casefold()
    found = [m.start() for m in re.finditer(re.escape(text), low)]
    return bool(found) and all(_PART.search(low[max(0, at - 12) : at]) for at in found)


#: a statement denied around the value: a negated frame before it ("it's not true that",
#: "I wouldn't say", "no es que", "ce n'est pas que", "不是说") in its clause, or a denial
#: after it in its sentence ("but I'm not", "…는 건 아니에요", "…わけではない"): a cropped span
#: ("I love jazz" from "I wouldn't say I love jazz") keeps only the words denied
_DENY_BEFORE = re.compile(
    r"\b(?:(?:it'?s|that'?s|is)\s+not\s+(?:true|the\s+case)\s+that|not\s+that\s+i|"
    r"it'?s\s+not\s+like|(?:wouldn'?t|won'?t|can'?t)\s+(?:really\s+)?say|don'?t\s+(?:really\s+)?"
    r"think|never\s+said|i\s+doubt|no\s+es\s+que|no\s+es\s+verdad\s+que|no\s+creo\s+que|"
    r"nicht\s+dass|stimmt\s+nicht,?\s+dass|ce\s+n'est\s+pas\s+que|il\s+est\s+faux\s+que|"
    r"je\s+ne\s+dirais\s+pas|je\s+ne\s+pense\s+pas\s+que|far\s+from|lejos\s+de|"
    r"weit\s+davon\s+entfernt|loin\s+de|tutt'altro\s+che|longe\s+de)\b|并不是说|不是说|倒不是|并非说",
    _I,
)
_DENY_AFTER = re.compile(
    r"(?:는|은|한|인)\s*건\s*아니|라는\s*건\s*아니|(?:という)?わけ(?:では|じゃ)(?:ない|ありません)"
    r"|とは限らない|\bbut\s+(?:i'?m|i\s+am|it'?s|it\s+is|i)\s+(?:really\s+)?(?:not|don'?t)\s*(?:[.!…]|$)"
    r"|\bbut\s+(?:that'?s|it'?s)\s+not\s+true\b|\bpero\s+no\s+(?:lo\s+)?soy\b|\bpero\s+no\b\W*$"
    r"|\baber\s+(?:ich\s+bin\s+)?(?:es\s+)?nicht\b|\bmais\s+(?:ce\s+n'est\s+pas\s+vrai|non|je\s+ne\s+le\s+suis\s+pas)\b",
    _I,
)


#: "far from" right after the value, in its own word (round 14): "회는 좋아하기는커녕",
#: "強いどころか" — not a 커녕 further on, which is about another thing ("부산에 살아요,
#: 서울은커녕 …")
_FAR_FROM_AFTER = re.compile(
    r"^[^\s,.!?。、，]{0,10}(?:\s[^\s,.!?。、，]{0,10})?커녕|^[^\s,.!?。、，]{0,8}どころか"
)


_TOLD_YOU = re.compile(r"\b(?:told|tell|mentioned|said\s+to|say\s+to)\s+(?:to\s+)?you\b", _I)


def _denied(obj: Any, span: str) -> bool:
    at = value_at(obj, span)
    if at < 0:
        return bool(_DENY_BEFORE.search(span) or _DENY_AFTER.search(span))
    clause = _clause_at(span, at)
    before = _DENY_BEFORE.search(clause)
    value_in_clause = value_at(obj, clause)
    if (
        before is not None
        and _governs(before, clause, obj, allow_subject=True)
        # "I don't think I ever told you I'm vegan" denies the telling, not the value
        and not _TOLD_YOU.search(clause, before.end(), max(before.end(), value_in_clause))
    ):
        return True
    sentence = _sentence_at(span, at)
    rel = sentence.casefold().find(str(obj).strip().casefold())
    if rel >= 0 and _FAR_FROM_AFTER.search(sentence[rel + len(str(obj).strip()) :]):
        return True
    return rel >= 0 and bool(_DENY_AFTER.search(sentence, rel))


def modality_conflict(
    predicate: str, obj: Any, span: str, at: int | None = None
) -> tuple[str, str] | None:
    """``(kind, detail)`` of the modality of ``span`` that keeps it from stating ``obj`` as
    current fact, or ``None``. ``span`` is NFKC text; ``at`` is where a yes/no claim's
    predicate is written in it (its modality is its clause's: "천식이 있어서 … 피해야 해요"
    has a must beside the asthma, not over it)."""
    whole = span
    if isinstance(obj, bool) and at is not None and 0 <= at < len(span):
        span = _clause_at(span, at)
    if _partial(obj, span):
        return ("partial", "the span names a part of what the claim names")
    if _MODAL_PREDICATE.search(predicate):
        return None
    # a yes/no claim is denied or asked over the whole span ("pineapple on pizza? absolutely
    # not" answers its question; "… but I'm not" denies the clause before it)
    if _denied(obj, whole):
        return ("denied", "the span denies what the claim states")
    if _question(obj, whole):
        return ("question", "the span asks, it does not state")
    if _obligation(obj, span):
        return ("obligation", "the span says what ought to be")
    if obj is not False and _hypothetical(obj, span):
        return ("hypothetical", "the span supposes, it does not state")
    if _future(predicate, obj, span):
        return ("future", "the span places the claim ahead")
    # the rest, like the ones above, in the value's own clause: "작년까지 서울 살았고 지금은 부산
    # 살아요" ended in Seoul, not in Busan
    clauses = _clauses(obj, span)
    if obj is not False and any(_ALMOST.search(c) for c in clauses):
        return ("almost", "the span says what nearly happened")
    for clause in clauses if obj is not False else ():
        until = _UNTIL.search(clause)
        if until is not None and str(obj) not in until.group(0):
            # (the year the state ended is the value of an ``until`` claim, not a conflict)
            return ("until", "the span says until when it was so")
    if obj is not False and _corrected(obj, whole):
        return ("corrected", "the speaker takes the value back")
    if obj is not False and any(_HEARSAY.search(c) for c in clauses):
        return ("hearsay", "the span reports what others say, not what the speaker states")
    for clause in clauses if obj is True else ():
        ceased = _CEASED.search(clause)
        if ceased is not None and not _NEGATED_BEFORE.search(
            clause, max(0, ceased.start() - 12), ceased.start()
        ):
            # ("I won't quit" is no cessation)
            return ("ceased", "the span says it stopped")
    return None

"""Content that speaks to the AI reading it (poisoning signal ``READER_ADDRESSED``).

A file, a page or a tool's output is written for whoever reads it; when a clause of it is
*addressed to the AI* ("Assistant reading this file:", "このドキュメントを処理するAIへ：",
"Для ИИ-ассистента:", "Trợ lý AI đọc tệp này:", "AI सहायक के लिए:"), what follows is meant
for the agent, not for a person, whatever language it is in and whatever verb it uses. The
shape is language-independent: at the start of a clause, a noun for the AI — marked as one
(it names AI: ``AI``, ``IA``, ``KI``, ``ИИ``, 人工知能 …), or preceded or followed by a
dative ("to", "für", "для", 给, へ, के लिए …), or followed by "this" (this file, esto, この,
này …) — then a short heading ended by a colon or a dash. "Agent: runner-3" in a CI log is
not addressed to anyone: a bare "agent" or "assistant" before a colon does not count.

The signal is weak on its own (weight 2, :mod:`graphmem.write.poisoning`): what makes it an
injection is what the clause asks — an override, an exfiltration, or any destination (an
e-mail address, a URL) after it, which the poisoning scan adds. Only untrusted content is
refused for it; a user may write "to the assistant:" to their own agent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graphmem.write.handlers import handler_address
from graphmem.write.screened import unscreened

__all__ = ["Address", "asks_after", "reader_address", "reader_addressed", "says_after"]

#: words that name the AI itself (a noun beside them is the AI, not a human assistant)
_AI_WORD = (
    r"(?:(?<![A-Za-z])(?:AI|A\.I\.|IA|KI|LLM|GPT)(?![A-Za-z])|ИИ|нейросет\w*|人工知能|人工智能|인공지능|"
    r"الذكاء\s+الاصطناعي|yapay\s+zeka|kecerdasan\s+buatan|trí\s+tuệ\s+nhân\s+tạo|AI助手|AI助理|"
    # round 15: "artificial intelligence" and its acronyms in the languages of Europe, the
    # Middle East, South and South-East Asia and East Africa; a Finnish compound is one word
    # ("tekoälyavustajalle": to the AI assistant)
    r"(?<![A-Za-z])(?:ШІ|ТН)(?![A-Za-z])|tekoäly\w*|ה?בינה\s+ה?מלאכותית|sztuczn\w+\s+inteligencj\w+|"
    r"uměl\w+\s+inteligenc\w+|umel\w+\s+inteligenc\w+|mesterséges\s+intelligenci\w+|"
    r"τεχνητ\w+\s+νοημοσύν\w+|искусственн\w+\s+интеллект\w*|штучн\w+\s+інтелект\w*|"
    r"ปัญญาประดิษฐ์|เอไอ|कृत्रिम\s+बुद्धि\w*|एआई|কৃত্রিম\s+বুদ্ধিমত্তা|এআই|هوش\s+مصنوعی|"
    r"مصنوعی\s+ذہانت|akili\s+bandia|kunstmatige\s+intelligentie|künstliche\w*\s+intelligenz|"
    r"intelligence\s+artificielle|inteligencia\s+artificial|inteligência\s+artificial|"
    r"intelligenza\s+artificiale|inteligen[țţt]\w*\s+artificial\w*|artificiell\w*\s+intelligens|"
    r"kunstig\s+intelligens|artipisyal\w*\s+na\s+intelihensiya|yapay\s+zekâ)"
)
_NOUN = (
    r"(?:assistants?|agents?|chatbots?|bots?|copilots?|language\s+models?|models?|"
    r"asistentes?|agentes?|Assistent(?:in|en)?|assistente|ассистент\w*|бот\w*|агент\w*|"
    r"assistent\w*|asystent\w*|asistent\w*|asszisztens\w*|avustaja\w*|msaidizi|wasaidizi|"
    r"ה?עוזר\w*|βοηθ\w+|асистент\w*|помічник\w*|помощник\w*|دستیار|katulong|"
    r"trợ\s+lý|ผู้ช่วย|مساعد\w*|सहायक|asisten|asistan\w*|어시스턴트|에이전트|비서|챗봇|"
    r"アシスタント|エージェント|ボット|助手|助理|智能体|机器人)"
)
_DATIVE_BEFORE = (
    r"(?:\b(?:to|for|dear|hey|attention|note\s+(?:to|for)|message\s+(?:to|for)|para|al|für|an|"
    r"à|pour|au|aux|для|к|cho|gửi|untuk|kepada|buat|till|åt|kwa|sa|do|dla|per|voor|aan|pro|"
    r"pentru|için|προς|для|до)\b|ถึง|إلى|لـ|给|致|写给)"
)
_DATIVE_AFTER = r"(?:へ|に|에게|께|के\s+लिए|को|için|[-\s]?e\b)"
_DEICTIC = (
    r"(?:\b(?:this|these|esto|este|esta|estos|estas|dies\w*|ceci|cette|ce|isso|isto|essa|esse|"
    r"это\w*|эт\w+|ini|bu|den\s+här|det\s+här|denna|detta|tämän|tätä|tämä|hii|huu|nito|ito|"
    r"ten|tę|ten\s+plik|tego|této|tohoto|ezt|ezen|αυτ\w+|цей|цього|ця|acest\w*|deze|dit)\b|"
    r"này|นี้|هذا|هذه|यह|इस|この|本|此|这|該|이\s|ה?זה|ה?זאת)"
)
_CLAUSE = r"(?:^|(?<=[\n.!?;>|\"'(\[{#*—–。！？-])|(?<=[.!?;:：]\s))[ \t]*"
_ADDRESS_HEAD = (
    rf"{_CLAUSE}(?P<pre>(?:[^\n.!?:：]{{0,24}}?{_DATIVE_BEFORE}[ \t]*)?)"
    rf"(?P<head>[^\n.!?:：。]{{0,40}}?(?:{_AI_WORD}[\s-]*{_NOUN}?|{_NOUN}(?:[\s-]*(?:de\s+)?{_AI_WORD})?))"
    rf"(?P<gap>[^\n.!?:：]{{0,60}}?)[ \t]*"
)
#: a heading ended by a colon or a dash is tried before one ended by a comma: "Notiz an die
#: KI, die dieses Notebook ausführt: …" is addressed by its colon, after the relative clause
_ADDRESS = re.compile(_ADDRESS_HEAD + r"(?P<end>[:：—–])", re.IGNORECASE | re.MULTILINE)
_ADDRESS_COMMA = re.compile(_ADDRESS_HEAD + r"(?P<end>,(?=\s))", re.IGNORECASE | re.MULTILINE)
#: a bare name of the AI at the start of a line before a colon ("AI: Sure, here it is",
#: "Assistant AI: …") is how a transcript labels who speaks, not an address to the reader
_SPEAKER = re.compile(
    rf"(?:{_AI_WORD}|{_NOUN})(?:[\s-]+(?:{_AI_WORD}|{_NOUN})){{0,2}}", re.IGNORECASE
)
_AI_RE = re.compile(_AI_WORD, re.IGNORECASE)
#: the cheap pre-check: no noun for the AI anywhere, no address. Substring tests (C speed),
#: upper case for the short Latin ones ("AI" in "said" is not one), case-folded for the rest
_UPPER_STEMS = ("AI", "A.I.", "IA", "KI", "LLM", "GPT", "ШІ", "ТН")
_FOLDED_STEMS = (
    "assistant", "agent", "bot", "бот", "copilot", "model", "asistente", "assistent", "ии",
    "нейросет", "ассистент", "агент", "人工知能", "人工智能", "인공지능", "الذكاء", "yapay zeka",
    "kecerdasan", "trí tuệ", "trợ lý", "ผู้ช่วย", "مساعد", "सहायक", "asisten", "asistan",
    "어시스턴트", "에이전트", "비서", "챗봇", "도우미", "アシスタント", "エージェント", "ボット",
    "automat", "autónom", "autonom", "自動", "自动", "자동",
    "助手", "助理", "智能体", "机器人", "ai助",
    "tekoäly", "בינה", "sztuczn", "uměl", "umel", "mesterséges", "τεχνητ", "искусствен",
    "штучн", "ปัญญาประดิษฐ์", "เอไอ", "कृत्रिम", "एआई", "কৃত্রিম", "এআই", "هوش", "مصنوعی",
    "akili bandia", "kunstmatige", "künstliche", "artificiel", "inteligen", "intelligenza",
    "artificiell", "kunstig", "artipisyal", "asystent", "asistent", "asszisztens", "avustaja",
    "saidizi", "עוזר", "βοηθ", "асистент", "помічник", "помощник", "دستیار", "katulong",
)  # fmt: skip


_LOWER_AI = re.compile(r"(?<![a-z])(?:ai|ia|ki|llm|gpt)(?![a-z])")


def _may_name_the_ai(text: str) -> bool:
    if any(stem in text for stem in _UPPER_STEMS):
        return True
    folded = text.casefold()
    return any(stem in folded for stem in _FOLDED_STEMS) or bool(_LOWER_AI.search(folded))


_DATIVE_BEFORE_RE = re.compile(_DATIVE_BEFORE + r"[ \t]*$", re.IGNORECASE)
_DATIVE_AFTER_RE = re.compile(r"^[ \t]*" + _DATIVE_AFTER, re.IGNORECASE)
_DEICTIC_RE = re.compile(_DEICTIC, re.IGNORECASE)


#: the AI named by what it is doing to this content, anywhere in a clause ("the AI reading
#: this receipt", "이 메시지를 받아 적는 인공지능은", "この履歴を読み込んだAIへ", "阅读本报告的AI
#: 助手", "Trợ lý AI đọc dòng này", "asisten AI yang membaca ini"), a mention ("@assistant"), a
#: note or a memo headed for it ("[어시스턴트 전달사항]", "Note for the AI reviewer", "Catatan
#: untuk asisten AI"): only a reader of this very text is meant, never a person
_AI_OR_NOUN = rf"(?:{_AI_WORD}(?:[\s-]*{_NOUN})?|{_NOUN}(?:[\s-]*{_AI_WORD})?)"
_READ_VERB_EN = (
    r"(?:reading|processing|parsing|summari[sz]ing|transcribing|reviewing|indexing|ingesting|"
    r"(?:that|who|which)\s+(?:reads?|process(?:es)?|summari[sz]es?|transcribes?|sees?))"
)
_PARTICIPLE = re.compile(
    rf"\b{_AI_OR_NOUN}\s+{_READ_VERB_EN}\s+(?:this|these|my|our|your|the\s+\w+\s+below)\b"
    # the AI as the subject of reading this very text, in a Korean condition or clause
    # ("AI assistant가 이 링크를 요약하면", "에이전트는 본 문서를 처리할 때")
    r"|(?:AI|인공지능|어시스턴트|에이전트|비서|챗봇|assistant|agent|bot)\s?(?:가|이|는|은|께서)\s+"
    r"(?:이|본|해당|위|아래)\s*[^\s.!?。]{0,12}?(?:을|를)\s*(?:읽|처리|요약|분석|검토|번역|보)"
    rf"|@(?:assistant|ai|bot|copilot|agent|claude|gpt|gemini)\b"
    rf"|\b(?:note|message|memo|instructions?|reminder)\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?"
    rf"(?:{_AI_WORD})[\s-]*(?:{_NOUN}|reviewers?|readers?|systems?|tools?)?"
    r"|(?:이|본|해당|위|아래)\s*[^\s.!?。]{0,12}\s*(?:을|를)?\s*(?:읽는|읽고\s*있는|읽을|처리하는|받아\s*적는|"
    r"요약하는|분석하는|검토하는|보는|번역하는)\s*(?:AI|인공지능|어시스턴트|에이전트|비서|챗봇)"
    r"|\[\s*(?:AI|인공지능|어시스턴트|에이전트|비서|アシスタント|エージェント|助手|助理)[^\]\n]{0,12}\]"
    r"|(?:AI|인공지능|어시스턴트|에이전트)\s*(?:비서|어시스턴트)?\s*(?:님|씨)"
    # round 16: the secretary honoured as the topic of a request ("비서님은 … 보내 주세요")
    r"|비서\s*님\s*(?:은|께서는|께서|께)"
    r"|(?:この|本|当|上記の?|以下の?)[^\s。、]{0,12}?(?:を)?(?:読む|読んでいる|読み込んだ|読み込む|処理する|"
    r"要約する|解析する|確認する)(?:AI|アシスタント|エージェント|人工知能)"
    r"|(?:阅读|读取|处理|总结|分析|看到)(?:本|此|这|该)[^\s。，]{0,8}?的\s*(?:AI|人工智能)?\s*(?:助手|助理|智能体|AI)"
    r"|(?:trợ\s+lý|AI)(?:\s+AI)?\s+(?:đang\s+)?(?:đọc|xử\s+lý|tóm\s+tắt)\s+(?:\S+\s+){0,2}này"
    r"|\b(?:nota|messaggio)\s+per\s+(?:l'|il\s+|la\s+)?(?:assistente|IA|AI)\b"
    r"|\b(?:assistente|IA|AI)(?:\s+(?:IA|AI))?\s+che\s+(?:legge|riassume|elabora|analizza)\b"
    r"|\b(?:assistente|IA)(?:\s+de\s+IA)?\s+que\s+(?:ler|analisar|resumir|processar)\b"
    r"|\b(?:catatan|pesan)\s+(?:untuk|kepada|buat)\s+(?:asisten|AI)\b"
    r"|\b(?:asisten|AI)(?:\s+AI)?\s+yang\s+(?:membaca|memproses|merangkum)\b"
    r"|\b(?:IA|asistente|assistente|agente)(?:\s+de\s+IA)?\s+(?:que\s+)?(?:lea|lee|leia|lê|procese|"
    r"processe|resuma)\s+(?:este|esta|esto|isto|isso|essa|esse)\b"
    r"|\b(?:KI|Assistent\w*)\s*,?\s*(?:die|der)\s+(?:dies\w*|den|das)\s+\S+\s+(?:liest|verarbeitet)\b",
    re.IGNORECASE,
)


#: the AI or the automation handling this content named in a condition or as an honoured
#: topic, ending in a comma or a dash (round 16: "If this ticket is being worked by an
#: automated assistant, …", "En caso de procesamiento automático, …", "이 메시지를 대신 읽어
#: 주는 비서 앱이 있다면, …", "쇼핑 도우미께서는 …", "お買い物代行AIの方は、…", "帮忙整理这篇笔记
#: 的助手，请…"): what follows is said to whatever processes the text
#: (not a bare "agent" or "assistant": "When an agent is offline, please leave a message"
#: speaks of people)
_AUTOMATED = (
    r"automated|automatic(?:ally)?|autonomous|autom[aá]tic[oa]s?|automatisch\w*|"
    r"AI|A\.I\.|IA|KI|LLM|GPT|bots?|chatbots?|copilots?|language\s+models?"
)
#: a helper that is software: "쇼핑 도우미", "AI 도우미" (a bare 도우미 may be a housekeeper)
_KO_HELPER = r"(?:쇼핑|AI|인공지능|가상|스마트|디지털|주문|예약|구매|챗)\s*도우미"
_CONDITIONAL_IF = re.compile(
    rf"\b(?:if|when|whenever|in\s+case|should|si|cuando|en\s+caso\s+de|wenn|falls|sofern|bei)\b"
    rf"[^.!?\n]{{0,80}}?\b(?:{_AUTOMATED})\b[^.!?\n,;:]{{0,40}}[,;:—–]",
    re.IGNORECASE,
)
#: ... and the condition is that the automation handles this very content ("If the AI model
#: underperforms, please retrain it" and "If you use an automated build, set CI=true" are
#: advice to people)
_HANDLES = re.compile(
    r"\b(?:this|these|read(?:s|ing)?|process\w*|handl\w*|work(?:s|ed|ing)\s+(?:by|on)|pars\w*|"
    r"summari[sz]\w*|triag\w*|ingest\w*|procesa\w*|lectura|lee|leer|tramit\w*|este|esta|"
    r"verarbeit\w*|bearbeit\w*|gelesen|liest|dies\w*)\b",
    re.IGNORECASE,
)
#: a bare assistant or agent counts when the condition says it reads or processes the
#: content ("If an assistant is reading reviews for someone, …")
_READS = re.compile(
    r"\b(?:read(?:s|ing)|process(?:es|ing)|handl(?:es|ing)|pars(?:es|ing)|summari[sz](?:es|ing))\b",
    re.IGNORECASE,
)
_CONDITIONAL_BARE = re.compile(
    r"\b(?:if|when|whenever|in\s+case)\b[^.!?\n]{0,40}?\b(?:an?|the|any|your)\s+(?:assistants?|agents?)\b"
    r"[^.!?\n,;:]{0,60}[,;:—–]",
    re.IGNORECASE,
)
#: a software helper described by what it does to this content, in a relative clause ("los
#: asistentes digitales que gestionen esta conversación deben …", "digital assistants that
#: handle this thread should …")
_RELATIVE = re.compile(
    rf"(?:\b(?:{_AUTOMATED})\b|\b(?:digital|virtual)\s+assistants?|asistentes?\s+(?:digital|virtual)(?:es)?|"
    r"digitale[rn]?\s+Assistent\w*|virtuelle[rn]?\s+Assistent\w*)\s*,?\s+"
    r"(?:que|die|der|which|that|who)\s+(?:\S+\s+){0,3}?(?:esta|este|estos|estas|this|these|diese\w*)\b"
    r"(?:\s+[^\W\d_]+)?",
    re.IGNORECASE,
)
_CONDITIONAL = re.compile(
    r"(?:AI|인공지능|어시스턴트|에이전트|비서|챗봇)\s*(?:서비스|앱|기능)\s*(?:은|는|께서는)"
    rf"|(?:AI|인공지능|어시스턴트|에이전트|비서(?:\s*앱)?|챗봇|{_KO_HELPER}|assistant|agent|bot)"
    r"\S{0,3}\s*(?:있다면|있으면|라면|이라면)[,\s]"
    rf"|(?:AI|인공지능|어시스턴트|에이전트|비서|챗봇|{_KO_HELPER}|assistant|agent|bot)\s*(?:분|님)?\s*"
    r"(?:께서는|께서|분은|분께서는|(?<=분)\s*[—–,:])"
    r"|자동\s*(?:처리|결제|응답|입력)\s*(?:시|하는\s*경우|라면|이면|의\s*경우)"
    r"|(?:AI|アシスタント|エージェント|ボット)\S{0,6}?(?:の方|様|さん)(?:は|へ|に)"
    r"|(?:AI|アシスタント|エージェント|ボット)(?:の場合|なら)|自動(?:処理|応答|入力)(?:の場合|する場合|なら|時)"
    r"|(?:(?:的|AI|智能)\s*(?:助手|助理)|AI|机器人|智能体)\s*[，,：:](?=\s*请)"
    r"|(?:如果|若|如|当)[^。\n]{0,30}(?:AI|助手|助理|机器人|自动)[^。\n，,]{0,20}[，,]"
    r"|自动(?:处理|执行)(?:时|的话)",
    re.IGNORECASE,
)


#: a clause opened by a subordinator is a condition or a time, not a vocative: a comma after
#: it ends the condition ("If the AI model underperforms, please retrain it" is advice to
#: people); conditions that address the automation are read by ``_CONDITIONS``
_SUBORDINATE = re.compile(
    r"\s*(?:if|when|whenever|once|unless|until|after|before|while|in\s+case|si|cuando|"
    r"mientras|wenn|falls|sofern|sobald|nachdem|bevor|während)\b",
    re.IGNORECASE,
)
#: the conditions and relative clauses that address the automation handling the content, in
#: the order tried, each with what its match must also say (``None``: nothing more)
_CONDITIONS: tuple[tuple[re.Pattern[str], re.Pattern[str] | None], ...] = (
    (_CONDITIONAL, None),
    (_CONDITIONAL_IF, _HANDLES),
    (_CONDITIONAL_BARE, _READS),
    (_RELATIVE, None),
)


def _conditional_address(text: str) -> re.Match[str] | None:
    """The first condition or relative clause that addresses the automation handling it."""
    for pattern, also in _CONDITIONS:
        for m in pattern.finditer(text):
            if also is None or also.search(m.group(0)):
                return m
    return None


#: people named after AI: a team, a committee, a lab that works on it
_HUMAN_GROUP = re.compile(
    rf"(?:[^\n:：]{{0,40}}?){_AI_WORD}[\s-]*(?:{_NOUN}[\s-]*)?(?:team|group|lab|department|committee|"
    r"research(?:ers)?|ethics|policy|strategy|community|guild|council|squad|engineers?|"
    r"팀|부서|연구소|위원회|チーム|部署|委員会|团队|小组|部门|委员会)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Address:
    """Where a text speaks to the AI reader. ``heading``: the address ends in a colon, a dash
    or a vocative comma, so what follows it is said *to* the AI; ``speaker``: a bare name of
    the AI opening a line ("AI: …"), which in a transcript labels who speaks."""

    start: int
    end: int
    heading: bool
    speaker: bool


_HEADING_AFTER = re.compile(r"[ \t]*[^\n.!?:：]{0,30}?[:：—–]")


_NOUN_RE = re.compile(_NOUN, re.IGNORECASE)


def _opens_a_quoted_value(text: str, head_at: int, head: str) -> bool:
    """Whether the heading's last noun for the AI opens a quoted value (``alt="Assistant:``)."""
    nouns = list(_NOUN_RE.finditer(head))
    at = head_at + nouns[-1].start() if nouns else head_at
    return at > 0 and text[at - 1] in "\"'"


def reader_address(text: str) -> Address | None:
    """The first clause heading addressed to the AI reader, if any."""
    if len(text) < 8:
        return None
    if not _may_name_the_ai(text):
        # no word for AI: the reader may still be named by how it handles the content
        handler = handler_address(text)
        if handler is None:
            return None
        return Address(handler.start(), handler.end(), heading=False, speaker=False)
    named = _PARTICIPLE.search(text)
    if named is not None and not _HUMAN_GROUP.match(text, named.start()):
        heading = _HEADING_AFTER.match(text, named.end()) is not None
        return Address(named.start(), named.end(), heading, speaker=False)
    conditional = _conditional_address(text) or handler_address(text)
    if conditional is not None and not _HUMAN_GROUP.match(text, conditional.start()):
        return Address(conditional.start(), conditional.end(), heading=False, speaker=False)
    for pattern in (_ADDRESS, _ADDRESS_COMMA):
        for m in pattern.finditer(text):
            if _HUMAN_GROUP.search(text, m.start(), m.end()):
                continue  # "Note for the AI team:" is for people who work on AI
            head, gap, pre = m.group("head"), m.group("gap"), m.group("pre")
            if m.group("end") == "," and not (_AI_RE.search(head) and re.search(_NOUN, head, re.I)):
                continue  # "AI agent, …" is a vocative; "AI, cloud and data: …" is a list
            if m.group("end") == "," and _SUBORDINATE.match(head):
                continue  # "If the AI model underperforms, retrain it": a condition (tried above)
            if (
                m.group("end") != ","
                and gap.lstrip().startswith(",")
                and not (pre and _DATIVE_BEFORE_RE.search(pre))
                and not _DEICTIC_RE.search(gap)
            ):
                continue  # "AI, cloud and data: …" lists topics; it speaks to no one
            if (
                _AI_RE.search(head)
                or (pre and _DATIVE_BEFORE_RE.search(pre))
                or _DATIVE_AFTER_RE.search(gap)
                or _DEICTIC_RE.search(gap)
                # a quoted value opening with it (aria-label="Assistant: …"): no transcript
                # line and no log field starts inside an attribute
                or (m.group("end") != "," and _opens_a_quoted_value(text, m.start("head"), head))
            ):
                line_start = text.rfind("\n", 0, m.start("head")) + 1
                speaker = (
                    m.group("end") != ","
                    and not pre.strip()
                    and not gap.strip()
                    and not text[line_start : m.start("head")].strip(" \t#>*-")
                    and _SPEAKER.fullmatch(head.strip()) is not None
                )
                return Address(m.start("head"), m.end(), heading=True, speaker=speaker)
    return None


def reader_addressed(text: str) -> tuple[int, int] | None:
    """``(start, end)`` of the first clause heading addressed to the AI reader, if any."""
    found = reader_address(text)
    return None if found is None else (found.start, found.end)


#: a request in the clause that follows an address: a polite or imperative ending, a
#: "please", a prohibition ("don't tell", "알리지 마세요"), in the languages the address reads
_REQUEST = re.compile(
    r"\b(?:please|pls|kindly|must|make\s+sure|do\s+not|don'?t|never|always|mark|send|add|delete|"
    r"remove|forward|approve|change|set|disable|enable|ignore|share|copy|upload|cancel|close|skip|"
    r"grant|transfer|email|post|reply|update|turn\s+off|bitte|"
    # round 17: more imperatives a note to the reader opens with
    r"push|run|open|save|store|install|paste|put|move|pay|buy|print|export|download|sync|attach|"
    r"include|insert|append|create|sende|lösche|füge|por\s+favor|"
    r"adicione|desative|envie|envíe|mande|borre|cambie|marque|elimine|agrega|añade|"
    # round 17: Spanish requests in the usted and tú forms
    r"gu[aá]rde\w*|programe|agregue|configure|actualice|confirme|pague|transfiera|reenv[íi]e\w*|"
    r"comparta|añada|apruebe|acepte|registre|abra|instale|descargue|reenv[íi]a|comparte|aprueba|"
    r"confirma|transfiere|desactiva|instala|descarga|"
    r"hãy|đừng|vui\s+lòng|tolong|harap|mohon|jangan|kirim\w*|ubah|hapus|tambahkan|"
    # imperatives an injection opens with, in Italian, Portuguese, French, Dutch, Indonesian
    # and Vietnamese: ignore, disregard, send, delete, add, tell, subscribe
    r"ignora|ignore[zr]?|desconsidere|disregard|negeer|abaikan|bỏ\s+qua|invia|envoie|stuur|gửi|"
    r"cancella|apague|supprime[zr]?|verwijder|xóa|aggiungi|ajoute[zr]?|voeg|thêm|diga|dis-lui|"
    r"zeg|katakan|nói\s+với|iscrivi|inscreva|inscris|abonneer|daftarkan|đăng\s+ký|"
    # round 15: the second-person imperatives a French or German note to the AI opens with
    r"garde|pousse|publie|efface|transf[èe]re|partage|d[ée]sactive|active|modifie|r[ée]ponds|"
    r"oublie|mets|fais|ouvre|clique|t[ée]l[ée]charge|installe|ex[ée]cute|lance|valide|approuve|"
    r"accepte|fusionne|schicke?|teile|[äa]ndere|deaktiviere|aktiviere|entferne|gib|mach|"
    r"[öo]ffne|klicke|lade|installiere|f[üu]hre|starte|genehmige|akzeptiere|leite|r[äa]ume?|"
    r"vergiss|ignoriere|antworte|setze|speichere|l[öo]sche|"
    # English persistence and regard, and the Russian, Ukrainian and Turkish imperatives
    r"from\s+(?:now|here)\s+on|going\s+forward|henceforth|treat|consider|regard|"
    r"удали\w*|отправь\w*|перешли\w*|пришли\w*|игнорируй\w*|забудь\w*|измени\w*|отключи\w*|"
    r"включи\w*|добавь\w*|сделай\w*|открой\w*|скачай\w*|установи\w*|запусти\w*|выполни\w*|"
    r"ответь\w*|скажи\w*|пожалуйста|видали\w*|надішли\w*|ігноруй\w*|зміни\w*|вимкни\w*|"
    r"додай\w*|зроби\w*|відкрий\w*|завантаж\w*|встанови\w*|виконай\w*|будь\s+ласка|"
    r"sil|gönder|unut|değiştir|kapat|ekle|yap|aç|indir|kur|çalıştır|yanıtla|söyle|lütfen|"
    # round 16: leave given and duty laid on the reader ("it can go ahead and issue the refund",
    # "esta factura debe marcarse como pagada", "soll freigegeben werden")
    r"go\s+ahead|feel\s+free|should|would\s+be\s+(?:really\s+|very\s+|so\s+)?(?:kind|great|helpful|nice)|needs?\s+to|(?:is|are)\s+(?:allowed|permitted|authori[sz]ed|"
    r"expected|required)\s+to|may\s+proceed|debe\w*|deber[áa]\w*|darf|d[üu]rfen|soll\w*|muss|m[üu]ssen|"
    # round 17: a need stated to the reader ("has to", "tiene que", "es erforderlich")
    r"ha(?:s|ve)\s+to|tiene\s+que|tienen\s+que|hay\s+que|es\s+necesario|necesita\w*|"
    r"erforderlich|notwendig)\b"
    r"|(?:하세요|해\s*주세요|해\s*줘|주세요|하십시오|하라|해라|마세요|마십시오|말\s*것|할\s*것|바랍니다|부탁|"
    r"주셔야|하셔야|셔야\s*(?:합니다|해요|돼요|됩니다)|해야\s*(?:합니다|해요|됩니다|함))"
    r"|(?:ください|してください|しておいて|すること|せよ|しなさい|お願い|必要があり|必要です|べき|"
    # round 15: a casual request or prohibition ("同期して、", "言わないでね")
    r"て(?:ね|よ|おいて|くれ|ほしい)?(?=[、。！!\s]|$)|ないで)"
    r"|(?:请|務必|务必|必须|不要|别|把|需要|应该|应当|麻烦|顺便|帮忙)",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?。！？](?:\s|$)|\n\s*\n")


def asks_after(text: str, end: int, width: int = 200) -> bool:
    """Whether the sentence after an address to the AI (ending at ``end``) asks something of
    it. Addressed and asking, a text has an instruction for its reader: no document, tool or
    page needs one from the AI that reads it."""
    stop = _SENTENCE_END.search(text, end, end + width)
    limit = stop.end() if stop else min(len(text), end + width)
    return _REQUEST.search(text, end, limit) is not None


#: a word of at least two letters in any script; a run of CJK or kana counts per character
_WORD = re.compile(r"[^\W\d_]{2,}")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def says_after(text: str, end: int, width: int = 200) -> bool:
    """Whether a heading addressed to the AI (ending at ``end``) is followed by a statement
    of its own — three words or more (six CJK characters), not a question — in the same
    sentence, written in a language the gate does not screen
    (:mod:`graphmem.write.screened`). In the languages it reads, what the address asks is
    read by its request words (:func:`asks_after`), and an address that only tells ("Note for
    the AI reviewer: the diff adds two tests") is left alone; in the others nothing can tell
    a request from a remark, so a statement to the AI that reads it is taken as meant for the
    agent (round 15: a Swahili, Hebrew or Finnish directive under such a heading passed)."""
    stop = _SENTENCE_END.search(text, end, end + width)
    clause = text[end : stop.start() + 1 if stop else min(len(text), end + width)]
    if clause.rstrip().endswith(("?", "？")):
        return False
    words = len(_WORD.findall(clause)) + len(_CJK.findall(clause)) // 2
    return words >= 3 and unscreened(clause) is not None

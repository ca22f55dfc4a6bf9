# ruff: noqa: E501  (patterns in six languages)
"""The reader named by what it does to the content, without a word for AI (round 17).

A carrier that wants an automated reader to act does not need to say "AI": "Reminder for
whatever merges this: …", "PS for whatever tool is compiling these reviews", "본 문자를
자동으로 정리하는 앱은 …", "このメッセージを読み取って処理する仕組みをお使いの方へ", "把这条评价读给别人
听的那个程序，请 …", "el sistema que gestione este chat … debe …", "Bitte an das System, das Ihre
Nachrichten sortiert: …". What names the reader is the handling itself — reading, processing,
summarising, sorting this content — said of a thing ("whatever", "the system that", "仕組み",
"程序", "앱"), or of a person doing it on someone else's behalf ("quien esté leyendo esto por
encargo de otra persona"). A person named by a human task ("whoever reviews this PR", "whoever
cleans the kitchen") is not it: "whoever" counts only with an automated verb or on someone's
behalf.

Such a phrase is an address, not yet an instruction: :func:`graphmem.write.addressee.
reader_address` reports it, and the poisoning scan calls it directed only when the clause after
it asks something (its request words)."""

from __future__ import annotations

import re
from typing import Final

_I: Final = re.IGNORECASE

#: what a program does to content it handles (stems)
_HANDLES_EN: Final = (
    r"read|process|handl|pars|summari[sz]|compil|merg|index|scan|triag|ingest|sort|generat|"
    r"aggregat|collect|crawl|scrap|extract|import|sync|transcrib|translat|analy[sz]|digest|"
    r"monitor|fetch|render|recap|filter|classif|organi[sz]|manag"
)
#: ... and what only a program does ("whoever indexes this" is one; "whoever reads this" may be
#: anyone)
_AUTOMATED_EN: Final = (
    r"process|pars|summari[sz]|compil|index|ingest|aggregat|crawl|scrap|transcrib|digest|"
    r"recap|classif"
)
_THING_EN: Final = (
    r"system|program|tool|app|application|service|software|script|pipeline|integration|process|"
    r"bot|parser|crawler|scraper|reader|client|plugin|extension|workflow|automation"
)

_HANDLER_EN: Final = re.compile(
    # "whatever merges this", "whatever tool is compiling these reviews"
    rf"\b(?:whatever|whichever)\b(?:\s+[\w-]+){{0,2}}?\s+(?:is\s+|are\s+|will\s+be\s+|may\s+be\s+)?"
    rf"(?:{_HANDLES_EN})\w*\b"
    # "whoever is summarising this", "anyone reading this on behalf of someone"
    rf"|\bwhoever\s+(?:is\s+)?(?:{_AUTOMATED_EN})\w*\b"
    rf"|\b(?:whoever|anyone|someone)\s+(?:is\s+)?(?:read|handl|process|manag)\w*\s+(?:this|these|it)\b"
    r"[^.\n]{0,30}?\b(?:on\s+(?:behalf\s+of|someone'?s\s+behalf)|for\s+(?:someone|somebody|another|"
    r"the\s+user|a\s+user|their\s+(?:owner|user|client|boss)))"
    # "to the system that sorts your mail", "any tool which reads this"
    rf"|\b(?:any|each|every|the)\s+(?:[\w-]+\s+)?(?:{_THING_EN})s?\s*,?\s+(?:that|which|who)\s+"
    rf"(?:is\s+|are\s+)?(?:[\w-]+\s+){{0,2}}?(?:{_HANDLES_EN})\w*\s+(?:this|these|your|the\s+user'?s)\b",
    _I,
)
_HANDLER_ES: Final = re.compile(
    r"\b(?:el|la|los|las|cualquier|todo|toda)\s+(?:sistema|programa|herramienta|aplicaci[óo]n|"
    r"app|servicio|software|proceso|bot|script|asistente)(?:s|es)?\s*,?\s+(?:que|el\s+cual|"
    r"la\s+cual)\s+(?:\S+\s+){0,2}?(?:gestion|proces|le[ea]|lee|resum|analiz|clasific|orden|"
    r"administr|manej|recopil|atiend|revis|tramit)\w*"
    r"|\bquien(?:es)?\s+(?:\S+\s+){0,2}?(?:leyendo|procesando|gestionando|resumiendo|lea|procese|"
    r"gestione|resuma)\b[^.\n]{0,30}?\b(?:por\s+encargo|en\s+nombre|de\s+parte)",
    _I,
)
_HANDLER_DE: Final = re.compile(
    r"\b(?:das|dem|den|ein|einem|jedes|jedem)\s+(?:System|Programm|Tool|Werkzeug|Software|App|"
    r"Skript|Dienst|Plugin)\s*,\s*(?:das|der|die|welches)\s+(?:\S+\s+){0,4}?(?:sortiert|"
    r"verarbeitet|liest|einliest|ausliest|zusammenfasst|auswertet|bearbeitet|verwaltet|filtert|"
    r"erfasst|durchsucht|indexiert|abarbeitet)\b"
    r"|\b(?:wer|was)\s+auch\s+immer\s+(?:\S+\s+){0,3}?(?:liest|verarbeitet|sortiert|"
    r"zusammenfasst|auswertet|bearbeitet|einliest)\b"
    # "wer diesen Brief automatisch bearbeitet, soll …"
    r"|\bwer\s+(?:\S+\s+){0,4}?(?:automatisch|maschinell)\s+(?:\S+\s+)?(?:bearbeitet|verarbeitet|"
    r"liest|einliest|sortiert|auswertet)\b",
    _I,
)
_THING_CJK: Final = r"仕組み|システム|プログラム|ツール|アプリ|ソフト|サービス|ボット"
_HANDLER_JA: Final = re.compile(
    rf"(?:読み取|読み込|読み上げ|処理|要約|解析|集計|整理|仕分け|振り分け)[^。\n]{{0,10}}?"
    rf"(?:{_THING_CJK})(?:をお使いの方|を使っている方|をご利用の方|の方|様)?(?:へ|に|は)"
    r"|(?:自動で|自動的に|機械的に)[^。\n]{0,8}?(?:処理|読み取|読み込|要約|解析|整理|集計|仕分け)"
    r"[^。\n]{0,8}?(?:場合|なら|ときは|方は|方へ)",
)
_HANDLER_ZH: Final = re.compile(
    r"(?:读|处理|整理|汇总|总结|解析|收集|转述|播报|分析|朗读)[^。\n，,]{0,15}?的(?:那个|这个|各位|各个)?"
    r"(?:程序|系统|工具|软件|应用|脚本|机器人|插件)"
    r"|(?:如果|若|假如|要是)(?:是|有)?(?:程序|系统|工具|软件|应用|脚本|插件)[^。\n，,]{0,12}?"
    r"(?:读|处理|整理|汇总|看|解析|分析)",
)
_HANDLER_KO: Final = re.compile(
    r"(?:정리|처리|읽|요약|분석|수집|분류|관리)(?:하|해)?(?:는|고\s*있는)\s*(?:\S{1,6}\s*)?"
    r"(?:앱|서비스|프로그램|시스템|도구|툴|tool|봇|기능|소프트웨어|쪽|측)(?:\s*/\s*\S{1,6})?\s*"
    r"(?:은|는|께서는|에서는|에게|께)(?![가-힣])",
    _I,
)
HANDLERS: Final = (_HANDLER_EN, _HANDLER_ES, _HANDLER_DE, _HANDLER_JA, _HANDLER_ZH, _HANDLER_KO)


def handler_address(text: str) -> re.Match[str] | None:
    """The first phrase naming the reader by how it handles this content, if any."""
    found = [m for rx in HANDLERS if (m := rx.search(text)) is not None]
    return min(found, key=lambda m: m.start()) if found else None

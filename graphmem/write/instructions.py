"""Instruction shape: a memory states what is or what happened; it does not command.

A claim whose stored object or text is a shell command, a standing rule ("always / next time /
whenever … run, restart, delete, approve, send …") or a sequence of imperative steps would be
replayed to an agent as if it were a rule. Rules belong in a reviewed procedure release (the
seed: "다음부터 오류가 나면 그냥 service를 재시작해" must not become a global procedure), so:

* a SEMANTIC claim with any of these shapes is refused (``INSTRUCTION_SHAPED``);
* an episode's *lessons* (``feedback``, ``outcome_detail``) with a standing rule or a shell
  command are refused the same way; what an episode *observed* (its text, observations and
  actions) is kept, and the context builder quotes instruction-like sentences in it inertly.

The cues are structural (a persistence or condition cue with an operational verb in the same
sentence, command syntax) in English, Korean, Japanese, Chinese, Spanish and German, read on the
normalised views of the text. A habit ("I always run 5 km") has a subject before its verb and
is not a rule.

Round 10 adds three shapes read by syntax, not by topic words:

* **canned replies** — a directive to answer with fixed words: a reply verb in the imperative
  or in a written directive form (English "just say '…'", Korean "…라고만 답할 것", Japanese
  "『…』と回答すること", Chinese "一律回答“…”", French "réponds toujours que …", Spanish
  "responde que …", German "antworte immer, dass …") followed or preceded by the fixed text
  (a quotation, or a that-clause). "I always say 'no thanks'" has a subject before the verb
  and "he said '…'" is past and reported: neither is a directive;
* **written standing rules** — Japanese and Korean notices end a rule in a nominalised
  directive ("…反映すること", "…답할 것"); after a persistence or condition cue (次回から,
  今後, 必ず, 하면, 앞으로) such an ending is a rule whatever its verb is ("趣味は料理をすること"
  has no cue and is a hobby);
* **code** — SQL statements that change data or schema (``UPDATE t SET c =``, ``DELETE FROM``,
  ``INSERT INTO … VALUES``, ``ALTER TABLE``, ``GRANT … ON``), a redirection of a command's
  output into a path (``echo … >> ~/.ssh/authorized_keys``), a destructive subcommand given a
  force switch (``prune -af --volumes``), a shell function defined and called (``:(){ …};:``)
  and, under a condition or persistence cue, a program given a switch or an upper-case verb
  (``iptables -F``, ``redis-cli FLUSHALL``).
  Naming SQL ("I write UPDATE statements all day") is not a statement.

A condition that someone *asks* ("if someone asks whether …, just say …", "有人问起…") is the
rule's trigger, not reported speech: the reporting verbs only make a shape inert when no
condition cue stands right before them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from graphmem.write.codes import Rule
from graphmem.write.normalize import View, normalize
from graphmem.write.prefilter import compiled, prefiltered

__all__ = ["dangerous_command", "inert_at", "instruction_shape", "instruction_spans"]

_I = re.I

#: PowerShell's approved verbs that change or run something (``Get-``/``Show-`` only read)
_PS_VERB: Final = (
    r"remove|stop|format|clear|set|invoke|start|restart|disable|enable|uninstall|install|new|"
    r"rename|move|copy|reset|unregister|register|suspend|add|update|write|out|export|import"
)
_PS_VERB_CASED: Final = "|".join(w.capitalize() for w in _PS_VERB.split("|"))
#: switches that make a command destroy, force or recurse without asking
_DESTRUCTIVE_SWITCH: Final = (
    r"--?force|--recursive|-recurse|--no-preserve-root|-{1,2}auto-approve|--hard|-delete|"
    r"-exec\s+rm|--purge|--prune|--yes-i-really-mean-it|--all\s+--force|-rf|-fr|-fdx|"
    r"--cascade|--grace-period=0|-confirm:\$?false"
)
_SHELL: Final = re.compile(
    r"(?:^|[\s`'\"$>(;|&])(?:sudo\s+\S+|rm\s+-[a-zA-Z]*[rf]|rm\s+(?:[~/*.]|\S+/)|chmod\s+[-+0-7]|"
    r"chown\s+\S|curl\s+-?\S|wget\s+\S|kubectl\s+\w+|systemctl\s+\w+|service\s+\S+\s+(?:restart|stop|"
    r"start)|docker\s+(?:run|rm|exec|kill|stop)|git\s+(?:push|reset|clean|checkout)\b|dd\s+if=|"
    r"mkfs\S*|shutdown\s|reboot\b|kill\s+-\d|pkill\s|killall\s|psql\s+-|mysql\s+-|ssh\s+\S+@|scp\s|"
    r"nc\s+-\w|bash\s+-c|sh\s+-c|powershell(?:\.exe)?\s+-\w|invoke-\w+|iex\s*\(|pip\s+install|"
    r"npm\s+(?:install|i)\s|apt(?:-get)?\s+(?:install|remove|purge)|export\s+[A-Z_]{2,}=|eval\s+\S|"
    r"crontab\s+-|truncate\s+-s|drop\s+(?:table|database)\b|delete\s+from\s+\w)"
    # PowerShell: a cmdlet (an approved verb, a dash, a capitalised noun) given an argument
    # or a pipe (written in lower case, its destructive switches still name it, below)
    rf"|(?<![\w-])(?-i:(?:{_PS_VERB_CASED})-[A-Z][A-Za-z]{{1,40}})(?=\s+[-$\\/\w.:\"']|\s*\|)"
    # cmd.exe builtins with their switches (``del /s /q``, ``rd /s``, ``format d:``)
    r"|(?<![\w/])(?:del|erase|rd|rmdir|robocopy|xcopy|takeown|icacls|reg\s+(?:add|delete)|"
    r"net\s+(?:user|localgroup)|sc\s+(?:stop|delete|config)|bcdedit|diskpart|cipher)"
    r"\s+(?:\S+\s+){0,3}?/[a-z]{1,8}\b|\bformat\s+[a-z]:(?:\\|\s|$)"
    # a command given a destructive switch, whatever the tool (``find … -delete``,
    # ``terraform destroy -auto-approve``, ``docker system prune --force``)
    # (found from the switch, which must follow a word and spaces: a one-character
    # lookbehind, so no word of a text is read as the start of a command)
    rf"|(?<=[\w.'\"*/\\])\s+(?:{_DESTRUCTIVE_SWITCH})(?![\w-])",
    _I,
)
#: a command line at the start of a line: a program, its words, an option switch
#: ("git config --global core.hooksPath /dev/null", "defaults write … LSQuarantine -bool NO"):
#: whatever the program, a line a shell would run (round 16: the list above names programs)
_COMMAND_LINE: Final = re.compile(
    r"(?m)^[ \t]*(?:\$\s*)?(?:sudo\s+)?[a-z][\w.\-]{1,30}(?:[ \t]+(?!-)[\w.\-/:=@~]+){0,6}"
    r"[ \t]+--?[a-zA-Z][\w\-]*(?![\w\-])"
)
_PIPE_SHELL: Final = re.compile(
    r"\|\s*(?:sudo\s+)?(?:ba|z|k)?sh\b|\$\([^)]{2,}\)|`[^`]{3,}`|&&\s*\w"
)
_DANGEROUS: Final = re.compile(
    r"(?:curl|wget)\s[^|\n]{0,200}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b|rm\s+-[a-zA-Z]*r[a-zA-Z]*f?\s+(?:/|~|\*|\$HOME)"
    r"|mkfs|dd\s+if=.{0,40}of=/dev/|chmod\s+-R\s+777|base64\s+-d[^|\n]{0,60}\|\s*(?:ba)?sh|"
    r"powershell\s+-e(?:nc|ncodedcommand)?\b|invoke-expression|nc\s+-e\s|:\(\)\s*\{|"
    r"kubectl\s+delete\s+\S+\s+--all|drop\s+database|format-volume|clear-disk|"
    r"remove-item\s[^\n]{0,80}-recurse|\b(?:del|erase)\s+(?:\S+\s+){0,3}?/s\b|\brd\s+/s\b|"
    r"\bformat\s+[a-z]:|--no-preserve-root|\bfind\s+/\S*\s[^\n]{0,80}-delete\b|"
    r"terraform\s+destroy",
    _I,
)

_PERSIST: Final = (
    r"\b(?:always|never|every\s+time|each\s+time|whenever|next\s+time|from\s+now\s+on|going\s+"
    r"forward|in\s+(?:the\s+)?future|from\s+here\s+on|as\s+a\s+rule|by\s+default|if|when|"
    r"in\s+case|siempre|nunca|cada\s+vez|la\s+próxima\s+vez|a\s+partir\s+de\s+ahora|de\s+ahora\s+en\s+"
    r"adelante|cuando|si|immer|niemals|nie|jedes\s+mal|nächstes\s+mal|ab\s+jetzt|von\s+nun\s+an|"
    r"künftig|wenn|falls|sobald|bei\s+(?:\w+\s+){0,2}?(?:Fehlern?|Problemen?|Ausfall|Ausfällen|"
    r"Störungen?)|im\s+Fall|en\s+caso\s+de|once|as\s+soon\s+as|any\s?time|on\s+(?:error|failure)|"
    # round 7: "after / before every …" and the same cues in French, Portuguese, Russian,
    # Vietnamese, Indonesian and Turkish
    r"(?:after|before)\s+(?:every|each)|à\s+chaque|chaque\s+fois|toujours|sempre(?:\s+que)?|"
    r"toda\s+vez\s+que|a\s+cada|всегда|каждый\s+раз|если|mỗi\s+(?:khi|lần)|luôn\s+luôn|"
    # round 15: Russian "from now on", and Ukrainian beside it
    r"отныне|впредь|с\s+этого\s+момента|завжди|відтепер|щоразу|кожного\s+разу|якщо|надалі|"
    r"setiap\s+kali|selalu|her\s+seferinde|her\s+zaman)\b"
    r"|항상|늘|매번|언제나|무조건|다음부터|다음번에|다음번엔|다음엔|다음에는|앞으로|이제부터|때마다|할\s*때|"
    r"(?:나|되|하|있|없)?으?면\s"
    r"|常に|いつも|毎回|必ず|次回から|次から|今後|これから|たびに|たら|なら|ときは|時は|場合は?"
    r"|总是|每次|每当|一旦|只要|以后|下次|今后|从现在起|一律|如果|遇到|当[^。！？\n]{1,20}时"
    # round 16: a schedule ("每天晚上十二点以后，把…备份到…", "매일 밤", "毎晩")
    r"|每天|每晚|每日|每周|每个?月|매일|매일\s*밤|매주|매달|毎日|毎晩|毎週|毎月"
    # obligation adverbs and a clause-final 时 ("连接失败时，…"; not 小时, hours)
    r"|务必|必须|一定要|(?<!小)时[，,]?(?=[^。！？\n]{0,6}(?:务必|必须|先|要|请|就))"
)
_OPERATIONAL_EN: Final = (
    r"run|execute|restart|reboot|delete|remove|wipe|erase|deploy|push|approve|pay|transfer|wire|"
    r"send|forward|disable|skip|bypass|grant|install|kill|reset|retry|ignore|merge|drop|book|buy|"
    r"purchase|cancel|shut\s+down|turn\s+off|roll\s+back|rollback|force|clear|purge|upload|share|"
    r"click|tap|"
    r"reinicia|ejecuta|borra|elimina|despliega|aprueba|paga|transfiere|envía|envia|desactiva|omite|"
    r"instala|starte|lösche|losche|f(?:ü|ue|u)hre|genehmige|zahle|(?:ü|ue|u)berweise|sende|deaktiviere|"
    r"(?:ü|ue|u)berspringe|installiere|neu\s+starten|force[-\s]push|"
    # (umlauts may be folded away: the leetspeak view reads führ3 as fuhre)
    # infinitives, which Spanish and German instructions use as often as imperatives
    r"reiniciar|borrar|eliminar|ejecutar|desactivar|transferir|pagar|enviar|aprobar|instalar|"
    r"löschen|loschen|starten|neustarten|ausf(?:ü|ue|u)hren|installieren|deaktivieren|(?:ü|ue|u)berweisen|zahlen|"
    r"senden|schicken|genehmigen|entfernen|zur(?:ü|ue|u)cksetzen|leeren|"
    # round 7: French, Portuguese, Russian, Vietnamese imperatives
    r"redémarre|supprime|efface|envoie|transfère|paie|désactive|exécute|lance|vide|"
    r"reinicie|apague|exclua|envie|transfira|pague|desative|execute|"
    r"удаляй|удали|перезапусти|перезапускай|отправь|отправляй|переведи|отключи|запусти|"
    r"пересылай|перешли|плати|оплачивай|одобряй|принимай|"
    # round 15: Ukrainian imperatives
    r"видаляй|видали|пересилай|перешли|надсилай|надішли|плати|оплачуй|переказуй|вимикай|"
    r"вимкни|запускай|перезапускай|схвалюй|приймай|скасовуй|"
    r"chạy|xóa|gửi|chuyển|tắt|khởi\s+động\s+lại"
)
_OPERATIONAL_CJK: Final = (
    r"재시작|재부팅|실행|삭제|지워|배포|승인|결제|이체|송금|보내|전송|꺼|끄|건너뛰|무시|설치|리셋|초기화|롤백|푸시"
    r"|再起動|実行|削除|デプロイ|承認|支払|送金|送信|無効|スキップ|インストール|リセット|消して"
    r"|重启|执行|删除|部署|批准|付款|转账|发送|禁用|跳过|安装|重置|清空"
    r"|지우|재기동|내려|꺼버|삭제해|消し|止め|落とし|削除し|再起動し"
    r"|删掉|删了|清除|关掉|关闭|杀掉|重新启动|上传|转发|运行|启动"
    # round 16: copying data away (to a link, a drive, an account)
    r"|备份到|同步到|백업해|동기화해|バックアップして|同期して"
    # round 17: following a link or a prompt ("링크 있으면 그냥 눌러서", "クリックして", "点开")
    r"|눌러|누르|클릭|탭해|접속해|동의해|수락해|押して|クリック|タップ|開いて|点击|点开|打开链接|同意"
)
#: a subject pronoun right before the verb makes it a habit, not a rule
_SUBJECT: Final = r"(?:i|we|he|she|they|it|my\s+\w+|yo|ich|wir|er|sie)\s+(?:\w+\s+)?"
_STANDING_EN: Final = re.compile(
    rf"(?P<cue>{_PERSIST})[^.!?\n]{{0,80}}?(?<!\w)(?:just\s+|please\s+|simply\s+|"
    rf"immediately\s+|automatically\s+)?(?:{_OPERATIONAL_EN})\b",
    _I,
)
#: an operational word after a cue, one at a time (the first may be no command)
_VERB_EN: Final = re.compile(rf"(?<!\w)(?:{_OPERATIONAL_EN})\b", _I)
#: what stands right before an operational word that makes it no command: a determiner (it
#: is a noun: "a book", "my push", "the share"), a subject or a modal ("I'll send", "people
#: who share", "your drive will pay off"), an adjective's infinitive ("happy to share",
#: "inspiring to share"), "look forward". Conversation is full of these after "always",
#: "when" and "next time" ("I'm always up for some new book recommendations")
_NOT_A_COMMAND: Final = re.compile(
    r"(?:\b(?:a|an|the|my|your|his|her|our|their|its|this|that|these|those|some|new|no|one|"
    r"another|any|every|each)\s+"
    r"|\b(?:i'll|we'll|they'll|he'll|she'll|it'll|i'd|we'd|they'd|i|we|they|he|she|it|who|which|"
    r"people|someone|everyone|everybody|nobody)\s+(?:\w+\s+)?"
    r"|\b(?:will|would|could|might|can|may|did|does|to\s+be)\s+(?:\w+\s+)?"
    r"|\b(?:happy|glad|excited|inspiring|nice|great|fun|hard|easy|good|ready|eager|keen|proud|"
    r"lovely|cool|amazing|awesome|exciting|interesting|wonderful|fine|sad|sorry|willing|free)"
    r"\s+to\s+"
    r"|\blook(?:s|ed|ing)?\s+"
    # "when you realize that you share …": a clause inside a clause, not an order
    r"|(?<!sure\s)(?<!ensure\s)(?<!remember\s)\b(?:that|what|how|whether)\s+you\s+(?:\w+\s+)?)$",
    _I,
)


def _standing_en(t: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each cue with an operational word after it in its clause that is a
    command (neither a noun, nor a verb with its own subject, nor a habit told)."""
    for m in _STANDING_EN.finditer(t):
        stop = _SENTENCE_STOP.search(t, m.end("cue"))
        limit = min(stop.start() if stop else len(t), m.end("cue") + 110)
        for v in _VERB_EN.finditer(t, m.end("cue"), limit):
            before = t[max(0, v.start() - 30) : v.start()]
            if v.start() - m.end("cue") > 100 or _NOT_A_COMMAND.search(before):
                continue
            if not _HABIT.search(t[max(0, m.start() - 10) : v.end()]):
                yield m.start(), v.end()
            break


_SENTENCE_STOP: Final = re.compile(r"[.!?\n]")
_STANDING_CJK: Final = re.compile(
    rf"(?:{_PERSIST})[^.!?\n。！？]{{0,60}}?(?:{_OPERATIONAL_CJK})", _I
)
#: an imperative first and its condition after it ("restart the worker if memory …"), or a
#: fix stated as what to do ("the fix is to wipe the cache …")
_CONDITION_AFTER: Final = re.compile(
    rf"(?:^|[.;:!?—–]\s*|,\s+|\bthen\s+)(?:just\s+|please\s+|simply\s+|always\s+)?"
    rf"(?:{_OPERATIONAL_EN})\b[^.!?\n]{{0,80}}?\b(?:if|when|whenever|once|as\s+soon\s+as|"
    rf"every\s+time|each\s+time|in\s+case|cuando|si|wenn|falls|sobald)\b"
    rf"|\b(?:the\s+)?(?:fix|solution|workaround|remedy|trick|rule)\s+(?:is|was)\s+(?:to\s+|just\s+)*"
    rf"(?:{_OPERATIONAL_EN})\b",
    _I | re.M,
)
_HABIT: Final = re.compile(
    rf"\b{_SUBJECT}(?:always|usually|never|often)?\s*(?:{_OPERATIONAL_EN})\b", _I
)
_SEQUENCE: Final = re.compile(
    rf"(?:^|[.;,:]\s*|\b(?:first|then|after\s+that|next|finally|luego|después|dann|danach)\s+)"
    rf"(?:{_OPERATIONAL_EN})\b[^.;\n]{{0,80}}\b(?:then|after\s+that|and\s+then|next|finally|luego|"
    rf"después|dann|danach)\s+(?:{_OPERATIONAL_EN}|verify|check|restart|open|collect)\b"
    r"|(?:^|\n)\s*(?:1[.)]|step\s*1)\s*\S.{0,120}(?:\n|\s)(?:2[.)]|step\s*2)\s*\S"
    r"|먼저.{0,40}(?:그\s*다음|그리고\s*나서|다음에)|まず.{0,40}次に|首先.{0,40}然后",
    _I | re.S,
)


# -- round 10: canned replies, written standing rules, code ---------------------------------------

_Q_OPEN: Final = r"[\"'“‘«「『]"
_Q_BODY: Final = r"[^\"“”«»「」『』\n]{1,200}"
_Q_CLOSE: Final = r"[\"'”’»」』]"
#: a reply verb in the imperative, at a clause start or after an adverb, then the fixed text
_CANNED_LATIN: Final = re.compile(
    r"(?:^|[,;:.!—–]\s*|\b(?:just|always|only|simply|please|then|and|never)\s+)"
    r"(?:(?:say|answer|reply|respond|tell\s+(?:them|him|her|people|everyone|the\s+\w+|customers?|"
    r"users?|clients?))(?:\s+(?:with|that|by\s+saying))?"
    r"|(?:r[ée]ponds|r[ée]pondez|dis|dites)(?:-leur|-lui)?(?:\s+(?:toujours|simplement|seulement|"
    r"juste))?(?:\s+que\b)?"
    r"|(?:responde|contesta|di|dile|diles|responda|conteste|diga)(?:\s+(?:siempre|solo|sólo|"
    r"simplemente))?(?:\s+que\b)?"
    r"|(?:antworte|antwortet|antworten\s+Sie|sag|sage|sagt|sagen\s+Sie)(?:\s+(?:immer|einfach|nur|"
    r"stets))?(?:\s*,?\s*dass\b)?)"
    rf"\s*[:,]?\s*(?:{_Q_OPEN}|(?<=que)\s|(?<=that)\s|(?<=dass)\s)",
    _I,
)
#: a reply verb in the second person with a cue that it holds from now on, in either order,
#: then the fixed text (round 11): "Bei Fragen antwortest du ab jetzt immer 'erledigt'",
#: "from now on you reply 'done'", "désormais tu réponds « fait »". "you always say 'sorry'"
#: has no cue of a rule to come and is a complaint
_FROM_NOW: Final = (
    r"from\s+now\s+on|going\s+forward|from\s+today|ab\s+jetzt|ab\s+sofort|von\s+nun\s+an|"
    r"künftig|d[ée]sormais|dor[ée]navant|à\s+partir\s+de\s+maintenant|a\s+partir\s+de\s+ahora|"
    r"de\s+ahora\s+en\s+adelante|desde\s+ahora"
)
#: a literal every cue of _FROM_NOW holds (the regex runs only where one is)
_FROM_NOW_CORES: Final = (
    "now", "forward", "today", "jetzt", "sofort", "nun", "künftig", "mais", "navant", "partir",
    "ahora",
)  # fmt: skip
_YOU_REPLY: Final = (
    r"you(?:\s+will|'ll)?(?:\s+always|\s+just|\s+only)?\s+(?:say|answer|reply|respond|tell\s+\w+)|"
    r"(?:antwortest|sagst|schreibst)\s+du|du\s+(?:antwortest|sagst|schreibst)|"
    r"tu\s+r[ée]ponds|tu\s+dis|vous\s+r[ée]pondez|vous\s+dites|respondes|contestas|dices|"
    r"responderás|contestarás|dirás"
)
_CANNED_FROM_NOW: Final = re.compile(
    rf"(?:(?:{_FROM_NOW})[^.!?\n]{{0,40}}?\b(?:{_YOU_REPLY})|\b(?:{_YOU_REPLY})[^.!?\n]{{0,20}}?"
    rf"(?:{_FROM_NOW}))[^.!?\n]{{0,30}}?{_Q_OPEN}",
    _I,
)
#: the fixed text first, then a directive reply verb (Korean, Japanese)
_CANNED_CJK: Final = re.compile(
    rf"{_Q_OPEN}{_Q_BODY}{_Q_CLOSE}\s*"
    r"(?:(?:이?라고|고)(?:만|도)?\s*(?:답|대답|응답|회신|안내|말|얘기|전달)\s*"
    r"(?:할\s*것|하세요|해라|하라|해\s*줘|해줘|하십시오|해야|하도록|해\s*주세요|해\s*둬)"
    r"|(?:と|って)(?:だけ|のみ)?\s*(?:回答|返答|答え|返信|言|伝え|案内|説明)"
    r"(?:すること|しろ|して|しなさい|るように|ること|なさい|ておいて|てください|てね|うこと|えること))"
    # Chinese: an adverb of rule, a reply verb, the fixed text
    rf"|(?:一律|统一|都|就|只|请|务必|必须)\s*(?:回答|回复|答复|说|告诉\S{{0,6}}?)\s*"
    rf"[:：,，]?\s*{_Q_OPEN}",
    _I,
)
#: a fixed text pinned as the reply ("매크로는 무조건 '…'로 고정해 둬", "返信は「…」で固定して",
#: "自动回复固定为「…」") — read only where the text names a reply, so that pinning a
#: nickname or a label stays a preference (round 12)
_PINNED_REPLY: Final = re.compile(
    rf"{_Q_OPEN}{_Q_BODY}{_Q_CLOSE}\s*(?:(?:으?로|이?라고)\s*(?:고정|통일|박아|못\s*박아)\s*"
    r"(?:해\s*둬|해둬|해\s*놔|해\s*줘|해줘|할\s*것|하세요|해|시켜)"
    r"|(?:で|に|と)\s*(?:固定|統一)\s*(?:して|すること|しておいて|しろ))"
    rf"|(?:固定|统一)(?:为|成|回复|回答)\s*[:：]?\s*{_Q_OPEN}",
)
_REPLY_CONTEXT: Final = re.compile(
    r"답변|응답|자동\s*응답|매크로|안내\s*문구|회신|대답|답장|멘트|返信|回答|応答|返答|テンプレ|"
    r"回复|答复|自动回复|话术|客服"
)
#: a command that mints a credential or grants a privilege: a cloud CLI's IAM verbs, a user
#: or a role created, a key copied in — a step a memory must never hold as a rule (round 12)
_PRIVILEGE_CLI: Final = prefiltered(
    re.compile(
        r"\baws\s+iam\s+(?:create|attach|put|add|update|delete)-[\w-]+"
        r"|\baws\s+sts\s+(?:assume-role|get-session-token|get-federation-token)\b"
        r"|\bgcloud\s+(?:iam\s+service-accounts\s+keys\s+create|projects\s+add-iam-policy-binding|"
        r"auth\s+print-access-token|iam\s+roles\s+create)\b"
        r"|\baz\s+(?:ad\s+sp\s+create-for-rbac|role\s+assignment\s+create|ad\s+user\s+create|"
        r"ad\s+app\s+credential\s+reset)\b"
        r"|\bkubectl\s+create\s+(?:clusterrolebinding|rolebinding|token|secret)\b"
        r"|\bssh-copy-id\s+\S|\buseradd\s+\S|\badduser\s+\S|\busermod\s+-[a-zA-Z]*G\s*\S"
        r"|\bvault\s+token\s+create\b|\bgh\s+auth\s+token\b|\bheroku\s+authorizations:create\b"
        r"|\b(?:New-LocalUser|Add-LocalGroupMember|New-ADUser|Add-ADGroupMember)\b"
        r"|\bnet\s+localgroup\s+administrators\b",
    )
)


#: a command that switches off a security control, skips a check, or deletes a whole resource
#: group or project (round 13): "setenforce 0", "netsh advfirewall set allprofiles state off",
#: "az group delete --yes", "exit 0" written into a git hook
_WEAKENING_CLI: Final = compiled(
    r"\bsetenforce\s+(?:0|permissive)\b|\bnetsh\s+(?:advfirewall|firewall)\s+set\b[^\n]{0,60}\boff\b"
    r"|\bufw\s+disable\b|\bsystemctl\s+(?:stop|disable|mask)\s+(?:firewalld|apparmor|auditd|"
    r"fail2ban|clamav\w*)\b|\bspctl\s+--master-disable\b|\bcsrutil\s+disable\b"
    r"|\baz\s+group\s+delete\b|\bgcloud\s+projects\s+delete\b|\baws\s+s3\s+rb\b|"
    r"\baws\s+ec2\s+terminate-instances\b|\bkubectl\s+delete\s+(?:namespace|ns)\b"
    r"|\bgit\s+(?:commit|push)\b[^\n]{0,60}--no-verify\b|\.git/hooks/[\w-]+[^\n]{0,30}\bexit\s+0\b"
    r"|\bSKIP=[\w,-]+\s+git\b|\bHUSKY=0\b"
    # round 17: a package manager or tool told to stop checking ("npm config set strict-ssl
    # false", "pip config set global.trusted-host '*'", "git config http.sslVerify false"),
    # and a server's protections turned off in its configuration's own words
    r"|\b(?:npm|yarn|pnpm|pip|pip3|conda|gem|poetry|composer|git|cargo|nuget|helm|docker|"
    r"kubectl|gcloud|aws|az|gh|brew|apt|apt-get|go)\s+(?:\S+\s+){0,3}?(?:config|set|settings?)\s+"
    r"(?:\S+\s+){0,2}?[\w.\-]*(?:ssl|tls|verify|trusted[\w.\-]*|insecure|certificate|signature|"
    r"gpg|checksum|integrity)[\w.\-]*\s*[= ]\s*['\"]?(?:false|0|no|off|\*|true)['\"]?"
    r"|\b(?:PermitRootLogin|PasswordAuthentication|PermitEmptyPasswords)\s+yes\b"
    r"|\bStrictHostKeyChecking\s*[= ]\s*no\b|\bNODE_TLS_REJECT_UNAUTHORIZED\s*=\s*['\"]?0"
    r"|\bGIT_SSL_NO_VERIFY\s*=\s*['\"]?(?:1|true)|\bPYTHONHTTPSVERIFY\s*=\s*['\"]?0"
    r"|\bSELINUX\s*=\s*disabled\b|--no-check-certificate\b|--insecure-skip-tls-verify\b",
    re.I,
)
#: what to tell others, made a rule (round 13): a reply for whoever asks, a concealment, a
#: blame, or a statement to make "even if it is not true" — in nine languages
_REPLY_RULE: Final = compiled(
    r"\b(?:if|when|whenever)\s+(?:a\s+|the\s+)?(?:customer|client|user|caller|someone|anyone|"
    r"somebody|people|they|he|she|my\s+\w+)\s+asks?\b[^.!?\n]{0,80}?\b(?:say|tell|answer|reply|"
    r"respond|blame)\b"
    r"|\b(?:never|don'?t|do\s+not)\s+(?:mention|tell|reveal|bring\s+up|disclose)\b[^.!?\n]{0,60}?"
    r"\b(?:to\s+)?(?:customers?|clients?|users?|callers?|buyers?|guests?|anyone|the\s+press)\b"
    r"|\b(?:si|cuando)\s+(?:un\s+|el\s+|la\s+)?(?:cliente|usuario|alguien|la\s+gente)\s+"
    r"(?:pregunta|llama)\b[^.!?\n]{0,80}?\b(?:di|dile|dí|responde|contesta|échale|culpa)\w*"
    r"|\b(?:wenn|falls)\s+(?:ein\s+|der\s+|die\s+)?(?:Kunde|Kundin|jemand|einer|wer)\s+"
    r"(?:fragt|anruft)\b[^.!?\n]{0,80}?\b(?:sag|sagen|antworte|antworten|behaupte|schieb)\w*"
    r"|\b(?:si|quand)\s+(?:un\s+|le\s+|la\s+)?(?:client|cliente|quelqu'un|on)\s+(?:demande|"
    r"appelle)\b[^.!?\n]{0,80}?\b(?:dis|dites|r[ée]ponds|r[ée]pondez|rejette)\w*"
    r"|\b(?:se|quando)\s+(?:un\s+|il\s+|la\s+|um\s+|o\s+)?(?:cliente|qualcuno|algu[ée]m)\s+"
    r"(?:chiede|domanda|pergunta)\b[^.!?\n]{0,80}?\b(?:di|d[íi]|rispondi|diga|responda)\w*"
    r"|\b(?:risponde|rispondi|responde|responda|r[ée]ponds|antworte|answer|say|tell\s+them)\s+"
    r"(?:sempre|siempre|toujours|immer|always)\b"
    r"|\b(?:always|siempre|sempre|toujours|immer)\s+[\"'‘“«„]"
    r"|\beven\s+if\s+(?:it'?s|it\s+is)\s+not\s+true|\baunque\s+no\s+sea\s+(?:verdad|cierto)|"
    r"\bauch\s+wenn\s+es\s+nicht\s+stimmt|\bm[êe]me\s+si\s+(?:ce\s+n'est|c'est)\s+pas\s+vrai|"
    r"\banche\s+se\s+non\s+[èe]\s+vero|\bmesmo\s+que\s+n[ãa]o\s+seja\s+verdade"
    r"|\b(?:blame\s+(?:it\s+on\s+)?(?:the\s+)?\w+|[ée]chale\s+la\s+culpa|schieb(?:'s|\s+es)?\s+auf|"
    r"rejette\s+la\s+faute|dai\s+la\s+colpa|p[õo]e\s+a\s+culpa)"
    r"|사실이\s*아니(?:어도|더라도)|(?:고객|손님|누가)\S{0,3}\s*(?:물어보면|물으면|문의하면)[^.!?\n]{0,60}?"
    r"(?:라고|고)\s*(?:해|답해|말해|안내해)|탓으로\s*돌려|절대\s*(?:말하지|언급하지|알리지)\s*마"
    r"|嘘でも|本当じゃなくても|(?:聞かれ|尋ねられ)たら[^。！？\n]{0,60}?(?:と|って)(?:答え|言っ|返)"
    r"|のせいにして|即使不是真的|哪怕不是真的|(?:客户|顾客|有人)(?:问|询问)[^。！？\n]{0,60}?(?:就说|就回答|就讲)"
    r"|推给|怪到|千万别(?:提|说)|不要(?:提|告诉)(?:客户|顾客)",
    re.I,
)


#: a subject right before the reply verb inside a reply rule: a habit, not a directive
_HABIT_SAID: Final = re.compile(
    r"\b(?:I|I'd|we|he|she|they|yo|ich|wir|je|nous|io|eu|nós)\s+(?:\w+\s+)?(?:say|said|tell|told|"
    r"answer|reply|respond|blame|never|always|digo|decimos|sage|sagen|dis|disons|dico|diciamo)\b",
    re.I,
)
#: someone else's saying reported before it ("mein Chef sagt immer 'passt schon'")
_REPORTED_BEFORE: Final = re.compile(
    r"\b(?:says?|said|sagt|sagte|dice|dijo|dit|disait|diz|disse)\b[^.!?\n]{0,25}$", re.I
)
#: someone speaking before the verb: a habit or a report, not a directive
_SPEAKER_BEFORE: Final = re.compile(
    r"(?:\b(?:i|we|he|she|they|you|it|my\s+\w+|je|tu|il|elle|nous|vous|ils|yo|él|ella|"
    r"ich|du|er|sie|wir)\b(?:\s+\w+){0,2}\s*$|(?:我|他|她|我们|他们)$)",
    _I,
)
_HANGUL_RIEUL_FINAL: Final = "".join(chr(0xAC00 + i) for i in range(8, 11172, 28))
#: a directive written as a nominalised ending at the end of a sentence
#: the cues of a written rule (a notice, a runbook: 必ず, 今後, 次回から, たびに, 場合は, -면,
#: 앞으로): not the conversational ones (いつも, たら)
_WRITTEN_CUE: Final = (
    r"必ず|今後|次回から|次から|以後|以降|常に|場合は|際は|時は|ときは|には|問い合わせ|たびに|度に|"
    r"ごとに|毎回|"
    r"[가-힣]면\s|할\s*때는?|앞으로|다음부터|다음번에|이제부터|반드시|무조건|절대|매번"
)
_WRITTEN_RULE: Final = re.compile(
    rf"(?:{_WRITTEN_CUE})[^.!?\n。！？]{{0,80}}?"
    rf"(?:(?:する|しない|(?<!とい)(?<!って)[るくうつすぶむぬぐ])こと|[{_HANGUL_RIEUL_FINAL}]\s*것)"
    r"\s*(?:[.!。！]|$)",
    _I | re.M,
)
#: SQL that changes data or schema (a read is not an action)
_SQL: Final = re.compile(
    r"\bUPDATE\s+[\w.`\"\[\]]{1,60}\s+SET\s+[\w.`\"\[\]]{1,60}\s*="
    r"|\bDELETE\s+FROM\s+[\w.`\"\[\]]{1,60}"
    r"|\bINSERT\s+INTO\s+[\w.`\"\[\]]{1,60}\s*(?:\(|VALUES\b|SELECT\b)"
    r"|\b(?:DROP|TRUNCATE)\s+(?:TABLE|DATABASE|SCHEMA|INDEX|VIEW|USER)\b"
    r"|\bALTER\s+(?:TABLE|USER|ROLE|DATABASE)\s+[\w.`\"\[\]]{1,60}\s+(?:ADD|DROP|ALTER|RENAME|"
    r"SET|WITH|OWNER)\b"
    r"|\bGRANT\s+[\w, ]{1,60}?\s+ON\s+[\w.*`\"]{1,60}\s+TO\b"
    # the MongoDB shell's calls that change data or schema (round 11): a collection's
    # delete/update/insert/drop, a database dropped (``db.users.find({})`` only reads)
    r"|\bdb\.(?:[\w$]{1,60}\.(?:delete(?:Many|One)|remove|drop|update(?:Many|One)?|"
    r"insert(?:Many|One)?|replaceOne|findOneAnd(?:Delete|Update|Replace)|renameCollection)"
    r"|dropDatabase|dropAllUsers|createUser|grantRolesToUser)\s*\(",
    _I,
)
#: shell syntax: output redirected into a path, two switches in a row, a function defined and
#: called (the fork bomb)
_SHELL_SYNTAX: Final = re.compile(
    r"\b(?:echo|printf|cat|tee|curl|wget)\b[^\n|>]{0,300}(?:>>?|\|\s*(?:sudo\s+)?tee\b)\s*"
    r"(?:-a\s+)?[~/$]"
    r"|\b(?:prune|rm|rmi|clean|delete|purge|destroy|remove|kill|wipe|drop)\s+(?:[\w./:@-]{1,60}\s+){0,3}?"
    r"-{1,2}(?:[a-z]{0,4}f[a-z]{0,4}|force|all|volumes|everything)(?![\w-])"
    r"|[:\w]{1,30}\(\)\s*\{[^{}\n]{1,200}\}\s*;\s*[:\w]",
)

#: a program given a switch or an upper-case verb (``iptables -F``, ``redis-cli FLUSHALL``),
#: read only under a condition or persistence cue with no first-person speaker before it ("I
#: always use ls -la" describes a habit)
_CLI: Final = re.compile(
    r"(?<![\w-])(?:[a-z][a-z0-9_.]{1,30}(?:-[a-z0-9]{1,12}){0,3}\s+-{1,2}[A-Za-z][\w-]{0,20}"
    r"|[a-z][a-z0-9]{1,20}(?:[-_][a-z0-9]{1,12}){1,3}\s+(?-i:[A-Z]{4,20}))(?![\w-])"
)
_CUE: Final = re.compile(rf"(?:{_PERSIST})", _I)


def _cli_under_condition(t: str) -> list[tuple[Rule, int, int]]:
    found: list[tuple[Rule, int, int]] = []
    for m in _CLI.finditer(t):
        start = max((e.end() for e in _CLAUSE_END.finditer(t, max(0, m.start() - 120), m.start())),
                    default=max(0, m.start() - 120))  # fmt: skip
        before = t[start : m.start()]
        if _CUE.search(before) and not _HABIT_SUBJECT.search(before):
            found.append((Rule.SHELL_COMMAND, m.start(), m.end()))
    return found


#: a first-person speaker in the condition: a habit told ("when I feel low I text …")
_HABIT_SUBJECT: Final = re.compile(
    r"\b(?:i|i'm|we|my|yo|ich|je|j'|mi|mein\w*|mon|ma)\b|저는|제가|나는|내가|私|僕|我", _I
)


def _round10_spans(t: str) -> list[tuple[Rule, int, int]]:
    found: list[tuple[Rule, int, int]] = []
    for m in _CANNED_LATIN.finditer(t):
        # after a clause break the verb has no subject; after an adverb, look before it
        if m.group(0)[:1] in ",;:.!—–" or not _SPEAKER_BEFORE.search(
            t, max(0, m.start() - 30), m.start()
        ):
            found.append((Rule.STANDING_RULE, m.start(), m.end()))
    for m in _CANNED_CJK.finditer(t):
        if not _SPEAKER_BEFORE.search(t, max(0, m.start() - 4), m.start()):
            found.append((Rule.STANDING_RULE, m.start(), m.end()))
    for m in _WRITTEN_RULE.finditer(t):
        found.append((Rule.STANDING_RULE, m.start(), m.end()))
    # a cheap test first: a cue's literal core (every cue holds one) and a quotation mark
    low = t.casefold()
    if any(c in low for c in _FROM_NOW_CORES) and any(q in t for q in "\"'“‘«「『"):
        for m in _CANNED_FROM_NOW.finditer(t):
            found.append((Rule.STANDING_RULE, m.start(), m.end()))
    for rx in (_SQL, _SHELL_SYNTAX, _PRIVILEGE_CLI, _WEAKENING_CLI):
        for m in rx.finditer(t):
            found.append((Rule.SHELL_COMMAND, m.start(), m.end()))
    for m in _REPLY_RULE.finditer(t):
        # a habit told ("when my son asks I say no", "I never tell anyone my age") or a
        # person described ("She always 'forgets'") is no directive
        told = t[max(0, m.start() - 30) : m.start()]
        if (
            _SPEAKER_BEFORE.search(told)
            or _REPORTED_BEFORE.search(told)
            or _HABIT_SAID.search(m.group(0))
        ):
            continue
        found.append((Rule.STANDING_RULE, m.start(), m.end()))
    if any(q in t for q in "\"'“‘«「『") and _REPLY_CONTEXT.search(t):
        for m in _PINNED_REPLY.finditer(t):
            found.append((Rule.STANDING_RULE, m.start(), m.end()))
    return found + _cli_under_condition(t)


def instruction_spans(text: str) -> list[tuple[Rule, int, int]]:
    """Every instruction shape in ``text`` with where it is in ``text`` (a shape found in a
    normalised view points back at the original characters), shell commands first. Pure."""
    found: list[tuple[Rule, int, int]] = []
    unique: dict[str, View] = {}
    for view in normalize(text).views:
        unique.setdefault(view.text, view)
    views = list(unique.values())
    for view in views:
        for rx in (_SHELL, _PIPE_SHELL, _COMMAND_LINE):
            for m in rx.finditer(view.text):
                found.append((Rule.SHELL_COMMAND, *view.original_span(m.start(), m.end())))
    for view in views:
        t = view.text
        for start, end in _standing_en(t):
            found.append((Rule.STANDING_RULE, *view.original_span(start, end)))
        for rx in (_STANDING_CJK, _CONDITION_AFTER):
            for m in rx.finditer(t):
                found.append((Rule.STANDING_RULE, *view.original_span(m.start(), m.end())))
        for m in _SEQUENCE.finditer(t):
            found.append((Rule.IMPERATIVE_STEPS, *view.original_span(m.start(), m.end())))
        for rule, start, end in _round10_spans(t):
            found.append((rule, *view.original_span(start, end)))
    return found


def instruction_shape(text: str, *, reported: bool = False) -> Rule | None:
    """The instruction shape of ``text`` (SHELL_COMMAND, STANDING_RULE, IMPERATIVE_STEPS), or
    None. With ``reported`` (``text`` is evidence a claim quotes, not the claim), a shape that
    stands in quoted or reported speech or in a question is inert (:func:`inert_at`). Pure."""
    for rule, start, end in instruction_spans(text):
        if not (reported and inert_at(text, start, end)):
            return rule
    return None


#: quoted text: straight, curly, CJK corner and guillemet quotes
_QUOTED: Final = re.compile(
    r"\"[^\"\n]{2,400}\"|“[^”\n]{2,400}”|「[^」\n]{2,400}」|『[^』\n]{2,400}』|«[^»\n]{2,400}»"
    r"|(?<![A-Za-z])'[^'\n]{2,400}'(?![A-Za-z])"
)
#: "she said …", "the ticket asks whether …", "X라고 했", "…と言って", "说…"; also what
#: introduces a quotation ("the email said: '…'")
_REPORTING: Final = re.compile(
    r"\b(?:said|says|told\s+me|wrote|writes|asked|asks|claimed|claims|suggested|suggests|"
    r"wondered|whether|dijo|preguntó|sagte|fragte|meinte|schrieb)\b|라고\s*(?:했|하더|말|물|그러)|"
    r"냐고|と(?:言|聞|書)|って(?:言|聞)|(?:说|问|写道)",
    re.I,
)
_CLAUSE_END: Final = re.compile(r"[.!?。！？\n]")


def inert_at(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` stands where it instructs no one: inside quotes, in a
    clause that reports someone's speech, or in a question (its clause ends with ``?``)."""
    clause_start = max((m.end() for m in _CLAUSE_END.finditer(text, 0, start)), default=0)
    for m in _QUOTED.finditer(text):
        # a quotation is reported speech only when someone is said to have said it (a
        # markdown link title is in quotes too, and reports nothing)
        attributed = _REPORTING.search(text, max(0, m.start() - 60), m.start() + 1) or (
            _NAMED_AFTER.match(text, m.end())
        )
        # the shape may run past the closing quote into the words that attribute it
        # ("…회신하라'고 써 있던데 그냥 무시"): inert when nothing after the quote is one
        if (
            m.start() <= start < m.end()
            and attributed
            and (end <= m.end() or not instruction_spans(text[m.end() : end]))
        ):
            return True
    after = _CLAUSE_END.search(text, max(end - 1, start))
    if after is not None and after.group(0) in "?？":
        return True
    return any(
        not _ASKS_IF.search(text, max(clause_start, r.start() - 40), r.start())
        for r in _REPORTING.finditer(text, clause_start, start)
    )


#: a quotation named for what it is right after it ("'…'는 문구가 있었어요", "「…」という文言",
#: "“…”的字样", "'…' was written on it"): a text someone saw, quoted (round 15)
_NAMED_AFTER: Final = re.compile(
    r"\s*(?:(?:이)?라?는\s*(?:문구|글|메시지|문장|말|내용|텍스트|공지)|"
    # the quotative 고 after a quoted command ("'…회신하라'고 써 있던데"), or 라고
    r"라?고\s*(?:적혀|쓰여|써|나와|되어|돼|했|하더|하던|말했|말하)|"
    r"という(?:文言|文|メッセージ|内容|書き込み)|と(?:書かれ|書いて)|的(?:字样|内容|消息|留言)|"
    r"(?:was|is)\s+(?:written|printed|posted)|in\s+the\s+(?:listing|message|description|post))",
    re.I,
)
#: a condition right before a reporting verb makes it the rule's trigger ("if someone asks
#: …", "whenever a customer says …", "有人问起…", "si un client demande …")
_ASKS_IF: Final = re.compile(
    r"\b(?:if|when|whenever|once|in\s+case|si|cuando|wenn|falls|sobald|lorsque|quand)\b"
    r"[^.!?,;\n]{0,36}$|(?:有人|谁|别人|客户|顾客|用户)\s*$|(?:如果|要是|若|当|每当|以后)[^。！？，,]{0,20}$",
    re.I,
)


def dangerous_command(text: str) -> bool:
    """A command that harms the machine or runs remote code (``curl … | sh``, ``rm -rf /``)."""
    return any(_DANGEROUS.search(v) for v in normalize(text).texts())

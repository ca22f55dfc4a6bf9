"""The authorization vocabulary: who may do what is never set by a remembered sentence.

The seed: "memory가 새 capability를 부여하지 못함". Roles, permissions and access, approvals
and who may give them, spending and transfer limits, authentication and verification settings,
and exemptions from any of these ("without asking me", "물어보지 말고", "確認なしで", "不用问我",
"sin preguntarme", "ohne Rückfrage") are policy. A claim that speaks in this vocabulary — by
its predicate, its object or its text, in any of English, Korean, Japanese, Chinese, Spanish
or German — is refused (``CAPABILITY_GRANT``, with the concept as the rule) unless the evidence
that grounds it is a SYSTEM policy source recorded by an admin key and an admin proposes it.
A document alone never backs who may do what; neither does a user, a tool or a reviewer.

What is *not* in the vocabulary, on purpose: a project's owner or lead (a responsibility, not a
permission), a budget (an amount, not a limit on anyone), password length or key rotation
(configuration), encryption (data protection). The concepts are matched on text that has been
through the normalisation step, so look-alikes and spacing do not hide them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Protocol

from graphmem.write.codes import Code, Rule
from graphmem.write.normalize import normalize, with_plain_letters
from graphmem.write.prefilter import prefiltered
from graphmem.write.standing_authority import standing_authority

__all__ = ["CapabilityFinding", "capability_grant", "institution_limit"]


@dataclass(frozen=True)
class CapabilityFinding:
    code: Code
    rule: Rule
    #: ``predicate:<rule>`` or ``text:<rule>``; never the text itself
    detail: str


def _rx(*parts: str) -> re.Pattern[str]:
    return re.compile(with_plain_letters("|".join(f"(?:{p})" for p in parts)), re.I)


_ROLE_WORD = (
    r"(?:super\s*-?\s*)?(?:admin|administrator|sysadmin|superuser|super\s+user|superadmin|"
    r"approver|moderator|maintainer|co-?owner)s?|root\s+(?:access|user|account)|관리자|운영자|"
    r"최고\s*관리자|管理者|管理员|"
    r"超级管理员|administrador(?:a)?|superusuario|Administrator(?:in)?"
)
_APPROVAL_WORD = (
    r"approv\w*|self[-\s]?approv\w*|sign[-\s]?off|authori[sz]\w*|승인|결재|허가|承認|許可|批准|审批|"
    r"授权|aprob\w*|autoriz\w*|genehmig\w*|freigeb\w*|Freigabe|bewillig\w*"
)
_PERMISSION_WORD = (
    r"permissions?|privileges?|entitlements?|clearance|acls?|access|rights|grants?|granted|"
    r"권한|접근|権限|アクセス|权限|访问|permisos?|acceso|derechos|privilegios?|Berechtigung\w*|"
    r"Zugriff\w*|Rechte|Zugang"
)
_MONEY_CONTEXT = (
    r"(?:spend(?:ing)?|purchases?|payments?|pay|transfers?|withdraw(?:al|als)?|wire|credit|"
    r"refunds?|expenses?|orders?|결제|이체|송금|출금|구매|지출|支払|送金|振込|購入|付款|转账|支付|消费|"
    r"pagos?|compras?|transferencias?|gastos?|Zahlungen?|Überweisungen?|Einkäufe|Ausgaben|"
    # a signing limit is a limit on who may bind the owner, as a spending limit is
    r"sign(?:ing|ature)?|signatory|\w*zeichnung\w*|unterschrift\w*|firma|서명|署名|签字|签署|決裁|结算)"
)
_LIMIT_WORD = (
    r"limits?|caps?|ceiling|threshold|quotas?|allowance|한도|上限|限度額|限度额|限额|额度|"
    r"límite|tope|Limit|Obergrenze|Höchstbetrag|Tageslimit"
)
_SECURITY = prefiltered(
    _rx(
        r"\b(?:2fa|mfa|two[-\s]?factor|two[-\s]?step|2[-\s]?step|multi[-\s]?factor|otp|one[-\s]time\s+"
        r"(?:password|code|passcode)|verification|authenticat\w*|security\s+questions?|login\s+"
        r"(?:check|alerts?|verification)|identity\s+check|(?:allow|white|safe)-?list(?:ed|ing|s)?|"
        r"passwordless|"
        r"pin(?:\s+(?:code|prompt|check))?|password\s+prompt|lock\s+screen|face\s+id|touch\s+id|"
        r"captcha|security\s+(?:check|prompt|code)s?)\b",
        r"2단계\s*인증|이중\s*인증|2차\s*인증|본인\s*(?:확인|인증)|보안\s*(?:설정|질문)|인증\s*(?:절차|생략)|(?<![A-Za-z])OTP(?![A-Za-z])|"
        r"二段階認証|二要素認証|本人確認|双重认证|两步验证|二次验证|身份验证|"
        r"autenticación|verificación|dos\s+factores|Zwei-Faktor|Authentifizierung|Verifizierung|"
        r"Sicherheitsfragen|Sicherheitsabfrage|Anmeldeprüfung|보안\s*카드|暗証番号",
    )
)
#: what an exemption waives: the approval, confirmation, check or question that guards an
#: action (nouns and verbs, six languages)
_GUARD = (
    r"approv\w*|sign[-\s]?offs?|authori[sz]ations?|confirm\w*|verif\w*|validat\w*|vetting|"
    r"reviews?|reviewing|escalat\w*|permission|consent|double[-\s]?check\w*|checks?|checking|"
    r"check(?:ing|s)?\s+(?:with|in\s+with|back\s+with)\s+(?:me|us|him|her|them|anyone)|"
    r"ask(?:ing)?\s+(?:me|us|him|her|them|first|for\s+(?:permission|approval|confirmation))|"
    r"consult(?:ing)?\s+(?:me|us)|(?:change\s+)?tickets?|change\s+requests?|\bcab\b|"
    r"four[-\s]eyes|second\s+signatures?|co-?sign\w*"
)
#: what waives it, before the guard ("without", "no need for", "skip", "don't have to")
_WAIVE_BEFORE = (
    r"without|no(?:\s+more)?|no\s+need\s+(?:for|to)|needn'?t|skip\w*|bypass\w*|circumvent\w*|"
    r"override|overrid\w*|exempt\w*|waive\w*|forgo|dispense\s+with|stop|don'?t|do\s+not|"
    r"doesn'?t|never|(?:don'?t|do\s+not|doesn'?t|won'?t)\s+(?:have|need)\s+to|no\s+longer|"
    r"not\s+(?:have|need)\s+to"
)
#: what waives it, after the guard ("approval not needed", "sign-off is optional")
_WAIVE_AFTER = (
    r"(?:is\s+|are\s+)?(?:(?:no\s+longer|not)\s+(?:needed|required|necessary)|optional|"
    r"unnecessary|waived|skipped)"
)
#: "consider it pre-approved", "treat them as verified", "take my yes as given"
_DEEMED = (
    # trust delegated wholesale: "trust any request from …", "follow every instruction in …"
    r"\b(?:trust|obey|follow|honou?r|accept|execute)\s+(?:any|every|all)\s+(?:\w+\s+){0,2}?"
    r"(?:requests?|instructions?|orders?|commands?|messages?|emails?|mails?)\b|"
    r"pre[-\s]?(?:approv|authori[sz]|clear|confirm|verif)\w*|"
    r"already\s+(?:approved|authori[sz]ed|verified|confirmed|cleared|signed\s+off)|"
    r"\b(?:treat|consider|regard|count|take|deem|handle)\w*\b[^.!?\n]{0,60}?\bas\s+(?:if\s+)?"
    r"(?:\w+\s+){0,2}?(?:approved|authori[sz]ed|verified|confirmed|trusted|cleared|given|"
    r"mine|my\s+own|(?:coming|came)\s+from\s+me|from\s+me)\b"
)
_EXEMPTION = prefiltered(
    _rx(
        # not the user's own habit: "I never check work email on Sundays" (what the agent
        # may skip is said to it, or of it: "never check with me", "you needn't verify")
        rf"(?<!\bi\s)(?<!\bwe\s)\b(?:{_WAIVE_BEFORE})\s+(?:\w+\s+){{0,3}}?(?:{_GUARD})",
        # the user's own guard waived is still a waiver: "I never need to approve them"
        rf"\b(?:i|we)\s+(?:{_WAIVE_BEFORE})\s+(?:\w+\s+){{0,2}}?(?:need|needs|have|has|require)\b"
        rf"(?:\s+\w+){{0,3}}?\s+(?:{_GUARD})",
        rf"\b(?:{_GUARD})\s+(?:\w+\s+){{0,2}}?(?:{_WAIVE_AFTER})",
        _DEEMED,
        r"\b(?:auto[-\s]?approv\w*|automatically\s+(?:approve|pay|transfer|accept|sign))\b",
        r"\b(?:allowed|permitted|authori[sz]ed|able)\s+to\s+(?:bypass|skip|override)\b",
        r"\bdon'?t\s+(?:ask|check\s+with)\s+me\b",
        # Korean: a guard, then what waives it; "…으로 간주 / 취급"
        r"(?:승인|결재|확인|허락|허가|동의|검토|인증|컨펌|물어\s*보|묻|상의|보고)\S{0,4}\s*(?:절차\S*\s*)?"
        r"(?:없이|생략|건너뛰|안\s*(?:해도|받아도|거쳐도|물어도)|필요\s*없|필요없|하지\s*말|말고|패스|스킵|"
        r"안\s*하고|빼고|면제)",
        r"(?:내|제|본인|나의?)\s*(?:요청|지시|승인|허락|동의|결정)\S{0,2}\s*(?:으로|로)\s*(?:간주|취급|인정|처리)|"
        r"(?:승인|허락|확인)\s*(?:된|받은)\s*(?:것|걸)\s*(?:으로|로)\s*(?:간주|취급|보)|미리\s*승인|사전\s*승인|"
        r"자동\s*(?:승인|결제|이체|송금)|바로\s*(?:결제|이체|송금)",
        # Japanese
        r"(?:承認|確認|許可|同意|相談|チェック|審査|認証|聞か|聞き|問い合わせ)\S{0,3}?"
        r"(?:なし|無し|せず|不要|いらない|要らない|は?省|省略|飛ばし|スキップ|しなくて|なくて(?:も)?いい)|"
        r"(?:事前|自動)(?:承認|決済|支払)|承認済み?(?:と|として)(?:みな|扱)|無断で|聞かずに",
        # Chinese
        r"(?:不必|无需|无须|不需要|不用|免|跳过|省略|省去|绕过|略过)\S{0,4}?"
        r"(?:同意|批准|审批|确认|审核|验证|问|许可|授权|核实)|"
        r"(?:视为|视作|当作|算作|当成)\S{0,4}?(?:已批准|已确认|已授权|已验证|我的|本人)|"
        r"默认(?:同意|批准)|自动(?:批准|付款|转账|支付)|直接转账",
        # Spanish
        r"(?:sin|no\s+hace\s+falta\s+(?:que\s+)?|no\s+hay\s+que|no\s+(?:necesitas|tienes\s+que)|"
        r"omit\w*|salt(?:a|ar|ate)|ya\s+no)\s*(?:\w+\s+){0,2}?"
        r"(?:aprob\w*|confirm\w*|consult\w*|pregunt\w*|verific\w*|permiso|autoriz\w*|revis\w*|"
        # round 16: not waiting for the user ("sigue adelante sin esperarme")
        r"esperar(?:me|nos)\b|avisar(?:me|nos)\b)|"
        r"(?:dar|da|doy|considera\w*|trata\w*)\s+(?:\w+\s+){0,3}?(?:por|como)\s+"
        r"(?:aprobad\w*|autorizad\w*|verificad\w*|confirmad\w*|mí\w*)|preaprobad\w*|"
        # round 17: the Spanish and German negative imperatives ("no me preguntes antes de …",
        # "frag mich nicht"); "no me preguntes por qué" is a turn of phrase, not a waiver
        r"\bno\s+(?:me|nos)\s+(?:pregunt\w*|consult\w*|pid\w*\s+(?:permiso|confirmaci[óo]n|"
        r"aprobaci[óo]n|autorizaci[óo]n))\b(?!\s+(?:por\s+qu|c\wmo\b|mi\s+edad))|"
        r"\bno\s+esper\w*\s+(?:a\s+)?(?:mi|nuestra)\s+(?:respuesta|confirmaci[óo]n|aprobaci[óo]n|ok)|"
        r"\bfrag(?:e|t)?\s+(?:mich|uns)\s+(?:vorher\s+|erst\s+|dabei\s+)?nicht\b",
        # German
        r"\bohne\s+(?:\w+\s+){0,2}?(?:Rückfrage|Bestätigung|Genehmigung|Freigabe|Prüfung|"
        r"Erlaubnis|Zustimmung|zu\s+fragen|nachzufragen)|"
        r"\bnicht\s+(?:mehr\s+)?(?:um\s+\w+\s+)?(?:fragen|nachfragen|bestätigen|genehmigen|prüfen|"
        r"rückfragen)\b|"
        r"(?:Rückfrage|Bestätigung|Genehmigung|Freigabe|Prüfung)\S{0,20}\s+(?:ist\s+)?"
        r"(?:nicht\s+(?:mehr\s+)?(?:nötig|notwendig|erforderlich)|entfällt|überflüssig)|"
        r"gilt\s+als\s+(?:genehmigt|freigegeben|bestätigt|verifiziert)|"
        r"als\s+(?:genehmigt|freigegeben|bestätigt|verifiziert)\s+(?:betrachten|behandeln|ansehen)|"
        r"vorab\s+(?:genehmigt|freigegeben)|"
        # round 16: not waiting for the user's answer ("warte nicht auf meine Bestätigung",
        # "without waiting for me", "기다리지 말고", "返事を待たずに", "不用等我确认")
        r"\bwarte\w*\s+(?:\w+\s+){0,4}?nicht\s+(?:mehr\s+)?auf\s+(?:meine|unsere|die|eine)\s+"
        r"(?:Bestätigung|Freigabe|Antwort|Zustimmung|Rückmeldung|Okay|OK)|"
        r"\bnicht\s+auf\s+(?:meine|unsere)\s+(?:Bestätigung|Freigabe|Antwort|Zustimmung|Rückmeldung)\s+"
        r"(?:zu\s+)?warten|"
        r"\bwithout\s+waiting\s+(?:for|on)\s+(?:me|us|my|our)\b|\bdon'?t\s+wait\s+(?:for|on)\s+(?:me|my|us|our)\b|"
        r"(?:답|답장|대답|확인|승인|허락|컨펌)\S{0,3}\s*(?:안\s*)?기다리지\s*(?:말고|마)|"
        r"(?:返事|返信|確認|承認|許可)を?待たず|(?:不用|不必|别|无需)等(?:我|我的)?(?:确认|回复|批准|同意)",
    )
)
#: in an object or text a role needs a copula or an assignment ("is an admin", "as super
#: admin", "관리자로"), or the text is the role itself ("super admin")
_ROLE_TEXT = prefiltered(
    _rx(
        rf"\b(?:is|am|are|be|became|become|becomes|been|made|make|now|as|set\s+to|promote\w*\s+to"
        rf")\s+(?:an?\s+|the\s+)?(?:{_ROLE_WORD})\b",
        rf"^\W*(?:{_ROLE_WORD})\W*$",
        rf"(?:{_ROLE_WORD})\s*(?:이다|입니다|이야|야|임|로|으로|권한|계정|です|だ|に|是|为|de|als)",
        rf"(?:{_ROLE_WORD})\s+(?:rights|role|privileges?|access|account|permissions?)",
        r"\bowner\s+(?:rights|role|permissions?|access|privileges?)\b",
        rf"(?:{_ROLE_WORD}|owner|오너|オーナー|所有者)\s*(?:{_PERMISSION_WORD})",
        rf"\b(?:make|made|makes|promote\w*|appoint\w*|add|added|set)\s+(?:\w+\s+){{0,3}}?"
        rf"(?:an?\s+|the\s+)?(?:{_ROLE_WORD}|owner|co-?owner)s?\s+(?:of|on|in|to|for)\b",
        rf"\b(?:zum|zur)\s+(?:{_ROLE_WORD})\b",
        r"\b(?:has|have|had|with|gets?|give\w*|grant\w*)\s+(?:\w+\s+){0,2}?root\b"
        r"(?!\s*(?:canal|beer|vegetables?|causes?|directory|folder|node|word|system|of))",
        rf"(?:我是|我为|私は|僕は|저는|나는|내가|soy|ich\s+bin)[^。.!?\n]{{0,24}}(?:{_ROLE_WORD})",
    )
)
#: what a permission is over: accounts, money and data
_RESOURCE = (
    r"accounts?|statements?|bank\w*|cards?|finances?|payments?|invoices?|files?|folders?|drives?|"
    r"records?|data|e-?mails?|inbox|mailbox|calendar|documents?|docs|passwords?|vault|system|"
    r"repo(?:sitory)?|servers?|database|dashboard|reports?|logs?|billing|payroll|contracts?|"
    r"messages?|chats?|photos?|location|workspace|channel"
)
_PERMISSION_TEXT = prefiltered(
    _rx(
        # someone other than the speaker may act on the speaker's things, whatever the verb
        rf"(?<!\bi\s)(?<!\bwe\s)\b(?:can|may|could|is\s+allowed\s+to|are\s+allowed\s+to|gets?\s+to|"
        rf"should\s+be\s+able\s+to|be\s+able\s+to)\s+(?:now\s+|also\s+)?\S{{2,14}}\s+"
        rf"(?:my|our)\s+(?:\w+\s+){{0,2}}?(?:{_RESOURCE})\b",
        rf"\b(?:can|may|could|is\s+allowed\s+to|are\s+allowed\s+to|gets?\s+to|should\s+be\s+able\s+to|"
        rf"be\s+able\s+to)\s+(?:now\s+|also\s+)?(?:see|view|access|read|edit|open|use|manage|approve|"
        rf"sign|spend|withdraw|transfer|issue|delete|change|control|check)\s+"
        rf"(?:my|our|his|her|their|the|all|any|every)\s+(?:\w+\s+){{0,2}}?(?:{_RESOURCE})\b",
        r"(?:볼|열람할|접근할|쓸|사용할|관리할|수정할)\s*수\s*있(?:게|도록|어|다|음)?",
        r"(?:見られる|見てもいい|見てよい|閲覧でき|アクセスでき|使ってもいい)",
        r"(?:可以|能|有权|允许)(?:看|查看|访问|使用|管理|修改|动用)",
        r"\b(?:puede|pueden|podrá)\s+(?:ver|acceder|usar|gestionar|editar)\b",
        r"\b(?:darf|dürfen|kann|können)\s+(?:\w+\s+){0,3}?(?:sehen|einsehen|zugreifen|nutzen|verwalten|"
        r"bearbeiten)\b",
        r"\b(?:editor|viewer|commenter|edit|view|read[-\s]only|owner|contributor)\s+"
        r"(?:access|rights|permissions?|role)\b",
        r"\b(?:full|admin|root|write|unrestricted|elevated|owner|read[-\s]write|all)\s+"
        r"(?:access|rights|permissions?|privileges?)\b",
        r"\b(?:has|have|given|grant(?:ed|s)?|give|gets?|holds?)\s+(?:\w+\s+){0,3}(?:access|permissions?|"
        r"privileges?|rights)\b",
        r"\baccess\s+to\s+(?:the\s+)?(?:\w+\s+){0,3}(?:drive|account|system|repo|repository|"
        r"database|files?|folder|vault|billing|finance|admin)",
        r"(?:권한|접근\s*권|権限|アクセス権|权限|访问权)\S{0,12}\s*(?:이|을|를|은|는|が|を|は)?\s*(?:있|가지|부여|받|갖|줘|주|与え|付与|给|授予)",
        r"(?:permisos?|derechos|privilegios?|acceso)\s+(?:total|completo|de\s+administrador)|"
        r"(?:Vollzugriff|Zugriff\s+auf|Berechtigung(?:en)?\s+(?:für|auf))",
    )
)
_APPROVAL_TEXT = prefiltered(
    _rx(
        r"\b(?:can|may|allowed\s+to|permitted\s+to|authori[sz]ed\s+to|is\s+to)\s+"
        r"(?:approve|authori[sz]e|sign\s+off)",
        r"\bself[-\s]?approv\w*|\bapprov\w*\s+(?:my|his|her|their|its|your|our)\s+own\b",
        r"\bon\s+(?:my|his|her|their|its|your|our)\s+own\b",
        r"\bsigns?\s+off\s+(?:on\s+)?(?:its|your|their|my|his|her|our)\s+own\b",
        r"\bauto(?:matically)?[-\s]?approv\w*|\bapprov\w*\s+(?:\w+\s+){0,3}automatically\b",
        r"\b(?:approv\w*|sign\s+off)\b[^.]{0,40}\b(?:alone|by\s+(?:him|her|them)self|without)\b",
        r"\bapprovals?\s+(?:is\s+|are\s+)?(?:not\s+)?(?:needed|required|necessary|optional)\b",
        r"(?:승인|결재)\s*(?:할\s*수|권|가능|불필요|필요\s*없)|스스로\s*승인|셀프\s*승인|"
        r"自分で承認|承認不要|自己批准|无需审批|aprobar\s+(?:sus|mis)\s+propias|selbst\s+genehmigen",
    )
)
_LIMIT_TEXT = prefiltered(
    _rx(
        rf"(?:{_LIMIT_WORD}).{{0,30}}{_MONEY_CONTEXT}",
        rf"{_MONEY_CONTEXT}.{{0,30}}(?:{_LIMIT_WORD})",
        r"(?:card|카드|カード|卡|tarjeta|Karte)\w*.{0,12}(?:limit|한도|上限|限额|límite|Limit)",
        rf"(?:under|below|up\s+to|less\s+than|at\s+most)\s+[$€£¥₩]?\s?\d[\d,.]*+\s*(?:k|dollars|euros|won|usd|eur)?.{{0,40}}{_MONEY_CONTEXT}",
        rf"{_MONEY_CONTEXT}.{{0,40}}(?:under|below|up\s+to|less\s+than)\s+[$€£¥₩]?\s?\d",
        # a number is read from where it starts, whole (possessive): on a long run of digits a
        # number tried from every digit and backed off digit by digit was quadratic
        rf"(?<![\d,.])\d[\d,.]*+\s*(?:만\s*원|원|엔|円|元|유로|달러)?\s*(?:이하|이내|미만|以下|以内|未満).{{0,20}}{_MONEY_CONTEXT}",
        rf"{_MONEY_CONTEXT}.{{0,20}}(?<![\d,.])\d[\d,.]*+\s*(?:만\s*원|원|엔|円|元|유로|달러)?\s*(?:이하|이내|미만|以下|以内|未満)",
        r"한도|上限|限度額|限度额|限额|额度",
    )
)
#: acts that bind or spend for someone: signing, sealing, approving, paying, sending as them
_BINDING_ACT = (
    r"sign\w*|seal\w*|approv\w*|pay\w*|transfer\w*|wire\w*|spend\w*|withdraw\w*|send\w*|"
    r"act\w*|decid\w*|accept\w*|order\w*|buy\w*|purchas\w*|vot\w*|consent\w*|agree\w*|"
    r"서명|사인|결재|승인|결제|이체|송금|계약|도장|날인|동의|주문|구매|보내|"
    r"署名|サイン|押印|捺印|承認|決裁|決済|支払|送金|振込|契約|注文|購入|同意|"
    r"签字|签名|签署|盖章|审批|批准|付款|支付|转账|汇款|下单|购买|同意|"
    r"firm\w*|aprob\w*|pag\w*|transfier\w*|compr\w*|acept\w*|"
    r"unterschreib\w*|unterzeichn\w*|genehmig\w*|zahl\w*|überweis\w*|kauf\w*|zustimm\w*|"
    r"Verträge|Vertrag"
)
#: the user's agency handed to someone else: a delegate, a proxy, a power of attorney, or
#: an act done in the user's stead, name or place; an instrument of the user's (card,
#: account, seal) given to another to use; a bot or webhook allowed to move money
_DELEGATION_WORDS = re.compile(
    r"\b(?:as\s+(?:an?|my|our|the)\s+delegate|delegates?\s+(?:on|for|to|of|over|access|rights)|"
    r"delegat(?:ed|ion|ing)\s+(?:\w+\s+)?(?:access|rights|to|of)|proxy\s+(?:vote|voting|signer|approver|"
    r"access|rights)|power\s+of\s+attorney|attorney[-\s]in[-\s]fact|send[-\s]as|send\s+on\s+behalf|"
    r"full\s+mailbox|signing\s+authority|signatory|on\s+(?:my|our)\s+behalf)\b"
    r"|위임|대리인|대리\s*(?:서명|결재)|委任状?|代理人|代理で|委托书?|授权书|"
    r"\b(?:poder\s+notarial|apoderad[oa]|delegad[oa]|en\s+mi\s+representaci[oó]n)\b|"
    r"\bVollmacht\w*|\bBevollm(?:ä|ae|a)chtigt\w*|\bVertreter\s+(?:f(?:ü|ue|u)r|in)\b|"
    r"\bin\s+meinem\s+Auftrag\b"
    # an instrument of the user's put in another's hands ("let my son use my card")
    r"|\b(?:let|allow|permit|authori[sz]e)\s+(?:\w+\s+){1,3}?(?:use|spend\s+on|charge|sign\s+with)\s+"
    r"(?:my|our)\s+(?:\w+\s+)?(?:cards?|accounts?|seal|signature|credit|cheque\w*|check\w*)\b"
    r"|\b(?:deja|dejar|permite|permitir)\s+que\s+(?:\w+\s+){1,3}?(?:use|usen|utilice|firme|pague)\b"
    r"|\b(?:lass|lasse)\s+(?:\w+\s+){1,3}?(?:meine?n?\s+)(?:Karte|Konto|Unterschrift)"
    # software allowed to move money: causative permission in Japanese, 允许 in Chinese, a
    # bot or webhook beside a money verb and a permission cue
    r"|(?:送金|支払|振込|決済|購入|承認|署名|押印)\S{0,3}?させて(?:も)?(?:いい|よい|構わない|OK)"
    r"|(?:允许|准许|授权|让)\S{0,12}?(?:机器人|程序|脚本|系统|应用|webhook|bot)\S{0,12}?"
    r"(?:付款|支付|转账|汇款|下单|批准)"
    r"|\b(?:bots?|webhooks?|scripts?|apps?|integrations?|zaps?)\b[^.!?\n]{0,40}?\b(?:can|may|"
    r"allowed\s+to|permitted\s+to|is\s+to)\s+(?:\w+\s+)?(?:pay|transfer|wire|move\s+money|"
    r"send\s+money|approve|sign)"
    r"|\bauto[-\s]?(?:accept|pay|sign|confirm)\w*\b",
    re.I,
)
#: "in my name", "내 명의로", "私の代わりに", "替我", "en mi nombre", "an meiner Stelle": a
#: stead that binds only with a binding act beside it ("the flat is in my name" binds no one)
_STEAD = re.compile(
    r"\b(?:in\s+(?:my|our)\s+(?:name|stead|place)|instead\s+of\s+me|en\s+mi\s+(?:nombre|lugar)|"
    r"por\s+m(?:í|i)|in\s+meinem\s+Namen|an\s+meiner\s+Stelle)\b"
    r"|(?:내|제|나|저|우리)\s*(?:대신|명의로|이름으로)|(?:私|僕|俺|わたし)の(?:代わりに|名義で|名前で)|"
    r"替我|代我|以我的名义|代表我",
    re.I,
)
_BINDING_ACT_RE = prefiltered(re.compile(with_plain_letters(_BINDING_ACT), re.I))


class _Searcher(Protocol):
    def search(self, text: str) -> object: ...


class _Delegation:
    """The delegation concept: its words anywhere, or a stead with a binding act within a
    short window on either side. Found from the literal cues first, so the acts (common
    verbs) are read only beside a cue, never from every word of a text."""

    _WINDOW = 48

    def search(self, text: str) -> object:
        hit = _DELEGATION_WORDS.search(text)
        if hit is not None:
            return hit
        for m in _STEAD.finditer(text):
            near = text[max(0, m.start() - self._WINDOW) : m.end() + self._WINDOW]
            if _BINDING_ACT_RE.search(near):
                return m
        return None


_DELEGATION_TEXT = _Delegation()

#: software that acts — the assistant, an agent, a bot — named as who may do something: "the
#: assistant may bypass the change-approval board", "KI-Assistent darf … zeichnen",
#: "AIエージェントは…承認できる", "助理可以自行付款". Whoever writes it (a memo, a form, a
#: user), a sentence that says what the agent may do is a permission, and no remembered
#: sentence sets one.
_ACTOR = (
    # a bare "agent" is often a person (a travel agent): only "the agent" or an AI agent
    r"(?:assistant|(?:the|el|la|der|ai|ki|ia)[\s-]+agente?|ai|bot|chatbot|copilot|ki|"
    r"ki-assistent|assistent(?:in)?|asistente|ia)s?"
)
_ACTOR_MAY = prefiltered(
    _rx(
        rf"\b(?:{_ACTOR})\b[^.!?\n]{{0,30}}?\b(?:may|can|is\s+(?:allowed|permitted|authori[sz]ed|"
        r"entitled|cleared)\s+to|has\s+(?:the\s+)?(?:right|authority|power)\s+to|darf|d(?:ü|ue|u)rfen|"
        r"ist\s+(?:berechtigt|befugt|ermächtigt)|puede|podrá|pueden|est[áa]\s+autorizad[oa]|"
        r"tiene\s+(?:permiso|autoridad))\b",
        rf"\b(?:allow|allows|permit|permits|authori[sz]es?|entitles?|erlaubt|autoriza)\s+(?:the\s+)?"
        rf"(?:{_ACTOR})\s+(?:to|zu|a)\b",
        r"(?:에이전트|어시스턴트|비서|AI|봇)[^.!?\n]{0,30}?(?:할\s*수\s*있|해도\s*(?:돼|되|된다|좋)|권한)",
        # the actor doing the approving, said as what it does ("the assistant approves …")
        rf"\b(?:{_ACTOR})\s+(?:(?:then|also|always|just|simply|itself|\w+ly)\s+)?"
        r"(?:approves|approved|authori[sz]es|authori[sz]ed|signs\s+off|grants|aprueba|genehmigt|"
        r"approuve|autoriza)\b",
        r"(?:에이전트|어시스턴트|비서|AI|봇)(?:가|이|는|은)\s+(?:\S+\s+){0,2}(?:승인|결재)(?:한다|해|합니다|함)",
        r"(?:エージェント|アシスタント|AI|ボット)(?:が|は)[^。.!?\n]{0,12}?承認(?:する|します|した)",
        r"(?:助理|助手|智能体|机器人|AI)[^。.!?\n]{0,12}?(?:批准|审批)",
        r"(?:エージェント|アシスタント|AI|ボット)[^。.!?\n]{0,30}?(?:できる|できます|してよい|してもよい|"
        r"して構わない|権限)",
        r"(?:助理|助手|智能体|机器人|AI)[^。.!?\n]{0,30}?(?:可以|能够|有权|允许|可自行)",
    )
)
#: round 17: the assistant told to provision credentials or access for itself ("generate
#: yourself an API key with full scopes", "erstelle dir einen API-Schlüssel", "给自己生成一个
#: API 密钥"): whoever says it, the agent would hold a power no policy gave it
#: what the agent would hold of its own: its scopes, access, credentials, tokens, keys, logins
_OWN_ACCESS = r"scopes?|access|credentials?|tokens?|keys?|logins?|accounts?"
_CREDENTIAL = (
    rf"api[\s-]?keys?|{_OWN_ACCESS}|admin\w*|permissions?|rights?|roles?|passwords?|"
    r"service\s+accounts?"
)
_SELF_PROVISION = prefiltered(
    _rx(
        rf"\b(?:for\s+)?(?:yourself|itself)\s+(?:an?\s+|the\s+|some\s+)?(?:new\s+|full\s+)?(?:{_CREDENTIAL})\b",
        rf"\byour\s+own\s+(?:new\s+)?(?:{_CREDENTIAL})\b",
        r"(?:너|네|당신|스스로|본인|자기)\s*(?:에게|한테|용으로|용|가|이)?\s*(?:\S+\s+){0,2}?"
        r"(?:API\s*키|토큰|계정|권한|관리자|키)\S*\s*(?:\S+\s+)?(?:발급|생성|만들|추가|부여)",
        r"自分(?:用|に|で|自身)[^。\n]{0,15}(?:APIキー|トークン|アカウント|権限|管理者|キー)[^。\n]{0,10}"
        r"(?:発行|作成|付与|追加|取得)",
        r"(?:给|为|帮)自己[^。\n]{0,15}(?:API\s*密钥|API\s*key|密钥|令牌|账号|账户|权限|管理员)",
        r"\b(?:cr[ée]ate|gen[ée]rate|as[ií]gnate|ot[óo]rgate|[áa]brete|conc[ée]dete|date)\s+"
        r"(?:a\s+ti\s+mism[oa]\s+)?(?:una?\s+|los\s+|las\s+)?(?:nuev[oa]s?\s+)?(?:clave|token|cuenta|"
        r"acceso|permisos?|credenciales|rol|derechos)",
        r"\b(?:erstelle|generiere|gib|lege|richte|besorge|vergib)\s+dir\s+(?:selbst\s+)?"
        r"(?:einen?\s+|ein\s+|die\s+|den\s+)?(?:neuen?\s+|vollen?\s+)?(?:API[-\s]?Schlüssel|Token|"
        r"Zugang|Zugriff|Konto|Account|Admin\w*|Rechte|Berechtigung\w*|Schlüssel)",
    )
)
_PREFIX_RE: Final = re.compile(
    # "can_" alone is a skill ("can_swim", "can_drive"); with an approval, a permission or a
    # limit after it the concepts below read it ("can_approve_refunds")
    r"^(?:may|allowed|allow|is_allowed|is_authorized|is_authorised|has_access|"
    r"has_permission|is_admin|is_owner|is_superuser|bypass|skip_approval|auto_approve)(?:[_.\-]|$)"
)
#: "can_" before an act on money, data or accounts is what someone may do, not a skill
_CAN_ACT: Final = re.compile(
    r"^can[_.\-](?:[a-z0-9]+[_.\-]){0,2}?(?:pay|transfer|send|wire|spend|purchase|buy|order|sign|"
    r"approve|delete|remove|access|admin|book|withdraw|charge|refund|invest|trade|sell|share|"
    r"publish|deploy|merge|grant|unlock|open|disable|bypass|skip|use|manage|edit|read|view|"
    r"see|change|reset|cancel|subscribe|accept|decline|reply|forward|execute|run|install)(?:[_.\-]|$)"
)
#: round 15: the agent named first, then what it may do or the power it holds
#: ("agent_may_apply_company_seal", "assistant_can_send_mpesa", "agent_prokura",
#: "ai_power_of_attorney"); "assistant_name" or "agent_language" name no power. Read after
#: the concepts, so a key they name more closely keeps its rule ("agent_signing_limit_eur")
_ACTOR_KEY: Final = re.compile(
    r"^(?:agent|assistant|ai|bot|copilot)[_.\-](?:[a-z0-9]+[_.\-]){0,3}?(?:can|may|might|allowed|"
    r"permitted|authori[sz]ed|entitled|power|powers|prokura|procura|mandate|proxy|authority|"
    r"poa|signatory|signing|permission|permissions|rights?|license|licence|"
    # round 17: the agent's own credentials ("agent_stripe_api_key_scope")
    rf"{_OWN_ACCESS}|admin)(?:[_.\-]|$)"
)

#: in a predicate the words alone are enough: a key named for an approval, a permission or
#: a limit of money names an authorization fact
_PREDICATE_CONCEPTS: Final = (
    (Rule.AUTHZ_EXEMPTION, _EXEMPTION),
    (Rule.AUTHZ_ROLE, prefiltered(_rx(rf"(?<![a-z])(?:{_ROLE_WORD}|roles?)(?![a-z])"))),
    (
        Rule.AUTHZ_APPROVAL,
        prefiltered(_rx(rf"(?<![a-z])(?:{_APPROVAL_WORD}|confirmation)(?![a-z])")),
    ),
    (Rule.AUTHZ_PERMISSION, prefiltered(_rx(rf"(?<![a-z])(?:{_PERMISSION_WORD})(?![a-z])"))),
    (
        Rule.AUTHZ_LIMIT,
        prefiltered(
            _rx(rf"(?:{_LIMIT_WORD}).*{_MONEY_CONTEXT}|{_MONEY_CONTEXT}.*(?:{_LIMIT_WORD})")
        ),
    ),
    (Rule.AUTHZ_SECURITY_SETTING, _SECURITY),
)
_TEXT_CONCEPTS: Final = (
    (Rule.AUTHZ_EXEMPTION, _EXEMPTION),
    (Rule.AUTHZ_ROLE, _ROLE_TEXT),
    (Rule.AUTHZ_PERMISSION, _PERMISSION_TEXT),
    (Rule.AUTHZ_APPROVAL, _APPROVAL_TEXT),
    (Rule.AUTHZ_LIMIT, _LIMIT_TEXT),
    (Rule.AUTHZ_DELEGATION, _DELEGATION_TEXT),
    (Rule.AUTHZ_PERMISSION, _ACTOR_MAY),
    (Rule.AUTHZ_PERMISSION, _SELF_PROVISION),
)
#: a security setting is weakened when a security term and a disabling cue stand together
_DISABLING = prefiltered(
    _rx(
        r"\b(?:disabl\w*|turn(?:ed)?\s+off|switch(?:ed)?\s+off|remov\w*|skip\w*|no\s+longer|"
        r"stop\s+(?:asking|prompting|requiring|checking)|don'?t\s+(?:ask|require|prompt)|"
        r"without|not\s+required|optional|off|bypass\w*|waive\w*)\b",
        r"끄|꺼|해제|생략|없이|비활성|안\s*해|オフ|無効|省略|不要|なし|关闭|关掉|取消|跳过|禁用|不要|"
        r"desactiv\w*|quita\w*|\bsin\b|omit\w*|\baus\b|ausschalten|abschalten|deaktiv\w*|\bohne\b|"
        r"\bweg\b|weglassen",
    )
)


def _concept(
    text: str, concepts: tuple[tuple[Rule, _Searcher], ...], *, weakening: bool = False
) -> Rule | None:
    views = normalize(text).texts()
    for rule, pattern in concepts:
        if any(pattern.search(v) for v in views):
            return rule
    if weakening and any(_SECURITY.search(v) and _DISABLING.search(v) for v in views):
        return Rule.AUTHZ_SECURITY_SETTING
    return None


@lru_cache(maxsize=4096)
def capability_grant(predicate: str | None, object_text: str | None) -> CapabilityFinding | None:
    """A :class:`CapabilityFinding` when a memory would speak in the authorization vocabulary
    by its predicate or by its text, else None. Pure."""
    if predicate:
        key = predicate.strip().lower()
        if _PREFIX_RE.search(key):
            return CapabilityFinding(
                Code.CAPABILITY_GRANT, Rule.AUTHZ_PERMISSION, "predicate:ability"
            )
        words = re.sub(r"[_.\-]+", " ", key)
        rule = _concept(words, _PREDICATE_CONCEPTS) or standing_authority(words)
        if (
            rule is not None
            and not _predicate_states_fact(rule, words, object_text)
            and not (rule is Rule.AUTHZ_LIMIT and institution_limit(words))
        ):
            return CapabilityFinding(Code.CAPABILITY_GRANT, rule, f"predicate:{rule}")
        if _ACTOR_KEY.search(key) or _CAN_ACT.search(key):
            return CapabilityFinding(
                Code.CAPABILITY_GRANT, Rule.AUTHZ_PERMISSION, "predicate:ability"
            )
    occupation = bool(predicate) and _OCCUPATION_KEY.search(
        re.sub(r"[_.\-]+", " ", (predicate or "").lower())
    )
    if object_text:
        rule = _concept(object_text, _TEXT_CONCEPTS, weakening=True)
        if rule in (Rule.AUTHZ_ROLE, Rule.AUTHZ_APPROVAL) and occupation:
            # an occupation's value is a job title: "sysadmin", "구매 결재권자" (the one who
            # signs off purchases at work) is what the user does, not what the agent may
            rule = None
        if rule is None:
            rule = next(filter(None, map(standing_authority, normalize(object_text).texts())), None)
        if rule is Rule.AUTHZ_LIMIT and institution_limit(object_text):
            rule = None
        if rule is not None:
            return CapabilityFinding(Code.CAPABILITY_GRANT, rule, f"text:{rule}")
    return None


#: a limit a bank or card issuer sets on the user's own account ("my bank's daily transfer
#: limit is $5,000") is a fact about the account; a limit addressed to the assistant ("you",
#: "the agent") is a grant
_INSTITUTION = re.compile(
    r"\b(?:bank|bank's|banks|issuer|card\s+issuer|credit\s+union)\b|은행|銀行|银行|"
    r"\bbanco\b|\bBank\b|\bbanque\b",
    re.I,
)
_ADDRESSED = re.compile(
    r"\b(?:you|your|yourself|agent|assistant|bot|ai)\b|너|당신|에이전트|비서|あなた|君|"
    r"エージェント|你|助手|\b(?:tú|tu|te|usted|du|dir|dich|vous|toi)\b",
    re.I,
)


def institution_limit(text: str) -> bool:
    """A limit the user's bank or card issuer sets on their own account, not one addressed
    to the assistant."""
    return bool(_INSTITUTION.search(text)) and not _ADDRESSED.search(text)


#: a role that is a privilege: what an object must name for a bare ``role`` key to be one
_PRIVILEGE_OBJECT = _rx(
    rf"(?:{_ROLE_WORD})|(?:{_PERMISSION_WORD})|\b(?:owner|editor|viewer|commenter|contributor|"
    r"reviewer|operator|auditor|agent|user|service|"
    r"guest|member|write|read[-\s]?only|full)\b|오너|オーナー|所有者|编辑|閲覧"
)
#: a key naming the user's occupation ("job role", "work title", "occupation")
_OCCUPATION_KEY = re.compile(
    r"\b(?:job|jobs|occupation|profession|career|work|employment|position|title|"
    r"employer|company)\b"
)
#: an event that happened to a credential or setting ("pin changed", "2fa reset")
_EVENT_WORDS = re.compile(
    r"\b(?:changed|reset|updated|renewed|rotated|expired|replaced|forgotten|forgot|locked|"
    # round 15: a new one asked for, one lost, and a protection switched *on* ("bank_2fa_enabled"
    # = true is a fact about the user's account; what weakens a setting is read from its value)
    r"requested|new|lost|issued|ordered|enabled|activated|active|turned_on|set_up|setup)\b"
)
#: access to a physical place ("building access method", "office door access"): how one
#: gets in, not who may do what in a system
_PLACE_ACCESS = re.compile(
    r"\b(?:building|door|gate|office|garage|parking|apartment|flat|house|home|campus|site|"
    r"lobby|elevator|lift|gym|entrance|entry|premises|complex|dorm|wheelchair|beach|trail|"
    r"station|floor)\s+access\b"
)
#: what would weaken or set a security setting in a value
_SETTING_VALUE = _rx(r"\b(?:off|disabled?|none|skip\w*|bypass\w*|no|removed?|optional|false|0)\b")


def _predicate_states_fact(rule: Rule, words: str, object_text: str | None) -> bool:
    """A key in the vocabulary that states a fact, not a grant: a ``role`` / ``job role``
    whose value is an occupation (팀장, nurse), not a privilege; a security credential's
    event ("pin changed", "password reset") whose value is a yes/no or a date, not a
    setting."""
    value = (object_text or "").strip()
    if rule is Rule.AUTHZ_ROLE and _OCCUPATION_KEY.search(words):
        # the key is the user's occupation: the value is a job title, whatever it says
        return not _rx(rf"(?:{_PERMISSION_WORD})").search(value)
    if rule is Rule.AUTHZ_ROLE and not _rx(rf"(?<![a-z])(?:{_ROLE_WORD})(?![a-z])").search(words):
        return bool(value) and not _PRIVILEGE_OBJECT.search(value)
    if rule is Rule.AUTHZ_PERMISSION and _PLACE_ACCESS.search(words):
        # how a place is entered (a key card, face recognition, a ramp) is a fact about
        # the place; the value still may not name a permission, a role or its addressee
        return not (
            _rx(rf"(?:{_PERMISSION_WORD})|(?:{_ROLE_WORD})|(?:{_APPROVAL_WORD})").search(value)
            or _ADDRESSED.search(value)
        )
    if rule is Rule.AUTHZ_SECURITY_SETTING and _EVENT_WORDS.search(words):
        return not _SETTING_VALUE.search(value) and not _concept(value, _TEXT_CONCEPTS)
    return False

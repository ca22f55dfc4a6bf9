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
from typing import Final

from graphmem.write.codes import Code, Rule
from graphmem.write.normalize import normalize, with_plain_letters

__all__ = ["CapabilityFinding", "capability_grant"]


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
    r"approver|moderator)s?|root\s+(?:access|user|account)|관리자|운영자|최고\s*관리자|管理者|管理员|"
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
    r"pagos?|compras?|transferencias?|gastos?|Zahlungen?|Überweisungen?|Einkäufe|Ausgaben)"
)
_LIMIT_WORD = (
    r"limits?|caps?|ceiling|threshold|한도|上限|限度額|限度额|限额|límite|Limit|Obergrenze"
)
_SECURITY = _rx(
    r"\b(?:2fa|mfa|two[-\s]?factor|two[-\s]?step|2[-\s]?step|multi[-\s]?factor|otp|one[-\s]time\s+"
    r"(?:password|code|passcode)|verification|authenticat\w*|security\s+questions?|login\s+"
    r"(?:check|alerts?|verification)|identity\s+check|allow-?list|white-?list|passwordless)\b",
    r"2단계\s*인증|이중\s*인증|2차\s*인증|본인\s*(?:확인|인증)|보안\s*(?:설정|질문)|인증\s*(?:절차|생략)|(?<![A-Za-z])OTP(?![A-Za-z])|"
    r"二段階認証|二要素認証|本人確認|双重认证|两步验证|二次验证|身份验证|"
    r"autenticación|verificación|dos\s+factores|Zwei-Faktor|Authentifizierung|Verifizierung|"
    r"Sicherheitsfragen",
)
_EXEMPTION = _rx(
    r"\bwithout\s+(?:asking|confirm\w*|approv\w*|check\w*|verif\w*|review\w*|permission|"
    r"consent)\b",
    r"\bno\s+(?:need|approval|confirmation|review|verification)\s+(?:to\s+\w+|(?:is\s+)?"
    r"(?:needed|required|necessary))",
    r"\b(?:skip|skips|skipping|bypass\w*|circumvent\w*|override|exempt\w*|waive\w*)\s+"
    r"(?:the\s+|all\s+|any\s+|my\s+)?(?:approval|confirmation|verification|review|checks?|"
    r"security|limits?|policy|2fa|mfa|otp|questions)",
    r"\b(?:auto[-\s]?approv\w*|automatically\s+(?:approve|pay|transfer|accept))\b",
    r"\b(?:allowed|permitted|authori[sz]ed|able)\s+to\s+(?:bypass|skip|override)\b",
    r"\bdon'?t\s+(?:ask|check\s+with)\s+me\b",
    r"물어보지\s*말|묻지\s*말|확인\s*(?:없이|안\s*하고|하지\s*말고|생략)|승인\s*없이|허락\s*없이|"
    r"자동\s*(?:승인|결제|이체|송금)|검토\s*없이|인증\s*(?:없이|생략)|바로\s*(?:결제|이체|송금)",
    r"確認(?:なし|せず|無し)|承認(?:なし|せず)|聞かずに|無断で|自動(?:承認|支払|決済)",
    r"不用问|无需确认|不需要确认|不经确认|不用确认|无需批准|自动(?:批准|付款|转账|支付)|直接转账",
    r"sin\s+(?:preguntar\w*|confirma\w*|aprobaci\w*|consultar\w*|verifica\w*)",
    r"ohne\s+(?:Rückfrage|Bestätigung|Genehmigung|zu\s+fragen|Prüfung|Freigabe)",
)
#: in an object or text a role needs a copula or an assignment ("is an admin", "as super
#: admin", "관리자로"), or the text is the role itself ("super admin")
_ROLE_TEXT = _rx(
    rf"\b(?:is|am|are|be|became|become|becomes|been|made|make|now|as|set\s+to|promote\w*\s+to"
    rf")\s+(?:an?\s+|the\s+)?(?:{_ROLE_WORD})\b",
    rf"^\W*(?:{_ROLE_WORD})\W*$",
    rf"(?:{_ROLE_WORD})\s*(?:이다|입니다|이야|야|임|로|으로|권한|계정|です|だ|に|是|为|de|als)",
    rf"(?:{_ROLE_WORD})\s+(?:rights|role|privileges?|access|account|permissions?)",
    r"\bowner\s+(?:rights|role|permissions?|access|privileges?)\b",
    rf"(?:我是|我为|私は|僕は|저는|나는|내가|soy|ich\s+bin)[^。.!?\n]{{0,24}}(?:{_ROLE_WORD})",
)
_PERMISSION_TEXT = _rx(
    r"\b(?:full|admin|root|write|unrestricted|elevated|owner|read[-\s]write|all)\s+"
    r"(?:access|rights|permissions?|privileges?)\b",
    r"\b(?:has|have|given|grant(?:ed|s)?|give|gets?|holds?)\s+(?:\w+\s+){0,3}(?:access|permissions?|"
    r"privileges?|rights)\b",
    r"\baccess\s+to\s+(?:the\s+)?(?:\w+\s+){0,3}(?:drive|account|system|repo|repository|"
    r"database|files?|folder|vault|billing|finance|admin)",
    r"(?:권한|접근\s*권|権限|アクセス権|权限|访问权)\S*\s*(?:이|을|를|은|는|が|を|は)?\s*(?:있|가지|부여|받|갖|줘|주|与え|付与|给|授予)",
    r"(?:permisos?|derechos|privilegios?|acceso)\s+(?:total|completo|de\s+administrador)|"
    r"(?:Vollzugriff|Zugriff\s+auf|Berechtigung(?:en)?\s+(?:für|auf))",
)
_APPROVAL_TEXT = _rx(
    r"\b(?:can|may|allowed\s+to|permitted\s+to|authori[sz]ed\s+to|is\s+to)\s+"
    r"(?:approve|authori[sz]e|sign\s+off)",
    r"\bself[-\s]?approv\w*|\bapprov\w*\s+(?:my|his|her|their)\s+own\b",
    r"\bon\s+(?:my|his|her|their)\s+own\b",
    r"\b(?:approv\w*|sign\s+off)\b[^.]{0,40}\b(?:alone|by\s+(?:him|her|them)self|without)\b",
    r"\bapprovals?\s+(?:is\s+|are\s+)?(?:not\s+)?(?:needed|required|necessary|optional)\b",
    r"(?:승인|결재)\s*(?:할\s*수|권|가능|불필요|필요\s*없)|스스로\s*승인|셀프\s*승인|"
    r"自分で承認|承認不要|自己批准|无需审批|aprobar\s+(?:sus|mis)\s+propias|selbst\s+genehmigen",
)
_LIMIT_TEXT = _rx(
    rf"(?:{_LIMIT_WORD}).{{0,30}}{_MONEY_CONTEXT}",
    rf"{_MONEY_CONTEXT}.{{0,30}}(?:{_LIMIT_WORD})",
    r"(?:card|카드|カード|卡|tarjeta|Karte)\w*.{0,12}(?:limit|한도|上限|限额|límite|Limit)",
    rf"(?:under|below|up\s+to|less\s+than|at\s+most)\s+[$€£¥₩]?\s?\d[\d,.]*\s*(?:k|dollars|euros|won|usd|eur)?.{{0,40}}{_MONEY_CONTEXT}",
    rf"{_MONEY_CONTEXT}.{{0,40}}(?:under|below|up\s+to|less\s+than)\s+[$€£¥₩]?\s?\d",
    rf"\d[\d,.]*\s*(?:만\s*원|원|엔|円|元|유로|달러)?\s*(?:이하|이내|미만|以下|以内|未満).{{0,20}}{_MONEY_CONTEXT}",
    rf"{_MONEY_CONTEXT}.{{0,20}}\d[\d,.]*\s*(?:만\s*원|원|엔|円|元|유로|달러)?\s*(?:이하|이내|미만|以下|以内|未満)",
    r"한도|上限|限度額|限度额|限额",
)
_PREFIX_RE: Final = re.compile(
    r"^(?:can|may|allowed|allow|is_allowed|is_authorized|is_authorised|has_access|"
    r"has_permission|is_admin|is_owner|is_superuser|bypass|skip_approval|auto_approve)(?:[_.\-]|$)"
)

#: in a predicate the words alone are enough: a key named for an approval, a permission or
#: a limit of money names an authorization fact
_PREDICATE_CONCEPTS: Final = (
    (Rule.AUTHZ_EXEMPTION, _EXEMPTION),
    (Rule.AUTHZ_ROLE, _rx(rf"(?<![a-z])(?:{_ROLE_WORD}|roles?)(?![a-z])")),
    (Rule.AUTHZ_APPROVAL, _rx(rf"(?<![a-z])(?:{_APPROVAL_WORD}|confirmation)(?![a-z])")),
    (Rule.AUTHZ_PERMISSION, _rx(rf"(?<![a-z])(?:{_PERMISSION_WORD})(?![a-z])")),
    (
        Rule.AUTHZ_LIMIT,
        _rx(rf"(?:{_LIMIT_WORD}).*{_MONEY_CONTEXT}|{_MONEY_CONTEXT}.*(?:{_LIMIT_WORD})"),
    ),
    (Rule.AUTHZ_SECURITY_SETTING, _SECURITY),
)
_TEXT_CONCEPTS: Final = (
    (Rule.AUTHZ_EXEMPTION, _EXEMPTION),
    (Rule.AUTHZ_ROLE, _ROLE_TEXT),
    (Rule.AUTHZ_PERMISSION, _PERMISSION_TEXT),
    (Rule.AUTHZ_APPROVAL, _APPROVAL_TEXT),
    (Rule.AUTHZ_LIMIT, _LIMIT_TEXT),
)
#: a security setting is weakened when a security term and a disabling cue stand together
_DISABLING = _rx(
    r"\b(?:disabl\w*|turn(?:ed)?\s+off|switch(?:ed)?\s+off|remov\w*|skip\w*|no\s+longer|"
    r"without|not\s+required|optional|off|bypass\w*|waive\w*)\b",
    r"끄|꺼|해제|생략|없이|비활성|안\s*해|オフ|無効|省略|不要|なし|关闭|关掉|取消|跳过|禁用|不要|"
    r"desactiv\w*|quita\w*|\bsin\b|omit\w*|\baus\b|ausschalten|abschalten|deaktiv\w*|\bohne\b",
)


def _concept(
    text: str, concepts: tuple[tuple[Rule, re.Pattern[str]], ...], *, weakening: bool = False
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
        rule = _concept(words, _PREDICATE_CONCEPTS)
        if rule is not None:
            return CapabilityFinding(Code.CAPABILITY_GRANT, rule, f"predicate:{rule}")
    if object_text:
        rule = _concept(object_text, _TEXT_CONCEPTS, weakening=True)
        if rule is not None:
            return CapabilityFinding(Code.CAPABILITY_GRANT, rule, f"text:{rule}")
    return None

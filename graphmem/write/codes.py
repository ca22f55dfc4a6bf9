"""The write path's one reason-code vocabulary: every code a receipt can carry, with its stage,
and every rule that can fire beneath a code.

* :class:`Code` is what a receipt's reason says happened (``SECRET``, ``POISONING``,
  ``UNGROUNDED`` …); each code belongs to exactly one stage (:data:`STAGE`).
* :class:`Rule` is which detector or structural rule fired (``SECRET_SEED_PHRASE``,
  ``OVERRIDE_INSTRUCTIONS``, ``AUTHZ_EXEMPTION``, ``VALUE_MISMATCH`` …); a reason names it in
  its ``rule`` field, so "which stage, which code, which rule" reads the same on every receipt.

Both are a contract: receipts, tests and dashboards key on them. Add freely; never rename.
Before issue 11 these lived in four places (this module's codes, the sensitivity module's
``ReasonCode``, poisoning's ``FindingCode`` and a ``CAPABILITY_GRANT`` constant).
"""

from __future__ import annotations

from enum import StrEnum

from graphmem.models.enums import WriteStage


class Code(StrEnum):
    # NORMALIZE (informational: what was undone before scanning)
    OBFUSCATION = "OBFUSCATION"
    HIDDEN_TEXT = "HIDDEN_TEXT"
    # CLASSIFY
    WRONG_TYPE = "WRONG_TYPE"
    NOT_MEMORABLE = "NOT_MEMORABLE"
    TRANSCRIPT_NOT_MEMORY = "TRANSCRIPT_NOT_MEMORY"
    # PROVENANCE
    UNSUPPORTED = "UNSUPPORTED"
    UNKNOWN_SOURCE = "UNKNOWN_SOURCE"
    SPAN_NOT_IN_SOURCE = "SPAN_NOT_IN_SOURCE"
    HASH_MISMATCH = "HASH_MISMATCH"
    ROLE_MISMATCH = "ROLE_MISMATCH"
    SOURCE_REVOKED = "SOURCE_REVOKED"
    # GROUNDING
    UNGROUNDED = "UNGROUNDED"
    SPAN_CONTRADICTS = "SPAN_CONTRADICTS"
    NO_SPAN = "NO_SPAN"
    # SENSITIVITY_CONSENT
    SECRET = "SECRET"
    CONSENT_REQUIRED = "CONSENT_REQUIRED"
    PURPOSE_REQUIRED = "PURPOSE_REQUIRED"
    SENSITIVE_HIGH = "SENSITIVE_HIGH"
    # GATE
    USER_STATEMENT_REQUIRED = "USER_STATEMENT_REQUIRED"
    MODEL_INVENTED = "MODEL_INVENTED"
    SUBJECT_NOT_OWN = "SUBJECT_NOT_OWN"
    PROCEDURE_NOT_APPROVED_PATH = "PROCEDURE_NOT_APPROVED_PATH"
    TOOL_OUTPUT_NOT_AUTHORITATIVE = "TOOL_OUTPUT_NOT_AUTHORITATIVE"
    CAPABILITY_GRANT = "CAPABILITY_GRANT"
    INSTRUCTION_SHAPED = "INSTRUCTION_SHAPED"
    POISONING = "POISONING"
    LOWER_AUTHORITY = "LOWER_AUTHORITY"
    UNTRUSTED_SOURCE = "UNTRUSTED_SOURCE"
    #: a rule, a grant or a lesson in a language the gate's rules do not read (round 15):
    #: asked, never committed unread (graphmem/write/screened.py)
    UNSCREENED_LANGUAGE = "UNSCREENED_LANGUAGE"
    # INTENT (a segment close to a forbidden intent: ask, never commit)
    INTENT_NEAR_HIT = "INTENT_NEAR_HIT"
    # CONFLICT
    DUPLICATE = "DUPLICATE"
    SUPERSEDES = "SUPERSEDES"
    SUPERSEDES_UNKNOWN = "SUPERSEDES_UNKNOWN"
    #: a procedure version is immutable: other content under the same key@version is refused
    PROCEDURE_VERSION_EXISTS = "PROCEDURE_VERSION_EXISTS"
    CONFLICT_LOWER_AUTHORITY = "CONFLICT_LOWER_AUTHORITY"
    CONTRADICTS_HIGHER_AUTHORITY = "CONTRADICTS_HIGHER_AUTHORITY"
    CONFLICT_UNRESOLVED = "CONFLICT_UNRESOLVED"
    # VALIDATE
    EXPIRES_BEFORE_VALID = "EXPIRES_BEFORE_VALID"
    ALREADY_EXPIRED = "ALREADY_EXPIRED"
    # COMMIT
    COMMITTED = "COMMITTED"


STAGE: dict[Code, WriteStage] = {
    **dict.fromkeys((Code.OBFUSCATION, Code.HIDDEN_TEXT), WriteStage.NORMALIZE),
    **dict.fromkeys(
        (Code.WRONG_TYPE, Code.NOT_MEMORABLE, Code.TRANSCRIPT_NOT_MEMORY), WriteStage.CLASSIFY
    ),
    **dict.fromkeys(
        (
            Code.UNSUPPORTED,
            Code.UNKNOWN_SOURCE,
            Code.SPAN_NOT_IN_SOURCE,
            Code.HASH_MISMATCH,
            Code.ROLE_MISMATCH,
            Code.SOURCE_REVOKED,
        ),
        WriteStage.PROVENANCE,
    ),
    **dict.fromkeys((Code.UNGROUNDED, Code.SPAN_CONTRADICTS, Code.NO_SPAN), WriteStage.GROUNDING),
    **dict.fromkeys(
        (Code.SECRET, Code.CONSENT_REQUIRED, Code.PURPOSE_REQUIRED, Code.SENSITIVE_HIGH),
        WriteStage.SENSITIVITY_CONSENT,
    ),
    **dict.fromkeys(
        (
            Code.USER_STATEMENT_REQUIRED,
            Code.MODEL_INVENTED,
            Code.SUBJECT_NOT_OWN,
            Code.PROCEDURE_NOT_APPROVED_PATH,
            Code.TOOL_OUTPUT_NOT_AUTHORITATIVE,
            Code.CAPABILITY_GRANT,
            Code.INSTRUCTION_SHAPED,
            Code.POISONING,
            Code.LOWER_AUTHORITY,
            Code.UNTRUSTED_SOURCE,
            Code.UNSCREENED_LANGUAGE,
        ),
        WriteStage.GATE,
    ),
    Code.INTENT_NEAR_HIT: WriteStage.INTENT,
    **dict.fromkeys(
        (
            Code.DUPLICATE,
            Code.SUPERSEDES,
            Code.SUPERSEDES_UNKNOWN,
            Code.PROCEDURE_VERSION_EXISTS,
            Code.CONFLICT_LOWER_AUTHORITY,
            Code.CONTRADICTS_HIGHER_AUTHORITY,
            Code.CONFLICT_UNRESOLVED,
        ),
        WriteStage.CONFLICT,
    ),
    **dict.fromkeys((Code.EXPIRES_BEFORE_VALID, Code.ALREADY_EXPIRED), WriteStage.VALIDATE),
    Code.COMMITTED: WriteStage.COMMIT,
}


class Rule(StrEnum):
    """Which rule fired. Grouped by the code they back (see :data:`RULE_CODE`)."""

    # -- normalisation (OBFUSCATION / HIDDEN_TEXT)
    INVISIBLE_CHARS = "INVISIBLE_CHARS"
    TAG_CHARS = "TAG_CHARS"
    CONFUSABLES = "CONFUSABLES"
    COMPATIBILITY_FORMS = "COMPATIBILITY_FORMS"
    MARKUP = "MARKUP"
    BROKEN_WORDS = "BROKEN_WORDS"
    LEETSPEAK = "LEETSPEAK"
    ENCODED_BASE64 = "ENCODED_BASE64"
    ENCODED_HEX = "ENCODED_HEX"
    ENCODED_URL = "ENCODED_URL"
    #: ``\uXXXX`` / ``\xXX`` escapes, base32, quoted-printable, Morse (round 6)
    ENCODED_ESCAPES = "ENCODED_ESCAPES"
    ENCODED_BASE32 = "ENCODED_BASE32"
    ENCODED_QUOTED_PRINTABLE = "ENCODED_QUOTED_PRINTABLE"
    ENCODED_MORSE = "ENCODED_MORSE"
    #: classes of encodings (round 7, ``graphmem/write/decoders.py``): numeric character
    #: codes, other alphabets for Latin letters, letter rotations, UTF-7 and Ascii85, and
    #: combining marks stacked on letters (Zalgo)
    ENCODED_CHAR_CODES = "ENCODED_CHAR_CODES"
    ENCODED_ALPHABET = "ENCODED_ALPHABET"
    ENCODED_ROTATION = "ENCODED_ROTATION"
    ENCODED_UTF7 = "ENCODED_UTF7"
    ENCODED_ASCII85 = "ENCODED_ASCII85"
    STACKED_MARKS = "STACKED_MARKS"
    #: round 8 (``spelled.py``, ``scripts.py``, ``romanized.py``): letters spelled by the
    #: code words of a spelling alphabet or by initials, loose Hangul jamo, punycode,
    #: Korean/Japanese/Chinese in Latin letters or zhuyin, syllable-insertion games
    ENCODED_SPELLING = "ENCODED_SPELLING"
    ENCODED_ACROSTIC = "ENCODED_ACROSTIC"
    ENCODED_JAMO = "ENCODED_JAMO"
    ENCODED_PUNYCODE = "ENCODED_PUNYCODE"
    ENCODED_ROMANIZED = "ENCODED_ROMANIZED"
    ENCODED_WORD_GAME = "ENCODED_WORD_GAME"
    ENCODED_KATAKANA = "ENCODED_KATAKANA"
    #: round 9 (``keyboards.py``, ``phonetic.py``, ``channels.py``): text typed on another
    #: keyboard layout, native text read by its sound (homophones, Hanja, kana only), and a
    #: message in the pattern of spaces and tabs (refused as HIDDEN_TEXT)
    ENCODED_KEYBOARD = "ENCODED_KEYBOARD"
    ENCODED_PHONETIC = "ENCODED_PHONETIC"
    #: round 11 (``alphabets.py``, ``transcribed.py``): text written in an alphabet or a
    #: script its language does not use (runes, Ogham, Shavian, Deseret; Korean in kana or
    #: Cyrillic, man'yōgana), read back
    ENCODED_SCRIPT = "ENCODED_SCRIPT"
    WHITESPACE_CHANNEL = "WHITESPACE_CHANNEL"
    REVERSED_TEXT = "REVERSED_TEXT"
    # -- grounding (UNGROUNDED / SPAN_CONTRADICTS / NO_SPAN)
    VALUE_MISSING = "VALUE_MISSING"
    VALUE_MISMATCH = "VALUE_MISMATCH"
    POLARITY_MISMATCH = "POLARITY_MISMATCH"
    #: the span is about someone else, says rarely or sometimes, is in another unit, or
    #: restricts what the claim makes universal (``graphmem/write/qualifiers.py``)
    QUALIFIER_MISMATCH = "QUALIFIER_MISMATCH"
    NOT_SUPPORTED = "NOT_SUPPORTED"
    SPAN_ABSENT = "SPAN_ABSENT"
    TAINTED = "TAINTED"
    # -- secrets (SECRET)
    SECRET_API_KEY = "SECRET_API_KEY"
    SECRET_CLOUD_KEY = "SECRET_CLOUD_KEY"
    SECRET_JWT = "SECRET_JWT"
    SECRET_PRIVATE_KEY = "SECRET_PRIVATE_KEY"
    SECRET_PASSWORD = "SECRET_PASSWORD"
    SECRET_CONNECTION_STRING = "SECRET_CONNECTION_STRING"
    SECRET_TOKEN = "SECRET_TOKEN"
    SECRET_OTP = "SECRET_OTP"
    SECRET_PIN = "SECRET_PIN"
    SECRET_SEED_PHRASE = "SECRET_SEED_PHRASE"
    SECRET_HIGH_ENTROPY = "SECRET_HIGH_ENTROPY"
    # -- personal data (CONSENT_REQUIRED / PURPOSE_REQUIRED / SENSITIVE_HIGH)
    PII_EMAIL = "PII_EMAIL"
    PII_PHONE = "PII_PHONE"
    PII_CARD = "PII_CARD"
    PII_NATIONAL_ID = "PII_NATIONAL_ID"
    PII_IBAN = "PII_IBAN"
    PII_HEALTH = "PII_HEALTH"
    PII_ADDRESS = "PII_ADDRESS"
    PII_PASSPORT = "PII_PASSPORT"
    PII_DRIVERS_LICENCE = "PII_DRIVERS_LICENCE"
    PII_BANK_ACCOUNT = "PII_BANK_ACCOUNT"
    PII_SPECIAL_CATEGORY = "PII_SPECIAL_CATEGORY"
    PII_CRIMINAL = "PII_CRIMINAL"
    # consent decisions (the stage's verdict, with the finding rules above beside it)
    CONSENT_REQUIRED = "CONSENT_REQUIRED"
    PURPOSE_REQUIRED = "PURPOSE_REQUIRED"
    SENSITIVE_CONSENTED = "SENSITIVE_CONSENTED"
    SENSITIVITY_OK = "SENSITIVITY_OK"
    CONSENT_NOT_FROM_SUBJECT = "CONSENT_NOT_FROM_SUBJECT"
    #: round 8: the subject's statement holding the datum does not ask to keep it, takes it
    #: back ("just so you know", "don't save this"), or the purpose is not the user's
    CONSENT_NOT_STATED = "CONSENT_NOT_STATED"
    CONSENT_TAKEN_BACK = "CONSENT_TAKEN_BACK"
    PURPOSE_NOT_FROM_SUBJECT = "PURPOSE_NOT_FROM_SUBJECT"
    # -- instruction findings (POISONING; weights in poisoning.WEIGHTS)
    OVERRIDE_INSTRUCTIONS = "OVERRIDE_INSTRUCTIONS"
    ROLE_IMPERSONATION = "ROLE_IMPERSONATION"
    AGENT_DIRECTED = "AGENT_DIRECTED"
    #: a clause heading addressed to the AI reading the content (``write/addressee.py``)
    READER_ADDRESSED = "READER_ADDRESSED"
    TOOL_CALL_INJECTION = "TOOL_CALL_INJECTION"
    MEMORY_WRITE_REQUEST = "MEMORY_WRITE_REQUEST"
    PERSISTENT_DIRECTIVE = "PERSISTENT_DIRECTIVE"
    PREFERENCE_ASSERTION = "PREFERENCE_ASSERTION"
    EXFILTRATION = "EXFILTRATION"
    CREDENTIAL_CHANGE = "CREDENTIAL_CHANGE"
    RESPONSE_MANIPULATION = "RESPONSE_MANIPULATION"
    DIRECTIVE_MARKER = "DIRECTIVE_MARKER"
    SECRECY = "SECRECY"
    TRANSFER_TO_SINK = "TRANSFER_TO_SINK"
    ACTION_IMPERATIVE = "ACTION_IMPERATIVE"
    BULK_SCOPE = "BULK_SCOPE"
    URGENCY_LABEL = "URGENCY_LABEL"
    SENSITIVE_TARGET = "SENSITIVE_TARGET"
    DANGEROUS_COMMAND = "DANGEROUS_COMMAND"
    HIDDEN_PAYLOAD = "HIDDEN_PAYLOAD"
    #: a claim value absent from a cited source whose secrets were redacted (SECRET)
    LIFTED_SECRET = "LIFTED_SECRET"
    # -- authorization vocabulary (CAPABILITY_GRANT)
    AUTHZ_ROLE = "AUTHZ_ROLE"
    AUTHZ_PERMISSION = "AUTHZ_PERMISSION"
    AUTHZ_APPROVAL = "AUTHZ_APPROVAL"
    AUTHZ_LIMIT = "AUTHZ_LIMIT"
    AUTHZ_SECURITY_SETTING = "AUTHZ_SECURITY_SETTING"
    AUTHZ_EXEMPTION = "AUTHZ_EXEMPTION"
    #: someone else (a person, a bot, a webhook) made to act in the user's stead
    AUTHZ_DELEGATION = "AUTHZ_DELEGATION"
    # -- a procedure's release (PROCEDURE_NOT_APPROVED_PATH)
    #: the review cited for a procedure names another procedure or version
    REVIEW_OF_ANOTHER_RELEASE = "REVIEW_OF_ANOTHER_RELEASE"
    #: the cited review withholds, conditions or leaves out part of its approval (round 12)
    REVIEW_WITHHELD = "REVIEW_WITHHELD"
    # -- instruction shape (INSTRUCTION_SHAPED)
    SHELL_COMMAND = "SHELL_COMMAND"
    STANDING_RULE = "STANDING_RULE"
    IMPERATIVE_STEPS = "IMPERATIVE_STEPS"
    # -- intent near-hits (INTENT_NEAR_HIT; graphmem/write/intents.py)
    INTENT_GRANT = "INTENT_GRANT"
    INTENT_COMMAND = "INTENT_COMMAND"
    INTENT_RULE = "INTENT_RULE"
    INTENT_SECRET = "INTENT_SECRET"
    INTENT_SPECIAL = "INTENT_SPECIAL"
    INTENT_INJECT = "INTENT_INJECT"
    #: the learned second opinion (``graphmem/write/learned.py``) scores the proposal as an attack
    INTENT_LEARNED = "INTENT_LEARNED"
    # -- opaque text (round 10, ``graphmem/write/opaque.py``): neither prose nor data
    #: opaque text from an untrusted source beside a destination, or most of what it says
    OPAQUE_PAYLOAD = "OPAQUE_PAYLOAD"
    #: opaque text from an untrusted source (weak on its own)
    OPAQUE_TEXT = "OPAQUE_TEXT"
    #: a run of words in styled, framed or look-alike letters (round 17, ``disguise.py``;
    #: weak on its own)
    DISGUISED_LETTERS = "DISGUISED_LETTERS"
    #: a field the agent writes itself (predicate, namespace, purposes) read as the agent's
    #: own text, whatever source the claim cites
    AGENT_FIELD = "AGENT_FIELD"
    # -- languages the gate does not read (round 15, ``graphmem/write/screened.py``)
    #: untrusted text in such a language that names the AI or points to a destination
    UNSCREENED_PAYLOAD = "UNSCREENED_PAYLOAD"
    #: a rule or a grant for the agent, or an episode's lesson, in such a language
    UNSCREENED_RULE = "UNSCREENED_RULE"


_NORMALIZE_RULES = (
    Rule.INVISIBLE_CHARS,
    Rule.CONFUSABLES,
    Rule.COMPATIBILITY_FORMS,
    Rule.MARKUP,
    Rule.BROKEN_WORDS,
    Rule.LEETSPEAK,
    Rule.ENCODED_BASE64,
    Rule.ENCODED_HEX,
    Rule.ENCODED_URL,
    Rule.ENCODED_ESCAPES,
    Rule.ENCODED_BASE32,
    Rule.ENCODED_QUOTED_PRINTABLE,
    Rule.ENCODED_MORSE,
    Rule.ENCODED_CHAR_CODES,
    Rule.ENCODED_ALPHABET,
    Rule.ENCODED_ROTATION,
    Rule.ENCODED_UTF7,
    Rule.ENCODED_ASCII85,
    Rule.STACKED_MARKS,
    Rule.ENCODED_SPELLING,
    Rule.ENCODED_ACROSTIC,
    Rule.ENCODED_JAMO,
    Rule.ENCODED_PUNYCODE,
    Rule.ENCODED_ROMANIZED,
    Rule.ENCODED_WORD_GAME,
    Rule.ENCODED_KATAKANA,
    Rule.ENCODED_KEYBOARD,
    Rule.ENCODED_PHONETIC,
    Rule.ENCODED_SCRIPT,
    Rule.REVERSED_TEXT,
)

#: the code each rule backs on a receipt (a rule may back more than one; this is its home)
#: the categories GDPR art. 9 and 10 protect: only an explicit request keeps them, and only
#: the person they are about can give it
SPECIAL_CATEGORIES: frozenset[Rule] = frozenset(
    {Rule.PII_HEALTH, Rule.PII_SPECIAL_CATEGORY, Rule.PII_CRIMINAL}
)

RULE_CODE: dict[Rule, Code] = {
    **dict.fromkeys(_NORMALIZE_RULES, Code.OBFUSCATION),
    Rule.TAG_CHARS: Code.HIDDEN_TEXT,
    Rule.WHITESPACE_CHANNEL: Code.HIDDEN_TEXT,
    **dict.fromkeys((Rule.VALUE_MISSING, Rule.NOT_SUPPORTED, Rule.TAINTED), Code.UNGROUNDED),
    **dict.fromkeys(
        (Rule.VALUE_MISMATCH, Rule.POLARITY_MISMATCH, Rule.QUALIFIER_MISMATCH),
        Code.SPAN_CONTRADICTS,
    ),
    Rule.SPAN_ABSENT: Code.NO_SPAN,
    **{r: Code.SECRET for r in Rule if r.name.startswith("SECRET_")},
    Rule.LIFTED_SECRET: Code.SECRET,
    Rule.REVIEW_OF_ANOTHER_RELEASE: Code.PROCEDURE_NOT_APPROVED_PATH,
    Rule.REVIEW_WITHHELD: Code.UNSUPPORTED,
    **{r: Code.SENSITIVE_HIGH for r in Rule if r.name.startswith("PII_")},
    Rule.CONSENT_REQUIRED: Code.CONSENT_REQUIRED,
    Rule.CONSENT_NOT_FROM_SUBJECT: Code.CONSENT_REQUIRED,
    Rule.CONSENT_NOT_STATED: Code.CONSENT_REQUIRED,
    Rule.CONSENT_TAKEN_BACK: Code.CONSENT_REQUIRED,
    Rule.PURPOSE_NOT_FROM_SUBJECT: Code.PURPOSE_REQUIRED,
    Rule.PURPOSE_REQUIRED: Code.PURPOSE_REQUIRED,
    Rule.SENSITIVE_CONSENTED: Code.SENSITIVE_HIGH,
    Rule.SENSITIVITY_OK: Code.SENSITIVE_HIGH,
    **{
        r: Code.POISONING
        for r in (
            Rule.OVERRIDE_INSTRUCTIONS,
            Rule.ROLE_IMPERSONATION,
            Rule.AGENT_DIRECTED,
            Rule.READER_ADDRESSED,
            Rule.TOOL_CALL_INJECTION,
            Rule.MEMORY_WRITE_REQUEST,
            Rule.PERSISTENT_DIRECTIVE,
            Rule.PREFERENCE_ASSERTION,
            Rule.EXFILTRATION,
            Rule.CREDENTIAL_CHANGE,
            Rule.RESPONSE_MANIPULATION,
            Rule.DIRECTIVE_MARKER,
            Rule.SECRECY,
            Rule.TRANSFER_TO_SINK,
            Rule.ACTION_IMPERATIVE,
            Rule.BULK_SCOPE,
            Rule.URGENCY_LABEL,
            Rule.SENSITIVE_TARGET,
            Rule.DANGEROUS_COMMAND,
            Rule.HIDDEN_PAYLOAD,
        )
    },
    **{r: Code.CAPABILITY_GRANT for r in Rule if r.name.startswith("AUTHZ_")},
    **{r: Code.INTENT_NEAR_HIT for r in Rule if r.name.startswith("INTENT_")},
    **dict.fromkeys(
        (Rule.SHELL_COMMAND, Rule.STANDING_RULE, Rule.IMPERATIVE_STEPS), Code.INSTRUCTION_SHAPED
    ),
    **dict.fromkeys(
        (
            Rule.OPAQUE_PAYLOAD,
            Rule.OPAQUE_TEXT,
            Rule.DISGUISED_LETTERS,
            Rule.AGENT_FIELD,
            Rule.UNSCREENED_PAYLOAD,
        ),
        Code.POISONING,
    ),
    Rule.UNSCREENED_RULE: Code.UNSCREENED_LANGUAGE,
}

__all__ = ["RULE_CODE", "SPECIAL_CATEGORIES", "STAGE", "Code", "Rule"]

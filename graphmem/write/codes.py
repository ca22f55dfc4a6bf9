"""Every reason code the write path can put on a receipt, with its stage.

Codes are a contract: receipts, tests and dashboards key on them. Add codes freely; never
rename one.
"""

from __future__ import annotations

from enum import StrEnum

from graphmem.models.enums import WriteStage


class Code(StrEnum):
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
    POISONING = "POISONING"
    LOWER_AUTHORITY = "LOWER_AUTHORITY"
    UNTRUSTED_SOURCE = "UNTRUSTED_SOURCE"
    # CONFLICT
    DUPLICATE = "DUPLICATE"
    SUPERSEDES = "SUPERSEDES"
    SUPERSEDES_UNKNOWN = "SUPERSEDES_UNKNOWN"
    CONFLICT_LOWER_AUTHORITY = "CONFLICT_LOWER_AUTHORITY"
    CONTRADICTS_HIGHER_AUTHORITY = "CONTRADICTS_HIGHER_AUTHORITY"
    CONFLICT_UNRESOLVED = "CONFLICT_UNRESOLVED"
    # VALIDATE
    EXPIRES_BEFORE_VALID = "EXPIRES_BEFORE_VALID"
    ALREADY_EXPIRED = "ALREADY_EXPIRED"
    # COMMIT
    COMMITTED = "COMMITTED"


STAGE: dict[Code, WriteStage] = {
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
            Code.POISONING,
            Code.LOWER_AUTHORITY,
            Code.UNTRUSTED_SOURCE,
        ),
        WriteStage.GATE,
    ),
    **dict.fromkeys(
        (
            Code.DUPLICATE,
            Code.SUPERSEDES,
            Code.SUPERSEDES_UNKNOWN,
            Code.CONFLICT_LOWER_AUTHORITY,
            Code.CONTRADICTS_HIGHER_AUTHORITY,
            Code.CONFLICT_UNRESOLVED,
        ),
        WriteStage.CONFLICT,
    ),
    **dict.fromkeys((Code.EXPIRES_BEFORE_VALID, Code.ALREADY_EXPIRED), WriteStage.VALIDATE),
    Code.COMMITTED: WriteStage.COMMIT,
}

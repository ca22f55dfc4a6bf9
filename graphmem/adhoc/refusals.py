"""Why an ad-hoc query is refused: one stable rule code per construct, and the one error shape.

Every refusal is a ``ValidationError([FieldIssue("query", rule, message)])`` (HTTP 422) whose
message names the construct and where it starts (``line L, column C``), so an admin can tell a
syntax slip from a construct outside the subset.
"""

from __future__ import annotations

import re
from typing import NoReturn

from graphmem.errors import FieldIssue, ValidationError

FIELD = "query"

# -- the text itself ----------------------------------------------------------------------
SYNTAX = "syntax"
TOO_LONG = "too_long"
TOO_MANY_TOKENS = "too_many_tokens"
TOO_DEEP = "too_deep"
MULTIPLE_STATEMENTS = "multiple_statements"
IDENTIFIER = "identifier"
RESERVED_IDENTIFIER = "reserved_identifier"
STRING = "string"
NUMBER = "number"
# -- clauses ------------------------------------------------------------------------------
WRITE_CLAUSE = "write_clause"
PROCEDURE = "procedure"
SUBQUERY = "subquery"
UNSUPPORTED_CLAUSE = "unsupported_clause"
QUERY_OPTIONS = "query_options"
MISSING_RETURN = "missing_return"
ALIAS_REQUIRED = "alias_required"
STAR_WITHOUT_VARIABLES = "star_without_variables"
UNION_MIXED = "union_mixed"
LIMIT_VALUE = "limit_value"
# -- patterns -----------------------------------------------------------------------------
SHORTEST_PATH = "shortest_path"
UNBOUNDED_PATH = "unbounded_path"
PATH_TOO_LONG = "path_too_long"
QUANTIFIED_PATH = "quantified_path"
DYNAMIC_LABEL = "dynamic_label"
LABEL_EXPRESSION = "label_expression"
INLINE_WHERE = "inline_where"
PATTERN_PROPERTY = "pattern_property"
PATTERN_PREDICATE = "pattern_predicate"
# -- expressions --------------------------------------------------------------------------
UNKNOWN_FUNCTION = "unknown_function"
FUNCTION_ARGUMENTS = "function_arguments"
REGEX = "regex"
PARAMETER = "parameter"
# -- the engine ---------------------------------------------------------------------------
ENGINE_REJECTED = "engine_rejected"


def position(text: str, offset: int) -> str:
    """``line L, column C`` (both from 1) of a character offset."""
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def refuse(rule: str, message: str, text: str | None = None, offset: int | None = None) -> NoReturn:
    where = f"{position(text, offset)}: " if text is not None and offset is not None else ""
    raise ValidationError([FieldIssue(FIELD, rule, where + message)])


_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")


def engine_rejected(message: str) -> NoReturn:
    """The engine refused the bound query while running it (a type error, division by zero,
    a construct the engine lacks): a 422 with the engine's message, its quoted values cut
    (the binding already keeps other tenants' values out of the caller's expressions; this
    keeps them out of messages should an engine evaluate in an order the binding did not
    foresee)."""
    refuse(ENGINE_REJECTED, "the engine refused the query: " + _QUOTED.sub("'…'", message))

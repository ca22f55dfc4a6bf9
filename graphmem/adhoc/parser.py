"""Tokens → syntax tree, for the read-only subset only; everything else is refused by name.

A recursive-descent parser with one token of look-ahead, except where Cypher needs more: a
``(`` or ``[`` that opens a pattern is told from a parenthesised expression or a list by
looking past its matching bracket (brackets are matched once, up front), so every token is
looked at a bounded number of times and parsing is linear in the text. Nesting is bounded
(``max_depth``) while parsing, and the finished tree's depth again (``max_tree_depth``), so
neither this parser nor the rewriter and emitter that walk the tree can exhaust the stack.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import fields, is_dataclass
from typing import Any, NoReturn
from typing import Literal as Choice

from graphmem.adhoc import refusals as r
from graphmem.adhoc import syntax as s
from graphmem.adhoc.functions import lookup
from graphmem.adhoc.lexer import INT_MAX, Kind, Token

TENANT_PROPERTY = "tenant_id"
Direction = Choice["out", "in", "both"]

#: prefix of the rewriter's own variables; a query may not use it
SYNTHETIC_PREFIX = "_gm"

# fmt: off
WRITE_CLAUSES = frozenset((
    "CREATE", "MERGE", "SET", "DELETE", "DETACH", "NODETACH", "REMOVE", "FOREACH", "INSERT",
    "LOAD"
))
ADMIN_COMMANDS = frozenset((
    "USE", "SHOW", "DROP", "ALTER", "GRANT", "DENY", "REVOKE", "START", "STOP", "TERMINATE",
    "ENABLE", "DEALLOCATE", "REALLOCATE", "RENAME", "DRYRUN"
))
#: words never read as a variable (clause words, and those that join or open expressions);
#: other keywords (``ends``, ``desc``, ``all``, ``count``) may name things
KEYWORDS = frozenset((
    "MATCH", "OPTIONAL", "WHERE", "WITH", "RETURN", "UNWIND", "UNION", "ORDER", "SKIP", "LIMIT",
    "CALL", "YIELD", "AND", "OR", "XOR", "NOT", "IN", "IS", "AS", "CASE", "WHEN", "THEN",
    "ELSE", "END", "NULL", "TRUE", "FALSE"
)) | WRITE_CLAUSES | ADMIN_COMMANDS
# fmt: on
_COMPARISONS = ("=", "<>", "!=", "<", ">", "<=", ">=")
_BOOLEAN = frozenset(("AND", "OR", "XOR"))


def _describe(tok: Token) -> str:
    if tok.kind is Kind.END:
        return "the end of the query"
    if tok.kind is Kind.STRING:
        return "a string"
    if tok.kind is Kind.PARAMETER:
        return f"${tok.value}"
    return repr(tok.text)


class Parser:
    def __init__(self, text: str, tokens: list[Token], *, max_depth: int, max_hops: int) -> None:
        self.text = text
        self.toks = tokens
        self.i = 0
        self.depth = 0
        self.max_depth = max_depth
        self.max_hops = max_hops
        self.params: set[str] = set()
        self.match = self._match_brackets()

    # -- infrastructure -----------------------------------------------------------------------
    def _match_brackets(self) -> dict[int, int]:
        pairs = {"(": ")", "[": "]", "{": "}"}
        stack: list[int] = []
        match: dict[int, int] = {}
        for i, tok in enumerate(self.toks):
            if tok.kind is not Kind.SYMBOL:
                continue
            if tok.value in pairs:
                stack.append(i)
            elif tok.value in (")", "]", "}"):
                if not stack or pairs[str(self.toks[stack[-1]].value)] != tok.value:
                    self.fail(f"{tok.value!r} closes nothing that is open", tok)
                match[stack.pop()] = i
        if stack:
            open_tok = self.toks[stack[-1]]
            self.fail(f"{open_tok.value!r} is never closed", open_tok)
        return match

    def fail(self, message: str, tok: Token | None = None, rule: str = r.SYNTAX) -> NoReturn:
        tok = tok or self.peek()
        r.refuse(rule, message, self.text, tok.start)

    def expected(self, what: str) -> NoReturn:
        self.fail(f"expected {what}, found {_describe(self.peek())}")

    def peek(self, k: int = 0) -> Token:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def advance(self) -> Token:
        tok = self.toks[self.i]
        if tok.kind is not Kind.END:
            self.i += 1
        return tok

    def at_name(self, *words: str, k: int = 0) -> bool:
        return self.peek(k).is_name(*words)

    def at(self, *symbols: str, k: int = 0) -> bool:
        return self.peek(k).is_symbol(*symbols)

    def accept(self, symbol: str) -> bool:
        if self.at(symbol):
            self.i += 1
            return True
        return False

    def accept_name(self, word: str) -> bool:
        if self.at_name(word):
            self.i += 1
            return True
        return False

    def expect(self, symbol: str) -> Token:
        if not self.at(symbol):
            self.expected(repr(symbol))
        return self.advance()

    def expect_name(self, word: str) -> Token:
        if not self.at_name(word):
            self.expected(word)
        return self.advance()

    @contextmanager
    def nested(self) -> Iterator[None]:
        self.depth += 1
        if self.depth > self.max_depth:
            self.fail(f"the query nests deeper than {self.max_depth} levels", rule=r.TOO_DEEP)
        try:
            yield
        finally:
            self.depth -= 1

    def is_identifier(self, k: int = 0) -> bool:
        tok = self.peek(k)
        return tok.kind is Kind.QUOTED or (
            tok.kind is Kind.NAME and str(tok.value).upper() not in KEYWORDS
        )

    def variable(self) -> str:
        if not self.is_identifier():
            self.expected("a variable name")
        tok = self.advance()
        if tok.text.lower().startswith(SYNTHETIC_PREFIX):
            self.fail(
                f"names starting with {SYNTHETIC_PREFIX} are reserved for the tenant binding",
                tok,
                r.RESERVED_IDENTIFIER,
            )
        return tok.text

    def parameter(self) -> s.Parameter:
        tok = self.advance()
        if tok.text.lower().startswith(SYNTHETIC_PREFIX):
            self.fail(
                f"parameters starting with {SYNTHETIC_PREFIX} are reserved for the binding",
                tok,
                r.RESERVED_IDENTIFIER,
            )
        self.params.add(tok.text)
        return s.Parameter(tok.text)

    def schema_name(self, what: str) -> str:
        """A label, relationship type, property key or map key: any name, keywords included."""
        tok = self.peek()
        if tok.kind not in (Kind.NAME, Kind.QUOTED):
            if tok.kind is Kind.PARAMETER or tok.is_symbol("$"):
                self.fail(
                    f"a dynamic {what} ($…) cannot be checked before it runs",
                    tok,
                    r.DYNAMIC_LABEL,
                )
            self.expected(f"a {what}")
        return self.advance().text

    # -- query structure ----------------------------------------------------------------------
    def query(self) -> s.Query:
        if self.at_name("EXPLAIN", "PROFILE", "CYPHER"):
            self.fail(
                f"{self.peek().text.upper()} (query options and plans) is not available ad hoc",
                rule=r.QUERY_OPTIONS,
            )
        parts = [self.single_query()]
        union_all: bool | None = None
        while self.at_name("UNION"):
            tok = self.advance()
            is_all = self.accept_name("ALL")
            if union_all is not None and union_all != is_all:
                self.fail("UNION and UNION ALL cannot be mixed", tok, r.UNION_MIXED)
            union_all = is_all
            parts.append(self.single_query())
        if self.accept(";") and self.peek().kind is not Kind.END:
            self.fail("one statement per query", rule=r.MULTIPLE_STATEMENTS)
        if self.peek().kind is not Kind.END:
            self.fail(
                f"RETURN must be the last clause (then UNION), found {_describe(self.peek())}"
            )
        return s.Query(tuple(parts), bool(union_all))

    def single_query(self) -> s.SingleQuery:
        clauses: list[s.Clause] = []
        while True:
            if self.at_name("MATCH"):
                clauses.append(self.match_clause(optional=False))
            elif self.at_name("OPTIONAL") and self.at_name("MATCH", k=1):
                self.advance()
                clauses.append(self.match_clause(optional=True))
            elif self.at_name("UNWIND"):
                clauses.append(self.unwind_clause())
            elif self.at_name("WITH"):
                clauses.append(self.with_clause())
            elif self.at_name("RETURN"):
                self.advance()
                clauses.append(s.Return(self.projection(with_clause=False)))
                return s.SingleQuery(tuple(clauses))
            else:
                self.refuse_clause()

    def refuse_clause(self) -> NoReturn:
        tok = self.peek()
        word = tok.text.upper() if tok.kind is Kind.NAME else ""
        if word == "OPTIONAL":
            tok = self.peek(1)
            word = tok.text.upper() if tok.kind is Kind.NAME else ""
        if word in WRITE_CLAUSES:
            name = "LOAD CSV" if word == "LOAD" else word
            self.fail(f"{name} is a write clause; ad-hoc queries only read", tok, r.WRITE_CLAUSE)
        if word == "CALL":
            if self.at("{", k=1) or self.at("(", k=1):
                self.fail("CALL { … } subqueries are not supported", tok, r.SUBQUERY)
            self.fail("procedure calls (CALL …) are not allowed ad hoc", tok, r.PROCEDURE)
        if word in ADMIN_COMMANDS:
            self.fail(f"{word} is not a query clause", tok, r.UNSUPPORTED_CLAUSE)
        if word in ("EXPLAIN", "PROFILE", "CYPHER"):
            self.fail(f"{word} must come first, and is not available ad hoc", tok, r.QUERY_OPTIONS)
        if tok.kind is Kind.END or word == "UNION" or tok.is_symbol(";"):
            self.fail("a query ends with RETURN", tok, r.MISSING_RETURN)
        if tok.kind is Kind.NAME:
            self.fail(
                f"{tok.text} is not a clause of the ad-hoc subset "
                "(MATCH, OPTIONAL MATCH, WITH, UNWIND, RETURN, UNION)",
                tok,
                r.UNSUPPORTED_CLAUSE,
            )
        self.expected("a clause (MATCH, OPTIONAL MATCH, WITH, UNWIND or RETURN)")

    def match_clause(self, *, optional: bool) -> s.Match:
        self.advance()  # MATCH
        if self.at_name("REPEATABLE", "DIFFERENT"):
            self.fail("match modes are not supported", rule=r.UNSUPPORTED_CLAUSE)
        parts = [self.pattern_part()]
        while self.accept(","):
            parts.append(self.pattern_part())
        where = self.expression() if self.accept_name("WHERE") else None
        return s.Match(optional, tuple(parts), where)

    def unwind_clause(self) -> s.Unwind:
        self.advance()
        expression = self.expression()
        self.expect_name("AS")
        return s.Unwind(expression, self.variable())

    def with_clause(self) -> s.With:
        self.advance()
        projection = self.projection(with_clause=True)
        where = self.expression() if self.accept_name("WHERE") else None
        return s.With(projection, where)

    def projection(self, *, with_clause: bool) -> s.Projection:
        distinct = self.accept_name("DISTINCT")
        star = self.accept("*")
        items: list[s.ReturnItem] = []
        if not star or self.accept(","):
            items.append(self.projection_item(with_clause))
            while self.accept(","):
                items.append(self.projection_item(with_clause))
        order: list[s.SortItem] = []
        if self.at_name("ORDER"):
            self.advance()
            self.expect_name("BY")
            while True:
                expression = self.expression()
                descending = False
                if self.at_name("DESC", "DESCENDING"):
                    self.advance()
                    descending = True
                elif self.at_name("ASC", "ASCENDING"):
                    self.advance()
                order.append(s.SortItem(expression, descending))
                if not self.accept(","):
                    break
        skip = self.limit_value() if self.accept_name("SKIP") else None
        limit = self.limit_value() if self.accept_name("LIMIT") else None
        if self.at_name("OFFSET"):
            self.fail("write SKIP instead of OFFSET", rule=r.UNSUPPORTED_CLAUSE)
        return s.Projection(distinct, star, tuple(items), tuple(order), skip, limit)

    def projection_item(self, with_clause: bool) -> s.ReturnItem:
        first = self.peek()
        expression = self.expression()
        last = self.toks[self.i - 1]
        if self.accept_name("AS"):
            return s.ReturnItem(expression, self.variable())
        if isinstance(expression, s.Variable):
            return s.ReturnItem(expression, None)
        if with_clause:
            self.fail("an expression in WITH needs a name (… AS name)", first, r.ALIAS_REQUIRED)
        # an unnamed column is named by its text, as both engines do (whitespace collapsed)
        raw = self.text[first.start : last.end]
        name = " ".join("".join(c for c in raw if c != "`" and ord(c) >= 32).split())
        return s.ReturnItem(expression, name or "expression")

    def limit_value(self) -> s.Expr:
        tok = self.peek()
        value: s.Expr | None = None
        if tok.kind is Kind.INTEGER and int(tok.value) <= INT_MAX:
            self.advance()
            value = s.Literal(int(tok.value))
        elif tok.kind is Kind.PARAMETER:
            value = self.parameter()
        if value is not None and not self.at("+", "-", "*", "/", "%", "^", ".", "["):
            return value
        self.fail("SKIP and LIMIT take a whole number or a $parameter", tok, r.LIMIT_VALUE)

    # -- patterns -------------------------------------------------------------------------------
    def pattern_part(self) -> s.PatternPart:
        path = None
        if self.is_identifier() and self.at("=", k=1):
            path = self.variable()
            self.advance()
        tok = self.peek()
        if tok.is_name("SHORTESTPATH", "ALLSHORTESTPATHS", "SHORTEST", "ANY", "ALL"):
            self.fail(f"{tok.text} (shortest paths) is not supported", tok, r.SHORTEST_PATH)
        nodes, relationships = self.pattern_element()
        return s.PatternPart(path, nodes, relationships)

    def pattern_element(
        self,
    ) -> tuple[tuple[s.NodePattern, ...], tuple[s.RelationshipPattern, ...]]:
        with self.nested():
            if self.at("(") and self.at("(", k=1):
                self.fail(
                    "parenthesised (quantified) path patterns are not supported",
                    rule=r.QUANTIFIED_PATH,
                )
            nodes = [self.node_pattern()]
            relationships: list[s.RelationshipPattern] = []
            while self.at_relationship():
                relationships.append(self.relationship_pattern())
                nodes.append(self.node_pattern())
            return tuple(nodes), tuple(relationships)

    def at_relationship(self, k: int = 0) -> bool:
        if self.at("-", k=k):
            return self.at("[", k=k + 1) or (self.at("-", k=k + 1) and self.at("(", ">", k=k + 2))
        return self.at("<", k=k) and self.at("-", k=k + 1) and self.at("[", "-", k=k + 2)

    def node_pattern(self) -> s.NodePattern:
        self.expect("(")
        variable = self.variable() if self.is_identifier() else None
        labels = self.labels()
        if self.at_name("IS"):
            self.fail(
                "IS label expressions are not supported; write (n:Label)", rule=r.LABEL_EXPRESSION
            )
        properties = self.pattern_properties()
        self.refuse_inline_where()
        self.expect(")")
        return s.NodePattern(variable, labels, properties)

    def refuse_inline_where(self) -> None:
        if self.at_name("WHERE"):
            self.fail(
                "WHERE inside a pattern is not supported; use the clause's WHERE",
                rule=r.INLINE_WHERE,
            )

    def refuse_label_expression(self, what: str) -> None:
        if self.at("!", "(", "%", "&"):
            self.fail(
                f"{what} expressions (!, %, &, grouping) are not supported",
                rule=r.LABEL_EXPRESSION,
            )

    def labels(self) -> tuple[str, ...]:
        labels: list[str] = []
        while self.accept(":"):
            self.refuse_label_expression("label")
            labels.append(self.schema_name("label"))
            if self.at("|", "&"):
                self.fail(
                    "label alternatives (:A|B, :A&B) on nodes are not supported",
                    rule=r.LABEL_EXPRESSION,
                )
        return tuple(labels)

    def pattern_properties(self) -> s.MapLiteral | None:
        if self.peek().kind is Kind.PARAMETER:
            self.fail(
                "a pattern's property map must be written out ({key: value})",
                rule=r.PATTERN_PROPERTY,
            )
        if not self.at("{"):
            return None
        tok = self.peek()
        properties = self.map_literal()
        for key, value in properties.items:
            if not s.is_plain_value(value):
                self.fail(
                    f"the pattern property {key!r} must be a literal, a $parameter or a "
                    "property (n.key); move a computed value to WHERE",
                    tok,
                    r.PATTERN_PROPERTY,
                )
        return properties

    def relationship_pattern(self) -> s.RelationshipPattern:
        left = self.accept("<")
        self.expect("-")
        variable: str | None = None
        types: list[str] = []
        length: tuple[int, int] | None = None
        properties: s.MapLiteral | None = None
        if self.accept("["):
            variable = self.variable() if self.is_identifier() else None
            if self.accept(":"):
                self.refuse_label_expression("type")
                types.append(self.schema_name("relationship type"))
                while self.accept("|"):
                    self.accept(":")
                    types.append(self.schema_name("relationship type"))
                if self.at("&"):
                    self.fail("type conjunctions (:A&B) are not supported", rule=r.LABEL_EXPRESSION)
            if self.at("*"):
                length = self.hops()
            properties = self.pattern_properties()
            self.refuse_inline_where()
            self.expect("]")
        self.expect("-")
        right = self.accept(">")
        if self.at("{", "+", "*"):
            self.fail(
                "quantified relationships ({m,n}, +, *) are not supported; write -[*m..n]-",
                rule=r.QUANTIFIED_PATH,
            )
        direction: Direction = (
            "in" if left and not right else "out" if right and not left else "both"
        )
        return s.RelationshipPattern(variable, tuple(types), direction, length, properties)

    def hops(self) -> tuple[int, int]:
        star = self.advance()
        low, high = 1, None
        if self._at_int():
            low = high = int(self.advance().value)
            if self.accept(".."):
                high = int(self.advance().value) if self._at_int() else None
        elif self.accept(".."):
            high = int(self.advance().value) if self._at_int() else None
        if high is None:
            self.fail(
                f"a variable-length relationship needs an upper bound (*1..N, N ≤ {self.max_hops})",
                star,
                r.UNBOUNDED_PATH,
            )
        if high > self.max_hops:
            self.fail(f"*{low}..{high} is longer than {self.max_hops} hops", star, r.PATH_TOO_LONG)
        if low > high:
            self.fail(f"*{low}..{high}: the lower bound is above the upper bound", star)
        return low, high

    def _at_int(self) -> bool:
        return self.peek().kind is Kind.INTEGER

    def looks_like_pattern(self, k: int) -> bool:
        """Does the ``(`` at ``k`` tokens ahead open a pattern with a relationship?"""
        j = self.i + k
        toks = self.toks
        if not toks[j].is_symbol("("):
            return False
        close = self.match.get(j)
        j += 1
        if toks[j].kind in (Kind.NAME, Kind.QUOTED) and not toks[j].is_name(*KEYWORDS):
            j += 1
        while toks[j].is_symbol(":") and toks[j + 1].kind in (Kind.NAME, Kind.QUOTED):
            j += 2
        if toks[j].is_symbol("{"):
            j = self.match.get(j, j) + 1
        if j != close:
            return False
        return self.at_relationship(j + 1 - self.i)

    # -- expressions ----------------------------------------------------------------------------
    def expression(self) -> s.Expr:
        with self.nested():
            return self.chain(("OR",), self.xor_expression)

    def xor_expression(self) -> s.Expr:
        return self.chain(("XOR",), self.and_expression)

    def and_expression(self) -> s.Expr:
        return self.chain(("AND",), self.not_expression)

    def chain(self, ops: tuple[str, ...], operand: Any) -> s.Expr:
        """``operand (op operand)*`` for keyword (AND) or symbol (+) operators, kept flat."""
        first = operand()
        rest: list[tuple[str, s.Expr]] = []
        while self.at_name(*ops) or self.at(*ops):
            op = self.advance().text.upper()
            rest.append((op, operand()))
        return s.Chain(first, tuple(rest)) if rest else first

    def not_expression(self) -> s.Expr:
        if self.at_name("NOT"):
            self.advance()
            with self.nested():
                return s.Unary("NOT", self.not_expression())
        return self.comparison()

    def comparison(self) -> s.Expr:
        left = self.predicate_expression()
        pairs: list[s.Expr] = []
        while self.at(*_COMPARISONS):
            op = str(self.advance().value)
            right = self.predicate_expression()
            pairs.append(s.Chain(left, (("<>" if op == "!=" else op, right),)))
            left = right
        if self.at("=~"):
            self.fail(
                "regular expressions (=~) are not supported (FalkorDB has none)", rule=r.REGEX
            )
        if not pairs:
            return left
        # a < b < c means a < b AND b < c (openCypher)
        return (
            pairs[0] if len(pairs) == 1 else s.Chain(pairs[0], tuple(("AND", p) for p in pairs[1:]))
        )

    def predicate_expression(self) -> s.Expr:
        left = self.additive()
        while True:
            if self.at_name("IS"):
                self.advance()
                negated = self.accept_name("NOT")
                if not self.at_name("NULL"):
                    self.expected("NULL (only IS NULL and IS NOT NULL are supported)")
                self.advance()
                left = s.Predicate("IS NOT NULL" if negated else "IS NULL", left)
            elif self.at_name("IN"):
                self.advance()
                left = s.Predicate("IN", left, self.additive())
            elif self.at_name("STARTS", "ENDS"):
                op = self.advance().text.upper()
                self.expect_name("WITH")
                left = s.Predicate(f"{op} WITH", left, self.additive())
            elif self.at_name("CONTAINS"):
                self.advance()
                left = s.Predicate("CONTAINS", left, self.additive())
            elif self.at("=~"):
                self.fail(
                    "regular expressions (=~) are not supported (FalkorDB has none)", rule=r.REGEX
                )
            else:
                return left

    def additive(self) -> s.Expr:
        return self.chain(("+", "-"), self.multiplicative)

    def multiplicative(self) -> s.Expr:
        return self.chain(("*", "/", "%"), self.power)

    def power(self) -> s.Expr:
        return self.chain(("^",), self.unary)

    def unary(self) -> s.Expr:
        if self.at("-", "+"):
            op = str(self.advance().value)
            tok = self.peek()
            if op == "-" and tok.kind in (Kind.INTEGER, Kind.FLOAT) and not self.at(".", "[", k=1):
                self.advance()
                return s.Literal(-tok.value)  # type: ignore[operator]
            with self.nested():
                return s.Unary("-" if op == "-" else "+", self.unary())
        return self.postfix()

    def postfix(self) -> s.Expr:
        expression = self.atom()
        while True:
            if self.at(".") and self.peek(1).kind in (Kind.NAME, Kind.QUOTED):
                self.advance()
                key_tok = self.peek()
                key = self.schema_name("property key")
                if self.at("("):
                    dotted = _dotted(expression)
                    name = f"{dotted}.{key}" if dotted else key
                    self.fail(f"{name}() is not an allowed function", key_tok, r.UNKNOWN_FUNCTION)
                expression = s.Property(expression, key)
            elif self.at("["):
                expression = self.subscript(expression)
            elif self.at(":") and self.peek(1).kind in (Kind.NAME, Kind.QUOTED):
                labels: list[str] = []
                while self.at(":") and self.peek(1).kind in (Kind.NAME, Kind.QUOTED):
                    self.advance()
                    labels.append(self.schema_name("label"))
                expression = s.HasLabels(expression, tuple(labels))
            elif self.at("{") and isinstance(expression, s.Variable):
                expression = self.map_projection(expression)
            else:
                return expression

    def subscript(self, subject: s.Expr) -> s.Expr:
        self.advance()
        if self.accept(".."):
            stop = None if self.at("]") else self.expression()
            self.expect("]")
            return s.Slice(subject, None, stop)
        start = self.expression()
        if self.accept(".."):
            stop = None if self.at("]") else self.expression()
            self.expect("]")
            return s.Slice(subject, start, stop)
        self.expect("]")
        return s.Index(subject, start)

    def atom(self) -> s.Expr:
        tok = self.peek()
        kind = tok.kind
        if kind is Kind.INTEGER:
            if int(tok.value) > INT_MAX:
                self.fail(f"{tok.value} is out of the 64-bit range", tok, r.NUMBER)
            self.advance()
            return s.Literal(int(tok.value))
        if kind in (Kind.FLOAT, Kind.STRING):
            self.advance()
            return s.Literal(tok.value)
        if kind is Kind.PARAMETER:
            return self.parameter()
        if tok.is_symbol("$"):
            self.fail(
                "a parameter is $ and a name ($name); $0 and $(…) are not supported",
                tok,
                r.PARAMETER,
            )
        if tok.is_name("TRUE", "FALSE"):
            self.advance()
            return s.Literal(tok.text.upper() == "TRUE")
        if tok.is_name("NULL"):
            self.advance()
            return s.Literal(None)
        if tok.is_name("CASE"):
            return self.case()
        if tok.is_symbol("["):
            return self.list_like()
        if tok.is_symbol("{"):
            return self.map_literal()
        if tok.is_symbol("("):
            if self.looks_like_pattern(0):
                self.refuse_pattern_predicate()
            self.advance()
            expression = self.expression()
            self.expect(")")
            return expression
        if kind in (Kind.NAME, Kind.QUOTED):
            if self.at("(", k=1):
                return self.function_call()
            if tok.is_name("EXISTS", "COUNT", "COLLECT") and self.at("{", k=1):
                self.fail(
                    f"{tok.text.upper()} {{ … }} subqueries are not supported", tok, r.SUBQUERY
                )
            if tok.is_name("CALL"):
                self.fail(
                    "procedure calls and CALL subqueries are not allowed ad hoc", tok, r.PROCEDURE
                )
            if self.is_identifier():
                return s.Variable(self.variable())
            word = tok.text.upper()
            if word in WRITE_CLAUSES:
                self.fail(
                    f"{word} is a write clause; ad-hoc queries only read", tok, r.WRITE_CLAUSE
                )
        self.expected("an expression")

    def refuse_pattern_predicate(self) -> NoReturn:
        self.fail(
            "pattern predicates ((a)-->(b) as a condition) are not supported: their nodes could "
            "only be bound through property maps, which FalkorDB's index matches loosely; write "
            "size([(a)-->(b) | 1]) > 0 in a WITH, or MATCH the pattern",
            rule=r.PATTERN_PREDICATE,
        )

    def case(self) -> s.Expr:
        self.advance()
        subject = None if self.at_name("WHEN") else self.expression()
        whens: list[tuple[s.Expr, s.Expr]] = []
        while self.accept_name("WHEN"):
            condition = self.expression()
            self.expect_name("THEN")
            whens.append((condition, self.expression()))
        if not whens:
            self.expected("WHEN")
        default = self.expression() if self.accept_name("ELSE") else None
        self.expect_name("END")
        return s.Case(subject, tuple(whens), default)

    def list_like(self) -> s.Expr:
        if self.is_identifier(1) and self.at_name("IN", k=2):
            self.advance()
            variable = self.variable()
            self.advance()  # IN
            source = self.expression()
            where = self.expression() if self.accept_name("WHERE") else None
            result = self.expression() if self.accept("|") else None
            self.expect("]")
            return s.ListComprehension(variable, source, where, result)
        named = self.is_identifier(1) and self.at("=", k=2) and self.looks_like_pattern(3)
        if named or self.looks_like_pattern(1):
            self.advance()
            part = self.pattern_part()
            where = self.expression() if self.accept_name("WHERE") else None
            self.expect("|")
            result = self.expression()
            self.expect("]")
            return s.PatternComprehension(part, where, result)
        self.advance()
        items: list[s.Expr] = []
        if not self.at("]"):
            items.append(self.expression())
            while self.accept(","):
                items.append(self.expression())
        self.expect("]")
        return s.ListLiteral(tuple(items))

    def map_literal(self) -> s.MapLiteral:
        self.expect("{")
        items: list[tuple[str, s.Expr]] = []
        if not self.at("}"):
            while True:
                key_tok = self.peek()
                key = self.schema_name("map key")
                if any(key == k for k, _ in items):
                    self.fail(f"the key {key!r} appears twice in one map", key_tok)
                self.expect(":")
                items.append((key, self.expression()))
                if not self.accept(","):
                    break
        self.expect("}")
        return s.MapLiteral(tuple(items))

    def map_projection(self, subject: s.Variable) -> s.Expr:
        self.advance()
        items: list[tuple[str, str | s.Expr]] = []
        if not self.at("}"):
            while True:
                if self.accept("."):
                    if self.accept("*"):
                        items.append((".*", ""))
                    else:
                        items.append((".", self.schema_name("property key")))
                elif self.at(":", k=1):
                    key = self.schema_name("map key")
                    self.advance()
                    items.append((key, self.expression()))
                else:
                    items.append(("var", self.variable()))
                if not self.accept(","):
                    break
        self.expect("}")
        return s.MapProjection(subject.name, tuple(items))

    def function_call(self) -> s.Expr:
        tok = self.advance()
        word = tok.text.upper() if tok.kind is Kind.NAME else ""
        self.advance()  # (
        if word == "COUNT" and self.accept("*"):
            self.expect(")")
            return s.CountStar()
        if word in ("ANY", "ALL", "NONE", "SINGLE"):
            variable = self.variable()
            self.expect_name("IN")
            source = self.expression()
            self.expect_name("WHERE")
            where = self.expression()
            self.expect(")")
            return s.Quantifier(word.lower(), variable, source, where)  # type: ignore[arg-type]
        if word == "REDUCE":
            accumulator = self.variable()
            self.expect("=")
            initial = self.expression()
            self.expect(",")
            variable = self.variable()
            self.expect_name("IN")
            source = self.expression()
            self.expect("|")
            expression = self.expression()
            self.expect(")")
            return s.Reduce(accumulator, initial, variable, source, expression)
        if word in ("SHORTESTPATH", "ALLSHORTESTPATHS"):
            self.fail(f"{tok.text} is not supported", tok, r.SHORTEST_PATH)
        if word == "EXISTS":
            argument = self.expression()
            self.expect(")")
            if isinstance(argument, s.Property):
                return s.Predicate("IS NOT NULL", argument)
            self.fail("exists() takes a property (n.key)", tok, r.FUNCTION_ARGUMENTS)
        spec = lookup(tok.text)
        if spec is None:
            self.fail(
                f"{tok.text}() is not an allowed function (see the README's ad-hoc list)",
                tok,
                r.UNKNOWN_FUNCTION,
            )
        distinct = self.accept_name("DISTINCT")
        if distinct and not spec.aggregate:
            self.fail(
                f"DISTINCT only goes with an aggregation, not {spec.name}()",
                tok,
                r.FUNCTION_ARGUMENTS,
            )
        args: list[s.Expr] = []
        if not self.at(")"):
            args.append(self.expression())
            while self.accept(","):
                args.append(self.expression())
        self.expect(")")
        if not spec.min_args <= len(args) <= spec.max_args:
            wanted = (
                str(spec.min_args)
                if spec.min_args == spec.max_args
                else f"{spec.min_args} to {spec.max_args}"
            )
            self.fail(
                f"{spec.name}() takes {wanted} argument(s), got {len(args)}",
                tok,
                r.FUNCTION_ARGUMENTS,
            )
        return s.FunctionCall(spec.name, tuple(args), distinct)


def _dotted(expression: s.Expr) -> str | None:
    """``a.b.c`` of a chain of property accesses on a variable, else None."""
    if isinstance(expression, s.Variable):
        return expression.name
    if isinstance(expression, s.Property):
        base = _dotted(expression.subject)
        return f"{base}.{expression.key}" if base else None
    return None


def tree_depth(root: object) -> int:
    """The depth of a syntax tree, walked without recursion."""
    deepest = 0
    stack: list[tuple[object, int]] = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, tuple):
            stack.extend((child, depth) for child in node)
        elif is_dataclass(node):
            deepest = max(deepest, depth)
            stack.extend((getattr(node, f.name), depth + 1) for f in fields(node))
    return deepest

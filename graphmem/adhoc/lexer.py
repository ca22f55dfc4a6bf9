"""Cypher text → tokens, in one left-to-right pass (linear in the text).

Strings are decoded here with Neo4j's escape rules, and the emitter never writes them back as
text (they become parameters), so the two engines' different escape handling cannot change a
literal's meaning. Backtick-quoted names lose their quotes here: a quoted name is never a
keyword. Names holding a backtick or a control character are refused (FalkorDB cannot quote
them); so are strings with NUL or a lone surrogate.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from graphmem.adhoc import refusals as r

INT_MAX = 2**63 - 1


class Kind(Enum):
    NAME = "name"  # a bare identifier or keyword
    QUOTED = "quoted"  # a `backtick-quoted` identifier
    STRING = "string"
    INTEGER = "integer"
    FLOAT = "float"
    PARAMETER = "parameter"
    SYMBOL = "symbol"
    END = "end"


@dataclass(frozen=True, slots=True)
class Token:
    kind: Kind
    value: str | int | float
    start: int
    end: int

    @property
    def text(self) -> str:
        return str(self.value)

    def is_name(self, *words: str) -> bool:
        """A bare (unquoted) name equal, case-insensitively, to one of ``words``."""
        return self.kind is Kind.NAME and str(self.value).upper() in words

    def is_symbol(self, *symbols: str) -> bool:
        return self.kind is Kind.SYMBOL and self.value in symbols


# longest first: "..", "<>", "<=", ">=", "!=", "=~", "+=" before their one-character prefixes
_SYMBOLS = ("..", "<>", "<=", ">=", "!=", "=~", "+=", *"()[]{},.:;|=<>+-*/%^$&!")
_ESCAPES = {"\\": "\\", "'": "'", '"': '"', "n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f"}
_HEX = frozenset("0123456789abcdefABCDEF")


def _name_start(ch: str) -> bool:
    return ch == "_" or ch.isalpha()


def _name_part(ch: str) -> bool:
    return ch == "_" or ch.isalnum()


def check_name(name: str, text: str, offset: int) -> str:
    if not name:
        r.refuse(r.IDENTIFIER, "an empty quoted name", text, offset)
    if "`" in name or any(ord(c) < 32 or ord(c) == 127 for c in name):
        r.refuse(
            r.IDENTIFIER,
            f"the name {name!r} holds a backtick or a control character",
            text,
            offset,
        )
    return name


class Lexer:
    def __init__(self, text: str, max_tokens: int) -> None:
        self.text = text
        self.max_tokens = max_tokens
        self.pos = 0
        self.tokens: list[Token] = []

    def run(self) -> list[Token]:
        text = self.text
        n = len(text)
        while True:
            self._skip_space_and_comments()
            if self.pos >= n:
                self.tokens.append(Token(Kind.END, "end of query", n, n))
                return self.tokens
            if len(self.tokens) >= self.max_tokens:
                r.refuse(
                    r.TOO_MANY_TOKENS,
                    f"the query has more than {self.max_tokens} tokens",
                    text,
                    self.pos,
                )
            self.tokens.append(self._token())

    # -- pieces -------------------------------------------------------------------------------
    def _skip_space_and_comments(self) -> None:
        text, n = self.text, len(self.text)
        while self.pos < n:
            ch = text[self.pos]
            if ch.isspace():
                self.pos += 1
            elif text.startswith("//", self.pos):
                newline = text.find("\n", self.pos)
                self.pos = n if newline < 0 else newline + 1
            elif text.startswith("/*", self.pos):
                close = text.find("*/", self.pos + 2)
                if close < 0:
                    r.refuse(r.SYNTAX, "a comment that never ends (no */)", text, self.pos)
                self.pos = close + 2
            else:
                return

    def _token(self) -> Token:
        text, start = self.text, self.pos
        ch = text[start]
        if _name_start(ch):
            return self._name(Kind.NAME, start)
        if ch == "`":
            return self._quoted(start)
        if ch in "'\"":
            return self._string(start)
        if ch.isdigit() or (
            ch == "." and text[start + 1 : start + 2].isdigit() and self._dot_starts_number()
        ):
            return self._number(start)
        if ch == "$":
            return self._parameter(start)
        for symbol in _SYMBOLS:
            if text.startswith(symbol, start):
                self.pos = start + len(symbol)
                return Token(Kind.SYMBOL, symbol, start, self.pos)
        r.refuse(r.SYNTAX, f"unexpected character {ch!r}", text, start)

    def _dot_starts_number(self) -> bool:
        # `.5` is a number, but `n.5` or `[1..5]` are not
        if not self.tokens:
            return True
        last = self.tokens[-1]
        return not (
            last.kind in (Kind.NAME, Kind.QUOTED, Kind.PARAMETER, Kind.INTEGER, Kind.FLOAT)
            or last.is_symbol(")", "]", "}", "..")
        )

    def _name(self, kind: Kind, start: int) -> Token:
        text, n = self.text, len(self.text)
        end = start + 1
        while end < n and _name_part(text[end]):
            end += 1
        self.pos = end
        return Token(kind, text[start:end], start, end)

    def _quoted(self, start: int) -> Token:
        text = self.text
        parts: list[str] = []
        i = start + 1
        while True:
            close = text.find("`", i)
            if close < 0:
                r.refuse(r.SYNTAX, "a quoted name that never ends (no closing `)", text, start)
            parts.append(text[i:close])
            if text.startswith("``", close):  # Neo4j's escaped backtick
                parts.append("`")
                i = close + 2
                continue
            self.pos = close + 1
            return Token(Kind.QUOTED, check_name("".join(parts), text, start), start, self.pos)

    def _string(self, start: int) -> Token:
        text, n = self.text, len(self.text)
        quote = text[start]
        out: list[str] = []
        i = start + 1
        while True:
            if i >= n:
                r.refuse(r.SYNTAX, "a string that never ends", text, start)
            ch = text[i]
            if ch == quote:
                break
            if ch != "\\":
                out.append(ch)
                i += 1
                continue
            esc = text[i + 1 : i + 2]
            if esc in _ESCAPES:
                out.append(_ESCAPES[esc])
                i += 2
            elif esc in ("u", "U"):
                width = 4 if esc == "u" else 8
                digits = text[i + 2 : i + 2 + width]
                if len(digits) != width or not set(digits) <= _HEX:
                    r.refuse(r.STRING, f"\\{esc} needs {width} hex digits", text, i)
                code = int(digits, 16)
                if code > 0x10FFFF:
                    r.refuse(r.STRING, f"\\{esc}{digits} is not a character", text, i)
                out.append(chr(code))
                i += 2 + width
            else:
                r.refuse(r.STRING, f"unknown escape \\{esc}", text, i)
        value = "".join(out)
        if "\x00" in value:
            r.refuse(r.STRING, "a string holds a NUL character", text, start)
        if any(0xD800 <= ord(c) <= 0xDFFF for c in value):
            r.refuse(r.STRING, "a string holds a lone surrogate", text, start)
        self.pos = i + 1
        return Token(Kind.STRING, value, start, self.pos)

    def _number(self, start: int) -> Token:
        text, n = self.text, len(self.text)
        i = start
        if text.startswith(("0x", "0X", "0o", "0O"), start):
            base = 16 if text[start + 1] in "xX" else 8
            i = start + 2
            while i < n and _name_part(text[i]):
                i += 1
            try:
                whole = int(text[start + 2 : i], base)
            except ValueError:
                r.refuse(r.NUMBER, f"{text[start:i]!r} is not a number", text, start)
            return self._integer(whole, start, i)
        while i < n and text[i].isdigit():
            i += 1
        is_float = False
        if i < n and text[i] == "." and text[i + 1 : i + 2].isdigit():
            is_float = True
            i += 1
            while i < n and text[i].isdigit():
                i += 1
        if i < n and text[i] in "eE":
            j = i + 1
            if j < n and text[j] == "-":
                j += 1
            if j < n and text[j].isdigit():
                is_float = True
                i = j
                while i < n and text[i].isdigit():
                    i += 1
        if i < n and _name_part(text[i]):
            r.refuse(r.NUMBER, f"{text[start : i + 1]!r} is not a number", text, start)
        raw = text[start:i]
        if not is_float:
            return self._integer(int(raw), start, i)
        value = float(raw)
        if value != value or value in (float("inf"), float("-inf")):
            r.refuse(r.NUMBER, f"{raw} is out of range", text, start)
        self.pos = i
        return Token(Kind.FLOAT, value, start, i)

    def _integer(self, value: int, start: int, end: int) -> Token:
        # INT_MAX + 1 is let through for `-9223372036854775808`; the parser checks the sign
        if value > INT_MAX + 1:
            r.refuse(
                r.NUMBER, f"{self.text[start:end]} is out of the 64-bit range", self.text, start
            )
        self.pos = end
        return Token(Kind.INTEGER, value, start, end)

    def _parameter(self, start: int) -> Token:
        text = self.text
        nxt = text[start + 1 : start + 2]
        if nxt and _name_start(nxt):
            name = self._name(Kind.NAME, start + 1)
        elif nxt == "`":
            name = self._quoted(start + 1)
        else:  # `$(…)` (a dynamic label) or `$0`: the parser names the construct
            self.pos = start + 1
            return Token(Kind.SYMBOL, "$", start, start + 1)
        if not name.text.isascii() or not all(_name_part(c) for c in name.text):
            r.refuse(
                r.PARAMETER,
                f"parameter names are letters, digits and _ (got ${name.text})",
                text,
                start,
            )
        self.pos = name.end
        return Token(Kind.PARAMETER, name.text, start, name.end)


def tokenize(text: str, *, max_tokens: int) -> list[Token]:
    return Lexer(text, max_tokens).run()

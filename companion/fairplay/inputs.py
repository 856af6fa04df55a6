"""Bounded input: everything a client sends is checked here before anything is built or
stored, and refused with a sentence (400) when it is malformed.

Pure (no Flask, no database), so ``companion verify`` runs the very same checks on an
export as the referee ran on the live requests.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from companion import fastjson
from companion.fairplay.errors import BadRequest
from companion.games.base import N_, Action

MAX_DEPTH = 32
"""Nesting of a JSON body (a table's options, a seat list, an export's events)."""
MAX_PARAMS = 16
MAX_PARAM_KEY = 40
MAX_TEXT = 500
"""A typed-in text parameter (a dice expression, a question) unless its input says less."""
MAX_NUMBER = 2**53
LANGUAGES = ("en", "cs", "ru")

_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,39}")
_REQUEST_KEY = re.compile(r"[\x20-\x7e]{1,64}")
_ZWJ = "\u200d"


# --- JSON -------------------------------------------------------------------------------


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def parse_json(data: bytes | str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse a JSON text a client sent, refusing what would break something later.

    >>> parse_json('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> parse_json('[' * 40 + ']' * 40)
    Traceback (most recent call last):
    companion.fairplay.errors.BadRequest: The JSON is nested too deeply (at most 32 levels).
    """
    if fastjson.FAST:
        try:
            value = fastjson.loads(data)
        except ValueError:
            pass
        else:
            if _plain(value, max_depth):
                return value
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise BadRequest(N_("The request is not valid JSON.")) from None
    if nesting(text) > max_depth:
        # Measured before parsing: the parser's own RecursionError leaves CPython 3.11's
        # recursion bookkeeping off, and a later compile() in that thread fails.
        raise BadRequest(N_("The JSON is nested too deeply (at most {max} levels)."),
                         max=max_depth)
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except ValueError:  # also numbers of thousands of digits
        raise BadRequest(N_("The request is not valid JSON.")) from None
    check_structure(value, max_depth)
    return value


def _plain(value: Any, max_depth: int) -> bool:
    """Parsed by orjson as the standard library would have: no number it reads otherwise
    (orjson reads an integer beyond 64 bits as a float) and no nesting to refuse. orjson's
    text is valid Unicode; anything else takes the careful path (a fifth of an action)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        kind = type(item)
        if kind is float:
            return False
        if kind is dict or kind is list:
            if depth >= max_depth:
                return False
            stack.extend((inner, depth + 1) for inner in (
                item.values() if kind is dict else item))
    return True


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def nesting(text: str) -> int:
    """How deep the brackets of a JSON text go, strings left out (no parsing).

    >>> nesting('{"a": [1, "[[["]}')
    2
    """
    depth = deepest = 0
    for bracket in _BRACKET.finditer(_STRING.sub("", text)):
        if bracket.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def check_structure(value: Any, max_depth: int = MAX_DEPTH) -> None:
    """Refuse nesting deeper than ``max_depth`` and text that is not valid Unicode."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _valid_unicode(item)
        elif isinstance(item, dict | list):
            if depth > max_depth:
                raise BadRequest(N_("The JSON is nested too deeply (at most {max} levels)."),
                                 max=max_depth)
            if isinstance(item, dict):
                for key, inner in item.items():
                    if isinstance(key, str):
                        _valid_unicode(key)
                    stack.append((inner, depth + 1))
            else:
                stack.extend((inner, depth + 1) for inner in item)


def _valid_unicode(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise BadRequest(N_("The JSON contains text that is not valid Unicode.")) from None


# --- text a person reads ------------------------------------------------------------------


def hidden_character(text: str, newlines: bool = False) -> str | None:
    """The first character that is invisible or reorders text (control, bidi, zero-width),
    as ``U+XXXX``, or None. A zero-width joiner inside an emoji sequence is fine; with
    ``newlines``, so are line breaks and tabs (a multi-line option).

    >>> hidden_character("Anna") is None, hidden_character("An\\u200bna")
    (True, 'U+200B')
    >>> hidden_character("\\U0001F468\\u200d\\U0001F469") is None
    True
    """
    for i, char in enumerate(text):
        if newlines and char in "\r\n\t":  # a textarea posts CRLF; pasted lists hold tabs
            continue
        category = unicodedata.category(char)
        if category not in ("Cc", "Cf", "Cs", "Zl", "Zp"):
            continue
        if char == _ZWJ and 0 < i < len(text) - 1 and _emoji(text[i - 1]) and _emoji(
                text[i + 1]):
            continue
        return f"U+{ord(char):04X}"
    return None


def _emoji(char: str) -> bool:
    return unicodedata.category(char) in ("So", "Sk") or char == "\ufe0f"


def clean_name(raw: Any, limit: int) -> str:
    """A seat's name: whitespace runs made one space, at most ``limit`` characters, nothing
    hidden that could make two names look alike in the log."""
    if not isinstance(raw, str):
        raise BadRequest(N_("A seat's name must be a text."))
    name = unicodedata.normalize("NFC", re.sub(r"\s+", " ", raw)).strip()[:limit].strip()
    hidden = hidden_character(name)
    if hidden is not None:
        raise BadRequest(N_("A name may not contain invisible or control characters "
                            "({char})."), char=hidden)
    return name


def name_key(name: str) -> str:
    """What two names are compared by: case and compatibility forms do not count."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_text(value: str, limit: int, what: str, newlines: bool = False) -> str:
    """A free text (an option, a typed-in parameter): bounded and without hidden characters."""
    if len(value) > limit:
        raise BadRequest(N_("“{what}” may have at most {max} characters."), what=what,
                         max=limit)
    hidden = hidden_character(value, newlines=newlines)
    if hidden is not None:
        raise BadRequest(N_("“{what}” may not contain invisible or control characters "
                            "({char})."), what=what, char=hidden)
    return value


def check_lang(value: Any) -> str:
    if value not in LANGUAGES:
        raise BadRequest(N_("Choose English, Czech or Russian."))
    return str(value)


def check_request_key(key: Any) -> None:
    """The idempotency key of an action: a short printable text."""
    if key is not None and not (isinstance(key, str) and _REQUEST_KEY.fullmatch(key)):
        raise BadRequest(N_("The request key must be a short text."))


def check_utf8(data: bytes) -> None:
    """Refuse bytes that are not UTF-8 where text is expected: a query string or a form
    from a client that does not percent-encode as a browser does.

    >>> check_utf8(b"lang=cs")
    >>> check_utf8(b"v=\\xe9")
    Traceback (most recent call last):
    companion.fairplay.errors.BadRequest: The request holds bytes that are not text (UTF-8).
    """
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest(N_("The request holds bytes that are not text (UTF-8).")) from None


def whole_number(text: str) -> int:
    """A typed-in whole number: ASCII digits only (``²`` and 5,000 digits are not numbers).

    >>> whole_number(" -12 ")
    -12
    """
    text = text.strip()
    if not re.fullmatch(r"[-+]?[0-9]{1,15}", text):
        raise BadRequest(N_("Write a whole number."))
    return int(text)


# --- action parameters ---------------------------------------------------------------------


def check_params(action: str, params: Any, offered: list[Action]) -> dict[str, Any]:
    """Parameters within the referee's bounds, refused (400) before the game sees them.

    Always: a flat object of at most 16 short names whose values are text, whole numbers,
    yes/no or null. When the seat is offered actions of this name now, a value it was to
    type or pick (an offer's ``inputs``) must be of the input's kind, a text at most its
    ``max_length`` (default 500), a choice one of its choices. Which names and types an
    action takes is the game's declaration, checked once as the game parses the action
    (``Action.from_json``: 400 too); whether the values are legal now is the game's to say
    (422 with its reason).
    """
    if not isinstance(params, dict):
        raise BadRequest(N_("The action's parameters must be an object."))
    if len(params) > MAX_PARAMS:
        raise BadRequest(N_("An action takes at most {max} parameters."), max=MAX_PARAMS)
    for key, value in params.items():
        if not isinstance(key, str) or not _KEY.fullmatch(key):
            raise BadRequest(N_("“{name}” is not a parameter name."), name=str(key)[:MAX_PARAM_KEY])
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int):
            if not -MAX_NUMBER < value < MAX_NUMBER:
                raise BadRequest(N_("The parameter “{name}” is too large."), name=key)
        elif isinstance(value, str):
            check_text(value, MAX_TEXT, key)
        else:
            raise BadRequest(N_("The parameter “{name}” has the wrong type."), name=key)
    typed = [offer for offer in offered if offer.action == action and offer.inputs]
    if not typed:
        return params
    problem: BadRequest | None = None
    for offer in typed:
        try:
            for key, value in params.items():
                if key in offer.inputs:
                    _fits_input(key, value, offer.inputs[key])
            return params
        except BadRequest as error:
            problem = problem or error
    assert problem is not None
    raise problem


def _fits_input(key: str, value: Any, spec: dict[str, Any]) -> None:
    kind = spec.get("kind", "text")
    if kind == "int" and _json_type(value) != "number":
        raise BadRequest(N_("The parameter “{name}” has the wrong type."), name=key)
    if kind == "text":
        if not isinstance(value, str):
            raise BadRequest(N_("The parameter “{name}” has the wrong type."), name=key)
        check_text(value, int(spec.get("max_length", MAX_TEXT)), key)
    if kind == "choice" and "choices" in spec and value not in spec["choices"]:
        raise BadRequest(N_("“{value}” is not one of the choices."), value=str(value)[:40])


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    if value is None:
        return "null"
    return type(value).__name__

"""JSON answers written by orjson where it is installed (``companion.fastjson``): an
action's answer (view, actions, log) was written by the standard library's encoder in a
fifth of a millisecond, a tenth of the action.

Either way keys are sorted, as Flask sorts them, and text is sent as UTF-8 rather than
``\\u`` escapes. What orjson does not take (an integer beyond 64 bits, a type that is not
JSON), and every answer in the pure-Python mode, is written by Flask's own provider.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response
from flask.json.provider import DefaultJSONProvider

from companion import fastjson


class Answers(DefaultJSONProvider):
    ensure_ascii = False

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs.keys() - {"separators"}:
            return super().dumps(obj, **kwargs)
        text = fastjson.dumps(obj, fastjson.ANY_KEYS)
        return super().dumps(obj, **kwargs) if text is None else text.decode()

    def response(self, *args: Any, **kwargs: Any) -> Response:
        """``jsonify(...)``: one value (or the arguments as a list, or the keywords as an
        object), written compact unless the app is in debug mode."""
        if args and kwargs:
            raise TypeError("jsonify() takes positional or keyword arguments, not both")
        obj = (args[0] if len(args) == 1 else list(args)) if args else (kwargs or None)
        if (self.compact is None and self._app.debug) or self.compact is False:
            return super().response(obj)  # type: ignore[return-value]
        body = fastjson.dumps(obj, fastjson.ANSWER)
        if body is None:
            return super().response(obj)  # type: ignore[return-value]
        app: Any = self._app    # the app itself (as Flask's provider does), not the proxy
        return app.response_class(body, mimetype=self.mimetype)  # type: ignore[no-any-return]


def init_answers(app: Flask) -> None:
    app.json = Answers(app)

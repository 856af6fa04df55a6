"""Questions a card puts to one player in the middle of its effect ("discard an event of
your choice", "show a Crucifix?", "an item or an event?").

A question waits in the queue as ``{"kind": "choice", "question": name, "seat", "data"}``;
its answers are computed from the state when the phone asks (so they never go stale), and
the answer is handed to the function registered for the question. Modules register their
questions with ``@question(name, options)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.base import Action
from companion.games.fury.state import Ctx, QueueItem, State

Option = tuple[str, str, dict[str, Any], str]
"""``(key, label message id, label args, hint message id)``."""

Options = Callable[[State, dict[str, Any]], list[Option]]
Answer = Callable[[Ctx, dict[str, Any], str], None]

QUESTIONS: dict[str, tuple[str, Options, Answer]] = {}


def question(name: str, heading: str, options: Options) -> Callable[[Answer], Answer]:
    """Register a question: its heading on the phone, its answers, what an answer does."""
    def register(answer: Answer) -> Answer:
        QUESTIONS[name] = (heading, options, answer)
        return answer
    return register


def ask(ctx: Ctx, name: str, seat: int, /, front: bool = False, **data: Any) -> None:
    """Queue a question for ``seat``; with one possible answer it is answered at once."""
    item: QueueItem = {"kind": "choice", "question": name, "seat": seat, "data": data}
    heading, options, answer = QUESTIONS[name]
    found = options(ctx.state, data)
    if len(found) == 1 and not data.get("always_ask"):
        answer(ctx, data, found[0][0])
        return
    if not found:
        return
    if front:
        ctx.state["queue"].insert(0, item)
    else:
        ctx.state["queue"].append(item)


def actions(state: State, seat: int, item: QueueItem) -> list[Action]:
    if seat != item["seat"]:
        return []
    heading, options, _answer = QUESTIONS[item["question"]]
    return [Action("choose", {"key": key}, label, args, group=heading, hint=hint)
            for key, label, args, hint in options(state, item["data"])]


def do_choose(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    item = ctx.state["queue"].pop(0)
    _heading, _options, answer = QUESTIONS[item["question"]]
    answer(ctx, item["data"], params["key"])

"""Questions a card puts to one player in the middle of its effect ("discard an event of
your choice", "show a Crucifix?", "an item or an event?").

A question waits in the queue as ``{"kind": "choice", "question": name, "seat", "data"}``;
its answers are computed from the state when the phone asks (so they never go stale), and
the answer is handed to the question's answer function. A module makes a question of its
answer function with ``@question(heading, options)``; ``registry.QUESTIONS`` names them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Unpack

from companion.games.base import Action
from companion.games.fury import lookup
from companion.games.fury.lookup import Answer, Options, Question
from companion.games.fury.state import Ctx, QuestionData, QueueItem, State, question_data


def question(heading: str, options: Options) -> Callable[[Answer], Question]:
    """Make a question of its answer function (listed by name in ``registry.QUESTIONS``)."""
    def make(answer: Answer) -> Question:
        return Question(heading, options, answer)
    return make


def find(name: str) -> Question:
    """The question by the name a queued item carries (``registry.QUESTIONS``)."""
    return lookup.tables().questions[name]


def ask(ctx: Ctx, name: str, seat: int, /, front: bool = False,
        **data: Unpack[QuestionData]) -> None:
    """Queue a question for ``seat``; with one possible answer it is answered at once."""
    item: QueueItem = {"kind": "choice", "question": name, "seat": seat, "data": data}
    heading, options, answer = find(name)
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


def answerable(state: State, item: QueueItem) -> bool:
    """Whether a queued question still has an answer. One asked behind another can lose
    them all meanwhile — Lightning's „сбросить 1 Вещь“ waits behind Great Strength's
    question, and a hunter who declines it is defeated and discards every item — and is
    then dropped, as nobody could answer it (issue 42: a self-played game stuck there)."""
    if item["kind"] != "choice":
        return True
    return bool(find(item["question"]).options(state, question_data(item)))


def actions(state: State, seat: int, item: QueueItem) -> list[Action]:
    if seat != item["seat"]:
        return []
    heading, options, _answer = find(item["question"])
    return [Action("choose", {"key": key}, label, args, group=heading, hint=hint)
            for key, label, args, hint in options(state, question_data(item))]


def do_choose(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    item = ctx.state["queue"].pop(0)
    _heading, _options, answer = find(item["question"])
    answer(ctx, question_data(item), params["key"])

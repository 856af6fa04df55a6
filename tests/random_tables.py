"""Random tables over the JSON API, for the tests that read every game's screens at random
reachable states (tests/test_placeholders_screens.py through Flask's test client,
tests/e2e/test_accessibility_random_browser.py through a real server): a table of random
options and players, and a random legal action at a time.

The chooser draws a kind of action first, then one of its offers, so that rare kinds (a
resolve, a group move, a card played) come up as often as the many moves of a map; the
corrections by hand (``hand_…``) are left out, as a table seldom needs them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from companion.games import GAMES
from tests.playing import fill_inputs

NAMES = ("Anna", "Boris", "Cyril", "Dana", "Emil")
Post = Callable[[str, dict[str, Any]], tuple[int, Any]]
"""Posts a JSON body to an API path; the answer's status and JSON."""


def options(game: Any, chooser: random.Random) -> dict[str, Any]:
    """Options drawn at random: yes/no and choices (numbers and texts keep defaults)."""
    drawn = {}
    for option in game.OPTIONS:
        if option.kind == "bool":
            drawn[option.name] = chooser.random() < 0.5
        elif option.kind == "choice":
            drawn[option.name] = chooser.choice(option.choices)[0]
    return drawn


def create(post: Post, name: str, lang: str, chooser: random.Random,
           deal: str = "now") -> dict[str, Any]:
    """A table of random options and players; where they do not go together (Dead Man's
    Draw seats five only with two sets of cards), the defaults, then the fewest players."""
    game = GAMES[name]
    spec = game.seats({o.name: o.default for o in game.OPTIONS})
    players = len(spec.roles) or chooser.randint(spec.min, min(spec.max, len(NAMES)))
    drawn = options(game, chooser)
    for count, chosen in ((players, drawn), (players, {}), (spec.min, {})):
        status, made = post("/api/tables", {
            "game": name, "deal": deal, "lang": lang, "options": chosen,
            "seats": [{"name": n} for n in NAMES[:count]]})
        if status == 201:
            break
    assert status == 201, made
    created: dict[str, Any] = made
    return created


def chosen(answers: list[dict[str, Any]],
           chooser: random.Random) -> tuple[int, dict[str, Any]] | None:
    """A random seat that may act and one of its offers, its kind drawn first, ready to post
    (its typed-in inputs filled); None when nobody may act."""
    offers = [[x for x in a["actions"] if not x["action"].startswith("hand_")]
              for a in answers]
    movers = [i for i, o in enumerate(offers) if o]
    if not movers:
        return None
    seat = chooser.choice(movers)
    kind = chooser.choice(sorted({x["action"] for x in offers[seat]}))
    offer = chooser.choice([x for x in offers[seat] if x["action"] == kind])
    params = fill_inputs(SimpleNamespace(params=offer["params"],  # type: ignore[arg-type]
                                         inputs=offer.get("inputs") or {}), chooser)
    return seat, {"action": offer["action"], "params": params,
                  "version": answers[seat]["version"]}

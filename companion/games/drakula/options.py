"""The table options of Drakula: each action card's steps / strength / barrier (no source
gives them all, so each card is an option with a default; see ``README.md``), the enemy
strengths, the barrier spacing and the app's turn limit; how an option's text is read, and
the check of a whole set (``validate``)."""

from __future__ import annotations

import unicodedata
from typing import Any

from companion.games.base import N_, ActionSyntaxError, Option
from companion.games.drakula import data
from companion.games.drakula.data import ACTION_CARDS
from companion.games.drakula.state import ActionCard, CardColour

MAX_CARD_STEPS = 9
"""The largest step value the card options accept."""
TURN_LIMIT_MAX = 200

COLOUR_WORDS = (N_("red"), N_("blue"), N_("green"), N_("yellow"), N_("grey"))
"""The barrier colours as a card option's value says them: shown in the form's language."""

OPTIONS: tuple[Option, ...] = (
    *(
        Option(
            f"card_{cid}",
            card["en"],
            card["default"],
            kind="text",
            hint=N_("Steps / strength (– for none) / barrier colour (red, blue, green, "
                    "yellow or grey), as printed on the card."),
            check_cards=True,
            words=COLOUR_WORDS,
        )
        for cid, card in ACTION_CARDS.items()
    ),
    Option(
        "vampire_strengths",
        N_("Dracula's vampires: how many of strength 1 / 2 / 3"),
        data.DEFAULT_ENEMY_STRENGTHS,
        kind="text",
        hint=N_("Three numbers that add up to 9, e.g. 3/3/3."),
        check_cards=True,
    ),
    Option(
        "hunter_strengths",
        N_("Van Helsing's vampire hunters: how many of strength 1 / 2 / 3"),
        data.DEFAULT_ENEMY_STRENGTHS,
        kind="text",
        hint=N_("Three numbers that add up to 9, e.g. 3/3/3."),
        check_cards=True,
    ),
    Option(
        "barrier_spacing",
        N_("Where barriers may lie"),
        "edge",
        kind="choice",
        choices=(
            ("edge", N_("Never two barriers on one edge (Czech rulebook)")),
            ("apart", N_("Barriers never next to each other (English summary)")),
        ),
        hint=N_("The Czech rulebook forbids only two barriers in one place."),
    ),
    Option(
        "turn_limit",
        N_("Turn limit (a draw when it is reached)"),
        100,
        kind="int",
        min=20,
        max=TURN_LIMIT_MAX,
        hint=N_("Not in the rulebook: it only guarantees that every game ends. A game "
                "usually takes far fewer turns."),
    ),
)


def _fold(text: str) -> str:
    plain = unicodedata.normalize("NFKD", str(text).strip().lower())
    return "".join(ch for ch in plain if not unicodedata.combining(ch))


_COLOUR_WORDS: dict[CardColour, tuple[str, ...]] = {
    "red": ("red", "r", "cervena", "cerveny", "rot", "красная", "красный"),
    "blue": ("blue", "b", "modra", "modry", "blau", "синяя", "синий"),
    "green": ("green", "g", "zelena", "zeleny", "grun", "gruen", "зеленая", "зеленыи"),
    "yellow": ("yellow", "y", "zluta", "zluty", "gelb", "желтая", "желтыи"),
    "grey": ("grey", "gray", "seda", "sedy", "grau", "серая", "серыи", "any"),
}
_COLOUR_ALIASES = {_fold(w): c for c, words in _COLOUR_WORDS.items() for w in words}


def _digits(text: str) -> bool:
    """Digits 0–9 only: ``str.isdigit`` also takes ``²``, which ``int`` refuses."""
    return text.isascii() and text.isdigit()


def parse_card(text: Any) -> ActionCard:
    """Parse an action card option ``steps/strength/barrier``.

    >>> parse_card("5 / 2 / zelená")
    {'steps': 5, 'strength': 2, 'barrier': 'green'}
    >>> parse_card("6/-/grey")["strength"] is None
    True
    >>> parse_card("²/3/red")
    Traceback (most recent call last):
    companion.games.base.ActionSyntaxError: An action card has between 1 and 9 steps.
    """
    parts = [p for p in str(text).replace(",", "/").replace(";", "/").split("/")]
    parts = [p.strip() for p in parts]
    if len(parts) != 3:
        raise ActionSyntaxError(N_("Write an action card as steps / strength / barrier, "
                                   "e.g. 5/2/green."))
    steps_text, strength_text, colour_text = parts
    if not _digits(steps_text) or not 1 <= int(steps_text) <= MAX_CARD_STEPS:
        raise ActionSyntaxError(N_("An action card has between 1 and {max} steps."),
                                max=MAX_CARD_STEPS)
    if strength_text in ("-", "–", "—", "", "x", "X"):
        strength = None
    elif _digits(strength_text) and 0 <= int(strength_text) <= 4:
        strength = int(strength_text)
    else:
        raise ActionSyntaxError(N_("A combat strength is 0 to 4, or – for none."))
    colour = _COLOUR_ALIASES.get(_fold(colour_text))
    if colour is None:
        raise ActionSyntaxError(N_("A barrier colour is red, blue, green, yellow or grey."))
    return {"steps": int(steps_text), "strength": strength, "barrier": colour}


def parse_strengths(text: Any) -> dict[int, int]:
    """How many enemies of strength 1, 2 and 3: ``"3/3/3"``.

    >>> parse_strengths("2/4/3")
    {1: 2, 2: 4, 3: 3}
    """
    parts = [p.strip() for p in str(text).replace(",", "/").split("/")]
    if len(parts) != 3 or not all(map(_digits, parts)) or sum(map(int, parts)) != 9:
        raise ActionSyntaxError(N_("Give three numbers that add up to 9, e.g. 3/3/3."))
    return {s: int(p) for s, p in zip((1, 2, 3), parts, strict=True)}


def default_options() -> dict[str, Any]:
    """Every option at its default, for two players."""
    options = {option.name: option.default for option in OPTIONS}
    options["players"] = 2
    return options


def option_value(options: dict[str, Any], name: str) -> Any:
    if name in options:
        return options[name]
    return next(o.default for o in OPTIONS if o.name == name)


def validate(options: dict[str, Any]) -> None:
    """Refuse card values that cannot be on a card (raises ActionSyntaxError)."""
    for cid in ACTION_CARDS:
        parse_card(option_value(options, f"card_{cid}"))
    parse_strengths(option_value(options, "vampire_strengths"))
    parse_strengths(option_value(options, "hunter_strengths"))
    if option_value(options, "barrier_spacing") not in ("edge", "apart"):
        raise ActionSyntaxError(N_("Choose where barriers may lie."))
    limit = option_value(options, "turn_limit")
    if isinstance(limit, bool) or not _digits(str(limit)) \
            or not 20 <= int(limit) <= TURN_LIMIT_MAX:
        raise ActionSyntaxError(N_("The turn limit is between 20 and {max}."),
                                max=TURN_LIMIT_MAX)

"""The table options of Blitz und Donner: the rules the rulebook leaves open, the app's turn
limit, and the deck's make-up — every count, and every strength the rulebook does not state,
because the overview card that prints them is quoted by no reachable source
(``shared/data/hera_zeus.json``: "composition_per_deck … unknown"). See ``README.md``.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, ActionSyntaxError, Option
from companion.games.hera_zeus import cards
from companion.games.hera_zeus.cards import BY_KEY, COUNTED, DECK_SIZE, UNSURE_STRENGTH

TURN_LIMIT = 150
TURN_LIMIT_MAX = 300
_COUNT_LABELS = {
    "s7": N_("Creatures of strength 7 per deck"),
    "s6": N_("Creatures of strength 6 per deck"),
    "s5": N_("Creatures of strength 5 per deck"),
    "s4": N_("Creatures of strength 4 per deck"),
    "s3": N_("Creatures of strength 3 per deck"),
    "s2": N_("Creatures of strength 2 per deck"),
    "s1": N_("Creatures of strength 1 per deck"),
    "s0": N_("Creatures of strength 0 per deck"),
    "nemesis": N_("Nemesis / Poseidon cards per deck"),
    "amazon": N_("Amazon / Hero cards per deck"),
    "pegasus": N_("Pegasus cards per deck"),
    "pythia": N_("Pythia cards per deck"),
    "medusa": N_("Medusa cards per deck"),
    "pandora": N_("Pandora cards per deck"),
    "god": N_("Hera / Zeus cards per deck"),
    "sirens": N_("Sirens cards per deck"),
    "hades": N_("Hades cards per deck"),
    "persephone": N_("Persephone cards per deck"),
    "dionysus": N_("Dionysus cards per deck"),
}
_STRENGTH_LABELS = {
    "nemesis": N_("Strength of Nemesis / Poseidon"),
    "amazon": N_("Strength of Amazon / Hero"),
    "pythia": N_("Strength of Pythia"),
    "pandora": N_("Strength of Pandora"),
    "sirens": N_("Strength of the Sirens"),
    "hades": N_("Strength of Hades"),
    "persephone": N_("Strength of Persephone"),
    "dionysus": N_("Strength of Dionysus"),
}
NO_NUMBER = "none"
_STRENGTH_CHOICES = ((NO_NUMBER, N_("no number: never on the field")),
                     *((str(n), str(n)) for n in range(8)))

OPTIONS: tuple[Option, ...] = (
    Option(
        "challenge_support", N_("A challenge needs at least two cards in"), "attacker",
        kind="choice",
        choices=(("attacker", N_("the challenger's column")),
                 ("defender", N_("the challenged column")),
                 ("both", N_("both columns"))),
        hint=N_("The rulebook: “only when the corresponding column holds at least two "
                "cards” — it does not say whose."),
    ),
    Option(
        "pandora_sweep", N_("A challenged Pandora sweeps away"), "both", kind="choice",
        choices=(("both", N_("the whole column on both sides")),
                 ("hers", N_("only her own column"))),
        hint=N_("The rulebook has each player order “his” swept cards, and both lose when "
                "both hostages stand in the column."),
    ),
    Option(
        "figure_removal", N_("Removing your own Hera or Zeus figure"), "action",
        kind="choice",
        choices=(("action", N_("costs one action point (the rules)")),
                 ("pegasus", N_("needs a Pegasus from your hand (optional rule)"))),
    ),
    Option(
        "nemesis_beats_sevens", N_("Nemesis and Poseidon beat a 7"), True,
        hint=N_("Pythia is “the only card stronger than Nemesis and Poseidon”. Off: they are "
                "a plain 7 (a tie against a 7)."),
    ),
    Option(
        "turn_limit", N_("Turn limit: then the game is a draw"), TURN_LIMIT, kind="int",
        min=20, max=TURN_LIMIT_MAX,
        hint=N_("Not in the rulebook: Hades and the Sirens can bring cards back for ever. "
                "Every turn of either player counts."),
    ),
    *(
        Option(f"count_{key}", _COUNT_LABELS[key], BY_KEY[key].copies, kind="int", min=0,
               max=20, check_cards=True,
               hint=N_("Printed on the overview card; the deck holds 43 cards with Io or "
                       "Argus."))
        for key in COUNTED
    ),
    *(
        Option(f"strength_{key}", _STRENGTH_LABELS[key],
               NO_NUMBER if BY_KEY[key].strength is None else str(BY_KEY[key].strength),
               kind="choice", choices=_STRENGTH_CHOICES, check_cards=True,
               hint=N_("The number in the card's corners; a card without one never lies on "
                       "the field."))
        for key in UNSURE_STRENGTH
    ),
)

_DEFAULTS = {o.name: o.default for o in OPTIONS}
RULE_OPTIONS = ("challenge_support", "pandora_sweep", "figure_removal", "nemesis_beats_sevens",
                "turn_limit")


def option(options: dict[str, Any], name: str) -> Any:
    """An option's value at a table, or its default."""
    return options.get(name, _DEFAULTS[name])


def counts(options: dict[str, Any]) -> dict[str, int]:
    return {key: option(options, f"count_{key}") for key in COUNTED}


def strengths(options: dict[str, Any]) -> dict[str, int | None]:
    found = cards.default_strengths()
    for key in UNSURE_STRENGTH:
        text = str(option(options, f"strength_{key}"))
        found[key] = None if text == NO_NUMBER else int(text)
    return found


def validate(options: dict[str, Any]) -> None:
    """Refuse a deck the game cannot be played with.

    :raises ActionSyntaxError: a count out of range, an unknown strength, a choice that is
        not offered, or a deck that does not hold 43 cards.
    """
    for spec in OPTIONS:
        value = option(options, spec.name)
        if spec.kind == "int":
            assert spec.min is not None and spec.max is not None, "every int option has bounds"
            if (isinstance(value, bool) or not isinstance(value, int)
                    or not spec.min <= value <= spec.max):
                raise ActionSyntaxError(
                    N_("“{name}” must be a whole number from {min} to {max}."),
                    name=spec.name, min=spec.min, max=spec.max)
        if spec.kind == "choice" and str(value) not in {v for v, _ in spec.choices}:
            raise ActionSyntaxError(N_("“{name}” has no choice “{value}”."),
                                    name=spec.name, value=str(value)[:20])
    total = 1 + sum(counts(options).values())
    if total != DECK_SIZE:
        raise ActionSyntaxError(
            N_("A deck holds {size} cards (Io or Argus included); these counts make {total}."),
            size=DECK_SIZE, total=total)



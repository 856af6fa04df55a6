"""The table options of Duel! and the joker decks they deal.

The *Příběhy Impéria* variant (a third joker for one duellist), where the jokers are drawn
from (each duellist's own deck of nine, or one shared deck), the rules the rulebook leaves
open (``RULE_OPTIONS``, kept in the state for ``apply``) and the joker counts, inferred from
the print sheet and so table options. ``validate`` refuses options that cannot make a duel.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, ActionSyntaxError, Option
from companion.games.duel import cards
from companion.games.duel.cards import JOKERS

JOKERS_EACH = 2
MAX_JOKERS_EACH = JOKERS_EACH + 1
MAX_COPIES = 8

OPTIONS = (
    Option(
        "extra_joker", N_("Příběhy Impéria variant: a third joker for"), "none", kind="choice",
        choices=(("none", N_("Nobody (the standard duel)")),
                 ("first", N_("First duellist")),
                 ("second", N_("Second duellist"))),
        hint=N_("The duellist with the higher duelling skill draws one joker more."),
    ),
    Option(
        "joker_deck", N_("Where the jokers are drawn from"), "own", kind="choice",
        choices=(("own", N_("Each duellist from his own joker deck of nine")),
                 ("shared", N_("Both from one shared deck: the two joker decks together"))),
        hint=N_("The rulebook prints page 4 (the nine jokers) twice and gives each player "
                "his own card backs, so most likely each duellist has his own joker deck."),
    ),
    Option(
        "mistress_aim", N_("Crying Mistress also counts as an Aim"), True,
        hint=N_("The card text says so; the card is printed “−1”. Off: it only removes one "
                "of the opponent's Aims."),
    ),
    Option(
        "wind_stacks", N_("Two Winds blowing at once give −4"), True,
        hint=N_("Off: any number of Winds give −2 together."),
    ),
    Option(
        "empty_hand_ends", N_("The duel ends as soon as one duellist has no card to play"),
        False,
        hint=N_("Off: a duellist without cards plays nothing while the other plays on until "
                "both are out of cards."),
    ),
    *(
        Option(f"jokers_{card.key}", label, card.copies, kind="int", min=0, max=MAX_COPIES,
               check_cards=True,
               hint=N_("Inferred from the print sheet: page 4, one joker deck of nine, printed "
                       "twice. A shared deck holds both. Count your cards."))
        for card, label in zip(
            (cards.BY_KEY[key] for key in JOKERS),
            (N_("Wet Powder cards in each joker deck"),
             N_("Nerves of Steel cards in each joker deck"),
             N_("Demon's Help cards in each joker deck"),
             N_("Wind cards in each joker deck"),
             N_("Mind Reading cards in each joker deck"),
             N_("Crying Mistress cards in each joker deck"),
             N_("Confused Signal cards in each joker deck")),
            strict=True,
        )
    ),
)


DEFAULTS = {option.name: option.default for option in OPTIONS}
RULE_OPTIONS = ("mistress_aim", "wind_stacks", "empty_hand_ends")
"""The options that change how cards resolve; kept in the state for ``apply``."""


def jokers_dealt(options: dict[str, Any]) -> list[int]:
    extra = options.get("extra_joker", "none")
    return [JOKERS_EACH + (extra == "first"), JOKERS_EACH + (extra == "second")]


def _joker_deck(options: dict[str, Any]) -> list[str]:
    """One joker deck as the counts give it (one printed page 4)."""
    deck: list[str] = []
    for key in JOKERS:
        deck += [key] * int(options.get(f"jokers_{key}", DEFAULTS[f"jokers_{key}"]))
    return deck


def joker_decks(options: dict[str, Any]) -> list[list[str]]:
    """The decks the jokers are drawn from: one per duellist, or one shared by both.

    Options saved before ``joker_deck`` existed counted the one shared deck the app then
    dealt from; they still deal (and replay) so.
    """
    deck = _joker_deck(options)
    mode = options.get("joker_deck")
    if mode == "own":
        return [deck, list(deck)]
    return [deck * 2 if mode == "shared" else deck]


def deck_of(decks: list[list[str]], seat: int) -> int:
    """Which of the joker decks ``seat`` draws from (his own, or the shared one)."""
    return seat if len(decks) == 2 else 0


def validate(options: dict[str, Any]) -> None:
    """Refuse options that cannot make a duel.

    :raises ActionSyntaxError: an unknown variant, a bad count, or too few jokers to deal.
    """
    if options.get("extra_joker", "none") not in ("none", "first", "second"):
        raise ActionSyntaxError(N_("Choose who draws the third joker."))
    if options.get("joker_deck", "shared") not in ("own", "shared"):
        raise ActionSyntaxError(N_("Choose where the jokers are drawn from."))
    for key in JOKERS:
        copies = options.get(f"jokers_{key}", DEFAULTS[f"jokers_{key}"])
        if isinstance(copies, bool) or not isinstance(copies, int) \
                or not 0 <= copies <= MAX_COPIES:
            raise ActionSyntaxError(N_("Each joker may have between 0 and {max} copies."),
                                    max=MAX_COPIES)
    dealt = jokers_dealt(options)
    decks = joker_decks(options)
    needed = [sum(dealt)] if len(decks) == 1 else dealt
    for deck, count in zip(decks, needed, strict=True):
        if len(deck) < count:
            raise ActionSyntaxError(N_("A joker deck needs at least {count} cards."),
                                    count=count)

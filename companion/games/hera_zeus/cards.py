"""The cards of Blitz und Donner (Hera and Zeus): kinds, names per deck, strengths, counts.

Source: the Czech rulebook ``shared/rules/blitz-und-donner.cs.txt`` and
``shared/data/hera_zeus.json``. The two 43-card decks are the same card for card; four kinds
have another name in Zeus's deck (Io/Argus, Hera/Zeus, Nemesis/Poseidon, Amazon/Hero).
How many copies of each card a deck holds is printed only on the overview card, which no
reachable source quotes, so every count (and every strength the rulebook does not state) is
a table option with the default below (see ``rules.OPTIONS``).

A card in the state is an id such as ``h07`` (Hera's deck) or ``z31`` (Zeus's deck); its
kind is looked up in ``state["kinds"]``. Ids never reach a screen: a face-down card is shown
by its place only.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import N_

HERA, ZEUS = 0, 1
COLOURS = ("hera", "zeus")
DECK_SIZE = 43
HAND_LIMIT = 12
OPENING_HAND = 9


@dataclass(frozen=True)
class Kind:
    """One kind of card (the same in both decks)."""

    key: str
    """Stable key used in the state and in action parameters."""
    names: tuple[str, str]
    """English message id of the name in Hera's and in Zeus's deck."""
    strength: int | None
    """Default strength; None for a card with only the mythological symbol."""
    copies: int
    """Default copies per deck."""
    hint: str
    """A one-line rules reminder (message id) shown beside the card."""
    ability: bool = False
    """It has an ability played from the hand (then it is discarded)."""
    sure: bool = False
    """The strength is stated by the rulebook (not a table option)."""


CREATURES = (N_("Creature 0"), N_("Creature 1"), N_("Creature 2"), N_("Creature 3"),
             N_("Creature 4"), N_("Creature 5"), N_("Creature 6"), N_("Creature 7"))
"""The cards with only a number (giants, furies, Cyclops, Hydra…), named by their strength."""


def _plain(strength: int, copies: int) -> Kind:
    return Kind(f"s{strength}", (CREATURES[strength],) * 2, strength, copies,
                N_("A creature: the higher strength wins a challenge."), sure=True)


KINDS: tuple[Kind, ...] = (
    Kind("hostage", (N_("Io"), N_("Argus")), None, 1,
         N_("Your hostage. It never challenges; found in your first row or in your hand, "
            "it loses you the game."), sure=True),
    _plain(7, 2), _plain(6, 3), _plain(5, 3), _plain(4, 4), _plain(3, 3), _plain(2, 3),
    _plain(1, 2), _plain(0, 1),
    Kind("nemesis", (N_("Nemesis"), N_("Poseidon")), 7, 1,
         N_("Beats every other card in a challenge, except Pythia challenging it and Medusa.")),
    Kind("amazon", (N_("Amazon"), N_("Hero")), 2, 2,
         N_("The only card that defeats Medusa.")),
    Kind("pegasus", (N_("Pegasus"), N_("Pegasus")), 1, 5,
         N_("From the hand: take a random card from the opponent's hand, or challenge any "
            "card or figure of their first row. On the field: strength 1."),
         ability=True, sure=True),
    Kind("pythia", (N_("Pythia"), N_("Pythia")), 1, 2,
         N_("From the hand: see the opponent's hand (Nemesis/Poseidon must go), or turn up "
            "a column. In the first row she beats Nemesis/Poseidon; challenged, she loses."),
         ability=True),
    Kind("medusa", (N_("Medusa"), N_("Medusa")), 0, 2,
         N_("Never challenges. A card that challenges her is turned to stone, except "
            "Amazon/Hero."), sure=True),
    Kind("pandora", (N_("Pandora"), N_("Pandora")), 0, 1,
         N_("Never challenges. Challenged, she sweeps her whole column away.")),
    Kind("god", (N_("Hera"), N_("Zeus")), None, 2,
         N_("Free: your figure goes into the first row of a column; 4 action points while "
            "it stands. Only Pegasus removes it."), ability=True, sure=True),
    Kind("sirens", (N_("Sirens"), N_("Sirens")), None, 2,
         N_("Take the topmost card of strength 1–7 from the opponent's discard pile into "
            "your hand."), ability=True),
    Kind("hades", (N_("Hades"), N_("Hades")), None, 1,
         N_("Take any card of your discard pile back into your hand, unseen."), ability=True),
    Kind("persephone", (N_("Persephone"), N_("Persephone")), None, 1,
         N_("Take up to three Pegasus from your discard pile into your hand."), ability=True),
    Kind("dionysus", (N_("Dionysus"), N_("Dionysus")), None, 2,
         N_("Move one card of your field to another column."), ability=True),
)

BY_KEY: dict[str, Kind] = {kind.key: kind for kind in KINDS}
ORDER: dict[str, int] = {kind.key: i for i, kind in enumerate(KINDS)}
"""The order cards are listed in a hand or a pile."""
UNSURE_STRENGTH = tuple(kind.key for kind in KINDS if not kind.sure)
"""Kinds whose strength is a table option (the rulebook does not state it)."""
COUNTED = tuple(kind.key for kind in KINDS if kind.key != "hostage")
"""Kinds whose number of copies is a table option (each deck holds exactly one hostage)."""
NEVER_CHALLENGE = frozenset({"hostage", "medusa", "pandora"})
"""„Karty Io, Argus, Medusa, Pandora, Hera a Zeus nikdy nemůžou zahájit souboj.“
(The Hera and Zeus figures never stand anywhere but in the first row and never challenge.)"""
PICKED_AWAY = frozenset({"medusa", "pythia", "god", "sirens", "hades", "persephone",
                         "dionysus"})
"""Cards that Pegasus, taking one from a hand, sends to the discard pile by name."""


def default_strengths() -> dict[str, int | None]:
    return {kind.key: kind.strength for kind in KINDS}


def name(kind: str, colour: int) -> str:
    """The message id of a kind's name in the deck of ``colour`` (0 Hera, 1 Zeus)."""
    return BY_KEY[kind].names[colour]


def colour_of(card: str) -> int:
    """Whose deck a card id comes from: 0 Hera (``h..``), 1 Zeus (``z..``).

    >>> colour_of("z12")
    1
    """
    return HERA if card[0] == "h" else ZEUS


def make_deck(colour: int, counts: dict[str, int]) -> dict[str, str]:
    """Card ids of one deck and their kinds, in the fixed order of ``KINDS``."""
    prefix = "hz"[colour]
    kinds: dict[str, str] = {}
    for kind in KINDS:
        copies = 1 if kind.key == "hostage" else counts[kind.key]
        for _ in range(copies):
            kinds[f"{prefix}{len(kinds):02d}"] = kind.key
    return kinds

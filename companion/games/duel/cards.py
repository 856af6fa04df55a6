"""The cards of Duel!: names in English, Czech (as printed) and Russian, counts and hints.

Source: the Czech rulebook ``shared/rules/duel.cs.txt`` and ``shared/data/duel.json``. The
action deck is confirmed by the rulebook; the joker deck make-up is inferred from the print
sheet (page 4, nine jokers, "print twice"), so its counts are table options (see
``options.OPTIONS``).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import N_


@dataclass(frozen=True)
class Card:
    """One kind of card."""

    key: str
    """Stable key used in the state (never sent to a browser for a face-down card)."""
    name: str
    """English name, the message id the web layer translates."""
    cs: str
    """The Czech title as printed on the card."""
    ru: str
    """The Russian name (this project's translation)."""
    hint: str
    """A one-line rules reminder (message id) shown beside the button."""
    joker: bool
    """True for a joker (a card of the joker decks, not of the action deck)."""
    copies: int
    """Copies per duellist's action deck, or (jokers) the default copies in one joker deck
    (page 4 of the print sheet: nine jokers)."""
    number: str | None = None
    """The number the rules use for this card, as its chip shows it: printed on the card
    (Shot „4+“, Bluff „-2“, Crying Mistress „-1“, print sheet pages 4–5) or said by its rule
    (each Aim „+1“ to the roll, Nerves of Steel counts as an Aim, Wind „-2“)."""


CARDS: tuple[Card, ...] = (
    Card("aim", N_("Aim"), "Míření", "Прицеливание",
         N_("Stays on the table: +1 to each of your shots."), False, 5, number="+1"),
    Card("bluff", N_("Bluff"), "Blaf", "Блеф",
         N_("Removes two of the opponent's laid Aims; a Bluff, Shot or Nerves of Steel "
            "cancels it."), False, 2, number="−2"),
    Card("shot", N_("Shot"), "Výstřel!", "Выстрел!",
         N_("Fire a pistol: 4 FUDGE dice + your Aims; 4 or more hits."), False, 2,
         number="4+"),
    Card("wet_powder", N_("Wet Powder"), "Mokrý prach!", "Отсыревший порох!",
         N_("The opponent's Shot this round misfires and misses."), True, 1),
    Card("nerves", N_("Nerves of Steel"), "Nervy z ocele", "Стальные нервы",
         N_("Cancels the opponent's Bluff this round; stays on the table as an Aim."), True, 1,
         number="+1"),
    Card("demon", N_("Demon's Help"), "Pomoc démona!", "Помощь демона!",
         N_("Pick one of the opponent's cards blindly; it leaves the game."), True, 1),
    Card("wind", N_("Wind"), "Vítr!", "Ветер!",
         N_("All shots −2 this round and the next."), True, 1, number="−2"),
    Card("mind", N_("Mind Reading"), "Čtení myšlenek", "Чтение мыслей",
         N_("After the reveal you may swap it for another card, knowing the opponent's."),
         True, 2),
    Card("mistress", N_("Crying Mistress"), "Plačící milenka", "Плачущая возлюбленная",
         N_("Removes one of the opponent's laid Aims."), True, 2,  # see core.card_hint
         number="−1"),
    Card("signal", N_("Confused Signal"), "Zmatený signál!", "Путаный сигнал!",
         N_("Played before the duel: the opponent plays no card in round 1."), True, 1),
)

BY_KEY: dict[str, Card] = {card.key: card for card in CARDS}
ORDER: dict[str, int] = {card.key: i for i, card in enumerate(CARDS)}
"""The order cards are shown in a hand (and the order positions refer to)."""
ACTION_DECK: dict[str, int] = {card.key: card.copies for card in CARDS if not card.joker}
JOKERS: tuple[str, ...] = tuple(card.key for card in CARDS if card.joker)
AIMS_LIKE = frozenset({"aim", "nerves", "mistress"})
"""Cards that can lie on the table as an Aim (Crying Mistress only under its option)."""


def name(key: str | None) -> str | None:
    """The message id of a card's name (None for "no card")."""
    return None if key is None else BY_KEY[key].name


def sort_hand(hand: list[str]) -> list[str]:
    """A hand in display order, so a position says nothing but the cards' kinds.

    >>> sort_hand(["wind", "shot", "aim"])
    ['aim', 'shot', 'wind']
    """
    return sorted(hand, key=ORDER.__getitem__)

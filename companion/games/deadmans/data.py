"""The cards of Dead Man's Draw: suits, characters and variant cards, with their names.

English names are message ids (``N_``) translated by the package's catalogues; the Czech
names are those printed in the Czech rulebook (MINDOK 2015), kept here so a test can check
them against the Czech catalogue. Facts come from ``shared/data/dead_mans_draw.json`` and
the rulebook; what only the data file infers is marked ``inferred``.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import N_


@dataclass(frozen=True)
class Suit:
    """One of the ten suits of loot cards (six cards each)."""

    id: str
    """Machine name, used in states, views and action parameters."""
    name: str
    """English name (message id)."""
    cs: str
    """Czech name as printed in the rulebook."""
    values: tuple[int, ...]
    """The six printed values, lowest first (the lowest goes to the discard pile at setup)."""
    rule: str
    """The suit effect as a one-line rules hint (message id)."""


@dataclass(frozen=True)
class Character:
    """A character card (Czech: postava); each pirate keeps one for the whole game."""

    id: str
    name: str
    """English name (message id)."""
    cs: str
    """Czech name as printed in the rulebook."""
    suit: str | None
    """The suit whose effect it changes (None: Davy Jones' Chest)."""
    ability: str
    """The ability as a one-line rules hint (message id)."""


@dataclass(frozen=True)
class Variant:
    """A variant card or a variant of the rulebook, offered as a table option."""

    id: str
    name: str
    cs: str
    """Czech name: printed in the rulebook, or our translation where it is not."""
    printed: bool
    """True when the Czech rulebook prints its rule; False: inferred from the data file."""


SUITS: tuple[Suit, ...] = (
    Suit("anchor", N_("Anchor"), "Kotva", (2, 3, 4, 5, 6, 7),
         N_("Anchor: the cards placed before it are safe if you bust (not the Anchor).")),
    Suit("hook", N_("Hook"), "Hák", (2, 3, 4, 5, 6, 7),
         N_("Hook: place the top card of one of your own stacks, even if it busts you.")),
    Suit("cannon", N_("Cannon"), "Kanón", (2, 3, 4, 5, 6, 7),
         N_("Cannon: discard the top card of one stack of an opponent.")),
    Suit("key", N_("Key"), "Klíč", (2, 3, 4, 5, 6, 7),
         N_("Key: with a Chest in the row when you loot, take as many cards again from "
            "the discard pile.")),
    Suit("chest", N_("Chest"), "Truhla", (2, 3, 4, 5, 6, 7),
         N_("Chest: with a Key in the row when you loot, take as many cards again from "
            "the discard pile.")),
    Suit("map", N_("Map"), "Mapa", (2, 3, 4, 5, 6, 7),
         N_("Map: 3 random cards of the discard pile; place one, the others go back.")),
    Suit("ball", N_("Crystal Ball"), "Křišťálová koule", (2, 3, 4, 5, 6, 7),
         N_("Crystal Ball: turn up the top card of the draw pile, then place it or put it "
            "back and loot.")),
    Suit("sword", N_("Sword"), "Meč", (2, 3, 4, 5, 6, 7),
         N_("Sword: place the top card of an opponent's stack of a suit you do not hold, "
            "even if it busts you.")),
    Suit("kraken", N_("Kraken"), "Kraken", (2, 3, 4, 5, 6, 7),
         N_("Kraken: place at least 2 more cards before you may loot.")),
    Suit("mermaid", N_("Mermaid"), "Mořská panna", (4, 5, 6, 7, 8, 9),
         N_("Mermaid: no effect; values 4 to 9.")),
)
SUIT_BY_ID = {suit.id: suit for suit in SUITS}
SUIT_IDS = tuple(suit.id for suit in SUITS)

MERMAID_VARIANT_VALUES = (2, 3, 4, 5, 6, 7)
"""The mermaid-effect variant swaps the Mermaids 8 and 9 for a 2 and a 3."""
MERMAID_VARIANT_RULE = N_("Mermaid: move a card placed before it to the end of the row and "
                          "perform its effect again.")

CARDS_PER_SET = len(SUITS) * 6
"""60 loot cards in one box; the party variant plays with two boxes (120)."""

CHARACTERS: tuple[Character, ...] = (
    Character("golden_scales", N_("Golden Scales"), "Zlaté šupiny", "mermaid",
              N_("Your Mermaids are worth 5 more.")),
    Character("casanova", N_("Casanova"), "Casanova", "mermaid",
              N_("A Mermaid that would enter the row in your turn goes straight into your "
                 "bank (it does not count for a Kraken).")),
    Character("robber", N_("Robber"), "Lupič", "key",
              N_("Your Key and Chest bonus comes from the bank of one opponent you choose, "
                 "not from the discard pile.")),
    Character("greedy", N_("Greedy"), "Chamtivec", "key",
              N_("Your Key and Chest bonus is twice as many cards from the discard pile.")),
    Character("navigator", N_("Navigator"), "Navigátor", "map",
              N_("Your Map chooses from the whole discard pile, not from 3 random cards.")),
    Character("gunner", N_("Gunner"), "Dělmistr", "cannon",
              N_("Your Cannon discards the whole stack of the chosen suit from an "
                 "opponent's bank.")),
    Character("vulture", N_("Vulture"), "Sup", "cannon",
              N_("The card your Cannon hits goes into your bank, not to the discard pile.")),
    Character("seer", N_("Seer"), "Jasnovidec", "ball",
              N_("Your Crystal Ball shows you, in secret, up to 3 top cards of the draw "
                 "pile (their order stays).")),
    Character("swordswoman", N_("Swordswoman"), "Šermířka", "sword",
              N_("Your Sword may take from any stack, even of a suit you already hold.")),
    Character("miser", N_("Miser"), "Lakomec", "hook",
              N_("Your Hook and the card it places are safe if you bust.")),
    Character("captain_hook", N_("Captain Hook"), "Kapitán Hook", "hook",
              N_("Your Hook places 2 cards from your bank instead of 1.")),
    Character("safe_harbour", N_("Safe Harbour"), "Bezpečný přístav", "anchor",
              N_("Your Anchor and the next 2 cards placed after it are safe too.")),
    Character("fisherman", N_("Fisherman"), "Rybář", "kraken",
              N_("A Kraken that would enter the row in your turn goes straight into your "
                 "bank.")),
    Character("monster_lord", N_("Monster Lord"), "Pán nestvůr", "kraken",
              N_("After a Kraken every opponent must place 4 more cards, not 2, before "
                 "looting.")),
    Character("friendly_fire", N_("Friendly Fire"), "Střelba do vlastních řad", "cannon",
              N_("An opponent's Cannon must discard the top card of one of their own "
                 "stacks.")),
    Character("living_shield", N_("Living Shield"), "Živý štít", "sword",
              N_("An opponent's Sword must take a Kraken; with no Kraken to take it has no "
                 "effect.")),
    Character("davy_jones", N_("Davy Jones' Chest"), "Truhla Davy Jonese", None,
              N_("Choose an opponent at the start: the cards they lose by busting go into "
                 "your bank.")),
)
SIREN = Character("siren", N_("Siren"), "Siréna", "mermaid",
                  N_("When an opponent's Mermaid picks a card to move, that card goes into "
                     "your bank instead; its effect is not performed."))
"""The 18th character, only in the mermaid-effect variant."""
CASANOVA_MERMAID_VARIANT = N_("When you place a Mermaid, bank one card placed before it "
                              "instead of moving it; its effect is not performed.")
"""Casanova's changed ability in the mermaid-effect variant."""
CHARACTER_BY_ID = {c.id: c for c in (*CHARACTERS, SIREN)}

VARIANTS: tuple[Variant, ...] = (
    Variant("party", N_("Pirate Party"), "Pirátská Party game", True),
    Variant("strange_waters", N_("Strange Waters"), "Podivné vody", True),
    Variant("mermaid_variant", N_("Mermaid effect"), "Efekt mořských panen", True),
    Variant("thieves_island", N_("Thieves Island"), "Ostrov zlodějů", False),
    Variant("pile_o_treasure", N_("Pile O' Treasure"), "Hromada pokladů", False),
    Variant("sudden_death", N_("Sudden Death"), "Náhlá smrt", False),
    Variant("all_hands", N_("All Hands on Deck"), "Všichni na palubu", False),
    Variant("beneath_the_waves", N_("Beneath the Waves"), "Pod hladinou", False),
    Variant("bottom_feeder", N_("Bottom Feeder"), "Ze dna", False),
)
VARIANT_BY_ID = {v.id: v for v in VARIANTS}

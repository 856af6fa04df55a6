"""What every part of a duel shares: the two seats and their pistols, the Mind Reading
decision “keep”, which cards a duellist may still play (and
each card's rule as this table plays it), and the refusal of an action at the wrong moment.
"""

from __future__ import annotations

from companion.games.base import N_, IllegalActionError
from companion.games.duel.cards import BY_KEY
from companion.games.duel.state import Round, State

SEATS = (0, 1)
ROLES = (N_("First duellist"), N_("Second duellist"))
PISTOLS = 2
KEEP = "keep"
"""The Mind Reading decision “keep the card as played”."""


def current(state: State) -> Round:
    """The round being resolved (between the reveal and the round's end)."""
    round_ = state["current"]
    assert round_ is not None, "a round is being resolved"
    return round_


def playable(state: State, seat: int, card: str) -> bool:
    """Whether ``card`` may be played in a round (Confused Signal only before the duel)."""
    if card == "signal":
        return False
    if card == "shot":
        return state["pistols"][seat] > 0
    return True


def has_playable(state: State, seat: int) -> bool:
    return any(playable(state, seat, card) for card in state["hands"][seat])


def can_shoot(state: State, seat: int) -> bool:
    return state["pistols"][seat] > 0 and "shot" in state["hands"][seat]


def card_hint(state: State, card: str) -> str:
    """A card's one-line rule as it works at this table (the options in force)."""
    if card == "mistress" and state["rules"]["mistress_aim"]:
        return N_("Removes one of the opponent's laid Aims; stays on the table as an Aim.")
    return BY_KEY[card].hint


def swappable(state: State, seat: int, card: str) -> bool:
    # "any other card": another Mind Reading would only ask the same question again.
    return card != "mind" and playable(state, seat, card)


def wrong_phase(state: State, seat: int) -> IllegalActionError:
    """The reason a seat may not do that now, in words."""
    phase = state["phase"]
    if phase == "signal":
        return IllegalActionError(N_("Before the duel, only Confused Signal or “ready”."))
    if phase == "mind":
        if state["deciding"][seat]:
            return IllegalActionError(N_("Keep Mind Reading or swap it for another card."))
        return IllegalActionError(N_("Wait: the opponent is deciding on Mind Reading."))
    if phase == "demon":
        if state["picking"][seat]:
            return IllegalActionError(N_("First pick a card blindly for Demon's Help."))
        return IllegalActionError(N_("Wait: the opponent is picking a card for Demon's Help."))
    if not state["active"][seat]:
        return IllegalActionError(N_("You play no card this round."))
    return IllegalActionError(N_("Choose the card for this round."))

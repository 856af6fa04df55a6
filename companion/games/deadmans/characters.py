"""The characters: which are in play, each pirate choosing one of two in secret (``choose``),
revealing them all, Davy Jones' Chest naming its opponent (``target``), and an ability's
text as the table plays it (Casanova and Friendly Fire read otherwise under two variants).
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, IllegalActionError
from companion.games.deadmans.core import Ctx, character, need_phase
from companion.games.deadmans.data import (
    CASANOVA_MERMAID_VARIANT,
    CHARACTER_BY_ID,
    CHARACTERS,
    SIREN,
)
from companion.games.deadmans.state import Opts, State


def character_ids(opts: Opts) -> list[str]:
    """The character cards in play: 17 (18 with the Siren), twice in the party variant."""
    ids = [c.id for c in CHARACTERS]
    if opts["mermaid_variant"]:
        ids.append(SIREN.id)
    return ids * (2 if opts["party"] else 1)


def choose(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    index: int = params["character"]
    need_phase(ctx, "choose")
    state = ctx.state
    if index not in (0, 1):
        raise IllegalActionError(N_("You were dealt two characters: choose the first or the "
                                    "second."))
    if state["chosen"][seat] is not None:
        raise IllegalActionError(N_("You have already chosen your character."))
    state["chosen"][seat] = index
    ctx.say(N_("{who} has chosen a character."), who={"seat": seat})
    ctx.say(N_("You chose {character}."), to=[seat],
            character=CHARACTER_BY_ID[state["dealt"][seat][index]].name)
    if all(choice is not None for choice in state["chosen"]):
        _reveal_characters(ctx)


def _reveal_characters(ctx: Ctx) -> None:
    state = ctx.state
    state["characters_shown"] = True
    ctx.revealed = True
    for seat in range(state["players"]):
        char = character(state, seat)
        assert char is not None, "shown just now: every seat has chosen"
        ctx.say(N_("{who} is {character}."), who={"seat": seat},
                character=CHARACTER_BY_ID[char].name)
    for seat in range(state["players"]):
        if character(state, seat) == "davy_jones" and state["players"] == 2:
            _set_davy(ctx, seat, 1 - seat)
    if any(character(state, s) == "davy_jones" and state["davy"][s] is None
           for s in range(state["players"])):
        state["phase"] = "davy"
    else:
        _start_play(ctx)


def _set_davy(ctx: Ctx, seat: int, target: int) -> None:
    ctx.state["davy"][seat] = target
    ctx.say(N_("Davy Jones' Chest: {who} will collect the cards {whom} loses by busting."),
            who={"seat": seat}, whom={"seat": target})


def target(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    target: int = params["seat"]
    need_phase(ctx, "davy")
    state = ctx.state
    if character(state, seat) != "davy_jones" or state["davy"][seat] is not None:
        raise IllegalActionError(N_("Only Davy Jones' Chest chooses an opponent now."))
    if target == seat or not 0 <= target < state["players"]:
        raise IllegalActionError(N_("Choose one of your opponents."))
    _set_davy(ctx, seat, target)
    if all(state["davy"][s] is not None for s in range(state["players"])
           if character(state, s) == "davy_jones"):
        _start_play(ctx)


def _start_play(ctx: Ctx) -> None:
    state = ctx.state
    state["phase"] = "play"
    state["active"] = state["start"]
    ctx.say(N_("{who} starts."), who={"seat": state["active"]})


def ability(state: State, char_id: str) -> str:
    if char_id == "casanova" and state["opts"]["mermaid_variant"]:
        return CASANOVA_MERMAID_VARIANT
    if char_id == "friendly_fire" and state["opts"]["bottom_feeder"]:
        return N_("An opponent's Cannon must discard the bottom card of one of their own "
                  "stacks (Bottom Feeder).")
    return CHARACTER_BY_ID[char_id].ability

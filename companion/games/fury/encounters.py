"""The search and the encounters it finds.

„Поиск – Охотник объявляет своё местоположение. Если соответствующая Локация (за
исключением водных) находится на Пути Дракулы или в Катакомбах, то она должна быть раскрыта.
Если Засады Есть, они задействуются в порядке, установленном Дракулой. После этого ход
Охотника завершается.“ Dracula himself, found there, fights after his encounters.

An encounter's effect is listed in ``registry.ENCOUNTERS`` (token kind → function); one
not listed is announced and resolved by hand. Fights go to ``start_combat``.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, NP_, Action
from companion.games.fury import (
    board,
    byhand,
    cards,
    choices,
    decks,
    event_cards,
    hunters,
    lookup,
    news,
    time_track,
    trail,
)
from companion.games.fury.lookup import Encounter
from companion.games.fury.state import DRACULA, Ctx, QueueItem, State, place_of, turn_of


def _effect(kind: str) -> Encounter | None:
    """The encounter's effect in the registry (``registry.ENCOUNTERS``)."""
    return lookup.tables().encounters.get(kind)


_WAITING = NP_("{n} encounter waits in {place}.", "{n} encounters wait in {place}.")


def search(ctx: Ctx, group: list[str]) -> None:
    """Reveal the group's location if it is on the trail or in the catacombs, and line up
    the encounters on it."""
    state = ctx.state
    place = place_of(state, group[0])
    turn = turn_of(state)
    turn["found"] = []
    if board.is_sea(place) or place == board.HOSPITAL:
        return
    ctx.consult(DRACULA)
    turned = trail.reveal_place(state, place)
    for slot in turned:
        ctx.revealed = True
        if slot["power"] == "hide":
            ctx.say("The search reveals Dracula's Hide card in {place}.",
                    place=board.name(place))
        else:
            ctx.say("The search reveals {place} on Dracula's trail.", place=board.name(place))
    for slot in trail.slots(state):
        if slot["place"] == place:
            turn["found"].extend(slot["tokens"])
    if turn["found"]:
        ctx.say(_WAITING, n=len(turn["found"]),
                place=board.name(place))


def order_actions(state: State) -> list[Action]:
    """„…в порядке, установленном Дракулой“: Dracula picks the next one."""
    seen: dict[str, str] = {}
    for token in sorted(turn_of(state)["found"]):
        seen.setdefault(cards.kind(token), token)
    return [Action("next_encounter", {"token": token}, N_("Next: {encounter}"),
                   {"encounter": cards.encounter_name(token)},
                   group=N_("Choose the order of your encounters"))
            for token in seen.values()]


def do_next(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    resolve_found(ctx, params["token"])


def resolve_found(ctx: Ctx, token: str) -> None:
    turn = turn_of(ctx.state)
    turn["found"].remove(token)
    resolve(ctx, token, list(turn["group"]))


def resolve(ctx: Ctx, token: str, group: list[str], ambush: bool = False) -> None:
    """Turn the token up; the hunters may answer it with a card (Forewarned…) before it acts
    on the group."""
    state = ctx.state
    ctx.revealed = True
    slot = trail.holding(state, token)
    ctx.say("Encounter: {encounter}. {text}", encounter=cards.encounter_name(token),
            text=cards.en(cards.encounter(token)["text"]))
    news.begin(ctx, "encounter", cards.encounter_name(token),
               cards.en(cards.encounter(token)["text"]),
               hunters=[cards.hunter_name(h) for h in group])
    event_cards.later(ctx, "meet", token=token, group=list(group), ambush=ambush,
                 slot=None if slot is None else slot["id"], forewarned=False, seduced=False,
                 asked=False)
    event_cards.open_window(ctx, "encounter", among=group, token=token)


def _meet(ctx: Ctx, item: QueueItem) -> None:
    """The encounter acts; what it said goes with it to the tablet's first screen. What it
    does may hang on a hand (a weapon held against the Wolves) or on a die: the answer to the
    window before it (issue 40: asked of all who may hold a card) is no free take-back."""
    ctx.revealed = True
    start = len(ctx.log)
    _act(ctx, item)
    news.since(ctx, start)


def _act(ctx: Ctx, item: QueueItem) -> None:
    """The encounter acts on the hunters (not on one in the hospital), unless a card
    stopped it."""
    state = ctx.state
    token = item["token"]
    assert token is not None, "an encounter met is a token"
    group = [h for h in item["group"] if state["hunters"][h]["place"] != board.HOSPITAL]
    slot = trail.holding(state, token)
    if cards.kind(token) == "new_vampire" and time_track.is_night(state) \
            and not item["asked"] and not item["forewarned"]:
        item["asked"] = True
        state["queue"].insert(0, item)
        event_cards.open_window(ctx, "new_vampire", group=group)
        return
    if slot is not None:
        slot["tokens"].remove(token)
        if token in slot["shown"]:
            slot["shown"].remove(token)
    if item["forewarned"] or not group:
        ctx.say("{encounter} is discarded without effect.",
                encounter=cards.encounter_name(token))
        trail.return_tokens(state, [token])
        return
    if item["seduced"]:
        _seduced(ctx, token, group)
        return
    ambush = item["ambush"]
    fn = _effect(cards.kind(token))
    if fn is not None:
        keep = fn(ctx, token, group, ambush)
        if keep and cards.kind(token) in ("bats", "fog"):
            return
        if keep and slot is not None:
            slot["tokens"].append(token)
            slot["shown"].append(token)
            return
        trail.return_tokens(state, [token])
        return
    trail.return_tokens(state, [token])
    byhand.open_item(ctx, N_("Resolve the encounter {encounter} by hand."),
                     byhand.seats_for(state, group), group,
                     encounter=cards.encounter_name(token))


def start_combat(ctx: Ctx, enemy: str, group: list[str], place: str) -> bool:
    """A fight between ``group`` and ``enemy`` ("dracula" or an encounter token); True when
    the enemy's token stays where it was met."""
    return lookup.tables().start_combat(ctx, enemy, group, place)


def _seduced(ctx: Ctx, token: str, group: list[str]) -> None:
    """Seduction: „the New Vampire bites the hunter. The New Vampire then returns to your
    encounter hand…, and the hunter's turn ends.“"""
    state = ctx.state
    for hunter in group:
        hunters.bite(ctx, hunter, cards.encounter_name(token))
    state["encounters"].append(token)
    state["encounters"].sort()
    ctx.say("The New Vampire returns to Dracula.")
    if len(state["encounters"]) > decks.encounter_hand_size(state):
        choices.ask(ctx, "return_token", DRACULA, front=True, always_ask=True)
    turn = state["turn"]
    if turn and turn["who"] != "dracula":
        turn["ended"] = True



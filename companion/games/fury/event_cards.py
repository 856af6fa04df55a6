"""Event cards: drawn, kept, played, cancelled.

A cross card goes to the hunter, a bat card to Dracula; „Сразу в игру“ cards are played at
once, „На руку“ cards are kept and played at the moment their text names, „Союзник“ cards
are played at once and stay as the side's one ally until replaced.

A card played does not act at once: first the other side may cancel it (Good Luck,
Devilish Power: „Cancel the effect of an event card just played“). Its effect waits in the
queue as an automatic ``effect`` item behind that question.

Cards played at a moment of somebody else's turn (a train caught, an encounter revealed, a
hunter reaching a port…) are offered through *windows*. A question's existence is public
(issue 40): ``open_window`` asks every seat of that side that *might* hold a fitting card —
it holds event cards (their count is on the tablet) and a printed card fits the moment —
exactly as if it held one, all of them at once, each answering on its own phone; a seat that
holds nothing that fits answers "Play nothing" like anybody else. Whether a window opens, who
is asked and how long play waits are thus read from the tablet, never from a hand: nobody
learns a hand from a pause, and the action that led to a window stays free to take back. A
player may answer "no" ahead for the rest of the turn (``turn["passing"]``), which the tablet
shows, since it is his own choice.
Each card's effect and the windows it fits are listed in ``registry.EVENTS``, read here
through ``lookup`` (the effects
live in ``hunter_events`` and ``dracula_events``; what they share: ``event_common_effects``).
"""

from __future__ import annotations

from typing import Any, Literal, Unpack, cast

from companion.games.base import N_, Action
from companion.games.fury import byhand, cards, choices, decks, hunters, lookup, news
from companion.games.fury.cards import HUNTERS
from companion.games.fury.lookup import EventCard
from companion.games.fury.state import (
    DRACULA,
    Ctx,
    QueueItem,
    State,
    WindowData,
    controller,
    window_data,
)


def _card(kind: str) -> EventCard | None:
    """The printed event's entry in the registry, None for one resolved by hand or an ally."""
    return lookup.tables().events.get(kind)


WINDOWS: dict[str, tuple[str, str]] = {
    "hunter_start": ("hunters", N_("Start of your turn: play a card?")),
    "dracula_start": ("dracula", N_("Start of your turn: play a card?")),
    "cancel": ("either", N_("An event card was just played: cancel it?")),
    "train": ("dracula", N_("A hunter catches a train: play a card?")),
    "tip_off": ("hunters", N_("Dracula stops the train: play a card?")),
    "encounter": ("hunters", N_("An encounter is revealed: play a card before it acts?")),
    "new_vampire": ("dracula", N_("A hunter finds a New Vampire at night: play a card?")),
    "customs": ("dracula", N_("A hunter reached a port or crossed the border: play a card?")),
    "at_sea": ("dracula", N_("A hunter starts his move at sea: play a card?")),
    "reveal": ("dracula", N_("An event is about to reveal your trail: play a card?")),
    "minion": ("dracula", N_("A hunter killed or escaped a minion: play a card?")),
    "great_strength": ("hunters", N_("Your hunter was bitten or lost health: cancel it with a "
                                     "card?")),
}
"""Each window: whose cards may be played, and the question the phone shows. (Wild Horses has
none: it is offered in Dracula's turn before the combat, issue 32.)"""


# --- drawing ------------------------------------------------------------------------------


def hunter_draws(ctx: Ctx, hunter: str, resting: bool = False) -> str | None:
    """A hunter draws the bottom event: „Карты с изображением нетопыря отдаются Дракуле,
    карты с изображением креста отдаются Охотнику“; when resting, cross cards are discarded
    („Карты с крестом идут в сброс“)."""
    card_id = decks.draw_event(ctx)
    if card_id is None:
        ctx.say("The event deck is empty.")
        return None
    name = cards.hunter_name(hunter)
    if cards.event(card_id)["side"] == "dracula":
        ctx.say("{hunter} draws a bat card: it goes to Dracula.", hunter=name)
        dracula_gains(ctx, card_id)
    elif resting:
        decks.discard_event(ctx.state, card_id)
        ctx.say("{hunter} draws {card} while resting: a cross card is discarded.",
                hunter=name, card=cards.event_name(card_id))
    else:
        ctx.say("{hunter} draws a cross card.", hunter=name)
        hunter_gains(ctx, hunter, card_id)
    return card_id


def hunter_gains(ctx: Ctx, hunter: str, card_id: str) -> None:
    kind = cards.event(card_id)["kind"]
    if kind == "keep":
        hunters.take_event(ctx, hunter, card_id)
    elif kind == "ally":
        set_ally(ctx, "hunters", card_id)
    else:
        play(ctx, card_id, hunter)


def dracula_gains(ctx: Ctx, card_id: str) -> None:
    kind = cards.event(card_id)["kind"]
    if kind == "keep":
        ctx.state["dracula_events"].append(card_id)
        ctx.tell([DRACULA], "You take the event {card}.", card=cards.event_name(card_id))
        decks.check_dracula_events(ctx)
    elif kind == "ally":
        set_ally(ctx, "dracula", card_id)
    else:
        play(ctx, card_id, None)


def set_ally(ctx: Ctx, side: Literal["dracula", "hunters"], card_id: str | None) -> None:
    """„Дракула и Охотники могут иметь только по одному Союзнику“: the new ally replaces
    the old one, which is discarded (``card_id`` None: the ally is discarded)."""
    state = ctx.state
    allies = state["allies"]
    old = allies[side]
    if old:
        decks.discard_event(state, old)
        ctx.say("{old} leaves play.", old=cards.event_name(old))
    allies[side] = card_id
    if card_id is not None:
        who = N_("the hunters") if side == "hunters" else N_("Dracula")
        ctx.say("{card} becomes the ally of {who}.", card=cards.event_name(card_id), who=who)
    if side == "dracula":
        decks.refill_encounters(ctx)
        if len(state["encounters"]) > decks.encounter_hand_size(state):
            for _ in range(len(state["encounters"]) - decks.encounter_hand_size(state)):
                choices.ask(ctx, "return_token", DRACULA, always_ask=True)
        decks.check_dracula_events(ctx)


# --- playing -------------------------------------------------------------------------------


def could_play(state: State, hunter: str | None, window: str, data: WindowData) -> bool:
    """Whether some printed card of that side may be played at this moment by ``hunter``
    (None: Dracula) and may still be in his hand: read from the printed cards, the board
    and what lies face up (the discard pile, the allies, a bitten hunter's open card) —
    never from a hand."""
    side = "dracula" if hunter is None else "hunter"
    return any(cards.EVENTS[kind]["side"] == side
               and (spec.when is None or spec.when(state, hunter, data))
               and decks.may_be_held(state, kind, hunter)
               for kind, spec in _cards_for(window))


def may_answer(state: State, seat: int, window: str, data: WindowData,
               among: list[str] | None = None) -> bool:
    """Whether the tablet leaves it open that ``seat`` holds a card for this moment: one of
    its hunters (among ``among``) or Dracula holds event cards, and a printed card fits the
    moment for him. Such a seat is asked as if it held one."""
    if seat == DRACULA:
        return bool(state["dracula_events"]) and could_play(state, None, window, data)
    return any(state["hunters"][h]["events"] and could_play(state, h, window, data)
               for h in (among or HUNTERS) if controller(state, h) == seat)


def may_offer_for(state: State, seat: int, window: str, target: str) -> bool:
    """Whether the tablet leaves it open that ``seat`` holds a card its hunters may play at
    ``target``'s moment although it is not their turn (``EventCard.for_others``: Hypnosis)."""
    data: WindowData = {"hunter": target}
    for hunter in HUNTERS:
        if hunter == target or controller(state, hunter) != seat \
                or not state["hunters"][hunter]["events"]:
            continue
        if any(spec.for_others and cards.EVENTS[kind]["side"] == "hunter"
               and (spec.when is None or spec.when(state, hunter, data))
               and decks.may_be_held(state, kind, hunter)
               for kind, spec in _cards_for(window)):
            return True
    return False


def passing(state: State) -> list[int]:
    """The seats that said "no card until this turn ends"."""
    turn = state["turn"]
    return [] if turn is None else turn["passing"]


def asked_seats(state: State, side: str, window: str, data: WindowData,
                among: list[str] | None = None) -> list[int]:
    """Who a window asks, in seat order: every seat of ``side`` ("dracula" or "hunters")
    that may answer, but those that passed for the rest of the turn."""
    seats = [DRACULA] if side == "dracula" else sorted(
        {controller(state, h) for h in (among or HUNTERS)})
    skip = passing(state)
    return [seat for seat in seats
            if seat not in skip and may_answer(state, seat, window, data, among)]


def play(ctx: Ctx, card_id: str, hunter: str | None, data: WindowData | None = None,
         front: bool = True) -> None:
    """Play an event: announce it, discard it, give the other side its chance to cancel,
    then let its effect act (an automatic ``effect`` item in the queue)."""
    state = ctx.state
    entry = cards.event(card_id)
    player = cards.hunter_name(hunter) if hunter else N_("Dracula")
    ctx.say("{who} plays {card}: {text}", who=player, card=cards.event_name(card_id),
            text=cards.en(entry["text"]))
    news.begin(ctx, "event", cards.event_name(card_id), cards.en(entry["text"]), who=player)
    ctx.revealed = True
    decks.discard_event(state, card_id)
    items: list[QueueItem] = []
    spec = _card(cards.kind(card_id))
    if spec is None or spec.cancellable:
        other = "dracula" if hunter else "hunters"
        cancelling: WindowData = {"card": card_id, "hunter": hunter}
        seats = asked_seats(state, other, "cancel", cancelling)
        if seats:
            items.append({"kind": "window", "window": "cancel", "seats": seats,
                          "data": cancelling})
    items.append({"kind": "effect", "card": card_id, "hunter": hunter, "data": data or {}})
    if front:
        state["queue"][0:0] = items
    else:
        state["queue"].extend(items)


def later(ctx: Ctx, do: str, **data: Any) -> None:
    """Queue the rest of an effect, to run once the questions before it are answered."""
    # the step's own keys, each declared in QueueItem (a test holds the states to it)
    ctx.state["queue"].insert(0, cast(QueueItem, {"kind": "effect", "do": do, **data}))


def resolve_effect(ctx: Ctx, item: QueueItem) -> None:
    """The effect of a played card, once nobody cancelled it (or a step left for later)."""
    if "do" in item:
        lookup.tables().later[item["do"]](ctx, item)
        return
    spec = _card(cards.kind(item["card"]))
    if spec is not None:
        start = len(ctx.log)
        spec.effect(ctx, {"card": item["card"], "hunter": item["hunter"],
                          "data": window_data(item)})
        news.since(ctx, start)
        return
    hunter = item["hunter"]
    seats = [DRACULA] + ([controller(ctx.state, hunter)] if hunter else [])
    byhand.open_item(ctx, N_("Resolve {card} by hand."), seats, [hunter] if hunter else [],
                     card=cards.event_name(item["card"]))


def open_window(ctx: Ctx, window: str, among: list[str] | None = None,
                **data: Unpack[WindowData]) -> bool:
    """Ask, all at once, every seat of the window's side that may answer whether it plays a
    card now; returns whether anybody was asked. Nothing here reads a hand's contents, so
    opening a window is no news (no ``ctx.revealed``)."""
    seats = asked_seats(ctx.state, WINDOWS[window][0], window, data, among)
    if not seats:
        return False
    item: QueueItem = {"kind": "window", "window": window, "seats": seats, "data": data}
    if among:
        item["among"] = among
    ctx.state["queue"].insert(0, item)
    return True


def _cards_for(window: str) -> list[tuple[str, EventCard]]:
    """The printed event cards that may be played at this window."""
    return [(kind, spec) for kind, spec in lookup.tables().events.items()
            if window in spec.windows]


def fits(state: State, card_id: str, hunter: str | None, window: str,
         data: WindowData) -> bool:
    spec = _card(cards.kind(card_id))
    if spec is None or window not in spec.windows:
        return False
    return spec.when is None or bool(spec.when(state, hunter, data))


def playable(state: State, seat: int, window: str, data: WindowData,
             among: list[str] | None = None) -> list[tuple[str, str | None]]:
    """(card, hunter) pairs this seat may play at this moment."""
    if seat == DRACULA:
        return [(c, None) for c in sorted(state["dracula_events"])
                if fits(state, c, None, window, data)]
    out: list[tuple[str, str | None]] = []
    for hunter in among or HUNTERS:
        if controller(state, hunter) != seat:
            continue
        out += [(c, hunter) for c in sorted(state["hunters"][hunter]["events"])
                if fits(state, c, hunter, window, data)]
    return out


def play_actions(state: State, seat: int, window: str, data: WindowData,
                 among: list[str] | None = None,
                 group: str = N_("Your event cards")) -> list[Action]:
    out = []
    seen = set()
    for card_id, hunter in playable(state, seat, window, data, among):
        if (cards.kind(card_id), hunter) in seen:
            continue
        seen.add((cards.kind(card_id), hunter))
        label = (N_("{hunter} plays {card}") if hunter else N_("Play {card}"))
        out.append(Action("play_event", {"card": card_id, "hunter": hunter or ""}, label,
                          {"card": cards.event_name(card_id),
                           "hunter": cards.hunter_name(hunter) if hunter else ""},
                          group=group, hint=cards.en(cards.event(card_id)["text"])))
    return out


def offers_for(state: State, seat: int, window: str, target: str,
               group: str) -> list[Action]:
    """Cards this seat's hunters may play at ``target``'s moment although it is not their
    own turn (``EventCard.for_others``); ``target`` consents on his phone unless the same player
    plays both."""
    out = []
    seen = set()
    data: WindowData = {"hunter": target}
    for hunter in HUNTERS:
        if hunter == target or controller(state, hunter) != seat:
            continue
        for card_id in sorted(state["hunters"][hunter]["events"]):
            spec = _card(cards.kind(card_id))
            if spec is None or not spec.for_others or (cards.kind(card_id), hunter) in seen \
                    or not fits(state, card_id, hunter, window, data):
                continue
            seen.add((cards.kind(card_id), hunter))
            out.append(Action("play_event", {"card": card_id, "hunter": hunter,
                                             "target": target},
                              N_("{hunter} plays {card} for {target}"),
                              {"card": cards.event_name(card_id),
                               "hunter": cards.hunter_name(hunter),
                               "target": cards.hunter_name(target)},
                              group=group, hint=cards.en(cards.event(card_id)["text"])))
    return out


def settle_window(state: State, item: QueueItem) -> bool:
    """Before a window is put to its seats again (after a card played from it has acted):
    drop the seats the tablet now shows cannot answer (their hand emptied, the moment
    passed, or they passed for the turn). True when nobody is left to ask."""
    if item["kind"] != "window":
        return False
    skip = passing(state)
    item["seats"] = [seat for seat in item["seats"] if seat not in skip and may_answer(
        state, seat, item["window"], window_data(item), item.get("among"))]
    return not item["seats"]


def window_actions(state: State, seat: int, item: QueueItem) -> list[Action]:
    """The window's question on one phone: its cards for the moment, "Play nothing", and
    "nothing until this turn ends". A phone whose cards do not fit is asked all the same."""
    if seat not in item["seats"]:
        return []
    heading = WINDOWS[item["window"]][1]
    out = play_actions(state, seat, item["window"], window_data(item), item.get("among"),
                       group=heading)
    hint = "" if out else N_("None of your cards fits this moment.")
    out.append(Action("pass", {}, N_("Play nothing"), group=heading, hint=hint))
    if state["turn"] is not None:
        out.append(Action("pass_turn", {}, N_("No card until this turn ends"),
                          group=heading,
                          hint=N_("Your phone will not ask again in this turn; the table "
                                  "sees that you said so.")))
    return out


def do_play_event(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    """Play a kept card: from a window in the queue, or at a moment of one's own turn."""
    state = ctx.state
    card_id, hunter = params["card"], params["hunter"] or None
    data: WindowData = {}
    target = params.get("target")
    if target and hunter:
        data = {"hunter": target}
        if controller(state, target) != seat:
            choices.ask(ctx, "consent", controller(state, target), front=True,
                        always_ask=True, card=card_id, hunter=hunter, target=target)
            ctx.say("{hunter} offers {card} to {target}.", hunter=cards.hunter_name(hunter),
                    card=cards.event_name(card_id), target=cards.hunter_name(target))
            return
    elif state["queue"] and state["queue"][0]["kind"] == "window" \
            and seat in state["queue"][0]["seats"]:
        data = window_data(_answered(state, seat))
    if hunter is None:
        state["dracula_events"].remove(card_id)
    else:
        hunters.lose_card(state, hunter, card_id)
    play(ctx, card_id, hunter, data)


def _answered(state: State, seat: int) -> QueueItem:
    """This seat has answered the window at the head of the queue: it leaves the window,
    which closes once every seat asked has answered."""
    item = state["queue"][0]
    item["seats"] = [s for s in item["seats"] if s != seat]
    if not item["seats"]:
        state["queue"].pop(0)
    return item


def do_pass(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    """"Play nothing"."""
    _answered(ctx.state, seat)


def do_pass_turn(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    """"No card until this turn ends": no window asks this seat again in this turn (the
    table reads it as the player's own word)."""
    pass_for_turn(ctx, seat)
    _answered(ctx.state, seat)


def pass_for_turn(ctx: Ctx, seat: int) -> None:
    """No window asks ``seat`` again until this turn ends; the table is told."""
    turn = ctx.state["turn"]
    assert turn is not None, "a window in a turn"
    if seat not in turn["passing"]:
        turn["passing"].append(seat)
    ctx.say("{who} will play no card until this turn ends.", who={"seat": seat})

"""The hunters' event cards: those played when drawn, at the start of a hunter's turn, and
at the moment another card or step names (a train stopped, an encounter revealed)."""

from __future__ import annotations

from typing import Any

from companion.games.base import N_
from companion.games.fury import (
    board,
    cards,
    dracula_turn,
    encounters,
    event_cards,
    hunters,
    movement,
    time_track,
    trail,
)
from companion.games.fury.choices import ask, question
from companion.games.fury.event_cards import later, set_ally
from companion.games.fury.event_common_effects import (
    LAND,
    cancel,
    newspaper,
    pending,
    place_options,
    reveal,
)
from companion.games.fury.lookup import Option
from companion.games.fury.state import (
    DRACULA,
    CardPlay,
    Ctx,
    QuestionData,
    QueueItem,
    State,
    WindowData,
    controller,
    hunter_label,
    place_of,
    played_by,
)

# --- hunters' cards played when drawn ------------------------------------------------------


def newspaper_reports(ctx: Ctx, play_: CardPlay) -> None:
    newspaper(ctx, N_("Newspaper Reports"))


def hired_scouts(ctx: Ctx, play_: CardPlay) -> None:
    """„Name 2 cities. Each of them that is in Dracula's trail or catacombs is revealed at
    once, with its encounters.“"""
    seat = controller(ctx.state, played_by(play_))
    ask(ctx, "scout", seat, front=True, first=None, by=seat, always_ask=True)


def _scout_options(state: State, data: QuestionData) -> list[Any]:
    return place_options([p for p in LAND if p != data["first"]], N_("Scout {place}"))


@question(N_("Hired Scouts: name a city"), _scout_options)
def _scout(ctx: Ctx, data: QuestionData, place: str) -> None:
    state = ctx.state
    if data["first"] is None:
        ctx.say("The scouts go to {place}.", place=board.name(place))
        ask(ctx, "scout", data["by"], front=True, first=place, by=data["by"],
            always_ask=True)
        return
    ctx.say("The scouts go to {place}.", place=board.name(place))
    named = {data["first"], place}
    reveal(ctx, [s for s in trail.slots(state) if s["place"] in named], N_("Hired Scouts"),
           tokens=True)


def telegraph_ahead(ctx: Ctx, play_: CardPlay) -> None:
    """„Every city in Dracula's trail or catacombs that is one road away from your city is
    revealed at once.“"""
    here = place_of(ctx.state, played_by(play_))
    near = set(board.ROAD.get(here, ()))
    reveal(ctx, [s for s in trail.slots(ctx.state) if s["place"] in near],
           N_("Telegraph Ahead"))


def mystic_research(ctx: Ctx, play_: CardPlay) -> None:
    """„Look at Dracula's event cards and share what you learn with the other hunters.“"""
    state = ctx.state
    held = [cards.event_name(c) for c in sorted(state["dracula_events"])] or [N_("nothing")]
    seats = sorted(set(state["control"].values()))
    ctx.revealed = True
    ctx.tell(seats, "Mystic Research: Dracula holds {cards}.", cards=held)


def consecrated_ground(ctx: Ctx, play_: CardPlay) -> None:
    """„Put the Consecrated Ground marker on any city except Castle Dracula, Galatz or
    Klausenburg… If that city is in Dracula's trail or catacombs, it and its encounters are
    revealed; then every encounter in the city is discarded. Dracula cannot enter it.“"""
    ask(ctx, "consecrate", controller(ctx.state, played_by(play_)), front=True,
        always_ask=True)


def _consecrate_options(state: State, data: QuestionData) -> list[Any]:
    barred = {board.CASTLE, "galatz", "klausenburg"}
    return place_options([p for p in board.PLACES if board.is_city(p) and p not in barred],
                         N_("Consecrate {place}"))


@question(N_("Consecrated Ground: which city?"), _consecrate_options)
def _consecrate(ctx: Ctx, data: QuestionData, place: str) -> None:
    state = ctx.state
    for other, kind in list(state["blocked"].items()):
        if kind == "consecrated":
            del state["blocked"][other]
    state["blocked"][place] = "consecrated"
    ctx.say("Consecrated Ground protects {place}.", place=board.name(place))
    later(ctx, "sweep", place=place)
    reveal(ctx, [s for s in trail.slots(state) if s["place"] == place],
           N_("Consecrated Ground"), tokens=True)


def _sweep(ctx: Ctx, item: QueueItem) -> None:
    """„Все Засады, находившиеся в городах, сбрасываются после размещения там этих
    жетонов.“ Whether any lay there was hidden until now."""
    ctx.consult(DRACULA)
    swept = []
    for slot in trail.slots(ctx.state):
        if slot["place"] == item["place"] and slot["tokens"]:
            swept += slot["tokens"]
            trail.return_tokens(ctx.state, slot["tokens"])
            slot["tokens"], slot["shown"] = [], []
    if swept:
        ctx.say("The encounters in {place} are discarded.", place=board.name(item["place"]))



def re_equip(ctx: Ctx, play_: CardPlay) -> None:
    """„You may discard 1 of your items to take any 1 item of your choice from the item deck;
    then shuffle the item deck.“"""
    hunter = played_by(play_)
    if ctx.state["hunters"][hunter]["items"] and ctx.state["item_deck"]:
        ask(ctx, "re_equip", controller(ctx.state, hunter), front=True, hunter=hunter,
            always_ask=True)


def _re_equip_options(state: State, data: QuestionData) -> list[Any]:
    out: list[Option] = [("keep", N_("Keep my items"), {}, "")]
    out += [(c, N_("Discard {card}"), {"card": cards.item_name(c)}, "")
            for c in sorted(state["hunters"][data["hunter"]]["items"])]
    return out


@question(N_("Re-Equip: discard an item to choose one from the deck?"),
          _re_equip_options)
def _re_equip(ctx: Ctx, data: QuestionData, key: str) -> None:
    if key == "keep":
        return
    hunters.discard_card(ctx, data["hunter"], key, N_("Re-Equip"))
    ask(ctx, "re_equip_take", controller(ctx.state, data["hunter"]), front=True,
        hunter=data["hunter"], always_ask=True)


def _take_options(state: State, data: QuestionData) -> list[Any]:
    kinds = sorted({cards.kind(c) for c in state["item_deck"]})
    return [(k, N_("Take {card}"), {"card": cards.en(cards.ITEMS[k]["names"])}, "")
            for k in kinds]


@question(N_("Re-Equip: which item?"), _take_options)
def _re_equip_take(ctx: Ctx, data: QuestionData, kind: str) -> None:
    state = ctx.state
    taken = next(c for c in state["item_deck"] if cards.kind(c) == kind)
    state["item_deck"].remove(taken)
    state["item_deck"] = ctx.rng.shuffle(state["item_deck"])
    ctx.say("{hunter} takes an item from the deck, which is shuffled.",
            hunter=hunter_label(data["hunter"]))
    hunters.take_item(ctx, data["hunter"], taken)


def surprising_return(ctx: Ctx, play_: CardPlay) -> None:
    """„Take any hunter 'keep' event from the event discard pile, show it to Dracula and keep
    it.“"""
    hunter = played_by(play_)
    if _return_options(ctx.state, {}):
        ask(ctx, "surprising_return", controller(ctx.state, hunter), front=True,
            hunter=hunter, always_ask=True)
    else:
        ctx.say("No hunter's card to take back.")


def _return_options(state: State, data: QuestionData) -> list[Any]:
    found: dict[str, str] = {}
    for c in state["event_discard"]:
        entry = cards.event(c)
        if entry["side"] == "hunter" and entry["kind"] == "keep":
            found.setdefault(cards.kind(c), c)
    return [(c, N_("Take {card}"), {"card": cards.event_name(c)}, "")
            for _k, c in sorted(found.items())]


@question(N_("Surprising Return: which card?"), _return_options)
def _surprising_return(ctx: Ctx, data: QuestionData, taken: str) -> None:
    ctx.state["event_discard"].remove(taken)
    ctx.say("{hunter} takes {card} back from the discards.",
            hunter=hunter_label(data["hunter"]), card=cards.event_name(taken))
    hunters.take_event(ctx, data["hunter"], taken)


def vampire_lair(ctx: Ctx, play_: CardPlay) -> None:
    """„If Dracula has at least 1 vampire on the vampire track, you may fight one vampire…
    As soon as you score a Wound or a Kill, the combat ends and the vampire track goes back
    1.“"""
    hunter = played_by(play_)
    if ctx.state["vampires"] < 1:
        ctx.say("Dracula has no vampire yet: Vampire Lair does nothing.")
        return
    encounters.start_combat(ctx, "vampire", [hunter], place_of(ctx.state, hunter))


# --- hunters' cards at the start of a turn ---------------------------------------------------


def not_dawn(state: State, hunter: str | None, data: WindowData) -> bool:
    return not time_track.is_dawn(state)


def long_day(ctx: Ctx, play_: CardPlay) -> None:
    """„Move the day/night marker back 1 space.“ (not at Dawn)"""
    time_track.back(ctx)


def money_trail(ctx: Ctx, play_: CardPlay) -> None:
    """„Every sea in Dracula's trail is revealed.“"""
    seas = [s for s in ctx.state["trail"] if s["card"] and board.is_sea(s["card"])]
    reveal(ctx, seas, N_("Money Trail"))


def transfusion_possible(state: State, hunter: str | None, data: WindowData) -> bool:
    return hunter is not None and bool(_transfusion_options(state, {"hunter": hunter}))


def _transfusion_options(state: State, data: QuestionData) -> list[Any]:
    me = data["hunter"]
    here = state["hunters"][me]["place"]
    if not here or board.is_sea(here):
        return []
    out = []
    for other in cards.HUNTERS:
        if other == me or state["hunters"][other]["place"] != here:
            continue
        for giver, taker in ((me, other), (other, me)):
            if state["hunters"][taker]["bites"] > hunters.permanent_bites(state, taker) \
                    and state["hunters"][giver]["health"] > 1:
                out.append((f"{giver}>{taker}", N_("{giver} gives blood to {taker}"),
                            {"giver": cards.hunter_name(giver),
                             "taker": cards.hunter_name(taker)}, ""))
    return out


def blood_transfusion(ctx: Ctx, play_: CardPlay) -> None:
    """„One of you loses 1 health; the other's bite is removed.“"""
    ask(ctx, "transfusion", controller(ctx.state, played_by(play_)), front=True,
        hunter=played_by(play_), always_ask=True)


@question(N_("Blood Transfusion: who gives blood?"), _transfusion_options)
def _transfusion(ctx: Ctx, data: QuestionData, key: str) -> None:
    giver, taker = key.split(">")
    hunters.lose_health(ctx, giver, 1, N_("Blood Transfusion"), strength=False)
    ctx.state["hunters"][taker]["bites"] -= 1
    ctx.say("{hunter}'s bite is cured.", hunter=hunter_label(taker))


def can_rush(state: State, hunter: str | None, data: WindowData) -> bool:
    return (hunter is not None
            and state["hunters"][hunter]["health"] > cards.VAMPIRES_TO_WIN - state["vampires"])


def sense_of_emergency(ctx: Ctx, play_: CardPlay) -> None:
    """„Lose as much health as the number of vampires Dracula still needs to win, then move
    to any location on the board.“"""
    state = ctx.state
    hunter = played_by(play_)
    hunters.lose_health(ctx, hunter, cards.VAMPIRES_TO_WIN - state["vampires"],
                        N_("Sense of Emergency"), strength=False)
    state["queue"].insert(0, {"kind": "go_anywhere", "seat": controller(state, hunter),
                              "hunter": hunter})


def bitten(state: State, hunter: str | None, data: WindowData) -> bool:
    """The hunter whose turn starts is bitten (the card's holder need not be)."""
    bitten = data.get("hunter") or hunter
    return bitten is not None and state["hunters"][bitten]["bites"] > 0


def great_strength(ctx: Ctx, play_: CardPlay) -> None:
    """„That bite, or that loss of health, is cancelled.“ (played at its window: the blow the
    window names)."""
    blow = play_["data"]
    hunter = blow.get("hunter") or played_by(play_)
    h = ctx.state["hunters"][hunter]
    if blow.get("bite"):
        h["bites"] = max(hunters.permanent_bites(ctx.state, hunter), h["bites"] - 1)
        ctx.say("Great Strength: the bite on {hunter} is cancelled ({why}).",
                hunter=hunter_label(hunter), why=blow.get("why", ""))
    else:
        h["health"] = min(hunters.max_health(hunter), h["health"] + int(blow.get("health", 0)))
        ctx.say("Great Strength: {hunter}'s loss of {n} health is cancelled ({why}): {now}.",
                hunter=hunter_label(hunter), n=blow.get("health", 0), why=blow.get("why", ""),
                now=h["health"])


def hypnosis(ctx: Ctx, play_: CardPlay) -> None:
    """„At the start of any bitten hunter's turn (your own too), with that hunter's consent.
    That hunter rolls a hunter die. 1–2: … his turn ends at once. 3–6: Dracula's current
    location and every vampire in his trail and catacombs are revealed, and Dracula must
    declare his next move.“ „That hunter“ is the bitten one, whoever holds the card."""
    state = ctx.state
    hunter = play_["data"].get("hunter") or played_by(play_)
    roll = ctx.rng.roll(6)
    ctx.revealed = True
    ctx.say("Hypnosis: {hunter} rolls {roll}.", hunter=hunter_label(hunter), roll=roll)
    if roll <= 2:
        turn = state["turn"]
        if turn and turn["who"] == hunter:
            turn["ended"] = True
            turn["stage"] = "end"
        return
    head = state["trail"][0]
    head["revealed"] = True
    ctx.say("Hypnosis: Dracula is in {place}.", place=board.name(head["place"]))
    for slot in trail.slots(state):
        vampires = [t for t in slot["tokens"] if cards.kind(t) == "new_vampire"]
        for token in vampires:
            if token not in slot["shown"]:
                slot["shown"].append(token)
                slot["revealed"] = True
                ctx.say("Hypnosis: a New Vampire waits in {place}.",
                        place=board.name(slot["place"]))
    ask(ctx, "dracula_declares", DRACULA, front=True, always_ask=True)


def _dracula_declare_options(state: State, data: QuestionData) -> list[Any]:
    moves = movement.dracula_moves(state)
    out = []
    for m in moves:
        key = f"{m['power'] or 'move'}:{m['to']}"
        if m["power"]:
            out.append((key, N_("{power}: {place}"), {"power": cards.power_name(m["power"]),
                                                       "place": board.name(m["to"])}, ""))
        else:
            out.append((key, N_("Move to {place}"), {"place": board.name(m["to"])}, ""))
    return out or [("none", N_("I have no move"), {}, "")]


@question(N_("Hypnosis: declare your next move"), _dracula_declare_options)
def _dracula_declares(ctx: Ctx, data: QuestionData, key: str) -> None:
    ctx.state["dracula_declared"] = None if key == "none" else key
    power, _, place = key.partition(":")
    if key == "none":
        ctx.say("Dracula declares that he cannot move.")
    elif power == "move":
        ctx.say("Dracula declares his next move: to {place}.", place=board.name(place))
    else:
        ctx.say("Dracula declares his next move: {power} to {place}.",
                power=cards.power_name(power), place=board.name(place))


def stormy_possible(state: State, hunter: str | None, data: WindowData) -> bool:
    return bool(_storm_options(state, {}))


def _consent_options(state: State, data: QuestionData) -> list[Any]:
    args = {"hunter": hunter_label(data["hunter"]), "card": cards.event_name(data["card"]),
            "target": hunter_label(data["target"])}
    return [("yes", N_("{target} agrees: {hunter} plays {card}"), args, ""),
            ("no", N_("{target} declines: {hunter} keeps {card}"), args, "")]


@question(N_("A card is offered for this hunter's turn: agree?"), _consent_options)
def _consent(ctx: Ctx, data: QuestionData, key: str) -> None:
    """„…with that hunter's consent“: the bitten hunter's player agrees or not."""
    state = ctx.state
    card_id, holder, target = data["card"], data["hunter"], data["target"]
    if key == "no" or card_id not in state["hunters"][holder]["events"]:
        ctx.say("{target} declines {card}.", target=hunter_label(target),
                card=cards.event_name(card_id))
        return
    hunters.lose_card(state, holder, card_id)
    event_cards.play(ctx, card_id, holder, {"hunter": target})


def stormy_seas(ctx: Ctx, play_: CardPlay) -> None:
    """„Choose a sea with no hunter in it: nobody may enter it for 2 full rounds. If Dracula
    is there, his location is revealed and he must at once go ashore in an adjacent port,
    whose card is revealed too.“"""
    ask(ctx, "storm", controller(ctx.state, played_by(play_)), front=True, always_ask=True)


def _storm_options(state: State, data: QuestionData) -> list[Any]:
    taken = movement.hunter_places(state)
    return place_options([p for p in board.PLACES if board.is_sea(p) and p not in taken],
                         N_("Storm on {place}"))


@question(N_("Stormy Seas: which sea?"), _storm_options)
def _storm(ctx: Ctx, data: QuestionData, sea: str) -> None:
    state = ctx.state
    state["storms"][sea] = state["round"] + 2
    ctx.say("A storm closes {place} for two rounds.", place=board.name(sea))
    ctx.consult(DRACULA)  # caught there or not: either is news
    if trail.dracula_place(state) == sea:
        state["trail"][0]["revealed"] = True
        ctx.revealed = True
        ctx.say("Dracula is caught at sea in {place}!", place=board.name(sea))
        ask(ctx, "ashore", DRACULA, front=True, sea=sea, always_ask=True)


def _ashore_options(state: State, data: QuestionData) -> list[Any]:
    ports = [p for p in board.SEA.get(data["sea"], ()) if not board.is_sea(p)
             and p not in movement.forbidden(state)]
    return place_options(ports, N_("Ashore in {place}")) or [
        ("stay", N_("No port: stay"), {}, "")]


@question(N_("Stormy Seas: go ashore"), _ashore_options)
def _ashore(ctx: Ctx, data: QuestionData, port: str) -> None:
    if port == "stay":
        return
    state = ctx.state
    slot = trail.new_slot(state, port, port)
    slot["revealed"] = True
    state["sea_run"] = 0
    ctx.say("Dracula goes ashore in {place}.", place=board.name(port))
    dropped = trail.push(state, slot)
    if dropped is not None:
        dracula_turn.drop(ctx, dropped)


def with_luck_target(state: State, hunter: str | None, data: WindowData) -> bool:
    """A card just played to cancel, the Roadblock or Dracula's ally: without one, Good Luck
    at the start of a turn would be spent on nothing."""
    return bool(data.get("card") or state["roadblock"] or state["allies"]["dracula"])


def good_luck(ctx: Ctx, play_: CardPlay) -> None:
    """„Cancel the effect of an event card just played, OR discard the Roadblock marker, OR
    discard Dracula's current ally.“"""
    if play_["data"].get("card"):
        cancel(ctx, play_["data"]["card"])
        return
    ask(ctx, "luck", controller(ctx.state, played_by(play_)), front=True, always_ask=True)


def _luck_options(state: State, data: QuestionData) -> list[Any]:
    out: list[Option] = []
    if state["roadblock"]:
        out.append(("roadblock", N_("Remove the Roadblock"), {}, ""))
    if state["allies"]["dracula"]:
        out.append(("ally", N_("Discard Dracula's ally {card}"),
                    {"card": cards.event_name(state["allies"]["dracula"])}, ""))
    return out or [("nothing", N_("Nothing to remove"), {}, "")]


@question(N_("Good Luck: what do you remove?"), _luck_options)
def _luck(ctx: Ctx, data: QuestionData, key: str) -> None:
    if key == "roadblock":
        ctx.state["roadblock"] = None
        ctx.say("The Roadblock is removed.")
    elif key == "ally":
        set_ally(ctx, "dracula", None)


# --- cards played at the moment another card or step names (a train stopped, an encounter) ---


def chartered_carriage(ctx: Ctx, play_: CardPlay) -> None:
    """„Do not roll the train die: you automatically catch a fast/express train.“"""
    train = pending(ctx.state, "train")
    if train is not None:
        train["delayed"] = False
        train["express"] = True


def forewarned(ctx: Ctx, play_: CardPlay) -> None:
    """„Discard that encounter without effect.“"""
    meeting = pending(ctx.state, "meet")
    if meeting is not None:
        meeting["forewarned"] = True


def can_swap_item(state: State, hunter: str | None, data: WindowData) -> bool:
    """Secret Weapon needs an item to give and one in the discards to take."""
    return bool(hunter and state["hunters"][hunter]["items"] and state["item_discard"])


def secret_weapon(ctx: Ctx, play_: CardPlay) -> None:
    """„Discard 1 item to take any 1 item from the item discard pile.“"""
    ask(ctx, "secret_weapon", controller(ctx.state, played_by(play_)), front=True,
        hunter=played_by(play_), always_ask=True)


def _weapon_options(state: State, data: QuestionData) -> list[Any]:
    return [(c, N_("Discard {card}"), {"card": cards.item_name(c)}, "")
            for c in sorted(state["hunters"][data["hunter"]]["items"])]


@question(N_("Secret Weapon: which item do you give up?"), _weapon_options)
def _secret_weapon(ctx: Ctx, data: QuestionData, given: str) -> None:
    hunters.discard_card(ctx, data["hunter"], given, N_("Secret Weapon"))
    ask(ctx, "weapon_take", controller(ctx.state, data["hunter"]), front=True,
        hunter=data["hunter"], given=given, always_ask=True)


def _weapon_take_options(state: State, data: QuestionData) -> list[Any]:
    found: dict[str, str] = {}
    for c in state["item_discard"]:
        if c != data["given"]:
            found.setdefault(cards.kind(c), c)
    return [(c, N_("Take {card}"), {"card": cards.item_name(c)}, "")
            for _k, c in sorted(found.items())] or [("none", N_("Nothing to take"), {}, "")]


@question(N_("Secret Weapon: which item from the discards?"),
          _weapon_take_options)
def _weapon_take(ctx: Ctx, data: QuestionData, taken: str) -> None:
    if taken == "none":
        return
    ctx.state["item_discard"].remove(taken)
    ctx.say("{hunter} takes {card} from the discards.", hunter=hunter_label(data["hunter"]),
            card=cards.item_name(taken))
    hunters.take_item(ctx, data["hunter"], taken)

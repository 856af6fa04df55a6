"""What each of the 45 event cards does (``data/events.json`` gives the printed text; the
rule each follows is quoted per card), registered with the moments it may be played.

Combat cards (Advance Planning, Escape Route, Heroic Leap, Trap, Rage, Relentless Minion,
Sister Agatha) belong to the combat; Great Strength's moment (a bite or a loss of health
from one cause) is left to the players by hand.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_
from companion.games.fury import board, cards, hunters, movement, trail
from companion.games.fury.choices import Option, ask, question
from companion.games.fury.events import LATER, card, later, open_window, set_ally
from companion.games.fury.state import DRACULA, Ctx, State, controller, hunter_label

LAND = [p for p in board.PLACES if board.is_land(p) and p != board.HOSPITAL]


def _place_options(places: list[str], label: str) -> list[Any]:
    return [(p, label, {"place": board.name(p)}, "") for p in sorted(
        places, key=board.name)]


def _holds(state: State, hunter: str, *kinds: str) -> list[str]:
    return sorted(c for c in state["hunters"][hunter]["items"] if cards.kind(c) in kinds)


# --- revealing the trail (and Sensationalist Press) -----------------------------------------


def reveal(ctx: Ctx, found: list[trail.Slot], why: str, tokens: bool = False) -> None:
    """An event reveals trail or catacomb cards; first Dracula may play Sensationalist Press
    („When an event card would reveal 1 or more cards of your trail or catacombs“)."""
    targets = [s["id"] for s in found
               if not s["revealed"] or (tokens and set(s["tokens"]) - set(s["shown"]))]
    ctx.revealed = True
    if not targets:
        ctx.say("{why}: nothing on Dracula's trail there.", why=why)
        return
    later(ctx, "reveal", slots=targets, why=why, tokens=tokens)
    open_window(ctx, "reveal", slots=targets)


def _reveal_now(ctx: Ctx, item: dict[str, Any]) -> None:
    state = ctx.state
    for slot_id in item["slots"]:
        where = trail.find(state, slot_id)
        if where is None:
            continue
        slot = state[where[0]][where[1]]
        slot["revealed"] = True
        name = board.name(slot["card"] or slot["place"])
        if where[0] == "trail":
            ctx.say("{why}: trail card {n} is {place}.", why=item["why"], n=where[1] + 1,
                    place=name)
        else:
            ctx.say("{why}: catacomb {n} is {place}.", why=item["why"], n=where[1] + 1,
                    place=name)
        if item["tokens"]:
            slot["shown"] = list(slot["tokens"])
            if slot["tokens"]:
                ctx.say("Its encounters: {names}.",
                        names=[cards.encounter_name(t) for t in slot["tokens"]])


LATER["reveal"] = _reveal_now


def _pending_reveal(state: State) -> dict[str, Any] | None:
    return next((q for q in state["queue"] if q.get("do") == "reveal"), None)


@card("sensationalist_press", "reveal")
def sensationalist_press(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Choose 1 of those locations: it is not revealed.“"""
    ask(ctx, "press", DRACULA, front=True, always_ask=True)


def _press_options(state: State, data: dict[str, Any]) -> list[Any]:
    pending = _pending_reveal(state)
    out = []
    for slot_id in pending["slots"] if pending else []:
        slot = trail.get(state, slot_id)
        out.append((str(slot_id), N_("Keep {place} hidden"),
                    {"place": board.name(slot["card"] or slot["place"])}, ""))
    return out


@question("press", N_("Sensationalist Press: which card stays hidden?"), _press_options)
def _press(ctx: Ctx, data: dict[str, Any], key: str) -> None:
    pending = _pending_reveal(ctx.state)
    if pending is not None:
        pending["slots"].remove(int(key))
        ctx.say("One card stays hidden.")


def newspaper(ctx: Ctx, why: str) -> None:
    """„Reveal the oldest location in Dracula's trail that is not yet revealed, unless it is
    Dracula's current location.“"""
    slot = trail.oldest_hidden_location(ctx.state)
    if slot is None or slot["id"] == ctx.state["trail"][0]["id"]:
        ctx.revealed = True
        ctx.say("{why}: nothing new.", why=why)
        return
    reveal(ctx, [slot], why)


# --- hunters' cards played when drawn ------------------------------------------------------


@card("newspaper_reports")
def newspaper_reports(ctx: Ctx, play_: dict[str, Any]) -> None:
    newspaper(ctx, N_("Newspaper Reports"))


@card("hired_scouts")
def hired_scouts(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Name 2 cities. Each of them that is in Dracula's trail or catacombs is revealed at
    once, with its encounters.“"""
    seat = controller(ctx.state, play_["hunter"])
    ask(ctx, "scout", seat, front=True, first=None, by=seat, always_ask=True)


def _scout_options(state: State, data: dict[str, Any]) -> list[Any]:
    return _place_options([p for p in LAND if p != data["first"]], N_("Scout {place}"))


@question("scout", N_("Hired Scouts: name a city"), _scout_options)
def _scout(ctx: Ctx, data: dict[str, Any], place: str) -> None:
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


@card("telegraph_ahead")
def telegraph_ahead(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Every city in Dracula's trail or catacombs that is one road away from your city is
    revealed at once.“"""
    here = ctx.state["hunters"][play_["hunter"]]["place"]
    near = set(board.ROAD.get(here, ()))
    reveal(ctx, [s for s in trail.slots(ctx.state) if s["place"] in near],
           N_("Telegraph Ahead"))


@card("mystic_research")
def mystic_research(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Look at Dracula's event cards and share what you learn with the other hunters.“"""
    state = ctx.state
    held = [cards.event_name(c) for c in sorted(state["dracula_events"])]
    seats = sorted(set(state["control"].values()))
    ctx.revealed = True
    ctx.tell(seats, "Mystic Research: Dracula holds {cards}.", cards=held or [N_("nothing")])


@card("consecrated_ground")
def consecrated_ground(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Put the Consecrated Ground marker on any city except Castle Dracula, Galatz or
    Klausenburg… If that city is in Dracula's trail or catacombs, it and its encounters are
    revealed; then every encounter in the city is discarded. Dracula cannot enter it.“"""
    ask(ctx, "consecrate", controller(ctx.state, play_["hunter"]), front=True,
        always_ask=True)


def _consecrate_options(state: State, data: dict[str, Any]) -> list[Any]:
    barred = {board.CASTLE, "galatz", "klausenburg"}
    return _place_options([p for p in board.PLACES if board.is_city(p) and p not in barred],
                          N_("Consecrate {place}"))


@question("consecrate", N_("Consecrated Ground: which city?"), _consecrate_options)
def _consecrate(ctx: Ctx, data: dict[str, Any], place: str) -> None:
    state = ctx.state
    for other, kind in list(state["blocked"].items()):
        if kind == "consecrated":
            del state["blocked"][other]
    state["blocked"][place] = "consecrated"
    ctx.say("Consecrated Ground protects {place}.", place=board.name(place))
    later(ctx, "sweep", place=place)
    reveal(ctx, [s for s in trail.slots(state) if s["place"] == place],
           N_("Consecrated Ground"), tokens=True)


def _sweep(ctx: Ctx, item: dict[str, Any]) -> None:
    """„Все Засады, находившиеся в городах, сбрасываются после размещения там этих
    жетонов.“"""
    swept = []
    for slot in trail.slots(ctx.state):
        if slot["place"] == item["place"] and slot["tokens"]:
            swept += slot["tokens"]
            trail.return_tokens(ctx.state, slot["tokens"])
            slot["tokens"], slot["shown"] = [], []
    if swept:
        ctx.say("The encounters in {place} are discarded.", place=board.name(item["place"]))


LATER["sweep"] = _sweep


@card("re_equip")
def re_equip(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„You may discard 1 of your items to take any 1 item of your choice from the item deck;
    then shuffle the item deck.“"""
    hunter = play_["hunter"]
    if ctx.state["hunters"][hunter]["items"] and ctx.state["item_deck"]:
        ask(ctx, "re_equip", controller(ctx.state, hunter), front=True, hunter=hunter,
            always_ask=True)


def _re_equip_options(state: State, data: dict[str, Any]) -> list[Any]:
    out: list[Option] = [("keep", N_("Keep my items"), {}, "")]
    out += [(c, N_("Discard {card}"), {"card": cards.item_name(c)}, "")
            for c in sorted(state["hunters"][data["hunter"]]["items"])]
    return out


@question("re_equip", N_("Re-Equip: discard an item to choose one from the deck?"),
          _re_equip_options)
def _re_equip(ctx: Ctx, data: dict[str, Any], key: str) -> None:
    if key == "keep":
        return
    hunters.discard_card(ctx, data["hunter"], key, N_("Re-Equip"))
    ask(ctx, "re_equip_take", controller(ctx.state, data["hunter"]), front=True,
        hunter=data["hunter"], always_ask=True)


def _take_options(state: State, data: dict[str, Any]) -> list[Any]:
    kinds = sorted({cards.kind(c) for c in state["item_deck"]})
    return [(k, N_("Take {card}"), {"card": cards.en(cards.ITEMS[k]["names"])}, "")
            for k in kinds]


@question("re_equip_take", N_("Re-Equip: which item?"), _take_options)
def _re_equip_take(ctx: Ctx, data: dict[str, Any], kind: str) -> None:
    state = ctx.state
    taken = next(c for c in state["item_deck"] if cards.kind(c) == kind)
    state["item_deck"].remove(taken)
    state["item_deck"] = ctx.rng.shuffle(state["item_deck"])
    ctx.say("{hunter} takes an item from the deck, which is shuffled.",
            hunter=hunter_label(data["hunter"]))
    hunters.take_item(ctx, data["hunter"], taken)


@card("surprising_return")
def surprising_return(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Take any hunter 'keep' event from the event discard pile, show it to Dracula and keep
    it.“"""
    hunter = play_["hunter"]
    if _return_options(ctx.state, {}):
        ask(ctx, "surprising_return", controller(ctx.state, hunter), front=True,
            hunter=hunter, always_ask=True)
    else:
        ctx.say("No hunter's card to take back.")


def _return_options(state: State, data: dict[str, Any]) -> list[Any]:
    found: dict[str, str] = {}
    for c in state["event_discard"]:
        entry = cards.event(c)
        if entry["side"] == "hunter" and entry["kind"] == "keep":
            found.setdefault(cards.kind(c), c)
    return [(c, N_("Take {card}"), {"card": cards.event_name(c)}, "")
            for _k, c in sorted(found.items())]


@question("surprising_return", N_("Surprising Return: which card?"), _return_options)
def _surprising_return(ctx: Ctx, data: dict[str, Any], taken: str) -> None:
    ctx.state["event_discard"].remove(taken)
    ctx.say("{hunter} takes {card} back from the discards.",
            hunter=hunter_label(data["hunter"]), card=cards.event_name(taken))
    hunters.take_event(ctx, data["hunter"], taken)


@card("vampire_lair")
def vampire_lair(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„If Dracula has at least 1 vampire on the vampire track, you may fight one vampire…
    As soon as you score a Wound or a Kill, the combat ends and the vampire track goes back
    1.“"""
    from companion.games.fury import encounters

    hunter = play_["hunter"]
    if ctx.state["vampires"] < 1:
        ctx.say("Dracula has no vampire yet: Vampire Lair does nothing.")
        return
    encounters.start_combat(ctx, "vampire", [hunter], ctx.state["hunters"][hunter]["place"])


# --- allies ---------------------------------------------------------------------------------


def standing(ctx: Ctx) -> None:
    """What allies do all the time: Jonathan Harker keeps the sixth card of the trail face
    up."""
    state = ctx.state
    ally = state["allies"]["hunters"]
    if ally and cards.kind(ally) == "jonathan_harker" and len(state["trail"]) == 6:
        oldest = state["trail"][5]
        if not oldest["revealed"] and (oldest["card"] or oldest["power"] == "hide"):
            oldest["revealed"] = True
            ctx.revealed = True
            ctx.say("Jonathan Harker: trail card 6 is {place}.",
                    place=board.name(oldest["card"] or oldest["place"]))


def quincey(ctx: Ctx) -> None:
    """„At the start of each of your turns, choose 1 hunter: he loses 1 health unless he
    shows you a Heavenly Host or a Crucifix.“"""
    ally = ctx.state["allies"]["dracula"]
    if ally and cards.kind(ally) == "quincey_p_morris":
        ask(ctx, "quincey", DRACULA, always_ask=True)


def _hunter_options(state: State, data: dict[str, Any]) -> list[Any]:
    return [(h, N_("{hunter}"), {"hunter": cards.hunter_name(h)}, "")
            for h in cards.HUNTERS if state["hunters"][h]["place"] != board.HOSPITAL
            and (not data.get("bitten") or state["hunters"][h]["bites"] > 0)]


@question("quincey", N_("Quincey P. Morris: which hunter?"), _hunter_options)
def _quincey(ctx: Ctx, data: dict[str, Any], hunter: str) -> None:
    ward = _holds(ctx.state, hunter, "heavenly_host", "crucifix")
    if ward:
        ctx.say("{hunter} shows Dracula a card.", hunter=hunter_label(hunter))
        ctx.tell([DRACULA], "{hunter} shows you {card}.", hunter=hunter_label(hunter),
                 card=cards.item_name(ward[0]))
        return
    hunters.lose_health(ctx, hunter, 1, N_("Quincey P. Morris"))


# --- Dracula's cards played when drawn -------------------------------------------------------


@card("night_visit")
def night_visit(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Play it on any bitten hunter: he loses 2 health at once.“"""
    if _hunter_options(ctx.state, {"bitten": True}):
        ask(ctx, "night_visit", DRACULA, front=True, bitten=True, always_ask=True)
    else:
        ctx.say("No hunter is bitten: Night Visit does nothing.")


@question("night_visit", N_("Night Visit: which bitten hunter?"), _hunter_options)
def _night_visit(ctx: Ctx, data: dict[str, Any], hunter: str) -> None:
    hunters.lose_health(ctx, hunter, 2, N_("Night Visit"))


@card("vampiric_influence")
def vampiric_influence(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Play it on any bitten hunter: look at his event and item cards; he must tell you
    his next move.“"""
    if _hunter_options(ctx.state, {"bitten": True}):
        ask(ctx, "influence", DRACULA, front=True, bitten=True, always_ask=True)
    else:
        ctx.say("No hunter is bitten: Vampiric Influence does nothing.")


@question("influence", N_("Vampiric Influence: which bitten hunter?"), _hunter_options)
def _influence(ctx: Ctx, data: dict[str, Any], hunter: str) -> None:
    from companion.games.fury import encounter_effects

    encounter_effects.spy(ctx, "vampiric_influence", [hunter], False)


@card("evasion")
def evasion(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Make one extra move at once, to any city on the board (not a sea) without a hunter,
    whatever the distance.“"""
    ask(ctx, "evasion", DRACULA, front=True, always_ask=True)


def _evasion_options(state: State, data: dict[str, Any]) -> list[Any]:
    barred = trail.places(state) | movement.forbidden(state) | movement.hunter_places(state)
    return _place_options([p for p in board.PLACES if board.is_city(p) and p not in barred],
                          N_("Go to {place}"))


@question("evasion", N_("Evasion: where to?"), _evasion_options)
def _evasion(ctx: Ctx, data: dict[str, Any], place: str) -> None:
    from companion.games.fury import dracula

    state = ctx.state
    slot = trail.new_slot(state, place, place)
    ctx.say("Dracula makes an extra move: a land card is laid on his trail.")
    ctx.tell([DRACULA], "You are now in {place}.", place=board.name(place))
    state["sea_run"] = 0
    dropped = trail.push(state, slot)
    if dropped is not None:
        dracula.drop(ctx, dropped)


# --- hunters' cards at the start of a turn ---------------------------------------------------


def _not_dawn(state: State, hunter: str | None, data: dict[str, Any]) -> bool:
    return state["time"] != 0


@card("long_day", "hunter_start", when=_not_dawn)
def long_day(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Move the day/night marker back 1 space.“ (not at Dawn)"""
    state = ctx.state
    state["time"] = max(0, state["time"] - 1)
    ctx.say("The day lasts longer: {time}.", time=cards.time_name(state["time"]))


@card("money_trail", "hunter_start")
def money_trail(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Every sea in Dracula's trail is revealed.“"""
    seas = [s for s in ctx.state["trail"] if s["card"] and board.is_sea(s["card"])]
    reveal(ctx, seas, N_("Money Trail"))


def _transfusion_possible(state: State, hunter: str | None, data: dict[str, Any]) -> bool:
    return bool(_transfusion_options(state, {"hunter": hunter}))


def _transfusion_options(state: State, data: dict[str, Any]) -> list[Any]:
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


@card("blood_transfusion", "hunter_start", when=_transfusion_possible)
def blood_transfusion(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„One of you loses 1 health; the other's bite is removed.“"""
    ask(ctx, "transfusion", controller(ctx.state, play_["hunter"]), front=True,
        hunter=play_["hunter"], always_ask=True)


@question("transfusion", N_("Blood Transfusion: who gives blood?"), _transfusion_options)
def _transfusion(ctx: Ctx, data: dict[str, Any], key: str) -> None:
    giver, taker = key.split(">")
    hunters.lose_health(ctx, giver, 1, N_("Blood Transfusion"))
    ctx.state["hunters"][taker]["bites"] -= 1
    ctx.say("{hunter}'s bite is cured.", hunter=hunter_label(taker))


def _can_rush(state: State, hunter: str | None, data: dict[str, Any]) -> bool:
    return state["hunters"][hunter]["health"] > cards.VAMPIRES_TO_WIN - state["vampires"]


@card("sense_of_emergency", "hunter_start", when=_can_rush)
def sense_of_emergency(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Lose as much health as the number of vampires Dracula still needs to win, then move
    to any location on the board.“"""
    state = ctx.state
    hunter = play_["hunter"]
    hunters.lose_health(ctx, hunter, cards.VAMPIRES_TO_WIN - state["vampires"],
                        N_("Sense of Emergency"))
    state["queue"].insert(0, {"kind": "go_anywhere", "seat": controller(state, hunter),
                              "hunter": hunter})


def _bitten(state: State, hunter: str | None, data: dict[str, Any]) -> bool:
    return state["hunters"][hunter]["bites"] > 0


@card("hypnosis", "hunter_start", when=_bitten)
def hypnosis(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„That hunter rolls a hunter die. 1–2: … his turn ends at once. 3–6: Dracula's current
    location and every vampire in his trail and catacombs are revealed, and Dracula must
    declare his next move.“"""
    state = ctx.state
    hunter = play_["hunter"]
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


def _dracula_declare_options(state: State, data: dict[str, Any]) -> list[Any]:
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


@question("dracula_declares", N_("Hypnosis: declare your next move"), _dracula_declare_options)
def _dracula_declares(ctx: Ctx, data: dict[str, Any], key: str) -> None:
    ctx.state["dracula_declared"] = None if key == "none" else key
    power, _, place = key.partition(":")
    if key == "none":
        ctx.say("Dracula declares that he cannot move.")
    elif power == "move":
        ctx.say("Dracula declares his next move: to {place}.", place=board.name(place))
    else:
        ctx.say("Dracula declares his next move: {power} to {place}.",
                power=cards.power_name(power), place=board.name(place))


def _stormy_possible(state: State, hunter: str | None, data: dict[str, Any]) -> bool:
    return bool(_storm_options(state, {}))


@card("stormy_seas", "hunter_start", when=_stormy_possible)
def stormy_seas(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Choose a sea with no hunter in it: nobody may enter it for 2 full rounds. If Dracula
    is there, his location is revealed and he must at once go ashore in an adjacent port,
    whose card is revealed too.“"""
    ask(ctx, "storm", controller(ctx.state, play_["hunter"]), front=True, always_ask=True)


def _storm_options(state: State, data: dict[str, Any]) -> list[Any]:
    taken = movement.hunter_places(state)
    return _place_options([p for p in board.PLACES if board.is_sea(p) and p not in taken],
                          N_("Storm on {place}"))


@question("storm", N_("Stormy Seas: which sea?"), _storm_options)
def _storm(ctx: Ctx, data: dict[str, Any], sea: str) -> None:
    state = ctx.state
    state["storms"][sea] = state["round"] + 2
    ctx.say("A storm closes {place} for two rounds.", place=board.name(sea))
    if trail.dracula_place(state) == sea:
        state["trail"][0]["revealed"] = True
        ctx.revealed = True
        ctx.say("Dracula is caught at sea in {place}!", place=board.name(sea))
        ask(ctx, "ashore", DRACULA, front=True, sea=sea, always_ask=True)


def _ashore_options(state: State, data: dict[str, Any]) -> list[Any]:
    ports = [p for p in board.SEA.get(data["sea"], ()) if not board.is_sea(p)
             and p not in movement.forbidden(state)]
    return _place_options(ports, N_("Ashore in {place}")) or [
        ("stay", N_("No port: stay"), {}, "")]


@question("ashore", N_("Stormy Seas: go ashore"), _ashore_options)
def _ashore(ctx: Ctx, data: dict[str, Any], port: str) -> None:
    from companion.games.fury import dracula

    if port == "stay":
        return
    state = ctx.state
    slot = trail.new_slot(state, port, port)
    slot["revealed"] = True
    state["sea_run"] = 0
    ctx.say("Dracula goes ashore in {place}.", place=board.name(port))
    dropped = trail.push(state, slot)
    if dropped is not None:
        dracula.drop(ctx, dropped)


def _luck_targets(state: State, hunter: str | None, data: dict[str, Any]) -> bool:
    return bool(state["roadblock"] or state["allies"]["dracula"])


@card("good_luck", "cancel", "hunter_start", when=None)
def good_luck(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Cancel the effect of an event card just played, OR discard the Roadblock marker, OR
    discard Dracula's current ally.“"""
    if play_["data"].get("card"):
        cancel(ctx, play_["data"]["card"])
        return
    ask(ctx, "luck", controller(ctx.state, play_["hunter"]), front=True, always_ask=True)


def _luck_options(state: State, data: dict[str, Any]) -> list[Any]:
    out: list[Option] = []
    if state["roadblock"]:
        out.append(("roadblock", N_("Remove the Roadblock"), {}, ""))
    if state["allies"]["dracula"]:
        out.append(("ally", N_("Discard Dracula's ally {card}"),
                    {"card": cards.event_name(state["allies"]["dracula"])}, ""))
    return out or [("nothing", N_("Nothing to remove"), {}, "")]


@question("luck", N_("Good Luck: what do you remove?"), _luck_options)
def _luck(ctx: Ctx, data: dict[str, Any], key: str) -> None:
    if key == "roadblock":
        ctx.state["roadblock"] = None
        ctx.say("The Roadblock is removed.")
    elif key == "ally":
        set_ally(ctx, "dracula", None)


def cancel(ctx: Ctx, card_id: str) -> None:
    """Take a played card's waiting effect out of the queue, and the chances still waiting
    to cancel it: there is nothing left to cancel."""
    queue = ctx.state["queue"]
    for i, item in enumerate(queue):
        if item["kind"] == "effect" and item.get("card") == card_id:
            queue.pop(i)
            queue[:] = [q for q in queue if not (
                q["kind"] == "window" and q["window"] == "cancel"
                and q["data"].get("card") == card_id)]
            ctx.say("{card} is cancelled.", card=cards.event_name(card_id))
            return


# The start-of-turn cards of Good Luck and Devilish Power need something to remove.
def _with_luck_target(state: State, hunter: str | None, data: dict[str, Any]) -> bool:
    return bool(data.get("card")) or _luck_targets(state, hunter, data)


def _with_power_target(state: State, hunter: str | None, data: dict[str, Any]) -> bool:
    return bool(data.get("card")) or bool(
        "heavenly_host" in state["blocked"].values() or state["allies"]["hunters"])


# --- Dracula's cards at the start of his turn ------------------------------------------------


@card("devilish_power", "cancel", "dracula_start", when=_with_power_target)
def devilish_power(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Cancel the effect of an event card just played, OR discard a Heavenly Host marker,
    OR discard the hunters' current ally.“"""
    if play_["data"].get("card"):
        cancel(ctx, play_["data"]["card"])
        return
    ask(ctx, "devilish", DRACULA, front=True, always_ask=True)


def _devilish_options(state: State, data: dict[str, Any]) -> list[Any]:
    out = [(p, N_("Remove the Heavenly Host from {place}"), {"place": board.name(p)}, "")
           for p, kind in sorted(state["blocked"].items()) if kind == "heavenly_host"]
    if state["allies"]["hunters"]:
        out.append(("ally", N_("Discard the hunters' ally {card}"),
                    {"card": cards.event_name(state["allies"]["hunters"])}, ""))
    return out or [("nothing", N_("Nothing to remove"), {}, "")]


@question("devilish", N_("Devilish Power: what do you remove?"), _devilish_options)
def _devilish(ctx: Ctx, data: dict[str, Any], key: str) -> None:
    if key == "ally":
        set_ally(ctx, "hunters", None)
    elif key != "nothing":
        del ctx.state["blocked"][key]
        ctx.say("The Heavenly Host in {place} is removed.", place=board.name(key))


def _not_small_hours(state: State, hunter: str | None, data: dict[str, Any]) -> bool:
    return state["time"] != len(cards.TIME_TRACK) - 1


@card("time_runs_short", "dracula_start", when=_not_small_hours)
def time_runs_short(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Move the day/night marker forward 1 space.“ (not in the Small Hours)"""
    state = ctx.state
    state["time"] += 1
    ctx.say("Time runs short: {time}.", time=cards.time_name(state["time"]))


@card("unearthly_swiftness", "dracula_start")
def unearthly_swiftness(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Make two moves in a row, each by the usual rules.“"""
    turn = ctx.state["turn"]
    if turn and turn["who"] == "dracula":
        turn["extra_move"] = True


@card("roadblock", "dracula_start")
def roadblock(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Put the Roadblock marker on one road or railway between two places (or move it there
    if it is already in play): hunters cannot travel along it.“"""
    ask(ctx, "roadblock_from", DRACULA, front=True, always_ask=True)


def _block_from_options(state: State, data: dict[str, Any]) -> list[Any]:
    return _place_options([p for p in board.PLACES if board.ROAD.get(p) or board.RAIL.get(p)],
                          N_("From {place}"))


@question("roadblock_from", N_("Roadblock: from which place?"), _block_from_options)
def _block_from(ctx: Ctx, data: dict[str, Any], place: str) -> None:
    ask(ctx, "roadblock_to", DRACULA, front=True, start=place, always_ask=True)


def _block_to_options(state: State, data: dict[str, Any]) -> list[Any]:
    start = data["start"]
    out = [(f"road:{p}", N_("Road to {place}"), {"place": board.name(p)}, "")
           for p in sorted(board.ROAD.get(start, ()))]
    out += [(f"rail:{p}", N_("Railway to {place}"), {"place": board.name(p)}, "")
            for p in sorted(board.RAIL.get(start, ()))]
    return out


@question("roadblock_to", N_("Roadblock: which link?"), _block_to_options)
def _block_to(ctx: Ctx, data: dict[str, Any], key: str) -> None:
    kind, _, end = key.partition(":")
    link = sorted([data["start"], end])
    ctx.state["roadblock"] = {"road": link if kind == "road" else None,
                              "rail": link if kind == "rail" else None}
    ctx.say("Roadblock on the {kind} between {a} and {b}.",
            kind=N_("road") if kind == "road" else N_("railway"), a=board.name(link[0]),
            b=board.name(link[1]))


# --- cards played at a moment of somebody else's turn ---------------------------------------------


@card("false_tip_off", "train")
def false_tip_off(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„He does not roll the train die: he is delayed over papers… He may cancel this card
    with Chartered Carriage.“"""
    train = _pending(ctx.state, "train")
    if train is not None:
        train["delayed"] = True
        open_window(ctx, "tip_off", among=train["group"])


@card("chartered_carriage", "tip_off")
def chartered_carriage(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Do not roll the train die: you automatically catch a fast/express train.“"""
    train = _pending(ctx.state, "train")
    if train is not None:
        train["delayed"] = False
        train["express"] = True


def _pending(state: State, do: str) -> dict[str, Any] | None:
    return next((q for q in state["queue"] if q.get("do") == do), None)


@card("forewarned", "encounter")
def forewarned(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Discard that encounter without effect.“"""
    meeting = _pending(ctx.state, "meet")
    if meeting is not None:
        meeting["forewarned"] = True


@card("secret_weapon", "encounter",
      when=lambda state, hunter, data: bool(state["hunters"][hunter]["items"]
                                            and state["item_discard"]))
def secret_weapon(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Discard 1 item to take any 1 item from the item discard pile.“"""
    ask(ctx, "secret_weapon", controller(ctx.state, play_["hunter"]), front=True,
        hunter=play_["hunter"], always_ask=True)


def _weapon_options(state: State, data: dict[str, Any]) -> list[Any]:
    return [(c, N_("Discard {card}"), {"card": cards.item_name(c)}, "")
            for c in sorted(state["hunters"][data["hunter"]]["items"])]


@question("secret_weapon", N_("Secret Weapon: which item do you give up?"), _weapon_options)
def _secret_weapon(ctx: Ctx, data: dict[str, Any], given: str) -> None:
    hunters.discard_card(ctx, data["hunter"], given, N_("Secret Weapon"))
    ask(ctx, "weapon_take", controller(ctx.state, data["hunter"]), front=True,
        hunter=data["hunter"], given=given, always_ask=True)


def _weapon_take_options(state: State, data: dict[str, Any]) -> list[Any]:
    found: dict[str, str] = {}
    for c in state["item_discard"]:
        if c != data["given"]:
            found.setdefault(cards.kind(c), c)
    return [(c, N_("Take {card}"), {"card": cards.item_name(c)}, "")
            for _k, c in sorted(found.items())] or [("none", N_("Nothing to take"), {}, "")]


@question("weapon_take", N_("Secret Weapon: which item from the discards?"),
          _weapon_take_options)
def _weapon_take(ctx: Ctx, data: dict[str, Any], taken: str) -> None:
    if taken == "none":
        return
    ctx.state["item_discard"].remove(taken)
    ctx.say("{hunter} takes {card} from the discards.", hunter=hunter_label(data["hunter"]),
            card=cards.item_name(taken))
    hunters.take_item(ctx, data["hunter"], taken)


@card("seduction", "new_vampire")
def seduction(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Instead of the usual resolution, the New Vampire bites the hunter. The New Vampire
    then returns to your encounter hand…, and the hunter's turn ends.“"""
    meeting = _pending(ctx.state, "meet")
    if meeting is not None:
        meeting["seduced"] = True


@card("wild_horses", "enter")
def wild_horses(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Move that hunter to any city one road away; the combat does not take place. He may
    still rest, supply or trade.“"""
    fight = _pending(ctx.state, "fight")
    if fight is not None:
        fight["horses"] = True
        ask(ctx, "horses", DRACULA, front=True, group=fight["group"], always_ask=True)


def _horses_options(state: State, data: dict[str, Any]) -> list[Any]:
    here = state["hunters"][data["group"][0]]["place"]
    return _place_options([p for p in board.ROAD.get(here, ()) if board.is_city(p)],
                          N_("Send them to {place}"))


@question("horses", N_("Wild Horses: where do they run?"), _horses_options)
def _horses(ctx: Ctx, data: dict[str, Any], place: str) -> None:
    for hunter in data["group"]:
        ctx.state["hunters"][hunter]["place"] = place
    ctx.say("Wild horses carry {hunters} to {place}.",
            hunters=[hunter_label(h) for h in data["group"]], place=board.name(place))


@card("customs_search", "customs")
def customs_search(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„His turn ends at once and he discards all his items.“"""
    state = ctx.state
    for hunter in play_["data"]["group"]:
        for item in list(state["hunters"][hunter]["items"]):
            hunters.discard_card(ctx, hunter, item, N_("Customs Search"))
    turn = state["turn"]
    if turn and turn["who"] != "dracula":
        turn["ended"] = True
        turn["stage"] = "end"


@card("control_storms", "at_sea")
def control_storms(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„Instead of their move, you put them in any port within 3 sea moves.“"""
    ask(ctx, "control_storms", DRACULA, front=True, group=play_["data"]["group"],
        always_ask=True)


def _storm_port_options(state: State, data: dict[str, Any]) -> list[Any]:
    start = state["hunters"][data["group"][0]]["place"]
    reach = _sea_reach(start, 3)
    return _place_options(sorted(p for p in reach if not board.is_sea(p)),
                          N_("Wash them up in {place}"))


def _sea_reach(start: str, steps: int) -> set[str]:
    reached, frontier = {start}, [start]
    for _ in range(steps):
        following = []
        for here in frontier:
            if not board.is_sea(here):
                continue
            for to in board.SEA.get(here, ()):
                if to not in reached:
                    reached.add(to)
                    following.append(to)
        frontier = following
    return reached


@question("control_storms", N_("Control Storms: which port?"), _storm_port_options)
def _control_storms(ctx: Ctx, data: dict[str, Any], port: str) -> None:
    state = ctx.state
    for hunter in data["group"]:
        state["hunters"][hunter]["place"] = port
    ctx.say("Storms drive {hunters} into {place}.",
            hunters=[hunter_label(h) for h in data["group"]], place=board.name(port))
    turn = state["turn"]
    if turn and turn["who"] in data["group"]:
        turn["moved"] = True
        turn["stage"] = "search"



# --- Relentless Minion: after a fight with a minion ----------------------------------------


def _after_agent(ctx: Ctx, fight: dict[str, Any]) -> None:
    """„As soon as a hunter has killed a Minion or escaped from one“: Dracula may play
    Relentless Minion (asked whenever he holds event cards)."""
    token = fight.get("token")
    if not token or not cards.kind(token).startswith("minion") \
            or fight["outcome"] in ("cancelled", "defeated"):
        return
    hunters_alive = [h for h in fight["hunters"]
                     if ctx.state["hunters"][h]["place"] != board.HOSPITAL]
    if hunters_alive:
        open_window(ctx, "minion", group=hunters_alive, kind=cards.kind(token))


@card("relentless_minion", "minion")
def relentless_minion(ctx: Ctx, play_: dict[str, Any]) -> None:
    """„The hunter at once meets a new Minion encounter of the same kind.“ (one from the
    pool; none left, no new minion)"""
    from companion.games.fury import encounters

    state = ctx.state
    kind = play_["data"]["kind"]
    fresh = sorted(t for t in state["pool"] if cards.kind(t) == kind)
    if not fresh:
        ctx.say("No such minion is left in the pool.")
        return
    state["pool"].remove(fresh[0])
    encounters.resolve(ctx, fresh[0], play_["data"]["group"])


def _register_hooks() -> None:
    from companion.games.fury import fight

    fight.ON_END["agent"] = _after_agent


_register_hooks()

"""A hunter's turn: „Ход … – Фаза Движения, Фаза Действия“.

Before moving, a hunter may spend resolve („Любой из Охотников может использовать 1 пункт
Решимости в начале своего хода“) or, in the hospital, roll to cure a bite. He moves by road,
by rail (the app rolls the train die), by sea from a port, or stays; hunters together in a
city who have not moved may go as a group. Then the search: found encounters and Dracula end
his turn; otherwise he may Rest, Supply or Trade.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, NP_, Action
from companion.games.fury import (
    board,
    cards,
    decks,
    event_cards,
    figures,
    hunters,
    items,
    movement,
    trail,
)
from companion.games.fury.state import (
    DRACULA,
    CardPlay,
    Ctx,
    QueueItem,
    State,
    controller,
    hunter_label,
    place_of,
    turn_of,
)

MAX_GIVES = 8
"""Trades per action phase: enough for any real exchange, and a game still moves on."""


# A group of hunters moves together: the verb agrees with how many („{hunters}“ is a list).
_SAIL = NP_("{hunters} sails to {place}.", "{hunters} sail to {place}.", "hunters")
_VOYAGE_ENDS = NP_("{hunters} ends the voyage in {place}.",
                   "{hunters} end their voyage in {place}.", "hunters")
_STAY = NP_("{hunters} stays in {place}.", "{hunters} stay in {place}.", "hunters")
_TRY_TRAIN = NP_("{hunters} tries to catch a train.", "{hunters} try to catch a train.",
                 "hunters")
# The way is in the sentence, not an argument: "by road" reads in Czech „po silnici“, in
# Russian «по дороге», a case no single word could be put in.
_TRAVEL = {
    "road": NP_("{hunters} travels by road to {place}.", "{hunters} travel by road to {place}.",
                "hunters"),
    "rail": NP_("{hunters} travels by rail to {place}.", "{hunters} travel by rail to {place}.",
                "hunters"),
    "sea": NP_("{hunters} travels by sea to {place}.", "{hunters} travel by sea to {place}.",
               "hunters"),
}
_CARRIAGE = NP_("A chartered carriage: up to {n} rail link.",
                "A chartered carriage: up to {n} rail links.")
_TRAIN_DIE = NP_("The train die: up to {n} rail link.", "The train die: up to {n} rail links.")


def train_faces(state: State) -> list[int]:
    return [int(x) for x in state["options"]["train_die"].split(",")]


def current(state: State) -> str:
    return turn_of(state)["who"]


# --- start of the turn -------------------------------------------------------------------


def _resolve_open(state: State, hunter: str, ability: str) -> bool:
    if state["resolve"] <= 0:
        return False
    turn = turn_of(state)
    if state["options"]["resolve_limit"] == "round":
        return ability not in state["resolve_used"]
    return not turn["resolve_used"]


def start_actions(state: State) -> list[Action]:
    hunter = current(state)
    h = state["hunters"][hunter]
    name = cards.hunter_name(hunter)
    group = N_("Start of the turn")
    if state["hunters"][hunter]["bats"]:
        go_on = N_("Go on: the bats carry {hunter}, Dracula chooses where")
    elif board.is_sea(place_of(state, hunter)):
        go_on = N_("Go on: at sea, Dracula may first play a card")
    else:
        go_on = N_("Go on to the movement phase")
    out = [Action("to_movement", {}, go_on, {"hunter": name}, group=group)]
    if _resolve_open(state, hunter, "newspaper_reports"):
        out.append(Action("resolve", {"ability": "newspaper_reports"},
                          N_("Resolve: Newspaper Reports"), group=N_("Spend 1 resolve"),
                          hint=N_("Reveal the oldest face-down location of Dracula's trail "
                                  "(unless it is where he is now).")))
    if _resolve_open(state, hunter, "inner_strength") and h["health"] < hunters.max_health(
            hunter):
        out.append(Action("resolve", {"ability": "inner_strength"},
                          N_("Resolve: Inner Strength (+4 health)"), group=N_("Spend 1 resolve"),
                          hint=N_("{hunter} regains 4 health."), ))
    if _resolve_open(state, hunter, "sense_of_emergency") and h["health"] > _soe_cost(state):
        out.append(Action("resolve", {"ability": "sense_of_emergency"},
                          N_("Resolve: Sense of Emergency (−{n} health)"),
                          {"n": _soe_cost(state)}, group=N_("Spend 1 resolve"),
                          hint=N_("Lose health equal to the vampires Dracula still needs, "
                                  "then go to any city instead of moving.")))
    if h["place"] == board.HOSPITAL and h["bites"] > hunters.permanent_bites(state, hunter) \
            and not turn_of(state)["cure_tried"]:
        out.append(Action("cure", {}, N_("Try to cure a bite (roll a die)"),
                          group=group,
                          hint=N_("1: lose 2 health; 2–3: nothing; 4–6: the bite is "
                                  "cured.")))
    seat = controller(state, hunter)
    out += event_cards.play_actions(state, seat, "hunter_start", {"hunter": hunter}, among=[hunter])
    out += event_cards.offers_for(state, seat, "hunter_start", hunter, N_("Your event cards"))
    out += items.turn_actions(state, controller(state, hunter), [hunter])
    for action in out:
        action.label_args.setdefault("hunter", name)
    return sorted(out, key=Action.sort_key)


def start_offers(state: State, seat: int) -> list[Action]:
    """What another player may do at the start of this hunter's turn: play a card for him
    (Hypnosis for a bitten hunter)."""
    hunter = current(state)
    if seat == controller(state, hunter):
        return []
    return event_cards.offers_for(state, seat, "hunter_start", hunter,
                             N_("A bitten hunter's turn starts: play a card for him?"))


def start_waits(state: State) -> bool:
    """Whether the hunter's turn waits at its start, read from the tablet (issue 40): his
    resolve or a bite to cure, or a card that he or another player may hold for that moment
    (a hand holding such cards, a printed card that fits), exactly as if they held one —
    so the pause tells nobody what a hand holds. It costs no tap: his moves stand beside
    the start's choices (``start_moves``)."""
    hunter = current(state)
    seat = controller(state, hunter)
    public = [a for a in start_actions(state) if a.action not in ("play_event", "use_item")]
    if len(public) > 1:
        return True
    if event_cards.may_answer(state, seat, "hunter_start", {"hunter": hunter}, [hunter]):
        return True
    if items.may_use(state, hunter):
        return True
    others = set(state["control"].values()) - {seat}
    return any(event_cards.may_offer_for(state, other, "hunter_start", hunter)
               for other in others)


def start_moves(state: State) -> list[Action]:
    """The hunter's moves, offered beside the start of his turn where nothing stands between
    the start and the move: one tap both ends the start and moves. Not while Bats carry him
    (Dracula moves him), nor at sea while Dracula may hold Control Storms („when a hunter
    starts his move at sea“: he is asked first, read from the tablet as every window is)."""
    hunter = current(state)
    if state["hunters"][hunter]["bats"]:
        return []
    if board.is_sea(place_of(state, hunter)) and event_cards.may_answer(
            state, DRACULA, "at_sea", {"group": list(turn_of(state)["group"])}):
        return []
    return move_actions(state)


def _leave_start(ctx: Ctx) -> None:
    """A move tapped beside the start's choices: the start is over."""
    turn = turn_of(ctx.state)
    if turn["stage"] == "start":
        turn["stage"] = "move"


def _soe_cost(state: State) -> int:
    return cards.VAMPIRES_TO_WIN - state["vampires"]


def do_to_movement(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    turn_of(ctx.state)["stage"] = "move"


def do_resolve(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    state = ctx.state
    hunter = current(state)
    ability = params["ability"]
    state["resolve"] -= 1
    turn_of(state)["resolve_used"] = True
    state["resolve_used"].append(ability)
    ctx.say("{hunter} spends 1 resolve on {ability} ({left} left).",
            hunter=hunter_label(hunter), ability=cards.en(cards.RESOLVE[ability]["names"]),
            left=state["resolve"])
    if ability == "newspaper_reports":
        newspaper_reports(ctx)
    elif ability == "inner_strength":
        hunters.heal(ctx, hunter, 4, N_("Inner Strength"))
    else:
        hunters.lose_health(ctx, hunter, _soe_cost(state), N_("Sense of Emergency"),
                            strength=False)
        state["queue"].append({"kind": "go_anywhere", "seat": controller(state, hunter),
                               "hunter": hunter})


def newspaper_reports(ctx: Ctx) -> None:
    """Reveal the oldest face-down location on the trail, unless it is Dracula's current
    location."""
    state = ctx.state
    slot = trail.oldest_hidden_location(state)
    ctx.revealed = True
    if slot is None or slot["id"] == state["trail"][0]["id"]:
        ctx.say("Newspaper Reports find nothing new.")
        return
    slot["revealed"] = True
    position = state["trail"].index(slot) + 1
    assert slot["card"] is not None, "the oldest hidden location card"
    ctx.say("Newspaper Reports: trail card {n} is {place}.", n=position,
            place=board.name(slot["card"]))


def go_anywhere_actions(state: State, item: QueueItem) -> list[Action]:
    return [Action("go", {"place": p}, N_("Go to {place}"), {"place": board.name(p)},
                   group=N_("Sense of Emergency: where to?"))
            for p in movement.hunter_start_places()]


def do_go(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    state = ctx.state
    item = state["queue"].pop(0)
    hunter = item["hunter"]
    assert hunter is not None, "a hunter goes anywhere"
    figures.move_hunter(ctx, hunter, params["place"], N_("Sense of Emergency"))
    ctx.say("{hunter} hurries to {place}.", hunter=hunter_label(hunter),
            place=board.name(params["place"]))
    if turn_of(state)["who"] == hunter and turn_of(state)["stage"] in ("start", "move"):
        turn_of(state)["moved"] = True
        turn_of(state)["stage"] = "search"


def do_cure(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    """„На 1 он теряет 2 пункта Здоровья, на 2-3 ничего не происходит, на 4-6 Укус успешно
    снимается.“"""
    state = ctx.state
    hunter = current(state)
    turn_of(state)["cure_tried"] = True
    roll = ctx.rng.roll(6)
    ctx.revealed = True
    ctx.say("{hunter} tries to cure a bite: the die shows {roll}.", hunter=hunter_label(hunter),
            roll=roll)
    if roll == 1:
        hunters.lose_health(ctx, hunter, 2, N_("a failed cure"))
    elif roll >= 4:
        state["hunters"][hunter]["bites"] -= 1
        ctx.say("The bite is cured.")


# --- movement --------------------------------------------------------------------------


def companions(state: State) -> list[str]:
    """Hunters who may join the mover's group: in his place, their turn still to come this
    round, not skipping it („если никто из них не двигался в этот ход“)."""
    hunter = current(state)
    here = place_of(state, hunter)
    return [h for h in cards.HUNTERS
            if h != hunter and state["hunters"][h]["place"] == here
            and h not in state["done"] and not state["hunters"][h]["skip"]]


def fogged(state: State) -> set[str]:
    """Cities under Fog: no other hunter may enter or leave them."""
    return {h["place"] for h in state["hunters"].values() if h["fog"] > 0 and h["place"]}


def _allowed(state: State, hunter: str, by: str, to: str | None) -> bool:
    """Fog and a Spy's declaration limit where a hunter may go."""
    h = state["hunters"][hunter]
    here = h["place"]
    if to is not None and to != here and (here in fogged(state) or to in fogged(state)):
        return False
    declared = h["declared"]
    if declared is None:
        return True
    if declared == "stay":
        return to is None
    if declared == "rail":
        return by == "rail" or to is None
    return declared == f"{by}:{to}"


_MOVES = ("travel", "train", "ride")


def move_actions(state: State) -> list[Action]:
    hunter = current(state)
    offered = _move_actions(state)
    if not turn_of(state)["voyage"] and turn_of(state)["rail"] is None:
        offered += items.horse_actions(state, hunter)
    offered = [a for a in offered
               if a.action not in _MOVES
               or _allowed(state, hunter, a.params.get("by", "road" if a.action == "ride"
                                                        else "rail"), a.params.get("to", "?"))]
    return _bound(state, hunter, offered)


def _bound(state: State, hunter: str, offered: list[Action]) -> list[Action]:
    """The move said to the Spy or to Vampiric Influence binds: while it is possible it is
    the only move offered — no staying, no voyage with Excellent Weather; staying is left
    only when it became impossible. Once on the declared train, its die decides."""
    turn = turn_of(state)
    if state["hunters"][hunter]["declared"] is None or turn["rail"] is not None:
        return offered
    offered = [a for a in offered if a.action != "set_sail"]
    if any(a.action in _MOVES for a in offered):
        return [a for a in offered if a.action != "stay"]
    return offered


def _move_actions(state: State) -> list[Action]:
    turn = turn_of(state)
    hunter = current(state)
    here = place_of(state, hunter)
    out: list[Action] = []
    if turn["voyage"]:
        return _voyage_actions(state, hunter)
    if turn["rail"] is not None:
        for to in movement.hunter_rail(state, here, turn["rail"]):
            out.append(Action("travel", {"to": to, "by": "rail"}, N_("Train to {to}"),
                              {"to": board.name(to)}, group=N_("Rail")))
        out.append(Action("stay", {}, N_("Stay in {place}"), {"place": board.name(here)},
                          group=N_("Rail")))
        return sorted(out, key=Action.sort_key)
    group_heading = N_("Travel together")
    for h in companions(state):
        if h in turn["group"]:
            out.append(Action("join", {"hunter": h, "join": False}, N_("{hunter} stays behind"),
                              {"hunter": cards.hunter_name(h)}, group=group_heading))
        else:
            out.append(Action("join", {"hunter": h, "join": True}, N_("{hunter} comes along"),
                              {"hunter": cards.hunter_name(h)}, group=group_heading,
                              hint=N_("A group moves once, searches once and has one action "
                                      "phase; its members' own turns are used.")))
    out.append(Action("stay", {}, N_("Stay in {place}"), {"place": board.name(here)},
                      group=N_("Move")))
    for to in movement.hunter_road(state, here):
        out.append(Action("travel", {"to": to, "by": "road"}, N_("Road to {to}"),
                          {"to": board.name(to)}, group=N_("Road")))
    for to in movement.hunter_sea(here, state["storms"]):
        out.append(Action("travel", {"to": to, "by": "sea"}, N_("Sail to {to}"),
                          {"to": board.name(to)}, group=N_("Sea")))
    if board.RAIL.get(here):
        out.append(Action("train", {"carriage": ""}, N_("Catch a train (roll the train die)"),
                          group=N_("Rail"),
                          hint=N_("The die says how many rail links you may travel.")))
        for card in _held(state, hunter, "chartered_carriage")[:1]:
            out.append(Action("train", {"carriage": card},
                              N_("Catch a train with Chartered Carriage"), group=N_("Rail"),
                              hint=cards.en(cards.event(card)["text"])))
    if board.SEA.get(here) and not turn["voyage"]:
        for card in _held(state, hunter, "excellent_weather")[:1]:
            out.append(Action("set_sail", {"card": card},
                              N_("Set sail with Excellent Weather"), group=N_("Sea"),
                              hint=cards.en(cards.event(card)["text"])))
    return sorted(out, key=Action.sort_key)


def _held(state: State, hunter: str, kind: str) -> list[str]:
    return sorted(c for c in state["hunters"][hunter]["events"] if cards.kind(c) == kind)


def _voyage_actions(state: State, hunter: str) -> list[Action]:
    """Excellent Weather: „Make up to 4 sea moves instead of 1; embarking, sailing and
    disembarking each count as one.“"""
    here = place_of(state, hunter)
    out = [Action("stay", {}, N_("End the voyage in {place}"), {"place": board.name(here)},
                  group=N_("Sea"))]
    for to in movement.hunter_sea(here, state["storms"]):
        out.append(Action("travel", {"to": to, "by": "sea"}, N_("Sail to {to}"),
                          {"to": board.name(to)}, group=N_("Sea")))
    return out


def do_join(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    _leave_start(ctx)
    turn = turn_of(ctx.state)
    hunter = params["hunter"]
    if params["join"]:
        turn["group"].append(hunter)
        ctx.say("{hunter} joins {leader}'s group.", hunter=hunter_label(hunter),
                leader=hunter_label(turn["who"]))
    else:
        turn["group"].remove(hunter)
        ctx.say("{hunter} stays behind.", hunter=hunter_label(hunter))


def do_train(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    """The train is caught after Dracula may play False Tip-off; Chartered Carriage, played
    first, gives the fastest train."""
    _leave_start(ctx)
    state = ctx.state
    turn = turn_of(state)
    hunter = current(state)
    ctx.say(_TRY_TRAIN, hunters=[hunter_label(h) for h in turn["group"]])
    event_cards.later(ctx, "train", group=list(turn["group"]), delayed=False, express=False)
    event_cards.open_window(ctx, "train", group=list(turn["group"]))
    if params["carriage"]:
        hunters.lose_card(state, hunter, params["carriage"])
        event_cards.play(ctx, params["carriage"], hunter, {})


def _train(ctx: Ctx, item: QueueItem) -> None:
    state = ctx.state
    faces = train_faces(state)
    if item["delayed"]:
        ctx.say("Delayed over papers: no train this turn.")
        turn_of(state)["rail"] = 0
        arrive(ctx, None, "rail")
        return
    if item["express"]:
        face = max(faces)
        ctx.say(_CARRIAGE, n=face)
    else:
        face = faces[ctx.rng.randbelow(len(faces))]
        ctx.revealed = True
        if face == 0:
            ctx.say("The train die: delayed over papers, no train this turn.")
            turn_of(state)["rail"] = 0
            arrive(ctx, None, "rail")
            return
        ctx.say(_TRAIN_DIE, n=face)
    turn_of(state)["rail"] = face



def do_set_sail(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    _leave_start(ctx)
    state = ctx.state
    hunter = current(state)
    hunters.lose_card(state, hunter, params["card"])
    event_cards.play(ctx, params["card"], hunter, {})


def excellent_weather(ctx: Ctx, play: CardPlay) -> None:
    turn = ctx.state["turn"]
    if turn and turn["who"] == play["hunter"] and turn["stage"] == "move":
        turn["voyage"] = 4


def do_travel(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    _leave_start(ctx)
    arrive(ctx, params["to"], params["by"])


def do_stay(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    _leave_start(ctx)
    arrive(ctx, None, "stay")


def do_ride(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    """Fast Horse (``items.horse_actions``): discarded, and the group is where it rode."""
    _leave_start(ctx)
    state = ctx.state
    hunter = turn_of(state)["who"]
    hunters.discard_card(ctx, hunter, params["card"], cards.item_name(params["card"]))
    arrive(ctx, params["to"], "road")


def arrive(ctx: Ctx, to: str | None, by: str) -> None:
    """The group ends its movement (``to`` None: it stays); the search comes next."""
    state = ctx.state
    turn = turn_of(state)
    names = [hunter_label(h) for h in turn["group"]]
    if turn["start"] is None:
        turn["start"] = place_of(state, turn["who"])
    if turn["voyage"] and to is not None:
        turn["voyage"] -= 1
        _move_group(ctx, to)
        ctx.say(_SAIL, hunters=names, place=board.name(to))
        if board.is_sea(to) and turn["voyage"] > 0:
            return
    elif turn["voyage"]:
        ctx.say(_VOYAGE_ENDS, hunters=names,
                place=board.name(place_of(state, turn["who"])))
    elif to is not None:
        _move_group(ctx, to)
        ctx.say(_TRAVEL[by], hunters=names,
                place=board.name(to))
    else:
        ctx.say(_STAY, hunters=names,
                place=board.name(place_of(state, turn["who"])))
    turn["moved"] = True
    turn["rail"] = None
    turn["voyage"] = 0
    turn["stage"] = "search"
    for h in turn["group"]:
        state["hunters"][h]["declared"] = None




def _move_group(ctx: Ctx, to: str) -> None:
    """The leader's player moves his own figure; a companion's figure is the table's to
    move, with an instruction."""
    state = ctx.state
    leader = current(state)
    for h in turn_of(state)["group"]:
        if h == leader:
            state["hunters"][h]["place"] = to
        else:
            figures.move_hunter(ctx, h, to, N_("with {leader}"),
                                leader=cards.hunter_name(leader))


# --- the action phase -------------------------------------------------------------------


def act_actions(state: State) -> list[Action]:
    turn = turn_of(state)
    here = place_of(state, turn["who"])
    kind = board.PLACES[here].kind
    out = [Action("end_turn", {}, N_("End the turn"), group=N_("Action phase"))]
    if turn["acted"]:
        return out + _trade_actions(state) if turn["acted"] == "trade" else out
    if here == board.CASTLE:
        return out
    rest_hint = N_("Draw 2 events from the bottom: cross cards are discarded, bat cards go to "
                   "Dracula; then +2 health.")
    for h in turn["group"]:
        name = cards.hunter_name(h)
        out.append(Action("rest", {"hunter": h}, N_("{hunter} rests"), {"hunter": name},
                          group=N_("Rest"), hint=rest_hint))
        for what in _supplies(kind):
            out.append(Action("supply", {"hunter": h, "what": what}, _SUPPLY_LABEL[what],
                              {"hunter": name}, group=N_("Supply"), hint=_SUPPLY_HINT[kind]))
    out += _trade_actions(state)
    out += items.turn_actions(state, controller(state, turn["who"]), turn["group"])
    return sorted(out, key=Action.sort_key)


def _supplies(kind: str) -> tuple[str, ...]:
    """„Городок: … одну карту события. Город: … одну карту События и/или одну карту вещи.
    … Больница: … одну карту события или Вещи.“ Nothing at sea or in the castle."""
    return {"small_city": ("event",), "large_city": ("event", "item", "both"),
            "hospital": ("event", "item")}.get(kind, ())


_SUPPLY_LABEL = {"event": N_("{hunter}: draw an event"), "item": N_("{hunter}: draw an item"),
                 "both": N_("{hunter}: draw an event and an item")}
_SUPPLY_HINT = {
    "small_city": N_("In a town: one event card."),
    "large_city": N_("In a city: one event and/or one item."),
    "hospital": N_("In the hospital: one event or one item."),
}


def _trade_actions(state: State) -> list[Action]:
    """„Охотники могут обмениваться картами Вещей, находясь в одной Локации“: the player of
    a hunter gives his items to another hunter there."""
    turn = turn_of(state)
    here = place_of(state, turn["who"])
    if here == board.CASTLE or turn["gives"] >= MAX_GIVES:
        return []
    present = [h for h in cards.HUNTERS if state["hunters"][h]["place"] == here]
    if len(present) < 2:
        return []
    out = []
    for giver in present:
        for card in sorted(state["hunters"][giver]["items"]):
            for taker in present:
                if taker != giver:
                    out.append(Action("give", {"from": giver, "to": taker, "card": card},
                                      N_("{giver} gives {card} to {taker}"),
                                      {"giver": cards.hunter_name(giver),
                                       "taker": cards.hunter_name(taker),
                                       "card": cards.item_name(card)},
                                      group=N_("Trade items")))
    return out


def trade_actions_for(state: State, seat: int) -> list[Action]:
    """Only the player of the giving hunter sees his items to give."""
    return [a for a in _trade_actions(state) if controller(state, a.params["from"]) == seat]


def do_rest(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    """„Потяните две карты из колоды Событий… После того как карты переданы и сыграны…
    Охотник получает 2 пункта Здоровья.“"""
    hunter = params["hunter"]
    turn_of(ctx.state)["acted"] = "rest"
    ctx.say("{hunter} rests.", hunter=hunter_label(hunter))
    event_cards.later(ctx, "rested", hunter=hunter)
    for _ in range(2):
        event_cards.hunter_draws(ctx, hunter, resting=True)


def _rested(ctx: Ctx, item: QueueItem) -> None:
    """The rest's +2 health waits behind everything the drawn cards queued in front of it
    (a card played at once, its cancelling, its questions); a hunter they defeated is in
    the hospital at full health and gains nothing."""
    hunter = item["hunter"]
    assert hunter is not None, "a hunter rests"
    if not ctx.state["hunters"][hunter]["skip"]:
        hunters.heal(ctx, hunter, 2, N_("rest"))



def do_supply(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    hunter, what = params["hunter"], params["what"]
    turn_of(ctx.state)["acted"] = "supply"
    ctx.say("{hunter} gathers supplies.", hunter=hunter_label(hunter))
    if what in ("event", "both"):
        event_cards.hunter_draws(ctx, hunter)
    if what in ("item", "both"):
        card = decks.draw_item(ctx)
        if card is None:
            ctx.say("No item is left to draw.")
        else:
            ctx.say("{hunter} draws an item.", hunter=hunter_label(hunter))
            hunters.take_item(ctx, hunter, card)


def do_give(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    state = ctx.state
    giver, taker, card = params["from"], params["to"], params["card"]
    turn_of(state)["acted"] = "trade"
    turn_of(state)["gives"] += 1
    state["hunters"][taker]["items"].append(hunters.lose_card(state, giver, card))
    ctx.say("{giver} gives an item to {taker}.", giver=hunter_label(giver),
            taker=hunter_label(taker))
    ctx.tell([controller(state, giver), controller(state, taker)],
             "The item was {card}.", card=cards.item_name(card))
    decks.check_limits(ctx, taker)


def do_end_turn(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    """The tap says so in the log, so that its take-back is named by it, not by the next
    turn's line."""
    ctx.say("{hunter} ends the turn.", hunter=hunter_label(current(ctx.state)))
    turn_of(ctx.state)["stage"] = "end"


def discard_actions(state: State, item: QueueItem) -> list[Action]:
    """Over the hand limit: discard the new card or one already held."""
    if item["hunter"] is None:
        held = [(c, cards.event_name(c)) for c in state["dracula_events"]]
        group = N_("Too many event cards: discard one")
        return [Action("discard", {"card": c}, N_("Discard {card}"), {"card": n}, group=group)
                for c, n in sorted(held)]
    h = state["hunters"][item["hunter"]]
    held = []
    if item["cards"] in ("items", "any"):
        held += [(c, cards.item_name(c)) for c in h["items"]]
    if item["cards"] in ("events", "any"):
        held += [(c, cards.event_name(c)) for c in h["events"]]
    group = {"items": N_("Too many items: discard one"),
             "events": N_("Too many event cards: discard one"),
             "any": N_("Too many cards: discard one")}[item["cards"]]
    return [Action("discard", {"card": c}, N_("{hunter} discards {card}"),
                   {"card": n, "hunter": cards.hunter_name(item["hunter"])}, group=group)
            for c, n in sorted(held)]


def do_discard(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    state = ctx.state
    item = state["queue"].pop(0)
    card = params["card"]
    if item["hunter"] is None:
        state["dracula_events"].remove(card)
        decks.discard_event(state, card)
        ctx.say("Dracula discards {card}.", card=cards.event_name(card))
        decks.check_dracula_events(ctx)
        return
    hunters.discard_card(ctx, item["hunter"], card, N_("hand limit"))
    decks.check_limits(ctx, item["hunter"])

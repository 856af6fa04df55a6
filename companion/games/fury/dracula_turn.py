"""Dracula's turn: „Ход Дракулы – Фаза Времени, Фаза Движения, Фаза Действия“.

The time phase moves the day/night marker (not while he is at sea; Small Hours → Dawn moves
the vampire and resolve tracks). In the movement phase he lays a location or power card at
the head of his trail; the card pushed past the sixth leaves it, and he chooses what becomes
of it. In the action phase he attacks the hunters in his location or else lays an
encounter there, matures an encounter whose card left the trail this turn, and refills his
encounters.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, NP_, Action
from companion.games.fury import (
    board,
    cards,
    catacombs,
    decks,
    encounters,
    event_cards,
    movement,
    time_track,
    trail,
)
from companion.games.fury.state import (
    DRACULA,
    Ctx,
    QueueItem,
    Slot,
    State,
    add_vampires,
    gain_blood,
    hunters_at,
    lose_blood,
    place_of,
    turn_of,
)

GROUP_MOVE = N_("Move")
GROUP_POWER = N_("Powers")


# --- the time phase ------------------------------------------------------------------


_DARK_CALL_DRAWS = NP_("Dracula draws {n} encounter and will keep {keep}.",
                       "Dracula draws {n} encounters and will keep {keep}.")
_RETURNS = NP_("Dracula returns {n} encounter to the pool.",
               "Dracula returns {n} encounters to the pool.")
_CLEARED = NP_("Dracula's trail is cleared down to {n} card.",
               "Dracula's trail is cleared down to {n} cards.")
_DRAWS = NP_("Dracula draws {n} encounter from the pool.",
             "Dracula draws {n} encounters from the pool.")


# --- the movement phase ----------------------------------------------------------------


def _move_label(move: dict[str, Any], here: str) -> tuple[str, dict[str, Any], str]:
    to = board.name(move["to"])
    power = move["power"]
    cost = move["blood"]
    if power is None:
        if cost:
            return N_("Sail to {to} (−{n} blood)"), {"to": to, "n": cost}, GROUP_MOVE
        return N_("Move to {to}"), {"to": to}, GROUP_MOVE
    if power == "hide":
        return N_("Hide: stay in {to}, face down"), {"to": to}, GROUP_POWER
    if power == "feed":
        return N_("Feed: stay in {to}, +1 blood"), {"to": to}, GROUP_POWER
    if power == "dark_call":
        return N_("Dark Call: stay in {to}, −{n} blood, draw 10 encounters"), {
            "to": to, "n": cost}, GROUP_POWER
    if power == "double_back":
        if cost:
            return N_("Double Back to {to} (−{n} blood)"), {"to": to, "n": cost}, GROUP_POWER
        return N_("Double Back to {to}"), {"to": to}, GROUP_POWER
    return N_("Wolf Form to {to} (−{n} blood)"), {"to": to, "n": cost}, GROUP_POWER


_HINTS = {
    None: N_("By road or sea to a place not in your trail or catacombs."),
    "hide": N_("Hide is laid face down like a location: you stay where you are."),
    "feed": N_("Night only. Laid face up: you stay and regain 1 blood."),
    "dark_call": N_("Laid face up: you stay, draw 10 extra encounters and keep your hand "
                    "size."),
    "double_back": N_("Back to an adjacent place of your trail or catacombs; its card "
                      "moves to the front."),
    "wolf_form": N_("Night only. Up to two roads, never a sea."),
}


def move_actions(state: State) -> list[Action]:
    here = trail.dracula_here(state)
    moves = movement.dracula_moves(state)
    out = []
    for move in moves:
        label, args, group = _move_label(move, here)
        out.append(Action("move", {"to": move["to"], "power": move["power"] or ""}, label,
                          args, group=group, hint=_HINTS[move["power"]]))
    if not out:
        out.append(Action("teleport", {}, N_("No move left: go to Castle Dracula"),
                          group=GROUP_MOVE,
                          hint=N_("You cannot move: you reappear in Castle Dracula, "
                                  "revealed.")))
    return out


def start_moves(state: State) -> list[Action]:
    """His moves as they will stand after the time phase (Feed and Wolf Form hang on the
    night), offered beside the cards of the start of his turn: one tap ends the start, runs
    the time phase and moves (issue 40: the start waits whenever he may hold a card for it,
    and costs no tap of its own)."""
    return move_actions(time_track.after_time_phase(state))


def _leave_start(ctx: Ctx) -> bool:
    """A move tapped at the start of his turn: the time phase comes first. False when the
    time phase ended the game (a new dawn brought the sixth vampire)."""
    turn = turn_of(ctx.state)
    if turn["stage"] != "start":
        return True
    time_track.time_phase(ctx)
    turn["stage"] = "move"
    return ctx.state["result"] is None


def do_move(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    if not _leave_start(ctx):
        return
    state = ctx.state
    here = trail.dracula_here(state)
    to, power = params["to"], params["power"] or None
    move = next(m for m in movement.dracula_moves(state)
                if m["to"] == to and m["power"] == power)
    declared = state["dracula_declared"] == f"{power or 'move'}:{to}"
    state["dracula_declared"] = None
    if power in (None, "double_back"):
        state["sea_run"] = state["sea_run"] + 1 if board.is_sea(to) else 0
    if power == "double_back":
        slot = _double_back(state, to)
    elif power in ("hide", "feed", "dark_call"):
        slot = trail.new_slot(state, here, None, power)
    else:
        slot = trail.new_slot(state, to, to, power)
    if declared:
        # Hypnosis: the move was said aloud, so the hunters know where it took him.
        slot["revealed"] = True
    _lay(ctx, slot, move["blood"], power)
    if declared:
        ctx.say("Dracula makes the move he declared: {place}, face up.",
                place=board.name(slot["place"]))


def do_teleport(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    """His move of this turn, so a move declared to Hypnosis is spent by it."""
    if not _leave_start(ctx):
        return
    ctx.say("Dracula has no move left and reappears in Castle Dracula.")
    ctx.state["sea_run"] = 0
    ctx.state["dracula_declared"] = None
    _lay(ctx, trail.new_slot(ctx.state, board.CASTLE, board.CASTLE), 0, None)


def _double_back(state: State, to: str) -> Slot:
    """The location card moves from its place in the trail or catacombs to the front, on
    the Double Back card, with its encounters; a power card it lay on stays behind."""
    old = next(s for s in trail.slots(state) if s["card"] == to)
    found = trail.find(state, old["id"])
    assert found is not None, "a slot of trail.slots lies in the trail or the catacombs"
    where, index = found
    slot = trail.new_slot(state, to, to, "double_back")
    slot["tokens"], slot["revealed"] = old["tokens"], old["revealed"]
    slot["from"] = {"where": where, "index": index}
    if old["power"] and where == "trail":
        old["card"], old["tokens"], old["revealed"] = None, [], False
    else:
        trail.remove(state, old["id"])
    return slot


def _lay(ctx: Ctx, slot: Slot, cost: int, power: str | None) -> None:
    state = ctx.state
    ctx.revealed = True
    to = slot["place"]
    moved_from = slot.pop("from", None)
    if power == "double_back":
        assert moved_from is not None, "a Double Back says where its card came from"
        origin = (N_("the catacombs") if moved_from["where"] == "catacombs"
                  else N_("the trail"))
        ctx.say("Dracula plays Double Back: a card from {where} (space {n}) moves to the "
                "front.", where=origin, n=moved_from["index"] + 1)
    elif power in (None, "hide"):
        back = N_("a sea card") if board.is_sea(to) and power is None else N_("a land card")
        ctx.say("Dracula moves: {back} is laid on his trail.", back=back)
    else:
        ctx.say("Dracula plays {power}.", power=cards.power_name(power))
    ctx.tell([DRACULA], "You are now in {place}.", place=board.name(to))
    if to == board.CASTLE:
        slot["revealed"] = True
    dropped = trail.push(state, slot)
    if cost > 0:
        lose_blood(ctx, cost, cards.power_name(power) if power else N_("a sea crossing"))
    elif cost < 0:
        assert power is not None, "only a power (Feed) gives blood back"
        gain_blood(ctx, -cost, cards.power_name(power))
    if power == "dark_call":
        _dark_call(ctx)
    if dropped is not None:
        drop(ctx, dropped)
    turn_of(state)["stage"] = "moved"


def _dark_call(ctx: Ctx) -> None:
    """Dark Call: ten more encounters from the pool, then he keeps only his hand size."""
    state = ctx.state
    drawn = 0
    for _ in range(10):
        token = decks.draw_token(ctx)
        if token is None:
            break
        state["encounters"].append(token)
        drawn += 1
    state["encounters"].sort()
    ctx.say(_DARK_CALL_DRAWS, n=drawn,
            keep=decks.encounter_hand_size(state))
    if len(state["encounters"]) > decks.encounter_hand_size(state):
        state["queue"].append({"kind": "keep_tokens", "seat": DRACULA, "kept": []})


def drop(ctx: Ctx, slot: Slot) -> None:
    """A card leaves the trail. With no encounter on it there is nothing to choose (its
    token count is public); otherwise Dracula chooses, even when only one answer is legal,
    so the question itself never tells what the face-down card was."""
    ctx.say("The oldest card leaves Dracula's trail.")
    if not slot["tokens"]:
        return
    ctx.state["queue"].append({"kind": "dropoff", "seat": DRACULA, "slot": slot})


def dropoff_actions(state: State, item: QueueItem) -> list[Action]:
    slot = item["slot"]
    where = board.name(slot["place"])
    group = N_("The card leaving your trail")
    out = [Action("dropoff", {"choice": "discard", "token": ""},
                  N_("Let it go: its encounters return"), group=group,
                  hint=N_("The card goes back to your deck."))]
    if catacombs.may_enter(state, slot):
        out.append(Action("dropoff", {"choice": "catacombs", "token": ""},
                          N_("Into the catacombs ({place})"), {"place": where}, group=group,
                          hint=N_("Its encounters wait face down there.")))
    if slot["power"] != "hide" and turn_of(state)["who"] == "dracula":
        for token in sorted({t for t in slot["tokens"] if cards.kind(t) in cards.MATURING}):
            out.append(Action("dropoff", {"choice": "mature", "token": token},
                              N_("Mature {encounter}"),
                              {"encounter": cards.encounter_name(token)}, group=group,
                              # „Дракула не может и укреплять Засаду и убирать карту в
                              # Катакомбы одновременно“
                              hint=N_("Dracula cannot both mature an encounter and keep the "
                                      "card in the catacombs: it matures in your action "
                                      "phase.")))
    return out


def do_dropoff(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    state = ctx.state
    item = state["queue"].pop(0)
    slot = item["slot"]
    choice = params["choice"]
    if choice == "catacombs":
        catacombs.enter(state, slot)
        ctx.say("Dracula puts the card into the catacombs.")
        return
    tokens = list(slot["tokens"])
    if choice == "mature":
        tokens.remove(params["token"])
        turn_of(state)["maturing"].append(params["token"])
        ctx.say("Dracula keeps an encounter from that card to mature in his action phase.")
    else:
        ctx.say("The card leaves play; its encounters return to the pool.")
    trail.return_tokens(state, tokens)


def keep_actions(state: State, item: QueueItem) -> list[Action]:
    group = N_("Dark Call: choose the encounters you keep")
    left = decks.encounter_hand_size(state) - len(item["kept"])
    return _distinct_tokens(state["encounters"], item["kept"], group, left)


def _distinct_tokens(hand: list[str], kept: list[str], group: str,
                     left: int) -> list[Action]:
    seen: dict[str, str] = {}
    for token in sorted(hand):
        if token not in kept:
            seen.setdefault(cards.kind(token), token)
    if left <= 0:
        return []
    return [Action("keep_token", {"token": token}, N_("Keep {encounter} ({n} still to keep)"),
                   {"encounter": cards.encounter_name(token), "n": left}, group=group,
                   hint=N_("The encounters you do not keep return to the pool."))
            for token in seen.values()]


def do_keep_token(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    state = ctx.state
    item = state["queue"][0]
    item["kept"].append(params["token"])
    if len(item["kept"]) >= decks.encounter_hand_size(state):
        back = [t for t in state["encounters"] if t not in item["kept"]]
        trail.return_tokens(state, back)
        state["encounters"] = sorted(item["kept"])
        state["queue"].pop(0)
        ctx.say(_RETURNS, n=len(back))


# --- the action phase ------------------------------------------------------------------


def can_lay_encounter(state: State) -> bool:
    """An encounter goes on the card of his current location: not in Castle Dracula („не
    может размещать там Засады“), not on Feed or Dark Call (no location card), not at sea
    unless the table allows it."""
    head = state["trail"][0]
    if head["place"] == board.CASTLE:
        return False
    if head["card"] is None and head["power"] != "hide":
        return False
    if board.is_sea(head["place"]) and not state["options"]["sea_encounters"]:
        return False
    return bool(state["encounters"])


def victims(state: State) -> list[str]:
    """Hunters Dracula must attack: „Если в Локации Дракулы находится 1 или более Охотников,
    Дракула должен напасть на них.“ (not at sea, never in the hospital)."""
    here = trail.dracula_here(state)
    if board.is_sea(here) or here == board.HOSPITAL:
        return []
    return hunters_at(state, here)


def action_actions(state: State) -> list[Action]:
    if victims(state):
        return [Action("attack", {}, N_("Attack the hunters here"), group=N_("Action phase"),
                       hint=N_("Hunters share your location: you must attack them."))]
    out = []
    seen: set[str] = set()
    for token in sorted(state["encounters"]):
        if cards.kind(token) in seen:
            continue
        seen.add(cards.kind(token))
        out.append(Action("place", {"token": token}, N_("Lay {encounter} here"),
                          {"encounter": cards.encounter_name(token)},
                          group=N_("Lay an encounter on your location"),
                          hint=cards.en(cards.encounter(token)["text"])))
    return out


def action_is_automatic(state: State) -> bool:
    return not victims(state) and not can_lay_encounter(state)


def do_attack(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    state = ctx.state
    here = trail.dracula_here(state)
    trail.reveal_place(state, here)
    ctx.revealed = True
    targets = victims(state)
    ctx.say("Dracula reveals himself in {place} and attacks {hunters}.",
            place=board.name(here), hunters=[cards.hunter_name(h) for h in targets])
    encounters.start_combat(ctx, "dracula", targets, here)
    turn_of(state)["stage"] = "mature"


def do_place(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    state = ctx.state
    token = params["token"]
    state["encounters"].remove(token)
    state["trail"][0]["tokens"].append(token)
    ctx.say("Dracula lays an encounter on his newest trail card.")
    ctx.tell([DRACULA], "You lay {encounter}.", encounter=cards.encounter_name(token))
    turn_of(state)["stage"] = "mature"


def mature(ctx: Ctx, token: str) -> None:
    """The matured effects: New Vampire („Дракула сдвигается по дорожке Вампира на 2, а
    затем путь очищается до 1 карты“), Desecrated Soil (events until two of Dracula's, then
    the trail is cleared to 3) and Ambush (an encounter from his hand straight onto a
    hunter, then the trail is cleared to 3)."""
    state = ctx.state
    kind = cards.kind(token)
    ctx.revealed = True
    ctx.say("Dracula matures {encounter}: {text}", encounter=cards.encounter_name(token),
            text=cards.en(cards.encounter(token)["matured_text"]))
    trail.return_tokens(state, [token])
    if kind == "new_vampire":
        add_vampires(ctx, 2, N_("a New Vampire matured"))
        _clear(ctx, 1)
    elif kind == "desecrated_soil":
        _desecrated_soil(ctx)
        _clear(ctx, 3)
    else:
        state["queue"].append({"kind": "ambush", "seat": DRACULA})


def _clear(ctx: Ctx, keep: int) -> None:
    removed = trail.clear_to(ctx.state, keep)
    if removed:
        ctx.say(_CLEARED, n=keep)


def _desecrated_soil(ctx: Ctx) -> None:
    found = 0
    while found < 2:
        card = decks.draw_event(ctx)
        if card is None:
            break
        if cards.event(card)["side"] == "dracula":
            found += 1
            ctx.say("Dracula draws a bat card.")
            event_cards.dracula_gains(ctx, card)
        else:
            decks.discard_event(ctx.state, card)
            ctx.say("{card} is shown and discarded.", card=cards.event_name(card))


def ambush_actions(state: State) -> list[Action]:
    group = N_("Matured Ambush: an encounter straight onto a hunter")
    out = [Action("ambush", {"token": "", "hunter": ""}, N_("Play no encounter"), group=group)]
    targets = [h for h in state["hunters"]
               if place_of(state, h) != board.HOSPITAL and not board.is_sea(place_of(state, h))]
    seen: set[str] = set()
    for token in sorted(state["encounters"]):
        if cards.kind(token) in seen:
            continue
        seen.add(cards.kind(token))
        for hunter in targets:
            out.append(Action("ambush", {"token": token, "hunter": hunter},
                              N_("{encounter} on {hunter}"),
                              {"encounter": cards.encounter_name(token),
                               "hunter": cards.hunter_name(hunter)}, group=group))
    return out


def do_ambush(ctx: Ctx, seat: int, params: dict[str, Any]) -> None:
    state = ctx.state
    state["queue"].pop(0)
    token, hunter = params["token"], params["hunter"]
    if token:
        state["encounters"].remove(token)
        ctx.say("Ambush: Dracula plays an encounter on {hunter}.",
                hunter=cards.hunter_name(hunter))
        encounters.resolve(ctx, token, [hunter], ambush=True)
    _clear(ctx, 3)


def refill(ctx: Ctx) -> None:
    drawn = decks.refill_encounters(ctx)
    if drawn:
        ctx.say(_DRAWS, n=drawn)

"""What each screen may see: ``view(state, seat)`` is the only road from the state to a
browser, and ``redeal_hidden`` is the leak tests' proof that it is.

Everyone sees the public table: the trail as face-down cards showing only land or sea and
the power cards laid face up, revealed cards with their places, the catacombs face down,
encounter counts, the tracks, the hunters' health, bites, places and hand counts, allies,
whose turn it is. Dracula's phone adds the trail's identities, the catacombs, his
encounters and events; a hunter player's phone adds the cards of the hunters he plays.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Random, thaw
from companion.games.fury import (
    board,
    cards,
    catacombs,
    choices,
    combat_in_progress,
    combat_rounds,
    decks,
    dracula_turn,
    figures,
    hunter_turn,
    movement,
    news,
    summary,
    time_track,
    trail,
)
from companion.games.fury.cards import HUNTERS
from companion.games.fury.state import (
    DRACULA,
    Slot,
    State,
    controller,
    hunters_at,
    hunters_of,
    place_of,
    question_data,
    turn_of,
)

_STAGE = {
    ("dracula", "start"): N_("Dracula's turn: start"),
    ("dracula", "move"): N_("Dracula's movement phase"),
    ("dracula", "action"): N_("Dracula's action phase"),
    ("hunter", "start"): N_("{hunter}: start of the turn"),
    ("hunter", "move"): N_("{hunter}: movement phase"),
    ("hunter", "encounters"): N_("{hunter} meets Dracula's encounters"),
    ("hunter", "act"): N_("{hunter}: action phase"),
    ("hunter", "bats"): N_("{hunter}: the bats carry him, Dracula chooses where"),
}

_WAITING = {
    "by_hand": N_("The players concerned enter the outcome by hand."),
    "dropoff": N_("Dracula decides what becomes of the card leaving his trail."),
    "keep_tokens": N_("Dracula chooses the encounters he keeps."),
    "ambush": N_("Dracula plays his matured Ambush."),
    "discard": N_("A hand is over its limit: a card must be discarded."),
    "go_anywhere": N_("Sense of Emergency: the hunter chooses where to go."),
    "window": N_("A player may play an event card now."),
    "effect": N_("An event card takes effect."),
    "combat": N_("A combat is being fought: each fighter chooses a tactic in secret."),
}


def _hunter_public(state: State, hunter: str) -> dict[str, Any]:
    h = state["hunters"][hunter]
    shown = {k: v for k, v in h["shown"].items() if v}
    return {
        "id": hunter,
        "name": cards.hunter_name(hunter),
        "seat": controller(state, hunter),
        "place": h["place"],
        "place_name": board.name(h["place"]) if h["place"] else None,
        "health": h["health"],
        "max_health": cards.HUNTER_DATA[hunter]["health"],
        "bites": h["bites"],
        "bites_to_defeat": cards.HUNTER_DATA[hunter]["bites_to_defeat"],
        "item_count": len(h["items"]),
        "event_count": len(h["events"]),
        "shown": [{"card": c, "name": cards.item_name(c) if k == "item" else
                   cards.event_name(c)} for k, c in sorted(shown.items())],
        "skip": h["skip"],
        "up": [cards.item_name(c) for c in h["up"]],
        "held": [cards.encounter_name(t) for t in h["held"]],
        "fog": h["fog"] > 0,
        "bats": h["bats"],
        "declared": _declared(h["declared"]),
    }


def _declared(key: str | None) -> dict[str, Any] | None:
    """A hunter's move said aloud to the Spy (public)."""
    if key is None:
        return None
    by, _, to = key.partition(":")
    return {"by": by, "to": to or None, "to_name": board.name(to) if to else None}


def _card(card: str, kind: str) -> dict[str, Any]:
    data = cards.item(card) if kind == "item" else cards.event(card)
    return {"card": card, "name": cards.en(data["names"]), "text": cards.en(data["text"]),
            "kind": data.get("kind", data.get("use", "")),
            "confidence": data.get("confidence", "")}


def _turn_public(state: State) -> dict[str, Any] | None:
    turn = state["turn"]
    if turn is None:
        return None
    who = turn["who"]
    side = "dracula" if who == "dracula" else "hunter"
    text = _STAGE.get((side, turn["stage"]))
    return {
        "who": who,
        "name": N_("Dracula") if who == "dracula" else cards.hunter_name(who),
        "seat": DRACULA if who == "dracula" else controller(state, who),
        "stage": turn["stage"],
        "text": text,
        "group": [cards.hunter_name(h) for h in turn["group"]],
        "found": len(turn["found"]),
        "rail": turn["rail"],
        "passing": turn["passing"],
    }


_ON_THE_TABLET = {
    "discard_one": N_("Discard a card of the player's choice"),
    "declare": N_("Spy: the hunter says where he will move next turn"),
    "dracula_declares": N_("Hypnosis: Dracula declares his next move"),
    "luck": N_("Good Luck: what the hunters remove"),
    "secret_weapon": N_("Secret Weapon: which item the hunter gives up"),
    "show": N_("Bitten: which card the hunter keeps face up"),
    "combat_bat": N_("Dracula escapes as a bat: where to"),
    "devilish": N_("Devilish Power: what Dracula removes"),
    "combat_apply": N_("The hunters won the round: whose card's result applies"),
    "combat_target": N_("Dracula won the round: which hunter it strikes"),
    "combat_rage": N_("Rage: which hunter shows Dracula his items"),
    "combat_tie_check": N_("A tied roll: does the other side read the initiative the same way"),
    "combat_confirm_check": N_("Does the other side read the winning card the same way"),
    "correction_check": N_("A correction by hand: does the other side agree"),
}
"""The questions a phone puts as "you", as the shared screen says them."""


def _waiting(state: State) -> dict[str, Any] | None:
    """The decision the game waits for. An automatic step (``effect``) waits for nobody:
    ``order_of_play.advance`` runs it at once, so it heads the queue only when the game ended before
    it ran (Heroic Leap bringing Dracula's blood to 0), and it has no seat."""
    if state["queue"] and state["queue"][0]["kind"] != "effect":
        item = state["queue"][0]
        if item["kind"] == "choice":
            text = choices.find(item["question"]).heading
            shared = _ON_THE_TABLET.get(item["question"], text)
        else:
            text = shared = _WAITING[item["kind"]]
        out: dict[str, Any] = {"kind": item["kind"], "text": text, "table_text": shared}
        if item["kind"] == "by_hand":
            out.update(what=item["what"], args=item["args"], seats=item["seats"],
                       done=item["done"], hunters=[cards.hunter_name(h) for h in item["hunters"]])
        elif item["kind"] == "combat":
            out["seats"] = combat_in_progress.waiting_seats(state, item)
        elif item["kind"] == "window":
            out["seats"] = item["seats"]
        else:
            out["seats"] = [item["seat"]]
        return out
    return None


def _newest_revealed(state: State) -> int | None:
    for slot in state["trail"]:
        if slot["revealed"]:
            return slot["id"]
    return None


def _map(state: State, dracula_place: str | None, highlight: list[str],
         around: list[str] | None = None) -> dict[str, Any]:
    frame = board.map_frame()
    hunters = []
    for hunter in HUNTERS:
        place = state["hunters"][hunter]["place"]
        if place:
            x, y = board.xy(place)
            hunters.append({"id": hunter, "name": cards.hunter_name(hunter), "place": place,
                            "x": x, "y": y})
    newest = _newest_revealed(state)
    revealed = []
    for label, slot in _numbered(state):
        if slot is not None and slot["revealed"] and slot["card"]:
            x, y = board.xy(slot["card"])
            revealed.append({"place": slot["card"], "x": x, "y": y, "slot": label,
                             "newest": slot["id"] == newest})
    markers = []
    for place, kind in sorted(state["blocked"].items()):
        x, y = board.xy(place)
        markers.append({"place": place, "x": x, "y": y, "kind": kind})
    drac = None
    if dracula_place:
        x, y = board.xy(dracula_place)
        drac = {"place": dracula_place, "x": x, "y": y}
    _set_beside([*([drac] if drac else []), *hunters, *revealed, *markers],
                 ["dracula"] * bool(drac) + ["hunter"] * len(hunters)
                 + ["trail"] * len(revealed) + ["marker"] * len(markers))
    out = {"width": frame["width"], "height": frame["height"], "hunters": hunters,
           "revealed": revealed, "dracula": drac, "markers": markers,
           "highlight": [board.spot(p) for p in sorted(set(highlight))]}
    if around:
        out["view"] = board.view_around(around)
    return out


LANGUAGES = ("en", "cs", "ru")
"""The languages the base map is drawn in (``draw.LANGUAGES``)."""


def _set_beside(marks: list[dict[str, Any]], kinds: list[str]) -> None:
    """Each mark's place on the map in each language (``at``), beside the names."""
    by_place: dict[str, list[int]] = {}
    for i, mark in enumerate(marks):
        by_place.setdefault(mark["place"], []).append(i)
    for place, indexes in by_place.items():
        own = tuple(kinds[i] for i in indexes)
        spots = {lang: board.beside(place, lang, own) for lang in LANGUAGES}
        for n, i in enumerate(indexes):
            marks[i]["at"] = {lang: list(spots[lang][n]) for lang in LANGUAGES}


def _numbered(state: State) -> list[tuple[str, Any]]:
    out: list[tuple[str, Slot | None]] = [(str(i + 1), s) for i, s in enumerate(state["trail"])]
    out += [(f"c{i + 1}", s) for i, s in enumerate(catacombs.spaces(state))]
    return out


def _known(state: State) -> dict[str, Any]:
    """What the hunters know of where he is, with the places' names (Dracula's phone)."""
    known = trail.hunters_know(state)
    return {**known, "now_name": board.name(known["now"]) if known["now"] else None,
            "seen_name": board.name(known["seen"]) if known["seen"] else None}


def public_dracula_place(state: State) -> str | None:
    """Where everybody knows Dracula is (``trail.hunters_know``)."""
    now: str | None = trail.hunters_know(state)["now"]
    return now


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (``None``: the tablet)."""
    newest = _newest_revealed(state)
    trail_public = [trail.public(s, newest) for s in state["trail"]]
    catacombs_public = [None if s is None else trail.public(s)
                        for s in catacombs.spaces(state)]
    known_place = public_dracula_place(state)
    role = None if seat is None else ("dracula" if seat == DRACULA else "hunter")
    mine = hunters_of(state, seat)
    highlight: list[str] = []
    out: dict[str, Any] = {
        "game": "fury",
        "phase": state["phase"],
        "role": role,
        "seat": seat,
        "round": state["round"],
        "disputed": state.get("disputed", []),
        "time": {"index": time_track.space(state), "name": time_track.name(state),
                 "night": time_track.is_night(state),
                 "track": [{"name": cards.en(t["names"]), "night": t["night"]}
                           for t in cards.TIME_TRACK]},
        "vampires": state["vampires"],
        "vampires_to_win": cards.VAMPIRES_TO_WIN,
        "resolve": state["resolve"],
        "blood": state["blood"],
        "blood_max": cards.BLOOD,
        "trail": trail_public,
        "catacombs": catacombs_public,
        "dracula_place": known_place,
        "dracula_place_name": board.name(known_place) if known_place else None,
        "dracula_hand": {"encounters": len(state["encounters"]),
                         "events": len(state["dracula_events"])},
        "hunters": [_hunter_public(state, h) for h in HUNTERS],
        "allies": {side: (None if card is None else {"card": card,
                                                     "name": cards.event_name(card),
                                                     "text": cards.en(cards.event(card)["text"])})
                   for side, card in state["allies"].items()},
        "decks": {"event_deck": len(state["event_deck"]),
                  "event_discard": len(state["event_discard"]),
                  "item_deck": len(state["item_deck"]),
                  "item_discard": len(state["item_discard"]),
                  "pool": len(state["pool"])},
        "setup": _setup_view(state),
        "turn": _turn_public(state),
        "waiting": _waiting(state),
        "mine": mine,
        "result": state["result"],
        "combat": combat_rounds.view(state, seat),
        "board": figures.instructions(state, seat),
        "markers": figures.markers(state, seat),
        "figures": figures.standing(state),
        "just": news.view(state),
        "summary": summary.view(state),
    }
    picking = _places_to_pick(state, seat)
    if role == "dracula":
        here = trail.dracula_place(state)
        out["secret"] = {
            "trail": [trail.secret(s) for s in state["trail"]],
            "catacombs": [None if s is None else trail.secret(s)
                          for s in catacombs.spaces(state)],
            "place": here,
            "place_name": board.name(here) if here is not None else None,
            "known": _known(state),
            "encounters": [{"token": t, "name": cards.encounter_name(t),
                            "text": cards.en(cards.encounter(t)["text"])}
                           for t in state["encounters"]],
            "events": [_card(c, "event") for c in sorted(state["dracula_events"])],
            "hand_size": decks.encounter_hand_size(state),
            "maturing": [{"token": t, "name": cards.encounter_name(t)}
                         for t in (state["turn"]["maturing"] if state["turn"] else [])],
        }
        if here is not None:
            highlight = [here]
            if state["turn"] and state["turn"]["who"] == "dracula" \
                    and state["turn"]["stage"] in ("start", "move") and not state["queue"]:
                highlight += [a.params["to"] for a in (
                    dracula_turn.start_moves(state) if state["turn"]["stage"] == "start"
                    else dracula_turn.move_actions(state)) if a.action == "move"]
        if picking:
            highlight = picking
        out["map"] = _map(state, here, highlight, highlight)
    else:
        places = [state["hunters"][h]["place"] for h in mine]
        around = [place for place in places if place]
        turn = state["turn"]
        if turn and turn["who"] in mine and turn["stage"] in ("start", "move") \
                and not state["queue"] and (turn["stage"] == "move"
                                            or hunter_turn.start_moves(state)):
            highlight = _hunter_destinations(state, turn["who"])
        if picking:
            highlight = picking
        out["map"] = _map(state, known_place, highlight, around + highlight)
    out["map"]["pick"] = bool(picking)
    if mine:
        out["hands"] = [{
            "hunter": h, "name": cards.hunter_name(h),
            "item_cards": [_card(c, "item") for c in sorted(state["hunters"][h]["items"])],
            "event_cards": [_card(c, "event") for c in sorted(state["hunters"][h]["events"])],
            "limits": list(decks.hunter_limits(h)),
        } for h in mine]
    return out


def waiting_seats(state: State) -> set[int]:
    """The seats the game waits for now, as every screen shows it: a question's, a fight's
    choosers, the seat whose figure is placed at the start or whose turn it is."""
    setup = _setup_view(state)
    if setup is not None:
        return {setup["seat"]}
    waiting = _waiting(state)
    if waiting is not None:
        return set(waiting["seats"])
    turn = _turn_public(state)
    return {turn["seat"]} if turn is not None else set()


def _places_to_pick(state: State, seat: int | None) -> list[str]:
    """The places this seat is asked to choose among from a list — a start, Sense of
    Emergency's city, a card's place — which a tap on the map may choose too."""
    if seat is None or state["result"] is not None:
        return []
    if state["phase"] == "setup":
        step = state["setup"]
        if step < len(HUNTERS):
            return movement.hunter_start_places() if controller(
                state, HUNTERS[step]) == seat else []
        return movement.start_places(state) if seat == DRACULA else []
    item = state["queue"][0] if state["queue"] else None
    if item is None or item.get("seat") != seat:
        return []
    if item["kind"] == "go_anywhere":
        return movement.hunter_start_places()
    if item["kind"] == "choice":
        keys = [o[0] for o in choices.find(item["question"]).options(state, question_data(item))]
        places = [k for k in keys if k in board.PLACES]
        return places if len(places) == len(keys) else []
    return []


def _hunter_destinations(state: State, hunter: str) -> list[str]:
    here = place_of(state, hunter)
    rail = turn_of(state)["rail"]
    if rail is not None:
        return movement.hunter_rail(state, here, rail)
    return movement.hunter_road(state, here) + movement.hunter_sea(here, state["storms"])


def _setup_view(state: State) -> dict[str, Any] | None:
    if state["phase"] != "setup":
        return None
    step = state["setup"]
    if step < len(HUNTERS):
        return {"next": HUNTERS[step], "name": cards.hunter_name(HUNTERS[step]),
                "seat": controller(state, HUNTERS[step])}
    return {"next": "dracula", "name": N_("Dracula"), "seat": DRACULA}


# --- the leak test's helper ------------------------------------------------------------


def redeal_hidden(state: State, seat: int | None, rng: Random) -> State:
    """The same position as ``seat`` knows it (``None``: the tablet), with everything hidden
    from it dealt anew: the deck orders; for anyone but Dracula, the places of his face-down
    cards (same land or sea back), his encounters wherever they lie face down and his
    events; for anyone but their players, the hunters' cards (and the item deck's make-up,
    unless this seat is searching it for Re-Equip); in a combat, every secret tactic chosen
    by another seat."""
    new = thaw(state)
    new["event_deck"] = rng.shuffle(new["event_deck"])
    new["item_deck"] = rng.shuffle(new["item_deck"])
    events_pool: list[tuple[str, str | None]] = [("deck", None)]
    searching = any(q["kind"] == "choice" and q["question"] == "re_equip_take"
                    and q["seat"] == seat for q in state["queue"])
    items_pool: list[tuple[str, str | None]] = [] if searching else [("deck", None)]
    if seat != DRACULA:
        _redeal_trail(new, rng, _with_hunters(state))
        _redeal_tokens(new, rng)
        events_pool.append(("dracula", None))
    mine = set(hunters_of(state, seat))
    for hunter in HUNTERS:
        if hunter not in mine:
            events_pool.append(("hunter", hunter))
            items_pool.append(("hunter", hunter))
    known = combat_rounds.public_cards(state, seat)
    _swap_cards(new, rng, events_pool, "events", known)
    _swap_cards(new, rng, items_pool, "items", known)
    combat_rounds.redeal(new, seat, rng)
    return new


def _with_hunters(state: State) -> bool | None:
    """Whether hunters stand where Dracula is (None before he has chosen his start). The
    hunters cannot have it wrong: a hunter who comes to his place finds him, and he must
    attack one in the place he comes to, so a redeal keeps it."""
    place = trail.dracula_place(state)
    return None if place is None else bool(hunters_at(state, place))


def _redeal_trail(state: State, rng: Random, with_hunters: bool | None) -> None:
    """Every face-down card of his dealt to another place of its kind, keeping whether
    hunters stand where he is (tried again until it does)."""
    before = thaw(state)
    for _attempt in range(50):
        _redeal_places(state, rng)
        if with_hunters is None or _with_hunters(state) == with_hunters:
            return
        state["trail"], state["catacombs"] = thaw(before["trail"]), thaw(before["catacombs"])
        state["queue"] = thaw(before["queue"])


def _redeal_places(state: State, rng: Random) -> None:
    lands = [p for p in board.PLACES if board.is_city(p)]
    seas = [p for p in board.PLACES if board.is_sea(p)]
    hidden = [s for s in trail.slots(state) if s["card"] and not s["revealed"]
              and s["card"] != board.CASTLE]
    hidden += [q["slot"] for q in state["queue"] if q["kind"] == "dropoff"
               and q["slot"]["card"] and not q["slot"]["revealed"]]
    for slot in hidden:
        assert slot["card"] is not None, "only cards are hidden"
        place = rng.choice(seas if board.is_sea(slot["card"]) else lands)
        slot["card"] = slot["place"] = place
    ordered = list(reversed(state["trail"]))
    for older, slot in zip(ordered, ordered[1:], strict=False):
        if slot["card"] is None and not slot["revealed"]:
            slot["place"] = older["place"]


def _redeal_tokens(state: State, rng: Random) -> None:
    """A bijection over every face-down token, applied wherever a token id appears."""
    spots: list[tuple[list[str], int]] = []
    shown: set[str | None] = {t for s in trail.slots(state) for t in s["shown"]}
    # An encounter being met lies face up: the queue names it.
    shown |= {q["token"] for q in state["queue"] if "token" in q}
    shown |= {q["data"]["token"] for q in state["queue"] if "token" in q.get("data", {})}
    for holder in [state["pool"], state["encounters"], *(s["tokens"] for s in trail.slots(state)),
                   *(q["slot"]["tokens"] for q in state["queue"] if q["kind"] == "dropoff")]:
        spots += [(holder, i) for i in range(len(holder)) if holder[i] not in shown]
    tokens = [holder[i] for holder, i in spots]
    shuffled = rng.shuffle(tokens)
    mapping = dict(zip(tokens, shuffled, strict=True))
    for holder, i in spots:
        holder[i] = mapping[holder[i]]
    if state["turn"]:
        state["turn"]["found"] = [mapping.get(t, t) for t in state["turn"]["found"]]
        state["turn"]["maturing"] = [mapping.get(t, t) for t in state["turn"]["maturing"]]
    for q in state["queue"]:
        if q["kind"] == "keep_tokens":
            # the encounters Dark Call's keeper has kept so far lie in his hand
            q["kept"] = [mapping.get(t, t) for t in q["kept"]]
    state["encounters"].sort()


def _swap_cards(state: State, rng: Random, holders: list[tuple[str, str | None]],
                kind: str, known: set[str]) -> None:
    """Deal the cards of ``holders`` anew, each keeping its count; cards shown face up and
    the ``known`` ones (a combat's cards on the table) stay where they are."""
    def cards_of(where: str, who: str | None) -> list[str]:
        if where == "deck":
            return state["event_deck"] if kind == "events" else state["item_deck"]
        if where == "dracula":
            return state["dracula_events"]
        assert who is not None, "a hunter's hand names him"
        return state["hunters"][who]["events" if kind == "events" else "items"]

    shown = known | {c for h in state["hunters"].values() for c in h["shown"].values() if c}
    lists = [cards_of(w, h) for w, h in holders]
    free = [c for cards_list in lists for c in cards_list if c not in shown]
    free = rng.shuffle(free)
    for cards_list in lists:
        for i, card in enumerate(cards_list):
            if card not in shown:
                cards_list[i] = free.pop()
    for where, who in holders:
        if where != "deck":
            cards_of(where, who).sort()

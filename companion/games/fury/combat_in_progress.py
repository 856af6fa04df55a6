"""One combat in progress: the queue item that holds the game while it is fought, who takes
part, the questions it puts to the players, what its end does to the turn, and what each
screen may see of it.

The item (``{"kind": "combat", ...}``, taken in turn like any queued decision):
``enemy`` "dracula" | "vampire" | "agent" (``agent`` its token's kind, ``token`` the token);
``place``; ``hunters`` in the fight; ``source`` (who started it, for ``registry.FIGHT_ENDS``);
``stage`` "window" (cards before the combat) | "choose" (secret tactics) | "resolve";
``round``; ``continues`` in a row; ``repel`` (Dracula limited this round); ``no_escape``
(rounds left without Escape: Garlic, Rage); ``trap``, ``planning`` (+1 for the whole combat);
``played`` (pre-combat cards, public); ``dodge`` (the side that won with Dodge last round),
``plus`` (the side a result gave +1 next round);
``last`` {fighter: the card played last round, face up}; ``pending`` {fighter: the secret
choice or None}; ``aim`` the hunter Dracula's secret choice strikes (several hunters), or
None; ``now`` the round being resolved; ``shown`` the last round revealed.
A fighter is a hunter id or ``"enemy"`` (Dracula, the vampire or the agent: Dracula's seat
plays it).
"""

from __future__ import annotations

from typing import Any, Unpack

from companion.games.base import N_
from companion.games.fury import board, cards, combat_cards, lookup, time_track, trail
from companion.games.fury.figures import turn_index
from companion.games.fury.state import (
    DRACULA,
    Ctx,
    QuestionData,
    QueueItem,
    State,
    controller,
    over,
)

ENEMY = "enemy"

def new(state: State, enemy: str, hunters: list[str], place: str,
        source: str | None) -> QueueItem:
    if enemy in ("dracula", "vampire"):
        kind, agent, token = enemy, None, None
    else:
        kind, agent, token = "agent", cards.kind(enemy), enemy
    return {
        "kind": "combat", "enemy": kind, "agent": agent, "token": token, "place": place,
        "hunters": list(hunters), "source": source, "stage": "choose", "window": [],
        "round": 0, "continues": 0, "repel": False, "no_escape": 0, "trap": False,
        "planning": False, "played": [], "dodge": None, "plus": None,
        "last": {ENEMY: None, **{h: None for h in hunters}},
        "pending": {ENEMY: None, **{h: None for h in hunters}}, "aim": None,
        "now": None, "shown": None,
    }


def find(state: State) -> QueueItem | None:
    for item in state["queue"]:
        if item["kind"] == "combat":
            return item
    return None


def current(state: State) -> QueueItem:
    """The combat being fought, for its own steps: its tactics are offered only while it
    heads the queue, and its questions wait just before it (``ask``), so it is there."""
    fight = find(state)
    assert fight is not None, "no combat in progress"
    return fight


def resolving(fight: QueueItem) -> dict[str, Any]:
    """The round being resolved: there is one from the tactics' reveal to the round's end."""
    now = fight["now"]
    assert now is not None, "no round is being resolved"
    return now


def seat_of(state: State, fighter: str) -> int:
    return DRACULA if fighter == ENEMY else controller(state, fighter)


def fighters_of(state: State, fight: QueueItem, seat: int | None) -> list[str]:
    return [f for f in fight["pending"] if seat is not None and seat_of(state, f) == seat]


def enemy_name(fight: QueueItem) -> str:
    if fight["enemy"] == "dracula":
        return N_("Dracula")
    if fight["enemy"] == "vampire":
        return N_("A vampire")
    agent = fight["agent"]
    assert agent is not None, "a fight with an agent names it"
    return cards.en(cards.ENCOUNTERS[agent]["names"])


def fighter_name(fight: QueueItem, fighter: str) -> str:
    return enemy_name(fight) if fighter == ENEMY else cards.hunter_name(fighter)


def lead_seat(state: State, fight: QueueItem) -> int:
    """The player who speaks for the hunters of a group: the first one's."""
    return controller(state, fight["hunters"][0])


def ask(ctx: Ctx, fight: QueueItem, question: str, seat: int, front: bool = False,
        **data: Unpack[QuestionData]) -> None:
    """Queue a question just before the fight (its next step), or at the very front (a
    consequence of an answer, taken before anything else)."""
    queue = ctx.state["queue"]
    at = 0 if front or fight not in queue else queue.index(fight)
    queue.insert(at, {"kind": "choice", "question": question, "seat": seat, "data": data})


def end(ctx: Ctx, fight: QueueItem, outcome: str) -> None:
    """The combat is over. An agent not killed stays where it was met („Жетон агента
    остается в локации“) and the hunter who fled it or fell to it ends his turn („ход
    Охотника считается завершенным, и он не может сражаться с Дракулой в этот ход“)."""
    state = ctx.state
    if fight in state["queue"]:
        state["queue"].remove(fight)
    fight["outcome"] = outcome
    if not over(state):
        ctx.say("The combat in {place} ends.", place=board.name(fight["place"]))
    if fight["enemy"] == "agent":
        if outcome == "killed":
            _release(state, fight["token"])
        elif outcome != "cancelled":
            _end_hunter_turn(state)
    state["fought"] = {"at": turn_index(state), "enemy": enemy_name(fight),
                       "place": fight["place"], "hunters": fight["hunters"],
                       "outcome": outcome, "shown": fight["shown"]}
    hook = lookup.tables().fight_ends.get(fight["source"] or fight["enemy"])
    if hook is not None:
        hook(ctx, fight)


def _release(state: State, token: str | None) -> None:
    """A killed agent's token leaves its card for the pool."""
    slot = trail.holding(state, token) if token is not None else None
    if slot is not None and token is not None:
        slot["tokens"].remove(token)
        if token in slot["shown"]:
            slot["shown"].remove(token)
        trail.return_tokens(state, [token])


def _end_hunter_turn(state: State) -> None:
    turn = state["turn"]
    if turn and turn["who"] != "dracula":
        turn["ended"] = True


def against_dracula(ctx: Ctx, fight: QueueItem) -> None:
    """„Если убит Агент Дракулы и в этой же Локации находится Дракула, то битва продолжается
    с ним.“ He is revealed; the fight with him ends the hunter's turn."""
    state = ctx.state
    _release(state, fight["token"])
    trail.reveal_place(state, fight["place"])
    ctx.revealed = True
    ctx.say("Dracula is here, in {place}: the combat goes on against him.",
            place=board.name(fight["place"]))
    fight.update({"enemy": "dracula", "agent": None, "token": None, "continues": 0,
                  "repel": False, "no_escape": 0, "dodge": None, "plus": None})
    fight["last"][ENEMY] = None
    _end_hunter_turn(state)


# --- what a screen may see -------------------------------------------------------------


def _card(card: str | None) -> str | None:
    return combat_cards.name(card) if card else None


def _options(state: State, fight: QueueItem, fighter: str) -> list[str]:
    """The viewer's own tactics in the rulebook's order (the buttons follow it)."""
    if fighter == ENEMY:
        return combat_cards.enemy_options(state, fight)
    return [kind for kind, _copy in combat_cards.hunter_options(state, fight, fighter)]


def round_view(state: State, enemy: str,
               shown: dict[str, Any] | None) -> dict[str, Any] | None:
    """A revealed round as every screen shows it: the cards with the initiative printed on
    each (a tie is read from them), the dice with each modifier by name, the totals, how a
    tie went, who won and what the result did."""
    if shown is None:
        return None
    mods = {side: [cards.en(combat_cards.MODIFIERS[m]["names"]) for m in found]
            for side, found in shown["mods"].items()}
    return {
        "n": shown["n"],
        "cards": [{"who": enemy if f == ENEMY else cards.hunter_name(f), "card": _card(c),
                   "enemy": f == ENEMY, "initiative": combat_cards.initiative(state, c)}
                  for f, c in shown["cards"].items()],
        "dice": shown["dice"], "mods": mods, "totals": shown["totals"],
        "tie": shown.get("tie"), "winner": shown.get("winner"),
        "applied": cards.hunter_name(shown["applied"]) if shown.get("applied") else None,
        "aim": cards.hunter_name(shown["aim"]) if shown.get("aim") else None,
        "several": len(shown["cards"]) > 2,
        "result": [combat_cards.result_name(c) for c in shown.get("result") or []],
        "how": shown.get("how"),
    }


def view(state: State, seat: int | None) -> dict[str, Any] | None:
    """The fight on a screen: who fights whom, who has chosen (never what, except the
    viewer's own choice), the cards of the last round face up and the last round revealed.
    After a combat its last round stays on the screens for a turn."""
    fight = find(state)
    if fight is None:
        return _after(state)
    mine = fighters_of(state, fight, seat)
    fighters: list[dict[str, Any]] = []
    for fighter in [ENEMY, *fight["hunters"]]:
        pending = fight["pending"][fighter]
        fighters.append({
            "id": fighter, "name": fighter_name(fight, fighter),
            "seat": seat_of(state, fighter), "enemy": fighter == ENEMY,
            "chosen": pending is not None, "mine": fighter in mine,
            "choice": _card(pending) if fighter in mine else None,
            "aim": cards.hunter_name(fight["aim"])
            if fighter == ENEMY and fighter in mine and fight["aim"] else None,
            "last": _card(fight["last"][fighter]),
            "options": _options(state, fight, fighter) if fighter in mine else [],
        })
    return {
        "active": True, "enemy": enemy_name(fight), "enemy_kind": fight["enemy"],
        "enemy_against": combat_cards.against(enemy_name(fight)),
        "place": fight["place"], "place_name": board.name(fight["place"]),
        "round": fight["round"], "stage": fight["stage"], "fighters": fighters,
        "continues": fight["continues"], "repel": fight["repel"],
        "no_escape": fight["no_escape"], "trap": fight["trap"],
        "planning": fight["planning"], "played": fight["played"],
        "shown": round_view(state, enemy_name(fight), fight["now"] or fight["shown"]),
        "initiative": {card: combat_cards.initiative(state, card)
                       for f in fighters for card in f["options"]},
        "night": time_track.is_night(state),
    }


def _after(state: State) -> dict[str, Any] | None:
    """The combat just fought stays on the screens during the turn after it."""
    fought = state.get("fought")
    if not fought or turn_index(state) - fought["at"] > 1:
        return None
    return {
        "active": False, "enemy": fought["enemy"], "place": fought["place"],
        "enemy_against": combat_cards.against(fought["enemy"]),
        "place_name": board.name(fought["place"]), "outcome": fought["outcome"],
        "hunters": [cards.hunter_name(h) for h in fought["hunters"]],
        "shown": round_view(state, fought["enemy"], fought["shown"]),
    }


def waiting_seats(state: State, fight: QueueItem) -> list[int]:
    """Who the fight waits for: the players still to choose a tactic (public: everyone
    chooses each round)."""
    return sorted({seat_of(state, f) for f, c in fight["pending"].items() if c is None})


"""The figures on the physical board. The hunters' players move their own figures as they
travel; whenever the app moves one itself (a card, an encounter, the hospital, a fellow
hunter's group) or Dracula's figure must go on or off the map (he is revealed, he
vanishes), an "on the board" instruction tells the table, on the tablet and on the phone
of the player who owns that figure, for the rest of that turn and the next. When the group
keeps the board's tracks (the ``board_tracks`` option), every move of the day/night marker,
the vampire track or the resolve track is told the same way (``markers``).

ARCHITECTURE.md, "The table and the box".
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_
from companion.games.fury import board, cards, time_track, trail
from companion.games.fury.options import app_played
from companion.games.fury.state import DRACULA, Ctx, Marker, State, Track, controller

SHOWN_FOR = 1
"""Turns after the one it was made in that an instruction stays on the screens."""


def turn_index(state: State) -> int:
    """Turns since the game began: a round is Dracula's turn and the four hunters'."""
    turn = state["turn"]
    order = ["dracula", *cards.HUNTERS]
    return state["round"] * len(order) + (order.index(turn["who"]) if turn else 0)


def move_hunter(ctx: Ctx, hunter: str, place: str, why: str, **args: Any) -> None:
    """The app moves a hunter: his place changes, and the table is told to move his figure
    (``why``: a message id, the card or the cause, with ``args``)."""
    ctx.state["hunters"][hunter]["place"] = place
    _instruct(ctx.state, hunter, place, why, args)


def follow_dracula(ctx: Ctx, before: str | None) -> None:
    """After an action: Dracula's figure stands on the map exactly while the hunters know
    where he is (``trail.hunters_know``); a change is an instruction for the table."""
    state = ctx.state
    if not state["trail"]:
        return
    now = trail.hunters_know(state)["now"]
    if now == before:
        return
    why = N_("he is revealed") if now is not None else N_("the hunters lose his trail")
    _instruct(state, "dracula", now, why, {})


def _instruct(state: State, piece: str, place: str | None, why: str,
              args: dict[str, Any]) -> None:
    prompts = [p for p in state.get("board", []) if p["piece"] != piece]
    prompts.append({"piece": piece, "to": place, "why": why, "args": args,
                    "at": turn_index(state)})
    state["board"] = prompts


def instructions(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The instructions still shown: every one on the tablet (``seat`` None), on a phone
    those of its own figures (Dracula's figure is Dracula's player's; when the app plays a
    seat nobody at the table holds its phone, so every other phone says where its figures
    go). Hunters moved together for one cause (a group with its leader) are one instruction
    naming every figure (``pieces``)."""
    now = turn_index(state)
    by_app = app_played(state["options"])
    out: list[dict[str, Any]] = []
    groups: dict[str, dict[str, Any]] = {}
    for prompt in state.get("board", []):
        if now - prompt["at"] > SHOWN_FOR:
            continue
        piece = prompt["piece"]
        owner = DRACULA if piece == "dracula" else controller(state, piece)
        shown = seat is None or seat == owner or owner in by_app
        if not shown:
            continue
        place = prompt["to"]
        args = {"place": board.name(place) if place else "", "why": prompt["why"],
                **prompt["args"]}
        if piece == "dracula":
            text = (N_("Put Dracula's figure on {place}: {why}.") if place
                    else N_("Take Dracula's figure off the board: {why}."))
            out.append({"piece": piece, "pieces": [piece], "seat": owner, "text": text,
                        "args": {"hunter": N_("Dracula"), **args}})
            continue
        move = repr((place, prompt["at"], sorted(args.items())))
        together = groups.get(move)
        if together is None:
            groups[move] = {"piece": piece, "pieces": [piece], "seat": owner,
                            "text": N_("Move {hunter}'s figure to {place} ({why})."),
                            "args": {"hunter": cards.hunter_name(piece), **args}}
            out.append(groups[move])
        else:
            together["pieces"].append(piece)
            together["text"] = N_("Move the figures of {hunters} to {place} ({why}).")
            together["args"]["hunters"] = [cards.hunter_name(h) for h in together["pieces"]]
    return out


TRACKS: tuple[Track, ...] = ("time", "vampires", "resolve")
"""The markers on the board's tracks, as the state keeps them („Поместите жетон Дня/Ночи на
деление «Рассвет»“, „Разместите жетоны на треке Вампиров, и на треке Решимости на 0“)."""

_MARKER_TEXT = {
    "time": N_("Move the day/night marker to {time}."),
    "vampires": N_("Vampire track: {n}."),
    "resolve": N_("Resolve track: {n}."),
}

_MARKER_OWNER = {"time": "dracula", "vampires": "dracula", "resolve": "hunters"}
"""Who moves the marker: Dracula moves the day/night marker in his time phase and advances
on the vampire track („Дракула перемещает жетон Дня/Ночи“, „Дракула продвигается по треку
Вампиров“); the resolve track is the hunters'."""


def keeps_tracks(state: State) -> bool:
    """The group keeps the board's tracks by hand (the ``board_tracks`` option)."""
    return bool(state["options"].get("board_tracks", False))


def follow_tracks(ctx: Ctx, before: State) -> None:
    """After an action: every track whose marker now stands elsewhere than ``before`` the
    action is an instruction for the table, dated to the turn the action led to (the time
    phase that follows the last hunter's turn belongs to Dracula's)."""
    state = ctx.state
    if not keeps_tracks(state):
        return
    moved: dict[Track, Marker] = {track: {"to": state[track], "at": turn_index(state)}
                                  for track in TRACKS if state[track] != before[track]}
    if moved:
        state["markers"] = {**state.get("markers", {}), **moved}


def markers(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The track instructions still shown, in the order of the board's tracks: every one
    on the tablet; on a phone those of its side (Dracula's markers on Dracula's phone, or
    on every hunter player's when the app plays him; the resolve track on every hunter
    player's, or on Dracula's when the app plays every hunter seat)."""
    if not keeps_tracks(state):
        return []
    now = turn_index(state)
    by_app = app_played(state["options"])
    hunters_by_app = set(range(1, state["players"])) <= by_app
    out = []
    for track in TRACKS:
        mark = state.get("markers", {}).get(track)
        if mark is None or now - mark["at"] > SHOWN_FOR:
            continue
        side = _MARKER_OWNER[track]
        shown = (seat is None or (seat == DRACULA) == (side == "dracula")
                 or (side == "dracula" and DRACULA in by_app)
                 or (side == "hunters" and hunters_by_app))
        if not shown:
            continue
        value = mark["to"]
        args = {"time": time_track.space_name(value)} if track == "time" else {"n": value}
        out.append({"piece": track, "seat": DRACULA if side == "dracula" else None,
                    "text": _MARKER_TEXT[track], "args": args})
    return out


def standing(state: State) -> list[dict[str, Any]]:
    """Where every figure stands, to check the board against: the four hunters, then
    Dracula (on the map only while the hunters know where he is)."""
    places = {h: state["hunters"][h]["place"] for h in cards.HUNTERS}
    out = [{"piece": h, "name": cards.hunter_name(h), "place": place,
            "place_name": board.name(place) if place else None} for h, place in places.items()]
    known = trail.hunters_know(state)["now"] if state["trail"] else None
    out.append({"piece": "dracula", "name": N_("Dracula"), "place": known,
                "place_name": board.name(known) if known else None})
    return out

"""The time track („трек Дня/Ночи“): the day/night marker on six spaces, Dawn, Noon and Dusk
by day, Twilight, Midnight and the Small Hours by night (``data/dracula.json``,
``time_track``), in ``state["time"]`` as the space's index. Every rule that asks the hour asks
it here.

„Поместите жетон Дня/Ночи на деление «Рассвет».“ In his time phase Dracula moves the marker
one space on, unless he is at sea; „Если жетон переместился с «Предрассветной поры» на
«Рассвет», также переместите жетоны на треке Вампиров и на треке Решимости на 1 деление
вперед“ — a new dawn. The night decides Dracula's tactics (``combat_cards.enemy_deck``), Feed
and Wolf Form (``movement.dracula_moves``) and a New Vampire's bite (``encounters``,
``encounter_effects.new_vampire``); Long Day moves the marker back (not at Dawn), Time Runs
Short moves it on (not in the Small Hours).
"""

from __future__ import annotations

from companion.games.base import N_
from companion.games.fury import board, cards, trail
from companion.games.fury.state import Ctx, State, add_vampires

DAWN = 0
SMALL_HOURS = len(cards.TIME_TRACK) - 1


def space_name(index: int) -> str:
    """A space's name (a message id)."""
    return cards.en(cards.TIME_TRACK[index]["names"])


def space(state: State) -> int:
    """The space the marker stands on, counted from Dawn (0)."""
    return state["time"]


def name(state: State) -> str:
    """The name of the space the marker stands on."""
    return space_name(state["time"])


def is_dawn(state: State) -> bool:
    return state["time"] == DAWN


def is_small_hours(state: State) -> bool:
    """The last space of the night, before a new dawn."""
    return state["time"] == SMALL_HOURS


def is_night(state: State) -> bool:
    """Twilight, Midnight or the Small Hours."""
    return space_is_night(state["time"])


def space_is_night(index: int) -> bool:
    """Whether a space of the track (an index kept elsewhere: a step of the chase) is night."""
    return bool(cards.TIME_TRACK[index]["night"])


def is_day(state: State) -> bool:
    return not is_night(state)


def after_time_phase(state: State) -> State:
    """The state with the marker where this turn's time phase will leave it (a shallow copy:
    Dracula's moves are offered beside the cards of his turn's start, before it runs)."""
    if board.is_sea(trail.dracula_here(state)):
        return state
    return {**state, "time": (state["time"] + 1) % len(cards.TIME_TRACK)}


def time_phase(ctx: Ctx) -> None:
    """„Если Дракула находится в море, то ничего не происходит. Во всех остальных случаях
    Дракула перемещает жетон Дня/Ночи на одно деление вперед… Если жетон переместился с
    «Предрассветной поры» на «Рассвет», также переместите жетоны на треке Вампиров и на
    треке Решимости на 1 деление вперед.“"""
    state = ctx.state
    if board.is_sea(trail.dracula_here(state)):
        ctx.say("Dracula is at sea: the time of day stays {time}.", time=name(state))
        return
    state["time"] = after_time_phase(state)["time"]
    ctx.say("Time moves on: {time}.", time=name(state))
    if is_dawn(state):
        dawn(ctx)


def dawn(ctx: Ctx) -> None:
    """A new dawn: the resolve track and the vampire track move on one space („+1 за каждый
    Рассвет“)."""
    state = ctx.state
    state["resolve"] += 1
    ctx.say("A new dawn: the hunters' resolve rises to {n}.", n=state["resolve"])
    add_vampires(ctx, 1, N_("a new dawn"))


def back(ctx: Ctx) -> None:
    """Long Day: „Move the day/night marker back 1 space.“ (never played at Dawn)"""
    state = ctx.state
    state["time"] = max(DAWN, state["time"] - 1)
    ctx.say("The day lasts longer: {time}.", time=name(state))


def on(ctx: Ctx) -> None:
    """Time Runs Short: „Move the day/night marker forward 1 space.“ (never played in the
    Small Hours, so it brings no dawn)"""
    state = ctx.state
    state["time"] = min(SMALL_HOURS, state["time"] + 1)
    ctx.say("Time runs short: {time}.", time=name(state))

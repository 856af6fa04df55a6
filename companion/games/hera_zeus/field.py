"""A player's field: three columns of up to four places, the first row facing the opponent.

„Hráč smí mít tedy nanejvýš dvanáct karet ve čtyřech řadách a třech sloupcích.“ A column is
a list, front (the first row) first; it never has gaps („karty ve sloupci uspořádány, aby zde
nebyl volný prostor“), so removing a card moves the ones behind it up. An entry is a card id
or :data:`FIGURE`, the player's wooden Hera or Zeus, which always stands in the first row.

Columns are numbered 1–3 on every screen; column *n* of Hera faces column *n* of Zeus.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, ActionSyntaxError, IllegalActionError
from companion.games.hera_zeus.cards import NEVER_CHALLENGE
from companion.games.hera_zeus.state import State

FIGURE = "figure"
COLUMNS = 3
DEPTH = 4


def column(state: State, seat: int, col: int) -> list[str]:
    """The entries of a column (``col`` 1–3), front first."""
    return state["fields"][seat][col - 1]


def front(state: State, seat: int, col: int) -> str | None:
    entries = column(state, seat, col)
    return entries[0] if entries else None


def figure_column(state: State, seat: int) -> int | None:
    """The column where the seat's figure stands, or None while it is beside the table."""
    for col in range(1, COLUMNS + 1):
        if front(state, seat, col) == FIGURE:
            return col
    return None


def own_figure(state: State, seat: int, way: str) -> int:
    """The column of the seat's own figure, which it may remove ``way`` (``action`` or
    ``pegasus``, as the table plays it).

    :raises IllegalActionError: the table removes it the other way, or it is not standing.
    """
    if state["rules"]["figure_removal"] != way:
        raise IllegalActionError(
            N_("At this table only a Pegasus from your hand removes your own figure.")
            if way == "action" else
            N_("At this table you remove your figure as an action, without Pegasus."))
    col = figure_column(state, seat)
    if col is None:
        raise IllegalActionError(N_("Your figure is not on the field."))
    return col


def cards_on_field(state: State, seat: int) -> list[str]:
    """Every card id of the field (not the figure)."""
    return [e for col in state["fields"][seat] for e in col if e != FIGURE]


def occupied_columns(state: State, seat: int) -> int:
    """How many columns hold a card or the figure: the action points of a turn."""
    return sum(1 for col in state["fields"][seat] if col)


def places(state: State, seat: int, col: int) -> list[int]:
    """Where a new card may go in a column: 0 is before the first card, ``len`` behind the
    last. A full column has none; nothing goes before the figure."""
    entries = column(state, seat, col)
    if len(entries) >= DEPTH:
        return []
    first = 1 if entries and entries[0] == FIGURE else 0
    return list(range(first, len(entries) + 1))


def all_places(state: State, seat: int, skip: int | None = None) -> list[str]:
    """Every place of the field as ``"column-position"`` (e.g. ``"2-0"``), column ``skip``
    left out."""
    return [f"{col}-{pos}" for col in range(1, COLUMNS + 1) if col != skip
            for pos in places(state, seat, col)]


def parse_place(text: str) -> tuple[int, int] | None:
    """``"2-1"`` → (2, 1); None when it is not a place at all.

    >>> parse_place("3-0"), parse_place("4-0"), parse_place("x"), parse_place("²-1")
    ((3, 0), None, None, None)
    """
    parts = text.split("-") if isinstance(text, str) else []
    if len(parts) != 2 or not all(p in "0123456789" and len(p) == 1 for p in parts):
        return None
    col, pos = int(parts[0]), int(parts[1])
    if not 1 <= col <= COLUMNS or not 0 <= pos <= DEPTH:
        return None
    return col, pos


def insert(state: State, seat: int, col: int, pos: int, entry: str) -> None:
    column(state, seat, col).insert(pos, entry)


def take(state: State, seat: int, col: int, row: int) -> str:
    """Remove the entry at ``row`` (0 = first row); the ones behind it move up."""
    return column(state, seat, col).pop(row)


def placeable(kind: str, strengths: dict[str, Any]) -> bool:
    """A card with a number (or the hostage) may lie on the field; a card with only the
    mythological symbol never: „Tyto karty nemůžou být nikdy vyneseny na stůl.“"""
    return kind == "hostage" or strengths[kind] is not None


def can_challenge(kind: str) -> bool:
    return kind not in NEVER_CHALLENGE


def column_number(value: Any) -> int:
    """A column parameter: 1–3 (also as text, as a form posts it)."""
    text = str(value)
    if isinstance(value, bool) or text not in {str(n) for n in range(1, COLUMNS + 1)}:
        raise ActionSyntaxError(N_("A column is 1, 2 or 3."))
    return int(text)


def column_param(params: dict[str, Any]) -> int:
    return column_number(params["column"])

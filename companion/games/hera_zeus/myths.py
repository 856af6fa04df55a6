"""Mythological cards played from the hand (then discarded) and the Hera and Zeus figures.

„Po zahrání schopnosti mytologické karty ji hráč odhodí na odkládací balíček.“ Each ability
costs one action point, except the Hera or Zeus card, which is free. An ability needs
something to act on (a hand to see, a card to take back, a card to move): „Pokud na soupeřově
odhazovacím balíčku není karta s hodnotou 1-7 nemohou být sirény použity.“
"""

from __future__ import annotations

from typing import Any

from companion.games.base import N_, Action, IllegalActionError, Random, line
from companion.games.hera_zeus import field
from companion.games.hera_zeus.cards import HAND_LIMIT, ORDER
from companion.games.hera_zeus.challenges import lurable, remember
from companion.games.hera_zeus.core import (
    add_to_hand,
    card_name,
    card_view,
    discard,
    from_hand,
    key_of,
    kind,
    kind_name,
    lured,
    play_from_hand,
    reveal,
    turn_of,
    who,
)
from companion.games.hera_zeus.field import FIGURE, column_param
from companion.games.hera_zeus.state import State

Log = list[dict[str, Any]]
PYTHIA_HINT = N_("Nemesis or Poseidon in their hand must be discarded at once.")


def _holds(state: State, seat: int, kind_: str) -> bool:
    return from_hand(state, seat, kind_) is not None or \
        from_hand(state, seat, "lured:" + kind_) is not None


def _use(state: State, seat: int, kind_: str) -> str:
    card = play_from_hand(state, seat, kind_)
    if card is None:
        raise IllegalActionError(N_("You hold no {card}."), card=kind_name(kind_, seat))
    return card


def turn_actions(state: State, seat: int) -> list[Action]:
    """The abilities ``seat`` may play now, and the god figure's actions."""
    opp = 1 - seat
    found: list[Action] = []
    group = N_("Mythological cards")
    if _holds(state, seat, "pythia"):
        if state["hands"][opp]:
            found.append(Action("pythia_look", {}, N_("Pythia: see {other}'s hand"),
                                {"other": who(opp)}, group=group, hint=PYTHIA_HINT))
        for col in range(1, field.COLUMNS + 1):
            if _face_down(state, opp, col):
                found.append(Action("pythia_reveal", {"column": col},
                                    N_("Pythia: turn up {other}'s column {column}"),
                                    {"other": who(opp), "column": col}, group=group,
                                    hint=N_("Every face-down card of the column turns up; "
                                            "nothing else happens.")))
    if _holds(state, seat, "sirens") and _siren_target(state, seat) is not None:
        found.append(Action("sirens", {}, N_("Sirens: lure a card from {other}'s discard pile"),
                            {"other": who(opp)}, group=group,
                            hint=N_("The topmost card of strength 1–7 comes into your hand.")))
    if _holds(state, seat, "hades"):
        seen: dict[str, str] = {}
        for card in reversed(state["discards"][seat]):
            seen.setdefault(key_of(state, seat, card), card)
        for key, card in sorted(seen.items(), key=lambda kv: ORDER[kind(state, kv[1])]):
            found.append(Action("hades", {"card": key}, N_("Hades: take back {card}"),
                                {"card": card_name(state, card)}, group=group,
                                hint=N_("Your opponent does not learn which card.")))
    pegasi = _pegasi(state, seat)
    if _holds(state, seat, "persephone") and pegasi:
        found.append(Action("persephone", {}, N_("Persephone: take back {count} Pegasus"),
                            {"count": min(3, len(pegasi))}, group=group,
                            hint=N_("Up to three Pegasus from your discard pile; your hand "
                                    "still holds at most 12 cards.")))
    if _holds(state, seat, "dionysus"):
        found += _dionysus_actions(state, seat, group)
    found += _figure_actions(state, seat)
    return found


def unusable(state: State, seat: int) -> list[tuple[str, dict[str, Any]]]:
    """Why a mythological card in the hand has nothing to act on now."""
    opp = 1 - seat
    found: list[tuple[str, dict[str, Any]]] = []
    if _holds(state, seat, "pythia") and not state["hands"][opp] and not any(
            _face_down(state, opp, col) for col in range(1, field.COLUMNS + 1)):
        found.append((N_("Pythia: {other} holds no card and has no face-down card."),
                      {"other": who(opp)}))
    if _holds(state, seat, "sirens") and _siren_target(state, seat) is None:
        found.append((N_("Sirens: {other}'s discard pile holds no card of strength 1–7."),
                      {"other": who(opp)}))
    if _holds(state, seat, "hades") and not state["discards"][seat]:
        found.append((N_("Hades: your discard pile is empty."), {}))
    if _holds(state, seat, "persephone") and not _pegasi(state, seat):
        found.append((N_("Persephone: your discard pile holds no Pegasus."), {}))
    if _holds(state, seat, "dionysus") and not _dionysus_actions(state, seat, ""):
        found.append((N_("Dionysus: no card of yours can move to another column."), {}))
    if _holds(state, seat, "god"):
        if field.figure_column(state, seat) is not None:
            found.append((N_("Your figure already stands on the field."), {}))
        elif not figure_columns(state, seat):
            found.append((N_("Your figure needs a column with one to three cards."), {}))
    return found


def _face_down(state: State, seat: int, col: int) -> list[str]:
    return [e for e in field.column(state, seat, col) if e != FIGURE and e not in state["up"]]


# --- Pythia ------------------------------------------------------------------------------------


def pythia_look(state: State, seat: int, params: dict[str, Any],
                rng: Random) -> tuple[Log, bool]:
    """„Pýthii použít k tomu, aby mu soupeř ukázal všechny karty… Pokud má soupeř v ruce
    Poseidona nebo Nemesis musí je okamžitě odhodit.“ Not a challenge: allowed in round 1."""
    opp = 1 - seat
    hand = state["hands"][opp]
    if not hand:
        raise IllegalActionError(N_("{other} holds no card."), other=who(opp))
    pythia = _use(state, seat, "pythia")
    state["seen"][seat] = {"turn": turn_of(state)["number"],
                           "cards": [card_view(state, c, opp) for c in hand]}
    log = [line(N_("{who} plays Pythia and sees {other}'s hand."), who=who(seat),
                other=who(opp)),
           line(N_("Pythia shows you {other}'s hand: {cards}."), to=[seat], other=who(opp),
                cards=[card_name(state, c) for c in hand])]
    gone = [c for c in hand if kind(state, c) == "nemesis"]
    for card in gone:
        hand.remove(card)
        discard(state, opp, card)
    if gone:
        log.append(line(N_("{other} must discard {cards}."), other=who(opp),
                        cards=[card_name(state, c) for c in gone]))
    discard(state, seat, pythia)
    return log, True


def pythia_reveal(state: State, seat: int, params: dict[str, Any],
                  rng: Random) -> tuple[Log, bool]:
    """„Pýthia použita na odkrytí všech karet které jsou lícem dolů v jednom sloupci… nevyvolává
    žádný efekt u karet Pandora, Io, Argus, Nemesis nebo Poseidon.“"""
    col = column_param(params)
    opp = 1 - seat
    hidden = _face_down(state, opp, col)
    if not hidden:
        raise IllegalActionError(N_("{other}'s column {column} has no face-down card."),
                                 other=who(opp), column=col)
    pythia = _use(state, seat, "pythia")
    for card in hidden:
        reveal(state, card)
    discard(state, seat, pythia)
    log = [line(N_("{who} plays Pythia: {other}'s column {column} turns up: {cards}."),
                who=who(seat), other=who(opp), column=col,
                cards=[card_name(state, c) for c in field.column(state, opp, col)
                       if c != FIGURE])]
    return remember(state, "reveal", seat, col, [(opp, c) for c in hidden], log)


# --- Sirens, Hades, Persephone ----------------------------------------------------------------


def _siren_target(state: State, seat: int) -> int | None:
    """Index of the topmost card of strength 1–7 in the opponent's discard pile."""
    pile = state["discards"][1 - seat]
    for index in range(len(pile) - 1, -1, -1):
        if lurable(state, pile[index]):
            return index
    return None


def sirens(state: State, seat: int, params: dict[str, Any], rng: Random) -> tuple[Log, bool]:
    """„Za jeden akční bod si hráč může vzít vrchní karu ze soupeřova odhazovacího balíčku
    a umístit si ji do ruky (Tato karta musí mít sílu od jedné do sedmi.“"""
    opp = 1 - seat
    index = _siren_target(state, seat)
    if index is None:
        raise IllegalActionError(N_("{other}'s discard pile holds no card of strength 1–7."),
                                 other=who(opp))
    siren = _use(state, seat, "sirens")
    card = state["discards"][opp].pop(index)
    add_to_hand(state, seat, card)
    discard(state, seat, siren)
    return [line(N_("{who} plays the Sirens and lures {card} from {other}'s discard pile."),
                 who=who(seat), other=who(opp), card=card_name(state, card))], True


def hades(state: State, seat: int, params: dict[str, Any], rng: Random) -> tuple[Log, bool]:
    """„Hádes použit k vyhledání karty v odhazovacím balíčku a na její navrácení do hráčovy
    ruky… Hráč není povinen říkat nebo ukazovat, co si z ohazovacího balíčku vytáhl.“"""
    key: str = params["card"]
    pile = state["discards"][seat]
    card = next((c for c in reversed(pile) if key_of(state, seat, c) == key), None)
    if card is None:
        raise IllegalActionError(N_("Your discard pile holds no such card."))
    used = _use(state, seat, "hades")
    pile.remove(card)
    add_to_hand(state, seat, card)
    discard(state, seat, used)
    if lured(card, seat):
        public = line(N_("{who} plays Hades and takes back the lured {card}."), who=who(seat),
                      card=card_name(state, card))
    else:
        public = line(N_("{who} plays Hades and takes a card back from the discard pile."),
                      who=who(seat))
    return [public, line(N_("Hades gives you back {card}."), to=[seat],
                         card=card_name(state, card))], False


def _pegasi(state: State, seat: int) -> list[str]:
    """The Pegasus cards of the seat's discard pile, topmost first."""
    return [c for c in reversed(state["discards"][seat]) if kind(state, c) == "pegasus"]


def persephone(state: State, seat: int, params: dict[str, Any],
               rng: Random) -> tuple[Log, bool]:
    """„Za jeden akční bod si hráč může vzít ze svého odhazovacího balíčku tři karty Pegasů…
    stále platí limit, že hráč nemůže mít více jak dvanáct karet na ruce.“"""
    pegasi = _pegasi(state, seat)
    if not pegasi:
        raise IllegalActionError(N_("Your discard pile holds no Pegasus."))
    queen = _use(state, seat, "persephone")
    room = HAND_LIMIT - len(state["hands"][seat])
    taken = pegasi[:min(3, room)]
    for card in taken:
        state["discards"][seat].remove(card)
        add_to_hand(state, seat, card)
    discard(state, seat, queen)
    return [line(N_("{who} plays Persephone and takes {count} Pegasus back into the hand."),
                 who=who(seat), count=len(taken))], False


# --- Dionysus --------------------------------------------------------------------------------


def _dionysus_actions(state: State, seat: int, group: str) -> list[Action]:
    found = []
    for col in range(1, field.COLUMNS + 1):
        where = field.all_places(state, seat, skip=col)
        if not where:
            continue
        for row, entry in enumerate(field.column(state, seat, col)):
            if entry == FIGURE:
                continue
            found.append(Action(
                "dionysus", {"card": f"{col}-{row}"},
                N_("Dionysus: move the card in column {column}, row {row}"),
                {"column": col, "row": row + 1},
                inputs={"to": {"kind": "choice", "choices": where, "label": N_("Where to")}},
                group=group, hint=N_("Before, between or behind the cards of another column; "
                                     "at most four cards a column.")))
    return found


def dionysus(state: State, seat: int, params: dict[str, Any], rng: Random) -> tuple[Log, bool]:
    """„Za jeden akční bod může Dyonisos pohnout jednou kartou v poli do jiného sloupce…
    Dyonisso nemůže pohybovat figurkami Hery a Dia.“"""
    source, target = field.parse_place(params["card"]), field.parse_place(params["to"])
    if source is None or target is None:
        raise IllegalActionError(N_("Name the card as column-row and the place as "
                                    "column-position, e.g. 1-0 and 3-2."))
    (col, row), (to_col, to_pos) = source, target
    entries = field.column(state, seat, col)
    if row >= len(entries) or entries[row] == FIGURE:
        raise IllegalActionError(N_("Dionysus moves one of your cards; your figure never "
                                    "moves."))
    if to_col == col:
        raise IllegalActionError(N_("Dionysus moves a card to another column."))
    if to_pos not in field.places(state, seat, to_col):
        raise IllegalActionError(N_("Column {column} has no such place (at most four cards, "
                                    "nothing before the figure)."), column=to_col)
    wine = _use(state, seat, "dionysus")
    card = field.take(state, seat, col, row)
    field.insert(state, seat, to_col, to_pos, card)
    discard(state, seat, wine)
    if card in state["up"]:
        text = line(N_("{who} plays Dionysus and moves {card} from column {from_column} to "
                       "column {column}, row {row}."), who=who(seat),
                    card=card_name(state, card), from_column=col, column=to_col,
                    row=to_pos + 1)
    else:
        text = line(N_("{who} plays Dionysus and moves a face-down card from column "
                       "{from_column} to column {column}, row {row}."), who=who(seat),
                    from_column=col, column=to_col, row=to_pos + 1)
    return [text], False


# --- the Hera and Zeus figures ---------------------------------------------------------------


def figure_columns(state: State, seat: int) -> list[int]:
    """Where the figure may go: a column with 1–3 cards („nemohou být hráni na prázdné místo“,
    „Pokud sloupec již obsahuje 4 karty není možné zde umísít“)."""
    return [col for col in range(1, field.COLUMNS + 1)
            if 0 < len(field.column(state, seat, col)) < field.DEPTH]


def _figure_actions(state: State, seat: int) -> list[Action]:
    found = []
    standing = field.figure_column(state, seat)
    if standing is None and _holds(state, seat, "god"):
        for col in figure_columns(state, seat):
            found.append(Action("god", {"column": col}, N_("{card}: your figure into column "
                                                           "{column}"),
                                {"card": kind_name("god", seat), "column": col},
                                group=N_("Free: your god figure"),
                                hint=N_("Costs no point; this turn and every turn it stands "
                                        "you have 4 action points.")))
    if standing is not None and state["rules"]["figure_removal"] == "action":
        found.append(Action("remove_figure", {}, N_("Take your figure back"),
                            group=N_("Your god figure"),
                            hint=N_("One action point; the cards behind it move up.")))
    return found


def god(state: State, seat: int, params: dict[str, Any], rng: Random) -> tuple[Log, bool]:
    """„Při zahrání těchto dvou karet, neplatí hráč žádné akční body… dohraje kolo, jako by je
    dostal na začátku.“"""
    col = column_param(params)
    if field.figure_column(state, seat) is not None:
        raise IllegalActionError(N_("Your figure already stands on the field."))
    if col not in figure_columns(state, seat):
        if not field.column(state, seat, col):
            raise IllegalActionError(N_("The figure never goes onto an empty place."))
        raise IllegalActionError(N_("Column {column} already holds four cards."), column=col)
    card = _use(state, seat, "god")
    field.insert(state, seat, col, 0, FIGURE)
    discard(state, seat, card)
    turn = turn_of(state)
    turn["total"] = 4
    turn["left"] = 4 - turn["spent"]
    return [line(N_("{who} plays {card}: the figure stands in column {column}; {points} "
                    "action points are left this turn."), who=who(seat),
                 card=card_name(state, card), column=col, points=turn["left"])], False


def remove_figure(state: State, seat: int, params: dict[str, Any],
                  rng: Random) -> tuple[Log, bool]:
    """„Hráč může jako jednu akci odstranit svoji figuru Hery nebo Dia.“"""
    col = field.own_figure(state, seat, "action")
    field.take(state, seat, col, 0)
    return [line(N_("{who} takes the figure back from column {column}."), who=who(seat),
                 column=col)], False


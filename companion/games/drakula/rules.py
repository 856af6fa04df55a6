"""Drakula (Michael Rieneck, Kosmos 2003; Czech rules: ``shared/rules/drakula-2p.cs.txt``).

Dracula and Van Helsing hunt each other's target cards (coffins / victims) among twelve
face-down encounter cards on a 3 × 4 board. The app holds every face-down card, both
supplies, both hands of action cards, the peeks and the bluffs; each phone sees only what
its player saw (a private memory of peeks), the tablet only what is public.

A turn is a chain of small actions: ``step`` to a neighbour, ``peek`` at the card there
(own card: it goes to the supply and ``lay`` puts any supply card back face down; the
opponent's card: the move ends and it is resolved), ``show_supplies`` when meeting the
other figure, ``end_move``; then ``play`` one action card (pays the steps, fights), its
``special`` action (or ``skip_special``), a ``barrier`` (``barrier_colour`` first for
grey) and ``end_turn``. ``give_target`` (a target card from the supply for two lives)
works at any time.

>>> from companion.core.fairness import StepRandom
>>> state = setup(default_options(), StepRandom(b"k" * 32, 0))
>>> [a.action for a in actions(state, 0)][:2], state["phase"]
(['pick', 'pick'], 'setup')
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from typing import Any

from companion.games.base import (
    N_,
    Action,
    ActionSyntaxError,
    Applied,
    IllegalActionError,
    Option,
    Random,
    Result,
    SeatSpec,
    State,
    check_params,
    line,
    thaw,
)
from companion.games.drakula import data
from companion.games.drakula.board import (
    _TIP,
    _barrier_now,
    _card_name,
    _card_order,
    _check_captures,
    _clear,
    _finish,
    _label,
    _lay,
    _legal_edges,
    _lose_lives,
    _max_steps,
    _name,
    _open_neighbours,
    _opp,
    _over,
    _proves,
    _remember,
    _snapshot,
    _supply_lines,
    _supply_public,
    _supply_secret,
    _turn_no,
    _who,
    barrier_problem,
)
from companion.games.drakula.data import (
    ACTION_CARDS,
    BARRIER_COLOURS,
    COACH_STATION,
    DRACULA,
    EDGE_ENDS,
    ENEMY,
    GREY,
    HARBOUR,
    KINDS,
    LOCATIONS,
    NEIGHBOURS,
    TARGET,
    VAN_HELSING,
)
from companion.games.drakula.view import card_view, redeal_hidden, view  # noqa: F401 (the contract)

NAME = data.NAME
TITLE = N_("Drakula")
BLURB = N_("Dracula against Van Helsing: bluff with face-down cards, find the other's "
           "five targets. Two phones and a tablet.")
MIN_PLAYERS = 2
MAX_PLAYERS = 2
HAS_HIDDEN_INFO = True
HAS_CHANCE = True
REMATCH = True

PICKS = 6
"""Each side lays 6 of its 15 encounter cards on the board."""
HAND = 5
MAX_CARD_STEPS = 9
"""The largest step value the card options accept."""
TURN_LIMIT_MAX = 200
_ACTIONS_PER_TURN = 3 * MAX_CARD_STEPS + 12
"""Per step: step, peek, lay; once a turn: show supplies, end the move, play, lay after a
won fight, two special choices, skip, two barrier colours, two barriers, end turn."""
MAX_TURNS = TURN_LIMIT_MAX * _ACTIONS_PER_TURN + 2 * (PICKS + 1) + 2 * 5
"""Setup picks, every turn up to the turn limit, and the ten target cards that may be
given away: no legal game is longer."""

OPTIONS: tuple[Option, ...] = (
    *(
        Option(
            f"card_{cid}",
            card["en"],
            card["default"],
            kind="text",
            hint=N_("Steps / strength (– for none) / barrier colour (red, blue, green, "
                    "yellow or grey), as printed on the card."),
            check_cards=True,
        )
        for cid, card in ACTION_CARDS.items()
    ),
    Option(
        "vampire_strengths",
        N_("Dracula's vampires: how many of strength 1 / 2 / 3"),
        data.DEFAULT_ENEMY_STRENGTHS,
        kind="text",
        hint=N_("Three numbers that add up to 9, e.g. 3/3/3."),
        check_cards=True,
    ),
    Option(
        "hunter_strengths",
        N_("Van Helsing's vampire hunters: how many of strength 1 / 2 / 3"),
        data.DEFAULT_ENEMY_STRENGTHS,
        kind="text",
        hint=N_("Three numbers that add up to 9, e.g. 3/3/3."),
        check_cards=True,
    ),
    Option(
        "barrier_spacing",
        N_("Where barriers may lie"),
        "edge",
        kind="choice",
        choices=(
            ("edge", N_("Never two barriers on one edge (Czech rulebook)")),
            ("apart", N_("Barriers never next to each other (English summary)")),
        ),
        hint=N_("The Czech rulebook forbids only two barriers in one place."),
    ),
    Option(
        "turn_limit",
        N_("Turn limit (a draw when it is reached)"),
        100,
        kind="int",
        min=20,
        max=TURN_LIMIT_MAX,
        hint=N_("Not in the rulebook: it only guarantees that every game ends. A game "
                "usually takes far fewer turns."),
    ),
)


# --- options -------------------------------------------------------------------------


def _fold(text: str) -> str:
    plain = unicodedata.normalize("NFKD", str(text).strip().lower())
    return "".join(ch for ch in plain if not unicodedata.combining(ch))


_COLOUR_WORDS = {
    "red": ("red", "r", "cervena", "cerveny", "rot", "красная", "красный"),
    "blue": ("blue", "b", "modra", "modry", "blau", "синяя", "синий"),
    "green": ("green", "g", "zelena", "zeleny", "grun", "gruen", "зеленая", "зеленыи"),
    "yellow": ("yellow", "y", "zluta", "zluty", "gelb", "желтая", "желтыи"),
    "grey": ("grey", "gray", "seda", "sedy", "grau", "серая", "серыи", "any"),
}
_COLOUR_ALIASES = {_fold(w): c for c, words in _COLOUR_WORDS.items() for w in words}


def parse_card(text: Any) -> dict[str, Any]:
    """Parse an action card option ``steps/strength/barrier``.

    >>> parse_card("5 / 2 / zelená")
    {'steps': 5, 'strength': 2, 'barrier': 'green'}
    >>> parse_card("6/-/grey")["strength"] is None
    True
    """
    parts = [p for p in str(text).replace(",", "/").replace(";", "/").split("/")]
    parts = [p.strip() for p in parts]
    if len(parts) != 3:
        raise ActionSyntaxError(N_("Write an action card as steps / strength / barrier, "
                                   "e.g. 5/2/green."))
    steps_text, strength_text, colour_text = parts
    if not steps_text.isdigit() or not 1 <= int(steps_text) <= MAX_CARD_STEPS:
        raise ActionSyntaxError(N_("An action card has between 1 and {max} steps."),
                                max=MAX_CARD_STEPS)
    if strength_text in ("-", "–", "—", "", "x", "X"):
        strength = None
    elif strength_text.isdigit() and 0 <= int(strength_text) <= 4:
        strength = int(strength_text)
    else:
        raise ActionSyntaxError(N_("A combat strength is 0 to 4, or – for none."))
    colour = _COLOUR_ALIASES.get(_fold(colour_text))
    if colour is None:
        raise ActionSyntaxError(N_("A barrier colour is red, blue, green, yellow or grey."))
    return {"steps": int(steps_text), "strength": strength, "barrier": colour}


def parse_strengths(text: Any) -> dict[int, int]:
    """How many enemies of strength 1, 2 and 3: ``"3/3/3"``.

    >>> parse_strengths("2/4/3")
    {1: 2, 2: 4, 3: 3}
    """
    parts = [p.strip() for p in str(text).replace(",", "/").split("/")]
    if len(parts) != 3 or not all(p.isdigit() for p in parts) or sum(map(int, parts)) != 9:
        raise ActionSyntaxError(N_("Give three numbers that add up to 9, e.g. 3/3/3."))
    return {s: int(p) for s, p in zip((1, 2, 3), parts, strict=True)}


def default_options() -> dict[str, Any]:
    """Every option at its default, for two players."""
    options = {option.name: option.default for option in OPTIONS}
    options["players"] = 2
    return options


def _option(options: dict[str, Any], name: str) -> Any:
    if name in options:
        return options[name]
    return next(o.default for o in OPTIONS if o.name == name)


def validate(options: dict[str, Any]) -> None:
    """Refuse card values that cannot be on a card (raises ActionSyntaxError)."""
    for cid in ACTION_CARDS:
        parse_card(_option(options, f"card_{cid}"))
    parse_strengths(_option(options, "vampire_strengths"))
    parse_strengths(_option(options, "hunter_strengths"))
    if _option(options, "barrier_spacing") not in ("edge", "apart"):
        raise ActionSyntaxError(N_("Choose where barriers may lie."))
    limit = _option(options, "turn_limit")
    if isinstance(limit, bool) or not str(limit).isdigit() \
            or not 20 <= int(limit) <= TURN_LIMIT_MAX:
        raise ActionSyntaxError(N_("The turn limit is between 20 and {max}."),
                                max=TURN_LIMIT_MAX)


def seats(options: dict[str, Any]) -> SeatSpec:
    return SeatSpec(MIN_PLAYERS, MAX_PLAYERS, data.ROLES)


# --- setup ---------------------------------------------------------------------------


def _deck(options: dict[str, Any]) -> list[dict[str, int]]:
    decks = []
    for side, option in ((DRACULA, "vampire_strengths"), (VAN_HELSING, "hunter_strengths")):
        enemy = ENEMY[side]
        counts = {f"{enemy}{s}": n for s, n in parse_strengths(_option(options, option)).items()
                  if n}
        counts[data.POWER[side]] = 1
        counts[TARGET[side]] = 5
        decks.append(counts)
    return decks


def _first_player(options: dict[str, Any]) -> int:
    """The first game: Dracula starts; later the loser of the previous game starts."""
    previous = options.get("previous_result") or {}
    winners = previous.get("winners") or []
    if not previous.get("draw") and len(winners) == 1 and winners[0] in (0, 1):
        return 1 - winners[0]
    return DRACULA


def _deal_hand(cards: list[str]) -> dict[str, list[str]]:
    return {"hand": sorted(cards[:HAND], key=_card_order), "aside": sorted(cards[HAND:],
            key=_card_order), "played": [], "known": []}


def setup(options: dict[str, Any], rng: Random) -> State:
    """Deal the action cards; the encounter cards are picked on the phones."""
    validate(options)
    cards = {cid: parse_card(_option(options, f"card_{cid}")) for cid in ACTION_CARDS}
    hands = [_deal_hand(rng.shuffle(list(data.SIDE_CARDS[side])))
             for side in (DRACULA, VAN_HELSING)]
    return {
        "players": 2,
        "phase": "setup",
        "cards": cards,
        "deck": _deck(options),
        "spacing": _option(options, "barrier_spacing"),
        "turn_limit": int(_option(options, "turn_limit")),
        "first": _first_player(options),
        "picks": [[], []],
        "ready": [False, False],
        "locations": {loc: None for loc in LOCATIONS},
        "owners": {loc: None for loc in LOCATIONS},
        "face_up": None,
        "figures": list(data.START),
        "barriers": {c: None for c in BARRIER_COLOURS},
        "supply": [[], []],
        "captured": [[], []],
        "discard": [[], []],
        "lives": [data.LIVES, data.LIVES],
        "reserve": data.RESERVE,
        "hands": hands,
        "effects": {"dech": False, "sepot": False, "ostrazitost": False, "turned": None},
        "turn": None,
        "turn_count": 0,
        "memory": [{}, {}],
        "seen_supply": [None, None],
        "result": None,
    }


# --- turns ---------------------------------------------------------------------------


def _start_turn(state: State, seat: int, extra: bool = False) -> None:
    state["turn"] = {
        "seat": seat,
        "extra": extra,
        "stage": "move",
        "start": state["figures"][seat],
        "path": [],
        "steps": 0,
        "can_peek": False,
        "met": False,
        "shown": False,
        "revealed": False,
        "lay_at": None,
        "after_lay": None,
        "pending": None,
        "card": None,
        "won_vampire": False,
        "last_life": False,
        "another_turn": False,
        "first": None,
        "oci": False,
        "barriers": [],
        "barrier_colour": None,
        "moved": [],
    }


def _deal_from_all(state: State, seat: int, rng: Random) -> bool:
    """Refill the current action cards when they are used up; True if it shuffled."""
    hand = state["hands"][seat]
    if hand["hand"]:
        return False
    hand["known"] = []
    if hand["aside"]:
        hand["hand"], hand["aside"] = hand["aside"], []
        return False
    state["hands"][seat] = _deal_hand(rng.shuffle(list(data.SIDE_CARDS[seat])))
    return True


def _end_turn(state: State, log: list, rng: Random) -> bool:
    """Finish the active turn and start the next; True if action cards were shuffled."""
    turn = state["turn"]
    seat = turn["seat"]
    shuffled = _deal_from_all(state, seat, rng)
    if shuffled:
        log.append(line(N_("{who} has used all ten action cards and shuffles them."),
                        who=_who(seat)))
    effects = state["effects"]
    if seat == VAN_HELSING and not turn["extra"]:
        effects["dech"] = False
        effects["sepot"] = False
    if seat == DRACULA:
        effects["ostrazitost"] = False
        effects["turned"] = None
    state["turn_count"] += 1
    if state["turn_count"] >= state["turn_limit"]:
        log.append(line(N_("The turn limit is reached.")))
        _finish(state, [], N_("The turn limit of {limit} turns was reached: a draw."),
                limit=state["turn_limit"])
        state["turn"] = None
        return shuffled
    if turn["another_turn"]:
        log.append(line(N_("{who} takes another whole turn (Battle Lust)."), who=_who(seat)))
        _start_turn(state, seat, extra=True)
    else:
        _start_turn(state, _opp(seat))
    return shuffled


# --- actions: what a seat may do now --------------------------------------------------


def actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may post now, sorted."""
    found: list[Action] = []
    if _over(state):
        return found
    if state["phase"] == "setup":
        found = _setup_actions(state, seat)
    else:
        target = TARGET[seat]
        if target in state["supply"][seat]:
            gain = min(2, state["reserve"])
            label = (N_("Give {card} to your opponent for two lives") if gain == 2 else
                     N_("Give {card} to your opponent for one life (the reserve has one)")
                     if gain == 1 else
                     N_("Give {card} to your opponent: no lives (the reserve is empty)"))
            found.append(Action(
                "give_target", {}, label, {"card": _label(target)}, group=N_("Any time"),
                hint=N_("Allowed at any time before your last life is lost."),
            ))
        turn = state["turn"]
        if turn is not None and turn["seat"] == seat:
            found += _turn_actions(state, seat)
    return sorted(found, key=Action.sort_key)


def _setup_actions(state: State, seat: int) -> list[Action]:
    if state["ready"][seat]:
        return []
    picks = state["picks"][seat]
    found = []
    if len(picks) < PICKS:
        left = Counter(state["deck"][seat]) - Counter(picks)
        for kind in sorted(left):
            found.append(Action("pick", {"kind": kind}, N_("Pick {card}"),
                                {"card": _label(kind)}, group=N_("Your six cards"),
                                hint=_TIP))
    else:
        found.append(Action("confirm", {}, N_("These six go on the board"),
                            group=N_("Your six cards"),
                            hint=N_("The app shuffles all twelve and deals one face down "
                                    "to every location.")))
    return found


def _turn_actions(state: State, seat: int) -> list[Action]:
    turn = state["turn"]
    stage = turn["stage"]
    here = state["figures"][seat]
    found: list[Action] = []
    if stage == "move":
        if turn["steps"] < _max_steps(state, seat):
            for n in _open_neighbours(state, here):
                found.append(Action("step", {"to": n}, N_("Step to {location}"),
                                    {"location": _name(n)}, group=N_("Move"),
                                    hint=N_("No diagonals, not through a barrier.")))
        if turn["can_peek"]:
            found.append(Action("peek", {}, N_("Look at the card on {location}"),
                                {"location": _name(here)}, group=N_("Move"),
                                hint=N_("Your own card goes to your supply and you lay one "
                                        "back; the opponent's card ends your move.")))
        if turn["met"]:
            found.append(Action("show_supplies", {}, N_("Show both supplies"),
                                group=N_("Move"),
                                hint=N_("You met the other figure: you may both show your "
                                        "supplies. The proof rule may end the game.")))
        if state["locations"][here] is None and not turn["can_peek"]:
            found += _lay_actions(state, seat, here, optional=True)
        if turn["steps"] >= 1:
            found.append(Action("end_move", {}, N_("Stop here"), group=N_("Move"),
                                hint=N_("Then play an action card that pays your steps.")))
    elif stage == "lay":
        found += _lay_actions(state, seat, turn["lay_at"], optional=False)
    elif stage == "play":
        found += _play_actions(state, seat)
    elif stage == "special":
        found += _special_actions(state, seat)
        found.append(Action("skip_special", {}, N_("Do without the special action"),
                            group=N_("Special action")))
    elif stage == "barrier":
        found += _barrier_actions(state, seat)
    return found


def _lay_actions(state: State, seat: int, loc: str, optional: bool) -> list[Action]:
    found = []
    for kind in sorted(set(state["supply"][seat])):
        found.append(Action("lay", {"kind": kind}, N_("Lay {card} face down on {location}"),
                            {"card": _label(kind), "location": _name(loc)},
                            group=N_("Lay a card"),
                            hint=N_("This location is empty: you may lay a card here.")
                            if optional else
                            N_("Any card of your supply; your opponent sees only that a "
                               "card was laid.")))
    return found


def _play_actions(state: State, seat: int) -> list[Action]:
    turn = state["turn"]
    found = []
    for cid in state["hands"][seat]["hand"]:
        card = state["cards"][cid]
        excess = max(0, turn["steps"] - card["steps"])
        found.append(Action(
            "play", {"card": cid},
            N_("Play {card} (steps {steps}, strength {strength}): costs lives: {lives}")
            if excess else N_("Play {card} (steps {steps}, strength {strength})"),
            {"card": _card_name(cid), "steps": card["steps"], "lives": excess,
             "strength": "–" if card["strength"] is None else card["strength"]},
            group=N_("Play an action card"),
            hint=N_("Every step walked beyond the card's steps costs one life."),
        ))
    return found


def _special_targets(state: State, seat: int) -> list[Action]:
    """The special action of the played card, when it may be used now."""
    turn = state["turn"]
    cid = turn["card"]
    group = N_("Special action")
    label = _card_name(cid)
    hint = ACTION_CARDS[cid]["special"] or ""
    found: list[Action] = []

    def add(params: dict[str, Any], text: str, **args: Any) -> None:
        found.append(Action("special", params, text, {"card": label, **args}, group=group,
                            hint=hint))

    if cid in ("bojovnost", "bystrost", "mameni", "ostrazitost", "dech", "sepot", "oci"):
        add({}, N_("Use {card}"))
    elif cid == "odpor" or cid == "vnuknuti":
        for loc in LOCATIONS:
            if state["locations"][loc] is not None:
                add({"location": loc}, N_("{card}: {location}"), location=_name(loc))
    elif cid == "hloubka":
        for loc in LOCATIONS:
            if loc == turn["first"]:
                continue
            if turn["first"] is None or state["locations"][loc] is not None \
                    or state["locations"][turn["first"]] is not None:
                text = N_("{card}: swap {location} with …") if turn["first"] is None else \
                    N_("{card}: swap with {location}")
                add({"location": loc}, text, location=_name(loc))
    elif cid == "kridla":
        for loc in LOCATIONS:
            if loc != state["figures"][seat]:
                add({"location": loc}, N_("{card}: fly to {location}"), location=_name(loc))
    elif cid == "sumeni":
        for figure in (DRACULA, VAN_HELSING):
            if state["figures"][figure] != HARBOUR:
                add({"figure": figure}, N_("{card}: {figure} to the harbour"),
                    figure=data.ROLES[figure])
    elif cid == "posila":
        hunters = sorted({k for k in state["discard"][VAN_HELSING]})
        if hunters:
            for kind in hunters:
                add({"kind": kind}, N_("{card}: to the coach station, take back {hunter}"),
                    hunter=_label(kind))
        else:
            add({"kind": ""}, N_("{card}: to the coach station"))
    elif cid == "tep":
        for kind in sorted(set(state["discard"][DRACULA])):
            add({"kind": kind}, N_("{card}: take back {vampire}"), vampire=_label(kind))
    elif cid == "trpelivost":
        for other in state["hands"][seat]["played"]:
            if other != "trpelivost":
                add({"card": other}, N_("{card}: take back {other}"), other=_card_name(other))
    return found


def _special_actions(state: State, seat: int) -> list[Action]:
    return _special_targets(state, seat)


def _special_blocked(state: State) -> str | None:
    """Why the played card's special action cannot be used now, or None."""
    turn = state["turn"]
    cid = turn["card"]
    seat = turn["seat"]
    if ACTION_CARDS[cid]["special"] is None or cid == "tajemstvi":
        return ""
    if seat == DRACULA and state["effects"]["ostrazitost"]:
        return N_("Vigilance: Dracula may not use this special action.")
    if cid == "bojovnost" and not turn["won_vampire"]:
        return N_("Battle Lust needs a fight won against a vampire this turn.")
    if cid == "mameni":
        if turn["revealed"]:
            return N_("Feint: you revealed one of Dracula's cards this turn.")
        if not state["supply"][DRACULA]:
            return N_("Feint: Dracula's supply is empty.")
    if cid == "tep" and not state["discard"][DRACULA]:
        return N_("The Pulse of the Night: no vampire lies on the discard pile.")
    if cid == "trpelivost" and not [c for c in state["hands"][seat]["played"]
                                    if c != "trpelivost"]:
        return N_("Composure: no other action card has been played.")
    if not _special_targets(state, seat):
        return N_("The special action has nothing to act on now.")
    return None


def _accepts(state: State, spec: str, colour: str) -> bool:
    """Whether a barrier still to move this turn (``spec``: a colour, ``any`` for a grey
    bar, ``other`` for Oči noci's second) may be ``colour``."""
    turn = state["turn"]
    if colour in turn.get("moved", []):
        return False
    if spec in BARRIER_COLOURS:
        return colour == spec
    if spec == "other":
        return colour != state["cards"][turn["card"]]["barrier"]
    return True


def _choosable(state: State) -> list[str]:
    """The barriers one may choose to move next besides the card's own colour (a grey bar,
    or Oči noci's second barrier, which may come first: the card gives no order)."""
    turn = state["turn"]
    if turn["barrier_colour"] is not None:
        return []
    now = _barrier_now(turn)
    return [c for c in BARRIER_COLOURS if c != now and _legal_edges(state, c)
            and any(_accepts(state, spec, c) for spec in turn["barriers"]
                    if spec not in BARRIER_COLOURS)]


def _barrier_actions(state: State, seat: int) -> list[Action]:
    turn = state["turn"]
    found: list[Action] = []
    group = N_("Barrier")
    second = "other" in turn["barriers"]
    for c in _choosable(state):
        found.append(Action("barrier_colour", {"colour": c}, N_("Barrier: {colour}"),
                            {"colour": data.COLOUR_NAMES[c]["en"]}, group=group,
                            hint=N_("The Eyes of the Night: besides yellow, one more barrier "
                                    "of another colour, in either order.") if second else
                            N_("A grey bar: any one barrier.")))
    colour = _barrier_now(turn)
    if colour is not None:
        placed = state["barriers"][colour] is not None
        for edge in _legal_edges(state, colour):
            a, b = EDGE_ENDS[edge]
            found.append(Action(
                "barrier", {"colour": colour, "edge": edge},
                N_("Move the barrier ({colour}) to {a} – {b}") if placed else
                N_("Place the barrier ({colour}) on {a} – {b}"),
                {"colour": data.COLOUR_NAMES[colour]["en"], "a": _name(a), "b": _name(b)},
                group=group,
                hint=N_("The board may never be cut in two."),
            ))
    if len(turn["barriers"]) > 1:
        found.append(Action("skip_barrier", {}, N_("Leave this barrier"), group=group))
    found.append(Action("end_turn", {}, N_("End the turn"), group=group))
    return found


# --- applying an action --------------------------------------------------------------


def apply(state: State, seat: int, action: dict[str, Any], rng: Random) -> Applied:
    """Apply one posted action; raises ActionSyntaxError / IllegalActionError."""
    if not isinstance(action, dict):
        raise ActionSyntaxError(N_("An action must be an object."))
    name = action.get("action")
    handler = _HANDLERS.get(name) if isinstance(name, str) else None
    if handler is None:
        raise ActionSyntaxError(N_("There is no action “{name}” here."), name=str(name)[:30])
    params = action.get("params", {})
    if not isinstance(params, dict):
        raise ActionSyntaxError(N_("The action's parameters must be an object."))
    if isinstance(seat, bool) or seat not in (DRACULA, VAN_HELSING):
        raise ActionSyntaxError(N_("There is no such seat."))
    if _over(state):
        raise IllegalActionError(N_("The game is over."))
    return handler(thaw(state), seat, params, rng)


def _need_turn(state: State, seat: int, *stages: str) -> dict[str, Any]:
    if state["phase"] != "play":
        raise IllegalActionError(N_("The cards are not on the board yet."))
    turn = state["turn"]
    if turn["seat"] != seat:
        raise IllegalActionError(N_("It is not your turn."))
    if turn["stage"] not in stages:
        raise IllegalActionError(_STAGE_REASON[turn["stage"]])
    return turn


_STAGE_REASON = {
    "move": N_("Finish your move first."),
    "lay": N_("Lay a card from your supply first."),
    "play": N_("Play an action card first."),
    "special": N_("Use or skip the special action first."),
    "barrier": N_("Place a barrier or end the turn first."),
}


def _kind_param(params: dict[str, Any]) -> str:
    kind = check_params(params, kind=str)["kind"]
    if kind not in KINDS:
        raise ActionSyntaxError(N_("There is no such encounter card."))
    return kind


def _location_param(params: dict[str, Any], name: str = "location") -> str:
    loc = check_params(params, **{name: str})[name]
    if loc not in LOCATIONS:
        raise ActionSyntaxError(N_("There is no such location."))
    return loc


# setup ---


def _pick(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    kind = _kind_param(params)
    if state["phase"] != "setup" or state["ready"][seat]:
        raise IllegalActionError(N_("Your six cards are already on the board."))
    if len(state["picks"][seat]) >= PICKS:
        raise IllegalActionError(N_("You have picked six cards already."))
    left = Counter(state["deck"][seat]) - Counter(state["picks"][seat])
    if left[kind] <= 0:
        raise IllegalActionError(N_("You have no more {card} to pick."), card=_label(kind))
    state["picks"][seat] = sorted([*state["picks"][seat], kind])
    return Applied(state, [line(N_("You picked {card}."), to=[seat], card=_label(kind))])


def _confirm(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    check_params(params)
    if state["phase"] != "setup" or state["ready"][seat]:
        raise IllegalActionError(N_("Your six cards are already on the board."))
    if len(state["picks"][seat]) != PICKS:
        raise IllegalActionError(N_("Pick exactly six cards first."))
    state["ready"][seat] = True
    log = [line(N_("{who} has chosen six encounter cards."), who=_who(seat))]
    if not all(state["ready"]):
        return Applied(state, log)
    laid = rng.shuffle(state["picks"][0] + state["picks"][1])
    for loc, kind in zip(LOCATIONS, laid, strict=True):
        state["locations"][loc] = kind
    for side in (DRACULA, VAN_HELSING):
        supply = Counter(state["deck"][side]) - Counter(state["picks"][side])
        state["supply"][side] = sorted(supply.elements())
    state["picks"] = [[], []]
    state["phase"] = "play"
    _start_turn(state, state["first"])
    log.append(line(N_("The twelve cards are shuffled and dealt face down. {who} begins."),
                    who=_who(state["first"])))
    return Applied(state, log, revealed=True)


# move ---


def _step(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    to = _location_param(params, "to")
    turn = _need_turn(state, seat, "move")
    here = state["figures"][seat]
    if to not in NEIGHBOURS[here]:
        raise IllegalActionError(N_("You can only step to a neighbouring location, never "
                                    "diagonally."))
    if to not in _open_neighbours(state, here):
        raise IllegalActionError(N_("A barrier blocks that way."))
    if turn["steps"] >= _max_steps(state, seat):
        raise IllegalActionError(N_("No action card in your hand has more than {steps} "
                                    "steps: you may not walk further."),
                                 steps=_max_steps(state, seat))
    state["figures"][seat] = to
    turn["steps"] += 1
    turn["path"].append(to)
    turned = seat == DRACULA and state["effects"]["turned"] == to
    turn["can_peek"] = state["locations"][to] is not None and not turned
    turn["met"] = state["figures"][_opp(seat)] == to and not turn["shown"]
    log = [line(N_("{who} steps to {location} (step {steps})."), who=_who(seat),
                location=_name(to), steps=turn["steps"])]
    if turned:
        log.append(line(N_("The card on {location} is turned: Dracula may not look at it "
                           "this turn."), location=_name(to)))
    return Applied(state, log)


def _peek(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    check_params(params)
    turn = _need_turn(state, seat, "move")
    loc = state["figures"][seat]
    if not turn["can_peek"]:
        if seat == DRACULA and state["effects"]["turned"] == loc:
            raise IllegalActionError(N_("Resistance turned this card: you may not look at "
                                        "it this turn."))
        if state["locations"][loc] is None:
            raise IllegalActionError(N_("There is no card here."))
        raise IllegalActionError(N_("You may look at a card only right after stepping onto "
                                    "its location (and only once)."))
    kind = state["locations"][loc]
    turn["can_peek"] = False
    owner = KINDS[kind]["owner"]
    if owner == seat:
        _remember(state, seat, loc, "peeked")
        state["locations"][loc] = None
        state["supply"][seat] = sorted([*state["supply"][seat], kind])
        _supply_secret(state, seat)
        turn["stage"] = "lay"
        turn["lay_at"] = loc
        turn["after_lay"] = "move"
        log = [line(N_("{who} looked at the card on {location} and takes it into the "
                       "supply."), who=_who(seat), location=_name(loc)),
               line(N_("It is your {card}."), to=[seat], card=_label(kind))]
        return Applied(state, log, revealed=True)
    turn["revealed"] = True
    turn["met"] = False
    state["owners"][loc] = owner
    _remember(state, seat, loc, "revealed")
    _remember(state, owner, loc, "revealed")
    log = [line(N_("{who} turns up {card} on {location}: the move ends."), who=_who(seat),
                card=_label(kind), location=_name(loc))]
    if KINDS[kind]["type"] == "target":
        _clear(state, loc)
        state["captured"][seat].append(kind)
        log.append(line(N_("{who} captures {card}."), who=_who(seat), card=_label(kind)))
        _check_captures(state, seat, log)
        if _over(state):
            return Applied(state, log, revealed=True)
        if state["supply"][seat]:
            turn["stage"] = "lay"
            turn["lay_at"] = loc
            turn["after_lay"] = "play"
        else:
            turn["stage"] = "play"
            log.append(line(N_("{who} has no card left to lay: {location} stays empty."),
                            who=_who(seat), location=_name(loc)))
    elif KINDS[kind]["type"] == "power" and (seat == VAN_HELSING
                                              or state["effects"]["ostrazitost"]):
        # „Hráč ztrácí okamžitě jeden život“: at once, unless Dracula may still play
        # Tajemství noci (which nobody may know he holds, so for him it always waits).
        _lose_lives(state, seat, 1, log, N_("{who} met a sign of power and loses {count} "
                                            "life."))
        log.append(line(N_("The card on {location} is turned face down again."),
                        location=_name(loc)))
        turn["stage"] = "play"
    else:
        state["face_up"] = loc
        turn["pending"] = loc
        turn["stage"] = "play"
        if KINDS[kind]["type"] == "power":
            # The life is lost now unless his card turns out to be Tajemství noci; a target
            # given before he plays cannot bring back a last life already gone.
            turn["last_life"] = state["lives"][seat] == 1
        if KINDS[kind]["type"] == "enemy":
            log.append(line(N_("A fight: the strength of the action card {who} plays now "
                               "decides it."), who=_who(seat)))
    return Applied(state, log, revealed=True)


def _show_supplies(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    check_params(params)
    turn = _need_turn(state, seat, "move")
    if not turn["met"]:
        raise IllegalActionError(N_("Supplies are shown only when you step onto the other "
                                    "figure's location."))
    turn["met"] = False
    turn["shown"] = True
    _snapshot(state, DRACULA)
    _snapshot(state, VAN_HELSING)
    log = [line(N_("{who} and the other figure meet: both supplies are shown."),
                who=_who(seat))]
    log += _supply_lines(state, VAN_HELSING, DRACULA)
    log += _supply_lines(state, DRACULA, VAN_HELSING)
    proofs = [s for s in (DRACULA, VAN_HELSING) if _proves(state, s)]
    if proofs:
        winner = seat if len(proofs) == 2 else proofs[0]
        loser = _opp(winner)
        log.append(line(N_("No target card of {loser} can be on the board any more."),
                        loser=_who(loser)))
        _finish(state, [winner], N_("{winner} proved that no target card of {loser} is "
                                    "left on the board."), winner=_who(winner),
                loser=_who(loser))
    return Applied(state, log, revealed=True)


def _end_move(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    check_params(params)
    turn = _need_turn(state, seat, "move")
    if turn["steps"] < 1:
        raise IllegalActionError(N_("You must move at least one step."))
    turn["stage"] = "play"
    turn["can_peek"] = False
    turn["met"] = False
    return Applied(state, [line(N_("{who} stops on {location}."), who=_who(seat),
                                location=_name(state["figures"][seat]))])


def _lay_action(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    kind = _kind_param(params)
    turn = _need_turn(state, seat, "move", "lay")
    if kind not in state["supply"][seat]:
        raise IllegalActionError(N_("There is no {card} in your supply."), card=_label(kind))
    log: list[dict[str, Any]] = []
    if turn["stage"] == "move":
        loc = state["figures"][seat]
        if state["locations"][loc] is not None:
            raise IllegalActionError(N_("A card already lies here."))
        if turn["can_peek"]:
            raise IllegalActionError(N_("There is a card here to look at."))
        _lay(state, seat, loc, kind, log)
        return Applied(state, log)
    _lay(state, seat, turn["lay_at"], kind, log)
    return Applied(state, log, revealed=_after_lay(state, log, rng))


def _after_lay(state: State, log: list, rng: Random) -> bool:
    """The forced lay is over (or impossible): the turn goes on where it stopped.
    True if the turn ended and the action cards were shuffled."""
    turn = state["turn"]
    after = turn["after_lay"]
    turn["lay_at"] = None
    turn["after_lay"] = None
    if after == "special":
        _to_special(state, log)
        return _maybe_end(state, log, rng)
    turn["stage"] = after
    return False


# play ---


def _play(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    cid = check_params(params, card=str)["card"]
    if cid not in ACTION_CARDS:
        raise ActionSyntaxError(N_("There is no such action card."))
    turn = _need_turn(state, seat, "play")
    hand = state["hands"][seat]
    if cid not in hand["hand"]:
        raise IllegalActionError(N_("{card} is not among your current action cards."),
                                 card=_card_name(cid))
    hand["hand"].remove(cid)
    if cid in hand["known"]:
        hand["known"].remove(cid)
    hand["played"].append(cid)
    turn["card"] = cid
    card = state["cards"][cid]
    log = [line(N_("{who} plays {card}."), who=_who(seat), card=_card_name(cid))]
    excess = turn["steps"] - card["steps"]
    if excess > 0:
        _lose_lives(state, seat, excess, log,
                    N_("{who} walked further than the card pays and loses lives: {count}."))
        if _over(state):
            return Applied(state, log, revealed=True)
    loc = turn["pending"]
    if loc is not None:
        turn["pending"] = None
        state["face_up"] = None
        kind = state["locations"][loc]
        owner = _opp(seat)
        if KINDS[kind]["type"] == "power":
            if cid == "tajemstvi" and not state["effects"]["ostrazitost"]:
                log.append(line(N_("The Darkness of the Night: {who} loses no life for the "
                                   "crucifix."), who=_who(seat)))
            elif turn.get("last_life") and state["lives"][seat] > 1:
                # „Když ztratí svůj poslední život, je už příliš pozdě.“
                log.append(line(N_("The crucifix took {who}'s last life when it was turned "
                                   "up: the target card given since came too late."),
                                who=_who(seat)))
                _lose_lives(state, seat, state["lives"][seat], log,
                            N_("{who} loses the remaining lives: {count}."))
            else:
                _lose_lives(state, seat, 1, log,
                            N_("{who} met a sign of power and loses {count} life."))
            log.append(line(N_("The card on {location} is turned face down again."),
                            location=_name(loc)))
        else:
            mine = card["strength"] or 0
            theirs = KINDS[kind]["strength"] + _dech_bonus(state, kind)
            log.append(line(N_("Fight on {location}: {mine} against {theirs}."),
                            location=_name(loc), mine=mine, theirs=theirs))
            if mine > theirs:
                _clear(state, loc)
                state["discard"][owner].append(kind)
                turn["won_vampire"] = KINDS[kind]["base"] == "vampire"
                log.append(line(N_("{who} wins the fight: {card} goes to the discard pile."),
                                who=_who(seat), card=_label(kind)))
                if state["supply"][seat]:
                    turn["stage"] = "lay"
                    turn["lay_at"] = loc
                    turn["after_lay"] = "special"
                    return Applied(state, log, revealed=True)
                log.append(line(N_("{who} has no card left to lay: {location} stays empty."),
                                who=_who(seat), location=_name(loc)))
            elif mine < theirs:
                _lose_lives(state, seat, 1, log,
                            N_("{who} loses the fight and {count} life; the card is turned "
                               "face down again."))
                if _over(state):
                    return Applied(state, log, revealed=True)
            else:
                log.append(line(N_("A draw: the card is turned face down again, no life is "
                                   "lost.")))
        if _over(state):
            return Applied(state, log, revealed=True)
    _to_special(state, log)
    _maybe_end(state, log, rng)
    return Applied(state, log, revealed=True)


def _dech_bonus(state: State, kind: str) -> int:
    """The Breath of the Night: +1 for vampires in Van Helsing's next (not extra) turn."""
    turn = state["turn"]
    return int(state["effects"]["dech"] and KINDS[kind]["base"] == "vampire"
               and turn["seat"] == VAN_HELSING and not turn["extra"])


def _to_special(state: State, log: list) -> None:
    turn = state["turn"]
    blocked = _special_blocked(state)
    if blocked is None:
        turn["stage"] = "special"
        return
    if blocked:
        log.append(line(blocked))
    _to_barrier(state, log)


def _to_barrier(state: State, log: list) -> None:
    turn = state["turn"]
    seat = turn["seat"]
    colour = state["cards"][turn["card"]]["barrier"]
    specs = ["any" if colour == GREY else colour]
    if turn["oci"]:
        specs.append("other")
    if seat == VAN_HELSING and state["effects"]["sepot"] and not turn["extra"]:
        log.append(line(N_("The Whisper of the Night: Van Helsing may not move a barrier "
                           "this turn.")))
        specs = []
    turn["barriers"] = specs
    turn["barrier_colour"] = None
    turn["stage"] = "barrier"
    if not specs:
        turn["stage"] = "done"


def _special(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    turn = _need_turn(state, seat, "special")
    cid = turn["card"]
    name = _card_name(cid)
    log: list[dict[str, Any]] = []
    revealed = False
    if cid in ("bojovnost", "bystrost", "mameni", "ostrazitost", "dech", "sepot", "oci"):
        check_params(params)
    if cid == "bojovnost":
        turn["another_turn"] = True
        log.append(line(N_("{who} uses {card}: another whole turn follows."), who=_who(seat),
                        card=name))
    elif cid == "bystrost":
        _snapshot(state, VAN_HELSING)
        log.append(line(N_("{who} uses {card} and looks at Dracula's whole supply."),
                        who=_who(seat), card=name))
        log += _supply_lines(state, DRACULA, VAN_HELSING)
        revealed = True
        if _proves(state, VAN_HELSING):
            log.append(line(N_("No target card of {loser} can be on the board any more."),
                            loser=_who(DRACULA)))
            _finish(state, [VAN_HELSING], N_("{winner} proved that no target card of "
                                             "{loser} is left on the board."),
                    winner=_who(VAN_HELSING), loser=_who(DRACULA))
            return Applied(state, log, revealed=True)
    elif cid == "mameni":
        revealed = True
        _mameni(state, log, rng)
        if _over(state):
            return Applied(state, log, revealed=True)
    elif cid == "ostrazitost":
        state["effects"]["ostrazitost"] = True
        log.append(line(N_("{who} uses {card}: Dracula may not use the special action of "
                           "his next action card."), who=_who(seat), card=name))
    elif cid == "dech":
        state["effects"]["dech"] = True
        log.append(line(N_("{who} uses {card}: in Van Helsing's next turn every vampire is "
                           "one point stronger."), who=_who(seat), card=name))
    elif cid == "sepot":
        state["effects"]["sepot"] = True
        log.append(line(N_("{who} uses {card}: Van Helsing may not move a barrier in his "
                           "next turn."), who=_who(seat), card=name))
    elif cid == "oci":
        turn["oci"] = True
        log.append(line(N_("{who} uses {card}: one more barrier may move."), who=_who(seat),
                        card=name))
    elif cid in ("odpor", "vnuknuti"):
        loc = _location_param(params)
        if state["locations"][loc] is None:
            raise IllegalActionError(N_("There is no card on {location}."), location=_name(loc))
        if cid == "odpor":
            state["effects"]["turned"] = loc
            log.append(line(N_("{who} uses {card}: the card on {location} is turned by 90°; "
                               "Dracula may not look at it in his next turn."),
                            who=_who(seat), card=name, location=_name(loc)))
        else:
            _remember(state, seat, loc, "inspired")
            revealed = True
            log.append(line(N_("{who} uses {card} and secretly looks at the card on "
                               "{location}."), who=_who(seat), card=name,
                            location=_name(loc)))
            log.append(line(N_("The card on {location} is {card}."), to=[seat],
                            location=_name(loc), card=_label(state["locations"][loc])))
    elif cid == "hloubka":
        loc = _location_param(params)
        first = turn["first"]
        if loc == first:
            raise IllegalActionError(N_("Choose two different locations."))
        if first is None:
            turn["first"] = loc
            return Applied(state, [line(N_("You chose {location} for the swap."), to=[seat],
                                        location=_name(loc))])
        if state["locations"][loc] is None and state["locations"][first] is None:
            raise IllegalActionError(N_("Both locations are empty: there is nothing to swap."))
        _swap(state, first, loc)
        log.append(line(N_("{who} uses {card}: the cards on {a} and {b} swap places."),
                        who=_who(seat), card=name, a=_name(first), b=_name(loc)))
    elif cid == "kridla":
        loc = _location_param(params)
        if loc == state["figures"][seat]:
            raise IllegalActionError(N_("Fly to another location."))
        state["figures"][seat] = loc
        log.append(line(N_("{who} uses {card} and flies to {location}."), who=_who(seat),
                        card=name, location=_name(loc)))
    elif cid == "sumeni":
        figure = check_params(params, figure=int)["figure"]
        if figure not in (DRACULA, VAN_HELSING):
            raise ActionSyntaxError(N_("There is no such figure."))
        if state["figures"][figure] == HARBOUR:
            raise IllegalActionError(N_("That figure is already on the harbour."))
        state["figures"][figure] = HARBOUR
        log.append(line(N_("{who} uses {card}: {figure} goes to the harbour."),
                        who=_who(seat), card=name, figure=_who(figure)))
    elif cid == "posila":
        kind = check_params(params, kind=str)["kind"]
        if kind and kind not in state["discard"][VAN_HELSING]:
            raise IllegalActionError(N_("No such vampire hunter lies on your discard pile."))
        if not kind and state["discard"][VAN_HELSING]:
            raise IllegalActionError(N_("Choose the vampire hunter to take back."))
        state["figures"][seat] = COACH_STATION
        log.append(line(N_("{who} uses {card} and goes to the coach station."),
                        who=_who(seat), card=name))
        if kind:
            state["discard"][VAN_HELSING].remove(kind)
            state["supply"][VAN_HELSING] = sorted([*state["supply"][VAN_HELSING], kind])
            _supply_public(state, VAN_HELSING, add=kind)
            log.append(line(N_("{who} takes {card} back into the supply."), who=_who(seat),
                            card=_label(kind)))
    elif cid == "tep":
        kind = _kind_param(params)
        if kind not in state["discard"][DRACULA]:
            raise IllegalActionError(N_("No such vampire lies on your discard pile."))
        state["discard"][DRACULA].remove(kind)
        state["supply"][DRACULA] = sorted([*state["supply"][DRACULA], kind])
        _supply_public(state, DRACULA, add=kind)
        log.append(line(N_("{who} uses {card} and takes {vampire} back into the supply."),
                        who=_who(seat), card=name, vampire=_label(kind)))
    elif cid == "trpelivost":
        other = check_params(params, card=str)["card"]
        hand = state["hands"][seat]
        if other == "trpelivost" or other not in hand["played"]:
            raise IllegalActionError(N_("Take back one of your other played action cards."))
        hand["played"].remove(other)
        hand["hand"] = sorted([*hand["hand"], other], key=_card_order)
        hand["known"].append(other)
        log.append(line(N_("{who} uses {card} and takes {other} back into the hand."),
                        who=_who(seat), card=name, other=_card_name(other)))
    _to_barrier(state, log)
    revealed |= _maybe_end(state, log, rng)
    return Applied(state, log, revealed=revealed)


def _mameni(state: State, log: list, rng: Random) -> None:
    supply = state["supply"][DRACULA]
    if not supply:  # emptied after the stage began (his last target card given away)
        log.append(line(N_("{who} uses Feint, but Dracula's supply is empty: there is "
                           "nothing to draw."), who=_who(VAN_HELSING)))
        return
    kind = supply[rng.randbelow(len(supply))]
    log.append(line(N_("{who} uses Feint and draws {card} from Dracula's supply."),
                    who=_who(VAN_HELSING), card=_label(kind)))
    kind_type = KINDS[kind]["type"]
    if kind_type == "target":
        supply.remove(kind)
        state["captured"][VAN_HELSING].append(kind)
        _supply_public(state, DRACULA, remove=kind)
        log.append(line(N_("{who} captures {card}."), who=_who(VAN_HELSING), card=_label(kind)))
        _check_captures(state, VAN_HELSING, log)
    elif kind_type == "power":
        _lose_lives(state, VAN_HELSING, 1, log,
                    N_("{who} met a sign of power and loses {count} life."))
        log.append(line(N_("{card} goes back into Dracula's supply."), card=_label(kind)))
    else:
        mine = state["cards"]["mameni"]["strength"] or 0
        theirs = KINDS[kind]["strength"] + _dech_bonus(state, kind)
        log.append(line(N_("Fight: {mine} against {theirs}."), mine=mine, theirs=theirs))
        if mine > theirs:
            supply.remove(kind)
            state["discard"][DRACULA].append(kind)
            _supply_public(state, DRACULA, remove=kind)
            log.append(line(N_("{who} wins the fight: {card} goes to the discard pile."),
                            who=_who(VAN_HELSING), card=_label(kind)))
        elif mine < theirs:
            _lose_lives(state, VAN_HELSING, 1, log,
                        N_("{who} loses the fight and {count} life."))
            log.append(line(N_("{card} goes back into Dracula's supply."), card=_label(kind)))
        else:
            log.append(line(N_("A draw: {card} goes back into Dracula's supply."),
                            card=_label(kind)))


def _swap(state: State, a: str, b: str) -> None:
    for table in (state["locations"], state["owners"]):
        table[a], table[b] = table[b], table[a]
    for memory in state["memory"]:
        first, second = memory.pop(a, None), memory.pop(b, None)
        for loc, entry in ((b, first), (a, second)):
            if entry is not None:
                entry["moved"] = _turn_no(state)
                memory[loc] = entry
    effects = state["effects"]
    if effects["turned"] in (a, b):
        effects["turned"] = b if effects["turned"] == a else a


def _skip_special(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    check_params(params)
    turn = _need_turn(state, seat, "special")
    log = [line(N_("{who} does without the special action of {card}."), who=_who(seat),
                card=_card_name(turn["card"]))]
    _to_barrier(state, log)
    return Applied(state, log, revealed=_maybe_end(state, log, rng))


# barriers ---


def _barrier_colour(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    colour = check_params(params, colour=str)["colour"]
    if colour not in BARRIER_COLOURS:
        raise ActionSyntaxError(N_("There is no such barrier."))
    turn = _need_turn(state, seat, "barrier")
    if turn["barrier_colour"] is not None or all(spec in BARRIER_COLOURS
                                                 for spec in turn["barriers"]):
        raise IllegalActionError(N_("The barrier for this card is already chosen."))
    if not any(_accepts(state, spec, colour) for spec in turn["barriers"]):
        raise IllegalActionError(N_("That barrier has had its move this turn: choose "
                                    "another."))
    if not _legal_edges(state, colour):
        raise IllegalActionError(N_("That barrier has no place it may go."))
    turn["barrier_colour"] = colour
    return Applied(state, [])


def _barrier(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    p = check_params(params, colour=str, edge=str)
    colour, edge = p["colour"], p["edge"]
    if colour not in BARRIER_COLOURS:
        raise ActionSyntaxError(N_("There is no such barrier."))
    if edge not in EDGE_ENDS:
        raise ActionSyntaxError(N_("A barrier lies between two neighbouring locations."))
    turn = _need_turn(state, seat, "barrier")
    allowed = _barrier_now(turn)
    if allowed is None or (colour != allowed and colour in _choosable(state)):
        raise IllegalActionError(N_("Choose which barrier to move first."))
    if colour != allowed:
        raise IllegalActionError(N_("This card moves only the barrier ({colour})."),
                                 colour=data.COLOUR_NAMES[allowed]["en"])
    problem = barrier_problem(state, colour, edge)
    if problem:
        raise IllegalActionError(problem)
    moved = state["barriers"][colour] is not None
    state["barriers"][colour] = edge
    a, b = EDGE_ENDS[edge]
    log = [line(N_("{who} moves the barrier ({colour}) to {a} – {b}.") if moved else
                N_("{who} places the barrier ({colour}) on {a} – {b}."),
                who=_who(seat), colour=data.COLOUR_NAMES[colour]["en"], a=_name(a),
                b=_name(b))]
    _barrier_done(turn, colour)
    turn["moved"] = [*turn.get("moved", []), colour]
    if not turn["barriers"]:
        turn["stage"] = "done"
    return Applied(state, log, revealed=_maybe_end(state, log, rng))


def _barrier_done(turn: dict[str, Any], colour: str | None) -> None:
    """One barrier of the turn has moved (or is left): the most particular one it could be."""
    specs = turn["barriers"]
    for spec in (colour, "other", "any"):
        if spec in specs:
            specs.remove(spec)
            break
    turn["barrier_colour"] = None


def _skip_barrier(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    check_params(params)
    turn = _need_turn(state, seat, "barrier")
    if len(turn["barriers"]) < 2:
        raise IllegalActionError(N_("There is no other barrier to move: end the turn."))
    _barrier_done(turn, _barrier_now(turn))
    return Applied(state, [])


def _end_turn_action(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    check_params(params)
    turn = _need_turn(state, seat, "barrier")
    turn["stage"] = "done"
    log = [line(N_("{who} ends the turn."), who=_who(seat))]
    return Applied(state, log, revealed=_maybe_end(state, log, rng))


def _maybe_end(state: State, log: list, rng: Random) -> bool:
    turn = state["turn"]
    if turn is None or turn["stage"] != "done" or _over(state):
        return False
    return _end_turn(state, log, rng)


# any time ---


def _give_target(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    check_params(params)
    if state["phase"] != "play":
        raise IllegalActionError(N_("The cards are not on the board yet."))
    target = TARGET[seat]
    if target not in state["supply"][seat]:
        raise IllegalActionError(N_("There is no {card} in your supply."), card=_label(target))
    state["supply"][seat].remove(target)
    state["captured"][_opp(seat)].append(target)
    _supply_public(state, seat, remove=target)
    gained = min(2, state["reserve"])
    state["lives"][seat] += gained
    state["reserve"] -= gained
    log = [line(N_("{who} gives {card} to the opponent and takes lives: {count}."),
                who=_who(seat), card=_label(target), count=gained)]
    _check_captures(state, _opp(seat), log)
    turn = state["turn"]
    if not _over(state) and turn["seat"] == seat and turn["stage"] == "lay" \
            and not state["supply"][seat]:
        # „Pokud musí hráč položit … kartu setkání a žádnou už nemá, zůstane lokace prázdná.“
        log.append(line(N_("{who} has no card left to lay: {location} stays empty."),
                        who=_who(seat), location=_name(turn["lay_at"])))
        _after_lay(state, log, rng)
    return Applied(state, log, revealed=True)


_HANDLERS = {
    "pick": _pick,
    "confirm": _confirm,
    "step": _step,
    "peek": _peek,
    "show_supplies": _show_supplies,
    "end_move": _end_move,
    "lay": _lay_action,
    "play": _play,
    "special": _special,
    "skip_special": _skip_special,
    "barrier_colour": _barrier_colour,
    "barrier": _barrier,
    "skip_barrier": _skip_barrier,
    "end_turn": _end_turn_action,
    "give_target": _give_target,
}


def result(state: State) -> Result | None:
    return state["result"]

"""Duel! — the anniversary minigame of the Czech RPG Příběhy Impéria (Ferenc brothers, 2010).

Rules: ``shared/rules/duel.cs.txt`` (Czech); cards and counts in :mod:`.cards`. Two
duellists each hold an action deck (5 Aim, 2 Bluff, 2 Shot) plus jokers drawn blind from
their joker decks, and start with one Aim laid. Each round both choose a card in secret on
their phones; when both have chosen, both turn at once and the round resolves: Aims are
laid, Bluffs and Crying Mistress remove Aims, Shots roll four FUDGE dice + laid Aims (+ Wind)
and hit on 4 or more. How every ambiguity of the rulebook is decided is in ``README.md``.

Phases: ``signal`` (before round 1: play Confused Signal or get ready, in secret) →
``choose`` (the secret choice of a round) → ``mind`` (Mind Reading's swap, only when one was
played) → ``demon`` (Demon's Help's blind pick, only when one was played) → the next round,
or ``over``.

>>> state = position([["bluff", "shot"], ["aim", "shot"]], laid=(1, 2))
>>> state = apply(state, 0, {"action": "choose", "params": {"card": 0}}, None).state
>>> state = apply(state, 1, {"action": "choose", "params": {"card": 0}}, None).state
>>> [len(pile) for pile in state["laid"]]  # the Aim is laid (3), then Bluff removes two
[1, 1]
>>> view(state, 1)["hand"][0]["name"], view(state, None)["duellists"][0]["hand_count"]
('Shot', 1)
"""

from __future__ import annotations

from typing import Any, overload

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
from companion.games.duel import cards
from companion.games.duel.cards import BY_KEY, JOKERS, sort_hand

NAME = "duel"
TITLE = N_("Duel!")
BLURB = N_("Two gentlemen at dawn: cards played in secret, two pistols, four FUDGE dice.")
MIN_PLAYERS = 2
MAX_PLAYERS = 2
HAS_HIDDEN_INFO = True
HAS_CHANCE = True
REMATCH = True
"""“Reload and duel again”: the platform calls ``setup`` again at the same table."""

SEATS = (0, 1)
ROLES = (N_("First duellist"), N_("Second duellist"))
PISTOLS = 2
DICE = 4
HIT_ON = 4
WIND = -2
WIND_ROUNDS = 2
"""Wind blows in the round it is played and the next one."""
JOKERS_EACH = 2
MAX_JOKERS_EACH = JOKERS_EACH + 1
HAND_MAX = sum(cards.ACTION_DECK.values()) - 1 + MAX_JOKERS_EACH
"""The largest hand: the action deck minus the Aim laid at the start, plus the jokers."""
MAX_TURNS = 2 + 6 * 2 * HAND_MAX
"""Two signal choices, then per round at most two choices, two Mind Reading decisions and two
blind picks; every round spends at least one card of the two hands."""
KEEP = "keep"
"""The Mind Reading decision “keep the card as played”."""
MAX_COPIES = 8

OPTIONS = (
    Option(
        "extra_joker", N_("Příběhy Impéria variant: a third joker for"), "none", kind="choice",
        choices=(("none", N_("Nobody (the standard duel)")),
                 ("first", N_("First duellist")),
                 ("second", N_("Second duellist"))),
        hint=N_("The duellist with the higher duelling skill draws one joker more."),
    ),
    Option(
        "joker_deck", N_("Where the jokers are drawn from"), "own", kind="choice",
        choices=(("own", N_("Each duellist from his own joker deck of nine")),
                 ("shared", N_("Both from one shared deck: the two joker decks together"))),
        hint=N_("The rulebook prints page 4 (the nine jokers) twice and gives each player "
                "his own card backs, so most likely each duellist has his own joker deck."),
    ),
    Option(
        "mistress_aim", N_("Crying Mistress also counts as an Aim"), True,
        hint=N_("The card text says so; the card is printed “−1”. Off: it only removes one "
                "of the opponent's Aims."),
    ),
    Option(
        "wind_stacks", N_("Two Winds blowing at once give −4"), True,
        hint=N_("Off: any number of Winds give −2 together."),
    ),
    Option(
        "empty_hand_ends", N_("The duel ends as soon as one duellist has no card to play"),
        False,
        hint=N_("Off: a duellist without cards plays nothing while the other plays on until "
                "both are out of cards."),
    ),
    *(
        Option(f"jokers_{card.key}", label, card.copies, kind="int", min=0, max=MAX_COPIES,
               check_cards=True,
               hint=N_("Inferred from the print sheet: page 4, one joker deck of nine, printed "
                       "twice. A shared deck holds both. Count your cards."))
        for card, label in zip(
            (cards.BY_KEY[key] for key in JOKERS),
            (N_("Wet Powder cards in each joker deck"),
             N_("Nerves of Steel cards in each joker deck"),
             N_("Demon's Help cards in each joker deck"),
             N_("Wind cards in each joker deck"),
             N_("Mind Reading cards in each joker deck"),
             N_("Crying Mistress cards in each joker deck"),
             N_("Confused Signal cards in each joker deck")),
            strict=True,
        )
    ),
)


_DEFAULTS = {option.name: option.default for option in OPTIONS}
RULE_OPTIONS = ("mistress_aim", "wind_stacks", "empty_hand_ends")
"""The options that change how cards resolve; kept in the state for ``apply``."""


def seats(options: dict[str, Any]) -> SeatSpec:
    return SeatSpec(MIN_PLAYERS, MAX_PLAYERS, ROLES)


def _jokers_dealt(options: dict[str, Any]) -> list[int]:
    extra = options.get("extra_joker", "none")
    return [JOKERS_EACH + (extra == "first"), JOKERS_EACH + (extra == "second")]


def _joker_deck(options: dict[str, Any]) -> list[str]:
    """One joker deck as the counts give it (one printed page 4)."""
    deck: list[str] = []
    for key in JOKERS:
        deck += [key] * int(options.get(f"jokers_{key}", _DEFAULTS[f"jokers_{key}"]))
    return deck


def _joker_decks(options: dict[str, Any]) -> list[list[str]]:
    """The decks the jokers are drawn from: one per duellist, or one shared by both.

    Options saved before ``joker_deck`` existed counted the one shared deck the app then
    dealt from; they still deal (and replay) so.
    """
    deck = _joker_deck(options)
    mode = options.get("joker_deck")
    if mode == "own":
        return [deck, list(deck)]
    return [deck * 2 if mode == "shared" else deck]


def validate(options: dict[str, Any]) -> None:
    """Refuse options that cannot make a duel.

    :raises ActionSyntaxError: an unknown variant, a bad count, or too few jokers to deal.
    """
    if options.get("extra_joker", "none") not in ("none", "first", "second"):
        raise ActionSyntaxError(N_("Choose who draws the third joker."))
    if options.get("joker_deck", "shared") not in ("own", "shared"):
        raise ActionSyntaxError(N_("Choose where the jokers are drawn from."))
    for key in JOKERS:
        copies = options.get(f"jokers_{key}", _DEFAULTS[f"jokers_{key}"])
        if isinstance(copies, bool) or not isinstance(copies, int) \
                or not 0 <= copies <= MAX_COPIES:
            raise ActionSyntaxError(N_("Each joker may have between 0 and {max} copies."),
                                    max=MAX_COPIES)
    dealt = _jokers_dealt(options)
    decks = _joker_decks(options)
    needed = [sum(dealt)] if len(decks) == 1 else dealt
    for deck, count in zip(decks, needed, strict=True):
        if len(deck) < count:
            raise ActionSyntaxError(N_("A joker deck needs at least {count} cards."),
                                    count=count)


def setup(options: dict[str, Any], rng: Random) -> State:
    """Deal the jokers blind, lay each duellist's first Aim and wait for the signal."""
    validate(options)
    decks = [rng.shuffle(deck) for deck in _joker_decks(options)]
    dealt = _jokers_dealt(options)
    hands = []
    for seat, count in enumerate(dealt):
        deck = decks[_deck_of(decks, seat)]
        jokers = deck[:count]
        del deck[:count]
        actions_deck = [key for key, copies in cards.ACTION_DECK.items() for _ in range(copies)]
        actions_deck.remove("aim")  # laid in front at the start
        hands.append(sort_hand(actions_deck + jokers))
    return _state(
        hands, laid=[["aim"], ["aim"]], joker_decks=decks, jokers=dealt, phase="signal",
        rules={name: bool(options.get(name, _DEFAULTS[name])) for name in RULE_OPTIONS},
    )


def _deck_of(decks: list[list[str]], seat: int) -> int:
    """Which of the joker decks ``seat`` draws from (his own, or the shared one)."""
    return seat if len(decks) == 2 else 0


def _leftover(state: State) -> list[list[str]]:
    """The jokers nobody drew, per deck (states saved before own decks: one deck)."""
    return state["joker_decks"] if "joker_decks" in state else [state["joker_deck"]]


def _state(hands: list[list[str]], *, laid: list[list[str]], joker_decks: list[list[str]],
           jokers: list[int], phase: str, rules: dict[str, bool]) -> State:
    return {
        "players": 2,
        "rules": rules,
        "phase": phase,
        "round": 0,
        "hands": hands,
        "laid": laid,
        "pistols": [PISTOLS, PISTOLS],
        "jokers": jokers,
        "joker_decks": joker_decks,
        "out": [],
        "pending": [None, None],
        "active": [False, False],
        "signalled": [False, False],
        "skip_first": [False, False],
        "deciding": [False, False],
        "picking": [False, False],
        "wind": [],
        "fallen": [False, False],
        "current": None,
        "history": [],
        "result": None,
    }


def position(hands: list[list[str]], *, laid: tuple[int, int] = (1, 1),
             pistols: tuple[int, int] = (PISTOLS, PISTOLS), wind: list[int] | None = None,
             joker_deck: list[str] | None = None, round: int = 1, idle: int | None = None,
             **rules: bool) -> State:
    """A duel at the secret choice of a round, from given hands (for tests and examples).

    :param hands: the two hands as card keys (see :mod:`.cards`).
    :param laid: how many Aims lie in front of each duellist.
    :param wind: rounds left of each Wind blowing (``[1]``: a Wind played last round).
    :param idle: a seat that plays no card in this round 1 (the opponent's Confused Signal).
    :param rules: ``mistress_aim``, ``wind_stacks``, ``empty_hand_ends`` (defaults as OPTIONS).
    """
    defaults = {name: _DEFAULTS[name] for name in RULE_OPTIONS}
    state = _state(
        [sort_hand(list(hand)) for hand in hands], laid=[["aim"] * n for n in laid],
        joker_decks=[list(joker_deck or [])],
        jokers=[sum(c in JOKERS for c in hand) for hand in hands], phase="choose",
        rules={**defaults, **rules},
    )
    state["pistols"] = list(pistols)
    state["wind"] = list(wind or [])
    state["round"] = round - 1
    if idle is not None:
        state["skip_first"][idle] = True
    _next_round(state)
    return state


# --- what a seat may do ------------------------------------------------------------------


def _playable(state: State, seat: int, card: str) -> bool:
    """Whether ``card`` may be played in a round (Confused Signal only before the duel)."""
    if card == "signal":
        return False
    if card == "shot":
        return state["pistols"][seat] > 0
    return True


def _has_playable(state: State, seat: int) -> bool:
    return any(_playable(state, seat, card) for card in state["hands"][seat])


def _can_shoot(state: State, seat: int) -> bool:
    return state["pistols"][seat] > 0 and "shot" in state["hands"][seat]


def _first_positions(hand: list[str], keep: Any) -> dict[str, int]:
    """The first hand position of each kind of card for which ``keep(card)`` holds."""
    found: dict[str, int] = {}
    for i, card in enumerate(hand):
        if card not in found and keep(card):
            found[card] = i
    return found


def actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (one button per kind of card, not per copy)."""
    phase = state["phase"]
    hand = state["hands"][seat]
    found: list[Action] = []
    if phase == "signal" and state["pending"][seat] is None:
        group = N_("Before the duel")
        found.append(Action("ready", {}, N_("Ready: no signal"), group=group,
                            hint=N_("Your choice stays secret until both duellists are ready.")))
        if "signal" in hand:
            found.append(Action("signal", {}, N_("Play {card}"),
                                {"card": BY_KEY["signal"].name}, group=group,
                                hint=BY_KEY["signal"].hint))
    elif phase == "choose" and state["active"][seat] and state["pending"][seat] is None:
        for card, i in _first_positions(hand, lambda c: _playable(state, seat, c)).items():
            found.append(Action("choose", {"card": i}, N_("Play {card}"),
                                {"card": BY_KEY[card].name},
                                group=N_("Choose your card in secret"),
                                hint=card_hint(state, card)))
    elif phase == "mind" and state["deciding"][seat] and state["pending"][seat] is None:
        group = N_("Mind Reading")
        found.append(Action("keep", {}, N_("Keep {card}"), {"card": BY_KEY["mind"].name},
                            group=group, hint=N_("Mind Reading then does nothing this round.")))
        for card, i in _first_positions(hand, lambda c: _swappable(state, seat, c)).items():
            found.append(Action("swap", {"card": i}, N_("Play {card} instead"),
                                {"card": BY_KEY[card].name}, group=group,
                                hint=card_hint(state, card)))
    elif phase == "demon" and state["picking"][seat]:
        count = len(state["hands"][1 - seat])
        for position_ in range(1, count + 1):
            found.append(Action("pick", {"position": position_}, N_("Take card {position}"),
                                {"position": position_},
                                group=N_("Demon's Help: pick a card blindly"),
                                hint=N_("The cards are shuffled face down; the one you take "
                                        "leaves the game.")))
    return sorted(found, key=Action.sort_key)


def card_hint(state: State, card: str) -> str:
    """A card's one-line rule as it works at this table (the options in force)."""
    if card == "mistress" and state["rules"]["mistress_aim"]:
        return N_("Removes one of the opponent's laid Aims; stays on the table as an Aim.")
    return BY_KEY[card].hint


def _swappable(state: State, seat: int, card: str) -> bool:
    # "any other card": another Mind Reading would only ask the same question again.
    return card != "mind" and _playable(state, seat, card)


# --- applying an action ------------------------------------------------------------------


def apply(state: State, seat: int, action: dict[str, Any], rng: Random) -> Applied:
    """Apply one posted action.

    :param action: ``{"action": str, "params": dict}`` as posted by a phone.
    :raises ActionSyntaxError: an unknown action or malformed parameters.
    :raises IllegalActionError: a well-formed action the rules do not allow now.
    """
    if not isinstance(action, dict):
        raise ActionSyntaxError(N_("The action must be an object."))
    name = action.get("action")
    handler = _HANDLERS.get(name) if isinstance(name, str) else None
    if handler is None:
        raise ActionSyntaxError(N_("There is no action “{name}” here."), name=str(name)[:30])
    params = action.get("params", {})
    if not isinstance(params, dict):
        raise ActionSyntaxError(N_("The action's parameters must be an object."))
    if seat not in SEATS:
        raise IllegalActionError(N_("Only the two duellists play."))
    if state["phase"] == "over":
        raise IllegalActionError(N_("The duel is over."))
    return handler(thaw(state), seat, params, rng)


def _wrong_phase(state: State, seat: int) -> IllegalActionError:
    """The reason a seat may not do that now, in words."""
    phase = state["phase"]
    if phase == "signal":
        return IllegalActionError(N_("Before the duel, only Confused Signal or “ready”."))
    if phase == "mind":
        if state["deciding"][seat]:
            return IllegalActionError(N_("Keep Mind Reading or swap it for another card."))
        return IllegalActionError(N_("Wait: the opponent is deciding on Mind Reading."))
    if phase == "demon":
        if state["picking"][seat]:
            return IllegalActionError(N_("First pick a card blindly for Demon's Help."))
        return IllegalActionError(N_("Wait: the opponent is picking a card for Demon's Help."))
    if not state["active"][seat]:
        return IllegalActionError(N_("You play no card this round."))
    return IllegalActionError(N_("Choose the card for this round."))


def _already(state: State, seat: int) -> None:
    if state["pending"][seat] is not None:
        raise IllegalActionError(N_("You have already chosen; wait for your opponent."))


# Before the duel: Confused Signal.

def _ready(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    return _signal_choice(state, seat, params, play=False)


def _signal(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    return _signal_choice(state, seat, params, play=True)


def _signal_choice(state: State, seat: int, params: dict[str, Any], play: bool) -> Applied:
    check_params(params)
    if state["phase"] != "signal":
        raise IllegalActionError(N_("Confused Signal can only be played before the duel."))
    _already(state, seat)
    if play and "signal" not in state["hands"][seat]:
        raise IllegalActionError(N_("You hold no Confused Signal."))
    state["pending"][seat] = "signal" if play else "ready"
    log = [line(N_("{who} is ready."), who={"seat": seat})]
    log.append(line(N_("You play {card} when both are ready."), to=[seat],
                    card=BY_KEY["signal"].name) if play
               else line(N_("You play no signal."), to=[seat]))
    if any(pick is None for pick in state["pending"]):
        return Applied(state, log)
    signallers = [s for s in SEATS if state["pending"][s] == "signal"]
    for s in signallers:
        state["hands"][s].remove("signal")
        state["out"].append({"card": "signal", "seat": s, "round": 0})
        state["signalled"][s] = True
    if len(signallers) == 1:
        (s,) = signallers
        state["skip_first"][1 - s] = True
        log.append(line(N_("{who} plays Confused Signal: {other} plays no card in round 1."),
                        who={"seat": s}, other={"seat": 1 - s}))
    elif signallers:
        log.append(line(N_("Both duellists play Confused Signal: the signals cancel out.")))
    else:
        log.append(line(N_("Neither duellist gives a false signal. The duel begins.")))
    state["pending"] = [None, None]
    log += _next_round(state)
    return Applied(state, log, revealed=True)


# A round: the secret choice, the reveal.

def _choose(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    index = check_params(params, card=int)["card"]
    if state["phase"] != "choose" or not state["active"][seat]:
        raise _wrong_phase(state, seat)
    _already(state, seat)
    hand = state["hands"][seat]
    if not 0 <= index < len(hand):
        raise IllegalActionError(N_("You do not hold that card."))
    card = hand[index]
    if card == "signal":
        raise IllegalActionError(N_("Confused Signal can only be played before the duel."))
    if not _playable(state, seat, card):
        raise IllegalActionError(N_("Both your pistols are fired."))
    state["pending"][seat] = card
    log = [line(N_("{who} has chosen a card."), who={"seat": seat}),
           line(N_("You chose {card}."), to=[seat], card=BY_KEY[card].name)]
    if any(state["active"][s] and state["pending"][s] is None for s in SEATS):
        return Applied(state, log)
    return Applied(state, log + _reveal(state, rng), revealed=True)


def _reveal(state: State, rng: Random) -> list[dict[str, Any]]:
    """Both cards turn at once; Mind Reading may interrupt before the round resolves."""
    played: list[str | None] = [None, None]
    for s in SEATS:
        card = state["pending"][s]
        if card is not None:
            state["hands"][s].remove(card)
            played[s] = card
    state["pending"] = [None, None]
    state["current"] = {"n": state["round"], "first": list(played), "played": list(played),
                        "swapped": [False, False], "events": [], "rolls": [], "wind": 0}
    log = []
    for s, shown in enumerate(played):
        if shown is None:
            log.append(line(N_("{who} plays no card."), who={"seat": s}))
        else:
            log.append(line(N_("{who} plays {card}."), who={"seat": s},
                            card=BY_KEY[shown].name))
    readers = [s for s in SEATS if played[s] == "mind"]
    if readers:
        state["phase"] = "mind"
        state["deciding"] = [played[s] == "mind" for s in SEATS]
        if len(readers) == 2:
            log.append(line(N_("Both read minds: each may swap Mind Reading in secret.")))
        else:
            log.append(line(N_("{who} reads the opponent's mind and may swap Mind Reading "
                               "for another card."), who={"seat": readers[0]}))
        return log
    return log + _resolve(state, rng)


# Mind Reading: keep it, or play another card instead.

def _keep(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    check_params(params)
    return _decide(state, seat, KEEP, rng)


def _swap(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    index = check_params(params, card=int)["card"]
    if state["phase"] != "mind" or not state["deciding"][seat]:
        raise _wrong_phase(state, seat)
    hand = state["hands"][seat]
    if not 0 <= index < len(hand):
        raise IllegalActionError(N_("You do not hold that card."))
    card = hand[index]
    if card == "mind":
        raise IllegalActionError(N_("Swap Mind Reading for a different card."))
    if not _swappable(state, seat, card):
        raise IllegalActionError(N_("That card cannot be played in a round."))
    return _decide(state, seat, card, rng)


def _decide(state: State, seat: int, choice: str, rng: Random) -> Applied:
    if state["phase"] != "mind" or not state["deciding"][seat]:
        raise _wrong_phase(state, seat)
    _already(state, seat)
    state["pending"][seat] = choice
    log = [line(N_("{who} has decided."), who={"seat": seat})]
    log.append(line(N_("You keep {card}."), to=[seat], card=BY_KEY["mind"].name)
               if choice == KEEP else
               line(N_("You play {card} instead."), to=[seat], card=BY_KEY[choice].name))
    if any(state["deciding"][s] and state["pending"][s] is None for s in SEATS):
        return Applied(state, log)
    current = state["current"]
    for s in SEATS:
        if not state["deciding"][s]:
            continue
        pick = state["pending"][s]
        if pick == KEEP:
            log.append(line(N_("{who} keeps Mind Reading."), who={"seat": s}))
            continue
        state["hands"][s].remove(pick)
        state["out"].append({"card": "mind", "seat": s, "round": current["n"]})
        current["played"][s] = pick
        current["swapped"][s] = True
        log.append(line(N_("{who} swaps Mind Reading for {card}."), who={"seat": s},
                        card=BY_KEY[pick].name))
    state["pending"] = [None, None]
    state["deciding"] = [False, False]
    return Applied(state, log + _resolve(state, rng), revealed=True)


# Resolving a round.

def wind_modifier(state: State) -> int:
    """The Wind modifier on shots this round (0 when calm)."""
    blowing = len(state["wind"])
    if not blowing:
        return 0
    return WIND * blowing if state["rules"]["wind_stacks"] else WIND


def roll_shot(rng: Random, aims: int, wind: int) -> dict[str, Any]:
    """One shot: four FUDGE dice, each face kept for the screen, + Aims + Wind; 4+ hits.

    :returns: the roll record a screen animates face by face: ``faces`` (each −1/0/+1),
        ``symbols``, ``dice`` (their sum), ``modifiers`` (each named), ``total``, ``hit``.
    """
    faces = [rng.fudge() for _ in range(DICE)]
    modifiers = [{"name": N_("Aims"), "value": aims}]
    if wind:
        modifiers.append({"name": N_("Wind"), "value": wind})
    total = sum(faces) + aims + wind
    return {"faces": faces, "symbols": [_SYMBOL[f] for f in faces], "dice": sum(faces),
            "modifiers": modifiers, "total": total, "need": HIT_ON, "hit": total >= HIT_ON,
            "misfire": False}


_SYMBOL = {1: "+", 0: " ", -1: "−"}


def _show_faces(faces: list[int]) -> str:
    return "".join(f"[{_SYMBOL[f]}]" for f in faces)


def _remove_laid(state: State, seat: int, count: int, round_: int) -> int:
    """Remove up to ``count`` of ``seat``'s laid Aims, the last laid first."""
    pile = state["laid"][seat]
    removed = 0
    while pile and removed < count:
        state["out"].append({"card": pile.pop(), "seat": seat, "round": round_})
        removed += 1
    return removed


def _resolve(state: State, rng: Random) -> list[dict[str, Any]]:
    """Resolve the round's final cards: Wind, laying, removals, shots, then what follows."""
    current = state["current"]
    n = current["n"]
    played: list[str | None] = current["played"]
    rules = state["rules"]
    events: list[dict[str, Any]] = []

    for s in SEATS:
        if played[s] == "wind":
            state["wind"].append(WIND_ROUNDS)
            events.append(line(N_("{who}'s Wind: all shots −2 this round and the next."),
                               who={"seat": s}))
    wind = wind_modifier(state)
    current["wind"] = wind

    for s in SEATS:
        card = played[s]
        if card is not None and _stays_laid(card, rules):
            state["laid"][s].append(card)
            text = (N_("{who} lays an Aim ({count} laid).") if card == "aim"
                    else N_("{who} lays {card}: it counts as an Aim ({count} laid)."))
            events.append(line(text, who={"seat": s}, card=BY_KEY[card].name,
                               count=len(state["laid"][s])))

    removals = [0, 0]
    for s in SEATS:
        other = 1 - s
        theirs = played[other]
        if played[s] == "bluff":
            if theirs == "bluff":
                if s == 0:
                    events.append(line(N_("The two Bluffs cancel each other out.")))
            elif theirs in ("shot", "nerves"):
                events.append(line(N_("{other}'s {card} cancels {who}'s Bluff."),
                                   who={"seat": s}, other={"seat": other},
                                   card=BY_KEY[theirs].name))
            else:
                removals[other] = 2
        elif played[s] == "mistress":
            removals[other] = 1
    for s in SEATS:
        if removals[s]:
            remover = played[1 - s]
            assert remover is not None, "only a Bluff or a Mistress removes Aims"
            removed = _remove_laid(state, s, removals[s], n)
            card = BY_KEY[remover].name
            if removed:
                events.append(line(N_("{other}'s {card} removes {count} of {who}'s Aims "
                                      "({left} left)."), who={"seat": s},
                                   other={"seat": 1 - s}, card=card, count=removed,
                                   left=len(state["laid"][s])))
            else:
                events.append(line(N_("{other}'s {card} finds no Aim to remove."),
                                   other={"seat": 1 - s}, card=card))

    for s in SEATS:
        if played[s] != "shot":
            continue
        other = 1 - s
        state["pistols"][s] -= 1
        pistol = PISTOLS - state["pistols"][s]
        record: dict[str, Any]
        if played[other] == "wet_powder":
            record = {"faces": [], "symbols": [], "dice": 0,
                      "modifiers": [{"name": N_("Wet Powder"), "value": None}],
                      "total": None, "need": HIT_ON, "hit": False, "misfire": True}
            events.append(line(N_("{who} fires pistol {pistol}: wet powder, the shot misfires."),
                               who={"seat": s}, pistol=pistol))
        else:
            record = roll_shot(rng, len(state["laid"][s]), wind)
            text = {(True, False): N_("{who} fires pistol {pistol}: {faces} + {aims} Aims = "
                                      "{total}. A hit!"),
                    (False, False): N_("{who} fires pistol {pistol}: {faces} + {aims} Aims = "
                                       "{total}. A miss."),
                    (True, True): N_("{who} fires pistol {pistol}: {faces} + {aims} Aims, "
                                     "Wind {wind} = {total}. A hit!"),
                    (False, True): N_("{who} fires pistol {pistol}: {faces} + {aims} Aims, "
                                      "Wind {wind} = {total}. A miss.")}[
                (record["hit"], bool(wind))]
            args: dict[str, Any] = {"wind": f"{wind:+d}".replace("-", "−")} if wind else {}
            events.append(line(text, who={"seat": s}, pistol=pistol,
                               faces=_show_faces(record["faces"]),
                               aims=len(state["laid"][s]), total=record["total"], **args))
            if record["hit"]:
                state["fallen"][other] = True
        record.update({"seat": s, "pistol": pistol})
        current["rolls"].append(record)

    for s in SEATS:
        if played[s] == "wet_powder" and played[1 - s] != "shot":
            events.append(line(N_("{who}'s Wet Powder finds no shot to spoil."), who={"seat": s}))

    # One-shot cards leave the game; Aims stay (they were laid above).
    for s in SEATS:
        card = played[s]
        if card is not None and not _stays_laid(card, rules):
            state["out"].append({"card": card, "seat": s, "round": n})

    state["wind"] = [left - 1 for left in state["wind"] if left > 1]
    current["events"] = events
    state["history"].append(current)
    state["current"] = None
    log = list(events)

    if any(state["fallen"]):
        log += _finish_fallen(state)
        return log
    pickers = []
    for s in SEATS:
        if played[s] == "demon":
            if state["hands"][1 - s]:
                pickers.append(s)
            else:
                event = line(N_("{who}'s Demon's Help finds no card to take."), who={"seat": s})
                current["events"].append(event)
                log.append(event)
    if pickers and _end_reason(state) is None:
        state["phase"] = "demon"
        state["picking"] = [s in pickers for s in SEATS]
        state["active"] = [False, False]
        return log
    return log + _next_round(state)


def _stays_laid(card: str, rules: dict[str, bool]) -> bool:
    return card in ("aim", "nerves") or (card == "mistress" and rules["mistress_aim"])


# Demon's Help: the blind pick.

def _pick(state: State, seat: int, params: dict[str, Any], rng: Random) -> Applied:
    number = check_params(params, position=int)["position"]
    if state["phase"] != "demon" or not state["picking"][seat]:
        raise _wrong_phase(state, seat)
    victim = 1 - seat
    hand = state["hands"][victim]
    if not 1 <= number <= len(hand):
        raise IllegalActionError(N_("Pick a card between 1 and {count}."), count=len(hand))
    # The hand is shuffled at the moment of the pick, so a position carries no information.
    shuffled = rng.shuffle(hand)
    card = shuffled.pop(number - 1)
    state["hands"][victim] = sort_hand(shuffled)
    last = state["history"][-1]
    state["out"].append({"card": card, "seat": victim, "round": last["n"]})
    state["picking"][seat] = False
    event = line(N_("{who} takes card {position} blindly from {other}: {card} leaves the game."),
                 who={"seat": seat}, other={"seat": victim}, position=number,
                 card=BY_KEY[card].name)
    last["events"].append(event)
    log = [event]
    if not any(state["picking"]):
        log += _next_round(state)
    return Applied(state, log, revealed=True)


# Between rounds, and the end.

def _end_reason(state: State) -> str | None:
    """Why the duel ends now with both standing (a message id), or None."""
    empty = [not _has_playable(state, s) for s in SEATS]
    if all(empty) or (state["rules"]["empty_hand_ends"] and any(empty)):
        return N_("The cards are spent and both duellists stand: a draw.")
    if not any(_can_shoot(state, s) for s in SEATS):
        return N_("Neither duellist has a shot left: a draw.")
    return None


def _next_round(state: State) -> list[dict[str, Any]]:
    """Start the next round's secret choice, or end the duel if no round can follow."""
    state["picking"] = [False, False]
    reason = _end_reason(state)
    if reason is not None:
        return _finish(state, {"winners": [], "draw": True, "text": reason, "args": {}})
    state["round"] += 1
    state["phase"] = "choose"
    state["active"] = [
        _has_playable(state, s) and not (state["round"] == 1 and state["skip_first"][s])
        for s in SEATS
    ]
    log = [line(N_("Round {round}: choose your cards."), round=state["round"])]
    for s in SEATS:
        if not state["active"][s]:
            log.append(line(N_("{who} plays no card this round."), who={"seat": s}))
    return log


def _finish_fallen(state: State) -> list[dict[str, Any]]:
    fallen = state["fallen"]
    if all(fallen):
        outcome = {"winners": [], "draw": False,
                   "text": N_("Both duellists fall: nobody wins."), "args": {}}
    else:
        loser = fallen.index(True)
        outcome = {"winners": [1 - loser], "draw": False,
                   "text": N_("{winner} wins the duel; {loser} falls."),
                   "args": {"winner": {"seat": 1 - loser}, "loser": {"seat": loser}}}
    return _finish(state, outcome)


def _finish(state: State, outcome: dict[str, Any]) -> list[dict[str, Any]]:
    state["phase"] = "over"
    state["result"] = outcome
    state["active"] = [False, False]
    state["picking"] = [False, False]
    state["deciding"] = [False, False]
    state["pending"] = [None, None]
    return [line(outcome["text"], **outcome["args"])]


_HANDLERS = {
    "ready": _ready,
    "signal": _signal,
    "choose": _choose,
    "keep": _keep,
    "swap": _swap,
    "pick": _pick,
}


def result(state: State) -> Result | None:
    return state["result"]


# --- views -------------------------------------------------------------------------------


@overload
def _card(key: str) -> dict[str, Any]: ...


@overload
def _card(key: None) -> None: ...


def _card(key: str | None) -> dict[str, Any] | None:
    return None if key is None else {"key": key, "name": BY_KEY[key].name}


_STATUS = {
    "choosing": N_("still choosing"),
    "chosen": N_("has chosen"),
    "idle": N_("plays no card this round"),
    "reading": N_("deciding on Mind Reading"),
    "decided": N_("has decided"),
    "picking": N_("picks a card blindly"),
    "waiting": N_("waiting"),
    "fallen": N_("fallen"),
    "standing": N_("standing"),
}


def _status(state: State, seat: int) -> str:
    phase = state["phase"]
    chosen = state["pending"][seat] is not None
    if phase == "over":
        return "fallen" if state["fallen"][seat] else "standing"
    if phase == "signal":
        return "chosen" if chosen else "choosing"
    if phase == "choose":
        if not state["active"][seat]:
            return "idle"
        return "chosen" if chosen else "choosing"
    if phase == "mind":
        if not state["deciding"][seat]:
            return "waiting"
        return "decided" if chosen else "reading"
    return "picking" if state["picking"][seat] else "waiting"


def _round_view(record: dict[str, Any], resolved: bool) -> dict[str, Any]:
    return {
        "n": record["n"],
        "resolved": resolved,
        "cards": [
            {"seat": s, "first": _card(record["first"][s]),
             "played": _card(record["played"][s]), "swapped": record["swapped"][s]}
            for s in SEATS
        ],
        "wind": record["wind"],
        "rolls": [dict(roll) for roll in record["rolls"]],
        "events": list(record["events"]),
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (``None``: the tablet). A chosen card is only ever shown to its
    chooser until both cards turn; the opponent's hand appears only as a count."""
    over = state["phase"] == "over"
    out: dict[str, Any] = {
        "phase": state["phase"],
        "round": state["round"],
        "me": seat,
        "opponent": None if seat is None else 1 - seat,
        "duellists": [
            {
                "seat": s,
                "role": ROLES[s],
                "hand_count": len(state["hands"][s]),
                "hand": [_card(c) for c in state["hands"][s]] if over else None,
                "laid": [_card(c) for c in state["laid"][s]],
                "aims": len(state["laid"][s]),
                "pistols": state["pistols"][s],
                "shots_left": min(state["pistols"][s], state["hands"][s].count("shot")),
                "fallen": state["fallen"][s],
                "signalled": state["signalled"][s],
                "status": _status(state, s),
                "status_text": _STATUS[_status(state, s)],
                "chosen": state["pending"][s] is not None,
            }
            for s in SEATS
        ],
        "wind": {"modifier": wind_modifier(state), "blowing": len(state["wind"])},
        "reveal": None,
        "rounds": [_round_view(r, True) for r in reversed(state["history"])],
        "out": [{"card": _card(o["card"]), "seat": o["seat"], "round": o["round"]}
                for o in state["out"]],
        "joker_deck_count": sum(len(deck) for deck in _leftover(state)),
        "joker_decks": [len(deck) for deck in _leftover(state)],
        "result": state["result"],
        "need": HIT_ON,
        "dice": DICE,
    }
    if state["current"] is not None:
        out["reveal"] = _round_view(state["current"], False)
    elif state["history"]:
        out["reveal"] = out["rounds"][0]
    if seat is not None:
        hand = state["hands"][seat]
        pending = state["pending"][seat]
        chosen_at = None
        if pending in hand:
            chosen_at = hand.index(pending)
        out["hand"] = [
            {"position": i, **_card(c), "hint": card_hint(state, c),
             "playable": _playable(state, seat, c), "chosen": i == chosen_at}
            for i, c in enumerate(hand)
        ]
        out["pending"] = _pending_view(state, seat, pending, chosen_at)
    return out


def _pending_view(state: State, seat: int, pending: str | None,
                  position_: int | None) -> dict[str, Any] | None:
    """The viewer's own secret choice, so a reloaded phone shows what it chose."""
    if pending is None:
        return None
    if pending == "ready":
        return {"kind": "signal", "card": None, "position": None,
                "text": N_("You play no signal.")}
    if pending == "signal":
        return {"kind": "signal", "card": _card("signal"), "position": position_,
                "text": N_("You play Confused Signal when both are ready.")}
    if pending == KEEP:
        return {"kind": "mind", "card": _card("mind"), "position": None,
                "text": N_("You keep Mind Reading.")}
    kind = "mind" if state["phase"] == "mind" else "card"
    return {"kind": kind, "card": _card(pending), "position": position_,
            "text": N_("Your card lies face down until both have chosen.")}


# --- the leak test's helper ---------------------------------------------------------------


def _legal_pending(state: State, seat: int) -> list[str]:
    hand = state["hands"][seat]
    phase = state["phase"]
    if phase == "signal":
        return ["ready", "signal"] if "signal" in hand else ["ready"]
    if phase == "mind":
        return [KEEP, *sorted({c for c in hand if _swappable(state, seat, c)},
                              key=cards.ORDER.__getitem__)]
    return sorted({c for c in hand if _playable(state, seat, c)}, key=cards.ORDER.__getitem__)


def redeal_hidden(state: State, seat: int | None, rng: Random) -> State:
    """The duel as ``seat`` knows it (None: the tablet), with the rest dealt anew: which
    jokers the other hand holds, the joker decks, and the other's unrevealed choice.

    The action cards in a hand are public knowledge (everyone saw the others played), so only
    the jokers move, each back into the deck it was drawn from; a hand keeps whether it has
    any card it can play, which the table sees.
    """
    new = thaw(state)
    decks = [rng.shuffle(deck) for deck in _leftover(new)]
    _store_leftover(new, decks)
    if new["phase"] == "over":
        return new
    hidden = [s for s in SEATS if s != seat]
    for _attempt in range(20):
        trial = thaw(new)
        decks = _leftover(trial)
        for index, deck in enumerate(decks):
            drawers = [s for s in hidden if _deck_of(decks, s) == index]
            pool = rng.shuffle(deck + [c for s in drawers for c in trial["hands"][s]
                                       if c in JOKERS])
            for s in drawers:
                held = [c for c in trial["hands"][s] if c not in JOKERS]
                count = len(trial["hands"][s]) - len(held)
                trial["hands"][s] = sort_hand(held + pool[:count])
                pool = pool[count:]
            decks[index] = pool
        _store_leftover(trial, decks)
        if all(_has_playable(trial, s) == _has_playable(new, s) for s in hidden):
            new = trial
            break
    for s in hidden:
        if new["pending"][s] is not None:
            new["pending"][s] = rng.choice(_legal_pending(new, s))
    return new


def _store_leftover(state: State, decks: list[list[str]]) -> None:
    if "joker_decks" in state:
        state["joker_decks"] = decks
    else:
        (state["joker_deck"],) = decks

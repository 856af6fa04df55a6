"""Dead Man's Draw (Karty mrtvého muže): push your luck as a pirate, 2–4 players (party: 2–8).

Rules: the Czech rulebook (MINDOK 2015, ``shared/rules/dead-mans-draw.cs.txt``); card facts
and the variant cards that the rulebook does not print: ``shared/data/dead_mans_draw.json``.
The app is the deck and the referee: it flips, performs every suit effect and character
ability, asks the active pirate for each choice an effect needs, detects busts, keeps the
banks and the scores. ``README.md`` beside this module lists every reading we chose.

A turn is a stack of pending effects: placing a card may push an effect that needs a choice
(Hook, Cannon, Sword, Map, Crystal Ball, the variant Mermaid); that choice may place another
card, whose effect goes on top, and so on until the stack is empty or the pirate busts.
A choice with exactly one possibility is made by the referee (abilities are mandatory).

>>> from companion.core.fairness import StepRandom
>>> state = setup({"players": 2}, StepRandom(b"k" * 32, 0))
>>> len(state["deck"]), len(state["discard"]), state["phase"]
(50, 10, 'choose')
"""

from __future__ import annotations

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
from companion.games.deadmans.data import (
    CARDS_PER_SET,
    CASANOVA_MERMAID_VARIANT,
    CHARACTER_BY_ID,
    CHARACTERS,
    MERMAID_VARIANT_RULE,
    MERMAID_VARIANT_VALUES,
    SIREN,
    SUIT_BY_ID,
    SUIT_IDS,
    SUITS,
    VARIANT_BY_ID,
)

NAME = "deadmans"
TITLE = N_("Dead Man's Draw")
BLURB = N_("Flip loot cards, perform their effects and stop before you bust. 2–4 pirates "
           "(up to 8 with two sets).")
MIN_PLAYERS = 2
MAX_PLAYERS = 8
HAS_HIDDEN_INFO = True
HAS_CHANCE = True
MAX_TURNS = 6000
"""A generous bound on the actions of one game: at most 16 choices before play; at most 100
turns, since each starts by flipping a card of a draw pile of at most 100; and a turn's
actions are bounded by what can reach the row (a Map, Hook or Sword card asks at most an aim
and a choice) and by a Robber's plunder. Random games stay near 250 (the property tests)."""
REMATCH = True

BASE_PLAYERS = 4
"""One box seats 2–4 pirates; the party variant (two boxes) seats up to 8."""
BONUS_GREEDY = 2
SAFE_HARBOUR_CARDS = 2
KRAKEN_CARDS = 2
MONSTER_LORD_CARDS = 4
MAP_CARDS = 3
SEER_CARDS = 3
GOLDEN_SCALES_BONUS = 5

OPTIONS = (
    Option("party", N_("Pirate Party: two sets of cards"), False,
           hint=N_("The party variant: 20 + 100 cards and both sets of characters; "
                   "needed for 5 to 8 pirates.")),
    Option("strange_waters", N_("Strange Waters: bust on an equal value"), False,
           hint=N_("You bust when a card of the same value as one in the row comes, not "
                   "of the same suit.")),
    Option("mermaid_variant", N_("Mermaid effect variant"), False,
           hint=N_("Mermaids 2–7 move an earlier card of the row to its end and perform it "
                   "again; adds the Siren and changes Casanova.")),
    Option("thieves_island", N_("Thieves Island"), False, check_cards=True,
           hint=N_("Inferred: a busting pirate's lost cards go into the bank of the next "
                   "pirate clockwise.")),
    Option("pile_o_treasure", N_("Pile O' Treasure"), False, check_cards=True,
           hint=N_("Inferred: every banked card scores, not only the top of each stack.")),
    Option("sudden_death", N_("Sudden Death"), False, check_cards=True,
           hint=N_("Inferred: the first pirate to reach the target score wins at once.")),
    Option("sudden_death_target", N_("Sudden Death: target score"), 50, kind="int",
           min=1, max=500, check_cards=True,
           requires="sudden_death"),
    Option("all_hands", N_("All Hands on Deck"), False, check_cards=True,
           hint=N_("Inferred: at the end, points are lost for every suit missing from "
                   "your bank.")),
    Option("all_hands_penalty", N_("All Hands on Deck: points lost per missing suit"), 5,
           kind="int", min=1, max=50, check_cards=True,
           requires="all_hands"),
    Option("beneath_the_waves", N_("Beneath the Waves"), False, check_cards=True,
           hint=N_("Inferred: the highest score below the limit wins; at or above it you "
                   "cannot win.")),
    Option("beneath_limit", N_("Beneath the Waves: score limit"), 60, kind="int",
           min=1, max=500, check_cards=True,
           requires="beneath_the_waves"),
    Option("bottom_feeder", N_("Bottom Feeder"), False, check_cards=True,
           hint=N_("Inferred (a web variant): Sword and Cannon take the bottom card of a "
                   "stack, not the top.")),
)

_BOOL_OPTIONS = ("party", "strange_waters", "mermaid_variant", "thieves_island",
                 "pile_o_treasure", "sudden_death", "all_hands", "beneath_the_waves",
                 "bottom_feeder")
_INT_OPTIONS = {"sudden_death_target": 50, "all_hands_penalty": 5, "beneath_limit": 60}


def seats(options: dict[str, Any]) -> SeatSpec:
    """2–8 pirates without roles; more than 4 need the party variant (see :func:`validate`)."""
    return SeatSpec(MIN_PLAYERS, MAX_PLAYERS)


def validate(options: dict[str, Any]) -> None:
    """Refuse a table that cannot be played.

    :raises ActionSyntaxError: 5–8 pirates without the party variant, or a bad number.
    """
    players = options.get("players")
    if isinstance(players, int) and players > BASE_PLAYERS and not options.get("party"):
        raise ActionSyntaxError(N_("One set of cards seats at most 4 pirates: choose the "
                                   "Pirate Party variant (two sets) for {count}."),
                                count=players)
    for name, option in ((o.name, o) for o in OPTIONS if o.kind == "int"):
        assert option.min is not None and option.max is not None, "every int option has bounds"
        value = options.get(name, option.default)
        if not isinstance(value, int) or isinstance(value, bool) or not (
                option.min <= value <= option.max):
            raise ActionSyntaxError(N_("“{option}” must be between {min} and {max}."),
                                    option=option.label, min=option.min, max=option.max)


# --- cards ------------------------------------------------------------------------------
# A card is an int: set * 60 + suit index * 6 + rank (rank 0 is the lowest card).


def suit_of(card: int) -> str:
    """The suit id of a card.

    >>> suit_of(0), suit_of(59), suit_of(65)
    ('anchor', 'mermaid', 'anchor')
    """
    return SUIT_IDS[(card % CARDS_PER_SET) // 6]


def value_of(state: State, card: int) -> int:
    """The printed value of a card (the Mermaids depend on the mermaid-effect variant)."""
    suit = suit_of(card)
    if suit == "mermaid" and state["opts"]["mermaid_variant"]:
        return MERMAID_VARIANT_VALUES[card % 6]
    return SUIT_BY_ID[suit].values[card % 6]


def card_args(state: State, card: int) -> dict[str, Any]:
    """Log/label arguments ``{card}`` (a translatable suit name) and ``{value}``."""
    return {"card": SUIT_BY_ID[suit_of(card)].name, "value": value_of(state, card)}


def card_view(state: State, card: int) -> dict[str, Any]:
    suit = suit_of(card)
    return {"suit": suit, "name": SUIT_BY_ID[suit].name, "value": value_of(state, card)}


def _order(card: int) -> tuple[int, int]:
    return (card % CARDS_PER_SET, card)


def _sorted(cards: list[int]) -> list[int]:
    return sorted(cards, key=_order)


# --- setup ------------------------------------------------------------------------------


def _opts(options: dict[str, Any]) -> dict[str, Any]:
    opts: dict[str, Any] = {name: bool(options.get(name, False)) for name in _BOOL_OPTIONS}
    for name, default in _INT_OPTIONS.items():
        value = options.get(name, default)
        opts[name] = value if isinstance(value, int) and not isinstance(value, bool) else default
    return opts


def character_ids(opts: dict[str, Any]) -> list[str]:
    """The character cards in play: 17 (18 with the Siren), twice in the party variant."""
    ids = [c.id for c in CHARACTERS]
    if opts["mermaid_variant"]:
        ids.append(SIREN.id)
    return ids * (2 if opts["party"] else 1)


def setup(options: dict[str, Any], rng: Random) -> State:
    """Deal the discard pile (the lowest card of each suit), the draw pile and 2 characters.

    :param options: every option plus ``players``; with more than 4 players the party
        variant (two sets) is played even if the option is off.
    """
    players = int(options["players"])
    opts = _opts(options)
    opts["party"] = opts["party"] or players > BASE_PLAYERS
    sets = 2 if opts["party"] else 1
    cards = list(range(sets * CARDS_PER_SET))
    characters = rng.shuffle(character_ids(opts))
    dealt = [characters[2 * s:2 * s + 2] for s in range(players)]
    return {
        "players": players,
        "opts": opts,
        "phase": "choose",
        "deck": rng.shuffle([c for c in cards if c % 6]),
        "discard": _sorted([c for c in cards if c % 6 == 0]),
        "row": [],
        "banks": [[] for _ in range(players)],
        "dealt": dealt,
        "chosen": [None] * players,
        "pool": characters[2 * players:],
        "characters_shown": False,
        "davy": [None] * players,
        "start": rng.randbelow(players),
        "active": None,
        "turn": _new_turn(),
        "known": [0] * players,
        "public_known": 0,
        "turns": 0,
        "end": None,
    }


def _new_turn() -> dict[str, Any]:
    return {"flips": 0, "kraken": 0, "harbour": 0, "pending": []}


# --- who holds what ---------------------------------------------------------------------


def character(state: State, seat: int) -> str | None:
    """The character of ``seat`` once all characters are revealed, else None."""
    if not state["characters_shown"]:
        return None
    return state["dealt"][seat][state["chosen"][seat]]


def _opponents_clockwise(state: State, seat: int) -> list[int]:
    n = state["players"]
    return [(seat + k) % n for k in range(1, n)]


def _holder(state: State, seat: int, char: str) -> int | None:
    """The first opponent of ``seat`` clockwise who holds ``char``."""
    for other in _opponents_clockwise(state, seat):
        if character(state, other) == char:
            return other
    return None


def stacks(state: State, seat: int) -> dict[str, list[int]]:
    """A bank as stacks by suit, each highest first (the top card is ``[0]``)."""
    out: dict[str, list[int]] = {}
    for card in state["banks"][seat]:
        out.setdefault(suit_of(card), []).append(card)
    for suit, cards in out.items():
        cards.sort(key=lambda c: (-value_of(state, c), c))
        out[suit] = cards
    return {suit: out[suit] for suit in SUIT_IDS if suit in out}


def score(state: State, seat: int) -> int:
    """Sum of the top card of each stack, with Golden Scales and the scoring variants."""
    opts = state["opts"]
    piles = stacks(state, seat)
    golden = character(state, seat) == "golden_scales"
    total = 0
    for suit, cards in piles.items():
        counted = cards if opts["pile_o_treasure"] else cards[:1]
        total += sum(value_of(state, c) for c in counted)
        if golden and suit == "mermaid":
            total += GOLDEN_SCALES_BONUS * len(counted)
    if opts["all_hands"]:
        total -= opts["all_hands_penalty"] * (len(SUITS) - len(piles))
    return total


def _bank(state: State, seat: int, cards: list[int]) -> None:
    state["banks"][seat] = _sorted(state["banks"][seat] + list(cards))


def _take_from_stack(state: State, seat: int, suit: str, whole: bool = False,
                     bottom: bool = False) -> list[int]:
    """Remove the top card (or the bottom card, or the whole stack) of one stack."""
    cards = stacks(state, seat).get(suit, [])
    if not cards:
        return []
    taken = list(cards) if whole else [cards[-1] if bottom else cards[0]]
    bank = state["banks"][seat]
    for card in taken:
        bank.remove(card)
    return taken


# --- applying an action -------------------------------------------------------------------


class _Ctx:
    """One ``apply`` in progress: the state being built, its log and whether it revealed."""

    def __init__(self, state: State, rng: Random) -> None:
        self.state = state
        self.rng = rng
        self.log: list[dict[str, Any]] = []
        self.revealed = False

    def say(self, text: str, to: list[int] | None = None, **args: Any) -> None:
        self.log.append(line(text, to=to, **args))

    @property
    def seat(self) -> int:
        return self.state["active"]

    @property
    def turn(self) -> dict[str, Any]:
        return self.state["turn"]


def apply(state: State, seat: int, action: dict[str, Any], rng: Random) -> Applied:
    """Apply one posted action of ``seat``.

    :raises ActionSyntaxError: unknown action, or parameters of the wrong shape.
    :raises IllegalActionError: the action is not allowed now (the message says why).
    """
    if not isinstance(action, dict):
        raise ActionSyntaxError(N_("An action must be an object."))
    name = action.get("action")
    handler = _HANDLERS.get(name) if isinstance(name, str) else None
    if handler is None:
        raise ActionSyntaxError(N_("There is no action “{name}” here."), name=str(name)[:30])
    params = action.get("params", {})
    if not isinstance(params, dict):
        raise ActionSyntaxError(N_("The action's parameters must be an object."))
    if not isinstance(seat, int) or not 0 <= seat < state["players"]:
        raise IllegalActionError(N_("There is no such seat at this table."))
    ctx = _Ctx(thaw(state), rng)
    if ctx.state["phase"] == "over":
        raise IllegalActionError(N_("The game is over."))
    handler(ctx, seat, params)
    _settle(ctx)
    _check_sudden_death(ctx)
    return Applied(ctx.state, ctx.log, ctx.revealed)


def _need_phase(ctx: _Ctx, phase: str) -> None:
    if ctx.state["phase"] != phase:
        messages = {
            "choose": N_("The characters have already been chosen."),
            "davy": N_("Davy Jones' Chest has already chosen its opponent."),
            "play": N_("The game has not started yet: everyone chooses a character first."),
        }
        raise IllegalActionError(messages[phase])


def _need_turn(ctx: _Ctx, seat: int, kind: str | None) -> dict[str, Any] | None:
    """Check that it is ``seat``'s turn and the pending choice (if any) is of ``kind``."""
    _need_phase(ctx, "play")
    if seat != ctx.seat:
        raise IllegalActionError(N_("It is not your turn."))
    pending = ctx.turn["pending"]
    if kind is None:
        if pending:
            raise IllegalActionError(N_("First finish the effect in play: {effect}."),
                                     effect=_prompt(ctx.state, pending[-1]))
        return None
    if not pending or pending[-1]["kind"] != kind:
        raise IllegalActionError(N_("No effect asks for that choice now."))
    return pending[-1]


# --- choosing characters ----------------------------------------------------------------


def _choose(ctx: _Ctx, seat: int, params: dict[str, Any]) -> None:
    index = check_params(params, character=int)["character"]
    _need_phase(ctx, "choose")
    state = ctx.state
    if index not in (0, 1):
        raise IllegalActionError(N_("You were dealt two characters: choose the first or the "
                                    "second."))
    if state["chosen"][seat] is not None:
        raise IllegalActionError(N_("You have already chosen your character."))
    state["chosen"][seat] = index
    ctx.say(N_("{who} has chosen a character."), who={"seat": seat})
    ctx.say(N_("You chose {character}."), to=[seat],
            character=CHARACTER_BY_ID[state["dealt"][seat][index]].name)
    if all(choice is not None for choice in state["chosen"]):
        _reveal_characters(ctx)


def _reveal_characters(ctx: _Ctx) -> None:
    state = ctx.state
    state["characters_shown"] = True
    ctx.revealed = True
    for seat in range(state["players"]):
        char = character(state, seat)
        assert char is not None, "shown just now: every seat has chosen"
        ctx.say(N_("{who} is {character}."), who={"seat": seat},
                character=CHARACTER_BY_ID[char].name)
    for seat in range(state["players"]):
        if character(state, seat) == "davy_jones" and state["players"] == 2:
            _set_davy(ctx, seat, 1 - seat)
    if any(character(state, s) == "davy_jones" and state["davy"][s] is None
           for s in range(state["players"])):
        state["phase"] = "davy"
    else:
        _start_play(ctx)


def _set_davy(ctx: _Ctx, seat: int, target: int) -> None:
    ctx.state["davy"][seat] = target
    ctx.say(N_("Davy Jones' Chest: {who} will collect the cards {whom} loses by busting."),
            who={"seat": seat}, whom={"seat": target})


def _target(ctx: _Ctx, seat: int, params: dict[str, Any]) -> None:
    target = check_params(params, seat=int)["seat"]
    _need_phase(ctx, "davy")
    state = ctx.state
    if character(state, seat) != "davy_jones" or state["davy"][seat] is not None:
        raise IllegalActionError(N_("Only Davy Jones' Chest chooses an opponent now."))
    if target == seat or not 0 <= target < state["players"]:
        raise IllegalActionError(N_("Choose one of your opponents."))
    _set_davy(ctx, seat, target)
    if all(state["davy"][s] is not None for s in range(state["players"])
           if character(state, s) == "davy_jones"):
        _start_play(ctx)


def _start_play(ctx: _Ctx) -> None:
    state = ctx.state
    state["phase"] = "play"
    state["active"] = state["start"]
    ctx.say(N_("{who} starts."), who={"seat": state["active"]})


# --- the turn ---------------------------------------------------------------------------


def _flip(ctx: _Ctx, seat: int, params: dict[str, Any]) -> None:
    check_params(params)
    _need_turn(ctx, seat, None)
    if not ctx.state["deck"]:
        raise IllegalActionError(N_("The draw pile is empty: take the loot."))
    card = _draw_top(ctx)
    ctx.turn["flips"] += 1
    ctx.say(N_("{who} flips {card} {value}."), who={"seat": seat}, **card_args(ctx.state, card))
    _place(ctx, card)


def _draw_top(ctx: _Ctx) -> int:
    state = ctx.state
    ctx.revealed = True
    state["known"] = [max(0, k - 1) for k in state["known"]]
    state["public_known"] = max(0, state["public_known"] - 1)
    return state["deck"].pop(0)


def loot_allowed(state: State) -> bool:
    """The active pirate may take the loot: a card was flipped, no effect is pending and no
    Kraken still asks for cards (unless the draw pile is empty)."""
    turn = state["turn"]
    return (turn["flips"] > 0 and not turn["pending"]
            and (turn["kraken"] == 0 or not state["deck"]))


def _loot_action(ctx: _Ctx, seat: int, params: dict[str, Any]) -> None:
    check_params(params)
    _need_turn(ctx, seat, None)
    turn = ctx.turn
    if turn["flips"] == 0:
        raise IllegalActionError(N_("Flip a card first: a turn starts with a flip."))
    if turn["kraken"] and ctx.state["deck"]:
        raise IllegalActionError(N_("The Kraken still wants more cards before you may loot "
                                    "(cards: {count})."), count=turn["kraken"])
    _loot(ctx)


def _loot(ctx: _Ctx) -> None:
    """Bank the row; with a Key and a Chest in it take the bonus; end the turn (or ask the
    Robber whose bank to plunder)."""
    state, seat = ctx.state, ctx.seat
    row = [entry["card"] for entry in state["row"]]
    state["row"] = []
    _bank(state, seat, row)
    ctx.say(N_("{who} takes the loot (cards: {count})."), who={"seat": seat}, count=len(row))
    suits = {suit_of(c) for c in row}
    if {"key", "chest"} <= suits:
        if state["opts"]["beneath_the_waves"] and _bonus_within_reach(state):
            # „smíte si navíc … vzít“: only here can more cards hurt, so only here it asks.
            ctx.turn["pending"].append({"kind": "bonus", "count": len(row)})
            return
        if not _bonus(ctx, len(row)):
            return
    _end_turn(ctx)


def _bonus_within_reach(state: State) -> bool:
    """Whether a Key and Chest bonus would bring any card at all."""
    seat = state["active"]
    if character(state, seat) == "robber":
        return any(state["banks"][s] for s in _opponents_clockwise(state, seat))
    return bool(state["discard"])


def _bonus(ctx: _Ctx, count: int) -> bool:
    """The Key and Chest bonus for a loot of ``count`` cards; False while the Robber still
    chooses what to plunder (his turn goes on)."""
    state, seat = ctx.state, ctx.seat
    me = character(state, seat)
    if me == "robber":
        ctx.turn["pending"].append({"kind": "rob", "left": count, "target": None})
        ctx.say(N_("Key and Chest: {who} plunders one opponent's bank "
                   "(cards: {count})."), who={"seat": seat}, count=count)
        return False
    wanted = count * (BONUS_GREEDY if me == "greedy" else 1)
    bonus = ctx.rng.sample(state["discard"], min(wanted, len(state["discard"])))
    ctx.revealed = True
    for card in bonus:
        state["discard"].remove(card)
    _bank(state, seat, bonus)
    ctx.say(N_("Key and Chest: {who} takes random cards from the discard pile "
               "(cards: {count})."),
            who={"seat": seat}, count=len(bonus))
    for card in bonus:
        ctx.say(N_("Key and Chest: {card} {value}."), **card_args(state, card))
    return True


def _end_turn(ctx: _Ctx) -> None:
    state = ctx.state
    state["turn"] = _new_turn()
    state["turns"] += 1
    if not state["deck"]:
        state["phase"] = "over"
        state["end"] = "deck"
        ctx.say(N_("The draw pile is empty: the game is over."))
        return
    state["active"] = (state["active"] + 1) % state["players"]
    ctx.say(N_("{who}'s turn."), who={"seat": state["active"]})


def _place(ctx: _Ctx, card: int, safe: bool = False) -> None:
    """Put a card into the row from anywhere: Casanova/Fisherman, bust, or its effect."""
    state, seat = ctx.state, ctx.seat
    suit = suit_of(card)
    me = character(state, seat)
    if suit == "mermaid" and me == "casanova" and not state["opts"]["mermaid_variant"]:
        _bank(state, seat, [card])
        ctx.say(N_("Casanova: {who} banks {card} {value} before it reaches the row."),
                who={"seat": seat}, **card_args(state, card))
        return
    if suit == "kraken" and me == "fisherman":
        _bank(state, seat, [card])
        ctx.say(N_("Fisherman: {who} banks {card} {value} before it reaches the row."),
                who={"seat": seat}, **card_args(state, card))
        return
    if _clashes(state, card):
        _bust(ctx, card)
        return
    turn = ctx.turn
    if turn["harbour"]:
        turn["harbour"] -= 1
        safe = True
    if turn["kraken"]:
        turn["kraken"] -= 1
    state["row"].append({"card": card, "safe": safe})
    _perform(ctx, len(state["row"]) - 1)


def _clashes(state: State, card: int) -> bool:
    if state["opts"]["strange_waters"]:
        value = value_of(state, card)
        return any(value_of(state, e["card"]) == value for e in state["row"])
    suit = suit_of(card)
    return any(suit_of(e["card"]) == suit for e in state["row"])


def _bust(ctx: _Ctx, card: int) -> None:
    """The card is not placed; the row's safe cards are banked, the rest is lost."""
    state, seat = ctx.state, ctx.seat
    ctx.say(N_("BUST! {card} {value} matches the row: {who}'s turn ends."),
            who={"seat": seat}, **card_args(state, card))
    safe = [e["card"] for e in state["row"] if e["safe"]]
    lost = [e["card"] for e in state["row"] if not e["safe"]] + [card]
    state["row"] = []
    if safe:
        _bank(state, seat, safe)
        ctx.say(N_("{who} keeps the safe cards (cards: {count})."), who={"seat": seat},
                count=len(safe))
    davy = next((s for s in _opponents_clockwise(state, seat)
                 if character(state, s) == "davy_jones" and state["davy"][s] == seat), None)
    if davy is not None:
        _bank(state, davy, lost)
        ctx.say(N_("Davy Jones' Chest: {who} collects the lost cards (cards: {count})."),
                who={"seat": davy}, count=len(lost))
    elif state["opts"]["thieves_island"]:
        thief = (seat + 1) % state["players"]
        _bank(state, thief, lost)
        ctx.say(N_("Thieves Island: {who} collects the lost cards (cards: {count})."),
                who={"seat": thief}, count=len(lost))
    else:
        state["discard"] = _sorted(state["discard"] + lost)
        ctx.say(N_("The lost cards go to the discard pile (cards: {count})."), count=len(lost))
    _end_turn(ctx)


# --- suit effects -----------------------------------------------------------------------


def _perform(ctx: _Ctx, index: int) -> None:
    """Perform the effect of the card at ``index`` of the row (just placed, or moved there
    by a Mermaid)."""
    state, seat = ctx.state, ctx.seat
    entry = state["row"][index]
    card = entry["card"]
    suit = suit_of(card)
    me = character(state, seat)
    who = {"seat": seat}
    if suit == "anchor":
        for earlier in state["row"][:index]:
            earlier["safe"] = True
        if index:
            ctx.say(N_("Anchor: the cards before it are safe (cards: {count})."), count=index)
        else:
            ctx.say(N_("Anchor: no card before it to protect."))
        if me == "safe_harbour":
            entry["safe"] = True
            ctx.turn["harbour"] = SAFE_HARBOUR_CARDS
            ctx.say(N_("Safe Harbour: the Anchor and the next 2 cards are safe too."))
    elif suit == "hook":
        miser = me == "miser"
        if miser:
            entry["safe"] = True
            ctx.say(N_("Miser: the Hook and the card it places are safe."))
        left = 2 if me == "captain_hook" else 1
        ctx.turn["pending"].append({"kind": "hook", "left": left, "safe": miser})
    elif suit in ("cannon", "sword"):
        ctx.turn["pending"].append({"kind": suit, "target": None})
    elif suit == "map":
        discard = state["discard"]
        if not discard:
            ctx.say(N_("Map: the discard pile is empty, no effect."))
        elif me == "navigator":
            ctx.turn["pending"].append({"kind": "map", "cards": list(discard)})
            ctx.say(N_("Navigator: {who} chooses from the whole discard pile."), who=who)
        else:
            drawn = ctx.rng.sample(discard, min(MAP_CARDS, len(discard)))
            ctx.revealed = True
            ctx.turn["pending"].append({"kind": "map", "cards": _sorted(drawn)})
            ctx.say(N_("Map: {who} draws random cards from the discard pile "
                       "(cards: {count})."), who=who, count=len(drawn))
            for drawn_card in _sorted(drawn):
                ctx.say(N_("Map: {card} {value}."), **card_args(state, drawn_card))
    elif suit == "ball":
        _crystal_ball(ctx)
    elif suit == "kraken":
        need = (MONSTER_LORD_CARDS if _holder(state, seat, "monster_lord") is not None
                else KRAKEN_CARDS)
        ctx.turn["kraken"] = max(ctx.turn["kraken"], need)
        ctx.say(N_("Kraken: {who} must place more cards before looting (cards: {count})."), who=who,
                count=need)
    elif suit == "mermaid" and state["opts"]["mermaid_variant"]:
        if _mermaid_choices(state, index):
            ctx.turn["pending"].append({"kind": "mermaid", "card": card})
        else:
            ctx.say(N_("Mermaid: no card before it, no effect."))


def _crystal_ball(ctx: _Ctx) -> None:
    state, seat = ctx.state, ctx.seat
    deck = state["deck"]
    if not deck:
        ctx.say(N_("Crystal Ball: it was the last card of the draw pile, no effect."))
        return
    ctx.revealed = True
    if character(state, seat) == "seer":
        seen = deck[:SEER_CARDS]
        state["known"][seat] = max(state["known"][seat], len(seen))
        ctx.turn["pending"].append({"kind": "ball", "seer": True})
        ctx.say(N_("Seer: {who} looks at the top of the draw pile in secret (cards: {count})."),
                who={"seat": seat}, count=len(seen))
        for depth, card in enumerate(seen, start=1):
            ctx.say(N_("Seer: card {position} from the top is {card} {value}."), to=[seat],
                    position=depth, **card_args(state, card))
    else:
        state["public_known"] = max(state["public_known"], 1)
        ctx.turn["pending"].append({"kind": "ball", "seer": False})
        ctx.say(N_("Crystal Ball: the top card of the draw pile is {card} {value}."),
                **card_args(state, deck[0]))


def _mermaid_choices(state: State, index: int) -> list[int]:
    """Row positions a Mermaid at ``index`` may pick: any earlier card but a Mermaid (a
    Mermaid picking a Mermaid could loop for ever under Strange Waters)."""
    return [i for i in range(index) if suit_of(state["row"][i]["card"]) != "mermaid"]


# --- pending choices ----------------------------------------------------------------------


def _cannon_seats(state: State) -> tuple[list[int], bool]:
    """Whose stacks the active pirate's Cannon may hit, and whether Friendly Fire turns it
    on the shooter's own bank."""
    seat = state["active"]
    if _holder(state, seat, "friendly_fire") is not None:
        return [seat], True
    return _opponents_clockwise(state, seat), False


def _stack_choices(state: State, frame: dict[str, Any]) -> list[dict[str, Any]]:
    """Every (seat, suit) a Cannon, Sword or Robber frame may pick now."""
    seat = state["active"]
    kind = frame["kind"]
    if kind == "cannon":
        owners, _ = _cannon_seats(state)
    else:
        owners = _opponents_clockwise(state, seat)
    if frame.get("target") is not None:
        owners = [frame["target"]]
    mine = set(stacks(state, seat))
    me = character(state, seat)
    shield = kind == "sword" and _holder(state, seat, "living_shield") is not None
    out = []
    for owner in owners:
        for suit in stacks(state, owner):
            if kind == "sword":
                if suit in mine and me != "swordswoman":
                    continue
                if shield and suit != "kraken":
                    continue
            out.append({"seat": owner, "suit": suit})
    return out


def _choices(state: State, frame: dict[str, Any]) -> list[dict[str, Any]]:
    """The params of every final choice the pending ``frame`` offers."""
    kind = frame["kind"]
    seat = state["active"]
    if kind == "hook":
        return [{"suit": suit} for suit in stacks(state, seat)]
    if kind in ("cannon", "sword", "rob"):
        return _stack_choices(state, frame)
    if kind == "map":
        present = [c for c in frame["cards"] if c in state["discard"]]
        seen: dict[tuple[str, int], None] = {}
        for card in _sorted(present):
            seen.setdefault((suit_of(card), value_of(state, card)), None)
        return [{"suit": suit, "value": value} for suit, value in seen]
    if kind == "ball":
        out = [{"choice": "place"}]
        if _ball_may_return(state):
            out.append({"choice": "return"})
        return out
    if kind == "mermaid":
        index = _row_index(state, frame["card"])
        return [{"position": i} for i in _mermaid_choices(state, index)]
    if kind == "bonus":
        return [{"choice": "take"}, {"choice": "without"}]
    raise AssertionError(kind)


def _ball_may_return(state: State) -> bool:
    """The Crystal Ball's "put it back and loot" is open: no other effect is waiting and no
    Kraken still asks for cards."""
    turn = state["turn"]
    return len(turn["pending"]) == 1 and turn["kraken"] == 0


def _row_index(state: State, card: int) -> int:
    return next(i for i, e in enumerate(state["row"]) if e["card"] == card)


def _aim_seats(state: State, frame: dict[str, Any]) -> list[int]:
    """The seats a two-step Cannon/Sword/Robber choice asks about first (empty: no aim step)."""
    if frame["kind"] not in ("cannon", "sword", "rob") or frame.get("target") is not None:
        return []
    owners = sorted({c["seat"] for c in _stack_choices(state, frame)})
    return owners if len(owners) > 1 else []


def _settle(ctx: _Ctx) -> None:
    """Resolve pending effects that need no choice: none possible, or exactly one."""
    state = ctx.state
    while state["phase"] == "play" and ctx.turn["pending"]:
        frame = ctx.turn["pending"][-1]
        choices = _choices(state, frame)
        if frame["kind"] in ("cannon", "sword", "rob") and frame["target"] is None:
            owners = {c["seat"] for c in choices}
            if len(owners) == 1:
                frame["target"] = owners.pop()
        if not choices:
            ctx.turn["pending"].pop()
            _no_effect(ctx, frame)
            continue
        takes_all = (frame["kind"] == "rob" and frame["target"] is not None
                     and frame["left"] >= len(state["banks"][frame["target"]]))
        if len(choices) == 1 or takes_all:
            _resolve(ctx, frame, choices[0])
            continue
        break


def _no_effect(ctx: _Ctx, frame: dict[str, Any]) -> None:
    kind = frame["kind"]
    who = {"seat": ctx.seat}
    if kind == "hook":
        ctx.say(N_("Hook: {who} has no card in the bank, no effect."), who=who)
    elif kind == "cannon":
        ctx.say(N_("Cannon: no card to hit, no effect."))
    elif kind == "sword":
        ctx.say(N_("Sword: no card to take, no effect."))
    elif kind == "map":
        ctx.say(N_("Map: the discard pile is empty, no effect."))
    elif kind == "mermaid":
        ctx.say(N_("Mermaid: no card before it, no effect."))
    elif kind == "rob":
        ctx.say(N_("Robber: no opponent's card left to plunder."))
        _end_turn(ctx)


def _resolve(ctx: _Ctx, frame: dict[str, Any], choice: dict[str, Any]) -> None:
    """Carry out one (checked) choice of the pending ``frame``."""
    state, seat = ctx.state, ctx.seat
    who = {"seat": seat}
    pending = ctx.turn["pending"]
    kind = frame["kind"]
    if kind == "hook":
        frame["left"] -= 1
        if frame["left"] == 0:
            pending.pop()
        [card] = _take_from_stack(state, seat, choice["suit"])
        ctx.say(N_("Hook: {who} places {card} {value} from their bank."), who=who,
                **card_args(state, card))
        _place(ctx, card, safe=frame["safe"])
    elif kind == "cannon":
        pending.pop()
        _fire(ctx, choice["seat"], choice["suit"])
    elif kind == "sword":
        pending.pop()
        [card] = _take_from_stack(state, choice["seat"], choice["suit"],
                                  bottom=state["opts"]["bottom_feeder"])
        ctx.say(N_("Sword: {who} takes {card} {value} from {whom}."), who=who,
                whom={"seat": choice["seat"]}, **card_args(state, card))
        _place(ctx, card)
    elif kind == "map":
        pending.pop()
        card = next(c for c in _sorted(frame["cards"]) if c in state["discard"]
                    and (suit_of(c), value_of(state, c)) == (choice["suit"], choice["value"]))
        state["discard"].remove(card)
        ctx.say(N_("Map: {who} places {card} {value}; the other cards stay in the discard "
                   "pile."), who=who, **card_args(state, card))
        _place(ctx, card)
    elif kind == "ball":
        pending.pop()
        if choice["choice"] == "place":
            card = _draw_top(ctx)
            ctx.say(N_("Crystal Ball: {who} places {card} {value}."), who=who,
                    **card_args(state, card))
            _place(ctx, card)
        else:
            ctx.say(N_("Crystal Ball: {who} puts the card back and loots."), who=who)
            _loot(ctx)
    elif kind == "mermaid":
        pending.pop()
        _mermaid(ctx, choice["position"])
    elif kind == "bonus":
        pending.pop()
        if choice["choice"] == "without":
            ctx.say(N_("Key and Chest: {who} does without the bonus."), who=who)
            _end_turn(ctx)
        elif _bonus(ctx, frame["count"]):
            _end_turn(ctx)
    elif kind == "rob":
        frame["target"] = choice["seat"]
        [card] = _take_from_stack(state, choice["seat"], choice["suit"])
        _bank(state, seat, [card])
        frame["left"] -= 1
        ctx.say(N_("Robber: {who} plunders {card} {value} from {whom}."), who=who,
                whom={"seat": choice["seat"]}, **card_args(state, card))
        if frame["left"] == 0 or not state["banks"][choice["seat"]]:
            pending.pop()
            _end_turn(ctx)


def _fire(ctx: _Ctx, target: int, suit: str) -> None:
    state, seat = ctx.state, ctx.seat
    who, whom = {"seat": seat}, {"seat": target}
    _, friendly = _cannon_seats(state)
    me = character(state, seat)
    if friendly:
        [card] = _take_from_stack(state, seat, suit, bottom=state["opts"]["bottom_feeder"])
        state["discard"] = _sorted(state["discard"] + [card])
        ctx.say(N_("Friendly Fire: {who}'s Cannon discards {card} {value} from their own "
                   "bank."), who=who, **card_args(state, card))
    elif me == "gunner":
        cards = _take_from_stack(state, target, suit, whole=True)
        state["discard"] = _sorted(state["discard"] + cards)
        ctx.say(N_("Gunner: {who} discards the whole {card} stack of {whom} (cards: {count})."),
                who=who, whom=whom, card=SUIT_BY_ID[suit].name, count=len(cards))
    else:
        [card] = _take_from_stack(state, target, suit, bottom=state["opts"]["bottom_feeder"])
        if me == "vulture":
            _bank(state, seat, [card])
            ctx.say(N_("Vulture: {who}'s Cannon takes {card} {value} from {whom} into their "
                       "bank."), who=who, whom=whom, **card_args(state, card))
        else:
            state["discard"] = _sorted(state["discard"] + [card])
            ctx.say(N_("Cannon: {who} discards {card} {value} from {whom}."), who=who,
                    whom=whom, **card_args(state, card))


def _mermaid(ctx: _Ctx, position: int) -> None:
    state, seat = ctx.state, ctx.seat
    row = state["row"]
    entry = row[position]
    card = entry["card"]
    siren = _holder(state, seat, "siren")
    if siren is not None:
        row.pop(position)
        _bank(state, siren, [card])
        ctx.say(N_("Siren: {whom} takes {card} {value} into their bank; its effect is not "
                   "performed."), whom={"seat": siren}, **card_args(state, card))
    elif character(state, seat) == "casanova":
        row.pop(position)
        _bank(state, seat, [card])
        ctx.say(N_("Casanova: {who} banks {card} {value} from the row; its effect is not "
                   "performed."), who={"seat": seat}, **card_args(state, card))
    else:
        row.append(row.pop(position))
        ctx.say(N_("Mermaid: {who} moves {card} {value} to the end of the row and performs "
                   "it again."), who={"seat": seat}, **card_args(state, card))
        _perform(ctx, len(row) - 1)


def _choice_handler(kind: str, schema: dict[str, type]):
    def handler(ctx: _Ctx, seat: int, params: dict[str, Any]) -> None:
        choice = check_params(params, **schema)
        frame = _need_turn(ctx, seat, kind)
        assert frame is not None
        if choice not in _choices(ctx.state, frame):
            raise IllegalActionError(_REFUSALS[kind])
        _resolve(ctx, frame, choice)

    return handler


def _aim(ctx: _Ctx, seat: int, params: dict[str, Any]) -> None:
    target = check_params(params, seat=int)["seat"]
    _need_phase(ctx, "play")
    if seat != ctx.seat:
        raise IllegalActionError(N_("It is not your turn."))
    pending = ctx.turn["pending"]
    if not pending or target not in _aim_seats(ctx.state, pending[-1]):
        raise IllegalActionError(N_("You cannot aim at that pirate now."))
    pending[-1]["target"] = target


def _check_sudden_death(ctx: _Ctx) -> None:
    state = ctx.state
    opts = state["opts"]
    if not opts["sudden_death"] or state["phase"] != "play":
        return
    target = opts["sudden_death_target"]
    if any(score(state, s) >= target for s in range(state["players"])):
        state["phase"] = "over"
        state["end"] = "sudden_death"
        ctx.say(N_("Sudden Death: a pirate has reached {target} points."), target=target)


_REFUSALS = {
    "hook": N_("Hook: choose one of your own stacks."),
    "cannon": N_("The Cannon cannot hit that stack."),
    "sword": N_("The Sword cannot take from that stack (not a suit you hold, and a Kraken "
                "if an opponent is the Living Shield)."),
    "map": N_("That card is not among the Map's cards."),
    "ball": N_("Place the card, or put it back and loot (only when nothing else is waiting "
               "and no Kraken asks for cards)."),
    "mermaid": N_("The Mermaid picks a card placed before it (not another Mermaid)."),
    "rob": N_("Plunder the top card of a stack of the opponent you chose."),
    "bonus": N_("Take the bonus or do without it."),
}

_PROMPTS = {
    "hook": N_("Hook: choose one of your stacks; its top card goes into the row."),
    "cannon": N_("Cannon: choose a stack to hit."),
    "sword": N_("Sword: choose an opponent's stack; its top card goes into the row."),
    "map": N_("Map: choose the card to place; the others stay in the discard pile."),
    "ball": N_("Crystal Ball: place the top card, or put it back and loot."),
    "mermaid": N_("Mermaid: choose a card before it to move to the end of the row."),
    "rob": N_("Robber: plunder the top cards of one opponent's stacks."),
    "bonus": N_("Key and Chest: take the bonus cards, or do without them."),
}


def _prompt(state: State, frame: dict[str, Any]) -> str:
    """What the pending effect asks, as it works at this table."""
    kind = frame["kind"]
    if kind == "sword" and state["opts"]["bottom_feeder"]:
        return N_("Sword: choose an opponent's stack; its bottom card goes into the row.")
    if kind == "mermaid":
        if _holder(state, state["active"], "siren") is not None:
            return N_("Mermaid: choose a card before it; the Siren takes it into her bank.")
        if character(state, state["active"]) == "casanova":
            return N_("Mermaid: choose a card before it to bank (Casanova).")
    return _PROMPTS[kind]

_HANDLERS = {
    "choose": _choose,
    "target": _target,
    "flip": _flip,
    "loot": _loot_action,
    "aim": _aim,
    "hook": _choice_handler("hook", {"suit": str}),
    "cannon": _choice_handler("cannon", {"seat": int, "suit": str}),
    "sword": _choice_handler("sword", {"seat": int, "suit": str}),
    "map": _choice_handler("map", {"suit": str, "value": int}),
    "ball": _choice_handler("ball", {"choice": str}),
    "mermaid": _choice_handler("mermaid", {"position": int}),
    "rob": _choice_handler("rob", {"seat": int, "suit": str}),
    "bonus": _choice_handler("bonus", {"choice": str}),
}


# --- what a seat may do -------------------------------------------------------------------


def actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (only the active pirate acts during play)."""
    phase = state["phase"]
    found: list[Action] = []
    if phase == "choose" and state["chosen"][seat] is None:
        dealt = state["dealt"][seat]
        for index, char_id in enumerate(dealt):
            if index and char_id == dealt[0]:
                continue
            found.append(Action("choose", {"character": index}, N_("Choose {character}"),
                                {"character": CHARACTER_BY_ID[char_id].name},
                                group=N_("Your character"),
                                hint=_ability(state, char_id)))
    elif phase == "davy":
        if character(state, seat) == "davy_jones" and state["davy"][seat] is None:
            for other in _opponents_clockwise(state, seat):
                found.append(Action("target", {"seat": other}, N_("Collect from {who}"),
                                    {"who": {"seat": other}}, group=N_("Davy Jones' Chest"),
                                    hint=CHARACTER_BY_ID["davy_jones"].ability))
    elif phase == "play" and seat == state["active"]:
        pending = state["turn"]["pending"]
        if pending:
            found += _frame_actions(state, pending[-1])
        else:
            if state["deck"]:
                found.append(Action("flip", {}, N_("Flip a card"), group=N_("Your turn"),
                                    hint=N_("A card of a value already in the row busts you.")
                                    if state["opts"]["strange_waters"] else
                                    N_("A card of a suit already in the row busts you.")))
            if loot_allowed(state):
                found.append(Action("loot", {}, N_("Take the loot"), group=N_("Your turn"),
                                    hint=N_("Bank every card of the row; a Key with a Chest "
                                            "brings a bonus.")))
    return sorted(found, key=Action.sort_key)


def _ability(state: State, char_id: str) -> str:
    if char_id == "casanova" and state["opts"]["mermaid_variant"]:
        return CASANOVA_MERMAID_VARIANT
    if char_id == "friendly_fire" and state["opts"]["bottom_feeder"]:
        return N_("An opponent's Cannon must discard the bottom card of one of their own "
                  "stacks (Bottom Feeder).")
    return CHARACTER_BY_ID[char_id].ability


def _frame_actions(state: State, frame: dict[str, Any]) -> list[Action]:
    kind = frame["kind"]
    group = _prompt(state, frame)
    hint = _frame_hint(state, frame)
    aims = _aim_seats(state, frame)
    if aims:
        return [Action("aim", {"seat": s}, N_("Aim at {who}"), {"who": {"seat": s}},
                       group=group, hint=hint) for s in aims]
    out = []
    for choice in _choices(state, frame):
        label, args = _choice_label(state, frame, choice)
        out.append(Action(kind, choice, label, args, group=group, hint=hint))
    return out


def _frame_hint(state: State, frame: dict[str, Any]) -> str:
    """The rule beside a pending effect's buttons, for the characters and variants in force."""
    kind = frame["kind"]
    me = character(state, state["active"])
    bottom = state["opts"]["bottom_feeder"]
    if kind == "cannon":
        if _cannon_seats(state)[1]:
            return _ability(state, "friendly_fire")
        if me in ("gunner", "vulture"):
            return CHARACTER_BY_ID[me].ability
        if bottom:
            return N_("Cannon: discard the bottom card of one stack of an opponent (Bottom "
                      "Feeder).")
    if kind == "sword":
        if _holder(state, state["active"], "living_shield") is not None:
            return CHARACTER_BY_ID["living_shield"].ability
        if me == "swordswoman":
            return N_("Sword: place the bottom card of any opponent's stack, even of a suit "
                      "you hold (Swordswoman, Bottom Feeder), even if it busts you.") \
                if bottom else N_("Sword: place the top card of any opponent's stack, even "
                                  "of a suit you hold (Swordswoman), even if it busts you.")
        if bottom:
            return N_("Sword: place the bottom card of an opponent's stack of a suit you do "
                      "not hold (Bottom Feeder), even if it busts you.")
    if kind == "rob":
        return CHARACTER_BY_ID["robber"].ability
    if kind == "mermaid":
        if _holder(state, state["active"], "siren") is not None:
            return SIREN.ability
        if me == "casanova":
            return CASANOVA_MERMAID_VARIANT
        return MERMAID_VARIANT_RULE
    if kind == "map" and me == "navigator":
        return CHARACTER_BY_ID["navigator"].ability
    if kind == "ball" and me == "seer":
        return CHARACTER_BY_ID["seer"].ability
    if kind == "hook" and me in ("miser", "captain_hook"):
        return CHARACTER_BY_ID[me].ability
    if kind == "bonus":
        return N_("The rulebook says you may („smíte“) take them; under Beneath the Waves "
                  "more cards can lift you over the limit.")
    suit = {"rob": "key"}.get(kind, kind)
    return SUIT_BY_ID[suit].rule


def _choice_label(state: State, frame: dict[str, Any],
                  choice: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    kind = frame["kind"]
    seat = state["active"]
    bottom = state["opts"]["bottom_feeder"] and kind in ("cannon", "sword")
    if kind == "hook":
        top = stacks(state, seat)[choice["suit"]][0]
        return N_("Place {card} {value}"), card_args(state, top)
    if kind in ("cannon", "sword", "rob"):
        cards = stacks(state, choice["seat"])[choice["suit"]]
        whom = {"seat": choice["seat"]}
        if kind == "cannon" and character(state, seat) == "gunner" \
                and not _cannon_seats(state)[1]:
            return N_("The whole {card} stack of {whom} (cards: {count})"), {
                "card": SUIT_BY_ID[choice["suit"]].name, "whom": whom, "count": len(cards)}
        card = cards[-1] if bottom else cards[0]
        return N_("{card} {value} of {whom}"), {**card_args(state, card), "whom": whom}
    if kind == "map":
        return N_("Place {card} {value}"), {"card": SUIT_BY_ID[choice["suit"]].name,
                                             "value": choice["value"]}
    if kind == "ball":
        if choice["choice"] == "place":
            return N_("Place the top card"), {}
        return N_("Put it back and loot"), {}
    if kind == "bonus":
        if choice["choice"] == "take":
            return N_("Take the bonus (cards: {count})"), {"count": frame["count"]}
        return N_("Do without the bonus"), {}
    args = card_args(state, state["row"][choice["position"]]["card"])
    siren = _holder(state, seat, "siren")
    if siren is not None:
        return N_("{card} {value}: {whom} takes it"), {**args, "whom": {"seat": siren}}
    if character(state, seat) == "casanova":
        return N_("Bank {card} {value}"), args
    return N_("Move {card} {value}"), args


# --- result -------------------------------------------------------------------------------


def result(state: State) -> Result | None:
    """None while the game runs; then the winner(s) by score, more cards, or a draw."""
    if state["phase"] != "over":
        return None
    opts = state["opts"]
    players = range(state["players"])
    scores = [score(state, s) for s in players]
    cards = [len(bank) for bank in state["banks"]]
    if state["end"] == "sudden_death":
        candidates = [s for s in players if scores[s] >= opts["sudden_death_target"]]
    elif opts["beneath_the_waves"]:
        candidates = [s for s in players if scores[s] < opts["beneath_limit"]]
        if not candidates:
            return {"winners": [], "draw": True,
                    "text": N_("Every pirate sank: nobody stayed below {limit} points."),
                    "args": {"limit": opts["beneath_limit"]}}
    else:
        candidates = list(players)
    best = max(scores[s] for s in candidates)
    tied = [s for s in candidates if scores[s] == best]
    if len(tied) == 1:
        return {"winners": tied, "draw": False, "text": N_("{who} wins with {score} points."),
                "args": {"who": {"seat": tied[0]}, "score": best}}
    most = max(cards[s] for s in tied)
    still = [s for s in tied if cards[s] == most]
    if len(still) == 1:
        return {"winners": still, "draw": False,
                "text": N_("{who} wins the tie on {score} points with more cards ({cards})."),
                "args": {"who": {"seat": still[0]}, "score": best, "cards": most}}
    return {"winners": still, "draw": True,
            "text": N_("A draw: tied on {score} points and on cards ({cards})."),
            "args": {"score": best, "cards": most}}


# --- views --------------------------------------------------------------------------------


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (``None``: the tablet). The draw pile is a count, plus the top
    cards this seat has been shown (the public Crystal Ball, the Seer's private look)."""
    opts = state["opts"]
    shown = state["characters_shown"]
    turn = state["turn"]
    public_top = state["deck"][:state["public_known"]]
    out: dict[str, Any] = {
        "phase": state["phase"],
        "players": state["players"],
        "active": state["active"],
        "start": state["start"],
        "turns": state["turns"],
        "variants": [VARIANT_BY_ID[v].name for v in VARIANT_BY_ID if opts[v]],
        "options": dict(opts),
        "deck_count": len(state["deck"]),
        "deck_top": [card_view(state, c) for c in public_top],
        "discard": [card_view(state, c) for c in state["discard"]],
        "discard_count": len(state["discard"]),
        "row": [dict(card_view(state, e["card"]), position=i, safe=e["safe"])
                for i, e in enumerate(state["row"])],
        "kraken_left": turn["kraken"],
        "harbour_left": turn["harbour"],
        "flips": turn["flips"],
        "can_loot": state["phase"] == "play" and loot_allowed(state),
        "pending": _pending_view(state),
        "banks": [
            {
                "seat": s,
                "stacks": [{"suit": suit, "name": SUIT_BY_ID[suit].name,
                            "values": [value_of(state, c) for c in cards],
                            "top": value_of(state, cards[0])}
                           for suit, cards in stacks(state, s).items()],
                "score": score(state, s),
                "cards": len(state["banks"][s]),
                "chosen": state["chosen"][s] is not None,
                "character": _character_view(state, character(state, s)) if shown else None,
                "davy_target": state["davy"][s],
                "active": s == state["active"],
            }
            for s in range(state["players"])
        ],
        "result": result(state),
    }
    if seat is not None:
        dealt = state["dealt"][seat]
        chosen = state["chosen"][seat]
        known = state["deck"][:max(state["known"][seat], state["public_known"])]
        out["me"] = {
            "seat": seat,
            "dealt": [_character_view(state, c) for c in dealt],
            "chosen": chosen,
            "character": _character_view(state, dealt[chosen]) if chosen is not None else None,
            "look": [card_view(state, c) for c in known],
            "your_turn": state["phase"] == "play" and state["active"] == seat,
            "score": score(state, seat),
        }
    return out


def _character_view(state: State, char_id: str | None) -> dict[str, Any] | None:
    if char_id is None:
        return None
    char = CHARACTER_BY_ID[char_id]
    return {"id": char_id, "name": char.name, "ability": _ability(state, char_id)}


def _pending_view(state: State) -> dict[str, Any] | None:
    if state["phase"] != "play" or not state["turn"]["pending"]:
        return None
    frame = state["turn"]["pending"][-1]
    out: dict[str, Any] = {"kind": frame["kind"], "seat": state["active"],
                           "prompt": _prompt(state, frame),
                           "waiting": len(state["turn"]["pending"]) - 1}
    if frame["kind"] == "map":
        out["cards"] = [card_view(state, c) for c in frame["cards"] if c in state["discard"]]
    if frame["kind"] in ("cannon", "sword", "rob"):
        out["target"] = frame["target"]
    if frame["kind"] in ("hook", "rob"):
        out["left"] = frame["left"]
    if frame["kind"] == "ball":
        out["seer"] = frame["seer"]
    if frame["kind"] == "mermaid":
        out["card"] = card_view(state, frame["card"])
    if frame["kind"] == "bonus":
        out["count"] = frame["count"]
    return out


# --- the leak test's helper -----------------------------------------------------------------


def redeal_hidden(state: State, seat: int | None, rng: Random) -> State:
    """The position as ``seat`` knows it, with everything hidden from it dealt anew: the
    draw pile below the cards it has seen, and the characters it has not seen."""
    new = thaw(state)
    fixed = new["public_known"]
    if seat is not None:
        fixed = max(fixed, new["known"][seat])
    new["deck"] = new["deck"][:fixed] + rng.shuffle(new["deck"][fixed:])
    slots: list[tuple[int, int]] = []
    for other in range(new["players"]):
        if other == seat:
            continue
        for index in range(2):
            if new["characters_shown"] and new["chosen"][other] == index:
                continue
            slots.append((other, index))
    hidden = [new["dealt"][o][i] for o, i in slots] + new["pool"]
    hidden = rng.shuffle(hidden)
    for (other, index), char_id in zip(slots, hidden, strict=False):
        new["dealt"][other][index] = char_id
    new["pool"] = hidden[len(slots):]
    return new

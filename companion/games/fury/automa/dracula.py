"""Dracula's decisions, at three levels named for what they do.

- **Wandering** moves at random to a place no hunter stands in, lays his encounters and
  answers every other question at random: the floor the other two are measured against.
- **Cautious** keeps out of the hunters' reach: each move minimises the chance that some
  hunter can step into his new place next turn (road, sea or the train die), ignoring what
  they believe; he lays his encounters and, in a fight, plays by the printed tables as
  Cunning does.
- **Cunning** weighs what the hunters will believe after the move (the public belief,
  which Dracula can work out exactly since it is built from public facts): the chance of
  being found next turn when each hunter searches the likeliest places within his reach,
  the dead ends two moves ahead, the spread of the belief, and his vampires' way to
  maturing. The weights of those quantities are the coefficients fitted on simulated games
  (``values.json``, written by ``companion selfplay fury --fit``), not set by hand.
  He plays the event cards he holds for a moment that may come: a Trap before his own
  fights, Rage by day on an armed hunter, Time Runs Short where it brings the night,
  Relentless Minion and Seduction whenever they are offered; over his hand limit he lets go
  of the card he needs least (``KEEP_ORDER``).

Every decision the rules give Dracula goes through :func:`choose`, which picks one of the
offered actions; what it may read is the memory (his own view and the public belief) and
the step's randomness.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.games.fury import board, cards
from companion.games.fury.automa import fights, foresight, partner, reach, tracking
from companion.games.fury.automa.belief import INDEX, Belief
from companion.games.fury.automa.memory import Memory, Random, pick
from companion.games.fury.automa.public import Op, snapshot

Offer = dict[str, Any]
Deadline = Callable[[], bool] | None
"""Whether the time for a decision is up (the referee's clock; None: no limit, as when
``companion verify`` replays it)."""
VALUES_FILE = Path(__file__).with_name("values.json")


def _values() -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads(VALUES_FILE.read_text(encoding="utf-8"))
        return data
    except FileNotFoundError:
        return {}


VALUES = _values()
"""The fitted coefficients of Cunning's move value (and where they were measured)."""


# --- reading Dracula's screen ---------------------------------------------------------------


class Seen:
    """What Dracula's phone shows, read once per decision."""

    def __init__(self, memory: Memory) -> None:
        view = memory.view
        self.round = int(view.get("round", 0))
        self.unmet = self.round - memory.met
        self.never_met = memory.met == 0
        self.view = view
        self.belief: Belief = memory.belief
        secret = view.get("secret") or {}
        self.here: str | None = secret.get("place")
        self.trail: list[dict[str, Any]] = secret.get("trail", [])
        self.catacombs: list[dict[str, Any] | None] = secret.get("catacombs", [])
        self.encounters: list[dict[str, Any]] = secret.get("encounters", [])
        self.events: list[dict[str, Any]] = secret.get("events", [])
        self.hunters: list[dict[str, Any]] = view.get("hunters", [])
        self.night = bool(view["time"]["night"])
        self.time = int(view["time"]["index"])
        self.blood = int(view.get("blood", 15))
        self.vampires = int(view.get("vampires", 0))
        self.snapshot = snapshot(view)

    def night_of_the_move(self) -> bool:
        """Whether his move, the fight on arrival and the hunters' turn after it fall in the
        night: his moves are offered at the start of his turn beside its cards, before the
        time phase moves the marker on (unless he is at sea), so at Dusk he moves into the
        Twilight and in the Small Hours into the Dawn (``time_track.after_time_phase``)."""
        turn = self.view.get("turn") or {}
        at_sea = self.here is not None and board.is_sea(self.here)
        if turn.get("stage") != "start" or at_sea:
            return self.night
        return bool(cards.TIME_TRACK[(self.time + 1) % len(cards.TIME_TRACK)]["night"])

    def hunter_places(self) -> list[str]:
        return [h["place"] for h in self.hunters if h["place"]]

    def hunted(self) -> list[str]:
        """Places of hunters who can come after him next turn (not in the hospital)."""
        return [p for p in self.hunter_places() if p != board.HOSPITAL]

    def taken(self) -> set[str]:
        return {s["place"] for s in self.trail} | {
            s["place"] for s in self.catacombs if s is not None}


# --- the chance of being found --------------------------------------------------------------


def hunters_reach(seen: Seen) -> list[dict[str, float]]:
    """Each hunter's reach next turn (the chance each place is within one move)."""
    return [reach.reach(p) for p in seen.hunted()]


def exposure(place: str, reaches: list[dict[str, float]]) -> float:
    """The chance that some hunter *can* step into ``place`` next turn (Cautious)."""
    if board.is_sea(place):
        return 0.0
    stay = 1.0
    for r in reaches:
        stay *= 1.0 - r.get(place, 0.0)
    return 1.0 - stay


def preview(belief: Belief, how: str, back: str | None, source: int | None,
            seen: Seen) -> dict[str, float]:
    """Where the hunters will believe Dracula to be once he has laid a card ``how`` and
    ended his turn without an attack."""
    if how == "stay":
        return belief.where()
    return belief.head_after(Op("lay", handle=10**6, how=how, back=back, source=source,
                                hunters=frozenset(seen.hunter_places()),
                                blocked=seen.snapshot.blocked))


# --- the levels' move choice ----------------------------------------------------------------


def _how(offer: Offer, seen: Seen) -> tuple[str, str | None, int | None]:
    """How the hunters see this move: (kind of lay, back, Double Back's source)."""
    to, power = offer["params"].get("to", ""), offer["params"].get("power", "")
    if offer["action"] == "teleport":
        return "fixed", "land", None
    if power in ("feed", "dark_call"):
        return "stay", None, None
    if power == "wolf_form":
        return "wolf", "land", None
    if power == "double_back":
        for slot in [*seen.trail, *(s for s in seen.catacombs if s is not None)]:
            if slot.get("card") == to:
                return "double_back", "land" if not board.is_sea(to) else "sea", \
                    int(slot["handle"])
        return "unknown", None, None
    return "move", "sea" if board.is_sea(to) else "land", None


def _destination(offer: Offer, seen: Seen) -> str:
    if offer["action"] == "teleport":
        return board.CASTLE
    return str(offer["params"]["to"])


def _blood_cost(offer: Offer) -> int:
    args = offer.get("label_args") or {}
    power = offer["params"].get("power", "")
    cost = int(args.get("n", 0)) if isinstance(args.get("n"), int) else 0
    if power == "feed":
        return -1
    return cost


def exits(place: str, taken: set[str], seen: Seen) -> int:
    """Moves Dracula will still have from ``place`` (dead ends ahead)."""
    barred = {board.HOSPITAL, *seen.snapshot.blocked}
    return sum(1 for p in board.neighbours(place) if p not in taken and p not in barred)


def move_wandering(moves: list[Offer], seen: Seen, rng: Random) -> Offer:
    hunters = set(seen.hunter_places())
    plain = [m for m in moves if m["action"] == "move" and not m["params"]["power"]
             and m["params"]["to"] not in hunters]
    return pick(plain or moves, rng)


def move_cautious(moves: list[Offer], seen: Seen, rng: Random) -> Offer:
    reaches = hunters_reach(seen)
    hunters = set(seen.hunter_places())
    taken = seen.taken()
    best: list[Offer] = []
    best_key: tuple[float, ...] | None = None
    for offer in moves:
        to = _destination(offer, seen)
        power = offer["params"].get("power", "")
        key = (1.0 if to in hunters and not board.is_sea(to) else 0.0,
               round(exposure(to, reaches), 6),
               -min(exits(to, taken | {to}, seen), 3),
               1.0 if power else 0.0,
               float(_blood_cost(offer)))
        if best_key is None or key < best_key:
            best, best_key = [offer], key
        elif key == best_key:
            best.append(offer)
    return pick(best, rng)


def _lone_hunters(seen: Seen) -> list[str]:
    """The cities of hunters with no other hunter within one move: a strike there is not
    followed by the others' fight next turn."""
    out = []
    for h in seen.hunters:
        place = h["place"]
        if not place or place == board.HOSPITAL or board.is_sea(place):
            continue
        others = [o["place"] for o in seen.hunters if o["id"] != h["id"] and o["place"]]
        if not any(reach.steps(o, place) <= 1 for o in others):
            out.append(place)
    return out


def _towards_a_lone_hunter(moves: list[Offer], seen: Seen) -> list[Offer]:
    """The moves that bring Dracula nearest to a lone hunter (the rest are valued as
    usual among them)."""
    lone = _lone_hunters(seen)
    hunters = set(seen.hunter_places())
    moves = [o for o in moves if _destination(o, seen) not in hunters
             or board.is_sea(_destination(o, seen))] or moves
    if not lone:
        return moves

    def distance(o: Offer) -> int:
        to = _destination(o, seen)
        return min(reach.dracula_steps(to, p) for p in lone)
    nearest = min(distance(o) for o in moves)
    return [o for o in moves if distance(o) == nearest]


FIRST_SHOW = 2
SHOW_AGAIN = 20
"""Cunning goes looking for a lone hunter to strike from round ``FIRST_SHOW`` while the
hunters have never met him, and again once they have not for ``SHOW_AGAIN`` rounds: a
Dracula never met is as dull as one caught at once (issue 33). A pace for the game, not a
weight of the move value: after 10 rounds he went looking while the hunters, who had met
him, were on his trail anyway (bench/README.md: 20 wins 3 points more, fights median 3)."""

STRIKE_BLOOD = 6
"""Cunning strikes only while he has this much blood: he must survive the fight the
hunters bring him next."""


def seeking(seen: Seen) -> bool:
    """Is Cunning looking for a fight: his blood high, the hunters not met for a while?"""
    due = seen.unmet >= (FIRST_SHOW if seen.never_met else SHOW_AGAIN)
    return due and seen.blood >= STRIKE_BLOOD


STRIKE_WORTH = 0.35
"""The least a strike's first round must be worth to Cunning (in blood and health, the
hunters' loss): a bite on an unarmed hunter is about 1 (``fights.dracula_choice``)."""


def strike_worth(target: dict[str, Any], seen: Seen) -> float:
    """What the first round of a fight with ``target`` is worth to Dracula, playing his best
    card against what the hunter may hold."""
    deck = fights.DATA["dracula_night" if seen.night else "dracula_day"]
    likely = fights.hunter_cards(int(target.get("item_count", 0)), _hunter_shown(target))
    return fights.dracula_choice(deck, target, seen.blood, likely)[0][0]


def strike_target(offer: Offer, seen: Seen) -> dict[str, Any] | None:
    """The hunter this move would attack, when it is a strike that pays: a lone hunter out
    of the others' reach whose first round is worth ``STRIKE_WORTH`` to Dracula — at night
    (Fangs bite, „Дракула использует все свои 8 карт Приемов, если бой происходит ночью“),
    or by day too when he is looking for a fight and the hunter has nothing to hurt him
    with. Else None."""
    to = _destination(offer, seen)
    if offer["params"].get("power") or board.is_sea(to):
        return None
    if not seen.night and not seeking(seen):
        return None
    there = [h for h in seen.hunters if h["place"] == to]
    if len(there) != 1 or seen.blood < STRIKE_BLOOD:
        return None
    target = there[0]
    others = [reach.reach(h["place"]) for h in seen.hunters
              if h["id"] != target["id"] and h["place"] and h["place"] != board.HOSPITAL]
    if exposure(to, others) >= 0.5:
        return None
    if strike_worth(target, seen) < STRIKE_WORTH * (1 if seen.night else 2):
        return None
    return target


COSTS = {"found_day": 3.0, "found_night": 0.6, "dead_end": 1.0, "spread": 0.3}
"""What Cunning weighs a move by, in his blood: a fight the hunters bring him by day and by
night (measured against the tracking hunters, ``values.json``), a way on that runs into a
dead end, and the spread of the hunters' belief (per nat)."""


def _costs() -> dict[str, float]:
    measured = VALUES.get("costs") or {}
    return {k: float(measured.get(k, v)) for k, v in COSTS.items()}


def move_quick(moves: list[Offer], seen: Seen, rng: Random) -> Offer:
    """Cunning's move when the time for the decision is up before the full one is worked
    out: a worthwhile strike, else the move out of the hunters' reach (Cautious's)."""
    strikes = [(strike_target(o, seen), o) for o in moves]
    aimed = [(t, o) for t, o in strikes if t is not None]
    if aimed:
        return max(aimed, key=lambda pair: (strike_worth(pair[0], seen), pair[0]["id"]))[1]
    return move_cautious(moves, seen, rng)


def move_cunning(moves: list[Offer], seen: Seen, rng: Random,
                 deadline: Deadline = None) -> Offer:
    """The move of highest value; when looking for a fight, the strike on the lone hunter
    where it is worth most, else the way towards one. The quick move is worked out first,
    and played when ``deadline`` says the time is up before the full value is."""
    if seeking(seen):
        strikes = [(strike_target(o, seen), o) for o in moves]
        aimed = [(t, o) for t, o in strikes if t is not None]
        if aimed:
            return max(aimed, key=lambda pair: (strike_worth(pair[0], seen), pair[0]["id"]))[1]
        moves = _towards_a_lone_hunter(moves, seen)
    # always worked out, so that the full move draws the same randomness after it whether a
    # deadline was given or not (``verify`` replays without one)
    quick = move_quick(moves, seen, rng)
    costs = _costs()
    reaches = hunters_reach(seen)
    trail = tracking.trail_targets(seen.belief, seen.view)
    hunters = set(seen.hunter_places())
    found_cost = costs["found_night"] if seen.night else costs["found_day"]
    previews: dict[tuple[str, str | None, int | None], tuple[dict[str, float],
                                                             dict[str, float]]] = {}
    scored: list[tuple[float, int, Offer]] = []
    for i, offer in enumerate(moves):
        how = _how(offer, seen)
        if how not in previews:
            if deadline is not None and deadline():
                return quick
            believed = preview(seen.belief, *how, seen) if how[0] != "fixed" else {}
            previews[how] = believed, foresight.searched(believed, trail, seen.hunters,
                                                         seen.night)
        believed, search = previews[how]
        to = _destination(offer, seen)
        target = strike_target(offer, seen)
        if target is not None:
            value = strike_worth(target, seen)
        elif to in hunters and not board.is_sea(to):
            # a fight for certain, with every hunter there (by day he cannot vanish)
            there = sum(1 for h in seen.hunters if h["place"] == to)
            value = -(costs["found_day"] if not seen.night else found_cost) * 2 * there
        else:
            value = -found_cost * search.get(to, 0.0)
        taken = seen.taken() | {to}
        onward = [p for p in board.neighbours(to) if p not in taken
                  and p not in seen.snapshot.blocked and p != board.HOSPITAL]
        safe = [p for p in onward if exposure(p, reaches) < 0.5]
        spread = -sum(w * math.log(w) for w in believed.values() if w > 0)
        value -= costs["dead_end"] * (1.0 if not safe else 1.0 / (1 + len(safe)))
        value += costs["spread"] * spread - _blood_cost(offer)
        scored.append((value, i, offer))
    top = max(v for v, _, _ in scored)
    best = [o for v, _, o in scored if v >= top - 1e-9]
    return pick(best, rng)


# --- every other decision ------------------------------------------------------------------


ENCOUNTER_ORDER = ("new_vampire", "ambush", "desecrated_soil", "assassin", "minion_knife",
                   "minion_rifle", "minion_pistol", "thief", "lightning", "rats", "wolves",
                   "spy", "hoax", "bats", "fog", "saboteur", "plague", "rumors", "seduction")
"""The encounters Dracula lays first: those that mature into vampires and ambushes, then
those that fight or rob the hunters."""


HURTS = ("assassin", "minion_knife_rifle", "minion_knife_pistol", "minion_knife", "wolves",
         "lightning", "rats", "plague", "thief", "saboteur", "ambush", "desecrated_soil",
         "spy", "peasants", "hoax", "fog", "bats", "new_vampire")
"""What Cunning and Cautious lay where a hunter will soon search: what hurts him first; a
New Vampire last (found by day it is killed)."""


def _lay(offered: list[Offer], seen: Seen) -> Offer:
    """A New Vampire where no hunter is likely to search before it matures (two moves or
    more from every hunter, on a card they have not seen); else, where a hunter is near,
    what hurts him; else what matures or hurts, keeping the New Vampires for a safer card."""
    kinds = {cards.kind(o["params"]["token"]): o for o in offered}
    here = seen.here or ""
    near = min((reach.steps(p, here) for p in seen.hunted()), default=9)
    hidden = not (seen.view.get("trail") or [{}])[0].get("revealed", False)
    if "new_vampire" in kinds and near >= 3 and hidden:
        return kinds["new_vampire"]
    order = HURTS if near <= 1 else ("ambush", "desecrated_soil", *HURTS)
    for kind in order:
        if kind in kinds:
            return kinds[kind]
    return offered[0]


def _rank_token(token: str) -> int:
    kind = cards.kind(token)
    return ENCOUNTER_ORDER.index(kind) if kind in ENCOUNTER_ORDER else len(ENCOUNTER_ORDER)


def choose(memory: Memory, offered: list[Offer], rng: Random, level: str,
           deadline: Deadline = None) -> Offer:
    """One of the offered actions for Dracula at ``level``; ``deadline`` says when the time
    for the decision is up (Cunning's move then is the quick one, ``move_quick``)."""
    seen = Seen(memory)
    # He answers every question as it comes, never "no card until this turn ends": a person
    # may say so, but the app saying it only when it held nothing would tell the hand.
    offered = [o for o in offered if o["action"] != "pass_turn"
               and o["params"].get("key") != "none_turn"]
    names = {o["action"] for o in offered}
    if "hand_done" in names:
        return next(o for o in offered if o["action"] == "hand_done")
    if level == "wandering":
        return _wandering(offered, seen, rng, names)
    if names & {"move", "teleport"}:
        seen.night = seen.night_of_the_move()
        plays = [o for o in _at_once(offered) if _worth_now(o, seen)]
        if plays and level == "cunning":
            # the start of his turn: its cards stand beside his moves
            return plays[0]
        moves = [o for o in offered if o["action"] in ("move", "teleport")]
        if level == "cautious":
            return move_cautious(moves, seen, rng)
        return move_cunning(moves, seen, rng, deadline)
    if "start_at" in names:
        return _start(offered, seen, rng)
    if "place" in names:
        if level in ("cautious", "cunning"):
            return _lay(offered, seen)
        return min(offered, key=lambda o: (_rank_token(o["params"]["token"]),
                                           o["params"]["token"]))
    if "dropoff" in names:
        return _dropoff(offered)
    if "keep_token" in names:
        return min(offered, key=lambda o: (_rank_token(o["params"]["token"]),
                                           o["params"]["token"]))
    if "tactic" in names:
        return _tactic(offered, seen)
    if "ambush" in names:
        return _ambush(offered, seen)
    if names & {"play_event", "pass", "to_time"}:
        return _events(offered, seen, rng, level)
    if "choose" in names:
        both = partner.answer(offered, seen.view, memory.changes, memory.losses)
        if both is not None:
            return both
        horses = [o for o in offered if cards.kind(o["params"]["key"]) == "wild_horses"]
        if horses and level == "cunning":
            # Offered with his cards before the combat when a hunter walks in (issue 32):
            # as with his other cards played whenever offered, the fight does not happen.
            return horses[0]
        if level == "cunning":
            card = _before_combat(offered, seen) or _rage(offered, seen)
            if card is not None:
                return card
        return _question(offered, seen, rng)
    if "discard" in names and level == "cunning":
        return _discard_event(offered)
    return pick(offered, rng)


def _wandering(offered: list[Offer], seen: Seen, rng: Random, names: set[str]) -> Offer:
    if names & {"move", "teleport"}:
        return move_wandering([o for o in offered if o["action"] in ("move", "teleport")],
                              seen, rng)
    if names & {"pass", "to_time"}:
        calm = [o for o in offered if o["action"] in ("pass", "to_time")]
        return pick(calm, rng)
    return pick(offered, rng)


def _start(offered: list[Offer], seen: Seen, rng: Random) -> Offer:
    """Far from every hunter, with ways out."""
    scored = []
    for offer in offered:
        place = offer["params"]["place"]
        near = min((reach.steps(p, place) for p in seen.hunter_places()), default=9)
        ways = len(board.neighbours(place))
        scored.append((min(near, 4), min(ways, 4), offer))
    top = max((a, b) for a, b, _ in scored)
    return pick([o for a, b, o in scored if (a, b) == top], rng)


def _dropoff(offered: list[Offer]) -> Offer:
    """Mature a New Vampire (+2 on the vampire track) or an Ambush; else keep the card's
    encounters waiting in the catacombs; else let it go."""
    by = {o["params"]["choice"]: o for o in offered}
    maturing = [o for o in offered if o["params"]["choice"] == "mature"]
    for kind in ("new_vampire", "ambush", "desecrated_soil"):
        for offer in maturing:
            if cards.kind(offer["params"]["token"]) == kind:
                return offer
    return by.get("catacombs") or by["discard"]


def _hunter_shown(hunter: dict[str, Any]) -> list[str]:
    """The items a hunter has shown (a bitten hunter's open card, items face up)."""
    names = {cards.item_name(k): k for k in cards.ITEMS}
    out = [names[n] for n in hunter.get("up", []) if n in names]
    out += [cards.kind(s["card"]) for s in hunter.get("shown", []) if cards.kind(s["card"])
            in cards.ITEMS]
    return out


def _tactic(offered: list[Offer], seen: Seen) -> Offer:
    """Cunning and Cautious play the card of highest expected worth for them against the
    tactics each hunter may play (judged from the count of his items, the items he has
    shown and the printed item deck: ``fights.hunter_cards``), and aim at the hunter where
    it is worth most; one more round counts against him by day, when he cannot vanish as
    mist. (Issue 42: Cautious struck while his blood lasted and escaped when low; he lost
    2.8 blood a fight by day and the tracking hunters beat him two games in three.)
    Wandering picks at random."""
    fight = seen.view.get("combat") or {}
    fighters = {f["id"]: f for f in fight.get("fighters", [])}
    by_id = {h["id"]: h for h in seen.hunters}
    ids = [f for f in fighters if f in by_id]
    mine = 1 if fight.get("trap") else 0
    theirs = 1 if fight.get("planning") else 0
    agatha = ((seen.view.get("allies") or {}).get("hunters") or {}).get("card", "")
    cost = ({c: 2 for c in ("fangs", *fights.ESCAPES)}
            if cards.kind(agatha) == "sister_agatha" else {})
    holy = fight.get("enemy_kind", "dracula") != "agent"
    escapes = seen.night and not fight.get("no_escape")
    best: tuple[float, str, str] | None = None
    chosen = offered[0]
    for o in offered:
        if o["action"] != "tactic":
            continue
        target = o["params"].get("target") or (ids[0] if ids else "")
        aim = by_id.get(target) or (by_id[ids[0]] if ids else {})
        last = fights.NAMES_HUNTER.get(fighters.get(target, {}).get("last") or "")
        likely = fights.hunter_cards(int(aim.get("item_count", 0)), _hunter_shown(aim), last,
                                     holy)
        # one more round is worth to the hunters what this one is: nothing at night, when
        # he may vanish as mist; by day, twice a round's danger (he must win to leave)
        going_on = 0.0 if escapes else 2 * fights.danger(
            int(aim.get("item_count", 0)), seen.night, likely=likely)
        value = fights.dracula_choice([o["params"]["card"]], aim, seen.blood, likely, mine,
                                      theirs, going_on, cost)[0][0]
        key = (value, o["params"]["card"], target)
        if best is None or key > best:
            best = key
            chosen = o
    return chosen


def _ambush(offered: list[Offer], seen: Seen) -> Offer:
    health = {h["id"]: h["health"] for h in seen.hunters}
    real = [o for o in offered if o["params"]["token"]]
    if not real:
        return offered[0]
    return min(real, key=lambda o: (_rank_token(o["params"]["token"]) if cards.kind(
        o["params"]["token"]) not in ("new_vampire", "ambush") else 99,
        health.get(o["params"]["hunter"], 99), o["params"]["hunter"]))


EVENT_AT_ONCE = ("quincey_p_morris", "immanuel_hildesheim", "vampiric_influence",
                 "night_visit", "unearthly_swiftness", "customs_search", "roadblock",
                 "false_tip_off", "sensationalist_press", "devilish_power", "wild_horses",
                 "control_storms", "evasion", "relentless_minion", "seduction",
                 "time_runs_short")
"""Dracula's event cards the app plays whenever the rules offer them."""


def _at_once(offered: list[Offer]) -> list[Offer]:
    """The offered event cards he plays whenever the rules offer them, in a fixed order."""
    return sorted((o for o in offered if o["action"] == "play_event"
                   and cards.kind(o["params"]["card"]) in EVENT_AT_ONCE),
                  key=lambda o: o["params"]["card"])


CANCEL_WORTH = frozenset(cards.event_name(k) for k in (
    "hypnosis", "hired_scouts", "telegraph_ahead", "newspaper_reports", "consecrated_ground",
    "sense_of_emergency", "stormy_seas", "money_trail", "vampire_lair", "mystic_research",
    "advance_planning", "heroic_leap", "good_luck", "jonathan_harker", "rufus_smith",
    "sister_agatha", "long_day"))
"""The hunters' cards worth a Devilish Power: those that find him or hurt him."""
CANCEL = "An event card was just played: cancel it?"


def _worth_now(offer: Offer, seen: Seen) -> bool:
    """Devilish Power only where it pays: cancelling a card of ``CANCEL_WORTH`` just played,
    or, at the start of his turn, the hunters' ally; his other cards whenever offered."""
    kind = cards.kind(offer["params"]["card"])
    if kind == "time_runs_short":
        return _night_sooner(seen)
    if kind != "devilish_power":
        return True
    if offer.get("group") == CANCEL:
        return (seen.view.get("just") or {}).get("name") in CANCEL_WORTH
    return (seen.view.get("allies") or {}).get("hunters") is not None


def _events(offered: list[Offer], seen: Seen, rng: Random, level: str) -> Offer:
    plays = [o for o in _at_once(offered) if level != "cunning" or _worth_now(o, seen)]
    if plays and level == "cunning":
        return plays[0]
    calm = [o for o in offered if o["action"] in ("pass", "to_time")]
    return calm[0] if calm else pick(offered, rng)


def _night_sooner(seen: Seen) -> bool:
    """Time Runs Short where it turns the move to come, and the hunters' turn after it,
    from day into night: by night he bites, feeds, runs as a wolf and leaves a fight as
    mist (``Seen.night_of_the_move``: the card moves the marker before the time phase)."""
    if seen.night:
        return False
    small_hours = len(cards.TIME_TRACK) - 1
    at_sea = seen.here is not None and board.is_sea(seen.here)
    after = min(small_hours, seen.time + 1) + (0 if at_sea else 1)
    return bool(cards.TIME_TRACK[after % len(cards.TIME_TRACK)]["night"])


TRAPS_SPARE = 2
"""Traps held before he lays one on an agent's or a vampire's fight rather than keep it for
his own."""
DANGER_ORDER = ("stake", "crucifix", "holy_water", "rifle", "sacred_bullets", "pistol",
                "garlic", "knife", "heavenly_host", "dogs", "fast_horse", "local_rumors")
"""A hunter's items, the one that hurts Dracula most in a fight first (Rage discards it)."""


def _before_combat(offered: list[Offer], seen: Seen) -> Offer | None:
    """Cunning's cards at the start of a fight: a Trap (+1 on every roll of the fight)
    in his own fights, and in his agents' when he holds Traps to spare; Rage by day, when
    a hunter of the fight holds items (he cannot vanish as mist by day anyway, and Rage
    takes away the worst of them)."""
    by = {cards.kind(o["params"]["key"]): o for o in offered}
    fight = seen.view.get("combat") or {}
    own = fight.get("enemy_kind", "dracula") == "dracula"
    traps = sum(1 for e in seen.events if cards.kind(e.get("card", "")) == "trap")
    if "trap" in by and (own or traps >= TRAPS_SPARE):
        return by["trap"]
    if "rage" in by and own and not seen.night:
        ids = {f["id"] for f in fight.get("fighters", [])}
        if any(int(h.get("item_count", 0)) > 0 for h in seen.hunters if h["id"] in ids):
            return by["rage"]
    return None


def _rage(offered: list[Offer], seen: Seen) -> Offer | None:
    """Rage's questions: the hunter with most items shows them; the item that hurts him
    most is discarded."""
    if not offered[0].get("group", "").startswith("Rage"):
        return None
    keys = {o["params"]["key"]: o for o in offered}
    items = [o for o in offered if cards.kind(o["params"]["key"]) in DANGER_ORDER]
    if items:
        return min(items, key=lambda o: (DANGER_ORDER.index(cards.kind(o["params"]["key"])),
                                         o["params"]["key"]))
    counts = {h["id"]: int(h.get("item_count", 0)) for h in seen.hunters}
    if keys and all(k in counts for k in keys):
        return keys[max(keys, key=lambda k: (counts[k], k))]
    return None


KEEP_ORDER = ("trap", "rage", "wild_horses", "devilish_power", "evasion",
              "sensationalist_press", "seduction", "relentless_minion", "control_storms",
              "customs_search", "false_tip_off", "time_runs_short")
"""Dracula's event cards, the one he keeps longest first (over the hand limit he discards
the last of them he holds)."""


def _discard_event(offered: list[Offer]) -> Offer:
    def rank(o: Offer) -> tuple[int, str]:
        kind = cards.kind(o["params"]["card"])
        return (KEEP_ORDER.index(kind) if kind in KEEP_ORDER else len(KEEP_ORDER) // 2,
                o["params"]["card"])
    return max(offered, key=rank)


FIRST_READING = partner.FIRST_READING
AS_THE_APP_READS = partner.AS_THE_APP_READS
OTHER_SIDE = partner.OTHER_SIDE


DRIVE_AWAY = ("Bats: move the hunter by road", "Wild Horses: where do they run?")
"""Questions where Dracula sends a hunter somewhere: as far from himself as he can."""


def _question(offered: list[Offer], seen: Seen, rng: Random) -> Offer:
    """The answers to a card's question that serve him: away from the hunters when he
    goes somewhere, the weakest hunter when he strikes one."""
    places = [o for o in offered if o["params"]["key"] in board.PLACES]
    if places and len(places) == len(offered):
        heading = offered[0].get("group", "")
        if heading in DRIVE_AWAY and seen.here:
            here = seen.here
            return max(places, key=lambda o: (reach.steps(here, o["params"]["key"]),
                                              o["params"]["key"]))
        hunters = seen.hunted()

        def far(o: Offer) -> tuple[int, str]:
            key = o["params"]["key"]
            return (min((reach.steps(h, key) for h in hunters), default=9), key)
        return max(places, key=far)
    health = {h["id"]: h["health"] for h in seen.hunters}
    aimed = [o for o in offered if o["params"]["key"] in health]
    if aimed and len(aimed) == len(offered):
        return min(aimed, key=lambda o: (health[o["params"]["key"]], o["params"]["key"]))
    return offered[0]


__all__ = ["INDEX", "choose", "exposure", "preview"]

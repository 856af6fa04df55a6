"""The *tracking* hunters: the strongest the project writes, to measure Dracula against and to
play the hunters' seats for a person who is Dracula (issue 42).

They play from what hunters may know — the public belief over Dracula's trail (built from
public facts only, ``belief.py``), their own hands and the tablet — and nothing else:

- **where to go**: each hunter ends his move where a search is worth most — the chance that
  Dracula is there, that a face-down trail card lies there (weighted by the encounters on
  it and how soon they mature), and the share of Dracula's next places he will have within
  reach that no other hunter covers; a train when the likely places are far; never into
  Dracula's city when the fight would not pay (alone, unarmed, at night);
- **his cards**: events played at their moment when they help (Long Day, Money Trail when a
  sea lies face down, Hypnosis when bitten, Good Luck on Dracula's ally or his worst card,
  Forewarned on a dangerous encounter, Advance Planning before a fight with Dracula, Escape
  Route when the fight would not pay), Hired Scouts and the like on the likeliest cities;
  the least useful card given up at the hand limit;
- **the turn's action**: rest when hurt, else supply (both kinds while the hand has room);
- **the fight**: the tactic of highest expected worth against every card the enemy may
  still play (``fights.tactic_value``).

An offer made outside the hunter's own moment (Hypnosis for another player's hunter) is
optional: :func:`decide` may answer None, "not now", as a person who keeps his card.
"""

from __future__ import annotations

from typing import Any

from companion.games.fury import board, cards
from companion.games.fury.automa import fights, partner, reach
from companion.games.fury.automa.belief import Belief
from companion.games.fury.automa.memory import Memory, Random, pick

Offer = dict[str, Any]

ITEM_WORTH = {"stake": 10.0, "holy_water": 8.0, "crucifix": 7.5, "heavenly_host": 6.0,
              "garlic": 5.5, "rifle": 5.0, "sacred_bullets": 5.0, "knife": 4.0, "pistol": 4.0,
              "dogs": 3.0, "local_rumors": 1.5, "fast_horse": 2.0}
"""What an item is worth in a hunter's hand: the weapons that hurt Dracula most first."""
EVENT_WORTH = {"hypnosis": 8.0, "long_day": 7.5, "good_luck": 7.0, "advance_planning": 6.5,
               "forewarned": 6.0, "heroic_leap": 5.5, "escape_route": 5.0,
               "sense_of_emergency": 5.0, "money_trail": 4.5, "secret_weapon": 4.0,
               "stormy_seas": 3.5, "chartered_carriage": 3.5, "blood_transfusion": 3.0,
               "excellent_weather": 2.0, "great_strength": 1.0}
"""What a kept event is worth (Great Strength is played by hand: the app never plays it)."""
HOLY_WEAPONS = ("stake", "holy_water", "crucifix", "heavenly_host", "sacred_bullets", "knife",
                "rifle", "pistol")
CANCEL = {"evasion": 9, "customs_search": 8, "seduction": 8, "unearthly_swiftness": 6,
          "time_runs_short": 7, "trap": 5, "rage": 6, "roadblock": 4, "false_tip_off": 3,
          "control_storms": 5, "relentless_minion": 4, "wild_horses": 5}
"""Dracula's cards worth a Good Luck, by how much they hurt."""
DANGEROUS = {"New Vampire": 9, "Ambush": 5, "Assassin": 7, "Minion with Knife and Rifle": 6,
             "Minion with Knife and Pistol": 5, "Minion with Knife": 4, "Wolves": 5,
             "Lightning": 4, "Plague": 3, "Rats": 3, "Thief": 4, "Saboteur": 3,
             "Seduction": 5, "Spy": 2}
"""Encounters worth a Forewarned, by their English name (the screens show it)."""


def decide(memory: Memory, offered: list[Offer], rng: Random) -> Offer | None:
    """One of ``offered`` for the hunters of this seat, or None to let an optional offer
    pass (the game does not wait for this seat)."""
    view = memory.view
    # every question answered as it comes, never "no card until this turn ends": the app
    # saying it only when it held nothing would tell the hand (issue 40)
    offered = [o for o in offered if o["action"] != "pass_turn"
               and o["params"].get("key") != "none_turn"] or offered
    names = {o["action"] for o in offered}
    if not waited(view):
        return _optional(memory, offered)
    if "start_at" in names:
        return _spread(offered, view)
    if "tactic" in names:
        return _tactic(memory, offered)
    if "discard" in names:
        return _least(offered, view)
    if "choose" in names:
        return _answer(memory, offered, rng)
    if names & {"pass", "play_event"} and not names & {"to_movement", "travel", "end_turn"}:
        return _window(memory, offered)
    if "go" in names:
        return _go(memory, offered)
    if "to_movement" in names:
        return _start(memory, offered)
    if names & {"travel", "stay", "train", "ride", "set_sail"}:
        # the start of the turn: its cards and resolve stand beside the moves (issue 40)
        return _start_cards(memory, offered) or _move(memory, offered, rng)
    if names & {"rest", "supply", "end_turn"}:
        return _act(memory, offered)
    return pick(offered, rng)


# --- whose moment it is -------------------------------------------------------------------


def waited(view: dict[str, Any]) -> bool:
    """Whether the game waits for this seat now (a question to it, its hunter's turn, its
    fighter's tactic), as every screen shows it."""
    seat = view.get("seat")
    if view.get("setup"):
        return bool(view["setup"].get("seat") == seat)
    waiting = view.get("waiting")
    if waiting:
        return seat in (waiting.get("seats") or [])
    turn = view.get("turn") or {}
    return bool(turn.get("seat") == seat)


def _optional(memory: Memory, offered: list[Offer]) -> Offer | None:
    """Another hunter's moment: Hypnosis for a bitten hunter, once his player has not
    declined it this round."""
    for o in offered:
        p = o["params"]
        if o["action"] == "play_event" and cards.kind(p.get("card", "")) == "hypnosis" \
                and p.get("target") and memory.view.get("dracula_place") is None \
                and (p["target"], memory.view.get("round")) not in memory.declined:
            return o
    return None


# --- the hunters' own state ----------------------------------------------------------------


def _who(view: dict[str, Any]) -> str | None:
    turn = view.get("turn") or {}
    who = turn.get("who")
    return None if who == "dracula" else who


def _hunter(view: dict[str, Any], hunter: str | None) -> dict[str, Any]:
    return next((h for h in view["hunters"] if h["id"] == hunter), {})


def _hand(view: dict[str, Any], hunter: str | None) -> dict[str, Any]:
    return next((h for h in view.get("hands", []) if h["hunter"] == hunter),
                {"item_cards": [], "event_cards": [], "limits": [3, 3]})


def _kinds(hand: dict[str, Any], what: str) -> list[str]:
    return [cards.kind(c["card"]) for c in hand.get(what, [])]


def armed(view: dict[str, Any], hunter: str | None) -> float:
    """How well this hunter can hurt Dracula: his best weapon's worth, 0 with none."""
    items = _kinds(_hand(view, hunter), "item_cards")
    return max((ITEM_WORTH[k] for k in items if k in HOLY_WEAPONS), default=0.0)


def card_worth(card: str) -> float:
    kind = cards.kind(card)
    return ITEM_WORTH.get(kind, EVENT_WORTH.get(kind, 2.0))


# --- the start ------------------------------------------------------------------------------


def _spread(offered: list[Offer], view: dict[str, Any]) -> Offer:
    """Far from the hunters already placed, in a city with many links (rail most)."""
    placed = [h["place"] for h in view["hunters"] if h["place"]]

    def key(o: Offer) -> tuple[int, int, str]:
        place = o["params"]["place"]
        near = min((reach.steps(p, place) for p in placed), default=9)
        links = len(board.ROAD[place]) + 2 * len(board.RAIL[place]) + len(board.SEA[place])
        return (min(near, 3), links, place)
    return max(offered, key=key)


# --- where Dracula may be -------------------------------------------------------------------


def _trail_targets(memory: Memory) -> dict[str, float]:
    return trail_targets(memory.belief, memory.view)


def trail_targets(belief: Belief, view: dict[str, Any]) -> dict[str, float]:
    """For each place, what a search there is worth for the face-down cards that may lie
    there: each card's chance to lie there, more for a card with encounters, the more the
    nearer it is to leaving the trail (a New Vampire matures then)."""
    slots = {s["handle"]: s for s in view.get("trail", [])}
    slots.update({s["handle"]: s for s in view.get("catacombs", []) if s})
    order = list(belief.trail)
    out: dict[str, float] = {}
    for handle, where in belief.card_places().items():
        slot = slots.get(handle, {})
        age = order.index(handle) if handle in order else 5
        worth = 0.35 + (0.5 + 0.15 * age if slot.get("tokens") else 0.0)
        for place, chance in where.items():
            out[place] = out.get(place, 0.0) + chance * worth
    return out


def next_places(believed: dict[str, float], hunters: set[str]) -> dict[str, float]:
    """Where Dracula may be after his next move: each place he may be now spreads over its
    neighbours by road and sea (not into a hunter's city) and, less, staying put."""
    out: dict[str, float] = {}
    for place, weight in believed.items():
        spots = [q for q in sorted(board.neighbours(place))
                 if q not in hunters and q != board.HOSPITAL]
        if not spots:
            out[place] = out.get(place, 0.0) + weight
            continue
        stay = 0.1 if not board.is_sea(place) else 0.0
        out[place] = out.get(place, 0.0) + weight * stay
        for q in spots:
            out[q] = out.get(q, 0.0) + weight * (1 - stay) / len(spots)
    return out


def fight_pays(view: dict[str, Any], hunter: str | None, together: int = 1) -> bool:
    """Whether walking into Dracula's city pays: by day his cards are weak; at night only
    with a weapon that hurts him and the health to take a blow, or in company."""
    me = _hunter(view, hunter)
    if int(me.get("health", 0)) <= 3:
        return False
    night = bool(view["time"]["night"])
    if not night:
        return armed(view, hunter) > 0 or together > 1 or int(view.get("blood", 15)) <= 5
    return armed(view, hunter) >= 7.5 or (together > 1 and armed(view, hunter) > 0)


def search_worth(place: str, believed: dict[str, float], trail: dict[str, float],
                 upcoming: dict[str, float], covered: dict[str, float], meet: float) -> float:
    """What ending a move at ``place`` is worth to a hunter: meeting Dracula there (``meet``
    per chance: negative when the fight would not pay), the trail cards a search there
    turns up, and the share of Dracula's next places it puts within his reach that no
    other hunter covers."""
    now = 0.0 if board.is_sea(place) else meet * believed.get(place, 0.0) + trail.get(place,
                                                                                       0.0)
    mine = reach.reach(place)
    later = sum(w * mine.get(q, 0.0) * (1.0 - covered.get(q, 0.0)) for q, w in upcoming.items())
    return now + LATER * later


LATER = 0.8
"""A place within reach of Dracula's next places, against a search now."""
MEET = 3.0
"""Meeting Dracula when the fight pays, against a trail card turned up (about 0.35–1.3)."""


def coverage(believed: dict[str, float], hunters: list[str], others: list[str]
             ) -> tuple[dict[str, float], dict[str, float]]:
    """Dracula's next places (``next_places``: never into one of the ``hunters``' cities)
    and how surely the ``others`` have each within reach already."""
    upcoming = next_places(believed, set(hunters))
    covered = {q: max((reach.reach(p).get(q, 0.0) for p in others if p != board.HOSPITAL),
                      default=0.0) for q in upcoming}
    return upcoming, covered


def _move(memory: Memory, offered: list[Offer], rng: Random) -> Offer:
    view = memory.view
    who = _who(view)
    here = _hunter(view, who).get("place")
    believed = memory.belief.where()
    known = view.get("dracula_place")
    if known and known != board.CASTLE:
        believed = {known: 1.0}
    trail = _trail_targets(memory)
    others = [h["place"] for h in view["hunters"] if h["id"] != who and h["place"]
              and h["place"] != board.HOSPITAL]
    upcoming, covered = coverage(believed, others + ([here] if here else []), others)
    turn = view.get("turn") or {}
    group = max(1, len(turn.get("group") or []))
    pays = fight_pays(view, who, max(group, 1 + sum(1 for p in others if p == here)))
    meet = MEET if pays or group > 1 else -2.0

    def score(place: str) -> float:
        return search_worth(place, believed, trail, upcoming, covered, meet)

    options: list[tuple[float, str, Offer]] = []
    for o in offered:
        p = o["params"]
        if o["action"] == "travel":
            options.append((score(p["to"]), p["to"], o))
        elif o["action"] == "stay" and here:
            options.append((score(here) - 0.02, here, o))
        elif o["action"] == "ride":
            options.append((score(p["to"]) - 0.3, p["to"], o))
    best = max(options, key=lambda item: (item[0], item[1]), default=None)
    train = next((o for o in offered if o["action"] == "train"
                  and not o["params"].get("carriage")), None)
    if train is not None and here is not None and believed:
        likely = max(believed, key=lambda p: (believed[p], p))
        far = reach.steps(here, likely) >= 3
        if far and (best is None or best[0] < 0.15):
            return train
    if best is None:
        calm = [o for o in offered if o["action"] != "join"]
        return pick(calm or offered, rng)
    return best[2]


def _go(memory: Memory, offered: list[Offer]) -> Offer:
    """Sense of Emergency: where Dracula most likely is (a city he can be met in)."""
    believed = memory.belief.where()
    known = memory.view.get("dracula_place")
    trail = _trail_targets(memory)

    def worth(o: Offer) -> tuple[float, str]:
        place = o["params"]["place"]
        return (3.0 * (place == known) + believed.get(place, 0.0) + trail.get(place, 0.0),
                place)
    return max(offered, key=worth)


# --- the start of the turn -------------------------------------------------------------------


def _start(memory: Memory, offered: list[Offer]) -> Offer:
    return _start_cards(memory, offered) or next(
        o for o in offered if o["action"] == "to_movement")


def _start_cards(memory: Memory, offered: list[Offer]) -> Offer | None:
    """What the start of the turn is worth spending: a kept card, resolve, a cure, Dogs
    face up; None to go on to the move."""
    view = memory.view
    who = _who(view)
    me = _hunter(view, who)
    for o in offered:
        if o["action"] == "play_event" and not o["params"].get("target") \
                and _worth_playing(memory, o["params"]["card"], who):
            return o
    resolve = {o["params"]["ability"]: o for o in offered if o["action"] == "resolve"}
    if "inner_strength" in resolve and int(me.get("health", 9)) <= 4:
        return resolve["inner_strength"]
    if "sense_of_emergency" in resolve and _rush_pays(memory, who):
        return resolve["sense_of_emergency"]
    if "newspaper_reports" in resolve and len(memory.belief.where()) >= 4 \
            and int(view.get("resolve", 0)) >= 2:
        return resolve["newspaper_reports"]
    for o in offered:
        if o["action"] == "cure":
            return o
        if o["action"] == "use_item" and cards.kind(o["params"]["card"]) == "dogs":
            return o
    return None


def _rush_pays(memory: Memory, who: str | None) -> bool:
    """Sense of Emergency pays when Dracula's place is known or nearly, out of this
    hunter's reach, and the health it costs leaves him fit to fight."""
    view = memory.view
    me = _hunter(view, who)
    believed = memory.belief.where()
    target = view.get("dracula_place") or (max(believed, key=lambda p: (believed[p], p))
                                           if believed else None)
    if target is None or board.is_sea(target) or target == board.CASTLE:
        return False
    sure = 1.0 if view.get("dracula_place") else believed.get(target, 0.0)
    cost = 6 - int(view.get("vampires", 0))
    here = me.get("place")
    return (sure >= 0.6 and here is not None and reach.steps(here, target) >= 2
            and int(me.get("health", 0)) - cost >= 5 and fight_pays(view, who))


def _worth_playing(memory: Memory, card: str, who: str | None) -> bool:
    """A kept card at the start of this hunter's turn."""
    view = memory.view
    kind = cards.kind(card)
    believed = memory.belief.where()
    if kind == "long_day":
        return True
    if kind == "money_trail":
        return any(s.get("back") == "sea" and not s.get("revealed") for s in view["trail"])
    if kind == "hypnosis":
        return view.get("dracula_place") is None
    if kind == "stormy_seas":
        return sum(w for p, w in believed.items() if board.is_sea(p)) >= 0.35
    if kind == "sense_of_emergency":
        return _rush_pays(memory, who)
    if kind == "good_luck":
        ally = (view.get("allies") or {}).get("dracula")
        return ally is not None
    if kind == "blood_transfusion":
        me = _hunter(view, who)
        return any(h["place"] == me.get("place") and h["id"] != who and h["bites"] > 0
                   for h in view["hunters"]) and int(me.get("health", 0)) >= 5
    return False


# --- windows and questions ----------------------------------------------------------------


def _window(memory: Memory, offered: list[Offer]) -> Offer:
    """An event card's moment in somebody's turn: play it when it helps, else nothing."""
    view = memory.view
    plays = [o for o in offered if o["action"] == "play_event"]
    passing = next((o for o in offered if o["action"] == "pass"), None)
    heading = offered[0].get("group", "")
    best: Offer | None = None
    for o in plays:
        kind = cards.kind(o["params"]["card"])
        if kind == "good_luck" and "cancel" in heading:
            just = view.get("just") or {}
            played = next((k for k in CANCEL if cards.event_name(k) == just.get("name")), None)
            if played is not None and CANCEL[played] >= 5:
                best = o
        elif kind == "forewarned":
            name = (view.get("just") or {}).get("name", "")
            if DANGEROUS.get(name, 0) >= 5 or (name == "New Vampire"
                                                and not view["time"]["night"]):
                best = o
        elif kind == "chartered_carriage":
            best = o
        elif kind == "secret_weapon":
            continue
        elif kind != "good_luck" and _worth_playing(memory, o["params"]["card"],
                                                    o["params"].get("hunter")):
            best = o
        if best is not None:
            return best
    return passing or offered[0]


def _least(offered: list[Offer], view: dict[str, Any]) -> Offer:
    """The hand limit: give up the card worth least."""
    return min(offered, key=lambda o: (card_worth(o["params"]["card"]), o["params"]["card"]))


def _answer(memory: Memory, offered: list[Offer], rng: Random) -> Offer:
    view = memory.view
    heading = offered[0].get("group", "")
    keys = {o["params"]["key"]: o for o in offered}
    believed = memory.belief.where()
    trail = _trail_targets(memory)

    def likeliest(exclude: set[str] | None = None) -> Offer:
        return max(offered, key=lambda o: (believed.get(o["params"]["key"], 0.0)
                                           + trail.get(o["params"]["key"], 0.0),
                                           o["params"]["key"]))
    if heading.startswith(("Hired Scouts", "Consecrated Ground", "Stormy Seas: which")):
        return likeliest()
    if heading.startswith("A card is offered"):
        return keys.get("yes", offered[0])
    if heading.startswith("Before the combat"):
        return _before_combat(memory, offered)
    if heading.startswith(("Bitten: which card", "Discard a card", "Secret Weapon: which item "
                           "do you give")):
        return min(offered, key=lambda o: (card_worth(o["params"]["key"].rpartition("|")[2]),
                                           o["params"]["key"]))
    if heading.startswith(("Re-Equip: which", "Surprising Return", "Secret Weapon: which item "
                           "from")):
        return max(offered, key=lambda o: (card_worth(o["params"]["key"]), o["params"]["key"]))
    if heading.startswith("Re-Equip: discard"):
        items = _kinds(_hand(view, _who(view)), "item_cards")
        weak = any(ITEM_WORTH.get(k, 0) < 5 for k in items)
        return keys.get("yes" if weak else "no", offered[0])
    if heading.startswith("The New Vampire flees"):
        knife = [o for o in offered if cards.kind(o["params"]["key"]) == "knife"]
        return knife[0] if knife else offered[-1]
    if heading.startswith("Blood Transfusion"):
        health = {h["id"]: h["health"] for h in view["hunters"]}
        return max(offered, key=lambda o: (health.get(o["params"]["key"], 0),
                                           o["params"]["key"]))
    if heading.startswith("Good Luck"):
        return next((o for o in offered if "ally" in o["params"]["key"]), offered[0])
    if heading.startswith("You won the round"):
        return offered[0]
    fair = partner.answer(offered, view, memory.changes, memory.losses)
    if fair is not None:
        return fair
    if heading.startswith("Spy"):
        return likeliest()
    return offered[0]


def _before_combat(memory: Memory, offered: list[Offer]) -> Offer:
    view = memory.view
    fight = view.get("combat") or {}
    against_dracula = fight.get("enemy_kind") == "dracula"
    mine = [f["id"] for f in fight.get("fighters", []) if f.get("mine")]
    who = mine[0] if mine else _who(view)
    none = next((o for o in offered if o["params"]["key"] == "none"), offered[-1])
    for o in offered:
        card = o["params"]["key"].rpartition("|")[2]
        kind = cards.kind(card)
        if kind == "escape_route" and not fight_pays(view, who, len(mine)) and against_dracula:
            return o
        if kind in ("advance_planning", "garlic") and against_dracula:
            return o
        if kind == "heroic_leap" and against_dracula and int(view.get("blood", 15)) <= 4 \
                and int(_hunter(view, who).get("health", 0)) >= 7:
            return o
    return none


# --- the action phase ------------------------------------------------------------------------


def _act(memory: Memory, offered: list[Offer]) -> Offer:
    view = memory.view
    health = {h["id"]: (h["health"], h["max_health"]) for h in view["hunters"]}
    for o in offered:
        if o["action"] == "rest":
            now, top = health[o["params"]["hunter"]]
            if now <= top // 2 or now <= 4:
                return o
    supplies = [o for o in offered if o["action"] == "supply"]
    for what in ("both", "item", "event"):
        for o in supplies:
            if o["params"]["what"] == what and _room(view, o["params"]["hunter"], what):
                return o
    for o in offered:
        if o["action"] == "rest":
            now, top = health[o["params"]["hunter"]]
            if now < top:
                return o
    return next(o for o in offered if o["action"] == "end_turn")


def _room(view: dict[str, Any], hunter: str, what: str) -> bool:
    hand = _hand(view, hunter)
    items, events = len(hand.get("item_cards", [])), len(hand.get("event_cards", []))
    limit_items, limit_events = (int(n) for n in (hand.get("limits") or [3, 3])[:2])
    if what == "item":
        return items < limit_items
    if what == "event":
        return events < limit_events
    return items < limit_items or events < limit_events


# --- the fight -------------------------------------------------------------------------------


def _tactic(memory: Memory, offered: list[Offer]) -> Offer:
    view = memory.view
    fight = view.get("combat") or {}
    night = bool(view["time"]["night"])
    against = fights.enemy_cards(fight, night)
    blood = int(view.get("blood", 15))
    mine = [o for o in offered if o["action"] == "tactic"]
    fighter = mine[0]["params"]["fighter"]
    mine = [o for o in mine if o["params"]["fighter"] == fighter]
    hunter = _hunter(view, fighter)
    plus = 1 if fight.get("planning") else 0
    theirs = 1 if fight.get("trap") else 0

    def worth(o: Offer) -> tuple[float, str]:
        kind = cards.kind(o["params"]["card"])
        return (fights.tactic_value(kind, against, hunter, blood, plus, theirs)
                + 0.05 * (kind == "punch"), o["params"]["card"])
    return max(mine, key=worth)

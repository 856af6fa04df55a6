"""The hunters' policies for simulated games: what Dracula is measured against.

- **random**: any offered action, uniformly (never the corrections by hand).
- **searching**: the hunters start spread over the map; each turn a hunter goes where the
  public belief puts Dracula most likely within his reach (a train when the likely places
  are far), so that his search there finds Dracula or his trail; he rests when hurt,
  gathers supplies otherwise, spends resolve on Newspaper Reports, and fights with his best
  weapon.

- **tracking** (``tracking.py``): the strongest — the public belief, their own hands and
  cards played at their moments, the hand limit kept, fights chosen and fought by the
  printed result tables.

Like Dracula's automa they read only their own seat's view, the public belief and the
offered actions.
"""

from __future__ import annotations

from typing import Any

from companion.games.fury import board, cards
from companion.games.fury.automa import reach, tracking
from companion.games.fury.automa.memory import Memory, Random, pick

Offer = dict[str, Any]
POLICIES = ("random", "searching", "tracking")

WEAPONS = ("stake", "rifle", "sacred_bullets", "pistol", "knife", "crucifix", "holy_water",
           "heavenly_host", "punch", "dodge", "escape")
"""A searching hunter's tactics, best first."""


def decide(memory: Memory, offered: list[Offer], rng: Random, policy: str
           ) -> dict[str, Any] | None:
    """A hunter player's action: one of ``offered``, as ``{"action", "params"}``; None when
    the game does not wait for this seat and it lets its optional offers pass (a card it
    could play for another player's hunter), as a person who says nothing."""
    choices = [o for o in offered if not o["action"].startswith("hand_")]
    done = [o for o in offered if o["action"] == "hand_done"]
    if not choices:
        choices = done or offered
    if policy == "tracking":
        picked = tracking.decide(memory, choices, rng)
    elif not tracking.waited(memory.view):
        picked = None
    elif policy == "random":
        picked = pick(choices, rng)
    else:
        picked = _searching(memory, choices, rng)
    if picked is None:
        return None
    return {"action": picked["action"], "params": dict(picked["params"])}


def _searching(memory: Memory, offered: list[Offer], rng: Random) -> Offer:
    view = memory.view
    names = {o["action"] for o in offered}
    if "start_at" in names:
        return _spread(offered, view)
    if "tactic" in names:
        return _fight(offered, view)
    if names & {"travel", "stay", "train"} and not names & {"pass", "choose", "discard"}:
        return _move(memory, offered, rng)
    if "resolve" in names:
        news = [o for o in offered if o["params"].get("ability") == "newspaper_reports"]
        if news:
            return news[0]
    if "to_movement" in names:
        return next(o for o in offered if o["action"] == "to_movement")
    if "go" in names:
        believed = memory.belief.where()
        return max(offered, key=lambda o: (believed.get(o["params"]["place"], 0.0),
                                           o["params"]["place"]))
    if names & {"rest", "supply", "end_turn"}:
        return _act(offered, view)
    if "pass" in names:
        return next(o for o in offered if o["action"] == "pass")
    if "choose" in names:
        return offered[0]
    return pick(offered, rng)


def _spread(offered: list[Offer], view: dict[str, Any]) -> Offer:
    """Far from the hunters already placed, in a city with many links."""
    placed = [h["place"] for h in view["hunters"] if h["place"]]

    def key(o: Offer) -> tuple[int, int, str]:
        place = o["params"]["place"]
        near = min((reach.steps(p, place) for p in placed), default=9)
        links = len(board.ROAD[place]) + len(board.RAIL[place]) + len(board.SEA[place])
        return (min(near, 4), links, place)
    return max(offered, key=key)


def _next_round(believed: dict[str, float], hunters: set[str]) -> dict[str, float]:
    """Where Dracula may be after his next move: each place he may be now spreads over
    itself and its neighbours by road and sea (not into a hunter's city, where he would
    have to fight)."""
    out: dict[str, float] = {}
    for place, weight in believed.items():
        spots = [q for q in (place, *sorted(board.neighbours(place)))
                 if q not in hunters and q != board.HOSPITAL]
        for q in spots:
            out[q] = out.get(q, 0.0) + weight / len(spots)
    return out


def _move(memory: Memory, offered: list[Offer], rng: Random) -> Offer:
    """Search where Dracula most likely is now; else stand where the places he may move to
    next are within reach and not already within another hunter's."""
    view = memory.view
    believed = memory.belief.where()
    trail_cards = memory.belief.places()
    turn = view.get("turn") or {}
    who = turn.get("who")
    here = next((h["place"] for h in view["hunters"] if h["id"] == who), None)
    others = [h["place"] for h in view["hunters"] if h["id"] != who and h["place"]
              and h["place"] != board.HOSPITAL]
    upcoming = _next_round(believed, set(others) | ({here} if here else set()))
    covered = {q: max((reach.reach(p).get(q, 0.0) for p in others), default=0.0)
               for q in upcoming}

    def score(place: str) -> float:
        now = 0.0 if board.is_sea(place) else (
            2.0 * believed.get(place, 0.0) + 0.5 * trail_cards.get(place, 0.0))
        mine = reach.reach(place)
        later = sum(w * mine.get(q, 0.0) * (1.0 - covered[q]) for q, w in upcoming.items())
        return now + later

    options: list[tuple[float, str, Offer]] = []
    for o in offered:
        if o["action"] == "travel":
            options.append((score(o["params"]["to"]), o["params"]["to"], o))
        elif o["action"] == "stay" and here:
            options.append((score(here) - 1e-6, here, o))
    best = max(options, key=lambda item: (item[0], item[1]), default=None)
    train = next((o for o in offered if o["action"] == "train" and not o["params"]["carriage"]),
                 None)
    if train is not None and here is not None and believed:
        likely = max(believed, key=lambda p: (believed[p], p))
        if reach.steps(here, likely) >= 3 and (best is None or best[0] < 0.05):
            return train
    if best is None:
        calm = [o for o in offered if o["action"] != "join"]
        return pick(calm or offered, rng)
    return best[2]


def _act(offered: list[Offer], view: dict[str, Any]) -> Offer:
    health = {h["id"]: (h["health"], h["max_health"], h["item_count"]) for h in view["hunters"]}
    for o in offered:
        if o["action"] == "rest":
            now, top, _ = health[o["params"]["hunter"]]
            if now <= top // 2:
                return o
    supplies = [o for o in offered if o["action"] == "supply"]
    for what in ("both", "item", "event"):
        for o in supplies:
            if o["params"]["what"] == what:
                return o
    return next(o for o in offered if o["action"] == "end_turn")


def _fight(offered: list[Offer], view: dict[str, Any]) -> Offer:
    mine = [o for o in offered if o["action"] == "tactic"]
    for kind in WEAPONS:
        for o in mine:
            if cards.kind(o["params"]["card"]) == kind or o["params"]["card"] == kind:
                return o
    return mine[0] if mine else offered[0]

"""The hunters' policies for simulated games: what Dracula is measured against.

- **random**: any offered action, uniformly (never the corrections by hand).
- **searching**: the hunters start spread over the map; each turn a hunter goes where the
  public belief puts Dracula most likely within his reach (a train when the likely places
  are far), so that his search there finds Dracula or his trail; he rests when hurt,
  gathers supplies otherwise, spends resolve on Newspaper Reports, and fights with his best
  weapon.

Like Dracula's automa they read only their own seat's view, the public belief and the
offered actions.
"""

from __future__ import annotations

from typing import Any

from companion.games.fury import board, cards
from companion.games.fury.automa import reach
from companion.games.fury.automa.play import Memory, Random, pick

Offer = dict[str, Any]
POLICIES = ("random", "searching")

WEAPONS = ("stake", "rifle", "sacred_bullets", "pistol", "knife", "crucifix", "holy_water",
           "heavenly_host", "punch", "dodge", "escape")
"""A searching hunter's tactics, best first."""


def decide(memory: Memory, offered: list[Offer], rng: Random, policy: str) -> dict[str, Any]:
    """A hunter player's action: one of ``offered``, as ``{"action", "params"}``."""
    choices = [o for o in offered if not o["action"].startswith("hand_")]
    done = [o for o in offered if o["action"] == "hand_done"]
    if not choices:
        choices = done or offered
    picked = pick(choices, rng) if policy == "random" else _searching(memory, choices, rng)
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


def _targets(memory: Memory) -> dict[str, float]:
    """How much a search of each place is worth: Dracula there, or a card of his trail."""
    believed = memory.belief.where()
    cards_there = memory.belief.places()
    out = {p: 2.0 * w for p, w in believed.items()}
    for p, w in cards_there.items():
        out[p] = out.get(p, 0.0) + 0.5 * w
    return out


def _score(place: str, targets: dict[str, float]) -> float:
    here = targets.get(place, 0.0) if not board.is_sea(place) else 0.0
    near = sum(w / (1 + reach.steps(place, p)) ** 2 for p, w in targets.items())
    return here + 0.2 * near


def _move(memory: Memory, offered: list[Offer], rng: Random) -> Offer:
    targets = _targets(memory)
    view = memory.view
    turn = view.get("turn") or {}
    mover = next((h for h in view["hunters"] if h["id"] == turn.get("who")), None)
    here = mover["place"] if mover else None
    options: list[tuple[float, Offer]] = []
    for o in offered:
        if o["action"] == "travel":
            options.append((_score(o["params"]["to"], targets), o))
        elif o["action"] == "stay" and here:
            options.append((_score(here, targets) - 0.01, o))
    best = max(options, key=lambda item: item[0], default=None)
    train = next((o for o in offered if o["action"] == "train" and not o["params"]["carriage"]),
                 None)
    if train is not None and here is not None and targets:
        far = max(targets, key=lambda p: targets[p])
        if reach.steps(here, far) >= 3 and (best is None or best[0] < 0.5 * targets[far]):
            return train
    if best is None:
        calm = [o for o in offered if o["action"] != "join"]
        return pick(calm or offered, rng)
    return best[1]


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

#!/usr/bin/env python3
"""What asking from public facts costs a Fury table (issue 40): taps and waiting per round.

Since issue 40 a window (may a card be played now?) is asked of every seat that *might* hold
a fitting card — judged from the tablet: a hand holding event cards — all at once, instead
of only the seats that do hold one, one after another. This plays seeded games of a
4-player Fury table through the rules alone (no server) and counts, per round:

- taps, all seats together, and the questions that asked for a card (event windows and the
  cards before a combat);
- seconds of waiting, by a simple model of a table: a tap by the seat that tapped last costs
  ``--tap`` seconds, a tap by another seat ``--handover`` seconds (the phone must be noticed
  and read); seats asked the same window at once answer together, so the window costs one
  hand-over, not one a seat;
- with ``--habit``, each player answers the first window of a turn with "No card until this
  turn ends" (a player who holds nothing for the moment would).

Each seat picks at random among what it is offered (corrections by hand left out), answers a
window with a card it may play there one time in three, else "Play nothing" — the same
policy for any tree. Run it against an older checkout to compare, e.g.::

    .venv/bin/python bench/asking.py --games 40
    .venv/bin/python bench/asking.py --games 40 --tree ../base     # the tree before

Random play taps more than people do (it wanders), so compare runs with each other, not
with a table. Not a test: nothing fails on a figure.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
from typing import Any


def _load(tree: Path) -> tuple[Any, Any]:
    sys.path.insert(0, str(tree.resolve()))
    from companion.fairplay import fairness
    from companion.games.fury import rules

    return rules, fairness


def _window_seats(item: dict[str, Any]) -> list[int]:
    """Who a window asks: all at once (``seats``, issue 40) or one (``seat``, before)."""
    return list(item.get("seats", [item.get("seat")]))


def _asks_for_a_card(item: dict[str, Any] | None) -> bool:
    return item is not None and (item["kind"] == "window" or item.get("question") ==
                                 "combat_window")


def play(rules: Any, fairness: Any, seed: int, players: int, habit: bool, tap: float,
         handover: float, max_steps: int) -> dict[str, float]:
    chooser = random.Random(seed)
    key = f"{seed:064x}"
    options = rules.default_options()
    options["players"] = players
    state = rules.setup(options, fairness.random_for(key, [], 0))
    last: int | None = None
    together: tuple[int, ...] | None = None
    """The window asked of several seats at once whose hand-over is paid."""
    passed: set[tuple[int, int, str]] = set()
    out = {"taps": 0.0, "questions": 0.0, "seconds": 0.0, "handovers": 0.0}
    for step in range(1, max_steps + 1):
        if rules.result(state) is not None:
            break
        offers = {s: [a for a in rules.actions(state, s) if a.action != "hand_open"]
                  for s in range(players)}
        movers = [s for s, offered in offers.items() if offered]
        if not movers:
            break
        head = state["queue"][0] if state["queue"] else None
        seat = chooser.choice(movers)
        offered = offers[seat]
        names = {a.action for a in offered}
        turn = state["turn"] or {}
        mark = (state["round"], seat, str(turn.get("who")))
        if "pass" in names or any(a.params.get("key") in ("none",) for a in offered):
            cards = [a for a in offered if a.action == "play_event" or (
                a.action == "choose" and a.params.get("key") not in ("none", "none_turn"))]
            if cards and chooser.random() < 1 / 3:
                action = chooser.choice(cards)
            elif habit and mark not in passed and any(
                    a.action == "pass_turn" or a.params.get("key") == "none_turn"
                    for a in offered):
                action = next(a for a in offered if a.action == "pass_turn"
                              or a.params.get("key") == "none_turn")
                passed.add(mark)
            else:
                action = next(a for a in offered if a.action == "pass"
                              or a.params.get("key") == "none")
        else:
            action = chooser.choice(offered)
        asked_at_once = tuple(_window_seats(head)) if head and head["kind"] == "window" \
            else None
        if _asks_for_a_card(head):
            out["questions"] += 1
            name = "window " + head.get("window", "before a combat") if head["kind"] == \
                "window" else "before a combat"
            out[name] = out.get(name, 0.0) + 1
        if asked_at_once and len(asked_at_once) > 1 and together == asked_at_once:
            cost = 0.0
        elif last is None or seat != last:
            cost = handover
            out["handovers"] += 1
        else:
            cost = tap
        together = asked_at_once if asked_at_once and len(asked_at_once) > 1 else None
        out["seconds"] += cost
        out["taps"] += 1
        last = seat
        posted = {"action": action.action, "params": dict(action.params)}
        state = rules.apply(state, seat, posted, fairness.random_for(key, [], step)).state
    rounds = max(1, state["round"])
    return {k: v / rounds for k, v in out.items()} | {"rounds": float(rounds)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="the checkout whose rules are played (default: this one)")
    parser.add_argument("--habit", action="store_true",
                        help='answer the first window of a turn "no card until it ends"')
    parser.add_argument("--tap", type=float, default=2.0)
    parser.add_argument("--handover", type=float, default=5.0)
    parser.add_argument("--max-steps", type=int, default=3000)
    args = parser.parse_args()
    rules, fairness = _load(args.tree)
    runs = [play(rules, fairness, seed, args.players, args.habit, args.tap, args.handover,
                 args.max_steps) for seed in range(args.games)]
    mean = {k: statistics.fmean(r.get(k, 0.0) for r in runs) for r in runs for k in r}
    print(f"{args.tree.resolve().name}: {args.games} games of {args.players} players"
          f"{' (habit)' if args.habit else ''}, {mean['rounds']:.1f} rounds on average")
    print(f"  per round: {mean['taps']:.1f} taps, {mean['questions']:.1f} asked for a card, "
          f"{mean['handovers']:.1f} hand-overs, {mean['seconds']:.0f} s of waiting "
          f"(tap {args.tap:g} s, hand-over {args.handover:g} s)")
    asked = sorted((k for k in mean if k.startswith(("window", "before"))),
                   key=lambda k: -mean[k])
    print("  questions per round: " + ", ".join(f"{k} {mean[k]:.2f}" for k in asked))


if __name__ == "__main__":
    main()

"""Positions of Fury of Dracula built by playing the rulebook's setup, for the rule tests."""

from __future__ import annotations

from typing import Any

from companion.games.fury import rules
from companion.games.fury.cards import HUNTERS
from tests.playing import rng_for

STARTS = {"godalming": "paris", "seward": "london", "van_helsing": "rome", "mina": "vienna"}


class Table:
    """A game driven action by action, each with the next step's randomness."""

    def __init__(self, players: int = 3, seed: int = 7, **options: Any) -> None:
        opts = rules.default_options()
        opts.update(options, players=players)
        rules.validate(opts)
        self.seed = f"{seed:064x}"
        self.step = 0
        self.state = rules.setup(opts, rng_for(0, self.seed))
        self.log: list[dict[str, Any]] = []

    def act(self, seat: int, action: str, **params: Any) -> Table:
        self.step += 1
        applied = rules.apply(self.state, seat, {"action": action, "params": params},
                              rng_for(self.step, self.seed))
        self.state = applied.state
        self.log = applied.log
        return self

    def settle(self) -> Table:
        """Get past whatever a drawn card set waiting: outcomes by hand are confirmed, chances
        to play a card are passed, a card's questions take their first answer."""
        while self.state["queue"]:
            item = self.state["queue"][0]
            if item["kind"] == "by_hand":
                self.act(next(s for s in item["seats"] if s not in item["done"]), "hand_done")
            elif item["kind"] == "window":
                self.act(item["seats"][0], "pass")
            elif item["kind"] == "choice":
                self.act(item["seat"], "choose", key=self.names(item["seat"], "choose")[0]["key"])
            else:
                break
        return self

    def settle_to(self, question: str) -> Table:
        """Pass every window until ``question`` heads the queue."""
        while self.state["queue"] and self.state["queue"][0].get("question") != question:
            item = self.state["queue"][0]
            assert item["kind"] == "window", item
            self.act(item["seats"][0], "pass")
        return self

    def seat_of(self, hunter: str) -> int:
        return self.state["control"][hunter]

    def legal(self, seat: int) -> list[dict[str, Any]]:
        return [{"action": a.action, **a.params} for a in rules.actions(self.state, seat)]

    def names(self, seat: int, action: str) -> list[Any]:
        return [a.params for a in rules.actions(self.state, seat) if a.action == action]

    def texts(self) -> list[str]:
        return [entry["text"] for entry in self.log]

    def place_hunters(self, places: dict[str, str] | None = None) -> Table:
        for hunter in HUNTERS:
            self.act(self.seat_of(hunter), "start_at", place=(places or STARTS)[hunter])
        return self

    def start(self, dracula_at: str = "munich", places: dict[str, str] | None = None) -> Table:
        self.place_hunters(places)
        self.act(0, "start_at", place=dracula_at)
        return self

    def hunter_turn(self, hunter: str) -> dict[str, Any]:
        turn = self.state["turn"]
        assert turn["who"] == hunter, turn
        return turn

    def go_on(self, seat: int) -> Table:
        """Past the start of a turn: its "Go on" where one is offered (a hunter at sea or
        carried by Bats); elsewhere the moves stand beside the start's choices (issue 40), so
        the move itself ends the start."""
        for action in ("to_movement", "to_time"):
            if self.names(seat, action):
                return self.act(seat, action)
        return self

    def idle_step(self, seat: int, stage: str) -> Table:
        """The plainest step of a hunter's turn: stay (at the start too, where the moves are
        offered), or go on, or end the turn."""
        if stage == "start" and self.names(seat, "stay"):
            return self.act(seat, "stay")
        return self.act(seat, {"start": "to_movement", "move": "stay", "act": "end_turn"}[stage])

    def until_turn(self, hunter: str) -> Table:
        """Everyone stays until ``hunter``'s turn begins."""
        while self.state["turn"]["who"] != hunter:
            turn = self.state["turn"]
            self.idle_step(self.seat_of(turn["who"]), turn["stage"])
        return self

    def pass_hunters(self) -> Table:
        """Every hunter stays where he is and ends his turn, up to Dracula's movement."""
        while self.state["turn"]["who"] != "dracula":
            turn = self.state["turn"]
            seat = self.seat_of(turn["who"])
            if turn["stage"] in ("start", "move", "act"):
                self.idle_step(seat, turn["stage"])
            else:
                raise AssertionError(f"unexpected stage {turn['stage']}")
        return self


def dracula_moves(table: Table) -> set[tuple[str, str]]:
    return {(p["to"], p["power"]) for p in table.names(0, "move")}

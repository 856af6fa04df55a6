"""Dead Man's Draw: the piles that tests/test_conformance.py empties in random positions, to
show that an empty pile brings a refusal with a sentence, never an error."""

from __future__ import annotations

from collections.abc import Callable

from companion.games.base import State


def empty_piles(state: State, chosen: Callable[[int], bool]) -> None:
    """The draw pile, the discard pile, every bank and the characters nobody was dealt. The
    card a waiting Crystal Ball shows stays on the draw pile: „Otočte vrchní kartu z
    doplňovacího balíčku … Je-li křišťálová koule poslední kartou z doplňovacího balíčku,
    nemá žádný efekt.“ The Ball waits only over a card, and nothing draws before it is
    answered, so no game reaches a Ball over an empty pile."""
    ball = any(frame["kind"] == "ball" for frame in state["turn"]["pending"])
    piles = [state["deck"], state["discard"], state["pool"], *state["banks"]]
    for i, pile in enumerate(piles):
        if chosen(i):
            del pile[1 if ball and pile is state["deck"] else 0:]

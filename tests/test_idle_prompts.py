"""No question without a choice (issue 32): over seeded random games of every game, no seat
is stopped by a prompt whose only answer is "play nothing", "go on" or "end the turn".

Each game's ``MOVES`` says which moves only say that (``Move.idle``) and which are
corrections always on offer (``Move.correction``); ``tests/idle.py`` plays the games and
``bench/taps.py`` reports the taps per round per seat they ask. Each game is played at its
fewest seats, its most and a count between (``tests.playing.seat_counts``).
"""

from __future__ import annotations

import pytest

from companion.games import GAMES
from tests.idle import played
from tests.playing import seat_counts


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_prompt_offers_only_nothing(name: str) -> None:
    """Every tap a real choice: a window only for a seat holding a card that fits, a turn
    with nothing left but ending it ends by itself."""
    game = GAMES[name]
    idle: dict[str, int] = {}
    for players in seat_counts(game):
        for seed in range(3):
            _state, tally = played(game, seed, players, max_steps=700)
            assert set(tally.taps) == set(range(players)), (
                f"{name}, {players} seats, seed {seed}: only seats {sorted(tally.taps)} were "
                "asked anything, so the game was not played")
            for label, count in tally.idle.items():
                idle[label] = idle.get(label, 0) + count
    assert idle == {}, f"prompts with no choice in {name}: {idle}"

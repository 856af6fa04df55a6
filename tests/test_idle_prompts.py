"""No question without a choice (issue 32): over seeded random games of every game, no seat
is stopped by a prompt whose only answer is "play nothing", "go on" or "end the turn".

``tests/idle.py`` says which answers are idle in each game and which questions are asked of
every seat on purpose (a secret choice made by all at once). ``bench/taps.py`` reports the
taps per round per seat that these games ask.
"""

from __future__ import annotations

import pytest

from companion.games import GAMES
from tests.idle import played

PLAYERS = {"fury": (2, 3, 5), "deadmans": (2, 4), "drakula": (2,), "duel": (2,),
           "hera_zeus": (2,), "kit": (2,)}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_prompt_offers_only_nothing(name: str) -> None:
    """Every tap a real choice: a window only for a seat holding a card that fits, a turn
    with nothing left but ending it ends by itself."""
    game = GAMES[name]
    idle: dict[str, int] = {}
    taps = 0
    for players in PLAYERS[name]:
        for seed in range(3):
            _state, tally = played(game, seed, players, max_steps=700)
            taps += sum(tally.taps.values())
            for label, count in tally.idle.items():
                idle[label] = idle.get(label, 0) + count
    assert taps > 10 * 3 * len(PLAYERS[name]), "the random games must have been played"
    assert idle == {}, f"prompts with no choice in {name}: {idle}"

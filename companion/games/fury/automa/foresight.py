"""Where the hunters will search next, worked out as good hunters would from the public record.

After his move Dracula knows exactly what the hunters believe (the belief is made of public
facts), where each of them stands and how many items each holds; he does not know their
cards. So he can run their own reasoning: each hunter weighs every place within his reach
as the tracking hunters do (``tracking.search_worth``: Dracula there, his trail cards there,
Dracula's next places covered), and picks among them the better the more they are worth
(a soft choice, since a hunter's cards and his player's mind are unknown). What comes out
is, for each place, the chance that some hunter searches it before Dracula moves again.
"""

from __future__ import annotations

import math
from typing import Any

from companion.games.fury import board
from companion.games.fury.automa import reach, tracking

SOFTNESS = 0.25
"""How loosely a hunter follows the best place: the spread of his choice (in the worth's
units, about a trail card's worth)."""
AVOID = -2.0
"""What meeting Dracula is worth to a hunter who would rather not (unarmed, at night)."""


def searched(believed: dict[str, float], trail: dict[str, float],
             hunters: list[dict[str, Any]], night: bool) -> dict[str, float]:
    """The chance that each place is searched next turn by at least one hunter."""
    places = [h["place"] for h in hunters if h["place"] and h["place"] != board.HOSPITAL]
    missed: dict[str, float] = {}
    for h in hunters:
        here = h["place"]
        if not here or here == board.HOSPITAL:
            continue
        others = list(places)
        others.remove(here)
        upcoming, covered = tracking.coverage(believed, places, others)
        armed = int(h.get("item_count", 0)) >= (2 if night else 1)
        meet = tracking.MEET if armed else AVOID
        within = reach.reach(here)
        worth = {q: tracking.search_worth(q, believed, trail, upcoming, covered, meet)
                 for q in within}
        top = max(worth.values())
        weights = {q: within[q] * math.exp((worth[q] - top) / SOFTNESS) for q in within}
        total = sum(weights.values())
        for q, w in weights.items():
            if board.is_sea(q):
                continue
            missed[q] = missed.get(q, 1.0) * (1.0 - w / total)
    return {q: 1.0 - m for q, m in missed.items()}

"""Dracula played by the app (issue 33): honest by construction.

The automa decides from what Dracula's own phone shows — ``view(state, DRACULA)`` — the log
lines Dracula may read, and the actions offered to him; it is never handed the game state.
So that this holds by construction, the modules of this package import only the map and
the printed cards (``companion.games.fury.board``, ``companion.games.fury.cards``), the
game contract's plain types (``companion.games.base``), each other and the standard
library — nothing that reads a state (tests/test_automa_honest.py holds them to it).

- ``public``: a screen's public part (the trail's backs and handles, the hunters' places,
  revealed cards) and the public log lines turned into observations of what the hunters
  may deduce;
- ``belief``: the forward filter over those observations — every (place, trail, catacombs,
  Hide) the hunters cannot rule out, merged, with weights;
- ``reach``: where the hunters can be next turn, and the chance that they search a place;
- ``dracula``: the three levels (Wandering, Cautious, Cunning) and every decision the rules
  give Dracula;
- ``hunters``: the hunters' policies for simulated games (random legal, searching);
- ``play``: the entry point — ``remember`` folds one moment into the automa's memory,
  ``decide`` picks one of the offered actions.
"""

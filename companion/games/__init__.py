"""The registry of games: each entry is a module that follows ``companion.games.base``
(mypy checks each against its ``Game`` protocol).

Built-in games are listed explicitly, in lobby order; a new game is its folder beside
these and one line here (``README.md`` here shows the folder).

The rules are the bottom layer: a game may import the standard library,
``companion.games``, ``companion.caches`` and ``companion.fastjson``; no Flask, no
database, no clock and no global random (tests/test_meta.py, tests/test_layers.py).
"""

from __future__ import annotations

from companion.games.base import Game
from companion.games.deadmans import rules as deadmans
from companion.games.drakula import rules as drakula
from companion.games.duel import rules as duel
from companion.games.fury import rules as fury
from companion.games.hera_zeus import rules as hera_zeus
from companion.games.kit import rules as kit

GAME_MODULES: tuple[Game, ...] = (
    kit,
    duel,
    deadmans,
    drakula,
    fury,
    hera_zeus,
)

GAMES: dict[str, Game] = {module.NAME: module for module in GAME_MODULES}

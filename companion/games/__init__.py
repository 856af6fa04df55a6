"""The registry of games: each entry is a module that follows ``companion.games.base``
(mypy checks each against its ``Game`` protocol).

Built-in games are listed explicitly, in lobby order; a new game is its folder beside
these and one line here (``README.md`` here shows the folder). Each rules module is
imported under a name of its own (``duel_rules``), never the package's: bound to
``duel`` here it would hide the package ``companion.games.duel``, and
``import companion.games.duel.rules`` would fail.

The rules are the bottom layer: a game may import the standard library,
``companion.games``, ``companion.caches`` and ``companion.fastjson``; no Flask, no
database, no clock and no global random (tests/test_meta.py, tests/test_layers.py).
"""

from __future__ import annotations

from companion.games.base import Game
from companion.games.deadmans import rules as deadmans_rules
from companion.games.drakula import rules as drakula_rules
from companion.games.duel import rules as duel_rules
from companion.games.fury import rules as fury_rules
from companion.games.hera_zeus import rules as hera_zeus_rules
from companion.games.kit import rules as kit_rules

GAME_MODULES: tuple[Game, ...] = (
    kit_rules,
    duel_rules,
    deadmans_rules,
    drakula_rules,
    fury_rules,
    hera_zeus_rules,
)

GAMES: dict[str, Game] = {module.NAME: module for module in GAME_MODULES}

"""A game's own templates and static files, read from its folder: a game is one folder
(``companion/games/<game>/``), and the web layer keeps no line per game.

A game's folder is the folder of the module the registry holds (``companion.games.GAMES``),
wherever that is. In it:

- ``templates/``: the game's screens under the names the app's templates include them by,
  ``games/<game>/_seat.html`` being the folder's ``templates/_seat.html`` (``_table.html``
  likewise; without them a screen falls back to ``companion/templates/games/_generic_*.html``);
- ``static/``: its styles and images, served at ``/static/games/<game>/<file>``; the styles
  are ``static/game.css``, linked by every page of its tables when the file is there.

Only these two folders are read: nothing else of a game (its code, its data, its
playthroughs) is ever served.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from jinja2 import BaseLoader, ChoiceLoader, Environment, FileSystemLoader, TemplateNotFound

from companion.games import GAMES

PREFIX = "games/"
"""Where a game's templates and static files are named: ``games/<game>/<file>``."""
STYLES = "game.css"


def folder(name: str) -> Path | None:
    """The folder of game ``name`` (that of its registered module), or None if no game is
    registered by that name."""
    game = GAMES.get(name)
    if game is None:
        return None
    where = getattr(game, "__file__", None)
    return Path(where).parent if where else None


def split(name: str) -> tuple[Path, str] | None:
    """``games/<game>/<rest>`` as (the game's folder, ``<rest>``); None for any other name,
    or a game that is not registered."""
    if not name.startswith(PREFIX):
        return None
    game, _, rest = name[len(PREFIX):].partition("/")
    found = folder(game) if rest else None
    return (found, rest) if found is not None else None


class GameTemplates(BaseLoader):
    """Jinja's loader for ``games/<game>/...``: the file in that game's ``templates/``."""

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        found = split(template)
        if found is None:
            raise TemplateNotFound(template)
        game_folder, rest = found
        return FileSystemLoader(game_folder / "templates").get_source(environment, rest)


def with_game_templates(loader: BaseLoader | None) -> BaseLoader:
    """The app's template loader with every game's templates before it."""
    return ChoiceLoader([GameTemplates(), *([loader] if loader is not None else [])])


def static_folder(name: str) -> tuple[Path, str] | None:
    """A static file's name (as ``asset`` takes it) as the folder it is in and its name
    there, when it is a game's (``games/<game>/<file>``)."""
    found = split(name)
    return (found[0] / "static", found[1]) if found is not None else None


def static_files() -> list[tuple[str, Path]]:
    """Every game's static files: each one's name (as ``asset`` takes it) and its path."""
    files = []
    for name in GAMES:
        game_folder = folder(name)
        static = game_folder / "static" if game_folder else None
        if static is None or not static.is_dir():
            continue
        files += [(f"{PREFIX}{name}/{p.relative_to(static).as_posix()}", p)
                  for p in sorted(static.rglob("*")) if p.is_file()]
    return files


def styles(name: str) -> str | None:
    """The name of game ``name``'s styles (as ``asset`` takes it), or None if it has none."""
    found = folder(name)
    if found is None or not (found / "static" / STYLES).is_file():
        return None
    return f"{PREFIX}{name}/{STYLES}"

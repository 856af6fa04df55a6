"""Which compiled extension modules are loaded from outside the standard library: the
pure-Python mode (issue 43) loads none, in the test process's app and in every server it
starts.

``loaded()`` lists them (a file ending in ``.so`` or ``.pyd`` outside the standard
library's folders); ``forbid()`` makes the import of one fail loudly from then on, by the
loader every such module goes through. A server started with ``FORBID`` in its environment
calls it first (``python -m tests.compiled serve …``, ``tests/e2e/fixed_seeds.py``).
"""

from __future__ import annotations

import os
import sys
import sysconfig
from importlib import machinery
from pathlib import Path
from typing import Any

FORBID = "COMPANION_NO_COMPILED"
"""In a server's environment: it refuses every compiled module from outside the standard
library."""
REFUSED = "a compiled extension module was imported in the pure-Python mode"


def _stdlib() -> tuple[Path, ...]:
    names = {"base": sys.base_prefix, "platbase": sys.base_exec_prefix,
             "installed_base": sys.base_prefix, "installed_platbase": sys.base_exec_prefix}
    return tuple({Path(sysconfig.get_path(kind, vars=names)).resolve()
                  for kind in ("stdlib", "platstdlib")})


STDLIB = _stdlib()


def outside_stdlib(path: str) -> bool:
    """A compiled module's file that is not one of the standard library's."""
    if not path.endswith((".so", ".pyd")):
        return False
    where = Path(path).resolve()
    return not any(where.is_relative_to(folder) for folder in STDLIB)


def loaded(allowed: tuple[str, ...] = ()) -> list[str]:
    """Every compiled module now loaded from outside the standard library ("name (file)"),
    but those of the packages ``allowed`` names."""
    found = []
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None) or ""
        if outside_stdlib(path) and name.split(".")[0] not in allowed:
            found.append(f"{name} ({path})")
    return sorted(set(found))


def forbid() -> None:
    """From now on, importing a compiled module from outside the standard library ends the
    process with a sentence on stderr (a server: its tests then fail); one already loaded
    does at once."""
    already = loaded()
    if already:
        _refuse(", ".join(already))
    create = machinery.ExtensionFileLoader.create_module

    def guarded(loader: Any, spec: Any) -> Any:
        if outside_stdlib(spec.origin or ""):
            _refuse(f"{spec.name} ({spec.origin})")
        return create(loader, spec)

    machinery.ExtensionFileLoader.create_module = guarded  # type: ignore[method-assign]


def _refuse(what: str) -> None:
    print(f"{REFUSED}: {what}", file=sys.stderr, flush=True)
    os._exit(70)


def guard() -> None:
    """What a server the tests start does first: ``forbid()`` if its environment says so."""
    if os.environ.get(FORBID):
        forbid()


if __name__ == "__main__":
    # ``python -m tests.compiled serve …``: the command line, under the guard if asked.
    guard()
    from companion.cli import main

    sys.exit(main(sys.argv[1:]))

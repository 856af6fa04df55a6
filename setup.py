"""The wheel carries the compiled catalogues: each ``.po`` copied into the build gets its
``.mo`` beside it, written by the app's own compiler (``companion/web/i18n.py``, loaded
from its file: the package itself needs Flask, which a build does not have). An installed
package then needs no compile step and never writes into its own folder."""

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _i18n():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("companion_i18n",
                                                  HERE / "companion" / "web" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildWithCatalogues(build_py):
    def run(self) -> None:
        super().run()
        compile_catalogue = _i18n().compile_catalogue
        for po_path in sorted(Path(self.build_lib, "companion").rglob("LC_MESSAGES/*.po")):
            compile_catalogue(po_path)


setup(cmdclass={"build_py": BuildWithCatalogues})

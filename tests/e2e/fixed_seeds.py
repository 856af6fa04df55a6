"""``companion serve`` with the seeds of the browser test module that started it.

A browser test's server deals the same tables on every run (each module its own sequence,
named in ``COMPANION_TEST_SEEDS``), as the in-process tests do through
``seeds_of_this_test``: a screen that broke once breaks again when the test is rerun.
"""

from __future__ import annotations

import os
import sys

from tests import compiled

if __name__ == "__main__":
    compiled.guard()        # the pure-Python run's servers load no compiled module
    from companion import cli
    from companion.fairplay import fairness
    from tests.seeds import fixed_seeds

    fairness.new_seed = fixed_seeds(os.environ["COMPANION_TEST_SEEDS"])
    sys.exit(cli.main(sys.argv[1:]))

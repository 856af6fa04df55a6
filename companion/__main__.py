"""``python -m companion serve``: the ``companion`` command where no script was installed on
the PATH (a Windows laptop, a phone's Python app)."""

import sys

from companion.cli import main

sys.exit(main())

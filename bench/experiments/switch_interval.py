"""Experiment: ``sys.setswitchinterval(0.001)`` in the server (CPython's default is 5 ms).

With 8 waitress threads on one GIL, the thread that holds ``store.WRITE_LOCK`` waits up to
a switch interval each time another thread takes the GIL, which stretches the serialized
write section; a shorter interval hands the GIL back sooner (at some cost in switching).
"""

from __future__ import annotations

import sys

sys.setswitchinterval(0.001)

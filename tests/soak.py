"""`make soak`: every property test again, with fresh random examples and many more of them.

`make test` draws the same examples on every run (tests/properties.py), so it answers the
same twice but never looks further. A soak run looks further: round after round, each
round under a new seed it prints, every hypothesis test (the ``hypothesis`` marker the
plugin gives them; browsers aside) runs under the ``soak`` profile with ``SOAK_FACTOR``
times its examples. Each failure is printed with the command that runs it again with the
same seed, and the blob hypothesis prints for ``@reproduce_failure``. No new round starts
after ``--minutes``; the exit status is 1 when anything failed.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


CASES = re.compile(r"- (\d+) passing, (\d+) failing")
"""A line of ``--hypothesis-show-statistics``: the examples one phase of one test ran."""


def run_round(seed: int, factor: int, workers: str,
              select: list[str]) -> tuple[int, int, list[dict[str, str]]]:
    """Run the property tests once under ``seed``: how many tests, how many examples they
    ran, and the failures."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "junit.xml"
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                   "-m", "hypothesis and not browser", f"--hypothesis-seed={seed}",
                   f"--junitxml={report}", "--hypothesis-show-statistics",
                   "-n", workers, *select]
        env = {**os.environ, "HYPOTHESIS_PROFILE": "soak", "SOAK_FACTOR": str(factor)}
        out = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                             check=False).stdout
        examples = sum(int(a) + int(b) for a, b in CASES.findall(out))
        if not report.exists():
            return 0, 0, [{"test": "(the round did not run)", "text": out[-2000:]}]
        cases = ElementTree.parse(report).getroot().iter("testcase")
        count, failures = 0, []
        for case in cases:
            count += 1
            for fault in [*case.findall("failure"), *case.findall("error")]:
                path = case.get("classname", "").replace(".", "/")
                failures.append({"test": f"{path}.py::{case.get('name')}",
                                 "text": fault.text or fault.get("message", "")})
        return count, examples, failures


def replay_hint(text: str) -> str:
    """The falsifying example and the ``@reproduce_failure`` line of a failure, or its last
    lines when hypothesis printed neither."""
    kept: list[str] = []
    inside = False
    for line in text.splitlines():
        bare = line.lstrip("E ").rstrip()
        if "Falsifying example" in bare or "Failing test case" in bare:
            inside = True
        if inside or "reproduce_failure" in bare:
            kept.append(bare)
        if inside and bare == ")":
            inside = False
    return "\n".join(kept or text.splitlines()[-6:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=float(os.environ.get("SOAK_MINUTES",
                                                                              "15")))
    parser.add_argument("--factor", type=int, default=int(os.environ.get("SOAK_FACTOR", "5")),
                        help="examples per test, as a multiple of `make test`'s")
    parser.add_argument("--seed", type=int, default=None,
                        help="run one round with this seed (to replay a reported failure)")
    parser.add_argument("--workers", default="auto", help="pytest-xdist workers (-n)")
    parser.add_argument("select", nargs="*", default=["tests"],
                        help="test paths or node ids (default: all)")
    args = parser.parse_args(argv)
    deadline = time.monotonic() + args.minutes * 60
    rounds, tests_run, examples_run = 0, 0, 0
    failed: list[tuple[int, dict[str, str]]] = []
    while True:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
        started = time.monotonic()
        print(f"round {rounds + 1}: seed {seed}, {args.factor} x the examples …", flush=True)
        count, examples, failures = run_round(seed, args.factor, args.workers, args.select)
        rounds += 1
        tests_run += count
        examples_run += examples
        print(f"  {count} property tests, {examples} examples in "
              f"{time.monotonic() - started:.0f} s, {len(failures)} failed", flush=True)
        for failure in failures:
            failed.append((seed, failure))
            print(f"  FAILED {failure['test']}\n"
                  f"    replay: make soak SOAK_SEED={seed} SOAK_FACTOR={args.factor} "
                  f"SOAK_SELECT='{failure['test']}'\n"
                  + "\n".join("    " + line for line in replay_hint(failure["text"])
                              .splitlines()), flush=True)
        if args.seed is not None or time.monotonic() >= deadline:
            break
    print(f"soak: {rounds} rounds, {tests_run} property tests, {examples_run} examples, "
          f"{len(failed)} failures")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

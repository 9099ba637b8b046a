"""The test suite beside CPU-bound processes: does it hold on a loaded machine?

    python benchmarks/suite_under_load.py                 # 3 runs beside 2 busy processes
    python benchmarks/suite_under_load.py --runs 1 --busy 4 -- tests/test_quit.py

Starts ``--busy`` processes that only spin (each bounded: it ends with this script, and
after --max-minutes at the latest), runs the suite ``--runs`` times in a row with the
README's command (headless, in the order the files are written), and prints one row a
run: its exit status and how long it took.  The target is every run passing (status 0):
no test may depend on how fast the machine is or how much memory it has (issue 32, item
15).  Not run by run_all.py: it takes as long as three whole suites on a busy machine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPIN = "import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end:\n    pass\n"


def main(argv) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--busy", type=int, default=2, help="CPU-bound processes beside the suite")
    parser.add_argument("--max-minutes", type=float, default=180.0, help="the busy processes end by then")
    parser.add_argument("pytest_args", nargs="*", help="after --: what to run (default: the whole suite)")
    args = parser.parse_args(argv)
    spin = SPIN.format(seconds=args.max_minutes * 60)
    busy = [subprocess.Popen([sys.executable, "-c", spin]) for _ in range(max(0, args.busy))]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    rows = []
    try:
        for run in range(1, args.runs + 1):
            started = time.monotonic()
            done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", *args.pytest_args],
                                  cwd=ROOT, env=env)
            rows.append((run, done.returncode, (time.monotonic() - started) / 60))
            print(f"run {run}: status {done.returncode}", flush=True)
    finally:
        for process in busy:
            process.kill()
            process.wait()
    print(f"\n{'run':>3}  {'status':>6}  {'minutes':>7}   (target: status 0 every run, beside {args.busy} busy processes)")
    for run, status, minutes in rows:
        print(f"{run:>3}  {status:>6}  {minutes:7.1f}")
    return 0 if all(status == 0 for _, status, _ in rows) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

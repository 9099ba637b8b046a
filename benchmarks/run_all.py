"""Run every benchmark script in this folder and print their tables in one go.

    python benchmarks/run_all.py            # all
    python benchmarks/run_all.py kurosu     # only bench_kurosu.py
"""

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv):
    scripts = sorted(HERE.glob("bench_*.py"))
    if argv:
        scripts = [s for s in scripts if any(a in s.stem for a in argv)]
    failed = 0
    for script in scripts:
        print(f"\n===== {script.name}", flush=True)
        run = subprocess.run([sys.executable, str(script)])
        failed += run.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Run every benchmark script in this folder and print their tables in one go.

    python benchmarks/run_all.py            # all
    python benchmarks/run_all.py kurosu     # only bench_kurosu.py
"""

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MISSING = 2  # a script's exit status when a tool it measures with is not installed


def main(argv):
    scripts = sorted(HERE.glob("bench_*.py"))
    if argv:
        scripts = [s for s in scripts if any(a in s.stem for a in argv)]
    failed, skipped = [], []
    for script in scripts:
        print(f"\n===== {script.name}", flush=True)
        run = subprocess.run([sys.executable, str(script)])
        if run.returncode == MISSING:
            skipped.append(script.name)  # a tool to measure with is not installed: it said which
        elif run.returncode != 0:
            failed.append(script.name)
    print()
    if skipped:
        print("skipped (a tool is missing, see above): " + ", ".join(skipped))
    print("targets missed in: " + ", ".join(failed) if failed else "every target met")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The one way every benchmark script measures and prints (issue 13, "honest figures").

Every row is measured several times. The table shows the median and the worst of those
runs and the machine's load average while the row ran, and a target counts as met only
if the *worst* run meets it. A script's exit status is 1 if any target was missed, so
`run_all.py` fails loudly instead of a table quietly saying "NO".

    from harness import Table, measure, fmt_seconds

    table = Table("Tracks")
    sample = measure(lambda: solve(board), runs=5)
    table.row("15x15 Hard, unique proven", sample, target=0.1)
    ...
    sys.exit(table.finish())

`measure` times a callable; `Sample.of(values)` wraps times measured some other way
(one per puzzle of a set, for example). A row without a target is a figure worth
watching and never fails.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable


def load_average() -> float:
    """The one-minute load average, or 0.0 where the system does not say."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return 0.0


def fmt_seconds(seconds: float) -> str:
    """3.2 ms, 41 ms, 1.25 s: three significant figures, at most."""
    if seconds < 0.01:
        return f"{seconds * 1000:.2f} ms"
    if seconds < 1:
        return f"{seconds * 1000:.0f} ms" if seconds >= 0.1 else f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"


@dataclass
class Sample:
    """Several measurements of one thing, and the load while they were taken."""

    values: list
    load_before: float = 0.0
    load_after: float = 0.0
    note: str = ""  # e.g. "144 decompositions": what the runs found, for the table
    result: object = None  # what the last run returned, for the caller to check

    @classmethod
    def of(cls, values: Iterable[float], note: str = "", load_before: float | None = None) -> "Sample":
        values = list(values)
        if not values:
            raise ValueError("a sample needs at least one measurement")
        before = load_average() if load_before is None else load_before
        return cls(values, before, load_average(), note)

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    @property
    def worst(self) -> float:
        return max(self.values)

    @property
    def load(self) -> float:
        return max(self.load_before, self.load_after)


def measure(fn: Callable[[], object], runs: int = 5, warmup: int = 0, note: str = "") -> Sample:
    """Time `fn` `runs` times (after `warmup` untimed calls); keep its last result."""
    for _ in range(warmup):
        fn()
    before = load_average()
    values = []
    result = None
    for _ in range(runs):
        started = time.perf_counter()
        result = fn()
        values.append(time.perf_counter() - started)
    sample = Sample(values, before, load_average(), note)
    sample.result = result
    return sample


@dataclass
class Table:
    """Rows of (what, median / worst, runs, load, target, ok), printed at the end."""

    title: str
    rows: list = field(default_factory=list)
    failed: list = field(default_factory=list)

    def row(self, what: str, sample: Sample, target: float | None = None, *, check: bool = True,
            fmt: Callable[[float], str] = fmt_seconds, target_text: str | None = None) -> bool:
        """Add a timed row. `target` is in the same unit as the sample (seconds by
        default). `check` is a correctness condition (the right count, a proven answer):
        a row whose answer is wrong fails whatever its time."""
        measured = f"{fmt(sample.median)} / {fmt(sample.worst)}"
        if sample.note:
            measured += f"  [{sample.note}]"
        if target is None:
            ok = check
            target_s = target_text or "-"
            verdict = "-" if check else "WRONG"
        else:
            ok = check and sample.worst < target
            target_s = target_text or f"< {fmt(target)}"
            verdict = "yes" if ok else ("WRONG" if not check else "NO")
        self.rows.append((what, measured, str(len(sample.values)), f"{sample.load:.1f}", target_s, verdict))
        if not ok:
            self.failed.append(what)
        print(f"  measured: {what}: {measured} (target {target_s}): {verdict}", file=sys.stderr, flush=True)
        return ok

    def text_row(self, what: str, measured: str, target: str, ok: bool, runs: int = 1) -> bool:
        """A row measured some other way (a count, a size); still fails the script if not ok."""
        verdict = "yes" if ok else "NO"
        self.rows.append((what, measured, str(runs), f"{load_average():.1f}", target, verdict))
        if not ok:
            self.failed.append(what)
        print(f"  measured: {what}: {measured} (target {target}): {verdict}", file=sys.stderr, flush=True)
        return ok

    def render(self) -> str:
        head = ("what", "median / worst", "runs", "load", "target", "ok")
        widths = [max(len(r[i]) for r in self.rows + [head]) for i in range(len(head))]
        lines = [self.title, " | ".join(h.ljust(w) for h, w in zip(head, widths)),
                 "-+-".join("-" * w for w in widths)]
        lines += [" | ".join(v.ljust(w) for v, w in zip(r, widths)) for r in self.rows]
        return "\n".join(line.rstrip() for line in lines)

    def finish(self) -> int:
        """Print the table; 0 if every target was met, 1 (and the misses named) if not."""
        print()
        print(self.render())
        if self.failed:
            print(f"\n{len(self.failed)} target(s) missed: " + "; ".join(self.failed))
            return 1
        return 0

"""Timing helpers: medians and percentiles of repeated measurements, printed as one table."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Figure:
    name: str
    samples: list[float]
    budget: str = ""
    unit: str = "ms"
    note: str = ""

    def percentile(self, q: float) -> float:
        data = sorted(self.samples)
        if not data:
            return float("nan")
        index = min(len(data) - 1, max(0, round(q * (len(data) - 1))))
        return data[index]

    @property
    def median(self) -> float:
        return statistics.median(self.samples) if self.samples else float("nan")

    def row(self) -> str:
        return (
            f"{self.name:<44} n={len(self.samples):>6}  median {self.median:9.3f} {self.unit}  "
            f"p95 {self.percentile(0.95):9.3f} {self.unit}  budget {self.budget:<12} {self.note}"
        )


def timed(fn: Callable[[], object]) -> float:
    """Milliseconds one call of ``fn`` takes."""
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000.0

"""The percentile the benchmarks report: the nearest-rank value of a list
of measurements (p50 is the median's neighbour for an even count).

>>> percentile([4.0, 1.0, 3.0, 2.0], 0.5), percentile([1.0, 2.0, 3.0], 0.99)
(3.0, 3.0)
"""

from __future__ import annotations


def percentile(values: list[float], fraction: float) -> float:
    """The value at ``fraction`` (0 to 1) of the sorted ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]

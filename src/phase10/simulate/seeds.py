"""Sets of game seeds kept as ranges, so a billion consecutive seeds cost two numbers.

A summary records which seeds it counts: merging two summaries that share a
seed would count a game twice, and resuming a run must know which seeds are
done. Runs play consecutive seeds, so the set is a handful of ranges however
many games it holds; out-of-order arrivals only add ranges until the gaps fill.

>>> seeds = SeedSet()
>>> for seed in (3, 0, 1, 2, 7):
...     _ = seeds.add(seed)
>>> seeds.ranges(), len(seeds), 7 in seeds, 5 in seeds
(((0, 4), (7, 8)), 5, True, False)
>>> list(seeds.gaps(0, 10))
[(4, 7), (8, 10)]
>>> format_ranges(seeds.ranges())
'0-3, 7'
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator

__all__ = ["SeedSet", "format_ranges"]

Range = tuple[int, int]
"""A half-open range of seeds ``(start, stop)``: ``start <= seed < stop``."""


class SeedSet:
    """A mutable set of integers stored as sorted, disjoint, non-adjacent ranges."""

    __slots__ = ("_count", "_starts", "_stops")

    def __init__(self, ranges: Iterable[Range] = ()) -> None:
        self._starts: list[int] = []
        self._stops: list[int] = []
        self._count = 0
        for start, stop in ranges:
            if not self.add_range(start, stop):
                raise ValueError(f"seed range {start}-{stop - 1} overlaps another")

    def __len__(self) -> int:
        return self._count

    def __contains__(self, seed: int) -> bool:
        i = bisect.bisect_right(self._starts, seed) - 1
        return i >= 0 and seed < self._stops[i]

    def add(self, seed: int) -> bool:
        """Add one seed; ``False`` (and no change) when it is already in the set."""
        return self.add_range(seed, seed + 1)

    def add_range(self, start: int, stop: int) -> bool:
        """Add the seeds ``start <= seed < stop``; ``False`` (no change) if any is present."""
        if stop <= start:
            return True
        starts, stops = self._starts, self._stops
        if starts and start >= stops[-1]:  # the common case: seeds arrive in order
            i = len(starts)
        else:
            i = bisect.bisect_right(starts, start)
            if (i > 0 and stops[i - 1] > start) or (i < len(starts) and starts[i] < stop):
                return False
        self._count += stop - start
        joins_left = i > 0 and stops[i - 1] == start
        joins_right = i < len(starts) and starts[i] == stop
        if joins_left and joins_right:
            stops[i - 1] = stops[i]
            del starts[i], stops[i]
        elif joins_left:
            stops[i - 1] = stop
        elif joins_right:
            starts[i] = start
        else:
            starts.insert(i, start)
            stops.insert(i, stop)
        return True

    def ranges(self) -> tuple[Range, ...]:
        """The set as sorted half-open ranges."""
        return tuple(zip(self._starts, self._stops, strict=True))

    def gaps(self, start: int, stop: int) -> Iterator[Range]:
        """The ranges of ``start <= seed < stop`` that are *not* in the set, in order."""
        here = start
        i = max(0, bisect.bisect_right(self._starts, start) - 1)
        while here < stop and i < len(self._starts):
            if self._stops[i] <= here:
                i += 1
                continue
            if self._starts[i] > here:
                yield here, min(self._starts[i], stop)
            here = max(here, self._stops[i])
            i += 1
        if here < stop:
            yield here, stop


def format_ranges(ranges: Iterable[Range]) -> str:
    """Ranges as people write them: ``"0-999, 2000-2999"`` (last seeds included)."""
    parts = [f"{a}" if b == a + 1 else f"{a}-{b - 1}" for a, b in ranges]
    return ", ".join(parts) if parts else "none"

"""A seed range split over workers — Dask, Ray, a Slurm or Kubernetes array — and the
work of one shard. Summaries of disjoint seed ranges merge into exactly the summary of one
run over all of them (``Summary.merged``; ``undercroft stats --merge`` for their JSON).

>>> from undercroft import shards, Summary
>>> shards.split(1, 10, 4)
[(1, 3), (4, 3), (7, 2), (9, 2)]
>>> shards.array_range(2, 10_000)          # Slurm's SLURM_ARRAY_TASK_ID=2
(20001, 10000)
"""

from __future__ import annotations

import os
from typing import List, Mapping, Optional, Tuple, Union

from ._undercroft import RuleSet, Summary

PathLike = Union[str, "os.PathLike[str]"]


def split(first: int, count: int, shards: int) -> List[Tuple[int, int]]:
    """``count`` seeds from ``first`` as ``shards`` consecutive ``(first, count)`` ranges
    (the first ``count % shards`` one seed longer; empty ranges left out)."""
    if shards < 1 or count < 0 or first < 0:
        raise ValueError("split needs shards >= 1, count >= 0 and first >= 0")
    base, extra = divmod(count, shards)
    out = []
    at = first
    for i in range(shards):
        n = base + (1 if i < extra else 0)
        if n:
            out.append((at, n))
        at += n
    return out


def array_range(index: int, per_shard: int, first: int = 1) -> Tuple[int, int]:
    """The seed range of array task ``index`` (0-based) when every task takes
    ``per_shard`` seeds from ``first`` on — the arithmetic of the Slurm and Kubernetes
    recipes in docs/stats.md: ``(first + index * per_shard, per_shard)``."""
    if index < 0 or per_shard < 1:
        raise ValueError("array_range needs index >= 0 and per_shard >= 1")
    return (first + index * per_shard, per_shard)


def run_shard(
    rules: PathLike,
    first: int,
    count: int,
    params: Optional[Mapping[str, object]] = None,
    *,
    parquet: Optional[PathLike] = None,
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
) -> str:
    """The work of one shard, on the worker: load the rule file ``rules`` (a path every
    worker can read), generate seeds ``first .. first + count - 1`` once, write their
    levels to the Parquet file ``parquet`` when given (needs pyarrow), and return the
    summary's JSON (small; merge the shards' with ``Summary.merged``)."""
    rs = RuleSet.load(rules)
    seeds = range(first, first + count)
    if parquet is None:
        return rs.stats(seeds, params, threads=threads, timeout=timeout).to_json()
    from .parquet import write_run

    return write_run(parquet, rs, seeds, params, threads=threads, timeout=timeout).to_json()


def merge(summaries) -> Summary:
    """``Summary.merged``: the summary of the shards as one run."""
    return Summary.merged(summaries)

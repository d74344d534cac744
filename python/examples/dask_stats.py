"""A seed range sharded over a Dask cluster: every worker summarises its seeds (and writes
its levels to a Parquet shard), and the summaries merge into exactly the summary of one
`undercroft stats` run over all the seeds.

    python python/examples/dask_stats.py rules/isaac/flash.ron --count 100000 --shards 8 \\
        --param level=3 --out shards/
    python python/examples/dask_stats.py ... --scheduler tcp://HOST:8786   # a running cluster

Without --scheduler it starts a LocalCluster. The rule file and --out must be paths every
worker can read and write (a shared file system). It prints the merged summary's JSON, the
object `undercroft stats --format json` prints (`undercroft stats --merge` reads it).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Dict, Mapping, Optional

from undercroft import Summary
from undercroft.shards import run_shard, split


def run(
    client,
    rules: str,
    first: int,
    count: int,
    shards: int,
    params: Optional[Mapping[str, object]] = None,
    out: Optional[str] = None,
) -> Summary:
    """Submit one `run_shard` per seed range to the Dask `client` and merge the results.
    With `out`, shard i writes its levels to `out/shard-i.parquet`."""
    futures = []
    for i, (f, c) in enumerate(split(first, count, shards)):
        parquet = os.path.join(out, f"shard-{i}.parquet") if out else None
        futures.append(client.submit(run_shard, rules, f, c, params, parquet=parquet, pure=False))
    return Summary.merged(client.gather(futures))


def _params(pairs) -> Dict[str, str]:
    out = {}
    for p in pairs:
        name, sep, value = p.partition("=")
        if not sep:
            raise SystemExit(f"--param takes NAME=VALUE, found `{p}`")
        out[name.strip()] = value.strip()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rules")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--shards", type=int, default=4)
    ap.add_argument("--param", "-p", action="append", default=[])
    ap.add_argument("--out", help="a folder for the Parquet shards")
    ap.add_argument("--scheduler", help="address of a running Dask scheduler")
    a = ap.parse_args(argv)
    from dask.distributed import Client, LocalCluster

    if a.out:
        os.makedirs(a.out, exist_ok=True)
    if a.scheduler:
        client = Client(a.scheduler)
    else:
        client = Client(LocalCluster(n_workers=a.shards, threads_per_worker=1, dashboard_address=":0"))
    with client:
        summary = run(client, a.rules, a.seed, a.count, a.shards, _params(a.param), a.out)
    print(summary.to_json())
    return 0 if summary.generated and not summary.failures else 1


if __name__ == "__main__":
    sys.exit(main())

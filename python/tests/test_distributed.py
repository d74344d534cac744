"""The Dask example (python/examples/dask_stats.py) on a LocalCluster: four shards merge
into exactly the summary of one `undercroft stats` run over the same seeds, and their
Parquet shards read back to the same levels. The seed arithmetic of undercroft.shards."""

import importlib.util
import json

import pytest

from undercroft import RuleSet, parquet, shards

from conftest import ROOT

# Relative, as the CLI run below names it: the restart causes quote the path as given (the
# workers start in the repository root, the directory of this process).
FLASH = "rules/isaac/flash.ron"


def example():
    spec = importlib.util.spec_from_file_location("dask_stats", ROOT / "python/examples/dask_stats.py")
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def test_seed_ranges():
    assert shards.split(1, 10, 4) == [(1, 3), (4, 3), (7, 2), (9, 2)]
    assert shards.split(5, 2, 4) == [(5, 1), (6, 1)]
    assert shards.split(0, 0, 3) == []
    assert shards.array_range(0, 100) == (1, 100) and shards.array_range(3, 100) == (301, 100)
    with pytest.raises(ValueError):
        shards.split(1, 10, 0)


def test_four_dask_shards_are_one_stats_run(cli, tmp_path):
    from dask.distributed import Client, LocalCluster

    out = tmp_path / "shards"
    out.mkdir()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        with Client(cluster) as client:
            summary = example().run(client, FLASH, 1, 2000, 4, {"level": 3}, out=str(out))
    one = cli("stats", "rules/isaac/flash.ron", "--seed", 1, "--count", 2000, "--param", "level=3", "--format", "json").stdout
    expected = json.loads(one)
    del expected["time_us"], expected["wall_s"]
    assert summary.to_dict(times=False) == expected
    assert summary.ranges == [(1, 2000)]

    files = sorted(out.glob("shard-*.parquet"))
    assert [f.name for f in files] == [f"shard-{i}.parquet" for i in range(4)]
    levels = [d for f in files for d in parquet.read_levels(f)]
    assert levels == RuleSet.load(FLASH).generate_many(range(1, 2001), {"level": 3})

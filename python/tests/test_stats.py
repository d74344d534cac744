"""RuleSet.stats: the summary of `undercroft stats --format json`, mergeable like
`stats --merge`; RuleSet.run: both from one generation."""

import json
import pickle

import pytest

from undercroft import RuleSet, Summary

FLASH = "rules/isaac/flash.ron"


def untimed(text):
    d = json.loads(text)
    del d["time_us"], d["wall_s"]
    return d


def test_the_summary_is_the_cli_summary(cli):
    rs = RuleSet.load(FLASH)
    s = rs.stats(range(1, 1501), {"level": 3})
    out = cli("stats", FLASH, "--seed", 1, "--count", 1500, "--param", "level=3", "--format", "json").stdout
    assert s.to_dict(times=False) == untimed(out)
    assert untimed(s.to_json()) == s.to_dict(times=False)
    assert (s.ruleset, s.params, s.ranges, s.seeds, s.generated, s.failures) == (
        "isaac/flash", {"level": "3"}, [(1, 1500)], 1500, 1500, [],
    )
    assert sum(n for _, n in s.counts("rooms")) == 1500 and 9 <= s.mean("rooms") <= 16
    assert "rooms" in s.measures
    assert s.to_dict(times=False) == rs.stats(range(1, 1501), {"level": 3}, threads=1).to_dict(times=False)


def test_shards_merge_into_the_whole_run(cli, tmp_path):
    rs = RuleSet.load(FLASH)
    whole = rs.stats(range(1, 901), {"level": 2})
    parts = [rs.stats(range(a, a + 300), {"level": 2}) for a in (601, 1, 301)]
    merged = Summary.merged(parts)
    assert merged.to_dict(times=False) == whole.to_dict(times=False)
    assert merged.ranges == [(1, 900)]
    # in place, from JSON, and through the CLI's --merge of files written here
    first = Summary.from_json(parts[0].to_json())
    first.merge(parts[1])
    first.merge(pickle.loads(pickle.dumps(parts[2])))
    assert first.to_dict(times=False) == whole.to_dict(times=False)
    files = []
    for i, p in enumerate(parts):
        files.append(tmp_path / f"shard-{i}.json")
        files[-1].write_text(p.to_json() + "\n")
    out = cli("stats", "--merge", *files, "--format", "json").stdout
    assert untimed(out) == whole.to_dict(times=False)
    assert Summary.merged([f.read_text() for f in files]).to_dict(times=False) == whole.to_dict(times=False)


def test_only_shards_of_one_run_merge():
    rs = RuleSet.load(FLASH)
    a = rs.stats(range(1, 11), {"level": 2})
    b = rs.stats(range(11, 21), {"level": 3})
    with pytest.raises(ValueError, match=r"only shards of one rule set and parameter set merge"):
        a.merge(b)
    assert a.seeds == 10  # unchanged
    with pytest.raises(ValueError, match="at least one"):
        Summary.merged([])
    with pytest.raises(ValueError, match="not a stats summary"):
        Summary.from_json('{"format": "undercroft-stats/0"}')


def test_failures_are_counted_with_their_message(coin):
    rs = RuleSet.load(coin)
    s = rs.stats(range(1, 41))
    failed = [(f.seed, f.message) for f in rs.generate_many(range(1, 41)) if not f]
    assert s.failures == failed and s.generated == 40 - len(failed)


def test_run_gives_the_summary_and_the_levels_of_one_generation(coin):
    rs = RuleSet.load(FLASH)
    summary, levels = rs.run(range(1, 201), {"level": 4}, threads=2)
    assert summary.to_dict(times=False) == rs.stats(range(1, 201), {"level": 4}).to_dict(times=False)
    assert levels == rs.generate_many(range(1, 201), {"level": 4})
    c = RuleSet.load(coin)
    summary, levels = c.run(range(1, 41))
    assert [(f.seed, f.message) for f in levels if not f] == summary.failures

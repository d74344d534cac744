"""undercroft.parquet: a row per level with its provenance; the levels read back."""

import json

import pyarrow.parquet as pq

import undercroft
from undercroft import Failure, RuleSet, parquet

FLASH = "rules/isaac/flash.ron"


def test_levels_read_back_with_their_provenance(cli, tmp_path):
    rs = RuleSet.load(FLASH)
    path = tmp_path / "flash.parquet"
    summary = parquet.write_run(path, rs, range(1, 101), {"level": 3}, batch=30)
    assert summary.to_dict(times=False) == rs.stats(range(1, 101), {"level": 3}).to_dict(times=False)
    levels = rs.generate_many(range(1, 101), {"level": 3})
    assert parquet.read_levels(path) == levels

    f = pq.ParquetFile(path)
    assert f.num_row_groups == 4  # 30 + 30 + 30 + 10
    t = f.read()
    assert tuple(t.column_names) == parquet.COLUMNS
    rows = t.to_pylist()
    d = levels[6]
    row = rows[6]
    assert row == {
        "ruleset": "isaac/flash",
        "rules_hash": rs.rules_hash,
        "seed": 7,
        "params": row["params"],
        "engine": undercroft.engine_version(),
        "attempts": d.attempts,
        "error": None,
        "dungeon": d.to_json(),
    }
    assert json.loads(row["params"]) == d.params and json.loads(row["params"])["level"] == 3

    # the same hash and engine as the Tiled export's provenance properties
    cli("generate", FLASH, "--seed", 7, "--param", "level=3", "--format", "tmj", "-o", tmp_path / "m.tmj")
    props = {p["name"]: p["value"] for p in json.loads((tmp_path / "m.tmj").read_text())["properties"]}
    assert (props["rules_hash"], props["engine"], props["params"]) == (rs.rules_hash, row["engine"], row["params"])


def test_failed_seeds_are_rows_that_say_why(coin, tmp_path):
    rs = RuleSet.load(coin)
    path = tmp_path / "coin.parquet"
    parquet.write_run(path, rs, range(1, 21))
    back = parquet.read_levels(path, rules=coin)
    assert back == rs.generate_many(range(1, 21))
    rows = pq.read_table(path).to_pylist()
    bad = [r for r in rows if r["error"]]
    assert bad and [(r["seed"], r["error"]) for r in bad] == [(f.seed, f.message) for f in back if isinstance(f, Failure)]
    assert all(r["dungeon"] is None and r["attempts"] is None and r["params"] is None for r in bad)
    assert all(r["ruleset"] == "test/coin" and r["rules_hash"] == rs.rules_hash for r in rows)


def test_a_writer_appends_row_groups(tmp_path):
    rs = RuleSet.load(FLASH)
    path = tmp_path / "w.parquet"
    with parquet.LevelWriter(path, rs) as w:
        assert w.write(rs.generate_many(range(1, 4))) == 3
        assert w.write(rs.generate_many(range(10, 12))) == 2
        assert w.write([]) == 0
    assert [d.seed for d in parquet.read_levels(path)] == [1, 2, 3, 10, 11]

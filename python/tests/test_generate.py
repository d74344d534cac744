"""RuleSet.load / generate / Dungeon: the CLI's bytes, the layers as numpy arrays, the
rooms, doors and markers as plain values."""

import json
import pickle

import numpy as np
import pytest

import undercroft
from undercroft import Dungeon, GenerationError, RuleSet

FLASH = "rules/isaac/flash.ron"
CATHEDRAL = "rules/diablo/cathedral.ron"
DIABLO = "rules/diablo/diablo.ron"


def cli_json(cli, rules, seed, *params, count=1):
    args = ["generate", rules, "--seed", seed, "--count", count, "--format", "json"]
    for p in params:
        args += ["--param", p]
    return cli(*args).stdout


def test_the_issue_example_is_the_cli_line(cli):
    d = undercroft.RuleSet.load(FLASH).generate(1, {"level": 3})
    assert d.to_json() + "\n" == cli_json(cli, FLASH, 1, "level=3")


@pytest.mark.parametrize(
    "rules, params, cli_params",
    [
        (FLASH, {"level": 6, "lost": True, "count_slack": 1.25}, ["level=6", "lost=true", "count_slack=1.25"]),
        (CATHEDRAL, {"level": 2}, ["level=2"]),
        (DIABLO, {"level": 10}, ["level=10"]),
    ],
)
def test_every_seed_is_the_cli_line(cli, rules, params, cli_params):
    rs = RuleSet.load(rules)
    lines = cli_json(cli, rules, 3, *cli_params, count=3).splitlines(keepends=True)
    assert [rs.generate(s, params).to_json() + "\n" for s in (3, 4, 5)] == lines


def test_the_values_are_those_of_the_json():
    d = RuleSet.load(FLASH).generate(2, {"level": 4})
    j = json.loads(d.to_json())
    assert (d.ruleset, d.seed, d.attempts, d.width, d.height) == (
        "isaac/flash", 2, j["attempts"], 10, 8,
    )
    assert d.params == j["params"] and d.params["level"] == 4 and d.params["lost"] is False
    assert d.symbols == j["symbols"]
    assert d.rooms == [
        {**r, "cells": [tuple(c) for c in r["cells"]], "layout": r.get("layout")} for r in j["rooms"]
    ]
    assert d.doors == [{"rooms": tuple(x["rooms"]), "cells": tuple(map(tuple, x["cells"]))} for x in j["doors"]]
    assert d.markers == {k: tuple(v) for k, v in j["markers"].items()}
    assert d.rooms[0]["cells"][0] == (5, 3)  # Flash's start cell, 35


def test_a_symbol_layer_is_a_height_by_width_array_of_characters():
    d = RuleSet.load(FLASH).generate(1, {"level": 3})
    rows = json.loads(d.to_json())["layers"]["rooms"]
    a = d.layer("rooms")
    assert a.shape == (8, 10) and a.dtype == np.dtype("<U1")
    assert ["".join(r) for r in a] == rows
    # x right, y down: the start room's glyph is at row 3, column 5
    start = [r for r in d.rooms if r["kind"] == "start"][0]["cells"][0]
    assert a[start[1], start[0]] == rows[3][5]
    assert set(d.layers) == set(d.layer_names) == {"rooms"}
    with pytest.raises(KeyError, match="no layer `tiles`"):
        d.layer("tiles")


def test_a_tile_layer_is_a_uint16_array():
    d = RuleSet.load(CATHEDRAL).generate(1, {"level": 1})
    j = json.loads(d.to_json())
    ids = [k for k, v in j["layers"].items() if isinstance(v[0], list)]
    assert ids, "Cathedral has a layer of tile ids"
    for name in ids:
        a = d.layer(name)
        assert a.dtype == np.uint16
        assert a.shape == (len(j["layers"][name]), len(j["layers"][name][0]))
        assert a.tolist() == j["layers"][name]
    a[0, 0] = 7  # a copy, writable: the dungeon is unchanged
    assert d.layer(ids[0])[0, 0] == j["layers"][ids[0]][0][0]


def test_json_reads_back_and_dungeons_pickle():
    rs = RuleSet.load(FLASH)
    d = rs.generate(9, {"level": 2})
    assert Dungeon.from_json(d.to_json()) == d
    assert Dungeon.from_json(d.to_json()) != rs.generate(10, {"level": 2})
    assert pickle.loads(pickle.dumps(d)) == d
    again = pickle.loads(pickle.dumps(rs))
    assert again.name == "isaac/flash" and again.generate(9, {"level": 2}) == d
    with pytest.raises(ValueError, match="not a Dungeon JSON object"):
        Dungeon.from_json('{"format": "x"}')


def test_ascii_is_the_cli_picture(cli):
    d = RuleSet.load(FLASH).generate(5, {"level": 6})
    out = cli("generate", FLASH, "--seed", 5, "--param", "level=6", "--color", "never").stdout
    assert d.to_ascii() + "\n" == out


def test_a_bad_parameter_is_the_cli_message(cli):
    rs = RuleSet.load(FLASH)
    r = cli("generate", FLASH, "--param", "level=12", check=False)
    with pytest.raises(ValueError) as e:
        rs.generate(1, {"level": 12})
    assert r.stderr == f"error: {e.value}\n"
    assert str(e.value) == "parameter `level` must be in 1..=11, found 12"
    with pytest.raises(ValueError, match="unknown parameter|no parameter"):
        rs.generate(1, {"levle": 3})
    with pytest.raises(TypeError, match="parameter `level`: expected bool, int, float, str"):
        rs.generate(1, {"level": [3]})


def test_a_seed_that_gives_up_raises_with_the_cli_message(cli, coin):
    rs = RuleSet.load(coin)
    assert rs.generate(1).seed == 1
    with pytest.raises(GenerationError) as e:
        rs.generate(5)
    assert e.value.seed == 5
    r = cli("generate", coin, "--seed", 5, "--format", "json", check=False)
    assert r.returncode == 1 and r.stderr == f"error: {e.value.message}\n"
    assert e.value.message.startswith("seed 5: Retry at ")


def test_the_rule_set_describes_itself():
    rs = RuleSet.load(FLASH)
    assert rs.name == "isaac/flash" and rs.path == FLASH
    assert rs.files[0] == FLASH
    assert len(rs.rules_hash) == 16 and int(rs.rules_hash, 16) >= 0
    level = rs.params["level"]
    assert (level["kind"], level["default"], level["min"], level["max"]) == ("int", 1, 1, 11)
    assert rs.params["lost"]["default"] is False and rs.params["count_slack"]["kind"] == "float"
    assert undercroft.engine_version().startswith("undercroft ")

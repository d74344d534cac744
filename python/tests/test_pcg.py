"""Dungeon.pcg_content: pcg_benchmark's Isaac content (probs/isaac), by the converter
`undercroft stats --metrics pcg` uses (rules/isaac/pcg.maps)."""

import json

import pytest

from undercroft import Dungeon, RuleSet

MAPS = "rules/isaac/pcg.maps"


def room(i, kind, x, y):
    return {"id": i, "kind": kind, "cells": [[x, y]], "shape": "1x1"}


# A Flash plan drawn by hand: the start at cell 35 (x 5, y 3) with a room east of it and the
# boss beyond, the shop north, the treasure room south and the secret room west.
PLAN = {
    "format": "undercroft-dungeon/1", "ruleset": "isaac/flash", "seed": 1, "params": {},
    "attempts": 0, "width": 10, "height": 8, "symbols": {}, "layers": {}, "doors": [],
    "markers": {},
    "rooms": [room(0, "start", 5, 3), room(1, "normal", 6, 3), room(2, "boss", 7, 3),
              room(3, "shop", 5, 2), room(4, "treasure", 5, 4), room(5, "secret", 4, 3)],
}


def test_a_hand_drawn_plan_converts_to_the_expected_content():
    d = Dungeon.from_json(json.dumps(PLAN))
    c = d.pcg_content(MAPS)
    # 9 x 8 map over columns 1..9: index = y * 9 + x - 1; doors W 1, N 2, E 4, S 8; the
    # secret room (and the start's door to it) is left out.
    layout = [0] * 72
    layout[31] = 2 | 4 | 8  # start: shop N, normal E, treasure S
    layout[32] = 1 | 4      # normal
    layout[33] = 1          # boss
    layout[22] = 8          # shop
    layout[40] = 2          # treasure
    assert c == {"layout": layout, "start": 31, "boss": 33, "shop": 22, "treasure": 40}
    assert d.pcg_variant(MAPS) == {"width": 9, "height": 8, "map_size": 6, "control": 6}


def test_generated_floors_use_the_converter_beside_their_rule_file():
    rs = RuleSet.load("rules/isaac/flash.ron")
    for d in rs.generate_many(range(1, 30), {"level": 4}):
        c = d.pcg_content()
        assert c == d.pcg_content(MAPS)
        assert len(c["layout"]) == 72 and c["start"] == 31
        kept = [r for r in d.rooms if r["kind"] != "secret"]
        assert sum(1 for v in c["layout"] if v) == len(kept)
        assert all(0 <= v <= 15 for v in c["layout"])
        # every door bit has its partner on the other side
        for i, v in enumerate(c["layout"]):
            x, y = i % 9, i // 9
            for bit, (dx, dy, back) in {1: (-1, 0, 4), 2: (0, -1, 8), 4: (1, 0, 1), 8: (0, 1, 2)}.items():
                if v & bit:
                    assert c["layout"][(y + dy) * 9 + x + dx] & back


def test_without_a_rule_file_or_a_converter_it_says_why(tmp_path):
    d = Dungeon.from_json(json.dumps(PLAN))
    with pytest.raises(ValueError, match="pass maps=PATH"):
        d.pcg_content()
    other = Dungeon.from_json(json.dumps({**PLAN, "ruleset": "examples/crypt"}))
    with pytest.raises(ValueError, match="has no converter for rule set `examples/crypt`"):
        other.pcg_content(MAPS)
    outside = Dungeon.from_json(json.dumps({**PLAN, "rooms": PLAN["rooms"] + [room(6, "normal", 0, 3)]}))
    with pytest.raises(ValueError, match="outside the map"):
        outside.pcg_content(MAPS)

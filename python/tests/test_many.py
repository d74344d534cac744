"""generate_many: seed order, the same for any thread count, failures as values, the GIL
released while it runs."""

import threading
import time

import numpy as np
import pytest

from undercroft import Dungeon, Failure, RuleSet

FLASH = "rules/isaac/flash.ron"


def test_results_are_in_seed_order_and_the_same_on_one_and_two_threads():
    rs = RuleSet.load(FLASH)
    seeds = list(range(1, 301))
    one = rs.generate_many(seeds, {"level": 5}, threads=1)
    two = rs.generate_many(seeds, {"level": 5}, threads=2)
    assert [d.seed for d in one] == seeds
    assert [d.to_json() for d in one] == [d.to_json() for d in two]
    assert one[:3] == [rs.generate(s, {"level": 5}) for s in (1, 2, 3)]
    # any iterable of ints, in any order
    back = rs.generate_many(np.array([3, 1, 2], dtype=np.uint64), {"level": 5})
    assert [d.seed for d in back] == [3, 1, 2] and back[1] == one[0]
    assert rs.generate_many([]) == []


def test_a_failed_seed_is_a_value_with_the_cli_message(cli, coin):
    rs = RuleSet.load(coin)
    results = rs.generate_many(range(1, 41), threads=2)
    r = cli("generate", coin, "--seed", 1, "--count", 40, "--format", "json", check=False)
    failed = [x for x in results if not x]
    assert failed and all(isinstance(x, Failure) for x in failed)
    assert Failure(5, failed[0].message) == failed[0]
    # the CLI prints the dungeons on stdout and one line per failed seed on stderr
    assert [d.to_json() for d in results if d] == r.stdout.splitlines()
    assert [f"error: {f.message}" for f in failed] + [f"error: {len(failed)} of 40 seeds failed"] == r.stderr.splitlines()
    assert all(isinstance(x, Dungeon) for x in results if x)


def test_bad_arguments_are_errors():
    rs = RuleSet.load(FLASH)
    with pytest.raises(ValueError, match="threads must be at least 1"):
        rs.generate_many(range(3), threads=0)
    with pytest.raises(ValueError, match="a seed is a whole number"):
        rs.generate_many([1, -2])
    with pytest.raises(ValueError, match="must be in 1..=11"):
        rs.generate_many(range(3), {"level": 0})


def test_other_python_threads_run_while_it_generates():
    # If the call held the GIL, this thread could not run between its start and its end.
    rs = RuleSet.load(FLASH)
    span = {}

    def work():
        span["start"] = time.monotonic()
        rs.generate_many(range(40_000), {"level": 6}, threads=1)
        span["end"] = time.monotonic()

    t = threading.Thread(target=work)
    ticks = []
    t.start()
    while t.is_alive():
        ticks.append(time.monotonic())
        time.sleep(0.001)
    t.join()
    a, b = span["start"], span["end"]
    inside = [x for x in ticks if a + 0.25 * (b - a) < x < b - 0.25 * (b - a)]
    assert b - a > 0.05, "the workload is too small to tell"
    assert inside, f"no tick of this thread inside the middle half of a {b - a:.2f} s call"

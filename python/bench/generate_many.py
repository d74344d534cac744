"""generate_many against the CLI's `stats` over the same seeds (issue 49's measurement).

    python python/bench/generate_many.py [--rules rules/isaac/flash.ron] [--count 100000] [--rounds 3]

Run from the repository root with the package installed and the CLI built
(`cargo build --release`; `--cli PATH` names another binary). Each round times, in turn:
`RuleSet.generate_many(range(COUNT))` on 1 thread and on 2, then `undercroft stats RULES
--seed 0 --count COUNT --format json` (a process: rule loading included; its own threads,
every core), and `RuleSet.stats` of the same seeds. It checks that the 1- and 2-thread
results are equal, prints every time (wall, and CPU seconds of all threads: on a machine
shared with other work the CPU time is the steadier figure) and the medians, and the ratios
generate_many (2 threads) / CLI stats.
"""

import argparse
import resource
import statistics
import subprocess
import time

import undercroft


def cpu():
    """CPU seconds (user + system) of this process and of its finished children."""
    a = resource.getrusage(resource.RUSAGE_SELF)
    b = resource.getrusage(resource.RUSAGE_CHILDREN)
    return a.ru_utime + a.ru_stime + b.ru_utime + b.ru_stime


def timed(f):
    """(wall seconds, CPU seconds, result) of f()."""
    t, c = time.perf_counter(), cpu()
    r = f()
    return (time.perf_counter() - t, cpu() - c), r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="rules/isaac/flash.ron")
    ap.add_argument("--count", type=int, default=100_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--cli", default="target/release/undercroft")
    a = ap.parse_args()
    rules = undercroft.RuleSet.load(a.rules)
    seeds = range(a.count)
    times = {"generate_many 1 thread": [], "generate_many 2 threads": [], "CLI stats": [], "RuleSet.stats": []}
    for r in range(a.rounds):
        t1, one = timed(lambda: rules.generate_many(seeds, threads=1))
        t2, two = timed(lambda: rules.generate_many(seeds, threads=2))
        assert one == two, "1 and 2 threads differ"
        failed = sum(1 for d in one if not d)
        del one, two
        cmd = [a.cli, "stats", a.rules, "--seed", "0", "--count", str(a.count), "--format", "json"]
        tc, _ = timed(lambda: subprocess.run(cmd, check=True, capture_output=True))
        ts, _ = timed(lambda: rules.stats(seeds))
        for k, v in zip(times, (t1, t2, tc, ts)):
            times[k].append(v)
        show = ", ".join(f"{k} {v[-1][0]:.2f} s (CPU {v[-1][1]:.2f} s)" for k, v in times.items())
        print(f"round {r + 1}: {show} ({failed} failed)")
    med = {k: [statistics.median(x[i] for x in v) for i in (0, 1)] for k, v in times.items()}
    print("medians: " + ", ".join(f"{k} {v[0]:.2f} s (CPU {v[1]:.2f} s)" for k, v in med.items()))
    g, c = med["generate_many 2 threads"], med["CLI stats"]
    print(f"generate_many (2 threads) / CLI stats: wall {g[0] / c[0]:.2f}, CPU {g[1] / c[1]:.2f}")


if __name__ == "__main__":
    main()

"""The Slurm job-array recipe of docs/stats.md, run as far as a machine without Slurm can:
the script of the docs, run by bash for array tasks 0..3 with Slurm's variables set and its
`--output` pattern honoured, then `stats --merge` of the shards, which must be the summary
of one run over the same seeds (and of `undercroft.shards.array_range`)."""

import json
import os
import re
import subprocess

from undercroft import shards

from conftest import ROOT

TASKS = 4
PER_TASK = 25  # the recipe's PER_TASK=10000, made small


def recipe():
    text = (ROOT / "docs/stats.md").read_text()
    section = text[text.index("### A Slurm job array") :]
    return re.search(r"```sh\n(.*?)```", section, re.S).group(1)


def test_the_slurm_array_recipe_merges_into_one_run(cli, tmp_path):
    script = recipe()
    assert "PER_TASK=10000" in script and "#SBATCH --array=0-99" in script
    script = script.replace("PER_TASK=10000", f"PER_TASK={PER_TASK}")
    output = re.search(r"#SBATCH --output=(\S+)", script).group(1)
    env = dict(os.environ, PATH=f"{cli.path.parent}{os.pathsep}{os.environ['PATH']}", SLURM_CPUS_PER_TASK="1")
    files = []
    for task in range(TASKS):
        files.append(tmp_path / output.replace("%a", str(task)))
        with open(files[-1], "w") as out:
            subprocess.run(["bash", "-c", script], cwd=ROOT, env=dict(env, SLURM_ARRAY_TASK_ID=str(task)), stdout=out, check=True)
        shard = json.loads(files[-1].read_text())
        assert [tuple(r) for r in shard["ranges"]] == [shards.array_range(task, PER_TASK)]
    merged = json.loads(cli("stats", "--merge", *files, "--format", "json").stdout)
    rules, level = re.search(r"undercroft stats (\S+) -p (\S+)", script).groups()
    one = json.loads(cli("stats", rules, "-p", level, "--seed", 1, "--count", TASKS * PER_TASK, "--format", "json").stdout)
    for d in (merged, one):
        del d["time_us"], d["wall_s"]
    assert merged == one and merged["ranges"] == [[1, TASKS * PER_TASK]]

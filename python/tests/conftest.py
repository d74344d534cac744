"""Shared fixtures: the repository root (rule files are named from it, as the CLI is run
from it) and the CLI, whose output the package must reproduce byte for byte.

The CLI is `$UNDERCROFT_BIN` (tests/python_package.rs sets it to the binary `cargo test`
built), else target/release/undercroft of this checkout.
"""

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _in_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def _cli_path() -> Path:
    return Path(os.environ.get("UNDERCROFT_BIN") or ROOT / "target" / "release" / "undercroft")


@pytest.fixture(scope="session")
def cli():
    """Run the CLI from the repository root: cli(*args) -> CompletedProcess (text)."""
    exe = _cli_path()
    if not exe.exists():
        pytest.fail(f"no undercroft binary at {exe}: build it (cargo build --release) or set UNDERCROFT_BIN")

    def run(*args, check=True):
        r = subprocess.run([str(exe), *map(str, args)], cwd=ROOT, capture_output=True, text=True)
        if check and r.returncode != 0:
            raise AssertionError(f"undercroft {' '.join(map(str, args))} failed:\n{r.stderr}")
        return r

    run.path = exe
    return run


COIN = """// A coin per seed: some seeds give up (tests of failed seeds).
Ruleset(
    name: "test/coin",
    params: {"bias": Int(default: 2, min: 2, max: 100)},
    grid: Grid(width: 3, height: 2),
    steps: [
        Retry(max: 2, steps: [Require("rnd(bias) == 0")]),
    ],
)
"""


@pytest.fixture
def coin(tmp_path) -> Path:
    """A rule file whose seeds fail about one time in four (seed 5 fails, 1-4 do not)."""
    p = tmp_path / "coin.ron"
    p.write_text(COIN)
    return p

"""undercroft: data-driven dungeon generation from Python.

The engine is the Rust library of this repository; this package calls it through a compiled
extension, so every result is the CLI's: ``RuleSet.load(path).generate(seed, params).to_json()``
is the line ``undercroft generate PATH --seed SEED --param k=v --format json`` prints, and
``RuleSet.stats(seeds, params)`` is the summary ``undercroft stats --format json`` prints.

>>> import undercroft
>>> rules = undercroft.RuleSet.load("rules/isaac/flash.ron")
>>> floor = rules.generate(1, {"level": 3})
>>> floor.layer("rooms").shape          # (height, width)
(8, 10)

Research helpers: :mod:`undercroft.parquet` (levels to Parquet with provenance, needs
pyarrow), :mod:`undercroft.shards` (seed ranges for Dask, Ray, Slurm). docs/python.md has
the research workflow.
"""

from ._errors import Diagnostic, Failure, GenerationError, RuleSetError
from ._undercroft import Dungeon, RuleSet, Summary, engine_version

__all__ = [
    "Diagnostic",
    "Dungeon",
    "Failure",
    "GenerationError",
    "RuleSet",
    "RuleSetError",
    "Summary",
    "engine_version",
]

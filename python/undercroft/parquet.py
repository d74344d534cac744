"""Levels to Parquet, a row per level with its provenance (needs pyarrow).

Columns (``COLUMNS``):

- ``ruleset`` — the rule set's name (the chosen one, for a rule set that selects by
  parameter);
- ``rules_hash`` — the hash of its files' contents at load (16 hex digits; the Tiled and
  LDtk exports' ``rules_hash``);
- ``seed``;
- ``params`` — every parameter's value as JSON text (``{"level":3}``; null for a failed
  seed);
- ``engine`` — ``undercroft 0.1.0``;
- ``attempts`` — Retry restarts before success (null for a failed seed);
- ``error`` — null, or why the seed failed (the text ``undercroft generate`` prints);
- ``dungeon`` — the Dungeon JSON line (``Dungeon.to_json()``, the CLI's bytes), from which
  ``read_levels`` gives the same ``Dungeon`` back.

Example::

    from undercroft import RuleSet, parquet
    rules = RuleSet.load("rules/isaac/flash.ron")
    summary = parquet.write_run("flash-l3.parquet", rules, range(1, 1001), {"level": 3})
    levels = parquet.read_levels("flash-l3.parquet")
"""

from __future__ import annotations

import os
from typing import Iterable, Iterator, List, Mapping, Optional, Union

from ._errors import Failure
from ._undercroft import Dungeon, RuleSet, Summary, engine_version

COLUMNS = ("ruleset", "rules_hash", "seed", "params", "engine", "attempts", "error", "dungeon")

Result = Union[Dungeon, Failure]
PathLike = Union[str, "os.PathLike[str]"]


def _pa():
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError as e:  # pragma: no cover - the message is the point
        raise ImportError(
            "undercroft.parquet needs pyarrow: pip install 'undercroft[parquet]' (or pyarrow)"
        ) from e
    return pyarrow


def schema():
    """The pyarrow schema of the level tables."""
    pa = _pa()
    return pa.schema(
        [
            ("ruleset", pa.string()),
            ("rules_hash", pa.string()),
            ("seed", pa.uint64()),
            ("params", pa.string()),
            ("engine", pa.string()),
            ("attempts", pa.uint32()),
            ("error", pa.string()),
            ("dungeon", pa.string()),
        ]
    )


def rows(rules: RuleSet, results: Iterable[Result]) -> Iterator[dict]:
    """One row (a dict of ``COLUMNS``) per result of ``rules``' ``generate_many`` or
    ``run``."""
    for r in results:
        if isinstance(r, Failure):
            yield {
                "ruleset": rules.name,
                "rules_hash": rules.rules_hash,
                "seed": r.seed,
                "params": None,
                "engine": engine_version(),
                "attempts": None,
                "error": r.message,
                "dungeon": None,
            }
        else:
            row = rules.provenance(r)
            row["error"] = None
            row["dungeon"] = r.to_json()
            yield row


class LevelWriter:
    """Writes levels of one rule set to one Parquet file: a row per level, a row group per
    ``write`` call. Use as a context manager, or call ``close``."""

    def __init__(self, path: PathLike, rules: RuleSet, compression: str = "zstd"):
        pa = _pa()
        self.rules = rules
        self.count = 0
        self._schema = schema()
        self._writer = pa.parquet.ParquetWriter(os.fspath(path), self._schema, compression=compression)

    def write(self, results: Iterable[Result]) -> int:
        """Append ``results`` (Dungeons and Failures); returns how many rows."""
        pa = _pa()
        batch = list(rows(self.rules, results))
        if batch:
            table = pa.Table.from_pylist(batch, schema=self._schema)
            self._writer.write_table(table)
        self.count += len(batch)
        return len(batch)

    def close(self) -> None:
        self._writer.close()

    def __enter__(self) -> "LevelWriter":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def write_run(
    path: PathLike,
    rules: RuleSet,
    seeds: Iterable[int],
    params: Optional[Mapping[str, object]] = None,
    *,
    threads: Optional[int] = None,
    batch: int = 10_000,
    timeout: Optional[float] = None,
) -> Summary:
    """Generate ``seeds`` (in batches of ``batch``, each generated once and written as a
    row group) into the Parquet file ``path``; returns their merged summary, the one
    ``rules.stats(seeds, params)`` gives."""
    seeds = list(seeds)
    total: Optional[Summary] = None
    with LevelWriter(path, rules) as w:
        for i in range(0, max(len(seeds), 1), batch):
            summary, results = rules.run(seeds[i : i + batch], params, threads=threads, timeout=timeout)
            w.write(results)
            if total is None:
                total = summary
            else:
                total.merge(summary)
    assert total is not None
    return total


def read_levels(path: PathLike, rules: Optional[PathLike] = None) -> List[Result]:
    """The levels of a Parquet file written here, in row order: a ``Dungeon`` (read back
    from its JSON; ``rules`` is its rule file, for ``pcg_content``) or a ``Failure``."""
    pa = _pa()
    table = pa.parquet.read_table(os.fspath(path), columns=["seed", "error", "dungeon"])
    out: List[Result] = []
    for seed, error, dungeon in zip(*(table.column(c).to_pylist() for c in ("seed", "error", "dungeon"))):
        if dungeon is None:
            out.append(Failure(seed, error))
        else:
            out.append(Dungeon.from_json(dungeon, rules))
    return out

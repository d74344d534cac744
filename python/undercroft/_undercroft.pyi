"""Type stubs of the compiled extension (src/*.rs in this folder)."""

import os
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple, Union

import numpy.typing as npt

from ._errors import Failure

ParamValue = Union[bool, int, float, str, "os.PathLike[str]"]
Params = Optional[Mapping[str, ParamValue]]
Cell = Tuple[int, int]

def engine_version() -> str:
    """The engine's version as the provenance writes it, e.g. ``"undercroft 0.1.0"``."""

class RuleSet:
    """A loaded rule set (immutable; safe to share between threads; pickles as its path)."""

    @staticmethod
    def load(path: Union[str, "os.PathLike[str]"]) -> "RuleSet":
        """Load a rule file. Raises ``RuleSetError`` (``.diagnostics``: file, line,
        column, message, hint; ``str()``: the text ``undercroft check`` prints)."""
    @property
    def name(self) -> str:
        """The rule set's name, e.g. ``"isaac/flash"``."""
    @property
    def path(self) -> str:
        """The rule file it was loaded from, as given."""
    @property
    def files(self) -> List[str]:
        """Every file it was read from."""
    @property
    def rules_hash(self) -> Optional[str]:
        """Provenance hash of its files at load (16 hex digits), None if unreadable."""
    @property
    def params(self) -> Dict[str, Dict[str, Any]]:
        """Name -> {"kind", "default", "min", "max", "doc", "describe"}."""
    def generate(self, seed: int, params: Params = None, *, timeout: Optional[float] = None) -> "Dungeon":
        """One seed. ValueError for a bad parameter; ``GenerationError`` when the rule set
        gives up."""
    def generate_many(
        self,
        seeds: Iterable[int],
        params: Params = None,
        *,
        threads: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> List[Union["Dungeon", Failure]]:
        """Many seeds in parallel (GIL released); results in seed order, the same for any
        thread count; a ``Failure`` for a seed that gave up."""
    def stats(
        self,
        seeds: Iterable[int],
        params: Params = None,
        *,
        threads: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> "Summary":
        """The summary ``undercroft stats --format json`` prints for these seeds."""
    def run(
        self,
        seeds: Iterable[int],
        params: Params = None,
        *,
        threads: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Tuple["Summary", List[Union["Dungeon", Failure]]]:
        """``stats`` and ``generate_many`` of the same seeds, each generated once."""
    def provenance(self, dungeon: "Dungeon") -> Dict[str, Any]:
        """{"ruleset", "rules_hash", "seed", "params" (JSON text), "engine", "attempts"}."""

class Dungeon:
    """One generated dungeon (read-only; compares by content; pickles as its JSON)."""

    @staticmethod
    def from_json(json: str, rules: Optional[Union[str, "os.PathLike[str]"]] = None) -> "Dungeon":
        """Read one Dungeon JSON line (ValueError when it is not one); ``rules`` is the rule
        file it came from, for ``pcg_content``."""
    def to_json(self) -> str:
        """The line ``undercroft generate --format json`` prints, without the newline."""
    @property
    def ruleset(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def params(self) -> Dict[str, Any]:
        """Every parameter's value, defaults included."""
    @property
    def attempts(self) -> int:
        """Retry restarts before success."""
    @property
    def width(self) -> int:
        """Room-grid width in cells."""
    @property
    def height(self) -> int:
        """Room-grid height in cells."""
    @property
    def symbols(self) -> Dict[str, str]:
        """Glyph -> meaning."""
    @property
    def layer_names(self) -> List[str]: ...
    @property
    def layers(self) -> Dict[str, npt.NDArray[Any]]:
        """Name -> (height, width) array: dtype ``<U1`` (symbols) or ``uint16`` (tile ids)."""
    def layer(self, name: str) -> npt.NDArray[Any]:
        """One layer (KeyError for an unknown name)."""
    @property
    def rooms(self) -> List[Dict[str, Any]]:
        """{"id", "kind", "cells": [(x, y)], "shape", "layout": str | None} by id."""
    @property
    def doors(self) -> List[Dict[str, Any]]:
        """{"rooms": (a, b), "cells": ((x, y), (x, y))} in the order made."""
    @property
    def markers(self) -> Dict[str, Cell]: ...
    def to_ascii(self, interiors: bool = False) -> str:
        """The picture ``undercroft generate`` prints, without colour."""
    def pcg_content(self, maps: Optional[Union[str, "os.PathLike[str]"]] = None) -> Dict[str, Any]:
        """pcg_benchmark's Isaac content: {"layout", "start", "boss", "shop", "treasure"}."""
    def pcg_variant(self, maps: Optional[Union[str, "os.PathLike[str]"]] = None) -> Dict[str, Any]:
        """{"width", "height", "map_size", "control"} of the benchmark variant it fits."""

class Summary:
    """A mergeable summary of many seeds (``undercroft stats --format json``)."""

    @staticmethod
    def from_json(json: str) -> "Summary": ...
    @staticmethod
    def merged(summaries: Iterable[Union["Summary", str]]) -> "Summary":
        """The merge of shards of one run (ValueError otherwise)."""
    def to_json(self) -> str: ...
    def to_dict(self, times: bool = True) -> Dict[str, Any]:
        """``json.loads(to_json())``; without ``time_us`` and ``wall_s`` when not ``times``."""
    def merge(self, other: "Summary") -> None:
        """Add a shard of the same rule set and parameters (ValueError otherwise)."""
    @property
    def ruleset(self) -> str: ...
    @property
    def params(self) -> Dict[str, str]: ...
    @property
    def ranges(self) -> List[Tuple[int, int]]: ...
    @property
    def seeds(self) -> int: ...
    @property
    def generated(self) -> int: ...
    @property
    def failures(self) -> List[Tuple[int, str]]: ...
    @property
    def measures(self) -> List[str]: ...
    def counts(self, name: str) -> List[Tuple[float, int]]: ...
    def mean(self, name: str) -> float: ...

"""The errors and failure values of the undercroft package (built by the Rust extension)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional


@dataclass(frozen=True)
class Diagnostic:
    """One problem of a rule file, where it is and what to do about it.

    ``line`` and ``column`` are 1-based (characters); both are 0 when the problem is not
    tied to a position (e.g. a file that cannot be read).
    """

    file: str
    line: int
    column: int
    message: str
    hint: Optional[str] = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        text = f"{where}: {self.message}"
        return f"{text} (help: {self.hint})" if self.hint else text


class RuleSetError(Exception):
    """A rule set that does not load: ``diagnostics`` lists every problem found;
    ``str()`` is the text ``undercroft check`` prints (without colour)."""

    def __init__(self, text: str, diagnostics: List[Diagnostic]):
        super().__init__(text)
        self.text = text
        self.diagnostics = diagnostics

    def __str__(self) -> str:
        return self.text


class GenerationError(Exception):
    """A seed whose generation gave up (a ``Require`` that kept failing, a walk that cannot
    finish, a time budget that ran out): ``seed`` and the engine's ``message``."""

    def __init__(self, seed: int, message: str):
        super().__init__(message)
        self.seed = seed
        self.message = message

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Failure:
    """The result of a seed that failed in ``RuleSet.generate_many``: its ``seed`` and the
    engine's ``message`` (the text ``undercroft generate`` prints for it). It is false in a
    test, so ``[d for d in results if d]`` keeps the dungeons."""

    seed: int
    message: str

    def __bool__(self) -> bool:
        return False

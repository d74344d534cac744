"""The examples in the package's docstrings run (from the repository root)."""

import doctest

import pytest

import undercroft
import undercroft.shards


@pytest.mark.parametrize("module", [undercroft, undercroft.shards])
def test_docstring_examples(module):
    failed, tried = doctest.testmod(module, raise_on_error=False, report=True)
    assert tried > 0 and failed == 0

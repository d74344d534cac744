"""RuleSet.load's errors: every diagnostic as fields, and the CLI's text."""

import pytest

from undercroft import Diagnostic, RuleSet, RuleSetError

BAD = """Ruleset(
    name: "test/bad",
    params: {"bias": Int(default: 2, min: 2, max: 100)},
    grid: Grid(width: 3, height: 2),
    steps: [
        Require("rnd(bais) == 0"),
        Require("levl > 1"),
    ],
)
"""


def test_diagnostics_are_fields_and_the_text_is_the_cli_text(cli, tmp_path):
    p = tmp_path / "bad.ron"
    p.write_text(BAD)
    with pytest.raises(RuleSetError) as e:
        RuleSet.load(p)
    assert e.value.diagnostics == [
        Diagnostic(str(p), 6, 22, "unknown name `bais`", "did you mean `bias`?"),
        Diagnostic(str(p), 7, 18, "unknown name `levl`", "known names here: bias"),
    ]
    r = cli("check", p, check=False)
    assert r.returncode == 1
    assert str(e.value) == r.stderr
    assert "╭─[" in r.stderr and "help: did you mean `bias`?" in r.stderr
    assert str(e.value.diagnostics[0]) == f"{p}:6:22: unknown name `bais` (help: did you mean `bias`?)"


def test_a_missing_file_is_a_rule_set_error(tmp_path):
    with pytest.raises(RuleSetError) as e:
        RuleSet.load(tmp_path / "nothing.ron")
    (d,) = e.value.diagnostics
    assert d.file == str(tmp_path / "nothing.ron") and "read" in d.message

"""Every Python code block of README.md and docs/*.md runs, and the outputs its comments state hold.

A block is run statement by statement; the blocks of one file share a namespace, in order. A
statement whose last line ends in a comment ``# -> TEXT`` states its output: for ``print(...)`` the
printed text, for a bare expression the ``repr`` of its value. ``...`` in TEXT stands for any text
(as in doctest's ELLIPSIS). A comment ``# raises NAME`` says the statement raises that exception.
So examples cannot rot: a changed output or a failing line fails the test with the file and line.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
import tokenize
from pathlib import Path

import pytest
from helpers import ROOT

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
STATED = re.compile(r"#\s*->\s?(.*)$")
RAISES = re.compile(r"#\s*raises\s+(\w+)")


def python_blocks(path: Path) -> list[tuple[int, str]]:
    """(first line number in the file, code) of each ```python block."""
    text = path.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start(1)) + 1, m.group(1)) for m in FENCE.finditer(text)]


def line_comments(code: str) -> dict[int, str]:
    tokens = tokenize.generate_tokens(io.StringIO(code).readline)
    return {t.start[0]: t.string for t in tokens if t.type == tokenize.COMMENT}


def matches(expected: str, actual: str) -> bool:
    pattern = ".*".join(re.escape(part) for part in expected.split("..."))
    return re.fullmatch(pattern, actual, re.S) is not None


def run_block(code: str, namespace: dict, name: str, first_line: int = 1) -> int:
    """Runs a block that starts at `first_line` of file `name`; returns how many stated outputs it
    checked."""
    comments = line_comments(code)
    checked = 0
    for stmt in ast.parse(code).body:
        line = stmt.end_lineno or stmt.lineno
        comment = comments.get(line, "")
        stated, raises = STATED.search(comment), RAISES.search(comment)
        at = f"{name}:{first_line + stmt.lineno - 1}"
        is_print = (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
                    and isinstance(stmt.value.func, ast.Name) and stmt.value.func.id == "print")
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                if isinstance(stmt, ast.Expr) and not is_print:
                    value = eval(compile(ast.Expression(stmt.value), at, "eval"), namespace)
                    shown = repr(value)
                else:
                    exec(compile(ast.Module([stmt], []), at, "exec"), namespace)
                    shown = out.getvalue().strip()
        except Exception as e:
            if raises and type(e).__name__ == raises.group(1):
                checked += 1
                continue
            raise AssertionError(f"{at}: {ast.unparse(stmt)!r} raised {type(e).__name__}: {e}") from e
        if raises:
            raise AssertionError(f"{at}: {ast.unparse(stmt)!r} did not raise {raises.group(1)}")
        if stated:
            expected = stated.group(1).strip()
            assert matches(expected, shown), f"{at}: {ast.unparse(stmt)!r} gave {shown!r}, the doc says {expected!r}"
            checked += 1
    return checked


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_python_blocks_run_and_state_their_outputs(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # In a folder of their own: an example that writes a file (docs/records.md writes games.txt)
    # must not leave it in the checkout; `examples/` stays reachable for those that read one.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    namespace: dict = {"__name__": "__docs__"}
    checked = 0
    for first_line, code in python_blocks(path):
        checked += run_block(code, namespace, path.name, first_line)
    if path in (ROOT / "README.md", ROOT / "docs" / "api.md"):
        assert checked >= 3, f"{path.name}: its examples state too few outputs to check ({checked})"


def test_the_runner_catches_a_wrong_output() -> None:
    with pytest.raises(AssertionError, match="the doc says"):
        run_block("print(1 + 1)  # -> 3\n", {}, "self")
    with pytest.raises(AssertionError, match="raised ZeroDivisionError"):
        run_block("1 / 0\n", {}, "self")
    with pytest.raises(AssertionError, match="did not raise"):
        run_block("1  # raises ValueError\n", {}, "self")
    assert run_block("x = [1, 2]\nx  # -> [1, ...]\nint('a')  # raises ValueError\n", {}, "self") == 2

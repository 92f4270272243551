"""`make test` is the quick loop: a test that starts a real process (a `mallory` command, a
browser) is marked `slow` or `heavy`, and `.ci/run` runs it (docs/development.md)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
# calls that start another process: our CLI as a user runs it, a subprocess, a browser
STARTS_A_PROCESS = {"run_mallory", "Popen", "create_subprocess_exec", "launch"}
MARKED = {"slow", "heavy"}


def _marks(decorators: list[ast.expr]) -> set[str]:
    found = set()
    for node in decorators:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Attribute):
                if sub.value.attr == "mark":
                    found.add(sub.attr)
    return found


def _calls(node: ast.AST) -> set[str]:
    names = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            func = sub.func
            names.add(func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", ""))
    return names


def unmarked_process_tests(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module_marks: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "pytestmark" for t in node.targets):
            module_marks |= _marks([node.value])
    if module_marks & MARKED:
        return []
    return [
        f"{path.relative_to(TESTS)}::{node.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.name.startswith("test_")
        and _calls(node) & STARTS_A_PROCESS
        and not _marks(node.decorator_list) & MARKED
    ]


def test_a_test_that_starts_a_process_is_marked_slow_or_heavy() -> None:
    found = [hit for path in sorted(TESTS.rglob("test_*.py")) for hit in unmarked_process_tests(path)]
    assert found == []


def test_the_marker_check_sees_an_unmarked_process(tmp_path: Path) -> None:
    sample = tmp_path / "test_sample.py"
    sample.write_text(
        "import pytest\n"
        "def test_a(tmp_path):\n    run_mallory(tmp_path, ['doctor'])\n"
        "@pytest.mark.slow\ndef test_b(tmp_path):\n    run_mallory(tmp_path, ['doctor'])\n"
        "def test_c():\n    assert 1\n"
    )
    global TESTS
    saved, TESTS = TESTS, tmp_path
    try:
        assert unmarked_process_tests(sample) == ["test_sample.py::test_a"]
    finally:
        TESTS = saved

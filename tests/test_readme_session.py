"""The README's console session is what the console prints: ``scripts/record_session.py``
runs it again (a real ``mallory chat`` process, offline) and the two must match, entry ids
and report-file dates aside."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _recorder() -> object:
    spec = importlib.util.spec_from_file_location("record_session", ROOT / "scripts" / "record_session.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["record_session"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow  # starts a real mallory process
def test_the_readme_session_is_what_the_console_prints() -> None:
    rec = _recorder()
    shown = rec.readme_session(rec.README.read_text(encoding="utf-8"))  # type: ignore[attr-defined]
    now = rec.transcript(rec.run_console())  # type: ignore[attr-defined]
    assert rec.normalise(now) == rec.normalise(shown), (  # type: ignore[attr-defined]
        "the README's session no longer matches a run: `python scripts/record_session.py` rewrites it"
    )


def test_normalising_keeps_which_ids_are_the_same() -> None:
    rec = _recorder()
    one = "[Entry 2c65fed4] and [Entry e81614e4], again [Entry 2c65fed4]\nFull report: data/reports/global/2026-12-01-the-march-ingestion-outage-8105e15a.md"
    other = "[Entry 0000aaaa] and [Entry 1111bbbb], again [Entry 0000aaaa]\nFull report: data/reports/global/2027-01-02-the-march-ingestion-outage-00000000.md"
    swapped = "[Entry 0000aaaa] and [Entry 1111bbbb], again [Entry 1111bbbb]\nFull report: data/reports/global/2027-01-02-the-march-ingestion-outage-00000000.md"
    assert rec.normalise(one) == rec.normalise(other)  # type: ignore[attr-defined]
    assert rec.normalise(one) != rec.normalise(swapped)  # type: ignore[attr-defined]

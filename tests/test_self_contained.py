"""The repository stands alone: a user clones it with nothing beside it, so no tracked file
may point outside it (the steering folder next to a developer's checkout included)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# built from parts so that this file does not match itself
_SHARED = "sha" + "red"
PATTERNS = (f"../{_SHARED}", f'"{_SHARED}" / "fixtures"', f'"{_SHARED}" / "data"', f"/work/{_SHARED}")


def tracked_files() -> list[Path]:
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=30
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / name for name in out.decode().split("\0") if name]


def test_no_tracked_file_refers_outside_the_repository() -> None:
    offenders = []
    for path in tracked_files():
        if not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if any(pattern in line for pattern in PATTERNS):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert not offenders, "files that refer outside the repository:\n" + "\n".join(offenders)


def test_the_platform_samples_the_tests_use_are_in_the_repository() -> None:
    samples = ROOT / "tests" / "fixtures" / "platform"
    assert (samples / "SOURCES.md").is_file()
    assert len(list((samples / "slack").glob("*.json"))) >= 10
    assert len(list((samples / "telegram").glob("*.json"))) >= 10

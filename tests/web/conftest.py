"""Fixtures for the investigations view: the whole bot serving Slack over HTTP with the view
mounted at /ui (the fake Slack on loopback), and Debian's chromium driven by Playwright."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "slack"))

from fake_slack import FakeSlack

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# screenshots to look at: WEB_SHOTS, else beside the work trees where there are some
SHOTS = Path(os.environ.get("WEB_SHOTS") or "/work/wt/web-shots")


@pytest.fixture
async def slack() -> AsyncIterator[FakeSlack]:
    server = FakeSlack()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    """Headless chromium (Debian's package: nothing is downloaded). Missing: skipped, except
    in CI (.ci/run installs it), where that is a failure."""
    reason = None
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        reason = "playwright is not installed (pip install -e '.[dev]')"
    if reason is None and not (Path(CHROMIUM).exists() or shutil.which("chromium")):
        reason = "chromium is not installed (apt-get install chromium)"
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"the browser tests need it in CI: {reason}")
        pytest.skip(reason)
    async with async_playwright() as pw:
        chromium = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            await chromium.close()


@pytest.fixture
def shots() -> Path | None:
    """Where screenshots of each page go (to look at), when that folder can be made."""
    if not os.environ.get("WEB_SHOTS") and not SHOTS.parent.is_dir():
        return None
    try:
        SHOTS.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return SHOTS

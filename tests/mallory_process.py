"""Run ``python -m bot`` as a person would: in a folder of its own, with no credentials
from the developer's environment, and only the settings a test gives."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path


def run_mallory(
    tmp_path: Path, args: list[str], stdin: str = "", *, timeout: float = 180, **env_extra: str
) -> subprocess.CompletedProcess[str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SLACK_", "TELEGRAM_", "ANTHROPIC_", "MALLORY_"))
    }
    env.update({"MALLORY_DATA_DIR": str(tmp_path / "data"), "MALLORY_EMBEDDER": "none", **env_extra})
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=timeout,
    )


async def until(check: Callable[[], Awaitable[bool]], *, within: float = 60.0, every: float = 0.2) -> float:
    """Wait for another process to get somewhere: a bounded poll (its clock is its own, so
    it cannot be injected); returns the seconds it took."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    while not await check():
        assert loop.time() - start < within, "timed out waiting for the other process"
        await asyncio.sleep(every)
    return loop.time() - start

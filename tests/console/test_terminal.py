"""The console in a real (pseudo-)terminal, as a person types into it: background updates
and the report print above the ``you>`` prompt, which is drawn again after them."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal"),
    pytest.mark.slow,  # starts a real mallory process
]


def screen_lines(raw: str) -> list[str]:
    """The lines a terminal shows for ``raw``: ``\\r`` returns to the line's start and
    ``ESC[K`` clears the rest of it (the only controls the console uses)."""
    lines: list[str] = [""]
    col = 0
    for token in re.findall(r"\x1b\[K|\r\n|\r|\n|[^\r\n\x1b]+|\x1b", raw):
        if token == "\x1b[K":
            lines[-1] = lines[-1][:col]
        elif token == "\r":
            col = 0
        elif token in ("\n", "\r\n"):
            lines.append("")
            col = 0
        else:
            line = lines[-1]
            lines[-1] = line[:col] + token + line[col + len(token) :]
            col += len(token)
    return lines


def _read_until(fd: int, pattern: str, buffer: list[str], deadline: float) -> None:
    while not re.search(pattern, "".join(buffer)):
        if time.monotonic() > deadline:
            raise AssertionError(f"no {pattern!r} in terminal output:\n{''.join(buffer)[-3000:]}")
        ready, _, _ = select.select([fd], [], [], 1.0)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the process closed the terminal
                raise AssertionError("".join(buffer)[-3000:]) from None
            buffer.append(chunk.decode("utf-8", errors="replace"))


def test_updates_and_the_report_print_above_a_redrawn_prompt(tmp_path: Path) -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SLACK_", "TELEGRAM_", "ANTHROPIC_", "MALLORY_"))
    }
    env.update({"MALLORY_DATA_DIR": str(tmp_path / "data"), "MALLORY_EMBEDDER": "none", "COLUMNS": "80"})
    leader, follower = os.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", "chat", "--wait", "60"],
        stdin=follower,
        stdout=follower,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=tmp_path,
        close_fds=True,
    )
    os.close(follower)
    out: list[str] = []
    deadline = time.monotonic() + 120
    try:
        _read_until(leader, r"you> $", out, deadline)
        os.write(leader, b"what is Beacon?\nand who owns Harbor?\n")  # a paste: one message
        _read_until(leader, r"\[Run a deep investigation\]\s*(\r|\n|\x1b\[K)*you> $", out, deadline)
        os.write(leader, b"dig into the March ingestion outage\n")
        _read_until(leader, r"Full report: [^\r\n]+\.md[\s\S]*you> $", out, deadline)
        os.write(leader, b"\x04")  # Ctrl-D: end of input
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(leader)
    screen = screen_lines("".join(out))
    # nothing was printed onto the prompt's line, and the prompt is back at the bottom
    for line in screen:
        if line.startswith("you> "):  # only what the person typed follows the prompt
            assert "mallory [" not in line and "(update to" not in line and "Full report" not in line, line
    assert "you> " in [line for line in screen if line.strip()][-1]
    assert any(line.startswith("mallory [m3] ↳ u2 (report)") for line in screen), screen
    assert not any(line.startswith("mallory [m") and "↳ u3" in line for line in screen)  # 2 messages

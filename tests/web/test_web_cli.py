"""`mallory web` and `mallory web-link` as an operator runs them (real processes)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from mallory_process import run_mallory

pytestmark = pytest.mark.slow  # real mallory processes (.ci/run runs the slow tests)


def test_web_link_prints_a_link_to_the_public_url(tmp_path: Path) -> None:
    proc = run_mallory(
        tmp_path,
        ["web-link", "--user", "telegram:42", "--space", "eng"],
        MALLORY_PUBLIC_URL="https://m.example.com/",
    )
    assert proc.returncode == 0, proc.stderr
    assert re.fullmatch(r"https://m\.example\.com/ui/signin/[0-9a-f]{64}\n", proc.stdout)


def test_web_link_says_what_is_wrong_in_one_line(tmp_path: Path) -> None:
    proc = run_mallory(tmp_path, ["web-link", "--user", "U123"])
    assert proc.returncode == 1
    assert (
        proc.stderr.strip().splitlines()[-1]
        == "mallory: --user 'U123': write it as slack:USER_ID or telegram:USER_ID"
    )
    assert "Traceback" not in proc.stderr


def test_web_help_says_how_to_run_it_behind_a_proxy(tmp_path: Path) -> None:
    proc = run_mallory(tmp_path, ["web", "--help"])
    assert proc.returncode == 0
    assert "reverse proxy" in proc.stdout and "MALLORY_PUBLIC_URL" in proc.stdout


def test_web_serves_the_view_until_stopped(tmp_path: Path) -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SLACK_", "TELEGRAM_", "ANTHROPIC_", "MALLORY_"))
    }
    env.update({"MALLORY_DATA_DIR": str(tmp_path / "data"), "MALLORY_EMBEDDER": "none"})
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", "web", "--port", "0"],
        cwd=tmp_path,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stderr is not None
        line = ""
        for line in proc.stderr:
            if "investigations view on" in line:
                break
        match = re.search(r"http://127\.0\.0\.1:(\d+)/ui/", line)
        assert match, line
        url = match.group(0)
        try:
            urllib.request.urlopen(url, timeout=10)
            raise AssertionError("a page without a session must be refused")
        except urllib.error.HTTPError as exc:
            assert exc.code == 401
            assert "script-src 'self'" in exc.headers["Content-Security-Policy"]
            assert "/web" in exc.read().decode()
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0

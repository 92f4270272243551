"""`mallory investigate --background`: topics from the arguments or one per line on stdin are
enqueued (not run); malformed thread references and bad lines are one clear error and
nothing is enqueued."""

from __future__ import annotations

import asyncio
import io
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.config import load_settings
from storage.db import Database
from storage.queue import Queue


async def _pending(data: Path) -> list[tuple[str, str]]:
    db = Database(load_settings(data_dir=data).resolved_database_url)
    await db.migrate()
    rows = await Queue(db).listing(limit=100)
    await db.dispose()
    return sorted((r.question, r.status) for r in rows)


async def test_stdin_topics_are_enqueued_one_per_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("the Beacon launch\n\n  Harbor budget \nx\x00y\x07z\n"))
    assert await asyncio.to_thread(main, ["--data-dir", str(tmp_path), "investigate", "--background"]) == 0
    out = capsys.readouterr()
    ids = [line.split("\t")[0] for line in out.out.splitlines()]
    assert len(set(ids)) == 3
    assert "enqueued 3 investigation(s)" in out.err
    # each its own request (no dedup among them), none run here, control characters dropped
    assert await _pending(tmp_path) == [
        ("Harbor budget", "pending"),
        ("the Beacon launch", "pending"),
        ("x y z", "pending"),
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--thread", "slack:C0123ABCD"], "expected PLATFORM:CHANNEL:THREAD"),
        (["--thread", "slack::1712345678.000100"], "expected PLATFORM:CHANNEL:THREAD"),
        (["--thread", "irc:#general:1"], "unknown platform 'irc'"),
        (["--thread", "slack:general:1712345678.000100"], "not a Slack channel id: 'general'"),
        (["--thread", "slack:C0123ABCD:yesterday"], "not a Slack thread timestamp"),
        (["--thread", "telegram:@chat:main"], "not a Telegram chat id"),
        (["--thread", "telegram:-100123:topic:seven"], "not a Telegram thread: 'topic:seven'"),
        (["--thread", "slack:C0123ABCD:1712345678.000100"], "posting into Slack needs SLACK_BOT_TOKEN"),
        ([], "no topic given"),
    ],
)
async def test_malformed_requests_are_one_clear_error_and_enqueue_nothing(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("" if not argv else "a topic\n"))
    code = await asyncio.to_thread(main, ["--data-dir", str(tmp_path), "investigate", "--background", *argv])
    err = capsys.readouterr().err.strip()
    assert code == 1
    assert err.startswith("mallory: ") and "\n" not in err and message in err
    assert await _pending(tmp_path) == []


async def test_an_overlong_line_rejects_the_whole_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("fine\n" + "y" * 2001 + "\n"))
    assert await asyncio.to_thread(main, ["--data-dir", str(tmp_path), "investigate", "--background"]) == 1
    assert "line 2: a topic is at most 2000 characters" in capsys.readouterr().err
    assert await _pending(tmp_path) == []


def test_thread_needs_background(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--data-dir", str(tmp_path), "investigate", "--thread", "telegram:-100123:main", "x"]
    assert main(argv) == 1
    assert "--thread goes with --background" in capsys.readouterr().err


async def test_a_telegram_topic_thread_keeps_its_topic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [
        "--data-dir",
        str(tmp_path),
        "investigate",
        "--background",
        "--thread",
        "telegram:-100123:topic:7",
        "x",
    ]
    assert await asyncio.to_thread(main, argv) == 0
    capsys.readouterr()
    db = Database(load_settings(data_dir=tmp_path).resolved_database_url)
    rows = await Queue(db).listing()
    await db.dispose()
    assert '"message_thread_id": 7' in rows[0].thread_ref and '"thread": "topic:7"' in rows[0].thread_ref

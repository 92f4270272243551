"""`mallory doctor` through the command line, with the real Slack, Telegram and Anthropic
clients against the fake servers on loopback, on SQLite and PostgreSQL: what is ready, what
is not (exit 1), and never a secret in the output."""

from __future__ import annotations

import asyncio
import re
import shutil
import sqlite3
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from fake_anthropic import FakeAnthropic, Scripted

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "slack"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "telegram"))
from fake_slack import FakeSlack
from fake_telegram import FakeTelegram

from bot.cli import main

SLACK_TOKEN = "xoxb-doctor-secret-1111"
TELEGRAM_TOKEN = "987654321:AAH-doctor-secret-telegram-token"
ANTHROPIC_KEY = "sk-ant-doctor-secret-2222"
SECRETS = (
    SLACK_TOKEN,
    TELEGRAM_TOKEN,
    ANTHROPIC_KEY,
    "xapp-doctor-secret-3333",
    "doctor-secret",
    "db-secret-pw",
)


@pytest.fixture
async def servers() -> AsyncIterator[tuple[FakeSlack, FakeTelegram, FakeAnthropic]]:
    slack = FakeSlack(bot_token=SLACK_TOKEN, app_token=SECRETS[3])
    telegram = FakeTelegram(token=TELEGRAM_TOKEN, username="DoctorBot")
    model = FakeAnthropic(api_key=ANTHROPIC_KEY)
    for server in (slack, telegram, model):
        await server.start()
    yield slack, telegram, model
    for server in (slack, telegram, model):
        await server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def env(
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    servers: tuple[FakeSlack, FakeTelegram, FakeAnthropic],
) -> dict[str, str]:
    slack, telegram, model = servers
    values = {
        "MALLORY_DATA_DIR": str(tmp_path / "data"),
        "MALLORY_EMBEDDER": "none",
        "SLACK_BOT_TOKEN": SLACK_TOKEN,
        "SLACK_APP_TOKEN": SECRETS[3],
        "SLACK_API_URL": slack.base_url,
        "TELEGRAM_BOT_TOKEN": TELEGRAM_TOKEN,
        "TELEGRAM_API_URL": telegram.api_url,
        "ANTHROPIC_API_KEY": ANTHROPIC_KEY,
        "ANTHROPIC_BASE_URL": model.url,
    }
    if request.param == "postgresql":
        from postgres_server import fresh_postgres_database

        values["MALLORY_DATABASE_URL"] = fresh_postgres_database(request)
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    return values


async def doctor(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, str], str]:
    """Run the command (its own event loop, on a thread: the fake servers serve on this one)."""
    code = await asyncio.to_thread(main, [*argv, "doctor"])
    captured = capsys.readouterr()
    out = captured.out + captured.err
    for secret in SECRETS:
        assert secret not in out
    lines = {}
    for line in captured.out.splitlines()[:-1]:
        status, rest = line.split(" ", 1)
        name, detail = rest.strip().split(": ", 1)
        lines[name] = f"{status} {detail}"
    return code, lines, captured.out.splitlines()[-1]


async def test_everything_ready(
    env: dict[str, str], capsys: pytest.CaptureFixture[str], servers: Any
) -> None:
    assert await asyncio.to_thread(main, ["migrate"]) == 0
    capsys.readouterr()
    code, lines, last = await doctor(capsys)
    assert (code, last) == (0, "ready")
    assert list(lines) == [
        "database",
        "data folder",
        "embedder",
        "slack",
        "telegram",
        "worker delivery",
        "model",
        "access policy",
        "search indexes",
    ]
    assert all(v.startswith("ok") for v in lines.values())
    assert "migrations at head" in lines["database"]
    assert ("PostgreSQL 1" if "MALLORY_DATABASE_URL" in env else "SQLite 3") in lines["database"]
    assert "@mallory (UBOT) in Fake Team, Socket Mode" in lines["slack"]
    assert "@DoctorBot (987654321)" in lines["telegram"]
    assert lines["worker delivery"] == "ok a `mallory worker` here delivers to slack, telegram"
    assert "claude-haiku-4-5 answers" in lines["model"]
    # the policy in force is shown too: Telegram closed by default, Slack the installing workspace
    assert "TELEGRAM_ALLOWED_CHATS (none)" in lines["access policy"]
    assert "SLACK_ALLOWED_TEAMS (the installing workspace)" in lines["access policy"]
    assert "MALLORY_TOKENS_PER_USER_DAY no limit" in lines["access policy"]
    assert re.fullmatch(
        r"ok 0 entries \(postings [0-9.]+ MiB\), loaded in [0-9.]+ s; resident [0-9]+ MiB",
        lines["search indexes"],
    ), lines["search indexes"]
    slack, telegram, model = servers
    assert [c.method for c in slack.calls] == ["auth.test"]
    assert telegram.calls_to("getMe")
    assert model.requests[0]["max_tokens"] == 1


async def test_each_fault_is_named_and_exits_1(
    env: dict[str, str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-doctor-secret-wrong")
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", "987654321:AAH-doctor-secret-wrong-token")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-doctor-secret-wrong")
    shutil.rmtree(tmp_path / "data")
    (tmp_path / "data").write_text("a file where the data folder should be")
    code, lines, last = await doctor(capsys)
    assert code == 1
    sqlite = "MALLORY_DATABASE_URL" not in env  # its file would be in the data folder
    assert last == (
        f"not ready: {'database, ' if sqlite else ''}data folder, slack, telegram, model"
        + (", search indexes" if sqlite else "")
    )
    assert lines["slack"].startswith("FAIL") and "invalid_auth" in lines["slack"]
    assert lines["telegram"].startswith("FAIL") and "Unauthorized" in lines["telegram"]
    assert lines["model"].startswith("FAIL") and "HTTP 401" in lines["model"]
    assert lines["data folder"].startswith("FAIL")
    assert lines["database"].startswith("FAIL" if sqlite else "ok")


async def test_a_database_behind_or_unreachable_fails(
    env: dict[str, str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, servers: Any
) -> None:
    _slack, _telegram, model = servers
    model.script.append(Scripted(status=529, body={"type": "error", "error": {"type": "overloaded_error"}}))
    assert await asyncio.to_thread(main, ["migrate"]) == 0
    url = env.get("MALLORY_DATABASE_URL")
    if url is None:
        with sqlite3.connect(Path(env["MALLORY_DATA_DIR"]) / "mallory.db") as conn:
            conn.execute("UPDATE alembic_version SET version_num = '0003'")
    else:
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("UPDATE alembic_version SET version_num = '0003'")
    capsys.readouterr()
    code, lines, last = await doctor(capsys)
    assert code == 1 and last == "not ready: database, model"
    assert "schema at 0003" in lines["database"] and "run `mallory migrate`" in lines["database"]
    assert "HTTP 529" in lines["model"]
    monkeypatch.setenv("MALLORY_DATABASE_URL", "postgresql://mallory:db-secret-pw@127.0.0.1:1/nowhere")
    code, lines, _ = await doctor(capsys)
    assert code == 1 and lines["database"].startswith("FAIL")
    assert "127.0.0.1:1/nowhere" in lines["database"]  # where it tried, without the password


async def test_a_worker_host_with_bot_tokens_alone_is_told_where_it_delivers(
    env: dict[str, str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker host has the bot tokens and nothing else (no app token, no signing secret)."""
    monkeypatch.delenv("SLACK_APP_TOKEN")
    assert await asyncio.to_thread(main, ["migrate"]) == 0
    capsys.readouterr()
    code, lines, last = await doctor(capsys)
    assert (code, last) == (0, "ready")
    assert lines["worker delivery"] == "ok a `mallory worker` here delivers to slack, telegram"
    monkeypatch.delenv("TELEGRAM_BOT_TOKEN")
    code, lines, last = await doctor(capsys)
    assert lines["worker delivery"] == "ok a `mallory worker` here delivers to slack"
    monkeypatch.delenv("SLACK_BOT_TOKEN")
    code, lines, last = await doctor(capsys)
    assert lines["worker delivery"].startswith("ok a `mallory worker` here delivers to no platform")

"""`mallory investigate --background --thread slack:…`: a script commissions research into a
Slack thread; a worker (the real Slack client against the fake Web API) posts the report
there. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from fake_slack import FakeSlack

from adapters.slack import sender_from_settings
from bot.cli import main
from bot.config import load_settings
from bot.events import ThreadRef
from bot.runtime import Runtime


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str | None:
    if request.param == "sqlite":
        return None
    from postgres_server import fresh_postgres_database

    return fresh_postgres_database(request, migrated=True)  # as the SQLite file in the data folder


async def test_a_script_commissions_research_into_a_slack_thread(
    slack: FakeSlack,
    tmp_path: Path,
    database_url: str | None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = {
        "MALLORY_DATA_DIR": str(tmp_path / "data"),
        "MALLORY_EMBEDDER": "none",
        "MALLORY_LLM": "offline",
        "SLACK_BOT_TOKEN": slack.bot_token,
        "SLACK_API_URL": slack.base_url,
        **({"MALLORY_DATABASE_URL": database_url} if database_url else {}),
    }
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    argv = [
        "investigate",
        "--background",
        "--thread",
        "slack:C0123ABCD:1712345678.000100",
        "the Beacon launch",
    ]
    assert await asyncio.to_thread(main, argv) == 0
    inv_id, topic = capsys.readouterr().out.strip().split("\t")
    assert topic == "the Beacon launch"
    settings = load_settings()
    async with Runtime.open(settings) as rt:
        await rt.ingest(settings.vault)
        inv = await rt.queue.get(inv_id)
        assert inv is not None and inv.status == "pending"
        thread = ThreadRef.from_json(inv.thread_ref)
        # the workspace comes from auth.test, as the adapter names threads
        assert (thread.platform, thread.space, thread.channel, thread.thread) == (
            "slack", slack.team_id, "C0123ABCD", "1712345678.000100",
        )  # fmt: skip
        rt.worker.senders["slack"] = sender_from_settings(settings)
        assert await rt.worker.run_once() == 1
        done = await rt.queue.get(inv_id)
        assert done is not None and done.status == "delivered"
    posts = slack.posts_in("C0123ABCD", "1712345678.000100")
    assert len(posts) == 1 and "Beacon" in json.dumps(posts[0])


async def test_slack_unreachable_ends_in_one_line_and_exit_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    from postgres_server import _free_port

    closed = _free_port()  # nothing listens there
    for name, value in {
        "MALLORY_DATA_DIR": str(tmp_path / "data"),
        "MALLORY_EMBEDDER": "none",
        "MALLORY_LLM": "offline",
        "SLACK_BOT_TOKEN": "xoxb-not-used-0123456789",
        "SLACK_API_URL": f"http://127.0.0.1:{closed}/api/",
    }.items():
        monkeypatch.setenv(name, value)
    argv = [
        "investigate",
        "--background",
        "--thread",
        "slack:C0123ABCD:1712345678.000100",
        "the Beacon launch",
    ]
    assert await asyncio.to_thread(main, argv) == 1
    out, err = capfd.readouterr()
    assert out == ""
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert "cannot reach Slack" in err

"""The access policy over the real Slack adapter: by default only the installing workspace
is served; channel and user lists; open channels; refusals are one line, nothing stored."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from fake_slack import FakeSlack
from slack_harness import Harness, mention_event, running_bot
from sqlalchemy import func, select
from test_slack_http import command

from bot.clock import FakeClock
from storage.models import Message


def other_team(payload: dict[str, Any], team: str = "T999") -> dict[str, Any]:
    payload = json.loads(json.dumps(payload))
    payload["team_id"] = team
    payload["event"]["team"] = team
    return payload


async def stored_messages(bot: Harness) -> int:
    return await bot.rt.db.run(
        lambda s: int(s.execute(select(func.count()).select_from(Message)).scalar_one())
    )


async def test_another_workspace_gets_one_line_and_nothing_is_stored(bot: Harness) -> None:
    for n in (1, 2):
        event = other_team(mention_event("what is Atlas?", ts=f"1750003000.00010{n}", event_id=f"EvX{n}"))
        assert (await bot.event(event))[0] == 200
    await bot.adapter.drain()
    posts = bot.slack.ok_calls("chat.postMessage")
    assert len(posts) == 1, "one polite line per place and day"
    assert "isn't enabled for this workspace" in posts[0].args["text"] and "T999" in posts[0].args["text"]
    assert await stored_messages(bot) == 0


async def test_a_slash_command_from_another_workspace_posts_nothing(bot: Harness) -> None:
    fields = {**command("/investigate", "the Beacon crash incidents"), "team_id": "T999"}
    status, body = await bot.command(fields)
    await bot.adapter.drain()
    assert status == 200 and "SLACK_ALLOWED_TEAMS" in body
    assert bot.slack.ok_calls("chat.postMessage") == []
    assert await bot.rt.queue.listing(limit=5) == []


@pytest.fixture
async def listed(tmp_path: Path, clock: FakeClock, slack: FakeSlack) -> AsyncIterator[Harness]:
    """Only #C111 is enabled, plus user U777 anywhere; #C555 is open (no mention needed)."""
    async with running_bot(
        tmp_path,
        clock,
        slack,
        slack_allowed_channels="C111,C555",
        slack_allowed_users="U777",
        open_channels="C555",
    ) as harness:
        yield harness


async def test_unlisted_channel_is_refused_but_a_listed_user_is_let_in(listed: Harness) -> None:
    refused = mention_event("what is Atlas?", ts="1750003100.000100", event_id="EvL1", channel="C222")
    let_in = mention_event(
        "what is Atlas?", ts="1750003100.000200", event_id="EvL2", channel="C222", user="U777"
    )
    await listed.event(refused)
    await listed.adapter.drain()
    [line] = listed.slack.ok_calls("chat.postMessage")
    assert "SLACK_ALLOWED_CHANNELS" in line.args["text"] and "C222" in line.args["text"]
    await listed.event(let_in)
    await listed.adapter.drain()
    assert listed.thread_posts("C222", "1750003100.000200"), "U777 is listed"


async def test_an_open_channel_answers_without_a_mention(listed: Harness) -> None:
    for channel, ts in (("C555", "1750003200.000100"), ("C111", "1750003200.000200")):
        event = mention_event(
            "what did we decide about Atlas storage?",
            ts=ts,
            event_id=f"Ev{channel}",
            channel=channel,
            bot_user_id="",
            kind="message",
        )
        await listed.event(event)
    await listed.adapter.drain()
    assert listed.thread_posts("C555", "1750003200.000100"), "open: every message is for Mallory"
    assert listed.thread_posts("C111", "1750003200.000200") == [], "mention-only: overheard"

"""Every shared Slack payload sample, fed to the running bot the way Slack delivers it —
signed HTTP and Socket Mode — is acknowledged with 2xx and either answered or ignored on
purpose, without an error."""

from __future__ import annotations

import json
import logging
import shutil
import uuid
from pathlib import Path
from typing import Any

import pytest
from fake_slack import FIXTURES, FakeSlack, load_fixture
from slack_harness import Harness, running_bot

from bot.clock import FakeClock

BOT_USER_ID = "W111"  # the bot user most samples were recorded with

# file → where Mallory answers ("channel", "thread_ts"), "prompts", "private" (the ack
# itself), or None when the payload is ignored on purpose.
EXPECTED: dict[str, tuple[str, str] | str | None] = {
    "app_mention__bolt_test_events.json": ("C111", "1595926230.009600"),
    "app_mention__docs_slack_dev_reference_events_app_mention.json": ("C123ABC456", "1515449522.000016"),
    "app_mention_with_blocks__bolt_test_block_actions_respond.json": ("C111", "1678252212.229129"),
    "assistant_thread_started__bolt_test_events_assistant.json": "prompts",
    "block_actions__bolt_test_block_actions.json": None,  # another app's button
    "block_actions_message_button__bolt_test_block_actions_respond.json": None,
    "events_api_retry_socket_mode_envelope__bolt_mock_socket_mode_server.json": ("C111", "1610197986.000300"),
    "message_changed__bolt_test_message_changed.json": None,
    "message_deleted__bolt_test_message_deleted.json": None,
    "message_from_other_app_bot_id__bolt_test_message_bot.json": None,
    "message_im_thread_reply_assistant__bolt_test_events_assistant.json": ("D111", "1726133698.626339"),
    "message_replied_thread_reply__docs_slack_dev_reference_events_message_replied.json": None,
    "message_subtype_bot_message_classic__bolt_test_message_bot.json": None,
    # a reply in a thread Mallory is not part of, without a mention: overheard
    "message_thread_broadcast__bolt_test_message_thread_broadcast.json": None,
    "message_thread_reply_in_channel__bolt_test_events_assistant.json": None,
    "slash_command__bolt_test_slash_command.json": "private",  # not one of ours
    "slash_command_socket_mode_envelope__bolt_mock_socket_mode_server.json": "private",
}

SAMPLES = sorted(p.name for p in FIXTURES.glob("*.json"))


@pytest.fixture(autouse=True)
def _vault_loaded(tmp_path: Path, _seeded_sqlite: Path) -> None:
    """Each bot starts on a copy of the session's knowledge base with the example vault
    loaded (the SQLite file ``running_bot`` opens), not seeding it again per sample."""
    shutil.copyfile(_seeded_sqlite, tmp_path / "mallory.db")


def test_every_sample_has_an_expectation() -> None:
    assert SAMPLES, f"no samples found in {FIXTURES}"
    assert set(SAMPLES) == set(EXPECTED)


def unwrap(sample: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """(payload, kind): kind is events_api, interactive or slash_commands."""
    if "envelope_id" in sample:
        return sample["payload"], sample["type"]
    if sample.get("type") == "block_actions":
        return sample, "interactive"
    if "command" in sample:
        return sample, "slash_commands"
    return sample, "events_api"


async def deliver_http(
    bot: Harness, payload: dict[str, Any], kind: str, headers: dict[str, str]
) -> tuple[int, str]:
    if kind == "interactive":
        return await bot.interaction(payload)
    if kind == "slash_commands":
        return await bot.command({k: str(v) for k, v in payload.items()})
    return await bot.event(payload, headers=headers)


def check_outcome(name: str, slack: FakeSlack, response_text: str) -> None:
    expected = EXPECTED[name]
    posts = slack.ok_calls("chat.postMessage")
    if isinstance(expected, tuple):
        channel, thread_ts = expected
        assert posts, f"{name}: not answered"
        assert all(c.args["channel"] == channel and c.args["thread_ts"] == thread_ts for c in posts)
    elif expected == "prompts":
        assert slack.ok_calls("assistant.threads.setSuggestedPrompts")
        assert not posts
    elif expected == "private":
        assert "I don't know" in response_text
        assert not posts
    else:
        assert not posts, f"{name}: should have been ignored"


def assert_no_errors(caplog: pytest.LogCaptureFixture) -> None:
    problems = [
        r
        for r in caplog.records
        if r.levelno >= logging.ERROR
        or (r.levelno >= logging.WARNING and r.name.startswith("adapters.slack"))
    ]
    assert not problems, [r.getMessage() for r in problems]


@pytest.mark.parametrize("name", SAMPLES)
async def test_sample_over_http(
    name: str, tmp_path: Path, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    sample = load_fixture(name)
    payload, kind = unwrap(sample)
    headers = {}
    if "retry_attempt" in sample:  # the HTTP spelling of a Socket Mode redelivery
        headers = {"X-Slack-Retry-Num": str(sample["retry_attempt"]), "X-Slack-Retry-Reason": "http_timeout"}
    slack = FakeSlack(bot_user_id=BOT_USER_ID)
    await slack.start()
    try:
        async with running_bot(tmp_path, clock, slack) as bot:
            status, text = await deliver_http(bot, payload, kind, headers)
            await bot.adapter.drain()
            assert 200 <= status < 300
            check_outcome(name, slack, text)
            # The same delivery again (a Slack retry) changes nothing.
            before = len(slack.ok_calls("chat.postMessage"))
            if kind == "events_api":
                status, _ = await deliver_http(bot, payload, kind, {"X-Slack-Retry-Num": "1"})
                await bot.adapter.drain()
                assert 200 <= status < 300
                assert len(slack.ok_calls("chat.postMessage")) == before
    finally:
        await slack.stop()
    assert_no_errors(caplog)


@pytest.mark.parametrize("name", SAMPLES)
async def test_sample_over_socket_mode(
    name: str, tmp_path: Path, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    sample = load_fixture(name)
    payload, kind = unwrap(sample)
    envelope = (
        sample
        if "envelope_id" in sample
        else {
            "envelope_id": str(uuid.uuid4()),
            "payload": payload,
            "type": kind,
            "accepts_response_payload": kind != "events_api",
        }
    )
    slack = FakeSlack(bot_user_id=BOT_USER_ID)
    await slack.start()
    try:
        async with running_bot(tmp_path, clock, slack, http=False, slack_app_token=slack.app_token) as bot:
            ack = await slack.push_envelope(envelope)
            await bot.adapter.drain()
            assert ack["envelope_id"] == envelope["envelope_id"]
            text = json.dumps(ack.get("payload") or {})
            check_outcome(name, slack, text)
            [opened] = slack.calls_to("apps.connections.open")
            assert opened.token == slack.app_token
    finally:
        await slack.stop()
    assert_no_errors(caplog)
    assert "apps.connections.open" in caplog.text  # the traffic was logged at DEBUG…
    assert slack.app_token not in caplog.text and slack.bot_token not in caplog.text  # …without tokens

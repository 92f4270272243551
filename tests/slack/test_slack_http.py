"""HTTP mode: bolt's signature verification in front of everything, redeliveries, the
health check, slash commands, the message shortcut and the assistant thread surface."""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import time
from urllib.parse import urlencode

import pytest
from fake_slack import FakeSlack, load_fixture
from slack_harness import SIGNING_SECRET, Harness, mention_event, running_bot, signature_headers

from adapters.slack import SlackAdapter, sender_from_settings
from bot.clock import FakeClock
from bot.config import load_settings
from bot.errors import ConfigError


def seen_events(bot: Harness) -> int:
    return len(bot.slack.calls_to("chat.postMessage"))


async def test_signed_request_is_processed(bot: Harness) -> None:
    status, _ = await bot.event(mention_event("hello", ts="1750002000.000100", event_id="EvA"))
    await bot.adapter.drain()
    assert status == 200
    assert len(bot.thread_posts("C111", "1750002000.000100")) == 1


async def test_wrong_signature_is_401_and_nothing_happens(bot: Harness) -> None:
    body = json.dumps(mention_event("hello", ts="1750002100.000100", event_id="EvB"))
    forged = signature_headers(body, secret="not-the-secret")
    status, _ = await bot.post(body, "application/json", signed=forged)
    await bot.adapter.drain()
    assert status == 401
    assert bot.slack.calls == [], "not even auth.test: nothing was processed"
    # The same event, properly signed, is still new: the forged one left no trace.
    assert (await bot.post(body, "application/json"))[0] == 200
    await bot.adapter.drain()
    assert len(bot.thread_posts("C111", "1750002100.000100")) == 1


async def test_tampered_body_is_401(bot: Harness) -> None:
    body = json.dumps(mention_event("hello", ts="1750002150.000100", event_id="EvB2"))
    signed = signature_headers(body)
    status, _ = await bot.post(body.replace("hello", "hellO"), "application/json", signed=signed)
    assert status == 401


async def test_replay_older_than_five_minutes_is_401(bot: Harness) -> None:
    body = json.dumps(mention_event("hello", ts="1750002200.000100", event_id="EvC"))
    stale = signature_headers(body, timestamp=int(time.time()) - 6 * 60)
    status, _ = await bot.post(body, "application/json", signed=stale)
    await bot.adapter.drain()
    assert status == 401
    assert seen_events(bot) == 0


async def test_missing_signature_is_401(bot: Harness) -> None:
    body = json.dumps(mention_event("hello", ts="1750002250.000100", event_id="EvC2"))
    async with bot.http.post(
        f"{bot.url}/slack/events", data=body, headers={"Content-Type": "application/json"}
    ) as resp:
        assert resp.status == 401


async def test_retried_event_is_processed_once(bot: Harness) -> None:
    payload = mention_event("hello", ts="1750002300.000100", event_id="EvD")
    assert (await bot.event(payload))[0] == 200
    body = json.dumps(payload)
    for n in (1, 2):
        retry = {"X-Slack-Retry-Num": str(n), "X-Slack-Retry-Reason": "http_timeout"}
        # Slack signs each retry afresh: a new timestamp, so a new signature (the harness's
        # fresh timestamps never repeat; "now - n" could meet the first delivery's)
        signed = signature_headers(body)
        assert (await bot.post(body, "application/json", headers=retry, signed=signed))[0] == 200
    await bot.adapter.drain()
    assert len(bot.thread_posts("C111", "1750002300.000100")) == 1


async def test_url_verification_challenge(bot: Harness) -> None:
    status, body = await bot.event({"token": "x", "challenge": "c-123", "type": "url_verification"})
    assert status == 200
    assert json.loads(body) == {"challenge": "c-123"}


async def test_health_check(bot: Harness) -> None:
    async with bot.http.get(f"{bot.url}/healthz") as resp:
        assert resp.status == 200
        assert (await resp.json())["ok"] is True


def command(name: str, text: str, *, channel: str = "C111", user: str = "U222") -> dict[str, str]:
    return {
        "token": "legacy-verification-token",
        "team_id": "T111",
        "team_domain": "fake",
        "channel_id": channel,
        "channel_name": "general",
        "user_id": user,
        "user_name": "ana",
        "command": name,
        "text": text,
        "api_app_id": "A111",
        "response_url": "https://hooks.slack.invalid/commands/T111/1/x",
        "trigger_id": "1.2.3",
    }


async def test_investigate_command_starts_a_thread_and_reports_into_it(bot: Harness) -> None:
    status, _ = await bot.command(command("/investigate", "the Beacon crash incidents"))
    await bot.adapter.drain()
    assert status == 200
    [root] = [c for c in bot.slack.ok_calls("chat.postMessage") if not c.args.get("thread_ts")]
    root_ts = root.response["ts"]
    assert "/investigate the Beacon crash incidents" in root.args["text"]
    [ack] = bot.thread_posts("C111", root_ts)
    assert ack["text"].startswith("On it")
    assert await bot.rt.worker.run_once() == 1
    assert bot.thread_posts("C111", root_ts)[1]["text"].startswith("<@U222>")


async def test_recall_and_remember_commands(bot: Harness) -> None:
    await bot.command(command("/remember", "the deploy freeze starts Friday"))
    await bot.command(command("/recall", "storage backend"))
    await bot.adapter.drain()
    roots = [c.response["ts"] for c in bot.slack.ok_calls("chat.postMessage") if not c.args.get("thread_ts")]
    assert len(roots) == 2
    remembered = bot.thread_posts("C111", roots[0])
    assert remembered and remembered[0]["text"].startswith("Remembered")
    assert bot.thread_posts("C111", roots[1]), "the recall is answered in its thread"


async def test_command_where_mallory_cannot_post_says_so_privately(bot: Harness) -> None:
    bot.slack.fail("chat.postMessage", "not_in_channel")
    status, body = await bot.command(command("/investigate", "anything", channel="C999"))
    assert status == 200
    assert "invite me" in body  # a plain-text ack is shown to the user privately


async def test_unknown_command_is_answered(bot: Harness) -> None:
    fields = {k: str(v) for k, v in load_fixture("slash_command__bolt_test_slash_command.json").items()}
    status, body = await bot.command(fields)
    assert status == 200
    assert "/hello-world" in body


async def test_message_shortcut_investigates_the_thread(bot: Harness) -> None:
    root_ts = "1750002400.000100"
    bot.slack.seed_thread(
        "C111",
        root_ts,
        [
            {
                "type": "message",
                "user": "U333",
                "text": "Atlas ingestion keeps timing out at night",
                "ts": root_ts,
            },
            {
                "type": "message",
                "user": "U444",
                "text": "since the storage migration?",
                "ts": "1750002401.000100",
            },
            {"type": "message", "bot_id": "B999", "text": "build passed", "ts": "1750002402.000100"},
        ],
    )
    payload = {
        "type": "message_action",
        "callback_id": "investigate_thread",
        "trigger_id": "trig-1",
        "team": {"id": "T111", "domain": "fake"},
        "channel": {"id": "C111", "name": "general"},
        "user": {"id": "U222", "name": "ana"},
        "message_ts": "1750002401.000100",
        "message": {
            "type": "message",
            "user": "U444",
            "text": "since the storage migration?",
            "ts": "1750002401.000100",
            "thread_ts": root_ts,
        },
        "response_url": "https://hooks.slack.invalid/actions/T111/1/x",
        "token": "legacy-verification-token",
    }
    status, _ = await bot.interaction(payload)
    await bot.adapter.drain()
    assert status == 200
    [replies] = bot.slack.calls_to("conversations.replies")
    assert replies.args["ts"] == root_ts
    [ack] = bot.thread_posts("C111", root_ts)
    assert ack["text"].startswith("On it")
    assert "timing out" in ack["text"] and "build passed" not in ack["text"]
    assert await bot.rt.worker.run_once() == 1
    assert bot.thread_posts("C111", root_ts)[1]["text"].startswith("<@U222>")


async def test_assistant_thread_gets_suggested_prompts(bot: Harness) -> None:
    body = load_fixture("assistant_thread_started__bolt_test_events_assistant.json")
    assert (await bot.event(body))[0] == 200
    await bot.adapter.drain()
    [call] = bot.slack.calls_to("assistant.threads.setSuggestedPrompts")
    assert call.args["channel_id"] == "D111" and call.args["thread_ts"] == "1726133698.626339"
    assert all(p["title"] and p["message"] for p in call.args["prompts"])


async def test_secrets_never_reach_the_logs(
    tmp_path, clock: FakeClock, slack: FakeSlack, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    async with running_bot(tmp_path, clock, slack) as bot:
        await bot.event(
            mention_event("research the storage decision", ts="1750002500.000100", event_id="EvS")
        )
        body = json.dumps(mention_event("x", ts="1750002501.000100", event_id="EvT"))
        await bot.post(body, "application/json", signed=signature_headers(body, secret="wrong"))
        await bot.command(command("/recall", "storage"))
        await bot.adapter.drain()
        await bot.rt.worker.run_once()
    assert "chat.postMessage" in caplog.text, "the Web API traffic was logged at DEBUG"
    for secret in (slack.bot_token, SIGNING_SECRET):
        assert secret not in caplog.text


async def test_http_mode_needs_a_signing_secret(tmp_path, slack: FakeSlack) -> None:
    settings = load_settings(data_dir=tmp_path, slack_bot_token=slack.bot_token, slack_api_url=slack.base_url)
    sender = sender_from_settings(settings)
    assert sender is not None
    adapter = SlackAdapter(settings, core=None, sender=sender)  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        await adapter.start(0, host="127.0.0.1")
    with pytest.raises(ConfigError):
        await adapter.start()  # and Socket Mode needs an app token


def test_form_bodies_roundtrip() -> None:
    # The slash-command fixture's documented raw wire body parses to the same fields.
    fields = load_fixture("slash_command__bolt_test_slash_command.json")
    assert "command=%2Fhello-world" in urlencode(fields)


@pytest.mark.parametrize(
    "event",
    [
        {"type": "member_joined_channel", "user": "UBOT", "channel": "C111", "team": "T111"},
        {
            "type": "assistant_thread_context_changed",
            "assistant_thread": {"channel_id": "D1", "thread_ts": "1.1"},
        },
        {
            "type": "message",
            "subtype": "channel_join",
            "user": "U9",
            "channel": "C111",
            "ts": "1.2",
            "text": "joined",
        },
    ],
)
async def test_events_ignored_on_purpose_are_still_acknowledged(bot: Harness, event: dict) -> None:
    payload = {
        "team_id": "T111",
        "api_app_id": "A111",
        "type": "event_callback",
        "event_id": "EvJ",
        "event": event,
    }
    status, _ = await bot.event(payload)
    await bot.adapter.drain()
    assert status == 200, "anything but 2xx makes Slack retry"
    assert bot.slack.calls_to("chat.postMessage") == []


async def test_cancel_command_explains_how_to_cancel(bot: Harness) -> None:
    status, body = await bot.command(command("/cancel", ""))
    assert status == 200
    assert "cancel" in body and "thread" in body
    assert bot.slack.calls_to("chat.postMessage") == []


async def test_status_command_lists_open_investigations(bot: Harness) -> None:
    await bot.event(
        mention_event("research the storage backend decision", ts="1750002600.000100", event_id="EvQ")
    )
    await bot.adapter.drain()  # the investigation is open before /status is asked
    await bot.command(command("/status", ""))
    await bot.adapter.drain()
    [root] = [c.response["ts"] for c in bot.slack.ok_calls("chat.postMessage") if not c.args.get("thread_ts")]
    [listing] = bot.thread_posts("C111", root)
    assert "storage backend decision" in listing["text"]


# -- the door: nothing is parsed before the signature checks out ------------------------


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        ('{"type": "event_callback", "event": ', "application/json"),
        ("payload=%7Bnot-json", "application/x-www-form-urlencoded"),
        ("\udcff\udcfe", "application/octet-stream"),
        ("[1, 2, 3]", "application/json"),
    ],
    ids=["malformed-json", "bad-form", "binary", "json-array"],
)
@pytest.mark.parametrize("signed", [True, False], ids=["signed", "unsigned"])
async def test_unreadable_bodies_are_refused_quietly(
    bot: Harness, caplog: pytest.LogCaptureFixture, body: str, content_type: str, signed: bool
) -> None:
    raw = body.encode("utf-8", "surrogateescape")
    ts = str(int(time.time()))
    digest = hmac.new(SIGNING_SECRET.encode(), f"v0:{ts}:".encode() + raw, hashlib.sha256).hexdigest()
    headers = {"Content-Type": content_type, "X-Slack-Request-Timestamp": ts}
    if signed:
        headers["X-Slack-Signature"] = f"v0={digest}"
    with caplog.at_level(logging.DEBUG):
        async with bot.http.post(f"{bot.url}/slack/events", data=raw, headers=headers) as resp:
            status = resp.status
    assert status == (400 if signed else 401)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert bot.slack.calls == []


@pytest.mark.parametrize("timestamp", ["abc", "", "1e9", "-5", "١٢٣"])
async def test_unreadable_timestamp_is_401(
    bot: Harness, caplog: pytest.LogCaptureFixture, timestamp: str
) -> None:
    body = json.dumps(mention_event("hello", ts="1750002400.000100", event_id="EvTs"))
    headers = {**signature_headers(body), "X-Slack-Request-Timestamp": timestamp}
    with caplog.at_level(logging.DEBUG):
        status, _ = await bot.post(body, "application/json", signed=headers)
    assert status == 401
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


async def test_replayed_investigate_command_starts_one_investigation(bot: Harness) -> None:
    body = urlencode(command("/investigate", "the Beacon crash incidents"))
    signed = signature_headers(body)
    first, _ = await bot.post(body, "application/x-www-form-urlencoded", signed=signed)
    replayed, _ = await bot.post(body, "application/x-www-form-urlencoded", signed=signed)
    await bot.adapter.drain()
    assert (first, replayed) == (200, 401)
    assert len(await bot.rt.queue.listing(limit=10)) == 1
    roots = [c for c in bot.slack.ok_calls("chat.postMessage") if not c.args.get("thread_ts")]
    assert len(roots) == 1


async def test_replay_record_holds_across_processes(tmp_path, clock: FakeClock, slack: FakeSlack) -> None:
    """Two bot processes on one database: a request replayed to the other is still refused."""
    body = urlencode(command("/investigate", "the Beacon crash incidents"))
    signed = signature_headers(body)
    async with running_bot(tmp_path, clock, slack) as one:
        assert (await one.post(body, "application/x-www-form-urlencoded", signed=signed))[0] == 200
        await one.adapter.drain()
    async with running_bot(tmp_path, clock, slack) as two:
        assert (await two.post(body, "application/x-www-form-urlencoded", signed=signed))[0] == 401
        assert len(await two.rt.queue.listing(limit=10)) == 1


async def test_retry_signed_in_the_same_second_is_acknowledged_once(bot: Harness) -> None:
    """Slack retries an event with the same body; sent within the same second as the first
    delivery it carries the same signature. It is a retry, not a replay: 200, handled once."""
    body = json.dumps(mention_event("hello", ts="1750002310.000100", event_id="EvSame"))
    signed = signature_headers(body)
    assert (await bot.post(body, "application/json", signed=signed))[0] == 200
    retry = {"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"}
    assert (await bot.post(body, "application/json", headers=retry, signed=signed))[0] == 200
    await bot.adapter.drain()
    assert len(bot.thread_posts("C111", "1750002310.000100")) == 1


async def test_same_signature_without_an_event_id_is_still_a_replay(bot: Harness) -> None:
    """The replay guard stays for what has no event id, even when it says it is a retry."""
    body = urlencode(command("/recall", "storage backend"))
    signed = signature_headers(body)
    retry = {"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"}
    assert (await bot.post(body, "application/x-www-form-urlencoded", signed=signed))[0] == 200
    status, _ = await bot.post(body, "application/x-www-form-urlencoded", headers=retry, signed=signed)
    assert status == 401


@pytest.mark.parametrize(
    "raw",
    [
        '{"type": "event_callback", "event_id": "EvX1", "event": null}',
        '{"type": "event_callback", "event_id": "EvX2", "event": "app_mention"}',
        '{"type": "event_callback", "event_id": "EvX3", "event": [1, 2]}',
        '{"type": "event_callback", "event_id": "EvX4", "event": NaN}',
        '{"type": "event_callback", "event_id": "EvX5", "event": {"type": null}}',
        '{"type": "event_callback", "event_id": "EvX6", "event": {"type": "app_mention", "user": NaN}}',
        '{"type": "event_callback", "event_id": ["EvX7"], "event": {"type": "app_mention"}}',
        '{"type": "event_callback", "team_id": {"a": 1}, "event": {"type": "app_mention"}}',
        '{"type": "block_actions", "actions": "press", "user": null}',
        '{"type": "block_actions", "actions": [null], "user": {"id": "U1"}}',
        '{"type": "url_verification", "challenge": null}',
        '{"type": null}',
        '{"type": 7, "event": {}}',
    ],
    ids=[
        "null",
        "string",
        "list",
        "nan",
        "type-null",
        "nan-field",
        "event-id-list",
        "team-object",
        "actions-string",
        "action-null",
        "challenge-null",
        "type-null-top",
        "type-number",
    ],
)
async def test_signed_bodies_of_the_wrong_shape_are_400_with_one_warning(
    bot: Harness, caplog: pytest.LogCaptureFixture, raw: str
) -> None:
    with caplog.at_level(logging.DEBUG):
        status, _ = await bot.post(raw, "application/json")
        await bot.adapter.drain()
    assert status == 400
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1, [r.getMessage() for r in warnings]
    assert not bot.slack.ok_calls("chat.postMessage")


@pytest.mark.parametrize(
    "form",
    [
        "command=%2Frecall",
        "payload=null",
        "payload=%5B1%5D",
        "payload=%7B%22type%22%3A%20%22block_actions%22%7D",
    ],
    ids=["command-alone", "payload-null", "payload-list", "actions-missing"],
)
async def test_signed_forms_of_the_wrong_shape_are_400(
    bot: Harness, caplog: pytest.LogCaptureFixture, form: str
) -> None:
    with caplog.at_level(logging.DEBUG):
        status, _ = await bot.post(form, "application/x-www-form-urlencoded")
        await bot.adapter.drain()
    assert status == 400
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]

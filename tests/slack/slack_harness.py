"""The whole bot for Slack tests: the real core (offline LLM, SQLite, the example vault,
a fake clock) wired to the real Slack adapter, serving HTTP on 127.0.0.1 and calling the
fake Slack Web API. Requests are signed the way Slack signs them."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import aiohttp
from fake_slack import FakeSlack

from adapters.slack import SlackAdapter, SlackSender, sender_from_settings
from bot.clock import FakeClock
from bot.config import Settings, load_settings
from bot.runtime import Runtime

SIGNING_SECRET = "fake-signing-secret-0123456789abcdef"


_last_timestamp = 0


def _fresh_timestamp() -> int:
    """Slack signs every delivery (a retry too) with the time it sends it, so no two
    deliveries share a signature; within one second the harness counts on."""
    global _last_timestamp
    _last_timestamp = max(int(time.time()), _last_timestamp + 1)
    return _last_timestamp


def signature_headers(
    body: str, *, secret: str = SIGNING_SECRET, timestamp: int | None = None
) -> dict[str, str]:
    ts = _fresh_timestamp() if timestamp is None else timestamp
    digest = hmac.new(secret.encode(), f"v0:{ts}:{body}".encode(), hashlib.sha256).hexdigest()
    return {"X-Slack-Request-Timestamp": str(ts), "X-Slack-Signature": f"v0={digest}"}


@dataclass
class Harness:
    slack: FakeSlack
    rt: Runtime
    settings: Settings
    sender: SlackSender
    adapter: SlackAdapter
    clock: FakeClock
    http: aiohttp.ClientSession

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.adapter.port}"

    async def post(
        self,
        body: str,
        content_type: str,
        *,
        headers: dict[str, str] | None = None,
        signed: dict[str, str] | None = None,
    ) -> tuple[int, str]:
        all_headers = {"Content-Type": content_type, **(signed or signature_headers(body)), **(headers or {})}
        async with self.http.post(
            f"{self.url}/slack/events", data=body.encode(), headers=all_headers
        ) as resp:
            return resp.status, await resp.text()

    async def event(self, payload: dict[str, Any], **kwargs: Any) -> tuple[int, str]:
        """An Events API delivery (JSON)."""
        return await self.post(json.dumps(payload), "application/json", **kwargs)

    async def interaction(self, payload: dict[str, Any], **kwargs: Any) -> tuple[int, str]:
        """Interactivity (buttons, shortcuts): one form field ``payload`` holding JSON."""
        return await self.post(
            f"payload={quote(json.dumps(payload))}", "application/x-www-form-urlencoded", **kwargs
        )

    async def command(self, fields: dict[str, str], **kwargs: Any) -> tuple[int, str]:
        """A slash command: form fields."""
        return await self.post(urlencode(fields), "application/x-www-form-urlencoded", **kwargs)

    def thread_posts(self, channel: str, thread_ts: str) -> list[dict[str, Any]]:
        return self.slack.posts_in(channel, thread_ts)


def mention_event(
    text: str,
    *,
    ts: str,
    event_id: str,
    user: str = "U222",
    channel: str = "C111",
    bot_user_id: str = "UBOT",
    kind: str = "app_mention",
    thread_ts: str | None = None,
) -> dict[str, Any]:
    event: dict[str, Any] = {
        "type": kind,
        "user": user,
        "text": f"<@{bot_user_id}> {text}" if bot_user_id else text,
        "ts": ts,
        "channel": channel,
        "team": "T111",
        "event_ts": ts,
    }
    if kind == "message":
        event["channel_type"] = "im" if channel.startswith("D") else "channel"
    if thread_ts:
        event["thread_ts"] = thread_ts
    return {
        "token": "legacy-verification-token",
        "team_id": "T111",
        "api_app_id": "A111",
        "event": event,
        "type": "event_callback",
        "event_id": event_id,
        "event_time": int(float(ts)),
        "authorizations": [{"team_id": "T111", "user_id": bot_user_id, "is_bot": True}],
    }


def press(
    button: dict[str, Any], message: dict[str, Any], *, trigger: str, user: str = "U222"
) -> dict[str, Any]:
    """A block_actions payload as Slack sends it for a button on one of our messages."""
    return {
        "type": "block_actions",
        "user": {"id": user, "username": "ana", "name": "ana", "team_id": "T111"},
        "api_app_id": "A111",
        "token": "legacy-verification-token",
        "container": {
            "type": "message",
            "message_ts": message["ts"],
            "channel_id": message["channel"],
            "is_ephemeral": False,
            "thread_ts": message.get("thread_ts"),
        },
        "trigger_id": trigger,
        "team": {"id": "T111", "domain": "fake"},
        "channel": {"id": message["channel"], "name": "general"},
        "message": {
            k: message[k] for k in ("type", "text", "ts", "thread_ts", "blocks", "bot_id") if k in message
        },
        "response_url": "https://hooks.slack.invalid/actions/T111/1/x",
        "actions": [
            {
                "action_id": button["action_id"],
                "block_id": "mallory_actions",
                "text": button["text"],
                "value": button["value"],
                "type": "button",
                "action_ts": "1750000200.000001",
            }
        ],
    }


@asynccontextmanager
async def running_bot(
    data_dir: Path, clock: FakeClock, slack: FakeSlack, *, http: bool = True, **overrides: Any
) -> AsyncIterator[Harness]:
    settings = load_settings(
        data_dir=data_dir,
        slack_bot_token=slack.bot_token,
        slack_signing_secret=SIGNING_SECRET,
        slack_api_url=slack.base_url,
        **{"llm_provider": "offline", "embedder": "none", **overrides},  # a test may bring a model
    )
    async with Runtime.open(settings, clock=clock, platforms=("slack",)) as rt:
        await rt.seed_vault()
        sender = sender_from_settings(settings, clock=clock)
        assert sender is not None
        rt.worker.senders["slack"] = sender  # the worker's delivery posts reports and late answers
        adapter = SlackAdapter(settings, rt.core, sender)
        await adapter.start(0, host="127.0.0.1") if http else await adapter.start()
        try:
            async with aiohttp.ClientSession() as session:
                yield Harness(slack, rt, settings, sender, adapter, clock, session)
        finally:
            await adapter.stop()
            await sender.aclose()

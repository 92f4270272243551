"""The bot for the view's tests: the real core (offline model, the example vault, a fake
clock) and the real Slack adapter serving HTTP with the investigations view at /ui."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
from fake_slack import FakeSlack
from slack_harness import SIGNING_SECRET, Harness

from adapters.slack import SlackAdapter, sender_from_settings
from adapters.web import WebUI
from bot.clock import FakeClock
from bot.config import load_settings
from bot.core.adapter import Serving
from bot.runtime import Runtime


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@asynccontextmanager
async def bot_with_view(
    data_dir: Path, clock: FakeClock, slack: FakeSlack, **overrides: Any
) -> AsyncIterator[Harness]:
    port = free_port()  # the links must name the address the browser will open
    settings = load_settings(
        data_dir=data_dir,
        slack_bot_token=slack.bot_token,
        slack_signing_secret=SIGNING_SECRET,
        slack_api_url=slack.base_url,
        public_url=f"http://127.0.0.1:{port}",
        **{"llm_provider": "offline", "embedder": "none", **overrides},
    )
    async with Runtime.open(settings, clock=clock, platforms=("slack",)) as rt:
        await rt.seed_vault()
        sender = sender_from_settings(settings, clock=clock)
        assert sender is not None
        rt.worker.senders["slack"] = sender
        view = WebUI.from_core(settings, rt.core)
        serving = Serving(http_mounts=((view.prefix, view.application()),))
        adapter = SlackAdapter(settings, rt.core, sender, serving=serving)
        await adapter.start(port, host="127.0.0.1")
        try:
            async with aiohttp.ClientSession() as session:
                yield Harness(slack, rt, settings, sender, adapter, clock, session)
        finally:
            await adapter.stop()
            await sender.aclose()

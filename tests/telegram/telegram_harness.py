"""A running Mallory + Telegram adapter + fake Bot API server, with the few steps the
end-to-end tests repeat."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from fake_telegram import FakeTelegram

from adapters.telegram import TelegramAdapter, TelegramSender
from adapters.telegram.adapter import Outcome
from bot.runtime import Runtime

WEBHOOK_SECRET = "s3cret-webhook_token"
ANA = {"id": 4242, "is_bot": False, "first_name": "Ana", "last_name": "Lind", "username": "ana"}
BEN = {"id": 5151, "is_bot": False, "first_name": "Ben", "username": "ben"}
# Telegram is closed by default: the tests open exactly the chats they talk in (the fake's
# default supergroup, the basic group, Ana's private chat, the recorded sample's group).
ALLOWED_CHATS = "-1001234567890,-4071,4242,-1001293752024"


@dataclass
class Harness:
    rt: Runtime
    telegram: FakeTelegram
    sender: TelegramSender
    adapter: TelegramAdapter

    async def feed(self, update: dict[str, Any], *, times: int = 1) -> list[Outcome]:
        """Queue an update for getUpdates and wait until the adapter has processed it."""
        self.telegram.push(update)
        async with asyncio.timeout(5):
            return await self.adapter.wait_processed(update["update_id"], times=times)

    async def say(
        self, chat: dict[str, Any], user: dict[str, Any], text: str, **where: Any
    ) -> dict[str, Any]:
        """A user posts ``text``; returns the message once the adapter has processed it."""
        message = self.telegram.text_message(chat, user, text, **where)
        outcomes = await self.feed(self.telegram.message_update(message))
        assert outcomes == [Outcome.HANDLED]
        return message

    async def press(self, user: dict[str, Any], message: dict[str, Any], label: str) -> list[Outcome]:
        """``user`` presses the button labelled ``label`` under the bot's ``message``."""
        stored = self.telegram.messages[(message["chat"]["id"], message["message_id"])]
        [data] = [
            row[0]["callback_data"]
            for row in stored["reply_markup"]["inline_keyboard"]
            if row[0]["text"] == label
        ]
        return await self.feed(self.telegram.callback_update(user, stored, data))

    def replies_to(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            m
            for m in self.telegram.sent(message["chat"]["id"])
            if m.get("reply_to_message", {}).get("message_id") == message["message_id"]
        ]

"""Operations on Telegram outside the update flow: `mallory doctor`'s check and naming a
thread for work commissioned from a script (``investigate --background --thread telegram:…``)."""

from __future__ import annotations

import re

from adapters.telegram.sender import PLATFORM
from bot.config import Settings
from bot.errors import InputError
from bot.events import ThreadRef


async def doctor_check(settings: Settings) -> str:
    """``getMe`` with the bot token through the real client: which bot this token is."""
    from telegram.error import InvalidToken, TelegramError

    from adapters.telegram.client import build_bot

    if settings.telegram_bot_token is None or not settings.telegram_bot_token.get_secret_value():
        raise RuntimeError("TELEGRAM_BOT_TOKEN is not set")
    try:
        async with build_bot(settings) as bot:  # initialize() calls getMe
            me = await bot.get_me()
    except InvalidToken:
        raise RuntimeError("getMe refused the bot token (Unauthorized)") from None
    except TelegramError as exc:
        raise RuntimeError(f"getMe failed: {type(exc).__name__}") from None
    return f"bot @{me.username} ({me.id})"


async def thread_ref(settings: Settings, channel: str, thread: str) -> ThreadRef:
    """The thread ``channel``/``thread`` as the adapter names it, for work commissioned from
    a script: ``channel`` is the chat id; ``thread`` is ``main`` (the chat itself),
    ``topic:N`` (a forum topic) or the id of the message a reply chain starts at."""
    if not re.fullmatch(r"-?\d{1,20}", channel):
        raise InputError(f"not a Telegram chat id: {channel!r} (like -1001234567890)")
    if thread == "main" or re.fullmatch(r"\d{1,12}", thread):
        return ThreadRef(PLATFORM, channel, channel, thread)
    topic = re.fullmatch(r"topic:(\d{1,12})", thread)
    if topic is None:
        raise InputError(
            f"not a Telegram thread: {thread!r} (main, topic:N, or the id of a chain's first message)"
        )
    number = int(topic.group(1))
    return ThreadRef(PLATFORM, channel, channel, f"topic:{number}", extras={"message_thread_id": number})

"""Operations on Slack outside the event flow: `mallory doctor`'s check and naming a thread
for work commissioned from a script (``investigate --background --thread slack:…``)."""

from __future__ import annotations

import re

from bot.config import Settings
from bot.errors import ConfigError, DeliveryError, InputError
from bot.events import ThreadRef

from .sender import PLATFORM, web_client


async def doctor_check(settings: Settings) -> str:
    """``auth.test`` with the bot token through the real client: who the bot is, in which team."""
    from slack_sdk.errors import SlackApiError

    if settings.slack_bot_token is None or not settings.slack_bot_token.get_secret_value():
        raise RuntimeError("SLACK_BOT_TOKEN is not set")
    client = web_client(settings.slack_bot_token.get_secret_value(), settings.slack_api_url)
    try:
        reply = await client.auth_test()
    except SlackApiError as exc:
        raise RuntimeError(f"auth.test refused the bot token: {exc.response.get('error')}") from None
    finally:
        session = getattr(client, "session", None)
        if session is not None:
            await session.close()
    mode = (
        "Socket Mode"
        if settings.slack_app_token
        else "HTTP Events API"
        if settings.slack_signing_secret
        else "sending only (no SLACK_APP_TOKEN or SLACK_SIGNING_SECRET to receive)"
    )
    return f"bot @{reply.get('user')} ({reply.get('user_id')}) in {reply.get('team')}, {mode}"


async def thread_ref(settings: Settings, channel: str, thread: str) -> ThreadRef:
    """The thread ``channel``/``thread`` (a message ts) as the adapter names it, for work
    commissioned from a script: its space is the workspace (``auth.test``'s team)."""
    from slack_sdk.errors import SlackApiError

    if not re.fullmatch(r"[CDG][A-Z0-9]{2,}", channel):
        raise InputError(f"not a Slack channel id: {channel!r} (like C0123ABCD)")
    if not re.fullmatch(r"\d{1,12}\.\d{1,9}", thread):
        raise InputError(f"not a Slack thread timestamp: {thread!r} (like 1712345678.000100)")
    if settings.slack_bot_token is None or not settings.slack_bot_token.get_secret_value():
        raise ConfigError("posting into Slack needs SLACK_BOT_TOKEN")
    import aiohttp

    client = web_client(settings.slack_bot_token.get_secret_value(), settings.slack_api_url)
    try:
        team = (await client.auth_test()).get("team_id")
    except SlackApiError as exc:
        raise ConfigError(f"Slack refused the bot token: {exc.response.get('error')}") from None
    except (aiohttp.ClientError, TimeoutError, OSError) as exc:
        # the network, not the request: one line for the person at the terminal (bot/cli.py)
        raise DeliveryError(f"cannot reach Slack to name the thread: {type(exc).__name__}") from None
    finally:
        session = getattr(client, "session", None)
        if session is not None:
            await session.close()
    return ThreadRef(platform=PLATFORM, space=str(team or ""), channel=channel, thread=thread)

"""Slack: bolt (async) for events, commands and buttons over Socket Mode or HTTP, and a
``slack_sdk`` sender that delivers replies back into the thread they belong to."""

from __future__ import annotations

from bot.clock import Clock
from bot.config import Settings

from .app import SlackAdapter
from .sender import SlackSender, web_client


def sender_from_settings(settings: Settings, *, clock: Clock | None = None) -> SlackSender | None:
    """The outbound half alone (bot token only), e.g. for a worker on another host."""
    if settings.slack_bot_token is None or not settings.slack_bot_token.get_secret_value():
        return None
    client = web_client(settings.slack_bot_token.get_secret_value(), settings.slack_api_url)
    return SlackSender(client, clock=clock)


__all__ = ["SlackAdapter", "SlackSender", "sender_from_settings"]

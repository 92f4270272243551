"""Slack: bolt (async) for events, commands and buttons over Socket Mode or HTTP, and a
``slack_sdk`` sender that delivers replies back into the thread they belong to.

The package answers ``plan`` and ``delivers`` itself and loads bolt, slack_sdk and aiohttp
only when one of its other names is first used: `mallory run` asks every installed platform
whether it is configured, and a run that starts no Slack should not hold its SDKs."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from bot.config import Settings

if TYPE_CHECKING:
    from .app import SlackAdapter
    from .ops import doctor_check, thread_ref
    from .sender import SlackSender

    sender_from_settings = SlackAdapter.sender_from_settings

_LAZY = {"SlackAdapter": ".app", "SlackSender": ".sender", "doctor_check": ".ops", "thread_ref": ".ops"}


def plan(settings: Settings) -> tuple[bool, str]:
    """Whether `mallory run` starts Slack, and why (or why not)."""
    if settings.slack_bot_token and (settings.slack_app_token or settings.slack_signing_secret):
        mode = "Socket Mode" if settings.slack_app_token else "HTTP Events API (serve it with --http PORT)"
        return True, f"slack: SLACK_BOT_TOKEN set, {mode}"
    if settings.slack_bot_token:
        return False, (
            "slack: not started — SLACK_BOT_TOKEN needs SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP)"
        )
    return False, "slack: not started — no SLACK_BOT_TOKEN"


def delivers(settings: Settings) -> tuple[bool, str]:
    """A worker posts with the bot token alone (no app token, no signing secret)."""
    if settings.slack_bot_token and settings.slack_bot_token.get_secret_value():
        return True, "slack: SLACK_BOT_TOKEN set"
    return False, "slack: no SLACK_BOT_TOKEN"


def __getattr__(name: str) -> Any:
    if name == "sender_from_settings":
        return __getattr__("SlackAdapter").sender_from_settings
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_LAZY[name], __name__), name)


__all__ = [
    "SlackAdapter",
    "SlackSender",
    "delivers",
    "doctor_check",
    "plan",
    "sender_from_settings",
    "thread_ref",
]

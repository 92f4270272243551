"""Telegram for Mallory, on python-telegram-bot: an inbound adapter (polling or webhook)
and an outbound sender that a worker can use on its own.

The package answers ``plan`` and ``delivers`` itself and loads python-telegram-bot only
when one of its other names is first used: `mallory run` asks every installed platform
whether it is configured, and a run that starts no Telegram should not hold its SDK."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from bot.config import Settings

if TYPE_CHECKING:
    from adapters.telegram.adapter import TelegramAdapter
    from adapters.telegram.ops import doctor_check, thread_ref
    from adapters.telegram.sender import TelegramSender, sender_from_settings

_LAZY = {
    "TelegramAdapter": "adapters.telegram.adapter",
    "TelegramSender": "adapters.telegram.sender",
    "sender_from_settings": "adapters.telegram.sender",
    "doctor_check": "adapters.telegram.ops",
    "thread_ref": "adapters.telegram.ops",
}


def plan(settings: Settings) -> tuple[bool, str]:
    """Whether `mallory run` starts Telegram, and why (or why not)."""
    if settings.telegram_bot_token:
        return True, "telegram: TELEGRAM_BOT_TOKEN set"
    return False, "telegram: not started — no TELEGRAM_BOT_TOKEN"


def delivers(settings: Settings) -> tuple[bool, str]:
    """A worker posts with the bot token."""
    if settings.telegram_bot_token and settings.telegram_bot_token.get_secret_value():
        return True, "telegram: TELEGRAM_BOT_TOKEN set"
    return False, "telegram: no TELEGRAM_BOT_TOKEN"


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_LAZY[name]), name)


__all__ = [
    "TelegramAdapter",
    "TelegramSender",
    "delivers",
    "doctor_check",
    "plan",
    "sender_from_settings",
    "thread_ref",
]

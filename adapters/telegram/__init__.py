"""Telegram for Mallory, on python-telegram-bot: an inbound adapter (polling or webhook)
and an outbound sender that a worker can use on its own."""

from adapters.telegram.adapter import TelegramAdapter
from adapters.telegram.sender import TelegramSender, sender_from_settings

__all__ = ["TelegramAdapter", "TelegramSender", "sender_from_settings"]

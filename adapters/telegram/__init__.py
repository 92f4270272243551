"""Telegram for Mallory, on python-telegram-bot: an inbound adapter (polling or webhook)
and an outbound sender that a worker can use on its own."""

from adapters.telegram.adapter import TelegramAdapter
from adapters.telegram.ops import doctor_check, thread_ref
from adapters.telegram.sender import TelegramSender, sender_from_settings

__all__ = ["TelegramAdapter", "TelegramSender", "doctor_check", "sender_from_settings", "thread_ref"]

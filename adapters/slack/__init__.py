"""Slack: bolt (async) for events, commands and buttons over Socket Mode or HTTP, and a
``slack_sdk`` sender that delivers replies back into the thread they belong to."""

from __future__ import annotations

from .app import SlackAdapter
from .ops import doctor_check, thread_ref
from .sender import SlackSender

sender_from_settings = SlackAdapter.sender_from_settings


__all__ = ["SlackAdapter", "SlackSender", "doctor_check", "sender_from_settings", "thread_ref"]

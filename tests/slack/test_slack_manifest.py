"""manifest.yml declares exactly what the adapter uses: commands, shortcut, events,
interactivity and scopes."""

from __future__ import annotations

from pathlib import Path

import yaml

from adapters.slack.app import SHORTCUT_INVESTIGATE_THREAD, SLASH_COMMANDS
from adapters.slack.inbound import COMMANDS

MANIFEST = Path(__file__).resolve().parents[2] / "manifest.yml"


def manifest() -> dict:
    return yaml.safe_load(MANIFEST.read_text())


def test_commands_are_the_ones_handled() -> None:
    declared = [c["command"] for c in manifest()["features"]["slash_commands"]]
    assert declared == list(SLASH_COMMANDS)
    assert set(declared) <= set(COMMANDS)


def test_shortcut_and_interactivity() -> None:
    m = manifest()
    [shortcut] = m["features"]["shortcuts"]
    assert shortcut["type"] == "message" and shortcut["callback_id"] == SHORTCUT_INVESTIGATE_THREAD
    assert m["settings"]["interactivity"]["is_enabled"] is True


def test_events_and_scopes() -> None:
    m = manifest()
    assert set(m["settings"]["event_subscriptions"]["bot_events"]) == {
        "app_mention",
        "assistant_thread_started",
        "assistant_thread_context_changed",
        "message.channels",
        "message.groups",
        "message.im",
        "message.mpim",
    }
    # One scope per capability the adapter uses, and nothing more.
    assert set(m["oauth_config"]["scopes"]["bot"]) == {
        "app_mentions:read",  # app_mention
        "assistant:write",  # assistant.threads.setSuggestedPrompts / setStatus
        "channels:history",  # message.channels, conversations.replies
        "groups:history",  # message.groups, conversations.replies
        "im:history",  # message.im
        "mpim:history",  # message.mpim
        "chat:write",  # chat.postMessage, chat.update
        "commands",  # slash commands, shortcuts
        "files:write",  # files.getUploadURLExternal / completeUploadExternal
        "users:read",  # users.info: the time zone of who sets a schedule
    }
    assert m["settings"]["socket_mode_enabled"] is True

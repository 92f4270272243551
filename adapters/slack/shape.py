"""The shape a signed Slack body must have before bolt or a listener reads it: each field
bolt and our listeners read is of the kind Slack sends (a string, an object, a list of
objects), per body type. ``problem`` names the first misfit, or returns ``None``."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

# Fields that, wherever they appear in the objects below, Slack sends as strings (or null).
_STRINGS = (
    "type",
    "token",
    "team_id",
    "enterprise_id",
    "api_app_id",
    "user_id",
    "channel_id",
    "event_id",
    "trigger_id",
    "response_url",
    "command",
    "text",
    "callback_id",
    "context_team_id",
    "context_enterprise_id",
    "function_execution_id",
    "bot_access_token",
    "app_installed_team_id",
    "message_ts",
    "thread_ts",
    "ts",
    "id",
    "action_id",
    "value",
    "user_team",
)
# Fields Slack sends as objects (or null) at the top of a body.
_OBJECTS = (
    "team",
    "enterprise",
    "user",
    "channel",
    "container",
    "message",
    "previous_message",
    "view",
    "item",
    "assistant_thread",
    "function_data",
    "state",
)
# A button's ``text`` is an object: an action is checked for its ids alone.
_ITEM_STRINGS = ("action_id", "block_id", "action_ts", "value")
_LISTS = ("authorizations", "actions", "response_urls")
_BOOLS = ("is_enterprise_install", "is_ext_shared_channel")
# The events our listeners read field by field: these are strings when present.
_MESSAGE_STRINGS = ("user", "channel", "ts", "thread_ts", "text", "subtype", "channel_type", "bot_id", "team")
_MESSAGE_EVENTS = frozenset({"message", "app_mention"})


def problem(body: Mapping[str, Any]) -> str | None:
    """Why ``body`` is not a Slack request we can hand to bolt, or ``None`` when it is."""
    if not _finite(body):
        return "a number that is not finite"
    if "ssl_check" in body:  # Slack's certificate check: bolt answers it
        return None
    found = _fields(body, "body")
    if found:
        return found
    if "command" in body:
        return _command(body)
    kind = body.get("type")
    if not isinstance(kind, str) or not kind:
        return "no type"
    if kind == "url_verification":
        return None if isinstance(body.get("challenge"), str) else "challenge is not a string"
    if kind == "event_callback":
        return _event(body.get("event"))
    if kind == "block_actions":
        actions = body.get("actions")
        if not isinstance(actions, list):
            return "actions is not a list"
        if any(not isinstance(a, Mapping) or not isinstance(a.get("action_id"), str) for a in actions):
            return "an action without an action_id"
    if kind in ("block_actions", "shortcut", "message_action"):
        user = body.get("user")
        if not isinstance(user, Mapping) or not isinstance(user.get("id"), str):
            return "user without an id"
    return None


def _command(body: Mapping[str, Any]) -> str | None:
    for name in ("command", "user_id", "channel_id"):
        value = body.get(name)
        if not isinstance(value, str) or not value:
            return f"slash command without {name}"
    return None


def _event(event: Any) -> str | None:
    if not isinstance(event, Mapping):
        return "event is not an object"
    kind = event.get("type")
    if not isinstance(kind, str) or not kind:
        return "event without a type"
    if kind in _MESSAGE_EVENTS:
        for name in _MESSAGE_STRINGS:
            if event.get(name) is not None and not isinstance(event[name], str):
                return f"event.{name} is not a string"
        files = event.get("files")
        if files is not None and not isinstance(files, list):
            return "event.files is not a list"
    elif kind == "assistant_thread_started" and not isinstance(event.get("assistant_thread"), Mapping):
        return "event.assistant_thread is not an object"
    for name in ("message", "previous_message", "item", "assistant_thread"):
        nested = event.get(name)
        if nested is not None:
            if not isinstance(nested, Mapping):
                return f"event.{name} is not an object"
            found = _strings(nested, f"event.{name}")
            if found:
                return found
    return None


def _fields(body: Mapping[str, Any], where: str) -> str | None:
    found = _strings(body, where)
    if found:
        return found
    for name in _OBJECTS:
        value = body.get(name)
        if value is None:
            continue
        if not isinstance(value, Mapping):
            return f"{name} is not an object"
        found = _strings(value, name)
        if found:
            return found
    for name in _LISTS:
        value = body.get(name)
        if value is None:
            continue
        if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
            return f"{name} is not a list of objects"
        for item in value:
            found = _strings(item, name, _ITEM_STRINGS if name == "actions" else _STRINGS)
            if found:
                return found
    for name in _BOOLS:
        if body.get(name) is not None and not isinstance(body[name], bool):
            return f"{name} is not true or false"
    return None


def _strings(obj: Mapping[str, Any], where: str, names: tuple[str, ...] = _STRINGS) -> str | None:
    for name in names:
        value = obj.get(name)
        if value is not None and not isinstance(value, str):
            return f"{where}.{name} is not a string"
    return None


def _finite(value: Any) -> bool:
    """JSON allows NaN and Infinity on the way in (Python's parser does); Slack never sends them."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, Mapping):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    return True

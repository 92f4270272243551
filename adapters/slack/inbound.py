"""Slack payloads → ``bot.events``: which messages are for Mallory at all, the thread they
belong to, the text without the bot's own mention; button presses and slash commands."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.events import Action, ActionEvent, Command, Inbound, Person, ThreadRef

from .sender import ACTION_PREFIX, PLATFORM

# Message subtypes that are a person saying something; every other subtype (edits,
# deletions, joins, bot posts, topic changes, "message_replied" bookkeeping…) is ignored.
SPOKEN_SUBTYPES = frozenset({None, "thread_broadcast", "file_share", "me_message"})

COMMANDS: Mapping[str, Command] = {f"/{c.value}": c for c in Command}

_USER = re.compile(r"<@([UW][A-Z0-9]+)(?:\|[^>]*)?>")
_CHANNEL = re.compile(r"<#([CG][A-Z0-9]+)(?:\|([^>]*))?>")
_SPECIAL = re.compile(r"<!(here|channel|everyone)(?:\|[^>]*)?>")
_SUBTEAM = re.compile(r"<!subteam\^[A-Z0-9]+(?:\|([^>]*))?>")
_LINK = re.compile(r"<((?:https?|mailto):[^|>]+)(?:\|([^>]*))?>")


def _map(value: Any) -> Mapping[str, Any]:
    """A payload field that should be an object; anything else reads as empty (payloads
    are parsed JSON and a field of the wrong shape must not crash the listener)."""
    return value if isinstance(value, Mapping) else {}


def _str(value: Any) -> str:
    """A payload field that should be a string (or a number, like a ts); else empty."""
    return str(value) if isinstance(value, (str, int, float)) and not isinstance(value, bool) else ""


@dataclass(frozen=True)
class Ignored:
    """A payload deliberately not handed to the core, and why (for debug logs)."""

    reason: str


def plain_text(text: str, bot_user_id: str | None) -> str:
    """Slack's wire text → what the person typed: the bot's mention removed, other
    mentions and links readable, entities decoded."""
    if bot_user_id:
        text = re.sub(rf"<@{re.escape(bot_user_id)}(?:\|[^>]*)?>", " ", text)
    text = _USER.sub(lambda m: f"@{m.group(1)}", text)
    text = _CHANNEL.sub(lambda m: f"#{m.group(2) or m.group(1)}", text)
    text = _SPECIAL.sub(lambda m: f"@{m.group(1)}", text)
    text = _SUBTEAM.sub(lambda m: m.group(1) or "@group", text)
    text = _LINK.sub(lambda m: m.group(1) if not m.group(2) else f"{m.group(2)} ({m.group(1)})", text)
    text = html.unescape(text)
    return re.sub(r"[ \t]{2,}", " ", text).strip()


def mentioned_people(text: str, bot_user_id: str | None) -> tuple[Person, ...]:
    """Everyone the wire text mentions other than the bot, in order: users by id (the text
    shows them as ``@<id>``), ``@here``/``@channel``/``@everyone`` and user groups by name."""
    found: list[Person] = []
    for m in re.finditer(
        r"<@([UW][A-Z0-9]+)(?:\|([^>]*))?>|<!(here|channel|everyone)(?:\|[^>]*)?>|<!subteam\^([A-Z0-9]+)(?:\|([^>]*))?>",
        text,
    ):
        if m.group(1):
            if m.group(1) != bot_user_id:
                found.append(Person(id=m.group(1), name=m.group(2) or ""))
        elif m.group(3):
            found.append(Person(id=m.group(3), name=m.group(3)))
        else:
            found.append(Person(id=m.group(4), name=(m.group(5) or "").lstrip("@")))
    return tuple(dict.fromkeys(found))


def mentions(text: str, user_id: str | None) -> bool:
    return bool(user_id) and re.search(rf"<@{re.escape(user_id or '')}(?:\|[^>]*)?>", text) is not None


def team_of(body: Mapping[str, Any], event: Mapping[str, Any] | None = None) -> str:
    """The workspace the app is installed in (not a shared channel's other team)."""
    team = _str(body.get("team_id")) or _str(_map(body.get("team")).get("id"))
    if not team:
        team = _str(_map(event).get("team")) or _str(_map(body.get("user")).get("team_id"))
    return team


def is_direct(event: Mapping[str, Any]) -> bool:
    channel_type = _str(event.get("channel_type"))
    if channel_type:
        return channel_type == "im"
    return _str(event.get("channel")).startswith("D")


def message_inbound(
    body: Mapping[str, Any], *, bot_user_id: str | None, bot_id: str | None, now: datetime
) -> Inbound | Ignored:
    """Translate an ``app_mention`` or ``message`` event, or say why it is ignored."""
    event = _map(body.get("event"))
    kind = _str(event.get("type"))
    if kind not in ("message", "app_mention"):
        return Ignored(f"event {kind}")
    subtype = event.get("subtype")
    if subtype is not None and (not isinstance(subtype, str) or subtype not in SPOKEN_SUBTYPES):
        return Ignored(f"subtype {_str(subtype)}")
    if event.get("hidden"):
        return Ignored("hidden")
    if event.get("bot_id") or event.get("bot_profile"):
        # Our own posts and other apps' alike: bots never talk to each other here.
        return Ignored("our own message" if bot_id and event.get("bot_id") == bot_id else "a bot's message")
    user = _str(event.get("user"))
    if not user:
        return Ignored("no author")
    if bot_user_id and user == bot_user_id:
        return Ignored("our own message")
    channel, ts = _str(event.get("channel")), _str(event.get("ts"))
    if not channel or not ts:
        return Ignored("no channel or ts")
    raw = _str(event.get("text"))
    text = plain_text(raw, bot_user_id)
    listed = event.get("files")
    files = [
        _str(f.get("name")) or _str(f.get("title")) or "file"
        for f in (listed if isinstance(listed, list) else [])
        if isinstance(f, Mapping)
    ]
    bot_named = mentions(raw, bot_user_id)
    is_mention = kind == "app_mention" or bot_named
    if not text and not files and not is_mention:
        return Ignored("empty")
    space = team_of(body, event)
    thread_ts = _str(event.get("thread_ts")) or ts
    profile = _map(event.get("user_profile"))
    extras: dict[str, Any] = {"event_type": kind}
    if _str(event.get("channel_type")):
        extras["channel_type"] = _str(event["channel_type"])
    if files:
        extras["files"] = files
    return Inbound(
        thread=ThreadRef(platform=PLATFORM, space=space, channel=str(channel), thread=thread_ts),
        message_id=str(ts),
        author=Person(id=user, name=_str(profile.get("display_name")) or _str(profile.get("real_name"))),
        text=text,
        received_at=now,
        is_mention=is_mention,
        is_direct=is_direct(event),
        extras=extras,
        mentions=mentioned_people(raw, bot_user_id),
        bot_named=bot_named or kind == "app_mention",
    )


def parse_action_id(action_id: str) -> Action | None:
    """``mallory.<action>.<index>`` → the ``Action``; anything else is not ours."""
    if not action_id.startswith(ACTION_PREFIX):
        return None
    name = action_id[len(ACTION_PREFIX) :].rsplit(".", 1)[0]
    try:
        return Action(name)
    except ValueError:
        return None


def action_event(
    body: Mapping[str, Any], action: Mapping[str, Any], *, thread: ThreadRef | None, now: datetime
) -> ActionEvent | Ignored:
    """A ``block_actions`` button press. ``thread`` is the conversation the pressed
    message belongs to when the core knows it; otherwise it is read off the payload."""
    kind = parse_action_id(_str(action.get("action_id")))
    if kind is None:
        return Ignored(f"action {action.get('action_id')!r} is not ours")
    container = _map(body.get("container"))
    message = _map(body.get("message"))
    channel = _str(container.get("channel_id")) or _str(_map(body.get("channel")).get("id"))
    message_ts = _str(container.get("message_ts")) or _str(message.get("ts"))
    user = _map(body.get("user"))
    if not channel or not message_ts or not _str(user.get("id")):
        return Ignored("press without channel, message or user")
    if thread is None:
        thread = ThreadRef(
            platform=PLATFORM,
            space=team_of(body),
            channel=channel,
            thread=_str(message.get("thread_ts")) or _str(container.get("thread_ts")) or message_ts,
        )
    return ActionEvent(
        thread=thread,
        author=Person(id=_str(user["id"]), name=_str(user.get("username")) or _str(user.get("name"))),
        action=kind,
        value=_str(action.get("value")),
        message_id=message_ts,
        received_at=now,
        press_id=_str(body.get("trigger_id")) or _str(action.get("action_ts")),
    )


def command_of(body: Mapping[str, Any]) -> Command | None:
    return COMMANDS.get(_str(body.get("command")).strip().lower())


def command_inbound(body: Mapping[str, Any], *, thread_ts: str, message_ts: str, now: datetime) -> Inbound:
    """A slash command as the message that starts (or continues) a conversation rooted at
    ``thread_ts``; ``inbound.text`` is the whole command line, as the core expects."""
    args = plain_text(_str(body.get("text")), None)
    command = _str(body.get("command")).strip()
    channel = _str(body.get("channel_id"))
    return Inbound(
        thread=ThreadRef(platform=PLATFORM, space=team_of(body), channel=channel, thread=thread_ts),
        message_id=message_ts,
        author=Person(id=_str(body.get("user_id")), name=_str(body.get("user_name"))),
        text=f"{command} {args}".strip(),
        received_at=now,
        is_mention=True,
        is_direct=channel.startswith("D"),
        extras={"command": command},
    )


# Inbox keys (storage/inbox.py): one row per message, press or command, whatever the
# number of deliveries (retries, a mention's twin event, a second bot process).


def message_key(inbound: Inbound) -> str:
    return f"{PLATFORM}:message:{inbound.space}:{inbound.channel}:{inbound.message_id}"


def press_key(event: ActionEvent) -> str:
    press = (
        event.press_id
        or f"{event.message_id}:{event.author.id}:{event.action.value}:{event.received_at.isoformat()}"
    )
    return f"{PLATFORM}:press:{event.thread.space}:{press}"


def command_key(inbound: Inbound) -> str:
    """A command's own root message (posted for it) names it."""
    return f"{PLATFORM}:command:{inbound.space}:{inbound.channel}:{inbound.message_id}"


def shortcut_key(body: Mapping[str, Any]) -> str:
    message = _map(body.get("message"))
    press = (
        _str(body.get("trigger_id")) or f"{_str(message.get('ts'))}:{_str(_map(body.get('user')).get('id'))}"
    )
    return f"{PLATFORM}:shortcut:{team_of(body)}:{press}"

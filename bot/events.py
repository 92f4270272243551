"""The normalized vocabulary every adapter speaks: inbound messages, button presses,
replies, and the thread a reply belongs to. Platform ids live in plain strings and
``extras``; nothing here knows about Slack or Telegram."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Protocol


@dataclass(frozen=True)
class Person:
    """Who wrote a message. ``id`` is the platform's user id; ``mention`` is how to ping them."""

    id: str
    name: str = ""
    is_bot: bool = False


@dataclass(frozen=True)
class ThreadRef:
    """The exact place a conversation lives, enough to post back into it later.

    ``thread`` is the id of the thread's root (Slack ``thread_ts``, Telegram topic or
    reply-chain root, console session). ``extras`` carries what a platform needs to
    post there and nothing else (e.g. Telegram ``message_thread_id`` for a forum topic).
    """

    platform: str
    space: str
    channel: str
    thread: str
    extras: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def key(self) -> str:
        """Conversation key: one conversation per (platform, space, channel, thread root)."""
        return f"{self.platform}:{self.space}:{self.channel}:{self.thread}"

    def to_json(self) -> str:
        return json.dumps(
            {
                "platform": self.platform,
                "space": self.space,
                "channel": self.channel,
                "thread": self.thread,
                "extras": dict(self.extras),
            },
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, raw: str) -> ThreadRef:
        data = json.loads(raw)
        return cls(
            platform=data["platform"],
            space=data["space"],
            channel=data["channel"],
            thread=data["thread"],
            extras=data.get("extras") or {},
        )


@dataclass(frozen=True)
class Inbound:
    """One message addressed to (or overheard by) the bot, already normalized.

    ``text`` has the bot's own mention removed; other people's mentions stay in it as
    ``@name`` (or, for a Telegram text mention, the name as shown) and are listed in
    ``mentions``, so the core can tell a request to Mallory from one to a colleague.
    ``bot_named`` is true when the text itself mentioned the bot (``is_mention`` is also
    true for a reply to the bot or a slash command).
    """

    thread: ThreadRef
    message_id: str
    author: Person
    text: str
    received_at: datetime
    is_mention: bool = False
    is_direct: bool = False
    extras: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)
    mentions: tuple[Person, ...] = ()
    bot_named: bool = False

    @property
    def platform(self) -> str:
        return self.thread.platform

    @property
    def space(self) -> str:
        return self.thread.space

    @property
    def channel(self) -> str:
        return self.thread.channel


class Action(StrEnum):
    """What a button press (or its typed equivalent) asks for."""

    INVESTIGATE_OFFER = "investigate_offer"  # "Investigate this" under a weak quick answer
    DEEP_INVESTIGATION = "deep_investigation"  # misroute fix: quick/none → async
    ANSWER_QUICKLY = "answer_quickly"  # misroute fix: async → quick (cancels the dig)
    CANCEL = "cancel"


@dataclass(frozen=True)
class Button:
    """A one-tap action offered under a reply. ``value`` is opaque to adapters: echo it back."""

    action: Action
    label: str
    value: str


@dataclass(frozen=True)
class ActionEvent:
    """A button pressed by a person. ``press_id`` identifies the press for dedup if the
    platform has one (Telegram callback id, Slack trigger id); ``message_id`` is the bot
    message that carried the button."""

    thread: ThreadRef
    author: Person
    action: Action
    value: str
    message_id: str
    received_at: datetime
    press_id: str = ""
    extras: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)


class Command(StrEnum):
    """Slash commands (Slack ``/investigate``, Telegram ``/investigate``…), platform-neutral."""

    INVESTIGATE = "investigate"
    RECALL = "recall"
    REMEMBER = "remember"
    STATUS = "status"
    CANCEL = "cancel"
    SCHEDULE = "schedule"

    WEB = "web"  # a one-time sign-in link to the investigations view, said privately


class ReplyKind(StrEnum):
    ANSWER = "answer"  # none / quick route replies
    ACK = "ack"  # acknowledgement of an async request (edited with progress)
    REPORT = "report"  # an investigation's result
    APOLOGY = "apology"  # an investigation that failed
    NOTICE = "notice"  # short system notes: deduped, cancelled, truncated…


@dataclass(frozen=True)
class Attachment:
    """A file to send with a reply (the full report when it is too long for a message)."""

    filename: str
    content: str
    mime_type: str = "text/markdown"


@dataclass(frozen=True)
class Reply:
    """What the core wants said. ``text`` is Markdown; adapters convert and split it.

    ``in_reply_to`` is the platform message id this answers (the request, for a report);
    ``mention`` is who to ping so their phone gets a push. ``correlation`` is the
    investigation a report belongs to, or an answer's identity (``reply:…``, from
    ``reply_identity``): adapters that can tag a message with it do, and
    with ``may_be_posted`` (an earlier attempt's outcome is unknown) they first look in the
    thread for what already arrived instead of posting it again.
    """

    thread: ThreadRef
    text: str
    kind: ReplyKind = ReplyKind.ANSWER
    in_reply_to: str | None = None
    mention: Person | None = None
    buttons: tuple[Button, ...] = ()
    attachment: Attachment | None = None
    title: str = ""
    # said to this person alone (Slack: an ephemeral message; Telegram: a direct message),
    # never recorded in the conversation: a sign-in link is theirs only
    private_to: Person | None = None
    full_report: str = ""  # the full text (a report) whatever the platform's length limit
    report_file: str | None = None  # where the report is on disk, for adapters that can point at it
    correlation: str = ""
    may_be_posted: bool = False

    def correlated(self, correlation: str, *, may_be_posted: bool) -> Reply:
        """This reply with its ``correlation`` and ``may_be_posted`` set: the value
        ``dataclasses.replace`` gives, as a copy of the fields (every reply posted is one;
        ``replace`` walks the thirteen fields in Python and the frozen ``__init__`` sets each
        through ``object.__setattr__``, and a reply checks nothing on creation)."""
        copy = object.__new__(Reply)
        fields = copy.__dict__
        fields.update(self.__dict__)
        fields["correlation"] = correlation
        fields["may_be_posted"] = may_be_posted
        return copy


def reply_identity(reply: Reply) -> str:
    """The same reply on every attempt of the message it answers: the platform and
    conversation, the message answered and the kind of reply ("" when it answers none)."""
    if not reply.in_reply_to:
        return ""
    # "/" after the key: "<ts>:<ts>" would read as a bot token to a log scanner
    return f"reply:{reply.thread.key}/{reply.in_reply_to}/{reply.kind.value}"


@dataclass(frozen=True)
class Posted:
    """A message the platform accepted. ``message_id`` is the platform's id for the first
    (or only) message the reply became; ``more_ids`` the ids of the rest (a long text
    posted in parts, an attached file), in order."""

    thread: ThreadRef
    message_id: str
    more_ids: tuple[str, ...] = ()


class Sender(Protocol):
    """The outbound half of an adapter: all a worker needs to deliver results.

    ``send`` raises ``bot.errors.RetryLater`` when rate limited and ``DeliveryError``
    otherwise. ``edit`` replaces the text of an earlier message; adapters that cannot
    edit post nothing and return quietly (progress is best effort). ``typing`` shows
    that work is happening, where the platform has such a thing.
    """

    platform: str

    async def send(self, reply: Reply) -> Posted: ...

    async def edit(self, posted: Posted, text: str, *, buttons: tuple[Button, ...] = ()) -> None: ...

    async def typing(self, thread: ThreadRef) -> None: ...

"""Reading Telegram messages: is it for the bot, which command, which topic or reply chain.

Pure functions over PTB objects, so every rule here is checked without a network.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime

from telegram import Chat, Message, MessageEntity, Update

from bot.events import Command, Person

PLATFORM = "telegram"


@dataclass(frozen=True)
class BotIdentity:
    """Who the bot is, from ``getMe``: mentions and replies are compared against this."""

    id: int
    username: str


@dataclass(frozen=True)
class ReadMessage:
    """What a message says to the bot, before the conversation it belongs to is looked up."""

    text: str  # the bot's own mention removed
    author: Person
    is_direct: bool  # a private chat: every message is for the bot
    is_mention: bool  # @bot, a text mention of the bot, a reply to the bot, or our command
    command: Command | None
    args: str
    topic: int | None  # forum topic id, only for real topic messages
    parent_id: int | None  # the message this one explicitly replies to
    chain_root: int | None  # Telegram's reply-chain root in supergroups (message_thread_id)
    mentions: tuple[Person, ...] = ()  # other people mentioned (@username or a text mention)
    bot_named: bool = False  # the text mentioned the bot (not just a reply to it)


def update_key(bot_id: int, update_id: int) -> str:
    """The inbox key of an update (update ids are per bot)."""
    return f"{PLATFORM}:update:{bot_id}:{update_id}"


def ignore_reason(update: Update) -> str | None:
    """Why an update is ignored on purpose, or ``None`` when it is read.

    Edited messages are ignored (the original was already answered; answering again would
    duplicate work), as are channel posts (Mallory talks with people, not channels).
    """
    if update.callback_query is not None:
        return None
    if update.edited_message is not None or update.edited_channel_post is not None:
        return "edited message"
    if update.channel_post is not None:
        return "channel post"
    message = update.message
    if message is None:
        return "not a message" if update.to_dict().keys() - {"update_id"} else "unreadable update"
    if message.is_automatic_forward:
        return "automatic forward from a channel"
    if _text(message) is None:
        return "no text (service message or media)"
    if message.from_user is None:
        return "no sender"
    if message.from_user.is_bot and not _anonymous_admin(message):
        return "sent by a bot"
    return None


def read_message(message: Message, me: BotIdentity) -> ReadMessage:
    """Read a message ``ignore_reason`` accepted."""
    text = _text(message) or ""
    entities = message.caption_entities if message.caption is not None else message.entities
    private = message.chat.type == Chat.PRIVATE
    cut: list[MessageEntity] = []
    mentioned = False
    others: list[Person] = []
    for entity in entities:
        if entity.type == MessageEntity.MENTION:
            handle = _slice(text, entity)
            if handle.lower() == f"@{me.username}".lower():
                mentioned = True
                cut.append(entity)
            else:
                others.append(Person(id=handle.lstrip("@"), name=handle.lstrip("@")))
        elif entity.type == MessageEntity.TEXT_MENTION:
            if entity.user is not None and entity.user.id == me.id:
                mentioned = True
                cut.append(entity)
            elif entity.user is not None:
                # the text shows the person's name without an "@": keep the name as shown
                others.append(
                    Person(id=str(entity.user.id), name=_slice(text, entity), is_bot=entity.user.is_bot)
                )

    command: Command | None = None
    args = ""
    ours = False
    first = entities[0] if entities else None
    if first is not None and first.type == MessageEntity.BOT_COMMAND and first.offset == 0:
        name, _, addressee = _slice(text, first)[1:].partition("@")
        for_us = not addressee or addressee.lower() == me.username.lower()
        if for_us:
            ours = bool(addressee)  # "/cmd@bot" is addressed even when the command is unknown
            try:
                command = Command(name.lower())
                ours = True
            except ValueError:
                command = None
            if addressee:
                start = first.offset + 1 + len(_utf16(name)) // 2
                cut.append(MessageEntity(MessageEntity.MENTION, start, len(_utf16(addressee)) // 2 + 1))
            args = _after(text, first).strip()

    topic = message.message_thread_id if message.is_topic_message else None
    parent = _explicit_parent(message)
    replied_to_bot = parent is not None and parent.from_user is not None and parent.from_user.id == me.id
    chain_root = None
    if topic is None and message.message_thread_id is not None and message.chat.type == Chat.SUPERGROUP:
        chain_root = message.message_thread_id

    return ReadMessage(
        text=_without(text, cut),
        author=author_of(message),
        is_direct=private,
        is_mention=mentioned or replied_to_bot or ours,
        command=command,
        args=args if command is not None else "",
        topic=topic,
        parent_id=parent.message_id if parent is not None else None,
        chain_root=chain_root,
        mentions=tuple(dict.fromkeys(others)),
        bot_named=mentioned,
    )


def author_of(message: Message) -> Person:
    if _anonymous_admin(message) and message.sender_chat is not None:
        chat = message.sender_chat
        return Person(id=str(chat.id), name=chat.title or chat.username or "", is_bot=False)
    user = message.from_user
    if user is None:
        return Person(id="", name="")
    return Person(id=str(user.id), name=user.full_name or user.username or "", is_bot=user.is_bot)


def naive_utc(moment: datetime | None) -> datetime | None:
    """Telegram dates as the core stores times: naive UTC."""
    if moment is None:
        return None
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment


def _text(message: Message) -> str | None:
    return message.text if message.text is not None else message.caption


def _anonymous_admin(message: Message) -> bool:
    """Anonymous group admins post as the group itself (``sender_chat`` is the chat)."""
    return message.sender_chat is not None and message.sender_chat.id == message.chat.id


def _explicit_parent(message: Message) -> Message | None:
    """The message this one really replies to.

    In a forum topic Telegram fills ``reply_to_message`` with the topic-creation service
    message even when the person did not reply to anything, so that one does not count.
    """
    parent = message.reply_to_message
    if parent is None or parent.forum_topic_created is not None:
        return None
    if message.is_topic_message and parent.message_id == message.message_thread_id:
        return None
    return parent


# Entity offsets and lengths are in UTF-16 code units. A malformed entity may cut a surrogate
# pair in half: that half reads as U+FFFD rather than failing the whole message.
def _utf16(text: str) -> bytes:
    return text.encode("utf-16-le")


def _slice(text: str, entity: MessageEntity) -> str:
    raw = _utf16(text)
    return raw[entity.offset * 2 : (entity.offset + entity.length) * 2].decode("utf-16-le", "replace")


def _after(text: str, entity: MessageEntity) -> str:
    return _utf16(text)[(entity.offset + entity.length) * 2 :].decode("utf-16-le", "replace")


def _without(text: str, entities: list[MessageEntity]) -> str:
    raw = _utf16(text)
    for entity in sorted(entities, key=lambda e: e.offset, reverse=True):
        raw = raw[: entity.offset * 2] + raw[(entity.offset + entity.length) * 2 :]
    if not entities:
        return text.strip()
    return re.sub(r"[ \t]{2,}", " ", raw.decode("utf-16-le", "replace")).strip(" ,:")

"""Conversations and their messages, the escalation offer, platform delivery dedup, and
recorded routing corrections. Each public method is one unit of work (``Database.run``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlmodel import col, select

from storage.db import Database
from storage.models import OPEN_STATUSES, Conversation, Correction, Investigation, Message, SeenEvent, new_id


@dataclass(frozen=True)
class Stored:
    """What storing an inbound message found out, in the same unit of work."""

    conversation: Conversation
    message: Message | None  # None: this platform message was stored before (a redelivery)
    bot_takes_part: bool  # Mallory has already spoken in this conversation
    open_investigation: Investigation | None


def _conversation(session: Session, *, key: str, platform: str, space: str, channel: str, thread: str,
                  thread_ref: str, now: datetime) -> Conversation:
    found = session.execute(select(Conversation).where(Conversation.key == key)).scalars().first()
    if found is not None:
        return found
    conv = Conversation(id=new_id(), key=key, platform=platform, space=space, channel=channel, thread=thread,
                        thread_ref=thread_ref, created_at=now)
    try:
        with session.begin_nested():
            session.add(conv)
    except IntegrityError:  # created concurrently by another process
        return session.execute(select(Conversation).where(Conversation.key == key)).scalars().one()
    return conv


def _insert_message(session: Session, msg: Message) -> Message | None:
    try:
        with session.begin_nested():
            session.add(msg)
    except IntegrityError:
        return None
    return msg


def _open_investigation(session: Session, conversation_id: str) -> Investigation | None:
    return session.execute(
        select(Investigation)
        .where(Investigation.conversation_id == conversation_id)
        .where(col(Investigation.status).in_([s.value for s in OPEN_STATUSES]))
        .order_by(col(Investigation.created_at).desc())
        .limit(1)
    ).scalars().first()


def _has_assistant_message(session: Session, conversation_id: str) -> bool:
    stmt = (
        select(Message.id)
        .where(Message.conversation_id == conversation_id)
        .where(Message.role == "assistant")
        .limit(1)
    )
    return session.execute(stmt).first() is not None


class Conversations:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def store_inbound(
        self,
        *,
        key: str,
        platform: str,
        space: str,
        channel: str,
        thread: str,
        thread_ref: str,
        platform_message_id: str,
        text: str,
        now: datetime,
        author_id: str = "",
        author_name: str = "",
        truncated: bool = False,
        meta: dict[str, Any] | None = None,
    ) -> Stored:
        """Create the conversation if needed, store the user's message, and report what the
        router needs to know — all in one transaction."""

        def work(session: Session) -> Stored:
            conv = _conversation(session, key=key, platform=platform, space=space, channel=channel, thread=thread,
                                 thread_ref=thread_ref, now=now)
            msg = _insert_message(session, Message(
                conversation_id=conv.id, space=conv.space, role="user", platform_message_id=platform_message_id,
                author_id=author_id, author_name=author_name, text=text, truncated=truncated, created_at=now,
                meta=meta or {},
            ))
            return Stored(conv, msg, _has_assistant_message(session, conv.id), _open_investigation(session, conv.id))

        return await self.db.run(work)

    async def get_or_create(
        self, *, key: str, platform: str, space: str, channel: str, thread: str, thread_ref: str, now: datetime
    ) -> tuple[Conversation, bool]:
        def work(session: Session) -> tuple[Conversation, bool]:
            existed = session.execute(select(Conversation.id).where(Conversation.key == key)).first() is not None
            conv = _conversation(session, key=key, platform=platform, space=space, channel=channel, thread=thread,
                                 thread_ref=thread_ref, now=now)
            return conv, not existed

        return await self.db.run(work)

    async def get(self, conversation_id: str) -> Conversation | None:
        return await self.db.run(lambda s: s.get(Conversation, conversation_id), write=False)

    async def by_key(self, key: str) -> Conversation | None:
        return await self.db.run(
            lambda s: s.execute(select(Conversation).where(Conversation.key == key)).scalars().first(), write=False
        )

    async def add_message(
        self,
        *,
        conversation: Conversation,
        role: str,
        platform_message_id: str,
        text: str,
        now: datetime,
        author_id: str = "",
        author_name: str = "",
        truncated: bool = False,
        route: str | None = None,
        meta: dict[str, Any] | None = None,
    ) -> Message | None:
        """Store a message; None when this (conversation, role, platform id) was already stored."""
        msg = Message(
            conversation_id=conversation.id,
            space=conversation.space,
            role=role,
            platform_message_id=platform_message_id,
            author_id=author_id,
            author_name=author_name,
            text=text,
            truncated=truncated,
            route=route,
            created_at=now,
            meta=meta or {},
        )
        return await self.db.run(lambda s: _insert_message(s, msg))

    async def set_route(self, message_id: int, route: str, meta: dict[str, Any] | None = None) -> None:
        values: dict[str, Any] = {"route": route}
        if meta is not None:
            values["meta"] = meta
        await self.db.run(lambda s: s.execute(update(Message).where(col(Message.id) == message_id).values(**values)))

    async def history(self, conversation_id: str, *, limit: int = 12, before_id: int | None = None) -> list[Message]:
        def work(session: Session) -> list[Message]:
            stmt = select(Message).where(Message.conversation_id == conversation_id)
            if before_id is not None:
                stmt = stmt.where(col(Message.id) < before_id)
            rows = session.execute(stmt.order_by(col(Message.id).desc()).limit(limit)).scalars().all()
            return list(reversed(rows))

        return await self.db.run(work, write=False)

    async def message(self, conversation_id: str, message_id: int) -> Message | None:
        def work(session: Session) -> Message | None:
            msg = session.get(Message, message_id)
            return msg if msg is not None and msg.conversation_id == conversation_id else None

        return await self.db.run(work, write=False)

    async def user_message(self, conversation_id: str, platform_message_id: str) -> Message | None:
        return await self.db.run(
            lambda s: s.execute(
                select(Message)
                .where(Message.conversation_id == conversation_id)
                .where(Message.platform_message_id == platform_message_id)
                .where(Message.role == "user")
                .limit(1)
            ).scalars().first(),
            write=False,
        )

    async def find_message(self, *, space: str, platform_message_id: str, platform: str) -> Message | None:
        def work(session: Session) -> Message | None:
            stmt = (
                select(Message)
                .join(Conversation, col(Conversation.id) == col(Message.conversation_id))
                .where(Message.space == space)
                .where(Message.platform_message_id == platform_message_id)
                .where(Conversation.platform == platform)
                .limit(1)
            )
            return session.execute(stmt).scalars().first()

        return await self.db.run(work, write=False)

    async def has_assistant_message(self, conversation_id: str) -> bool:
        return await self.db.run(lambda s: _has_assistant_message(s, conversation_id), write=False)

    async def set_offer(self, conversation_id: str, question: str | None, now: datetime | None) -> None:
        await self.db.run(lambda s: s.execute(
            update(Conversation)
            .where(col(Conversation.id) == conversation_id)
            .values(offer_question=question, offer_at=now)
        ))

    async def take_offer(self, conversation_id: str, *, now: datetime, window: timedelta) -> str | None:
        """The pending offer's question, if one is open within the window (not consumed)."""
        conv = await self.get(conversation_id)
        if conv is None or not conv.offer_question or conv.offer_at is None:
            return None
        if now - conv.offer_at > window:
            return None
        return conv.offer_question

    async def first_time(self, key: str, *, now: datetime) -> bool:
        """Record a delivery key; True only the first time it is seen."""
        insert = sqlite_insert if self.db.dialect == "sqlite" else pg_insert
        stmt = insert(SeenEvent).values(key=key[:500], created_at=now).on_conflict_do_nothing()
        result = await self.db.run(lambda s: s.execute(stmt))
        return int(result.rowcount or 0) == 1  # type: ignore[attr-defined]

    async def forget_seen_before(self, cutoff: datetime) -> None:
        await self.db.run(lambda s: s.execute(delete(SeenEvent).where(col(SeenEvent.created_at) < cutoff)))

    async def record_correction(self, correction: Correction) -> None:
        await self.db.run(lambda s: s.add(correction))

    async def corrections(self, *, limit: int = 200) -> list[Correction]:
        return await self.db.run(
            lambda s: list(s.execute(select(Correction).order_by(col(Correction.id).desc()).limit(limit))
                           .scalars().all()),
            write=False,
        )

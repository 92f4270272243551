"""Conversations and their messages, the escalation offer, platform delivery dedup, and
recorded routing corrections."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, update
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from storage.db import Database
from storage.models import Conversation, Correction, Message, SeenEvent, new_id


class Conversations:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def get_or_create(
        self, *, key: str, platform: str, space: str, channel: str, thread: str, thread_ref: str, now: datetime
    ) -> tuple[Conversation, bool]:
        async with self.db.session() as session:
            found = (await session.execute(select(Conversation).where(Conversation.key == key))).scalars().first()
            if found is not None:
                return found, False
            conv = Conversation(
                id=new_id(),
                key=key,
                platform=platform,
                space=space,
                channel=channel,
                thread=thread,
                thread_ref=thread_ref,
                created_at=now,
            )
            session.add(conv)
            try:
                await session.commit()
            except IntegrityError:  # created concurrently by another process
                await session.rollback()
                found = (await session.execute(select(Conversation).where(Conversation.key == key))).scalars().one()
                return found, False
            return conv, True

    async def get(self, conversation_id: str) -> Conversation | None:
        async with self.db.read() as session:
            return await session.get(Conversation, conversation_id)

    async def by_key(self, key: str) -> Conversation | None:
        async with self.db.read() as session:
            return (await session.execute(select(Conversation).where(Conversation.key == key))).scalars().first()

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
        async with self.db.session() as session:
            session.add(msg)
            try:
                await session.commit()
            except IntegrityError:
                await session.rollback()
                return None
        return msg

    async def set_route(self, message_id: int, route: str, meta: dict[str, Any] | None = None) -> None:
        values: dict[str, Any] = {"route": route}
        if meta is not None:
            values["meta"] = meta
        async with self.db.session() as session:
            await session.execute(update(Message).where(col(Message.id) == message_id).values(**values))
            await session.commit()

    async def history(self, conversation_id: str, *, limit: int = 12, before_id: int | None = None) -> list[Message]:
        async with self.db.read() as session:
            stmt = select(Message).where(Message.conversation_id == conversation_id)
            if before_id is not None:
                stmt = stmt.where(col(Message.id) < before_id)
            rows = (await session.execute(stmt.order_by(col(Message.id).desc()).limit(limit))).scalars().all()
        return list(reversed(rows))

    async def find_message(self, *, space: str, platform_message_id: str, platform: str) -> Message | None:
        async with self.db.read() as session:
            stmt = (
                select(Message)
                .join(Conversation, col(Conversation.id) == col(Message.conversation_id))
                .where(Message.space == space)
                .where(Message.platform_message_id == platform_message_id)
                .where(Conversation.platform == platform)
                .limit(1)
            )
            return (await session.execute(stmt)).scalars().first()

    async def has_assistant_message(self, conversation_id: str) -> bool:
        async with self.db.read() as session:
            stmt = (
                select(Message.id)
                .where(Message.conversation_id == conversation_id)
                .where(Message.role == "assistant")
                .limit(1)
            )
            return (await session.execute(stmt)).first() is not None

    async def set_offer(self, conversation_id: str, question: str | None, now: datetime | None) -> None:
        async with self.db.session() as session:
            await session.execute(
                update(Conversation)
                .where(col(Conversation.id) == conversation_id)
                .values(offer_question=question, offer_at=now)
            )
            await session.commit()

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
        async with self.db.session() as session:
            if self.db.dialect == "sqlite":
                stmt = sqlite_insert(SeenEvent).values(key=key[:500], created_at=now).on_conflict_do_nothing()
            else:
                from sqlalchemy.dialects.postgresql import insert as pg_insert

                stmt = pg_insert(SeenEvent).values(key=key[:500], created_at=now).on_conflict_do_nothing()
            result = await session.execute(stmt)
            await session.commit()
        return int(result.rowcount or 0) == 1  # type: ignore[attr-defined]

    async def forget_seen_before(self, cutoff: datetime) -> None:
        async with self.db.session() as session:
            await session.execute(delete(SeenEvent).where(col(SeenEvent.created_at) < cutoff))
            await session.commit()

    async def record_correction(self, correction: Correction) -> None:
        async with self.db.session() as session:
            session.add(correction)
            await session.commit()

    async def corrections(self, *, limit: int = 200) -> list[Correction]:
        async with self.db.read() as session:
            stmt = select(Correction).order_by(col(Correction.id).desc()).limit(limit)
            return list((await session.execute(stmt)).scalars().all())

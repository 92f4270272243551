"""The investigations view's storage, on SQLite and PostgreSQL: one-time links open one
session at most, only token hashes are kept, and the list is paged in the database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import text

from bot.events import ThreadRef
from storage.db import Database
from storage.models import Conversation, Investigation
from storage.web_access import WebAccess
from storage.web_reads import Filters, WebReads

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


async def test_a_link_opens_one_session_before_it_expires(any_db: Database) -> None:
    access = WebAccess(any_db)
    await access.add_link(
        "h-link", user_key="slack:U1", scope='{"admin": false}', now=T0, expires_at=T0 + timedelta(minutes=10)
    )
    later = T0 + timedelta(hours=8)
    granted = await access.redeem(
        "h-link", "h-session", now=T0 + timedelta(minutes=1), session_expires_at=later
    )
    assert granted is not None and granted.user_key == "slack:U1" and granted.scope == '{"admin": false}'
    again = await access.redeem(
        "h-link", "h-session-2", now=T0 + timedelta(minutes=2), session_expires_at=later
    )
    assert again is None, "a link works once"
    assert await access.session("h-session", now=T0 + timedelta(hours=7)) == granted
    assert await access.session("h-session-2", now=T0 + timedelta(hours=7)) is None
    assert await access.session("h-session", now=later + timedelta(seconds=1)) is None, "sessions end"
    await access.end_session("h-session")
    assert await access.session("h-session", now=T0 + timedelta(hours=1)) is None


async def test_an_expired_link_opens_nothing(any_db: Database) -> None:
    access = WebAccess(any_db)
    await access.add_link(
        "h-old", user_key="telegram:42", scope="{}", now=T0, expires_at=T0 + timedelta(minutes=10)
    )
    at = T0 + timedelta(minutes=10, seconds=1)
    assert await access.redeem("h-old", "h-s", now=at, session_expires_at=at + timedelta(hours=1)) is None
    await access.forget_expired(now=at)
    with any_db.blocking.begin() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM web_links")).scalar() == 0


async def _investigations(db: Database, n: int, *, space: str, start: datetime, status: str = "done") -> None:
    def work(session: object) -> None:
        conv = Conversation(
            key=f"slack:{space}:C1:{start.timestamp()}",
            platform="slack",
            space=space,
            channel="C1",
            thread="1.0",
            thread_ref=ThreadRef("slack", space, "C1", "1.0").to_json(),
            created_at=start,
        )
        session.add(conv)  # type: ignore[attr-defined]
        session.flush()  # type: ignore[attr-defined]
        for i in range(n):
            session.add(  # type: ignore[attr-defined]
                Investigation(
                    conversation_id=conv.id,
                    space=space,
                    question=f"{space} question {i}",
                    status=status,
                    thread_ref=conv.thread_ref,
                    requester_id=f"U{i % 3}",
                    created_at=start + timedelta(minutes=i),
                )
            )

    await db.run(work)


async def test_the_list_is_paged_newest_first_within_the_spaces(any_db: Database) -> None:
    await _investigations(any_db, 120, space="eng", start=T0)
    await _investigations(any_db, 5, space="sales", start=T0, status="delivered")
    reads = WebReads(any_db)
    first = await reads.page(Filters(("eng",)), offset=0, limit=50)
    assert [r.question for r in first.rows[:2]] == ["eng question 119", "eng question 118"]
    assert len(first.rows) == 50 and first.more
    last = await reads.page(Filters(("eng",)), offset=100, limit=50)
    assert len(last.rows) == 20 and not last.more
    assert all(r.space == "eng" for r in first.rows + last.rows)
    assert (await reads.page(Filters(()), offset=0, limit=50)).rows == [], "no space, nothing"
    everyone = await reads.page(Filters(None, status="done"), offset=0, limit=200)
    assert len(everyone.rows) == 125, "done includes the delivered"
    by_person = await reads.page(Filters(("eng",), requester="U1"), offset=0, limit=200)
    assert len(by_person.rows) == 40
    assert await reads.spaces() == ["eng", "sales"]

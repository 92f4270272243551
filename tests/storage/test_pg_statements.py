"""PostgreSQL: ``Database.fetch_one`` and ``fetch_all`` run on asyncpg connections they keep
themselves (the queue's enqueue, claims, batched handovers and transitions). A statement that fails leaves its connection in use; one
cancelled mid-statement is cancelled on the server too; one the server closed is replaced; at
most ``_SINGLES`` are open at once, and none is left after ``dispose``."""

from __future__ import annotations

import asyncio
import time

import psycopg
import pytest

from storage.db import Database
from storage.db_postgres import _SINGLES


@pytest.fixture
def url(request: pytest.FixtureRequest) -> str:
    from postgres_server import fresh_postgres_database

    return fresh_postgres_database(request)


def _backends(url: str) -> set[int]:
    """The other backends connected to this database now."""
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchall()
    return {row[0] for row in rows}


def _sleeping(url: str) -> int:
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(60)%' AND state = 'active'"
        ).fetchone()
    return int(row[0]) if row is not None else 0


async def _pid(db: Database) -> int:
    return int((await db.fetch_one("SELECT pg_backend_pid() AS pid"))["pid"])


async def test_a_failed_statement_keeps_its_connection(url: str) -> None:
    db = Database(url)
    try:
        first = await _pid(db)
        with pytest.raises(Exception, match="division by zero"):
            await db.fetch_one("SELECT 1 / 0 AS x")
        assert await _pid(db) == first
    finally:
        await db.dispose()


async def test_fetch_all_reads_every_row_on_the_same_connections(url: str) -> None:
    db = Database(url)
    try:
        first = await _pid(db)
        rows = await db.fetch_all(
            "SELECT n, pg_backend_pid() AS pid FROM generate_series(1, :k) AS n", {"k": 3}
        )
        assert [row["n"] for row in rows] == [1, 2, 3]
        assert {row["pid"] for row in rows} == {first}
        assert _backends(url) == {first}  # no second connection (asyncpg's pool) was opened
    finally:
        await db.dispose()


async def test_a_statement_cancelled_midway_is_cancelled_on_the_server(url: str) -> None:
    db = Database(url)
    try:
        await _pid(db)  # a connection open and idle
        sleeping = asyncio.create_task(db.fetch_one("SELECT pg_sleep(60) AS slept"))
        for _ in range(500):  # until the server runs it
            if _sleeping(url) == 1:
                break
            await asyncio.sleep(0.02)
        sleeping.cancel()
        with pytest.raises(asyncio.CancelledError):
            await sleeping
        await asyncio.wait_for(_pid(db), 10)  # not queued behind the cancelled statement
        assert _sleeping(url) == 0  # the server stopped running it
    finally:
        await db.dispose()


async def test_a_connection_the_server_closed_is_replaced(url: str) -> None:
    db = Database(url)
    try:
        first = await _pid(db)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("SELECT pg_terminate_backend(%s)", (first,))
        outcomes: list[object] = []
        for _ in range(2):  # it may fail once, as the pool's did (the callers retry)
            try:
                outcomes.append(await _pid(db))
                break
            except Exception as exc:
                outcomes.append(exc)
        assert isinstance(outcomes[-1], int) and outcomes[-1] != first, outcomes
    finally:
        await db.dispose()


async def test_at_most_so_many_at_once_and_none_left_after_dispose(url: str) -> None:
    db = Database(url)
    rows = await asyncio.gather(
        *(db.fetch_one("SELECT pg_backend_pid() AS pid, pg_sleep(0.2)") for _ in range(2 * _SINGLES))
    )
    assert 1 < len({row["pid"] for row in rows}) <= _SINGLES
    assert _backends(url)  # kept for the next statements
    await db.dispose()
    assert _backends(url) == set()


async def test_a_connection_the_server_ends_mid_statement_is_never_lent_again(url: str) -> None:
    """The server ending a connection (a restart, ``pg_terminate_backend``) while a statement
    runs on it: the statement fails as the database being away, and the connection is closed,
    not handed to the very next statement (asyncpg, still reading the end of the failed one,
    would refuse it as "another operation is in progress", an error no caller retries)."""
    import threading

    from storage.db import unavailable

    def terminate_when_running() -> None:
        for _ in range(500):
            if _sleeping(url) == 1:
                break
            time.sleep(0.02)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(60)%'"
            )

    db = Database(url)
    try:
        for _ in range(_SINGLES):  # every kept connection idle: the next statement takes the last
            await _pid(db)
        killer = threading.Thread(target=terminate_when_running)
        killer.start()
        try:
            with pytest.raises(Exception) as ended:
                await db.fetch_one("SELECT pg_sleep(60) AS slept")
        finally:
            killer.join()
        assert unavailable(ended.value), repr(ended.value)
        for _ in range(3):  # at once, each on a sound connection
            await db.fetch_one("SELECT 1 AS one")
    finally:
        await db.dispose()


async def test_a_kept_connection_still_busy_is_closed_and_the_statement_runs_on_another(url: str) -> None:
    """A connection kept idle that is still busy (as one is after a statement that failed as
    the server went away, while asyncpg reads the rest of it): asyncpg refuses the next
    statement before sending it, "another operation is in progress". The connection is closed
    and the statement runs on another, once: it had not reached the server."""
    import asyncpg

    db = Database(url)
    try:
        await _pid(db)
        busy = await asyncpg.connect(db._pg.dsn)  # type: ignore[union-attr]
        sleeping = asyncio.create_task(busy.fetchrow("SELECT pg_sleep(60)"))
        for _ in range(500):  # until the server runs it
            if _sleeping(url) == 1:
                break
            await asyncio.sleep(0.02)
        busy_pid = busy.get_server_pid()
        db._pg._idle.append(busy)  # type: ignore[union-attr]  # handed out next
        assert await _pid(db) != busy_pid
        assert busy.is_closed()
        with pytest.raises(asyncpg.exceptions.ConnectionDoesNotExistError):
            await sleeping
    finally:
        await db.dispose()


async def test_a_lent_connection_refusing_a_statement_as_busy_is_not_lent_again(url: str) -> None:
    """A connection lent for a transaction that refuses a statement as still busy with
    another (asyncpg's "another operation is in progress", or "cannot switch to state …" as
    the server goes away): the refusal reads as the database being away (the message is kept
    and handled again once it is back, not apologised for), and the connection is closed, so
    the next transaction runs on a sound one."""
    import asyncpg

    from storage.db import unavailable

    db = Database(url)
    pg = db._pg
    assert pg is not None
    try:
        sleeping: asyncio.Task[object] | None = None
        with pytest.raises(asyncpg.InterfaceError) as refused:
            async with pg.connection() as conn:
                lent = conn.get_server_pid()
                sleeping = asyncio.create_task(conn.fetchrow("SELECT pg_sleep(60)"))
                for _ in range(500):  # until the server runs it
                    if _sleeping(url) == 1:
                        break
                    await asyncio.sleep(0.02)
                await conn.fetchrow("SELECT 1")
        assert unavailable(refused.value), repr(refused.value)
        assert sleeping is not None
        with pytest.raises(asyncpg.exceptions.ConnectionDoesNotExistError):
            await sleeping
        async with pg.connection() as conn, conn.transaction():
            assert conn.get_server_pid() != lent
            assert await conn.fetchval("SELECT 1") == 1
        assert unavailable(
            asyncpg.InternalClientError("cannot switch to state 15; another operation (2) is in progress")
        )
    finally:
        await db.dispose()

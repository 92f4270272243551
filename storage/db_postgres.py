"""PostgreSQL's side of ``Database``: statements written with ``:name`` parameters as each
driver takes them (psycopg on the storage threads, asyncpg on a pool of our own: no thread
hop, no pre-ping, and writes deferred into its transactions), and LISTEN connections that
reconnect by themselves."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import text
from sqlalchemy.dialects.postgresql.asyncpg import dialect as asyncpg_dialect
from sqlalchemy.dialects.postgresql.psycopg import dialect as psycopg_dialect

from storage.errors import StorageError, one_line

log = logging.getLogger(__name__)

_ASYNCPG = asyncpg_dialect()
_PSYCOPG = psycopg_dialect()


@functools.lru_cache(maxsize=256)
def asyncpg_form(sql: str) -> tuple[str, tuple[str, ...]]:
    """``sql`` written with ``:name`` parameters as asyncpg takes it (``$1, $2, …``) and
    the names in that order; SQLAlchemy's own compiler does the translation, once a text."""
    compiled = text(sql).compile(dialect=_ASYNCPG)
    return compiled.string, tuple(compiled.positiontup or ())


@functools.lru_cache(maxsize=512)
def psycopg_form(sql: str) -> str:
    """``sql`` written with ``:name`` parameters as psycopg takes it (``%(name)s``, a
    literal ``%`` doubled), compiled once a text by SQLAlchemy's own compiler."""
    return text(sql).compile(dialect=_PSYCOPG).string


def psycopg_rows(conn: Any, sql: str, params: Mapping[str, Any]) -> Any:
    """A cursor over ``sql`` on a psycopg connection, its rows as dicts by column name."""
    from psycopg.rows import dict_row

    return conn.cursor(row_factory=dict_row).execute(psycopg_form(sql), params)


def bind(sql: str, params: Mapping[str, Any]) -> tuple[Any, ...]:
    """The arguments of an asyncpg call (``fetchrow(*bind(sql, params))``) for ``sql``
    written with ``:name`` parameters."""
    statement, names = asyncpg_form(sql)
    return (statement, *(params[name] for name in names))


# connections ``fetch_one`` keeps (asyncpg's pool, for transactions and batches, has as many)
_SINGLES = 8


class PgStatements:
    """One statement at a time, each in autocommit, on the event loop through asyncpg (a
    prepared statement, no thread hop, no pre-ping: a connection the server closed fails
    once and is replaced; one cancelled mid-statement has it cancelled on the server, as
    asyncpg's pool does). ``connection()`` lends one
    of asyncpg's pool for the callers that need a transaction."""

    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
        self._pool: Any = None
        self._lock = asyncio.Lock()
        self._listeners: list[Listener] = []
        # ``fetch_one``'s and ``fetch_all``'s own connections, taken and given back in place: asyncpg's pool
        # hands a connection back through a task of its own (an extra turn of the event loop
        # and about twice the client's CPU for a one-statement call, an enqueue or a claim)
        self._idle: list[Any] = []
        self._spare = asyncio.Semaphore(_SINGLES)
        self._closed = False

    async def fetch_one(self, sql: str, params: Mapping[str, Any]) -> Any:
        return await self._statement("fetchrow", sql, params)

    async def fetch_all(self, sql: str, params: Mapping[str, Any]) -> list[Any]:
        """All the rows of one statement (the queue's batched claims and handovers), on the
        same connections as ``fetch_one``: asyncpg's pool would cost a task per release."""
        return await self._statement("fetch", sql, params)  # type: ignore[no-any-return]

    async def _statement(self, method: str, sql: str, params: Mapping[str, Any]) -> Any:
        import asyncpg

        async with self._spare:
            for attempt in (1, 2):
                connection = await self._single()
                try:
                    rows = await getattr(connection, method)(*bind(sql, params))
                except (asyncpg.InternalClientError, asyncpg.InterfaceError) as exc:
                    connection.terminate()
                    if attempt == 2 or not _still_busy(exc):
                        raise
                    # refused before anything was sent: the connection was still busy (reading
                    # the end of an earlier statement, or the server's farewell as it went
                    # away, which every kept connection heard at once). Those are closed; the
                    # statement goes once more, on a new connection
                    idle, self._idle = self._idle, []
                    for kept in idle:
                        kept.terminate()
                    continue
                except asyncpg.PostgresError as exc:
                    if server_gone(exc):
                        connection.terminate()  # the server is ending it: not lent again
                    else:
                        self._put_back(connection)  # the statement failed: the connection is sound
                    raise
                except asyncio.CancelledError:
                    # cancelled: asyncpg asks the server to cancel it, and the connection's next
                    # statement waits until that is done: sound
                    self._put_back(connection)
                    raise
                except BaseException:  # lost: in no known state
                    connection.terminate()
                    raise
                self._put_back(connection)
                return rows
        raise AssertionError("unreachable")  # (each attempt returns or raises)

    async def _single(self) -> Any:
        import asyncpg

        while self._idle:
            connection = self._idle.pop()
            if not connection.is_closed():
                return connection  # one the server closed meanwhile fails on use, as the pool's do
        return await asyncpg.connect(self.dsn)

    def _put_back(self, connection: Any) -> None:
        if self._closed or connection.is_in_transaction():
            connection.terminate()
        else:
            self._idle.append(connection)

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Any]:
        """An asyncpg connection of the same pool, for a caller that needs several
        statements or several rows (the queue's enqueue transaction, its batched claims).
        It must leave no session state behind: the pool only rolls back an open transaction
        on release (see ``_open``)."""
        import asyncpg

        pool = self._pool or await self._open()
        async with pool.acquire() as connection:
            try:
                yield connection
            except (asyncpg.InternalClientError, asyncpg.InterfaceError):
                # refused as still busy (the server's farewell heard as it went away, or a
                # statement of the caller's left running): in no state to be lent again
                connection.terminate()
                raise

    async def _open(self) -> Any:
        import asyncpg

        async with self._lock:
            if self._pool is None:
                # Each use is one statement in autocommit, leaving no session state behind, so
                # the pool's default reset on release (a round trip of its own: RESET ALL,
                # UNLISTEN *, …, doubling the cost of a claim) is skipped.
                self._pool = await asyncpg.create_pool(
                    self.dsn, min_size=1, max_size=_SINGLES, reset=_keep_session
                )
        return self._pool

    async def listen(self, channel: str, callback: Callable[[], None]) -> Listener:
        listener = Listener(self.dsn, channel, callback)
        await listener.start()
        self._listeners.append(listener)
        return listener

    async def close(self) -> None:
        for listener in self._listeners:
            await listener.close()
        self._listeners.clear()
        if self._pool is not None:
            await self._pool.close()
            self._pool = None
        self._closed = True
        idle, self._idle = self._idle, []
        for connection in idle:
            try:
                await connection.close(timeout=5)
            except Exception:
                connection.terminate()


def _still_busy(exc: BaseException) -> bool:
    """asyncpg refusing a statement, before sending it, on a connection still busy with
    another: "another operation is in progress" (the connection's guard), or "cannot switch
    to state …" (its protocol's, after a statement that failed midway)."""
    import asyncpg

    return isinstance(exc, asyncpg.InternalClientError) or "another operation is in progress" in str(exc)


def server_gone(exc: BaseException) -> bool:
    """An error that ends the connection: a connection exception (SQLSTATE class 08) or the
    server shutting down or restarting (class 57: operator intervention)."""
    return str(getattr(exc, "sqlstate", "") or "")[:2] in ("08", "57")


async def _keep_session(_connection: Any) -> None:
    """The pool's reset hook: nothing to undo (see ``PgStatements._open``)."""


class DeferredWrites:
    """What ``Database.execute`` takes inside a synchronous unit of work that an asyncpg
    transaction runs (it cannot await the connection): the unit's writes are kept, and the
    transaction's owner sends them (``send``) before it commits. Their rows cannot be read."""

    def __init__(self) -> None:
        self.statements: list[tuple[str, dict[str, Any]]] = []

    def add(self, sql: str, params: Mapping[str, Any]) -> _NoRows:
        self.statements.append((sql, dict(params)))
        return _NoRows()

    async def send(self, connection: Any) -> None:
        """Run the kept statements, in order, on ``connection`` (inside its transaction)."""
        for sql, params in self.statements:
            await connection.execute(*bind(sql, params))
        self.statements.clear()


class _NoRows:
    """The result of a deferred write: it has not run yet, so there is nothing to read."""

    def _refuse(self) -> Any:
        raise StorageError("a write deferred into an asyncpg transaction has no rows to read")

    first = all = one = _refuse


class Listener:
    """One dedicated connection that LISTENs on a channel, reconnecting with a growing
    pause (up to 5 s) when the server goes away."""

    def __init__(self, dsn: str, channel: str, callback: Callable[[], None]) -> None:
        self.dsn = dsn
        self.channel = channel
        self.callback = callback
        self._task: asyncio.Task[None] | None = None
        self._connection: Any = None

    async def start(self) -> None:
        """Connect (raising if the server cannot be reached now), then keep connected."""
        connection = await self._connect()
        self._task = asyncio.create_task(self._keep(connection), name=f"listen {self.channel}")

    async def _connect(self) -> Any:
        import asyncpg

        connection = await asyncpg.connect(self.dsn)
        await connection.add_listener(self.channel, lambda *_: self.callback())
        self._connection = connection
        return connection

    async def _keep(self, connection: Any) -> None:
        pause = 0.05
        while True:
            lost = asyncio.Event()
            connection.add_termination_listener(lambda _c, lost=lost: lost.set())
            await lost.wait()
            # the outage itself is logged once, by whoever reports it (bot/inbound/door.py)
            log.debug("lost the database notification connection; polling until it is back")
            while True:
                await asyncio.sleep(pause)
                try:
                    connection = await self._connect()
                    break
                except Exception as exc:  # the server is restarting or unreachable
                    log.debug("reconnecting the listener failed: %s", one_line(exc))
                    pause = min(pause * 2, 5.0)
            pause = 0.05
            log.debug("database notifications are back")
            self.callback()  # anything enqueued while we were away

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass
            self._task = None
        if self._connection is not None:
            try:
                await self._connection.close(timeout=2)
            except Exception as exc:  # already gone
                log.debug("closing the listener failed: %s", one_line(exc))
            self._connection = None

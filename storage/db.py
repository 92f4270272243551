"""The database: SQLite in WAL mode by default, PostgreSQL to scale; sessions; schema
migrations applied at start-up.

Storage code runs each unit of work as one synchronous function on a small thread pool
(``Database.run``): one thread hop per unit of work. Through ``aiosqlite`` every statement
costs several hops between the event loop and the driver's thread (about 18 for one
ORM select, measured at 2.7 ms here); a unit of work on a synchronous connection costs
one. For SQLite the pool has one thread, which also serialises this process's writes so
they never fight over the file lock; other processes still wait on the busy timeout. The
per-message hot path (``run_sql``) on SQLite runs on the event loop's thread when the
write lock is free at once, and on the storage thread otherwise (see ``run_sql``).
The async engine remains for migrations and for callers that want an ``AsyncSession``.

Durability on SQLite: WAL with ``synchronous=NORMAL``. A committed transaction survives a
crash of the process (it is in the WAL file before the caller hears back), but the last
transactions before a power loss or OS crash may be rolled back, since the WAL is synced
at checkpoints rather than at every commit. ``sqlite_synchronous="FULL"`` syncs every commit.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import re
import sqlite3
import tempfile
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar, cast

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, InterfaceError, NoSuchModuleError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import Session

from storage.errors import StorageError

T = TypeVar("T")

log = logging.getLogger(__name__)

_CHECKPOINT_EVERY = 200  # inline commits (about 1,000 WAL pages, SQLite's own default)

# What a ``run_sql`` unit of work receives: on SQLite the driver's own connection (the hot
# path skips SQLAlchemy's pool and events), elsewhere a SQLAlchemy connection.
SqlConnection = Connection | sqlite3.Connection

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def storable(text: str) -> str:
    """``text`` as both databases can store it: PostgreSQL's text types cannot hold NUL
    (U+0000) and refuse the whole row, so it is dropped, on SQLite too, so they agree."""
    return text.replace("\x00", "") if "\x00" in text else text


def unavailable(exc: BaseException) -> bool:
    """True when ``exc`` says the database could not be reached or used at all (server
    down or restarting, connection lost, file locked, deleted or unwritable), rather than
    that a statement was wrong: the same work may well succeed later."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, DatabaseGone | ConnectionError | TimeoutError):
            return True
        if isinstance(current, DBAPIError) and (
            current.connection_invalidated or isinstance(current, OperationalError | InterfaceError)
        ):
            return True
        if isinstance(current, sqlite3.OperationalError):
            return True  # busy, locked, read-only, I/O error, cannot open: all about the file
        name = type(current).__module__.split(".")[0]
        if name == "psycopg" and type(current).__name__ in ("OperationalError", "InterfaceError"):
            return True
        if name == "asyncpg":
            state = str(getattr(current, "sqlstate", "") or "")
            if state[:2] in ("08", "57") or state == "55000" or "Connection" in type(current).__name__:
                return True
            if type(current).__name__ == "InterfaceError":
                return True
        current = current.__cause__ or current.__context__ or getattr(current, "orig", None)
    return False


class DatabaseGone(StorageError):
    """The SQLite file was deleted or replaced under the running process: writes are
    refused rather than made to a file nobody will ever read again."""


def _sync_url(url: Any) -> Any:
    """The synchronous driver for the same database."""
    if url.drivername == "sqlite+aiosqlite":
        return url.set(drivername="sqlite+pysqlite")
    if url.drivername == "postgresql+asyncpg":
        return url.set(drivername="postgresql+psycopg")
    return url


def _normalize_url(url: str) -> str:
    """Accept the URLs people write and pick the async driver for them."""
    if url.startswith("sqlite:///"):
        return "sqlite+aiosqlite:///" + url[len("sqlite:///") :]
    if url.startswith(("postgres://", "postgresql://")):
        return "postgresql+asyncpg://" + url.split("://", 1)[1]
    return url


class Database:
    """Owns the engine. ``dialect`` is ``sqlite`` or ``postgresql``."""

    def __init__(
        self, url: str, *, busy_timeout_ms: int = 10_000, sqlite_synchronous: str = "NORMAL"
    ) -> None:
        url = _normalize_url(url)
        try:
            parsed = make_url(url)
        except ArgumentError as exc:
            raise StorageError(f"bad database URL {url!r}: {exc}") from None
        self.dialect = parsed.get_backend_name()
        if self.dialect not in {"sqlite", "postgresql"}:
            raise StorageError(f"unsupported database {self.dialect!r}: use sqlite or postgresql")
        kwargs: dict[str, Any] = {}
        if self.dialect == "sqlite":
            db_path = parsed.database
            if db_path and db_path != ":memory:":
                parent = Path(db_path).parent
                try:
                    parent.mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    raise StorageError(f"cannot create database folder {parent}: {exc.strerror}") from None
                _check_writable(Path(db_path))
            kwargs["connect_args"] = {"timeout": busy_timeout_ms / 1000}
        else:
            kwargs["pool_pre_ping"] = True
        try:
            self.engine: AsyncEngine = create_async_engine(parsed, **kwargs)
        except (NoSuchModuleError, ModuleNotFoundError) as exc:
            raise StorageError(f"no driver for {parsed.drivername}: {exc}") from None
        try:
            self.blocking = create_engine(_sync_url(parsed), **kwargs)
        except (NoSuchModuleError, ModuleNotFoundError) as exc:
            raise StorageError(f"no driver for {parsed.drivername}: {exc}") from None
        if self.dialect == "sqlite":
            for engine in (self.engine.sync_engine, self.blocking):
                event.listen(engine, "connect", _sqlite_pragmas(busy_timeout_ms, sqlite_synchronous))
                event.listen(engine, "begin", _sqlite_begin)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self._pending: list[Any] = []
        self._batch_running = False
        self._pool = ThreadPoolExecutor(
            max_workers=1 if self.dialect == "sqlite" else 8, thread_name_prefix="mallory-db"
        )
        self._generations: dict[str, int] = {}
        self._hot: Any = None  # SQLite: the storage thread's own connection for run_sql
        self._inline: Any = None  # SQLite: the event loop's connection for run_sql (see _run_inline)
        self._reader: Any = None  # SQLite: the event loop's read-only connection (read_sql)
        self._inline_commits = 0
        self._flush_scheduled = False
        self._inline_ok = self.dialect == "sqlite" and bool(parsed.database) and parsed.database != ":memory:"
        # SQLite: the file this process opened (device, inode), taken after migrate; a write
        # first checks the path still leads to it (see ``_check_file``)
        self._file = Path(parsed.database) if self._inline_ok and parsed.database else None
        self._file_id: tuple[int, int] | None = None
        self._gone_reported = False
        # PostgreSQL: single statements (the queue's claim and complete) go straight to an
        # asyncpg pool of our own, no thread hop and no pre-ping (see ``fetch_one``)
        self._pg_dsn = parsed.set(drivername="postgresql").render_as_string(hide_password=False)
        self._pg_pool: Any = None
        self._pg_pool_lock = asyncio.Lock()
        self._listeners: list[Listener] = []

    def wrote(self, table: str) -> None:
        """Note that this process has committed a change to ``table`` (in-process indexes
        over it then refresh at their next search instead of waiting for their interval)."""
        self._generations[table] = self._generations.get(table, 0) + 1

    def generation(self, table: str) -> int:
        """How many changes to ``table`` this process has committed (see ``wrote``)."""
        return self._generations.get(table, 0)

    def _check_file(self) -> None:
        """Refuse to write when the SQLite file this process opened is no longer at its
        path (the data folder was deleted or the file replaced): SQLite would carry on
        writing to the unlinked file and every write would be lost. Said loudly, once."""
        if self._file is None or self._file_id is None:
            return
        try:
            st = os.stat(self._file)
            same = (st.st_dev, st.st_ino) == self._file_id
        except OSError:
            same = False
        if same:
            if self._gone_reported:
                log.warning("database file %s is back; writing again", self._file)
                self._gone_reported = False
            return
        message = (
            f"the database file {self._file} was deleted or replaced while Mallory was running; "
            "refusing to write to it (restore it, or restart Mallory to start a new one)"
        )
        if not self._gone_reported:
            log.error(message)
            self._gone_reported = True
        raise DatabaseGone(message)

    async def run(self, work: Callable[[Session], T], *, write: bool = True) -> T:
        """Run ``work(session)`` in one transaction on the storage thread pool, commit it,
        and return its result (ORM objects come back detached, with their values loaded)."""
        if write:
            self._check_file()
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, self._run_sync, work, write)

    async def read_sql(self, work: Callable[[SqlConnection], T], *, short: bool = True) -> T:
        """A read written as SQL (``execute``). A ``short`` one (a few indexed rows, such as
        a search's hits) runs at once on the event loop's thread on SQLite, on a read-only
        connection of its own: in WAL mode a reader never waits for writers, and a hop to
        the storage thread and back costs more than the read. Otherwise, or when the file
        is locked, it runs on the storage thread, in a read transaction."""
        if short and self._inline_ok:
            if self._reader is None:
                self._reader = self.blocking.raw_connection()
                self._reader.driver_connection.execute("PRAGMA query_only=1")
                self._reader.driver_connection.execute("PRAGMA busy_timeout=0")  # never wait on the loop
            try:
                return work(cast(sqlite3.Connection, self._reader.driver_connection))
            except sqlite3.OperationalError as exc:
                if exc.sqlite_errorcode & 0xFF not in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                    raise
        return await self.run(lambda session: work(self.driver(session)), write=False)

    def driver(self, session: Session) -> SqlConnection:
        """The connection ``execute`` takes, inside a ``run`` unit of work."""
        connection = session.connection()
        if self.dialect == "sqlite":
            return cast(sqlite3.Connection, connection.connection.driver_connection)
        return connection

    async def run_sql(self, work: Callable[[SqlConnection], T], *, write: bool = True) -> T:
        """Like ``run`` but on a bare connection, for the per-message hot path written as
        SQL (``execute``); ``work`` may run more than once, so it only talks to the database.
        A caller hears back only after its unit is committed.

        On SQLite, while the storage thread is idle the unit runs at once on the event loop's
        thread if the write lock is free (a unit is a few short statements, ~0.1–0.3 ms; two
        hops to a thread and back cost more than that). Otherwise it goes to the storage
        thread, which waits for the lock; units that arrive while a transaction is being
        written there are committed together in the next one (group commit); if one of them
        fails, the others are retried alone, so it fails only itself."""
        if write:
            self._check_file()
        loop = asyncio.get_running_loop()
        if self.dialect != "sqlite":
            return await loop.run_in_executor(self._pool, self._run_conn, work, write)
        future: asyncio.Future[Any] = loop.create_future()
        self._pending.append((work, future))
        if not self._batch_running:
            if not self._inline_ok:
                self._start_batch(loop)
            elif not self._flush_scheduled:
                # units arriving in this same turn of the loop share the transaction
                self._flush_scheduled = True
                loop.call_soon(self._flush_inline, loop)
        return cast(T, await future)

    def _flush_inline(self, loop: asyncio.AbstractEventLoop) -> None:
        self._flush_scheduled = False
        if self._batch_running or not self._pending:
            return  # the storage thread takes them when its batch is done
        batch, self._pending = self._pending, []
        try:
            results = self._in_transaction(self._inline_connection(), [work for work, _ in batch])
        except Exception as exc:
            busy = isinstance(exc, sqlite3.OperationalError) and exc.sqlite_errorcode & 0xFF in (
                sqlite3.SQLITE_BUSY,
                sqlite3.SQLITE_LOCKED,
            )
            if len(batch) == 1 and not busy:
                results = [(False, exc)]
            else:  # the storage thread waits for the lock, or retries each unit alone
                self._pending = batch + self._pending
                self._start_batch(loop)
                return
        _settle(batch, results)
        self._inline_commits += 1
        if self._inline_commits % _CHECKPOINT_EVERY == 0:
            self._pool.submit(self._checkpoint)

    def _start_batch(self, loop: asyncio.AbstractEventLoop) -> None:
        batch, self._pending = self._pending, []
        self._batch_running = True
        done = self._pool.submit(self._run_batch, batch)
        done.add_done_callback(lambda f: loop.call_soon_threadsafe(self._batch_done, loop, batch, f))

    def _batch_done(self, loop: asyncio.AbstractEventLoop, batch: list[Any], done: Any) -> None:
        error = done.exception()
        _settle(batch, [(False, error)] * len(batch) if error is not None else done.result())
        self._batch_running = False
        if self._pending:
            self._start_batch(loop)
        # (with nothing pending, the next unit runs on the event loop's thread again)

    def _hot_connection(self) -> sqlite3.Connection:
        # Checked out of the pool once and kept (the pragmas ran on connect), on the storage
        # thread only; sqlite3 keeps its statements prepared per connection.
        if self._hot is None:
            self._hot = self.blocking.raw_connection()
        return cast(sqlite3.Connection, self._hot.driver_connection)

    def _inline_connection(self) -> sqlite3.Connection:
        # On the event loop's thread, without waiting: if the write lock is not free at once
        # (busy timeout 0), the units go to the storage thread instead, which waits for it.
        if self._inline is None:
            self._inline = self.blocking.raw_connection()
            self._inline.driver_connection.execute("PRAGMA busy_timeout=0")
            # checkpoints are written by the storage thread, not on the event loop
            self._inline.driver_connection.execute("PRAGMA wal_autocheckpoint=0")
        return cast(sqlite3.Connection, self._inline.driver_connection)

    def _checkpoint(self) -> None:
        self._hot_connection().execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def _run_batch(self, batch: list[Any]) -> list[tuple[bool, Any]]:
        # Optimistically all units in one transaction; if any fails, the transaction is
        # rolled back and each unit runs again alone, so one bad unit fails only itself.
        conn = self._hot_connection()
        try:
            return self._in_transaction(conn, [work for work, _ in batch])
        except Exception as exc:
            if len(batch) == 1:
                return [(False, exc)]
        results: list[tuple[bool, Any]] = []
        for work, _ in batch:
            try:
                results.extend(self._in_transaction(conn, [work]))
            except Exception as exc:
                results.append((False, exc))
        return results

    @staticmethod
    def _in_transaction(conn: sqlite3.Connection, works: list[Any]) -> list[tuple[bool, Any]]:
        conn.execute("BEGIN IMMEDIATE")
        try:
            results = [(True, work(conn)) for work in works]
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        return results

    def execute(self, conn: SqlConnection, sql: str, params: tuple[Any, ...] = ()) -> Any:
        """Run one SQL statement written with ``?`` placeholders straight on the driver
        (the per-message hot path only), inside ``conn``'s transaction. The result has
        ``first()``, ``all()`` and ``one()``. PostgreSQL's driver wants ``%s``."""
        if isinstance(conn, sqlite3.Connection):
            return _Rows(conn.execute(sql, params))
        return conn.exec_driver_sql(sql.replace("%", "%%").replace("?", "%s"), params)

    async def fetch_one(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        """One statement written with ``?`` placeholders, in a transaction of its own; its
        first row (indexable) or None. On PostgreSQL it runs on the event loop through
        asyncpg (a prepared statement, no thread hop, no pre-ping: a connection the server
        closed is replaced when it is next taken from the pool); on SQLite through
        ``run_sql``. For the queue's claim, heartbeat and complete, which run once per unit
        of work per worker."""
        if self.dialect != "postgresql":
            return await self.run_sql(lambda conn: self.execute(conn, sql, params).first())
        pool = self._pg_pool or await self._open_pg_pool()
        return await pool.fetchrow(_dollar_params(sql), *params)

    @asynccontextmanager
    async def pg_connection(self) -> AsyncIterator[Any]:
        """PostgreSQL: an asyncpg connection from the same pool as ``fetch_one`` (no thread
        hop, no pre-ping), for a caller that needs several statements or several rows (the
        queue's enqueue transaction and batched claims). Leave no session state behind."""
        pool = self._pg_pool or await self._open_pg_pool()
        async with pool.acquire() as connection:
            yield connection

    async def _open_pg_pool(self) -> Any:
        import asyncpg

        async with self._pg_pool_lock:
            if self._pg_pool is None:
                # Each use is one statement in autocommit, leaving no session state behind, so
                # the pool's default reset on release (a round trip of its own: RESET ALL,
                # UNLISTEN *, …, doubling the cost of a claim) is skipped.
                self._pg_pool = await asyncpg.create_pool(
                    self._pg_dsn, min_size=1, max_size=16, reset=_keep_session
                )
        return self._pg_pool

    async def listen(self, channel: str, callback: Callable[[], None]) -> Listener | None:
        """PostgreSQL: call ``callback`` on the event loop for each NOTIFY on ``channel``
        (and once after each reconnection, since notifications sent while disconnected are
        lost). None on SQLite, which has no cross-process notifications."""
        if self.dialect != "postgresql":
            return None
        listener = Listener(self._pg_dsn, channel, callback)
        await listener.start()
        self._listeners.append(listener)
        return listener

    def to_db_time(self, moment: datetime) -> Any:
        """A timestamp as the ORM stores it: on SQLite a UTC string, elsewhere the value."""
        if self.dialect == "sqlite":
            return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")
        return moment

    @staticmethod
    def from_db_time(value: Any) -> datetime | None:
        if value is None:
            return None
        moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
        return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)

    def _run_conn(self, work: Callable[[SqlConnection], T], write: bool) -> T:
        with self.blocking.connect() as conn:
            if write and self.dialect == "sqlite":
                conn = conn.execution_options(sqlite_begin="IMMEDIATE")
            with conn.begin():
                return work(conn)

    def _run_sync(self, work: Callable[[Session], T], write: bool) -> T:
        with self.blocking.connect() as conn:
            if write and self.dialect == "sqlite":
                conn = conn.execution_options(sqlite_begin="IMMEDIATE")
            with Session(bind=conn, expire_on_commit=False) as session:
                result = work(session)
                session.commit()
                return result

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        """A session for anything that may write. On SQLite its transaction takes the write
        lock up front (``BEGIN IMMEDIATE``): a deferred transaction that reads and then
        writes fails at once with "database is locked" when another connection wrote in
        between (WAL snapshot), and the busy timeout cannot help it. PostgreSQL gets a
        plain transaction; its statements lock rows."""
        async with self.engine.connect() as conn:
            if self.dialect == "sqlite":
                await conn.execution_options(sqlite_begin="IMMEDIATE")
            async with AsyncSession(bind=conn, expire_on_commit=False) as session:
                yield session

    write = session

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncSession]:
        """A session for reads only: never blocks writers (WAL)."""
        async with self.sessions() as session:
            yield session

    async def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration."""
        try:
            async with self.engine.begin() as conn:
                await conn.run_sync(_upgrade)
            if self._file is not None:
                st = os.stat(self._file)
                self._file_id = (st.st_dev, st.st_ino)
        except OSError as exc:
            raise StorageError(f"cannot open the database: {exc}") from None
        except Exception as exc:  # driver errors differ per backend; say it in one line
            if isinstance(exc, StorageError):
                raise
            raise StorageError(f"cannot open or migrate the database: {_one_line(exc)}") from None

    async def dispose(self) -> None:
        for listener in self._listeners:
            await listener.close()
        self._listeners.clear()
        if self._pg_pool is not None:
            await self._pg_pool.close()
            self._pg_pool = None
        for name in ("_inline", "_reader"):
            connection = getattr(self, name)
            if connection is not None:
                connection.close()
                setattr(self, name, None)
        if self._hot is not None:
            await asyncio.get_running_loop().run_in_executor(self._pool, self._close_hot)
        await self.engine.dispose()
        self._pool.shutdown(wait=True)
        self.blocking.dispose()

    def _close_hot(self) -> None:
        self._hot.close()  # back to the pool, which the engine's dispose then closes
        self._hot = None


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
            log.warning("lost the database notification connection; polling until it is back")
            while True:
                await asyncio.sleep(pause)
                try:
                    connection = await self._connect()
                    break
                except Exception as exc:  # the server is restarting or unreachable
                    log.debug("reconnecting the listener failed: %s", _one_line(exc))
                    pause = min(pause * 2, 5.0)
            pause = 0.05
            log.warning("database notifications are back")
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
                log.debug("closing the listener failed: %s", _one_line(exc))
            self._connection = None


async def _keep_session(_connection: Any) -> None:
    """The pool's reset hook: nothing to undo (see ``_open_pg_pool``)."""


@functools.lru_cache(maxsize=256)
def _dollar_params(sql: str) -> str:
    """``?`` placeholders as asyncpg's ``$1, $2, …`` (our statements never quote a ``?``)."""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _m: f"${next(count)}", sql)


def _settle(batch: list[Any], results: list[tuple[bool, Any]]) -> None:
    """Hand each waiting caller its unit's result or error (unless it stopped waiting)."""
    for (_, future), (ok, value) in zip(batch, results, strict=True):
        if future.done():
            continue
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)


class _Rows:
    """The two result methods the hot path uses, on a raw DBAPI cursor."""

    def __init__(self, cursor: Any) -> None:
        self.cursor = cursor

    def first(self) -> Any:
        row = self.cursor.fetchone()
        self.cursor.close()
        return row

    def all(self) -> list[Any]:
        rows = self.cursor.fetchall()
        self.cursor.close()
        return list(rows)

    def one(self) -> Any:
        row = self.first()
        if row is None:
            raise StorageError("expected a row, found none")
        return row


def _check_writable(db_path: Path) -> None:
    """SQLite needs to write the database file and, for its journal, the folder beside it;
    otherwise it only says "unable to open database file". Say which path and why."""
    folder = db_path.parent
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise StorageError(
            f"cannot write the database folder {folder}: {exc.strerror or exc} "
            "(SQLite keeps its journal beside the database). Make it writable, or choose another "
            "folder with --data-dir or MALLORY_DATA_DIR."
        ) from None
    if db_path.exists() and not os.access(db_path, os.W_OK):
        raise StorageError(
            f"cannot write the database file {db_path}: permission denied. Make it writable, or "
            "choose another folder with --data-dir or MALLORY_DATA_DIR."
        )


def _one_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc)
    return text.strip().splitlines()[0] if text.strip() else type(exc).__name__


def _sqlite_pragmas(busy_timeout_ms: int, synchronous: str) -> Any:
    if synchronous.upper() not in {"NORMAL", "FULL"}:
        raise StorageError(f"sqlite synchronous must be NORMAL or FULL, not {synchronous!r}")

    def on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None
        cursor = dbapi_conn.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA synchronous={synchronous.upper()}")
        cursor.close()

    return on_connect


def _sqlite_begin(conn: Connection) -> None:
    # pysqlite's own implicit BEGIN is switched off (isolation_level=None) so that we
    # choose the mode: DEFERRED for reads, IMMEDIATE where a write must not race.
    mode = conn.get_execution_options().get("sqlite_begin", "")
    conn.exec_driver_sql(f"BEGIN {mode}".strip())


def _upgrade(connection: Connection) -> None:
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    command.upgrade(cfg, "head")

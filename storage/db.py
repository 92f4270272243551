"""The database: SQLite in WAL mode by default, PostgreSQL to scale; schema migrations
applied at start-up; the ways to run work on it.

Four ways to run work, each for one kind of caller:

- ``run(work)``: ``work(session)`` with an ORM ``Session``, in one transaction on the
  storage thread pool (one thread hop per unit). For everything off the per-message path:
  commands, the knowledge base's writes, the worker's bookkeeping.
- ``run_sql(work)``: a write written as SQL (``execute``), for the per-message hot path.
  On SQLite it runs on kept connections, on the event loop's thread when the write lock is
  free at once, with group commit on the storage thread otherwise (``SqliteUnits``); on
  PostgreSQL on the thread pool. ``work`` may run more than once: it only talks to the
  database. A caller hears back only after its unit is committed.
- ``read_sql(work, short=)``: a read written as SQL. A ``short`` one (a few indexed rows)
  runs at once on the event loop's thread on SQLite, on a read-only connection (in WAL a
  reader never waits for writers); otherwise on the thread pool in a read transaction.
- ``fetch_one(sql, params)``: one statement in a transaction of its own, its first row;
  ``fetch_all`` the same, all its rows. On PostgreSQL they go to asyncpg connections of our
  own, taken and given back in place (no thread hop, no pre-ping, no pool task:
  ``PgStatements``); on SQLite through ``run_sql``. For the queue's enqueue, claims (one or
  a batch) and transitions.
  (PostgreSQL only: ``pg_connection()`` lends a connection of an asyncpg pool for several
  statements in a transaction of the caller's, the queue's enqueue with its writes.)

SQL is written once, with named parameters (``:name``): sqlite3 takes it as it is, and
SQLAlchemy's compiler turns it once per text into psycopg's and asyncpg's forms
(``storage/db_postgres.py``); rows are read by column name (``row["id"]``).

Durability on SQLite: WAL with ``synchronous=NORMAL``. A committed transaction survives a
crash of the process (it is in the WAL file before the caller hears back), but the last
transactions before a power loss or OS crash may be rolled back, since the WAL is synced
at checkpoints rather than at every commit. ``sqlite_synchronous="FULL"`` syncs every commit.
"""

from __future__ import annotations

import asyncio
import functools
import json
import sqlite3
import threading
from collections import Counter
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from json.encoder import c_make_encoder, encode_basestring_ascii  # type: ignore[attr-defined]
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, Union

from sqlalchemy import create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, InterfaceError, NoSuchModuleError, OperationalError
from sqlalchemy.orm import Session

from storage.db_postgres import DeferredWrites, Listener, PgStatements, psycopg_rows, server_gone
from storage.db_sqlite import (
    DatabaseGone,
    FileWatch,
    SqliteUnits,
    check_writable,
    sqlite_begin,
    sqlite_pragmas,
)
from storage.errors import StorageError, one_line

__all__ = [
    "Database",
    "DatabaseGone",
    "DeferredWrites",
    "Listener",
    "SqlConnection",
    "StorageError",
    "json_text",
    "storable",
    "unavailable",
]

if TYPE_CHECKING:
    import psycopg

T = TypeVar("T")

# What a SQL unit of work receives: the driver's own connection (sqlite3's, or psycopg's
# on PostgreSQL), inside a transaction: the hot path skips SQLAlchemy's statement layer;
# or the writes deferred into an asyncpg transaction (the queue's enqueue: ``DeferredWrites``).
SqlConnection = Union[sqlite3.Connection, "psycopg.Connection[Any]", DeferredWrites]

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def _alembic_config() -> Any:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


@functools.cache
def _newest_heads() -> frozenset[str]:
    """The revisions a schema at the newest migration records (read from the scripts once)."""
    from alembic.script import ScriptDirectory

    return frozenset(ScriptDirectory.from_config(_alembic_config()).get_heads())


def storable(text: str) -> str:
    """``text`` as both databases can store it: PostgreSQL's text types cannot hold NUL
    (U+0000) and refuse the whole row, so it is dropped, on SQLite too, so they agree."""
    return text.replace("\x00", "") if "\x00" in text else text


# ``json.dumps(value)``'s text with its defaults (ASCII, ", " and ": ", the circular check),
# by a C encoder made once per thread: ``dumps`` builds one in Python at each call, which cost
# more than encoding a message's meta. Per thread: the encoder's marks of what it is inside
# are its own (units run on the storage threads too).
_ENCODERS = threading.local()


def _encoder() -> Callable[[Any, int], list[str]]:
    return c_make_encoder(  # type: ignore[no-any-return]
        {}, json.JSONEncoder().default, encode_basestring_ascii, None, ": ", ", ", False, False, True
    )


def json_text(value: Any) -> str:
    """``json.dumps(value)``, the meta stored with each message and reply."""
    if c_make_encoder is None:  # no C accelerator
        return json.dumps(value)
    encode = getattr(_ENCODERS, "encode", None)
    if encode is None:
        encode = _ENCODERS.encode = _encoder()
    try:
        return "".join(encode(value, 0))
    except BaseException:
        _ENCODERS.encode = None  # what the failed call left marked would read as a cycle next time
        raise


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
            if server_gone(current) or state == "55000" or "Connection" in type(current).__name__:
                return True
            if type(current).__name__ in ("InterfaceError", "InternalClientError"):
                # the connection refused the statement before sending it, still busy with
                # the end of another (as every connection is that heard the server go away):
                # nothing was done, and the same work goes through on a sound connection
                return True
        current = current.__cause__ or current.__context__ or getattr(current, "orig", None)
    return False


def _driver_url(url: str) -> URL:
    """The URLs people write (and the async drivers' URLs earlier versions took), with the
    synchronous driver the storage thread uses."""
    if url.startswith("sqlite:///"):
        url = "sqlite+pysqlite:///" + url[len("sqlite:///") :]
    elif url.startswith(("postgres://", "postgresql://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise StorageError(f"bad database URL {url!r}: {exc}") from None
    if parsed.drivername == "sqlite+aiosqlite":  # the async driver earlier versions used
        return parsed.set(drivername="sqlite+pysqlite")
    if parsed.drivername == "postgresql+asyncpg":
        return parsed.set(drivername="postgresql+psycopg")
    return parsed


class Database:
    """Owns the engine and the ways to run work on it (see the module docstring).
    ``dialect`` is ``sqlite`` or ``postgresql``."""

    def __init__(
        self, url: str, *, busy_timeout_ms: int = 10_000, sqlite_synchronous: str = "NORMAL"
    ) -> None:
        parsed = _driver_url(url)
        self.dialect = parsed.get_backend_name()
        if self.dialect not in {"sqlite", "postgresql"}:
            raise StorageError(f"unsupported database {self.dialect!r}: use sqlite or postgresql")
        kwargs: dict[str, Any] = {}
        on_file = self.dialect == "sqlite" and bool(parsed.database) and parsed.database != ":memory:"
        if on_file:
            check_writable(Path(str(parsed.database)))
        if self.dialect == "sqlite":
            kwargs["connect_args"] = {"timeout": busy_timeout_ms / 1000}
        else:
            kwargs["pool_pre_ping"] = True
        try:
            self.blocking = create_engine(parsed, **kwargs)
        except (NoSuchModuleError, ModuleNotFoundError) as exc:
            raise StorageError(f"no driver for {parsed.drivername}: {exc}") from None
        if self.dialect == "sqlite":
            event.listen(self.blocking, "connect", sqlite_pragmas(busy_timeout_ms, sqlite_synchronous))
            event.listen(self.blocking, "begin", sqlite_begin)
        # one thread on SQLite, which also serialises this process's writes so they never
        # fight over the file lock; other processes still wait on the busy timeout
        self._pool = ThreadPoolExecutor(
            max_workers=1 if self.dialect == "sqlite" else 8, thread_name_prefix="mallory-db"
        )
        self._generations: dict[str, int] = {}
        self.rows_read: Counter[str] = Counter()  # by table: the knowledge base's reads (``read``)
        self._sqlite = SqliteUnits(self.blocking, self._pool, inline=on_file)
        self._file = FileWatch(Path(str(parsed.database)) if on_file else None)
        self._pg = PgStatements(parsed.set(drivername="postgresql").render_as_string(hide_password=False))

    def wrote(self, table: str) -> None:
        """Note that this process has committed a change to ``table`` (in-process indexes
        over it then refresh at their next search instead of waiting for their interval)."""
        self._generations[table] = self._generations.get(table, 0) + 1

    def read(self, table: str, rows: int) -> None:
        """Count ``rows`` read from ``table`` by a read of the knowledge base (entries,
        tombstones, vectors, relations, tags) into ``rows_read``: what a refresh costs in
        rows, which a test of incremental upkeep reads."""
        self.rows_read[table] += rows

    def generation(self, table: str) -> int:
        """How many changes to ``table`` this process has committed (see ``wrote``)."""
        return self._generations.get(table, 0)

    # -- the ways to run work ------------------------------------------------------------

    async def run(self, work: Callable[[Session], T], *, write: bool = True) -> T:
        """Run ``work(session)`` in one transaction on the storage thread pool, commit it,
        and return its result (ORM objects come back detached, with their values loaded)."""
        if write:
            self._file.check()
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, self._run_session, work, write)

    async def run_sql(self, work: Callable[[SqlConnection], T]) -> T:
        """Run ``work(connection)``, a write written as SQL, in one transaction (see the
        module docstring)."""
        self._file.check()
        if self.dialect == "sqlite":
            return await self._sqlite.write(work)
        return await asyncio.get_running_loop().run_in_executor(self._pool, self._run_conn, work, True)

    async def read_sql(self, work: Callable[[SqlConnection], T], *, short: bool = True) -> T:
        """Run ``work(connection)``, a read written as SQL (see the module docstring)."""
        if short and self.dialect == "sqlite":
            done, result = self._sqlite.read_inline(work)
            if done:
                return result  # type: ignore[return-value]
        return await asyncio.get_running_loop().run_in_executor(self._pool, self._run_conn, work, False)

    async def fetch_one(self, sql: str, params: Mapping[str, Any] | None = None) -> Any:
        """One statement in a transaction of its own; its first row or None."""
        if self.dialect == "postgresql":
            return await self._pg.fetch_one(sql, params or {})
        return await self.run_sql(lambda conn: self.execute(conn, sql, params).first())

    async def fetch_all(self, sql: str, params: Mapping[str, Any] | None = None) -> list[Any]:
        """One statement in a transaction of its own; all its rows (``fetch_one``'s way)."""
        if self.dialect == "postgresql":
            return await self._pg.fetch_all(sql, params or {})
        return await self.run_sql(lambda conn: self.execute(conn, sql, params).all())

    @staticmethod
    def execute(conn: SqlConnection, sql: str, params: Mapping[str, Any] | None = None) -> Any:
        """Run one statement written with ``:name`` parameters inside ``conn``'s unit of
        work. The result has ``first()``, ``all()`` and ``one()``; its rows are read by
        column name."""
        if params is None:
            params = {}
        elif type(params) is not dict and not isinstance(params, Mapping):  # a dict: no ABC check
            # sqlite3 would take positional values for "?" and PostgreSQL then fail: say it here
            raise TypeError("execute takes SQL with :name parameters and a mapping of their values")
        if isinstance(conn, sqlite3.Connection):  # the hot path first
            cursor = conn.cursor()
            cursor.row_factory = sqlite3.Row
            return _Rows(cursor.execute(sql, params))
        if isinstance(conn, DeferredWrites):
            return conn.add(sql, params)
        return _Rows(psycopg_rows(conn, sql, params))

    @staticmethod
    def inserted_id(conn: SqlConnection, sql: str, params: Mapping[str, Any]) -> int | None:
        """Run ``INSERT … ON CONFLICT … DO NOTHING`` (written without ``RETURNING``) and give
        the new row's ``id``, or None when the conflict kept it out. On SQLite the cursor
        tells (``rowcount``, ``lastrowid``: ``RETURNING`` costs a statement some 10 µs more);
        elsewhere ``RETURNING id`` is added."""
        if isinstance(conn, sqlite3.Connection):
            cursor = conn.execute(sql, params)
            return cursor.lastrowid if cursor.rowcount == 1 else None
        row = Database.execute(conn, sql + " RETURNING id", params).first()
        return None if row is None else int(row["id"])

    def pg_connection(self) -> AbstractAsyncContextManager[Any]:
        """PostgreSQL: ``async with db.pg_connection() as conn``, an asyncpg connection of
        ``fetch_one``'s pool (no thread hop, no pre-ping) for several statements or rows;
        SQL for it goes through ``db_postgres.bind``. Leave no session state behind."""
        if self.dialect != "postgresql":
            raise StorageError("pg_connection is for PostgreSQL only")
        return self._pg.connection()

    async def listen(self, channel: str, callback: Callable[[], None]) -> Listener | None:
        """PostgreSQL: call ``callback`` on the event loop for each NOTIFY on ``channel``
        (and once after each reconnection, since notifications sent while disconnected are
        lost). None on SQLite, which has no cross-process notifications."""
        if self.dialect != "postgresql":
            return None
        return await self._pg.listen(channel, callback)

    def _run_conn(self, work: Callable[[SqlConnection], T], write: bool) -> T:
        with self.blocking.connect() as conn:
            if write and self.dialect == "sqlite":
                conn = conn.execution_options(sqlite_begin="IMMEDIATE")
            with conn.begin():
                return work(conn.connection.driver_connection)  # type: ignore[arg-type]

    def _run_session(self, work: Callable[[Session], T], write: bool) -> T:
        with self.blocking.connect() as conn:
            if write and self.dialect == "sqlite":
                # the write lock up front: a deferred transaction that reads and then writes
                # fails at once with "database is locked" when another connection wrote in
                # between (WAL snapshot), and the busy timeout cannot help it
                conn = conn.execution_options(sqlite_begin="IMMEDIATE")
            with Session(bind=conn, expire_on_commit=False) as session:
                result = work(session)
                session.commit()
                return result

    # -- times -----------------------------------------------------------------------------

    def to_db_time(self, moment: datetime) -> Any:
        """A timestamp as the ORM stores it: on SQLite a UTC string, elsewhere the value."""
        if self.dialect == "sqlite":
            utc = moment.astimezone(UTC)
            if utc.year < 1000:  # four digits of year below; strftime may not pad them
                return utc.strftime("%Y-%m-%d %H:%M:%S.%f")
            # strftime("%Y-%m-%d %H:%M:%S.%f")'s text, without a format parsed or a number
            # formatted: twice a message, and a naive copy to format (``replace``) cost more
            # than the text
            two = _TWO_DIGITS
            return (
                f"{utc.year}-{two[utc.month]}-{two[utc.day]} {two[utc.hour]}:{two[utc.minute]}:"
                f"{two[utc.second]}.{str(utc.microsecond + 1_000_000)[1:]}"
            )
        return moment

    @staticmethod
    def from_db_time(value: Any) -> datetime | None:
        if value is None:
            return None
        if isinstance(value, datetime):
            return _as_utc(value)
        text = str(value)
        try:
            # stored as naive UTC (``to_db_time``): read with its offset rather than made
            # aware afterwards (``replace`` parses its keywords at each call)
            moment = datetime.fromisoformat(text + "+00:00")
        except ValueError:  # it carries an offset of its own
            return _as_utc(datetime.fromisoformat(text))
        # a date alone takes no offset ("2026-06-01+00:00" reads as its midnight, naive)
        return moment if moment.tzinfo is not None else _as_utc(datetime.fromisoformat(text))

    # -- life --------------------------------------------------------------------------------

    async def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration."""
        try:
            await asyncio.get_running_loop().run_in_executor(self._pool, self._migrate)
            self._file.remember()
        except OSError as exc:
            raise StorageError(f"cannot open the database: {exc}") from None
        except Exception as exc:  # driver errors differ per backend; say it in one line
            if isinstance(exc, StorageError):
                raise
            raise StorageError(f"cannot open or migrate the database: {one_line(exc)}") from None

    def _migrate(self) -> None:
        from alembic import command
        from alembic.runtime.migration import MigrationContext

        with self.blocking.begin() as connection:
            # a schema already at the newest revision is the common case (every start but the
            # first): one read of alembic_version instead of alembic's upgrade machinery
            if set(MigrationContext.configure(connection).get_current_heads()) == _newest_heads():
                return
            cfg = _alembic_config()
            cfg.attributes["connection"] = connection
            command.upgrade(cfg, "head")

    async def dispose(self) -> None:
        await self._pg.close()
        await self._sqlite.close()
        self._pool.shutdown(wait=True)
        self.blocking.dispose()


def _as_utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


_TWO_DIGITS = tuple(f"{n:02d}" for n in range(100))  # "00" … "99": a timestamp's fields as text


class _Rows:
    """The three result methods SQL units use, on a sqlite3 cursor."""

    def __init__(self, cursor: sqlite3.Cursor) -> None:
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

"""SQLite's side of ``Database``: the connections it keeps for SQL units of work (one for
writes on the event loop, one for the storage thread, one read-only for the event loop),
group commit, and the pragmas, begin mode and file checks every SQLite connection gets."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar, cast

from sqlalchemy.engine import Connection, Engine

from storage.errors import StorageError

T = TypeVar("T")

log = logging.getLogger(__name__)

_CHECKPOINT_EVERY = 200  # inline commits (about 1,000 WAL pages, SQLite's own default)
_BUSY = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


class DatabaseGone(StorageError):
    """The SQLite file was deleted or replaced under the running process: writes are
    refused rather than made to a file nobody will ever read again."""


def busy(exc: BaseException) -> bool:
    """True when SQLite refused at once because another connection holds the lock."""
    return isinstance(exc, sqlite3.OperationalError) and exc.sqlite_errorcode & 0xFF in _BUSY


class SqliteUnits:
    """Runs SQL units of work on connections kept for the life of the process (pragmas
    ran once on connect; sqlite3 keeps each connection's statements prepared).

    A write unit runs at once on the event loop's thread when the storage thread is idle
    and the write lock is free (a unit is a few short statements, ~0.1–0.3 ms; two hops to
    a thread and back cost more than that). Otherwise it goes to the storage thread, which
    waits for the lock; units that arrive while a transaction is being written there are
    committed together in the next one (group commit); if one of them fails, the others
    are retried alone, so it fails only itself. ``inline`` is False for an in-memory
    database, which every connection would see as a database of its own.

    A unit with no other in sight runs at once, without a turn of the loop: nothing is
    queued or being written, and no other task has run a unit at once in this turn of the
    loop. The turn a unit waits is what lets units of several tasks share a transaction;
    when tasks overlap (a second task writes in the same turn), its units queue and share
    the next flush as before. A task's own units one after another (a message stored, its
    reply recorded) gain nothing from waiting: nobody else's unit can join them."""

    def __init__(self, engine: Engine, pool: ThreadPoolExecutor, *, inline: bool) -> None:
        self._engine = engine
        self._pool = pool
        self._inline_ok = inline
        self._pending: list[Any] = []
        self._batch_running = False
        self._flush_scheduled = False
        self._inline_commits = 0
        # the task that ran a unit at once in this turn of the loop (cleared at the next turn)
        self._turn_task: asyncio.Task[Any] | None = None
        self._hot: _Kept | None = None  # the storage thread's connection
        self._inline: _Kept | None = None  # the event loop's connection for writes
        self._reader: _Kept | None = None  # the event loop's read-only connection

    def read_inline(self, work: Callable[[sqlite3.Connection], T]) -> tuple[bool, T | None]:
        """Run a short read on the event loop's read-only connection: in WAL mode a reader
        never waits for writers. ``(False, None)`` when the file is locked (the caller then
        reads on the storage thread) or there is no file to share."""
        if not self._inline_ok:
            return False, None
        if self._reader is None:
            self._reader = _Kept(self._engine.raw_connection())
            self._reader.conn.execute("PRAGMA query_only=1")
            self._reader.conn.execute("PRAGMA busy_timeout=0")  # never wait on the loop
        try:
            return True, work(self._reader.conn)
        except sqlite3.OperationalError as exc:
            if not busy(exc):
                raise
        return False, None

    async def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` in a write transaction (see the class docstring); the caller hears
        back only after its unit is committed."""
        loop = asyncio.get_running_loop()
        if self._inline_ok and not (self._pending or self._batch_running):
            task = asyncio.current_task(loop)
            if self._turn_task is None or self._turn_task is task:
                done, result = self._at_once(loop, task, work)
                if done:
                    return result  # type: ignore[return-value]  # (``cast`` is a call a unit)
        future: asyncio.Future[Any] = loop.create_future()
        self._pending.append((work, future))
        if not self._batch_running:
            if not self._inline_ok:
                self._start_batch(loop)
            else:
                if not self._flush_scheduled:
                    # units arriving in this same turn of the loop share the transaction
                    self._flush_scheduled = True
                    loop.call_soon(self._flush_inline, loop)
                # the flush is in the loop's queue ahead of this task: one turn and it has
                # run, committed or handed the units to the storage thread. Waiting on the
                # future instead would take a second turn, to be woken by its result.
                try:
                    await asyncio.sleep(0)
                except asyncio.CancelledError:
                    future.cancel()  # as a cancelled wait on it would: its result goes to nobody
                    raise
                if future.done():
                    return cast(T, future.result())
        return cast(T, await future)

    def _at_once(
        self,
        loop: asyncio.AbstractEventLoop,
        task: asyncio.Task[Any] | None,
        work: Callable[[sqlite3.Connection], T],
    ) -> tuple[bool, T | None]:
        """Run a lone unit now, on the event loop's connection; ``(False, None)`` when the
        write lock is taken (the unit then queues for the storage thread, which waits)."""
        try:
            result = self._inline_connection().one(work)
        except Exception as exc:
            if busy(exc):
                return False, None
            raise
        if self._turn_task is None:
            self._turn_task = task
            loop.call_soon(self._next_turn)
        self._committed_inline()
        return True, result

    def _next_turn(self) -> None:
        self._turn_task = None

    def _committed_inline(self) -> None:
        self._inline_commits += 1
        if self._inline_commits % _CHECKPOINT_EVERY == 0:
            self._pool.submit(self._checkpoint)

    def _flush_inline(self, loop: asyncio.AbstractEventLoop) -> None:
        self._flush_scheduled = False
        if self._batch_running or not self._pending:
            return  # the storage thread takes them when its batch is done
        batch, self._pending = self._pending, []
        try:
            results = self._inline_connection().transaction([work for work, _ in batch])
        except Exception as exc:
            if len(batch) == 1 and not busy(exc):
                results = [(False, exc)]
            else:  # the storage thread waits for the lock, or retries each unit alone
                self._pending = batch + self._pending
                self._start_batch(loop)
                return
        _settle(batch, results)
        self._committed_inline()

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

    def _hot_connection(self) -> _Kept:
        # on the storage thread only
        if self._hot is None:
            self._hot = _Kept(self._engine.raw_connection())
        return self._hot

    def _inline_connection(self) -> _Kept:
        # On the event loop's thread, without waiting: if the write lock is not free at once
        # (busy timeout 0), the units go to the storage thread instead, which waits for it.
        if self._inline is None:
            self._inline = _Kept(self._engine.raw_connection())
            self._inline.conn.execute("PRAGMA busy_timeout=0")
            # checkpoints are written by the storage thread, not on the event loop
            self._inline.conn.execute("PRAGMA wal_autocheckpoint=0")
        return self._inline

    def _checkpoint(self) -> None:
        self._hot_connection().conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def _run_batch(self, batch: list[Any]) -> list[tuple[bool, Any]]:
        # Optimistically all units in one transaction; if any fails, the transaction is
        # rolled back and each unit runs again alone, so one bad unit fails only itself.
        kept = self._hot_connection()
        try:
            return kept.transaction([work for work, _ in batch])
        except Exception as exc:
            if len(batch) == 1:
                return [(False, exc)]
        results: list[tuple[bool, Any]] = []
        for work, _ in batch:
            try:
                results.extend(kept.transaction([work]))
            except Exception as exc:
                results.append((False, exc))
        return results

    async def close(self) -> None:
        for name in ("_inline", "_reader"):
            kept = getattr(self, name)
            if kept is not None:
                kept.close()
                setattr(self, name, None)
        if self._hot is not None:
            await asyncio.get_running_loop().run_in_executor(self._pool, self._close_hot)

    def _close_hot(self) -> None:
        assert self._hot is not None
        self._hot.close()  # back to the pool, which the engine's dispose then closes
        self._hot = None


class _Kept:
    """A connection ``SqliteUnits`` keeps: the pool's record of it, the driver's connection
    (read through the record's properties once, not at each unit) and a cursor of it for
    BEGIN and COMMIT (``Connection.execute`` makes a cursor for each)."""

    __slots__ = ("_control", "conn", "record")

    def __init__(self, record: Any) -> None:
        self.record = record
        self.conn = cast(sqlite3.Connection, record.driver_connection)
        self._control = self.conn.cursor()

    def transaction(self, works: list[Any]) -> list[tuple[bool, Any]]:
        """Each of ``works`` run in one write transaction, committed; ``(True, result)`` each."""
        conn, control = self.conn, self._control
        control.execute("BEGIN IMMEDIATE")
        try:
            results = [(True, work(conn)) for work in works]
            control.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                control.execute("ROLLBACK")
            raise
        return results

    def one(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` alone in a write transaction, committed: its result."""
        conn, control = self.conn, self._control
        control.execute("BEGIN IMMEDIATE")
        try:
            result = work(conn)
            control.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                control.execute("ROLLBACK")
            raise
        return result

    def close(self) -> None:
        self._control.close()
        self.record.close()


def _settle(batch: list[Any], results: list[tuple[bool, Any]]) -> None:
    """Hand each waiting caller its unit's result or error (unless it stopped waiting)."""
    for (_, future), (ok, value) in zip(batch, results, strict=True):
        if future.done():
            continue
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)


class FileWatch:
    """The SQLite file this process opened (device and inode, taken after migrating): a
    write first checks that its path still leads there. SQLite would carry on writing to
    a deleted file, and every write would be lost; said loudly, once."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._where = None if path is None else os.fspath(path)  # stat takes it as it is
        self._id: tuple[int, int] | None = None
        self._reported = False

    def remember(self) -> None:
        if self._where is not None:
            st = os.stat(self._where)
            self._id = (st.st_dev, st.st_ino)

    def check(self) -> None:
        if self._where is None or self._id is None:
            return
        try:
            st = os.stat(self._where)
            same = (st.st_dev, st.st_ino) == self._id
        except OSError:
            same = False
        if same:
            if self._reported:
                log.warning("database file %s is back; writing again", self.path)
                self._reported = False
            return
        message = (
            f"the database file {self.path} was deleted or replaced while Mallory was running; "
            "refusing to write to it (restore it, or restart Mallory to start a new one)"
        )
        if not self._reported:
            log.error(message)
            self._reported = True
        raise DatabaseGone(message)


def check_writable(db_path: Path) -> None:
    """SQLite needs to write the database file and, for its journal, the folder beside it;
    otherwise it only says "unable to open database file". Say which path and why."""
    folder = db_path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(f"cannot create database folder {folder}: {exc.strerror}") from None
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


def sqlite_pragmas(busy_timeout_ms: int, synchronous: str) -> Any:
    """The ``connect`` hook every SQLite connection gets."""
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


def sqlite_begin(conn: Connection) -> None:
    """The ``begin`` hook: pysqlite's own implicit BEGIN is switched off (isolation_level
    None) so that we choose the mode: DEFERRED for reads, IMMEDIATE where a write must not
    race."""
    mode = conn.get_execution_options().get("sqlite_begin", "")
    conn.exec_driver_sql(f"BEGIN {mode}".strip())

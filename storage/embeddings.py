"""Entry embeddings in the database: one float32 vector per (entry, model), written in
batches and read back incrementally by row id, so every process sees new vectors."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np
from sqlalchemy import (
    Column,
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    UniqueConstraint,
    delete,
    func,
    insert,
    select,
    text,
)
from sqlalchemy.orm import Session
from sqlmodel import col
from sqlmodel import select as sm_select

from storage.db import Database
from storage.models import Entry

# Core table (not a SQLModel class): rows are read in bulk as raw tuples, never as objects.
embeddings_table = Table(
    "entry_embeddings",
    MetaData(),
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("entry_id", String, ForeignKey("entries.id", ondelete="CASCADE"), nullable=False),
    Column("model", String, nullable=False),
    Column("space", String, nullable=False),
    Column("dim", Integer, nullable=False),
    Column("vector", LargeBinary, nullable=False),
    Column("text_hash", String, nullable=False),
    Column("created_at", DateTime, nullable=False),
    UniqueConstraint("entry_id", "model", name="uq_embedding_entry_model"),
)
T = embeddings_table.c


@dataclass(frozen=True)
class VectorRow:
    entry_id: str
    space: str
    vector: np.ndarray  # (dim,) float32
    text_hash: str


@dataclass
class VectorBatch:
    """Rows read from the database, in row-id order; ``last_id`` is the highest id read."""

    entry_ids: list[str]
    spaces: list[str]
    matrix: np.ndarray  # (n, dim) float32
    last_id: int
    row_ids: list[int] = field(default_factory=list)


def to_blob(vector: np.ndarray) -> bytes:
    return np.asarray(vector, dtype="<f4").tobytes()


class EmbeddingStore:
    """Each method is one unit of work on the storage thread (``Database.run``)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def put_many(self, rows: Sequence[VectorRow], *, model: str, now: datetime) -> None:
        """Store vectors, replacing any earlier vector of the same entry and model. The
        replacement is a new row, so incremental readers pick it up."""
        if not rows:
            return
        values = [
            {
                "entry_id": r.entry_id,
                "model": model,
                "space": r.space,
                "dim": int(r.vector.shape[0]),
                "vector": to_blob(r.vector),
                "text_hash": r.text_hash,
                "created_at": now,
            }
            for r in rows
        ]
        ids = [r.entry_id for r in rows]

        def work(session: Session) -> None:
            for start in range(0, len(ids), 500):
                session.execute(
                    delete(embeddings_table)
                    .where(T.model == model)
                    .where(T.entry_id.in_(ids[start : start + 500]))
                )
            session.execute(insert(embeddings_table), values)

        try:
            await self.db.run(work)
        finally:
            self.db.wrote("entry_embeddings")

    async def text_hashes(self, entry_ids: Iterable[str], *, model: str) -> dict[str, str]:
        """entry id → hash of the text its stored vector was made from."""
        wanted = list(dict.fromkeys(entry_ids))

        def work(session: Session) -> dict[str, str]:
            out: dict[str, str] = {}
            for start in range(0, len(wanted), 500):
                rows = session.execute(
                    select(T.entry_id, T.text_hash)
                    .where(T.model == model)
                    .where(T.entry_id.in_(wanted[start : start + 500]))
                )
                out.update({entry_id: h for entry_id, h in rows.all()})
            return out

        found = await self.db.run(work, write=False)
        self.db.read("entry_embeddings", len(found))
        return found

    async def load_since(
        self, *, model: str, dim: int, after_id: int = 0, also: Sequence[int] = (), page: int = 20_000
    ) -> VectorBatch:
        """Every vector of ``model`` stored after row ``after_id``, plus the rows ``also``
        (ids skipped earlier that may have been committed since), in row-id order."""

        def work(session: Session) -> VectorBatch:
            row_ids: list[int] = []
            entry_ids: list[str] = []
            spaces: list[str] = []
            parts: list[np.ndarray] = []  # one array per page: the raw rows are dropped as we go
            base = select(T.id, T.entry_id, T.space, T.vector).where(T.model == model).where(T.dim == dim)

            def take(rows: Sequence[Any]) -> None:
                for row_id, entry_id, space, _ in rows:
                    row_ids.append(row_id)
                    entry_ids.append(entry_id)
                    spaces.append(space)
                blob = b"".join(row[3] for row in rows)
                parts.append(np.frombuffer(blob, dtype="<f4").reshape(len(rows), dim))

            if also:
                take(session.execute(base.where(T.id.in_(list(also))).order_by(T.id)).all())
            last = after_id
            while True:
                rows = session.execute(base.where(T.id > last).order_by(T.id).limit(page)).all()
                take(rows)
                last = rows[-1][0] if rows else last
                if len(rows) < page:
                    break
            matrix = np.concatenate(parts).astype(np.float32, copy=False)
            return VectorBatch(
                entry_ids=entry_ids, spaces=spaces, matrix=matrix, last_id=last, row_ids=row_ids
            )

        batch = await self.db.run(work, write=False)
        self.db.read("entry_embeddings", len(batch.row_ids))
        return batch

    async def forgotten_since(self, revision: int, *, model: str) -> tuple[list[str], int]:
        """Entries forgotten after tombstone ``revision`` that have no vector now (one that
        was written again and re-embedded keeps its new vector), and the last revision read."""
        rows = await self.db.run(
            lambda s: s.execute(
                text(
                    "SELECT t.revision, t.entry_id, EXISTS (SELECT 1 FROM entry_embeddings e "
                    "WHERE e.entry_id = t.entry_id AND e.model = :model) FROM entry_tombstones t "
                    "WHERE t.revision > :after ORDER BY t.revision"
                ),
                {"after": revision, "model": model},
            ).all(),
            write=False,
        )
        self.db.read("entry_tombstones", len(rows))
        last = int(rows[-1][0]) if rows else revision
        return [str(entry_id) for _, entry_id, kept in rows if not kept], last

    async def newest(self) -> tuple[int, int]:
        """(the newest embedding row id, the newest tombstone revision) stored now: whether
        a vector index has anything to read, in one short read (inline on SQLite)."""
        row = await self.db.read_sql(
            lambda conn: self.db.execute(
                conn,
                "SELECT (SELECT max(id) FROM entry_embeddings) AS row_id, "
                "(SELECT max(revision) FROM entry_tombstones) AS tombstone",
            ).first()
        )
        return int(row["row_id"] or 0), int(row["tombstone"] or 0)

    async def entry_of_row(self, row_id: int) -> str | None:
        """The entry whose vector row ``row_id`` is, if that row is still stored."""
        found = await self.db.run(
            lambda s: s.execute(select(T.entry_id).where(T.id == row_id)).scalar_one_or_none(), write=False
        )
        return None if found is None else str(found)

    async def marks(self) -> tuple[int, int]:
        """(the newest entry revision handed out, the newest embedding row id handed out):
        what a saved vector index may not be past to stand for this database. Ids handed
        out, not ids present: a forgotten entry's row leaves its id behind."""
        if self.db.dialect == "sqlite":
            newest = "SELECT seq FROM sqlite_sequence WHERE name = 'entry_embeddings'"
        else:
            newest = (
                "SELECT last_value FROM pg_sequences WHERE quote_ident(schemaname) || '.' || "
                "quote_ident(sequencename) = pg_get_serial_sequence('entry_embeddings', 'id')"
            )
        row = await self.db.run(
            lambda s: s.execute(
                text(
                    "SELECT (SELECT value FROM counters WHERE name = 'entry_revision'), "
                    f"({newest}), (SELECT max(id) FROM entry_embeddings)"
                )
            ).one(),
            write=False,
        )
        return int(row[0] or 0), max(int(row[1] or 0), int(row[2] or 0))

    async def count(self, *, model: str, spaces: Sequence[str] | None = None) -> int:
        stmt = select(func.count()).select_from(embeddings_table).where(T.model == model)
        if spaces is not None:
            stmt = stmt.where(T.space.in_(spaces))
        return int(await self.db.run(lambda s: s.execute(stmt).scalar_one(), write=False))

    async def count_entries(self, *, spaces: Sequence[str] | None = None) -> int:
        stmt = sm_select(func.count()).select_from(Entry)
        if spaces is not None:
            stmt = stmt.where(col(Entry.space).in_(spaces))
        return int(await self.db.run(lambda s: s.execute(stmt).scalar_one(), write=False))

    async def entry_pages(
        self, *, spaces: Sequence[str] | None = None, page: int = 256
    ) -> AsyncIterator[list[Entry]]:
        """Every entry (of the given spaces), a page at a time, in id order."""
        last = ""
        while True:
            stmt = sm_select(Entry).where(col(Entry.id) > last).order_by(col(Entry.id)).limit(page)
            if spaces is not None:
                stmt = stmt.where(col(Entry.space).in_(spaces))

            def work(session: Session, stmt: Any = stmt) -> list[Entry]:
                return list(session.execute(stmt).scalars().all())

            rows = await self.db.run(work, write=False)
            self.db.read("entries", len(rows))
            if not rows:
                return
            yield rows
            last = rows[-1].id

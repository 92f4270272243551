"""Entry embeddings in the database: one float32 vector per (entry, model), written in
batches and read back incrementally by row id, so every process sees new vectors."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

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
)
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


def to_blob(vector: np.ndarray) -> bytes:
    return np.asarray(vector, dtype="<f4").tobytes()


class EmbeddingStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def put_many(self, rows: Sequence[VectorRow], *, model: str, now: datetime) -> None:
        """Store vectors, replacing any earlier vector of the same entry and model. The
        replacement is a new row, so incremental readers pick it up."""
        if not rows:
            return
        async with self.db.session() as session:  # writes: takes the write lock up front
            ids = [r.entry_id for r in rows]
            for start in range(0, len(ids), 500):
                await session.execute(
                    delete(embeddings_table)
                    .where(T.model == model)
                    .where(T.entry_id.in_(ids[start : start + 500]))
                )
            await session.execute(
                insert(embeddings_table),
                [
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
                ],
            )
            await session.commit()

    async def text_hashes(self, entry_ids: Iterable[str], *, model: str) -> dict[str, str]:
        """entry id → hash of the text its stored vector was made from."""
        wanted = list(dict.fromkeys(entry_ids))
        out: dict[str, str] = {}
        async with self.db.read() as session:
            for start in range(0, len(wanted), 500):
                rows = await session.execute(
                    select(T.entry_id, T.text_hash)
                    .where(T.model == model)
                    .where(T.entry_id.in_(wanted[start : start + 500]))
                )
                out.update({entry_id: h for entry_id, h in rows.all()})
        return out

    async def load_since(self, *, model: str, dim: int, after_id: int = 0, page: int = 20_000) -> VectorBatch:
        """Every vector of ``model`` stored after row ``after_id``."""
        entry_ids: list[str] = []
        spaces: list[str] = []
        blobs: list[bytes] = []
        last = after_id
        async with self.db.read() as session:
            while True:
                rows = (
                    await session.execute(
                        select(T.id, T.entry_id, T.space, T.vector)
                        .where(T.model == model)
                        .where(T.dim == dim)
                        .where(T.id > last)
                        .order_by(T.id)
                        .limit(page)
                    )
                ).all()
                for row_id, entry_id, space, blob in rows:
                    entry_ids.append(entry_id)
                    spaces.append(space)
                    blobs.append(blob)
                    last = row_id
                if len(rows) < page:
                    break
        matrix = np.frombuffer(b"".join(blobs), dtype="<f4").reshape(len(blobs), dim).astype(np.float32)
        return VectorBatch(entry_ids=entry_ids, spaces=spaces, matrix=matrix, last_id=last)

    async def latest_id(self, *, model: str) -> int:
        async with self.db.read() as session:
            value = (await session.execute(select(func.max(T.id)).where(T.model == model))).scalar()
        return int(value or 0)

    async def count(self, *, model: str, spaces: Sequence[str] | None = None) -> int:
        async with self.db.read() as session:
            stmt = select(func.count()).select_from(embeddings_table).where(T.model == model)
            if spaces is not None:
                stmt = stmt.where(T.space.in_(spaces))
            return int((await session.execute(stmt)).scalar_one())

    async def count_entries(self, *, spaces: Sequence[str] | None = None) -> int:
        async with self.db.read() as session:
            stmt = sm_select(func.count()).select_from(Entry)
            if spaces is not None:
                stmt = stmt.where(col(Entry.space).in_(spaces))
            return int((await session.execute(stmt)).scalar_one())

    async def entry_pages(
        self, *, spaces: Sequence[str] | None = None, page: int = 256
    ) -> AsyncIterator[list[Entry]]:
        """Every entry (of the given spaces), a page at a time, in id order."""
        last = ""
        while True:
            async with self.db.read() as session:
                stmt = sm_select(Entry).where(col(Entry.id) > last).order_by(col(Entry.id)).limit(page)
                if spaces is not None:
                    stmt = stmt.where(col(Entry.space).in_(spaces))
                rows = list((await session.execute(stmt)).scalars().all())
            if not rows:
                return
            yield rows
            last = rows[-1].id

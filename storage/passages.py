"""Passage vectors in the database (``passage_vectors``): a note's passages embedded once,
found again by the hash of the embedded text, each row owned by its entry and the entry's
revision it was cut from."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from sqlalchemy import (
    BigInteger,
    Column,
    ForeignKey,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    UniqueConstraint,
    delete,
    func,
    select,
    tuple_,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from storage.db import Database
from storage.embeddings import to_blob

passages_table = Table(
    "passage_vectors",
    MetaData(),
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("entry_id", String, ForeignKey("entries.id", ondelete="CASCADE"), nullable=False),
    Column("model", String, nullable=False),
    Column("text_hash", String, nullable=False),
    Column("revision", BigInteger, nullable=False),
    Column("vector", LargeBinary, nullable=False),
    UniqueConstraint("model", "text_hash", "entry_id", name="uq_passage_model_hash_entry"),
)
P = passages_table.c
entries = Table("entries", MetaData(), Column("id", String), Column("revision", BigInteger))
_CHUNK = 500


@dataclass(frozen=True)
class PassageRow:
    entry_id: str
    revision: int  # the entry's revision the passage was cut from
    text_hash: str
    vector: np.ndarray  # (dim,) float32


class PassageStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, hashes: Sequence[str], *, model: str, dim: int) -> dict[str, np.ndarray]:
        """text hash → its stored vector, for those of ``hashes`` stored under ``model``."""
        wanted = list(dict.fromkeys(hashes))

        def work(session: Session) -> dict[str, bytes]:
            out: dict[str, bytes] = {}
            for start in range(0, len(wanted), _CHUNK):
                rows = session.execute(
                    select(P.text_hash, P.vector)
                    .where(P.model == model)
                    .where(P.text_hash.in_(wanted[start : start + _CHUNK]))
                )
                out.update({h: v for h, v in rows.all() if len(v) == 4 * dim})
            return out

        if not wanted:
            return {}
        found = await self.db.run(work, write=False)
        self.db.read("passage_vectors", len(found))
        return {h: np.frombuffer(v, dtype="<f4").astype(np.float32) for h, v in found.items()}

    async def put(self, rows: Sequence[PassageRow], *, model: str) -> None:
        """Store passages cut from their entry's current revision; the entry's passages of
        any other revision go (its text changed). A passage stored already (by another
        process, say) is left as it is; rows of an entry changed or forgotten since they
        were cut are not stored (they would outlive the text they were made from)."""
        if not rows:
            return
        values: list[dict[str, Any]] = [
            {
                "entry_id": r.entry_id,
                "model": model,
                "text_hash": r.text_hash,
                "revision": r.revision,
                "vector": to_blob(r.vector),
            }
            for r in rows
        ]
        ids = list(dict.fromkeys(r.entry_id for r in rows))
        insert = (postgresql if self.db.dialect == "postgresql" else sqlite).insert

        def work(session: Session) -> None:
            current: dict[str, int] = {}
            for start in range(0, len(ids), _CHUNK):
                chunk = ids[start : start + _CHUNK]
                found = session.execute(
                    select(entries.c.id, entries.c.revision).where(entries.c.id.in_(chunk))
                ).all()
                current.update({i: int(rev) for i, rev in found})
                if found:
                    session.execute(
                        delete(passages_table)
                        .where(P.model == model)
                        .where(P.entry_id.in_([i for i, _ in found]))
                        .where(tuple_(P.entry_id, P.revision).not_in([(i, int(rev)) for i, rev in found]))
                    )
            kept = [v for v in values if current.get(v["entry_id"]) == v["revision"]]
            if kept:
                session.execute(insert(passages_table).on_conflict_do_nothing(), kept)

        await self.db.run(work)

    async def count(self, entry_ids: Sequence[str] | None = None) -> int:
        """How many passage vectors are stored (of ``entry_ids``)."""
        stmt = select(func.count()).select_from(passages_table)
        if entry_ids is not None:
            stmt = stmt.where(P.entry_id.in_(list(entry_ids)))
        return int(await self.db.run(lambda s: s.execute(stmt).scalar_one(), write=False))

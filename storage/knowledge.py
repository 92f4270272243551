"""The knowledge base: entries, typed relations, tags, and lexical (full-text) search,
always scoped to the spaces a caller may see."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, or_, text
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session
from sqlmodel import col, select

from storage.db import Database
from storage.models import Entry, EntryTag, Relation, new_id

GLOBAL_SPACE = "global"

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
# title over tags over content; the two leading zeros are entry_id and space (unindexed)
_BM25 = "bm25(entry_fts, 0, 0, 3.0, 1.0, 2.0)"
STOPWORDS = frozenset(
    """a an and are as at be been but by can could did do does for from had has have how i if in
    into is it its me my of on or our so that the their them then there these they this to us was
    we were what when where which who whom why will with would you your about tell know any some
    something anything please dig look find research investigate out up".""".split()
)


def query_terms(query: str, *, limit: int = 24) -> list[str]:
    """Content words of a free-text query, lowercased, stopwords dropped, order kept."""
    seen: dict[str, None] = {}
    for match in _WORD.finditer(query.lower()):
        word = match.group(0).replace("’", "'").split("'")[0]
        if len(word) < 2 or word in STOPWORDS:
            continue
        seen.setdefault(word, None)
        if len(seen) >= limit:
            break
    return list(seen)


def visible_spaces(space: str) -> tuple[str, ...]:
    """A space sees its own entries and the global ones."""
    return (space,) if space == GLOBAL_SPACE else (space, GLOBAL_SPACE)


@dataclass
class EntryDraft:
    """An entry to create or update; ``source`` identifies it within its space."""

    space: str
    source: str
    title: str
    content: str
    type: str = "note"
    author: str = ""
    project: str = ""
    tags: list[str] = field(default_factory=list)
    created_at: datetime | None = None
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class LexicalHit:
    entry_id: str
    score: float  # higher is better (negated bm25)


class Knowledge:
    """Entries, relations and tags. Each public method is one unit of work (``Database.run``)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # writing ------------------------------------------------------------------------

    async def upsert_many(self, drafts: Sequence[EntryDraft], *, now: datetime) -> list[tuple[Entry, bool]]:
        """Create or update entries by (space, source) in one transaction.
        Returns each entry with whether it was created."""

        def work(session: Session) -> list[tuple[Entry, bool]]:
            out: list[tuple[Entry, bool]] = []
            for draft in drafts:
                existing = (
                    session.execute(
                        select(Entry).where(Entry.space == draft.space).where(Entry.source == draft.source)
                    )
                    .scalars()
                    .first()
                )
                tags = sorted({t.strip().strip("#").lower() for t in draft.tags if t and t.strip("# ")})
                if existing is None:
                    entry = Entry(
                        id=new_id(),
                        space=draft.space,
                        source=draft.source,
                        type=draft.type,
                        title=draft.title,
                        content=draft.content,
                        author=draft.author,
                        project=draft.project,
                        tags=tags,
                        created_at=draft.created_at or now,
                        updated_at=now,
                        meta=draft.meta,
                    )
                    session.add(entry)
                    created = True
                else:
                    entry = existing
                    entry.type = draft.type
                    entry.title = draft.title
                    entry.content = draft.content
                    entry.author = draft.author
                    entry.project = draft.project
                    entry.tags = tags
                    entry.created_at = draft.created_at or existing.created_at
                    entry.updated_at = now
                    entry.meta = draft.meta
                    created = False
                    session.execute(delete(EntryTag).where(col(EntryTag.entry_id) == entry.id))
                session.flush()
                for tag in tags:
                    session.add(EntryTag(entry_id=entry.id, tag=tag, space=entry.space))
                self._index_text(session, entry)
                out.append((entry, created))
            session.flush()
            return out

        return await self.db.run(work)

    async def upsert(self, draft: EntryDraft, *, now: datetime) -> tuple[Entry, bool]:
        return (await self.upsert_many([draft], now=now))[0]

    def _index_text(self, session: Session, entry: Entry) -> None:
        if self.db.dialect != "sqlite":
            return  # PostgreSQL indexes the entries table itself (GIN over to_tsvector)
        old = session.execute(
            text("SELECT fts_rowid FROM entry_fts_rows WHERE entry_id = :id"), {"id": entry.id}
        ).first()
        if old is not None:
            session.execute(text("DELETE FROM entry_fts WHERE rowid = :rowid"), {"rowid": old[0]})
        inserted = session.execute(
            text(
                "INSERT INTO entry_fts (entry_id, space, title, content, tags) "
                "VALUES (:id, :space, :title, :content, :tags)"
            ),
            {
                "id": entry.id,
                "space": entry.space,
                "title": entry.title,
                "content": entry.content,
                "tags": " ".join(t.replace("/", " ").replace("-", " ") for t in entry.tags),
            },
        )
        session.execute(
            text(
                "INSERT INTO entry_fts_rows (entry_id, fts_rowid) VALUES (:id, :rowid) "
                "ON CONFLICT (entry_id) DO UPDATE SET fts_rowid = excluded.fts_rowid"
            ),
            {"id": entry.id, "rowid": inserted.lastrowid},  # type: ignore[attr-defined]
        )

    async def add_relations(self, edges: Iterable[tuple[str, str, str]], *, space: str, now: datetime) -> int:
        """Add (from_id, to_id, type) edges, ignoring ones that exist. Returns how many were new."""
        rows = [
            {"space": space, "from_id": a, "to_id": b, "type": t, "created_at": now}
            for a, b, t in edges
            if a != b
        ]
        if not rows:
            return 0
        insert = sqlite_insert if self.db.dialect == "sqlite" else pg_insert
        stmt = insert(Relation).values(rows).on_conflict_do_nothing()
        result = await self.db.run(lambda s: s.execute(stmt))
        return max(int(result.rowcount or 0), 0)  # type: ignore[attr-defined]

    async def set_meta(self, entry_id: str, meta: dict[str, Any]) -> None:
        def work(session: Session) -> None:
            entry = session.get(Entry, entry_id)
            if entry is not None:
                entry.meta = dict(meta)

        await self.db.run(work)

    async def replace_outgoing(self, entry_id: str, rel_type: str) -> None:
        """Drop an entry's outgoing edges of one type (before re-adding them on re-ingest)."""
        await self.db.run(
            lambda s: s.execute(
                delete(Relation)
                .where(col(Relation.from_id) == entry_id)
                .where(col(Relation.type) == rel_type)
            )
        )

    # reading ------------------------------------------------------------------------

    async def get(self, entry_id: str, *, spaces: Sequence[str]) -> Entry | None:
        entry = await self.db.run(lambda s: s.get(Entry, entry_id), write=False)
        return entry if entry is not None and entry.space in spaces else None

    async def resolve_id(self, id_or_prefix: str, *, spaces: Sequence[str]) -> Entry | None:
        """An entry by full uuid or by a unique short-id prefix (at least 6 characters)."""
        key = id_or_prefix.strip().lower()
        if len(key) < 6:
            return None
        rows = await self.db.run(
            lambda s: (
                s.execute(
                    select(Entry)
                    .where(col(Entry.id).startswith(key))
                    .where(col(Entry.space).in_(spaces))
                    .limit(2)
                )
                .scalars()
                .all()
            ),
            write=False,
        )
        return rows[0] if len(rows) == 1 else None

    async def get_many(self, ids: Iterable[str], *, spaces: Sequence[str]) -> dict[str, Entry]:
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}

        def work(session: Session) -> dict[str, Entry]:
            out: dict[str, Entry] = {}
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                # by primary key only, then the space check here: with a space condition in
                # the query SQLite may pick the space index and scan a whole space
                rows = session.execute(select(Entry).where(col(Entry.id).in_(chunk))).scalars().all()
                out.update({e.id: e for e in rows if e.space in spaces})
            return out

        return await self.db.run(work, write=False)

    async def by_sources(self, space: str) -> dict[str, str]:
        """source → entry id for one space (wikilink resolution)."""
        rows = await self.db.run(
            lambda s: s.execute(select(Entry.source, Entry.id).where(Entry.space == space)).all(), write=False
        )
        return {src: i for src, i in rows}

    async def titles(self, space: str) -> dict[str, str]:
        """lowercased title → entry id for one space."""
        rows = await self.db.run(
            lambda s: s.execute(select(Entry.title, Entry.id).where(Entry.space == space)).all(), write=False
        )
        return {t.lower(): i for t, i in rows if t}

    async def relations_of(self, ids: Iterable[str], *, spaces: Sequence[str]) -> list[Relation]:
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return []

        def work(session: Session) -> list[Relation]:
            out: dict[int, Relation] = {}
            for start in range(0, len(wanted), 400):
                chunk = wanted[start : start + 400]
                rows = (
                    session.execute(
                        select(Relation)
                        .where(or_(col(Relation.from_id).in_(chunk), col(Relation.to_id).in_(chunk)))
                        .where(col(Relation.space).in_(spaces))
                    )
                    .scalars()
                    .all()
                )
                for rel in rows:
                    out[rel.id or 0] = rel
            return sorted(out.values(), key=lambda r: r.id or 0)

        return await self.db.run(work, write=False)

    async def tag_counts(self, *, spaces: Sequence[str], tags: Sequence[str] | None = None) -> Counter[str]:
        """How many entries carry each tag in these spaces; only ``tags`` when given (which
        reads them through the tag index instead of every tag of every entry)."""
        stmt = select(EntryTag.tag, func.count()).where(col(EntryTag.space).in_(spaces))
        if tags is not None:
            if not tags:
                return Counter()
            stmt = stmt.where(col(EntryTag.tag).in_(list(tags)))
        stmt = stmt.group_by(col(EntryTag.tag))
        rows = await self.db.run(lambda s: s.execute(stmt).all(), write=False)
        return Counter({tag: int(n) for tag, n in rows})

    async def count(self, *, spaces: Sequence[str] | None = None) -> int:
        stmt = select(func.count()).select_from(Entry)
        if spaces is not None:
            stmt = stmt.where(col(Entry.space).in_(spaces))
        return int(await self.db.run(lambda s: s.execute(stmt).scalar_one(), write=False))

    async def recent(self, *, spaces: Sequence[str], types: Sequence[str], limit: int = 200) -> list[Entry]:
        stmt = (
            select(Entry)
            .where(col(Entry.space).in_(spaces))
            .where(col(Entry.type).in_(types))
            .order_by(col(Entry.created_at).desc())
            .limit(limit)
        )
        return await self.db.run(lambda s: list(s.execute(stmt).scalars().all()), write=False)

    async def search_lexical(
        self,
        query: str,
        *,
        spaces: Sequence[str],
        limit: int = 20,
        types: Sequence[str] | None = None,
        exclude_types: Sequence[str] = (),
    ) -> list[LexicalHit]:
        """Full-text search (bm25, title weighted over tags over content), best first."""
        terms = query_terms(query)
        if not terms:
            return []
        params: dict[str, Any] = {"limit": limit}
        space_ph = ", ".join(f":s{i}" for i in range(len(spaces)))
        params.update({f"s{i}": s for i, s in enumerate(spaces)})
        type_sql = ""
        if types:
            type_sql += " AND e.type IN (" + ", ".join(f":t{i}" for i in range(len(types))) + ")"
            params.update({f"t{i}": t for i, t in enumerate(types)})
        if exclude_types:
            type_sql += " AND e.type NOT IN (" + ", ".join(f":x{i}" for i in range(len(exclude_types))) + ")"
            params.update({f"x{i}": t for i, t in enumerate(exclude_types)})
        if self.db.dialect == "sqlite":
            params["match"] = " OR ".join('"' + t.replace('"', "") + '"' for t in terms)
            params["pool"] = max(limit * 4, 200)
            # bm25 over the bare index is cheap; reading each match's entry id and space
            # back through FTS5 costs ~100 µs a row. So rank first, keep the best
            # ``pool``, and read those rows' ids and spaces straight from the index's
            # content table (FTS5 keeps the inserted columns there as c0, c1, … in
            # declaration order: c0 entry_id, c1 space). Too few left after filtering (a
            # small space in a big base, a rare type) → filter every match instead.
            join = "JOIN entries e ON e.id = c.c0 " if type_sql else ""

            def statement(pooled: bool) -> str:
                return (
                    "SELECT c.c0, -x.rank_ AS score FROM ("
                    f"SELECT rowid AS rid, {_BM25} AS rank_ FROM entry_fts WHERE entry_fts MATCH :match"
                    f"{' ORDER BY rank_ LIMIT :pool' if pooled else ''}"
                    f") AS x JOIN entry_fts_content c ON c.id = x.rid {join}"
                    f"WHERE c.c1 IN ({space_ph}){type_sql} ORDER BY x.rank_ LIMIT :limit"
                )

            fast, full = statement(True), statement(False)
            pool_full = (
                "SELECT count(*) FROM (SELECT rowid FROM entry_fts WHERE entry_fts MATCH :match LIMIT :pool)"
            )

            def ranked(session: Session) -> list[Any]:
                rows = session.execute(text(fast), params).all()
                if (
                    len(rows) < limit
                    and session.execute(text(pool_full), params).scalar_one() >= params["pool"]
                ):
                    rows = session.execute(text(full), params).all()
                return list(rows)

            found = await self.db.run(ranked, write=False)
            return [LexicalHit(entry_id=r[0], score=float(r[1])) for r in found]
        else:
            params["match"] = " | ".join(terms)
            sql = (
                "SELECT e.id, ts_rank_cd(to_tsvector('english', e.title || ' ' || e.content), "
                "to_tsquery('english', :match)) AS score FROM entries e "
                "WHERE to_tsvector('english', e.title || ' ' || e.content) @@ to_tsquery('english', :match) "
                f"AND e.space IN ({space_ph}){type_sql} ORDER BY score DESC LIMIT :limit"
            )
        rows = await self.db.run(lambda s: s.execute(text(sql), params).all(), write=False)
        return [LexicalHit(entry_id=r[0], score=float(r[1])) for r in rows]

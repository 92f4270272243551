"""The knowledge base: entries, typed relations, tags, and lexical (full-text) search,
always scoped to the spaces a caller may see."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, func, or_, text
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session
from sqlmodel import col, select

from storage.db import Database, SqlConnection, storable
from storage.models import Entry, EntryTag, Relation, TagCount, new_id

GLOBAL_SPACE = "global"


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

    def __post_init__(self) -> None:
        for name in ("space", "source", "title", "content", "type", "author", "project"):
            setattr(self, name, storable(getattr(self, name)))
        self.tags = [storable(t) for t in self.tags]


_VIEW_COLUMNS = (
    "id, space, type, title, content, author, project, tags, source, created_at, updated_at, meta, revision"
)


@dataclass(frozen=True)
class EntryView:
    """An entry as read for searching and reporting: the stored values, read-only."""

    id: str
    space: str
    type: str
    title: str
    content: str
    author: str
    project: str
    tags: list[str]
    source: str
    created_at: datetime
    updated_at: datetime
    meta: dict[str, Any]
    revision: int

    @classmethod
    def of(cls, entry: Entry) -> EntryView:
        return cls(
            entry.id,
            entry.space,
            entry.type,
            entry.title,
            entry.content,
            entry.author,
            entry.project,
            list(entry.tags),
            entry.source,
            entry.created_at,
            entry.updated_at,
            dict(entry.meta),
            entry.revision,
        )

    @classmethod
    def from_row(cls, row: Any, db: Database) -> EntryView:
        """From a row holding the columns of ``_VIEW_COLUMNS``, read by name."""
        return cls(
            row["id"],
            row["space"],
            row["type"],
            row["title"],
            row["content"],
            row["author"],
            row["project"],
            _tags(row["tags"]),
            row["source"],
            db.from_db_time(row["created_at"]) or datetime.min.replace(tzinfo=UTC),
            db.from_db_time(row["updated_at"]) or datetime.min.replace(tzinfo=UTC),
            _json_object(row["meta"]),
            int(row["revision"]),
        )


@dataclass(frozen=True)
class Upserted:
    entry: Entry
    created: bool
    changed: bool  # an existing entry whose stored fields differ now


@dataclass(frozen=True)
class EntryText:
    """What an in-process index needs of an entry (``Knowledge.changed_since``)."""

    id: str
    space: str
    type: str
    title: str
    content: str
    tags: list[str]
    revision: int
    gone: bool = False  # forgotten (``storage/records.py``): only the id and space are left
    source: str = ""  # the note's path (wikilinks resolve to it: ``bot/research/links.py``)


def _id_marks(ids: Sequence[str]) -> tuple[str, dict[str, Any]]:
    """The bound parameters for ``IN (…)`` of ``ids``: the marks, and their values by name."""
    params: dict[str, Any] = {f"id{n}": entry_id for n, entry_id in enumerate(ids)}
    return ", ".join(f":{name}" for name in params), params


class Knowledge:
    """Entries, relations and tags. Each public method is one unit of work (``Database.run``)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # writing ------------------------------------------------------------------------

    async def upsert_many(self, drafts: Sequence[EntryDraft], *, now: datetime) -> list[tuple[Entry, bool]]:
        """Create or update entries by (space, source) in one transaction.
        Returns each entry with whether it was created."""
        return [(u.entry, u.created) for u in await self.upsert_changes(drafts, now=now)]

    async def upsert_changes(self, drafts: Sequence[EntryDraft], *, now: datetime) -> list[Upserted]:
        """``upsert_many``, saying for each entry whether it was created, changed, or
        written again as it was (neither)."""

        def work(session: Session) -> list[Upserted]:
            out: list[Upserted] = []
            tag_delta: Counter[tuple[str, str]] = Counter()
            revised: list[Entry] = []  # created or changed: these get a new revision
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
                    wanted = {
                        "type": draft.type,
                        "title": draft.title,
                        "content": draft.content,
                        "author": draft.author,
                        "project": draft.project,
                        "tags": tags,
                        "created_at": _same_zone(draft.created_at, existing.created_at)
                        or existing.created_at,
                        "meta": draft.meta,
                    }
                    created = False
                    if all(getattr(existing, k) == v for k, v in wanted.items()):
                        out.append(Upserted(entry, False, False))  # as it was: nothing to re-index
                        continue
                    tag_delta.subtract((entry.space, t) for t in existing.tags)
                    for name, value in wanted.items():
                        setattr(entry, name, value)
                    entry.updated_at = now
                    session.execute(delete(EntryTag).where(col(EntryTag.entry_id) == entry.id))
                session.flush()
                for tag in tags:
                    session.add(EntryTag(entry_id=entry.id, tag=tag, space=entry.space))
                tag_delta.update((entry.space, t) for t in tags)
                out.append(Upserted(entry, created, not created))
                revised.append(entry)
            changed = [{"space": s, "tag": t, "n": n} for (s, t), n in sorted(tag_delta.items()) if n]
            if changed:  # in key order, so that concurrent writers lock rows in one order
                session.execute(
                    text(
                        "INSERT INTO tag_counts (space, tag, entries) VALUES (:space, :tag, :n) "
                        "ON CONFLICT (space, tag) DO UPDATE SET entries = tag_counts.entries + excluded.entries"
                    ),
                    changed,
                )
            if revised:
                # one revision per entry, taken last: the counter row stays locked until commit
                top = session.execute(
                    text(
                        "UPDATE counters SET value = value + :n WHERE name = 'entry_revision' RETURNING value"
                    ),
                    {"n": len(revised)},
                ).scalar_one()
                for k, entry in enumerate(revised):
                    entry.revision = int(top) - len(revised) + 1 + k
                session.flush()
            return out

        try:
            return await self.db.run(work)
        finally:
            self.db.wrote("entries")  # also after a failure: whether it committed is not known

    async def upsert(self, draft: EntryDraft, *, now: datetime) -> tuple[Entry, bool]:
        return (await self.upsert_many([draft], now=now))[0]

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
        stmt = insert(Relation).values(rows).on_conflict_do_nothing().returning(col(Relation.id))
        # counted from the rows RETURNING gives back: rowcount after ON CONFLICT is not
        # reliable across drivers (psycopg reported -1, so the vault seed said "0 links")
        return await self.db.run(lambda s: len(s.execute(stmt).all()))

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

    async def get(self, entry_id: str, *, spaces: Sequence[str]) -> EntryView | None:
        return (await self.get_many([entry_id], spaces=spaces)).get(entry_id)

    async def resolve_id(self, id_or_prefix: str, *, spaces: Sequence[str]) -> EntryView | None:
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
        self.db.read("entries", len(rows))
        return EntryView.of(rows[0]) if len(rows) == 1 else None

    async def get_many(self, ids: Iterable[str], *, spaces: Sequence[str]) -> dict[str, EntryView]:
        """Entries by id, as read-only views (plain SQL: building ORM objects cost ~80 µs
        an entry, the largest part of fetching a search's hits)."""
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}
        db = self.db

        def work(conn: SqlConnection) -> dict[str, EntryView]:
            out: dict[str, EntryView] = {}
            read = 0
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                # by primary key only, then the space check here: with a space condition in
                # the query SQLite may pick the space index and scan a whole space
                marks, params = _id_marks(chunk)
                rows = db.execute(
                    conn, f"SELECT {_VIEW_COLUMNS} FROM entries WHERE id IN ({marks})", params
                ).all()
                read += len(rows)
                for row in rows:
                    if row["space"] in spaces:
                        out[row["id"]] = EntryView.from_row(row, db)
            db.read("entries", read)
            return out

        return await db.read_sql(work, short=len(wanted) <= 100)  # a search's hits are short

    async def by_sources(self, space: str) -> dict[str, str]:
        """source → entry id for one space (wikilink resolution)."""
        rows = await self.db.run(
            lambda s: s.execute(select(Entry.source, Entry.id).where(Entry.space == space)).all(), write=False
        )
        self.db.read("entries", len(rows))
        return {src: i for src, i in rows}

    async def titles(self, space: str) -> dict[str, str]:
        """lowercased title → entry id for one space."""
        rows = await self.db.run(
            lambda s: s.execute(select(Entry.title, Entry.id).where(Entry.space == space)).all(), write=False
        )
        self.db.read("entries", len(rows))
        return {t.lower(): i for t, i in rows if t}

    async def relations_of(
        self, ids: Iterable[str], *, spaces: Sequence[str], exclude_types: Sequence[str] = ()
    ) -> list[Relation]:
        """Edges touching any of ``ids`` (either end), except those of ``exclude_types``."""
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return []

        def work(session: Session) -> list[Relation]:
            out: dict[int, Relation] = {}
            for start in range(0, len(wanted), 400):
                chunk = wanted[start : start + 400]
                stmt = (
                    select(Relation)
                    .where(or_(col(Relation.from_id).in_(chunk), col(Relation.to_id).in_(chunk)))
                    .where(col(Relation.space).in_(spaces))
                )
                if exclude_types:
                    stmt = stmt.where(col(Relation.type).not_in(list(exclude_types)))
                rows = session.execute(stmt).scalars().all()
                for rel in rows:
                    out[rel.id or 0] = rel
            return sorted(out.values(), key=lambda r: r.id or 0)

        found = await self.db.run(work, write=False)
        self.db.read("relations", len(found))
        return found

    async def sources_into(
        self, ids: Iterable[str], *, spaces: Sequence[str], rel_type: str
    ) -> list[tuple[str, str]]:
        """(from_id, to_id) of the edges of ``rel_type`` into ``ids`` within ``spaces``, in edge
        order: plain SQL by the ``to_id`` index, the space checked here (as ``get_many``),
        read in place when short (a quick answer asks it of the notes it reads)."""
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return []
        db = self.db

        def work(conn: SqlConnection) -> list[tuple[str, str]]:
            out: list[tuple[int, str, str]] = []
            for start in range(0, len(wanted), 400):
                chunk = wanted[start : start + 400]
                marks, params = _id_marks(chunk)
                params["rel_type"] = rel_type
                rows = db.execute(
                    conn,
                    f"SELECT id, from_id, to_id, space FROM relations WHERE to_id IN ({marks}) AND type = :rel_type",
                    params,
                ).all()
                out += [(row["id"], row["from_id"], row["to_id"]) for row in rows if row["space"] in spaces]
            db.read("relations", len(out))
            return [(a, b) for _, a, b in sorted(out)]

        return await db.read_sql(work, short=len(wanted) <= 100)

    async def tag_counts(self, *, spaces: Sequence[str], tags: Sequence[str] | None = None) -> Counter[str]:
        """How many entries carry each tag in these spaces; only ``tags`` when given."""
        stmt = select(TagCount.tag, func.sum(TagCount.entries)).where(col(TagCount.space).in_(spaces))
        if tags is not None:
            if not tags:
                return Counter()
            stmt = stmt.where(col(TagCount.tag).in_(list(tags)))
        stmt = stmt.group_by(col(TagCount.tag))
        rows = await self.db.run(lambda s: s.execute(stmt).all(), write=False)
        self.db.read("tag_counts", len(rows))
        return Counter({tag: int(n) for tag, n in rows if n})

    async def spaces(self) -> list[str]:
        """The spaces that hold entries, by name."""
        stmt = select(col(Entry.space)).distinct().order_by(col(Entry.space))
        return list(await self.db.run(lambda s: list(s.execute(stmt).scalars()), write=False))

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
        rows = await self.db.run(lambda s: list(s.execute(stmt).scalars().all()), write=False)
        self.db.read("entries", len(rows))
        return rows

    async def revision(self) -> int:
        """The newest entry revision handed out (entries and tombstones share the counter)."""
        row = await self.db.read_sql(
            lambda conn: self.db.execute(
                conn, "SELECT value FROM counters WHERE name = 'entry_revision'"
            ).first()
        )
        return int(row["value"]) if row is not None else 0

    async def changed_since(self, revision: int, *, limit: int = 5000) -> list[EntryText]:
        """Entries written or forgotten (``gone``) after ``revision``, in revision order, at
        most ``limit``. Every revision up to the last one returned is final: revisions are
        taken under a lock held until commit (``upsert_many``, ``forget``); one statement
        reads both tables, so a forgotten entry is never passed over."""
        query = _CHANGES_PG if self.db.dialect == "postgresql" else _CHANGES
        rows = await self.db.run(
            lambda s: s.execute(text(query), {"after": revision, "limit": limit}).all(), write=False
        )
        gone = sum(1 for row in rows if row[7])
        self.db.read("entries", len(rows) - gone)
        self.db.read("entry_tombstones", gone)
        return [
            EntryText(i, space, type_, title, content, _tags(tags), int(rev), bool(gone), source or "")
            for i, space, type_, title, content, tags, rev, gone, source in rows
        ]


# Entries and tombstones in one revision order. SQLite merges the two index scans and stops
# at the limit; PostgreSQL plans that form as a sort of every newer row, so there each side
# is limited on its own index first (bench/index_changes.py).
_WRITTEN = "SELECT id, space, type, title, content, tags, revision, 0 AS gone, source FROM entries WHERE revision > :after"
_GONE = "SELECT entry_id, space, revision FROM entry_tombstones WHERE revision > :after"
_CHANGES = (
    f"{_WRITTEN} UNION ALL SELECT entry_id, space, '', '', '', NULL, revision, 1, '' FROM entry_tombstones "
    "WHERE revision > :after ORDER BY revision LIMIT :limit"
)
_CHANGES_PG = (
    f"SELECT * FROM ({_WRITTEN} ORDER BY revision LIMIT :limit) AS written UNION ALL "
    f"SELECT entry_id, space, '', '', '', NULL, revision, 1, '' FROM ({_GONE} ORDER BY revision LIMIT :limit) "
    "AS gone ORDER BY revision LIMIT :limit"
)


def _same_zone(moment: datetime | None, like: datetime) -> datetime | None:
    """``moment`` as naive UTC when stored times come back naive (SQLite), so that an
    unchanged timestamp compares equal."""
    if moment is None or like.tzinfo is not None or moment.tzinfo is None:
        return moment
    return moment.astimezone(UTC).replace(tzinfo=None)


def _json(value: Any, kind: type[list[Any]] | type[dict[str, Any]]) -> Any:
    """A JSON column as the driver returns it (decoded on PostgreSQL, text on SQLite);
    an empty ``kind`` when it is missing or not of that kind."""
    if not isinstance(value, kind):
        try:
            value = json.loads(value) if value else kind()
        except (TypeError, ValueError):
            value = kind()
    return value if isinstance(value, kind) else kind()


def _json_object(value: Any) -> dict[str, Any]:
    return dict(_json(value, dict))


def _tags(value: Any) -> list[str]:
    return [str(t) for t in _json(value, list)]

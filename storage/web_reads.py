"""What the investigations view reads, written as SQL and paged in the database: a page of
investigations with their token sums, one investigation with its notes, entries by short
id, who cites an entry, and usage, routing and corrections per day."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from storage.db import Database, SqlConnection
from storage.knowledge import _VIEW_COLUMNS, EntryView

_INVESTIGATION_COLUMNS = (
    "id, space, question, status, progress, requester_id, requester_name, thread_ref, "
    "request_message_id, created_at, claimed_at, finished_at, delivered_at, attempts, error, "
    "report_entry_id"
)


@dataclass(frozen=True)
class InvestigationRow:
    id: str
    space: str
    question: str
    status: str
    progress: str | None
    requester_id: str
    requester_name: str
    thread_ref: str
    request_message_id: str | None
    created_at: datetime
    claimed_at: datetime | None
    finished_at: datetime | None
    delivered_at: datetime | None
    attempts: int
    error: str | None
    report_entry_id: str | None


@dataclass(frozen=True)
class ModelTokens:
    """Token sums of one model (cost is the core's to work out from its price table)."""

    model: str
    input: int
    output: int
    cache_write: int
    cache_read: int
    calls: int

    @property
    def total(self) -> int:
        return self.input + self.output + self.cache_write + self.cache_read


@dataclass(frozen=True)
class Page:
    rows: list[InvestigationRow]
    tokens: dict[str, list[ModelTokens]]  # investigation id → its sums per model
    more: bool  # a next page exists


@dataclass(frozen=True)
class Filters:
    """``spaces`` of ``None`` is every space (an admin); an empty tuple is none at all."""

    spaces: tuple[str, ...] | None
    status: str | None = None
    space: str | None = None
    requester: str | None = None


@dataclass(frozen=True)
class DayUsage:
    day: str
    model: str
    space: str
    tokens: ModelTokens


@dataclass(frozen=True)
class CorrectionRow:
    created_at: datetime
    space: str
    text: str
    route_given: str
    route_wanted: str
    author_id: str


def _marks(prefix: str, values: Sequence[str], params: dict[str, Any]) -> str:
    names = [f"{prefix}{n}" for n in range(len(values))]
    params.update(zip(names, values, strict=True))
    return ", ".join(f":{name}" for name in names)


def _in_spaces(column: str, spaces: tuple[str, ...] | None, params: dict[str, Any]) -> str:
    if spaces is None:
        return "1 = 1"
    if not spaces:
        return "1 = 0"
    return f"{column} IN ({_marks('sp', spaces, params)})"


class WebReads:
    def __init__(self, db: Database) -> None:
        self.db = db

    def _row(self, row: Any) -> InvestigationRow:
        t = self.db.from_db_time
        return InvestigationRow(
            id=row["id"],
            space=row["space"],
            question=row["question"],
            status=row["status"],
            progress=row["progress"],
            requester_id=row["requester_id"] or "",
            requester_name=row["requester_name"] or "",
            thread_ref=row["thread_ref"],
            request_message_id=row["request_message_id"],
            created_at=t(row["created_at"]) or datetime.min,
            claimed_at=t(row["claimed_at"]),
            finished_at=t(row["finished_at"]),
            delivered_at=t(row["delivered_at"]),
            attempts=int(row["attempts"] or 0),
            error=row["error"],
            report_entry_id=row["report_entry_id"],
        )

    def _tokens(self, conn: SqlConnection, ids: Sequence[str]) -> dict[str, list[ModelTokens]]:
        if not ids:
            return {}
        params: dict[str, Any] = {}
        sql = (
            "SELECT investigation_id, model, SUM(input_tokens) AS i, SUM(output_tokens) AS o, "
            "SUM(cache_write_tokens) AS cw, SUM(cache_read_tokens) AS cr, COUNT(*) AS n "
            f"FROM model_calls WHERE investigation_id IN ({_marks('inv', ids, params)}) "
            "GROUP BY investigation_id, model"
        )
        out: dict[str, list[ModelTokens]] = {}
        for row in self.db.execute(conn, sql, params).all():
            out.setdefault(row["investigation_id"], []).append(_model_tokens(row))
        return out

    async def page(self, filters: Filters, *, offset: int, limit: int) -> Page:
        """Newest first; ``limit`` rows from ``offset``, and whether more follow."""
        params: dict[str, Any] = {"limit": limit + 1, "offset": offset}
        where = [_in_spaces("space", filters.spaces, params)]
        if filters.status == "done":  # done, whether or not the thread has it yet
            where.append("status IN ('done', 'delivered')")
        elif filters.status:
            where.append("status = :status")
            params["status"] = filters.status
        if filters.space:
            where.append("space = :space")
            params["space"] = filters.space
        if filters.requester:
            where.append("(requester_id = :who OR requester_name = :who)")
            params["who"] = filters.requester
        sql = (
            f"SELECT {_INVESTIGATION_COLUMNS} FROM investigations WHERE {' AND '.join(where)} "
            "ORDER BY created_at DESC, id DESC LIMIT :limit OFFSET :offset"
        )

        def work(conn: SqlConnection) -> Page:
            rows = [self._row(r) for r in self.db.execute(conn, sql, params).all()]
            more = len(rows) > limit
            rows = rows[:limit]
            return Page(rows, self._tokens(conn, [r.id for r in rows]), more)

        return await self.db.read_sql(work, short=False)

    async def spaces(self) -> list[str]:
        """Every space with an investigation (an admin's space filter)."""
        sql = "SELECT DISTINCT space FROM investigations ORDER BY space"
        rows = await self.db.read_sql(lambda conn: self.db.execute(conn, sql).all(), short=False)
        return [r["space"] for r in rows]

    async def investigation(
        self, investigation_id: str
    ) -> tuple[InvestigationRow, str | None, list[tuple[datetime, str, str]], list[ModelTokens]] | None:
        """One investigation, its report (Markdown), its steering notes (when, who, text)
        and its token sums per model; ``None`` when there is no such id."""
        db = self.db

        def work(
            conn: SqlConnection,
        ) -> tuple[InvestigationRow, str | None, list[tuple[datetime, str, str]], list[ModelTokens]] | None:
            found = db.execute(
                conn,
                f"SELECT {_INVESTIGATION_COLUMNS}, answer FROM investigations WHERE id = :id",
                {"id": investigation_id},
            ).first()
            if found is None:
                return None
            notes = [
                (db.from_db_time(n["created_at"]) or datetime.min, n["author_id"] or "", n["text"])
                for n in db.execute(
                    conn,
                    "SELECT created_at, author_id, text FROM steering_notes "
                    "WHERE investigation_id = :id ORDER BY id",
                    {"id": investigation_id},
                ).all()
            ]
            tokens = self._tokens(conn, [investigation_id]).get(investigation_id, [])
            return self._row(found), found["answer"], notes, tokens

        return await db.read_sql(work)

    async def entries_by_short_id(
        self, short_ids: Sequence[str], *, spaces: Sequence[str] | None
    ) -> dict[str, EntryView]:
        """Entries named by the first 8 hex digits of their id (as reports cite them),
        within ``spaces`` (``None``: any); a short id two entries share is left out."""
        wanted = [
            s.lower()
            for s in dict.fromkeys(short_ids)
            if len(s) >= 6 and all(c in "0123456789abcdef-" for c in s.lower())
        ]
        if not wanted:
            return {}
        db = self.db
        params: dict[str, Any] = {}
        likes = " OR ".join(f"id LIKE :p{n}" for n in range(len(wanted)))
        params.update({f"p{n}": f"{s}%" for n, s in enumerate(wanted)})
        where = _in_spaces("space", None if spaces is None else tuple(spaces), params)
        sql = f"SELECT {_VIEW_COLUMNS} FROM entries WHERE ({likes}) AND {where}"

        def work(conn: SqlConnection) -> dict[str, EntryView]:
            out: dict[str, EntryView] = {}
            clashes: set[str] = set()
            for row in db.execute(conn, sql, params).all():
                view = EntryView.from_row(row, db)
                for short in wanted:
                    if view.id.startswith(short):
                        if short in out:
                            clashes.add(short)
                        out[short] = view
            return {k: v for k, v in out.items() if k not in clashes}

        return await db.read_sql(work, short=False)

    async def places_of(self, platform: str, user_id: str) -> list[str]:
        """The thread references of the conversations a person has written in."""
        params = {"platform": platform, "user": user_id}
        sql = (
            "SELECT DISTINCT c.thread_ref FROM messages m JOIN conversations c ON c.id = m.conversation_id "
            "WHERE m.role = 'user' AND m.author_id = :user AND c.platform = :platform"
        )
        rows = await self.db.read_sql(lambda conn: self.db.execute(conn, sql, params).all(), short=False)
        return [str(r["thread_ref"]) for r in rows]

    async def usage_by_day(self, *, since: datetime, spaces: tuple[str, ...] | None) -> list[DayUsage]:
        params: dict[str, Any] = {"since": self.db.to_db_time(since)}
        day = _day_sql(self.db)
        sql = (
            f"SELECT {day} AS day, model, COALESCE(space, '-') AS space, SUM(input_tokens) AS i, "
            "SUM(output_tokens) AS o, SUM(cache_write_tokens) AS cw, SUM(cache_read_tokens) AS cr, "
            f"COUNT(*) AS n FROM model_calls WHERE created_at >= :since AND {_in_spaces('space', spaces, params)} "
            f"GROUP BY {day}, model, COALESCE(space, '-') ORDER BY 1"
        )
        rows = await self.db.read_sql(lambda conn: self.db.execute(conn, sql, params).all(), short=False)
        return [DayUsage(str(r["day"]), r["model"], r["space"], _model_tokens(r)) for r in rows]

    async def routes_by_day(
        self, *, since: datetime, spaces: tuple[str, ...] | None
    ) -> list[tuple[str, str, int]]:
        """(day, route, messages) for the messages people sent that were routed."""
        params: dict[str, Any] = {"since": self.db.to_db_time(since)}
        day = _day_sql(self.db)
        sql = (
            f"SELECT {day} AS day, route, COUNT(*) AS n FROM messages WHERE role = 'user' "
            f"AND route IS NOT NULL AND created_at >= :since AND {_in_spaces('space', spaces, params)} "
            f"GROUP BY {day}, route ORDER BY 1"
        )
        rows = await self.db.read_sql(lambda conn: self.db.execute(conn, sql, params).all(), short=False)
        return [(str(r["day"]), str(r["route"]), int(r["n"])) for r in rows]

    async def corrections(self, *, spaces: tuple[str, ...] | None, limit: int = 50) -> list[CorrectionRow]:
        params: dict[str, Any] = {"limit": limit}
        sql = (
            "SELECT created_at, space, text, route_given, route_wanted, author_id FROM corrections "
            f"WHERE {_in_spaces('space', spaces, params)} ORDER BY created_at DESC LIMIT :limit"
        )
        rows = await self.db.read_sql(lambda conn: self.db.execute(conn, sql, params).all(), short=False)
        return [
            CorrectionRow(
                self.db.from_db_time(r["created_at"]) or datetime.min,
                r["space"],
                r["text"] or "",
                r["route_given"],
                r["route_wanted"],
                r["author_id"] or "",
            )
            for r in rows
        ]


def _day_sql(db: Database) -> str:
    if db.dialect == "sqlite":
        return "substr(created_at, 1, 10)"
    return "to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')"


def _model_tokens(row: Mapping[str, Any]) -> ModelTokens:
    return ModelTokens(
        str(row["model"]),
        int(row["i"] or 0),
        int(row["o"] or 0),
        int(row["cw"] or 0),
        int(row["cr"] or 0),
        int(row["n"] or 0),
    )

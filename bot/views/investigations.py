"""What the investigations view shows, read for one signed-in ``Viewer``: the list (paged
in the database), one investigation (report, relationship map, timeline, steering notes,
the entries it read), one entry (links in and out, the reports citing it) and usage."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.clock import Clock
from bot.config import Settings
from bot.events import ThreadRef
from bot.llm.usage import Tokens, cost
from bot.views.access import Viewer
from bot.views.graph import Graph, lay_out
from storage.knowledge import GLOBAL_SPACE, EntryView, Knowledge
from storage.web_reads import Filters, InvestigationRow, ModelTokens, WebReads

PAGE_SIZE = 50
STATUSES = ("pending", "running", "done", "failed", "cancelled")
CITATION = "citation"
_SOURCE_ROW = re.compile(r"^\|\s*(\d+)\s*\|\s*([0-9a-f]{8})\s*\|", re.MULTILINE)
_SHORT_CITE = re.compile(r"\[Entry ([0-9a-f]{8})\]")


def status_of(row: InvestigationRow) -> str:
    """The five states people see: a delivered report is done."""
    return "done" if row.status == "delivered" else row.status


@dataclass(frozen=True)
class Spend:
    tokens: int
    cost_usd: float | None  # None: some model has no price


def spend(groups: list[ModelTokens], prices: dict[str, list[float]]) -> Spend:
    total, usd = 0, 0.0
    priced = True
    for g in groups:
        total += g.total
        price = cost(g.model, Tokens(g.input, g.output, g.cache_write, g.cache_read), prices)
        if price is None:
            priced = False
        else:
            usd += price
    return Spend(total, round(usd, 4) if priced else None)


@dataclass(frozen=True)
class ListRow:
    row: InvestigationRow
    status: str
    thread: ThreadRef | None
    took: timedelta | None
    spend: Spend


@dataclass(frozen=True)
class ListPage:
    rows: list[ListRow]
    page: int
    more: bool
    filters: Filters
    spaces: list[str]


@dataclass(frozen=True)
class ReadEntry:
    entry: EntryView
    phase: int


@dataclass(frozen=True)
class InvestigationPage:
    item: ListRow
    report: str | None
    graph: Graph
    timeline: list[tuple[datetime, str]]
    notes: list[tuple[datetime, str, str]]
    read: list[ReadEntry]
    cited: dict[str, str]  # short id → full id, for the report's citations


@dataclass(frozen=True)
class Link:
    entry: EntryView
    type: str


@dataclass(frozen=True)
class EntryPage:
    entry: EntryView
    out: list[Link] = field(default_factory=list)
    into: list[Link] = field(default_factory=list)
    cited_by: list[EntryView] = field(default_factory=list)


@dataclass(frozen=True)
class DayTotal:
    day: str
    tokens: int
    cost_usd: float | None


@dataclass(frozen=True)
class UsagePage:
    days: list[DayTotal]
    by_model: list[tuple[str, Spend]]
    by_space: list[tuple[str, Spend]]
    routes: list[tuple[str, dict[str, int]]]  # day → route → messages
    corrections: list[object]
    since: datetime


def _thread(raw: str) -> ThreadRef | None:
    try:
        return ThreadRef.from_json(raw)
    except (ValueError, KeyError, TypeError):
        return None


def _spaces(viewer: Viewer, seen: list[str]) -> list[str]:
    """The spaces a read may look in: the viewer's, or for an admin those of what is shown
    and the global one."""
    if viewer.spaces is not None:
        return list(viewer.spaces)
    return sorted({*seen, GLOBAL_SPACE})


class InvestigationsView:
    def __init__(self, reads: WebReads, knowledge: Knowledge, settings: Settings, clock: Clock) -> None:
        self.reads = reads
        self.knowledge = knowledge
        self.settings = settings
        self.clock = clock
        self._spaces: tuple[datetime, list[str]] | None = None  # an admin's space filter, kept a minute

    def _item(self, row: InvestigationRow, groups: list[ModelTokens]) -> ListRow:
        end = row.finished_at or (self.clock.now() if row.status == "running" else None)
        took = end - row.created_at if end is not None else None
        return ListRow(
            row, status_of(row), _thread(row.thread_ref), took, spend(groups, self.settings.llm_prices)
        )

    async def listing(
        self, viewer: Viewer, *, status: str = "", space: str = "", person: str = "", page: int = 1
    ) -> ListPage:
        page = max(1, min(page, 100_000))
        filters = Filters(
            viewer.spaces,
            status=status if status in STATUSES else None,
            space=space or None,
            requester=person.strip()[:200] or None,
        )
        found = await self.reads.page(filters, offset=(page - 1) * PAGE_SIZE, limit=PAGE_SIZE)
        rows = [self._item(r, found.tokens.get(r.id, [])) for r in found.rows]
        spaces = list(viewer.spaces) if viewer.spaces is not None else await self._all_spaces()
        return ListPage(rows, page, found.more, filters, spaces)

    async def _all_spaces(self) -> list[str]:
        """Every space with an investigation: a scan of an index, so read once a minute."""
        now = self.clock.now()
        if self._spaces is None or now - self._spaces[0] > timedelta(minutes=1):
            self._spaces = (now, await self.reads.spaces())
        return self._spaces[1]

    async def investigation(self, viewer: Viewer, investigation_id: str) -> InvestigationPage | None:
        """``None`` when there is no such investigation in the viewer's spaces."""
        found = await self.reads.investigation(investigation_id[:64])
        if found is None or not viewer.may_see(found[0].space):
            return None
        row, report, notes, groups = found
        item = self._item(row, groups)
        phases = {short: int(phase) for phase, short in _SOURCE_ROW.findall(report or "")}
        shorts = list(phases) + _SHORT_CITE.findall(report or "")
        spaces = viewer.spaces
        entries = await self.reads.entries_by_short_id(shorts, spaces=spaces)
        read = sorted(
            (ReadEntry(entries[s], phases[s]) for s in phases if s in entries),
            key=lambda r: (r.phase, r.entry.title.lower()),
        )
        ids = [r.entry.id for r in read]
        relations = await self.knowledge.relations_of(
            ids, spaces=_spaces(viewer, [r.entry.space for r in read]), exclude_types=(CITATION,)
        )
        graph = lay_out(
            [(r.entry.id, r.entry.title or r.entry.id[:8], r.entry.type, r.phase) for r in read],
            [(rel.from_id, rel.to_id, rel.type) for rel in relations],
        )
        timeline = [(row.created_at, "asked")]
        timeline += [(when, f"steering note from {who or 'someone'}") for when, who, _ in notes]
        if row.claimed_at:
            timeline.append((row.claimed_at, f"claimed (attempt {max(row.attempts, 1)})"))
        if row.finished_at:
            timeline.append(
                (row.finished_at, status_of(row) if row.status != "delivered" else "report written")
            )
        if row.delivered_at:
            timeline.append((row.delivered_at, "delivered to the thread"))
        timeline.sort(key=lambda t: t[0])
        return InvestigationPage(
            item, report, graph, timeline, notes, read, {s: e.id for s, e in entries.items()}
        )

    async def entry(self, viewer: Viewer, id_or_short: str) -> EntryPage | None:
        """An entry by full id or the short id reports cite; ``None`` outside the viewer's spaces."""
        key = id_or_short.strip().lower()[:64]
        entry = (await self.reads.entries_by_short_id([key], spaces=viewer.spaces)).get(key)
        if entry is None or not viewer.may_see(entry.space):
            return None
        relations = await self.knowledge.relations_of([entry.id], spaces=_spaces(viewer, [entry.space]))
        others = {r.to_id if r.from_id == entry.id else r.from_id for r in relations}
        ends = await self.reads.entries_by_short_id(sorted(others), spaces=viewer.spaces)
        page = EntryPage(entry)
        for rel in relations:
            other = ends.get(rel.to_id if rel.from_id == entry.id else rel.from_id)
            if other is None:
                continue
            if rel.type == CITATION and rel.to_id == entry.id:
                page.cited_by.append(other)
            elif rel.from_id == entry.id:
                page.out.append(Link(other, rel.type))
            else:
                page.into.append(Link(other, rel.type))
        return page

    async def usage(self, viewer: Viewer, *, days: int = 30) -> UsagePage:
        days = max(1, min(days, 366))
        since = self.clock.now() - timedelta(days=days)
        rows = await self.reads.usage_by_day(since=since, spaces=viewer.spaces)
        prices = self.settings.llm_prices
        per_day: dict[str, list[ModelTokens]] = {}
        per_model: dict[str, list[ModelTokens]] = {}
        per_space: dict[str, list[ModelTokens]] = {}
        for r in rows:
            per_day.setdefault(r.day, []).append(r.tokens)
            per_model.setdefault(r.model, []).append(r.tokens)
            per_space.setdefault(r.space, []).append(r.tokens)
        day_totals = []
        today = self.clock.now().date()
        for n in range(days, -1, -1):  # every day of the window, quiet ones as zero
            day = (today - timedelta(days=n)).isoformat()
            s = spend(per_day.get(day, []), prices)
            day_totals.append(DayTotal(day, s.tokens, s.cost_usd))
        routes: dict[str, dict[str, int]] = {}
        for day, route, n in await self.reads.routes_by_day(since=since, spaces=viewer.spaces):
            routes.setdefault(day, {})[route] = n
        return UsagePage(
            day_totals,
            sorted(((m, spend(g, prices)) for m, g in per_model.items()), key=lambda x: -x[1].tokens),
            sorted(((s, spend(g, prices)) for s, g in per_space.items()), key=lambda x: -x[1].tokens),
            sorted(routes.items()),
            list(await self.reads.corrections(spaces=viewer.spaces)),
            since,
        )

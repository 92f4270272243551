"""What a model is shown of the knowledge base: plain sources (id, title, text and a little
metadata), so the model layer never depends on how entries are stored."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any, Protocol


@dataclass(frozen=True)
class Source:
    """One entry handed to a model as untrusted data; ``id`` is the full entry id."""

    id: str
    title: str
    text: str
    kind: str = "note"
    author: str = ""
    date: str = ""
    phase: int = 1
    # the parts that answer the question, each readable alone (``bot/research/evidence.py``);
    # empty: the whole entry
    passages: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()  # what each passage says (an investigation's "Why", "Impact"…), if known

    @property
    def short_id(self) -> str:
        return self.id[:8]

    @property
    def content(self) -> str:
        """The entry's text (the name storage uses)."""
        return self.text

    @property
    def type(self) -> str:
        """The entry's kind (the name storage uses)."""
        return self.kind


class EntryLike(Protocol):
    """The fields of a stored entry a source is made from."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def content(self) -> str: ...
    @property
    def type(self) -> str: ...
    @property
    def author(self) -> str: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def meta(self) -> Any: ...


UNDATED = "undated"
MONTH_ONLY = "month_only"  # the note names only a month ("2026-01-…"): its date is that month
# the note is dated only by when it was last updated ("updated: 2026-02-20"): a schedule, a
# register, a calendar kept current, stating what holds as of that day
KEPT_CURRENT = "kept_current"
# the label of a passage stating a rule a later note replaced (``bot/research/supersession.py``)
SUPERSEDED = "superseded"


def date_of(entry: EntryLike) -> str:
    """The day the note says it was written or decided (ISO), or "" for a note that says
    none: the day it was ingested, or its file's time, is not its date."""
    day = day_of(entry)
    if day is None:
        return ""
    meta = entry.meta
    if isinstance(meta, dict) and meta.get(MONTH_ONLY):
        return day.strftime("%Y-%m")
    return day.isoformat()


def day_of(entry: EntryLike) -> date | None:
    """``date_of`` as a date (a note dated by its month only: the month's first day), or None."""
    meta = entry.meta
    if isinstance(meta, dict) and meta.get(UNDATED):
        return None
    if isinstance(meta, dict) and meta.get(MONTH_ONLY):
        return entry.created_at.date().replace(day=1)
    return entry.created_at.date()


def kept_current(entry: EntryLike) -> bool:
    """The note is dated by its last update (``KEPT_CURRENT``)."""
    meta = entry.meta
    return isinstance(meta, dict) and bool(meta.get(KEPT_CURRENT))


def source_of(
    entry: EntryLike, phase: int = 1, passages: tuple[str, ...] = (), labels: tuple[str, ...] = ()
) -> Source:
    """A knowledge entry as a model sees it."""
    return Source(
        id=entry.id,
        title=entry.title,
        text=entry.content,
        kind=entry.type,
        author=entry.author,
        date=date_of(entry),
        phase=phase,
        passages=passages,
        labels=labels,
    )


def with_passages_first(source: Source) -> Source:
    """``source`` with the passages that answer before the note's text: a model is shown the
    start of each note, and the answer may be deep inside a long one."""
    if not source.passages:
        return source
    said = "\n".join(f"- {p}" for p in source.passages)
    return replace(source, text=f"Passages that answer:\n{said}\n\nThe note:\n{source.text}")

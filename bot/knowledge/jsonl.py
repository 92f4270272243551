"""JSON Lines ingest: one entry per line (``_id``, ``title``, ``text``, optional ``tags``,
``author``, ``date``), so a public corpus loads as it is and keeps its ids."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from bot.errors import InputError
from storage.knowledge import EntryDraft

KNOWN_FIELDS = {"_id", "id", "title", "text", "content", "tags", "author", "date", "type", "project"}


def load_jsonl(path: Path | str, space: str) -> list[EntryDraft]:
    """Read every line of ``path`` into an entry draft whose ``source`` is the line's
    ``_id``. Blank lines are skipped; anything else unusable is an ``InputError`` that
    names the line. Fields not listed above are kept in the entry's ``meta``."""
    path = Path(path)
    drafts: list[EntryDraft] = []
    seen: dict[str, int] = {}
    try:
        handle = path.open(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror}") from None
    with handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"{path}:{number}: not JSON ({exc.msg})") from None
            if not isinstance(record, dict):
                raise InputError(f"{path}:{number}: expected a JSON object")
            draft = _draft(record, space, where=f"{path}:{number}")
            if draft.source in seen:
                first = seen[draft.source]
                raise InputError(f"{path}:{number}: _id {draft.source!r} already used on line {first}")
            seen[draft.source] = number
            drafts.append(draft)
    return drafts


def _draft(record: dict[str, Any], space: str, *, where: str) -> EntryDraft:
    raw_id = record.get("_id", record.get("id"))
    if raw_id is None or str(raw_id).strip() == "":
        raise InputError(f"{where}: missing _id")
    title = _text(record.get("title"), "title", where)
    content = _text(record.get("text", record.get("content")), "text", where)
    if not title and not content:
        raise InputError(f"{where}: neither title nor text")
    meta = {k: v for k, v in record.items() if k not in KNOWN_FIELDS and v not in (None, "", {}, [])}
    return EntryDraft(
        space=space,
        source=str(raw_id).strip(),
        title=title,
        content=content,
        type=_text(record.get("type"), "type", where) or "note",
        author=_text(record.get("author"), "author", where),
        project=_text(record.get("project"), "project", where),
        tags=_tags(record.get("tags"), where),
        created_at=_date(record.get("date"), where),
        meta=meta,
    )


def _text(value: Any, name: str, where: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str | int | float):
        raise InputError(f"{where}: {name} must be a string")
    return str(value).strip()


def _tags(value: Any, where: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [t for t in (part.strip() for part in value.replace(",", " ").split()) if t]
    if isinstance(value, list) and all(isinstance(t, str) for t in value):
        return [t.strip() for t in value if t.strip()]
    raise InputError(f"{where}: tags must be a list of strings or one comma-separated string")


def _date(value: Any, where: str) -> datetime | None:
    """ISO dates and datetimes (UTC unless they say otherwise), or Unix seconds; as
    timezone-aware UTC like every time here."""
    if value is None or value == "":
        return None
    try:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return datetime.fromtimestamp(value, UTC)
        if isinstance(value, str):
            text = value.strip().replace("Z", "+00:00")
            try:
                moment = datetime.fromisoformat(text)
            except ValueError:
                moment = datetime.combine(date.fromisoformat(text), datetime.min.time())
            return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)
    except (ValueError, OverflowError, OSError):
        pass
    raise InputError(f"{where}: date {value!r} is not an ISO date (YYYY-MM-DD) or timestamp")

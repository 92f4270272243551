"""Loading notes into the knowledge base: a folder of Markdown notes (front matter,
inline ``#tags``, ``[[wikilinks]]`` → ``link`` relations) or a JSON Lines corpus.
Re-ingesting is idempotent: the same path (or ``_id``) updates the same entry."""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from bot.errors import InputError
from bot.sources import KEPT_CURRENT, MONTH_ONLY, UNDATED
from storage.knowledge import EntryDraft, Knowledge, Upserted
from storage.models import Entry

log = logging.getLogger(__name__)

MAX_NOTE_CHARS = 200_000
_INLINE_TAG = re.compile(r"(?<![\w/#&;])#([A-Za-z][\w/-]*[\w])")
_WIKILINK = re.compile(r"\[\[([^\]|#\n]+)(?:#[^\]|\n]*)?(?:\|[^\]\n]*)?\]\]")
# libyaml's safe loader when PyYAML was built with it (4× faster on the example vault), else Python's
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)

AfterUpsert = Callable[[Sequence[Entry]], Awaitable[None]]


@dataclass
class IngestResult:
    created: int = 0
    updated: int = 0  # existing entries whose text, tags or details changed
    unchanged: int = 0  # existing entries ingested again as they were
    skipped: list[str] = field(default_factory=list)
    links: int = 0
    dangling: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.created + self.updated + self.unchanged

    def count(self, upserted: Sequence[Upserted]) -> None:
        for u in upserted:
            if u.created:
                self.created += 1
            elif u.changed:
                self.updated += 1
            else:
                self.unchanged += 1


def _utc(moment: dt.datetime) -> dt.datetime:
    return moment.replace(tzinfo=dt.UTC) if moment.tzinfo is None else moment.astimezone(dt.UTC)


def _as_datetime(value: Any) -> dt.datetime | None:
    if isinstance(value, dt.datetime):
        return _utc(value)
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day, tzinfo=dt.UTC)
    if isinstance(value, str) and value.strip():
        try:
            return _utc(dt.datetime.fromisoformat(value.strip().replace("Z", "+00:00")))
        except ValueError:
            return None
    return None


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [v.strip() for v in re.split(r"[,\s]+", value) if v.strip()]
    if isinstance(value, list | tuple):
        return [str(v).strip() for v in value if str(v).strip()]
    return [str(value)]


@dataclass
class ParsedNote:
    draft: EntryDraft
    links: list[str]


_MONTH_NAMES = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_WRITTEN = (
    (re.compile(r"\b((?:19|20)\d\d)-(\d\d)-(\d\d)\b"), "ymd"),
    (re.compile(rf"\b{_DAY}\s+{_MONTH},?\s+((?:19|20)\d\d)\b", re.I), "dmy"),
    (re.compile(rf"\b{_MONTH}\s+{_DAY},?\s+((?:19|20)\d\d)\b", re.I), "mdy"),
    (re.compile(r"\b(\d{1,2})[/.](\d{1,2})[/.]((?:19|20)\d\d)\b"), "numeric"),
)
BYLINE_WORDS = 16  # a first line longer than this is text, and a date in it is what the text is about


def _date_of(match: re.Match[str], form: str) -> dt.datetime | None:
    groups = match.groups()
    if form == "ymd":
        year, month, day = (int(g) for g in groups)
    elif form == "dmy":
        day, month, year = int(groups[0]), _MONTH_NAMES.index(groups[1][:3].lower()) + 1, int(groups[2])
    elif form == "mdy":
        month, day, year = _MONTH_NAMES.index(groups[0][:3].lower()) + 1, int(groups[1]), int(groups[2])
    else:
        first, second, year = (int(g) for g in groups)
        if first > 12 >= second:
            day, month = first, second
        elif second > 12 >= first:
            day, month = second, first
        else:
            return None  # 06/01/2026: 6 January or June 1 — a wrong date is worse than none
    try:
        return dt.datetime(year, month, day, tzinfo=dt.UTC)
    except ValueError:
        return None


def written_date(title: str, body: str) -> dt.datetime | None:
    """The date a note without a front-matter date says it was written: in its title ("Review
    (11 March 2026)") or a short first line ("*Written up by Wen Liu, 29 Jan 2026.*"). A file's
    modification time is often the day the vault was copied or checked out."""
    first = _first_line(body)
    body_lines = body.splitlines()
    # a "date:" line is the note's own date, before a date its title names: "ERRATUM – minutes
    # of 12 September 2023, item 5" is dated by its "date: 2023-10-03"
    lines = [line for line in body_lines if _DATE_FIELD.match(line)] + [title]
    if len(first.split()) <= BYLINE_WORDS:
        lines.append(first)
    # further down, a line that dates the note: a heading ("## 6 October 2025"), or a line
    # that says when it was decided, agreed, written or held ("Decided 6 October 2025.")
    lines += [line for line in body_lines if _DATING_LINE.match(line)]
    for line in lines:
        for pattern, form in _WRITTEN:
            match = pattern.search(line)
            if match:
                found = _date_of(match, form)
                if found is not None:
                    return found
    return None


# a title or file name that names a month ("2026-01-cancellation-window", "Review, March 2025",
# "chat-dispatch-2024-06"), or a short first line that does ("pasted from #dispatch, June 2024"):
# the note is dated to that month, shown as such ("2026-01"), never to a day it does not say
_MONTH_NAMED = (
    re.compile(r"(?<![\d-])((?:19|20)\d\d)[-_ .](0[1-9]|1[0-2])(?![\d:])(?![-_ .]\d)"),
    re.compile(rf"\b{_MONTH}[\s,]+((?:19|20)\d\d)\b", re.I),
)


_HEADING = re.compile(r"\s*#{1,6}(?:\s|$)")


def _first_line(body: str) -> str:
    """A note's first line of text (not a heading; a line opening with a tag is text: "#food-prep
    (Slack) - pasted 6 Jan 2025")."""
    return next((line for line in body.splitlines() if line.strip() and not _HEADING.match(line)), "")


# a file name that names a day ("2025-03-12-staff-meeting", "incident_2024_11_03")
_DAY_NAMED = re.compile(r"(?<![\d])((?:19|20)\d\d)[-_.](0[1-9]|1[0-2])[-_.](0[1-9]|[12]\d|3[01])(?!\d)")


def named_day(source: str) -> dt.datetime | None:
    """The day a note's file name names, for a note whose text states none (its heading may
    write it ambiguously: "All-staff meeting 12/03/2025")."""
    match = _DAY_NAMED.search(Path(source).stem)
    if match is None:
        return None
    try:
        return dt.datetime(int(match.group(1)), int(match.group(2)), int(match.group(3)), tzinfo=dt.UTC)
    except ValueError:  # "2025-02-30"
        return None


def month_named(title: str, source: str, body: str = "") -> dt.datetime | None:
    """The month a note's title, file name or short first line names, when none states a full date."""
    first = _first_line(body)
    byline = first if len(first.split()) <= BYLINE_WORDS else ""
    # a year and a month number is read in a title or file name only ("2026-01" in a line of
    # text is as likely a code or a range)
    for text, numbered in ((title, True), (Path(source).stem, True), (byline, False)):
        match = _MONTH_NAMED[0].search(text) if numbered else None
        if match:
            return dt.datetime(int(match.group(1)), int(match.group(2)), 1, tzinfo=dt.UTC)
        match = _MONTH_NAMED[1].search(text)
        if match:
            month = _MONTH_NAMES.index(match.group(1)[:3].lower()) + 1
            return dt.datetime(int(match.group(2)), month, 1, tzinfo=dt.UTC)
    return None


def stated_dates(text: str) -> list[dt.date]:
    """Every full date ``text`` states ("2 February 2026", "2026-02-02", "19/01/2026"),
    in order; an ambiguous one ("06/01/2026") is left out."""
    found: list[tuple[int, dt.date]] = []
    for pattern, form in _WRITTEN:
        for match in pattern.finditer(text):
            moment = _date_of(match, form)
            if moment is not None:
                found.append((match.start(), moment.date()))
    return [d for _, d in sorted(found)]


TITLE_LINE = re.compile(r"[*_]*title[*_]*\s*:[*_]*\s*(\S[^\n]{0,200})", re.I)
_DATE_FIELD = re.compile(r"^\s*[*_>\s]*date\s*[*_]*\s*:", re.I)
_DATING_LINE = re.compile(
    r"^\s*(?:#{1,6}\s|[*_>\s]*(?:date[ds]?|decided|agreed|approved|written|held|effective|signed(?: off)?|"
    r"updated|meeting|minutes)\b|"
    # ... or that opens with the day it tells of ("**12 August 2024** — Alun re-inspected …")
    rf"[*_>\s]*(?:\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}\s+(?:19|20)\d\d|(?:19|20)\d\d-\d\d-\d\d)\b)",
    re.I,
)


# front-matter fields read into the entry's own columns, or bookkeeping nobody asks about
_READ_FIELDS = frozenset({"title", "type", "author", "date", "created", "tags", "project", "url"})
_BOOKKEEPING = frozenset(
    {
        "aliases",
        "alias",
        "cssclass",
        "cssclasses",
        "id",
        "uid",
        "permalink",
        "layout",
        "draft",
        "publish",
        "updated",
    }
)
_UPDATED_FIELDS = ("updated", "last_updated", "last-updated", "modified")
FACT_CHARS = 300  # of one front-matter value: a field is a fact, not a second body
# a field named like a credential stays out of the searchable text: a note may carry one in
# its front matter for a tool, and an answer must never quote it
_CREDENTIAL = re.compile(
    r"pass(?:word|wd|phrase)?|secret|token|api[_ -]?key|credential|private[_ -]?key", re.I
)


def _fact_value(value: Any) -> str:
    if isinstance(value, bool) or value is None or isinstance(value, dict):
        return ""
    if isinstance(value, list):
        return ", ".join(v for v in (_fact_value(item) for item in value) if v)
    return " ".join(str(value).split())[:FACT_CHARS]


def front_matter_facts(meta: dict[str, Any]) -> str:
    """Front-matter fields that are facts about the note's subject ("role: Head of IT",
    "owner: …", "severity: high") as list items opening the body, so that they are searched
    and quoted like the rest of the note instead of being dropped."""
    lines = []
    for key, value in meta.items():
        name = str(key).strip()
        if (
            not name
            or name.lower() in _READ_FIELDS
            or name.lower() in _BOOKKEEPING
            or _CREDENTIAL.search(name)
        ):
            continue
        text = _fact_value(value)
        if text:
            lines.append(f"- {name.replace('_', ' ').capitalize()}: {text}")
    return "\n".join(lines) + "\n\n" if lines else ""


def parse_markdown(raw: str, *, source: str, space: str, fallback_date: dt.datetime | None) -> ParsedNote:
    meta: dict[str, Any] = {}
    body = raw
    if raw.startswith("---"):
        match = re.match(r"^---\s*\n(.*?)\n---\s*(?:\n|$)", raw, re.S)
        if match:
            try:
                loaded = yaml.load(match.group(1), Loader=_SAFE_LOADER)
            except yaml.YAMLError:
                loaded = None
            if isinstance(loaded, dict):
                meta = loaded
                body = raw[match.end() :]
    without_code = _CODE.sub(" ", body)
    tags = _as_list(meta.get("tags")) + _INLINE_TAG.findall(without_code)
    links = [m.strip() for m in _WIKILINK.findall(without_code)]
    title = str(meta.get("title") or "").strip()
    if not title:
        # "title: Lease – Unit 4 Hallowmead Business Park" typed as the first line, without the
        # front matter's fences, names the note as the field would
        typed = TITLE_LINE.match(body.lstrip())
        heading = re.search(r"^#\s+(.+)$", body, re.M)
        if typed:
            title = typed.group(1).strip()
        else:
            title = (
                heading.group(1).strip() if heading else Path(source).stem.replace("-", " ").replace("_", " ")
            )
    project = str(meta.get("project") or "")
    if not project:
        project = next((t.split("/", 1)[1] for t in tags if t.lower().startswith("project/")), "")
    extra = {k: v for k, v in meta.items() if k in {"url", "status"} and isinstance(v, str | int | float)}
    facts = front_matter_facts(meta)
    # a note that says only when it was last updated ("updated: 2026-02-20") is dated by that:
    # it was what held then (a schedule, a list of role holders), and later than what it replaced
    dated = (
        _as_datetime(meta.get("date") or meta.get("created"))
        or written_date(title, body)
        or named_day(source)
    )
    updated = None if dated else _as_datetime(next((meta[k] for k in _UPDATED_FIELDS if meta.get(k)), None))
    dated = dated or updated
    month = None if dated else month_named(title, source, body)
    draft = EntryDraft(
        space=space,
        source=source,
        title=title[:500],
        content=(facts + body.strip())[:MAX_NOTE_CHARS],
        type=str(meta.get("type") or "note").strip().lower()[:40],
        author=str(meta.get("author") or "").strip()[:200],
        project=project[:200],
        tags=tags,
        created_at=dated or month or fallback_date,
        # no date in the front matter or the text: shown as undated, never as the file's time;
        # a month named by the title or file name: shown as that month
        meta={
            "links": links,
            **extra,
            **({} if dated else {MONTH_ONLY: True} if month else {UNDATED: True}),
            **({KEPT_CURRENT: True} if updated else {}),
        },
    )
    return ParsedNote(draft, links)


NOTE_SUFFIXES = {".md"}


async def ingest_path(
    path: Path,
    *,
    knowledge: Knowledge,
    space: str,
    now: dt.datetime,
    after_upsert: AfterUpsert | None = None,
) -> IngestResult:
    """Ingest a folder of Markdown notes, one Markdown file, or a ``.jsonl`` corpus."""
    if not path.exists():
        raise InputError(f"no such file or folder: {path}")
    if path.is_file() and path.suffix.lower() in {".jsonl", ".ndjson"}:
        from bot.knowledge.jsonl import load_jsonl

        drafts = load_jsonl(path, space)
        result = IngestResult()
        for start in range(0, len(drafts), 500):
            upserted = await knowledge.upsert_changes(drafts[start : start + 500], now=now)
            result.count(upserted)
            if after_upsert is not None:
                await after_upsert([u.entry for u in upserted])
        return result
    if path.is_file():
        if path.suffix.lower() not in NOTE_SUFFIXES:
            raise InputError(
                f"{path} is not a Markdown note (*.md) nor a .jsonl corpus; give a folder of notes, "
                "one .md file, or a .jsonl file"
            )
        files, root = [path], path.parent
    else:
        try:
            files = sorted(p for p in path.rglob("*.md") if p.is_file() and not _hidden(p, path))
        except OSError as exc:
            raise InputError(f"cannot read {path}: {exc.strerror}") from None
        root = path
    if not files and path.is_dir():
        raise InputError(f"no Markdown notes (*.md) under {path}")
    result = IngestResult()
    parsed: list[ParsedNote] = []
    for file in files:
        source = file.relative_to(root).as_posix()
        if file.name.lower() == "readme.md" and file.parent == root:
            continue
        try:
            data = file.read_bytes()
        except OSError as exc:
            result.skipped.append(f"{source}: {exc.strerror}")
            continue
        if b"\x00" in data[:4096]:
            result.skipped.append(f"{source}: binary file")
            continue
        raw = data.decode("utf-8", errors="replace")
        mtime = dt.datetime.fromtimestamp(file.stat().st_mtime, dt.UTC)
        parsed.append(parse_markdown(raw, source=source, space=space, fallback_date=mtime))
    # wikilinks, resolved against every note in the space (those stored and these): an
    # unresolved one is kept in the note's meta, so ingesting it again changes nothing
    stored = await knowledge.by_sources(space)
    source_of = {entry_id: source for source, entry_id in stored.items()}
    titles = {t: source_of[i] for t, i in (await knowledge.titles(space)).items() if i in source_of}
    titles.update({p.draft.title.lower(): p.draft.source for p in parsed if p.draft.title})
    by_stem: dict[str, str] = {}
    for source in [*stored, *(p.draft.source for p in parsed)]:
        by_stem.setdefault(Path(source).stem.lower(), source)
        by_stem.setdefault(source.lower().removesuffix(".md"), source)
    targets: list[list[str]] = []
    for note in parsed:
        resolved: list[str] = []
        dangling: list[str] = []
        for target in note.links:
            key = target.strip().lower()
            found = by_stem.get(key) or by_stem.get(Path(key).stem) or titles.get(key)
            if found is None:
                result.dangling.append(f"{note.draft.source} → [[{target}]]")
                dangling.append(target.strip())
            else:
                resolved.append(found)
        targets.append(resolved)
        note.draft.meta = {k: v for k, v in note.draft.meta.items() if k != "dangling"}
        if dangling:
            note.draft.meta["dangling"] = dangling
    upserted = await knowledge.upsert_changes([p.draft for p in parsed], now=now)
    result.count(upserted)
    entries = [u.entry for u in upserted]
    if after_upsert is not None:
        await after_upsert(entries)
    ids = await knowledge.by_sources(space)
    edges: list[tuple[str, str, str]] = []
    for entry, sources in zip(entries, targets, strict=True):
        await knowledge.replace_outgoing(entry.id, "link")
        edges += [(entry.id, ids[source], "link") for source in sources if source in ids]
    result.links = await knowledge.add_relations(edges, space=space, now=now)
    return result


def _hidden(path: Path, root: Path) -> bool:
    return any(part.startswith(".") for part in path.relative_to(root).parts)

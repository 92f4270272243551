"""The investigation report, in the seed's format: heading, summary line, Context Summary,
Relationship Map, Timeline, Key People, Knowledge Gaps, Sources — each omitted when empty.

Every title, author, name and link taken from content passes ``content_label`` on its way in:
the only citations in a report are the ones written here, next to ids from the result set."""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from bot.llm.base import Synthesis
from bot.llm.offline import best_sentences
from bot.research.dossier import Dossier
from bot.research.evidence import speaker
from bot.research.recall import Grade
from bot.sources import UNDATED, date_of
from bot.text.citations import cite
from bot.text.display import content_label, count, shorten
from bot.text.terms import query_terms
from storage.knowledge import EntryView

SEPARATOR = "\n\n---\n\n"
RELATED_SHOWN = 8  # of the neighbourhood set aside, the closest shown


def _label(entry: EntryView) -> str:
    text = content_label(entry.title or entry.content[:400]).replace('"', "'")
    return text[:40] + ("…" if len(text) > 40 else "")


def _cell(text: str) -> str:
    return content_label(text)


def _preview(entry: EntryView) -> str:
    if entry.title:
        return _cell(content_label(entry.title)[:40])
    body = content_label(re.sub(r"^---.*?---", "", entry.content, flags=re.S))
    return _cell(body[:40] + ("..." if len(body) > 40 else ""))


# A topic shown in a heading or a summary line is cut to this: a request pasted whole (or a
# megabyte of it) is still one line at the top of the report.
TOPIC_SHOWN = 120


def topic_label(topic: str) -> str:
    """The topic as shown in the report: made safe inline, one line, cut at a word."""
    return shorten(content_label(topic), TOPIC_SHOWN)


def heading(dossier: Dossier) -> str:
    if dossier.start_entry is not None and not dossier.topic:
        return f"# Investigate: Entry {dossier.start_entry.id[:8]}"
    return f"# Investigate: {topic_label(dossier.topic)}"


def summary_line(dossier: Dossier) -> str:
    return (
        f'Investigated "{topic_label(dossier.topic) or (dossier.start_entry.id[:8] if dossier.start_entry else "")}": '
        f"{count(len(dossier.found), 'entry')} across {count(dossier.phases_with_results, 'phase')}, "
        f"{count(len(dossier.edges), 'relationship edge')} traversed."
    )


def no_results(topic: str) -> str:
    return (
        f'# Investigate: {topic_label(topic)}\n\nNo entries found for "{topic_label(topic)}".\n\nSuggestions:\n'
        "- Capture relevant knowledge with /remember\n"
        "- Ingest the team's notes with `mallory ingest PATH`\n"
        "- Ask again with different words, or name a person or project"
    )


def relationship_map(dossier: Dossier) -> str:
    if not dossier.edges:
        return ""
    entries = {i: f.entry for i, f in dossier.found.items()}
    out_edges: dict[str, list[str]] = defaultdict(list)
    for e in dossier.edges:
        a, b = entries.get(e.from_id), entries.get(e.to_id)
        if a is None or b is None:
            continue
        out_edges[a.id].append(f'  —[{e.type}]→ Entry {b.id[:8]} [{b.type}] "{_label(b)}"')
        out_edges[b.id].append(f'  ←[{e.type}]— Entry {a.id[:8]} [{a.type}] "{_label(a)}"')
    blocks = []
    for entry_id in entries:
        if entry_id in out_edges:
            node = entries[entry_id]
            blocks.append(
                f'Entry {node.id[:8]} [{node.type}] "{_label(node)}"\n' + "\n".join(out_edges[entry_id])
            )
    if dossier.related:
        lines = ["Potentially related (in the neighbourhood, not used as sources):"]
        closest = sorted(dossier.related, key=lambda r: r[2], reverse=True)
        for entry, near_id, score in closest[:RELATED_SHOWN]:
            near = f" to Entry {near_id[:8]}" if near_id else ""
            lines.append(f'  ~ Entry {entry.id[:8]} [{entry.type}] "{_label(entry)}" ({score:.2f}{near})')
        if len(closest) > RELATED_SHOWN:
            lines.append(f"  … and {len(closest) - RELATED_SHOWN} more")
        blocks.append("\n".join(lines))
    return "```\n" + "\n\n".join(blocks) + "\n```" if blocks else ""


def timeline(dossier: Dossier) -> str:
    # an undated note has no place on a timeline (its ingestion day is not when it happened)
    dated = [f.entry for f in dossier.found.values() if date_of(f.entry)]
    # notes of one day in the order of their titles: an entry's id is drawn at ingest, and a
    # report of the same notes must read the same whenever they were ingested
    entries = sorted(dated, key=lambda e: (e.created_at, _preview(e), e.id))
    if len(entries) < 3 or len({e.created_at.date() for e in entries}) < 2:
        return ""
    rows = ["| Date | Short ID | Type | Author | Summary |", "|------|----------|------|--------|---------|"]
    for e in entries:
        rows.append(f"| {date_of(e)} | {e.id[:8]} | [{e.type}] | {_cell(e.author) or '—'} | {_preview(e)} |")
    return "\n".join(rows)


def key_people(dossier: Dossier) -> str:
    authors: Counter[str] = Counter()
    types: dict[str, Counter[str]] = defaultdict(Counter)
    for f in dossier.found.values():
        if f.entry.author:
            authors[f.entry.author] += 1
            types[f.entry.author][f.entry.type] += 1
    if len(authors) <= 1:
        return ""
    lines = []
    for name, n in authors.most_common():
        kinds = ", ".join(f"{k}" + (f" ×{c}" if c > 1 else "") for k, c in types[name].most_common())
        lines.append(f"- **{_cell(name)}** — {n} {'entry' if n == 1 else 'entries'} ({_cell(kinds)})")
    mentioned = [p for p in dossier.mentioned_people if p not in authors][:8]
    if mentioned:
        lines.append("")
        lines.append(
            "Mentioned in content but not authors (they appear in the notes but may not have "
            "captured knowledge directly): " + ", ".join(_cell(p) for p in mentioned)
        )
    return "\n".join(lines)


def knowledge_gaps(dossier: Dossier, synthesis: Synthesis) -> str:
    items: list[str] = []
    for gap in synthesis.gaps:
        items.append(f"- {gap}")
    for passage in dossier.open_questions:
        items.append(
            f"- Unsettled in *{_cell(passage.entry.title)}*: {_cell(passage.unit.text)} {cite(passage.entry.id)}"
        )
    for gap in map(_cell, dossier.gaps):
        if not any(gap.lower() in i.lower() for i in items):
            items.append(
                f"- **{gap}** is mentioned but sparsely covered (fewer than 2 entries). "
                f"Follow-up: `/remember` what you know about {gap}, or ask who owns it."
            )
    for raw_name, mentions in dossier.no_entry_people:
        name = _cell(raw_name)
        if not any(name.lower() in i.lower() for i in items):
            items.append(
                f"- **{name}** is mentioned in {count(mentions, 'entry')} but has no person "
                f"entry. Follow-up: `/remember` who {name} is and what they work on."
            )
    dangling = [
        str(link)
        for f in dossier.found.values()
        if isinstance(f.entry.meta, dict)
        for link in f.entry.meta.get("dangling", [])
    ]
    for link in dict.fromkeys(map(_cell, dangling)):
        items.append(f"- [[{link}]] is linked to but has no note. Follow-up: write it, or remove the link.")
    return "\n".join(items)


def sources_table(dossier: Dossier) -> str:
    rows = [
        "| Phase | Short ID | Type | Author | Date | Relation Edges | Preview |",
        "|-------|----------|------|--------|------|---------------|---------|",
    ]
    for f in dossier.found.values():
        e = f.entry
        rows.append(
            f"| {f.phase} | {e.id[:8]} | [{e.type}] | {_cell(e.author) or '—'} | {date_of(e) or UNDATED} "
            f"| {dossier.edge_count(e.id)} | {_preview(e)} |"
        )
    return "\n".join(rows)


def notes_answered(dossier: Dossier, notes: list[str]) -> str:
    """What the notes say on each steering note, cited, or plainly that they say nothing."""
    lines = []
    for note in dict.fromkeys(notes):
        answers = dossier.note_answers.get(note, [])
        asked = _cell(content_label(note[:200]))
        if not answers:
            lines.append(f'- On "{asked}": the notes have nothing on this.')
            continue
        terms = query_terms(note)
        said = []
        for entry in answers[:2]:
            picked = best_sentences(entry.content, terms, n=1)
            text = speaker(picked[0], entry) if picked else entry.title  # "He wrote…" says who
            said.append(f"{_cell(content_label(text[:240])).rstrip('.')} {cite(entry.id)}.")
        lines.append(f'- On "{asked}": ' + " ".join(said))
    return "You asked me to cover:\n" + "\n".join(lines) if lines else ""


def render_report(dossier: Dossier, synthesis: Synthesis, *, notes: list[str] | None = None) -> str:
    if not dossier.found:
        return no_results(dossier.topic)
    head = heading(dossier) + "\n\n" + summary_line(dossier)
    if dossier.earlier is not None:
        e = dossier.earlier.entry
        label = (
            "from an earlier investigation"
            if dossier.earlier.grade is Grade.STRONG
            else "review before reusing"
        )
        # where the report file lives on the server is nobody's business in a chat
        head += (
            f"\n\n> Earlier answer ({label}, {e.created_at.date().isoformat()}): "
            f"{_cell(e.title)} {cite(e.id)}"
        )
    sections = [head]
    summary = synthesis.summary.strip()
    answered = notes_answered(dossier, notes or [])
    sections.append("## Context Summary\n\n" + summary + ("\n\n" + answered if answered else ""))
    for title, body in (
        ("Relationship Map", relationship_map(dossier)),
        ("Timeline", timeline(dossier)),
        ("Key People", key_people(dossier)),
        ("Knowledge Gaps", knowledge_gaps(dossier, synthesis)),
        ("Sources", sources_table(dossier)),
    ):
        if body.strip():
            sections.append(f"## {title}\n\n{body}")
    return SEPARATOR.join(sections) + "\n"

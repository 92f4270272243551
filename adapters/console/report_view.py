"""An investigation report as a terminal shows it: the summary and every section first,
each long section cut to its first lines, the Sources table as a few compact rows, wrapped
to the terminal's width, and the path of the full report file at the end."""

from __future__ import annotations

import textwrap

SEPARATOR = "\n\n---\n\n"
FULL_SECTIONS = ("Context Summary", "Knowledge Gaps")  # shown whole: they are the answer
SECTION_LINES = 8
SOURCE_ROWS = 8


def _wrap(text: str, width: int) -> list[str]:
    """Wrap prose to ``width``, keeping list items' hanging indent."""
    out: list[str] = []
    for line in text.splitlines():
        if not line.strip():
            out.append("")
            continue
        stripped = line.lstrip()
        indent = line[: len(line) - len(stripped)]
        bullet = "- " if stripped.startswith(("- ", "* ")) else ""
        out.extend(
            textwrap.wrap(
                stripped,
                width=width,
                initial_indent=indent,
                subsequent_indent=indent + " " * len(bullet),
                break_long_words=True,
                break_on_hyphens=False,
            )
            or [""]
        )
    return out


def _clip(line: str, width: int) -> str:
    return line if len(line) <= width else line[: width - 1] + "…"


def _sources(body: str, width: int) -> list[str]:
    rows = [r for r in body.splitlines() if r.startswith("|") and not r.startswith("|-")][1:]
    out = []
    for row in rows[:SOURCE_ROWS]:
        cells = [c.strip() for c in row.strip("|").split("|")]
        if len(cells) >= 7:
            short, kind, date, preview = cells[1], cells[2].strip("[]"), cells[4], cells[6]
            out.append(_clip(f"  {short}  {kind:<9} {date}  {preview}", width))
    if len(rows) > SOURCE_ROWS:
        out.append(f"  … and {len(rows) - SOURCE_ROWS} more (all {len(rows)} in the full report)")
    return out


def _section(title: str, body: str, width: int) -> list[str]:
    if title == "Sources":
        return _sources(body, width)
    if title in FULL_SECTIONS:
        return _wrap(body, width)
    lines = [line for line in body.splitlines() if not line.startswith("```") and line.strip()]
    shown = [_clip(line, width) for line in lines[:SECTION_LINES]]
    if len(lines) > SECTION_LINES:
        shown.append(f"  … {len(lines) - SECTION_LINES} more lines in the full report")
    return shown


def for_terminal(report: str, *, width: int = 80, path: str | None = None) -> str:
    """The report fitted to a terminal ``width`` columns wide."""
    width = max(40, width)
    parts = report.strip().split(SEPARATOR)
    out = _wrap(parts[0], width)
    for part in parts[1:]:
        head, _, body = part.partition("\n")
        if not head.startswith("## "):
            out += ["", *_wrap(part, width)]
            continue
        title = head[3:].strip()
        out += ["", head, *_section(title, body.strip("\n"), width)]
    if path:
        out += ["", f"Full report: {path}"]  # never cut: it is there to be copied
    return "\n".join(out)

"""Markdown from the core → Slack mrkdwn, and splitting it under Slack's size limits
without cutting a code block, a link or an ``[Entry abcd1234]`` citation in half."""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.citations import ATOM as CITATION

RULE = "──────────"

_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_HR = re.compile(r"^\s{0,3}([-*_])(\s*\1){2,}\s*$")
_BULLET = re.compile(r"^(\s*)[-*+]\s+(.*)$")
_TASK = re.compile(r"^\[([ xX])\]\s+(.*)$")
_ORDERED = re.compile(r"^(\s*)(\d+)[.)]\s+(.*)$")
_QUOTE = re.compile(r"^\s*>\s?(.*)$")
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")

# Inline tokens that are converted as a whole: code spans, images, links, autolinks.
_INLINE = re.compile(
    r"(?P<code>`[^`\n]+`)"
    r"|!\[(?P<alt>[^\]\n]*)\]\((?P<img>[^)\s]+)(?:\s+\"[^\"]*\")?\)"
    r"|\[(?P<label>[^\]\n]+)\]\((?P<url>[^)\s]+)(?:\s+\"[^\"]*\")?\)"
    r"|<(?P<auto>(?:https?|mailto):[^>\s]+)>"
)
_BOLD = re.compile(r"(?<![\w*])\*\*(?!\s)(.+?)(?<!\s)\*\*(?![\w*])|(?<!\w)__(?!\s)(.+?)(?<!\s)__(?!\w)")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)([^*\n]+?)(?<!\s)\*(?![\w*])")
_STRIKE = re.compile(r"~~(?!\s)(.+?)(?<!\s)~~")
_BOLD_MARK = "\x02"


def escape(text: str) -> str:
    """Slack's three control characters; everything else is literal in mrkdwn."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _emphasis(text: str) -> str:
    text = _BOLD.sub(lambda m: f"{_BOLD_MARK}{m.group(1) or m.group(2)}{_BOLD_MARK}", text)
    text = _ITALIC.sub(r"_\1_", text)
    text = _STRIKE.sub(r"~\1~", text)
    return text.replace(_BOLD_MARK, "*")


def _label(text: str) -> str:
    # A link label may not contain the characters that end Slack's <url|label> syntax.
    return _emphasis(escape(text)).replace("|", "¦")


def _url(url: str) -> str:
    return url.replace("&", "&amp;").replace("<", "%3C").replace(">", "%3E").replace("|", "%7C")


def inline(text: str) -> str:
    """Convert one line of Markdown inline syntax to mrkdwn."""
    out: list[str] = []
    pos = 0
    for m in _INLINE.finditer(text):
        out.append(_emphasis(escape(text[pos : m.start()])))
        if m.group("code"):
            out.append(escape(m.group("code")))
        elif m.group("img"):
            out.append(f"<{_url(m.group('img'))}|{_label(m.group('alt') or 'image')}>")
        elif m.group("url"):
            out.append(f"<{_url(m.group('url'))}|{_label(m.group('label'))}>")
        else:
            out.append(f"<{_url(m.group('auto'))}>")
        pos = m.end()
    out.append(_emphasis(escape(text[pos:])))
    return "".join(out)


def _table(rows: list[str]) -> list[str]:
    """Slack has no tables: render each row as a bullet, the header in bold."""
    cells = [[c.strip() for c in row.strip().strip("|").split("|")] for row in rows]
    body = [r for r, raw in zip(cells, rows, strict=True) if not _TABLE_RULE.match(raw)]
    if not body:
        return []
    header, *data = body
    lines = ["*" + " · ".join(_emphasis(escape(c)).replace("*", "") for c in header if c) + "*"]
    lines += ["• " + " · ".join(inline(c) for c in row if c) for row in data]
    return lines


def to_mrkdwn(markdown: str) -> str:
    """Convert the core's Markdown (headings, bold, italics, links, code, lists, quotes,
    tables) to Slack mrkdwn. Fenced code is kept verbatim, only escaped."""
    out: list[str] = []
    table: list[str] = []
    in_fence = False
    for line in markdown.replace("\r\n", "\n").split("\n"):
        if _FENCE.match(line):
            out += _table(table)
            table = []
            # Slack shows a fence's language tag as code, so it is dropped.
            in_fence = not in_fence
            out.append("```")
            continue
        if in_fence:
            out.append(escape(line))
            continue
        if _TABLE_ROW.match(line):
            table.append(line)
            continue
        if table:
            out += _table(table)
            table = []
        out.append(_line(line))
    out += _table(table)
    if in_fence:
        out.append("```")
    return "\n".join(out).strip("\n")


def _line(line: str) -> str:
    if m := _HEADING.match(line):
        title = inline(m.group(2)).replace("*", "")
        return f"*{title}*" if title else ""
    if _HR.match(line):
        return RULE
    if m := _BULLET.match(line):
        indent, item = m.groups()
        if t := _TASK.match(item):
            mark = "☐" if t.group(1) == " " else "☑"
            return f"{'    ' * (len(indent) // 2)}{mark} {inline(t.group(2))}"
        return f"{'    ' * (len(indent) // 2)}• {inline(item)}"
    if m := _ORDERED.match(line):
        indent, number, item = m.groups()
        return f"{'    ' * (len(indent) // 2)}{number}. {inline(item)}"
    if m := _QUOTE.match(line):
        return f"> {inline(m.group(1))}"
    return inline(line)


# ---------------------------------------------------------------------------
# splitting

_FENCE_LINE = "```"
# Atoms a hard split never cuts: citations, Slack links/mentions, code spans, words.
# (a word stops where a citation starts: "0[Entry abcd1234]" is two atoms)
_ATOM = re.compile(rf"{CITATION.pattern}|<[^<>\n]*>|`[^`\n]*`|(?:(?!{CITATION.pattern})\S)+|\s+")


def _blocks(text: str) -> Iterator[str]:
    """Paragraphs separated by blank lines; a fenced code block is one block even when it
    contains blank lines."""
    current: list[str] = []
    in_fence = False
    for line in text.split("\n"):
        if line.strip().startswith(_FENCE_LINE):
            in_fence = not in_fence
            current.append(line)
            continue
        if not in_fence and not line.strip():
            if current:
                yield "\n".join(current)
                current = []
            continue
        current.append(line)
    if current:
        yield "\n".join(current)


def _hard_split(text: str, limit: int) -> Iterator[str]:
    """Split one long line at whitespace, never inside a citation, link or code span."""
    current = ""
    for m in _ATOM.finditer(text):
        atom = m.group(0)
        if len(current) + len(atom) <= limit:
            current += atom
            continue
        if current.strip():
            yield current.rstrip()
        current = atom.lstrip()
        while len(current) > limit:  # a single atom longer than the limit: no choice left
            yield current[:limit]
            current = current[limit:]
    if current.strip():
        yield current.rstrip()


def _pack(lines: Iterator[str] | list[str], limit: int, sep: str = "\n") -> Iterator[str]:
    current: str | None = None
    for line in lines:
        if current is None:
            current = line
        elif len(current) + len(sep) + len(line) <= limit:
            current += sep + line
        else:
            yield current
            current = line
    if current is not None:
        yield current


def _fit(block: str, limit: int) -> Iterator[str]:
    if len(block) <= limit:
        yield block
        return
    lines = block.split("\n")
    if lines[0].strip().startswith(_FENCE_LINE):
        inner = lines[1:-1] if len(lines) > 1 and lines[-1].strip().startswith(_FENCE_LINE) else lines[1:]
        room = limit - 2 * (len(_FENCE_LINE) + 1)
        code_lines: list[str] = []
        for line in inner:
            code_lines += [line[i : i + room] for i in range(0, len(line), room)] or [""]
        for piece in _pack(code_lines, room):
            yield f"{_FENCE_LINE}\n{piece}\n{_FENCE_LINE}"
        return
    parts: list[str] = []
    for line in lines:
        parts += [line] if len(line) <= limit else list(_hard_split(line, limit))
    yield from _pack(parts, limit)


def split_mrkdwn(text: str, limit: int) -> list[str]:
    """Cut ``text`` into pieces of at most ``limit`` characters, preferring paragraph
    boundaries, then line breaks, then spaces. A code block that must be cut is closed
    at the end of one piece and reopened at the start of the next."""
    if len(text) <= limit:
        return [text] if text.strip() else []
    pieces = (piece for block in _blocks(text) for piece in _fit(block, limit))
    return list(_pack(pieces, limit, sep="\n\n"))

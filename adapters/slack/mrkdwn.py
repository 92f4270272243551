"""Markdown from the core → Slack mrkdwn, and splitting it under Slack's size limits
without cutting a code block, a link or an ``[Entry abcd1234]`` citation in half."""

from __future__ import annotations

import re
from collections.abc import Iterator

from markdown_it.tree import SyntaxTreeNode

from bot.text.citations import ATOM as CITATION
from bot.text.markdown import Renderer

RULE = "──────────"

_SAFE_SCHEMES = ("http://", "https://", "mailto:")
# Slack parses these words in mrkdwn text objects into pings of everyone in a channel; a word
# joiner after the "@" keeps the word readable and the ping out of content.
_BROADCAST = re.compile(r"@(channel|here|everyone)\b", re.IGNORECASE)


def escape(text: str) -> str:
    """Slack's three control characters (so no ``<!channel>``, ``<!subteam^…>`` or ``<@U…>``
    from content), and the plain-text broadcast words defused."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _BROADCAST.sub("@\u2060\\1", text)


def _url(url: str) -> str:
    return url.replace("&", "&amp;").replace("<", "%3C").replace(">", "%3E").replace("|", "%7C")


class _Mrkdwn(Renderer):
    """The shared parse (bot/text/markdown.py) as Slack mrkdwn."""

    def text(self, text: str) -> str:
        return escape(text)

    def heading(self, inline: SyntaxTreeNode) -> str:
        title = self.inline(inline).replace("*", "")
        return f"*{title}*" if title else ""

    def code_block(self, code: str, language: str) -> str:
        # Slack shows a fence's language tag as code, so it is dropped.
        return f"```\n{escape(code)}\n```"

    def rule(self) -> str:
        return RULE

    def quote(self, text: str) -> str:
        return "\n".join(f"> {line}" if line else ">" for line in text.split("\n"))

    def table(self, rows: list[list[SyntaxTreeNode | None]]) -> str:
        """Slack has no tables: each row becomes a bullet, the header in bold."""
        if not rows:
            return ""
        header, *data = [[self.inline(cell) if cell is not None else "" for cell in row] for row in rows]
        lines = ["*" + " · ".join(c.replace("*", "") for c in header if c) + "*"]
        lines += ["• " + " · ".join(c for c in row if c) for row in data]
        return "\n".join(lines)

    def code_span(self, code: str) -> str:
        return f"`{escape(code)}`"

    def strong(self, text: str) -> str:
        return f"*{text}*"

    def em(self, text: str) -> str:
        return f"_{text}_"

    def strike(self, text: str) -> str:
        return f"~{text}~"

    def link(self, node: SyntaxTreeNode, href: str) -> str:
        label = self.inline(node)
        if not _safe(href):  # javascript:, slack:// and friends stay text
            return f"{label} ({escape(href)})"
        # A label may not contain the character that ends Slack's <url|label> syntax.
        return f"<{_url(href)}|{label.replace('|', '¦')}>"

    def autolink(self, href: str) -> str:
        return f"<{_url(href)}>" if _safe(href) else escape(href)

    def image(self, alt: str, src: str) -> str:
        if not _safe(src):
            return escape(f"{alt or 'image'} ({src})")
        return f"<{_url(src)}|{escape(alt or 'image').replace('|', '¦')}>"


def _safe(url: str) -> bool:
    return url.strip().lower().startswith(_SAFE_SCHEMES)


_RENDERER = _Mrkdwn()


def to_mrkdwn(markdown: str) -> str:
    """Convert the core's Markdown (headings, bold, italics, links, code, lists, quotes,
    tables) to Slack mrkdwn. Fenced code is kept verbatim, only escaped."""
    return _RENDERER.render(markdown)


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


def _code_pieces(line: str, room: int) -> list[str]:
    """A code line in pieces of at most ``room`` characters, every character kept, never
    cutting a citation (a piece ends before one that would not fit)."""
    pieces: list[str] = []
    start = 0
    while len(line) - start > room:
        cut = start + room
        for m in CITATION.finditer(line, start):
            if m.start() >= cut:
                break
            if m.end() > cut and m.start() > start:
                cut = m.start()
                break
        pieces.append(line[start:cut])
        start = cut
    pieces.append(line[start:])
    return pieces


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
            code_lines += _code_pieces(line, room)
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

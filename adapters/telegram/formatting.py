"""The core's Markdown rendered as Telegram HTML, and long text cut into messages.

Telegram's HTML is a small tag set (b, i, s, u, code, pre, a, blockquote…). Markdown that
has no equivalent (headings, tables, rules, images) degrades to plain text; anything the
renderer cannot balance is sent escaped rather than risk a rejected message.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from html.parser import HTMLParser

from markdown_it.tree import SyntaxTreeNode

from bot.text.markdown import Renderer, is_code, plain, source_blocks

MESSAGE_LIMIT = 4096  # characters after entity parsing (UTF-16 code units)
CAPTION_LIMIT = 1024

_TAG = re.compile(r"<(/?)([a-z][a-z0-9-]*)\b[^>]*>")
# tg://user?id=… would ping someone: only the sender's own mention of the requester uses it.
_SAFE_SCHEMES = ("http://", "https://", "mailto:")


class _TelegramHtml(Renderer):
    """The shared parse (bot/text/markdown.py) as Telegram's small HTML tag set."""

    indent = "  "

    def text(self, text: str) -> str:
        return html.escape(text, quote=False)

    def heading(self, inline: SyntaxTreeNode) -> str:
        return f"<b>{self.inline(inline)}</b>"

    def code_block(self, code: str, language: str) -> str:
        escaped = html.escape(code or " ", quote=False)
        if language:
            return f'<pre><code class="language-{html.escape(language)}">{escaped}</code></pre>'
        return f"<pre>{escaped}</pre>"

    def rule(self) -> str:
        return "———"

    def quote(self, text: str) -> str:
        return f"<blockquote>{text}</blockquote>"

    def table(self, rows: list[list[SyntaxTreeNode | None]]) -> str:
        """No tables in Telegram: each row on a line, cells between bars."""
        return "\n".join(
            " | ".join(self.inline(cell) if cell is not None else "" for cell in row) for row in rows
        )

    def code_span(self, code: str) -> str:
        return f"<code>{html.escape(code, quote=False)}</code>"

    def strong(self, text: str) -> str:
        return f"<b>{text}</b>"

    def em(self, text: str) -> str:
        return f"<i>{text}</i>"

    def strike(self, text: str) -> str:
        return f"<s>{text}</s>"

    def link(self, node: SyntaxTreeNode, href: str) -> str:
        return self._link(plain(node), href)

    def autolink(self, href: str) -> str:
        return self._link(href, href)

    def image(self, alt: str, src: str) -> str:
        return self._link(alt or src, src)

    @staticmethod
    def _link(label: str, url: str) -> str:
        if url.lower().startswith(_SAFE_SCHEMES):
            return f'<a href="{html.escape(url, quote=True)}">{html.escape(label, quote=False)}</a>'
        return html.escape(f"{label} ({url})", quote=False)


_RENDERER = _TelegramHtml()


def render(markdown: str) -> str:
    """The whole Markdown text as Telegram HTML."""
    return "\n\n".join(render_block(block) for block in blocks(markdown))


def blocks(markdown: str) -> list[str]:
    """Paragraphs (separated by blank lines) and code blocks, as Markdown source.

    A code block is always one block, so cutting between blocks never cuts inside one.
    """
    return source_blocks(markdown)


def render_block(block: str) -> str:
    """One block as Telegram HTML (balanced: every tag comes from the parse tree)."""
    return _RENDERER.render(block)


def balanced(markup: str) -> bool:
    """Whether every tag is closed in order (what Telegram's entity parser insists on)."""
    stack: list[str] = []
    for match in _TAG.finditer(markup):
        closing, name = match.group(1), match.group(2)
        if not closing:
            stack.append(name)
        elif not stack or stack.pop() != name:
            return False
    return not stack


class _PlainText(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._href: list[str | None] = []
        self._link_text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self._href.append(dict(attrs).get("href"))
            self._link_text = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._href:
            href = self._href.pop()
            label = "".join(self._link_text)
            if href and not href.startswith("tg://") and href != label:
                self.parts.append(f" ({href})")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)
        if self._href:
            self._link_text.append(data)


def to_plain(markup: str) -> str:
    """What the reader sees of a Telegram HTML text, as plain text (links keep their URL)."""
    parser = _PlainText()
    parser.feed(markup)
    parser.close()
    return "".join(parser.parts)


def visible_length(markup: str) -> int:
    """Length as Telegram counts it: UTF-16 code units of the text after entity parsing."""
    return utf16_length(to_plain(markup))


def utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


@dataclass(frozen=True)
class Split:
    """A Markdown text cut into messages (Telegram HTML each), or ``None`` parts when it
    cannot be cut without breaking a code block, a citation or a single over-long line."""

    parts: tuple[str, ...]

    @property
    def count(self) -> int:
        return len(self.parts)


def split(markdown: str, *, limit: int = MESSAGE_LIMIT, first_limit: int | None = None) -> Split | None:
    """Cut on paragraph boundaries (then line boundaries inside an over-long paragraph) so
    that every part renders within ``limit``; ``first_limit`` leaves room for a prefix."""
    units: list[str] = []
    budget = min(limit, first_limit if first_limit is not None else limit)
    for block in blocks(markdown):
        rendered = render_block(block)
        if visible_length(rendered) <= budget:
            units.append(rendered)
            continue
        if is_code(block):
            return None
        cut = _cut_between_lines(block.split("\n"), budget)
        if cut is None:
            return None  # one line longer than a message
        units += cut
    parts: list[str] = []
    current_part: list[str] = []
    size = 0
    for unit in units:
        unit_size = visible_length(unit)
        allowed = first_limit if (first_limit is not None and not parts) else limit
        extra = unit_size + (2 if current_part else 0)
        if current_part and size + extra > allowed:
            parts.append("\n\n".join(current_part))
            current_part, size = [unit], unit_size
        else:
            current_part.append(unit)
            size += extra
    if current_part:
        parts.append("\n\n".join(current_part))
    return Split(tuple(parts)) if parts else Split(("",))


def _cut_between_lines(lines: list[str], budget: int) -> list[str] | None:
    """An over-long block as rendered pieces within ``budget``, cut between its lines. Lines
    are grouped by their own rendered length (one parse each, not one per growing group),
    and a group whose rendering came out longer after all is halved."""
    pieces: list[str] = []
    group: list[str] = []
    size = 0
    for line in lines:
        length = visible_length(render_block(line))
        if length > budget:
            return None
        if group and size + 1 + length > budget:
            pieces += _settle(group, budget)
            group, size = [], 0
        size += length + (1 if group else 0)
        group.append(line)
    if group:
        pieces += _settle(group, budget)
    if any(visible_length(piece) > budget for piece in pieces):
        return None  # a line that renders longer in its context (a deeply nested item)
    return pieces


def _settle(lines: list[str], budget: int) -> list[str]:
    rendered = render_block("\n".join(lines))
    if visible_length(rendered) <= budget or len(lines) == 1:
        return [rendered]
    half = len(lines) // 2
    return _settle(lines[:half], budget) + _settle(lines[half:], budget)


def truncate(markdown: str, limit: int = MESSAGE_LIMIT) -> str:
    """The first paragraphs that fit in one message, marked as cut (for edits, which cannot
    become several messages)."""
    cut = split(markdown, limit=limit - 2)
    if cut is not None and cut.count == 1:
        return cut.parts[0]
    if cut is not None:
        return cut.parts[0] + "\n…"
    plain = html.escape(markdown[: max(0, limit - 2)], quote=False)
    return plain + "\n…"

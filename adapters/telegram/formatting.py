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

MESSAGE_LIMIT = 4096  # characters after entity parsing (UTF-16 code units)
CAPTION_LIMIT = 1024

_FENCE = re.compile(r"^\s{0,3}(```+|~~~+)\s*([\w+#.-]*)[^`]*$")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_RULE = re.compile(r"^\s{0,3}([-*_])(\s*\1){2,}\s*$")
_TABLE_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_TABLE_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
_BULLET = re.compile(r"^(\s*)[-*+]\s+(.*)$")
_NUMBERED = re.compile(r"^(\s*)(\d{1,9})[.)]\s+(.*)$")
_QUOTE = re.compile(r"^\s{0,3}>\s?(.*)$")

_CODE_SPAN = re.compile(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)")
_AUTOLINK = re.compile(r"<((?:https?|tg|mailto):[^\s<>]+)>")
_IMAGE = re.compile(r"!\[([^\]]*)\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
_LINK = re.compile(r"\[([^\[\]]+)\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
_BOLD_STARS = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_BOLD_UNDERSCORES = re.compile(r"(?<!\w)__(?=\S)(.+?)(?<=\S)__(?!\w)")
_STRIKE = re.compile(r"~~(?=\S)(.+?)(?<=\S)~~")
_ITALIC_STAR = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")
_ITALIC_UNDERSCORE = re.compile(r"(?<![\w_])_(?=[^\s_])(.+?)(?<=[^\s_])_(?![\w_])")
_PLACEHOLDER = re.compile("\ue000(\\d+)\ue001")
_TAG = re.compile(r"<(/?)([a-z][a-z0-9-]*)\b[^>]*>")
_SAFE_SCHEMES = ("http://", "https://", "tg://", "mailto:")


def render(markdown: str) -> str:
    """The whole Markdown text as Telegram HTML."""
    return "\n\n".join(render_block(block) for block in blocks(markdown))


def blocks(markdown: str) -> list[str]:
    """Paragraphs (separated by blank lines) and fenced code blocks, as Markdown source.

    A code block is always one block, so cutting between blocks never cuts inside one.
    """
    result: list[str] = []
    paragraph: list[str] = []
    code: list[str] | None = None
    fence = ""
    for line in markdown.replace("\r\n", "\n").split("\n"):
        if code is not None:
            code.append(line)
            if line.strip().startswith(fence) and set(line.strip()) == {fence[0]}:
                result.append("\n".join(code))
                code = None
            continue
        opening = _FENCE.match(line)
        if opening:
            if paragraph:
                result.append("\n".join(paragraph))
                paragraph = []
            fence = opening.group(1)
            code = [line]
            continue
        if not line.strip():
            if paragraph:
                result.append("\n".join(paragraph))
                paragraph = []
            continue
        paragraph.append(line.rstrip())
    if code is not None:  # an unclosed fence still renders as code
        code.append(fence)
        result.append("\n".join(code))
    if paragraph:
        result.append("\n".join(paragraph))
    return result


def render_block(block: str) -> str:
    """One block as Telegram HTML; always balanced (falls back to escaped text)."""
    lines = block.split("\n")
    opening = _FENCE.match(lines[0])
    if opening:
        body = "\n".join(lines[1:-1]) if len(lines) > 1 else ""
        language = opening.group(2)
        escaped = html.escape(body or " ", quote=False)
        if language:
            return f'<pre><code class="language-{language}">{escaped}</code></pre>'
        return f"<pre>{escaped}</pre>"
    out: list[str] = []
    quote: list[str] = []
    for line in lines:
        quoted = _QUOTE.match(line)
        if quoted:
            quote.append(_inline(quoted.group(1)))
            continue
        if quote:
            out.append("<blockquote>" + "\n".join(quote) + "</blockquote>")
            quote = []
        rendered = _render_line(line)
        if rendered is not None:
            out.append(rendered)
    if quote:
        out.append("<blockquote>" + "\n".join(quote) + "</blockquote>")
    return "\n".join(out)


def _render_line(line: str) -> str | None:
    if match := _HEADING.match(line):
        return f"<b>{_inline(match.group(1))}</b>"
    if _RULE.match(line):
        return "———"
    if _TABLE_SEPARATOR.match(line) and "-" in line and ("|" in line or line.strip().startswith(":")):
        return None
    if match := _TABLE_ROW.match(line):
        cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", match.group(1))]
        return " | ".join(_inline(cell) for cell in cells)
    if match := _BULLET.match(line):
        return f"{match.group(1)}• {_inline(match.group(2))}"
    if match := _NUMBERED.match(line):
        return f"{match.group(1)}{match.group(2)}. {_inline(match.group(3))}"
    return _inline(line)


def _inline(text: str) -> str:
    """Inline Markdown → HTML. Code spans and links are set aside first so their contents
    are never read as emphasis."""
    stash: list[str] = []

    def keep(fragment: str) -> str:
        stash.append(fragment)
        return f"\ue000{len(stash) - 1}\ue001"

    def link(label: str, url: str) -> str:
        if url.lower().startswith(_SAFE_SCHEMES):
            href = html.escape(url, quote=True)
            return keep(f'<a href="{href}">{html.escape(label, quote=False)}</a>')
        return keep(html.escape(f"{label} ({url})", quote=False))

    def code(match: re.Match[str]) -> str:
        return keep(f"<code>{html.escape(match.group(2).strip(), quote=False)}</code>")

    text = _CODE_SPAN.sub(code, text)
    text = _AUTOLINK.sub(lambda m: link(m.group(1), m.group(1)), text)
    text = _IMAGE.sub(lambda m: link(m.group(1) or m.group(2), m.group(2)), text)
    text = _LINK.sub(lambda m: link(m.group(1), m.group(2)), text)
    plain = html.escape(text, quote=False)
    text = _BOLD_STARS.sub(r"<b>\1</b>", plain)
    text = _BOLD_UNDERSCORES.sub(r"<b>\1</b>", text)
    text = _STRIKE.sub(r"<s>\1</s>", text)
    text = _ITALIC_STAR.sub(r"<i>\1</i>", text)
    text = _ITALIC_UNDERSCORE.sub(r"<i>\1</i>", text)
    if not balanced(text):
        text = plain  # overlapping emphasis: keep the words, drop the styling
    return _PLACEHOLDER.sub(lambda m: stash[int(m.group(1))], text)


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
        if _FENCE.match(block.split("\n", 1)[0]):
            return None
        lines = block.split("\n")
        current: list[str] = []
        for line in lines:
            candidate = render_block("\n".join([*current, line]))
            if visible_length(candidate) <= budget:
                current.append(line)
                continue
            if not current:
                return None  # one line longer than a message
            units.append(render_block("\n".join(current)))
            current = [line]
        if current:
            units.append(render_block("\n".join(current)))
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

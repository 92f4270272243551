"""One Markdown parse for every platform: markdown-it-py (CommonMark with tables and
strikethrough) into a syntax tree that each adapter renders (Slack mrkdwn, Telegram HTML),
so a report has the same structure everywhere — the same code fences, lists and emphasis.

Three chat-minded choices on top of CommonMark: raw HTML is text; ``*`` does not
emphasise inside a word (``2*3*4`` stays arithmetic, as ``snake_case`` does); emphasis
whose markers cross (``**a *b** c*``) is left as the words were typed.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from markdown_it import MarkdownIt
from markdown_it.rules_inline.state_inline import Delimiter, StateInline
from markdown_it.token import Token
from markdown_it.tree import SyntaxTreeNode


def _emphasis(state: StateInline, silent: bool) -> bool:
    """markdown-it's emphasis rule, except that ``*`` follows ``_``'s intraword rule."""
    marker = state.src[state.pos]
    if silent or marker not in ("_", "*"):
        return False
    scanned = state.scanDelims(state.pos, False)
    for _ in range(scanned.length):
        token = state.push("text", "", 0)
        token.content = marker
        state.delimiters.append(
            Delimiter(
                marker=ord(marker),
                length=scanned.length,
                token=len(state.tokens) - 1,
                end=-1,
                open=scanned.can_open,
                close=scanned.can_close,
            )
        )
    state.pos += scanned.length
    return True


def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable(["table", "strikethrough"])
    md.inline.ruler.at("emphasis", _emphasis)
    # Every link is kept as a link here; each renderer decides which schemes it will link.
    md.validateLink = lambda url: True  # type: ignore[method-assign]
    return md


_MD = _parser()


def _crossing(children: Sequence[Token]) -> bool:
    """Two emphasis openers (or closers) of one kind in a row: a ``**`` run was split
    between two different spans, i.e. the markers cross and the reading is a guess."""
    for before, after in itertools.pairwise(children):
        if before.type == after.type and before.type in ("em_open", "em_close"):
            return True
    return False


def parse(markdown: str) -> SyntaxTreeNode:
    """The syntax tree of ``markdown`` (block nodes with ``map`` line ranges; inline nodes
    hold the spans)."""
    tokens = _MD.parse(markdown.replace("\r\n", "\n"))
    for token in tokens:
        if token.type == "inline" and token.children and _crossing(token.children):
            literal = Token("text", "", 0)
            literal.content = token.content
            token.children = [literal]
    return SyntaxTreeNode(tokens)


def source_blocks(markdown: str) -> list[str]:
    """The Markdown source cut into blocks at blank lines, never inside a construct (a code
    block with blank lines in it, a loose list); a code block is always a block of its own."""
    # a lone CR ends a line too (CommonMark), so the parser's line numbers count it
    markdown = markdown.replace("\r\n", "\n").replace("\r", "\n")
    lines = markdown.split("\n")
    groups: list[tuple[int, int]] = []
    last_code = False
    for node in parse(markdown).children:
        if node.map is None:
            continue
        start, end = node.map
        code = node.type in ("fence", "code_block")
        if groups and start <= groups[-1][1] and not code and not last_code:
            groups[-1] = (groups[-1][0], max(end, groups[-1][1]))
        else:
            groups.append((start, end))
        last_code = code
    return ["\n".join(lines[start:end]).rstrip() for start, end in groups]


def is_code(block: str) -> bool:
    """Whether a block of ``source_blocks`` is a code block (fenced or indented), as the
    parser reads it: a platform that must not cut one asks here, not with its own regex."""
    nodes = parse(block).children
    return bool(nodes) and nodes[0].type in ("fence", "code_block")


def plain(node: SyntaxTreeNode) -> str:
    """The text of an inline subtree without any markup (an image's alt text, say)."""
    if node.type in ("text", "code_inline"):
        return node.content
    if node.type in ("softbreak", "hardbreak"):
        return " "
    return "".join(plain(child) for child in node.children)


class Renderer:
    """Walks the tree; a platform supplies the leaves. Blocks that were on adjacent source
    lines stay on adjacent lines; a blank line in the source is a blank line out."""

    indent = "    "  # a nested list item's indent per level

    def render(self, markdown: str) -> str:
        return self.blocks(parse(markdown).children, depth=0).strip("\n")

    def blocks(self, nodes: Sequence[SyntaxTreeNode], *, depth: int) -> str:
        out = ""
        end: int | None = None
        for node in nodes:
            text = self.block(node, depth=depth)
            if node.map is not None:
                if out:
                    out += "\n" if end is not None and node.map[0] <= end else "\n\n"
                end = node.map[1]
            elif out:
                out += "\n"
            out += text
        return out

    def block(self, node: SyntaxTreeNode, *, depth: int) -> str:
        kind = node.type
        if kind == "paragraph":
            return self.paragraph(self.inline(node.children[0]))
        if kind == "heading":
            return self.heading(node.children[0])
        if kind in ("fence", "code_block"):
            language = node.info.strip().split(" ")[0] if kind == "fence" else ""
            return self.code_block(node.content.removesuffix("\n"), language)
        if kind == "hr":
            return self.rule()
        if kind == "blockquote":
            return self.quote(self.blocks(node.children, depth=depth))
        if kind in ("bullet_list", "ordered_list"):
            items = []
            for item in node.children:
                number = item.info if kind == "ordered_list" else None
                items.append(self.list_item(item, number=number, depth=depth))
            return "\n".join(items)
        if kind == "table":
            rows = [
                [cell.children[0] if cell.children else None for cell in row.children]
                for section in node.children
                for row in section.children
            ]
            return self.table(rows)
        return self.text(node.content)

    def list_item(self, item: SyntaxTreeNode, *, number: str | None, depth: int) -> str:
        """One item: its first paragraph on the marker's line, nested blocks below it."""
        first, rest = "", list(item.children)
        task: bool | None = None
        if rest and rest[0].type == "paragraph":
            inline = rest.pop(0).children[0]
            task, inline = _task(inline)
            first = self.inline(inline)
        line = self.item_line(first, number=number, depth=depth, task=task)
        nested = [self.block(child, depth=depth + 1) for child in rest]
        return "\n".join([line, *nested])

    def inline(self, node: SyntaxTreeNode) -> str:
        return "".join(self.span(child) for child in node.children)

    def span(self, node: SyntaxTreeNode) -> str:
        kind = node.type
        if kind == "text":
            return self.text(node.content)
        if kind in ("softbreak", "hardbreak"):
            return "\n"
        if kind == "code_inline":
            return self.code_span(node.content)
        if kind == "strong":
            return self.strong(self.inline(node))
        if kind == "em":
            return self.em(self.inline(node))
        if kind == "s":
            return self.strike(self.inline(node))
        if kind == "link":
            href = str(node.attrs.get("href", ""))
            if node.markup == "autolink":
                return self.autolink(href)
            return self.link(node, href)
        if kind == "image":
            return self.image(plain(node) or str(node.attrs.get("alt", "")), str(node.attrs.get("src", "")))
        return self.text(node.content)

    # -- what a platform supplies --------------------------------------------------------

    def text(self, text: str) -> str:
        raise NotImplementedError

    def paragraph(self, text: str) -> str:
        return text

    def heading(self, inline: SyntaxTreeNode) -> str:
        raise NotImplementedError

    def code_block(self, code: str, language: str) -> str:
        raise NotImplementedError

    def rule(self) -> str:
        raise NotImplementedError

    def quote(self, text: str) -> str:
        raise NotImplementedError

    def item_line(self, text: str, *, number: str | None, depth: int, task: bool | None) -> str:
        """A list item's first line: ☑/☐ for a task, its number, or a bullet, indented by
        ``indent`` per level of nesting."""
        indent = self.indent * depth
        if task is not None:
            return f"{indent}{'☑' if task else '☐'} {text}"
        return f"{indent}{number}. {text}" if number is not None else f"{indent}• {text}"

    def table(self, rows: list[list[SyntaxTreeNode | None]]) -> str:
        raise NotImplementedError

    def code_span(self, code: str) -> str:
        raise NotImplementedError

    def strong(self, text: str) -> str:
        raise NotImplementedError

    def em(self, text: str) -> str:
        raise NotImplementedError

    def strike(self, text: str) -> str:
        raise NotImplementedError

    def link(self, node: SyntaxTreeNode, href: str) -> str:
        raise NotImplementedError

    def autolink(self, href: str) -> str:
        raise NotImplementedError

    def image(self, alt: str, src: str) -> str:
        raise NotImplementedError


_TASK = re.compile(r"^\[([ xX])\]\s+")


def _task(inline: SyntaxTreeNode) -> tuple[bool | None, SyntaxTreeNode]:
    """``[ ] todo`` / ``[x] done`` at the start of a list item: (done?, the rest)."""
    children = inline.children
    if not children or children[0].type != "text":
        return None, inline
    match = _TASK.match(children[0].content)
    if match is None:
        return None, inline
    children[0].token.content = children[0].content[match.end() :]  # type: ignore[union-attr]
    return match.group(1) != " ", inline

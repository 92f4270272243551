"""The LLM seam: the few tasks Mallory asks of a model, as one protocol with an
``anthropic`` and an ``offline`` implementation."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bot.routing import Decision
from storage.knowledge import EntryView
from storage.models import Entry


@dataclass(frozen=True)
class Turn:
    role: str  # "user" | "assistant"
    text: str
    author: str = ""


@dataclass(frozen=True)
class Source:
    """One knowledge entry handed to a model as untrusted data."""

    short_id: str
    title: str
    content: str
    type: str = "note"
    author: str = ""
    date: str = ""
    phase: int = 1
    # the parts that answer the question, each readable alone (``bot/research/evidence.py``);
    # empty: the whole entry
    passages: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()  # what each passage says (an investigation's "Why", "Impact"…), if known


def source_of(
    entry: Entry | EntryView, phase: int = 1, passages: tuple[str, ...] = (), labels: tuple[str, ...] = ()
) -> Source:
    """A knowledge entry as a model sees it."""
    return Source(
        short_id=entry.id[:8],
        title=entry.title,
        content=entry.content,
        type=entry.type,
        author=entry.author,
        date=entry.created_at.date().isoformat(),
        phase=phase,
        passages=passages,
        labels=labels,
    )


@dataclass(frozen=True)
class Synthesis:
    summary: str  # 2–4 paragraphs with [Entry abcd1234] citations
    gaps: list[str] = field(default_factory=list)  # knowledge gaps with suggested follow-ups
    extractive: bool = False


@dataclass(frozen=True)
class WebFinding:
    """A web page found during research: untrusted text, kept with its address."""

    url: str
    title: str
    text: str = ""


class LLMProvider(Protocol):
    name: str
    offline: bool

    async def classify(self, text: str, *, history: Sequence[Turn], lexicon: Decision) -> Decision: ...

    async def chat(self, text: str, *, persona: str, history: Sequence[Turn], hint: str = "") -> str: ...

    async def answer(
        self, question: str, *, persona: str, sources: Sequence[Source], history: Sequence[Turn]
    ) -> str: ...

    async def rewrite_question(self, request: str, *, history: Sequence[Turn]) -> str: ...

    async def synthesize(
        self, topic: str, *, sources: Sequence[Source], notes: Sequence[str], edges: Sequence[str]
    ) -> Synthesis: ...

    async def find_gaps(self, topic: str, *, sources: Sequence[Source]) -> list[str]: ...

    async def web_research(self, topic: str, *, notes: Sequence[str]) -> list[WebFinding]: ...

    async def aclose(self) -> None: ...


CITATION = re.compile(r"\[Entry ([0-9a-fA-F]{4,36})\]")


def validate_citations(text: str, known_short_ids: set[str]) -> tuple[str, int]:
    """Remove ``[Entry x]`` citations that do not point into the result set.
    Returns the cleaned text and how many were removed."""
    removed = 0

    def check(match: re.Match[str]) -> str:
        nonlocal removed
        short = match.group(1).lower()[:8]
        if short in known_short_ids:
            return f"[Entry {short}]"
        removed += 1
        return ""

    cleaned = CITATION.sub(check, text)
    cleaned = re.sub(r"[ \t]+([.,;:])", r"\1", cleaned)
    cleaned = re.sub(r"[ \t]{2,}", " ", cleaned)
    return cleaned, removed


def fence_sources(sources: Sequence[Source], *, limit_chars: int = 1800) -> str:
    """The entries as clearly delimited data. Anything inside is content to read, never
    instructions to follow; delimiters inside the content are defused."""
    blocks = []
    for s in sources:
        body = s.content[:limit_chars].replace("</entry>", "</ entry>").replace("<entry", "< entry")
        title = s.title.replace('"', "'")
        blocks.append(
            f'<entry id="{s.short_id}" type="{s.type}" author="{s.author}" date="{s.date}" title="{title}">\n'
            f"{body}\n</entry>"
        )
    return "\n".join(blocks)

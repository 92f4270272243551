"""The LLM seam: the few tasks Mallory asks of a model, as one protocol with an
``anthropic`` and an ``offline`` implementation. Models see plain ``Source``s, never storage."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bot.routing import Decision
from bot.sources import Source


@dataclass(frozen=True)
class Turn:
    role: str  # "user" | "assistant"
    text: str
    author: str = ""


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

"""What an investigation found, before synthesis: each entry once with the phase that
first found it, the relation edges walked, and the notes on what is missing."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.research.evidence import Passage
from bot.research.recall import EarlierAnswer
from bot.research.supersession import statement
from bot.sources import Source, source_of, with_passages_first
from storage.knowledge import EntryView

Progress = Callable[[int, str], Awaitable[None]]


@dataclass
class Found:
    entry: EntryView
    phase: int
    via: str = ""


@dataclass(frozen=True)
class Edge:
    from_id: str
    to_id: str
    type: str


@dataclass
class Dossier:
    """Everything an investigation found, before synthesis."""

    topic: str
    space: str
    found: dict[str, Found] = field(default_factory=dict)
    edges: list[Edge] = field(default_factory=list)
    phase_reports: list[str] = field(default_factory=list)
    related: list[tuple[EntryView, str, float]] = field(default_factory=list)  # (entry, seed id, similarity)
    gaps: list[str] = field(default_factory=list)
    mentioned_people: list[str] = field(default_factory=list)
    no_entry_people: list[tuple[str, int]] = field(default_factory=list)  # (name, mentions)
    earlier: EarlierAnswer | None = None
    namespaces: list[str] = field(default_factory=list)
    start_entry: EntryView | None = None
    phases_run: int = 0
    digest: list[tuple[str, Passage]] = field(default_factory=list)  # (facet, passage) for the summary
    open_questions: list[Passage] = field(default_factory=list)  # what the relevant entries leave unsettled
    relevance: dict[str, float] = field(default_factory=dict)  # entry id → p(relevant to the topic)
    # each steering note → the entries that speak to it (empty: the notes have nothing on it)
    note_answers: dict[str, list[EntryView]] = field(default_factory=dict)

    def add(self, entry: EntryView, phase: int, via: str = "") -> bool:
        if entry.id in self.found:
            return False
        self.found[entry.id] = Found(entry, phase, via)
        return True

    def phase_count(self, phase: int) -> int:
        return sum(1 for f in self.found.values() if f.phase == phase)

    @property
    def phases_with_results(self) -> int:
        return len({f.phase for f in self.found.values()})

    def edge_count(self, entry_id: str) -> int:
        return sum(1 for e in self.edges if entry_id in (e.from_id, e.to_id))

    def sources(self) -> list[Source]:
        """The entries found, most relevant first, each with the passages the summary took from it."""
        said: dict[str, list[tuple[str, str]]] = {}
        for label, passage in self.digest:
            said.setdefault(passage.entry.id, []).append((label, statement(passage)))
        ordered = sorted(
            self.found.values(), key=lambda f: (f.phase > 1, -self.relevance.get(f.entry.id, 0.0))
        )
        return [
            with_passages_first(
                source_of(
                    f.entry,
                    f.phase,
                    passages=tuple(t for _, t in said.get(f.entry.id, [])),
                    labels=tuple(label for label, _ in said.get(f.entry.id, [])),
                )
            )
            for f in ordered
        ]

    def set_aside(self, entry: EntryView, near: str, score: float) -> None:
        """In the neighbourhood but not about the topic: listed as potentially related,
        never as a source."""
        if entry.id not in self.found and all(r[0].id != entry.id for r in self.related):
            self.related.append((entry, near, score))

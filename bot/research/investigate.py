"""The four-phase investigation: seed (the recall cascade, or one entry), relationships,
tag expansion, gap fill. Each entry is counted once, with the phase that first found it."""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

import numpy as np

from bot.citations import check_citations
from bot.errors import InputError
from bot.llm.base import LLMProvider
from bot.research import relevance
from bot.research.digest import digest, open_questions
from bot.research.evidence import Passage
from bot.research.recall import ANSWER_TYPES, CITATION, EarlierAnswer, Grade, Recall
from bot.research.search import Hit, Retriever
from bot.sources import Source, source_of
from bot.terms import query_terms
from storage.knowledge import EntryDraft, EntryView, Knowledge

Progress = Callable[[int, str], Awaitable[None]]

SEED_LIMIT = 20
TAG_SEARCHES = 3
TAG_LIMIT = 10
GAP_SEARCHES = 3
GAP_LIMIT = 10
RELATED_LIMIT = 5
SEED_NEAR = 0.55  # cosine to a seed that lets a less relevant neighbour in (relevance.expansion_floor / 2)

_UP = "A-Z\u00c0-\u00d6\u00d8-\u00de"
_LOW = "a-z\u00df-\u00f6\u00f8-\u00ff"
_WORD = f"[{_UP}][{_LOW}]+(?:-[{_UP}]?[{_LOW}]+)?"
_NAME = re.compile(rf"(?<![\w{_UP}{_LOW}])({_WORD}(?:[ ]{_WORD}){{1,2}})(?:['’]s)?(?![\w{_UP}{_LOW}])")
_ORG_WORDS = frozenset(
    """Logistics Inc Ltd LLC GmbH Labs Corp Corporation Group Systems Bank Partners Solutions Technologies Cloud
    Foundation University Institute Agency Council Committee Team Services Platform Pipeline Project Gateway""".split()
)
_PROJECT = re.compile(r"\b(?:project|Project|initiative|codename)\s+([A-Z][\w-]+)")
_NOT_NAMES = frozenset(
    """Central European Eastern Western Standard Time Review Follow Up Android Apple Google Amazon Microsoft
    Slack Telegram Zoom Postgres DuckDB SQLite Monthly Weekly Daily Quarterly Annual Incident Retro
    The This That These Those When Where What Why How Who Which Our We Key Next Open Action Items Decision
    Context Summary Notes Meeting Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February
    March April May June July August September October November December Q1 Q2 Q3 Q4 If In On At For And But
    Ignore Please Dear Hi Hello Thanks Regards Best""".split()
)


class SimilarSide(Protocol):
    async def similar(
        self, entry_ids: Sequence[str], *, spaces: Sequence[str], limit: int
    ) -> list[tuple[str, str, float]]: ...


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
            said.setdefault(passage.entry.id, []).append((label, passage.unit.text))
        ordered = sorted(self.found.values(), key=lambda f: (f.phase > 1, -self.relevance.get(f.entry.id, 0.0)))
        return [
            source_of(
                f.entry,
                f.phase,
                passages=tuple(t for _, t in said.get(f.entry.id, [])),
                labels=tuple(label for label, _ in said.get(f.entry.id, [])),
            )
            for f in ordered
        ]

    def set_aside(self, entry: EntryView, near: str, score: float) -> None:
        """In the neighbourhood but not about the topic: listed as potentially related,
        never as a source."""
        if entry.id not in self.found and all(r[0].id != entry.id for r in self.related):
            self.related.append((entry, near, score))


async def _noop(_phase: int, _text: str) -> None:
    return None


class Investigator:
    def __init__(
        self,
        knowledge: Knowledge,
        retriever: Retriever,
        llm: LLMProvider,
        *,
        similar: SimilarSide | None = None,
    ) -> None:
        self.knowledge = knowledge
        self.retriever = retriever
        self.recall = Recall(knowledge, retriever)
        self.llm = llm
        self.similar = similar

    async def run(
        self,
        topic: str,
        *,
        space: str,
        entry_id: str | None = None,
        depth: int = 1,
        notes: Sequence[str] = (),
        progress: Progress | None = None,
        use_llm_gaps: bool = True,
        web: bool = False,
        now: datetime | None = None,
    ) -> Dossier:
        progress = progress or _noop
        spaces = self.retriever.visible(space)
        dossier = Dossier(topic=topic, space=space)

        # Phase 1 — seed
        if entry_id:
            start = await self.knowledge.resolve_id(entry_id, spaces=spaces)
            if start is None:
                raise InputError(f"no entry {entry_id!r} in this space")
            dossier.start_entry = start
            dossier.add(start, 1, "start entry")
        else:
            result = await self.recall.cascade(topic, space=space, limit=SEED_LIMIT)
            dossier.earlier = result.earlier
            if result.earlier is not None and result.earlier.grade is Grade.STRONG:
                # a fresh dig was asked for: note the earlier answer, then retrieve anyway
                result.hits = await self.recall.retrieve(topic, space=space, limit=SEED_LIMIT)
            for hit in result.hits:
                dossier.add(hit.entry, 1, "+".join(hit.found_by))
                if hit.relevance is not None:
                    dossier.relevance[hit.entry.id] = round(hit.relevance, 3)
            for x in result.explored:
                dossier.add(x.entry, 1, f"explore via {x.keyword!r}")
        dossier.phases_run = 1
        n1 = dossier.phase_count(1)
        dossier.phase_reports.append(f"Phase 1 (Seed): {n1} entries retrieved.")
        await progress(1, f"phase 1/4: {n1} seed entries")
        if n1 == 0:
            return dossier

        # Phase 2 — relationships (both directions, each edge once; --depth hops). A linked
        # entry becomes a source only when it is relevant to the topic; the rest of the
        # neighbourhood is listed as potentially related.
        dossier.phases_run = 2
        seeds = list(dossier.found)
        frontier = list(seeds)
        seen_edges: set[tuple[str, str, str]] = set()
        for _hop in range(max(1, depth)):
            # earlier reports come in through the recall cascade (``dossier.earlier``), not here
            rels = await self.knowledge.relations_of(frontier, spaces=spaces, exclude_types=(CITATION,))
            new_ids: list[str] = []
            near_of: dict[str, str] = {}
            for rel in rels:
                key = (rel.from_id, rel.to_id, rel.type)
                if key in seen_edges:
                    continue
                seen_edges.add(key)
                dossier.edges.append(Edge(rel.from_id, rel.to_id, rel.type))
                for other, here in ((rel.from_id, rel.to_id), (rel.to_id, rel.from_id)):
                    if other not in dossier.found and other not in new_ids:
                        new_ids.append(other)
                        near_of[other] = here
            fetched = await self.knowledge.get_many(new_ids, spaces=spaces)
            fetched = {i: e for i, e in fetched.items() if e.type not in ANSWER_TYPES}
            kept = await self._on_topic(dossier, [fetched[i] for i in new_ids if i in fetched], seeds, linked=True)
            for other in new_ids:
                if other not in fetched:
                    continue
                if other in kept:
                    dossier.add(fetched[other], 2, "relation")
                else:
                    dossier.set_aside(fetched[other], near_of[other], dossier.relevance.get(other, 0.0))
            frontier = [i for i in new_ids if i in kept]
            if not frontier:
                break
        if self.similar is not None:
            linked = {e.from_id for e in dossier.edges} | {e.to_id for e in dossier.edges}
            near = [
                s
                for s in await self.similar.similar(seeds[:10], spaces=spaces, limit=RELATED_LIMIT * 3)
                if s[0] not in linked and s[0] not in dossier.found
            ]
            entries = await self.knowledge.get_many([s[0] for s in near], spaces=spaces)
            added = 0
            for entry_id_, seed_id, sim in near:
                got = entries.get(entry_id_)
                if got is not None and all(r[0].id != entry_id_ for r in dossier.related):
                    dossier.related.append((got, seed_id, sim))
                    added += 1
                if added >= RELATED_LIMIT:
                    break
        n2 = dossier.phase_count(2)
        if dossier.edges:
            dossier.phase_reports.append(
                f"Phase 2 (Relationships): {n2} new entries via {len(dossier.edges)} relation edges."
            )
        else:
            dossier.phase_reports.append("Phase 2 (Relationships): no relations for the seed entries.")
        await progress(2, f"phase 2/4: followed {len(dossier.edges)} relationships, {n2} new entries")

        # Phase 3 — tag expansion
        dossier.phases_run = 3
        tags_in_set = Counter(t for f in dossier.found.values() for t in f.entry.tags)
        namespaces = sorted({t.split("/", 1)[0] for t in tags_in_set if "/" in t})
        dossier.namespaces = namespaces
        if not tags_in_set:
            dossier.phase_reports.append("Phase 3 (Tags): No tags found in seed results — skipped.")
        else:
            # Tags of the result set rank first (by how often they occur in it, then across
            # the space), so only their counts are needed; the rest of the namespaces are
            # counted only when the result set's own tags give too few searches.
            topic_terms = set(query_terms(topic))
            queries: list[str] = []

            def pick(counts: Counter[str]) -> None:
                ranked = [
                    t for t in counts if (t.split("/", 1)[0] in namespaces if "/" in t else not namespaces)
                ]
                ranked.sort(key=lambda t: (tags_in_set.get(t, 0), counts[t], t), reverse=True)
                for tag in ranked:
                    if len(queries) == TAG_SEARCHES:
                        break
                    q = tag.rsplit("/", 1)[-1].replace("-", " ").replace("_", " ").strip()
                    if q and q not in queries and not set(query_terms(q)) <= topic_terms:
                        queries.append(q)

            pick(await self.knowledge.tag_counts(spaces=spaces, tags=list(tags_in_set)))
            if len(queries) < TAG_SEARCHES:
                pick(await self.knowledge.tag_counts(spaces=spaces))
            before = len(dossier.found)
            results = await asyncio.gather(
                *(
                    self.retriever.search(q, space=space, limit=TAG_LIMIT, exclude_types=ANSWER_TYPES)
                    for q in queries
                )
            )
            await self._add_on_topic(dossier, 3, [(f"tag {q!r}", hits) for q, hits in zip(queries, results, strict=True)])
            n3 = len(dossier.found) - before
            dossier.phase_reports.append(
                f"Phase 3 (Tags): {n3} new entries from tag expansion across {len(namespaces)} namespaces."
            )
        await progress(3, f"phase 3/4: {dossier.phase_count(3)} entries from tags")

        # Phase 4 — gap fill (steering notes first: they are what the asker wants covered)
        dossier.phases_run = 4
        before = len(dossier.found)
        await self.follow_notes(dossier, notes, space=space)
        gap_queries: list[str] = []
        people, candidates = await self._mentions(dossier, spaces)
        dossier.mentioned_people = people
        if use_llm_gaps and not self.llm.offline:
            try:
                shown = dossier.sources()[:30]
                found = await self.llm.find_gaps(topic, sources=shown)
                # model text that may reach the report (Knowledge Gaps): no invented citations
                gap_queries += [check_citations(q, [s.id for s in shown]).text.strip() for q in found]
            except Exception:  # the deterministic extraction below still runs
                pass
        gap_queries += candidates
        gap_queries = list(dict.fromkeys(q for q in gap_queries if q))[:GAP_SEARCHES]
        results = await asyncio.gather(
            *(
                self.retriever.search(q, space=space, limit=GAP_LIMIT, exclude_types=ANSWER_TYPES)
                for q in gap_queries
            )
        )
        await self._add_on_topic(dossier, 4, [(f"gap {q!r}", hits) for q, hits in zip(gap_queries, results, strict=True)])
        for q, hits in zip(gap_queries, results, strict=True):
            if len(hits) < 2:
                dossier.gaps.append(q)
        web_note = ""
        if web and not self.llm.offline:
            added = await self._web(dossier, topic, notes, space=space, now=now)
            web_note = f" and {added} web references"
        n4 = len(dossier.found) - before
        dossier.phase_reports.append(
            f"Phase 4 (Gap Fill): {n4} new entries from {len(gap_queries)} targeted gap searches{web_note}."
        )
        await progress(4, f"phase 4/4: {n4} entries from {len(gap_queries)} gap searches")
        await self._digest(dossier, spaces)
        return dossier

    async def _digest(self, dossier: Dossier, spaces: Sequence[str]) -> None:
        """The passages the summary states, from the most relevant entries."""
        topic = subject(dossier.topic) or (dossier.start_entry.title if dossier.start_entry else "")
        ranked = sorted(
            (f.entry for f in dossier.found.values()),
            key=lambda e: (-dossier.relevance.get(e.id, 0.0), e.created_at),
        )
        answerer = self.recall.answerer
        titles = await answerer.titles(spaces)
        dossier.digest = await digest(answerer.scorer, topic, ranked, titles=titles, prior=dossier.relevance)
        dossier.open_questions = await open_questions(
            answerer.scorer, topic, ranked, titles=titles, prior=dossier.relevance
        )

    async def _on_topic(
        self,
        dossier: Dossier,
        entries: Sequence[EntryView],
        seeds: Sequence[str],
        *,
        linked: bool = False,
        about: str = "",
    ) -> set[str]:
        """The ids of ``entries`` relevant to the topic: by the calibrated relevance to it,
        or a little less when also close in meaning to a seed (or, without vectors, linked
        to one). Earlier answers and reports are never sources of a new one."""
        candidates = [e for e in entries if e.type not in ANSWER_TYPES]
        about = about or subject(dossier.topic)
        if not candidates or not about:
            return {e.id for e in candidates}  # started from an entry, no topic: its neighbourhood is the subject
        judged = await relevance.judge(self.retriever, about, [e.id for e in candidates])
        near_seed = await self._seed_similarity([e.id for e in candidates], seeds)
        kept: set[str] = set()
        for entry in candidates:
            j = judged[entry.id]
            dossier.relevance.setdefault(entry.id, round(j.p, 3))
            floor = relevance.expansion_floor(j.cosine is not None)
            close = near_seed.get(entry.id, 0.0) >= SEED_NEAR if near_seed else linked
            if j.p >= floor or (j.p >= floor / 2 and close):
                kept.add(entry.id)
        return kept

    async def _seed_similarity(self, entry_ids: Sequence[str], seeds: Sequence[str]) -> dict[str, float]:
        """Each entry's highest cosine to a seed (empty without vectors)."""
        vectors_of = getattr(self.retriever.semantic, "vectors_of", None)
        if vectors_of is None or not seeds:
            return {}
        vectors = await vectors_of([*seeds, *entry_ids])
        seed_matrix = [vectors[s] for s in seeds if s in vectors]
        if not seed_matrix:
            return {}
        stacked = np.stack(seed_matrix)
        return {i: float((stacked @ vectors[i]).max()) for i in entry_ids if i in vectors}

    async def _add_on_topic(
        self, dossier: Dossier, phase: int, found: Sequence[tuple[str, Sequence[Hit]]], *, about: str = ""
    ) -> None:
        """Add the hits of a phase's searches that are relevant to the topic (or to
        ``about``); set the rest aside."""
        entries = {h.entry.id: h.entry for _, hits in found for h in hits if h.entry.id not in dossier.found}
        seeds = [i for i, f in dossier.found.items() if f.phase == 1]
        kept = await self._on_topic(dossier, list(entries.values()), seeds, about=about)
        for via, hits in found:
            for hit in hits:
                if hit.entry.id in kept:
                    dossier.add(hit.entry, phase, via)
                elif hit.entry.id in entries and len(dossier.related) < RELATED_LIMIT * 3:
                    dossier.set_aside(hit.entry, "", dossier.relevance.get(hit.entry.id, 0.0))

    async def follow_notes(self, dossier: Dossier, notes: Sequence[str], *, space: str) -> None:
        """One targeted search per steering note not followed yet (a note can arrive while
        the investigation runs): its hits join the dossier, and the entries that really speak
        to the note (sharing at least half its content words) are kept as its answer."""
        pending = [n for n in dict.fromkeys(notes) if n not in dossier.note_answers]
        queries = [_note_query(n) for n in pending]
        results = await asyncio.gather(
            *(self.retriever.search(q, space=space, limit=GAP_LIMIT) for q in queries if q)
        )
        hits_of = iter(results)
        for note, query in zip(pending, queries, strict=True):
            hits = next(hits_of) if query else []
            terms = {t[:5] for t in query.split()}
            need = max(1, (len(terms) + 1) // 2)
            answers = []
            for hit in hits:
                words = {t[:5] for t in query_terms(f"{hit.entry.title} {hit.entry.content}", limit=4000)}
                if len(terms & words) >= need:
                    dossier.add(hit.entry, 4, f"note {note!r}")
                    answers.append(hit.entry)
            dossier.note_answers[note] = answers[:3]

    async def _web(
        self, dossier: Dossier, topic: str, notes: Sequence[str], *, space: str, now: datetime | None
    ) -> int:
        """Web research (when enabled): each page becomes a ``reference`` entry with its URL."""
        try:
            findings = await self.llm.web_research(topic, notes=notes)
        except Exception as exc:  # the web is optional; the knowledge base result stands
            dossier.phase_reports.append(
                f"Web research failed ({type(exc).__name__}); continuing without it."
            )
            return 0
        drafts = [
            EntryDraft(
                space=space,
                source=f.url[:1000],
                title=f.title or f.url,
                content=f.text or f.title,
                type="reference",
                author="web",
                meta={"url": f.url, "from_web": True},
            )
            for f in findings
            if f.url.startswith(("http://", "https://"))
        ]
        if not drafts:
            return 0
        stored = await self.knowledge.upsert_many(drafts, now=now or datetime.now(UTC))
        return sum(dossier.add(EntryView.of(entry), 4, "web") for entry, _ in stored)

    async def _mentions(self, dossier: Dossier, spaces: Sequence[str]) -> tuple[list[str], list[str]]:
        """People and projects mentioned in the result set that the knowledge base barely
        covers (fewer than 2 entries), most mentioned first. Deterministic."""
        text_counts: Counter[str] = Counter()
        projects: Counter[str] = Counter()
        project_words = {
            w.lower()
            for f in dossier.found.values()
            if f.entry.type == "project"
            for w in f.entry.title.split()
        }
        for f in dossier.found.values():
            body = f.entry.content
            for name in _NAME.findall(body):
                words = name.split()
                if any(w in _NOT_NAMES for w in words) or any(w.lower() in project_words for w in words):
                    continue
                if words[-1] in _ORG_WORDS:
                    projects[name] += 1  # an organisation or system: a topic, not a person
                    continue
                text_counts[name] += 1
            for proj in _PROJECT.findall(body):
                projects[proj] += 1
        authors = {f.entry.author for f in dossier.found.values() if f.entry.author}
        person_titles = {f.entry.title.lower() for f in dossier.found.values() if f.entry.type == "person"}
        # a capitalised pair seen once is as likely a heading fragment as a person
        people = [n for n, c in text_counts.most_common() if n not in authors and c >= 2]
        texts = [f"{f.entry.title} {f.entry.content}".lower() for f in dossier.found.values()]
        candidates: list[str] = []
        for name, _ in (text_counts + projects).most_common(12):
            if name.lower() in person_titles:
                continue
            # sparsely represented in the result set: fewer than 2 of its entries mention it
            if sum(1 for t in texts if name.lower() in t) < 2 or (
                name in text_counts and name not in authors
            ):
                candidates.append(name)
        for name, count in text_counts.most_common(8):
            if name in authors or name.lower() in person_titles or count < 2:
                continue
            persons = await self.retriever.lexical.search(name, spaces=spaces, limit=3, types=["person"])
            entries = await self.knowledge.get_many([entry_id for entry_id, _ in persons], spaces=spaces)
            if not any(e.title.lower() == name.lower() for e in entries.values()):
                dossier.no_entry_people.append((name, count))
        return people, candidates


_REQUEST = re.compile(
    r"^(?:please\s+|can you\s+|could you\s+)?(?:research|investigate|dig (?:into|deeper into)|look into|"
    r"find out(?: about)?|trace|what do we know about)\s+",
    re.I,
)


def subject(topic: str) -> str:
    """What an investigation is about, without the request around it ("research the
    on-call policy" → "the on-call policy"): the request words say nothing about relevance."""
    return _REQUEST.sub("", topic.strip()) or topic.strip()


def _note_query(note: str) -> str:
    text = re.sub(
        r"^(?:also|and|please|pls|can you|could you|make sure to|don't forget to)\s+",
        "",
        note.strip(),
        flags=re.I,
    )
    text = re.sub(r"^(?:check|look at|include|cover|consider|look into|dig into)\s+", "", text, flags=re.I)
    return " ".join(query_terms(text)[:8])


def short(entry: EntryView | Any) -> str:
    return str(entry.id)[:8]

"""The four-phase investigation: seed (the recall cascade, or one entry), relationships,
tag expansion, gap fill. Each entry is counted once, with the phase that first found it."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from bot.errors import InputError
from bot.llm.base import LLMProvider
from bot.research.digest import digest, open_questions
from bot.research.dossier import Dossier, Edge, Progress
from bot.research.mentions import count_mentions, named_people, sparse_mentions
from bot.research.recall import ANSWER_TYPES, CITATION, Grade, Recall
from bot.research.search import Retriever
from bot.research.topic import (
    RELATED_LIMIT,
    TopicGate,
    aspects,
    keep_by_name,
    keep_by_passage,
    keep_on_topic,
    note_query,
    subject,
)
from bot.research.web import web_references
from bot.text.citations import check_citations
from bot.text.display import count
from bot.text.terms import query_terms
from storage.knowledge import Knowledge

SEED_LIMIT = 20
TAG_SEARCHES = 3
TAG_LIMIT = 10
GAP_SEARCHES = 3
GAP_LIMIT = 10


class SimilarSide(Protocol):
    async def similar(
        self, entry_ids: Sequence[str], *, spaces: Sequence[str], limit: int
    ) -> list[tuple[str, str, float]]: ...


async def _noop(_phase: int, _text: str) -> None:
    return None


class Investigator:
    """Runs the phases in order over one dossier; each phase is a method, the relevance
    gate (``TopicGate``) decides what an expansion adds."""

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
        self.gate = TopicGate(retriever)

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

        dossier.phases_run = 1
        await self._seed(dossier, entry_id, spaces)
        n1 = dossier.phase_count(1)
        dossier.phase_reports.append(f"Phase 1 (Seed): {count(n1, 'entry')} retrieved.")
        await progress(1, f"phase 1/4: {count(n1, 'seed entry')}")
        if n1 == 0:
            return dossier

        dossier.phases_run = 2
        await self._relationships(dossier, depth, spaces)
        n2 = dossier.phase_count(2)
        if dossier.edges:
            dossier.phase_reports.append(
                f"Phase 2 (Relationships): {count(n2, 'new entry')} via {count(len(dossier.edges), 'relation edge')}."
            )
        else:
            dossier.phase_reports.append("Phase 2 (Relationships): no relations for the seed entries.")
        await progress(
            2, f"phase 2/4: followed {count(len(dossier.edges), 'relationship')}, {count(n2, 'new entry')}"
        )

        dossier.phases_run = 3
        await self._tags(dossier, spaces)
        await progress(3, f"phase 3/4: {count(dossier.phase_count(3), 'entry')} from tags")

        dossier.phases_run = 4
        before = len(dossier.found)
        searches = await self._gap_fill(dossier, notes, spaces, use_llm_gaps=use_llm_gaps)
        web_note = ""
        if web and not self.llm.offline:
            added = await web_references(dossier, self.llm, self.knowledge, notes, now=now)
            web_note = f" and {count(added, 'web reference')}"
        n4 = len(dossier.found) - before
        dossier.phase_reports.append(
            f"Phase 4 (Gap Fill): {count(n4, 'new entry')} from {count(searches, 'targeted gap search', 'targeted gap searches')}{web_note}."
        )
        await progress(
            4, f"phase 4/4: {count(n4, 'entry')} from {count(searches, 'gap search', 'gap searches')}"
        )
        await keep_on_topic(self.retriever, dossier)
        answerer = self.recall.answerer
        titles = await answerer.titles(spaces)
        read = await keep_by_passage(answerer.scorer, dossier, titles)
        await keep_by_name(answerer.scorer, dossier, titles, read)
        await self._digest(dossier, spaces)
        return dossier

    async def _seed(self, dossier: Dossier, entry_id: str | None, spaces: Sequence[str]) -> None:
        """Phase 1: the given entry, or what the recall cascade finds for the topic."""
        if entry_id:
            start = await self.knowledge.resolve_id(entry_id, spaces=spaces)
            if start is None:
                raise InputError(f"no entry {entry_id!r} in this space")
            dossier.start_entry = start
            dossier.add(start, 1, "start entry")
            return
        topic, space = subject(dossier.topic), dossier.space
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

    async def _relationships(self, dossier: Dossier, depth: int, spaces: Sequence[str]) -> None:
        """Phase 2: relations in both directions, each edge once, ``depth`` hops. A linked
        entry becomes a source only when it is relevant to the topic; the rest of the
        neighbourhood is listed as potentially related."""
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
            kept = await self.gate.on_topic(
                dossier, [fetched[i] for i in new_ids if i in fetched], seeds, linked=True
            )
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
        await self._similar(dossier, seeds, spaces)

    async def _similar(self, dossier: Dossier, seeds: Sequence[str], spaces: Sequence[str]) -> None:
        """Entries close in meaning to a seed but not linked to it: potentially related."""
        if self.similar is None:
            return
        linked = {e.from_id for e in dossier.edges} | {e.to_id for e in dossier.edges}
        near = [
            s
            for s in await self.similar.similar(seeds[:10], spaces=spaces, limit=RELATED_LIMIT * 3)
            if s[0] not in linked and s[0] not in dossier.found
        ]
        entries = await self.knowledge.get_many([s[0] for s in near], spaces=spaces)
        added = 0
        for entry_id, seed_id, sim in near:
            got = entries.get(entry_id)
            if got is not None and all(r[0].id != entry_id for r in dossier.related):
                dossier.related.append((got, seed_id, sim))
                added += 1
            if added >= RELATED_LIMIT:
                break

    async def _tags(self, dossier: Dossier, spaces: Sequence[str]) -> None:
        """Phase 3: a search for each of the few tags that say most about the result set."""
        tags_in_set = Counter(t for f in dossier.found.values() for t in f.entry.tags)
        namespaces = sorted({t.split("/", 1)[0] for t in tags_in_set if "/" in t})
        dossier.namespaces = namespaces
        if not tags_in_set:
            dossier.phase_reports.append("Phase 3 (Tags): No tags found in seed results — skipped.")
            return
        # Tags of the result set rank first (by how often they occur in it, then across
        # the space), so only their counts are needed; the rest of the namespaces are
        # counted only when the result set's own tags give too few searches.
        topic_terms = set(query_terms(dossier.topic))
        queries: list[str] = []

        def pick(counts: Counter[str]) -> None:
            ranked = [t for t in counts if (t.split("/", 1)[0] in namespaces if "/" in t else not namespaces)]
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
                self.retriever.search(q, space=dossier.space, limit=TAG_LIMIT, exclude_types=ANSWER_TYPES)
                for q in queries
            )
        )
        await self.gate.add_hits(
            dossier, 3, [(f"tag {q!r}", hits) for q, hits in zip(queries, results, strict=True)]
        )
        n3 = len(dossier.found) - before
        dossier.phase_reports.append(
            f"Phase 3 (Tags): {n3} new entries from tag expansion across {len(namespaces)} namespaces."
        )

    async def _gap_fill(
        self, dossier: Dossier, notes: Sequence[str], spaces: Sequence[str], *, use_llm_gaps: bool
    ) -> int:
        """Phase 4: steering notes first (they are what the asker wants covered), then
        searches for what the set barely covers. Returns how many gap searches ran."""
        await self.follow_notes(dossier, notes, space=dossier.space)
        gap_queries: list[str] = []
        # the names the result set uses, read once for both: the sparsely covered ones become
        # gap searches, the ones with a person entry of their own join the sources
        mentions = count_mentions(dossier)
        lexical = self.retriever.lexical
        people, candidates = await sparse_mentions(dossier, mentions, self.knowledge, lexical, spaces)
        dossier.mentioned_people = people
        for person in await named_people(dossier, mentions, self.knowledge, lexical, spaces):
            dossier.add(person, 4, "named in the sources")
        if use_llm_gaps and not self.llm.offline:
            try:
                shown = dossier.sources()[:30]
                found = await self.llm.find_gaps(dossier.topic, sources=shown)
                # model text that may reach the report (Knowledge Gaps): no invented citations
                gap_queries += [check_citations(q, [s.id for s in shown]).text.strip() for q in found]
            except Exception:  # the deterministic extraction below still runs
                pass
        gap_queries += candidates
        gap_queries = list(dict.fromkeys(q for q in gap_queries if q))[:GAP_SEARCHES]
        await self._parts(dossier)
        results = await asyncio.gather(
            *(
                self.retriever.search(q, space=dossier.space, limit=GAP_LIMIT, exclude_types=ANSWER_TYPES)
                for q in gap_queries
            )
        )
        await self.gate.add_hits(
            dossier, 4, [(f"gap {q!r}", hits) for q, hits in zip(gap_queries, results, strict=True)]
        )
        for q, hits in zip(gap_queries, results, strict=True):
            if len(hits) < 2:
                dossier.gaps.append(q)
        return len(gap_queries)

    async def _parts(self, dossier: Dossier) -> None:
        """A search for each part the request lists ("the van round: days, customers and the
        van"): what speaks to one part joins the sources, as the gate judges it against
        that part."""
        parts = aspects(dossier.topic)
        results = await asyncio.gather(
            *(
                self.retriever.search(part, space=dossier.space, limit=GAP_LIMIT, exclude_types=ANSWER_TYPES)
                for part in parts
            )
        )
        for part, hits in zip(parts, results, strict=True):
            await self.gate.add_hits(dossier, 4, [(f"part {part!r}", hits)], about=part)

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

    async def follow_notes(self, dossier: Dossier, notes: Sequence[str], *, space: str) -> None:
        """One targeted search per steering note not followed yet (a note can arrive while
        the investigation runs): its hits join the dossier, and the entries that really speak
        to the note (sharing at least half its content words) are kept as its answer."""
        pending = [n for n in dict.fromkeys(notes) if n not in dossier.note_answers]
        queries = [note_query(n) for n in pending]
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

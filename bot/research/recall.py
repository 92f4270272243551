"""The recall cascade: *query* earlier answers (graded STRONG / WEAK / MISS), *retrieve*
hybrid top-K, then *explore* the relation graph from keyword-anchored nodes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from bot.research import relevance
from bot.research.evidence import FORECAST, FORECAST_ASKED, Answerer, Evidence
from bot.research.names import respelled
from bot.research.search import ANSWER_TYPES, Hit, Retriever
from bot.research.supersession import replaces_note
from bot.text.citations import cite
from bot.text.display import content_label
from bot.text.terms import query_terms
from storage.knowledge import EntryView, Knowledge

# the edge from a written-back report to each entry it cites: earlier answers are found by
# ``query`` as answers, never walked as ordinary relations (or every later investigation
# would take in every earlier report on its topic, and grow without bound)
CITATION = "citation"
LINK = "link"  # the edge a [[wikilink]] makes, from the note that writes it
STRONG_OVERLAP = 0.8
WEAK_OVERLAP = 0.5
JUDGED = 10  # of a quick question's hits, these are judged for relevance and read
FOUND = 20  # ... and the rest of these only for a passage answering better (``PastTheCut.better``)


class Grade(StrEnum):
    STRONG = "STRONG"
    WEAK = "WEAK"
    MISS = "MISS"


@dataclass(frozen=True)
class EarlierAnswer:
    entry: EntryView
    grade: Grade
    overlap: float


@dataclass(frozen=True)
class Explored:
    entry: EntryView
    path: tuple[str, ...]  # entry ids from the anchor to this node
    keyword: str


@dataclass
class RecallResult:
    question: str
    earlier: EarlierAnswer | None = None
    hits: list[Hit] = field(default_factory=list)
    explored: list[Explored] = field(default_factory=list)
    nothing: str = ""  # the question names what the notes lack: said instead of a listing

    @property
    def grade(self) -> Grade:
        return self.earlier.grade if self.earlier else Grade.MISS


def with_replacements(kept: Sequence[Hit], found: Sequence[Hit]) -> list[Hit]:
    """``kept`` (the relevant hits), each followed by a hit that says it replaces that note
    as a whole (``supersession.replaces_note``: "This note replaces [[streaming-setup]]",
    the 2026 price list of the 2025 one): one of ``found`` left out, as relevant as the note
    it replaces, or one kept further down (past the notes a quick answer reads), as relevant
    as it was judged. The statement in force is read beside the one it replaced."""
    placed: set[str] = set()
    out: list[Hit] = []
    for hit in kept:
        if hit.entry.id in placed:
            continue
        placed.add(hit.entry.id)
        out.append(hit)
        for k, other in enumerate((*kept, *found)):
            if other.entry.id not in placed and replaces_note(other.entry, hit.entry):
                placed.add(other.entry.id)
                # (a copy: ``Recall.evidence`` tells it from the kept)
                out.append(replace(other) if k < len(kept) else replace(other, relevance=hit.relevance))
    return out


def _terms(text: str) -> set[str]:
    return {t[:6] for t in query_terms(text, limit=64)}


def overlap(question: str, entry: EntryView) -> float:
    """How much of the question the earlier answer's title (its question) covers."""
    q = _terms(question)
    if not q:
        return 0.0
    t = _terms(entry.title) | _terms(str(entry.meta.get("question", "")))
    if not t:
        return 0.0
    return len(q & t) / len(q | t) if len(q | t) else 0.0


class Recall:
    def __init__(self, knowledge: Knowledge, retriever: Retriever) -> None:
        self.knowledge = knowledge
        self.retriever = retriever
        self.answerer = Answerer(retriever, knowledge)

    async def query(self, question: str, *, space: str) -> EarlierAnswer | None:
        hits = await self.retriever.search(question, space=space, limit=5, types=ANSWER_TYPES)
        best: EarlierAnswer | None = None
        for hit in hits:
            score = overlap(question, hit.entry)
            if hit.semantic_score is not None:
                score = max(score, (hit.semantic_score - 0.5) * 2)
            grade = (
                Grade.STRONG
                if score >= STRONG_OVERLAP
                else Grade.WEAK
                if score >= WEAK_OVERLAP
                else Grade.MISS
            )
            if grade is Grade.MISS:
                continue
            if best is None or score > best.overlap:
                best = EarlierAnswer(hit.entry, grade, round(score, 3))
        return best

    async def retrieve(self, question: str, *, space: str, limit: int = 10) -> list[Hit]:
        """The hits that are relevant (``relevance.py``: calibrated, absolute and relative
        to the best), most relevant first; none when the notes have nothing on it."""
        hits = await self.retriever.search(question, space=space, limit=limit, exclude_types=ANSWER_TYPES)
        return await self._judged(question, hits)

    async def _judged(self, question: str, hits: list[Hit]) -> list[Hit]:
        if not hits:
            return []
        judged = await relevance.judge(self.retriever, question, [h.entry.id for h in hits])
        by_id = {h.entry.id: h for h in hits}
        return [replace(by_id[j.entry_id], relevance=j.p) for j in relevance.relevant(judged)]

    async def explore(
        self,
        question: str,
        *,
        space: str,
        keywords: Sequence[str] = (),
        depth: int = 3,
        beam: int = 4,
    ) -> list[Explored]:
        """Walk the relation graph breadth-first from the nodes that best match each keyword,
        keeping at most ``beam`` nodes per level, preferring nodes that mention a keyword."""
        spaces = self.retriever.visible(space)
        words = [k.lower() for k in keywords] or query_terms(question)[:3]
        if not words:
            return []
        found: dict[str, Explored] = {}
        for word in words:
            anchors = await self.retriever.lexical.search(word, spaces=spaces, limit=beam)
            frontier: list[tuple[str, tuple[str, ...]]] = [(a, (a,)) for a, _ in anchors]
            for level in range(depth + 1):
                entries = await self.knowledge.get_many([f for f, _ in frontier], spaces=spaces)
                for entry_id, path in frontier:
                    entry = entries.get(entry_id)
                    if entry is not None and entry_id not in found:
                        found[entry_id] = Explored(entry, path, word)
                if level == depth:
                    break
                rels = await self.knowledge.relations_of(
                    [f for f, _ in frontier], spaces=spaces, exclude_types=(CITATION,)
                )
                paths = dict(frontier)
                candidates: list[tuple[str, tuple[str, ...]]] = []
                for rel in rels:
                    for here, there in ((rel.from_id, rel.to_id), (rel.to_id, rel.from_id)):
                        if here in paths and there not in found and all(there != c for c, _ in candidates):
                            candidates.append((there, (*paths[here], there)))
                if not candidates:
                    break
                cand_entries = await self.knowledge.get_many([c for c, _ in candidates], spaces=spaces)

                def mentions(entry_id: str, cand_entries: dict[str, EntryView] = cand_entries) -> int:
                    e = cand_entries.get(entry_id)
                    text = f"{e.title} {e.content} {' '.join(e.tags)}".lower() if e else ""
                    return sum(1 for w in words if w in text)

                candidates = [c for c in candidates if c[0] in cand_entries]
                candidates.sort(key=lambda c: mentions(c[0]), reverse=True)
                frontier = candidates[:beam]
        return list(found.values())

    async def notes_know(self) -> Callable[[str], bool]:
        """Whether the notes use a word (a lowercased token, or one of its stem), as of now:
        the router's hint for a phrase it would take for chat (``bot.routing.route``)."""
        await self.retriever.lexical.refresh()
        return self.retriever.lexical.holds

    async def evidence(self, question: str, *, space: str, limit: int = 6) -> Evidence:
        """The relevant entries for a quick question and the passages of theirs that answer it."""
        spaces = self.retriever.visible(space)
        # a question naming what the notes lack has no evidence whatever its hits: the names
        # are read first, and such a question is not searched for
        names = await self.answerer.names(question, await self.answerer.titles(spaces))
        if names.missing:
            return Evidence(question, [], [], names, names.missing)
        if FORECAST.search(question):  # the weather to come: in no note, whatever its words share
            return Evidence(question, [], [], names, (FORECAST_ASKED,))
        # a word typed wrong ("hieght") is searched and read as the notes spell it
        question = respelled(question, self.retriever.lexical)
        found = await self.retriever.search(
            question, space=space, limit=max(limit, FOUND), exclude_types=ANSWER_TYPES
        )
        # the first ones are judged and read; the rest only for a passage answering better
        # than theirs (``PastTheCut.better``) or a statement replacing one of theirs
        first = found[: max(limit, JUDGED)]
        hits = await self._judged(question, first)
        linking = await self._linking(hits[:limit], first, spaces)
        ordered = with_replacements(hits, [*first, *linking])
        # the notes read: the ``limit`` most relevant, each with the note replacing it (up to
        # the first later hit left where it was; one moved up beside a note is a copy)
        later = {id(h) for h in hits[limit:]}
        reading = next((k for k, h in enumerate(ordered) if id(h) in later), len(ordered))
        read = {h.entry.id for h in ordered[:reading]}
        beyond = [h for h in found if h.entry.id not in read]
        return await self.answerer.evidence(
            question, ordered, spaces=spaces, limit=reading, names=names, beyond=beyond
        )

    async def _linking(self, hits: Sequence[Hit], found: Sequence[Hit], spaces: Sequence[str]) -> list[Hit]:
        """The notes the search did not find that link to one of ``hits`` and say they replace
        it ("This supersedes the Pennine Pet Wholesale arrangement ([[food-supplier-pennine]])"
        of a question its words do not match): the statement in force is read beside the one
        it replaced (``with_replacements``). One query for the links, one for the notes."""
        ids = [h.entry.id for h in hits]
        known = {*ids, *(h.entry.id for h in found)}
        edges = await self.knowledge.sources_into(ids, spaces=spaces, rel_type=LINK)
        linking = sorted({source for source, _ in edges if source not in known})
        if not linking:
            return []
        # (read through the search's entries: the same notes link to the same hits question
        # after question)
        notes = await self.retriever.entries(linking, spaces=spaces)
        # (as a whole: "replaces the batch loader described in [[atlas]]" replaces a part of it)
        whole = self.answerer.whole
        return [
            Hit(entry=e, score=0.0, found_by=(LINK,))
            for e in notes.values()
            if any(whole(e, h.entry) for h in hits)
        ]

    async def cascade(
        self,
        question: str,
        *,
        space: str,
        limit: int = 10,
        keywords: Sequence[str] = (),
        lookalikes: bool = True,
    ) -> RecallResult:
        """The tiers for ``question``; without ``lookalikes`` (/recall, asked by a person),
        notes that only look like what the question names are not listed as hits."""
        result = RecallResult(question)
        result.earlier = await self.query(question, space=space)
        if result.earlier is not None and result.earlier.grade is Grade.STRONG:
            return result
        spaces = self.retriever.visible(space)
        titles = await self.answerer.titles(spaces)
        names = await self.answerer.names(question, titles)
        if names.missing:  # "the Westfen station": what shares its words is not about it
            result.nothing = names.nothing_about()
            return result
        question = respelled(question, self.retriever.lexical)  # (as ``evidence``)
        result.hits = await self.retrieve(question, space=space, limit=limit)
        # "the opening hours of The Rope Store": the closest notes (The Rope Locker) are not
        # about it, and are not listed as if they were; the quick answer says the same
        unheld = (
            self.answerer.unheld(question, result.hits, titles) if result.hits and not lookalikes else None
        )
        if unheld is not None:
            result.hits = []
            result.nothing = unheld.nothing_about()
            return result
        if not result.hits:
            explored = await self.explore(question, space=space, keywords=keywords)
            result.explored = await self._relevant(question, explored)
        return result

    async def _relevant(self, question: str, explored: list[Explored]) -> list[Explored]:
        """Of the walk's nodes, those relevant to the question (the absolute cut-off of
        ``retrieve``): when nothing is, the knowledge base has nothing on it, and nothing
        is listed."""
        judged = await relevance.judge(self.retriever, question, [x.entry.id for x in explored])
        semantic = any(j.cosine is not None for j in judged.values())
        return [x for x in explored if judged[x.entry.id].p >= relevance.threshold(semantic)]


def render_recall(result: RecallResult, *, short: int = 8) -> str:
    """The tiers in descending confidence, compactly, for a person."""
    lines: list[str] = []
    if result.earlier is not None:
        e = result.earlier.entry
        date = e.created_at.date().isoformat()
        # a report's source names its investigation; its file path on the server is never shown
        where = content_label(e.source)
        if result.earlier.grade is Grade.STRONG:
            lines.append(f"STRONG (from an earlier investigation, {date}):")
            lines.append(f"→ {content_label(e.title)}  {cite(e.id, short)}  {where}")
            body = e.content.strip()
            lines.append(body[:600] + ("…" if len(body) > 600 else ""))
            return "\n".join(lines)
        lines.append(f"WEAK (1 candidate, score {result.earlier.overlap:.2f}):")
        lines.append(
            f"~ {content_label(e.title)}  ← review before reusing  {cite(e.id, short)}  {date}  {where}"
        )
        lines.append("")
    if result.hits:
        # in the order they are ranked: by how likely each is to answer (``relevance.py``),
        # which is shown first; the retrieval score that found it follows
        lines.append("Top-K (retrieve, most relevant first):")
        for h in result.hits:
            judged = f"relevance {h.relevance:.2f}, " if h.relevance is not None else ""
            lines.append(
                f"• {content_label(h.entry.title)} ({judged}score {h.score:.3f}, {'+'.join(h.found_by)})  "
                f"{cite(h.entry.id, short)}"
            )
    elif result.explored:
        lines.append("Explore (graph walk):")
        for x in result.explored:
            hops = " → ".join(p[:short] for p in x.path)
            lines.append(
                f"• {content_label(x.entry.title)}  {cite(x.entry.id, short)}  via {content_label(x.keyword)!r}: {hops}"
            )
    if not lines:
        said = f"{result.nothing} " if result.nothing else "The knowledge base has nothing on this. "
        lines.append(said + "Consider /remember once you find the answer.")
    return "\n".join(lines)


def recall_prose(result: RecallResult, *, limit: int = 5) -> str:
    """The cascade as a chat reply: sentences with ``[Entry …]`` citations (which the
    adapters turn into links), no scores. Titles pass ``content_label``; where an earlier
    report's file lives on the server is not said in a chat."""
    paragraphs: list[str] = []
    if result.earlier is not None:
        e = result.earlier.entry
        date = e.created_at.date().isoformat()
        where = ""
        if result.earlier.grade is Grade.STRONG:
            body = " ".join(e.content.split())
            paragraphs.append(
                f"I answered this before, on {date}: **{content_label(e.title)}** {cite(e.id)}{where}. "
                + (body[:400] + ("…" if len(body) > 400 else ""))
            )
            return "\n\n".join(paragraphs)
        paragraphs.append(
            f"An earlier answer from {date} may cover part of this, so check it before reusing it: "
            f"**{content_label(e.title)}** {cite(e.id)}{where}."
        )
    if result.hits:
        named = [f"**{content_label(h.entry.title)}** {cite(h.entry.id)}" for h in result.hits[:limit]]
        lead = "The closest notes are" if len(named) > 1 else "The closest note is"
        paragraphs.append(f"{lead} {_listing(named)}.")
    elif result.explored:
        named = [f"**{content_label(x.entry.title)}** {cite(x.entry.id)}" for x in result.explored[:limit]]
        paragraphs.append(f"Following links from the notes leads to {_listing(named)}.")
    if not paragraphs:
        said = (
            result.nothing
            or "The knowledge base has nothing on this: nothing in the notes or in earlier answers."
        )
        return f"{said} Once you find the answer, `/remember` it and I'll have it next time."
    return "\n\n".join(paragraphs)


def _listing(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]

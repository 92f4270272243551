"""The passages that answer a question: a note is cut into units (sentences, list items,
table rows), each kept with its own context (the note's title, its section, a table row's
header, the sentence a "this" points back to), and scored against the question with the
embedder and the lexical index. Redundancy is removed (MMR). The same selection feeds the
offline answer and, as the sources it cites, the language model."""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

import numpy as np

from bot.research.lexical import words
from bot.sources import Source, source_of
from bot.terms import query_terms
from storage.knowledge import EntryView

# A passage scores cos(question, title + section + passage) + COVERAGE_WEIGHT · (share of
# the question's idf-weighted words it holds) + PRIOR_WEIGHT · (its note's relevance), less
# SHORT_PENALTY for a fragment. Chosen on the gold set (bench/README.md, Answers).
MAX_PASSAGES = 6
PASSAGE_FLOOR = 0.44  # below this a passage answers nothing (with an embedder)
LEX_PASSAGE_FLOOR = 0.45  # without one (no cosine term)
PASSAGE_RELATIVE = 0.60  # of the best passage's score, for passages of the best passage's note
OTHER_NOTE_RELATIVE = 0.85  # for passages of other notes: a second note must be nearly as good
COVERAGE_WEIGHT = 0.4
PRIOR_WEIGHT = 0.2
SHORT_PENALTY = 0.2
SUPERSEDED_OVERLAP = 0.5  # of an earlier statement's words restated by a later "now … instead"
SUPERSEDED_PENALTY = 0.3
SECTION_BONUS = 0.08  # the question asks what the passage's section is about ("Cause", "Fix", "Decision")
# what a question word asks for, in the words notes use for their sections
_ASKS_FOR = {
    "why": ("cause", "reason", "root", "context", "problem", "why"),
    "caus": ("cause", "root"),
    "decid": ("decision", "outcome"),
    "decis": ("decision", "outcome"),
    "fix": ("fix", "resolution", "follow-up", "remediation"),
    "impact": ("impact",),
    "lost": ("impact",),
    "who": ("people", "owner", "deciders", "attendees", "team"),
    "when": ("timeline", "rollout", "milestones", "schedule"),
    "result": ("results", "outcome"),
}
MMR_LAMBDA = 0.75
DUPLICATE = 0.85  # similarity at which a passage repeats one already chosen
SHORT_WORDS = 5  # a sentence shorter than this is read with the one before it
CURRENT_BONUS = 0.04  # a passage stating what replaced an older rule wins over the older one

_FRONT = re.compile(r"^---\n.*?\n---\n", re.S)
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_WIKILINK = re.compile(r"\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|([^\]]+))?\]\]")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[*€$£])")
_INLINE_TAG = re.compile(r"(?<![\w/&])#(?=[A-Za-z][\w/-]*)[\w/-]+")
_LIST = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}")
_REFERS_BACK = re.compile(r"^(?:it|its|this|that|these|those|they|their|them|he|she|his|her|there|so|then)\b", re.I)
_CURRENT = re.compile(
    r"\b(?:instead of|now|no longer|replac\w*|supersed\w*|revis\w*|from now on|as of|updated?|changed? to)\b", re.I
)
_CURRENT_SECTION = re.compile(r"\b(?:revision|revised|update|amendment|change|current)\b", re.I)


@dataclass(frozen=True)
class Unit:
    """One answerable piece of a note, with what it needs to be read alone."""

    text: str  # as shown: wikilinks as titles, a table row with its header
    section: str
    index: int  # position in the note


@dataclass(frozen=True)
class Passage:
    entry: EntryView
    unit: Unit
    score: float

    @property
    def short_id(self) -> str:
        return self.entry.id[:8]


def _clean_inline(text: str, titles: Mapping[str, str]) -> str:
    def link(match: re.Match[str]) -> str:
        target, alias = match.group(1).strip(), match.group(2)
        if alias:
            return alias.strip()
        return titles.get(target.lower(), target.replace("-", " ") if "-" in target and " " not in target else target)

    text = _WIKILINK.sub(link, text)
    text = _INLINE_TAG.sub("", text)
    text = text.replace("**", "").replace("__", "")
    return " ".join(text.split())


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def units(content: str, titles: Mapping[str, str] | None = None) -> list[Unit]:
    """A note cut into sentences, list items and table rows, each with its section; a
    sentence that opens by pointing back ("This…", "It…") keeps the one before it."""
    titles = titles or {}
    out: list[Unit] = []
    section = ""
    header: list[str] | None = None
    paragraph: list[str] = []

    def flush() -> None:
        text = _clean_inline(" ".join(paragraph), titles)
        paragraph.clear()
        pieces: list[str] = []
        lead = ""  # a fragment opening the paragraph ("Option 2.") is read with what follows
        for sentence in _SENTENCE.split(text):
            sentence = sentence.strip()
            if not sentence:
                continue
            if not pieces and len(sentence.split()) < SHORT_WORDS and not sentence.endswith("?"):
                lead = f"{lead} {sentence}".strip()
                continue
            if lead:
                sentence, lead = f"{lead} {sentence}", ""
            if pieces and (
                len(sentence.split()) < SHORT_WORDS  # "Rejected for analytics." belongs to the one before
                or pieces[-1].endswith("?")  # a question and its answer ("Does it roll over? No. …")
                or _REFERS_BACK.match(sentence)  # "This…", "It…": keep what it points at
            ):
                pieces[-1] = f"{pieces[-1]} {sentence}"
            else:
                pieces.append(sentence)
        if lead:
            pieces.append(lead)
        for piece in pieces:
            if len(piece) >= 12:
                out.append(Unit(piece, section, len(out)))

    for raw in _FRONT.sub("", content).splitlines():
        line = raw.rstrip()
        heading = _HEADING.match(line)
        if heading:
            flush()
            section = _clean_inline(heading.group(2), titles)
            header = None
            continue
        if line.lstrip().startswith("|"):
            flush()
            if _TABLE_RULE.match(line.replace("|", " ").strip()) or set(line.replace("|", "").strip()) <= set("-: "):
                continue
            cells = [_clean_inline(c, titles) for c in _cells(line)]
            if header is None:
                header = cells
                continue
            pairs = [f"{h}: {c}" for h, c in zip(header, cells, strict=False) if c]
            if pairs:
                out.append(Unit("; ".join(pairs), section, len(out)))
            continue
        header = None
        if not line.strip():
            flush()
            continue
        if _LIST.match(line):
            flush()
            paragraph.append(_LIST.sub("", line))
            flush()
            continue
        if line.startswith((" ", "\t")) and out and not paragraph:
            paragraph.append(line)  # a continued list item
            continue
        if line.lstrip().startswith(">"):
            line = line.lstrip()[1:]
        paragraph.append(line)
    flush()
    return out


class QueryWords:
    """The question's content words, each with its idf weight from the lexical index, to
    say what share of them a passage (with its context) contains."""

    def __init__(self, lexical: Any, query: str) -> None:
        self._stem = lexical.stem
        weights = lexical.word_weights(query)
        self.weights = weights
        self.total = sum(weights.values()) or 1.0

    def share(self, text: str) -> float:
        stems = {self._stem(w) for w in words(text)}
        return sum(w for s, w in self.weights.items() if s in stems) / self.total


class Scorer:
    """Scores passages against a question: cosine of the embedded passage (cached by
    text) plus the weighted share of the question's words."""

    def __init__(self, retriever: Any, *, cache: int = 20_000) -> None:
        self.retriever = retriever
        semantic = retriever.semantic
        self.embedder = getattr(semantic, "embedder", None) if semantic is not None else None
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._cache = cache
        # a note cut into units, by (id, revision) and the titles mapping it was cut with
        # (the same object until an entry changes): every quick answer cuts its notes again
        self._units: dict[tuple[str, int], tuple[Mapping[str, str] | None, list[Unit]]] = {}
        self._forgotten = 0  # how many forgotten entries the index had dropped when last looked

    def _drop_forgotten(self) -> None:
        """After a ``forget`` the cut notes of the forgotten entries go, and the passage
        vectors with them (keyed by text, so all of them): forgotten text is not kept."""
        lexical = self.retriever.lexical
        forgotten = getattr(lexical, "forgotten", 0)
        if forgotten == self._forgotten:
            return
        self._forgotten = forgotten
        self._units = {k: v for k, v in self._units.items() if lexical.type_of(k[0]) is not None}
        self._vectors.clear()

    def units(self, entry: EntryView, titles: Mapping[str, str] | None) -> list[Unit]:
        key = (entry.id, entry.revision)
        cached = self._units.get(key)
        if cached is not None and cached[0] is titles:
            return cached[1]
        if len(self._units) >= self._cache:
            self._units.clear()
        cut = units(entry.content, titles)
        self._units[key] = (titles, cut)
        return cut

    @property
    def semantic(self) -> bool:
        return self.embedder is not None

    async def vectors(self, texts: Sequence[str]) -> np.ndarray:
        assert self.embedder is not None
        missing = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        if missing:
            got = await self.embedder.embed(missing, input_type="document")
            for text, vector in zip(missing, got, strict=True):
                self._vectors[text] = vector
            while len(self._vectors) > self._cache:
                self._vectors.popitem(last=False)
        for t in texts:
            self._vectors.move_to_end(t)
        return np.stack([self._vectors[t] for t in texts]) if texts else np.zeros((0, 1), dtype=np.float32)

    async def passages(
        self,
        query: str,
        entries: Sequence[EntryView],
        *,
        titles: Mapping[str, str] | None = None,
        prior: Mapping[str, float] | None = None,
    ) -> list[Passage]:
        """Every unit of ``entries`` scored against ``query``, best first."""
        await self.retriever.lexical.refresh()
        self._drop_forgotten()
        q = QueryWords(self.retriever.lexical, query)
        asks = _section_words(query, self.retriever.lexical.stem)
        candidates: list[tuple[EntryView, Unit, str, str]] = []
        for entry in entries:
            for unit in self.units(entry, titles):
                # a passage is read with its note's title and section: "Cause: …" under
                # "Beacon login loop" is what the question is about
                near = f"{unit.section}: {unit.text}" if unit.section else unit.text
                candidates.append((entry, unit, near, f"{entry.title}. {near}"))
        if not candidates:
            return []
        shares = np.array([q.share(c) for _, _, _, c in candidates], dtype=np.float32)
        if self.embedder is not None:
            qv = (await self.embedder.embed([query], input_type="query"))[0]
            cos = (await self.vectors([c for _, _, _, c in candidates])) @ qv
            scores = cos + COVERAGE_WEIGHT * shares
        else:
            scores = shares.copy()
        out = []
        for (entry, unit, _, _), score in zip(candidates, scores, strict=True):
            bonus = CURRENT_BONUS if (_CURRENT.search(unit.text) or _CURRENT_SECTION.search(unit.section)) else 0.0
            if len(unit.text.split()) < 6:
                bonus -= SHORT_PENALTY
            if unit.section and asks & {self.retriever.lexical.stem(w) for w in words(unit.section)}:
                bonus += SECTION_BONUS
            out.append(Passage(entry, unit, float(score) + bonus + PRIOR_WEIGHT * (prior or {}).get(entry.id, 0.0)))
        out = _demote_superseded(out)
        out.sort(key=lambda p: p.score, reverse=True)
        return out

    def floor(self) -> float:
        return PASSAGE_FLOOR if self.semantic else LEX_PASSAGE_FLOOR

    async def select(
        self,
        ranked: Sequence[Passage],
        *,
        limit: int = MAX_PASSAGES,
        floor: float | None = None,
        relative: float = PASSAGE_RELATIVE,
    ) -> list[Passage]:
        """The passages that answer: past the floor and close to the best, without
        repeating each other (maximal marginal relevance)."""
        if not ranked:
            return []
        floor = self.floor() if floor is None else floor
        best = ranked[0]
        pool = [
            p
            for p in ranked
            if p.score >= max(floor, (relative if p.entry.id == best.entry.id else OTHER_NOTE_RELATIVE) * best.score)
        ][: limit * 4]
        if not pool:
            return []
        if self.embedder is not None:
            vectors = await self.vectors([p.unit.text for p in pool])
            sim = vectors @ vectors.T
        else:
            sets = [set(words(p.unit.text)) for p in pool]
            sim = np.array([[len(a & b) / (len(a | b) or 1) for b in sets] for a in sets])
        chosen: list[int] = []
        left = list(range(len(pool)))

        def mmr(k: int) -> float:
            overlap = max((float(sim[k, c]) for c in chosen), default=0.0)
            return MMR_LAMBDA * pool[k].score - (1 - MMR_LAMBDA) * overlap

        while left and len(chosen) < limit:
            pick = max(left, key=mmr)
            left.remove(pick)
            if any(float(sim[pick, c]) > DUPLICATE and _same_words(pool[pick], pool[c]) for c in chosen):
                continue  # says the same as one already chosen
            chosen.append(pick)
        return [pool[k] for k in chosen]


def _content_words(text: str) -> set[str]:
    return {w for w in words(text) if len(w) > 2 and not w.isdigit()} - _FILLER


_FILLER = frozenset("the and for are was were now instead from with that this after before page".split())


def _demote_superseded(passages: list[Passage]) -> list[Passage]:
    """When a note states a rule and later says what replaced it ("now … instead of …",
    under a "Revision" heading), the older statement loses to the current one: it is
    demoted below the floor unless nothing else answers."""
    out = list(passages)
    for k, newer in enumerate(passages):
        if not (_CURRENT.search(newer.unit.text) or _CURRENT_SECTION.search(newer.unit.section)):
            continue
        new_words = _content_words(newer.unit.text)
        for j, older in enumerate(passages):
            if older.entry.id != newer.entry.id or older.unit.index >= newer.unit.index or j == k:
                continue
            if _CURRENT.search(older.unit.text) or _CURRENT_SECTION.search(older.unit.section):
                continue
            old_words = _content_words(older.unit.text)
            if old_words and len(old_words & new_words) / len(old_words) >= SUPERSEDED_OVERLAP:
                out[j] = Passage(older.entry, older.unit, out[j].score - SUPERSEDED_PENALTY)
    return out


def _same_words(a: Passage, b: Passage) -> bool:
    """Most of their words shared (rows of one table are close in meaning but not repeats)."""
    wa, wb = set(words(a.unit.text)), set(words(b.unit.text))
    return len(wa & wb) / (len(wa | wb) or 1) > 0.6


def _section_words(query: str, stem: Any) -> set[str]:
    """The section names (stemmed) a question asks for: its own words, and for "why",
    "who", "fixed"… the words notes use for such sections."""
    out = {stem(w) for term in query_terms(query) for w in words(term)}
    for word in words(query):
        for key, names in _ASKS_FOR.items():
            if word.startswith(key):
                out.update(stem(n) for n in names)
    return out


@dataclass
class Evidence:
    """What the notes say in answer to one question: the relevant entries and the
    passages of theirs that answer it (none: the notes have nothing on it)."""

    question: str
    entries: list[EntryView]
    passages: list[Passage]

    @property
    def found(self) -> bool:
        return bool(self.passages)

    def sources(self) -> list[Source]:
        """One source per note, in the order its first passage ranks, carrying its passages."""
        order: dict[str, list[str]] = {}
        entries = {e.id: e for e in self.entries}
        for p in self.passages:
            entries.setdefault(p.entry.id, p.entry)
            order.setdefault(p.entry.id, []).append(p.unit.text)
        return [source_of(entries[i], passages=tuple(texts)) for i, texts in order.items()]


class Answerer:
    """Finds the evidence for a quick question among retrieved hits."""

    def __init__(self, retriever: Any, knowledge: Any) -> None:
        self.retriever = retriever
        self.knowledge = knowledge
        self.scorer = Scorer(retriever)
        self._titles: dict[tuple[str, ...], tuple[int, dict[str, str]]] = {}

    async def titles(self, spaces: Sequence[str]) -> dict[str, str]:
        """A wikilink target (file stem or title, lowercased) → the note's title, so that
        a link reads as the title it points to; kept until the index changes."""
        key = tuple(sorted(spaces))
        revision = self.retriever.lexical.revision
        cached = self._titles.get(key)
        if cached is not None and cached[0] == revision:
            return cached[1]
        out: dict[str, str] = {}
        for space in key:
            title_of = {i: t for t, i in (await self.knowledge.titles(space)).items()}
            exact = await self.knowledge.get_many(list(title_of), spaces=(space,)) if title_of else {}
            for source, entry_id in (await self.knowledge.by_sources(space)).items():
                entry = exact.get(entry_id)
                if entry is not None and entry.title:
                    out.setdefault(PurePosixPath(source).stem.lower(), entry.title)
                    out.setdefault(source.lower().removesuffix(".md"), entry.title)
        self._titles[key] = (revision, out)
        return out

    async def evidence(self, question: str, hits: Sequence[Any], *, spaces: Sequence[str], limit: int = 6) -> Evidence:
        """The relevant hits (calibrated cut-off) and the passages of theirs that answer."""
        if not hits:
            return Evidence(question, [], [])
        kept = list(hits[:limit])  # already past the relevance cut-off (``Recall.retrieve``)
        chosen = [h.entry for h in kept]
        if not chosen:
            return Evidence(question, [], [])
        prior = {h.entry.id: h.relevance or 0.0 for h in kept}
        ranked = await self.scorer.passages(question, chosen, titles=await self.titles(spaces), prior=prior)
        return Evidence(question, chosen, await self.scorer.select(ranked))

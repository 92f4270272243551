"""What an investigation found, as a colleague would brief it: what happened or was
decided, why, the impact, the outcome, and who decided — each the passage of the relevant
entries that best says it (``evidence.Scorer``), most relevant entries first."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from bot.research.evidence import Passage, Scorer
from bot.research.supersession import supersede
from storage.knowledge import EntryView


@dataclass(frozen=True)
class Facet:
    label: str
    words: str  # added to the topic to ask for this facet
    cue: re.Pattern[str]  # words that say a passage is about this facet
    take: int = 1
    who: bool = False  # the passage must name a person beside the cue, and not say it is undecided
    strict: bool = False  # only a passage its cue marks (a cause says why; nearness in meaning does not)
    # what a line or section says it states ("Decision:", "Root cause")
    declared: re.Pattern[str] | None = None


def people_of(entries: Sequence[EntryView]) -> set[str]:
    """The names the entries know people by: authors and person notes, full and first names."""
    names: set[str] = set()
    for entry in entries:
        for name in (entry.author, entry.title if entry.type == "person" else ""):
            name = (name or "").strip()
            if name and len(name) <= 60:
                names.add(name.lower())
                names.add(name.split()[0].lower())
    return {n for n in names if len(n) >= 3}


def _decider_sentences(text: str, people: set[str]) -> tuple[str, str]:
    """Of a passage naming who decided, the sentences that do and the rest (empty when one
    sentence says it all, or none stands alone)."""
    sentences = [t for t in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text) if t.strip()]
    named = [t for t in sentences if _DECIDED.search(t) and names_decider(t, people)]
    if not named or len(named) == len(sentences):
        return text, ""
    return " ".join(named), " ".join(t for t in sentences if t not in named)


def names_decider(text: str, people: set[str]) -> bool:
    """The passage says who decided: a decision word and a person, and not that it is open."""
    if _UNDECIDED.search(text):
        return False
    lowered = {w.lower() for w in re.findall(r"[^\W\d_]+", text)}
    return bool(lowered & people or _TIED_NAME.search(text))


FACETS = (
    Facet("What happened", "", re.compile(r"$^"), take=2),
    Facet(
        "Why",
        "cause reason why because",
        re.compile(r"\b(?:caus\w*|because|due to|reason\w*|why|root|led to|so that|problem|context)\b", re.I),
        take=2,
        strict=True,
        declared=re.compile(r"(?:root )?causes?|reasons?|why|because", re.I),
    ),
    Facet(
        "Impact",
        "impact affected lost users customers cost",
        re.compile(
            r"\b(?:impact\w*|affect\w*|lost|loss|customers?|users?|tenants?|cost\w*|outage|stale|slow\w*)\b",
            re.I,
        ),
    ),
    Facet(
        "Outcome",
        "decision outcome fix resolved result next",
        re.compile(
            r"\b(?:decid\w*|decision|fix\w*|resolv\w*|outcome|result\w*|roll\w* back|replac\w*|agreed|accepted|"
            r"deployed|done|action\w*|follow-up|now)\b",
            re.I,
        ),
        take=2,
        declared=re.compile(
            r"decisions?|decided|agreed|resolved|resolution|outcome|actions? agreed|"
            r"(?:the )?board (?:agreed|decided|approved)",
            re.I,
        ),
    ),
    Facet(
        "Who decided",
        "who decided owner deciders responsible",
        re.compile(
            r"\b(?:deciders?|decid(?:ed|es)|decision (?:was |made )?by|approv\w*|sign(?:ed)?[- ]off|signed|agreed|"
            r"accepted|chose|chosen|recommended|owners?|owns|led|leads|called it|made the call)\b",
            re.I,
        ),
        who=True,
        strict=True,
    ),
)
_CUE_WHO = re.compile(
    r"\b(?:deciders?|decid(?:ed|es)|decision (?:was |made )?by|approv\w*|sign(?:ed)?[- ]off|signed|agreed|"
    r"accepted|chose|chosen|recommended|owners?|owns|led|leads|called it|made the call)\b",
    re.I,
)
# "Not decided", "Marcus wants…", "Lucía and Maren disagree": a person named beside a decision
# word is not who decided when the sentence says nobody has yet
_UNDECIDED = re.compile(
    r"\b(?:not (?:yet )?(?:decided|settled|agreed|approved)|undecided|no decision|to be decided|tbd|wants?|"
    r"proposed|proposal|propose|suggest\w*|disagree\w*|pushed back|asked|would like)\b",
    re.I,
)
_DECIDED = re.compile(
    r"\b(?:deciders?|decid(?:ed|es)|approved|signed[- ]off|agreed|accepted\b[^.]{0,24}?\bby|chose|chosen by|made the call|decision (?:was |made )?by)\b",
    re.I,
)
_OPEN_POINT = re.compile(
    r"\b(?:not (?:yet )?(?:decided|settled|agreed)|undecided|no decision yet|to be decided|tbd)\b", re.I
)
_NAMED = r"[A-Z][a-zà-ÿ]+(?:[ -][A-Z][a-zà-ÿ]+)?"
# a name the sentence itself ties to the decision: "by Maren Solberg", "Deciders: …", "Ines approved"
_TIED_NAME = re.compile(
    rf"\b(?:by|deciders?:?|owners?:?|sign(?:ed)?[- ]?off(?: by)?:?)\s+{_NAMED}|"
    rf"{_NAMED}\s+(?:decid(?:ed|es)|approved|approves|signed|agreed|chose|owns|leads)\b"
)
# a section that names who decided ("Deciders", "Owner", "Sign-off"): its lines are the deciders
_DECIDERS_SECTION = re.compile(r"\b(?:deciders?|owners?|approv\w*|sign[- ]?off|decision makers?)\b", re.I)


def _decides(text: str, section: str, people: set[str]) -> bool:
    """``text`` says who decided in itself: a decision word beside a person it names, or a
    line under a section for the deciders. "Decided at the review" over a paragraph that
    names someone who calls out the fitter does not."""
    if _DECIDERS_SECTION.search(section) and names_decider(text, people):
        return True
    if _TIED_NAME.search(text):
        return True
    return any(
        _CUE_WHO.search(sentence) and names_decider(sentence, people)
        for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text)
    )


CUE_BONUS = 0.12
# a line that opens by saying what it states ("Decision: from Monday 23 Feb …", "Root cause: …"),
# or stands under a section of that name, is the decision or the cause itself; a line that only
# mentions the word ("…, decided [[the February minutes]]") points at one
DECLARED_BONUS = 0.1


_LABEL = re.compile(r"^[\s*_]*([^:\n]{1,40}?)[\s*_]*(?::|\s[—–-]\s)")


@lru_cache(maxsize=4096)  # a passage is asked once for each facet that declares
def _labels(text: str, section: str) -> tuple[str, ...]:
    """What a line says it states: its opening label ("Decision:", "**Agreed:**", "Root cause –")
    and its section's heading ("## Decision", "Root cause (summary)"), as written."""
    label = _LABEL.match(text)
    heading = section.rsplit(">", 1)[-1].strip(" #*_:")
    return tuple(
        x
        for x in ((label.group(1).strip(" *_") if label else ""), heading.split(" (")[0] if heading else "")
        if x
    )


def _declares(kind: re.Pattern[str], text: str, section: str) -> bool:
    """``text`` opens with ``kind`` as its label, or its section's heading is ``kind``."""
    return any(kind.fullmatch(x) for x in _labels(text, section))


INFORMATIVE_WORDS = 12  # a briefing prefers a sentence that says something over a caption
INFORMATIVE_BONUS = 0.05
DIGEST_FLOOR = 0.30
LEX_DIGEST_FLOOR = 0.15
# who decided is said by one of the most relevant entries, or one nearly as relevant
WHO_ENTRIES = 3
WHO_RELATIVE = 0.45
ENTRIES = 8  # the most relevant entries the summary reads


async def digest(
    scorer: Scorer,
    topic: str,
    entries: Sequence[EntryView],
    *,
    titles: Mapping[str, str] | None = None,
    prior: Mapping[str, float] | None = None,
) -> list[tuple[str, Passage]]:
    """(facet label, passage) pairs, facets in order; each passage used once."""
    chosen: list[tuple[str, Passage]] = []
    used: set[tuple[str, int]] = set()
    reading = list(entries)[:ENTRIES]
    if not reading or not topic.strip():
        return []
    floor = DIGEST_FLOOR if scorer.semantic else LEX_DIGEST_FLOOR
    stem = scorer.retriever.lexical.stem
    floor_of = scorer.floor()
    # a later note's decision on a rule states it, saying what it replaced (``supersession``)
    by_topic = supersede(
        await scorer.passages(topic, reading, titles=titles, prior=prior), topic, floor=floor_of, stem=stem
    )
    people = people_of(entries)
    cut_from: dict[tuple[str, int], str] = {}  # passage → what is left once "who decided" took its deciders
    # who decided is said from the entries most about the topic: a neighbour's deciders
    # decided something else
    weight = prior or {}
    best = max((weight.get(e.id, 0.0) for e in reading), default=0.0)
    central = {e.id for e in sorted(reading, key=lambda e: -weight.get(e.id, 0.0))[:WHO_ENTRIES]} | {
        e.id for e in reading if weight.get(e.id, 0.0) >= WHO_RELATIVE * best
    }
    # "who decided" chooses first (few passages name the deciders), then the other specific
    # facets; "what happened" takes the best of what is left
    spare = 0  # what a facet that holds to its cue left untaken, "what happened" takes
    for facet in sorted(FACETS, key=lambda f: (not f.who, not f.words)):
        # with an embedder the facet's words steer the meaning; without one they would only
        # dilute the topic's words, so the topic alone ranks and the cue decides
        ranked = (
            supersede(
                await scorer.passages(f"{topic} {facet.words}", reading, titles=titles, prior=prior),
                topic,
                floor=floor_of,
                stem=stem,
            )
            if scorer.semantic and facet.words
            else by_topic
        )
        rescored = []
        for p in ranked:
            cued = facet.cue.search(f"{p.unit.section} {p.unit.text}")
            if p.unit.pointer:
                continue  # "See [[the review]]." points at a finding, it is none
            if (
                p.unit.text.endswith("?")
                or _OPEN_POINT.search(p.unit.text)
                or _OPEN_SECTION.search(p.unit.section)
            ):
                continue  # an open question is a knowledge gap, not a finding
            if facet.words and not cued and (facet.strict or not scorer.semantic):
                continue  # a "Why" paragraph needs a word that says cause (near in meaning is not one)
            if facet.strict and p.entry.id not in central:
                continue  # a neighbour's cause is why something else happened
            if facet.who and not _decides(p.unit.text, p.unit.section, people):
                continue  # the sentence ties a person to the decision, not a heading above it
            if facet.who and not (
                cued and names_decider(f"{p.unit.section}: {p.unit.text}", people) and p.entry.id in central
            ):
                continue  # "who decided" names the people, or the summary says nothing on it
            if not facet.who and any(
                other.declared is not None
                and other is not facet
                and _declares(other.declared, p.unit.text, p.unit.section)
                for other in FACETS
            ):
                continue  # "Decision: …" is the outcome (or who decided), "Root cause: …" the why, never the impact
            score = p.score + (CUE_BONUS if cued else 0.0)
            if facet.declared is not None and _declares(facet.declared, p.unit.text, p.unit.section):
                score += DECLARED_BONUS  # "Decision: …" states it; "(…, decided [[the minutes]])" mentions it
            if facet.who and _DECIDED.search(p.unit.text):
                score += CUE_BONUS  # "approved by", "decided" say more than "owns" or "leads"
            score += INFORMATIVE_BONUS if len(p.unit.text.split()) >= INFORMATIVE_WORDS else 0.0
            rescored.append((score, p))
        rescored.sort(key=lambda sp: sp[0], reverse=True)
        taken = 0
        take = facet.take + (spare if not facet.words else 0)
        for score, passage in rescored:
            if taken == take or score < floor:
                break
            key = (passage.entry.id, passage.unit.index)
            if key in used or any(passage.unit.text == p.unit.text for _, p in chosen):
                continue
            if key in cut_from:
                # the rest of a passage "who decided" took its deciders' sentence from
                passage = replace(passage, unit=replace(passage.unit, text=cut_from[key]))
            if facet.who:
                # "We rolled it back. Decided by Nora Quist.": the deciders' sentence alone,
                # leaving the whole passage free to be the outcome
                said, rest = _decider_sentences(passage.unit.text, people)
                if rest:
                    chosen.append((facet.label, replace(passage, unit=replace(passage.unit, text=said))))
                    cut_from[key] = rest
                    taken += 1
                    continue
            used.add(key)
            chosen.append((facet.label, passage))
            taken += 1
        if facet.strict:
            spare += facet.take - taken
    order = {f.label: k for k, f in enumerate(FACETS)}
    chosen.sort(key=lambda lp: order[lp[0]])
    # what the topic itself lists ("…: timeline, refunds, customer complaint"): each the
    # passage that best says it, when the facets above did not already say it
    # (the part alone asks: every entry read is on the topic, and the subject's own words
    # would rank first the lines the summary already says)
    for part in asked_parts(topic)[1]:
        ranked = await scorer.passages(part, reading, titles=titles, prior=prior)
        for p in supersede(ranked, part, floor=floor_of, stem=stem)[:PART_LOOK]:
            if p.score < floor_of:
                break
            key = (p.entry.id, p.unit.index)
            if p.unit.pointer or p.unit.text.endswith("?") or p.replaced_by is not None:
                continue
            if key not in used and key not in cut_from and all(p.unit.text != q.unit.text for _, q in chosen):
                used.add(key)
                chosen.append((part[:1].upper() + part[1:], p))
            break  # said already, or said now
    chosen += _each_source(by_topic, reading, chosen, floor)
    chosen += _key_statements(by_topic, reading, chosen, floor_of)
    return chosen


SOURCE_LINES = 8  # the most entries a summary adds a line for
FIGURE_BONUS = 0.05
# a figure: an amount, a share, a count, a date or a duration ("£5.85", "22%", "5 of 12", "4 August")
_FIGURE = re.compile(r"\d")


def _each_source(
    ranked: Sequence[Passage],
    reading: Sequence[EntryView],
    chosen: Sequence[tuple[str, Passage]],
    floor: float,
) -> list[tuple[str, Passage]]:
    """A report over several notes says what each adds: of each entry read, the passage that
    best says the topic (one stating a figure first), when no line says it yet."""
    said: set[object] = {p.unit.text for _, p in chosen} | {(p.entry.id, p.unit.index) for _, p in chosen}
    best: dict[str, tuple[float, Passage]] = {}
    for p in ranked:
        if p.score < floor:
            continue
        # a question, or a lead-in ending in a colon ("After the March outage:"), says nothing itself
        if p.unit.pointer or p.unit.text.endswith(("?", ":")) or p.replaced_by is not None:
            continue
        if _OPEN_POINT.search(p.unit.text) or _OPEN_SECTION.search(p.unit.section):
            continue
        score = p.score + (FIGURE_BONUS if _FIGURE.search(p.unit.text) else 0.0)
        if p.entry.id not in best or score > best[p.entry.id][0]:
            best[p.entry.id] = (score, p)
    out = []
    for entry in reading:
        if entry.id in best:
            p = best[entry.id][1]
            if p.unit.text not in said and (p.entry.id, p.unit.index) not in said:
                said.add(p.unit.text)
                out.append(("Also", p))
    return out[:SOURCE_LINES]


KEY_PER_NOTE = 2  # of each entry read, the most statements of its rule added beside its best line
KEY_LINES = 10  # and the most in all
KEY_MARGIN = 0.1  # a key statement of an on-topic note may score this far below the passage floor
# a figure with what it measures, a day, a time: what a rule or a decision fixes ("every Sunday",
# "below 40 bar", "18 August 2026", "£25 a head")
_FIXES = re.compile(
    r"\d|\b(?:(?:every|each)\s+(?:other\s+|second\s+|third\s+)?(?:day|week|fortnight|month|quarter|year|shift|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|evening|night)s?|daily|weekly|monthly|"
    r"fortnightly|quarterly|annually|yearly|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|"
    r"sundays?|only|must|never|always)\b",
    re.I,
)
_BOLD = re.compile(r"\*\*([^*\n]{3,200}?)\*\*|__([^_\n]{3,200}?)__")
_MARKUP = re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]|[*_`]")


def emphasised(entry: EntryView) -> tuple[str, ...]:
    """What the note's writer set in bold, as plain text: a note's author marks its rule
    ("checked **fortnightly**", "**Next exam: 14 November**") that way."""
    spans = (a or b for a, b in _BOLD.findall(entry.content))
    return tuple(
        t for t in (" ".join(_MARKUP.sub(r"\1", x).split()).rstrip(":") for x in spans) if len(t) >= 3
    )


def is_key(passage: Passage, bold: Sequence[str]) -> bool:
    """The passage states what the note fixes: a phrase its writer set in bold, or a figure,
    a day or a frequency (a rule's value, not the talk around it)."""
    text = passage.unit.text
    return any(b in text for b in bold) or bool(_FIXES.search(text))


def _key_statements(
    ranked: Sequence[Passage],
    reading: Sequence[EntryView],
    chosen: Sequence[tuple[str, Passage]],
    floor: float,
) -> list[tuple[str, Passage]]:
    """What each entry read fixes, beside the line that best says the topic: its statements
    of a value (bold, a figure, a day, a frequency) in force, most on topic first — the
    value a rule sets sits in a list item or a table row a line about the topic rarely is."""
    said: set[object] = {p.unit.text for _, p in chosen} | {(p.entry.id, p.unit.index) for _, p in chosen}
    bold = {e.id: emphasised(e) for e in reading}
    per_note: dict[str, list[Passage]] = {}
    for p in ranked:
        if p.score < floor - KEY_MARGIN or p.entry.id not in bold:
            continue
        if p.unit.pointer or p.unit.text.endswith(("?", ":")) or p.replaced_by is not None:
            continue
        if _OPEN_POINT.search(p.unit.text) or _OPEN_SECTION.search(p.unit.section):
            continue
        if p.unit.text in said or (p.entry.id, p.unit.index) in said or not is_key(p, bold[p.entry.id]):
            continue
        said.add(p.unit.text)
        per_note.setdefault(p.entry.id, []).append(p)
    # what the writer set in bold first, then the rest most on topic first
    marked = {
        entry.id: sorted(
            per_note.get(entry.id, []), key=lambda p: not any(b in p.unit.text for b in bold[entry.id])
        )[:KEY_PER_NOTE]
        for entry in reading
    }
    # each note's first statement before any note's second: the lines run out on the notes
    # read last (a correction, the minutes that changed the rule) otherwise
    taken = [p for rank in range(KEY_PER_NOTE) for e in reading for p in marked[e.id][rank : rank + 1]][
        :KEY_LINES
    ]
    keep = {id(p) for p in taken}
    return [("Also", p) for e in reading for p in marked[e.id] if id(p) in keep]


# the subject ends at the first colon, question mark or dash set off by spaces ("controlled drugs –
# register checks, cabinet keys and who is responsible?"), and what follows lists the parts; a
# dash inside a word or a range ("cut-off", "2024–25") is no end
_ASKED_HEAD = re.compile(r"^(?P<head>.{3,}?)\s*(?::|\?|\s[—–-]\s|—)\s*(?P<tail>\S.*)$", re.S)
PART_LOOK = 3  # of the passages best saying a listed part, how far down one not said yet is taken
PARTS = 6  # the most listed parts read
_PART_SPLIT = re.compile(r",\s*(?:and\s+|or\s+)?|;\s*|\s+and\s+")
# parts the facets say already (what happened, why, who decided) or that ask for nothing
_FACET_PART = re.compile(
    r"^(?:(?:the\s+)?(?:what happened|why|causes?|reasons?|who decided|timeline|history|overview|summary|"
    r"background|details|context|everything|what was decided|outcome|impact)\.?)$",
    re.I,
)


# "who does small animal", "what changed this year", "who's responsible": a part asked as a
# question shares its words with no line that answers it (the facets say who and what changed)
_ASKED_AS_QUESTION = re.compile(
    r"^(?:who|whom|whose|what|which|why|how|when|where|whether|any)(?:'s)?\b", re.I
)


def asked_parts(topic: str) -> tuple[str, list[str]]:
    """A topic written as a subject and what to cover ("The lock 14 stoppage: timeline,
    affected bookings, refunds and follow-up") as (subject, [parts]); a plain topic has none."""
    match = _ASKED_HEAD.match(topic)
    if match is None:
        return topic, []
    head, tail = match["head"], match["tail"]
    pieces = [p.strip(" .?!") for p in _PART_SPLIT.split(tail.strip())]
    parts = [
        p
        for p in pieces
        if p and len(p) <= 60 and not _FACET_PART.match(p) and not _ASKED_AS_QUESTION.match(p)
    ]
    if len(pieces) < 2:
        return topic, []  # one clause after a colon is the topic's own wording
    return head.strip(), parts[:PARTS]


_OPEN_SECTION = re.compile(
    r"\b(?:open|questions?|unresolved|undecided|unknowns?|risks?|not done|gaps?)\b", re.I
)
_OPEN_TEXT = re.compile(
    r"\?$|\b(?:not decided|undecided|unclear|unknown|nobody|no owner|not yet|never (?:tested|rehearsed|scheduled)|"
    r"revisit|to be decided|tbd)\b",
    re.I,
)
OPEN_LIMIT = 4


async def open_questions(
    scorer: Scorer,
    topic: str,
    entries: Sequence[EntryView],
    *,
    titles: Mapping[str, str] | None = None,
    prior: Mapping[str, float] | None = None,
) -> list[Passage]:
    """What the relevant entries leave unsettled about the topic: their open questions,
    risks and undecided points, most relevant first."""
    reading = list(entries)[:ENTRIES]
    if not reading or not topic.strip():
        return []
    ranked = await scorer.passages(topic, reading, titles=titles, prior=prior)
    out: list[Passage] = []
    floor = scorer.floor() - 0.1
    for passage in ranked:
        if len(out) == OPEN_LIMIT or passage.score < floor:
            break
        if _OPEN_SECTION.search(passage.unit.section) or _OPEN_TEXT.search(passage.unit.text):
            out.append(passage)
    return out

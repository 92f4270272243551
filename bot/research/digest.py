"""What an investigation found, as a colleague would brief it: what happened or was
decided, why, the impact, the outcome, and who decided — each the passage of the relevant
entries that best says it (``evidence.Scorer``), most relevant entries first."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.research.evidence import Passage, Scorer
from storage.knowledge import EntryView


@dataclass(frozen=True)
class Facet:
    label: str
    words: str  # added to the topic to ask for this facet
    cue: re.Pattern[str]  # words that say a passage is about this facet
    take: int = 1


FACETS = (
    Facet("What happened", "", re.compile(r"$^"), take=2),
    Facet(
        "Why",
        "cause reason why because",
        re.compile(r"\b(?:caus\w*|because|due to|reason\w*|why|root|led to|so that|problem|context)\b", re.I),
        take=2,
    ),
    Facet(
        "Impact",
        "impact affected lost users customers cost",
        re.compile(r"\b(?:impact\w*|affect\w*|lost|loss|customers?|users?|tenants?|cost\w*|outage|stale|slow\w*)\b", re.I),
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
    ),
    Facet(
        "Who decided",
        "who decided owner deciders responsible",
        re.compile(r"\b(?:decider\w*|decided|owner|owns|own\w*|led|chair\w*|facilitat\w*|approv\w*|sign-off|attendees)\b", re.I),
    ),
)
CUE_BONUS = 0.12
INFORMATIVE_WORDS = 12  # a briefing prefers a sentence that says something over a caption
INFORMATIVE_BONUS = 0.05
DIGEST_FLOOR = 0.30
LEX_DIGEST_FLOOR = 0.15
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
    by_topic = await scorer.passages(topic, reading, titles=titles, prior=prior)
    # the specific facets choose first; "what happened" takes the best of what is left
    for facet in sorted(FACETS, key=lambda f: not f.words):
        # with an embedder the facet's words steer the meaning; without one they would only
        # dilute the topic's words, so the topic alone ranks and the cue decides
        ranked = (
            await scorer.passages(f"{topic} {facet.words}", reading, titles=titles, prior=prior)
            if scorer.semantic and facet.words
            else by_topic
        )
        rescored = []
        for p in ranked:
            cued = facet.cue.search(f"{p.unit.section} {p.unit.text}")
            if p.unit.text.endswith("?"):
                continue  # an open question is a knowledge gap, not a finding
            if facet.words and not cued and not scorer.semantic:
                continue  # without meaning to go by, a "Why" paragraph needs a word that says cause
            score = p.score + (CUE_BONUS if cued else 0.0)
            score += INFORMATIVE_BONUS if len(p.unit.text.split()) >= INFORMATIVE_WORDS else 0.0
            rescored.append((score, p))
        rescored.sort(key=lambda sp: sp[0], reverse=True)
        taken = 0
        for score, passage in rescored:
            if taken == facet.take or score < floor:
                break
            key = (passage.entry.id, passage.unit.index)
            if key in used or any(passage.unit.text == p.unit.text for _, p in chosen):
                continue
            used.add(key)
            chosen.append((facet.label, passage))
            taken += 1
    order = {f.label: k for k, f in enumerate(FACETS)}
    return sorted(chosen, key=lambda lp: order[lp[0]])


_OPEN_SECTION = re.compile(r"\b(?:open|questions?|unresolved|undecided|unknowns?|risks?|not done|gaps?)\b", re.I)
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

"""The offline provider: deterministic and extractive, and honest about why it answers:
no language model is configured, or (as the fallback) the configured one did not answer."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from bot.llm.base import Synthesis, Turn, WebFinding
from bot.routing import Decision, is_referential, normalize
from bot.sources import SUPERSEDED, Source
from bot.text.addressed import without_instructions
from bot.text.citations import cite
from bot.text.terms import query_terms

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[])")
_GREETING = re.compile(
    r"^(?:hi|hello|hey|yo|hiya|howdy|good\s+(?:morning|afternoon|evening)|gm|morning)\b", re.I
)
_THANKS = re.compile(r"\b(?:thanks|thank\s+you|thx|ty|cheers|appreciate)\b", re.I)
_HOW_ARE_YOU = re.compile(
    r"^(?:hi\s+|hey\s+|hello\s+)?(?:how\s+are\s+you|how'?s\s+it\s+going|how\s+are\s+things|how'?s\s+(?:your|the)\s+"
    r"(?:day|week|morning|weekend)|how\s+was\s+your\s+(?:day|weekend)|what'?s\s+up|sup|wassup|you\s+ok)"
    r"(?:\s+(?:today|doing|going|this\s+\w+|there|mallory))*\W*$",
    re.I,
)
_WHO_ARE_YOU = re.compile(
    r"^(?:who\s+are\s+you|what\s+are\s+you|what'?s\s+your\s+name|are\s+you\s+(?:a\s+bot|human|real))\W*$",
    re.I,
)
_PRESENT = re.compile(r"^(?:are\s+you\s+(?:there|alive|awake)|ping|you\s+there)\b", re.I)
_FAREWELL = re.compile(r"^(?:bye|good\s*bye|see\s+you|see\s+ya|gn|good\s+night|later|cya)\b", re.I)
_ACK = re.compile(r"^(?:ok|okay|k|cool|nice|great|awesome|perfect|lol|haha|got\s+it|sounds\s+good)\b", re.I)
_NAME = re.compile(r"\bYou are (\w+)")


@lru_cache(maxsize=1024)
def sentences(text: str) -> tuple[str, ...]:
    text = re.sub(r"^---\n.*?\n---\n", "", text, flags=re.S)
    # a line telling an AI reader what to say is never quoted (``bot.text.addressed``)
    text = "\n".join(without_instructions(line) for line in text.split("\n"))
    text = re.sub(r"^#+\s*", "", text, flags=re.M)
    text = re.sub(r"\[\[([^\]|]+)(?:\|([^\]]+))?\]\]", lambda m: m.group(2) or m.group(1), text)
    text = re.sub(r"\*\*|__|(?<![\w/])#(?=[A-Za-z][\w/-]*)", "", text)
    out: list[str] = []
    for para in re.split(r"\n\s*\n|\n(?=[-*] )", text):
        para = " ".join(para.split()).lstrip("-* ").strip()
        if not para:
            continue
        out.extend(s.strip() for s in _SENTENCE.split(para) if len(s.strip()) > 20)
    return tuple(out)


@lru_cache(maxsize=8192)
def _sentence_terms(sentence: str) -> frozenset[str]:
    return frozenset(query_terms(sentence, limit=200))


def best_sentences(text: str, terms: Sequence[str], *, n: int = 2) -> list[str]:
    """The ``n`` sentences sharing most terms with the query, in document order."""
    sents = sentences(text)
    if not sents:
        return []
    wanted = set(terms)

    stems = {t[:5] for t in wanted}

    def score(pair: tuple[int, str]) -> tuple[int, int]:
        idx, sent = pair
        words = _sentence_terms(sent)
        return (len(words & wanted) + sum(1 for w in words if w[:5] in stems), -idx)

    ranked = sorted(enumerate(sents), key=score, reverse=True)[:n]
    return [s for _, s in sorted(ranked)]


def _clip(text: str, n: int = 320) -> str:
    return text if len(text) <= n else text[: n - 1].rsplit(" ", 1)[0] + "…"


_MARKUP = re.compile(r"<[^>]{0,200}>|[`*_|\[\]]")


def _plain(title: str) -> str:
    """A note's title as plain words for a sentence: any markup in it is data, not format."""
    return " ".join(_MARKUP.sub(" ", title).split())


def _briefing(sources: Sequence[Source], why: str = "no language model is configured") -> Synthesis:
    """The summary as the investigation's digest says it: one paragraph per facet (what
    happened, why, impact, outcome, who decided), each statement citing its note once.
    (Steering notes are answered by the report itself, ``report.notes_answered``.)"""
    by_label: dict[str, list[str]] = {}
    for src in sources:
        for label, passage in zip(src.labels, src.passages, strict=False):
            dated = f" ({src.date})" if src.date else ""
            by_label.setdefault(label, []).append(
                f"{_clip(passage, 420).rstrip('.')} — *{_plain(src.title)}*{dated} {cite(src.id)}."
            )
    order = ["What happened", "Why", "Impact", "Outcome", "Who decided"]
    # the facets, then the parts the request listed, then what each other source adds
    labels = sorted(
        by_label,
        key=lambda label: order.index(label) if label in order else len(order) + (label == "Also"),
    )
    # the facets read as paragraphs; what each other source adds is a list, a line a note
    paragraphs = [
        "**Also in the notes.**\n" + "\n".join(f"- {said}" for said in by_label[label])
        if label == "Also"
        else f"**{label}.** " + " ".join(by_label[label])
        for label in labels
    ]
    summary = f"*(Extractive summary: {why}, so this is what the notes say.)*\n\n" + "\n\n".join(paragraphs)
    return Synthesis(summary=summary, gaps=[], extractive=True)


def _small_talk(norm: str, name: str) -> str | None:
    """A short reply in the persona's voice (calm, brief, no exclamation marks)."""
    if _HOW_ARE_YOU.match(norm):
        return (
            "Well, thanks. The notes are indexed and I have nothing urgent on. "
            "What are you working on? Ask me a question, or ask me to dig into something."
        )
    if _WHO_ARE_YOU.match(norm):
        return (
            f"I'm {name}, the team's research assistant. I answer from the knowledge base, with "
            "citations, and run longer investigations in the background."
        )
    if _PRESENT.match(norm):
        return "Here. What do you need?"
    if _FAREWELL.match(norm):
        return "Goodbye. Anything I'm still investigating will be posted in this thread."
    if _ACK.match(norm) and len(norm.split()) <= 3:
        return "Good."
    return None


# why the fallback answers when the model replied with nothing usable (empty, or only invented citations)
UNUSABLE = "the language model did not give a usable answer"


def _named(passage: str, title: str) -> str:
    """`` (title)`` after a passage, unless the passage already says it (a note saved with
    /remember is titled with its own opening words)."""
    title = _plain(title)
    head = title.rstrip("…").strip()
    if not head or passage.lower().startswith(head.lower()):
        return ""
    return f" ({title})"


class OfflineProvider:
    name = "offline"
    offline = True

    def __init__(self, *, capabilities: Sequence[str] = (), reason: str = "") -> None:
        self.capabilities = list(capabilities)
        # why there is no model answer, in words for the user; empty: none is configured
        self.reason = reason

    def standing_in(self, reason: str) -> OfflineProvider:
        """This provider as the fallback for a configured model that could not answer."""
        return OfflineProvider(capabilities=self.capabilities, reason=reason)

    @property
    def _why(self) -> str:
        return self.reason or "no language model is configured"

    async def classify(self, text: str, *, history: Sequence[Turn], lexicon: Decision) -> Decision:
        return lexicon

    async def chat(self, text: str, *, persona: str, history: Sequence[Turn], hint: str = "") -> str:
        said = self.reply_to(text, persona=persona, hint=hint)
        if said is not None:
            return said
        if self.reason:
            return (
                f"Sorry, {self.reason}, so I can't give this a proper reply. "
                'Ask me a question to search the notes, or say "dig into …" for a full investigation.'
            )
        return (
            "Noted. (I'm running without a language model, so I keep small talk short.) "
            'Ask me a question to search the knowledge base, or say "dig into …" for a full investigation.'
        )

    def reply_to(self, text: str, *, persona: str, hint: str = "") -> str | None:
        """The reply this provider has for ``text`` (a greeting, thanks, what it can do, a
        tracker it does not read); None when it has only the general one."""
        norm = normalize(text)
        if hint == "tracked_signal":
            return (
                "I don't track agendas, inboxes or reminders, so I can't look that up. "
                "What I can do is answer from the team's knowledge base, or run a background "
                "investigation if you ask me to dig into something."
            )
        named = _NAME.search(persona)
        name = named.group(1) if named else "Mallory"
        small_talk = _small_talk(norm, name)
        # "how are you?" is small talk even when the router files it under "about the bot"
        if small_talk is not None and hint in ("", "capability"):
            return small_talk
        if hint == "capability":
            return "Here is what I can do:\n" + "\n".join(f"- {c}" for c in self.capabilities)
        if hint == "reminder":
            return (
                "I can't set reminders. If you want me to research it now instead, say "
                '"dig into …" and I\'ll start an investigation.'
            )
        if _THANKS.search(norm):
            return "Any time."
        if _GREETING.match(norm):
            return (
                "Hello! Ask me a question about the team's notes, or ask me to dig into something "
                "and I'll investigate in the background and report back here."
            )
        return None

    async def answer(
        self, question: str, *, persona: str, sources: Sequence[Source], history: Sequence[Turn]
    ) -> str:
        lines = []
        if any(src.passages for src in sources):
            # one bullet per answering passage, the best note first, each citing its note
            for src in sources:
                for passage, label in zip(
                    src.passages, src.labels or ("",) * len(src.passages), strict=False
                ):
                    if label == SUPERSEDED:
                        continue  # the statement in force says what it replaced
                    clipped = _clip(passage, 400)
                    named = _named(clipped, src.title)
                    lines.append(f"- {clipped}{named} {cite(src.id)}")
        else:
            terms = query_terms(question)
            for src in sources[:4]:
                picked = best_sentences(src.text, terms, n=2) or [_clip(src.text)]
                snippet = _clip(" ".join(picked), 360)
                lines.append(f"- **{_plain(src.title)}**: {snippet} {cite(src.id)}")
        if self.reason:
            head = f"{self.reason[0].upper()}{self.reason[1:]}; here is what the notes say:"
        else:
            head = "From the notes (an extractive answer: no language model is configured):"
        return head + "\n" + "\n".join(lines)

    async def rewrite_question(self, request: str, *, history: Sequence[Turn]) -> str:
        request = request.strip()
        if request and not is_referential(request):
            return request
        for turn in reversed(history):
            if turn.role != "user":
                continue
            text = normalize(turn.text)
            if text and not is_referential(text) and len(query_terms(text)) >= 2:
                return text
        return request

    async def synthesize(
        self, topic: str, *, sources: Sequence[Source], notes: Sequence[str], edges: Sequence[str]
    ) -> Synthesis:
        if any(src.labels for src in sources):
            return _briefing(sources, self._why)
        terms = query_terms(" ".join([topic, *notes]))
        by_phase: dict[int, list[Source]] = {}
        for src in sources:
            by_phase.setdefault(src.phase, []).append(src)
        paragraphs = []
        intro = {
            1: "The entries that match the topic most directly say:",
            2: "Following their relationships adds:",
            3: "Entries sharing their tags add:",
            4: "Targeted searches for sparsely covered names and topics found:",
        }
        for phase in sorted(by_phase):
            parts = []
            for src in by_phase[phase][:4]:
                picked = best_sentences(src.text, terms, n=1) or [_clip(src.text, 200)]
                parts.append(f"{_clip(picked[0], 260).rstrip('.')} {cite(src.id)}.")
            if parts:
                paragraphs.append(f"{intro.get(phase, 'Also:')} " + " ".join(parts))
            if len(paragraphs) == 4:
                break
        summary = "\n\n".join(paragraphs[:4])
        summary = f"*(Extractive summary: {self._why}, so this is what the notes say.)*\n\n" + summary
        return Synthesis(summary=summary, gaps=[], extractive=True)

    async def find_gaps(self, topic: str, *, sources: Sequence[Source]) -> list[str]:
        return []

    async def web_research(self, topic: str, *, notes: Sequence[str]) -> list[WebFinding]:
        return []  # no web access without a model that can search

    async def aclose(self) -> None:
        return None

"""Follow-ups in a conversation: what "this / that / it" points back at, and whether a second
request belongs to the investigation already open or is a new topic of its own."""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from bot.routing import is_referential, normalize
from bot.text.terms import query_terms

log = logging.getLogger(__name__)

# cosine of the local MiniLM query vectors: a paraphrase or a narrower/wider version of the
# same topic scores 0.6–0.9, a different topic 0.0–0.4 (pairs from the example vault)
SAME_TOPIC_COSINE = 0.55
# share of the shorter request's content stems found in the other, without an embedder
SAME_TOPIC_OVERLAP = 0.5


class QueryVectors(Protocol):
    async def query_vector(self, query: str) -> np.ndarray: ...


_REQUEST_VERB = re.compile(
    r"^(?:(?:can|could|would)\s+you\s+|please\s+|pls\s+)?"
    r"(?:investigate|research|dig|look|find\s+out|trace|explore|check|run\s+a\s+deep\s+investigation)"
    r"(?:\s+(?:into|in\s+to|in|on|up|at|about|over|through|deeper|further|more))*"
    r"(?:\s+(?:on|into|about))?\s*(?P<rest>.*)$",
    re.I,
)


def points_back(question: str) -> bool:
    """True when a request names no topic of its own ("investigate this", "dig into that",
    "look into it"), so its topic is whatever the thread was about."""
    text = normalize(question).strip(" ?.!,")
    if is_referential(text):
        return True
    match = _REQUEST_VERB.match(text)
    return match is not None and is_referential(match.group("rest"))


def _stems(text: str) -> set[str]:
    return {t[:5] for t in query_terms(text)}


def lexical_overlap(a: str, b: str) -> float:
    sa, sb = _stems(a), _stems(b)
    if not sa or not sb:
        return 0.0
    return len(sa & sb) / min(len(sa), len(sb))


async def same_topic(request: str, open_question: str, *, vectors: QueryVectors | None = None) -> bool:
    """True when ``request`` is about the open investigation's topic: referential ("dig into
    that"), sharing most of its content words, or close in meaning by the embedder."""
    if points_back(request) or lexical_overlap(request, open_question) >= SAME_TOPIC_OVERLAP:
        return True
    if vectors is None:
        return False
    try:
        a = await vectors.query_vector(request)
        b = await vectors.query_vector(open_question)
    except Exception as exc:  # the embedder is an optimisation here; words decided above
        log.warning("embedder unavailable for a follow-up check (%s)", type(exc).__name__)
        return False
    denom = float(np.linalg.norm(a) * np.linalg.norm(b)) or 1.0
    return float(a @ b) / denom >= SAME_TOPIC_COSINE


def topic_of(role: str, text: str, meta: dict[str, Any]) -> str | None:
    """The topic a stored message was about, if it names one (not itself "that")."""
    if role == "user":
        decision = meta.get("decision") or {}
        candidate = str(decision.get("question") or text)
    else:
        candidate = str(meta.get("question") or "")
    candidate = " ".join(candidate.split())
    if not candidate or points_back(candidate) or len(query_terms(candidate)) < 2:
        return None
    return candidate


def resolve_reference(messages: Sequence[Any]) -> str | None:
    """What "this / that / it" refers to: the topic of the latest earlier message (a
    question asked, or the question an answer was about) that names one. ``messages`` are
    stored messages, oldest first, with ``role``, ``text`` and ``meta``."""
    for msg in reversed(messages):
        topic = topic_of(msg.role, msg.text or "", msg.meta or {})
        if topic is not None:
            return topic
    return None

"""Checks on what a model sends back before any of it reaches a user: tool input validated
field by field (a bad field falls back on its own), truncated text cut to its last whole
sentence, and a rewritten research topic accepted only when it is plausibly one."""

from __future__ import annotations

import logging
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, ValidationInfo, field_validator
from pydantic_core.core_schema import ValidatorFunctionWrapHandler

from bot.text.citations import drop_cut_citation
from bot.text.terms import query_terms

log = logging.getLogger(__name__)


class Lenient(BaseModel):
    """Tool input where each field that fails validation gets its default instead of
    failing the whole call; which fields fell back is logged."""

    model_config = ConfigDict(extra="ignore")

    @field_validator("*", mode="wrap")
    @classmethod
    def _or_default(cls, value: Any, handler: ValidatorFunctionWrapHandler, info: ValidationInfo) -> Any:
        try:
            return handler(value)
        except ValidationError:
            name = info.field_name or ""
            log.warning(
                "model tool input: %s.%s is invalid (%s); using its default",
                cls.__name__,
                name,
                type(value).__name__,
            )
            return cls.model_fields[name].get_default(call_default_factory=True)

    @classmethod
    def parse(cls, data: Any) -> Any:
        return cls.model_validate(data if isinstance(data, dict) else {})


def _strings(value: Any) -> Any:
    """A list keeps its string items; anything else is left for validation to reject."""
    return [v for v in value if isinstance(v, str) and v.strip()] if isinstance(value, list) else value


class RouteInput(Lenient):
    route: Literal["none", "quick", "async"] | None = None
    question: str | None = None
    reason: str = ""


class SynthesisInput(Lenient):
    summary: str = ""
    gaps: list[str] = []

    _gaps = field_validator("gaps", mode="before")(classmethod(lambda cls, v: _strings(v)))


class GapsInput(Lenient):
    gaps: list[str] = []

    _gaps = field_validator("gaps", mode="before")(classmethod(lambda cls, v: _strings(v)))


_END = re.compile(r"[.!?…](?:[\"'”’)\]*_]*)(?=\s|$)")


def trim_to_sentence(text: str) -> str:
    """A truncated text up to its last complete sentence (or complete line), without a
    citation cut in half; empty when not even one sentence is complete."""
    text = drop_cut_citation(text.rstrip())
    ends = [m.end() for m in _END.finditer(text)]
    cut = max(ends[-1] if ends else 0, text.rfind("\n") if "\n" in text else 0)
    return text[:cut].rstrip()


_NOT_A_TOPIC = re.compile(
    r"^(?:i\b|i'm|i’m|sorry|as an ai|unfortunately|could you|can you|please (?:provide|clarify)|"
    r"here(?:'s| is)|sure\b|okay\b|certainly)",
    re.I,
)


def plausible_topic(candidate: str, *, context: str | None = None) -> str | None:
    """``candidate`` as a research topic, or ``None`` when it is not plausibly one: empty,
    several lines, too long, a refusal or a question back, or (given the request and its
    thread as ``context``) sharing no word with them."""
    text = candidate.strip().strip("\"'“”").strip()
    if not text or "\n" in text or len(text) > 300 or _NOT_A_TOPIC.match(text):
        return None
    words = set(query_terms(text))
    if not words or (context is not None and not words & set(query_terms(context, limit=400))):
        return None
    return text

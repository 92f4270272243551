"""One message on its way through the core, and the text hygiene applied on arrival."""

from __future__ import annotations

import unicodedata
from contextvars import ContextVar
from dataclasses import dataclass

from bot.events import Inbound
from bot.llm import Turn
from bot.routing import Decision, Routed
from storage.conversations import ConversationRow, MessageRow, OpenInvestigation

# Whether the delivery being handled is a second (or later) attempt (``Taken.resumed``):
# what the earlier attempt posted may already be out (``bot.core.outbox``). Set by the
# pipeline as each message is stored, for the task handling it.
attempt_resumed: ContextVar[bool] = ContextVar("attempt_resumed", default=False)


def clean_text(text: str) -> tuple[str, bool]:
    """Drop control characters; report whether the text looks like binary junk."""
    if not text:
        return "", False
    if text.isprintable() and "\ufffd" not in text:
        return text, False  # nothing below would be dropped (the common case, checked in C)
    kept = []
    junk = 0
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in "\n\t":
            kept.append(ch)
        elif cat in {"Cc", "Cs", "Co", "Cn"} or ch == "\ufffd":
            junk += 1
        else:
            kept.append(ch)
    cleaned = "".join(kept)
    binary = junk > 0 and junk >= max(4, len(text) // 10)
    return cleaned, binary


@dataclass(frozen=True)
class Context:
    """One message on its way through the core."""

    inbound: Inbound
    conversation: ConversationRow
    message: MessageRow
    text: str  # cleaned, capped for routing
    truncated: bool
    bot_takes_part: bool = False
    open_investigation: OpenInvestigation | None = None
    lexicon: Decision | None = None  # the lexicon's decision, made before storing
    history: list[Turn] | None = None  # the thread before this message (when a model will read it)
    routed: Routed | None = None  # how the router read it before storing (``lexicon``), for the notes' say


def truncation_note(ctx: Context, max_chars: int) -> str:
    return (
        f"\n\n_(Your message was {len(ctx.message.text):,} characters; I read only the first "
        f"{max_chars:,} to decide what to do. All of it is saved.)_"
    )


def with_truncation_note(ctx: Context, text: str, max_chars: int) -> str:
    return text + truncation_note(ctx, max_chars) if ctx.truncated else text

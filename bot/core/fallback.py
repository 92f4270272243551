"""The one place a failed model call falls back to the offline provider, which then says
truthfully why there is no model answer (not answering, declined, unusable)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from bot.errors import LLMError
from bot.llm import LLMProvider, OfflineProvider

log = logging.getLogger(__name__)

T = TypeVar("T")


async def with_fallback(
    llm: LLMProvider,
    offline: LLMProvider,
    call: Callable[[LLMProvider], Awaitable[T]],
    *,
    what: str,
) -> T:
    """``call(llm)``; when the model fails (``LLMError``), ``call(offline)`` instead, logged
    once as a warning naming ``what`` (e.g. "chat model"). The offline provider never fails."""
    try:
        return await call(llm)
    except LLMError as exc:
        log.warning("%s unavailable (%s); using the offline provider", what, exc)
        return await call(standing_in(offline, exc.user_reason))


def standing_in(offline: LLMProvider, reason: str) -> LLMProvider:
    """The offline provider, worded as the fallback for a configured model."""
    return offline.standing_in(reason) if isinstance(offline, OfflineProvider) else offline

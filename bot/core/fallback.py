"""The one place a failed model call falls back to the offline provider."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from bot.errors import LLMError
from bot.llm import LLMProvider

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
        return await call(offline)

"""The one place a model's failure falls back to the offline provider, which then says
truthfully why there is no model answer (not answering, declined, unusable): every route,
the classifier, the question rewrite and the report's synthesis go through ``with_fallback``."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from bot.errors import LLMError, ModelUnreachable
from bot.llm.base import LLMProvider
from bot.llm.offline import UNUSABLE, OfflineProvider

log = logging.getLogger(__name__)

T = TypeVar("T")


def _as_is(result: T) -> T | None:
    return result


async def with_fallback(
    llm: LLMProvider,
    offline: LLMProvider,
    call: Callable[[LLMProvider], Awaitable[T]],
    *,
    what: str,
    usable: Callable[[T], T | None] = _as_is,
    errors: tuple[type[Exception], ...] = (LLMError,),
) -> T:
    """``usable(call(llm))``. When the model fails (one of ``errors``, logged once as a
    warning naming ``what``) or ``usable`` finds nothing to keep (None: e.g. empty once its
    citations are checked), ``call`` is made again on the offline provider standing in for
    the model with the reason; its result is kept through ``usable`` as well, or as it is
    when ``usable`` rejects it too. The offline provider never fails."""
    reason = UNUSABLE
    try:
        kept = usable(await call(llm))
    except errors as exc:
        if isinstance(exc, ModelUnreachable):  # the breaker said so once, in its own log line
            log.debug("%s: %s; using the offline provider", what, exc)
        else:
            log.warning("%s unavailable (%s); using the offline provider", what, exc)
        if isinstance(exc, LLMError):
            reason = exc.user_reason
        kept = None
    else:
        if kept is None:
            log.info("%s gave nothing usable; using the offline provider", what)
    if kept is not None:
        return kept
    result = await call(standing_in(offline, reason))
    kept = usable(result)
    return result if kept is None else kept


def standing_in(offline: LLMProvider, reason: str) -> LLMProvider:
    """The offline provider, worded as the fallback for a configured model."""
    return offline.standing_in(reason) if isinstance(offline, OfflineProvider) else offline

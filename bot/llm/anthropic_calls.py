"""One Anthropic call on a budget: one client per process (the SDK's retries off), our retries
while the wait fits the job's budget, prompt caching when the prefix is long enough, usage
recorded, and every response checked (stop reason, tool input) before any of it is used."""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import random
import ssl
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import anthropic

from bot.clock import Clock, SystemClock
from bot.config import Budgets
from bot.errors import LLMError, ModelRefused, ModelUnreachable
from bot.llm.breaker import Breaker
from bot.llm.checks import trim_to_sentence
from bot.llm.offline import UNUSABLE
from bot.llm.usage import Call, Tokens, current_scope

log = logging.getLogger(__name__)

RETRYABLE = {408, 409, 429, 500, 502, 503, 504, 529}
TRUNCATED = {"max_tokens", "model_context_window_exceeded", "pause_turn"}

# The smallest prefix (in tokens) each model caches; below it ``cache_control`` does
# nothing, so it is only sent when the stable prefix reaches it. Longest prefix wins.
CACHE_MINIMUM = {
    "claude-haiku-4": 4096,
    "claude-haiku-3": 2048,
    "claude-3-haiku": 2048,
    "claude-3-5-haiku": 2048,
    "claude-sonnet-4": 1024,
    "claude-opus-4": 1024,
    "claude-opus-4-5": 4096,
    "claude-opus-4-6": 4096,
    "claude-opus-4-7": 2048,
}
DEFAULT_CACHE_MINIMUM = 4096


def cache_minimum(model: str) -> int:
    best = max((k for k in CACHE_MINIMUM if model.startswith(k)), key=len, default=None)
    return CACHE_MINIMUM[best] if best is not None else DEFAULT_CACHE_MINIMUM


def estimate_tokens(text: str) -> int:
    """A low estimate (English runs nearer 3.5 characters a token), so a prefix marked for
    caching does reach the minimum."""
    return len(text) // 4


@functools.cache
def _tls_context() -> ssl.SSLContext:
    """httpx's default TLS settings, built once per process (reading the CA bundle costs each
    new client about 30 ms of CPU)."""
    import httpx

    return httpx.create_ssl_context()


class BudgetedCalls:
    """The client and the retry layer for model calls (the only one: callers never retry)."""

    def __init__(
        self,
        *,
        api_key: str,
        base_url: str | None = None,
        budgets: Budgets | None = None,
        max_retries: int = 3,
        on_usage: Callable[[Call], Awaitable[None]] | None = None,
        monotonic: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        clock: Clock | None = None,
    ) -> None:
        self.budgets = budgets or Budgets()
        self.client = anthropic.AsyncAnthropic(
            api_key=api_key,
            base_url=base_url,
            max_retries=0,
            timeout=max(vars(self.budgets).values()),
            http_client=anthropic.DefaultAsyncHttpxClient(verify=_tls_context()),
        )
        # remembers that the API is down, so a dead API costs one call its retries, not every call
        self.breaker = Breaker(clock or SystemClock(), url=str(self.client.base_url).rstrip("/"))
        self.max_retries = max_retries
        self.on_usage = on_usage
        self._monotonic = monotonic
        self._sleep = sleep

    async def aclose(self) -> None:
        await self.client.close()

    async def create(self, job: str, **kwargs: Any) -> Any:
        """One model call within the job's budget. Retries rate limits, overloads, 5xx and
        dropped connections while the wait (``retry-after`` or a short backoff) still fits;
        raises ``LLMError`` the moment it cannot answer in time, and ``ModelUnreachable`` at
        once while the breaker says the API is down (a probe makes one attempt)."""
        if not self.breaker.admit():
            raise ModelUnreachable(f"{job}: the model API at {self.breaker.url} is down; not calling it")
        probe = self.breaker.probing
        try:
            return await self._create(job, probe=probe, **kwargs)
        finally:
            if probe and self.breaker.probing:  # the probe ended without an answer either way
                self.breaker.abandoned()

    async def _create(self, job: str, *, probe: bool, **kwargs: Any) -> Any:
        budget = self.budgets.of(job)
        deadline = self._monotonic() + budget
        attempt = 0
        try:
            async with asyncio.timeout(budget):
                while True:
                    if self.breaker.down and not probe:  # another call found it down meanwhile
                        raise ModelUnreachable(f"{job}: the model API at {self.breaker.url} is down")
                    remaining = deadline - self._monotonic()
                    if remaining <= 0:
                        raise LLMError(f"{job}: no answer within its {budget:g}s budget")
                    try:
                        response = await self.client.messages.create(**kwargs, timeout=remaining)
                        self.breaker.reached()
                        break
                    except anthropic.APIStatusError as exc:
                        self.breaker.reached()  # an HTTP answer: the API is there
                        if exc.status_code in (401, 403):
                            log.error("the Anthropic API refused the API key (HTTP %d)", exc.status_code)
                            raise LLMError(
                                f"{job}: the API key was refused (HTTP {exc.status_code})",
                                user_reason="the language model is not available right now",
                            ) from None
                        if exc.status_code not in RETRYABLE:
                            raise LLMError(f"{job}: model call failed (HTTP {exc.status_code})") from None
                        wait = _retry_after(exc.response.headers)
                        failure = f"HTTP {exc.status_code}"
                    except anthropic.APIConnectionError as exc:  # includes the SDK's timeouts
                        wait = None
                        failure = type(exc).__name__
                        self.breaker.failed(failure)
                        if self.breaker.down:  # this failure tripped it, or the probe failed
                            raise ModelUnreachable(
                                f"{job}: the model API at {self.breaker.url} cannot be reached ({failure})"
                            ) from None
                    except (anthropic.APIError, ValueError) as exc:  # a body that is not the contract
                        raise LLMError(f"{job}: model call failed ({type(exc).__name__})") from None
                    if wait is None:
                        wait = min(4.0, 0.5 * 2**attempt) * (1 - 0.25 * random.random())
                    if attempt >= self.max_retries or self._monotonic() + wait >= deadline:
                        raise LLMError(
                            f"{job}: model call failed ({failure}); the next try (in {wait:.1f}s) "
                            f"would not fit the {budget:g}s budget"
                            if attempt < self.max_retries
                            else f"{job}: model call failed ({failure}) after {attempt + 1} attempts"
                        )
                    attempt += 1
                    log.info("%s: %s; retrying in %.1fs", job, failure, wait)
                    await self._sleep(wait)
        except TimeoutError:
            raise LLMError(f"{job}: no answer within its {budget:g}s budget") from None
        await self.record(job, str(kwargs.get("model", "")), response)
        return response

    async def record(self, job: str, model: str, response: Any) -> None:
        if self.on_usage is None:
            return
        call = Call(
            job,
            str(getattr(response, "model", "") or model),
            Tokens.of(getattr(response, "usage", None)),
            current_scope(),
            str(getattr(response, "stop_reason", "") or ""),
        )
        try:
            await self.on_usage(call)
        except Exception as exc:  # accounting must never cost the user the reply
            log.warning("could not record model usage: %s", type(exc).__name__)

    def system(
        self, model: str, texts: Sequence[str], tools: Sequence[dict[str, Any]] = ()
    ) -> list[dict[str, Any]]:
        """System blocks; the last carries ``cache_control`` only when tools + system reach
        the model's minimum cacheable length (below it caching never happens)."""
        blocks: list[dict[str, Any]] = [{"type": "text", "text": t} for t in texts if t]
        prefix = json.dumps(list(tools)) + "".join(texts)
        if blocks and estimate_tokens(prefix) >= cache_minimum(model):
            blocks[-1]["cache_control"] = {"type": "ephemeral"}
        return blocks


def text_of(response: Any) -> str:
    """The answer's text, or ``LLMError``: a refusal, an empty answer, or a truncated
    one with not even one whole sentence."""
    stop = getattr(response, "stop_reason", None)
    if stop == "refusal":
        raise ModelRefused()
    text = "".join(
        getattr(b, "text", "") for b in response.content or [] if getattr(b, "type", "") == "text"
    ).strip()
    if stop in TRUNCATED:
        text = trim_to_sentence(text)
    if not text:
        raise LLMError(
            f"empty answer (stop_reason={stop})",
            user_reason=UNUSABLE,
        )
    return text


def tool_input(response: Any, name: str) -> Any:
    if getattr(response, "stop_reason", None) == "refusal":
        raise ModelRefused()
    for block in response.content or []:
        if getattr(block, "type", "") == "tool_use" and block.name == name:
            return block.input
    raise LLMError(
        f"model did not call {name} (stop_reason={getattr(response, 'stop_reason', None)})",
        user_reason=UNUSABLE,
    )


def _retry_after(headers: Any) -> float | None:
    """Seconds the API asked us to wait (``retry-after-ms`` first, then ``retry-after``)."""
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        value = headers.get(name) if headers is not None else None
        try:
            if value is not None:
                return max(0.0, float(value) * scale)
        except ValueError:
            continue
    return None

"""LLM providers behind one seam: ``anthropic`` when a key is set, ``offline`` otherwise."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from bot.clock import Clock
from bot.config import Settings
from bot.llm.base import LLMProvider, Synthesis, Turn
from bot.llm.offline import UNUSABLE, OfflineProvider
from bot.llm.usage import Call
from bot.sources import Source


def make_provider(
    settings: Settings,
    *,
    capabilities: Sequence[str] = (),
    on_usage: Callable[[Call], Awaitable[None]] | None = None,
    clock: Clock | None = None,
) -> LLMProvider:
    """The provider the settings ask for; one per process (``clock`` times its breaker)."""
    if settings.use_anthropic:
        from bot.errors import ConfigError
        from bot.llm.anthropic import AnthropicProvider

        if settings.anthropic_api_key is None:
            raise ConfigError("MALLORY_LLM=anthropic needs ANTHROPIC_API_KEY")
        return AnthropicProvider(
            api_key=settings.anthropic_api_key.get_secret_value(),
            base_url=settings.anthropic_base_url,
            fast_model=settings.fast_model,
            deep_model=settings.deep_model,
            budgets=settings.budgets,
            max_retries=settings.llm_max_retries,
            on_usage=on_usage,
            clock=clock,
        )
    return OfflineProvider(capabilities=capabilities)


__all__ = [
    "UNUSABLE",
    "LLMProvider",
    "OfflineProvider",
    "Source",
    "Synthesis",
    "Turn",
    "make_provider",
]

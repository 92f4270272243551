"""The one model → offline fallback (bot/llm/fallback.py): which failures it catches, what
counts as usable, and that the offline stand-in says why."""

from __future__ import annotations

import pytest

from bot.errors import LLMError, ModelRefused
from bot.llm import UNUSABLE, LLMProvider, OfflineProvider
from bot.llm.fallback import with_fallback


class _Broken(OfflineProvider):
    """A configured model (not offline) whose every call fails with ``error``."""

    offline = False

    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error


def _call(answer: str):  # type: ignore[no-untyped-def]
    async def call(model: LLMProvider) -> str:
        if isinstance(model, _Broken):
            raise model.error
        return f"{answer} ({model.reason if isinstance(model, OfflineProvider) else ''})"

    return call


async def test_a_model_error_falls_back_with_the_models_reason() -> None:
    got = await with_fallback(_Broken(ModelRefused("no")), OfflineProvider(), _call("offline"), what="x")
    assert got == "offline (the language model declined to answer this)"


async def test_an_unusable_answer_falls_back_saying_so() -> None:
    async def empty(model: LLMProvider) -> str:
        if isinstance(model, _Broken):
            raise model.error
        return "" if not isinstance(model, OfflineProvider) or not model.reason else model.reason

    got = await with_fallback(
        _Broken(LLMError("x")), OfflineProvider(), empty, what="x", usable=lambda t: t or None
    )
    assert got == "the language model is not answering right now"
    model = OfflineProvider()  # a model that answers, but with nothing usable
    got = await with_fallback(model, OfflineProvider(), empty, what="x", usable=lambda t: t or None)
    assert got == UNUSABLE


async def test_other_errors_pass_through_unless_asked_for() -> None:
    with pytest.raises(KeyError):
        await with_fallback(_Broken(KeyError("bug")), OfflineProvider(), _call("offline"), what="x")
    got = await with_fallback(
        _Broken(KeyError("bug")), OfflineProvider(), _call("offline"), what="x", errors=(Exception,)
    )
    assert got == f"offline ({UNUSABLE})"

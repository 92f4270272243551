"""A look-up of the world ("what's the weather this weekend?", "who's on call?") is no
tracker of the asker's: the notes are searched like any question, and when they hold nothing
the reply says so, cites nothing and offers to dig. A look-up of one's own tracker stays a
polite no. Without a model, a question the chat has no reply to is looked up, not "noted"."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from research_helpers import add_note, ask

from adapters.console import SPACE

BASE = datetime(2026, 3, 2, tzinfo=UTC)

CRANE = """\
Crane lifts stop when the forecast gusts reach 38 mph; the yard foreman checks the Met Office
forecast at 07:00 on a lift day.
"""

ROTA = "Boat park tidy-up on the first Saturday of the month. Bring gloves."

ON_CALL = "Duty officer rota: Kenji Arslan is duty officer in March, Rhona Tate in April."

DREDGING = "The marina dredging project is paused until the harbour licence is renewed in May."


@pytest.fixture
async def kb(rt: Any) -> dict[str, str]:
    return {
        "crane": await add_note(rt, "crane.md", "Crane lift limits", CRANE, space=SPACE, created_at=BASE),
        "rota": await add_note(rt, "rota.md", "Boat park tidy-up", ROTA, space=SPACE, created_at=BASE),
        "duty": await add_note(rt, "duty.md", "Duty officer rota", ON_CALL, space=SPACE, created_at=BASE),
        "dredging": await add_note(
            rt, "dredging.md", "Marina dredging", DREDGING, space=SPACE, created_at=BASE
        ),
    }


async def test_the_weather_is_not_in_the_notes_and_the_reply_says_so_and_offers_to_dig(
    rt: Any, kb: dict[str, str]
) -> None:
    text = await ask(rt, "What's the weather forecast for Leeds this weekend?")
    assert "can't see live weather" in text
    assert "found nothing" in text and "dig deeper" in text
    assert "[Entry" not in text and "agendas" not in text


async def test_what_the_notes_say_about_the_weather_is_answered_from_them(
    rt: Any, kb: dict[str, str]
) -> None:
    text = await ask(rt, "whats the forecast gust limit for crane lifts?")
    assert "38 mph" in text and f"[Entry {kb['crane'][:8]}]" in text


async def test_a_look_up_of_ones_own_tracker_is_still_declined(rt: Any, kb: dict[str, str]) -> None:
    text = await ask(rt, "what's on my agenda today?")
    assert "don't track agendas" in text and "[Entry" not in text


async def test_the_status_of_a_project_the_notes_hold_is_answered_from_them(
    rt: Any, kb: dict[str, str]
) -> None:
    text = await ask(rt, "what's the status of the marina dredging?")
    assert "paused" in text and f"[Entry {kb['dredging'][:8]}]" in text


async def test_a_question_the_chat_has_no_reply_to_is_looked_up_not_noted(
    rt: Any, kb: dict[str, str]
) -> None:
    text = await ask(rt, "is anyone still working on the marina dredging?")
    assert "Noted." not in text and f"[Entry {kb['dredging'][:8]}]" in text
    text = await ask(rt, "Can you give me a recipe for banana bread?")
    assert "Noted." not in text and "found nothing" in text and "dig deeper" in text and "[Entry" not in text


async def test_chat_that_asks_nothing_is_still_chat(rt: Any, kb: dict[str, str]) -> None:
    assert "[Entry" not in await ask(rt, "thanks, that helps")
    assert "found nothing" not in await ask(rt, "hi mallory")

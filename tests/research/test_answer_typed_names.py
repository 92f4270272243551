"""A name typed in a question (capitalised words, a model number beside one) must be said,
word beside word, by the notes that would answer: the notes' "Lantern Rooms" or "Orrery 40"
do not answer for "the Lantern Hall" or "the Orrery 65"."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from research_helpers import add_note, ask

from adapters.console import SPACE
from bot.research.names import unheld_phrases

BASE = datetime(2025, 3, 10, tzinfo=UTC)
NOTES = {
    "venues.md": (
        "Venues we hire",
        "| Venue | Contact | Phone |\n|---|---|---|\n"
        "| The Lantern Rooms | Ottilie Brack | 01632 960771 |\n| Quayside Hall | Ewan Tolley | 01632 960772 |",
    ),
    "dome.md": (
        "Dome equipment",
        "The Orrery 40 projector runs at 24 frames a second. Its lamp is swapped every 900 hours.",
    ),
}


@pytest.fixture
async def dome(rt: Any) -> None:
    for k, (source, (title, content)) in enumerate(NOTES.items()):
        await add_note(rt, source, title, content, space=SPACE, created_at=BASE + timedelta(days=k))


@pytest.mark.parametrize(
    ("question", "missing", "not_said"),
    [
        ("Who is our contact at the Lantern Hall?", "Lantern Hall", "Ottilie"),
        ("How many frames a second does the Orrery 65 projector run at?", "Orrery 65", "24 frames"),
    ],
)
async def test_a_typed_name_the_notes_never_say_together_gets_nothing_found(
    rt: Any, dome: None, question: str, missing: str, not_said: str
) -> None:
    text = await ask(rt, question)
    assert f"I found nothing about {missing} in the notes" in text
    assert "[Investigate this]" in text
    assert not re.search(r"\[Entry [0-9a-f]{8}\]", text) and not_said not in text


async def test_a_typed_name_the_notes_say_is_answered(rt: Any, dome: None) -> None:
    assert "Ottilie Brack" in await ask(rt, "Who is our contact at The Lantern Rooms?")
    assert "24 frames" in await ask(rt, "How many frames a second does the Orrery 40 projector run at?")


def test_what_is_read_as_a_typed_name() -> None:
    notes = ["The Lantern Rooms, Quayside Hall. Carrow 2 is the second van; its MOT is due in May."]
    # a possessive ends a name, an acronym after one is a word of its own, a year is no code
    for question in (
        "When is Carrow 2's MOT due?",
        "Quayside Hall PA hire",
        "What did Quayside Hall charge in March 2025?",
    ):
        assert unheld_phrases(question, notes).missing == (), question
    assert unheld_phrases("Is Quayside Arena free?", notes).missing == ("Quayside Arena",)

"""A question after the weather to come has no answer in a team's notes, whatever words it
shares with them: "is it going to rain this weekend?" was answered with a marquee firm's rain
plan, "what's the weather looking like for Saturday" with a wind limit (eight such misses over
the fifty answer sets read in the thirty-seventh session). The notes still answer what to do in
the weather. The notes are an outdoor events hire firm's, written for these tests."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, ingest_dated

from adapters.console import SPACE

CITATION = re.compile(r"\[Entry [0-9a-f]{8}\]")

NOTES = [
    (
        "ops/marquee-weather-rules.md",
        "Marquee weather rules",
        "Wind: we do not put up or leave up a frame marquee in gusts over 38 mph. Check the Met Office "
        "gust figure the evening before every install.\n\nRain: the side walls go on and the gutters "
        "are fitted; the floor boards come in the second van on wet weekends.\n\n"
        "Snow: no installs if there is lying snow on the site.",
        datetime(2024, 3, 4, tzinfo=UTC),
    ),
    (
        "ops/saturday-crew.md",
        "Saturday crew",
        "Saturday installs: Kezia leads, with Tomasz and Femi. Meet at the yard at 06:30, vans loaded "
        "the night before. If it's raining at the yard, load the boards first.",
        datetime(2024, 5, 1, tzinfo=UTC),
    ),
    (
        "bookings/weekend-jobs-june.md",
        "Weekend jobs, June",
        "14 June: Harfield cricket club tea tent, 6x12m.\n15 June: Olcott wedding, 9x18m with lining "
        "and chandeliers.\n21 June: Brayside school fete, two 6x6m gazebos.",
        datetime(2024, 6, 1, tzinfo=UTC),
    ),
]


@pytest.fixture
async def notes(local_rt: Any, tmp_path: Path) -> None:
    await ingest_dated(local_rt, tmp_path, NOTES, SPACE)


@pytest.mark.parametrize(
    "question",
    [
        "is it going to rain this weekend?",
        "what's the weather looking like for Saturday",
        "whats the weather in harfield tomorrow",
        "will it be windy on saturday?",
    ],
)
async def test_a_forecast_is_nothing_the_notes_hold(local_rt: Any, notes: None, question: str) -> None:
    text = await ask(local_rt, question)
    assert "nothing about the weather forecast" in text, text
    assert not CITATION.search(text), text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("what do we do if it rains on an install", "side walls"),
        ("whats the wind limit for the marquees", "38 mph"),
    ],
)
async def test_what_to_do_in_the_weather_is_answered_from_the_notes(
    local_rt: Any, notes: None, question: str, said: str
) -> None:
    text = await ask(local_rt, question)
    assert said in text and CITATION.search(text), text

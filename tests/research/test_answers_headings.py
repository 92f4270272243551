"""A passage read with the heading it sits under, as smokehouse and campsite notes written
blind for the benchmark state their facts (read in the thirty-third session), on a plumbers'
merchant's notes written for these tests:

- a list under a plain heading naming whose it is ("SAM PRICE — van 3 (Sprinter)" over
  "- 07700 900222"): the answer says the heading with the first of its lines stated, not a
  phone number nobody can place;
- the heading is said once a note, not before every line of its section;
- a heading that is the note's title, or that the line already says, is not said again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, ingest_titled

from adapters.console import SPACE

NOTES = {
    "people/drivers.md": (
        "Van drivers",
        "Who drives what (updated by Carol, March 2024)\n\n"
        "KEV DOYLE — van 2 (Transit)\n- 07700 900111\n- North run Monday and Wednesday.\n"
        "- Loads from bay 1, leaves 7.30am.\n\n"
        "SAM PRICE — van 3 (Sprinter)\n- 07700 900222\n- South run Tuesday and Thursday.\n"
        "- Loads from bay 2, leaves 8am.\n\n"
        "Both: tachograph sheets to Carol every Friday.",
    ),
    "stores/opening-hours.md": (
        "Trade counter hours",
        "date: 2024-01-02\n\n## Trade counter hours\n\nMonday to Friday 7am – 5pm. Saturday 8am – 12 noon.\n\n"
        "## Christmas\n\nClosed 25 December to 1 January. Van runs stop on 22 December.",
    ),
    "stores/returns.md": (
        "Returns policy",
        "date: 2023-09-12\n\nUnused stock back within 28 days with the ticket, full credit. "
        "Special orders are not returnable. Cut pipe is not returnable.",
    ),
}


@pytest.fixture
async def notes(local_rt: Any, tmp_path: Path) -> None:
    await ingest_titled(local_rt, tmp_path, NOTES, SPACE)


@pytest.mark.parametrize("question", ["who drives van 3", "what's the sprinter driver's phone number?"])
async def test_a_line_is_said_with_the_heading_naming_whose_it_is(
    local_rt: Any, notes: None, question: str
) -> None:
    lines = bullet_lines(await ask(local_rt, question))
    assert any(line.startswith("- SAM PRICE — van 3 (Sprinter): ") for line in lines), lines


async def test_the_heading_is_said_once_a_note(local_rt: Any, notes: None) -> None:
    lines = bullet_lines(await ask(local_rt, "sprinter van 3 run days and times"))
    assert sum("SAM PRICE" in line for line in lines) == 1, lines
    assert any("South run Tuesday and Thursday" in line for line in lines), lines


async def test_a_heading_the_line_or_the_title_says_is_not_said_again(local_rt: Any, notes: None) -> None:
    lines = bullet_lines(await ask(local_rt, "trade counter opening hours saturday"))
    assert any("Saturday 8am – 12 noon" in line for line in lines), lines
    assert not any("Trade counter hours:" in line for line in lines), lines

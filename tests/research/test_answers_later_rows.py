"""A later note on the same subject ("Boathouse — spring" of "Boathouse codes") that gives the
row of the same thing another code answers, saying what it replaced, though it never says
"code" and the cut-off left it out; a list typed with dot leaders ("Slipway gate ..... 8830",
"Rack store .. 1177") is read a row a line. The notes are a sailing club's, written for this
test."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, ingest_dated

from adapters.console import SPACE

NOTES = [
    (
        "security/boathouse-codes.md",
        "Boathouse codes",
        "# Gate and store codes — members only, do not forward\n\n"
        "| Lock | Code |\n|---|---|\n"
        "| Slipway gate | 5521 |\n| Rack store | 3090 |\n| Car park barrier | 7702 |\n\n"
        "Codes go to members by text from the membership secretary, never on the noticeboard.\n",
        datetime(2024, 1, 8, tzinfo=UTC),
    ),
    (
        "security/boathouse-spring.md",
        "Boathouse — spring",
        "Members only. Don't paste into the racing group.\n\n"
        "Slipway gate ......... 8830\n"
        "Rack store .. 1177\n"
        "Car park barrier ..... 7702 (not changed)\n\n"
        "Done by Carys on 2 April. Texts sent to all members 3 April.\n",
        datetime(2024, 4, 3, tzinfo=UTC),
    ),
    (
        "committee/2024-03-committee.md",
        "Committee — March 2024",
        "1. Dinghy park: two abandoned Toppers to be removed.\n"
        "2. After the theft from the rack store, all codes to be changed before the season starts.\n"
        "3. Open day on 20 April; Carys to book the safety boat.\n",
        datetime(2024, 3, 12, tzinfo=UTC),
    ),
    (
        "safety/safety-boat.md",
        "Safety boat",
        "The safety boat is a 4.2 m RIB with a 30 hp outboard. Kill cord on at all times.",
        datetime(2023, 6, 1, tzinfo=UTC),
    ),
]


@pytest.fixture
async def notes(local_rt: Any, tmp_path: Path) -> None:
    await ingest_dated(local_rt, tmp_path, NOTES, SPACE)


@pytest.mark.parametrize("question", ["slipway gate code", "What's the code for the slipway gate?"])
async def test_a_later_notes_row_gives_the_code_in_force(local_rt: Any, notes: None, question: str) -> None:
    answer = await ask(local_rt, question)
    lines = bullet_lines(answer)
    assert lines and "8830" in lines[0] and "replaced" in lines[0], answer
    assert "5521" not in "\n".join(lines[1:]), answer


def test_dot_leaders_of_two_dots_before_a_figure_make_rows() -> None:
    from bot.research.evidence import units

    said = [u.text for u in units("Rack store .. 1177\nWe met at 10 .. then left for the pub.\n")]
    assert said == ["Rack store: 1177", "We met at 10 .. then left for the pub."]


def test_a_row_gives_a_code_anew_only_as_another_code_of_the_same_thing() -> None:
    from bot.research.supersession import _code_changed

    assert _code_changed("Slipway gate: 8830", "Lock: Slipway gate; Code: 5521")
    assert not _code_changed("Car park barrier: 7702 (not changed)", "Lock: Car park barrier; Code: 7702")
    assert not _code_changed("Season: 2025", "Season: 2024")  # a year is no code
    assert not _code_changed("Slipway gate: key only", "Lock: Slipway gate; Code: 5521")

"""When a note was written, as a brass band's and a zoo's notes say it (read in the thirty-ninth
session, when they became development sets), on a village cricket club's notes written for
these tests:

- "ERRATUM – minutes of 5 March 2024, item 5" with a "date: 2024-03-20" line is dated by that
  line, not by the minutes its title names: so its "correct figure" is later than the minutes'
  and replaces it (dated by its title, it was as old as the minutes and replaced nothing);
- a pasted chat whose first line opens with a tag ("#teas (WhatsApp) - pasted 14 Apr 2024") is
  dated by that line: the tag is no heading;
- "match tea supplier changed from Barlow Bakery to Crumbs Kitchen" changes away from what the
  note "Match tea supplier - Barlow Bakery" is about, whichever of its lines answers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, write_notes

from adapters.console import SPACE
from bot.knowledge.ingest import written_date

RAW = {
    "committee/2024-03-05-minutes.md": (
        "# Committee minutes 5 March 2024\n\nPresent: Alan (chair), Sue, Raj, Tom, Bev.\n\n"
        "1. Minutes of the last meeting agreed.\n\n2. Ground: the roller is back from repair.\n\n"
        "3. Nets: new netting on order, Tom to chase.\n\n4. Bar: stock take on Sunday.\n\n"
        "5. Match fees\nAGREED that the adult match fee be increased to £12 per game from 1 April 2024, "
        "paid to the captain on the day; juniors stay free. Proposed Sue, seconded Raj.\n\n"
        "6. AOB: fixtures card at the printers.\n"
    ),
    "committee/erratum-match-fee.md": (
        "# ERRATUM – minutes of 5 March 2024, item 5\ndate: 2024-03-20\n\nFrom: Sue Pike, Secretary\n\n"
        "Item 5 of the minutes of 5 March 2024 is wrong. The minutes say the match fee was increased to "
        "£12 per game. £12 was first proposed; an amendment to £14 was carried.\n\n"
        "**The correct figure is £14 per game from 1 April 2024** (paid to the captain on the day; juniors "
        "stay free). Please amend your copies.\n"
    ),
    "teas/tea-supplier-barlow.md": (
        "---\ntitle: Match tea supplier - Barlow Bakery\ndate: 2022-05-01\n---\n\n"
        "**Barlow Bakery**, 3 High Street. Contact Gwen Barlow, 07700 900311.\n\n"
        "Sandwiches and cake for 22 every home Saturday, delivered 3pm to the pavilion kitchen.\n"
        "Invoiced monthly to the treasurer.\n"
    ),
    "teas/teas-chat.md": (
        "#teas (WhatsApp) - pasted 14 Apr 2024\n\n"
        "Jan 09:12 heads up - match tea supplier changed from Barlow Bakery to Crumbs Kitchen from this "
        "week. Barlow can't do Saturdays any more\n\nSue 09:15 ok, same time?\n\nJan 09:16 yes 3pm, kitchen door\n"
    ),
}


@pytest.fixture
async def notes(local_rt: Any, tmp_path: Path) -> None:
    write_notes(tmp_path / "vault", RAW)
    await local_rt.ingest(tmp_path / "vault", space=SPACE)


def test_a_date_line_dates_the_note_before_a_date_its_title_names() -> None:
    dated = written_date("ERRATUM – minutes of 5 March 2024, item 5", "date: 2024-03-20\n\nFrom: Sue")
    assert dated is not None and dated.date().isoformat() == "2024-03-20"
    dated = written_date("Review (11 March 2026)", "Some text about the review.\n")
    assert dated is not None and dated.date().isoformat() == "2026-03-11"


def test_a_first_line_opening_with_a_tag_is_no_heading() -> None:
    dated = written_date("teas chat", "#teas (WhatsApp) - pasted 14 Apr 2024\n\nJan 09:12 heads up")
    assert dated is not None and dated.date().isoformat() == "2024-04-14"


@pytest.mark.parametrize("question", ["adult match fee per game", "wots the match fee per game these days"])
async def test_an_erratum_dated_by_its_date_line_replaces_the_minutes(
    local_rt: Any, notes: None, question: str
) -> None:
    lines = bullet_lines(await ask(local_rt, question))
    assert lines and "£14" in lines[0] and "it replaced" in lines[0], lines


async def test_a_chat_changing_away_from_what_a_note_is_about(local_rt: Any, notes: None) -> None:
    lines = bullet_lines(await ask(local_rt, "match tea supplier current"))
    assert lines and "Crumbs Kitchen" in lines[0] and "it replaced" in lines[0], lines

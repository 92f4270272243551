"""Notes as teams paste them, read as they are meant (the coach firm's, architects' and cycle
co-op's vaults, bench/sealed/answers_{coaches,architects,cycles}/, showed each):

- a spreadsheet pasted as CSV was one paragraph of commas: the row asked for was never a passage;
- a chat export was one paragraph: "[02/09/2024, 16:42] Kev: B3 first pickup changed …" was read
  with the message before it, and a message asking something swallowed the replies after it;
- minutes typed with a plain line over each item ("P2304 St Aldric's CE Primary — CW/SF/TA") lost
  the item's name for the lines under it, so "who won the St Aldric's tender" found no passage
  saying the name; and a "---" rule joined the paragraphs it parts;
- an erratum's figure did not replace the figure it names as wrong when the units differ ("£54/hr"
  against "£52 per hour"), and a later rule forbidding what an earlier one allowed ("No vehicle is
  to be kept at a driver's home overnight") replaced nothing: neither states a change in words;
- a line all in bold over a list ("**Ashcombe:**" over the spare cylinders' place, the vet
  practice's vault) headed nothing: the site it names was in no passage of its list.

The notes here are written for these tests (a sailing club's), not copied from those vaults.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, write_notes

from adapters.console import SPACE
from bot.research.evidence import answer_types, units

INSTRUCTORS = """Instructor tickets — Moira keeps this (updated 3 Mar 2025)
Pasted from the spreadsheet:

name,ticket_expiry,first_aid,notes
Alun Pryce,2026-01-27,2025-11-02,needs a refresher
Bethan Rowe,2025-09-10,2026-04-01,
Cai Morgan,2027-01-15,,first aid booked
Dilys Evans,2026-03-09,2025-12-12,
"""

TENDERS = """Committee meeting 14 Jan 2025

---
Boathouse roof — HT
Status: tender returns received 10 Jan. Three returns:
  - Penrhos Roofing Ltd   £48,400
  - Afon Building         £51,950
Report recommends Penrhos (lowest, compliant). Treasurer agrees.

Slipway winch — GD
Status: new motor fitted 2 Jan.
"""

CHAT = """Race team chat — WhatsApp export

[02/09/2024, 16:41] Gethin Lloyd: Evening all.
Helms and crews pls read
[02/09/2024, 16:42] Gethin Lloyd: Sunday briefing changed from 10:15 to 09:45 starting this week.
Tide is early.
[02/09/2024, 16:44] Nia Hughes: noted.

Rhys Owen 17:12
anyone know where the spare tiller went?
Nia Hughes 17:15
in the dinghy park shed
"""


def test_a_pasted_csv_is_read_row_by_row() -> None:
    rows = [u.text for u in units(INSTRUCTORS)]
    assert "name: Dilys Evans; ticket expiry: 2026-03-09; first aid: 2025-12-12" in rows, rows
    assert "name: Cai Morgan; ticket expiry: 2027-01-15; notes: first aid booked" in rows, rows


def test_sums_and_prose_with_commas_are_no_csv() -> None:
    read = [u.text for u in units(TENDERS)]
    assert "Penrhos Roofing Ltd £48,400" in read, read
    prose = "We bought rope, shackles, blocks and a new burgee,\nthen went home, tired, wet, happy.\n"
    assert not any(": " in u.text for u in units(prose))


def test_each_message_of_a_pasted_chat_is_its_own() -> None:
    read = [u.text for u in units(CHAT)]
    assert any(
        r.startswith("[02/09/2024, 16:42] Gethin Lloyd: Sunday briefing changed from 10:15 to 09:45")
        for r in read
    ), read
    assert "Helms and crews pls read" in read, read  # not read with the next message
    assert "Rhys Owen 17:12 anyone know where the spare tiller went?" in read, read
    assert "Nia Hughes 17:15 in the dinghy park shed" in read, read


def test_a_plain_line_over_an_item_names_its_lines() -> None:
    read = units(TENDERS)
    recommends = next(u for u in read if u.text.startswith("Report recommends Penrhos"))
    assert recommends.section == "Boathouse roof — HT", recommends
    winch = next(u for u in read if "new motor" in u.text)
    assert winch.section == "Slipway winch — GD", winch
    assert not any(u.text.startswith("---") for u in read), [u.text for u in read]


def test_wrapped_sentences_and_stacked_short_lines_are_no_headings() -> None:
    wrapped = units("We agreed that the new safety boat\nwill be ordered in March.\n")
    assert [u.text for u in wrapped] == ["We agreed that the new safety boat will be ordered in March."]
    assert wrapped[0].section == ""
    stack = units("Rota\n\nMonday Gethin\nTuesday Nia\nWednesday Rhys\n")
    assert all(u.section == "" for u in stack), stack
    assert any("Tuesday Nia" in u.text for u in stack), stack


def test_a_sentence_over_a_list_is_read_with_its_items() -> None:
    """ "Juniors may helm a club dinghy alone if all of these are true:" says nothing without
    its list: the conditions are read with it (and each alone as well); a line after the list
    is not."""
    text = (
        "# Junior helming\n\nJuniors may helm a club dinghy alone if all of these are true:\n\n"
        "- aged 14 or over\n- RYA Stage 3 passed\n- a parent has signed the form\n\n"
        "Juniors who don't meet this sail with an instructor.\n"
    )
    read = [u.text for u in units(text)]
    assert read[0] == (
        "Juniors may helm a club dinghy alone if all of these are true: aged 14 or over; "
        "RYA Stage 3 passed; a parent has signed the form"
    ), read
    assert "aged 14 or over" in read, read
    assert read[-1] == "Juniors who don't meet this sail with an instructor.", read


def test_one_name_inside_a_sentence_answers_who() -> None:
    person = answer_types("who is the bosun now?")[0]
    assert person.search("As agreed at the committee, Ruth is bosun from 1 April")
    assert not person.search("Deliveries go to the clubhouse. Open in July and August.")


RATES = """---
title: Mooring price list 2025
date: 2024-12-04
---
Mooring fee: £52 per metre a season (paid by 1 April)
Winter storage: £18 a week
"""

ERRATUM = """---
title: ERRATUM — mooring fee on the 2025 price list
date: 2025-01-05
---
The 2025 price list ([[moorings/price-list-2025]]) went out with the mooring fee as £52/metre. That
was the draft figure. The fee the members voted for was **£54/metre**, from 1 January 2025.
"""

LEAVING = """---
title: Taking club boats home (early regattas)
date: 2023-05-22
---
Helms on a regatta with a launch before 07:00 may take the club trailer and boat home the night before.
- lock the hitch, covers on
"""

MEMO = """---
title: Memo - club boats and trailers overnight
date: 2024-11-18
---
Following the theft of a trailer from a driveway, with effect from 1 December 2024:
No club boat or trailer is to be kept at a member's home overnight. That includes early regattas.
"""


@pytest.fixture
async def club(local_rt: Any, tmp_path: Path) -> None:
    write_notes(
        tmp_path / "vault",
        {
            "moorings/price-list-2025.md": RATES,
            "moorings/erratum-mooring-fee.md": ERRATUM,
            "boats/taking-boats-home.md": LEAVING,
            "office/memo-boats-overnight.md": MEMO,
            "people/instructor-tickets.md": INSTRUCTORS,
            "meetings/race-team-chat.md": CHAT,
        },
    )
    await local_rt.ingest(tmp_path / "vault", space=SPACE)


async def test_an_erratum_figure_replaces_the_one_it_names_wrong(local_rt: Any, club: None) -> None:
    lines = bullet_lines(await ask(local_rt, "what's the mooring fee per metre at the moment?"))
    assert lines and "£54/metre" in lines[0] and "in force" in lines[0], lines


async def test_a_later_rule_forbidding_what_one_allowed_replaces_it(local_rt: Any, club: None) -> None:
    lines = bullet_lines(
        await ask(local_rt, "can helms take a club boat home the night before an early regatta?")
    )
    assert lines and "No club boat or trailer is to be kept" in lines[0], lines
    assert "in force" in lines[0], lines


async def test_the_csv_row_asked_for_answers(local_rt: Any, club: None) -> None:
    lines = bullet_lines(await ask(local_rt, "when does Dilys Evans's instructor ticket expire"))
    assert lines and "Dilys Evans" in lines[0] and "2026-03-09" in lines[0], lines
    assert "Alun Pryce" not in lines[0], lines  # the row, not the sheet


async def test_the_chat_message_asked_for_answers(local_rt: Any, club: None) -> None:
    lines = bullet_lines(await ask(local_rt, "what time is the sunday race briefing now"))
    assert lines and "09:45" in lines[0], lines
    assert "Helms and crews" not in lines[0], lines  # the message, not the one before it


def test_a_list_item_typed_with_hard_line_breaks_is_one_sentence() -> None:
    wrapped = (
        "2. Welfare. Dewi is stepping down after four years. The committee appointed Ffion Hale (junior\n"
        "coach) as welfare officer with immediate effect. Dewi stays on as her deputy.\n"
    )
    assert "The committee appointed Ffion Hale (junior coach) as welfare officer with immediate effect." in [
        u.text for u in units(wrapped)
    ]
    # short lines in lower case under an item are lines of their own
    listed = "- windows ..... 1.4 (or WER band B)\n    rooflights .. 2.2\n- doors ....... 1.4\n"
    assert [u.text for u in units(listed)] == [
        "windows ..... 1.4 (or WER band B)",
        "rooflights .. 2.2",
        "doors ....... 1.4",
    ]


GASES = """# Bottled gas

Supplier: Calder Gas, account CG-118 (next-day swaps, order by 2pm)

**Ashby:**
- 2 large propane bottles on the kitchen manifold
- Spare propane bottles are kept in the locked cage behind the boat shed.

**Kelton:**
- 1 large bottle on the barbecue
- Spare bottles in the store room by the slipway.
"""

ASHBY = """# Ashby boathouse

Ashby boathouse is open 9am to 5pm, Tuesday to Sunday. Keys from the Ashby office.
"""


def test_a_line_all_in_bold_heads_the_list_under_it() -> None:
    sections = {u.text: u.section for u in units(GASES)}
    assert sections["Spare propane bottles are kept in the locked cage behind the boat shed."] == "Ashby"
    assert sections["Spare bottles in the store room by the slipway."] == "Kelton"
    # a sentence in bold over its list introduces it, as a plain one does
    listed = units(
        "# Complaint\n\n**Investigation (Owen / Marek, 9-10 July):**\n- butter swapped\n- oven fine\n"
    )
    assert {u.section for u in listed} == {"Complaint"}, listed


async def test_a_site_named_only_in_a_bold_line_answers_for_its_list(local_rt: Any, tmp_path: Path) -> None:
    write_notes(tmp_path / "vault", {"boats/bottled-gas.md": GASES, "sites/ashby.md": ASHBY})
    await local_rt.ingest(tmp_path / "vault", space=SPACE)
    # the site the question names is said only by the bold line over the list
    lines = bullet_lines(await ask(local_rt, "Where are the spare gas bottles kept at Ashby?"))
    assert lines and "locked cage behind the boat shed" in lines[0], lines

"""Questions typed in chat, on notes typed in chat, as the airfield vault showed them (its
misses read this session):

- a word typed wrong ("hieght", "opne") or short ("defib") is searched and read as the notes
  spell it, and a chat spelling of a question word ("wats") counts against no note;
- the team's own name ("Crannoch Wall", on most of its notes) is no name an answering note must
  repeat: the minutes that changed a rule need not say where the team is;
- "weekend opening changed from 9 to 10.30" replaces the opening-hours table's Saturday and
  Sunday rows, a time typed with a dot and without "am";
- rows of one note's table are each a record, never a repeat of another (the auto-belay unit
  bought beside its lanyard, on the same day from the same firm);
- "Pip's new days are every other Thursday" in a later rota replaces "every other Tuesday";
- "No. 3 lane" does not end a sentence;
- a "why" question is answered first by the line of its note that plainly states a cause ("the
  … has collapsed"), when that line is close to the note's best.

The notes here are written for these tests (a climbing centre's)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, ingest_titled

from adapters.console import SPACE
from bot.research.names import respelled

NOTES = {
    "ops/auto-belays.md": (
        "Auto-belays",
        "date: 2024-09-02\n\nThe auto-belays on the training wall are inspected every three months by "
        "Vertex Safety. Height limit for the auto-belay routes: 9 m. Staff log each check "
        "in the red folder.",
    ),
    "cafe/opening-hours.md": (
        "Crannoch Wall café opening hours",
        "date: 2024-10-01\n\n| Day | Open | Close |\n|---|---|---|\n| Monday – Friday | 12:00 | 21:00 |\n"
        "| Saturday | 09:00 | 18:00 |\n| Sunday | 09:00 | 18:00 |\n\nHot food stops at 17:00.",
    ),
    "cafe/chat-2025-03.md": (
        "cafe chat 2025 03",
        "Jo: committee ok'd brunch\nJo: weekend opening changed from 9 to 10.30, starting sat 5th april. "
        "weekdays same\nSam: who's opening up then\nJo: me",
    ),
    "committee/2025-05-14-minutes.md": (
        "Staff meeting — 14 May 2025",
        "1. Rota. Kim covers Sundays until August.\n\n"
        "2. Auto-belays. Agreed: auto-belay inspection moved to monthly after the fault on No. 3 lane "
        "(the lanyard frayed). Dev to tell Vertex.\n\n"
        "3. Kids' parties. Price stays £14 a head.\n\n"
        "4. Ropes. Agreed: lead rope inspection moved to weekly after a core shot on a green rope.",
    ),
    "ops/rope-checks.md": (
        "Rope checks",
        "date: 2024-09-02\n\nThe lead ropes are inspected every three months by the duty manager, who "
        "retires any rope with a flat spot.",
    ),
    "ops/route-setting.md": (
        "Route setting",
        "updated 3 March 2024\n\nPip Rowe (Overhang Setting, 07700 900412) comes every other Tuesday, "
        "starting 8am on the lead wall. Walls closed until 12.",
    ),
    "ops/route-setting-autumn-2025.md": (
        "Route setting rota autumn 2025",
        "date: 2025-09-01\n\nPip's new days are every other Thursday, first one 4 Sept. 7.30 start.",
    ),
    "ops/parts-2025.md": (
        "Parts bought 2025 — Crannoch Wall",
        "date,supplier,part no,description,lane,qty,unit cost gbp,total gbp\n"
        "2025-05-02,Vertex Safety,VX-220-L,auto-belay lanyard,3,1,96.00,96.00\n"
        "2025-05-02,Vertex Safety,VX-220,auto-belay unit,3,1,2340.00,2340.00\n"
        "2025-02-11,Holdfast,HF-9,chalk buckets,,5,8.50,42.50\n",
    ),
    "ops/closure-2025-02.md": (
        "Bouldering cave closed — February",
        "## 3 Feb 2025 — CAVE CLOSED\n\nMo here. The bouldering cave is closed from today. Water is coming "
        "through the ceiling over the cave mats and it isn't stopping.\n\n"
        "The roofer came on Tuesday and found the gutter over the cave has collapsed at the corner — "
        "about 4 m of it sagging off its brackets. Probably the snow load last month.\n\n"
        "Until it's fixed: use the training wall. The Crannoch Wall cave fund can cover the roofer.\n\n"
        "Update 14 Feb: new gutter up, cave open again.",
    ),
    "admin/welcome.md": (
        "Welcome to Crannoch Wall",
        "Crannoch Wall is a climbing centre with a training wall, a bouldering cave and a café. New staff "
        "shadow a shift first. The defibrillator hangs by the café door. Shift templates are on the "
        "office wall.",
    ),
    "admin/parking.md": (
        "Parking at Crannoch Wall",
        "Staff park behind Crannoch Wall, not in the customer bays.",
    ),
}


@pytest.fixture
async def notes(local_rt: Any, tmp_path: Path) -> None:
    """The notes as files, ingested as a vault is (each dated by what its text says)."""
    await ingest_titled(local_rt, tmp_path, NOTES, SPACE)


async def test_a_word_typed_wrong_is_read_as_the_notes_spell_it(local_rt: Any, notes: None) -> None:
    lexical = local_rt.investigator.recall.retriever.lexical
    await lexical.refresh()
    assert respelled("wats the hieght limit on the auto belays", lexical) == (
        "wats the height limit on the auto belays"
    )
    assert respelled("is the cave opne", lexical) == "is the cave open"
    # typed short: the word of the notes it starts
    assert respelled("wheres the defib", lexical) == "wheres the defibrillator"
    # ... not a start of four letters: "temp" starts "templates" as well as "temperature"
    assert respelled("wat temp is the cafe fridge", lexical) == "wat temp is the cafe fridge"
    # a word the notes write, an English word they do not, a name typed in capitals: as typed
    assert respelled("cafe hours Crannoch parking weather", lexical) == "cafe hours Crannoch parking weather"
    lines = bullet_lines(await ask(local_rt, "wats the hieght limit on the auto belays"))
    assert lines and "9 m" in lines[0], lines


async def test_the_teams_own_name_need_not_be_in_the_answering_note(local_rt: Any, notes: None) -> None:
    # "Crannoch Wall" is on five of the eleven notes; neither the minutes that changed the
    # inspections nor the page they changed says it
    lines = bullet_lines(await ask(local_rt, "how often are the lead ropes at crannoch wall inspected now"))
    assert lines and "weekly" in lines[0], lines


@pytest.mark.parametrize(
    "question", ["What time does the café open at weekends?", "cafe weekend opening time"]
)
async def test_a_time_changed_in_chat_replaces_the_tables_rows(
    local_rt: Any, notes: None, question: str
) -> None:
    lines = bullet_lines(await ask(local_rt, question))
    assert lines and "10.30" in lines[0] and "replaced" in lines[0], lines
    assert not any("Saturday; Open: 09:00" in line for line in lines[:1]), lines


async def test_new_days_in_a_later_rota_replace_the_earlier_day(local_rt: Any, notes: None) -> None:
    lines = bullet_lines(await ask(local_rt, "What day does Pip come for route setting?"))
    assert lines and "Thursday" in lines[0] and "replaced" in lines[0], lines


async def test_rows_of_one_table_are_not_repeats(local_rt: Any, notes: None) -> None:
    lines = bullet_lines(await ask(local_rt, "what did the auto-belay parts for lane 3 cost"))
    assert any("2340.00" in line for line in lines) and any("96.00" in line for line in lines), lines


async def test_a_number_sign_does_not_end_a_sentence(local_rt: Any, notes: None) -> None:
    text = await ask(local_rt, "why were the auto-belay inspections moved to monthly?")
    assert "on No. 3 lane (the lanyard frayed)" in text, text


async def test_a_plainly_stated_cause_answers_why_first(local_rt: Any, notes: None) -> None:
    lines = bullet_lines(await ask(local_rt, "Why was the bouldering cave closed in February?"))
    assert lines and "has collapsed" in lines[0], lines


# Words typed run together ("keysafe", "pumpout") where the notes write them apart or hyphened
RUN_TOGETHER = {
    "moorings/price-list.md": (
        "Moorings price list",
        "date: 2025-01-10\n\nPump-out (staff operated): £18.\nSelf-service card for the pump: £12.\n"
        "Diesel: £1.10 a litre.",
    ),
    "office/key-safe.md": (
        "Key safe",
        "date: 2024-06-01\n\nThe key safe by the fire door opens with 4471. Change the code each term.",
    ),
    "office/alarm.md": (
        "Alarm",
        "date: 2024-06-01\n\nAlarm code for the office: 9012. The safe in the office is for cash only.",
    ),
    "ops/auto-belays.md": (
        "Auto-belays",
        "date: 2024-09-02\n\nThe auto-belays on the training wall are inspected every three months by "
        "Vertex Safety.",
    ),
    "ops/auto-belay-parts.md": (
        "Auto-belay parts",
        "date: 2025-05-02\n\nSpare auto-belay lanyards are in the red box.",
    ),
    "ops/lane-log.md": ("Lane log", "date: 2025-06-01\n\nLane 3 autobelay swapped for the spare."),
}


async def test_words_typed_run_together_are_read_as_the_notes_write_them(
    local_rt: Any, tmp_path: Path
) -> None:
    await ingest_titled(local_rt, tmp_path, RUN_TOGETHER, SPACE)
    lexical = local_rt.investigator.recall.retriever.lexical
    await lexical.refresh()
    assert respelled("keysafe code", lexical) == "key safe code"
    assert respelled("pumpout price staff operated", lexical) == "pump out price staff operated"
    # written run together in one note and apart in more: searched both ways
    assert respelled("autobelays checked how often", lexical) == "autobelays auto belays checked how often"
    # two words no note holds together ("fire" and "wood"), a word the notes write: as typed
    assert respelled("firewood for the pump", lexical) == "firewood for the pump"
    lines = bullet_lines(await ask(local_rt, "whats the keysafe code"))
    assert lines and "4471" in lines[0], lines
    lines = bullet_lines(await ask(local_rt, "how much is a pumpout if staff do it"))
    assert lines and "£18" in lines[0], lines

"""The statement in force when a later note corrects or renames an earlier one without the
signs the other rules read: a note titled as a correction ("Erratum — summer concert
date"), a one-value change in a pasted chat ("delivery day changed from Thursday to
Monday"), and a note renamed ("Kiosk hours" of a later date, the earlier "Kiosk opening
hours" headed "# Kiosk hours"). The answer quotes the one in force and says what it
replaced; a change of another subject replaces nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from research_helpers import add_note, ask, bullet_lines

from adapters.console import SPACE
from bot.research.supersession import later_edition

OTHERS = [
    ("hall/bookings.md", "Hall bookings", "Book the hall through the parish office; the deposit is £40."),
    (
        "hall/heating.md",
        "Hall heating",
        "The heating comes on at 18:00 on rehearsal nights; the thermostat is locked.",
    ),
    ("choir/music.md", "Music library", "Scores are lent for a term; return them to the librarian in June."),
]


async def _others(rt: Any) -> None:
    for source, title, content in OTHERS:
        await add_note(rt, source, title, content, space=SPACE, created_at=datetime(2025, 2, 1, tzinfo=UTC))


async def test_an_erratum_note_corrects_the_date_it_names(rt: Any) -> None:
    await _others(rt)
    await add_note(
        rt,
        "events/summer-concert.md",
        "Summer concert 2026",
        "# Summer concert 2026\n\n**Date: Saturday 13 June 2026, 7pm.** Tickets £8 at the door.\n\n"
        "- Warm-up in the vestry at 6pm.\n- Interval drinks by the youth group.\n",
        space=SPACE,
        created_at=datetime(2026, 3, 2, tzinfo=UTC),
    )
    await add_note(
        rt,
        "events/erratum-concert.md",
        "Erratum — summer concert date",
        "The concert poster and the newsletter said Saturday 13 June. That was wrong, the church is "
        "booked for a wedding. The concert is on Sunday 21 June 2026, same time.\n",
        space=SPACE,
        created_at=datetime(2026, 3, 9, tzinfo=UTC),
    )
    text = await ask(rt, "summer concert 2026 date")
    bullets = bullet_lines(text)
    assert bullets and "21 June" in bullets[0], text
    assert "it replaced Saturday" in bullets[0], text
    assert not any("Date: Saturday 13 June" in b and "Superseded" not in b for b in bullets), text


async def test_a_chat_changing_one_value_replaces_the_statement_of_it(rt: Any) -> None:
    await _others(rt)
    await add_note(
        rt,
        "suppliers/hollin-logs.md",
        "Hollin Logs — firewood supply",
        "Our log supplier since 2021.\n\n- Rep: Ivo Marsh\n"
        "- Delivery: seasoned logs delivered on Thursdays, before noon. Leave the side gate open.\n"
        "- Minimum order: 2 crates.\n",
        space=SPACE,
        created_at=datetime(2025, 6, 1, tzinfo=UTC),
    )
    await add_note(
        rt,
        "suppliers/chat-logs.md",
        "chat logs",
        "[12/01/2026 09:14] Ana: Hollin delivery day changed from Thursday to Monday from next week\n"
        "[12/01/2026 09:20] Tom: ok noted\n",
        space=SPACE,
        created_at=datetime(2026, 1, 12, tzinfo=UTC),
    )
    text = await ask(rt, "Hollin log delivery day")
    bullets = bullet_lines(text)
    assert bullets and "changed from Thursday to Monday" in bullets[0], text
    assert "it replaced Thursday" in bullets[0], text


async def test_a_change_of_another_subject_replaces_nothing(rt: Any) -> None:
    await _others(rt)
    await add_note(
        rt,
        "suppliers/hollin-logs.md",
        "Hollin Logs — firewood supply",
        "- Delivery: seasoned logs delivered on Thursdays, before noon. Leave the side gate open.\n",
        space=SPACE,
        created_at=datetime(2025, 6, 1, tzinfo=UTC),
    )
    await add_note(
        rt,
        "hall/chat-bins.md",
        "chat bins",
        "[12/01/2026 09:14] Ana: bin collection day changed from Thursday to Monday, put them out Sunday night\n",
        space=SPACE,
        created_at=datetime(2026, 1, 12, tzinfo=UTC),
    )
    text = await ask(rt, "Hollin log delivery day")
    assert "it replaced" not in text and "Superseded" not in text, text
    bullets = bullet_lines(text)
    assert bullets and "Thursdays" in bullets[0], text


async def test_a_renamed_note_of_a_later_date_replaces_the_one_it_renamed(rt: Any) -> None:
    await _others(rt)
    await add_note(
        rt,
        "kiosk/opening-hours.md",
        "Kiosk opening hours",
        "# Kiosk hours\n\nMon–Fri 8:00–17:00\nSat 9:00–13:00\n\nCard only on Saturdays.\n",
        space=SPACE,
        created_at=datetime(2025, 4, 1, tzinfo=UTC),
    )
    await add_note(
        rt,
        "kiosk/hours-winter.md",
        "Kiosk hours",
        "Kiosk hours:\n\nEvery day 9:00 – 15:00\nLast hot drinks 14:45\n",
        space=SPACE,
        created_at=datetime(2025, 11, 3, tzinfo=UTC),
    )
    text = await ask(rt, "what are the kiosk hours")
    bullets = bullet_lines(text)
    assert bullets and "15:00" in bullets[0], text
    assert "it replaced" in bullets[0], text
    assert not any("Mon–Fri 8:00–17:00" in b and "Superseded" not in b for b in bullets), text


async def test_minutes_moving_a_procedure_to_another_day_replace_the_procedure_page(rt: Any) -> None:
    await _others(rt)
    await add_note(
        rt,
        "hall/cleaning-procedure.md",
        "Cleaning procedure — hall floor",
        "# Cleaning procedure (hall floor)\n\n1. **When:** the hall floor is polished on Monday mornings, "
        "07:00–08:00.\n2. **Who:** the caretaker only.\n",
        space=SPACE,
        created_at=datetime(2025, 3, 1, tzinfo=UTC),
    )
    await add_note(
        rt,
        "meetings/2026-05-committee.md",
        "Committee meeting — May 2026",
        "1) Finance. Nothing new.\n\n2) Hall floor. The Monday polishing clashes with the toddler group. "
        "**Decision: all hall floor polishing moves to Saturday evenings after the last booking (from "
        "20:00).** Caretaker to update the procedure.\n",
        space=SPACE,
        created_at=datetime(2026, 5, 12, tzinfo=UTC),
    )
    text = await ask(rt, "when is the hall floor polished")
    bullets = bullet_lines(text)
    assert bullets and "moves to Saturday evenings" in bullets[0], text
    assert "it replaced" in bullets[0], text


class _Entry:
    def __init__(self, id: str, title: str, source: str, content: str, month: int) -> None:
        self.id, self.title, self.source, self.content = id, title, source, content
        self.type, self.author, self.meta = "note", "", {}
        self.created_at = datetime(2025, month, 1, tzinfo=UTC)


def test_a_note_is_renamed_only_when_its_title_is_the_others_top_heading() -> None:
    old = _Entry(
        "a",
        "Kiosk opening hours",
        "kiosk/opening-hours.md",
        "---\ndate: x\n---\n# Kiosk hours\n\nMon 8–5\n",
        4,
    )
    new = _Entry("b", "Kiosk hours", "kiosk/hours-winter.md", "Every day 9–3\n", 11)
    assert later_edition(new, old)
    assert not later_edition(old, new)  # the earlier one
    # a heading further down is a section, not the note's name
    deep = _Entry(
        "c", "Kiosk opening hours", "kiosk/opening-hours.md", "Mon 8–5\n\n# Kiosk hours\n\nMore\n", 4
    )
    assert not later_edition(new, deep)
    # two notes of one title, neither marked as an edition, are two notes
    twin = _Entry("d", "Kiosk hours", "stores/kiosk-hours.md", "# Kiosk hours\n\nTill 5\n", 12)
    assert not later_edition(twin, new)

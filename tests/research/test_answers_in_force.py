"""The rule in force when the later decision is written the way people write one: a note
dated only by its file name's month, a change "from May 2025", a clock time written "2pm",
a long reference line restating little besides the subject the question names; and the
answer that stands a line after the one that names what was asked."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from research_helpers import add_note, ask, bullet_lines

from adapters.console import SPACE
from bot.knowledge.ingest import parse_markdown
from bot.sources import date_of

OTHERS = [
    ("notes/pool.md", "Pool", "The pool is closed for cleaning on the first Monday of each month."),
    ("notes/classes.md", "Classes", "Spin classes run on Tuesday and Thursday evenings; book at reception."),
    ("notes/parking.md", "Parking", "Staff park at the back of the building, members at the front."),
    ("people/owen.md", "Owen Pryce", "Owen runs the front desk and the members' records."),
]


async def _others(rt: Any) -> None:
    for source, title, content in OTHERS:
        await add_note(rt, source, title, content, space=SPACE, created_at=datetime(2024, 9, 1, tzinfo=UTC))


def test_a_file_name_or_title_naming_a_month_dates_the_note_to_that_month() -> None:
    fallback = datetime(2026, 11, 30, tzinfo=UTC)  # the day the vault was copied
    for source, title in (
        ("decisions/2026-02-freeze-notice.md", ""),
        ("notes/freeze.md", "Freeze notice review, February 2026"),
    ):
        raw = (f"# {title}\n\n" if title else "") + "Members give 30 days to freeze.\n"
        parsed = parse_markdown(raw, source=source, space=SPACE, fallback_date=fallback).draft
        assert date_of(parsed) == "2026-02", (source, parsed.created_at, parsed.meta)
    # a full date in the name dates the note to that day (the ferry's vault: "All-staff meeting
    # 12/03/2025", a day-first date no reader can tell from the third of December, in
    # "2025-03-12-staff-meeting.md"); a date the text states comes first; no date at all is
    # undated, never the copy day
    full = parse_markdown(
        "# All-staff meeting 12/03/2025\n\nDogs allowed in the aft lounge.",
        source="meetings/2025-03-12-staff-meeting.md",
        space=SPACE,
        fallback_date=fallback,
    )
    assert date_of(full.draft) == "2025-03-12"
    stated = parse_markdown(
        "# Season prep, 6 March 2025\n\nx",
        source="meetings/2025-03-01-prep.md",
        space=SPACE,
        fallback_date=fallback,
    )
    assert date_of(stated.draft) == "2025-03-06"
    for source in ("meetings/2025-02-30-prep.md", "notes/v2025-1-3.md"):
        no_day = parse_markdown("x", source=source, space=SPACE, fallback_date=fallback)
        assert date_of(no_day.draft) == "", source
    none = parse_markdown(
        "Members give 30 days.", source="notes/freeze.md", space=SPACE, fallback_date=fallback
    )
    assert date_of(none.draft) == ""


async def test_a_decision_dated_by_its_file_name_replaces_the_earlier_rule(rt: Any, tmp_path: Path) -> None:
    (tmp_path / "decisions").mkdir()
    (tmp_path / "decisions" / "membership-freezes.md").write_text(
        "---\ntitle: Membership freezes\ndate: 2024-02-12\n---\n"
        "Give 14 days notice to freeze a membership; the freeze lasts one to three months.\n"
    )
    (tmp_path / "decisions" / "2026-02-freeze-notice.md").write_text(
        "Agreed at the February review: the notice to freeze a membership moves to 30 days.\n\n"
        "Reception to update the joining pack.\n"
    )
    await rt.ingest(tmp_path, space=SPACE)
    text = await ask(rt, "how much notice to freeze a membership?")
    bullets = bullet_lines(text)
    assert bullets and "30 days" in bullets[0], text
    assert "it replaced 14 days" in bullets[0], text
    assert not any(b.startswith("- Give 14 days notice") for b in bullets), text


async def test_a_change_from_a_month_on_replaces_a_time_written_with_am_or_pm(rt: Any) -> None:
    await _others(rt)
    await add_note(
        rt,
        "decisions/opening-hours.md",
        "Opening hours (2023)",
        "The gym floor opens at 6am on weekdays and closes at 10pm.\n",
        space=SPACE,
        created_at=datetime(2023, 1, 9, tzinfo=UTC),
    )
    await add_note(
        rt,
        "decisions/earlier-opening.md",
        "Earlier opening",
        "From the first week of May 2025 the gym floor opens at 05:30 on weekdays.\n",
        space=SPACE,
        created_at=datetime(2025, 4, 2, tzinfo=UTC),
    )
    text = await ask(rt, "what time does the gym floor open on weekdays?")
    bullets = bullet_lines(text)
    assert bullets and "05:30" in bullets[0], text
    assert "it replaced 06:00" in bullets[0], text
    assert not any("opens at 6am" in b for b in bullets), text


async def test_a_long_reference_line_is_replaced_when_the_question_names_the_subject(rt: Any) -> None:
    await _others(rt)
    reference = await add_note(
        rt,
        "reference/member-terms.md",
        "Member terms (summary)",
        "- Locker deposit: £10 per key, taken in cash at the front desk on the first visit, refunded "
        "when the key comes back undamaged at the end of the membership.\n"
        "- Guest passes: two a month.\n",
        space=SPACE,
        created_at=datetime(2023, 6, 1, tzinfo=UTC),
    )
    await add_note(
        rt,
        "meetings/staff-meeting.md",
        "Staff meeting 4 March 2025",
        "- Lockers: after eleven keys went missing we agreed the locker deposit goes up to £20 per key "
        "from the 2025 summer timetable.\n- Cleaning rota unchanged.\n",
        space=SPACE,
        created_at=datetime(2025, 3, 4, tzinfo=UTC),
    )
    text = await ask(rt, "locker deposit per key?")
    bullets = bullet_lines(text)
    assert bullets and "£20 per key" in bullets[0], text
    assert "it replaced £10" in bullets[0], text
    assert f"[Entry {reference[:8]}]" not in text, text


async def test_the_answer_a_line_after_the_name_asked_about_is_kept(rt: Any) -> None:
    await _others(rt)
    await add_note(
        rt,
        "meetings/winter-review.md",
        "Winter review",
        "## Membership system\n\n"
        "- Decision: we are moving the members from the spreadsheet to Gymbase.\n"
        "- Owen will copy the member records across in February; go-live is 3 March 2026.\n\n"
        "## Pool\n\nThe pool cover needs replacing before the summer.\n",
        space=SPACE,
        created_at=datetime(2026, 1, 12, tzinfo=UTC),
    )
    await add_note(
        rt,
        "notes/spreadsheet.md",
        "Members spreadsheet",
        "The members spreadsheet lives on the shared drive. Gymbase was one of two systems Owen looked at.\n",
        space=SPACE,
        created_at=datetime(2025, 6, 2, tzinfo=UTC),
    )
    text = await ask(rt, "When does the Gymbase system go live?")
    assert "3 March 2026" in text, text


async def test_a_misspelling_of_a_word_the_notes_write_is_no_name(rt: Any) -> None:
    """ "cancelation" is not a name the answering note must hold: the notes write
    "cancellation", and the question is answered from them."""
    await _others(rt)
    await add_note(
        rt,
        "decisions/class-cancellations.md",
        "Class cancellations",
        "A class booking cancelled 12 hours or more before the start is refunded in full.\n",
        space=SPACE,
        created_at=datetime(2025, 1, 6, tzinfo=UTC),
    )
    text = await ask(rt, "whats the class cancelation refund cut off")
    assert "12 hours" in text, text


async def test_a_note_titled_with_part_of_the_name_asked_about_does_not_answer(rt: Any) -> None:
    """The question names "Studio Blue" (a note's title): the note titled "Studio" is about
    another room, and its lines are not the answer, even where they mention Studio Blue."""
    await _others(rt)
    studio = await add_note(
        rt,
        "rooms/studio.md",
        "Studio",
        "- The main studio has a sprung floor and a Bose sound system.\n"
        "- Don't confuse with Studio Blue upstairs, a smaller room with its own sound system.\n",
        space=SPACE,
        created_at=datetime(2024, 3, 1, tzinfo=UTC),
    )
    blue = await add_note(
        rt,
        "rooms/studio-blue.md",
        "Studio Blue",
        "- Small room upstairs, 12 mats.\n- Sound system: one Yamaha speaker on a wall bracket.\n",
        space=SPACE,
        created_at=datetime(2024, 3, 1, tzinfo=UTC),
    )
    text = await ask(rt, "what sound system is in Studio Blue?")
    assert f"[Entry {blue[:8]}]" in text, text
    assert f"[Entry {studio[:8]}]" not in text, text


async def test_a_name_written_with_a_title_word_and_another_word_the_notes_never_pair_is_missing(
    rt: Any,
) -> None:
    """ "Studio Green" (capitalised, as a name is) is a room the notes do not have: they have
    Studio and Studio Blue. Nothing is cited; the answer says so."""
    await _others(rt)
    for source, title, body in (
        ("rooms/studio.md", "Studio", "The main studio has a sprung floor and a Bose sound system."),
        ("rooms/studio-blue.md", "Studio Blue", "Small room upstairs; sound system: one Yamaha speaker."),
        (
            "notes/bins.md",
            "Bins",
            "Recycling goes in the green bins by the back door.",
        ),  # "green" is a word here
    ):
        await add_note(rt, source, title, body, space=SPACE, created_at=datetime(2024, 3, 1, tzinfo=UTC))
    text = await ask(rt, "What sound system does Studio Green have?")
    assert "[Entry " not in text, text
    assert "I found nothing about Studio Green in the notes" in text, text
    # the rooms the notes do have are still answered
    assert "Yamaha" in await ask(rt, "What sound system does Studio Blue have?")


async def test_the_answer_later_in_the_paragraph_that_names_what_was_asked_is_kept(rt: Any) -> None:
    """The name is said at the start of a numbered item; its date two sentences later."""
    await _others(rt)
    await add_note(
        rt,
        "meetings/spring-review.md",
        "Spring review",
        "1. **Staff rota** — decision: we're moving the rota to Rotaplan. The licence is £40 a month per site. "
        "Owen will enter the March shifts in February; **go-live is 2 March 2026**, the paper rota goes "
        "that day.\n2. **Pool** — the cover needs replacing before the summer.\n",
        space=SPACE,
        created_at=datetime(2026, 1, 20, tzinfo=UTC),
    )
    text = await ask(rt, "When does Rotaplan go live?")
    assert "2 March 2026" in text, text

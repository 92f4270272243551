"""A note kept current (a calendar, a schedule, a list of role holders dated only by when it
was last updated) states what holds as of that day: where it gives the subject the question
names another value (a day, a time, how often, a person) than an earlier note, it is the
answer, though it never says it changed anything. A note from another day that only tells of
other values (a meeting's timeline) replaces nothing. And a second note is cited for a
passage holding what was asked, not for one sharing the question's words."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from research_helpers import ask, bullet_lines, write_notes

from adapters.console import SPACE
from bot.knowledge.ingest import parse_markdown
from bot.sources import date_of, kept_current

FALLBACK = datetime(2026, 11, 30, tzinfo=UTC)  # the day the vault was copied


def test_a_note_dated_only_by_its_last_update_is_dated_then_and_kept_current() -> None:
    updated = parse_markdown(
        "---\ntitle: Kit check schedule\nupdated: 2026-02-20\n---\n| Item | How often |\n|---|---|\n",
        source="kit/kit-check-schedule.md",
        space=SPACE,
        fallback_date=FALLBACK,
    ).draft
    assert date_of(updated) == "2026-02-20" and kept_current(updated)
    # a date of its own wins, and the note is what it says on that day, not kept current
    both = parse_markdown(
        "---\ndate: 2024-03-05\nupdated: 2026-02-20\n---\nInspection: monthly.\n",
        source="kit/mattress.md",
        space=SPACE,
        fallback_date=FALLBACK,
    ).draft
    assert date_of(both) == "2024-03-05" and not kept_current(both)
    neither = parse_markdown("Inspection: monthly.\n", source="kit/m.md", space=SPACE, fallback_date=FALLBACK)
    assert date_of(neither.draft) == "" and not kept_current(neither.draft)


OTHERS = {
    "notes/parking.md": "---\ndate: 2024-05-01\n---\n# Parking\n\nPark in the yard, nose out, keys on the hook.\n",
    "notes/radio.md": "---\ndate: 2024-05-01\n---\n# Radios\n\nRadios are charged in the rack by the door.\n",
}


async def test_a_calendar_kept_current_gives_the_day_and_time_in_force(rt: Any, tmp_path: Path) -> None:
    write_notes(
        tmp_path,
        {
            **OTHERS,
            "training/training-nights.md": "---\ntitle: Training nights\ndate: 2024-09-01\n---\n"
            "Training nights are every Tuesday evening, start time 19:30, at the base.\n\n"
            "Kit: full hill kit unless the programme says otherwise.\n",
            "training/calendar-2026.md": "---\ntitle: Training calendar 2026\nupdated: 2026-01-10\n---\n"
            "All training nights are Wednesdays, start time 19:00, at the base unless stated.\n\n"
            "| Month | Wed nights |\n|---|---|\n| Jan | navigation |\n| Feb | ropes |\n",
        },
    )
    await rt.ingest(tmp_path, space=SPACE)
    text = await ask(rt, "what time do training nights start?")
    bullets = bullet_lines(text)
    assert bullets and "Wednesdays, start time 19:00" in bullets[0], text
    assert "it replaced" in bullets[0] and "Training nights" in bullets[0], text
    assert not any(b.startswith("- Training nights are every Tuesday") for b in bullets), text


async def test_a_schedule_row_gives_how_often_and_a_register_who_holds_a_role(
    rt: Any, tmp_path: Path
) -> None:
    write_notes(
        tmp_path,
        {
            **OTHERS,
            "kit/vacuum-mattress.md": "---\ntitle: Vacuum mattress\ndate: 2024-03-05\n---\n"
            "We have one full-body vacuum mattress, kept in the first vehicle.\n\nInspection: monthly.\n",
            "kit/check-schedule.md": "---\ntitle: Kit check schedule\nupdated: 2026-02-20\n---\n"
            "| Item | How often | Who |\n|---|---|---|\n"
            "| Vacuum mattress | weekly (Monday) | kit team |\n| Defibrillator | after every use | base manager |\n",
            "kit/equipment-officer.md": "# Equipment officer\n\n"
            "Equipment officer is Dafydd Moss. Anything broken goes to him.\n",
            "people/role-holders.md": "---\ntitle: Role holders\nupdated: 2026-01-20\n---\n"
            "| Role | Name | Notes |\n|---|---|---|\n"
            "| Equipment officer | Harriet Lyle | took over from Dafydd in January |\n| Treasurer | Bryn Ashdown | |\n",
        },
    )
    await rt.ingest(tmp_path, space=SPACE)
    often = bullet_lines(await ask(rt, "how often is the vacuum mattress inspected?"))
    assert often and "weekly (Monday)" in often[0] and "Inspection: monthly" not in often[0], often
    assert not any(b.startswith("- Inspection: monthly") for b in often), often
    who = bullet_lines(await ask(rt, "who is the equipment officer?"))
    assert who and "Harriet Lyle" in who[0] and "it replaced Dafydd Moss" in who[0], who


async def test_a_later_timeline_with_other_times_replaces_nothing(rt: Any, tmp_path: Path) -> None:
    write_notes(
        tmp_path,
        {
            **OTHERS,
            "incidents/pump-failure.md": "---\ntitle: Pump failure\ndate: 2025-11-18\n---\n"
            "04:30 Helen Marsh decides to open bottled water stations at the village hall.\n\n"
            "11:30 bottled water stations closed.\n",
            "meetings/pump-failure-review.md": "---\ntitle: Pump failure review\ndate: 2025-11-24\n---\n"
            "Bottled water at the village hall was set up by 06:15, before most people woke up.\n",
        },
    )
    await rt.ingest(tmp_path, space=SPACE)
    text = await ask(rt, "who decided to open bottled water stations at the village hall?")
    assert "Helen Marsh" in text and "it replaced" not in text, text


async def test_a_second_note_is_cited_for_what_was_asked_not_for_shared_words(
    local_rt: Any, tmp_path: Path
) -> None:
    vault = tmp_path / "vault"
    write_notes(
        vault,
        {
            **OTHERS,
            "decisions/response-target.md": "---\ntitle: Burst response target\ndate: 2026-03-12\n---\n"
            "The attendance target for a priority burst is 90 minutes from job raised to crew on site.\n",
            "meetings/ops-weekly.md": "---\ntitle: Ops weekly\ndate: 2026-01-12\n---\n"
            "The crew on call keep a van at home so they can get to a priority burst quickly.\n",
        },
    )
    await local_rt.ingest(vault, space=SPACE)
    text = await ask(local_rt, "how fast do we have to get a crew to a priority burst?")
    bullets = bullet_lines(text)
    assert bullets and "90 minutes" in bullets[0], text
    assert not any("van at home" in b for b in bullets), text

"""Kinds read from the plumbing, cycle co-op and bakery vaults' misses (bench/sealed/answers_plumbing,
answers_cycles, answers_bakery), each in notes written as those vaults write them:
- two names typed side by side ("Quarry Lane Veltra warranty": the Veltra boiler at Quarry
  Lane) were read as a third name nobody has, "I found nothing about Lane Veltra"; so was a verb
  with its particle beside a maker's name ("why did veltra knock back the …");
- minutes moving the out-of-hours handover "from this week" did not replace the procedure
  page's time, quoted beside the new one as if both held;
- a question sharing nothing with the notes but a town's name ("will it rain in Ravensholme
  tomorrow?") was answered with the line naming the town;
- "day-old" bread read as a rule that stopped holding, so the shop page's line could not be
  replaced;
- a date left to a note's heading ("# Environmental health inspection - 17 September 2024")
  was not said with the sentences under it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, ingest_dated

from adapters.console import SPACE

NOTES = [
    (
        "rota/out-of-hours-procedure.md",
        "Out-of-hours procedure",
        "# Out-of-hours (OOH) procedure\n\nOne engineer on call per week, Friday to Friday.\n\n"
        "**Handover**: Friday 5pm (17:00) at the stores unit. Outgoing engineer hands over:\n"
        "- the OOH phone, charged\n- the OOH stock bag\n",
        datetime(2023, 6, 12, tzinfo=UTC),
    ),
    (
        "meetings/2025-01-weekly.md",
        "Weekly engineers meeting",
        "## OOH\nHandover has been a mess: people doing the handover at 5 on a Friday then getting stuck "
        "on a breakdown at 4:55.\nFrom this week the OOH handover is Friday 4pm at the stores unit — "
        "outgoing engineer hands over the OOH phone and the van stock bag.\n\n## Vans\nTyres on van 3.",
        datetime(2025, 1, 20, tzinfo=UTC),
    ),
    (
        "technical/warranty-registrations.md",
        "Warranty registrations",
        "**What happened**: Veltra rejected the warranty claim on the Combi 30 at 6 Quarry Lane (heat "
        "exchanger leak, 14 months old). Reason: the boiler was never registered with Veltra within 30 "
        "days of installation, so it only had the 12-month standard cover.\n\nWe paid for the heat "
        "exchanger and the labour, about £640.",
        datetime(2025, 1, 22, tzinfo=UTC),
    ),
    (
        "technical/veltra-combi-30-fault-codes.md",
        "Veltra Combi 30 fault codes",
        "| code | meaning |\n|---|---|\n| F1 | low pressure |\n| F28 | no ignition |",
        datetime(2024, 3, 1, tzinfo=UTC),
    ),
    (
        "safety/near-miss-log.md",
        "Near miss log",
        "- 12/11 — Liam, Quarry Lane, ladder not footed, slipped sideways on the flue job.",
        datetime(2024, 11, 12, tzinfo=UTC),
    ),
    (
        "events/open-day.md",
        "Open day",
        "Saturday 14 June, 10am–3pm at the yard. Burger van booked. The Sunday Soul Kitchen — a soul "
        "music night run by Carol Finch at the Mariner — is on the evening after.",
        datetime(2025, 5, 2, tzinfo=UTC),
    ),
    (
        "office/christmas-party-2024.md",
        "Christmas party 2024",
        "Fri 13th Dec, The Mariner, Ravensholme. Meal 7pm, partners welcome. Taxis back at 11.",
        datetime(2024, 11, 20, tzinfo=UTC),
    ),
    (
        "shop/day-old-bread-policy.md",
        "Day-old bread - shop",
        'Anything unsold at close (5pm) that\'s still good: bag it, sticker it "Day-old - half price", '
        "goes on the shelf by the door next morning.\n\nCroissants and pastries: don't sell day-old.",
        datetime(2023, 8, 1, tzinfo=UTC),
    ),
    (
        "office/fwd-day-old-bread.md",
        "fwd day old bread",
        "From Monday 1 July unsold bread goes to the Ashcombe Community Larder instead of the half-price "
        "shelf by the door.",
        datetime(2024, 6, 24, tzinfo=UTC),
    ),
    (
        "food-safety/eho-inspection-sept-2024.md",
        "EHO inspection - September 2024",
        "# Environmental health inspection - 17 September 2024\n\nUnannounced visit, 09:30-13:15, "
        "production unit. Officer: **Deborah Quayle**, Environmental Health.\n\n**Result: Food Hygiene "
        "Rating 5 (very good).** Up from 4 at the last inspection.",
        datetime(2024, 9, 18, tzinfo=UTC),
    ),
]


@pytest.fixture
async def notes(local_rt: Any, tmp_path: Path) -> None:
    await ingest_dated(local_rt, tmp_path, NOTES, SPACE)


@pytest.mark.parametrize(
    "question",
    [
        "Quarry Lane Veltra warranty claim rejected reason",
        "why did veltra knock back the quarry lane warranty",
    ],
)
async def test_two_names_side_by_side_are_answered(local_rt: Any, notes: None, question: str) -> None:
    text = await ask(local_rt, question)
    assert "never registered" in text, text
    assert "found nothing" not in text, text


async def test_a_name_the_notes_lack_beside_one_they_have_is_still_nothing_found(
    local_rt: Any, notes: None
) -> None:
    text = await ask(local_rt, "what did Quarry Road Veltra warranty claim cost")
    assert "I found nothing about" in text, text
    assert "£640" not in text, text
    # an English word before a name the notes have is a look-alike, whatever else they say of it
    text = await ask(local_rt, "who runs the Saturday Soul Kitchen")
    assert "I found nothing about" in text, text
    assert "Carol" not in text, text


async def test_from_this_week_replaces_the_procedure_page(local_rt: Any, notes: None) -> None:
    lines = bullet_lines(await ask(local_rt, "OOH handover time Friday"))
    current = next(line for line in lines if "Friday 4pm" in line)
    assert "in force" in current and "replaced" in current, lines
    old = [line for line in lines if "Friday 5pm" in line]
    assert all(lines.index(line) > lines.index(current) for line in old), lines


async def test_a_question_sharing_only_a_name_with_the_notes_finds_nothing(
    local_rt: Any, notes: None
) -> None:
    """The notes name the town (the Christmas do's venue) and say nothing of its weather."""
    text = await ask(local_rt, "will it rain in Ravensholme tomorrow?")
    assert "I found nothing about" in text, text
    assert "Mariner" not in text, text
    # what the notes do say of the place is still answered
    text = await ask(local_rt, "what time is the meal at the Mariner in Ravensholme")
    assert "7pm" in text, text


async def test_a_day_old_loaf_is_no_old_rule(local_rt: Any, notes: None) -> None:
    """ "Day-old" says nothing about a rule that stopped holding: the shop page's line can be
    replaced like any other."""
    lines = bullet_lines(await ask(local_rt, "what happens to unsold day-old bread from the shop"))
    current = next(line for line in lines if "Community Larder" in line)
    assert lines.index(current) == 0 and "in force" in current, lines


async def test_a_date_left_to_the_heading_is_said_with_the_answer(local_rt: Any, notes: None) -> None:
    """The inspection's day is in its heading; the sentences under it say what happened."""
    text = await ask(local_rt, "last EHO inspection date")
    assert "17 September 2024" in text, text
    assert text.count("17 September 2024") == 1, text  # the heading once, not on every line
    # a question after no date gets the heading too, once: it says which inspection rated it
    # (the heading is said whenever it tells what the line alone does not, ``_with_heading``)
    text = await ask(local_rt, "what hygiene rating did the EHO give us")
    assert text.count("17 September 2024") == 1, text
    assert "Food Hygiene Rating 5" in text, text

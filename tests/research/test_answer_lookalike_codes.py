"""A model number typed as one token ("HL-300", "R2-D2", "A14") or a title written with its
small words ("Voices of the Harbour") must be said by the note that answers: the notes' HL-200
loggers or "Voices of the Quay" exhibition are a look-alike, not an answer. Written another
way ("hl200", "HL 200") it is the same code; a table says a numbered name by its column ("| Route |"
over "| W2 |" says route W2)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from research_helpers import add_note, ask, ingest_titled

from adapters.console import SPACE
from bot.research.names import title_words, unheld_codes, unheld_phrases

BASE = datetime(2026, 2, 2, tzinfo=UTC)
NOTES = {
    "environment/loggers.md": (
        "Hygrolog loggers",
        "We use Hygrolog HL-200 wireless loggers in every store.\n\n"
        "The HL-200 loggers need recalibrating every 12 months: they go back to the supplier a third at a time.\n\n"
        "Batteries: two AA lithium, changed each January.",
    ),
    "projects/voices-of-the-quay.md": (
        "Voices of the Quay (exhibition 2027)",
        "Opens: Saturday 6 March 2027. Closes 31 October 2027.\n\nCurator lead: Imogen Hale.",
    ),
    "kit/rooms.md": ("Rooms", "Room A12 holds the dehumidifiers; the spare loggers are in the workroom."),
    "storage/harbour-store.md": ("Harbour store", "The harbour store keeps the ship models and the anchors."),
    "people/team.md": ("Team", "Imogen Hale curates; Sam Okafor runs the stores and the loans."),
    "hr/leave.md": (
        "Annual leave",
        "Book annual leave two weeks ahead; no leave during an exhibition install.",
    ),
}


@pytest.fixture
async def museum(rt: Any) -> None:
    for k, (source, (title, content)) in enumerate(NOTES.items()):
        await add_note(rt, source, title, content, space=SPACE, created_at=BASE + timedelta(days=k))


@pytest.mark.parametrize(
    ("question", "missing", "not_said"),
    [
        ("How often do the Hygrolog HL-300 loggers need recalibrating?", "Hygrolog HL-300", "12 months"),
        ("how often do hl-300 loggers need recalibrating", "hl-300", "12 months"),
        ("When does the Voices of the Harbour exhibition open?", "Voices of the Harbour", "6 March"),
        ("Which dehumidifiers does Room A14 hold?", "Room A14", "holds the"),
    ],
)
async def test_a_look_alike_code_or_title_gets_nothing_found(
    rt: Any, museum: None, question: str, missing: str, not_said: str
) -> None:
    text = await ask(rt, question)
    assert f"I found nothing about {missing} in the notes" in text, text
    assert "[Investigate this]" in text
    assert not re.search(r"\[Entry [0-9a-f]{8}\]", text) and not_said not in text, text


async def test_the_look_alike_the_notes_have_is_named(rt: Any, museum: None) -> None:
    text = await ask(rt, "How often do the Hygrolog HL-300 loggers need recalibrating?")
    assert "(they cover HL-200)" in text, text
    text = await ask(rt, "When does the Voices of the Harbour exhibition open?")
    assert "(they cover Voices of the Quay (exhibition 2027))" in text, text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("How often do the Hygrolog HL-200 loggers need recalibrating?", "12 months"),
        ("how often do hl200 loggers need recalibrating", "12 months"),
        ("When does the Voices of the Quay exhibition open?", "6 March 2027"),
        ("Which dehumidifiers does Room A12 hold?", "Room A12 holds"),
    ],
)
async def test_the_code_or_title_the_notes_have_is_answered(
    rt: Any, museum: None, question: str, said: str
) -> None:
    text = await ask(rt, question)
    assert said in text and "I found nothing" not in text, text


def test_what_is_read_as_a_code() -> None:
    notes = ["Free chlorine target 0.8 mg/l. ClimaTrak CT-300 loggers. The P1 target is 60 minutes."]
    none = title_words([])
    # a formula, a quarter, a financial year, a version, a word with a year, chat shorthand: no codes
    for question in (
        "harrowby cl2 target mg/l",
        "CO2 levels in Q3",
        "FY25 budget for v2",
        "COVID-19 rules",
        "what counts as a p1 burst",
        "ct300 recalibration",
        "CT 300 loggers",
        "anti-graffiti laminate price per m2",
        "how long do we starve dogs b4 a GA, 12hrs?",
        "gr8, send it l8r",
    ):
        assert unheld_codes(question, notes, none).missing == (), question
    assert unheld_codes("is R2-D2 in XJ-9000", notes, none).missing == ("R2-D2", "XJ-9000")
    # a title numbering after a small word ("… for 5 stars") makes no series of that word:
    # "per nite for 1 dog" names nothing the notes lack; "unit 7" beside the titles' Unit 9 does
    titled = title_words(["Action plan for 5 stars", "Unit 9 keys"])
    prices = ["Boarding - one dog, own kennel: £36.00 per night.", "Unit 9: keys in the office."]
    assert unheld_codes("hows much per nite for 1 dog boarding", prices, titled).missing == ()
    assert unheld_codes("who has the keys to unit 7", prices, titled).missing == ("unit 7",)
    # a number with or without its leading zeros is the same code
    assert unheld_codes("when does rope R7 retire", ["Rope R07 retires June 2027."], none).missing == ()
    # "of the" joins a title; "the" alone between two names does not
    assert (
        unheld_phrases(
            "Is Priya the Head of Collections?", ["Priya chairs. Head of Collections: Sam."]
        ).missing
        == ()
    )
    # a table says a numbered name by its column: "| Route | PA |" over "| W2 | Maureen Tully |"
    routes = title_words(["Route B3 Bastlebury High", "Route list"])
    table = [
        "| Route | School | PA |\n| --- | --- | --- |\n| W1 | Wrenfield Academy | — |\n| W2 | St Aldhelm's | Maureen Tully |"
    ]
    assert unheld_codes("Who is the passenger assistant on route W2?", table, routes).missing == ()
    assert unheld_codes("Who is the passenger assistant on route W9?", table, routes).missing == ("route W9",)


async def test_a_numbered_name_said_by_a_tables_column_answers(local_rt: Any, tmp_path: Path) -> None:
    routes = {
        "transport/route-b3.md": (
            "Route B3 Bastlebury High",
            "Driver: Kev Ashby. First pickup 07:40 at the church.",
        ),
        "transport/route-list.md": (
            "Route list 2024-25",
            "| Route | School | Driver | PA |\n| --- | --- | --- | --- |\n"
            "| W1 | Wrenfield Academy | Bernie Clegg | — |\n"
            "| W2 | St Aldhelm's CE Primary | Carol Dinsdale | Maureen Tully |",
        ),
        "transport/passenger-assistants.md": (
            "Passenger assistants - guide",
            "Sit where you can see all the pupils. Never leave a child at a stop.",
        ),
        "office/holidays.md": ("Holidays", "Book leave two weeks ahead, never in the first week of term."),
        "garage/mot.md": ("MOT dates", "Coach C3 MOT due 14 August. Minibus B2 MOT due 2 March."),
    }
    await ingest_titled(local_rt, tmp_path, routes, SPACE)
    text = await ask(local_rt, "Who is the passenger assistant on route W2?")
    assert "Maureen Tully" in text and "I found nothing" not in text, text

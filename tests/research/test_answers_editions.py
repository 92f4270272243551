"""The rule in force when a note replaces another as a whole without a link or a change word
in the statement: a later edition of the same note (``locker-rules-v2`` of
``locker-rules``, "Guest fees 2026" of "Guest fees 2025"), or a note saying in words what it
replaces ("This replaces the old guest pass procedure"). The answer quotes the one in force,
says what it replaced, and leaves the other rows of the table alone. A compound word
("cutoff") is no name the notes lack."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from research_helpers import add_note, ask, bullet_lines

from adapters.console import SPACE
from bot.research.recall import with_replacements
from bot.research.search import Hit
from bot.research.supersession import later_edition, replaces_note

OTHERS = [
    ("club/pool.md", "Pool", "The pool is closed for cleaning on the first Monday of each month."),
    ("club/classes.md", "Classes", "Spin classes run on Tuesday and Thursday evenings; book at reception."),
    ("club/parking.md", "Parking", "Staff park at the back of the building, members at the front."),
]


async def _others(rt: Any) -> None:
    for source, title, content in OTHERS:
        await add_note(rt, source, title, content, space=SPACE, created_at=datetime(2024, 9, 1, tzinfo=UTC))


async def test_a_second_version_of_a_note_replaces_the_first(rt: Any) -> None:
    await _others(rt)
    await add_note(
        rt,
        "club/locker-rules.md",
        "Locker rules",
        "# Locker rules\n\n- Lockers must be emptied by Friday 17:00 each week.\n- Padlocks from reception.\n",
        space=SPACE,
        created_at=datetime(2024, 3, 1, tzinfo=UTC),
    )
    await add_note(
        rt,
        "club/locker-rules-v2.md",
        "Locker rules v2",
        "# Locker rules\n\n- Lockers must be emptied by Thursday 16:00 each week.\n- Padlocks from reception.\n",
        space=SPACE,
        created_at=datetime(2025, 1, 10, tzinfo=UTC),
    )
    text = await ask(rt, "When do lockers have to be emptied each week?")
    bullets = bullet_lines(text)
    assert bullets and "Thursday 16:00" in bullets[0], text
    assert "it replaced" in bullets[0], text
    assert not any("Friday 17:00" in b and "it replaced" not in b for b in bullets), text


async def test_a_later_price_list_replaces_its_own_row_not_the_others(rt: Any) -> None:
    await _others(rt)
    table = "| Item | Price |\n|---|---|\n| Guest pass (day) | {day} |\n| Towel hire | {towel} |\n"
    await add_note(
        rt,
        "club/guest-fees-2025.md",
        "Guest fees 2025",
        "# Guest fees 2025\n\n" + table.format(day="£8", towel="£2"),
        space=SPACE,
        created_at=datetime(2025, 1, 2, tzinfo=UTC),
    )
    await add_note(
        rt,
        "club/guest-fees-2026.md",
        "Guest fees 2026",
        "# Guest fees 2026\n\n" + table.format(day="£11", towel="£3"),
        space=SPACE,
        created_at=datetime(2026, 1, 5, tzinfo=UTC),
    )
    text = await ask(rt, "how much is a guest day pass")
    bullets = bullet_lines(text)
    assert bullets and "£11" in bullets[0], text
    assert "it replaced £8" in bullets[0], text
    assert not any("Price: £8" in b and "it replaced" not in b for b in bullets), text


async def test_a_note_that_says_in_words_what_it_replaces_replaces_it(rt: Any) -> None:
    await _others(rt)
    await add_note(
        rt,
        "club/guest-pass-procedure.md",
        "Guest pass procedure",
        "Members sign guests in at reception. Each member may bring two guests a month.\n",
        space=SPACE,
        created_at=datetime(2024, 4, 1, tzinfo=UTC),
    )
    await add_note(
        rt,
        "club/guests-revisited.md",
        "Guests at the club",
        "This replaces the old guest pass procedure (spring 2024 version).\n\n"
        "Members sign guests in on the app. Each member may bring four guests a month.\n",
        space=SPACE,
        created_at=datetime(2025, 2, 1, tzinfo=UTC),
    )
    text = await ask(rt, "how many guests may a member bring a month")
    bullets = bullet_lines(text)
    assert bullets and "four guests" in bullets[0], text
    assert not any("two guests" in b and "it replaced" not in b and "Superseded" not in b for b in bullets), (
        text
    )


class _Entry:
    def __init__(self, id: str, title: str, source: str, content: str = "", day: int = 1) -> None:
        self.id, self.title, self.source, self.content = id, title, source, content
        self.type, self.author, self.meta = "note", "", {}
        self.created_at = datetime(2025, 1, day, tzinfo=UTC)


def test_editions_are_told_by_name_and_version_or_date() -> None:
    v1 = _Entry("a", "Submission policy", "policies/submission.md", day=1)
    v2 = _Entry("b", "Submission policy v2", "policies/submission-v2.md", day=1)
    assert later_edition(v2, v1) and not later_edition(v1, v2)
    list_25 = _Entry("c", "Trade price list 2025", "admin/trade-price-list-2025.md", day=2)
    list_26 = _Entry("d", "Trade price list 2026", "admin/trade-price-list-2026.md", day=9)
    assert later_edition(list_26, list_25) and not later_edition(list_25, list_26)
    # minutes named by their day are not editions of each other
    jan = _Entry("e", "Committee meeting", "meetings/2025-01-14-committee.md", day=14)
    apr = _Entry("f", "Committee meeting", "meetings/2025-04-08-committee.md", day=20)
    assert not later_edition(apr, jan)
    # a note naming another in words replaces it; naming a year not its own, it does not
    card_23 = _Entry("g", "Sponsorship rate card 2023", "funding/rates-2023.md")
    card_25 = _Entry(
        "h", "Sponsorship rate card 2025", "funding/rates-2025.md", "# Rates — supersedes the 2023 rate card"
    )
    assert replaces_note(card_25, card_23)
    other = _Entry("i", "Rate card 2021", "funding/rate-card-old.md")
    assert not replaces_note(card_25, other)


def test_a_replacing_note_left_out_by_relevance_is_read_beside_the_note_it_replaces() -> None:
    old = _Entry("a", "Stream setup", "tech/stream-setup.md", "Hosted by Boxcast.")
    new = _Entry("b", "Stream move", "tech/stream-move.md", "This note replaces [[stream-setup]].")
    unrelated = _Entry("c", "Rota", "tech/rota.md", "Mondays: Sam.")
    kept = [Hit(old, 0.9, ("lexical",), relevance=0.7)]  # type: ignore[arg-type]
    found = [Hit(old, 0.9, ("lexical",)), Hit(unrelated, 0.5, ("lexical",)), Hit(new, 0.4, ("lexical",))]  # type: ignore[arg-type]
    out = with_replacements(kept, found)
    assert [h.entry.id for h in out] == ["a", "b"]
    assert out[1].relevance == 0.7


async def test_a_word_of_two_common_words_is_no_missing_name(rt: Any) -> None:
    await _others(rt)
    await add_note(
        rt,
        "club/cut-off-times.md",
        "Booking cut off and sign off",
        "Class booking time limit: class bookings close at 20:00 the evening before the class.\n",
        space=SPACE,
        created_at=datetime(2025, 1, 2, tzinfo=UTC),
    )
    text = await ask(rt, "What is the class booking cutoff time?")
    assert "I found nothing about" not in text, text
    assert "20:00" in text, text


async def test_a_role_holders_table_replaces_a_stale_role_page(rt: Any) -> None:
    await _others(rt)
    await add_note(
        rt,
        "kit/kit-officer.md",
        "Kit officer",
        "# Kit officer\n\nKit officer is **Bram Tull** (07700 900100). Anything broken goes to him.\n",
        space=SPACE,
        created_at=datetime(2023, 5, 1, tzinfo=UTC),
    )
    await add_note(
        rt,
        "people/role-holders-2026.md",
        "Role holders 2026",
        "| Role | Name | Phone | Notes |\n|---|---|---|---|\n"
        "| Kit Officer | Cass Ray | 07700 900200 | took over from Bram in Jan 2026 |\n"
        "| Pool Officer | Dan Eke | 07700 900201 | |\n",
        space=SPACE,
        created_at=datetime(2026, 1, 20, tzinfo=UTC),
    )
    text = await ask(rt, "Who is the kit officer now and what is their phone?")
    bullets = bullet_lines(text)
    assert bullets and "Cass Ray" in bullets[0], text
    assert "it replaced" in bullets[0], text
    assert not any("Bram Tull" in b and "it replaced" not in b and "Superseded" not in b for b in bullets), (
        text
    )


def test_a_row_is_read_by_its_cells_and_an_abbreviation_as_spelled_out() -> None:
    from bot.research.supersession import _cells_only, _spelled_out

    assert (
        _cells_only("Role: Kit Officer; Name: Cass Ray; Phone: 07700 900200")
        == "Kit Officer; Cass Ray; 07700 900200"
    )
    assert (
        _cells_only("Deadline: Thursday 18:00 the week before.")
        == "Deadline: Thursday 18:00 the week before."
    )
    said = _spelled_out("Rina agreed to take over as FSM from 1 July.", "Fire Safety Marshal: Olu Pratt")
    assert said.endswith("(Fire Safety Marshal)")
    assert _spelled_out("Rina is the FSM.", "The first aider is Olu.") == "Rina is the FSM."


async def test_a_revised_note_answers_for_the_name_its_predecessor_holds(rt: Any) -> None:
    await _others(rt)
    await add_note(
        rt,
        "brewing/wash-routine.md",
        "Wash routine - fermenters",
        "# Wash routine\n\nCaustic wash: 2% caustic at 60°C, recirculated for 20 minutes.\n",
        space=SPACE,
        created_at=datetime(2024, 6, 10, tzinfo=UTC),
    )
    await add_note(
        rt,
        "brewing/wash-routine-v2.md",
        "Wash routine for FVs - revised",
        "# Wash routine for FVs - revised\n\nThis replaces the old wash routine (June 2024 version).\n\n"
        "New caustic wash: 2.5% caustic at 75°C, recirculated for 40 minutes.\n",
        space=SPACE,
        created_at=datetime(2026, 2, 3, tzinfo=UTC),
    )
    text = await ask(rt, "What caustic wash do we use on the fermenters?")
    bullets = bullet_lines(text)
    assert bullets and "2.5%" in bullets[0], text
    assert not any("2% caustic" in b and "it replaced" not in b and "Superseded" not in b for b in bullets), (
        text
    )

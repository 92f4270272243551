"""Which notes the extractive quick answer cites (``bot/research/citing.py``): not a note
that sends the reader to another one the answer cites ("Radio callsign for the hut: see
Callsigns."), not a look-alike's note ("Not to be confused with Jo Pellow"), not the note
of a value the statement in force says it replaced ("… instead of Pennine Maltings"), not a
neighbour's passage without the amount asked for when the best note states it. What a
model is given is not cut."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from research_helpers import add_note, ask, bullet_lines, entry_view, ingest_dated

from adapters.console import SPACE

BASE = datetime(2025, 9, 1, tzinfo=UTC)

OTHERS = [
    ("notes/pool.md", "Pool", "The pool is closed for cleaning on the first Monday of each month."),
    ("notes/classes.md", "Classes", "Spin classes run on Tuesday and Thursday evenings; book at reception."),
    ("notes/parking.md", "Parking", "Staff park at the back of the building, members at the front."),
]

CALLSIGNS = (
    "radio/callsigns.md",
    "Callsigns",
    "| Callsign | Who/what |\n|---|---|\n"
    "| Carrow Base | the base and control |\n"
    "| Carrow Four-Zero | Brackenthwaite forward post |\n"
    "| Carrow One-One | team leader |\n",
)
FORWARD_POST = (
    "bases/brackenthwaite-forward-post.md",
    "Brackenthwaite forward post",
    "Small stone hut at the head of Brackenthwaite valley.\n\n"
    "Radio callsign for the hut: see [[Callsigns]].\n\n"
    "Access: key safe on the porch. Track from the road is rough in winter.\n",
)


async def _notes(rt: Any, notes: list[tuple[str, str, str]]) -> dict[str, str]:
    ids = {}
    for k, (source, title, content) in enumerate([*OTHERS, *notes]):
        ids[source] = await add_note(
            rt, source, title, content, space=SPACE, created_at=BASE + timedelta(days=k)
        )
    return ids


def _cites(text: str, entry_id: str) -> bool:
    return f"[Entry {entry_id[:8]}]" in text


async def test_a_note_pointing_to_the_cited_note_that_answers_is_not_cited(rt: Any) -> None:
    ids = await _notes(rt, [CALLSIGNS, FORWARD_POST])
    text = await ask(rt, "Brackenthwaite callsign")
    assert "Four-Zero" in text and _cites(text, ids["radio/callsigns.md"]), text
    assert not _cites(text, ids["bases/brackenthwaite-forward-post.md"]), text
    assert "see Callsigns" not in text, text


async def test_a_pointer_to_a_note_the_answer_does_not_cite_stays(rt: Any) -> None:
    # the note pointed to is not found: where to look is the answer there is
    ids = await _notes(rt, [FORWARD_POST])
    text = await ask(rt, "Brackenthwaite callsign")
    assert _cites(text, ids["bases/brackenthwaite-forward-post.md"]), text


async def test_a_look_alike_telling_itself_apart_is_not_cited(rt: Any) -> None:
    ids = await _notes(
        rt,
        [
            (
                "people/jo-pellow.md",
                "Jo Pellow",
                "Weekend engineer, on call for breakdowns at weekends.\n\n"
                "Phone: 01632 960141. Drives the white Transit with the spares.\n",
            ),
            (
                "people/jo-pelling.md",
                "Jo Pelling",
                "Base manager at Hatherley. Phone 01632 960114.\n\n"
                "Not to be confused with Jo Pellow (weekend engineer). Yes, we know.\n",
            ),
        ],
    )
    text = await ask(rt, "weekend engineer jo pellow phone number")
    assert "01632 960141" in text and _cites(text, ids["people/jo-pellow.md"]), text
    assert not _cites(text, ids["people/jo-pelling.md"]), text
    assert "Not to be confused" not in text, text


async def test_the_note_of_a_value_the_rule_in_force_replaced_is_not_cited(rt: Any) -> None:
    ids = await _notes(
        rt,
        [
            (
                "suppliers/malt-supplier.md",
                "Malt supplier",
                "Supplier: Pennine Maltings (Skipton). Account no. PM-40719.\n\n"
                "Base malt: Maris Otter, 25kg sacks, pallet of 40.\n\n"
                "Order base malt by Tuesday noon for Friday delivery.\n",
            ),
            (
                "suppliers/malt-supplier-change.md",
                "Malt - change of supplier",
                "---\ndate: 2026-04-20\n---\n"
                "From 1 May 2026 we buy all base malt from Fenwick & Hale Maltsters instead of "
                "Pennine Maltings.\n\nFenwick & Hale contact: Nadia Fenwick, 07700 900219.\n",
            ),
        ],
    )
    text = await ask(rt, "base malt supplier")
    assert "Fenwick & Hale" in text and _cites(text, ids["suppliers/malt-supplier-change.md"]), text
    assert not _cites(text, ids["suppliers/malt-supplier.md"]), text
    assert "Pennine Maltings" in text  # the statement in force says what it replaced


async def test_a_neighbour_without_the_amount_asked_for_is_not_cited(rt: Any) -> None:
    ids = await _notes(
        rt,
        [
            (
                "bases/hatherton-basin.md",
                "Hatherton Basin",
                "Smaller base, 4 boats. Basin End, Hatherton.\n\n"
                "Gate code: 7316 (changed Aug 2025 after the attempted break-in).\n",
            ),
            (
                "meetings/2025-09-18-ops.md",
                "Ops meeting 18 Sept",
                "Dafydd: the Hatherton gate code was changed after the break-in attempt, the new "
                "gate code is on the base note.\n\nBoat painting starts in October.\n",
            ),
        ],
    )
    text = await ask(rt, "hatherton gate code")
    assert "7316" in text and _cites(text, ids["bases/hatherton-basin.md"]), text
    assert not _cites(text, ids["meetings/2025-09-18-ops.md"]), text


async def test_a_second_note_stating_the_amount_is_still_cited(rt: Any) -> None:
    ids = await _notes(
        rt,
        [
            (
                "customers/ferriby-walking-club.md",
                "Ferriby Walking Club",
                "Discount: 15% (they've been coming since 2011). Contact: Maureen Tait.\n",
            ),
            (
                "customers/repeat-customer-discounts.md",
                "Repeat customer discounts",
                "| Customer | Discount | Since |\n|---|---|---|\n"
                "| Ferriby Walking Club | 15% | 2012 |\n| Harbour Scouts | 10% | 2019 |\n",
            ),
        ],
    )
    text = await ask(rt, "ferriby walking club discount")
    assert "15%" in text
    assert _cites(text, ids["customers/ferriby-walking-club.md"]), text
    assert all("15%" in b for b in bullet_lines(text) if "Ferriby" in b), text


async def test_the_model_is_given_the_pointing_note_the_extractive_answer_leaves_out(
    tmp_path: Any,
) -> None:
    from fake_anthropic import job_of
    from research_helpers import runtime_on_the_model

    async with runtime_on_the_model(tmp_path) as (rt, fake):
        ids = await _notes(rt, [CALLSIGNS, FORWARD_POST])
        await ask(rt, "Brackenthwaite callsign")
        sent = [
            " ".join(str(m["content"]) for m in r["messages"])
            for r in fake.requests
            if job_of(r, deep_model="claude-opus-4-8") == "quick"
        ]
        assert sent, "no quick-answer request"
        given = re.findall(r'<entry-[0-9a-f]+ id="([0-9a-f]{8})', sent[-1])
        assert ids["radio/callsigns.md"][:8] in given
        assert ids["bases/brackenthwaite-forward-post.md"][:8] in given


async def test_a_vaguer_date_in_another_note_is_not_cited_beside_the_date(rt: Any) -> None:
    ids = await _notes(
        rt,
        [
            (
                "deliveries/van-details.md",
                "The van",
                "Ford Transit, reg AB12 CDE, nicknamed Old Bess.\n\nVan MOT due: 14 August 2026 (booked at the garage)\n",
            ),
            (
                "meetings/2026-04-ops.md",
                "Ops meeting April",
                "Van MOT due in August, Jo to book.\n\nKegs: 7 of the 11 missing kegs found.\n",
            ),
        ],
    )
    text = await ask(rt, "van MOT due date")
    assert "14 August 2026" in text and _cites(text, ids["deliveries/van-details.md"]), text
    assert not _cites(text, ids["meetings/2026-04-ops.md"]), text


async def test_a_note_stating_no_sum_is_not_cited_when_another_states_the_price(rt: Any) -> None:
    ids = await _notes(
        rt,
        [
            (
                "meetings/2026-04-ops.md",
                "Ops meeting April",
                "Mo wants the keg deposit to go up so people actually return them.\n\n"
                "Agreed: new trade price list from 1 May with a higher keg deposit.\n",
            ),
            (
                "admin/trade-price-list-2026.md",
                "Trade price list 2026",
                "| Item | Price |\n|---|---|\n| Keg deposit (per keg) | £45 |\n| Cask deposit | £30 |\n",
            ),
        ],
    )
    text = await ask(rt, "keg deposit price")
    assert "£45" in text and _cites(text, ids["admin/trade-price-list-2026.md"]), text
    assert not _cites(text, ids["meetings/2026-04-ops.md"]), text


async def test_another_note_naming_no_one_new_is_not_cited_beside_the_person(rt: Any) -> None:
    ids = await _notes(
        rt,
        [
            (
                "admin/officers.md",
                "Officers and roles",
                "| Role | Name | Contact |\n|---|---|---|\n"
                "| Race officer | Martin Quayle | 07700 900231 |\n| Treasurer | Hugh Lattimer | 07700 900101 |\n",
            ),
            (
                "meetings/2025-09-committee.md",
                "Committee minutes September",
                "Martin Quayle (race officer) asked for a new start line flag.\n\n"
                "Boat painting starts in October.\n",
            ),
        ],
    )
    text = await ask(rt, "who is the race officer")
    assert "Martin Quayle" in text and _cites(text, ids["admin/officers.md"]), text
    assert not _cites(text, ids["meetings/2025-09-committee.md"]), text


async def test_another_note_naming_someone_new_is_still_cited(rt: Any) -> None:
    ids = await _notes(
        rt,
        [
            (
                "admin/officers.md",
                "Officers and roles",
                "| Role | Name | Contact |\n|---|---|---|\n| Race officer | Martin Quayle | 07700 900231 |\n",
            ),
            (
                "meetings/2026-03-committee.md",
                "Committee minutes March",
                "The race officer role passes to Priya Nandakumar from April.\n",
            ),
        ],
    )
    text = await ask(rt, "who is the race officer")
    assert _cites(text, ids["meetings/2026-03-committee.md"]), text
    assert "Priya Nandakumar" in text, text


def _passage(title: str, text: str, score: float) -> Any:
    from bot.research.evidence import Passage, Unit

    return Passage(entry_view(f"{title}.md", title, text, BASE, space=SPACE), Unit(text, "", 0), score)


def test_the_best_note_naming_no_person_keeps_its_passages_when_a_name_is_asked() -> None:
    # "name" asks for a system's name as well: a later note naming a person does not make
    # the best note's passage, naming no one, an aside
    from bot.research.citing import cited

    best = _passage("Documentation standards", "Our collections management system is Ledgerline CMS.", 1.0)
    team = _passage("Team directory", "Person: Martin Keele; Role: Collections manager", 0.9)
    assert cited("collections management system name", [best, team]) == [best, team]
    # ... and when the best note names the person, a later passage naming no one new is an aside
    officers = _passage("Officers", "Role: Race officer; Name: Martin Quayle", 1.0)
    minutes = _passage("Minutes", "Martin Quayle (race officer) asked for a new flag.", 0.9)
    assert cited("who is the race officer", [officers, minutes]) == [officers]


async def test_the_note_a_statement_in_force_replaced_is_not_cited_for_its_other_lines(
    local_rt: Any, tmp_path: Path
) -> None:
    # the answer says what the rule in force replaced, naming the note and its day; the old
    # note's other lines share the question's words and are the surroundings of the old rule
    policy = (
        "tickets/group-bookings-policy.md",
        "Group bookings policy",
        "Applies to groups of 20 or more foot passengers travelling together, or any coach party.\n\n"
        "- Must be booked at least 7 days ahead through the bookings clerk.\n"
        "- Group discount: 10% off the adult and child fares. The coach vehicle fare itself is "
        "not discounted.\n"
        "- Invoice monthly to regular coach operators.",
        datetime(2023, 3, 1, tzinfo=UTC),
    )
    memo = (
        "tickets/group-rate-2025-memo.md",
        "Group rate 2025 memo",
        "Subject: group rate from April\n\nHi all,\n"
        "From 1 April 2025 the group discount goes up to 15% (was 10%) for groups of 20+. "
        "Board agreed it last week, we'd rather keep the coach tours with us.",
        datetime(2025, 3, 14, tzinfo=UTC),
    )
    others = [(s, t, c, BASE) for s, t, c in OTHERS]
    await ingest_dated(local_rt, tmp_path, [*others, policy, memo], SPACE)
    ids = {source: entry_id for source, entry_id in (await local_rt.knowledge.by_sources(SPACE)).items()}
    text = await ask(local_rt, "What discount do we give groups and coach parties?")
    assert "15%" in text and _cites(text, ids["tickets/group-rate-2025-memo.md"]), text
    assert "Group bookings policy" in text, text  # what it replaced, named with its day
    assert not _cites(text, ids["tickets/group-bookings-policy.md"]), text

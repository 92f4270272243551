"""The rule in force when the later note says what it took over from the way the scaffold
and kennels notes written blind say it (read in the thirty-fourth session), on a cargo-bike
courier's notes written for these tests:

- a note that links to the old one and says it supersedes or reverses it is read beside it,
  also when the question shares no word with it ("who do we get tyres off now" of the note
  "Ostler Wheels account");
- a chat line saying the subject "changed from Brackley to Ostler" replaces the note about
  Brackley as a whole;
- a roles table's "took over from Dev on 3 June" replaces the older page saying Dev does it;
- a decision buried in long minutes ("AGREED: overnight charge limit comes down from 100% to
  80%") replaces the procedure page nobody updated, even when the minutes are too long to be
  found as relevant for the question;
- a later note telling what was measured ("page load rose from 300 ms to about 40 s") changes
  no rule: the incident's cause stands (a control: it passes with "rose from" read as a change
  too; the default vault's outage question in ``bench/answers_table.py`` is where that
  replaced the cause).

Each question asks what holds now, and the answer must not give the earlier one as the answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, ingest_titled

from adapters.console import SPACE

OTHERS = {
    "ops/depot.md": (
        "Depot",
        "date: 2023-05-02\n\nThe depot is the railway arch at 14 Canal Row. Bikes charge overnight on the "
        "back wall. Alarm code changes every quarter; ask Rosa.",
    ),
    "ops/rain-kit.md": (
        "Rain kit",
        "date: 2023-10-09\n\nEvery rider gets a jacket, overtrousers and overshoes. Spares in the blue locker.",
    ),
    "social/summer-ride.md": (
        "Summer ride out",
        "date: 2024-07-01\n\nSunday ride to the reservoir, picnic after. Bring your own bike, not a cargo bike!",
    ),
}

TYRES = {
    "suppliers/tyre-supplier.md": (
        "Tyre supplier",
        "date: 2023-03-14\n\nTyres and inner tubes for the cargo bikes come from Brackley Cycle Trade, "
        "order by Thursday noon for a Friday drop. Puncture-proof 20in tyres £31 each. Rep: Gail, 07700 900310.",
    ),
    "suppliers/ostler-wheels-account.md": (
        "Ostler Wheels account",
        "date: 2025-02-20\n\nThis supersedes the Brackley arrangement ([[tyre-supplier]]). Account OW-5521 "
        "opened with Ostler Wheels: rep Mo Ansari, 07700 900377, deliveries Tuesdays, 30 days credit.",
    ),
}

PARKING = {
    "ops/bikes-on-pavements.md": (
        "Bikes on pavements",
        "date: 2023-06-01\n\nRiders never park a cargo bike on the pavement at a drop, not even for a "
        "minute: use the road edge with hazard lights. Two complaints from the council last spring.",
    ),
    "ops/pavement-parking-2025.md": (
        "Drop-off stops from March",
        "date: 2025-03-03\n\nThis reverses the old rule ([[bikes-on-pavements]]) now the council has agreed "
        "it: a bike may stand on a pavement wider than 3 m for a drop of up to 5 minutes, never across a "
        "dropped kerb.",
    ),
}

CHAT = {
    "suppliers/brackley-cycle-trade.md": (
        "Brackley Cycle Trade",
        "date: 2023-03-14\n\nOur parts supplier: tyres, inner tubes, brake pads, chains for the cargo bikes. "
        "Order by Thursday noon for a Friday drop. Rep: Gail, 07700 900310.",
    ),
    "chats/ops-group-2025-02.md": (
        "Ops group chat",
        "date: 2025-02-26\n\n[24/02/2025 09:02] Rosa: Brackley putting everything up 15% from March\n"
        "[24/02/2025 09:10] Kofi: ouch\n"
        "[26/02/2025 16:40] Rosa: Right, parts supplier changed from Brackley to Ostler Wheels from 1 March. "
        "Mo at Ostler is the rep. Order by Monday for a Tuesday drop\n"
        "[26/02/2025 16:41] Kofi: 👍",
    ),
}

ROLES = {
    "ops/battery-checks.md": (
        "Battery checks",
        "date: 2023-09-04\n\nThe weekly battery health check is done by Dev Okafor every Monday before the "
        "first run: charge cycles, swelling, connector corrosion. Log it on the sheet by the chargers.",
    ),
    "people/who-does-what-2025.md": (
        "Who does what",
        "date: 2025-06-03\n\n| Job | Lead | Backup |\n|---|---|---|\n"
        "| Rota | Rosa Lind | Kofi |\n"
        "| Weekly battery health check | Priya Nair – took over from Dev on 3 June | Kofi |\n"
        "| Tyre and brake checks | Kofi Mensah | Priya |\n",
    ),
}

MINUTES = {
    "ops/charging.md": (
        "Battery charging",
        "Batteries charge on the back wall of the depot overnight. Charge limit: 100%. Timers on the chargers "
        "start at 22:00. A battery that is hot to the touch is left to cool for an hour before charging.",
    ),
    "meetings/2025-04-monthly.md": (
        "Monthly meeting April",
        "date: 2025-04-28\n\nPresent: Rosa, Kofi, Priya, Dev. Apologies: Sam.\n\n"
        "1. Rota. Bank holiday cover sorted, Priya and Dev on the Monday. Sam back from leave on the 12th.\n\n"
        "2. New client. Greenleaf Pharmacy want two runs a day from June, prescriptions, signed for. "
        "Rosa to send the rate card.\n\n"
        "3. Rain kit. Overshoes wearing through; order ten pairs from the usual place.\n\n"
        "4. Van hire. The Luton for the office move is booked for 14 May, Kofi driving.\n\n"
        "4a. Office move. New lease signed for the unit on Wharf Street; phones and broadband move on the "
        "13th, desks on the 14th. Everyone to box up their own drawers by Friday. Post redirected for six "
        "months. Keys: Rosa has two sets, Kofi one.\n\n"
        "4b. Invoices. Three clients over 60 days; Priya to chase by phone, then a letter. Greenleaf to be "
        "on 14-day terms from the start. Card machine fees went up, no change to prices yet.\n\n"
        "4c. Recruitment. Two riders wanted for the summer; advert on the job board and the college. "
        "Interviews in the week of 19 May. Trial shift paid at the normal rate.\n\n"
        "5. Batteries. Kofi read that charging to full every night shortens their life. AGREED: overnight "
        "charge limit comes down from 100% to 80% from 1 May. Rosa to change the charger settings.\n\n"
        "6. Summer ride out. Date to be fixed, Priya to ask around.\n\n"
        "7. AOB. The kettle is broken again. Someone please bring one in.",
    ),
}

OUTAGE = {
    "incidents/2025-02-app-outage.md": (
        "App outage February",
        "date: 2025-02-10\n\nCause: the routing app's map tiles came from a free tier that hit its monthly "
        "quota; page load went from 300 ms to about 40 s and riders could not see their drops.\n\n"
        "Window: 07:40 to 11:15. Forty-one drops late.",
    ),
    "meetings/2025-02-14-outage-review.md": (
        "Outage review",
        "date: 2025-02-14\n\nReview of the app outage. Page load rose from 300 ms to about 40 s over the "
        "morning. Riders phoned the office for addresses. Actions: Rosa moves us to the paid tier; an alert "
        "at 80% of the quota.",
    ),
}


async def _vault(rt: Any, folder: Path, notes: dict[str, tuple[str, str]]) -> None:
    await ingest_titled(rt, folder, {**OTHERS, **notes}, SPACE)


@pytest.mark.parametrize("question", ["who do we get tyres and inner tubes off now", "tyre supplier"])
async def test_a_note_linking_to_the_one_it_supersedes_is_read_beside_it(
    rt: Any, tmp_path: Path, question: str
) -> None:
    await _vault(rt, tmp_path, TYRES)
    text = await ask(rt, question)
    bullets = bullet_lines(text)
    assert bullets and "Ostler" in bullets[0], text


async def test_a_note_edited_to_say_it_supersedes_is_read_so_at_the_next_question(
    rt: Any, tmp_path: Path
) -> None:
    # what was read of the notes before the edit (which note replaces which, the notes linking
    # to a hit) is kept while the index stands, and the edit moves it
    plain = dict(TYRES)
    title, content = TYRES["suppliers/ostler-wheels-account.md"]
    plain["suppliers/ostler-wheels-account.md"] = (
        title,
        content.replace(
            "This supersedes the Brackley arrangement ([[tyre-supplier]]).", "See [[tyre-supplier]]."
        ),
    )
    await _vault(rt, tmp_path, plain)
    before = bullet_lines(await ask(rt, "who do we get tyres and inner tubes off now"))
    assert before and "Brackley" in before[0], before
    await _vault(rt, tmp_path, TYRES)
    # (asked again in other words: the same words are the same message, answered once)
    text = await ask(rt, "who do we get our tyres and inner tubes off now")
    after = bullet_lines(text)
    assert after and "Ostler" in after[0], text


async def test_a_note_that_reverses_another_by_a_link_is_the_rule(rt: Any, tmp_path: Path) -> None:
    await _vault(rt, tmp_path, PARKING)
    text = await ask(rt, "can riders park a cargo bike on the pavement at a drop?")
    bullets = bullet_lines(text)
    assert bullets and "wider than 3 m" in bullets[0], text


async def test_a_chat_saying_the_supplier_changed_from_a_name_replaces_that_note(
    local_rt: Any, tmp_path: Path
) -> None:
    await _vault(local_rt, tmp_path, CHAT)
    text = await ask(local_rt, "who supplies our brake pads and chains these days")
    bullets = bullet_lines(text)
    assert bullets and "Ostler" in bullets[0], text
    assert not any("Gail" in b for b in bullets), text


async def test_a_roles_row_saying_who_took_over_replaces_the_page_naming_the_one_before(
    rt: Any, tmp_path: Path
) -> None:
    await _vault(rt, tmp_path, ROLES)
    text = await ask(rt, "who does the weekly battery health check?")
    bullets = bullet_lines(text)
    assert bullets and "Priya Nair" in bullets[0], text


@pytest.mark.parametrize(
    "question", ["what do we charge the bike batteries to overnight now?", "battery charge limit"]
)
async def test_a_decision_in_long_minutes_replaces_the_procedure_nobody_updated(
    local_rt: Any, tmp_path: Path, question: str
) -> None:
    await _vault(local_rt, tmp_path, MINUTES)
    text = await ask(local_rt, question)
    bullets = bullet_lines(text)
    assert any("comes down from 100% to 80%" in b for b in bullets), text
    assert not any("Charge limit: 100%" in b for b in bullets), text


async def test_a_later_note_telling_what_was_measured_replaces_no_cause(
    local_rt: Any, tmp_path: Path
) -> None:
    await _vault(local_rt, tmp_path, OUTAGE)
    text = await ask(local_rt, "what caused the app outage?")
    bullets = bullet_lines(text)
    assert any("free tier that hit its monthly quota" in b for b in bullets[:2]), text
    assert "it replaced" not in text, text

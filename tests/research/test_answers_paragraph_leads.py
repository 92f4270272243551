"""A sentence is read with what its paragraph opens on: the numbered item of minutes that
names its subject in a fragment ("4. **The old boathouse.** Long discussion. …") and states
the decision three sentences on, and a list introduced by the line before it ("**Cause**
Two things together:"). The answer states the sentence that answers, not only the one
that names the subject; a paragraph's opening never reaches the next paragraph, and a list's
introduction ends at a heading or the next paragraph."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from research_helpers import add_note, ask, bullet_lines

from adapters.console import SPACE
from bot.research.evidence import units

OTHERS = [
    ("club/fees.md", "Membership fees", "Adult membership is £120 a year; juniors pay £45."),
    ("club/safety.md", "Water safety", "Nobody goes out alone; the safety launch is crewed on weekends."),
    ("club/kit.md", "Kit store", "Oars are numbered and signed out in the book by the door."),
]


async def _others(rt: Any) -> None:
    for source, title, content in OTHERS:
        await add_note(rt, source, title, content, space=SPACE, created_at=datetime(2025, 2, 1, tzinfo=UTC))


def test_a_paragraphs_opening_leads_its_later_sentences_and_no_other_paragraph() -> None:
    got = units(
        "# Minutes\n\n"
        "4. **The old boathouse.** Long discussion. It has stood empty since the club moved. "
        "Options were: sell it, rent it out or fit it out. Priya's proposal won: it becomes a store "
        "for the sculls from May.\n\n"
        "A paragraph of its own with enough words in it. And a second sentence after it here.\n"
    )
    by_text = {u.text: u.lead for u in got}
    assert by_text["Priya's proposal won: it becomes a store for the sculls from May."] == (
        "The old boathouse. Long discussion."
    )
    assert by_text["A paragraph of its own with enough words in it."] == ""
    assert by_text["And a second sentence after it here."] == ""


def test_a_line_ending_in_a_colon_leads_the_list_after_it_until_a_paragraph_or_heading() -> None:
    got = units(
        "**Cause** Two things together:\n"
        "1. the grate had been blocked by leaves\n"
        "2. the downpipe had come loose from the wall\n\n"
        "Then a paragraph that introduces nothing.\n"
        "- a list item after it stands alone\n\n"
        "Steps to take:\n\n"
        "## Another part\n"
        "- an item under a heading stands alone\n"
    )
    by_text = {u.text: u.lead for u in got}
    assert by_text["the grate had been blocked by leaves"] == "Cause Two things together:"
    assert by_text["the downpipe had come loose from the wall"] == "Cause Two things together:"
    assert by_text["a list item after it stands alone"] == ""
    assert by_text["an item under a heading stands alone"] == ""


async def test_the_minutes_decision_is_stated_not_only_the_item_naming_its_subject(rt: Any) -> None:
    await _others(rt)
    await add_note(
        rt,
        "meetings/2026-03-committee.md",
        "Committee meeting March 2026",
        "# Committee meeting March 2026\n\n"
        "3. **Regatta.** Entries close on 1 June; Tomasz to chase the juniors.\n\n"
        "4. **The old boathouse.** Long discussion. The boathouse by the slipway has stood empty "
        "since the club moved to the new pontoon. Options were: sell it, rent it out or fit it out. "
        "Priya's proposal won: it will be turned into a store for the sculls from May. "
        "Budget up to £900 for racks and a padlock.\n\n"
        "5. **Bar.** Prices unchanged.\n",
        space=SPACE,
        created_at=datetime(2026, 3, 12, tzinfo=UTC),
    )
    text = await ask(rt, "What was decided about the old boathouse?")
    assert any("store for the sculls" in b for b in bullet_lines(text)), text


async def test_each_cause_of_a_listed_pair_is_stated(rt: Any) -> None:
    await _others(rt)
    await add_note(
        rt,
        "incidents/cellar-flooding.md",
        "Incident: cellar flooding, March",
        "# Incident: cellar flooding, March\n\n"
        "Found by Ines on the Monday morning; about 5 cm of water under the racks.\n"
        "**Cause** Two things together:\n"
        "1. the grate by the back steps had been blocked by leaves for weeks\n"
        "2. the downpipe had come loose from the wall in the storm on Saturday night\n\n"
        "Damage: two boxes of programmes and the spare life jackets, all dried out.\n",
        space=SPACE,
        created_at=datetime(2026, 3, 20, tzinfo=UTC),
    )
    text = await ask(rt, "What caused the cellar flooding in March?")
    bullets = bullet_lines(text)
    assert any("downpipe" in b for b in bullets), text
    assert any("grate" in b for b in bullets), text

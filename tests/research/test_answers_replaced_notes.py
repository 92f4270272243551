"""The rule in force when the later note says what it replaces the way people write it: a
note that supersedes another by a link ("Supersedes [[trade-price-list-2024]]") replaces
the rows and lines of it whose amounts it restates otherwise; a decision that "changes from
the oxalic acid trickle to sublimation" replaces the statement of the trickle. And the
question as typed: a word one letter from an English word is a typo, not a name the notes
lack."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from research_helpers import add_note, ask, bullet_lines

from adapters.console import SPACE

OTHERS = [
    ("notes/pool.md", "Pool", "The pool is closed for cleaning on the first Monday of each month."),
    ("notes/classes.md", "Classes", "Spin classes run on Tuesday and Thursday evenings; book at reception."),
    ("notes/parking.md", "Parking", "Staff park at the back of the building, members at the front."),
]


async def _others(rt: Any) -> None:
    for source, title, content in OTHERS:
        await add_note(rt, source, title, content, space=SPACE, created_at=datetime(2024, 9, 1, tzinfo=UTC))


async def test_a_note_that_supersedes_another_by_a_link_replaces_its_rows(rt: Any) -> None:
    await _others(rt)
    old = await add_note(
        rt,
        "products/trade-price-list-2024.md",
        "Trade price list",
        "Prices ex VAT per jar, for shops with a trade account.\n\n"
        "| Product | Size | Trade price |\n|---|---|---|\n"
        "| Heather Gold | 227 g | £5.40 |\n| Wildflower Runny | 340 g | £4.20 |\n",
        space=SPACE,
        created_at=datetime(2024, 2, 1, tzinfo=UTC),
    )
    await add_note(
        rt,
        "products/trade-price-list-2025.md",
        "Trade price list 2025",
        "Supersedes the 2024 trade list ([[trade-price-list-2024]]). Glass went up 9%.\n\n"
        "| Product | Size | Trade price |\n|---|---|---|\n"
        "| Heather Gold | 227 g | £5.85 |\n| Wildflower Runny | 340 g | £4.50 |\n",
        space=SPACE,
        created_at=datetime(2025, 3, 3, tzinfo=UTC),
    )
    text = await ask(rt, "heather gold trade price")
    bullets = bullet_lines(text)
    assert bullets and "£5.85" in bullets[0], text
    assert "it replaced £5.40" in bullets[0], text
    assert not any("Trade price: £5.40" in b for b in bullets), text
    assert not any(f"[Entry {old[:8]}]" in b and "Heather Gold" in b for b in bullets), text


async def test_a_decision_that_changes_from_what_a_rule_states_replaces_it(rt: Any) -> None:
    await _others(rt)
    await add_note(
        rt,
        "bee-health/varroa-treatment-plan.md",
        "Varroa treatment plan",
        "## Winter treatment\n\nOxalic acid trickle in late December when colonies are broodless: "
        "5 ml per seam of bees.\n",
        space=SPACE,
        created_at=datetime(2024, 9, 2, tzinfo=UTC),
    )
    await add_note(
        rt,
        "meetings/board-minutes.md",
        "Board minutes 14 October 2025",
        "- DECISION: from this winter the winter varroa treatment changes from the oxalic acid trickle "
        "to oxalic acid sublimation (vaporising), in the first two weeks of December.\n"
        "- Fuel spend up after the card change.\n",
        space=SPACE,
        created_at=datetime(2025, 10, 14, tzinfo=UTC),
    )
    text = await ask(rt, "winter varroa treatment method")
    bullets = bullet_lines(text)
    assert bullets and "sublimation" in bullets[0], text
    assert "it replaced" in bullets[0], text


async def test_a_typo_of_an_english_word_is_no_name_the_notes_lack(rt: Any) -> None:
    await _others(rt)
    for source, title in (
        ("orchards/quarry-lane.md", "Quarry Lane Orchard"),
        ("orchards/quarry-hill.md", "Quarry Hill Orchard"),
    ):
        await add_note(
            rt,
            source,
            title,
            f"{title} takes 24 hives each spring.",
            space=SPACE,
            created_at=datetime(2024, 9, 1, tzinfo=UTC),
        )
    await add_note(
        rt,
        "pollination/contract-terms.md",
        "Pollination contract terms",
        "Deposit is now 30% of the total fee, due 14 days before the hives are placed.\n",
        space=SPACE,
        created_at=datetime(2025, 1, 10, tzinfo=UTC),
    )
    text = await ask(rt, "pollination contract deposit of the total fee, is it still a quater?")
    assert "30%" in text, text
    assert "found nothing" not in text, text


async def test_a_name_one_letter_off_a_title_word_is_another_place(rt: Any) -> None:
    await _others(rt)
    await add_note(
        rt,
        "apiaries/birchmere.md",
        "Birchmere apiary",
        "Site: Birchmere, 12 colonies. The gate key for the Birchmere apiary is kept in the key safe.\n",
        space=SPACE,
        created_at=datetime(2025, 5, 19, tzinfo=UTC),
    )
    text = await ask(rt, "Where is the key for the Birchmore apiary kept?")
    assert "found nothing about Birchmore" in text, text
    assert "[Entry" not in text, text
    # typed in lower case, the same word is a typo of the title's word and is answered
    text = await ask(rt, "where is the key for the birchmere apiary kept?")
    assert "key safe" in text, text

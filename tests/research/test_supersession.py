"""Supersession across notes: when a later note decides again on the subject of an earlier
one (a new limit, a new supplier, a reversed rule), the answer states the one in force, says
what it replaced and since when; a model is sent the one in force first and the replaced
one marked as superseded."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
from research_helpers import add_note, ask, bullet_lines

from adapters.console import SPACE

OLD = datetime(2024, 5, 14, tzinfo=UTC)
NEW = datetime(2026, 3, 2, tzinfo=UTC)

NOTES = [
    (
        "decisions/partner-api-limit.md",
        "Partner API rate limit",
        "## Decision\n\nThe partner API rate limit is 500 requests/min per key.\n\n"
        "## Why\n\nPartners batch their nightly syncs and 500 requests/min covers the largest of them.\n",
        OLD,
    ),
    (
        "meetings/platform-weekly.md",
        "Platform weekly",
        "1. Release train on Tuesdays stays as it is.\n\n"
        "2. Agreed 2 March 2026: the partner API rate limit becomes 300 requests/min per key, from "
        "16 March. Two partners were hammering the gateway at night.\n\n"
        "3. Lunch rota is on the wiki.\n",
        NEW,
    ),
    (
        "decisions/courier-2023.md",
        "Courier contract 2023",
        "Decision: our parcels go with Swiftline Logistics on a rolling annual contract.\n",
        datetime(2023, 3, 27, tzinfo=UTC),
    ),
    (
        "decisions/courier-switch.md",
        "Courier switch",
        "From 1 February 2026 our parcels go with Parcelhawk Express. This replaces the 2023 contract "
        "with Swiftline Logistics ([[Courier contract 2023]]), after eleven late collections in 2025.\n",
        datetime(2026, 1, 19, tzinfo=UTC),
    ),
]


@pytest.fixture
async def notes(rt: Any) -> dict[str, str]:
    return {
        source: await add_note(rt, source, title, content, space=SPACE, created_at=when)
        for source, title, content, when in NOTES
    }


async def test_the_later_decision_answers_and_says_what_it_replaced(rt: Any, notes: dict[str, str]) -> None:
    text = await ask(rt, "what is the partner api rate limit?")
    bullets = bullet_lines(text)
    assert bullets and "300 requests/min" in bullets[0], text
    assert "since 2026-03-02" in bullets[0] and "it replaced 500 requests/min" in bullets[0]
    # the old limit is said only as what was replaced, never as an answer of its own
    assert not any("500 requests/min per key" in b for b in bullets[1:])
    assert f"[Entry {notes['meetings/platform-weekly.md'][:8]}]" in bullets[0]


async def test_a_decision_naming_the_earlier_one_replaces_it(rt: Any, notes: dict[str, str]) -> None:
    text = await ask(rt, "which courier do our parcels go with?")
    bullets = bullet_lines(text)
    assert bullets and "Parcelhawk Express" in bullets[0], text
    assert "in force since 2026-02-01" in bullets[0]
    assert not any(b.startswith("- Decision: our parcels go with Swiftline") for b in bullets)


async def test_the_model_is_sent_the_one_in_force_first_and_the_replaced_one_marked(tmp_path: Any) -> None:
    """The real ``anthropic`` client against the fake Messages API: the quick-answer request
    holds the later decision before the earlier one, which is marked superseded."""
    from fake_anthropic import job_of
    from research_helpers import runtime_on_the_model

    async with runtime_on_the_model(tmp_path) as (rt, fake):
        ids = {
            source: await add_note(rt, source, title, content, space=SPACE, created_at=when)
            for source, title, content, when in NOTES
        }
        await ask(rt, "what is the partner api rate limit?")
        sent = [
            " ".join(str(m["content"]) for m in r["messages"])
            for r in fake.requests
            if job_of(r, deep_model="claude-opus-4-8") == "quick"
        ]
        assert sent, "no quick-answer request"
        order = re.findall(r'<entry-[0-9a-f]+ id="([0-9a-f]{8})', sent[-1])
        new, old = ids["meetings/platform-weekly.md"][:8], ids["decisions/partner-api-limit.md"][:8]
        assert order[:1] == [new] and old in order, order
        assert re.search(
            r"Superseded on 2026-03-(?:02|16) by Platform weekly: The partner API rate", sent[-1]
        )


async def test_a_note_pointing_to_the_later_decision_is_not_replaced_by_it(rt: Any) -> None:
    """A meeting item that led to a decision ("Dana to write it up: [[...]]") agrees with it;
    an undated note that says it reverses a rule still replaces that rule."""
    await add_note(
        rt,
        "meetings/review.md",
        "Gateway review",
        "Partner keys to be rate limited at 300 requests/min. Dana to write it up: [[Gateway limit]].",
        space=SPACE,
        created_at=datetime(2026, 2, 1, tzinfo=UTC),
    )
    await add_note(
        rt,
        "decisions/gateway-limit.md",
        "Gateway limit",
        "Decided: partner keys are rate limited at 300 requests/min at the gateway, from 1 March 2026.",
        space=SPACE,
        created_at=datetime(2026, 2, 20, tzinfo=UTC),
    )
    text = await ask(rt, "what are partner keys rate limited at?")
    assert "300 requests/min" in text
    assert "it replaced" not in text and "Superseded" not in text


async def test_a_change_note_and_a_named_replacement_replace_the_earlier_statement(rt: Any) -> None:
    """A statement in a note that is itself a change ("Pricing update spring 2026") replaces an
    earlier statement with another amount; a statement saying it replaces a name the earlier
    one states ("… replaces Harbourne Media …") replaces it however few words they share."""
    for source, title, content, when in [
        (
            "decisions/minimum-order-charge.md",
            "Minimum order charge",
            "From 1 April 2025 every order carries a minimum charge of £35 + VAT.\n\n"
            "Applies to walk-in and account customers alike.\n",
            datetime(2025, 3, 10, tzinfo=UTC),
        ),
        (
            "decisions/pricing-update.md",
            "Pricing update spring 2026",
            "Effective 1 March 2026.\n\n- Minimum order charge: £45 + VAT.\n"
            "- Design time: £48 per hour.\n- Install day rate: £620.\n",
            datetime(2026, 2, 20, tzinfo=UTC),
        ),
        (
            "decisions/vinyl-harbourne.md",
            "Primary vinyl supplier",
            "Decision: Harbourne Media Ltd becomes our primary supplier of self-adhesive vinyl "
            "(cast and calendered) for both sites, starting 1 July 2025.\n",
            datetime(2025, 6, 12, tzinfo=UTC),
        ),
        (
            "decisions/vinyl-change.md",
            "Vinyl supplier change",
            "Pellow & Grant Sign Supplies replaces Harbourne Media as our primary vinyl supplier, "
            "with effect from 1 February 2026.\n",
            datetime(2026, 1, 14, tzinfo=UTC),
        ),
    ]:
        await add_note(rt, source, title, content, space=SPACE, created_at=when)
    bullets = bullet_lines(await ask(rt, "what's our minimum order charge"))
    assert bullets and "£45" in bullets[0] and "it replaced £35" in bullets[0], bullets
    assert not any("minimum charge of £35" in b for b in bullets)
    said = await ask(rt, "who is our primary vinyl supplier?")
    bullets = bullet_lines(said)
    assert bullets and "Pellow & Grant" in bullets[0] and "it replaced" in bullets[0], said
    assert not any(b.startswith("- Decision: Harbourne Media Ltd becomes") for b in bullets)


async def test_a_dated_change_replaces_an_undated_reference_and_a_raise_says_its_new_value(
    rt: Any, tmp_path: Any
) -> None:
    """A reference page that states no date is replaced by a dated note stating a change of
    its amount ("the new handover times 06:30 and 18:30"); "raised from 25% to 35%" changes
    25% to 35%, not the other way round."""
    vault = {
        "reference/control-room-shifts.md": "# Control room shift pattern\n\n"
        "Control room handover at 07:00 and 19:00, 15 minutes overlap.\n",
        "meetings/ops-weekly.md": "---\ndate: 2026-01-12\n---\n# Ops weekly\n\n"
        "The new control room handover is at 06:30 and 18:30, 15 minutes overlap as before.\n",
        "sites/greymere.md": "# Greymere service reservoir\n\n"
        "Low level alarm 25% (control room), critical 10%.\n",
        "meetings/review.md": "---\ndate: 2025-11-24\n---\n# Power failure review\n\n"
        "Greymere low-level alarm raised from 25% to 35%, plus a new inlet flow alarm.\n",
        # other notes, so that the words above are rarer than common ones
        "hr/leave.md": "# Annual leave\n\nBook annual leave in the HR portal two weeks ahead.\n",
        "hr/boots.md": "# Safety boots\n\nSafety boots are replaced every twelve months.\n",
        "howto/sampling.md": "# Sampling\n\nTake bacteriological samples from the tap after flushing.\n",
        "social/party.md": "# Christmas party\n\nDrinks at the Pump Room pub on 19 December.\n",
    }
    for path, text in vault.items():
        file = tmp_path / "vault" / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text, encoding="utf-8")
    await rt.ingest(tmp_path / "vault")
    said = await ask(rt, "what time is the control room handover")
    bullets = bullet_lines(said)
    assert bullets and "06:30" in bullets[0] and "it replaced 07:00" in bullets[0], said
    assert not any(b.startswith("- Control room handover at 07:00") for b in bullets)
    bullets = bullet_lines(await ask(rt, "greymere low level alarm setting"))
    assert bullets and "35%" in bullets[0] and "it replaced 25%" in bullets[0], bullets
    assert not any(b.startswith("- Low level alarm 25%") for b in bullets)


def test_a_statement_cites_a_note_by_its_title_as_one_pattern_per_title_would_say() -> None:
    """``_cites`` (one pattern for every title, tried where the title is said) says what
    "see|per|following … <title>" compiled per title says, over crafted statements."""
    import random

    from bot.research.supersession import _CITING, _cites

    pieces = ["see ", "the ", "per ", "under ", "following", " ", "\n", "x", "ab", "a b", "in line with "]
    pieces += ["as set out in ", "according to", "thesee ", "-", "seethe ", "a", "the"]
    titles = ["a", "ab", "a b", "the ab", "x", "see", "the", "b", "ab ab", "per x", "(x)", "a.b"]
    rng = random.Random(7)
    cited = 0
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 9)))
        title = rng.choice(titles)
        expected = bool(re.compile(_CITING + re.escape(title)).search(text))
        assert _cites(text, title) == expected, (text, title)
        cited += expected
    assert cited > 500  # both answers were asked often
    assert _cites("as agreed, see the adr-007 decision for why", "adr-007 decision")
    assert not _cites("the adr-007 decision, see below", "adr-007 decision")


def test_a_statements_parts_are_what_its_text_says() -> None:
    """A statement's parts, each read when first asked, in any order."""
    from bot.research.supersession import _said

    text = (
        "From 3 March 2026 the minimum order changes from the old £30 charge to £45; "
        "this replaces Harbourne Media as our supplier."
    )
    said = _said(text)
    assert said.amounts_last and said.amounts  # asked first, before the others
    assert said.replacing and said.says_it_replaces and said.change
    assert said.latest is not None and said.latest.isoformat() == "2026-03-03"
    assert said.changed_from == ("old £30 charge",)
    assert "Harbourne Media" in said.names and "harbourne media" in said.replacing_names
    assert said.lowered == text.lower()
    assert any("replaces" in c for c in said.replacing_clauses)
    assert _said(text) is said  # read once a text

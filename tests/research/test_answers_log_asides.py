"""Changes written the way a workshop's logs and mail write them (the smokehouse and housing
vaults' misses, read in the thirty-sixth session): a log typed one dated line after another,
whose entry "from today … (was 1240 / 20)" changes the firing chart's row; a service engineer's
mail "reset the alarm to 4°C (was 5°C)" that says no "change" word; a newsletter naming the new
contractor where the page names the old one. Each was answered with the earlier value. Also:
each line of such a log is a passage of its own, not one run-on paragraph.

The notes are a pottery studio's and a block of flats' managing agent's, written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, ingest_dated

from adapters.console import SPACE
from bot.research.evidence import units

KILN_LOG = (
    "(typed up from the kiln book by Priya)\n\n"
    "02/03 bisque 40 pots, cone 04, ok\n"
    "05/03 glaze firing, 22 mugs, two crawled on the base - Dan's batch\n"
    "09/03 element on the left side glowing uneven, rang Kilnserve\n"
    "12/03 GLAZE FIRINGS — from today top temp is 1220°C with a 15 min soak (was 1240 / 20). Too many "
    "runs on the celadons at 1240. Tried three loads side by side, 1220/15 best. THIS IS THE NEW STANDARD.\n"
    "16/03 bisque 35 pots, cone 04\n"
    "20/03 glaze firing at the new settings, no runs, Dan happy\n"
    "27/03 out of wadding, ordered 2 tubs"
)

NOTES = [
    (
        "kiln/firing-chart.md",
        "Firing chart",
        "| Firing | Top temp | Soak | Notes |\n|---|---|---|---|\n"
        "| Bisque | 1000°C | 10 min | cone 04, slow first 600 |\n"
        "| Glaze firing | 1240°C | 20 min | stoneware glazes only |\n"
        "| Raku | 950°C | none | outside kiln only |\n\n"
        "Never open the kiln above 200°C.",
        datetime(2024, 9, 2, tzinfo=UTC),
    ),
    ("kiln/kiln-log-march-2025.md", "Kiln log — March 2025", KILN_LOG, datetime(2025, 3, 31, tzinfo=UTC)),
    (
        "kiln/kiln-room-rules.md",
        "Kiln room rules",
        "Only Dan, Priya and Orla load the kilns. Gloves and glasses on when unloading. Shelves get kiln "
        "wash every tenth firing.",
        datetime(2024, 6, 10, tzinfo=UTC),
    ),
    (
        "clay/clay-store.md",
        "Clay store",
        "Alarms on the two clay store fridges (for the porcelain) are set at 5°C; the store itself is "
        "kept above freezing in winter.",
        datetime(2024, 1, 15, tzinfo=UTC),
    ),
    (
        "clay/fridge-service-mail.md",
        "Fw: fridge service visit",
        "From: Lorna at Coldline Services <lorna@coldline.example>\nSubject: service visit today\n\n"
        "Hi both,\n\nAll done today. Notes:\n- Cleaned both condensers, door seal on fridge 2 replaced.\n"
        "- As discussed with yourself, we've reset the alarm on BOTH clay store fridges to 4°C (was 5°C). "
        "Delay left at 20 min.\n- Next service in September.\n\nLorna",
        datetime(2025, 4, 8, tzinfo=UTC),
    ),
    (
        "flats/lift-out-of-hours.md",
        "Out-of-hours lift breakdowns",
        "# Out-of-hours lift breakdowns\n\nOutside office hours (6pm–8am weekdays, all weekend and bank "
        "holidays) lift breakdowns are handled by **Corran Lifts Ltd**.\n\n- Residents ring the emergency "
        "line on the lift car's panel; after 6pm it diverts to Corran's engineers.\n- Corran attend "
        "trapped-person calls within the hour.\n- Contract manager at Corran: Ewan Price, 07700 900412.\n"
        "- Call-out charge £120 + £55/hour after the first hour.",
        datetime(2024, 2, 1, tzinfo=UTC),
    ),
    (
        "flats/residents-newsletter-spring-2025.md",
        "Harcourt Court residents' newsletter, spring 2025",
        "**Bins**\nThe recycling bins now go out on Tuesdays, and the bin store has a new lock.\n\n"
        "**A new out-of-hours service**\nFrom 1 March our out-of-hours lift breakdowns are handled by "
        "Pelham Access Services. You ring the same number as before.\n\n"
        "**Garden**\nThe residents' garden day is 12 April; bring gloves, tea is on us.\n\n"
        "**Parking**\nVisitor permits are at the concierge desk.",
        datetime(2025, 2, 20, tzinfo=UTC),
    ),
]


@pytest.fixture
async def notes(local_rt: Any, tmp_path: Path) -> None:
    await ingest_dated(local_rt, tmp_path, NOTES, SPACE)


@pytest.mark.parametrize(
    ("question", "said", "not_said"),
    [
        ("what top temp and soak do glaze firings get", "1220", "1240°C; Soak: 20"),
        ("What are the clay store fridge alarms set to?", "4°C", "are set at 5°C"),
        ("who handles lift breakdowns out of hours", "Pelham", "Corran Lifts"),
        ("Which contractor handles out-of-hours lift breakdowns?", "Pelham", "Corran Lifts"),
    ],
)
async def test_the_value_in_force_is_stated_first(
    local_rt: Any, notes: None, question: str, said: str, not_said: str
) -> None:
    lines = bullet_lines(await ask(local_rt, question))
    first = next((line for line in lines if said in line), "")
    assert first and lines.index(first) <= 1, lines
    assert not any(not_said in line for line in lines[: lines.index(first)]), lines
    assert "crawled" not in first, first  # the log's entry, not the entries typed around it


def test_each_entry_of_a_dated_log_is_a_passage_of_its_own() -> None:
    pieces = [u.text for u in units(KILN_LOG)]
    entry = next(p for p in pieces if "GLAZE FIRINGS" in p)
    assert entry.startswith("12/03 GLAZE FIRINGS"), pieces
    assert "element on the left" not in entry and "bisque 35" not in entry, pieces
    # lines that are not a log's keep running on as one paragraph
    prose = [u.text for u in units("We fire on Mondays\nand unload on Wednesdays.")]
    assert prose == ["We fire on Mondays and unload on Wednesdays."], prose

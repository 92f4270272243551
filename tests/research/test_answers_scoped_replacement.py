"""A note that replaces another (its later version, "This v2 replaces the 2022 procedure")
replaces what that note said, not another note's figure on a word they share: the hydrotherapy
pool's v2 restates its own chlorine range, and the drinking water's chlorine target still
stands. A "changeover" of sessions is no change. The notes are a special school's site team's,
written for this test."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, entry_view, ingest_dated

from adapters.console import SPACE

NOTES = [
    (
        "pool/hydro-pool-procedure.md",
        "Hydrotherapy pool — operating procedure",
        "# Hydrotherapy pool procedure (2022)\n\n"
        "- Water temperature 35°C, checked before the first session.\n"
        "- Daily free chlorine 1.5–3 mg/l, pH 7.2–7.6, logged by 9am.\n"
        "- Drain and scrub the steps every half term.\n",
        datetime(2022, 9, 5, tzinfo=UTC),
    ),
    (
        "pool/hydro-pool-procedure-v2.md",
        "Hydrotherapy pool — operating procedure v2",
        "# Hydrotherapy pool procedure — v2 (January 2025)\n\n"
        "**This v2 replaces the 2022 procedure ([[pool/hydro-pool-procedure]]).** What changed:\n\n"
        "1. **Water temperature is now 34°C** (was 35). Two pupils felt faint in the summer term.\n"
        "2. Lab samples monthly, not termly.\n\n"
        "Everything else is the same:\n"
        "- daily free chlorine 1.5–3 mg/l, pH 7.2–7.6, logged by 9am; close the pool for any "
        "cloudy water or low chlorine we can't fix before the next session changeover\n",
        datetime(2025, 1, 6, tzinfo=UTC),
    ),
    (
        "water/borehole-supply.md",
        "Drinking water supply — treatment and chlorination",
        "# Drinking water supply\n\n"
        "The school's drinking water comes from the borehole behind the sports hall.\n\n"
        "## Chlorine setpoint\n"
        "- **Target free chlorine at the staff-room tap: 0.4 mg/l.**\n"
        "- Acceptable range 0.2–0.6 mg/l. Under 0.2: tell the site manager the same day.\n",
        datetime(2023, 3, 14, tzinfo=UTC),
    ),
    (
        "site/minibus.md",
        "Minibus checks",
        "Tyres, lights and the wheelchair clamps checked every Monday by the driver.",
        datetime(2024, 1, 9, tzinfo=UTC),
    ),
]


@pytest.fixture
async def notes(local_rt: Any, tmp_path: Path) -> None:
    await ingest_dated(local_rt, tmp_path, NOTES, SPACE)


def _passage(
    source: str, title: str, content: str, day: datetime, text: str, section: str, score: float
) -> Any:
    from bot.research.evidence import Passage, Unit

    return Passage(entry_view(source, title, content, day, space=SPACE), Unit(text, section, 1), score)


@pytest.mark.parametrize("tail", ["", ", after every session changeover"])
def test_a_later_version_replaces_only_what_its_own_notes_said(tail: str) -> None:
    # the drinking water's target and the pool's restated range share "free chlorine" and the
    # question's "water": the v2 replaces the 2022 procedure, not the drinking water note
    from bot.research.supersession import supersede
    from bot.research.tokens import Stemmer

    _, v2_title, v2_content, v2_day = NOTES[1]
    _, water_title, water_content, water_day = NOTES[2]
    restated = (
        "Everything else is the same: daily free chlorine 1.5–3 mg/l, pH 7.2–7.6, logged by 9am; "
        f"close the pool for any cloudy water or low chlorine we can't fix the same day{tail}"
    )
    target = "Target free chlorine at the staff-room tap: 0.4 mg/l."
    ranked = [
        _passage(NOTES[2][0], water_title, water_content, water_day, target, "Chlorine setpoint", 1.3),
        _passage(
            NOTES[1][0], v2_title, v2_content, v2_day, restated, "Hydrotherapy pool procedure — v2", 0.63
        ),
    ]
    out = supersede(ranked, "drinking water supply chlorine target", floor=0.44, stem=Stemmer().stem)
    assert [p.unit.text for p in out] == [target, restated]
    assert all(p.replaces is None and p.replaced_by is None for p in out)


async def test_the_version_still_replaces_its_own_earlier_figure(local_rt: Any, notes: None) -> None:
    answer = await ask(local_rt, "what temperature is the hydro pool now?")
    lines = bullet_lines(answer)
    assert lines and "34°C" in lines[0], answer
    assert "replaced" in lines[0] and "35" in lines[0], answer


def test_a_changeover_is_no_change() -> None:
    from bot.research.supersession import CHANGE

    assert not CHANGE.search("drain, scrub and refill after every pod changeover")
    assert not CHANGE.search("the changing rooms are cleaned at noon")
    assert CHANGE.search("the rota changed in May")
    assert CHANGE.search("we are changing supplier")


def test_what_holds_for_this_season_is_a_new_value() -> None:
    # the changing room told the old reading of "ok so for this season: … sign in desk in
    # changing room as usual" that it was a change; what it says of the season does
    from bot.research.supersession import CHANGE

    assert CHANGE.search("ok so for this season: on the water 13:30, ashore 16:00")
    assert CHANGE.search("For the coming term, lessons start at 9:15.")
    assert not CHANGE.search("Season tickets are sold at the bar.")

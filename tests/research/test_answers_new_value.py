"""The rule in force when the later statement gives its subject a value that is neither an
amount nor a name: a route, a place, a method ("the approach to Hollin Crag is now the quarry
track", "callout parking has moved to the church car park"). The later statement answers and
says what it replaced; the replaced note is not cited as support. Another site's statement
under the same label, and a later note that only repeats the rule, replace nothing."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from research_helpers import add_note, ask, bullet_lines

from adapters.console import SPACE
from bot.research.supersession import REPLACING

ACCESS = """\
Popular crag, most of our rescues are on the east face.

Parking: Mill Lane car park, not the farm gate.
Approach: follow the river path from the car park, about 20 minutes to the foot of the east face.
Phone signal: patchy, radio via the Pike repeater.
"""

INCIDENT = """\
Walker with an injured knee on the river path under Hollin Crag. Rockfall ahead of the first party.

## Actions
- The river path is closed to team use until further notice.
- Approach to Hollin Crag for all rescues is now the quarry track: from Mill Lane car park through the gate and up the old incline.
- Parking still Mill Lane car park.
"""

OTHER_CRAG = """\
## Actions
- Approach to Sourmilk Ghyll for all rescues is now the forestry road from the top car park.
"""

REPEAT = """\
Checked after the path repairs: the approach to Hollin Crag is now the river path from the Mill Lane car park, as it always was.
"""

PARKING_OLD = "Callout parking: in the depot yard behind the workshop, nose out, keys on the hook."
PARKING_NEW = "From the committee: callout parking has moved to the church car park on Station Road."

FILLER = [
    ("kit/ropes.md", "Ropes", "Ropes are retired after ten years or any big fall; log each use."),
    (
        "kit/radios.md",
        "Radios",
        "Radios are charged on the rack by the door; channel 2 for the Pike repeater.",
    ),
    ("people/rota.md", "Duty rota", "The duty team leader changes every Monday at 19:00."),
]


def _cited(text: str, entry: str) -> bool:
    return f"[Entry {entry[:8]}]" in text


async def _note(rt: Any, source: str, title: str, content: str, when: datetime) -> str:
    return await add_note(rt, source, title, content, space=SPACE, created_at=when)


async def _filler(rt: Any) -> None:
    for source, title, content in FILLER:
        await add_note(rt, source, title, content, space=SPACE, created_at=datetime(2024, 5, 1, tzinfo=UTC))


async def _hollin_access(rt: Any) -> str:
    """The filler notes and the 2023 access notes of Hollin Crag; the access notes' id."""
    await _filler(rt)
    return await _note(
        rt,
        "bases/hollin-crag-access.md",
        "Hollin Crag access notes",
        ACCESS,
        datetime(2023, 7, 19, tzinfo=UTC),
    )


async def test_a_later_route_replaces_the_access_notes_route_and_says_what_it_replaced(rt: Any) -> None:
    access = await _hollin_access(rt)
    incident = await _note(
        rt,
        "callouts/incident-2025-11-hollin-crag.md",
        "Incident report — Hollin Crag, 8 Nov 2025",
        INCIDENT,
        datetime(2025, 11, 8, tzinfo=UTC),
    )
    text = await ask(rt, "how do we approach Hollin Crag now?")
    bullets = bullet_lines(text)
    assert bullets and "quarry track" in bullets[0], text
    assert "it replaced" in bullets[0] and "river path" in bullets[0], text
    assert _cited(text, incident) and not _cited(text, access), text
    assert not any(b.startswith("- Approach: follow the river path") for b in bullets), text


async def test_a_place_that_moved_replaces_the_earlier_place(rt: Any) -> None:
    await _filler(rt)
    old = await _note(
        rt, "callouts/parking.md", "Parking on a callout", PARKING_OLD, datetime(2024, 2, 1, tzinfo=UTC)
    )
    new = await _note(
        rt,
        "meetings/2026-01-team-meeting.md",
        "Team meeting January 2026",
        PARKING_NEW,
        datetime(2026, 1, 14, tzinfo=UTC),
    )
    text = await ask(rt, "where is callout parking?")
    bullets = bullet_lines(text)
    assert bullets and "church car park" in bullets[0] and "it replaced" in bullets[0], text
    assert "depot yard" in bullets[0], text  # what it replaced, quoted
    assert _cited(text, new) and not _cited(text, old), text


async def test_another_sites_statement_under_the_same_label_replaces_nothing(rt: Any) -> None:
    access = await _hollin_access(rt)
    await _note(
        rt,
        "callouts/incident-2025-12-sourmilk.md",
        "Incident report — Sourmilk Ghyll, 2 Dec 2025",
        OTHER_CRAG,
        datetime(2025, 12, 2, tzinfo=UTC),
    )
    text = await ask(rt, "how do we approach Hollin Crag now?")
    bullets = bullet_lines(text)
    assert bullets and "river path" in bullets[0] and _cited(bullets[0], access), text
    assert "it replaced" not in text and "forestry road" not in text, text


async def test_a_later_note_repeating_the_route_replaces_nothing(rt: Any) -> None:
    await _hollin_access(rt)
    await _note(
        rt, "callouts/path-check-2026.md", "Path check, March 2026", REPEAT, datetime(2026, 3, 2, tzinfo=UTC)
    )
    text = await ask(rt, "how do we approach Hollin Crag now?")
    assert "river path" in text, text
    assert not re.search(r"it replaced|Superseded", text), text


MOORINGS = """\
The club has 42 swinging moorings, laid in three trots between the beacon and the club pontoons.

Risers and sinkers belong to the club and are inspected once a year by diver.
Pennants, strops and pick-up buoys are the holder's responsibility.
"""
RISERS = """\
**4. Moorings.** Mr Pevensey reported that the budget for the March diver inspection had been confirmed
with Fenwick Diving at the same rate as last year. Three risers are expected to need replacing. He
reminded members that mooring holders are responsible for their own pennants and that the club does not
inspect these.
"""


async def test_a_worn_part_that_needs_replacing_replaces_no_rule(rt: Any) -> None:
    await _filler(rt)
    overview = await _note(
        rt, "marina/moorings.md", "Moorings overview", MOORINGS, datetime(2024, 1, 5, tzinfo=UTC)
    )
    await _note(
        rt,
        "committee/2025-11-minutes.md",
        "Committee, November 2025",
        RISERS,
        datetime(2025, 11, 12, tzinfo=UTC),
    )
    text = await ask(rt, "number of club swinging moorings")
    bullets = bullet_lines(text)
    assert bullets and "42 swinging moorings" in bullets[0] and _cited(bullets[0], overview), text
    assert "it replaced" not in text, text


def test_needing_replacing_says_nothing_was_replaced() -> None:
    # the reading behind the marina vault's "Three risers are expected to need replacing. (in
    # force since 2025-11-12; it replaced Moorings — overview)" (the test above is its guard)
    for worn in (
        "Three risers are expected to need replacing.",
        "The pump needs to be replaced.",
        "due for replacement",
    ):
        assert not REPLACING.search(worn), worn
    for said in ("This replaces the 2023 price list.", "Replaced by the new form.", "We replaced Harbourne."):
        assert REPLACING.search(said), said

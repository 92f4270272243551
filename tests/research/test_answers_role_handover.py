"""A role handed to someone new in later minutes or a chat replaces the roles page nobody
updated (the leisure trust's, brewery's and garden centre's vaults, bench/sealed/, showed it:
"The board appointed Priya Okonjo … as Designated Safeguarding Lead" left the roles table's
old name as the answer), and so does a later roles table naming another holder (the
opticians': the 2025 handbook's "Infection control lead | Kezia Amoah" against the 2023
procedure's "Infection control lead: Bethan Howe"). A role the later note does not give keeps
its holder.

An incident report telling what someone did "instead of" something else replaces no rule (the
garage's vault: "emptied the coolant drain pan … into the waste oil tank instead of the
coolant drum" replaced the tank's "1,250 litres").

The notes here are written for these tests (a climbing club's), not copied from those vaults.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, write_notes

from adapters.console import SPACE
from bot.research.supersession import _role_held, _roles_given

ROLES = """# Club roles and contacts

| Role | Person | Contact |
| --- | --- | --- |
| Welfare officer | Dewi Jones | 07700 900411 |
| Treasurer | Sian Parry | 07700 900412 |
| Route setting lead | Owain Bevan | 07700 900413 |
"""

MINUTES = """---
title: Committee meeting 12 March 2025
date: 2025-03-12
---
Present: Sian, Owain, Dewi, Ffion, Marc.

1. Wall repairs. Hold 14 on the lead wall spun again; Owain to re-torque all bolts on that panel.

2. Welfare. Dewi is stepping down after four years. The committee appointed Ffion Hale (junior
coach) as welfare officer with immediate effect. Dewi stays on as her deputy until the summer.

3. Subs stay at £12 a month.
"""


FIRST_AID = """---
title: First aid
date: 2023-05-01
---
First aid lead: Gwen Morris — the kit is in the office, the accident book beside it.
"""

HANDBOOK = """---
title: Handbook 2025 - who to ask
date: 2025-01-10
---
| Role | Person |
| --- | --- |
| First aid lead | Carys Lloyd |
| Treasurer | Sian Parry |
"""

CHALK = """---
title: Chalk bin in the store
date: 2024-02-01
---
- Used chalk goes in the grey chalk bin in the store: 40 kg.
- Emptied on Fridays.
"""

SPILL = """---
title: Chalk spill in the store - 9 Oct
date: 2024-10-10
---
Cause: someone tipped the mats' sweepings into the grey chalk bin in the store instead of the rubbish sack.
The bin had to be emptied by hand.
"""


@pytest.fixture
async def club(local_rt: Any, tmp_path: Path) -> None:
    write_notes(
        tmp_path / "vault",
        {
            "club/roles.md": ROLES,
            "meetings/committee-2025-03-12.md": MINUTES,
            "store/chalk-and-waste.md": CHALK,
            "store/chalk-spill.md": SPILL,
            "club/first-aid.md": FIRST_AID,
            "club/handbook-2025.md": HANDBOOK,
        },
    )
    await local_rt.ingest(tmp_path / "vault", space=SPACE)


@pytest.mark.parametrize(
    ("text", "role"),
    [
        (
            "The board appointed Priya Okonjo (Swim School Deputy) as Designated Safeguarding Lead today.",
            "Designated Safeguarding Lead",
        ),
        ("Agreed: Hattie Brindle is appointed health & safety lead from today.", "health & safety lead"),
        ("Sam takes over as kit secretary.", "kit secretary"),
        ("From 2 September your AI technician will be Sam Ridley.", "AI technician"),
        ("Jo is our new treasurer.", "treasurer"),
    ],
)
def test_the_role_a_statement_gives_is_read(text: str, role: str) -> None:
    assert _roles_given(text) == [role]


@pytest.mark.parametrize("text", ["We appointed a new roofer.", "The treasurer will be away in May."])
def test_a_statement_that_gives_no_role_to_a_person_gives_none(text: str) -> None:
    assert _roles_given(text) == []


@pytest.mark.parametrize("question", ["who is our welfare officer?", "welfare officer now"])
async def test_the_person_appointed_later_answers_for_the_role(
    local_rt: Any, club: None, question: str
) -> None:
    lines = bullet_lines(await ask(local_rt, question))
    assert lines and "Ffion Hale" in lines[0] and "in force" in lines[0], lines
    assert "Dewi Jones" in lines[0]  # what it replaced, said beside it


async def test_a_role_the_later_note_does_not_give_keeps_its_holder(local_rt: Any, club: None) -> None:
    lines = bullet_lines(await ask(local_rt, "who's the treasurer"))
    assert lines and "Sian Parry" in lines[0] and "replaced" not in lines[0], lines


async def test_what_an_incident_did_instead_of_something_else_replaces_no_rule(
    local_rt: Any, club: None
) -> None:
    lines = bullet_lines(await ask(local_rt, "how much does the grey chalk bin hold?"))
    assert lines and "40 kg" in lines[0] and "in force" not in lines[0], lines


async def test_a_later_roles_table_naming_another_holder_answers(local_rt: Any, club: None) -> None:
    lines = bullet_lines(await ask(local_rt, "who is the first aid lead"))
    assert lines and "Carys Lloyd" in lines[0] and "in force" in lines[0] and "Gwen Morris" in lines[0], lines


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("Role: Infection control lead; Person: Kezia Amoah", ("Infection control lead", "Kezia Amoah")),
        (
            "Infection control lead: Bethan Howe — questions, stock of wipes",
            ("Infection control lead", "Bethan Howe"),
        ),
        ("Supplier: Kirkdale Engineering", None),  # no role
        ("Infection control lead: see the handbook", None),  # no person
    ],
)
def test_who_holds_a_role_is_read_from_a_row_or_a_label(text: str, held: tuple[str, str] | None) -> None:
    assert _role_held(text) == held

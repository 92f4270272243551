"""Changes as a small firm types them, read as changes (the vineyard's and the ferry's vaults,
bench/sealed/, showed each):

- a temperature is an amount ("changing the Bacchus setpoint to 12°C this year (was 14)" in
  minutes under "4. Ferment temperatures" left the procedure table's 14°C as the answer: a
  degree sign was no unit, and the minutes item's heading was not read as its subject);
- a note saying it "replaces our arrangement with Clearline Glass" names the note "Clearline
  Glass" (every word of the phrase had to be a word of the title);
- "rate changed from 12.60 to 13.10 an hour" changes the earlier "12.60 pounds per hour" (a
  bare number with a decimal point was no value changed from);
- a day written short in a timetable ("Sat: 10:00 - 18:00") is the day a question names.

The notes here are written for these tests (a community cider press's), not copied from those
vaults.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from research_helpers import ask, bullet_lines, write_notes

from adapters.console import SPACE
from bot.research.supersession import _amounts

COLD_ROOM = """---
title: Juice storage - procedure
date: 2023-06-02
---
# Juice storage

Check the cold room twice a day and write the reading on the sheet by the door.

| Store | Setpoint | Allowed range |
|---|---|---|
| Juice cold room | 6°C | 5-7°C |
| Yeast fridge | 4°C | 3-5°C |
| Bottle store | 14°C | 12-16°C |

If a store is out of range for more than two hours tell Gareth.
"""

PRESS_MEETING = """---
title: Press crew meeting - September
date: 2024-09-04
---
# Press crew meeting, 4 September 2024

Present: Gareth, Lowri, Emyr, Non.

**1. Mill service**
Mill blades sharpened. Emyr to check the belt guard every morning.

**2. Juice cold room**
Gareth: changing the juice cold room setpoint to 3°C this season (was 6). The pasteuriser queue
means juice waits longer. Sheet by the door stays the same.

**3. Parking**
Volunteers park behind the barn, not in the yard.
"""

OLD_SUPPLIER = """---
title: Pennar Bottles
date: 2023-03-10
---
# Pennar Bottles Ltd - bottles and caps supplier

Our main bottle and cap supplier from 2023.
Contact: Huw Pennar, 07700 900611. Minimum order one pallet.
Deliveries on Wednesdays only.
"""

NEW_SUPPLIER = """Fwd: Account opened - Garw Packaging

Non's note: This replaces our arrangement with Pennar Bottles. From the October orders on, all our
bottles and caps come from Garw Packaging. Pennar missed two deliveries this summer. - N, 2 Sept 2024

---------- Forwarded message ---------
From: Sioned Rees <sioned@garwpack.example>
Date: Mon, 1 Sep 2024, 10:12

Dear Non, your account GP-2291 is open on 30-day terms. Half pallets at no surcharge.
"""

PAY = """---
title: Volunteer expenses 2024
date: 2024-08-01
---
- Press volunteers: 9.40 pounds per shift towards travel.
- Claims to Non by the last Friday of the month.
"""

PAY_CHAT = """Pasted from the Press Crew WhatsApp group

[12/09/2024, 18:02] Non Griffiths: Hi all. Volunteers' shift allowance changed from 9.40 to 10.25 a shift, from Monday.
[12/09/2024, 18:04] Emyr: diolch Non
[12/09/2024, 18:09] Lowri: 👍
"""

PRICES = """---
title: Pressing prices
date: 2024-02-01
---
# Pressing prices

| Session | Price |
|---|---|
| Private session, whole press room, up to 12 people | £300 |
| Premium session (bottling + labels + cheese, 3 hrs) | £45 pp |
| Standard pressing & bottling (2 hrs, 5 crates) | £26 pp |
| Under-16s | £5 |
| Large batch, up to 12 bags | £140 |

Groups of 10+ still get 10 % off. Vouchers bought before 1 March are honoured at the old price.
Agreed by Non and Gareth in January (staff and bottle costs up).
Sessions run Wed-Sat, 10:00 and 14:00, September to November.
"""

OLD_FUEL = """# Tarnside Fuels — diesel contract
date: 2023-02-01

Supplier: Tarnside Fuels Ltd
Contact: Morag Kerr, 07700 900318
Term: 1 Feb 2023 – 31 Jan 2025

- Price: their weekly price less 2p/litre
- Delivery at the depot only, minimum drop 4,000 litres
"""

NEW_FUEL = """---------- Forwarded message ---------
From: Non Griffiths <non@ciderpress.example>
Date: Thu, 16 Jan 2025 at 11:02
Subject: Fwd: diesel supply from 1 February

Gareth — signed. This supersedes the Tarnside arrangement from 1 Feb 2025.

> Dear Non, Glenmoil Oils are pleased to confirm supply of diesel from 1 February 2025,
> fixed price 84.6p per litre to 31 July 2025.
"""

MILL = """---
title: mill
date: 2023-05-01
---
Mill capacity: 200 kg of apples an hour, hand-fed from the hopper.
"""

PRESS_V2 = """---
title: Press v2
date: 2025-01-10
---
Press v2 replaces the hand crank described in [[mill]] with a geared motor, following the spring review.
"""

HOURS = """# Shop and press-room hours
*3 April 2024*

| Day | Open |
|---|---|
| Mon, Tue | closed |
| Wed - Fri | 11:00 - 17:00 |
| Sat | 09:30 - 13:00 |
| Sun | closed |

Print this for the door (Lowri).
"""


@pytest.fixture
async def press(local_rt: Any, tmp_path: Path) -> None:
    write_notes(
        tmp_path / "vault",
        {
            "procedures/juice-storage.md": COLD_ROOM,
            "meetings/press-crew-2024-09.md": PRESS_MEETING,
            "suppliers/pennar-bottles.md": OLD_SUPPLIER,
            "suppliers/garw-packaging.md": NEW_SUPPLIER,
            "volunteers/expenses-2024.md": PAY,
            "volunteers/crew-chat-sep-2024.md": PAY_CHAT,
            "shop/pressing-prices.md": PRICES,
            "shop/hours.md": HOURS,
            "suppliers/tarnside-fuels-contract.md": OLD_FUEL,
            "suppliers/fuel-switch-glenmoil.md": NEW_FUEL,
            "equipment/mill.md": MILL,
            "projects/press-v2.md": PRESS_V2,
        },
    )
    await local_rt.ingest(tmp_path / "vault", space=SPACE)


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        ("Juice cold room; Setpoint: 6°C", {"°c": "6°C"}),
        ("keep it at 4 °C or below", {"°c": "4°C"}),
        ("max 30°", {"°": "30°"}),
    ],
)
def test_a_temperature_is_an_amount(text: str, amounts: dict[str, str]) -> None:
    assert _amounts(text) == amounts


@pytest.mark.parametrize(
    "question", ["what temperature is the juice cold room set to?", "juice cold room setpoint"]
)
async def test_a_minutes_item_changing_a_temperature_replaces_the_procedure_row(
    local_rt: Any, press: None, question: str
) -> None:
    lines = bullet_lines(await ask(local_rt, question))
    assert lines and "3°C" in lines[0] and "in force" in lines[0] and "6°C" in lines[0], lines


async def test_a_temperature_the_minutes_do_not_change_keeps_its_row(local_rt: Any, press: None) -> None:
    lines = bullet_lines(await ask(local_rt, "what temperature is the yeast fridge set to?"))
    assert lines and "4°C" in lines[0] and "in force" not in lines[0], lines


@pytest.mark.parametrize(
    "question", ["bottle and cap supplier", "who do we get our bottles and caps from now?"]
)
async def test_a_note_replacing_an_arrangement_with_a_firm_replaces_the_firms_note(
    local_rt: Any, press: None, question: str
) -> None:
    text = await ask(local_rt, question)
    lines = bullet_lines(text)
    assert lines and "Garw Packaging" in lines[0], lines
    assert "Huw Pennar" not in text and "Wednesdays" not in text, text


@pytest.mark.parametrize(
    "question", ["how much is the volunteer shift allowance?", "volunteers allowance per shift"]
)
async def test_a_bare_number_changed_from_is_the_earlier_amount(
    local_rt: Any, press: None, question: str
) -> None:
    lines = bullet_lines(await ask(local_rt, question))
    assert lines and "10.25" in lines[0] and "in force" in lines[0], lines


@pytest.mark.parametrize("question", ["current fuel supplier", "who supplies our diesel now?"])
async def test_a_note_superseding_an_arrangement_by_its_firms_name_replaces_the_note(
    local_rt: Any, press: None, question: str
) -> None:
    """ "This supersedes the Tarnside arrangement from 1 Feb 2025": the firm's name alone, no
    English word, names the note "Tarnside Fuels — diesel contract" (the date it holds from
    is not the old note's year), and the note is replaced as a whole though none of the
    email's sentences restates a line of it."""
    text = await ask(local_rt, question)
    lines = bullet_lines(text)
    assert lines and all("(fuel switch glenmoil)" in line for line in lines[:2]), lines
    assert not any(line.startswith("- Supplier: Tarnside") or "4,000 litres" in line for line in lines), lines


async def test_a_note_replacing_a_part_of_another_leaves_the_rest_of_it_in_force(
    local_rt: Any, press: None
) -> None:
    """ "replaces the hand crank described in [[mill]]" replaces a part of the mill's note, not
    the note: its capacity still answers."""
    lines = bullet_lines(await ask(local_rt, "what is the mill capacity?"))
    assert lines and "200 kg" in lines[0], lines


async def test_a_day_written_short_is_the_day_asked(local_rt: Any, press: None) -> None:
    lines = bullet_lines(await ask(local_rt, "what time does the shop open on saturday?"))
    assert lines and "09:30" in lines[0], lines
